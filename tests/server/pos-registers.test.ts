/**
 * The register's catalogue and sessions over HTTP: product search and barcode at a store (its price, stock, tax and
 * options), registers with their open session, one open session per register (also when two clerks race), cash
 * movements, the X and Z reports, and the store scope and the other company.
 */
import { describe, expect, it } from 'vitest';
import { posDemoIds, posDemoSkus } from '../../server/db/seed-pos';
import { admin, call, ok, otherAdmin, patientUser, staff } from './clinical-fixtures';
import { openRegister, product, saleBody } from './pos-fixtures';
import { startClinical } from './clinical-fixtures';
import { demoIds, json } from './harness';

startClinical();

interface Hit { id: string; sku: string; name: string; kind: string; price: number; stock: number | null; taxRateBp: number; barcodes: string[]; options: { group: string; name: string; price: number }[]; size: unknown }
interface Report { id: string; status: string; floatTotal: number; expectedCash: number; countedCash: number | null; difference: number | null; payIns: number; payOuts: number; movements: unknown[]; registerName: string; openedBy: string }

const search = (q: string, locationId: string = demoIds.downtown, who = admin, extra = '') =>
  call(who, 'GET', `/api/pos/products?locationId=${locationId}&q=${encodeURIComponent(q)}${extra}`);

describe('catalogue', () => {
  it('finds products by word prefixes of brand, model, colour and SKU, with the store’s price, stock, tax and options', async () => {
    const rayban = await ok<{ items: Hit[] }>(search('ray bla'), 200);
    expect(rayban.items.map((i) => i.sku)).toContain(posDemoSkus.frame);
    expect(rayban.items.every((i) => /ray/i.test(i.name) && /bla/i.test(i.name))).toBe(true);
    const frame = rayban.items.find((i) => i.sku === posDemoSkus.frame)!;
    expect(frame).toMatchObject({ kind: 'frame', price: 16_900, taxRateBp: 825, size: { a: 51, b: 42, dbl: 21 } });
    expect(frame.barcodes).toHaveLength(1);

    const lens = (await ok<{ items: Hit[] }>(search('progressive'), 200)).items.find((i) => i.sku === posDemoSkus.lens)!;
    expect(lens.stock).toBeNull();
    expect(lens.options.map((o) => o.group)).toEqual(expect.arrayContaining(['material', 'coating']));
    const exam = (await ok<{ items: Hit[] }>(search('exam', demoIds.downtown, admin, '&kind=service'), 200)).items;
    expect(exam.map((i) => i.sku)).toContain(posDemoSkus.exam);
    expect(exam.find((i) => i.sku === posDemoSkus.exam)).toMatchObject({ stock: null, taxRateBp: 0 });
    expect((await ok<{ items: Hit[] }>(search('', demoIds.downtown, admin, '&limit=5'), 200)).items).toHaveLength(5);
    expect((await ok<{ items: Hit[] }>(search('zzzznothing'), 200)).items).toEqual([]);
    // Hostile text is only text.
    expect((await ok<{ items: Hit[] }>(search("%_' or 1=1 --"), 200)).items).toEqual([]);
  });

  it('a store’s own price overrides the company’s (Uptown’s accessories)', async () => {
    const downtown = (await ok<{ items: Hit[] }>(search('microfibre'), 200)).items[0]!;
    const uptown = (await ok<{ items: Hit[] }>(search('microfibre', demoIds.uptown), 200)).items[0]!;
    expect(uptown.price).toBe(downtown.price + 100);
  });

  it('reads a barcode, and 404 pos.barcodeNotFound for an unknown one; bad input is 400 with the field', async () => {
    const frame = (await ok<{ items: Hit[] }>(search(posDemoSkus.frame), 200)).items[0]!;
    const hit = await ok<Hit>(call(admin, 'GET', `/api/pos/products/barcode/${frame.barcodes[0]}?locationId=${demoIds.downtown}`), 200);
    expect(hit.id).toBe(frame.id);
    // A whole barcode typed in the search finds it first.
    expect((await ok<{ items: Hit[] }>(search(frame.barcodes[0]!), 200)).items[0]!.id).toBe(frame.id);
    const missing = await call(admin, 'GET', `/api/pos/products/barcode/999999?locationId=${demoIds.downtown}`);
    expect(missing.statusCode).toBe(404);
    expect(json(missing)).toMatchObject({ code: 'pos.barcodeNotFound', params: { barcode: '999999' } });
    const bad = await call(admin, 'GET', `/api/pos/products/barcode/ab%20cd?locationId=${demoIds.downtown}`);
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ fields: { barcode: 'A barcode is 1 to 64 letters or digits' } });
    expect(json(await search('x'.repeat(101)))).toMatchObject({ fields: { q: 'Search must be up to 100 characters' } });
  });

  it('reads a product by id as the store sells it (resuming a parked sale), 404 pos.productUnavailable elsewhere', async () => {
    const frame = (await ok<{ items: Hit[] }>(search(posDemoSkus.frame), 200)).items[0]!;
    const byId = (id: string, locationId: string = demoIds.downtown, who = admin) => call(who, 'GET', `/api/pos/products/${id}?locationId=${locationId}`);
    expect(await ok<Hit>(byId(frame.id), 200)).toEqual(frame);
    const microfibre = (await ok<{ items: Hit[] }>(search('microfibre', demoIds.uptown), 200)).items[0]!;
    expect((await ok<Hit>(byId(microfibre.id, demoIds.uptown), 200)).price).toBe(microfibre.price);
    const missing = await byId('00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(json(missing)).toMatchObject({ code: 'pos.productUnavailable' });
    // The other company's catalogue does not reach Clearview's product, nor staff another store.
    expect(json(await byId(frame.id, demoIds.main, otherAdmin))).toMatchObject({ code: 'pos.productUnavailable' });
    expect((await byId(frame.id, demoIds.uptown, staff)).statusCode).toBe(404);
    expect((await byId(frame.id, demoIds.downtown, patientUser)).statusCode).toBe(403);
    const bad = await byId('not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toHaveProperty('fields.productId');
  });

  it('keeps to the caller’s stores and company', async () => {
    expect((await search('ray', demoIds.uptown, staff)).statusCode).toBe(404);
    expect((await search('ray', demoIds.downtown, otherAdmin)).statusCode).toBe(404);
    expect((await search('ray', demoIds.downtown, patientUser)).statusCode).toBe(403);
    const frame = (await ok<{ items: Hit[] }>(search(posDemoSkus.frame), 200)).items[0]!;
    // Brightsight's own catalogue has the same SKU under its own barcodes: Clearview's barcode is not found there.
    expect((await call(otherAdmin, 'GET', `/api/pos/products/barcode/${frame.barcodes[0]}?locationId=${demoIds.main}`)).statusCode).toBe(404);
  });
});

describe('registers and sessions', () => {
  it('lists the registers of the caller’s stores', async () => {
    const all = await ok<{ registers: { id: string; locationId: string; openSession: unknown }[] }>(call(admin, 'GET', '/api/pos/registers'), 200);
    expect(all.registers.map((r) => r.id).sort()).toEqual(
      [posDemoIds.downtownFrontDesk, posDemoIds.downtownDispensing, posDemoIds.uptownFrontDesk, posDemoIds.uptownDispensing].sort(),
    );
    const mine = await ok<{ registers: { locationId: string }[] }>(call(staff, 'GET', '/api/pos/registers'), 200);
    expect(new Set(mine.registers.map((r) => r.locationId))).toEqual(new Set([demoIds.downtown]));
    expect((await call(staff, 'GET', `/api/pos/registers?locationId=${demoIds.uptown}`)).statusCode).toBe(404);
    const other = await ok<{ registers: { id: string }[] }>(call(otherAdmin, 'GET', '/api/pos/registers'), 200);
    expect(other.registers.map((r) => r.id).sort()).toEqual([posDemoIds.mainFrontDesk, posDemoIds.mainDispensing].sort());
  });

  it('opens one session per register (also when two clerks race), records pay-ins and pay-outs, closes with the difference', async () => {
    const register = posDemoIds.downtownDispensing;
    const float = [
      { denomination: 2_000, count: 5 },
      { denomination: 100, count: 20 },
    ];
    const [a, b] = await Promise.all([
      call(admin, 'POST', `/api/pos/registers/${register}/sessions`, { float }),
      call(staff, 'POST', `/api/pos/registers/${register}/sessions`, { float }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(json(refused)).toMatchObject({ code: 'pos.sessionAlreadyOpen' });
    const session = json<Report>(a.statusCode === 201 ? a : b);
    expect(session).toMatchObject({ status: 'open', floatTotal: 12_000, expectedCash: 12_000, registerName: 'Dispensing', countedCash: null, difference: null });

    const listed = await ok<{ registers: { id: string; openSession: { id: string } | null }[] }>(call(admin, 'GET', `/api/pos/registers?locationId=${demoIds.downtown}`), 200);
    expect(listed.registers.find((r) => r.id === register)!.openSession!.id).toBe(session.id);

    await ok(call(staff, 'POST', `/api/pos/sessions/${session.id}/movements`, { kind: 'pay-in', amount: 5_000, reason: 'Change from the bank' }));
    const x = await ok<Report>(call(staff, 'POST', `/api/pos/sessions/${session.id}/movements`, { kind: 'pay-out', amount: 1_250, reason: 'Window cleaner' }));
    expect(x).toMatchObject({ payIns: 5_000, payOuts: 1_250, expectedCash: 12_000 + 5_000 - 1_250 });
    expect(x.movements).toHaveLength(2);
    const badMovement = await call(staff, 'POST', `/api/pos/sessions/${session.id}/movements`, { kind: 'tip', amount: 0, reason: '' });
    expect(badMovement.statusCode).toBe(400);
    expect(json(badMovement)).toMatchObject({
      fields: { kind: 'Kind must be pay-in or pay-out', amount: 'Amount must be a whole number of cents between 1 and 1000000000', reason: 'A reason is required (1 to 200 characters)' },
    });

    const z = await ok<Report>(call(admin, 'POST', `/api/pos/sessions/${session.id}/close`, { counted: [{ denomination: 5_000, count: 3 }, { denomination: 500, count: 1 }] }), 200);
    expect(z).toMatchObject({ status: 'closed', expectedCash: 15_750, countedCash: 15_500, difference: -250 });
    expect(await ok<Report>(call(staff, 'GET', `/api/pos/sessions/${session.id}`), 200)).toMatchObject({ status: 'closed', difference: -250 });
    expect(json(await call(admin, 'POST', `/api/pos/sessions/${session.id}/close`, { counted: [] }))).toMatchObject({ code: 'pos.sessionClosed' });
    expect(json(await call(admin, 'POST', `/api/pos/sessions/${session.id}/movements`, { kind: 'pay-in', amount: 1, reason: 'Late' }))).toMatchObject({ code: 'pos.sessionClosed' });
    // Closed: the register may be opened again.
    await ok(call(admin, 'POST', `/api/pos/registers/${register}/sessions`, { float: [] }));
  });

  it('refuses a bad float, other stores’ registers and the other company', async () => {
    const bad = await call(admin, 'POST', `/api/pos/registers/${posDemoIds.uptownFrontDesk}/sessions`, { float: [{ denomination: 0, count: -1 }] });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ fields: { 'float.0.denomination': 'Each denomination is a whole number of cents between 1 and 100000 counted 0 to 10000 times' } });
    expect((await call(staff, 'POST', `/api/pos/registers/${posDemoIds.uptownFrontDesk}/sessions`, { float: [] })).statusCode).toBe(404);
    expect((await call(otherAdmin, 'POST', `/api/pos/registers/${posDemoIds.downtownFrontDesk}/sessions`, { float: [] })).statusCode).toBe(404);
    const open = await ok<Report>(call(admin, 'POST', `/api/pos/registers/${posDemoIds.uptownFrontDesk}/sessions`, { float: [] }));
    expect((await call(staff, 'GET', `/api/pos/sessions/${open.id}`)).statusCode).toBe(404);
    expect((await call(otherAdmin, 'GET', `/api/pos/sessions/${open.id}`)).statusCode).toBe(404);
  });
});

describe('the discount limit the register enforces', () => {
  const registersOf = (who: typeof staff) => ok<{ registers: { locationId: string; discountLimitBp: number | null }[] }>(call(who, 'GET', '/api/pos/registers'), 200);
  const setStaffLimit = (bp: number) =>
    ok(call(admin, 'PUT', `/api/settings/general/stores/${demoIds.downtown}`, { group: 'sales', taxRates: { standard: 825, reduced: 0, zero: 0 }, staffDiscountLimitBp: bp, receiptFooter: '' }), 200);

  it('is the store’s staff limit for staff (as the admin sets it) and none for admins, the same the sale is held to', async () => {
    await setStaffLimit(500);
    const staffs = await registersOf(staff);
    expect(staffs.registers.length).toBeGreaterThan(0);
    expect(new Set(staffs.registers.map((r) => r.discountLimitBp))).toEqual(new Set([500]));
    expect(new Set((await registersOf(admin)).registers.map((r) => r.discountLimitBp))).toEqual(new Set([null]));

    // The server holds the sale to the same limit the register was given.
    const session = await openRegister(staff, posDemoIds.downtownFrontDesk);
    const frame = await product(staff, posDemoSkus.frame);
    const reason = 'Loyal customer';
    const over = await call(staff, 'POST', '/api/pos/sales', saleBody(session, [{ product: frame, discount: { type: 'percent', value: 600, reason } }]));
    expect(json(over)).toMatchObject({ code: 'pos.discountOverLimit', params: { limit: 5 } });
    await ok(call(staff, 'POST', '/api/pos/sales', saleBody(session, [{ product: frame, discount: { type: 'percent', value: 500, reason } }])));

    await setStaffLimit(2000);
    expect(new Set((await registersOf(staff)).registers.map((r) => r.discountLimitBp))).toEqual(new Set([2000]));
    await ok(call(staff, 'POST', '/api/pos/sales', saleBody(session, [{ product: frame, discount: { type: 'percent', value: 1500, reason } }])));
    await setStaffLimit(1000);
  });
});
