/**
 * A clerk's chart story in Chromium against the real server and its demo data, on a phone's viewport:
 * the Downtown clerk finds Jane Doe in the patient list and opens her chart (the first tab's data is timed from the
 * click); enters a new spectacle Rx with a wrong axis (the field says why), fixes it and saves; books a visit, then
 * one that overlaps it with the same provider (refused, said at the start time) and sees the first one listed.
 */
import { describe, expect, it } from 'vitest';
import { expectHeading, expectPath, patience, signInAt, useBrowser } from './support/browser';

const e2e = useBrowser();

/** server/db/seed.ts demoIds. */
const jane = 'c1ea0000-0000-4000-8000-0000000a0001';
const downtown = 'c1ea0000-0000-4000-8000-00000000d001';

/** A calendar day some weeks ahead (YYYY-MM-DD), clear of the demo data's visits. */
const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('a clerk works in Jane Doe’s chart', () => {
  it('finds her, opens the chart, enters an Rx (a wrong axis is refused at the field), books a visit and is refused an overlapping one', async () => {
    const page = await e2e.newPage({ phone: true });
    await signInAt(page, '/clearview/downtown', { email: 'staff@clearview.test' });
    await page.waitForURL((url) => !url.pathname.startsWith('/clearview'), patience);

    await page.goto('/admin/patients/all');
    await expectHeading(page, 'Patients');
    await page.getByRole('textbox', { name: 'Search patients' }).fill('Doe');
    // The search reaches the address after a pause in typing: until then the unfiltered list (which has her too)
    // is on screen and about to give way to the search's.
    await page.waitForURL((url) => url.searchParams.get('search') === 'Doe', patience);
    const link = page.getByRole('link', { name: 'Doe, Jane' });
    await link.waitFor(patience);

    // From the click on her name to her details in the first tab (measured in the page, reported by the run).
    const firstTabMs = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const name = [...document.querySelectorAll('a')].find((a) => a.textContent === 'Doe, Jane')!;
          const shown = () => (document.querySelector('input[name="firstName"]') as HTMLInputElement | null)?.value === 'Jane';
          const start = performance.now();
          const observer = new MutationObserver(() => {
            if (shown()) {
              observer.disconnect();
              resolve(performance.now() - start);
            }
          });
          observer.observe(document.body, { subtree: true, childList: true, attributes: true });
          name.click();
        }),
    );
    console.info(`[staff-chart] first tab's data ${Math.round(firstTabMs)} ms after the click (phone viewport, no throttling)`);
    await expectPath(page, `/admin/patients/${jane}/${downtown}`);
    await expectHeading(page, 'Jane Doe');
    const tabs = page.getByRole('tablist', { name: 'Chart sections' });
    expect(await tabs.getByRole('tab', { name: 'Details' }).getAttribute('aria-selected')).toBe('true');

    // The Rx tab: a new spectacle Rx with an axis beyond 180.
    await tabs.getByRole('tab', { name: 'Rx' }).click();
    await expectPath(page, `/admin/patients/${jane}/2`);
    const spectacleCards = page.getByRole('article', { name: /^Spectacle Rx of / });
    await spectacleCards.first().waitFor(patience);
    const before = await spectacleCards.count();
    await page.getByRole('button', { name: 'New spectacle Rx' }).click();
    const form = page.getByRole('form', { name: 'New spectacle Rx' });
    await form.getByRole('textbox', { name: 'Prescriber' }).fill('Dr. Maya Patel');
    const right = form.getByRole('group', { name: 'Right eye (OD)' });
    const left = form.getByRole('group', { name: 'Left eye (OS)' });
    await right.getByRole('textbox', { name: 'Sphere' }).fill('-1.25');
    await right.getByRole('textbox', { name: 'Cylinder' }).fill('-0.50');
    await right.getByRole('textbox', { name: 'Axis' }).fill('200');
    await left.getByRole('textbox', { name: 'Sphere' }).fill('-1.00');
    await form.getByRole('button', { name: 'Save prescription' }).click();
    const axis = right.getByRole('textbox', { name: 'Axis' });
    await right.getByText('Axis must be a whole number of degrees between 1 and 180', { exact: true }).waitFor(patience);
    expect(await axis.getAttribute('aria-invalid')).toBe('true');
    const summary = form.getByRole('alert');
    await summary.getByText('Please correct the highlighted fields.').waitFor();
    // Focus left Save for the summary, which names the axis and links to it.
    await expect.poll(() => summary.evaluate((element) => element === document.activeElement), patience).toBe(true);
    expect(await summary.getByRole('link').allInnerTexts()).toEqual(['Right eye (OD), Axis: Axis must be a whole number of degrees between 1 and 180']);

    await axis.fill('90');
    await form.getByRole('button', { name: 'Save prescription' }).click();
    await form.waitFor({ state: 'detached', ...patience });
    await page.getByText('Prescription saved').waitFor(patience);
    await expect.poll(() => spectacleCards.count(), patience).toBe(before + 1);
    expect(await spectacleCards.first().innerText()).toContain('Dr. Maya Patel');

    // Appointments: one visit, then an overlapping one with the same provider.
    await tabs.getByRole('tab', { name: 'Appointments' }).click();
    await expectPath(page, `/admin/patients/${jane}/3`);
    const day = dayAhead(45);
    const book = async (time: string) => {
      await page.getByRole('button', { name: 'Book a visit' }).click();
      const booking = page.getByRole('form', { name: 'Book a visit' });
      await booking.getByRole('combobox', { name: 'Provider' }).locator('option').first().waitFor({ state: 'attached', ...patience });
      await booking.getByLabel('Date', { exact: true }).fill(day);
      await booking.getByLabel('Start time', { exact: true }).fill(time);
      await booking.getByRole('combobox', { name: 'Length' }).selectOption('30');
      await booking.getByRole('button', { name: 'Book', exact: true }).click();
      return booking;
    };
    const first = await book('10:00');
    await first.waitFor({ state: 'detached', ...patience });
    await page.getByText('Visit booked').waitFor(patience);
    const upcoming = page.getByRole('table', { name: 'Upcoming visits' });
    await upcoming.getByRole('rowheader', { name: /10:00/ }).first().waitFor(patience);
    const visitsBefore = await upcoming.locator('tbody tr').count();

    const overlapping = await book('10:15');
    const refusal = 'This provider is already booked at that time. Please choose another time.';
    await overlapping.getByRole('alert').getByText(refusal).waitFor(patience);
    expect(await overlapping.getByRole('textbox', { name: 'Start time' }).getAttribute('aria-invalid')).toBe('true');
    expect(await upcoming.locator('tbody tr').count()).toBe(visitsBefore);
  }, 120_000);

  it('two clerks edit her details at once: the later save is refused, nothing is lost, and the clerk loads the other version', async () => {
    const admin = await e2e.newPage();
    await signInAt(admin, '/admin', { email: 'admin@clearview.test' });
    await expectPath(admin, '/admin/pos/all');
    const staff = await e2e.newPage();
    await signInAt(staff, '/clearview/downtown', { email: 'staff@clearview.test' });
    await expectPath(staff, '/admin/pos/all');
    for (const page of [admin, staff]) {
      await page.goto(`/admin/patients/${jane}/1`);
      await page.getByRole('textbox', { name: 'City' }).waitFor(patience);
    }

    // The admin starts typing; meanwhile the clerk saves another city.
    await admin.getByRole('textbox', { name: 'City' }).fill('North Haverbrook');
    await staff.getByRole('textbox', { name: 'City' }).fill('Ogdenville');
    await staff.getByRole('button', { name: 'Save details' }).click();
    await staff.getByText('Details saved').waitFor(patience);

    await admin.getByRole('button', { name: 'Save details' }).click();
    const alert = admin.getByRole('alert').filter({ hasText: 'Someone else saved this record while you were editing it.' });
    await alert.waitFor(patience);
    // What the admin typed is still there until they choose to load the other version.
    expect(await admin.getByRole('textbox', { name: 'City' }).inputValue()).toBe('North Haverbrook');
    const load = alert.getByRole('button', { name: 'Load their version' });
    await expect.poll(() => load.isEnabled(), patience).toBe(true);
    await load.click();
    expect(await admin.getByRole('textbox', { name: 'City' }).inputValue()).toBe('Ogdenville');
    await admin.getByRole('textbox', { name: 'City' }).fill('North Haverbrook');
    await admin.getByRole('button', { name: 'Save details' }).click();
    await admin.getByText('Details saved').waitFor(patience);
  }, 120_000);
});
