import type { ThemePalette } from '../palette';

/** dark13: "Deep teal": aqua on blue-green night. Ours to design (shell.md). */
export const dark13: ThemePalette = {
  type: 'dark',
  primary: { light: '#B7C5C5', main: '#0F3D3E', dark: '#082222', contrast: '#FFFFFF' },
  secondary: { light: '#C5F1EF', main: '#3FD0C9', dark: '#23726F', contrast: '#1A1A1A' },
  background: { paper: '#14292A', default: '#0C1C1D' },
  error: { main: '#FF8A80', contrast: '#1A1A1A' },
  text: { primary: '#F4F4F6', secondary: '#C3C7CD' },
  accent: { main: '#3FD0C9', contrast: '#1A1A1A' },
  divider: '#7E858F',
  focus: '#8AB4F8',
};
