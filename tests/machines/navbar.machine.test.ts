import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { menuHoverDelay, navbarMachine } from '../../src/machines/navbar.machine';
import type { NavbarEmitted } from '../../src/machines/navbar.machine';
import { savedSnackbar, snackbarDurations, snackbarMachine } from '../../src/machines/snackbar.machine';

function startNavbar(folded = false) {
  const clock = new SimulatedClock();
  const actor = createActor(navbarMachine, { input: { folded }, clock });
  const saved: boolean[] = [];
  actor.on('navbar.foldChanged', (event: NavbarEmitted) => saved.push(event.folded));
  actor.start();
  const tags = () => [...actor.getSnapshot().tags].sort();
  return { actor, clock, saved, tags };
}

describe('navbar machine: folding', () => {
  it('starts unfolded (280 px) or folded (64 px) as the user saved it', () => {
    expect(startNavbar(false).tags()).toEqual(['expanded']);
    expect(startNavbar(true).tags()).toEqual(['folded']);
  });

  it('the pin button folds and unfolds, asking each time for the flag to be saved', () => {
    const { actor, saved, tags } = startNavbar();
    actor.send({ type: 'navbar.toggleFold' });
    expect(tags()).toEqual(['folded']);
    actor.send({ type: 'navbar.toggleFold' });
    expect(tags()).toEqual(['expanded']);
    expect(saved).toEqual([true, false]);
  });

  it('folded, it opens over the content on hover and closes on leave', () => {
    const { actor, tags } = startNavbar(true);
    actor.send({ type: 'navbar.hoverEnter' });
    expect(tags()).toEqual(['expanded', 'folded']);
    actor.send({ type: 'navbar.hoverLeave' });
    expect(tags()).toEqual(['folded']);
  });

  it('unfolded, hovering changes nothing', () => {
    const { actor, tags } = startNavbar(false);
    actor.send({ type: 'navbar.hoverEnter' });
    actor.send({ type: 'navbar.hoverLeave' });
    expect(tags()).toEqual(['expanded']);
  });

  it('unpinning while hover-open unfolds for good', () => {
    const { actor, saved, tags } = startNavbar(true);
    actor.send({ type: 'navbar.hoverEnter' });
    actor.send({ type: 'navbar.toggleFold' });
    actor.send({ type: 'navbar.hoverLeave' });
    expect(tags()).toEqual(['expanded']);
    expect(saved).toEqual([false]);
  });

  it('follows settings changed elsewhere without asking to save them again', () => {
    const { actor, saved, tags } = startNavbar(false);
    actor.send({ type: 'navbar.syncFolded', folded: true });
    expect(tags()).toEqual(['folded']);
    actor.send({ type: 'navbar.syncFolded', folded: true });
    expect(tags()).toEqual(['folded']);
    actor.send({ type: 'navbar.syncFolded', folded: false });
    expect(tags()).toEqual(['expanded']);
    expect(saved).toEqual([]);
  });
});

describe('navbar machine: the small-screen drawer', () => {
  it('opens with the menu button and closes with the close action', () => {
    const { actor } = startNavbar();
    expect(actor.getSnapshot().hasTag('drawerOpen')).toBe(false);
    actor.send({ type: 'navbar.openDrawer' });
    expect(actor.getSnapshot().hasTag('drawerOpen')).toBe(true);
    actor.send({ type: 'navbar.closeDrawer' });
    expect(actor.getSnapshot().hasTag('drawerOpen')).toBe(false);
  });

  it('closes when an item is chosen, and leaves the fold as it was', () => {
    const { actor } = startNavbar(true);
    actor.send({ type: 'navbar.openDrawer' });
    actor.send({ type: 'navbar.itemChosen' });
    expect(actor.getSnapshot().hasTag('drawerOpen')).toBe(false);
    expect(actor.getSnapshot().hasTag('folded')).toBe(true);
  });
});

describe('navbar machine: horizontal group menus', () => {
  it('a group opens after the pointer rests on it 150 ms, and closes when the pointer leaves', () => {
    const { actor, clock } = startNavbar();
    actor.send({ type: 'navbar.menuEnter', id: 'pos' });
    clock.increment(menuHoverDelay - 1);
    expect(actor.getSnapshot().hasTag('menuOpen')).toBe(false);
    clock.increment(1);
    expect(actor.getSnapshot().hasTag('menuOpen')).toBe(true);
    expect(actor.getSnapshot().context.menuId).toBe('pos');
    actor.send({ type: 'navbar.menuLeave' });
    expect(actor.getSnapshot().hasTag('menuOpen')).toBe(false);
    expect(actor.getSnapshot().context.menuId).toBeNull();
  });

  it('passing over a group quicker than 150 ms opens nothing', () => {
    const { actor, clock } = startNavbar();
    actor.send({ type: 'navbar.menuEnter', id: 'pos' });
    clock.increment(100);
    actor.send({ type: 'navbar.menuLeave' });
    clock.increment(500);
    expect(actor.getSnapshot().hasTag('menuOpen')).toBe(false);
  });

  it('moving to another group restarts the wait; from an open menu it switches at once', () => {
    const { actor, clock } = startNavbar();
    actor.send({ type: 'navbar.menuEnter', id: 'pos' });
    clock.increment(100);
    actor.send({ type: 'navbar.menuEnter', id: 'chart' });
    clock.increment(100);
    expect(actor.getSnapshot().hasTag('menuOpen')).toBe(false);
    clock.increment(50);
    expect(actor.getSnapshot().context.menuId).toBe('chart');
    expect(actor.getSnapshot().hasTag('menuOpen')).toBe(true);
    actor.send({ type: 'navbar.menuEnter', id: 'settings' });
    expect(actor.getSnapshot().context.menuId).toBe('settings');
    expect(actor.getSnapshot().hasTag('menuOpen')).toBe(true);
  });

  it('a click (or Enter) opens at once and a second one closes; choosing an item closes', () => {
    const { actor } = startNavbar();
    actor.send({ type: 'navbar.menuToggle', id: 'pos' });
    expect(actor.getSnapshot().hasTag('menuOpen')).toBe(true);
    actor.send({ type: 'navbar.menuToggle', id: 'pos' });
    expect(actor.getSnapshot().hasTag('menuOpen')).toBe(false);
    actor.send({ type: 'navbar.menuToggle', id: 'chart' });
    actor.send({ type: 'navbar.menuToggle', id: 'pos' });
    expect(actor.getSnapshot().context.menuId).toBe('pos');
    actor.send({ type: 'navbar.itemChosen' });
    expect(actor.getSnapshot().hasTag('menuOpen')).toBe(false);
    actor.send({ type: 'navbar.menuToggle', id: 'pos' });
    actor.send({ type: 'navbar.menuClose' });
    expect(actor.getSnapshot().hasTag('menuOpen')).toBe(false);
  });
});

describe('snackbar machine', () => {
  function startSnackbar() {
    const clock = new SimulatedClock();
    const actor = createActor(snackbarMachine, { clock }).start();
    return { actor, clock };
  }

  it('shows a message for 6000 ms by default, at the bottom', () => {
    const { actor, clock } = startSnackbar();
    actor.send({ type: 'snackbar.show', kind: 'info', message: 'Hello' });
    expect(actor.getSnapshot().context.current).toMatchObject({ kind: 'info', message: 'Hello', placement: 'bottom' });
    clock.increment(snackbarDurations.default - 1);
    expect(actor.getSnapshot().hasTag('visible')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().hasTag('visible')).toBe(false);
    expect(actor.getSnapshot().context.current).toBeNull();
  });

  it('a save shows top right for 2000 ms', () => {
    const { actor, clock } = startSnackbar();
    actor.send(savedSnackbar('Selected settings changed successfully. Please check'));
    expect(actor.getSnapshot().context.current).toMatchObject({ kind: 'success', placement: 'topEnd', duration: 2000 });
    clock.increment(2000);
    expect(actor.getSnapshot().hasTag('visible')).toBe(false);
  });

  it('the close button hides it at once', () => {
    const { actor } = startSnackbar();
    actor.send({ type: 'snackbar.show', kind: 'error', message: 'Oops' });
    actor.send({ type: 'snackbar.close' });
    expect(actor.getSnapshot().hasTag('visible')).toBe(false);
  });

  it('a new message replaces the one showing and gets its full time', () => {
    const { actor, clock } = startSnackbar();
    actor.send({ type: 'snackbar.show', kind: 'info', message: 'First', duration: 1000 });
    clock.increment(900);
    actor.send({ type: 'snackbar.show', kind: 'warning', message: 'Second', duration: 1000 });
    clock.increment(900);
    expect(actor.getSnapshot().context.current).toMatchObject({ kind: 'warning', message: 'Second', id: 2 });
    clock.increment(100);
    expect(actor.getSnapshot().hasTag('visible')).toBe(false);
  });
});
