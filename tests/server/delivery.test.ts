/**
 * Real delivery: the app configured with SMTP_URL and an SMS provider (SMS_URL, SMS_ACCOUNT_ID, SMS_TOKEN,
 * SMS_FROM) at local servers that receive what the outbox worker sends: a password reset email, an eForm link, a
 * ready-for-pickup SMS in Arabic (UCS-2), a test from the template editor, and the provider's signed delivery
 * reports.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsSegments } from '../../src/contract/messageTemplates';
import { recordDemoIds } from '../../server/db/seed-records';
import { createTransports, smsSignature, smsSignatureHeader } from '../../server/messaging/transports';
import { startMailServer, startSmsServer, type MailServer, type SmsServer } from './messageServers';
import { bearer, codeIn, demoIds, eformLinkIn, json, ownerRows, signIn, startHarness, type Harness, type SignedIn } from './harness';

let h: Harness;
let mail: MailServer;
let sms: SmsServer;
let admin: SignedIn;
const PUBLIC_URL = 'https://portal.example.test';

beforeAll(async () => {
  [mail, sms] = await Promise.all([startMailServer(), startSmsServer()]);
  const settings = {
    smtpUrl: mail.url,
    mailFrom: 'Clearview <no-reply@portal.example.test>',
    publicUrl: PUBLIC_URL,
    port: 0,
    sms: { url: sms.url, accountId: sms.accountId, token: sms.token, from: '+15005550006' },
  };
  h = await startHarness({ ...settings, outbox: { pollMs: 3_600_000, leaseSeconds: 120, maxAttempts: 5 } }, { transports: await createTransports(settings) });
  admin = await signIn(h, 'admin@clearview.test');
});
afterAll(async () => {
  await h?.close();
  await Promise.all([mail?.close(), sms?.close()]);
});

const logOf = (id: string) =>
  ownerRows<{ status: string; provider_id: string | null; delivery_status: string | null; error: string | null; attempts: number; body: string }>(
    h,
    sql`select status, provider_id, delivery_status, error, attempts, body from communication_log where id = ${id}`,
  ).then((rows) => rows[0]!);

describe('email over SMTP', () => {
  it('a password reset code reaches the mail server, and the log records the Message-ID', async () => {
    const before = mail.received.length;
    const res = await h.app.inject({ method: 'POST', url: '/api/patient/forgotpassword', payload: { username: 'patient@clearview.test', tenant: demoIds.clearview } });
    expect(res.statusCode).toBe(200);
    await mail.waitFor(before + 1);
    const got = mail.received.at(-1)!;
    expect(got).toMatchObject({ to: 'patient@clearview.test', subject: 'Your password reset code' });
    expect(got.from).toContain('no-reply@portal.example.test');
    expect(got.text).toContain('Hello Jane Doe');
    const code = codeIn(got.text);
    const [row] = await ownerRows<{ id: string; status: string; provider_id: string }>(
      h,
      sql`select id, status, provider_id from communication_log where recipient = 'patient@clearview.test' and template = 'auth.reset' order by created_at desc limit 1`,
    );
    expect(row).toMatchObject({ status: 'sent', provider_id: got.messageId });
    expect(got.messageId).toBe(`<${row!.id}@portal.example.test>`);
    // The code works: the mail is the real one.
    const submit = await h.app.inject({ method: 'POST', url: '/api/patient/otpsubmit', payload: { username: 'patient@clearview.test', tenant: demoIds.clearview, vcode: code } });
    expect(submit.statusCode).toBe(200);
  });

  it('an eForm link reaches the patient by email and opens the form', async () => {
    const before = mail.received.length;
    const forms = json<{ assignments: { formId: string }[] }>(
      await h.app.inject({ method: 'GET', url: `/api/eforms/assignments?patientId=${demoIds.janeDoe}`, headers: bearer(admin) }),
    ).assignments;
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/eforms/forms/${forms[0]!.formId}/assign`,
      headers: bearer(admin),
      payload: { patientIds: [demoIds.janeDoe], channels: ['email'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    await mail.waitFor(before + 1);
    const got = mail.received.at(-1)!;
    expect(got.to).toBe('patient@clearview.test');
    expect(got.subject).toBe('A form from Downtown');
    const link = eformLinkIn(got.text);
    expect(got.text).toContain(`${PUBLIC_URL}/eforms?tenantid=`);
    // The link opens: its one-time code is asked for and arrives by mail too.
    const tenant = json<{ tenant: string }>(await h.app.inject({ method: 'GET', url: `/api/patient/getencryptedtenant?tenantid=${link.tenantid}` })).tenant;
    const ask = await h.app.inject({ method: 'POST', url: '/api/patient/euauthcode', headers: { 'x-tenant-id': tenant }, payload: { uri: link.uri } });
    expect(ask.statusCode, ask.body).toBe(200);
    await mail.waitFor(before + 2);
    const codeMail = mail.received.at(-1)!;
    expect(codeMail.subject).toBe('Your code for the form from Downtown');
    const verify = await h.app.inject({
      method: 'POST',
      url: '/api/patient/euverify',
      headers: { 'x-tenant-id': tenant },
      payload: { uri: link.uri, vCode: codeIn(codeMail.text) },
    });
    expect(verify.statusCode, verify.body).toBe(200);
  });
});

describe('SMS over the Messages API', () => {
  let sid: string;
  let messageId: string;

  it('ready for pickup reaches an Arabic-speaking patient as an Arabic SMS, counted as UCS-2', async () => {
    await h.db.owner.execute(
      sql`update patients set preferred_language = 'ar', preferred_channel = 'sms', phone = '+90 555 010 2030' where id = ${demoIds.janeDoe}`,
    );
    const before = sms.received.length;
    for (const to of ['received', 'ready-for-pickup']) {
      const res = await h.app.inject({ method: 'POST', url: `/api/lab-orders/${recordDemoIds.janeOrder}/status`, headers: bearer(admin), payload: { to } });
      expect(res.statusCode, res.body).toBe(200);
    }
    await sms.waitFor(before + 1);
    const got = sms.received.at(-1)!;
    expect(got).toMatchObject({ to: '+90 555 010 2030', from: '+15005550006', statusCallback: `${PUBLIC_URL}/api/messaging/sms-status` });
    expect(got.body).toMatch(/^Downtown: Jane Doe، طلبك \d+ جاهز للاستلام\. https?:\/\/\S+\/pr\/[\w-]{22}$/);
    const count = smsSegments(got.body);
    expect(count.encoding).toBe('UCS-2');
    expect(count.units).toBe(got.body.length);
    // With its tracking link it is longer than one UCS-2 part (70), so it goes as 67-unit parts.
    expect(got.body.length).toBeGreaterThan(70);
    expect(count.segments).toBe(Math.ceil(got.body.length / 67));
    const [row] = await ownerRows<{ id: string; status: string; provider_id: string }>(
      h,
      sql`select id, status, provider_id from communication_log where channel = 'sms' and patient_id = ${demoIds.janeDoe} order by created_at desc limit 1`,
    );
    expect(row).toMatchObject({ status: 'sent', provider_id: got.sid });
    expect(got.idempotencyKey).toBe(row!.id);
    sid = got.sid;
    messageId = row!.id;
  });

  const report = (params: Record<string, string>, signature = smsSignature(sms.token, `${PUBLIC_URL}/api/messaging/sms-status`, params)) =>
    h.app.inject({
      method: 'POST',
      url: '/api/messaging/sms-status',
      headers: { 'content-type': 'application/x-www-form-urlencoded', [smsSignatureHeader]: signature },
      payload: new URLSearchParams(params).toString(),
    });

  it("the provider's signed delivery report is recorded; an unsigned or forged one is refused", async () => {
    expect((await report({ MessageSid: sid, MessageStatus: 'delivered' }, 'forged')).statusCode).toBe(403);
    expect((await report({ MessageSid: sid, MessageStatus: 'delivered' }, smsSignature('another-token', `${PUBLIC_URL}/api/messaging/sms-status`, { MessageSid: sid, MessageStatus: 'delivered' }))).statusCode).toBe(403);
    expect((await logOf(messageId)).delivery_status).toBeNull();
    expect((await report({ MessageSid: sid, MessageStatus: 'delivered', AccountSid: sms.accountId })).statusCode).toBe(204);
    expect(await logOf(messageId)).toMatchObject({ status: 'sent', delivery_status: 'delivered' });
  });

  it('an undelivered report marks the message failed with the reason', async () => {
    expect((await report({ MessageSid: sid, MessageStatus: 'undelivered', ErrorMessage: 'Unreachable handset' })).statusCode).toBe(204);
    expect(await logOf(messageId)).toMatchObject({ status: 'failed', delivery_status: 'undelivered', error: 'Unreachable handset' });
  });

  it('a provider outage is retried with backoff and the message is sent once', async () => {
    sms.failNext = 1;
    const before = sms.received.length;
    await h.db.owner.execute(sql`update patients set preferred_language = 'en' where id = ${demoIds.janeDoe}`);
    const res = await h.app.inject({ method: 'POST', url: `/api/lab-orders/${recordDemoIds.janeOrder}/status`, headers: bearer(admin), payload: { to: 'delivered' } });
    expect(res.statusCode).toBe(200);
    // Moving to delivered sends nothing; a reminder queued by hand stands in for the next message.
    await h.db.owner.execute(
      sql`insert into communication_log (tenant_id, channel, recipient, template, body) values (${demoIds.clearview}, 'sms', '+90 555 010 2030', 'appointment.reminder', 'Downtown: reminder of your visit')`,
    );
    await h.app.deps.outbox.deliver([]);
    await h.app.deps.outbox.idle();
    const [row] = await ownerRows<{ id: string }>(h, sql`select id from communication_log where template = 'appointment.reminder' and recipient = '+90 555 010 2030'`);
    expect(await logOf(row!.id)).toMatchObject({ status: 'queued', attempts: 1, error: 'SMS provider answered 503: Service unavailable' });
    expect(sms.received.length).toBe(before);
    h.advance(60_000);
    await h.app.deps.outbox.deliver([]);
    await h.app.deps.outbox.idle();
    expect(await logOf(row!.id)).toMatchObject({ status: 'sent', attempts: 2, error: null });
    expect(sms.received.filter((m) => m.idempotencyKey === row!.id)).toHaveLength(1);
  });
});

describe('the template editor sends a test', () => {
  it('by email to the signed-in admin, the draft merged with the sample patient', async () => {
    const before = mail.received.length;
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/templates/email/order.ready/test',
      headers: bearer(admin),
      payload: { locationId: demoIds.uptown, language: 'en', subject: 'Ready at {{storeName}}', body: 'Hi {{patientFirstName}}, order {{orderNumber}} is ready.' },
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(json(res)).toMatchObject({ recipient: 'a****@clearview.test' });
    await mail.waitFor(before + 1);
    expect(mail.received.at(-1)).toMatchObject({ to: 'admin@clearview.test', subject: 'Ready at Uptown', text: 'Hi Jane, order 5001 is ready.' });
  });

  it('by SMS to the number given; an unknown merge field is refused before anything is sent', async () => {
    const before = sms.received.length;
    const bad = await h.app.inject({
      method: 'POST',
      url: '/api/templates/sms/order.ready/test',
      headers: bearer(admin),
      payload: { locationId: null, language: 'ar', body: '{{storeName}}: {{invoiceNumber}}', to: '+90 555 111 2233' },
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ code: 'request.fieldsInvalid', fields: { body: 'Unknown merge field {{invoiceNumber}}' } });
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/templates/sms/order.ready/test',
      headers: bearer(admin),
      payload: { locationId: null, language: 'ar', body: '{{storeName}}: {{patientFirstName}}، طلبك جاهز', to: '+90 555 111 2233' },
    });
    expect(res.statusCode, res.body).toBe(202);
    await sms.waitFor(before + 1);
    expect(sms.received.at(-1)).toMatchObject({ to: '+90 555 111 2233', body: 'Downtown: Jane، طلبك جاهز' });
  });
});
