import type { ThemePalette } from '../palette';

/** light5: cobalt and cyan. The palette users of the original know (shell.md). */
export const light5: ThemePalette = {
  type: 'light',
  primary: { light: '#C2C7F1', main: '#3543D0', dark: '#1D2572', contrast: '#FFFFFF' },
  secondary: { light: '#B3F1FE', main: '#00CFFD', dark: '#00728B', contrast: '#1A1A1A' },
  background: { paper: '#FFFFFF', default: '#F7FAFF' },
  error: { main: '#C62828', contrast: '#FFFFFF' },
  text: { primary: '#1E2228', secondary: '#5A616B' },
  accent: { main: '#3543D0', contrast: '#FFFFFF' },
  divider: '#8A9099',
  focus: '#1C5FB8',
};
