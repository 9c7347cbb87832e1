/**
 * Local providers that receive the product's real messages in tests: an SMTP server (smtp-server) and an HTTP
 * server speaking the SMS Messages API (docs/messaging: form-encoded To, From, Body posted to
 * /Accounts/{account}/Messages.json with basic auth; a JSON answer with sid and status).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Decodes an RFC 2047 encoded word (=?UTF-8?B?...?= or ?Q?) the way nodemailer writes non-ASCII subjects. */
function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_m, kind: string, data: string) =>
    kind.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

/** A single-part text message as nodemailer writes it: headers, then the body in its transfer encoding. */
export function parseMail(raw: string): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => decodeHeader(new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1] ?? '');
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return { messageId: header('Message-ID'), from: header('From'), to: header('To'), subject: header('Subject'), text: text.replace(/\r\n/g, '\n').trimEnd() };
}

export interface MailServer {
  url: string;
  /** Every message the server accepted, in order. */
  received: ReceivedMail[];
  /** While set, the server takes a message's data but never answers it (a provider that hangs mid-send). */
  stall: boolean;
  /** How long the server takes to answer each message (a slow provider); 0 answers at once. */
  delayMs: number;
  /** Resolves when `n` messages have been accepted (or rejects after `ms`). */
  waitFor(n: number, ms?: number): Promise<void>;
  /** Resolves when a message's data arrived while stalled. */
  stalled(): Promise<void>;
  close(): Promise<void>;
}

async function until(check: () => boolean, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function startMailServer(): Promise<MailServer> {
  let stalledOnce: () => void = () => {};
  let stalledPromise = new Promise<void>((r) => (stalledOnce = r));
  const mail: MailServer = {
    url: '',
    received: [],
    stall: false,
    delayMs: 0,
    waitFor: (n, ms = 20_000) => until(() => mail.received.length >= n, ms, `${n} mails (have ${mail.received.length})`),
    stalled: () => stalledPromise,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (mail.stall) {
          stalledOnce();
          stalledPromise = new Promise<void>((r) => (stalledOnce = r));
          return;
        }
        const accept = () => {
          mail.received.push(parseMail(Buffer.concat(chunks).toString('utf8')));
          callback();
        };
        if (mail.delayMs > 0) setTimeout(accept, mail.delayMs);
        else accept();
      });
    },
  });
  // A sending process killed mid-mail (jobs-processes.test.ts) resets its connection: expected there, not a failure.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = (server.server as Server).address() as AddressInfo;
  mail.url = `smtp://127.0.0.1:${port}`;
  return mail;
}

export interface ReceivedSms {
  sid: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string;
  idempotencyKey: string;
}

export interface SmsServer {
  /** The API base to configure as SMS_URL. */
  url: string;
  accountId: string;
  token: string;
  received: ReceivedSms[];
  /** Answers the next `n` requests with a 503 (a provider outage). */
  failNext: number;
  waitFor(n: number, ms?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startSmsServer(): Promise<SmsServer> {
  const sms: SmsServer = {
    url: '',
    accountId: 'AC0123456789',
    token: 'sms-test-token-0123456789abcdef',
    received: [],
    failNext: 0,
    waitFor: (n, ms = 20_000) => until(() => sms.received.length >= n, ms, `${n} SMS (have ${sms.received.length})`),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const answer = (status: number, json: object) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${sms.accountId}/Messages.json`) return answer(404, { message: 'not found' });
      if (req.headers.authorization !== `Basic ${Buffer.from(`${sms.accountId}:${sms.token}`).toString('base64')}`) {
        return answer(401, { message: 'Authenticate' });
      }
      if (sms.failNext > 0) {
        sms.failNext--;
        return answer(503, { message: 'Service unavailable' });
      }
      const form = new URLSearchParams(body);
      const key = String(req.headers['idempotency-key'] ?? '');
      // A request repeated with the same key is the same message: answered with its sid, not sent again.
      const known = key ? sms.received.find((m) => m.idempotencyKey === key) : undefined;
      if (known) return answer(200, { sid: known.sid, status: 'queued' });
      const message: ReceivedSms = {
        sid: `SM${String(sms.received.length + 1).padStart(32, '0')}`,
        to: form.get('To') ?? '',
        from: form.get('From') ?? '',
        body: form.get('Body') ?? '',
        statusCallback: form.get('StatusCallback') ?? '',
        idempotencyKey: key,
      };
      sms.received.push(message);
      answer(201, { sid: message.sid, status: 'queued' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sms.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/2010-04-01`;
  return sms;
}
