import { CardInput, listKeyOf, OPTION_CHECKLIST, OPTION_DROPDOWN, OPTION_RADIO } from '../contract/eforms';
import { formLanguages, keptTranslations } from '../contract/eformTexts';
import type { FormTranslations } from '../contract/eformTexts';
import type { Card, OptionId, Section } from '../contract/eforms';
import type { BuilderContext, BuilderEvent, CardDraft, SectionDefaults } from './formBuilder.machine';

/**
 * The form builder's pure card edits (src/machines/formBuilder.machine.ts applies them on its edit events): new
 * sections and items, moves, titles, translations, the dirty comparison and the contract's check before a save.
 * Every edit keeps only the translations that still name a text of the card in a language other than its main one
 * (a removed question takes its translations with it; a language made the main one loses its translations).
 */

export const builderMessages = {
  unexpected: 'Something went wrong. Please try again.',
  chooseBoard: 'Choose the board the form goes on.',
} as const;

const emptyLists = { textlists: [], checklists: [], radiolists: [], datelists: [], dropdownlists: [] };

function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || to < 0 || to >= list.length) return [...list];
  const copy = [...list];
  [copy[index], copy[to]] = [copy[to]!, copy[index]!];
  return copy;
}

function newSection(optionId: OptionId, id: (n: number) => string, defaults: SectionDefaults): Section {
  const item = { id: id(1), name: defaults.itemName };
  const section: Section = { id: id(0), optionId, title: defaults.title, isRequired: false, validated: 0, ...emptyLists };
  switch (optionId) {
    case OPTION_RADIO:
      return { ...section, radiolists: [{ name: defaults.listName, radioItems: [{ ...item, description: '' }] }] };
    case OPTION_CHECKLIST:
      return { ...section, checklists: [{ name: defaults.listName, checkItems: [{ ...item, ischecked: false }] }] };
    case OPTION_DROPDOWN:
      return { ...section, dropdownlists: [{ id: id(2), name: defaults.listName, description: '', options: [item] }] };
    case 4:
      return { ...section, textlists: [{ ...item, description: '' }] };
    case 5:
      return { ...section, datelists: [{ ...item, description: '' }] };
  }
}

/** Applies `change` to the item list of `address` (whatever the section's kind). */
function withItems(
  section: Section,
  listIndex: number,
  change: <T extends { id: string; name: string }>(items: T[], make: (id: string, name: string) => T) => T[],
): Section {
  const atList = <L>(lists: L[], edit: (list: L) => L) => lists.map((list, i) => (i === listIndex ? edit(list) : list));
  switch (listKeyOf(section.optionId)) {
    case 'textlists':
      return { ...section, textlists: change(section.textlists, (id, name) => ({ id, name, description: '' })) };
    case 'datelists':
      return { ...section, datelists: change(section.datelists, (id, name) => ({ id, name, description: '' })) };
    case 'radiolists':
      return {
        ...section,
        radiolists: atList(section.radiolists, (list) => ({
          ...list,
          radioItems: change(list.radioItems, (id, name) => ({ id, name, description: '' })),
        })),
      };
    case 'checklists':
      return {
        ...section,
        checklists: atList(section.checklists, (list) => ({
          ...list,
          checkItems: change(list.checkItems, (id, name) => ({ id, name, ischecked: false })),
        })),
      };
    case 'dropdownlists':
      return {
        ...section,
        dropdownlists: atList(section.dropdownlists, (list) => ({
          ...list,
          options: change(list.options, (id, name) => ({ id, name })),
        })),
      };
  }
}

/** The title of the radio, checklist or dropdown list `listIndex` of a section. */
export function listTitle(section: Section, listIndex: number): string | null {
  const key = listKeyOf(section.optionId);
  if (key === 'radiolists') return section.radiolists[listIndex]?.name ?? null;
  if (key === 'checklists') return section.checklists[listIndex]?.name ?? null;
  if (key === 'dropdownlists') return section.dropdownlists[listIndex]?.name ?? null;
  return null;
}

function withListTitle(section: Section, listIndex: number, name: string): Section {
  const rename = <L extends { name: string }>(lists: L[]) => lists.map((list, i) => (i === listIndex ? { ...list, name } : list));
  return {
    ...section,
    radiolists: rename(section.radiolists),
    checklists: rename(section.checklists),
    dropdownlists: rename(section.dropdownlists),
  };
}

const mapSection = (card: CardDraft, sectionId: string, edit: (section: Section) => Section): CardDraft => ({
  ...card,
  sections: card.sections.map((section) => (section.id === sectionId ? edit(section) : section)),
});

/** The card after one editing event, its translations kept in step (the same card for any other event). */
export function applyEdit(context: BuilderContext, event: BuilderEvent): { card: CardDraft; nextId: number } {
  const edited = editCard(context, event);
  if (edited.card === context.card) return edited;
  const { card } = edited;
  return { ...edited, card: { ...card, translations: keptTranslations(card, card.language, card.translations) } };
}

function withTranslation(translations: FormTranslations, language: keyof FormTranslations, key: string, text: string): FormTranslations {
  return { ...translations, [language]: { ...translations[language], [key]: text } };
}

function editCard(context: BuilderContext, event: BuilderEvent): { card: CardDraft; nextId: number } {
  const { card } = context;
  let nextId = context.nextId;
  const newId = () => `${context.idPrefix}-${nextId++}`;
  switch (event.type) {
    case 'card.update':
      return { card: { ...card, ...event.changes }, nextId };
    case 'translation.update':
      return { card: { ...card, translations: withTranslation(card.translations, event.language, event.key, event.text) }, nextId };
    case 'section.add': {
      const ids = [newId(), newId(), newId()];
      return { card: { ...card, sections: [...card.sections, newSection(event.optionId, (n) => ids[n]!, event.defaults)] }, nextId };
    }
    case 'section.update':
      return { card: mapSection(card, event.sectionId, (section) => ({ ...section, ...event.changes })), nextId };
    case 'section.move': {
      const index = card.sections.findIndex((section) => section.id === event.sectionId);
      return { card: { ...card, sections: moved(card.sections, index, event.by) }, nextId };
    }
    case 'section.remove':
      return { card: { ...card, sections: card.sections.filter((section) => section.id !== event.sectionId) }, nextId };
    case 'item.add': {
      const id = newId();
      const edited = mapSection(card, event.sectionId, (section) =>
        withItems(section, event.listIndex ?? 0, (items, make) => [...items, make(id, event.name)]),
      );
      return { card: edited, nextId };
    }
    case 'item.update':
      return {
        card: mapSection(card, event.sectionId, (section) =>
          withItems(section, event.listIndex ?? 0, (items) =>
            items.map((item) => (item.id === event.itemId ? { ...item, name: event.name } : item)),
          ),
        ),
        nextId,
      };
    case 'item.move':
      return {
        card: mapSection(card, event.sectionId, (section) =>
          withItems(section, event.listIndex ?? 0, (items) =>
            moved(
              items,
              items.findIndex((item) => item.id === event.itemId),
              event.by,
            ),
          ),
        ),
        nextId,
      };
    case 'item.remove':
      return {
        card: mapSection(card, event.sectionId, (section) =>
          withItems(section, event.listIndex ?? 0, (items) => items.filter((item) => item.id !== event.itemId)),
        ),
        nextId,
      };
    case 'title.confirm': {
      const edit = context.titleEdit;
      if (!edit) return { card, nextId };
      return { card: mapSection(card, edit.sectionId, (section) => withListTitle(section, edit.listIndex, edit.draft.trim())), nextId };
    }
    default:
      return { card, nextId };
  }
}

/** Same content (the order of keys aside): what decides the dirty tag. */
export function sameCard(a: CardDraft, b: CardDraft): boolean {
  // Translations by language and key in a fixed order: the order they were typed in does not make a change.
  const translations = (card: CardDraft) => formLanguages.map((language) => Object.entries(card.translations[language] ?? {}).sort());
  const pick = (card: CardDraft) =>
    JSON.stringify([
      card.id ?? null,
      card.boardId,
      card.name,
      card.description,
      card.requiresCode,
      card.linkValidDays,
      card.sections,
      card.language,
      translations(card),
    ]);
  return pick(a) === pick(b);
}

/** What stops a save, in the contract's words (the server checks the same schema). */
export function cardIssues(card: CardDraft): string[] {
  if (!card.boardId) return [builderMessages.chooseBoard];
  const { status: _status, ...input } = card;
  const result = CardInput.safeParse(input);
  if (result.success) return [];
  return [...new Set(result.error.issues.map((issue) => issue.message))];
}

export const toDraft = (card: Card): CardDraft => ({
  id: card.id,
  boardId: card.boardId,
  locationId: card.locationId,
  name: card.name,
  description: card.description,
  status: card.status,
  requiresCode: card.requiresCode,
  linkValidDays: card.linkValidDays,
  sections: card.sections,
  language: card.language,
  translations: card.translations,
});

/** Radio, checklist and dropdown sections have titled lists of options; text and date sections a list of questions. */
export const isChoiceSection = (section: Section) => listTitle(section, 0) !== null;
