/**
 * The busy Saturday's clients (bench/day.ts): each one person on one keep-alive connection (a clerk at a store, or a
 * patient), sending its next request as soon as the last is answered; every answer timed per operation.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { quantile } from './lib/timing';
import { dayIds, INVOICES_PER_STORE, PATIENTS_PER_STORE } from './day-data';

export type Op = 'health' | 'me' | 'patientList' | 'invoiceLookup' | 'totals' | 'sale' | 'chart' | 'payment' | 'portal';
export const readOps: Op[] = ['me', 'patientList', 'invoiceLookup', 'totals', 'chart', 'portal'];
export const opLabel: Record<Op, string> = {
  health: 'GET /api/health',
  me: 'GET /api/patient/me',
  patientList: 'GET /api/patients (store, 1st page or a name)',
  invoiceLookup: 'GET /api/invoices (store)',
  totals: 'GET /api/invoices/totals (store)',
  sale: 'POST /api/pos/sales (2 lines, cash)',
  chart: 'GET /api/patients/:id/profile',
  payment: 'POST /api/invoices/:id/payments (card)',
  portal: 'GET /api/my/dashboard | /api/my/invoices',
};

/**
 * The day's mix, as a share of what each kind of person asks. Clerks are 4 of 5 clients, patients 1 of 5, so of
 * all requests: /me 30 %, patient list 18 %, invoice lookup 18 %, totals 5 %, sales 20 %, chart 4 %, payments
 * 2 %, portal reads 3 % (issue 31's mix with chart reads, payments and portal reads taken from its reads and sales).
 */
export const clerkMix: [Op, number][] = [
  ['me', 16.25],
  ['patientList', 22.5],
  ['invoiceLookup', 22.5],
  ['totals', 6.25],
  ['sale', 25],
  ['chart', 5],
  ['payment', 2.5],
];
export const patientMix: [Op, number][] = [
  ['me', 85],
  ['portal', 15],
];

/** What a clerk sells: two catalogue lines of the company and what they cost at the store. */
export interface Basket {
  lines: { productId: string; quantity: number }[];
  total: number;
}

export interface Client {
  kind: 'clerk' | 'patient';
  /** 1-based store number (bench/day-data.ts). */
  store: number;
  token: string;
  basket?: Basket;
  agent: http.Agent;
}

export interface Sample {
  op: Op;
  ms: number;
  status: number;
}

const names = ['ar', 'ko', 'ta', 'ev', 'ga'];
const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;
const between = (n: number) => 1 + Math.floor(Math.random() * n);

function choose(mix: [Op, number][]): Op {
  let r = Math.random() * mix.reduce((a, [, w]) => a + w, 0);
  for (const [op, w] of mix) if ((r -= w) < 0) return op;
  return mix[mix.length - 1]![0];
}

/** The request of `op` as client `c` sends it. */
function requestOf(c: Client, op: Op): { method: string; path: string; body?: unknown } {
  const store = dayIds.store(c.store);
  switch (op) {
    case 'health':
      return { method: 'GET', path: '/api/health' };
    case 'me':
      return { method: 'GET', path: '/api/patient/me' };
    case 'patientList':
      return { method: 'GET', path: `/api/patients?locationId=${store}${Math.random() < 0.5 ? `&search=${pick(names)}` : ''}` };
    case 'invoiceLookup':
      return { method: 'GET', path: `/api/invoices?locationId=${store}` };
    case 'totals':
      return { method: 'GET', path: `/api/invoices/totals?locationId=${store}` };
    case 'chart':
      return { method: 'GET', path: `/api/patients/${dayIds.patient(c.store, between(PATIENTS_PER_STORE))}/profile` };
    case 'portal':
      return { method: 'GET', path: Math.random() < 0.5 ? '/api/my/dashboard' : '/api/my/invoices' };
    case 'payment':
      return { method: 'POST', path: `/api/invoices/${dayIds.invoice(c.store, between(INVOICES_PER_STORE))}/payments`, body: { method: 'card', amount: 100 } };
    case 'sale': {
      const b = c.basket!;
      return {
        method: 'POST',
        path: '/api/pos/sales',
        body: {
          clientSaleId: randomUUID(),
          registerSessionId: dayIds.session(c.store),
          patientId: Math.random() < 0.7 ? dayIds.patient(c.store, between(PATIENTS_PER_STORE)) : null,
          lines: b.lines,
          payments: [{ method: 'cash', amount: b.total, tendered: b.total + 500 }],
          shownTotal: b.total,
        },
      };
    }
  }
}

export function send(base: string, c: Client, op: Op): Promise<{ status: number; body: string }> {
  const r = requestOf(c, op);
  const body = r.body === undefined ? undefined : JSON.stringify(r.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${r.path}`,
      {
        method: r.method,
        agent: c.agent,
        timeout: 30_000,
        headers: {
          ...(op === 'health' ? {} : { authorization: `Bearer ${c.token}` }),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Every client sends `opOf(client)` until `ms` have passed; the samples of requests started in that time. The first
 * unexpected answer of each operation is kept, to say why it failed.
 */
export async function drive(base: string, clients: Client[], ms: number, opOf: (c: Client) => Op): Promise<{ samples: Sample[]; ms: number; firstFailure: Partial<Record<Op, string>> }> {
  const samples: Sample[] = [];
  const firstFailure: Partial<Record<Op, string>> = {};
  const started = performance.now();
  const end = started + ms;
  await Promise.all(
    clients.map(async (c) => {
      while (performance.now() < end) {
        const op = opOf(c);
        const t = performance.now();
        let status = 0;
        try {
          const res = await send(base, c, op);
          status = res.status;
          if (status >= 300 && !firstFailure[op]) firstFailure[op] = `${status} ${res.body.slice(0, 300)}`;
        } catch (err) {
          if (!firstFailure[op]) firstFailure[op] = String(err);
        }
        samples.push({ op, ms: performance.now() - t, status });
      }
    }),
  );
  return { samples, ms: performance.now() - started, firstFailure };
}

export const mixed = (c: Client) => choose(c.kind === 'clerk' ? clerkMix : patientMix);

export interface OpFigures {
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  failed: number;
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

export function figures(samples: Sample[], ms: number): OpFigures {
  const times = samples.map((s) => s.ms);
  return {
    requests: samples.length,
    requestsPerSecond: round((samples.length * 1000) / ms),
    p50: times.length ? round(quantile(times, 0.5)) : 0,
    p99: times.length ? round(quantile(times, 0.99)) : 0,
    max: times.length ? round(Math.max(...times)) : 0,
    failed: samples.filter((s) => s.status < 200 || s.status >= 300).length,
  };
}

export function byOp(samples: Sample[], ms: number): Partial<Record<Op, OpFigures>> {
  const out: Partial<Record<Op, OpFigures>> = {};
  const ops = [...new Set(samples.map((s) => s.op))];
  for (const op of ops) out[op] = figures(samples.filter((s) => s.op === op), ms);
  return out;
}
