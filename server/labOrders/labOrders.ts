/** Lab-order reads of one patient (the portal, the staff chart, an Rx's orders, the patient's home). */
import { sql, type SQL } from 'drizzle-orm';
import { awaitedLabOrderStatuses } from '../../src/contract/labOrderLookup';
import type { LabOrder } from '../../src/contract/records';
import type { Tx } from '../db/client';
import { iso, num, rows, storeToday, type Row } from '../db/values';

const awaited = sql.raw(awaitedLabOrderStatuses.map((s) => `'${s}'`).join(', '));

/**
 * The one rule of an overdue lab order: still awaited from the lab and expected before its store's today, in the
 * store's time zone. `o` and `l` are the query's lab_orders and locations rows.
 */
export const overdueOrder = (now: Date) => sql`(o.status in (${awaited}) and o.expected_on < ${storeToday(now, sql`l.time_zone`)})`;

/** The patient's lab orders with their status history, newest first; `where` narrows them (e.g. one Rx). */
export async function labOrderRows(tx: Tx, patientId: string, now: Date, where: SQL = sql``): Promise<LabOrder[]> {
  const found = await rows(
    tx,
    sql`select o.id, o.number, o.patient_id, o.location_id, l.name as store_name, o.status, o.rx_id, o.invoice_id,
        i.number as invoice_number, i.status as invoice_status, o.invoice_line_no, o.remake_reason_kind,
        (select e.from_status from lab_order_events e where e.tenant_id = o.tenant_id and e.lab_order_id = o.id and o.status = 'on-hold'
          and e.to_status = 'on-hold' order by e.id desc limit 1) as held_from, o.frame, o.lens, o.fitting_heights, o.lab_name,
        o.expected_on::text as expected_on, ${overdueOrder(now)} as overdue, o.remake_of_id, o.remake_reason, o.created_at, o.updated_at,
        coalesce((select json_agg(json_build_object('fromStatus', e.from_status, 'status', e.to_status, 'at', e.at,
            'byName', e.by_name, 'note', e.note) order by e.at, e.id)
          from lab_order_events e where e.tenant_id = o.tenant_id and e.lab_order_id = o.id), '[]'::json) as events
      from lab_orders o
      join locations l on l.tenant_id = o.tenant_id and l.id = o.location_id
      left join invoices i on i.tenant_id = o.tenant_id and i.id = o.invoice_id
      where o.patient_id = ${patientId} ${where}
      order by o.created_at desc, o.number desc`,
  );
  return found.map((r) => {
    const frame = r.frame as LabOrder['frame'];
    const lens = r.lens as LabOrder['lens'];
    const heights = r.fitting_heights as LabOrder['fittingHeights'];
    return {
      id: r.id as string,
      number: num(r.number),
      patientId: r.patient_id as string,
      locationId: r.location_id as string,
      storeName: r.store_name as string,
      status: r.status as LabOrder['status'],
      rxId: (r.rx_id as string | null) ?? null,
      invoiceId: (r.invoice_id as string | null) ?? null,
      invoiceNumber: r.invoice_number === null ? null : num(r.invoice_number),
      invoiceLineNo: r.invoice_line_no === null ? null : num(r.invoice_line_no),
      frame: { brand: frame.brand, model: frame.model, colour: frame.colour, a: frame.a ?? null, b: frame.b ?? null, dbl: frame.dbl ?? null },
      lens: { type: lens.type, material: lens.material, coatings: lens.coatings ?? [] },
      fittingHeights: { right: heights.right ?? null, left: heights.left ?? null },
      labName: r.lab_name as string,
      expectedOn: (r.expected_on as string | null) ?? null,
      overdue: r.overdue === true,
      remakeOfId: (r.remake_of_id as string | null) ?? null,
      remakeReason: (r.remake_reason as string | null) ?? null,
      remakeReasonKind: (r.remake_reason_kind as LabOrder['remakeReasonKind']) ?? null,
      invoiceStatus: (r.invoice_status as LabOrder['invoiceStatus']) ?? null,
      heldFrom: (r.held_from as LabOrder['heldFrom']) ?? null,
      createdAt: iso(r.created_at),
      updatedAt: iso(r.updated_at),
      events: (r.events as Row[]).map((e) => ({
        fromStatus: (e.fromStatus as LabOrder['status'] | null) ?? null,
        status: e.status as LabOrder['status'],
        at: iso(e.at),
        byName: e.byName as string,
        note: e.note as string,
      })),
    };
  });
}

export const readLabOrders = async (tx: Tx, patientId: string, now: Date): Promise<{ orders: LabOrder[] }> => ({
  orders: await labOrderRows(tx, patientId, now),
});
