// Loads the regression corpus (corpus/*.jsonl) and judges an analysis against a case; shared by the runner,
// the fuzz properties, the oracle and the guard's contract test.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Analysis, Dialect } from '../src/types.js';

export type Verdict = 'deny' | 'pass';

/** One line of the corpus: a command line and what a demanding user expects vouch to say of it. */
export interface CorpusCase {
  /** Stable id, `<area>-<n>`; tests are named by it. */
  id: string;
  shell: Dialect;
  cwd: string;
  home: string;
  command: string;
  verdict: Verdict;
  /** Rule ids that must be among the findings (a deny may list several; a pass may list `info` rules). */
  rules: string[];
  note: string;
  /** Set while the analyzer still disagrees with the case: why. The runner asserts the disagreement persists. */
  gap?: string;
  /** The file the case came from, e.g. `egress.jsonl`. */
  file: string;
  /** 1-based line number in that file. */
  line: number;
}

export const CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'corpus');

const FIELDS = ['id', 'shell', 'cwd', 'home', 'command', 'verdict', 'rules', 'note'] as const;

function parseCase(raw: string, file: string, line: number): CorpusCase {
  const where = `${file}:${line}`;
  let obj: unknown;
  try {
    obj = JSON.parse(raw);
  } catch (err) {
    throw new Error(`${where}: not JSON: ${(err as Error).message}`);
  }
  if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) throw new Error(`${where}: a case must be a JSON object`);
  const o = obj as Record<string, unknown>;
  for (const f of FIELDS) if (!(f in o)) throw new Error(`${where}: missing field "${f}"`);
  const known = new Set<string>([...FIELDS, 'gap']);
  for (const k of Object.keys(o)) if (!known.has(k)) throw new Error(`${where}: unknown field "${k}"`);
  const str = (k: string): string => {
    const v = o[k];
    if (typeof v !== 'string') throw new Error(`${where}: "${k}" must be a string`);
    return v;
  };
  const shell = str('shell');
  if (shell !== 'bash' && shell !== 'powershell') throw new Error(`${where}: "shell" must be "bash" or "powershell"`);
  const verdict = str('verdict');
  if (verdict !== 'deny' && verdict !== 'pass') throw new Error(`${where}: "verdict" must be "deny" or "pass"`);
  const rules = o.rules;
  if (!Array.isArray(rules) || !rules.every((r) => typeof r === 'string')) throw new Error(`${where}: "rules" must be an array of strings`);
  const c: CorpusCase = {
    id: str('id'),
    shell,
    cwd: str('cwd'),
    home: str('home'),
    command: str('command'),
    verdict,
    rules: rules as string[],
    note: str('note'),
    file,
    line,
  };
  if ('gap' in o) c.gap = str('gap');
  return c;
}

/** Every case of every `corpus/*.jsonl`, in file then line order. Throws on a malformed line or a duplicate id. */
export function loadCorpus(dir: string = CORPUS_DIR): CorpusCase[] {
  const cases: CorpusCase[] = [];
  const seen = new Map<string, string>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()) {
    const lines = readFileSync(join(dir, file), 'utf8').split('\n');
    lines.forEach((raw, i) => {
      if (raw.trim() === '') return;
      const c = parseCase(raw, file, i + 1);
      const before = seen.get(c.id);
      if (before) throw new Error(`${file}:${i + 1}: duplicate id "${c.id}" (first at ${before})`);
      seen.set(c.id, `${file}:${i + 1}`);
      cases.push(c);
    });
  }
  return cases;
}

/** The default-policy verdict of an analysis: deny iff some finding is not `info`. */
export function verdictOf(analysis: Analysis): Verdict {
  return analysis.findings.some((f) => f.kind !== 'info') ? 'deny' : 'pass';
}

export interface Judgement {
  /** True when the verdict matches and every expected rule is among the findings. */
  agrees: boolean;
  verdict: Verdict;
  /** Expected rules that no finding carries. */
  missing: string[];
  /** The rules the findings carry, deduplicated. */
  found: string[];
}

/** Compares an analysis with what the case expects. */
export function judge(c: Pick<CorpusCase, 'verdict' | 'rules'>, analysis: Analysis): Judgement {
  const found = [...new Set(analysis.findings.map((f) => f.rule))];
  const missing = c.rules.filter((r) => !found.includes(r));
  const verdict = verdictOf(analysis);
  return { agrees: verdict === c.verdict && missing.length === 0, verdict, missing, found };
}

/** A word-level edit distance of at most one (one word changed, added or removed): `curl x` and `curl --version`. */
function oneWordApart(a: string[], b: string[]): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  let j = 0;
  while (j < a.length - i && j < b.length - i && a[a.length - 1 - j] === b[b.length - 1 - j]) j++;
  return a.length - i - j <= 1 && b.length - i - j <= 1;
}

/** A character-level edit distance of at most `k` (quoting, one letter), for lines of at most 200 characters. */
function fewCharsApart(a: string, b: string, k: number): boolean {
  if (Math.abs(a.length - b.length) > k || a.length > 200 || b.length > 200) return false;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, row[j]!);
    }
    if (best > k) return false;
    prev = row;
  }
  return prev[b.length]! <= k;
}

/**
 * A benign neighbour of a denied case: a passing case of the same dialect one word or three characters away
 * (`cat ~/.ssh/id_rsa` beside `cat ~/.ssh/id_rsa.pub`, `echo x > ~/.bashrc` beside `echo x > notes.txt`).
 */
export function isNeighbour(deny: Pick<CorpusCase, 'shell' | 'command'>, pass: Pick<CorpusCase, 'shell' | 'command'>): boolean {
  if (deny.shell !== pass.shell || deny.command === pass.command) return false;
  return oneWordApart(deny.command.split(/\s+/), pass.command.split(/\s+/)) || fewCharsApart(deny.command, pass.command, 3);
}

/** Per kind of denial (the kind of its first rule): how many denied cases have a benign neighbour in the corpus. */
export function neighbourRatios(cases: readonly CorpusCase[], kindOf: (rule: string) => string): Map<string, { denied: number; withNeighbour: number }> {
  const passes = cases.filter((c) => c.verdict === 'pass' && c.gap === undefined);
  const out = new Map<string, { denied: number; withNeighbour: number }>();
  for (const c of cases) {
    if (c.verdict !== 'deny' || c.rules.length === 0) continue;
    const kind = kindOf(c.rules[0]!);
    const row = out.get(kind) ?? { denied: 0, withNeighbour: 0 };
    row.denied++;
    if (passes.some((p) => isNeighbour(c, p))) row.withNeighbour++;
    out.set(kind, row);
  }
  return out;
}
