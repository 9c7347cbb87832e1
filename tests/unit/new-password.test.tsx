/**
 * Choosing a new password (the forgotten-password flow's last step, the new user's page): an empty submit is refused in the reader's
 * language ('Required' at each field, a focused summary linking them, nothing sent), not by the browser's bubble;
 * 'too short' is not shown while the person is still typing, only after a submit.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearviewDowntown, newUserLogin } from '../fixtures/auth';
import { fakeApi, renderAuth, tearDown } from '../fixtures/authHarness';
import type { Rendered } from '../fixtures/authHarness';

let app: Rendered | undefined;
afterEach(() => {
  tearDown(app);
  app = undefined;
});

describe('the forgotten-password new-password step', () => {
  it("refuses an empty submit with 'Required' and a focused summary; 'too short' only after a submit", async () => {
    const api = fakeApi((call) => {
      if (call.path === '/api/portal/clearview/downtown') return { status: 200, body: clearviewDowntown };
      if (call.path === '/api/patient/forgotpassword') return { status: 200, body: { sent: true } };
      if (call.path === '/api/patient/otpsubmit') return { status: 200, body: { resetToken: 'reset-token' } };
      return undefined;
    });
    app = renderAuth(`/ForgotPassword?store=${encodeURIComponent('clearview/downtown')}`);
    await app.user.type(await screen.findByLabelText('User name (email)'), 'patient@clearview.test');
    await app.user.click(await screen.findByRole('button', { name: 'Send the code' }));
    await app.user.type(await screen.findByLabelText('Authentication code'), '123456');
    await app.user.click(screen.getByRole('button', { name: 'Submit' }));

    const save = await screen.findByRole('button', { name: 'Save the password' });
    await app.user.click(save);
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual(['New password: Required', 'Repeat the new password: Required']);
    const password = screen.getByLabelText('New password');
    expect(password.getAttribute('aria-invalid')).toBe('true');

    await app.user.type(password, 'short');
    await waitFor(() => expect(password.hasAttribute('aria-invalid')).toBe(false));
    expect(screen.queryByText('The password must have at least 12 characters')).toBeNull();
    await app.user.type(screen.getByLabelText('Repeat the new password'), 'short');
    await app.user.click(save);
    expect(await screen.findByText('The password must have at least 12 characters')).toBeTruthy();
    expect(api.calls.some((call) => call.path === '/api/patient/passwordReset')).toBe(false);
  });
});

describe('the new-user page', () => {
  it("refuses an empty new password with 'Required' and a focused summary, nothing sent", async () => {
    const api = fakeApi((call) => {
      if (call.path === '/api/portal/clearview/downtown') return { status: 200, body: clearviewDowntown };
      if (call.path === '/api/patient/login') return { status: 200, body: newUserLogin };
      if (call.path === '/api/patient/authcode') return { status: 200, body: { role: ['newuser'], isauth: true, codeRequired: false, error: null } };
      if (call.path === '/api/patient/sendotp') return { status: 200, body: { user: { email: 'newuser@clearview.test' }, error: null } };
      return undefined;
    });
    app = renderAuth('/clearview/downtown');
    await app.user.type(await screen.findByLabelText('User name (email)'), 'newuser@clearview.test');
    await app.user.type(screen.getByLabelText('Password'), 'Temporary-Pass-1');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await app.user.click(await screen.findByRole('button', { name: 'Click to Get OTP' }, { timeout: 5000 }));
    await app.user.type(await screen.findByLabelText('Authentication code'), '123456');
    await app.user.click(screen.getByRole('button', { name: 'Save the password' }));
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual(['New password: Required', 'Repeat the new password: Required']);
    expect(api.calls.some((call) => call.path === '/api/patient/cpassword')).toBe(false);
  });
});
