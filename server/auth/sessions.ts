import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { refreshFamilies, refreshTokens } from '../db/schema';
import { newRefreshToken, successorRefreshToken, type PresentedRefreshToken } from './tokens';

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
  | { kind: 'rotated'; refreshToken: string; familyId: string; userId: string; withinGrace: boolean }
  | { kind: 'unknown' }
  | { kind: 'reused'; familyId: string; userId: string }
  | { kind: 'ended'; familyId: string; userId: string; reason: string };

export interface RotationRules {
  /** The key successors are derived with (successorRefreshToken). */
  key: Buffer;
  /** How long a replaced token still answers its successor. */
  graceSeconds: number;
}

/**
 * Exchanges a refresh token for its successor in the same family. A token presented again within the grace window
 * after it was replaced (two refreshes racing, a client that lost the answer) is answered that same successor; later,
 * it revokes the family. The row lock puts a racing twin behind the first, in any process.
 */
export async function rotateRefreshToken(tx: Tx, presented: PresentedRefreshToken, now: Date, rules: RotationRules): Promise<RotateOutcome> {
  const { tenantId, hash } = presented;
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
  const withinGrace = !!token.rotatedAt && now.getTime() - token.rotatedAt.getTime() < rules.graceSeconds * 1000;
  if (token.rotatedAt && !withinGrace) {
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
  const next = successorRefreshToken(rules.key, tenantId, presented.secret);
  if (withinGrace) {
    // Only a successor this token was really replaced by: one written with another key (CODE_SECRET changed) is not.
    const [successor] = await tx
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.tenantId, tenantId), eq(refreshTokens.tokenHash, next.hash), eq(refreshTokens.familyId, family.id)));
    if (!successor) {
      await revokeFamily(tx, family.id, 'reuse', now);
      return { kind: 'reused', ...ids };
    }
  } else {
    await tx
      .update(refreshTokens)
      .set({ rotatedAt: now })
      .where(and(eq(refreshTokens.tenantId, tenantId), eq(refreshTokens.tokenHash, hash)));
    await tx.insert(refreshTokens).values({ tenantId, tokenHash: next.hash, familyId: family.id, createdAt: now });
  }
  await tx
    .update(refreshFamilies)
    .set({ lastUsedAt: now })
    .where(and(eq(refreshFamilies.tenantId, tenantId), eq(refreshFamilies.id, family.id)));
  return { kind: 'rotated', refreshToken: next.token, ...ids, withinGrace };
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
