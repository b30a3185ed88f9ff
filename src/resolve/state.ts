// The bash walk's abstract state: what each variable may hold and where the shell may stand, on every path it takes.
import type { Stmt } from '../segments/ir.js';
import { SET_ON_SOME_PATHS, type Under, type Word } from '../types.js';
import type { ResolveContext } from './context.js';
import { carried, type Here, underOf, underWhy } from './words.js';

/** What a statement writes to stdout, as far as a program reading it cares. */
export type Flow =
  | { kind: 'static'; text: string; word: Word }
  /**
   * Text only known at run time (`number`: it is a number, like `wc -l`'s output; `temp`: the path of a file just
   * made in a temp directory, like `mktemp`'s; `text`: what it prints is known where it runs, like `pwd`'s directory;
   * `program`: the path of the program of that name, or nothing, like `which`'s; `ids`: identifiers, one a line, or
   * none, like `docker ps -q`'s; `directory`: a directory of a program's setup, like `npm bin`'s, `cache` its cache (see
   * the `directory` output); `user`: the user's login name, like `whoami`'s; `line`: made from static text the line wrote by a program vouch does not follow, like
   * `echo -rf ~ | tr a a`'s, see Word.line).
   */
  | { kind: 'stream'; why: string; number?: boolean; under?: Under[]; temp?: boolean; text?: string; glob?: boolean; program?: string; init?: string; initSplit?: boolean; ids?: boolean; directory?: boolean; top?: string; cache?: true | string[]; stands?: string; user?: boolean; line?: boolean; float?: boolean }
  /** Input from a named file (`sh < script.sh`): like running a script file; `word`, its name where one word gives it. */
  | { kind: 'file'; word?: Word };

/** Most values one variable (or the working directory) may hold before it is taken as unknown (a limit). */
export const MAX_VALUES = 8;

/** Most combinations of values one command is read under before the rest is taken as unknown (a limit). */
export const MAX_WORLDS = 16;

/** A function defined on the line: its body and the text it was written in (for spans). */
export interface FunctionDef {
  body: Stmt;
  ctx: ResolveContext;
  /** The name it was defined under. */
  name: string;
  /** The state where it was defined: its body is read from there at the end when no call of it was walked. */
  at: State;
  /** A call of it (or an export, which lets a child call it) was walked, with the arguments that call gives. */
  walked?: boolean;
}

/** Shell text that bash runs later in this shell (a trap's action), and where it was written. */
export interface Deferred {
  text: string;
  word: Word;
  /** The state where it was set. */
  set?: State;
  /** The states the shell may exit in while it is set (its text's end, `exit`, a failure under `set -e`), joined. */
  exits?: State | null;
}

/**
 * What one shell keeps for the end of its text: the functions it defines (those no walked call reached are read then)
 * and the traps it sets (each read then, in the states the shell may exit in while it is set).
 */
export interface Shell {
  defs: FunctionDef[];
  traps: Deferred[];
}

/** The shell may exit here: each trap set in it runs in this state too (with its variables as on the paths that set it). */
export function exitsHere(state: State): void {
  for (const t of state.traps.values()) if (t.set) t.exits = join(t.exits ?? null, trapView(state, t));
}

/**
 * What a trap's variables hold where it is set, when that differs from the state's (joined over paths where it is
 * not set: `cd src && { trap 'rm -rf "$tmp"' EXIT; tmp=$(mktemp -d); }`). A name in `names` and in neither map is
 * the environment's. Forgotten for a name the line assigns again (the joined value is then every path's).
 */
export interface TrapVars {
  names: ReadonlySet<string>;
  vars: ReadonlyMap<string, readonly string[]>;
  unknown: ReadonlyMap<string, string>;
}

/** The state as the trap `t` sees it: its own variables, where they differ from the state's. */
function trapView(state: State, t: Deferred): State {
  const out = copy(state);
  delete out.trapVars;
  const o = state.trapVars?.get(t);
  if (!o) return out;
  for (const n of o.names) {
    const v = o.vars.get(n);
    if (v) out.vars.set(n, v);
    else out.vars.delete(n);
    const why = o.unknown.get(n);
    if (why !== undefined) out.unknown.set(n, why);
    else out.unknown.delete(n);
    out.numeric.delete(n);
  }
  return out;
}

/** The variable is assigned on every path from here: no trap sees another value of it. */
export function forget(state: State, name: string): void {
  if (!state.trapVars) return;
  let changed: Map<Deferred, TrapVars> | undefined;
  for (const [t, o] of state.trapVars) {
    if (!o.names.has(name)) continue;
    changed ??= new Map(state.trapVars);
    const names = new Set(o.names);
    names.delete(name);
    if (names.size === 0) changed.delete(t);
    else changed.set(t, { names, vars: o.vars, unknown: o.unknown });
  }
  if (changed) {
    if (changed.size === 0) delete state.trapVars;
    else state.trapVars = changed;
  }
}

/** For each trap of the joined state `out`, its variables as on the paths of `a` and `b` that set it, where they differ. */
let viewing = false;
function joinTrapVars(out: State, a: State, b: State): void {
  if (viewing) return;
  if (out.traps.size === 0 || (!a.trapVars && !b.trapVars && a.traps.size === b.traps.size && [...a.traps].every(([k, t]) => b.traps.get(k) === t))) {
    delete out.trapVars;
    return;
  }
  const result = new Map<Deferred, TrapVars>();
  for (const t of new Set(out.traps.values())) {
    const inA = [...a.traps.values()].includes(t);
    const inB = [...b.traps.values()].includes(t);
    let view: State;
    if (inA && inB) {
      viewing = true;
      try {
        view = join(trapView(a, t), trapView(b, t))!;
      } finally {
        viewing = false;
      }
    } else view = trapView(inA ? a : b, t);
    const names = new Set<string>();
    const vars = new Map<string, readonly string[]>();
    const unknown = new Map<string, string>();
    for (const n of new Set([...view.vars.keys(), ...view.unknown.keys(), ...out.vars.keys(), ...out.unknown.keys()])) {
      const v = view.vars.get(n);
      const w = out.vars.get(n);
      const same = v !== undefined && w !== undefined ? v.length === w.length && v.every((x, i) => x === w[i]) : v === w && view.unknown.get(n) === out.unknown.get(n);
      if (same) continue;
      names.add(n);
      if (v) vars.set(n, v);
      const why = view.unknown.get(n);
      if (why !== undefined) unknown.set(n, why);
    }
    if (names.size > 0) result.set(t, { names, vars, unknown });
  }
  if (result.size > 0) out.trapVars = result;
  else delete out.trapVars;
}

/**
 * The shell's state at one point, over-approximated: a variable in `vars` holds one of its values; a variable absent
 * from `vars` is unknown (inherited from the environment, computed, or past a bound), with the reason in `unknown`
 * when the line made it so. `cwd` lists where the shell may stand (empty: unknown).
 */
export interface State {
  cwd: string[];
  /**
   * Where `cwd` is unknown because the shell went to the top of the git work tree holding this directory (`cd
   * "$(git rev-parse --show-toplevel)"`): it stands there, which is this directory or one holding it.
   */
  top?: string;
  /**
   * Where `cwd` is unknown because a runner started the command in the directory of a file it found (`find -execdir`):
   * a path it handed the command relative to that directory (Under.found) is still that file, until the shell moves.
   */
  found?: true;
  /** Directories in `cwd` that are glob patterns (`cd ~/.k?be`): the shell stands in whatever they match. */
  globDirs: Set<string>;
  /** The directory stack of pushd and popd, oldest first, each entry the directories it may be (null: unknown). */
  dirs: (readonly string[] | null)[];
  vars: Map<string, readonly string[]>;
  /** Variables the line made unknown, and why (`computed`, or a bound). Absent and not here: the environment's. */
  unknown: Map<string, string>;
  /** Variables whose assigned value bash transforms (`declare -l/-u/-c/-i`): never followed. */
  transformed: Set<string>;
  /** `declare -n r=P`: assignments to r go to P. */
  namerefs: Map<string, string>;
  functions: Map<string, FunctionDef>;
  /** Aliases defined on the line (with their text), and whether bash may expand them here. */
  aliases: Map<string, string>;
  /** Command names bound to a path (`hash -p`, `BASH_CMDS[x]=`). */
  hashed: Map<string, string>;
  /** Traps that run in this shell before (DEBUG) or between commands (ERR, RETURN, signals). */
  traps: Map<string, Deferred>;
  /** Shell options that change what runs: lastpipe, expand_aliases, histexpand (true: may be on). */
  options: Set<string>;
  /** A background job was started: `$!` holds its pid (else it is empty). */
  jobs: boolean;
  /** Bash's computed variables (RANDOM, SECONDS…) unset on the line: they hold text from then on. */
  plain: Set<string>;
  /** Variables the line exported (a child shell sees them; the others it sees empty). */
  exported: Set<string>;
  /** Unknown variables known to hold a number (set by arithmetic, `declare -i`): arithmetic reads no code there. */
  numeric: Set<string>;
  /** `declare -i` names: what is assigned to them is evaluated as arithmetic. */
  integers: Set<string>;
  /**
   * Variables holding a word a glob may have expanded (`for f in *`, `a=(/usr/bin/c?rl)`): the value kept is the
   * pattern, and any name it matches may be there (one that holds `$(…)`, another program's name), quoted or not.
   */
  globbed: Set<string>;
  /** The shell's own stdin, after `exec < …` or `exec <<< …` with no command. */
  input?: Flow;
  /**
   * A descriptor past stdin the line opened on text it wrote (`exec {fd}<<<'-rf ~'`, `exec 3< <(printf …)`): what
   * `read -u` and `mapfile -u` read from one is built from that text (see LINE_WHY). Child processes inherit it.
   */
  lineFds?: true;
  /**
   * The paths a lister printed that a descriptor past stdin was opened on (`exec 3< <(git ls-files)`, `while read -u3 f;
   * …; done 3< <(find ~)`): what `read -u` and `mapfile -u` read from one may be any of them (see Under).
   */
  fdUnder?: Under[];
  /**
   * The stdin that `exec` replaced, when it ran where one was inherited (`echo x | { exec <<< T; bash; }`): a command
   * handed that same stdin reads `input` instead. A pipe that begins later is another stdin, which it reads.
   */
  inputOver?: Flow;
  /**
   * The positional parameters: the words of the function call being walked (after `shift` and `set --`), or why they
   * are not known; absent outside any call the line makes (the shell's own, not known).
   */
  positional?: readonly Word[] | string;
  /** The rarely written tables are shared with another state: write them through `own`. */
  shared?: boolean;
  /** Traps set on some of the paths joined here, with what their variables hold on those paths (see TrapVars). */
  trapVars?: ReadonlyMap<Deferred, TrapVars>;
  /**
   * Files this path has written with static text, by key (see writtenKey): only these are known to hold that text when
   * read back (`cat`); a write on some paths only (`false && echo x > f`) leaves the file's old content on the others.
   */
  wrote?: ReadonlyMap<string, string>;
}

/** The files both paths wrote with the same text. */
function joinWrote(a: State['wrote'], b: State['wrote']): State['wrote'] {
  if (a === b) return a;
  if (!a || !b) return undefined;
  const out = new Map<string, string>();
  for (const [k, t] of a) if (b.get(k) === t) out.set(k, t);
  return out.size > 0 ? out : undefined;
}

/** What a path wrote into a file: its static text, or undefined (not known: the file is no longer known to hold any). */
export function noteWrote(state: State | null, key: string, text: string | undefined): void {
  if (state === null) return;
  const m = new Map(state.wrote ?? []);
  if (text === undefined) m.delete(key);
  else m.set(key, text);
  state.wrote = m;
}

/**
 * Where the shell stands when `cwd` is the one directory it is in (null: not known), as the paths a lister printed are
 * read from there (see rebased): a glob it may match, the work tree's top it stands at, the file find -execdir found.
 */
export function hereIn(state: State, cwd: string | null): Here {
  if (cwd !== null) return state.globDirs.has(cwd) ? { cwd, cwdGlob: true } : { cwd };
  const top = state.top === undefined ? {} : { cwdTop: state.top, ...(state.globDirs.has(state.top) ? { cwdTopGlob: true as const } : {}) };
  return { cwd, ...top, ...(state.found ? { found: true as const } : {}) };
}

export function initialState(cwd: string | null, vars: ReadonlyMap<string, string>): State {
  const v = new Map<string, readonly string[]>();
  // A shell starts with PWD holding its directory.
  if (cwd !== null && !vars.has('PWD')) v.set('PWD', [cwd]);
  for (const [k, value] of vars) v.set(k, [value]);
  return {
    cwd: cwd === null ? [] : [cwd],
    globDirs: new Set(),
    dirs: [],
    vars: v,
    unknown: new Map(),
    transformed: new Set(),
    namerefs: new Map(),
    functions: new Map(),
    aliases: new Map(),
    hashed: new Map(),
    traps: new Map(),
    // Claude Code's shell snapshot runs `shopt -s expand_aliases` before the command: an alias the line makes on one
    // line may expand on the next, however it was made (alias, BASH_ALIASES[x]=, read, printf -v).
    options: new Set(['expand_aliases']),
    jobs: false,
    plain: new Set(),
    exported: new Set(),
    numeric: new Set(),
    integers: new Set(),
    globbed: new Set(),
  };
}

/**
 * A copy to change on its own. The tables the line rarely writes (functions, aliases, traps, options, attributes…)
 * are shared until one side writes them: every write to them goes through `own`.
 */
export function copy(s: State): State {
  s.shared = true;
  return {
    cwd: s.cwd.slice(),
    ...(s.top !== undefined ? { top: s.top } : {}),
    ...(s.found ? { found: true as const } : {}),
    globDirs: s.globDirs,
    dirs: s.dirs.slice(),
    vars: new Map(s.vars),
    unknown: new Map(s.unknown),
    transformed: s.transformed,
    namerefs: s.namerefs,
    functions: s.functions,
    aliases: s.aliases,
    hashed: s.hashed,
    traps: s.traps,
    options: s.options,
    jobs: s.jobs,
    plain: s.plain,
    exported: s.exported,
    numeric: new Set(s.numeric),
    integers: s.integers,
    globbed: new Set(s.globbed),
    shared: true,
    ...(s.input ? { input: s.input } : {}),
    ...(s.inputOver ? { inputOver: s.inputOver } : {}),
    ...(s.lineFds ? { lineFds: true as const } : {}),
    ...(s.fdUnder ? { fdUnder: s.fdUnder } : {}),
    ...(s.positional !== undefined ? { positional: s.positional } : {}),
    ...(s.trapVars ? { trapVars: s.trapVars } : {}),
    ...(s.wrote ? { wrote: s.wrote } : {}),
  };
}

/** The state with tables of its own, to write: shared ones are copied first. */
export function own(s: State): State {
  if (!s.shared) return s;
  s.globDirs = new Set(s.globDirs);
  s.transformed = new Set(s.transformed);
  s.namerefs = new Map(s.namerefs);
  s.functions = new Map(s.functions);
  s.aliases = new Map(s.aliases);
  s.hashed = new Map(s.hashed);
  s.traps = new Map(s.traps);
  s.options = new Set(s.options);
  s.plain = new Set(s.plain);
  s.exported = new Set(s.exported);
  s.integers = new Set(s.integers);
  s.shared = false;
  return s;
}

/**
 * Variables every shell inherits from its environment: bash exports a variable it imported, so setting one of them
 * (`HOME=.; bash -i`) changes what a child sees without an `export`. A shell's environment holds PWD and OLDPWD too,
 * and cd keeps them exported: `bash -c 'cd src; cd ~/.aws; cd /tmp; cat ~-/credentials'` reads ~/.aws/credentials.
 */
const INHERITED: ReadonlySet<string> = new Set(['HOME', 'PATH', 'USER', 'LOGNAME', 'SHELL', 'TERM', 'LANG', 'PWD', 'OLDPWD']);

/**
 * The state a child shell (`bash -c`, a script) starts from: the variables the line exported keep their values, the
 * others are empty there unless the environment already held them (so either); functions, aliases, traps, options
 * and hashed names are not inherited.
 */
export function childState(s: State): State {
  const out = copy(s);
  for (const [k, v] of s.vars) if (!s.exported.has(k) && !INHERITED.has(k) && !v.includes('')) out.vars.set(k, v.length >= MAX_VALUES ? v : [...v, '']);
  out.functions = new Map();
  out.aliases = new Map();
  out.traps = new Map();
  delete out.trapVars;
  out.hashed = new Map();
  out.options = new Set();
  out.jobs = false;
  delete out.input;
  delete out.inputOver;
  delete out.positional;
  return out;
}

/**
 * Two paths' directory stacks, entry by entry from the top (where `~1` counts from): each entry either may be. Where
 * one path's stack is deeper (a pushd that failed on the other), its entries stand (on the other `~N` is left as
 * written, a relative name), and a null entry below them says the depth is not known (`~-N` counts from there).
 */
function joinStacks(a: readonly (readonly string[] | null)[], b: readonly (readonly string[] | null)[]): (readonly string[] | null)[] {
  if (a.length === b.length && a.every((d, i) => d === b[i])) return a.slice();
  const out: (readonly string[] | null)[] = [];
  for (let i = 1; i <= Math.max(a.length, b.length); i++) {
    const x = a[a.length - i];
    const y = b[b.length - i];
    out.unshift(x === undefined ? y! : y === undefined ? x : x === null || y === null ? null : union(x, y));
  }
  if (a.length !== b.length && out[0] !== null) out.unshift(null);
  return out;
}

function union(a: readonly string[], b: readonly string[]): string[] {
  const out = a.slice();
  for (const v of b) if (!out.includes(v)) out.push(v);
  return out;
}

const BOUND = `more than ${MAX_VALUES} possible values (vouch.limit)`;

/** The directories every user's PATH holds: where the line writes a program, a PATH it left alone finds it. */
export const SYSTEM_PATH: readonly string[] = ['/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin'];

/**
 * The state of two paths that may both have been taken: each variable may hold what it held on either; a variable
 * unknown on one path is unknown. Tables the line writes (functions, aliases, traps, hashed names) keep every entry.
 */
export function join(a: State | null, b: State | null): State | null {
  if (a === null) return b;
  if (b === null || a === b) return a;
  const out = copy(a);
  // A search path's directories besides the user's own (`\u0001PATH`, see the resolver's knownDirs), kept on one path
  // only: the other's PATH is the user's (the system's directories) or a value known there, and either joins them.
  const oneSided = (k: string, has: State, other: State): readonly string[] | undefined => {
    if (!k.startsWith('\u0001')) return undefined;
    const plain = k.slice(1);
    const there = other.vars.get(plain) ?? (other.unknown.has(plain) ? undefined : [SYSTEM_PATH.join(':')]);
    return there === undefined ? undefined : union(has.vars.get(k)!, there);
  };
  for (const [k, va] of a.vars) {
    const vb = b.vars.get(k);
    if (vb === undefined) {
      const kept = oneSided(k, a, b);
      if (kept !== undefined) {
        out.vars.set(k, kept);
        continue;
      }
      out.vars.delete(k);
      out.unknown.set(k, b.unknown.get(k) ?? SET_ON_SOME_PATHS);
      continue;
    }
    const u = union(va, vb);
    if (u.length > MAX_VALUES) {
      out.vars.delete(k);
      out.unknown.set(k, BOUND);
    } else out.vars.set(k, u);
  }
  for (const [k, why] of b.unknown) if (!out.vars.has(k)) out.unknown.set(k, out.unknown.get(k) ?? why);
  for (const k of b.vars.keys()) {
    if (!a.vars.has(k)) {
      const kept = oneSided(k, b, a);
      if (kept !== undefined) {
        out.vars.set(k, kept);
        out.unknown.delete(k);
        continue;
      }
      out.vars.delete(k);
      if (a.unknown.has(k)) out.unknown.set(k, a.unknown.get(k)!);
    }
  }
  // What a reason carries (a temp path, identifiers, a path find printed, a program's path, its setup code) only where
  // it is the same on both paths (`if …; then t=$(mktemp -d); else t=~; fi`, `P=$(which python3)` in one branch alone).
  for (const [k, why] of out.unknown) {
    const what = carried(why);
    if (what === undefined || (a.unknown.get(k) === why && b.unknown.get(k) === why)) continue;
    // Paths a lister printed on one path, anything on another (`shopt -s lastpipe; git ls-files | mapfile -t a`, where
    // the pipe's last stage may run here): any text, among which those paths may be (Under.changed, Word.touches).
    const [ua, ub] = [underOf(a.unknown.get(k)), underOf(b.unknown.get(k))];
    // Paths find printed on both paths, below other roots (`cd sub; x=$(find . …)`, the cd may fail): below either's.
    if (ua && ub) {
      out.unknown.set(k, underWhy([...ua, ...ub]));
      continue;
    }
    const listed = [...(ua ?? []), ...(ub ?? [])];
    out.unknown.set(k, listed.length > 0 ? underWhy(listed.map((u) => ({ ...u, changed: true as const }))) : `it holds ${what} on some paths the shell may take, another value on others`);
  }
  const cwd = a.cwd.length === 0 || b.cwd.length === 0 ? [] : union(a.cwd, b.cwd);
  out.cwd = cwd.length > MAX_VALUES ? [] : cwd;
  // The work tree's top above one of two directories on a line of descent (`cd sub` that may have failed): the one
  // holding the other (see holdingTop).
  const top = holdingTop(a.top, b.top);
  if (out.cwd.length === 0 && top !== undefined) out.top = top;
  else delete out.top;
  if (!(a.found && b.found)) delete out.found;
  out.dirs = joinStacks(a.dirs, b.dirs);
  for (const g of b.globDirs) own(out).globDirs.add(g);
  for (const t of b.transformed) own(out).transformed.add(t);
  for (const [k, v] of b.namerefs) own(out).namerefs.set(k, out.namerefs.has(k) && out.namerefs.get(k) !== v ? '' : v);
  for (const [k, v] of b.functions) if (!out.functions.has(k)) own(out).functions.set(k, v);
  for (const [k, v] of b.aliases) if (!out.aliases.has(k)) own(out).aliases.set(k, v);
  for (const [k, v] of b.hashed) if (!out.hashed.has(k)) own(out).hashed.set(k, v);
  for (const [k, v] of b.traps) if (!out.traps.has(k)) own(out).traps.set(k, v);
  for (const o of b.options) own(out).options.add(o);
  for (const o of b.plain) own(out).plain.add(o);
  for (const o of b.integers) own(out).integers.add(o);
  for (const o of b.exported) if (!a.exported.has(o)) own(out).exported.delete(o);
  // A number (or the environment's value, which the line did not make) on both paths reads no code in arithmetic.
  const plain = (s: State, n: string) => s.numeric.has(n) || (s.vars.get(n)?.every((v) => /^-?\d+$/.test(v)) ?? !s.unknown.has(n));
  out.numeric = new Set([...a.numeric, ...b.numeric, ...a.vars.keys(), ...b.vars.keys()].filter((n) => !out.vars.has(n) && plain(a, n) && plain(b, n)));
  for (const g of b.globbed) out.globbed.add(g);
  out.jobs = a.jobs || b.jobs;
  if (a.lineFds || b.lineFds) out.lineFds = true;
  if (a.fdUnder || b.fdUnder) out.fdUnder = [...(a.fdUnder ?? []), ...(b.fdUnder ?? [])];
  // The same input on both paths (each made its own copy of `exec <<< 'text'`, after a cd that may fail) is that input.
  const sameInput = a.input === b.input || (a.input?.kind === 'static' && b.input?.kind === 'static' && a.input.text === b.input.text) || (a.input?.kind === 'file' && b.input?.kind === 'file');
  // An exec over an inherited stdin on one path only: on the other the command reads that stdin; the input differs.
  const overDiffers = a.inputOver !== b.inputOver;
  if (!sameInput || overDiffers) out.input = (a.input && b.input) || overDiffers ? { kind: 'stream', why: 'the shell input differs on the paths the shell may take' } : (a.input ?? b.input)!;
  if (overDiffers) out.inputOver = (a.inputOver ?? b.inputOver)!;
  if (!sameArgs(a.positional, b.positional)) out.positional = 'they differ on the paths the shell may take (shift, set --)';
  joinTrapVars(out, a, b);
  const wrote = joinWrote(a.wrote, b.wrote);
  if (wrote) out.wrote = wrote;
  else delete out.wrote;
  return out;
}

/** Two lists of positional parameters that are the same words. */
export function sameArgs(a: State['positional'], b: State['positional']): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  return a.length === b.length && a.every((w, i) => w === b[i] || (w.text === b[i]!.text && w.values !== null && w.values.length === b[i]!.values?.length && w.values.every((v, j) => v === b[i]!.values![j]) && !w.glob && !b[i]!.glob));
}

/** The value of `$N` where it is known: the Nth argument when every one before it is one known word, or '' past the last. */
export function argValue(state: State, n: number): string | undefined {
  const given = state.positional;
  if (typeof given !== 'object') return undefined;
  let left = n - 1;
  for (const w of given) {
    if (w.values === null || w.glob) return undefined;
    if (left < w.values.length) return w.values[left];
    left -= w.values.length;
  }
  return '';
}

/**
 * Of two work-tree tops (State.top) on one line of descent, the one holding the other: the rules read a top at or
 * above the project as the project's own repository's, which the top above a directory holding the project is not
 * (`cd ./x 2>/dev/null; cd .. && cd "$(git rev-parse --show-toplevel)"`: the home's repository on one path). Undefined
 * when either is none, or neither holds the other.
 */
export function holdingTop(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined || b === undefined) return undefined;
  return a === b || a.startsWith(`${b}/`) ? b : b.startsWith(`${a}/`) ? a : undefined;
}

/** Two states that hold the same values for every variable and directory (for a loop's fixpoint). */
export function sameValues(a: State, b: State): boolean {
  if (a.vars.size !== b.vars.size || a.cwd.length !== b.cwd.length || a.cwd.some((c, i) => c !== b.cwd[i]) || a.top !== b.top) return false;
  for (const [k, v] of a.vars) {
    const w = b.vars.get(k);
    if (w === undefined || w.length !== v.length || v.some((x) => !w.includes(x))) return false;
  }
  return a.functions.size === b.functions.size && a.aliases.size === b.aliases.size && a.traps.size === b.traps.size && sameArgs(a.positional, b.positional);
}

/**
 * The key under which `vars` holds the elements of an array the line assigned whole from words each of one known
 * value (`dirs=(dist build)`): one value, each element led by a NUL, which no shell string holds (`''`: none). Any other change to
 * the array (an element, `+=`, unset, read -a, a scalar assignment, a local) drops it: `"${a[@]}"` is then computed.
 */
export function arrayKey(name: string): string {
  return `${name}\u0000[@]`;
}

/**
 * Where an array's literal held a glob that may match several names: that element's index (its values: each path's).
 * From it on an element may be any name the glob matches or a word after it: the numbering shifts.
 */
export function shiftKey(name: string): string {
  return `${name}\u0000[glob]`;
}

/** Forgets the elements of an array the line assigned (see arrayKey); through a nameref to a computed name, of all. */
export function dropArray(state: State, name: string): void {
  if (state.namerefs.get(name) === '') {
    for (const k of [...state.vars.keys(), ...state.unknown.keys()]) if (k.endsWith(arrayKey(''))) dropArray(state, k.slice(0, -arrayKey('').length));
    return;
  }
  const key = arrayKey(state.namerefs.get(name) || name);
  state.vars.delete(key);
  state.unknown.delete(key);
}

/** Sets a variable to the values of a word, or makes it unknown with the reason. */
export function assign(state: State, name: string, values: readonly string[] | null, why = 'it is assigned a computed value'): void {
  const target = state.namerefs.get(name) || name;
  // Bash 5 sets $0 to what BASH_ARGV0 is assigned (`BASH_ARGV0=~/.bashrc; echo x >> "$0"`).
  if (target === 'BASH_ARGV0') assign(state, '0', values, why);
  // (`printf -v 'a[1]'`, `read 'a[1]'` assign an element: the array's elements change too.)
  dropArray(state, target.replace(/\[[\s\S]*$/, ''));
  forget(state, target);
  state.numeric.delete(target);
  state.globbed.delete(target);
  if (values === null || state.transformed.has(target) || values.length > MAX_VALUES) {
    state.vars.delete(target);
    state.unknown.set(target, values !== null && values.length > MAX_VALUES ? BOUND : state.transformed.has(target) ? 'bash transforms what is assigned to it' : why);
    return;
  }
  state.vars.set(target, values);
  state.unknown.delete(target);
}

/** The values a variable may hold, or undefined when unknown. */
export function valuesOf(state: State, name: string): readonly string[] | undefined {
  return state.vars.get(state.namerefs.get(name) || name);
}
