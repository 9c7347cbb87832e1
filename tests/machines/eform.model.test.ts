/**
 * Model-based tests of the public eForm page: a small pure model of src/machines/eform.machine.ts and its otp
 * child (same states, the API's answers as events, bounded boolean context) gives paths through every state and
 * transition (`xstate/graph`); each path drives the real page (PublicEformPage, the real machines and http layer)
 * with Testing Library against a fake API, and checks what the reader sees and that the real actor agrees.
 */
import { createElement } from 'react';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assign, setup } from 'xstate';
import type { AnyActorRef, EventFrom, InspectionEvent, SnapshotFrom } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { createTestModel, getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import { eformMessages } from '../../src/contract/eforms';
import { messages } from '../../src/contract/messages';
import { createI18n } from '../../src/i18n/i18n';
import { I18nextPageTexts } from '../../src/i18n/I18nextPageTexts';
import { PublicEformPage } from '../../src/views/eforms/public/PublicEformPage';
import { fakeApi } from '../fixtures/fakeApi';
import '../fixtures/jsdom-gaps';
import { codeRequiredRecord, formRecord, link, paths as api } from './eformFixtures';

// ---- the model ---------------------------------------------------------------------------------------------------

interface ModelContext {
  hasTenant: boolean;
  hasToken: boolean;
  /** The code is asked for again after the server refused the form token at Submit (one short way through). */
  reverify: boolean;
  /** The last code came from Resend ('Re-sent'). */
  resent: boolean;
  /** The required checklist has a tick / the optional questions (radio, dropdown, text, date) are answered. */
  required: boolean;
  optional: boolean;
}

const initial: ModelContext = { hasTenant: false, hasToken: false, reverify: false, resent: false, required: false, optional: false };

/** The full code dialog is explored once; asked again at Submit, the code is just requested and entered. */
const firstGate = ({ context }: { context: ModelContext }) => !context.reverify;

const model = setup({ types: { context: {} as ModelContext }, guards: { firstGate } }).createMachine({
  id: 'eform',
  context: initial,
  initial: 'boot',
  states: {
    // Not a state of the page: which link is opened.
    boot: { on: { 'link.open': 'loadingTenant', 'link.broken': 'badLink' } },
    badLink: {},
    loadingTenant: {
      on: {
        'api.tenant.ok': { target: 'loadingForm', actions: assign({ hasTenant: true }) },
        'api.tenant.failed': 'failed',
      },
    },
    loadingForm: {
      on: {
        'api.form.open': 'form',
        'api.form.gated': 'code',
        'api.form.submitted': 'alreadySubmitted',
        'api.form.expired': 'expired',
        'api.form.preview': 'preview',
        'api.form.failed': 'failed',
      },
    },
    code: {
      initial: 'idle',
      states: {
        idle: { on: { 'otp.request': 'requesting' } },
        requesting: {
          on: {
            'api.sendCode.ok': { target: 'awaitingCode', actions: assign({ resent: false }) },
            'api.sendCode.failed': { guard: 'firstGate', target: 'idle' },
          },
        },
        awaitingCode: {
          on: {
            'otp.submit': 'verifying',
            'otp.resend': { guard: 'firstGate', target: 'resending' },
            'otp.close': { guard: 'firstGate', target: 'idle' },
          },
        },
        resending: {
          on: {
            'api.sendCode.ok': { target: 'awaitingCode', actions: assign({ resent: true }) },
            'api.sendCode.failed': 'awaitingCode',
          },
        },
        verifying: {
          on: {
            'api.verify.ok': [
              { guard: ({ context }) => context.reverify, target: '#eform.form', actions: assign({ hasToken: true, reverify: false, resent: false }) },
              { target: '#eform.loadingFullForm', actions: assign({ hasToken: true, resent: false }) },
            ],
            'api.verify.refused': { guard: 'firstGate', target: 'invalid' },
          },
        },
        invalid: { on: { 'otp.submit': 'verifying', 'otp.resend': 'resending', 'otp.close': 'idle' } },
      },
    },
    loadingFullForm: { on: { 'api.fullForm.ok': 'form', 'api.fullForm.failed': 'failed' } },
    failed: {
      on: {
        'eform.retry': [
          { guard: ({ context }) => context.hasToken, target: 'loadingFullForm' },
          { guard: ({ context }) => context.hasTenant, target: 'loadingForm' },
          { target: 'loadingTenant' },
        ],
      },
    },
    form: {
      on: {
        'form.answerRequired': { guard: ({ context }) => !context.required, actions: assign({ required: true }) },
        'form.answerOptional': { guard: ({ context }) => !context.optional, actions: assign({ optional: true }) },
        'form.clear': { guard: ({ context }) => context.required || context.optional, actions: assign({ required: false, optional: false }) },
        'form.submit': { guard: ({ context }) => context.required, target: 'submitting' },
      },
    },
    submitting: {
      on: {
        'api.submit.ok': 'received',
        'api.submit.already': 'alreadySubmitted',
        'api.submit.failed': 'form',
        'api.submit.tokenRefused': {
          guard: ({ context }) => context.hasToken,
          target: 'code',
          actions: assign({ reverify: true, hasToken: false }),
        },
      },
    },
    preview: {},
    alreadySubmitted: {},
    expired: {},
    received: {},
  },
});

type ModelSnapshot = SnapshotFrom<typeof model>;

// ---- the system under test ----------------------------------------------------------------------------------------

let server: ReturnType<typeof fakeApi>;
/** The last step brought a new screen (not an answer on the same one): the focus is on its heading. */
let screenChanged = false;
let root: AnyActorRef | null = null;
let user: ReturnType<typeof userEvent.setup>;

function open(search: string) {
  server = fakeApi();
  root = null;
  const i18n = createI18n(localStorage);
  const inspect = (event: InspectionEvent) => {
    const ref = event.actorRef as AnyActorRef;
    if (event.type === '@xstate.actor' && !ref._parent && !root) root = ref;
  };
  render(createElement(I18nextProvider, { i18n }, createElement(I18nextPageTexts, null, createElement(PublicEformPage, { search, inspect: { next: inspect } }))));
  user = userEvent.setup();
}

const actor = () => {
  if (!root) throw new Error('The page has no actor');
  return root;
};
const button = (name: string | RegExp) => screen.findByRole('button', { name });
const isDisabled = (element: HTMLElement) => element.hasAttribute('disabled') || element.getAttribute('aria-disabled') === 'true';
// A pending button says it is unavailable (src/views/ui/Button.tsx; the public pages' PageButton likewise).
const isPending = (element: HTMLElement) => element.getAttribute('aria-disabled') === 'true';
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const dialog = () => screen.findByRole('dialog');

async function expectAlert(text: string) {
  await waitFor(() => expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(text));
}

async function typeInto(field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

type Exec = () => Promise<void>;
const events: Record<string, Exec> = {
  'link.open': async () => open(`?tenantid=${link.tenantId}&uri=${link.uri}`),
  'link.broken': async () => open(`?uri=${link.uri}`),

  'api.tenant.ok': async () => {
    const call = await server.reply(api.tenant, { status: 200, body: { tenant: link.tenant } });
    expect(call.headers.get('Authorization')).toBeNull();
  },
  'api.tenant.failed': async () => void (await server.reply(api.tenant, { status: 503, body: { error: messages.serverBusy } })),

  'api.form.open': async () => {
    screenChanged = true;
    const call = await server.reply(api.card, { status: 200, body: formRecord({ isAuth: false }) });
    expect(call.headers.get('X-Tenant-ID')).toBe(link.tenant);
    expect(call.headers.get('Authorization')).toBeNull();
  },
  'api.form.gated': async () => void (await server.reply(api.card, { status: 200, body: codeRequiredRecord })),
  'api.form.submitted': async () =>
    void (await server.reply(api.card, { status: 200, body: { ...codeRequiredRecord, isSubmitted: 1 } })),
  'api.form.expired': async () => void (await server.reply(api.card, { status: 200, body: { ...codeRequiredRecord, isLinkExpired: 1 } })),
  'api.form.preview': async () => {
    screenChanged = true;
    await server.reply(api.card, { status: 200, body: formRecord({ isAuth: false, assignId: 0 }) });
  },
  'api.form.failed': async () =>
    void (await server.reply(api.card, { status: 404, body: { error: eformMessages.formNotFound } })),

  'otp.request': async () => user.click(await button('Click to Get OTP')),
  'api.sendCode.ok': async () => {
    const call = await server.reply(api.sendCode, { status: 200, body: { sent: true, resent: false, destination: 'j***@example.com' } });
    expect(call.body).toEqual({ uri: link.uri });
    expect(call.headers.get('X-Tenant-ID')).toBe(link.tenant);
  },
  'api.sendCode.failed': async () => {
    await server.reply(api.sendCode, { status: 429, body: { error: eformMessages.tooManyCodes } });
    await expectAlert(eformMessages.tooManyCodes);
  },
  'otp.submit': async () => {
    const form = await dialog();
    const field = within(form).getByLabelText('Authentication code');
    // Spec 5: under 6 characters (trimmed) the field says 'OTP code is Incorrect' and Submit stays disabled.
    await typeInto(field, ' 123 ');
    await user.tab();
    await within(form).findByText('OTP code is Incorrect');
    expect(isDisabled(within(form).getByRole('button', { name: 'Submit' }))).toBe(true);
    await typeInto(field, ' 123456 ');
    const submit = within(form).getByRole('button', { name: 'Submit' });
    await waitFor(() => expect(isDisabled(submit)).toBe(false));
    await user.click(submit);
  },
  'otp.resend': async () => user.click(within(await dialog()).getByRole('button', { name: 'Resend' })),
  'otp.close': async () => user.click(within(await dialog()).getByRole('button', { name: 'Cancel' })),
  'api.verify.ok': async () => {
    screenChanged = true;
    const call = await server.reply(api.verify, { status: 200, body: { formToken: 'form-token', expiresIn: 900 } });
    // The entry is sent trimmed; the server, not the page, decides whether it is right.
    expect(call.body).toEqual({ uri: link.uri, vCode: '123456' });
  },
  'api.verify.refused': async () => {
    await server.reply(api.verify, { status: 400, body: { error: eformMessages.invalidCode } });
    await expectAlert('Invalid Authentication code. Please check or Resend the code');
    // The refusal's summary takes the focus, as every form's does.
    await waitFor(async () => expect(document.activeElement).toBe(within(await dialog()).getByRole('alert')));
    // A refused code is cleared so the next one is typed afresh.
    await waitFor(async () => expect((within(await dialog()).getByLabelText('Authentication code') as HTMLInputElement).value).toBe(''));
  },

  'api.fullForm.ok': async () => {
    screenChanged = true;
    const call = await server.reply(api.card, { status: 200, body: formRecord({ isAuth: true }) });
    expect(call.headers.get('Authorization')).toBe('Bearer form-token');
  },
  'api.fullForm.failed': async () =>
    void (await server.reply(api.card, { status: 503, body: { error: messages.serverBusy } })),

  'eform.retry': async () => user.click(await button('Retry')),

  'form.answerRequired': async () => {
    await user.click(await screen.findByRole('checkbox', { name: 'Blurry vision' }));
  },
  'form.answerOptional': async () => {
    await user.click(await screen.findByRole('radio', { name: 'A friend' }));
    await typeInto(await screen.findByRole('textbox', { name: 'Anything else?' }), 'Reading glasses');
    await typeInto(await screen.findByRole('textbox', { name: 'Date of your last eye test' }), '02/30/2024');
    await user.tab();
    await screen.findByText('Enter a date as MM/dd/yyyy');
    await typeInto(await screen.findByRole('textbox', { name: 'Date of your last eye test' }), '03/14/2024');
    // The dropdown is the browser's own <select>, labelled by the list's name.
    await user.selectOptions(await screen.findByRole('combobox', { name: /Preferred store/ }), 'Uptown');
  },
  'form.clear': async () => user.click(await button('Clear')),
  'form.submit': async () => user.click(await button('Submit')),

  'api.submit.ok': async () => {
    const call = await server.reply(api.submit, { status: 200, body: { submitted: true, alreadySubmitted: false } });
    expectSubmitted(call);
  },
  'api.submit.already': async () => {
    const call = await server.reply(api.submit, { status: 200, body: { submitted: true, alreadySubmitted: true } });
    expectSubmitted(call);
  },
  'api.submit.failed': async () => {
    await server.reply(api.submit, { status: 503, body: { error: messages.serverBusy } });
    await expectAlert(messages.serverBusy);
  },
  'api.submit.tokenRefused': async () => {
    await server.reply(api.submit, { status: 401, body: { error: eformMessages.formTokenRequired } });
    await expectAlert(eformMessages.formTokenRequired);
  },
};

let submittedWith: { optional: boolean; token: string | null } = { optional: false, token: null };

function expectSubmitted(call: { body: unknown; headers: Headers }) {
  const body = call.body as { uri: string; sectionlists: { id: string; validated: number; checklists: { checkItems: { name: string; ischecked: boolean }[] }[]; textlists: { description: string }[]; datelists: { description: string }[]; radiolists: { radioItems: { name: string; description: string }[] }[]; dropdownlists: { description: string }[] }[] };
  expect(body.uri).toBe(link.uri);
  expect(call.headers.get('X-Tenant-ID')).toBe(link.tenant);
  expect(call.headers.get('Authorization')).toBe(submittedWith.token);
  const byId = Object.fromEntries(body.sectionlists.map((section) => [section.id, section]));
  expect(byId.symptoms!.validated).toBe(1);
  expect(byId.symptoms!.checklists[0]!.checkItems.find((item) => item.name === 'Blurry vision')!.ischecked).toBe(true);
  if (submittedWith.optional) {
    expect(byId.notes!.textlists[0]!.description).toBe('Reading glasses');
    expect(byId.lastTest!.datelists[0]!.description).toBe('03/14/2024');
    expect(byId.heard!.radiolists[0]!.radioItems.find((item) => item.name === 'A friend')!.description).not.toBe('');
    expect(byId.store!.dropdownlists[0]!.description).toBe('uptown');
    expect(byId.notes!.validated).toBe(1);
  } else {
    expect(byId.notes!.textlists[0]!.description).toBe('');
    expect(byId.notes!.validated).toBe(0);
  }
}

/** What the reader sees in each state, and that the real actor is in the same state. */
async function expectVisible(state: ModelSnapshot) {
  const matches = (value: unknown) => actor().getSnapshot().matches(value as never) as boolean;
  const real = (value: unknown) => waitFor(() => expect(matches(value)).toBe(true));

  if (state.matches('loadingTenant') || state.matches('loadingForm') || state.matches('loadingFullForm') || state.matches('submitting')) {
    const name = state.value as string;
    await real(name);
    if (state.matches('submitting')) {
      expect(isPending(await button('Submit'))).toBe(true);
      submittedWith = { optional: state.context.optional, token: state.context.hasToken ? 'Bearer form-token' : null };
    } else {
      expect(await screen.findByRole('progressbar', { name: 'Loading the form…' })).toBeTruthy();
    }
  } else if (state.matches('badLink')) {
    await real('failed');
    await heading('The form could not be opened');
    await expectAlert(eformMessages.formNotFound);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(server.calls).toEqual([]);
  } else if (state.matches('failed')) {
    await real('failed');
    await heading('The form could not be opened');
    expect(screen.getAllByRole('alert').length).toBeGreaterThan(0);
    await button('Retry');
  } else if (state.matches('code')) {
    await real(state.context.reverify ? 'reverifying' : 'codeRequired');
    // The open code dialog hides the screen behind it from assistive technology.
    await screen.findByRole('heading', { level: 1, name: 'Confirm it is you', hidden: true });
    const otp = (state.value as { code: string }).code;
    await waitFor(() => expect(actor().getSnapshot().children.otp?.getSnapshot().value).toBe(otp));
    if (otp === 'idle' || otp === 'requesting') {
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(isPending(await button('Click to Get OTP'))).toBe(otp === 'requesting');
    } else {
      const open = await dialog();
      expect(within(open).getByRole('heading', { name: 'Authentication code' })).toBeTruthy();
      if (otp === 'awaitingCode') {
        await within(open).findByText(
          state.context.resent
            ? 'Re-sent'
            : 'Authentication code has been sent your registered Email/Phone number. Please enter it below.',
        );
        expect(isDisabled(within(open).getByRole('button', { name: 'Submit' }))).toBe(true);
        // The focus is in the field, or on the summary of a refused resend (as every form's refusal takes it).
        await waitFor(() => expect(document.activeElement).toBe(within(open).queryByRole('alert') ?? within(open).getByLabelText('Authentication code')));
      }
      if (otp === 'verifying') expect(isPending(within(open).getByRole('button', { name: 'Submit' }))).toBe(true);
      if (otp === 'resending') expect(isPending(within(open).getByRole('button', { name: 'Resend' }))).toBe(true);
      if (otp === 'invalid') {
        expect(within(open).getByRole('alert').textContent).toBe(eformMessages.invalidCode);
        expect(isDisabled(within(open).getByRole('button', { name: 'Submit' }))).toBe(true);
      }
    }
  } else if (state.matches('form') || state.matches('preview')) {
    await real('form');
    const title = await heading('Your eye health');
    // A new screen takes the focus to its heading.
    if (screenChanged) await waitFor(() => expect(document.activeElement).toBe(title));
    screenChanged = false;
    // The red asterisk is hidden from screen readers, which hear 'required' instead.
    expect(await screen.findByRole('heading', { level: 2, name: 'Symptoms (required)' })).toBeTruthy();
    const sectionTitles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sectionTitles).toEqual(['How did you hear about us?', 'Symptoms *(required)', 'Preferred store', 'Anything else?', 'Last eye test']);
    if (state.matches('preview')) {
      expect(screen.getByText('Preview: this form is view-only and cannot be submitted.')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
      await user.click(screen.getByRole('checkbox', { name: 'Blurry vision' }));
      expect((screen.getByRole('checkbox', { name: 'Blurry vision' }) as HTMLInputElement).checked).toBe(false);
      return;
    }
    const submit = await button('Submit');
    const checked = (screen.getByRole('checkbox', { name: 'Blurry vision' }) as HTMLInputElement).checked;
    expect(checked).toBe(state.context.required);
    expect((screen.getByRole('textbox', { name: 'Anything else?' }) as HTMLInputElement).value).toBe(
      state.context.optional ? 'Reading glasses' : '',
    );
    // Spec 5: unchanged or a required section not validated: Submit is disabled.
    expect(isDisabled(submit)).toBe(!state.context.required);
    if (!state.context.required) await screen.findByText('Answer every required question to submit.');
    expect(screen.getByPlaceholderText('MM/dd/yyyy')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Anything else?' }).getAttribute('placeholder')).toBe('Your answer');
    expect(screen.getByRole('textbox', { name: 'Anything else?' }).getAttribute('maxlength')).toBe('250');
  } else if (state.matches('alreadySubmitted')) {
    await real('alreadySubmitted');
    await heading('Thank You!');
    await screen.findByText('Your submission has been already received. Thank you for being with us.');
  } else if (state.matches('expired')) {
    await real('expired');
    await heading('Expired!');
    await screen.findByText('Requested form has exceeded the time for submission. Please contact store admin.');
  } else if (state.matches('received')) {
    await real('received');
    const title = await heading('Thank You!');
    await screen.findByText('Your submission has been received.');
    await waitFor(() => expect(document.activeElement).toBe(title));
  }
}

// ---- the paths ----------------------------------------------------------------------------------------------------

const testModel = createTestModel(model);
const serializeState = (state: ModelSnapshot) => JSON.stringify({ value: state.value, context: state.context });
type ModelPath = StatePath<ModelSnapshot, EventFrom<typeof model>>;

// A shortest path to every node; then each transition of the model appended to the path of the node it leaves, so
// every transition is driven too. A path that is the start of a longer one adds nothing.
const toNode = new Map<string, ModelPath>(
  getShortestPaths(model, { serializeState }).map((path) => [serializeState(path.state), path]),
);
const adjacency = getAdjacencyMap(model, { serializeState, events: testModel.options.events });
const transitionPaths: ModelPath[] = [];
for (const [node, { transitions }] of Object.entries(adjacency)) {
  for (const { event, state } of Object.values(transitions) as { event: EventFrom<typeof model>; state: ModelSnapshot }[]) {
    const prefix = toNode.get(node);
    if (!prefix || serializeState(state) === node) continue;
    transitionPaths.push({ state, steps: [...prefix.steps, { event, state }], weight: prefix.weight + 1 });
  }
}
const key = (path: ModelPath) => path.steps.map((step) => step.event.type).join(' > ');
const candidates = [...toNode.values(), ...transitionPaths];
const keys = candidates.map(key);
const modelPaths = candidates.filter(
  (_, index) => keys.indexOf(keys[index]!) === index && !keys.some((other) => other.startsWith(`${keys[index]} > `)),
);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  root = null;
  screenChanged = false;
});

describe('public eForm page model', () => {
  it('drives every state and every transition of the model', () => {
    const driven = new Set(modelPaths.flatMap((path) => path.steps.map((_, i) => key({ ...path, steps: path.steps.slice(0, i + 1) }))));
    expect(transitionPaths.filter((path) => !driven.has(key(path))).map(key)).toEqual([]);
    const usedEvents = new Set(transitionPaths.flatMap((path) => path.steps.map((step) => step.event.type)));
    usedEvents.delete('xstate.init');
    expect(Object.keys(events).sort()).toEqual([...usedEvents].sort());
    const states = new Set(Object.values(adjacency).map(({ state }) => JSON.stringify(state.value)));
    for (const name of ['badLink', 'failed', 'preview', 'alreadySubmitted', 'expired', 'received', 'loadingFullForm', 'submitting']) {
      expect(states.has(JSON.stringify(name))).toBe(true);
    }
    for (const otp of ['idle', 'requesting', 'awaitingCode', 'resending', 'verifying', 'invalid']) {
      expect(states.has(JSON.stringify({ code: otp }))).toBe(true);
    }
  });

  for (const path of modelPaths) {
    it(key(path), { timeout: 30_000 }, async () => {
      await testModel.testPath(path, {
        events: Object.fromEntries(Object.entries(events).map(([type, exec]) => [type, () => exec()])),
        states: { '*': (state) => (state.matches('boot') ? undefined : expectVisible(state)) },
      });
    });
  }
});
