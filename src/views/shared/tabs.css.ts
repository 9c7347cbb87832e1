import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { selectedRow } from '../../theme/selectedRow';
import { focusRing } from '../ui/focus.css';

/**
 * A tab list above one panel (the patient chart, the template editor): its tabs wrap onto more rows on a narrow
 * screen, so every tab is within reach without scrolling sideways.
 */
export const tabs = style({ display: 'grid', gap: '1rem', minInlineSize: 0 });

export const tabList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '0.25rem',
  borderBlockEnd: `1px solid ${vars.color.border}`,
  paddingBlockEnd: '1px',
});

export const tab = style({
  flex: '0 0 auto',
  paddingBlock: '0.625rem',
  paddingInline: '0.875rem',
  minBlockSize: '2.75rem',
  display: 'inline-flex',
  alignItems: 'center',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  color: vars.color.textMuted,
  fontWeight: 600,
  borderBlockEnd: '3px solid transparent',
  borderRadius: '0.375rem 0.375rem 0 0',
  outline: 'none',
  textDecoration: 'none',
  selectors: {
    '&[data-hovered]': { color: vars.color.text },
    '&[data-selected]': { color: vars.color.accent, borderBlockEndColor: vars.color.accent },
    '&[data-focus-visible]': focusRing,
  },
});

export const panel = style({ minInlineSize: 0, outline: 'none', selectors: { '&[data-focus-visible]': focusRing } });

/**
 * The rules of a link in a list of folders beside one panel (general settings' groups, the templates): a row as tall
 * as a finger, the current folder selected. Rules, not a class: each list adds its own (spacing, alignment).
 */
export const folderLinkRules = {
  display: 'flex',
  alignItems: 'center',
  minBlockSize: '2.75rem',
  paddingInline: '0.75rem',
  borderRadius: '0.5rem',
  color: vars.color.text,
  textDecoration: 'none',
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': focusRing,
    '&[data-hovered]': { background: vars.color.surfaceRaised },
    '&[aria-current="page"]': { ...selectedRow, fontWeight: 600 },
  },
} as const;
