import type { ThemePalette } from '../palette';

/** dark8: midnight and electric blue. The palette users of the original know (shell.md). */
export const dark8: ThemePalette = {
  type: 'dark',
  primary: { light: '#BEBFC8', main: '#252949', dark: '#141728', contrast: '#FFFFFF' },
  secondary: { light: '#CBD7FE', main: '#5079FC', dark: '#2C438B', contrast: '#1A1A1A' },
  background: { paper: '#2D3159', default: '#202441' },
  error: { main: '#FF8A80', contrast: '#1A1A1A' },
  text: { primary: '#F4F4F6', secondary: '#C3C7CD' },
  accent: { main: '#7A99FD', contrast: '#1A1A1A' },
  divider: '#7E858F',
  focus: '#8AB4F8',
};
