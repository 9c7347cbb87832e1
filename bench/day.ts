/**
 * `npm run bench:day` (and part of `npm run bench`): a busy Saturday against the real server process.
 *
 * The data (bench/day-data.ts): 20 companies of 10 stores, two clerks per store limited to it, 200 patients per
 * store (one with a portal account), 100 open invoices per store, the demo catalogue in every company. Then 50
 * clients, each one person on one keep-alive connection: 40 clerks at 40 stores spread over every company and 10
 * patients of other stores (bench/day-load.ts has the mix). In one run, against one server:
 *   1. GET /api/health from the same 50 clients (the reference: the rates of a shared machine swing, ratios less);
 *   2. the day's mix after a warm-up: per operation req/s, p50, p99, and the CPU per request of the whole mix;
 *   3. GET /api/health again (the reference is the mean of 1 and 3);
 *   4. each operation alone for a few seconds: its CPU per request, of the server process and of PostgreSQL's
 *      backends for the bench database (from /proc/<pid>/stat of the backends pg_stat_activity lists).
 * Budgets: every read's p99 under 150 ms, a sale's under 250 ms, the mix's req/s at least 0.3 of the health route's.
 *
 * Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a fresh `bench_<random>` database
 * is made there and dropped), BENCH_DAY_SECONDS (the mix, default 20), BENCH_DAY_DATABASES (default `postgres`;
 * `postgres,pglite` or `pglite`), BENCH_CPU_PROF=<dir> (the server runs with --cpu-prof, its profile written there at exit).
 * Writes bench/results/day.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { priceSale } from '../src/contract/money';
import { openDatabase } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { seedDemoData } from '../server/db/seed';
import { posDemoSkus } from '../server/db/seed-pos';
import { clerkEmail, dayIds, generateDay, patientEmail, STORES } from './day-data';
import { byOp, drive, figures, mixed, opLabel, readOps, type Client, type Op, type OpFigures } from './day-load';
import { cpuProbe, perRequest, type CpuPerRequest, type CpuProbe } from './lib/cpu';
import { grouped, log, message, table } from './lib/format';
import { httpRequest } from './lib/http';
import { cpuBusy, gitCommit } from './lib/machine';
import { root } from './lib/paths';
import { installSignalHandlers, onCleanup, runCleanups } from './lib/process';
import { createPgDatabase } from './postgres';
import type { BudgetCheck } from './results';
import { kindName, startServer, type DbKind, type DbTarget } from './startup';
import { signIn } from './throughput';

const CLIENTS = 50;
const CLERKS = 40;
const MIX_MS = Number(process.env.BENCH_DAY_SECONDS ?? 20) * 1000;
const WARMUP_MS = 3_000;
const HEALTH_MS = 6_000;
const SOLO_MS = 3_000;
export const dayBudgets = { readP99Ms: 150, saleP99Ms: 250, mixToHealthMin: 0.3 };

export interface DayRun {
  database: DbKind;
  clients: { clerks: number; patients: number; stores: number };
  health: { before: OpFigures; after: OpFigures; requestsPerSecond: number; cpu: CpuPerRequest };
  mix: { seconds: number; total: OpFigures; ratioToHealth: number; cpu: CpuPerRequest; operations: Partial<Record<Op, OpFigures & { share: number }>> };
  /** Each operation alone: its CPU per request. */
  alone: Partial<Record<Op, OpFigures & { cpu: CpuPerRequest }>>;
  failures: Partial<Record<Op, string>>;
  budgets: BudgetCheck[];
}

/** Clerks at stores spread over every company, patients of other stores. */
function people(): { kind: Client['kind']; store: number }[] {
  const clerks = Array.from({ length: CLERKS }, (_, i) => ({ kind: 'clerk' as const, store: 1 + Math.floor((i * STORES) / CLERKS) }));
  const patients = Array.from({ length: CLIENTS - CLERKS }, (_, i) => ({ kind: 'patient' as const, store: 3 + Math.floor((i * STORES) / (CLIENTS - CLERKS)) }));
  return [...clerks, ...patients];
}

async function basketAt(base: string, token: string, store: number) {
  type Hit = { id: string; sku: string; price: number; taxRateBp: number };
  const find = async (sku: string) => {
    const res = await httpRequest(`${base}/api/pos/products?locationId=${dayIds.store(store)}&q=${sku}`, { headers: { authorization: `Bearer ${token}` }, timeoutMs: 15_000 });
    const hit = res.status === 200 ? (JSON.parse(res.body) as { items: Hit[] }).items.find((p) => p.sku === sku) : undefined;
    if (!hit) throw new Error(`product ${sku} at store ${store}: ${res.status} ${res.body.slice(0, 200)}`);
    return hit;
  };
  const items = [await find(posDemoSkus.frame), await find(posDemoSkus.exam)];
  const total = priceSale(items.map((p) => ({ productId: p.id, description: p.sku, quantity: 1, unitPrice: p.price, taxRateBp: p.taxRateBp, discount: null })), null).total;
  return { lines: items.map((p) => ({ productId: p.id, quantity: 1 })), total };
}

async function signInAll(base: string): Promise<Client[]> {
  const clients: Client[] = [];
  for (const p of people()) {
    const account = { username: p.kind === 'clerk' ? clerkEmail(p.store, 1) : patientEmail(p.store), tenantId: dayIds.company(dayIds.companyOf(p.store)), locationId: dayIds.store(p.store) };
    const token = await signIn(base, account);
    const client: Client = { ...p, token, agent: new http.Agent({ keepAlive: true, maxSockets: 1 }) };
    if (p.kind === 'clerk') client.basket = await basketAt(base, token, p.store);
    clients.push(client);
  }
  return clients;
}

/** Runs `ms` of load and reads the CPU around it. */
async function measured(base: string, clients: Client[], ms: number, opOf: (c: Client) => Op, probe: CpuProbe, withDatabase: boolean) {
  const before = await probe.read();
  const run = await drive(base, clients, ms, opOf);
  const after = await probe.read();
  return { ...run, cpu: perRequest(before, after, run.samples.length, withDatabase) };
}

async function prepare(kind: DbKind, dataParent: string): Promise<{ target: DbTarget; database?: { url: string; name: string } }> {
  let target: DbTarget;
  let database: { url: string; name: string } | undefined;
  if (kind === 'postgres') {
    const pg = await createPgDatabase();
    if ('skipped' in pg) throw new Error(pg.skipped);
    target = { kind, databaseUrl: pg.url, dataDir: path.join(dataParent, 'unused') };
    database = { url: pg.url, name: pg.database };
  } else target = { kind, dataDir: path.join(dataParent, 'data') };
  log(`  generating the day's data on ${kindName[kind]}...`);
  const t0 = performance.now();
  if (kind === 'pglite') mkdirSync(target.dataDir, { recursive: true });
  const db = await openDatabase({ url: target.databaseUrl, dataDir: target.dataDir, poolSize: 2 });
  try {
    await migrateDatabase(db);
    await seedDemoData(db.owner);
    await generateDay(db);
  } finally {
    await db.close();
  }
  log(`    done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return { target, database };
}

export async function runDay(kind: DbKind): Promise<DayRun> {
  log(`Busy day on ${kindName[kind]}`);
  const dataParent = mkdtempSync(path.join(os.tmpdir(), 'pp-bench-day-'));
  onCleanup(`remove ${dataParent}`, () => rmSync(dataParent, { recursive: true, force: true }));
  const { target, database } = await prepare(kind, dataParent);
  const profDir = process.env.BENCH_CPU_PROF;
  const { server } = await startServer(target, 'busy day', { AUTH_REQUESTS_PER_MINUTE: '1000000' }, profDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profDir)}`] : []);
  try {
    const clients = await signInAll(server.base);
    const probe = cpuProbe(server.proc.child.pid, database);
    const withDb = !!database;
    const health = (label: string) => {
      log(`  ${label}: GET /api/health, ${clients.length} clients, ${HEALTH_MS / 1000} s`);
      return measured(server.base, clients, HEALTH_MS, () => 'health', probe, withDb);
    };
    await drive(server.base, clients, WARMUP_MS, () => 'health');
    const h1 = await health('reference');
    log(`  the mix: ${WARMUP_MS / 1000} s warm-up, then ${MIX_MS / 1000} s`);
    await drive(server.base, clients, WARMUP_MS, mixed);
    const mix = await measured(server.base, clients, MIX_MS, mixed, probe, withDb);
    const h2 = await health('reference again');
    const alone: DayRun['alone'] = {};
    const ops = [...new Set(mix.samples.map((s) => s.op))];
    for (const op of ops) {
      const who = clients.filter((c) => (op === 'me' ? true : op === 'portal' ? c.kind === 'patient' : c.kind === 'clerk'));
      const r = await measured(server.base, who, SOLO_MS, () => op, probe, withDb);
      alone[op] = { ...figures(r.samples, r.ms), cpu: r.cpu };
      log(`    alone ${opLabel[op]}: ${grouped(alone[op].requestsPerSecond)} req/s, CPU/request server ${r.cpu.serverUs ?? '-'} us, PostgreSQL ${r.cpu.databaseUs ?? '-'} us`);
    }
    for (const c of clients) c.agent.destroy();

    const hb = figures(h1.samples, h1.ms);
    const ha = figures(h2.samples, h2.ms);
    const healthRps = (hb.requestsPerSecond + ha.requestsPerSecond) / 2;
    const total = figures(mix.samples, mix.ms);
    const operations: DayRun['mix']['operations'] = {};
    for (const [op, f] of Object.entries(byOp(mix.samples, mix.ms)) as [Op, OpFigures][]) operations[op] = { ...f, share: Math.round((f.requests / total.requests) * 1000) / 10 };
    const run: DayRun = {
      database: kind,
      clients: { clerks: CLERKS, patients: CLIENTS - CLERKS, stores: new Set(clients.map((c) => c.store)).size },
      health: { before: hb, after: ha, requestsPerSecond: healthRps, cpu: h1.cpu },
      mix: { seconds: mix.ms / 1000, total, ratioToHealth: Math.round((total.requestsPerSecond / healthRps) * 1000) / 1000, cpu: mix.cpu, operations },
      alone,
      failures: { ...h1.firstFailure, ...mix.firstFailure, ...h2.firstFailure },
      budgets: [],
    };
    run.budgets = checkDay(run);
    return run;
  } finally {
    await server.proc.stop();
  }
}

export function checkDay(run: DayRun): BudgetCheck[] {
  const name = kindName[run.database];
  const checks: BudgetCheck[] = [];
  for (const [op, f] of Object.entries(run.mix.operations) as [Op, OpFigures][]) {
    const limit = op === 'sale' ? dayBudgets.saleP99Ms : dayBudgets.readP99Ms;
    if (op !== 'sale' && op !== 'payment' && !readOps.includes(op)) continue;
    checks.push({
      name: `${name} busy day p99 ${opLabel[op]}`,
      status: f.p99 < limit && f.failed === 0 ? 'PASS' : 'MISS',
      value: `${f.p99} ms`,
      limit: `< ${limit} ms`,
      ...(f.failed ? { note: `${f.failed} failed: ${run.failures[op] ?? ''}`.slice(0, 300) } : {}),
    });
  }
  checks.push({
    name: `${name} busy day mix req/s / GET /api/health req/s`,
    status: run.mix.ratioToHealth >= dayBudgets.mixToHealthMin ? 'PASS' : 'MISS',
    value: `${run.mix.ratioToHealth.toFixed(3)} (${grouped(run.mix.total.requestsPerSecond)} / ${grouped(run.health.requestsPerSecond)})`,
    limit: `≥ ${dayBudgets.mixToHealthMin}`,
  });
  return checks;
}

export function dayReport(run: DayRun): string {
  const us = (n: number | null | undefined) => (n == null ? '-' : `${grouped(n)} us`);
  const rows: string[][] = [['', 'share', 'req/s', 'p50', 'p99', 'max', 'failed', 'CPU/req server (alone)', 'CPU/req PostgreSQL (alone)']];
  for (const [op, f] of Object.entries(run.mix.operations) as [Op, OpFigures & { share: number }][]) {
    const a = run.alone[op];
    rows.push([opLabel[op], `${f.share} %`, String(f.requestsPerSecond), `${f.p50} ms`, `${f.p99} ms`, `${f.max} ms`, String(f.failed), us(a?.cpu.serverUs), us(a?.cpu.databaseUs)]);
  }
  const t = run.mix.total;
  rows.push(['the mix', '100 %', String(t.requestsPerSecond), `${t.p50} ms`, `${t.p99} ms`, `${t.max} ms`, String(t.failed), us(run.mix.cpu.serverUs), us(run.mix.cpu.databaseUs)]);
  const h = run.health;
  rows.push(['GET /api/health (before | after)', '', `${h.before.requestsPerSecond} | ${h.after.requestsPerSecond}`, `${h.before.p50} ms`, `${h.before.p99} ms`, `${h.before.max} ms`, String(h.before.failed + h.after.failed), us(h.cpu.serverUs), us(h.cpu.databaseUs)]);
  const out = [`${kindName[run.database]}: ${run.clients.clerks} clerks and ${run.clients.patients} patients at ${run.clients.stores} stores, ${run.mix.seconds.toFixed(1)} s of the mix`, table(rows)];
  out.push(table(run.budgets.map((b) => [b.status, b.name, b.value, b.limit, b.note ?? ''])));
  return out.join('\n');
}

export interface DayResults {
  meta: { date: string; node: string; cpus: string; commit: string | null; loadAverageAtStart: number[]; cpuBusyAtStart: number };
  runs: DayRun[];
  errors: string[];
}

/** Every database asked for, one after the other; written to bench/results/day.json. */
export async function measureDay(kinds: DbKind[]): Promise<DayResults> {
  const cpus = os.cpus();
  const results: DayResults = {
    meta: {
      date: new Date().toISOString(),
      node: process.version,
      cpus: `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown'}`,
      commit: gitCommit(),
      loadAverageAtStart: os.loadavg().map((n) => Math.round(n * 100) / 100),
      cpuBusyAtStart: await cpuBusy(1_000),
    },
    runs: [],
    errors: [],
  };
  for (const kind of kinds) {
    try {
      results.runs.push(await runDay(kind));
    } catch (err) {
      log(`  ERROR (busy day on ${kindName[kind]}): ${message(err)}`);
      results.errors.push(`busy day on ${kindName[kind]}: ${message(err)}`);
    }
  }
  const file = path.join(root, 'bench', 'results', 'day.json');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  installSignalHandlers();
  const kinds = (process.env.BENCH_DAY_DATABASES ?? 'postgres').split(',').map((k) => k.trim());
  const unknown = kinds.filter((k) => k !== 'postgres' && k !== 'pglite');
  if (unknown.length) throw new Error(`BENCH_DAY_DATABASES lists postgres and pglite, comma-separated; not ${unknown.join(', ')}`);
  measureDay(kinds as DbKind[])
    .then(async (results) => {
      await runCleanups();
      const m = results.meta;
      console.log(`\nBusy day — ${m.date}, commit ${m.commit}, ${m.cpus}, load average ${m.loadAverageAtStart.join(', ')}, CPUs ${Math.round(m.cpuBusyAtStart * 100)}% busy before the start`);
      for (const run of results.runs) console.log(`\n${dayReport(run)}`);
      for (const e of results.errors) console.log(`ERROR ${e}`);
      console.log('\nWritten bench/results/day.json');
      process.exit(results.errors.length ? 1 : 0);
    })
    .catch(async (err: unknown) => {
      console.error(err);
      await runCleanups();
      process.exit(1);
    });
}
