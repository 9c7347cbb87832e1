/**
 * Users and permissions and My Profile in Chromium against a server of the file's own (its outbox prints
 * what it sends): the admin, on a phone, invites a clerk for Uptown with Invoice and Lab Order switched off; the
 * clerk signs in with the emailed temporary password, completes the new-user flow and sees only the switched-on
 * menu items; in My Profile the clerk changes their name and language to Arabic, and the page turns right to left
 * without overflowing a 390 px screen; signing in in another browser brings the profile's language with it.
 */
import { describe, expect, it } from 'vitest';
import { codePattern, useOutboxServer } from './support/outbox';
import { expectHeading, expectPath, fitsTheScreen, patience, signInAt, useBrowser, userMenu } from './support/browser';

const server = useOutboxServer();
const e2e = useBrowser({ server });

const clerkEmail = 'casey.clerk@clearview.test';
const clerkPassword = 'Casey-Own-Pass-2026';

/** Nothing on the page is wider than the screen (a phone scrolls only down). */

describe('an admin invites a clerk', () => {
  it('who completes the new-user flow, sees only the switched-on menu items, and changes their name and language', async () => {
    const admin = await e2e.newPage({ phone: true });
    await signInAt(admin, '/admin', { email: 'admin@clearview.test' });
    await admin.waitForURL((url) => url.pathname !== '/admin', patience);
    await admin.goto('/admin/access');
    await expectHeading(admin, 'Users and permissions');
    await admin.getByRole('button', { name: 'Sam Staff' }).waitFor(patience);
    expect(await fitsTheScreen(admin)).toBe(true);

    await admin.getByRole('button', { name: 'Invite a clerk' }).click();
    const invite = admin.getByRole('form', { name: 'Invite a clerk' });
    await invite.getByRole('textbox', { name: 'Email' }).fill(clerkEmail);
    await invite.getByRole('textbox', { name: 'Name' }).fill('Casey Clerk');
    await invite.getByText('Uptown', { exact: true }).click();
    await invite.getByText('Invoice', { exact: true }).click();
    await invite.getByText('Lab Order', { exact: true }).click();
    expect(await invite.getByRole('switch', { name: 'Invoice' }).isChecked()).toBe(false);
    expect(await invite.getByRole('switch', { name: 'Patients' }).isChecked()).toBe(true);
    expect(await fitsTheScreen(admin)).toBe(true);
    const mark = server.mark();
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await admin.getByText(`Invitation sent to ${clerkEmail}`).waitFor(patience);
    // The new account is listed as invited and opened for editing.
    await admin.getByRole('button', { name: 'Casey Clerk' }).waitFor(patience);
    await admin.getByRole('row', { name: /Casey Clerk/ }).getByText('Invited').waitFor(patience);

    // The clerk reads the invitation, signs in at their store with the temporary password and sets their own.
    const invitation = await server.nextInMessage(clerkEmail, mark, /temporary password \S+/);
    const temporary = invitation.replace('temporary password ', '');
    expect(server.messagesTo(clerkEmail, mark)[0]).toContain('/clearview/uptown');
    const clerk = await e2e.newPage();
    const beforeCode = server.mark();
    await signInAt(clerk, '/clearview/uptown', { email: clerkEmail, password: temporary });
    await expectHeading(clerk, 'Set your password');
    await clerk.getByRole('button', { name: 'Click to Get OTP' }).click();
    const code = await server.nextInMessage(clerkEmail, beforeCode, codePattern);
    await clerk.getByRole('textbox', { name: 'Authentication code' }).fill(code);
    await clerk.getByLabel('New password', { exact: true }).fill(clerkPassword);
    await clerk.getByLabel('Repeat the new password', { exact: true }).fill(clerkPassword);
    await clerk.getByRole('button', { name: 'Save the password' }).click();
    await expectPath(clerk, '/admin/pos/all');

    // The navigation: Patients and Work Desk, not Invoice or Lab Order (switched off), nor the admin's Permissions.
    const nav = clerk.getByRole('navigation').first();
    await nav.getByRole('link', { name: 'Patients', exact: true }).waitFor(patience);
    await nav.getByRole('link', { name: 'Work Desk', exact: true }).waitFor(patience);
    for (const hidden of ['Invoice', 'Lab Order', 'Permissions']) expect(await nav.getByRole('link', { name: hidden, exact: true }).count()).toBe(0);

    // The admin sees the account active now.
    await admin.reload();
    await admin.getByRole('row', { name: /Casey Clerk/ }).getByText('Active').waitFor(patience);

    // My Profile from the user menu, on a phone.
    await clerk.setViewportSize({ width: 390, height: 844 });
    await userMenu(clerk, 'Casey Clerk').click();
    await clerk.getByRole('menuitem', { name: 'My Profile' }).click();
    await expectPath(clerk, '/pages/profile');
    await expectHeading(clerk, 'My Profile');
    const name = clerk.getByRole('textbox', { name: 'Name', exact: true });
    await name.fill('Casey Q. Clerk');
    await clerk.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'العربية' });
    await clerk.getByRole('button', { name: 'Save', exact: true }).click();
    await expectHeading(clerk, 'ملفي الشخصي');
    expect(await clerk.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await clerk.getByRole('textbox', { name: 'الاسم', exact: true }).inputValue()).toBe('Casey Q. Clerk');
    // The toolbar names the clerk by the new name at once.
    await clerk.getByRole('button', { name: 'قائمة المستخدم: Casey Q. Clerk', exact: true }).waitFor(patience);
    expect(await fitsTheScreen(clerk)).toBe(true);

    // Read again after a reload: the name and language were saved on the server.
    await clerk.reload();
    await expectHeading(clerk, 'ملفي الشخصي');
    expect(await clerk.getByRole('textbox', { name: 'الاسم', exact: true }).inputValue()).toBe('Casey Q. Clerk');
    await clerk.getByRole('button', { name: 'تسجيل الخروج من كل مكان آخر' }).waitFor(patience);

    // Another browser, never set to Arabic: signing in as the clerk switches to the profile's language.
    const elsewhere = await e2e.newPage();
    await signInAt(elsewhere, '/clearview/uptown', { email: clerkEmail, password: clerkPassword });
    await expectPath(elsewhere, '/admin/pos/all');
    await expect.poll(() => elsewhere.evaluate(() => document.documentElement.dir), patience).toBe('rtl');
    expect(await elsewhere.evaluate(() => document.documentElement.lang)).toBe('ar');
  });

  it('in Arabic, the admin’s page reads right to left on a phone', async () => {
    const admin = await e2e.newPage({ phone: true });
    await signInAt(admin, '/admin', { email: 'admin@clearview.test' });
    await admin.waitForURL((url) => url.pathname !== '/admin', patience);
    // The reader's language choice is kept in the browser; the next page load reads in it.
    await admin.evaluate(() => window.localStorage.setItem('language', 'ar'));
    await admin.goto('/admin/access');
    await expectHeading(admin, 'المستخدمون والأذونات');
    expect(await admin.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await admin.getByRole('button', { name: 'Sam Staff' }).click();
    await admin.getByRole('switch', { name: 'المرضى' }).waitFor(patience);
    await admin.getByRole('group', { name: 'إجراءات الحساب' }).waitFor(patience);
    expect(await fitsTheScreen(admin)).toBe(true);
  });
});
