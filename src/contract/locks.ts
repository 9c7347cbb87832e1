/** The staff view of sign-in throttling (server/auth/locks.ts); kept out of auth.ts so the sign-in entry does not carry it. */
import { z } from './zod';
import { Uuid } from './common';

/** GET /api/staff/locks: the company's accounts with sign-in failures (security.md, "Sign-in throttling"). */
export const AccountLock = z.object({
  userId: Uuid,
  email: z.string(),
  displayName: z.string(),
  /** Failures from untrusted clients since the last completed sign-in; from 5 on they must pass the code step. */
  accountFailures: z.number().int(),
  codeStepRequired: z.boolean(),
  lastFailedAt: z.string().nullable(),
  /** The (account, address) and device counters: scope 'ip:<address>' or 'device' (the nonce is not shown). */
  counters: z.array(z.object({ scope: z.string(), failures: z.number().int(), lastFailedAt: z.string() })),
});
export const AccountLockList = z.object({ locks: z.array(AccountLock) });

/**
 * The list narrowed to one account: by its user id (the Access page) or by the patient whose portal account it is
 * (the patient chart, which knows only the patient). At most one of the two.
 */
export const AccountLockQuery = z
  .object({ userId: Uuid.optional(), patientId: Uuid.optional() })
  .refine((q) => !(q.userId && q.patientId), { error: 'Give a userId or a patientId, not both', path: ['patientId'] });
export type AccountLockQuery = z.infer<typeof AccountLockQuery>;
export type AccountLockList = z.infer<typeof AccountLockList>;
export type AccountLock = z.infer<typeof AccountLock>;
