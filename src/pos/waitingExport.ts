import type { SaleSubmit } from '../contract/pos';
import type { WaitingSale } from './saleQueue';

/**
 * The waiting sales as a file (a device that must be replaced before they could be sent): a JSON array of exactly
 * the submissions the device keeps for the tenant, each the body POST /api/pos/sales takes (the server records a
 * clientSaleId once, so one sent again from elsewhere is answered, not recorded twice). Named with the register and
 * the store's day, e.g. `waiting-sales-front-desk-2026-11-28.json`.
 */
export interface WaitingSalesFile {
  name: string;
  text: string;
}

/** The register's name as a file name's part: letters and digits of any script, the rest one hyphen. */
const fileNamePart = (name: string) =>
  name
    .normalize('NFC')
    .toLocaleLowerCase('en')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '') || 'register';

/** `YYYY-MM-DD` of `now` in the store's time zone (the device's own when unknown). */
const dayIn = (now: Date, timeZone?: string) => {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
};

export function waitingSalesFile(entries: readonly WaitingSale[], { tenantId, registerName, now, timeZone }: { tenantId: string; registerName: string; now: Date; timeZone?: string }): WaitingSalesFile {
  const sales: SaleSubmit[] = entries.filter((entry) => entry.tenantId === tenantId).map((entry) => entry.sale);
  return { name: `waiting-sales-${fileNamePart(registerName)}-${dayIn(now, timeZone)}.json`, text: `${JSON.stringify(sales, null, 2)}\n` };
}
