/**
 * Staff reads of one patient (/api/patients/:patientId/*) and the enterprise summary: the same shapes and queries
 * as the portal; staff limited to Downtown cannot read an Uptown patient; no company reads the other's patients;
 * denials answer 404 and are audited; the enterprise admin sees aggregates per company, which match the database.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contract/common';
import { EnterpriseSummary, InvoiceDetail, PatientProfile, Prescriptions } from '../../src/contract/records';
import { recordDemoIds as ids } from '../../server/db/seed-records';
import { bearer, demo, demoIds, json, ownerRows, signIn, startHarness, type Harness, type SignedIn } from './harness';

let h: Harness;
let admin: SignedIn;
let staff: SignedIn;
let jane: SignedIn;
let brightAdmin: SignedIn;
let brightPatient: SignedIn;
let enterprise: SignedIn;
let uptownPatient: string;

beforeAll(async () => {
  h = await startHarness();
  [admin, staff, jane, brightAdmin, brightPatient, enterprise] = await Promise.all([
    signIn(h, 'admin@clearview.test'),
    signIn(h, 'staff@clearview.test'),
    signIn(h, 'patient@clearview.test'),
    signIn(h, 'admin@brightsight.test', demo.brightsight),
    signIn(h, 'patient@brightsight.test', demo.brightsight),
    signIn(h, 'enterprise@portal.test', { isEnterpriseAdmin: true }),
  ]);
  const [row] = await ownerRows<{ id: string }>(h, sql`select id from patients where location_id = ${demoIds.uptown} order by id limit 1`);
  uptownPatient = row!.id;
});
afterAll(() => h.close());

const get = (s: SignedIn, url: string) => h.app.inject({ method: 'GET', url, headers: bearer(s) });
const sections = (patientId: string, invoiceId: string, rxId: string) => [
  `/api/patients/${patientId}/profile`,
  `/api/patients/${patientId}/prescriptions`,
  `/api/patients/${patientId}/prescriptions/${rxId}/orders`,
  `/api/patients/${patientId}/appointments`,
  `/api/patients/${patientId}/invoices`,
  `/api/patients/${patientId}/invoices/${invoiceId}`,
  `/api/patients/${patientId}/recalls`,
  `/api/patients/${patientId}/orders`,
];

describe('staff reads of one patient', () => {
  it('the same answers as the patient gets (staff also see the staff notes), audited with the patient', async () => {
    for (const section of ['profile', 'prescriptions', 'appointments', 'invoices', 'recalls', 'orders', `invoices/${ids.janePaidInvoice}`, `prescriptions/${ids.janeRx}/orders`]) {
      const mine = await get(jane, `/api/my/${section}`);
      const theirs = await get(staff, `/api/patients/${demoIds.janeDoe}/${section}`);
      expect(theirs.statusCode, theirs.body).toBe(200);
      expect(mine.statusCode, mine.body).toBe(200);
      if (section === 'profile') {
        expect(PatientProfile.parse(json(theirs)).notes).toBe('Prefers late-afternoon appointments');
        expect({ ...json(theirs), notes: '' }).toEqual(json(mine));
      } else {
        expect(json(theirs)).toEqual(json(mine));
      }
    }
    const entries = await ownerRows<{ action: string; patient_id: string; details: { via: string } }>(
      h,
      sql`select action, patient_id, details from audit_log where actor_user_id = ${staff.user.id} and outcome = 'success' and action like 'patient.%'`,
    );
    expect(entries).toHaveLength(8);
    expect(entries.every((e) => e.patient_id === demoIds.janeDoe && e.details.via === 'staff')).toBe(true);
  });

  it('staff limited to Downtown cannot read an Uptown patient (404 on every section, audited as denied); the admin can', async () => {
    const [extra] = await ownerRows<{ invoice: string | null; rx: string | null }>(
      h,
      sql`select (select id from invoices where patient_id = ${uptownPatient} limit 1) as invoice, (select id from spectacle_rx where patient_id = ${uptownPatient} limit 1) as rx`,
    );
    const urls = sections(uptownPatient, extra!.invoice ?? ids.janePaidInvoice, extra!.rx ?? ids.janeRx);
    for (const url of urls) {
      const res = await get(staff, url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
      expect(json(res)).toEqual({ error: messages.notFound, code: 'request.notFound' });
    }
    const denied = await ownerRows<{ details: { reason: string; patientId: string } }>(
      h,
      sql`select details from audit_log where actor_user_id = ${staff.user.id} and outcome = 'denied'`,
    );
    expect(denied).toHaveLength(urls.length);
    expect(denied.every((d) => d.details.reason === 'patient-out-of-reach' && d.details.patientId === uptownPatient)).toBe(true);

    const res = await get(admin, `/api/patients/${uptownPatient}/profile`);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ id: uptownPatient, storeName: 'Uptown' });
  });

  it("ids of another patient's records under a reachable patient answer 404", async () => {
    const [other] = await ownerRows<{ id: string; invoice: string; rx: string }>(
      h,
      sql`select p.id, (select id from invoices i where i.patient_id = p.id limit 1) as invoice, (select id from spectacle_rx r where r.patient_id = p.id limit 1) as rx
        from patients p where p.location_id = ${demoIds.downtown} and p.id <> ${demoIds.janeDoe}
          and exists (select 1 from invoices i where i.patient_id = p.id) and exists (select 1 from spectacle_rx r where r.patient_id = p.id)
        order by p.id limit 1`,
    );
    for (const url of [`/api/patients/${demoIds.janeDoe}/invoices/${other!.invoice}`, `/api/patients/${demoIds.janeDoe}/prescriptions/${other!.rx}/orders`]) {
      const res = await get(staff, url);
      expect(res.statusCode, res.body).toBe(404);
    }
    const detail = InvoiceDetail.parse(json(await get(staff, `/api/patients/${other!.id}/invoices/${other!.invoice}`)));
    expect(detail.patientId).toBe(other!.id);
  });

  it('no company reads the patients of the other (404, nothing of theirs)', async () => {
    for (const url of sections(demoIds.johnRoe, ids.johnInvoice, ids.johnRx)) {
      for (const who of [admin, staff]) {
        const res = await get(who, url);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
        expect(res.body.toLowerCase()).not.toContain('roe');
      }
    }
    for (const url of sections(demoIds.janeDoe, ids.janePaidInvoice, ids.janeRx)) {
      const res = await get(brightAdmin, url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
      expect(res.body.toLowerCase()).not.toContain('jane');
    }
    const own = Prescriptions.parse(json(await get(brightAdmin, `/api/patients/${demoIds.johnRoe}/prescriptions`)));
    expect(own.spectacle.map((r) => r.id)).toEqual([ids.johnRx]);
  });

  it('patients, kiosks and enterprise admins cannot use the staff reads; staff cannot use the portal ones', async () => {
    for (const who of [jane, brightPatient, enterprise]) {
      expect((await get(who, `/api/patients/${demoIds.janeDoe}/profile`)).statusCode).toBe(403);
    }
    for (const who of [admin, staff, enterprise]) {
      expect((await get(who, '/api/my/profile')).statusCode).toBe(403);
    }
    expect((await get(jane, '/api/enterprise/summary')).statusCode).toBe(403);
    expect((await get(admin, '/api/enterprise/summary')).statusCode).toBe(403);
  });
});

describe('the enterprise summary', () => {
  it('answers one row of aggregates per company (not the platform), matching the database', async () => {
    const res = await get(enterprise, '/api/enterprise/summary');
    expect(res.statusCode, res.body).toBe(200);
    const { companies } = EnterpriseSummary.parse(json(res));
    expect(companies.map((c) => c.slug)).toEqual(['brightsight', 'clearview']);
    for (const c of companies) {
      const [expected] = await ownerRows<Record<string, number>>(
        h,
        sql`select (select count(*)::int from locations where tenant_id = ${c.tenantId}) as stores,
            (select count(*)::int from patients where tenant_id = ${c.tenantId}) as patients,
            (select count(*)::int from appointments where tenant_id = ${c.tenantId} and starts_at >= now() and status in ('booked', 'confirmed', 'checked-in')) as upcoming,
            (select coalesce(sum(total - paid_total), 0)::float8 from invoices where tenant_id = ${c.tenantId} and status = 'open') as balance,
            (select count(*)::int from lab_orders where tenant_id = ${c.tenantId} and status not in ('delivered', 'cancelled', 'remake')) as in_progress`,
      );
      expect(c).toMatchObject({ stores: expected!.stores, patients: expected!.patients, upcomingAppointments: expected!.upcoming, labOrdersInProgress: expected!.in_progress });
      expect(c.openBalances).toEqual(expected!.balance ? [{ currency: 'USD', amount: expected!.balance }] : []);
    }
    expect(companies.find((c) => c.slug === 'clearview')).toMatchObject({ name: 'Clearview Optical', stores: 2 });
    expect(companies.find((c) => c.slug === 'clearview')!.patients).toBeGreaterThanOrEqual(41);
    // Aggregates only: no patient's name or record id.
    for (const marker of ['jane', 'doe', 'roe', demoIds.janeDoe, demoIds.johnRoe]) expect(res.body.toLowerCase()).not.toContain(marker.toLowerCase());
    const [entry] = await ownerRows<{ tenant_id: string; outcome: string }>(h, sql`select tenant_id, outcome from audit_log where action = 'enterprise.summary.read'`);
    expect(entry).toEqual({ tenant_id: demoIds.platform, outcome: 'success' });
  });

  it('the SQL function answers nothing to a transaction of a company tenant', async () => {
    const rows = await h.db.tenantTransaction(demoIds.clearview, async (tx) =>
      (await tx.execute(sql`select * from app_enterprise_summary(now())`)) as unknown as { rows: unknown[] },
    );
    expect(rows.rows).toEqual([]);
  });
});
