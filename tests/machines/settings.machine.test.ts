import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { defaultThemeSettings } from '../../src/contract/settings';
import { applySettingsChange, layoutDefaults, settingsMachine, settingsMessages } from '../../src/machines/settings.machine';
import type { SettingsEmitted, SettingsValues } from '../../src/machines/settings.machine';

function start({ isGuest = false, save = async (_: SettingsValues) => ({ message: settingsMessages.saved }) } = {}) {
  const saved = vi.fn(save);
  const storedLocally = vi.fn();
  const actor = createActor(
    settingsMachine.provide({
      actors: { saveSettings: fromPromise(({ input }) => saved(input)) },
      actions: { storeGuestSettings: (_, values) => storedLocally(values) },
    }),
    { input: { settings: defaultThemeSettings, shortcuts: ['calendar'], isGuest } },
  );
  const emitted: SettingsEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, saved, storedLocally, emitted };
}

describe('settings machine', () => {
  it('opens the settings or the schemes sheet, one at a time, and closes', () => {
    const { actor } = start();
    expect(actor.getSnapshot().matches({ panel: 'closed' })).toBe(true);
    actor.send({ type: 'settings.open' });
    expect(actor.getSnapshot().matches({ panel: 'settings' })).toBe(true);
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
    actor.send({ type: 'settings.openSchemes' });
    expect(actor.getSnapshot().matches({ panel: 'schemes' })).toBe(true);
    actor.send({ type: 'settings.close' });
    expect(actor.getSnapshot().matches({ panel: 'closed' })).toBe(true);
    expect(actor.getSnapshot().hasTag('open')).toBe(false);
  });

  it('changing the layout style resets the layout config to that style’s defaults', () => {
    const { actor } = start();
    actor.send({ type: 'settings.change', change: { layout: { config: { mode: 'boxed', navbar: { folded: true } } } } });
    expect(actor.getSnapshot().context.settings.layout.config).toMatchObject({
      mode: 'boxed',
      navbar: { display: true, position: 'left', folded: true },
    });

    actor.send({ type: 'settings.change', change: { layout: { style: 'horizontal' } } });
    expect(actor.getSnapshot().context.settings.layout).toEqual({ style: 'horizontal', config: layoutDefaults.horizontal });

    actor.send({ type: 'settings.change', change: { layout: { style: 'vertical' } } });
    expect(actor.getSnapshot().context.settings.layout).toEqual(defaultThemeSettings.layout);
  });

  it('a change of one field keeps the others', () => {
    const changed = applySettingsChange(defaultThemeSettings, {
      direction: 'rtl',
      theme: { navbar: 'dark3' },
      layout: { config: { toolbar: { position: 'above' } } },
    });
    expect(changed.direction).toBe('rtl');
    expect(changed.theme).toEqual({ main: 'light17', navbar: 'dark3', toolbar: 'light17', footer: 'light17' });
    expect(changed.layout.config.toolbar).toEqual({ display: true, style: 'fixed', position: 'above' });
    expect(changed.layout.config.footer).toEqual(defaultThemeSettings.layout.config.footer);
    expect(changed.customScrollbars).toBe(true);
  });

  it('choosing a scheme sets all four theme slots', () => {
    const { actor } = start();
    actor.send({ type: 'settings.change', change: { theme: { navbar: 'dark2', footer: 'light4' } } });
    actor.send({ type: 'settings.chooseScheme', theme: 'dark9' });
    expect(actor.getSnapshot().context.settings.theme).toEqual({
      main: 'dark9',
      navbar: 'dark9',
      toolbar: 'dark9',
      footer: 'dark9',
    });
  });

  it('saving a signed-in user’s settings calls the save actor with settings and shortcuts, then says so', async () => {
    const { actor, saved, storedLocally, emitted } = start();
    actor.send({ type: 'settings.chooseScheme', theme: 'light3' });
    actor.send({ type: 'settings.save' });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('saving')).toBe(false));

    expect(saved).toHaveBeenCalledWith({
      settings: { ...defaultThemeSettings, theme: { main: 'light3', navbar: 'light3', toolbar: 'light3', footer: 'light3' } },
      shortcuts: ['calendar'],
    });
    expect(storedLocally).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.message).toBe('Selected settings changed successfully. Please check');
    expect(emitted).toEqual([{ type: 'settings.saved', message: 'Selected settings changed successfully. Please check' }]);
  });

  it('a guest’s choice is kept locally only: no call to the server', () => {
    const { actor, saved, storedLocally, emitted } = start({ isGuest: true });
    actor.send({ type: 'settings.change', change: { direction: 'rtl' } });
    actor.send({ type: 'settings.save' });
    expect(saved).not.toHaveBeenCalled();
    expect(storedLocally).toHaveBeenCalledWith({
      settings: { ...defaultThemeSettings, direction: 'rtl' },
      shortcuts: ['calendar'],
    });
    expect(actor.getSnapshot().hasTag('saving')).toBe(false);
    expect(emitted).toEqual([{ type: 'settings.saved', message: settingsMessages.saved }]);
  });

  it('a failed save keeps the choice applied, reports the failure and can be tried again', async () => {
    let fail = true;
    const { actor, saved, emitted } = start({
      save: async () => {
        if (fail) throw new Error('HTTP 500');
        return { message: settingsMessages.saved };
      },
    });
    actor.send({ type: 'settings.chooseScheme', theme: 'dark1' });
    actor.send({ type: 'settings.save' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe(settingsMessages.saveFailed));
    expect(actor.getSnapshot().hasTag('saving')).toBe(false);
    expect(actor.getSnapshot().context.message).toBeNull();
    expect(actor.getSnapshot().context.settings.theme.main).toBe('dark1');
    expect(emitted).toEqual([{ type: 'settings.saveFailed', error: settingsMessages.saveFailed }]);

    fail = false;
    actor.send({ type: 'settings.save' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await vi.waitFor(() => expect(actor.getSnapshot().context.message).toBe(settingsMessages.saved));
    expect(saved).toHaveBeenCalledTimes(2);
  });

  it('a new user (sign-in, sign-out) replaces the settings and closes the sheet', () => {
    const { actor } = start();
    actor.send({ type: 'settings.open' });
    actor.send({ type: 'settings.chooseScheme', theme: 'dark5' });
    const theirs = { ...defaultThemeSettings, direction: 'rtl' as const };
    actor.send({ type: 'settings.load', settings: theirs, shortcuts: [], isGuest: true });
    const { context } = actor.getSnapshot();
    expect(context.settings).toEqual(theirs);
    expect(context.isGuest).toBe(true);
    expect(actor.getSnapshot().matches({ panel: 'closed' })).toBe(true);
  });
});

describe('settings machine, user switch during a save', () => {
  it('abandons the save of the previous user', async () => {
    let finish: (value: { message: string }) => void = () => {};
    const actor = createActor(
      settingsMachine.provide({
        actors: { saveSettings: fromPromise(() => new Promise<{ message: string }>((resolve) => (finish = resolve))) },
      }),
      { input: { settings: defaultThemeSettings, shortcuts: [], isGuest: false } },
    ).start();
    actor.send({ type: 'settings.save' });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    actor.send({ type: 'settings.load', settings: defaultThemeSettings, shortcuts: [], isGuest: true });
    expect(actor.getSnapshot().hasTag('saving')).toBe(false);
    expect(actor.getSnapshot().context.isGuest).toBe(true);
    finish({ message: settingsMessages.saved });
    await Promise.resolve();
    expect(actor.getSnapshot().context.message).toBeNull();
  });
});
