const formats = new Map<string, Intl.DateTimeFormat>();
/** One formatter per zone: building an Intl.DateTimeFormat costs far more than using one (free slots use thousands). */
function wallFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
    formats.set(timeZone, format);
  }
  return format;
}

/**
 * Offsets already worked out, by zone and exact instant: formatToParts costs microseconds, and the free slots of a
 * store ask the same days' midnights and the same bookings' starts request after request (docs/operations.md,
 * "Free slots"). Cleared whole when it grows past its bound.
 */
const offsets = new Map<string, number>();
const OFFSETS_KEPT = 20_000;

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
export function zoneOffset(instant: number, timeZone: string): number {
  const key = `${timeZone} ${instant}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const parts = Object.fromEntries(wallFormat(timeZone).formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  const offset = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute)) - instant;
  if (offsets.size >= OFFSETS_KEPT) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

/** The instant (ms) of a wall-clock time given as UTC milliseconds of the same fields; two passes settle a DST change. */
export function wallToInstant(wall: number, timeZone: string): number {
  const first = wall - zoneOffset(wall, timeZone);
  return wall - zoneOffset(first, timeZone);
}

/**
 * A wall-clock date and time in a store's time zone as an ISO instant (UTC). Two passes over the zone's offset
 * settle the hours around a daylight-saving change. Null when the date or time is not filled in as the inputs give
 * them (YYYY-MM-DD, HH:mm).
 */
export function zonedToIso(date: string, time: string, timeZone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  if (Number.isNaN(wall)) return null;
  return new Date(wallToInstant(wall, timeZone)).toISOString();
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone: the store's "today" when the instant is now. */
export function zonedDate(at: Date, timeZone: string): string {
  return new Date(at.getTime() + zoneOffset(at.getTime(), timeZone)).toISOString().slice(0, 10);
}

/** Whole days from one calendar date (YYYY-MM-DD) to another. */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
