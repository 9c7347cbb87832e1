/**
 * Completing a sale over HTTP: one invoice per clientSaleId however often and however concurrently it is sent, the
 * server's own prices (a different total refused with its pricing, or recorded with the difference when the sale
 * happened offline), discount limits per role, split payments with change, deposits, store credit, the lab order
 * draft of a lens line, stock and sold-to-order, the session rules, the store's most-sold products, and the store
 * scope and the other company.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { posMessages } from '../../src/contract/pos';
import type { InvoiceDetail } from '../../src/contract/records';
import { posDemoIds, posDemoSkus } from '../../server/db/seed-pos';
import { recordDemoIds } from '../../server/db/seed-records';
import { admin, call, h, newPatient, ok, otherAdmin, rxBody, staff } from './clinical-fixtures';
import { startClinical } from './clinical-fixtures';
import { demoIds, json, ownerRows } from './harness';
import { oneMaterial, openRegister, product, saleBody, shownTotal, type Hit, type Sale } from './pos-fixtures';

startClinical();

let session: string;
let frame: Hit;
let lens: Hit;
let exam: Hit;
let cloth: Hit;
let outOfStock: Hit;

beforeAll(async () => {
  session = await openRegister(staff, posDemoIds.downtownFrontDesk);
  [frame, lens, exam, cloth, outOfStock] = await Promise.all([
    product(staff, posDemoSkus.frame),
    product(staff, posDemoSkus.lens),
    product(staff, posDemoSkus.exam),
    product(staff, posDemoSkus.cloth),
    product(staff, posDemoSkus.frameOutOfStock),
  ]);
});

const sell = (body: unknown, who = staff) => call(who, 'POST', '/api/pos/sales', body);
const onHand = async (productId: string, locationId: string = demoIds.downtown) =>
  (await ownerRows<{ on_hand: number }>(h, sql`select on_hand from product_stock where location_id = ${locationId} and product_id = ${productId}`))[0]!.on_hand;

describe('one sale per clientSaleId', () => {
  it('the same sale sent 10 times at once records one invoice; all answers name it; a later replay answers 200 replayed', async () => {
    const body = saleBody(session, [{ product: cloth, quantity: 2 }, { product: exam }]);
    const answers = await Promise.all(Array.from({ length: 10 }, () => sell(body)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses, answers.map((a) => a.body.slice(0, 200)).join('\n')).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(answers.map((a) => json<Sale>(a).invoice.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => json<Sale>(a).replayed)).toHaveLength(9);
    const recorded = await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from invoices where client_sale_id = ${body.clientSaleId}`);
    expect(recorded[0]!.n).toBe(1);
    const moves = await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from stock_movements where invoice_id = ${[...ids][0]!}`);
    expect(moves[0]!.n).toBe(1);
    // Each request is audited once, the replays as replays.
    const audited = await ownerRows<{ outcome: string; replayed: boolean | null }>(
      h,
      sql`select outcome, (details->>'replayed')::boolean as replayed from audit_log where action = 'pos.sale' and details->>'clientSaleId' = ${body.clientSaleId}`,
    );
    expect(audited.map((a) => a.outcome)).toEqual(Array(10).fill('success'));
    expect(audited.filter((a) => a.replayed)).toHaveLength(9);
    const again = await sell(body);
    expect(again.statusCode).toBe(200);
    expect(json<Sale>(again)).toMatchObject({ replayed: true, invoice: { id: [...ids][0] } });
    expect(json<Sale>(again).pricing).toEqual(json<Sale>(answers.find((a) => a.statusCode === 201)!).pricing);
  });
});

describe('prices are the server’s', () => {
  it('a different total is refused with the server’s pricing, and nothing is written', async () => {
    const body = saleBody(session, [{ product: frame }], { shownTotal: 100 });
    const res = await sell(body);
    expect(res.statusCode).toBe(409);
    const answer = json<{ code: string; details: { pricing: { total: number } } }>(res);
    expect(answer.code).toBe('pos.priceChanged');
    expect(answer.details.pricing.total).toBe(shownTotal([{ product: frame }]));
    expect(await ownerRows(h, sql`select 1 from invoices where client_sale_id = ${body.clientSaleId}`)).toEqual([]);
  });

  it('a sale made offline at old prices is recorded at the server’s and the difference reported; its replay answers the same', async () => {
    const server = shownTotal([{ product: cloth }]);
    const body = saleBody(session, [{ product: cloth }], { shownTotal: server - 50, payments: [{ method: 'cash', amount: server - 50 }], soldOffline: true });
    const first = await ok<Sale>(sell(body));
    expect(first).toMatchObject({ replayed: false, difference: 50, invoice: { total: server, paidTotal: server - 50, status: 'open' } });
    const replay = await ok<Sale>(sell(body), 200);
    expect(replay).toMatchObject({ replayed: true, difference: 50, invoice: { id: first.invoice.id } });
  });

  it('refuses bad input with the field, hostile text too, and products another store or company sells', async () => {
    const bad = await sell({ ...saleBody(session, [{ product: cloth }]), lines: [{ productId: cloth.id, quantity: 0 }], payments: [{ method: 'card', amount: 100 }], notes: 'a\u0000b' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({
      fields: { 'lines.0.quantity': 'Quantity must be a whole number between 1 and 999', 'payments.0.reference': 'A card payment needs a reference (the last digits or the terminal slip number)' },
    });
    const options = await sell(saleBody(session, [{ product: frame, optionIds: [lens.options[0]!.id] }]));
    expect(json(options)).toMatchObject({ fields: { 'lines.0.optionIds': posMessages.optionsOnlyLens } });
    const foreign = await product(otherAdmin, posDemoSkus.frame, demoIds.main);
    // A lens is made of exactly one material, as the register holds its line: three materials, or none, are refused.
    const materials = lens.options.filter((o) => o.group === 'material').map((o) => o.id);
    expect(materials.length).toBeGreaterThan(1);
    for (const optionIds of [materials, []]) {
      const body = saleBody(session, [{ product: lens, optionIds }]);
      const refused = await sell(body);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(json(refused)).toMatchObject({ code: 'request.fieldsInvalid', fields: { 'lines.0.optionIds': optionIds.length ? posMessages.lensOneMaterial : posMessages.lensMaterialRequired } });
      expect(await ownerRows(h, sql`select 1 from invoices where client_sale_id = ${body.clientSaleId}`)).toEqual([]);
    }
    const unavailable = await sell(saleBody(session, [{ product: foreign }]));
    expect(unavailable.statusCode).toBe(409);
    expect(json(unavailable)).toMatchObject({ code: 'pos.productUnavailable' });
  });
});

describe('discounts', () => {
  it('staff give up to the store’s limit (10 %), admins any; an order discount counts on each line', async () => {
    const ten = { type: 'percent' as const, value: 1_000, reason: 'Loyal customer' };
    await ok<Sale>(sell(saleBody(session, [{ product: frame, discount: ten }, { product: exam }])));
    const over = await sell(saleBody(session, [{ product: frame, discount: { ...ten, value: 1_500 } }]));
    expect(over.statusCode).toBe(403);
    expect(json(over)).toMatchObject({ code: 'pos.discountOverLimit', params: { limit: 10 } });
    const orderOver = await sell(saleBody(session, [{ product: frame, discount: ten }], { orderDiscount: { type: 'amount', value: 2_000, reason: 'Extra' } }));
    expect(json(orderOver)).toMatchObject({ code: 'pos.discountOverLimit' });
    const adminSession = await openRegister(admin, posDemoIds.uptownFrontDesk);
    const uptownFrame = await product(admin, posDemoSkus.frame, demoIds.uptown);
    const half = await ok<Sale>(sell(saleBody(adminSession, [{ product: uptownFrame, discount: { ...ten, value: 5_000 } }]), admin));
    expect(half.pricing.lines[0]!.discount).toBe(Math.round(uptownFrame.price / 2));
    // The store's own limit: Downtown lowered to 5 %.
    await h.db.owner.execute(sql`update location_policies set staff_discount_limit_bp = 500 where location_id = ${demoIds.downtown}`);
    expect(json(await sell(saleBody(session, [{ product: frame, discount: ten }])))).toMatchObject({ code: 'pos.discountOverLimit', params: { limit: 5 } });
    await h.db.owner.execute(sql`update location_policies set staff_discount_limit_bp = 1000 where location_id = ${demoIds.downtown}`);
  });
});

describe('payments', () => {
  it('splits card and cash with change; the session counts each method and the cash less change', async () => {
    const own = await openRegister(staff, posDemoIds.downtownDispensing);
    const total = shownTotal([{ product: frame }, { product: exam }]);
    const card = Math.floor(total / 2);
    const sale = await ok<Sale>(
      sell(saleBody(own, [{ product: frame }, { product: exam }], { payments: [{ method: 'card', amount: card, reference: '4242' }, { method: 'cash', amount: total - card, tendered: total - card + 730 }] })),
    );
    expect(sale).toMatchObject({ change: 730, invoice: { status: 'paid', balance: 0, paidTotal: total } });
    // The receipt prints the card's reference and the cash handed over (its change follows).
    const receipt = await ok<InvoiceDetail>(call(staff, 'GET', `/api/pos/invoices/${sale.invoice.id}`), 200);
    const byMethod = receipt.payments.toSorted((a, b) => a.method.localeCompare(b.method));
    expect(byMethod.map(({ method, amount, reference, tendered }) => ({ method, amount, reference, tendered }))).toEqual([
      { method: 'card', amount: card, reference: '4242', tendered: null },
      { method: 'cash', amount: total - card, reference: '', tendered: total - card + 730 },
    ]);
    const report = await ok<{ cashIn: number; expectedCash: number; floatTotal: number; byMethod: { method: string; amount: number; count: number }[]; saleCount: number; salesTotal: number }>(
      call(staff, 'GET', `/api/pos/sessions/${own}`),
      200,
    );
    expect(report.byMethod).toEqual([
      { method: 'card', amount: card, count: 1 },
      { method: 'cash', amount: total - card, count: 1 },
    ]);
    expect(report).toMatchObject({ cashIn: total - card, expectedCash: report.floatTotal + total - card, saleCount: 1, salesTotal: total });
  });

  it('refuses more than the total, less than the total without a deposit, and a deposit that is not allowed', async () => {
    const total = shownTotal([{ product: cloth }]);
    expect(json(await sell(saleBody(session, [{ product: cloth }], { payments: [{ method: 'cash', amount: total + 1 }] })))).toMatchObject({ code: 'pos.paymentsOverTotal' });
    expect(json(await sell(saleBody(session, [{ product: cloth }], { payments: [{ method: 'cash', amount: total - 1 }] })))).toMatchObject({ code: 'pos.notPaidInFull' });
    // A walk-in's accessory in stock: nothing is made or ordered.
    expect(json(await sell(saleBody(session, [{ product: cloth }], { payments: [], deposit: true })))).toMatchObject({ code: 'pos.depositNotAllowed' });
    const insurance = await sell(saleBody(session, [{ product: cloth }], { payments: [{ method: 'insurance', amount: total, insurancePlan: 'VSP' }] }));
    expect(json(insurance)).toMatchObject({ fields: { 'payments.0.authorisation': 'An insurance payment needs the authorisation number (up to 100 characters)' } });
  });

  it('a deposit on lenses made to the patient’s Rx leaves the invoice open; the lab order draft has the frame and lens', async () => {
    const material = lens.options.find((o) => o.group === 'material' && o.price > 0)!;
    const coating = lens.options.find((o) => o.group === 'coating')!;
    const lines = [{ product: frame }, { product: lens, optionIds: [material.id, coating.id], rxId: recordDemoIds.janeRx, fitting: { heightRight: 22, heightLeft: 22.5 } }];
    const total = shownTotal(lines);
    const sale = await ok<Sale>(sell(saleBody(session, lines, { patientId: demoIds.janeDoe, payments: [{ method: 'card', amount: 10_000, reference: 'slip 77' }], deposit: true })));
    expect(sale.invoice).toMatchObject({ status: 'open', total, paidTotal: 10_000, balance: total - 10_000, patientId: demoIds.janeDoe });
    expect(sale.labOrderIds).toHaveLength(1);
    const { orders } = await ok<{ orders: { id: string; status: string; rxId: string; invoiceLineNo: number; frame: { brand: string; a: number }; lens: { material: string; coatings: string[] }; fittingHeights: { right: number }; events: { status: string; note: string }[] }[] }>(
      call(staff, 'GET', `/api/patients/${demoIds.janeDoe}/orders`),
      200,
    );
    const order = orders.find((o) => o.id === sale.labOrderIds[0])!;
    expect(order).toMatchObject({ status: 'draft', rxId: recordDemoIds.janeRx, invoiceLineNo: 2, frame: { brand: 'Ray-Ban', a: 51 }, lens: { material: material.name, coatings: [coating.name] }, fittingHeights: { right: 22 } });
    // The order notes the balance the patient pays at pickup.
    const due = (total - 10_000) / 100;
    expect(order.events[0]!.note).toBe(`Deposit taken: $${due.toLocaleString('en-US', { minimumFractionDigits: 2 })} due at pickup`);
  });

  it('the balance of a deposit paid at the invoice screen counts in the register session it names (open, same store)', async () => {
    const own = await openRegister(staff, posDemoIds.downtownDispensing);
    const sale = await ok<Sale>(sell(saleBody(own, [{ product: lens, optionIds: oneMaterial(lens), rxId: recordDemoIds.janeRx }], { patientId: demoIds.janeDoe, payments: [{ method: 'card', amount: 1_000, reference: 'slip 1' }], deposit: true })));
    const pay = (body: object) => call(staff, 'POST', `/api/invoices/${sale.invoice.id}/payments`, { method: 'cash', amount: 500, idempotencyKey: randomUUID(), ...body });
    // Another store's session is not found; the other company's neither.
    const uptown = await openRegister(admin, posDemoIds.uptownFrontDesk);
    expect((await pay({ registerSessionId: uptown })).statusCode).toBe(404);
    expect((await call(otherAdmin, 'POST', `/api/invoices/${sale.invoice.id}/payments`, { method: 'cash', amount: 500, registerSessionId: own })).statusCode).toBe(404);

    await ok(pay({ registerSessionId: own }), 201);
    const report = await ok<{ cashIn: number; byMethod: { method: string; amount: number }[] }>(call(staff, 'GET', `/api/pos/sessions/${own}`), 200);
    expect(report.cashIn).toBe(500);
    expect(report.byMethod).toEqual(expect.arrayContaining([expect.objectContaining({ method: 'cash', amount: 500 }), expect.objectContaining({ method: 'card', amount: 1_000 })]));

    // A closed session takes no more money.
    await ok(call(staff, 'POST', `/api/pos/sessions/${own}/close`, { counted: [{ denomination: 500, count: 1 }] }), 200);
    expect(json(await pay({ registerSessionId: own }))).toMatchObject({ code: 'pos.sessionClosed' });
  });

  it('a lens line takes only its own patient’s Rx, and only a lens line takes one', async () => {
    const other = await newPatient(staff);
    const rx = await ok<{ id: string }>(call(staff, 'POST', `/api/patients/${other.id}/spectacle-rx`, rxBody));
    expect(json(await sell(saleBody(session, [{ product: lens, optionIds: oneMaterial(lens), rxId: rx.id }], { patientId: demoIds.janeDoe })))).toMatchObject({ code: 'pos.rxNotOfPatient' });
    expect(json(await sell(saleBody(session, [{ product: lens, optionIds: oneMaterial(lens), rxId: rx.id }])))).toMatchObject({ code: 'pos.rxNotOfPatient' });
    expect(json(await sell(saleBody(session, [{ product: frame, rxId: rx.id }], { patientId: other.id })))).toMatchObject({ fields: { 'lines.0.rxId': posMessages.rxOnlyLens } });
  });

  it('store credit pays for a patient’s sale, never more than the balance and never for a walk-in', async () => {
    const patient = await newPatient(staff);
    await h.db.owner.execute(sql`insert into store_credit_entries (tenant_id, patient_id, amount, reason) values (${demoIds.clearview}, ${patient.id}, 2000, 'Goodwill')`);
    expect(await ok(call(staff, 'GET', `/api/pos/patients/${patient.id}/store-credit`), 200)).toEqual({ patientId: patient.id, balance: 2_000 });
    const total = shownTotal([{ product: cloth }]);
    const sale = await ok<Sale>(sell(saleBody(session, [{ product: cloth }], { patientId: patient.id, payments: [{ method: 'store-credit', amount: 500 }, { method: 'cash', amount: total - 500 }] })));
    expect(sale.invoice.status).toBe('paid');
    expect(await ok(call(staff, 'GET', `/api/pos/patients/${patient.id}/store-credit`), 200)).toEqual({ patientId: patient.id, balance: 1_500 });
    const tooMuch = await sell(saleBody(session, [{ product: frame }], { patientId: patient.id, payments: [{ method: 'store-credit', amount: 1_600 }, { method: 'cash', amount: shownTotal([{ product: frame }]) - 1_600 }] }));
    expect(tooMuch.statusCode).toBe(409);
    expect(json(tooMuch)).toMatchObject({ code: 'pos.storeCreditInsufficient', params: { balance: '$15.00' } });
    expect(json(await sell(saleBody(session, [{ product: cloth }], { payments: [{ method: 'store-credit', amount: total }] })))).toMatchObject({ code: 'pos.storeCreditNeedsPatient' });
  });
});

describe('stock', () => {
  it('a sale takes stock from the store with a movement; beyond what is on hand it is sold to order', async () => {
    const before = await onHand(cloth.id);
    const sale = await ok<Sale>(sell(saleBody(session, [{ product: cloth, quantity: 3 }])));
    expect(await onHand(cloth.id)).toBe(before - 3);
    expect(sale.soldToOrder).toEqual([]);
    const moves = await ownerRows<{ quantity: number; reason: string }>(h, sql`select quantity, reason from stock_movements where invoice_id = ${sale.invoice.id}`);
    expect(moves).toEqual([{ quantity: -3, reason: 'sale' }]);
    const ordered = await ok<Sale>(sell(saleBody(session, [{ product: outOfStock }], { patientId: demoIds.janeDoe, payments: [{ method: 'cash', amount: 5_000 }], deposit: true })));
    expect(ordered.soldToOrder).toEqual([outOfStock.id]);
    expect(ordered.invoice.status).toBe('open');
    expect(await onHand(outOfStock.id)).toBe(-1);
    // A service takes no stock.
    const service = await ok<Sale>(sell(saleBody(session, [{ product: exam }])));
    expect(await ownerRows(h, sql`select 1 from stock_movements where invoice_id = ${service.invoice.id}`)).toEqual([]);
  });
});

describe('the store’s most-sold products', () => {
  const popular = (query: string, who = staff) => call(who, 'GET', `/api/pos/products/popular?${query}`);

  it('lists what the store’s registers sold most, as the store sells it now, bounded by the limit', async () => {
    // Far more exams than any other sale of this file: the exam comes first.
    await ok(sell(saleBody(session, [{ product: exam, quantity: 120 }, { product: cloth, quantity: 60 }])), 201);
    const { items } = await ok<{ items: Hit[] }>(popular(`locationId=${demoIds.downtown}`), 200);
    expect(items.slice(0, 2).map((i) => i.id)).toEqual([exam.id, cloth.id]);
    expect(items[0]).toMatchObject({ sku: exam.sku, price: exam.price, taxRateBp: exam.taxRateBp, barcodes: exam.barcodes, options: [] });
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
    const one = await ok<{ items: Hit[] }>(popular(`locationId=${demoIds.downtown}&limit=1`), 200);
    expect(one.items.map((i) => i.id)).toEqual([exam.id]);
    // Another store's sales are its own.
    const uptown = await ok<{ items: Hit[] }>(popular(`locationId=${demoIds.uptown}`, admin), 200);
    expect(uptown.items[0]?.id).not.toBe(exam.id);
  });

  it('refuses a bad limit with the field, and a store outside the clerk’s scope or company', async () => {
    const bad = await popular(`locationId=${demoIds.downtown}&limit=500`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((json(bad) as { fields: Record<string, string> }).fields)).toEqual(['limit']);
    expect((await popular(`locationId=${demoIds.main}`)).statusCode).toBe(404);
    expect((await popular(`locationId=${demoIds.downtown}`, otherAdmin)).statusCode).toBe(404);
  });
});

describe('sessions and scope', () => {
  it('a closed session takes no sale; an offline sale of a closed session goes into the register’s open one, or is refused without one', async () => {
    const closing = await openRegister(staff, posDemoIds.downtownDispensing);
    await ok(call(staff, 'POST', `/api/pos/sessions/${closing}/close`, { counted: [] }), 200);
    expect(json(await sell(saleBody(closing, [{ product: cloth }])))).toMatchObject({ code: 'pos.sessionClosed' });
    const offline = saleBody(closing, [{ product: cloth }], { soldOffline: true });
    expect(json(await sell(offline))).toMatchObject({ code: 'pos.noOpenSession' });
    const reopened = await openRegister(staff, posDemoIds.downtownDispensing);
    const sale = await ok<Sale>(sell(offline));
    const [row] = await ownerRows<{ register_session_id: string }>(h, sql`select register_session_id from invoices where id = ${sale.invoice.id}`);
    expect(row!.register_session_id).toBe(reopened);
  });

  it('keeps to the clerk’s stores and company', async () => {
    const uptown = await openRegister(admin, posDemoIds.uptownDispensing);
    const uptownCloth = await product(admin, posDemoSkus.cloth, demoIds.uptown);
    expect((await sell(saleBody(uptown, [{ product: uptownCloth }]))).statusCode).toBe(404);
    expect((await sell(saleBody(session, [{ product: cloth }]), otherAdmin)).statusCode).toBe(404);
    // A patient of another company is nobody here.
    expect((await sell(saleBody(session, [{ product: cloth }], { patientId: demoIds.johnRoe }))).statusCode).toBe(404);
    expect((await call(otherAdmin, 'GET', `/api/pos/patients/${demoIds.janeDoe}/store-credit`)).statusCode).toBe(404);
  });

  it('a walk-in’s invoice reads through the register (not emailed); a patient’s receipt is emailed', async () => {
    const walkIn = await ok<Sale>(sell(saleBody(session, [{ product: cloth }])));
    const detail = await ok<{ patientId: string | null; patientName: string | null; lines: unknown[]; payments: unknown[] }>(call(staff, 'GET', `/api/pos/invoices/${walkIn.invoice.id}`), 200);
    expect(detail).toMatchObject({ patientId: null, patientName: null });
    expect(detail.payments).toHaveLength(1);
    expect(json(await call(staff, 'POST', `/api/pos/invoices/${walkIn.invoice.id}/receipt-email`))).toMatchObject({ code: 'sales.noEmailAddress' });
    expect((await call(otherAdmin, 'GET', `/api/pos/invoices/${walkIn.invoice.id}`)).statusCode).toBe(404);
    const jane = await ok<Sale>(sell(saleBody(session, [{ product: exam }], { patientId: demoIds.janeDoe })));
    await ok(call(staff, 'POST', `/api/pos/invoices/${jane.invoice.id}/receipt-email`), 202);
    // The invoice lookup lists the walk-in's sale too.
    const page = await ok<{ items: { id: string; patientId: string | null; patientName: string }[] }>(call(staff, 'GET', `/api/invoices?number=${walkIn.invoice.number}&locationId=${demoIds.downtown}`), 200);
    expect(page.items.find((i) => i.id === walkIn.invoice.id)).toMatchObject({ patientId: null, patientName: '' });
  });
});

it('the clientSaleId is unique per company, not across companies', async () => {
  const id = randomUUID();
  await ok(sell(saleBody(session, [{ product: cloth }], { clientSaleId: id })));
  const main = await openRegister(otherAdmin, posDemoIds.mainFrontDesk);
  const mainCloth = await product(otherAdmin, posDemoSkus.cloth, demoIds.main);
  const theirs = await ok<Sale>(sell(saleBody(main, [{ product: mainCloth }], { clientSaleId: id }), otherAdmin));
  expect(theirs.replayed).toBe(false);
});
