import type { i18n as I18n } from 'i18next';
import { createActor } from 'xstate';
import type { InspectionEvent, Observer } from 'xstate';
import { navbarMachine } from '../../machines/navbar.machine';
import { savedSnackbar, snackbarMachine } from '../../machines/snackbar.machine';
import type { SettingsActor } from '../settings/settingsActor';

/**
 * The shell's long-lived actors (made once in src/app/runtime.ts): the navbar, following the user's saved
 * folded flag and saving the pin button's choice through the settings actor; and the snackbar, which also
 * reports the settings' saves ('Selected settings changed successfully. Please check', 2 s, top right).
 */
export function createShellActors({
  settings,
  i18n,
  inspect,
}: {
  settings: SettingsActor;
  i18n: I18n;
  inspect?: Observer<InspectionEvent>;
}) {
  const foldedOf = () => settings.getSnapshot().context.settings.layout.config.navbar?.folded ?? false;
  let folded = foldedOf();
  const navbar = createActor(navbarMachine, { input: { folded }, inspect });
  const snackbar = createActor(snackbarMachine, { inspect });

  // Another user signed in, or the settings panel changed the flag: the navbar follows without saving again.
  settings.subscribe(() => {
    const next = foldedOf();
    if (next === folded) return;
    folded = next;
    navbar.send({ type: 'navbar.syncFolded', folded: next });
  });
  navbar.on('navbar.foldChanged', (event) => {
    folded = event.folded;
    settings.send({ type: 'settings.change', change: { layout: { config: { navbar: { folded: event.folded } } } } });
    settings.send({ type: 'settings.save' });
  });

  settings.on('settings.saved', ({ message }) => snackbar.send(savedSnackbar(message)));
  settings.on('settings.saveFailed', () =>
    snackbar.send({ type: 'snackbar.show', kind: 'error', message: i18n.t('settings.saveFailed') }),
  );

  navbar.start();
  snackbar.start();
  return { navbar, snackbar };
}
