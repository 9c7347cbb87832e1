import type { ThemePalette } from '../palette';

/** dark1: charcoal and emerald. The palette users of the original know (shell.md). */
export const dark1: ThemePalette = {
  type: 'dark',
  primary: { light: '#C2C2C3', main: '#323338', dark: '#1C1C1F', contrast: '#FFFFFF' },
  secondary: { light: '#B8E1D9', main: '#129B7F', dark: '#0A5546', contrast: '#1A1A1A' },
  background: { paper: '#262526', default: '#1E1D1E' },
  error: { main: '#FF8A80', contrast: '#1A1A1A' },
  text: { primary: '#F4F4F6', secondary: '#C3C7CD' },
  accent: { main: '#1B9F84', contrast: '#1A1A1A' },
  divider: '#7E858F',
  focus: '#8AB4F8',
};
