/**
 * The real server process for the browser tests, started the way `npm start` starts it (`node --import tsx
 * server/main.ts`) on a free port with a PGlite directory of its own: a fresh one, where the demo data is seeded on
 * first start, or a copy of the run's data template (makeDataTemplate), which holds just that.
 */
import { spawn } from 'node:child_process';
import { buildIfStale } from '../../../scripts/build-if-stale.mjs';
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../..', import.meta.url));

/** Builds the browser app when its sources are newer than the build, as `npm start` does. */
export function buildAppIfStale(): void {
  buildIfStale(root);
}

/**
 * Which build the server serves: a hash of dist/index.html (it names the hashed entry assets). The server registers
 * the files of dist once at start-up, so a `vite build` during the run (another terminal) leaves it serving an
 * index.html whose scripts it answers with 404: the tests check this did not happen before they blame the app.
 */
export function buildId(): string | null {
  const index = join(root, 'dist', 'index.html');
  return existsSync(index) ? createHash('sha256').update(readFileSync(index)).digest('hex') : null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  baseURL: string;
  /** The PGlite data folder. */
  dataDir: string;
  /** The process's exit code once it has exited, else null. */
  exitCode(): number | null;
  /** Everything the process printed so far (the outbox prints the one-time codes in development). */
  output(): string;
  /** SIGTERM, then waits for the exit (SIGKILL after 15 s) and removes the data directory (unless keepData). */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Extra environment, e.g. TRUST_PROXY. */
  env?: NodeJS.ProcessEnv;
  /** How long to wait for GET /api/health. */
  timeoutMs?: number;
  /** A data folder (makeDataTemplate) the server starts on a copy of, instead of an empty one. */
  dataTemplate?: string;
  /** Leaves the data folder in place at stop (makeDataTemplate). */
  keepData?: boolean;
}

export async function startServer({ env = {}, timeoutMs = 150_000, dataTemplate, keepData = false }: StartOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  if (dataTemplate) cpSync(dataTemplate, dataDir, { recursive: true });
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    ...env,
  };
  // The embedded database, never a PostgreSQL server the shell happens to point at.
  delete childEnv.DATABASE_URL;

  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts')], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let stopping = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      // Leave a trace when the server ends by itself (a crash, or a signal from outside).
      if (!stopping) output += `\n[e2e] the server exited on its own: code ${code}, signal ${signal}\n`;
      resolve();
    }),
  );

  const stop = async () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    }
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
  };

  const baseURL = `http://127.0.0.1:${port}`;
  const running: RunningServer = { baseURL, dataDir, output: () => output, exitCode: () => child.exitCode, stop };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server exited with ${child.exitCode} before it was ready:\n${output}`);
    }
    try {
      const health = await fetch(`${baseURL}/api/health`);
      if (health.ok) return running;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`The server did not answer /api/health within ${timeoutMs} ms:\n${output}`);
}

/**
 * Migrations and the demo seed take most of a fresh start (a minute on a busy two-core machine, against seconds on a
 * copy). One server starts on a fresh folder and stops (PGlite flushes); the folder it leaves, the demo data as a first
 * start makes it, is the run's template: the shared server and each file's own server start on a copy of it.
 */
export async function makeDataTemplate(timeoutMs: number): Promise<{ dir: string; remove(): void }> {
  const first = await startServer({ timeoutMs, keepData: true });
  await first.stop();
  // Only a clean exit (SIGTERM: the app closes, PGlite flushes, exit 0) leaves a folder fit to copy.
  if (first.exitCode() !== 0) {
    rmSync(first.dataDir, { recursive: true, force: true });
    throw new Error(`The template server did not stop cleanly (exit code ${first.exitCode()}):\n${first.output()}`);
  }
  return { dir: first.dataDir, remove: () => rmSync(first.dataDir, { recursive: true, force: true }) };
}
