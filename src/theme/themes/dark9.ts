import type { ThemePalette } from '../palette';

/** dark9: petrol and green. The palette users of the original know (shell.md). */
export const dark9: ThemePalette = {
  type: 'dark',
  primary: { light: '#BCC8CD', main: '#204657', dark: '#122730', contrast: '#FFFFFF' },
  secondary: { light: '#B3EBC5', main: '#00BD3E', dark: '#006822', contrast: '#1A1A1A' },
  background: { paper: '#1C1E27', default: '#15171E' },
  error: { main: '#FF8A80', contrast: '#1A1A1A' },
  text: { primary: '#F4F4F6', secondary: '#C3C7CD' },
  accent: { main: '#00BD3E', contrast: '#1A1A1A' },
  divider: '#7E858F',
  focus: '#8AB4F8',
};
