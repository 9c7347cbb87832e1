/**
 * A message that carries a secret (an eForm link's token, a one-time code) is shown masked by every answer of the
 * API, to staff and admins alike: the clerk who reads a patient's messages tab learns neither, so cannot pass the
 * code gate as the patient. The message that goes out keeps them (the patient's mailbox is the communication log).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PatientMessages } from '../../src/contract/chart';
import { addPatient, bearer, codeIn, demo, demoIds, eformLinkIn, json, lastMessageTo, signIn, startHarness, type Harness, type SignedIn } from './harness';

let h: Harness;
let admin: SignedIn;
let clerk: SignedIn;
let intakeId: string;
beforeAll(async () => {
  h = await startHarness();
  admin = await signIn(h, 'admin@clearview.test', demo.clearview);
  clerk = await signIn(h, 'staff@clearview.test', demo.clearview);
  const list = json<{ forms: { id: string; name: string }[] }>(await h.app.inject({ method: 'GET', url: '/api/eforms/forms', headers: bearer(admin) })).forms;
  intakeId = list.find((f) => f.name === 'New Patient Intake')!.id;
});
afterAll(() => h.close());

const MASK = '••••••';

describe("a patient's messages tab", () => {
  it('shows the eForm link without its token and the code as ••••••, to the clerk and the admin', async () => {
    const email = 'masked.patient@example.test';
    const patientId = await addPatient(h, { tenantId: demoIds.clearview, locationId: demoIds.downtown, firstName: 'Mara', lastName: 'Masked', email, phone: '+15550100999' });
    const assigned = await h.app.inject({ method: 'POST', url: `/api/eforms/forms/${intakeId}/assign`, headers: bearer(admin), payload: { patientIds: [patientId], channels: ['email', 'sms'] } });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const link = eformLinkIn(await lastMessageTo(h, email));
    const tenant = json<{ tenant: string }>(await h.app.inject({ method: 'GET', url: `/api/patient/getencryptedtenant?tenantid=${link.tenantid}` })).tenant;
    const asked = await h.app.inject({ method: 'POST', url: '/api/patient/euauthcode', headers: { 'x-tenant-id': tenant }, payload: { uri: link.uri } });
    expect(asked.statusCode, asked.body).toBe(200);
    const code = codeIn(await lastMessageTo(h, email));

    for (const who of [clerk, admin]) {
      const res = await h.app.inject({ method: 'GET', url: `/api/patients/${patientId}/messages`, headers: bearer(who) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain(link.uri);
      expect(res.body).not.toContain(code);
      const { messages } = json<PatientMessages>(res);
      const linkMessages = messages.filter((m) => m.template === 'eform.link');
      expect(linkMessages.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
      for (const m of linkMessages) expect(m.body).toContain(`/eforms?tenantid=${link.tenantid}&uri=${MASK}`);
      const codeMessage = messages.find((m) => m.template === 'eform.code')!;
      expect(codeMessage.body).toContain(`is ${MASK}.`);
      expect(codeMessage.body).toMatch(/Mara Masked/);
    }
    // What goes to the patient keeps both.
    expect(await lastMessageTo(h, email)).toContain(` is ${code}.`);
  });
});

describe('shownText, for every kind of message', () => {
  const base = 'https://portal.example';
  it('masks codes, tokens and temporary passwords, and nothing else', async () => {
    const { shownText } = await import('../../server/messaging/shownText');
    expect(shownText('eform.code', 'Downtown: your form code is 012345. It is valid for 10 minutes.')).toBe(`Downtown: your form code is ${MASK}. It is valid for 10 minutes.`);
    expect(shownText('auth.reset', 'رمز إعادة تعيين كلمة المرور هو 987654. صالح لمدة 10 دقائق.')).toBe(`رمز إعادة تعيين كلمة المرور هو ${MASK}. صالح لمدة 10 دقائق.`);
    expect(shownText('auth.email-change-code', 'Your code is 555000.')).toBe(`Your code is ${MASK}.`);
    expect(shownText('order.ready', `Your order 123456: ${base}/pr/AbC_d-9876543210xyzQWE`)).toBe(`Your order 123456: ${base}/pr/${MASK}`);
    expect(shownText('eform.link', `Open it: ${base}/eforms?tenantid=c1ea0000-0000-4000-8000-000000000001&uri=Zz_-09aQ`)).toBe(
      `Open it: ${base}/eforms?tenantid=c1ea0000-0000-4000-8000-000000000001&uri=${MASK}`,
    );
    const invite = `an account was made for you at Clearview Optical. Sign in at ${base}/clearview/downtown with kiosk.downtown@clearview.test and the temporary password AbcdefghijKLMNOPqrstuv then choose your own`;
    expect(shownText('user.invite', invite)).toBe(invite.replace('AbcdefghijKLMNOPqrstuv', MASK));
    expect(shownText('enterprise.company-invite', 'the temporary password 0123456789abcdefghij (valid until 2026-12-01)')).toBe(`the temporary password ${MASK} (valid until 2026-12-01)`);
    // A reminder's numbers are no secret.
    const reminder = 'Your visit 123456 on 2026-12-01 at 10:00, call +1 555 0100.';
    expect(shownText('appointment.reminder', reminder)).toBe(reminder);
  });
});
