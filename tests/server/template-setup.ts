/**
 * Once per server test run: one database migrated and seeded with the demo data, which every test file then copies
 * instead of migrating and seeding its own (tests/server/harness.ts). On PGlite the copy is a dump of the data
 * folder, loaded into each file's in-memory database; on PostgreSQL (TEST_DATABASE_URL) a template database that
 * each file's database is created from.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { migrateDatabase } from '../../server/db/migrate';
import { seedDemoData } from '../../server/db/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data folder dump (tar) of the migrated, seeded database, or '' on PostgreSQL. */
    pgliteTemplate: string;
    /** The name of the migrated, seeded template database on PostgreSQL, or ''. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const pgBase = process.env.TEST_DATABASE_URL;
  if (pgBase) {
    const { default: pg } = await import('pg');
    const name = `test_template_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgBase });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(pgBase);
    url.pathname = `/${name}`;
    const db = await openDatabase({ url: url.toString(), dataDir: 'memory://', poolSize: 2 });
    await migrateDatabase(db);
    await seedDemoData(db.owner);
    // A template must have no connection open while databases are created from it.
    await db.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      const client = new pg.Client({ connectionString: pgBase });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const db = await openDatabase({ dataDir: 'memory://' });
  await migrateDatabase(db);
  await seedDemoData(db.owner);
  const dump = await db.dumpDataDir!();
  await db.close();
  const folder = mkdtempSync(join(tmpdir(), 'pp-test-template-'));
  const file = join(folder, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return () => rmSync(folder, { recursive: true, force: true });
}
