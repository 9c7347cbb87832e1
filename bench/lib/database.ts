/**
 * The PostgreSQL database of a data bench (bench/pos.ts, bench/recalls.ts): a fresh database `name` on
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), migrated; dropped at the end unless
 * BENCH_KEEP=1, and with BENCH_REUSE=1 a kept one is opened again (the bench decides whether its data is there).
 */
import { openDatabase, type Database } from '../../server/db/client';
import { migrateDatabase } from '../../server/db/migrate';
import { adminQuery } from './timing';

export const benchBaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const benchKeep = process.env.BENCH_KEEP === '1';
export const benchReuse = process.env.BENCH_REUSE === '1';

/** Runs `work` on the bench database `name` (created and migrated first, dropped after unless kept). */
export async function withBenchDatabase<T>(name: string, work: (db: Database, url: string) => Promise<T>, poolSize = 4): Promise<T> {
  const admin = (query: string) => adminQuery(benchBaseUrl, query);
  if (!benchReuse) await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`).catch((err: unknown) => {
    if (!benchReuse) throw err;
  });
  const url = new URL(benchBaseUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ url: url.toString(), dataDir: 'memory://', poolSize });
  try {
    await migrateDatabase(db);
    return await work(db, url.toString());
  } finally {
    await db.close();
    if (!benchKeep) await admin(`drop database if exists ${name} with (force)`);
  }
}
