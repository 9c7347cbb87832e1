import { assign, emit, raise, setup } from 'xstate';
import { matchRoute } from '../contract/routeTable';

/**
 * Recents (spec 4 and 2.5; staff.md): the POS and patient pages a person has open, one entry per url, and the
 * unsaved-changes guard of every editing page. An entry's `isSaving: false` marks unsaved changes. The machine, not
 * the page, decides whether leaving needs the Warning question: a page reports dirty or clean (`page.dirty`,
 * `page.clean`); while one is dirty, `leave.request` is accepted (views ask `snapshot.can`) and the question is
 * open until 'Yes' (`leave.confirm`: the entry is marked saved and `recents.leave` tells the view to open the
 * target) or 'No' (`leave.cancel`).
 */
export interface RecentEntry {
  id: string;
  /** What kind of page: 'pos', 'patient' (the chart) or 'invoice'. */
  name: RecentKind;
  /** The patient's name once the page knows it; empty until then. */
  displayName: string;
  /** The page's title (a text key the view translates). */
  title: string;
  url: string;
  invoiceId: string | null;
  patientId: string | null;
  /** The chart's tab number, the POS type. */
  tab: string | null;
  /** Default true; false means unsaved changes. */
  isSaving: boolean;
}

export type RecentKind = 'pos' | 'patient' | 'invoice';

export type RecentInput = Pick<RecentEntry, 'url' | 'name'> & Partial<Omit<RecentEntry, 'url' | 'name'>>;

/** Where the person wanted to go while a page had unsaved changes. */
export interface PendingLeave {
  to: string;
  /** Back or Forward: leaving goes through the history instead of adding an entry. */
  viaHistory: boolean;
}

export interface RecentsContext {
  entries: RecentEntry[];
  /** selectedRecent of the spec: a url. */
  selected: string | null;
  /** The last selected entry that has a patient (staff's 'My Information' shows that patient). */
  selectedPatient: string | null;
  /** The address of the page that has unsaved changes. */
  unsaved: string | null;
  pending: PendingLeave | null;
  /** Makes a new entry's id (crypto.randomUUID in the app; a test gives its own, as it gives the sale's). */
  newId: () => string;
}

export type RecentsInput = (Partial<Pick<RecentsContext, 'entries' | 'selected' | 'selectedPatient'>> & { newId?: () => string }) | undefined;

export type RecentsEvent =
  | { type: 'recents.add'; entry: RecentInput }
  | { type: 'recents.upsert'; entry: RecentInput }
  | { type: 'recents.update'; url: string; changes: Partial<Omit<RecentEntry, 'url' | 'id'>> }
  | { type: 'recents.remove'; url: string }
  /** A patient was merged into another (server/patients/merge.ts): their entries lead to the kept patient. */
  | { type: 'recents.patientMerged'; from: string; to: string }
  | { type: 'recents.reset' }
  | { type: 'recents.select'; url: string }
  | { type: 'recents.clearSelected' }
  /** An address was opened: a POS or patient page adds or updates its entry (recentOf). */
  | { type: 'recents.opened'; path: string }
  | { type: 'page.dirty'; url: string }
  | { type: 'page.clean'; url: string }
  | { type: 'leave.request'; to: string; viaHistory: boolean }
  | { type: 'leave.confirm' }
  | { type: 'leave.cancel' }
  /** The recents panel (admins): a drawer that Escape, an outside click or choosing an entry closes. */
  | { type: 'panel.open' }
  | { type: 'panel.close' };

/** 'Yes' was chosen: the view opens the target. */
export type RecentsEmitted = { type: 'recents.leave' } & PendingLeave;

const chartTab = /^[1-9]$/;

/**
 * The entry an address opens, or null: every POS page, and the patient pages under /admin/patients except the
 * patient list. A chart address carries a tab number (1..9) or a store id (the first tab).
 */
export function recentOf(path: string): RecentInput | null {
  const match = matchRoute(path);
  if (!match) return null;
  const url = path.split(/[?#]/)[0]!.replace(/(.)\/+$/, '$1');
  const { route, params } = match;
  switch (route.id) {
    case 'pos':
      return { url, name: 'pos', title: 'recents.titles.pos', tab: params.type ?? null };
    case 'patient':
      return {
        url,
        name: 'patient',
        title: 'recents.titles.patient',
        patientId: params.patientid ?? null,
        tab: chartTab.test(params.locationId ?? '') ? params.locationId! : '1',
      };
    case 'patientInvoice':
    case 'patientInvoiceOfStore':
      return { url, name: 'invoice', title: 'recents.titles.invoice', patientId: params.patientId ?? null };
    default:
      return null;
  }
}

function makeEntry(context: RecentsContext, input: RecentInput): RecentEntry {
  return {
    id: input.id ?? context.newId(),
    displayName: '',
    title: '',
    invoiceId: null,
    patientId: null,
    tab: null,
    isSaving: true,
    ...input,
  };
}

/** The entry the input replaces: the same url, or the same patient's chart (the entry keeps the chart's tab). */
function indexOfSame(entries: readonly RecentEntry[], input: RecentInput): number {
  const byUrl = entries.findIndex((entry) => entry.url === input.url);
  if (byUrl >= 0 || input.name !== 'patient' || !input.patientId) return byUrl;
  return entries.findIndex((entry) => entry.name === 'patient' && entry.patientId === input.patientId);
}

function upsert(context: RecentsContext, input: RecentInput, samePatient: boolean): Partial<RecentsContext> {
  const at = samePatient ? indexOfSame(context.entries, input) : context.entries.findIndex((e) => e.url === input.url);
  const entries =
    at >= 0
      ? context.entries.map((entry, index) => (index === at ? { ...entry, ...input, id: entry.id } : entry))
      : [...context.entries, makeEntry(context, input)];
  return select({ ...context, entries }, input.url);
}

function select(context: RecentsContext, url: string): Partial<RecentsContext> {
  const entry = context.entries.find((e) => e.url === url);
  if (!entry) return { entries: context.entries };
  return { entries: context.entries, selected: url, selectedPatient: entry.patientId ? url : context.selectedPatient };
}

/**
 * The entries of `from` point at `to` (the id in their address swapped). A chart of `to` already open stays the one
 * chart entry of that patient: the moved chart entry goes, and what selected it selects the one kept.
 */
function patientMerged(context: RecentsContext, from: string, to: string): Partial<RecentsContext> {
  const moveUrl = (url: string) => url.split('/').map((part) => (part === from ? to : part)).join('/');
  const keptChart = context.entries.find((e) => e.name === 'patient' && e.patientId === to);
  const urls = new Map<string, string>();
  const entries: RecentEntry[] = [];
  for (const entry of context.entries) {
    if (entry.patientId !== from) {
      entries.push(entry);
      continue;
    }
    const moved = { ...entry, patientId: to, url: moveUrl(entry.url), displayName: '' };
    const same = entry.name === 'patient' ? keptChart : context.entries.find((e) => e.url === moved.url);
    urls.set(entry.url, same?.url ?? moved.url);
    if (!same) entries.push(moved);
  }
  const follow = (url: string | null) => (url === null ? null : (urls.get(url) ?? url));
  return { entries, selected: follow(context.selected), selectedPatient: follow(context.selectedPatient), unsaved: follow(context.unsaved) };
}

const markSaving = (entries: RecentEntry[], url: string | null, isSaving: boolean) =>
  entries.map((entry) => (entry.url === url && entry.isSaving !== isSaving ? { ...entry, isSaving } : entry));

export const recentsMachine = setup({
  types: {
    input: {} as RecentsInput,
    context: {} as RecentsContext,
    events: {} as RecentsEvent,
    emitted: {} as RecentsEmitted,
    /**
     * unsaved: the open page has unsaved changes (leaving asks); confirming: the Warning question is open;
     * panelOpen: the recents panel shows.
     */
    tags: {} as 'unsaved' | 'confirming' | 'panelOpen',
  },
  guards: {
    isUnsavedPage: ({ context, event }) => event.type === 'page.clean' && event.url === context.unsaved,
    isRecentsAddress: ({ event }) => event.type === 'recents.opened' && recentOf(event.path) !== null,
  },
  actions: {
    add: assign(({ context, event }) => {
      if (event.type !== 'recents.add') return {};
      if (context.entries.some((entry) => entry.url === event.entry.url)) return select(context, event.entry.url);
      return select({ ...context, entries: [...context.entries, makeEntry(context, event.entry)] }, event.entry.url);
    }),
    upsert: assign(({ context, event }) => (event.type === 'recents.upsert' ? upsert(context, event.entry, false) : {})),
    opened: assign(({ context, event }) => {
      const input = event.type === 'recents.opened' ? recentOf(event.path) : null;
      return input ? upsert(context, input, true) : {};
    }),
    update: assign(({ context, event }) => {
      if (event.type !== 'recents.update') return {};
      const entries = context.entries.map((entry) => (entry.url === event.url ? { ...entry, ...event.changes } : entry));
      return { entries };
    }),
    remove: assign(({ context, event }) => {
      if (event.type !== 'recents.remove') return {};
      const entries = context.entries.filter((entry) => entry.url !== event.url);
      return {
        entries,
        selected: context.selected === event.url ? null : context.selected,
        selectedPatient: context.selectedPatient === event.url ? null : context.selectedPatient,
      };
    }),
    patientMerged: assign(({ context, event }) => (event.type === 'recents.patientMerged' ? patientMerged(context, event.from, event.to) : {})),
    reset: assign({ entries: [], selected: null, selectedPatient: null }),
    select: assign(({ context, event }) => (event.type === 'recents.select' ? select(context, event.url) : {})),
    clearSelected: assign({ selected: null }),
    markUnsaved: assign(({ context, event }) => {
      if (event.type !== 'page.dirty') return {};
      return { unsaved: event.url, entries: markSaving(context.entries, event.url, false) };
    }),
    markSaved: assign(({ context }) => ({ unsaved: null, pending: null, entries: markSaving(context.entries, context.unsaved, true) })),
    hold: assign(({ event }) => (event.type === 'leave.request' ? { pending: { to: event.to, viaHistory: event.viaHistory } } : {})),
    dropPending: assign({ pending: null }),
    openTarget: emit(({ context }) => ({ type: 'recents.leave' as const, ...context.pending! })),
  },
}).createMachine({
  id: 'recents',
  context: ({ input }) => ({
    entries: input?.entries ?? [],
    selected: input?.selected ?? null,
    selectedPatient: input?.selectedPatient ?? null,
    unsaved: null,
    pending: null,
    newId: input?.newId ?? (() => crypto.randomUUID()),
  }),
  on: {
    'recents.add': { actions: 'add' },
    'recents.upsert': { actions: 'upsert' },
    'recents.update': { actions: 'update' },
    'recents.remove': { actions: 'remove' },
    'recents.patientMerged': { actions: 'patientMerged' },
    'recents.select': { actions: 'select' },
    'recents.clearSelected': { actions: 'clearSelected' },
    'recents.opened': { guard: 'isRecentsAddress', actions: 'opened' },
    // Clear all (the panel; the session's end): the open page keeps its unsaved changes and its guard.
    'recents.reset': { actions: 'reset' },
  },
  type: 'parallel',
  states: {
    panel: {
      initial: 'closed',
      states: {
        closed: { on: { 'panel.open': 'open' } },
        open: { tags: 'panelOpen', on: { 'panel.close': 'closed' } },
      },
    },
    changes: {
      initial: 'saved',
      states: {
        saved: {
          on: { 'page.dirty': { target: 'unsaved', actions: 'markUnsaved' } },
        },
        unsaved: {
          tags: 'unsaved',
          on: {
            'page.dirty': { actions: 'markUnsaved' },
            'page.clean': { guard: 'isUnsavedPage', target: 'saved', actions: 'markSaved' },
            // The person chose where to go (a panel entry among others): the panel closes under the question.
        'leave.request': { target: 'confirming', actions: ['hold', raise({ type: 'panel.close' })] },
          },
        },
        confirming: {
          tags: ['unsaved', 'confirming'],
          on: {
            'leave.confirm': { target: 'saved', actions: ['openTarget', 'markSaved'] },
            'leave.cancel': { target: 'unsaved', actions: 'dropPending' },
            // The page saved meanwhile (a save that was under way): nothing left to lose, nothing to ask.
            'page.clean': { guard: 'isUnsavedPage', target: 'saved', actions: 'markSaved' },
          },
        },
      },
    },
  },
});
