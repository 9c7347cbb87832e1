import { vars } from '../../theme/contract.css';

/** The box every text input and select shares (the form fields, the patient list's search, the eForm controls). */
export const controlBox = {
  minBlockSize: '2.75rem',
  paddingInline: '0.75rem',
  borderRadius: '0.5rem',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  font: 'inherit',
} as const;
