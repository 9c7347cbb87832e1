import type { ThemePalette } from '../palette';

/** dark5: steel blue and amethyst. The palette users of the original know (shell.md). */
export const dark5: ThemePalette = {
  type: 'dark',
  primary: { light: '#CCD7E2', main: '#56789D', dark: '#2F4256', contrast: '#FFFFFF' },
  secondary: { light: '#D7D3ED', main: '#796CC4', dark: '#433B6C', contrast: '#000000' },
  background: { paper: '#465261', default: '#232931' },
  error: { main: '#FFAFA9', contrast: '#1A1A1A' },
  text: { primary: '#F4F4F6', secondary: '#C3C7CD' },
  accent: { main: '#BBC9D8', contrast: '#1A1A1A' },
  divider: '#9DA2AA',
  focus: '#8AB4F8',
};
