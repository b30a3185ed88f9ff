// What a suite needs from outside the repository (the shared corpora beside it, bubblewrap for the oracle), and
// what happens without it: a skip whose name and stderr line say why, or under VOUCH_NO_SKIP=1 (set by .ci/run)
// a failure, so CI cannot go green on a run that measured nothing.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';

export const NO_SKIP = process.env.VOUCH_NO_SKIP === '1';

/** `../shared/corpora/<file>` beside the repository: its path, and why it cannot be used when it is absent. */
export function sharedCorpus(file: string): { path: string; missing?: string } {
  const path = join(import.meta.dirname, '..', '..', 'shared', 'corpora', file);
  return existsSync(path) ? { path } : { path, missing: `${path} is absent (the shared corpora sit beside the repository)` };
}

/**
 * `describe(name, body)` when nothing is `missing`; otherwise one skipped test named with the reason, which is also
 * written to stderr — or, under VOUCH_NO_SKIP=1, one failing test with it.
 */
export function describeWhen(name: string, missing: string | undefined, body: () => void): void {
  if (missing === undefined) {
    describe(name, body);
    return;
  }
  if (NO_SKIP) {
    describe(name, () => {
      it(`cannot run: ${missing}`, () => {
        throw new Error(`${name} cannot run: ${missing}. VOUCH_NO_SKIP=1 makes this a failure, not a skip.`);
      });
    });
    return;
  }
  console.warn(`SKIPPED ${name}: ${missing}`);
  describe(name, () => {
    it.skip(`skipped: ${missing}`, () => {});
  });
}

/** fast-check options with a fixed seed, printed first, so a failure can be replayed (`seed` and the path it prints). */
export function seeded(name: string, numRuns: number, seed: number): { numRuns: number; seed: number } {
  console.log(`property ${name}: seed=${seed} runs=${numRuns}`);
  return { numRuns, seed };
}

/** Throws under VOUCH_NO_SKIP=1 when an optional input is missing; otherwise says on stderr what is left out. */
export function optional(what: string, missing: string | undefined): boolean {
  if (missing === undefined) return true;
  if (NO_SKIP) throw new Error(`${what}: ${missing}. VOUCH_NO_SKIP=1 makes this a failure, not a skip.`);
  console.warn(`LEFT OUT ${what}: ${missing}`);
  return false;
}
