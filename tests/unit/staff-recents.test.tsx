/**
 * Staff's 'My Information' (the selected patient's chart tabs, or the way to the patient list) and the recents
 * panel (entries with their tab, the unsaved flag, clearing one or all), in English and Arabic.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createI18n } from '../../src/i18n/i18n';
import { recentsMachine } from '../../src/machines/recents.machine';
import { InvoicesPage } from '../../src/views/portal/InvoicesPage';
import { OtherInfoPage } from '../../src/views/portal/OtherInfoPage';
import { RecentsPanel } from '../../src/views/recents/RecentsPanel';
import { RecentsProvider } from '../../src/views/shared/recentsActor';
import { janeDoe } from '../fixtures/auth';
import type { Reply } from '../fixtures/fakeApi';
import { renderPage, tearDownPage, withRoles } from './records-harness';
import { ids, invoices, profile } from './records-fixtures';
import '../fixtures/jsdom-gaps';

const staff = withRoles(janeDoe, ['staff'], 'Sam Staff');
const chartUrl = `/admin/patients/${ids.jane}/4`;

function api(call: { path: string }): Reply | undefined {
  if (call.path === `/api/patients/${ids.jane}/profile`) return { status: 200, body: profile };
  if (call.path === `/api/patients/${ids.jane}/invoices`) return { status: 200, body: invoices };
  return { status: 404, body: { error: 'Not found.' } };
}

let rendered: ReturnType<typeof renderPage> | undefined;
afterEach(() => {
  tearDownPage(rendered);
  rendered = undefined;
});

function openAsStaff(path: string, page: React.ReactNode, selectPatient: boolean) {
  window.history.replaceState(null, '', path);
  const recents = createActor(recentsMachine, { input: {} }).start();
  if (selectPatient) {
    recents.send({ type: 'recents.opened', path: chartUrl });
    recents.send({ type: 'recents.opened', path: '/admin/pos/all' });
  }
  rendered = renderPage(<RecentsProvider value={recents}>{page}</RecentsProvider>, { user: staff, api });
  return recents;
}

describe("staff's My Information", () => {
  it('with no patient selected in recents: offers the patient list', async () => {
    openAsStaff('/patient/invoice', <InvoicesPage />, false);
    expect(await screen.findByText(/No patient is selected/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the patient list' }).getAttribute('href')).toBe('/admin/patients/all');
  });

  it("shows the chart's invoices tab for the patient selected in recents (a sale opened since keeps the patient) and names the entry", async () => {
    const recents = openAsStaff('/patient/invoice', <InvoicesPage />, true);
    const openChart = await screen.findByRole('link', { name: 'Open the full chart' });
    expect(openChart.getAttribute('href')).toBe(chartUrl);
    // The name sits in its own <bdi> inside the sentence.
    expect(openChart.parentElement!.textContent).toBe('Patient: Jane Doe Open the full chart');
    expect(openChart.parentElement!.querySelector('bdi')!.textContent).toBe('Jane Doe');
    expect(await screen.findByText(/2002/)).toBeTruthy();
    // 'View invoice' opens the invoice screen with that invoice selected.
    const view = screen.getByRole('link', { name: 'View invoice 2002' });
    expect(view.getAttribute('href')).toBe(`/admin/patients/invoice/${ids.jane}/${invoices.invoices[0]!.locationId}?invoice=${ids.open}`);
    await waitFor(() => expect(recents.getSnapshot().context.entries[0]!.displayName).toBe('Jane Doe'));
  });

  it('/patient/otherinfo: the notes and consents (details), messages and activity tabs', async () => {
    openAsStaff('/patient/otherinfo', <OtherInfoPage />, true);
    expect(await screen.findByRole('heading', { level: 1, name: 'Other information' })).toBeTruthy();
    const tabs = await screen.findByRole('tablist');
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Details', 'Messages', 'Activity']);
  });
});

describe('the recents panel', () => {
  function openPanel(language: 'en' | 'ar') {
    localStorage.setItem('language', language);
    const i18n = createI18n(localStorage);
    const recents = createActor(recentsMachine, { input: {} }).start();
    recents.send({ type: 'recents.opened', path: '/admin/pos/all' });
    recents.send({ type: 'recents.opened', path: chartUrl });
    recents.send({ type: 'recents.update', url: chartUrl, changes: { displayName: 'Jane Doe' } });
    recents.send({ type: 'page.dirty', url: chartUrl });
    recents.send({ type: 'panel.open' });
    render(
      <I18nextProvider i18n={i18n}>
        <RecentsPanel recents={recents} />
      </I18nextProvider>,
    );
    return { recents, user: userEvent.setup() };
  }

  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('lists the open sale and patient with their tab, flags unsaved changes, removes one and clears all', async () => {
    const { recents, user } = openPanel('en');
    const panel = await screen.findByRole('dialog', { name: 'Recents' });
    const links = within(panel).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/admin/pos/all', chartUrl]);
    expect(links[1]!.textContent).toContain('Jane Doe');
    expect(links[1]!.textContent).toContain('Tab: Invoices');
    expect(links[1]!.textContent).toContain('Unsaved changes');
    expect(links[1]!.getAttribute('aria-current')).toBe('page');
    expect(links[0]!.textContent).not.toContain('Unsaved changes');

    await user.click(within(panel).getByRole('button', { name: 'Remove Point of sale (Sale) from the recents' }));
    expect(within(panel).getAllByRole('link')).toHaveLength(1);
    await user.click(within(panel).getByRole('button', { name: 'Clear all' }));
    expect(within(panel).getByText(/No open patients or sales yet/)).toBeTruthy();
    expect(recents.getSnapshot().context.entries).toEqual([]);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Recents' })).toBeNull());
    expect(recents.getSnapshot().hasTag('panelOpen')).toBe(false);
  });

  it('speaks Arabic', async () => {
    openPanel('ar');
    const panel = await screen.findByRole('dialog', { name: 'العناصر الأخيرة' });
    expect(panel.textContent).toContain('تغييرات غير محفوظة');
    expect(within(panel).getByRole('button', { name: 'مسح الكل' })).toBeTruthy();
  });
});
