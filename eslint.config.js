import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// ---- Server: one folder per feature (docs/architecture.md, "Layout") ------------------------------------------
// Every folder of server/ but the infrastructure (db/, http/) is a feature. Features are flat (no sub-folders). Code
// outside a feature imports only its public modules: server/<feature>/<feature>.ts and the files listed in
// serverPublicModules; never its routes.ts (server/app.ts registers those) or any other file of it. Checked by
// no-restricted-imports on relative imports; tests/server/lint-boundaries.test.ts proves the rule fails a wrong import.
const serverInfrastructure = ['db', 'http'];
/** Public modules besides <feature>.ts, by file name without extension. */
export const serverPublicModules = {
  auth: ['codes', 'passwords', 'tokens', 'user-view'],
  eforms: ['page'],
  firstPaint: ['documents'],
  messaging: ['outbox', 'templates'],
  scope: ['audited', 'patientRecord'],
  tenancy: ['platform'],
};
export const serverFeatures = readdirSync(new URL('./server', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !serverInfrastructure.includes(entry.name))
  .map((entry) => entry.name)
  .sort();
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The restricted imports of a file outside `except` (a feature's own folder); `routes` lets server/app.ts register. */
function featureBoundaries(except, { routes = false } = {}) {
  const patterns = serverFeatures
    .filter((feature) => feature !== except)
    .map((feature) => {
      const open = [feature, ...(serverPublicModules[feature] ?? []), ...(routes ? ['routes'] : [])].map(escapeRegex);
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
);
