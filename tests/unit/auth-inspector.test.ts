import { describe, expect, it } from 'vitest';
import { createDevInspector, maskSecrets } from '../../src/views/ui/inspector';

describe('inspector masking', () => {
  it('masks tokens, codes and passwords at any depth and keeps the rest', () => {
    const context = {
      session: { accessToken: 'a.b.c', tenantId: 't1', user: { data: { displayName: 'Jane' } } },
      pending: { request: { username: 'jane@x.test', password: 'secret', vcode: '123456' } },
      reset: { resetToken: 'grant', username: 'jane@x.test' },
      output: { access_token: 'x.y.z', refreshToken: null },
      headers: { Authorization: 'Bearer a.b.c' },
    };
    const cycle: Record<string, unknown> = { context };
    cycle.self = cycle;
    expect(maskSecrets(cycle)).toEqual({
      context: {
        session: { accessToken: '***', tenantId: 't1', user: { data: { displayName: 'Jane' } } },
        pending: { request: { username: 'jane@x.test', password: '***', vcode: '***' } },
        reset: { resetToken: '***', username: 'jane@x.test' },
        output: { access_token: '***', refreshToken: null },
        headers: { Authorization: '***' },
      },
    });
  });

  it('stays off without ?inspect', () => {
    expect(createDevInspector('')).toBeUndefined();
    expect(createDevInspector('?tab=1')).toBeUndefined();
  });
});
