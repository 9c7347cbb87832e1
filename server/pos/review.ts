/**
 * Sales to review as the work desk lists them: an offline sale the server recorded otherwise than the register sent
 * it (server/ledger/review.ts flags it), in the caller's stores, newest first, until someone marks it reviewed.
 */
import { sql } from 'drizzle-orm';
import type { ReviewList, SaleToReview } from '../../src/contract/salesToReview';
import type { Tx } from '../db/client';
import { iso, isoOrNull, num, rows } from '../db/values';
import { markReviewed } from '../ledger/ledger';
import type { Done } from '../scope/audited';
import { NotVisible, requireBodyStore, requireStore, type Scope } from '../scope/scope';

const listed = 200;

export async function salesToReview(tx: Tx, scope: Scope, q: { locationId?: string; status: 'open' | 'all' }): Done<ReviewList> {
  if (q.locationId) await requireBodyStore(tx, scope, q.locationId);
  const stores = q.locationId ? [q.locationId] : scope.stores;
  const inStores =
    stores === 'all' ? sql`true` : sql`r.location_id in (${sql.join(stores.length ? stores.map((s) => sql`${s}::uuid`) : [sql`null`], sql`, `)})`;
  const found = await rows(
    tx,
    sql`select r.invoice_id, i.number, r.location_id, l.name as store_name, g.name as register_name, i.issued_at,
        p.id as patient_id, case when p.id is null then null else p.first_name || ' ' || p.last_name end as patient_name, i.currency,
        i.total::float8 as total, i.paid_total::float8 as paid_total, r.reasons, r.details, r.created_at, r.reviewed_at,
        u.display_name as reviewed_by
      from sales_to_review r
      join invoices i on i.tenant_id = r.tenant_id and i.id = r.invoice_id
      join locations l on l.tenant_id = r.tenant_id and l.id = r.location_id
      left join register_sessions s on s.tenant_id = r.tenant_id and s.id = r.register_session_id
      left join registers g on g.tenant_id = s.tenant_id and g.id = s.register_id
      left join patients p on p.tenant_id = i.tenant_id and p.id = i.patient_id
      left join users u on u.tenant_id = r.tenant_id and u.id = r.reviewed_by
      where ${inStores} ${q.status === 'open' ? sql`and r.reviewed_at is null` : sql``}
      order by r.created_at desc, r.invoice_id limit ${listed}`,
  );
  const items: SaleToReview[] = found.map((r) => ({
    invoiceId: r.invoice_id as string,
    number: num(r.number),
    locationId: r.location_id as string,
    storeName: r.store_name as string,
    registerName: (r.register_name as string | null) ?? null,
    issuedAt: iso(r.issued_at),
    patientId: (r.patient_id as string | null) ?? null,
    patientName: (r.patient_name as string | null) ?? null,
    currency: r.currency as string,
    total: num(r.total),
    paidTotal: num(r.paid_total),
    reasons: r.reasons as SaleToReview['reasons'],
    details: (r.details as Record<string, unknown>) ?? {},
    createdAt: iso(r.created_at),
    reviewedAt: isoOrNull(r.reviewed_at),
    reviewedBy: (r.reviewed_by as string | null) ?? null,
  }));
  return { result: { items }, audit: { targetType: 'location', targetId: q.locationId, details: { status: q.status, count: items.length } } };
}

export async function reviewSale(tx: Tx, scope: Scope, invoiceId: string, now: Date): Done<{ invoiceId: string }> {
  const [row] = await rows(tx, sql`select location_id from sales_to_review where invoice_id = ${invoiceId}`);
  if (!row) throw new NotVisible('invoice', invoiceId);
  requireStore(scope, row.location_id as string, 'invoice');
  await markReviewed(tx, scope, invoiceId, now);
  return { result: { invoiceId }, audit: { targetType: 'invoice', targetId: invoiceId } };
}
