/**
 * The first start of a deployment on PostgreSQL, as an orchestrator does it: several instances started at the same
 * moment on a new, empty database (docs/operations.md, "Running several processes"). Each round creates its own
 * database and drops it after. The embedded database has one data folder per process, so this is PostgreSQL only.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { demo, DEMO_PASSWORD } from './harness';
import { call, emptyPostgresDatabase, killStrayServers, startServer, type ServerProcess } from './serverProcess';

const pgBase = process.env.TEST_DATABASE_URL;
const ROUNDS = 2;

afterAll(() => killStrayServers());

const signIn = (s: ServerProcess) =>
  call<{ access_token: string }>(s.api, 'POST', '/patient/login', { body: { username: 'patient@clearview.test', password: DEMO_PASSWORD, ...demo.clearview } });

async function countsOf(url: string): Promise<{ markers: number; companies: number; users: number }> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select (select count(*)::int from app_meta) as markers, (select count(*)::int from companies) as companies,
              (select count(*)::int from users) as users`,
    );
    return rows[0] as { markers: number; companies: number; users: number };
  } finally {
    await client.end();
  }
}

describe.skipIf(!pgBase)('first start on an empty PostgreSQL database (runs with TEST_DATABASE_URL)', () => {
  it(`two processes started together both serve /api/health and sign-in; the demo data is written once (${ROUNDS} rounds)`, { timeout: 480_000 }, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const database = await emptyPostgresDatabase(pgBase!);
      const env = { DATABASE_URL: database.url, NODE_ENV: 'test' };
      const started = await Promise.allSettled([startServer(env), startServer(env)]);
      try {
        const failed = started.filter((s): s is PromiseRejectedResult => s.status === 'rejected').map((s) => String(s.reason));
        expect(failed, `round ${round}`).toEqual([]);
        for (const s of started) {
          const server = (s as PromiseFulfilledResult<ServerProcess>).value;
          expect((await call(server.api, 'GET', '/health')).body).toMatchObject({ status: 'ok', database: 'up' });
          const signedIn = await signIn(server);
          expect(signedIn.status).toBe(200);
          expect((await call(server.api, 'GET', '/patient/me', { token: signedIn.body.access_token })).status).toBe(200);
        }
        // The demo seed and the catalogue's: each marker once, the data once.
        expect(await countsOf(database.url)).toEqual({ markers: 2, companies: 3, users: 9 });
      } finally {
        await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.stop() : undefined)));
        await database.drop();
      }
    }
  });

  it('a start-up that fails says why: the database error with its code, not only the statement that failed', { timeout: 180_000 }, async () => {
    const database = await emptyPostgresDatabase(pgBase!);
    try {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      // Something in the way of the first migration's tables.
      await client.query('create table companies (x int)');
      await client.end();
      const error = await startServer({ DATABASE_URL: database.url, NODE_ENV: 'test' }).then(
        () => null,
        (err: Error) => err.message,
      );
      expect(error).toMatch(/^server exited \(1\)/);
      expect(error).toContain('relation "companies" already exists');
      expect(error).toContain('42P07');
    } finally {
      await database.drop();
    }
  });
});
