/**
 * The inbox and the order tracking links over HTTP against the real app and database: a patient
 * reaches only their own conversations, staff only their stores', the other company nothing; hostile input is a
 * 400; the patient's notice carries no content; tracking keys are stored hashed, show the first name only and
 * expire 7 days after delivery (and at once for a suspended company).
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { inboxDemoIds } from '../../server/db/seed-inbox';
import { admin, call, h, ok, orderBody, orderFixture, otherAdmin, patientUser as jane, staff, startClinical } from './clinical-fixtures';
import { addPatient, demoIds, json, ownerRows, signIn, type SignedIn } from './harness';

startClinical();

type Detail = { id: string; status: string; patientId: string; locationId: string; assignedTo: { id: string; name: string } | null; unread: number; messages: { text: string; author: string; mine: boolean; readAt: string | null }[] };
type List = { conversations: { id: string; patientId: string; unread: number; preview: string }[] };

const unread = async (who: SignedIn) => json<{ unread: number }>(await call(who, 'GET', '/api/inbox/unread/count')).unread;
const inboxMessagesTo = (patientId: string) =>
  ownerRows<{ template: string; body: string; subject: string; channel: string }>(h, sql`select template, body, subject, channel from communication_log where patient_id = ${patientId} and template = 'inbox.notify' order by created_at`);

describe('the inbox', () => {
  let john: SignedIn;
  beforeAll(async () => {
    john = await signIn(h, 'patient@brightsight.test', { tenentID: demoIds.brightsight, locationid: demoIds.main });
  });

  it('a patient lists and opens only their own conversations; opening marks the store replies read', async () => {
    const list = await ok<List>(call(jane, 'GET', '/api/inbox?status=all'), 200);
    expect(list.conversations.map((c) => c.id).sort()).toEqual([inboxDemoIds.janeDone, inboxDemoIds.janeOpen].sort());
    expect(list.conversations.every((c) => c.patientId === demoIds.janeDoe)).toBe(true);
    expect(await unread(jane)).toBe(1);
    const open = await ok<Detail>(call(jane, 'GET', `/api/inbox/${inboxDemoIds.janeOpen}`), 200);
    expect(open.messages.map((m) => m.author)).toEqual(['patient', 'staff']);
    expect(open.messages[0]!.mine).toBe(true);
    expect(await unread(jane)).toBe(0);
    // Another company's conversation and an unknown id are the same 404.
    for (const id of [inboxDemoIds.johnOpen, '00000000-0000-4000-8000-000000000099']) {
      expect((await call(jane, 'GET', `/api/inbox/${id}`)).statusCode).toBe(404);
      expect((await call(jane, 'POST', `/api/inbox/${id}/messages`, { text: 'hi' })).statusCode).toBe(404);
    }
    const [denied] = await ownerRows<{ outcome: string; action: string }>(h, sql`select outcome, action from audit_log where action = 'inbox.write' and actor_user_id = ${jane.user.id} order by id desc limit 1`);
    expect(denied).toEqual({ outcome: 'denied', action: 'inbox.write' });
  });

  it('Jane writes, staff of her store see it, take it, reply; she is told by her channel without the content, and reads it', async () => {
    const text = 'Could you check whether my contact lenses order has arrived? Secret detail 7731.';
    const started = await ok<Detail>(call(jane, 'POST', '/api/inbox', { text }));
    expect(started).toMatchObject({ patientId: demoIds.janeDoe, locationId: demoIds.downtown, status: 'open', assignedTo: null });
    expect(await unread(staff)).toBeGreaterThanOrEqual(1);
    const staffList = await ok<List>(call(staff, 'GET', '/api/inbox'), 200);
    expect(staffList.conversations.find((c) => c.id === started.id)).toMatchObject({ unread: 1, preview: text });
    // Nothing of another company reaches staff.
    expect(staffList.conversations.map((c) => c.id)).not.toContain(inboxDemoIds.johnOpen);
    const taken = await ok<Detail>(call(staff, 'PATCH', `/api/inbox/${started.id}`, { assignedToMe: true }), 200);
    expect(taken.assignedTo).toEqual({ id: staff.user.id, name: 'Sam Staff' });
    const before = (await inboxMessagesTo(demoIds.janeDoe)).length;
    const reply = 'Yes Jane, it arrived this morning: secret shelf B4.';
    const replied = await ok<Detail>(call(staff, 'POST', `/api/inbox/${started.id}/messages`, { text: reply }), 200);
    expect(replied.messages.map((m) => m.author)).toEqual(['patient', 'staff']);
    expect(replied.messages[0]!.readAt).not.toBeNull();
    // A second reply before she read the first sends no second notice.
    await ok(call(staff, 'POST', `/api/inbox/${started.id}/messages`, { text: 'We are open until 6 pm.' }), 200);
    const notices = await inboxMessagesTo(demoIds.janeDoe);
    expect(notices.length).toBe(before + 1);
    const notice = notices.at(-1)!;
    expect(notice.channel).toBe('email');
    expect(notice.body).toContain('/apps/mail');
    for (const secret of ['secret', 'B4', '6 pm', '7731']) {
      expect(notice.body).not.toContain(secret);
      expect(notice.subject).not.toContain(secret);
    }
    expect(await unread(jane)).toBe(2);
    const read = await ok<Detail>(call(jane, 'GET', `/api/inbox/${started.id}`), 200);
    expect(read.messages.map((m) => m.text)).toEqual([text, reply, 'We are open until 6 pm.']);
    expect(await unread(jane)).toBe(0);
    const done = await ok<Detail>(call(staff, 'PATCH', `/api/inbox/${started.id}`, { status: 'done' }), 200);
    expect(done.status).toBe('done');
    expect((await ok<List>(call(staff, 'GET', '/api/inbox'), 200)).conversations.map((c) => c.id)).not.toContain(started.id);
    // Her answer opens it again.
    expect((await ok<Detail>(call(jane, 'POST', `/api/inbox/${started.id}/messages`, { text: 'Thanks!' }), 200)).status).toBe('open');
    const audits = await ownerRows<{ action: string; patient_id: string }>(h, sql`select action, patient_id from audit_log where target_id = ${started.id} and outcome = 'success' order by id`);
    expect(audits.map((a) => a.action)).toEqual(['inbox.start', 'inbox.change', 'inbox.write', 'inbox.write', 'inbox.read', 'inbox.change', 'inbox.write']);
    expect(audits.every((a) => a.patient_id === demoIds.janeDoe)).toBe(true);
  });

  it('staff reach only the conversations of their stores; the other company none', async () => {
    const uptownPatient = await addPatient(h, { tenantId: demoIds.clearview, locationId: demoIds.uptown, firstName: 'Una', lastName: 'Uptown', email: 'una@example.test' });
    const c = await ok<Detail>(call(admin, 'POST', '/api/inbox', { patientId: uptownPatient, text: 'Your frames are in.' }));
    expect(c.locationId).toBe(demoIds.uptown);
    // Sam works at Downtown only.
    expect((await ok<List>(call(staff, 'GET', '/api/inbox?status=all'), 200)).conversations.map((x) => x.id)).not.toContain(c.id);
    for (const [method, url, body] of [
      ['GET', `/api/inbox/${c.id}`, undefined],
      ['POST', `/api/inbox/${c.id}/messages`, { text: 'hi' }],
      ['PATCH', `/api/inbox/${c.id}`, { assignedToMe: true }],
    ] as const) {
      expect((await call(staff, method, url, body)).statusCode).toBe(404);
      expect((await call(otherAdmin, method, url, body)).statusCode).toBe(404);
    }
    expect((await call(staff, 'POST', '/api/inbox', { patientId: uptownPatient, text: 'hi' })).statusCode).toBe(404);
    expect((await call(otherAdmin, 'POST', '/api/inbox', { patientId: demoIds.janeDoe, text: 'hi' })).statusCode).toBe(404);
    const other = await ok<List>(call(otherAdmin, 'GET', '/api/inbox?status=all'), 200);
    expect(other.conversations.map((x) => x.id)).toEqual([inboxDemoIds.johnOpen]);
    // John sees his own only.
    expect((await ok<List>(call(john, 'GET', '/api/inbox?status=all'), 200)).conversations.map((x) => x.id)).toEqual([inboxDemoIds.johnOpen]);
  });

  it('refuses hostile input with a specific 400 and writes nothing', async () => {
    const count = async () => Number((await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from inbox_messages`))[0]!.n);
    const before = await count();
    const cases: [SignedIn, 'POST' | 'PATCH' | 'GET', string, unknown, string][] = [
      [jane, 'POST', '/api/inbox', { text: '' }, 'text'],
      [jane, 'POST', '/api/inbox', { text: '   ' }, 'text'],
      [jane, 'POST', '/api/inbox', { text: 'x'.repeat(5001) }, 'text'],
      [jane, 'POST', '/api/inbox', { text: 'nul \u0000 here' }, 'text'],
      [jane, 'POST', '/api/inbox', { text: 42 }, 'text'],
      [jane, 'POST', '/api/inbox', { text: 'hi', extra: true }, ''],
      [jane, 'POST', '/api/inbox', { text: 'hi', patientId: demoIds.janeDoe }, 'patientId'],
      [staff, 'POST', '/api/inbox', { text: 'hi' }, 'patientId'],
      [staff, 'POST', '/api/inbox', { text: 'hi', patientId: 'not-a-uuid' }, 'patientId'],
      [jane, 'POST', `/api/inbox/${inboxDemoIds.janeOpen}/messages`, { text: '\ud800' }, 'text'],
      [jane, 'POST', '/api/inbox/not-a-uuid/messages', { text: 'hi' }, 'conversationId'],
      [staff, 'PATCH', `/api/inbox/${inboxDemoIds.janeOpen}`, {}, ''],
      [staff, 'PATCH', `/api/inbox/${inboxDemoIds.janeOpen}`, { status: 'closed' }, 'status'],
      [staff, 'GET', '/api/inbox?status=nope', undefined, 'status'],
    ];
    for (const [who, method, url, body, field] of cases) {
      const res = await call(who, method, url, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
      const answer = json<{ code: string; fields?: Record<string, string> }>(res);
      if (field) expect(Object.keys(answer.fields ?? {}), res.body).toContain(field);
    }
    expect(await count()).toBe(before);
    // 5000 characters with line breaks are a message.
    await ok(call(jane, 'POST', '/api/inbox', { text: `line one\nline two\t${'y'.repeat(4982)}` }));
    // Patients cannot assign or close; kiosks and the other roles have no inbox.
    expect((await call(jane, 'PATCH', `/api/inbox/${inboxDemoIds.janeOpen}`, { status: 'done' })).statusCode).toBe(403);
  });
});

describe('order messages and tracking links', () => {
  const keyIn = (body: string) => body.match(/\/pr\/([A-Za-z0-9_-]{22})\b/)?.[1];

  async function lastOrderMessage(patientId: string) {
    const [m] = await ownerRows<{ template: string; body: string }>(h, sql`select template, body from communication_log where patient_id = ${patientId} order by created_at desc limit 1`);
    return m!;
  }

  it('in production and ready for pickup each queue the message with a fresh link, stored only hashed; the guest sees the timeline and first name only', async () => {
    const f = await orderFixture(admin, { firstName: 'Tessa', lastName: 'Trackable', preferredChannel: 'sms', phone: '+1 555 0177' });
    // Downtown's opening hours, as its admin set them, show on the tracking page.
    const general = await ok<{ stores: { id: string; name: string; address: string; phone: string; timeZone: string; taxNumber: string }[] }>(call(admin, 'GET', '/api/settings/general'), 200);
    const downtown = general.stores.find((st) => st.id === demoIds.downtown)!;
    const hours = { mon: { opens: '09:00', closes: '18:00' }, tue: { opens: '09:00', closes: '18:00' }, wed: null, thu: { opens: '09:00', closes: '20:00' }, fri: { opens: '09:00', closes: '18:00' }, sat: { opens: '10:00', closes: '14:00' }, sun: null };
    const { name, address, phone, timeZone, taxNumber } = downtown;
    await ok(call(admin, 'PUT', `/api/settings/general/stores/${demoIds.downtown}`, { group: 'store', name, address, phone, timeZone, taxNumber, hours }), 200);
    const order = await ok<{ id: string; number: number }>(call(admin, 'POST', '/api/lab-orders', { ...orderBody(f), expectedOn: '2026-12-05' }));
    await ok(call(staff, 'POST', `/api/lab-orders/${order.id}/status`, { to: 'sent-to-lab' }), 200);
    await ok(call(staff, 'POST', `/api/lab-orders/${order.id}/status`, { to: 'in-production' }), 200);
    const inProcess = await lastOrderMessage(f.patient.id);
    expect(inProcess.template).toBe('order.inProcess');
    expect(inProcess.body).toContain('12/05/2026');
    const key1 = keyIn(inProcess.body)!;
    expect(key1).toBeDefined();
    await ok(call(staff, 'POST', `/api/lab-orders/${order.id}/status`, { to: 'received' }), 200);
    await ok(call(staff, 'POST', `/api/lab-orders/${order.id}/status`, { to: 'ready-for-pickup' }), 200);
    const ready = await lastOrderMessage(f.patient.id);
    expect(ready.template).toBe('order.ready');
    const key2 = keyIn(ready.body)!;
    expect(key2).toBeDefined();
    expect(key2).not.toBe(key1);
    // 128 bits, stored as a 256-bit keyed hash only.
    expect(Buffer.from(key2, 'base64url').length).toBe(16);
    const stored = await ownerRows<{ key_hash: string }>(h, sql`select key_hash from order_tracking_links where lab_order_id = ${order.id}`);
    expect(stored).toHaveLength(2);
    for (const s of stored) {
      expect(s.key_hash).toMatch(/^[0-9a-f]{64}$/);
      expect([key1, key2]).not.toContain(s.key_hash);
      expect(s.key_hash).not.toContain(key1);
    }
    const res = await h.app.inject({ method: 'GET', url: `/api/public/tracking/${key2}` });
    expect(res.statusCode, res.body).toBe(200);
    const view = json<Record<string, unknown>>(res);
    expect(view).toMatchObject({
      firstName: 'Tessa',
      orderNumber: order.number,
      status: 'ready-for-pickup',
      expectedOn: '2026-12-05',
      store: { name: 'Downtown', hours },
    });
    expect((view.events as { status: string }[]).map((e) => e.status)).toEqual(['draft', 'sent-to-lab', 'in-production', 'received', 'ready-for-pickup']);
    // Nothing else of the patient: no last name, contact, notes or staff names.
    for (const secret of ['Trackable', '0177', 'Sam Staff', 'Alex Admin', f.patient.id, 'Central Lab']) expect(res.body).not.toContain(secret);
    // The older link shows the same order.
    expect((await h.app.inject({ method: 'GET', url: `/api/public/tracking/${key1}` })).statusCode).toBe(200);
  });

  it('a link expires 7 days after delivery; a suspended company answers expired; unknown and malformed keys are refused', async () => {
    const f = await orderFixture(admin, { firstName: 'Ezra' });
    const order = await ok<{ id: string }>(call(admin, 'POST', '/api/lab-orders', orderBody(f)));
    for (const to of ['sent-to-lab', 'in-production', 'received', 'ready-for-pickup']) await ok(call(staff, 'POST', `/api/lab-orders/${order.id}/status`, { to }), 200);
    const key = keyIn((await lastOrderMessage(f.patient.id)).body)!;
    const get = () => h.app.inject({ method: 'GET', url: `/api/public/tracking/${key}` });
    await ok(call(staff, 'POST', `/api/lab-orders/${order.id}/status`, { to: 'delivered' }), 200);
    expect((await get()).statusCode).toBe(200);
    h.advance(6 * 86_400_000);
    expect((await get()).statusCode).toBe(200);
    h.advance(86_400_000 + 60_000);
    const expired = await get();
    expect(expired.statusCode).toBe(410);
    expect(json(expired)).toMatchObject({ code: 'tracking.expired' });
    h.advance(-(7 * 86_400_000 + 60_000));

    // A suspended company's links answer as expired.
    await h.db.owner.execute(sql`update companies set suspended_at = now() where tenant_id = ${demoIds.clearview}`);
    try {
      expect((await h.app.inject({ method: 'GET', url: `/api/public/tracking/${key}` })).statusCode).toBe(410);
    } finally {
      await h.db.owner.execute(sql`update companies set suspended_at = null where tenant_id = ${demoIds.clearview}`);
    }
    expect((await h.app.inject({ method: 'GET', url: '/api/public/tracking/AAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(404);
    for (const bad of ['short', `${key}x`, 'a'.repeat(60), '%00%00', 'AAAAAAAAAAAAAAAAAAAA%2F']) {
      const res = await h.app.inject({ method: 'GET', url: `/api/public/tracking/${bad}` });
      expect(res.statusCode, bad).toBe(400);
    }
  });
});
