/**
 * A store's records are dated in the store's time zone, not the reader's: an invoice issued at 22:00 in New York
 * (03:00 the next day in UTC) is that evening's, in the chart's invoices tab; a lab order's steps likewise.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, it } from 'vitest';
import type { Call, Reply } from '../fixtures/fakeApi';
import InvoicesTab from '../../src/views/patients/chart/InvoicesTab';
import LabOrdersTab from '../../src/views/patients/chart/LabOrdersTab';
import { janeDoe } from '../fixtures/auth';
import { ids, invoices, order } from './records-fixtures';
import { renderPage, tearDownPage, withRoles } from './records-harness';

const clerk = withRoles(janeDoe, ['staff'], 'Sam Staff');
let rendered: ReturnType<typeof renderPage> | undefined;
afterEach(() => {
  tearDownPage(rendered);
  rendered = undefined;
});

const lateEvening = { ...invoices.invoices[0]!, issuedAt: '2026-11-21T03:00:00.000Z' };
const downtown = { id: ids.downtown, slug: 'downtown', name: 'Downtown', address: '', phone: '', timeZone: 'America/New_York', currency: 'USD', logo: null };

describe('dates of a store’s records', () => {
  it('the chart’s invoices tab dates an invoice in its store’s zone', async () => {
    rendered = renderPage(<InvoicesTab patientId={ids.jane} locationId={ids.downtown} />, {
      user: clerk,
      api: (call: Call): Reply | undefined => {
        if (call.path === `/api/patients/${ids.jane}/invoices`) return { status: 200, body: { ...invoices, invoices: [lateEvening] } };
        if (call.path === '/api/stores') return { status: 200, body: { stores: [downtown] } };
        return undefined;
      },
    });
    const row = (await screen.findByRole('link', { name: 'View invoice 2002' })).closest('tr')!;
    await within(row).findByText('Nov 20, 2026');
  });

  it('the chart’s lab orders tab times each step of an order in its store’s zone', async () => {
    const lateStep = { ...order, events: [{ fromStatus: null, status: 'draft' as const, at: '2026-11-21T03:00:00.000Z', byName: 'Sam Staff', note: '' }] };
    rendered = renderPage(<LabOrdersTab patientId={ids.jane} locationId={ids.downtown} />, {
      user: clerk,
      api: (call: Call): Reply | undefined => {
        if (call.path === `/api/patients/${ids.jane}/orders`) return { status: 200, body: { orders: [lateStep] } };
        if (call.path === '/api/stores') return { status: 200, body: { stores: [downtown] } };
        return undefined;
      },
    });
    await screen.findByText(/Nov 20, 2026, 10:00/);
  });
});
