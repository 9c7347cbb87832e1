import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { oneTimeCodes } from '../db/schema';

/** What a code or grant unlocks; 'eform' is the public eForm gate (subject = the assignment id); 'booking' a new patient's booking on the store's public page (subject = the store and the address the code went to). */
export type CodePurpose = 'signin' | 'newuser' | 'reset' | 'reset-grant' | 'eform' | 'email-change' | 'booking';

export const CODE_TTL_MS = 10 * 60 * 1000;
const MAX_TRIES_PER_CODE = 5;
const MAX_SENDS_PER_HOUR = 5;
const MAX_FAILURES_PER_DAY = 10;
const HOUR = 60 * 60 * 1000;

export class TooManyCodesError extends Error {}
export class CodesLockedError extends Error {}

interface Subject {
  tenantId: string;
  purpose: CodePurpose;
  subjectId: string;
}

function hash(key: Buffer, s: Subject, code: string): string {
  return createHmac('sha256', key).update(`${s.purpose}:${s.subjectId}:${code}`).digest('hex');
}

/** Failures over the last day across all codes of this subject: at 10 it is locked. */
export async function isLocked(tx: Tx, s: Subject, now: Date): Promise<boolean> {
  const [row] = await tx
    .select({ failures: sql<number>`coalesce(sum(${oneTimeCodes.failedAttempts}), 0)::int` })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.purpose, s.purpose),
        eq(oneTimeCodes.subjectId, s.subjectId),
        gt(oneTimeCodes.createdAt, new Date(now.getTime() - 24 * HOUR)),
      ),
    );
  return (row?.failures ?? 0) >= MAX_FAILURES_PER_DAY;
}

/**
 * Issues a fresh code (6 digits from a CSPRNG, or a 256-bit grant token), replacing any earlier one. Refuses
 * past 5 sends an hour or when locked. Returns the clear code for the message; only its keyed hash is stored.
 */
export async function issueCode(
  tx: Tx,
  key: Buffer,
  s: Subject,
  now: Date,
  kind: 'digits' | 'grant' = 'digits',
): Promise<string> {
  if (await isLocked(tx, s, now)) throw new CodesLockedError();
  const [sent] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.purpose, s.purpose),
        eq(oneTimeCodes.subjectId, s.subjectId),
        gt(oneTimeCodes.createdAt, new Date(now.getTime() - HOUR)),
      ),
    );
  if ((sent?.n ?? 0) >= MAX_SENDS_PER_HOUR) throw new TooManyCodesError();
  await tx
    .update(oneTimeCodes)
    .set({ replacedAt: now })
    .where(
      and(
        eq(oneTimeCodes.purpose, s.purpose),
        eq(oneTimeCodes.subjectId, s.subjectId),
        isNull(oneTimeCodes.consumedAt),
        isNull(oneTimeCodes.replacedAt),
      ),
    );
  const code = kind === 'digits' ? String(randomInt(0, 1_000_000)).padStart(6, '0') : randomBytes(32).toString('base64url');
  await tx.insert(oneTimeCodes).values({
    tenantId: s.tenantId,
    purpose: s.purpose,
    subjectId: s.subjectId,
    codeHash: hash(key, s, code),
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    createdAt: now,
  });
  return code;
}

/** The subject's newest code that is neither spent nor replaced. */
function currentCode(tx: Tx, s: Subject) {
  return tx
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.purpose, s.purpose),
        eq(oneTimeCodes.subjectId, s.subjectId),
        isNull(oneTimeCodes.consumedAt),
        isNull(oneTimeCodes.replacedAt),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
}

/**
 * Whether the code is the subject's current, usable one, without spending it or counting a try: the cheap check
 * before slow work (the reset grant is 256 random bits, so uncounted tries cannot find it). Spend it with
 * consumeCode, which checks again.
 */
export async function codeIsCurrent(tx: Tx, key: Buffer, s: Subject, code: string, now: Date): Promise<boolean> {
  if (await isLocked(tx, s, now)) return false;
  const [current] = await currentCode(tx, s);
  const usable = !!current && current.expiresAt > now && current.failedAttempts < MAX_TRIES_PER_CODE;
  const expected = Buffer.from(current?.codeHash ?? '0'.repeat(64), 'hex');
  return timingSafeEqual(expected, Buffer.from(hash(key, s, code.trim()), 'hex')) && usable;
}

/**
 * Checks and spends a code. Wrong, expired, replaced, over-tried and unknown codes all give false; a wrong try is
 * counted. The caller must let the transaction commit on false so the count holds.
 */
export async function consumeCode(tx: Tx, key: Buffer, s: Subject, code: string, now: Date): Promise<boolean> {
  if (await isLocked(tx, s, now)) return false;
  const [current] = await currentCode(tx, s).for('update');
  if (!current) return false;
  const usable = current.expiresAt > now && current.failedAttempts < MAX_TRIES_PER_CODE;
  const matches = timingSafeEqual(Buffer.from(current.codeHash, 'hex'), Buffer.from(hash(key, s, code.trim()), 'hex'));
  if (usable && matches) {
    await tx
      .update(oneTimeCodes)
      .set({ consumedAt: now })
      .where(and(eq(oneTimeCodes.tenantId, s.tenantId), eq(oneTimeCodes.id, current.id)));
    return true;
  }
  await tx
    .update(oneTimeCodes)
    .set({ failedAttempts: sql`${oneTimeCodes.failedAttempts} + 1` })
    .where(and(eq(oneTimeCodes.tenantId, s.tenantId), eq(oneTimeCodes.id, current.id)));
  return false;
}
