/**
 * The register's search across a reload of the tab (src/pos/searchText.ts): a half-typed search comes back with its
 * results, and goes once the product is added, the sale completed or parked.
 */
import 'fake-indexeddb/auto';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { posIds } from '../fixtures/posFixtures';
import { addBySearch, clerk, keptSearch, lines, open, reload, search, tearDownEachSale } from './posSaleHarness';

tearDownEachSale();

describe('the search across a reload', () => {
  it('gives a half-typed search back after a reload, with its results; empties it when the product is added and when the sale is completed', async () => {
    let { user } = open();
    await screen.findByRole('heading', { name: 'Sale at Front desk' }, { timeout: 5000 });
    await user.type(search(), 'ray');
    await screen.findByRole('option', { name: /Ray-Ban/ });
    expect(keptSearch()).toEqual([[`pos.search.${clerk.tenantId}.${posIds.location}.${posIds.register}`, 'ray']]);

    reload();
    ({ user } = open());
    await screen.findByRole('heading', { name: 'Sale at Front desk' }, { timeout: 5000 });
    expect((search() as HTMLInputElement).value).toBe('ray');
    expect(await screen.findByRole('option', { name: /Ray-Ban/ })).toBeTruthy();
    await user.click(search());
    await user.keyboard('{Enter}');
    await within(lines()).findByRole('button', { name: /^Ray-Ban/ });
    expect((search() as HTMLInputElement).value).toBe('');
    expect(keptSearch()).toEqual([]);

    // Typed, then the sale is paid and completed: the next sale starts with an empty field, a reload too.
    await user.type(search(), 'exa');
    expect(keptSearch()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Walk-in' }));
    await user.click(screen.getByRole('button', { name: 'Pay (F4)' }));
    const pay = await screen.findByRole('dialog');
    await user.click(within(pay).getByRole('button', { name: 'Add payment' }));
    await user.click(await within(pay).findByRole('button', { name: 'Complete sale' }));
    await screen.findByText(/Sale recorded: invoice/);
    expect(keptSearch()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'New sale' }));
    expect((search() as HTMLInputElement).value).toBe('');
    reload();
    open();
    await screen.findByRole('heading', { name: 'Sale at Front desk' }, { timeout: 5000 });
    expect((search() as HTMLInputElement).value).toBe('');
  });

  it('empties the search when the sale is parked, the next sale starting afresh', async () => {
    const { user } = open();
    await screen.findByRole('heading', { name: 'Sale at Front desk' }, { timeout: 5000 });
    await addBySearch(user, 'ray', 'Ray-Ban');
    await user.type(search(), 'ex');
    expect(keptSearch()).toHaveLength(1);
    await user.keyboard('{F8}');
    await screen.findByText('Sale parked. Any register of the store can resume it.');
    expect(keptSearch()).toEqual([]);
  });
});

