/**
 * The secrets of the public eForm flow:
 * - the encrypted tenant the page sends as X-Tenant-ID (AES-256-GCM, fresh IV each time, authenticated: a forged or
 *   altered value does not decrypt);
 * - the link token (256 random bits) and its keyed hash, the only form in which it is stored;
 * - the form token: a short-lived EdDSA JWT with its own audience ('eform'), so it is never a session token and
 *   a session token is never one. It names the tenant, the assignment, the form and the link it was opened with.
 * The symmetric keys are derived (HKDF-SHA256) from the installation's code secret (server/db/secrets.ts), so
 * they live where that secret lives (environment or the server_secrets table) and need no extra setting.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { Secrets } from '../db/secrets';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A public eForm call: any Authorization header is a form token (read by the route), never a session token,
     * and X-Tenant-ID carries the encrypted tenant. The app's hooks leave such requests as a guest's.
     */
    eformPublic?: boolean;
  }
}

export const FORM_TOKEN_SECONDS = 30 * 60;
const ISSUER = 'patient-portal';
const FORM_AUDIENCE = 'eform';

const derived = new WeakMap<Buffer, { tenantKey: Buffer; linkKey: Buffer }>();
function keys(secrets: Secrets) {
  let k = derived.get(secrets.codeKey);
  if (!k) {
    const derive = (info: string) => Buffer.from(hkdfSync('sha256', secrets.codeKey, Buffer.alloc(0), info, 32));
    k = { tenantKey: derive('eform-tenant-v1'), linkKey: derive('eform-link-v1') };
    derived.set(secrets.codeKey, k);
  }
  return k;
}

const uuidBytes = (id: string) => Buffer.from(id.replaceAll('-', ''), 'hex');
const bytesUuid = (b: Buffer) => {
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

export function encryptTenant(secrets: Secrets, tenantId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys(secrets).tenantKey, iv);
  const body = Buffer.concat([cipher.update(uuidBytes(tenantId)), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The tenant id, or null for anything that is not a value we encrypted (wrong length, altered, garbage). */
export function decryptTenant(secrets: Secrets, value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 200 || !/^[A-Za-z0-9_-]+$/.test(value)) return null;
  const raw = Buffer.from(value, 'base64url');
  if (raw.length !== 12 + 16 + 16) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keys(secrets).tenantKey, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(28));
    const plain = Buffer.concat([decipher.update(raw.subarray(12, 28)), decipher.final()]);
    return bytesUuid(plain);
  } catch {
    return null;
  }
}

export function newLinkToken(secrets: Secrets): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(secrets, token) };
}

export function hashLinkToken(secrets: Secrets, token: string): string {
  return createHmac('sha256', keys(secrets).linkKey).update(token).digest('hex');
}

export interface FormTokenClaims {
  /** Tenant. */
  tid: string;
  /** Assignment id (also the subject). */
  aid: string;
  /** Form id. */
  fid: string;
  /** The link (hash prefix) it was opened with: a resent link ends the tokens of the old one. */
  lnk: string;
}

export function signFormToken(secrets: Secrets, c: FormTokenClaims, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ tid: c.tid, fid: c.fid, lnk: c.lnk })
    .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT' })
    .setSubject(c.aid)
    .setIssuer(ISSUER)
    .setAudience(FORM_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + FORM_TOKEN_SECONDS)
    .sign(secrets.signingKey);
}

const FormClaims = z.object({ sub: z.uuid(), tid: z.uuid(), fid: z.uuid(), lnk: z.string().length(32) });

export async function verifyFormToken(secrets: Secrets, token: string | undefined, now: Date): Promise<FormTokenClaims | null> {
  if (!token || token.length > 2000) return null;
  try {
    const { payload } = await jwtVerify(token, secrets.verifyKey, {
      algorithms: ['EdDSA'],
      issuer: ISSUER,
      audience: FORM_AUDIENCE,
      currentDate: now,
    });
    const c = FormClaims.safeParse(payload);
    return c.success ? { tid: c.data.tid, aid: c.data.sub, fid: c.data.fid, lnk: c.data.lnk } : null;
  } catch {
    return null;
  }
}

export const linkMark = (linkHash: string) => linkHash.slice(0, 32);
