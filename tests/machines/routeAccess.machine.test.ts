import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Role } from '../../src/contract/common';
import { routeAccessMachine } from '../../src/machines/routeAccess.machine';

/** The production machine with its two effects recorded instead of done. */
function start(path: string, roles: readonly Role[] | null, remembered: string | null = null) {
  const navigations: string[] = [];
  const stored: Array<string | null> = [];
  const actor = createActor(
    routeAccessMachine.provide({
      actions: {
        navigate: ({ context }) => navigations.push(context.access?.path ?? '?'),
        persistRemembered: ({ context }) => stored.push(context.remembered),
      },
    }),
    { input: { path, roles, remembered } },
  );
  actor.start();
  const state = () => actor.getSnapshot().value;
  return { actor, navigations, stored, state };
}

describe('routeAccess machine', () => {
  it('waits for the session check, following the address meanwhile, then decides', () => {
    const { actor, navigations, state } = start('/admin/pos/all', null);
    expect(state()).toBe('waitingForSession');
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);

    actor.send({ type: 'route.changed', path: '/admin/template/email' });
    expect(state()).toBe('waitingForSession');
    actor.send({ type: 'roles.changed', roles: ['admin'] });

    expect(state()).toBe('granted');
    expect(actor.getSnapshot().hasTag('granted')).toBe(true);
    expect(actor.getSnapshot().context.access).toMatchObject({ routeId: 'emailTemplates', redirected: false });
    expect(navigations).toEqual([]);
  });

  it('keeps waiting while the roles stay unknown', () => {
    const { actor, state } = start('/', null);
    actor.send({ type: 'roles.changed', roles: null });
    expect(state()).toBe('waitingForSession');
  });

  it('redirects a refused guest to /login, remembers the address (storage too), and decides the new address', () => {
    const { actor, navigations, stored, state } = start('/admin/pos/all', []);
    expect(state()).toBe('redirecting');
    expect(navigations).toEqual(['/login']);
    expect(stored.at(-1)).toBe('/admin/pos/all');

    actor.send({ type: 'route.changed', path: '/login' });
    expect(state()).toBe('granted');
    expect(actor.getSnapshot().context.remembered).toBe('/admin/pos/all');

    // Signing in at /login: the user goes back to the remembered address, which is then forgotten.
    actor.send({ type: 'roles.changed', roles: ['admin'] });
    expect(state()).toBe('redirecting');
    expect(navigations.at(-1)).toBe('/admin/pos/all');
    expect(stored.at(-1)).toBeNull();
    actor.send({ type: 'route.changed', path: '/admin/pos/all' });
    expect(state()).toBe('granted');
  });

  it('recomputes on every address change from granted (Back and Forward included)', () => {
    const { actor, navigations, state } = start('/patient/invoice', ['patient']);
    expect(state()).toBe('granted');
    actor.send({ type: 'route.changed', path: '/admin/access' });
    expect(state()).toBe('redirecting');
    expect(navigations).toEqual(['/admin/dashboard/patients']);
    actor.send({ type: 'route.changed', path: '/admin/dashboard/patients' });
    expect(state()).toBe('granted');
    actor.send({ type: 'route.changed', path: '/no/such/page' });
    expect(navigations.at(-1)).toBe('/pages/errors/error-404');
  });

  it('decides again when the roles change while redirecting', () => {
    const { actor, navigations, state } = start('/admin/stores', []);
    expect(state()).toBe('redirecting');
    actor.send({ type: 'roles.changed', roles: ['admin'] });
    expect(state()).toBe('granted');
    expect(actor.getSnapshot().context.access?.path).toBe('/admin/stores');
    expect(navigations).toEqual(['/login']);
  });

  it('sends newuser to the new-user page when the roles change under a granted page', () => {
    const { actor, navigations, state } = start('/login', []);
    expect(state()).toBe('granted');
    actor.send({ type: 'roles.changed', roles: ['newuser'] });
    expect(state()).toBe('redirecting');
    expect(navigations).toEqual(['/register/newuser']);
  });

  it('after a logout, forgets user and remembered address and decides the next address as a guest', () => {
    const { actor, navigations, stored, state } = start('/login', [], null);
    actor.send({ type: 'route.changed', path: '/admin/eforms/all' });
    actor.send({ type: 'route.changed', path: '/login' });
    actor.send({ type: 'roles.changed', roles: ['patient'] });
    expect(state()).toBe('redirecting');
    actor.send({ type: 'route.changed', path: '/admin/dashboard/patients' });

    actor.send({ type: 'session.ended' });
    expect(state()).toBe('leaving');
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    expect(stored.at(-1)).toBeNull();
    actor.send({ type: 'roles.changed', roles: [] });
    expect(state()).toBe('leaving');

    const before = navigations.length;
    actor.send({ type: 'route.changed', path: '/clearview/downtown' });
    expect(state()).toBe('granted');
    expect(actor.getSnapshot().context).toMatchObject({ roles: [], remembered: null });
    expect(navigations.length).toBe(before);
  });
});
