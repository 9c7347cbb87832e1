import { style } from '@vanilla-extract/css';

/** The work desk's Automations view: the run-now buttons wrap on a phone. */
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', marginBlock: '0.5rem' });
