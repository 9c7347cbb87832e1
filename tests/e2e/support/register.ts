import type { Page } from 'playwright-core';
import { expectHeading, expectPath, signInAt } from './browser';

/**
 * Sam Staff signs in at Downtown, uses the first register, opens it with a float of 5 × $20 and goes to the sale.
 * Returns the register's name.
 */
export async function openDowntownRegister(page: Page): Promise<string> {
  await signInAt(page, '/clearview/downtown', { email: 'staff@clearview.test' });
  await expectPath(page, '/admin/pos/all');
  const use = page.getByRole('button', { name: /^Use / }).first();
  const register = (await use.innerText()).replace(/^Use /, '');
  await use.click();
  await expectHeading(page, `Point of sale · ${register}`);
  await page.getByRole('link', { name: 'Open the register' }).click();
  const open = page.getByRole('form', { name: `Open ${register}` });
  await open.getByLabel('Number of $20.00').fill('5');
  await open.getByRole('button', { name: 'Open the register' }).click();
  await page.getByRole('heading', { name: 'The register is open' }).waitFor();
  await page.getByRole('link', { name: 'Sale', exact: true }).click();
  return register;
}

/** The store of the register with this name (as the register list answers the signed-in clerk). */
export const registerLocation = (page: Page, name: string) =>
  page.evaluate(async (name) => {
    const headers = { Authorization: `Bearer ${sessionStorage.getItem('access_token')}`, 'X-Tenant-ID': sessionStorage.getItem('tenantID')! };
    const { registers } = (await (await fetch('/api/pos/registers', { headers })).json()) as { registers: { name: string; locationId: string }[] };
    return registers.find((r) => r.name === name)!.locationId;
  }, name);

/** The barcode on a product's label (read as a clerk reads the label: from the catalogue, not through the register). */
export const productBarcode = (page: Page, locationId: string, sku: string) =>
  page.evaluate(
    async ({ locationId, sku }) => {
      const headers = { Authorization: `Bearer ${sessionStorage.getItem('access_token')}`, 'X-Tenant-ID': sessionStorage.getItem('tenantID')! };
      const answer = await fetch(`/api/pos/products?locationId=${locationId}&q=${encodeURIComponent(sku)}`, { headers });
      return ((await answer.json()) as { items: { barcodes: string[] }[] }).items[0]!.barcodes[0]!;
    },
    { locationId, sku },
  );

/** A scanner: the characters a few milliseconds apart, then Enter, into the focused search field. */
export async function scan(page: Page, barcode: string) {
  await page.keyboard.type(barcode, { delay: 3 });
  await page.keyboard.press('Enter');
}
