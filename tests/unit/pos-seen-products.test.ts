/**
 * The products a register has seen (IndexedDB, under fake-indexeddb): found again by the server search's rules (each
 * word starts a word of name, brand, model, colour or SKU; a whole barcode first), kept per tenant and store across a
 * reload, never more than the limit (the longest-unseen go), forgotten for one tenant only, and an entry of another
 * shape left unread.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProductHit } from '../../src/contract/pos';
import { matchesSearch, openSeenProducts } from '../../src/pos/seenProducts';
import { exam, frame, lens } from '../fixtures/posFixtures';

const tenant = 'tenant-a';
const other = 'tenant-b';
const store = '11111111-1111-4111-8111-111111111111';
const otherStore = '11111111-1111-4111-8111-111111111112';

const numbered = (n: number): ProductHit => ({ ...exam, id: `bbbbbbbb-bbbb-4bbb-8bbb-${String(n).padStart(12, '0')}`, sku: `ACC-${n}`, name: `Accessory ${n}` });

/** A clock the test moves: each call one millisecond later. */
function clock() {
  let time = 1000;
  return () => (time += 1);
}

beforeAll(() => vi.stubGlobal('IDBKeyRange', IDBKeyRange));
afterAll(() => vi.unstubAllGlobals());

describe('matching a search as the server does', () => {
  it('needs every word to start a word of the name, brand, model, colour or SKU, in any case and order', () => {
    expect(matchesSearch(frame, 'clubm')).toBe(true);
    expect(matchesSearch(frame, 'BLACK ray')).toBe(true);
    expect(matchesSearch(frame, 'rb-5154')).toBe(true);
    expect(matchesSearch(frame, 'rb-5154-blk-51')).toBe(true);
    expect(matchesSearch(frame, 'lubmaster')).toBe(false);
    expect(matchesSearch(frame, 'ray tortoise')).toBe(false);
    expect(matchesSearch(lens, 'clearview sv')).toBe(true);
    expect(matchesSearch(lens, '  ')).toBe(false);
  });
});

describe('the products a register has seen', () => {
  it('finds the kept products after a reload by words or a whole barcode, the barcode’s product first, then by name', async () => {
    const factory = new IDBFactory();
    await openSeenProducts(factory).remember(tenant, store, [lens, frame, exam]);
    const reloaded = openSeenProducts(factory);
    expect((await reloaded.search(tenant, store, 'e', 20)).map((p) => p.name)).toEqual(['Comprehensive eye exam']);
    expect((await reloaded.search(tenant, store, 'clearview', 20)).map((p) => p.name)).toEqual(['Single vision lenses']);
    expect((await reloaded.search(tenant, store, '8053672000001', 20)).map((p) => p.name)).toEqual(['Ray-Ban Clubmaster 5154']);
    expect((await reloaded.search(tenant, store, 'nothing', 20))).toEqual([]);
    expect(await reloaded.byBarcode(tenant, store, '8053672000001')).toEqual(frame);
    expect(await reloaded.byBarcode(tenant, store, '8053672000002')).toBeNull();
    const many = [1, 2, 3, 4, 5].map(numbered);
    await reloaded.remember(tenant, store, many);
    expect((await reloaded.search(tenant, store, 'accessory', 3)).map((p) => p.sku)).toEqual(['ACC-1', 'ACC-2', 'ACC-3']);
  });

  it('keeps each tenant’s and store’s products apart, and one seen again is kept once with what the server said last', async () => {
    const seen = openSeenProducts(new IDBFactory());
    await seen.remember(tenant, store, [frame]);
    await seen.remember(tenant, store, [{ ...frame, price: 14000 }]);
    await seen.remember(other, store, [lens]);
    await seen.remember(tenant, otherStore, [exam]);
    expect(await seen.search(tenant, store, 'ray', 20)).toEqual([{ ...frame, price: 14000 }]);
    expect(await seen.search(tenant, store, 'single', 20)).toEqual([]);
    expect(await seen.search(tenant, store, 'exam', 20)).toEqual([]);
    expect(await seen.search(other, store, 'single', 20)).toEqual([lens]);
    expect(await seen.byBarcode(other, store, '8053672000001')).toBeNull();
  });

  it('never keeps more than the limit per store: the products seen longest ago go first', async () => {
    const seen = openSeenProducts(new IDBFactory(), { limit: 3, now: clock() });
    await seen.remember(tenant, store, [numbered(1)]);
    await seen.remember(tenant, store, [numbered(2)]);
    await seen.remember(tenant, otherStore, [numbered(9)]);
    await seen.remember(tenant, store, [numbered(3)]);
    // Seen again: now the freshest.
    await seen.remember(tenant, store, [numbered(1)]);
    await seen.remember(tenant, store, [numbered(4), numbered(5)]);
    expect((await seen.search(tenant, store, 'accessory', 20)).map((p) => p.sku)).toEqual(['ACC-1', 'ACC-4', 'ACC-5']);
    // Another store's products are counted on their own.
    expect((await seen.search(tenant, otherStore, 'accessory', 20)).map((p) => p.sku)).toEqual(['ACC-9']);
  });

  it('forgets one tenant’s products in every store, and leaves another tenant’s', async () => {
    const seen = openSeenProducts(new IDBFactory());
    await seen.remember(tenant, store, [frame]);
    await seen.remember(tenant, otherStore, [frame]);
    await seen.remember(other, store, [frame]);
    await seen.forget(tenant);
    expect(await seen.search(tenant, store, 'ray', 20)).toEqual([]);
    expect(await seen.search(tenant, otherStore, 'ray', 20)).toEqual([]);
    expect(await seen.search(other, store, 'ray', 20)).toEqual([frame]);
  });

  it('leaves unread a kept product of another shape (an older version of the app) rather than selling it wrong', async () => {
    const seen = openSeenProducts(new IDBFactory());
    const { taxRateBp: _dropped, ...older } = frame;
    await seen.remember(tenant, store, [older as ProductHit, lens]);
    expect(await seen.search(tenant, store, 'ray', 20)).toEqual([]);
    expect(await seen.byBarcode(tenant, store, '8053672000001')).toBeNull();
    expect(await seen.search(tenant, store, 'single', 20)).toEqual([lens]);
  });

  it('fails each call, without throwing at once, where the browser has no IndexedDB', async () => {
    const seen = openSeenProducts(null);
    await expect(seen.search(tenant, store, 'ray', 20)).rejects.toThrow('IndexedDB is not available');
  });
});
