import { useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import type { ThemeSlot } from '../../machines/settings.machine';
import { loadTheme, loadedThemeClass } from '../../theme/loadTheme';
import { slotSurface } from '../../theme/slots.css';
import { useSettingsActor } from './settingsActor';

export { activeItem as activeMenuItemClass } from '../../theme/slots.css';

/**
 * The class names for one region of the shell: its slot's theme (loaded on demand) plus that region's surface
 * (navbar: the theme's default background; toolbar and footer: its paper). Put it on the region's element.
 * While a newly chosen theme loads, the region keeps the one it had.
 * 'main' gives only the theme class (<html> already carries the main theme; see bindDocumentTheme).
 */
export function useThemeSlotClass(slot: ThemeSlot): string {
  const name = useSelector(useSettingsActor(), (snapshot) => snapshot.context.settings.theme[slot]);
  const [shown, setShown] = useState(() => loadedThemeClass(name));
  useEffect(() => {
    let current = true;
    void loadTheme(name).then(
      (className) => current && setShown(className),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [name]);
  return [loadedThemeClass(name) ?? shown, slotSurface[slot]].filter(Boolean).join(' ');
}
