/**
 * /admin/access and /pages/profile against a fake API: the account list and its editor (menu switches sent as
 * flags with the version read, a refused last-admin change said in the reader's language, a stale save offering
 * the saved version), and My Profile (a name saved with its version reaches the session's user; a wrong current
 * password is said at its field; an Arabic reader gets Arabic texts).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { janeDoe } from '../fixtures/auth';
import type { Call, Reply } from '../fixtures/fakeApi';
import { description } from '../fixtures/accessibleText';
import { userMessages } from '../../src/contract/users';
import type { AccountSummary, Profile } from '../../src/contract/users';
import { AccessPage } from '../../src/views/access/AccessPage';
import { ProfilePage } from '../../src/views/profile/ProfilePage';
import { renderPage, tearDownPage, withRoles } from './records-harness';

const admin = withRoles(janeDoe, ['admin'], 'Ada Admin');
const downtown = { id: '5d2f9b71-2c4e-4a8b-8f3d-9e6c1b7a4d20', slug: 'downtown', name: 'Downtown', address: '1 Main St', phone: '+1 555 0100', timeZone: 'America/New_York', currency: 'USD', logo: null };
const ok = (body: unknown): Reply => ({ status: 200, body });
const flags = Object.fromEntries(['201', '202', '203', '204', '205', '206', '207', '208', '209'].map((id) => [id, true]));

const sam: AccountSummary = {
  id: 'c1ea0000-0000-4000-8000-00000000b002',
  email: 'staff@clearview.test',
  displayName: 'Sam Staff',
  roles: ['staff'],
  kind: 'staff',
  status: 'active',
  stores: [downtown.id],
  menuAccess: flags,
  locked: false,
  tempPasswordExpiresOn: null,
  lastLoginAt: null,
  updatedAt: '2026-11-20T10:00:00.000Z',
};
const alex: AccountSummary = { ...sam, id: 'c1ea0000-0000-4000-8000-00000000b001', email: 'admin@clearview.test', displayName: 'Alex Admin', roles: ['admin'], kind: 'admin', stores: [] };

let rendered: ReturnType<typeof renderPage> | undefined;
afterEach(() => {
  tearDownPage(rendered);
  rendered = undefined;
});

describe('/admin/access', () => {
  it('lists the accounts, sends switched-off menu flags with the version, and says why a last admin stays', async () => {
    const patches: Call[] = [];
    rendered = renderPage(<AccessPage />, {
      user: admin,
      api: (call) => {
        const url = new URL(call.path, 'http://x');
        if (url.pathname === '/api/stores') return ok({ stores: [downtown] });
        if (url.pathname === '/api/access/users' && call.method === 'GET') return ok({ accounts: [alex, sam] });
        if (call.method === 'PATCH' && url.pathname === `/api/access/users/${sam.id}`) {
          patches.push(call);
          return ok({ ...sam, menuAccess: { ...flags, '202': false }, updatedAt: '2026-11-21T10:00:00.000Z' });
        }
        if (call.method === 'PATCH' && url.pathname === `/api/access/users/${alex.id}`) {
          return { status: 409, body: { error: 'This is the last active admin of the company. Make another person an admin first.', code: 'access.lastAdmin' } };
        }
        return { status: 404, body: { error: 'Not found', code: 'request.notFound' } };
      },
    });
    const user = rendered.user;
    const table = await screen.findByRole('table', { name: '2 accounts' });
    expect(within(table).getAllByRole('row')[2]!.textContent).toContain('staff@clearview.test');

    await user.click(screen.getByRole('button', { name: 'Sam Staff' }));
    const editor = screen.getByRole('form', { name: 'Edit Sam Staff' });
    // Nothing changed yet: Save is disabled and says why, beside it and as its description.
    const unchanged = within(editor).getByRole('button', { name: 'Save changes' });
    expect(unchanged.hasAttribute('disabled')).toBe(true);
    expect(description(unchanged)).toBe('Nothing to save: no change yet');
    expect(within(editor).getByText('Nothing to save: no change yet')).toBeTruthy();
    const invoice = within(editor).getByRole('switch', { name: 'Invoice' });
    expect((invoice as HTMLInputElement).checked).toBe(true);
    await user.click(invoice);
    await user.click(within(editor).getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Account saved');
    expect(patches[0]!.body).toEqual({ menuAccess: { ...flags, '202': false } });
    expect(patches[0]!.headers.get('If-Match')).toBe(`"${sam.updatedAt}"`);

    await user.click(screen.getByRole('button', { name: 'Alex Admin' }));
    const alexEditor = screen.getByRole('form', { name: 'Edit Alex Admin' });
    await user.click(within(alexEditor).getByRole('checkbox', { name: 'Admin' }));
    await user.click(within(alexEditor).getByRole('checkbox', { name: 'Staff' }));
    await user.click(within(alexEditor).getByRole('button', { name: 'Save changes' }));
    expect((await within(alexEditor).findByRole('alert')).textContent).toBe('This is the last active admin of the company. Make another person an admin first.');
  });

  it('a refused invitation moves focus to a summary that links to each refused field', async () => {
    const posts: Call[] = [];
    rendered = renderPage(<AccessPage />, {
      user: admin,
      api: (call) => {
        const url = new URL(call.path, 'http://x');
        if (url.pathname === '/api/stores') return ok({ stores: [downtown] });
        if (url.pathname === '/api/access/users' && call.method === 'GET') return ok({ accounts: [alex, sam] });
        if (url.pathname === '/api/access/users' && call.method === 'POST') {
          posts.push(call);
          return { status: 400, body: { error: 'Please correct the highlighted fields.', code: 'request.fieldsInvalid', fields: { email: userMessages.email, displayName: userMessages.displayName } } };
        }
        return { status: 404, body: { error: 'Not found', code: 'request.notFound' } };
      },
    });
    const user = rendered.user;
    await user.click(await screen.findByRole('button', { name: 'Invite a clerk' }));
    const form = screen.getByRole('form', { name: 'Invite a clerk' });
    // Without a role the invitation cannot go: the button says why.
    await user.click(within(form).getByRole('checkbox', { name: 'Staff' }));
    expect(description(within(form).getByRole('button', { name: 'Send invitation' }))).toBe('Choose at least one role');
    await user.click(within(form).getByRole('checkbox', { name: 'Staff' }));
    expect(description(within(form).getByRole('button', { name: 'Send invitation' }))).toBe('');
    await user.type(within(form).getByRole('textbox', { name: 'Email' }), 'sam@');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    const summary = await within(form).findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(posts).toHaveLength(1);
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual([`Email: ${userMessages.email}`, `Name: ${userMessages.displayName}`]);
    await user.click(within(summary).getByRole('link', { name: `Name: ${userMessages.displayName}` }));
    expect(document.activeElement).toBe(within(form).getByRole('textbox', { name: 'Name' }));
  });

  it('asks before deactivating, then sends the version read', async () => {
    const posts: Call[] = [];
    rendered = renderPage(<AccessPage />, {
      user: admin,
      language: 'tr',
      api: (call) => {
        const url = new URL(call.path, 'http://x');
        if (url.pathname === '/api/stores') return ok({ stores: [downtown] });
        if (url.pathname === '/api/access/users') return ok({ accounts: [sam] });
        if (url.pathname === `/api/access/users/${sam.id}/deactivate`) {
          posts.push(call);
          return ok({ ...sam, status: 'deactivated', updatedAt: '2026-11-22T10:00:00.000Z' });
        }
        return { status: 404, body: { error: 'Not found', code: 'request.notFound' } };
      },
    });
    const user = rendered.user;
    await user.click(await screen.findByRole('button', { name: 'Sam Staff' }));
    await user.click(screen.getByRole('button', { name: 'Devre dışı bırak' }));
    const dialog = screen.getByRole('alertdialog');
    expect(posts).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Devre dışı bırak' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.headers.get('If-Match')).toBe(`"${sam.updatedAt}"`);
    await screen.findByRole('button', { name: 'Yeniden etkinleştir' });
  });
});

describe('/pages/profile', () => {
  const profile: Profile = { displayName: 'Jane Doe', email: 'patient@clearview.test', photo: null, language: null, pendingEmail: null, updatedAt: '2026-11-20T10:00:00.000Z' };
  const sessions = { sessions: [{ id: 'c1ea0000-0000-4000-8000-0000000f0001', createdAt: profile.updatedAt, lastUsedAt: profile.updatedAt, ip: '10.0.0.1', userAgent: 'Chromium', current: true }] };

  it('saves the name with its version and the toolbar’s user follows; a wrong current password is said at its field', async () => {
    const patches: Call[] = [];
    rendered = renderPage(<ProfilePage />, {
      api: (call) => {
        if (call.path === '/api/profile' && call.method === 'GET') return ok(profile);
        if (call.path === '/api/profile/sessions') return ok(sessions);
        if (call.path === '/api/profile' && call.method === 'PATCH') {
          patches.push(call);
          return ok({ ...profile, displayName: 'Jane Q. Doe', updatedAt: '2026-11-21T10:00:00.000Z' });
        }
        if (call.path === '/api/profile/password') {
          return { status: 400, body: { error: 'The current password is not correct.', code: 'profile.wrongPassword', fields: { currentPassword: 'The current password is not correct.' } } };
        }
        return { status: 404, body: { error: 'Not found', code: 'request.notFound' } };
      },
    });
    const { user, session } = rendered;
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled') || screen.getByRole('button', { name: 'Save' }).getAttribute('aria-disabled') === 'true').toBe(true);
    await user.clear(name);
    await user.type(name, 'Jane Q. Doe');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Profile saved');
    // Only what changed: the language showing was offered, not chosen.
    expect(patches[0]!.body).toEqual({ displayName: 'Jane Q. Doe' });
    expect(patches[0]!.headers.get('If-Match')).toBe(`"${profile.updatedAt}"`);
    expect(session.getSnapshot().context.session?.user.data.displayName).toBe('Jane Q. Doe');

    await user.type(screen.getByLabelText('Current password'), 'not-mine-at-all');
    await user.type(screen.getByLabelText('New password'), 'Brand-New-Pass-2026');
    await user.type(screen.getByLabelText('New password again'), 'Brand-New-Pass-2026');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('The current password is not correct.').length).toBeGreaterThan(0);
    // Focus leaves Change password for the summary, whose link goes back to the current password.
    const summary = screen.getByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    await user.click(within(summary).getByRole('link', { name: 'Current password: The current password is not correct.' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Current password'));
    expect(screen.getByText(/Chromium/)).toBeTruthy();
  });

  it('an empty password is refused by the form itself: "Required" at each field and in the focused summary, nothing sent', async () => {
    const sent: Call[] = [];
    rendered = renderPage(<ProfilePage />, {
      api: (call) => {
        if (call.path === '/api/profile' && call.method === 'GET') return ok(profile);
        if (call.path === '/api/profile/sessions') return ok(sessions);
        sent.push(call);
        return { status: 404, body: { error: 'Not found', code: 'request.notFound' } };
      },
    });
    const { user } = rendered;
    const form = (await screen.findByRole('button', { name: 'Change password' })).closest('form')!;
    await user.type(within(form).getByLabelText('New password'), 'short');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    const summary = await within(form).findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Current password: Required',
      'New password: The password must have at least 12 characters',
      'New password again: Required',
    ]);
    expect(within(form).getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getAllByText('Required')).toHaveLength(2);
    await user.click(within(summary).getByRole('link', { name: 'New password again: Required' }));
    expect(document.activeElement).toBe(within(form).getByLabelText('New password again'));
    expect(sent).toEqual([]);
  });

  it('saves the name over the version a photo change made on the same page', async () => {
    const withPhoto = { ...profile, photo: 'data:image/png;base64,iVBORw0KGgo=' };
    const patches: Call[] = [];
    rendered = renderPage(<ProfilePage />, {
      api: (call) => {
        if (call.path === '/api/profile' && call.method === 'GET') return ok(withPhoto);
        if (call.path === '/api/profile/sessions') return ok(sessions);
        if (call.path === '/api/profile/photo') return ok({ ...profile, photo: null, updatedAt: '2026-11-20T11:00:00.000Z' });
        if (call.path === '/api/profile' && call.method === 'PATCH') {
          patches.push(call);
          return ok({ ...profile, displayName: 'Jane R. Doe', updatedAt: '2026-11-20T12:00:00.000Z' });
        }
        return { status: 404, body: { error: 'Not found', code: 'request.notFound' } };
      },
    });
    const { user } = rendered;
    await user.click(await screen.findByRole('button', { name: 'Remove photo' }));
    await screen.findByText('Photo saved');
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Jane R. Doe');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Profile saved');
    expect(patches[0]!.headers.get('If-Match')).toBe('"2026-11-20T11:00:00.000Z"');
  });

  it('reads in Arabic', async () => {
    rendered = renderPage(<ProfilePage />, {
      language: 'ar',
      api: (call) => (call.path === '/api/profile' ? ok(profile) : call.path === '/api/profile/sessions' ? ok(sessions) : { status: 404, body: { error: 'x', code: 'request.notFound' } }),
    });
    await screen.findByRole('heading', { level: 1, name: 'ملفي الشخصي' });
    await screen.findByRole('button', { name: 'تسجيل الخروج من كل مكان آخر' });
    expect(screen.getByRole('textbox', { name: 'الاسم' })).toBeTruthy();
  });
});
