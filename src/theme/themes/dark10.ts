import type { ThemePalette } from '../palette';

/** dark10: indigo and ultraviolet. The palette users of the original know (shell.md). */
export const dark10: ThemePalette = {
  type: 'dark',
  primary: { light: '#C3C2D2', main: '#36336A', dark: '#1E1C3A', contrast: '#FFFFFF' },
  secondary: { light: '#D6CEFC', main: '#765CF5', dark: '#413387', contrast: '#FFFFFF' },
  background: { paper: '#2D2A5D', default: '#26244E' },
  error: { main: '#FF8A80', contrast: '#1A1A1A' },
  text: { primary: '#F4F4F6', secondary: '#C3C7CD' },
  accent: { main: '#9C8AF8', contrast: '#1A1A1A' },
  divider: '#7E858F',
  focus: '#8AB4F8',
};
