/**
 * Registers and their sessions: a clerk opens a session with a float counted by denomination (one open session per
 * register, refused by the database's partial unique index whatever the race), records pay-ins and pay-outs, reads
 * the X report at any time and closes with the counted cash, which fixes the Z report: expected = float + cash in +
 * pay-ins − cash out − pay-outs, difference = counted − expected. Sales and refunds count in the session that took
 * or paid back their money (payments.register_session_id).
 */
import { and, eq, sql } from 'drizzle-orm';
import { countedTotal, type CashMovementInput, type Register, type SessionClose, type SessionOpen, type SessionReport } from '../../src/contract/pos';
import type { PaymentMethod } from '../../src/contract/records';
import type { Tx } from '../db/client';
import { locations } from '../db/schema';
import { registers, registerSessions } from '../db/schema-pos';
import { discountLimitBp, expectedCashOf, recordCashMovement } from '../ledger/ledger';
import { iso, isoOrNull, num, rows } from '../db/values';
import { HttpError } from '../http/errors';
import type { Done } from '../scope/audited';
import { NotVisible, requireStore, type Scope, type Stores } from '../scope/scope';

type SessionRow = typeof registerSessions.$inferSelect;

/**
 * The registers of the stores, each with its open session and the caller's discount limit at its store: the one the
 * sale is held to (sales.ts), so the register refuses at the field what the server would refuse.
 */
export async function listRegisters(tx: Tx, scope: Scope, stores: Stores | readonly string[]): Promise<Register[]> {
  const only = stores === 'all' ? sql`` : sql`where r.location_id in (${sql.join(stores.length ? stores.map((s) => sql`${s}::uuid`) : [sql`null`], sql`, `)})`;
  const found = await rows(
    tx,
    sql`select r.id, r.location_id, r.name, l.currency, s.id as session_id, s.opened_at, u.display_name as opened_by
      from registers r
      join locations l on l.tenant_id = r.tenant_id and l.id = r.location_id
      left join register_sessions s on s.tenant_id = r.tenant_id and s.register_id = r.id and s.status = 'open'
      left join users u on u.tenant_id = s.tenant_id and u.id = s.opened_by
      ${only}
      order by r.location_id, r.name, r.id`,
  );
  const limits = new Map<string, number | null>();
  for (const locationId of new Set(found.map((r) => r.location_id as string))) limits.set(locationId, await discountLimitBp(tx, scope, locationId));
  return found.map((r) => ({
    id: r.id as string,
    locationId: r.location_id as string,
    name: r.name as string,
    currency: r.currency as string,
    openSession: r.session_id ? { id: r.session_id as string, openedAt: iso(r.opened_at), openedBy: r.opened_by as string } : null,
    discountLimitBp: limits.get(r.location_id as string) ?? null,
  }));
}

/** The session, when the caller may reach its store; `lock` holds it against a concurrent close (or sale, for close). */
export async function sessionOf(tx: Tx, scope: Scope, sessionId: string, lock?: 'share' | 'update'): Promise<SessionRow> {
  const q = tx.select().from(registerSessions).where(eq(registerSessions.id, sessionId));
  const [row] = lock ? await q.for(lock) : await q;
  if (!row) throw new NotVisible('register_session', sessionId);
  requireStore(scope, row.locationId, 'register_session');
  return row;
}

/** The X report (open) or Z report (closed) of a session. */
export async function sessionReport(tx: Tx, sessionId: string): Promise<SessionReport> {
  const [head] = await rows(
    tx,
    sql`select s.*, r.name as register_name, l.name as store_name, l.currency, ou.display_name as opened_by_name, cu.display_name as closed_by_name
      from register_sessions s
      join registers r on r.tenant_id = s.tenant_id and r.id = s.register_id
      join locations l on l.tenant_id = s.tenant_id and l.id = s.location_id
      join users ou on ou.tenant_id = s.tenant_id and ou.id = s.opened_by
      left join users cu on cu.tenant_id = s.tenant_id and cu.id = s.closed_by
      where s.id = ${sessionId}`,
  );
  const methods = await rows(
    tx,
    sql`select method, sum(amount)::float8 as amount, count(*)::int as n,
        coalesce(sum(amount) filter (where amount > 0), 0)::float8 as taken, coalesce(-sum(amount) filter (where amount < 0), 0)::float8 as returned
      from payments where register_session_id = ${sessionId} group by method order by method`,
  );
  const [sales] = await rows(
    tx,
    sql`select count(*) filter (where related_invoice_id is null)::int as sale_count,
        count(*) filter (where related_invoice_id is not null)::int as refund_count,
        coalesce(sum(total) filter (where related_invoice_id is null), 0)::float8 as sales_total,
        coalesce(-sum(total) filter (where related_invoice_id is not null), 0)::float8 as refunds_total,
        coalesce(sum(discount_total), 0)::float8 as discount_total, coalesce(sum(tax_total), 0)::float8 as tax_total
      from invoices where register_session_id = ${sessionId}`,
  );
  const movements = await rows(
    tx,
    sql`select m.id, m.kind, m.amount::float8 as amount, m.reason, m.at, u.display_name as by_name
      from cash_movements m join users u on u.tenant_id = m.tenant_id and u.id = m.by_user_id
      where m.session_id = ${sessionId} order by m.at, m.id`,
  );
  const review = await rows(
    tx,
    sql`select r.invoice_id, i.number, r.reasons, r.reviewed_at is not null as reviewed from sales_to_review r
      join invoices i on i.tenant_id = r.tenant_id and i.id = r.invoice_id
      where r.register_session_id = ${sessionId} order by i.number`,
  );
  const h = head!;
  const cash = methods.find((m) => m.method === 'cash');
  const cashIn = cash ? num(cash.taken) : 0;
  const cashOut = cash ? num(cash.returned) : 0;
  const sumOf = (kind: string) => movements.filter((m) => m.kind === kind).reduce((a, m) => a + num(m.amount), 0);
  const payIns = sumOf('pay-in');
  const payOuts = sumOf('pay-out');
  const floatTotal = num(h.float_total);
  const closed = h.status === 'closed';
  // Fixed at close (the Z report); while open, what the drawer should hold now.
  const expectedCash = closed ? num(h.expected_cash) : expectedCashOf({ floatTotal, cashIn, cashOut, payIns, payOuts });
  return {
    id: h.id as string,
    registerId: h.register_id as string,
    registerName: h.register_name as string,
    locationId: h.location_id as string,
    storeName: h.store_name as string,
    currency: h.currency as string,
    status: h.status as 'open' | 'closed',
    openedAt: iso(h.opened_at),
    openedBy: h.opened_by_name as string,
    closedAt: isoOrNull(h.closed_at),
    closedBy: (h.closed_by_name as string | null) ?? null,
    float: h.float as SessionReport['float'],
    floatTotal,
    cashIn,
    cashOut,
    payIns,
    payOuts,
    expectedCash,
    countedCash: h.counted_total === null ? null : num(h.counted_total),
    counted: (h.counted as SessionReport['counted']) ?? null,
    difference: h.difference === null ? null : num(h.difference),
    byMethod: methods.map((m) => ({ method: m.method as PaymentMethod, amount: num(m.amount), count: num(m.n) })),
    saleCount: num(sales!.sale_count),
    refundCount: num(sales!.refund_count),
    salesTotal: num(sales!.sales_total),
    refundsTotal: num(sales!.refunds_total),
    discountTotal: num(sales!.discount_total),
    taxTotal: num(sales!.tax_total),
    movements: movements.map((m) => ({ id: m.id as string, kind: m.kind as 'pay-in' | 'pay-out', amount: num(m.amount), reason: m.reason as string, at: iso(m.at), by: m.by_name as string })),
    toReview: review.map((r) => ({ invoiceId: r.invoice_id as string, number: num(r.number), reasons: r.reasons as string[], reviewed: r.reviewed === true })),
  };
}

export async function openSession(tx: Tx, scope: Scope, registerId: string, input: SessionOpen, now: Date): Done<SessionReport> {
  const [register] = await tx.select().from(registers).where(eq(registers.id, registerId)).for('update');
  if (!register) throw new NotVisible('register', registerId);
  requireStore(scope, register.locationId, 'register');
  // The register row's lock orders two clerks opening at once; the partial unique index refuses whatever slips by.
  const [open] = await tx
    .select({ id: registerSessions.id })
    .from(registerSessions)
    .where(and(eq(registerSessions.registerId, register.id), eq(registerSessions.status, 'open')));
  if (open) throw new HttpError(409, 'pos.sessionAlreadyOpen');
  const [session] = await tx
    .insert(registerSessions)
    .values({
      registerId: register.id,
      locationId: register.locationId,
      status: 'open',
      openedAt: now,
      openedBy: scope.userId,
      float: input.float,
      floatTotal: countedTotal(input.float),
      openNote: input.note,
    })
    .returning();
  return {
    result: await sessionReport(tx, session!.id),
    audit: { targetType: 'register_session', targetId: session!.id, details: { registerId: register.id, locationId: register.locationId, float: session!.floatTotal } },
  };
}

export async function addCashMovement(tx: Tx, scope: Scope, sessionId: string, input: CashMovementInput, now: Date): Done<SessionReport> {
  // Held for update: two pay-outs (or a pay-out and a close) are ordered, and each sees what the other took.
  const session = await sessionOf(tx, scope, sessionId, 'update');
  if (session.status !== 'open') throw new HttpError(409, 'pos.sessionClosed');
  const [store] = await tx.select({ currency: locations.currency }).from(locations).where(eq(locations.id, session.locationId));
  const movementId = await recordCashMovement(tx, scope, session, input, store!.currency, now);
  return {
    result: await sessionReport(tx, session.id),
    audit: { targetType: 'register_session', targetId: session.id, details: { movementId, kind: input.kind, amount: input.amount } },
  };
}

export async function closeSession(tx: Tx, scope: Scope, sessionId: string, input: SessionClose, now: Date): Done<SessionReport> {
  // The update lock waits for sales and movements in flight (they hold the session for share).
  const session = await sessionOf(tx, scope, sessionId, 'update');
  if (session.status !== 'open') throw new HttpError(409, 'pos.sessionClosed');
  const x = await sessionReport(tx, session.id);
  const counted = countedTotal(input.counted);
  await tx
    .update(registerSessions)
    .set({
      status: 'closed',
      closedAt: now,
      closedBy: scope.userId,
      counted: input.counted,
      countedTotal: counted,
      expectedCash: x.expectedCash,
      difference: counted - x.expectedCash,
      closeNote: input.note,
    })
    .where(eq(registerSessions.id, session.id));
  return {
    result: await sessionReport(tx, session.id),
    audit: { targetType: 'register_session', targetId: session.id, details: { expected: x.expectedCash, counted, difference: counted - x.expectedCash } },
  };
}
