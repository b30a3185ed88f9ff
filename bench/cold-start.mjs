// npm run bench:cold — cold start of the built CLI against `node -e 0`, interleaved, medians and ratios.
//   node bench/cold-start.mjs [--runs N] [--bin FILE]...   (each --bin is timed as another contender)
// The commands timed: `vouch analyze ls` (plain words), `vouch analyze` of a plain list (both read without the
// parser) and of a line the parser must read, and a Claude Code hook event of each kind. Data, never run.
import childProcess from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { median, ROOT, round } from './lib.mjs';

// Taken at load: bench/run.mjs later replaces child_process's entry points to catch cc-safety-net spawning.
const spawnSync = childProcess.spawnSync;

export const BIN = join(ROOT, 'dist', 'cli', 'vouch.cjs');

/** A list and pipeline with quotes and a redirection, read without the parser (src/segments/plain.ts). */
export const PLAIN_LIST = "cd src && npm test 2>&1 | grep -v 'skipped' | tail -20";
/** A line only the parser reads (a loop, a glob, an expansion in quotes): its wasm compiles on first use. */
export const PARSED = 'for f in src/*.ts; do wc -l "$f"; done';

const hookEvent = (command) => JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, cwd: '/tmp' });

function timeOnce(file, argv, input) {
  const t0 = performance.now();
  const r = spawnSync(file, argv, { encoding: 'utf8', input });
  const ms = performance.now() - t0;
  if (r.status !== 0 && r.status !== 1) throw new Error(`${file} ${argv.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

/**
 * Times `node -e 0` and each bin's `analyze ls` and hook event, round-robin so that drift in the machine's
 * load falls on all of them alike. Returns medians (ms) and ratios to `node -e 0`.
 */
export function coldStart(runs, bins = [BIN]) {
  for (const bin of bins) if (!existsSync(bin)) throw new Error(`bench: ${bin} is missing, run \`npm run build\` first`);
  const contenders = [{ name: 'node -e 0', file: process.execPath, argv: ['-e', '0'] }];
  for (const bin of bins) {
    const label = bins.length > 1 ? `${bin} ` : 'vouch ';
    contenders.push({ name: `${label}analyze ls`, file: bin, argv: ['analyze', 'ls'] });
    contenders.push({ name: `${label}analyze '${PLAIN_LIST}'`, file: bin, argv: ['analyze', PLAIN_LIST] });
    contenders.push({ name: `${label}analyze '${PARSED}'`, file: bin, argv: ['analyze', PARSED] });
    contenders.push({ name: `${label}hook: npm test`, file: bin, argv: ['hook', 'claude-code'], input: hookEvent('npm test') });
    contenders.push({ name: `${label}hook: ${PLAIN_LIST}`, file: bin, argv: ['hook', 'claude-code'], input: hookEvent(PLAIN_LIST) });
    contenders.push({ name: `${label}hook: ${PARSED}`, file: bin, argv: ['hook', 'claude-code'], input: hookEvent(PARSED) });
  }
  const times = contenders.map(() => []);
  // Two warm-up rounds fill the page cache; they are not counted.
  for (let i = 0; i < runs + 2; i++) {
    contenders.forEach((c, j) => {
      const ms = timeOnce(c.file, c.argv, c.input);
      if (i >= 2) times[j].push(ms);
    });
  }
  const base = median(times[0]);
  return {
    runs,
    results: contenders.map((c, j) => ({ command: c.name, medianMs: round(median(times[j]), 1), ratio: round(median(times[j]) / base) })),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const argv = process.argv.slice(2);
  let runs = 30;
  const bins = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--runs') runs = Number(argv[++i]);
    else if (argv[i] === '--bin') bins.push(argv[++i]);
    else throw new Error(`bench: unknown argument ${argv[i]}`);
  }
  const out = coldStart(runs, bins.length ? bins : [BIN]);
  for (const r of out.results) process.stdout.write(`${r.command.padEnd(48)} median ${String(r.medianMs).padStart(6)} ms  ${r.ratio}×\n`);
  process.stdout.write(`(${out.runs} runs each, interleaved; ratio to node -e 0; target for vouch analyze ls ≤ 1.6×)\n`);
}
