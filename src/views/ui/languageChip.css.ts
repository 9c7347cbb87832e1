import { vars } from '../../theme/contract.css';

/**
 * The language switch's buttons: the sign-in screens (React Aria's ToggleButton states) and the public eForm
 * page (native buttons with aria-pressed) add their own state selectors.
 */
export const languageChip = {
  paddingBlock: '0.25rem',
  paddingInline: '0.625rem',
  borderRadius: '999px',
  border: '1px solid transparent',
  background: 'none',
  color: vars.color.textMuted,
  font: 'inherit',
  fontSize: '0.875rem',
  cursor: 'pointer',
  outline: 'none',
} as const;
