/**
 * The shell (spec 2.5): the toolbar (language, store, user menu, logout, shortcuts), the layouts (folded, drawer,
 * kiosk, horizontal), the theme panels, the footer and brand. The navigation is in shell-navigation.test.tsx.
 */
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { App } from '../../src/app/App';
import { createRuntime } from '../../src/app/runtime';
import type { User } from '../../src/contract/auth';
import { messages } from '../../src/contract/common';
import { savedSnackbar } from '../../src/machines/snackbar.machine';
import { clearviewDowntown, janeLogin } from '../fixtures/auth';
import type { Call, Reply } from '../fixtures/fakeApi';
import { findSentence } from '../fixtures/accessibleText';
import { dashboard } from './records-fixtures';
import { admin, fakeApi, openAs, patient, shell, useShellHooks, withRoles } from './shellHarness';

useShellHooks();

describe('toolbar', () => {
  it('Arabic from the language menu turns the page right-to-left', async () => {
    const user = openAs(admin, '/admin/patients/all');
    await user.click(await screen.findByRole('button', { name: 'Language' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'العربية' }));
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('ar');
    expect(await screen.findByRole('navigation', { name: 'التنقل' })).toBeTruthy();
  });

  it("offers 'Learn More' about the languages", async () => {
    const user = openAs(admin, '/admin/patients/all');
    await user.click(await screen.findByRole('button', { name: 'Language' }));
    await user.click(screen.getByRole('menuitem', { name: 'Learn More' }));
    await waitFor(() => expect(window.location.pathname).toBe('/documentation/configuration/multi-language'));
  });

  it('the store button leads admins to /admin/stores; others get the tooltip only', async () => {
    openAs(admin, '/admin/patients/all');
    expect((await screen.findByRole('link', { name: 'Stores' })).getAttribute('href')).toBe('/admin/stores');
    cleanup();
    shell.runtime.app.stop();
    openAs(patient, '/patient/demographicinfo');
    expect(await screen.findByRole('button', { name: 'Store name' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Stores' })).toBeNull();
  });

  it('shows the store location and the user; Logout asks first', async () => {
    const user = openAs(patient, '/patient/demographicinfo');
    expect(await screen.findByText('Downtown')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'User menu: Jane Doe' }));
    const menu = screen.getByRole('menu');
    // Her settings flag is set: the theme panels open from here (spec 2.5), not from tabs over the page.
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'My Profile',
      'Inbox',
      'Theme Settings',
      'Theme Color Schemes',
      'Logout',
    ]);
    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure want to exit the product?' });
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("'Yes' to the logout question ends the session and returns to the sign-in address", async () => {
    const user = openAs(patient, '/patient/demographicinfo');
    await user.click(await screen.findByRole('button', { name: 'User menu: Jane Doe' }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure want to exit the product?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(shell.apiCalls.some((call) => call.path === '/api/patient/logout')).toBe(true);
  });

  it('a guest gets Login and Register in the user menu', async () => {
    fakeApi(() => ({ status: 404, body: { error: messages.notFound } }));
    window.history.replaceState(null, '', '/documentation/configuration/multi-language');
    shell.runtime = createRuntime({
      sessionStorage: window.sessionStorage,
      localStorage: window.localStorage,
      root: document.documentElement,
    });
    render(<App runtime={shell.runtime} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'User menu: Guest' }));
    expect(within(screen.getByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Login',
      'Register',
    ]);
  });

  it('the star menu adds a shortcut, saved with the settings', async () => {
    const user = openAs(admin, '/admin/patients/all');
    await user.click(await screen.findByRole('button', { name: 'Edit shortcuts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Shortcuts' });
    await user.type(within(dialog).getByRole('searchbox'), 'lab');
    await user.click(within(dialog).getByRole('option', { name: /Lab Order/ }));
    await user.keyboard('{Escape}');
    const shortcuts = await screen.findByRole('group', { name: 'Shortcuts' });
    expect(within(shortcuts).getByRole('link', { name: 'Lab Order' }).getAttribute('href')).toBe('/admin/laborderlookup/all');
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain('Selected settings changed successfully. Please check'),
    );
    const save = shell.apiCalls.find((call) => call.path === '/api/patient/savethemesettings');
    expect(save?.body).toMatchObject({ data: { shortcuts: ['labOrder'] } });
  });
});

describe('layouts', () => {
  it('the pin button folds the navbar and saves it with the settings', async () => {
    const user = openAs(admin, '/admin/patients/all');
    const pin = await screen.findByRole('button', { name: 'Fold the navigation' });
    await user.click(pin);
    expect(pin.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(shell.apiCalls.some((call) => call.path === '/api/patient/savethemesettings')).toBe(true));
    const save = shell.apiCalls.find((call) => call.path === '/api/patient/savethemesettings');
    expect(save?.body).toMatchObject({ data: { settings: { layout: { config: { navbar: { folded: true } } } } } });
  });

  it('below 1280 px the navigation is a drawer: the menu button opens it, choosing an item closes it', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const user = openAs(admin, '/admin/patients/all');
    expect(screen.queryByRole('navigation', { name: 'Navigation' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Open the navigation' }));
    const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
    await user.click(within(drawer).getByRole('link', { name: 'Invoice' }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/invoicelookup/all'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('kiosk: toolbar and footer, no navigation', async () => {
    const kiosk = withRoles(['kiosk'], 'Kiosk Downtown');
    openAs(kiosk, '/patient/register');
    expect(await screen.findByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('horizontal: the groups in a row under the toolbar; a group opens its menu', async () => {
    const horizontal: User = {
      ...admin,
      data: {
        ...admin.data,
        settings: { ...admin.data.settings, layout: { style: 'horizontal', config: { navbar: { display: true } } } },
      },
    };
    const user = openAs(horizontal, '/admin/patients/all');
    const nav = await screen.findByRole('navigation', { name: 'Navigation' });
    const chart = within(nav).getByRole('button', { name: 'Patient Chart' });
    expect(chart.getAttribute('aria-expanded')).toBe('false');
    await user.click(chart);
    expect(chart.getAttribute('aria-expanded')).toBe('true');
    expect(within(nav).getByRole('link', { name: 'Invoice' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(chart.getAttribute('aria-expanded')).toBe('false');
  });
});

describe("the theme panels, by the user's settings flag (spec 2.5)", () => {
  const withSettingsFlag = (user: User, settingsPanel: boolean): User => ({ ...user, data: { ...user.data, settingsPanel } });
  const kiosk = withRoles(['kiosk'], 'Kiosk Downtown');

  /** Opens the user menu and reads its entries. */
  async function userMenuEntries(user: ReturnType<typeof openAs>, name: string) {
    await user.click(await screen.findByRole('button', { name: `User menu: ${name}` }));
    return within(screen.getByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent);
  }

  it('a patient whose flag is off is offered neither panel, in the user menu or elsewhere', async () => {
    const user = openAs(withSettingsFlag(patient, false), '/patient/demographicinfo');
    expect(await userMenuEntries(user, 'Jane Doe')).toEqual(['My Profile', 'Inbox', 'Logout']);
    expect(screen.queryByRole('button', { name: 'Open Theme Settings' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open Theme Color Schemes' })).toBeNull();
  });

  it('a patient whose flag is on opens each panel from the user menu', async () => {
    const user = openAs(withSettingsFlag(patient, true), '/patient/demographicinfo');
    expect(await userMenuEntries(user, 'Jane Doe')).toEqual(['My Profile', 'Inbox', 'Theme Settings', 'Theme Color Schemes', 'Logout']);
    await user.click(screen.getByRole('menuitem', { name: 'Theme Color Schemes' }));
    expect(await screen.findByRole('dialog', { name: 'Theme Color Schemes' })).toBeTruthy();
  });

  it.each([false, true])('the kiosk (a public device, flag %s) is offered neither: its user menu holds Logout only', async (flag) => {
    const user = openAs(withSettingsFlag(kiosk, flag), '/patient/register');
    expect(await userMenuEntries(user, 'Kiosk Downtown')).toEqual(['Logout']);
    expect(screen.queryByRole('button', { name: 'Open Theme Settings' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open Theme Color Schemes' })).toBeNull();
  });
});

describe('footer and brand', () => {
  it('shows the current year, the rights and the Powered by link; the brand has its Patient badge', async () => {
    openAs(patient, '/patient/demographicinfo');
    const footer = await screen.findByRole('contentinfo');
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()} Patient Portal. All rights reserved.`);
    const powered = within(footer).getByRole('link', { name: /^Powered by/ });
    expect(powered.getAttribute('target')).toBe('_blank');
    expect(screen.getAllByText('Patient').length).toBeGreaterThan(0);
  });
});

describe('snackbars', () => {
  it('a message shows with a close button, announced politely; errors as alerts', async () => {
    const user = openAs(patient, '/patient/demographicinfo');
    await screen.findByRole('contentinfo');
    act(() => shell.runtime.snackbar.send(savedSnackbar(messages.settingsSaved)));
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Selected settings changed successfully. Please check');
    await user.click(within(status).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('status')).toBeNull();

    act(() => shell.runtime.snackbar.send({ type: 'snackbar.show', kind: 'error', message: 'Something broke' }));
    expect(screen.getByRole('alert').textContent).toContain('Something broke');
  });

  it('a save hides itself after 2000 ms', async () => {
    openAs(patient, '/patient/demographicinfo');
    await screen.findByRole('contentinfo');
    act(() => shell.runtime.snackbar.send({ ...savedSnackbar('Saved'), duration: 50 }));
    expect(screen.getByRole('status').textContent).toContain('Saved');
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });
});

describe('the first page after a sign-in', () => {
  it("asks for the patient home's data as the sign-in succeeds, before the page draws, and only once", async () => {
    let signInFormShownAtTheCall: boolean | null = null;
    const calls = fakeApi((call: Call): Reply => {
      if (call.path === '/api/portal/clearview/downtown') return { status: 200, body: clearviewDowntown };
      if (call.path === '/api/patient/authcode') return { status: 200, body: { role: ['patient'], isauth: true, codeRequired: false, error: null } };
      if (call.path === '/api/patient/login') return { status: 200, body: janeLogin };
      if (call.path === '/api/my/dashboard') {
        signInFormShownAtTheCall = screen.queryByLabelText('Password') !== null;
        return { status: 200, body: dashboard };
      }
      return { status: 404, body: { error: messages.notFound } };
    });
    window.history.replaceState(null, '', '/clearview/downtown');
    shell.runtime = createRuntime({ sessionStorage: window.sessionStorage, localStorage: window.localStorage, root: document.documentElement });
    render(<App runtime={shell.runtime} />);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('User name (email)'), 'patient@clearview.test');
    await user.type(screen.getByLabelText('Password'), 'Demo-Pass-2026!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await findSentence('Hello, Jane', 5000)).toBeTruthy();
    expect(window.location.pathname).toBe('/admin/dashboard/patients');
    expect(signInFormShownAtTheCall).toBe(true);
    const dashboardCalls = calls.filter((call) => call.path === '/api/my/dashboard');
    expect(dashboardCalls).toHaveLength(1);
    expect(dashboardCalls[0]!.headers.get('Authorization')).toBe(`Bearer ${janeLogin.access_token}`);
  });
});
