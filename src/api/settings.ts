import { SaveThemeSettingsResponse } from '../contract/auth';
import type { ThemeSettings } from '../contract/settings';
import { ThemeSettings as ThemeSettingsSchema } from '../contract/settings';
import { z } from '../contract/zod';
import { apiRequest } from './http';

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
    schema: SaveThemeSettingsResponse,
    signal,
  });
}

const guestSettingsKey = 'guestSettings';
const GuestSettings = z.object({ settings: ThemeSettingsSchema, shortcuts: z.array(z.string()) });

/** A guest's choice, kept in this browser only (shell.md); null when none or unreadable. */
export function readGuestSettings(storage: Storage): SavedSettings | null {
  try {
    const parsed = GuestSettings.safeParse(JSON.parse(storage.getItem(guestSettingsKey) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeGuestSettings(storage: Storage, value: SavedSettings) {
  storage.setItem(guestSettingsKey, JSON.stringify(value));
}
