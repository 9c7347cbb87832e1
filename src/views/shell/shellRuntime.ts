import type { i18n as I18n } from 'i18next';
import { createActor } from 'xstate';
import type { InspectionEvent, Observer } from 'xstate';
import { savedSnackbar, snackbarMachine } from '../../machines/snackbar.machine';
import type { SettingsActor } from '../settings/settingsActor';

/**
 * The app's snackbar (made once in src/app/runtime.ts), which also reports the settings' saves ('Selected
 * settings changed successfully. Please check', 2 s, top right). The navbar's actor comes with the shell's chunk
 * (src/views/shell/navbarActor.ts): a sign-in page has no navbar.
 */
export function createSnackbar({ settings, i18n, inspect }: { settings: SettingsActor; i18n: I18n; inspect?: Observer<InspectionEvent> }) {
  const snackbar = createActor(snackbarMachine, { inspect });
  settings.on('settings.saved', ({ message }) => snackbar.send(savedSnackbar(message)));
  settings.on('settings.saveFailed', () =>
    snackbar.send({ type: 'snackbar.show', kind: 'error', message: i18n.t('settings.saveFailed') }),
  );
  snackbar.start();
  return snackbar;
}
