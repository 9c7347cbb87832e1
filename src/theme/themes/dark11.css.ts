import { createTheme } from '@vanilla-extract/css';
import { vars } from '../contract.css';
import { toTokens } from '../palette';
import { dark11 } from './dark11';

/** Class name that applies dark11; loaded on demand by loadTheme (its own CSS chunk). */
export const theme = createTheme(vars, toTokens(dark11), 'dark11');
