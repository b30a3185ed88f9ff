// The vendor-contract harness: a boundary pinned case by case, so a shift fails by the name of the case that moved.
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { expect, it } from 'vitest';

/** What a case expects: a pass, or a denial (with the rule id, `null` for a denial that names none). */
export interface Expected {
  verdict: 'deny' | 'pass';
  /** The verdict's rule id exactly; `null`: a denial without one; absent: any. */
  rule?: string | null;
  /** Rule ids that must be among the analysis' findings. */
  rules?: string[];
}

export interface PinnedCase {
  /** Stable name the test is reported by. */
  name: string;
  command: string;
  expected: Expected;
  /** Set while the analyzer under test is known to disagree: the disagreement must persist. */
  gap?: string;
}

export interface Outcome {
  verdict: 'deny' | 'pass';
  rule: string | null;
  reason?: string;
  /** Rule ids of every finding, when the analyzer reports them. */
  found?: string[];
}

function agrees(expected: Expected, got: Outcome): boolean {
  if (expected.verdict !== got.verdict) return false;
  if (expected.rule !== undefined && expected.rule !== got.rule) return false;
  return (expected.rules ?? []).every((r) => got.found?.includes(r));
}

/** One test per case: the outcome must agree with the pin, or, for a gap, must still disagree. */
export function pinBoundary(cases: readonly PinnedCase[], run: (c: PinnedCase) => Outcome): void {
  for (const c of cases) {
    it(`${c.name}: ${JSON.stringify(c.command.length > 120 ? `${c.command.slice(0, 120)}…` : c.command)}`, () => {
      const got = run(c);
      const detail = `expected ${JSON.stringify(c.expected)}, got ${JSON.stringify(got)}`;
      if (c.gap !== undefined) expect(agrees(c.expected, got), `gap fixed, remove its "gap" tag: ${detail}`).toBe(false);
      else expect(agrees(c.expected, got), detail).toBe(true);
    });
  }
}

const SPAWNERS = ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const;

/**
 * Replaces every child_process entry point, for CommonJS and ES module importers alike, with one that records the
 * call and throws: a vendor under contract must never start a process, and if it tries, nothing runs.
 */
export function trapSpawns(): { calls: string[]; restore(): void } {
  const require = createRequire(import.meta.url);
  const cp = require('node:child_process') as Record<string, unknown>;
  const saved = new Map(SPAWNERS.map((k) => [k, cp[k]]));
  const calls: string[] = [];
  for (const k of SPAWNERS) {
    cp[k] = (...args: unknown[]) => {
      calls.push(`${k} ${JSON.stringify(args.slice(0, 2))}`);
      throw new Error(`contract test: ${k} is not allowed`);
    };
  }
  syncBuiltinESMExports();
  return {
    calls,
    restore() {
      for (const [k, v] of saved) cp[k] = v;
      syncBuiltinESMExports();
    },
  };
}
