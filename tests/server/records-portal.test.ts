/**
 * The patient's own records (/api/my/*), acting as Jane Doe over HTTP against a seeded database: each endpoint
 * answers exactly her records (checked against the database behind the API), ids of other patients' records in
 * the path answer 404 with nothing of theirs, contact corrections are validated and audited, cancelling follows
 * the store's rules, and the dashboard shows what is due.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contract/common';
import {
  AppointmentLists,
  InvoiceDetail,
  InvoiceList,
  LabOrderList,
  PatientDashboard,
  PatientProfile,
  Prescriptions,
  RecallList,
  recordMessages,
  RxOrders,
  identityFieldMessage,
} from '../../src/contract/records';
import { recordDemoIds as ids } from '../../server/db/seed-records';
import { bearer, demo, demoIds, json, ownerRows, signIn, startHarness, type Harness, type SignedIn } from './harness';

let h: Harness;
let jane: SignedIn;
let john: SignedIn;

beforeAll(async () => {
  h = await startHarness();
  jane = await signIn(h, 'patient@clearview.test');
  john = await signIn(h, 'patient@brightsight.test', demo.brightsight);
});
afterAll(() => h.close());

const get = (s: SignedIn, url: string) => h.app.inject({ method: 'GET', url, headers: bearer(s) });
const post = (s: SignedIn, url: string) => h.app.inject({ method: 'POST', url, headers: bearer(s) });
const patch = (s: SignedIn, url: string, body: unknown) =>
  h.app.inject({ method: 'PATCH', url, headers: { ...bearer(s), 'content-type': 'application/json' }, payload: JSON.stringify(body) });

const idsOf = async (table: string, patientId: string) =>
  (await ownerRows<{ id: string }>(h, sql`select id from ${sql.raw(table)} where patient_id = ${patientId} order by id`)).map((r) => r.id);
const auditOf = (action: string) =>
  ownerRows<{ outcome: string; patient_id: string | null; actor_user_id: string; target_id: string | null; details: Record<string, unknown> }>(
    h,
    sql`select outcome, patient_id, actor_user_id, target_id, details from audit_log where action = ${action} order by id`,
  );

/** Another Clearview patient with a prescription, an invoice and an appointment (from the seeded crowd). */
async function anotherClearviewPatient() {
  const [row] = await ownerRows<{ patient_id: string; rx_id: string; invoice_id: string; appointment_id: string }>(
    h,
    sql`select p.id as patient_id,
        (select id from spectacle_rx r where r.patient_id = p.id limit 1) as rx_id,
        (select id from invoices i where i.patient_id = p.id limit 1) as invoice_id,
        (select id from appointments a where a.patient_id = p.id and a.status in ('booked', 'confirmed') and a.starts_at > now() + interval '2 days' limit 1) as appointment_id
      from patients p
      where p.tenant_id = ${demoIds.clearview} and p.id <> ${demoIds.janeDoe} and p.location_id = ${demoIds.downtown}
        and exists (select 1 from spectacle_rx r where r.patient_id = p.id)
        and exists (select 1 from invoices i where i.patient_id = p.id)
        and exists (select 1 from appointments a where a.patient_id = p.id and a.status in ('booked', 'confirmed') and a.starts_at > now() + interval '2 days')
      order by p.id limit 1`,
  );
  if (!row) throw new Error('the seed has no such patient');
  return row;
}

describe("Jane's own records", () => {
  it('profile: her demographics with the store name, no staff notes; audited', async () => {
    const res = await get(jane, '/api/my/profile');
    expect(res.statusCode, res.body).toBe(200);
    const p = PatientProfile.parse(json(res));
    expect(p).toMatchObject({ id: demoIds.janeDoe, firstName: 'Jane', lastName: 'Doe', storeName: 'Downtown', locationId: demoIds.downtown, hasPortalAccount: true });
    expect(p.notes).toBe('');
    const [row] = await ownerRows<{ notes: string }>(h, sql`select notes from patients where id = ${demoIds.janeDoe}`);
    expect(row!.notes).not.toBe('');
    const entries = await auditOf('patient.profile.read');
    expect(entries.at(-1)).toMatchObject({ outcome: 'success', patient_id: demoIds.janeDoe, actor_user_id: jane.user.id });
  });

  it('prescriptions: her two spectacle Rx newest first (the old one expired) and her contact-lens Rx', async () => {
    const res = await get(jane, '/api/my/prescriptions');
    expect(res.statusCode, res.body).toBe(200);
    const rx = Prescriptions.parse(json(res));
    expect(rx.spectacle.map((r) => r.id)).toEqual([ids.janeRx, ids.janeOldRx]);
    expect(rx.spectacle.map((r) => r.expired)).toEqual([false, true]);
    expect(rx.contactLens.map((r) => r.id)).toEqual([ids.janeContactLensRx]);
    const current = rx.spectacle[0]!;
    expect(current.right).toMatchObject({ sphere: -2.5, cylinder: -0.75, axis: 10, add: 1.25, prism: 1, prismBase: 'in', pdDistance: 31.5, pdNear: 30, readingSphere: -1.25 });
    expect(current.storeName).toBe('Downtown');
    expect([...rx.spectacle.map((r) => r.id)].sort()).toEqual(await idsOf('spectacle_rx', demoIds.janeDoe));
  });

  it('orders of one Rx: the lab order made from her current Rx; a contact-lens Rx has none', async () => {
    const res = await get(jane, `/api/my/prescriptions/${ids.janeRx}/orders`);
    expect(res.statusCode, res.body).toBe(200);
    const body = RxOrders.parse(json(res));
    expect(body.kind).toBe('spectacle');
    expect(body.orders.map((o) => o.id)).toEqual([ids.janeOrder]);
    const cl = RxOrders.parse(json(await get(jane, `/api/my/prescriptions/${ids.janeContactLensRx}/orders`)));
    expect(cl).toMatchObject({ kind: 'contact-lens', orders: [] });
    expect(cl.contactLens!.id).toBe(ids.janeContactLensRx);
  });

  it('appointments: one upcoming (cancellable, store time zone) and one past', async () => {
    const res = await get(jane, '/api/my/appointments');
    expect(res.statusCode, res.body).toBe(200);
    const a = AppointmentLists.parse(json(res));
    expect(a.upcoming.map((x) => x.id)).toEqual([ids.janeUpcomingAppointment]);
    expect(a.past.map((x) => x.id)).toEqual([ids.janePastAppointment]);
    expect(a.upcoming[0]).toMatchObject({ storeName: 'Downtown', timeZone: 'America/New_York', localTime: '16:00', canCancel: true, cancelNoticeHours: 24, providerName: 'Sam Staff' });
    expect(a.past[0]).toMatchObject({ status: 'completed', canCancel: false });
  });

  it('invoices: a paid one and an open one with a partial payment; the balance adds up', async () => {
    const res = await get(jane, '/api/my/invoices');
    expect(res.statusCode, res.body).toBe(200);
    const list = InvoiceList.parse(json(res));
    expect(list.invoices.map((i) => i.id).sort()).toEqual(await idsOf('invoices', demoIds.janeDoe));
    const open = list.invoices.find((i) => i.id === ids.janeOpenInvoice)!;
    const paid = list.invoices.find((i) => i.id === ids.janePaidInvoice)!;
    expect(paid).toMatchObject({ status: 'paid', balance: 0 });
    expect(open.status).toBe('open');
    expect(open.paidTotal).toBe(5000);
    expect(open.balance).toBe(open.total - 5000);
    expect(list.balances).toEqual([{ currency: 'USD', amount: open.balance }]);
  });

  it('one invoice: lines, card payment, receipt data and the lab order of its line', async () => {
    const res = await get(jane, `/api/my/invoices/${ids.janePaidInvoice}`);
    expect(res.statusCode, res.body).toBe(200);
    const inv = InvoiceDetail.parse(json(res));
    expect(inv.lines).toHaveLength(3);
    expect(inv.lines.reduce((s, l) => s + l.total, 0)).toBe(inv.total);
    expect(inv.payments).toEqual([expect.objectContaining({ method: 'card', amount: inv.total })]);
    expect(inv.store).toMatchObject({ name: 'Downtown', address: '120 Market Street, Springfield', phone: '+1 555 0100', taxRateBp: 825, companyName: 'Clearview Optical' });
    expect(inv.patientName).toBe('Jane Doe');
    expect(inv.orders).toEqual([expect.objectContaining({ id: ids.janeOrder, status: 'in-production', invoiceLineNo: 2 })]);
  });

  it('lab orders: in production, with its history by staff and an expected date', async () => {
    const res = await get(jane, '/api/my/orders');
    expect(res.statusCode, res.body).toBe(200);
    const { orders } = LabOrderList.parse(json(res));
    expect(orders.map((o) => o.id)).toEqual([ids.janeOrder]);
    expect(orders[0]!.events.map((e) => e.status)).toEqual(['draft', 'sent-to-lab', 'in-production']);
    expect(orders[0]!.events.every((e) => e.byName === 'Sam Staff')).toBe(true);
    expect(orders[0]!.expectedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(orders[0]).toMatchObject({ rxId: ids.janeRx, invoiceId: ids.janePaidInvoice });
  });

  it('recalls: one pending', async () => {
    const res = await get(jane, '/api/my/recalls');
    expect(res.statusCode, res.body).toBe(200);
    expect(RecallList.parse(json(res)).recalls).toEqual([expect.objectContaining({ id: ids.janeRecall, status: 'pending', overdue: false })]);
  });
});

describe("another patient's ids in the path", () => {
  it('answer 404 with nothing of theirs, and the attempt is audited as denied', async () => {
    const other = await anotherClearviewPatient();
    const urls = [
      `/api/my/prescriptions/${other.rx_id}/orders`,
      `/api/my/prescriptions/${ids.johnRx}/orders`,
      `/api/my/invoices/${other.invoice_id}`,
      `/api/my/invoices/${ids.johnInvoice}`,
    ];
    for (const url of urls) {
      const res = await get(jane, url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
      expect(json(res)).toEqual({ error: messages.notFound, code: 'request.notFound' });
    }
    for (const id of [other.appointment_id, ids.johnAppointment]) {
      const res = await post(jane, `/api/my/appointments/${id}/cancel`);
      expect(res.statusCode, res.body).toBe(404);
      expect(json(res)).toEqual({ error: messages.notFound, code: 'request.notFound' });
    }
    // Nothing changed: their appointments are still live.
    const live = await ownerRows<{ status: string }>(h, sql`select status from appointments where id in (${other.appointment_id}, ${ids.johnAppointment})`);
    expect(live.map((r) => r.status).every((s) => s === 'booked' || s === 'confirmed')).toBe(true);
    const denied = (await auditOf('patient.invoice.read')).filter((e) => e.outcome === 'denied');
    expect(denied.map((e) => e.target_id)).toEqual(expect.arrayContaining([other.invoice_id, ids.johnInvoice]));
    expect(denied.every((e) => e.patient_id === demoIds.janeDoe)).toBe(true);
  });

  it("John Roe's endpoints answer only John's records, never Jane's", async () => {
    const all = ['/api/my/profile', '/api/my/prescriptions', '/api/my/appointments', '/api/my/invoices', '/api/my/recalls', '/api/my/orders', '/api/my/dashboard'];
    for (const url of all) {
      const res = await get(john, url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      const body = res.body.toLowerCase();
      for (const marker of [demoIds.janeDoe, demoIds.clearview, demoIds.downtown, 'jane', 'springfield', 'clearview', 'downtown', ...Object.entries(ids).filter(([k]) => k.startsWith('jane')).map(([, v]) => v)]) {
        expect(body.includes(marker.toLowerCase()), `${url} carries ${marker}`).toBe(false);
      }
    }
    for (const url of [`/api/my/prescriptions/${ids.janeRx}/orders`, `/api/my/invoices/${ids.janePaidInvoice}`]) {
      expect((await get(john, url)).statusCode).toBe(404);
    }
    expect((await post(john, `/api/my/appointments/${ids.janeUpcomingAppointment}/cancel`)).statusCode).toBe(404);
  });

  it('a patient account without a patient record gets 404 with a clear message on every endpoint (audited)', async () => {
    // Jane's account keeps its patient role and session, but her record is unlinked from it for this test.
    await ownerRows(h, sql`update patients set user_id = null where id = ${demoIds.janeDoe}`);
    try {
      for (const url of ['/api/my/profile', '/api/my/prescriptions', '/api/my/dashboard', `/api/my/invoices/${ids.janePaidInvoice}`]) {
        const res = await get(jane, url);
        expect(res.statusCode, res.body).toBe(404);
        expect(json(res)).toEqual({ error: recordMessages.noPatientRecord, code: 'records.noPatientRecord' });
      }
      const res = await patch(jane, '/api/my/profile', { city: 'Shelbyville' });
      expect(res.statusCode).toBe(404);
      expect((await auditOf('patient.profile.update')).at(-1)).toMatchObject({ outcome: 'failure', details: expect.objectContaining({ reason: 'no-patient-record' }) });
    } finally {
      await ownerRows(h, sql`update patients set user_id = ${jane.user.id} where id = ${demoIds.janeDoe}`);
    }
    const [row] = await ownerRows<{ city: string }>(h, sql`select city from patients where id = ${demoIds.janeDoe}`);
    expect(row!.city).toBe('Springfield');
  });
});

describe('correcting contact details', () => {
  const before = () => ownerRows<Record<string, unknown>>(h, sql`select * from patients where id = ${demoIds.janeDoe}`).then((r) => r[0]!);

  it('refuses bad input with field messages naming the limit and writes nothing', async () => {
    const start = await before();
    const cases: [unknown, string, RegExp | string][] = [
      [{ phone: 'call me maybe' }, 'phone', /phone number/],
      [{ phone: '+1 555 ' + '1'.repeat(40) }, 'phone', 'The phone number can be at most 30 characters'],
      [{ email: 'not-an-email' }, 'email', /valid email/],
      [{ addressLine: 'x'.repeat(201) }, 'addressLine', 'The address can be at most 200 characters'],
      [{ city: 'a\u0000b' }, 'city', /not allowed/],
      [{ postalCode: '62701; drop table' }, 'postalCode', /postal code/],
      [{ preferredChannel: 'fax' }, 'preferredChannel', 'Choose email or SMS'],
      [{ preferredLanguage: 'de' }, 'preferredLanguage', 'Choose English, Turkish or Arabic'],
      [{ firstName: 'Janet' }, 'firstName', identityFieldMessage],
      [{ dateOfBirth: '1990-01-01', city: 'Shelbyville' }, 'dateOfBirth', identityFieldMessage],
      [{}, 'body', 'Change at least one field'],
      [{ preferredChannel: 'sms', phone: '' }, 'phone', recordMessages.smsNeedsPhone],
      [{ email: '' }, 'email', recordMessages.emailNeedsEmail],
    ];
    for (const [body, field, message] of cases) {
      const res = await patch(jane, '/api/my/profile', body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
      const fields = json<{ fields: Record<string, string> }>(res).fields;
      if (typeof message === 'string') expect(fields[field], JSON.stringify(body)).toBe(message);
      else expect(fields[field], JSON.stringify(body)).toMatch(message);
    }
    for (const raw of ['not json', '[]', 'null']) {
      const res = await h.app.inject({ method: 'PATCH', url: '/api/my/profile', headers: { ...bearer(jane), 'content-type': 'application/json' }, payload: raw });
      expect(res.statusCode, raw).toBe(400);
    }
    expect(await before()).toEqual(start);
  });

  it('saves the contact fields, trims them, ignores unknown keys, and audits the changed field names', async () => {
    const res = await patch(jane, '/api/my/profile', {
      phone: ' +1 (555) 014-2999 ',
      email: 'Jane.Doe@Example.com',
      city: 'Springfield',
      preferredChannel: 'sms',
      preferredLanguage: 'tr',
      notes: 'patients cannot write staff notes',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(PatientProfile.parse(json(res))).toMatchObject({ phone: '+1 (555) 014-2999', email: 'jane.doe@example.com', preferredChannel: 'sms', preferredLanguage: 'tr', firstName: 'Jane', notes: '' });
    const row = await before();
    expect(row).toMatchObject({ phone: '+1 (555) 014-2999', email: 'jane.doe@example.com', preferred_channel: 'sms', preferred_language: 'tr', first_name: 'Jane' });
    expect(row.notes).toBe('Prefers late-afternoon appointments');
    const [entry] = (await auditOf('patient.profile.update')).filter((e) => e.outcome === 'success').slice(-1);
    expect(entry).toMatchObject({ patient_id: demoIds.janeDoe, actor_user_id: jane.user.id });
    expect(entry!.details.changed).toEqual(['phone', 'email', 'preferredChannel', 'preferredLanguage']);
  });
});

describe('cancelling an appointment', () => {
  it('refuses a past one, one at a store that does not allow it, and one inside the notice period; then cancels', async () => {
    const past = await post(jane, `/api/my/appointments/${ids.janePastAppointment}/cancel`);
    expect(past.statusCode, past.body).toBe(409);
    expect(json(past)).toEqual({ error: recordMessages.cancelNotUpcoming, code: 'records.cancelNotUpcoming' });

    // An upcoming appointment of Jane's at Uptown, which does not let patients cancel online.
    const uptownId = '9f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0';
    await ownerRows(
      h,
      sql`insert into appointments (tenant_id, id, location_id, patient_id, provider_name, type, starts_at, duration_minutes, status)
        values (${demoIds.clearview}, ${uptownId}, ${demoIds.uptown}, ${demoIds.janeDoe}, 'Alex Admin', 'repair', now() + interval '10 days', 15, 'booked')`,
    );
    const uptown = await post(jane, `/api/my/appointments/${uptownId}/cancel`);
    expect(uptown.statusCode, uptown.body).toBe(409);
    expect(json(uptown)).toEqual({ error: recordMessages.cancelNotAllowed, code: 'records.cancelNotAllowed' });
    const listed = AppointmentLists.parse(json(await get(jane, '/api/my/appointments')));
    expect(listed.upcoming.find((a) => a.id === uptownId)).toMatchObject({ canCancel: false, cancelNoticeHours: null, storeName: 'Uptown' });

    // Move the clock to 20 hours before the Downtown appointment: inside its 24-hour notice.
    const [{ starts_at }] = (await ownerRows<{ starts_at: Date | string }>(h, sql`select starts_at from appointments where id = ${ids.janeUpcomingAppointment}`)) as [{ starts_at: Date | string }];
    const shift = new Date(starts_at).getTime() - 20 * 3600_000 - Date.now();
    h.advance(shift);
    try {
      const fresh = await signIn(h, 'patient@clearview.test');
      const late = await post(fresh, `/api/my/appointments/${ids.janeUpcomingAppointment}/cancel`);
      expect(late.statusCode, late.body).toBe(409);
      expect(json(late)).toEqual({ error: recordMessages.cancelTooLate(24), code: 'records.cancelTooLate', params: { hours: 24 } });
      const view = AppointmentLists.parse(json(await get(fresh, '/api/my/appointments')));
      expect(view.upcoming.find((a) => a.id === ids.janeUpcomingAppointment)!.canCancel).toBe(false);
    } finally {
      h.advance(-shift);
    }

    const fresh = await signIn(h, 'patient@clearview.test');
    const ok = await post(fresh, `/api/my/appointments/${ids.janeUpcomingAppointment}/cancel`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok)).toMatchObject({ id: ids.janeUpcomingAppointment, status: 'cancelled', canCancel: false });
    const [row] = await ownerRows<{ status: string; cancelled_by: string }>(h, sql`select status, cancelled_by from appointments where id = ${ids.janeUpcomingAppointment}`);
    expect(row).toEqual({ status: 'cancelled', cancelled_by: jane.user.id });
    const again = await post(fresh, `/api/my/appointments/${ids.janeUpcomingAppointment}/cancel`);
    expect(again.statusCode).toBe(409);

    const outcomes = (await auditOf('patient.appointment.cancel')).filter((e) => e.patient_id === demoIds.janeDoe).map((e) => [e.outcome, e.details.reason ?? null]);
    expect(outcomes).toEqual(
      expect.arrayContaining([
        ['failure', 'not-upcoming'],
        ['failure', 'not-allowed'],
        ['failure', 'too-late'],
        ['success', null],
      ]),
    );
    await ownerRows(h, sql`delete from appointments where id = ${uptownId}`);
  });
});

describe('the dashboard', () => {
  it('shows the current Rx, orders in progress, the balance, recalls due and only the forms still to fill', async () => {
    const board = 'aa000000-0000-4000-8000-00000000bb01';
    const form = 'aa000000-0000-4000-8000-00000000bb02';
    const open = 'aa000000-0000-4000-8000-00000000bb03';
    await ownerRows(h, sql`insert into form_boards (tenant_id, id, location_id, uri, name) values (${demoIds.clearview}, ${board}, ${demoIds.downtown}, 'records-test', 'Records test')`);
    await ownerRows(h, sql`insert into forms (tenant_id, id, location_id, board_id, name) values (${demoIds.clearview}, ${form}, ${demoIds.downtown}, ${board}, 'Medical history')`);
    const assignment = (id: string, name: string, extra: string) =>
      ownerRows(
        h,
        sql`insert into form_assignments (tenant_id, id, form_id, location_id, patient_id, link_token_hash, form_snapshot, requires_code, channels, expires_at, submitted_at, revoked_at)
          select ${demoIds.clearview}, ${id}, ${form}, ${demoIds.downtown}, ${demoIds.janeDoe}, ${'hash-' + id}, ${JSON.stringify({ name, description: '', sections: [] })}::jsonb, true, '{email}',
            now() + ${extra === 'expired' ? sql`interval '-1 day'` : sql`interval '7 days'`},
            ${extra === 'submitted' ? sql`now()` : sql`null`}, ${extra === 'revoked' ? sql`now()` : sql`null`}`,
      );
    await assignment(open, 'Medical history', 'open');
    await assignment('aa000000-0000-4000-8000-00000000bb04', 'Submitted form', 'submitted');
    await assignment('aa000000-0000-4000-8000-00000000bb05', 'Expired form', 'expired');
    await assignment('aa000000-0000-4000-8000-00000000bb06', 'Revoked form', 'revoked');

    const res = await get(jane, '/api/my/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    const d = PatientDashboard.parse(json(res));
    expect(d.patient).toMatchObject({ id: demoIds.janeDoe, firstName: 'Jane', storeName: 'Downtown' });
    expect(d.currentRx!.id).toBe(ids.janeRx);
    expect(d.currentContactLensRx!.id).toBe(ids.janeContactLensRx);
    expect(d.ordersInProgress.map((o) => o.id)).toEqual([ids.janeOrder]);
    expect(d.balance.openInvoices).toBe(1);
    expect(d.balance.amounts[0]!.amount).toBeGreaterThan(0);
    expect(d.recallsDue.map((r) => r.id)).toEqual([ids.janeRecall]);
    const names = d.formsToFill.map((f) => f.name);
    expect(names).toContain('Medical history');
    for (const gone of ['Submitted form', 'Expired form', 'Revoked form']) expect(names).not.toContain(gone);
    expect(d.formsToFill.find((f) => f.id === open)).toMatchObject({ requiresCode: true, storeName: 'Downtown' });
    expect((await auditOf('patient.dashboard.read')).at(-1)).toMatchObject({ outcome: 'success', patient_id: demoIds.janeDoe });
  });

  it("opens and submits the patient's own code-gated form without the code; another's is not found; once only", async () => {
    const open = 'aa000000-0000-4000-8000-00000000bb03';
    const submit = (s: SignedIn, id: string) =>
      h.app.inject({
        method: 'POST',
        url: `/api/my/forms/${id}/submit`,
        headers: { ...bearer(s), 'content-type': 'application/json' },
        payload: JSON.stringify({ sectionlists: [] }),
      });

    // John (another company) cannot see it; nor can Jane see a form that does not exist.
    expect((await get(john, `/api/my/forms/${open}`)).statusCode).toBe(404);
    expect((await submit(john, open)).statusCode).toBe(404);
    expect((await get(jane, '/api/my/forms/aa000000-0000-4000-8000-0000000000ff')).statusCode).toBe(404);

    const card = await get(jane, `/api/my/forms/${open}`);
    expect(card.statusCode, card.body).toBe(200);
    expect(json(card)).toMatchObject({ name: 'Medical history', assignId: open, isAuth: false, isSubmitted: 0, sectionlists: [] });

    const first = await submit(jane, open);
    expect(first.statusCode, first.body).toBe(200);
    expect(json(first)).toEqual({ submitted: true, alreadySubmitted: false });
    expect(json(await submit(jane, open))).toEqual({ submitted: true, alreadySubmitted: true });
    expect(json(await get(jane, `/api/my/forms/${open}`))).toMatchObject({ isSubmitted: 1 });
    expect((await auditOf('eform.submit')).at(-1)).toMatchObject({ outcome: 'success', patient_id: demoIds.janeDoe, target_id: open });
    expect(PatientDashboard.parse(json(await get(jane, '/api/my/dashboard'))).formsToFill.map((f) => f.id)).not.toContain(open);

    const expired = 'aa000000-0000-4000-8000-00000000bb05';
    expect(json(await get(jane, `/api/my/forms/${expired}`))).toMatchObject({ isLinkExpired: 1 });
    expect((await submit(jane, expired)).statusCode).toBe(410);
  });
});
