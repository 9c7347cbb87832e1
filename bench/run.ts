/**
 * `npm run bench`: measures the real server as a user and an operator meet it, and checks the budgets.
 *
 *   1. Start-up: spawn → GET /api/health answers 200, on an empty database and on the second start of the same
 *      one, on PGlite (fresh DATA_DIR in a temp folder) and on PostgreSQL (a fresh `bench_<random>` database).
 *   2. Throughput (autocannon): GET /api/health, authenticated GET /api/patient/me, and a bare Fastify hello
 *      (bench/bare-hello.ts, its own process) for the baseline. Budgets on PostgreSQL; PGlite for information.
 *   3. Browser bundle: gzipped size of the JS that dist/index.html loads (entry script and modulepreloads).
 *   4. Browser (Chromium through playwright-core, against a fresh PGlite server serving dist/): every JS file the
 *      sign-in route /clearview/downtown requests until the network is idle (entry, preloads and the lazy chunks the
 *      page asks for at run time), the same for the admin's sign-in → signed-in shell and for a reload of the shell;
 *      the theme CSS files (one per theme, fetched only when that theme is chosen).
 *   5. Lighthouse (desktop preset: performance and accessibility) on the sign-in page, the median of a few runs.
 *
 * Environment:
 *   BENCH_DURATION       seconds per load test (default 10), e.g. 3 for a quick check
 *   BENCH_DATABASE_URL   PostgreSQL to create the bench database in (default postgres://postgres@127.0.0.1:5432/test,
 *                        skipped when that default is unreachable; an explicit URL must be reachable)
 *   BENCH_CHROMIUM       the Chromium binary for sections 4 and 5 (default /usr/bin/chromium; none is downloaded)
 *   BENCH_LIGHTHOUSE_RUNS  Lighthouse runs on the sign-in page, the median counts (default 3; 0 skips Lighthouse)
 *   BENCH_STRICT=1       exit with status 1 when a budget is missed (errors always exit 1)
 *
 * Prints progress on stderr and the report on stdout; writes bench/results/latest.json. Every process started
 * and the bench database are removed on the way out, on failure and on Ctrl-C too.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import type * as ChromeLauncher from 'chrome-launcher';
import type * as Lighthouse from 'lighthouse';
import { DEMO_PASSWORD, demoIds } from '../server/db/seed';
import { defaultThemeSettings, themeNames } from '../src/contract/settings';

const root = fileURLToPath(new URL('..', import.meta.url));
const resultsFile = path.join(root, 'bench', 'results', 'latest.json');

const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';
const CONNECTIONS = 50;
const DURATION = parseDuration(process.env.BENCH_DURATION);
const WARMUP = DURATION < 5 ? 1 : 2;
const START_TIMEOUT_MS = 60_000;
const CHROMIUM = process.env.BENCH_CHROMIUM || '/usr/bin/chromium';
const LIGHTHOUSE_RUNS = parseCount('BENCH_LIGHTHOUSE_RUNS', process.env.BENCH_LIGHTHOUSE_RUNS, 3);
const STOP_GRACE_MS = 15_000;

const budgets = {
  startupEmptyMs: 15_000,
  startupSecondMs: 5_000,
  ratioMin: 0.25,
  p99MaxMs: 50,
  signInJsGzipMaxBytes: 150_000,
  shellJsGzipMaxBytes: 300_000,
  themeCssGzipMaxBytes: 1_000,
  lighthouseMinScore: 95,
};

function parseCount(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 20) throw new Error(`${name} must be a whole number (0-20), got "${raw}"`);
  return n;
}

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
// Browser: what Chromium really fetches per route, the theme CSS, Lighthouse.

/** Flags for every Chromium the bench starts (playwright-core and Lighthouse's chrome-launcher); none is downloaded. */
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const SIGN_IN_PATH = '/clearview/downtown';
const BROWSER_TIMEOUT_MS = 30_000;

interface LoadedFile {
  path: string;
  kind: 'js' | 'css';
  /** The response body as the browser received it, decoded. */
  rawBytes: number;
  /** Body bytes on the wire (the encoded size Chromium reports: the server sends the build's brotli files). */
  transferBytes: number;
  /** The body gzipped here at level 6, as the budgets count it. */
  gzipBytes: number;
}

interface PageLoad {
  /** Where the page ended up. */
  url: string;
  files: LoadedFile[];
  js: { count: number; rawBytes: number; transferBytes: number; gzipBytes: number };
}

/** Records every JS and CSS response of `page` from now on; the returned function waits for their bodies. */
function recordLoads(page: Page): () => Promise<LoadedFile[]> {
  const seen = new Map<string, Promise<LoadedFile>>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    const type = response.request().resourceType();
    const kind = url.pathname.endsWith('.js') || type === 'script' ? 'js' : url.pathname.endsWith('.css') || type === 'stylesheet' ? 'css' : null;
    if (!kind || seen.has(url.pathname)) return;
    const file = (async (): Promise<LoadedFile> => {
      // A 304 would be a file from the cache: every measurement starts with an empty one, or with the cache off.
      if (!response.ok()) throw new Error(`GET ${url.pathname} answered ${response.status()}`);
      const body = await response.body();
      const sizes = await response.request().sizes();
      return { path: url.pathname, kind, rawBytes: body.length, transferBytes: sizes.responseBodySize, gzipBytes: gzipSync(body).length };
    })();
    file.catch(() => {}); // reported when the measurement collects the files, not as an unhandled rejection
    seen.set(url.pathname, file);
  });
  return async () => Promise.all(seen.values());
}

function pageLoad(url: string, files: LoadedFile[]): PageLoad {
  const js = files.filter((f) => f.kind === 'js');
  const sum = (key: 'rawBytes' | 'transferBytes' | 'gzipBytes') => js.reduce((total, f) => total + f[key], 0);
  return {
    url,
    files: [...files].sort((a, b) => b.gzipBytes - a.gzipBytes),
    js: { count: js.length, rawBytes: sum('rawBytes'), transferBytes: sum('transferBytes'), gzipBytes: sum('gzipBytes') },
  };
}

/** The page is settled: `ready` is visible and no request has been in flight for 500 ms. */
async function settle(page: Page, ready: string) {
  await page.locator(ready).first().waitFor({ timeout: BROWSER_TIMEOUT_MS });
  await page.waitForLoadState('networkidle', { timeout: BROWSER_TIMEOUT_MS });
}

/** A guest opens the store sign-in address in a fresh profile; `guestTheme` is a theme the guest chose before. */
async function loadSignIn(browser: Browser, base: string, guestTheme?: string): Promise<PageLoad> {
  const context = await browser.newContext();
  try {
    if (guestTheme) {
      const kept = { settings: { ...defaultThemeSettings, theme: { ...defaultThemeSettings.theme, main: guestTheme } }, shortcuts: [] };
      await context.addInitScript((value) => localStorage.setItem('guestSettings', value), JSON.stringify(kept));
    }
    const page = await context.newPage();
    const loads = recordLoads(page);
    await page.goto(`${base}${SIGN_IN_PATH}`, { waitUntil: 'networkidle', timeout: BROWSER_TIMEOUT_MS });
    await settle(page, 'input[name="username"]');
    return pageLoad(page.url(), await loads());
  } finally {
    await context.close();
  }
}

/** The admin signs in at /admin and lands in the shell; then the signed-in shell is reloaded with the cache off. */
async function loadShell(browser: Browser, base: string): Promise<{ visit: PageLoad; reload: PageLoad }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    // The reload fetches everything again, as a new visit of the signed-in shell would.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const visitLoads = recordLoads(page);
    await page.goto(`${base}/admin`, { waitUntil: 'networkidle', timeout: BROWSER_TIMEOUT_MS });
    await settle(page, 'input[name="username"]');
    await page.locator('input[name="username"]').fill('admin@clearview.test');
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname !== '/admin', { timeout: BROWSER_TIMEOUT_MS });
    await settle(page, 'nav');
    const visit = pageLoad(page.url(), await visitLoads());

    const reloadLoads = recordLoads(page);
    await page.reload({ waitUntil: 'networkidle', timeout: BROWSER_TIMEOUT_MS });
    await settle(page, 'nav');
    return { visit, reload: pageLoad(page.url(), await reloadLoads()) };
  } finally {
    await context.close();
  }
}

interface ThemeCss {
  /** One CSS file per theme in dist/assets (name-hash.css), except themes built into the entry's CSS. */
  files: { theme: string; file: string; rawBytes: number; gzipBytes: number }[];
  /** Themes with no file of their own (the default, bundled with the entry so the first paint is themed). */
  withoutFile: string[];
  /** Theme CSS files the guest's sign-in page fetched with the default theme (none expected). */
  fetchedByDefault: string[];
  /** A non-default theme a guest had chosen, and the theme CSS files that sign-in page fetched. */
  chosen: string;
  fetchedWhenChosen: string[];
}

const themeOfCss = (file: string) => themeNames.find((name) => new RegExp(`^${name}-[\\w-]+\\.css$`).test(path.basename(file)));

function themeCssFiles(distDir: string): ThemeCss['files'] {
  const assets = path.join(distDir, 'assets');
  return readdirSync(assets).flatMap((file) => {
    const theme = themeOfCss(file);
    if (!theme) return [];
    const bytes = readFileSync(path.join(assets, file));
    return [{ theme, file: `assets/${file}`, rawBytes: bytes.length, gzipBytes: gzipSync(bytes).length }];
  });
}

interface BrowserResults {
  chromium: string;
  signIn: PageLoad;
  shell: { visit: PageLoad; reload: PageLoad };
  themes: ThemeCss;
}

async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  onCleanup('close Chromium', () => browser.close());
  return browser;
}

async function measureBrowser(base: string, distDir: string): Promise<BrowserResults> {
  const browser = await launchChromium();
  try {
    log(`  sign-in route ${SIGN_IN_PATH}...`);
    const signIn = await loadSignIn(browser, base);
    log(`    ${signIn.js.count} JS files, ${kB(signIn.js.gzipBytes)} gzip (${kB(signIn.js.transferBytes)} as served)`);
    log('  admin: sign-in → shell, then a reload...');
    const shell = await loadShell(browser, base);
    log(`    visit ${kB(shell.visit.js.gzipBytes)} gzip, reload ${kB(shell.reload.js.gzipBytes)} gzip (${shell.reload.url})`);
    const files = themeCssFiles(distDir);
    const chosen = themeNames.find((name) => name !== defaultThemeSettings.theme.main && files.some((f) => f.theme === name)) ?? themeNames[0];
    log(`  a guest who chose ${chosen}...`);
    const themed = await loadSignIn(browser, base, chosen);
    const themeFiles = (load: PageLoad) => load.files.filter((f) => f.kind === 'css' && themeOfCss(f.path)).map((f) => f.path);
    return {
      chromium: browser.version(),
      signIn,
      shell,
      themes: {
        files,
        withoutFile: themeNames.filter((name) => !files.some((f) => f.theme === name)),
        fetchedByDefault: themeFiles(signIn),
        chosen,
        fetchedWhenChosen: themeFiles(themed),
      },
    };
  } finally {
    await browser.close();
  }
}

interface LighthouseRun {
  performance: number;
  accessibility: number;
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number; speedIndexMs: number };
  /** Audits of the two categories that did not score 1 (title, score, what Lighthouse says). */
  notPassed: { id: string; category: string; score: number; displayValue?: string }[];
}

interface LighthouseResults {
  version: string;
  url: string;
  runs: LighthouseRun[];
  median: { performance: number; accessibility: number };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

/** Lighthouse's desktop preset (simulated throttling) on the sign-in page, `runs` times, each in a fresh Chromium. */
async function runLighthouse(base: string, runs: number): Promise<LighthouseResults | { skipped: string }> {
  if (runs === 0) return { skipped: 'BENCH_LIGHTHOUSE_RUNS=0' };
  // Loaded here, so that a checkout without them still runs the rest of the bench.
  let lighthouse: typeof Lighthouse;
  let launcher: typeof ChromeLauncher;
  try {
    [lighthouse, launcher] = await Promise.all([import('lighthouse'), import('chrome-launcher')]);
  } catch (err) {
    return { skipped: `lighthouse is not installed (npm install): ${message(err)}` };
  }
  const url = `${base}${SIGN_IN_PATH}`;
  const results: LighthouseRun[] = [];
  let version = '';
  for (let i = 1; i <= runs; i++) {
    log(`  Lighthouse run ${i}/${runs} on ${url}...`);
    const chrome = await launcher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS], handleSIGINT: false });
    const close = onCleanup('stop Lighthouse Chromium', () => chrome.kill());
    try {
      const answer = await lighthouse.default(
        url,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
        lighthouse.desktopConfig,
      );
      if (!answer) throw new Error('Lighthouse returned no result');
      const lhr = answer.lhr;
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      version = lhr.lighthouseVersion;
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const notPassed: LighthouseRun['notPassed'] = [];
      for (const category of ['performance', 'accessibility']) {
        for (const ref of lhr.categories[category]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (!audit || audit.score === null || audit.score >= 1) continue;
          if (['informative', 'notApplicable', 'manual'].includes(audit.scoreDisplayMode)) continue;
          notPassed.push({ id: ref.id, category, score: audit.score, ...(audit.displayValue ? { displayValue: audit.displayValue } : {}) });
        }
      }
      const run: LighthouseRun = {
        performance: score('performance'),
        accessibility: score('accessibility'),
        metrics: {
          fcpMs: Math.round(numeric('first-contentful-paint')),
          lcpMs: Math.round(numeric('largest-contentful-paint')),
          tbtMs: Math.round(numeric('total-blocking-time')),
          cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
          speedIndexMs: Math.round(numeric('speed-index')),
        },
        notPassed,
      };
      log(`    performance ${run.performance}, accessibility ${run.accessibility}`);
      results.push(run);
    } finally {
      await close();
    }
  }
  return {
    version,
    url,
    runs: results,
    median: { performance: median(results.map((r) => r.performance)), accessibility: median(results.map((r) => r.accessibility)) },
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
  browser?: BrowserResults | { skipped: string };
  lighthouse?: LighthouseResults | { skipped: string };
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
  const br = results.browser && 'signIn' in results.browser ? results.browser : null;
  const browserWhy = results.browser && 'skipped' in results.browser ? results.browser.skipped : 'not measured (see errors)';
  const atMost = (name: string, bytes: number, max: number, note?: string): BudgetCheck => ({
    name,
    status: bytes <= max ? 'PASS' : 'MISS',
    value: kB(bytes),
    limit: `≤ ${kB(max)}`,
    ...(note ? { note } : {}),
  });
  // What Chromium fetched counts; without a browser, the JS index.html names is the best estimate (a lower bound).
  if (br) checks.push(atMost(`Sign-in route JS (gzip), Chromium ${SIGN_IN_PATH}`, br.signIn.js.gzipBytes, budgets.signInJsGzipMaxBytes));
  else if (b && 'files' in b) checks.push(atMost('Sign-in route JS (gzip), index.html only', b.totalGzipBytes, budgets.signInJsGzipMaxBytes, `no browser measurement: ${browserWhy}`));
  else checks.push({ name: 'Sign-in route JS (gzip)', status: 'SKIP', value: '-', limit: `≤ ${kB(budgets.signInJsGzipMaxBytes)}`, note: browserWhy });
  const shellLimit = `≤ ${kB(budgets.shellJsGzipMaxBytes)}`;
  if (br) {
    checks.push(
      atMost(`Signed-in shell JS (gzip), reload of ${new URL(br.shell.reload.url).pathname}`, br.shell.reload.js.gzipBytes, budgets.shellJsGzipMaxBytes),
      atMost('Sign-in → shell JS (gzip), the whole visit', br.shell.visit.js.gzipBytes, budgets.shellJsGzipMaxBytes),
    );
    const t = br.themes;
    const largest = Math.max(0, ...t.files.map((f) => f.gzipBytes));
    const chosenFile = t.files.find((f) => f.theme === t.chosen);
    const problems = [
      t.withoutFile.length > 1 ? `no CSS file of its own: ${t.withoutFile.join(', ')}` : '',
      largest > budgets.themeCssGzipMaxBytes ? `largest ${kB(largest)} gzip` : '',
      t.fetchedByDefault.length ? `the default sign-in fetched ${t.fetchedByDefault.join(', ')}` : '',
      !chosenFile || t.fetchedWhenChosen.length !== 1 || !t.fetchedWhenChosen[0]!.endsWith(path.basename(chosenFile.file))
        ? `choosing ${t.chosen} fetched ${t.fetchedWhenChosen.join(', ') || 'no theme CSS'}`
        : '',
    ].filter(Boolean);
    checks.push({
      name: 'Theme CSS: a small file per theme, fetched when chosen',
      status: problems.length ? 'MISS' : 'PASS',
      value: `${t.files.length} files, ≤ ${kB(largest)}`,
      limit: `each ≤ ${kB(budgets.themeCssGzipMaxBytes)}`,
      note: problems.length ? problems.join('; ') : `default ${t.withoutFile.join(', ')} in the entry CSS; sign-in fetched none; ${t.chosen} chosen: only its file`,
    });
  } else {
    checks.push(
      { name: 'Signed-in shell JS (gzip)', status: 'SKIP', value: '-', limit: shellLimit, note: browserWhy },
      { name: 'Theme CSS: a small file per theme, fetched when chosen', status: 'SKIP', value: '-', limit: `each ≤ ${kB(budgets.themeCssGzipMaxBytes)}`, note: browserWhy },
    );
  }
  const lh = results.lighthouse;
  for (const category of ['performance', 'accessibility'] as const) {
    const name = `Lighthouse ${category}, ${SIGN_IN_PATH} (desktop, median)`;
    const limit = `≥ ${budgets.lighthouseMinScore}`;
    if (lh && 'median' in lh) {
      const value = lh.median[category];
      checks.push({ name, status: value >= budgets.lighthouseMinScore ? 'PASS' : 'MISS', value: String(value), limit, note: `runs: ${lh.runs.map((r) => r[category]).join(', ')}` });
    } else {
      checks.push({ name, status: 'SKIP', value: '-', limit, note: lh && 'skipped' in lh ? lh.skipped : 'not measured (see errors)' });
    }
  }
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

  out.push('', '3. Browser bundle: JS that dist/index.html names (script and modulepreload tags; gzip level 6; 1 kB = 1000 B)');
  const b = results.bundle;
  if (!b) out.push('  not measured (see errors)');
  else if ('skipped' in b) out.push(`  skipped: ${b.skipped}`);
  else {
    const brows: string[][] = [['', 'loaded as', 'raw', 'gzip']];
    for (const f of b.files) brows.push([f.file ?? f.src, f.how, kB(f.rawBytes), kB(f.gzipBytes)]);
    brows.push(['total', '', kB(b.totalRawBytes), kB(b.totalGzipBytes)]);
    out.push(table(brows));
  }

  out.push('', `4. Browser: what Chromium fetched from the real server (fresh profile; gzip level 6 of each body; "as served" = bytes on the wire, brotli as the server sends it)`);
  const br = results.browser;
  if (!br) out.push('  not measured (see errors)');
  else if ('skipped' in br) out.push(`  skipped: ${br.skipped}`);
  else {
    out.push(`  ${br.chromium}`);
    const rows: string[][] = [['', 'JS files', 'as served', 'gzip']];
    const load = (label: string, l: PageLoad) => {
      rows.push([label, String(l.js.count), kB(l.js.transferBytes), kB(l.js.gzipBytes)]);
      for (const f of l.files.filter((x) => x.kind === 'js')) rows.push([`    ${f.path}`, '', kB(f.transferBytes), kB(f.gzipBytes)]);
    };
    load(`sign-in route ${SIGN_IN_PATH} (guest)`, br.signIn);
    load(`admin: /admin → sign-in → ${new URL(br.shell.visit.url).pathname} (the whole visit)`, br.shell.visit);
    load(`signed-in shell: reload of ${new URL(br.shell.reload.url).pathname} (cache off)`, br.shell.reload);
    out.push(table(rows));
    const t = br.themes;
    const sizes = t.files.map((f) => f.gzipBytes);
    const range = sizes.length ? `${grouped(Math.min(...sizes))}-${grouped(Math.max(...sizes))} B gzip each` : 'none';
    out.push(
      `  Theme CSS: ${t.files.length} files of their own (${range}); without one: ${t.withoutFile.join(', ') || 'none'} (in the entry CSS).`,
      `  The guest sign-in fetched ${t.fetchedByDefault.join(', ') || 'no theme CSS'}; a guest who chose ${t.chosen}: ${t.fetchedWhenChosen.join(', ') || 'no theme CSS'}.`,
    );
  }

  const lh = results.lighthouse;
  out.push('', `5. Lighthouse${lh && 'version' in lh ? ` ${lh.version}` : ''} on the sign-in page (desktop preset, simulated throttling; performance and accessibility)`);
  if (!lh) out.push('  not measured (see errors)');
  else if ('skipped' in lh) out.push(`  skipped: ${lh.skipped}`);
  else {
    out.push(`  ${lh.url}`);
    const rows: string[][] = [['run', 'performance', 'accessibility', 'FCP', 'LCP', 'TBT', 'CLS', 'Speed Index']];
    lh.runs.forEach((r, i) =>
      rows.push([String(i + 1), String(r.performance), String(r.accessibility), `${r.metrics.fcpMs} ms`, `${r.metrics.lcpMs} ms`, `${r.metrics.tbtMs} ms`, String(r.metrics.cls), `${r.metrics.speedIndexMs} ms`]),
    );
    rows.push(['median', String(lh.median.performance), String(lh.median.accessibility)]);
    out.push(table(rows));
    const notPassed = new Map<string, string>();
    for (const r of lh.runs) for (const a of r.notPassed) notPassed.set(`${a.category}: ${a.id}`, `${a.category}: ${a.id} (${a.score.toFixed(2)}${a.displayValue ? `, ${a.displayValue}` : ''})`);
    out.push(`  Audits below 1 in some run: ${notPassed.size ? [...notPassed.values()].join('; ') : 'none'}`);
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
    const built = existsSync(path.join(distDir, 'index.html'));
    results.bundle = built
      ? await attempt('bundle size', async () => measureBundle(distDir))
      : { skipped: 'no dist/index.html (run `npm run build`)' };

    // Browser and Lighthouse: a fresh PGlite server of its own (the load tests' rate limits and caches stay out of it).
    log('Browser');
    const noBrowser = !built ? 'no dist/index.html (run `npm run build`)' : !existsSync(CHROMIUM) ? `no Chromium at ${CHROMIUM} (set BENCH_CHROMIUM)` : null;
    if (noBrowser) {
      log(`  skipped: ${noBrowser}`);
      results.browser = { skipped: noBrowser };
      results.lighthouse = { skipped: noBrowser };
    } else {
      const started = await attempt('browser server start-up', () => startServer(pgliteTarget, 'browser'));
      if (started) {
        const { base } = started.server;
        results.browser = await attempt('browser measurement', () => measureBrowser(base, distDir));
        log('Lighthouse');
        results.lighthouse = await attempt('Lighthouse', () => runLighthouse(base, LIGHTHOUSE_RUNS));
        await started.server.proc.stop();
      }
    }
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
