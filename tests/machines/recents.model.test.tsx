/**
 * Model-based tests of recents (spec 4 and 2.5): a small pure model of what an admin meets (the POS pages that make
 * entries, the recents panel with its clearing, a reload of the tab, the eForm builder with unsaved changes and the
 * Warning question through the menu, the recents panel, Back and Logout, and logout clearing the list). Every path
 * (`xstate/graph`, through every state and every transition) drives the real app (<App/> with its runtime and the
 * recents machine spawned with the shell) in jsdom against a fake API.
 */
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigate } from 'wouter/use-browser-location';
import { setup } from 'xstate';
import type { EventFrom, SnapshotFrom } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { createTestModel, getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import { App } from '../../src/app/App';
import { createRuntime } from '../../src/app/runtime';
import type { Runtime } from '../../src/app/runtime';
import { writeStoredSession } from '../../src/app/storedSession';
import type { User } from '../../src/contract/auth';
import { messages } from '../../src/contract/common';
import type { RecentsActor } from '../../src/views/ui/shellActors';
import { recentsStorageKey } from '../../src/views/shared/recentsActor';
import { clearviewDowntown, janeDoe } from '../fixtures/auth';
import '../fixtures/jsdom-gaps';

// --- the model ------------------------------------------------------------------------------------------------

const model = setup({
  types: {
    events: {} as
      | { type: 'open.admin' }
      | { type: 'go.otherSale' }
      | { type: 'tab.reload' }
      | { type: 'panel.open' }
      | { type: 'panel.escape' }
      | { type: 'panel.outsideClick' }
      | { type: 'panel.removeOne' }
      | { type: 'panel.clearAll' }
      | { type: 'edit.form' }
      | { type: 'leave.menu' }
      | { type: 'leave.panel' }
      | { type: 'leave.back' }
      | { type: 'leave.logout' }
      | { type: 'answer.no' }
      | { type: 'answer.yes' }
      | { type: 'user.logout' }
      | { type: 'logout.confirm' },
  },
}).createMachine({
  id: 'recentsModel',
  initial: 'closed',
  states: {
    closed: { on: { 'open.admin': 'pos' } },
    // On a POS page, panel closed: one entry (/admin/pos/all) or two.
    pos: {
      on: {
        'go.otherSale': 'twoSales',
        'panel.open': 'panelOne',
        'edit.form': 'editing',
        'user.logout': 'logoutQuestion',
      },
    },
    twoSales: { on: { 'tab.reload': 'reloaded', 'panel.open': 'panelTwo' } },
    // The entries survived the reload (session storage).
    reloaded: { on: { 'panel.open': 'panelTwo' } },
    panelTwo: { on: { 'panel.removeOne': 'panelOne', 'panel.outsideClick': 'twoSales' } },
    panelOne: { on: { 'panel.clearAll': 'panelEmpty', 'panel.escape': 'pos' } },
    panelEmpty: { on: { 'panel.escape': 'pos' } },
    // The eForm builder (opened from the POS) with unsaved changes.
    editing: {
      on: { 'leave.menu': 'askedByMenu', 'leave.panel': 'askedByPanel', 'leave.back': 'askedByBack', 'leave.logout': 'askedByLogout' },
    },
    askedByMenu: { on: { 'answer.no': 'editing', 'answer.yes': 'pos' } },
    askedByPanel: { on: { 'answer.no': 'editing', 'answer.yes': 'pos' } },
    askedByBack: { on: { 'answer.no': 'editing', 'answer.yes': 'pos' } },
    askedByLogout: { on: { 'answer.no': 'editing', 'answer.yes': 'logoutQuestion' } },
    logoutQuestion: { on: { 'logout.confirm': 'signedOut' } },
    signedOut: {},
  },
});

type ModelSnapshot = SnapshotFrom<typeof model>;
type ModelPath = StatePath<ModelSnapshot, EventFrom<typeof model>>;
const testModel = createTestModel(model);
const serializeState = (state: ModelSnapshot) => JSON.stringify(state.value);
// A shortest path to every state, then each transition appended to the path of the state it leaves.
const toNode = new Map<string, ModelPath>(getShortestPaths(model, { serializeState }).map((path) => [serializeState(path.state), path]));
const adjacency = getAdjacencyMap(model, { serializeState, events: testModel.options.events });
const transitionPaths: ModelPath[] = [];
for (const [node, { transitions }] of Object.entries(adjacency)) {
  for (const { event, state } of Object.values(transitions) as { event: EventFrom<typeof model>; state: ModelSnapshot }[]) {
    const prefix = toNode.get(node);
    if (prefix) transitionPaths.push({ state, steps: [...prefix.steps, { event, state }], weight: prefix.weight + 1 });
  }
}
const key = (path: ModelPath) => path.steps.map((step) => step.event.type).join(' > ');
const candidates = [...toNode.values(), ...transitionPaths];
const keys = candidates.map(key);
const paths = candidates.filter(
  (_, index) => keys.indexOf(keys[index]!) === index && !keys.some((other) => other.startsWith(`${keys[index]} > `)),
);

// --- the app --------------------------------------------------------------------------------------------------

const admin: User = {
  ...janeDoe,
  id: 'admin-id',
  role: ['admin'],
  data: { ...janeDoe.data, displayName: 'Demo admin', email: 'admin@clearview.test', role: ['admin'] },
};
const locationId = '11111111-1111-4111-8111-111111111111';
const boardId = '22222222-2222-4222-8222-222222222222';
const builderPath = `/admin/eforms/forms/add/${locationId}?board=${boardId}`;
const store = { id: locationId, slug: 'downtown', name: 'Downtown', address: '1 Main St', phone: '555', timeZone: 'UTC', currency: 'USD', logo: null };

function fakeApi() {
  vi.stubGlobal('fetch', async (input: string) => {
    const reply = (status: number, data?: unknown) =>
      new Response(data === undefined ? null : JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } });
    const path = input.split('?')[0];
    if (path === '/api/patient/me') return reply(200, { user: admin });
    if (path === '/api/patient/logout') return reply(204);
    if (path === '/api/portal/clearview/downtown') return reply(200, clearviewDowntown);
    if (path === '/api/stores') return reply(200, { stores: [store] });
    if (path === '/api/patient/formstores') {
      return reply(200, { boards: [{ id: boardId, locationId, uri: 'intake', name: 'Intake', position: 0, cards: [] }] });
    }
    return reply(404, { error: messages.notFound });
  });
}

let runtime: Runtime | null = null;
let user = userEvent.setup();
const recents = () => runtime!.app.system.get('recents') as RecentsActor;

function openApp(path: string) {
  window.history.replaceState(null, '', path);
  runtime = createRuntime({ sessionStorage, localStorage, root: document.documentElement });
  render(<App runtime={runtime} />);
  user = userEvent.setup();
}

async function seesPos(path = '/admin/pos/all') {
  expect(await screen.findByRole('heading', { level: 1, name: 'Point of sale' })).toBeTruthy();
  await waitFor(() => expect(window.location.pathname).toBe(path));
  expect(screen.queryByRole('alertdialog')).toBeNull();
}

async function panelEntries() {
  const panel = await screen.findByRole('dialog', { name: 'Recents' });
  return { panel, links: within(panel).queryAllByRole('link') };
}

async function openPanel() {
  await user.click(await screen.findByRole('button', { name: /^Recents/ }));
  return panelEntries();
}

/** The side menu's item (in the drawer on a small screen: opened first). */
async function chooseMenuItem(name: string) {
  const drawerButton = screen.queryByRole('button', { name: 'Open the navigation' });
  if (drawerButton) await user.click(drawerButton);
  await user.click(await screen.findByRole('link', { name }));
}

async function seesWarning() {
  const dialog = await screen.findByRole('alertdialog');
  expect(within(dialog).getByRole('heading', { name: 'Warning' })).toBeTruthy();
  expect(dialog.textContent).toContain('Are you sure you want to discard the changes? Unsaved data will be lost if you leave this page.');
  expect(window.location.pathname + window.location.search).toBe(builderPath);
  expect(recents().getSnapshot().hasTag('confirming')).toBe(true);
}

const storedUrls = () =>
  (JSON.parse(sessionStorage.getItem(recentsStorageKey) ?? '{"entries":[]}') as { entries: { url: string }[] }).entries.map((e) => e.url);

const expectations: Record<string, () => Promise<void>> = {
  closed: async () => {},
  pos: async () => {
    await seesPos();
    expect(recents().getSnapshot().hasTag('unsaved')).toBe(false);
    expect(screen.queryByRole('dialog', { name: 'Recents' })).toBeNull();
  },
  twoSales: async () => {
    await seesPos('/admin/pos/quick');
    await waitFor(() => expect(storedUrls()).toEqual(['/admin/pos/all', '/admin/pos/quick']));
  },
  reloaded: async () => {
    await seesPos('/admin/pos/quick');
    expect(recents().getSnapshot().context.entries.map((entry) => entry.url)).toEqual(['/admin/pos/all', '/admin/pos/quick']);
  },
  panelTwo: async () => {
    const { links } = await panelEntries();
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/admin/pos/all', '/admin/pos/quick']);
    // The page open now is marked.
    expect(links[1]!.getAttribute('aria-current')).toBe('page');
  },
  panelOne: async () => {
    const { links } = await panelEntries();
    expect(links).toHaveLength(1);
  },
  panelEmpty: async () => {
    const { panel, links } = await panelEntries();
    expect(links).toHaveLength(0);
    expect(panel.textContent).toContain('No open patients or sales yet.');
    await waitFor(() => expect(sessionStorage.getItem(recentsStorageKey)).toBeNull());
  },
  editing: async () => {
    expect(await screen.findByRole('heading', { name: 'Section 1: Text' })).toBeTruthy();
    expect(window.location.pathname + window.location.search).toBe(builderPath);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(recents().getSnapshot().hasTag('unsaved')).toBe(true);
    // Reload or closing the tab: the browser's own question.
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
  },
  askedByMenu: seesWarning,
  askedByPanel: seesWarning,
  askedByBack: seesWarning,
  askedByLogout: seesWarning,
  logoutQuestion: async () => {
    expect(await screen.findByRole('alertdialog', { name: 'Are you sure want to exit the product?' })).toBeTruthy();
  },
  signedOut: async () => {
    expect(await screen.findByLabelText('User name (email)')).toBeTruthy();
    await waitFor(() => expect(sessionStorage.getItem(recentsStorageKey)).toBeNull());
    expect(recents().getSnapshot().context.entries).toEqual([]);
  },
};

const events: Record<EventFrom<typeof model>['type'], () => Promise<void>> = {
  'open.admin': async () => {
    writeStoredSession(sessionStorage, {
      session: { accessToken: 'token-admin', tenantId: clearviewDowntown.tenantID, user: admin, expiresAt: Math.floor(Date.now() / 1000) + 600 },
      loginUrl: '/clearview/downtown',
    });
    openApp('/admin/pos/all');
  },
  'go.otherSale': async () => {
    await act(async () => navigate('/admin/pos/quick'));
  },
  'tab.reload': async () => {
    cleanup();
    runtime?.app.stop();
    openApp(window.location.pathname);
  },
  'panel.open': async () => {
    await openPanel();
  },
  'panel.escape': async () => {
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Recents' })).toBeNull());
  },
  'panel.outsideClick': async () => {
    const { panel } = await panelEntries();
    const overlay = panel.closest('[data-testid], div')!.parentElement!.parentElement!;
    await user.click(overlay);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Recents' })).toBeNull());
  },
  'panel.removeOne': async () => {
    const { panel } = await panelEntries();
    await user.click(within(panel).getAllByRole('button', { name: /^Remove / })[0]!);
  },
  'panel.clearAll': async () => {
    const { panel } = await panelEntries();
    await user.click(within(panel).getByRole('button', { name: 'Clear all' }));
  },
  'edit.form': async () => {
    await act(async () => navigate(builderPath));
    await screen.findByRole('heading', { level: 1, name: 'New eForm' });
    await user.click(await screen.findByRole('button', { name: 'Add text' }));
  },
  'leave.menu': () => chooseMenuItem('Point of Sale'),
  'leave.panel': async () => {
    const { panel } = await openPanel();
    await user.click(within(panel).getByRole('link', { name: /Point of sale/ }));
  },
  'leave.back': async () => {
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
  },
  'leave.logout': async () => {
    await user.click(await screen.findByRole('button', { name: /^User menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
  },
  'answer.no': async () => {
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'No' }));
  },
  'answer.yes': async () => {
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
  },
  'user.logout': async () => {
    await user.click(await screen.findByRole('button', { name: /^User menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
  },
  'logout.confirm': async () => {
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
  },
};

beforeAll(() =>
  Promise.all([
    import('../../src/app/SignedInShell'),
    import('../../src/views/eforms/admin/FormBuilderPage'),
    import('../../src/i18n/locales/en.json'),
  ]),
);

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  fakeApi();
});

afterEach(() => {
  cleanup();
  runtime?.app.stop();
  runtime = null;
  vi.unstubAllGlobals();
});

describe('recents (model-based)', () => {
  it('reaches every state of the model and takes every transition', () => {
    const states = new Set(paths.flatMap((path) => path.steps.map((step) => String(step.state.value))));
    expect([...states].sort()).toEqual(Object.keys(model.config.states ?? {}).sort());
    const taken = new Set(
      paths.flatMap((path) => path.steps.slice(1).map((step, index) => `${String(path.steps[index]!.state.value)} ${step.event.type}`)),
    );
    const defined = Object.entries(model.config.states ?? {}).flatMap(([name, node]) =>
      Object.keys(node.on ?? {}).map((type) => `${name} ${type}`),
    );
    expect([...taken].sort()).toEqual(defined.sort());
  });

  for (const path of paths) {
    it(key(path), { timeout: 60_000 }, async () => {
      await testModel.testPath(path, {
        events: Object.fromEntries(Object.entries(events).map(([type, exec]) => [type, () => exec()])),
        states: Object.fromEntries(Object.entries(expectations).map(([state, check]) => [state, () => check()])),
      });
    });
  }
});
