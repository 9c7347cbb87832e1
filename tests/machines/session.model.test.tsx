/**
 * Model-based tests of the session: a small pure model (the states and events the reader meets in
 * src/machines/session.machine.ts and its child flows forgotPassword and newUser, with the API's answers as events and
 * bounded boolean context) gives paths through every state and transition (`xstate/graph`); each path drives the real
 * auth screens, session actor and child actors against a fake API. The model stays flat: its `forgotPassword` and
 * `newUser` states are the session's state with the child's state inside (`realValue`).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { events, expectVisible, resetDriver } from './session.model.driver';
import { key, paths, testModel, transitionCount, transitionPaths } from './session.model';

afterEach(resetDriver);

describe('session model', () => {
  it('drives every state and every transition of the model', () => {
    const driven = new Set(paths.flatMap((path) => path.steps.map((_, i) => key({ ...path, steps: path.steps.slice(0, i + 1) }))));
    const missing = transitionPaths.filter((path) => !driven.has(key(path)));
    expect(missing.map(key)).toEqual([]);
    expect(transitionCount).toBeGreaterThan(80);
    const usedEvents = new Set(transitionPaths.flatMap((path) => path.steps.map((step) => step.event.type)));
    usedEvents.delete('xstate.init');
    expect(Object.keys(events).sort()).toEqual([...usedEvents].sort());
  });

  for (const path of paths) {
    it(key(path), { timeout: 30_000 }, async () => {
      await testModel.testPath(path, {
        events: Object.fromEntries(Object.entries(events).map(([type, exec]) => [type, () => exec()])),
        states: { '*': (state) => (state.matches('boot') ? undefined : expectVisible(state)) },
      });
    });
  }
});
