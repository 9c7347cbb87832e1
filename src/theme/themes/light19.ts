import type { ThemePalette } from '../palette';

/** light19: "Indigo": ink blue and lime. Ours to design (shell.md). */
export const light19: ThemePalette = {
  type: 'light',
  primary: { light: '#C5C5DD', main: '#3F3D8F', dark: '#23224F', contrast: '#FFFFFF' },
  secondary: { light: '#E9F2C5', main: '#B5D33D', dark: '#647422', contrast: '#1A1A1A' },
  background: { paper: '#FFFFFF', default: '#F4F4FB' },
  error: { main: '#C62828', contrast: '#FFFFFF' },
  text: { primary: '#1E2228', secondary: '#5A616B' },
  accent: { main: '#3F3D8F', contrast: '#FFFFFF' },
  divider: '#848A93',
  focus: '#1C5FB8',
};
