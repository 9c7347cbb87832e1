/**
 * The template editor's API as admins use it: texts per company and store and language, the merge fields a key
 * allows (an unknown one refused with its name), hostile text, the sample preview, removal, audit, and no company
 * reaching another's texts or stores.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateKeys } from '../../src/contract/messageTemplates';
import { withTenant } from '../../server/db/client';
import { resolveTemplate } from '../../server/messaging/messaging';
import { auditActions, bearer, demo, demoIds, json, ownerRows, signIn, startHarness, type Harness, type SignedIn } from './harness';

let h: Harness;
let admin: SignedIn;
let otherAdmin: SignedIn;

beforeAll(async () => {
  h = await startHarness();
  admin = await signIn(h, 'admin@clearview.test');
  otherAdmin = await signIn(h, 'admin@brightsight.test', demo.brightsight);
});
afterAll(() => h.close());

const save = (who: SignedIn, url: string, payload: unknown) => h.app.inject({ method: 'PUT', url: `/api/templates/${url}`, headers: bearer(who), payload: payload as object });
const stored = () => ownerRows<{ n: number }>(h, sql`select count(*)::int as n from message_templates`).then((r) => r[0]!.n);

describe('listing and reading', () => {
  it('lists every message the product sends on each channel', async () => {
    for (const channel of ['email', 'sms']) {
      const res = await h.app.inject({ method: 'GET', url: `/api/templates/${channel}`, headers: bearer(admin) });
      expect(json<{ templates: { key: string }[] }>(res).templates.map((t) => t.key)).toEqual([...templateKeys]);
    }
  });

  it("reads a key's fields, its built-in texts in en, tr and ar, and the company's stores", async () => {
    const res = json<{ fields: string[]; builtIn: Record<string, { body: string }>; stores: { name: string }[] }>(
      await h.app.inject({ method: 'GET', url: '/api/templates/sms/order.ready', headers: bearer(admin) }),
    );
    expect(res.fields).toContain('orderNumber');
    expect(Object.keys(res.builtIn).sort()).toEqual(['ar', 'en', 'tr']);
    expect(res.builtIn.ar!.body).toContain('جاهز للاستلام');
    expect(res.stores.map((s) => s.name)).toEqual(['Downtown', 'Uptown']);
  });
});

describe('saving', () => {
  it('refuses an unknown merge field with its name, and writes nothing', async () => {
    const before = await stored();
    const res = await save(admin, 'sms/order.ready', { locationId: null, language: 'en', body: '{{storeName}}: {{dueDate}} is {{ nonsense }}' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 'request.fieldsInvalid', fields: { body: 'Unknown merge field {{dueDate}}' } });
    const subject = await save(admin, 'email/order.ready', { locationId: null, language: 'en', subject: 'For {{patient.firstName}}', body: 'Hi' });
    expect(json(subject)).toMatchObject({ fields: { subject: 'Unknown merge field {{patient.firstName}}' } });
    expect(await stored()).toBe(before);
  });

  it('refuses an email without a subject, an empty or overlong text, a bad language or key', async () => {
    expect(json(await save(admin, 'email/order.ready', { locationId: null, language: 'en', subject: ' ', body: 'Hi' }))).toMatchObject({ fields: { subject: expect.any(String) } });
    expect((await save(admin, 'sms/order.ready', { locationId: null, language: 'en', body: '' })).statusCode).toBe(400);
    expect((await save(admin, 'sms/order.ready', { locationId: null, language: 'en', body: 'x'.repeat(5001) })).statusCode).toBe(400);
    expect(json(await save(admin, 'sms/order.ready', { locationId: null, language: 'de', body: 'Hi' }))).toMatchObject({ fields: { language: 'Language must be en, tr or ar' } });
    expect((await save(admin, 'sms/order.nope', { locationId: null, language: 'en', body: 'Hi' })).statusCode).toBe(400);
    expect((await save(admin, 'fax/order.ready', { locationId: null, language: 'en', body: 'Hi' })).statusCode).toBe(400);
  });

  it('hostile text: a lone surrogate or a NUL byte is refused (400), markup is kept as plain text', async () => {
    const before = await stored();
    expect((await save(admin, 'sms/order.ready', { locationId: null, language: 'en', body: 'x\ud800y {{storeName}}' })).statusCode).toBe(400);
    const nul = await save(admin, 'sms/order.ready', { locationId: null, language: 'en', body: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(await stored()).toBe(before);
    const markup = '<script>alert(1)</script> {{storeName}} \'; drop table message_templates; --';
    expect((await save(admin, 'sms/order.inProcess', { locationId: null, language: 'en', body: markup })).statusCode).toBe(200);
    const preview = json<{ body: string }>(
      await h.app.inject({ method: 'POST', url: '/api/templates/sms/order.inProcess/preview', headers: bearer(admin), payload: { locationId: demoIds.downtown, language: 'en', body: markup } }),
    );
    expect(preview.body).toBe("<script>alert(1)</script> Downtown '; drop table message_templates; --");
  });

  it("saves Uptown's own Turkish text; a Turkish patient of Uptown gets it, Downtown keeps the built-in one", async () => {
    const res = await save(admin, 'sms/order.ready', { locationId: demoIds.uptown, language: 'tr', body: 'Uptown: {{patientFirstName}}, siparişiniz {{orderNumber}} hazır.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ texts: { locationId: string; language: string }[] }>(res).texts).toContainEqual(expect.objectContaining({ locationId: demoIds.uptown, language: 'tr' }));
    const resolve = (locationId: string, languages: ('en' | 'tr' | 'ar')[]) =>
      withTenant(h.db, demoIds.clearview, (tx) => resolveTemplate(tx, 'order.ready', 'sms', locationId, languages));
    expect(await resolve(demoIds.uptown, ['tr', 'en'])).toMatchObject({ source: 'store', language: 'tr', body: expect.stringContaining('siparişiniz') });
    expect(await resolve(demoIds.downtown, ['tr', 'en'])).toMatchObject({ source: 'built-in', language: 'tr' });
    expect(await resolve(demoIds.uptown, ['en'])).toMatchObject({ source: 'built-in', language: 'en' });
    // Saving again changes the one text.
    await save(admin, 'sms/order.ready', { locationId: demoIds.uptown, language: 'tr', body: 'Uptown: {{patientFirstName}} hazır.' });
    const rows = await ownerRows<{ body: string }>(h, sql`select body from message_templates where key = 'order.ready' and location_id = ${demoIds.uptown}`);
    expect(rows).toEqual([{ body: 'Uptown: {{patientFirstName}} hazır.' }]);
    const actions = (await auditActions(h, demoIds.clearview)).filter((a) => a.action === 'template.save' && a.outcome === 'success');
    expect(actions.at(-1)!.details).toMatchObject({ key: 'order.ready', channel: 'sms', language: 'tr', locationId: demoIds.uptown, created: false });
  });

  it('the preview fills the sample patient Jane and the store', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/templates/sms/order.ready/preview',
      headers: bearer(admin),
      payload: { locationId: demoIds.uptown, language: 'en', body: '{{storeName}}: {{patientName}}, order {{orderNumber}} is ready.' },
    });
    expect(json(res)).toEqual({ subject: '', body: 'Uptown: Jane Doe, order 5001 is ready.', sampleName: 'Jane' });
  });

  it('removing a text brings the next in line back; removing one that is not there is 404', async () => {
    const url = `/api/templates/sms/order.ready?locationId=${demoIds.uptown}&language=tr`;
    expect((await h.app.inject({ method: 'DELETE', url, headers: bearer(admin) })).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'DELETE', url, headers: bearer(admin) })).statusCode).toBe(404);
  });
});

describe('one company never reaches another', () => {
  it("another company's admin cannot save for, preview with or remove a store of Clearview (404), nor read its texts", async () => {
    await save(admin, 'sms/recall.reminder', { locationId: demoIds.downtown, language: 'en', body: 'Clearview only {{dueDate}}' });
    const before = await stored();
    expect((await save(otherAdmin, 'sms/recall.reminder', { locationId: demoIds.downtown, language: 'en', body: 'Hijack {{dueDate}}' })).statusCode).toBe(404);
    const preview = await h.app.inject({ method: 'POST', url: '/api/templates/sms/recall.reminder/preview', headers: bearer(otherAdmin), payload: { locationId: demoIds.uptown, language: 'en', body: 'x' } });
    expect(preview.statusCode).toBe(404);
    const remove = await h.app.inject({ method: 'DELETE', url: `/api/templates/sms/recall.reminder?locationId=${demoIds.downtown}&language=en`, headers: bearer(otherAdmin) });
    expect(remove.statusCode).toBe(404);
    expect(await stored()).toBe(before);
    const read = await h.app.inject({ method: 'GET', url: '/api/templates/sms/recall.reminder', headers: bearer(otherAdmin) });
    expect(read.body).not.toContain('Clearview only');
    expect(json<{ stores: { id: string }[] }>(read).stores.map((s) => s.id)).toEqual([demoIds.main]);
  });

  it('staff and patients are refused (403)', async () => {
    for (const who of ['staff@clearview.test', 'patient@clearview.test']) {
      const s = await signIn(h, who);
      expect((await h.app.inject({ method: 'GET', url: '/api/templates/sms', headers: bearer(s) })).statusCode).toBe(403);
      expect((await save(s, 'sms/order.ready', { locationId: null, language: 'en', body: 'x' })).statusCode).toBe(403);
    }
  });
});
