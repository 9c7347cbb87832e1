/**
 * The outbox across real server processes on one PostgreSQL (runs with TEST_DATABASE_URL; the embedded database is
 * one process): two processes' workers send every queued message exactly once, and a process killed mid-send
 * loses nothing: its claim runs out and another process sends the message (docs/operations.md, "The outbox").
 * A batch that outlives its claim is not sent twice when another process takes the rest over, and SIGTERM with a
 * mail server that never answers exits within SHUTDOWN_TIMEOUT_SECONDS, handing the unsent messages back; that
 * last one runs on PGlite too (without TEST_DATABASE_URL), one process on a data folder.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../../server/db/client';
import { demoIds } from './harness';
import { startMailServer, type MailServer } from './messageServers';
import { emptyPostgresDatabase, killStrayServers, startServer, type ServerProcess } from './serverProcess';

const pgBase = process.env.TEST_DATABASE_URL;
let db: Database;
let drop: () => Promise<void>;
let mail: MailServer;
let env: NodeJS.ProcessEnv;
const LEASE_SECONDS = 3;

beforeAll(async () => {
  if (!pgBase) return;
  const database = await emptyPostgresDatabase(pgBase, inject('postgresTemplate'));
  drop = database.drop;
  mail = await startMailServer();
  env = { DATABASE_URL: database.url, NODE_ENV: 'test', SMTP_URL: mail.url, OUTBOX_POLL_MS: '200', OUTBOX_LEASE_SECONDS: String(LEASE_SECONDS) };
  db = await openDatabase({ url: database.url, dataDir: 'memory://', poolSize: 2 });
}, 120_000);

afterAll(async () => {
  killStrayServers();
  await db?.close();
  await drop?.();
  await mail?.close();
});

/** Queues `n` emails of both companies as a request would leave them: written to the log, status queued. */
async function queue(n: number, tag: string, into: Database = db): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    into.owner,
    sql`insert into communication_log (tenant_id, channel, recipient, template, subject, body)
        select case when i % 2 = 0 then ${demoIds.clearview}::uuid else ${demoIds.brightsight}::uuid end, 'email',
               'outbox' || i || '@example.test', 'auth.code', ${tag} || ' ' || i, 'Message ' || i
        from generate_series(1, ${n}) as i
        returning id`,
  );
  return rows.map((r) => r.id);
}

const statuses = (ids: string[], of: Database = db) =>
  queryRows<{ status: string; attempts: number; n: number }>(
    of.owner,
    sql`select status, attempts, count(*)::int as n from communication_log where id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)}) group by status, attempts order by status, attempts`,
  );

async function until(check: () => Promise<boolean> | boolean, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!pgBase)('the outbox worker in two server processes on one PostgreSQL', () => {
  it('sends every queued message exactly once', async () => {
    const [a, b] = await Promise.all([startServer(env), startServer(env)]);
    const ids = await queue(200, 'Batch');
    await until(async () => (await statuses(ids)).some((s) => s.status === 'sent' && s.n === 200), 60_000, 'all 200 sent');
    // A second look after both workers polled again: nothing more arrives.
    await new Promise((r) => setTimeout(r, 1_000));
    const batch = mail.received.filter((m) => m.subject.startsWith('Batch '));
    expect(batch).toHaveLength(200);
    expect(new Set(batch.map((m) => m.messageId)).size).toBe(200);
    expect(new Set(batch.map((m) => m.to)).size).toBe(200);
    expect(await statuses(ids)).toEqual([{ status: 'sent', attempts: 1, n: 200 }]);
    await Promise.all([a.stop(), b.stop()]);
  }, 120_000);

  it('a process killed mid-send loses nothing and doubles nothing: another takes the message over after its claim', async () => {
    const a: ServerProcess = await startServer(env);
    mail.stall = true;
    const stalled = mail.stalled();
    const [id] = await queue(1, 'Killed');
    // The mail server holds the message's data without answering: A is mid-send.
    await stalled;
    const [claim] = await queryRows<{ status: string; attempts: number }>(db.owner, sql`select status, attempts from communication_log where id = ${id!}`);
    expect(claim).toEqual({ status: 'sending', attempts: 1 });
    await a.stop('SIGKILL');
    mail.stall = false;
    expect(mail.received.filter((m) => m.subject === 'Killed 1')).toHaveLength(0);

    const b = await startServer(env);
    await until(async () => (await statuses([id!]))[0]?.status === 'sent', LEASE_SECONDS * 1000 + 20_000, 'the message sent by B');
    expect(await statuses([id!])).toEqual([{ status: 'sent', attempts: 2, n: 1 }]);
    await new Promise((r) => setTimeout(r, 1_000));
    const got = mail.received.filter((m) => m.subject === 'Killed 1');
    expect(got).toHaveLength(1);
    expect(got[0]!.messageId).toMatch(new RegExp(`^<${id}@`));
    await b.stop();
  }, 120_000);

  it('a batch that outlives its claim is sent once when another process takes the rest over', async () => {
    // Each mail takes 500 ms: a batch of 20 needs 10 s, five times the 2 s claim.
    const slow = { ...env, OUTBOX_LEASE_SECONDS: '2' };
    mail.delayMs = 500;
    try {
      const a = await startServer(slow);
      const ids = await queue(20, 'Slow');
      await mail.waitFor(mail.received.length + 1, 20_000);
      // A is a few mails into its batch and its claim on the rest has run out by the time B looks.
      const b = await startServer(slow);
      await until(async () => (await statuses(ids)).every((s) => s.status === 'sent'), 60_000, 'all 20 sent');
      await new Promise((r) => setTimeout(r, 1_500));
      const got = mail.received.filter((m) => m.subject.startsWith('Slow '));
      expect(got.length).toBe(20);
      expect(new Set(got.map((m) => m.messageId)).size).toBe(20);
      await Promise.all([a.stop(), b.stop()]);
    } finally {
      mail.delayMs = 0;
    }
  }, 120_000);

  it('SIGTERM with a mail server that never answers exits within the bound and hands the messages back', async () => {
    // A long claim: only a hand-back, not the claim running out, lets the next process send them soon.
    const bounded = { ...env, OUTBOX_LEASE_SECONDS: '600', SHUTDOWN_TIMEOUT_SECONDS: '3' };
    const a = await startServer(bounded);
    mail.stall = true;
    const stalled = mail.stalled();
    const ids = await queue(5, 'Silent');
    await stalled;
    const began = Date.now();
    const code = await a.stop('SIGTERM');
    const took = Date.now() - began;
    mail.stall = false;
    expect(code).toBe(0);
    expect(took).toBeLessThan(3_000 + 2_000);
    // The one cut off mid-send counts its try and goes again; the four never tried are as they were.
    expect(await statuses(ids)).toEqual([
      { status: 'queued', attempts: 0, n: 4 },
      { status: 'queued', attempts: 1, n: 1 },
    ]);
    const b = await startServer(bounded);
    await until(async () => (await statuses(ids)).every((s) => s.status === 'sent'), 20_000, 'the 5 sent by B');
    await new Promise((r) => setTimeout(r, 1_000));
    const got = mail.received.filter((m) => m.subject.startsWith('Silent '));
    expect(got).toHaveLength(5);
    expect(new Set(got.map((m) => m.messageId)).size).toBe(5);
    await b.stop();
  }, 300_000);
});

describe.skipIf(!!pgBase)('the outbox of a server process on PGlite', () => {
  it('SIGTERM with a mail server that never answers exits within the bound and hands the messages back', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'outbox-sigterm-'));
    const silent = await startMailServer();
    // The folder holds the suite's migrated and seeded database; the test opens it only while no server does.
    const inFolder = async <T>(work: (folder: Database) => Promise<T>) => {
      const folder = await openDatabase({ dataDir });
      try {
        return await work(folder);
      } finally {
        await folder.close();
      }
    };
    try {
      await (await openDatabase({ dataDir, loadDataDir: new Blob([new Uint8Array(readFileSync(inject('pgliteTemplate')))]) })).close();
      const ids = await inFolder((folder) => queue(5, 'Silent', folder));
      const bounded = { DATA_DIR: dataDir, NODE_ENV: 'test', SMTP_URL: silent.url, OUTBOX_POLL_MS: '200', OUTBOX_LEASE_SECONDS: '600', SHUTDOWN_TIMEOUT_SECONDS: '3' };
      silent.stall = true;
      const stalled = silent.stalled();
      const a = await startServer(bounded);
      await stalled;
      const began = Date.now();
      const code = await a.stop('SIGTERM');
      const took = Date.now() - began;
      silent.stall = false;
      expect(code).toBe(0);
      // PGlite's closing flush is synchronous work no timer can cut short: on a busy machine it adds seconds.
      expect(took).toBeLessThan(3_000 + 5_000);
      // The one cut off mid-send counts its try and goes again; the four never tried are as they were.
      expect(await inFolder((folder) => statuses(ids, folder))).toEqual([
        { status: 'queued', attempts: 0, n: 4 },
        { status: 'queued', attempts: 1, n: 1 },
      ]);
      const b = await startServer(bounded);
      await silent.waitFor(5, 20_000);
      expect(await b.stop()).toBe(0);
      expect(await inFolder((folder) => statuses(ids, folder))).toEqual([{ status: 'sent', attempts: 1, n: 4 }, { status: 'sent', attempts: 2, n: 1 }]);
      const got = silent.received.filter((m) => m.subject.startsWith('Silent '));
      expect(got).toHaveLength(5);
      expect(new Set(got.map((m) => m.messageId)).size).toBe(5);
    } finally {
      killStrayServers();
      await silent.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
