/**
 * The staff side of eForms over HTTP: boards and the builder's cards with their limits, publishing, removing,
 * assigning, and the reach of each account (staff limited to their stores, no company reaching another's forms).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eformMessages, type Card } from '../../src/contract/eforms';
import { addPatient, auditActions, bearer, demo, demoIds, json, ownerRows, signIn, startHarness, type Harness, type SignedIn } from './harness';

let h: Harness;
let admin: SignedIn;
let staff: SignedIn;
let bright: SignedIn;
let boards: { id: string; name: string; locationId: string; cards: { id: string; name: string; status: string }[] }[];

const get = (who: SignedIn, url: string) => h.app.inject({ method: 'GET', url, headers: bearer(who) });
const post = (who: SignedIn, url: string, payload?: object) =>
  h.app.inject({ method: 'POST', url, headers: bearer(who), ...(payload ? { payload } : {}) });

async function boardsOf(who: SignedIn, locationId: string) {
  const res = await get(who, `/api/patient/formstores?locationId=${locationId}`);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ boards: typeof boards }>(res).boards;
}

const formCount = () => ownerRows<{ n: number }>(h, sql`select count(*)::int as n from forms`).then((r) => r[0]!.n);

const textSection = (id = 's1') => ({ id, optionId: 4, title: 'Question', isRequired: true, textlists: [{ id: 't1', name: 'Anything else?' }] });

beforeAll(async () => {
  h = await startHarness();
  [admin, staff, bright] = await Promise.all([
    signIn(h, 'admin@clearview.test', demo.clearview),
    signIn(h, 'staff@clearview.test', demo.clearview),
    signIn(h, 'admin@brightsight.test', demo.brightsight),
  ]);
  boards = await boardsOf(admin, demoIds.downtown);
});
afterAll(() => h.close());

describe('the demo forms', () => {
  it('Downtown has Intake and Consent boards with their published forms; Uptown has its own board', async () => {
    expect(boards.map((b) => b.name)).toEqual(['Intake', 'Consent']);
    expect(boards[0]!.cards).toMatchObject([{ name: 'New Patient Intake', status: 'published' }]);
    expect(boards[1]!.cards).toMatchObject([{ name: 'Contact Lens Consent', status: 'published' }]);
    const intake = json<Card>(await get(admin, `/api/patient/getform?formId=${boards[0]!.cards[0]!.id}`));
    expect(intake.sections.map((s) => s.optionId).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(intake.sections.some((s) => s.isRequired)).toBe(true);
    expect((await boardsOf(admin, demoIds.uptown)).map((b) => b.name)).toEqual(['Intake']);
  });
  it("Jane Doe has one 'New Patient Intake' to fill in: code required, not submitted, valid 7 days", async () => {
    const res = await get(admin, `/api/eforms/assignments?patientId=${demoIds.janeDoe}`);
    const list = json<{ assignments: { formName: string; status: string; requiresCode: boolean; expiresAt: string; submittedAt: string | null }[] }>(res).assignments;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ formName: 'New Patient Intake', status: 'sent', requiresCode: true, submittedAt: null });
    const days = (new Date(list[0]!.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const [row] = await ownerRows<{ link_token_hash: string }>(h, sql`select link_token_hash from form_assignments where patient_id = ${demoIds.janeDoe}`);
    expect(row!.link_token_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('the builder', () => {
  it("creates a board and a card ('Card Saved'), edits it, publishes, duplicates and removes it", async () => {
    const board = await post(admin, '/api/eforms/boards', { locationId: demoIds.downtown, name: 'Follow-up Visits' });
    expect(board.statusCode, board.body).toBe(200);
    const b = json<{ id: string; uri: string }>(board);
    expect(b.uri).toBe('follow-up-visits');
    expect((await post(admin, '/api/eforms/boards', { locationId: demoIds.downtown, name: 'Follow up visits', uri: 'follow-up-visits' })).statusCode).toBe(409);

    const created = await post(admin, '/api/patient/updateform', { boardId: b.id, name: 'Glasses check', sections: [] });
    expect(created.statusCode, created.body).toBe(200);
    const saved = json<{ card: Card; message: string }>(created);
    expect(saved.message).toBe(eformMessages.cardSaved);
    expect(saved.card).toMatchObject({ status: 'draft', requiresCode: true, linkValidDays: 7, locationId: demoIds.downtown });

    // Answers a builder might send are never stored in the card.
    const edited = await post(admin, '/api/patient/updateform', {
      ...saved.card,
      sections: [{ ...textSection(), textlists: [{ id: 't1', name: 'Anything else?', description: 'leaked answer' }] }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(json<{ card: Card }>(edited).card.sections[0]!.textlists[0]!.description).toBe('');

    const empty = await post(admin, '/api/patient/updateform', { boardId: b.id, name: 'Empty' });
    const emptyId = json<{ card: Card }>(empty).card.id;
    const refused = await post(admin, `/api/eforms/forms/${emptyId}/publish`);
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toMatchObject({ fields: { sections: 'A published form needs at least 1 section' } });
    expect((await post(admin, `/api/eforms/forms/${emptyId}/assign`, { patientIds: [demoIds.janeDoe], channels: ['email'] })).statusCode).toBe(409);

    const published = await post(admin, `/api/eforms/forms/${saved.card.id}/publish`);
    expect(json(published)).toMatchObject({ status: 'published' });
    const copy = json<Card>(await post(admin, `/api/eforms/forms/${saved.card.id}/duplicate`));
    expect(copy).toMatchObject({ name: 'Copy of Glasses check', status: 'draft', boardId: b.id });

    expect(json(await post(admin, '/api/patient/removeform', { id: copy.id }))).toEqual({ id: copy.id, removed: 'deleted' });
    expect((await get(admin, `/api/patient/getform?formId=${copy.id}`)).statusCode).toBe(404);

    const patientId = await addPatient(h, { tenantId: demoIds.clearview, locationId: demoIds.downtown, firstName: 'Gina', lastName: 'Glass', email: 'gina@example.test' });
    expect((await post(admin, `/api/eforms/forms/${saved.card.id}/assign`, { patientIds: [patientId], channels: ['email'] })).statusCode).toBe(200);
    expect(json(await post(admin, '/api/patient/removeform', { id: saved.card.id }))).toEqual({ id: saved.card.id, removed: 'archived' });
    expect(json<Card>(await get(admin, `/api/patient/getform?formId=${saved.card.id}`)).status).toBe('archived');
    // An archived form cannot be sent again, and the board with forms cannot be deleted.
    expect((await post(admin, `/api/eforms/forms/${saved.card.id}/assign`, { patientIds: [patientId], channels: ['email'] })).statusCode).toBe(409);
    expect((await post(admin, `/api/eforms/boards/${b.id}/delete`)).statusCode).toBe(409);
    expect(json(await post(admin, `/api/eforms/boards/${b.id}/rename`, { name: 'Follow-ups' }))).toMatchObject({ name: 'Follow-ups', uri: 'follow-up-visits' });

    const actions = (await auditActions(h, demoIds.clearview)).map((a) => a.action);
    for (const a of ['eform.board.create', 'eform.card.save', 'eform.card.publish', 'eform.card.duplicate', 'eform.card.remove', 'eform.assign']) expect(actions).toContain(a);
  });

  it('refuses a card past its limits with field messages and writes nothing', async () => {
    const boardId = boards[0]!.id;
    const before = await formCount();
    const many = Array.from({ length: 51 }, (_, i) => ({ id: `c${i}`, name: `Option ${i}` }));
    const cases: [string, object, string][] = [
      ['an empty name', { boardId, name: '  ' }, 'name'],
      ['a name of 121 characters', { boardId, name: 'x'.repeat(121) }, 'name'],
      ['a section without a title', { boardId, name: 'F', sections: [{ ...textSection(), title: '' }] }, 'sections.0.title'],
      ['an empty checklist title', { boardId, name: 'F', sections: [{ id: 's', optionId: 2, title: 'T', checklists: [{ name: '', checkItems: [{ id: 'a', name: 'A' }] }] }] }, 'sections.0.checklists.0.name'],
      ['an empty radio title', { boardId, name: 'F', sections: [{ id: 's', optionId: 1, title: 'T', radiolists: [{ name: ' ', radioItems: [{ id: 'a', name: 'A' }] }] }] }, 'sections.0.radiolists.0.name'],
      ['a checklist with no options', { boardId, name: 'F', sections: [{ id: 's', optionId: 2, title: 'T', checklists: [{ name: 'C', checkItems: [] }] }] }, 'sections.0.checklists.0.checkItems'],
      ['a checklist with 51 options', { boardId, name: 'F', sections: [{ id: 's', optionId: 2, title: 'T', checklists: [{ name: 'C', checkItems: many }] }] }, 'sections.0.checklists.0.checkItems'],
      ['an unknown section type', { boardId, name: 'F', sections: [{ ...textSection(), optionId: 7 }] }, 'sections.0.optionId'],
      ['a list of another type', { boardId, name: 'F', sections: [{ ...textSection(), datelists: [{ id: 'd', name: 'D' }] }] }, 'sections.0.datelists'],
      ['two sections with one id', { boardId, name: 'F', sections: [textSection('a'), textSection('a')] }, 'sections.1.id'],
      ['a link valid for 91 days', { boardId, name: 'F', linkValidDays: 91 }, 'linkValidDays'],
      ['publishing with no section', { boardId, name: 'F', status: 'published' }, 'sections'],
    ];
    for (const [name, body, field] of cases) {
      const res = await post(admin, '/api/patient/updateform', body);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(Object.keys(json<{ fields: Record<string, string> }>(res).fields), `${name}: ${res.body}`).toContain(field);
    }
    expect(await formCount()).toBe(before);
  });

  it('answers the builder a message it can show when a form does not exist', async () => {
    const res = await get(admin, '/api/patient/getform?formId=7d444840-9dc0-41e4-9f0e-2c8f5a1e6b11');
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ error: eformMessages.cardNotFound, code: 'eforms.cardNotFound' });
  });
});

describe('who reaches what', () => {
  it('staff limited to Downtown see and change Downtown forms only', async () => {
    const uptownBoard = (await boardsOf(admin, demoIds.uptown))[0]!;
    const uptownForm = uptownBoard.cards[0]!.id;
    expect((await get(staff, `/api/patient/formstores?locationId=${demoIds.uptown}`)).statusCode).toBe(404);
    expect((await get(staff, `/api/patient/getform?formId=${uptownForm}`)).statusCode).toBe(404);
    expect((await post(staff, `/api/eforms/forms/${uptownForm}/publish`)).statusCode).toBe(404);
    expect((await post(staff, '/api/patient/removeform', { id: uptownForm })).statusCode).toBe(404);
    expect((await post(staff, '/api/patient/updateform', { boardId: uptownBoard.id, name: 'Sneaky' })).statusCode).toBe(404);
    expect((await post(staff, '/api/eforms/boards', { locationId: demoIds.uptown, name: 'Sneaky' })).statusCode).toBe(404);
    const list = json<{ forms: { locationId: string }[] }>(await get(staff, '/api/eforms/forms'));
    expect(list.forms.length).toBeGreaterThan(0);
    expect(list.forms.every((f) => f.locationId === demoIds.downtown)).toBe(true);
    expect(json<{ forms: unknown[] }>(await get(staff, `/api/eforms/forms?locationId=${demoIds.uptown}`)).forms).toEqual([]);
    // Patients of another store cannot be sent a form by them; the admin can.
    const uptownPatient = await addPatient(h, { tenantId: demoIds.clearview, locationId: demoIds.uptown, firstName: 'Ursula', lastName: 'Up', email: 'ursula@example.test' });
    const intake = boards[0]!.cards[0]!.id;
    const refused = await post(staff, `/api/eforms/forms/${intake}/assign`, { patientIds: [uptownPatient], channels: ['email'] });
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toHaveProperty(['fields', 'patientIds.0']);
    const sent = await post(admin, `/api/eforms/forms/${intake}/assign`, { patientIds: [uptownPatient], channels: ['email'] });
    expect(sent.statusCode, sent.body).toBe(200);
    // The assignment belongs to Downtown (the form's store): the staff member follows it there.
    const id = json<{ assignments: { id: string; status: string }[] }>(sent).assignments[0]!;
    expect(id.status).toBe('sent');
    const denied = (await auditActions(h, demoIds.clearview)).filter((a) => a.outcome === 'denied').map((a) => a.action);
    expect(denied).toEqual(expect.arrayContaining(['eform.boards.read', 'eform.card.read', 'eform.card.publish', 'eform.card.remove']));
  });

  it("Brightsight's admin reaches no Clearview form, board or assignment", async () => {
    const intake = boards[0]!.cards[0]!.id;
    expect((await get(bright, `/api/patient/getform?formId=${intake}`)).statusCode).toBe(404);
    expect((await get(bright, `/api/eforms/forms/${intake}/preview`)).statusCode).toBe(404);
    expect((await get(bright, `/api/patient/formstores?locationId=${demoIds.downtown}`)).statusCode).toBe(404);
    expect((await post(bright, `/api/eforms/forms/${intake}/duplicate`)).statusCode).toBe(404);
    expect((await post(bright, '/api/patient/updateform', { boardId: boards[0]!.id, name: 'x' })).statusCode).toBe(404);
    const list = await get(bright, '/api/eforms/forms');
    expect(json(list)).toEqual({ forms: [] });
    const [a] = await ownerRows<{ id: string }>(h, sql`select id from form_assignments where tenant_id = ${demoIds.clearview} limit 1`);
    for (const url of [`/api/eforms/assignments/${a!.id}/revoke`, `/api/eforms/assignments/${a!.id}/resend`]) {
      expect((await post(bright, url)).statusCode).toBe(404);
    }
    expect((await get(bright, `/api/eforms/assignments/${a!.id}/submission`)).statusCode).toBe(404);
    expect(json(await get(bright, `/api/eforms/assignments?formId=${intake}`))).toEqual({ assignments: [] });
    const assigned = await post(bright, `/api/eforms/forms/${intake}/assign`, { patientIds: [demoIds.janeDoe], channels: ['email'] });
    expect(assigned.statusCode).toBe(404);
  });

  it('a patient or kiosk account cannot use the builder', async () => {
    const patient = await signIn(h, 'patient@clearview.test', demo.clearview);
    const res = await get(patient, `/api/patient/formstores?locationId=${demoIds.downtown}`);
    expect(res.statusCode).toBe(403);
  });
});

describe('assignments', () => {
  it('lists with their computed status, and validates the assign request', async () => {
    const intake = boards[0]!.cards[0]!.id;
    const p = await addPatient(h, { tenantId: demoIds.clearview, locationId: demoIds.downtown, firstName: 'Al', lastName: 'List', email: 'al@example.test' });
    const noContact = await addPatient(h, { tenantId: demoIds.clearview, locationId: demoIds.downtown, firstName: 'No', lastName: 'Contact' });
    const before = await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from form_assignments`);
    for (const [body, field] of [
      [{ patientIds: [], channels: ['email'] }, 'patientIds'],
      [{ patientIds: [p, p], channels: ['email'] }, 'patientIds'],
      [{ patientIds: [p], channels: [] }, 'channels'],
      [{ patientIds: [p], channels: ['fax'] }, 'channels.0'],
      [{ patientIds: ['not-a-uuid'], channels: ['email'] }, 'patientIds.0'],
      [{ patientIds: [p, noContact], channels: ['email'] }, 'patientIds.1'],
      [{ patientIds: Array.from({ length: 101 }, () => p), channels: ['email'] }, 'patientIds'],
    ] as const) {
      const res = await post(admin, `/api/eforms/forms/${intake}/assign`, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(json(res), res.body).toHaveProperty(['fields', field]);
    }
    expect(await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from form_assignments`)).toEqual(before);

    const sent = json<{ assignments: { id: string }[] }>(await post(admin, `/api/eforms/forms/${intake}/assign`, { patientIds: [p], channels: ['email', 'sms'] }));
    const id = sent.assignments[0]!.id;
    const listed = json<{ assignments: { id: string; status: string; channels: string[] }[] }>(await get(admin, `/api/eforms/assignments?formId=${intake}`));
    expect(listed.assignments.find((a) => a.id === id)).toMatchObject({ status: 'sent', channels: ['email'] });
    await ownerRows(h, sql`update form_assignments set expires_at = now() - interval '1 second' where id = ${id}`);
    const later = json<{ assignments: { id: string; status: string }[] }>(await get(admin, `/api/eforms/assignments?patientId=${p}`));
    expect(later.assignments).toMatchObject([{ id, status: 'expired' }]);
    expect((await get(admin, '/api/eforms/assignments')).statusCode).toBe(400);
  });

  it("sends the link with the store's template, else the company's, else the built-in text (the link always in it)", async () => {
    const intake = boards[0]!.cards[0]!.id;
    const sendTo = async (email: string) => {
      const p = await addPatient(h, { tenantId: demoIds.clearview, locationId: demoIds.downtown, firstName: 'Tina', lastName: 'Template', email });
      expect((await post(admin, `/api/eforms/forms/${intake}/assign`, { patientIds: [p], channels: ['email'] })).statusCode).toBe(200);
      const [m] = await ownerRows<{ subject: string; body: string }>(h, sql`select subject, body from communication_log where recipient = ${email}`);
      return m!;
    };
    const builtIn = await sendTo('t1@example.test');
    expect(builtIn.subject).toBe('A form from Downtown');
    expect(builtIn.body).toMatch(/^Hello Tina Template,/);
    expect(builtIn.body).toMatch(/\/eforms\?tenantid=[0-9a-f-]{36}&uri=[A-Za-z0-9_-]{43}/);

    await ownerRows(h, sql`insert into message_templates (tenant_id, location_id, key, channel, subject, body)
      values (${demoIds.clearview}, null, 'eform.link', 'email', 'Company: {{formName}}', 'Dear {{patientName}}, please open {{formLink}}')`);
    const company = await sendTo('t2@example.test');
    expect(company.subject).toBe('Company: New Patient Intake');
    expect(company.body).toMatch(/^Dear Tina Template, please open http.*\/eforms\?tenantid=/);

    // A store text that forgets the link still carries it.
    await ownerRows(h, sql`insert into message_templates (tenant_id, location_id, key, channel, subject, body)
      values (${demoIds.clearview}, ${demoIds.downtown}, 'eform.link', 'email', 'Downtown form', 'Hi {{patientName}} from {{storeName}}')`);
    const store = await sendTo('t3@example.test');
    expect(store.subject).toBe('Downtown form');
    expect(store.body).toMatch(/^Hi Tina Template from Downtown\nhttp.*\/eforms\?tenantid=/);
  });
});
