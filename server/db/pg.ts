import { sql } from 'drizzle-orm';
import type { Tx } from './client';

/** The PostgreSQL error code (and constraint) behind a driver error, whichever driver raised it. */
export function pgError(err: unknown): { code?: string; constraint?: string } {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return { code: e.cause?.code ?? e.code, constraint: e.cause?.constraint ?? e.constraint };
}

/** Serialises number assignment per store and kind inside the transaction (released at commit). */
export async function lockNumbering(tx: Tx, kind: 'invoice' | 'lab-order', locationId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${kind}), hashtext(${locationId}))`);
}
