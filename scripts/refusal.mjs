// Refusal on a corpus of lines: how many an analysis denies only because it cannot vouch for them.
// Usage: node scripts/refusal.mjs FILE [--shell powershell|bash] [--list]
// FILE is plain lines (one command a line) or corpus JSON Lines (its `command` and `shell`). Lines are data: never run.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
const shellAt = args.indexOf('--shell');
const shell = shellAt >= 0 ? args[shellAt + 1] : 'powershell';
const list = args.includes('--list');
if (!file) throw new Error('usage: node scripts/refusal.mjs FILE [--shell powershell|bash] [--list]');

const { createAnalyzer } = await import(pathToFileURL(join(root, 'dist', 'index.js')).href);
const analyzer = await createAnalyzer();
const lines = readFileSync(file, 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => (file.endsWith('.jsonl') ? JSON.parse(l) : { command: l, shell }))
  .filter((c) => (c.shell ?? shell) === shell);
const counts = { pass: 0, deny: 0, refuse: 0 };
for (const c of lines) {
  const a = analyzer.analyze({ command: c.command, shell, cwd: 'C:\\Users\\dev\\project', home: 'C:\\Users\\dev' });
  const denying = a.findings.filter((f) => f.kind !== 'info');
  const verdict = denying.length === 0 ? 'pass' : denying.every((f) => f.kind === 'cannot-vouch') ? 'refuse' : 'deny';
  counts[verdict]++;
  if (list && verdict !== 'pass') console.log(`${verdict}\t${[...new Set(denying.map((f) => f.rule))].join(',')}\t${c.id ? `${c.id}\t` : ''}${c.command}`);
}
const pct = (n) => `${((100 * n) / lines.length).toFixed(2)}%`;
console.log(`${lines.length} ${shell} lines: ${counts.pass} pass, ${counts.deny} denied by a rule, ${counts.refuse} refused (cannot vouch only) = ${pct(counts.refuse)}`);
