import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { ApiError } from '../../src/api/http';
import type { Card } from '../../src/contract/eforms';
import { eformMessages } from '../../src/contract/eforms';
import { formBuilderMachine } from '../../src/machines/formBuilder.machine';
import type { BuilderEmitted, CardDraft } from '../../src/machines/formBuilder.machine';

const locationId = '11111111-1111-4111-8111-111111111111';
const boardId = '22222222-2222-4222-8222-222222222222';
const formId = '33333333-3333-4333-8333-333333333333';
const defaults = { title: 'New section', listName: 'Untitled list', itemName: 'Option 1' };

const stored: Card = {
  id: formId,
  boardId,
  locationId,
  name: 'Intake',
  description: '',
  status: 'draft',
  requiresCode: true,
  linkValidDays: 7,
  language: 'en',
  translations: {},
  sections: [
    {
      id: 'a',
      optionId: 4,
      title: 'About you',
      isRequired: false,
      validated: 0,
      textlists: [{ id: 'a1', name: 'Your name', description: '' }],
      checklists: [],
      radiolists: [],
      datelists: [],
      dropdownlists: [],
    },
  ],
  updatedAt: '2026-11-22T00:00:00.000Z',
  publishedAt: null,
};

function start({
  formId: id = null as string | null,
  load = async (): Promise<Card> => stored,
  save = async ({ card }: { card: CardDraft }) => ({
    card: { ...stored, ...card, id: card.id ?? formId, updatedAt: stored.updatedAt, publishedAt: null } as Card,
    message: eformMessages.cardSaved,
  }),
} = {}) {
  const announced = vi.fn();
  const left = vi.fn();
  const saved = vi.fn(save);
  const clock = new SimulatedClock();
  const actor = createActor(
    formBuilderMachine.provide({
      actors: { loadCard: fromPromise(() => load()), saveCard: fromPromise(({ input }) => saved(input)) },
      actions: {
        announceLoadFailed: (_, params) => announced(params.error),
        goToBoards: (_, params) => left(params.locationId),
      },
    }),
    { input: { formId: id, locationId, boardId, idPrefix: 'n' }, clock },
  );
  const emitted: BuilderEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, announced, left, saved, clock, emitted };
}

const sections = (actor: ReturnType<typeof start>['actor']) => actor.getSnapshot().context.card.sections;
const isDirty = (actor: ReturnType<typeof start>['actor']) => actor.getSnapshot().hasTag('dirty');

describe('formBuilder machine', () => {
  it('a new form starts editing, clean; adding sections of every type makes it dirty', () => {
    const { actor } = start();
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(isDirty(actor)).toBe(false);
    for (const optionId of [1, 2, 3, 4, 5] as const) actor.send({ type: 'section.add', optionId, defaults });
    expect(sections(actor).map((s) => s.optionId)).toEqual([1, 2, 3, 4, 5]);
    expect(isDirty(actor)).toBe(true);
    const [radio, checklist, dropdown, text, date] = sections(actor);
    expect(radio!.radiolists[0]).toMatchObject({ name: 'Untitled list', radioItems: [{ name: 'Option 1' }] });
    expect(checklist!.checklists[0]!.checkItems).toHaveLength(1);
    expect(dropdown!.dropdownlists[0]!.options).toHaveLength(1);
    expect(text!.textlists).toHaveLength(1);
    expect(date!.datelists).toHaveLength(1);
    const ids = sections(actor).flatMap((s) => [s.id, ...s.textlists.map((t) => t.id)]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('reorders, edits and deletes sections and items; undoing every change makes it clean again', async () => {
    const { actor } = start({ formId });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('editing')).toBe(true));
    expect(actor.getSnapshot().context.card.name).toBe('Intake');
    expect(isDirty(actor)).toBe(false);

    actor.send({ type: 'section.add', optionId: 2, defaults });
    const added = sections(actor)[1]!.id;
    actor.send({ type: 'section.move', sectionId: added, by: -1 });
    expect(sections(actor).map((s) => s.id)).toEqual([added, 'a']);
    actor.send({ type: 'section.move', sectionId: added, by: -1 }); // already first: nothing moves
    expect(sections(actor).map((s) => s.id)).toEqual([added, 'a']);

    actor.send({ type: 'item.add', sectionId: added, name: 'Glasses' });
    const items = () => sections(actor)[0]!.checklists[0]!.checkItems;
    expect(items().map((i) => i.name)).toEqual(['Option 1', 'Glasses']);
    actor.send({ type: 'item.move', sectionId: added, itemId: items()[1]!.id, by: -1 });
    expect(items().map((i) => i.name)).toEqual(['Glasses', 'Option 1']);
    actor.send({ type: 'item.update', sectionId: added, itemId: items()[0]!.id, name: 'Contact lenses' });
    actor.send({ type: 'item.remove', sectionId: added, itemId: items()[1]!.id });
    expect(items().map((i) => i.name)).toEqual(['Contact lenses']);

    actor.send({ type: 'section.update', sectionId: 'a', changes: { isRequired: true, title: 'You' } });
    expect(sections(actor)[1]).toMatchObject({ isRequired: true, title: 'You' });
    actor.send({ type: 'item.update', sectionId: 'a', itemId: 'a1', name: 'Full name' });
    expect(sections(actor)[1]!.textlists[0]!.name).toBe('Full name');

    actor.send({ type: 'section.remove', sectionId: added });
    actor.send({ type: 'section.update', sectionId: 'a', changes: { isRequired: false, title: 'About you' } });
    expect(isDirty(actor)).toBe(true);
    actor.send({ type: 'item.update', sectionId: 'a', itemId: 'a1', name: 'Your name' });
    expect(isDirty(actor)).toBe(false);
  });

  it('refuses to confirm an empty checklist or radio title, and confirms a real one', () => {
    const { actor } = start();
    actor.send({ type: 'section.add', optionId: 1, defaults });
    const radio = sections(actor)[0]!.id;
    actor.send({ type: 'title.edit', sectionId: radio, listIndex: 0 });
    expect(actor.getSnapshot().hasTag('editingTitle')).toBe(true);
    expect(actor.getSnapshot().context.titleEdit?.draft).toBe('Untitled list');
    actor.send({ type: 'title.change', value: '   ' });
    actor.send({ type: 'title.confirm' });
    expect(actor.getSnapshot().hasTag('editingTitle')).toBe(true);
    expect(sections(actor)[0]!.radiolists[0]!.name).toBe('Untitled list');
    // Still dirty (the section was added) while the title is edited.
    expect(isDirty(actor)).toBe(true);

    actor.send({ type: 'title.change', value: ' Do you wear glasses? ' });
    actor.send({ type: 'title.confirm' });
    expect(actor.getSnapshot().hasTag('editingTitle')).toBe(false);
    expect(sections(actor)[0]!.radiolists[0]!.name).toBe('Do you wear glasses?');

    actor.send({ type: 'title.edit', sectionId: radio, listIndex: 0 });
    actor.send({ type: 'title.change', value: 'Something else' });
    actor.send({ type: 'title.cancel' });
    expect(sections(actor)[0]!.radiolists[0]!.name).toBe('Do you wear glasses?');

    // A text section has no list title to edit.
    actor.send({ type: 'section.add', optionId: 4, defaults });
    actor.send({ type: 'title.edit', sectionId: sections(actor)[1]!.id, listIndex: 0 });
    expect(actor.getSnapshot().hasTag('editingTitle')).toBe(false);
  });

  it('does not save an incomplete card: it lists what is missing', () => {
    const { actor, saved } = start();
    actor.send({ type: 'section.add', optionId: 4, defaults });
    actor.send({ type: 'builder.save' });
    expect(saved).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.issues).toContain('The form name is required');
    actor.send({ type: 'card.update', changes: { name: 'Intake' } });
    expect(actor.getSnapshot().context.issues).toEqual([]);
  });

  it('saves: busy and still dirty while saving, then clean with the saved card; emits the server’s message', async () => {
    let finish: (() => void) | undefined;
    const { actor, saved, emitted } = start({
      save: ({ card }) =>
        new Promise((resolve) => {
          finish = () => resolve({ card: { ...stored, ...card, id: formId } as Card, message: eformMessages.cardSaved });
        }),
    });
    actor.send({ type: 'card.update', changes: { name: 'Intake' } });
    actor.send({ type: 'section.add', optionId: 5, defaults });
    actor.send({ type: 'builder.save' });
    expect(actor.getSnapshot().matches('saving')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().hasTag('dirty')).toBe(true);
    expect(saved.mock.calls[0]![0].card).toMatchObject({ name: 'Intake', boardId });
    expect(saved.mock.calls[0]![0].card.id).toBeUndefined();
    finish!();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('editing')).toBe(true));
    expect(isDirty(actor)).toBe(false);
    expect(actor.getSnapshot().context.card.id).toBe(formId);
    expect(actor.getSnapshot().context.formId).toBe(formId);
    expect(emitted).toContainEqual(expect.objectContaining({ type: 'builder.saved', message: 'Card Saved', created: true }));
  });

  it('a refused save keeps the changes, stays dirty and shows the server’s field messages', async () => {
    const { actor, emitted } = start({
      save: async () => {
        throw new ApiError(400, { error: 'Please correct the highlighted fields.', fields: { name: 'The form name can be at most 120 characters' } });
      },
    });
    actor.send({ type: 'card.update', changes: { name: 'Intake' } });
    actor.send({ type: 'builder.save' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('editing')).toBe(true));
    expect(isDirty(actor)).toBe(true);
    expect(actor.getSnapshot().context.card.name).toBe('Intake');
    expect(actor.getSnapshot().context.issues).toEqual(['The form name can be at most 120 characters']);
    expect(emitted).toContainEqual({
      type: 'builder.saveFailed',
      error: { error: 'Please correct the highlighted fields.', fields: { name: 'The form name can be at most 120 characters' } },
    });
  });

  it('a failed load announces the server’s message, then after 2 seconds goes to the boards', async () => {
    const { actor, announced, left, clock } = start({
      formId,
      load: async () => {
        throw new ApiError(404, { error: eformMessages.cardNotFound });
      },
    });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('loadFailed')).toBe(true));
    expect(announced).toHaveBeenCalledWith({ error: eformMessages.cardNotFound });
    clock.increment(1999);
    expect(left).not.toHaveBeenCalled();
    clock.increment(1);
    expect(left).toHaveBeenCalledWith(locationId);
    expect(actor.getSnapshot().status).toBe('done');
  });
});
