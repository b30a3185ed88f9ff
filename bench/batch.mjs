// npm run bench:batch — `vouch analyze --batch` over nl2bash ×10 as NDJSON (read as data, never run), on one
// thread and with --workers 2, runs interleaved: lines/s (start-up included), peak RSS, and that the outputs are
// the same byte for byte (order kept).
//   node bench/batch.mjs [--times N] [--runs N] [--workers N]...
// Writes bench/results/batch.json.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpus, machine, median, numberOption, ROOT, round, writeResult } from './lib.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => numberOption(args, name, fallback);
const TIMES = opt('times', 10);
const RUNS = opt('runs', 3);
const workerCounts = args.flatMap((a, i) => (a === '--workers' ? [Number(args[i + 1])] : []));
const CONTENDERS = [undefined, ...(workerCounts.length ? workerCounts : [2])];
const BIN = join(ROOT, 'dist', 'cli', 'vouch.cjs');

const lines = corpus('nl2bash.cm');
const dir = mkdtempSync(join(tmpdir(), 'vouch-batch-'));
const input = join(dir, 'lines.ndjson');
const one = lines.map((command) => JSON.stringify({ command })).join('\n');
writeFileSync(input, `${Array.from({ length: TIMES }, () => one).join('\n')}\n`);
const total = lines.length * TIMES;

/** One run: wall time, peak RSS (GNU time's figure, of the process and its threads), a hash of the output. */
function runOnce(workers) {
  const argv = ['-f', '%M', process.execPath, BIN, 'analyze', '--batch', ...(workers ? ['--workers', String(workers)] : [])];
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn('/usr/bin/time', argv, { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, HOME: '/tmp/vouch-bench-home' } });
    const hash = createHash('sha256');
    let count = 0;
    let stderr = '';
    child.stdout.on('data', (d) => {
      hash.update(d);
      for (const b of d) if (b === 10) count++;
    });
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      const seconds = (performance.now() - t0) / 1000;
      if (code !== 0 && code !== 1) return reject(new Error(`exit ${code}: ${stderr}`));
      const kb = Number(stderr.trim().split('\n').pop());
      resolve({ seconds, rssMiB: round(kb / 1024, 1), lines: count, sha256: hash.digest('hex') });
    });
    createReadStream(input).pipe(child.stdin);
  });
}

const results = CONTENDERS.map(() => []);
for (let r = 0; r < RUNS; r++) {
  for (const [i, workers] of CONTENDERS.entries()) results[i].push(await runOnce(workers));
}
rmSync(dir, { recursive: true, force: true });
const hashes = new Set(results.flat().map((x) => x.sha256));
const out = {
  machine: machine(),
  lines: total,
  runs: RUNS,
  sameOutput: hashes.size === 1,
  contenders: CONTENDERS.map((workers, i) => {
    const seconds = median(results[i].map((x) => x.seconds));
    return { workers: workers ?? 'none (one thread)', medianSeconds: round(seconds), linesPerSecond: Math.round(total / seconds), peakRssMiB: Math.max(...results[i].map((x) => x.rssMiB)) };
  }),
};
for (const c of out.contenders) process.stdout.write(`--workers ${String(c.workers).padEnd(18)} ${c.medianSeconds} s, ${c.linesPerSecond} lines/s, peak RSS ${c.peakRssMiB} MiB\n`);
process.stdout.write(`${total} lines (nl2bash ×${TIMES}), median of ${RUNS} interleaved runs each, start-up included; outputs ${out.sameOutput ? 'identical' : 'DIFFER'}\n`);
writeResult('batch.json', out);
if (!out.sameOutput) process.exitCode = 1;
