import type { ThemePalette } from '../palette';

/** dark2: slate and linen. The palette users of the original know (shell.md). */
export const dark2: ThemePalette = {
  type: 'dark',
  primary: { light: '#C9CACE', main: '#4B4F5A', dark: '#292B32', contrast: '#FFFFFF' },
  secondary: { light: '#F8F5F2', main: '#E6DED5', dark: '#7F7A75', contrast: '#1A1A1A' },
  background: { paper: '#31343E', default: '#2A2D35' },
  error: { main: '#FF8A80', contrast: '#1A1A1A' },
  text: { primary: '#F4F4F6', secondary: '#C3C7CD' },
  accent: { main: '#E6DED5', contrast: '#1A1A1A' },
  divider: '#7E858F',
  focus: '#8AB4F8',
};
