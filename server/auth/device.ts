/**
 * The device cookie of OWASP's "slow down online guessing attacks with device cookies" (security.md): set on a
 * successful sign-in, it binds a browser to one account with an HMAC (the code key) over tenant, user and a nonce.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const DEVICE_COOKIE = 'pp_device';
export const DEVICE_COOKIE_PATH = '/api/patient';
export const DEVICE_COOKIE_SECONDS = 365 * 24 * 60 * 60;

const mac = (key: Buffer, tenantId: string, userId: string, nonce: string) =>
  createHmac('sha256', key).update(`device|${tenantId}|${userId}|${nonce}`).digest('base64url');

export function issueDeviceCookie(key: Buffer, tenantId: string, userId: string): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${tenantId}.${userId}.${nonce}.${mac(key, tenantId, userId, nonce)}`;
}

/** The cookie's nonce when it is ours and for this very account; anything else counts as no cookie. */
export function deviceNonceFor(key: Buffer, value: string | undefined, tenantId: string, userId: string): string | null {
  if (!value || value.length > 300) return null;
  const parts = value.split('.');
  if (parts.length !== 4) return null;
  const [tid, uid, nonce, sig] = parts as [string, string, string, string];
  if (tid !== tenantId || uid !== userId || !/^[A-Za-z0-9_-]{22}$/.test(nonce)) return null;
  const want = Buffer.from(mac(key, tid, uid, nonce));
  const got = Buffer.from(sig);
  return got.length === want.length && timingSafeEqual(got, want) ? nonce : null;
}
