// `npm start`: builds the browser app when its sources changed since the last build, then runs the server
// (one process serving the app and the API). Signals are passed on so SIGTERM shuts the server down cleanly.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
try {
  buildIfStale(root);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
