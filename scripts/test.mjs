// `npm test`: every check, in stages; the checks of a stage run side by side, a stage starts when the one before it
// passed. Prints each check's time and each stage's CPU time at the end, so where the time goes stays visible. The
// CPU time is a floor: it counts only descendants that were waited for, not the browsers and servers the browser
// tests start, nor PostgreSQL's backends.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const stages = [
  // The browser build is what the browser tests serve (they build it only when stale): made here beside the two
  // single-threaded checks instead of alone later.
  [
    ['typecheck', 'npm', ['run', 'typecheck']],
    ['lint', 'npm', ['run', 'lint']],
    ['build', 'node', ['--input-type=module', '-e', "(await import('./scripts/build-if-stale.mjs')).buildIfStale(process.cwd())"]],
  ],
  [['unit', 'npm', ['run', 'test:unit']]],
  [['server', 'npm', ['run', 'test:server']]],
  [['e2e', 'npm', ['run', 'test:e2e']]],
];

const times = [];
const started = Date.now();

/** CPU seconds used so far by this process's finished children and their descendants (Linux; 0 elsewhere). */
function childrenCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // cutime and cstime are fields 16 and 17 of the whole line, in clock ticks (100 per second on Linux).
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}

function finish(name, begin, code, signal, resolve) {
  const seconds = Math.round((Date.now() - begin) / 1000);
  times.push(`${name.padEnd(10)} ${String(seconds).padStart(5)} s${code === 0 ? '' : '  FAILED'}`);
  resolve(code ?? (signal ? 1 : 0));
  return seconds;
}

function run([name, command, args]) {
  const begin = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    // Side by side, each check's output is kept whole and printed when it ends, so the logs do not interleave.
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('close', (code, signal) => {
      const seconds = finish(name, begin, code, signal, resolve);
      process.stdout.write(`\n── ${name} (${seconds} s) ──\n`);
      process.stdout.write(Buffer.concat(chunks));
    });
  });
}

function runInline([name, command, args]) {
  const begin = Date.now();
  process.stdout.write(`\n── ${name} ──\n`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('close', (code, signal) => finish(name, begin, code, signal, resolve));
  });
}

let failed = false;
for (const stage of stages) {
  const begin = Date.now();
  const cpuBefore = childrenCpuSeconds();
  const codes = await Promise.all(stage.length === 1 ? [runInline(stage[0])] : stage.map(run));
  const wall = (Date.now() - begin) / 1000;
  const cpu = childrenCpuSeconds() - cpuBefore;
  if (cpu > 0) {
    times.push(`  stage ${stage.map(([name]) => name).join(' + ')}: ${Math.round(wall)} s, ${Math.round(cpu)} CPU-s (${(cpu / wall).toFixed(1)} cores busy)`);
  }
  if (codes.some((code) => code !== 0)) {
    failed = true;
    break;
  }
}
console.log(`\nnpm test: ${failed ? 'FAILED' : 'passed'} in ${Math.round((Date.now() - started) / 1000)} s\n${times.join('\n')}`);
process.exit(failed ? 1 : 0);
