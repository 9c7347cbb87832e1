/**
 * Browser tests against the real server and its demo data: Jane Doe sees exactly her records on each 'My Information'
 * page (her Rx values, invoices, appointment, order status, recall), also in Arabic (right to left), and cancels her
 * upcoming visit. Others' views of the portal's records are in patient-portal-others.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/contract/money';
import { expectHeading, patience, useBrowser } from './support/browser';
import { expectSummaryFocused, followSummaryLink } from './support/errorSummary';
import { bodyRows, cells, demo, open, signInAsJane } from './support/portal';

const e2e = useBrowser();

describe('Jane Doe sees exactly her records', () => {
  it('home, Rx, appointments, invoices and the receipt, order status, recalls, demographics', async () => {
    const page = await e2e.newPage();
    await signInAsJane(page);

    // The home: next visit, current Rx, order in progress, balance, forms to fill.
    await expectHeading(page, 'Patients dashboard');
    await page.getByText('Hello, Jane').waitFor();
    const rxTile = page.getByRole('region', { name: 'Current prescription' });
    expect(await rxTile.innerText()).toContain('-2.50 -0.75 × 10° Add +1.25');
    expect(await page.getByRole('region', { name: 'Next visit' }).innerText()).toContain('Contact lens fitting');
    expect(await page.getByRole('region', { name: 'Forms to fill in' }).innerText()).toContain('New Patient Intake');
    // The form opens from the dashboard on her own session: no emailed code is asked for.
    await page.getByRole('region', { name: 'Forms to fill in' }).getByRole('link', { name: 'New Patient Intake' }).click();
    await page.getByRole('heading', { name: 'New Patient Intake' }).waitFor();
    expect(await page.getByLabel('Authentication code').count()).toBe(0);
    await page.goBack();
    await page.getByRole('region', { name: 'Forms to fill in' }).waitFor();
    expect(await page.getByRole('region', { name: 'Balance' }).innerText()).toContain('$163.25');

    // Rx: two spectacle prescriptions (the older one expired, said in words) and one contact-lens prescription.
    await open(page, '/patient/rxinfo', 'Prescriptions (Rx)');
    const spectacle = page.getByRole('table', { name: /^Spectacle prescription of / });
    await spectacle.first().waitFor();
    expect(await spectacle.count()).toBe(2);
    const [od, os] = [bodyRows(spectacle.first()).nth(0), bodyRows(spectacle.first()).nth(1)];
    expect(await od.getByRole('rowheader').innerText()).toBe('OD (right)');
    expect(await cells(od)).toEqual(['-2.50', '-0.75', '10°', '+1.25', '1.00', 'In', '31.5', '30.0']);
    expect(await os.getByRole('rowheader').innerText()).toBe('OS (left)');
    expect(await cells(os)).toEqual(['-2.25', '-0.50', '170°', '+1.25', '—', '—', '31.0', '29.5']);
    expect(await cells(bodyRows(spectacle.nth(1)).nth(0))).toEqual(['-2.00', '-0.50', '180°', '—', '—', '—', '31.5', '—']);
    expect(await page.getByText('Expired', { exact: true }).count()).toBe(1);
    const lens = page.getByRole('table', { name: /^Contact lens prescription of / });
    expect(await lens.count()).toBe(1);
    expect(await cells(bodyRows(lens).nth(0))).toEqual(['-2.25', '8.4', '14.0', '—', '—', '—']);

    // The orders made from the current Rx.
    await page.getByRole('link', { name: 'Orders made from this prescription' }).first().click();
    await expectHeading(page, 'Orders from this prescription');
    expect(new URL(page.url()).pathname).toMatch(/^\/patient\/rxinfo\/orders\/c1ea0000-0000-4000-8000-0000000b0002\//);
    await page.getByRole('heading', { level: 2, name: 'Order 5001' }).waitFor();

    // Appointments: the upcoming visit at the store's time (16:00 in New York), and the past one.
    await open(page, '/patient/appointment', 'Appointments');
    const upcoming = page.getByRole('table', { name: 'Upcoming visits' });
    await upcoming.waitFor();
    expect(await bodyRows(upcoming).count()).toBe(1);
    const visit = await bodyRows(upcoming).first().innerText();
    expect(visit).toContain('Contact lens fitting');
    expect(visit).toContain('Downtown');
    expect(visit).toContain('Confirmed');
    expect(visit).toContain('4:00 PM');
    await bodyRows(upcoming).first().getByRole('button', { name: /^Cancel the visit of / }).waitFor();
    const past = page.getByRole('table', { name: 'Past visits' });
    expect(await bodyRows(past).count()).toBe(1);
    expect(await bodyRows(past).first().innerText()).toContain('Eye exam');

    // Invoices: the paid one and the open one with its balance.
    await open(page, '/patient/invoice', 'Invoices');
    const invoices = page.getByRole('table', { name: 'Invoices' });
    await invoices.waitFor();
    expect(await bodyRows(invoices).count()).toBe(2);
    const byNumber = async (number: string) => {
      const row = bodyRows(invoices).filter({ has: page.getByRole('link', { name: `View invoice ${number}` }) });
      return (await cells(row)).slice(1);
    };
    expect(await byNumber('1001')).toEqual(['Downtown', 'Paid', '$667.64', '$0.00']);
    expect(await byNumber('1002')).toEqual(['Downtown', 'Open', '$213.25', '$163.25']);

    // One invoice: the receipt, and printing it shows the receipt only.
    await page.getByRole('link', { name: 'View invoice 1002' }).click();
    await expectHeading(page, 'Invoice 1002');
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`^/patient/invoice/orders/${demo.janeOpenInvoice}/${demo.jane}/[0-9a-f-]{36}$`));
    const receipt = page.getByRole('article', { name: 'Receipt' });
    const text = await receipt.innerText();
    for (const part of ['Clearview Optical', '120 Market Street, Springfield', 'Acuvue Oasys two-weekly, 6-pack', 'Multipurpose solution 360 ml', 'Cash', '$50.00', '$213.25', '$163.25']) {
      expect(text).toContain(part);
    }
    await page.getByRole('button', { name: 'Print receipt' }).waitFor();
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Print receipt' }).isVisible()).toBe(false);
    expect(await page.getByRole('navigation').first().isVisible()).toBe(false);
    expect(await receipt.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    // Order status: the lab order's steps, the current one marked, with the expected date.
    await open(page, '/patient/orderstatus', 'Order status');
    const steps = page.getByRole('list', { name: 'Progress of order 5001' });
    await steps.waitFor();
    expect(await page.getByRole('list', { name: /^Progress of order / }).count()).toBe(1);
    expect(await steps.locator('[aria-current="step"]').innerText()).toContain('In production (Now)');
    expect(await steps.innerText()).toContain('Sent to the lab (Done)');
    expect(await steps.innerText()).toContain('Ready for pick-up (To come)');

    // Recalls: the one pending contact-lens check.
    await open(page, '/patient/recalls', 'Recalls');
    const recalls = page.getByRole('table', { name: 'Recalls' });
    await recalls.waitFor();
    expect(await bodyRows(recalls).count()).toBe(1);
    expect(await bodyRows(recalls).first().innerText()).toContain('Contact lens check');

    // Demographics: identity as text, contact details in the form.
    await open(page, '/patient/demographicinfo', 'Demographic information');
    await page.getByRole('region', { name: 'Personal details' }).getByText('Jane Doe', { exact: true }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe('patient@clearview.test');
    expect(await page.getByRole('textbox', { name: 'Phone' }).inputValue()).toBe('+1 555 0142');
    // A phone the server refuses: the summary above the fields takes the focus, and its link goes to the phone.
    await page.getByRole('textbox', { name: 'Phone' }).fill('call me');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const phoneMessage = 'Enter a phone number: digits, spaces, ( ) - . and an optional leading +';
    await expectSummaryFocused(page, 'Your changes were not saved. Please check the fields marked.', `Phone: ${phoneMessage}`);
    await page.getByText(phoneMessage, { exact: true }).waitFor(patience);
    await followSummaryLink(page, page.getByRole('form', { name: 'Contact details' }), `Phone: ${phoneMessage}`, page.getByRole('textbox', { name: 'Phone' }));
  });

  it('the same in Arabic: right to left, Arabic words and dates, Rx values as opticians write them', async () => {
    const page = await e2e.newPage();
    await signInAsJane(page);
    await page.getByRole('button', { name: 'Language', exact: true }).click();
    await page.getByRole('menuitemradio', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl', undefined, patience);

    await open(page, '/patient/rxinfo', 'الوصفات الطبية (Rx)');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    const spectacle = page.getByRole('table', { name: /^وصفة نظارات بتاريخ / });
    await spectacle.first().waitFor();
    expect(await spectacle.count()).toBe(2);
    expect(await cells(bodyRows(spectacle.first()).nth(0))).toEqual(['-2.50', '-0.75', '10°', '+1.25', '1.00', 'للداخل', '31.5', '30.0']);
    expect(await bodyRows(spectacle.first()).nth(0).getByRole('rowheader').innerText()).toBe('OD (اليمنى)');
    expect(await page.getByText('منتهية الصلاحية', { exact: true }).count()).toBe(1);
    // The table runs from the right: its first column (the eye) is at the inline start, on the right.
    const table = (await spectacle.first().boundingBox())!;
    const eye = (await bodyRows(spectacle.first()).nth(0).getByRole('rowheader').boundingBox())!;
    expect(Math.abs(table.x + table.width - (eye.x + eye.width))).toBeLessThan(2);

    await open(page, '/patient/invoice', 'الفواتير');
    const invoices = page.getByRole('table', { name: 'الفواتير' });
    await invoices.waitFor();
    expect(await bodyRows(invoices).count()).toBe(2);
    const open1002 = await invoices.innerText();
    for (const minor of [21325, 16325]) expect(open1002.replace(/\s/g, '')).toContain(formatMoney(minor, 'USD', 'ar').replace(/\s/g, ''));
    expect(open1002).toContain('مفتوحة');
    // As the eye reads it, right to left: the figure in Latin digits first, then 'US$' whole on its left (the bare
    // bidirectional algorithm tore it into '$US 163.25').
    const balance = await invoices.getByRole('cell').filter({ hasText: '163.25' }).first().evaluate((cell) => {
      const node = [...cell.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.includes('$'))!;
      const text = node.textContent!;
      const box = (i: number) => {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const { left, right } = range.getBoundingClientRect();
        return { left, right };
      };
      const digits = [...text].flatMap((c, i) => (/[0-9]/.test(c) ? [box(i).left] : []));
      return { u: box(text.indexOf('U')), s: box(text.indexOf('S')), dollar: box(text.indexOf('$')), figure: Math.min(...digits) };
    });
    expect(balance.u.left).toBeLessThan(balance.s.left);
    expect(balance.s.left).toBeLessThan(balance.dollar.left);
    expect(balance.dollar.right).toBeLessThanOrEqual(balance.figure + 0.5);

    await open(page, '/patient/appointment', 'المواعيد');
    const upcoming = page.getByRole('table', { name: 'المواعيد القادمة' });
    await upcoming.waitFor();
    expect(await bodyRows(upcoming).first().innerText()).toContain('تركيب العدسات اللاصقة');

    await open(page, '/patient/orderstatus', 'حالة الطلب');
    await page.getByRole('list', { name: /^مراحل الطلب / }).waitFor();
    expect(await page.getByText('قيد التصنيع (الآن)').count()).toBe(1);

    await open(page, '/patient/recalls', 'تذكيرات الفحص');
    const recalls = page.getByRole('table', { name: 'تذكيرات الفحص' });
    await recalls.waitFor();
    expect(await bodyRows(recalls).count()).toBe(1);
    expect(await bodyRows(recalls).first().getByRole('rowheader').innerText()).toBe('فحص العدسات اللاصقة');
  });
});

describe('Jane cancels her upcoming visit', () => {
  it('asks first; Yes cancels it on the server, and the visit moves to the past ones as Cancelled', async () => {
    const page = await e2e.newPage();
    await signInAsJane(page);
    await open(page, '/patient/appointment', 'Appointments');
    const upcoming = page.getByRole('table', { name: 'Upcoming visits' });
    await upcoming.waitFor();
    await bodyRows(upcoming).first().getByRole('button', { name: /^Cancel the visit of / }).click();
    const dialog = page.getByRole('alertdialog');
    expect(await dialog.innerText()).toContain('Cancel your Contact lens fitting at Downtown on');
    await dialog.getByRole('button', { name: 'No, keep it' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await bodyRows(upcoming).count()).toBe(1);

    await bodyRows(upcoming).first().getByRole('button', { name: /^Cancel the visit of / }).click();
    const cancelled = page.waitForResponse((response) => /\/api\/my\/appointments\/[^/]+\/cancel$/.test(new URL(response.url()).pathname));
    await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
    expect((await cancelled).status()).toBe(200);
    await page.getByText('Your visit was cancelled.').waitFor();
    await page.getByText('You have no upcoming visits.').waitFor();
    const past = page.getByRole('table', { name: 'Past visits' });
    const row = bodyRows(past).filter({ hasText: 'Contact lens fitting' });
    expect(await row.innerText()).toContain('Cancelled');
    // The home agrees.
    await open(page, '/admin/dashboard/patients', 'Patients dashboard');
    await page.getByRole('region', { name: 'Next visit' }).getByText('No visit booked.').waitFor();
  });
});
