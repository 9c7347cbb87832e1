/**
 * The providers messages leave through (docs/operations.md, "Email and SMS"): SMTP for email (nodemailer) and an
 * SMS provider's HTTPS API in the common Messages shape (form-encoded To, From, Body posted to
 * {SMS_URL}/Accounts/{account}/Messages.json with basic auth; a JSON answer with `sid` and `status`). A channel
 * with no provider configured has no transport: its messages stay in the communication log.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ownBaseUrl, type Config } from '../config';

/** What a transport is given: the logged message (its id makes a repeated send recognisable as the same). */
export interface Sendable {
  id: string;
  recipient: string;
  subject: string;
  body: string;
}

export interface Transport {
  name: string;
  /** Hands the message to the provider; answers the provider's id for it, throws when the provider refused it. */
  send(message: Sendable): Promise<{ providerId: string }>;
}

export interface Transports {
  email?: Transport;
  sms?: Transport;
}

/** How long one send may take before it counts as failed (the worker renews its claim while a send lasts). */
const SEND_TIMEOUT_MS = 30_000;

export async function smtpTransport(smtpUrl: string, from: string, publicUrl: string): Promise<Transport> {
  const nodemailer = await import('nodemailer');
  const mailer = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
  });
  const host = new URL(publicUrl).hostname;
  return {
    name: 'smtp',
    async send(m) {
      // The Message-ID comes from the log row: a message sent again after a crash carries the same one, which
      // mail servers and clients use to drop the copy.
      const info = await mailer.sendMail({ from, to: m.recipient, subject: m.subject, text: m.body, messageId: `<${m.id}@${host}>` });
      return { providerId: info.messageId };
    },
  };
}

export interface SmsSettings {
  url: string;
  accountId: string;
  token: string;
  from: string;
}

/** The address the provider posts delivery reports to (server/messaging/routes.ts). */
export const smsStatusPath = '/api/messaging/sms-status';

export function smsTransport(sms: SmsSettings, publicUrl: string): Transport {
  const endpoint = `${sms.url.replace(/\/+$/, '')}/Accounts/${encodeURIComponent(sms.accountId)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${sms.accountId}:${sms.token}`).toString('base64')}`;
  return {
    name: 'sms',
    async send(m) {
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/x-www-form-urlencoded',
          // A send repeated after a crash carries the same key: a provider that honours it drops the repeat.
          'idempotency-key': m.id,
        },
        body: new URLSearchParams({ To: m.recipient, From: sms.from, Body: m.body, StatusCallback: new URL(smsStatusPath, publicUrl).toString() }),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      const text = await res.text();
      let answer: { sid?: unknown; status?: unknown; message?: unknown } = {};
      try {
        answer = JSON.parse(text) as typeof answer;
      } catch {
        // not JSON: reported below with the status
      }
      if (!res.ok) throw new Error(`SMS provider answered ${res.status}: ${typeof answer.message === 'string' ? answer.message : text.slice(0, 200)}`);
      if (typeof answer.sid !== 'string' || !answer.sid) throw new Error('SMS provider answered without a message id (sid)');
      if (answer.status === 'failed' || answer.status === 'undelivered') throw new Error(`SMS provider reported the message ${answer.status}`);
      return { providerId: answer.sid };
    },
  };
}

/** The transports of the configuration: none, email, SMS or both. */
export async function createTransports(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'publicUrl' | 'port' | 'sms'>): Promise<Transports> {
  return {
    ...(config.smtpUrl ? { email: await smtpTransport(config.smtpUrl, config.mailFrom, ownBaseUrl(config)) } : {}),
    ...(config.sms ? { sms: smsTransport(config.sms, ownBaseUrl(config)) } : {}),
  };
}

/** The header the Messages API shape's providers sign their callbacks with. */
export const smsSignatureHeader = 'x-twilio-signature';

/**
 * The signature of a delivery report: base64 HMAC-SHA1, keyed with the account token, of the full address the
 * provider posted to followed by each form parameter's name and value, sorted by name.
 */
export function smsSignature(token: string, url: string, params: Record<string, string>): string {
  const data = url + Object.keys(params).sort().map((k) => k + params[k]).join('');
  return createHmac('sha1', token).update(data, 'utf8').digest('base64');
}

export function validSmsSignature(token: string, url: string, params: Record<string, string>, given: string | undefined): boolean {
  if (!given) return false;
  const expected = Buffer.from(smsSignature(token, url, params));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
