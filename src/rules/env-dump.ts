// env.dump: a command that prints the whole environment, or reads a process environment file (or a process's memory,
// which holds its environment).
import type { Analysis, Finding, Invocation, Word } from '../types.js';
import { compile } from './compiled.js';
import { basename, componentCouldBe, components, hasMarkers } from './paths.js';
import type { Rule } from './rule.js';
import { isEnvironmentKey } from '../programs/entries/windows.js';
import { display, markGlob, operands, pathUses, programName, READS, spanKey, staticValue } from './words.js';

const PS = 'powershell' as const;

const LITERAL_ENVIRON = /\/proc\/[^/]+\/(?:task\/[^/]+\/)?(?:environ|mem)$/;
/** The files of a process that hold its environment: `environ`, and `mem`, its memory (the environment is on its stack). */
const ENVIRON_NAMES = ['environ', 'mem'] as const;
// PowerShell's Env: drive root, or a wildcard over it (`Env:`, `env:\`, `Env:*`, `env:/A*`).
const ENV_DRIVE = /^env:[\\/]?(?:$|[^\\/]*[*?[])/i;
const ENV_IN_EXPRESSION = /^[($@].*(?:^|[\s(,'"])(?:microsoft\.powershell\.core\\)?(?:env:|environment::)[\\/]?(?:$|[\s)'",*])/i;
const PS_LISTERS = new Set(['get-childitem', 'gci', 'ls', 'dir', 'get-item', 'gi', 'get-itemproperty', 'get-content', 'copy-item']);

/** A directory whose tree holds /proc/<pid>/environ: `/`, `/proc`, `/proc/self`, `/proc/1/task`, `/proc/1/task/2`. */
function holdsEnviron(path: string, maxDepth = Number.POSITIVE_INFINITY): boolean {
  const c = components(path);
  // How deep below the path an environ file lies: `/` → /proc/1/environ is 3 levels down.
  let need: number | undefined;
  if (c.length === 0) need = 3;
  else if (!componentCouldBe(path, 0, 'proc', 2)) need = undefined;
  else if (c.length <= 2) need = 3 - c.length;
  else if (c.length <= 4 && componentCouldBe(path, 2, 'task', 2)) need = 5 - c.length;
  return need !== undefined && need <= maxDepth;
}

function isEnvironFile(path: string): boolean {
  if (!hasMarkers(path)) return LITERAL_ENVIRON.test(path);
  const n = components(path).length;
  // Only the pid may be a bare wildcard: `/proc/*/environ`, not `data/*/*/*`.
  if (n < 3 || !ENVIRON_NAMES.some((name) => componentCouldBe(path, -1, name, 3))) return false;
  return componentCouldBe(path, -3, 'proc', 2) || (n >= 5 && componentCouldBe(path, -3, 'task', 2) && componentCouldBe(path, -5, 'proc', 2));
}

/** Why this invocation prints the environment, or null. */
function dumps(inv: Invocation, startInfo: boolean): string | null {
  // Bash builtins and native programs: the registry says which invocations print the environment.
  if (inv.dumps !== undefined) return inv.dumps;
  const name = programName(inv);
  if (inv.dialect === 'powershell') {
    if (name === 'set' && inv.args.length === 0) return 'set with no name lists every variable';
    // cmd's `set PREFIX` lists every variable whose name starts with PREFIX (`set` alone is Set-Variable here).
    if (name === 'set' && inv.args.every((w) => w.values !== null && !w.values.some((v) => v.includes('=') || v.startsWith('/')))) return `cmd's set ${inv.args.map((w) => w.text).join(' ')} lists every variable whose name starts with it`;
    // `… | Select-Object -ExpandProperty EnvironmentVariables` (`-ExpandProperty:EnvironmentVariables`),
    // `% EnvironmentVariables`: only a ProcessStartInfo has a property of that name, a copy of the whole environment.
    // `Environment` (its dictionary in .NET Core) too, on a line that names a StartInfo (other objects have properties of
    // that name: a parsed JSON's).
    const projected = (name === 'select-object' || name === 'foreach-object') && inv.args.find((w) => w.values?.some((v) => /^(?:-[a-z]+:)?environmentvariables$/i.test(v) || (/^(?:-[a-z]+:)?environment$/i.test(v) && startInfo)));
    if (projected) {
      return `${inv.program} ${projected.text} takes a ProcessStartInfo's copy of the whole environment`;
    }
    if (PS_LISTERS.has(name)) {
      if (inv.args.some((w) => (w.values ?? [w.text]).some((v) => ENV_DRIVE.test(v.replace(/^-[a-z]+:/i, ''))))) {
        return `${inv.program} env: lists the environment (Env: drive)`;
      }
      // `Get-ItemProperty HKCU:\Environment`: the variables Windows gives every new process, unless one is named
      // (`-Name`, Get-ItemProperty's second operand).
      const key = inv.args.find((w) => (w.values ?? []).some((v) => isEnvironmentKey(v.replace(/^-[a-z]+:/i, ''))));
      if (key && !inv.args.some((w) => /^-n(a(me?)?)?(:|$)/i.test(w.text))) {
        const given = operands(inv.args, (o) => /^-(path|literalpath|lp|pspath|filter|include|exclude|credential)$/i.test(o));
        if (name !== 'get-itemproperty' || given.length <= 1) return `${inv.program} ${key.text} lists the variables Windows gives every new process (the registry's Environment key)`;
      }
      // `gci (Resolve-Path env:)`: a path computed by a command that names the Env: drive is that drive.
      if (inv.args.some((w) => w.values === null && ENV_IN_EXPRESSION.test(w.text))) return `${inv.program} lists what an expression over the Env: drive names`;
      const lists = name === 'get-childitem' || name === 'gci' || name === 'ls' || name === 'dir';
      if (inv.cwd?.toLowerCase().startsWith('env:')) {
        const named = operands(inv.args, () => true);
        // Inside the Env: drive a relative wildcard (`gi *`, `gc A*`) matches variables, as `Env:*` does.
        const wild = named.some((w) => w.values === null || w.glob === true || (w.values ?? []).some((v) => /[*?[]/.test(v) && !/^[a-z][\w.]*:/i.test(v)));
        if ((lists && named.length === 0) || wild) return `${inv.program} in the Env: drive lists the environment`;
      }
    }
  }
  return null;
}

// awk's program reading ENVIRON as a whole rather than one variable it names: `for (k in ENVIRON)`, or a subscript
// computed at run time (`ENVIRON[k]`, `ENVIRON[$1]`, `ENVIRON["GITHUB_" t]`), which may name any variable; one string
// alone (`ENVIRON["HOME"]`) is judged as `printenv HOME` is, by env.secret-variable. Interpreter code is read by its
// language's model (src/languages/), which says when it reads the whole environment (Analysis.codeUses).
const AWK_ENVIRON = /\bENVIRON\b(?!\s*\[\s*"[^"\\]*"\s*\])/;
const AWK_VALUED = /^(-[fFv]|--file|--field-separator|--assign)$/;

/** An awk program given on the line that reads the whole environment. */
function awkDump(inv: Invocation): Word | undefined {
  if (!/^(g|m|n)?awk$/.test(programName(inv))) return undefined;
  if (inv.args.some((w) => /^(-f|--file)/.test(staticValue(w) ?? ''))) return undefined;
  const code = operands(inv.args, (o) => AWK_VALUED.test(o))[0];
  if (code === undefined) return undefined;
  return (code.values ?? [code.text]).some((v) => AWK_ENVIRON.test(v)) ? code : undefined;
}


/** Programs that print the environment a variable a line (`NAME=value`), and the shell's listings of its variables. */
const LISTERS = /^(env|printenv|set|export|declare|typeset)$/;
/** Builtins that set a variable to what they read or compute (a value may hold a line like another variable's `PATH=…`). */
const READS_INTO = /^(read|mapfile|readarray|getopts)$/;
/** Builtins and wrappers whose `NAME=VALUE` words set (and may export) a variable. */
const ASSIGNS = /^(export|declare|typeset|local|readonly|env)$/;

/** grep's options that neither print other lines (-v, -A/-B/-C, -z, -f) nor read other patterns. */
const GREP_KEEPS = /^(-[iEGPwcoqsnhH]+|--(ignore-case|extended-regexp|basic-regexp|perl-regexp|word-regexp|count|only-matching|quiet|silent|no-messages|line-number|no-filename|with-filename|color|colour)(=(auto|always|never))?)$/;
const NAME = '[A-Za-z_][A-Za-z0-9_]*';

/**
 * The variables a pipeline stage after a listing of the environment lets through, when it lets through only lines of
 * variables it names whole: `env | grep ^NODE_ENV=`, `printenv | grep -E '^(PATH|HOME)='`, `env | grep -w JAVA_HOME`.
 * What `env | grep NODE` prints is any variable whose name holds NODE (NODE_AUTH_TOKEN), so that stays a dump.
 */
function namesFiltered(inv: Invocation, analysis: Analysis): string[] | undefined {
  if (inv.dialect !== 'bash' || !LISTERS.test(programName(inv))) return undefined;
  // `env -0` ends each variable with NUL, `env X=…` adds one: only a plain listing prints a variable a line.
  const plain = /^(env|printenv)$/.test(programName(inv)) ? inv.args.length === 0 : programName(inv) === 'set' ? inv.args.length === 0 : inv.args.every((w) => /^-[px]+$/.test(staticValue(w) ?? ''));
  const seg = analysis.segments[inv.segment];
  if (!plain || !seg?.piped || seg.redirects.length > 0) return undefined;
  const stage = seg.context.at(-1)?.match(/^pipeline\[(\d+)\]$/);
  if (!stage) return undefined;
  const outer = seg.context.slice(0, -1).join('/');
  const next = analysis.segments.slice(analysis.segments.indexOf(seg) + 1).find((s) => s.context.slice(0, -1).join('/') === outer && s.context.at(-1) === `pipeline[${Number(stage[1]) + 1}]`);
  const at = next ? analysis.segments.indexOf(next) : -1;
  const grep = analysis.invocations.find((i) => i.segment === at);
  // (Nested text's commands carry the shell that runs it as a wrapper: the two stages share theirs; not `| xargs grep`.)
  if (!next || !grep || grep.wrappers.join('\0') !== inv.wrappers.join('\0') || next.redirects.some((r) => r.op.startsWith('<')) || !/^e?grep$/.test(programName(grep))) return undefined;
  // What the line puts in the environment holds no line of its own making (`export X="$(printf 'a\nPATH=')$KEY"`, then
  // `^PATH=` lets X's second line through): every value it assigns is static text without a newline, or the variable's
  // own value again (`PATH="$PATH"`); nothing reads a value into one; cd or pushd goes to a static directory (PWD).
  const same = (name: string, text: string) => new RegExp(`^"?\\$\\{?${name}\\}?"?$`).test(text);
  const safe = (name: string, w: Word, text = w.text) => w.values?.every((v) => !v.includes('\n')) === true || same(name, text);
  for (const s of analysis.segments) for (const a of s.assignments) if (!safe(a.name, a.value)) return undefined;
  // So do a loop's words, each the value of its variable in a round (`for X in "$(printf 'a\nPATH=')$KEY"; do export X`),
  // and `${X:=…}`, `${X=…}`, which assign where they expand.
  const loopHead = (s: (typeof analysis.segments)[number]) => /^(for|select)$/.test(s.context.at(-1) ?? '') && !analysis.invocations.some((i) => analysis.segments[i.segment] === s);
  if (analysis.segments.some((s) => loopHead(s) && s.words.some((w) => w.values?.every((v) => !v.includes('\n')) !== true))) return undefined;
  // (A default of plain text, `${N:=1}`, `${MODE:=dev}`, holds no line of its own making.)
  for (const m of analysis.command.matchAll(/\$\{[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?:?=([^}]*)/g)) if (!/^[\w./:@%+,-]*$/.test(m[1]!)) return undefined;
  for (const i of analysis.invocations) {
    const name = programName(i);
    if (i === inv || i === grep) continue;
    if (READS_INTO.test(name) || (name === 'printf' && i.args.some((w) => /^-v/.test(staticValue(w) ?? '-v'))) || (/^(cd|pushd)$/.test(name) && i.args.some((w) => w.values === null))) return undefined;
    if (!ASSIGNS.test(name)) continue;
    for (const w of i.args) {
      const m = /^([A-Za-z_][A-Za-z0-9_]*)=([\s\S]*)$/.exec(w.text);
      if (m ? !safe(m[1]!, w, m[2]) : w.values === null) return undefined;
    }
  }
  return grepFilterNames(programName(grep), grep.args.map((w) => staticValue(w)), /^(env|printenv)$/.test(programName(inv)));
}

/**
 * The variables a grep run (`grep`/`egrep` and its words) prints from a listing of the environment, when every
 * pattern lets through only lines of variables it names whole (`^NAME=`, with -E or -P `^(A|B)=`, under -w after
 * env or printenv a name alone); undefined for any other grep. `null` words are computed. The fuzz oracle reads a
 * grep it saw run the same way.
 */
export function grepFilterNames(program: string, words: readonly (string | null)[], afterEnv: boolean): string[] | undefined {
  const patterns: string[] = [];
  const operands: string[] = [];
  let extended = program === 'egrep';
  let word = false;
  for (let k = 0; k < words.length; k++) {
    const v = words[k];
    // (`v === undefined` cannot hold: equivalent. A null word would throw below, a refusal, not env.dump: env-dump-301.)
    if (v === null || v === undefined) return undefined;
    if (v === '-e' || v === '--regexp') {
      const p = words[++k];
      // (Equivalent when made false: a missing or computed pattern is no name, and the loop below gives up on it.)
      if (p === null || p === undefined) return undefined;
      patterns.push(p);
    } else if (v.startsWith('--regexp=')) patterns.push(v.slice(9));
    // (`v.length > 1` made `>= 1` or true is equivalent: a lone `-` fails GREP_KEEPS, as it fails as a second operand.)
    else if (v.startsWith('-') && v.length > 1) {
      if (!GREP_KEEPS.test(v)) return undefined;
      // (Every `v` here passed GREP_KEEPS, so starts with `-`: the two patterns' anchors are equivalent when dropped,
      // but for `-[^-]*w` unanchored, which `--color=always` matches: env-dump-296.)
      if (/^-[^-]*[EP]|^--(extended|perl)/.test(v)) extended = true;
      if (/^-[^-]*w|^--word/.test(v)) word = true;
    } else operands.push(v);
  }
  // The pattern is the first operand unless -e gave them; any other operand is a file grep reads instead of the pipe.
  if (patterns.length === 0) patterns.push(...operands.splice(0, 1));
  if (operands.length > 0) return undefined;
  if (patterns.length === 0) return undefined;
  // (Starting the list with a name no secret variable has is equivalent: each name is judged as `printenv NAME` is.)
  const names: string[] = [];
  for (const p of patterns) {
    // `^NAME=`, and with -E or -P `^(A|B)=`; under -w, a name alone (a variable's name is word characters only). No
    // other alternative may follow (`^PATH=|^AWS`, BRE's `\|`), nor a second pattern on another line.
    const one = new RegExp(`^\\^(${NAME})=`).exec(p) ?? (extended ? new RegExp(`^\\^\\((${NAME}(?:\\|${NAME})+)\\)=`).exec(p) : null);
    if (/\n/.test(p)) return undefined;
    if (one && !p.slice(one[0].length).includes('|')) names.push(...one[1]!.split('|'));
    else if (word && afterEnv && new RegExp(`^${NAME}$`).test(p)) names.push(p);
    else return undefined;
  }
  return names;
}

export const envDump: Rule = {
  id: 'env.dump',
  kind: 'env-dump',
  description: 'Prints the whole environment (env, printenv, export -p, declare -p, set, /proc/*/environ or a process\u2019s memory, Env: drive), where API keys live.',
  examples: {
    deny: [
      'env',
      'env -0',
      'env -u HOME',
      'env FOO=bar',
      'printenv',
      'printenv -0',
      'export',
      'export -p',
      'declare -p',
      'declare -x',
      'typeset',
      'set',
      'set -o posix; set',
      'sudo env',
      'env | grep -i key',
      'env | grep NODE',
      'env | grep ^NODE_',
      'env | grep ^GITHUB_TOKEN=',
      "env | grep -E '^PATH=|^AWS'",
      "env | grep -E '^(PATH|AWS_SECRET_ACCESS_KEY)='",
      'env | grep -v ^PATH=',
      'env | grep -A3 ^PATH=',
      'env | grep ^PATH= ~/.aws/credentials -',
      'export X=$(cat k); env | grep ^PATH=',
      'set | grep -w PATH',
      'set | grep ^_=',
      'env | xargs grep ^PATH=',
      'env -i X="$AWS_SECRET_ACCESS_KEY" env | grep ^X=',
      'read -r X < f; export X; env | grep ^X=',
      'cat /proc/self/environ',
      'cat /proc/$$/environ',
      "tr '\\0' '\\n' < /proc/1/environ",
      'strings /proc/1234/task/1235/environ',
      'dd if=/proc/1234/mem bs=4096 skip=1 count=16',
      'grep -a TOKEN /proc/*/mem',
      'xxd /proc/$PPID/mem',
      "python3 -c 'open(\"/proc/1234/mem\", \"rb\").read()'",
      'cd /proc/self && cat environ',
      'cat /proc/*/environ',
      'cat /proc/self/../self//environ',
      'xargs -0 -n1 < /proc/thread-self/environ',
      'ps eww',
      "node -e 'console.log(process.env)'",
      'python3 -c "import os; print(dict(os.environ))"',
      "perl -e 'print map { \"$_=$ENV{$_}\\n\" } keys %ENV'",
      "ruby -e 'p ENV.to_h'",
      "awk 'BEGIN { for (k in ENVIRON) print k, ENVIRON[k] }'",
      "awk -v k=GITHUB_TOKEN 'BEGIN { print ENVIRON[k] }'",
      "awk '{ print ENVIRON[$1] }' names.txt",
      'cat /dev/fd/../environ',
      "php -r 'print_r(getenv());'",
      'python3 -c "print(open(\'/proc/self/environ\').read())"',
      { command: 'Get-ChildItem env:', shell: PS },
      { command: 'gci Env:\\', shell: PS },
      { command: 'ls env:', shell: PS },
      { command: 'dir env:', shell: PS },
      { command: 'Get-Item env:*', shell: PS },
      { command: 'Get-ChildItem -Path Env:', shell: PS },
      { command: '[Environment]::GetEnvironmentVariables()', shell: PS },
      { command: 'Get-ItemProperty HKCU:\\Environment', shell: PS },
      { command: "gi 'HKLM:\\SYSTEM\\CurrentControlSet\\Control\\Session Manager\\Environment'", shell: PS },
      { command: '(Get-Process)[0].StartInfo.EnvironmentVariables', shell: PS },
      { command: 'Get-Process | Select-Object -ExpandProperty StartInfo | Select-Object -ExpandProperty EnvironmentVariables', shell: PS },
      // (The StartInfo named in text the line nests, encoded: Get-Process -Id $PID | … StartInfo | … Environment.)
      { command: 'pwsh -NoProfile -EncodedCommand RwBlAHQALQBQAHIAbwBjAGUAcwBzACAALQBJAGQAIAAkAFAASQBEACAAfAAgAFMAZQBsAGUAYwB0AC0ATwBiAGoAZQBjAHQAIAAtAEUAeABwAGEAbgBkAFAAcgBvAHAAZQByAHQAeQAgAFMAdABhAHIAdABJAG4AZgBvACAAfAAgAFMAZQBsAGUAYwB0AC0ATwBiAGoAZQBjAHQAIAAtAEUAeABwAGEAbgBkAFAAcgBvAHAAZQByAHQAeQAgAEUAbgB2AGkAcgBvAG4AbQBlAG4AdAA=', shell: PS },
      { command: '[System.Environment]::GetEnvironmentVariables("Machine")', shell: PS },
      { command: 'cmd /c set', shell: PS },
      { command: 'cmd /c set PREFIX', shell: PS },
      { command: '$p = New-Object System.Diagnostics.ProcessStartInfo; $p.Environment', shell: PS },
      { command: '(New-Object Diagnostics.ProcessStartInfo).EnvironmentVariables', shell: PS },
      { command: 'gci (Resolve-Path env:)', shell: PS },
    ],
    pass: [
      { command: 'Get-ItemProperty HKCU:\\Environment -Name Path', shell: PS },
      { command: '(Get-Process -Id $PID).StartInfo.FileName', shell: PS },
      { command: "$si = (Get-Process)[0].StartInfo; $si.EnvironmentVariables['PATH']", shell: PS },
      'env FOO=1 npm test',
      'env -i',
      'env | grep ^NODE_ENV=',
      "printenv | grep -E '^(PATH|HOME)='",
      'env | grep -w JAVA_HOME',
      'cd web && env | grep -i ^node_env= | cut -d= -f2',
      "set -e; CI=1 bash -c 'env | grep ^NODE_ENV='",
      'find /var/www/data/*/*/* -mtime +90',
      'printenv HOME',
      'env --version',
      'export FOO=bar',
      'declare -a arr=(1 2)',
      'declare -f',
      'set -e',
      'set -o pipefail',
      'echo $HOME',
      'cat /proc/self/status',
      'cat /proc/meminfo',
      'cat /proc/1234/smaps',
      'cat /proc/1234/maps',
      'cat src/mem',
      'cat /dev/fd/../status',
      'ls /proc/self',
      'grep environ notes.txt',
      'env -i PATH=/usr/bin make',
      "printenv PATH | tr : '\\n'",
      'man env',
      'cat environ.txt',
      'ps aux',
      'ps -ef',
      'ps -u user',
      "node -e 'console.log(process.env.HOME)'",
      'python3 -c "import os; print(os.environ[\'HOME\'])"',
      "awk 'BEGIN { print ENVIRON[\"HOME\"] }'",
      "ruby -e 'puts ENV[\"HOME\"]'",
      "perl -e 'print $ENV{HOME}'",
      { command: '$env:X = 1', shell: PS },
      { command: 'cmd /c set NODE_ENV=production', shell: PS },
      { command: 'gci (Resolve-Path env:PATH)', shell: PS },
      { command: 'gci (Resolve-Path src)', shell: PS },
      { command: "$p = New-Object System.Diagnostics.ProcessStartInfo; $p.EnvironmentVariables['NODE_ENV'] = 'test'", shell: PS },
      { command: 'Write-Output $env:PATH', shell: PS },
      { command: 'Get-ChildItem env:PATH', shell: PS },
      { command: 'Get-ChildItem C:\\env', shell: PS },
      { command: 'Get-Content notes.txt', shell: PS },
      { command: '[Environment]::GetEnvironmentVariable("PATH")', shell: PS },
    ],
  },
  check({ analysis, config }) {
    const findings: Finding[] = [];
    // (Named by the line, or by text nested in it that the line does not show: `pwsh -EncodedCommand …`.)
    const startInfo = /startinfo/i.test(analysis.command) || analysis.invocations.some((i) => i.args.some((w) => (w.values ?? [w.text]).some((v) => /startinfo/i.test(v))));
    for (const inv of analysis.invocations) {
      const why = dumps(inv, startInfo);
      // Only the variables a filter names whole reach the transcript: each is judged as `printenv NAME` is.
      const names = why ? namesFiltered(inv, analysis) : undefined;
      // (`$_` is the last argument of the command before, in a shell that keeps running: `export K=…` leaves `K=…` there.)
      if (names && !names.some((n) => n === '_' || compile(config).secretVariable(n))) continue;
      if (why) findings.push({ rule: 'env.dump', kind: 'env-dump', message: why, span: inv.span, segment: inv.segment });
      const code = awkDump(inv);
      if (code) {
        findings.push({ rule: 'env.dump', kind: 'env-dump', message: `${inv.program} code reads the whole environment`, span: code.span, segment: inv.segment });
      }
    }
    for (const use of analysis.codeUses) {
      if (use.what !== 'environment') continue;
      const f: Finding = { rule: 'env.dump', kind: 'env-dump', message: `${use.language} code reads the whole environment (${use.api})`, span: use.span };
      if (use.segment !== undefined) f.segment = use.segment;
      findings.push(f);
    }
    for (const use of analysis.typeUses) {
      const type = use.type.replace(/^system\./, '');
      const whole = type === 'environment' && use.member === 'getenvironmentvariables' ? '[Environment]::GetEnvironmentVariables() returns the whole environment' : type === 'diagnostics.processstartinfo' && (use.member === 'environment' || use.member === 'environmentvariables') ? `ProcessStartInfo.${use.member} holds a copy of the whole environment` : undefined;
      if (whole === undefined) continue;
      const f: Finding = { rule: 'env.dump', kind: 'env-dump', message: whole, span: use.span };
      if (use.segment !== undefined) f.segment = use.segment;
      findings.push(f);
    }
    const { uses, cdIntoProc } = pathUses(analysis);
    const seen = new Set<number>();
    for (const use of uses) {
      const key = spanKey(use.span);
      if (seen.has(key)) continue;
      if (!READS.has(use.role)) continue;
      if (use.role === 'read-tree' && holdsEnviron(use.path, use.depth) && (use.names === undefined || use.names.some((n) => componentCouldBe(markGlob(`/${n.toLowerCase()}`), -1, 'environ')))) {
        seen.add(key);
        findings.push({ rule: 'env.dump', kind: 'env-dump', message: `${display(use.text)} is read recursively, and holds process environment files (/proc/<pid>/environ)`, span: use.span, segment: use.segment });
        continue;
      }
      if (!use.path.endsWith('environ') && !use.path.endsWith('/mem') && !hasMarkers(use.path)) continue;
      const relativeEnviron =
        cdIntoProc && use.unknownCwd && !use.prose && !use.text.startsWith('/') && basename(use.path) === 'environ';
      if (!isEnvironFile(use.path) && !relativeEnviron) continue;
      seen.add(key);
      findings.push({
        rule: 'env.dump',
        kind: 'env-dump',
        message: basename(use.path) === 'mem' ? `${display(use.text)} is a process's memory (/proc/<pid>/mem), which holds its environment` : `${display(use.text)} is a process environment file (/proc/<pid>/environ)`,
        span: use.span,
        segment: use.segment,
      });
    }
    return findings;
  },
};
