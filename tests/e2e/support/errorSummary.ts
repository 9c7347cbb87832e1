import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { patience } from './browser';

/** The focused element's role and text: after a refused submit, the error summary (an alert) listing the messages. */
export async function expectSummaryFocused(page: Page, ...messages: string[]) {
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role')), patience).toBe('alert');
  const text = await page.evaluate(() => (document.activeElement as HTMLElement).innerText);
  for (const message of messages) expect(text).toContain(message);
}

/** Activates the summary's link (Enter, as a keyboard user) and expects the focus on the field that shows its message. */
export async function followSummaryLink(page: Page, scope: Page | Locator, linkName: string, field: Locator) {
  await scope.getByRole('link', { name: linkName }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => field.evaluate((element) => element === document.activeElement), patience).toBe(true);
}
