import type { ThemePalette } from '../palette';

/** light4: iris and blush. The palette users of the original know (shell.md). */
export const light4: ThemePalette = {
  type: 'light',
  primary: { light: '#CDCCE8', main: '#5854B1', dark: '#302E61', contrast: '#FFFFFF' },
  secondary: { light: '#F8EBF2', main: '#E7BDD3', dark: '#7F6874', contrast: '#1A1A1A' },
  background: { paper: '#FFFFFF', default: '#F6F7FB' },
  error: { main: '#C62828', contrast: '#FFFFFF' },
  text: { primary: '#1E2228', secondary: '#5A616B' },
  accent: { main: '#5854B1', contrast: '#FFFFFF' },
  divider: '#8A9099',
  focus: '#1C5FB8',
};
