import type { ThemePalette } from '../palette';

/** light15: "Terracotta": fired clay and teal on cream. Ours to design (shell.md). */
export const light15: ThemePalette = {
  type: 'light',
  primary: { light: '#E9CBC1', main: '#B5502F', dark: '#642C1A', contrast: '#FFFFFF' },
  secondary: { light: '#C0DDDD', main: '#2E8C8C', dark: '#194D4D', contrast: '#000000' },
  background: { paper: '#FFFBF7', default: '#F8F1EA' },
  error: { main: '#C62828', contrast: '#FFFFFF' },
  text: { primary: '#1E2228', secondary: '#5A616B' },
  accent: { main: '#B5502F', contrast: '#FFFFFF' },
  divider: '#848A93',
  focus: '#1C5FB8',
};
