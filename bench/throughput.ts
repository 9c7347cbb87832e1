/** Throughput (autocannon): the API on each database, authenticated, against a bare Fastify hello. */
import autocannon from 'autocannon';
import { DEMO_PASSWORD, demoIds } from '../server/db/seed';
import { CONNECTIONS, DURATION, WARMUP } from './config';
import { cpuProbe, perRequest, type CpuPerRequest, type CpuProbe } from './lib/cpu';
import { grouped, log } from './lib/format';
import { freePort, httpRequest } from './lib/http';
import { startProcess, waitFor200 } from './lib/process';
import { kindName, type DbKind, type Server } from './startup';

/** Signs `account` in (by default the demo patient) and checks its token; the access token. */
export async function signIn(base: string, account: { username: string; tenantId: string; locationId: string } = { username: 'patient@clearview.test', tenantId: demoIds.clearview, locationId: demoIds.downtown }): Promise<string> {
  const res = await httpRequest(`${base}/api/patient/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: account.username,
      password: DEMO_PASSWORD,
      tenentID: account.tenantId,
      locationid: account.locationId,
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

export interface LoadResult {
  target: string;
  url: string;
  requestsPerSecond: number;
  totalRequests: number;
  latencyMs: { average: number; p50: number; p90: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  /** CPU time per request of the server process and its PostgreSQL backends, where it can be read. */
  cpu?: CpuPerRequest;
}

export async function load(target: string, url: string, headers: Record<string, string> = {}, probe?: CpuProbe, withDatabase = false): Promise<LoadResult> {
  log(`  load: ${target} (${WARMUP} s warm-up, then ${DURATION} s × ${CONNECTIONS} connections)...`);
  await autocannon({ url, connections: 10, duration: WARMUP, headers });
  const before = await probe?.read();
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  const after = await probe?.read();
  const result: LoadResult = {
    target,
    url,
    requestsPerSecond: r.requests.average,
    totalRequests: r.requests.total,
    latencyMs: { average: r.latency.average, p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    ...(before && after ? { cpu: perRequest(before, after, r.requests.total, withDatabase) } : {}),
  };
  const cpu = result.cpu;
  const cpuText = cpu?.serverUs != null ? `, CPU/request: server ${cpu.serverUs} us${cpu.databaseUs != null ? `, PostgreSQL ${cpu.databaseUs} us` : ''}` : '';
  log(`    ${grouped(result.requestsPerSecond)} req/s, p99 ${result.latencyMs.p99} ms${cpuText}${result.non2xx + result.errors + result.timeouts ? `, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts` : ''}`);
  return result;
}

export function failures(r: LoadResult): number {
  return r.non2xx + r.errors + r.timeouts;
}

export interface ApiLoad {
  health: LoadResult;
  me: LoadResult;
}

/** `database`: the bench database on PostgreSQL, whose backends' CPU counts with the server's. */
export async function loadApi(kind: DbKind, server: Server, database?: { url: string; name: string }): Promise<ApiLoad> {
  const token = await signIn(server.base);
  const probe = cpuProbe(server.proc.child.pid, database);
  const health = await load(`${kindName[kind]} GET /api/health`, `${server.base}/api/health`, {}, probe, !!database);
  const me = await load(`${kindName[kind]} GET /api/patient/me`, `${server.base}/api/patient/me`, { authorization: `Bearer ${token}` }, probe, !!database);
  return { health, me };
}

export async function loadBare(): Promise<LoadResult> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  log(`  starting the bare Fastify hello on port ${port}...`);
  const proc = startProcess('bare Fastify hello', 'bench/bare-hello.ts', { ...process.env, PORT: String(port), HOST: '127.0.0.1' });
  try {
    await waitFor200(proc, `${base}/`);
    return await load('bare Fastify hello GET /', `${base}/`, {}, cpuProbe(proc.child.pid));
  } finally {
    await proc.stop();
  }
}
