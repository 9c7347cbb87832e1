/**
 * The signed-in user's own account (My Profile): name, photo, language, a new email address confirmed by a code
 * sent to it, a new password given with the current one, and the open sessions.
 */
import { eq, sql } from 'drizzle-orm';
import type { Profile, ProfileUpdate } from '../../src/contract/users';
import { CodesLockedError, issueCode, TooManyCodesError } from '../auth/codes';
import { openSessionsOf } from '../auth/sessions';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import { HttpError } from '../http/errors';
import { queueMessage } from '../messaging/outbox';
import { assertVersion, type Done } from '../scope/audited';

type UserRow = typeof users.$inferSelect;

export async function ownAccount(tx: Tx, userId: string, opts: { lock?: boolean } = {}): Promise<UserRow> {
  const q = tx.select().from(users).where(eq(users.id, userId));
  const [row] = opts.lock ? await q.for('update') : await q;
  if (!row) throw new HttpError(404, 'request.notFound');
  return row;
}

export function toProfile(u: UserRow): Profile {
  const language = u.language === 'en' || u.language === 'tr' || u.language === 'ar' ? u.language : null;
  return {
    displayName: u.displayName,
    email: u.email,
    photo: u.photoUrl,
    language,
    pendingEmail: u.pendingEmail,
    updatedAt: u.updatedAt.toISOString(),
  };
}

export async function updateProfile(tx: Tx, userId: string, input: ProfileUpdate, now: Date, ifMatch?: string): Done<Profile> {
  const current = await ownAccount(tx, userId, { lock: true });
  assertVersion(ifMatch, current.updatedAt);
  const [row] = await tx
    .update(users)
    .set({ ...(input.displayName !== undefined ? { displayName: input.displayName } : {}), ...(input.language ? { language: input.language } : {}), updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return { result: toProfile(row!), audit: { targetType: 'user', targetId: userId, details: { changed: Object.keys(input) } } };
}

/** The photo arrives checked by the contract (type by its first bytes, at most 64 KB) and is kept as a data URL. */
export async function setPhoto(tx: Tx, userId: string, photo: string | null, now: Date): Done<Profile> {
  await ownAccount(tx, userId, { lock: true });
  const [row] = await tx.update(users).set({ photoUrl: photo, updatedAt: now }).where(eq(users.id, userId)).returning();
  return { result: toProfile(row!), audit: { targetType: 'user', targetId: userId, details: { photo: photo ? photo.length : null } } };
}

async function emailTaken(tx: Tx, userId: string, email: string): Promise<boolean> {
  const [row] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email} and ${users.id} <> ${userId}`);
  return row !== undefined;
}

/**
 * Sends a code to the new address; the address becomes the account's only once that code comes back. An address
 * another account of the company holds gets the same answer, and a code is issued (so the send limits count alike)
 * but never mailed: the answer must not tell anyone which addresses have accounts.
 */
export async function requestEmailChange(tx: Tx, tenantId: string, userId: string, email: string, codeKey: Buffer, now: Date): Done<Profile> {
  const current = await ownAccount(tx, userId, { lock: true });
  if (email === current.email.toLowerCase()) {
    throw new HttpError(400, 'request.fieldsInvalid', { fields: { email: 'This is already your email address' } });
  }
  const taken = await emailTaken(tx, userId, email);
  let code: string;
  try {
    code = await issueCode(tx, codeKey, { tenantId, purpose: 'email-change', subjectId: userId }, now);
  } catch (err) {
    if (err instanceof TooManyCodesError) throw new HttpError(429, 'auth.tooManyCodes');
    if (err instanceof CodesLockedError) throw new HttpError(429, 'auth.codeLocked');
    throw err;
  }
  const [row] = await tx.update(users).set({ pendingEmail: email }).where(eq(users.id, userId)).returning();
  const audit = { targetType: 'user', targetId: userId, details: { pendingEmail: email, ...(taken && { addressInUse: true }) } };
  if (taken) return { result: toProfile(row!), audit };
  const ref = await queueMessage(tx, {
    tenantId,
    channel: 'email',
    recipient: email,
    userId,
    template: 'auth.email-change-code',
    subject: 'Confirm your new email address',
    body: `Your code to confirm this email address for your account is ${code}. It is valid for 10 minutes. If you did not ask for it, you can ignore this message.`,
  });
  return { result: toProfile(row!), audit, deliver: [ref] };
}

/** The confirmed address replaces the old one, which is told of the change. */
export async function applyEmailChange(tx: Tx, tenantId: string, user: UserRow, now: Date) {
  const email = user.pendingEmail!;
  if (await emailTaken(tx, user.id, email)) throw new HttpError(409, 'access.emailTaken', { params: { email } });
  const [row] = await tx.update(users).set({ email, pendingEmail: null, updatedAt: now }).where(eq(users.id, user.id)).returning();
  const ref = await queueMessage(tx, {
    tenantId,
    channel: 'email',
    recipient: user.email,
    userId: user.id,
    template: 'auth.email-changed',
    subject: 'Your email address was changed',
    body: `The email address of your account was changed to ${email}. If this was not you, please contact your store at once.`,
  });
  return { profile: toProfile(row!), ref };
}

export async function sessionsOf(tx: Tx, userId: string, currentSession: string, now: Date) {
  const rows = await openSessionsOf(tx, userId, now);
  return rows.map((f) => ({
    id: f.id,
    createdAt: f.createdAt.toISOString(),
    lastUsedAt: f.lastUsedAt.toISOString(),
    ip: f.ip,
    userAgent: f.userAgent,
    current: f.id === currentSession,
  }));
}
