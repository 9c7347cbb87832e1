/**
 * Parked sales and quotes: a register holds a sale (or saves a quote, valid 30 days from when it was first saved)
 * on the server so that any register of the store can resume it. The lines are kept as the register sent them and
 * priced here for the list's total; completing the sale (with its parkedId) removes it.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { defaultCurrency } from '../../src/contract/generalSettings';
import type { ParkedSale, ParkedSaleInput } from '../../src/contract/pos';
import type { Tx } from '../db/client';
import { parkedSales } from '../db/schema-pos';
import { rows } from '../db/values';
import { HttpError } from '../http/errors';
import type { Done } from '../scope/audited';
import { NotVisible, requireBodyStore, requireStore, visiblePatient, type Scope } from '../scope/scope';
import { priceLines } from './sales';

const QUOTE_DAYS = 30;
type ParkedRow = typeof parkedSales.$inferSelect;

async function view(tx: Tx, row: ParkedRow): Promise<ParkedSale> {
  const [names] = await rows(
    tx,
    sql`select (select first_name || ' ' || last_name from patients where id = ${row.patientId}) as patient_name,
        (select display_name from users where id = ${row.createdBy}) as created_by,
        (select currency from locations where id = ${row.locationId}) as currency`,
  );
  return {
    id: row.id,
    locationId: row.locationId,
    kind: row.kind,
    patientId: row.patientId,
    lines: row.lines as ParkedSale['lines'],
    orderDiscount: (row.orderDiscount as ParkedSale['orderDiscount']) ?? null,
    note: row.note,
    patientName: (names?.patient_name as string | null) ?? null,
    currency: (names?.currency as string | null) ?? defaultCurrency,
    total: row.total,
    createdAt: row.createdAt.toISOString(),
    createdBy: (names?.created_by as string | null) ?? '',
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

export async function listParked(tx: Tx, locationId: string): Promise<ParkedSale[]> {
  const found = await tx.select().from(parkedSales).where(eq(parkedSales.locationId, locationId)).orderBy(desc(parkedSales.createdAt), desc(parkedSales.id));
  const list: ParkedSale[] = [];
  for (const row of found) list.push(await view(tx, row));
  return list;
}

export async function saveParked(tx: Tx, scope: Scope, parkedId: string, input: ParkedSaleInput, now: Date): Done<ParkedSale> {
  if (input.id !== parkedId) throw new HttpError(400, 'request.fieldsInvalid', { fields: { id: 'The id must be the one in the address' } });
  await requireBodyStore(tx, scope, input.locationId);
  if (input.patientId) await visiblePatient(tx, scope, input.patientId);
  const [existing] = await tx.select().from(parkedSales).where(eq(parkedSales.id, parkedId)).for('update');
  // Another store's (or an unreachable) parked sale with this id is not the caller's to replace.
  if (existing && existing.locationId !== input.locationId) throw new NotVisible('parked_sale', parkedId);
  const { pricing } = await priceLines(tx, input.locationId, { lines: input.lines, orderDiscount: input.orderDiscount });
  const createdAt = existing?.createdAt ?? now;
  const values = {
    kind: input.kind,
    patientId: input.patientId,
    lines: input.lines,
    orderDiscount: input.orderDiscount,
    note: input.note,
    total: pricing.total,
    updatedAt: now,
    expiresAt: input.kind === 'quote' ? new Date(createdAt.getTime() + QUOTE_DAYS * 24 * 60 * 60 * 1000) : null,
  };
  const [row] = existing
    ? await tx.update(parkedSales).set(values).where(eq(parkedSales.id, parkedId)).returning()
    : await tx
        .insert(parkedSales)
        .values({ id: parkedId, locationId: input.locationId, createdAt: now, createdBy: scope.userId, ...values })
        .returning();
  return {
    result: await view(tx, row!),
    audit: { targetType: 'parked_sale', targetId: parkedId, patientId: input.patientId ?? undefined, details: { kind: input.kind, total: pricing.total, replaced: Boolean(existing) } },
  };
}

export async function deleteParked(tx: Tx, scope: Scope, parkedId: string): Done<{ id: string }> {
  const [row] = await tx.select().from(parkedSales).where(eq(parkedSales.id, parkedId));
  if (!row) throw new NotVisible('parked_sale', parkedId);
  requireStore(scope, row.locationId, 'parked_sale');
  await tx.delete(parkedSales).where(and(eq(parkedSales.id, parkedId), eq(parkedSales.locationId, row.locationId)));
  return { result: { id: parkedId }, audit: { targetType: 'parked_sale', targetId: parkedId, patientId: row.patientId ?? undefined, details: { kind: row.kind } } };
}
