import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { ApiError } from '../../src/api/http';
import { kioskDelays, kioskRegistrationMachine } from '../../src/machines/kioskRegistration.machine';
import type { KioskDraft } from '../../src/machines/kioskRegistration.machine';

const ann: KioskDraft = {
  firstName: 'Ann',
  lastName: 'Walker',
  dateOfBirth: '1990-04-01',
  phone: '+1 555 0123',
  email: 'ann@example.com',
  preferredChannel: 'email',
  preferredLanguage: 'en',
  consentContact: true,
  consentPrivacy: true,
};

/** A register call the test settles by hand. */
function start() {
  const clock = new SimulatedClock();
  let settle: { resolve: (value: { id: string; firstName: string }) => void; reject: (error: unknown) => void } | null = null;
  const register = vi.fn(
    (_values: KioskDraft) =>
      new Promise<{ id: string; firstName: string }>((resolve, reject) => {
        settle = { resolve, reject };
      }),
  );
  const forget = vi.fn();
  const actor = createActor(
    kioskRegistrationMachine.provide({
      actors: { register: fromPromise(({ input }) => register(input)) },
      actions: { forget },
    }),
    { clock },
  );
  actor.start();
  const state = () => actor.getSnapshot();
  /** Lets the promise callbacks run. */
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { actor, clock, register, forget, state, flush, settle: () => settle! };
}

describe('kiosk registration machine', () => {
  it('a fresh form has no timer: nothing to clear until someone starts', () => {
    const { clock, state, forget } = start();
    expect(state().matches({ editing: 'pristine' })).toBe(true);
    clock.increment(kioskDelays.idle * 3);
    expect(state().matches({ editing: 'pristine' })).toBe(true);
    expect(state().context.formKey).toBe(0);
    expect(forget).not.toHaveBeenCalled();
  });

  it('a half-filled form is cleared after 2 minutes without activity; each touch starts the 2 minutes again', () => {
    const { actor, clock, state, forget } = start();
    actor.send({ type: 'kiosk.activity' });
    expect(state().matches({ editing: 'filling' })).toBe(true);

    clock.increment(kioskDelays.idle - 1000);
    actor.send({ type: 'kiosk.activity' });
    clock.increment(kioskDelays.idle - 1000);
    expect(state().matches({ editing: 'filling' })).toBe(true);
    expect(state().context.formKey).toBe(0);

    clock.increment(1000);
    expect(state().matches({ editing: 'pristine' })).toBe(true);
    expect(state().context.formKey).toBe(1);
    expect(forget).toHaveBeenCalledTimes(1);
    expect(kioskDelays.idle).toBe(120_000);
  });

  it('submit -> registered -> thank-you screen -> cleared for the next person after the delay', async () => {
    const { actor, clock, state, register, forget, flush, settle } = start();
    actor.send({ type: 'kiosk.activity' });
    actor.send({ type: 'kiosk.submit', values: ann });
    expect(state().hasTag('submitting')).toBe(true);
    expect(register).toHaveBeenCalledWith(ann);
    // The idle clock does not run while the call is on its way.
    clock.increment(kioskDelays.idle * 2);
    expect(state().hasTag('submitting')).toBe(true);

    settle().resolve({ id: 'c1ea0000-0000-4000-8000-00000000f001', firstName: 'Ann' });
    await flush();
    expect(state().hasTag('done')).toBe(true);
    expect(state().context.registered).toEqual({ id: 'c1ea0000-0000-4000-8000-00000000f001', firstName: 'Ann' });
    expect(state().context.pending).toBeNull();

    clock.increment(kioskDelays.thankYou - 1);
    expect(state().hasTag('done')).toBe(true);
    clock.increment(1);
    expect(state().matches({ editing: 'pristine' })).toBe(true);
    expect(state().context).toEqual({ formKey: 1, pending: null, registered: null, error: null });
    expect(forget).toHaveBeenCalledTimes(1);
  });

  it('Done on the thank-you screen clears at once', async () => {
    const { actor, state, flush, settle } = start();
    actor.send({ type: 'kiosk.submit', values: ann });
    settle().resolve({ id: 'id-1', firstName: 'Ann' });
    await flush();
    actor.send({ type: 'kiosk.next' });
    expect(state().matches({ editing: 'pristine' })).toBe(true);
    expect(state().context.registered).toBeNull();
    expect(state().context.formKey).toBe(1);
  });

  it('a refusal goes back to the form with the server’s field messages; the values stay (same form key)', async () => {
    const { actor, clock, state, flush, settle, forget } = start();
    actor.send({ type: 'kiosk.submit', values: { ...ann, consentPrivacy: false } });
    settle().reject(
      new ApiError(400, { error: 'Invalid input', fields: { consentPrivacy: 'Please accept the privacy notice to register' } }),
    );
    await flush();
    expect(state().matches({ editing: 'filling' })).toBe(true);
    expect(state().context.error?.fields).toEqual({ consentPrivacy: 'Please accept the privacy notice to register' });
    expect(state().context.formKey).toBe(0);
    expect(state().context.pending).toBeNull();

    // Left like that, the form (and its error) is cleared for the next person after 2 minutes.
    clock.increment(kioskDelays.idle);
    expect(state().context).toEqual({ formKey: 1, pending: null, registered: null, error: null });
    expect(forget).toHaveBeenCalledTimes(1);
  });

  it('a failed call (no answer from the server) is an error without fields', async () => {
    const { actor, state, flush, settle } = start();
    actor.send({ type: 'kiosk.submit', values: ann });
    settle().reject(new TypeError('Failed to fetch'));
    await flush();
    expect(state().context.error).toEqual({ error: 'failed' });
    expect(state().hasTag('editing')).toBe(true);
  });
});
