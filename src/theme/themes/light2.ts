import type { ThemePalette } from '../palette';

/** light2: sand and marigold. The palette users of the original know (shell.md). */
export const light2: ThemePalette = {
  type: 'light',
  primary: { light: '#FDF3DA', main: '#F8D683', dark: '#887648', contrast: '#1A1A1A' },
  secondary: { light: '#FBE8CF', main: '#F3B25F', dark: '#866234', contrast: '#1A1A1A' },
  background: { paper: '#FAFBFD', default: '#FFFFFF' },
  error: { main: '#C62828', contrast: '#FFFFFF' },
  text: { primary: '#1E2228', secondary: '#5A616B' },
  accent: { main: '#926B39', contrast: '#FFFFFF' },
  divider: '#8A9099',
  focus: '#1C5FB8',
};
