import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// ---- Server: one folder per feature (docs/architecture.md, "Layout") ------------------------------------------
// Every folder of server/ but the infrastructure (db/, http/) is a feature. Features are flat (no sub-folders). Code
// outside a feature imports only its public modules: server/<feature>/<feature>.ts and the files listed in
// serverPublicModules; never its routes.ts or plugin.ts (server/app.ts registers those) or any other file of it. Checked by
// no-restricted-imports on relative imports; tests/server/lint-boundaries.test.ts proves the rule fails a wrong import.
const serverInfrastructure = ['db', 'http'];
/** Public modules besides <feature>.ts, by file name without extension. */
export const serverPublicModules = {
  auth: ['codes', 'locks', 'passwords', 'sessions', 'tokens', 'user-view'],
  eforms: ['page'],
  firstPaint: ['documents'],
  // Lab orders issue tracking links with the in-process and ready messages (server/labOrders/workflow.ts).
  inbox: ['tracking'],
  // The register records sales on the invoice model, makes lab order drafts by their rules and emails receipts (server/pos).
  labOrders: ['workflow'],
  messaging: ['outbox', 'templates', 'transports'],
  // The appointment reminders (server/jobs) carry the visit link and wait out quiet hours.
  reminders: ['links', 'quietHours'],
  // An invoice prices its catalogue lines from the store's catalogue, as the register does; the demo seed writes
  // its sale to review through the register's own session and sale.
  pos: ['catalogue', 'demoSale'],
  sales: ['invoices', 'receipt'],
  scope: ['audited', 'context', 'patientRecord'],
  // The store's public booking page finds its company and store as the store sign-in does (server/booking/guestRoutes.ts).
  tenancy: ['platform', 'portal'],
};
export const serverFeatures = readdirSync(new URL('./server', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !serverInfrastructure.includes(entry.name))
  .map((entry) => entry.name)
  .sort();
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The restricted imports of a file outside `except` (a feature's own folder); `routes` lets server/app.ts register a feature's routes.ts and plugin.ts. */
function featureBoundaries(except, { routes = false } = {}) {
  const patterns = serverFeatures
    .filter((feature) => feature !== except)
    .map((feature) => {
      const open = [feature, ...(serverPublicModules[feature] ?? []), ...(routes ? ['routes', 'plugin'] : [])].map(escapeRegex);
      return {
        regex: `^(?:\\.\\.?/)+(?:server/)?${escapeRegex(feature)}/(?!(?:${open.join('|')})(?:\\.ts)?$)`,
        message: `Another feature's internals: import server/${feature}/${feature}.ts or a public module of it (serverPublicModules in eslint.config.js).`,
      };
    });
  return { 'no-restricted-imports': ['error', { patterns }] };
}
const serverBoundaries = [
  ...serverFeatures.map((feature) => ({ files: [`server/${feature}/**/*.ts`], rules: featureBoundaries(feature) })),
  ...serverInfrastructure.map((folder) => ({ files: [`server/${folder}/**/*.ts`], rules: featureBoundaries(null) })),
  { files: ['server/*.ts'], rules: featureBoundaries(null, { routes: true }) },
];
// ---- end of the server block ----------------------------------------------------------------------------------

// ---- Browser (src/) layering ------------------------------------------------------------------------------------
//
// Imports flow one way: contract <- machines <- api <- actors <- views <- app. Beside the contract sit two low shared layers,
// i18n (i18next set-up, locales) and theme (vanilla-extract contract and themes): they import only the contract and
// each other, and views use them. The app level is src/app, src/firstPaint (the server-drawn first paint renders the
// whole app) and the entry modules (src/main.tsx, src/eformsMain.tsx, src/eformsPrefetch.ts); nothing imports it.
// Machines are pure: xstate, the contract and other machines only (no React, no fetch, no i18n). src/actors holds each
// machine's wiring that a view runs (its actors and actions bound to the API and the browser); a view only runs the
// actor, reads it and sends, and may not call .provide() itself. The app's long-lived actors are wired in src/app.
// tests/unit/lint-rules.test.ts checks that these rules fail a wrong import.

/** Relative-import patterns (gitignore style) matching a browser folder from anywhere below src/. */
const folder = (name) => [`**/${name}`, `**/${name}/**`];
const appLevel = [...folder('app'), ...folder('firstPaint'), '**/main', '**/eformsMain', '**/eformsPrefetch'];
const layerMessage = 'Browser imports flow one way: contract <- machines <- api <- actors <- views <- app (eslint.config.js).';
const restrict = (patterns, message = layerMessage) => ['error', { patterns: [{ group: patterns, message }] }];

// The features of src/views are slices: a folder of src/views imports only src/views/shared (what several features
// use), src/views/ui (the design system) and itself, besides the lower layers; shared imports only ui and itself, ui
// only itself. The shell, the frame around every page, composes the features (its menus, panels and dialogs) and
// nothing imports it. What one feature's page shows of another comes through the view slots the app supplies
// (src/views/shared/slots.tsx). So no two folders import each other: the features form no cycle.
// tests/server/lint-boundaries.test.ts proves the rule fails a wrong import.
const viewsDirectory = new URL('./src/views', import.meta.url);
export const viewFolders = readdirSync(viewsDirectory, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
/** The folders of src/views each folder may import besides itself. */
const viewImportsAllowed = (name) => (name === 'ui' ? [] : name === 'shared' ? ['ui'] : ['shared', 'ui']);
const sliceMessage = 'A feature of src/views imports only src/views/shared, src/views/ui and itself (the shell composes them; eslint.config.js).';
// A view changes server data through a mutation hook of src/api (src/api/eformsAdmin.ts: useCreateBoard(tenantId)
// ...), which invalidates or updates what the change touched; the view passes only its own steps (a snackbar,
// navigation, its state). So no view writes the query cache itself, nor makes a mutation of its own (useMutation).
// tests/unit/lint-rules.test.ts proves the rule.
const queryCacheWrites = ['invalidateQueries', 'setQueryData', 'setQueriesData', 'resetQueries', 'removeQueries', 'refetchQueries'];
const queryCacheMessage =
  'A view does not write the query cache: put the request and its invalidation in a mutation hook of src/api/<area>.ts (see useCreateBoard in src/api/eformsAdmin.ts) and call that.';

const provideMessage =
  'A view does not wire a machine: put its actors and actions in one module of src/actors/<machine>.ts (see src/actors/formBuilder.ts) and run the actor from there.';

/** The view rules: the app level stays out of reach, a page reads its query through usePageSearch, a change goes through a mutation hook of src/api, and `slices`. */
function viewRestrictions(slices = []) {
  return [
    'error',
    {
      patterns: [{ group: appLevel, message: layerMessage }, ...slices],
      paths: [
        {
          name: 'wouter',
          importNames: ['useSearch'],
          message: 'A page reads its query with usePageSearch (src/views/shared/pageAddress.ts): the address changes before the route guard decides.',
        },
        {
          name: '@tanstack/react-query',
          importNames: ['useMutation'],
          message:
            'A view does not make its own mutation: put the request in a mutation hook of src/api/<area>.ts that owns what it refreshes (see useCreateBoard in src/api/eformsAdmin.ts) and pass it only your own steps (ViewEffects).',
        },
      ],
    },
  ];
}
/**
 * A folder's files at each depth below src/views/<folder>: after as many '../' as lead back to src/views, the next
 * name must be the folder itself or one it may import (or a further '../' to the lower layers, but not back into
 * src/views).
 */
const viewSlices = viewFolders
  .filter((name) => name !== 'shell')
  .flatMap((name) =>
    [1, 2, 3, 4].map((depth) => {
      const open = [name, ...viewImportsAllowed(name)].map(escapeRegex).join('|');
      const up = `(?:\\.\\./){${depth}}`;
      return {
        files: [`src/views/${name}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
        rules: {
          'no-restricted-imports': viewRestrictions([
            { regex: `^${up}(?!(?:${open})(?:/|$)|\\.\\./)`, message: sliceMessage },
            { regex: `^${up}\\.\\./views/(?!(?:${open})(?:/|$))`, message: sliceMessage },
          ]),
        },
      };
    }),
  );

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
    rules: { 'no-restricted-imports': restrict([...folder('actors'), ...folder('views'), ...appLevel]) },
  },
  {
    files: ['src/actors/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict([...folder('views'), ...appLevel]) },
  },
  {
    files: ['src/views/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': viewRestrictions(),
      // Views only render and send: the mutation hooks of src/api own what a change does to the query cache, and the
      // modules of src/actors what a machine's actors and actions do.
      'no-restricted-properties': [
        'error',
        ...queryCacheWrites.map((property) => ({ property, message: queryCacheMessage })),
        { property: 'provide', message: provideMessage },
      ],
      'no-restricted-syntax': [
        'error',
        {
          // <option>{store.name}</option>: an option holds text only, so a value (a name) is isolated by dir=auto.
          selector:
            'JSXElement[openingElement.name.name="option"]:not(:has(JSXAttribute[name.name="dir"])) > JSXExpressionContainer > :matches(MemberExpression, Identifier)',
          message: 'An option whose label is a value (a name) takes dir="auto", so mixed-direction text keeps its own order.',
        },
      ],
    },
  },
  ...viewSlices,
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
  ...serverBoundaries,
  ...browserLayers,
);
