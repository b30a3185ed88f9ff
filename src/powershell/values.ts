// Static values of PowerShell expressions and command arguments, as the lowering reads them from the tree.
import type { TreeNode as Node } from '../parse/cached.js';
import type { Redirect, Word } from '../types.js';
import { type Evaluated, evalBare, evalString, expandTilde, lookupVariable, profileMember, psReadLineHistory, variableKey } from './words.js';
import { type State, bareToken, commandElements, scope, span } from './state.js';
import { walk } from './lower.js';
import { expandPercent } from './cmd.js';
import { arrayOf, noteArraySpread, noteSpread } from './splat.js';
import { initOf } from './init.js';
import { pipeItem, pipedPaths } from './native.js';

export function redirectsOf(node: Node, st: State): Redirect[] {
  const out: Redirect[] = [];
  const items = node.type === 'redirection' ? [node] : node.namedChildren.filter((c): c is Node => c?.type === 'redirection');
  for (const r of items) out.push(redirectOf(r, st));
  return out;
}

export function redirectOf(node: Node, st: State): Redirect {
  const opNode = node.namedChildren.find((c) => c?.type === 'file_redirection_operator' || c?.type === 'merging_redirection_operator');
  const raw = opNode?.text ?? '>';
  const m = /^([0-9*]?)(.*)$/.exec(raw);
  const redirect: Redirect = { op: m?.[2] || raw, span: span(st, node) };
  const fd = m?.[1];
  if (fd && fd !== '*') redirect.fd = Number(fd);
  if (fd === '*') redirect.op = raw;
  const target = node.namedChildren.find((c) => c?.type === 'redirected_file_name');
  if (target) {
    const inner = target.namedChildren.filter((c): c is Node => c !== null && c.type !== 'command_argument_sep');
    const only = inner.length === 1 ? (inner[0] as Node) : target;
    redirect.target = wordOf(only, st);
  }
  return redirect;
}

export type Values = { values: string[]; glob: boolean } | { values: null; reason: string; stands?: string; program?: string };

export const SINGLE_CHILD = new Set([
  'logical_expression',
  'bitwise_expression',
  'comparison_expression',
  'multiplicative_expression',
  'format_expression',
  'range_expression',
  'unary_expression',
  'argument_expression',
  'logical_argument_expression',
  'bitwise_argument_expression',
  'comparison_argument_expression',
  'multiplicative_argument_expression',
  'format_argument_expression',
  'range_argument_expression',
  'command_name_expr',
  'parenthesized_expression',
  'pipeline',
  'pipeline_chain',
]);

/** The static value(s) of an expression: literals, known variables, `+` of strings, arrays; otherwise why not. */
export function staticValues(node: Node, st: State): Values {
  const type = node.type;
  // `(Get-PSReadLineOption | Select-Object -ExpandProperty HistorySavePath)`: PSReadLine's history file.
  if (type === 'parenthesized_expression' && /\bget-psreadlineoption\b[\s\S]*\bhistorysavepath\b/i.test(node.text)) return { values: psReadLineHistory(st.ctx.home), glob: false };
  const one = (ev: Evaluated): Values => (ev.value === null ? { values: null, reason: ev.reason } : { values: ev.alt === undefined ? [ev.value] : [ev.value, ev.alt], glob: ev.glob });
  switch (type) {
    case 'string_literal': {
      const bare = bareToken(st, node);
      const ev = bare === undefined ? evalString(node.text, scope(st)) : evalBare(bare, scope(st));
      return ev.value === null && bare === undefined ? (withSubExpressions(node, st) ?? one(ev)) : one(ev);
    }
    case 'generic_token':
    case 'command_name':
    case 'path_command_name': {
      // `& $p` where `$p = (Get-Command git).Source`: the program's path (see lowerAssignment).
      return (/^\$\w+$/.test(node.text) ? programVariable(variableKey(node.text), st) : null) ?? one(evalBare(node.text, scope(st)));
    }
    case 'command_parameter':
      return { values: [node.text], glob: false };
    case 'integer_literal':
    case 'real_literal':
      return { values: [node.text], glob: false };
    case 'expression_with_unary_operator': {
      const only = node.namedChildren.filter((c): c is Node => c !== null && c.type !== 'comment');
      if (only.length === 1 && only[0]!.type === 'cast_expression' && node.text.startsWith('[')) return staticValues(only[0]!, st);
      return negativeNumber(node.text) ?? { values: null, reason: 'computed value' };
    }
    // `[string]$HOME` is the value; `[char]92` the character of that code (`"$HOME$([char]92).aws"`).
    case 'cast_expression': {
      const [type, operand] = node.namedChildren;
      const to = type?.text.replace(/\s+/g, '').toLowerCase() ?? '';
      if (operand && /^\[(?:system\.)?string\]$/.test(to)) return staticValues(operand, st);
      const code = operand && /^\[(?:system\.)?char\]$/.test(to) && /^\d{1,5}$/.test(operand.text.trim()) ? Number(operand.text.trim()) : undefined;
      return code !== undefined && code < 0xd800 ? { values: [String.fromCharCode(code)], glob: false } : { values: null, reason: 'computed value' };
    }
    case 'variable': {
      if (node.text.startsWith('@')) return { values: null, reason: 'splatting' };
      // An array the line wrote (`$a = 'x','~'`): each element is a value it stands for.
      const array = arrayOf(node.text, st);
      if (array !== null && array.length > 0) return { values: array, glob: false };
      const key = variableKey(node.text);
      const v = lookupVariable(key, scope(st));
      if (v !== null) return { values: [expandTilde(v, st.ctx.home)], glob: false };
      return programVariable(key, st) ?? { values: null, reason: `variable $${key}` };
    }
    // `New-Object IO.StreamWriter("$HOME/.bashrc", $true)`: a parenthesis right after a bare word is one more argument,
    // its list an array as `(a, b)` is.
    case 'argument_list': {
      const list = node.namedChildren.find((c) => c?.type === 'argument_expression_list');
      return list ? staticValues(list, st) : { values: null, reason: 'computed value' };
    }
    case 'argument_expression_list':
    case 'array_literal_expression': {
      const parts = node.namedChildren.filter((c): c is Node => c !== null && c.type !== 'comment');
      if (parts.length === 1) return staticValues(parts[0] as Node, st);
      const values: string[] = [];
      let glob = false;
      for (const p of parts) {
        const v = staticValues(p, st);
        if (v.values === null) return v;
        values.push(...v.values);
        glob ||= v.glob;
      }
      return { values, glob };
    }
    case 'additive_expression':
    case 'additive_argument_expression': {
      const parts = node.namedChildren.filter((c): c is Node => c !== null);
      if (parts.length === 1) return staticValues(parts[0] as Node, st);
      if (parts.length !== 2 || !node.text.slice((parts[0] as Node).endIndex - node.startIndex).trimStart().startsWith('+')) {
        return { values: null, reason: 'arithmetic' };
      }
      const a = staticValues(parts[0] as Node, st);
      const b = staticValues(parts[1] as Node, st);
      if (a.values === null) return a;
      if (b.values === null) return b;
      if (a.values.length !== 1 || b.values.length !== 1) return { values: null, reason: 'array arithmetic' };
      return { values: [`${a.values[0]}${b.values[0]}`], glob: a.glob || b.glob };
    }
    case 'member_access': {
      const [target, member] = node.namedChildren;
      return (target && member?.type === 'member_name' ? memberValue(target, member.text, st) : null) ?? { values: null, reason: 'member access' };
    }
    case 'array_expression':
    case 'sub_expression': {
      const list = node.namedChildren.find((c) => c?.type === 'statement_list');
      const stmts = list?.namedChildren.filter((c): c is Node => c !== null && c.type !== 'empty_statement' && c.type !== 'comment') ?? [];
      if (stmts.length === 1) return staticValues(stmts[0] as Node, st);
      return { values: null, reason: 'sub-expression' };
    }
    case 'command':
      return joinPathValue(node, st) ?? splitPathValue(node, st) ?? variableValue(node, st, false) ?? locatedPath(node, st, false) ?? { values: null, reason: 'command output' };
    case 'invokation_expression':
      return specialFolder(node, st) ?? stringCall(node, st) ?? stringMethod(node, st) ?? { values: null, reason: 'computed value' };
    case 'format_expression':
    case 'format_argument_expression':
    case 'comparison_expression':
    case 'comparison_argument_expression': {
      const parts = node.namedChildren.filter((c): c is Node => c !== null && c.type !== 'comment');
      if (parts.length === 1) return staticValues(parts[0] as Node, st);
      return stringOperator(parts, st) ?? { values: null, reason: 'computed value' };
    }
    default: {
      if (SINGLE_CHILD.has(type)) {
        const parts = node.namedChildren.filter((c): c is Node => c !== null && c.type !== 'comment');
        if (parts.length === 1) return staticValues(parts[0] as Node, st);
        // `(Split-Path $PROFILE | Join-Path -ChildPath profile.ps1)`: what the last element prints.
        const last = parts[parts.length - 1];
        if (type === 'pipeline_chain' && last?.type === 'command') {
          const joined = joinPathValue(last, st);
          if (joined) return joined;
          // `(Get-Command git | % Source)`, `(Get-Item Variable:PROFILE | select -exp Value)`: `(…).Source`, `(…).Value`.
          const member = parts.length === 2 ? pipedMember(last, st) : undefined;
          const read = member !== undefined ? memberValue(parts[0] as Node, member, st) : null;
          if (read) return read;
          const located = parts.length === 2 ? pipedLocation(parts[0] as Node, last, st) : null;
          if (located) return located;
        }
      }
      return { values: null, reason: type === 'command' || type === 'pipeline_chain' ? 'command output' : 'computed value' };
    }
  }
}

/**
 * `py -3.12`, `git log -3`: a minus before a decimal literal is a negative number to PowerShell, which a native
 * program receives as the number's digits; as written, and as .NET prints it (`-3.10` may arrive as `-3.1`). Any other
 * operand (a variable, a hex or suffixed literal, `-not`) has no value read here.
 */
function negativeNumber(text: string): Values | null {
  if (!/^-\d{1,15}(?:\.\d{1,15})?$/.test(text)) return null;
  const printed = String(Number(text));
  return { values: printed === text ? [text] : [text, printed], glob: false };
}

/**
 * `"$([Environment]::GetFolderPath('Startup'))\x.bat"`: a string whose sub-expressions each have one static value is
 * that string with the values spliced in (escaped, so they are not expanded again); null when one has none.
 */
function withSubExpressions(node: Node, st: State): Values | null {
  const str = node.namedChildren.find((c) => c?.type === 'expandable_string_literal');
  const subs = str?.namedChildren.filter((c): c is Node => c?.type === 'sub_expression') ?? [];
  if (!str || subs.length === 0) return null;
  // `"$(go env GOPATH)\bin\gofmt.exe"`: a directory of a program's setup, with written text after it, is below where
  // that directory is by default (Word.stands), as bash's `"$(go env GOPATH)/bin/gofmt"` is.
  const first = subs[0]!;
  const inner = innerCommand(first);
  const stands = inner ? st.directories.get(inner.id) : undefined;
  const rest = st.text.slice(first.endIndex, node.endIndex);
  if (stands !== undefined && subs.length === 1 && st.text.slice(node.startIndex, first.startIndex) === '"' && /^[\\/][^`$"]*"$/.test(rest)) {
    return { values: null, reason: 'the directory a program prints', stands: `${stands}${rest.slice(0, -1).replace(/\\/g, '/')}` };
  }
  let raw = '';
  let at = node.startIndex;
  for (const sub of subs) {
    const v = oneString(sub, st);
    if (v === undefined) return null;
    raw += st.text.slice(at, sub.startIndex) + v.replace(/[`$"]/g, '`$&');
    at = sub.endIndex;
  }
  raw += st.text.slice(at, node.endIndex);
  const ev = evalString(raw, scope(st));
  return ev.value === null ? null : { values: ev.alt === undefined ? [ev.value] : [ev.value, ev.alt], glob: ev.glob };
}

/** The one static string an expression stands for; undefined when it has none or several. */
function oneString(node: Node, st: State): string | undefined {
  const v = staticValues(node, st);
  return v.values?.length === 1 ? v.values[0] : undefined;
}

/** The elements of an array an expression writes (`$HOME, 'ssh'`), each one static string; undefined otherwise. */
function elements(node: Node, st: State): string[] | undefined {
  const c = core(node);
  const parts = c.type === 'array_literal_expression' ? c.namedChildren.filter((x): x is Node => x !== null && x.type !== 'comment') : [c];
  const out = parts.map((p) => oneString(p, st));
  return out.every((x): x is string => x !== undefined) ? out : undefined;
}

/**
 * `'{0}\.bashrc' -f $HOME`, `$a -join '/'` (an array the line wrote): the string the operator makes when every operand
 * is static; null for another operator or a computed operand.
 */
function stringOperator(parts: Node[], st: State): Values | null {
  const [left, op, right] = parts;
  if (parts.length !== 3 || !left || !op || !right) return null;
  const operator = op.text.trim().toLowerCase();
  if (operator === '-f') {
    const format = oneString(left, st);
    const args = elements(right, st);
    if (format === undefined || args === undefined) return null;
    let ok = true;
    const out = format.replace(/\{\{|\}\}|\{(\d+)(?:,[^}:]*)?(?::[^}]*)?\}/g, (m, n: string | undefined) => {
      if (n === undefined) return m[0] as string;
      const a = args[Number(n)];
      if (a === undefined) ok = false;
      return a ?? '';
    });
    return ok ? { values: [out], glob: false } : null;
  }
  // `"$HOME\.bashrcX" -replace 'X',''`: .NET's regex, case-insensitive unless -creplace, applied to each element.
  const replace = /^-([ic]?)replace$/.exec(operator);
  if (replace) {
    const items = staticValues(left, st);
    const args = elements(right, st);
    if (items.values === null || args === undefined || args.length < 1 || args.length > 2 || items.values.some((v) => v.length > 4096)) return null;
    const re = dotnetRegex(args[0] as string, replace[1] === 'c' ? 'g' : 'gi');
    if (re === null) return null;
    // .NET's `${name}` is JavaScript's `$<name>`, its `$0` JavaScript's `$&`; $1, $&, $$, $`, $' are spelled alike.
    const by = (args[1] ?? '').replace(/\$(?:\$|\{(\w+)\}|(\d+))/g, (m, name: string | undefined, n: string | undefined) => {
      const group = name ?? n;
      if (group === undefined) return m;
      if (!/^\d+$/.test(group)) return `$<${group}>`;
      return Number(group) === 0 ? '$&' : `$${Number(group)}`;
    });
    return { values: items.values.map((v) => v.replace(re, by)), glob: items.glob };
  }
  if (operator === '-join') {
    const items = staticValues(left, st);
    const sep = oneString(right, st);
    return items.values === null || sep === undefined ? null : { values: [items.values.join(sep)], glob: false };
  }
  return null;
}

/** A .NET pattern as a JavaScript RegExp, when it compiles the same way; null for constructs the two read apart. */
function dotnetRegex(pattern: string, flags: string): RegExp | null {
  // Inline options, possessive/atomic groups, \A \Z \z \G, character class subtraction: no JavaScript equivalent.
  if (/\(\?[imnsx-]+[:)]|\(\?>|\\[AZzG]|-\[/.test(pattern)) return null;
  // A quantified group that holds a quantifier (`(a+)+`) or an alternation (`(a|a)*`) may backtrack without end on the
  // line's own text: not run, the value is left computed.
  if (pattern.length > 200 || /\([^)]*(?:[+*?}]|\|)[^)]*\)\s*[+*{?]/.test(pattern)) return null;
  try {
    return new RegExp(pattern, `${flags}u`);
  } catch {
    try {
      return new RegExp(pattern, flags);
    } catch {
      return null;
    }
  }
}

/**
 * `"$HOME\.bashrcX".TrimEnd('X')`, `$p.Replace('X', '')`, `.Substring(1)`, `.ToLower()`: System.String's methods
 * with static arguments on a static string; null for another method or a computed argument.
 */
function stringMethod(node: Node, st: State): Values | null {
  const [target, member, args] = node.namedChildren;
  if (!target || target.type === 'type_literal' || member?.type !== 'member_name') return null;
  const between = st.text.slice(target.endIndex, member.startIndex).trim();
  if (between !== '.') return null;
  const subject = staticValues(target, st);
  if (subject.values === null || subject.values.length !== 1) return null;
  const s = subject.values[0] as string;
  let given: (string | undefined)[] = [];
  if (args?.type === 'argument_list') {
    const list = args.namedChildren.find((c) => c?.type === 'argument_expression_list');
    given = (list?.namedChildren ?? []).filter((c): c is Node => c?.type === 'argument_expression').map((a) => oneString(a, st));
  } else if (args !== undefined && args !== null) return null;
  if (!given.every((x): x is string => x !== undefined)) return null;
  const a = given as string[];
  const num = (x: string | undefined): number | undefined => (x !== undefined && /^\d+$/.test(x) ? Number(x) : undefined);
  const chars = (list: string[]): Set<string> | null => (list.length === 0 ? null : new Set(list.join('')));
  const isWhite = (c: string): boolean => /\s/.test(c);
  const trimStart = (v: string, set: Set<string> | null): string => {
    let i = 0;
    while (i < v.length && (set ? set.has(v[i] as string) : isWhite(v[i] as string))) i++;
    return v.slice(i);
  };
  const trimEnd = (v: string, set: Set<string> | null): string => {
    let i = v.length;
    while (i > 0 && (set ? set.has(v[i - 1] as string) : isWhite(v[i - 1] as string))) i--;
    return v.slice(0, i);
  };
  let out: string | undefined;
  switch (member.text.toLowerCase()) {
    case 'trim':
      out = trimEnd(trimStart(s, chars(a)), chars(a));
      break;
    case 'trimstart':
      out = trimStart(s, chars(a));
      break;
    case 'trimend':
      out = trimEnd(s, chars(a));
      break;
    case 'replace':
      // Ordinal and case-sensitive, as String.Replace(string, string) is.
      if (a.length === 2 && a[0] !== '') out = s.split(a[0] as string).join(a[1]);
      break;
    case 'substring': {
      const from = num(a[0]);
      const len = a.length === 2 ? num(a[1]) : s.length;
      if (a.length >= 1 && a.length <= 2 && from !== undefined && len !== undefined && from + len <= s.length) out = s.substr(from, len);
      break;
    }
    case 'remove': {
      const from = num(a[0]);
      const len = a.length === 2 ? num(a[1]) : s.length;
      if (a.length >= 1 && a.length <= 2 && from !== undefined && len !== undefined && from <= s.length) out = s.slice(0, from) + s.slice(from + len);
      break;
    }
    case 'insert': {
      const at = num(a[0]);
      if (a.length === 2 && at !== undefined && at <= s.length) out = s.slice(0, at) + a[1] + s.slice(at);
      break;
    }
    case 'tolower':
    case 'tolowerinvariant':
      if (a.length === 0) out = s.toLowerCase();
      break;
    case 'toupper':
    case 'toupperinvariant':
      if (a.length === 0) out = s.toUpperCase();
      break;
    case 'tostring':
    case 'normalize':
      if (a.length === 0) out = s;
      break;
  }
  return out === undefined ? null : { values: [out], glob: subject.glob };
}

/**
 * `[IO.Path]::Combine($HOME, '.bashrc')`, `[string]::Concat(…)`, `[string]::Join('/', …)`: the string made of static
 * arguments; null for another call.
 */
function stringCall(node: Node, st: State): Values | null {
  const [target, member, args] = node.namedChildren;
  if (target?.type !== 'type_literal' || args?.type !== 'argument_list' || !member) return null;
  const type = target.text.replace(/\s+/g, '').toLowerCase();
  const name = member.text.toLowerCase();
  const list = args.namedChildren.find((c) => c?.type === 'argument_expression_list');
  const given = (list?.namedChildren ?? []).filter((c): c is Node => c?.type === 'argument_expression').map((a) => oneString(a, st));
  // `[IO.Path]::GetTempPath()`: the temp directory, with its separator. Windows reads TMP, then TEMP, then the profile
  // (macOS and Linux: TMPDIR, then /tmp/), so it is $env:TMP's value where the line set none of them.
  if (/^\[(?:system\.)?io\.path\]$/.test(type) && name === 'gettemppath' && given.length === 0) {
    const sc = scope(st);
    if (['env:tmp', 'env:temp', 'env:tmpdir', 'env:userprofile'].some((k) => sc.vars.get(k) !== undefined)) return null;
    const dir = lookupVariable('env:tmp', sc);
    return dir === null ? null : { values: [`${dir.replace(/[\\/]+$/, '')}\\`], glob: false };
  }
  if (given.length === 0 || !given.every((x): x is string => x !== undefined)) return null;
  // `[Environment]::GetEnvironmentVariable('USERPROFILE')` (of the process, its default target): `$env:USERPROFILE`.
  if (/^\[(?:system\.)?environment\]$/.test(type) && name === 'getenvironmentvariable' && (given.length === 1 || (given.length === 2 && /^process$/i.test(given[1] as string)))) {
    const v = /^[A-Za-z_][\w()]*$/.test(given[0] as string) ? lookupVariable(`env:${(given[0] as string).toLowerCase()}`, scope(st)) : null;
    return v === null ? null : { values: [v], glob: false };
  }
  // `[Environment]::ExpandEnvironmentVariables('%USERPROFILE%\.bashrc')`: each `%NAME%` as cmd.exe expands it.
  if (/^\[(?:system\.)?environment\]$/.test(type) && name === 'expandenvironmentvariables' && given.length === 1) {
    const expanded = expandPercent(given[0] as string, scope(st));
    return expanded.value === null ? { values: null, reason: expanded.reason ?? 'computed value' } : { values: [expanded.value], glob: false };
  }
  if (/^\[(?:system\.)?io\.path\]$/.test(type) && name === 'combine') {
    // A rooted part starts the path over, as Path.Combine does.
    const path = given.reduce((acc, p) => (/^(?:[A-Za-z]:)?[\\/]/.test(p) || acc === '' ? p : `${acc.replace(/[\\/]+$/, '')}${acc.includes('\\') ? '\\' : '/'}${p}`), '');
    return { values: [path], glob: false };
  }
  // `[IO.Path]::GetFullPath($HOME)`: a rooted path, `.` and `..` taken away (a relative one is below .NET's own
  // directory, not the location PowerShell is in).
  if (/^\[(?:system\.)?io\.path\]$/.test(type) && name === 'getfullpath' && given.length === 1) {
    const m = /^([A-Za-z]:)[\\/]|^\//.exec(given[0] as string);
    const full = m ? lexical(m[1] ?? '/', (given[0] as string).slice(m[0].length)) : null;
    return full === null ? null : { values: [full], glob: false };
  }
  // `[IO.Path]::GetDirectoryName($PROFILE)`: the directory, as Split-Path gives it (null for a root or a bare name).
  if (/^\[(?:system\.)?io\.path\]$/.test(type) && name === 'getdirectoryname' && given.length === 1) {
    const p = given[0] as string;
    const cut = Math.max(p.lastIndexOf('/'), p.lastIndexOf('\\'));
    return cut <= 0 || /^[A-Za-z]:$/.test(p.slice(0, cut)) ? null : { values: [p.slice(0, cut)], glob: false };
  }
  if (/^\[(?:system\.)?string\]$/.test(type) && name === 'concat') return { values: [given.join('')], glob: false };
  if (/^\[(?:system\.)?string\]$/.test(type) && name === 'join' && given.length >= 2) return { values: [given.slice(1).join(given[0])], glob: false };
  return null;
}

/** Windows' special folders below the profile (Environment.SpecialFolder), by lower-cased name. */
const SPECIAL_FOLDERS = new Map<string, string>([
  ['userprofile', ''],
  ['applicationdata', 'AppData\\Roaming'],
  ['localapplicationdata', 'AppData\\Local'],
  ['startup', 'AppData\\Roaming\\Microsoft\\Windows\\Start Menu\\Programs\\Startup'],
  ['startmenu', 'AppData\\Roaming\\Microsoft\\Windows\\Start Menu'],
  ['programs', 'AppData\\Roaming\\Microsoft\\Windows\\Start Menu\\Programs'],
  ['mydocuments', 'Documents'],
  ['personal', 'Documents'],
  ['desktop', 'Desktop'],
  ['desktopdirectory', 'Desktop'],
  ['templates', 'AppData\\Roaming\\Microsoft\\Windows\\Templates'],
  // The machine's, for every user.
  ['commonstartup', 'C:\\ProgramData\\Microsoft\\Windows\\Start Menu\\Programs\\StartUp'],
  ['commonapplicationdata', 'C:\\ProgramData'],
]);

/** The same folders by the enum's numbers (Environment.SpecialFolder). */
const SPECIAL_FOLDER_NUMBERS = new Map<number, string>([
  [0, 'desktop'],
  [2, 'programs'],
  [5, 'personal'],
  [7, 'startup'],
  [11, 'startmenu'],
  [16, 'desktopdirectory'],
  [21, 'templates'],
  [24, 'commonstartup'],
  [26, 'applicationdata'],
  [28, 'localapplicationdata'],
  [35, 'commonapplicationdata'],
  [40, 'userprofile'],
]);

/**
 * `[Environment]::GetFolderPath('Startup')`, `…::GetFolderPath([Environment+SpecialFolder]::Startup)`: the folder below
 * the profile; another folder (the machine's, a computed name) is not known. Null when the node is no such call.
 */
function specialFolder(node: Node, st: State): Values | null {
  const [target, member, args] = node.namedChildren;
  if (target?.type !== 'type_literal' || !/^\[\s*(?:system\.)?environment\s*\]$/i.test(target.text) || member?.text.toLowerCase() !== 'getfolderpath') return null;
  const arg = args?.type === 'argument_list' ? args.text.replace(/^\(|\)$/g, '').trim() : '';
  // The folder by name, by the enum's member or by its number (`GetFolderPath(7)`), with or without an option after it.
  const name = /^(?:'([A-Za-z]+)'|"([A-Za-z]+)"|\[\s*(?:system\.)?environment\+specialfolder\s*\]::([A-Za-z]+)|(\d+)|0x([0-9a-f]+))(?:\s*,\s*(?:'\w+'|"\w+"|\[\s*(?:system\.)?environment\+specialfolderoption\s*\]::\w+|\d+))?$/i.exec(arg);
  const key = name?.[4] !== undefined ? SPECIAL_FOLDER_NUMBERS.get(Number(name[4])) : name?.[5] !== undefined ? SPECIAL_FOLDER_NUMBERS.get(Number.parseInt(name[5], 16)) : (name?.[1] ?? name?.[2] ?? name?.[3]);
  const folder = key === undefined ? undefined : SPECIAL_FOLDERS.get(key.toLowerCase());
  if (folder === undefined) return { values: null, reason: `a special folder vouch does not place (${arg})` };
  const home = st.ctx.home.replace(/[\\/]+$/, '');
  return { values: [folder === '' ? home : /^[A-Za-z]:/.test(folder) ? folder : `${home}\\${folder}`], glob: false };
}

/**
 * A variable with no static value that holds the path of a program the PATH finds (`$p = (Get-Command git).Source`,
 * see lowerAssignment): that program (Word.program); null for any other.
 */
function programVariable(key: string, st: State): Values | null {
  if (lookupVariable(key, scope(st)) !== null) return null;
  const found = lookupVariable(`program:${key}`, scope(st));
  return found === null ? null : { values: null, reason: `variable $${key}, the path of the program ${found}`, program: found };
}

/**
 * The value of member `name` of what `target` gives, where it is known: `$PROFILE.CurrentUserAllHosts`, `(Get-Item
 * Variable:PROFILE).Value`, `(Get-Command git).Source`, `(Get-Item ~).FullName`; null otherwise. The same read through
 * the pipeline (`(Get-Command git | % Source)`, see pipedMember) is this one.
 */
function memberValue(target: Node, name: string, st: State): Values | null {
  if (target.type === 'variable' && variableKey(target.text) === 'profile') {
    const v = profileMember(name, st.ctx.home);
    if (v !== null) return { values: [v], glob: false };
  }
  // `(Get-Variable PROFILE).Value`, `(Get-Item Variable:PROFILE).Value`: the variable's value.
  if (name.toLowerCase() === 'value') {
    const inner = innerCommand(target);
    const v = inner ? variableValue(inner, st, true) : null;
    if (v !== null) return v;
  }
  // `(Get-PSReadLineOption).HistorySavePath`, `$_.HistorySavePath`: the file PSReadLine keeps every typed line in
  // (secrets typed included); no other object of PowerShell's has a property of that name.
  if (name.toLowerCase() === 'historysavepath') {
    return { values: psReadLineHistory(st.ctx.home), glob: false };
  }
  // `(Get-Command git).Source`: the path of the program the PATH finds (Word.program), as bash's `$(which git)`.
  if (/^(?:source|path|definition)$/i.test(name)) {
    const found = foundProgram(target, st);
    if (found !== undefined) return { values: null, reason: `the path of the program ${found}`, program: found };
  }
  // `(Get-Item ~).FullName`, `(Resolve-Path ~).Path`, `$PWD.Path`: the full path of the one item named; the parent's
  // (`(Get-Item .).Parent.FullName`).
  if (/^(?:fullname|path|providerpath|parent)$/i.test(name)) {
    const inner = innerCommand(target);
    const parent = name.toLowerCase() === 'parent';
    const pwd = target.type === 'variable' && variableKey(target.text) === 'pwd' && !parent ? staticValues(target, st) : null;
    const up = !parent && target.type === 'member_access' && /\.parent$/i.test(target.text) ? staticValues(target, st) : null;
    const v = pwd ?? up ?? (inner ? locatedPath(inner, st, true) : null);
    if (v?.values?.length === 1 && !parent) return v;
    const dir = parent && v?.values?.length === 1 ? lexical(v.values[0] as string, '..') : null;
    if (dir !== null) return { values: [dir], glob: false };
  }
  return null;
}

/**
 * The property one pipeline stage reads of each object it is handed, as `(…).M` reads it: `% M`, `% { $_.M }`,
 * `ForEach-Object -MemberName M` (a prefix of it), `Select-Object -ExpandProperty M` (`-exp M`, `-exp:M`); with
 * `selected`, `Select-Object M` too, whose objects carry M under its name. Undefined for any other stage, and for a
 * member called with arguments. The one reading of such a stage: the values, paths and listings read through it.
 */
export function pipedMember(stage: Node, st: State, selected = false): string | undefined {
  const name = stage.childForFieldName('command_name');
  if (!name || stage.namedChildren.some((c) => c?.type === 'command_invokation_operator')) return undefined;
  const names = commandNames(name, st);
  const elements = commandElements(stage);
  const words = elements.map((e) => wordOf(e, st));
  const plain = (w: Word | undefined) => (w?.values?.length === 1 && /^\w+$/.test(w.values[0]!) ? w.values[0] : undefined);
  const prefixOf = (text: string, param: string, least: number) => text.length > least && text.startsWith('-') && param.startsWith(text.slice(1).toLowerCase());
  if (names.some((c) => /^(?:foreach-object|%|foreach)$/.test(c))) {
    const block = elements.length === 1 ? /^\{\s*\$(?:_|psitem)\.(\w+)\s*\}$/i.exec(elements[0]!.text) : null;
    if (block) return block[1];
    if (words.length === 1 && !words[0]!.text.startsWith('-')) return plain(words[0]);
    if (words.length === 2 && prefixOf(words[0]!.text, 'membername', 1)) return plain(words[1]);
  }
  if (names.some((c) => /^(?:select-object|select)$/.test(c))) {
    if (words.length === 2 && prefixOf(words[0]!.text, 'expandproperty', 3)) return plain(words[1]);
    const joined = words.length === 1 ? /^(-[a-z]+):(\w+)$/i.exec(words[0]!.text) : null;
    if (joined && prefixOf(joined[1]!, 'expandproperty', 3)) return joined[2];
    if (selected && words.length === 1 && !words[0]!.text.startsWith('-')) return plain(words[0]);
    if (selected && words.length === 2 && prefixOf(words[0]!.text, 'property', 1)) return plain(words[1]);
  }
  return undefined;
}

/** The one command a member's target wraps (`(Get-Command git)`, `((gcm git))`), through parentheses; else null. */
function innerCommand(target: Node): Node | null {
  let inner: Node = target;
  while (inner.type !== 'command') {
    const only = inner.namedChildren.filter((c): c is Node => c !== null && c.type !== 'comment');
    if (only.length !== 1) return null;
    inner = only[0] as Node;
  }
  return inner;
}

/** The program `(Get-Command NAME)` looks up on the PATH, by a name written out; undefined for anything else. */
function foundProgram(target: Node, st: State): string | undefined {
  const inner = innerCommand(target);
  const name = inner?.childForFieldName('command_name');
  if (!name || !commandNames(name, st).some((c) => /^(?:get-command|gcm)$/.test(c))) return undefined;
  const words = commandElements(inner).map((e) => wordOf(e, st));
  const names = words.filter((w, i) => !w.text.startsWith('-') && !/^-(?:commandtype|type)$/i.test(words[i - 1]?.text ?? ''));
  const only = names.length === 1 ? names[0]!.values : null;
  return only?.length === 1 && /^[\w.+-]+$/.test(only[0]!) ? only[0]!.replace(/\.exe$/i, '') : undefined;
}

/**
 * `Join-Path $env:TEMP 'x'`, `Join-Path -Path a -ChildPath b`: the joined path, when every part is static (one parent,
 * one child, no -Resolve or more children); null otherwise.
 */
function joinPathValue(node: Node, st: State): Values | null {
  const name = node.childForFieldName('command_name');
  if (!name || node.namedChildren.some((c) => c?.type === 'command_invokation_operator') || !/^(?:microsoft\.powershell\.management\\)?join-path$/i.test(name.text)) return null;
  const elems = commandElements(node);
  const words = elems.map((e) => wordOf(e, st));
  let parent: Word | undefined;
  let child: Word | undefined;
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as Word;
    const m = /^-(path|childpath)$/i.exec(w.text) ?? (/^-/.test(w.text) ? null : undefined);
    if (m === null) return null;
    if (m === undefined) {
      if (parent === undefined) parent = w;
      else if (child === undefined) child = w;
      else return null;
      continue;
    }
    const next = words[++i];
    if (!next) return null;
    if ((m[1] as string).toLowerCase() === 'path') parent = next;
    else child = next;
  }
  // `Split-Path $PROFILE | Join-Path -ChildPath profile.ps1`: the one path the element before prints is its -Path.
  const before = st.elementBefore.get(node.startIndex);
  if (before && before.startIndex < node.startIndex) {
    if (parent !== undefined) return null;
    parent = pipedPaths(st, before);
  }
  const p = parent?.values?.length === 1 ? parent.values[0] : undefined;
  const c = child?.values?.length === 1 ? child.values[0] : undefined;
  // A variable not known here, joined to a written path: the text it stands for (`Join-Path $env:GOPATH bin`, read as
  // `"$env:GOPATH\bin"` is: Word.stands).
  if (p === undefined && c !== undefined && parent?.values === null && /^\$(?:env:)?[A-Za-z_]\w*$|^\$\{(?:env:)?[A-Za-z_]\w*\}$/i.test(parent.text)) return { values: null, reason: 'a path joined to a variable not known here', stands: `${parent.text}\\${c.replace(/^[\\/]+/, '')}` };
  if (p === undefined || c === undefined) return null;
  const sep = p.includes('\\') || (!p.includes('/') && c.includes('\\')) ? '\\' : '/';
  return { values: [`${p.replace(/[\\/]+$/, '')}${sep}${c.replace(/^[\\/]+/, '')}`], glob: parent?.glob === true || child?.glob === true };
}

/**
 * A command's name as PowerShell reads the bare token (``Get-`Ite`m`` is Get-Item; where `e differs, 5.1's reading
 * too), lower-cased, its module qualifier dropped.
 */
export function commandNames(name: Node, st: State): string[] {
  const ev = evalBare(name.text, scope(st));
  return (ev.value === null ? [] : [ev.value, ev.alt]).filter((v): v is string => typeof v === 'string').map((v) => v.toLowerCase().replace(/^microsoft\.powershell\.(?:utility|management)\\/, ''));
}

/** The names a command may run under, or null when it has none written or is run by `&` or `.`. */
function namesOf(node: Node, st: State): string[] | null {
  const name = node.childForFieldName('command_name');
  if (!name || node.namedChildren.some((c) => c?.type === 'command_invokation_operator')) return null;
  return commandNames(name, st);
}

/**
 * The one static path a command's words name: a word of its own or the value of a `path` option. `other` reads any
 * other option at `i` and answers the index it ends at, or null for one it does not know. Null when the words name
 * two, a computed or wildcard path, none, or an option neither knows.
 */
function namedPath(words: Word[], path: RegExp, other: (w: Word, i: number) => number | null): string | null {
  let named: Word | undefined;
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as Word;
    if (!w.text.startsWith('-')) {
      if (named !== undefined) return null;
      named = w;
    } else if (path.test(w.text)) named = words[++i];
    else {
      const next = other(w, i);
      if (next === null) return null;
      i = next;
    }
  }
  return named?.values?.length === 1 && !named.glob ? (named.values[0] as string) : null;
}

/**
 * A path as the file system's provider resolves it: `~` the home, a rooted path without its trailing separators, a
 * relative one below the working directory with `..` taken away (`Resolve-Path ..`); null where that is not known.
 */
function fullPath(path: string, st: State): string | null {
  const tilde = expandTilde(path, st.ctx.home);
  if (/^(?:[A-Za-z]:)?[\\/]/.test(tilde)) return tilde.replace(/(?<=.)[\\/]+$/, '');
  return st.cwd === null ? null : lexical(st.cwd, tilde);
}

/**
 * `Get-Variable PROFILE -ValueOnly` (and, as an object whose .Value is read, `Get-Variable PROFILE` or `Get-Item
 * Variable:PROFILE`): the value of the variable it names, as `$PROFILE` reads it; null when it is no such command.
 */
function variableValue(node: Node, st: State, object: boolean): Values | null {
  const cmds = namesOf(node, st);
  if (cmds === null) return null;
  // Get-ChildItem's object of one variable is Get-Item's; Get-Content prints the value itself (`Get-Content Env:HOME`).
  const content = !object && cmds.some((c) => /^(?:get-content|gc|cat|type)$/.test(c));
  const item = content || cmds.some((c) => /^(?:get-item|gi|get-childitem|gci|ls|dir)$/.test(c));
  if (!cmds.some((c) => /^(?:get-variable|gv)$/.test(c)) && !(object && item) && !content) return null;
  const words = commandElements(node).map((e) => wordOf(e, st));
  let only = content;
  const n = namedPath(words, /^-(?:name|path|literalpath)$/i, (w, i) => {
    if (!item && /^-va(?:l(?:u(?:e(?:o(?:n(?:ly?)?)?)?)?)?)?$/i.test(w.text)) {
      only = true;
      return i;
    }
    return /^-s(?:c(?:o(?:pe?)?)?)?$/i.test(w.text) ? i + 1 : null;
  });
  if (n === null || (!object && !only)) return null;
  // `(Get-Item Env:USERPROFILE).Value`: the environment variable's value, as `$env:USERPROFILE` reads it.
  const env = item ? /^env:[\\/]?([A-Za-z_][\w()]*)$/i.exec(n)?.[1] : undefined;
  if (env !== undefined) {
    const v = lookupVariable(`env:${env.toLowerCase()}`, scope(st));
    return v === null ? { values: null, reason: `variable $env:${env}` } : { values: [v], glob: false };
  }
  const key = item ? /^variable:[\\/]?(.+)$/i.exec(n)?.[1] : n;
  if (key === undefined || /[*?[]/.test(key)) return null;
  // The object's .Value is read after the command forgot what the variable holds (its object may change it): of the
  // variables PowerShell gives every session, the one it starts with is among what it may hold.
  const k = variableKey(`$${key}`);
  const v = lookupVariable(k, scope(st)) ?? (object && /^(?:profile|pshome|home)$/.test(k) ? lookupVariable(k, { ...scope(st), vars: new Map() }) : null);
  return v === null ? { values: null, reason: `variable $${key}` } : { values: [expandTilde(v, st.ctx.home)], glob: false };
}

/**
 * `Resolve-Path ~`, `Convert-Path ~` (and, as an object whose full path is read, `Get-Item ~`): the one path written
 * out, `~` read as the home; null for another command, a computed or wildcard path, a relative one, or another option.
 */
function locatedPath(node: Node, st: State, object: boolean): Values | null {
  const cmds = namesOf(node, st);
  if (cmds === null) return null;
  const words = commandElements(node).map((e) => wordOf(e, st));
  // `Get-Location` (`$(Get-Location)\..`): the working directory, of the file system's provider.
  if (cmds.some((c) => /^(?:get-location|gl|pwd)$/.test(c))) {
    const only = words.map((w) => w.text.toLowerCase()).join(' ');
    return st.cwd !== null && (only === '' || /^-psp\w*\s+(?:microsoft\.powershell\.core\\)?filesystem$/.test(only)) ? { values: [st.cwd], glob: false } : null;
  }
  // Get-Item's object prints its full path (`"$(Get-Item ~)"`), as its FullName is.
  const item = cmds.some((c) => /^(?:get-item|gi)$/.test(c));
  if (!item && !cmds.some((c) => /^(?:resolve-path|rvpa|convert-path|cvpa)$/.test(c))) return null;
  let relative = false;
  const n = namedPath(words, /^-(?:path|literalpath|lp|pspath)$/i, (w, i) => {
    if (item || object || !/^-rel(?:a(?:t(?:i(?:ve?)?)?)?)?$/i.test(w.text)) return null;
    relative = true;
    return i;
  });
  const full = n === null ? null : fullPath(n, st);
  if (full === null) return null;
  if (!relative) return { values: [full], glob: false };
  // `Resolve-Path ~ -Relative` in C:\Users\dev\project: `..`, the way up from the working directory and down again.
  const way = st.cwd === null ? null : relativeTo(st.cwd, full);
  return way === null ? null : { values: [way], glob: false };
}

/**
 * `'~' | Resolve-Path` (Convert-Path), `Get-Item ~ | Select-Object -ExpandProperty FullName` (`| % FullName`): the path
 * the element before names, as `Resolve-Path ~` and `(Get-Item ~).FullName` read it; null for any other pair.
 */
function pipedLocation(first: Node, last: Node, st: State): Values | null {
  const cmds = namesOf(last, st);
  if (cmds === null) return null;
  const words = commandElements(last).map((e) => e.text.toLowerCase());
  if (cmds.some((c) => /^(?:resolve-path|rvpa|convert-path|cvpa)$/.test(c)) && words.length === 0) {
    const v = first.type === 'command' ? null : oneString(first, st);
    if (v === undefined || v === null || /[*?[]/.test(v)) return null;
    const full = fullPath(v, st);
    return full === null ? null : { values: [full], glob: false };
  }
  const projects = /^(?:fullname|path|providerpath)$/i.test(pipedMember(last, st) ?? '');
  return projects && first.type === 'command' ? locatedPath(first, st, true) : null;
}

/** `rel` below directory `dir`, `.` and `..` taken away by their text; null where `..` climbs above the root. */
function lexical(dir: string, rel: string): string | null {
  const windows = /^[A-Za-z]:/.test(dir);
  const out = dir.split(/[\\/]+/).filter((x) => x !== '');
  const root = windows ? '' : '/';
  for (const part of rel.split(/[\\/]+/)) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length <= (windows ? 1 : 0)) return null;
      out.pop();
    } else out.push(part);
  }
  return windows ? (out.length === 1 ? `${out[0]}\\` : out.join('\\')) : `${root}${out.join('/')}`;
}

/** The path from directory `from` to `to` as Resolve-Path -Relative writes it (`..`, `..\x`, `.\x`); null across roots. */
function relativeTo(from: string, to: string): string | null {
  const windows = /^[A-Za-z]:/.test(to);
  const sep = windows ? '\\' : '/';
  const parts = (p: string) => p.split(/[\\/]+/).filter((x) => x !== '' && x !== '.');
  const a = parts(from);
  const b = parts(to);
  const same = (x: string, y: string) => (windows ? x.toLowerCase() === y.toLowerCase() : x === y);
  if (a.length === 0 || b.length === 0 || !same(a[0] as string, b[0] as string) || [...a, ...b].includes('..')) return null;
  let k = 0;
  while (k < a.length && k < b.length && same(a[k] as string, b[k] as string)) k++;
  const up = a.length - k;
  const down = b.slice(k);
  if (up === 0) return ['.', ...down].join(sep);
  return [...Array<string>(up).fill('..'), ...down].join(sep);
}

/**
 * `Split-Path $PROFILE` (the parent, -Parent being the default), `Split-Path -Leaf $p`, `-LeafBase`, `-Extension`,
 * `-NoQualifier`, `-Qualifier` of one static path; null for another command or a computed path.
 */
function splitPathValue(node: Node, st: State): Values | null {
  const name = node.childForFieldName('command_name');
  if (!name || node.namedChildren.some((c) => c?.type === 'command_invokation_operator') || !/^(?:microsoft\.powershell\.management\\)?split-path$/i.test(name.text)) return null;
  const elems = commandElements(node);
  const words = elems.map((e) => wordOf(e, st));
  let path: Word | undefined;
  let part = 'parent';
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as Word;
    if (!/^-/.test(w.text)) {
      if (path !== undefined) return null;
      path = w;
      continue;
    }
    const flag = w.text.slice(1).toLowerCase();
    if (flag === 'path' || flag === 'literalpath') {
      path = words[++i];
      if (!path) return null;
    } else if (['parent', 'leaf', 'leafbase', 'extension', 'qualifier', 'noqualifier'].includes(flag)) part = flag;
    else return null;
  }
  // `'~/.ssh/config' | Split-Path -Parent`: -Path binds the one path the element before hands on, as Join-Path's does.
  const before = st.elementBefore.get(node.startIndex);
  if (path === undefined && before && before.startIndex < node.startIndex) path = pipedPaths(st, before);
  const p = path?.values?.length === 1 ? path.values[0] : undefined;
  if (p === undefined) return null;
  const trimmed = p.length > 1 ? p.replace(/(?<=.)[\\/]+$/, '') : p;
  const cut = Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\'));
  const leaf = trimmed.slice(cut + 1);
  const qualifier = /^[A-Za-z][A-Za-z0-9]*:/.exec(trimmed)?.[0];
  let out: string;
  switch (part) {
    case 'parent':
      out = cut < 0 ? '' : cut === 0 ? trimmed.slice(0, 1) : trimmed.slice(0, cut).replace(/^([A-Za-z]:)$/, '$1\\');
      break;
    case 'leaf':
      out = leaf;
      break;
    case 'leafbase':
      out = leaf.includes('.') ? leaf.slice(0, leaf.lastIndexOf('.')) : leaf;
      break;
    case 'extension':
      out = leaf.includes('.') ? leaf.slice(leaf.lastIndexOf('.')) : '';
      break;
    case 'qualifier':
      if (qualifier === undefined) return null;
      out = qualifier;
      break;
    default:
      out = qualifier === undefined ? trimmed : trimmed.slice(qualifier.length);
  }
  return { values: [out], glob: path?.glob === true };
}

export function wordOf(node: Node, st: State): Word {
  const item = pipeItem(node, st);
  if (item) return item;
  const v = staticValues(node, st);
  const at = span(st, node);
  const text = bareToken(st, node) ?? node.text;
  if (v.values === null) return { text, span: at, values: null, dynamic: v.reason, ...(v.stands !== undefined ? { stands: v.stands } : {}), ...(v.program !== undefined ? { program: { name: v.program, found: true as const } } : {}) };
  const word: Word = { text, span: at, values: v.values };
  if (v.glob) word.glob = true;
  return word;
}

/** Expression wrappers that span exactly their one child: skipping them changes neither text nor value. */
export const TRANSPARENT = new Set([...SINGLE_CHILD, 'array_literal_expression', 'additive_expression']);
for (const t of ['parenthesized_expression', 'pipeline', 'pipeline_chain', 'command_name_expr']) TRANSPARENT.delete(t);

export function core(node: Node): Node {
  let n = node;
  while (TRANSPARENT.has(n.type)) {
    const kids = n.namedChildren;
    const only = kids.length === 1 ? kids[0] : null;
    if (!only) break;
    n = only;
  }
  return n;
}

/** A word that walks its node first: anything it runs (sub-expressions, script blocks) is lowered too. */
export function argWord(given: Node, st: State, program: string | null): Word {
  // One walk down the expression chain instead of one per question asked of it.
  const node = core(given);
  const simple = node.type === 'generic_token' || node.type === 'command_parameter';
  // A variable is read as it stands before its walk (which forgets an array or hashtable a command may change).
  const before = node.type === 'variable' ? wordOf(node, st) : null;
  if (before) noteSpread(before, node.text, st);
  if (!simple) {
    const argOf = st.argOf;
    st.argOf = program;
    try {
      walk(node, st);
    } finally {
      st.argOf = argOf;
    }
  }
  const word = before ?? wordOf(node, st);
  if (!before && !simple) noteArraySpread(word, node, st);
  if (word.values === null && isScriptBlockLiteral(node)) word.dynamic = 'script block';
  // `Invoke-Expression (&starship init powershell)`: only that program's own setup code (init.ts).
  const init = word.values === null && !simple ? initOf(st, given) : undefined;
  if (init !== undefined) word.init = init;
  return word;
}

export function isScriptBlockLiteral(node: Node): boolean {
  return scriptBlockLiteral(node) !== null;
}

/** The `{ … }` an expression consists of, if that is all it is. */
export function scriptBlockLiteral(node: Node): Node | null {
  let n: Node | null = node;
  while (n && n.type !== 'script_block_expression') {
    const kids: (Node | null)[] = n.namedChildren;
    if (kids.length !== 1 || !SINGLE_CHILD_OR_ARRAY.has(n.type)) return null;
    n = kids[0] ?? null;
  }
  return n;
}

/**
 * `gci | Copy-Item -Destination { $PROFILE }`: a block handed to a parameter of a cmdlet the pipeline feeds is
 * evaluated once per item (a delay-bind script block), and its value is the argument. A block of one statement has
 * that statement's values; any other block, or one whose value is not static, has none.
 */
export function blockValues(node: Node, st: State): Values {
  const block = scriptBlockLiteral(node);
  const inner = block?.namedChildren.find((c) => c?.type === 'script_block');
  // A param block names the item's variable (`{ param($f) … }`); the value is still the body's.
  const parts = inner?.namedChildren.filter((c): c is Node => c !== null && c.type !== 'comment' && c.type !== 'param_block') ?? [];
  const body = parts.length === 1 && parts[0]?.type === 'script_block_body' ? parts[0] : null;
  const list = body?.namedChildren.filter((c): c is Node => c !== null && c.type !== 'comment') ?? [];
  const stmts = list.length === 1 && list[0]?.type === 'statement_list' ? list[0].namedChildren.filter((c): c is Node => c !== null && c.type !== 'empty_statement' && c.type !== 'comment') : [];
  if (stmts.length !== 1) return { values: null, reason: 'script block' };
  return staticValues(stmts[0] as Node, st);
}

export const SINGLE_CHILD_OR_ARRAY = new Set([...SINGLE_CHILD, 'array_literal_expression', 'additive_expression']);

export function isKnownScriptBlock(text: string, st: State): boolean {
  if (!text.startsWith('$')) return false;
  return st.ctx.vars.get(`scriptblock:${variableKey(text)}`) === '1';
}
