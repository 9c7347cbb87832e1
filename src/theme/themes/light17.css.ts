import { createTheme } from '@vanilla-extract/css';
import { vars } from '../contract.css';
import { light17 } from './light17';

/** Class name that applies light17; it goes on <html>. */
export const light17Theme = createTheme(vars, { color: light17 });
