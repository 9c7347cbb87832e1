/**
 * The patient chart's eForms section (its forms tab, 7) against a fake API: the patient's assignments with their status,
 * revoke and resend of an open one, the submitted answers read-only, and assigning a published form.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Assignment, Section, Submission } from '../../src/contract/eforms';
import { PatientChartPage } from '../../src/views/patients/PatientChartPage';
import type { Call, Reply } from '../fixtures/fakeApi';
import { renderAdminScreen } from './eformsAdminHarness';
import { patientProfile } from '../fixtures/patientProfile';

const locationId = '11111111-1111-4111-8111-111111111111';
const patientId = '44444444-4444-4444-8444-444444444444';
const formId = '33333333-3333-4333-8333-333333333333';

/** The forms' Arabic names (Eye history has none: an Arabic reader sees its English, isolated). */
const arabicNames: Record<string, string> = { Intake: 'استمارة الاستقبال', Consent: 'الموافقة' };
const namesOf = (name: string) => ({ language: 'en' as const, translated: arabicNames[name] ? { ar: arabicNames[name] } : {} });

const assignment = (id: string, status: Assignment['status'], formName: string): Assignment => ({
  id,
  formId,
  formName,
  formNames: namesOf(formName),
  patientId,
  patientName: 'Jane Doe',
  locationId,
  status,
  requiresCode: true,
  channels: ['email'],
  expiresAt: '2026-12-01T10:00:00.000Z',
  sentAt: '2026-11-20T10:00:00.000Z',
  openedAt: null,
  verifiedAt: null,
  submittedAt: status === 'submitted' ? '2026-11-21T10:00:00.000Z' : null,
  revokedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
});

const answered: Section = {
  id: 's1',
  optionId: 4,
  title: 'About you',
  isRequired: true,
  validated: 1,
  textlists: [{ id: 't1', name: 'Your occupation', description: 'Pilot' }],
  checklists: [],
  radiolists: [],
  datelists: [],
  dropdownlists: [],
};

function patientApi() {
  let assignments = [assignment('a1', 'sent', 'Intake'), assignment('a2', 'submitted', 'Eye history')];
  return (call: Call): Reply => {
    if (call.path === `/api/patients/${patientId}/profile`) {
      return { status: 200, body: patientProfile({ id: patientId, locationId, firstName: 'Jane', lastName: 'Doe' }) };
    }
    if (call.path === `/api/eforms/assignments?patientId=${patientId}`) return { status: 200, body: { assignments } };
    if (call.path === '/api/eforms/assignments/a1/revoke') {
      assignments = assignments.map((a) => (a.id === 'a1' ? { ...a, status: 'revoked' as const } : a));
      return { status: 200, body: assignments[0] };
    }
    if (call.path === '/api/eforms/assignments/a2/submission') {
      const submission: Submission = {
        assignmentId: 'a2',
        formId,
        formName: 'Eye history',
        patientId,
        patientName: 'Jane Doe',
        submittedAt: '2026-11-21T10:00:00.000Z',
        reviewedAt: null,
        sections: [answered],
        language: 'en',
        translations: { ar: { 'item.s1.t1': 'مهنتك' } },
      };
      return { status: 200, body: submission };
    }
    if (call.path.startsWith('/api/eforms/forms?')) {
      return {
        status: 200,
        body: {
          forms: [
            {
              id: formId,
              boardId: formId,
              locationId,
              locationName: 'Downtown',
              boardName: 'Intake',
              name: 'Consent',
              names: namesOf('Consent'),
              description: '',
              status: 'published',
              requiresCode: true,
              linkValidDays: 7,
              sectionCount: 1,
              assignmentCount: 0,
              submittedCount: 0,
              updatedAt: '2026-11-20T10:00:00.000Z',
            },
          ],
        },
      };
    }
    if (call.path === `/api/eforms/forms/${formId}/assign`) {
      assignments = [assignment('a3', 'sent', 'Consent'), ...assignments];
      return { status: 200, body: { assignments: [assignments[0]] } };
    }
    return { status: 404, body: { error: 'Not found.' } };
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the patient chart’s eForms section', { timeout: 30_000 }, () => {
  it('lists the patient’s assignments with their status; revokes an open one; shows submitted answers read-only', async () => {
    const { user, server } = renderAdminScreen(
      `/admin/patients/${patientId}/7`,
      <PatientChartPage patientId={patientId} locationId="7" />,
      patientApi(),
    );
    await screen.findByRole('heading', { level: 1, name: 'Jane Doe' });
    const section = await screen.findByRole('region', { name: 'eForms' });
    const intake = await within(section).findByRole('row', { name: 'Assignment of Intake' });
    expect(within(intake).getByText('Sent')).toBeTruthy();
    const history = within(section).getByRole('row', { name: 'Assignment of Eye history' });
    expect(within(history).getByText('Submitted')).toBeTruthy();
    expect(within(history).queryByRole('button', { name: /Revoke/ })).toBeNull();

    await user.click(within(intake).getByRole('button', { name: 'Revoke the link of Intake' }));
    await waitFor(() => expect(within(screen.getByRole('row', { name: 'Assignment of Intake' })).getByText('Revoked')).toBeTruthy());
    expect(server.calls.some((call) => call.method === 'POST' && call.path === '/api/eforms/assignments/a1/revoke')).toBe(true);

    await user.click(within(history).getByRole('button', { name: 'View answers: Eye history' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eye history: answers of Jane Doe' });
    const answer = await within(dialog).findByRole('textbox', { name: /Your occupation/ });
    expect(answer).toHaveProperty('value', 'Pilot');
    expect(answer.hasAttribute('readonly') || answer.hasAttribute('disabled')).toBe(true);
  });

  it('staff reading in Arabic see the translated question; an untranslated title keeps its English isolated; the answer keeps its own direction', async () => {
    localStorage.setItem('language', 'ar');
    const { user } = renderAdminScreen(`/admin/patients/${patientId}/7`, <PatientChartPage patientId={patientId} locationId="7" />, patientApi());
    await screen.findByRole('heading', { level: 1, name: 'Jane Doe' });
    await user.click(await screen.findByRole('button', { name: /عرض الإجابات: .*Eye history/ }));
    const dialog = await screen.findByRole('dialog');
    const answer = await within(dialog).findByRole('textbox', { name: 'مهنتك' });
    expect(answer).toHaveProperty('value', 'Pilot');
    expect(answer.getAttribute('dir')).toBe('auto');
    const title = within(dialog).getByText('About you');
    expect([title.tagName, title.getAttribute('lang'), title.getAttribute('dir')]).toEqual(['BDI', 'en', 'ltr']);
  });

  it("staff reading in Arabic see each form's Arabic name in the chart's forms and the assign dialog, else the English one isolated (issue 33)", async () => {
    localStorage.setItem('language', 'ar');
    const { user } = renderAdminScreen(`/admin/patients/${patientId}/7`, <PatientChartPage patientId={patientId} locationId="7" />, patientApi());
    await screen.findByRole('heading', { level: 1, name: 'Jane Doe' });
    const intake = await screen.findByRole('cell', { name: 'استمارة الاستقبال' });
    expect(intake.textContent).toBe('استمارة الاستقبال');
    expect(screen.queryByText('Intake')).toBeNull();
    // Eye history has no Arabic name: its English is isolated, in the list and as the submission's heading.
    const submitted = await screen.findByRole('heading', { level: 3, name: 'Eye history' });
    const bdi = submitted.querySelector('bdi');
    expect([bdi?.getAttribute('lang'), bdi?.getAttribute('dir')]).toEqual(['en', 'ltr']);

    await user.click(screen.getByRole('button', { name: 'إسناد' }));
    const dialog = await screen.findByRole('dialog');
    const option = await within(dialog).findByRole('option', { name: 'الموافقة' });
    expect([option.getAttribute('lang'), option.getAttribute('dir')]).toEqual(['ar', 'auto']);
  });

  it('assigns a published form of the store to the patient by SMS', async () => {
    const { user, server } = renderAdminScreen(
      `/admin/patients/${patientId}/7`,
      <PatientChartPage patientId={patientId} locationId="7" />,
      patientApi(),
    );
    const section = await screen.findByRole('region', { name: 'eForms' });
    await user.click(within(section).getByRole('button', { name: 'Assign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign a form to Jane Doe' });
    const send = within(dialog).getByRole('button', { name: 'Send' });
    expect(send).toHaveProperty('disabled', true);
    // A form's name is its author's text: the option keeps its own direction.
    expect((await within(dialog).findByRole('option', { name: 'Consent' })).getAttribute('dir')).toBe('auto');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Form' }), 'Consent');
    await user.click(within(dialog).getByRole('checkbox', { name: 'SMS' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Email' }));
    await user.click(send);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const call = server.calls.find((c) => c.path === `/api/eforms/forms/${formId}/assign`)!;
    expect(call.body).toEqual({ patientIds: [patientId], channels: ['sms'] });
    expect((await screen.findByRole('status')).textContent).toContain('Form sent. Patients: 1');
    expect(await within(section).findByRole('row', { name: 'Assignment of Consent' })).toBeTruthy();
  });
});

describe("the assign dialog's refused send", () => {
  it('is said in a summary that takes the focus; the dialog names the patient in <bdi>', async () => {
    const noPhone = 'Jane Doe has no mobile number for SMS.';
    const api = patientApi();
    const { user } = renderAdminScreen(`/admin/patients/${patientId}/7`, <PatientChartPage patientId={patientId} locationId="7" />, (call) =>
      call.path === `/api/eforms/forms/${formId}/assign` ? { status: 400, body: { error: noPhone, fields: { channels: noPhone } } } : api(call),
    );
    const section = await screen.findByRole('region', { name: 'eForms' });
    await user.click(within(section).getByRole('button', { name: 'Assign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign a form to Jane Doe' });
    expect(within(dialog).getByRole('heading').querySelector('bdi')?.textContent).toBe('Jane Doe');
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'Form' }), 'Consent');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    const summary = await within(dialog).findByRole('alert');
    expect(summary.textContent).toBe(noPhone);
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(screen.getByRole('dialog', { name: 'Assign a form to Jane Doe' })).toBeTruthy();
  });
});
