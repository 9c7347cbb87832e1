/**
 * Browser tests: every demo role signs in at its address and lands on its `/` page (spec 2.3); a guest's
 * deep link goes to sign-in and comes back after it (2.4); an unknown address shows the not-found page.
 */
import { describe, expect, it } from 'vitest';
import { expectHeading, expectPath, signInAt, submitSignIn, useBrowser, userMenu } from './support/browser';
import type { Credentials } from './support/browser';

const e2e = useBrowser();

interface Landing {
  who: string;
  address: string;
  credentials: Credentials;
  lands: string;
  heading: string;
}

const landings: Landing[] = [
  {
    who: 'the admin',
    address: '/admin',
    credentials: { email: 'admin@clearview.test' },
    lands: '/admin/pos/all',
    heading: 'Point of sale',
  },
  {
    who: 'the staff member',
    address: '/clearview/downtown',
    credentials: { email: 'staff@clearview.test' },
    lands: '/admin/pos/all',
    heading: 'Point of sale',
  },
  {
    who: 'the patient',
    address: '/clearview/downtown',
    credentials: { email: 'patient@clearview.test' },
    lands: '/admin/dashboard/patients',
    heading: 'Patients dashboard',
  },
  {
    who: 'the kiosk',
    address: '/kiosk/login',
    credentials: { email: 'kiosk.downtown@clearview.test' },
    lands: '/patient/register',
    heading: 'Patient registration',
  },
  {
    who: 'the enterprise admin',
    address: '/admin',
    credentials: { email: 'enterprise@portal.test', enterpriseAdmin: true },
    lands: '/admin/dashboard/patients',
    heading: 'Patients dashboard',
  },
];

describe('each demo role signs in and lands on its page', () => {
  it.each(landings)('$who signs in at $address and lands on $lands', async ({ address, credentials, lands, heading }) => {
    const page = await e2e.newPage();
    await signInAt(page, address, credentials);
    await expectPath(page, lands);
    await expectHeading(page, heading);
    // Signed in: the session is kept for this tab, and the page did not move on.
    expect(await page.evaluate(() => sessionStorage.getItem('access_token'))).toBeTruthy();
    expect(new URL(page.url()).pathname).toBe(lands);
  });

  it('the new user (temporary password) signs in and is taken to the new-user page', async () => {
    const page = await e2e.newPage();
    await signInAt(page, '/clearview/downtown', { email: 'newuser@clearview.test' });
    await expectHeading(page, 'Set your password');
    // The page greets them by name and offers to email the code; they are nowhere else.
    await expect(page.getByText('Welcome, Nora Newman', { exact: false }).count()).resolves.toBe(1);
    await page.getByRole('button', { name: 'Click to Get OTP' }).waitFor();
    const path = new URL(page.url()).pathname;
    expect(path).not.toBe('/clearview/downtown');
    expect(path).not.toMatch(/^\/admin\//);
    // Any other address brings them back to the same page (spec 2.4: newuser always goes there).
    await page.goto('/patient/rxinfo');
    await expectPath(page, path);
    await expectHeading(page, 'Set your password');
  });
});

describe('a guest deep link', () => {
  it('goes to sign-in and returns to the deep link after signing in', async () => {
    const page = await e2e.newPage();
    await page.goto('/patient/rxinfo');
    await expectPath(page, '/login');
    await expectHeading(page, 'Sign in');

    // No store signed in at yet in this browser: /login asks which one.
    await page.getByLabel('Company', { exact: true }).fill('clearview');
    await page.getByLabel('Store', { exact: true }).fill('downtown');
    await page.getByRole('button', { name: 'Continue' }).click();
    await submitSignIn(page, { email: 'patient@clearview.test' });

    await expectPath(page, '/patient/rxinfo');
    await expectHeading(page, 'Prescriptions (Rx)');
    await userMenu(page, 'Jane Doe').waitFor();
  });
});

describe('an unknown address', () => {
  it('shows the not-found page at /pages/errors/error-404', async () => {
    const page = await e2e.newPage();
    await page.goto('/nowhere/at/all');
    await expectPath(page, '/pages/errors/error-404');
    await expectHeading(page, 'Page not found');
  });
});
