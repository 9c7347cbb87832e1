import { createActor, fromPromise } from 'xstate';
import { saveParked } from '../api/pos';
import type { ParkedSaleInput, SaleResult, SaleSubmit } from '../contract/pos';
import { posSaleMachine, pricingOf } from '../machines/posSale.machine';
import type { PosSaleInput, PosSaleSnapshot } from '../machines/posSale.machine';
import { draftOf, readSaleDraft, writeSaleDraft } from '../pos/saleDraft';
import { parkedIdsNamedBy } from '../pos/saleQueue';
import type { SaleSyncState } from '../pos/saleSync';
import { writeSearchText } from '../pos/searchText';
import type { SearchPlace } from '../pos/searchText';
import { dropProductLookups } from '../views/pos/sale/productLookup';
import { dropSaleSync, getSaleSync, recordSale } from '../views/pos/waitingSales';
import type { PosSaleActor, SaleActorOptions } from '../views/ui/shellActors';

/**
 * The register's long-lived actors, made once outside React (StrictMode's double effects cannot start a sale twice,
 * and the sale survives a visit to another POS tab): the sale of each open register session, which follows the
 * connection and the device's waiting sales (src/views/pos/waitingSales.ts). Views reach it through the shell's
 * actors (`useSaleActor`).
 */
const sales = new Map<string, PosSaleActor>();
/** The window listeners of the actors above, removed with them. */
const detach: (() => void)[] = [];

function listen(type: 'online' | 'offline', listener: () => void) {
  window.addEventListener(type, listener);
  detach.push(() => window.removeEventListener(type, listener));
}

/** Each sale keeps its waiting sales under the tenant whose session it belongs to. */
const saleMachineOf = (tenantId: string) =>
  posSaleMachine.provide({
    actors: {
      submitSale: fromPromise<SaleResult, SaleSubmit>(({ input, signal }) => recordSale(input, signal)),
      queueSale: fromPromise<void, SaleSubmit>(async ({ input }) => {
        if (!tenantId) throw new Error('No session to keep the sale for');
        const queue = getSaleSync();
        await queue.enqueue(input, tenantId);
        // The connection may be back already (the request failed for another reason): try now.
        void queue.flush();
      }),
      parkSale: fromPromise<unknown, ParkedSaleInput>(({ input }) => saveParked(input)),
    },
  });

/** The parked sales this tenant's waiting sales name; null until the queue has been read from disk. */
const waitingParkedIds = (state: SaleSyncState, tenantId: string) =>
  state.loaded ? parkedIdsNamedBy(state.waiting.filter((entry) => entry.tenantId === tenantId)) : null;

export function getSaleActor(options: SaleActorOptions): PosSaleActor {
  const key = `${options.tenantId} ${options.registerSessionId}`;
  let actor = sales.get(key);
  if (!actor) {
    const sync = getSaleSync();
    const machine = saleMachineOf(options.tenantId);
    const input = {
      registerSessionId: options.registerSessionId,
      locationId: options.locationId,
      discountLimitBp: options.discountLimitBp,
      online: navigator.onLine,
      waitingParkedIds: waitingParkedIds(sync.getState(), options.tenantId),
    };
    actor = createActor(machine, { input, snapshot: restoredSale(machine, options.tenantId, input) }).start();
    const started = actor;
    keepDraft(started, options.tenantId, options.registerSessionId);
    emptySearchAfterSale(started, { tenantId: options.tenantId, locationId: options.locationId, registerId: options.registerId });
    listen('online', () => started.send({ type: 'connection.online' }));
    listen('offline', () => started.send({ type: 'connection.offline' }));
    detach.push(
      sync.subscribe(() => {
        const parkedIds = waitingParkedIds(sync.getState(), options.tenantId);
        if (parkedIds) started.send({ type: 'queue.changed', parkedIds });
      }),
      sync.onConfirmed((entry, result) => {
        if (started.getSnapshot().context.clientSaleId === entry.clientSaleId) started.send({ type: 'sync.confirmed', result });
      }),
    );
    sales.set(key, actor);
  }
  return actor;
}

/**
 * The sale this register session was building when the page last went (src/pos/saleDraft.ts), as a sale being built
 * again; none: a new sale.
 */
function restoredSale(saleMachine: typeof posSaleMachine, tenantId: string, input: PosSaleInput) {
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
 * The search text the tab keeps (src/pos/searchText.ts) goes once the sale is completed, queued, parked or cancelled:
 * the next sale starts with an empty field, also after a reload.
 */
function emptySearchAfterSale(actor: PosSaleActor, place: SearchPlace) {
  const over = (snapshot: PosSaleSnapshot) => snapshot.matches('completed') || snapshot.matches('waitingToSync') || snapshot.matches('parked');
  let was = over(actor.getSnapshot());
  let round = actor.getSnapshot().context.saleRound;
  actor.subscribe((snapshot) => {
    const now = over(snapshot);
    // A cancelled sale too: the next one starts with an empty field.
    if ((now && !was) || snapshot.context.saleRound !== round) writeSearchText(window.sessionStorage, place, '');
    was = now;
    round = snapshot.context.saleRound;
  });
}

/** Tests and the end of a session: forget every sale and the register's look-ups (the waiting queue stays on disk). */
export function dropSaleActors() {
  for (const actor of sales.values()) actor.stop();
  sales.clear();
  for (const remove of detach.splice(0)) remove();
  dropSaleSync();
  dropProductLookups();
}
