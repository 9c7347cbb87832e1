import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';
import { folderLinkRules } from '../../shared/tabs.css';
import { controlBox } from '../../ui/control.css';
import { focusRing } from '../../ui/focus.css';

/** General settings and stores: the groups beside the forms on a wide screen, above them on a phone; logical properties only. */
// The page and its title are the account pages' (users, My Profile): one frame for the settings pages.
export { page, title } from '../../shared/account.css';
export const muted = style({ margin: 0, color: vars.color.textMuted, lineHeight: 1.5, overflowWrap: 'anywhere' });
export const error = style({ margin: 0, color: vars.color.danger, fontSize: '0.875rem' });
export const label = style({ fontWeight: 600, fontSize: '0.9375rem' });
export const link = style({ color: vars.color.accent, selectors: { '&[data-focus-visible]': focusRing } });

export const layout = style({
  display: 'grid',
  gap: '1rem',
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { '(min-width: 960px)': { gridTemplateColumns: 'minmax(12rem, 16rem) minmax(0, 1fr)', alignItems: 'start' } },
});
export const folders = style({ display: 'flex', flexWrap: 'wrap', gap: '0.25rem', margin: 0, padding: 0, listStyle: 'none', '@media': { '(min-width: 960px)': { display: 'grid' } } });
export const folder = style(folderLinkRules);
export const content = style({ display: 'grid', gap: '1rem', minInlineSize: 0 });
export const scope = style({ display: 'grid', gap: '0.25rem', maxInlineSize: '24rem', minInlineSize: 0 });
export const select = style({ ...controlBox, minInlineSize: 0, maxInlineSize: '100%', selectors: { '&:focus-visible': focusRing } });
export const input = style({ ...controlBox, minInlineSize: 0, selectors: { '&:focus-visible': focusRing } });

export const panel = style({
  display: 'grid',
  gap: '0.75rem',
  padding: '1rem',
  borderRadius: '0.5rem',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  minInlineSize: 0,
});
export const panelTitle = style({ margin: 0, fontSize: '1.125rem' });
export const form = style({ display: 'grid', gap: '1rem', minInlineSize: 0 });
export const grid = style({ display: 'grid', gap: '0.75rem 1rem', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 14rem), 1fr))' });
export const fieldset = style({ display: 'grid', gap: '0.5rem', border: 'none', margin: 0, padding: 0, minInlineSize: 0 });
export const legend = style({ fontWeight: 600, padding: 0, marginBlockEnd: '0.25rem' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' });
export const switches = style({ display: 'grid', gap: '0.25rem' });

export const hours = style({ display: 'grid', gap: '0.5rem' });
export const day = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: '0.5rem 1rem', paddingBlock: '0.25rem', borderBlockEnd: `1px solid ${vars.color.border}` });
export const dayName = style({ fontWeight: 600, minInlineSize: '6rem' });
export const time = style({ display: 'grid', gap: '0.25rem', fontSize: '0.9375rem' });

export const textareaField = style({ display: 'grid', gap: '0.25rem' });
export const textarea = style({ ...controlBox, paddingBlock: '0.5rem', resize: 'vertical', minInlineSize: 0, selectors: { '&:focus-visible': focusRing } });

export const types = style({ display: 'grid', gap: '0.5rem' });
export const typeRow = style({ display: 'grid', gap: '0.5rem 1rem', alignItems: 'end', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 12rem), 1fr))' });
export const steps = style({ display: 'grid', gap: '0.5rem', margin: 0, paddingInlineStart: '1.25rem' });
export const step = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: '0.5rem 1rem' });

export const colourRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: '1rem' });
export const colour = style({ inlineSize: '4rem', blockSize: '2.75rem', padding: 0, border: `1px solid ${vars.color.border}`, borderRadius: '0.5rem', background: 'none' });
export const preview = style({ display: 'inline-flex', alignItems: 'center', minBlockSize: '2.75rem', paddingInline: '1rem', borderRadius: '0.5rem', fontWeight: 600 });

// ---- The stores screen ----
export const cards = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '1rem', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 22rem), 1fr))' });
export const facts = style({ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: '0.25rem 1rem', margin: 0, overflowWrap: 'anywhere' });
export const list = style({ margin: 0, paddingInlineStart: '1.25rem', display: 'grid', gap: '0.25rem', overflowWrap: 'anywhere' });
export const bar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: '0.75rem 1rem' });
