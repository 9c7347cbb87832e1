/** The discount limit of a role at a store: the store's setting for staff (location_policies), none for admins. */
import { eq } from 'drizzle-orm';
import { defaultStaffDiscountLimitBp, type Pricing } from '../../src/contract/pos';
import { discountWithinLimit } from '../../src/contract/money';
import type { Tx } from '../db/client';
import { locationPolicies } from '../db/schema-records';
import { HttpError } from '../http/errors';
import type { Scope } from '../scope/scope';

/** The caller's limit at a store in basis points; null: none (admins). */
export async function discountLimitBp(tx: Tx, scope: Scope, locationId: string): Promise<number | null> {
  if (scope.roles.includes('admin')) return null;
  const [policy] = await tx.select({ limit: locationPolicies.staffDiscountLimitBp }).from(locationPolicies).where(eq(locationPolicies.locationId, locationId));
  return policy?.limit ?? defaultStaffDiscountLimitBp;
}

/** Refused (403) when a line's discount (its own and its share of the order's) is over the caller's limit at the store. */
export async function requireDiscountWithinLimit(tx: Tx, scope: Scope, locationId: string, pricing: Pricing): Promise<void> {
  const limit = await discountLimitBp(tx, scope, locationId);
  if (!discountWithinLimit(pricing, limit)) throw new HttpError(403, 'pos.discountOverLimit', { params: { limit: (limit ?? 0) / 100 } });
}
