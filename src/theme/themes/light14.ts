import type { ThemePalette } from '../palette';

/** light14: "Orchard": plum and mint. Ours to design (shell.md). */
export const light14: ThemePalette = {
  type: 'light',
  primary: { light: '#D7C5E2', main: '#7A3E9D', dark: '#432256', contrast: '#FFFFFF' },
  secondary: { light: '#CEEFE5', main: '#5CC8A8', dark: '#336E5C', contrast: '#1A1A1A' },
  background: { paper: '#FFFFFF', default: '#F7F4FA' },
  error: { main: '#C62828', contrast: '#FFFFFF' },
  text: { primary: '#1E2228', secondary: '#5A616B' },
  accent: { main: '#7A3E9D', contrast: '#FFFFFF' },
  divider: '#848A93',
  focus: '#1C5FB8',
};
