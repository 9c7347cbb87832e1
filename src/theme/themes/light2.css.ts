import { createTheme } from '@vanilla-extract/css';
import { vars } from '../contract.css';
import { toTokens } from '../palette';
import { light2 } from './light2';

/** Class name that applies light2; loaded on demand by loadTheme (its own CSS chunk). */
export const theme = createTheme(vars, toTokens(light2), 'light2');
