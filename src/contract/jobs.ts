/**
 * Scheduled jobs (docs/messaging "Jobs"): the automations that message patients by themselves, each run recorded.
 * Admins list the company's runs and start one now (GET/POST /api/jobs, the work desk's Automations view); the work
 * desk lists failed runs and failed messages to every staff member.
 */
import { z } from './zod';

export const jobKinds = ['appointment.reminders', 'recall.steps'] as const;
export type JobKind = (typeof jobKinds)[number];
export const JobKind = z.enum(jobKinds, { error: `Kind must be one of: ${jobKinds.join(', ')}` });

export const jobStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof jobStatuses)[number];

export const JobResult = z.object({
  /** Messages the run queued. */
  queued: z.number().int(),
  /** Patients passed over: no address on the channel, or no consent to be contacted (recalls). */
  skipped: z.object({ noAddress: z.number().int(), noConsent: z.number().int() }),
  /** Messages that could not be made, with why (at most 20 kept). */
  failures: z.array(z.string()),
});
export type JobResult = z.infer<typeof JobResult>;

export const JobRun = z.object({
  id: z.uuid(),
  kind: JobKind,
  /** The scheduled time slot, or 'manual' for a run an admin started. */
  slot: z.string(),
  manual: z.boolean(),
  status: z.enum(jobStatuses),
  attempts: z.number().int(),
  runAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  result: JobResult.nullable(),
  error: z.string().nullable(),
});
export type JobRun = z.infer<typeof JobRun>;

/** The most recent runs listed at once. */
export const jobRunsMax = 100;

export const JobRunsQuery = z.object({
  kind: JobKind.optional(),
  status: z.enum(jobStatuses, { error: `Status must be one of: ${jobStatuses.join(', ')}` }).optional(),
});
export type JobRunsQuery = z.infer<typeof JobRunsQuery>;

export const JobRuns = z.object({ runs: z.array(JobRun) });
export type JobRuns = z.infer<typeof JobRuns>;

export const JobStart = z.strictObject({ kind: JobKind });
export type JobStart = z.infer<typeof JobStart>;
