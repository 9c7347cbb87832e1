/**
 * Possible duplicate patients and their merge over HTTP against the real app and database: the list of pairs (the
 * kiosk's rule of the same person, the caller's stores), a merge moving the rows of every table with a patient_id
 * (found in the database's catalogue, so a new table is not forgotten), the audit, the portal account, and the
 * refusals: the same patient twice, another company's or store's patient, two portal accounts, a merge already done.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { admin, call, h, line, ok, orderBody, otherAdmin, rxBody, staff, startClinical } from './clinical-fixtures';
import { recordDemoIds } from '../../server/db/seed-records';
import { demoIds, json, ownerRows } from './harness';

startClinical();

let people = 0;
/** Two records of one person: the second typed otherwise (case, spaces) with the same email. */
async function duplicatePair(extra: { locationId?: string; secondLocationId?: string } = {}) {
  people += 1;
  const person = { firstName: 'Mira', lastName: `Twin${String(people).padStart(3, '0')}`, dateOfBirth: '1987-06-05', email: `mira${people}@example.test` };
  const first = await ok<{ id: string }>(call(admin, 'POST', '/api/patients', { ...person, locationId: extra.locationId ?? demoIds.downtown }));
  const second = await ok<{ id: string }>(
    call(admin, 'POST', '/api/patients', {
      ...person,
      firstName: ' mira ',
      lastName: person.lastName.toUpperCase(),
      phone: '+1 555 0123',
      locationId: extra.secondLocationId ?? extra.locationId ?? demoIds.downtown,
    }),
  );
  return { keep: first.id, retire: second.id };
}

type Pairs = { pairs: { first: { id: string; counts: Record<string, number>; hasPortalAccount: boolean }; second: { id: string; counts: Record<string, number> } }[] };
const pairsOf = async (who = admin) => (await ok<Pairs>(call(who, 'GET', '/api/duplicate-patients'), 200)).pairs;
const hasPair = (pairs: Pairs['pairs'], a: string, b: string) => pairs.some((p) => p.first.id === a && p.second.id === b);

/** Every table of the database with a patient_id column. */
async function patientTables(): Promise<string[]> {
  const rows = await ownerRows<{ table_name: string }>(
    h,
    sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'patient_id' order by table_name`,
  );
  return rows.map((r) => r.table_name);
}

/** The company's patient count as the enterprise summary (migration 0045) tells it. */
async function summaryPatients(): Promise<number> {
  const [row] = await ownerRows<{ n: number }>(
    h,
    sql`select (select patients::int from app_enterprise_summary(now()) where tenant_id = ${demoIds.clearview}) as n
      from (select set_config('app.tenant_id', '00000000-0000-4000-8000-000000000000', true)) as platform`,
  );
  return row!.n;
}

async function rowsOf(table: string, patientId: string): Promise<number> {
  const [row] = await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from ${sql.raw(table)} where patient_id = ${patientId}`);
  return row!.n;
}

/** A row in every table with a patient_id for `patientId`: through the API where a person makes it, else as the seed would. */
async function recordsFor(patientId: string) {
  const rx = await ok<{ id: string }>(call(admin, 'POST', `/api/patients/${patientId}/spectacle-rx`, rxBody));
  await ok(
    call(admin, 'POST', `/api/patients/${patientId}/contact-lens-rx`, {
      examDate: '2026-01-10',
      prescriber: 'Dr. Iris',
      brand: 'Acuvue',
      replacement: 'monthly',
      right: { power: -2, baseCurve: 8.6, diameter: 14.2 },
      left: { power: -2.25, baseCurve: 8.6, diameter: 14.2 },
    }),
  );
  await ok(call(admin, 'POST', '/api/appointments', { patientId, providerId: admin.user.id, type: 'eye-exam', startsAt: `2031-04-0${(people % 9) + 1}T14:00:00.000Z`, durationMinutes: 30 }));
  const invoice = await ok<{ id: string }>(call(admin, 'POST', '/api/invoices', { patientId, lines: [line] }));
  await ok(call(admin, 'POST', '/api/lab-orders', orderBody({ patient: { id: patientId, lastName: '' }, rx: { ...rx, expiresOn: '' }, invoice: { ...invoice, total: 0 } })));
  await ok(call(admin, 'POST', '/api/recalls', { patientId, type: 'annual-exam', dueOn: '2027-01-15' }));
  await ok(call(admin, 'POST', '/api/inbox', { patientId, text: 'Your frames are in.' }));
  const t = demoIds.clearview;
  await ownerRows(
    h,
    sql`insert into form_assignments (tenant_id, form_id, location_id, patient_id, link_token_hash, form_snapshot, requires_code, channels, expires_at)
      select tenant_id, form_id, location_id, ${patientId}, ${randomUUID()}, form_snapshot, requires_code, channels, expires_at
      from form_assignments where tenant_id = ${t} limit 1 returning 1`,
  );
  await ownerRows(
    h,
    sql`insert into communication_log (tenant_id, location_id, patient_id, channel, recipient, template, body, status)
      values (${t}, ${demoIds.downtown}, ${patientId}, 'email', 'mira@example.test', 'recall.step', 'Time for your eye exam', 'sent') returning 1`,
  );
  await ownerRows(
    h,
    sql`insert into parked_sales (tenant_id, id, location_id, kind, patient_id, lines, total, created_by)
      values (${t}, ${randomUUID()}, ${demoIds.downtown}, 'quote', ${patientId}, '[]'::jsonb, 0, ${admin.user.id}) returning 1`,
  );
  await ownerRows(h, sql`insert into store_credit_entries (tenant_id, patient_id, amount, reason) values (${t}, ${patientId}, 1500, 'refund') returning 1`);
  await ownerRows(
    h,
    sql`insert into sms_replies (tenant_id, provider_id, from_phone, body, location_id, patient_id, outcome, received_at)
      values (${t}, ${`SM-merge-${randomUUID()}`}, '+15550123', 'C', ${demoIds.downtown}, ${patientId}, 'confirmed', now()) returning 1`,
  );
}

describe('possible duplicates and merging', () => {
  it('lists a pair of the same person (case and spaces aside) with their counts, not a namesake with other contact details', async () => {
    const { keep, retire } = await duplicatePair();
    await ok(call(admin, 'POST', `/api/patients/${retire}/spectacle-rx`, rxBody));
    const namesake = await ok<{ id: string }>(call(admin, 'POST', '/api/patients', { locationId: demoIds.downtown, firstName: 'Mira', lastName: `Twin${String(people).padStart(3, '0')}`, dateOfBirth: '1987-06-05', email: 'someone.else@example.test' }));

    const pairs = await pairsOf();
    expect(hasPair(pairs, keep, retire)).toBe(true);
    const pair = pairs.find((p) => p.first.id === keep)!;
    expect(pair.second.counts).toMatchObject({ rx: 1, appointments: 0, invoices: 0 });
    expect(pairs.some((p) => p.first.id === namesake.id || p.second.id === namesake.id)).toBe(false);
    // The read is audited with the patients it showed.
    const [audit] = await ownerRows<{ details: { patientIds: string[] } }>(h, sql`select details from audit_log where action = 'patient.duplicates' order by id desc limit 1`);
    expect(audit!.details.patientIds).toContain(retire);
  });

  it('a pair comes and goes as the records’ contact details and birth dates change', async () => {
    const { keep, retire } = await duplicatePair();
    expect(hasPair(await pairsOf(), keep, retire)).toBe(true);
    // Another email and no phone: nothing shared any more.
    await ok(call(admin, 'PATCH', `/api/patients/${retire}`, { email: `someone.else${people}@example.test`, phone: '' }), 200);
    expect(hasPair(await pairsOf(), keep, retire)).toBe(false);
    // The phone digits of the first record (typed otherwise) make them a pair again; another birth date parts them.
    await ok(call(admin, 'PATCH', `/api/patients/${keep}`, { phone: '555-0123 ' }), 200);
    await ok(call(admin, 'PATCH', `/api/patients/${retire}`, { phone: '(555) 0123' }), 200);
    expect(hasPair(await pairsOf(), keep, retire)).toBe(true);
    await ok(call(admin, 'PATCH', `/api/patients/${retire}`, { dateOfBirth: '1987-06-06' }), 200);
    expect(hasPair(await pairsOf(), keep, retire)).toBe(false);
    await ok(call(admin, 'PATCH', `/api/patients/${retire}`, { dateOfBirth: '1987-06-05' }), 200);
    expect(hasPair(await pairsOf(), keep, retire)).toBe(true);
    // The marks the database keeps are those of a full recount.
    const [marks] = await ownerRows<{ wrong: number }>(
      h,
      sql`select count(*)::int as wrong from patients r where r.duplicate_candidate is distinct from (r.merged_into is null and exists (
        select 1 from patients s where s.tenant_id = r.tenant_id and s.id <> r.id and s.merged_into is null and s.date_of_birth = r.date_of_birth
          and ((r.email_key <> '' and s.email_key = r.email_key) or (r.phone_digits <> '' and s.phone_digits = r.phone_digits))))`,
    );
    expect(marks!.wrong).toBe(0);
  });

  it('the demo data has one pair at Downtown: Maria Gonzalez, by staff years ago and at the kiosk lately', async () => {
    const pair = (await pairsOf(staff)).find((p) => p.first.id === recordDemoIds.mariaOlder);
    expect(pair?.second.id).toBe(recordDemoIds.mariaNewer);
    expect(pair!.first.counts).toMatchObject({ rx: 1, appointments: 1, invoices: 1 });
    expect(pair!.second.counts).toMatchObject({ rx: 0, appointments: 1, recalls: 1 });
  });

  it('a staff member limited to Downtown sees no pair with an Uptown patient; another company sees none of ours', async () => {
    const { keep, retire } = await duplicatePair({ secondLocationId: demoIds.uptown });
    expect(hasPair(await pairsOf(admin), keep, retire)).toBe(true);
    expect(hasPair(await pairsOf(staff), keep, retire)).toBe(false);
    expect((await pairsOf(otherAdmin)).flatMap((p) => [p.first.id, p.second.id])).not.toContain(keep);

    // Merging what the caller cannot see is 404 and changes nothing.
    for (const [who, body] of [
      [staff, { keep, retire }],
      [otherAdmin, { keep, retire }],
    ] as const) {
      const res = await call(who, 'POST', '/api/duplicate-patients/merge', body);
      expect(res.statusCode, res.body).toBe(404);
      expect(json(res)).toMatchObject({ code: 'request.notFound' });
    }
    const [row] = await ownerRows<{ merged_into: string | null }>(h, sql`select merged_into from patients where id = ${retire}`);
    expect(row!.merged_into).toBeNull();
  });

  it('merging moves the rows of every table with a patient_id to the kept patient, retires the other, and is audited', async () => {
    const { keep, retire } = await duplicatePair();
    await recordsFor(retire);
    const tables = await patientTables();
    const before = new Map<string, { keep: number; retire: number }>();
    for (const table of tables) before.set(table, { keep: await rowsOf(table, keep), retire: await rowsOf(table, retire) });
    // Every table but the audit log has a row of the retired patient: the merge is tried on each.
    for (const table of tables.filter((t) => t !== 'audit_log')) expect(before.get(table)!.retire, table).toBeGreaterThan(0);
    const counted = await summaryPatients();

    const merged = await ok<{ kept: { id: string }; retiredId: string; moved: Record<string, number>; alreadyMerged: boolean }>(
      call(staff, 'POST', '/api/duplicate-patients/merge', { keep, retire }),
      200,
    );
    expect(merged).toMatchObject({ kept: { id: keep }, retiredId: retire, alreadyMerged: false });

    for (const table of tables) {
      const was = before.get(table)!;
      if (table === 'audit_log') continue;
      if (table === 'store_credit_entries') {
        // The ledger is append-only: the balance moves by two entries, the retired book ends at zero.
        const [credit] = await ownerRows<{ keep: number; retire: number }>(
          h,
          sql`select coalesce(sum(amount) filter (where patient_id = ${keep}), 0)::int as keep, coalesce(sum(amount) filter (where patient_id = ${retire}), 0)::int as retire from store_credit_entries`,
        );
        expect(credit).toEqual({ keep: 1500, retire: 0 });
        expect(merged.moved.store_credit_entries).toBe(1500);
        continue;
      }
      expect(await rowsOf(table, retire), table).toBe(0);
      expect(await rowsOf(table, keep), table).toBe(was.keep + was.retire);
      expect(merged.moved[table], table).toBe(was.retire);
    }

    // The retired record is marked, no longer listed, searched, paired or reachable; the kept chart shows the records.
    const [row] = await ownerRows<{ merged_into: string; merged_at: Date | null }>(h, sql`select merged_into, merged_at from patients where id = ${retire}`);
    expect(row!.merged_into).toBe(keep);
    expect(row!.merged_at).not.toBeNull();
    expect(await summaryPatients()).toBe(counted - 1);
    const listed = await ok<{ items: { id: string }[] }>(call(admin, 'GET', `/api/patients?search=mira${people}@`), 200);
    expect(listed.items.map((i) => i.id)).toEqual([keep]);
    expect(hasPair(await pairsOf(), keep, retire)).toBe(false);
    expect((await call(admin, 'GET', `/api/patients/${retire}/profile`)).statusCode).toBe(404);
    expect((await call(admin, 'POST', `/api/patients/${retire}/spectacle-rx`, rxBody)).statusCode).toBe(404);
    const rx = await ok<{ spectacle: unknown[]; contactLens: unknown[] }>(call(admin, 'GET', `/api/patients/${keep}/prescriptions`), 200);
    expect([rx.spectacle.length, rx.contactLens.length]).toEqual([before.get('spectacle_rx')!.retire, before.get('contact_lens_rx')!.retire]);

    const [audit] = await ownerRows<{ actor_user_id: string; patient_id: string; outcome: string; details: { retiredId: string; moved: Record<string, number> } }>(
      h,
      sql`select actor_user_id, patient_id, outcome, details from audit_log where action = 'patient.merge' and patient_id = ${keep} order by id desc limit 1`,
    );
    expect(audit).toMatchObject({ actor_user_id: staff.user.id, outcome: 'success', details: { retiredId: retire, moved: merged.moved } });

    // Asking again changes nothing and says so.
    const again = await ok<{ alreadyMerged: boolean; moved: Record<string, number> }>(call(staff, 'POST', '/api/duplicate-patients/merge', { keep, retire }), 200);
    expect(again).toMatchObject({ alreadyMerged: true, moved: {} });
    // The retired record cannot be kept, nor merged into a third patient.
    const reversed = await call(staff, 'POST', '/api/duplicate-patients/merge', { keep: retire, retire: keep });
    expect(reversed.statusCode, reversed.body).toBe(409);
    expect(json(reversed)).toMatchObject({ code: 'patients.mergedAlready' });
  });

  it('a chart read of the retired patient answers where the merges lead, to a caller who may see the kept chart only', async () => {
    // Three records of one person: the second merged into the first at Uptown, then the first into the third.
    const { keep: uptownCopy, retire } = await duplicatePair({ locationId: demoIds.uptown, secondLocationId: demoIds.downtown });
    await ok(call(admin, 'POST', '/api/duplicate-patients/merge', { keep: uptownCopy, retire }), 200);
    for (const path of ['profile', 'prescriptions']) {
      const moved = await call(admin, 'GET', `/api/patients/${retire}/${path}`);
      expect(moved.statusCode, moved.body).toBe(404);
      expect(json(moved)).toMatchObject({ code: 'patients.merged', details: { patientId: uptownCopy, locationId: demoIds.uptown } });
    }
    const [audit] = await ownerRows<{ outcome: string; details: { reason: string } }>(
      h,
      sql`select outcome, details from audit_log where action = 'patient.profile.read' and target_id = ${retire} order by id desc limit 1`,
    );
    expect(audit).toMatchObject({ outcome: 'denied', details: { reason: 'merged' } });

    // The Downtown clerk may not see the Uptown record: the retired address is an ordinary 404, naming nothing.
    const limited = await call(staff, 'GET', `/api/patients/${retire}/profile`);
    expect(limited.statusCode).toBe(404);
    expect(json(limited)).toEqual(expect.objectContaining({ code: 'request.notFound' }));
    expect(json(limited)).not.toHaveProperty('details');
    // Another company learns nothing either.
    expect(json(await call(otherAdmin, 'GET', `/api/patients/${retire}/profile`))).toMatchObject({ code: 'request.notFound' });

    // Merged on into a Downtown record: the oldest address leads to the last kept chart, which the clerk sees.
    people -= 1;
    const { keep: downtownCopy } = await duplicatePair();
    await ok(call(admin, 'POST', '/api/duplicate-patients/merge', { keep: downtownCopy, retire: uptownCopy }), 200);
    for (const who of [admin, staff]) {
      const moved = await call(who, 'GET', `/api/patients/${retire}/profile`);
      expect(json(moved)).toMatchObject({ code: 'patients.merged', details: { patientId: downtownCopy, locationId: demoIds.downtown } });
    }
  });

  it('two clerks merging the same pair at once: one merge moves the records, the other is told it is done', async () => {
    const { keep, retire } = await duplicatePair();
    await ok(call(admin, 'POST', `/api/patients/${retire}/spectacle-rx`, rxBody));
    const answers = await Promise.all([call(admin, 'POST', '/api/duplicate-patients/merge', { keep, retire }), call(staff, 'POST', '/api/duplicate-patients/merge', { keep, retire })]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(answers.map((r) => json<{ alreadyMerged: boolean }>(r).alreadyMerged).sort()).toEqual([false, true]);
    expect(await rowsOf('spectacle_rx', keep)).toBe(1);
    const merges = await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from audit_log where action = 'patient.merge' and patient_id = ${keep} and outcome = 'success'`);
    expect(merges[0]!.n).toBe(2);
  });

  it('refuses the same patient twice, bad ids, and someone who is not the same person, with catalogue codes', async () => {
    const { keep } = await duplicatePair();
    const self = await call(admin, 'POST', '/api/duplicate-patients/merge', { keep, retire: keep });
    expect(self.statusCode).toBe(400);
    expect(json(self)).toEqual({ code: 'patients.mergeSelf', error: 'A patient cannot be merged into themselves. Choose two different patients.' });

    const bad = await call(admin, 'POST', '/api/duplicate-patients/merge', { keep: 'x', retire: keep });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ code: 'request.fieldsInvalid', fields: { keep: 'The patient to keep must be an id (UUID)' } });

    const unknown = await call(admin, 'POST', '/api/duplicate-patients/merge', { keep, retire: randomUUID() });
    expect(unknown.statusCode).toBe(404);

    const stranger = await ok<{ id: string }>(call(admin, 'POST', '/api/patients', { locationId: demoIds.downtown, firstName: 'Other', lastName: 'Person', dateOfBirth: '1990-01-01', email: 'other.person@example.test' }));
    const notSame = await call(admin, 'POST', '/api/duplicate-patients/merge', { keep, retire: stranger.id });
    expect(notSame.statusCode).toBe(409);
    expect(json(notSame)).toMatchObject({ code: 'patients.mergeNotSamePerson' });
  });

  it('moves a portal account to the kept patient; refuses when both have one', async () => {
    // Jane Doe (portal account) and a second record of her made at the desk.
    const jane = { firstName: 'jane', lastName: 'DOE', dateOfBirth: '1978-04-12', phone: '+1 555 0142', email: 'jane.other@example.test', preferredChannel: 'sms' };
    const copy = await ok<{ id: string }>(call(admin, 'POST', '/api/patients', { ...jane, locationId: demoIds.downtown }));
    const pairs = await pairsOf();
    expect(pairs.some((p) => p.first.id === demoIds.janeDoe && p.second.id === copy.id && p.first.hasPortalAccount)).toBe(true);

    // Kept: the copy; retired: Jane, whose sign-in then opens the kept record.
    await ok(call(admin, 'POST', '/api/duplicate-patients/merge', { keep: copy.id, retire: demoIds.janeDoe }), 200);
    const [rows] = await ownerRows<{ kept: string | null; retired: string | null }>(
      h,
      sql`select (select user_id from patients where id = ${copy.id}) as kept, (select user_id from patients where id = ${demoIds.janeDoe}) as retired`,
    );
    expect(rows!.retired).toBeNull();
    expect(rows!.kept).not.toBeNull();

    // Two records with an account each: refused, nothing moved.
    const { keep, retire } = await duplicatePair();
    const accounts = await ownerRows<{ id: string }>(
      h,
      sql`insert into users (tenant_id, email, password_hash, roles, display_name) values
        (${demoIds.clearview}, ${`mira.a${people}@example.test`}, 'x', '{patient}', 'Mira A'), (${demoIds.clearview}, ${`mira.b${people}@example.test`}, 'x', '{patient}', 'Mira B') returning id`,
    );
    await ownerRows(h, sql`update patients set user_id = ${accounts[0]!.id} where id = ${keep} returning 1`);
    await ownerRows(h, sql`update patients set user_id = ${accounts[1]!.id} where id = ${retire} returning 1`);
    const both = await call(admin, 'POST', '/api/duplicate-patients/merge', { keep, retire });
    expect(both.statusCode).toBe(409);
    expect(json(both)).toMatchObject({ code: 'patients.mergeBothPortal' });
    const [still] = await ownerRows<{ merged_into: string | null }>(h, sql`select merged_into from patients where id = ${retire}`);
    expect(still!.merged_into).toBeNull();
  });
});
