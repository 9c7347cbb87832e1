/**
 * The real server process, as `npm start` runs it: first start migrates and seeds, SIGTERM closes the database
 * cleanly, and a write acknowledged before the signal is there after the next start.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demo, DEMO_PASSWORD } from './harness';
import { killStrayServers, startServer } from './serverProcess';

const dataDir = mkdtempSync(join(tmpdir(), 'portal-process-'));
afterAll(() => {
  killStrayServers();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Production needs an https address and a mail server; nothing is mailed here (no sign-in needs a code). */
const production = { DATA_DIR: dataDir, NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example.test', SMTP_URL: 'smtp://127.0.0.1:9' };

// On PostgreSQL the process test would share the CI database with other files; the embedded database is the
// one whose close-on-shutdown matters.
describe.skipIf(!!process.env.TEST_DATABASE_URL)('the server process', () => {
  it('starts, prints the demo addresses, keeps an acknowledged write across SIGTERM and a restart', { timeout: 240_000 }, async () => {
    const first = await startServer(production);
    const port = first.port;
    expect(first.output()).toContain(`http://localhost:${port}/clearview/downtown`);
    expect(first.output()).toContain('demo data created');
    expect(first.output()).not.toContain('not for real patients');

    const base = `http://127.0.0.1:${port}/api`;
    const login = await fetch(`${base}/patient/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'patient@clearview.test', password: DEMO_PASSWORD, ...demo.clearview }),
    });
    const { access_token: token, user } = (await login.json()) as { access_token: string; user: { data: { settings: Record<string, unknown> } } };
    const settings = { ...user.data.settings, theme: { main: 'dark7', navbar: 'dark7', toolbar: 'dark7', footer: 'dark7' } };
    const saved = await fetch(`${base}/patient/savethemesettings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ data: { settings, shortcuts: ['calendar'] } }),
    });
    expect(saved.status).toBe(200);
    expect(await first.stop()).toBe(0);

    const second = await startServer(production, port);
    expect(second.output()).not.toContain('demo data created');
    const again = await fetch(`${base}/patient/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'patient@clearview.test', password: DEMO_PASSWORD, ...demo.clearview }),
    });
    const body = (await again.json()) as { user: { data: { settings: { theme: { main: string } }; shortcuts: string[] } } };
    expect(body.user.data.settings.theme.main).toBe('dark7');
    expect(body.user.data.shortcuts).toEqual(['calendar']);
    expect(await second.stop()).toBe(0);
  });

  it('refuses to start with an invalid configuration, saying what is wrong', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: 'not-a-port', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr!.on('data', (d) => (output += d));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toMatch(/Invalid configuration:\n\s+PORT:/);
  });

  it('refuses to start in production without an https PUBLIC_URL and SMTP_URL', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir };
    delete env.PUBLIC_URL;
    delete env.SMTP_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stderr!.on('data', (d) => (output += d));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toMatch(/Invalid configuration:\n\s+PUBLIC_URL: .*\n\s+SMTP_URL: /);
  });
});
