import englishTexts from './locales/en.json?eform';
import { translate } from './pageTexts';
import type { PageTexts } from './pageTexts';

/**
 * The texts of the public eForm page's own entry (src/eformsMain.tsx), with a translator of its own
 * (./pageTexts.ts) instead of i18next: only the texts that page draws (eformGroups in ./startTexts.ts:
 * eformPublic, errors, language) in each language. English is bundled; Turkish and Arabic are small chunks fetched
 * when used. Like the app (./appI18n.ts, which this module does not import: that one brings the session machine),
 * the reader's choice is kept under the same storage key, so the page and the app speak the same language, and the
 * document's lang and dir follow it (Arabic is right to left).
 */

const languages = ['en', 'tr', 'ar'] as const;
type Language = (typeof languages)[number];
type Texts = Parameters<typeof translate>[0];
const english = englishTexts as Texts;

const languageKey = 'language';
const isLanguage = (value: string | null): value is Language => languages.some((language) => language === value);

const chunks: Record<Exclude<Language, 'en'>, () => Promise<{ default: Record<string, unknown> }>> = {
  tr: () => import('./locales/tr.json?eform'),
  ar: () => import('./locales/ar.json?eform'),
};

const fetchTexts = (language: Language): Promise<Texts> =>
  language === 'en' ? Promise.resolve(english) : chunks[language]().then((m) => m.default as Texts);

/** The page's texts as React reads them (useSyncExternalStore): the current ones, and a call on each change. */
export interface EformTexts {
  current(): PageTexts;
  subscribe(listener: () => void): () => void;
}

/**
 * The page's texts in the link's language (`linkLanguage`, the language its message was written in) or else the
 * stored one, fetched first (English if they cannot be), so the first render is already in the reader's language.
 * A language chosen on the page shows once its texts have arrived.
 */
export async function createEformTexts(storage: Storage, root: HTMLElement, linkLanguage: string | null = null): Promise<EformTexts> {
  const stored = storage.getItem(languageKey);
  let language: Language = isLanguage(linkLanguage) ? linkLanguage : isLanguage(stored) ? stored : 'en';
  let texts = english;
  try {
    texts = await fetchTexts(language);
  } catch {
    language = 'en';
  }
  const listeners = new Set<() => void>();
  let wanted: Language = language;

  const show = (next: Language, nextTexts: Texts): PageTexts => {
    root.lang = next;
    root.dir = next === 'ar' ? 'rtl' : 'ltr';
    return {
      language: next,
      t: (key, values) => translate(nextTexts, english, key, values),
      changeLanguage(chosen) {
        if (!isLanguage(chosen) || chosen === wanted) return;
        wanted = chosen;
        fetchTexts(chosen).then(
          (loaded) => {
            if (wanted !== chosen) return;
            storage.setItem(languageKey, chosen);
            current = show(chosen, loaded);
            for (const listener of listeners) listener();
          },
          (error: unknown) => {
            if (wanted === chosen) wanted = current.language as Language;
            console.error('eForm page: the texts of', chosen, 'did not load:', error);
          },
        );
      },
    };
  };
  let current = show(language, texts);

  return {
    current: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
