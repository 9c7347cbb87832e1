import { createTheme } from '@vanilla-extract/css';
import { vars } from '../contract.css';
import { toTokens } from '../palette';
import { dark12 } from './dark12';

/** Class name that applies dark12; loaded on demand by loadTheme (its own CSS chunk). */
export const theme = createTheme(vars, toTokens(dark12), 'dark12');
