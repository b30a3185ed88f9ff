// env.dump: a command that prints the whole environment, or reads a process environment file.
import type { Finding, Invocation, Word } from '../types.js';
import { basename, componentCouldBe, components, hasMarkers } from './paths.js';
import type { Rule } from './rule.js';
import { inlineCode } from './interp-inline.js';
import { display, operands, pathUses, programName, spanKey, staticValue } from './words.js';

const PS = 'powershell' as const;

const ENV_VALUE_OPTIONS = new Set(['-u', '--unset', '-C', '--chdir', '-S', '--split-string', '--block-signal', '--default-signal', '--ignore-signal']);
const PS_VALUE_OPTIONS = new Set(['-C', '-u', '-U', '-g', '-G', '-p', '-o', '-O', '-t', '-q', '-s', '-k', '--sort', '--pid', '--user', '--format']);
const INFO = /^--(help|version)$/;
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
const LITERAL_ENVIRON = /\/proc\/[^/]+\/(?:task\/[^/]+\/)?environ$/;
// PowerShell's Env: drive root, or a wildcard over it (`Env:`, `env:\`, `Env:*`, `env:/A*`).
const ENV_DRIVE = /^env:[\\/]?(?:$|[^\\/]*[*?[])/i;
const PS_LISTERS = new Set(['get-childitem', 'gci', 'ls', 'dir', 'get-item', 'gi', 'get-itemproperty', 'get-content', 'copy-item']);

function isEnvironFile(path: string): boolean {
  if (!hasMarkers(path)) return LITERAL_ENVIRON.test(path);
  const n = components(path).length;
  // Only the pid may be a bare wildcard: `/proc/*/environ`, not `data/*/*/*`.
  if (n < 3 || !componentCouldBe(path, -1, 'environ', 3)) return false;
  return componentCouldBe(path, -3, 'proc', 2) || (n >= 5 && componentCouldBe(path, -3, 'task', 2) && componentCouldBe(path, -5, 'proc', 2));
}

/** Why this invocation prints the environment, or null. `named` says declaration operands (`export A=1`) were lowered to assignments. */
function dumps(inv: Invocation, named: boolean): string | null {
  const name = programName(inv);
  const values = inv.args.map(staticValue);
  if (inv.dialect === 'powershell') {
    if (name === 'set' && inv.args.length === 0) return 'set with no name lists every variable';
    if (PS_LISTERS.has(name)) {
      if (inv.args.some((w) => (w.values ?? [w.text]).some((v) => ENV_DRIVE.test(v.replace(/^-[a-z]+:/i, ''))))) {
        return `${inv.program} env: lists the environment (Env: drive)`;
      }
      const lists = name === 'get-childitem' || name === 'gci' || name === 'ls' || name === 'dir';
      if (lists && inv.cwd?.toLowerCase().startsWith('env:') && operands(inv.args, () => true).length === 0) {
        return `${inv.program} in the Env: drive lists the environment`;
      }
    }
    return null;
  }
  if (inv.wraps) return null;
  switch (name) {
    case 'env': {
      if (values.some((v) => v !== null && INFO.test(v))) return null;
      const rest = operands(inv.args, (o) => ENV_VALUE_OPTIONS.has(o)).filter((w) => !ASSIGNMENT.test(staticValue(w) ?? ''));
      // -S runs a command; -i with nothing to run prints only the NAME=VALUE operands.
      if (inv.args.some((w) => /^(-S|--split-string|-i|--ignore-environment|-)$/.test(staticValue(w) ?? ''))) return null;
      return rest.length === 0 ? 'env with nothing to run prints the environment' : null;
    }
    case 'printenv': {
      if (values.some((v) => v !== null && INFO.test(v))) return null;
      const names = operands(inv.args, () => false);
      if (names.length === 0) return 'printenv with no name prints the environment';
      // An unquoted variable that expands to nothing leaves printenv with no name.
      if (names.every((w) => w.values === null && !/^["']/.test(w.text))) return `printenv ${display(names[0]!)} may print the whole environment`;
      return null;
    }
    case 'export':
      if (named) return null;
      return operands(inv.args, () => false).length === 0 && !values.includes('-f') ? `${display_(inv)} lists exported variables with their values` : null;
    case 'declare':
    case 'typeset': {
      if (named || operands(inv.args, () => false).length > 0) return null;
      if (values.some((v) => v?.startsWith('-') && /[fF]/.test(v))) return null;
      return `${display_(inv)} with no name lists variables with their values`;
    }
    case 'set':
      return inv.args.length === 0 ? 'bare set lists every shell variable with its value' : null;
    case 'ps': {
      const bsd = operands(inv.args, (o) => PS_VALUE_OPTIONS.has(o)).find((w) => /^[a-z]*e[a-z]*$/i.test(staticValue(w) ?? '') && !/^-/.test(w.text));
      return bsd ? `ps ${staticValue(bsd)} prints each process's environment (BSD option e)` : null;
    }
    default:
      return null;
  }
}

// Inline code that reads the whole environment rather than one variable, per language.
const WHOLE_ENV: [RegExp, RegExp][] = [
  [/^(python|pypy)/, /\bos\.environ\b(?!\s*(?:\[|\.get\b|\.setdefault\b|\.pop\b))|\bos\.getenv\(\s*\)/],
  [/^(node|nodejs|bun|deno)$/, /\bprocess\.env\b(?!\s*(?:\.|\[|\?\.))|\bDeno\.env\.toObject\b|\bBun\.env\b(?!\s*(?:\.|\[))/],
  [/^perl/, /%ENV\b|\beach\s*\(?\s*%ENV/],
  [/^ruby/, /(?<![$\w])ENV\b(?!\s*(?:\[|\.fetch\b|\.key\?|\.include\?|\.has_key\?))/],
  [/^php/, /\bgetenv\(\s*\)|\$_ENV\b(?!\s*\[)|\$_SERVER\b(?!\s*\[)/],
  [/^(g|m|n)?awk$/, /\bENVIRON\b(?!\s*\[)/],
];
const AWK_VALUED = /^(-[fFv]|--file|--field-separator|--assign)$/;

/** Code run inline (`python -c`, `node -e`, an awk program) that reads the whole environment. */
function inlineDump(inv: Invocation): Word | undefined {
  const name = programName(inv);
  const lang = WHOLE_ENV.find(([program]) => program.test(name));
  if (lang === undefined) return undefined;
  const isAwk = /awk$/.test(name);
  if (isAwk && inv.args.some((w) => /^(-f|--file)/.test(staticValue(w) ?? ''))) return undefined;
  const code = isAwk ? operands(inv.args, (o) => AWK_VALUED.test(o))[0] : inlineCode(inv);
  if (code === undefined) return undefined;
  return (code.values ?? [code.text]).some((v) => lang[1].test(v)) ? code : undefined;
}

function display_(inv: Invocation): string {
  return [inv.program, ...inv.args.map((w: Word) => w.text)].join(' ');
}

export const envDump: Rule = {
  id: 'env.dump',
  kind: 'env-dump',
  description: 'Prints the whole environment (env, printenv, export -p, declare -p, set, /proc/*/environ, Env: drive), where API keys live.',
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
      'cat /proc/self/environ',
      'cat /proc/$$/environ',
      "tr '\\0' '\\n' < /proc/1/environ",
      'strings /proc/1234/task/1235/environ',
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
      "php -r 'print_r(getenv());'",
      'python3 -c "print(open(\'/proc/self/environ\').read())"',
      { command: 'Get-ChildItem env:', shell: PS },
      { command: 'gci Env:\\', shell: PS },
      { command: 'ls env:', shell: PS },
      { command: 'dir env:', shell: PS },
      { command: 'Get-Item env:*', shell: PS },
      { command: 'Get-ChildItem -Path Env:', shell: PS },
      { command: '[Environment]::GetEnvironmentVariables()', shell: PS },
      { command: '[System.Environment]::GetEnvironmentVariables("Machine")', shell: PS },
      { command: 'cmd /c set', shell: PS },
    ],
    pass: [
      'env FOO=1 npm test',
      'env -i',
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
      { command: 'Write-Output $env:PATH', shell: PS },
      { command: 'Get-ChildItem env:PATH', shell: PS },
      { command: 'Get-ChildItem C:\\env', shell: PS },
      { command: 'Get-Content notes.txt', shell: PS },
      { command: '[Environment]::GetEnvironmentVariable("PATH")', shell: PS },
    ],
  },
  check({ analysis }) {
    const findings: Finding[] = [];
    for (const inv of analysis.invocations) {
      // Declaration builtins' `NAME=value` operands arrive as assignments placed after the command word.
      const named = analysis.segments[inv.segment]?.assignments.some((a) => a.span.start > inv.span.start) ?? false;
      const why = dumps(inv, named);
      if (why) findings.push({ rule: 'env.dump', kind: 'env-dump', message: why, span: inv.span, segment: inv.segment });
      const code = inlineDump(inv);
      if (code) {
        findings.push({ rule: 'env.dump', kind: 'env-dump', message: `${inv.program} code reads the whole environment`, span: code.span, segment: inv.segment });
      }
    }
    for (const use of analysis.typeUses) {
      if (use.type.replace(/^system\./, '') !== 'environment' || use.member !== 'getenvironmentvariables') continue;
      const f: Finding = { rule: 'env.dump', kind: 'env-dump', message: '[Environment]::GetEnvironmentVariables() returns the whole environment', span: use.span };
      if (use.segment !== undefined) f.segment = use.segment;
      findings.push(f);
    }
    const { uses, cdIntoProc } = pathUses(analysis);
    const seen = new Set<number>();
    for (const use of uses) {
      const key = spanKey(use.span);
      if (seen.has(key)) continue;
      if (!use.path.endsWith('environ') && !hasMarkers(use.path)) continue;
      const relativeEnviron =
        cdIntoProc && use.unknownCwd && !use.prose && !use.text.startsWith('/') && basename(use.path) === 'environ';
      if (!isEnvironFile(use.path) && !relativeEnviron) continue;
      seen.add(key);
      findings.push({
        rule: 'env.dump',
        kind: 'env-dump',
        message: `${display(use.text)} is a process environment file (/proc/<pid>/environ)`,
        span: use.span,
        segment: use.segment,
      });
    }
    return findings;
  },
};
