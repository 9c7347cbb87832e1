import { createHash, createHmac, randomBytes } from 'node:crypto';
import { compactVerify, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { Role } from '../../src/contract/common';
import type { Secrets } from '../db/secrets';

export const ACCESS_TOKEN_SECONDS = 10 * 60;
const ISSUER = 'patient-portal';
const AUDIENCE = 'patient-portal-api';

const Claims = z.object({
  sub: z.uuid(),
  tid: z.uuid(),
  roles: z.array(Role),
  /** Session (refresh family) id: every token has one, so logout (which ends the session) ends the token too. */
  sid: z.uuid(),
  /** The store the user signed in at. */
  loc: z.uuid().optional(),
});
export type AccessClaims = z.infer<typeof Claims>;

export async function signAccessToken(secrets: Secrets, claims: AccessClaims, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ tid: claims.tid, roles: claims.roles, sid: claims.sid, loc: claims.loc })
    .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
    .sign(secrets.signingKey);
}

/** Verifies signature (EdDSA only), issuer, audience and expiry; null for anything else. */
async function verifyWithExpiry(secrets: Secrets, token: string, now: Date): Promise<{ claims: AccessClaims; expiresAt: number } | null> {
  try {
    const { payload } = await jwtVerify(token, secrets.verifyKey, {
      algorithms: ['EdDSA'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now,
    });
    const claims = Claims.safeParse(payload);
    return claims.success && payload.exp ? { claims: claims.data, expiresAt: payload.exp * 1000 } : null;
  } catch {
    return null;
  }
}

/**
 * The access token's check (verifyWithExpiry), with the tokens it accepted kept until they expire: the signature check is a tenth of an
 * authenticated read's CPU (docs/operations.md), and a token says the same thing on every request. Only accepted
 * tokens are kept (refused ones would let anyone fill the memory), at most `max`, the oldest dropped first.
 * Revocation is unaffected: every request still checks that the token's session is live (request.inTenant).
 */
export function createAccessTokenVerifier(secrets: Secrets, max = 10_000) {
  const accepted = new Map<string, { claims: AccessClaims; expiresAt: number }>();
  return async (token: string, now: Date): Promise<AccessClaims | null> => {
    const known = accepted.get(token);
    if (known) {
      if (now.getTime() < known.expiresAt) return known.claims;
      accepted.delete(token);
    }
    const verified = await verifyWithExpiry(secrets, token, now);
    if (!verified) return null;
    if (accepted.size >= max) accepted.delete(accepted.keys().next().value!);
    accepted.set(token, verified);
    return verified.claims;
  };
}

/**
 * The claims of one of our own tokens whatever its age: the signature is checked, the expiry is not. For the
 * refresh call, which receives the expired access token and keeps its store.
 */
export async function readOwnExpiredToken(secrets: Secrets, token: string): Promise<AccessClaims | null> {
  try {
    const { payload, protectedHeader } = await compactVerify(token, secrets.verifyKey, { algorithms: ['EdDSA'] });
    if (protectedHeader.alg !== 'EdDSA') return null;
    const claims = Claims.safeParse(JSON.parse(new TextDecoder().decode(payload)));
    return claims.success ? claims.data : null;
  } catch {
    return null;
  }
}

/** A refresh token: the tenant (not secret, tells where to look) and 256 random bits. Only the hash is stored. */
export function newRefreshToken(tenantId: string): { token: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { token: `${tenantId}.${secret}`, hash: hashToken(secret) };
}

/**
 * The token that replaces a presented one: derived from it with a server key (the code key, under its own label),
 * not drawn at random, so a second presentation within the grace window is answered the same successor without the
 * successor being stored anywhere but as its hash. Without the key nobody can derive it.
 */
export function successorRefreshToken(key: Buffer, tenantId: string, secret: string): { token: string; hash: string } {
  const next = createHmac('sha256', key).update('refresh-successor\0').update(secret).digest('base64url');
  return { token: `${tenantId}.${next}`, hash: hashToken(next) };
}

export interface PresentedRefreshToken {
  tenantId: string;
  secret: string;
  hash: string;
}

export function parseRefreshToken(token: string | undefined): PresentedRefreshToken | null {
  if (!token || token.length > 200) return null;
  const [tenantId, secret, ...rest] = token.split('.');
  if (rest.length || !tenantId || !secret || !z.uuid().safeParse(tenantId).success) return null;
  return { tenantId, secret, hash: hashToken(secret) };
}

export function hashToken(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
