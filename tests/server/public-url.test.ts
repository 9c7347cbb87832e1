/**
 * Links in messages start with PUBLIC_URL when it is set, else with the address the request reached the server on
 * (scheme, host and port), never a fixed localhost port.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPatient, bearer, demo, demoIds, json, lastMessageTo, signIn, startHarness, type Harness, type SignedIn } from './harness';

let bare: Harness;
let configured: Harness;
let n = 0;

beforeAll(async () => {
  [bare, configured] = await Promise.all([startHarness(), startHarness({ publicUrl: 'https://portal.example.test/' })]);
});
afterAll(async () => {
  await Promise.all([bare?.close(), configured?.close()]);
});

/** Sends the New Patient Intake to a new patient through `host`; the message the patient got. */
async function formLinkSent(h: Harness, host: string): Promise<string> {
  const admin: SignedIn = await signIn(h, 'admin@clearview.test', demo.clearview);
  const forms = json<{ forms: { id: string; name: string }[] }>(await h.app.inject({ method: 'GET', url: '/api/eforms/forms', headers: bearer(admin) })).forms;
  const intake = forms.find((f) => f.name === 'New Patient Intake')!;
  n += 1;
  const email = `link.patient${n}@example.test`;
  const patientId = await addPatient(h, { tenantId: demoIds.clearview, locationId: demoIds.downtown, firstName: 'Lin', lastName: `Ker${n}`, email });
  const res = await h.app.inject({
    method: 'POST',
    url: `/api/eforms/forms/${intake.id}/assign`,
    headers: { ...bearer(admin), host },
    payload: { patientIds: [patientId], channels: ['email'] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return lastMessageTo(h, email);
}

describe('links in messages', () => {
  it('without PUBLIC_URL, start with the address the request reached (its host and port)', async () => {
    const body = await formLinkSent(bare, 'clinic.example:4123');
    expect(body).toContain('http://clinic.example:4123/eforms?tenantid=');
    expect(body).not.toContain('localhost:3000');
  });

  it('with PUBLIC_URL, start with it whatever the request’s host', async () => {
    const body = await formLinkSent(configured, 'clinic.example:4123');
    expect(body).toContain('https://portal.example.test/eforms?tenantid=');
    expect(body).not.toContain('clinic.example');
  });
});
