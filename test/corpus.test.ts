// The regression corpus, the one test of it: every case through the guard under the default policy (so through the
// whole analyzer), one test per case named by its id; the verdict a user would see, its rule, and the findings
// the case expects. Gaps are held to their disagreement. The ratio of benign neighbours is reported per kind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CorpusCase, judge, loadCorpus, neighbourRatios } from '../fuzz/corpus.js';
import { createGuard, type Guard, VERDICT_RULE_IDS } from '../src/guard/index.js';
import { type Analyzer, createAnalyzer } from '../src/index.js';
import { initParser } from '../src/parse/index.js';
import { RULES } from '../src/rules/index.js';

const cases = loadCorpus();
let analyzer: Analyzer;
beforeAll(async () => {
  // The corpus pins what is decided, not how fast: a loaded machine must not turn a parse error into a time limit.
  analyzer = await createAnalyzer({ limits: { timeoutMs: 5_000 } });
});

/**
 * A guard of its own for each case: a guard remembers the links a session made (`ln -s /usr/bin/curl ls`), and a
 * case's verdict must not hang on the cases before it.
 */
function guardFor(home: string): Guard {
  return createGuard({ analyzer, dependencies: { home } });
}

function describeCase(c: CorpusCase): string {
  return `${c.file}:${c.line} ${c.shell}> ${JSON.stringify(c.command.length > 200 ? `${c.command.slice(0, 200)}…` : c.command)} — ${c.note}`;
}

const declared = new Set(VERDICT_RULE_IDS);
const kindOf = new Map(RULES.map((r) => [r.id, r.kind as string]));

describe('corpus', () => {
  it('holds at least 400 cases across every area and both dialects', () => {
    expect(cases.length).toBeGreaterThanOrEqual(400);
    const files = new Set(cases.map((c) => c.file));
    for (const area of ['egress', 'env-dump', 'secret', 'write', 'cannot-vouch', 'benign']) expect(files).toContain(`${area}.jsonl`);
    expect(cases.some((c) => c.shell === 'powershell')).toBe(true);
    expect(cases.filter((c) => c.verdict === 'pass').length).toBeGreaterThanOrEqual(150);
  });

  it('names only declared rule ids', () => {
    expect(cases.flatMap((c) => c.rules).filter((r) => !kindOf.has(r))).toEqual([]);
  });

  it('names the rule of every denial (a case that says "any denial" pins nothing)', () => {
    expect(cases.filter((c) => c.verdict === 'deny' && c.rules.length === 0).map((c) => c.id)).toEqual([]);
  });

  it('keeps benign neighbours beside the denials (reported per kind)', () => {
    const ratios = neighbourRatios(cases, (rule) => kindOf.get(rule) ?? 'unknown');
    const lines = [...ratios].map(([kind, r]) => `${kind} ${r.withNeighbour}/${r.denied} (${((100 * r.withNeighbour) / r.denied).toFixed(0)}%)`);
    console.log(`corpus: denials with a benign neighbour one word or three characters away — ${lines.join(', ')}`);
    const all = [...ratios.values()].reduce((a, r) => ({ denied: a.denied + r.denied, withNeighbour: a.withNeighbour + r.withNeighbour }), { denied: 0, withNeighbour: 0 });
    // A floor under today's count, so that neighbours are not lost; raise it as they are added. (0.55 before the
    // destructive cases came, 33 of 95 with a neighbour: 499 of 928 denials, 53.8%; 575 of 1015, 56.7%, once they had theirs; 604 of 1124, 53.7%, with PowerShell's Windows surface, whose denials are mostly without one yet; 1,336 of 2,133, 62.6%,
    // once the denials without one were given their one-word neighbour: an outside host made localhost, a key made its .pub.)
    expect(all.withNeighbour / all.denied).toBeGreaterThanOrEqual(0.6);
  });

  let gaps = 0;
  for (const c of cases) {
    it(c.id, async () => {
      // A case that runs the parser's C stack over reloads the runtime; the cases after it wait for it.
      await Promise.all([initParser('bash'), initParser('powershell')]);
      const { verdict, analysis } = guardFor(c.home).inspect({ tool: c.shell, input: { command: c.command }, cwd: c.cwd });
      if (verdict) expect(declared, `${c.id}: the verdict's rule ${verdict.rule} is not a declared id`).toContain(verdict.rule);
      const found = judge(c, analysis ?? { findings: [] } as never);
      const got = verdict ? 'deny' : 'pass';
      const agrees = got === c.verdict && found.missing.length === 0;
      const detail = `${describeCase(c)}\n  expected ${c.verdict} ${JSON.stringify(c.rules)}, got ${got}${verdict ? ` by ${verdict.rule}` : ''} ${JSON.stringify(found.found)}`;
      if (c.gap !== undefined) {
        gaps++;
        // A gap that now agrees was fixed: the tag must come off so the case guards the fix.
        expect(agrees, `gap fixed, remove its "gap" tag: ${detail}`).toBe(false);
      } else {
        expect(agrees, detail).toBe(true);
      }
    });
  }

  afterAll(() => {
    if (gaps > 0) console.warn(`corpus: ${gaps} of ${cases.length} cases are known gaps (tagged "gap")`);
  });
});
