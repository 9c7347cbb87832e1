import { assign, fromPromise, not, setup } from 'xstate';
import { answersAreComplete, clearAnswers, isSectionValidated } from '../contract/eformRules';
import type { EForm, Section, SubmitAnswer } from '../contract/eforms';
import { failureOf, otpMachine } from './otp.machine';
import type { CallFailure, LinkInput } from './otp.machine';

/**
 * The public eForm page, /eforms?tenantid=<uuid>&uri=<link token> (spec 2.6, 4 'Public eForm flow', 5, 8).
 *
 * loadingTenant ─► loadingForm ─┬─ isSubmitted ─────────► alreadySubmitted ('Thank You!', already received)
 *                               ├─ isLinkExpired ───────► expired ('Expired!')
 *                               ├─ isAuth, not verified ► codeRequired (the otp child) ─ verified ─► loadingFullForm
 *                               └─ the form ────────────► form ◄──────────────────────────────────────┘
 * form ─ form.submit (changed, assignId not 0, every required section validated) ─► submitting ─► received
 *      (a repeat the server already had: alreadySubmitted; a refused form token: codeRequired again)
 * any load that fails ─► failed (the server's message, Retry) ─ eform.retry ─► the load that failed
 *
 * Spec 8 says a failed form fetch shows the server's message for 2 s, then the eForms boards. The boards are a
 * staff page the recipient of a link cannot open (the route guard would send them to sign-in), so this page shows
 * the message on an error screen with Retry instead.
 *
 * Pure: every call is a named actor (getTenant, getForm, submitForm and the otp child's requestCode and
 * verifyCode) supplied with `.provide()` (src/actors/publicEform.ts, src/actors/ownForm.ts). The form token lives in this actor's context only (memory, never
 * storage) and is sent only by this page's calls.
 */

/** One answer the reader gives; `applyAnswer` writes it into the sections (also the builder's live preview). */
export type Answer =
  | { kind: 'text'; sectionId: string; itemId: string; value: string }
  | { kind: 'date'; sectionId: string; itemId: string; value: string }
  | { kind: 'checklist'; sectionId: string; listIndex: number; checkedIds: readonly string[] }
  | { kind: 'radio'; sectionId: string; listIndex: number; itemId: string }
  | { kind: 'dropdown'; sectionId: string; listId: string; optionId: string };

/** The sections with `answer` written in and every validated flag recomputed (spec 4 'Section validated flag'). */
export function applyAnswer(sections: readonly Section[], answer: Answer): Section[] {
  return sections.map((section) => {
    if (section.id !== answer.sectionId) return section;
    const next = { ...section };
    switch (answer.kind) {
      case 'text':
        next.textlists = section.textlists.map((item) => (item.id === answer.itemId ? { ...item, description: answer.value } : item));
        break;
      case 'date':
        next.datelists = section.datelists.map((item) => (item.id === answer.itemId ? { ...item, description: answer.value } : item));
        break;
      case 'checklist':
        next.checklists = section.checklists.map((list, index) =>
          index === answer.listIndex
            ? { ...list, checkItems: list.checkItems.map((item) => ({ ...item, ischecked: answer.checkedIds.includes(item.id) })) }
            : list,
        );
        break;
      case 'radio':
        next.radiolists = section.radiolists.map((list, index) =>
          index === answer.listIndex
            ? { ...list, radioItems: list.radioItems.map((item) => ({ ...item, description: item.id === answer.itemId ? item.id : '' })) }
            : list,
        );
        break;
      case 'dropdown':
        next.dropdownlists = section.dropdownlists.map((list) =>
          list.id === answer.listId ? { ...list, description: answer.optionId } : list,
        );
        break;
    }
    next.validated = isSectionValidated(next) ? 1 : 0;
    return next;
  });
}

/** The sections as loaded, each validated flag as the rule says (the server's stored flag is not trusted). */
export const withValidatedFlags = (sections: readonly Section[]): Section[] =>
  sections.map((section) => ({ ...section, validated: isSectionValidated(section) ? 1 : 0 }));

/** The answers only (what the reader can change), to tell a changed form from the one loaded. */
const answersOf = (sections: readonly Section[]) =>
  JSON.stringify(
    sections.map((s) => [
      s.textlists.map((t) => t.description),
      s.datelists.map((d) => d.description),
      s.checklists.map((c) => c.checkItems.map((i) => i.ischecked)),
      s.radiolists.map((r) => r.radioItems.map((i) => i.description)),
      s.dropdownlists.map((d) => d.description),
    ]),
  );

/** Spec 5: Submit is disabled when the form is unchanged, when assignId is 0, or a required section is not validated. */
export function canSubmit(context: Pick<EformContext, 'form' | 'sections' | 'loadedSections'>): boolean {
  if (!context.form || context.form.assignId === 0) return false;
  return answersOf(context.sections) !== answersOf(context.loadedSections) && answersAreComplete(context.sections);
}

export interface EformInput {
  /** The tenantid query parameter of the link (a UUID), or null when the link lacks it. */
  tenantId: string | null;
  /** The uri query parameter of the link (the link token), or null when the link lacks it. */
  uri: string | null;
}

export interface EformContext {
  tenantId: string | null;
  uri: string | null;
  /** The encrypted tenant the public calls carry as X-Tenant-ID. */
  tenant: string | null;
  /** The form-scoped token the code bought (memory only). */
  formToken: string | null;
  form: EForm | null;
  /** The reader's answers. */
  sections: Section[];
  /** The sections as loaded: Submit needs a change from them. */
  loadedSections: Section[];
  /** The failure the error screen (or the form's alert) shows. */
  error: CallFailure | null;
  /** The link itself is unusable (no tenantid or uri): Retry would not help. */
  badLink: boolean;
}

export type EformEvent =
  | { type: 'form.answered'; answer: Answer }
  | { type: 'form.cleared' }
  | { type: 'form.submit' }
  | { type: 'eform.retry' };

const notSupplied = (name: string) => async (): Promise<never> => {
  throw new Error(`The ${name} actor is supplied with .provide()`);
};

export interface FormRequest extends LinkInput {
  formToken: string | null;
}

/** The states that call this are only entered with a tenant (loadingTenant got it). */
function linkOf(context: EformContext): LinkInput {
  if (!context.tenant || !context.uri) throw new Error('This state needs the tenant and the link token');
  return { uri: context.uri, tenant: context.tenant };
}

export const eformMachine = setup({
  types: {
    context: {} as EformContext,
    input: {} as EformInput,
    events: {} as EformEvent,
    /** busy: a call the reader waits for; screen: one of the five screens of spec 2.6 shows (focus moves to it). */
    tags: {} as 'busy' | 'screen',
  },
  actors: {
    getTenant: fromPromise<{ tenant: string }, { tenantId: string }>(notSupplied('getTenant')),
    getForm: fromPromise<EForm, FormRequest>(notSupplied('getForm')),
    submitForm: fromPromise<SubmitAnswer, FormRequest & { sectionlists: Section[] }>(notSupplied('submitForm')),
    otp: otpMachine,
  },
  actions: {
    keepForm: assign((_, params: { form: EForm }) => {
      const sections = withValidatedFlags(params.form.sectionlists ?? []);
      return { form: params.form, sections, loadedSections: sections, error: null };
    }),
    keepTenant: assign({ tenant: (_, params: { tenant: string }) => params.tenant }),
    keepFailure: assign({ error: (_, params: { error: unknown }) => failureOf(params.error) }),
    clearError: assign({ error: null }),
    keepToken: assign({ formToken: (_, params: { formToken: string }) => params.formToken }),
    dropToken: assign({ formToken: null }),
    answer: assign({ sections: ({ context }, params: { answer: Answer }) => applyAnswer(context.sections, params.answer) }),
    clear: assign({ sections: ({ context }) => clearAnswers(context.sections) }),
  },
  guards: {
    linkIsComplete: ({ context }) => Boolean(context.tenantId && context.uri),
    hasTenant: ({ context }) => context.tenant !== null,
    hasToken: ({ context }) => context.formToken !== null,
    isSubmitted: (_, params: { form: EForm }) => params.form.isSubmitted === 1,
    isExpired: (_, params: { form: EForm }) => params.form.isLinkExpired === 1,
    needsCode: (_, params: { form: EForm }) => params.form.isAuth && !params.form.sectionlists,
    canSubmit: ({ context }) => canSubmit(context),
    isViewOnly: ({ context }) => context.form?.assignId === 0,
    tokenRefused: ({ context }, params: { error: unknown }) => context.formToken !== null && failureOf(params.error).status === 401,
  },
}).createMachine({
  id: 'eform',
  context: ({ input }) => ({
    tenantId: input.tenantId,
    uri: input.uri,
    tenant: null,
    formToken: null,
    form: null,
    sections: [],
    loadedSections: [],
    error: null,
    badLink: !input.tenantId || !input.uri,
  }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'linkIsComplete', target: 'loadingTenant' }, { target: 'failed' }],
    },
    loadingTenant: {
      tags: ['busy'],
      invoke: {
        src: 'getTenant',
        input: ({ context }) => ({ tenantId: context.tenantId ?? '' }),
        onDone: { target: 'loadingForm', actions: { type: 'keepTenant', params: ({ event }) => ({ tenant: event.output.tenant }) } },
        onError: { target: 'failed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadingForm: {
      tags: ['busy'],
      invoke: {
        src: 'getForm',
        input: ({ context }) => ({ ...linkOf(context), formToken: null }),
        onDone: [
          { guard: { type: 'isSubmitted', params: ({ event }) => ({ form: event.output }) }, target: 'alreadySubmitted' },
          { guard: { type: 'isExpired', params: ({ event }) => ({ form: event.output }) }, target: 'expired' },
          { guard: { type: 'needsCode', params: ({ event }) => ({ form: event.output }) }, target: 'codeRequired', actions: { type: 'keepForm', params: ({ event }) => ({ form: event.output }) } },
          { target: 'form', actions: { type: 'keepForm', params: ({ event }) => ({ form: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    codeRequired: {
      tags: ['screen'],
      invoke: {
        id: 'otp',
        src: 'otp',
        input: ({ context }) => linkOf(context),
        onDone: {
          target: 'loadingFullForm',
          actions: { type: 'keepToken', params: ({ event }) => ({ formToken: event.output.formToken }) },
        },
      },
    },
    loadingFullForm: {
      tags: ['busy'],
      invoke: {
        src: 'getForm',
        input: ({ context }) => ({ ...linkOf(context), formToken: context.formToken }),
        onDone: [
          { guard: { type: 'isSubmitted', params: ({ event }) => ({ form: event.output }) }, target: 'alreadySubmitted' },
          { guard: { type: 'isExpired', params: ({ event }) => ({ form: event.output }) }, target: 'expired' },
          { guard: { type: 'needsCode', params: ({ event }) => ({ form: event.output }) }, target: 'codeRequired', actions: 'dropToken' },
          { target: 'form', actions: { type: 'keepForm', params: ({ event }) => ({ form: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    form: {
      tags: ['screen'],
      on: {
        // A staff preview (assignId 0) is view-only.
        'form.answered': { guard: not('isViewOnly'), actions: { type: 'answer', params: ({ event }) => ({ answer: event.answer }) } },
        'form.cleared': { actions: ['clear', 'clearError'] },
        'form.submit': { guard: 'canSubmit', target: 'submitting', actions: 'clearError' },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        src: 'submitForm',
        input: ({ context }) => ({ ...linkOf(context), formToken: context.formToken, sectionlists: context.sections }),
        onDone: [
          { guard: ({ event }) => event.output.alreadySubmitted, target: 'alreadySubmitted' },
          { target: 'received' },
        ],
        onError: [
          // The form token ran out: the code is asked for again; the answers stay.
          {
            guard: { type: 'tokenRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'reverifying',
            actions: ['dropToken', { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) }],
          },
          { target: 'form', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    reverifying: {
      tags: ['screen'],
      invoke: {
        id: 'otp',
        src: 'otp',
        input: ({ context }) => linkOf(context),
        onDone: {
          target: 'form',
          actions: ['clearError', { type: 'keepToken', params: ({ event }) => ({ formToken: event.output.formToken }) }],
        },
      },
    },
    alreadySubmitted: { tags: ['screen'] },
    expired: { tags: ['screen'] },
    received: { tags: ['screen'] },
    failed: {
      tags: ['screen'],
      on: {
        'eform.retry': { guard: 'linkIsComplete', target: 'retrying' },
      },
    },
    retrying: {
      always: [
        { guard: 'hasToken', target: 'loadingFullForm', actions: 'clearError' },
        { guard: 'hasTenant', target: 'loadingForm', actions: 'clearError' },
        { target: 'loadingTenant', actions: 'clearError' },
      ],
    },
  },
});
