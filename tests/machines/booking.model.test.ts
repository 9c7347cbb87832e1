/**
 * Model-based paths of the booking machine (src/machines/booking.machine.ts): a small pure model with the same
 * states, where the booking request and its answer are separate events (sent, then answered: booked, slot gone or
 * refused). Every path (`xstate/graph`: a shortest path to every state, then every transition appended to the path of
 * the state it leaves) drives the real machine with its `book` actor supplied as a held promise the path answers,
 * and checks its state, what it asked the server and what it keeps for the screen.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { EventFrom, SnapshotFrom } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { createTestModel, getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import { setup } from 'xstate';
import type { BookedVisit, FreeSlot, PatientBookingCreate } from '../../src/contract/booking';
import type { Appointment } from '../../src/contract/records';
import { bookingMachine } from '../../src/machines/booking.machine';

// --- the model ------------------------------------------------------------------------------------------------

const model = setup({
  types: {
    events: {} as
      | { type: 'chooseType' }
      | { type: 'chooseStore' }
      | { type: 'laterDays' }
      | { type: 'earlierThanToday' }
      | { type: 'chooseSlot' }
      | { type: 'confirm' }
      | { type: 'back' }
      | { type: 'answer.booked' }
      | { type: 'answer.slotGone' }
      | { type: 'answer.refused' },
  },
}).createMachine({
  id: 'bookingModel',
  initial: 'type',
  states: {
    type: { on: { chooseType: 'store' } },
    store: { on: { chooseStore: 'slot', back: 'type' } },
    slot: { on: { laterDays: 'slot', earlierThanToday: 'slot', chooseSlot: 'confirm', back: 'store' } },
    confirm: { on: { confirm: 'booking', back: 'slot' } },
    booking: { on: { 'answer.booked': 'confirmed', 'answer.slotGone': 'slotGone', 'answer.refused': 'failed' } },
    slotGone: { on: { chooseSlot: 'confirm', back: 'slot' } },
    failed: { on: { confirm: 'booking', back: 'slot' } },
    confirmed: { type: 'final' },
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
const stepsOf = (path: ModelPath) => path.steps.filter((step) => (step.event.type as string) !== 'xstate.init');
const key = (path: ModelPath) => stepsOf(path).map((step) => step.event.type).join(' > ');
const candidates = [...toNode.values(), ...transitionPaths];
const keys = candidates.map(key);
const paths = candidates.filter((_, index) => keys.indexOf(keys[index]!) === index && !keys.some((other) => other.startsWith(`${keys[index]} > `)));

// --- the real machine -----------------------------------------------------------------------------------------

const today = '2031-03-03';
const storeId = 'c1ea0000-0000-4000-8000-00000000d001';
const providerId = 'a0000000-0000-4000-8000-000000000001';
const slot = (localTime: string, startsAt: string): FreeSlot => ({ startsAt, providerId, providerName: 'Sam Staff', localDate: '2031-03-04', localTime });
const chosen = slot('09:00', '2031-03-04T14:00:00.000Z');
const offered = [slot('10:45', '2031-03-04T15:45:00.000Z'), slot('11:00', '2031-03-04T16:00:00.000Z')];
const booked: BookedVisit = { appointment: { id: 'e0000000-0000-4000-8000-000000000001', status: 'booked', source: 'online' } as Appointment, forms: [] };
const gone = { status: 409, body: { error: 'This time has just been taken. Please choose another time.', code: 'booking.slotGone', details: { nextSlots: offered } } };
const refused = { status: 409, body: { error: 'This store books first visits by phone. Please call the store.', code: 'booking.newPatientsOff' } };

interface Held {
  input: PatientBookingCreate;
  resolve: (value: BookedVisit) => void;
  reject: (error: unknown) => void;
}

function start() {
  const held: Held[] = [];
  const actor = createActor(
    bookingMachine.provide({
      actors: { book: fromPromise<BookedVisit, PatientBookingCreate>(({ input }) => new Promise((resolve, reject) => held.push({ input, resolve, reject }))) },
    }),
    { input: { today } },
  ).start();
  return { actor, held };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function drive(run: ReturnType<typeof start>, event: ModelEvent) {
  const { actor, held } = run;
  const state = actor.getSnapshot().value;
  switch (event.type) {
    case 'chooseType':
      return actor.send({ type: 'booking.chooseType', visitType: 'eye-exam' });
    case 'chooseStore':
      actor.send({ type: 'booking.chooseStore', storeId, providerId: null });
      return expect(actor.getSnapshot().context).toMatchObject({ storeId, providerId: null, from: today });
    case 'laterDays':
      actor.send({ type: 'booking.days', from: '2031-03-10' });
      return expect(actor.getSnapshot().context.from).toBe('2031-03-10');
    case 'earlierThanToday': {
      const before = actor.getSnapshot().context.from;
      actor.send({ type: 'booking.days', from: '2031-03-02' });
      return expect(actor.getSnapshot().context.from).toBe(before);
    }
    case 'chooseSlot':
      // From the slot list the first free slot; after a refusal the first of the slots the server offered.
      actor.send({ type: 'booking.chooseSlot', slot: state === 'slotGone' ? offered[0]! : chosen });
      return expect(actor.getSnapshot().context.slot).toEqual(state === 'slotGone' ? offered[0] : chosen);
    case 'confirm': {
      const slotNow = actor.getSnapshot().context.slot!;
      actor.send({ type: 'booking.confirm' });
      expect(actor.getSnapshot().hasTag('busy')).toBe(true);
      return expect(held.at(-1)!.input).toEqual({ locationId: storeId, type: 'eye-exam', providerId, startsAt: slotNow.startsAt });
    }
    case 'back':
      return actor.send({ type: 'booking.back' });
    case 'answer.booked':
      held.at(-1)!.resolve(booked);
      await settle();
      return expect(actor.getSnapshot().context.booked).toEqual(booked);
    case 'answer.slotGone':
      held.at(-1)!.reject(gone);
      await settle();
      return expect(actor.getSnapshot().context).toMatchObject({ nextSlots: offered, slot: null });
    case 'answer.refused':
      held.at(-1)!.reject(refused);
      await settle();
      return expect(actor.getSnapshot().context.error).toMatchObject({ status: 409, code: 'booking.newPatientsOff' });
  }
}

describe('booking machine: every model path', () => {
  it('covers every state and transition of the model', () => {
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => serializeState(s.state))));
    expect([...reached].sort()).toEqual(['"booking"', '"confirm"', '"confirmed"', '"failed"', '"slot"', '"slotGone"', '"store"', '"type"']);
  });

  for (const path of paths) {
    it(key(path) || 'start', async () => {
      const run = start();
      for (const step of stepsOf(path)) {
        await drive(run, step.event);
        expect(run.actor.getSnapshot().value, step.event.type).toBe(step.state.value);
      }
      expect(run.actor.getSnapshot().status).toBe(path.state.value === 'confirmed' ? 'done' : 'active');
    });
  }
});
