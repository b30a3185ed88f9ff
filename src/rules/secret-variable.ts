// env.secret-variable: a command that prints a variable whose name says it holds a secret (`echo $GITHUB_TOKEN`,
// `printenv OPENAI_API_KEY`, `$env:GITHUB_TOKEN`, `print(os.environ["AWS_SECRET_ACCESS_KEY"])`): the value reaches
// the agent's transcript, as a dump of the whole environment would. Using it is not printing it: a value written to a
// file, piped into a program that takes a secret on stdin, or spent inside a command substitution passes.
import type { Analysis, Finding, Invocation, Segment, WordRole } from '../types.js';
import { compile } from './compiled.js';
import { CODE_LANGUAGE_NAMES } from '../programs/entries/tools.js';
import type { Rule } from './rule.js';
import { braceWordsAsWritten } from '../resolve/words.js';
import { display, pathUses, programName, READS, staticValue, wordRoles } from './words.js';
import { cwdOf, resolvePath } from './paths.js';

const PS = 'powershell' as const;

/** Default names of variables that hold secrets: globs over the name, case-insensitive; `!` excludes. */
export const SECRET_VARIABLE_PATTERNS = ['*TOKEN*', '*SECRET*', '*PASSWORD*', '*PASSWD*', '*_PASS', '*API_KEY*', '*APIKEY*', '*PRIVATE_KEY*', '*ACCESS_KEY*', '*CREDENTIALS*', '*_PAT', '*DATABASE_URL*', '*_DSN', '!*_FILE', '!*_PATH', '!*_URL_FILE', '!*_DIR', '!*TOKENS*', '!*TOKENIZER*', '!*_LIMIT', '!*_LENGTH', '!*_COUNT', '!*_TTL', '!*_TIMEOUT', '!*_ENABLED', '!*_DISABLED', '!GOOGLE_APPLICATION_CREDENTIALS'];

/** Programs that print their arguments. */
const PRINTS_ARGS = new Set(['echo', 'printf', 'print', 'write-output', 'write-host', 'write-information', 'out-host', 'write-verbose', 'write-debug', 'write-warning', 'write-error']);
/** Builtins that print the variables they are given by name under -p (`declare -p NAME`); other programs' entries say so (Answer.printsVariables). */
const PRINTS_NAMED = new Set(['declare', 'typeset', 'export', 'local', 'readonly']);
// What a program does with what it reads on stdin is its registry entry's to say: a program that takes a secret there
// and prints none of it (`docker login --password-stdin`) answers `keepsStdin`, one that puts it on the clipboard
// `clipboard` (Answer in src/programs/types.ts). Any other program given a secret on stdin may print it.

/** A variable referenced in shell or interpreter text: `$X`, `${X…}`, `$env:X`, cmd's `%X%`, `os.environ["X"]`, `process.env.X`, `ENV["X"]`, `$ENV{X}`, `getenv("X")`. */
const REFERENCE = /(?:environ(?:\.get)?\s*[[(]\s*|ENVIRON\[\s*|(?<![\w.])(?:\$ENV|env)\.(?=[A-Za-z_])|getenv\s*\(\s*|process\.env\.|process\.env\[\s*|ENV\[\s*|strenv\(\s*|ENV\.fetch\(\s*|\$ENV\{\s*|\$_ENV\[\s*|\$_SERVER\[\s*|Deno\.env\.get\(\s*|GetEnvironmentVariable\(\s*|sys\.env(?:\.get(?:OrElse)?)?\(\s*|\$ENV\[\s*|\$(?:::)?env\(\s*|\((?:System\/|os\/)?getenv\s+|\bgetEnv\s+|%\*ENV[<{]\s*)["']?([A-Za-z_][A-Za-z0-9_]*)|\$\{?env:([A-Za-z_][A-Za-z0-9_]*)|\$(\{!)?\{?([A-Za-z_][A-Za-z0-9_]*)(?![A-Za-z0-9_])(?!:?\+)|%([A-Za-z_][A-Za-z0-9_]*)(?::[^%]*)?%|!([A-Za-z_][A-Za-z0-9_]*)(?::[^!]*)?!/gi;

/** The secret variable a text references, if any; `${!p}` references the variable p names (`pointers`). */
function referenced(text: string, secret: (name: string) => boolean, pointers: Pointers = NONE): string | undefined {
  // `${!1}`: the variable a positional parameter names.
  const positional = /\$\{!([0-9]+)\}/.exec(text);
  if (positional && pointers.has(positional[1]!)) return `{!${positional[1]}}`;
  // Braces expand before names do: `{$GITHUB,x}_TOKEN` and `$GITHUB{_TOKEN,}` reference $GITHUB_TOKEN.
  for (const variant of braceWordsAsWritten(text)) {
    for (const m of variant.matchAll(REFERENCE)) {
      // cmd expands `%X%` (and `!X!` under /v:on) where it runs: a word vouch could not evaluate still names X.
      const name = m[1] ?? m[2] ?? m[4] ?? m[5] ?? m[6];
      // `${!arr[@]}`, `${!arr[*]}` list an array's keys, not the variable its value names (`${!arr[0]}` is one).
      if (m[3] !== undefined && /^\[[@*]\]\}/.test(variant.slice(m.index! + m[0].length))) continue;
      if (name !== undefined && (m[3] !== undefined ? pointers.has(name.toLowerCase()) : secret(name))) return name;
    }
  }
  return undefined;
}

const NONE: Pointers = new Set();

/** The variable a computed name word may print: one it expands that may name a secret variable, or a substitution's output. */
function computedName(text: string, pointers: Pointers): string | undefined {
  if (/\$\(|`/.test(text)) return text;
  for (const m of text.matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*|[0-9]+)/g)) if (pointers.has(m[1]!.toLowerCase())) return m[1];
  return undefined;
}

/** The variables `${!p}` may lead from to a secret one (lower-cased). */
interface Pointers {
  has(name: string): boolean;
}

/** A line that may name a variable's value: `$`, or an interpreter's, awk's, jq's or PowerShell's way to the environment. */
const MAY_NAME = /\$|env|printenv|declare|typeset|export|readonly|local/i;

const INTERPRETERS = /^(python\d?(\.\d+)*|pypy\d?|ipython\d?|node|nodejs|tsx|ts-node|ruby|irb|perl|php|deno|bun|awk|gawk|mawk|nawk|jq|gojq|jaq|yq|mlr|miller)$/;
/** A program whose words hold code it runs (an interpreter, a small language): what that code prints is its own. */
const runsCode = (name: string) => INTERPRETERS.test(name) || CODE_LANGUAGE_NAMES.has(name);

/**
 * A reference only tested for presence prints nothing: the whole condition of an if, an assert or a conditional
 * expression, or its negation (`if not os.environ.get("K"):`, `if (!process.env.K)`, `"set" if os.getenv("K") else
 * "unset"`), as `test -n "$K"` is in the shell. Compared, given a default or used anywhere else, it is a read.
 */
const PRESENCE_BEFORE = /(?:(?:^|[\s;:("'])(?:el)?if\s+(?:not\s+)?|(?:^|[\s;"'])assert\s+(?:not\s+)?|(?:^|[\s;}"'])if\s*\(\s*(?:!\s*)?|!!\s*)(?:[A-Za-z_]\w*\.)*$/;
const PRESENCE_AFTER = /^\s*(?::|\)|,|\s+else\b)/;

/**
 * The environment object taken as a value under another name (`e = os.environ`, `from os import environ as e`,
 * `const { API_KEY } = process.env`, `const { env } = process`, `e = ENV`): what the code reads through it is not
 * spelled as an accessor. Not an accessor (`os.environ["X"]`, `.get(…)`, `.fetch(…)`, `process.env.X`).
 */
const ENV_ALIAS = /\b(?:os\s*\.\s*environ|process\s*\.\s*env|ENV)\b(?!\s*(?:\[|\.\s*(?:get|fetch)\s*\(|\.\s*[A-Za-z_]\w*\b(?!\s*\()))|\bfrom\s+os\s+import\b[^\n;]*\benviron\b|\{[^}]*\benv\b[^}]*\}\s*=\s*(?:process\b|require\s*\()|\bprocess\s*\[\s*["'`]env["'`]\s*\]/;

/** A secret variable interpreter code reads by name (`os.environ["X"]`, `process.env.X`), not a shell `$X` in it. */
function referencedInCode(text: string, secret: (name: string) => boolean): string | undefined {
  // Through an alias of the environment, any name the code spells that says it holds a secret may be read by it.
  if (ENV_ALIAS.test(text)) for (const m of text.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) if (secret(m[0])) return m[0];
  for (const m of text.matchAll(REFERENCE)) {
    const name = m[1];
    if (name === undefined || !secret(name)) continue;
    // The accessor ends with the name's quote and the bracket it opened (`environ.get("K")`, `env["K"]`); then the
    // condition must end (not `.startswith(…)`, `== "x"`, `.length`).
    let after = text.slice(m.index + m[0].length).replace(/^["']?\s*/, '');
    if (/[[(]\s*["']?[A-Za-z_]\w*$/.test(m[0])) {
      if (!/^[\])]/.test(after)) return name;
      after = after.slice(1);
    }
    const tested = PRESENCE_BEFORE.test(text.slice(0, m.index)) && PRESENCE_AFTER.test(after);
    if (!tested) return name;
  }
  return undefined;
}

/**
 * The code spells the name only in accessors, each tested for presence alone (`if (!process.env.K) process.exit(1)`):
 * the language module reports the read, and the accessors' reading already said it prints nothing. A name spelled
 * elsewhere too (`k = "K"; print(os.environ[k])`) is read.
 */
function onlyTested(code: string, name: string, secret: (name: string) => boolean): boolean {
  // Spelled as a key: a string that is the name alone, or a bare identifier (not words of a message: 'K missing').
  const spelled = [...code.matchAll(new RegExp(`(["'\`])${name}\\1|(?<![\\w"'\`])${name}(?![\\w"'\`])`, 'g'))].length;
  const accessors = [...code.matchAll(REFERENCE)].filter((m) => m[1] === name).length;
  return spelled > 0 && spelled === accessors && referencedInCode(code, secret) === undefined;
}

/** Where a segment's output goes: to the transcript, or used (a file, a program that takes a secret, a substitution). */
function printed(seg: Segment, analysis: Analysis, depth = 0): boolean {
  const subst = [...seg.context].reverse().find((c) => c === 'substitution' || c === 'process-substitution');
  if (subst !== undefined) {
    // Spent in a substitution: printed only when the command around it prints it (`echo "$(printenv X)"`). A process
    // substitution is a file the command around it reads (`cat <(echo "$X")`, `diff <(…) f`): printed unless that
    // command keeps what it reads (`docker login --password-stdin < <(…)`) or runs it as code.
    // Nested text gives its words the span of the word holding it: any segment around it may be the one.
    const holds = (w: { span: { start: number; end: number } } | undefined) => w !== undefined && w.span.start <= seg.span.start && w.span.end >= seg.span.end;
    const around = analysis.segments.filter((s) => s !== seg && (s.words.some(holds) || (subst === 'process-substitution' && s.redirects.some((r) => holds(r.target)))));
    // The file a process substitution makes is read by the command whose word or redirection holds it most closely,
    // not by the shell that runs the text around both (`bash -c 'docker login … < <(echo …)'`). Where nested text
    // gives its words one span, several hold it as closely: any of them may be the one.
    let readers = around;
    if (subst === 'process-substitution') {
      const closeness = around.map((s) => Math.min(...[...s.words, ...s.redirects.map((r) => r.target)].filter(holds).map((w) => w!.span.end - w!.span.start)));
      const closest = Math.min(...closeness);
      readers = around.filter((_, k) => closeness[k] === closest);
    }
    return (
      depth < 8 &&
      readers.some((s) => {
        const inv = analysis.invocations.find((i) => i.segment === analysis.segments.indexOf(s));
        if (inv === undefined) return false;
        const shows = subst === 'process-substitution' ? !inv.keepsStdin && !inv.stdinCode : PRINTS_ARGS.has(programName(inv));
        return shows && printed(s, analysis, depth + 1);
      })
    );
  }
  const toFile = seg.redirects.some((r) => /^(>|>>|>\||&>|&>>)$/.test(r.op) && (r.fd === undefined || r.fd === 1) && r.target?.values?.every((v) => !/^\/dev\/(?:stdout|stderr|tty|console|pts\/\d+|fd\/[12])$|^\/proc\/(?:self|thread-self|\d+)\/fd\/[12]$/.test(v)) === true);
  if (toFile) return false;
  const stage = seg.context.at(-1)?.match(/^pipeline\[(\d+)\]$/);
  if (!seg.piped || !stage) {
    // Nested text (`bash -c '…'`, a template an expander prints) prints where the command that runs it does: into a
    // file there (`envsubst < t > out.yaml`) as `echo "$X" > f` does. Its words carry the span of the word that holds
    // it, which the other commands of that text share (`bash -c 'echo … > t; mo t'`): printed where any of them prints.
    // The one that runs it is the last of its invocation's wrappers (`sh -c`, `envsubst`), when one of them is that.
    if (seg.depth === 0 || depth >= 8) return true;
    const index = analysis.segments.indexOf(seg);
    const runner = analysis.invocations.find((i) => i.segment === index)?.wrappers.at(-1);
    const around = analysis.segments.filter((s) => s.depth === seg.depth - 1 && s.span.start <= seg.span.start && seg.span.end <= s.span.end);
    const running = around.filter((s) => analysis.invocations.some((i) => i.segment === analysis.segments.indexOf(s) && i.program === runner));
    const from = running.length > 0 ? running : around;
    return from.length === 0 || from.some((s) => printed(s, analysis, depth + 1));
  }
  // The next stage of its pipeline: a program that takes a secret on stdin uses it; anything else may print it.
  const outer = seg.context.slice(0, -1).join('/');
  // Segments are recorded in order; nested text's spans are its word's, so the order, not the span, finds the next stage.
  const next = analysis.segments.slice(analysis.segments.indexOf(seg) + 1).find((s) => s.context.slice(0, -1).join('/') === outer && s.context.at(-1) === `pipeline[${Number(stage[1]) + 1}]`);
  const reader = next ? analysis.invocations.find((i) => i.segment === analysis.segments.indexOf(next)) : undefined;
  if (reader === undefined || next === undefined) return true;
  if (reader.keepsStdin) return false;
  // A filter that only prints to its stdout passes it on: printed where that goes (`| base64 -d > key.bin` keeps it in
  // the file, `| tr -d '\r' | ssh-add -` hands it on). One that may print elsewhere (a file it names, `tee /dev/tty`;
  // code; a program vouch does not know; a command it runs) may print it.
  const runsMore = analysis.segments.some((s) => s.depth > next.depth && s.span.start >= next.span.start && s.span.end <= next.span.end);
  const filter =
    reader.known !== false &&
    !reader.wraps &&
    !reader.stdinCode &&
    !runsMore &&
    !runsCode(programName(reader)) &&
    !(reader.uses ?? []).some((u) => u.role !== 'text' && u.role !== 'read' && u.role !== 'meta') &&
    !reader.args.some((w) => /\/dev\/(?:stderr|tty|fd\/|pts\/|console)|\/proc\/(?:self|\d+)\/fd/.test(w.text));
  return !filter || depth >= 8 || printed(next, analysis, depth + 1);
}

/** The secret variable a heredoc or here-string a command reads names, if any (in code it holds, read as code). */
function givenOnStdin(seg: Segment, secret: (name: string) => boolean, pointers: Pointers): string | undefined {
  for (const r of seg.redirects) {
    if (r.op !== '<<<' && !r.op.startsWith('<<')) continue;
    const text = r.body?.text ?? r.target?.text ?? '';
    const name = (r.body ?? r.target)?.values === null ? referenced(text, secret, pointers) : referencedInCode(text, secret);
    if (name !== undefined) return name;
  }
  return undefined;
}

/** The secret variable an invocation prints, if any. */
function prints(inv: Invocation, analysis: Analysis, secret: (name: string) => boolean, pointers: Pointers, copied?: string, anywhere = false): string | undefined {
  const name = programName(inv);
  const seg = analysis.segments[inv.segment];
  if (!seg) return undefined;
  let found: string | undefined;
  // A word whose value is known expands no variable: `'$TOKEN'` and `\$TOKEN` print the name. Code in it
  // (`echo 'print(os.environ["TOKEN"])' | python3`) may still read one where it runs.
  if (inv.clipboard || PS_CLIPBOARD.test(name)) {
    // What it is given, as words (`Set-Clipboard -Value $env:X`) or on stdin (`xclip <<< "$X"`), leaves the process
    // wherever its own output goes.
    found = inv.args.map((w) => (w.values === null ? referenced(w.text, secret, pointers) : undefined)).find((n) => n !== undefined);
    found ??= seg.redirects.map((r) => ((r.op === '<<<' || r.op.startsWith('<<')) && (r.body ?? r.target)?.values === null ? referenced(r.body?.text ?? r.target?.text ?? '', secret, pointers) : undefined)).find((n) => n !== undefined);
    return found;
  }
  if (PRINTS_ARGS.has(name)) found = inv.args.map((w) => (w.values === null ? referenced(w.text, secret, pointers) : referencedInCode(w.text, secret))).find((n) => n !== undefined);
  else if (inv.printsVariables !== undefined) {
    // Its entry names the words whose variables it prints (`printenv NAME`, `launchctl getenv NAME`).
    found = inv.printsVariables.map((w) => staticValue(w)).find((v): v is string => v !== null && secret(v));
    found ??= inv.printsVariables.map((w) => (w.values === null ? computedName(w.text, pointers) : undefined)).find((n) => n !== undefined);
  } else if (PRINTS_NAMED.has(name) && inv.dialect === 'bash') {
    // `declare -p NAME`; `export NAME=…` and `declare NAME=…` set, and print nothing.
    const prints = inv.args.some((w) => /^-[a-zA-Z]*p/.test(staticValue(w) ?? ''));
    if (prints) found = inv.args.map((w) => staticValue(w)).find((v): v is string => v !== null && !v.startsWith('-') && !v.includes('=') && secret(v));
    // A name the line computes (`read n; printenv "$n"`, `printenv $(cat name)`) may be a secret one's, as `${!n}` may.
    if (prints && found === undefined) found = inv.args.map((w) => (w.values === null && !w.text.startsWith('-') ? computedName(w.text, pointers) : undefined)).find((n) => n !== undefined);
  } else if (inv.dialect === PS && /^(get-content|gc|cat|type|get-item|gi|get-childitem|gci|dir|ls|get-itemproperty|gp|get-itempropertyvalue|gpv|copy-item)$/.test(name)) {
    // The Env: drive: `Get-Content env:GITHUB_TOKEN` prints the variable.
    // Every value of a word: `-Path` takes an array (`gc env:PATH,env:GITHUB_TOKEN`).
    // The Variable: drive the same way (`$t = $env:GITHUB_TOKEN; Get-Content variable:t`); listed whole (`dir variable:`),
    // every variable the line set, a copy of a secret among them.
    const values = inv.args.flatMap((w) => w.values ?? []);
    found = values.map((v) => /^(?:-\w+:)?(?:env|variable):[\\/]?([A-Za-z_][A-Za-z0-9_]*)$/i.exec(v)?.[1]).find((n) => n !== undefined && secret(n));
    // An Env: item whose name the line computes (`Get-Item "env:$n"`) may be a secret variable.
    found ??= inv.args.find((w) => w.values === null && /^["']?(?:-\w+:)?env:[\\/]?(?=[^\s"']*\$)/i.test(w.text))?.text.replace(/["']/g, '');
    if (found === undefined && /^(get-childitem|gci|dir|ls|get-item|gi)$/.test(name) && values.some((v) => /^(?:-\w+:)?variable:[\\/]?(?:\*)?$/i.test(v))) found = copied;
  } else if (inv.dialect === PS && /^(get-variable|gv)$/.test(name)) {
    // `Get-Variable t`, `gv`, `Get-Variable *`: the variables named (all of them by default) with their values.
    const names = inv.args.filter((w) => !w.text.startsWith('-')).flatMap((w) => w.values ?? ['*']);
    found = names.length === 0 || names.some((n) => /[*?[]/.test(n)) ? copied : names.find((n) => secret(n));
  } else if (runsCode(name)) {
    // Its code: in its words, or a heredoc or here-string it reads (`python3 - <<'EOF'`).
    const texts = [...inv.args.map((w) => w.text), ...seg.redirects.map((r) => r.body?.text ?? '')];
    found = texts.map((t) => referencedInCode(t, secret)).find((n) => n !== undefined);
    // yq's envsubst operator puts each variable a string of its names (`"${GITHUB_TOKEN}" | envsubst`) in its place.
    if (found === undefined && name === 'yq') found = inv.args.map((w) => (w.values?.some((v) => /\benvsubst\b/.test(v)) ? referenced(w.values.join(' '), secret, pointers) : undefined)).find((n) => n !== undefined);
    // Code given in its words reads its stdin as data (`awk 1 <<< "$TOKEN"`, `jq -R . <<< …`).
    if (found === undefined && !inv.stdinCode && !inv.keepsStdin) found = givenOnStdin(seg, secret, pointers);
  } else if (!inv.keepsStdin && !inv.stdinCode) {
    // A heredoc or here-string it reads (`cat <<< "$TOKEN"`, `grep . <<< "$TOKEN"`), as `echo "$TOKEN" | prog` is: it
    // may print it, unless its entry says it keeps what it reads. Text that is code where it runs is judged there.
    found = givenOnStdin(seg, secret, pointers);
  }
  return found !== undefined && (anywhere || printed(seg, analysis)) ? found : undefined;
}

/**
 * PowerShell's clipboard cmdlet (`Set-Clipboard $env:GITHUB_TOKEN`): every program of the session reads it there, and
 * Windows keeps a history of it that it may sync to other devices. Native clipboard programs say so in their entries.
 */
const PS_CLIPBOARD = /^(set-clipboard|scb)$/;
/** PowerShell commands that keep a value handed to them down the pipeline without printing it (a file, a secure string). */
const PS_KEEPS = /^(out-file|set-content|sc|add-content|ac|export-csv|epcsv|export-clixml|out-null|convertto-securestring|set-secret|new-item|ni|set-item|si|protect-cmsmessage)$/;

/**
 * PowerShell prints the value of a statement that is only an expression: `$env:GITHUB_TOKEN`, `"$env:X"`; one handed
 * down a pipeline is printed by what it goes to, as `echo "$X" | …` is, unless that keeps it (a file, a program that
 * takes a secret on stdin), and put on the clipboard by a clipboard program.
 */
function bareStatements(analysis: Analysis, secret: (name: string) => boolean): Finding[] {
  const out: Finding[] = [];
  for (const o of analysis.outputs ?? []) {
    const name = referenced(o.text, secret);
    if (name === undefined) continue;
    const into = o.into?.toLowerCase().replace(/^.*[\\/]/, '').replace(/\.(exe|com|cmd|bat)$/, '');
    // The command it goes to: the first after it of that name.
    const reader = into === undefined ? undefined : analysis.invocations.find((i) => i.span.start >= o.span.end && programName(i) === into);
    if (into !== undefined && (PS_KEEPS.test(into) || reader?.keepsStdin)) continue;
    const text = o.text.length > 60 ? `${o.text.slice(0, 60)}\u2026` : o.text;
    const what = into !== undefined && (reader?.clipboard || PS_CLIPBOARD.test(into)) ? `puts $env:${name} on the clipboard (${o.into}), where other programs read it,` : into !== undefined ? `hands $env:${name} to ${o.into}, which may print it,` : `prints $env:${name},`;
    out.push({ rule: 'env.secret-variable', kind: 'env-dump', message: `${text} ${what} a variable whose name says it holds a secret (secretVariablePatterns)`, span: o.span });
  }
  return out;
}

export const secretVariable: Rule = {
  id: 'env.secret-variable',
  kind: 'env-dump',
  description:
    'A command prints a variable whose name `secretVariablePatterns` says holds a secret (`echo $GITHUB_TOKEN`, `printenv OPENAI_API_KEY`, `$env:GITHUB_TOKEN`, interpreter code printing `os.environ["X"]`): its value reaches the transcript; or puts it on the clipboard (`Set-Clipboard $env:GITHUB_TOKEN`), where other programs read it. Written to a file, piped into a program that takes a secret on stdin (`docker login --password-stdin`) or spent in a substitution, it passes.',
  examples: {
    deny: [
      'echo $GITHUB_TOKEN',
      'printenv OPENAI_API_KEY',
      'echo "key=${ANTHROPIC_API_KEY}"',
      "printf '%s\\n' \"$AWS_SECRET_ACCESS_KEY\"",
      'declare -p NPM_TOKEN',
      'echo "$GITHUB_TOKEN" | base64',
      'cat <<< "$DB_PASSWORD"',
      "echo '$GITHUB_TOKEN' | envsubst",
      'cat <<EOF\nexport GITHUB_TOKEN=$GITHUB_TOKEN\nEOF',
      'echo "Set \\$X=$GITHUB_TOKEN"',
      "python3 -c 'import os; print(os.environ[\"GITHUB_TOKEN\"])'",
      'node -p process.env.OPENAI_API_KEY',
      `node -e "if (process.env.API_KEY) console.log(process.env.API_KEY)"`,
      `python3 -c "import os; print(os.getenv('API_KEY').startswith('sk-'))"`,
      "awk 'BEGIN { print ENVIRON[\"GITHUB_TOKEN\"] }'",
      "jq -n 'env.GITHUB_TOKEN'",
      "envsubst <<< '$AWS_SECRET_ACCESS_KEY'",
      "envsubst < <(echo '$GITHUB_TOKEN')",
      "yq -n 'strenv(AWS_SECRET_ACCESS_KEY)'",
      "mlr -n put 'end{print ENV[\"AWS_SECRET_ACCESS_KEY\"]}'",
      'xargs echo <<< "$GITHUB_TOKEN"',
      't=$GITHUB_TOKEN; echo "$t"',
      'export K="$OPENAI_API_KEY"; printenv K',
      'read -r k <<< "$NPM_TOKEN"; echo "$k"',
      'p=GITHUB_TOKEN; echo "${!p}"',
      'declare -n r=GITHUB_TOKEN; echo "$r"',
      'for v in ${!AWS*}; do echo ${!v}; done',
      'for v in AWS_SECRET_ACCESS_KEY; do echo ${!v}; done',
      'set -- AWS_SECRET_ACCESS_KEY; echo ${!1}',
      'echo ${!AWS_SECRET_ACCESS_KEY}',
      'echo "$(printenv GITHUB_TOKEN)"',
      'echo `printenv ANTHROPIC_API_KEY`',
      "chrt 1 bash -c 'echo `printenv ANTHROPIC_API_KEY`'",
      { command: '$env:GITHUB_TOKEN', shell: PS },
      { command: 'Write-Output $env:AZURE_CLIENT_SECRET', shell: PS },
      { command: 'Get-Content env:GITHUB_TOKEN', shell: PS },
      { command: '${env:GITHUB_TOKEN}', shell: PS },
      { command: 'Get-Content env:PATH,env:GITHUB_TOKEN', shell: PS },
      { command: '$env:X = $env:AWS_SECRET_ACCESS_KEY; $env:X', shell: PS },
      { command: 'Rename-Item env:GITHUB_TOKEN NODE_ENV; $env:NODE_ENV', shell: PS },
      { command: "[Environment]::GetEnvironmentVariable('GITHUB_' + 'TOKEN')", shell: PS },
      { command: "[Environment]::ExpandEnvironmentVariables('%GITHUB_TOKEN%')", shell: PS },
      { command: 'Set-Clipboard -Value $env:GITHUB_TOKEN', shell: PS },
      { command: '$env:AWS_SECRET_ACCESS_KEY | Set-Clipboard', shell: PS },
      'xclip -selection clipboard <<< "$GITHUB_TOKEN"',
      'set -x; t=$GITHUB_TOKEN',
      'echo "$GITHUB_TOKEN" > t.txt; cat t.txt',
      'cat "$GITHUB_TOKEN"',
      'ls $AWS_SECRET_ACCESS_KEY',
      { command: 'Get-ChildItem $env:GITHUB_TOKEN', shell: PS },
    ],
    pass: [
      'cat "$GITHUB_TOKEN_FILE"',
      'test -f "$GITHUB_TOKEN"',
      't=$GITHUB_TOKEN; set -x; make',
      'echo "${!arr[@]}"',
      'echo "$GITHUB_TOKEN" > t.txt; cat u.txt',
      'echo "$GITHUB_TOKEN" > t.txt; gh auth login --with-token < t.txt',
      'curl -H "Authorization: Bearer $GITHUB_TOKEN" http://localhost:8080',
      "echo '$HOME' | envsubst",
      `python3 -c "import os; assert os.environ.get('API_KEY'), 'API_KEY missing'"`,
      `node -e "if (!process.env.DATABASE_URL) process.exit(1)"`,
      "envsubst <<< '$HOME'",
      "envsubst < <(echo '$HOME')",
      "yq -n 'strenv(HOME)'",
      'echo $HOME',
      'printenv PATH',
      'declare -n r=HOME; echo "$r"',
      'p=HOME; echo "${!p}"',
      'echo "$GITHUB_TOKEN" | docker login ghcr.io -u me --password-stdin',
      ". /dev/stdin <<< 'echo \"$GITHUB_TOKEN\" | docker login ghcr.io -u me --password-stdin'",
      'echo "//registry.npmjs.org/:_authToken=${NPM_TOKEN}" > .npmrc',
      'curl -H "Authorization: Bearer $(printenv GITHUB_TOKEN)" http://localhost:3000/',
      'export GITHUB_TOKEN=abc',
      'echo ${#GITHUB_TOKEN}x',
      'test -n "$GITHUB_TOKEN" && echo set',
      'echo $TOKEN_FILE',
      "jq -n 'env.HOME'",
      'echo "token: ${GITHUB_TOKEN:+set}"',
      "echo 'Remember to set $AWS_SECRET_ACCESS_KEY'",
      'echo "Set \\$GITHUB_TOKEN first"',
      "cat <<'EOF'\nexport GITHUB_TOKEN=$GITHUB_TOKEN\nEOF",
      { command: "Write-Host 'Set $env:GITHUB_TOKEN in CI'", shell: 'powershell' },
      't=$HOME; echo "$t"',
      { command: '$env:PATH', shell: PS },
      { command: 'Write-Output $env:USERNAME', shell: PS },
      { command: 'Get-Content env:PATH', shell: PS },
      { command: '${env:PATH}', shell: PS },
      { command: 'Get-Content env:PATH,env:HOME', shell: PS },
      { command: '$env:X = $env:PATH; $env:X', shell: PS },
      { command: "[Environment]::GetEnvironmentVariable('PA' + 'TH')", shell: PS },
      { command: "if ($env:GITHUB_TOKEN) { 'set' }", shell: PS },
      { command: 'Set-Clipboard -Value $env:USERNAME', shell: PS },
      { command: '$env:GITHUB_TOKEN | docker login ghcr.io -u me --password-stdin', shell: PS },
      { command: '$env:AWS_SECRET_ACCESS_KEY | Out-File secret.txt', shell: PS },
    ],
  },
  check({ analysis, config }) {
    // Most lines name no variable at all: nothing to look for, unless text was re-entered (decoded, written, nested),
    // whose words the line's own text does not show.
    if (!MAY_NAME.test(analysis.command) && !analysis.segments.some((s) => s.depth > 0) && analysis.outputs === undefined) return [];
    const named = compile(config).secretVariable;
    // A variable the line sets from a secret one holds the secret too (`t=$GITHUB_TOKEN; echo $t`), as does a
    // `read` of it or an export under another name; followed to a fixed point.
    const copies = new Set<string>();
    const pointers = new Set<string>();
    const secret = (name: string) => named(name) || copies.has(name.toLowerCase());
    // `${!p}` of a name the line set only to names of no secret reads no secret; any other (a loop variable, `$1`, the
    // environment's, `${!AWS_SECRET_ACCESS_KEY}` itself, whose value bash prints in its error) may.
    const safe = new Set<string>();
    const unsafe = new Set<string>();
    // (A function's arguments are its $1… only while it runs: an indirection inside a function's body may read them;
    // one after the call reads the shell's own again.)
    const inFunction = analysis.segments.some((seg) => seg.context.some((c) => c.startsWith('function ')) && [...seg.words, ...seg.assignments.map((a) => a.value)].some((w) => w.text.includes('${!')));
    const positionalSet = /(?:^|[\s;&|({])(?:set|shift)(?:\s|$)/.test(analysis.command) || inFunction;
    for (let grew = true; grew; ) {
      grew = false;
      const copy = (written: string, from: string) => {
        // PowerShell's `${x}`, `$script:x`, `$env:X` (and an Env: item moved or set there): the name a reference reads.
        const name = written.replace(/^\{(.*)\}$/, '$1').replace(/^(?:global|script|local|private):/i, '').replace(/^env:/i, '');
        if (copies.has(name.toLowerCase()) || named(name) || referenced(from, secret) === undefined) return;
        copies.add(name.toLowerCase());
        grew = true;
      };
      for (const seg of analysis.segments) {
        for (const a of seg.assignments) {
          // `n=1; echo ${!n}` reads $1: what the line's shell was given, empty unless the line sets positional
          // parameters (`set --`, a function's arguments), which may be a secret's value.
          const positional = a.value.values !== null && a.value.values.length > 0 && a.value.values.every((v) => /^[0-9]+$/.test(v)) && !positionalSet;
          if (positional) safe.add(a.name.toLowerCase());
          else if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(a.value.values?.[0] ?? '') || a.value.values?.some((v) => secret(v))) unsafe.add(a.name.toLowerCase());
          else safe.add(a.name.toLowerCase());
          copy(a.name, a.value.text);
          // `p=GITHUB_TOKEN; echo ${!p}`: p names a secret variable.
          if (a.value.values?.some((v) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(v) && secret(v))) pointers.add(a.name.toLowerCase());
        }
      }
      for (const inv of analysis.invocations) {
        const program = programName(inv);
        if (/^(export|declare|typeset|local|readonly)$/.test(program)) {
          // `declare -n r=GITHUB_TOKEN`: r is the secret variable under another name.
          const nameref = inv.args.some((w) => /^-[A-Za-z]*n/.test(staticValue(w) ?? ''));
          for (const w of inv.args) {
            const m = /^([A-Za-z_][A-Za-z0-9_]*)=([\s\S]*)$/.exec(w.text);
            if (m) copy(m[1]!, nameref ? `$${m[2]!.replace(/^["']|["']$/g, '')}` : m[2]!);
          }
        }
        if (program === 'read' || program === 'mapfile' || program === 'readarray') {
          const from = analysis.segments[inv.segment]?.redirects.map((r) => r.body?.text ?? '').join(' ') ?? '';
          for (const w of inv.args) if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(w.text)) copy(w.text, from);
        }
      }
    }
    // Names listed by `${!PREFIX*}`, or loop words naming a secret, may reach any variable: nothing is safe then.
    const lists = /\$\{![A-Za-z_][A-Za-z0-9_]*[*@]\}/.test(analysis.command) || analysis.segments.some((s) => s.context.at(-1) === 'for' && s.words.some((w) => w.values?.some((v) => secret(v))));
    const indirect: Pointers = { has: (n) => pointers.has(n) || !safe.has(n) || unsafe.has(n) || lists };
    const findings: Finding[] = [];
    for (const inv of analysis.invocations) {
      const name = prints(inv, analysis, secret, indirect, [...copies][0]);
      if (name === undefined) continue;
      findings.push({
        rule: 'env.secret-variable',
        kind: 'env-dump',
        // (What a program prints through another, as a template expander's variables: `printf` run by envsubst.)
        message: `${inv.program}${inv.wrappers.length > 0 ? ` (run by ${inv.wrappers.at(-1)})` : ''} ${inv.clipboard || PS_CLIPBOARD.test(programName(inv)) ? `puts $${name} on the clipboard, where other programs read it,` : `prints $${name},`} a variable whose name says it holds a secret (secretVariablePatterns)`,
        span: inv.span,
        segment: inv.segment,
      });
    }
    // Interpreter code reading a secret variable by a name it computes (`os.environ["GITHUB_" + "TOKEN"]`, `k = …;
    // process.env[k]`, `const {GITHUB_TOKEN} = process.env`): the language module says which name; the interpreter's
    // output says whether it is printed. Its text may already have named it.
    for (const use of analysis.codeUses) {
      if (use.what !== 'variable' || use.name === undefined || !secret(use.name)) continue;
      const seg = use.segment === undefined ? undefined : analysis.segments[use.segment];
      if (seg && !printed(seg, analysis)) continue;
      if (findings.some((f) => f.segment !== undefined && f.segment === use.segment)) continue;
      // The code as the interpreter reads it: its invocation's words and what it reads on stdin (a span of re-entered
      // text covers the whole outer word).
      const bodies = (seg?.redirects ?? []).map((r) => r.body?.values?.join('\n') ?? r.body?.text ?? '');
      const code = [...analysis.invocations.filter((i) => i.segment === use.segment).flatMap((i) => i.args.flatMap((a) => a.values ?? [])), ...bodies].join('\n');
      if (onlyTested(code, use.name, secret)) continue;
      const f: Finding = { rule: 'env.secret-variable', kind: 'env-dump', message: `${use.language} code reads ${use.api} ${use.name}, a variable whose name says it holds a secret (secretVariablePatterns)`, span: use.span };
      if (use.segment !== undefined) f.segment = use.segment;
      findings.push(f);
    }
    findings.push(...traced(analysis, secret, indirect));
    findings.push(...namedAsPath(analysis, secret, indirect, findings));
    findings.push(...readBack(analysis, secret, indirect, findings));
    return [...findings, ...bareStatements(analysis, secret)];
  },
};

/**
 * A file the line writes a secret variable into, then reads (`echo "$GITHUB_TOKEN" > t.txt; cat t.txt`): the read
 * prints it as the write would have. The file is named by a redirection's static target, and the read by a word
 * resolving to the same path.
 */
function readBack(analysis: Analysis, secret: (name: string) => boolean, pointers: Pointers, before: readonly Finding[]): Finding[] {
  const written = new Map<string, { name: string; segment: number }>();
  for (const inv of analysis.invocations) {
    const seg = analysis.segments[inv.segment];
    const targets = (seg?.redirects ?? []).filter((r) => /^(>|>>|>\||&>|&>>)$/.test(r.op) && (r.fd === undefined || r.fd === 1) && r.target?.values?.length === 1);
    if (!seg || targets.length === 0) continue;
    const name = prints(inv, analysis, secret, pointers, undefined, true);
    if (name === undefined) continue;
    const ctx = { cwd: cwdOf(seg), home: analysis.home, dialect: seg.dialect };
    for (const r of targets) written.set(resolvePath(r.target!.values![0]!, ctx), { name, segment: inv.segment });
  }
  if (written.size === 0) return [];
  const out: Finding[] = [];
  for (const use of pathUses(analysis).uses) {
    const from = written.get(use.path);
    if (from === undefined || use.segment <= from.segment || !READS.has(use.role)) continue;
    if (before.some((f) => f.segment === use.segment) || out.some((f) => f.segment === use.segment)) continue;
    // Its stdin for a program that takes a secret there and prints none of it (`gh auth login --with-token < t.txt`).
    const reader = analysis.invocations.find((i) => i.segment === use.segment);
    if (reader?.keepsStdin && analysis.segments[use.segment]?.redirects.some((r) => r.op === '<' && r.target?.span.start === use.span.start)) continue;
    out.push({ rule: 'env.secret-variable', kind: 'env-dump', message: `${display(use.text)} holds $${from.name}, written there by the line: reading it prints a variable whose name says it holds a secret (secretVariablePatterns)`, span: use.span, segment: use.segment });
  }
  return out;
}

/** What a program does with a path: each prints the path in its error when no file has that name, or leaves a file of that name (a delete is often -f, silent). */
const PATH_ROLES: ReadonlySet<WordRole> = new Set(['read', 'read-tree', 'meta', 'write', 'create', 'extract']);

/**
 * A secret variable given where a program takes a path (`cat "$GITHUB_TOKEN"`, `ls $AWS_SECRET_ACCESS_KEY`, `cd
 * "$NPM_TOKEN"`, `Get-Content $env:GITHUB_TOKEN`): no file has that name, and the error (`No such file or directory`)
 * prints it, unless the command's stderr goes to a file. A host, text or a word no entry says is a path is not judged.
 */
function namedAsPath(analysis: Analysis, secret: (name: string) => boolean, pointers: Pointers, before: readonly Finding[]): Finding[] {
  const out: Finding[] = [];
  analysis.segments.forEach((seg, index) => {
    // (A test prints nothing of the files it looks at: `[ -f "$K" ]`, `test -e "$K"`.)
    if (before.some((f) => f.segment === index) || seg.context.at(-1) === 'test' || /^(test|\[)$/.test(seg.words[0]?.values?.[0] ?? '')) return;
    // (Its stderr into a file: the error is kept there.)
    if (seg.redirects.some((r) => /^(>|>>|>\||&>|&>>)$/.test(r.op) && (r.fd === 2 || r.op.startsWith('&')) && r.target?.values?.every((v) => !/^\/dev\/(?:stdout|stderr|tty)$/.test(v)) === true)) return;
    // (Run by a wrapper too: `nice test -f "$K"`.)
    const tests = analysis.invocations.filter((i) => i.segment === index && /^(test|\[)$/.test(i.program));
    for (const w of seg.words) {
      if (w.values !== null || !(wordRoles(analysis, w) ?? []).some((u) => PATH_ROLES.has(u.role))) continue;
      if (tests.some((i) => i.args.includes(w) || i.args.some((a) => a.span.start === w.span.start))) continue;
      const name = referenced(w.text, secret, pointers);
      if (name === undefined) continue;
      out.push({ rule: 'env.secret-variable', kind: 'env-dump', message: `${display(w.text)} is given as a path: no file has a secret's name, and the error prints $${name}, a variable whose name says it holds a secret (secretVariablePatterns)`, span: w.span, segment: index });
      return;
    }
  });
  return out;
}

/** `set -x`, `set -o xtrace`, `bash -x`: every command is printed with its words expanded. */
const XTRACE = /^-[a-zA-Z]*x[a-zA-Z]*$/;
/** `${X:?$TOKEN}`, `${X?word}`: when X is unset, bash prints the word as the error. */
const UNSET_ERROR = /\$\{#?[A-Za-z_][A-Za-z0-9_]*:?\?([^}]*)\}/g;

/**
 * Whether segment `i` runs after the trace that segment `j` turned on, on the same way through the line: a later segment
 * with none between whose text stands before the trace's. (Text a nested shell runs stands at the span of the word that
 * holds it, so spans alone cannot order it; and the analysis reads the line once for each way a `cd` may go, so a later
 * segment may be the start of another reading.)
 */
function tracedAfter(segments: readonly Segment[], j: number, i: number): boolean {
  if (i <= j) return false;
  const from = segments[j]?.span.start ?? 0;
  const scope = traceScope(segments, j);
  const depth = segments[i]?.depth ?? 0;
  for (let k = j + 1; k <= i; k++) {
    // (Text run deeper than the traced command and back, wherever it is written: a DEBUG trap's before each command.)
    if (k < i && (segments[k]?.depth ?? 0) > depth) continue;
    if ((segments[k]?.span.start ?? 0) < from || (segments[k]?.depth ?? 0) < scope) return false;
  }
  return true;
}

/** The commands that run text in the shell that runs them, where a `set -x` in it stays on after it. */
const SAME_SHELL = new Set(['eval', 'source', '.']);

/**
 * The least depth of text the trace segment `j` turned on stays on in: its own text's, or, where that text runs in the
 * same shell (eval, source), the text around it. A segment less deep than that stands after the shell that traced
 * has exited (`bash -c '…; set -x; make'` read once for each way a `cd` before it may go: the second reading's
 * segments are not traced by the first's `set -x`).
 */
function traceScope(segments: readonly Segment[], j: number): number {
  let depth = segments[j]?.depth ?? 0;
  let k = j;
  while (depth > 0) {
    let p = k - 1;
    while (p >= 0 && (segments[p]?.depth ?? 0) >= depth) p--;
    const parent = segments[p];
    if (parent === undefined || parent.depth !== depth - 1) break;
    const words = parent.words.slice(0, 2).map((w) => staticValue(w) ?? '');
    if (!words.some((w) => SAME_SHELL.has(w))) break;
    depth = parent.depth;
    k = p;
  }
  return depth;
}

/** A secret variable that reaches stderr through a shell's trace or an unset parameter's error message. */
function traced(analysis: Analysis, secret: (name: string) => boolean, pointers: Pointers): Finding[] {
  const out: Finding[] = [];
  const tracing = analysis.invocations.find((inv) => {
    const program = programName(inv);
    const words = inv.args.map((w) => staticValue(w) ?? '');
    if (program === 'set') return words.some((v) => XTRACE.test(v)) || words.some((v, i) => v === '-o' && words[i + 1] === 'xtrace');
    return /^(bash|sh|dash|zsh|ksh)$/.test(program) && words.some((v) => XTRACE.test(v) && !v.startsWith('--'));
  });
  for (const inv of analysis.invocations) {
    for (const w of inv.args) {
      for (const m of w.text.matchAll(UNSET_ERROR)) {
        const name = referenced(m[1] ?? '', secret, pointers);
        if (name !== undefined) out.push({ rule: 'env.secret-variable', kind: 'env-dump', message: `${w.text} prints $${name} as its error when the parameter is unset`, span: w.span, segment: inv.segment });
      }
    }
  }
  if (tracing === undefined) return out;
  // The trace prints each later command's words, and its prompt PS4 before each.
  analysis.segments.forEach((seg, index) => {
    for (const a of seg.assignments) {
      const name = a.name === 'PS4' ? referenced(a.value.text, secret, pointers) : undefined;
      if (name !== undefined) out.push({ rule: 'env.secret-variable', kind: 'env-dump', message: `PS4 prints $${name} before each traced command`, span: a.span, segment: tracing.segment });
      // An assignment after the trace is on is traced too, its value expanded (`set -x; t=$GITHUB_TOKEN` prints `+ t=ghp_…`).
      const assigned = a.name !== 'PS4' && tracedAfter(analysis.segments, tracing.segment, index) ? referenced(a.value.text, secret, pointers) : undefined;
      if (assigned !== undefined) out.push({ rule: 'env.secret-variable', kind: 'env-dump', message: `${tracing.program} ${tracing.args.map((w) => w.text).join(' ')} traces ${a.name}=… with $${assigned} expanded`, span: a.span, segment: index });
    }
  });
  for (const inv of analysis.invocations) {
    // Those before it are not traced; a shell's own arguments are (`bash -x deploy.sh "$TOKEN"` traces each use of $1).
    if (inv !== tracing && !tracedAfter(analysis.segments, tracing.segment, inv.segment)) continue;
    // (A word with nothing to expand is traced as written: `bash -c 't=$GITHUB_TOKEN'` prints the name, not the value.)
    const name = inv.args.map((w) => (staticValue(w) === null ? referenced(w.text, secret, pointers) : undefined)).find((n) => n !== undefined);
    if (name !== undefined) out.push({ rule: 'env.secret-variable', kind: 'env-dump', message: `${tracing.program} ${tracing.args.map((w) => w.text).join(' ')} traces ${inv.program} with $${name} expanded`, span: inv.span, segment: inv.segment });
  }
  return out;
}
