import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutTenant, withTenant } from '../../server/db/client';
import { jobSends } from '../../server/db/schema-jobs';
import { demoIds, ownerRows, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('the catalogue', () => {
  it('every table with a tenant_id has RLS enabled and forced, with a policy that has USING and WITH CHECK', async () => {
    const tables = await ownerRows<{ table: string; enabled: boolean; forced: boolean; policies: number; checked: number }>(
      h,
      sql`select c.relname as table, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
            (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies,
            (select count(*)::int from pg_policy p where p.polrelid = c.oid and p.polqual is not null and p.polwithcheck is not null) as checked
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r'
            and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)`,
    );
    expect(tables.length).toBeGreaterThanOrEqual(10);
    const unprotected = tables.filter((t) => !t.enabled || !t.forced || t.policies === 0 || t.checked === 0).map((t) => t.table);
    expect(unprotected).toEqual([]);
  });

  it('every tenant table has tenant_id in its primary key and in every foreign key', async () => {
    const keys = await ownerRows<{ table: string; kind: string; name: string; has_tenant: boolean }>(
      h,
      sql`select c.relname as table, con.contype::text as kind, con.conname as name,
            exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and a.attnum = any(con.conkey)) as has_tenant
          from pg_constraint con join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and con.contype in ('p', 'f')
            and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)`,
    );
    expect(keys.filter((k) => !k.has_tenant).map((k) => `${k.table}.${k.name}`)).toEqual([]);
  });

  it('the runtime role is neither superuser nor BYPASSRLS, and cannot read the server secrets', async () => {
    const [role] = await ownerRows<{ rolsuper: boolean; rolbypassrls: boolean }>(h, sql`select rolsuper, rolbypassrls from pg_roles where rolname = 'app_runtime'`);
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false });
    const [grant] = await ownerRows<{ allowed: boolean }>(h, sql`select has_table_privilege('app_runtime', 'server_secrets', 'select') as allowed`);
    expect(grant!.allowed).toBe(false);
  });
});

describe('the tenant column default', () => {
  const send = () => ({ kind: 'recall.step' as const, subjectId: randomUUID(), jobId: randomUUID(), messageId: randomUUID() });

  it('every tenant table defaults tenant_id from the tenant setting row-level security checks', async () => {
    // A company's row is the tenant itself: its tenant_id is a new key, not the caller's.
    const columns = await ownerRows<{ table: string; fallback: string | null }>(
      h,
      sql`select c.relname as table, pg_get_expr(d.adbin, d.adrelid) as fallback
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
          left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
          where n.nspname = 'public' and c.relkind = 'r' and c.relname <> 'companies'
            and exists (select 1 from pg_policy p where p.polrelid = c.oid)`,
    );
    expect(columns.length).toBeGreaterThanOrEqual(10);
    const other = columns.filter((c) => !/current_setting\('app\.tenant_id'::text, true\)/.test(c.fallback ?? '')).map((c) => c.table);
    expect(other).toEqual([]);
  });

  it("an insert that names no tenant is written in the transaction's tenant, and only that tenant sees it", async () => {
    const row = send();
    await withTenant(h.db, demoIds.clearview, (tx) => tx.insert(jobSends).values(row));
    const [stored] = await ownerRows<{ tenant_id: string }>(h, sql`select tenant_id from job_sends where subject_id = ${row.subjectId}`);
    expect(stored!.tenant_id).toBe(demoIds.clearview);
    const seenByOther = await withTenant(h.db, demoIds.brightsight, (tx) => tx.select().from(jobSends).where(eq(jobSends.subjectId, row.subjectId)));
    expect(seenByOther).toEqual([]);
  });

  it('an insert outside a tenant transaction is refused, as the runtime role and as the owner', async () => {
    const asRuntime = send();
    await expect(withoutTenant(h.db, (tx) => tx.insert(jobSends).values(asRuntime))).rejects.toThrow();
    const asOwner = send();
    await expect(h.db.owner.insert(jobSends).values(asOwner)).rejects.toThrow();
    const written = await ownerRows(h, sql`select 1 from job_sends where subject_id in (${asRuntime.subjectId}, ${asOwner.subjectId})`);
    expect(written).toEqual([]);
  });
});
