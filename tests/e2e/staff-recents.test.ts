/**
 * Recents and the unsaved-changes guard in Chromium against the real server. An admin opens the POS and
 * Jane's chart (both land in the recents panel), then the eForm builder and changes it: leaving through the menu,
 * the recents panel and the browser's Back each asks the spec's Warning; 'No' stays with the changes, 'Yes' leaves.
 * The panel then removes one entry and clears all, and closes on Escape; in Arabic it opens on the left. A clerk on
 * a phone still has the navigation, the user menu and Logout on the POS page (which hides the toolbar).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectHeading, expectPath, patience, signInAt, useBrowser } from './support/browser';

const e2e = useBrowser();

/** server/db/seed.ts demoIds: Jane Doe and the Downtown store of Clearview. */
const janeDoe = 'c1ea0000-0000-4000-8000-0000000a0001';
const downtown = 'c1ea0000-0000-4000-8000-00000000d001';
const janeChart = `/admin/patients/${janeDoe}/2`;
const builder = `/admin/eforms/forms/add/${downtown}`;
const boards = `/admin/eforms/forms/${downtown}`;
const question = 'Are you sure you want to discard the changes? Unsaved data will be lost if you leave this page.';

async function expectWarning(page: Page) {
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor(patience);
  expect(await dialog.getByRole('heading', { name: 'Warning' }).isVisible()).toBe(true);
  expect(await dialog.innerText()).toContain(question);
  return dialog;
}

async function answer(page: Page, choice: 'Yes' | 'No') {
  const dialog = await expectWarning(page);
  await dialog.getByRole('button', { name: choice, exact: true }).click();
  await dialog.waitFor({ state: 'detached', ...patience });
}

async function stillEditing(page: Page) {
  expect(new URL(page.url()).pathname).toBe(builder);
  await page.getByRole('heading', { name: 'Section 1: Text' }).waitFor(patience);
}

function recentsPanel(page: Page) {
  return page.getByRole('dialog', { name: 'Recents', exact: true });
}

async function openRecents(page: Page) {
  await page.getByRole('button', { name: /^Recents/ }).first().click();
  await recentsPanel(page).waitFor(patience);
  return recentsPanel(page);
}

describe('recents and unsaved changes', () => {
  it('asks before leaving the changed eForm builder through the menu, the recents panel and Back; the panel clears', async () => {
    const admin = await e2e.newPage();
    await signInAt(admin, '/admin', { email: 'admin@clearview.test' });
    await expectPath(admin, '/admin/pos/all');
    // The POS hides the toolbar but keeps the user menu and the recents.
    await admin.getByRole('button', { name: 'User menu: Alex Admin', exact: true }).waitFor(patience);

    // The entries survive a reload (session storage).
    await admin.goto(janeChart);
    await expectHeading(admin, 'Jane Doe');
    // To the builder in the app: eForms, the store's boards, a new form.
    await admin.getByRole('list', { name: 'Patient Chart' }).getByRole('link', { name: 'eForms', exact: true }).click();
    await expectHeading(admin, 'All eForms');
    await admin.getByRole('link', { name: 'eForm boards of Downtown', exact: true }).click();
    await expectHeading(admin, 'eForm boards of Downtown');
    await admin.getByRole('link', { name: 'New form', exact: true }).first().click();
    await expectHeading(admin, 'New eForm');
    await admin.getByRole('button', { name: 'Add text', exact: true }).click();
    await stillEditing(admin);

    // The menu.
    await admin.getByRole('link', { name: 'Patients', exact: true }).click();
    await answer(admin, 'No');
    await stillEditing(admin);

    // The recents panel: the POS and Jane's chart, with its tab.
    let panel = await openRecents(admin);
    const links = panel.getByRole('link');
    expect(await links.count()).toBe(2);
    // Named after the patient once the chart knew her name.
    const chartLink = panel.getByRole('link', { name: /Jane Doe.*Tab: Rx/ });
    expect(await chartLink.getAttribute('href')).toBe(janeChart);
    await chartLink.click();
    await answer(admin, 'No');
    await stillEditing(admin);

    // The browser's Back: held with the address kept; 'No' stays, Back again and 'Yes' opens the previous page.
    await admin.goBack({ waitUntil: 'commit' });
    await expectWarning(admin);
    expect(new URL(admin.url()).pathname).toBe(builder);
    await answer(admin, 'No');
    await stillEditing(admin);
    await admin.goBack({ waitUntil: 'commit' });
    await answer(admin, 'Yes');
    await expectPath(admin, boards);
    await expectHeading(admin, 'eForm boards of Downtown');

    // 'Yes' leaves for the target.
    await admin.getByRole('link', { name: 'New form', exact: true }).first().click();
    await admin.getByRole('button', { name: 'Add text', exact: true }).click();
    await stillEditing(admin);
    await admin.getByRole('link', { name: 'Patients', exact: true }).click();
    await answer(admin, 'Yes');
    await expectPath(admin, '/admin/patients/all');
    await expectHeading(admin, 'Patients');

    // Clearing: one, then all; Escape closes.
    panel = await openRecents(admin);
    await panel.getByRole('button', { name: /^Remove .*Point of sale/ }).click();
    await expect.poll(() => panel.getByRole('link').count(), patience).toBe(1);
    await panel.getByRole('button', { name: 'Clear all', exact: true }).click();
    await panel.getByText(/No open patients or sales yet/).waitFor(patience);
    await admin.keyboard.press('Escape');
    await recentsPanel(admin).waitFor({ state: 'detached', ...patience });
  }, 180_000);

  it('in Arabic the recents panel opens at the inline end (the left)', async () => {
    const admin = await e2e.newPage();
    await signInAt(admin, '/admin', { email: 'admin@clearview.test' });
    await expectPath(admin, '/admin/pos/all');
    await admin.evaluate(() => window.localStorage.setItem('language', 'ar'));
    await admin.reload();
    await admin.getByRole('button', { name: /^العناصر الأخيرة/ }).first().click();
    const panel = admin.getByRole('dialog', { name: 'العناصر الأخيرة', exact: true });
    await panel.waitFor(patience);
    const box = await panel.boundingBox();
    expect(box?.x).toBeLessThan(5);
    // An outside click closes it.
    await admin.mouse.click((admin.viewportSize()?.width ?? 1280) - 20, 300);
    await panel.waitFor({ state: 'detached', ...patience });
  }, 120_000);

  it('a clerk on a phone: the POS page offers the navigation (staff items) and Logout without the toolbar', async () => {
    const clerk = await e2e.newPage({ phone: true });
    await signInAt(clerk, '/clearview/downtown', { email: 'staff@clearview.test' });
    await expectPath(clerk, '/admin/pos/all');
    await clerk.getByRole('button', { name: 'Open the navigation', exact: true }).click();
    for (const item of ['Point of Sale', 'Patients', 'Invoice', 'Lab Order', 'Work Desk', 'Demographic Info']) {
      await clerk.getByRole('link', { name: item, exact: true }).waitFor(patience);
    }
    expect(await clerk.getByRole('link', { name: 'eForms', exact: true }).count()).toBe(0);
    await clerk.getByRole('link', { name: 'Patients', exact: true }).click();
    await expectPath(clerk, '/admin/patients/all');
    await clerk.goto('/admin/pos/all');
    await clerk.getByRole('button', { name: 'User menu: Sam Staff', exact: true }).click();
    await clerk.getByRole('menuitem', { name: 'Logout' }).click();
    await clerk.getByRole('button', { name: 'Yes', exact: true }).click();
    await clerk.getByLabel('User name (email)', { exact: true }).waitFor(patience);
  }, 120_000);
});
