/**
 * Lab orders: made from a spectacle Rx and an invoice line of the same patient, moved only along the edges of
 * src/contract/labOrders.ts, every move written to lab_order_events with who and when. Reaching ready-for-pickup
 * and entering in production queue the patient's message with a tracking link (server/inbox/tracking.ts); a remake ends the order and creates a new draft linked to it with the reason.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  canMoveLabOrder,
  type LabOrderCreate,
  type LabOrderStatus,
  type LabOrderStatusChange,
  type LabOrderStatusResult,
  type LabOrderView,
} from '../../src/contract/labOrders';
import type { Tx } from '../db/client';
import { lockNumbering } from '../db/pg';
import { labOrderEvents, labOrders, spectacleRx } from '../db/schema-records';
import { invoiceLines, invoices } from '../db/schema-invoices';
import { HttpError } from '../http/errors';
import { formatUsDate } from '../../src/contract/eforms';
import { issueTrackingLink, type TrackingLinks } from '../inbox/tracking';
import { notifyPatient } from '../messaging/messaging';
import type { Done } from '../scope/audited';
import { displayNameOf, NotVisible, requireStore, visiblePatient, type Scope } from '../scope/scope';

type OrderRow = typeof labOrders.$inferSelect;

export function orderView(o: OrderRow): LabOrderView {
  return {
    id: o.id,
    number: o.number,
    locationId: o.locationId,
    patientId: o.patientId,
    rxId: o.rxId,
    invoiceId: o.invoiceId,
    invoiceLineNo: o.invoiceLineNo,
    status: o.status,
    labName: o.labName,
    expectedOn: o.expectedOn,
    remakeOfId: o.remakeOfId,
    remakeReason: o.remakeReason,
    remakeReasonKind: o.remakeReasonKind ?? null,
  };
}

async function nextOrderNumber(tx: Tx, locationId: string): Promise<number> {
  await lockNumbering(tx, 'lab-order', locationId);
  const [row] = await tx.select({ next: sql<number>`coalesce(max(${labOrders.number}), 0) + 1` }).from(labOrders).where(eq(labOrders.locationId, locationId));
  return Number(row!.next);
}

/** `note` goes on the draft's first event (the register notes a deposit's balance due at pickup). */
export async function createLabOrder(tx: Tx, scope: Scope, input: LabOrderCreate, now: Date, note = ''): Done<LabOrderView> {
  const patient = await visiblePatient(tx, scope, input.patientId);
  const [rx] = await tx.select({ id: spectacleRx.id }).from(spectacleRx).where(and(eq(spectacleRx.id, input.rxId), eq(spectacleRx.patientId, patient.id)));
  if (!rx) throw new NotVisible('spectacle_rx', input.rxId);
  const [inv] = await tx.select().from(invoices).where(and(eq(invoices.id, input.invoiceId), eq(invoices.patientId, patient.id)));
  if (!inv) throw new NotVisible('invoice', input.invoiceId);
  requireStore(scope, inv.locationId, 'invoice');
  if (inv.status === 'void' || inv.status === 'refunded' || inv.relatedInvoiceId) {
    throw new HttpError(409, inv.relatedInvoiceId ? 'labOrders.invoiceIsCreditRecord' : 'labOrders.invoiceNotOpen', inv.relatedInvoiceId ? {} : { params: { status: inv.status } });
  }
  const [line] = await tx
    .select({ lineNo: invoiceLines.lineNo })
    .from(invoiceLines)
    .where(and(eq(invoiceLines.invoiceId, inv.id), eq(invoiceLines.lineNo, input.invoiceLineNo)));
  if (!line) throw new HttpError(400, 'request.fieldsInvalid', { fields: { invoiceLineNo: 'Invoice line must be a line number of the invoice' } });
  const number = await nextOrderNumber(tx, inv.locationId);
  const [order] = await tx
    .insert(labOrders)
    .values({
      locationId: inv.locationId,
      number,
      patientId: patient.id,
      rxId: rx.id,
      invoiceId: inv.id,
      invoiceLineNo: line.lineNo,
      status: 'draft',
      frame: input.frame,
      lens: input.lens,
      fittingHeights: input.fittingHeights,
      labName: input.labName,
      expectedOn: input.expectedOn,
      createdBy: scope.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await tx.insert(labOrderEvents).values({ labOrderId: order!.id, fromStatus: null, toStatus: 'draft', at: now, byUserId: scope.userId, byName: await displayNameOf(tx, scope.userId), note });
  return { result: orderView(order!), audit: { targetType: 'lab_order', targetId: order!.id, patientId: patient.id, details: { number, invoiceId: inv.id, rxId: rx.id } } };
}

/** The status an on-hold order was held in (the `from` of the latest move to on-hold). */
async function heldFrom(tx: Tx, orderId: string): Promise<LabOrderStatus | null> {
  const [ev] = await tx
    .select({ from: labOrderEvents.fromStatus })
    .from(labOrderEvents)
    .where(and(eq(labOrderEvents.labOrderId, orderId), eq(labOrderEvents.toStatus, 'on-hold')))
    .orderBy(desc(labOrderEvents.id))
    .limit(1);
  return ev?.from ?? null;
}

/**
 * The patient's messages of the workflow: entering in production ("in process") and ready for pickup, each with a
 * fresh tracking link, queued in the transaction of the move.
 */
const orderMessages: Partial<Record<LabOrderStatus, { key: 'order.inProcess' | 'order.ready'; status: string }>> = {
  'in-production': { key: 'order.inProcess', status: 'in production' },
  'ready-for-pickup': { key: 'order.ready', status: 'ready for pickup' },
};

export async function moveLabOrder(
  tx: Tx,
  scope: Scope,
  orderId: string,
  input: LabOrderStatusChange,
  now: Date,
  links: TrackingLinks,
): Done<LabOrderStatusResult> {
  const [order] = await tx.select().from(labOrders).where(eq(labOrders.id, orderId)).for('update');
  if (!order) throw new NotVisible('lab_order', orderId);
  requireStore(scope, order.locationId, 'lab_order');
  const from = order.status;
  // The caller saw another status: someone else (or the caller's own first click) moved the order meanwhile.
  if (input.from !== undefined && input.from !== from) throw new HttpError(409, 'labOrders.movedOn', { params: { status: from } });
  const held = from === 'on-hold' ? await heldFrom(tx, order.id) : null;
  if (!canMoveLabOrder(from, input.to, held)) throw new HttpError(409, 'labOrders.cannotMove', { params: { from, to: input.to } });

  const byName = await displayNameOf(tx, scope.userId);
  const [updated] = await tx.update(labOrders).set({ status: input.to, updatedAt: now }).where(eq(labOrders.id, order.id)).returning();
  await tx.insert(labOrderEvents).values({ labOrderId: order.id, fromStatus: from, toStatus: input.to, at: now, byUserId: scope.userId, byName, note: input.to === 'remake' ? (input.reason ?? '') : input.note });

  let remake: OrderRow | null = null;
  if (input.to === 'remake') {
    const number = await nextOrderNumber(tx, order.locationId);
    const created = await tx
      .insert(labOrders)
      .values({
        locationId: order.locationId,
        number,
        patientId: order.patientId,
        rxId: order.rxId,
        invoiceId: order.invoiceId,
        invoiceLineNo: order.invoiceLineNo,
        status: 'draft',
        frame: order.frame,
        lens: order.lens,
        fittingHeights: order.fittingHeights,
        labName: order.labName,
        remakeOfId: order.id,
        remakeReason: input.reason!,
        remakeReasonKind: input.reasonKind ?? 'other',
        createdBy: scope.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    remake = created[0]!;
    await tx.insert(labOrderEvents).values({ labOrderId: remake.id, fromStatus: null, toStatus: 'draft', at: now, byUserId: scope.userId, byName, note: `Remake of order ${order.number}: ${input.reason}` });
  }

  const deliver: { tenantId: string; id: string }[] = [];
  let notified: string | null = null;
  const message = orderMessages[input.to];
  if (message) {
    // The patient row is read past the store check: the order's store was checked above.
    const patient = await visiblePatient(tx, { ...scope, stores: 'all' }, order.patientId);
    const trackingLink = await issueTrackingLink(tx, links, scope.tenantId, order.id, now);
    const sent = await notifyPatient(tx, {
      tenantId: scope.tenantId,
      patient,
      locationId: order.locationId,
      key: message.key,
      fields: {
        orderNumber: String(order.number),
        orderStatus: message.status,
        expectedDate: order.expectedOn ? formatUsDate(new Date(`${order.expectedOn}T00:00:00Z`)) : '',
        trackingLink,
      },
    });
    if (sent) {
      deliver.push(sent.ref);
      notified = sent.channel;
    }
  }
  return {
    result: { order: orderView(updated!), remake: remake ? orderView(remake) : null },
    audit: {
      targetType: 'lab_order',
      targetId: order.id,
      patientId: order.patientId,
      details: { from, to: input.to, ...(remake ? { remakeId: remake.id } : {}), ...(message ? { notified } : {}) },
    },
    deliver,
  };
}
