import { beforeEach, describe, expect, it } from 'vitest';
import { readStoredSession, writeStoredSession } from '../../src/app/storedSession';
import type { Session } from '../../src/machines/session.machine';
import { janeDoe } from '../fixtures/auth';

const session: Session = {
  accessToken: 'header.payload.signature',
  tenantId: janeDoe.tenantId,
  // Names outside Latin-1 must survive the base64 encoding.
  user: { ...janeDoe, data: { ...janeDoe.data, displayName: 'Ayşe Yılmaz / ليلى' } },
  expiresAt: 1_900_000_000,
};

beforeEach(() => sessionStorage.clear());

describe('stored session', () => {
  it('reads back what was written, the user as base64 of JSON', () => {
    writeStoredSession(sessionStorage, { session, loginUrl: '/clearview/downtown', error: null });
    expect(readStoredSession(sessionStorage)).toEqual({ stored: session, loginUrl: '/clearview/downtown' });
    expect(sessionStorage.getItem('user')).toMatch(/^[A-Za-z0-9+/]+=*$/);
  });

  it('forgets the session on sign-out but keeps the login url for the way back', () => {
    writeStoredSession(sessionStorage, { session, loginUrl: '/kiosk/login', error: null });
    writeStoredSession(sessionStorage, { session: null, loginUrl: '/kiosk/login', error: null });
    expect(Object.keys(sessionStorage)).toEqual(['loginUrl']);
    expect(readStoredSession(sessionStorage)).toEqual({ stored: null, loginUrl: '/kiosk/login' });
  });

  it('treats a damaged user as no session', () => {
    writeStoredSession(sessionStorage, { session, loginUrl: null, error: null });
    sessionStorage.setItem('user', btoa(JSON.stringify({ role: 'admin' })));
    expect(readStoredSession(sessionStorage).stored).toBeNull();
  });
});
