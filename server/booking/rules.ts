/** A store's online-booking rules: read (defaults when the store has none) and written by its admins, with the forms sent with a booking. */
import { eq } from 'drizzle-orm';
import { bookingMessages, defaultBookingRules, type BookingRules } from '../../src/contract/booking';
import type { BlockedTime, BookingSettings } from '../../src/contract/booking';
import type { Tx } from '../db/client';
import { bookingIntakeForms, bookingRules, providerSchedules } from '../db/schema-booking';
import { publishedFormsOf } from '../eforms/eforms';
import { HttpError } from '../http/errors';
import type { Done } from '../scope/audited';
import { providersOf } from '../scope/scope';

/**
 * The rules of one store (RLS keeps them in the caller's company); a store without a row takes no online bookings.
 * `forms: false` leaves out the forms sent with a booking (intakeForms empty): free slots do not need them, and
 * their two reads were a fifth of a slot request's statements.
 */
export async function readBookingRules(tx: Tx, locationId: string, { forms = true }: { forms?: boolean } = {}): Promise<{ rules: BookingRules; updatedAt: Date | null }> {
  // One statement at a time: a transaction's statements share one connection.
  const [row] = await tx.select().from(bookingRules).where(eq(bookingRules.locationId, locationId));
  const schedules = await tx.select().from(providerSchedules).where(eq(providerSchedules.locationId, locationId));
  const providers = schedules.map((s) => ({ providerId: s.providerId, hours: s.hours, daysOff: s.daysOff, blocks: s.blocks }));
  // Only the store's published forms are sent: one that was archived drops out of the rules it was in.
  const published = forms ? new Set((await publishedFormsOf(tx, locationId)).map((f) => f.id)) : new Set<string>();
  const intakeForms = forms
    ? (
        await tx
          .select({ type: bookingIntakeForms.type, formId: bookingIntakeForms.formId, newPatientsOnly: bookingIntakeForms.newPatientsOnly })
          .from(bookingIntakeForms)
          .where(eq(bookingIntakeForms.locationId, locationId))
          .orderBy(bookingIntakeForms.type, bookingIntakeForms.formId)
      ).filter((f) => published.has(f.formId))
    : [];
  if (!row) return { rules: { ...defaultBookingRules, providers, intakeForms }, updatedAt: null };
  return {
    rules: {
      onlineEnabled: row.onlineEnabled,
      newPatientsMayBook: row.newPatientsMayBook,
      onlineTypes: row.onlineTypes,
      bufferMinutes: row.bufferMinutes,
      minNoticeHours: row.minNoticeHours,
      horizonDays: row.horizonDays,
      maxOnlinePerDay: row.maxOnlinePerDay,
      closures: row.closures,
      providers,
      intakeForms,
    },
    updatedAt: row.updatedAt,
  };
}

export async function bookingSettingsOf(tx: Tx, locationId: string): Promise<BookingSettings> {
  const { rules, updatedAt } = await readBookingRules(tx, locationId);
  const providers = await providersOf(tx, locationId);
  const forms = await publishedFormsOf(tx, locationId);
  return { locationId, rules, providers, forms, updatedAt: updatedAt?.toISOString() ?? null };
}

/** Saves every rule of the store at once; a provider who cannot work at the store is refused at its field. */
export async function saveBookingRules(tx: Tx, tenantId: string, locationId: string, rules: BookingRules, now: Date): Done<BookingSettings> {
  const bookable = new Set((await providersOf(tx, locationId)).map((p) => p.id));
  const fields: Record<string, string> = {};
  rules.providers.forEach((p, i) => {
    if (!bookable.has(p.providerId) || rules.providers.findIndex((q) => q.providerId === p.providerId) !== i) fields[`providers.${i}.providerId`] = bookingMessages.provider;
  });
  const published = new Set((await publishedFormsOf(tx, locationId)).map((f) => f.id));
  rules.intakeForms.forEach((f, i) => {
    if (!published.has(f.formId)) fields[`intakeForms.${i}.formId`] = bookingMessages.intakeForm;
    else if (rules.intakeForms.findIndex((g) => g.type === f.type && g.formId === f.formId) !== i) fields[`intakeForms.${i}.formId`] = bookingMessages.intakeTwice;
  });
  if (Object.keys(fields).length) throw new HttpError(400, 'request.fieldsInvalid', { fields });
  const { providers, intakeForms, ...store } = rules;
  const values = { ...store, onlineTypes: [...new Set(store.onlineTypes)], updatedAt: now };
  await tx
    .insert(bookingRules)
    .values({ tenantId, locationId, ...values })
    .onConflictDoUpdate({ target: [bookingRules.tenantId, bookingRules.locationId], set: values });
  await tx.delete(providerSchedules).where(eq(providerSchedules.locationId, locationId));
  if (providers.length) {
    const byStart = (a: BlockedTime, b: BlockedTime) => `${a.date} ${a.from}`.localeCompare(`${b.date} ${b.from}`);
    await tx
      .insert(providerSchedules)
      .values(providers.map((p) => ({ tenantId, locationId, providerId: p.providerId, hours: p.hours, daysOff: [...new Set(p.daysOff)].sort(), blocks: [...p.blocks].sort(byStart) })));
  }
  await tx.delete(bookingIntakeForms).where(eq(bookingIntakeForms.locationId, locationId));
  if (intakeForms.length) await tx.insert(bookingIntakeForms).values(intakeForms.map((f) => ({ locationId, ...f })));
  return {
    result: await bookingSettingsOf(tx, locationId),
    audit: { targetType: 'location', targetId: locationId, details: { group: 'booking', onlineEnabled: rules.onlineEnabled, providers: providers.length, intakeForms: intakeForms.length } },
  };
}
