import { and, assign, emit, fromPromise, setup } from 'xstate';
import { ApiError } from '../contract/apiError';
import type { ErrorResponse } from '../contract/common';
import type { Card, CardStatus, OptionId, Section } from '../contract/eforms';
import type { FormLanguage, FormTranslations } from '../contract/eformTexts';
import { applyEdit, builderMessages, cardIssues, listTitle, sameCard, toDraft } from './formBuilder.edits';


export { applyEdit, builderMessages, cardIssues, isChoiceSection, listTitle, sameCard, toDraft } from './formBuilder.edits';
/**
 * The eForm builder (spec 2.2 /admin/eforms/forms/add|edit, 3 Section, 5 'Editing a checklist or radio title cannot
 * be confirmed empty', 7 getform / updateform 'Card Saved', 8 'Form fetch fails'). Pure: the card is loaded and saved
 * by the named actors `loadCard` and `saveCard`; what the user is told and where they go are the named actions
 * `announceLoadFailed` and `goToBoards` (src/actors/formBuilder.ts sends the snackbar and navigates). New ids come from
 * `idPrefix` (input) and a counter, so the machine itself draws no random numbers.
 */

/** The card as the builder edits it: no id until the first save creates it. */
export interface CardDraft {
  id?: string;
  boardId: string;
  locationId: string;
  name: string;
  description: string;
  status: CardStatus;
  requiresCode: boolean;
  linkValidDays: number;
  sections: Section[];
  /** The language the card's own texts are written in. */
  language: FormLanguage;
  /** Its texts in other languages (src/contract/eformTexts.ts); a reader falls back to the main text per text. */
  translations: FormTranslations;
}

/** Which list of a section an item belongs to: text and date sections have one list of questions. */
export interface ItemAddress {
  sectionId: string;
  /** The radio, checklist or dropdown list within the section (0 unless the section has several). */
  listIndex?: number;
}

/** A title of a checklist or radio list (or dropdown) being edited: confirmed only when not empty. */
export interface TitleEdit {
  sectionId: string;
  listIndex: number;
  draft: string;
}

export interface BuilderInput {
  /** Null for a new form. */
  formId: string | null;
  locationId: string;
  /** The board a new form goes on (may be chosen later with `card.update`). */
  boardId?: string;
  /** Makes new section and item ids unique within the card (src/actors/formBuilder.ts passes a random one). */
  idPrefix: string;
  /** The main language of a new form (the view passes the admin's language); English when not given. */
  language?: FormLanguage;
}

export interface BuilderContext {
  formId: string | null;
  card: CardDraft;
  /** The card as last loaded or saved: the builder is dirty while `card` differs from it. */
  saved: CardDraft;
  titleEdit: TitleEdit | null;
  /** Why the card cannot be saved yet (the contract's messages), or the server's refusal. */
  issues: string[];
  /** The load's or save's failure: the server's answer (text and code), or the builder's own text. */
  error: ErrorResponse | null;
  idPrefix: string;
  nextId: number;
  /** The language whose translations the admin edits beside the main texts (the preview shows it); null: none. */
  translating: FormLanguage | null;
}

/** Texts a new section starts with (the view passes them in the reader's language). */
export interface SectionDefaults {
  title: string;
  listName: string;
  itemName: string;
}

export type BuilderEvent =
  | { type: 'card.update'; changes: Partial<Pick<CardDraft, 'name' | 'description' | 'requiresCode' | 'linkValidDays' | 'boardId' | 'language'>> }
  | { type: 'translation.choose'; language: FormLanguage | null }
  /** A text's translation; an empty one removes it (the reader then sees the main text). */
  | { type: 'translation.update'; language: FormLanguage; key: string; text: string }
  | { type: 'card.statusChanged'; status: CardStatus }
  | { type: 'section.add'; optionId: OptionId; defaults: SectionDefaults }
  | { type: 'section.update'; sectionId: string; changes: Partial<Pick<Section, 'title' | 'isRequired'>> }
  | { type: 'section.move'; sectionId: string; by: -1 | 1 }
  | { type: 'section.remove'; sectionId: string }
  | ({ type: 'item.add'; name: string } & ItemAddress)
  | ({ type: 'item.update'; itemId: string; name: string } & ItemAddress)
  | ({ type: 'item.move'; itemId: string; by: -1 | 1 } & ItemAddress)
  | ({ type: 'item.remove'; itemId: string } & ItemAddress)
  | { type: 'title.edit'; sectionId: string; listIndex: number }
  | { type: 'title.change'; value: string }
  | { type: 'title.confirm' }
  | { type: 'title.cancel' }
  | { type: 'builder.save' };

export type BuilderEmitted =
  | { type: 'builder.saved'; message: string; card: Card; created: boolean }
  | { type: 'builder.saveFailed'; error: ErrorResponse };


// ---- pure edits of the card ------------------------------------------------------------------------------------

const errorOf = (error: unknown): ErrorResponse => (error instanceof ApiError && error.body ? error.body : { error: builderMessages.unexpected });

/** The server's field messages of a refused save, else its message. */
const refusalOf = (error: unknown): string[] =>
  error instanceof ApiError && error.body?.fields ? [...new Set(Object.values(error.body.fields))] : [errorOf(error).error];

function blankCard(input: BuilderInput): CardDraft {
  return {
    boardId: input.boardId ?? '',
    locationId: input.locationId,
    name: '',
    description: '',
    status: 'draft',
    requiresCode: true,
    linkValidDays: 7,
    sections: [],
    language: input.language ?? 'en',
    translations: {},
  };
}

const editEvents = [
  'card.update',
  'section.add',
  'section.update',
  'section.move',
  'section.remove',
  'item.add',
  'item.update',
  'item.move',
  'item.remove',
  'translation.update',
] as const;

export const formBuilderMachine = setup({
  types: {
    input: {} as BuilderInput,
    context: {} as BuilderContext,
    events: {} as BuilderEvent,
    emitted: {} as BuilderEmitted,
    tags: {} as 'dirty' | 'busy' | 'editingTitle',
  },
  actors: {
    loadCard: fromPromise<Card, { formId: string }>(async () => {
      throw new Error('loadCard is provided by the view');
    }),
    saveCard: fromPromise<{ card: Card; message: string }, { card: CardDraft }>(async () => {
      throw new Error('saveCard is provided by the view');
    }),
  },
  actions: {
    /** The server's message for 2 s, top right (the view's snackbar). */
    announceLoadFailed: (_, _params: { error: ErrorResponse }) => {},
    /** To the store's boards (/admin/eforms/forms/{locationId}). */
    goToBoards: (_, _params: { locationId: string }) => {},
    applyEdit: assign(({ context, event }) => applyEdit(context, event)),
    /** An edit answers the last refusal and ends a title edit; a language made the main one is no longer translated. */
    resetTransient: assign(({ context }) => ({
      issues: [],
      titleEdit: null,
      translating: context.translating === context.card.language ? null : context.translating,
    })),
  },
  guards: {
    hasForm: ({ context }) => context.formId !== null,
    changesCard: ({ context, event }) => !sameCard(applyEdit(context, event).card, context.saved),
    titleNotEmpty: ({ context }) => (context.titleEdit?.draft.trim() ?? '') !== '',
    isSavable: ({ context }) => cardIssues(context.card).length === 0,
  },
  delays: {
    /** Spec 9: the message shows for 2000 ms, then the boards open. */
    messageTime: 2000,
  },
}).createMachine({
  id: 'formBuilder',
  context: ({ input }) => {
    const card = blankCard(input);
    return {
      formId: input.formId,
      card,
      saved: card,
      titleEdit: null,
      issues: [],
      error: null,
      idPrefix: input.idPrefix,
      nextId: 1,
      translating: null,
    };
  },
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasForm', target: 'loading' }, { target: 'editing' }],
    },
    loading: {
      tags: 'busy',
      invoke: {
        src: 'loadCard',
        input: ({ context }) => ({ formId: context.formId ?? '' }),
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => {
            const card = toDraft(event.output);
            return { card, saved: card, error: null };
          }),
        },
        onError: {
          target: 'loadFailed',
          actions: assign({ error: ({ event }) => errorOf(event.error) }),
        },
      },
    },
    loadFailed: {
      entry: { type: 'announceLoadFailed', params: ({ context }) => ({ error: context.error ?? { error: builderMessages.unexpected } }) },
      after: { messageTime: 'left' },
    },
    left: {
      type: 'final',
      entry: { type: 'goToBoards', params: ({ context }) => ({ locationId: context.card.locationId }) },
    },
    editing: {
      type: 'parallel',
      on: {
        ...Object.fromEntries(
          editEvents.map((type) => [
            type,
            [
              { guard: 'changesCard', target: '.changes.dirty', actions: ['applyEdit', 'resetTransient'] },
              { target: '.changes.clean', actions: ['applyEdit', 'resetTransient'] },
            ],
          ]),
        ),
        // The language being translated is never the main one: choosing the main language closes the translations.
        'translation.choose': {
          actions: assign({ translating: ({ context, event }) => (event.language === context.card.language ? null : event.language) }),
        },
        'card.statusChanged': {
          actions: assign(({ context, event }) => ({
            card: { ...context.card, status: event.status },
            saved: { ...context.saved, status: event.status },
          })),
        },
        'builder.save': [
          { guard: 'isSavable', target: 'saving', actions: 'resetTransient' },
          { actions: assign({ issues: ({ context }) => cardIssues(context.card) }) },
        ],
      },
      states: {
        /** Whether the card differs from the one last loaded or saved. */
        changes: {
          initial: 'clean',
          states: {
            clean: {},
            dirty: { tags: 'dirty' },
          },
        },
        /** A checklist, radio or dropdown title being edited: its confirm is refused while the title is empty. */
        title: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'title.edit': {
                  guard: ({ context, event }) => {
                    const section = context.card.sections.find((s) => s.id === event.sectionId);
                    return section !== undefined && listTitle(section, event.listIndex) !== null;
                  },
                  target: 'editing',
                  actions: assign({
                    titleEdit: ({ context, event }) => {
                      const section = context.card.sections.find((s) => s.id === event.sectionId)!;
                      return { sectionId: event.sectionId, listIndex: event.listIndex, draft: listTitle(section, event.listIndex) ?? '' };
                    },
                  }),
                },
              },
            },
            editing: {
              tags: 'editingTitle',
              on: {
                'title.change': {
                  actions: assign({
                    titleEdit: ({ context, event }) => (context.titleEdit ? { ...context.titleEdit, draft: event.value } : null),
                  }),
                },
                'title.confirm': [
                  {
                    guard: and(['titleNotEmpty', 'changesCard']),
                    target: ['#formBuilder.editing.changes.dirty', '#formBuilder.editing.title.idle'],
                    actions: ['applyEdit', 'resetTransient'],
                  },
                  {
                    guard: 'titleNotEmpty',
                    target: ['#formBuilder.editing.changes.clean', '#formBuilder.editing.title.idle'],
                    actions: ['applyEdit', 'resetTransient'],
                  },
                ],
                'title.cancel': { target: 'idle', actions: assign({ titleEdit: null }) },
              },
            },
          },
        },
      },
    },
    saving: {
      tags: ['busy', 'dirty'],
      invoke: {
        src: 'saveCard',
        input: ({ context }) => ({ card: context.card }),
        onDone: {
          target: 'editing',
          actions: [
            emit(({ context, event }) => ({
              type: 'builder.saved' as const,
              message: event.output.message,
              card: event.output.card,
              created: context.card.id === undefined,
            })),
            assign(({ event }) => {
              const card = toDraft(event.output.card);
              return { card, saved: card, formId: card.id ?? null, error: null };
            }),
          ],
        },
        onError: {
          target: '#formBuilder.editing.changes.dirty',
          actions: [
            assign(({ event }) => ({ error: errorOf(event.error), issues: refusalOf(event.error) })),
            emit(({ event }) => ({ type: 'builder.saveFailed' as const, error: errorOf(event.error) })),
          ],
        },
      },
    },
  },
});
