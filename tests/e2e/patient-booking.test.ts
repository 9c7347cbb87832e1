/**
 * A patient books herself, in Chromium against the real server (its own, with fresh demo data: the visit she books
 * stays out of the shared server's data), on a phone, in Arabic: Jane Doe opens her appointments, 'Book a visit',
 * chooses an eye exam at Downtown with any provider, takes the first free time and confirms; the page says it is
 * booked and lists it. The Downtown clerk then sees the visit in her chart, booked online. A contact-lens fitting
 * comes with the store's consent form, which opens from the confirmation and waits on her home.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from './support/axe';
import { expectPath, patience, signInAt, useBrowser } from './support/browser';
import { signInAsJane } from './support/portal';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer | null = null;
beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY: '1' }, dataTemplate: inject('e2eDataTemplate') });
}, 200_000);
afterAll(async () => {
  await server?.stop();
});
const e2e = useBrowser({
  server: {
    get baseURL() {
      if (!server) throw new Error('The server of this file is not running');
      return server.baseURL;
    },
  },
});

/** server/db/seed.ts demoIds. */
const jane = 'c1ea0000-0000-4000-8000-0000000a0001';
const downtown = 'c1ea0000-0000-4000-8000-00000000d001';

describe('a patient books a visit online', () => {
  it('Jane books an eye exam on a phone in Arabic; the clerk sees it in her chart, booked online', async () => {
    const page = await e2e.newPage({ phone: true });
    await signInAsJane(page);
    await page.getByRole('button', { name: 'Language', exact: true }).click();
    await page.getByRole('menuitemradio', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl', undefined, patience);

    await page.goto('/patient/appointment');
    await expectPath(page, '/patient/appointment');
    await page.getByRole('button', { name: 'احجز زيارة' }).click();
    const booking = page.getByRole('region', { name: 'احجز زيارة' });
    await booking.getByText('ما سبب الزيارة؟').waitFor(patience);
    await booking.getByRole('button', { name: 'فحص النظر' }).click();

    await booking.getByRole('combobox', { name: 'المتجر' }).waitFor(patience);
    expect(await booking.getByRole('combobox', { name: 'مقدّم الخدمة' }).inputValue()).toBe('');
    await booking.getByRole('button', { name: 'التالي' }).click();

    // The first free time of the week shown (the store's rules: two hours' notice, weekdays with Sam Staff).
    await booking.getByRole('heading', { name: 'اختر وقتًا' }).waitFor(patience);
    const first = booking.getByRole('button', { name: /مع (Sam Staff|Alex Admin)$/ }).first();
    await first.waitFor(patience);
    const chosen = (await first.getAttribute('aria-label'))!;
    const time = (await first.innerText()).trim();
    await first.click();

    await booking.getByRole('heading', { name: 'أكّد زيارتك' }).waitFor(patience);
    await booking.getByRole('button', { name: 'احجز', exact: true }).click();
    await booking.getByRole('heading', { name: 'تم حجز زيارتك' }).waitFor(patience);
    expect(await booking.getByRole('status').innerText()).toContain('فحص النظر');
    // On the phone nothing runs off the side of the screen, right to left.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await booking.getByRole('button', { name: 'تم' }).click();
    const upcoming = page.getByRole('table', { name: 'المواعيد القادمة' });
    await expect.poll(() => upcoming.locator('tbody tr').count(), patience).toBe(2);

    // The clerk: the chart's appointments tab lists it, booked online.
    const clerk = await e2e.newPage({ phone: true });
    await signInAt(clerk, '/clearview/downtown', { email: 'staff@clearview.test' });
    await clerk.waitForURL((url) => !url.pathname.startsWith('/clearview'), patience);
    await clerk.goto(`/admin/patients/${jane}/3`);
    await expectPath(clerk, `/admin/patients/${jane}/3`);
    const visits = clerk.getByRole('table', { name: 'Upcoming visits' });
    const row = visits.locator('tbody tr').filter({ hasText: 'Online' });
    await row.waitFor(patience);
    expect(await row.innerText()).toContain('Eye exam');
    expect(chosen).toContain(time);
  }, 180_000);

  it('Jane books a contact-lens fitting on a desktop: the consent form the store sends with it opens from the confirmation and waits on her home', async () => {
    const page = await e2e.newPage();
    await signInAsJane(page);
    // Her profile keeps the language she chose last (Arabic, in the test before): she reads in English here.
    await page.getByRole('button', { name: /^(Language|اللغة)$/ }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'ltr', undefined, patience);
    await page.goto('/patient/appointment');
    // The server's first drawing of the page goes once the app has taken over (its buttons work from then on).
    await page.locator('#first-paint').waitFor({ state: 'detached', ...patience });
    await page.getByRole('button', { name: 'Book a visit' }).click();
    const booking = page.getByRole('region', { name: 'Book a visit' });
    await booking.getByRole('button', { name: 'Contact lens fitting' }).click();
    await booking.getByRole('button', { name: 'Next' }).click();
    await booking.getByRole('heading', { name: 'Choose a time' }).waitFor(patience);
    await booking.getByRole('button', { name: / with (Sam Staff|Alex Admin)$/ }).first().click();
    await booking.getByRole('button', { name: 'Book it', exact: true }).click();
    await booking.getByRole('heading', { name: 'Your visit is booked' }).waitFor(patience);
    const forms = booking.getByRole('region', { name: 'Please fill in before your visit' });
    const consent = forms.getByRole('link', { name: 'Contact Lens Consent' });
    const href = (await consent.getAttribute('href'))!;
    expect(href).toMatch(/^\/patient\/forms\/[0-9a-f-]{36}$/);
    expect(await axeViolations(page, '#content')).toEqual([]);
    await consent.click();
    await expectPath(page, href);
    await page.getByText('I consent to the contact lens fitting and follow-up visits').waitFor(patience);

    await page.goto('/admin/dashboard/patients');
    await page.getByRole('link', { name: 'Contact Lens Consent' }).waitFor(patience);
  }, 180_000);

  it("the admin's 'Online booking' section, on a phone in Arabic and on a desktop: no axe violations, nothing off the screen, a change saved", async () => {
    for (const phone of [true, false]) {
      const page = await e2e.newPage({ phone });
      await signInAt(page, '/clearview/downtown', { email: 'admin@clearview.test' });
      await page.waitForURL((url) => !url.pathname.startsWith('/clearview'), patience);
      // Arabic as the reader chose it before (where the app keeps the choice), read at the next page load.
      if (phone) await page.evaluate(() => window.localStorage.setItem('language', 'ar'));
      await page.goto(`/admin/settings/general/booking/${downtown}`, { timeout: 60_000 });
      if (phone) await page.waitForFunction(() => document.documentElement.dir === 'rtl', undefined, patience);
      const buffer = page.getByRole('textbox', { name: phone ? 'الفاصل بين الزيارات (بالدقائق)' : 'Buffer between visits (minutes)' });
      await buffer.waitFor(patience);
      expect(await buffer.inputValue()).toBe(phone ? '10' : '15');
      // The forms the store sends with a booking (the demo: the intake with a new patient's eye exam, the consent with a fitting).
      const sent = page.getByRole('group', { name: phone ? 'النماذج المرسلة مع الحجز' : 'Forms sent with a booking' });
      expect(await sent.getByRole('combobox', { name: phone ? 'النموذج' : 'Form' }).count()).toBe(2);
      expect(await axeViolations(page, '#content')).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await buffer.fill('15');
      await page.getByRole('button', { name: phone ? 'حفظ' : 'Save', exact: true }).click();
      await page.getByRole('status').filter({ hasText: phone ? 'تم حفظ الإعدادات' : 'Settings saved' }).waitFor(patience);
    }
  }, 180_000);
});

