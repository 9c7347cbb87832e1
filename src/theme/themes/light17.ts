import type { ThemePalette } from '../palette';

/** light17: "Fern": forest green and ochre on warm paper. Ours to design (shell.md). */
export const light17: ThemePalette = {
  type: 'light',
  primary: { light: '#C1D3C7', main: '#2F6B45', dark: '#1A3B26', contrast: '#FFFFFF' },
  secondary: { light: '#F4E4C6', main: '#D9A441', dark: '#775A24', contrast: '#1A1A1A' },
  background: { paper: '#FFFFFF', default: '#F5F3EC' },
  error: { main: '#C62828', contrast: '#FFFFFF' },
  text: { primary: '#1E2228', secondary: '#5A616B' },
  accent: { main: '#2F6B45', contrast: '#FFFFFF' },
  divider: '#848A93',
  focus: '#1C5FB8',
};
