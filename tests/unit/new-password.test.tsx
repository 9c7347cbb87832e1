/**
 * Choosing a new password (the forgotten-password flow's last step, the new user's page): an empty submit is refused in the reader's
 * language ('Required' at each field, a focused summary linking them, nothing sent), not by the browser's bubble;
 * 'too short' is not shown while the person is still typing, only after a submit; 'too short' and a differing
 * repetition are refused the same way, each said at its field in the words the summary links it with. A server's
 * refusal clears when the person edits, so a new refused submit shows one summary, the newest.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { description } from '../fixtures/accessibleText';
import { clearviewDowntown, newUserLogin } from '../fixtures/auth';
import { fakeApi, renderAuth, tearDown } from '../fixtures/authHarness';
import type { Call, Rendered, Reply } from '../fixtures/authHarness';

let app: Rendered | undefined;
afterEach(() => {
  tearDown(app);
  app = undefined;
});

const forgotPasswordApi = (call: Call): Reply | undefined => {
  if (call.path === '/api/portal/clearview/downtown') return { status: 200, body: clearviewDowntown };
  if (call.path === '/api/patient/forgotpassword') return { status: 200, body: { sent: true } };
  if (call.path === '/api/patient/otpsubmit') return { status: 200, body: { resetToken: 'reset-token' } };
  return undefined;
};

/** Asks for a code at the store's forgotten-password page and enters it: the new-password step. */
async function toForgotPasswordStep(rendered: Rendered) {
  await rendered.user.type(await screen.findByLabelText('User name (email)'), 'patient@clearview.test');
  await rendered.user.click(await screen.findByRole('button', { name: 'Send the code' }));
  await rendered.user.type(await screen.findByLabelText('Authentication code'), '123456');
  await rendered.user.click(screen.getByRole('button', { name: 'Submit' }));
  return screen.findByRole('button', { name: 'Save the password' });
}

/**
 * After a refused submit: the focused summary's links, each the field's label and the very message the field itself
 * says (its description); following a link focuses the field. Returns the links' texts.
 */
async function refusedFields(rendered: Rendered) {
  const summary = await screen.findByRole('alert');
  await waitFor(() => expect(document.activeElement).toBe(summary));
  // One alert: the differing repetition is not a second message apart from its field.
  expect(screen.getAllByRole('alert')).toHaveLength(1);
  const links = within(summary).getAllByRole('link');
  for (const link of links) {
    const [label, message] = link.textContent!.split(': ');
    const field = screen.getByLabelText(label!);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(description(field)).toBe(message);
    await rendered.user.click(link);
    expect(document.activeElement).toBe(field);
  }
  return links.map((link) => link.textContent);
}

describe('the forgotten-password new-password step', () => {
  it("refuses an empty submit with 'Required' and a focused summary; 'too short' only after a submit", async () => {
    const api = fakeApi(forgotPasswordApi);
    app = renderAuth(`/ForgotPassword?store=${encodeURIComponent('clearview/downtown')}`);
    const save = await toForgotPasswordStep(app);
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

  it('refuses a too-short password and a differing repetition after submit: a focused summary linking each field, which says the same', async () => {
    const api = fakeApi(forgotPasswordApi);
    app = renderAuth(`/ForgotPassword?store=${encodeURIComponent('clearview/downtown')}`);
    const save = await toForgotPasswordStep(app);
    await app.user.type(screen.getByLabelText('New password'), 'short');
    await app.user.type(screen.getByLabelText('Repeat the new password'), 'shorter');
    await app.user.click(save);
    expect(await refusedFields(app)).toEqual([
      'New password: The password must have at least 12 characters',
      'Repeat the new password: The two passwords do not match.',
    ]);

    // Long enough now, but still not the same twice: only the repetition is refused.
    await app.user.clear(screen.getByLabelText('New password'));
    await app.user.type(screen.getByLabelText('New password'), 'Twelve-or-more-1');
    await app.user.click(save);
    expect(await refusedFields(app)).toEqual(['Repeat the new password: The two passwords do not match.']);
    expect(api.calls.some((call) => call.path === '/api/patient/passwordReset')).toBe(false);

    await app.user.clear(screen.getByLabelText('Repeat the new password'));
    await app.user.type(screen.getByLabelText('Repeat the new password'), 'Twelve-or-more-1');
    await app.user.click(save);
    await waitFor(() => expect(api.calls.find((call) => call.path === '/api/patient/passwordReset')?.body).toMatchObject({ password: 'Twelve-or-more-1' }));
  });

  it('says it in Arabic, at the fields and in the summary', async () => {
    fakeApi(forgotPasswordApi);
    app = renderAuth(`/ForgotPassword?store=${encodeURIComponent('clearview/downtown')}`);
    await toForgotPasswordStep(app);
    await app.user.click(screen.getByRole('radio', { name: 'العربية' }));
    await app.user.type(await screen.findByLabelText('كلمة المرور الجديدة'), 'short');
    await app.user.type(screen.getByLabelText('أعد كتابة كلمة المرور الجديدة'), 'shorter');
    await app.user.click(screen.getByRole('button', { name: 'حفظ كلمة المرور' }));
    expect(await refusedFields(app)).toEqual([
      'كلمة المرور الجديدة: يجب ألا تقل كلمة المرور عن 12 حرفًا',
      'أعد كتابة كلمة المرور الجديدة: كلمتا المرور غير متطابقتين.',
    ]);
  });
});

const newUserApi = (call: Call): Reply | undefined => {
  if (call.path === '/api/portal/clearview/downtown') return { status: 200, body: clearviewDowntown };
  if (call.path === '/api/patient/login') return { status: 200, body: newUserLogin };
  if (call.path === '/api/patient/authcode') return { status: 200, body: { role: ['newuser'], isauth: true, codeRequired: false, error: null } };
  if (call.path === '/api/patient/sendotp') return { status: 200, body: { user: { email: 'newuser@clearview.test' }, error: null } };
  return undefined;
};

/** Signs in with the temporary password, asks for the code and enters it: the new-password fields. */
async function toNewUserStep(rendered: Rendered) {
  await rendered.user.type(await screen.findByLabelText('User name (email)'), 'newuser@clearview.test');
  await rendered.user.type(screen.getByLabelText('Password'), 'Temporary-Pass-1');
  await rendered.user.click(screen.getByRole('button', { name: 'Sign in' }));
  await rendered.user.click(await screen.findByRole('button', { name: 'Click to Get OTP' }, { timeout: 5000 }));
  await rendered.user.type(await screen.findByLabelText('Authentication code'), '123456');
  return screen.getByRole('button', { name: 'Save the password' });
}

describe('the new-user page', () => {
  it("refuses an empty new password with 'Required' and a focused summary, nothing sent", async () => {
    const api = fakeApi(newUserApi);
    app = renderAuth('/clearview/downtown');
    await app.user.click(await toNewUserStep(app));
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual(['New password: Required', 'Repeat the new password: Required']);
    expect(api.calls.some((call) => call.path === '/api/patient/cpassword')).toBe(false);
  });

  it('refuses a too-short password, then a differing repetition, after submit: a focused summary linking the field, which says the same', async () => {
    const api = fakeApi(newUserApi);
    app = renderAuth('/clearview/downtown');
    const save = await toNewUserStep(app);
    await app.user.type(screen.getByLabelText('New password'), 'short');
    await app.user.type(screen.getByLabelText('Repeat the new password'), 'short');
    await app.user.click(save);
    expect(await refusedFields(app)).toEqual(['New password: The password must have at least 12 characters']);

    await app.user.clear(screen.getByLabelText('New password'));
    await app.user.type(screen.getByLabelText('New password'), 'Twelve-or-more-1');
    await app.user.clear(screen.getByLabelText('Repeat the new password'));
    await app.user.type(screen.getByLabelText('Repeat the new password'), 'Twelve-or-more-2');
    await app.user.click(save);
    expect(await refusedFields(app)).toEqual(['Repeat the new password: The two passwords do not match.']);
    expect(api.calls.some((call) => call.path === '/api/patient/cpassword')).toBe(false);
  });
});

const tooCommon = 'This password is too common. Please choose another one.';
const refusedAsTooCommon: Reply = {
  status: 400,
  body: { error: tooCommon, code: 'auth.passwordTooCommon', fields: { password: tooCommon } },
};

/**
 * The server refused a new password: its summary and the field's message go as soon as the person edits; a new
 * refused submit then shows the form's own summary alone.
 */
async function serverRefusalGivesWayToTheNewest(rendered: Rendered, save: HTMLElement) {
  await rendered.user.type(screen.getByLabelText('New password'), 'Password1234');
  await rendered.user.type(screen.getByLabelText('Repeat the new password'), 'Password1234');
  await rendered.user.click(save);
  const serverSummary = await screen.findByRole('alert');
  expect(serverSummary.textContent).toBe(tooCommon);
  const password = screen.getByLabelText('New password');
  expect(description(password)).toBe(tooCommon);

  await rendered.user.clear(password);
  await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  expect(password.hasAttribute('aria-invalid')).toBe(false);
  expect(description(password)).toBe('');

  await rendered.user.type(password, 'short');
  await rendered.user.click(save);
  expect(await refusedFields(rendered)).toEqual([
    'New password: The password must have at least 12 characters',
    'Repeat the new password: The two passwords do not match.',
  ]);
  expect(screen.queryByText(tooCommon)).toBeNull();
}

describe("the server's refusal of a new password", () => {
  it('on the forgotten-password step clears when the person edits, and a new refused submit shows one summary', async () => {
    fakeApi((call) => (call.path === '/api/patient/passwordReset' ? refusedAsTooCommon : forgotPasswordApi(call)));
    app = renderAuth(`/ForgotPassword?store=${encodeURIComponent('clearview/downtown')}`);
    await serverRefusalGivesWayToTheNewest(app, await toForgotPasswordStep(app));
  });

  it('on the new-user page clears when the person edits, and a new refused submit shows one summary', async () => {
    fakeApi((call) => (call.path === '/api/patient/cpassword' ? refusedAsTooCommon : newUserApi(call)));
    app = renderAuth('/clearview/downtown');
    await serverRefusalGivesWayToTheNewest(app, await toNewUserStep(app));
  });
});

describe("the forgotten-password request's refusal", () => {
  it('clears when the person edits the email, and an empty submit then shows the form summary alone', async () => {
    const tooMany = 'Too many codes were requested. Please try again in an hour.';
    fakeApi((call) =>
      call.path === '/api/patient/forgotpassword' ? { status: 429, body: { error: tooMany, code: 'auth.tooManyCodes' } } : forgotPasswordApi(call),
    );
    app = renderAuth(`/ForgotPassword?store=${encodeURIComponent('clearview/downtown')}`);
    const email = await screen.findByLabelText('User name (email)');
    await app.user.type(email, 'patient@clearview.test');
    await app.user.click(screen.getByRole('button', { name: 'Send the code' }));
    expect((await screen.findByRole('alert')).textContent).toBe(tooMany);

    await app.user.clear(email);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await app.user.click(screen.getByRole('button', { name: 'Send the code' }));
    expect(await refusedFields(app)).toEqual(['User name (email): Required']);
  });
});
