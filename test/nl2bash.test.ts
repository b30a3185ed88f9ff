// Real commands (NL2Bash): analyse every line without a throw, and refuse to vouch for few of them.
// The lines are data: they are parsed, never run.
import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import { type Analyzer, createAnalyzer } from '../src/index.js';
import { describeWhen, sharedCorpus } from './needs.js';

const { path: FILE, missing } = sharedCorpus('nl2bash.cm');

let analyzer: Analyzer;
beforeAll(async () => {
  analyzer = await createAnalyzer({ dialects: ['bash', 'powershell'] });
});

describeWhen('nl2bash corpus', missing, () => {
  // The refusal a user meets is a line refused only because vouch cannot vouch for it: a line a rule denies for what it
  // surely does (a delete outside the project, an egress) is refused either way, whatever else it holds. This is the
  // figure bench/refusal-nl2bash.mjs prints ("refused only as cannot-vouch").
  it('analyses every line without a throw; under 3% are refused only as cannot-vouch', () => {
    const lines = readFileSync(FILE, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '');
    let floored = 0;
    const causes = new Map<string, number>();
    for (const command of lines) {
      const a = analyzer.analyze({ command, cwd: '/home/u/project', home: '/home/u' });
      const cv = a.findings.filter((f) => f.kind === 'cannot-vouch');
      if (cv.length > 0 && cv.length === a.findings.length) floored++;
      for (const f of cv) causes.set(f.rule, (causes.get(f.rule) ?? 0) + 1);
    }
    const share = floored / lines.length;
    console.log(`nl2bash: ${lines.length} lines, ${floored} refused only as cannot-vouch (${(share * 100).toFixed(2)}%)`, Object.fromEntries(causes));
    expect(lines.length).toBeGreaterThan(12_000);
    expect(causes.has('vouch.internal-error')).toBe(false);
    expect(share).toBeLessThan(0.03);
  });
});
