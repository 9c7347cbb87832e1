/**
 * /admin/eforms/all against a fake API: search and the store and status filters reach the server's query;
 * a draft is published, a form that was never sent is deleted after the question, one that was sent is archived.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CardSummary } from '../../src/contract/eforms';
import { AllFormsPage } from '../../src/views/eforms/admin/AllFormsPage';
import type { Call, Reply } from '../fixtures/fakeApi';
import { renderAdminScreen } from './eformsAdminHarness';

const downtown = '11111111-1111-4111-8111-111111111111';
const uptown = '55555555-5555-4555-8555-555555555555';

const summary = (id: string, name: string, status: CardSummary['status'], assignmentCount = 0): CardSummary => ({
  id,
  boardId: '22222222-2222-4222-8222-222222222222',
  locationId: downtown,
  locationName: 'Downtown',
  boardName: 'Intake',
  name,
  // Eye history is translated into Arabic; Consent is not.
  names: { language: 'en', translated: name === 'Eye history' ? { ar: 'تاريخ العين', tr: 'Göz geçmişi' } : {} },
  description: '',
  status,
  requiresCode: true,
  linkValidDays: 7,
  sectionCount: 2,
  assignmentCount,
  submittedCount: 0,
  updatedAt: '2026-11-20T10:00:00.000Z',
});

const store = (id: string, name: string) => ({ id, slug: name.toLowerCase(), name, address: '', phone: '', timeZone: 'UTC', currency: 'USD', logo: null });

function listApi() {
  const forms = [summary('f1', 'Eye history', 'draft'), summary('f2', 'Consent', 'published', 3)];
  return (call: Call): Reply => {
    if (call.path === '/api/stores') return { status: 200, body: { stores: [store(downtown, 'Downtown'), store(uptown, 'Uptown')] } };
    if (call.path.startsWith('/api/eforms/forms?') || call.path === '/api/eforms/forms') return { status: 200, body: { forms } };
    if (call.path === '/api/eforms/forms/f1/publish') return { status: 200, body: {} };
    if (call.path === '/api/patient/removeform') {
      const id = (call.body as { id: string }).id;
      return { status: 200, body: { id, removed: id === 'f2' ? 'archived' : 'deleted' } };
    }
    return { status: 404, body: { error: 'Not found.' } };
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('all eForms', { timeout: 30_000 }, () => {
  it('searches and filters by store and status through the server’s query', async () => {
    const { user, server } = renderAdminScreen('/admin/eforms/all', <AllFormsPage />, listApi());
    await screen.findByRole('heading', { level: 1, name: 'All eForms' });
    expect(await screen.findByRole('link', { name: 'Eye history' })).toBeTruthy();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Store' }), 'Uptown');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Published');
    await user.type(screen.getByRole('searchbox', { name: 'Search forms' }), 'eye');
    await waitFor(() =>
      expect(server.calls.map((call) => call.path)).toContain(`/api/eforms/forms?search=eye&locationId=${uptown}&status=published`),
    );
  });

  it('publishes a draft; deletes a form never sent and archives one that was, each after the question', async () => {
    const { user, server } = renderAdminScreen('/admin/eforms/all', <AllFormsPage />, listApi());
    await user.click(await screen.findByRole('button', { name: 'Publish Eye history' }));
    await waitFor(() => expect(server.calls.some((call) => call.path === '/api/eforms/forms/f1/publish')).toBe(true));
    expect((await screen.findByRole('status')).textContent).toContain('Form published');

    await user.click(screen.getByRole('button', { name: 'Delete Eye history' }));
    const question = await screen.findByRole('alertdialog');
    expect(question.textContent).toContain('Delete the form Eye history? This cannot be undone.');
    await user.click(within(question).getByRole('button', { name: 'No' }));
    expect(server.calls.some((call) => call.path === '/api/patient/removeform')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Archive Consent' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(server.calls.find((call) => call.path === '/api/patient/removeform')?.body).toEqual({ id: 'f2' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Form archived'));
  });
});

describe('all eForms in Arabic (issue 33)', { timeout: 30_000 }, () => {
  it("names each form in the reader's language, else its main name isolated in its own language and direction", async () => {
    localStorage.setItem('language', 'ar');
    renderAdminScreen('/admin/eforms/all', <AllFormsPage />, listApi());
    const translated = await screen.findByRole('link', { name: 'تاريخ العين' });
    expect(translated.querySelector('bdi')).toBeNull();
    const untranslated = screen.getByRole('link', { name: 'Consent' }).querySelector('bdi');
    expect([untranslated?.textContent, untranslated?.getAttribute('lang'), untranslated?.getAttribute('dir')]).toEqual(['Consent', 'en', 'ltr']);
    // The row's actions say the name the reader sees.
    expect(screen.getAllByRole('button', { name: /تاريخ العين/ }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /Eye history/ })).toBeNull();
  });
});
