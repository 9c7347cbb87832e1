/**
 * A server of the test file's own whose output the file reads: the messages the server sends, where a patient would
 * read them. The shared e2e server (global-setup.ts) logs warnings only and keeps its output to itself; this one
 * runs in development mode with LOG_LEVEL=info, so the outbox prints each email and SMS it sends (with its link or
 * one-time code), as it does for a local user. TRUST_PROXY as on the shared server (support/browser.ts gives each
 * context its own client address).
 */
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { patience } from './browser';
import { startServer } from './server';
import type { RunningServer } from './server';

export interface OutboxServer {
  readonly baseURL: string;
  /** Where the output is now: pass it to nextInMessage to read only what is sent after this point. */
  mark(): number;
  /** The bodies of the messages the outbox printed to `recipient` after `from`. */
  messagesTo(recipient: string, from?: number): string[];
  /** Waits for a message to `recipient` sent after `from` and reads `pattern` out of it. */
  nextInMessage(recipient: string, from: number, pattern: RegExp): Promise<string>;
}

/** The path and query of an emailed eForm link: /eforms?tenantid=<uuid>&uri=<link token>. */
export const eformLinkPattern = /\/eforms\?tenantid=[0-9a-f-]{36}&uri=[A-Za-z0-9_-]+/;

/** A one-time code in a message. */
export const codePattern = /\b\d{6}\b/;

/**
 * Starts the file's own server before its tests and stops it after them (call before useBrowser); `extraEnv` is read
 * when it starts (e.g. an SMS provider the file started first).
 */
export function useOutboxServer(extraEnv: () => NodeJS.ProcessEnv = () => ({})): OutboxServer {
  let server: RunningServer | null = null;
  const running = () => {
    if (!server) throw new Error('The server of this file is not running');
    return server;
  };

  beforeAll(async () => {
    // Fresh demo data: a copy of the run's template (global-setup.ts), as a first start would seed it.
    server = await startServer({ env: { TRUST_PROXY: '1', LOG_LEVEL: 'info', ...extraEnv() }, dataTemplate: inject('e2eDataTemplate') });
  }, 200_000);
  afterAll(async () => {
    await server?.stop();
  });

  const messagesTo = (recipient: string, from = 0) =>
    running()
      .output()
      .slice(from)
      .split('\n')
      .flatMap((line) => {
        try {
          const entry = JSON.parse(line) as { to?: string; msg?: string };
          return entry.to === recipient && entry.msg?.startsWith('outbox (development): ') ? [entry.msg] : [];
        } catch {
          return [];
        }
      });

  return {
    get baseURL() {
      return running().baseURL;
    },
    mark: () => running().output().length,
    messagesTo,
    async nextInMessage(recipient, from, pattern) {
      let found: string | undefined;
      await expect
        .poll(() => {
          found = messagesTo(recipient, from)
            .map((body) => body.match(pattern)?.[0])
            .find(Boolean);
          return found;
        }, patience)
        .toBeTruthy();
      return found!;
    },
  };
}
