import { createTheme } from '@vanilla-extract/css';
import { vars } from '../contract.css';
import { toTokens } from '../palette';
import { dark4 } from './dark4';

/** Class name that applies dark4; loaded on demand by loadTheme (its own CSS chunk). */
export const theme = createTheme(vars, toTokens(dark4), 'dark4');
