// How hard the properties search: a few thousand cases inside `npm test`, the long run under `npm run fuzz`.
import { Worker } from 'node:worker_threads';
import fc from 'fast-check';
import { initParser, isParserReady } from '../src/parse/index.js';


/** True under `npm run fuzz` (fuzz/vitest.long.config.ts sets VOUCH_FUZZ_LONG=1). */
export const LONG = process.env.VOUCH_FUZZ_LONG === '1';

// A fixed seed keeps `npm test` reproducible; the long run draws a fresh one unless VOUCH_FUZZ_SEED pins it.
export const SEED = process.env.VOUCH_FUZZ_SEED !== undefined ? Number(process.env.VOUCH_FUZZ_SEED) : LONG ? Date.now() % 2 ** 31 : 20_261_129;

/** Runs for a property: `short` inside npm test, `long` under npm run fuzz (VOUCH_FUZZ_SCALE multiplies it). */
export function runs(short: number, long: number): number {
  if (!LONG) return short;
  const scale = Number(process.env.VOUCH_FUZZ_SCALE ?? '1');
  return Math.max(1, Math.round(long * (Number.isFinite(scale) && scale > 0 ? scale : 1)));
}

/** Seconds a single run may take before the watchdog ends the process (a hang is not a slow run). */
const STALL_SECONDS = Number(process.env.VOUCH_FUZZ_STALL_S ?? '120') || 120;

/**
 * A hang inside wasm blocks the event loop, so no timer of this thread can report it. A worker thread watches
 * a heartbeat instead; when one run has not returned for STALL_SECONDS it writes the property, seed and run
 * to stderr and ends the process, rather than leaving a long run waiting for ever.
 */
function watchdog(name: string): { beat(run: number): void; stop(): void } {
  const shared = new Int32Array(new SharedArrayBuffer(8));
  const source = `
    const { workerData } = require('node:worker_threads');
    const { writeSync } = require('node:fs');
    const [shared, name, seed, stall] = workerData;
    let last = -1, since = Date.now();
    setInterval(() => {
      const run = Atomics.load(shared, 0);
      if (Atomics.load(shared, 1) === 1) process.exit(0);
      if (run !== last) { last = run; since = Date.now(); return; }
      if (run > 0 && Date.now() - since > stall * 1000) {
        writeSync(2, 'fuzz ' + name + ': run ' + run + ' has not returned in ' + stall + ' s (seed=' + seed + ', replay with path "' + (run - 1) + '"); ending the process\\n');
        process.kill(process.pid, 'SIGKILL');
      }
    }, 1000);`;
  const worker = new Worker(source, { eval: true, workerData: [shared, name, SEED, STALL_SECONDS] });
  worker.unref();
  return {
    beat: (run) => Atomics.store(shared, 0, run),
    stop: () => {
      Atomics.store(shared, 1, 1);
      void worker.terminate();
    },
  };
}

/** Counts of what the properties ran, printed at the end of a long run. */
export const tally = new Map<string, number>();

function clip(s: string, n = 600): string {
  return s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s;
}

/** Parser reloads each property waited for (an input trapped the wasm runtime or ran its C stack over). */
export const reloads = new Map<string, number>();

/**
 * Runs a property with a printed seed; on failure throws one short message: the shrunk counterexample (clipped,
 * since a 1 MiB input would drown the report), the seed and path to replay it, and the first error.
 *
 * An input that traps the parser's wasm runtime or runs its C stack over makes the parse layer replace the
 * runtime in the background. Each run first waits for that, so that no input is judged while the parser is
 * down: every analysis would then fail closed, and the property would pass without testing anything.
 */
export async function checkProperty<T>(name: string, arb: fc.Arbitrary<T>, predicate: (value: T) => void, numRuns: number): Promise<void> {
  console.log(`fuzz ${name}: seed=${SEED} runs=${numRuns}${LONG ? ' (long)' : ''}`);
  const t0 = performance.now();
  let waited = 0;
  const dog = watchdog(name);
  let run = 0;
  const property = fc.asyncProperty(arb, async (value) => {
    if (!isParserReady('bash') || !isParserReady('powershell')) {
      waited++;
      await Promise.all([initParser('bash'), initParser('powershell')]);
    }
    dog.beat(++run);
    predicate(value);
  });
  let out: fc.RunDetails<[T]>;
  try {
    out = await fc.check(property, { seed: SEED, numRuns });
  } finally {
    dog.stop();
  }
  tally.set(name, (tally.get(name) ?? 0) + out.numRuns);
  reloads.set(name, (reloads.get(name) ?? 0) + waited);
  console.log(`fuzz ${name}: ${out.numRuns} runs in ${((performance.now() - t0) / 1000).toFixed(1)} s; waited for ${waited} parser reloads`);
  if (!out.failed) return;
  const example = clip(JSON.stringify(out.counterexample?.[0]));
  const error = clip(String((out.errorInstance as Error | undefined)?.message ?? out.errorInstance), 1500);
  throw new Error(`${name} failed after ${out.numRuns} runs (seed=${out.seed}, path="${out.counterexamplePath}")\ncounterexample: ${example}\n${error}`);
}
