/** A fresh PostgreSQL database for the bench, dropped on the way out. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { DEFAULT_PG_URL } from './config';
import { log, message } from './lib/format';
import { onCleanup } from './lib/process';

export interface PgBench {
  url: string;
  database: string;
  drop: () => Promise<void>;
}

/** null when the default address is unreachable (skip); an explicit BENCH_DATABASE_URL must work. */
export async function createPgDatabase(): Promise<PgBench | { skipped: string }> {
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
