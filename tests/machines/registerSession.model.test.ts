/**
 * Model-based paths of the registerSession machine (src/machines/registerSession.machine.ts): a small pure model with the
 * same states, where each request and its answer are separate events (sent, then answered: done or refused). Every
 * path (`xstate/graph`: a shortest path to every state, then every transition appended to the path of the state it
 * leaves) drives the real machine with its requests supplied as held promises the path answers, and checks its
 * state, what it asked the server and what it keeps for the screen (the report, the server's refusal).
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup } from 'xstate';
import type { EventFrom, SnapshotFrom } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { createTestModel, getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import type { CashCount, CashMovementInput, Register, SessionReport } from '../../src/contract/pos';
import { registerSessionMachine } from '../../src/machines/registerSession.machine';

// --- the model ------------------------------------------------------------------------------------------------

const model = setup({
  types: {
    events: {} as
      | { type: 'choose.closedRegister' }
      | { type: 'choose.openRegister' }
      | { type: 'answer.done' }
      | { type: 'answer.closedMeanwhile' }
      | { type: 'answer.refused' }
      | { type: 'retry' }
      | { type: 'change' }
      | { type: 'open' }
      | { type: 'dismiss' }
      | { type: 'move' }
      | { type: 'reportX' }
      | { type: 'reportDismiss' }
      | { type: 'closeStart' }
      | { type: 'closeSubmit' }
      | { type: 'closeCancel' },
  },
}).createMachine({
  id: 'registerSessionModel',
  initial: 'choosing',
  states: {
    choosing: { on: { 'choose.closedRegister': 'closed', 'choose.openRegister': 'loading' } },
    loading: { on: { 'answer.done': 'open', 'answer.closedMeanwhile': 'closed', 'answer.refused': 'loadFailed' } },
    loadFailed: { on: { retry: 'loading', change: 'choosing' } },
    closed: {
      initial: 'idle',
      states: {
        idle: { on: { open: 'opening', change: '#registerSessionModel.choosing' } },
        opening: { on: { 'answer.done': '#registerSessionModel.open', 'answer.refused': 'refused' } },
        refused: { on: { dismiss: 'idle', open: 'opening', change: '#registerSessionModel.choosing' } },
      },
    },
    open: {
      initial: 'idle',
      states: {
        idle: { on: { move: 'moving', reportX: 'reporting', closeStart: '#registerSessionModel.closing', change: '#registerSessionModel.choosing' } },
        moving: { on: { 'answer.done': 'idle', 'answer.refused': 'moveRefused' } },
        moveRefused: { on: { move: 'moving', dismiss: 'idle' } },
        reporting: { on: { 'answer.done': 'xReport', 'answer.refused': 'reportFailed' } },
        xReport: { on: { reportDismiss: 'idle', reportX: 'reporting' } },
        reportFailed: { on: { reportX: 'reporting', dismiss: 'idle' } },
      },
    },
    closing: {
      initial: 'preparing',
      states: {
        preparing: { on: { 'answer.done': 'counting', 'answer.refused': 'counting' } },
        counting: { on: { closeSubmit: 'submitting', closeCancel: '#registerSessionModel.open' } },
        submitting: { on: { 'answer.done': '#registerSessionModel.closed', 'answer.refused': 'refused' } },
        refused: { on: { closeSubmit: 'submitting', closeCancel: '#registerSessionModel.open' } },
      },
    },
  },
});

type ModelSnapshot = SnapshotFrom<typeof model>;
type ModelEvent = EventFrom<typeof model>;
type ModelPath = StatePath<ModelSnapshot, ModelEvent>;
const testModel = createTestModel(model);
const serializeState = (state: ModelSnapshot) => JSON.stringify(state.value);
const toNode = new Map<string, ModelPath>(getShortestPaths(model, { serializeState }).map((path) => [serializeState(path.state), path]));
const adjacency = getAdjacencyMap(model, { serializeState, events: testModel.options.events });
const transitionPaths: ModelPath[] = [];
for (const [node, { transitions }] of Object.entries(adjacency)) {
  for (const { event, state } of Object.values(transitions) as { event: ModelEvent; state: ModelSnapshot }[]) {
    const prefix = toNode.get(node);
    if (prefix) transitionPaths.push({ state, steps: [...prefix.steps, { event, state }], weight: prefix.weight + 1 });
  }
}
/** The path's events (the first step is the model's own start). */
const stepsOf = (path: ModelPath) => path.steps.filter((step) => (step.event.type as string) !== 'xstate.init');
const key = (path: ModelPath) => stepsOf(path).map((step) => step.event.type).join(' > ');
const candidates = [...toNode.values(), ...transitionPaths];
const keys = candidates.map(key);
const paths = candidates.filter((_, index) => keys.indexOf(keys[index]!) === index && !keys.some((other) => other.startsWith(`${keys[index]} > `)));

// --- the real machine -----------------------------------------------------------------------------------------

const registerId = 'a0000000-0000-4000-8000-000000000001';
const sessionId = 'b0000000-0000-4000-8000-000000000001';
const float: CashCount = [{ denomination: 2000, count: 5 }];
const counted: CashCount = [{ denomination: 2000, count: 6 }];
const movement: CashMovementInput = { kind: 'pay-in', amount: 1500, reason: 'Change from the bank' };
const closedRegister: Register = { id: registerId, locationId: 'c0000000-0000-4000-8000-000000000001', name: 'Till 1', currency: 'USD', openSession: null, discountLimitBp: 1000 };
const openRegister: Register = { ...closedRegister, openSession: { id: sessionId, openedAt: '2026-11-24T08:00:00Z', openedBy: 'Sam Staff' } };

const report = (changes: Partial<SessionReport> = {}): SessionReport => ({
  id: sessionId,
  registerId,
  registerName: 'Till 1',
  locationId: closedRegister.locationId,
  storeName: 'Downtown',
  currency: 'USD',
  status: 'open',
  openedAt: '2026-11-24T08:00:00Z',
  openedBy: 'Sam Staff',
  closedAt: null,
  closedBy: null,
  float,
  floatTotal: 10_000,
  cashIn: 0,
  cashOut: 0,
  payIns: 0,
  payOuts: 0,
  expectedCash: 10_000,
  countedCash: null,
  counted: null,
  difference: null,
  byMethod: [],
  saleCount: 0,
  refundCount: 0,
  salesTotal: 0,
  refundsTotal: 0,
  discountTotal: 0,
  taxTotal: 0,
  movements: [],
  toReview: [],
  ...changes,
});
const refusal = { error: 'The register already has an open session', code: 'pos.sessionOpen' };

interface Held {
  actor: string;
  input: unknown;
  resolve: (value: SessionReport) => void;
  reject: (error: unknown) => void;
}

function start() {
  const held: Held[] = [];
  const hold = <Input,>(actor: string) =>
    fromPromise<SessionReport, Input>(({ input }) => new Promise<SessionReport>((resolve, reject) => held.push({ actor, input, resolve, reject })));
  const actor = createActor(
    registerSessionMachine.provide({
      actors: {
        loadSession: hold<{ sessionId: string }>('loadSession'),
        openSession: hold<{ registerId: string; float: CashCount }>('openSession'),
        moveCash: hold<{ sessionId: string; movement: CashMovementInput }>('moveCash'),
        closeSession: hold<{ sessionId: string; counted: CashCount }>('closeSession'),
      },
    }),
  ).start();
  return { actor, held };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** What the real machine's answer to each request is, per model event. */
function answerFor(request: Held, event: ModelEvent): SessionReport {
  if (event.type === 'answer.closedMeanwhile') return report({ status: 'closed', closedAt: '2026-11-24T17:00:00Z', closedBy: 'Alex Admin', countedCash: 10_000, difference: 0 });
  switch (request.actor) {
    case 'moveCash':
      return report({ payIns: 1500, expectedCash: 11_500 });
    case 'closeSession':
      return report({ status: 'closed', closedAt: '2026-11-24T17:00:00Z', closedBy: 'Sam Staff', counted, countedCash: 12_000, difference: 2000 });
    default:
      return report();
  }
}

async function drive(run: ReturnType<typeof start>, event: ModelEvent) {
  const { actor, held } = run;
  switch (event.type) {
    case 'choose.closedRegister':
      return actor.send({ type: 'register.choose', register: closedRegister });
    case 'choose.openRegister':
      actor.send({ type: 'register.choose', register: openRegister });
      return expect(held.at(-1)).toMatchObject({ actor: 'loadSession', input: { sessionId } });
    case 'retry':
      return actor.send({ type: 'session.retry' });
    case 'change':
      return actor.send({ type: 'register.change' });
    case 'open':
      actor.send({ type: 'session.open', float });
      return expect(held.at(-1)).toMatchObject({ actor: 'openSession', input: { registerId, float } });
    case 'dismiss':
      return actor.send({ type: 'error.dismiss' });
    case 'move':
      actor.send({ type: 'cash.move', movement });
      return expect(held.at(-1)).toMatchObject({ actor: 'moveCash', input: { sessionId, movement } });
    case 'reportX':
      return actor.send({ type: 'report.x' });
    case 'reportDismiss':
      return actor.send({ type: 'report.dismiss' });
    case 'closeStart':
      return actor.send({ type: 'close.start' });
    case 'closeSubmit':
      actor.send({ type: 'close.submit', counted });
      return expect(held.at(-1)).toMatchObject({ actor: 'closeSession', input: { sessionId, counted } });
    case 'closeCancel':
      return actor.send({ type: 'close.cancel' });
    case 'answer.done':
    case 'answer.closedMeanwhile':
    case 'answer.refused': {
      const request = held.shift();
      expect(request, 'a request is waiting').toBeDefined();
      if (event.type === 'answer.refused') request!.reject(Object.assign(new Error(refusal.error), { body: refusal }));
      else request!.resolve(answerFor(request!, event));
      await settle();
      return;
    }
  }
}

/** What the screen reads in each state, beyond the state itself. */
function check(run: ReturnType<typeof start>, state: ModelSnapshot, last: ModelEvent | null) {
  const snapshot = run.actor.getSnapshot();
  expect(snapshot.value).toEqual(state.value);
  const { register, report: kept, error } = snapshot.context;
  if (state.matches('choosing')) expect(register).toBeNull();
  else expect(register?.id).toBe(registerId);
  // A refusal keeps the server's answer; any other answer clears it.
  const refused = ['loadFailed', { closed: 'refused' }, { open: 'moveRefused' }, { open: 'reportFailed' }, { closing: 'refused' }].some((value) => state.matches(value as never));
  if (refused || (state.matches({ closing: 'counting' }) && last?.type === 'answer.refused')) expect(error).toEqual(refusal);
  else if (last?.type?.startsWith('answer.')) expect(error).toBeNull();
  if (state.matches('open') || state.matches('closing')) expect(kept?.status).toBe('open');
  if (state.matches({ open: 'idle' }) && last?.type === 'answer.done' && run.held.length === 0) expect(kept).not.toBeNull();
  // The close ends on the Z report: the counted cash and the difference the server worked out.
  if (state.matches({ closed: 'idle' }) && last?.type === 'answer.done') expect(kept).toMatchObject({ status: 'closed', countedCash: 12_000, difference: 2000 });
  if (state.matches({ closed: 'idle' }) && last?.type === 'answer.closedMeanwhile') expect(kept?.status).toBe('closed');
  // While a request runs the screen waits: nothing else can be sent.
  const busy = snapshot.hasTag('busy');
  expect(busy).toBe(['loading', { closed: 'opening' }, { open: 'moving' }, { open: 'reporting' }, { closing: 'preparing' }, { closing: 'submitting' }].some((value) => state.matches(value as never)));
  if (busy) {
    expect(snapshot.can({ type: 'register.change' })).toBe(false);
    expect(snapshot.can({ type: 'session.open', float })).toBe(false);
    expect(snapshot.can({ type: 'close.cancel' })).toBe(false);
  }
}

describe('registerSession: model-based paths', () => {
  it('covers every state and every transition of the model', () => {
    const seen = new Set([JSON.stringify('choosing'), ...paths.flatMap((path) => path.steps.map((step) => serializeState(step.state)))]);
    expect([...seen].sort()).toEqual(Object.keys(adjacency).sort());
    const transitions = Object.values(adjacency).reduce((sum, node) => sum + Object.keys(node.transitions).length, 0);
    const covered = new Set(
      paths.flatMap((path) => stepsOf(path).map((step, index, steps) => `${index === 0 ? JSON.stringify('choosing') : serializeState(steps[index - 1]!.state)} ${step.event.type}`)),
    );
    expect(covered.size).toBe(transitions);
  });

  it.each(paths.map((path) => [key(path), path] as const))('%s', async (_, path) => {
    const run = start();
    check(run, model.resolveState({ value: 'choosing', context: {} }), null);
    for (const step of stepsOf(path)) {
      await drive(run, step.event);
      check(run, step.state, step.event);
    }
    run.actor.stop();
  });
});
