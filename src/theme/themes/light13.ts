import type { ThemePalette } from '../palette';

/** light13: "Harbour": navy and apricot. Ours to design (shell.md). */
export const light13: ThemePalette = {
  type: 'light',
  primary: { light: '#BCCEDC', main: '#1E5A8A', dark: '#11324C', contrast: '#FFFFFF' },
  secondary: { light: '#FBE4CE', main: '#F2A65A', dark: '#855B32', contrast: '#1A1A1A' },
  background: { paper: '#FFFFFF', default: '#F3F6F9' },
  error: { main: '#C62828', contrast: '#FFFFFF' },
  text: { primary: '#1E2228', secondary: '#5A616B' },
  accent: { main: '#1E5A8A', contrast: '#FFFFFF' },
  divider: '#848A93',
  focus: '#1C5FB8',
};
