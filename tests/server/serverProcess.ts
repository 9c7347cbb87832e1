/**
 * The real server process (`server/main.ts` through tsx, as `npm start` runs it) for tests that need what
 * app.inject cannot give: a process that is killed, restarted, or run twice beside another.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

const running = new Set<ChildProcess>();

/** Kills every server this file started and has not stopped (a test that failed or timed out leaves none behind). */
export function killStrayServers(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** http://127.0.0.1:<port>/api */
  api: string;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Sends a signal and resolves with the exit code (null when killed by the signal). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts the server with `env` on top of the test's environment and waits until /api/health answers. Either
 * DATABASE_URL (PostgreSQL) or DATA_DIR (a PGlite folder) should be given.
 */
export async function startServer(env: NodeJS.ProcessEnv, port?: number): Promise<ServerProcess> {
  const p = port ?? (await freePort());
  let output = '';
  const full: NodeJS.ProcessEnv = { ...process.env, PORT: String(p), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env };
  if (!env.DATABASE_URL) delete full.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env: full, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  running.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  const server: ServerProcess = {
    child,
    port: p,
    api: `http://127.0.0.1:${p}/api`,
    output: () => output,
    stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  // Two minutes: a start on a busy CI machine (tsx, migrations, crash recovery) can take a good part of one.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${output}`);
    try {
      if ((await fetch(`${server.api}/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await server.stop('SIGKILL');
  throw new Error(`server did not start: ${output}`);
}

/**
 * A new PostgreSQL database on the cluster of TEST_DATABASE_URL, dropped by `drop`: empty (the server migrates and
 * seeds it at its first start), or a copy of `template` (the suite's migrated and seeded one).
 */
export async function emptyPostgresDatabase(baseUrl: string, template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `test_proc_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A JSON call to the API as a client would make it; `status` 0 when no answer came (the connection failed). */
export async function call<T = Record<string, unknown>>(
  api: string,
  method: string,
  path: string,
  opts: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  try {
    const res = await fetch(`${api}${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: the text itself
    }
    return { status: res.status, body: body as T, headers: res.headers };
  } catch {
    return { status: 0, body: undefined as T, headers: new Headers() };
  }
}
