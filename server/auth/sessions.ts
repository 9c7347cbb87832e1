import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { refreshFamilies, refreshTokens } from '../db/schema';
import { newRefreshToken } from './tokens';

/** A family lives at most 12 hours; it ends after 15 idle minutes (kiosk: 2). */
export const FAMILY_MAX_SECONDS = 12 * 60 * 60;
export const IDLE_SECONDS = 15 * 60;
export const KIOSK_IDLE_SECONDS = 2 * 60;

export async function createSession(
  tx: Tx,
  opts: { tenantId: string; userId: string; kiosk: boolean; ip: string; userAgent: string | undefined; now: Date },
): Promise<{ familyId: string; refreshToken: string }> {
  const [family] = await tx
    .insert(refreshFamilies)
    .values({
      tenantId: opts.tenantId,
      userId: opts.userId,
      createdAt: opts.now,
      lastUsedAt: opts.now,
      absoluteExpiresAt: new Date(opts.now.getTime() + FAMILY_MAX_SECONDS * 1000),
      idleSeconds: opts.kiosk ? KIOSK_IDLE_SECONDS : IDLE_SECONDS,
      ip: opts.ip,
      userAgent: opts.userAgent?.slice(0, 300) ?? null,
    })
    .returning({ id: refreshFamilies.id });
  const { token, hash } = newRefreshToken(opts.tenantId);
  await tx.insert(refreshTokens).values({ tenantId: opts.tenantId, tokenHash: hash, familyId: family!.id, createdAt: opts.now });
  return { familyId: family!.id, refreshToken: token };
}

/**
 * The session of the new-user token: it lives as long as that token, has no refresh token, and ends at logout or
 * once the first password is set.
 */
export async function createNewUserSession(
  tx: Tx,
  opts: { tenantId: string; userId: string; ip: string; userAgent: string | undefined; now: Date; seconds: number },
): Promise<string> {
  const [family] = await tx
    .insert(refreshFamilies)
    .values({
      tenantId: opts.tenantId,
      userId: opts.userId,
      createdAt: opts.now,
      lastUsedAt: opts.now,
      absoluteExpiresAt: new Date(opts.now.getTime() + opts.seconds * 1000),
      idleSeconds: opts.seconds,
      ip: opts.ip,
      userAgent: opts.userAgent?.slice(0, 300) ?? null,
    })
    .returning({ id: refreshFamilies.id });
  return family!.id;
}

export type RotateOutcome =
  | { kind: 'rotated'; refreshToken: string; familyId: string; userId: string }
  | { kind: 'unknown' }
  | { kind: 'reused'; familyId: string; userId: string }
  | { kind: 'ended'; familyId: string; userId: string; reason: string };

/** Exchanges a refresh token for a new one in the same family; a token presented twice revokes the family. */
export async function rotateRefreshToken(tx: Tx, tenantId: string, hash: string, now: Date): Promise<RotateOutcome> {
  const [row] = await tx
    .select({ token: refreshTokens, family: refreshFamilies })
    .from(refreshTokens)
    .innerJoin(
      refreshFamilies,
      and(eq(refreshFamilies.tenantId, refreshTokens.tenantId), eq(refreshFamilies.id, refreshTokens.familyId)),
    )
    .where(eq(refreshTokens.tokenHash, hash))
    .for('update');
  if (!row) return { kind: 'unknown' };
  const { token, family } = row;
  const ids = { familyId: family.id, userId: family.userId };
  if (family.revokedAt) return { kind: 'ended', ...ids, reason: family.revokedReason ?? 'revoked' };
  if (token.rotatedAt) {
    await revokeFamily(tx, family.id, 'reuse', now);
    return { kind: 'reused', ...ids };
  }
  if (family.absoluteExpiresAt <= now) {
    await revokeFamily(tx, family.id, 'expired', now);
    return { kind: 'ended', ...ids, reason: 'expired' };
  }
  if (family.lastUsedAt.getTime() + family.idleSeconds * 1000 <= now.getTime()) {
    await revokeFamily(tx, family.id, 'idle', now);
    return { kind: 'ended', ...ids, reason: 'idle' };
  }
  await tx
    .update(refreshTokens)
    .set({ rotatedAt: now })
    .where(and(eq(refreshTokens.tenantId, tenantId), eq(refreshTokens.tokenHash, hash)));
  await tx
    .update(refreshFamilies)
    .set({ lastUsedAt: now })
    .where(and(eq(refreshFamilies.tenantId, tenantId), eq(refreshFamilies.id, family.id)));
  const next = newRefreshToken(tenantId);
  await tx.insert(refreshTokens).values({ tenantId, tokenHash: next.hash, familyId: family.id, createdAt: now });
  return { kind: 'rotated', refreshToken: next.token, ...ids };
}

export async function revokeFamily(tx: Tx, familyId: string, reason: string, now: Date): Promise<void> {
  await tx
    .update(refreshFamilies)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(refreshFamilies.id, familyId), isNull(refreshFamilies.revokedAt)));
}

/** Ends every session of a user at once (password change, account disabled). */
export async function revokeAllSessions(tx: Tx, userId: string, reason: string, now: Date): Promise<void> {
  await tx
    .update(refreshFamilies)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(refreshFamilies.userId, userId), isNull(refreshFamilies.revokedAt)));
}

/** A user's sessions still open at `now` (not revoked, not past their lifetime or idle time), newest use first. */
export async function openSessionsOf(tx: Tx, userId: string, now: Date) {
  const rows = await tx
    .select()
    .from(refreshFamilies)
    .where(and(eq(refreshFamilies.userId, userId), isNull(refreshFamilies.revokedAt), gt(refreshFamilies.absoluteExpiresAt, now)))
    .orderBy(desc(refreshFamilies.lastUsedAt));
  return rows.filter((f) => f.lastUsedAt.getTime() + f.idleSeconds * 1000 > now.getTime());
}

/** Ends every session of a user but `keep` (sign out everywhere else, a password changed by the user); how many ended. */
export async function revokeOtherSessions(tx: Tx, userId: string, keep: string, reason: string, now: Date): Promise<number> {
  const ended = await tx
    .update(refreshFamilies)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(refreshFamilies.userId, userId), isNull(refreshFamilies.revokedAt), ne(refreshFamilies.id, keep)))
    .returning({ id: refreshFamilies.id });
  return ended.length;
}
