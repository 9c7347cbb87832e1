/**
 * The few IndexedDB promises the register's device stores need (saleQueue.ts, seenProducts.ts): plain IndexedDB,
 * no library.
 */

export const requestDone = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

/** Waits for the transaction to be committed, so what the clerk was told is kept really is on disk. */
export const committed = (transaction: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });

/**
 * The database, opened on first use (version 1, `upgrade` making its stores). A failed open is tried again next
 * time (private browsing, a blocked upgrade); with no IndexedDB at all every call fails, and the caller goes on
 * without it.
 */
export function lazyDatabase(factory: IDBFactory | null, name: string, upgrade: (database: IDBDatabase) => void): () => Promise<IDBDatabase> {
  let opening: Promise<IDBDatabase> | null = null;
  return () => {
    opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      if (!factory) throw new Error('IndexedDB is not available');
      const request = factory.open(name, 1);
      request.onupgradeneeded = () => upgrade(request.result);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
    });
    opening.catch(() => (opening = null));
    return opening;
  };
}
