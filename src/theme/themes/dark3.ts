import type { ThemePalette } from '../palette';

/** dark3: navy and brick. The palette users of the original know (shell.md). */
export const dark3: ThemePalette = {
  type: 'dark',
  primary: { light: '#C2C8D2', main: '#354968', dark: '#1D2839', contrast: '#FFFFFF' },
  secondary: { light: '#F2CDC8', main: '#D55847', dark: '#753027', contrast: '#000000' },
  background: { paper: '#23354E', default: '#1B2A3F' },
  error: { main: '#FF8A80', contrast: '#1A1A1A' },
  text: { primary: '#F4F4F6', secondary: '#C3C7CD' },
  accent: { main: '#E1877B', contrast: '#1A1A1A' },
  divider: '#7E858F',
  focus: '#8AB4F8',
};
