/**
 * One person, one email address, admin in two companies with the same password: at /admin, where no company is
 * named, the sign-in asks which company (listing only those two) and goes on in the chosen one; in English on a
 * desktop, and in Arabic on a phone, right-to-left. The two accounts are made as the product makes them: each
 * company's admin invites the address, and the person finishes each invitation's new-user flow.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, expectPath, nextClientAddress, patience, submitSignIn, useBrowser } from './support/browser';
import { codePattern, useOutboxServer } from './support/outbox';

const server = useOutboxServer();
const e2e = useBrowser({ server });

const email = 'dual.admin@example.test';
const password = 'Two-Companies-One-Person-2026';
const companies = [
  { name: 'Clearview Optical', admin: 'admin@clearview.test', tenant: '' },
  { name: 'Brightsight Eyecare', admin: 'admin@brightsight.test', tenant: '' },
];

async function api<T>(path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${server.baseURL}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextClientAddress(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** The company's admin invites the address; the person signs in with the temporary password and sets theirs. */
async function inviteAndRegister(adminEmail: string) {
  const admin = await api<{ access_token: string; tenantID: string }>('/patient/login', { username: adminEmail, password: DEMO_PASSWORD });
  const invited = server.mark();
  await api('/access/users', { email, displayName: 'Dana Dual', roles: ['admin'] }, admin.access_token);
  const temporary = (await server.nextInMessage(email, invited, /temporary password \S+/)).replace('temporary password ', '');
  const newUser = await api<{ access_token: string }>('/patient/login', { username: email, password: temporary, tenentID: admin.tenantID });
  const asked = server.mark();
  await api('/patient/sendotp', {}, newUser.access_token);
  const vcode = await server.nextInMessage(email, asked, codePattern);
  await api('/patient/cpassword', { vcode, password }, newUser.access_token);
  return admin.tenantID;
}

/** The company the tab's session is for (session storage, as the app keeps it). */
const tenantOf = (page: Page) => page.evaluate(() => sessionStorage.getItem('tenantID'));

describe('an email address two companies use', () => {
  it('signs in at /admin and picks the company, in English and in Arabic on a phone', async () => {
    for (const company of companies) company.tenant = await inviteAndRegister(company.admin);

    const page = await e2e.newPage();
    await page.goto('/admin');
    await submitSignIn(page, { email, password });
    const choice = page.getByRole('group', { name: /more than one company/ });
    await choice.waitFor(patience);
    const offered = await choice.getByRole('listitem').allInnerTexts();
    expect(offered.map((t) => t.trim())).toEqual(['Brightsight Eyecare', 'Clearview Optical']);
    await choice.getByRole('button', { name: 'Clearview Optical', exact: true }).click();
    await expectPath(page, '/admin/pos/all');
    expect(await tenantOf(page)).toBe(companies[0]!.tenant);

    // In Arabic on a phone the question reads right to left; Back returns to the form, and the person asks again.
    const phone = await e2e.newPage({ phone: true, language: 'ar' });
    await phone.goto('/admin');
    await phone.getByLabel('اسم المستخدم (البريد الإلكتروني)', { exact: true }).fill(email);
    await phone.getByLabel('كلمة المرور', { exact: true }).fill(password);
    await phone.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
    const arabic = phone.getByRole('group', { name: /أكثر من شركة/ });
    await arabic.waitFor(patience);
    expect(await phone.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await arabic.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await arabic.getByRole('button', { name: /Eyecare|Optical/ }).count()).toBe(2);
    await arabic.getByRole('button', { name: 'رجوع', exact: true }).click();
    await phone.getByRole('button', { name: 'تسجيل الدخول', exact: true }).waitFor(patience);
    await phone.getByLabel('اسم المستخدم (البريد الإلكتروني)', { exact: true }).fill(email);
    await phone.getByLabel('كلمة المرور', { exact: true }).fill(password);
    await phone.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
    await arabic.waitFor(patience);
    await arabic.getByRole('button', { name: 'Brightsight Eyecare', exact: true }).click();
    await expectPath(phone, '/admin/pos/all');
    expect(await tenantOf(phone)).toBe(companies[1]!.tenant);
  });

  it('a wrong password names no company', async () => {
    const page = await e2e.newPage();
    await page.goto('/admin');
    await submitSignIn(page, { email, password: 'Not-The-Password-2026' });
    await page.getByRole('alert').filter({ hasText: 'Invalid Username or Password' }).waitFor(patience);
    expect(await page.getByText(/Clearview Optical|Brightsight Eyecare/).count()).toBe(0);
  });
});
