// How hard the properties search: a few thousand cases inside `npm test`, the long run under `npm run fuzz`.
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
  const property = fc.asyncProperty(arb, async (value) => {
    if (!isParserReady('bash') || !isParserReady('powershell')) {
      waited++;
      await Promise.all([initParser('bash'), initParser('powershell')]);
    }
    predicate(value);
  });
  const out = await fc.check(property, { seed: SEED, numRuns });
  tally.set(name, (tally.get(name) ?? 0) + out.numRuns);
  reloads.set(name, (reloads.get(name) ?? 0) + waited);
  console.log(`fuzz ${name}: ${out.numRuns} runs in ${((performance.now() - t0) / 1000).toFixed(1)} s; waited for ${waited} parser reloads`);
  if (!out.failed) return;
  const example = clip(JSON.stringify(out.counterexample?.[0]));
  const error = clip(String((out.errorInstance as Error | undefined)?.message ?? out.errorInstance), 1500);
  throw new Error(`${name} failed after ${out.numRuns} runs (seed=${out.seed}, path="${out.counterexamplePath}")\ncounterexample: ${example}\n${error}`);
}
