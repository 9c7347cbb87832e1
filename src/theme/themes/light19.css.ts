import { createTheme } from '@vanilla-extract/css';
import { vars } from '../contract.css';
import { toTokens } from '../palette';
import { light19 } from './light19';

/** Class name that applies light19; loaded on demand by loadTheme (its own CSS chunk). */
export const theme = createTheme(vars, toTokens(light19), 'light19');
