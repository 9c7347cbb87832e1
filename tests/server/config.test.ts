/**
 * The environment (server/config.ts, docs/operations.md "Configuration"): TRUST_PROXY takes the proxies' hop count or
 * addresses and refuses 'true'; production refuses to start without the settings it needs; outside production
 * start-up says what is insecure; AUTH_REQUESTS_PER_MINUTE sets the sign-in limit. And with a hop count of 1, a
 * client that rotates X-Forwarded-For is still limited by the address the proxy appended.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insecureModeNotice, loadConfig } from '../../server/config';
import { demoIds, startHarness, type Harness } from './harness';

const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example.com', SMTP_URL: 'smtp://mail.example.com:587' };

describe('TRUST_PROXY', () => {
  it("refuses 'true' with a readable reason", () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/Invalid configuration:\n\s+TRUST_PROXY: 'true' would believe any X-Forwarded-For/);
  });

  it('takes a hop count or a list of proxy addresses and ranges; unset or false believes nobody', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.0.0.0/8,fd00::/8' }).trustProxy).toEqual(['10.0.0.5', '10.0.0.0/8', 'fd00::/8']);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY: not a hop count or a list of proxy addresses \(yes\)/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });
});

describe('AUTH_REQUESTS_PER_MINUTE', () => {
  it('is 20 by default, a positive whole number when set', () => {
    expect(loadConfig({}).authRequestsPerMinute).toBe(20);
    expect(loadConfig({ AUTH_REQUESTS_PER_MINUTE: '120' }).authRequestsPerMinute).toBe(120);
    for (const bad of ['0', '-5', '2.5', 'many']) {
      expect(() => loadConfig({ AUTH_REQUESTS_PER_MINUTE: bad }), bad).toThrow(/AUTH_REQUESTS_PER_MINUTE: must be a positive whole number/);
    }
  });
});

describe('the SMS provider and the outbox worker', () => {
  const sms = { SMS_URL: 'https://api.sms.example/2010-04-01', SMS_ACCOUNT_ID: 'AC1', SMS_TOKEN: 'secret', SMS_FROM: '+15005550006' };

  it('takes all four SMS settings together, or none', () => {
    expect(loadConfig({}).sms).toBeUndefined();
    expect(loadConfig(sms).sms).toEqual({ url: sms.SMS_URL, accountId: 'AC1', token: 'secret', from: '+15005550006' });
    expect(() => loadConfig({ SMS_URL: sms.SMS_URL, SMS_TOKEN: 'secret' })).toThrow(
      /Invalid configuration:\n\s+SMS_ACCOUNT_ID: an SMS provider needs SMS_URL, SMS_ACCOUNT_ID, SMS_TOKEN and SMS_FROM together\n\s+SMS_FROM:/,
    );
    expect(() => loadConfig({ ...sms, SMS_URL: 'not a url' })).toThrow(/SMS_URL/);
  });

  it('sends the token only over https in production', () => {
    expect(() => loadConfig({ ...production, ...sms, SMS_URL: 'http://api.sms.example' })).toThrow(/SMS_URL: production sends the SMS token only over https/);
    expect(loadConfig({ ...production, ...sms }).sms?.url).toBe(sms.SMS_URL);
  });

  it('has the worker timings of docs/operations.md by default and refuses nonsense', () => {
    expect(loadConfig({}).outbox).toEqual({ pollMs: 5000, leaseSeconds: 120, maxAttempts: 5 });
    expect(loadConfig({ OUTBOX_POLL_MS: '250', OUTBOX_LEASE_SECONDS: '30', OUTBOX_MAX_ATTEMPTS: '3' }).outbox).toEqual({ pollMs: 250, leaseSeconds: 30, maxAttempts: 3 });
    expect(loadConfig({}).shutdownTimeoutMs).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '25' }).shutdownTimeoutMs).toBe(25_000);
    for (const [name, bad] of [['OUTBOX_POLL_MS', '10'], ['OUTBOX_LEASE_SECONDS', '0'], ['OUTBOX_MAX_ATTEMPTS', 'lots'], ['SHUTDOWN_TIMEOUT_SECONDS', '0']]) {
      expect(() => loadConfig({ [name!]: bad }), name).toThrow(new RegExp(`${name}:`));
    }
  });
});

describe('production mode', () => {
  it('starts with an https PUBLIC_URL and SMTP, and then says nothing about insecurity', () => {
    const config = loadConfig(production);
    expect(config.env).toBe('production');
    expect(insecureModeNotice(config)).toBeNull();
  });

  it('refuses to start without an https PUBLIC_URL or without SMTP_URL', () => {
    expect(() => loadConfig({ ...production, PUBLIC_URL: undefined })).toThrow(/PUBLIC_URL: production needs the https:\/\/ address/);
    expect(() => loadConfig({ ...production, PUBLIC_URL: 'http://portal.example.com' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ ...production, SMTP_URL: undefined })).toThrow(/SMTP_URL: production needs a mail server/);
  });

  it('outside production start-up prints one line saying what is insecure', () => {
    const notice = insecureModeNotice(loadConfig({}));
    expect(notice).toMatch(/^NODE_ENV=development .*cookies are not marked Secure.*codes and links are printed to this log.*NODE_ENV=production/);
    expect(notice).not.toContain('\n');
  });
});

describe('behind one reverse proxy (TRUST_PROXY=1)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy, authRequestsPerMinute: 3 });
  });
  afterAll(() => h.close());

  const forgot = (forwarded: string) =>
    h.app.inject({
      method: 'POST',
      url: '/api/patient/forgotpassword',
      payload: { username: 'x@clearview.test', tenant: demoIds.clearview },
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-for': forwarded },
    });

  it('limits by the address the proxy appended, whatever the client wrote before it', async () => {
    const ms = h.config.now().getTime();
    h.advance(60_000 - (ms % 60_000) + 10);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await forgot(`203.0.113.${i + 1}, 198.51.100.7`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    // Another client behind the same proxy has its own allowance.
    expect((await forgot('198.51.100.8')).statusCode).toBe(200);
  });
});
