import { createTheme } from '@vanilla-extract/css';
import { vars } from '../contract.css';
import { toTokens } from '../palette';
import { light14 } from './light14';

/** Class name that applies light14; loaded on demand by loadTheme (its own CSS chunk). */
export const theme = createTheme(vars, toTokens(light14), 'light14');
