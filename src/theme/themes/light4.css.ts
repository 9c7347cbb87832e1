import { createTheme } from '@vanilla-extract/css';
import { vars } from '../contract.css';
import { toTokens } from '../palette';
import { light4 } from './light4';

/** Class name that applies light4; loaded on demand by loadTheme (its own CSS chunk). */
export const theme = createTheme(vars, toTokens(light4), 'light4');
