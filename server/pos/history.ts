/**
 * What a register looks back on: its sales and credit records of a day in the store's time zone (through its
 * sessions), and any invoice of the caller's stores read as the invoice screen does (a walk-in's included).
 */
import { eq, sql } from 'drizzle-orm';
import type { HistoryItem } from '../../src/contract/pos';
import type { InvoiceDetail, PaymentMethod } from '../../src/contract/records';
import type { Tx } from '../db/client';
import { locations } from '../db/schema';
import { registers } from '../db/schema-pos';
import { invoices } from '../db/schema-invoices';
import { iso, localParts, num, rows } from '../db/values';
import type { Done } from '../scope/audited';
import { NotVisible, requireStore, type Scope } from '../scope/scope';
import { balanceOf, readInvoice } from '../sales/sales';

export async function registerHistory(tx: Tx, scope: Scope, q: { registerId: string; day?: string }, now: Date): Done<{ items: HistoryItem[] }> {
  const [register] = await tx
    .select({ id: registers.id, locationId: registers.locationId, timeZone: locations.timeZone })
    .from(registers)
    .innerJoin(locations, eq(locations.id, registers.locationId))
    .where(eq(registers.id, q.registerId));
  if (!register) throw new NotVisible('register', q.registerId);
  requireStore(scope, register.locationId, 'register');
  const day = q.day ?? localParts(now, register.timeZone).date;
  // The day's bounds in the store's zone; the sessions' index finds the invoices, the day bounds them.
  const found = await rows(
    tx,
    sql`select i.id, i.number, i.issued_at, i.patient_id, p.first_name, p.last_name, i.status, i.currency, i.total::float8 as total,
        i.paid_total::float8 as paid_total, i.related_invoice_id, coalesce(u.display_name, '') as clerk,
        coalesce((select array_agg(distinct pm.method order by pm.method) from payments pm where pm.tenant_id = i.tenant_id and pm.invoice_id = i.id), '{}') as methods
      from register_sessions s
      join invoices i on i.tenant_id = s.tenant_id and i.register_session_id = s.id
      left join patients p on p.tenant_id = i.tenant_id and p.id = i.patient_id
      left join users u on u.tenant_id = i.tenant_id and u.id = i.created_by
      where s.register_id = ${register.id}
        and i.issued_at >= (${day}::date)::timestamp at time zone ${register.timeZone}
        and i.issued_at < (${day}::date + 1)::timestamp at time zone ${register.timeZone}
      order by i.issued_at desc, i.number desc`,
  );
  const items: HistoryItem[] = found.map((r) => {
    const total = num(r.total);
    const paidTotal = num(r.paid_total);
    return {
      invoiceId: r.id as string,
      number: num(r.number),
      issuedAt: iso(r.issued_at),
      patientId: (r.patient_id as string | null) ?? null,
      patientName: r.patient_id ? `${r.first_name as string} ${r.last_name as string}` : null,
      status: r.status as string,
      currency: r.currency as string,
      total,
      paidTotal,
      balance: r.related_invoice_id ? 0 : balanceOf(r.status as string, total, paidTotal),
      relatedInvoiceId: (r.related_invoice_id as string | null) ?? null,
      clerk: r.clerk as string,
      methods: (typeof r.methods === 'string' ? (r.methods as string).replace(/^\{|\}$/g, '').split(',').filter(Boolean) : (r.methods as string[])) as PaymentMethod[],
    };
  });
  return { result: { items }, audit: { targetType: 'register', targetId: register.id, details: { day, count: items.length } } };
}

export async function posInvoice(tx: Tx, scope: Scope, invoiceId: string): Done<InvoiceDetail> {
  const [inv] = await tx.select({ locationId: invoices.locationId, patientId: invoices.patientId }).from(invoices).where(eq(invoices.id, invoiceId));
  if (!inv) throw new NotVisible('invoice', invoiceId);
  requireStore(scope, inv.locationId, 'invoice');
  const detail = await readInvoice(tx, null, invoiceId);
  return { result: detail!, audit: { targetType: 'invoice', targetId: invoiceId, patientId: inv.patientId ?? undefined } };
}
