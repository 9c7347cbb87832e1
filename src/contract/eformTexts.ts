/**
 * A form's texts in several languages (issue 33). A form is written in its main language (`language`) and may carry
 * translations of its texts into the product's other languages (`translations`: language → text key → text). Each
 * text of the definition has a key:
 *   name                           the form's name
 *   description                    its description
 *   section.<sectionId>            a section's title
 *   list.<sectionId>.<listIndex>   the title of a radio list, checklist or dropdown
 *   item.<sectionId>.<itemId>      a question (text, date) or an option (radio, checklist, dropdown)
 * Item ids are unique within their section only, so an item's key names its section too; ids never hold a dot.
 * A reader sees each text in their language when it is translated, else the main text (per text, never per form).
 * Answers stay keyed by section and item id, so submissions, review and reports do not depend on the language.
 *
 * Zod-free, like ./eformRules.ts: the public eForm page uses it; ./eforms.ts validates the same shape with zod.
 */
import type { Section } from './eforms';
import { listKeyOf } from './eformRules';
import { isRightToLeft } from './locale';

export const formLanguages = ['en', 'tr', 'ar'] as const;
export type FormLanguage = (typeof formLanguages)[number];
export const isFormLanguage = (value: unknown): value is FormLanguage => formLanguages.some((language) => language === value);

/** Translations by language, each by text key; a text missing (or a language missing) falls back to the main text. */
export type FormTranslations = Partial<Record<FormLanguage, Record<string, string>>>;

/** The texts a form's definition holds (a card, an assignment's snapshot, a submission). */
export interface FormDefinitionTexts {
  name: string;
  description: string;
  sections: readonly Section[];
}

export type FormTextKind = 'name' | 'description' | 'section' | 'list' | 'item';

export interface FormText {
  key: string;
  kind: FormTextKind;
  /** The text in the form's main language. */
  text: string;
  /** The section it belongs to (0-based), for the builder's labels; null for the name and description. */
  sectionIndex: number | null;
  /** The item's place in its list (0-based) for an item, else null. */
  itemIndex: number | null;
}

export const sectionKey = (sectionId: string) => `section.${sectionId}`;
export const listKey = (sectionId: string, listIndex: number) => `list.${sectionId}.${listIndex}`;
export const itemKey = (sectionId: string, itemId: string) => `item.${sectionId}.${itemId}`;

/** The titled lists of a section (radio, checklist, dropdown), each with its items; text and date sections have none. */
function listsOf(section: Section): { name: string; items: { id: string; name: string }[] }[] {
  switch (listKeyOf(section.optionId)) {
    case 'radiolists':
      return section.radiolists.map((list) => ({ name: list.name, items: list.radioItems }));
    case 'checklists':
      return section.checklists.map((list) => ({ name: list.name, items: list.checkItems }));
    case 'dropdownlists':
      return section.dropdownlists.map((list) => ({ name: list.name, items: list.options }));
    case 'textlists':
      return [];
    case 'datelists':
      return [];
  }
}

/** Every text of a form in the order a reader meets it, with its key. */
export function formTexts(form: FormDefinitionTexts): FormText[] {
  const texts: FormText[] = [{ key: 'name', kind: 'name', text: form.name, sectionIndex: null, itemIndex: null }];
  texts.push({ key: 'description', kind: 'description', text: form.description, sectionIndex: null, itemIndex: null });
  form.sections.forEach((section, sectionIndex) => {
    texts.push({ key: sectionKey(section.id), kind: 'section', text: section.title, sectionIndex, itemIndex: null });
    const questions = [...section.textlists, ...section.datelists];
    questions.forEach((item, itemIndex) =>
      texts.push({ key: itemKey(section.id, item.id), kind: 'item', text: item.name, sectionIndex, itemIndex }),
    );
    listsOf(section).forEach((list, listIndex) => {
      texts.push({ key: listKey(section.id, listIndex), kind: 'list', text: list.name, sectionIndex, itemIndex: null });
      list.items.forEach((item, itemIndex) =>
        texts.push({ key: itemKey(section.id, item.id), kind: 'item', text: item.name, sectionIndex, itemIndex }),
      );
    });
  });
  // An empty description is not a text to translate.
  return texts.filter((text) => text.kind !== 'description' || text.text.trim() !== '');
}

/** The translations that still name a text of the form, without blank ones and without the main language's. */
export function keptTranslations(form: FormDefinitionTexts, language: FormLanguage, translations: FormTranslations): FormTranslations {
  const keys = new Set(formTexts(form).map((text) => text.key));
  const kept: FormTranslations = {};
  for (const other of formLanguages) {
    if (other === language) continue;
    const entries = Object.entries(translations[other] ?? {}).filter(([key, text]) => keys.has(key) && text.trim() !== '');
    if (entries.length > 0) kept[other] = Object.fromEntries(entries);
  }
  return kept;
}

/** The texts of `language` that have no translation (none when it is the main language). */
export function untranslatedTexts(form: FormDefinitionTexts, main: FormLanguage, translations: FormTranslations, language: FormLanguage): FormText[] {
  if (language === main) return [];
  const own = translations[language] ?? {};
  return formTexts(form).filter((text) => !own[text.key]?.trim());
}

/** A text as a reader sees it: its words and the language they are in (for lang, dir and isolation). */
export interface ShownText {
  text: string;
  language: FormLanguage;
}

/**
 * The reader's view of a form's texts: `text(key, main)` answers the translation into `reader` when there is one,
 * else the main text in the main language.
 */
export function formReader(main: FormLanguage, translations: FormTranslations, reader: string) {
  const own = isFormLanguage(reader) && reader !== main ? (translations[reader] ?? {}) : {};
  return {
    reader,
    main,
    text(key: string, mainText: string): ShownText {
      const translated = own[key]?.trim();
      return translated ? { text: translated, language: reader as FormLanguage } : { text: mainText, language: main };
    },
  };
}
export type FormReader = ReturnType<typeof formReader>;

/** The direction a text of `language` is written in. */
export const directionOf = (language: string): 'rtl' | 'ltr' => (isRightToLeft(language) ? 'rtl' : 'ltr');

/**
 * A form's name as a list carries it beside its main text (staff lists, the patient's forms to fill in, the forms a
 * booking sends): the form's main language and the name's translation into each other language that has one.
 */
export interface FormNames {
  language: FormLanguage;
  translated: Partial<Record<FormLanguage, string>>;
}

/** The names a list carries of a form (or an assignment's snapshot, made before languages: English, no translation). */
export function formNamesOf(language: FormLanguage | undefined, translations: FormTranslations | null | undefined): FormNames {
  const translated: Partial<Record<FormLanguage, string>> = {};
  for (const other of formLanguages) {
    const name = other === language ? undefined : translations?.[other]?.name?.trim();
    if (name) translated[other] = name;
  }
  return { language: language ?? 'en', translated };
}

/**
 * A form's name in the reader's language: its translation when there is one, else the main name in the main
 * language (for isolation). The one rule for every screen that lists forms; it reads as `formReader` reads a form.
 */
export function formNameIn(name: string, names: FormNames, reader: string): ShownText {
  const byLanguage: FormTranslations = {};
  for (const [language, text] of Object.entries(names.translated)) if (isFormLanguage(language) && text) byLanguage[language] = { name: text };
  return formReader(names.language, byLanguage, reader).text('name', name);
}
