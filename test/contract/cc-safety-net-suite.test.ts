// Vendor contract (ii): cc-safety-net's own test suite as data (corpus/cc-safety-net/suite.jsonl), asked of vouch's
// drop-in `checkCommand` and of cc-safety-net 2.4.5 itself. Every case where vouch and the suite disagree is listed in
// corpus/cc-safety-net/disagreements.json with why; a listed case that comes to agree must leave the list.
// Nothing here runs a command: both analyzers are only asked, and every child_process entry is trapped.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalyzer } from '../../src/index.js';
import { type CheckCommandResult, createCheckCommand } from '../../src/integrations/compat.js';
import { trapSpawns } from './harness.js';

interface SuiteCase {
  id: string;
  source: string;
  command: string;
  expected: 'deny' | 'pass';
  mode: 'standard' | 'strict' | 'paranoid';
  cwd?: string;
  home: string;
  worktree?: 'linked';
  allowGitDiscardsInWorktree?: boolean;
}

interface Disagreement {
  command: string;
  ccsn: 'deny' | 'pass';
  vouch: 'deny' | 'pass';
  why: string;
}

const DIR = join(import.meta.dirname, '..', '..', 'corpus', 'cc-safety-net');
const SUITE: SuiteCase[] = readFileSync(join(DIR, 'suite.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as SuiteCase);
const TABLE = JSON.parse(readFileSync(join(DIR, 'disagreements.json'), 'utf8')) as Record<string, Disagreement>;

/** The family a case belongs to: the suite file it came from (`rules-rm`, `git`, `find`…). */
const family = (c: SuiteCase) => c.source.replace(/^tests\/(analyzer\/)?/, '').replace(/\.test\.ts:\d+$/, '');
const verdict = (r: CheckCommandResult) => (r.kind === 'deny' ? 'deny' : 'pass');

type Check = (input: { command: string; cwd: string }) => CheckCommandResult;
const vouchChecks = new Map<string, Check>();
const vouch: Record<string, 'deny' | 'pass'> = {};

beforeAll(async () => {
  const analyzer = await createAnalyzer();
  for (const c of SUITE) {
    const key = `${c.home}|${c.mode}|${c.allowGitDiscardsInWorktree === true}`;
    let check = vouchChecks.get(key);
    if (!check) {
      check = await createCheckCommand({
        analyzer,
        home: c.home,
        policy: { destructive: c.mode, allowGitDiscardsInWorktree: c.allowGitDiscardsInWorktree === true },
        // The suite's linked worktree is the directory named …-wt.
        isLinkedWorktree: (dir) => /-wt(\/|$)/.test(dir),
      });
      vouchChecks.set(key, check);
    }
    vouch[c.id] = verdict(check({ command: c.command, cwd: c.cwd ?? '' }));
  }
});

describe("cc-safety-net's suite through vouch's checkCommand", () => {
  it('holds the whole suite, with ids unique and every case well formed', () => {
    expect(SUITE.length).toBeGreaterThan(700);
    expect(new Set(SUITE.map((c) => c.id)).size).toBe(SUITE.length);
    for (const c of SUITE) {
      expect(['deny', 'pass']).toContain(c.expected);
      expect(['standard', 'strict', 'paranoid']).toContain(c.mode);
    }
  });

  it('disagrees only where the table says why', () => {
    const unexplained = SUITE.filter((c) => vouch[c.id] !== c.expected && TABLE[c.id]?.vouch !== vouch[c.id]).map((c) => `${c.id} ${c.mode} expected ${c.expected}, vouch ${vouch[c.id]}: ${JSON.stringify(c.command)}`);
    expect(unexplained, 'disagreements missing from corpus/cc-safety-net/disagreements.json').toEqual([]);
  });

  it('lists no case that has come to agree', () => {
    const stale = Object.keys(TABLE).filter((id) => {
      const c = SUITE.find((s) => s.id === id);
      return c === undefined || vouch[id] === c.expected;
    });
    expect(stale, 'entries to remove from corpus/cc-safety-net/disagreements.json').toEqual([]);
  });

  it('gives every disagreement a reason and the command it is about', () => {
    for (const [id, d] of Object.entries(TABLE)) {
      expect(d.why.length, id).toBeGreaterThan(20);
      expect(d.command, id).toBe(SUITE.find((s) => s.id === id)?.command);
    }
  });

  it('agrees on at least four cases in five, reported per family', () => {
    const per = new Map<string, [number, number]>();
    for (const c of SUITE) {
      const f = per.get(family(c)) ?? [0, 0];
      per.set(family(c), [f[0] + (vouch[c.id] === c.expected ? 1 : 0), f[1] + 1]);
    }
    const total = [...per.values()].reduce((a, b) => [a[0] + b[0], a[1] + b[1]], [0, 0]);
    console.log(`vouch on cc-safety-net's suite: ${[...per].map(([f, [a, n]]) => `${f} ${a}/${n}`).join(', ')}; all ${total[0]}/${total[1]} (${((100 * total[0]) / total[1]).toFixed(1)}%)`);
    expect(total[0] / total[1]).toBeGreaterThanOrEqual(0.8);
  });
});

describe("cc-safety-net 2.4.5 on its own suite, asked here with no filesystem behind it", () => {
  const trap = trapSpawns();
  const savedEnv = { ...process.env };
  afterAll(() => {
    trap.restore();
    process.env = savedEnv;
  });

  it('is reported per family (it reads the real cwd and HOME, which this suite maps to directories that do not exist)', async () => {
    for (const key of Object.keys(process.env)) if (/SAFETY_NET/.test(key)) delete process.env[key];
    process.env.HOME = mkdtempSync(join(tmpdir(), 'vouch-ccsn-suite-home-'));
    const { checkCommand } = await import('cc-safety-net/api');
    const per = new Map<string, [number, number]>();
    let both = 0;
    for (const c of SUITE) {
      delete process.env.SAFETY_NET_STRICT;
      delete process.env.SAFETY_NET_PARANOID;
      if (c.mode === 'strict') process.env.SAFETY_NET_STRICT = '1';
      if (c.mode === 'paranoid') process.env.SAFETY_NET_PARANOID = '1';
      let got: 'deny' | 'pass';
      try {
        got = verdict(checkCommand({ command: c.command, cwd: c.cwd ?? '' }));
      } catch {
        got = 'deny';
      }
      const f = per.get(family(c)) ?? [0, 0];
      per.set(family(c), [f[0] + (got === c.expected ? 1 : 0), f[1] + 1]);
      if (got === vouch[c.id]) both++;
    }
    const total = [...per.values()].reduce((a, b) => [a[0] + b[0], a[1] + b[1]], [0, 0]);
    console.log(`cc-safety-net ${'2.4.5'} on its suite: ${[...per].map(([f, [a, n]]) => `${f} ${a}/${n}`).join(', ')}; all ${total[0]}/${total[1]}; same verdict as vouch on ${both}/${SUITE.length}`);
    // It never started a process.
    expect(trap.calls).toEqual([]);
    expect(total[1]).toBe(SUITE.length);
  });
});
