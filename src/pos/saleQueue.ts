import type { SaleSubmit } from '../contract/pos';
import { committed, lazyDatabase, requestDone } from './indexedDb';

/**
 * The register's waiting sales (pos.md, offline): sales completed while the server could not be reached, kept in the
 * browser's IndexedDB (one store keyed by clientSaleId) until the server has recorded them. Plain IndexedDB in a few
 * promises: the register needs put, list oldest first, mark and remove, nothing more.
 */
export interface WaitingSale {
  clientSaleId: string;
  /** The tenant whose session completed it: only that tenant's session sends it. */
  tenantId: string;
  sale: SaleSubmit;
  /** Milliseconds since 1970: the order sales are sent in. */
  queuedAt: number;
  attempts: number;
  /** The server refused it (a 4xx other than a lost session): kept, shown, not sent again by itself. */
  refused: { code: string | null; message: string } | null;
}

export interface SaleQueue {
  put(entry: WaitingSale): Promise<void>;
  /** Oldest first. */
  all(): Promise<WaitingSale[]>;
  remove(clientSaleId: string): Promise<void>;
}

const databaseName = 'pos-waiting-sales';
const storeName = 'sales';

/** With no IndexedDB (`factory` null) every call fails: nothing can be kept, and the register says so when it tries. */
export function openSaleQueue(factory: IDBFactory | null = globalThis.indexedDB ?? null): SaleQueue {
  const database = lazyDatabase(factory, databaseName, (db) => db.createObjectStore(storeName, { keyPath: 'clientSaleId' }));

  return {
    async put(entry) {
      const transaction = (await database()).transaction(storeName, 'readwrite');
      transaction.objectStore(storeName).put(entry);
      await committed(transaction);
    },
    async all() {
      const transaction = (await database()).transaction(storeName, 'readonly');
      const entries = await requestDone(transaction.objectStore(storeName).getAll() as IDBRequest<WaitingSale[]>);
      return entries.sort((a, b) => a.queuedAt - b.queuedAt || a.clientSaleId.localeCompare(b.clientSaleId));
    },
    async remove(clientSaleId) {
      const transaction = (await database()).transaction(storeName, 'readwrite');
      transaction.objectStore(storeName).delete(clientSaleId);
      await committed(transaction);
    },
  };
}

/**
 * The parked sales that waiting sales name (each was resumed, then completed on this device): until those sales
 * reach the server, which then removes the parked sale, it must not be resumed and sold again.
 */
export const parkedIdsNamedBy = (entries: readonly WaitingSale[]): string[] => entries.flatMap((entry) => (entry.sale.parkedId ? [entry.sale.parkedId] : []));
