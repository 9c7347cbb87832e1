import type { ThemePalette } from '../palette';

/** dark11: aubergine and wine. The palette users of the original know (shell.md). */
export const dark11: ThemePalette = {
  type: 'dark',
  primary: { light: '#BFB7BF', main: '#2A0F29', dark: '#170817', contrast: '#FFFFFF' },
  secondary: { light: '#D9B9C3', main: '#801737', dark: '#460D1E', contrast: '#FFFFFF' },
  background: { paper: '#200D1F', default: '#2D132C' },
  error: { main: '#FF8A80', contrast: '#1A1A1A' },
  text: { primary: '#F4F4F6', secondary: '#C3C7CD' },
  accent: { main: '#B37487', contrast: '#1A1A1A' },
  divider: '#7E858F',
  focus: '#8AB4F8',
};
