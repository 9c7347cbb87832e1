/**
 * The recents machine (spec 4): entries keyed by url with the spec's fields, its operations, the addresses that add
 * an entry, and the unsaved-changes guard that decides whether leaving asks the Warning question.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { recentOf, recentsMachine } from '../../src/machines/recents.machine';
import type { RecentsEmitted } from '../../src/machines/recents.machine';

const patientId = '7b1f9f0e-3c1a-4d5e-9f00-000000000001';
const locationId = '11111111-1111-4111-8111-111111111111';

function start(input = {}) {
  const actor = createActor(recentsMachine, { input }).start();
  const left: RecentsEmitted[] = [];
  actor.on('recents.leave', (event) => left.push(event));
  return { actor, left, context: () => actor.getSnapshot().context };
}

describe('recents: which addresses make an entry', () => {
  it('every POS page and the patient pages under /admin/patients, not the patient list', () => {
    expect(recentOf('/admin/pos/all')).toMatchObject({ url: '/admin/pos/all', name: 'pos', tab: 'all' });
    expect(recentOf(`/admin/patients/${patientId}/${locationId}`)).toMatchObject({ name: 'patient', patientId, tab: '1' });
    expect(recentOf(`/admin/patients/${patientId}/4?x=1`)).toMatchObject({ url: `/admin/patients/${patientId}/4`, tab: '4' });
    expect(recentOf(`/admin/patients/invoice/${patientId}`)).toMatchObject({ name: 'invoice', patientId });
    expect(recentOf('/admin/patients/all')).toBeNull();
    expect(recentOf('/admin/patients')).toBeNull();
    expect(recentOf('/admin/eforms/all')).toBeNull();
    expect(recentOf('/patient/rxinfo')).toBeNull();
  });
});

describe('recents: operations', () => {
  it('add selects the new entry with the spec fields and defaults (isSaving true); a second add of the url adds nothing', () => {
    const { actor, context } = start();
    actor.send({ type: 'recents.add', entry: { url: '/admin/pos/all', name: 'pos' } });
    actor.send({ type: 'recents.add', entry: { url: '/admin/pos/all', name: 'pos' } });
    expect(context().entries).toHaveLength(1);
    expect(Object.keys(context().entries[0]!).sort()).toEqual(
      ['displayName', 'id', 'invoiceId', 'isSaving', 'name', 'patientId', 'tab', 'title', 'url'].sort(),
    );
    expect(context().entries[0]!.isSaving).toBe(true);
    expect(context().selected).toBe('/admin/pos/all');
  });

  it('a new entry takes its id from the id maker it is given, as the sale machine does', () => {
    let n = 0;
    const { actor, context } = start({ newId: () => `entry-${++n}` });
    actor.send({ type: 'recents.add', entry: { url: '/admin/pos/all', name: 'pos' } });
    actor.send({ type: 'recents.upsert', entry: { url: `/admin/patients/${patientId}/2`, name: 'patient', patientId } });
    expect(context().entries.map((entry) => entry.id)).toEqual(['entry-1', 'entry-2']);
  });

  it('upsert by url replaces the entry (keeping its id) or adds it, and selects it', () => {
    const { actor, context } = start();
    actor.send({ type: 'recents.upsert', entry: { url: '/admin/pos/all', name: 'pos', tab: 'all' } });
    const id = context().entries[0]!.id;
    actor.send({ type: 'recents.upsert', entry: { url: '/admin/pos/quick', name: 'pos' } });
    actor.send({ type: 'recents.upsert', entry: { url: '/admin/pos/all', name: 'pos', displayName: 'Sale 12' } });
    expect(context().entries.map((entry) => entry.url)).toEqual(['/admin/pos/all', '/admin/pos/quick']);
    expect(context().entries[0]).toMatchObject({ id, displayName: 'Sale 12', tab: 'all' });
    expect(context().selected).toBe('/admin/pos/all');
  });

  it('update, remove (the selected one clears the selection), set and clear selected, reset', () => {
    const { actor, context } = start();
    actor.send({ type: 'recents.add', entry: { url: '/admin/pos/all', name: 'pos' } });
    actor.send({ type: 'recents.add', entry: { url: `/admin/patients/${patientId}/2`, name: 'patient', patientId } });
    actor.send({ type: 'recents.update', url: `/admin/patients/${patientId}/2`, changes: { displayName: 'Jane Doe' } });
    expect(context().entries[1]!.displayName).toBe('Jane Doe');
    actor.send({ type: 'recents.select', url: '/admin/pos/all' });
    expect(context()).toMatchObject({ selected: '/admin/pos/all', selectedPatient: `/admin/patients/${patientId}/2` });
    actor.send({ type: 'recents.select', url: '/not/there' });
    expect(context().selected).toBe('/admin/pos/all');
    actor.send({ type: 'recents.clearSelected' });
    expect(context().selected).toBeNull();
    actor.send({ type: 'recents.select', url: `/admin/patients/${patientId}/2` });
    actor.send({ type: 'recents.remove', url: `/admin/patients/${patientId}/2` });
    expect(context()).toMatchObject({ selected: null, selectedPatient: null });
    expect(context().entries).toHaveLength(1);
    actor.send({ type: 'recents.reset' });
    expect(context()).toMatchObject({ entries: [], selected: null, selectedPatient: null });
  });

  it('opening addresses: a POS page and a chart add entries; another tab of the same chart updates its entry; the list adds none', () => {
    const { actor, context } = start();
    actor.send({ type: 'recents.opened', path: '/admin/pos/all' });
    actor.send({ type: 'recents.opened', path: '/admin/patients/all' });
    actor.send({ type: 'recents.opened', path: `/admin/patients/${patientId}/${locationId}` });
    actor.send({ type: 'recents.opened', path: `/admin/patients/${patientId}/3` });
    expect(context().entries.map((entry) => [entry.name, entry.url, entry.tab])).toEqual([
      ['pos', '/admin/pos/all', 'all'],
      ['patient', `/admin/patients/${patientId}/3`, '3'],
    ]);
    expect(context().selected).toBe(`/admin/patients/${patientId}/3`);
    // Another page (My Information, eForms) keeps the selection.
    actor.send({ type: 'recents.opened', path: '/patient/rxinfo' });
    expect(context().selected).toBe(`/admin/patients/${patientId}/3`);
  });

  it('the panel opens and closes', () => {
    const { actor } = start();
    actor.send({ type: 'panel.open' });
    expect(actor.getSnapshot().hasTag('panelOpen')).toBe(true);
    actor.send({ type: 'panel.close' });
    expect(actor.getSnapshot().hasTag('panelOpen')).toBe(false);
  });
});

describe('recents: the unsaved-changes guard', () => {
  const chart = `/admin/patients/${patientId}/2`;

  it('with nothing unsaved, leaving is not held (the view asks can)', () => {
    const { actor } = start();
    expect(actor.getSnapshot().can({ type: 'leave.request', to: '/admin/pos/all', viaHistory: false })).toBe(false);
  });

  it('a dirty page marks its entry (isSaving false); No stays with the changes, Yes marks it saved and opens the target', () => {
    const { actor, left, context } = start();
    actor.send({ type: 'recents.opened', path: chart });
    actor.send({ type: 'page.dirty', url: chart });
    expect(context().entries[0]!.isSaving).toBe(false);
    expect(actor.getSnapshot().hasTag('unsaved')).toBe(true);
    const request = { type: 'leave.request', to: '/admin/pos/all', viaHistory: false } as const;
    expect(actor.getSnapshot().can(request)).toBe(true);
    actor.send(request);
    expect(actor.getSnapshot().hasTag('confirming')).toBe(true);
    expect(context().pending).toEqual({ to: '/admin/pos/all', viaHistory: false });
    actor.send({ type: 'leave.cancel' });
    expect(actor.getSnapshot().matches({ changes: 'unsaved' })).toBe(true);
    expect(left).toEqual([]);

    actor.send({ type: 'leave.request', to: '/admin/eforms/all', viaHistory: true });
    actor.send({ type: 'leave.confirm' });
    expect(left).toEqual([{ type: 'recents.leave', to: '/admin/eforms/all', viaHistory: true }]);
    expect(actor.getSnapshot().matches({ changes: 'saved' })).toBe(true);
    expect(context().entries[0]!.isSaving).toBe(true);
    expect(context().pending).toBeNull();
  });

  it('saving (page.clean of that page) ends the guard; a clean report of another page does not', () => {
    const { actor, context } = start();
    actor.send({ type: 'recents.opened', path: chart });
    actor.send({ type: 'page.dirty', url: chart });
    actor.send({ type: 'page.clean', url: '/admin/pos/all' });
    expect(actor.getSnapshot().hasTag('unsaved')).toBe(true);
    actor.send({ type: 'page.clean', url: chart });
    expect(actor.getSnapshot().hasTag('unsaved')).toBe(false);
    expect(context().entries[0]!.isSaving).toBe(true);
    // A save that ends while the question is open: nothing is lost, the question closes.
    actor.send({ type: 'page.dirty', url: chart });
    actor.send({ type: 'leave.request', to: '/admin/pos/all', viaHistory: false });
    actor.send({ type: 'page.clean', url: chart });
    expect(actor.getSnapshot().hasTag('confirming')).toBe(false);
    expect(context().pending).toBeNull();
  });

  it('clear all keeps the open page guarded', () => {
    const { actor } = start();
    actor.send({ type: 'recents.opened', path: chart });
    actor.send({ type: 'page.dirty', url: chart });
    actor.send({ type: 'recents.reset' });
    expect(actor.getSnapshot().hasTag('unsaved')).toBe(true);
  });

  it('starts from what the tab kept', () => {
    const { context } = start({
      entries: [{ id: 'a', name: 'pos', url: '/admin/pos/all', displayName: '', title: '', invoiceId: null, patientId: null, tab: 'all', isSaving: true }],
      selected: '/admin/pos/all',
    });
    expect(context()).toMatchObject({ selected: '/admin/pos/all', selectedPatient: null });
    expect(context().entries).toHaveLength(1);
  });
});
