/**
 * The staff and kiosk patient writes over HTTP against the real app and database: patients, the patient list and its
 * search, store limits, other companies, kiosk registration, and the audit rows.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { admin, call, h, kiosk, line, newPatient, ok, orderBody, orderFixture, otherAdmin, patientUser, rxBody, staff, startClinical } from './clinical-fixtures';
import { demoIds, json, ownerRows } from './harness';

startClinical();

describe('patients', () => {
  it('staff create and update a patient; bad values get field messages; every write is audited', async () => {
    const created = await ok<{ id: string; createdVia: string }>(
      call(staff, 'POST', '/api/patients', { locationId: demoIds.downtown, firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-12-10', email: 'ADA@Example.test' }),
    );
    expect(created).toMatchObject({ createdVia: 'staff', email: 'ada@example.test' });
    const updated = await ok(call(staff, 'PATCH', `/api/patients/${created.id}`, { phone: '+1 555 0100', preferredChannel: 'sms' }), 200);
    expect(updated).toMatchObject({ phone: '+1 555 0100', preferredChannel: 'sms' });

    const bad = await call(staff, 'POST', '/api/patients', { locationId: demoIds.downtown, firstName: '', lastName: 'X', dateOfBirth: '2999-01-01', phone: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({
      fields: {
        firstName: 'First name is required (up to 100 characters)',
        dateOfBirth: 'Date of birth must be a past date (YYYY-MM-DD) after 1900-01-01',
        phone: 'Phone must be 6 to 30 digits (spaces, +, -, ( and ) allowed)',
      },
    });
    // The channel rule holds on the merged record: sms without a phone is refused.
    const noPhone = await call(staff, 'PATCH', `/api/patients/${created.id}`, { phone: '' });
    expect(noPhone.statusCode).toBe(400);
    expect(json(noPhone)).toMatchObject({ fields: { phone: 'A phone number is needed when the preferred channel is sms' } });

    const rows = await ownerRows<{ action: string; outcome: string; patient_id: string }>(
      h,
      sql`select action, outcome, patient_id from audit_log where patient_id = ${created.id} order by id`,
    );
    expect(rows.map((r) => `${r.action}:${r.outcome}`)).toEqual(['patient.create:success', 'patient.update:success']);
  });

  it('lists by name with keyset paging: every patient once, in order, limit honoured', async () => {
    for (let i = 0; i < 7; i++) await newPatient();
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { items: { lastName: string; firstName: string; id: string }[]; nextCursor: string | null } = await ok(
        call(admin, 'GET', `/api/patients?locationId=${demoIds.downtown}&search=zz&limit=3${cursor ? `&cursor=${cursor}` : ''}`),
        200,
      );
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((p) => p.lastName));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 50);
    const expected = (await ownerRows<{ last_name: string }>(h, sql`select last_name from patients where location_id = ${demoIds.downtown} and lower(last_name) like 'zz%' order by lower(last_name), lower(first_name), id`)).map((r) => r.last_name);
    expect(expected.length).toBeGreaterThanOrEqual(7);
    expect(seen).toEqual(expected);

    const bad = await call(admin, 'GET', '/api/patients?limit=101');
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ fields: { limit: 'Limit must be a whole number between 1 and 100' } });
    const badCursor = await call(admin, 'GET', '/api/patients?cursor=bm90LWEtY3Vyc29y');
    expect(badCursor.statusCode).toBe(400);
    expect(json(badCursor)).toMatchObject({ fields: { cursor: 'The page cursor is not valid' } });
  });

  it('every list read is audited with the ids it showed', async () => {
    const page = await ok<{ items: { id: string }[] }>(call(staff, 'GET', '/api/patients?search=zz&limit=2'), 200);
    const [row] = await ownerRows<{ action: string; outcome: string; actor_user_id: string; details: { patientIds: string[]; searched: boolean } }>(
      h,
      sql`select action, outcome, actor_user_id, details from audit_log where action = 'patient.list' order by id desc limit 1`,
    );
    expect(row).toMatchObject({ action: 'patient.list', outcome: 'success', actor_user_id: staff.user.id, details: { searched: true } });
    expect(row!.details.patientIds).toEqual(page.items.map((i) => i.id));
  });

  it('searches by last-name, first-name and email prefix, "first last", and the start or end of the phone number', async () => {
    const p = await ok<{ id: string }>(
      call(admin, 'POST', '/api/patients', { locationId: demoIds.downtown, firstName: 'Quentin', lastName: "O'Brien-Smythe", dateOfBirth: '1975-03-03', email: 'q.obrien@mail.test', phone: '(555) 123-9876' }),
    );
    for (const search of ["o'brien", 'QUENT', 'q.obr', 'quentin o', "o'brien-smythe, qu", '5551239876', '555 123', '9876']) {
      const page = await ok<{ items: { id: string }[] }>(call(admin, 'GET', `/api/patients?search=${encodeURIComponent(search)}`), 200);
      expect(page.items.map((i) => i.id), search).toContain(p.id);
    }
    for (const search of ['brien', 'uentin', '%', '_uentin']) {
      const page = await ok<{ items: { id: string }[] }>(call(admin, 'GET', `/api/patients?search=${encodeURIComponent(search)}`), 200);
      expect(page.items.map((i) => i.id), search).not.toContain(p.id);
    }
  });

  it('staff of Downtown cannot reach Uptown patients: list, update, Rx, invoice, booking all answer 404 and are audited as denied', async () => {
    const uptown = await ok<{ id: string }>(call(admin, 'POST', '/api/patients', { locationId: demoIds.uptown, firstName: 'Uma', lastName: 'Uptown', dateOfBirth: '1970-01-01', email: 'uma@example.test' }));
    const list = await ok<{ items: { id: string; locationId: string }[] }>(call(staff, 'GET', '/api/patients?search=uptown'), 200);
    expect(list.items.map((i) => i.id)).not.toContain(uptown.id);
    expect((await call(staff, 'GET', `/api/patients?locationId=${demoIds.uptown}`)).statusCode).toBe(404);
    expect((await call(staff, 'POST', '/api/patients', { locationId: demoIds.uptown, firstName: 'A', lastName: 'B', dateOfBirth: '1970-01-01', email: 'a@b.test' })).statusCode).toBe(404);
    for (const [method, url, body] of [
      ['PATCH', `/api/patients/${uptown.id}`, { notes: 'x' }],
      ['POST', `/api/patients/${uptown.id}/spectacle-rx`, rxBody],
      ['POST', '/api/invoices', { patientId: uptown.id, lines: [line] }],
      ['POST', '/api/appointments', { patientId: uptown.id, providerId: staff.user.id, type: 'eye-exam', startsAt: '2030-01-01T09:00:00Z' }],
      ['POST', '/api/recalls', { patientId: uptown.id, type: 'annual-exam', dueOn: '2030-01-01' }],
    ] as const) {
      const res = await call(staff, method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
      expect(json(res)).toEqual({ error: 'Not found.', code: 'request.notFound' });
    }
    const denied = await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from audit_log where outcome = 'denied' and target_id = ${uptown.id}`);
    expect(denied[0]!.n).toBeGreaterThanOrEqual(5);
    // An Uptown invoice made by the admin is out of the staff's reach too.
    const inv = await ok<{ id: string }>(call(admin, 'POST', '/api/invoices', { patientId: uptown.id, lines: [line] }));
    expect((await call(staff, 'POST', `/api/invoices/${inv.id}/payments`, { method: 'cash', amount: 100 })).statusCode).toBe(404);
    expect((await call(staff, 'POST', `/api/invoices/${inv.id}/void`, { reason: 'x' })).statusCode).toBe(404);
  });

  it("another company's admin reaches nothing of Clearview by id (404) and lists none of its patients", async () => {
    const f = await orderFixture();
    const order = await ok<{ id: string }>(call(admin, 'POST', '/api/lab-orders', orderBody(f)));
    for (const [method, url, body] of [
      ['PATCH', `/api/patients/${f.patient.id}`, { notes: 'x' }],
      ['POST', `/api/patients/${f.patient.id}/contact-lens-rx`, { examDate: '2026-01-01', prescriber: 'X', brand: 'B', replacement: 'daily', right: { power: -1, baseCurve: 8.6, diameter: 14.2 }, left: { power: -1, baseCurve: 8.6, diameter: 14.2 } }],
      ['POST', '/api/invoices', { patientId: f.patient.id, lines: [line] }],
      ['POST', `/api/invoices/${f.invoice.id}/payments`, { method: 'cash', amount: 100 }],
      ['POST', `/api/lab-orders/${order.id}/status`, { to: 'sent-to-lab' }],
      ['POST', '/api/lab-orders', orderBody(f)],
      ['GET', `/api/patients?locationId=${demoIds.downtown}`, undefined],
      ['POST', '/api/patients', { locationId: demoIds.downtown, firstName: 'A', lastName: 'B', dateOfBirth: '1970-01-01', email: 'a@b.test' }],
    ] as const) {
      const res = await call(otherAdmin, method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
      expect(res.body).not.toContain(f.patient.lastName);
    }
    const list = await ok<{ items: { id: string }[] }>(call(otherAdmin, 'GET', '/api/patients?search=zz'), 200);
    expect(list.items).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('kiosk registration', () => {
  it('creates the patient at the kiosk store, answers only id and first name, and the admin finds it at once', async () => {
    const res = await call(kiosk, 'POST', '/api/kiosk/patients', {
      firstName: 'Kira',
      lastName: 'Kioskova',
      dateOfBirth: '2001-07-07',
      email: 'kira@example.test',
      phone: '555 000 1111',
      preferredChannel: 'email',
      preferredLanguage: 'tr',
      consentContact: true,
      consentPrivacy: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = json<{ id: string; firstName: string }>(res);
    expect(Object.keys(body).sort()).toEqual(['firstName', 'id']);
    expect(body.firstName).toBe('Kira');
    expect(res.body).not.toContain('Kioskova');
    expect(res.body).not.toContain('kira@example.test');

    const [row] = await ownerRows<{ location_id: string; created_via: string; consent_at: Date | null; consent_privacy: boolean }>(
      h,
      sql`select location_id, created_via, consent_at, consent_privacy from patients where id = ${body.id}`,
    );
    expect(row).toMatchObject({ location_id: demoIds.downtown, created_via: 'kiosk', consent_privacy: true });
    expect(row!.consent_at).not.toBeNull();

    const page = await ok<{ items: { id: string }[] }>(call(admin, 'GET', '/api/patients?search=kioskova'), 200);
    expect(page.items.map((i) => i.id)).toEqual([body.id]);
    const audited = await ownerRows<{ action: string }>(h, sql`select action from audit_log where patient_id = ${body.id} and outcome = 'success'`);
    expect(audited.map((a) => a.action)).toContain('patient.kiosk_register');
  });

  it('recognises a likely existing patient (same name and birth date, same email or phone): nothing created, nothing revealed', async () => {
    const first = { firstName: 'Dora', lastName: 'Duplicata', dateOfBirth: '1984-03-09', email: 'dora@example.test', phone: '+1 555 0199', preferredChannel: 'email', consentPrivacy: true };
    expect((await call(kiosk, 'POST', '/api/kiosk/patients', first)).statusCode).toBe(201);
    const again = [
      { ...first, firstName: ' dora ', lastName: 'DUPLICATA', phone: '' },
      { ...first, lastName: 'duplicata', email: 'other@example.test', phone: '1-555-0199' },
    ];
    for (const body of again) {
      const res = await call(kiosk, 'POST', '/api/kiosk/patients', body);
      expect(res.statusCode, res.body).toBe(409);
      expect(json(res)).toEqual({ code: 'patients.kioskLikelyRegistered', error: expect.any(String) });
      for (const secret of ['Duplicata', 'dora@example.test', '0199', '1984']) expect(res.body).not.toContain(secret);
    }
    // A namesake born on the same day with other contact details is someone else.
    expect((await call(kiosk, 'POST', '/api/kiosk/patients', { ...first, email: 'dora.two@example.test', phone: '' })).statusCode).toBe(201);
    const count = await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from patients where last_name = 'Duplicata'`);
    expect(count[0]!.n).toBe(2);
  });

  it('refuses a store in the body, missing privacy consent and bad fields with messages', async () => {
    const base = { firstName: 'K', lastName: 'L', dateOfBirth: '2001-07-07', email: 'k@example.test', preferredChannel: 'email', consentPrivacy: true };
    const withStore = await call(kiosk, 'POST', '/api/kiosk/patients', { ...base, locationId: demoIds.uptown });
    expect(withStore.statusCode).toBe(400);
    const noConsent = await call(kiosk, 'POST', '/api/kiosk/patients', { ...base, consentPrivacy: false });
    expect(noConsent.statusCode).toBe(400);
    expect(json(noConsent)).toMatchObject({ fields: { consentPrivacy: 'Please accept the privacy notice to register' } });
    const bad = await call(kiosk, 'POST', '/api/kiosk/patients', { ...base, email: '', dateOfBirth: '1850-01-01' });
    expect(json(bad)).toMatchObject({
      fields: { email: 'An email address is needed when the preferred channel is email', dateOfBirth: 'Date of birth must be a past date (YYYY-MM-DD) after 1900-01-01' },
    });
    // Every problem at once: the channel's missing address beside the consent and the empty fields.
    const empty = await call(kiosk, 'POST', '/api/kiosk/patients', { firstName: '', lastName: '', dateOfBirth: '', preferredChannel: 'email', consentPrivacy: false });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(json<{ fields: Record<string, string> }>(empty).fields).sort()).toEqual(['consentPrivacy', 'dateOfBirth', 'email', 'firstName', 'lastName']);
    // The kiosk's form sends no channel until the person chooses one: refused, not taken as email.
    expect(json(await call(kiosk, 'POST', '/api/kiosk/patients', { ...base, preferredChannel: '' }))).toMatchObject({ fields: { preferredChannel: 'Preferred channel must be email or sms' } });
    const count = await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from patients where last_name = 'L'`);
    expect(count[0]!.n).toBe(0);
  });

  it('the kiosk cannot read or write patient records; patients cannot use the staff calls', async () => {
    for (const who of [kiosk, patientUser]) {
      expect((await call(who, 'GET', '/api/patients')).statusCode).toBe(403);
      expect((await call(who, 'POST', '/api/patients', {})).statusCode).toBe(403);
      expect((await call(who, 'POST', '/api/invoices', {})).statusCode).toBe(403);
    }
    expect((await call(admin, 'POST', '/api/kiosk/patients', {})).statusCode).toBe(403);
  });
});
