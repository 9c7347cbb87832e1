/**
 * The register's half-typed search kept in the tab (src/pos/searchText.ts): per tenant, store and register, bounded
 * like the field, and forgotten for every register when the session ends (followSessionEnd, src/app/sessionActor.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { followSessionEnd } from '../../src/app/sessionActor';
import type { SessionActor } from '../../src/views/ui/session';
import { forgetSearchTexts, readSearchText, writeSearchText } from '../../src/pos/searchText';

const till1 = { tenantId: 't1', locationId: 'downtown', registerId: 'till-1' };
const till2 = { ...till1, registerId: 'till-2' };
const otherCompany = { tenantId: 't2', locationId: 'main', registerId: 'till-1' };

afterEach(() => sessionStorage.clear());

describe('the search text of a register', () => {
  it('is kept per tenant, store and register; an empty text removes it; a long one is cut to the field’s 100 characters', () => {
    writeSearchText(sessionStorage, till1, 'ray');
    writeSearchText(sessionStorage, otherCompany, 'oak');
    expect(readSearchText(sessionStorage, till1)).toBe('ray');
    expect(readSearchText(sessionStorage, till2)).toBe('');
    expect(readSearchText(sessionStorage, otherCompany)).toBe('oak');
    writeSearchText(sessionStorage, till1, '');
    expect(sessionStorage.getItem('pos.search.t1.downtown.till-1')).toBeNull();
    writeSearchText(sessionStorage, till2, 'x'.repeat(150));
    expect(readSearchText(sessionStorage, till2)).toHaveLength(100);
  });

  it('is forgotten for every register when the session ends (a logout), and nothing else of the tab is', () => {
    let ended: ((event: { loginUrl: string | null; reason: string }) => void) | undefined;
    const session = { on: (_type: string, handler: typeof ended) => ((ended = handler), { unsubscribe: () => {} }) } as unknown as SessionActor;
    const queryClient = { clear: vi.fn() };
    const navigate = vi.fn();
    followSessionEnd(session, queryClient, navigate, sessionStorage);
    writeSearchText(sessionStorage, till1, 'ray');
    writeSearchText(sessionStorage, otherCompany, 'oak');
    sessionStorage.setItem('recents', '{"entries":[]}');
    ended!({ loginUrl: '/clearview/downtown', reason: 'logout' });
    expect(readSearchText(sessionStorage, till1)).toBe('');
    expect(readSearchText(sessionStorage, otherCompany)).toBe('');
    expect(sessionStorage.getItem('recents')).toBe('{"entries":[]}');
    expect(queryClient.clear).toHaveBeenCalledOnce();
    expect(navigate).toHaveBeenCalledWith('/clearview/downtown', { replace: true });
  });

  it('forgetting with nothing kept changes nothing', () => {
    sessionStorage.setItem('loginUrl', '/login');
    forgetSearchTexts(sessionStorage);
    expect(Object.keys(sessionStorage)).toEqual(['loginUrl']);
  });
});
