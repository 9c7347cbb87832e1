/**
 * After the sale, over HTTP: refunds whole or by line (never more than sold or paid, to the original methods or store
 * credit, stock returned, counted in the session, once per clientRefundId), parked sales and quotes, the register's
 * history of a day, and hostile text at each new field.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDetail } from '../../src/contract/records';
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

interface Refund {
  invoice: { id: string; status: string };
  credit: { id: string; total: number; paidTotal: number; relatedInvoiceId: string; lines: { quantity: number; total: number }[] };
  refunded: { method: string; amount: number }[];
  replayed: boolean;
}

const sell = (body: unknown) => ok<Sale>(call(staff, 'POST', '/api/pos/sales', body));
const refund = (invoiceId: string, body: Record<string, unknown>, who = staff) =>
  call(who, 'POST', `/api/pos/invoices/${invoiceId}/refunds`, { clientRefundId: randomUUID(), registerSessionId: session, reason: 'Changed mind', ...body });
const onHand = async (productId: string) =>
  (await ownerRows<{ on_hand: number }>(h, sql`select on_hand from product_stock where location_id = ${demoIds.downtown} and product_id = ${productId}`))[0]!.on_hand;

describe('refunds', () => {
  it('by line: never more than was sold, each part its share; the last part what is left; stock returned; the invoice refunded when all is back', async () => {
    const sale = await sell(saleBody(session, [{ product: cloth, quantity: 3 }, { product: exam }], { orderDiscount: { type: 'amount', value: 333, reason: 'Round' } }));
    const clothLine = sale.invoice.lines[0]!;
    const stock = await onHand(cloth.id);
    const one = await ok<Refund>(refund(sale.invoice.id, { lines: [{ lineNo: 1, quantity: 1 }] }));
    expect(one.credit).toMatchObject({ relatedInvoiceId: sale.invoice.id, total: -Math.round(clothLine.total / 3) });
    expect(one.refunded).toEqual([{ method: 'cash', amount: Math.round(clothLine.total / 3) }]);
    expect(one.invoice.status).toBe('paid');
    expect(await onHand(cloth.id)).toBe(stock + 1);

    const over = await refund(sale.invoice.id, { lines: [{ lineNo: 1, quantity: 3 }] });
    expect(over.statusCode).toBe(409);
    expect(json(over)).toMatchObject({ code: 'pos.refundOverSold', params: { lineNo: 1, quantity: 2 } });
    expect(json(await refund(sale.invoice.id, { lines: [{ lineNo: 9, quantity: 1 }] }))).toMatchObject({ fields: { 'lines.0.lineNo': 'Line must be a line number of the invoice' } });

    const rest = await ok<Refund>(refund(sale.invoice.id, { lines: [{ lineNo: 1, quantity: 2 }, { lineNo: 2, quantity: 1 }] }));
    // Everything given back adds up to what was paid, to the cent.
    expect(-one.credit.total - rest.credit.total).toBe(sale.invoice.total);
    expect(rest.invoice.status).toBe('refunded');
    expect(json(await refund(sale.invoice.id, { lines: [{ lineNo: 2, quantity: 1 }] }))).toMatchObject({ code: 'sales.invoiceAlreadyClosed' });
    // The whole-invoice void of server/sales refuses a refunded invoice too.
    expect((await call(staff, 'POST', `/api/invoices/${sale.invoice.id}/void`, { reason: 'again' })).statusCode).toBe(409);
  });

  it('a void after a refund by line credits only what is left of each line, and pays back only what was not', async () => {
    const sale = await sell(saleBody(session, [{ product: cloth, quantity: 3 }, { product: exam }], { orderDiscount: { type: 'amount', value: 333, reason: 'Round' } }));
    const one = await ok<Refund>(refund(sale.invoice.id, { lines: [{ lineNo: 1, quantity: 1 }] }));
    const voided = await ok<{ invoice: { status: string }; credit: Refund['credit'] & { lines: { quantity: number; total: number; description: string }[] } }>(
      call(staff, 'POST', `/api/invoices/${sale.invoice.id}/void`, { reason: 'Cancelled', registerSessionId: session }),
      200,
    );
    expect(voided.invoice.status).toBe('refunded');
    expect(voided.credit.lines.map((l) => l.quantity)).toEqual([2, 1]);
    // The refund and the void together give back the sale exactly: goods and money, to the cent.
    expect(-one.credit.total - voided.credit.total).toBe(sale.invoice.total);
    expect(-one.credit.paidTotal - voided.credit.paidTotal).toBe(sale.invoice.total);
    expect(voided.credit.lines.reduce((sum, l) => sum + l.total, 0)).toBe(voided.credit.total);
  });

  it('never more money than was paid: a deposit’s lines are refunded only up to the deposit', async () => {
    const sale = await sell(saleBody(session, [{ product: await product(staff, posDemoSkus.frameOutOfStock) }], { patientId: demoIds.janeDoe, payments: [{ method: 'card', amount: 5_000, reference: '1111' }], deposit: true }));
    const res = await refund(sale.invoice.id, { lines: [{ lineNo: 1, quantity: 1 }] });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ code: 'pos.refundOverPaid', params: { amount: '$50.00' } });
  });

  it('goes back by the original methods (cash last) or to store credit; once per clientRefundId; the session counts it', async () => {
    const own = await openRegister(staff, posDemoIds.downtownDispensing);
    const lines = [{ product: frame }, { product: cloth }];
    const total = shownTotal(lines);
    const sale = await sell(saleBody(own, lines, { payments: [{ method: 'card', amount: total - 1_000, reference: '9999' }, { method: 'cash', amount: 1_000 }] }));
    const body = { clientRefundId: randomUUID(), registerSessionId: own, lines: [{ lineNo: 2, quantity: 1 }], reason: 'Scratched' };
    const [a, b] = await Promise.all([call(staff, 'POST', `/api/pos/invoices/${sale.invoice.id}/refunds`, body), call(staff, 'POST', `/api/pos/invoices/${sale.invoice.id}/refunds`, body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    const first = json<Refund>(a.statusCode === 201 ? a : b);
    const clothTotal = sale.invoice.lines[1]!.total;
    expect(first.refunded).toEqual([{ method: 'card', amount: clothTotal }]);
    // The credit record's receipt names the invoice it gives back.
    expect(await ok<InvoiceDetail>(call(staff, 'GET', `/api/pos/invoices/${first.credit.id}`), 200)).toMatchObject({
      relatedInvoiceId: sale.invoice.id,
      relatedInvoiceNumber: sale.invoice.number,
      payments: [{ method: 'card', amount: -clothTotal }],
    });
    // The sale's lines say what went back of each (the register's refund form offers only the rest).
    const original = await ok<InvoiceDetail>(call(staff, 'GET', `/api/pos/invoices/${sale.invoice.id}`), 200);
    expect(original.lines.map((l) => [l.lineNo, l.givenBack])).toEqual([[1, 0], [2, 1]]);
    expect(json<Refund>(a.statusCode === 200 ? a : b)).toMatchObject({ replayed: true, credit: { id: first.credit.id } });
    // The frame too: what the card has left goes back to it, the rest in cash from the drawer.
    const frameTotal = sale.invoice.lines[0]!.total;
    const second = await ok<Refund>(call(staff, 'POST', `/api/pos/invoices/${sale.invoice.id}/refunds`, { ...body, clientRefundId: randomUUID(), lines: [{ lineNo: 1, quantity: 1 }] }));
    expect(second.refunded).toEqual([
      { method: 'card', amount: total - 1_000 - clothTotal },
      { method: 'cash', amount: frameTotal - (total - 1_000 - clothTotal) },
    ]);
    const report = await ok<{ cashIn: number; cashOut: number; refundCount: number; refundsTotal: number; byMethod: { method: string; amount: number }[] }>(call(staff, 'GET', `/api/pos/sessions/${own}`), 200);
    expect(report).toMatchObject({ cashIn: 1_000, cashOut: 1_000, refundCount: 2, refundsTotal: total });
    expect(report.byMethod).toEqual([
      { method: 'card', amount: 0, count: 3 },
      { method: 'cash', amount: 0, count: 2 },
    ]);

    const patient = await newPatient(staff);
    const theirs = await sell(saleBody(own, [{ product: frame }], { patientId: patient.id, payments: [{ method: 'card', amount: shownTotal([{ product: frame }]), reference: '5555' }] }));
    const toCredit = await ok<Refund>(call(staff, 'POST', `/api/pos/invoices/${theirs.invoice.id}/refunds`, { clientRefundId: randomUUID(), registerSessionId: own, lines: [{ lineNo: 1, quantity: 1 }], refundTo: 'store-credit', reason: 'Exchange later' }));
    expect(toCredit.refunded).toEqual([{ method: 'store-credit', amount: theirs.invoice.total }]);
    expect(await ok(call(staff, 'GET', `/api/pos/patients/${patient.id}/store-credit`), 200)).toEqual({ patientId: patient.id, balance: theirs.invoice.total });
    // A walk-in has no store credit.
    const walkIn = await sell(saleBody(own, [{ product: cloth }]));
    expect(json(await call(staff, 'POST', `/api/pos/invoices/${walkIn.invoice.id}/refunds`, { clientRefundId: randomUUID(), registerSessionId: own, lines: [{ lineNo: 1, quantity: 1 }], refundTo: 'store-credit', reason: 'x' }))).toMatchObject({
      code: 'pos.storeCreditNeedsPatient',
    });
  });

  it('needs an open session of the invoice’s store, and keeps to the clerk’s stores and company', async () => {
    const sale = await sell(saleBody(session, [{ product: cloth }]));
    const uptown = await openRegister(admin, posDemoIds.uptownFrontDesk);
    expect(json(await refund(sale.invoice.id, { registerSessionId: uptown, lines: [{ lineNo: 1, quantity: 1 }] }, admin))).toMatchObject({
      fields: { registerSessionId: 'The register session must be at the store of the invoice' },
    });
    const closed = await openRegister(staff, posDemoIds.downtownDispensing);
    await ok(call(staff, 'POST', `/api/pos/sessions/${closed}/close`, { counted: [] }), 200);
    expect(json(await refund(sale.invoice.id, { registerSessionId: closed, lines: [{ lineNo: 1, quantity: 1 }] }))).toMatchObject({ code: 'pos.sessionClosed' });
    expect((await refund(sale.invoice.id, { lines: [{ lineNo: 1, quantity: 1 }] }, otherAdmin)).statusCode).toBe(404);
    const uptownSale = await ok<Sale>(call(admin, 'POST', '/api/pos/sales', saleBody(uptown, [{ product: await product(admin, posDemoSkus.cloth, demoIds.uptown) }])));
    expect((await refund(uptownSale.invoice.id, { lines: [{ lineNo: 1, quantity: 1 }] })).statusCode).toBe(404);
  });
});

describe('parked sales and quotes', () => {
  it('parks, lists, replaces, resumes into a sale (which removes it), deletes; a quote expires after 30 days', async () => {
    const id = randomUUID();
    const lines = [{ productId: frame.id, quantity: 1, optionIds: [], discount: null, rxId: null, fitting: null }];
    const parked = await ok<{ id: string; total: number; kind: string; expiresAt: string | null; patientName: string | null; createdBy: string }>(
      call(staff, 'PUT', `/api/pos/parked/${id}`, { id, locationId: demoIds.downtown, kind: 'parked', patientId: demoIds.janeDoe, lines, note: 'Back after lunch' }),
      200,
    );
    expect(parked).toMatchObject({ id, kind: 'parked', total: shownTotal([{ product: frame }]), expiresAt: null, patientName: 'Jane Doe', createdBy: 'Sam Staff' });
    const list = await ok<{ items: { id: string }[] }>(call(staff, 'GET', `/api/pos/parked?locationId=${demoIds.downtown}`), 200);
    expect(list.items.map((i) => i.id)).toContain(id);
    const quote = await ok<{ kind: string; expiresAt: string }>(call(staff, 'PUT', `/api/pos/parked/${id}`, { id, locationId: demoIds.downtown, kind: 'quote', patientId: null, lines: [...lines, { ...lines[0]!, productId: cloth.id }] }), 200);
    expect(Date.parse(quote.expiresAt) - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
    await sell(saleBody(session, [{ product: frame }, { product: cloth }], { parkedId: id }));
    expect((await ok<{ items: { id: string }[] }>(call(staff, 'GET', `/api/pos/parked?locationId=${demoIds.downtown}`), 200)).items.map((i) => i.id)).not.toContain(id);

    const old = randomUUID();
    await ok(call(staff, 'PUT', `/api/pos/parked/${old}`, { id: old, locationId: demoIds.downtown, kind: 'quote', patientId: null, lines }), 200);
    await h.db.owner.execute(sql`update parked_sales set expires_at = now() - interval '1 day' where id = ${old}`);
    const expired = await call(staff, 'POST', '/api/pos/sales', saleBody(session, [{ product: frame }], { parkedId: old }));
    expect(expired.statusCode).toBe(409);
    expect(json(expired)).toMatchObject({ code: 'pos.quoteExpired' });
    expect(await ok(call(staff, 'DELETE', `/api/pos/parked/${old}`), 200)).toEqual({ id: old });
    expect((await call(staff, 'DELETE', `/api/pos/parked/${old}`)).statusCode).toBe(404);
  });

  it('refuses a mismatched id, another store and the other company', async () => {
    const id = randomUUID();
    const lines = [{ productId: cloth.id, quantity: 1 }];
    expect(json(await call(staff, 'PUT', `/api/pos/parked/${id}`, { id: randomUUID(), locationId: demoIds.downtown, kind: 'parked', patientId: null, lines }))).toMatchObject({
      fields: { id: 'The id must be the one in the address' },
    });
    expect((await call(staff, 'PUT', `/api/pos/parked/${id}`, { id, locationId: demoIds.uptown, kind: 'parked', patientId: null, lines })).statusCode).toBe(404);
    await ok(call(staff, 'PUT', `/api/pos/parked/${id}`, { id, locationId: demoIds.downtown, kind: 'parked', patientId: null, lines }), 200);
    expect((await call(otherAdmin, 'DELETE', `/api/pos/parked/${id}`)).statusCode).toBe(404);
    expect((await call(otherAdmin, 'GET', `/api/pos/parked?locationId=${demoIds.downtown}`)).statusCode).toBe(404);
    expect(json(await call(staff, 'PUT', `/api/pos/parked/${id}`, { id, locationId: demoIds.downtown, kind: 'hold', patientId: null, lines }))).toMatchObject({ fields: { kind: 'Kind must be parked or quote' } });
  });
});

describe('history', () => {
  it('lists the register’s sales and credit records of today, newest first, with the clerk and methods', async () => {
    const own = await openRegister(staff, posDemoIds.downtownDispensing);
    const sale = await sell(saleBody(own, [{ product: cloth }], { patientId: demoIds.janeDoe }));
    await ok(call(staff, 'POST', `/api/pos/invoices/${sale.invoice.id}/refunds`, { clientRefundId: randomUUID(), registerSessionId: own, lines: [{ lineNo: 1, quantity: 1 }], reason: 'x' }));
    const { items } = await ok<{ items: { invoiceId: string; relatedInvoiceId: string | null; total: number; patientName: string | null; clerk: string; methods: string[] }[] }>(
      call(staff, 'GET', `/api/pos/history?registerId=${posDemoIds.downtownDispensing}`),
      200,
    );
    expect(items[0]).toMatchObject({ relatedInvoiceId: sale.invoice.id, total: -sale.invoice.total, clerk: 'Sam Staff', methods: ['cash'] });
    expect(items[1]).toMatchObject({ invoiceId: sale.invoice.id, patientName: 'Jane Doe', methods: ['cash'] });
    expect((await ok<{ items: unknown[] }>(call(staff, 'GET', `/api/pos/history?registerId=${posDemoIds.downtownDispensing}&day=2020-01-01`), 200)).items).toEqual([]);
    expect((await call(staff, 'GET', `/api/pos/history?registerId=${posDemoIds.uptownDispensing}`)).statusCode).toBe(404);
    expect(json(await call(staff, 'GET', `/api/pos/history?registerId=${posDemoIds.downtownDispensing}&day=2026-02-30`))).toMatchObject({ code: 'request.fieldsInvalid' });
  });
});

describe('hostile text', () => {
  const LONE = 'x\ud800y';
  it('a lone surrogate in any text field is 400 naming the field, and nothing is written', async () => {
    const before = await ownerRows<{ n: number }>(h, sql`select (select count(*) from invoices) + (select count(*) from cash_movements) + (select count(*) from parked_sales) as n`);
    const cases: [string, string, unknown, string][] = [
      ['POST', `/api/pos/sessions/${session}/movements`, { kind: 'pay-in', amount: 100, reason: LONE }, 'reason'],
      ['POST', '/api/pos/sales', { ...saleBody(session, [{ product: cloth }]), notes: LONE }, 'notes'],
      ['POST', '/api/pos/sales', { ...saleBody(session, [{ product: cloth }], { orderDiscount: { type: 'amount', value: 1, reason: LONE } }) }, 'orderDiscount.reason'],
      ['PUT', `/api/pos/parked/${randomUUID()}`, { id: randomUUID(), locationId: demoIds.downtown, kind: 'parked', patientId: null, lines: [{ productId: cloth.id, quantity: 1 }], note: LONE }, 'note'],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await call(staff, method as 'POST', url, body);
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(json<{ fields: Record<string, string> }>(res).fields, url).toHaveProperty([field]);
    }
    const sale = await sell(saleBody(session, [{ product: cloth }]));
    const refused = await call(staff, 'POST', `/api/pos/invoices/${sale.invoice.id}/refunds`, { clientRefundId: randomUUID(), registerSessionId: session, lines: [{ lineNo: 1, quantity: 1 }], reason: LONE });
    expect(json(refused)).toMatchObject({ fields: { reason: expect.any(String) } });
    const after = await ownerRows<{ n: number }>(h, sql`select (select count(*) from invoices) + (select count(*) from cash_movements) + (select count(*) from parked_sales) as n`);
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n) + 1);
  });
});
