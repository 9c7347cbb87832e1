import type { ThemePalette } from '../palette';

/** light7: royal blue and aqua. The palette users of the original know (shell.md). */
export const light7: ThemePalette = {
  type: 'light',
  primary: { light: '#BFC4E6', main: '#2A3BAB', dark: '#17205E', contrast: '#FFFFFF' },
  secondary: { light: '#C2ECF0', main: '#33C1CD', dark: '#1C6A71', contrast: '#1A1A1A' },
  background: { paper: '#FFFFFF', default: '#EDF0F6' },
  error: { main: '#C62828', contrast: '#FFFFFF' },
  text: { primary: '#1E2228', secondary: '#5A616B' },
  accent: { main: '#2A3BAB', contrast: '#FFFFFF' },
  divider: '#848A93',
  focus: '#1C5FB8',
};
