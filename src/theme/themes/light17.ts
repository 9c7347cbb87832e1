import type { ThemeColors } from '../contract.css';

/**
 * light17, "Fern": forest green on warm paper. Ours to design (shell.md); kept apart from light1's teal and
 * light6's green-teal. Contrast is checked in tests/unit/theme.test.ts.
 */
export const light17: ThemeColors = {
  surface: '#F5F3EC',
  surfaceRaised: '#FFFFFF',
  text: '#1F2A22',
  textMuted: '#58635A',
  accent: '#2F6B45',
  accentText: '#FFFFFF',
  border: '#7D877F',
  focusRing: '#1C5FB8',
  danger: '#B3261E',
};
