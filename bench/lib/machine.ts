/** The machine and checkout the bench runs on, for the report's heading. */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { sleep } from './process';
import { root } from './paths';

/** Share of all CPUs busy over the next `ms` (before anything of ours runs: other work on the machine). */
export async function cpuBusy(ms: number): Promise<number> {
  const totals = () =>
    os.cpus().reduce(
      (acc, cpu) => {
        const t = cpu.times;
        acc.all += t.user + t.nice + t.sys + t.idle + t.irq;
        acc.idle += t.idle;
        return acc;
      },
      { all: 0, idle: 0 },
    );
  const before = totals();
  await sleep(ms);
  const after = totals();
  const all = after.all - before.all;
  return all > 0 ? Math.round((1 - (after.idle - before.idle) / all) * 100) / 100 : 0;
}

export function gitCommit(): string | null {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
    return dirty ? `${sha} (with uncommitted changes)` : sha;
  } catch {
    return null;
  }
}
