/** The refresh call's rotation: a new refresh token for a live family of an enabled account of an active company. */
import { audit } from '../audit/audit';
import type { Tx } from '../db/client';
import { revokeFamily, rotateRefreshToken, type RotationRules } from './sessions';
import type { PresentedRefreshToken } from './tokens';
import { stillAdmitted } from './sign-in';
import type { UserRow } from './user-view';

/**
 * Rotates the presented refresh token (by its hash); within the grace window after its rotation it is answered the
 * same successor again (rotateRefreshToken). Null when it is refused: unknown, reused (the family is revoked), of an
 * ended family, or of a disabled account or suspended company (its family is revoked); a refusal of a known token is
 * audited. The new access token carries the roles the account holds now, read in this transaction.
 */
export async function refreshSession(
  tx: Tx,
  presented: PresentedRefreshToken,
  rules: RotationRules,
  now: () => Date,
  ip: string,
): Promise<{ refreshToken: string; familyId: string; user: UserRow } | null> {
  const { tenantId } = presented;
  const outcome = await rotateRefreshToken(tx, presented, now(), rules);
  if (outcome.kind === 'unknown') return null;
  const user = await stillAdmitted(tx, outcome.userId, null);
  if (outcome.kind === 'rotated' && !user) {
    await revokeFamily(tx, outcome.familyId, 'disabled', now());
    return null;
  }
  if (outcome.kind !== 'rotated') {
    await audit(tx, {
      tenantId,
      action: outcome.kind === 'reused' ? 'token.reuse_detected' : 'token.refresh',
      outcome: 'denied',
      actorUserId: outcome.userId,
      ip,
      details: { familyId: outcome.familyId, ...(outcome.kind === 'ended' ? { reason: outcome.reason } : {}) },
    });
    return null;
  }
  await audit(tx, {
    tenantId,
    action: 'token.refresh',
    outcome: 'success',
    actorUserId: outcome.userId,
    ip,
    details: { familyId: outcome.familyId, ...(outcome.withinGrace ? { withinGrace: true } : {}) },
  });
  return { refreshToken: outcome.refreshToken, familyId: outcome.familyId, user: user! };
}
