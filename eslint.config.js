import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// ---- Browser (src/) layering ------------------------------------------------------------------------------------
//
// Imports flow one way: contract <- machines <- api <- views <- app. Beside the contract sit two low shared layers,
// i18n (i18next set-up, locales) and theme (vanilla-extract contract and themes): they import only the contract and
// each other, and views use them. The app level is src/app, src/firstPaint (the server-drawn first paint renders the
// whole app) and the entry modules (src/main.tsx, src/eformsMain.tsx, src/eformsPrefetch.ts); nothing imports it.
// Machines are pure: xstate, the contract and other machines only (no React, no fetch, no i18n).
// tests/unit/lint-rules.test.ts checks that these rules fail a wrong import.

/** Relative-import patterns (gitignore style) matching a browser folder from anywhere below src/. */
const folder = (name) => [`**/${name}`, `**/${name}/**`];
const appLevel = [...folder('app'), ...folder('firstPaint'), '**/main', '**/eformsMain', '**/eformsPrefetch'];
const layerMessage = 'Browser imports flow one way: contract <- machines <- api <- views <- app (eslint.config.js).';
const restrict = (patterns, message = layerMessage) => ['error', { patterns: [{ group: patterns, message }] }];

const browserLayers = [
  {
    files: ['src/contract/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./', message: 'src/contract imports only itself (and packages such as zod).' }] },
      ],
    },
  },
  {
    files: ['src/machines/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!xstate(/|$)|\\./|\\.\\./contract/)',
              message: 'A machine imports only xstate, src/contract and other machines.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/i18n/**/*.{ts,tsx}', 'src/theme/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict(
        [...folder('machines'), ...folder('api'), ...folder('views'), ...appLevel],
        'src/i18n and src/theme are low shared layers: they import only src/contract, src/i18n and src/theme.',
      ),
    },
  },
  {
    files: ['src/api/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict([...folder('views'), ...appLevel]) },
  },
  {
    files: ['src/views/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(appLevel) },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
];
// ---- end of the browser block -----------------------------------------------------------------------------------

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'data', 'node_modules', 'coverage', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  ...browserLayers,
);
