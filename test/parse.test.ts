// The parse layer: valid input, ERROR nodes, size limit, time budget, corrupt and missing grammars.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Parser } from 'web-tree-sitter';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CODE_GRAMMARS, grammarsDir, initParser, isParserReady, readManifest, resetParsers, setCodeGrammarSource, stackGuardActive, withBashTree, withTree } from '../src/parse/index.js';

beforeAll(async () => {
  await initParser('bash');
  await initParser('powershell');
});

describe('grammars/', () => {
  it('holds exactly the files the manifest pins, byte for byte', () => {
    const dir = grammarsDir();
    const manifest = readManifest(dir);
    expect(manifest.map((g) => g.grammar).sort()).toEqual(['bash', 'javascript', 'php', 'powershell', 'python', 'ruby']);
    for (const g of manifest) {
      const sha = createHash('sha256').update(readFileSync(join(dir, g.file))).digest('hex');
      expect(sha, g.file).toBe(g.sha256);
    }
  });

  it('pins the grammar versions installed as devDependencies', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { devDependencies: Record<string, string> };
    for (const g of readManifest()) expect(pkg.devDependencies[g.package], g.package).toBe(g.version);
  });
});

describe('withTree', () => {
  it('parses valid bash with no issues', () => {
    const out = withTree('ls -la && echo hi', 'bash', (root) => root.type);
    expect(out).toEqual({ ok: true, value: 'program', issues: [] });
  });

  it('parses valid PowerShell with no issues', () => {
    const out = withTree('Get-ChildItem -Path C:\\ | Select-Object Name', 'powershell', (root) => root.type);
    expect(out).toEqual({ ok: true, value: 'program', issues: [] });
  });

  it('reports ERROR nodes with their spans', () => {
    const out = withTree('echo )', 'bash', () => null);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.issues).toEqual([{ kind: 'error', type: 'ERROR', span: { start: 5, end: 6 } }]);
  });

  it('reports MISSING nodes with the inserted type', () => {
    const out = withTree('echo $(ls', 'bash', () => null);
    expect(out.ok && out.issues).toEqual([{ kind: 'missing', type: ')', span: { start: 9, end: 9 } }]);
  });

  it('reports PowerShell ERROR nodes', () => {
    const out = withTree('Get-Item (', 'powershell', () => null);
    expect(out.ok).toBe(true);
    if (out.ok) expect(out.issues.length).toBeGreaterThan(0);
  });

  it('rejects input over the size limit without parsing it', () => {
    const out = withTree('x'.repeat(65 * 1024), 'bash', () => 'parsed');
    expect(out).toEqual({ ok: false, reason: 'too-large', bytes: 65 * 1024, message: 'input is 66560 bytes, over the 65536-byte limit' });
  });

  it('refuses a NUL without parsing it (the bash grammar is quadratic on NULs and never calls back)', () => {
    for (const dialect of ['bash', 'powershell'] as const) {
      expect(withTree(`ls\0${'\0'.repeat(60_000)}`, dialect, () => 'parsed', { maxBytes: 1 << 20, timeoutMs: 500 })).toEqual({
        ok: false,
        reason: 'nul',
        message: 'the input holds a NUL character, which no command line can carry',
      });
    }
  });

  it('counts the size limit in UTF-8 bytes', () => {
    const out = withTree('é'.repeat(40 * 1024), 'bash', () => 'parsed', { maxBytes: 64 * 1024, timeoutMs: 1000 });
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.reason).toBe('too-large');
  });

  it('aborts past the time budget', () => {
    const text = 'echo $(('.repeat(3000) + '1' + '))'.repeat(3000);
    const out = withTree(text, 'bash', () => 'parsed', { maxBytes: 1 << 20, timeoutMs: 0 });
    expect(out).toEqual({ ok: false, reason: 'timeout', message: 'parsing took longer than 0 ms' });
    // The parser is usable afterwards.
    expect(withTree('ls', 'bash', (r) => r.type)).toEqual({ ok: true, value: 'program', issues: [] });
  });

  it('deletes the tree even when the callback throws', () => {
    expect(() => withTree('ls', 'bash', () => {
      throw new Error('boom');
    })).toThrow('boom');
    expect(withTree('ls', 'bash', (r) => r.childCount)).toEqual({ ok: true, value: 1, issues: [] });
  });

  it('indexes spans in UTF-16 units, like JavaScript strings', () => {
    const text = 'echo "héllo ☃" && cat x';
    const out = withTree(text, 'bash', (root) => {
      const last = root.child(0)!.lastChild!;
      return text.slice(last.startIndex, last.endIndex);
    });
    expect(out.ok && out.value).toBe('cat x');
  });
});

describe('withBashTree', () => {
  it('reads `for NAME do` with a `;` before do, offsets unchanged', () => {
    const text = "for f do echo \"$f\"; done";
    const out = withBashTree(text, (_root, issues, read) => ({ error: issues.length > 0, issues, read }));
    expect(out.ok && out.value).toEqual({ error: false, issues: [], read: "for f;do echo \"$f\"; done" });
  });

  it('reads assignments followed only by output redirections with a `;` before the first one, offsets unchanged', () => {
    const text = 'out=$(npm test) 2>/dev/null; echo "$out"';
    const out = withBashTree(text, (_root, issues, read) => ({ error: issues.length > 0, read }));
    expect(out.ok && out.value).toEqual({ error: false, read: 'out=$(npm test);2>/dev/null; echo "$out"' });
    // A command after the redirection keeps the assignment in its environment; an input redirection keeps its error.
    for (const kept of ['X=1 >/dev/null npm test', 'x=$(cat) < notes.txt']) {
      const k = withBashTree(kept, (_root, _issues, read) => read);
      expect(k.ok && k.value).toBe(kept);
    }
  });

  it('reads a closing word right after another (`fi done`) with a `;` between, offsets unchanged', () => {
    const text = 'while read f; do if [ -f "$f" ]; then echo "$f"; fi done';
    const out = withBashTree(text, (_root, issues, read) => ({ error: issues.length > 0, read }));
    expect(out.ok && out.value).toEqual({ error: false, read: 'while read f; do if [ -f "$f" ]; then echo "$f"; fi;done' });
    // `fi` as an argument is no closing word: the loop stays open, as bash reads it.
    const arg = withBashTree('for f in a; do echo fi done', (_root, issues, read) => ({ error: issues.length > 0, read }));
    expect(arg.ok && arg.value).toEqual({ error: true, read: 'for f in a; do echo fi done' });
  });

  it('reads a bare `$` before punctuation or a closing backquote as the literal `$` bash reads there', () => {
    const cases: [string, string][] = [
      ['wc `grep .php$`', 'wc `grep .php\\$`'],
      ['grep -E jar$|wc -l', 'grep -E jar\\$|wc -l'],
      ['grep total$.', 'grep total\\$.'],
    ];
    for (const [text, read] of cases) {
      const out = withBashTree(text, (_root, issues, r) => ({ error: issues.length > 0, read: r }));
      expect(out.ok && out.value).toEqual({ error: false, read });
    }
    // A `$` before `[`, a quote or a name expands: kept as written.
    for (const kept of ['echo a$[1]', "echo $'a'", 'echo a$b.c']) {
      const out = withBashTree(kept, (_root, _issues, r) => r);
      expect(out.ok && out.value).toBe(kept);
    }
  });

  it('keeps the text where it parses as written, or where the respelling does not parse either', () => {
    const clean = withBashTree('echo for f do x', (_root, issues, read) => ({ error: issues.length > 0, read }));
    expect(clean.ok && clean.value).toEqual({ error: false, read: 'echo for f do x' });
    const broken = withBashTree('for f do echo )', (_root, issues, read) => ({ error: issues.length > 0, n: issues.length, read }));
    expect(broken.ok && broken.value).toMatchObject({ error: true, read: 'for f do echo )' });
  });
});

describe('after a wasm trap', () => {
  it('fails closed, then reloads the runtime and parses again', async () => {
    await initParser('bash');
    await initParser('powershell');
    const spy = vi.spyOn(Parser.prototype, 'parse').mockImplementationOnce(() => {
      throw new Error('table index is out of bounds');
    });
    expect(withTree('ls', 'bash', (r) => r.type)).toEqual({ ok: false, reason: 'parser-error', message: 'the bash parser failed: table index is out of bounds' });
    spy.mockRestore();
    // Both dialects share the trapped module: both fail closed until the reload lands.
    expect(withTree('Get-Date', 'powershell', (r) => r.type)).toMatchObject({ ok: false, reason: 'parser-error' });
    await initParser('bash');
    await initParser('powershell');
    expect(withTree('ls', 'bash', (r) => r.type)).toEqual({ ok: true, value: 'program', issues: [] });
    expect(withTree('Get-Date', 'powershell', (r) => r.type)).toEqual({ ok: true, value: 'program', issues: [] });
  });
});

describe('the C stack of the wasm runtime', () => {
  // tree-sitter's runtime recurses as deep as this PowerShell nests its error recovery: ~3.2 bytes of C
  // stack a character, in a 64 KiB stack with nothing below it but the runtime's own static data.
  const deep = (chars: number) => '+curl ~||;'.repeat(Math.ceil(chars / 10)).slice(0, chars);

  it('is guarded by a canary: a parse that reaches it is a limit, never a tree from corrupt memory', async () => {
    await initParser('bash');
    await initParser('powershell');
    expect(stackGuardActive()).toBe(true);
    // 5,000 characters use about a quarter of the stack: parsed as usual.
    // (A generous time limit: what is measured is the stack, and a loaded machine took the default 500 ms.)
    const slow = { maxBytes: 64 * 1024, timeoutMs: 30_000 };
    expect(withTree(deep(5_000), 'powershell', (r) => r.type, slow)).toMatchObject({ ok: true, value: 'program' });
    // 18,000 characters ran past the stack without a trap: before the canary, a tree came back from a
    // runtime whose malloc state had just been overwritten.
    expect(withTree(deep(18_000), 'powershell', (r) => r.type, slow)).toMatchObject({ ok: false, reason: 'stack' });
    // Its memory is not trusted again: both dialects fail closed until the reloaded runtime lands.
    expect(withTree('ls', 'bash', (r) => r.type)).toMatchObject({ ok: false, reason: 'parser-error' });
    await initParser('bash');
    await initParser('powershell');
    expect(stackGuardActive()).toBe(true);
    expect(withTree('Get-Date', 'powershell', (r) => r.type)).toEqual({ ok: true, value: 'program', issues: [] });
    expect(withTree('ls -la', 'bash', (r) => r.text)).toEqual({ ok: true, value: 'ls -la', issues: [] });
  });

  it('a deep parse stopped by the clock fails closed, even when unwinding it traps (it threw, on a loaded machine)', async () => {
    await initParser('bash');
    await initParser('powershell');
    for (const ms of [60, 120, 150, 200, 250]) {
      const out = withTree(deep(43_564), 'powershell', (r) => r.type, { maxBytes: 64 * 1024, timeoutMs: ms });
      expect(out.ok).toBe(false);
      expect(['stack', 'parser-error', 'timeout']).toContain((out as { reason: string }).reason);
      await initParser('bash');
      await initParser('powershell');
    }
    expect(withTree('Get-Date', 'powershell', (r) => r.type)).toEqual({ ok: true, value: 'program', issues: [] });
  });

  it('the fuzzed line that trapped ("table index is out of bounds") fails closed the same way', async () => {
    // Found by the robustness property (seed 701196088, run 128,320): 43,564 characters of this pattern.
    // (A generous time limit, as above: what is measured is the stack, and a loaded machine ran past the default 500 ms.)
    const out = withTree(deep(43_564), 'powershell', (r) => r.type, { maxBytes: 64 * 1024, timeoutMs: 30_000 });
    expect(out.ok).toBe(false);
    expect(['stack', 'parser-error']).toContain((out as { reason: string }).reason);
    await initParser('bash');
    await initParser('powershell');
    expect(withTree('Get-Date', 'powershell', (r) => r.type)).toEqual({ ok: true, value: 'program', issues: [] });
  });
});

describe('grammar loading', () => {
  it('names a missing grammar file and lets a later call retry', async () => {
    resetParsers();
    await expect(initParser('bash', { bash: '/nonexistent/tree-sitter-bash.wasm' })).rejects.toThrow(
      /cannot read the bash grammar \/nonexistent\/tree-sitter-bash\.wasm/,
    );
    await expect(initParser('bash')).resolves.toBeDefined();
  });

  it('names a corrupt grammar file and lets a later call retry', async () => {
    resetParsers();
    const file = join(mkdtempSync(join(tmpdir(), 'vouch-')), 'corrupt.wasm');
    writeFileSync(file, Buffer.from('\0asm not really a grammar'));
    await expect(initParser('powershell', { powershell: file })).rejects.toThrow(`the powershell grammar ${file} is not a valid tree-sitter wasm`);
    await expect(initParser('powershell')).resolves.toBeDefined();
    await initParser('bash');
  });

  it('reports an uninitialised dialect instead of throwing', () => {
    resetParsers();
    expect(withTree('ls', 'bash', () => 1)).toEqual({ ok: false, reason: 'parser-error', message: 'the bash parser is not initialised' });
  });
});

describe('interpreter grammars', () => {
  it('are loaded only when code in their language is first parsed, synchronously', async () => {
    resetParsers();
    await initParser('bash');
    for (const g of CODE_GRAMMARS) expect(isParserReady(g), g).toBe(false);
    const samples = { python: 'import os\nprint(os.getcwd())', javascript: 'const fs = require("fs"); await x;', ruby: 'puts ENV["HOME"]', php: 'echo getenv("HOME");' } as const;
    for (const g of CODE_GRAMMARS) {
      expect(withTree(samples[g], g, (root) => root.type)).toMatchObject({ ok: true, issues: [] });
      expect(isParserReady(g), g).toBe(true);
    }
    expect(isParserReady('powershell')).toBe(false);
  });

  it('report a syntax error in code as an issue', () => {
    const out = withTree('import (', 'python', () => 1);
    expect(out.ok && out.issues.length).toBeGreaterThan(0);
  });

  it('fail closed with the reason when a grammar file is corrupt, and load again once it is fixed', () => {
    resetParsers();
    return initParser('bash').then(() => {
      const file = join(mkdtempSync(join(tmpdir(), 'vouch-')), 'corrupt.wasm');
      writeFileSync(file, Buffer.from('\0asm not really a grammar'));
      setCodeGrammarSource({ ruby: file });
      try {
        const out = withTree('puts 1', 'ruby', () => 1);
        expect(out).toMatchObject({ ok: false, reason: 'parser-error' });
        expect(!out.ok && out.message).toContain(`the ruby grammar ${file} is not a valid tree-sitter wasm`);
      } finally {
        setCodeGrammarSource({});
        resetParsers();
      }
      return initParser('bash').then(() => expect(withTree('puts 1', 'ruby', () => 1)).toMatchObject({ ok: true }));
    });
  });

  it('wait for the runtime: before it is loaded, code is not parsed (and the analysis fails closed)', () => {
    // The runtime stays loaded once loaded; a process that never loaded it is the CLI reading plain words.
    expect(withTree('print(1)', 'python', () => 1, { maxBytes: 1024, timeoutMs: 500 }).ok).toBe(true);
  });
});
