import { lt, sql } from 'drizzle-orm';
import { withoutTenant, type Database } from '../db/client';
import { requestCounters } from '../db/schema';
import { HttpError } from './errors';

const WINDOW_MS = 60_000;

/**
 * Admits a request from `address` when fewer than `limit` were admitted from it in the minute before `now`: a sliding
 * minute, so a burst across a minute of the clock counts as one. One statement on the address's row (the times of the
 * admitted requests within the minute, at most `limit`), in the database, so the limit holds across restarts and
 * instances; the row lock puts concurrent requests of one address in line. A refused request is not counted, so a
 * client that keeps trying is admitted again once its earlier requests are a minute old. Answers, when refused, the
 * seconds until the oldest of them leaves the window.
 */
async function admitAuthRequest(db: Database, address: string, limit: number, now: Date): Promise<{ admitted: true } | { admitted: false; retryAfterSeconds: number }> {
  const since = new Date(now.getTime() - WINDOW_MS);
  return withoutTenant(db, async (tx) => {
    const kept = sql`array(select t from unnest(${requestCounters.admittedAt}) t where t > ${since}::timestamptz)`;
    const room = sql`cardinality(${kept}) < ${limit}`;
    const [row] = await tx
      .insert(requestCounters)
      .values({ key: `auth:${address}`, admittedAt: [now], admitted: true, seenAt: now })
      .onConflictDoUpdate({
        target: requestCounters.key,
        set: { admittedAt: sql`case when ${room} then ${kept} || ${now}::timestamptz else ${kept} end`, admitted: room, seenAt: now },
      })
      .returning({
        admitted: requestCounters.admitted,
        oldestMs: sql<number | null>`(select (extract(epoch from min(t)) * 1000)::float8 from unnest(${requestCounters.admittedAt}) t)`,
      });
    // Addresses not seen for an hour are dead weight; sweeping on a small share of requests keeps the table tiny.
    if (Math.random() < 0.02) {
      await tx.delete(requestCounters).where(lt(requestCounters.seenAt, new Date(now.getTime() - 3_600_000)));
    }
    if (row?.admitted) return { admitted: true };
    const oldest = row?.oldestMs ?? now.getTime();
    return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + WINDOW_MS - now.getTime()) / 1000)) };
  });
}

/** The auth calls' limit per client address (security.md): 429 with Retry-After once it is passed. */
export async function limitAuthRequests(db: Database, address: string, limit: number, now: Date): Promise<void> {
  const admission = await admitAuthRequest(db, address, limit, now);
  if (!admission.admitted) {
    throw new HttpError(429, 'request.tooManyRequests', { headers: { 'Retry-After': String(admission.retryAfterSeconds) } });
  }
}
