import { createTheme } from '@vanilla-extract/css';
import { vars } from '../contract.css';
import { toTokens } from '../palette';
import { light15 } from './light15';

/** Class name that applies light15; loaded on demand by loadTheme (its own CSS chunk). */
export const theme = createTheme(vars, toTokens(light15), 'light15');
