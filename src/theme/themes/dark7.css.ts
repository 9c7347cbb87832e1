import { createTheme } from '@vanilla-extract/css';
import { vars } from '../contract.css';
import { toTokens } from '../palette';
import { dark7 } from './dark7';

/** Class name that applies dark7; loaded on demand by loadTheme (its own CSS chunk). */
export const theme = createTheme(vars, toTokens(dark7), 'dark7');
