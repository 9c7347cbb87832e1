import { createContext, useContext } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { settingsMachine } from '../../machines/settings.machine';

export type SettingsActor = ActorRefFrom<typeof settingsMachine>;

const SettingsContext = createContext<SettingsActor | null>(null);

/** Hands the app's settings actor to the views (src/app/App.tsx). */
export const SettingsProvider = SettingsContext.Provider;

export function useSettingsActor(): SettingsActor {
  const settings = useContext(SettingsContext);
  if (!settings) throw new Error('useSettingsActor needs a SettingsProvider above it');
  return settings;
}

/** The current theme settings (layout, direction, theme slots...) for the shell's layouts. */
export function useThemeSettings() {
  return useSelector(useSettingsActor(), (snapshot) => snapshot.context.settings);
}
