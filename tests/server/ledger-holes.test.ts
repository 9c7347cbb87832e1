/**
 * The paths no clerk normally takes, tried as a client of the API would: each must leave the store's books as they
 * are in reality (no store credit from nothing, no offline flag switching a money rule off, a void that gives back
 * credit, goods and cash through a drawer, the invoice API within the register's limits, no pay-out beyond the
 * drawer, no replay across stores).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { posDemoIds, posDemoSkus } from '../../server/db/seed-pos';
import { admin, call, h, newPatient, ok, otherAdmin, staff } from './clinical-fixtures';
import { startClinical } from './clinical-fixtures';
import { demoIds, json, ownerRows } from './harness';
import { openRegister, product, saleBody, shownTotal, type Hit, type Sale } from './pos-fixtures';

startClinical();

let session: string;
let frame: Hit;
let cloth: Hit;
let exam: Hit;

beforeAll(async () => {
  session = await openRegister(staff, posDemoIds.downtownFrontDesk);
  [frame, cloth, exam] = await Promise.all([product(staff, posDemoSkus.frame), product(staff, posDemoSkus.cloth), product(staff, posDemoSkus.exam)]);
});

const sell = (body: unknown, who = staff) => call(who, 'POST', '/api/pos/sales', body);
const creditOf = async (patientId: string) => (await ok<{ balance: number }>(call(staff, 'GET', `/api/pos/patients/${patientId}/store-credit`), 200)).balance;
const report = (sessionId: string) => ok<{ expectedCash: number; cashIn: number; cashOut: number; payOuts: number }>(call(staff, 'GET', `/api/pos/sessions/${sessionId}`), 200);
const onHand = async (productId: string) =>
  (await ownerRows<{ on_hand: number }>(h, sql`select on_hand from product_stock where location_id = ${demoIds.downtown} and product_id = ${productId}`))[0]!.on_hand;
const giveCredit = (patientId: string, amount: number) =>
  h.db.owner.execute(sql`insert into store_credit_entries (tenant_id, patient_id, amount, reason) values (${demoIds.clearview}, ${patientId}, ${amount}, 'Goodwill')`);
const catalogueLine = (p: Hit, extra: Record<string, unknown> = {}) => ({ kind: p.kind === 'service' ? 'service' : 'product', sku: p.sku, description: p.name, quantity: 1, unitPrice: p.price, ...extra });

describe('store credit is never made from nothing', () => {
  it('a store-credit payment at the invoice screen needs the balance, and takes it', async () => {
    const patient = await newPatient(staff);
    const inv = await ok<{ id: string; total: number }>(call(staff, 'POST', '/api/invoices', { patientId: patient.id, lines: [catalogueLine(exam)] }));
    const refused = await call(staff, 'POST', `/api/invoices/${inv.id}/payments`, { method: 'store-credit', amount: inv.total });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(json(refused)).toMatchObject({ code: 'pos.storeCreditInsufficient', params: { balance: '$0.00' } });
    expect(await ownerRows(h, sql`select 1 from payments where invoice_id = ${inv.id}`)).toEqual([]);

    await giveCredit(patient.id, inv.total);
    await ok(call(staff, 'POST', `/api/invoices/${inv.id}/payments`, { method: 'store-credit', amount: inv.total }));
    expect(await creditOf(patient.id)).toBe(0);
    // Refunding it to the original method gives back exactly what was spent, no more.
    await ok(call(staff, 'POST', `/api/pos/invoices/${inv.id}/refunds`, { clientRefundId: randomUUID(), registerSessionId: session, lines: [{ lineNo: 1, quantity: 1 }], reason: 'Wrong' }));
    expect(await creditOf(patient.id)).toBe(inv.total);
  });
});

describe('store credit spent at once', () => {
  it('five payments racing for the same credit: one takes it, the others are refused, the balance is zero', async () => {
    const patient = await newPatient(staff);
    const invoices = await Promise.all(Array.from({ length: 5 }, () => ok<{ id: string; total: number }>(call(staff, 'POST', '/api/invoices', { patientId: patient.id, lines: [catalogueLine(exam)] }))));
    await giveCredit(patient.id, invoices[0]!.total);
    const answers = await Promise.all(invoices.map((inv) => call(staff, 'POST', `/api/invoices/${inv.id}/payments`, { method: 'store-credit', amount: inv.total })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await creditOf(patient.id)).toBe(0);
  });
});

describe('an offline flag switches no money rule off', () => {
  it('cash tendered above the total is change, not payment; the drawer expects the total only, and a void pays back only that', async () => {
    const fresh = await openRegister(staff, posDemoIds.downtownDispensing);
    const before = await report(fresh);
    const total = shownTotal([{ product: cloth }]);
    const body = saleBody(fresh, [{ product: cloth }], { soldOffline: true, payments: [{ method: 'cash', amount: 1_000_000_000, tendered: 1_000_000_000 }] });
    const sale = await ok<Sale>(sell(body));
    expect(sale.invoice).toMatchObject({ total, paidTotal: total, status: 'paid' });
    expect(sale.change).toBe(1_000_000_000 - total);
    expect((await report(fresh)).expectedCash).toBe(before.expectedCash + total);
    const voided = await ok<{ credit: { paidTotal: number } }>(call(admin, 'POST', `/api/invoices/${sale.invoice.id}/void`, { reason: 'Test', registerSessionId: fresh }), 200);
    expect(voided.credit.paidTotal).toBe(-total);
    expect((await report(fresh)).expectedCash).toBe(before.expectedCash);
  });

  it('a walk-in takes nothing unpaid, offline or not', async () => {
    const body = saleBody(session, [{ product: frame }], { soldOffline: true, payments: [] });
    const res = await sell(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(json(res)).toMatchObject({ code: 'pos.notPaidInFull' });
    expect(await ownerRows(h, sql`select 1 from invoices where client_sale_id = ${body.clientSaleId}`)).toEqual([]);
  });

  it('insurance sent as offline is not taken as paid: the balance stays open and the sale is listed for review', async () => {
    const patient = await newPatient(staff);
    const total = shownTotal([{ product: exam }]);
    const body = saleBody(session, [{ product: exam }], { patientId: patient.id, soldOffline: true, payments: [{ method: 'insurance', amount: total, insurancePlan: 'VSP', authorisation: 'A1' }] });
    const sale = await ok<Sale>(sell(body));
    expect(sale.invoice).toMatchObject({ status: 'open', paidTotal: 0, balance: total });
    const [flag] = await ownerRows<{ reasons: string[] }>(h, sql`select reasons from sales_to_review where invoice_id = ${sale.invoice.id}`);
    expect(flag!.reasons).toContain('needsConnection');
  });

  it('soldAt is the server’s clock online, and within the session’s open interval offline', async () => {
    const online = await ok<Sale>(sell({ ...saleBody(session, [{ product: cloth }]), soldAt: '2001-01-01T10:00:00Z' }));
    const offline = await ok<Sale>(sell({ ...saleBody(session, [{ product: cloth }], { soldOffline: true }), soldAt: '2001-01-01T10:00:00Z' }));
    const ms = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);
    const [opened] = await ownerRows<{ at: number }>(h, sql`select ${ms('opened_at')} as at from register_sessions where id = ${session}`);
    const issued = await ownerRows<{ id: string; at: number }>(h, sql`select id, ${ms('issued_at')} as at from invoices where id in (${online.invoice.id}, ${offline.invoice.id})`);
    for (const row of issued) expect(row.at).toBeGreaterThanOrEqual(opened!.at);
    expect(Date.now() - issued.find((r) => r.id === online.invoice.id)!.at).toBeLessThan(60_000);
    const [flag] = await ownerRows<{ reasons: string[] }>(h, sql`select reasons from sales_to_review where invoice_id = ${offline.invoice.id}`);
    expect(flag!.reasons).toEqual(['soldAtMoved']);
  });
});

describe('cash at the invoice screen lands in a drawer', () => {
  it('is taken only through an open register session at the invoice’s store, and counts in its expected cash', async () => {
    const patient = await newPatient(staff);
    const inv = await ok<{ id: string; total: number }>(call(staff, 'POST', '/api/invoices', { patientId: patient.id, lines: [catalogueLine(exam)] }));
    const noDrawer = await call(staff, 'POST', `/api/invoices/${inv.id}/payments`, { method: 'cash', amount: 1_000 });
    expect(noDrawer.statusCode, noDrawer.body).toBe(409);
    expect(json(noDrawer)).toMatchObject({ code: 'sales.cashNeedsRegister' });
    // Another store's drawer does not take it either.
    const uptown = await openRegister(admin, posDemoIds.uptownFrontDesk);
    const elsewhere = await call(admin, 'POST', `/api/invoices/${inv.id}/payments`, { method: 'cash', amount: 1_000, registerSessionId: uptown });
    expect(elsewhere.statusCode, elsewhere.body).toBe(404);
    expect(await ownerRows(h, sql`select 1 from payments where invoice_id = ${inv.id}`)).toEqual([]);
    // A card needs no drawer; cash through this store's open session counts in it.
    await ok(call(staff, 'POST', `/api/invoices/${inv.id}/payments`, { method: 'card', amount: 1_000, reference: 'slip' }));
    const before = await report(session);
    await ok(call(staff, 'POST', `/api/invoices/${inv.id}/payments`, { method: 'cash', amount: inv.total - 1_000, registerSessionId: session }));
    const after = await report(session);
    expect(after.cashIn - before.cashIn).toBe(inv.total - 1_000);
    expect(after.expectedCash - before.expectedCash).toBe(inv.total - 1_000);
  });
});

describe('a void keeps the books', () => {
  it('to store credit: the balance grows by what was paid', async () => {
    const patient = await newPatient(staff);
    const sale = await ok<Sale>(sell(saleBody(session, [{ product: cloth }], { patientId: patient.id })));
    await ok(call(admin, 'POST', `/api/invoices/${sale.invoice.id}/void`, { reason: 'Test', refundMethod: 'store-credit' }), 200);
    expect(await creditOf(patient.id)).toBe(sale.invoice.total);
  });

  it('of a sale paid with store credit: the credit comes back; the goods go back to stock', async () => {
    const patient = await newPatient(staff);
    const total = shownTotal([{ product: cloth, quantity: 2 }]);
    await giveCredit(patient.id, total);
    const stock = await onHand(cloth.id);
    const sale = await ok<Sale>(sell(saleBody(session, [{ product: cloth, quantity: 2 }], { patientId: patient.id, payments: [{ method: 'store-credit', amount: total }] })));
    expect(await creditOf(patient.id)).toBe(0);
    expect(await onHand(cloth.id)).toBe(stock - 2);
    await ok(call(admin, 'POST', `/api/invoices/${sale.invoice.id}/void`, { reason: 'Test' }), 200);
    expect(await creditOf(patient.id)).toBe(total);
    expect(await onHand(cloth.id)).toBe(stock);
  });

  it('a cash refund goes through an open register at the store, and counts in it', async () => {
    const sale = await ok<Sale>(sell(saleBody(session, [{ product: cloth }])));
    const noDrawer = await call(admin, 'POST', `/api/invoices/${sale.invoice.id}/void`, { reason: 'Test' });
    expect(noDrawer.statusCode, noDrawer.body).toBe(409);
    expect(json(noDrawer)).toMatchObject({ code: 'pos.cashNeedsRegister' });
    const before = await report(session);
    await ok(call(admin, 'POST', `/api/invoices/${sale.invoice.id}/void`, { reason: 'Test', registerSessionId: session }), 200);
    const after = await report(session);
    expect(after.cashOut - before.cashOut).toBe(sale.invoice.total);
    expect(after.expectedCash).toBe(before.expectedCash - sale.invoice.total);
  });
});

describe('the invoice API keeps the register’s limits', () => {
  it('staff invoice catalogue products at the store’s price, within their discount limit; admins may change a price', async () => {
    const patient = await newPatient(staff);
    const cheap = await call(staff, 'POST', '/api/invoices', { patientId: patient.id, lines: [catalogueLine(frame, { unitPrice: 1 })] });
    expect(cheap.statusCode, cheap.body).toBe(403);
    expect(json(cheap)).toMatchObject({ code: 'sales.priceNotCatalogue' });
    const free = await call(staff, 'POST', '/api/invoices', { patientId: patient.id, lines: [{ kind: 'product', description: 'Ray-Ban RB5154', quantity: 1, unitPrice: 1 }] });
    expect(free.statusCode, free.body).toBe(403);
    expect(json(free)).toMatchObject({ code: 'sales.priceNotCatalogue' });
    const discounted = await call(staff, 'POST', '/api/invoices', { patientId: patient.id, lines: [catalogueLine(frame, { discount: frame.price })] });
    expect(discounted.statusCode, discounted.body).toBe(403);
    expect(json(discounted)).toMatchObject({ code: 'pos.discountOverLimit', params: { limit: 10 } });
    expect(await ownerRows(h, sql`select 1 from invoices where patient_id = ${patient.id}`)).toEqual([]);

    const fair = await ok<{ total: number; lines: { unitPrice: number; discount: number }[] }>(
      call(staff, 'POST', '/api/invoices', { patientId: patient.id, lines: [catalogueLine(frame, { discount: frame.price / 10 })] }),
    );
    expect(fair.lines[0]).toMatchObject({ unitPrice: frame.price, discount: frame.price / 10 });
    await ok(call(admin, 'POST', '/api/invoices', { patientId: patient.id, lines: [catalogueLine(frame, { unitPrice: 1 })] }));
  });
});

describe('the drawer', () => {
  it('pays out no more than it holds', async () => {
    const fresh = await openRegister(staff, posDemoIds.downtownDispensing, [{ denomination: 1_000, count: 10 }]);
    const expected = (await report(fresh)).expectedCash;
    const over = await call(staff, 'POST', `/api/pos/sessions/${fresh}/movements`, { kind: 'pay-out', amount: expected + 1, reason: 'Lunch' });
    expect(over.statusCode, over.body).toBe(409);
    expect(json(over)).toMatchObject({ code: 'pos.payOutOverCash', params: { amount: '$100.00' } });
    await ok(call(staff, 'POST', `/api/pos/sessions/${fresh}/movements`, { kind: 'pay-out', amount: expected, reason: 'Bank' }));
    expect((await report(fresh)).expectedCash).toBe(0);
  });
});

describe('a replay is the same store’s only', () => {
  it('another store’s clientSaleId answers as not found to a clerk outside that store', async () => {
    const uptown = await openRegister(admin, posDemoIds.uptownFrontDesk);
    const uptownCloth = await product(admin, posDemoSkus.cloth, demoIds.uptown);
    const body = saleBody(uptown, [{ product: uptownCloth }], { patientId: demoIds.janeDoe });
    await ok(sell(body, admin));
    const replay = await sell({ ...body, registerSessionId: session });
    expect(replay.statusCode, replay.body).toBe(404);
    expect(replay.body).not.toContain(demoIds.janeDoe);
  });
});

describe('sales to review', () => {
  it('the demo data has one: yesterday’s walk-in sale at the Downtown front desk, its $20.00 note kept as change', async () => {
    const { items } = await ok<{ items: { invoiceId: string; patientName: string | null; registerName: string | null; reasons: string[]; details: { overpaid?: number }; total: number; paidTotal: number }[] }>(
      call(staff, 'GET', `/api/pos/review?locationId=${demoIds.downtown}`),
      200,
    );
    const twoCloths = shownTotal([{ product: cloth, quantity: 2 }]);
    const demo = items.filter((i) => i.patientName === null && i.total === twoCloths && i.details.overpaid === 2_000 - twoCloths);
    expect(demo).toHaveLength(1);
    expect(demo[0]).toMatchObject({ registerName: 'Front desk', reasons: ['overpaid'], paidTotal: demo[0]!.total, details: { overpaid: 2_000 - demo[0]!.total } });
    // Its session was closed, counted as expected.
    const [day] = await ownerRows<{ status: string; difference: number }>(
      h,
      sql`select s.status, s.difference::int as difference from register_sessions s join invoices i on i.register_session_id = s.id where i.id = ${demo[0]!.invoiceId}`,
    );
    expect(day).toEqual({ status: 'closed', difference: 0 });
  });

  it('an offline correction is listed for the store’s clerks and on the session’s report until marked reviewed; nobody else sees it', async () => {
    const total = shownTotal([{ product: cloth }]);
    const sale = await ok<Sale>(sell(saleBody(session, [{ product: cloth }], { soldOffline: true, payments: [{ method: 'cash', amount: total + 700, tendered: total + 700 }] })));
    const open = await ok<{ items: { invoiceId: string; reasons: string[]; details: Record<string, unknown>; registerName: string | null }[] }>(
      call(staff, 'GET', `/api/pos/review?locationId=${demoIds.downtown}`),
      200,
    );
    expect(open.items.find((i) => i.invoiceId === sale.invoice.id)).toMatchObject({ reasons: ['overpaid'], details: { overpaid: 700 }, registerName: 'Front desk' });
    expect((await report(session)) as unknown).toMatchObject({ toReview: expect.arrayContaining([{ invoiceId: sale.invoice.id, number: sale.invoice.number, reasons: ['overpaid'], reviewed: false }]) });
    expect((await call(otherAdmin, 'POST', `/api/pos/review/${sale.invoice.id}/reviewed`)).statusCode).toBe(404);
    expect((await call(otherAdmin, 'GET', `/api/pos/review?locationId=${demoIds.downtown}`)).statusCode).toBe(404);
    await ok(call(staff, 'POST', `/api/pos/review/${sale.invoice.id}/reviewed`), 200);
    const after = await ok<{ items: { invoiceId: string }[] }>(call(staff, 'GET', '/api/pos/review'), 200);
    expect(after.items.map((i) => i.invoiceId)).not.toContain(sale.invoice.id);
    const all = await ok<{ items: { invoiceId: string; reviewedBy: string | null }[] }>(call(staff, 'GET', '/api/pos/review?status=all'), 200);
    expect(all.items.find((i) => i.invoiceId === sale.invoice.id)).toMatchObject({ reviewedBy: 'Sam Staff' });
  });

  it('a parked sale sells once: online a second completion is refused, offline it is recorded and listed', async () => {
    const parkedId = randomUUID();
    const lines = saleBody(session, [{ product: cloth }]).lines;
    await ok(call(staff, 'PUT', `/api/pos/parked/${parkedId}`, { id: parkedId, locationId: demoIds.downtown, kind: 'parked', patientId: null, lines, orderDiscount: null }), 200);
    await ok(sell(saleBody(session, [{ product: cloth }], { parkedId })));
    const again = await sell(saleBody(session, [{ product: cloth }], { parkedId }));
    expect(again.statusCode, again.body).toBe(409);
    expect(json(again)).toMatchObject({ code: 'pos.parkedGone' });
    const offline = await ok<Sale>(sell(saleBody(session, [{ product: cloth }], { parkedId, soldOffline: true })));
    const [flag] = await ownerRows<{ reasons: string[] }>(h, sql`select reasons from sales_to_review where invoice_id = ${offline.invoice.id}`);
    expect(flag!.reasons).toEqual(['parkedGone']);
  });
});
