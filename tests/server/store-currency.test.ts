/**
 * A store's currency (ISO 4217, default USD): set by an admin (a new store, or the store's details), refused with
 * the field when it is not a currency Intl knows; a new sale takes its store's currency (the server decides), the
 * invoices made before keep theirs; the register and its session report say it; a money report reads the stores
 * of one currency at a time and never adds different currencies together.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { settingsMessages, type GeneralSettings } from '../../src/contract/generalSettings';
import { reportMessages, type Report } from '../../src/contract/reports';
import type { StoresOverview } from '../../src/contract/storesAdmin';
import { posDemoIds, posDemoSkus } from '../../server/db/seed-pos';
import { localParts } from '../../server/db/values';
import { admin, call, h, ok, startClinical } from './clinical-fixtures';
import { demoIds, json, ownerRows } from './harness';
import { openRegister, product, saleBody, type Sale } from './pos-fixtures';

startClinical();

const uptownDetails = {
  group: 'store',
  name: 'Uptown',
  address: '88 Hill Avenue, Springfield',
  phone: '+1 555 0101',
  timeZone: 'America/New_York',
  taxNumber: '',
  hours: { mon: null, tue: null, wed: null, thu: null, fri: null, sat: null, sun: null },
};
const saveUptown = (extra: Record<string, unknown>) => call(admin, 'PUT', `/api/settings/general/stores/${demoIds.uptown}`, { ...uptownDetails, ...extra });
const currencies = async (locationId: string) =>
  ownerRows<{ currency: string; n: number }>(h, sql`select currency, count(*)::int as n from invoices where location_id = ${locationId} group by currency order by currency`);

describe('setting a store’s currency', () => {
  it.each([['XYZ'], ['US'], ['€'], [42]])('refuses %s with 400 naming the field, and changes nothing', async (currency) => {
    const res = await saveUptown({ currency });
    expect(res.statusCode, res.body).toBe(400);
    expect(json<{ fields: Record<string, string> }>(res).fields).toEqual({ currency: settingsMessages.currency });
    const [row] = await ownerRows<{ currency: string }>(h, sql`select currency from locations where id = ${demoIds.uptown}`);
    expect(row!.currency).toBe('USD');
  });

  it('a new store gets the currency given (USD when none), and a bad one is refused with the field', async () => {
    const bad = await call(admin, 'POST', '/api/stores', { name: 'Harbour', slug: 'harbour', address: '', phone: '', timeZone: 'Europe/Dublin', taxRateBp: 2300, currency: 'EURO' });
    expect(bad.statusCode).toBe(400);
    expect(json<{ fields: Record<string, string> }>(bad).fields).toEqual({ currency: settingsMessages.currency });
    expect(await ownerRows(h, sql`select 1 from locations where slug = 'harbour'`)).toEqual([]);

    const made = await ok<StoresOverview & { created: string }>(
      call(admin, 'POST', '/api/stores', { name: 'Harbour', slug: 'harbour', address: '', phone: '', timeZone: 'Europe/Dublin', taxRateBp: 2300, currency: 'eur' }),
    );
    expect(made.stores.find((s) => s.id === made.created)!.currency).toBe('EUR');
    const plain = await ok<StoresOverview & { created: string }>(
      call(admin, 'POST', '/api/stores', { name: 'Quay', slug: 'quay', address: '', phone: '', timeZone: 'America/New_York', taxRateBp: 0 }),
    );
    expect(plain.stores.find((s) => s.id === plain.created)!.currency).toBe('USD');
  });
});

describe('a store selling in euros', () => {
  let before: { currency: string; n: number }[];
  let sale: Sale & { invoice: { currency: string } };

  beforeAll(async () => {
    before = await currencies(demoIds.uptown);
    const saved = await saveUptown({ currency: 'EUR' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json<GeneralSettings>(saved).stores.find((s) => s.id === demoIds.uptown)!.currency).toBe('EUR');
    const session = await openRegister(admin, posDemoIds.uptownFrontDesk);
    const frame = await product(admin, posDemoSkus.frame, demoIds.uptown);
    sale = await ok(call(admin, 'POST', '/api/pos/sales', saleBody(session, [{ product: frame }])));
  });

  it('sells in EUR; the invoices made before keep their currency', async () => {
    expect(sale.invoice.currency).toBe('EUR');
    const after = await currencies(demoIds.uptown);
    expect(after.filter((c) => c.currency !== 'EUR')).toEqual(before);
    expect(after.find((c) => c.currency === 'EUR')!.n).toBe(1);
    // Downtown still sells in dollars.
    expect((await currencies(demoIds.downtown)).map((c) => c.currency)).toEqual(['USD']);
  });

  it('the register and its session report say the store’s currency', async () => {
    const { registers } = await ok<{ registers: { id: string; currency: string }[] }>(call(admin, 'GET', '/api/pos/registers'), 200);
    expect(registers.find((r) => r.id === posDemoIds.uptownFrontDesk)!.currency).toBe('EUR');
    expect(registers.find((r) => r.id === posDemoIds.downtownFrontDesk)!.currency).toBe('USD');
    const open = await ok<{ registers: { id: string; openSession: { id: string } | null }[] }>(call(admin, 'GET', '/api/pos/registers'), 200);
    const sessionId = open.registers.find((r) => r.id === posDemoIds.uptownFrontDesk)!.openSession!.id;
    const report = await ok<{ currency: string }>(call(admin, 'GET', `/api/pos/sessions/${sessionId}`), 200);
    expect(report.currency).toBe('EUR');
  });

  it('a money report reads one currency’s stores: never a sum of euros and dollars', async () => {
    const day = localParts(new Date(), 'America/New_York').date;
    const range = `from=${day}&to=${day}`;
    const get = (query: string) => ok<Report>(call(admin, 'GET', `/api/reports/sales?${range}${query}`), 200);
    const net = (r: Report) => r.summary.find((f) => f.key === 'net')!.value;

    const usd = await get('&currency=USD');
    const eur = await get('&currency=EUR');
    expect([usd.currency, usd.currencies]).toEqual(['USD', ['EUR', 'USD']]);
    expect([eur.currency, eur.currencies]).toEqual(['EUR', ['EUR', 'USD']]);
    // Each is exactly its stores' figures: Downtown (and the new dollar store) in dollars, Uptown in euros.
    expect(net(usd)).toBe(net(await get(`&locationId=${demoIds.downtown}`)));
    const uptown = await get(`&locationId=${demoIds.uptown}`);
    expect([uptown.currency, uptown.currencies]).toEqual(['EUR', ['EUR']]);
    expect(net(eur)).toBe(net(uptown));
    expect(net(eur)).toBeGreaterThan(0);
    // Without a currency: the home store's, still one currency.
    const plain = await get('');
    expect(plain.currencies).toEqual(['EUR', 'USD']);
    expect(net(plain)).toBe(plain.currency === 'EUR' ? net(eur) : net(usd));
    // Grouped by store, the dollar report has no euro store's row.
    const byStore = await get('&currency=USD&group=store');
    expect(byStore.sections[0]!.rows.map((r) => r.key)).not.toContain(demoIds.uptown);
    // The payments report likewise.
    const taken = (r: Report) => r.summary.find((f) => f.key === 'taken')?.value ?? r.sections[0]!.rows.reduce((a, x) => a + (x.values.taken ?? 0), 0);
    const payEur = await ok<Report>(call(admin, 'GET', `/api/reports/payments?${range}&currency=EUR`), 200);
    const payUptown = await ok<Report>(call(admin, 'GET', `/api/reports/payments?${range}&locationId=${demoIds.uptown}`), 200);
    expect(taken(payEur)).toBe(taken(payUptown));
    expect(taken(payEur)).toBeGreaterThanOrEqual(sale.invoice.paidTotal);
    // A report that counts no money is not split.
    const recalls = await ok<Report>(call(admin, 'GET', `/api/reports/recalls?${range}&currency=EUR`), 200);
    expect(recalls.currencies).toEqual(['EUR', 'USD']);
  });

  it('a currency none of the stores sells in is refused with the field', async () => {
    const res = await call(admin, 'GET', `/api/reports/sales?currency=GBP`);
    expect(res.statusCode).toBe(400);
    expect(json<{ fields: Record<string, string> }>(res).fields).toEqual({ currency: reportMessages.currency });
    const lower = await call(admin, 'GET', `/api/reports/sales?currency=eur`);
    expect(lower.statusCode).toBe(400);
  });
});
