/**
 * The database schema. Every tenant table has `tenant_id` in its primary key and in every foreign key, and a
 * forced row-level-security policy admitting only the tenant set by `withTenant()` (see docs/architecture.md,
 * "Adding a tenant table").
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgPolicy,
  pgRole,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** The role every request runs as: no superuser, no BYPASSRLS (created in migration 0000). */
export const appRuntime = pgRole('app_runtime').existing();

const currentTenant = sql`nullif(current_setting('app.tenant_id', true), '')::uuid`;

/** The one policy every tenant table carries. */
export const tenantIsolation = (table: string) =>
  pgPolicy(`${table}_tenant_isolation`, {
    as: 'permissive',
    for: 'all',
    to: appRuntime,
    using: sql`tenant_id = ${currentTenant}`,
    withCheck: sql`tenant_id = ${currentTenant}`,
  });

/**
 * The tenant column and the creation time every tenant table carries. The tenant defaults from the transaction's
 * tenant setting (the one RLS checks), so an insert names no tenant; outside a tenant transaction it is null and
 * the insert is refused.
 */
export const tenantId = () => uuid('tenant_id').notNull().default(currentTenant);
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A company is a tenant; its key is the tenant id itself. */
export const companies = pgTable(
  'companies',
  {
    tenantId: uuid('tenant_id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    logo: text('logo'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** The platform tenant holds the enterprise admins, who are bound to no company. */
    isPlatform: boolean('is_platform').notNull().default(false),
    /** Set while the enterprise admin has suspended the company: no sign-in, public links answer as expired. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** Moves on when the company or any of its stores changes (triggers): half of a user view's version. */
    viewVersion: bigint('view_version', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('companies_slug_key').on(t.slug), tenantIsolation('companies')],
).enableRLS();

export const locations = pgTable(
  'locations',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    logo: text('logo'),
    timeZone: text('time_zone').notNull().default('UTC'),
    /** Sales tax in basis points (825 = 8.25 %). */
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    /** The language of the store's messages when a patient's own has no template (en, tr, ar). */
    language: text('language').$type<'en' | 'tr' | 'ar'>().notNull().default('en'),
    /** ISO 4217: what a new sale of the store is in (an invoice keeps its own currency when this changes). */
    currency: text('currency').notNull().default('USD'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('locations_tenant_slug_key').on(t.tenantId, t.slug),
    check('locations_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    foreignKey({ columns: [t.tenantId], foreignColumns: [companies.tenantId] }).onDelete('cascade'),
    tenantIsolation('locations'),
  ],
).enableRLS();

/** A public sign-in address /{company}/{store}; resolved before sign-in by app_resolve_portal(). */
export const portalMappings = pgTable(
  'portal_mappings',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    companySlug: text('company_slug').notNull(),
    storeSlug: text('store_slug').notNull(),
    locationId: uuid('location_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('portal_mappings_address_key').on(sql`lower(${t.companySlug})`, sql`lower(${t.storeSlug})`),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }).onDelete(
      'cascade',
    ),
    tenantIsolation('portal_mappings'),
  ],
).enableRLS();

export const users = pgTable(
  'users',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles').array().notNull(),
    /** 'portal' for our own accounts, else the external identity provider's name. */
    authFrom: text('auth_from').notNull().default('portal'),
    displayName: text('display_name').notNull(),
    photoUrl: text('photo_url'),
    /** The language the user chose in My Profile (en, tr, ar); null: the browser's choice. */
    language: text('language'),
    /** A new address waiting for the code sent to it (My Profile). */
    pendingEmail: text('pending_email'),
    settings: jsonb('settings').$type<Record<string, unknown>>(),
    shortcuts: text('shortcuts').array().notNull().default(sql`'{calendar,mail,contacts,todo}'::text[]`),
    /** Navigation access flags by menu id, set by admins: { "201": false }. */
    menuAccess: jsonb('menu_access').$type<Record<string, boolean>>().notNull().default({}),
    /** The settings flag of the spec: the theme settings panel is shown only when set. */
    settingsPanel: boolean('settings_panel').notNull().default(true),
    tempPasswordExpiresOn: date('temp_password_expires_on'),
    isRegistered: boolean('is_registered').notNull().default(true),
    requiresAuthCode: boolean('requires_auth_code').notNull().default(false),
    defaultLocationId: uuid('default_location_id'),
    systemPrefs: jsonb('system_prefs')
      .$type<{ fD_SettingKey: string; fD_SettingValue: string }[]>()
      .notNull()
      .default([]),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lastFailedLoginAt: timestamp('last_failed_login_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** Moves on when the row or the user's stores change (triggers): with the company's, the user view's version. */
    viewVersion: bigint('view_version', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('users_tenant_email_key').on(t.tenantId, sql`lower(${t.email})`),
    index('users_email_idx').on(sql`lower(${t.email})`),
    foreignKey({ columns: [t.tenantId], foreignColumns: [companies.tenantId] }).onDelete('cascade'),
    foreignKey({
      columns: [t.tenantId, t.defaultLocationId],
      foreignColumns: [locations.tenantId, locations.id],
    }),
    tenantIsolation('users'),
  ],
).enableRLS();

/** The stores a user is limited to; none listed means all stores of the company. */
export const userLocations = pgTable(
  'user_locations',
  {
    tenantId: tenantId(),
    userId: uuid('user_id').notNull(),
    locationId: uuid('location_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.locationId] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }).onDelete(
      'cascade',
    ),
    tenantIsolation('user_locations'),
  ],
).enableRLS();

/** A sign-in session: its refresh tokens rotate inside one family. */
export const refreshFamilies = pgTable(
  'refresh_families',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    idleSeconds: integer('idle_seconds').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    index('refresh_families_user_idx').on(t.tenantId, t.userId),
    tenantIsolation('refresh_families'),
  ],
).enableRLS();

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tenantId: tenantId(),
    tokenHash: text('token_hash').notNull(),
    familyId: uuid('family_id').notNull(),
    createdAt: createdAt(),
    /** Set when the token was exchanged; presenting it again is reuse. */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.tokenHash] }),
    foreignKey({
      columns: [t.tenantId, t.familyId],
      foreignColumns: [refreshFamilies.tenantId, refreshFamilies.id],
    }).onDelete('cascade'),
    tenantIsolation('refresh_tokens'),
  ],
).enableRLS();

/** One-time codes and single-use grants (sign-in code, new-user code, password reset, eForm gate). */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    purpose: text('purpose').notNull(),
    /** What the code unlocks: a user id, or later an eForm assignment id. */
    subjectId: text('subject_id').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** Set when a resend replaced this code. */
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('one_time_codes_subject_idx').on(t.tenantId, t.purpose, t.subjectId, t.createdAt),
    foreignKey({ columns: [t.tenantId], foreignColumns: [companies.tenantId] }).onDelete('cascade'),
    tenantIsolation('one_time_codes'),
  ],
).enableRLS();

/** Every email and SMS, written before it is handed to a transport: the outbox staff can read. */
export const communicationLog = pgTable(
  'communication_log',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    locationId: uuid('location_id'),
    userId: uuid('user_id'),
    /** The patient a message is about (the chart's messages tab); null for account mail. */
    patientId: uuid('patient_id'),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    recipient: text('recipient').notNull(),
    template: text('template').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    /** queued -> sending (claimed by a worker until claimed_until) -> sent | failed; 'sending' again after a retry. */
    status: text('status').$type<'queued' | 'sending' | 'sent' | 'failed'>().notNull().default('queued'),
    error: text('error'),
    /** Sends tried so far (server/messaging/worker.ts). */
    attempts: integer('attempts').notNull().default(0),
    /** When a worker may next take the message: now when queued, later after a failed try. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The claim of the worker sending it; after this a crashed worker's claim is taken over. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The provider's id of the message (SMTP message id, SMS sid): delivery reports name it. */
    providerId: text('provider_id'),
    /** The provider's last delivery status (an SMS status callback: delivered, undelivered, ...). */
    deliveryStatus: text('delivery_status'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('communication_log_created_idx').on(t.tenantId, t.createdAt),
    index('communication_log_patient_idx').on(t.tenantId, t.patientId, t.createdAt),
    // The worker's scan across tenants: only the rows still to send.
    index('communication_log_due_idx').on(t.nextAttemptAt).where(sql`status in ('queued', 'sending')`),
    index('communication_log_provider_idx').on(t.providerId).where(sql`provider_id is not null`),
    // An SMS reply is matched to the company and store of the last text sent to its number (server/reminders).
    index('communication_log_sms_recipient_idx')
      .on(sql`regexp_replace(${t.recipient}, '[^0-9]', '', 'g')`, t.createdAt)
      .where(sql`channel = 'sms' and location_id is not null`),
    foreignKey({ columns: [t.tenantId], foreignColumns: [companies.tenantId] }).onDelete('cascade'),
    tenantIsolation('communication_log'),
  ],
).enableRLS();

/** Append-only: the runtime role may insert and read, never update or delete (grants in migration). */
export const auditLog = pgTable(
  'audit_log',
  {
    tenantId: tenantId(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id'),
    actorRoles: text('actor_roles').array().notNull().default(sql`'{}'::text[]`),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    patientId: uuid('patient_id'),
    outcome: text('outcome').$type<'success' | 'failure' | 'denied'>().notNull(),
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('audit_log_at_idx').on(t.tenantId, t.at),
    index('audit_log_patient_idx').on(t.tenantId, t.patientId, t.at),
    foreignKey({ columns: [t.tenantId], foreignColumns: [companies.tenantId] }).onDelete('cascade'),
    tenantIsolation('audit_log'),
  ],
).enableRLS();

/**
 * Sign-in failure counters below the account-wide one (users.failed_login_count): one row per (account, address)
 * ('ip:<address>') and per trusted device ('device:<nonce>'), so the delay and the device's own limit hold across
 * restarts and API processes (security.md).
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    tenantId: tenantId(),
    userId: uuid('user_id').notNull(),
    scope: text('scope').notNull(),
    failures: integer('failures').notNull().default(0),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.scope] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    tenantIsolation('sign_in_failures'),
  ],
).enableRLS();

/**
 * Per-address request windows (not tenant data): the times of the requests admitted within the last minute, at most
 * the limit of them, so the auth rate limit holds over any minute, across restarts and instances.
 */
export const requestCounters = pgTable('request_counters', {
  key: text('key').primaryKey(),
  admittedAt: timestamp('admitted_at', { withTimezone: true }).array().notNull(),
  /** Whether the last request was admitted (the answer of the statement that wrote the row). */
  admitted: boolean('admitted').notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
});

/** Installation secrets (signing key, code key) when not given in the environment. Never granted to the runtime role. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** Installation facts such as the demo seed marker. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
