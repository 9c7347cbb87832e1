// Builds the browser app when its sources are newer than the last build (or there is none). Used by
// `npm start` and by the browser tests, so both always serve what the sources say.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestChange(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(info.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

/** @param {string} root the repository folder */
export function buildIfStale(root) {
  const built = join(root, 'dist', 'index.html');
  const sources = ['src', 'index.html', 'eforms.html', 'vite.config.ts', 'package-lock.json'].map((p) => join(root, p)).filter(existsSync);
  if (existsSync(built) && Math.max(...sources.map(newestChange)) <= statSync(built).mtimeMs) return;
  console.log('Building the browser app...');
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  // Always the production build: a caller such as vitest sets NODE_ENV=test, which would give React's development build.
  const build = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error(`vite build failed with status ${build.status}`);
}
