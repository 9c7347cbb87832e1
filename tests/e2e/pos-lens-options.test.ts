/**
 * A lens's options at the register in Chromium (a server of this file's own: the sale changes the demo data): on a
 * phone in Arabic the materials are a radio group (the cheapest chosen) beside the coatings' checkboxes, fitting the
 * screen and axe-clean (WCAG 2.1 A/AA); in English the clerk sells progressive lenses in high-index with two coatings
 * and the receipt names that one material.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { useOutboxServer } from './support/outbox';
import { openDowntownRegister } from './support/register';

const server = useOutboxServer();
const e2e = useBrowser({ server });

async function addLens(page: Page, searchLabel: string) {
  await page.getByRole('combobox', { name: searchLabel }).pressSequentially('progressive', { delay: 40 });
  await page.getByRole('option', { name: /^Progressive lenses/ }).first().click();
}

describe('lens options at the register', () => {
  it('one material by radio, coatings by checkbox, on a phone in Arabic and on the receipt', { timeout: 180_000 }, async () => {
    const page = await e2e.newPage();
    await openDowntownRegister(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.localStorage.setItem('language', 'ar'));
    await page.reload();
    await page.getByRole('heading', { name: /^البيع في / }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await addLens(page, 'منتج أو رمز شريطي');
    const materials = page.getByRole('radiogroup', { name: 'المادة' });
    await materials.waitFor();
    expect(await materials.getByRole('radio').evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).checked))).toEqual([true, false, false, false]);
    await materials.getByRole('radio', { name: /^Polycarbonate 1\.59/ }).check();
    expect(await materials.getByRole('radio', { name: /^Standard 1\.50/ }).isChecked()).toBe(false);
    await page.getByRole('group', { name: 'الطبقات' }).getByRole('checkbox', { name: /^Anti-reflective/ }).check();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.getByRole('button', { name: 'إلغاء البيع' }).click();

    await page.evaluate(() => window.localStorage.setItem('language', 'en'));
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.reload();
    await page.getByRole('heading', { name: /^Sale at / }).waitFor();
    await addLens(page, 'Product or barcode');
    const line = page.getByRole('list', { name: 'Lines of the sale' });
    await line.getByRole('radiogroup', { name: 'Material' }).getByRole('radio', { name: /^High-index 1\.67/ }).check();
    const coatings = line.getByRole('group', { name: 'Coatings' });
    await coatings.getByRole('checkbox', { name: /^Anti-reflective/ }).check();
    await coatings.getByRole('checkbox', { name: /^Scratch-resistant/ }).check();
    await page.getByRole('button', { name: 'Walk-in' }).click();
    await page.keyboard.press('F4');
    const pay = page.getByRole('dialog', { name: /^Payment of / });
    await pay.getByRole('button', { name: 'Add payment' }).click();
    await pay.getByRole('button', { name: 'Complete sale' }).click();
    const receipt = page.getByRole('article', { name: 'Receipt' });
    await receipt.waitFor();
    const text = await receipt.innerText();
    expect(text).toContain('High-index 1.67');
    expect(text).not.toMatch(/Standard 1\.50|Polycarbonate|High-index 1\.74/);
  });
});
