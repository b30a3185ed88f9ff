// Vendor contract (ii): vouch's own boundary through the guard, pinned over corpus/ case by case, so a grammar or
// rule change that moves a verdict fails by the case's id. Gap-tagged cases must still disagree.
import { beforeAll, describe, expect } from 'vitest';
import { loadCorpus } from '../../fuzz/corpus.js';
import { type Analyzer, createAnalyzer } from '../../src/analyzer.js';
import { createGuard, type Guard, VERDICT_RULE_IDS } from '../../src/guard/index.js';
import { type PinnedCase, pinBoundary } from './harness.js';

const corpus = loadCorpus();
const byName = new Map(corpus.map((c) => [c.id, c]));
let analyzer: Analyzer;
const guards = new Map<string, Guard>();
beforeAll(async () => {
  analyzer = await createAnalyzer();
});

function guardFor(home: string): Guard {
  let guard = guards.get(home);
  if (!guard) {
    guard = createGuard({ analyzer, dependencies: { home } });
    guards.set(home, guard);
  }
  return guard;
}

describe('vouch contract over corpus/', () => {
  const declared = new Set(VERDICT_RULE_IDS);
  const cases: PinnedCase[] = corpus.map((c) => ({
    name: c.id,
    command: c.command,
    expected: { verdict: c.verdict, rules: c.rules },
    ...(c.gap === undefined ? {} : { gap: c.gap }),
  }));
  pinBoundary(cases, (pinned) => {
    const c = byName.get(pinned.name)!;
    const { verdict, analysis } = guardFor(c.home).inspect({ tool: c.shell, input: { command: c.command }, cwd: c.cwd });
    if (verdict) expect(declared, `${c.id}: the verdict's rule is not a declared id`).toContain(verdict.rule);
    return { verdict: verdict ? 'deny' : 'pass', rule: verdict?.rule ?? null, found: analysis?.findings.map((f) => f.rule) ?? [] };
  });
});
