import type { SaleSubmit } from '../contract/pos';

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

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

/** Waits for the transaction to be committed, so a sale the clerk was told is kept really is on disk. */
const committed = (transaction: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });

export function openSaleQueue(factory: IDBFactory = indexedDB): SaleQueue {
  let opening: Promise<IDBDatabase> | null = null;
  const database = () => {
    opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(databaseName, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(storeName, { keyPath: 'clientSaleId' });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
    });
    // A failed open is tried again next time (private browsing, a blocked upgrade).
    opening.catch(() => (opening = null));
    return opening;
  };

  return {
    async put(entry) {
      const transaction = (await database()).transaction(storeName, 'readwrite');
      transaction.objectStore(storeName).put(entry);
      await committed(transaction);
    },
    async all() {
      const transaction = (await database()).transaction(storeName, 'readonly');
      const entries = await done(transaction.objectStore(storeName).getAll() as IDBRequest<WaitingSale[]>);
      return entries.sort((a, b) => a.queuedAt - b.queuedAt || a.clientSaleId.localeCompare(b.clientSaleId));
    },
    async remove(clientSaleId) {
      const transaction = (await database()).transaction(storeName, 'readwrite');
      transaction.objectStore(storeName).delete(clientSaleId);
      await committed(transaction);
    },
  };
}
