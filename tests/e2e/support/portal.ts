/** What the patient-portal browser tests share: the demo's fixed ids, the two patients' sign-ins, table readers. */
import type { Locator, Page } from 'playwright-core';
import { expectHeading, expectPath, signInAt, userMenu } from './browser';

/** Fixed ids of the demo data (server/db/seed.ts, server/db/seed-records.ts). */
export const demo = {
  jane: 'c1ea0000-0000-4000-8000-0000000a0001',
  janeOpenInvoice: 'c1ea0000-0000-4000-8000-0000000b0007',
};

export async function signInAsJane(page: Page) {
  await signInAt(page, '/clearview/downtown', { email: 'patient@clearview.test' });
  await expectPath(page, '/admin/dashboard/patients');
  await userMenu(page, 'Jane Doe').waitFor();
}

export async function signInAsJohn(page: Page) {
  await signInAt(page, '/brightsight/main', { email: 'patient@brightsight.test' });
  await expectPath(page, '/admin/dashboard/patients');
  await userMenu(page, 'John Roe').waitFor();
}

/** Opens an address of the app as a person typing it, and waits for its heading. */
export async function open(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expectPath(page, path);
  await expectHeading(page, heading);
}

/** The texts of the cells (not the row header) of a table row. */
export const cells = (row: Locator) => row.getByRole('cell').allInnerTexts();

/** The rows of a table's body. */
export const bodyRows = (table: Locator) => table.locator('tbody tr');

/** Formats as the page does, in the browser (its ICU), so the expectation follows the language exactly. */
export const inBrowser = <T>(page: Page, fn: () => T) => page.evaluate(fn);
