/**
 * Process control: everything started registers its undoing (clean-ups, run in reverse on success, failure and
 * signals); child processes in their own process group, stopped with SIGTERM and then SIGKILL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { log, message } from './format';
import { httpRequest } from './http';
import { root } from './paths';

const START_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 15_000;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface Cleanup {
  label: string;
  run: () => Promise<void> | void;
}
export const cleanups: Cleanup[] = [];
export const liveChildren = new Set<ChildProcess>();

export function onCleanup(label: string, run: () => Promise<void> | void): () => Promise<void> {
  const entry: Cleanup = { label, run };
  cleanups.push(entry);
  // Running it early (the normal path) takes it off the list.
  return async () => {
    const i = cleanups.indexOf(entry);
    if (i === -1) return;
    cleanups.splice(i, 1);
    await entry.run();
  };
}

export async function runCleanups(): Promise<void> {
  while (cleanups.length > 0) {
    const entry = cleanups.pop()!;
    try {
      await entry.run();
    } catch (err) {
      console.error(`clean-up "${entry.label}" failed: ${message(err)}`);
    }
  }
}

export function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal); // the child leads its own process group (detached)
  } catch {
    // already gone
  }
}

let interrupted = false;

/** Whether a signal asked the bench to stop (its clean-up is under way). */
export function isInterrupted(): boolean {
  return interrupted;
}

/**
 * On SIGINT, SIGTERM and SIGHUP: run the clean-ups and exit 130 (a second signal kills every child at once); on any
 * exit, kill what is left. Installed by the bench's main module, not on import.
 */
export function installSignalHandlers(): void {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (interrupted) {
        for (const child of liveChildren) killGroup(child, 'SIGKILL');
        process.exit(130);
      }
      interrupted = true;
      log(`\n${signal}: cleaning up (again to force)...`);
      void runCleanups().finally(() => process.exit(130));
    });
  }
  // Last resort if the process ends some other way: no process outlives the bench.
  process.on('exit', () => {
    for (const child of liveChildren) killGroup(child, 'SIGKILL');
  });
}

export interface Proc {
  name: string;
  child: ChildProcess;
  spawnedAt: number;
  /** The last 64 KB of stdout and stderr, for the error report. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  hasExited(): boolean;
  /** SIGTERM, wait for the exit (SIGKILL after the grace time); idempotent. */
  stop(): Promise<StopResult>;
}

export interface StopResult {
  ms: number;
  code: number | null;
  signal: NodeJS.Signals | null;
  forced: boolean;
}

/** `nodeArgs`: Node's own flags for this process (--cpu-prof, which NODE_OPTIONS does not take). */
export function startProcess(name: string, script: string, env: NodeJS.ProcessEnv, nodeArgs: string[] = []): Proc {
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  liveChildren.add(child);
  let buffer = '';
  const keep = (chunk: Buffer) => {
    buffer = (buffer + chunk.toString('utf8')).slice(-65_536);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exitInfo: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => {
      exitInfo = { code, signal };
      liveChildren.delete(child);
      resolve(exitInfo);
    });
    child.on('error', (err) => {
      keep(Buffer.from(`spawn failed: ${err.message}\n`));
      exitInfo = { code: null, signal: null };
      liveChildren.delete(child);
      resolve(exitInfo);
    });
  });
  let stopping: Promise<StopResult> | null = null;
  const proc: Proc = {
    name,
    child,
    spawnedAt,
    output: () => buffer,
    exited,
    hasExited: () => exitInfo !== null,
    stop: () => {
      stopping ??= (async () => {
        const started = performance.now();
        let forced = false;
        if (!exitInfo && child.pid !== undefined) {
          try {
            process.kill(child.pid, 'SIGTERM');
          } catch {
            // gone already
          }
          const done = await Promise.race([exited, sleep(STOP_GRACE_MS).then(() => null)]);
          if (!done) {
            forced = true;
            killGroup(child, 'SIGKILL');
          }
        }
        const info = await exited;
        // Anything the process left in its group goes too.
        killGroup(child, 'SIGKILL');
        return { ms: performance.now() - started, code: info.code, signal: info.signal, forced };
      })();
      return stopping;
    },
  };
  onCleanup(`stop ${name}`, async () => {
    await proc.stop();
  });
  return proc;
}

export function tail(text: string, lines = 25): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

/** Polls GET `url` until it answers 200; ms since the process was spawned. */
export async function waitFor200(proc: Proc, url: string): Promise<number> {
  const deadline = proc.spawnedAt + START_TIMEOUT_MS;
  for (;;) {
    if (proc.hasExited()) {
      const { code, signal } = await proc.exited;
      throw new Error(`${proc.name} exited (code ${code}, signal ${signal}) before ${url} answered:\n${tail(proc.output())}`);
    }
    try {
      const res = await httpRequest(url, { timeoutMs: 1_000 });
      if (res.status === 200) return performance.now() - proc.spawnedAt;
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) {
      throw new Error(`${proc.name}: ${url} did not answer 200 within ${START_TIMEOUT_MS / 1000} s:\n${tail(proc.output())}`);
    }
    await sleep(25);
  }
}
