/** Invoice reads of one patient: the list with open balances, and one invoice with what its receipt needs. */
import { sql } from 'drizzle-orm';
import type { InvoiceDetail, InvoiceList, InvoiceSummary, LabOrder } from '../../src/contract/records';
import { storeSettingsOf } from '../settings/settings';
import type { Tx } from '../db/client';
import { iso, num, rows } from '../db/values';
import { givenBack } from '../ledger/ledger';

/** What is still owed: nothing on a void or refunded invoice (its credit record settles it). */
export const balanceOf = (status: string, total: number, paid: number) => (status === 'open' || status === 'paid' ? total - paid : 0);

/** The patient's invoices (or one of them); with no patient, the one invoice whoever it is of (a walk-in's too). */
export async function invoiceSummaries(
  tx: Tx,
  patientId: string | null,
  invoiceId?: string,
): Promise<(Omit<InvoiceSummary, 'patientId'> & { patientId: string | null; notes: string; relatedInvoiceId: string | null })[]> {
  const found = await rows(
    tx,
    sql`select i.id, i.number, i.patient_id, i.location_id, l.name as store_name, i.status, i.issued_at, i.currency,
        i.subtotal::float8 as subtotal, i.discount_total::float8 as discount_total, i.tax_total::float8 as tax_total,
        i.total::float8 as total, i.paid_total::float8 as paid_total, i.notes, i.related_invoice_id,
        (select count(*)::int from invoice_lines il where il.tenant_id = i.tenant_id and il.invoice_id = i.id) as line_count
      from invoices i join locations l on l.tenant_id = i.tenant_id and l.id = i.location_id
      where ${patientId !== null ? sql`i.patient_id = ${patientId}` : sql`true`} ${invoiceId ? sql`and i.id = ${invoiceId}` : sql``}
      order by i.issued_at desc, i.number desc`,
  );
  return found.map((r) => {
    const total = num(r.total);
    const paidTotal = num(r.paid_total);
    return {
      id: r.id as string,
      number: num(r.number),
      patientId: (r.patient_id as string | null) ?? null,
      locationId: r.location_id as string,
      storeName: r.store_name as string,
      status: r.status as InvoiceSummary['status'],
      issuedAt: iso(r.issued_at),
      currency: r.currency as string,
      subtotal: num(r.subtotal),
      discountTotal: num(r.discount_total),
      taxTotal: num(r.tax_total),
      total,
      paidTotal,
      balance: balanceOf(r.status as string, total, paidTotal),
      lineCount: num(r.line_count),
      notes: r.notes as string,
      relatedInvoiceId: (r.related_invoice_id as string | null) ?? null,
    };
  });
}

export function openBalances(list: Pick<InvoiceSummary, 'status' | 'currency' | 'balance'>[]) {
  const open = list.filter((i) => i.status === 'open');
  const byCurrency = new Map<string, number>();
  for (const i of open) byCurrency.set(i.currency, (byCurrency.get(i.currency) ?? 0) + i.balance);
  return { openInvoices: open.length, amounts: [...byCurrency].sort().map(([currency, amount]) => ({ currency, amount })) };
}

export async function readInvoices(tx: Tx, patientId: string): Promise<InvoiceList> {
  const list = (await invoiceSummaries(tx, patientId)).map(({ notes: _n, relatedInvoiceId: _r, ...summary }) => ({ ...summary, patientId }));
  return { invoices: list, balances: openBalances(list).amounts };
}

/** One invoice of the patient; with no patient (null), the invoice by its id alone (the register reads walk-ins' so). */
export async function readInvoice(tx: Tx, patientId: string | null, invoiceId: string): Promise<InvoiceDetail | null> {
  const [invoice] = await invoiceSummaries(tx, patientId, invoiceId);
  if (!invoice) return null;
  const lines = await rows(
    tx,
    sql`select line_no, kind, sku, description, quantity, unit_price::float8 as unit_price, discount::float8 as discount,
        tax::float8 as tax, total::float8 as total
      from invoice_lines where invoice_id = ${invoiceId} order by line_no`,
  );
  const paid = await rows(
    tx,
    sql`select id, method, amount::float8 as amount, paid_at, reference, tendered::float8 as tendered
      from payments where invoice_id = ${invoiceId} order by paid_at, id`,
  );
  const [store] = await rows(
    tx,
    // The store's own logo wins over the company's.
    sql`select l.name, l.address, l.phone, l.time_zone, l.tax_rate_bp, c.name as company_name, coalesce(l.logo, c.logo) as logo
      from locations l join companies c on c.tenant_id = l.tenant_id where l.id = ${invoice.locationId}`,
  );
  const storeSettings = await storeSettingsOf(tx, invoice.locationId);
  const [patient] = invoice.patientId ? await rows(tx, sql`select first_name, last_name from patients where id = ${invoice.patientId}`) : [];
  // What earlier refunds and voids gave back of each line: the books' own count.
  const back = await givenBack(tx, invoiceId);
  const [related] = invoice.relatedInvoiceId ? await rows(tx, sql`select number from invoices where id = ${invoice.relatedInvoiceId}`) : [];
  const orders = await rows(
    tx,
    sql`select id, number, status, expected_on::text as expected_on, invoice_line_no from lab_orders
      where invoice_id = ${invoiceId} order by number`,
  );
  return {
    ...invoice,
    relatedInvoiceNumber: related ? num(related.number) : null,
    patientName: patient ? `${patient.first_name as string} ${patient.last_name as string}` : null,
    lines: lines.map((l) => ({
      lineNo: num(l.line_no),
      kind: l.kind as InvoiceDetail['lines'][number]['kind'],
      sku: l.sku as string,
      description: l.description as string,
      quantity: num(l.quantity),
      unitPrice: num(l.unit_price),
      discount: num(l.discount),
      tax: num(l.tax),
      total: num(l.total),
      givenBack: back.of(num(l.line_no)).quantity,
    })),
    payments: paid.map((p) => ({
      id: p.id as string,
      method: p.method as InvoiceDetail['payments'][number]['method'],
      amount: num(p.amount),
      paidAt: iso(p.paid_at),
      reference: p.reference as string,
      // Only what is worth printing: cash handed over beyond the amount (the change).
      tendered: p.tendered !== null && num(p.tendered) > num(p.amount) ? num(p.tendered) : null,
    })),
    store: {
      name: store!.name as string,
      address: store!.address as string,
      phone: store!.phone as string,
      timeZone: store!.time_zone as string,
      taxRateBp: num(store!.tax_rate_bp),
      companyName: store!.company_name as string,
      taxNumber: storeSettings.taxNumber,
      receiptFooter: storeSettings.receiptFooter,
      logo: (store!.logo as string | null) ?? null,
    },
    orders: orders.map((o) => ({
      id: o.id as string,
      number: num(o.number),
      status: o.status as LabOrder['status'],
      expectedOn: (o.expected_on as string | null) ?? null,
      invoiceLineNo: o.invoice_line_no === null ? null : num(o.invoice_line_no),
    })),
  };
}
