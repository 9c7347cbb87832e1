/**
 * Crash safety of acknowledged writes (docs/operations.md): the real server process takes a concurrent load of
 * payments (with Idempotency-Key), sales (invoice creations) and public eForm submissions, is killed with SIGKILL
 * in the middle, and is started again on the same database. Every write answered 2xx must be there exactly once,
 * a payment key replayed after the restart must answer the payment it first recorded, and no invoice may be half
 * written (totals against lines, paid total against payments, each payment with its audit row).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, queryRows } from '../../server/db/client';
import { DEMO_PASSWORD, demo, demoIds, eformLinkIn } from './harness';
import { call, emptyPostgresDatabase, killStrayServers, startServer, type ServerProcess } from './serverProcess';

const pgBase = process.env.TEST_DATABASE_URL;

interface Payment {
  key: string;
  invoiceId: string;
  amount: number;
  /** The payment id of the 201, when one came. */
  ackedId?: string;
}
interface Sale {
  id: string;
  patientId: string;
  number: number;
  total: number;
}

async function signInAdmin(api: string): Promise<string> {
  const res = await call<{ access_token: string }>(api, 'POST', '/patient/login', {
    body: { username: 'admin@clearview.test', password: DEMO_PASSWORD, ...demo.clearview },
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.access_token;
}

/** The eForm links the outbox printed (development mode prints what it would mail), by recipient. */
function printedLinks(output: string): Map<string, { tenantid: string; uri: string }> {
  const links = new Map<string, { tenantid: string; uri: string }>();
  for (const line of output.split('\n')) {
    if (!line.includes('outbox (development)')) continue;
    const entry = JSON.parse(line) as { to: string; msg: string };
    if (entry.msg.includes('/eforms?')) links.set(entry.to, eformLinkIn(entry.msg));
  }
  return links;
}

/** `fn` over `items`, six at a time (as a few tills would), results in the order of `items`. */
async function inParallel<T, R>(items: T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await fn(items[i]!);
  };
  await Promise.all(Array.from({ length: 6 }, lane));
  return results;
}

const ok = (status: number, body: unknown, want: number) => {
  if (status !== want) throw new Error(`expected ${want}, got ${status}: ${JSON.stringify(body)}`);
};

/** Patients, invoices to pay and one eForm link per patient, made before the load starts. */
async function prepare(server: ServerProcess, token: string, run: string) {
  const { api } = server;
  const forms = await call<{ forms: { id: string; name: string }[] }>(api, 'GET', '/eforms/forms', { token });
  const formId = forms.body.forms.find((f) => f.name === 'Pre-visit Questions')!.id;
  // The demo's draft pre-visit form needs no code: a submission is one request, as on a store's kiosk link.
  const published = await call(api, 'POST', `/eforms/forms/${formId}/publish`, { token });
  ok(published.status, published.body, 200);

  const patientIds = await inParallel(Array.from({ length: 40 }, (_, i) => i), async (i) => {
    const res = await call<{ id: string }>(api, 'POST', '/patients', {
      token,
      body: { locationId: demoIds.uptown, firstName: 'Crash', lastName: `Tester${i}`, dateOfBirth: '1980-02-03', email: `crash.${run}.${i}@example.test` },
    });
    ok(res.status, res.body, 201);
    return res.body.id;
  });
  const assigned = await call(api, 'POST', `/eforms/forms/${formId}/assign`, { token, body: { patientIds, channels: ['email'] } });
  ok(assigned.status, assigned.body, 200);
  // Delivery (and its printing) runs after the answer.
  let links = printedLinks(server.output());
  for (let i = 0; i < 100 && links.size < patientIds.length; i++) {
    await new Promise((r) => setTimeout(r, 50));
    links = printedLinks(server.output());
  }
  expect(links.size).toBe(patientIds.length);
  const uris = [...links.values()].map((l) => l.uri);

  const encrypted = await call<{ tenant: string }>(api, 'GET', `/patient/getencryptedtenant?tenantid=${demoIds.clearview}`);
  ok(encrypted.status, encrypted.body, 200);
  const tenant = encrypted.body.tenant;
  const card = await call<{ sectionlists: { textlists: { description: string }[] }[] }>(api, 'GET', `/patient/getcard?uri=${uris[0]}`, {
    headers: { 'x-tenant-id': tenant },
  });
  ok(card.status, card.body, 200);
  const answers = card.body.sectionlists.map((s) => ({ ...s, textlists: s.textlists.map((t) => ({ ...t, description: 'Are my new lenses ready?' })) }));

  // Invoices large enough that no payment of the load can exceed the balance.
  const invoiceIds = await inParallel(patientIds.slice(0, 8), async (patientId) => {
    const res = await call<{ id: string }>(api, 'POST', '/invoices', {
      token,
      body: { patientId, lines: [{ kind: 'service', description: 'Eye exam', quantity: 1, unitPrice: 50_000_000 }] },
    });
    ok(res.status, res.body, 201);
    return res.body.id;
  });
  return { patientIds, uris, tenant, answers, invoiceIds };
}

interface Measured {
  acked: { payments: number; sales: number; forms: number };
  /** Requests sent and not answered when the process died. */
  inFlight: number;
  /** Unanswered payments that the restarted server found already recorded. */
  unansweredButCommitted: number;
  /** From the kill until the restarted server answered its health check (recovery included). */
  restartMs: number;
}

async function crashAndRestart(env: NodeJS.ProcessEnv, inspect: () => Promise<Parameters<typeof checkDatabase>[0]>, run: string): Promise<Measured> {
  // Development mode prints the outbox (where the test reads the eForm links); the sign-in limit is per address
  // and every request here comes from one.
  const serverEnv = { ...env, NODE_ENV: 'development', LOG_LEVEL: 'info', AUTH_REQUESTS_PER_MINUTE: '1000000' };
  const first = await startServer(serverEnv);
  let token = await signInAdmin(first.api);
  const { patientIds, uris, tenant, answers, invoiceIds } = await prepare(first, token, run);

  const payments: Payment[] = [];
  const sales: Sale[] = [];
  const submitted: string[] = [];
  const formQueue = [...uris];
  let inFlight = 0;
  let acks = 0;
  let dead = false;
  let n = 0;

  const worker = async (w: number) => {
    for (let i = 0; !dead; i++) {
      const kind = (w + i) % 3;
      inFlight += 1;
      if (kind === 0) {
        const p: Payment = { key: `crash-${run}-${w}-${i}`, invoiceId: invoiceIds[(n += 1) % invoiceIds.length]!, amount: 100 + ((w * 37 + i * 11) % 900) };
        payments.push(p);
        const res = await call<{ payment: { id: string } }>(first.api, 'POST', `/invoices/${p.invoiceId}/payments`, {
          token,
          headers: { 'idempotency-key': p.key },
          body: { method: 'card', amount: p.amount },
        });
        if (res.status === 201) p.ackedId = res.body.payment.id;
        else if (res.status !== 0) throw new Error(`payment: ${res.status} ${JSON.stringify(res.body)}`);
        if (res.status === 0) dead = true;
      } else if (kind === 1) {
        const res = await call<Sale>(first.api, 'POST', '/invoices', {
          token,
          body: {
            patientId: patientIds[(n += 1) % patientIds.length],
            lines: [
              { kind: 'product', sku: 'FR-1', description: 'Frames', quantity: 1 + (i % 3), unitPrice: 12_999, discount: i % 2 ? 500 : 0 },
              { kind: 'product', sku: 'LN-2', description: 'Lenses', quantity: 2, unitPrice: 8_450 },
            ],
          },
        });
        if (res.status === 201) sales.push({ id: res.body.id, patientId: res.body.patientId, number: res.body.number, total: res.body.total });
        else if (res.status !== 0) throw new Error(`sale: ${res.status} ${JSON.stringify(res.body)}`);
        if (res.status === 0) dead = true;
      } else {
        const uri = formQueue.shift();
        if (uri) {
          const res = await call<{ alreadySubmitted: boolean }>(first.api, 'POST', '/patient/submitform', {
            headers: { 'x-tenant-id': tenant },
            body: { uri, sectionlists: answers },
          });
          if (res.status === 200 && !res.body.alreadySubmitted) submitted.push(uri);
          else if (res.status !== 0) throw new Error(`eForm: ${res.status} ${JSON.stringify(res.body)}`);
          if (res.status === 0) dead = true;
        }
      }
      inFlight -= 1;
      acks += 1;
    }
  };
  const workers = Array.from({ length: 12 }, (_, w) => worker(w));
  // Kill once a good share of writes is acknowledged, while the other workers' requests are in flight.
  while (acks < 75) await new Promise((r) => setTimeout(r, 5));
  const inFlightAtKill = inFlight;
  expect(await first.stop('SIGKILL')).toBeNull();
  await Promise.all(workers);

  const acked = { payments: payments.filter((p) => p.ackedId).length, sales: sales.length, forms: submitted.length };
  expect(acked.payments).toBeGreaterThan(10);
  expect(acked.sales).toBeGreaterThan(10);
  expect(acked.forms).toBeGreaterThan(10);

  // The same database opens again and answers for every acknowledged write.
  const killedAt = Date.now();
  const second = await startServer(serverEnv);
  const restartMs = Date.now() - killedAt;
  token = await signInAdmin(second.api);
  let unansweredButCommitted = 0;
  const firstIds = new Map<string, string>();
  await inParallel(payments, async (p) => {
    const res = await call<{ payment: { id: string; amount: number }; replayed: boolean }>(second.api, 'POST', `/invoices/${p.invoiceId}/payments`, {
      token,
      headers: { 'idempotency-key': p.key },
      body: { method: 'card', amount: p.amount },
    });
    if (p.ackedId) {
      // An acknowledged payment is found by its key, never recorded a second time.
      expect(res.status, `${p.key}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body).toMatchObject({ replayed: true, payment: { id: p.ackedId, amount: p.amount } });
    } else {
      // An unanswered one either committed before the kill (replayed) or did not (recorded now): both are right.
      expect([200, 201], `${p.key}: ${JSON.stringify(res.body)}`).toContain(res.status);
      if (res.status === 200) unansweredButCommitted += 1;
    }
    firstIds.set(p.key, res.body.payment.id);
  });
  // A second replay answers the same payment again.
  await inParallel(payments.slice(0, 30), async (p) => {
    const res = await call<{ payment: { id: string }; replayed: boolean }>(second.api, 'POST', `/invoices/${p.invoiceId}/payments`, {
      token,
      headers: { 'idempotency-key': p.key },
      body: { method: 'card', amount: p.amount },
    });
    expect(res.status).toBe(200);
    expect(res.body.payment.id).toBe(firstIds.get(p.key));
  });
  await inParallel(sales, async (s) => {
    const res = await call<{ number: number; total: number; lines: unknown[] }>(second.api, 'GET', `/patients/${s.patientId}/invoices/${s.id}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ number: s.number, total: s.total });
    expect(res.body.lines).toHaveLength(2);
  });
  await inParallel(submitted, async (uri) => {
    const res = await call(second.api, 'POST', '/patient/submitform', { headers: { 'x-tenant-id': tenant }, body: { uri, sectionlists: answers } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ submitted: true, alreadySubmitted: true });
  });
  expect(await second.stop('SIGTERM')).toBe(0);

  await checkDatabase(await inspect(), { payments: [...firstIds], sales, submitted, run });
  return { acked, inFlight: inFlightAtKill, unansweredButCommitted, restartMs };
}

/** Looks behind the API: each key once, every invoice whole, every payment and submission with its audit row. */
async function checkDatabase(
  db: Awaited<ReturnType<typeof openDatabase>>,
  want: { payments: [string, string][]; sales: Sale[]; submitted: string[]; run: string },
) {
  try {
    const q = <T>(query: ReturnType<typeof sql>) => queryRows<T>(db.owner, query);
    const keys = await q<{ key: string; id: string; n: number }>(
      sql`select idempotency_key as key, min(id::text) as id, count(*)::int as n from payments where idempotency_key like ${`crash-${want.run}-%`} group by idempotency_key`,
    );
    expect(keys.filter((k) => k.n !== 1)).toEqual([]);
    expect(new Map(keys.map((k) => [k.key, k.id]))).toEqual(new Map(want.payments));

    const broken = await q<{ id: string; problem: string }>(sql`
      select i.id, 'totals' as problem from invoices i where i.total <> i.subtotal - i.discount_total + i.tax_total
      union all
      select i.id, 'lines' from invoices i
        where i.total <> coalesce((select sum(l.total) from invoice_lines l where l.invoice_id = i.id), 0)
           or not exists (select 1 from invoice_lines l where l.invoice_id = i.id)
      union all
      select i.id, 'paid' from invoices i where i.paid_total <> coalesce((select sum(p.amount) from payments p where p.invoice_id = i.id), 0)
      union all
      select i.id, 'status' from invoices i where i.status = 'open' and i.paid_total >= i.total and i.total > 0
      union all
      select p.id, 'payment audit' from payments p
        where p.idempotency_key like ${`crash-${want.run}-%`}
          and (select count(*) from audit_log a where a.action = 'invoice.payment' and a.target_id = p.id::text and not (a.details ? 'replayed')) <> 1
      union all
      select i.id, 'invoice audit' from invoices i
        where i.patient_id in (select id from patients where first_name = 'Crash')
          and (select count(*) from audit_log a where a.action = 'invoice.create' and a.target_id = i.id::text) <> 1`);
    expect(broken).toEqual([]);
    const numbers = await q<{ n: number }>(sql`select count(*)::int as n from (select location_id, number from invoices group by 1, 2 having count(*) > 1) d`);
    expect(numbers[0]!.n).toBe(0);
    const sold = await q<{ id: string }>(sql`select id::text as id from invoices`);
    for (const s of want.sales) expect(sold.some((r) => r.id === s.id)).toBe(true);

    const forms = await q<{ problem: string; n: number }>(sql`
      select 'submitted without answers' as problem, count(*)::int as n from form_assignments a
        where a.submitted_at is not null and not exists (select 1 from form_submissions s where s.assignment_id = a.id)
      union all
      select 'answers without submitted', count(*)::int from form_submissions s join form_assignments a on a.id = s.assignment_id where a.submitted_at is null
      union all
      select 'submission audit', count(*)::int from form_submissions s
        where s.ip is not null -- made through the API; the demo data's submission has no request behind it
          and (select count(*) from audit_log l where l.action = 'eform.submit' and l.target_id = s.assignment_id::text) <> 1`);
    expect(forms).toEqual([
      { problem: 'submitted without answers', n: 0 },
      { problem: 'answers without submitted', n: 0 },
      { problem: 'submission audit', n: 0 },
    ]);
  } finally {
    await db.close();
  }
}

describe.skipIf(!pgBase)('crash safety on PostgreSQL (runs with TEST_DATABASE_URL; skipped on the embedded database)', () => {
  const dbs: { drop: () => Promise<void> }[] = [];
  afterAll(async () => {
    killStrayServers();
    for (const d of dbs) await d.drop();
  });

  it('keeps every acknowledged payment, sale and eForm submission exactly once across SIGKILL and a restart', { timeout: 300_000 }, async () => {
    const db = await emptyPostgresDatabase(pgBase!);
    dbs.push(db);
    const measured = await crashAndRestart({ DATABASE_URL: db.url }, () => openDatabase({ url: db.url, dataDir: 'memory://', poolSize: 2 }), 'pg');
    console.log(`crash safety on PostgreSQL: ${JSON.stringify(measured)}`);
  });
});

describe.skipIf(!!pgBase)('crash safety on PGlite (the embedded database; runs without TEST_DATABASE_URL)', () => {
  const dirs: string[] = [];
  afterAll(() => {
    killStrayServers();
    dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
  });

  it('reopens the data folder after kill -9 and holds every acknowledged write exactly once', { timeout: 300_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-crash-'));
    dirs.push(dataDir);
    // The run's migrated and seeded template written into the folder: the first start then has nothing to do.
    await (await openDatabase({ dataDir, loadDataDir: new Blob([new Uint8Array(readFileSync(inject('pgliteTemplate')))]) })).close();
    const measured = await crashAndRestart({ DATA_DIR: dataDir }, () => openDatabase({ dataDir }), 'pglite');
    console.log(`crash safety on PGlite: ${JSON.stringify(measured)}`);
  });
});
