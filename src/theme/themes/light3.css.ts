import { createTheme } from '@vanilla-extract/css';
import { vars } from '../contract.css';
import { toTokens } from '../palette';
import { light3 } from './light3';

/** Class name that applies light3; loaded on demand by loadTheme (its own CSS chunk). */
export const theme = createTheme(vars, toTokens(light3), 'light3');
