/**
 * Reviewing a submitted eForm into the chart (staff.md, "Forms into the chart"): the clerk picks answers of the
 * submission and the chart field each goes to; the server reads each value from the stored submission itself
 * (never from the request), writes it, and audits each copy with the submission id.
 */
import { z } from './zod';

/** Chart fields an answer may be copied into: contact details, medical notes, consents. */
export const reviewFields = ['email', 'phone', 'addressLine', 'city', 'postalCode', 'notes', 'consentContact', 'consentPrivacy'] as const;
export type ReviewField = (typeof reviewFields)[number];
/** Fields that take a yes/no answer (a checklist item: checked or not). */
export const consentFields = ['consentContact', 'consentPrivacy'] as const satisfies readonly ReviewField[];
export const isConsentField = (field: ReviewField) => (consentFields as readonly string[]).includes(field);

export const FormReviewBody = z.object({
  copies: z
    .array(
      z.object({
        field: z.enum(reviewFields, { error: `Field must be one of: ${reviewFields.join(', ')}` }),
        /** The answer: its section and item (a text or date question, or a checklist option). */
        sectionId: z.string().min(1).max(64),
        itemId: z.string().min(1).max(64),
      }),
      { error: 'Copies must be a list' },
    )
    .max(20, { error: "At most 20 copies" })
    .refine((c) => c.filter((x) => x.field !== 'notes').length === new Set(c.filter((x) => x.field !== 'notes').map((x) => x.field)).size, {
      error: 'A field is chosen twice',
    }),
});
export type FormReviewBody = z.infer<typeof FormReviewBody>;

export const FormReviewResult = z.object({
  assignmentId: z.uuid(),
  reviewedAt: z.string(),
  /** The fields written, in the request's order. */
  copied: z.array(z.enum(reviewFields)),
});
export type FormReviewResult = z.infer<typeof FormReviewResult>;
