/**
 * Browser tests: an expired access token is refreshed without the user noticing (at start-up and on a
 * 401 in the middle of an action); logout asks first and returns to the store's sign-in address; a patient cannot
 * open an admin address.
 */
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectHeading, expectPath, patience, signInAt, useBrowser, userMenu } from './support/browser';

const e2e = useBrowser();

const patient = { email: 'patient@clearview.test' };
const refreshCall = '/api/patient/refreshtoken';

/** The same token with its expiry moved into the past: well-formed, and refused by the server (401). */
function expiredCopyOf(token: string): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { exp: number; iat?: number };
  const now = Math.floor(Date.now() / 1000);
  const expired = { ...claims, iat: now - 11 * 60, exp: now - 60 };
  return [header, Buffer.from(JSON.stringify(expired)).toString('base64url'), signature].join('.');
}

const storedToken = (page: Page) => page.evaluate(() => sessionStorage.getItem('access_token'));

/** What the server says to a call with this token. */
async function statusWithToken(page: Page, token: string) {
  return (await page.request.get('/api/patient/me', { headers: { Authorization: `Bearer ${token}` } })).status();
}

/**
 * The new access token of a refresh answer. (It may equal the token of a sign-in in the same second: the claims
 * and the Ed25519 signature are then the same, so tests compare with the expired token and ask the server.)
 */
async function refreshedToken(response: Response) {
  const body = (await response.json()) as { accessToken?: unknown };
  expect(typeof body.accessToken).toBe('string');
  return body.accessToken as string;
}

async function signInAsPatient(page: Page) {
  await signInAt(page, '/clearview/downtown', patient);
  await expectPath(page, '/admin/dashboard/patients');
  await expectHeading(page, 'Patients dashboard');
  await userMenu(page, 'Jane Doe').waitFor();
}

describe('an expired access token', () => {
  it('is refreshed at start-up: the next page opens and the user is still signed in', async () => {
    const page = await e2e.newPage();
    await signInAsPatient(page);
    const original = await storedToken(page);
    expect(original).toBeTruthy();

    // Eleven minutes later, as far as this tab knows: the stored token ran out (access tokens live 10 minutes).
    const expired = expiredCopyOf(original!);
    await page.evaluate((token) => {
      sessionStorage.setItem('access_token', token);
      sessionStorage.setItem('expiresAt', String(Math.floor(Date.now() / 1000) - 60));
    }, expired);
    // The server refuses that token itself, so nothing but a refresh can keep the user in.
    expect(await statusWithToken(page, expired)).toBe(401);

    const refreshed = page.waitForResponse((response) => new URL(response.url()).pathname === refreshCall, patience);
    await page.goto('/patient/rxinfo');
    const refresh = await refreshed;
    expect(refresh.request().method()).toBe('POST');
    expect(refresh.status()).toBe(200);
    const renewed = await refreshedToken(refresh);

    await expectHeading(page, 'Prescriptions (Rx)');
    await userMenu(page, 'Jane Doe').waitFor();
    expect(new URL(page.url()).pathname).toBe('/patient/rxinfo');
    // The tab now keeps the new token, and the server takes it.
    expect(await storedToken(page)).toBe(renewed);
    expect(await statusWithToken(page, renewed)).toBe(200);
    // Nothing told the user about it.
    expect(await page.getByRole('alert').allInnerTexts()).toEqual([]);
    expect(await page.getByText(/Token (expired|refresh failed|is invalid)/).count()).toBe(0);
  });

  it('met in the middle of an action (401) is refreshed once, the action is retried and succeeds', async () => {
    const page = await e2e.newPage();
    await signInAsPatient(page);
    const original = await storedToken(page);

    // The token runs out just as the user saves their settings: the server sees an expired token on that call.
    let sentExpired = false;
    await page.route(
      '**/api/patient/savethemesettings',
      async (route) => {
        sentExpired = true;
        const headers = { ...route.request().headers(), authorization: `Bearer ${expiredCopyOf(original!)}` };
        await route.continue({ headers });
      },
      { times: 1 },
    );
    const saves: { status: number; authorization: string | undefined }[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname !== '/api/patient/savethemesettings') return;
      saves.push({ status: response.status(), authorization: response.request().headers().authorization });
    });
    const refreshed = page.waitForResponse((response) => new URL(response.url()).pathname === refreshCall, patience);

    await userMenu(page, 'Jane Doe').click();
    await page.getByRole('menuitem', { name: 'Theme Settings', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Theme Settings' });
    await panel.getByRole('button', { name: 'Save', exact: true }).click();

    const refresh = await refreshed;
    expect(refresh.status()).toBe(200);
    const renewed = await refreshedToken(refresh);
    await page.getByText('Selected settings changed successfully. Please check').waitFor();
    expect(sentExpired).toBe(true);
    // The first attempt met the 401; the one retry carried the refreshed token and went through.
    expect(saves.map((save) => save.status)).toEqual([401, 200]);
    expect(saves[1]!.authorization).toBe(`Bearer ${renewed}`);

    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    await expectHeading(page, 'Patients dashboard');
    await userMenu(page, 'Jane Doe').waitFor();
    expect(await storedToken(page)).toBe(renewed);
    expect(await statusWithToken(page, renewed)).toBe(200);
  });
});

describe('logout', () => {
  it("asks 'Are you sure want to exit the product?'; 'No' stays, 'Yes' returns to the store's sign-in address", async () => {
    const page = await e2e.newPage();
    await signInAsPatient(page);

    await userMenu(page, 'Jane Doe').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    const question = page.getByRole('alertdialog', { name: 'Are you sure want to exit the product?' });
    await question.waitFor();
    await question.getByRole('button', { name: 'No', exact: true }).click();
    await question.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/admin/dashboard/patients');
    expect(await storedToken(page)).toBeTruthy();

    await userMenu(page, 'Jane Doe').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await question.waitFor();
    const loggedOut = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/patient/logout');
    await question.getByRole('button', { name: 'Yes', exact: true }).click();
    expect((await loggedOut).status()).toBe(200);

    await expectPath(page, '/clearview/downtown');
    await page.getByLabel('User name (email)', { exact: true }).waitFor();
    expect(await storedToken(page)).toBeNull();

    // The session is over on the server too: a signed-in address now asks for sign-in.
    await page.goto('/admin/dashboard/patients');
    await expectPath(page, '/login');
  });
});

describe('a patient', () => {
  it('cannot open an admin address: they end on their own page', async () => {
    const page = await e2e.newPage();
    await signInAsPatient(page);

    for (const address of ['/admin/pos/all', '/admin/eforms/all']) {
      await page.goto(address);
      await expectPath(page, '/admin/dashboard/patients');
      await expectHeading(page, 'Patients dashboard');
      expect(await page.getByRole('heading', { name: /Point of sale|eForms/ }).count()).toBe(0);
    }

    // Also when the address changes inside the app, without a page load.
    await page.evaluate(() => history.pushState(null, '', '/admin/template/email'));
    await expectPath(page, '/admin/dashboard/patients');
    await expectHeading(page, 'Patients dashboard');
    expect(await page.getByRole('heading', { name: 'Email templates' }).count()).toBe(0);
  });
});
