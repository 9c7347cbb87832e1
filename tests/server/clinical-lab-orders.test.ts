/**
 * Lab orders over HTTP against the real app and database: the whole status matrix with its events, holds and
 * remakes, the ready-for-pickup message and its templates, and the Rx and invoice an order may name.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { canMoveLabOrder, labOrderStatuses, type LabOrderStatus } from '../../src/contract/labOrders';
import { admin, call, h, ok, orderBody, orderFixture, staff, startClinical } from './clinical-fixtures';
import { demoIds, json, ownerRows } from './harness';

startClinical();

/** Moves that bring a new order to each status (on-hold is held from sent-to-lab). */
const pathTo: Record<LabOrderStatus, { to: LabOrderStatus; reason?: string }[]> = {
  draft: [],
  'sent-to-lab': [{ to: 'sent-to-lab' }],
  'in-production': [{ to: 'sent-to-lab' }, { to: 'in-production' }],
  received: [{ to: 'sent-to-lab' }, { to: 'in-production' }, { to: 'received' }],
  'ready-for-pickup': [{ to: 'sent-to-lab' }, { to: 'in-production' }, { to: 'received' }, { to: 'ready-for-pickup' }],
  delivered: [{ to: 'sent-to-lab' }, { to: 'in-production' }, { to: 'received' }, { to: 'ready-for-pickup' }, { to: 'delivered' }],
  'on-hold': [{ to: 'sent-to-lab' }, { to: 'on-hold' }],
  remake: [{ to: 'sent-to-lab' }, { to: 'in-production' }, { to: 'received' }, { to: 'remake', reason: 'Scratched lens' }],
  cancelled: [{ to: 'cancelled' }],
};
const heldFromOf = (s: LabOrderStatus) => (s === 'on-hold' ? 'sent-to-lab' : null);

describe('lab orders', () => {
  let fixture: Awaited<ReturnType<typeof orderFixture>>;
  beforeAll(async () => {
    fixture = await orderFixture(admin, { preferredChannel: 'sms', phone: '+1 555 0199' });
  });

  async function orderIn(status: LabOrderStatus): Promise<string> {
    const order = await ok<{ id: string }>(call(admin, 'POST', '/api/lab-orders', orderBody(fixture)));
    for (const step of pathTo[status]) await ok(call(admin, 'POST', `/api/lab-orders/${order.id}/status`, step), 200);
    return order.id;
  }

  const matrix = labOrderStatuses.flatMap((from) => labOrderStatuses.map((to) => ({ from, to })));
  it.each(matrix)('$from -> $to over HTTP follows the edge list', async ({ from, to }) => {
    const id = await orderIn(from);
    const res = await call(staff, 'POST', `/api/lab-orders/${id}/status`, { to, ...(to === 'remake' ? { reason: 'Wrong PD' } : {}) });
    const allowed = canMoveLabOrder(from, to, heldFromOf(from));
    if (allowed) {
      expect(res.statusCode, res.body).toBe(200);
      const body = json<{ order: { status: string }; remake: { status: string; remakeOfId: string; remakeReason: string } | null }>(res);
      expect(body.order.status).toBe(to);
      if (to === 'remake') expect(body.remake).toMatchObject({ status: 'draft', remakeOfId: id, remakeReason: 'Wrong PD' });
      const [ev] = await ownerRows<{ from_status: string; to_status: string; by_user_id: string; by_name: string; at: Date }>(
        h,
        sql`select from_status, to_status, by_user_id, by_name, at from lab_order_events where lab_order_id = ${id} order by id desc limit 1`,
      );
      expect(ev).toMatchObject({ from_status: from, to_status: to, by_user_id: staff.user.id, by_name: 'Sam Staff' });
      expect(Math.abs(Date.now() - new Date(ev!.at).getTime())).toBeLessThan(120_000);
    } else {
      expect(res.statusCode, res.body).toBe(409);
      expect(json(res)).toEqual({ error: `Cannot move an order from ${from} to ${to}`, code: 'labOrders.cannotMove', params: { from, to } });
      const [row] = await ownerRows<{ status: string }>(h, sql`select status from lab_orders where id = ${id}`);
      expect(row!.status).toBe(from);
    }
  });

  it('the edge list has every main-line step and the side paths of the brief', () => {
    const allowedPairs = matrix.filter(({ from, to }) => canMoveLabOrder(from, to, heldFromOf(from))).map(({ from, to }) => `${from}>${to}`);
    expect(allowedPairs.sort()).toEqual(
      [
        'draft>sent-to-lab', 'sent-to-lab>in-production', 'in-production>received', 'received>ready-for-pickup', 'ready-for-pickup>delivered',
        'sent-to-lab>on-hold', 'in-production>on-hold', 'received>on-hold', 'on-hold>sent-to-lab',
        'draft>cancelled', 'sent-to-lab>cancelled', 'in-production>cancelled', 'on-hold>cancelled',
        'received>remake', 'ready-for-pickup>remake', 'delivered>remake',
      ].sort(),
    );
  });

  it('an order on hold returns only to the status it was held in', async () => {
    for (const heldIn of ['in-production', 'received'] as const) {
      const id = await orderIn(heldIn);
      await ok(call(admin, 'POST', `/api/lab-orders/${id}/status`, { to: 'on-hold', note: 'Waiting for frame' }), 200);
      for (const other of ['sent-to-lab', 'in-production', 'received'].filter((s) => s !== heldIn)) {
        expect((await call(admin, 'POST', `/api/lab-orders/${id}/status`, { to: other })).statusCode).toBe(409);
      }
      await ok(call(admin, 'POST', `/api/lab-orders/${id}/status`, { to: heldIn }), 200);
    }
  });

  it('a remake needs a reason; the new order is linked and numbered', async () => {
    const id = await orderIn('received');
    const noReason = await call(admin, 'POST', `/api/lab-orders/${id}/status`, { to: 'remake' });
    expect(json(noReason)).toMatchObject({ fields: { reason: 'A remake needs a reason (1 to 500 characters)' } });
  });

  it('reaching ready-for-pickup writes one message on the preferred channel (sms) from the built-in text, then the company and store templates win', async () => {
    const count = async () => (await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from communication_log where recipient = '+1 555 0199'`))[0]!.n;
    const before = await count();
    const id = await orderIn('received');
    // Entering in production sent the in-process message (its own test: tests/server/inbox.test.ts).
    expect(await count()).toBe(before + 1);
    await ok(call(staff, 'POST', `/api/lab-orders/${id}/status`, { to: 'ready-for-pickup' }), 200);
    const [msg] = await ownerRows<{ channel: string; template: string; body: string; location_id: string }>(
      h,
      sql`select channel, template, body, location_id from communication_log where recipient = '+1 555 0199' order by created_at desc limit 1`,
    );
    expect(await count()).toBe(before + 2);
    expect(msg).toMatchObject({ channel: 'sms', template: 'order.ready', location_id: demoIds.downtown });
    expect(msg!.body).toMatch(/^Downtown: Test Zz\d+patient, your order \d+ is ready for pickup\. https?:\/\/\S+\/pr\/[\w-]{22}$/);

    await h.db.owner.execute(sql`insert into message_templates (tenant_id, location_id, key, channel, body) values (${demoIds.clearview}, null, 'order.ready', 'sms', 'Company: {{patientName}} #{{orderNumber}}')`);
    const id2 = await orderIn('received');
    await ok(call(admin, 'POST', `/api/lab-orders/${id2}/status`, { to: 'ready-for-pickup' }), 200);
    expect(await (await import('./harness')).lastMessageTo(h, '+1 555 0199')).toMatch(/^Company: Test Zz\d+patient #\d+$/);

    await h.db.owner.execute(sql`insert into message_templates (tenant_id, location_id, key, channel, body) values (${demoIds.clearview}, ${demoIds.downtown}, 'order.ready', 'sms', 'Store {{storeName}}: {{orderStatus}}')`);
    const id3 = await orderIn('received');
    await ok(call(admin, 'POST', `/api/lab-orders/${id3}/status`, { to: 'ready-for-pickup' }), 200);
    expect(await (await import('./harness')).lastMessageTo(h, '+1 555 0199')).toBe('Store Downtown: ready for pickup');
  });

  it('refuses an Rx or invoice of another patient (404) and a missing invoice line (400)', async () => {
    const other = await orderFixture();
    expect((await call(admin, 'POST', '/api/lab-orders', { ...orderBody(fixture), rxId: other.rx.id })).statusCode).toBe(404);
    expect((await call(admin, 'POST', '/api/lab-orders', { ...orderBody(fixture), invoiceId: other.invoice.id })).statusCode).toBe(404);
    const noLine = await call(admin, 'POST', '/api/lab-orders', { ...orderBody(fixture), invoiceLineNo: 7 });
    expect(json(noLine)).toMatchObject({ fields: { invoiceLineNo: 'Invoice line must be a line number of the invoice' } });
  });
});
