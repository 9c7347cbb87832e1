/**
 * A signed-in patient opens a form from the dashboard's 'Forms to fill in' and fills it in on their own
 * session: no code is asked for, the answers go to /api/my/forms/{id}/submit once, and the page leads home after.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OwnFormPage } from '../../src/views/eforms/OwnFormPage';
import { formRecord } from '../machines/eformFixtures';
import type { Call, Reply } from '../fixtures/fakeApi';
import { renderPage, tearDownPage } from './records-harness';

const assignmentId = 'c1ea0000-0000-4000-8000-000000120001';
let rendered: ReturnType<typeof renderPage> | undefined;
afterEach(() => {
  tearDownPage(rendered);
  rendered = undefined;
});

function ownFormApi(card = formRecord({ isAuth: false, assignId: assignmentId })) {
  const submitted: unknown[] = [];
  const api = (call: Call): Reply => {
    if (call.method === 'GET' && call.path === `/api/my/forms/${assignmentId}`) return { status: 200, body: card };
    if (call.method === 'POST' && call.path === `/api/my/forms/${assignmentId}/submit`) {
      submitted.push(call.body);
      return { status: 200, body: { submitted: true, alreadySubmitted: false } };
    }
    return { status: 404, body: { error: 'Not found' } };
  };
  return { api, submitted };
}

describe("the patient's own form", { timeout: 30_000 }, () => {
  it('opens with no code, submits the answers once and offers the way home', async () => {
    const { api, submitted } = ownFormApi();
    rendered = renderPage(<OwnFormPage assignmentId={assignmentId} />, { api });
    const { user } = rendered;
    expect(await screen.findByRole('heading', { name: 'Your eye health' })).toBeTruthy();
    expect(screen.queryByLabelText(/code/i)).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Blurry vision' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('heading', { name: 'Thank You!' })).toBeTruthy();
    expect(submitted).toHaveLength(1);
    expect(JSON.stringify(submitted[0])).toContain('"blurry"');
    expect(screen.getByRole('link', { name: 'Back to my home page' }).getAttribute('href')).toBe('/admin/dashboard/patients');
  });

  it('a refused submit focuses the summary saying why, and keeps the answers', async () => {
    const { api } = ownFormApi();
    rendered = renderPage(<OwnFormPage assignmentId={assignmentId} />, {
      api: (call) =>
        call.method === 'POST' ? { status: 503, body: { error: 'The service is unavailable. Please try again later.', code: 'server.unavailable' } } : api(call),
    });
    const { user } = rendered;
    await screen.findByRole('heading', { name: 'Your eye health' });
    await user.click(screen.getByRole('checkbox', { name: 'Blurry vision' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(summary.textContent).not.toBe('');
    expect((screen.getByRole('checkbox', { name: 'Blurry vision' }) as HTMLInputElement).checked).toBe(true);
  });

  it('a form already filled in says so', async () => {
    const { api } = ownFormApi({ ...formRecord({ isAuth: false, assignId: assignmentId }), isSubmitted: 1, sectionlists: undefined });
    rendered = renderPage(<OwnFormPage assignmentId={assignmentId} />, { api });
    await waitFor(() => expect(screen.getByRole('link', { name: 'Back to my home page' })).toBeTruthy());
  });
});
