/**
 * Free slots of a store: its rules, hours and visit lengths, and one range read of the live bookings that can take
 * a slot away (the store's providers' bookings at any store, and the store's online bookings for the daily cap).
 * src/contract/booking.ts `freeSlots` applies the rules.
 */
import { eq, sql } from 'drizzle-orm';
import { addDays, freeSlots, type Busy, type BookingRules, type FreeSlot } from '../../src/contract/booking';
import type { StoreHours } from '../../src/contract/generalSettings';
import type { AppointmentType } from '../../src/contract/records';
import { zonedDate, zonedToIso } from '../../src/contract/zonedTime';
import { queryRows, type Tx } from '../db/client';
import { locations } from '../db/schema';
import { storeSettingsOf } from '../settings/settings';
import { providersOf } from '../scope/scope';
import { readBookingRules } from './rules';

/** What a store offers online, or null when it takes no online bookings. */
export interface OnlineStore {
  id: string;
  name: string;
  timeZone: string;
  hours: StoreHours;
  rules: BookingRules;
  /** The visit types offered online (by the rules and the store's appointment types), with their lengths. */
  types: { type: AppointmentType; minutes: number }[];
  /** Providers with working hours at the store who may still be booked there, by name. */
  providers: { id: string; name: string }[];
}

/** `forms: false` (free slots): the rules without the forms sent with a booking (rules.intakeForms empty). */
export async function onlineStore(tx: Tx, locationId: string, { forms = true }: { forms?: boolean } = {}): Promise<OnlineStore | null> {
  const [store] = await tx.select({ id: locations.id, name: locations.name, timeZone: locations.timeZone }).from(locations).where(eq(locations.id, locationId));
  if (!store) return null;
  const { rules } = await readBookingRules(tx, locationId, { forms });
  if (!rules.onlineEnabled) return null;
  const settings = await storeSettingsOf(tx, locationId);
  const bookable = await providersOf(tx, locationId);
  const scheduled = new Set(rules.providers.map((p) => p.providerId));
  const types = rules.onlineTypes.filter((t) => settings.appointmentTypes[t].offered).map((type) => ({ type, minutes: settings.appointmentTypes[type].minutes }));
  return { ...store, hours: settings.hours, rules, types, providers: bookable.filter((p) => scheduled.has(p.id)) };
}

export interface SlotRequest {
  type: AppointmentType;
  providerId?: string;
  from: string;
  to: string;
}

/**
 * The free slots of [from, to] at the store. Without a provider each start is offered once (its first free
 * provider by name). An unknown provider or a type not offered online has none.
 */
export async function storeSlots(tx: Tx, tenantId: string, store: OnlineStore, request: SlotRequest, now: Date): Promise<FreeSlot[]> {
  const length = store.types.find((t) => t.type === request.type);
  const providers = request.providerId ? store.providers.filter((p) => p.id === request.providerId) : store.providers;
  if (!length || providers.length === 0) return [];
  const buffer = store.rules.bufferMinutes;
  // Bookings that start up to 480 minutes (the longest visit) and the buffer before the range can still reach into it.
  const start = zonedToIso(request.from, '00:00', store.timeZone)!;
  const end = zonedToIso(addDays(request.to, 1), '00:00', store.timeZone)!;
  const ids = providers.map((p) => p.id);
  const found = await queryRows<{ provider_id: string | null; online_here: boolean; starts_at: string | Date; duration_minutes: number }>(
    tx,
    sql`select provider_id, (location_id = ${store.id} and source = 'online') as online_here, starts_at, duration_minutes
        from appointments
        where tenant_id = ${tenantId}
          and status not in ('cancelled', 'no-show')
          and starts_at >= ${start}::timestamptz - make_interval(mins => ${480 + buffer})
          and starts_at < ${end}::timestamptz + make_interval(mins => ${buffer})
          and (provider_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)}) or (location_id = ${store.id} and source = 'online'))`,
  );
  const busy: Busy[] = [];
  const onlinePerDay: Record<string, number> = {};
  for (const row of found) {
    const at = new Date(row.starts_at);
    if (row.provider_id && ids.includes(row.provider_id)) busy.push({ providerId: row.provider_id, start: at.getTime(), end: at.getTime() + Number(row.duration_minutes) * 60_000 });
    if (row.online_here) {
      const date = zonedDate(at, store.timeZone);
      onlinePerDay[date] = (onlinePerDay[date] ?? 0) + 1;
    }
  }
  return freeSlots({
    rules: store.rules,
    storeHours: store.hours,
    timeZone: store.timeZone,
    minutes: length.minutes,
    providers,
    busy,
    onlinePerDay,
    now,
    from: request.from,
    to: request.to,
    anyProvider: !request.providerId,
  });
}
