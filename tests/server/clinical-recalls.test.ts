/**
 * Recalls and prescriptions over HTTP against the real app and database: a recall's edges and its reminder, an
 * Rx's default expiry and its field messages.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { admin, call, h, newPatient, ok, rxBody, seq, staff, startClinical } from './clinical-fixtures';
import { json, ownerRows } from './harness';

startClinical();

describe('recalls and prescriptions', () => {
  it('a recall moves along its edges; sent sends the reminder on its channel', async () => {
    const p = await newPatient(admin, { consentContact: true });
    const recall = await ok<{ id: string; channel: string }>(call(staff, 'POST', '/api/recalls', { patientId: p.id, type: 'annual-exam', dueOn: '2027-01-15' }));
    expect(recall.channel).toBe('email');
    const sent = await ok<{ status: string; lastSentAt: string | null }>(call(staff, 'POST', `/api/recalls/${recall.id}/status`, { to: 'sent' }), 200);
    expect(sent.status).toBe('sent');
    expect(sent.lastSentAt).not.toBeNull();
    expect(await (await import('./harness')).lastMessageTo(h, `p${seq}@example.test`)).toContain('due on 2027-01-15');
    await ok(call(staff, 'POST', `/api/recalls/${recall.id}/status`, { to: 'booked' }), 200);
    expect((await call(staff, 'POST', `/api/recalls/${recall.id}/status`, { to: 'pending' })).statusCode).toBe(409);
  });

  it('stores an Rx with its default expiry (2 years spectacles, 1 year contact lenses)', async () => {
    const p = await newPatient();
    const rx = await ok<{ expiresOn: string }>(call(admin, 'POST', `/api/patients/${p.id}/spectacle-rx`, { ...rxBody, examDate: '2024-02-29' }));
    expect(rx.expiresOn).toBe('2026-02-28');
    const cl = await ok<{ expiresOn: string }>(
      call(admin, 'POST', `/api/patients/${p.id}/contact-lens-rx`, {
        examDate: '2024-02-29',
        prescriber: 'Dr. Iris',
        brand: 'Acuvue Oasys',
        replacement: 'two-weekly',
        right: { power: -6.5, baseCurve: 8.4, diameter: 14, cylinder: -0.75, axis: 180 },
        left: { power: -5.75, baseCurve: 8.4, diameter: 14 },
      }),
    );
    expect(cl.expiresOn).toBe('2025-02-28');
    const bad = await call(admin, 'POST', `/api/patients/${p.id}/spectacle-rx`, { ...rxBody, right: { sphere: 30.25, cylinder: -0.5 } });
    expect(json(bad)).toMatchObject({
      fields: { 'right.sphere': 'Sphere must be between -30.00 and +30.00 in 0.25 steps', 'right.axis': 'Axis is required when there is a cylinder (whole degrees 1 to 180)' },
    });
    const rows = await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from spectacle_rx where patient_id = ${p.id}`);
    expect(rows[0]!.n).toBe(1);
  });
});
