import argon2 from 'argon2';
import { commonPasswords } from './common-passwords';

/** argon2id with the parameters of security.md: 19 MiB, 2 passes, 1 lane. */
const options = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

/** Bounds hashing work so a flood of sign-ins cannot starve the server: a few at a time, a short queue. */
const MAX_CONCURRENT = 4;
const MAX_WAITING = 64;
let running = 0;
const waiting: (() => void)[] = [];

export class ServerBusyError extends Error {}

async function bounded<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) {
    if (waiting.length >= MAX_WAITING) throw new ServerBusyError('too many password checks waiting');
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export function hashPassword(password: string): Promise<string> {
  return bounded(() => argon2.hash(password, options));
}

/** A fixed hash to verify against when the account does not exist, so timing does not tell. */
let dummyHash: Promise<string> | undefined;

/** A password check as sign-in runs it: the account's hash, or null for none (a dummy hash of the same cost). */
export type PasswordCheck = (hash: string | null, password: string) => Promise<boolean>;

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  dummyHash ??= argon2.hash('not-an-account-password', options);
  const against = hash ?? (await dummyHash);
  const ok = await bounded(() => argon2.verify(against, password).catch(() => false));
  return hash !== null && ok;
}

export type PasswordProblem = 'auth.passwordTooCommon' | 'auth.passwordIsUserName' | 'auth.passwordTooSimple';

/** Why a new password is refused (its error code), or null. Length limits are in the contract; this adds what a schema can't. */
export function passwordProblem(password: string, email: string): PasswordProblem | null {
  const lower = password.toLowerCase();
  if (commonPasswords.has(lower)) return 'auth.passwordTooCommon';
  if (lower === email.toLowerCase() || lower === email.toLowerCase().split('@')[0]) return 'auth.passwordIsUserName';
  if (new Set(password).size < 4) return 'auth.passwordTooSimple';
  return null;
}
