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
