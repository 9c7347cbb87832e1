import { style } from '@vanilla-extract/css';

export const icon = style({ flexShrink: 0 });

/** Arrows that point "forward" turn round in right-to-left text. */
export const mirrored = style([icon, { selectors: { '[dir="rtl"] &': { transform: 'scaleX(-1)' } } }]);
