/**
 * A store's day of online booking for its staff: each provider with working hours there, the free slots the rules
 * leave (src/contract/booking.ts freeSlots, as the patient's page counts them: the store's and provider's hours,
 * closures, days off, blocks, buffer, notice, horizon and daily cap) and the provider's live visits that day, in
 * the store's time zone. One range read, as for the patient's slots (server/booking/slots.ts).
 */
import { eq, sql } from 'drizzle-orm';
import { addDays, freeSlots, type Busy, type StoreDay, type StoreDayQuery } from '../../src/contract/booking';
import { weekdays } from '../../src/contract/generalSettings';
import { zonedDate, zonedToIso, zoneOffset } from '../../src/contract/zonedTime';
import { queryRows, type Tx } from '../db/client';
import { locations } from '../db/schema';
import { HttpError } from '../http/errors';
import { providersOf } from '../scope/scope';
import { storeSettingsOf } from '../settings/settings';
import { readBookingRules } from './rules';

const localTime = (at: Date, timeZone: string) => new Date(at.getTime() + zoneOffset(at.getTime(), timeZone)).toISOString().slice(11, 16);

export async function storeDay(tx: Tx, tenantId: string, query: StoreDayQuery, now: Date): Promise<StoreDay> {
  const [store] = await tx.select({ id: locations.id, timeZone: locations.timeZone }).from(locations).where(eq(locations.id, query.locationId));
  if (!store) throw new HttpError(404, 'request.notFound');
  const { rules } = await readBookingRules(tx, store.id, { forms: false });
  const settings = await storeSettingsOf(tx, store.id);
  const scheduled = new Map(rules.providers.map((p) => [p.providerId, p]));
  const providers = (await providersOf(tx, store.id)).filter((p) => scheduled.has(p.id));
  const minutes = settings.appointmentTypes[query.type].minutes;
  const buffer = rules.bufferMinutes;
  const dayStart = zonedToIso(query.date, '00:00', store.timeZone)!;
  const dayEnd = zonedToIso(addDays(query.date, 1), '00:00', store.timeZone)!;
  const ids = providers.map((p) => p.id);
  const found = ids.length
    ? await queryRows<{ id: string; provider_id: string | null; here: boolean; online_here: boolean; starts_at: string | Date; duration_minutes: number; type: string; status: string; source: string; patient_name: string }>(
        tx,
        sql`select a.id, a.provider_id, a.location_id = ${store.id} as here, (a.location_id = ${store.id} and a.source = 'online') as online_here,
              a.starts_at, a.duration_minutes, a.type, a.status, a.source, p.first_name || ' ' || p.last_name as patient_name
            from appointments a join patients p on p.tenant_id = a.tenant_id and p.id = a.patient_id
            where a.tenant_id = ${tenantId}
              and a.status not in ('cancelled', 'no-show')
              and a.starts_at >= ${dayStart}::timestamptz - make_interval(mins => ${480 + buffer})
              and a.starts_at < ${dayEnd}::timestamptz + make_interval(mins => ${buffer})
              and (a.provider_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)}) or (a.location_id = ${store.id} and a.source = 'online'))
            order by a.starts_at, a.id`,
      )
    : [];
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
  const free = freeSlots({ rules, storeHours: settings.hours, timeZone: store.timeZone, minutes, providers, busy, onlinePerDay, now, from: query.date, to: query.date, anyProvider: false });
  const weekday = weekdays[(new Date(`${query.date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
  const closed = rules.closures.some((c) => c.date === query.date) || !settings.hours[weekday];
  return {
    locationId: store.id,
    date: query.date,
    timeZone: store.timeZone,
    minutes,
    providers: providers.map((p) => {
      const schedule = scheduled.get(p.id)!;
      const own = schedule.hours[weekday];
      return {
        id: p.id,
        name: p.name,
        hours: closed || !own || schedule.daysOff.includes(query.date) ? null : { opens: own.opens, closes: own.closes },
        free: free.filter((s) => s.providerId === p.id).map((s) => ({ startsAt: s.startsAt, localTime: s.localTime })),
        // The provider's visits that start on the day; another store's patient is not named.
        booked: found
          .filter((row) => row.provider_id === p.id && new Date(row.starts_at).getTime() >= Date.parse(dayStart) && new Date(row.starts_at).getTime() < Date.parse(dayEnd))
          .map((row) => {
            const at = new Date(row.starts_at);
            return {
              id: row.id,
              startsAt: at.toISOString(),
              localTime: localTime(at, store.timeZone),
              minutes: Number(row.duration_minutes),
              type: row.type as StoreDay['providers'][number]['booked'][number]['type'],
              status: row.status,
              source: row.source,
              patientName: row.here ? row.patient_name : '',
              here: row.here,
            };
          }),
      };
    }),
  };
}
