/**
 * A form's texts in several languages over HTTP (issue 33): the builder saves a main language and translations in
 * the form's definition; bad ones are refused with a clear field message (and its catalogue code); an assignment
 * keeps the translations it was sent with; the public link carries the language of its message and the public
 * card, the patient's own form and staff's submission carry the languages; the demo intake form is translated.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eformTextMessages, type Card, type EForm, type Submission } from '../../src/contract/eforms';
import { addPatient, bearer, demo, demoIds, json, lastMessageTo, ownerRows, signIn, startHarness, type Harness, type SignedIn } from './harness';

let h: Harness;
let admin: SignedIn;
let boardId: string;

const post = (url: string, payload: object) => h.app.inject({ method: 'POST', url, headers: bearer(admin), payload });
const get = (url: string) => h.app.inject({ method: 'GET', url, headers: bearer(admin) });

const sections = [
  { id: 'reason', optionId: 1, title: 'Reason for your visit', isRequired: true, radiolists: [{ name: 'Why are you here?', radioItems: [{ id: 'exam', name: 'Eye exam' }, { id: 'glasses', name: 'Glasses' }] }] },
  { id: 'health', optionId: 4, title: 'Health', textlists: [{ id: 'meds', name: 'Medications?' }, { id: 'allergies', name: 'Allergies?' }] },
];
const form = (extra: object) => ({ boardId, name: 'Visit questions', description: 'Before your visit.', sections, ...extra });

beforeAll(async () => {
  h = await startHarness();
  admin = await signIn(h, 'admin@clearview.test', demo.clearview);
  const res = await get(`/api/patient/formstores?locationId=${demoIds.downtown}`);
  boardId = json<{ boards: { id: string }[] }>(res).boards[0]!.id;
});
afterAll(() => h.close());

describe('a form in several languages', () => {
  it('saves its main language and translations in the definition, blank ones left out, and reads them back', async () => {
    const res = await post('/api/patient/updateform', form({
      language: 'en',
      translations: {
        ar: { name: ' أسئلة الزيارة ', 'section.reason': 'سبب زيارتك', 'list.reason.0': 'لماذا أنت هنا؟', 'item.reason.exam': 'فحص النظر', 'item.health.meds': '  ' },
        tr: { 'item.health.meds': 'İlaçlar?' },
      },
    }));
    expect(res.statusCode, res.body).toBe(200);
    const card = json<{ card: Card }>(res).card;
    expect(card.language).toBe('en');
    expect(card.translations).toEqual({
      ar: { name: 'أسئلة الزيارة', 'section.reason': 'سبب زيارتك', 'list.reason.0': 'لماذا أنت هنا؟', 'item.reason.exam': 'فحص النظر' },
      tr: { 'item.health.meds': 'İlaçlar?' },
    });
    const read = json<Card>(await get(`/api/patient/getform?formId=${card.id}`));
    expect(read.translations).toEqual(card.translations);
    const [row] = await ownerRows<{ language: string }>(h, sql`select language from forms where id = ${card.id}`);
    expect(row!.language).toBe('en');
  });

  it('refuses a language that is not en, tr or ar, for the form and for a translation, with a clear message', async () => {
    const badMain = await post('/api/patient/updateform', form({ language: 'fr' }));
    expect(badMain.statusCode).toBe(400);
    expect(json<{ fields: Record<string, string> }>(badMain).fields).toEqual({ language: eformTextMessages.language });

    const badTranslation = await post('/api/patient/updateform', form({ translations: { de: { name: 'Fragen zum Besuch' } } }));
    expect(badTranslation.statusCode).toBe(400);
    const body = json<{ fields: Record<string, string>; fieldCodes: Record<string, string> }>(badTranslation);
    expect(body.fields).toEqual({ 'translations.de': eformTextMessages.translationLanguage });
    expect(body.fieldCodes).toEqual({ 'translations.de': 'eform.translationLanguage' });
  });

  it('refuses a translation of a question the form does not have, and one into its own main language', async () => {
    const unknown = await post('/api/patient/updateform', form({ translations: { ar: { 'item.health.smoking': 'هل تدخن؟', 'section.gone': 'قسم' } } }));
    expect(unknown.statusCode).toBe(400);
    expect(json<{ fields: Record<string, string> }>(unknown).fields).toEqual({
      'translations.ar.item.health.smoking': eformTextMessages.unknownText,
      'translations.ar.section.gone': eformTextMessages.unknownText,
    });

    const main = await post('/api/patient/updateform', form({ language: 'tr', translations: { tr: { name: 'Ziyaret soruları' } } }));
    expect(main.statusCode).toBe(400);
    expect(json<{ fields: Record<string, string> }>(main).fields).toEqual({ 'translations.tr': eformTextMessages.mainTranslated });

    const long = await post('/api/patient/updateform', form({ translations: { ar: { 'section.health': 'ص'.repeat(201) } } }));
    expect(json<{ fields: Record<string, string> }>(long).fields).toEqual({ 'translations.ar.section.health': eformTextMessages.tooLong });
  });

  it('an assignment keeps its translations; the link opens in the language of its message; readers get the languages', async () => {
    const saved = json<{ card: Card }>(
      await post('/api/patient/updateform', form({ status: 'published', requiresCode: false, translations: { ar: { 'item.health.meds': 'الأدوية؟' } } })),
    ).card;
    const email = 'arabic.reader@example.test';
    const patientId = await addPatient(h, { tenantId: demoIds.clearview, locationId: demoIds.downtown, firstName: 'Layla', lastName: 'Haddad', email });
    await ownerRows(h, sql`update patients set preferred_language = 'ar' where id = ${patientId}`);
    const assigned = await post(`/api/eforms/forms/${saved.id}/assign`, { patientIds: [patientId], channels: ['email'] });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const assignmentId = json<{ assignments: { id: string }[] }>(assigned).assignments[0]!.id;

    // A later edit of the card does not change what this patient was sent.
    await post('/api/patient/updateform', { ...saved, translations: { ar: { 'item.health.meds': 'تغيّر' } } });

    const message = await lastMessageTo(h, email);
    const link = /\/eforms\?tenantid=([0-9a-f-]{36})&uri=([A-Za-z0-9_-]+)&lang=(\w+)/.exec(message);
    expect(link?.[3]).toBe('ar');
    const tenant = json<{ tenant: string }>(await h.app.inject({ method: 'GET', url: `/api/patient/getencryptedtenant?tenantid=${link![1]}` })).tenant;
    const card = json<EForm>(await h.app.inject({ method: 'GET', url: `/api/patient/getcard?uri=${link![2]}`, headers: { 'x-tenant-id': tenant } }));
    expect(card).toMatchObject({ language: 'en', translations: { ar: { 'item.health.meds': 'الأدوية؟' } } });

    const answers = card.sectionlists!.map((s) =>
      s.id === 'health' ? { ...s, textlists: s.textlists.map((t) => ({ ...t, description: t.id === 'meds' ? 'None' : '' })) } : {
        ...s,
        radiolists: s.radiolists.map((r) => ({ ...r, radioItems: r.radioItems.map((i) => ({ ...i, description: i.id === 'exam' ? 'exam' : '' })) })),
      },
    );
    const submitted = await h.app.inject({ method: 'POST', url: '/api/patient/submitform', headers: { 'x-tenant-id': tenant }, payload: { uri: link![2], sectionlists: answers } });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const submission = json<Submission>(await get(`/api/eforms/assignments/${assignmentId}/submission`));
    expect(submission.language).toBe('en');
    expect(submission.translations).toEqual({ ar: { 'item.health.meds': 'الأدوية؟' } });
    // Answers stay keyed by question id, whatever language the reader saw.
    expect(submission.sections.find((s) => s.id === 'health')!.textlists.find((t) => t.id === 'meds')!.description).toBe('None');
  });

  it('the demo intake form and Jane’s assignment carry Turkish and Arabic translations of every text', async () => {
    const boards = json<{ boards: { name: string; cards: { id: string }[] }[] }>(await get(`/api/patient/formstores?locationId=${demoIds.downtown}`)).boards;
    const intake = json<Card>(await get(`/api/patient/getform?formId=${boards.find((b) => b.name === 'Intake')!.cards[0]!.id}`));
    expect(intake.translations.ar?.name).toBe('استمارة المريض الجديد');
    const { formTexts } = await import('../../src/contract/eformTexts');
    for (const language of ['tr', 'ar'] as const) {
      expect(formTexts(intake).filter((t) => !intake.translations[language]?.[t.key])).toEqual([]);
    }
    const [jane] = await ownerRows<{ snapshot: { translations?: Record<string, unknown> } }>(
      h,
      sql`select form_snapshot as snapshot from form_assignments where patient_id = ${demoIds.janeDoe}`,
    );
    expect(Object.keys(jane!.snapshot.translations ?? {}).sort()).toEqual(['ar', 'tr']);
  });
});

describe("a form's name in the reader's language wherever a list shows it (issue 33)", () => {
  const intakeNames = { language: 'en', translated: { tr: expect.any(String), ar: 'استمارة المريض الجديد' } };

  it('the eForms list, the boards, the assignments, the booking settings and the patient home carry each language of the name', async () => {
    const listed = json<{ forms: { name: string; names: unknown }[] }>(await get(`/api/eforms/forms?locationId=${demoIds.downtown}`)).forms;
    expect(listed.find((f) => f.name === 'New Patient Intake')?.names).toEqual(intakeNames);
    const boards = json<{ boards: { cards: { name: string; names: unknown }[] }[] }>(await get(`/api/patient/formstores?locationId=${demoIds.downtown}`)).boards;
    expect(boards.flatMap((b) => b.cards).find((c) => c.name === 'New Patient Intake')?.names).toEqual(intakeNames);
    const assignments = json<{ assignments: { formName: string; formNames: unknown }[] }>(await get(`/api/eforms/assignments?patientId=${demoIds.janeDoe}`)).assignments;
    expect(assignments.find((a) => a.formName === 'New Patient Intake')?.formNames).toEqual(intakeNames);
    const booking = json<{ forms: { name: string; names: unknown }[] }>(await get(`/api/settings/booking/${demoIds.downtown}`)).forms;
    expect(booking.find((f) => f.name === 'New Patient Intake')?.names).toEqual(intakeNames);
    const jane = await signIn(h, 'patient@clearview.test');
    const home = json<{ formsToFill: { name: string; names: unknown }[] }>(await h.app.inject({ method: 'GET', url: '/api/my/dashboard', headers: bearer(jane) }));
    expect(home.formsToFill.find((f) => f.name === 'New Patient Intake')?.names).toEqual(intakeNames);
  });

  it("the link's message names the form in its language; the work desk's form to review carries the names", async () => {
    const saved = json<{ card: Card }>(
      await post('/api/patient/updateform', form({ name: 'Lens questions', status: 'published', requiresCode: false, translations: { ar: { name: 'أسئلة العدسات' } } })),
    ).card;
    const email = 'arabic.names@example.test';
    const patientId = await addPatient(h, { tenantId: demoIds.clearview, locationId: demoIds.downtown, firstName: 'Nour', lastName: 'Saleh', email });
    await ownerRows(h, sql`update patients set preferred_language = 'ar' where id = ${patientId}`);
    const assigned = await post(`/api/eforms/forms/${saved.id}/assign`, { patientIds: [patientId], channels: ['email'] });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const message = await lastMessageTo(h, email);
    expect(message).toContain('"أسئلة العدسات"');
    expect(message).not.toContain('Lens questions');

    const link = /\/eforms\?tenantid=([0-9a-f-]{36})&uri=([A-Za-z0-9_-]+)/.exec(message)!;
    const tenant = json<{ tenant: string }>(await h.app.inject({ method: 'GET', url: `/api/patient/getencryptedtenant?tenantid=${link[1]}` })).tenant;
    const card = json<EForm>(await h.app.inject({ method: 'GET', url: `/api/patient/getcard?uri=${link[2]}`, headers: { 'x-tenant-id': tenant } }));
    const answers = card.sectionlists!.map((s) =>
      s.id === 'health' ? { ...s, textlists: s.textlists.map((t) => ({ ...t, description: 'None' })) } : {
        ...s,
        radiolists: s.radiolists.map((r) => ({ ...r, radioItems: r.radioItems.map((i) => ({ ...i, description: i.id === 'exam' ? 'exam' : '' })) })),
      },
    );
    const submitted = await h.app.inject({ method: 'POST', url: '/api/patient/submitform', headers: { 'x-tenant-id': tenant }, payload: { uri: link[2], sectionlists: answers } });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const desk = json<{ items: { kind: string; formName?: string; formNames?: unknown }[] }>(await get('/api/workdesk?type=forms'));
    expect(desk.items.find((i) => i.kind === 'form' && i.formName === 'Lens questions')?.formNames).toEqual({ language: 'en', translated: { ar: 'أسئلة العدسات' } });
  });
});
