/**
 * The general settings of a store that have no column of their own: opening hours, tax number and the
 * store's overrides of the company's groups (receipt footer, appointment lengths, patient portal). The company's
 * values live in companies.settings; the cancellation rule and the staff discount limit stay in location_policies,
 * the tax rates in tax_rates and the address, phone, time zone and logo in locations (one source each).
 */
import { foreignKey, jsonb, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { locations, tenantId, tenantIsolation } from './schema';

export const locationSettings = pgTable(
  'location_settings',
  {
    tenantId: tenantId(),
    locationId: uuid('location_id').notNull(),
    /** StoreSettingsValues of src/contract/generalSettings.ts (read through its parser: absent keys are defaults). */
    values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.locationId] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }).onDelete('cascade'),
    tenantIsolation('location_settings'),
  ],
).enableRLS();
