import { lt, sql } from 'drizzle-orm';
import { withoutTenant, type Database } from '../db/client';
import { requestCounters } from '../db/schema';

/**
 * Counts a request from `address` in the current minute, in the database so the limit holds across restarts and
 * instances. Returns false once the limit is passed.
 */
export async function admitAuthRequest(db: Database, address: string, limit: number, now: Date): Promise<boolean> {
  const windowStart = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  return withoutTenant(db, async (tx) => {
    const [row] = await tx
      .insert(requestCounters)
      .values({ key: `auth:${address}`, windowStart, count: 1 })
      .onConflictDoUpdate({
        target: [requestCounters.key, requestCounters.windowStart],
        set: { count: sql`${requestCounters.count} + 1` },
      })
      .returning({ count: requestCounters.count });
    // Old windows are dead weight; sweeping on a small share of requests keeps the table tiny.
    if (Math.random() < 0.02) {
      await tx.delete(requestCounters).where(lt(requestCounters.windowStart, new Date(now.getTime() - 3_600_000)));
    }
    return (row?.count ?? 0) <= limit;
  });
}
