import type { ThemePalette } from '../palette';

/** light20: "Sandstone": bronze and steel blue on sand. Ours to design (shell.md). */
export const light20: ThemePalette = {
  type: 'light',
  primary: { light: '#DCCEBC', main: '#8A5A1F', dark: '#4C3211', contrast: '#FFFFFF' },
  secondary: { light: '#C9D9E5', main: '#4A7FA7', dark: '#29465C', contrast: '#000000' },
  background: { paper: '#FFFDF8', default: '#F6EFE3' },
  error: { main: '#C62828', contrast: '#FFFFFF' },
  text: { primary: '#1E2228', secondary: '#5A616B' },
  accent: { main: '#8A5A1F', contrast: '#FFFFFF' },
  divider: '#848A93',
  focus: '#1C5FB8',
};
