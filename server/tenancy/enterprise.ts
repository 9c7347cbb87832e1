/** The enterprise admin's summary: per company, aggregates only (the SECURITY DEFINER app_enterprise_summary). */
import { sql } from 'drizzle-orm';
import type { EnterpriseSummary } from '../../src/contract/records';
import { queryRows, type Tx } from '../db/client';

export async function readEnterpriseSummary(tx: Tx, now: Date): Promise<EnterpriseSummary['companies']> {
  const rows = await queryRows<Record<string, unknown>>(tx, sql`select * from app_enterprise_summary(${now.toISOString()}::timestamptz)`);
  return rows.map((r) => ({
    tenantId: r.tenant_id as string,
    name: r.name as string,
    slug: r.slug as string,
    stores: Number(r.stores),
    patients: Number(r.patients),
    upcomingAppointments: Number(r.upcoming_appointments),
    openInvoices: Number(r.open_invoices),
    openBalances: (r.open_balances as { currency: string; amount: number | string }[]).map((b) => ({ currency: b.currency, amount: Number(b.amount) })),
    labOrdersInProgress: Number(r.lab_orders_in_progress),
  }));
}
