import { vars } from '../../theme/contract.css';

/** The one focus ring, for React Aria's data-focus-visible (keyboard focus only). */
export const focusRing = {
  outline: `2px solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
} as const;
