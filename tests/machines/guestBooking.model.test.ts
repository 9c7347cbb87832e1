/**
 * Model-based paths of the new patient's booking machine (src/machines/guestBooking.machine.ts): a small pure model
 * with the same states, where each call and its answer are separate events and the code's lifetime running out is
 * an event of its own (the real machine's delay, run by a SimulatedClock). Every path (a shortest path to every
 * state, then every transition appended to the path of the state it leaves) drives the real machine with its
 * `sendCode` and `confirm` actors supplied as held promises the path answers, and checks its state, what it asked
 * the server and what it keeps for the screen.
 */
import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup, SimulatedClock } from 'xstate';
import type { EventFrom, SnapshotFrom } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { createTestModel, getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import type { BookedVisit, FreeSlot, GuestBookingConfirm, GuestBookingRequest, GuestCodeSent } from '../../src/contract/booking';
import type { Appointment } from '../../src/contract/records';
import { guestBookingMachine, type GuestPerson } from '../../src/machines/guestBooking.machine';

// --- the model ------------------------------------------------------------------------------------------------

const model = setup({
  types: {
    context: {} as { hadCode: boolean },
    events: {} as
      | { type: 'chooseType' }
      | { type: 'laterDays' }
      | { type: 'earlierThanToday' }
      | { type: 'chooseSlot' }
      | { type: 'details' }
      | { type: 'code' }
      | { type: 'resend' }
      | { type: 'back' }
      | { type: 'expire' }
      | { type: 'sent' }
      | { type: 'answer.booked' }
      | { type: 'answer.slotGone' }
      | { type: 'answer.refused' }
      | { type: 'answer.known' },
  },
  guards: {
    // A slot-gone refusal after a code was sent keeps it: choosing a next slot confirms with it again.
    hadCode: ({ context }) => context.hadCode,
  },
}).createMachine({
  id: 'guestBookingModel',
  context: { hadCode: false },
  initial: 'type',
  states: {
    type: { on: { chooseType: 'slot' } },
    slot: { on: { laterDays: 'slot', earlierThanToday: 'slot', chooseSlot: 'details', back: 'type' } },
    details: { on: { details: 'sendingCode', back: 'slot' } },
    sendingCode: {
      on: {
        sent: 'code',
        'answer.slotGone': { target: 'slotGone', actions: assign({ hadCode: false }) },
        'answer.refused': 'details',
      },
    },
    code: {
      initial: 'entering',
      on: { resend: 'sendingCode', back: 'details', expire: 'expired' },
      states: {
        entering: { on: { code: 'confirming' } },
        confirming: {
          on: {
            'answer.booked': '#guestBookingModel.confirmed',
            'answer.slotGone': { target: '#guestBookingModel.slotGone', actions: assign({ hadCode: true }) },
            'answer.refused': 'entering',
            // The code was right but the store may know the person: back to the details, which offer the sign-in.
            'answer.known': '#guestBookingModel.details',
          },
        },
      },
    },
    expired: { on: { resend: 'sendingCode', back: 'details' } },
    slotGone: {
      on: {
        chooseSlot: [{ guard: 'hadCode', target: 'code.confirming' }, { target: 'details' }],
        back: 'slot',
      },
    },
    confirmed: { type: 'final' },
  },
});

type ModelSnapshot = SnapshotFrom<typeof model>;
type ModelEvent = EventFrom<typeof model>;
type ModelPath = StatePath<ModelSnapshot, ModelEvent>;
const testModel = createTestModel(model);
const serializeState = (state: ModelSnapshot) => JSON.stringify([state.value, state.context]);
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
const providerId = 'a0000000-0000-4000-8000-000000000001';
const slot = (localTime: string, startsAt: string): FreeSlot => ({ startsAt, providerId, providerName: 'Sam Staff', localDate: '2031-03-04', localTime });
const chosen = slot('09:00', '2031-03-04T14:00:00.000Z');
const offered = [slot('10:45', '2031-03-04T15:45:00.000Z'), slot('11:00', '2031-03-04T16:00:00.000Z')];
const nora: GuestPerson = {
  firstName: 'Nora',
  lastName: 'Newcomer',
  dateOfBirth: '1990-02-03',
  email: 'nora@example.test',
  phone: '',
  preferredChannel: 'email',
  preferredLanguage: 'en',
  consentContact: false,
  consentPrivacy: true,
};
const sentAnswer: GuestCodeSent = { channel: 'email', destination: 'n***@example.test', expiresInSeconds: 600 };
const booked: BookedVisit = { appointment: { id: 'e0000000-0000-4000-8000-000000000001', status: 'booked', source: 'online' } as Appointment, forms: [] };
const gone = { status: 409, body: { error: 'This time has just been taken. Please choose another time.', code: 'booking.slotGone', details: { nextSlots: offered } } };
const refusedCode = { status: 400, body: { error: 'Invalid Authentication code. Please check or Resend the code', code: 'auth.invalidCode' } };
const refusedPerson = { status: 409, body: { error: 'We may already have your details. Please sign in to book, or call the store.', code: 'booking.likelyExisting' } };
const refusedSend = { status: 429, body: { error: 'Too many codes were requested. Please try again in an hour.', code: 'auth.tooManyCodes' } };

interface Held<I, O> {
  input: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

function start() {
  const sends: Held<GuestBookingRequest, GuestCodeSent>[] = [];
  const confirms: Held<GuestBookingConfirm, BookedVisit>[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    guestBookingMachine.provide({
      actors: {
        sendCode: fromPromise<GuestCodeSent, GuestBookingRequest>(({ input }) => new Promise((resolve, reject) => sends.push({ input, resolve, reject }))),
        confirm: fromPromise<BookedVisit, GuestBookingConfirm>(({ input }) => new Promise((resolve, reject) => confirms.push({ input, resolve, reject }))),
      },
    }),
    { input: { today }, clock },
  ).start();
  return { actor, sends, confirms, clock, last: 'send' as 'send' | 'confirm' };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
type Run = ReturnType<typeof start>;


async function drive(run: Run, event: ModelEvent) {
  const { actor, sends, confirms } = run;
  const snapshot = actor.getSnapshot();
  const pending = () => (run.last === 'send' ? sends.at(-1)! : confirms.at(-1)!);
  switch (event.type) {
    case 'chooseType':
      actor.send({ type: 'guest.chooseType', visitType: 'eye-exam', providerId: null });
      return expect(actor.getSnapshot().context).toMatchObject({ type: 'eye-exam', providerId: null, from: today });
    case 'laterDays':
      actor.send({ type: 'guest.days', from: '2031-03-10' });
      return expect(actor.getSnapshot().context.from).toBe('2031-03-10');
    case 'earlierThanToday': {
      const before = snapshot.context.from;
      actor.send({ type: 'guest.days', from: '2031-03-02' });
      return expect(actor.getSnapshot().context.from).toBe(before);
    }
    case 'chooseSlot': {
      const pick = snapshot.matches('slotGone') ? offered[0]! : chosen;
      const before = confirms.length;
      actor.send({ type: 'guest.chooseSlot', slot: pick });
      expect(actor.getSnapshot().context.slot).toEqual(pick);
      if (confirms.length > before) {
        // A code was sent: the next slot is confirmed with it at once.
        run.last = 'confirm';
        expect(confirms.at(-1)!.input).toMatchObject({ startsAt: pick.startsAt, code: '123456' });
      }
      return;
    }
    case 'details':
      actor.send({ type: 'guest.details', person: nora });
      run.last = 'send';
      expect(actor.getSnapshot().hasTag('busy')).toBe(true);
      // Nothing is held yet: the call asks for a code only.
      return expect(sends.at(-1)!.input).toEqual({ type: 'eye-exam', providerId, startsAt: actor.getSnapshot().context.slot!.startsAt, person: nora });
    case 'sent':
      sends.at(-1)!.resolve(sentAnswer);
      await settle();
      return expect(actor.getSnapshot().context.codeSent).toEqual(sentAnswer);
    case 'code':
      actor.send({ type: 'guest.code', code: ' 123456 ' });
      run.last = 'confirm';
      expect(actor.getSnapshot().hasTag('busy')).toBe(true);
      return expect(confirms.at(-1)!.input).toMatchObject({ code: '123456', person: nora, type: 'eye-exam' });
    case 'resend': {
      const before = sends.length;
      actor.send({ type: 'guest.resend' });
      run.last = 'send';
      return expect(sends.length).toBe(before + 1);
    }
    case 'back':
      return actor.send({ type: 'guest.back' });
    case 'expire':
      run.clock.increment(sentAnswer.expiresInSeconds * 1000);
      return expect(actor.getSnapshot().context.code).toBe('');
    case 'answer.booked':
      (pending() as Held<GuestBookingConfirm, BookedVisit>).resolve(booked);
      await settle();
      return expect(actor.getSnapshot().context.booked).toEqual(booked);
    case 'answer.slotGone':
      pending().reject(gone);
      await settle();
      return expect(actor.getSnapshot().context).toMatchObject({ nextSlots: offered, slot: null });
    case 'answer.known':
      pending().reject(refusedPerson);
      await settle();
      return expect(actor.getSnapshot().context).toMatchObject({ error: { status: 409, code: 'booking.likelyExisting' }, code: '', codeSent: null });
    case 'answer.refused':
      pending().reject(run.last === 'send' ? refusedSend : refusedCode);
      await settle();
      return expect(actor.getSnapshot().context.error).toMatchObject(run.last === 'send' ? { status: 429, code: 'auth.tooManyCodes' } : { status: 400, code: 'auth.invalidCode' });
  }
}

describe('guest booking machine: every model path', () => {
  it('covers every state and transition of the model', () => {
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
    expect([...reached].sort()).toEqual(
      ['"confirmed"', '"details"', '"expired"', '"sendingCode"', '"slot"', '"slotGone"', '"type"', '{"code":"confirming"}', '{"code":"entering"}'].sort(),
    );
  });

  for (const path of paths) {
    it(key(path) || 'start', async () => {
      const run = start();
      for (const step of stepsOf(path)) {
        await drive(run, step.event);
        expect(run.actor.getSnapshot().value, step.event.type).toEqual(step.state.value);
      }
      expect(run.actor.getSnapshot().status).toBe(path.state.value === 'confirmed' ? 'done' : 'active');
    });
  }

  it('the code runs out after the lifetime the server gave, not before', () => {
    const run = start();
    run.actor.send({ type: 'guest.chooseType', visitType: 'eye-exam', providerId: null });
    run.actor.send({ type: 'guest.chooseSlot', slot: chosen });
    run.actor.send({ type: 'guest.details', person: nora });
    run.sends[0]!.resolve({ ...sentAnswer, expiresInSeconds: 60 });
    return settle().then(() => {
      run.clock.increment(59_000);
      expect(run.actor.getSnapshot().value).toEqual({ code: 'entering' });
      run.clock.increment(1_000);
      expect(run.actor.getSnapshot().value).toBe('expired');
    });
  });
});
