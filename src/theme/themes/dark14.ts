import type { ThemePalette } from '../palette';

/** dark14: "Ember": orange glow on smoked brown. Ours to design (shell.md). */
export const dark14: ThemePalette = {
  type: 'dark',
  primary: { light: '#C4BDBC', main: '#3A2420', dark: '#201412', contrast: '#FFFFFF' },
  secondary: { light: '#FFDCC5', main: '#FF8A3D', dark: '#8C4C22', contrast: '#1A1A1A' },
  background: { paper: '#2B1F1C', default: '#1F1614' },
  error: { main: '#FF8A80', contrast: '#1A1A1A' },
  text: { primary: '#F4F4F6', secondary: '#C3C7CD' },
  accent: { main: '#FF8A3D', contrast: '#1A1A1A' },
  divider: '#7E858F',
  focus: '#8AB4F8',
};
