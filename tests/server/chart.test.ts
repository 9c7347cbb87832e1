/**
 * The staff chart's endpoints over HTTP against the real database: correcting an Rx and marking it given
 * (once, also when two clerks press at the same time), the providers a visit can be booked with, the patient's
 * messages and activity, and the patient list by type. Each: validation, store scope (the Downtown-only clerk and an
 * Uptown patient), patient scope (another patient's record id), the other company, and nothing written on a refusal.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rxMessages } from '../../src/contract/rx';
import { admin, call, h, newPatient, ok, otherAdmin, patientUser, rxBody, staff, startClinical } from './clinical-fixtures';
import { demoIds, json, ownerRows } from './harness';

startClinical();

const uptownPatient = () =>
  ok<{ id: string }>(
    call(admin, 'POST', '/api/patients', { locationId: demoIds.uptown, firstName: 'Uma', lastName: 'Uptown', dateOfBirth: '1970-01-01', email: 'uma@example.test' }),
  );

describe('correcting an Rx', () => {
  it('replaces the prescription; a wrong axis is refused at its field and nothing changes; the audit names the changed fields', async () => {
    const patient = await newPatient(staff);
    const rx = await ok<{ id: string }>(call(staff, 'POST', `/api/patients/${patient.id}/spectacle-rx`, rxBody));
    const url = `/api/patients/${patient.id}/spectacle-rx/${rx.id}`;
    const wrong = await call(staff, 'PUT', url, { ...rxBody, right: { ...rxBody.right, axis: 200 } });
    expect(wrong.statusCode).toBe(400);
    expect(json<{ fields: Record<string, string> }>(wrong).fields).toEqual({ 'right.axis': rxMessages.axis });
    const missing = await call(staff, 'PUT', url, { ...rxBody, right: { sphere: -1, cylinder: -0.5 } });
    expect(json<{ fields: Record<string, string> }>(missing).fields).toEqual({ 'right.axis': rxMessages.axisRequired });
    const [unchanged] = await ownerRows<{ right_eye: { axis: number } }>(h, sql`select right_eye from spectacle_rx where id = ${rx.id}`);
    expect(unchanged!.right_eye.axis).toBe(90);

    await ok(call(staff, 'PUT', url, { ...rxBody, right: { ...rxBody.right, axis: 95 }, notes: 'Rechecked' }), 200);
    const list = await ok<{ spectacle: { id: string; right: { axis: number }; notes: string; givenAt: string | null }[] }>(
      call(staff, 'GET', `/api/patients/${patient.id}/prescriptions`),
      200,
    );
    expect(list.spectacle[0]).toMatchObject({ id: rx.id, right: { axis: 95 }, notes: 'Rechecked', givenAt: null });
    const [audit] = await ownerRows<{ details: { changed: string[] } }>(
      h,
      sql`select details from audit_log where action = 'spectacle_rx.update' and target_id = ${rx.id} and outcome = 'success'`,
    );
    expect(audit!.details.changed.sort()).toEqual(['notes', 'right']);
  });

  it('corrects a contact-lens Rx with its own rules', async () => {
    const patient = await newPatient(staff);
    const cl = {
      examDate: '2026-01-10',
      prescriber: 'Dr. Iris',
      brand: 'Acuvue',
      replacement: 'monthly',
      right: { power: -2, baseCurve: 8.6, diameter: 14.2 },
      left: { power: -2.25, baseCurve: 8.6, diameter: 14.2 },
    };
    const rx = await ok<{ id: string }>(call(staff, 'POST', `/api/patients/${patient.id}/contact-lens-rx`, cl));
    const url = `/api/patients/${patient.id}/contact-lens-rx/${rx.id}`;
    const bad = await call(staff, 'PUT', url, { ...cl, right: { ...cl.right, baseCurve: 11 } });
    expect(json<{ fields: Record<string, string> }>(bad).fields).toEqual({ 'right.baseCurve': rxMessages.baseCurve });
    await ok(call(staff, 'PUT', url, { ...cl, brand: 'Biofinity' }), 200);
    // A contact-lens Rx is not found as a spectacle Rx.
    expect((await call(staff, 'PUT', `/api/patients/${patient.id}/spectacle-rx/${rx.id}`, rxBody)).statusCode).toBe(404);
  });

  it('is refused outside the patient, the store and the company (404), and for a patient (403)', async () => {
    const patient = await newPatient(admin);
    const other = await newPatient(admin);
    const rx = await ok<{ id: string }>(call(admin, 'POST', `/api/patients/${patient.id}/spectacle-rx`, rxBody));
    const uptown = await uptownPatient();
    const uptownRx = await ok<{ id: string }>(call(admin, 'POST', `/api/patients/${uptown.id}/spectacle-rx`, rxBody));
    const changed = { ...rxBody, notes: 'should not be written' };
    expect((await call(admin, 'PUT', `/api/patients/${other.id}/spectacle-rx/${rx.id}`, changed)).statusCode).toBe(404);
    expect((await call(staff, 'PUT', `/api/patients/${uptown.id}/spectacle-rx/${uptownRx.id}`, changed)).statusCode).toBe(404);
    expect((await call(otherAdmin, 'PUT', `/api/patients/${patient.id}/spectacle-rx/${rx.id}`, changed)).statusCode).toBe(404);
    expect((await call(patientUser, 'PUT', `/api/patients/${patient.id}/spectacle-rx/${rx.id}`, changed)).statusCode).toBe(403);
    expect((await call(staff, 'POST', `/api/patients/${uptown.id}/prescriptions/${uptownRx.id}/given`)).statusCode).toBe(404);
    expect((await call(otherAdmin, 'POST', `/api/patients/${patient.id}/prescriptions/${rx.id}/given`)).statusCode).toBe(404);
    const written = await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from spectacle_rx where notes = 'should not be written' or given_at is not null and id in (${rx.id}, ${uptownRx.id})`);
    expect(written[0]!.n).toBe(0);
  });
});

describe('a save made from an older version', () => {
  const versionOf = async (patientId: string) =>
    (await ok<{ spectacle: { updatedAt: string }[] }>(call(staff, 'GET', `/api/patients/${patientId}/prescriptions`), 200)).spectacle[0]!.updatedAt;

  it('an Rx correction naming the version it was made from applies once; a second clerk with that version is refused and nothing changes', async () => {
    const patient = await newPatient(staff);
    const rx = await ok<{ id: string }>(call(staff, 'POST', `/api/patients/${patient.id}/spectacle-rx`, rxBody));
    const url = `/api/patients/${patient.id}/spectacle-rx/${rx.id}`;
    const read = await versionOf(patient.id);
    h.advance(1000);
    await ok(call(staff, 'PUT', url, { ...rxBody, notes: 'First clerk' }, { 'if-match': `"${read}"` }), 200);
    const stale = await call(admin, 'PUT', url, { ...rxBody, notes: 'Second clerk' }, { 'if-match': `"${read}"` });
    expect(stale.statusCode).toBe(409);
    expect(json<{ code: string }>(stale).code).toBe('records.changedMeanwhile');
    const [row] = await ownerRows<{ notes: string }>(h, sql`select notes from spectacle_rx where id = ${rx.id}`);
    expect(row!.notes).toBe('First clerk');
    // With the version read after the first save, the second clerk's correction applies.
    await ok(call(admin, 'PUT', url, { ...rxBody, notes: 'Second clerk' }, { 'if-match': `"${await versionOf(patient.id)}"` }), 200);
    // A version that is not a time is never a match.
    expect((await call(admin, 'PUT', url, rxBody, { 'if-match': '"yesterday"' })).statusCode).toBe(409);
  });

  it('the patient’s details: the PATCH answers the new version; an older one is refused', async () => {
    const patient = await newPatient(staff);
    const url = `/api/patients/${patient.id}`;
    const first = await ok<{ updatedAt: string }>(call(staff, 'GET', `/api/patients/${patient.id}/profile`), 200);
    h.advance(1000);
    const saved = await ok<{ updatedAt: string; city: string }>(call(staff, 'PATCH', url, { city: 'Springfield' }, { 'if-match': `"${first.updatedAt}"` }), 200);
    expect(saved.city).toBe('Springfield');
    expect(saved.updatedAt).not.toBe(first.updatedAt);
    const stale = await call(admin, 'PATCH', url, { city: 'Shelbyville' }, { 'if-match': `"${first.updatedAt}"` });
    expect(json<{ code: string }>(stale).code).toBe('records.changedMeanwhile');
    await ok(call(admin, 'PATCH', url, { city: 'Shelbyville' }, { 'if-match': `"${saved.updatedAt}"` }), 200);
  });
});

describe('marking an Rx as given', () => {
  it('records it once: two clerks at the same time get one 200 and one 409', async () => {
    const patient = await newPatient(staff);
    const rx = await ok<{ id: string }>(call(staff, 'POST', `/api/patients/${patient.id}/spectacle-rx`, rxBody));
    const url = `/api/patients/${patient.id}/prescriptions/${rx.id}/given`;
    const answers = await Promise.all([call(staff, 'POST', url), call(admin, 'POST', url)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!;
    expect(json(refused)).toEqual({ error: 'This prescription was already marked as given to the patient.', code: 'rx.alreadyGiven' });
    const list = await ok<{ spectacle: { givenAt: string | null }[] }>(call(staff, 'GET', `/api/patients/${patient.id}/prescriptions`), 200);
    expect(list.spectacle[0]!.givenAt).toBe(json<{ givenAt: string }>(answers.find((a) => a.statusCode === 200)!).givenAt);
    // Another patient's path does not reach it.
    const other = await newPatient(staff);
    expect((await call(staff, 'POST', `/api/patients/${other.id}/prescriptions/${rx.id}/given`)).statusCode).toBe(404);
  });
});

describe('providers of a store', () => {
  it('lists the staff and admins who may work there; another store of the clerk or another company is 404; a bad id 400', async () => {
    const downtown = await ok<{ providers: { id: string; name: string }[] }>(call(staff, 'GET', `/api/appointments/providers?locationId=${demoIds.downtown}`), 200);
    const ids = downtown.providers.map((p) => p.id);
    expect(ids).toContain(staff.user.id);
    expect(ids).toContain(admin.user.id);
    const uptown = await ok<{ providers: { id: string }[] }>(call(admin, 'GET', `/api/appointments/providers?locationId=${demoIds.uptown}`), 200);
    expect(uptown.providers.map((p) => p.id)).not.toContain(staff.user.id);
    expect((await call(staff, 'GET', `/api/appointments/providers?locationId=${demoIds.uptown}`)).statusCode).toBe(404);
    expect((await call(otherAdmin, 'GET', `/api/appointments/providers?locationId=${demoIds.downtown}`)).statusCode).toBe(404);
    const bad = await call(staff, 'GET', '/api/appointments/providers?locationId=downtown');
    expect(bad.statusCode).toBe(400);
    expect(json<{ fields: Record<string, string> }>(bad).fields).toEqual({ locationId: 'Store must be an id (UUID)' });
    expect((await call(patientUser, 'GET', `/api/appointments/providers?locationId=${demoIds.downtown}`)).statusCode).toBe(403);
  });
});

describe('the patient’s messages and activity', () => {
  it('lists every message about the patient with its status, newest first, in pages', async () => {
    const patient = await newPatient(staff, { consentContact: true });
    for (const dueOn of ['2026-01-01', '2026-02-01', '2026-03-01']) {
      const recall = await ok<{ id: string }>(call(staff, 'POST', '/api/recalls', { patientId: patient.id, type: 'annual-exam', dueOn }));
      await ok(call(staff, 'POST', `/api/recalls/${recall.id}/status`, { to: 'sent' }), 200);
    }
    const first = await ok<{ messages: { id: string; channel: string; status: string; template: string; recipient: string }[]; nextCursor: string }>(
      call(staff, 'GET', `/api/patients/${patient.id}/messages?limit=2`),
      200,
    );
    expect(first.messages).toHaveLength(2);
    expect(first.messages[0]).toMatchObject({ channel: 'email', template: 'recall.reminder' });
    expect(['queued', 'sent', 'failed']).toContain(first.messages[0]!.status);
    const second = await ok<{ messages: { id: string }[]; nextCursor: string | null }>(
      call(staff, 'GET', `/api/patients/${patient.id}/messages?limit=2&before=${first.nextCursor}`),
      200,
    );
    expect(second.messages).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.messages, ...second.messages].map((m) => m.id)).size).toBe(3);
    // Another patient has none of them.
    const other = await newPatient(staff);
    expect((await ok<{ messages: unknown[] }>(call(staff, 'GET', `/api/patients/${other.id}/messages`), 200)).messages).toEqual([]);
  });

  it('lists the audit rows about the patient (who, what, outcome), never their details', async () => {
    const patient = await newPatient(staff);
    await ok(call(staff, 'PATCH', `/api/patients/${patient.id}`, { notes: 'Prefers mornings' }), 200);
    await ok(call(admin, 'GET', `/api/patients/${patient.id}/profile`), 200);
    const activity = await ok<{ entries: { action: string; actorName: string; outcome: string }[]; nextCursor: string | null }>(
      call(staff, 'GET', `/api/patients/${patient.id}/activity?limit=3`),
      200,
    );
    expect(activity.entries.map((e) => e.action)).toEqual(['patient.profile.read', 'patient.update', 'patient.create']);
    expect(activity.entries.every((e) => e.outcome === 'success' && e.actorName !== '')).toBe(true);
    expect(Object.keys(activity.entries[0]!).sort()).toEqual(['action', 'actorName', 'at', 'id', 'outcome', 'targetType']);
    const next = await ok<{ entries: { action: string }[] }>(call(staff, 'GET', `/api/patients/${patient.id}/activity?before=${activity.nextCursor ?? '0'}`), 200);
    // Reading the activity is itself recorded: the second page starts below the first page's last row.
    expect(next.entries.map((e) => e.action)).not.toContain('patient.create');
  });

  it('is refused outside the store and the company, to a patient, and for a bad cursor or limit', async () => {
    const uptown = await uptownPatient();
    const patient = await newPatient(admin);
    for (const path of ['messages', 'activity']) {
      expect((await call(staff, 'GET', `/api/patients/${uptown.id}/${path}`)).statusCode).toBe(404);
      expect((await call(otherAdmin, 'GET', `/api/patients/${patient.id}/${path}`)).statusCode).toBe(404);
      expect((await call(patientUser, 'GET', `/api/patients/${demoIds.janeDoe}/${path}`)).statusCode).toBe(403);
      for (const query of ['limit=0', 'limit=101', 'before=%00', 'before=not-a-cursor']) {
        const res = await call(admin, 'GET', `/api/patients/${patient.id}/${path}?${query}`);
        expect(res.statusCode, `${path}?${query}`).toBe(400);
      }
    }
    const [denied] = await ownerRows<{ n: number }>(
      h,
      sql`select count(*)::int as n from audit_log where action in ('patient.messages.read', 'patient.activity.read') and outcome = 'denied' and target_id = ${uptown.id}`,
    );
    expect(denied!.n).toBe(2);
  });
});

describe('the patient list by type', () => {
  it('balance, recall, today and new each list the patients they name; a wrong type is 400', async () => {
    const now = new Date();
    const owing = await newPatient(staff, { lastName: 'Zzbalance' });
    // A line of one's own (no catalogue product) is an admin's.
    await ok(call(admin, 'POST', '/api/invoices', { patientId: owing.id, lines: [{ kind: 'service', description: 'Exam', quantity: 1, unitPrice: 9000 }] }));
    const due = await newPatient(staff, { lastName: 'Zzrecall' });
    await ok(call(staff, 'POST', '/api/recalls', { patientId: due.id, type: 'annual-exam', dueOn: '2020-01-01' }));
    const seen = await newPatient(staff, { lastName: 'Zztoday' });
    const start = new Date(Math.ceil((now.getTime() + 60 * 60_000) / 300_000) * 300_000);
    // An hour ahead on the 5-minute grid, unless that is tomorrow in the store's zone: then an hour back.
    const startsAt = start.getUTCDate() === now.getUTCDate() ? start : new Date(start.getTime() - 2 * 60 * 60_000);
    await ok(call(staff, 'POST', '/api/appointments', { patientId: seen.id, providerId: staff.user.id, type: 'eye-exam', startsAt: startsAt.toISOString(), durationMinutes: 15 }));
    const list = async (type: string) =>
      (await ok<{ items: { id: string }[] }>(call(staff, 'GET', `/api/patients?type=${type}&search=Zz&limit=100`), 200)).items.map((i) => i.id);
    expect(await list('balance')).toContain(owing.id);
    expect(await list('balance')).not.toContain(due.id);
    expect(await list('recall')).toEqual(expect.arrayContaining([due.id]));
    expect(await list('recall')).not.toContain(owing.id);
    expect(await list('new')).toEqual(expect.arrayContaining([owing.id, due.id, seen.id]));
    expect(await list('all')).toEqual(expect.arrayContaining([owing.id, due.id, seen.id]));
    const bad = await call(staff, 'GET', '/api/patients?type=vip');
    expect(bad.statusCode).toBe(400);
    expect(json<{ fields: Record<string, string> }>(bad).fields).toEqual({ type: 'List type must be all, balance, recall, today or new' });
    // Seen today is counted in the store's zone (Downtown's), so it is checked against the database's own answer.
    const [today] = await ownerRows<{ same: boolean }>(
      h,
      sql`select (${startsAt.toISOString()}::timestamptz at time zone l.time_zone)::date = (now() at time zone l.time_zone)::date as same from locations l where l.id = ${demoIds.downtown}`,
    );
    if (today!.same) expect(await list('today')).toContain(seen.id);
    expect(await list('today')).not.toContain(owing.id);
  });
});
