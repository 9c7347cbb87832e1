import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

/** The work desk's Sales to review: logical properties only (right to left works). */
export const view = style({ display: 'grid', gap: '0.75rem', minInlineSize: 0 });
export const caption = style({ textAlign: 'start' });
export const error = style({ margin: 0, color: vars.color.danger });
/** Totals stay on one line each; the reasons wrap. */
export const amounts = style({ whiteSpace: 'nowrap' });
export const reasons = style({ margin: 0, paddingInlineStart: '1.25rem', minInlineSize: '14rem', display: 'grid', gap: '0.25rem' });
