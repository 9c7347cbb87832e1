/**
 * The public eForm flow over HTTP, as the patient's browser does it (spec section 4, security.md): a link from the
 * communication log, the encrypted tenant, the code gate (the code read from the log, never from an answer), the
 * form-scoped token, the submission; and every limit of the link and the code.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eformMessages, type EForm, type Section } from '../../src/contract/eforms';
import { eformPageHtml } from '../../server/eforms/page';
import {
  addPatient,
  auditActions,
  bearer,
  codeIn,
  demoIds,
  demo,
  eformLinkIn,
  json,
  lastMessageTo,
  ownerRows,
  signIn,
  startHarness,
  type Harness,
  type SignedIn,
} from './harness';

let h: Harness;
let admin: SignedIn;
let intakeId: string;
let consentId: string;
let n = 0;

interface Link {
  tenantid: string;
  uri: string;
  email: string;
  patientId: string;
  assignmentId: string;
}

/** A fresh patient, sent the form; the link is read from the message the patient got. */
async function sendForm(formId = intakeId, extra: { phone?: string; preferredChannel?: 'email' | 'sms' } = {}): Promise<Link> {
  n += 1;
  const email = `eform.patient${n}@example.test`;
  const patientId = await addPatient(h, { tenantId: demoIds.clearview, locationId: demoIds.downtown, firstName: 'Pat', lastName: `Tester${n}`, email, ...extra });
  const res = await h.app.inject({
    method: 'POST',
    url: `/api/eforms/forms/${formId}/assign`,
    headers: bearer(admin),
    payload: { patientIds: [patientId], channels: ['email'] },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.body).not.toMatch(/uri=/);
  const assignmentId = json<{ assignments: { id: string }[] }>(res).assignments[0]!.id;
  return { ...eformLinkIn(await lastMessageTo(h, email)), email, patientId, assignmentId };
}

async function encrypted(tenantid: string): Promise<string> {
  const res = await h.app.inject({ method: 'GET', url: `/api/patient/getencryptedtenant?tenantid=${tenantid}` });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ tenant: string }>(res).tenant;
}

const headers = (tenant: string, token?: string) => ({ 'x-tenant-id': tenant, ...(token ? { authorization: `Bearer ${token}` } : {}) });
const getcard = (l: { uri: string }, tenant: string, token?: string) =>
  h.app.inject({ method: 'GET', url: `/api/patient/getcard?uri=${l.uri}`, headers: headers(tenant, token) });
const askCode = (l: { uri: string }, tenant: string) =>
  h.app.inject({ method: 'POST', url: '/api/patient/euauthcode', headers: headers(tenant), payload: { uri: l.uri } });
const verify = (l: { uri: string }, tenant: string, vCode: string) =>
  h.app.inject({ method: 'POST', url: '/api/patient/euverify', headers: headers(tenant), payload: { uri: l.uri, vCode } });
const submit = (l: { uri: string }, tenant: string, sectionlists: unknown, token?: string) =>
  h.app.inject({ method: 'POST', url: '/api/patient/submitform', headers: headers(tenant, token), payload: { uri: l.uri, sectionlists } });

/** Asks for a code and reads it from the patient's mailbox (the communication log). */
async function codeFor(l: Link, tenant: string): Promise<string> {
  const res = await askCode(l, tenant);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.body).not.toMatch(/\d{6}/);
  return codeIn(await lastMessageTo(h, l.email));
}

async function open(l: Link): Promise<{ tenant: string; token: string; form: EForm }> {
  const tenant = await encrypted(l.tenantid);
  const code = await codeFor(l, tenant);
  const v = await verify(l, tenant, code);
  expect(v.statusCode, v.body).toBe(200);
  const token = json<{ formToken: string }>(v).formToken;
  const card = await getcard(l, tenant, token);
  expect(card.statusCode, card.body).toBe(200);
  return { tenant, token, form: json<EForm>(card) };
}

/** Answers every question of the intake form the way a patient would. */
function answered(sections: Section[]): Section[] {
  return sections.map((s) => ({
    ...s,
    radiolists: s.radiolists.map((r) => ({ ...r, radioItems: r.radioItems.map((i, k) => ({ ...i, description: k === 0 ? i.id : '' })) })),
    checklists: s.checklists.map((c) => ({ ...c, checkItems: c.checkItems.map((i, k) => ({ ...i, ischecked: k < 2 })) })),
    dropdownlists: s.dropdownlists.map((d) => ({ ...d, description: d.options[1]!.id })),
    textlists: s.textlists.map((t) => ({ ...t, description: 'Nothing special' })),
    datelists: s.datelists.map((d) => ({ ...d, description: '03/15/2024' })),
  }));
}

/** Moves the clock; the staff session (10-minute tokens) is opened again as a person would sign in again. */
async function advance(ms: number): Promise<void> {
  h.advance(ms);
  admin = await signIn(h, 'admin@clearview.test', demo.clearview);
}

const submissionRows = (assignmentId: string) =>
  ownerRows<{ n: number }>(h, sql`select count(*)::int as n from form_submissions where assignment_id = ${assignmentId}`).then((r) => r[0]!.n);

beforeAll(async () => {
  h = await startHarness();
  admin = await signIn(h, 'admin@clearview.test', demo.clearview);
  const list = json<{ forms: { id: string; name: string }[] }>(
    await h.app.inject({ method: 'GET', url: '/api/eforms/forms', headers: bearer(admin) }),
  ).forms;
  intakeId = list.find((f) => f.name === 'New Patient Intake')!.id;
  consentId = list.find((f) => f.name === 'Contact Lens Consent')!.id;
});
afterAll(() => h.close());

describe('the public flow', () => {
  it('assign, open the link, get the code, verify, fill in, submit, and the link then shows it was received', async () => {
    const link = await sendForm();
    expect(link.tenantid).toBe(demoIds.clearview);
    const tenant = await encrypted(link.tenantid);
    expect(tenant).not.toContain(demoIds.clearview);

    // The form is not shown before the code.
    const gated = await getcard(link, tenant);
    expect(gated.statusCode, gated.body).toBe(200);
    const g = json<EForm>(gated);
    expect(g).toMatchObject({ assignId: link.assignmentId, isAuth: true, isSubmitted: 0, isLinkExpired: 0, name: '' });
    expect(g.sectionlists).toBeUndefined();
    expect(gated.body).not.toContain('Reason for your visit');

    const sent = await askCode(link, tenant);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(json(sent)).toEqual({ sent: true, resent: false, destination: 'e***************@example.test'.replace(/\*+/, '*'.repeat(`eform.patient${n}`.length - 1)) });
    const code = codeIn(await lastMessageTo(h, link.email));
    expect(sent.body).not.toContain(code);

    const wrong = await verify(link, tenant, code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toMatchObject({ error: eformMessages.invalidCode });

    const right = await verify(link, tenant, ` ${code} `);
    expect(right.statusCode, right.body).toBe(200);
    const { formToken, expiresIn } = json<{ formToken: string; expiresIn: number }>(right);
    expect(expiresIn).toBe(1800);

    const card = json<EForm>(await getcard(link, tenant, formToken));
    expect(card).toMatchObject({ name: 'New Patient Intake', assignId: link.assignmentId, isAuth: false, isSubmitted: 0 });
    expect(card.sectionlists!.map((s) => s.optionId).sort()).toEqual([1, 2, 3, 4, 5]);

    const done = await submit(link, tenant, answered(card.sectionlists!), formToken);
    expect(done.statusCode, done.body).toBe(200);
    expect(json(done)).toEqual({ submitted: true, alreadySubmitted: false });

    const after = json<EForm>(await getcard(link, tenant, formToken));
    expect(after).toMatchObject({ isSubmitted: 1, isLinkExpired: 0 });
    expect(after.sectionlists).toBeUndefined();

    // Staff read the answers and the status.
    const sub = await h.app.inject({ method: 'GET', url: `/api/eforms/assignments/${link.assignmentId}/submission`, headers: bearer(admin) });
    expect(sub.statusCode, sub.body).toBe(200);
    const answers = json<{ sections: Section[]; patientName: string }>(sub);
    expect(answers.patientName).toBe(`Pat Tester${n}`);
    expect(answers.sections.find((s) => s.optionId === 5)!.datelists[0]!.description).toBe('03/15/2024');
    expect(answers.sections.every((s) => s.validated === 1)).toBe(true);
    const list = json<{ assignments: { id: string; status: string; openedAt: string | null; verifiedAt: string | null }[] }>(
      await h.app.inject({ method: 'GET', url: `/api/eforms/assignments?patientId=${link.patientId}`, headers: bearer(admin) }),
    ).assignments;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: link.assignmentId, status: 'submitted' });
    expect(list[0]!.openedAt && list[0]!.verifiedAt).toBeTruthy();

    const actions = (await auditActions(h, demoIds.clearview)).map((a) => `${a.action}:${a.outcome}`);
    for (const a of ['eform.assign:success', 'eform.open:success', 'eform.code.send:success', 'eform.verify:failure', 'eform.verify:success', 'eform.read:success', 'eform.submit:success', 'eform.submission.read:success']) {
      expect(actions).toContain(a);
    }
    const [row] = await ownerRows<{ patient_id: string }>(h, sql`select patient_id from audit_log where action = 'eform.submit' and target_id = ${link.assignmentId}`);
    expect(row!.patient_id).toBe(link.patientId);
  });

  it('sends the code by SMS to a patient who prefers it', async () => {
    const link = await sendForm(intakeId, { phone: '+1 555 010 4477', preferredChannel: 'sms' });
    const tenant = await encrypted(link.tenantid);
    const res = await askCode(link, tenant);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ destination: '*********77' });
    expect(codeIn(await lastMessageTo(h, '+1 555 010 4477'))).toMatch(/^\d{6}$/);
  });

  it('a form without a code opens at once, and a staff preview is view-only (assignId 0)', async () => {
    const created = await h.app.inject({
      method: 'POST',
      url: '/api/patient/updateform',
      headers: bearer(admin),
      payload: {
        boardId: json<{ boards: { id: string }[] }>(await h.app.inject({ method: 'GET', url: `/api/patient/formstores?locationId=${demoIds.downtown}`, headers: bearer(admin) })).boards[0]!.id,
        name: 'Quick question',
        requiresCode: false,
        status: 'published',
        sections: [{ id: 'q', optionId: 4, title: 'Question', isRequired: true, textlists: [{ id: 't', name: 'How did you hear about us?' }] }],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const formId = json<{ card: { id: string } }>(created).card.id;
    const link = await sendForm(formId);
    const tenant = await encrypted(link.tenantid);
    const form = json<EForm>(await getcard(link, tenant));
    expect(form).toMatchObject({ isAuth: false, name: 'Quick question' });
    expect((await askCode(link, tenant)).statusCode).toBe(400);
    const sections = form.sectionlists!.map((s) => ({ ...s, textlists: s.textlists.map((t) => ({ ...t, description: 'A friend' })) }));
    expect((await submit(link, tenant, sections)).statusCode).toBe(200);

    const preview = await h.app.inject({ method: 'GET', url: `/api/eforms/forms/${intakeId}/preview`, headers: bearer(admin) });
    expect(json(preview)).toMatchObject({ assignId: 0, name: 'New Patient Intake' });
  });
});

describe('the encrypted tenant in the page (GET /eforms, server/eforms/page.ts)', () => {
  const template = '<html>\n  <head>\n    <meta charset="UTF-8" />\n    <title>Patient Portal</title>\n    <script type="module" src="/a.js"></script>\n  </head>\n</html>';
  const pageTenant = (html: string) => html.match(/<meta name="eform-tenant" content="([^"]*)" \/>/)?.[1];
  const page = (query: string) => eformPageHtml(template, h.app.deps.secrets, `/eforms${query}`);

  it('is the one getencryptedtenant answers: getcard opens the link with it', async () => {
    const link = await sendForm();
    const html = page(`?tenantid=${link.tenantid}&uri=${link.uri}`);
    const tenant = pageTenant(html);
    expect(tenant).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(html.indexOf('eform-tenant')).toBeLessThan(html.indexOf('<script'));
    expect(html).not.toContain(link.tenantid);
    const card = await getcard(link, tenant!);
    expect(card.statusCode, card.body).toBe(200);
    expect(json<EForm>(card)).toMatchObject({ assignId: link.assignmentId, isAuth: true, name: '' });
    // A fresh value each time, like getencryptedtenant's.
    expect(pageTenant(page(`?tenantid=${link.tenantid}&uri=${link.uri}`))).not.toBe(tenant);
  });

  it('is there for any syntactically valid tenantid without asking the database; an unknown one finds nothing', async () => {
    const link = await sendForm();
    const unknown = '0b7e7f52-9d8a-4c1e-a0b2-5e6f7a8b9c0d';
    const tenant = pageTenant(page(`?tenantid=${unknown}&uri=${link.uri}`));
    expect(tenant).toBeDefined();
    expect((await h.app.inject({ method: 'GET', url: `/api/patient/getencryptedtenant?tenantid=${unknown}` })).statusCode).toBe(404);
    const card = await getcard(link, tenant!);
    expect(card.statusCode).toBe(404);
    expect(json<{ error: string }>(card).error).toBe(eformMessages.formNotFound);
  });

  it('is absent without a valid tenantid: the page is the file as built', () => {
    for (const query of ['', '?uri=abc', '?tenantid=abc&uri=abc', `?tenantid=${demoIds.clearview}x`, '?tenantid=%22%3E%3Cscript%3E']) {
      expect(page(query)).toBe(template);
    }
  });
});

describe('the limits of the code', () => {
  it('a code works once', async () => {
    const link = await sendForm();
    const tenant = await encrypted(link.tenantid);
    const code = await codeFor(link, tenant);
    expect((await verify(link, tenant, code)).statusCode).toBe(200);
    const again = await verify(link, tenant, code);
    expect(again.statusCode).toBe(400);
    expect(json(again)).toMatchObject({ error: eformMessages.invalidCode });
  });

  it('a resend replaces the code: the old one is refused, the new one works', async () => {
    const link = await sendForm();
    const tenant = await encrypted(link.tenantid);
    const first = await codeFor(link, tenant);
    const res = await askCode(link, tenant);
    expect(json(res)).toMatchObject({ sent: true, resent: true });
    const second = codeIn(await lastMessageTo(h, link.email));
    if (first !== second) expect((await verify(link, tenant, first)).statusCode).toBe(400);
    expect((await verify(link, tenant, second)).statusCode).toBe(200);
  });

  it('after 5 wrong tries even the right code is refused, with the same answer', async () => {
    const link = await sendForm();
    const tenant = await encrypted(link.tenantid);
    const code = await codeFor(link, tenant);
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i += 1) expect((await verify(link, tenant, wrong)).statusCode).toBe(400);
    const right = await verify(link, tenant, code);
    expect(right.statusCode).toBe(400);
    expect(json(right)).toEqual({ error: eformMessages.invalidCode, code: 'eforms.invalidCode', fields: { vCode: eformMessages.invalidCode } });
  });

  it('an expired code (10 minutes) is refused like a wrong one', async () => {
    const link = await sendForm();
    const tenant = await encrypted(link.tenantid);
    const code = await codeFor(link, tenant);
    await advance(10 * 60 * 1000 + 1000);
    const res = await verify(link, tenant, code);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ error: eformMessages.invalidCode });
  });

  it('at most 5 sends an hour per link', async () => {
    const link = await sendForm();
    const tenant = await encrypted(link.tenantid);
    for (let i = 0; i < 5; i += 1) expect((await askCode(link, tenant)).statusCode).toBe(200);
    const sixth = await askCode(link, tenant);
    expect(sixth.statusCode).toBe(429);
    expect(json(sixth)).toEqual({ error: eformMessages.tooManyCodes, code: 'eforms.tooManyCodes' });
    const [{ n: messages } = { n: 0 }] = await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from communication_log where recipient = ${link.email} and template = 'eform.code'`);
    expect(messages).toBe(5);
    await advance(60 * 60 * 1000 + 1000);
    expect((await askCode(link, tenant)).statusCode).toBe(200);
  });

  it('10 failures in a day lock the link, even for the right code and a new code', async () => {
    const link = await sendForm();
    const tenant = await encrypted(link.tenantid);
    for (let round = 0; round < 2; round += 1) {
      const code = await codeFor(link, tenant);
      const wrong = code === '123123' ? '321321' : '123123';
      for (let i = 0; i < 5; i += 1) expect((await verify(link, tenant, wrong)).statusCode).toBe(400);
    }
    const code = codeIn(await lastMessageTo(h, link.email));
    const locked = await verify(link, tenant, code);
    expect(locked.statusCode).toBe(429);
    expect(json(locked)).toEqual({ error: eformMessages.codeLocked, code: 'eforms.codeLocked' });
    const ask = await askCode(link, tenant);
    expect(ask.statusCode).toBe(429);
    expect(json(ask)).toEqual({ error: eformMessages.codeLocked, code: 'eforms.codeLocked' });
    // The lock holds across a restart: it is rows in the database.
    await h.restart();
    expect((await askCode(link, tenant)).statusCode).toBe(429);
  });
});

describe('the limits of the link', () => {
  it('an expired link shows the expired screen and takes no code or answers', async () => {
    const link = await sendForm();
    const { tenant, token, form } = await open(link);
    await ownerRows(h, sql`update form_assignments set expires_at = now() - interval '1 minute' where id = ${link.assignmentId}`);
    const card = json<EForm>(await getcard(link, tenant, token));
    expect(card).toMatchObject({ isLinkExpired: 1, isSubmitted: 0 });
    expect(card.sectionlists).toBeUndefined();
    expect((await askCode(link, tenant)).statusCode).toBe(410);
    const res = await submit(link, tenant, answered(form.sectionlists!), token);
    expect(res.statusCode).toBe(410);
    expect(json(res)).toEqual({ error: eformMessages.expiredBody, code: 'eforms.expired' });
    expect(await submissionRows(link.assignmentId)).toBe(0);
  });

  it('a revoked link is dead at once, form token included', async () => {
    const link = await sendForm();
    const { tenant, token, form } = await open(link);
    const revoke = await h.app.inject({ method: 'POST', url: `/api/eforms/assignments/${link.assignmentId}/revoke`, headers: bearer(admin) });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(json(revoke)).toMatchObject({ status: 'revoked' });
    expect(json<EForm>(await getcard(link, tenant, token))).toMatchObject({ isLinkExpired: 1 });
    expect((await submit(link, tenant, answered(form.sectionlists!), token)).statusCode).toBe(410);
  });

  it('a resent link replaces the old one: the old link and its form token stop working', async () => {
    const link = await sendForm();
    const { tenant, token } = await open(link);
    const res = await h.app.inject({ method: 'POST', url: `/api/eforms/assignments/${link.assignmentId}/resend`, headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = { ...link, ...eformLinkIn(await lastMessageTo(h, link.email)) };
    expect(fresh.uri).not.toBe(link.uri);
    expect((await getcard(link, tenant, token)).statusCode).toBe(404);
    expect(json<EForm>(await getcard(fresh, tenant, token))).toMatchObject({ isAuth: true });
    const again = await open(fresh);
    expect(again.form.sectionlists!.length).toBe(5);
  });

  it('a form token lasts 30 minutes; after that the code is asked again', async () => {
    const link = await sendForm();
    const { tenant, token, form } = await open(link);
    await advance(30 * 60 * 1000 + 1000);
    expect(json<EForm>(await getcard(link, tenant, token))).toMatchObject({ isAuth: true });
    expect((await submit(link, tenant, answered(form.sectionlists!), token)).statusCode).toBe(401);
    expect(await submissionRows(link.assignmentId)).toBe(0);
  });

  it("a form token opens its own assignment only, never another's, and is no session token", async () => {
    const a = await sendForm();
    const b = await sendForm(consentId);
    const { tenant, token } = await open(a);
    const other = json<EForm>(await getcard(b, tenant, token));
    expect(other).toMatchObject({ isAuth: true });
    expect(other.sectionlists).toBeUndefined();
    const res = await submit(b, tenant, [], token);
    expect(res.statusCode).toBe(401);
    expect(await submissionRows(b.assignmentId)).toBe(0);
    // As a session token it is nothing; a staff session token is nothing to the public calls.
    expect((await h.app.inject({ method: 'GET', url: '/api/eforms/forms', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
    expect(json<EForm>(await getcard(b, tenant, admin.token))).toMatchObject({ isAuth: true });
  });

  it("another company's encrypted tenant with Clearview's link finds nothing; forged headers are refused", async () => {
    const link = await sendForm();
    const bright = await encrypted(demoIds.brightsight);
    for (const res of [await getcard(link, bright), await askCode(link, bright), await verify(link, bright, '123456'), await submit(link, bright, [])]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(json(res)).toEqual({ error: eformMessages.formNotFound, code: 'eforms.formNotFound' });
    }
    const tenant = await encrypted(link.tenantid);
    const flipped = `${tenant.slice(0, 20)}${tenant[20] === 'A' ? 'B' : 'A'}${tenant.slice(21)}`;
    for (const header of [demoIds.clearview, 'garbage', flipped, 'x'.repeat(300), `${tenant},${tenant}`]) {
      const res = await getcard(link, header);
      expect(res.statusCode, `${header}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const none = await h.app.inject({ method: 'GET', url: `/api/patient/getcard?uri=${link.uri}` });
    expect(none.statusCode).toBe(400);
    expect(json(none)).toEqual({ error: eformMessages.tenantMissing, code: 'eforms.tenantMissing' });
    for (const id of ['7d444840-9dc0-41e4-9f0e-2c8f5a1e6b11', demoIds.platform]) {
      expect((await h.app.inject({ method: 'GET', url: `/api/patient/getencryptedtenant?tenantid=${id}` })).statusCode).toBe(404);
    }
    expect((await h.app.inject({ method: 'GET', url: '/api/patient/getencryptedtenant?tenantid=nope' })).statusCode).toBe(400);
    const unknownLink = await getcard({ uri: 'A'.repeat(43) }, tenant);
    expect(unknownLink.statusCode).toBe(404);
  });
});

describe('submitting', () => {
  it('two submits at once store one submission; the second learns it was already received', async () => {
    const link = await sendForm();
    const { tenant, token, form } = await open(link);
    const sections = answered(form.sectionlists!);
    const [r1, r2] = await Promise.all([submit(link, tenant, sections, token), submit(link, tenant, sections, token)]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    expect([json(r1).alreadySubmitted, json(r2).alreadySubmitted].sort()).toEqual([false, true]);
    expect(await submissionRows(link.assignmentId)).toBe(1);
    const third = await submit(link, tenant, sections, token);
    expect(json(third)).toEqual({ submitted: true, alreadySubmitted: true });
    expect(await submissionRows(link.assignmentId)).toBe(1);
  });

  it('refuses bad answers with field messages and writes nothing', async () => {
    const link = await sendForm();
    const { tenant, token, form } = await open(link);
    const good = answered(form.sectionlists!);
    const idx = (optionId: number) => good.findIndex((s) => s.optionId === optionId);
    const replace = (i: number, s: Section) => good.map((x, k) => (k === i ? s : x));
    const radio = good[idx(1)]!;
    const cases: [string, unknown, string][] = [
      ['a required radio left empty', replace(idx(1), { ...radio, radiolists: radio.radiolists.map((r) => ({ ...r, radioItems: r.radioItems.map((i) => ({ ...i, description: '' })) })) }), `sectionlists.${idx(1)}`],
      ['a text of 251 characters', replace(idx(4), { ...good[idx(4)]!, textlists: good[idx(4)]!.textlists.map((t) => ({ ...t, description: 'x'.repeat(251) })) }), `sectionlists.${idx(4)}.textlists.0.description`],
      ['a date that does not exist', replace(idx(5), { ...good[idx(5)]!, datelists: [{ ...good[idx(5)]!.datelists[0]!, description: '02/30/2024' }] }), `sectionlists.${idx(5)}.datelists.0.description`],
      ['a radio choice that is not an option', replace(idx(1), { ...radio, radiolists: radio.radiolists.map((r) => ({ ...r, radioItems: [{ ...r.radioItems[0]!, description: 'made-up' }] })) }), `sectionlists.${idx(1)}.radiolists`],
      ['a dropdown choice that is not an option', replace(idx(3), { ...good[idx(3)]!, dropdownlists: good[idx(3)]!.dropdownlists.map((d) => ({ ...d, description: 'made-up' })) }), `sectionlists.${idx(3)}.dropdownlists.0`],
      ['a section that is not in the form', [...good, { ...good[idx(4)]!, id: 'extra' }], `sectionlists.${good.length}.id`],
      ['the required sections missing', good.filter((s) => !s.isRequired), 'sectionlists.0'],
    ];
    for (const [name, sections, field] of cases) {
      const res = await submit(link, tenant, sections, token);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      const body = json<{ fields: Record<string, string> }>(res);
      expect(Object.keys(body.fields), `${name}: ${res.body}`).toContain(field);
    }
    expect(await submissionRows(link.assignmentId)).toBe(0);
    const [row] = await ownerRows<{ submitted_at: string | null }>(h, sql`select submitted_at from form_assignments where id = ${link.assignmentId}`);
    expect(row!.submitted_at).toBeNull();
    expect(json(await submit(link, tenant, good, token))).toEqual({ submitted: true, alreadySubmitted: false });
  });
});
