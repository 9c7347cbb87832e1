/**
 * The real server process on PostgreSQL when its database fails under it (docs/operations.md, "When the database
 * fails"): backends ended by an administrator in the middle of requests, and a database that refuses connections
 * for a while. The requests caught in it answer 503 with Retry-After, the process stays up and serves again once
 * the database is back, and the log says so once per outage, however often the outbox and the scheduled jobs poll
 * through it. The embedded database runs in the process, so only
 * PostgreSQL can fail this way.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD, demo } from './harness';
import { startMailServer } from './messageServers';
import { call, emptyPostgresDatabase, killStrayServers, startServer, type ServerProcess } from './serverProcess';

const pgBase = process.env.TEST_DATABASE_URL;
let server: ServerProcess;
let name: string;
let url: string;
let drop: () => Promise<void>;
/** Connected to the cluster's own test database (never to the server's), to end and block the server's backends. */
let admin: pg.Client;
const POOL = 20;
const CONNECT_TIMEOUT_MS = 1_500;
const openLocks = new Set<() => Promise<void>>();

beforeAll(async () => {
  if (!pgBase) return;
  const database = await emptyPostgresDatabase(pgBase, inject('postgresTemplate'));
  drop = database.drop;
  url = database.url;
  name = new URL(url).pathname.slice(1);
  admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  // A pool larger than the requests held in the first case, so each of them has its own backend when it is ended.
  server = await startServer({
    DATABASE_URL: url,
    NODE_ENV: 'test',
    DB_POOL_SIZE: String(POOL),
    DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
    AUTH_REQUESTS_PER_MINUTE: '1000',
  });
}, 120_000);

afterAll(async () => {
  // A case that failed half-way leaves its lock held; the requests waiting on it would hold the shutdown.
  await Promise.all([...openLocks].map((release) => release()));
  await server?.stop();
  killStrayServers();
  await admin?.query(`alter database ${name} with allow_connections true`).catch(() => undefined);
  await admin?.end();
  await drop?.();
});

const signIn = async () => {
  const res = await call<{ access_token: string; user: { data: { settings: Record<string, unknown> } } }>(server.api, 'POST', '/patient/login', {
    body: { username: 'patient@clearview.test', password: DEMO_PASSWORD, ...demo.clearview },
  });
  expect(res.status).toBe(200);
  return { token: res.body.access_token, settings: res.body.user.data.settings };
};

/** A read on the pipelined runner and a write in a transaction: the two ways a request holds a connection. */
const me = (token: string) => call(server.api, 'GET', '/patient/me', { token });
const save = (token: string, settings: Record<string, unknown>) =>
  call(server.api, 'POST', '/patient/savethemesettings', { token, body: { data: { settings, shortcuts: ['calendar'] } } });

/** A connection of its own holding the table every signed-in request reads first: those requests wait on it. */
async function lockSessions() {
  const holder = new pg.Client({ connectionString: url });
  await holder.connect();
  await holder.query('begin');
  await holder.query('lock table refresh_families in access exclusive mode');
  const release = async () => {
    openLocks.delete(release);
    await holder.query('rollback');
    await holder.end();
  };
  openLocks.add(release);
  return {
    pid: (holder as unknown as { processID: number }).processID,
    waiting: async (n: number) =>
      (await admin.query(`select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`, [name])).rows[0].n >= n,
    release,
  };
}

async function until(check: () => Promise<boolean>, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Every outage the log opened is closed (the next one then starts its own line): answered for a second. */
const outagesOver = (token: string) =>
  until(
    async () => {
      if (logLines(0, 'database unavailable').length === logLines(0, 'database available again').length) return true;
      await me(token);
      return false;
    },
    10_000,
    'the last outage to be over',
  );

const endBackends = () =>
  admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [name]);

function expectUnavailable(res: { status: number; body: unknown; headers: Headers }) {
  expect(res.status).toBe(503);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  // The cause stays in the server's log and /api/health; the client learns only that it may retry.
  expect(res.body).toEqual({ code: 'server.databaseUnavailable', error: 'The service is unavailable for a moment. Please try again shortly.' });
}

/** The lines of a server's JSON log since `from` whose message is `msg`. */
const logLines = (from: number, msg: string, of: ServerProcess = server) =>
  of
    .output()
    .slice(from)
    .split('\n')
    .filter((line) => line.includes(`"msg":"${msg}"`));

describe.skipIf(!pgBase)('the server when PostgreSQL fails under it (runs with TEST_DATABASE_URL)', () => {
  it('backends ended during requests: those requests answer 503 with Retry-After, the process serves on', { timeout: 60_000 }, async () => {
    const { token, settings } = await signIn();
    // Every request below waits on this lock while it holds its connection: each is in flight when it is ended.
    const lock = await lockSessions();
    const inFlight = [
      ...Array.from({ length: 6 }, () => me(token)),
      ...Array.from({ length: 6 }, () => save(token, settings)),
    ];
    await until(() => lock.waiting(12), 20_000, 'the requests to wait on the lock');
    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid not in (pg_backend_pid(), $2)`, [
      name,
      lock.pid,
    ]);
    const answers = await Promise.all(inFlight);
    await lock.release();

    for (const answer of answers) expectUnavailable(answer);
    expect(server.child.exitCode).toBeNull();
    expect(server.child.signalCode).toBeNull();
    // The ended connections were dropped from the pool: the next requests get new ones.
    expect((await me(token)).status).toBe(200);
    expect((await save(token, settings)).status).toBe(200);
    expect((await call(server.api, 'GET', '/health')).status).toBe(200);
  });

  it('backends ended again and again under load: every answer is 200 or 503 with Retry-After, never a dropped one', { timeout: 60_000 }, async () => {
    const { token, settings } = await signIn();
    await outagesOver(token);
    const from = server.output().length;
    const answers: { status: number; body: unknown; headers: Headers }[] = [];
    let running = true;
    // Eight clients, each sending its next request when the last is answered: reads, writes and sign-ins.
    const clients = Array.from({ length: 8 }, async (_, i) => {
      while (running) {
        const kind = i % 4;
        answers.push(
          await (kind === 0
            ? save(token, settings)
            : kind === 1
              ? call(server.api, 'POST', '/patient/login', { body: { username: 'patient@clearview.test', password: DEMO_PASSWORD, ...demo.clearview } })
              : me(token)),
        );
      }
    });
    for (let round = 0; round < 8; round++) {
      await new Promise((r) => setTimeout(r, 150));
      await endBackends();
    }
    running = false;
    await Promise.all(clients);

    const refused = answers.filter((a) => a.status !== 200);
    for (const answer of refused) expectUnavailable(answer);
    expect(answers.length - refused.length).toBeGreaterThan(0);
    expect(server.child.exitCode).toBeNull();
    expect((await me(token)).status).toBe(200);
    // Failures and answers interleaved for about a second: one outage in the log, no request's stack.
    await outagesOver(token);
    expect(logLines(from, 'database unavailable')).toHaveLength(1);
    expect(logLines(from, 'request failed')).toEqual([]);
  });

  it('a database refusing connections: 503 with Retry-After, one log line for the outage, 200 once it is back', { timeout: 60_000 }, async () => {
    const { token, settings } = await signIn();
    await outagesOver(token);
    const from = server.output().length;
    await admin.query(`alter database ${name} with allow_connections false`);
    try {
      await endBackends();
      for (let round = 0; round < 3; round++) {
        const answers = await Promise.all([
          ...Array.from({ length: 5 }, () => me(token)),
          save(token, settings),
          call(server.api, 'POST', '/patient/login', { body: { username: 'patient@clearview.test', password: DEMO_PASSWORD, ...demo.clearview } }),
        ]);
        for (const answer of answers) expectUnavailable(answer);
      }
      const health = await call(server.api, 'GET', '/health');
      expect(health.status).toBe(503);
      expect(health.body).toEqual({ status: 'unavailable', database: 'down', databaseKind: 'postgres' });
    } finally {
      await admin.query(`alter database ${name} with allow_connections true`);
    }
    expect(logLines(from, 'database unavailable')).toHaveLength(1);
    expect(logLines(from, 'request failed')).toEqual([]);

    await until(async () => (await me(token)).status === 200, 10_000, 'the API to answer again');
    expect((await save(token, settings)).status).toBe(200);
    expect((await call(server.api, 'GET', '/health')).status).toBe(200);
    // Said once the database has answered for a second without a failure.
    await until(async () => logLines(from, 'database available again').length > 0, 5_000, 'the log to say the outage is over');
    expect(logLines(from, 'database available again')).toHaveLength(1);
    expect(logLines(from, 'database unavailable')).toHaveLength(1);
    expect(server.child.exitCode).toBeNull();
  });

  it('a pool that stays full: the requests past it answer 503 within DB_CONNECT_TIMEOUT_MS, those in it finish', { timeout: 60_000 }, async () => {
    const { token } = await signIn();
    await outagesOver(token);
    const from = server.output().length;
    const lock = await lockSessions();
    const held = Array.from({ length: POOL }, () => me(token));
    await until(() => lock.waiting(POOL), 20_000, 'the pool to be taken');
    const started = performance.now();
    const past = await Promise.all(Array.from({ length: 3 }, () => me(token)));
    const waited = performance.now() - started;
    for (const answer of past) expectUnavailable(answer);
    expect(waited).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 100);
    expect(waited).toBeLessThan(CONNECT_TIMEOUT_MS + 5_000);
    await lock.release();
    for (const answer of await Promise.all(held)) expect(answer.status).toBe(200);
    await outagesOver(token);
    expect(logLines(from, 'database unavailable')).toHaveLength(1);
    expect(logLines(from, 'database available again')).toHaveLength(1);
  });

  it('the outbox and the scheduled jobs polling through an outage: one line for it, no stack per poll', { timeout: 60_000 }, async () => {
    const mail = await startMailServer();
    // Another process on the same database whose background work looks every 100 ms.
    const worker = await startServer({
      DATABASE_URL: url,
      NODE_ENV: 'test',
      SMTP_URL: mail.url,
      OUTBOX_POLL_MS: '100',
      JOBS_POLL_MS: '100',
      DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
    });
    try {
      const from = worker.output().length;
      const perPoll = ['outbox pass failed', 'outbox claim not renewed', 'work after the answer failed', 'jobs not scheduled', 'job will be retried', 'job outcome not recorded'];
      await admin.query(`alter database ${name} with allow_connections false`);
      try {
        await endBackends();
        // The worker's log reaches this process through a pipe: wait for its first word on the outage, then for
        // about twenty more polls of each.
        await until(async () => logLines(from, 'database unavailable', worker).length + perPoll.flatMap((msg) => logLines(from, msg, worker)).length > 0, 20_000, 'the worker to meet the outage');
        await new Promise((r) => setTimeout(r, 2_000));
      } finally {
        await admin.query(`alter database ${name} with allow_connections true`);
      }
      // Logged after every line of the outage, on the same stream: once it is here, so are they.
      await until(async () => logLines(from, 'database available again', worker).length > 0, 20_000, 'the worker to say the outage is over');
      for (const msg of perPoll) expect(logLines(from, msg, worker), msg).toEqual([]);
      expect(logLines(from, 'database unavailable', worker)).toHaveLength(1);
      expect(worker.child.exitCode).toBeNull();
    } finally {
      await worker.stop();
      await mail.close();
    }
  });
});
