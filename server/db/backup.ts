/**
 * Backup and restore of the whole database.
 *   npm run db:backup -- <file>    PGlite: a gzipped tar of the data folder (stop the server first: PGlite is
 *                                  single-process); PostgreSQL (DATABASE_URL): pg_dump custom format.
 *   npm run db:restore -- <file>   PGlite: into an empty DATA_DIR; PostgreSQL: pg_restore into DATABASE_URL.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config';
import { pgliteExtensions } from './client';

export async function backup(file: string, opts: { url?: string; dataDir: string }): Promise<void> {
  if (opts.url) {
    run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, opts.url]);
    return;
  }
  if (!existsSync(opts.dataDir)) throw new Error(`There is no database in ${opts.dataDir}.`);
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(opts.dataDir, { extensions: await pgliteExtensions() });
  await db.waitReady; // dumpDataDir() on a database still starting never settles
  try {
    const dump = await db.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.close();
  }
}

export async function restore(file: string, opts: { url?: string; dataDir: string }): Promise<void> {
  if (!existsSync(file)) throw new Error(`There is no backup file ${file}.`);
  if (opts.url) {
    run('pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${opts.url}`, file]);
    return;
  }
  if (existsSync(opts.dataDir) && readdirSync(opts.dataDir).length) {
    throw new Error(`${opts.dataDir} is not empty: restore into an empty folder (move the old one aside first).`);
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(opts.dataDir, { loadDataDir: new Blob([readFileSync(file)]), extensions: await pgliteExtensions() });
  await db.waitReady;
  await db.close();
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.error) throw new Error(`${command} could not run: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${command} failed with exit code ${result.status}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const [action, file] = process.argv.slice(2);
  const config = loadConfig();
  const opts = { url: config.databaseUrl, dataDir: config.dataDir };
  if ((action !== 'backup' && action !== 'restore') || !file) {
    console.error('Usage: npm run db:backup -- <file>   |   npm run db:restore -- <file>');
    process.exit(2);
  }
  (action === 'backup' ? backup(file, opts) : restore(file, opts)).then(
    () => console.log(`${action === 'backup' ? 'Backed up to' : 'Restored from'} ${file}`),
    (err: Error) => {
      console.error(err.message);
      process.exit(1);
    },
  );
}
