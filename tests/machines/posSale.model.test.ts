/**
 * Model-based tests of the sale (pos.md): a small pure model of what a clerk and the connection do (lines, a walk-in
 * or a patient with lenses, discounts within and over the limit, park and resume, pay in full, in part with a
 * deposit, by insurance, complete online, refused for a price change, with no answer, offline, confirmed later).
 * Every path (`xstate/graph`: a shortest path to every state, then every transition) drives the real `posSale`
 * machine, with its server and queue actors answered by the test, and checks its state after each step.
 */
import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup, waitFor } from 'xstate';
import type { EventFrom, SnapshotFrom } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { createTestModel, getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import { ApiError } from '../../src/contract/apiError';
import { priceSale } from '../../src/contract/money';
import type { ParkedSaleInput, SaleResult, SaleSubmit } from '../../src/contract/pos';
import { paidState, posSaleMachine } from '../../src/machines/posSale.machine';
import type { PosSaleSnapshot } from '../../src/machines/posSale.machine';
import { frame, invoiceOf, lens, posIds, saleResultOf } from '../fixtures/posFixtures';

// --- the model ------------------------------------------------------------------------------------------------

interface ModelContext {
  online: boolean;
  customer: 'none' | 'walkIn' | 'patient';
  lens: boolean;
  paid: boolean;
  deposit: boolean;
}
const start: ModelContext = { online: true, customer: 'none', lens: false, paid: false, deposit: false };
const cleared = ({ context }: { context: ModelContext }) => ({ ...start, online: context.online });

const model = setup({
  types: {
    context: {} as ModelContext,
    events: {} as
      | { type: 'add.frame' }
      | { type: 'add.lens' }
      | { type: 'choose.walkIn' }
      | { type: 'choose.patient' }
      | { type: 'discount.within' }
      | { type: 'discount.over' }
      | { type: 'park' }
      | { type: 'resume' }
      | { type: 'resume.waiting' }
      | { type: 'edit' }
      | { type: 'clear' }
      | { type: 'new' }
      | { type: 'pay.open' }
      | { type: 'pay.cancel' }
      | { type: 'pay.cash' }
      | { type: 'pay.insurance' }
      | { type: 'pay.deposit' }
      | { type: 'complete' }
      | { type: 'server.accepts' }
      | { type: 'server.priceChanged' }
      | { type: 'server.unreachable' }
      | { type: 'accept.price' }
      | { type: 'retry' }
      | { type: 'sync.confirmed' }
      | { type: 'go.offline' }
      | { type: 'go.online' },
  },
  guards: {
    online: ({ context }) => context.online,
    offline: ({ context }) => !context.online,
    hasCustomer: ({ context }) => context.customer !== 'none',
    depositAllowed: ({ context }) => context.customer === 'patient' && context.lens && !context.paid,
    notPaid: ({ context }) => !context.paid && !context.deposit,
    completeOnline: ({ context }) => (context.paid || context.deposit) && context.online,
    completeOffline: ({ context }) => (context.paid || context.deposit) && !context.online,
  },
}).createMachine({
  id: 'saleModel',
  context: start,
  initial: 'empty',
  states: {
    empty: {
      on: {
        'add.frame': 'building',
        // A parked sale of Jane's (a frame) resumed from the parked tab.
        resume: { target: 'building', actions: assign({ customer: 'patient' }) },
        // The same parked sale while a sale waiting on this device names it: refused, the register stays empty.
        'resume.waiting': 'empty',
        'go.offline': { guard: 'online', actions: assign({ online: false }) },
      },
    },
    building: {
      on: {
        'choose.walkIn': { guard: ({ context }) => context.customer === 'none', actions: assign({ customer: 'walkIn' }) },
        'choose.patient': { guard: ({ context }) => context.customer !== 'patient', actions: assign({ customer: 'patient' }) },
        'add.lens': { guard: ({ context }) => !context.lens, actions: assign({ lens: true }) },
        'discount.within': 'building',
        // Refused by the real machine: the sale stays as it was.
        'discount.over': 'building',
        park: { guard: 'online', target: 'parked' },
        clear: { target: 'empty', actions: assign(cleared) },
        'pay.open': { guard: 'hasCustomer', target: 'paying' },
        'go.offline': { guard: 'online', actions: assign({ online: false }) },
        'go.online': { guard: 'offline', actions: assign({ online: true }) },
      },
    },
    parked: {
      on: { new: { target: 'empty', actions: assign(cleared) }, edit: 'building' },
    },
    paying: {
      on: {
        'pay.cash': { guard: 'notPaid', actions: assign({ paid: true }) },
        // Refused offline: insurance needs the connection.
        'pay.insurance': [{ guard: ({ context }) => context.online && !context.paid && !context.deposit, actions: assign({ paid: true }) }, { guard: 'offline' }],
        'pay.deposit': { guard: 'depositAllowed', actions: assign({ deposit: true }) },
        'pay.cancel': { target: 'building', actions: assign({ paid: false, deposit: false }) },
        complete: [
          { guard: 'completeOnline', target: 'completing' },
          { guard: 'completeOffline', target: 'waitingToSync' },
        ],
        'go.offline': { guard: 'online', actions: assign({ online: false }) },
        'go.online': { guard: 'offline', actions: assign({ online: true }) },
      },
    },
    completing: {
      on: {
        'server.accepts': 'completed',
        'server.priceChanged': 'failed',
        'server.unreachable': { target: 'waitingToSync', actions: assign({ online: false }) },
      },
    },
    failed: {
      on: {
        // The server's prices become the sale's: the payments are taken again.
        'accept.price': { target: 'paying', actions: assign({ paid: false, deposit: false }) },
        edit: { target: 'building', actions: assign({ paid: false, deposit: false }) },
        retry: 'completing',
      },
    },
    waitingToSync: {
      on: {
        'sync.confirmed': { target: 'completed', actions: assign({ online: true }) },
        new: { target: 'empty', actions: assign(cleared) },
      },
    },
    completed: {
      on: { new: { target: 'empty', actions: assign(cleared) } },
    },
  },
});

type ModelSnapshot = SnapshotFrom<typeof model>;
type ModelPath = StatePath<ModelSnapshot, EventFrom<typeof model>>;
const testModel = createTestModel(model);
const serializeState = (state: ModelSnapshot) => JSON.stringify([state.value, state.context]);
const toNode = new Map<string, ModelPath>(getShortestPaths(model, { serializeState }).map((path) => [serializeState(path.state), path]));
const adjacency = getAdjacencyMap(model, { serializeState, events: testModel.options.events });
const transitionPaths: ModelPath[] = [];
for (const [node, { transitions }] of Object.entries(adjacency)) {
  for (const { event, state } of Object.values(transitions) as { event: EventFrom<typeof model>; state: ModelSnapshot }[]) {
    const prefix = toNode.get(node);
    // An event the model refuses there (a guard) is not a transition to take.
    if (prefix && prefix.state.can(event)) transitionPaths.push({ state, steps: [...prefix.steps, { event, state }], weight: prefix.weight + 1 });
  }
}
const key = (path: ModelPath) => path.steps.map((step) => step.event.type).join(' > ');
const candidates = [...toNode.values(), ...transitionPaths];
const keys = candidates.map(key);
const paths = candidates.filter((_, index) => keys.indexOf(keys[index]!) === index && !keys.some((other) => other.startsWith(`${keys[index]} > `)));

// --- the real machine, its server and queue answered by the test ------------------------------------------------

const staffLimitBp = 1000;
const priceChanged = () => {
  const pricing = priceSale([{ productId: frame.id, description: frame.name, quantity: 1, unitPrice: 16000, taxRateBp: 800, discount: null }], null);
  return new ApiError(409, { error: 'Prices changed', code: 'pos.priceChanged', details: { pricing } });
};

function drive() {
  let pending: { resolve: (result: SaleResult) => void; reject: (error: unknown) => void } | null = null;
  const submitted: SaleSubmit[] = [];
  const queued: SaleSubmit[] = [];
  const parked: ParkedSaleInput[] = [];
  let ids = 0;
  const real = posSaleMachine.provide({
    actors: {
      submitSale: fromPromise<SaleResult, SaleSubmit>(({ input }) => {
        submitted.push(input);
        return new Promise<SaleResult>((resolve, reject) => (pending = { resolve, reject }));
      }),
      queueSale: fromPromise<void, SaleSubmit>(async ({ input }) => {
        queued.push(input);
      }),
      parkSale: fromPromise<unknown, ParkedSaleInput>(async ({ input }) => {
        parked.push(input);
        return input;
      }),
    },
  });
  const actor = createActor(real, {
    input: {
      registerSessionId: posIds.session,
      locationId: posIds.location,
      discountLimitBp: staffLimitBp,
      newId: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
    },
  }).start();
  const answer = () => {
    if (!pending) throw new Error('No sale is waiting for the server');
    const current = pending;
    pending = null;
    return current;
  };
  return { actor, submitted, queued, parked, answer };
}

type Driver = ReturnType<typeof drive>;
const snap = (d: Driver) => d.actor.getSnapshot();
const settle = (d: Driver, done: (s: PosSaleSnapshot) => boolean) => waitFor(d.actor, done, { timeout: 2000 });
const lineKey = (d: Driver) => snap(d).context.lines[0]!.key;

/** Jane's parked sale (a frame) as the parked tab's Resume sends it. */
const janesParkedSale = {
  type: 'sale.resume',
  parked: { id: posIds.parked, patientId: posIds.jane, patientName: 'Jane Doe', orderDiscount: null, lines: [{ productId: frame.id, quantity: 2, optionIds: [], discount: null, rxId: null, fitting: null }] },
  products: [frame],
} as const satisfies EventFrom<typeof posSaleMachine>;

const steps: Record<string, (d: Driver) => Promise<void> | void> = {
  'add.frame': (d) => d.actor.send({ type: 'line.add', product: frame }),
  'add.lens': (d) => d.actor.send({ type: 'line.add', product: lens, rxId: posIds.rxCurrent }),
  'choose.walkIn': (d) => d.actor.send({ type: 'customer.choose', customer: { kind: 'walkIn' } }),
  'choose.patient': (d) => d.actor.send({ type: 'customer.choose', customer: { kind: 'patient', id: posIds.jane, name: 'Jane Doe' } }),
  'discount.within': (d) => {
    const discount = { type: 'percent' as const, value: 1000, reason: 'Loyal customer' };
    expect(snap(d).can({ type: 'line.discount', key: lineKey(d), discount })).toBe(true);
    d.actor.send({ type: 'line.discount', key: lineKey(d), discount });
    expect(snap(d).context.lines[0]!.discount).toEqual(discount);
  },
  'discount.over': (d) => {
    const before = snap(d).context.pricing;
    const discount = { type: 'percent' as const, value: 1500, reason: 'Friend' };
    expect(snap(d).can({ type: 'order.discount', discount })).toBe(false);
    d.actor.send({ type: 'order.discount', discount });
    expect(snap(d).context.orderDiscount).toBeNull();
    expect(snap(d).context.pricing).toEqual(before);
  },
  park: async (d) => {
    d.actor.send({ type: 'sale.park', kind: 'parked' });
    await settle(d, (s) => s.matches('parked'));
    expect(d.parked.at(-1)!.id).toBe(snap(d).context.parkedId);
  },
  resume: (d) => d.actor.send(janesParkedSale),
  'resume.waiting': (d) => {
    d.actor.send({ type: 'queue.changed', parkedIds: [posIds.parked] });
    expect(snap(d).can(janesParkedSale)).toBe(false);
    d.actor.send(janesParkedSale);
    // Sent: the parked sale may be resumed again (the server removed it, or it was never sold).
    d.actor.send({ type: 'queue.changed', parkedIds: [] });
  },
  edit: (d) => d.actor.send({ type: 'sale.edit' }),
  clear: (d) => d.actor.send({ type: 'sale.clear' }),
  new: (d) => d.actor.send({ type: 'sale.new' }),
  'pay.open': (d) => d.actor.send({ type: 'pay.open' }),
  'pay.cancel': (d) => d.actor.send({ type: 'pay.cancel' }),
  'pay.cash': (d) => {
    const { balance } = paidState(snap(d).context);
    d.actor.send({ type: 'payment.add', payment: { method: 'cash', amount: balance, tendered: balance + 500, reference: '', insurancePlan: '', authorisation: '' } });
    expect(paidState(snap(d).context)).toMatchObject({ balance: 0, change: 500 });
  },
  'pay.insurance': (d) => {
    const { balance } = paidState(snap(d).context);
    const event = { type: 'payment.add' as const, payment: { method: 'insurance' as const, amount: balance, reference: '', insurancePlan: 'VSP', authorisation: 'A-1' } };
    const online = snap(d).context.online;
    expect(snap(d).can(event)).toBe(online);
    d.actor.send(event);
    expect(paidState(snap(d).context).balance).toBe(online ? 0 : balance);
  },
  'pay.deposit': (d) => {
    d.actor.send({ type: 'deposit.set', deposit: true });
    const { balance } = paidState(snap(d).context);
    d.actor.send({ type: 'payment.add', payment: { method: 'card', amount: Math.floor(balance / 2), reference: '4242', insurancePlan: '', authorisation: '' } });
    expect(snap(d).context.deposit).toBe(true);
  },
  complete: (d) => d.actor.send({ type: 'sale.complete' }),
  'server.accepts': async (d) => {
    const pricing = snap(d).context.pricing;
    d.answer().resolve(saleResultOf(invoiceOf(pricing, snap(d).context.payments), pricing));
    await settle(d, (s) => s.matches('completed'));
  },
  'server.priceChanged': async (d) => {
    d.answer().reject(priceChanged());
    await settle(d, (s) => s.matches('failed'));
  },
  'server.unreachable': async (d) => {
    d.actor.send({ type: 'connection.offline' });
    d.answer().reject(new TypeError('Failed to fetch'));
    await settle(d, (s) => s.matches({ waitingToSync: 'queued' }));
  },
  'accept.price': (d) => d.actor.send({ type: 'price.accept' }),
  retry: (d) => d.actor.send({ type: 'sale.retry' }),
  'sync.confirmed': (d) => {
    const pricing = snap(d).context.pricing;
    d.actor.send({ type: 'connection.online' });
    d.actor.send({ type: 'sync.confirmed', result: saleResultOf(invoiceOf(pricing, snap(d).context.payments), pricing, { replayed: true }) });
  },
  'go.offline': (d) => d.actor.send({ type: 'connection.offline' }),
  'go.online': (d) => d.actor.send({ type: 'connection.online' }),
};

/** What the real machine shows in each state of the model. */
async function check(d: Driver, state: ModelSnapshot) {
  const expected = state.value as string;
  const { context } = state;
  if (expected === 'waitingToSync') await settle(d, (s) => s.matches({ waitingToSync: 'queued' }));
  const s = snap(d);
  expect(s.matches(expected as 'empty')).toBe(true);
  expect(s.context.online).toBe(context.online);
  if (expected === 'empty') {
    expect(s.context.lines).toEqual([]);
    expect(s.context.clientSaleId).toBeNull();
    expect(s.hasTag('dirty')).toBe(false);
    return;
  }
  // A sale has its own id from its first line on, and keeps it to the end.
  expect(s.context.clientSaleId).toMatch(/^0{8}-0{4}-4000-8000-\d{12}$/);
  expect(s.context.customer?.kind ?? 'none').toBe(context.customer);
  // Priced by the one money rule (or, after a 409, showing the server's pricing).
  if (!s.context.serverPricing) expect(s.context.pricing.total).toBeGreaterThan(0);
  expect(s.can({ type: 'pay.open' })).toBe(expected === 'building' && context.customer !== 'none');
  expect(s.can({ type: 'sale.complete' })).toBe(expected === 'paying' && (context.paid || context.deposit));
  if (expected === 'failed') {
    expect(s.context.serverPricing?.total).toBe(17280);
    expect(s.hasTag('dirty')).toBe(true);
  }
  if (expected === 'waitingToSync') {
    // Kept in the browser with the id it was (maybe) sent with: the queue sends that id until the server answers.
    expect(d.queued.at(-1)!.clientSaleId).toBe(s.context.clientSaleId);
    expect(d.queued.at(-1)!.soldOffline).toBe(true);
    if (d.submitted.length) expect(d.submitted.map((x) => x.clientSaleId)).toContain(s.context.clientSaleId);
  }
  if (expected === 'completed') {
    expect(s.context.result?.invoice.id).toBe(posIds.invoice);
    expect(s.hasTag('dirty')).toBe(false);
  }
  if (expected === 'paying') expect(s.hasTag('dialog')).toBe(true);
}

describe('posSale (model-based)', () => {
  it('reaches every state of the model and takes every transition', () => {
    const states = new Set(paths.flatMap((path) => path.steps.map((step) => String(step.state.value))));
    expect([...states].sort()).toEqual(['building', 'completed', 'completing', 'empty', 'failed', 'parked', 'paying', 'waitingToSync']);
    const taken = new Set(paths.flatMap((path) => path.steps.slice(1).map((step, i) => `${String(path.steps[i]!.state.value)} ${step.event.type}`)));
    const declared = Object.entries(model.config.states!).flatMap(([state, node]) => Object.keys(node.on ?? {}).map((event) => `${state} ${event}`));
    expect(declared.filter((t) => !taken.has(t))).toEqual([]);
  });

  for (const path of paths) {
    it(key(path), async () => {
      const d = drive();
      await check(d, path.steps[0]!.state);
      for (const step of path.steps.slice(1)) {
        await steps[step.event.type]!(d);
        await check(d, step.state);
      }
      d.actor.stop();
    });
  }
});
