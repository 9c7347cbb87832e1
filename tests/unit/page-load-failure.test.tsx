import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigate } from 'wouter/use-browser-location';
import { App } from '../../src/app/App';
import { createRuntime } from '../../src/app/runtime';
import type { Runtime } from '../../src/app/runtime';
import { writeStoredSession } from '../../src/app/storedSession';
import { messages } from '../../src/contract/common';
import { janeDoe } from '../fixtures/auth';
import '../fixtures/jsdom-gaps';
import { fakeApi } from '../fixtures/fakeApi';
import { recalls } from './records-fixtures';

// The recalls page's code cannot be fetched, as when the connection drops or a deploy removed the old files.
vi.mock('../../src/views/portal/RecallsPage', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

let runtime: Runtime;

beforeEach(() => {
  // React reports the error it caught; the screen is what this test reads.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  sessionStorage.clear();
  localStorage.clear();
  fakeApi((call) => {
    if (call.path === '/api/patient/me') return { status: 200, body: { user: janeDoe } };
    if (call.path === '/api/my/recalls') return { status: 200, body: recalls };
    return { status: 404, body: { error: messages.notFound } };
  });
  writeStoredSession(window.sessionStorage, {
    session: { accessToken: 'token', tenantId: janeDoe.tenantId, user: janeDoe, expiresAt: Date.now() / 1000 + 600 },
    loginUrl: '/login',
  });
});

afterEach(() => {
  cleanup();
  runtime.app.stop();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function openAt(path: string) {
  window.history.replaceState(null, '', path);
  runtime = createRuntime({ sessionStorage: window.sessionStorage, localStorage: window.localStorage, root: document.documentElement });
  render(<App runtime={runtime} />);
}

describe('a page whose code cannot be fetched', () => {
  it('says so with a reload button instead of a blank screen, on a page load', async () => {
    openAt('/patient/recalls');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(alert).getByRole('heading', { name: 'This page could not be loaded' })).toBeTruthy();
    expect(within(alert).getByText('Check your connection, then reload the page.')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('keeps the shell when it happens on the way from another page, and another page draws again', async () => {
    openAt('/patient/demographicinfo');
    const navigation = await screen.findByRole('navigation', { name: 'Navigation' }, { timeout: 5000 });
    await act(async () => navigate('/patient/recalls'));
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeTruthy();
    expect(navigation.isConnected).toBe(true);

    await act(async () => navigate('/admin/dashboard/patients'));
    expect(screen.queryByRole('heading', { name: 'This page could not be loaded' })).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Navigation' })).toBe(navigation);
  });
});
