import { z } from 'zod';

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
  /** The address users reach the app at, for links in messages. */
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  /** Ed25519 private key (PKCS#8 PEM) for access tokens; unset generates one and keeps it in the database. */
  JWT_PRIVATE_KEY: z.string().optional(),
  /** Key for hashing one-time codes (32+ characters); unset generates one and keeps it in the database. */
  CODE_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Trust X-Forwarded-* from a reverse proxy (for client addresses and HTTPS detection). */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  jwtPrivateKey: string | undefined;
  codeSecret: string | undefined;
  logLevel: string;
  trustProxy: boolean;
  dbPoolSize: number;
  /** Auth requests admitted per address per minute (security.md: 20). */
  authRequestsPerMinute: number;
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
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL,
    jwtPrivateKey: e.JWT_PRIVATE_KEY,
    codeSecret: e.CODE_SECRET,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    dbPoolSize: e.DB_POOL_SIZE,
    authRequestsPerMinute: 20,
    now: () => new Date(),
  };
}
