import type { ThemePalette } from '../palette';

/** light16: "Slate": blue-grey and coral. Ours to design (shell.md). */
export const light16: ThemePalette = {
  type: 'light',
  primary: { light: '#C3C8CA', main: '#37474F', dark: '#1E272B', contrast: '#FFFFFF' },
  secondary: { light: '#FFD7D3', main: '#FF7A6B', dark: '#8C433B', contrast: '#1A1A1A' },
  background: { paper: '#FFFFFF', default: '#F2F4F5' },
  error: { main: '#C62828', contrast: '#FFFFFF' },
  text: { primary: '#1E2228', secondary: '#5A616B' },
  accent: { main: '#37474F', contrast: '#FFFFFF' },
  divider: '#848A93',
  focus: '#1C5FB8',
};
