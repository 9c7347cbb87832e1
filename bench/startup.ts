/** Start-up of the real server: spawn → GET /api/health answers 200, on an empty database and on a second start. */
import { freePort } from './lib/http';
import { log, seconds } from './lib/format';
import { startProcess, sleep, tail, waitFor200, type Proc, type StopResult } from './lib/process';

export type DbKind = 'pglite' | 'postgres';
export const kindName: Record<DbKind, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

export interface DbTarget {
  kind: DbKind;
  /** DATABASE_URL for PostgreSQL; DATA_DIR for PGlite. */
  databaseUrl?: string;
  dataDir: string;
}

export interface Server {
  proc: Proc;
  base: string;
}

export function serverEnv(target: DbTarget, port: number, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...extra,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: target.dataDir,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
  return env;
}

export interface StartupRun {
  /** spawn → GET /api/health 200 */
  ms: number;
  /** What the server itself logs ("Ready in N ms": config to listening, without loading the code). */
  readyLogMs: number | null;
  /** SIGTERM → exit, when this process was stopped as part of the measurement. */
  stop?: StopResult;
}

/** `env`: settings of this start beside the bench's own environment; `nodeArgs`: Node's flags (startProcess). */
export async function startServer(target: DbTarget, label: string, env: NodeJS.ProcessEnv = {}, nodeArgs: string[] = []): Promise<{ server: Server; run: StartupRun }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  log(`  starting the server on ${kindName[target.kind]} (${label}), port ${port}...`);
  const proc = startProcess(`server on ${kindName[target.kind]} (${label})`, 'server/main.ts', serverEnv(target, port, env), nodeArgs);
  const ms = await waitFor200(proc, `${base}/api/health`);
  // The "Ready" line is printed right after listen(); give the pipe a moment to deliver it.
  let ready: RegExpMatchArray | null = null;
  for (let i = 0; i < 40 && !(ready = proc.output().match(/Ready in (\d+) ms/)); i++) await sleep(25);
  log(`    GET /api/health answered 200 after ${seconds(ms)}`);
  return { server: { proc, base }, run: { ms, readyLogMs: ready ? Number(ready[1]) : null } };
}

export interface StartupPair {
  empty: StartupRun;
  second: StartupRun;
}

/** Measures both start-ups and leaves the second server running for the load tests. */
export async function measureStartups(target: DbTarget): Promise<{ startups: StartupPair; server: Server }> {
  const first = await startServer(target, 'empty database');
  const stop = await first.server.proc.stop();
  first.run.stop = stop;
  log(`    SIGTERM → exit in ${seconds(stop.ms)} (code ${stop.code}${stop.forced ? ', had to SIGKILL' : ''})`);
  if (stop.forced || stop.code !== 0) {
    throw new Error(`the first server did not shut down cleanly on SIGTERM (code ${stop.code}, signal ${stop.signal}):\n${tail(first.server.proc.output())}`);
  }
  const second = await startServer(target, 'second start');
  return { startups: { empty: first.run, second: second.run }, server: second.server };
}
