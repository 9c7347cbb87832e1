import { sql } from 'drizzle-orm';
import { fileURLToPath } from 'node:url';
import { queryRows, type Database } from './client';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** The advisory lock key that puts one starting instance's migrations and demo seed after another's. */
export const STARTUP_LOCK = 727274;

/** Applies the committed migrations. On PostgreSQL an advisory lock keeps two starting instances apart. */
export async function migrateDatabase(db: Database): Promise<void> {
  if (db.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migrate(db.owner as any, { migrationsFolder });
    return;
  }
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.end();
  }
}

/** Start-up refuses to serve when the runtime role could read past row-level security. */
export async function assertRuntimeRoleIsConfined(db: Database): Promise<void> {
  const [row] = await queryRows<{ rolsuper: boolean; rolbypassrls: boolean }>(
    db.owner,
    sql`select rolsuper, rolbypassrls from pg_roles where rolname = 'app_runtime'`,
  );
  if (!row) throw new Error('The runtime role app_runtime does not exist; migrations did not run.');
  if (row.rolsuper || row.rolbypassrls) {
    throw new Error('The runtime role app_runtime is superuser or BYPASSRLS: refusing to serve.');
  }
}
