import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { folderLinkRules } from '../shared/tabs.css';
import { controlBox } from '../ui/control.css';
import { focusRing } from '../ui/focus.css';

/** The template editor: the list of messages beside the editor on wide screens, above it on a phone. */
export const layout = style({
  display: 'grid',
  gap: '1rem',
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { '(min-width: 960px)': { gridTemplateColumns: 'minmax(14rem, 18rem) minmax(0, 1fr)', alignItems: 'start' } },
});

export const list = style({ display: 'grid', gap: '0.25rem', margin: 0, padding: 0, listStyle: 'none' });
export const listLink = style({ ...folderLinkRules, justifyContent: 'space-between', gap: '0.5rem' });

export const editor = style({ display: 'grid', gap: '1rem', minInlineSize: 0 });
export const row = style({ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', alignItems: 'end' });
export const field = style({ display: 'grid', gap: '0.25rem', minInlineSize: 0 });
export const grow = style({ flex: '1 1 14rem' });
export const control = style({ ...controlBox, outline: 'none', selectors: { '&:focus-visible': focusRing } });
export const textArea = style({
  ...controlBox,
  minBlockSize: '10rem',
  resize: 'vertical',
  fontFamily: 'inherit',
  lineHeight: 1.5,
  outline: 'none',
  selectors: { '&:focus-visible': focusRing },
});
export const error = style({ color: vars.color.danger, fontSize: '0.875rem', margin: 0 });
export const source = style({ margin: 0, color: vars.color.textMuted });

export const preview = style({
  display: 'grid',
  gap: '0.5rem',
  padding: '0.75rem 1rem',
  borderRadius: '0.75rem',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
});
export const previewText = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });
export const counter = style({ margin: 0, fontVariantNumeric: 'tabular-nums' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'end' });
