import { createTheme } from '@vanilla-extract/css';
import { vars } from '../contract.css';
import { toTokens } from '../palette';
import { light18 } from './light18';

/** Class name that applies light18; loaded on demand by loadTheme (its own CSS chunk). */
export const theme = createTheme(vars, toTokens(light18), 'light18');
