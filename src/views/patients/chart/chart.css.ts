import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';
import { button } from '../../ui/button.css';

/** The patient chart: a heading, a tab list that scrolls sideways on a phone, one panel. Logical properties only. */
export const page = style({
  display: 'grid',
  alignContent: 'start',
  gap: '1rem',
  maxInlineSize: '80rem',
  marginInline: 'auto',
  paddingBlock: '1.5rem',
  paddingInline: 'clamp(0.75rem, 3vw, 1.5rem)',
  color: vars.color.text,
  minInlineSize: 0,
});

export const header = style({ display: 'grid', gap: '0.25rem' });
export const title = style({ margin: 0, fontSize: '1.5rem' });
export const muted = style({ margin: 0, color: vars.color.textMuted, lineHeight: 1.5 });

// The tab strip is the one the template editor uses too.
export { panel, tab, tabList, tabs } from '../../shared/tabs.css';

/** Inside a tab: sections stacked, a toolbar of actions above a list. */
export const section = style({ display: 'grid', gap: '1rem', alignContent: 'start', minInlineSize: 0 });
export const sectionHeading = style({ margin: 0, fontSize: '1.125rem', fontWeight: 600 });
export const toolbar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.5rem 0.75rem' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' });

export const card = style({
  display: 'grid',
  gap: '0.75rem',
  padding: '1rem',
  borderRadius: '0.75rem',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  minInlineSize: 0,
});

export const form = style({ display: 'grid', gap: '1rem', alignContent: 'start', minInlineSize: 0 });
export const fieldGrid = style({
  display: 'grid',
  gap: '0.75rem 1rem',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 12rem), 1fr))',
  alignItems: 'start',
});
export const fieldset = style({
  display: 'grid',
  gap: '0.75rem',
  margin: 0,
  padding: '0.75rem 1rem 1rem',
  border: `1px solid ${vars.color.border}`,
  borderRadius: '0.5rem',
  minInlineSize: 0,
});
export const legend = style({ fontWeight: 600, paddingInline: '0.25rem' });
export const formError = style({ color: vars.color.danger, margin: 0 });

export const list = style({ display: 'grid', gap: '0.75rem', margin: 0, padding: 0, listStyle: 'none' });
export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: '0.5rem 1rem',
});
export const dl = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: '0.25rem 1rem',
  margin: 0,
});
globalStyle(`${dl} dt`, { color: vars.color.textMuted });
globalStyle(`${dl} dd`, { margin: 0 });

export const messageBody = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', color: vars.color.textMuted });

/** A link that looks like a secondary button (the messages tab's 'Write to patient'). */
export const linkButton = style([button.secondary, { textDecoration: 'none' }]);
