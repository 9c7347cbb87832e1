import { globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', {
  fontFamily: 'system-ui, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", sans-serif',
  lineHeight: 1.5,
  background: vars.color.surface,
  color: vars.color.text,
  colorScheme: 'light',
});

/** data-mode follows the main theme's type: native controls and scrollbars match it. */
globalStyle('html[data-mode="dark"]', { colorScheme: 'dark' });

globalStyle('body', { margin: 0, minBlockSize: '100vh' });

/**
 * A typed value (an address, a name, an e-mail) reads in its own direction inside a field of the page's direction:
 * '42 Elm Street, Apt 3B' stays so in an Arabic form, and an empty field still starts at the page's start (unlike
 * dir="auto", which turns an empty field left-to-right).
 */
globalStyle('input:not([type]), input[type="text"], input[type="email"], input[type="tel"], input[type="search"], textarea', {
  unicodeBidi: 'plaintext',
});

/** The Custom Scrollbars switch: thin scrollbars in the theme's colours. */
globalStyle('html[data-custom-scrollbars] *, html[data-custom-scrollbars]', {
  scrollbarWidth: 'thin',
  scrollbarColor: `${vars.color.border} transparent`,
});

/** The Animations switch off: no transitions or animations anywhere. */
globalStyle('html[data-animations="off"] *, html[data-animations="off"] *::before, html[data-animations="off"] *::after', {
  transition: 'none !important',
  animation: 'none !important',
});
