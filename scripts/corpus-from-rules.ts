// Writes corpus/rule-examples.jsonl: one corpus case per rule example, its expected verdict what the example says —
// a deny example denies with its rule, a pass example passes, an info rule's example passes with its finding — and
// never what the analyzer answers (nothing here runs it). A command that is one rule's deny example and another's
// pass example is one case: denied, by the rules that claim it. Ids already in the file are kept; new examples
// are appended with the next number of their rule; an example no rule gives any more is dropped.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RULES } from '../src/rules/index.js';
import type { CommandLine } from '../src/types.js';

interface Case {
  id?: string;
  shell: string;
  cwd: string;
  home: string;
  command: string;
  verdict: 'deny' | 'pass';
  rules: string[];
  note: string;
}

// Run from the repository root (npm run corpus:examples).
const FILE = join(process.cwd(), 'corpus', 'rule-examples.jsonl');
const keyOf = (shell: string, command: string) => `${shell}\0${command}`;

const cases = new Map<string, Case>();
const firstRule = new Map<string, string>();
for (const rule of RULES) {
  for (const kind of ['deny', 'pass'] as const) {
    for (const example of rule.examples[kind]) {
      const base: CommandLine = typeof example === 'string' ? { command: example } : example;
      const shell = base.shell ?? 'bash';
      const windows = shell === 'powershell';
      const key = keyOf(shell, base.command);
      let c = cases.get(key);
      if (!c) {
        c = {
          shell,
          cwd: base.cwd ?? (windows ? 'C:\\Users\\u\\project' : '/home/u/project'),
          home: base.home ?? (windows ? 'C:\\Users\\u' : '/home/u'),
          command: base.command,
          verdict: 'pass',
          rules: [],
          note: '',
        };
        cases.set(key, c);
        firstRule.set(key, rule.id);
      }
      if (kind === 'deny') {
        // An info rule's finding never denies: its example passes, with the finding.
        if (rule.kind !== 'info') c.verdict = 'deny';
        if (!c.rules.includes(rule.id)) c.rules.push(rule.id);
      }
      const says = kind === 'pass' ? `${rule.id} pass` : `${rule.id} ${rule.kind === 'info' ? 'finding' : 'deny'}`;
      c.note = c.note === '' ? `${says} example` : `${c.note.replace(/ examples?$/, '')}, ${says} examples`;
    }
  }
}

// The ids the file holds, kept for the same command; the highest number used per rule.
const ids = new Map<string, string>();
const order: string[] = [];
const highest = new Map<string, number>();
if (existsSync(FILE)) {
  for (const line of readFileSync(FILE, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const old = JSON.parse(line) as Case & { id: string };
    const key = keyOf(old.shell, old.command);
    ids.set(key, old.id);
    order.push(key);
    const m = /^example-(.+)-(\d+)$/.exec(old.id);
    if (m) highest.set(m[1]!, Math.max(highest.get(m[1]!) ?? 0, Number(m[2])));
  }
}

const out: Case[] = [];
for (const key of order) {
  const c = cases.get(key);
  if (c) out.push({ ...c, id: ids.get(key)! });
}
for (const [key, c] of cases) {
  if (ids.has(key)) continue;
  const rule = firstRule.get(key)!;
  const n = (highest.get(rule) ?? 0) + 1;
  highest.set(rule, n);
  out.push({ ...c, id: `example-${rule}-${String(n).padStart(3, '0')}` });
}

const lines = out.map((c) => JSON.stringify({ id: c.id, shell: c.shell, cwd: c.cwd, home: c.home, command: c.command, verdict: c.verdict, rules: c.rules, note: c.note }));
writeFileSync(FILE, `${lines.join('\n')}\n`);
console.log(`wrote ${lines.length} cases to corpus/rule-examples.jsonl`);
