/**
 * Invoices and payments over HTTP against the real app and database: numbering per store (one store's never
 * waiting for another's), totals with the store tax rate, payment idempotency, paid invoices, and voids with their credit record.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Tx } from '../../server/db/client';
import { lockNumbering } from '../../server/db/pg';
import { posDemoIds, posDemoSkus } from '../../server/db/seed-pos';
import { admin, call, h, line, newPatient, ok, staff, startClinical } from './clinical-fixtures';
import { demoIds, json, ownerRows } from './harness';
import { openRegister, product, saleBody } from './pos-fixtures';

startClinical();

describe('invoices and payments', () => {
  it('numbers per store, computes totals with the store tax rate in integer cents', async () => {
    await h.db.owner.execute(sql`update locations set tax_rate_bp = 825 where id = ${demoIds.downtown}`);
    const p = await newPatient();
    const inv = await ok<{ number: number; subtotal: number; discountTotal: number; taxTotal: number; total: number; balance: number; lines: { tax: number; total: number }[] }>(
      call(admin, 'POST', '/api/invoices', {
        patientId: p.id,
        lines: [
          { kind: 'product', description: 'Frame', quantity: 1, unitPrice: 12_999, discount: 1_000 },
          { kind: 'service', description: 'Eye exam', quantity: 2, unitPrice: 4_550 },
        ],
      }),
    );
    // Line 1: 11,999 net, tax round(989.9175) = 990; line 2: 9,100 net, tax round(750.75) = 751.
    expect(inv).toMatchObject({ subtotal: 22_099, discountTotal: 1_000, taxTotal: 1_741, total: 22_840, balance: 22_840 });
    expect(inv.lines.map((l) => l.total)).toEqual([12_989, 9_851]);
    const next = await ok<{ number: number }>(call(admin, 'POST', '/api/invoices', { patientId: p.id, lines: [line] }));
    expect(next.number).toBe(inv.number + 1);
    const bad = await call(admin, 'POST', '/api/invoices', { patientId: p.id, lines: [{ ...line, unitPrice: 10.5, discount: -1 }] });
    expect(json(bad)).toMatchObject({ fields: { 'lines.0.unitPrice': 'Unit price must be a whole number of cents between 0 and 1000000000' } });
    await h.db.owner.execute(sql`update locations set tax_rate_bp = 0 where id = ${demoIds.downtown}`);
  });

  it('concurrent invoices of one store get distinct consecutive numbers', async () => {
    const p = await newPatient();
    const results = await Promise.all(Array.from({ length: 5 }, () => ok<{ number: number }>(call(admin, 'POST', '/api/invoices', { patientId: p.id, lines: [line] }))));
    const numbers = results.map((r) => r.number).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(5);
    expect(numbers[4]! - numbers[0]!).toBe(4);
  });

  // PostgreSQL only: PGlite is one connection, so every transaction waits for the one before it anyway.
  it.runIf(process.env.TEST_DATABASE_URL)('a store whose numbering is held up holds up no other store', async () => {
    const p = await newPatient();
    const sell = (locationId: string) => call(admin, 'POST', '/api/invoices', { patientId: p.id, locationId, lines: [line] });
    const session = await openRegister(admin, posDemoIds.downtownDispensing);
    const exam = await product(admin, posDemoSkus.exam);
    const atRegister = () => call(admin, 'POST', '/api/pos/sales', saleBody(session, [{ product: exam }]));
    // Another transaction numbering at Uptown, still open: what a slow sale there looks like to everyone else.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = h.db.owner.transaction(async (tx) => {
      await lockNumbering(tx as unknown as Tx, 'invoice', demoIds.uptown);
      locked();
      await released;
    });
    await isLocked;
    try {
      const settled = (ms: number) => new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), ms));
      const atUptown = sell(demoIds.uptown);
      const downtown = await Promise.race([Promise.all([sell(demoIds.downtown), sell(demoIds.downtown), atRegister(), atRegister()]), settled(5_000)]);
      expect(downtown, 'Downtown sales finished while Uptown numbering was held').not.toBe('waiting');
      expect((downtown as Awaited<ReturnType<typeof sell>>[]).map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
      // Uptown's own sale waits for its store's numbering, as it must (gapless numbers per store).
      expect(await Promise.race([atUptown, settled(300)])).toBe('waiting');
      release();
      await holder;
      expect((await atUptown).statusCode).toBe(201);
    } finally {
      release();
      await holder;
    }
  });

  it('two concurrent payments with one Idempotency-Key record one payment; paid at balance 0; a paid invoice takes no more', async () => {
    const p = await newPatient();
    const inv = await ok<{ id: string; total: number }>(call(admin, 'POST', '/api/invoices', { patientId: p.id, lines: [line] }));
    const key = `pay-${randomUUID()}`;
    const results = await Promise.all([
      call(admin, 'POST', `/api/invoices/${inv.id}/payments`, { method: 'card', amount: 10_000 }, { 'idempotency-key': key }),
      call(staff, 'POST', `/api/invoices/${inv.id}/payments`, { method: 'card', amount: 10_000, idempotencyKey: key }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    const bodies = results.map((r) => json<{ payment: { id: string }; invoice: { paidTotal: number }; replayed: boolean }>(r));
    expect(bodies[0]!.payment.id).toBe(bodies[1]!.payment.id);
    const rows = await ownerRows<{ n: number; s: number }>(h, sql`select count(*)::int as n, coalesce(sum(amount), 0)::int as s from payments where invoice_id = ${inv.id}`);
    expect(rows[0]).toEqual({ n: 1, s: 10_000 });

    const tooMuch = await call(admin, 'POST', `/api/invoices/${inv.id}/payments`, { method: 'cash', amount: 20_000 });
    expect(json(tooMuch)).toMatchObject({ fields: { amount: 'Amount cannot be more than the balance of 15000 cents' } });
    const rest = await ok<{ invoice: { status: string; balance: number } }>(call(admin, 'POST', `/api/invoices/${inv.id}/payments`, { method: 'card', amount: 15_000 }));
    expect(rest.invoice).toMatchObject({ status: 'paid', balance: 0 });
    const after = await call(admin, 'POST', `/api/invoices/${inv.id}/payments`, { method: 'cash', amount: 1 });
    expect(after.statusCode).toBe(409);
    // The same key for another payment is refused.
    const reused = await call(admin, 'POST', `/api/invoices/${inv.id}/payments`, { method: 'cash', amount: 5 }, { 'idempotency-key': key });
    expect(reused.statusCode).toBe(409);
  });

  it('refunding a paid invoice writes a linked credit record and leaves the invoice amounts unchanged', async () => {
    const p = await newPatient();
    const inv = await ok<{ id: string; total: number }>(call(admin, 'POST', '/api/invoices', { patientId: p.id, lines: [line] }));
    await ok(call(admin, 'POST', `/api/invoices/${inv.id}/payments`, { method: 'card', amount: inv.total }));
    const voided = await ok<{ invoice: { status: string; total: number; paidTotal: number }; credit: { total: number; paidTotal: number; relatedInvoiceId: string; status: string } }>(
      call(admin, 'POST', `/api/invoices/${inv.id}/void`, { reason: 'Wrong frame' }),
      200,
    );
    expect(voided.invoice).toMatchObject({ status: 'refunded', total: inv.total, paidTotal: inv.total });
    expect(voided.credit).toMatchObject({ status: 'refunded', total: -inv.total, paidTotal: -inv.total, relatedInvoiceId: inv.id });
    expect((await call(admin, 'POST', `/api/invoices/${inv.id}/void`, { reason: 'again' })).statusCode).toBe(409);
    const refund = await ownerRows<{ amount: number; method: string }>(h, sql`select amount::int as amount, method from payments p join invoices i on i.id = p.invoice_id where i.related_invoice_id = ${inv.id}`);
    expect(refund).toEqual([{ amount: -inv.total, method: 'card' }]);
  });
});
