import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRuntime } from '../../src/app/runtime';
import type { Runtime } from '../../src/app/runtime';
import { writeStoredSession } from '../../src/app/storedSession';
import type { User } from '../../src/contract/auth';
import { messages } from '../../src/contract/common';
import { defaultThemeSettings } from '../../src/contract/settings';
import en from '../../src/i18n/locales/en.json';
import { loadTheme } from '../../src/theme/loadTheme';
import { SettingsPanels } from '../../src/views/settings/SettingsPanels';
import { SettingsProvider } from '../../src/views/settings/settingsActor';
import { useThemeSlotClass } from '../../src/views/settings/themeSlots';
import { SessionProvider } from '../../src/views/ui/session';
import { janeDoe } from '../fixtures/auth';
import '../fixtures/jsdom-gaps';
import { fakeApi as fakeServer, type Call, type Reply } from '../fixtures/fakeApi';

/** Every call answered at once by `answer`; the calls made are returned. */
const fakeApi = (answer: (call: Call) => Reply | Promise<Reply>) => fakeServer(answer).calls;


/** The server as far as these screens need it: who is signed in, and saving their settings. */
function accountApi(user: User, { failSave = false } = {}) {
  let current = user;
  return (call: Call): Reply => {
    if (call.path === '/api/patient/me') return { status: 200, body: { user: current } };
    if (call.path === '/api/patient/savethemesettings') {
      if (failSave) return { status: 500, body: { error: 'Database is on fire' } };
      const { settings, shortcuts } = (call.body as { data: { settings: User['data']['settings']; shortcuts: string[] } }).data;
      current = { ...current, data: { ...current.data, shortcuts, settings: { ...current.data.settings, ...settings } } };
      return { status: 200, body: { user: current, message: 'Selected settings changed successfully. Please check' } };
    }
    return { status: 404, body: { error: messages.notFound } };
  };
}

/** Stands in for the shell's navbar: it carries its slot's theme. */
function NavbarProbe() {
  return <nav aria-label="Navbar probe" className={useThemeSlotClass('navbar')} />;
}

let runtime: Runtime;

/** A page load with `user` signed in (their session kept in session storage, as after a sign-in). */
function openAs(user: User | null) {
  if (user) {
    writeStoredSession(window.sessionStorage, {
      session: { accessToken: 'token-of-jane', tenantId: user.tenantId, user, expiresAt: Date.now() / 1000 + 600 },
      loginUrl: '/login',
    });
  }
  runtime = createRuntime({
    sessionStorage: window.sessionStorage,
    localStorage: window.localStorage,
    root: document.documentElement,
  });
  // The app's i18n starts with English's start-up texts; AppRoutes adds the rest before any shell view renders.
  runtime.i18n.addResourceBundle('en', 'translation', en, true, true);
  render(
    <I18nextProvider i18n={runtime.i18n}>
      <SessionProvider value={runtime.session}>
        <SettingsProvider value={runtime.settings}>
          <NavbarProbe />
          <SettingsPanels />
        </SettingsProvider>
      </SessionProvider>
    </I18nextProvider>,
  );
  return userEvent.setup();
}

afterEach(() => {
  cleanup();
  runtime?.app.stop();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  window.localStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('data-mode');
  document.documentElement.dir = '';
});

describe('Theme Settings panel', () => {
  it('opens from the edge tab; picking a main theme restyles the page; Save sends it and says so', async () => {
    const calls = fakeApi(accountApi(janeDoe));
    const user = openAs(janeDoe);
    const dark3 = await loadTheme('dark3');

    await user.click(await screen.findByRole('button', { name: 'Open Theme Settings' }));
    const panel = await screen.findByRole('dialog', { name: 'Theme Settings' });
    expect(within(panel).getByRole('radio', { name: 'Vertical' })).toHaveProperty('checked', true);

    await user.click(within(panel).getByRole('button', { name: /Main theme/ }));
    await user.click(await screen.findByRole('option', { name: 'Dark 3' }));
    await waitFor(() => expect(document.documentElement).toHaveProperty('className', expect.stringContaining(dark3)));
    expect(document.documentElement.dataset.mode).toBe('dark');
    // Only the main slot changed: the navbar keeps its own theme.
    expect(screen.getByRole('navigation', { name: 'Navbar probe', hidden: true }).className).not.toContain(dark3);

    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByRole('status')).toHaveProperty('textContent', 'Selected settings changed successfully. Please check');
    const save = calls.find((call) => call.path === '/api/patient/savethemesettings');
    expect(save?.method).toBe('POST');
    expect(save?.headers.get('Authorization')).toBe('Bearer token-of-jane');
    expect(save?.body).toEqual({
      data: { settings: { ...defaultThemeSettings, theme: { ...defaultThemeSettings.theme, main: 'dark3' } }, shortcuts: [] },
    });

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Theme Settings' })).toBeNull());
  });

  it('the saved settings come back after a reload (read from the server at start-up)', async () => {
    const api = accountApi(janeDoe);
    fakeApi(api);
    let user = openAs(janeDoe);
    await user.click(await screen.findByRole('button', { name: 'Open Theme Settings' }));
    const panel = await screen.findByRole('dialog', { name: 'Theme Settings' });
    await user.click(within(panel).getByRole('radio', { name: 'Right to left' }));
    expect(document.documentElement.dir).toBe('rtl');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await within(panel).findByText('Selected settings changed successfully. Please check');

    // Reload: the stored user is the one from before the save; /api/patient/me answers with the saved one.
    cleanup();
    runtime.app.stop();
    document.documentElement.dir = '';
    user = openAs(janeDoe);
    await waitFor(() => expect(runtime.settings.getSnapshot().context.settings.direction).toBe('rtl'));
    expect(document.documentElement.dir).toBe('rtl');
    void user;
  });

  it('changing the layout style shows that style’s options from its defaults', async () => {
    fakeApi(accountApi(janeDoe));
    const user = openAs(janeDoe);
    await user.click(await screen.findByRole('button', { name: 'Open Theme Settings' }));
    const panel = await screen.findByRole('dialog', { name: 'Theme Settings' });
    const navbar = within(panel).getByRole('group', { name: 'Navbar' });
    await user.click(within(navbar).getByRole('switch', { name: 'Folded' }));
    expect(within(navbar).getByRole('switch', { name: 'Folded' })).toHaveProperty('checked', true);

    await user.click(within(panel).getByRole('radio', { name: 'Horizontal' }));
    const horizontalNavbar = within(panel).getByRole('group', { name: 'Navbar' });
    expect(within(horizontalNavbar).queryByRole('switch', { name: 'Folded' })).toBeNull();
    expect(within(within(panel).getByRole('group', { name: 'Toolbar' })).getByRole('radio', { name: 'Above' })).toHaveProperty('checked', true);

    await user.click(within(panel).getByRole('radio', { name: 'Vertical' }));
    expect(within(within(panel).getByRole('group', { name: 'Navbar' })).getByRole('switch', { name: 'Folded' })).toHaveProperty('checked', false);
  });

  it('a failed save says so and keeps the choice', async () => {
    fakeApi(accountApi(janeDoe, { failSave: true }));
    const user = openAs(janeDoe);
    await user.click(await screen.findByRole('button', { name: 'Open Theme Settings' }));
    const panel = await screen.findByRole('dialog', { name: 'Theme Settings' });
    await user.click(within(panel).getByRole('switch', { name: 'Animations' }));
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe('The settings could not be saved. Please try again.');
    expect(screen.queryByText('Database is on fire')).toBeNull();
    expect(document.documentElement.dataset.animations).toBe('off');
  });
});

describe('Theme Color Schemes panel', () => {
  it('choosing a card sets all four slots; a click outside closes it', async () => {
    fakeApi(accountApi(janeDoe));
    const user = openAs(janeDoe);
    const light3 = await loadTheme('light3');

    await user.click(await screen.findByRole('button', { name: 'Open Theme Color Schemes' }));
    const panel = await screen.findByRole('dialog', { name: 'Theme Color Schemes' });
    expect(within(panel).getAllByRole('radio')).toHaveLength(34);
    expect(within(panel).getByRole('radio', { name: 'Light 17' })).toHaveProperty('checked', true);

    await user.click(within(panel).getByRole('radio', { name: 'Light 3' }));
    expect(runtime.settings.getSnapshot().context.settings.theme).toEqual({
      main: 'light3',
      navbar: 'light3',
      toolbar: 'light3',
      footer: 'light3',
    });
    await waitFor(() => expect(document.documentElement.className).toContain(light3));
    await waitFor(() => expect(screen.getByRole('navigation', { name: 'Navbar probe', hidden: true }).className).toContain(light3));

    await user.click(document.body);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Theme Color Schemes' })).toBeNull());
  });
});

describe('who sees the panels', () => {
  it('not a user whose settings flag is off', async () => {
    const noPanel = { ...janeDoe, data: { ...janeDoe.data, settingsPanel: false } };
    const calls = fakeApi(accountApi(noPanel));
    openAs(noPanel);
    await waitFor(() => expect(calls.some((call) => call.path === '/api/patient/me')).toBe(true));
    await act(async () => {});
    expect(screen.queryByRole('button', { name: 'Open Theme Settings' })).toBeNull();
  });

  it('not a guest; a guest keeps the settings this browser stored', async () => {
    window.localStorage.setItem(
      'guestSettings',
      JSON.stringify({ settings: { ...defaultThemeSettings, direction: 'rtl' }, shortcuts: [] }),
    );
    fakeApi(() => ({ status: 401, body: { error: 'Not signed in' } }));
    openAs(null);
    expect(screen.queryByRole('button', { name: 'Open Theme Settings' })).toBeNull();
    expect(runtime.settings.getSnapshot().context.isGuest).toBe(true);
    expect(document.documentElement.dir).toBe('rtl');
  });
});
