/**
 * A request's transaction is one transaction: a nested one (request.work's savepoint around the feature's writes) must
 * neither commit the request's transaction early nor drop its runtime role and tenant, or a crash between the
 * feature's writes and the audit row leaves a sale without its audit row (found by crash-safety.test.ts).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, withTenant } from '../../server/db/client';
import { demoIds, ownerRows, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const marker = (name: string) =>
  ownerRows<{ n: number }>(h, sql`select count(*)::int as n from audit_log where action = ${name}`).then((r) => r[0]!.n);

const insertMarker = (tx: Parameters<Parameters<typeof withTenant>[2]>[0], name: string) =>
  tx.execute(sql`insert into audit_log (tenant_id, action, outcome) values (${demoIds.clearview}, ${name}, 'success')`);

describe('a nested transaction inside a request', () => {
  it('keeps the runtime role and the tenant after it', async () => {
    const seen = await withTenant(h.db, demoIds.clearview, async (tx) => {
      await tx.transaction(async (inner) => insertMarker(inner, 'tx.role'));
      return queryRows<{ role: string; tenant: string }>(tx, sql`select current_user as role, current_setting('app.tenant_id', true) as tenant`);
    });
    expect(seen).toEqual([{ role: 'app_runtime', tenant: demoIds.clearview }]);
  });

  it('commits nothing when the request fails after it', async () => {
    await expect(
      withTenant(h.db, demoIds.clearview, async (tx) => {
        await tx.transaction(async (inner) => insertMarker(inner, 'tx.outer-fails'));
        throw new Error('the audit row could not be written');
      }),
    ).rejects.toThrow('the audit row');
    expect(await marker('tx.outer-fails')).toBe(0);
  });

  it('rolls back only its own writes when it fails', async () => {
    await withTenant(h.db, demoIds.clearview, async (tx) => {
      await insertMarker(tx, 'tx.kept');
      await expect(
        tx.transaction(async (inner) => {
          await insertMarker(inner, 'tx.undone');
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      await insertMarker(tx, 'tx.after');
    });
    expect([await marker('tx.kept'), await marker('tx.undone'), await marker('tx.after')]).toEqual([1, 0, 1]);
  });
});
