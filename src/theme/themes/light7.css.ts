import { createTheme } from '@vanilla-extract/css';
import { vars } from '../contract.css';
import { toTokens } from '../palette';
import { light7 } from './light7';

/** Class name that applies light7; loaded on demand by loadTheme (its own CSS chunk). */
export const theme = createTheme(vars, toTokens(light7), 'light7');
