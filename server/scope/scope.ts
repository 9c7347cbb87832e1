/**
 * The store scope: which of the company's stores an account may work in, and the checks built on it. The tenant
 * comes from the token (and RLS); the stores from user_locations, where no row means every store of the company.
 * This is the one store rule of the server and its one encoding of "every store": `'all'`. (The contract's User
 * object lists the stores, empty for every store: that is the browser's shape, read in auth/user-view.ts's single
 * statement for the hot /me path.)
 */
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { queryRows, type Tx } from '../db/client';
import { locations, userLocations, users } from '../db/schema';
import { patients } from '../db/schema-records';
import { HttpError } from '../http/errors';

/** Every store of the company, or only the listed ones (an empty list reaches none). */
export type Stores = 'all' | readonly string[];

/** The stores an account may work in. */
export async function storesOf(tx: Tx, userId: string): Promise<Stores> {
  return storesFrom(await queryRows<Record<string, unknown>>(tx, storesQuery(userId)));
}

/** The read of storesOf, for a transaction that sends it with its BEGIN (request.work); storesFrom() reads its rows. */
export function storesQuery(userId: string): SQL {
  return sql`select ${userLocations.locationId} as id from ${userLocations} where ${userLocations.userId} = ${userId}`;
}

export function storesFrom(rows: Record<string, unknown>[]): Stores {
  return rows.length ? rows.map((r) => r.id as string) : 'all';
}

export function canSeeStore(stores: Stores, locationId: string): boolean {
  return stores === 'all' || stores.includes(locationId);
}

/** A query condition limiting `column` (a location id) to the stores; none for every store. */
export function storeCondition(stores: Stores, column: AnyPgColumn): SQL | undefined {
  return stores === 'all' ? undefined : inArray(column, [...stores]);
}

export interface Scope {
  tenantId: string;
  userId: string;
  roles: string[];
  stores: Stores;
  /** The store the user signed in at (token), if any. */
  signedInAt: string | undefined;
}

/** A record the caller may not reach (another company's, another store's, or none): answered 404. */
export class NotVisible extends HttpError {
  constructor(
    readonly targetType: string,
    readonly targetId: string,
  ) {
    super(404, 'request.notFound');
  }
}

export function requireStore(scope: Scope, locationId: string, targetType = 'location'): void {
  if (!canSeeStore(scope.stores, locationId)) throw new NotVisible(targetType, locationId);
}

export async function locationExists(tx: Tx, locationId: string): Promise<boolean> {
  const [row] = await tx.select({ id: locations.id }).from(locations).where(eq(locations.id, locationId));
  return row !== undefined;
}

/** A store named in a request body: of this company (RLS) and one the caller may see; else NotVisible. */
export async function requireBodyStore(tx: Tx, scope: Scope, locationId: string): Promise<void> {
  requireStore(scope, locationId);
  if (!(await locationExists(tx, locationId))) throw new NotVisible('location', locationId);
}

export type PatientRow = typeof patients.$inferSelect;

/**
 * The patient, when it is of this tenant (RLS), of a store the caller may see and not merged into another patient
 * (its records moved there: nothing is added to it any more); else NotVisible.
 */
export async function visiblePatient(tx: Tx, scope: Scope, patientId: string, opts: { lock?: boolean } = {}): Promise<PatientRow> {
  const q = tx.select().from(patients).where(eq(patients.id, patientId));
  const [row] = opts.lock ? await q.for('update') : await q;
  if (!row || row.mergedInto || !canSeeStore(scope.stores, row.locationId)) throw new NotVisible('patient', patientId);
  return row;
}

export async function displayNameOf(tx: Tx, userId: string): Promise<string> {
  const [row] = await tx.select({ name: users.displayName }).from(users).where(eq(users.id, userId));
  return row?.name ?? 'unknown';
}

/** A staff account of the company who may work at `locationId` (admin or staff, limited to it or unlimited). */
export async function providerFor(tx: Tx, providerId: string, locationId: string): Promise<{ id: string; name: string } | null> {
  const [row] = await tx.select({ id: users.id, name: users.displayName, roles: users.roles }).from(users).where(eq(users.id, providerId));
  if (!row || !row.roles.some((r) => r === 'admin' || r === 'staff')) return null;
  if (!canSeeStore(await storesOf(tx, row.id), locationId)) return null;
  return { id: row.id, name: row.name };
}

/** Every account who may be booked at `locationId` (providerFor's rule), by name. */
export async function providersOf(tx: Tx, locationId: string): Promise<{ id: string; name: string }[]> {
  const rows = await tx
    .select({ id: users.id, name: users.displayName })
    .from(users)
    .where(
      and(
        sql`${users.roles} && array['admin', 'staff']::text[]`,
        isNull(users.disabledAt),
        sql`(not exists (select 1 from ${userLocations} ul where ul.user_id = ${users.id})
          or exists (select 1 from ${userLocations} ul where ul.user_id = ${users.id} and ul.location_id = ${locationId}))`,
      ),
    )
    .orderBy(users.displayName, users.id);
  return rows;
}
