import { createInstance } from 'i18next';
import type { i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { messages } from '../contract/common';
import { sessionMessages } from '../machines/session.machine';
import ar from './locales/ar.json';
import en from './locales/en.json';
import tr from './locales/tr.json';

export const languages = ['en', 'tr', 'ar'] as const;
export type Language = (typeof languages)[number];

/** Each language is named in itself, so a reader finds theirs whatever language is showing. */
export const languageNames: Record<Language, string> = { en: 'English', tr: 'Türkçe', ar: 'العربية' };

const languageKey = 'language';
const isLanguage = (value: string | null): value is Language => languages.some((language) => language === value);

/**
 * One i18next instance with every locale bundled (they are small), initialised synchronously so the first
 * render is already translated. The reader's choice is remembered in `storage` (the spec's default: en).
 */
export function createI18n(storage: Storage): I18n {
  const stored = storage.getItem(languageKey);
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    resources: { en: { translation: en }, tr: { translation: tr }, ar: { translation: ar } },
    lng: isLanguage(stored) ? stored : 'en',
    fallbackLng: 'en',
    supportedLngs: [...languages],
    initAsync: false,
    // React escapes on render.
    interpolation: { escapeValue: false },
  });
  i18n.on('languageChanged', (language) => storage.setItem(languageKey, language));
  return i18n;
}

/** React Aria does not set these itself; `dir` turns the whole page right-to-left for Arabic. */
export function bindDocumentLanguage(i18n: I18n, root: HTMLElement) {
  const apply = (language: string) => {
    root.lang = language;
    root.dir = i18n.dir(language);
  };
  apply(i18n.language);
  i18n.on('languageChanged', apply);
}

const knownMessages: Record<string, string> = { ...messages, ...sessionMessages };

/**
 * The API and the session machine speak the spec's English texts (shared through src/contract). A known text is
 * shown in the reader's language; any other (a field message, say) is shown as it came.
 */
export function translateMessage(i18n: I18n, text: string): string {
  const key = Object.keys(knownMessages).find((name) => knownMessages[name] === text);
  return key && i18n.exists(`errors.${key}`) ? i18n.t(`errors.${key}`) : text;
}
