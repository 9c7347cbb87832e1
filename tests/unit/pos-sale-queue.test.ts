/**
 * The waiting-sales queue (IndexedDB, under fake-indexeddb) and its sender: kept across a reload, sent oldest first,
 * each id sent until the server answers and then removed, a dropped answer tried again with a growing wait, a
 * refusal kept and shown, another tenant's sales left alone, two flushes at once send once.
 */
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/contract/apiError';
import type { SaleResult, SaleSubmit } from '../../src/contract/pos';
import { openSaleQueue } from '../../src/pos/saleQueue';
import { createSaleSync, firstRetryMs, longestRetryMs } from '../../src/pos/saleSync';
import { frame, invoiceOf, posIds, saleResultOf } from '../fixtures/posFixtures';
import { priceSale } from '../../src/contract/money';

const tenant = 'tenant-a';
const pricing = priceSale([{ productId: frame.id, description: frame.name, quantity: 1, unitPrice: frame.price, taxRateBp: 800, discount: null }], null);
const sale = (n: number): SaleSubmit => ({
  clientSaleId: `00000000-0000-4000-8000-00000000000${n}`,
  registerSessionId: posIds.session,
  patientId: null,
  lines: [{ productId: frame.id, quantity: 1, optionIds: [], discount: null, rxId: null, fitting: null, shownUnitPrice: frame.price }],
  orderDiscount: null,
  payments: [{ method: 'cash', amount: pricing.total, tendered: 20000, reference: '', insurancePlan: '', authorisation: '' }],
  deposit: false,
  shownTotal: pricing.total,
  soldOffline: true,
  soldAt: '2026-11-24T10:00:00.000Z',
  notes: '',
});
const result = (): SaleResult => saleResultOf(invoiceOf(pricing, [{ method: 'cash', amount: pricing.total }]), pricing);

/** A clock and a timer list the test moves by hand. */
function manualTime() {
  let time = 1000;
  const timers: { at: number; run: () => void }[] = [];
  return {
    now: () => (time += 1),
    later: (run: () => void, ms: number) => {
      const timer = { at: ms, run };
      timers.push(timer);
      return () => timers.splice(timers.indexOf(timer), 1);
    },
    timers,
  };
}

describe('the waiting-sales queue', () => {
  it('keeps sales across a reload (a new connection to the same database) and lists them oldest first', async () => {
    const factory = new IDBFactory();
    const first = openSaleQueue(factory);
    await first.put({ clientSaleId: sale(2).clientSaleId, tenantId: tenant, sale: sale(2), queuedAt: 20, attempts: 0, refused: null });
    await first.put({ clientSaleId: sale(1).clientSaleId, tenantId: tenant, sale: sale(1), queuedAt: 10, attempts: 0, refused: null });
    // The same id again replaces, never doubles.
    await first.put({ clientSaleId: sale(1).clientSaleId, tenantId: tenant, sale: sale(1), queuedAt: 10, attempts: 1, refused: null });
    const reloaded = openSaleQueue(factory);
    const all = await reloaded.all();
    expect(all.map((e) => [e.clientSaleId, e.attempts])).toEqual([
      [sale(1).clientSaleId, 1],
      [sale(2).clientSaleId, 0],
    ]);
    await reloaded.remove(sale(1).clientSaleId);
    expect((await openSaleQueue(factory).all()).map((e) => e.clientSaleId)).toEqual([sale(2).clientSaleId]);
  });
});

describe('sending the waiting sales', () => {
  it('sends oldest first, removes each once the server answered, and tells who listens', async () => {
    const time = manualTime();
    const sent: string[] = [];
    const sync = createSaleSync({ queue: openSaleQueue(new IDBFactory()), send: async (s) => (sent.push(s.clientSaleId), result()), tenantId: () => tenant, ...time });
    const confirmed: string[] = [];
    sync.onConfirmed((entry) => confirmed.push(entry.clientSaleId));
    await sync.enqueue(sale(1), tenant);
    await sync.enqueue(sale(2), tenant);
    expect(sync.getState().waiting).toHaveLength(2);
    await sync.flush();
    expect(sent).toEqual([sale(1).clientSaleId, sale(2).clientSaleId]);
    expect(confirmed).toEqual(sent);
    expect(sync.getState()).toEqual({ waiting: [], sending: false, loaded: true });
  });

  it('keeps a sale whose answer was lost and sends the same id again later, waiting longer each time', async () => {
    const time = manualTime();
    const sent: string[] = [];
    let online = false;
    const sync = createSaleSync({
      queue: openSaleQueue(new IDBFactory()),
      send: async (s) => {
        sent.push(s.clientSaleId);
        if (!online) throw new TypeError('Failed to fetch');
        return result();
      },
      tenantId: () => tenant,
      ...time,
    });
    await sync.enqueue(sale(1), tenant);
    await sync.enqueue(sale(2), tenant);
    await sync.flush();
    // The second waits behind the first: order is kept.
    expect(sent).toEqual([sale(1).clientSaleId]);
    expect(time.timers.map((t) => t.at)).toEqual([firstRetryMs]);
    expect(sync.getState().waiting.map((e) => e.attempts)).toEqual([1, 0]);
    time.timers.shift()!.run();
    await eventually(() => time.timers.length === 1);
    expect(time.timers[0]!.at).toBe(firstRetryMs * 2);
    online = true;
    time.timers.shift()!.run();
    await eventually(() => sync.getState().waiting.length === 0);
    expect(sent).toEqual([sale(1).clientSaleId, sale(1).clientSaleId, sale(1).clientSaleId, sale(2).clientSaleId]);
  });

  it('never waits more than a minute between tries', async () => {
    const time = manualTime();
    const sync = createSaleSync({ queue: openSaleQueue(new IDBFactory()), send: () => Promise.reject(new TypeError('Failed to fetch')), tenantId: () => tenant, ...time });
    await sync.enqueue(sale(1), tenant);
    const waits: number[] = [];
    await sync.flush();
    for (let i = 0; i < 8; i++) {
      const timer = time.timers.shift()!;
      waits.push(timer.at);
      timer.run();
      await eventually(() => time.timers.length === 1);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 32000, longestRetryMs, longestRetryMs]);
  });

  it('keeps a refused sale with the server’s reason, sends the others, and sends it again only when asked', async () => {
    const time = manualTime();
    const sent: string[] = [];
    let refuse = true;
    const sync = createSaleSync({
      queue: openSaleQueue(new IDBFactory()),
      send: async (s) => {
        sent.push(s.clientSaleId);
        if (refuse && s.clientSaleId === sale(1).clientSaleId) throw new ApiError(409, { error: 'This register session is closed.', code: 'pos.sessionClosed' });
        return result();
      },
      tenantId: () => tenant,
      ...time,
    });
    await sync.enqueue(sale(1), tenant);
    await sync.enqueue(sale(2), tenant);
    await sync.flush();
    expect(sent).toEqual([sale(1).clientSaleId, sale(2).clientSaleId]);
    expect(sync.getState().waiting).toEqual([expect.objectContaining({ clientSaleId: sale(1).clientSaleId, refused: { code: 'pos.sessionClosed', message: 'This register session is closed.' } })]);
    await sync.flush();
    expect(sent).toHaveLength(2);
    refuse = false;
    await sync.retry(sale(1).clientSaleId);
    expect(sent).toHaveLength(3);
    expect(sync.getState().waiting).toEqual([]);
  });

  it('sends nothing without a session and leaves another tenant’s sales alone', async () => {
    const time = manualTime();
    let current: string | null = null;
    const sent: string[] = [];
    const sync = createSaleSync({ queue: openSaleQueue(new IDBFactory()), send: async (s) => (sent.push(s.clientSaleId), result()), tenantId: () => current, ...time });
    await sync.enqueue(sale(1), tenant);
    await sync.enqueue(sale(2), 'tenant-b');
    await sync.flush();
    expect(sent).toEqual([]);
    current = tenant;
    await sync.flush();
    expect(sent).toEqual([sale(1).clientSaleId]);
    expect(sync.getState().waiting.map((e) => e.tenantId)).toEqual(['tenant-b']);
  });

  it('sends each sale once when the connection comes back twice at the same moment', async () => {
    const time = manualTime();
    const sent: string[] = [];
    const sync = createSaleSync({
      queue: openSaleQueue(new IDBFactory()),
      send: async (s) => {
        sent.push(s.clientSaleId);
        await new Promise((r) => setTimeout(r, 5));
        return result();
      },
      tenantId: () => tenant,
      ...time,
    });
    await sync.enqueue(sale(1), tenant);
    await Promise.all([sync.flush(), sync.flush(), sync.flush()]);
    expect(sent).toEqual([sale(1).clientSaleId]);
  });
});

async function eventually(done: () => boolean) {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(done()).toBe(true);
}
