import { createTheme } from '@vanilla-extract/css';
import { vars } from '../contract.css';
import { toTokens } from '../palette';
import { light17 } from './light17';

/** Class name that applies light17; loaded on demand by loadTheme (its own CSS chunk). */
export const theme = createTheme(vars, toTokens(light17), 'light17');

/** The default theme, bundled with the entry so the first paint (sign-in, splash) is already themed. */
export const light17Theme = theme;
