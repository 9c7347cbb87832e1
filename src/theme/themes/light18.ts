import type { ThemePalette } from '../palette';

/** light18: "Berry": raspberry and honey. Ours to design (shell.md). */
export const light18: ThemePalette = {
  type: 'light',
  primary: { light: '#E3BCCA', main: '#A3214F', dark: '#5A122B', contrast: '#FFFFFF' },
  secondary: { light: '#FCEFCF', main: '#F6C85F', dark: '#876E34', contrast: '#1A1A1A' },
  background: { paper: '#FFFFFF', default: '#FBF3F5' },
  error: { main: '#C62828', contrast: '#FFFFFF' },
  text: { primary: '#1E2228', secondary: '#5A616B' },
  accent: { main: '#A3214F', contrast: '#FFFFFF' },
  divider: '#848A93',
  focus: '#1C5FB8',
};
