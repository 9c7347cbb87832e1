/**
 * The session's side flows come in a chunk of their own (src/app/sessionFlows.ts). When it cannot be loaded
 * (offline, a new deployment removed it) the reader is told, and can try again.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionMessages } from '../../src/machines/session.machine';
import { clearviewDowntown } from '../fixtures/auth';
import { fakeApi, renderAuth, tearDown } from '../fixtures/authHarness';
import type { Rendered } from '../fixtures/authHarness';

vi.mock('../../src/app/sessionFlows', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

let app: Rendered | undefined;
afterEach(() => {
  tearDown(app);
  app = undefined;
});

describe('a side flow whose chunk fails to load', () => {
  it('forgot password: the request form shows the generic message and stays usable', async () => {
    const api = fakeApi((call) =>
      call.path === '/api/portal/clearview/downtown' ? { status: 200, body: clearviewDowntown } : undefined,
    );
    app = renderAuth(`/ForgotPassword?store=${encodeURIComponent('clearview/downtown')}`);
    await app.user.type(await screen.findByLabelText('User name (email)'), 'patient@clearview.test');
    await app.user.click(await screen.findByRole('button', { name: 'Send the code' }));

    await waitFor(() => expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(sessionMessages.unexpected));
    expect(app.session.getSnapshot().hasTag('flowFailed')).toBe(true);
    const send = screen.getByRole('button', { name: 'Send the code' });
    expect(send.getAttribute('aria-disabled')).toBeNull();
    expect(api.calls.some((call) => call.path === '/api/patient/forgotpassword')).toBe(false);
  });
});
