/**
 * The zod-free part of the eForms contract (./eforms.ts, which re-exports all of it under the same names): the
 * spec's texts, the limits, the section option codes, MM/dd/yyyy dates and the pure rules both sides apply
 * (a section's validated flag, completeness, clearing). The public eForm page (/eforms, its own entry) imports
 * this module, so it never downloads the schema library.
 */
import type { OptionId, Section } from './eforms';
import { messages } from './messages';

export const eformMessages = {
  invalidCode: messages.invalidCode,
  otpIncorrect: 'OTP code is Incorrect',
  cardSaved: 'Card Saved',
  expiredTitle: 'Expired!',
  expiredBody: 'Requested form has exceeded the time for submission. Please contact store admin.',
  thankYouTitle: 'Thank You!',
  alreadyReceived: 'Your submission has been already received. Thank you for being with us.',
  received: 'Your submission has been received.',
  codeSent: 'Authentication code has been sent your registered Email/Phone number. Please enter it below.',
  resent: 'Re-sent',
  getOtp: 'Click to Get OTP',
  answerPlaceholder: 'Your answer',
  tenantMissing: 'Error retrieving tenant ID',
  formNotFound: 'Form not found. Please check the link or contact the store.',
  cardNotFound: 'This form does not exist or you cannot see it.',
  boardNotFound: 'This board does not exist or you cannot see it.',
  assignmentNotFound: 'This assignment does not exist or you cannot see it.',
  onlyPublished: 'Only a published form can be sent to patients.',
  required: 'This question is required.',
  codeLocked: 'Too many wrong codes for this link. Please try again tomorrow or contact the store.',
  tooManyCodes: 'Too many codes were requested for this link. Please try again in an hour.',
  noContact: 'The patient has no email address or phone number to send the code to. Please contact the store.',
  noCodeNeeded: 'This form does not need an authentication code.',
  formTokenRequired: 'Please enter the authentication code first.',
  previewOnly: 'This is a preview; it cannot be submitted.',
} as const;

export const OPTION_RADIO = 1;
export const OPTION_CHECKLIST = 2;
export const OPTION_DROPDOWN = 3;
export const OPTION_TEXT = 4;
export const OPTION_DATE = 5;
export const TEXT_ANSWER_MAX = 250;
export const ITEMS_MAX = 50;
export const SECTIONS_MAX = 100;
export const CARD_NAME_MAX = 120;
export const LABEL_MAX = 200;

/** The list of a section that holds its items, by the section's option code. */
export function listKeyOf(optionId: OptionId): 'radiolists' | 'checklists' | 'dropdownlists' | 'textlists' | 'datelists' {
  switch (optionId) {
    case 1:
      return 'radiolists';
    case 2:
      return 'checklists';
    case 3:
      return 'dropdownlists';
    case 4:
      return 'textlists';
    case 5:
      return 'datelists';
  }
}

// ---- Dates (MM/dd/yyyy) ----

export interface DateParts {
  year: number;
  month: number;
  day: number;
}

/** Reads a MM/dd/yyyy date; null when it is not a real calendar date. */
export function parseUsDate(text: string): DateParts | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const month = Number(m[1]);
  const day = Number(m[2]);
  const year = Number(m[3]);
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return { year, month, day };
}

/** Writes a date as MM/dd/yyyy (a Date is read in UTC, so the same on every machine). */
export function formatUsDate(value: DateParts | Date): string {
  const parts = value instanceof Date ? { year: value.getUTCFullYear(), month: value.getUTCMonth() + 1, day: value.getUTCDate() } : value;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(parts.month)}/${two(parts.day)}/${String(parts.year).padStart(4, '0')}`;
}

/**
 * The spec's validated flag: a checklist is validated when at least one item is checked, a radio when its chosen
 * value is non-empty, a text answer or a date when non-empty (a dropdown like a radio). A section with several
 * lists is validated when each of them is.
 */
export function isSectionValidated(s: Section): boolean {
  switch (s.optionId) {
    case 1:
      return s.radiolists.length > 0 && s.radiolists.every((r) => r.radioItems.some((i) => i.description !== ''));
    case 2:
      return s.checklists.length > 0 && s.checklists.every((c) => c.checkItems.some((i) => i.ischecked));
    case 3:
      return s.dropdownlists.length > 0 && s.dropdownlists.every((d) => d.description !== '');
    case 4:
      return s.textlists.length > 0 && s.textlists.every((t) => t.description.trim() !== '');
    case 5:
      return s.datelists.length > 0 && s.datelists.every((d) => d.description.trim() !== '');
  }
}

/** Every required section validated: what the form's Submit needs (besides a change and assignId not 0). */
export function answersAreComplete(sections: Section[]): boolean {
  return sections.every((s) => !s.isRequired || isSectionValidated(s));
}

/** The sections with every answer cleared (the builder's card, the Clear button, a new assignment's snapshot). */
export function clearAnswers(sections: Section[]): Section[] {
  return sections.map((s) => ({
    ...s,
    validated: 0,
    textlists: s.textlists.map((t) => ({ ...t, description: '' })),
    datelists: s.datelists.map((d) => ({ ...d, description: '' })),
    checklists: s.checklists.map((c) => ({ ...c, checkItems: c.checkItems.map((i) => ({ ...i, ischecked: false })) })),
    radiolists: s.radiolists.map((r) => ({ ...r, radioItems: r.radioItems.map((i) => ({ ...i, description: '' })) })),
    dropdownlists: s.dropdownlists.map((d) => ({ ...d, description: '' })),
  }));
}
