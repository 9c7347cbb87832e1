import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  /** Connected as the owner: migrations, seed, start-up checks. Requests never use it directly. */
  owner: Db;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL address, when not PGlite. */
  url?: string;
  close(): Promise<void>;
}

/**
 * Opens PostgreSQL when a URL is given, else the embedded PGlite database in `dataDir` (or in memory for
 * `memory://`). Drivers are imported lazily so each deployment loads only its own.
 */
export async function openDatabase(opts: { url?: string; dataDir: string; poolSize?: number }): Promise<Database> {
  if (opts.url) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    // An idle client losing its server must not crash the process; the next query reports it.
    pool.on('error', () => {});
    return { owner: drizzle(pool, { schema }), kind: 'postgres', url: opts.url, close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const client = opts.dataDir === 'memory://' ? new PGlite() : new PGlite(opts.dataDir);
  await client.waitReady;
  return { owner: drizzle(client, { schema }), kind: 'pglite', close: () => client.close() };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Runs `fn` in one transaction as the runtime role with the tenant set, so row-level security admits that
 * tenant's rows only. Both settings are LOCAL: they end with the transaction and never leak to the next request
 * on a pooled connection (or PGlite's single one).
 */
export async function withTenant<T>(db: Db, tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (!UUID.test(tenantId)) throw new Error('withTenant: tenant id is not a UUID');
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('role', 'app_runtime', true), set_config('app.tenant_id', ${tenantId}, true)`,
    );
    return fn(tx);
  });
}

/** Runs `fn` as the runtime role with no tenant: only non-tenant tables and the look-up functions answer. */
export async function withoutTenant<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('role', 'app_runtime', true)`);
    return fn(tx);
  });
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T>(tx: Tx | Db, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
