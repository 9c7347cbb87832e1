/**
 * `npm run bench`: measures the real server as a user and an operator meet it, and checks the budgets.
 *
 *   1. Start-up: spawn → GET /api/health answers 200, on an empty database and on the second start of the same
 *      one, on PGlite (fresh DATA_DIR in a temp folder) and on PostgreSQL (a fresh `bench_<random>` database).
 *   2. Throughput (autocannon): GET /api/health, authenticated GET /api/patient/me, and a bare Fastify hello
 *      (bench/bare-hello.ts, its own process) for the baseline. Budgets on PostgreSQL; PGlite for information.
 *   3. Browser bundle: gzipped size of the JS that dist/index.html loads (the sign-in route's first load).
 *
 * Environment:
 *   BENCH_DURATION       seconds per load test (default 10), e.g. 3 for a quick check
 *   BENCH_DATABASE_URL   PostgreSQL to create the bench database in (default postgres://postgres@127.0.0.1:5432/test,
 *                        skipped when that default is unreachable; an explicit URL must be reachable)
 *   BENCH_STRICT=1       exit with status 1 when a budget is missed (errors always exit 1)
 *
 * Prints progress on stderr and the report on stdout; writes bench/results/latest.json. Every process started
 * and the bench database are removed on the way out, on failure and on Ctrl-C too.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { DEMO_PASSWORD, demoIds } from '../server/db/seed';

const root = fileURLToPath(new URL('..', import.meta.url));
const resultsFile = path.join(root, 'bench', 'results', 'latest.json');

const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';
const CONNECTIONS = 50;
const DURATION = parseDuration(process.env.BENCH_DURATION);
const WARMUP = DURATION < 5 ? 1 : 2;
const START_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 15_000;

const budgets = {
  startupEmptyMs: 15_000,
  startupSecondMs: 5_000,
  ratioMin: 0.25,
  p99MaxMs: 50,
  signInJsGzipMaxBytes: 150_000,
};

function parseDuration(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 10;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 600) throw new Error(`BENCH_DURATION must be a whole number of seconds (1-600), got "${raw}"`);
  return n;
}

// ---------------------------------------------------------------------------------------------------------------
// Clean-up: everything started registers its undoing here; run in reverse on success, failure and signals.

interface Cleanup {
  label: string;
  run: () => Promise<void> | void;
}
const cleanups: Cleanup[] = [];
const liveChildren = new Set<ChildProcess>();

function onCleanup(label: string, run: () => Promise<void> | void): () => Promise<void> {
  const entry: Cleanup = { label, run };
  cleanups.push(entry);
  // Running it early (the normal path) takes it off the list.
  return async () => {
    const i = cleanups.indexOf(entry);
    if (i === -1) return;
    cleanups.splice(i, 1);
    await entry.run();
  };
}

async function runCleanups(): Promise<void> {
  while (cleanups.length > 0) {
    const entry = cleanups.pop()!;
    try {
      await entry.run();
    } catch (err) {
      console.error(`clean-up "${entry.label}" failed: ${message(err)}`);
    }
  }
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal); // the child leads its own process group (detached)
  } catch {
    // already gone
  }
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (interrupted) {
      for (const child of liveChildren) killGroup(child, 'SIGKILL');
      process.exit(130);
    }
    interrupted = true;
    log(`\n${signal}: cleaning up (again to force)...`);
    void runCleanups().finally(() => process.exit(130));
  });
}
// Last resort if the process ends some other way: no process outlives the bench.
process.on('exit', () => {
  for (const child of liveChildren) killGroup(child, 'SIGKILL');
});

// ---------------------------------------------------------------------------------------------------------------
// Small helpers.

function log(line: string) {
  process.stderr.write(`${line}\n`);
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

interface HttpAnswer {
  status: number;
  body: string;
}

/** One request on its own connection (no keep-alive, so nothing holds a server open at shutdown). */
function httpRequest(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: opts.method ?? 'GET', headers: opts.headers, agent: false, timeout: opts.timeoutMs ?? 2_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** Share of all CPUs busy over the next `ms` (before anything of ours runs: other work on the machine). */
async function cpuBusy(ms: number): Promise<number> {
  const totals = () =>
    os.cpus().reduce(
      (acc, cpu) => {
        const t = cpu.times;
        acc.all += t.user + t.nice + t.sys + t.idle + t.irq;
        acc.idle += t.idle;
        return acc;
      },
      { all: 0, idle: 0 },
    );
  const before = totals();
  await sleep(ms);
  const after = totals();
  const all = after.all - before.all;
  return all > 0 ? Math.round((1 - (after.idle - before.idle) / all) * 100) / 100 : 0;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

function kB(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

function grouped(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

function table(rows: string[][], indent = '  '): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows
    .map((row) =>
      (
        indent +
        row
          .map((cell, i) => {
            // Numbers (and figures with units) right-aligned, labels left-aligned.
            const numeric = i > 0 && /^[\d.,<>=≥≤ -]/.test(cell) && /\d/.test(cell);
            return numeric ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!);
          })
          .join('   ')
      ).trimEnd(),
    )
    .join('\n');
}

// ---------------------------------------------------------------------------------------------------------------
// Processes.

interface Proc {
  name: string;
  child: ChildProcess;
  spawnedAt: number;
  /** The last 64 KB of stdout and stderr, for the error report. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  hasExited(): boolean;
  /** SIGTERM, wait for the exit (SIGKILL after the grace time); idempotent. */
  stop(): Promise<StopResult>;
}

interface StopResult {
  ms: number;
  code: number | null;
  signal: NodeJS.Signals | null;
  forced: boolean;
}

function startProcess(name: string, script: string, env: NodeJS.ProcessEnv): Proc {
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  liveChildren.add(child);
  let buffer = '';
  const keep = (chunk: Buffer) => {
    buffer = (buffer + chunk.toString('utf8')).slice(-65_536);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exitInfo: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => {
      exitInfo = { code, signal };
      liveChildren.delete(child);
      resolve(exitInfo);
    });
    child.on('error', (err) => {
      keep(Buffer.from(`spawn failed: ${err.message}\n`));
      exitInfo = { code: null, signal: null };
      liveChildren.delete(child);
      resolve(exitInfo);
    });
  });
  let stopping: Promise<StopResult> | null = null;
  const proc: Proc = {
    name,
    child,
    spawnedAt,
    output: () => buffer,
    exited,
    hasExited: () => exitInfo !== null,
    stop: () => {
      stopping ??= (async () => {
        const started = performance.now();
        let forced = false;
        if (!exitInfo && child.pid !== undefined) {
          try {
            process.kill(child.pid, 'SIGTERM');
          } catch {
            // gone already
          }
          const done = await Promise.race([exited, sleep(STOP_GRACE_MS).then(() => null)]);
          if (!done) {
            forced = true;
            killGroup(child, 'SIGKILL');
          }
        }
        const info = await exited;
        // Anything the process left in its group goes too.
        killGroup(child, 'SIGKILL');
        return { ms: performance.now() - started, code: info.code, signal: info.signal, forced };
      })();
      return stopping;
    },
  };
  onCleanup(`stop ${name}`, async () => {
    await proc.stop();
  });
  return proc;
}

function tail(text: string, lines = 25): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

/** Polls GET `url` until it answers 200; ms since the process was spawned. */
async function waitFor200(proc: Proc, url: string): Promise<number> {
  const deadline = proc.spawnedAt + START_TIMEOUT_MS;
  for (;;) {
    if (proc.hasExited()) {
      const { code, signal } = await proc.exited;
      throw new Error(`${proc.name} exited (code ${code}, signal ${signal}) before ${url} answered:\n${tail(proc.output())}`);
    }
    try {
      const res = await httpRequest(url, { timeoutMs: 1_000 });
      if (res.status === 200) return performance.now() - proc.spawnedAt;
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) {
      throw new Error(`${proc.name}: ${url} did not answer 200 within ${START_TIMEOUT_MS / 1000} s:\n${tail(proc.output())}`);
    }
    await sleep(25);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The app server.

type DbKind = 'pglite' | 'postgres';
const kindName: Record<DbKind, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

interface DbTarget {
  kind: DbKind;
  /** DATABASE_URL for PostgreSQL; DATA_DIR for PGlite. */
  databaseUrl?: string;
  dataDir: string;
}

interface Server {
  proc: Proc;
  base: string;
}

function serverEnv(target: DbTarget, port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: target.dataDir,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
  return env;
}

interface StartupRun {
  /** spawn → GET /api/health 200 */
  ms: number;
  /** What the server itself logs ("Ready in N ms": config to listening, without loading the code). */
  readyLogMs: number | null;
  /** SIGTERM → exit, when this process was stopped as part of the measurement. */
  stop?: StopResult;
}

async function startServer(target: DbTarget, label: string): Promise<{ server: Server; run: StartupRun }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  log(`  starting the server on ${kindName[target.kind]} (${label}), port ${port}...`);
  const proc = startProcess(`server on ${kindName[target.kind]} (${label})`, 'server/main.ts', serverEnv(target, port));
  const ms = await waitFor200(proc, `${base}/api/health`);
  // The "Ready" line is printed right after listen(); give the pipe a moment to deliver it.
  let ready: RegExpMatchArray | null = null;
  for (let i = 0; i < 40 && !(ready = proc.output().match(/Ready in (\d+) ms/)); i++) await sleep(25);
  log(`    GET /api/health answered 200 after ${seconds(ms)}`);
  return { server: { proc, base }, run: { ms, readyLogMs: ready ? Number(ready[1]) : null } };
}

interface StartupPair {
  empty: StartupRun;
  second: StartupRun;
}

/** Measures both start-ups and leaves the second server running for the load tests. */
async function measureStartups(target: DbTarget): Promise<{ startups: StartupPair; server: Server }> {
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

async function signIn(base: string): Promise<string> {
  const res = await httpRequest(`${base}/api/patient/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'patient@clearview.test',
      password: DEMO_PASSWORD,
      tenentID: demoIds.clearview,
      locationid: demoIds.downtown,
    }),
    timeoutMs: 15_000,
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.body.slice(0, 300)}`);
  const token = (JSON.parse(res.body) as { access_token?: unknown }).access_token;
  if (typeof token !== 'string') throw new Error('sign-in answered no access_token');
  const me = await httpRequest(`${base}/api/patient/me`, { headers: { authorization: `Bearer ${token}` } });
  if (me.status !== 200) throw new Error(`GET /api/patient/me with the new token: ${me.status} ${me.body.slice(0, 300)}`);
  return token;
}

// ---------------------------------------------------------------------------------------------------------------
// Load tests.

interface LoadResult {
  target: string;
  url: string;
  requestsPerSecond: number;
  totalRequests: number;
  latencyMs: { average: number; p50: number; p90: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

async function load(target: string, url: string, headers: Record<string, string> = {}): Promise<LoadResult> {
  log(`  load: ${target} (${WARMUP} s warm-up, then ${DURATION} s × ${CONNECTIONS} connections)...`);
  await autocannon({ url, connections: 10, duration: WARMUP, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  const result: LoadResult = {
    target,
    url,
    requestsPerSecond: r.requests.average,
    totalRequests: r.requests.total,
    latencyMs: { average: r.latency.average, p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
  log(`    ${grouped(result.requestsPerSecond)} req/s, p99 ${result.latencyMs.p99} ms${result.non2xx + result.errors + result.timeouts ? `, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts` : ''}`);
  return result;
}

function failures(r: LoadResult): number {
  return r.non2xx + r.errors + r.timeouts;
}

interface ApiLoad {
  health: LoadResult;
  me: LoadResult;
}

async function loadApi(kind: DbKind, server: Server): Promise<ApiLoad> {
  const token = await signIn(server.base);
  const health = await load(`${kindName[kind]} GET /api/health`, `${server.base}/api/health`);
  const me = await load(`${kindName[kind]} GET /api/patient/me`, `${server.base}/api/patient/me`, { authorization: `Bearer ${token}` });
  return { health, me };
}

async function loadBare(): Promise<LoadResult> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  log(`  starting the bare Fastify hello on port ${port}...`);
  const proc = startProcess('bare Fastify hello', 'bench/bare-hello.ts', { ...process.env, PORT: String(port), HOST: '127.0.0.1' });
  try {
    await waitFor200(proc, `${base}/`);
    return await load('bare Fastify hello GET /', `${base}/`);
  } finally {
    await proc.stop();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL.

interface PgBench {
  url: string;
  database: string;
  drop: () => Promise<void>;
}

/** null when the default address is unreachable (skip); an explicit BENCH_DATABASE_URL must work. */
async function createPgDatabase(): Promise<PgBench | { skipped: string }> {
  const explicit = process.env.BENCH_DATABASE_URL;
  const baseUrl = explicit || DEFAULT_PG_URL;
  const admin = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch (err) {
    await admin.end().catch(() => {});
    if (explicit) throw new Error(`BENCH_DATABASE_URL is not reachable: ${message(err)}`);
    return { skipped: `no PostgreSQL at ${DEFAULT_PG_URL} (${message(err)}); set BENCH_DATABASE_URL` };
  }
  const database = `bench_${randomBytes(6).toString('hex')}`;
  try {
    await admin.query(`create database ${database}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  const drop = onCleanup(`drop database ${database}`, async () => {
    log(`  dropping database ${database}...`);
    const c = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 5_000 });
    await c.connect();
    try {
      await c.query(`drop database if exists ${database} with (force)`);
    } finally {
      await c.end();
    }
  });
  log(`  created database ${database}`);
  return { url: url.toString(), database, drop };
}

// ---------------------------------------------------------------------------------------------------------------
// Bundle.

interface BundleFile {
  src: string;
  file: string | null;
  rawBytes: number;
  gzipBytes: number;
  how: 'script' | 'modulepreload' | 'inline script';
}

function measureBundle(distDir: string): { files: BundleFile[]; totalGzipBytes: number; totalRawBytes: number } {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const files: BundleFile[] = [];
  const seen = new Set<string>();
  const attr = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'))?.slice(1).find((v) => v !== undefined);
  const add = (src: string, how: BundleFile['how']) => {
    if (/^(?:[a-z]+:)?\/\//i.test(src) || src.startsWith('data:')) {
      throw new Error(`index.html loads ${src} from elsewhere; the bench only measures files in dist/`);
    }
    const clean = decodeURIComponent(src.split(/[?#]/)[0]!).replace(/^\/+/, '');
    if (seen.has(clean)) return;
    seen.add(clean);
    const file = path.join(distDir, clean);
    if (!existsSync(file)) throw new Error(`index.html loads ${src}, which is not in dist/ (${file})`);
    const bytes = readFileSync(file);
    files.push({ src, file: path.relative(root, file), rawBytes: bytes.length, gzipBytes: gzipSync(bytes).length, how });
  };
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const tag = m[1] ?? '';
    const src = attr(tag, 'src');
    if (src) add(src, 'script');
    else if ((m[2] ?? '').trim() && !/type\s*=\s*["']?(?:application\/(?:ld\+)?json|importmap)/i.test(tag)) {
      const bytes = Buffer.from(m[2]!, 'utf8');
      files.push({ src: '(inline)', file: null, rawBytes: bytes.length, gzipBytes: gzipSync(bytes).length, how: 'inline script' });
    }
  }
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attr(m[0], 'rel') ?? '';
    const href = attr(m[0], 'href');
    if (href && rel.split(/\s+/).includes('modulepreload')) add(href, 'modulepreload');
  }
  return {
    files,
    totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
    totalRawBytes: files.reduce((sum, f) => sum + f.rawBytes, 0),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Results and budgets.

type Status = 'PASS' | 'MISS' | 'SKIP';

interface BudgetCheck {
  name: string;
  status: Status;
  value: string;
  limit: string;
  note?: string;
}

interface Results {
  meta: {
    date: string;
    node: string;
    platform: string;
    cpus: string;
    commit: string | null;
    durationSeconds: number;
    warmupSeconds: number;
    connections: number;
    /** 1, 5 and 15-minute load averages when the bench began: other work on the machine skews every figure. */
    loadAverageAtStart: number[];
    /** Share of all CPUs busy (with other work) in the second before the bench began. */
    cpuBusyAtStart: number;
  };
  startup: Partial<Record<DbKind, StartupPair | { skipped: string }>>;
  throughput: {
    bare?: LoadResult;
    postgres?: ApiLoad & { ratioMeToBare: number | null };
    pglite?: ApiLoad & { ratioMeToBare: number | null };
    postgresSkipped?: string;
  };
  bundle?: ReturnType<typeof measureBundle> | { skipped: string };
  budgets: BudgetCheck[];
  errors: string[];
}

function gitCommit(): string | null {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
    return dirty ? `${sha} (with uncommitted changes)` : sha;
  } catch {
    return null;
  }
}

function checkBudgets(results: Results): BudgetCheck[] {
  const checks: BudgetCheck[] = [];
  for (const kind of ['pglite', 'postgres'] as const) {
    const s = results.startup[kind];
    const name = kindName[kind];
    const pair = s && 'empty' in s ? s : null;
    const why = s && 'skipped' in s ? s.skipped : 'not measured (see errors)';
    checks.push(
      pair
        ? { name: `${name} start-up, empty database`, status: pair.empty.ms < budgets.startupEmptyMs ? 'PASS' : 'MISS', value: seconds(pair.empty.ms), limit: `< ${budgets.startupEmptyMs / 1000} s` }
        : { name: `${name} start-up, empty database`, status: 'SKIP', value: '-', limit: `< ${budgets.startupEmptyMs / 1000} s`, note: why },
      pair
        ? { name: `${name} start-up, second start`, status: pair.second.ms < budgets.startupSecondMs ? 'PASS' : 'MISS', value: seconds(pair.second.ms), limit: `< ${budgets.startupSecondMs / 1000} s` }
        : { name: `${name} start-up, second start`, status: 'SKIP', value: '-', limit: `< ${budgets.startupSecondMs / 1000} s`, note: why },
    );
  }
  const pgLoad = results.throughput.postgres;
  const loadWhy = results.throughput.postgresSkipped ?? 'not measured (see errors)';
  const ratio = pgLoad?.ratioMeToBare ?? null;
  checks.push(
    ratio !== null
      ? { name: 'PostgreSQL authenticated read / bare req/s', status: ratio >= budgets.ratioMin ? 'PASS' : 'MISS', value: ratio.toFixed(3), limit: `≥ ${budgets.ratioMin}` }
      : { name: 'PostgreSQL authenticated read / bare req/s', status: 'SKIP', value: '-', limit: `≥ ${budgets.ratioMin}`, note: loadWhy },
  );
  for (const key of ['me', 'health'] as const) {
    const r = pgLoad?.[key];
    const name = `PostgreSQL p99 ${key === 'me' ? 'GET /api/patient/me' : 'GET /api/health'}`;
    if (!r) {
      checks.push({ name, status: 'SKIP', value: '-', limit: `< ${budgets.p99MaxMs} ms`, note: loadWhy });
      continue;
    }
    const ok = r.latencyMs.p99 < budgets.p99MaxMs && failures(r) === 0;
    checks.push({
      name,
      status: ok ? 'PASS' : 'MISS',
      value: `${r.latencyMs.p99} ms`,
      limit: `< ${budgets.p99MaxMs} ms`,
      ...(failures(r) ? { note: `${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts` } : {}),
    });
  }
  const b = results.bundle;
  checks.push(
    b && 'files' in b
      ? { name: 'Sign-in route JS (gzip)', status: b.totalGzipBytes <= budgets.signInJsGzipMaxBytes ? 'PASS' : 'MISS', value: kB(b.totalGzipBytes), limit: `≤ ${kB(budgets.signInJsGzipMaxBytes)}` }
      : { name: 'Sign-in route JS (gzip)', status: 'SKIP', value: '-', limit: `≤ ${kB(budgets.signInJsGzipMaxBytes)}`, note: b && 'skipped' in b ? b.skipped : 'not measured (see errors)' },
  );
  return checks;
}

function report(results: Results): string {
  const out: string[] = [];
  const m = results.meta;
  out.push('', `Patient Portal bench — ${m.date}`);
  out.push(`Node ${m.node} on ${m.platform}, ${m.cpus}; commit ${m.commit ?? 'unknown'}`);
  out.push(
    `Before the start: CPUs ${Math.round(m.cpuBusyAtStart * 100)}% busy, load average ${m.loadAverageAtStart.join(', ')}` +
      (m.cpuBusyAtStart > 0.2 ? ' — WARNING: other work was running; it skews every figure below' : ''),
  );

  out.push('', '1. Start-up of the real server (spawn `node --import tsx server/main.ts` → GET /api/health answers 200)');
  const rows: string[][] = [['', 'empty database', '(server log)', 'SIGTERM → exit', 'second start', '(server log)']];
  for (const kind of ['pglite', 'postgres'] as const) {
    const s = results.startup[kind];
    if (!s) rows.push([kindName[kind], 'not measured (see errors)']);
    else if ('skipped' in s) rows.push([kindName[kind], `skipped: ${s.skipped}`]);
    else {
      const ready = (r: StartupRun) => (r.readyLogMs === null ? '-' : `${grouped(r.readyLogMs)} ms`);
      rows.push([kindName[kind], seconds(s.empty.ms), ready(s.empty), s.empty.stop ? seconds(s.empty.stop.ms) : '-', seconds(s.second.ms), ready(s.second)]);
    }
  }
  out.push(table(rows));
  out.push('  ("server log" is the "Ready in N ms" the server prints: config to listening, without Node/tsx loading the code.)');

  out.push('', `2. Throughput (autocannon, ${m.connections} connections, ${m.durationSeconds} s each after a ${m.warmupSeconds} s warm-up; server LOG_LEVEL=warn)`);
  out.push(`  (autocannon runs inside the bench process, on the same ${os.cpus().length} CPUs as the servers and PostgreSQL)`);
  const t = results.throughput;
  const lrows: string[][] = [['', 'req/s (avg)', 'p50', 'p90', 'p99', 'max', 'requests', 'non-2xx/err/timeout']];
  const lrow = (label: string, r: LoadResult | undefined) => {
    if (!r) return;
    lrows.push([
      label,
      grouped(r.requestsPerSecond),
      `${r.latencyMs.p50} ms`,
      `${r.latencyMs.p90} ms`,
      `${r.latencyMs.p99} ms`,
      `${r.latencyMs.max} ms`,
      grouped(r.totalRequests),
      `${r.non2xx}/${r.errors}/${r.timeouts}`,
    ]);
  };
  lrow('bare Fastify hello  GET /', t.bare);
  lrow('PostgreSQL  GET /api/health', t.postgres?.health);
  lrow('PostgreSQL  GET /api/patient/me', t.postgres?.me);
  lrow('PGlite      GET /api/health (info)', t.pglite?.health);
  lrow('PGlite      GET /api/patient/me (info)', t.pglite?.me);
  if (lrows.length > 1) out.push(table(lrows));
  else out.push('  not measured (see errors)');
  if (t.postgresSkipped) out.push(`  PostgreSQL skipped: ${t.postgresSkipped}`);
  const ratio = (x: { ratioMeToBare: number | null } | undefined) => (x?.ratioMeToBare == null ? '-' : x.ratioMeToBare.toFixed(3));
  out.push(`  authenticated read / bare: PostgreSQL ${ratio(t.postgres)}, PGlite ${ratio(t.pglite)} (info)`);

  out.push('', '3. Browser bundle: JS that dist/index.html loads (script and modulepreload tags; gzip level 6; 1 kB = 1000 B)');
  const b = results.bundle;
  if (!b) out.push('  not measured (see errors)');
  else if ('skipped' in b) out.push(`  skipped: ${b.skipped}`);
  else {
    const brows: string[][] = [['', 'loaded as', 'raw', 'gzip']];
    for (const f of b.files) brows.push([f.file ?? f.src, f.how, kB(f.rawBytes), kB(f.gzipBytes)]);
    brows.push(['total', '', kB(b.totalRawBytes), kB(b.totalGzipBytes)]);
    out.push(table(brows));
  }

  out.push('', 'Budgets');
  out.push(
    table(
      results.budgets.map((c) => [c.status, c.name, c.value, c.limit, c.note ?? '']),
    ),
  );
  const count = (s: Status) => results.budgets.filter((c) => c.status === s).length;
  out.push('', `${count('PASS')} PASS, ${count('MISS')} MISS, ${count('SKIP')} SKIP${results.errors.length ? `, ${results.errors.length} ERROR` : ''}`);
  if (results.errors.length) {
    out.push('', 'Errors');
    for (const e of results.errors) out.push(`  ${e.split('\n').join('\n    ')}`);
  }
  return out.join('\n');
}

// ---------------------------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const cpus = os.cpus();
  const results: Results = {
    meta: {
      date: new Date().toISOString(),
      node: process.version,
      platform: `${os.platform()} ${os.release()} ${os.arch()}`,
      cpus: `${cpus.length} CPU${cpus.length === 1 ? '' : 's'} (${cpus[0]?.model.trim() ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
      commit: gitCommit(),
      durationSeconds: DURATION,
      warmupSeconds: WARMUP,
      connections: CONNECTIONS,
      loadAverageAtStart: os.loadavg().map((n) => Math.round(n * 100) / 100),
      cpuBusyAtStart: await cpuBusy(1_000),
    },
    startup: {},
    throughput: {},
    budgets: [],
    errors: [],
  };
  const attempt = async <T>(what: string, fn: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await fn();
    } catch (err) {
      if (interrupted) throw err;
      log(`  ERROR (${what}): ${message(err)}`);
      results.errors.push(`${what}: ${message(err)}`);
      return undefined;
    }
  };

  try {
    // PGlite: start-ups, leaving the second server running for its load test.
    log('PGlite');
    const dataParent = mkdtempSync(path.join(os.tmpdir(), 'pp-bench-'));
    onCleanup(`remove ${dataParent}`, () => rmSync(dataParent, { recursive: true, force: true }));
    const pgliteTarget: DbTarget = { kind: 'pglite', dataDir: path.join(dataParent, 'data') };
    const pglite = await attempt('PGlite start-up', () => measureStartups(pgliteTarget));
    if (pglite) results.startup.pglite = pglite.startups;

    // PostgreSQL: a fresh database, start-ups, second server left running.
    log('PostgreSQL');
    const pgDb = await attempt('PostgreSQL bench database', createPgDatabase);
    let pgServer: Server | undefined;
    if (pgDb && 'skipped' in pgDb) {
      log(`  skipped: ${pgDb.skipped}`);
      results.startup.postgres = { skipped: pgDb.skipped };
      results.throughput.postgresSkipped = pgDb.skipped;
    } else if (pgDb) {
      const pgTarget: DbTarget = { kind: 'postgres', databaseUrl: pgDb.url, dataDir: path.join(dataParent, 'unused') };
      const measured = await attempt('PostgreSQL start-up', () => measureStartups(pgTarget));
      if (measured) {
        results.startup.postgres = measured.startups;
        pgServer = measured.server;
      }
    }

    // Throughput: the baseline, then PostgreSQL (budgets), then PGlite (information).
    log('Throughput');
    results.throughput.bare = await attempt('bare Fastify hello load', loadBare);
    const bareRps = results.throughput.bare?.requestsPerSecond;
    const ratioOf = (api: ApiLoad) => (bareRps && failures(api.me) === 0 ? api.me.requestsPerSecond / bareRps : null);
    if (pgServer) {
      const server = pgServer;
      const pgLoad = await attempt('PostgreSQL load', () => loadApi('postgres', server));
      if (pgLoad) results.throughput.postgres = { ...pgLoad, ratioMeToBare: ratioOf(pgLoad) };
      await server.proc.stop();
    }
    if (pgDb && !('skipped' in pgDb)) await attempt('drop the bench database', pgDb.drop);
    if (pglite) {
      const server = pglite.server;
      const load = await attempt('PGlite load', () => loadApi('pglite', server));
      if (load) results.throughput.pglite = { ...load, ratioMeToBare: ratioOf(load) };
      await server.proc.stop();
    }

    // Bundle.
    log('Bundle');
    const distDir = path.join(root, 'dist');
    results.bundle = existsSync(path.join(distDir, 'index.html'))
      ? await attempt('bundle size', async () => measureBundle(distDir))
      : { skipped: 'no dist/index.html (run `npm run build`)' };
  } catch (err) {
    results.errors.push(message(err));
  } finally {
    await runCleanups();
  }

  results.budgets = checkBudgets(results);
  console.log(report(results));
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nWritten ${path.relative(root, resultsFile)}`);

  if (results.errors.length) return 1;
  if (process.env.BENCH_STRICT === '1' && results.budgets.some((c) => c.status === 'MISS')) return 1;
  return 0;
}

main().then(
  (code) => process.exit(code),
  async (err: unknown) => {
    console.error(err);
    await runCleanups();
    process.exit(1);
  },
);
