import { useEffect, useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { recordSale as recordAndRefresh } from '../../api/pos';
import type { SaleResult, SaleSubmit } from '../../contract/pos';
import { openSaleQueue } from '../../pos/saleQueue';
import { createSaleSync } from '../../pos/saleSync';
import type { SaleSync, SaleSyncState } from '../../pos/saleSync';

/**
 * The one sender of this tab's waiting sales (src/pos/saleSync.ts), made once outside React and shared by every tab
 * of the register: the page shows what waits (./WaitingSalesStatus.tsx), the parked tab hides what a waiting sale
 * names, the sale queues into it. It sends when the page gets a signed-in tenant and when the connection comes back.
 */
let tenant: string | null = null;
let queries: QueryClient | null = null;
let sync: SaleSync | null = null;
let stopListening: (() => void) | null = null;

/** One tab of the register sends at a time (another tab's round waits), where the browser has Web Locks. */
const exclusive = async (run: () => Promise<void>): Promise<void> => {
  if (navigator.locks) await navigator.locks.request('pos-waiting-sales', run);
  else await run();
};

/** Records a sale (now or from the queue); src/api/pos.ts has its session's X report read again. */
export const recordSale = (sale: SaleSubmit, signal?: AbortSignal): Promise<SaleResult> =>
  recordAndRefresh(sale, queries && tenant ? { client: queries, tenantId: tenant } : null, signal);

export function getSaleSync(): SaleSync {
  if (sync) return sync;
  const created = createSaleSync({ queue: openSaleQueue(), send: (sale) => recordSale(sale), tenantId: () => tenant, online: () => navigator.onLine, exclusive });
  sync = created;
  const flush = () => void created.flush();
  window.addEventListener('online', flush);
  stopListening = () => window.removeEventListener('online', flush);
  return created;
}

/**
 * The signed-in tenant whose waiting sales may be sent (the register's views keep it current). A tenant arriving
 * sends what waits at once: after a reload with the connection there is no `online` event to wait for.
 */
export function setSaleTenant(tenantId: string | null, queryClient: QueryClient | null = null) {
  const arrived = tenantId !== null && tenantId !== tenant;
  tenant = tenantId;
  if (queryClient) queries = queryClient;
  if (arrived) void getSaleSync().flush();
}

/** What waits on this device, read from disk when first asked. */
export function useWaitingSales(): SaleSyncState {
  const current = getSaleSync();
  useEffect(() => {
    if (!current.getState().loaded) void current.flush();
  }, [current]);
  return useSyncExternalStore(current.subscribe, current.getState);
}

/** Tests and the end of a session: forget the sender (the waiting sales stay on disk). */
export function dropSaleSync() {
  stopListening?.();
  stopListening = null;
  sync = null;
  tenant = null;
}
