/**
 * The shell's navigation (spec 2.5): what each role is offered, the current page, collapses, the menu flags, and the
 * navigation search. The toolbar, layouts, theme panels and footer are in shell.test.tsx.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '../../src/contract/auth';
import { admin, enterprise, navigationGroups, openAs, patient, staff, useShellHooks } from './shellHarness';

useShellHooks();

describe('navigation by role (spec 2.5)', () => {
  it('POS hides the toolbar but keeps the navigation', async () => {
    openAs(admin, '/admin/pos/all');
    expect(await screen.findByRole('navigation', { name: 'Navigation' })).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('POS with the navbar hidden by the user still offers the user menu and Logout', async () => {
    const noNavbar: User = {
      ...staff,
      data: { ...staff.data, settings: { ...staff.data.settings, layout: { style: 'vertical', config: { navbar: { display: false } } } } },
    };
    const user = openAs(noNavbar, '/admin/pos/session');
    const bar = await screen.findByRole('group', { name: 'Navigation and account' });
    expect(screen.queryByRole('banner')).toBeNull();
    await user.click(within(bar).getByRole('button', { name: 'User menu: Sam Staff' }));
    expect(await screen.findByRole('menuitem', { name: 'Logout' })).toBeTruthy();
  });

  it('POS on a phone: no toolbar, yet a menu button opens the navigation and the user menu offers Logout', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener: () => {}, removeEventListener: () => {} }));
    const user = openAs(staff, '/admin/pos/all');
    const bar = await screen.findByRole('group', { name: 'Navigation and account' });
    expect(screen.queryByRole('banner')).toBeNull();
    await user.click(within(bar).getByRole('button', { name: 'Open the navigation' }));
    const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
    expect(within(drawer).getByRole('link', { name: 'Patients' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(within(bar).getByRole('button', { name: 'User menu: Sam Staff' }));
    expect(await screen.findByRole('menuitem', { name: 'Logout' })).toBeTruthy();
  });

  it('admin: POS, Patient Chart with its seven items, Settings with Templates and General, Reports', async () => {
    openAs(admin, '/admin/pos/all');
    expect(await navigationGroups()).toEqual(['POS', 'Patient Chart', 'Settings', 'Reports']);
    const nav = screen.getByRole('navigation', { name: 'Navigation' });
    const chart = within(nav).getByRole('list', { name: 'Patient Chart' });
    expect(within(chart).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Patients',
      'Invoice',
      'Lab Order',
      'Permissions',
      'eForms',
      'Work Desk',
      "Day's appointments",
    ]);
    const settings = within(nav).getByRole('list', { name: 'Settings' });
    expect(within(settings).getByRole('button', { name: 'Templates' })).toBeTruthy();
    expect(within(settings).getByRole('link', { name: 'General' })).toBeTruthy();
  });

  it('after an in-app navigation the focus is on the new page’s heading, and the page is announced by it', async () => {
    const user = openAs(admin, '/admin/pos/all');
    const nav = await screen.findByRole('navigation', { name: 'Navigation' });
    await user.click(within(nav).getByRole('link', { name: 'Patients' }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/patients/all'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Patients' })), { timeout: 10_000 });
    // The announcement is set in the same turn as the focus but drawn by React's next render: wait for it.
    const live = () => [...document.querySelectorAll('[aria-live="polite"][aria-atomic="true"]')].map((region) => region.textContent);
    await waitFor(() => expect(live()).toContain('Patients'));
  });

  it('the active item is marked as the current page and is not a link to itself', async () => {
    openAs(admin, '/admin/pos/all');
    const nav = await screen.findByRole('navigation', { name: 'Navigation' });
    const current = within(nav).getByText('Point of Sale').closest('[aria-current="page"]');
    expect(current).toBeTruthy();
    expect(current?.getAttribute('href')).toBeNull();
  });

  it('a collapse opens itself when the current path is inside it, and stays open', async () => {
    const user = openAs(admin, '/admin/pos/all');
    const nav = await screen.findByRole('navigation', { name: 'Navigation' });
    const templates = within(nav).getByRole('button', { name: 'Templates' });
    expect(templates.getAttribute('aria-expanded')).toBe('false');
    await user.click(templates);
    await user.click(within(nav).getByRole('link', { name: 'Email' }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/template/email'));
    expect(within(nav).getByRole('button', { name: 'Templates' }).getAttribute('aria-expanded')).toBe('true');
    await user.click(within(nav).getByRole('link', { name: 'Patients' }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/patients/all'));
    expect(within(nav).getByRole('button', { name: 'Templates' }).getAttribute('aria-expanded')).toBe('true');
  });

  it.each([
    ['staff', staff, ['POS', 'Patient Chart', 'My Information']],
    ['patient', patient, ['My Information']],
    ['enterprise admin', enterprise, ['Enterprise']],
  ])('%s sees only their groups', async (_, user, groups) => {
    openAs(user, user === enterprise ? '/admin/PortalMapping' : '/patient/demographicinfo');
    expect(await navigationGroups()).toEqual(groups);
  });

  it('hides items whose menu access flag is false', async () => {
    const limited: User = {
      ...admin,
      data: {
        ...admin.data,
        settings: { ...admin.data.settings, navigation: [{ menuId: 202, access: false }] },
      },
    };
    openAs(limited, '/admin/pos/all');
    const nav = await screen.findByRole('navigation', { name: 'Navigation' });
    expect(within(nav).getByRole('link', { name: 'Patients' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Invoice' })).toBeNull();
  });
});

describe('navigation search', () => {
  it("finds 'Invoice' with the match in bold; Enter opens the first suggestion", async () => {
    const user = openAs(admin, '/admin/patients/all');
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    const input = screen.getByRole('searchbox', { name: 'Search the navigation' });
    expect(document.activeElement).toBe(input);
    await user.keyboard('inv');
    const suggestions = await screen.findByRole('menu', { name: 'Suggestions' });
    const options = within(suggestions).getAllByRole('menuitem');
    // The report 'Unbalanced invoices' matches too.
    expect(options.map((option) => option.textContent)).toEqual(['Invoice', 'Unbalanced invoices']);
    expect(options[0]?.querySelector('strong')?.textContent).toBe('Inv');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(window.location.pathname).toBe('/admin/invoicelookup/all'));
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it("says 'No results..' for nonsense", async () => {
    const user = openAs(admin, '/admin/patients/all');
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    await user.keyboard('xyzzy');
    expect(await screen.findByText('No results..')).toBeTruthy();
  });

  it('Escape closes and clears it', async () => {
    const user = openAs(admin, '/admin/patients/all');
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    await user.keyboard('pat');
    expect(await screen.findByRole('menu', { name: 'Suggestions' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('searchbox')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
  });

  it('the close button and a click outside close it', async () => {
    const user = openAs(admin, '/admin/patients/all');
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    await user.click(screen.getByRole('button', { name: 'Close the search' }));
    expect(screen.queryByRole('searchbox')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(screen.getByRole('main'));
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('a patient finds only what they may open', async () => {
    const user = openAs(patient, '/patient/demographicinfo');
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    await user.keyboard('invoice');
    const suggestions = await screen.findByRole('menu', { name: 'Suggestions' });
    expect(within(suggestions).getAllByRole('menuitem').map((option) => option.textContent)).toEqual(['Invoices']);
  });
});
