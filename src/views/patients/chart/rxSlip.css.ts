import { globalStyle, style } from '@vanilla-extract/css';

/**
 * The printed Rx slip: hidden on screen, the only thing on the page when printed (the rest of the body is left
 * out while a slip is in it). Black on white, whatever the theme.
 */
export const slip = style({
  display: 'none',
  '@media': {
    print: { display: 'block', color: '#000', background: '#fff', fontSize: '11pt', paddingBlock: '1cm', paddingInline: '1cm' },
  },
});
globalStyle(`body:has(> ${slip}) > :not(${slip})`, { '@media': { print: { display: 'none' } } });
globalStyle(`${slip} table`, { borderCollapse: 'collapse', inlineSize: '100%', marginBlock: '0.5cm' });
globalStyle(`${slip} th, ${slip} td`, { border: '1px solid #000', paddingBlock: '2pt', paddingInline: '4pt', textAlign: 'start' });
globalStyle(`${slip} h1`, { fontSize: '16pt', margin: 0 });
globalStyle(`${slip} dl`, { display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '2pt 12pt', margin: 0 });
globalStyle(`${slip} dd`, { margin: 0 });
