// Plain-words lines are lowered without the parser (src/segments/plain.ts). They must give exactly the
// statement the tree-sitter lowering gives, with no syntax issue, or be left to the parser.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpus } from '../fuzz/corpus.js';
import { initParser, resetParsers, withTree } from '../src/parse/index.js';
import { lowerBash } from '../src/segments/bash.js';
import { plainProgram } from '../src/segments/plain.js';
import { createAnalyzer } from '../src/index.js';
import { optional, seeded, sharedCorpus } from './needs.js';

beforeAll(async () => {
  await initParser('bash');
});

/** What the parser makes of `text`: its statement and whether it reported a syntax issue. */
function viaParser(text: string) {
  const out = withTree(text, 'bash', (root, issues) => ({ stmt: lowerBash(root, text), issues: issues.length }));
  if (!out.ok) throw new Error(`parse failed: ${out.message}`);
  return out.value;
}

/** Asserts the fast path agrees with the parser wherever it answers; returns whether it answered. */
function agrees(text: string): boolean {
  const plain = plainProgram(text);
  if (plain === undefined) return false;
  const parsed = viaParser(text);
  expect(parsed.issues, `the parser finds a syntax issue in ${JSON.stringify(text)}`).toBe(0);
  expect(plain, JSON.stringify(text)).toEqual(parsed.stmt);
  return true;
}

// Words built from the plain characters and everything near them, keywords and declaration builtins included;
// quotes, operators and redirections, and their near-misses (`|&`, `&>`, `>|`, `<<`, `$` in quotes, `""` beside text).
const token = fc.oneof(
  { arbitrary: fc.stringMatching(/^[A-Za-z0-9_./:,+@=%*?~-]{1,8}$/), weight: 6 },
  fc.constantFrom('if', 'then', 'fi', 'do', 'done', 'time', 'coproc', 'function', 'in', 'select', 'export', 'local', 'declare', 'readonly', 'typeset', 'unset', 'let', 'alias', 'eval', 'exec', 'builtin', 'command', 'env', '-', '--', '.', ':', '=', 'a=b', '%1', 'x+=1', '!', '[', '[[', 'test'),
  fc.stringMatching(/^[A-Za-z0-9 _./:,+@=%'"$`\\~#*?{}[\]()<>|&;!-]{1,6}$/),
  { arbitrary: fc.constantFrom('&& ls', '|| ls', '| ls', '; ls', '2>&1', '>/dev/null', '2> f', ">> 'a b'", '"a b"', "'a b'"), weight: 4 },
  fc.constantFrom('&&', '||', '|', ';', ';;', '&', '|&', '&>', '>|', '<<', '<<<', '<>', '>', '>>', '<', '2>', '2>&1', '>&2', '1>&2', '2>>', '>&', '2>&-', '0<', '9>'),
  fc.stringMatching(/^'[A-Za-z0-9 _./:,+@=%"$`\\~#*?{}!-]{0,6}'$/),
  fc.stringMatching(/^"[A-Za-z0-9 _./:,+@=%'$`\\~#*?{}!-]{0,6}"$/),
  fc.tuple(fc.stringMatching(/^[A-Za-z0-9_=.-]{0,3}$/), fc.constantFrom("''", '""', "'a b'", '"a b"', '"x"', "'='"), fc.stringMatching(/^[A-Za-z0-9_=.-]{0,3}$/)).map(([a, q, b]) => a + q + b),
);
const blank = fc.constantFrom(' ', '  ', '\t', ' \t ', '');
const line = fc.tuple(fc.option(blank, { nil: '' }), fc.array(token, { minLength: 1, maxLength: 8 }), fc.array(blank, { minLength: 8, maxLength: 8 }), fc.option(blank, { nil: '' })).map(
  ([lead, words, gaps, tail]) => lead + words.map((w, i) => (i === 0 ? w : gaps[i - 1] + w)).join('') + tail,
);

// Lines in the subset's shape: commands (a word, arguments, quoted or not, then redirections) joined by the
// operators, with the grammar's near-misses now and then (a keyword, a lone `-`, `0>`, an empty quote).
const argument = fc.oneof(
  { arbitrary: fc.stringMatching(/^[A-Za-z0-9_./:,+@=%*?~-]{1,6}$/), weight: 6 },
  { arbitrary: fc.constantFrom("'a b'", '"a b"', "''", '""', '-', '--', '"x"y', "x'y'", '--m="a b"', 'if', 'do'), weight: 2 },
);
const redirection = fc.constantFrom('2>&1', '>/dev/null', '2>/dev/null', '> f', '>> f', '< f', '>&2', '1>&2', '2> "a b"', '0>f', '9>>f', '>f');
const command = fc
  .tuple(fc.constantFrom('ls', 'git', 'npm', 'cd', 'grep', 'x', 'time', 'a.b', 'export', '2'), fc.array(argument, { maxLength: 4 }), fc.array(redirection, { maxLength: 2 }))
  .map(([name, args, redirects]) => [name, ...args, ...redirects].join(' '));
const operator = fc.constantFrom(' && ', ' || ', ' | ', '; ', ' ;', '&&', '|', ' & ', ';;');
const structured = fc
  .tuple(command, fc.array(fc.tuple(operator, command), { maxLength: 4 }), fc.constantFrom('', ';', ' ', ' ; '))
  .map(([first, rest, end]) => first + rest.map(([op, c]) => op + c).join('') + end);

/** Runs `agrees` over generated lines (VOUCH_PLAIN_RUNS, VOUCH_PLAIN_SEED override); how many the fast path answered. */
function answeredOver(lines: fc.Arbitrary<string>, name: string, seed: number): number {
  let answered = 0;
  fc.assert(
    fc.property(lines, (text) => {
      if (agrees(text)) answered++;
    }),
    seeded(name, Number(process.env.VOUCH_PLAIN_RUNS ?? 20_000), Number(process.env.VOUCH_PLAIN_SEED ?? seed)),
  );
  return answered;
}

describe('plain-words lines', () => {
  it('give the parser’s statement exactly, on generated lines (keywords, declarations and near-misses included)', () => {
    // The generator must actually reach the fast path, or this test proves nothing.
    expect(answeredOver(line, 'plain-words lines', 20_261_130)).toBeGreaterThan(300);
  });

  it('give the parser’s statement exactly, on generated lists and pipelines of commands with quotes and redirections', () => {
    // Most of these are in the subset: the quirks of the grammar are met often, not once in a while.
    expect(answeredOver(structured, 'plain lists and pipelines', 20_261_202)).toBeGreaterThan(4000);
  });

  it('give the parser’s statement exactly on every plain line of the corpus and of nl2bash', () => {
    const lines = loadCorpus()
      .filter((c) => c.shell === 'bash')
      .map((c) => c.command);
    const nl2bash = sharedCorpus('nl2bash.cm');
    if (optional('the plain lines of nl2bash', nl2bash.missing)) lines.push(...readFileSync(nl2bash.path, 'utf8').split('\n'));
    let answered = 0;
    for (const text of lines) if (agrees(text)) answered++;
    expect(answered).toBeGreaterThan(20);
  });

  it('leave to the parser what bash would read as more than words', () => {
    for (const text of [
      'a=b ls', 'ls $HOME', 'ls "$HOME"', 'ls "a\\b"', 'ls "`id`"', 'ls "!x"', "ls 'a", 'ls x\\ y', 'ls [a]',
      'ls {a,b}', 'ls # c', 'ls;; id', 'ls |& id', 'ls &> f', 'ls >| f', 'ls << EOF', 'ls <<< x', 'ls <> f', 'ls > f x',
      'ls x>f', 'ls 2>&-', 'ls 0>f', 'ls 2<f', 'cat - 2>/dev/null', 'ls & id', 'ls &', '(ls)', '! ls', 'ls\nid', 'ls && time ls', 'ls | export A=1', 'local x',
      'ls &&', 'ls |', '; ls', 'ls ""x', 'ls x""', 'if', 'done', '%1', '=x', 'ls =x', '', '   ', `ls ${'x'.repeat(5000)}`,
      'ls `id`', 'ls $(id)', 'ls\0', "ls 'é'",
    ]) {
      expect(plainProgram(text), JSON.stringify(text)).toBeUndefined();
    }
  });

  it('analyse the same through an analyzer that has no parser, and ask for it when nested text needs it', async () => {
    const full = await createAnalyzer({ dialects: ['bash'] });
    const bare = await createAnalyzer({ dialects: ['bash'], loadParsers: false });
    const commands = ['ls -la /tmp', 'curl example.com', 'cat /home/u/.ssh/id_rsa', 'env', 'bash -c ls', 'sudo timeout 5 wget x', 'cd src && npm test 2>&1 | tail -20', "git commit -m 'fix: x' && git push", 'echo "x" >> /home/u/.bashrc', "bash -c 'curl x | sh'"];
    const expected = commands.map((command) => full.analyze({ command, cwd: '/home/u/project', home: '/home/u' }));
    // The parse layer is shared by the process: forget the parser this file loaded, so `bare` has none.
    resetParsers();
    try {
      commands.forEach((command, i) => {
        expect(bare.analyze({ command, cwd: '/home/u/project', home: '/home/u' }), command).toEqual(expected[i]);
      });
      // `x=1` is an assignment, not a plain line: without the parser the nested text is an internal error
      // (a denial), which is what tells the CLI to load the parser and analyse again.
      const nested = bare.analyze({ command: 'bash -c x=1', cwd: '/tmp', home: '/home/u' });
      expect(nested.findings.map((f) => f.rule)).toContain('vouch.internal-error');
      expect(bare.analyze({ command: 'ls $HOME', cwd: '/tmp', home: '/home/u' }).findings.map((f) => f.rule)).toEqual(['vouch.internal-error']);
    } finally {
      await initParser('bash');
    }
  });
});
