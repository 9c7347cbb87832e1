/**
 * A register session's cash: expected = float + cash taken − cash paid back + pay-ins − pay-outs. Cash payments
 * are recorded net of change (what the sale kept), so the payments of a session carry the cash in and out.
 */
import { sql } from 'drizzle-orm';
import type { CashMovementInput } from '../../src/contract/pos';
import { moneyParams } from '../../src/contract/money';
import type { Tx } from '../db/client';
import { cashMovements, type registerSessions } from '../db/schema-pos';
import { num, rows } from '../db/values';
import { HttpError } from '../http/errors';
import type { Scope } from '../scope/scope';

type SessionRow = typeof registerSessions.$inferSelect;

export interface DrawerFigures {
  floatTotal: number;
  cashIn: number;
  cashOut: number;
  payIns: number;
  payOuts: number;
}

export const expectedCashOf = (d: DrawerFigures) => d.floatTotal + d.cashIn + d.payIns - d.cashOut - d.payOuts;

export async function drawerFigures(tx: Tx, session: Pick<SessionRow, 'id' | 'floatTotal'>): Promise<DrawerFigures> {
  const [row] = await rows(
    tx,
    sql`select
        (select coalesce(sum(amount) filter (where amount > 0), 0)::float8 from payments where register_session_id = ${session.id} and method = 'cash') as cash_in,
        (select coalesce(-sum(amount) filter (where amount < 0), 0)::float8 from payments where register_session_id = ${session.id} and method = 'cash') as cash_out,
        (select coalesce(sum(amount) filter (where kind = 'pay-in'), 0)::float8 from cash_movements where session_id = ${session.id}) as pay_ins,
        (select coalesce(sum(amount) filter (where kind = 'pay-out'), 0)::float8 from cash_movements where session_id = ${session.id}) as pay_outs`,
  );
  return { floatTotal: session.floatTotal, cashIn: num(row!.cash_in), cashOut: num(row!.cash_out), payIns: num(row!.pay_ins), payOuts: num(row!.pay_outs) };
}

/**
 * A pay-in or pay-out of an open session, the session row locked for update by the caller so two pay-outs (and a
 * cash refund) are ordered; a pay-out takes no more than the drawer should hold.
 */
export async function recordCashMovement(tx: Tx, scope: Scope, session: SessionRow, input: CashMovementInput, currency: string, now: Date): Promise<string> {
  if (input.kind === 'pay-out') {
    const expected = expectedCashOf(await drawerFigures(tx, session));
    if (input.amount > expected) throw new HttpError(409, 'pos.payOutOverCash', { params: moneyParams('amount', Math.max(expected, 0), currency) });
  }
  const [movement] = await tx
    .insert(cashMovements)
    .values({ sessionId: session.id, kind: input.kind, amount: input.amount, reason: input.reason, at: now, byUserId: scope.userId })
    .returning({ id: cashMovements.id });
  return movement!.id;
}
