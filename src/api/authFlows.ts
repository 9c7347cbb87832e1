import { refreshAccessToken } from './auth';
import { ApiError, apiRequest } from './http';
import type { Shape } from './shapes';
import type * as AuthContract from '../contract/auth';

/**
 * The calls of the new-user and forgot-password flows, and the logout. Their own chunk: the session's actors load it
 * with the logout or with a flow's machine (src/app/sessionActor.ts), so a sign-in page that never needs them does
 * not carry them.
 */
const schema =
  <T>(pick: (contract: typeof AuthContract) => Shape<T>) =>
  () =>
    import('../contract/auth').then(pick);

/** New-user flow: emails a code to the account signed in with its temporary password. */
export async function sendNewUserCode(accessToken: string, signal?: AbortSignal) {
  const answer = await apiRequest('/api/patient/sendotp', {
    method: 'POST',
    accessToken,
    body: {},
    schema: schema((c) => c.SendOtpResponse),
    signal,
  });
  if (answer.error) throw new ApiError(400, { error: answer.error });
  return { sentTo: answer.user?.email ?? null };
}

/** New-user flow: the emailed code and the new password; opens the full session. */
export function changePassword(
  { accessToken, vcode, password }: { accessToken: string; vcode: string; password: string },
  signal?: AbortSignal,
) {
  return apiRequest('/api/patient/cpassword', {
    method: 'POST',
    accessToken,
    body: { vcode, password },
    schema: schema((c) => c.LoginResponse),
    signal,
  });
}

/** Forgot password, step 1: emails a reset code if the account exists (the answer never tells). */
export function requestPasswordReset({ username, tenant }: { username: string; tenant: string }, signal?: AbortSignal) {
  return apiRequest('/api/patient/forgotpassword', {
    method: 'POST',
    auth: 'none',
    body: { username, tenant },
    tenantId: tenant,
    schema: schema((c) => c.ForgotPasswordResponse),
    signal,
  });
}

/** Forgot password, step 2: the emailed code for a single-use reset token. */
export function verifyResetCode(
  { username, tenant, vcode }: { username: string; tenant: string; vcode: string },
  signal?: AbortSignal,
) {
  return apiRequest('/api/patient/otpsubmit', {
    method: 'POST',
    auth: 'none',
    body: { username, tenant, vcode },
    tenantId: tenant,
    schema: schema((c) => c.OtpSubmitResponse),
    signal,
  });
}

/** Forgot password, step 3: the new password; ends every session of the account. */
export function resetPassword({ resetToken, password }: { resetToken: string; password: string }, signal?: AbortSignal) {
  return apiRequest('/api/patient/passwordReset', {
    method: 'POST',
    auth: 'none',
    body: { resetToken, password },
    schema: schema((c) => c.PasswordResetResponse),
    signal,
  });
}

const anything: Shape<unknown> = { parse: (value) => value };

/** Revokes the refresh family on the server; the answer has no content the app needs. */
export function logout(accessToken: string, signal?: AbortSignal) {
  return apiRequest('/api/patient/logout', { method: 'POST', accessToken, schema: anything, signal });
}

/**
 * The logout of a session: an access token that ran out is renewed once so the server can still revoke the
 * session's family.
 */
export async function logoutSession(accessToken: string, signal?: AbortSignal) {
  try {
    return await logout(accessToken, signal);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
    const renewed = await refreshAccessToken(accessToken, signal);
    return renewed ? logout(renewed.accessToken, signal) : null;
  }
}
