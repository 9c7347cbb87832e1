/**
 * The form builder's translations (issue 33): a text's translation is set and cleared beside the main text, the
 * untranslated ones are counted, removing a question takes its translations with it, a language made the main one
 * loses its translations and is no longer the one translated, and the save carries them.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Card } from '../../src/contract/eforms';
import { eformMessages } from '../../src/contract/eforms';
import { formTexts, untranslatedTexts } from '../../src/contract/eformTexts';
import { cardIssues, formBuilderMachine } from '../../src/machines/formBuilder.machine';
import type { CardDraft } from '../../src/machines/formBuilder.machine';

const locationId = '11111111-1111-4111-8111-111111111111';
const boardId = '22222222-2222-4222-8222-222222222222';
const formId = '33333333-3333-4333-8333-333333333333';

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
  translations: { tr: { name: 'Kayıt' } },
  sections: [
    {
      id: 'about',
      optionId: 4,
      title: 'About you',
      isRequired: false,
      validated: 0,
      textlists: [
        { id: 'name', name: 'Your name?', description: '' },
        { id: 'job', name: 'Your work?', description: '' },
      ],
      checklists: [],
      radiolists: [],
      datelists: [],
      dropdownlists: [],
    },
    {
      id: 'visit',
      optionId: 1,
      title: 'Visit',
      isRequired: true,
      validated: 0,
      textlists: [],
      checklists: [],
      radiolists: [{ name: 'Why are you here?', radioItems: [{ id: 'exam', name: 'Eye exam', description: '' }] }],
      datelists: [],
      dropdownlists: [],
    },
  ],
  updatedAt: '2026-11-22T00:00:00.000Z',
  publishedAt: null,
};

async function loaded() {
  const save = vi.fn(async ({ card }: { card: CardDraft }) => ({
    card: { ...stored, ...card, id: formId } as Card,
    message: eformMessages.cardSaved,
  }));
  const actor = createActor(
    formBuilderMachine.provide({
      actors: { loadCard: fromPromise(async () => stored), saveCard: fromPromise(({ input }) => save(input)) },
    }),
    { input: { formId, locationId, boardId, idPrefix: 'n' } },
  );
  actor.start();
  await vi.waitFor(() => expect(actor.getSnapshot().matches('editing')).toBe(true));
  return { actor, save };
}

const cardOf = (actor: Awaited<ReturnType<typeof loaded>>['actor']) => actor.getSnapshot().context.card;

describe('the builder’s translations', () => {
  it('lists every text of the form with its key, in reading order', () => {
    expect(formTexts(stored).map((text) => text.key)).toEqual([
      'name',
      'section.about',
      'item.about.name',
      'item.about.job',
      'section.visit',
      'list.visit.0',
      'item.visit.exam',
    ]);
  });

  it('chooses a language to translate, sets and clears translations; the card is dirty until it is as loaded', async () => {
    const { actor } = await loaded();
    actor.send({ type: 'translation.choose', language: 'ar' });
    expect(actor.getSnapshot().context.translating).toBe('ar');
    expect(untranslatedTexts(cardOf(actor), 'en', cardOf(actor).translations, 'ar')).toHaveLength(7);

    actor.send({ type: 'translation.update', language: 'ar', key: 'item.about.name', text: 'ما اسمك؟' });
    expect(cardOf(actor).translations).toEqual({ tr: { name: 'Kayıt' }, ar: { 'item.about.name': 'ما اسمك؟' } });
    expect(actor.getSnapshot().hasTag('dirty')).toBe(true);
    expect(untranslatedTexts(cardOf(actor), 'en', cardOf(actor).translations, 'ar').map((text) => text.key)).not.toContain('item.about.name');

    // Emptying the field removes the translation: the reader sees the main text again, and nothing is changed.
    actor.send({ type: 'translation.update', language: 'ar', key: 'item.about.name', text: '' });
    expect(cardOf(actor).translations).toEqual({ tr: { name: 'Kayıt' } });
    expect(actor.getSnapshot().hasTag('dirty')).toBe(false);
  });

  it('removing a question or a section removes its translations', async () => {
    const { actor } = await loaded();
    actor.send({ type: 'translation.update', language: 'ar', key: 'item.about.job', text: 'عملك؟' });
    actor.send({ type: 'translation.update', language: 'ar', key: 'item.visit.exam', text: 'فحص النظر' });
    actor.send({ type: 'item.remove', sectionId: 'about', itemId: 'job' });
    expect(cardOf(actor).translations.ar).toEqual({ 'item.visit.exam': 'فحص النظر' });
    actor.send({ type: 'section.remove', sectionId: 'visit' });
    expect(cardOf(actor).translations).toEqual({ tr: { name: 'Kayıt' } });
  });

  it('a language made the main one loses its translations and is no longer the one translated', async () => {
    const { actor } = await loaded();
    actor.send({ type: 'translation.choose', language: 'tr' });
    actor.send({ type: 'card.update', changes: { language: 'tr' } });
    expect(cardOf(actor).language).toBe('tr');
    expect(cardOf(actor).translations).toEqual({});
    expect(actor.getSnapshot().context.translating).toBeNull();
    // The main language cannot be chosen for translating.
    actor.send({ type: 'translation.choose', language: 'tr' });
    expect(actor.getSnapshot().context.translating).toBeNull();
  });

  it('saves the language and translations with the card; the contract checks them before a save', async () => {
    const { actor, save } = await loaded();
    actor.send({ type: 'translation.update', language: 'ar', key: 'section.about', text: 'عنك' });
    actor.send({ type: 'builder.save' });
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]![0].card).toMatchObject({ language: 'en', translations: { tr: { name: 'Kayıt' }, ar: { 'section.about': 'عنك' } } });
    expect(cardIssues({ ...cardOf(actor), translations: { ar: { 'item.about.gone': 'x' } } })).toEqual([
      'This translation names a text the form does not have',
    ]);
  });
});
