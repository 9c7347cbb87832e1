import { ApiError } from '../contract/apiError';
import type { SaleResult, SaleSubmit } from '../contract/pos';
import type { SaleQueue, WaitingSale } from './saleQueue';

/**
 * Sends the waiting sales (./saleQueue.ts) when the connection is back: oldest first, one at a time, each with its
 * own clientSaleId (the server records an id once, so a sale that did arrive before the connection dropped is
 * answered, not recorded again). No answer: tried again later, waiting longer each time (1 s doubling to a minute).
 * A refusal (4xx) is kept and shown, never dropped. Listeners hear the list change and each sale confirmed.
 */
export interface SaleSyncOptions {
  queue: SaleQueue;
  send(sale: SaleSubmit): Promise<SaleResult>;
  /** The signed-in session's tenant, or null: nothing is sent without a session. */
  tenantId(): string | null;
  /** Whether the browser has a connection (navigator.onLine); nothing is tried without one. */
  online?: () => boolean;
  /** Runs a sending round alone among the register's tabs (the Web Locks API in the app); the server dedupes anyway. */
  exclusive?: (run: () => Promise<void>) => Promise<void>;
  now?: () => number;
  /** setTimeout by default; returns the cancel. */
  later?: (run: () => void, ms: number) => () => void;
}

export interface SaleSyncState {
  waiting: WaitingSale[];
  sending: boolean;
  /** Whether `waiting` has been read from disk yet (until then the device does not know what waits). */
  loaded: boolean;
}

export interface SaleSync {
  /** Keeps a sale completed without a connection; resolves once it is on disk. */
  enqueue(sale: SaleSubmit, tenantId: string): Promise<void>;
  /** Sends what waits now (the connection came back, a sale was queued, the page opened). */
  flush(): Promise<void>;
  /** Sends a refused sale again (after the clerk looked at it). */
  retry(clientSaleId: string): Promise<void>;
  getState(): SaleSyncState;
  subscribe(listener: () => void): () => void;
  onConfirmed(listener: (sale: WaitingSale, result: SaleResult) => void): () => void;
}

export const firstRetryMs = 1000;
export const longestRetryMs = 60_000;

const refusalOf = (error: ApiError) => ({ code: error.body?.code ?? null, message: error.body?.error ?? error.message });
/** A lost session (401 after the refresh failed) or a server in trouble (5xx): tried again, not a refusal. */
const isRefusal = (error: unknown): error is ApiError => error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 408 && error.status !== 429;

export function createSaleSync({ queue, send, tenantId, online = () => true, exclusive = (run) => run(), now = Date.now, later = defaultLater }: SaleSyncOptions): SaleSync {
  let state: SaleSyncState = { waiting: [], sending: false, loaded: false };
  const listeners = new Set<() => void>();
  const confirmedListeners = new Set<(sale: WaitingSale, result: SaleResult) => void>();
  let running: Promise<void> | null = null;
  let again = false;
  let failures = 0;
  let cancelRetry: (() => void) | null = null;

  const publish = (next: Partial<SaleSyncState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };
  const reload = async () => {
    try {
      publish({ waiting: await queue.all(), loaded: true });
    } catch {
      // No IndexedDB here (private browsing, a locked-down browser): no sale could have been kept, none waits.
      publish({ loaded: true });
    }
  };

  const scheduleRetry = () => {
    cancelRetry?.();
    const wait = Math.min(longestRetryMs, firstRetryMs * 2 ** failures);
    failures += 1;
    cancelRetry = later(() => {
      cancelRetry = null;
      void flush();
    }, wait);
  };

  async function sendAll() {
    const tenant = tenantId();
    await reload();
    const entries = state.waiting.filter((entry) => !entry.refused && entry.tenantId === tenant);
    for (const entry of entries) {
      try {
        const result = await send(entry.sale);
        await queue.remove(entry.clientSaleId);
        failures = 0;
        await reload();
        for (const listener of confirmedListeners) listener(entry, result);
      } catch (error) {
        if (isRefusal(error)) {
          await queue.put({ ...entry, attempts: entry.attempts + 1, refused: refusalOf(error) });
          await reload();
          continue;
        }
        await queue.put({ ...entry, attempts: entry.attempts + 1 });
        await reload();
        // No answer (or a lost session): the later sales wait behind this one, in order.
        scheduleRetry();
        return;
      }
    }
  }

  function flush(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    // Without a session or a connection nothing is tried: the connection's return (or the next sign-in) flushes.
    if (!tenantId() || !online()) return reload();
    cancelRetry?.();
    cancelRetry = null;
    publish({ sending: true });
    running = (async () => {
      try {
        do {
          again = false;
          await exclusive(sendAll);
        } while (again && !cancelRetry);
      } finally {
        running = null;
        publish({ sending: false });
      }
    })();
    return running;
  }

  return {
    async enqueue(sale, tenant) {
      await queue.put({ clientSaleId: sale.clientSaleId, tenantId: tenant, sale, queuedAt: now(), attempts: 0, refused: null });
      await reload();
    },
    flush,
    async retry(clientSaleId) {
      const entry = (await queue.all()).find((e) => e.clientSaleId === clientSaleId);
      if (entry) await queue.put({ ...entry, refused: null });
      failures = 0;
      await flush();
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onConfirmed(listener) {
      confirmedListeners.add(listener);
      return () => confirmedListeners.delete(listener);
    },
  };
}

function defaultLater(run: () => void, ms: number) {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
}
