/**
 * Asks the browser to keep this device's storage (navigator.storage.persist()), so that the sales waiting in IndexedDB
 * are not evicted when the disk runs short. Asked once per device (some browsers ask the person, who should not be
 * asked again at every opening); a browser without the API, or storage already kept, is not asked.
 */
const askedKey = 'pos.storagePersistAsked';

export type PersistOutcome = 'unavailable' | 'kept' | 'alreadyAsked' | 'granted' | 'refused';

export async function askForPersistentStorage(
  storage: Pick<StorageManager, 'persist' | 'persisted'> | undefined = globalThis.navigator?.storage,
  remembered: Storage = window.localStorage,
): Promise<PersistOutcome> {
  if (typeof storage?.persist !== 'function') return 'unavailable';
  try {
    if (await storage.persisted()) return 'kept';
    if (remembered.getItem(askedKey)) return 'alreadyAsked';
    remembered.setItem(askedKey, new Date().toISOString());
    return (await storage.persist()) ? 'granted' : 'refused';
  } catch {
    // Refused storage or an API that failed: the register sells as before, its waiting sales merely evictable.
    return 'unavailable';
  }
}
