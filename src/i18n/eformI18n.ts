import { createInstance } from 'i18next';
import type { BackendModule, i18n as I18n, ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import englishTexts from './locales/en.json?eform';

/**
 * The i18next instance of the public eForm page's own entry (src/eformsMain.tsx): only the texts that page draws
 * (eformGroups in ./startTexts.ts: eformPublic, errors, language) in each language. English is bundled; Turkish and
 * Arabic are small chunks fetched when used. Like the app (./appI18n.ts, which this module does not import: that
 * one brings the session machine), the reader's choice is kept under the same storage key, so the page and the
 * app speak the same language, and the document's lang and dir follow it (Arabic is right to left).
 */

const languages = ['en', 'tr', 'ar'] as const;
type Language = (typeof languages)[number];
type Translations = Record<string, ResourceKey>;
const english = englishTexts as Translations;

const languageKey = 'language';
const isLanguage = (value: string | null): value is Language => languages.some((language) => language === value);

const chunks: Record<Exclude<Language, 'en'>, () => Promise<{ default: Record<string, unknown> }>> = {
  tr: () => import('./locales/tr.json?eform'),
  ar: () => import('./locales/ar.json?eform'),
};

const fetchTexts = (language: string): Promise<Translations> =>
  !isLanguage(language) ? Promise.resolve({}) : language === 'en' ? Promise.resolve(english) : chunks[language]().then((m) => m.default as Translations);

/** i18next's loader for a language chosen on the page: changeLanguage waits for it, then switches. */
const backend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, _namespace, callback) {
    fetchTexts(language).then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : String(error), null),
    );
  },
};

/**
 * The page's instance in the stored language, its texts fetched first (English if they cannot be), initialised
 * before the first render so that render is already in the reader's language.
 */
export async function createEformI18n(storage: Storage, root: HTMLElement): Promise<I18n> {
  const stored = storage.getItem(languageKey);
  const language: Language = isLanguage(stored) ? stored : 'en';
  const resources: Record<string, { translation: Translations }> = { en: { translation: english } };
  let start: Language = language;
  if (language !== 'en') {
    try {
      resources[language] = { translation: await fetchTexts(language) };
    } catch {
      start = 'en';
    }
  }
  const i18n = createInstance().use(backend).use(initReactI18next);
  await i18n.init({
    resources,
    partialBundledLanguages: true,
    lng: start,
    fallbackLng: 'en',
    supportedLngs: [...languages],
    // React escapes on render.
    interpolation: { escapeValue: false },
  });
  const apply = (next: string) => {
    root.lang = next;
    root.dir = i18n.dir(next);
  };
  apply(i18n.language);
  i18n.on('languageChanged', (next) => {
    storage.setItem(languageKey, next);
    apply(next);
  });
  return i18n;
}
