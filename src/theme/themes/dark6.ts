import type { ThemePalette } from '../palette';

/** dark6: coral red and sky on graphite. The palette users of the original know (shell.md). */
export const dark6: ThemePalette = {
  type: 'dark',
  primary: { light: '#FFC7CE', main: '#FF445D', dark: '#8C2533', contrast: '#1A1A1A' },
  secondary: { light: '#B4E3FB', main: '#05A2F3', dark: '#035986', contrast: '#1A1A1A' },
  background: { paper: '#2F3438', default: '#25292E' },
  error: { main: '#FF8A80', contrast: '#1A1A1A' },
  text: { primary: '#F4F4F6', secondary: '#C3C7CD' },
  accent: { main: '#FF697D', contrast: '#1A1A1A' },
  divider: '#7E858F',
  focus: '#8AB4F8',
};
