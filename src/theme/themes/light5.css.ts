import { createTheme } from '@vanilla-extract/css';
import { vars } from '../contract.css';
import { toTokens } from '../palette';
import { light5 } from './light5';

/** Class name that applies light5; loaded on demand by loadTheme (its own CSS chunk). */
export const theme = createTheme(vars, toTokens(light5), 'light5');
