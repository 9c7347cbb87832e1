import type { i18n as I18n } from 'i18next';
import { fromPromise } from 'xstate';
import { readGuestSettings, saveThemeSettings, writeGuestSettings } from '../api/settings';
import type { User } from '../contract/auth';
import { settingsFor, settingsMachine } from '../machines/settings.machine';
import type { SettingsInput } from '../machines/settings.machine';
import { themeModeOf } from '../theme/themeMode';
import { light17Theme } from '../theme/themes/light17.css';
import type { SettingsActor } from '../views/settings/settingsActor';

/** The settings a user starts from: their saved ones, or for a guest what this browser kept (else defaults). */
export function settingsOf(user: User | null, localStorage: Storage): SettingsInput {
  return settingsFor(user, readGuestSettings(localStorage));
}

/**
 * The settings machine with its real effects: saving for a signed-in user, this browser's storage for a guest, and
 * a failed save reported in the snackbar in the reader's language. The app's one settings actor is a child of the
 * app's actor system (src/app/runtime.ts); it follows the session's user (`settings.load`, sent by the session).
 */
export function settingsLogic({ localStorage, i18n }: { localStorage: Storage; i18n: I18n }) {
  return settingsMachine.provide({
    actors: {
      saveSettings: fromPromise(({ input, signal }) => saveThemeSettings(input, signal)),
    },
    actions: {
      storeGuestSettings: (_, values) => writeGuestSettings(localStorage, values),
      reportSaveFailed: ({ system }) =>
        system.get('snackbar')?.send({ type: 'snackbar.show', kind: 'error', message: i18n.t('settings.saveFailed') }),
    },
  });
}

/**
 * The class of a theme: the default one is in the entry; any other theme's CSS comes through loadTheme, itself
 * fetched with the first such theme (its table of 34 chunk loaders is no part of the sign-in page).
 */
const themeClass = (name: string): Promise<string> =>
  name === 'light17'
    ? Promise.resolve(light17Theme)
    : import('../theme/loadTheme').then(({ loadTheme }) => loadTheme(name));

/**
 * Keeps <html> in step with the settings: the main theme's class (its CSS loaded on demand) and data-mode,
 * the direction (right-to-left for Arabic or when chosen), custom scrollbars and animations.
 */
export function bindDocumentTheme(settings: SettingsActor, root: HTMLElement, i18n: I18n) {
  let wanted = '';
  let applied: string | undefined = light17Theme;
  const applyTheme = (name: string) => {
    if (name === wanted) return;
    wanted = name;
    void themeClass(name).then(
      (className) => {
        if (wanted !== name) return;
        if (applied && applied !== className) root.classList.remove(applied);
        root.classList.add(className);
        applied = className;
        root.dataset.mode = themeModeOf(name);
      },
      () => {
        // The chunk did not load (offline): the page keeps the theme it has.
      },
    );
  };
  const applyDirection = () => {
    const { direction } = settings.getSnapshot().context.settings;
    root.dir = i18n.dir(i18n.language) === 'rtl' || direction === 'rtl' ? 'rtl' : 'ltr';
  };
  const apply = () => {
    const current = settings.getSnapshot().context.settings;
    applyTheme(current.theme.main);
    applyDirection();
    root.toggleAttribute('data-custom-scrollbars', current.customScrollbars);
    root.dataset.animations = current.animations ? 'on' : 'off';
  };
  apply();
  settings.subscribe(apply);
  // i18n sets dir from the language first (bindDocumentLanguage); a chosen rtl direction then still holds.
  i18n.on('languageChanged', applyDirection);
}
