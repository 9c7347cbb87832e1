/**
 * Boots the real app for a test file: its own fresh database (in-memory PGlite, or with TEST_DATABASE_URL a new
 * PostgreSQL database created for the file and dropped after), copied from the run's migrated and seeded template
 * (tests/server/template-setup.ts), a clock the test can move, and helpers that act as a client would (HTTP through
 * app.inject).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { errorCodes, errorText, type ErrorCode } from '../../src/contract/errorCodes';
import { fieldCodesOf } from '../../src/contract/fieldMessages';
import { buildApp } from '../../server/app';
import { loadSecrets } from '../../server/db/secrets';
import type { Transports } from '../../server/messaging/transports';
import type { PasswordCheck } from '../../server/auth/passwords';
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
  /** Closes the app and the database; throws when an answer was an error without a proper code. */
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

/**
 * Why an answer is not a proper error answer, or null: every answer with status >= 400 and a JSON body carries a
 * code of the catalogue and, as `error`, that code's text with its `params`. The health check's 503 is its report
 * (the Health shape), not an error answer.
 */
export function errorAnswerProblem(method: string, url: string, res: Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'body'>): string | null {
  if (res.statusCode < 400 || !String(res.headers['content-type'] ?? '').startsWith('application/json')) return null;
  if (res.statusCode === 503 && url.split('?')[0] === '/api/health') return null;
  let body: { error?: unknown; code?: unknown; params?: Record<string, string | number> };
  try {
    body = JSON.parse(res.body) as typeof body;
  } catch {
    return `${method} ${url}: ${res.statusCode} with a body that is not JSON: ${res.body.slice(0, 300)}`;
  }
  const code = body?.code as ErrorCode;
  if (typeof code !== 'string' || !errorCodes.includes(code)) return `${method} ${url}: ${res.statusCode} without a catalogue code: ${res.body.slice(0, 300)}`;
  if (body.error !== errorText(code, body.params)) return `${method} ${url}: ${res.statusCode} whose error is not the text of ${code}: ${res.body.slice(0, 300)}`;
  // Each field message the catalogue has carries its code, and only those (the browser translates by it).
  const fields = (body as { fields?: Record<string, string> }).fields;
  const fieldCodes = (body as { fieldCodes?: Record<string, string> }).fieldCodes;
  if (JSON.stringify(fieldCodes) !== JSON.stringify(fields && fieldCodesOf(fields))) return `${method} ${url}: ${res.statusCode} whose fieldCodes are not its fields' codes: ${res.body.slice(0, 300)}`;
  return null;
}

/**
 * Records every answer the app gives through inject that is not a proper error answer (see errorAnswerProblem),
 * and resolves only once the work the app does after answering has finished.
 */
function checkErrorAnswers(app: FastifyInstance, problems: string[]): FastifyInstance {
  const inject = app.inject.bind(app);
  const checked = (opts?: InjectOptions | string, callback?: unknown) => {
    // The chained form (no options) and the callback form are not used by the suite; they pass through unchecked.
    if (opts === undefined || callback !== undefined) return (inject as (...args: unknown[]) => unknown)(opts, callback);
    const method = typeof opts === 'string' ? 'GET' : (opts.method ?? 'GET');
    const target = typeof opts === 'string' ? opts : (opts.url ?? opts.path);
    const url = typeof target === 'string' ? target : JSON.stringify(target);
    return inject(opts).then(async (res) => {
      // Work some calls do after answering (the forgot-password code) is done before the test looks at the database.
      await app.deps.outbox.idle();
      const problem = errorAnswerProblem(String(method), url, res);
      if (problem) problems.push(problem);
      return res;
    });
  };
  app.inject = checked as FastifyInstance['inject'];
  return app;
}

/**
 * `transports`: the providers the app sends through (tests/server/delivery.test.ts gives real SMTP and SMS ones
 * at local servers); none by default, so messages stay in the log. `connectThrough`: on PostgreSQL, the address the
 * app connects to instead of its database's (a proxy that watches the traffic, tests/server/round-trips.test.ts). `checkPassword`: the sign-in's password check,
 * wrapped to count it or hold it (tests/server/passwordGate.ts).
 */
export async function startHarness(
  overrides: Partial<Config> = {},
  opts: { transports?: Transports; checkPassword?: PasswordCheck; connectThrough?: (url: string) => Promise<string> } = {},
): Promise<Harness> {
  const pgBase = process.env.TEST_DATABASE_URL;
  const pgDb = pgBase ? await freshPostgres(pgBase, inject('postgresTemplate')) : null;
  const db = await openDatabase({
    url: pgDb && opts.connectThrough ? await opts.connectThrough(pgDb.url) : pgDb?.url,
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
  const problems: string[] = [];
  const harness: Harness = {
    app: checkErrorAnswers(await buildApp({ config, db, secrets, transports: opts.transports, checkPassword: opts.checkPassword }), problems),
    db,
    config,
    advance(ms) {
      offset += ms;
    },
    async restart() {
      await harness.app.close();
      harness.app = checkErrorAnswers(await buildApp({ config, db, secrets: await loadSecrets(db.owner, config), transports: opts.transports, checkPassword: opts.checkPassword }), problems);
    },
    async close() {
      await harness.app.close();
      await db.close();
      await pgDb?.drop();
      // Any test file fails when an answer it received was an error without a proper code.
      if (problems.length) throw new Error(`error answers without a catalogue code:\n${problems.join('\n')}`);
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
