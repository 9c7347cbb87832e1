import { z } from '../contract/zod';
import { Discount, Fitting, ProductHit } from '../contract/pos';
import type { PosSaleContext } from '../machines/posSale.machine';

/**
 * The sale being built at a register, kept on the device (localStorage, per tenant and register session) after each
 * change, so that a reload, with a connection or without, opens the register on the same sale: its lines, customer,
 * discounts and its client id (a sale that was being completed when the page went is completed again with the same id,
 * which the server records once). What the pay dialog held is not kept: leaving the dialog drops it anyway.
 */
const Uuid = z.string().min(1).max(100);
const SaleDraft = z.object({
  clientSaleId: Uuid.nullable(),
  customer: z.union([z.object({ kind: z.literal('patient'), id: Uuid, name: z.string() }), z.object({ kind: z.literal('walkIn') })]).nullable(),
  lines: z
    .array(
      z.object({
        key: Uuid,
        product: ProductHit,
        quantity: z.number().int().min(1),
        optionIds: z.array(z.string()),
        discount: Discount.nullable(),
        rxId: z.string().nullable(),
        fitting: Fitting.nullable(),
        acceptedUnitPrice: z.number().int().nullable(),
      }),
    )
    .min(1),
  selectedLine: z.string().nullable(),
  orderDiscount: Discount.nullable(),
  parkedId: z.string().nullable(),
});
export type SaleDraft = z.infer<typeof SaleDraft>;

const draftKey = (tenantId: string, registerSessionId: string) => `pos.sale.${tenantId}.${registerSessionId}`;

export const draftOf = ({ clientSaleId, customer, lines, selectedLine, orderDiscount, parkedId }: PosSaleContext): SaleDraft | null =>
  lines.length > 0 ? { clientSaleId, customer, lines, selectedLine, orderDiscount, parkedId } : null;

export function readSaleDraft(storage: Storage, tenantId: string, registerSessionId: string): SaleDraft | null {
  try {
    const text = storage.getItem(draftKey(tenantId, registerSessionId));
    if (!text) return null;
    const parsed = SaleDraft.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    // Storage refused or a draft of another version: the register starts on a new sale.
    return null;
  }
}

export function writeSaleDraft(storage: Storage, tenantId: string, registerSessionId: string, draft: SaleDraft | null) {
  try {
    const key = draftKey(tenantId, registerSessionId);
    if (draft) storage.setItem(key, JSON.stringify(draft));
    else storage.removeItem(key);
  } catch {
    // Full or refused: the sale still works, only a reload would start a new one.
  }
}
