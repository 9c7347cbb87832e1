/**
 * eForms (product spec sections 2.6, 3, 4, 5, 7, 8): the shapes both the browser and the API use, the spec's
 * exact texts, and the pure rules both sides apply (section validated flag, completeness, MM/dd/yyyy dates).
 *
 * Section option codes: 1 radio, 2 checklist, 4 text, 5 date (the spec's), and 3 dropdown (our choice: the spec
 * lists `dropdownlists` but gives no code; 3 is the unused number between them).
 *
 * Where the answer of each kind lives:
 * - text and date items: `description` (text at most 250 characters; a date as MM/dd/yyyy);
 * - checklist items: `ischecked`;
 * - radio items: the chosen item's `description` is its own `id`, the others are '' (the spec: "radioItems each
 *   with id, name and description (the chosen value)");
 * - dropdown lists: the list's `description` is the chosen option's `id`, or ''.
 * A section carries the list of its own kind; the other lists are empty.
 */
import { noControlCharacters, Uuid } from './common';
import { FormNames } from './formNames';
import { z } from './zod';
import { formLanguages, formTexts, isFormLanguage } from './eformTexts';
import type { FormDefinitionTexts } from './eformTexts';
import { CARD_NAME_MAX, eformMessages, ITEMS_MAX, LABEL_MAX, listKeyOf, parseUsDate, SECTIONS_MAX, TEXT_ANSWER_MAX } from './eformRules';

// The zod-free part of this contract (texts, limits, option codes, dates, the validated flag) lives in
// ./eformRules, so the public page can use it without the schema library; the same names are exported here.
export {
  answersAreComplete,
  CARD_NAME_MAX,
  clearAnswers,
  eformMessages,
  formatUsDate,
  isSectionValidated,
  ITEMS_MAX,
  LABEL_MAX,
  listKeyOf,
  OPTION_CHECKLIST,
  OPTION_DATE,
  OPTION_DROPDOWN,
  OPTION_RADIO,
  OPTION_TEXT,
  parseUsDate,
  SECTIONS_MAX,
  TEXT_ANSWER_MAX,
} from './eformRules';
export type { DateParts } from './eformRules';

export const OptionId = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)], {
  error: 'The section type must be 1 (radio), 2 (checklist), 3 (dropdown), 4 (text) or 5 (date)',
});
export type OptionId = z.infer<typeof OptionId>;

const Flag = z.union([z.literal(0), z.literal(1)]);

/** An id the builder makes for a section or an item (a UUID or any short token). */
export const ItemId = z
  .string({ error: 'Each item needs an id' })
  .min(1, 'Each item needs an id')
  .max(64, 'An item id can be at most 64 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'An item id may hold letters, digits, - and _ only');

const Label = (what: string, min = 1) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(min, `${what} cannot be empty`)
    .max(LABEL_MAX, `${what} can be at most ${LABEL_MAX} characters`)
    .regex(noControlCharacters, `${what} contains characters that are not allowed`);

// ---- Sections ----

export const TextItem = z.object({
  id: ItemId,
  name: Label('The question'),
  description: z
    .string()
    .max(TEXT_ANSWER_MAX, `An answer can be at most ${TEXT_ANSWER_MAX} characters`)
    .regex(noControlCharacters, 'The answer contains characters that are not allowed')
    .default(''),
});
export type TextItem = z.infer<typeof TextItem>;

export const DateItem = z.object({
  id: ItemId,
  name: Label('The question'),
  description: z
    .string()
    .trim()
    .refine((s) => s === '' || parseUsDate(s) !== null, 'Enter a date as MM/dd/yyyy')
    .default(''),
});
export type DateItem = z.infer<typeof DateItem>;

export const CheckItem = z.object({ id: ItemId, name: Label('An option'), ischecked: z.boolean().default(false) });
export type CheckItem = z.infer<typeof CheckItem>;

export const Checklist = z.object({
  name: Label('The checklist title'),
  checkItems: z
    .array(CheckItem)
    .min(1, 'A checklist needs at least 1 option')
    .max(ITEMS_MAX, `A checklist can have at most ${ITEMS_MAX} options`),
});
export type Checklist = z.infer<typeof Checklist>;

export const RadioItem = z.object({
  id: ItemId,
  name: Label('An option'),
  /** '' or this item's own id when it is the chosen one. */
  description: z.string().max(64).default(''),
});
export type RadioItem = z.infer<typeof RadioItem>;

export const RadioList = z.object({
  name: Label('The radio title'),
  radioItems: z
    .array(RadioItem)
    .min(1, 'A radio list needs at least 1 option')
    .max(ITEMS_MAX, `A radio list can have at most ${ITEMS_MAX} options`),
});
export type RadioList = z.infer<typeof RadioList>;

export const DropdownOption = z.object({ id: ItemId, name: Label('An option') });
export const DropdownList = z.object({
  id: ItemId,
  name: Label('The dropdown title'),
  /** The chosen option's id, or ''. */
  description: z.string().max(64).default(''),
  options: z
    .array(DropdownOption)
    .min(1, 'A dropdown needs at least 1 option')
    .max(ITEMS_MAX, `A dropdown can have at most ${ITEMS_MAX} options`),
});
export type DropdownList = z.infer<typeof DropdownList>;

const list = <T extends z.ZodType>(item: T, what: string) =>
  z.array(item).max(ITEMS_MAX, `A section can have at most ${ITEMS_MAX} ${what}`).default([]);

export const Section = z
  .object({
    id: ItemId,
    optionId: OptionId,
    title: Label('The section title'),
    isRequired: z.boolean().default(false),
    validated: Flag.default(0),
    textlists: list(TextItem, 'questions'),
    checklists: list(Checklist, 'checklists'),
    radiolists: list(RadioList, 'radio lists'),
    datelists: list(DateItem, 'dates'),
    dropdownlists: list(DropdownList, 'dropdowns'),
  })
  .superRefine((s, ctx) => {
    const own = listKeyOf(s.optionId);
    for (const key of listKeys) {
      const n = s[key].length;
      if (key === own && n === 0) ctx.addIssue({ code: 'custom', path: [key], message: 'A section needs at least 1 item' });
      if (key !== own && n > 0) ctx.addIssue({ code: 'custom', path: [key], message: 'This list does not belong to the section type' });
    }
    const ids = itemIdsOf(s);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: [own], message: 'Item ids must be unique' });
  });
export type Section = z.infer<typeof Section>;
export type SectionInput = z.input<typeof Section>;

const listKeys = ['textlists', 'checklists', 'radiolists', 'datelists', 'dropdownlists'] as const;

/** Every item id of a section (checklist, radio and dropdown items included). */
export function itemIdsOf(s: Pick<Section, 'textlists' | 'checklists' | 'radiolists' | 'datelists' | 'dropdownlists'>): string[] {
  return [
    ...s.textlists.map((t) => t.id),
    ...s.datelists.map((d) => d.id),
    ...s.checklists.flatMap((c) => c.checkItems.map((i) => i.id)),
    ...s.radiolists.flatMap((r) => r.radioItems.map((i) => i.id)),
    ...s.dropdownlists.flatMap((d) => [d.id, ...d.options.map((o) => o.id)]),
  ];
}

export const Sections = z
  .array(Section)
  .max(SECTIONS_MAX, `A form can have at most ${SECTIONS_MAX} sections`)
  .superRefine((sections, ctx) => {
    const seen = new Set<string>();
    sections.forEach((s, i) => {
      if (seen.has(s.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: 'Section ids must be unique' });
      seen.add(s.id);
    });
  });

// ---- Texts in several languages (./eformTexts.ts) ----

/** The refusals of a form's languages and translations (field messages, src/contract/fieldMessages.ts). */
export const eformTextMessages = {
  language: "The form's main language must be en, tr or ar",
  translationLanguage: "A translation's language must be en, tr or ar",
  mainTranslated: "The main language's texts are the form's own: it has no translation",
  unknownText: 'This translation names a text the form does not have',
  tooLong: 'A translation can be at most as long as its text may be (name 120, description 1000, others 200 characters)',
  control: 'A translation contains characters that are not allowed',
  notText: 'A translation must be a text',
} as const;

export const FormLanguage = z.enum(formLanguages, { error: eformTextMessages.language });
/** Language → text key → text; checked against the form's texts by `translationIssues`. */
export const Translations = z.record(z.string(), z.record(z.string(), z.string({ error: eformTextMessages.notText }).trim(), { error: eformTextMessages.notText }), {
  error: eformTextMessages.notText,
});

const maxOfText = { name: CARD_NAME_MAX, description: 1000, section: LABEL_MAX, list: LABEL_MAX, item: LABEL_MAX } as const;
// Line breaks and tabs may be in a description's translation, as in the description.
// eslint-disable-next-line no-control-regex
const controlInText = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** What is wrong with a form's translations, each at its path under `translations`. */
export function translationIssues(
  form: FormDefinitionTexts & { language: string },
  translations: Record<string, Record<string, string>>,
): { path: (string | number)[]; message: string }[] {
  const texts = new Map(formTexts(form).map((text) => [text.key, text]));
  const issues: { path: (string | number)[]; message: string }[] = [];
  for (const [language, byKey] of Object.entries(translations)) {
    if (!isFormLanguage(language)) {
      issues.push({ path: ['translations', language], message: eformTextMessages.translationLanguage });
      continue;
    }
    if (language === form.language) {
      if (Object.values(byKey).some((text) => text.trim() !== '')) issues.push({ path: ['translations', language], message: eformTextMessages.mainTranslated });
      continue;
    }
    for (const [key, text] of Object.entries(byKey)) {
      const path = ['translations', language, key];
      const own = texts.get(key);
      if (!own) issues.push({ path, message: eformTextMessages.unknownText });
      else if (text.trim().length > maxOfText[own.kind]) issues.push({ path, message: eformTextMessages.tooLong });
      else if (own.kind === 'description' ? controlInText.test(text) : !noControlCharacters.test(text)) issues.push({ path, message: eformTextMessages.control });
    }
  }
  return issues;
}

// ---- The public page ----

/** The link token in `/eforms?tenantid=...&uri=<token>`: 256 random bits, base64url. */
export const LinkToken = z
  .string({ error: 'The form link is not valid' })
  .min(22, 'The form link is not valid')
  .max(100, 'The form link is not valid')
  .regex(/^[A-Za-z0-9_-]+$/, 'The form link is not valid');

/** The encrypted tenant the page sends as X-Tenant-ID on the public calls. */
export const EncryptedTenant = z.string().min(20).max(200).regex(/^[A-Za-z0-9_-]+$/);
export const EncryptedTenantAnswer = z.object({ tenant: EncryptedTenant });
export const TenantQuery = z.object({ tenantid: Uuid });

/**
 * The public eForm record (spec section 3). Only an open, verified (or ungated) link carries the form itself
 * (name, description, sectionlists); a gated, expired or submitted link answers its flags only.
 * assignId is the assignment id, or 0 for a staff preview (view-only).
 */
export const EForm = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  assignId: z.union([z.string(), z.literal(0)]),
  isSubmitted: Flag,
  isLinkExpired: Flag,
  isAuth: z.boolean(),
  sectionlists: z.array(Section).optional(),
  /** The form's main language and its translations (the reader's language is chosen on the page). */
  language: FormLanguage,
  translations: Translations,
});
export type EForm = z.infer<typeof EForm>;

export const GetCardQuery = z.object({ uri: LinkToken });
export const UriBody = z.object({ uri: LinkToken });
export const CodeSentAnswer = z.object({ sent: z.literal(true), resent: z.boolean(), destination: z.string() });
export type CodeSentAnswer = z.infer<typeof CodeSentAnswer>;

export const VCode = z
  .string({ error: eformMessages.otpIncorrect })
  .trim()
  .min(6, eformMessages.otpIncorrect)
  .max(12, eformMessages.otpIncorrect);
export const VerifyBody = z.object({ uri: LinkToken, vCode: VCode });
export const FormTokenAnswer = z.object({ formToken: z.string(), expiresIn: z.number() });
export type FormTokenAnswer = z.infer<typeof FormTokenAnswer>;

export const SubmitBody = z.object({ uri: LinkToken, sectionlists: z.array(Section).max(SECTIONS_MAX) });
export type SubmitBody = z.input<typeof SubmitBody>;
/** A signed-in patient's own form (the portal's 'Forms to fill in'): the session proves who they are, no code. */
export const OwnFormParams = z.object({ assignmentId: Uuid });
export const OwnFormSubmitBody = SubmitBody.omit({ uri: true });
export type OwnFormSubmitBody = z.input<typeof OwnFormSubmitBody>;
/** A repeated or concurrent submit answers 200 with alreadySubmitted true: the page shows the already-received screen. */
export const SubmitAnswer = z.object({ submitted: z.literal(true), alreadySubmitted: z.boolean() });
export type SubmitAnswer = z.infer<typeof SubmitAnswer>;

// ---- The builder (staff) ----

export const CardStatus = z.enum(['draft', 'published', 'archived']);
export type CardStatus = z.infer<typeof CardStatus>;

const CardName = z
  .string({ error: 'The form name is required' })
  .trim()
  .min(1, 'The form name is required')
  .max(CARD_NAME_MAX, `The form name can be at most ${CARD_NAME_MAX} characters`)
  .regex(noControlCharacters, 'The form name contains characters that are not allowed');
const Description = z
  .string()
  .trim()
  .max(1000, 'The description can be at most 1000 characters')
  // Line breaks and tabs are allowed in a description, other control characters are not.
  // eslint-disable-next-line no-control-regex
  .regex(/^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/, 'The description contains characters that are not allowed')
  .default('');

/** The builder's form (a card on a board). */
export const Card = z.object({
  id: Uuid,
  boardId: Uuid,
  locationId: Uuid,
  name: z.string(),
  description: z.string(),
  status: CardStatus,
  requiresCode: z.boolean(),
  linkValidDays: z.number().int(),
  sections: z.array(Section),
  language: FormLanguage,
  translations: Translations,
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type Card = z.infer<typeof Card>;

/** Saving a card: without id it is created (as a draft unless a status is given). */
export const CardInput = z
  .object({
  id: Uuid.optional(),
  boardId: Uuid,
  name: CardName,
  description: Description,
  status: CardStatus.optional(),
  requiresCode: z.boolean().default(true),
  linkValidDays: z
    .number({ error: 'The link validity must be a number of days' })
    .int('The link validity must be whole days')
    .min(1, 'A link is valid for at least 1 day')
    .max(90, 'A link is valid for at most 90 days')
    .default(7),
  sections: Sections.default([]),
  /** The language the form's own texts are written in. */
  language: FormLanguage.default('en'),
  /** Translations of its texts into the other languages; an empty one is no translation. */
  translations: Translations.default({}),
})
  .superRefine((card, ctx) => {
    for (const issue of translationIssues(card, card.translations)) ctx.addIssue({ code: 'custom', ...issue });
  });
export type CardInput = z.input<typeof CardInput>;
export const CardSaved = z.object({ card: Card, message: z.literal(eformMessages.cardSaved) });

export const GetFormQuery = z.object({ formId: Uuid });
export const RemoveFormBody = z.object({ id: Uuid });
export const RemoveFormAnswer = z.object({ id: z.string(), removed: z.enum(['deleted', 'archived']) });

export const CardSummary = z.object({
  id: z.string(),
  boardId: z.string(),
  locationId: z.string(),
  locationName: z.string(),
  boardName: z.string(),
  name: z.string(),
  /** The name in the form's other languages: lists show it in the reader's (formNameIn). */
  names: FormNames,
  description: z.string(),
  status: CardStatus,
  requiresCode: z.boolean(),
  linkValidDays: z.number(),
  sectionCount: z.number(),
  assignmentCount: z.number(),
  submittedCount: z.number(),
  updatedAt: z.string(),
});
export type CardSummary = z.infer<typeof CardSummary>;

export const Board = z.object({
  id: z.string(),
  locationId: z.string(),
  uri: z.string(),
  name: z.string(),
  position: z.number(),
  cards: z.array(CardSummary),
});
export type Board = z.infer<typeof Board>;

export const FormStoresQuery = z.object({ locationId: Uuid });
export const FormStores = z.object({ boards: z.array(Board) });

const BoardName = z
  .string({ error: 'The board name is required' })
  .trim()
  .min(1, 'The board name is required')
  .max(80, 'The board name can be at most 80 characters')
  .regex(noControlCharacters, 'The board name contains characters that are not allowed');
export const BoardUri = z
  .string()
  .trim()
  .min(1, 'The board address is required')
  .max(60, 'The board address can be at most 60 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'The board address may hold lower-case letters, digits and single dashes');
export const BoardInput = z.object({ locationId: Uuid, name: BoardName, uri: BoardUri.optional() });
export const BoardRename = z.object({ name: BoardName });

export const FormsQuery = z.object({
  search: z.string().trim().max(100, 'The search can be at most 100 characters').optional(),
  locationId: Uuid.optional(),
  status: CardStatus.optional(),
});
export const FormList = z.object({ forms: z.array(CardSummary) });

export const AssignmentStatus = z.enum(['sent', 'opened', 'verified', 'submitted', 'expired', 'revoked']);
export type AssignmentStatus = z.infer<typeof AssignmentStatus>;
export const Channel = z.enum(['email', 'sms']);

export const AssignBody = z.object({
  patientIds: z
    .array(Uuid)
    .min(1, 'Choose at least 1 patient')
    .max(100, 'At most 100 patients at a time')
    .refine((ids) => new Set(ids).size === ids.length, 'A patient is listed twice'),
  channels: z
    .array(Channel)
    .min(1, 'Choose email, SMS or both')
    .max(2, 'Choose email, SMS or both')
    .refine((c) => new Set(c).size === c.length, 'A channel is listed twice'),
});

export const Assignment = z.object({
  id: z.string(),
  formId: z.string(),
  formName: z.string(),
  /** The form's name in its other languages, as the patient was sent it (formNameIn). */
  formNames: FormNames,
  patientId: z.string(),
  patientName: z.string(),
  locationId: z.string(),
  status: AssignmentStatus,
  requiresCode: z.boolean(),
  channels: z.array(Channel),
  expiresAt: z.string(),
  sentAt: z.string().nullable(),
  openedAt: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Assignment = z.infer<typeof Assignment>;
export const AssignmentList = z.object({ assignments: z.array(Assignment) });
export const AssignmentsQuery = z
  .object({ formId: Uuid.optional(), patientId: Uuid.optional() })
  .refine((q) => q.formId || q.patientId, { message: 'Give a formId or a patientId', path: ['formId'] });

export const Submission = z.object({
  assignmentId: z.string(),
  formId: z.string(),
  formName: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  submittedAt: z.string(),
  /** When staff reviewed it into the chart; null while it waits on the work desk. */
  reviewedAt: z.string().nullable(),
  sections: z.array(Section),
  /** The form's languages as the patient was sent it: staff read the questions in their own language. */
  language: FormLanguage,
  translations: Translations,
});
export type Submission = z.infer<typeof Submission>;

/** Status of an assignment at `now` (the first that holds): revoked, submitted, expired, verified, opened, sent. */
export function assignmentStatus(
  a: { revokedAt: unknown; submittedAt: unknown; expiresAt: Date | string; verifiedAt: unknown; openedAt: unknown },
  now: Date,
): AssignmentStatus {
  if (a.revokedAt) return 'revoked';
  if (a.submittedAt) return 'submitted';
  if (new Date(a.expiresAt).getTime() <= now.getTime()) return 'expired';
  if (a.verifiedAt) return 'verified';
  if (a.openedAt) return 'opened';
  return 'sent';
}
