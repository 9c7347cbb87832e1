import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

/** The unread count: a small pill in the badge colours (the toolbar's user button and its Inbox item). */
export const badge = style({
  display: 'inline-grid',
  placeItems: 'center',
  minInlineSize: '1.25rem',
  blockSize: '1.25rem',
  paddingInline: '0.3rem',
  borderRadius: '0.625rem',
  background: vars.color.selected,
  color: vars.color.selectedText,
  fontSize: '0.75rem',
  fontWeight: 700,
  lineHeight: 1,
  marginInlineStart: 'auto',
  '::after': { content: 'attr(data-count)' },
});
