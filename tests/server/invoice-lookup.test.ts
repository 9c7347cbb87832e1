/**
 * The invoice lookup, its totals and the receipt email over HTTP against the real app and database: validation with
 * field messages, filters, keyset paging, store scope, the other company, and payments racing each other.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { admin, call, h, line, newPatient, ok, otherAdmin, patientUser, staff } from './clinical-fixtures';
import { startClinical } from './clinical-fixtures';
import { demoIds, json, ownerRows } from './harness';

startClinical();

interface Item { id: string; number: number; locationId: string; patientName: string; status: string; total: number; balance: number; issuedAt: string }
interface Page { items: Item[]; nextCursor: string | null }

const lookup = (who = admin, query = '') => call(who, 'GET', `/api/invoices${query ? `?${query}` : ''}`);

describe('invoice lookup', () => {
  it('refuses bad filters with a message at each field', async () => {
    const res = await lookup(admin, 'type=late&number=abc&from=2026-02-30&minAmount=1.5&limit=500');
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({
      fields: {
        type: 'Type must be all, open, paid, void or refunded',
        number: 'Invoice number must be a whole number between 1 and 2147483647',
        from: 'From must be a date (YYYY-MM-DD)',
        minAmount: 'Smallest amount must be a whole number of cents between -1000000000 and 1000000000',
        limit: 'Limit must be a whole number between 1 and 100',
      },
    });
    expect(json(await lookup(admin, 'from=2026-03-01&to=2026-02-01&minAmount=500&maxAmount=100'))).toMatchObject({
      fields: { to: 'To cannot be before From', maxAmount: 'Largest amount cannot be less than the smallest' },
    });
    const cursor = Buffer.from(JSON.stringify(['yesterday', 'x'])).toString('base64url');
    expect(json(await lookup(admin, `cursor=${cursor}`))).toMatchObject({ fields: { cursor: 'The page cursor is not valid; start again from the first page' } });
    expect((await lookup(admin, 'locationId=nope')).statusCode).toBe(400);
  });

  it('finds Jane’s open invoice 1002 by number, status, name, day and amount; totals add up the same set', async () => {
    const byNumber = await ok<Page>(lookup(admin, `number=1002&locationId=${demoIds.downtown}`), 200);
    expect(byNumber.items).toHaveLength(1);
    const jane = byNumber.items[0]!;
    expect(jane).toMatchObject({ number: 1002, patientName: 'Jane Doe', status: 'open' });
    const day = jane.issuedAt.slice(0, 10);
    const filters = [`type=open`, `patient=doe,%20jane`, `patientId=${demoIds.janeDoe}`, `from=${day}&to=${day}`, `minAmount=${jane.total}&maxAmount=${jane.total}`];
    for (const f of filters) {
      const page = await ok<Page>(lookup(admin, `${f}&limit=100`), 200);
      expect(page.items.map((i) => i.id), f).toContain(jane.id);
    }
    expect((await ok<Page>(lookup(admin, 'type=paid&number=1002'), 200)).items.map((i) => i.id)).not.toContain(jane.id);
    expect((await ok<Page>(lookup(admin, 'patient=nobody-by-this-name'), 200)).items).toEqual([]);

    const all = await ok<Page>(lookup(admin, `patientId=${demoIds.janeDoe}&limit=100`), 200);
    const totals = await ok<{ count: number; amounts: { currency: string; total: number; balance: number }[] }>(call(admin, 'GET', `/api/invoices/totals?patientId=${demoIds.janeDoe}`), 200);
    expect(totals.count).toBe(all.items.length);
    expect(totals.amounts).toEqual([
      expect.objectContaining({ currency: 'USD', total: all.items.reduce((s, i) => s + i.total, 0), balance: all.items.filter((i) => i.status === 'open').reduce((s, i) => s + i.balance, 0) }),
    ]);
  });

  it('pages by keyset: newest first, pages that neither overlap nor skip', async () => {
    const whole = await ok<Page>(lookup(admin, 'limit=30'), 200);
    expect(whole.items.length).toBe(30);
    const seen: Item[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 3; i++) {
      const page: Page = await ok<Page>(lookup(admin, `limit=10${cursor ? `&cursor=${cursor}` : ''}`), 200);
      seen.push(...page.items);
      cursor = page.nextCursor;
    }
    expect(seen.map((i) => i.id)).toEqual(whole.items.map((i) => i.id));
    const times = seen.map((i) => i.issuedAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('keeps to the caller’s stores and company; patients may not look up', async () => {
    const staffPage = await ok<Page>(lookup(staff, 'limit=100'), 200);
    expect(staffPage.items.length).toBeGreaterThan(0);
    expect(new Set(staffPage.items.map((i) => i.locationId))).toEqual(new Set([demoIds.downtown]));
    expect((await lookup(staff, `locationId=${demoIds.uptown}`)).statusCode).toBe(404);
    expect((await call(staff, 'GET', `/api/invoices/totals?locationId=${demoIds.uptown}`)).statusCode).toBe(404);
    const adminUptown = await ok<Page>(lookup(admin, `locationId=${demoIds.uptown}&limit=5`), 200);
    expect(adminUptown.items.every((i) => i.locationId === demoIds.uptown)).toBe(true);

    const other = await ok<Page>(lookup(otherAdmin, 'number=1002'), 200);
    expect(other.items.every((i) => i.patientName !== 'Jane Doe')).toBe(true);
    expect((await lookup(otherAdmin, `locationId=${demoIds.downtown}`)).statusCode).toBe(404);
    expect((await lookup(otherAdmin, `patientId=${demoIds.janeDoe}`)).body).toContain('"items":[]');
    expect((await lookup(patientUser)).statusCode).toBe(403);
  });
});

describe('receipt email', () => {
  it('queues the sale.receipt email to the patient through the outbox and logs it', async () => {
    const p = await newPatient(admin, { email: `receipt-${randomUUID().slice(0, 8)}@example.test` });
    const inv = await ok<{ id: string; number: number }>(call(admin, 'POST', '/api/invoices', { patientId: p.id, lines: [line] }));
    const sent = await ok<{ messageId: string; recipient: string }>(call(staff, 'POST', `/api/invoices/${inv.id}/receipt-email`), 202);
    expect(sent.recipient).toMatch(/^r\*+@example\.test$/);
    const [logged] = await ownerRows<{ template: string; channel: string; subject: string; body: string; location_id: string }>(
      h,
      sql`select template, channel, subject, body, location_id from communication_log where id = ${sent.messageId}`,
    );
    expect(logged).toMatchObject({ template: 'sale.receipt', channel: 'email', location_id: demoIds.downtown });
    expect(logged!.subject).toContain(String(inv.number));
    expect(logged!.body).toContain('1 × Progressive lenses');
    expect(logged!.body).not.toContain('{{');
    const audits = await ownerRows<{ outcome: string }>(h, sql`select outcome from audit_log where action = 'invoice.receipt.email' and target_id = ${inv.id}`);
    expect(audits.map((a) => a.outcome)).toEqual(['success']);
  });

  it('refuses a patient without email, another store, another company, a patient and an unknown invoice', async () => {
    const receipts = () => ownerRows<{ n: number }>(h, sql`select count(*)::int as n from communication_log where template = 'sale.receipt'`);
    const before = (await receipts())[0]!.n;
    const p = await newPatient(admin, { email: '', preferredChannel: 'sms', phone: '+1 555 010 9999' });
    const inv = await ok<{ id: string }>(call(admin, 'POST', '/api/invoices', { patientId: p.id, lines: [line] }));
    const none = await call(admin, 'POST', `/api/invoices/${inv.id}/receipt-email`);
    expect(none.statusCode).toBe(409);
    expect(json(none)).toMatchObject({ code: 'sales.noEmailAddress' });

    const uptown = await newPatient(admin, { locationId: demoIds.uptown });
    const upInv = await ok<{ id: string }>(call(admin, 'POST', '/api/invoices', { patientId: uptown.id, lines: [line] }));
    expect((await call(staff, 'POST', `/api/invoices/${upInv.id}/receipt-email`)).statusCode).toBe(404);
    expect((await call(otherAdmin, 'POST', `/api/invoices/${upInv.id}/receipt-email`)).statusCode).toBe(404);
    expect((await call(patientUser, 'POST', `/api/invoices/${upInv.id}/receipt-email`)).statusCode).toBe(403);
    expect((await call(admin, 'POST', `/api/invoices/${randomUUID()}/receipt-email`)).statusCode).toBe(404);
    expect((await call(admin, 'POST', '/api/invoices/not-an-id/receipt-email')).statusCode).toBe(400);
    expect((await receipts())[0]!.n).toBe(before);
  });
});

describe('payments racing', () => {
  it('two payments at once whose sum passes the balance: one is recorded, the other told the balance', async () => {
    const p = await newPatient();
    const inv = await ok<{ id: string; total: number }>(call(admin, 'POST', '/api/invoices', { patientId: p.id, lines: [line] }));
    const amount = inv.total - 100;
    const results = await Promise.all([
      call(admin, 'POST', `/api/invoices/${inv.id}/payments`, { method: 'card', amount }, { 'idempotency-key': `a-${randomUUID()}` }),
      call(staff, 'POST', `/api/invoices/${inv.id}/payments`, { method: 'cheque', amount }, { 'idempotency-key': `b-${randomUUID()}` }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    const refused = results.find((r) => r.statusCode === 400)!;
    expect(json(refused)).toMatchObject({ fields: { amount: 'Amount cannot be more than the balance of 100 cents' } });
    const rows = await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from payments where invoice_id = ${inv.id}`);
    expect(rows[0]!.n).toBe(1);
  });

  it('a double submit of the balance (one key) pays once and the invoice is paid', async () => {
    const p = await newPatient();
    const inv = await ok<{ id: string; total: number }>(call(admin, 'POST', '/api/invoices', { patientId: p.id, lines: [line] }));
    const key = `pay-${randomUUID()}`;
    const body = { method: 'card', amount: inv.total, reference: '4242' };
    const [first, second] = await Promise.all([1, 2].map(() => call(staff, 'POST', `/api/invoices/${inv.id}/payments`, body, { 'idempotency-key': key })));
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([200, 201]);
    const page = await ok<Page>(lookup(staff, `patientId=${p.id}`), 200);
    expect(page.items[0]).toMatchObject({ status: 'paid', balance: 0 });
  });
});
