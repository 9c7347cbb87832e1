import { createTheme } from '@vanilla-extract/css';
import { vars } from '../contract.css';
import { toTokens } from '../palette';
import { light8 } from './light8';

/** Class name that applies light8; loaded on demand by loadTheme (its own CSS chunk). */
export const theme = createTheme(vars, toTokens(light8), 'light8');
