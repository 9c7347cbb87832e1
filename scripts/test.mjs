// `npm test`: every check, in stages; the checks of a stage run side by side (each uses about one core), a stage
// starts when the one before it passed. Prints each check's time at the end, so where the time goes stays visible.
import { spawn } from 'node:child_process';

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

function run([name, command, args]) {
  const begin = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    // Side by side, each check's output is kept whole and printed when it ends, so the logs do not interleave.
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - begin) / 1000);
      times.push(`${name.padEnd(10)} ${String(seconds).padStart(5)} s${code === 0 ? '' : '  FAILED'}`);
      process.stdout.write(`\n── ${name} (${seconds} s) ──\n`);
      process.stdout.write(Buffer.concat(chunks));
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

function runInline([name, command, args]) {
  const begin = Date.now();
  process.stdout.write(`\n── ${name} ──\n`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - begin) / 1000);
      times.push(`${name.padEnd(10)} ${String(seconds).padStart(5)} s${code === 0 ? '' : '  FAILED'}`);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

let failed = false;
for (const stage of stages) {
  const codes = await Promise.all(stage.length === 1 ? [runInline(stage[0])] : stage.map(run));
  if (codes.some((code) => code !== 0)) {
    failed = true;
    break;
  }
}
console.log(`\nnpm test: ${failed ? 'FAILED' : 'passed'} in ${Math.round((Date.now() - started) / 1000)} s\n${times.join('\n')}`);
process.exit(failed ? 1 : 0);
