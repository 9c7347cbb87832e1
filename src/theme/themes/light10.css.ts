import { createTheme } from '@vanilla-extract/css';
import { vars } from '../contract.css';
import { toTokens } from '../palette';
import { light10 } from './light10';

/** Class name that applies light10; loaded on demand by loadTheme (its own CSS chunk). */
export const theme = createTheme(vars, toTokens(light10), 'light10');
