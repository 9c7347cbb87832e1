import { createInstance } from 'i18next';
import type { BackendModule, i18n as I18n, ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { messages } from '../contract/messages';
import { sessionMessages } from '../contract/sessionMessages';
import startEnglish from './locales/en.json?start';

export const languages = ['en', 'tr', 'ar'] as const;
export type Language = (typeof languages)[number];

/** Each language is named in itself, so a reader finds theirs whatever language is showing. */
export const languageNames: Record<Language, string> = { en: 'English', tr: 'Türkçe', ar: 'العربية' };

const languageKey = 'language';
const isLanguage = (value: string | null): value is Language => languages.some((language) => language === value);

/** The language the reader chose last in this browser (the spec's default: en). */
const storedLanguage = (storage: Storage): Language => {
  const stored = storage.getItem(languageKey);
  return isLanguage(stored) ? stored : 'en';
};

type Translations = Record<string, ResourceKey>;

/**
 * English (the fallback of every text) is bundled with the app, its start-up groups only (./startTexts.ts; the rest
 * comes with fetchAllTexts); Turkish and Arabic are each their own chunk, fetched only when a reader uses them: the
 * sign-in page of an English reader never downloads them.
 */
const localeChunks: Record<Exclude<Language, 'en'>, () => Promise<{ default: Translations }>> = {
  tr: () => import('./locales/tr.json'),
  ar: () => import('./locales/ar.json'),
};

/**
 * The public booking page's groups of each language (./startTexts.ts bookingGroups, with the start-up groups in
 * Turkish and Arabic: the sign-in page it links to draws from them): a new patient who opens that page, in any
 * language, fetches these instead of whole locales (bench/booking-js.ts).
 */
const bookingChunks: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('./locales/en.json?booking'),
  tr: () => import('./locales/tr.json?booking'),
  ar: () => import('./locales/ar.json?booking'),
};

/**
 * Which texts a language fetched now brings: 'booking' while the page load started on the public booking page
 * (startWithBookingTexts) and no other page has drawn since; then 'all' (fetchAllTexts).
 */
let scope: 'all' | 'booking' = 'all';
/** Languages of which only the booking page's groups are here: fetchAllTexts completes them. */
const partial = new Set<Exclude<Language, 'en'>>();

/** Locales fetched so far in this page (loadStoredLanguage, or a language chosen since): new instances start with them. */
const fetched = new Map<Language, Translations>([['en', startEnglish as Translations]]);

function fetchLanguage(language: string): Promise<Translations | null> {
  if (!isLanguage(language)) return Promise.resolve(null);
  const known = fetched.get(language);
  if (known) return Promise.resolve(known);
  if (language === 'en') return Promise.resolve(startEnglish as Translations);
  const fromBooking = scope === 'booking';
  return (fromBooking ? bookingChunks[language]() : localeChunks[language]()).then(({ default: translations }) => {
    fetched.set(language, translations as Translations);
    if (fromBooking) partial.add(language);
    return translations as Translations;
  });
}

/**
 * The page load starts on the store's public booking page (src/main.tsx, before loadStoredLanguage): Turkish or
 * Arabic, stored or chosen there, come as that page's groups only until another page draws.
 */
export function startWithBookingTexts() {
  scope = 'booking';
}

let bookingEnglish: Translations | null = null;
const withBookingTexts = new WeakSet<I18n>();

/**
 * Fetches the English of the public booking page's groups (the entry has the start-up groups only); the booking
 * page's route waits for it instead of every English text (src/app/routes.tsx). Resolves even if it fails.
 */
export function fetchBookingTexts(): Promise<void> {
  if (bookingEnglish || allEnglish) return Promise.resolve();
  return bookingChunks.en().then(
    ({ default: texts }) => {
      bookingEnglish = texts as Translations;
    },
    () => {},
  );
}

/** Puts the booking page's English texts into `i18n` once fetchBookingTexts has them (idempotent). */
export function addBookingTexts(i18n: I18n) {
  if (!bookingEnglish || withBookingTexts.has(i18n)) return;
  i18n.addResourceBundle('en', 'translation', bookingEnglish, true, true);
  withBookingTexts.add(i18n);
}

/** i18next's loader for a language the instance does not have yet: changeLanguage waits for it, then switches. */
const onDemandBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, _namespace, callback) {
    fetchLanguage(language).then(
      (translations) => callback(null, translations ?? {}),
      (error: unknown) => callback(error instanceof Error ? error : String(error), null),
    );
  },
};

let allEnglish: Translations | null = null;
const withAllTexts = new WeakSet<I18n>();

/**
 * Fetches every English text (the entry has the start-up groups only). src/app/routes.tsx waits for it, then
 * calls addAllTexts, before any page but the sign-in screens and the not-found page renders. If the texts cannot
 * be fetched it still resolves: the page renders, as it would with a language whose chunk failed.
 */
export function fetchAllTexts(): Promise<void> {
  scope = 'all';
  // Turkish or Arabic fetched for the booking page only: the whole of them now, as English.
  const completing = [...partial].map((language) =>
    localeChunks[language]().then(({ default: translations }) => {
      fetched.set(language, translations);
      partial.delete(language);
      completed.set(language, translations);
    }),
  );
  const english = allEnglish
    ? null
    : import('./locales/en.json').then(({ default: all }: { default: Translations }) => {
        allEnglish = all;
        fetched.set('en', all);
      });
  return Promise.allSettled([english, ...completing]).then(() => {});
}

/** Languages fetched whole by fetchAllTexts after the booking page's groups of them (addAllTexts adds them). */
const completed = new Map<Language, Translations>();

/** Puts every English text (and any language completed) into `i18n` once fetchAllTexts has them (idempotent). */
export function addAllTexts(i18n: I18n) {
  if (!allEnglish || withAllTexts.has(i18n)) return;
  i18n.addResourceBundle('en', 'translation', allEnglish, true, true);
  for (const [language, translations] of completed) i18n.addResourceBundle(language, 'translation', translations, true, true);
  withAllTexts.add(i18n);
}

/**
 * Fetches the stored language's locale before the app's first render (src/main.tsx), so that render is already in
 * the reader's language. Null when there is nothing to fetch (English, or fetched already).
 */
export function loadStoredLanguage(storage: Storage): Promise<unknown> | null {
  const language = storedLanguage(storage);
  return fetched.has(language) ? null : fetchLanguage(language);
}

/**
 * Initialises `i18n` synchronously with `resources` in the stored language, and remembers the reader's choices.
 * `onDemand`: the instance has the on-demand backend, which fetches the languages `resources` lack.
 */
export function initI18n(
  i18n: I18n,
  storage: Storage,
  resources: Partial<Record<Language, Translations>>,
  { onDemand }: { onDemand: boolean },
) {
  void i18n.use(initReactI18next).init({
    resources: Object.fromEntries(Object.entries(resources).map(([language, translation]) => [language, { translation }])),
    // The given resources are only some of the languages when the backend fetches the others.
    partialBundledLanguages: onDemand,
    lng: storedLanguage(storage),
    fallbackLng: 'en',
    supportedLngs: [...languages],
    initAsync: false,
    // React escapes on render.
    interpolation: { escapeValue: false },
  });
  i18n.on('languageChanged', (language) => storage.setItem(languageKey, language));
  return i18n;
}

/**
 * The app's i18next instance (src/app/runtime.ts), initialised synchronously: English and every locale fetched
 * already (loadStoredLanguage before the first render) are in it; another language is fetched when chosen, and
 * changeLanguage switches once it is there. The reader's choice is remembered in `storage`.
 *
 * This module never imports tr or ar statically (that would put them back into the entry chunk); src/i18n/i18n.ts
 * adds createI18n, an instance with every locale bundled, for tests and tools.
 */
export function createAppI18n(storage: Storage): I18n {
  return initI18n(createInstance().use(onDemandBackend), storage, Object.fromEntries(fetched), { onDemand: true });
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
