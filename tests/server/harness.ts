/**
 * Boots the real app for a test file: its own fresh database (in-memory PGlite, or with TEST_DATABASE_URL a new
 * PostgreSQL database created for the file and dropped after), copied from the run's migrated and seeded template
 * (tests/server/template-setup.ts), a clock the test can move, and helpers that act as a client would (HTTP through
 * app.inject).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../server/app';
import { loadSecrets } from '../../server/db/secrets';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, queryRows, type Database } from '../../server/db/client';
import { assertRuntimeRoleIsConfined, migrateDatabase } from '../../server/db/migrate';
import { DEMO_PASSWORD, demoIds, seedDemoData } from '../../server/db/seed';

export { DEMO_PASSWORD, demoIds };

export interface Harness {
  app: FastifyInstance;
  db: Database;
  config: Config;
  /** Moves the app's clock forward. */
  advance(ms: number): void;
  /** Restarts the app on the same database (counters must survive). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

async function freshPostgres(baseUrl: string, template: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
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

/** The template's dump, read once per worker. */
let templateDump: Blob | undefined;
const pgliteTemplate = () => (templateDump ??= new Blob([new Uint8Array(readFileSync(inject('pgliteTemplate')))]));

export async function startHarness(overrides: Partial<Config> = {}): Promise<Harness> {
  const pgBase = process.env.TEST_DATABASE_URL;
  const pgDb = pgBase ? await freshPostgres(pgBase, inject('postgresTemplate')) : null;
  const db = await openDatabase({
    url: pgDb?.url,
    dataDir: 'memory://',
    poolSize: 5,
    loadDataDir: pgDb ? undefined : pgliteTemplate(),
  });
  // Already migrated and seeded by the template: these find nothing to do, as at a restart.
  await migrateDatabase(db);
  await assertRuntimeRoleIsConfined(db);
  await seedDemoData(db.owner);
  let offset = 0;
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    // Tests send many sign-ins from one address; the rate-limit test lowers this again.
    authRequestsPerMinute: 10_000,
    ...overrides,
    now: () => new Date(Date.now() + offset),
  };
  const secrets = await loadSecrets(db.owner, config);
  const harness: Harness = {
    app: await buildApp({ config, db, secrets }),
    db,
    config,
    advance(ms) {
      offset += ms;
    },
    async restart() {
      await harness.app.close();
      harness.app = await buildApp({ config, db, secrets: await loadSecrets(db.owner, config) });
    },
    async close() {
      await harness.app.close();
      await db.close();
      await pgDb?.drop();
    },
  };
  return harness;
}

export const demo = {
  clearview: { tenentID: demoIds.clearview, locationid: demoIds.downtown },
  brightsight: { tenentID: demoIds.brightsight, locationid: demoIds.main },
};

export function json<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return res.json() as T;
}

export interface SignedIn {
  token: string;
  cookie: string;
  tenantId: string;
  user: { id: string; role: string[]; data: { displayName: string } };
}

export function refreshCookieOf(res: LightMyRequestResponse): string | undefined {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  const found = all.find((c) => c.startsWith('pp_refresh='));
  return found?.split(';')[0];
}

/** Signs in at a store address like a browser would. */
export async function signIn(
  h: Harness,
  username: string,
  extra: Record<string, unknown> = demo.clearview,
  password = DEMO_PASSWORD,
): Promise<SignedIn> {
  const res = await h.app.inject({ method: 'POST', url: '/api/patient/login', payload: { username, password, ...extra } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`);
  const body = json<{ access_token: string; tenantID: string; user: SignedIn['user'] }>(res);
  return { token: body.access_token, cookie: refreshCookieOf(res) ?? '', tenantId: body.tenantID, user: body.user };
}

export function bearer(s: { token: string }) {
  return { authorization: `Bearer ${s.token}` };
}

/** Reads as the owner (past RLS): what tests check in the database behind the API. */
export function ownerRows<T>(h: Harness, query: ReturnType<typeof sql>): Promise<T[]> {
  return queryRows<T>(h.db.owner, query);
}

/** The last message written to the communication log for a recipient: where a real user reads their code. */
export async function lastMessageTo(h: Harness, recipient: string): Promise<string> {
  const [row] = await ownerRows<{ body: string }>(
    h,
    sql`select body from communication_log where recipient = ${recipient} order by created_at desc limit 1`,
  );
  if (!row) throw new Error(`no message to ${recipient}`);
  return row.body;
}

export function codeIn(body: string): string {
  const match = body.match(/\b(\d{6})\b/);
  if (!match) throw new Error(`no code in: ${body}`);
  return match[1]!;
}

export async function auditActions(h: Harness, tenantId: string): Promise<{ action: string; outcome: string; details: Record<string, unknown> }[]> {
  return ownerRows(h, sql`select action, outcome, details from audit_log where tenant_id = ${tenantId} order by id`);
}

/** Adds a patient record as the owner (test fixture); returns its id. */
export async function addPatient(
  h: Harness,
  p: { tenantId: string; locationId: string; firstName: string; lastName: string; email?: string; phone?: string; preferredChannel?: 'email' | 'sms' },
): Promise<string> {
  const [row] = await ownerRows<{ id: string }>(
    h,
    sql`insert into patients (tenant_id, location_id, first_name, last_name, date_of_birth, email, phone, preferred_channel)
        values (${p.tenantId}, ${p.locationId}, ${p.firstName}, ${p.lastName}, '1985-04-12', ${p.email ?? ''}, ${p.phone ?? ''}, ${p.preferredChannel ?? 'email'})
        returning id`,
  );
  return row!.id;
}

/** The public eForm link in a message body: its tenantid and uri (link token). */
export function eformLinkIn(body: string): { tenantid: string; uri: string } {
  const match = body.match(/\/eforms\?tenantid=([0-9a-f-]{36})&uri=([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no eForm link in: ${body}`);
  return { tenantid: match[1]!, uri: match[2]! };
}
