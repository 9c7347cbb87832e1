import { createContext, useContext } from 'react';

/**
 * The texts of the public eForm page and of `EformSections` (shared with the admin builder's preview and the
 * submission dialog), without i18next: the page's own entry (src/eformsMain.tsx) provides a tiny translator
 * (./eformI18n.ts) and the app provides its i18next instance through the same context (./I18nextPageTexts.tsx).
 */

/** Values for `{{name}}` in a text; `defaultValue` is the text when the key has none. */
export type TextValues = Record<string, string | number> & { defaultValue?: string };

/** A text by its dotted key (`eformPublic.submit`), as i18next's `t` for the forms the page uses. */
export type Translate = (key: string, values?: TextValues) => string;

export interface PageTexts {
  /** The language showing ('en', 'tr' or 'ar'). */
  language: string;
  t: Translate;
  changeLanguage(language: string): void;
}

export const PageTextsContext = createContext<PageTexts | null>(null);

export function usePageTexts(): PageTexts {
  const texts = useContext(PageTextsContext);
  if (!texts) throw new Error('usePageTexts needs a PageTextsContext provider (src/i18n/pageTexts.ts)');
  return texts;
}

type Texts = { [key: string]: Texts | string };

/** The text of `key` in `texts`, then in `fallback`; `{{name}}` filled from `values`. */
export function translate(texts: Texts, fallback: Texts, key: string, values?: TextValues): string {
  const find = (from: Texts) => {
    let at: Texts | string | undefined = from;
    for (const part of key.split('.')) at = typeof at === 'object' ? at[part] : undefined;
    return typeof at === 'string' ? at : undefined;
  };
  const text = find(texts) ?? find(fallback) ?? values?.defaultValue ?? key;
  return values ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => String(values[name] ?? whole)) : text;
}
