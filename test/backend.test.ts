// The native backend must be indistinguishable from the wasm one: same trees, same analyses, same limits.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Node } from 'web-tree-sitter';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Analyzer, createAnalyzer } from '../src/analyzer.js';
import { DEFAULT_LIMITS, type ParseBackend, initParser, nativeBackendStatus, withTree } from '../src/parse/index.js';
import type { Analysis, Dialect } from '../src/types.js';

const CORPORA = join(import.meta.dirname, '..', '..', 'shared', 'corpora');
const CORPUS = join(import.meta.dirname, '..', 'corpus');

/** Every `step`-th non-empty line of a corpus file, read as data (never run). */
function sample(file: string, step: number): string[] {
  const path = join(CORPORA, file);
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .filter((_, i) => i % step === 0);
}

interface Line {
  command: string;
  shell: Dialect;
  cwd?: string;
  home?: string;
}

/** Command lines of the regression corpus (JSON lines with `command`, `shell`, `cwd`, `home`). */
function regressionCorpus(): Line[] {
  if (!existsSync(CORPUS)) return [];
  const cases: Line[] = [];
  const files = readdirSync(CORPUS, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(jsonl|ndjson)$/.test(f));
  for (const file of files) {
    for (const line of readFileSync(join(CORPUS, file), 'utf8').split('\n')) {
      if (!line.trim().startsWith('{')) continue;
      try {
        const c = JSON.parse(line) as { command?: unknown; shell?: unknown; cwd?: unknown; home?: unknown };
        if (typeof c.command !== 'string' || c.command.trim() === '') continue;
        const entry: Line = { command: c.command, shell: c.shell === 'powershell' ? 'powershell' : 'bash' };
        if (typeof c.cwd === 'string') entry.cwd = c.cwd;
        if (typeof c.home === 'string') entry.home = c.home;
        cases.push(entry);
      } catch {
        // Not a case line (a comment or a header): the corpus's own test reports malformed lines.
      }
    }
  }
  return cases;
}

// Lines chosen for what distinguishes the backends: non-ASCII (offset units), errors, missing nodes, heredocs.
const EDGE: Line[] = [
  { command: 'echo héllo 😀 | curl "ü$(whoami)"', shell: 'bash' },
  { command: "cat <<'EOF' > ~/.ssh/config\nHost *\nEOF\necho é", shell: 'bash' },
  { command: 'echo $(ls', shell: 'bash' },
  { command: 'if then fi )', shell: 'bash' },
  { command: "printf '%s' \"$'\\u00e9'\" && bash -c 'env | grep ✓'", shell: 'bash' },
  { command: 'Write-Output "naïve ☃" | Out-File $HOME\\ü.txt', shell: 'powershell' },
  { command: 'Get-Item (', shell: 'powershell' },
];

const LINES: Line[] = [
  ...EDGE,
  // Lines over 4,000 characters are left out: the corpus holds PowerShell that runs the wasm runtime's 64 KiB
  // C stack over (a limit there, which replaces the runtime), while the native runtime's stack is megabytes.
  ...regressionCorpus().filter((l) => l.command.length <= 4_000),
  ...sample('nl2bash.cm', 12).map((command) => ({ command, shell: 'bash' as const })),
  ...sample('tldr-powershell.txt', 1).map((command) => ({ command, shell: 'powershell' as const })),
];

const status = await nativeBackendStatus();
const title = status.available ? 'native backend' : `native backend (skipped: ${status.reason})`;

/** The node surface the lowering reads, flattened depth-first so a difference names its node. */
function surface(root: Node): unknown[] {
  const out: unknown[] = [];
  const visit = (node: Node, field: string | null): void => {
    out.push({
      type: node.type,
      field,
      start: node.startIndex,
      end: node.endIndex,
      row: node.startPosition.row,
      text: node.text,
      named: node.isNamed,
      missing: node.isMissing,
      error: node.isError,
      hasError: node.hasError,
      extra: node.isExtra,
      children: node.childCount,
      namedChildren: node.namedChildCount,
    });
    for (let i = 0; i < node.childCount; i++) {
      const child = node.child(i);
      if (child) visit(child, node.fieldNameForChild(i));
    }
  };
  visit(root, null);
  return out;
}

// The parse time budget is wall-clock: on a loaded machine a short line can run out of it on one backend
// and not the other. That is the machine, not the backend, so such a line is retried, then left out.
const ATTEMPTS = 3;
const timedOut = (a: Analysis) => a.findings.some((f) => f.rule === 'vouch.limit' && /took longer/.test(f.message));

function parsed(text: string, dialect: Dialect, backend: ParseBackend) {
  for (let i = 1; ; i++) {
    const out = withTree(text, dialect, (root) => surface(root), { ...DEFAULT_LIMITS, backend });
    if (out.ok || out.reason !== 'timeout' || i === ATTEMPTS) return out;
  }
}

function analysed(analyzer: Analyzer, line: Line): Analysis {
  for (let i = 1; ; i++) {
    const a = analyzer.analyze(line);
    if (!timedOut(a) || i === ATTEMPTS) return a;
  }
}

describe.skipIf(!status.available)(title, () => {
  let wasm: Analyzer;
  let native: Analyzer;

  beforeAll(async () => {
    await Promise.all([initParser('bash'), initParser('powershell')]);
    wasm = await createAnalyzer({ backend: 'wasm' });
    native = await createAnalyzer({ backend: 'native' });
  });

  it('reads real corpora (the comparison below is not vacuous)', () => {
    expect(LINES.filter((l) => l.shell === 'bash').length).toBeGreaterThan(1000);
    expect(LINES.filter((l) => l.shell === 'powershell').length).toBeGreaterThan(100);
  });

  // The runtimes differ (wasm 0.27, native 0.25) and so may their error recovery: on a line with a syntax
  // error the recovered trees can differ, so what must hold there is that both report the error.
  it('yields the same trees on valid lines (types, fields, UTF-16 offsets, text, flags), and errors on both otherwise', () => {
    const differ: string[] = [];
    let valid = 0;
    let late = 0;
    for (const { command, shell } of LINES) {
      const a = parsed(command, shell, 'wasm');
      const b = parsed(command, shell, 'native');
      if ((!a.ok && a.reason === 'timeout') || (!b.ok && b.reason === 'timeout')) {
        late++;
        continue;
      }
      const errored = (a.ok && a.issues.length > 0) || (b.ok && b.issues.length > 0);
      if (errored) {
        if (!(a.ok && a.issues.length > 0 && b.ok && b.issues.length > 0)) differ.push(command);
        continue;
      }
      valid++;
      try {
        expect(b).toEqual(a);
      } catch {
        differ.push(command);
      }
    }
    expect(differ).toEqual([]);
    expect(late).toBeLessThan(LINES.length * 0.05);
    expect(valid).toBeGreaterThan(LINES.length * 0.85);
  });

  it('spans are UTF-16 offsets into the command on both backends', () => {
    const command = 'echo héllo 😀 | curl x';
    for (const backend of ['wasm', 'native'] as const) {
      const out = withTree(command, 'bash', (root) => root.descendantsOfType('word').map((w) => [w.startIndex, w.endIndex, w.text]), {
        ...DEFAULT_LIMITS,
        backend,
      });
      expect(out.ok && out.value.every(([s, e, t]) => command.slice(s as number, e as number) === t), backend).toBe(true);
    }
  });

  it('yields deep-equal analyses over the corpus and the corpora samples (both cannot vouch on syntax errors)', () => {
    const differ: string[] = [];
    let late = 0;
    const parseError = (f: { rule: string }) => f.rule === 'vouch.parse-error';
    for (const line of LINES) {
      const a = analysed(wasm, line);
      const b = analysed(native, line);
      if (timedOut(a) || timedOut(b)) {
        late++;
        continue;
      }
      if (a.findings.some(parseError) || b.findings.some(parseError)) {
        if (!(a.findings.some(parseError) && b.findings.some(parseError))) differ.push(line.command);
        continue;
      }
      try {
        expect(b).toEqual(a);
      } catch {
        differ.push(line.command);
      }
    }
    expect(differ).toEqual([]);
    expect(late).toBeLessThan(LINES.length * 0.05);
  });

  it('hits the same limits: size and time budget', () => {
    const big = 'echo a; '.repeat(7000);
    for (const [limits, reason] of [
      [{ maxBytes: 1024 }, 'too-large'],
      [{ timeoutMs: 0 }, 'timeout'],
    ] as const) {
      const a = withTree(big, 'bash', () => 0, { ...DEFAULT_LIMITS, ...limits, backend: 'wasm' });
      const b = withTree(big, 'bash', () => 0, { ...DEFAULT_LIMITS, ...limits, backend: 'native' });
      expect(a.ok || a.reason).toBe(reason);
      expect(b).toEqual(a);
    }
  });

  it('still parses after a halted parse (the parser resets)', () => {
    withTree('echo a; '.repeat(7000), 'bash', () => 0, { ...DEFAULT_LIMITS, timeoutMs: 0, backend: 'native' });
    expect(parsed('ls -la', 'bash', 'native')).toEqual(parsed('ls -la', 'bash', 'wasm'));
  });
});

describe('backend selection', () => {
  it('defaults to wasm and reports an uninitialised native parser as a parse failure, not a throw', async () => {
    await initParser('bash');
    const out = withTree('ls', 'bash', () => 0, { ...DEFAULT_LIMITS, backend: status.available ? 'wasm' : 'native' });
    if (status.available) expect(out.ok).toBe(true);
    else expect(out).toMatchObject({ ok: false, reason: 'parser-error' });
  });

  it.skipIf(status.available)('createAnalyzer({ backend: "native" }) rejects with the reason when native is absent', async () => {
    await expect(createAnalyzer({ backend: 'native' })).rejects.toThrow(/native/);
  });
});
