// Writes corpus/rule-examples.jsonl: one corpus case per rule example (issue: the corpus holds every example),
// so the contract over corpus/ pins each rule's own deny and pass examples verdict by verdict.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAnalyzer } from '../src/index.js';
import { RULES } from '../src/rules/index.js';
import type { CommandLine } from '../src/types.js';

const analyzer = await createAnalyzer();
const lines: string[] = [];
const seen = new Set<string>();
for (const rule of RULES) {
  let n = 0;
  for (const kind of ['deny', 'pass'] as const) {
    for (const example of rule.examples[kind]) {
      const base: CommandLine = typeof example === 'string' ? { command: example } : example;
      const shell = base.shell ?? 'bash';
      const windows = shell === 'powershell';
      const line = { cwd: windows ? 'C:\\Users\\u\\project' : '/home/u/project', home: windows ? 'C:\\Users\\u' : '/home/u', ...base, shell };
      const key = `${shell}\0${line.command}`;
      if (seen.has(key)) continue;
      seen.add(key);
      n++;
      const found = analyzer.analyze(line).findings;
      const deniedBy = [...new Set(found.filter((f) => f.kind !== 'info').map((f) => f.rule))];
      // An info rule's deny example is a finding, not a denial: its verdict is whatever else fires.
      const verdict = (kind === 'deny' && rule.kind !== 'info') || deniedBy.length > 0 ? 'deny' : 'pass';
      const note =
        kind === 'deny'
          ? `${rule.id} ${rule.kind === 'info' ? 'finding' : 'deny'} example`
          : deniedBy.length > 0
            ? `${rule.id} pass example (this rule stays silent; denied by ${deniedBy.join(', ')})`
            : `${rule.id} pass example`;
      lines.push(
        JSON.stringify({
          id: `example-${rule.id}-${String(n).padStart(3, '0')}`,
          shell,
          cwd: line.cwd,
          home: line.home,
          command: line.command,
          verdict,
          rules: kind === 'deny' && rule.kind !== 'info' ? [rule.id] : [],
          note,
        }),
      );
    }
  }
}
// Run from the repository root (npm run corpus:examples).
writeFileSync(join(process.cwd(), 'corpus', 'rule-examples.jsonl'), `${lines.join('\n')}\n`);
console.log(`wrote ${lines.length} cases to corpus/rule-examples.jsonl`);
process.exit(0);
