/**
 * The password writes of the new-user flow (the emailed code, then the first password) and of the forgotten-password
 * flow (the emailed code exchanged for a single-use grant, then the new password, which ends every session).
 */
import { and, eq } from 'drizzle-orm';
import { Uuid } from '../../src/contract/common';
import { audit } from '../audit/audit';
import { withTenant, type Database, type Tx } from '../db/client';
import { users } from '../db/schema';
import type { Secrets } from '../db/secrets';
import { errorText } from '../../src/contract/errorCodes';
import { HttpError } from '../http/errors';
import { queueMessage } from '../messaging/outbox';
import { fixedMessages } from '../messaging/templates';
import { codeIsCurrent, consumeCode, issueCode } from './codes';
import { hashPassword, passwordProblem } from './passwords';
import { revokeAllSessions } from './sessions';
import { findUserById, type UserRow } from './user-view';

export interface PasswordDeps {
  db: Database;
  secrets: Secrets;
  now: () => Date;
}

/**
 * The new user, when the password is acceptable and the emailed code is right; null for a wrong code (audited).
 * 403 for an account that is registered already, 400 for a password refused. In the caller's transaction, which
 * must commit on null so the wrong try counts.
 */
export async function checkNewUserCode(tx: Tx, d: PasswordDeps, tenantId: string, userId: string, vcode: string, password: string, ip: string): Promise<UserRow | null> {
  const user = await findUserById(tx, userId);
  if (!user || user.isRegistered) throw new HttpError(403, 'auth.forbidden');
  const problem = passwordProblem(password, user.email);
  if (problem) throw new HttpError(400, problem, { fields: { password: errorText(problem) } });
  if (!(await consumeCode(tx, d.secrets.codeKey, { tenantId, purpose: 'newuser', subjectId: user.id }, vcode, d.now()))) {
    await audit(tx, { tenantId, action: 'password.set', outcome: 'failure', actorUserId: user.id, ip, details: { reason: 'code' } });
    return null;
  }
  return user;
}

/** Stores the new user's first password (hashed outside the transaction): the account is registered. */
export async function storeFirstPassword(tx: Tx, tenantId: string, userId: string, passwordHash: string, now: Date, ip: string): Promise<UserRow> {
  const [user] = await tx
    .update(users)
    .set({ passwordHash, isRegistered: true, tempPasswordExpiresOn: null, passwordChangedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.isRegistered, false)))
    .returning();
  if (!user) throw new HttpError(403, 'auth.forbidden');
  await audit(tx, { tenantId, action: 'password.set', outcome: 'success', actorUserId: user.id, ip });
  return user;
}

/** Exchanges the emailed reset code for the reset token; null for a wrong code (audited). */
export async function exchangeResetCode(d: PasswordDeps, tenantId: string, userId: string, vcode: string, ip: string): Promise<string | null> {
  const grant = await withTenant(d.db, tenantId, async (tx) => {
    const subject = { tenantId, subjectId: userId };
    if (!(await consumeCode(tx, d.secrets.codeKey, { ...subject, purpose: 'reset' }, vcode, d.now()))) {
      await audit(tx, { tenantId, action: 'password.reset_code', outcome: 'failure', actorUserId: userId, ip });
      return null;
    }
    return issueCode(tx, d.secrets.codeKey, { ...subject, purpose: 'reset-grant' }, d.now(), 'grant');
  });
  return grant && `${tenantId}.${userId}.${grant}`;
}

const invalidReset = () =>
  new HttpError(400, 'auth.resetInvalid', { fields: { resetToken: errorText('auth.resetInvalid') } });

/**
 * Sets the new password with the reset token (single use), unlocks the account and ends every session of it.
 * Answers the "password changed" message to deliver; 400 for a token no longer valid or a password refused.
 * The grant is checked first, and for every user id alike: a token that is not valid gets the same answer, as fast,
 * whatever the account and the password; only then are the password rules checked and the password hashed.
 */
export async function resetPassword(d: PasswordDeps, resetToken: string, password: string, ip: string): Promise<{ tenantId: string; id: string }> {
  const [tenant, userId, grant, ...rest] = resetToken.split('.');
  if (rest.length || !grant || !Uuid.safeParse(tenant).success || !Uuid.safeParse(userId).success) throw invalidReset();
  const subject = { tenantId: tenant!, purpose: 'reset-grant' as const, subjectId: userId! };
  const user = await withTenant(d.db, tenant!, async (tx) => {
    const found = await findUserById(tx, userId!);
    const granted = await codeIsCurrent(tx, d.secrets.codeKey, subject, grant, d.now());
    return granted ? found : undefined;
  });
  if (!user) throw invalidReset();
  const problem = passwordProblem(password, user.email);
  if (problem) throw new HttpError(400, problem, { fields: { password: errorText(problem) } });
  const hash = await hashPassword(password);
  const ref = await withTenant(d.db, tenant!, async (tx) => {
    if (!(await consumeCode(tx, d.secrets.codeKey, subject, grant, d.now()))) return null;
    await tx
      .update(users)
      .set({ passwordHash: hash, passwordChangedAt: d.now(), updatedAt: d.now(), failedLoginCount: 0, lastFailedLoginAt: null })
      .where(eq(users.id, user.id));
    await revokeAllSessions(tx, user.id, 'password_change', d.now());
    await audit(tx, { tenantId: tenant!, action: 'password.reset', outcome: 'success', actorUserId: user.id, ip });
    return queueMessage(tx, { tenantId: tenant!, channel: 'email', recipient: user.email, userId: user.id, ...fixedMessages.passwordChanged() });
  });
  if (!ref) throw invalidReset();
  return ref;
}
