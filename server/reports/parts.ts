/** The pieces every report is built of: its input, each store's own day bounds, and the table's shape. */
import { sql } from 'drizzle-orm';
import type { LabelKind, ReportColumn, ReportGroup, ReportName, ReportRow, ReportSection } from '../../src/contract/reports';
import { num } from '../db/values';

export interface ReportInput {
  report: ReportName;
  /** The stores read (already checked against the caller's scope). */
  stores: string[];
  from: string;
  to: string;
  group: ReportGroup | null;
  locationId: string | null;
  /** Today in the report's time zone (the "as of" day). */
  today: string;
  now: Date;
  /** The money figures' currency (the stores read sell in it) and every currency of the stores the caller asked for. */
  currency: string;
  currencies: string[];
}

export const storeList = (stores: string[]) => sql`string_to_array(${stores.join(',')}, ',')::uuid[]`;

/** Each store read with the instants its range starts and ends at (its own midnights). */
export const bounds = (input: ReportInput) => sql`bounds as (
  select l.id, l.tenant_id, l.name, l.time_zone,
    (${input.from}::date)::timestamp at time zone l.time_zone as from_at,
    (${input.to}::date + 1)::timestamp at time zone l.time_zone as to_at,
    (${input.now.toISOString()}::timestamptz at time zone l.time_zone)::date as today
  from locations l where l.id = any(${storeList(input.stores)}))`;

export const col = (key: string, kind: ReportColumn['kind']): ReportColumn => ({ key, kind });
export const n = (v: unknown): number => (v === null || v === undefined ? 0 : num(v));
export const nOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : num(v));
export const ratio = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

export function section(id: string, labelKind: LabelKind, columns: ReportColumn[], chartColumn: string, rowsOut: ReportRow[]): ReportSection {
  return { id, labelKind, columns, chartColumn, rows: rowsOut };
}

export const rangeOf = (input: ReportInput) => sql`r.location_id = any(${storeList(input.stores)}) and r.day between ${input.from}::date and ${input.to}::date`;
