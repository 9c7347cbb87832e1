import type { ThemePalette } from '../palette';

/** dark7: amber and scarlet on graphite. The palette users of the original know (shell.md). */
export const dark7: ThemePalette = {
  type: 'dark',
  primary: { light: '#FFECC5', main: '#FEBE3E', dark: '#8C6922', contrast: '#1A1A1A' },
  secondary: { light: '#FFC8C7', main: '#FE4644', dark: '#8C2725', contrast: '#1A1A1A' },
  background: { paper: '#2A2E32', default: '#212529' },
  error: { main: '#FF8A80', contrast: '#1A1A1A' },
  text: { primary: '#F4F4F6', secondary: '#C3C7CD' },
  accent: { main: '#FEBE3E', contrast: '#1A1A1A' },
  divider: '#7E858F',
  focus: '#8AB4F8',
};
