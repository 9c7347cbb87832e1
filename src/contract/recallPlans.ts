/**
 * How a company recalls its patients: per recall type, how long after the visit the recall falls due and the
 * reminder steps sent from the due date (step n goes `afterDays` after the due date on its channel, and only to a
 * patient with no future appointment). Stored at company level in companies.settings.recalls; the settings
 * screen's recalls group edits it and the recall job reads it through resolveRecallPlans.
 */
import { ContactChannel, RecallType } from './records';
import { z } from './zod';

export const RecallStep = z.object({
  afterDays: z.number().int().min(0).max(365),
  channel: ContactChannel,
});
export type RecallStep = z.infer<typeof RecallStep>;

export const RecallPlan = z.object({
  intervalMonths: z.number().int().min(1).max(60),
  steps: z
    .array(RecallStep)
    .min(1)
    .max(5)
    .refine((steps) => steps.every((s, i) => i === 0 || s.afterDays > steps[i - 1]!.afterDays), {
      message: 'Each reminder step must come after the one before it',
    }),
});
export type RecallPlan = z.infer<typeof RecallPlan>;

export const RecallPlans = z.object({
  'annual-exam': RecallPlan,
  'contact-lens-check': RecallPlan,
  'follow-up': RecallPlan,
}) satisfies z.ZodType<Record<RecallType, RecallPlan>>;
export type RecallPlans = z.infer<typeof RecallPlans>;

/** Email on the due date, then a text two weeks later. */
export const defaultRecallPlans: RecallPlans = {
  'annual-exam': { intervalMonths: 12, steps: [{ afterDays: 0, channel: 'email' }, { afterDays: 14, channel: 'sms' }] },
  'contact-lens-check': { intervalMonths: 12, steps: [{ afterDays: 0, channel: 'email' }, { afterDays: 14, channel: 'sms' }] },
  'follow-up': { intervalMonths: 3, steps: [{ afterDays: 0, channel: 'email' }, { afterDays: 14, channel: 'sms' }] },
};

/** The company's stored plans (companies.settings.recalls, possibly absent or partial) over the defaults. */
export function resolveRecallPlans(stored: unknown): RecallPlans {
  const plans = { ...defaultRecallPlans };
  if (stored && typeof stored === 'object') {
    for (const type of RecallType.options) {
      const parsed = RecallPlan.safeParse((stored as Record<string, unknown>)[type]);
      if (parsed.success) plans[type] = parsed.data;
    }
  }
  return plans;
}
