/**
 * The lab-order lookup, the bulk move, the work desk and the form review over HTTP against the real app and
 * database: validation, store scope (staff are Downtown only), patient scope, the other company, and two clerks
 * moving one order (one succeeds, the other gets 409 with the current status).
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, call, h, ok, orderBody, orderFixture, otherAdmin, patientUser, staff, startClinical } from './clinical-fixtures';
import { demoIds, json, ownerRows } from './harness';

startClinical();

interface Page {
  items: { id: string; number: number; status: string; patientId: string; locationId: string; overdue: boolean; invoiceStatus: string | null; heldFrom: string | null }[];
  nextCursor: string | null;
}
interface Bulk {
  results: ({ id: string; ok: true; status: string; remakeId: string | null } | { id: string; ok: false; httpStatus: number; code: string; params?: Record<string, string> })[];
}

const uptownOrder = async () =>
  (await ownerRows<{ id: string; status: string }>(h, sql`select id, status from lab_orders where location_id = ${demoIds.uptown} order by number limit 1`))[0]!;

describe('lab-order lookup', () => {
  it('lists newest first by keyset; every page is new rows until the end', async () => {
    const seen = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Page = await ok<Page>(call(admin, 'GET', `/api/lab-orders?limit=7${cursor ? `&cursor=${cursor}` : ''}`), 200);
      for (const o of page.items) {
        expect(seen.has(o.id)).toBe(false);
        seen.add(o.id);
      }
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 100);
    const [{ n }] = (await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from lab_orders where tenant_id = ${demoIds.clearview}`)) as [{ n: number }];
    expect(seen.size).toBe(n);
  });

  it('filters by status and overdue, and finds by order number and patient name', async () => {
    const inProduction = await ok<Page>(call(admin, 'GET', '/api/lab-orders?type=in-production&limit=100'), 200);
    expect(inProduction.items.length).toBeGreaterThan(0);
    expect(inProduction.items.every((o) => o.status === 'in-production')).toBe(true);

    const overdue = await ok<Page>(call(admin, 'GET', '/api/lab-orders?type=overdue&limit=100'), 200);
    expect(overdue.items.every((o) => o.overdue && ['draft', 'sent-to-lab', 'in-production', 'on-hold'].includes(o.status))).toBe(true);

    const byNumber = await ok<Page>(call(staff, 'GET', '/api/lab-orders?search=5001'), 200);
    expect(byNumber.items.every((o) => o.number === 5001)).toBe(true);
    expect(byNumber.items[0]).toMatchObject({ patientId: demoIds.janeDoe, status: 'in-production', invoiceStatus: 'paid' });

    const byName = await ok<Page>(call(staff, 'GET', '/api/lab-orders?search=jane%20do'), 200);
    expect(byName.items.some((o) => o.number === 5001)).toBe(true);
    expect(byName.items.every((o) => o.patientId === demoIds.janeDoe)).toBe(true);
  });

  it('refuses bad input with field messages', async () => {
    for (const q of ['type=lost', 'limit=0', 'limit=101', 'cursor=***', `cursor=${Buffer.from('["x","y"]').toString('base64url')}`, 'locationId=12']) {
      const res = await call(admin, 'GET', `/api/lab-orders?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(json(res).code).toBe('request.fieldsInvalid');
    }
  });

  it('keeps staff to their stores and the other company to its own', async () => {
    const page = await ok<Page>(call(staff, 'GET', '/api/lab-orders?limit=100'), 200);
    expect(page.items.every((o) => o.locationId === demoIds.downtown)).toBe(true);
    expect((await call(staff, 'GET', `/api/lab-orders?locationId=${demoIds.uptown}`)).statusCode).toBe(404);
    const other = await ok<Page>(call(otherAdmin, 'GET', '/api/lab-orders?search=5001&limit=100'), 200);
    expect(other.items.every((o) => o.locationId === demoIds.main)).toBe(true);
    expect((await call(otherAdmin, 'GET', `/api/lab-orders?locationId=${demoIds.downtown}`)).statusCode).toBe(404);
    expect((await call(patientUser, 'GET', '/api/lab-orders')).statusCode).toBe(403);
  });
});

describe('moving orders', () => {
  let fixture: Awaited<ReturnType<typeof orderFixture>>;
  beforeAll(async () => {
    fixture = await orderFixture(admin);
  });
  const newOrder = async () => (await ok<{ id: string }>(call(admin, 'POST', '/api/lab-orders', orderBody(fixture)))).id;

  it('two clerks move the same order: one succeeds, the other gets 409 with the current status', async () => {
    const id = await newOrder();
    const [a, b] = await Promise.all([
      call(admin, 'POST', `/api/lab-orders/${id}/status`, { to: 'sent-to-lab', from: 'draft' }),
      call(staff, 'POST', `/api/lab-orders/${id}/status`, { to: 'cancelled', from: 'draft' }),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    const [row] = await ownerRows<{ status: string }>(h, sql`select status from lab_orders where id = ${id}`);
    expect(json(refused)).toMatchObject({ code: 'labOrders.movedOn', params: { status: row!.status } });
    const [{ n }] = (await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from lab_order_events where lab_order_id = ${id}`)) as [{ n: number }];
    expect(n).toBe(2);
  });

  it('a double click moves once', async () => {
    const id = await newOrder();
    const first = await call(admin, 'POST', `/api/lab-orders/${id}/status`, { to: 'sent-to-lab', from: 'draft' });
    const second = await call(admin, 'POST', `/api/lab-orders/${id}/status`, { to: 'sent-to-lab', from: 'draft' });
    expect(first.statusCode).toBe(200);
    expect(json(second)).toMatchObject({ code: 'labOrders.movedOn', params: { status: 'sent-to-lab' } });
  });

  it('bulk: each order moved or refused on its own, each audited; ready-for-pickup messages the patient', async () => {
    const ids = [await newOrder(), await newOrder(), await newOrder()];
    for (const id of ids.slice(0, 2)) {
      for (const to of ['sent-to-lab', 'in-production']) await ok(call(admin, 'POST', `/api/lab-orders/${id}/status`, { to }), 200);
    }
    const up = await uptownOrder();
    const res = await ok<Bulk>(
      call(staff, 'POST', '/api/lab-orders/status', {
        to: 'received',
        orders: [
          { id: ids[0], from: 'in-production' },
          { id: ids[1], from: 'in-production' },
          { id: ids[2], from: 'draft' },
          { id: up.id, from: up.status },
        ],
      }),
      200,
    );
    expect(res.results.map((r) => (r.ok ? r.status : r.code))).toEqual(['received', 'received', 'labOrders.cannotMove', 'request.notFound']);
    const moved = await ownerRows<{ target_id: string }>(h, sql`select target_id from audit_log where action = 'lab_order.status' and outcome = 'success' and details->>'to' = 'received' and target_id in (${ids[0]}, ${ids[1]}, ${ids[2]})`);
    expect(moved.map((a) => a.target_id).sort()).toEqual([ids[0], ids[1]].sort());
    const refused = await ownerRows<{ outcome: string }>(h, sql`select outcome from audit_log where action = 'lab_order.status' and actor_user_id = ${staff.user.id} and outcome = 'denied'`);
    expect(refused).toHaveLength(1);

    const before = (await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from communication_log where patient_id = ${fixture.patient.id}`))[0]!.n;
    const ready = await ok<Bulk>(call(admin, 'POST', '/api/lab-orders/status', { to: 'ready-for-pickup', orders: ids.slice(0, 2).map((id) => ({ id, from: 'received' })) }), 200);
    expect(ready.results.every((r) => r.ok)).toBe(true);
    const after = (await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from communication_log where patient_id = ${fixture.patient.id}`))[0]!.n;
    expect(after).toBe(before + 2);
  });

  it('bulk: validation, remake reason kind, the other company', async () => {
    for (const body of [
      { to: 'received', orders: [] },
      { to: 'lost', orders: [{ id: fixture.invoice.id, from: 'draft' }] },
      { to: 'remake', orders: [{ id: fixture.invoice.id, from: 'received' }] },
      { to: 'received', reason: 'x', orders: [{ id: fixture.invoice.id, from: 'draft' }] },
      { to: 'received', orders: [{ id: fixture.invoice.id, from: 'draft' }, { id: fixture.invoice.id, from: 'draft' }] },
    ]) {
      const res = await call(admin, 'POST', '/api/lab-orders/status', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const id = await newOrder();
    for (const to of ['sent-to-lab', 'in-production', 'received']) await ok(call(admin, 'POST', `/api/lab-orders/${id}/status`, { to }), 200);
    const remade = await ok<Bulk>(call(admin, 'POST', '/api/lab-orders/status', { to: 'remake', reason: 'Frame snapped at fitting', reasonKind: 'breakage', orders: [{ id, from: 'received' }] }), 200);
    const r = remade.results[0]!;
    expect(r.ok && r.remakeId).toBeTruthy();
    const [row] = await ownerRows<{ remake_reason_kind: string; remake_of_id: string }>(h, sql`select remake_reason_kind, remake_of_id from lab_orders where id = ${r.ok ? r.remakeId : ''}`);
    expect(row).toEqual({ remake_reason_kind: 'breakage', remake_of_id: id });

    const foreign = await ok<Bulk>(call(otherAdmin, 'POST', '/api/lab-orders/status', { to: 'cancelled', orders: [{ id: await newOrder(), from: 'draft' }] }), 200);
    expect(foreign.results[0]).toMatchObject({ ok: false, httpStatus: 404, code: 'request.notFound' });
  });
});

describe('work desk', () => {
  interface Desk {
    items: { kind: string; id: string; patientId: string; locationId: string; status?: string; overdue?: boolean }[];
    counts: Record<string, number>;
  }

  it('lists the submitted form, orders ready or overdue, due recalls and today’s visits of the user’s stores', async () => {
    const desk = await ok<Desk>(call(admin, 'GET', '/api/workdesk'), 200);
    expect(desk.items.some((i) => i.kind === 'form')).toBe(true);
    expect(desk.items.filter((i) => i.kind === 'order').every((i) => i.status === 'ready-for-pickup' || i.overdue)).toBe(true);
    expect(desk.counts.forms).toBeGreaterThan(0);
    const forms = await ok<Desk>(call(admin, 'GET', '/api/workdesk?type=forms'), 200);
    expect(forms.items.every((i) => i.kind === 'form')).toBe(true);
    // Every tab counts every kind, as the all tab does.
    for (const type of ['forms', 'orders', 'recalls', 'today', 'automations']) {
      expect((await ok<Desk>(call(admin, 'GET', `/api/workdesk?type=${type}`), 200)).counts, type).toEqual(desk.counts);
    }
    const staffDesk = await ok<Desk>(call(staff, 'GET', '/api/workdesk'), 200);
    expect(staffDesk.items.every((i) => i.locationId === demoIds.downtown)).toBe(true);
    expect((await call(staff, 'GET', `/api/workdesk?locationId=${demoIds.uptown}`)).statusCode).toBe(404);
    const other = await ok<Desk>(call(otherAdmin, 'GET', '/api/workdesk'), 200);
    expect(other.items.every((i) => i.locationId === demoIds.main)).toBe(true);
    expect((await call(admin, 'GET', '/api/workdesk?type=nope')).statusCode).toBe(400);
    expect((await call(patientUser, 'GET', '/api/workdesk')).statusCode).toBe(403);
  });

  it('a form reviewed into the chart leaves the desk; each copy is audited with the submission id', async () => {
    const desk = await ok<Desk>(call(staff, 'GET', '/api/workdesk?type=forms'), 200);
    const row = desk.items[0]!;
    const copies = [
      { field: 'notes', sectionId: 'health', itemId: 'medications' },
      { field: 'notes', sectionId: 'health', itemId: 'allergies' },
    ];
    // Wrong kinds of answer and unknown questions are refused, nothing written.
    expect(json(await call(staff, 'POST', `/api/eforms/assignments/${row.id}/review`, { copies: [{ field: 'consentContact', sectionId: 'health', itemId: 'medications' }] }))).toMatchObject({ code: 'eforms.submissionNotCopyable' });
    expect(json(await call(staff, 'POST', `/api/eforms/assignments/${row.id}/review`, { copies: [{ field: 'email', sectionId: 'health', itemId: 'medications' }] }))).toMatchObject({ fields: { 'copies.0': expect.any(String) } });
    expect((await call(staff, 'POST', `/api/eforms/assignments/${row.id}/review`, { copies: [{ field: 'notes', sectionId: 'nope', itemId: 'x' }] })).statusCode).toBe(400);
    expect((await call(otherAdmin, 'POST', `/api/eforms/assignments/${row.id}/review`, { copies })).statusCode).toBe(404);

    // Submitted at 22:00 in New York (03:00 UTC the next day): the note is dated by the store's day.
    await ownerRows(h, sql`update form_submissions set submitted_at = '2026-11-21T03:00:00Z' where assignment_id = ${row.id}`);
    const done = await ok<{ copied: string[] }>(call(staff, 'POST', `/api/eforms/assignments/${row.id}/review`, { copies }), 200);
    expect(done.copied).toEqual(['notes']);
    const [p] = await ownerRows<{ notes: string }>(h, sql`select notes from patients where id = ${row.patientId}`);
    expect(p!.notes).toContain('(2026-11-20) – ');
    expect(p!.notes).not.toContain('(2026-11-21)');
    expect(p!.notes).toMatch(/Medications you take: Lisinopril 10 mg daily/);
    expect(p!.notes).toMatch(/Allergies \(medications, eye drops\): Penicillin/);
    const audits = await ownerRows<{ details: { submissionId: string; field: string } }>(h, sql`select details from audit_log where action = 'patient.copy_from_form' and patient_id = ${row.patientId}`);
    expect(audits.map((a) => a.details.submissionId)).toEqual([row.id, row.id]);

    expect(json(await call(staff, 'POST', `/api/eforms/assignments/${row.id}/review`, { copies: [] }))).toMatchObject({ code: 'eforms.alreadyReviewed' });
    const after = await ok<Desk>(call(staff, 'GET', '/api/workdesk?type=forms'), 200);
    expect(after.items.some((i) => i.id === row.id)).toBe(false);
  });

  it('an order moved to delivered leaves the desk', async () => {
    const desk = await ok<Desk>(call(admin, 'GET', '/api/workdesk?type=orders'), 200);
    const ready = desk.items.find((i) => i.status === 'ready-for-pickup');
    expect(ready, 'the demo data has an order ready for pickup').toBeDefined();
    if (!ready) return;
    await ok(call(admin, 'POST', `/api/lab-orders/${ready.id}/status`, { to: 'delivered', from: 'ready-for-pickup' }), 200);
    const after = await ok<Desk>(call(admin, 'GET', '/api/workdesk?type=orders'), 200);
    expect(after.items.some((i) => i.id === ready.id)).toBe(false);
  });
});
