/** Reading rows of raw SQL (queryRows) into the contract's shapes. */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from './client';

export type Row = Record<string, unknown>;

export const rows = <T = Row>(tx: Tx, query: SQL) => queryRows<T>(tx, query);

/** An instant from the driver (a Date, or text inside JSON) as ISO 8601 UTC. */
export const iso = (v: unknown): string => new Date(v as string | Date).toISOString();
export const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));
export const num = (v: unknown): number => Number(v);

/** The calendar date and wall-clock time of an instant in a time zone: `YYYY-MM-DD`, `HH:mm`. */
export function localParts(at: Date, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** Today in the store's time zone, for expiry and due dates. */
export const storeToday = (now: Date, tzColumn: SQL) => sql`(${now.toISOString()}::timestamptz at time zone ${tzColumn})::date`;
