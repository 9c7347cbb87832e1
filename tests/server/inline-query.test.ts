import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineQuery, queryRows, readInTenant, SessionEndedError } from '../../server/db/client';
import { demoIds, ownerRows, signIn, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const hostile = [
  "x'; drop table users; --",
  "O'Brien",
  'back\\slash\\',
  "\\'; select 1; --",
  '$1 $2 "quoted"',
  'عربي ü 🎉',
];

describe('inlineQuery (parameters written as literals for the one-round-trip read)', () => {
  it.each(hostile)('round-trips %j as data, never as SQL', async (value) => {
    const text = inlineQuery(sql`select ${value}::text as v, ${42} as n, ${null}::text as z, '$1 stays' as s`);
    const [row] = await queryRows<{ v: string; n: number; z: null; s: string }>(h.db.owner, sql.raw(text));
    expect(row).toEqual({ v: value, n: 42, z: null, s: '$1 stays' });
  });

  it('refuses values it cannot write safely', () => {
    expect(() => inlineQuery(sql`select ${'a\u0000b'}`)).toThrow(/NUL/);
    expect(() => inlineQuery(sql`select ${{ a: 1 }}`)).toThrow(/cannot inline/);
  });
});

describe('readInTenant', () => {
  it('reads only the tenant\'s rows and checks the session', async () => {
    const rows = await readInTenant<{ slug: string }>(h.db, demoIds.brightsight, sql`select slug from locations order by slug`);
    expect(rows).toEqual([{ slug: 'main' }]);
    await expect(
      readInTenant(h.db, demoIds.brightsight, sql`select 1`, { id: '5b1e7a8a-0000-4000-8000-000000000000', userId: '5b1e7a8a-0000-4000-8000-000000000001', now: new Date(), roles: ['staff'] }),
    ).rejects.toBeInstanceOf(SessionEndedError);
  });

  it('with a live session: the read\'s rows in their order, none when it has none; the session of another company is refused', async () => {
    const signedIn = await signIn(h, 'staff@clearview.test');
    const [family] = await ownerRows<{ id: string }>(
      h,
      sql`select id from refresh_families where tenant_id = ${signedIn.tenantId} and revoked_at is null order by created_at desc limit 1`,
    );
    const session = { id: family!.id, userId: signedIn.user.id, now: new Date(), roles: ['staff'] };
    const slugs = sql`select slug, ${'x'}::text as mark from locations order by slug desc`;
    expect(await readInTenant(h.db, demoIds.clearview, slugs, session)).toEqual([
      { slug: 'uptown', mark: 'x' },
      { slug: 'downtown', mark: 'x' },
    ]);
    expect(await readInTenant(h.db, demoIds.clearview, sql`select slug from locations where false`, session)).toEqual([]);
    await expect(readInTenant(h.db, demoIds.brightsight, slugs, session)).rejects.toBeInstanceOf(SessionEndedError);
    // Roles other than the account's (a token signed before they changed) are refused too, and so is another subject.
    await expect(readInTenant(h.db, demoIds.clearview, slugs, { ...session, roles: ['admin'] })).rejects.toBeInstanceOf(SessionEndedError);
    await expect(readInTenant(h.db, demoIds.clearview, slugs, { ...session, userId: demoIds.downtown })).rejects.toBeInstanceOf(SessionEndedError);
    await expect(readInTenant(h.db, demoIds.clearview, slugs, { ...session, now: new Date(Date.now() + 400 * 86_400_000) })).rejects.toBeInstanceOf(
      SessionEndedError,
    );
  });

  it.each(hostile)('sends %j as data, never as SQL', async (value) => {
    const rows = await readInTenant(h.db, demoIds.brightsight, sql`select ${value}::text as v, ${42}::int as n, ${null}::text as z, '$1 stays' as s`);
    expect(rows).toEqual([{ v: value, n: 42, z: null, s: '$1 stays' }]);
  });

  it('leaves nothing behind on the connection: role and tenant end with the read, a refused read spoils no later one', async () => {
    const who = sql`select current_user as role, coalesce(current_setting('app.tenant_id', true), '') as tenant`;
    for (let i = 0; i < 12; i++) {
      expect(await readInTenant(h.db, demoIds.brightsight, who)).toEqual([{ role: 'app_runtime', tenant: demoIds.brightsight }]);
      // A statement PostgreSQL refuses, then the same statement text again: its preparation is not in the way.
      await expect(readInTenant(h.db, demoIds.clearview, sql`select ${'not a number'}::int as n`)).rejects.toThrow();
      expect(await readInTenant(h.db, demoIds.clearview, sql`select ${String(i)}::int as n`)).toEqual([{ n: i }]);
      expect(await queryRows(h.db.owner, who)).toEqual([{ role: expect.not.stringMatching(/^app_runtime$/), tenant: '' }]);
    }
  });
});
