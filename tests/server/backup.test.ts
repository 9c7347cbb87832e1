import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { openDatabase, queryRows } from '../../server/db/client';
import { migrateDatabase } from '../../server/db/migrate';
import { seedDemoData } from '../../server/db/seed';

const dir = mkdtempSync(join(tmpdir(), 'portal-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cli(action: 'backup' | 'restore', file: string, dataDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/db/backup.ts', action, file], { env, encoding: 'utf8' });
  return { status: r.status, stderr: r.stderr };
}

describe.skipIf(!!process.env.TEST_DATABASE_URL)('backup and restore (PGlite data folder)', () => {
  // Three processes (seed, backup, restore), each opening PGlite and migrating: minutes on a busy 2-core machine.
  it('restores every row into an empty folder, and refuses a folder in use', { timeout: 180_000 }, async () => {
    const source = join(dir, 'source');
    const db = await openDatabase({ dataDir: source });
    await migrateDatabase(db);
    await seedDemoData(db.owner);
    await db.owner.execute(sql`update users set display_name = 'Jane Q. Doe' where email = 'patient@clearview.test'`);
    await db.close();

    // As an operator runs them: each its own process (PGlite opens a data folder once per process).
    const file = join(dir, 'portal.tar.gz');
    expect(cli('backup', file, source)).toMatchObject({ status: 0 });
    const refused = cli('restore', file, source);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/is not empty/);

    const target = join(dir, 'restored');
    expect(cli('restore', file, target)).toMatchObject({ status: 0 });
    const restored = await openDatabase({ dataDir: target });
    const rows = await queryRows<{ display_name: string }>(restored.owner, sql`select display_name from users where email = 'patient@clearview.test'`);
    expect(rows).toEqual([{ display_name: 'Jane Q. Doe' }]);
    const [count] = await queryRows<{ n: number }>(restored.owner, sql`select count(*)::int as n from users`);
    expect(count!.n).toBe(9);
    await restored.close();
  });
});
