/**
 * The register offers the patient of the chart open in the recents, by name, even when the chart was opened by its
 * address and the recents do not know the name yet.
 */
import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import { createActor } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import { recentsMachine } from '../../src/machines/recents.machine';
import { RecentsProvider } from '../../src/views/shared/recentsActor';
import { SaleView } from '../../src/views/pos/sale/SaleView';
import { dropSaleActors } from '../../src/app/saleActor';
import type { Call, Reply } from '../fixtures/fakeApi';
import { posIds } from '../fixtures/posFixtures';
import { api, clerk, register } from './posSaleHarness';
import { ids, profile } from './records-fixtures';
import { renderPage, tearDownPage } from './records-harness';

let rendered: ReturnType<typeof renderPage> | undefined;
afterEach(() => {
  tearDownPage(rendered);
  rendered = undefined;
  dropSaleActors();
});

function openWithChart(language: 'en' | 'ar' = 'en') {
  const recents = createActor(recentsMachine, { input: {} }).start();
  // Opened by its address: the entry has the patient but no name until the chart's profile loads.
  recents.send({ type: 'recents.opened', path: `/admin/patients/${ids.jane}/4` });
  recents.send({ type: 'recents.opened', path: '/admin/pos/all' });
  const answer = api();
  rendered = renderPage(
    <RecentsProvider value={recents}>
      <SaleView register={register} session={{ id: posIds.session }} />
    </RecentsProvider>,
    {
      user: clerk,
      language,
      api: (call: Call): Reply | undefined => (call.path === `/api/patients/${ids.jane}/profile` ? { status: 200, body: profile } : answer(call)),
    },
  );
  return recents;
}

describe('the patient of the open chart at the register', () => {
  it('is named, and choosing it makes the sale hers', async () => {
    openWithChart();
    const offer = await screen.findByRole('button', { name: `Patient of the open chart: ${profile.firstName} ${profile.lastName}` });
    await rendered!.user.click(offer);
    expect(await screen.findByText(`${profile.firstName} ${profile.lastName}`)).toBeTruthy();
    expect(screen.queryByText(/the open chart$/)).toBeNull();
  });

  it('is named in Arabic too', async () => {
    openWithChart('ar');
    expect(await screen.findByRole('button', { name: /^مريض الملف المفتوح: / })).toBeTruthy();
    expect(screen.queryByText('مريض الملف المفتوح: الملف المفتوح')).toBeNull();
  });
});
