import { createTheme } from '@vanilla-extract/css';
import { vars } from '../contract.css';
import { toTokens } from '../palette';
import { light9 } from './light9';

/** Class name that applies light9; loaded on demand by loadTheme (its own CSS chunk). */
export const theme = createTheme(vars, toTokens(light9), 'light9');
