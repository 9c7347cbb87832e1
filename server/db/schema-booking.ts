/**
 * Online booking rules per store (src/contract/booking.ts BookingRules): the store's rules in booking_rules and each
 * provider's working hours and days off at the store in provider_schedules. A store without a row takes no online
 * bookings. The store's opening hours and the visit lengths stay in the general settings (one source each).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { BlockedTime, Closure } from '../../src/contract/booking';
import type { StoreHours } from '../../src/contract/generalSettings';
import { AppointmentType } from '../../src/contract/records';
import { locations, tenantId, tenantIsolation, users } from './schema';
import { forms } from './schema-eforms';

export const bookingRules = pgTable(
  'booking_rules',
  {
    tenantId: tenantId(),
    locationId: uuid('location_id').notNull(),
    onlineEnabled: boolean('online_enabled').notNull().default(false),
    newPatientsMayBook: boolean('new_patients_may_book').notNull().default(false),
    onlineTypes: text('online_types').array().$type<AppointmentType[]>().notNull(),
    bufferMinutes: integer('buffer_minutes').notNull().default(0),
    minNoticeHours: integer('min_notice_hours').notNull().default(2),
    horizonDays: integer('horizon_days').notNull().default(60),
    maxOnlinePerDay: integer('max_online_per_day').notNull().default(20),
    closures: jsonb('closures').$type<Closure[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.locationId] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }).onDelete('cascade'),
    check('booking_rules_ranges', sql`${t.bufferMinutes} between 0 and 120 and ${t.minNoticeHours} between 0 and 720
      and ${t.horizonDays} between 1 and 365 and ${t.maxOnlinePerDay} between 1 and 500`),
    tenantIsolation('booking_rules'),
  ],
).enableRLS();

export const providerSchedules = pgTable(
  'provider_schedules',
  {
    tenantId: tenantId(),
    locationId: uuid('location_id').notNull(),
    providerId: uuid('provider_id').notNull(),
    /** StoreHours: each weekday's working hours at this store, null when the provider does not work there that day. */
    hours: jsonb('hours').$type<StoreHours>().notNull(),
    /** Dates (YYYY-MM-DD, the store's calendar) the provider is off. */
    daysOff: jsonb('days_off').$type<string[]>().notNull().default([]),
    /** BlockedTime[]: parts of dates the provider takes no online bookings. */
    blocks: jsonb('blocks').$type<BlockedTime[]>().notNull().default([]),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.locationId, t.providerId] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.providerId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    tenantIsolation('provider_schedules'),
  ],
).enableRLS();

/**
 * The forms a store sends with an online booking of a visit type (src/contract/booking.ts IntakeForm). A deleted
 * form or store takes its rows with it; a form that is no longer published is not sent (the booking reads only
 * published ones).
 */
export const bookingIntakeForms = pgTable(
  'booking_intake_forms',
  {
    tenantId: tenantId(),
    locationId: uuid('location_id').notNull(),
    type: text('type').$type<AppointmentType>().notNull(),
    formId: uuid('form_id').notNull(),
    newPatientsOnly: boolean('new_patients_only').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.locationId, t.type, t.formId] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.formId], foreignColumns: [forms.tenantId, forms.id] }).onDelete('cascade'),
    check('booking_intake_forms_type', sql.raw(`type in (${AppointmentType.options.map((o) => `'${o}'`).join(', ')})`)),
    tenantIsolation('booking_intake_forms'),
  ],
).enableRLS();
