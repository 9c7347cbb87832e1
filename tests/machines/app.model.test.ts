/**
 * Model-based paths of the app machine's choreography (src/machines/app.machine.ts), without the DOM: the real root
 * with its real children session, routeAccess, settings and snackbar, the session's calls answered by fakes and the
 * root's side effects (the language, the first page's load, the guest's kept settings) recorded. A small pure model
 * says what a person meets: a tab opened as a guest or with a stored session still being checked, a sign-in, a
 * sign-out, an address of the sign-in page opened while signed in (the session being ended: pending). Every path
 * (`xstate/graph`: a shortest path to every state, then every transition appended to the path of the state it
 * leaves) drives the real system and checks what each child was told: the route guard the roles (and the first page
 * after a guest's sign-in), the settings the user's settings.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, sendTo, setup, waitFor } from 'xstate';
import type { EventFrom, SnapshotFrom } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { createTestModel, getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import type { LoginResponse, User } from '../../src/contract/auth';
import { defaultThemeSettings } from '../../src/contract/themes';
import { appMachine } from '../../src/machines/app.machine';
import type { AppInput } from '../../src/machines/app.machine';
import type { RouteAccessContext } from '../../src/machines/routeAccess.machine';
import { sessionMachine } from '../../src/machines/session.machine';
import type { AuthCodeAnswer } from '../../src/machines/session.machine';
import { settingsFor } from '../../src/machines/settings.machine';
import type { SettingsValues } from '../../src/machines/settings.machine';
import { janeDoe, janeLogin } from '../fixtures/auth';

// --- the model ------------------------------------------------------------------------------------------------

const model = setup({
  types: {
    events: {} as
      | { type: 'open.guest' }
      | { type: 'open.stored' }
      | { type: 'answer.me' }
      | { type: 'answer.meRefused' }
      | { type: 'signIn' }
      | { type: 'signOut' }
      | { type: 'open.signInAddress' }
      | { type: 'answer.logout' },
  },
}).createMachine({
  id: 'appModel',
  initial: 'start',
  states: {
    start: { on: { 'open.guest': 'guest', 'open.stored': 'checking' } },
    /** The stored session is being checked: the route guard waits, nobody's first page. */
    checking: { on: { 'answer.me': 'signedIn', 'answer.meRefused': 'guest' } },
    guest: { on: { signIn: 'signedInNow' } },
    /** Signed in from the sign-in form: the first page is told to the root. */
    signedInNow: { on: { signOut: 'guest', 'open.signInAddress': 'ending' } },
    /** Signed in by the stored session: no first page (the guard did not know a guest before). */
    signedIn: { on: { signOut: 'guest', 'open.signInAddress': 'ending' } },
    /** A sign-in address opened while signed in: the session is being ended; the roles are not known. */
    ending: { on: { 'answer.logout': 'guest' } },
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
const paths = candidates.filter((path, index) => stepsOf(path).length > 0 && keys.indexOf(keys[index]!) === index && !keys.some((other) => other.startsWith(`${keys[index]} > `)));

// --- the real system ------------------------------------------------------------------------------------------

/** The signed-in person reads Turkish (My Profile) and keeps their own theme. */
const user: User = {
  ...janeDoe,
  data: { ...janeDoe.data, language: 'tr', settings: { ...janeDoe.data.settings, theme: { main: 'dark1', navbar: 'dark1', toolbar: 'dark1', footer: 'dark1' } } },
};
const login: LoginResponse = { ...janeLogin, user };
/** What this browser kept for a guest (local storage in the app). */
const kept: SettingsValues = { settings: { ...defaultThemeSettings, animations: false }, shortcuts: ['kept-by-this-browser'] };

interface Held {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

function system(stored: boolean) {
  const held: Record<'loadMe' | 'logout', Held | null> = { loadMe: null, logout: null };
  const hold = (name: keyof typeof held) => () =>
    new Promise((resolve, reject) => {
      held[name] = { resolve, reject };
    });
  const recorded = { languages: [] as (string | undefined)[], firstPages: [] as string[], settingsLoads: [] as (User | null)[] };
  const logic = appMachine.provide({
    actions: {
      loadSettings: sendTo('settings', (_, { user: whose }: { user: User | null }) => {
        recorded.settingsLoads.push(whose);
        return { type: 'settings.load' as const, ...settingsFor(whose, kept) };
      }),
      useLanguage: (_, { language }) => void recorded.languages.push(language),
      startFirstPage: (_, { path }) => void recorded.firstPages.push(path),
    },
    actors: {
      session: sessionMachine.provide({
        actors: {
          authCode: fromPromise(async (): Promise<AuthCodeAnswer> => ({ role: ['patient'], isauth: true, codeRequired: false, error: null })),
          login: fromPromise(async () => login),
          loadMe: fromPromise(hold('loadMe') as () => Promise<User>),
          logout: fromPromise(hold('logout')),
          refresh: fromPromise(() => Promise.reject(new Error('not expected'))),
        },
      }),
    },
  });
  const input: AppInput = {
    session: {
      stored: stored ? { accessToken: 'stored-token', tenantId: user.tenantId, user, expiresAt: Date.now() / 1000 + 600 } : null,
      loginUrl: stored ? '/clearview/downtown' : null,
    },
    settings: settingsFor(stored ? user : null, kept),
    route: { path: '/admin/dashboard/patients', remembered: null },
  };
  const app = createActor(logic, { input });
  app.start();
  const child = <T>(id: string) => app.system.get(id) as T;
  const session = child<ReturnType<typeof createActor<typeof sessionMachine>>>('session');
  const routeAccess = () => child<{ getSnapshot: () => { context: RouteAccessContext; hasTag: (tag: string) => boolean }; send: (event: unknown) => void }>('routeAccess');
  const settings = () => child<{ getSnapshot: () => { context: SettingsValues & { isGuest: boolean } } }>('settings');
  return { app, session, routeAccess, settings, held, recorded };
}

type System = ReturnType<typeof system>;

/** The address follows the guard's redirect, as the app's address listener does. */
function followAddress(s: System) {
  const { access } = s.routeAccess().getSnapshot().context;
  if (access && s.routeAccess().getSnapshot().hasTag('pending')) s.routeAccess().send({ type: 'route.changed', path: access.path });
}

async function drive(s: System, event: ModelEvent) {
  switch (event.type) {
    case 'open.guest':
    case 'open.stored':
      return followAddress(s);
    case 'answer.me':
      s.held.loadMe!.resolve(user);
      await waitFor(s.session, (snapshot) => snapshot.hasTag('signedIn'));
      return followAddress(s);
    case 'answer.meRefused':
      s.held.loadMe!.reject(new Error('401'));
      await waitFor(s.session, (snapshot) => snapshot.matches('signedOut'));
      return followAddress(s);
    case 'signIn':
      s.session.send({ type: 'session.login', request: { username: 'patient@clearview.test', password: 'x' }, loginUrl: '/clearview/downtown' });
      await waitFor(s.session, (snapshot) => snapshot.hasTag('signedIn'));
      return followAddress(s);
    case 'signOut':
      s.session.send({ type: 'session.logout' });
      s.session.send({ type: 'logout.confirm' });
      await waitFor(s.session, (snapshot) => snapshot.hasTag('loggingOut'));
      s.held.logout!.resolve(null);
      await waitFor(s.session, (snapshot) => snapshot.matches('signedOut'));
      // The app opens the login url, which the guard decides as a guest's.
      s.routeAccess().send({ type: 'route.changed', path: '/clearview/downtown' });
      return followAddress(s);
    case 'open.signInAddress':
      s.session.send({ type: 'session.signInAddressOpened' });
      return;
    case 'answer.logout':
      s.held.logout!.resolve(null);
      await waitFor(s.session, (snapshot) => snapshot.matches('signedOut'));
      // The sign-in address the person opened is decided as a guest's.
      s.routeAccess().send({ type: 'route.changed', path: '/login' });
      return followAddress(s);
  }
}

function check(s: System, state: string, lastEvent: ModelEvent['type'] | undefined, firstPagesBefore: number) {
  const guard = s.routeAccess().getSnapshot();
  const { settings, shortcuts, isGuest } = s.settings().getSnapshot().context;
  const announced = s.recorded.firstPages.slice(firstPagesBefore);
  switch (state) {
    case 'checking':
    case 'ending':
      expect(guard.context.roles).toBeNull();
      expect(guard.hasTag('pending')).toBe(true);
      // The user's settings stay while the session is checked or ended.
      expect(isGuest).toBe(false);
      expect(settings.theme.main).toBe('dark1');
      expect(announced).toEqual([]);
      return;
    case 'guest':
      expect(guard.context.roles).toEqual([]);
      expect(guard.hasTag('granted')).toBe(true);
      expect(isGuest).toBe(true);
      expect({ settings, shortcuts }).toEqual(kept);
      expect(announced).toEqual([]);
      return;
    case 'signedIn':
    case 'signedInNow':
      expect(guard.context.roles).toEqual(user.role);
      expect(guard.hasTag('granted')).toBe(true);
      expect(isGuest).toBe(false);
      expect(settings.theme.main).toBe('dark1');
      if (state === 'signedInNow' && lastEvent === 'signIn') {
        // The first page is the guard's first decision for the user; the language is the profile's.
        expect(announced).toEqual([guard.context.access!.path]);
        expect(s.recorded.languages.at(-1)).toBe('tr');
      } else {
        expect(announced).toEqual([]);
      }
      return;
  }
}

describe('app machine: the session coordinated with the route guard and the settings (model paths)', () => {
  it('the model reaches every state', () => {
    const reached = new Set(paths.flatMap((path) => stepsOf(path).map((step) => step.state.value)));
    expect(reached).toEqual(new Set(['checking', 'guest', 'signedInNow', 'signedIn', 'ending']));
  });

  it('a second sign-in in the same tab, after a sign-out, is a first page again', async () => {
    const s = system(false);
    try {
      const steps: [ModelEvent['type'], string][] = [['open.guest', 'guest'], ['signIn', 'signedInNow'], ['signOut', 'guest'], ['signIn', 'signedInNow']];
      for (const [type, state] of steps) {
        const before = s.recorded.firstPages.length;
        await drive(s, { type } as ModelEvent);
        check(s, state, type, before);
      }
      expect(s.recorded.firstPages).toHaveLength(2);
      expect(s.recorded.settingsLoads).toEqual([user, null, user]);
    } finally {
      s.app.stop();
    }
  });

  for (const path of paths) {
    it(key(path), async () => {
      const steps = stepsOf(path);
      const s = system(steps[0]!.event.type === 'open.stored');
      try {
        for (const step of steps) {
          const before = s.recorded.firstPages.length;
          await drive(s, step.event);
          check(s, step.state.value as string, step.event.type, before);
        }
        // Settings are loaded only when the user changes: once per change of who is there.
        for (let index = 1; index < s.recorded.settingsLoads.length; index++) {
          expect(s.recorded.settingsLoads[index]).not.toBe(s.recorded.settingsLoads[index - 1]);
        }
      } finally {
        s.app.stop();
      }
    });
  }
});
