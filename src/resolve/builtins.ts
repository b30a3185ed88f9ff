// Bash builtins as they change the shell's own state: directories, declarations, unset, options, aliases, hashed names.
// What they run and what their words are is the program registry's; here is only what they do to the state.
import { parse } from '../programs/argv.js';
import type { Word } from '../types.js';
import { resolveAgainst } from './path.js';
import { arrayKey, assign, copy, dropArray, forget, MAX_VALUES, own, type State, valuesOf } from './state.js';
import { LINE_WHY, single } from './words.js';

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The state where a builtin succeeded and where it failed (equal when it changes nothing it could fail on). */
export interface Outcome {
  ok: State | null;
  fail: State | null;
}

/** `~`, `~/x` and `$HOME` in a directory operand, against the home the line may have set. */
function expandDir(dir: string, state: State, home: string): string | null {
  if (dir !== '~' && !dir.startsWith('~/')) return dir;
  const h = valuesOf(state, 'HOME');
  const base = h === undefined ? (state.unknown.has('HOME') ? null : home) : h.length === 1 ? h[0]! : null;
  return base === null ? null : base + dir.slice(1);
}

/** Where a `cd` operand may lead from each directory the shell may stand in (a glob leads to the glob itself). */
function targets(state: State, target: Word, home: string, program: string): string[] | null {
  const v = target.values?.length === 1 ? target.values[0] : undefined;
  if (v === undefined) return null;
  if (v === '-' && program === 'cd') {
    const old = valuesOf(state, 'OLDPWD');
    return old === undefined ? null : [...old];
  }
  if (/^[+-]\d+$/.test(v)) return null;
  const dir = expandDir(v, state, home);
  if (dir === null || state.cwd.length === 0 && !dir.startsWith('/')) return null;
  const out = new Set<string>();
  const from = dir.startsWith('/') ? [''] : state.cwd;
  // CDPATH: a relative name may be found under any of its directories first.
  // Bash skips it only for `.`, `..` and names starting `./` or `../` (`.ssh` is looked up there too).
  const searched = !dir.startsWith('/') && !/^\.\.?(?:\/|$)/.test(dir);
  const cdpath = searched ? valuesOf(state, 'CDPATH') : undefined;
  if (cdpath === undefined && state.unknown.has('CDPATH') && searched) return null;
  // A relative entry (`CDPATH=.:~/src`) is read from the directory the shell stands in.
  for (const c of cdpath ?? []) {
    for (const p of c.split(':')) {
      if (p === '') continue;
      const e = expandDir(p, state, home) ?? p;
      if (e.startsWith('/')) out.add(resolveAgainst('/', `${e}/${dir}`)!);
      else if (state.cwd.length === 0) return null;
      else for (const w of state.cwd) if (w !== '') out.add(resolveAgainst(w, `${e}/${dir}`) ?? `${w}/${e}/${dir}`);
    }
  }
  for (const c of from) {
    const r = resolveAgainst(c === '' ? '/' : c, dir);
    if (r === null) continue;
    out.add(r);
    // A glob operand, or a directory reached from one, stands for whatever the glob matches.
    if (target.glob || state.globDirs.has(c)) own(state).globDirs.add(r);
  }
  return out.size > MAX_VALUES ? null : [...out];
}

/**
 * cd, pushd, popd: where they succeed the shell stands in the new directory; where they fail (no such directory, no
 * permission) it stays. A computed target leaves the directory unknown.
 */
export function changeDir(program: string, args: Word[], state: State, home: string): Outcome {
  const words = args.filter((a) => !/^-[LPe@]+$/.test(single(a) ?? ''));
  // `--` ends the options: `cd -- "$dir"` goes to $dir, not to a directory named `--`.
  const operands = words[0] !== undefined && single(words[0]) === '--' ? words.slice(1) : words;
  const target = operands[0];
  const before = state.cwd;
  const fail = copy(state);
  const ok = state;
  const setPwd = (dirs: string[]) => {
    ok.cwd = dirs;
    delete ok.top;
    delete ok.found;
    if (before.length > 0) assign(ok, 'OLDPWD', before);
    else assign(ok, 'OLDPWD', null, 'the directory before was not known');
    assign(ok, 'PWD', dirs.length > 0 ? dirs : null, 'the directory is not known');
  };
  if (program === 'popd') {
    if (target && single(target) !== '-n') {
      ok.dirs = ok.dirs.map(() => null);
      setPwd([]);
      return { ok, fail };
    }
    const top = ok.dirs.pop();
    setPwd(top === undefined ? before : top === null ? [] : [...top]);
    return { ok, fail };
  }
  let next: string[] | null;
  if (!target) {
    if (program === 'cd') {
      const h = valuesOf(state, 'HOME');
      next = h === undefined ? (state.unknown.has('HOME') ? null : [home]) : [...h];
    } else {
      const top = ok.dirs.pop();
      next = top === undefined ? before : top === null ? null : [...top];
    }
  } else next = targets(state, target, home, program);
  if (program === 'pushd') ok.dirs.push(before.length > 0 ? before : null);
  setPwd(next ?? []);
  // `cd "$(git rev-parse --show-toplevel)"`: the work tree's top, where it stays if there is none (`cd ""`).
  if (next === null && target?.top !== undefined && operands.length === 1) ok.top = target.top;
  return { ok, fail };
}

/**
 * declare, typeset, local, export, readonly: attributes that transform what is assigned (`-l`, `-u`, `-c`, `-i`)
 * make a name not followed; `-n` makes a nameref. Assignments themselves are the resolver's.
 */
export function declaration(args: Word[], state: State): void {
  // An assignment bash reads from a quoted or escaped word (`declare "X=curl"`, `export X\=1`) is no assignment to the
  // grammar: it is made here. One whose name is computed (`declare "$1=curl"`) may set any variable.
  for (const w of args) {
    if (/^[A-Za-z_][A-Za-z0-9_]*\+?=/.test(w.text)) continue;
    const v = single(w);
    if (v === undefined) {
      if (w.values === null && /=/.test(w.text)) for (const k of [...state.vars.keys()]) assign(state, k, null, 'a declaration with a computed name may have set it');
      continue;
    }
    const m = /^([A-Za-z_][A-Za-z0-9_]*)(\+?)=([\s\S]*)$/.exec(v);
    if (!m) continue;
    if (m[2] === '+') assign(state, m[1]!, null, 'it is appended to by a quoted declaration');
    else assign(state, m[1]!, [m[3]!]);
  }
  const flags = args.map((w) => single(w) ?? '').filter((f) => /^[-+][a-zA-Z]+$/.test(f));
  const names = args.map((w) => single(w) ?? '').filter((v) => !/^[-+]/.test(v));
  const transforms = flags.some((f) => f.startsWith('-') && /[luci]/.test(f.slice(1)));
  const nameref = flags.some((f) => f.startsWith('-') && f.includes('n'));
  for (const n of names) {
    const eq = n.indexOf('=');
    const name = eq < 0 ? n : n.slice(0, eq);
    if (!NAME.test(name)) continue;
    if (nameref) {
      const to = eq < 0 ? '' : n.slice(eq + 1);
      // A nameref whose target is computed could stand for any variable.
      if (NAME.test(to)) own(state).namerefs.set(name, to);
      else own(state).namerefs.set(name, '');
      continue;
    }
    if (transforms) {
      own(state).transformed.add(name);
      assign(state, name, null);
      if (flags.some((f) => f.startsWith('-') && f.includes('i'))) {
        own(state).integers.add(name);
        state.numeric.add(name);
      }
    }
  }
}

/** The variable may have been unset here: it holds one of its values or ''; one not known stays as it was. */
function mayEmpty(state: State, name: string): void {
  const target = state.namerefs.get(name) || name;
  const v = valuesOf(state, target);
  if (v === undefined || v.includes('')) return;
  const globbed = state.globbed.has(target);
  assign(state, target, [...v, '']);
  // A glob's words stay any name it matches (see State.globbed).
  if (globbed) state.globbed.add(target);
}

/** unset: `-f` removes functions, `-v` (or nothing) variables; `-n` the nameref itself. */
export function unset(args: Word[], state: State): void {
  let mode: 'v' | 'f' | 'both' = 'both';
  for (const a of args) {
    const v = single(a);
    if (v === undefined) {
      // A computed name: any variable or function may be gone (a variable then expands to nothing: its values or '').
      for (const k of [...state.vars.keys()]) mayEmpty(state, k);
      own(state).functions.clear();
      continue;
    }
    if (/^-[fvn]+$/.test(v)) {
      mode = v.includes('f') ? 'f' : 'v';
      continue;
    }
    const name = v.replace(/\[.*\]$/, '');
    if (mode !== 'v') own(state).functions.delete(name);
    if (mode !== 'f') {
      // Its elements are no longer those the line assigned (see arrayKey): one unset leaves the others, from the
      // line's text, with a gap not followed (LINE_WHY).
      const key = arrayKey(state.namerefs.get(name) || name);
      const had = v !== name && (state.vars.has(key) || state.unknown.get(key) === LINE_WHY);
      dropArray(state, name);
      // An element unset: `$a` (element 0) holds what it held, or nothing; no value it did not.
      if (v !== name) mayEmpty(state, name);
      if (had) state.unknown.set(key, LINE_WHY);
      else {
        own(state).namerefs.delete(name);
        // An unset variable expands to nothing; bash's special ones lose their meaning and hold what is set next.
        state.vars.set(name, ['']);
        state.unknown.delete(name);
        forget(state, name);
        own(state).transformed.delete(name);
      }
    }
  }
}

/** shopt -s/-u NAME and set -o/+o NAME: the options that change what runs. */
export function options(program: string, args: Word[], state: State): void {
  const values = args.map((w) => single(w));
  if (program === 'set') setArgs(args, values, state);
  if (values.some((v) => v === undefined)) {
    // A computed option may turn on any of them.
    for (const o of ['lastpipe', 'expand_aliases', 'histexpand', 'allexport', 'errexit']) own(state).options.add(o);
    return;
  }
  let on: boolean | undefined;
  for (const v of values as string[]) {
    if (program === 'shopt') {
      if (v === '-s') on = true;
      else if (v === '-u') on = false;
      else if (!v.startsWith('-') && on !== undefined) setOption(state, v, on);
    } else if (/^[-+]o$/.test(v)) on = v.startsWith('-');
    else if (/^[-+][a-zA-Z]+$/.test(v)) {
      if (v.includes('H')) setOption(state, 'histexpand', v.startsWith('-'));
      if (v.includes('a')) setOption(state, 'allexport', v.startsWith('-'));
      if (v.includes('e')) setOption(state, 'errexit', v.startsWith('-'));
    } else if (on !== undefined) setOption(state, v, on);
  }
}

/**
 * `set [options] [--] ARG…`: the words after the options (all of them after `--`) become the positional parameters;
 * `set --` alone empties them, `set -` or options alone leave them. A computed word makes them unknown.
 */
function setArgs(args: Word[], values: (string | undefined)[], state: State): void {
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === undefined) {
      state.positional = `set is given a computed word (${args[i]!.text})`;
      return;
    }
    if (v === '--' || v === '-') {
      if (v === '--' || i + 1 < values.length) state.positional = args.slice(i + 1);
      return;
    }
    if (/^[-+]o$/.test(v)) {
      // `set -o` alone lists the options; with a name, it sets that one.
      i++;
      continue;
    }
    if (/^[-+]/.test(v)) continue;
    state.positional = args.slice(i);
    return;
  }
}

/** `shift [N]`: the first N positional parameters go; past their count it fails and changes nothing. */
export function shiftArgs(args: Word[], state: State): void {
  const given = state.positional;
  if (typeof given !== 'object') return;
  const n = args.length === 0 ? '1' : single(args[0]!);
  if (n === undefined || !/^\d+$/.test(n)) {
    state.positional = `shift drops a computed count of them (${args[0]!.text})`;
    return;
  }
  let left = Number(n);
  const out = given.slice();
  while (left > 0 && out.length > 0) {
    const w = out[0]!;
    if (w.values === null || w.glob) {
      state.positional = `shift drops ${n} of them, and ${w.text} may be any number of words`;
      return;
    }
    if (left < w.values.length) {
      out[0] = { ...w, values: w.values.slice(left) };
      left = 0;
    } else {
      left -= w.values.length;
      out.shift();
    }
  }
  if (left === 0) state.positional = out;
}

function setOption(state: State, name: string, on: boolean): void {
  // Turning an option off is not followed: it may have been on along another path (joins keep any option that may be on).
  if (on) own(state).options.add(name);
}

/** hash -p PATH NAME binds NAME to another program; a computed one binds to a program not known ('' below). */
export function hash(args: Word[], state: State): void {
  // As bash's internal_getopt reads it: `-pPATH` attached or `-p PATH`, then every name (after `--` too).
  const p = parse(args, { order: 'gnu', flags: 'drlt', valued: 'p' });
  const bind = p.options.filter((o) => o.name === 'p').at(-1);
  if (!bind) return;
  const path = bind.value ? single(bind.value) : undefined;
  const names = p.operands.map((o) => single(o.word));
  if (names.length === 0 || p.dynamic) names.push(undefined);
  for (const name of names) own(state).hashed.set(name ?? '*', path ?? '');
}

/** alias NAME=VALUE: the value runs where NAME stands at command position, once aliases expand. */
export function alias(args: Word[], state: State): void {
  for (const a of args) {
    const v = single(a);
    const eq = v?.indexOf('=') ?? -1;
    if (v !== undefined && eq > 0) own(state).aliases.set(v.slice(0, eq), v.slice(eq + 1));
  }
}
