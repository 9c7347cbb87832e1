/**
 * The spec's system preference 'General|Selected row': its back colour, in the user's `systempref` as the text
 * `backcolor=#RRGGBB` (semicolon-separated key=value pairs). Zod-free: the shell reads it.
 */
export const selectedRowKey = 'General|Selected row';

export interface SystemPrefEntry {
  fD_SettingKey: string;
  fD_SettingValue: string;
}

/** The entry for a back colour. */
export function selectedRowEntry(backColor: string): SystemPrefEntry {
  return { fD_SettingKey: selectedRowKey, fD_SettingValue: `backcolor=${backColor.toUpperCase()}` };
}

/** The back colour of the 'General|Selected row' entry, or null. */
export function selectedRowColour(prefs: readonly SystemPrefEntry[] | undefined | null): string | null {
  const entry = prefs?.find((p) => p.fD_SettingKey === selectedRowKey);
  const value = entry?.fD_SettingValue.split(';').find((part) => part.trim().toLowerCase().startsWith('backcolor='));
  const colour = value?.split('=')[1]?.trim();
  return colour && /^#[0-9A-Fa-f]{6}$/.test(colour) ? colour.toUpperCase() : null;
}

/** Black or white, whichever reads better on the colour (WCAG relative luminance). */
export function textOn(colour: string): '#000000' | '#FFFFFF' {
  const channel = (i: number) => {
    const c = parseInt(colour.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000000' : '#FFFFFF';
}
