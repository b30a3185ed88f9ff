// The regression corpus: every case through the real analyzer, one test per case, gaps held to their disagreement.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CorpusCase, judge, loadCorpus } from '../fuzz/corpus.js';
import { type Analyzer, createAnalyzer } from '../src/index.js';
import { initParser } from '../src/parse/index.js';
import { RULE_IDS } from '../src/rules/index.js';

const cases = loadCorpus();
let analyzer: Analyzer;
beforeAll(async () => {
  // The corpus pins what is decided, not how fast: a loaded machine must not turn a parse error into a time limit.
  analyzer = await createAnalyzer({ limits: { timeoutMs: 5_000 } });
});

function describeCase(c: CorpusCase): string {
  return `${c.file}:${c.line} ${c.shell}> ${JSON.stringify(c.command.length > 200 ? `${c.command.slice(0, 200)}…` : c.command)} — ${c.note}`;
}

describe('corpus', () => {
  it('holds at least 400 cases across every area and both dialects', () => {
    expect(cases.length).toBeGreaterThanOrEqual(400);
    const files = new Set(cases.map((c) => c.file));
    for (const area of ['egress', 'env-dump', 'secret', 'write', 'cannot-vouch', 'benign']) expect(files).toContain(`${area}.jsonl`);
    expect(cases.some((c) => c.shell === 'powershell')).toBe(true);
    expect(cases.filter((c) => c.verdict === 'pass').length).toBeGreaterThanOrEqual(150);
  });

  it('names only declared rule ids', () => {
    const declared = new Set<string>(RULE_IDS);
    expect(cases.flatMap((c) => c.rules).filter((r) => !declared.has(r))).toEqual([]);
  });

  let gaps = 0;
  for (const c of cases) {
    it(c.id, async () => {
      // A case that runs the parser's C stack over reloads the runtime; the cases after it wait for it.
      await Promise.all([initParser('bash'), initParser('powershell')]);
      const j = judge(c, analyzer.analyze({ command: c.command, shell: c.shell, cwd: c.cwd, home: c.home }));
      const detail = `${describeCase(c)}\n  expected ${c.verdict} ${JSON.stringify(c.rules)}, got ${j.verdict} ${JSON.stringify(j.found)}`;
      if (c.gap !== undefined) {
        gaps++;
        // A gap that now agrees was fixed: the tag must come off so the case guards the fix.
        expect(j.agrees, `gap fixed, remove its "gap" tag: ${detail}`).toBe(false);
      } else {
        expect(j.agrees, detail).toBe(true);
      }
    });
  }

  afterAll(() => {
    if (gaps > 0) console.warn(`corpus: ${gaps} of ${cases.length} cases are known gaps (tagged "gap")`);
  });
});
