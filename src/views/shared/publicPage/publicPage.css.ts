import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';
import { button } from '../../ui/button.css';
import { focusRing } from '../../ui/focus.css';
import { languageChip } from '../../ui/languageChip.css';

/** The public eForm page: no shell, one readable column that fills a phone and stays narrow on a desktop. */
export const page = style({
  minBlockSize: '100dvh',
  display: 'grid',
  gridTemplateRows: 'auto 1fr',
  background: vars.color.surface,
  color: vars.color.text,
});

export const header = style({
  display: 'flex',
  justifyContent: 'flex-end',
  paddingBlock: '0.5rem',
  paddingInline: '0.75rem',
});

export const main = style({
  inlineSize: 'min(100%, 44rem)',
  boxSizing: 'border-box',
  marginInline: 'auto',
  paddingInline: '0.75rem',
  paddingBlockEnd: '2rem',
  display: 'grid',
  alignContent: 'start',
  gap: '1rem',
});

export const card = style({
  display: 'grid',
  gap: '1rem',
  padding: '1.25rem',
  borderRadius: '0.75rem',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  '@media': { 'screen and (min-width: 40rem)': { padding: '2rem' } },
});

export const centered = style([card, { justifyItems: 'center', textAlign: 'center', marginBlockStart: '10vh' }]);

export const title = style({ margin: 0, fontSize: '1.5rem', lineHeight: 1.25, overflowWrap: 'anywhere', outline: 'none' });

export const text = style({ margin: 0, overflowWrap: 'anywhere' });

export const muted = style({ margin: 0, color: vars.color.textMuted });

export const asterisk = style({ color: vars.color.danger, fontWeight: 700 });

export const notice = style({
  margin: 0,
  paddingBlock: '0.75rem',
  paddingInline: '1rem',
  borderRadius: '0.5rem',
  borderInlineStart: `4px solid ${vars.color.accent}`,
  background: vars.color.surface,
});

export const form = style({ display: 'grid', gap: '1rem' });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '0.75rem',
  justifyContent: 'flex-end',
  position: 'sticky',
  insetBlockEnd: 0,
  paddingBlock: '0.75rem',
  background: vars.color.surface,
});

export const dialogForm = style({ display: 'grid', gap: '1rem', marginBlockStart: '1rem' });

export const dialogActions = style({ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', justifyContent: 'flex-end' });

/** The page's native buttons (./controls.tsx) look like the app's (../../ui/button.css) with native states. */
const nativeStates = {
  selectors: {
    '&:focus-visible': focusRing,
    '&:disabled, &[aria-disabled="true"]': { opacity: 0.65, cursor: 'default' },
  },
} as const;
export const buttons = {
  primary: style([button.primary, nativeStates, { selectors: { '&:hover:enabled': { filter: 'brightness(1.12)' } } }]),
  secondary: style([button.secondary, nativeStates, { selectors: { '&:hover:enabled': { background: vars.color.surface } } }]),
};

export const languages = style({ display: 'flex', justifyContent: 'center', gap: '0.25rem', flexWrap: 'wrap' });

export const language = style({
  ...languageChip,
  selectors: {
    '&:hover': { color: vars.color.text },
    '&[aria-pressed="true"]': { color: vars.color.text, borderColor: vars.color.border, fontWeight: 600 },
    '&:focus-visible': focusRing,
  },
});

/** The code dialog (a native <dialog>): no padding of its own, so a click on it is a click on the backdrop. */
export const codeDialog = style({
  inlineSize: 'min(calc(100% - 2rem), 26rem)',
  boxSizing: 'border-box',
  padding: 0,
  borderRadius: '0.75rem',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: '0 1rem 3rem rgb(0 0 0 / 0.25)',
  selectors: { '&::backdrop': { background: 'rgb(0 0 0 / 0.45)' } },
});

export const codeDialogBody = style({ padding: '1.5rem' });

export const dialogHeading = style({ margin: 0, fontSize: '1.125rem', fontWeight: 600 });

export const fieldError = style({ color: vars.color.danger, fontSize: '0.875rem' });
