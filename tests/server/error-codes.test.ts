/**
 * Error codes (docs/architecture.md, "Error codes"): one answer of each family of errors carries its catalogue code, the
 * code's English text as `error`, and the values of that text as `params`. The harness checks every error answer
 * of every server test file the same way (errorAnswerProblem); this file pins the families down one by one, and
 * that the OpenAPI document's error shape lists exactly the catalogue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes, errorText } from '../../src/contract/errorCodes';
import { eformMessages } from '../../src/contract/eforms';
import { patientMessages } from '../../src/contract/patientsAdmin';
import {
  addPatient,
  bearer,
  codeIn,
  demo,
  demoIds,
  eformLinkIn,
  errorAnswerProblem,
  json,
  lastMessageTo,
  signIn,
  startHarness,
  type Harness,
  type SignedIn,
} from './harness';

let h: Harness;
let admin: SignedIn;

beforeAll(async () => {
  h = await startHarness();
  admin = await signIn(h, 'admin@clearview.test', demo.clearview);
});
afterAll(() => h.close());

const login = (payload: string, contentType = 'application/json') =>
  h.app.inject({ method: 'POST', url: '/api/patient/login', headers: { 'content-type': contentType }, payload });

describe('each family of error answers carries its code', () => {
  it('a schema refusal (400): request.fieldsInvalid, with the fields', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/api/patient/login', payload: { password: 'x' } });
    expect(res.statusCode).toBe(400);
    const body = json<{ code: string; error: string; fields: Record<string, string> }>(res);
    expect(body).toMatchObject({ code: 'request.fieldsInvalid', error: 'Please correct the highlighted fields.' });
    expect(body.fields.username).toMatch(/\S/);
    expect(body).not.toHaveProperty('params');
  });

  it('a field message of the catalogue carries its code (fieldCodes); one the catalogue lacks has none', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: bearer(admin),
      payload: { locationId: demoIds.downtown, firstName: '', lastName: 'X', dateOfBirth: '2999-01-01', phone: 'abc' },
    });
    expect(res.statusCode).toBe(400);
    const body = json<{ fields: Record<string, string>; fieldCodes: Record<string, string> }>(res);
    expect(body.fields).toMatchObject({ firstName: patientMessages.firstName, dateOfBirth: patientMessages.dateOfBirth, phone: patientMessages.phone });
    expect(body.fieldCodes).toMatchObject({ firstName: 'patient.firstName', dateOfBirth: 'patient.dateOfBirth', phone: 'patient.phone' });
    const login = await h.app.inject({ method: 'POST', url: '/api/patient/login', payload: { password: 'x' } });
    expect(json<object>(login)).not.toHaveProperty('fieldCodes');
  });

  it('wrong credentials (401): auth.invalidCredentials', async () => {
    const res = await login(JSON.stringify({ username: 'admin@clearview.test', password: 'Wrong-Password-1', ...demo.clearview }));
    expect(res.statusCode).toBe(401);
    expect(json(res)).toEqual({ code: 'auth.invalidCredentials', error: 'Invalid Username or Password' });
  });

  it('no session (401) and no access (403): auth.notSignedIn, auth.forbidden', async () => {
    const anonymous = await h.app.inject({ method: 'GET', url: '/api/patient/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(json(anonymous)).toEqual({ code: 'auth.notSignedIn', error: 'Please sign in.' });
    const patient = await signIn(h, 'patient@clearview.test', demo.clearview);
    const refused = await h.app.inject({ method: 'GET', url: '/api/patients', headers: bearer(patient) });
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toEqual({ code: 'auth.forbidden', error: 'You do not have access to this.' });
  });

  it('the auth-code step keeps its answer shape and adds the code', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/patient/authcode',
      payload: { username: 'admin@clearview.test', password: 'Wrong-Password-1', ...demo.clearview },
    });
    expect(res.statusCode).toBe(401);
    expect(json(res)).toEqual({ role: null, isauth: false, codeRequired: false, code: 'auth.invalidCredentials', error: 'Invalid Username or Password' });
  });

  it('no such path (404): request.notFound', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ code: 'request.notFound', error: 'Not found.' });
  });

  it('a refused move (409): appointments.cannotMove with its from and to', async () => {
    const patientId = await addPatient(h, { tenantId: demoIds.clearview, locationId: demoIds.downtown, firstName: 'Code', lastName: 'Tester' });
    const slot = { patientId, providerId: admin.user.id, type: 'eye-exam', startsAt: '2031-05-05T10:00:00.000Z', durationMinutes: 30 };
    const booked = await h.app.inject({ method: 'POST', url: '/api/appointments', headers: bearer(admin), payload: slot });
    expect(booked.statusCode, booked.body).toBe(201);
    const id = json<{ id: string }>(booked).id;
    const move = (to: string) => h.app.inject({ method: 'POST', url: `/api/appointments/${id}/status`, headers: bearer(admin), payload: { to } });
    expect((await move('cancelled')).statusCode).toBe(200);
    const refused = await move('confirmed');
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toEqual({
      code: 'appointments.cannotMove',
      error: 'Cannot move an appointment from cancelled to confirmed',
      params: { from: 'cancelled', to: 'confirmed' },
    });
  });

  it("Fastify's own refusals: too large (413), not JSON (415), malformed or empty JSON (400)", async () => {
    const large = await login(JSON.stringify({ username: 'a'.repeat(300_000), password: 'x' }));
    expect(large.statusCode).toBe(413);
    expect(json(large)).toEqual({ code: 'request.bodyTooLarge', error: errorText('request.bodyTooLarge') });
    const xml = await login('<login/>', 'application/xml');
    expect(xml.statusCode).toBe(415);
    expect(json(xml)).toEqual({ code: 'request.unsupportedMediaType', error: errorText('request.unsupportedMediaType') });
    for (const raw of ['{"username": ', '']) {
      const malformed = await login(raw);
      expect(malformed.statusCode).toBe(400);
      expect(json(malformed)).toEqual({ code: 'request.malformedJson', error: errorText('request.malformedJson') });
    }
  });

  it('an address Fastify cannot route (400): request.addressInvalid', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/stores/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ code: 'request.addressInvalid', error: 'The address is not valid.' });
  });

  it('a wrong code on an eForm link (400): eforms.invalidCode, not the sign-in code', async () => {
    const email = 'error.codes@example.test';
    const patientId = await addPatient(h, { tenantId: demoIds.clearview, locationId: demoIds.downtown, firstName: 'Form', lastName: 'Tester', email });
    const forms = json<{ forms: { id: string; name: string }[] }>(await h.app.inject({ method: 'GET', url: '/api/eforms/forms', headers: bearer(admin) })).forms;
    const intakeId = forms.find((f) => f.name === 'New Patient Intake')!.id;
    const assigned = await h.app.inject({
      method: 'POST',
      url: `/api/eforms/forms/${intakeId}/assign`,
      headers: bearer(admin),
      payload: { patientIds: [patientId], channels: ['email'] },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const link = eformLinkIn(await lastMessageTo(h, email));
    const tenant = json<{ tenant: string }>(await h.app.inject({ method: 'GET', url: `/api/patient/getencryptedtenant?tenantid=${link.tenantid}` })).tenant;
    const sent = await h.app.inject({ method: 'POST', url: '/api/patient/euauthcode', headers: { 'x-tenant-id': tenant }, payload: { uri: link.uri } });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = codeIn(await lastMessageTo(h, email));
    const wrong = await h.app.inject({
      method: 'POST',
      url: '/api/patient/euverify',
      headers: { 'x-tenant-id': tenant },
      payload: { uri: link.uri, vCode: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toEqual({ code: 'eforms.invalidCode', error: eformMessages.invalidCode, fields: { vCode: eformMessages.invalidCode } });
  });
});

describe('too many requests (429)', () => {
  it('request.tooManyRequests once the address used its auth requests of the minute', async () => {
    const limited = await startHarness({ authRequestsPerMinute: 1 });
    try {
      const ms = limited.config.now().getTime();
      limited.advance(60_000 - (ms % 60_000) + 10);
      const send = () =>
        limited.app.inject({ method: 'POST', url: '/api/patient/forgotpassword', payload: { username: 'x@clearview.test', tenant: demoIds.clearview } });
      expect((await send()).statusCode).toBe(200);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(json(refused)).toEqual({ code: 'request.tooManyRequests', error: 'Too many requests. Please wait a minute and try again.' });
    } finally {
      await limited.close();
    }
  });
});

describe('the check of every answer (the harness)', () => {
  const answer = (statusCode: number, body: unknown) =>
    ({ statusCode, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(body) }) as Parameters<typeof errorAnswerProblem>[2];

  it('passes a code with its text and values, and flags a missing or unknown code or a text that is not the code\'s', () => {
    expect(errorAnswerProblem('GET', '/x', answer(409, { code: 'sales.invoiceNotOpen', error: 'This invoice is paid: it takes no more payments.', params: { status: 'paid' } }))).toBeNull();
    expect(errorAnswerProblem('GET', '/x', answer(200, { anything: true }))).toBeNull();
    expect(errorAnswerProblem('GET', '/x', answer(400, { error: 'Please correct the highlighted fields.' }))).toMatch(/without a catalogue code/);
    expect(errorAnswerProblem('GET', '/x', answer(400, { code: 'request.nope', error: 'x' }))).toMatch(/without a catalogue code/);
    expect(errorAnswerProblem('GET', '/x', answer(409, { code: 'sales.invoiceNotOpen', error: 'This invoice is paid: it takes no more payments.' }))).toMatch(/not the text/);
  });
});

describe('the OpenAPI document', () => {
  it('the error shape enumerates exactly the catalogue, with optional params', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const refusal = doc.paths['/api/patient/login'].post.responses['401'].content['application/json'].schema;
    expect([...refusal.properties.code.enum].sort()).toEqual([...errorCodes].sort());
    expect(refusal.properties).toHaveProperty('params');
    const authcode = doc.paths['/api/patient/authcode'].post.responses['401'].content['application/json'].schema;
    expect([...authcode.properties.code.enum].sort()).toEqual([...errorCodes].sort());
  });
});
