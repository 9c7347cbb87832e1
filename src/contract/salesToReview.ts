/**
 * Sales to review (GET /api/pos/review): an offline sale the server recorded otherwise than the register sent it
 * (server/ledger/review.ts), listed on the work desk and the session's report until someone marks it reviewed.
 */
import { Uuid } from './common';
import { z } from './zod';

/**
 * Why: overpaid (money above the total kept as change or not taken), priceChanged (prices changed while offline),
 * needsConnection (a method that needs the connection was not taken: the balance stays open), storeCreditShort (more
 * store credit than the balance), soldAtMoved (its time was outside its session), parkedGone (its parked sale had
 * already been completed or removed).
 */
export const ReviewReason = z.enum(['overpaid', 'priceChanged', 'needsConnection', 'storeCreditShort', 'soldAtMoved', 'parkedGone']);
export type ReviewReason = z.infer<typeof ReviewReason>;
export const ReviewQuery = z.object({
  locationId: Uuid.optional(),
  /** open: not yet marked reviewed (default); all: the last 200 of either. */
  status: z.enum(['open', 'all'], { error: 'Status must be open or all' }).default('open'),
});
export const SaleToReview = z.object({
  invoiceId: Uuid,
  number: z.number().int(),
  locationId: Uuid,
  storeName: z.string(),
  registerName: z.string().nullable(),
  issuedAt: z.string(),
  /** Null for a walk-in. */
  patientId: Uuid.nullable(),
  patientName: z.string().nullable(),
  currency: z.string(),
  total: z.number().int(),
  paidTotal: z.number().int(),
  reasons: z.array(ReviewReason),
  /** The figures behind each reason, in minor units (e.g. overpaid: 1200). */
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
});
export type SaleToReview = z.infer<typeof SaleToReview>;
export const ReviewList = z.object({ items: z.array(SaleToReview) });
export type ReviewList = z.infer<typeof ReviewList>;
