import type { ThemeSettings } from '../contract/settings';
import { apiRequest } from './http';
import { GuestSettings, parseOrNull } from './shapes';

export interface SavedSettings {
  settings: ThemeSettings;
  shortcuts: string[];
}

/**
 * Saves the signed-in user's theme settings and shortcuts with the session's credentials (refreshed once on a
 * 401 by the http layer); the answer carries the updated user and the message.
 */
export function saveThemeSettings({ settings, shortcuts }: SavedSettings, signal?: AbortSignal) {
  return apiRequest('/api/patient/savethemesettings', {
    method: 'POST',
    body: { data: { settings, shortcuts } },
    schema: () => import('../contract/auth').then((contract) => contract.SaveThemeSettingsResponse),
    signal,
  });
}

const guestSettingsKey = 'guestSettings';

/** A guest's choice, kept in this browser only (shell.md); null when none or unreadable. */
export function readGuestSettings(storage: Storage): SavedSettings | null {
  try {
    return parseOrNull(GuestSettings, JSON.parse(storage.getItem(guestSettingsKey) ?? 'null'));
  } catch {
    return null;
  }
}

export function writeGuestSettings(storage: Storage, value: SavedSettings) {
  storage.setItem(guestSettingsKey, JSON.stringify(value));
}
