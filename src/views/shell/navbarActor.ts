import { createActor } from 'xstate';
import type { InspectionEvent, Observer } from 'xstate';
import { navbarMachine } from '../../machines/navbar.machine';
import type { SettingsActor } from '../settings/settingsActor';
import type { NavbarActor } from '../ui/shellActors';

const navbars = new WeakMap<SettingsActor, NavbarActor>();

/**
 * The navbar's actor, made the first time the shell draws and kept for the page's life (one per app, told apart
 * by its settings actor): it follows the user's saved folded flag and saves the pin button's choice through the
 * settings actor.
 */
export function navbarActorFor(settings: SettingsActor, inspect?: Observer<InspectionEvent>): NavbarActor {
  const made = navbars.get(settings);
  if (made) return made;
  const foldedOf = () => settings.getSnapshot().context.settings.layout.config.navbar?.folded ?? false;
  let folded = foldedOf();
  const navbar = createActor(navbarMachine, { input: { folded }, inspect });

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
  navbar.start();
  navbars.set(settings, navbar);
  return navbar;
}
