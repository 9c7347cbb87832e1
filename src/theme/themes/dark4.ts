import type { ThemePalette } from '../palette';

/** dark4: violet and jade. The palette users of the original know (shell.md). */
export const dark4: ThemePalette = {
  type: 'dark',
  primary: { light: '#CECADF', main: '#5A4E93', dark: '#322B51', contrast: '#FFFFFF' },
  secondary: { light: '#B3EBD6', main: '#00BC77', dark: '#006741', contrast: '#1A1A1A' },
  background: { paper: '#22184B', default: '#180F3D' },
  error: { main: '#FF8A80', contrast: '#1A1A1A' },
  text: { primary: '#F4F4F6', secondary: '#C3C7CD' },
  accent: { main: '#00BC77', contrast: '#1A1A1A' },
  divider: '#7E858F',
  focus: '#8AB4F8',
};
