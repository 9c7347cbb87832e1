import { isIP } from 'node:net';
import { z } from 'zod';

/** An address or a CIDR range (198.51.100.7, 10.0.0.0/8, fd00::/8): what Fastify's trustProxy matches proxies by. */
function isAddressOrRange(text: string): boolean {
  const [address = '', bits, ...rest] = text.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Which X-Forwarded-For entries are believed: the number of proxies in front of the app (the client is the address
 * the outermost of them appended), or the proxies' addresses; unset or 'false' believes none. 'true' is refused:
 * it would believe the leftmost entry, which any client writes itself, and so rotate past the sign-in limit.
 */
const TrustProxy = z
  .string()
  .default('false')
  .transform((v, ctx): false | number | string[] => {
    const text = v.trim();
    if (text === '' || text === 'false' || text === '0') return false;
    if (/^\d+$/.test(text)) return Number(text);
    if (text === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          "'true' would believe any X-Forwarded-For a client sends; give the number of reverse proxies in front of the app (e.g. 1) or their addresses (e.g. 10.0.0.5,10.0.0.0/8)",
      });
      return z.NEVER;
    }
    const list = text.split(',').map((a) => a.trim());
    const bad = list.filter((a) => !isAddressOrRange(a));
    if (bad.length) {
      ctx.addIssue({ code: 'custom', message: `not a hop count or a list of proxy addresses (${bad.join(', ')})` });
      return z.NEVER;
    }
    return list;
  });

const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** postgres://... runs on PostgreSQL; unset uses the embedded PGlite database in DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  /** smtp://user:pass@host:port; unset means messages stay in the communication log (the outbox). */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Patient Portal <no-reply@patient-portal.local>'),
  /** The SMS provider's API base (https://...); with SMS_ACCOUNT_ID, SMS_TOKEN and SMS_FROM. Unset: SMS stay in the log. */
  SMS_URL: z.string().url().optional(),
  SMS_ACCOUNT_ID: z.string().min(1).optional(),
  SMS_TOKEN: z.string().min(1).optional(),
  /** The sender number (E.164, e.g. +15005550006) or sender name the provider gave the account. */
  SMS_FROM: z.string().min(1).optional(),
  /** How often each process's outbox worker looks for due messages (it is also woken when a message is queued). */
  OUTBOX_POLL_MS: z.coerce.number({ error: 'must be a whole number of milliseconds' }).int().min(100).max(3_600_000).default(5_000),
  /** How long a worker's claim on a message holds; a worker that died is taken over after it (above the 30 s send timeout). */
  OUTBOX_LEASE_SECONDS: z.coerce.number({ error: 'must be a whole number of seconds' }).int().min(1).max(86_400).default(120),
  /** Tries before a message is marked failed (waits between them: 1 min, 5 min, 30 min, 2 h). */
  OUTBOX_MAX_ATTEMPTS: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(20).default(5),
  /** How often each process's scheduler enqueues the automations' runs and its worker looks for due runs; 0 turns both off (default: 60 s, off under NODE_ENV=test). */
  JOBS_POLL_MS: z.coerce.number({ error: 'must be a whole number of milliseconds' }).int().min(0).max(3_600_000).optional(),
  /** How long a worker's claim on a run holds; a run of a worker that died is taken over after it. */
  JOBS_LEASE_SECONDS: z.coerce.number({ error: 'must be a whole number of seconds' }).int().min(1).max(86_400).default(600),
  /** Tries before a run is marked failed (1, 2, 3 ... minutes apart). */
  JOBS_MAX_ATTEMPTS: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(20).default(3),
  /** Patients a run reads and queues per transaction. */
  JOBS_PAGE_SIZE: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(50_000).default(5_000),
  /** The address users reach the app at, for links in messages; unset (not in production): the address each request reached. */
  PUBLIC_URL: z.string().url().optional(),
  /** Ed25519 private key (PKCS#8 PEM) for access tokens; unset generates one and keeps it in the database. */
  JWT_PRIVATE_KEY: z.string().optional(),
  /** Key for hashing one-time codes (32+ characters); unset generates one and keeps it in the database. */
  CODE_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Believe X-Forwarded-* from the reverse proxies in front (client addresses, HTTPS detection): TrustProxy. */
  TRUST_PROXY: TrustProxy,
  /** How long SIGTERM/SIGINT may take: the outbox hands back its claims and the process exits within it. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number({ error: 'must be a whole number of seconds' }).int().min(1).max(3_600).default(10),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** How long a request waits for a database connection (a new one, or a free one of the pool) before it answers 503. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number({ error: 'must be a whole number of milliseconds' }).int().min(100).max(600_000).default(10_000),
  /** Sign-in and code requests admitted per client address per minute (a store's people may share one address). */
  AUTH_REQUESTS_PER_MINUTE: z.coerce
    .number({ error: 'must be a positive whole number' })
    .int('must be a positive whole number')
    .min(1, 'must be a positive whole number')
    .default(20),
  /** How long a refresh token just replaced still answers its successor (two refreshes racing, a lost answer). */
  REFRESH_REUSE_GRACE_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds from 0 to 60' })
    .int('must be a whole number of seconds from 0 to 60')
    .min(0, 'must be a whole number of seconds from 0 to 60')
    .max(60, 'must be a whole number of seconds from 0 to 60')
    .default(10),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The SMS provider (all four SMS_ settings), or undefined: SMS stay in the communication log. */
  sms: { url: string; accountId: string; token: string; from: string } | undefined;
  outbox: { pollMs: number; leaseSeconds: number; maxAttempts: number };
  /** Scheduled jobs (server/jobs): scheduler and worker timing; pollMs 0 is off. */
  jobs: { pollMs: number; leaseSeconds: number; maxAttempts: number; pageSize: number };
  /** PUBLIC_URL; links made for a request use `publicUrlOf` (server/http/publicUrl.ts), which falls back to the request's address. */
  publicUrl: string | undefined;
  jwtPrivateKey: string | undefined;
  codeSecret: string | undefined;
  logLevel: string;
  /** Fastify's trustProxy: false, the proxies' hop count, or their addresses. */
  trustProxy: false | number | string[];
  dbPoolSize: number;
  /** The bound on a shutdown (SHUTDOWN_TIMEOUT_SECONDS), in ms. */
  shutdownTimeoutMs: number;
  dbConnectTimeoutMs: number;
  /** Auth requests admitted per address per minute (security.md: 20 unless AUTH_REQUESTS_PER_MINUTE says). */
  authRequestsPerMinute: number;
  /** Seconds a replaced refresh token still answers its successor instead of revoking the family (0: never). */
  refreshGraceSeconds: number;
  /** The clock; tests move it. */
  now: () => Date;
}

/** Reads the environment once; a bad value stops start-up with a readable list of what is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const smsSettings = { SMS_URL: e.SMS_URL, SMS_ACCOUNT_ID: e.SMS_ACCOUNT_ID, SMS_TOKEN: e.SMS_TOKEN, SMS_FROM: e.SMS_FROM };
  const smsGiven = Object.entries(smsSettings).filter(([, v]) => v !== undefined);
  if (smsGiven.length && smsGiven.length < 4) {
    const lines = Object.entries(smsSettings)
      .filter(([, v]) => v === undefined)
      .map(([k]) => `  ${k}: an SMS provider needs SMS_URL, SMS_ACCOUNT_ID, SMS_TOKEN and SMS_FROM together`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (e.SMS_URL && e.NODE_ENV === 'production' && new URL(e.SMS_URL).protocol !== 'https:') {
    throw new Error('Invalid configuration:\n  SMS_URL: production sends the SMS token only over https://');
  }
  if (e.NODE_ENV === 'production') {
    // Production is the deployed mode: links in messages must reach users over HTTPS (the cookies are Secure) and
    // codes must reach them by mail, since nothing is printed to the log.
    const missing: string[] = [];
    if (!e.PUBLIC_URL || new URL(e.PUBLIC_URL).protocol !== 'https:') {
      missing.push('  PUBLIC_URL: production needs the https:// address users reach the app at');
    }
    if (!e.SMTP_URL) missing.push('  SMTP_URL: production needs a mail server to send codes and links (smtp://user:pass@host:port)');
    if (missing.length) throw new Error(`Invalid configuration:\n${missing.join('\n')}`);
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sms: e.SMS_URL ? { url: e.SMS_URL, accountId: e.SMS_ACCOUNT_ID!, token: e.SMS_TOKEN!, from: e.SMS_FROM! } : undefined,
    outbox: { pollMs: e.OUTBOX_POLL_MS, leaseSeconds: e.OUTBOX_LEASE_SECONDS, maxAttempts: e.OUTBOX_MAX_ATTEMPTS },
    jobs: { pollMs: e.JOBS_POLL_MS ?? (e.NODE_ENV === 'test' ? 0 : 60_000), leaseSeconds: e.JOBS_LEASE_SECONDS, maxAttempts: e.JOBS_MAX_ATTEMPTS, pageSize: e.JOBS_PAGE_SIZE },
    publicUrl: e.PUBLIC_URL,
    jwtPrivateKey: e.JWT_PRIVATE_KEY,
    codeSecret: e.CODE_SECRET,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    dbPoolSize: e.DB_POOL_SIZE,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    authRequestsPerMinute: e.AUTH_REQUESTS_PER_MINUTE,
    refreshGraceSeconds: e.REFRESH_REUSE_GRACE_SECONDS,
    now: () => new Date(),
  };
}

/**
 * The one line start-up prints when the server runs outside production, saying what is insecure about it; null in
 * production.
 */
export function insecureModeNotice(config: Pick<Config, 'env'>): string | null {
  if (config.env === 'production') return null;
  const printing = config.env === 'development' ? ', and one-time codes and links are printed to this log' : '';
  return `NODE_ENV=${config.env} is not for real patients: cookies are not marked Secure${printing}. Deploy with NODE_ENV=production (docs/operations.md).`;
}

/**
 * The base of what the server gives out outside any request (the SMS provider's delivery-report address, the mail
 * message ids): PUBLIC_URL, else this machine at the port it listens on.
 */
export function ownBaseUrl(config: Pick<Config, 'publicUrl' | 'port'>): string {
  return (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
}
