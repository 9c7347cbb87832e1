/**
 * The messages the product sends (docs/messaging): their template keys, the merge fields each may name, the
 * languages a text exists in, the editor's API (/api/templates) and the SMS segment rule. The keys are stable
 * names: features that queue a message (invitations, reminders, the inbox) name them from here.
 */
import { z } from './zod';

export const templateKeys = [
  'eform.link',
  'eform.code',
  'auth.code',
  'auth.reset',
  'user.invite',
  'appointment.reminder',
  'appointment.booked',
  'booking.code',
  'recall.reminder',
  'order.inProcess',
  'order.ready',
  'sale.receipt',
  'inbox.notify',
] as const;
export type TemplateKey = (typeof templateKeys)[number];
export const isTemplateKey = (value: string): value is TemplateKey => (templateKeys as readonly string[]).includes(value);

export const templateChannels = ['email', 'sms'] as const;
export type TemplateChannel = (typeof templateChannels)[number];

export const templateLanguages = ['en', 'tr', 'ar'] as const;
export type TemplateLanguage = (typeof templateLanguages)[number];

/** What every message about a patient can name: who it is for and which store sends it. */
const common = ['patientName', 'patientFirstName', 'storeName', 'storePhone'] as const;

/** The merge fields ({{field}}) each key fills: a saved text may name these and no others. */
export const templateFields = {
  'eform.link': [...common, 'formName', 'formLink', 'expiresOn'],
  'eform.code': [...common, 'formName', 'code'],
  'auth.code': ['userName', 'companyName', 'code'],
  'auth.reset': ['userName', 'companyName', 'code'],
  'user.invite': ['userName', 'companyName', 'signInLink', 'temporaryPassword', 'expiresOn'],
  'appointment.reminder': [...common, 'appointmentTime', 'appointmentType', 'storeAddress', 'visitLink'],
  'appointment.booked': [...common, 'appointmentTime', 'appointmentType', 'storeAddress', 'providerName'],
  'booking.code': [...common, 'code'],
  'recall.reminder': [...common, 'dueDate', 'recallType'],
  'order.inProcess': [...common, 'orderNumber', 'orderStatus', 'expectedDate', 'trackingLink'],
  'order.ready': [...common, 'orderNumber', 'orderStatus', 'trackingLink'],
  'sale.receipt': [...common, 'invoiceNumber', 'invoiceDate', 'lines', 'total', 'paid', 'balance'],
  'inbox.notify': [...common, 'inboxLink'],
} as const satisfies Record<TemplateKey, readonly string[]>;

/** Any {{...}}, also a malformed one, so that none is left in a message and none passes a save unnoticed. */
export const placeholderPattern = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders a text names that `key` does not fill, in order of appearance, each once. */
export function unknownFields(key: TemplateKey, text: string): string[] {
  const known: readonly string[] = templateFields[key];
  const names = [...text.matchAll(placeholderPattern)].map((m) => m[1]!);
  return [...new Set(names.filter((name) => !known.includes(name)))];
}

/** The error of a text naming an unknown field; the editor shows it at the text, the server answers it (400). */
export const unknownFieldMessage = (field: string) => `Unknown merge field {{${field}}}`;

// ---------------------------------------------------------------------------------------------------------------
// SMS segments

/** GSM 03.38 basic set: one septet each. */
const gsmBasic =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** GSM 03.38 extension set: an escape plus one septet, so two each. */
const gsmExtended = '^{}\\[~]|€\f';

export interface SmsSegments {
  /** GSM-7 when every character is in the GSM 03.38 sets, else UCS-2 (Arabic, emoji, Turkish ğ/ş/ı ...). */
  encoding: 'GSM-7' | 'UCS-2';
  /** Units the text takes: septets (extension characters count two) or UTF-16 code units. */
  units: number;
  segments: number;
  /** Units one segment holds: 160 / 70 alone, 153 / 67 each when the text is split (the rest carry a header). */
  perSegment: number;
  /** Units left in the last segment before another one starts. */
  remaining: number;
}

/** How many SMS parts a text is sent as (docs/messaging: GSM-7 160 / 153, UCS-2 70 / 67). */
export function smsSegments(text: string): SmsSegments {
  let septets = 0;
  let gsm = true;
  for (const ch of text) {
    if (gsmBasic.includes(ch)) septets += 1;
    else if (gsmExtended.includes(ch)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  // UCS-2 counts UTF-16 code units: a character outside the BMP (an emoji) takes two.
  const units = gsm ? septets : text.length;
  const single = gsm ? 160 : 70;
  const multi = gsm ? 153 : 67;
  const segments = units === 0 ? 0 : units <= single ? 1 : Math.ceil(units / multi);
  const perSegment = segments > 1 ? multi : single;
  const remaining = segments === 0 ? single : segments * perSegment - units;
  return { encoding: gsm ? 'GSM-7' : 'UCS-2', units, segments, perSegment, remaining };
}

// ---------------------------------------------------------------------------------------------------------------
// The editor's API

export const templateLimits = { subject: 200, body: 5000 } as const;

const M = {
  channel: 'Channel must be email or sms',
  key: `Template must be one of: ${templateKeys.join(', ')}`,
  language: 'Language must be en, tr or ar',
  store: 'Store must be an id (UUID)',
  subject: `Subject must be at most ${templateLimits.subject} characters`,
  body: `Text must be 1 to ${templateLimits.body} characters`,
};

export const TemplateChannelParam = z.enum(templateChannels, { error: M.channel });
export const TemplateKeyParam = z.enum(templateKeys, { error: M.key });
export const TemplateLanguageSchema = z.enum(templateLanguages, { error: M.language });

export const TemplateParams = z.object({ channel: TemplateChannelParam, key: TemplateKeyParam });

/** One stored text: the company's (locationId null) or a store's, in one language. */
export const TemplateText = z.object({
  locationId: z.uuid().nullable(),
  language: TemplateLanguageSchema,
  subject: z.string(),
  body: z.string(),
  updatedAt: z.string(),
});
export type TemplateText = z.infer<typeof TemplateText>;

export const TemplateSummary = z.object({
  key: TemplateKeyParam,
  channel: TemplateChannelParam,
  /** Stored texts (company and stores) that replace the built-in ones. */
  overrides: z.number().int(),
});
export const TemplateList = z.object({ templates: z.array(TemplateSummary) });
export type TemplateList = z.infer<typeof TemplateList>;

export const TemplateDetail = z.object({
  key: TemplateKeyParam,
  channel: TemplateChannelParam,
  fields: z.array(z.string()),
  /** The product's own text per language: what is sent when neither the company nor the store has one. */
  builtIn: z.record(TemplateLanguageSchema, z.object({ subject: z.string(), body: z.string() })),
  texts: z.array(TemplateText),
  stores: z.array(z.object({ id: z.uuid(), name: z.string(), language: TemplateLanguageSchema })),
});
export type TemplateDetail = z.infer<typeof TemplateDetail>;

/** A text to save, preview or send as a test: whose it is (company: null), its language, subject and body. */
export const TemplateDraft = z.object({
  locationId: z.uuid({ error: M.store }).nullable(),
  language: TemplateLanguageSchema,
  subject: z.string({ error: M.subject }).max(templateLimits.subject, { error: M.subject }).default(''),
  body: z.string({ error: M.body }).min(1, { error: M.body }).max(templateLimits.body, { error: M.body }),
});
export type TemplateDraft = z.infer<typeof TemplateDraft>;

/** Removing a stored text: the store's (or company's) text of one language; what applies then is the next in line. */
export const TemplateRemoveQuery = z.object({
  locationId: z.uuid({ error: M.store }).optional(),
  language: TemplateLanguageSchema,
});

export const TemplatePreview = z.object({
  subject: z.string(),
  body: z.string(),
  /** The sample patient the fields were filled with (first name). */
  sampleName: z.string(),
});
export type TemplatePreview = z.infer<typeof TemplatePreview>;

export const TemplateTestResult = z.object({ messageId: z.uuid(), recipient: z.string() });
export type TemplateTestResult = z.infer<typeof TemplateTestResult>;

/** A test of a draft: an email goes to the signed-in user's address; an SMS to the mobile number they give. */
export const TemplateTestRequest = TemplateDraft.extend({
  to: z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 ()\-.]{5,28}$/, { error: 'Enter a mobile number: digits, spaces, ( ) - . and an optional leading +' })
    .optional(),
});
export type TemplateTestRequest = z.infer<typeof TemplateTestRequest>;
