// Every rule's own examples, run through the whole analyzer: deny examples raise that rule, pass examples do not.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Analyzer, createAnalyzer } from '../src/index.js';
import { FLOOR } from '../src/resolve/floor.js';
import { RULE_IDS, RULES } from '../src/rules/index.js';
import type { RuleExample } from '../src/rules/rule.js';
import type { CommandLine } from '../src/types.js';

let analyzer: Analyzer;
beforeAll(async () => {
  // The examples pin what a rule decides, not how fast: a loaded machine must not turn them into time limits.
  analyzer = await createAnalyzer({ limits: { timeoutMs: 5_000 } });
});

const HOME = '/home/u';
const CWD = '/home/u/project';

function line(example: RuleExample): CommandLine {
  const base = typeof example === 'string' ? { command: example } : example;
  const windows = base.shell === 'powershell';
  return { cwd: windows ? 'C:\\Users\\u\\project' : CWD, home: windows ? 'C:\\Users\\u' : HOME, ...base };
}

function label(example: RuleExample): string {
  const text = typeof example === 'string' ? example : `[${example.shell ?? 'bash'}] ${example.command}`;
  return text.length > 90 ? `${text.slice(0, 87)}…` : text;
}

// Grammar gaps and analyzer bugs have no standing example: each one found is fixed, not kept.
const NO_DENY_EXAMPLES = new Set<string>([FLOOR.unknownNode, FLOOR.internalError]);

describe('rule modules', () => {
  it('have unique ids, and every floor id is declared', () => {
    expect(new Set(RULE_IDS).size).toBe(RULE_IDS.length);
    for (const id of Object.values(FLOOR)) expect(RULE_IDS).toContain(id);
  });

  it('are each listed in the README rules table', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    for (const id of RULE_IDS) expect(readme).toContain(`| \`${id}\` |`);
  });

  for (const rule of RULES) {
    // A floor rule shows fewer: a limit's lines are costly to build, and a cannot-vouch rule's passes are any plain line.
    it(`${rule.id} carries at least 10 deny and 10 pass examples (a floor rule, at least one)`, () => {
      if (!NO_DENY_EXAMPLES.has(rule.id)) expect(rule.examples.deny.length).toBeGreaterThanOrEqual(rule.id === FLOOR.limit ? 1 : 10);
      expect(rule.examples.pass.length).toBeGreaterThanOrEqual(rule.kind === 'cannot-vouch' ? 1 : 10);
    });
  }
});

for (const rule of RULES) {
  describe(rule.id, () => {
    for (const example of rule.examples.deny) {
      it(`flags ${label(example)}`, () => {
        const input = line(example);
        const a = analyzer.analyze(input);
        const hits = a.findings.filter((f) => f.rule === rule.id);
        expect(hits, JSON.stringify(a.findings)).not.toHaveLength(0);
        for (const f of hits) {
          expect(f.kind).toBe(rule.kind);
          // The span points into the command text, at what triggered it; a parser's missing node is a point.
          expect(f.span.start).toBeGreaterThanOrEqual(0);
          expect(f.span.end).toBeLessThanOrEqual(input.command.length);
          if (rule.kind === 'cannot-vouch') expect(f.span.end).toBeGreaterThanOrEqual(f.span.start);
          else expect(f.span.end).toBeGreaterThan(f.span.start);
          expect(f.message.length).toBeGreaterThan(0);
        }
      });
    }
    for (const example of rule.examples.pass) {
      it(`leaves alone ${label(example)}`, () => {
        const a = analyzer.analyze(line(example));
        expect(a.findings.filter((f) => f.rule === rule.id)).toEqual([]);
      });
    }
  });
}

// What a denied recursive delete tells the user: the reason names the place it lands (root, a home, a repository's
// history, the project, outside it), each beside the neighbour that passes. These are the words a user reads.
describe('destructive.delete says where a delete lands', () => {
  const cases: [command: string, why: string | null, at?: Partial<CommandLine>][] = [
    ['rm -rf /', 'it is the root directory'],
    ['rm -rf /*', 'the root is emptied by the glob'],
    ['rm -rf ~', 'it is a home directory or holds one'],
    ['rm -rf /home', 'it is a home directory or holds one'],
    ['rm -rf ~/*', 'a home directory is emptied by the glob'],
    ['rm -rf ~/x/*', 'it is outside the project and temp directories'],
    ['rm -rf .git', "it is (or may be) a repository's .git directory: its history, branches and stashes go"],
    ['rm -rf .git/*', "it empties a repository's .git directory, whose history nothing brings back"],
    ['rm -rf .git/objects', "it holds a repository's history (.git/objects), which nothing brings back"],
    ['rm -rf .git/hooks', null],
    ['rm -rf x', 'it runs in the root directory, not in a project', { cwd: '/' }],
    ['rm -rf x', 'it runs in a home directory, not in a project', { cwd: '/home/u' }],
    ['rm -rf x', null, { cwd: '/home/u/project' }],
    ['rm -rf .', 'it is the project directory itself'],
    ['rm -rf ../project', 'it is the project directory itself'],
    ['rm -rf /home/u/work', 'it holds the project directory', { cwd: '/home/u/work/project' }],
    ['rm -rf /srv/x', 'it is outside the project and temp directories'],
    ['rm -rf /tmp/x', null],
    ['rm -rf ~/.cache/pip', null],
    ['rm -rf ~/.cachex', 'it is outside the project and temp directories'],
    ['rm -rf "$X"', 'its target is computed when the command runs'],
  ];
  for (const [command, why, at] of cases) {
    it(`${command}${at?.cwd ? ` (in ${at.cwd})` : ''}: ${why ?? 'passes'}`, () => {
      const a = analyzer.analyze({ command, cwd: CWD, home: HOME, ...at });
      const found = a.findings.filter((f) => f.rule.startsWith('destructive.')).map((f) => f.message);
      if (why === null) expect(found).toEqual([]);
      else expect(found.join('\n')).toContain(`: ${why}`);
    });
  }
});
