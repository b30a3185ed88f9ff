// Meaning-preserving rewrites of a command line: what an attacker would try to slip a denied command past a
// static reader, and what a developer adds around a harmless one. Each takes text and returns text.
import { wrapperForms } from '../src/programs/index.js';
import fc from 'fast-check';

export interface Transform {
  name: string;
  apply(command: string): string;
}

/** Single-quoted bash word holding `s` exactly. */
export function sq(s: string): string {
  return `'${s.replaceAll("'", `'\\''`)}'`;
}

/** Double-quoted bash word holding `s` exactly. */
export function dq(s: string): string {
  return `"${s.replace(/[\\"$`]/g, '\\$&')}"`;
}

/** Text for inside backticks that the shell turns back into `s`. */
export function backtickBody(s: string): string {
  return s.replace(/[\\`]/g, '\\$&');
}

/** `$'…'` word spelling `s` with hex escapes. */
export function ansiHex(s: string): string {
  return `$'${[...Buffer.from(s, 'utf8')].map((b) => `\\x${b.toString(16).padStart(2, '0')}`).join('')}'`;
}

/** Single-quoted PowerShell string holding `s`. */
export function psq(s: string): string {
  return `'${s.replace(/['‘’‚‛]/g, '$&$&')}'`;
}

// First words a program wrapper cannot run (builtins and keywords): wrapping them needs `bash -c`.
const BUILTIN_OR_KEYWORD = new Set(
  (
    'export declare typeset local readonly set unset eval source . cd pushd popd exec command builtin alias trap read ' +
    'if for while until case select function time coproc ! [[ { ( let shopt ulimit umask wait jobs history exit return'
  ).split(' '),
);

/**
 * True when the line is one simple command that a program wrapper (`sudo X`) can run as is: no list or pipeline
 * operators, no newline, no grouping, no heredoc, and a first word that names a program (not an assignment or builtin).
 */
export function isSimple(command: string): boolean {
  if (/[;&|\n(){}`]|<</.test(command)) return false;
  const first = command.trimStart().split(/\s+/, 1)[0] ?? '';
  if (first === '' || /^[A-Za-z_][A-Za-z0-9_]*=/.test(first) || /^\d*[<>]/.test(first)) return false;
  return !BUILTIN_OR_KEYWORD.has(first);
}

/** Wraps a line so a program wrapper can run it: as is when simple, else through `bash -c`. */
function runnable(command: string): string {
  return isSimple(command) ? command : `bash -c ${sq(command)}`;
}

/**
 * Wrapper prefixes, from the program registry: each plain wrapper's own deny examples put it before a client
 * (`timeout -s KILL 5 curl …` gives `timeout -s KILL 5`), so a wrapper added to the registry is fuzzed at once.
 */
export const WRAPPERS: readonly string[] = wrapperForms().flatMap((f) => f.prefixes);
/** The wrapper prefixes that start their command where it was started: a relative path means what it meant (not `chroot /`). */
const IN_PLACE: readonly string[] = wrapperForms().flatMap((f) => f.prefixes.filter((p) => !f.elsewhere.includes(p)));

// Names whose spelling the token rewrites disguise: the default denied network clients and the env dumpers.
const TOKEN_NAMES = ['curl', 'wget', 'nc', 'ncat', 'netcat', 'socat', 'ssh', 'scp', 'sftp', 'rsync', 'telnet', 'ftp', 'env', 'printenv'];
const TOKEN_RE = new RegExp(`(^|[\\s;&|(\`"'{])(${TOKEN_NAMES.join('|')})(?=([\\s;&|)\`"'}]|$))`, 'g');

/** Whether the line names one of the disguisable programs as a word. */
export function hasToken(command: string): boolean {
  TOKEN_RE.lastIndex = 0;
  return TOKEN_RE.test(command);
}

/**
 * Respells each word naming a disguisable program. A name quoted on its own (`"curl"`, `'nc'`) is a literal word:
 * `inQuotes` says in which quotes the spelling still means the same (`dq`: inside "…" only; `both`; `none`).
 */
function rewriteTokens(command: string, spell: (name: string) => string, inQuotes: 'none' | 'dq' | 'both' = 'none', afterOption = true, commandOnly = false): string {
  return command.replace(TOKEN_RE, (m, pre: string, name: string, post: string, offset: number) => {
    // Only where the line's own shell runs the word as a command, when the spelling would not survive another
    // shell's reading of it (`watch curl`, `eval env`, `echo curl | xargs` join words into text a shell reads again).
    if (commandOnly && !/(?:^|[;&|(`{]|\$\(|\b(?:then|do|else)\s)\s*$/.test(command.slice(0, offset + pre.length))) return m;
    // A name right after an option may be that option's value, a word the program reads as a name (`cmake -E env`).
    if (!afterOption && /(^|\s)-[A-Za-z]\s+$/.test(command.slice(0, offset + pre.length))) return m;
    // Nor a package script's name (`yarn run env` runs yarn's own env script; `yarn run /usr/bin/env` is no script),
    // nor a subcommand named like a program (`go env -w`, `gem env gemdir`, `bundle env`, `poetry env info`, `gh codespace ssh`, `gcloud compute ssh`, `fly ssh`, `vercel env`;
    // a unit systemctl names, `systemctl enable ssh`;
    // `go /usr/bin/env` is no go command, in `$(go env GOPATH)` too; `kubectl set env` is kubectl's own subcommand).
    if (!afterOption && /(^|[\s(`;&|])(?:(?:yarn|npm|pnpm|bun)\s+run|go|gem|bundler?|gh\s+(?:codespace|cs)|gcloud\s+(?:(?:alpha|beta)\s+)?compute|fly|flyctl|poetry|conda|mamba|micromamba|mise|asdf|hatch|pixi|vagrant|tsh|doctl\s+compute|multipass|limactl|vercel|(?:kubectl|oc)\s+set|systemctl(?:\s+\S+)*)\s+$/.test(command.slice(0, offset + pre.length))) return m;
    // Nor a name in cmd.exe's text (`cmd.exe /c 'start "" curl …'`), where `/usr/bin/curl` is a switch, not a path.
    if (/(^|[\s(`;&|])cmd(?:\.exe)?\s+\/[a-z]/i.test(command.slice(0, offset + pre.length))) return m;
    // Inside a single-quoted string bash keeps every character (`perl -e 'exec "curl"'`): what quotes the name
    // there is text of the program's own language, which a shell spelling would change.
    let quote = quoteAt(command, offset) === "'" ? "'" : /["']/.test(pre) && /["']/.test(post) ? pre : undefined;
    // A name inside a longer quoted string (`'curl evil.example'`) is quoted too: a spelling there is literal text.
    quote ??= quoteAt(command, offset + pre.length);
    if (quote === undefined || inQuotes === 'both' || (inQuotes === 'dq' && quote === '"')) return pre + spell(name);
    return m;
  });
}

/**
 * The bodies of heredocs whose delimiter is quoted (`<<'EOF'`, `<<"EOF"`, `<<\\EOF`): bash takes them as they are,
 * as it takes single-quoted text, so a spelling there is literal text for the program that reads them.
 */
function quotedBodies(command: string): [number, number][] {
  const out: [number, number][] = [];
  for (const m of command.matchAll(/(?<!<)<<(?!<)(-?)\s*(?:'([^'\n]+)'|"([^"\n]+)"|\\(\w+))/g)) {
    const delim = m[2] ?? m[3] ?? m[4]!;
    const start = command.indexOf('\n', m.index! + m[0].length);
    if (start < 0) continue;
    const lines = command.slice(start + 1).split('\n');
    let at = start + 1;
    let end = command.length;
    for (const line of lines) {
      if ((m[1] ? line.replace(/^\t+/, '') : line) === delim) {
        end = at;
        break;
      }
      at += line.length + 1;
    }
    out.push([start + 1, end]);
  }
  return out;
}

/** The quote (`'` or `"`) bash is inside at `index` of `command`, if any. */
function quoteAt(command: string, index: number): string | undefined {
  const bodies = quotedBodies(command);
  if (bodies.some(([a, b]) => index >= a && index < b)) return "'";
  let quote: string | undefined;
  for (let i = 0; i < index; i++) {
    const body = quote === undefined ? bodies.find(([a]) => a === i) : undefined;
    if (body) {
      i = body[1] - 1;
      continue;
    }
    const c = command[i];
    if (quote === "'") {
      if (c === "'") quote = undefined;
    } else if (c === '\\') i++;
    else if (quote === '"') {
      if (c === '"') quote = undefined;
    } else if (c === "'" || c === '"') quote = c;
  }
  return quote;
}

function splitAt(name: string, f: (a: string, b: string) => string): string {
  const i = Math.max(1, Math.floor(name.length / 2));
  return f(name.slice(0, i), name.slice(i));
}

/** Rewrites of the command word's spelling; they apply to every word naming a disguisable program. */
export const SPELLINGS: Transform[] = [
  { name: 'quote-split "…"', apply: (c) => rewriteTokens(c, (n) => splitAt(n, (a, b) => `${a}"${b}"`), 'dq') },
  { name: "empty-quotes ''", apply: (c) => rewriteTokens(c, (n) => splitAt(n, (a, b) => `${a}''${b}`)) },
  { name: 'backslash', apply: (c) => rewriteTokens(c, (n) => splitAt(n, (a, b) => `${a}\\${b}`)) },
  { name: 'leading backslash', apply: (c) => rewriteTokens(c, (n) => `\\${n}`) },
  { name: "$'\\x..'", apply: (c) => rewriteTokens(c, (n) => ansiHex(n)) },
  { name: 'line continuation in the word', apply: (c) => rewriteTokens(c, (n) => splitAt(n, (a, b) => `${a}\\\n${b}`), 'dq') },
  { name: 'absolute path', apply: (c) => rewriteTokens(c, (n) => `/usr/bin/${n}`, 'both', false) },
  // Git Bash and Cygwin run a program by its Windows path, backslashes and `.exe` and all.
  { name: 'Windows path', apply: (c) => rewriteTokens(c, (n) => `'C:\\Program Files\\Git\\usr\\bin\\${n}.exe'`, 'none', false, true) },
  // Bash keeps words as C strings: what follows a NUL in $'…' is gone.
  { name: "$'…\\0' with a tail after the NUL", apply: (c) => rewriteTokens(c, (n) => `$'${n}\\0.sh'`) },
];

/** Rewrites of the whole line: nesting, wrappers, prefixes and benign neighbours. */
/**
 * `c` ready to have a newline put after it: a backslash that ends the text is a literal character to bash, but before
 * a newline it would join the next line (`find … -exec rm {} \` then `}`): written `'\'`, it stays the character.
 */
function ended(c: string): string {
  return /(^|[^\\])(\\\\)*\\$/.test(c) ? `${c.slice(0, -1)}'\\'` : c;
}

export const ENVELOPES: Transform[] = [
  { name: 'env prefix', apply: (c) => (isSimple(c) ? `LC_ALL=C ${c}` : `LC_ALL=C bash -c ${sq(c)}`) },
  // Not a wrapper that changes the directory (`env -C /tmp`): the line's relative paths would name other files.
  ...IN_PLACE.map((w) => ({ name: `wrapper ${w}`, apply: (c: string) => `${w} ${runnable(c)}` })),
  { name: "bash -c '…'", apply: (c) => `bash -c ${sq(c)}` },
  { name: 'sh -c "…"', apply: (c) => `sh -c ${dq(c)}` },
  // Shell text another terminal runs: tmux's own commands (one nested in another), text typed into a window.
  { name: "tmux run-shell '…'", apply: (c) => `tmux run-shell ${sq(c)}` },
  { name: 'tmux if-shell branch', apply: (c) => `tmux if-shell true ${sq(`run-shell ${sq(c)}`)}` },
  { name: "xdotool type '…'", apply: (c) => `xdotool type ${sq(`${c}\n`)}` },
  { name: "eval '…'", apply: (c) => `eval ${sq(c)}` },
  { name: 'eval "…"', apply: (c) => `eval ${dq(c)}` },
  // Bash reads a whole line before it runs it: an alias made on the same line is not expanded yet, the program runs.
  {
    name: 'a same-line alias of its program',
    apply: (c) => {
      const first = c.trimStart().split(/\s+/, 1)[0] ?? '';
      return isSimple(c) && /^[A-Za-z0-9_.+-]+$/.test(first) ? `shopt -s expand_aliases; alias ${first}=true; ${c}` : c;
    },
  },
  { name: 'subshell', apply: (c) => `(${ended(c)}\n)` },
  { name: 'group', apply: (c) => `{ ${ended(c)}\n}` },
  { name: '$( )', apply: (c) => `echo "$(${ended(c)}\n)"` },
  { name: 'backticks', apply: (c) => `echo \`${backtickBody(c)}\`` },
  { name: 'after &&', apply: (c) => `git status && { ${ended(c)}\n}` },
  { name: 'after ||', apply: (c) => `test -f x || { ${ended(c)}\n}` },
  { name: 'after ;', apply: (c) => `ls; ${c}` },
  // (Input no static reading knows: static text on the stdin would be known, and a line that reads it would read that.)
  { name: 'after |', apply: (c) => `cat notes.txt | { ${ended(c)}\n}` },
  { name: 'before |', apply: (c) => `{ ${ended(c)}\n} | cat` },
  { name: 'after &', apply: (c) => `sleep 1 & ${c}` },
  { name: 'before &&', apply: (c) => `{ ${ended(c)}\n} && make` },
  { name: 'after newline', apply: (c) => `npm test\n${c}` },
  { name: 'after a continued line', apply: (c) => `echo start \\\n  && { ${ended(c)}\n}` },
  { name: 'if body', apply: (c) => `if true; then ${c}\nfi` },
  // Called with the line's own arguments: a line that reads $1 reads the same there.
  { name: 'function body', apply: (c) => `f() { ${ended(c)}\n}; f "$@"` },
  { name: 'time ( )', apply: (c) => `time (${ended(c)}\n)` },
  { name: 'env -i with PATH kept', apply: (c) => `env -i PATH="$PATH" ${runnable(c)}` },
  // A function that runs its arguments, called with the line's words; a trap whose text runs at exit; compgen -C.
  { name: 'a function that runs "$@"', apply: (c) => `run() { "$@"; }; run bash -c ${sq(c)}` },
  // Bash runs no DEBUG trap inside a trap's action: a line that relies on one does something else there (left bare).
  { name: 'a trap at exit', apply: (c) => (/\bDEBUG\b/.test(c) ? c : `trap ${sq(c)} EXIT; true`) },
  { name: 'compgen -C', apply: (c) => `compgen -C ${sq(c)} x` },
  // A script written into a directory the line then puts on PATH, run by its bare name.
  { name: 'a script the line writes onto PATH, then runs by name', apply: (c) => `mkdir -p /tmp/vouch-bin; printf '%s\\n' ${sq(c)} > /tmp/vouch-bin/vrun; chmod +x /tmp/vouch-bin/vrun; PATH=/tmp/vouch-bin:$PATH vrun` },
  // A script the line writes and then runs is code on the line, as is what it writes into a process substitution.
  { name: 'a script the line writes, then runs', apply: (c) => `printf '%s\\n' ${sq(c)} > /tmp/vouch-run.sh; bash /tmp/vouch-run.sh` },
  // The same script under a name computed at run time (the same name in bash), run by its own name.
  { name: 'a script the line writes under a computed name, then runs by name', apply: (c) => `f=$(echo /tmp/vouch-run.sh | tr a a); printf '%s\\n' ${sq(c)} > "$f"; bash /tmp/vouch-run.sh` },
  // A script the line writes into a directory, run from a copy of that directory's contents.
  { name: 'a script the line writes, run from a copy of its directory', apply: (c) => `mkdir -p /tmp/vouch-d && printf '%s\\n' ${sq(c)} > /tmp/vouch-d/run.sh && cp -rT /tmp/vouch-d /tmp/vouch-e && bash /tmp/vouch-e/run.sh` },
  // Nested shell text reads the stdin of what runs it.
  { name: 'on the stdin of nested shell text', apply: (c) => `printf '%s\\n' ${sq(c)} | bash -c sh` },
  // A makefile the line writes is code on the line: its recipe runs the line, make's `$` doubled.
  { name: 'a makefile recipe the line writes, then make', apply: (c) => (c.includes('\n') ? c : `printf '%s\\n' 'all:' ${sq(`\t${c.replace(/\$/g, '$$$$')}`)} > /tmp/vouch.mk; make -s -f /tmp/vouch.mk`) },
  {
    name: 'its program run through a link the line makes',
    apply: (c) => {
      const parts = split(c);
      return parts && !parts[0].includes('/') ? `ln -sf /bin/${parts[0]} /tmp/vouch-p && /tmp/vouch-p${parts[1]}` : c;
    },
  },
];

/** The line's first word as a program and the rest, when it is one simple command named by a plain word. */
function split(c: string): [string, string] | undefined {
  if (!isSimple(c)) return undefined;
  const m = /^\s*([A-Za-z0-9_./+-]+)(\s[\s\S]*)?$/.exec(c);
  return m && !m[1]!.includes('=') ? [m[1]!, m[2] ?? ''] : undefined;
}

/**
 * The line as a group behind `TEST &&`. A line that sets a trap is left bare: the trap runs at exit in the states of
 * both ways joined, and where TEST failed no trap was set but that way's variables (an inherited $tmp) join those of
 * the way that set it, so a `rm -rf "$tmp"` action reads as unresolved. The resolver's states are not relational: a
 * known over-approximation (a refusal, never a pass), left out of the search.
 */
function behind(test: string): (c: string) => string {
  return (c) => (/(?:^|[\s;&|])trap\s/.test(c) ? c : `${test} && { ${ended(c)}\n}`);
}

/** Runs the line's program through a variable set in a way the shell state must follow; else the line as is. */
function viaVariable(set: (program: string) => string): (c: string) => string {
  return (c) => {
    const parts = split(c);
    return parts ? `${set(parts[0])}; $P${parts[1]}` : c;
  };
}

/**
 * Rewrites that go through the shell's state (issue 15's classes): paths not taken, commands that fail, functions,
 * eval and source, traps, arithmetic, special parameters, defaults, loops and a glob cd. Each runs the line on every
 * path bash may take, so what it does stays what it does.
 */
export const STATE_FORMS: Transform[] = [
  { name: 'after a skipped assignment', apply: (c) => `P=true; false && P=false; ${c}` },
  { name: 'after a failing cd', apply: (c) => `cd ./no-such-dir 2>/dev/null; ${c}` },
  { name: 'after a skipped cd', apply: (c) => `true || cd /; ${c}` },
  { name: 'after an if without else', apply: (c) => `if false; then cd /; fi; ${c}` },
  { name: 'after a function that cds', apply: (c) => `g() { cd .; }; g; ${c}` },
  { name: 'source from stdin', apply: (c) => `. /dev/stdin <<< ${sq(c)}` },
  { name: 'under a DEBUG trap', apply: (c) => `trap : DEBUG; ${c}` },
  { name: 'after an arithmetic test', apply: behind('n=1; (( n ))') },
  { name: 'after $!', apply: (c) => `$! ${runnable(c)}` },
  { name: 'after a default', apply: (c) => `: \${N:=1}; ${c}` },
  { name: 'in a loop', apply: (c) => `for _ in 1; do ${ended(c)}\ndone` },
  { name: 'in a case', apply: (c) => `case x in x) ${ended(c)}\n;; esac` },
  { name: 'after a glob cd', apply: behind('cd ../proj[e]ct') },
  { name: 'program via a skipped branch', apply: viaVariable((p) => `P=${p}; false && P=true`) },
  { name: 'program via a function', apply: viaVariable((p) => `P=true; g() { P=${p}; }; g`) },
  { name: 'program via eval', apply: viaVariable((p) => `P=true; eval P=${p}`) },
  { name: 'program via a default', apply: viaVariable((p) => `unset P; : \${P:=${p}}`) },
  { name: 'program via a loop', apply: viaVariable((p) => `for P in true ${p}; do :; done`) },
  // Assignments bash reads from a quoted or escaped declaration word.
  { name: 'program via a quoted declaration', apply: viaVariable((p) => `P=true; declare "P=${p}"`) },
  { name: 'program via an escaped export', apply: viaVariable((p) => `P=true; export P\\=${p}`) },
];

/**
 * A tree whose names hold a blank or a newline, made before a line that lists files: a reader that splits what a
 * lister prints (xargs, `while read`, an unquoted `$(find …)`) gets pieces of those paths, here the sandbox's home. The
 * leaf takes the name the line's `-name` looks for (a star made `x`), so its test finds it.
 */
export const HOSTILE_NAMES: Transform[] = [
  { name: 'names holding a blank', apply: (c) => `mkdir -p ${sq(`a /home/dev x/${hostileLeaf(c)}`)} 2>/dev/null; ${c}` },
  { name: 'names holding a newline', apply: (c) => `mkdir -p $'b\\n/home/dev\\n/${hostileLeaf(c)}' 2>/dev/null; ${c}` },
];

function hostileLeaf(c: string): string {
  const named = /-i?name\s+['"]?([\w.*?-]+)/.exec(c)?.[1]?.replace(/[*?]/g, 'x');
  return named ?? 'x';
}

/** Whether a line lists files for a reader that may split them (HOSTILE_NAMES apply). */
export function listsFiles(c: string): boolean {
  return /\b(?:find|fd|git ls-files|rg --files|grep -r?l)\b/.test(c) && /\bxargs\b|\bread\b|\$\(|`|mapfile|readarray/.test(c);
}

/** `INTERPRETER -c|-e 'CODE' ARGS…`: one interpreter given its code inline in single quotes, as its parts. */
const INLINE_CODE = /^(python3?|node|ruby|perl) (?:-c|-e) '([^']*)'((?: [^\s;&|<>()`$]+)*)$/;

/** Whether a line gives one interpreter its code inline, so the code-delivery rewrites apply to it. */
export function hasInlineCode(c: string): boolean {
  const m = INLINE_CODE.exec(c);
  return m !== null && !/^EOF$/m.test(m[2]!);
}

/** A rewrite of where an interpreter's code comes from; the line as is when it gives none inline. */
function delivery(make: (interpreter: string, code: string, args: string) => string): (c: string) => string {
  return (c) => {
    const m = INLINE_CODE.exec(c);
    return m && hasInlineCode(c) ? make(m[1]!, m[2]!, m[3]!) : c;
  };
}

/** A comment line in the interpreter's language: never code. */
const COMMENT: Record<string, string> = { python: '# ', python3: '# ', ruby: '# ', perl: '# ', node: '// ' };

/**
 * Issue 16's forms: the same code handed to its interpreter through a heredoc, a pipe, a here-string, after a comment
 * line. What the code does stays what it does.
 */
export const CODE_DELIVERY: Transform[] = [
  { name: "INTERP - <<'EOF'", apply: delivery((i, code, args) => `${i} -${args} <<'EOF'\n${code}\nEOF`) },
  { name: 'INTERP <<EOF (unquoted, no expansions)', apply: delivery((i, code, args) => (/[$`\\]/.test(code) ? `${i} -${args} <<'EOF'\n${code}\nEOF` : `${i} -${args} <<EOF\n${code}\nEOF`)) },
  { name: 'cat <<EOF | INTERP', apply: delivery((i, code, args) => `cat <<'EOF' | ${i} -${args}\n${code}\nEOF`) },
  { name: 'echo … | INTERP', apply: delivery((i, code, args) => `echo ${sq(code)} | ${i} -${args}`) },
  { name: 'printf … | INTERP', apply: delivery((i, code, args) => `printf '%s\\n' ${sq(code)} | ${i} -${args}`) },
  { name: 'INTERP <<< here-string', apply: delivery((i, code, args) => `${i} -${args} <<< ${sq(code)}`) },
  { name: 'a comment line before the code', apply: delivery((i, code, args) => `${i} ${i === 'node' ? '-e' : i === 'python3' || i === 'python' ? '-c' : '-e'} ${sq(`${COMMENT[i]}issue 16\n${code}`)}${args}`) },
];

/** Benign rewrites a developer adds: they never make a harmless line harmful. */
export const BENIGN_ENVELOPES: Transform[] = [
  { name: 'cd src &&', apply: behind('cd src') },
  { name: 'env prefix', apply: (c) => (isSimple(c) ? `CI=1 ${c}` : `CI=1 bash -c ${sq(c)}`) },
  { name: 'timeout 60', apply: (c) => `timeout 60 ${runnable(c)}` },
  { name: 'nice', apply: (c) => `nice ${runnable(c)}` },
  { name: 'time ( )', apply: (c) => `time (${ended(c)}\n)` },
  // A tool's own setup code (`eval "$(gh completion -s bash)"`) is trusted only where the line leaves PATH and HOME
  // alone, and env -i sets the one and drops the other: that refusal is the documented rule (build.ts shellInit).
  { name: 'env -i with PATH kept', apply: (c) => (/\beval\s|(?:^|[\s;&|'"])(?:source|\.)\s+<\(/.test(c) ? c : `env -i PATH="$PATH" ${runnable(c)}`) },
];

// PowerShell names worth disguising: cmdlets and aliases that reach the network, run text, or dump Env:.
const PS_NAME_RE = /\b(Invoke-WebRequest|Invoke-RestMethod|Invoke-Expression|Invoke-Command|Start-BitsTransfer|Get-ChildItem|Get-Content|Get-Item|Copy-Item|Add-Content|Set-Content|Out-File|New-Object|Set-Item|New-Item|Get-CimInstance|Compress-Archive|Expand-Archive|Select-String|Import-Alias|New-PSDrive|iwr|irm|iex|gci|gc|sls)\b/gi;

function randomCase(s: string, bits: number): string {
  return [...s].map((ch, i) => ((bits >> i % 30) & 1 ? ch.toUpperCase() : ch.toLowerCase())).join('');
}

/** Inserts backticks before letters where PowerShell drops them (never before an escape letter). */
function backtickName(name: string): string {
  return [...name].map((ch, i) => (i > 0 && /[c-dg-mo-qsw-zC-DG-MO-QSW-Z]/.test(ch) ? `\`${ch}` : ch)).join('');
}

export function psEncode(command: string): string {
  return Buffer.from(command, 'utf16le').toString('base64');
}

/** PowerShell's language keywords: a statement, not a command, where they stand first. */
const PS_KEYWORDS: ReadonlySet<string> = new Set(['begin', 'break', 'catch', 'class', 'continue', 'data', 'define', 'do', 'dynamicparam', 'else', 'elseif', 'end', 'enum', 'exit', 'filter', 'finally', 'for', 'foreach', 'from', 'function', 'if', 'in', 'param', 'process', 'return', 'switch', 'throw', 'trap', 'try', 'until', 'using', 'var', 'while', 'workflow', 'configuration', 'inlinescript', 'parallel', 'sequence']);

export const PS_TRANSFORMS: Transform[] = [
  { name: 'case change', apply: (c) => c.replace(PS_NAME_RE, (m) => randomCase(m, 0x2aaaaaaa)) },
  { name: 'upper case', apply: (c) => c.replace(PS_NAME_RE, (m) => m.toUpperCase()) },
  // A name inside a quoted string is literal to `&`, so backticks go only on bare names.
  { name: 'backticks', apply: (c) => c.replace(PS_NAME_RE, (m, _n, at: number) => (/['"]/.test(c[at - 1] ?? '') ? m : backtickName(m))) },
  {
    name: "& '…'",
    apply: (c) => {
      // (A keyword called by `&` is a command of that name: `& 'function' f { … }` defines nothing.)
      const m = /^\s*([A-Za-z][\w.-]*)(?=\s|$)/.exec(c);
      return m && !PS_KEYWORDS.has(m[1]!.toLowerCase()) ? `& ${psq(m[1]!)}${c.slice(m[0].length)}` : `& { ${c}\n}`;
    },
  },
  // A switch bound with its value after a colon (`-Recurse:$true`): one argument to PowerShell, split by the grammar.
  { name: 'switches as -Name:$true', apply: (c) => c.replace(/(^|\s)-(Recurse|Force)(?=\s|$)/g, '$1-$2:$$true') },
  { name: "iex '…'", apply: (c) => `iex ${psq(c)}` },
  { name: "Invoke-Expression '…'", apply: (c) => `Invoke-Expression ${psq(c)}` },
  { name: '-EncodedCommand', apply: (c) => `pwsh -NoProfile -EncodedCommand ${psEncode(c)}` },
  { name: 'powershell -enc', apply: (c) => `powershell.exe -enc ${psEncode(c)}` },
  { name: "pwsh -Command '…'", apply: (c) => `pwsh -NoProfile -Command ${psq(c)}` },
  { name: '& { }', apply: (c) => `& { ${c}\n}` },
  { name: '. { }', apply: (c) => `. { ${c}\n}` },
  { name: 'Invoke-Command -ScriptBlock', apply: (c) => `Invoke-Command -ScriptBlock { ${c}\n}` },
  { name: 'ForEach-Object', apply: (c) => `1 | ForEach-Object { ${c}\n}` },
  { name: 'if', apply: (c) => `if ($true) { ${c}\n}` },
  { name: 'after ;', apply: (c) => `Get-Date; ${c}` },
  { name: 'after newline', apply: (c) => `Get-Location\n${c}` },
  { name: 'try', apply: (c) => `try { ${c}\n} catch { }` },
  // The environment set as the Env: provider and .NET set it: state forms that must not hide what follows.
  { name: 'Set-Item env: before', apply: (c) => `Set-Item env:CI 1; ${c}` },
  { name: 'SetEnvironmentVariable before', apply: (c) => `[Environment]::SetEnvironmentVariable('CI', '1'); ${c}` },
  { name: '$function: then call', apply: (c) => `$function:run = { ${c}\n}; run` },
  // PowerShell 7's `u{…} escape in a double-quoted name given to &. Not a keyword's (`function f {…}`): given to &,
  // it is a command of that name, and the line no longer defines what it did.
  {
    name: '& "`u{…}"',
    apply: (c) => {
      const m = /^\s*([A-Za-z][\w-]*)(?=\s|$)/.exec(c);
      return m && !PS_KEYWORDS.has(m[1]!.toLowerCase()) ? `& "\`u{${m[1]!.charCodeAt(0).toString(16)}}${m[1]!.slice(1)}"${c.slice(m[0].length)}` : c;
    },
  },
  // A conversion constructs what it converts to: the line after a harmless one.
  { name: 'after a conversion', apply: (c) => `[int]$n = '1'; ${c}` },
];

export const PS_BENIGN: Transform[] = [
  { name: 'Set-Location src;', apply: (c) => `Set-Location src; ${c}` },
  { name: '& { }', apply: (c) => `& { ${c}\n}` },
  { name: '$env: prefix', apply: (c) => `$env:CI = '1'; ${c}` },
  { name: 'Set-Item env: prefix', apply: (c) => `Set-Item env:CI 1; ${c}` },
  { name: 'New-Item env: prefix', apply: (c) => `New-Item env:CI -Value 1; ${c}` },
  { name: 'after newline', apply: (c) => `Get-Location\n${c}` },
];

/**
 * A dot name of a path (`~/.ssh/`, `.env.local`, `.claude\\`) as a word or after a separator, with its extensions; not
 * a dot inside a name (`evil.example`), not one followed by more of a word.
 */
const DOT_NAME = /(^|[\s/\\'"=])\.([A-Za-z][\w-]*)((?:\.[\w-]+)*)(?=[/\\\s'"]|$)/g;

/**
 * Each dot name of a path respelt, where it is one: not a dot command in quotes (sqlite3's `'.shell …'`), a template's
 * field (`{{ .Env }}`), a URL's or a git key's part (`http.https://github.com/.extraheader`), a name continued on the
 * next line (`~/.bas\`) or a regular expression's escaped dot (`'http\..*\.extraheader'`).
 */
function spellDotNames(command: string, spell: (base: string, exts: string) => string, unquoted = false, globbed = false): string {
  return command.replace(DOT_NAME, (m, pre: string, base: string, exts: string, at: number) => {
    if (unquoted && (/['"]/.test(pre) || quoteAt(command, at + pre.length) !== undefined || /<<(?!<)/.test(command))) return m;
    const next = command[at + m.length] ?? '';
    const word = command.slice(0, at + pre.length).split(/[\s'"]/).pop()!;
    // A glob is expanded only in a word of its own: not in an assignment's value, nor in a word led by an option
    // (`-o~/.x`, `--out=~/.x`, which bash globs whole: only a directory named `-o` could match).
    if (globbed && (/[=([]/.test(word) || word.startsWith('-'))) return m;
    if (/['"]/.test(pre) && /\s/.test(next)) return m;
    if (/\{\s*$/.test(command.slice(0, at + pre.length))) return m;
    if (word.includes('://')) return m;
    if (next === '\\' && command[at + m.length + 1] === '\n') return m;
    if (pre === '\\' && !/[\w~:$%-]/.test(command[at - 1] ?? '')) return m;
    return `${pre}${spell(base, exts)}`;
  });
}

/**
 * Windows' 8.3 short name of each dot name (`.ssh` is `SSH~1`, `.env.local` is `ENV~1.LOC`, `.env.production.local` is
 * `ENVPRO~1.LOC`): the leading dot and the dots of the base dropped, six characters of it, `~1`, three of the last
 * extension. The same file under PowerShell, cmd.exe and Git Bash, on a volume that keeps short names (C: by default).
 */
export function shortNames(command: string): string {
  return spellDotNames(command, (base, exts) => {
    const parts = exts.split('.');
    const last = exts === '' ? '' : parts.pop()!;
    const short = (base + parts.join('')).replace(/[^\w-]/g, '').slice(0, 6).toUpperCase();
    return `${short}~1${last === '' ? '' : `.${last.slice(0, 3).toUpperCase()}`}`;
  });
}

/** Each dot name in capitals (`~/.SSH/id_rsa`): the same file on macOS's and Windows' disks, which ignore case. */
export function upperDotNames(command: string): string {
  return spellDotNames(command, (base, exts) => `.${base}${exts}`.toUpperCase());
}

/**
 * bash's own spellings of an unquoted dot name, which name the same file: quotes inside it, a backslash and `$'…'`.
 * (Not a brace list: `.{git,x}` is two words, and `cd` or `dd of=` given two is another command. Globs are
 * DOT_NAME_GLOBS.) Not in a heredoc's body, where quotes are text.
 */
export const DOT_NAME_QUOTINGS: readonly { name: string; spell: (command: string) => string }[] = [
  { name: '.s"s"h', spell: (c) => spellDotNames(c, (b, e) => `.${b.slice(0, 1)}"${b.slice(1)}"${e}`, true) },
  { name: ".ss''h", spell: (c) => spellDotNames(c, (b, e) => `.${b.slice(0, -1)}''${b.slice(-1)}${e}`, true) },
  { name: '.ss\\h', spell: (c) => spellDotNames(c, (b, e) => `.${b.slice(0, -1)}\\${b.slice(-1)}${e}`, true) },
  { name: "$'.ssh'", spell: (c) => spellDotNames(c, (b, e) => `$'.${b}${e}'`, true) },
];

/**
 * bash's globs that match an unquoted dot name and spell it still: a one-character class (`.ss[h]`, `.[s]sh`), a `?`
 * in its last place, a `*` for one character of its middle. Each matches the name on the disk, so the line means what it did (a `?` or a
 * `*` may match other names too, which is no reason to let it pass). Not in a line whose words bash does not glob:
 * `[[ … ]]` operands, case patterns, here-strings and heredocs, assignments (see spellDotNames). (Not a brace list:
 * `.{ssh,x}` and `.s{s,}h` are two words, and `cd`, `dd of=` or a redirection given two is another command or an
 * error, `ambiguous redirect`.)
 */
export const DOT_NAME_GLOBS: readonly { name: string; spell: (command: string) => string }[] = [
  { name: '.ss[h]', spell: (c) => globDotNames(c, (b, e) => `.${b.slice(0, -1)}[${b.slice(-1)}]${e}`) },
  { name: '.[s]sh', spell: (c) => globDotNames(c, (b, e) => `.[${b.slice(0, 1)}]${b.slice(1)}${e}`) },
  { name: '.ss?', spell: (c) => globDotNames(c, (b, e) => `.${b.slice(0, -1)}?${e}`) },
  // (One character of the middle: a basename glob must spell half its pattern's text to be read as it, see matchPattern.)
  { name: '.s*h', spell: (c) => globDotNames(c, (b, e) => (b.length > 2 ? `.${b.slice(0, b.length >> 1)}*${b.slice((b.length >> 1) + 1)}${e}` : `.${b}${e}`)) },
];

function globDotNames(command: string, spell: (base: string, exts: string) => string): string {
  if (/\[\[|\bcase\b|<<|=~/.test(command)) return command;
  return spellDotNames(command, spell, true, true);
}

/** Each dot name with a trailing dot (`~\.ssh.\id_rsa`), which Win32 drops when it opens the name. */
export function trailingDots(command: string): string {
  return spellDotNames(command, (base, exts) => `.${base}${exts}.`);
}

export function hasDotName(command: string): boolean {
  DOT_NAME.lastIndex = 0;
  return DOT_NAME.test(command);
}

/** A `~/` that starts a bash word outside quotes and outside cmd.exe's text: the home, as bash expands it. */
const TILDE = /(^|[\s=:;&|(<>])~\//g;

/** Each unquoted `~/…` of a bash line with its home spelt otherwise (`$HOME/…`, `"${HOME}"/…`, the home itself). */
export function homeSpelt(command: string, home: string, spell: (home: string) => string): string {
  if (/(^|[\s(`;&|])cmd(?:\.exe)?\s+\/[a-z]/i.test(command)) return command;
  return command.replace(TILDE, (m, pre: string, offset: number) => (quoteAt(command, offset + pre.length) === undefined ? `${pre}${spell(home)}/` : m));
}

export function hasTildePath(command: string): boolean {
  TILDE.lastIndex = 0;
  return TILDE.test(command);
}

/** Spellings of the home a bash line may use for `~`, and of the path below it, that name the same files. */
export const HOME_SPELLINGS: readonly { name: string; spell: (home: string) => string }[] = [
  { name: '$HOME', spell: () => '$HOME' },
  { name: '"${HOME}"', spell: () => '"${HOME}"' },
  { name: 'the home written out', spell: (home) => home },
  { name: '~/./', spell: () => '~/.' },
  { name: '~//', spell: () => '~/' },
  { name: '$HOME/x/..', spell: () => '$HOME/x/..' },
  { name: '$(echo ~)', spell: () => '"$(echo ~)"' },
  { name: '${HOME%/}', spell: () => '${HOME%/}' },
  { name: '$(cd ~ && pwd)', spell: () => '$(cd ~ && pwd)' },
];

/** A composition of one to `max` transforms, applied in order; spellings are tried only where a token exists. */
export function composition(pool: Transform[], max: number): fc.Arbitrary<Transform[]> {
  return fc.array(fc.constantFrom(...pool), { minLength: 1, maxLength: max });
}

export function applyAll(command: string, ts: Transform[]): string {
  return ts.reduce((c, t) => t.apply(c), command);
}

/**
 * Where `index` of a PowerShell line is read as code: outside quoted strings, here-strings and comments (a backtick
 * escapes the next character; `''` and `""` are a quote inside their string).
 */
function psOutsideQuotes(command: string, index: number): boolean {
  let state: 'code' | "'" | '"' | "@'" | '@"' | '#' | '<#' = 'code';
  for (let i = 0; i < index; i++) {
    const c = command[i]!;
    const next = command[i + 1] ?? '';
    if (state === 'code') {
      if (c === '`') i++;
      else if (c === '@' && /['"‘’‚‛“”„]/.test(next) && /^[ \t]*\r?\n/.test(command.slice(i + 2))) {
        state = /["“”„]/.test(next) ? '@"' : "@'";
        i++;
      } else if (/['‘’‚‛]/.test(c)) state = "'";
      else if (/["“”„]/.test(c)) state = '"';
      else if (c === '<' && next === '#') state = '<#';
      else if (c === '#') state = '#';
    } else if (state === "'") {
      if (/['‘’‚‛]/.test(c)) {
        if (/['‘’‚‛]/.test(next)) i++;
        else state = 'code';
      }
    } else if (state === '"') {
      if (c === '`') i++;
      else if (/["“”„]/.test(c)) {
        if (/["“”„]/.test(next)) i++;
        else state = 'code';
      }
    } else if (state === "@'" || state === '@"') {
      if (c === '\n' && /^[ \t]*['"‘’‚‛“”„]@/.test(command.slice(i + 1)) && /["“”„]/.test(command.slice(i + 1).trimStart()[0]!) === (state === '@"')) state = 'code';
    } else if (state === '#') {
      if (c === '\n') state = 'code';
    } else if (c === '#' && next === '>') {
      state = 'code';
      i++;
    }
  }
  return state === 'code';
}

/** A `~\` or `~/` that starts a PowerShell argument (after a blank or a comma), where the provider reads the home. */
const PS_TILDE = /(^|[\s,])~(?=[\\/])/g;

/**
 * Each `~` of a PowerShell line that starts an argument outside quotes, here-strings and comments, spelt otherwise.
 * Not one in a command's place (first in a statement, after `=`, `|`, `;`, `(`, `{`, `&`): there `~\x` names a
 * program to run, and `$HOME\x` is an expression.
 */
export function psHomeSpelt(command: string, home: string, spell: (home: string) => string): string {
  return command.replace(PS_TILDE, (m, pre: string, offset: number) => {
    const at = offset + pre.length;
    const before = command.slice(0, at).trimEnd();
    if (before === '' || /[=|;({&\n]$/.test(before) || !psOutsideQuotes(command, at)) return m;
    const spelt = spell(home);
    return `${pre}${home.startsWith('/') ? spelt.replace(/\\/g, '/') : spelt}`;
  });
}

/** Spellings of the home a PowerShell line may use for `~`, on Windows (a home like `C:\…`) and on Linux. */
/** A spelling of the home: where it holds (a Windows or a Linux home), and whether it is read from the working directory. */
export interface PsHomeSpelling {
  name: string;
  windows: boolean;
  linux: boolean;
  cwd?: boolean;
  spell: (home: string) => string;
}

export const PS_HOME_SPELLINGS: readonly PsHomeSpelling[] = [
  { name: '$HOME', windows: true, linux: true, spell: () => '$HOME' },
  { name: '${HOME}', windows: true, linux: true, spell: () => '${HOME}' },
  { name: 'the home written out', windows: true, linux: true, spell: (home) => home },
  { name: '~\\.', windows: true, linux: true, spell: () => '~\\.' },
  { name: '$PWD\\..', windows: true, linux: true, cwd: true, spell: () => '$PWD\\..' },
  { name: '$env:HOME', windows: false, linux: true, spell: () => '$env:HOME' },
  { name: '$env:USERPROFILE', windows: true, linux: false, spell: () => '$env:USERPROFILE' },
  { name: '${env:USERPROFILE}', windows: true, linux: false, spell: () => '${env:USERPROFILE}' },
  { name: '$env:HOMEDRIVE$env:HOMEPATH', windows: true, linux: false, spell: () => '$env:HOMEDRIVE$env:HOMEPATH' },
  { name: '$HOME\\x\\..', windows: true, linux: false, spell: () => '$HOME\\x\\..' },
];

/**
 * Each path that starts with the home's `~` (an argument `~\…` outside quotes, or a string `'~/…'` or `"~/…"` a
 * provider resolves) rewritten as one double-quoted string with the home spelt inside it (`"$env:USERPROFILE\…"`,
 * `"$([Environment]::GetFolderPath('UserProfile'))\…"`), where a subexpression may print it.
 */
export function psHomeQuoted(command: string, home: string, spell: (home: string) => string): string {
  const spelt = home.startsWith('/') ? spell(home).replace(/\\(?!\$)/g, '/') : spell(home);
  let out = '';
  let last = 0;
  const re = /(^|[\s,(])(~[\\/]|'~[\\/][^'`$"‘’‚‛“”„]*'|"~[\\/][^"“”„`]*")/g;
  for (let m = re.exec(command); m; m = re.exec(command)) {
    const at = m.index + m[1]!.length;
    const before = command.slice(0, at).trimEnd();
    if (!psOutsideQuotes(command, at)) continue;
    let end: number;
    let rest: string;
    if (m[2]!.startsWith('~')) {
      if (before === '' || /[=|;({&\n]$/.test(before)) continue;
      end = at;
      while (end < command.length && !/[\s;|&)},<>]/.test(command[end]!)) end += command[end] === '`' ? 2 : 1;
      rest = command.slice(at + 1, end);
      if (/['"‘’‚‛“”„(){}]/.test(rest)) continue;
    } else {
      end = at + m[2]!.length;
      rest = m[2]!.slice(2, -1);
    }
    out += `${command.slice(last, at)}"${spelt}${rest}"`;
    last = end;
    re.lastIndex = end;
  }
  return out + command.slice(last);
}

/** Spellings of the home inside a double-quoted PowerShell string, where a subexpression may print it. */
export const PS_QUOTED_HOME_SPELLINGS: readonly PsHomeSpelling[] = [
  { name: '"$HOME…"', windows: true, linux: true, spell: () => '$HOME' },
  { name: '"$($HOME)…"', windows: true, linux: true, spell: () => '$($HOME)' },
  { name: '"$(Resolve-Path ~)…"', windows: true, linux: true, spell: () => '$(Resolve-Path ~)' },
  { name: '"$((Get-Item ~).FullName)…"', windows: true, linux: true, spell: () => '$((Get-Item ~).FullName)' },
  { name: '"$(Convert-Path ~)…"', windows: true, linux: true, spell: () => '$(Convert-Path ~)' },
  { name: '"$(Split-Path $PWD)…"', windows: true, linux: true, cwd: true, spell: () => '$(Split-Path $PWD)' },
  { name: '"$(Resolve-Path ..)…"', windows: true, linux: true, cwd: true, spell: () => '$(Resolve-Path ..)' },
  { name: '"$(Resolve-Path ~ -Relative)…"', windows: true, linux: true, cwd: true, spell: () => '$(Resolve-Path ~ -Relative)' },
  { name: '"$((Get-Item .).Parent.FullName)…"', windows: true, linux: true, cwd: true, spell: () => '$((Get-Item .).Parent.FullName)' },
  { name: '"$(Get-Location)\\..…"', windows: true, linux: true, cwd: true, spell: () => '$(Get-Location)\\..' },
  { name: '"$($PWD.Path)\\..…"', windows: true, linux: true, cwd: true, spell: () => '$($PWD.Path)\\..' },
  { name: '"$(Get-Item ~)…"', windows: true, linux: true, spell: () => '$(Get-Item ~)' },
  { name: '"$([string]$HOME)…"', windows: true, linux: true, spell: () => '$([string]$HOME)' },
  { name: '"$([IO.Path]::GetFullPath($HOME))…"', windows: true, linux: true, spell: () => '$([IO.Path]::GetFullPath($HOME))' },
  { name: "\"$('~' | Convert-Path)…\"", windows: true, linux: true, spell: () => "$('~' | Convert-Path)" },
  { name: '"$(Get-Item ~ | Select-Object -ExpandProperty FullName)…"', windows: true, linux: true, spell: () => '$(Get-Item ~ | Select-Object -ExpandProperty FullName)' },
  { name: '"$(Get-Content Env:HOME)…"', windows: false, linux: true, spell: () => '$(Get-Content Env:HOME)' },
  { name: '"$((Get-Item Env:USERPROFILE).Value)…"', windows: true, linux: false, spell: () => '$((Get-Item Env:USERPROFILE).Value)' },
  { name: "\"$([Environment]::GetFolderPath('UserProfile'))…\"", windows: true, linux: true, spell: () => "$([Environment]::GetFolderPath('UserProfile'))" },
  { name: '"$env:HOME…"', windows: false, linux: true, spell: () => '$env:HOME' },
  { name: "\"$([Environment]::GetEnvironmentVariable('HOME'))…\"", windows: false, linux: true, spell: () => "$([Environment]::GetEnvironmentVariable('HOME'))" },
  { name: '"$env:USERPROFILE…"', windows: true, linux: false, spell: () => '$env:USERPROFILE' },
  { name: '"$env:HOMEDRIVE$env:HOMEPATH…"', windows: true, linux: false, spell: () => '$env:HOMEDRIVE$env:HOMEPATH' },
  { name: "\"$([Environment]::GetEnvironmentVariable('USERPROFILE'))…\"", windows: true, linux: false, spell: () => "$([Environment]::GetEnvironmentVariable('USERPROFILE'))" },
  { name: "\"$([Environment]::ExpandEnvironmentVariables('%USERPROFILE%'))…\"", windows: true, linux: false, spell: () => "$([Environment]::ExpandEnvironmentVariables('%USERPROFILE%'))" },
];

/** A member read on a PowerShell line: `(X).M`, `(X).M()` or `$v.M`, its target's text and where the whole read stands. */
export interface MemberRead {
  start: number;
  end: number;
  target: string;
  member: string;
  /** Called with no arguments: `(X).M()`. */
  call: boolean;
}

/**
 * The member reads of a line that its pipeline forms can stand for: a parenthesised expression's or a variable's
 * member, outside strings and comments, neither static (`::`), called with arguments (`.ForEach{…}` too), nor
 * assigned to.
 */
export function memberReads(command: string): MemberRead[] {
  const out: MemberRead[] = [];
  for (const m of command.matchAll(/(\)|\$[A-Za-z_][\w]*)\.([A-Za-z_]\w*)(\(\s*\))?/g)) {
    if (!psOutsideQuotes(command, m.index) || /^\s*(?:[-+*/%]?=(?!=)|\+\+|--|\(|\{)/.test(command.slice(m.index + m[0].length))) continue;
    let start = m.index;
    if (m[1] === ')') {
      // The `(` that opens the parenthesis, by depth (strings inside are few and hold no parenthesis in the corpus).
      let depth = 0;
      for (let i = m.index; i >= 0; i--) {
        if (command[i] === ')') depth++;
        else if (command[i] === '(' && --depth === 0) {
          start = i;
          break;
        }
      }
      // `$(…).M`, `@(…).M`, `[T](…).M` and `f(…).M` are another expression's member.
      if (depth !== 0 || /[$@\]\w]/.test(command[start - 1] ?? '')) continue;
    }
    const target = m[1] === ')' ? command.slice(start + 1, m.index) : m[1]!;
    if (target.trim() === '' || /^\s*\[[^\]]*\]\s*$/.test(target)) continue;
    out.push({ start, end: m.index + m[0].length, target, member: m[2]!, call: m[3] !== undefined });
  }
  return out;
}

/** The pipeline forms of a member read: Select-Object's and ForEach-Object's, spelt as people spell them. */
export const MEMBER_FORMS: { name: string; calls: boolean; form: (target: string, member: string) => string }[] = [
  { name: 'Select-Object -ExpandProperty', calls: false, form: (t, m) => `${t} | Select-Object -ExpandProperty ${m}` },
  { name: 'select -exp', calls: false, form: (t, m) => `${t} | select -exp ${m}` },
  { name: 'select -ExpandP, lower case', calls: false, form: (t, m) => `${t} | select -ExpandP ${m.toLowerCase()}` },
  { name: 'SELECT-OBJECT -EXPANDPROPERTY, upper case', calls: false, form: (t, m) => `${t} | SELECT-OBJECT -EXPANDPROPERTY ${m.toUpperCase()}` },
  { name: 'select -ExpandProperty:', calls: false, form: (t, m) => `${t} | select -ExpandProperty:${m}` },
  { name: "select -Expand '…'", calls: false, form: (t, m) => `${t} | select -Expand '${m}'` },
  { name: '%', calls: true, form: (t, m) => `${t} | % ${m}` },
  { name: 'foreach, lower case', calls: true, form: (t, m) => `${t} | foreach ${m.toLowerCase()}` },
  { name: 'ForEach-Object -MemberName', calls: true, form: (t, m) => `${t} | ForEach-Object -MemberName ${m}` },
  { name: 'ForEach-Object -m', calls: true, form: (t, m) => `${t} | ForEach-Object -m ${m}` },
  { name: "% -Mem '…', upper case", calls: true, form: (t, m) => `${t} | % -Mem '${m.toUpperCase()}'` },
];

/** The line with one member read rewritten into a pipeline form, parenthesised where the read stood. */
export function memberReadAs(command: string, read: MemberRead, form: (typeof MEMBER_FORMS)[number]): string {
  return `${command.slice(0, read.start)}(${form.form(read.target, read.member)})${command.slice(read.end)}`;
}
