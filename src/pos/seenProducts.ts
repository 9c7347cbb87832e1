import { ProductHit, searchWords } from '../contract/pos';
import { committed, lazyDatabase, requestDone } from './indexedDb';

/**
 * The products a register has seen (pos.md, offline): each product a search, a barcode look-up or a sale brought to
 * this device, as the store sold it then, kept in IndexedDB per tenant and store so that without a connection the
 * clerk can still find them (by the same words and barcodes as the server's search) and sell them; the server
 * prices the sale again when it arrives. Bounded: past `seenProductsLimit` a store's longest-unseen products go, so
 * the device never holds the whole catalogue.
 */
export interface SeenProducts {
  remember(tenantId: string, locationId: string, products: readonly ProductHit[]): Promise<void>;
  /** The kept products every word of `q` starts a word of (name, brand, model, colour, SKU), a whole barcode first. */
  search(tenantId: string, locationId: string, q: string, limit: number): Promise<ProductHit[]>;
  byBarcode(tenantId: string, locationId: string, barcode: string): Promise<ProductHit | null>;
  /** Everything kept for the tenant, every store (the session ended). */
  forget(tenantId: string): Promise<void>;
}

export const seenProductsLimit = 3000;

interface SeenEntry {
  tenantId: string;
  locationId: string;
  id: string;
  /** Milliseconds since 1970 when a search or sale last brought it: the oldest goes first. */
  seenAt: number;
  product: unknown;
}

const databaseName = 'pos-seen-products';
const storeName = 'products';
const bySeenAt = 'seenAt';

/** Every key of one store's products ([tenant, store, anything]: an array sorts after every string and number). */
const storeRange = (tenantId: string, locationId: string) => IDBKeyRange.bound([tenantId, locationId], [tenantId, locationId, []]);

/** The words a product is found by, as the server keeps them (migration 0018): its words and its whole SKU. */
const keysOf = (product: ProductHit) => [...searchWords(`${product.name} ${product.brand} ${product.model} ${product.colour} ${product.sku}`, Infinity), product.sku.toLowerCase()];

export function matchesSearch(product: ProductHit, q: string): boolean {
  const words = searchWords(q);
  if (!words.length) return false;
  const keys = keysOf(product);
  return words.every((word) => keys.some((key) => key.startsWith(word)));
}

/** A kept product, if it is still of this app's shape (one kept by another version is left unread, not sold wrong). */
const readProduct = (entry: SeenEntry) => {
  const parsed = ProductHit.safeParse(entry.product);
  return parsed.success ? parsed.data : null;
};

/** Matches by barcode or words, read cheaply before the few matches are checked whole. */
function kept(entries: readonly SeenEntry[], matches: (product: ProductHit) => boolean): ProductHit[] {
  const found: ProductHit[] = [];
  for (const entry of entries) {
    const product = entry.product as Partial<ProductHit> | null;
    if (typeof product?.name !== 'string' || typeof product.sku !== 'string' || !Array.isArray(product.barcodes)) continue;
    if (!matches(product as ProductHit)) continue;
    const read = readProduct(entry);
    if (read) found.push(read);
  }
  return found;
}

export function openSeenProducts(factory: IDBFactory | null = globalThis.indexedDB ?? null, { limit = seenProductsLimit, now = Date.now } = {}): SeenProducts {
  // No IndexedDB (an old or locked-down browser): every call fails, and the register sells as before.
  const database = lazyDatabase(factory, databaseName, (db) => {
    const store = db.createObjectStore(storeName, { keyPath: ['tenantId', 'locationId', 'id'] });
    store.createIndex(bySeenAt, ['tenantId', 'locationId', 'seenAt']);
  });

  const storeEntries = async (tenantId: string, locationId: string) => {
    const transaction = (await database()).transaction(storeName, 'readonly');
    return requestDone(transaction.objectStore(storeName).getAll(storeRange(tenantId, locationId)) as IDBRequest<SeenEntry[]>);
  };

  return {
    async remember(tenantId, locationId, products) {
      if (!products.length) return;
      const transaction = (await database()).transaction(storeName, 'readwrite');
      const store = transaction.objectStore(storeName);
      const seenAt = now();
      for (const product of products) store.put({ tenantId, locationId, id: product.id, seenAt, product } satisfies SeenEntry);
      // Past the limit, the store's longest-unseen products go (in the same transaction: never over it on disk).
      const counted = store.count(storeRange(tenantId, locationId));
      counted.onsuccess = () => {
        let excess = counted.result - limit;
        if (excess <= 0) return;
        const oldestFirst = store.index(bySeenAt).openCursor(IDBKeyRange.bound([tenantId, locationId, -Infinity], [tenantId, locationId, Infinity]));
        oldestFirst.onsuccess = () => {
          const cursor = oldestFirst.result;
          if (!cursor || excess <= 0) return;
          cursor.delete();
          excess -= 1;
          cursor.continue();
        };
      };
      await committed(transaction);
    },
    async search(tenantId, locationId, q, limit) {
      const code = q.trim();
      const scanned = (product: ProductHit) => product.barcodes.includes(code);
      const found = kept(await storeEntries(tenantId, locationId), (product) => scanned(product) || matchesSearch(product, q));
      // As the server answers: a whole barcode's product first, then by name.
      found.sort((a, b) => Number(scanned(b)) - Number(scanned(a)) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
      return found.slice(0, limit);
    },
    async byBarcode(tenantId, locationId, barcode) {
      return kept(await storeEntries(tenantId, locationId), (product) => product.barcodes.includes(barcode))[0] ?? null;
    },
    async forget(tenantId) {
      const transaction = (await database()).transaction(storeName, 'readwrite');
      transaction.objectStore(storeName).delete(IDBKeyRange.bound([tenantId], [tenantId, []]));
      await committed(transaction);
    },
  };
}
