import { createInstance } from 'i18next';
import type { i18n as I18n } from 'i18next';
import { initI18n } from './appI18n';
import ar from './locales/ar.json';
import en from './locales/en.json';
import tr from './locales/tr.json';

export * from './appI18n';

/**
 * An instance with every locale in it from the start, initialised synchronously: for tests and tools that read any
 * language at once. The app itself imports src/i18n/appI18n.ts and uses createAppI18n, which keeps tr and ar out
 * of the first download (only this module imports them statically; nothing in the app imports this module).
 */
export function createI18n(storage: Storage): I18n {
  return initI18n(createInstance(), storage, { en, tr, ar }, { onDemand: false });
}
