import { createTheme } from '@vanilla-extract/css';
import { vars } from '../contract.css';
import { toTokens } from '../palette';
import { dark13 } from './dark13';

/** Class name that applies dark13; loaded on demand by loadTheme (its own CSS chunk). */
export const theme = createTheme(vars, toTokens(dark13), 'dark13');
