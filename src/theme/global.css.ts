import { globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', {
  fontFamily: 'system-ui, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", sans-serif',
  lineHeight: 1.5,
  background: vars.color.surface,
  color: vars.color.text,
});

globalStyle('body', { margin: 0, minBlockSize: '100vh' });
