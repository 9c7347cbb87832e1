import { describe, expect, it } from 'vitest';
import { hashPassword, passwordProblem, ServerBusyError, verifyPassword } from '../../server/auth/passwords';

describe('password hashing', () => {
  it('is bounded: a flood beyond the queue is refused as busy instead of starving the server', { timeout: 60_000 }, async () => {
    const hash = await hashPassword('a-long-enough-password');
    const results = await Promise.allSettled(Array.from({ length: 100 }, () => verifyPassword(hash, 'a-long-enough-password')));
    const busy = results.filter((r) => r.status === 'rejected' && r.reason instanceof ServerBusyError);
    const done = results.filter((r) => r.status === 'fulfilled' && r.value === true);
    // 4 running + 64 waiting are served; the rest are turned away at once.
    expect(done.length).toBe(68);
    expect(busy.length).toBe(32);
    // And the gate opens again afterwards.
    expect(await verifyPassword(hash, 'a-long-enough-password')).toBe(true);
  });

  it('refuses common passwords and the user name, whatever the case', () => {
    expect(passwordProblem('Password1234', 'jane@x.test')).toBe('auth.passwordTooCommon');
    expect(passwordProblem('JANE@X.TEST', 'jane@x.test')).toBe('auth.passwordIsUserName');
    expect(passwordProblem('aaaaaaaaaaaaaaab', 'jane@x.test')).toBe('auth.passwordTooSimple');
    expect(passwordProblem('correct horse battery', 'jane@x.test')).toBeNull();
  });
});
