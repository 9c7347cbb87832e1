import { createActor, fromPromise } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import type { QueryClient } from '@tanstack/react-query';
import { invalidateSessionReport, saveParked, submitSale } from '../../../api/pos';
import type { ParkedSaleInput, SaleResult, SaleSubmit } from '../../../contract/pos';
import { posSaleMachine, pricingOf } from '../../../machines/posSale';
import type { PosSaleSnapshot } from '../../../machines/posSale';
import { draftOf, readSaleDraft, writeSaleDraft } from '../../../pos/saleDraft';
import { openSaleQueue } from '../../../pos/saleQueue';
import { createSaleSync } from '../../../pos/saleSync';
import { writeSearchText } from '../../../pos/searchText';
import type { SearchPlace } from '../../../pos/searchText';
import type { SaleSync } from '../../../pos/saleSync';

/**
 * The register's long-lived actors, made once outside React (StrictMode's double effects cannot start a sale twice,
 * and the sale survives a visit to another POS tab): the sale of each open register session, and the one sender of
 * the waiting sales, which the connection coming back wakes.
 */
export type PosSaleActor = ActorRefFrom<typeof posSaleMachine>;

let tenant: string | null = null;
let queries: QueryClient | null = null;
let sync: SaleSync | null = null;
const sales = new Map<string, PosSaleActor>();
/** The window listeners of the actors above, removed with them. */
const detach: (() => void)[] = [];

function listen(type: 'online' | 'offline', listener: () => void) {
  window.addEventListener(type, listener);
  detach.push(() => window.removeEventListener(type, listener));
}

/** One tab of the register sends at a time (another tab's round waits), where the browser has Web Locks. */
const exclusive = async (run: () => Promise<void>): Promise<void> => {
  if (navigator.locks) await navigator.locks.request('pos-waiting-sales', run);
  else await run();
};

/**
 * The signed-in tenant whose waiting sales may be sent, and the page's query cache, whose session report each recorded
 * sale makes stale (the register view keeps both current).
 */
export function setSaleTenant(tenantId: string | null, queryClient: QueryClient | null) {
  tenant = tenantId;
  queries = queryClient;
}

/** A sale recorded in a session changes its expected cash and totals: the session tab reads them again. */
function saleRecorded(sale: SaleSubmit) {
  if (queries && tenant) void invalidateSessionReport(queries, tenant, sale.registerSessionId);
}

async function recordSale(sale: SaleSubmit, signal?: AbortSignal): Promise<SaleResult> {
  const result = await submitSale(sale, signal);
  saleRecorded(sale);
  return result;
}

export function getSaleSync(): SaleSync {
  if (sync) return sync;
  const created = createSaleSync({ queue: openSaleQueue(), send: (sale) => recordSale(sale), tenantId: () => tenant, online: () => navigator.onLine, exclusive });
  sync = created;
  listen('online', () => void created.flush());
  created.onConfirmed((entry, result) => {
    for (const actor of sales.values()) {
      const snapshot = actor.getSnapshot();
      if (snapshot.context.clientSaleId === entry.clientSaleId) actor.send({ type: 'sync.confirmed', result });
    }
  });
  return created;
}

const saleMachine = posSaleMachine.provide({
  actors: {
    submitSale: fromPromise<SaleResult, SaleSubmit>(({ input, signal }) => recordSale(input, signal)),
    queueSale: fromPromise<void, SaleSubmit>(async ({ input }) => {
      if (!tenant) throw new Error('No session to keep the sale for');
      const queue = getSaleSync();
      await queue.enqueue(input, tenant);
      // The connection may be back already (the request failed for another reason): try now.
      void queue.flush();
    }),
    parkSale: fromPromise<unknown, ParkedSaleInput>(({ input }) => saveParked(input)),
  },
});

export function getSaleActor(options: { tenantId: string; registerSessionId: string; locationId: string; registerId: string; discountLimitBp: number | null }): PosSaleActor {
  const key = `${options.tenantId} ${options.registerSessionId}`;
  let actor = sales.get(key);
  if (!actor) {
    const input = { registerSessionId: options.registerSessionId, locationId: options.locationId, discountLimitBp: options.discountLimitBp, online: navigator.onLine };
    actor = createActor(saleMachine, { input, snapshot: restoredSale(options.tenantId, input) }).start();
    const started = actor;
    keepDraft(started, options.tenantId, options.registerSessionId);
    emptySearchAfterSale(started, { tenantId: options.tenantId, locationId: options.locationId, registerId: options.registerId });
    listen('online', () => started.send({ type: 'connection.online' }));
    listen('offline', () => started.send({ type: 'connection.offline' }));
    sales.set(key, actor);
  }
  return actor;
}

/**
 * The sale this register session was building when the page last went (src/pos/saleDraft.ts), as a sale being built
 * again; none: a new sale.
 */
function restoredSale(tenantId: string, input: { registerSessionId: string; locationId: string; discountLimitBp: number | null; online: boolean }) {
  const draft = readSaleDraft(window.localStorage, tenantId, input.registerSessionId);
  if (!draft) return undefined;
  const initial = createActor(saleMachine, { input }).getSnapshot().context;
  return saleMachine.resolveState({
    value: 'building',
    context: { ...initial, ...draft, pricing: pricingOf(draft.lines, draft.orderDiscount) },
  });
}

/**
 * Keeps the sale on the device while it is built or paid (or being completed: a reload then completes it again with
 * the same id); a new, parked, recorded or queued sale leaves nothing to keep.
 */
function keepDraft(actor: PosSaleActor, tenantId: string, registerSessionId: string) {
  let last = '';
  const keep = (snapshot: PosSaleSnapshot) => {
    // Until a sale being completed is recorded or on disk in the queue, its draft stays.
    if (snapshot.status !== 'active' || snapshot.matches('completing') || snapshot.matches('dispatching') || snapshot.matches({ waitingToSync: 'saving' })) return;
    const building = snapshot.matches('building') || snapshot.matches('paying') || snapshot.matches('failed') || snapshot.matches('parking');
    const draft = building ? draftOf(snapshot.context) : null;
    const text = JSON.stringify(draft);
    if (text === last) return;
    last = text;
    writeSaleDraft(window.localStorage, tenantId, registerSessionId, draft);
  };
  keep(actor.getSnapshot());
  actor.subscribe(keep);
}

/**
 * The search text the tab keeps (src/pos/searchText.ts) goes once the sale is completed, queued or parked: the next
 * sale starts with an empty field, also after a reload.
 */
function emptySearchAfterSale(actor: PosSaleActor, place: SearchPlace) {
  const over = (snapshot: PosSaleSnapshot) => snapshot.matches('completed') || snapshot.matches('waitingToSync') || snapshot.matches('parked');
  let was = over(actor.getSnapshot());
  actor.subscribe((snapshot) => {
    const now = over(snapshot);
    if (now && !was) writeSearchText(window.sessionStorage, place, '');
    was = now;
  });
}

/** Tests and the end of a session: forget every sale (the waiting queue stays on disk). */
export function dropSaleActors() {
  for (const actor of sales.values()) actor.stop();
  sales.clear();
  sync = null;
  for (const remove of detach.splice(0)) remove();
}
