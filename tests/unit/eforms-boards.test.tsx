/**
 * The eForm boards page's new-board form: the browser does not block an empty name itself; the form says 'Required'
 * at the field and in the summary that takes the focus, and sends nothing; the server's refusal is summarised too.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BoardsPage } from '../../src/views/eforms/admin/BoardsPage';
import type { Call } from '../fixtures/fakeApi';
import { renderAdminScreen } from './eformsAdminHarness';

const locationId = '11111111-1111-4111-8111-111111111111';

afterEach(() => cleanup());

describe('the new-board form', () => {
  it("an empty name: 'Required' at the field and in the focused summary, nothing sent; the server's message likewise", async () => {
    const posts: Call[] = [];
    const { user } = renderAdminScreen(`/admin/eforms/boards/${locationId}`, <BoardsPage locationId={locationId} />, (call) => {
      if (call.path.startsWith('/api/patient/formstores')) return { status: 200, body: { boards: [] } };
      if (call.path === '/api/stores') return { status: 200, body: { stores: [] } };
      if (call.method === 'POST') {
        posts.push(call);
        return { status: 400, body: { error: 'Please correct the highlighted fields.', code: 'request.fieldsInvalid', fields: { name: 'Board name must be up to 80 characters' } } };
      }
      return { status: 404, body: { error: 'Not found.', code: 'request.notFound' } };
    });
    const name = await screen.findByRole('textbox', { name: 'New board name' });
    await user.click(screen.getByRole('button', { name: 'Create board' }));
    let summary = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    await user.click(within(summary).getByRole('link', { name: 'New board name: Required' }));
    expect(document.activeElement).toBe(name);
    expect(posts).toEqual([]);

    await user.type(name, 'Intake');
    await user.click(screen.getByRole('button', { name: 'Create board' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    summary = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(within(summary).getByRole('link').textContent).toBe('New board name: Board name must be up to 80 characters');
  });
});
