// One simple command in the bash walk: its words under every combination of values they may take, its assignments,
// then what runs — a function, an alias, a builtin that changes the shell, or a program the registry knows.
import type { RawWord, Stmt } from '../segments/ir.js';
import type { Assignment, Invocation, Redirect, Under, Word } from '../types.js';
import { ARITH_VARIABLES, isInteger, subscriptCode } from './arith.js';
import { act, ask, type Host, selfAssigned } from './exec.js';
import { FLOOR, floorAt } from './floor.js';
import { zshCommand } from './zsh.js';
import { basename, caseless, componentGlob, resolveAgainst } from './path.js';
import { alias, changeDir, declaration, hash, options, shiftArgs, unset } from './builtins.js';
import { type BashResolver, both, COMPUTED, type Flow, NO_STDIN, type Out, settle, STREAM_UNKNOWN, view } from './bash.js';
import { arrayKey, assign, shiftKey, copy, type Deferred, holdingTop, dropArray, exitsHere, forget, hereIn, join, MAX_WORLDS, noteWrote, own, type State, SYSTEM_PATH, valuesOf } from './state.js';
import { carried, ENV_ELEMENT, LINE_WHY, oneName, PROCESS_SUBSTITUTION, programOf, programWhy, rebased, rebasedWord, single, standsWhy, underWhy } from './words.js';
import { type Answer, HELPER_NAMES, programKey, type Run, type ScriptDialect, shebangDialect } from '../programs/index.js';
import { isStdinPath, listedPaths, pathLimits, pieces } from '../programs/words.js';
import { type Accumulator, commandKey, filledBeneath, filledBy, filledDirs, heldAt, noteFilled, noteWritten, readingFiles, type WrittenFile, writtenAt, writtenFiles, writtenGlob, writtenKey, writtenKeys } from './context.js';

/** Redirections that send a command's stdout to a file. */
const WRITES_STDOUT: ReadonlySet<string> = new Set(['>', '>>', '>|', '&>', '&>>']);

type Cmd = Extract<Stmt, { k: 'cmd' }>;

/** The environment a command runs with: what its prefix assignments set (null: to a computed value). */
type Prefix = ReadonlyMap<string, string | null>;

/**
 * A search path's value where a command runs: its prefix's (`PATH=… cmd`), else the shell's; null where it is computed,
 * undefined where the line left it alone (the user's own).
 */
function searchPath(variable: string, state: State, prefix: Prefix): readonly string[] | null | undefined {
  if (prefix.has(variable)) return prefix.get(variable) === null ? null : [prefix.get(variable)!];
  return valuesOf(state, variable) ?? (state.unknown.has(variable) ? null : undefined);
}

/** A word whose every value is the program's own stdin (`/dev/stdin`, `/proc/self/fd/0`…). */
function namesStdin(word: Word): boolean {
  return word.values !== null && word.values.length > 0 && word.values.every((v) => isStdinPath(v, false));
}

/** A computed search path's directories besides the user's own, where known (`.:$PATH`, see knownDirs); else null. */
function knownBesideUser(variable: string, state: State, prefix: Prefix): readonly string[] | null {
  const dirs = prefix.has(variable) ? prefix.get(`\u0001${variable}`) : valuesOf(state, `\u0001${variable}`);
  return typeof dirs === 'string' ? [dirs] : Array.isArray(dirs) ? dirs : null;
}

/** The builtins bash runs itself, before any lookup of the name on PATH. */
const BASH_BUILTINS: ReadonlySet<string> = new Set(
  '. : [ alias bg bind break builtin caller cd command compgen complete compopt continue declare dirs disown echo enable eval exec exit export false fc fg getopts hash help history jobs kill let local logout mapfile popd printf pushd pwd read readarray readonly return set shift shopt source suspend test times trap true type typeset ulimit umask unalias unset wait'.split(' '),
);

/** Programs that run `NAME-SUB` found on PATH for a subcommand SUB they do not have (`git x` runs git-x). */
const PLUGIN_HOSTS: ReadonlySet<string> = new Set(['git', 'cargo', 'kubectl', 'oc']);

/** The variables that name directories a program looks its helpers up in by name, PATH first. */
const SEARCH_PATHS = ['PATH', 'GROFF_BIN_PATH'];
/** Who reads the others: groff and what runs it (nroff, man, troff's own helpers). */
const SEARCH_PATH_USERS = /^(groff|nroff|troff|gtroff|grog|man|eqn|tbl|pic|refer|soelim|preconv|grotty|grops|grohtml|gropdf)$/;

/**
 * Programs whose options destroy, run or write where they persist (git reset --hard, find -delete, chmod -R, bash -c,
 * cp into a hook): an argument built from the line's text (Word.line) that may be several words (an array, an unquoted
 * expansion) may be those options. (rm's entry reads such a word itself; a quoted scalar, `git checkout -b "$slug"`,
 * and other programs are left as computed words: `npx eslint "${args[@]}"` after a conditional `args+=(…)` is everyday.)
 */
const BUILT_OPTIONS = /^(?:git|find|chmod|chown|chgrp|cp|mv|ln|install|rsync|dd|truncate|shred|tar|xargs|sudo|doas|env|bash|sh|dash|zsh|ksh|fish|busybox|python3?|node|perl|ruby|php)$/;

/** The builtins that read lines into variables: from stdin, or from a descriptor with `-u FD`. */
const LINE_READERS = /^(read|mapfile|readarray)$/;

/** The most lines of static text a read in a loop is taken to get one of (more: what it reads is built from the line). */
const MAX_HANDED_LINES = 64;

/** The paths a lister printed that the input redirections past stdin open descriptors on (`3< <(find ~)`), if any. */
export function fdListed(redirects: readonly Redirect[], flowOf: (r: Redirect) => Flow | undefined): Under[] | undefined {
  const out: Under[] = [];
  for (const x of redirects) {
    if (x.fd === undefined || x.fd === 0 || !/^(<<<|<<-?|<|<>)$/.test(x.op)) continue;
    const flow = flowOf(x);
    if (flow?.kind === 'stream' && flow.under) out.push(...flow.under);
  }
  return out.length > 0 ? out : undefined;
}

/** Words of read or mapfile that name a descriptor to read (`-u 3`, `-ru3`): an option bundle holding u. */
function fromDescriptor(args: readonly Word[]): boolean {
  return args.some((w) => w.values?.some((v) => /^-[A-Za-z]*u/.test(v)));
}

/**
 * A program reads a file the line wrote with static text (`echo -rf ~ > /tmp/x; rm $(cat /tmp/x)`): what it prints of
 * it is built from that text (see Word.line).
 */
function readsWritten(uses: Answer['uses'], out: Accumulator, cwd: string | null): boolean {
  return (uses ?? []).some((u) => u.role === 'read' && (u.word.values ?? []).some((v) => writtenAt(out, cwd, v).some((f) => 'text' in f)));
}

/**
 * The text `cat FILE` prints, of one file the line wrote with static text on the path the shell took to here (a write on
 * some paths only leaves the file as it was on the others); undefined for anything else.
 */
function catText(args: readonly Word[], out: Accumulator, cwd: string | null, state: State): { text: string; word: Word } | undefined {
  const file = args.length === 1 && args[0]!.values?.length === 1 && !args[0]!.glob ? args[0]!.values[0]! : undefined;
  if (file === undefined || file.startsWith('-')) return undefined;
  const files = writtenFiles(out);
  // A file written to a name known only at run time may be this one.
  if (files.has('*')) return undefined;
  const keys = writtenKeys(files, cwd, file);
  if (keys.length === 0) return undefined;
  const written = keys.flatMap((k) => heldAt(out, k));
  // The same write read on each way the shell may go (a `cd` that may fail before it) is one text.
  const texts = new Set(written.map((f) => ('text' in f ? f.text : undefined)));
  const only = texts.size === 1 ? [...texts][0] : undefined;
  if (only === undefined) return undefined;
  // Written on this path: under each key the name may be here, or, where the directory is one of several (a `cd` that
  // may have failed), under the name as written, which every path wrote the same.
  const wrote = (k: string) => state.wrote?.get(k) === only;
  return keys.every(wrote) || (cwd === null && wrote(writtenKey(null, file))) ? { text: only, word: args[0]! } : undefined;
}

/** Input that is text the line wrote: static, or a stream built from its text (see Word.line). */
function lineInput(flow: Flow | undefined): boolean {
  return flow?.kind === 'static' || (flow?.kind === 'stream' && flow.line === true);
}

/** How deep function calls are followed (a recursive function is a limit past it). */
const MAX_CALLS = 6;
/** The most elements of an array literal whose elements are followed (see arrayKey). */
const MAX_ELEMENTS = 64;
/** Arrays bash sets itself as the line runs: a literal assigned to one is not what it holds later. */
const BASH_ARRAYS = /^(BASH_\w+|PIPESTATUS|FUNCNAME|DIRSTACK|GROUPS|COMP_\w+|COMPREPLY|COPROC|MAPFILE|READLINE_\w+)$/;


/** The builtins that set variables bash names in their words (`read a`, `printf -v a`): subscripts there are arithmetic. */
const NAMES_SUBSCRIPTED = new Set(['read', 'printf', 'mapfile', 'readarray', 'declare', 'typeset', 'local', 'export', 'readonly', 'unset', 'test', '[', 'getopts', 'wait', 'let']);

/** Names of the variables a word reads directly (substitution bodies are commands of their own). */
function wordVars(raw: RawWord, into: Set<string>): void {
  for (const p of raw.parts) {
    if (p.k === 'var') into.add(p.name);
    else if (p.k === 'raw' && p.text.includes('~')) into.add('HOME').add('PWD').add('OLDPWD');
  }
}

/** The table bash keeps behind BASH_CMDS (names bound to paths) or BASH_ALIASES (aliases); undefined for any other name. */
function boundNames(state: State, name: string): Map<string, string> | undefined {
  return name === 'BASH_CMDS' ? own(state).hashed : name === 'BASH_ALIASES' ? own(state).aliases : undefined;
}

export class Commands {
  /** Names each function call being followed declared local, innermost last. */
  private scopes: Set<string>[] = [];
  /** Copies being followed to the program they copy (a copy of a copy of itself ends there). */
  private following = new Set<string>();
  /** The static input of the command being run from its own redirection (`read a <<< 'x'`), not one inherited. */
  private ownInput: Flow | undefined;

  constructor(private readonly r: BashResolver) {}

  /** A simple command: the traps that run before it, then the command under each combination of its values. */
  command(stmt: Cmd, state: State, context: string[], stdin: Flow | undefined): Out {
    if (this.r.limitHit(this.r.span(stmt.span))) return both(state);
    if (!this.r.inTrap && state.traps.size > 0) state = this.traps(state);
    if (state.options.has('histexpand')) {
      // `set -H`: `!!`, `!n`, `!str` and `^a^b` are replaced by earlier commands before the line is parsed.
      const bang = [...stmt.words, ...stmt.assigns.flatMap((a) => a.values)].find((w) => /![^\s=(]|^\^/.test(w.text));
      if (bang) floorAt(this.r.ctx, FLOOR.dynamicCommand, this.r.span(bang.span), `history expansion is on (set -H): ${bang.text} stands for an earlier command line`);
    }
    const worlds = this.worlds(stmt, state);
    if (worlds.length === 1) return this.commandIn(stmt, worlds[0]!, context, stdin);
    let ok: State | null = null;
    let fail: State | null = null;
    const flows: Flow[] = [];
    for (const w of worlds) {
      const r = this.commandIn(stmt, w, context, stdin);
      ok = join(ok, r.ok);
      fail = join(fail, r.fail);
      flows.push(r.flow);
    }
    const first = flows[0]!;
    const same = first.kind === 'static' && flows.every((f) => f.kind === 'static' && f.text === first.text);
    // Paths under known roots on every way: paths under any of them.
    const under = flows.every((f) => f.kind === 'stream' && f.under) ? flows.flatMap((f) => (f.kind === 'stream' ? f.under! : [])) : undefined;
    // A number on every path (`seq`, `wc -l` in each directory the shell may stand in) is still a number.
    const number = flows.every((f) => f.kind === 'stream' && f.number === true);
    // The work tree's top above directories on one line of descent (`cd sub` that may have failed): see holdingTop.
    const tops = flows.map((f) => (f.kind === 'stream' && f.directory ? f.top : undefined));
    const top = tops.slice(1).reduce(holdingTop, tops[0]);
    return { ok, fail, flow: same ? first : { kind: 'stream', why: 'output that differs on the paths the shell may take', ...(top !== undefined ? { directory: true, top } : {}), ...(under ? { under } : {}), ...(number ? { number: true, ...(flows.some((f) => f.kind === 'stream' && f.float) ? { float: true } : {}) } : {}) } };
  }

  /**
   * The states a command is read under: one per combination of the values of the variables it reads (and of the
   * directories the shell may stand in), so that each is checked; past MAX_WORLDS combinations, one state where
   * those variables are unknown (a limit).
   */
  private worlds(stmt: Cmd, state: State): State[] {
    const names = new Set<string>();
    for (const w of stmt.words) wordVars(w, names);
    for (const a of stmt.assigns) for (const v of a.values) wordVars(v, names);
    for (const r of stmt.redirects) {
      if (r.target) wordVars(r.target, names);
      if (r.body) wordVars(r.body, names);
    }
    const axes: [string, readonly string[]][] = [];
    for (const n of names) {
      const target = state.namerefs.get(n) || n;
      const v = state.vars.get(target);
      if (v && v.length > 1 && !axes.some(([k]) => k === target)) axes.push([target, v]);
    }
    const cwds = state.cwd.length > 1 ? state.cwd : null;
    let count = cwds?.length ?? 1;
    for (const [, v] of axes) count *= v.length;
    if (count === 1) return [state];
    if (count > MAX_WORLDS) {
      for (const [k, v] of axes) assign(state, k, null, `it holds one of ${v.length} values, more combinations than vouch follows (vouch.limit)`);
      return [state];
    }
    let out: State[] = [state];
    for (const [k, values] of axes) {
      out = out.flatMap((s) =>
        values.map((v) => {
          const c = copy(s);
          c.vars.set(k, [v]);
          forget(c, k);
          return c;
        }),
      );
    }
    if (cwds) {
      out = out.flatMap((s) =>
        cwds.map((d) => {
          const c = copy(s);
          c.cwd = [d];
          delete c.top;
          delete c.found;
          return c;
        }),
      );
    }
    return out;
  }

  /** DEBUG traps run before every command; the others (signals, ERR, RETURN) may run between any two. */
  private traps(state: State): State {
    this.r.inTrap = true;
    try {
      let s = state;
      for (const [signal, trap] of state.traps) {
        if (signal === 'EXIT' || signal === '0') continue;
        const cwd = s.cwd.length === 1 ? s.cwd[0]! : null;
        if (signal === 'DEBUG') s = settle(this.r.reenter([trap.word], 'bash', trap.text, s, cwd, new Map(), false, true) ?? both(s)) ?? s;
        else {
          const ran = copy(s);
          s = join(s, settle(this.r.reenter([trap.word], 'bash', trap.text, ran, cwd, new Map(), false, true) ?? both(ran))) ?? s;
        }
      }
      return s;
    } finally {
      this.r.inTrap = false;
    }
  }

  /** The command in one state: words expand, assignments take effect, then what it names runs. */
  private commandIn(stmt: Cmd, state: State, context: string[], stdin: Flow | undefined, written = false): Out {
    const r = this.r;
    const env = r.wordEnv(state, context);
    // A word zsh reads otherwise (`$a` of an array, `${a[1]}`, `$x:l`): the command as zsh runs it too, from a copy of
    // the state (Claude Code runs its Bash tool under zsh on macOS).
    const zsh = written ? undefined : zshCommand(stmt, env);
    if (zsh) {
      const asZsh = this.commandIn(zsh, copy(state), context, stdin, true);
      const asBash = this.commandIn(stmt, state, context, stdin, true);
      return { ok: join(asBash.ok, asZsh.ok), fail: join(asBash.fail, asZsh.fail), flow: asZsh.flow === asBash.flow ? asBash.flow : STREAM_UNKNOWN };
    }
    // Words expand before the assignments of the same command take effect. zsh reads them as bash does, or its walk
    // is the other one: evalWord need not compare the two readings of these words again, unless one of them is not
    // followed (null).
    env.written = zsh === null ? undefined : stmt.words;
    const words = r.evalWords(stmt.words, env);
    env.written = undefined;
    let substitutes = false;
    // Array literals whose every element is known, no glob in it (`a=(dist build)`, `a=($x)` split from a known value,
    // `b=("${a[@]}")`), or only globs that match one name each (`a=(~/.bashr[c])`, see oneName): their elements.
    const literals = new Map<Cmd['assigns'][number], string[]>();
    const shifts = new Map<Cmd['assigns'][number], number>();
    const assignments: Assignment[] = stmt.assigns.map((a) => {
      if (a.index) r.evalWords([a.index], env);
      // An array literal's `"${a[@]}"` and `"$@"` are one element per word, as in a command's words.
      const values = a.array && !a.index ? a.values.flatMap((v) => r.evalWords([v], env, wholeArray(v) ? 'word' : 'element')) : r.evalWords(a.values, env, 'assignment');
      if (a.array && !a.index && a.values.every((v) => !v.text.startsWith('[')) && values.every((v) => v.values !== null && v.values.length > 0)) literals.set(a, values.flatMap((v) => v.values!));
      // (From a glob that may match several names on, the numbering shifts: see shiftKey.)
      const many = values.flatMap((v) => v.values?.map((x) => v.glob === true && !oneName(x)) ?? [false]).indexOf(true);
      if (a.array && !a.index && many >= 0) shifts.set(a, many);
      if (a.values.some((v) => v.parts.some((p) => p.k === 'sub' || (p.k === 'dyn' && p.subs.length > 0)))) substitutes = true;
      const joined: Word =
        a.values.length === 1 && values.length === 1
          ? values[0]!
          : {
              text: a.values.map((v) => v.text).join(' '),
              span: r.span(a.span),
              values: values.every((v) => v.values) ? [values.flatMap((v) => v.values ?? []).join(' ')] : null,
              ...(values.some((v) => !v.values) ? { dynamic: values.find((v) => !v.values)?.dynamic ?? 'computed' } : {}),
              ...(values.some((v) => v.line) ? { line: true as const } : {}),
            };
      // An array literal's words are globbed (`a=(*.txt)`), a scalar's value is not.
      return { name: a.name, value: a.array ? { ...joined, values: values.every((v) => v.values) ? values.flatMap((v) => v.values ?? []) : null, ...(values.some((v) => v.glob) ? { glob: true } : {}) } : joined, span: r.span(a.span) };
    });
    const redirects = r.evalRedirects(stmt.redirects, env);
    const seg = r.pushSegment(words, assignments, redirects, [], r.span(stmt.span), context, state);
    const cwd = state.cwd.length === 1 ? state.cwd[0]! : null;
    for (const a of assignments) r.codeAssignment(a.name, a.value, seg, state, cwd);
    r.descriptorVariables(stmt.redirects, seg, state, cwd);

    // An assignment-only command or a declaration sets variables here; a prefix sets them for the command only.
    const program = words[0] ? single(words[0]) : undefined;
    // A declaration, or a declaration builtin the grammar did not read as one (`builtin export X=…`, `command export
    // X=…`, `e=export; $e X=…`, `"${a[@]}"` of `a=(export X=…)`): its operands are assignments all the same.
    let at = 0;
    // (Past their options: `command -p export …`, `builtin -- export …`.)
    if (!stmt.declaration) while (at < words.length - 1 && (at > 0 ? /^(?:builtin|command|--|-[pvV]+)$/ : /^(?:builtin|command)$/).test(single(words[at]!) ?? '')) at++;
    const declarer = words[at] ? single(words[at]!) : undefined;
    if (declarer !== undefined && (stmt.declaration ? declarer !== 'unset' : /^(?:export|declare|typeset|local|readonly)$/.test(declarer))) {
      const operands = words.slice(at + 1);
      const grammar = stmt.declaration ? stmt.assigns.map((a) => a.name) : [];
      this.quotedDeclarations(operands, stmt.declaration ? assignments : [], seg, state, cwd);
      declaration(operands, state);
      this.computedOption(declarer, operands, seg);
      this.exportedFunctions(declarer, operands, state, context);
      const names = [...operands.map((w) => (single(w) ?? '').split('=')[0]!).filter((n) => /^[A-Za-z_]\w*$/.test(n)), ...grammar];
      if (declarer === 'export' || operands.some((w) => /^-\w*x/.test(single(w) ?? ''))) for (const n of names) own(state).exported.add(n);
      if (this.scopes.length > 0 && (declarer === 'local' || !operands.some((w) => /^-\w*g/.test(single(w) ?? '')))) {
        const scope = this.scopes.at(-1)!;
        for (const n of names) scope.add(n);
      }
    }
    const prefix = new Map<string, string | null>();
    // `declare -n r=P`: the value names the variable r stands for (declaration() bound it), it is not assigned.
    const nameref = stmt.declaration === true && words.slice(1).some((w) => /^-\w*n/.test(single(w) ?? ''));
    stmt.assigns.forEach((raw, i) => {
      const a = assignments[i]!;
      // `declare -n r='a[$(…)]'`: each use of r reads that name, its subscript as arithmetic.
      if (nameref) {
        r.variableName(raw.values[0], a.value, a.value.values, state);
        return;
      }
      // An indexed array's subscript is arithmetic; so is what is assigned to a `declare -i` name (or to one bash
      // makes an integer: RANDOM, OPTIND…).
      if (raw.index) r.arithmetic(raw.index.text, state, raw.index.span);
      if (isInteger(state, raw.name) || (stmt.declaration && words.slice(1).some((w) => /^-\w*i/.test(single(w) ?? '')))) {
        // The value as expanded (quotes removed) is evaluated: `declare -i n; n='a[$(id)]'` runs id.
        if (a.value.values) for (const v of a.value.values) r.arithmetic(v, state, a.value.span, true, true);
        else {
          for (const v of raw.values) r.arithmetic(v.text, state, v.span);
          if (r.outputWord(a.value)) r.arithmeticOutput(a.value.span, a.value.text);
        }
      }
      // `a=([i]=v)`: an indexed array literal's subscripts too (an associative one's are strings).
      if (raw.array && !(stmt.declaration && words.slice(1).some((w) => /^-\w*A/.test(single(w) ?? '')))) {
        for (const v of raw.values) {
          const key = /^\[([\s\S]*?)\]\+?=/.exec(v.text)?.[1];
          if (key !== undefined) r.arithmetic(key, state, v.span);
        }
      }
      const assoc = stmt.declaration === true && words.slice(1).some((w) => /^-\w*A/.test(single(w) ?? ''));
      // `PATH=.:$PATH`: computed (the user's PATH is not known), but `.` is on it; kept beside it (see onPathAny).
      const dirs = SEARCH_PATHS.includes(raw.name) && !raw.index ? this.knownDirs(raw, a.value, state, context) : undefined;
      if (words.length === 0 || stmt.declaration) {
        this.setVar(state, raw, a.value, raw.index ? r.evalWords([raw.index], env)[0] : undefined, assoc ? undefined : literals.get(raw), shifts.get(raw));
        if (dirs !== undefined) assign(state, `\u0001${raw.name}`, dirs === null ? null : [dirs]);
      } else if (!selfAssigned(a.name, a.value.text)) {
        const v = a.value.values;
        prefix.set(a.name, v && v.length === 1 && !raw.array ? (raw.append ? appended(prefix.get(a.name), state, a.name, v[0]!) : v[0]!) : null);
        // One that names a program (`CC=$(which gcc) ./configure`), kept beside it as PATH's directories are.
        if (v === null && !raw.array && !raw.append && a.value.program !== undefined) prefix.set(`\u0002${a.name}`, a.value.program.name);
        else prefix.delete(`\u0002${a.name}`);
        if (dirs !== undefined) prefix.set(`\u0001${raw.name}`, dirs);
      }
    });
    const input = r.inputFrom(redirects, cwd);
    if (words.length === 0) {
      // `exec <<< TEXT` with no command: later commands that read stdin read TEXT.
      return { ok: state, fail: substitutes ? state : null, flow: input ?? { kind: 'static', text: '', word: { text: '', span: r.span(stmt.span), values: [''] } } };
    }
    // `exec {fd}<<<'-rf ~'`, `exec 3< <(printf …)`: a descriptor past stdin opened on text the line wrote.
    if (program === 'exec' && words.length === 1 && redirects.some((x) => x.fd !== undefined && x.fd !== 0 && /^(<<<|<<-?|<|<>)$/.test(x.op) && lineInput(r.inputFrom([{ ...x, fd: 0 }], cwd)))) state.lineFds = true;
    // `exec 3< <(git ls-files)`, `read -u3 f 3< <(find ~)`: a descriptor past stdin opened on the paths a lister printed.
    if ((program === 'exec' && words.length === 1) || LINE_READERS.test(program ?? '')) {
      const listed = fdListed(redirects, (x) => r.inputFrom([{ ...x, fd: 0 }], cwd));
      if (listed) state.fdUnder = [...(state.fdUnder ?? []), ...listed];
    }
    if (program === 'exec' && words.length === 1 && input) {
      state.input = input;
      if (stdin) state.inputOver = stdin;
      else delete state.inputOver;
    }
    const inherited = stdin !== undefined && stdin === state.inputOver ? state.input : (stdin ?? state.input);
    this.ownInput = input;
    const out = this.invoke(words, seg, state, [], cwd, input ?? inherited, prefix, context);
    this.recordWrites(redirects, out.flow, cwd, [out.ok, out.fail]);
    return out;
  }

  /**
   * What the command's stdout redirections write (`echo curl x > run.sh`, `cat > run.sh <<E`): the static text, or why
   * it is not known, kept by absolute path for a script the line runs later (`bash run.sh`, `./run.sh`).
   */
  recordWrites(redirects: Redirect[], flow: Flow, cwd: string | null, after: (State | null)[] = []): void {
    for (const r of redirects) {
      // `>& f` writes stdout and stderr to f, as `&> f` does (`>&2` and `>&-` copy or close a descriptor); `<> f` and a
      // descriptor past stdout (`exec 3> f`, `2> f`) open f for what is written there later, not known here.
      // (A computed target is taken for a descriptor: `>&$fd`.)
      const dup = r.op === '>&' && (r.target?.values ?? ['-']).every((v) => /^(?:\d+|-)$/.test(v));
      const opens = WRITES_STDOUT.has(r.op) || r.op === '<>' || (r.op === '>&' && !dup);
      if (!opens || !r.target) continue;
      if (r.op === '<>' ? r.fd !== 1 : r.fd !== undefined && r.fd !== 1) {
        if (r.target.values === null ? r.target.dynamic !== PROCESS_SUBSTITUTION : r.target.values.some((v) => !/^\/dev\//.test(v))) this.recordFile(r.target.values, { kind: 'stream', why: `what is written to descriptor ${r.fd ?? 0}` }, cwd);
        continue;
      }
      // `> >(tee log)` writes into a pipe, not a file.
      if (r.target && !(r.target.values === null && r.target.dynamic === PROCESS_SUBSTITUTION)) {
        this.recordFile(r.target.values, flow, cwd);
        // On the paths after the command, the file holds what it wrote (one name, static text, `>` not `>>`).
        const names = r.target.values;
        const text = flow.kind === 'static' && names?.length === 1 && r.op !== '>>' && r.op !== '&>>' ? flow.text : undefined;
        for (const name of names ?? []) {
          for (const st of after) {
            noteWrote(st, writtenKey(cwd, name), text);
            // A relative name also under the name alone, the same on every path whatever its directory (see catText).
            if (!name.startsWith('/')) noteWrote(st, writtenKey(null, name), text);
          }
        }
      }
    }
  }

  /**
   * Text a command writes into these names (`> f`, `tee f`): kept by absolute path; a name known only at run time under
   * `*`. `segment`: the invocation that writes it by its own means, which does not run what it writes itself.
   */
  private recordFile(names: readonly string[] | null, flow: Flow, cwd: string | null, segment?: number, caller?: string): void {
    const seg = segment === undefined ? {} : caller === undefined ? { segment } : { segment, caller };
    // (Paths a lister printed stay paths in the file: `git ls-files > l; xargs -a l sed -i …`.)
    const file: WrittenFile =
      flow.kind === 'static' ? { text: flow.text } : names === null ? { why: 'a file named only at run time', ...seg } : { why: flow.kind === 'stream' ? flow.why : 'a file it reads', ...(flow.kind === 'stream' && flow.under ? { under: flow.under } : {}), ...seg };
    noteWritten(this.r.ctx.out, names, cwd, file);
  }

  /** The files the line writes, kept for the whole analysis (nested text included), out of the analysis itself. */
  private written(): Map<string, WrittenFile[]> {
    return writtenFiles(this.r.ctx.out);
  }

  /** A copy or link the line makes (`cp /usr/bin/curl ./ls`): running it later on the line runs what it copies. */
  private recordCopy(c: { from: Word[]; to: Word; dir: boolean }, cwd: string | null): void {
    const abs = (name: string) => writtenKey(cwd, name);
    // A copy to a name known only at run time may be any program a computed path names (`"$D/ls"`).
    // One into a directory mktemp made (`mv build "$d"`) is kept under the shape of that path (/tmp/tmp.XXXXXXXXXX/…):
    // only a PATH naming that directory finds it there.
    const tail = c.to.values === null && c.to.temp === true ? /^"?\$\{?[A-Za-z_]\w*\}?((?:\/[^/"$`\\*?[]+)*)\/?"?$/.exec(c.to.text) : null;
    const temp = tail ? [`/tmp/tmp.XXXXXXXXXX${tail[1]}`] : null;
    if (c.to.values === null && temp === null) noteWritten(this.r.ctx.out, null, cwd, { why: 'a copy or link to a name known only at run time' });
    for (const to of c.to.values ?? temp ?? []) {
      for (const from of c.from) {
        const targets = c.dir ? (from.values ?? []).map((v) => `${to.replace(/\/+$/, '')}/${basename(v)}`) : [to];
        noteWritten(this.r.ctx.out, targets, cwd, { copyOf: from.values?.map(abs) ?? null });
        for (const v of from.values ?? []) this.copyBeneath(v, from.glob === true && /[*?[]/.test(v), to, c.dir, cwd);
      }
    }
  }

  /**
   * Files the line wrote beneath a directory it copies or moves (`cp -r d e`, `cp -rT d e`, `cp -r d/. e`, `mv d e`,
   * `rsync -a d/ e`, `cp -r d/* e`): the same text beneath the destination, as `e/…` (the contents, or a destination
   * not there yet) and as `e/d/…` (into a directory there), so a script run from the copy is read as the one written.
   */
  private copyBeneath(source: string, glob: boolean, to: string, into: boolean, cwd: string | null): void {
    const written = this.written();
    // A glob copies what it matches from the directory before its first wildcard (`d/*` → d's entries).
    const literal = glob ? source.slice(0, Math.max(0, source.slice(0, source.search(/[*?[]/)).lastIndexOf('/'))) || '.' : source;
    const from = writtenKey(cwd, literal).replace(/\/+$/, '');
    if (from === '*' || from.startsWith('?') || from === '') return;
    const contents = glob || /(?:^|\/)\.\/*$/.test(source);
    const dest = to.replace(/\/+$/, '');
    const name = basename(from);
    const targets = (rest: string) => (into && !contents ? [`${dest}/${name}${rest}`] : contents ? [`${dest}${rest}`] : [`${dest}${rest}`, `${dest}/${name}${rest}`]);
    for (const key of [...written.keys()]) if (key.startsWith(`${from}/`)) noteWritten(this.r.ctx.out, targets(key.slice(from.length)), cwd, { copyOf: [key] });
    // A directory the line filled (see Filled) is as unknown wherever its copy lands.
    for (const [dir, fills] of [...filledDirs(this.r.ctx.out)]) {
      if (dir !== from && !dir.startsWith(`${from}/`)) continue;
      for (const to of targets(dir.slice(from.length))) for (const f of fills) noteFilled(this.r.ctx.out, to, cwd, f);
    }
  }

  /** The programs a path the line made as a copy or link of another stands for (null: one not known statically). */
  private copiesAt(path: string, cwd: string | null): (string[] | null)[] {
    const written = this.written();
    return writtenKeys(written, cwd, path).flatMap((k) => written.get(k)!.flatMap((f) => ('copyOf' in f ? [f.copyOf] : [])));
  }

  /**
   * A script the line itself wrote, run later on it (`echo curl x > run.sh; bash run.sh`): its text is code on the
   * line, read as the program would run it. A file the line did not write is out of scope, as any script is.
   */
  private runWritten(word: Word, dialect: ScriptDialect, via: string, seg: number, state: State, cwd: string | null, prefix: Prefix, sameShell: boolean): Out | undefined {
    // A process substitution that prints the line's text (`at -f <(echo …)`): a script the line wrote (see runProject).
    if (word.pipesLine) {
      floorAt(this.r.ctx, FLOOR.streamToShell, word.span, `${via} runs a script the line wrote, read from a process substitution`, seg);
      return undefined;
    }
    // A file below a directory the line fills with what it does not follow (`git clone URL y && ./y/install.sh`, an
    // archive of what it wrote extracted there): not vouched for (see Filled).
    for (const name of word.values ?? [null]) {
      const by = filledBy(this.r.ctx.out, cwd, name).find((f) => f.segment !== seg);
      if (by === undefined) continue;
      floorAt(this.r.ctx, FLOOR.dynamicScript, word.span, `${via} runs ${word.text}, which may be a file ${by.why}`, seg);
      return undefined;
    }
    if (!word.values) {
      // A script named only at run time may be one the line wrote to a name known only then (`> "$D/x.sh"; bash "$D/x.sh"`).
      if (byOthers(this.written().get('*'), seg)) floorAt(this.r.ctx, FLOOR.dynamicScript, word.span, `${via} runs ${word.text}, which may be a file the line wrote to a name known only at run time`, seg);
      // Or one it wrote to a name known now (`> /tmp/x.sh; source "$(dirname /tmp/x.sh)/x.sh"`).
      else if ([...this.written().values()].some((files) => byOthers(files, seg))) floorAt(this.r.ctx, FLOOR.dynamicScript, word.span, `${via} runs ${word.text}, which may be a file the line wrote`, seg);
      return undefined;
    }
    let ran: Out | undefined;
    // A file the line wrote to a name known only at run time may be this one (`echo … > "$f"; bash run.sh`): its text,
    // when known, is read as this file's; a copy of a file the line did not write is the user's, as that file is.
    const anywhere = heldAt(this.r.ctx.out, '*');
    const reading = readingFiles(this.r.ctx.out);
    for (const name of word.values) {
      const named = word.glob && /[*?[]/.test(name) ? writtenGlob(this.r.ctx.out, cwd, name) : writtenAt(this.r.ctx.out, cwd, name);
      for (const [file, unnamed] of [...named.map((f) => [f, false] as const), ...anywhere.map((f) => [f, true] as const)]) {
        if ('why' in file) {
          if (file.segment !== seg) floorAt(this.r.ctx, FLOOR.dynamicScript, word.span, unnamed ? `${via} runs ${word.text}, which may be a file the line wrote to a name known only at run time` : `${via} runs ${word.text}, which the line wrote with ${file.why}`, seg);
          continue;
        }
        // The interpreter a `#!` line names reads the file as its registry entry says, given the line's argument.
        const read = shebangDialect(file.text, dialect);
        if ('interpreter' in read) {
          floorAt(this.r.ctx, FLOOR.dynamicScript, word.span, `${via} runs ${word.text}, which the line wrote for ${read.interpreter}, whose code vouch does not read`, seg);
          continue;
        }
        const as = read.dialect;
        // A text being read already is not read again inside itself (a script that writes itself anew and runs itself
        // again: its new text is read, its old one is the one being read).
        const being = `\u0004${name}\u0000${file.text}`;
        if (reading.has(being)) continue;
        reading.add(being);
        try {
          const out = this.r.reenter([word], as, file.text, state, cwd, prefix, false, sameShell && as === dialect);
          ran = out && ran ? { ok: join(ran.ok, out.ok), fail: join(ran.fail, out.fail), flow: STREAM_UNKNOWN } : (out ?? ran);
        } finally {
          reading.delete(being);
        }
      }
    }
    return ran;
  }

  /**
   * Code of the project a program runs (`make`, `npm test`, `pytest`), where the line wrote it: each file it wrote under
   * the project's directory that the program runs stands for the runs its entry reads from the text. A file being read
   * is not read again inside itself (`"test": "npm run lint"`).
   */
  private runProject(run: Run & { kind: 'project' }, act: (runs: Run[]) => void, seg: number, state: State, cwd: string | null): void {
    // A process substitution that prints the line's text (`awk -f <(echo 'BEGIN{system(…)}')`, `make -f <(…)`): code
    // the line wrote, as a file it wrote is, which is not followed through the pipe (Word.pipesLine).
    if (run.file?.pipesLine) {
      floorAt(this.r.ctx, FLOOR.streamToShell, run.file.span, `${run.via} runs code the line wrote, read from a process substitution`, seg);
      return;
    }
    const written = this.written();
    if (written.size === 0) return;
    const floor = (why: string) => floorAt(this.r.ctx, FLOOR.dynamicScript, run.word.span, why, seg);
    const named = run.dir === undefined ? '.' : run.dir.values?.length === 1 ? run.dir.values[0]! : undefined;
    const dir = named === undefined ? null : resolveAgainst(cwd, this.expandDir(named, state));
    let keys: string[];
    if (run.file) {
      const name = run.file.values?.length === 1 ? run.file.values[0]! : undefined;
      if (name === undefined) {
        if (byOthers(written.get('*'), seg)) floor(`${run.via} runs ${run.file.text}, which may be a file the line wrote to a name known only at run time`);
        return;
      }
      keys = writtenKeys(written, dir, name);
      const filled = filledBy(this.r.ctx.out, dir, name).find((f) => f.project && f.segment !== seg);
      if (filled) floor(`${run.via} runs ${run.file.text}, which may be a file ${filled.why}`);
    } else {
      if (run.unnamed !== 'text' && byOthers(written.get('*'), seg, this.r.current ? commandKey(this.r.current.invocation) : undefined)) floor(`${run.via} runs code of its project, which may be a file the line wrote to a name known only at run time`);
      const under = dir === null ? null : dir === '/' ? '/' : `${dir}/`;
      // A directory filled from an archive of what the line wrote (see Filled), where the project is or beneath it.
      const fills = dir === null ? filledBy(this.r.ctx.out, null, null) : [...filledBy(this.r.ctx.out, null, dir), ...filledBeneath(this.r.ctx.out, dir)];
      const filled = fills.find((f) => f.project && f.segment !== seg);
      if (filled) floor(`${run.via} runs code of its project, which may be a file ${filled.why}`);
      keys = [...written.keys()].filter((k) => {
        if (k === '*') return run.unnamed === 'text';
        // Written, or run, where the directory is known only at run time: the file may be any of its base name.
        // (In any case: macOS's and Windows' disks open `.NPMRC` as `.npmrc`.)
        const files = caseless(run.files);
        if (under === null || k.startsWith('?')) return files.test(basename(k)) || (k.startsWith('?') && files.test(k.slice(2)));
        return k.startsWith(under) && files.test(k.slice(under.length));
      });
    }
    // The guard is on a file's text, not its name: a recipe may write its own makefile anew and run that
    // (`make -f m` whose recipe rewrites m and runs `make -f m` again), and the new text must be read too.
    const reading = readingFiles(this.r.ctx.out);
    // The same command read again (after a `cd` that may fail, in each branch of an `if`) is one run: what it writes
    // in place (`perl -pi -e … src/x.pl`) is not code written before it.
    const self = this.r.current ? commandKey(this.r.current.invocation) : undefined;
    for (const key of keys) {
      for (const file of heldAt(this.r.ctx.out, key)) {
        if ('why' in file) {
          if (file.segment !== seg && key !== '*' && (self === undefined || file.caller !== self)) floor(`${run.via} runs ${key.replace(/^\?\//, '')}, which the line wrote with ${file.why}`);
          continue;
        }
        const being = `${key}\0${file.text}`;
        if (reading.has(being)) continue;
        reading.add(being);
        try {
          act(run.read(file.text, run.word, key === '*' ? 'a file written to a name known only at run time' : key.replace(/^\?\//, '')));
        } finally {
          reading.delete(being);
        }
      }
    }
  }

  /** An assignment that takes effect in the shell: scalars, `+=`, array literals and elements, bash's own tables. */
  private setVar(state: State, raw: Cmd['assigns'][number], value: Word, index: Word | undefined, elements?: readonly string[], shift?: number): void {
    const name = raw.name;
    const v = value.values;
    const target = state.namerefs.get(name) || name;
    const follows = !state.transformed.has(target) && !state.integers.has(target) && !BASH_ARRAYS.test(target);
    // `a+=(x)` after `a=(y)` (or `a=y`): the elements it held, then these; `a[1]=x` changes one of them. On a name the
    // line never set, the environment's value (a scalar, or none) is element 0 (ENV_ELEMENT) where the name is all
    // capitals; a name with a lower-case letter the environment holds none of, by convention (else every everyday
    // `files+=("$f")` would lead `rm -f "${files[@]}"` with an unknown word).
    const unset = !state.namerefs.has(name) && !state.vars.has(target) && !state.unknown.has(target) && !state.vars.has(arrayKey(target)) && !state.unknown.has(arrayKey(target));
    const before = (raw.array && raw.append && !raw.index) || raw.index ? (view(state).elements?.(name) ?? (unset && follows ? (/^[A-Z0-9_]+$/.test(target) ? [ENV_ELEMENT] : []) : undefined)) : undefined;
    const shifted = state.vars.get(shiftKey(target));
    // Any change but a whole literal of known words leaves an array's elements not known (see arrayKey).
    dropArray(state, name);
    state.vars.delete(shiftKey(target));
    // (Elements after a glob that may match several names keep their shift: `a+=(x)`, `a[2]=x`.)
    if (shifted !== undefined && (raw.append || raw.index)) state.vars.set(shiftKey(target), shifted);
    // ...and where the line changed them with words it wrote, built from its own text (see Word.line).
    const built = () => {
      // (Not a glob's names; `[k]=v`, an element's subscript, is no glob.)
      const keyed = raw.array && raw.values.length > 0 && raw.values.every((w) => w.text.startsWith('['));
      if (follows && !state.vars.has(arrayKey(target)) && (!value.glob || keyed) && (v !== null || value.line)) state.unknown.set(arrayKey(target), LINE_WHY);
    };
    if (raw.index) {
      const key = index ? single(index) : undefined;
      const one = v && v.length === 1 ? v[0]! : undefined;
      // BASH_CMDS[x]=path binds a command name; BASH_ALIASES[x]=text defines an alias.
      const table = boundNames(state, target);
      if (table) {
        if (key === undefined || one === undefined) table.set(key ?? '*', one ?? '');
        else table.set(key, one);
        return;
      }
      // `a[2]=x` on known elements: that element, where it is one of them or the next (past it, the array has gaps).
      const n = key !== undefined && /^\d{1,6}$/.test(key) ? Number(key) : undefined;
      let next: string[] | undefined;
      if (before !== undefined && n !== undefined && one !== undefined && follows && n <= before.length && n < MAX_ELEMENTS) {
        next = before.slice();
        const old = next[n];
        next[n] = raw.append ? (old === ENV_ELEMENT ? ENV_ELEMENT : (old ?? '') + one) : one;
        if (next[n] === ENV_ELEMENT) next = undefined;
      }
      // Only element 0 is what `$name` expands to.
      if (key === '0' && one !== undefined && !raw.append) assign(state, name, [one]);
      else if (key === undefined || /^0*$/.test(key.replace(/\s/g, '')) || (key !== undefined && !/^\d+$/.test(key))) assign(state, name, null, 'an element of it was assigned');
      if (next !== undefined) state.vars.set(arrayKey(target), [next.map((e) => `\u0000${e}`).join('')]);
      else built();
      return;
    }
    const table = raw.array ? boundNames(state, target) : undefined;
    if (table) {
      // `BASH_CMDS=([ls]=/usr/bin/curl)`, `BASH_ALIASES+=([ls]=curl)`: each element binds a name, as `BASH_CMDS[ls]=` does.
      for (const e of v ?? [null]) {
        const m = e === null ? null : /^\[([^\]]*)\]\+?=([\s\S]*)$/.exec(e);
        if (m && !/[$`*?[]/.test(m[1]!)) table.set(m[1]!, m[2]!);
        else table.set('*', '');
      }
      return;
    }
    if (v === null) {
      if (value.line && !raw.array) {
        assign(state, name, null, LINE_WHY);
        return;
      }
      // `x=($(pyenv init -))` splits the code into elements: not the code whole, as `x=$(pyenv init -)` keeps it.
      // `P=$(which python3)`, `P="$VIRTUAL_ENV/bin/python"`: the path of that program (not where bash changes what is
      // assigned, declare -l/-u).
      const program = !raw.array && !raw.append && value.program !== undefined && !state.transformed.has(state.namerefs.get(name) || name) ? value.program.name : undefined;
      // `SP=$(python3 -m site --user-site)`: where that directory is by default (Word.stands), for the words that use it.
      const stands = !raw.array && !raw.append && value.stands !== undefined && !state.transformed.has(state.namerefs.get(name) || name) ? value.stands : undefined;
      assign(state, name, null, raw.array && value.init !== undefined ? 'it is assigned the words of shell setup code' : program !== undefined ? programWhy(program) : value.under || value.touches ? underWhy(listedPaths(value)) : stands !== undefined ? standsWhy(stands) : `it is assigned ${value.dynamic ?? 'a computed value'}`);
      // `n=$((…))`, `declare -i n=…`: a number, whatever it is.
      if (state.integers.has(name) || value.numeric) state.numeric.add(name);
      if (value.line) built();
      return;
    }
    if (raw.array) {
      // `P=(curl x)`: $P is the first element; `P+=(x)` leaves it.
      if (raw.append) {
        if (before !== undefined && elements !== undefined && follows && before.length + elements.length <= MAX_ELEMENTS) {
          state.vars.set(arrayKey(target), [[...before, ...elements].map((e) => `\u0000${e}`).join('')]);
          if (value.glob) state.globbed.add(target);
          if (shift !== undefined && !state.vars.has(shiftKey(target))) state.vars.set(shiftKey(target), [String(before.length + shift)]);
        } else built();
        return;
      }
      assign(state, name, v.length > 0 ? [v[0]!] : ['']);
      // (Each element a glob holds is any name it matches, its pattern kept: see State.globbed.)
      if (value.glob) state.globbed.add(state.namerefs.get(name) || name);
      // Its elements, where each is one word of one known value, and the array is indexed.
      // (Not where bash transforms what is assigned, declare -l/-u/-i, nor an array bash itself sets again: BASH_REMATCH
      // at each =~, PIPESTATUS, DIRSTACK, MAPFILE…)
      if (elements !== undefined && elements.length <= MAX_ELEMENTS && !state.transformed.has(state.namerefs.get(name) || name) && !state.integers.has(state.namerefs.get(name) || name) && !BASH_ARRAYS.test(state.namerefs.get(name) || name)) {
        state.vars.set(arrayKey(state.namerefs.get(name) || name), [elements.map((e) => `\u0000${e}`).join('')]);
        if (shift !== undefined) state.vars.set(shiftKey(target), [String(shift)]);
      } else if (!value.glob) built();
      return;
    }
    if (v.length !== 1) {
      assign(state, name, null);
      return;
    }
    if (raw.append) {
      const old = valuesOf(state, name) ?? (name === 'HOME' && !state.unknown.has(name) ? [this.r.ctx.home] : undefined);
      const why = state.unknown.get(name);
      if (old === undefined) assign(state, name, null, why === undefined || carried(why) !== undefined ? 'it is appended to a value not known' : why);
      else assign(state, name, old.map((o) => o + v[0]!));
      return;
    }
    if (COMPUTED.has(name) && !state.plain.has(name)) {
      // bash computes these: what is assigned only seeds them.
      return;
    }
    assign(state, name, [v[0]!]);
    // `x=$f` after `for f in *`: x holds the name the glob matched (an assignment does not glob, so `x=*` is the star
    // itself; taking it as the pattern too only over-approximates).
    if (value.glob) state.globbed.add(state.namerefs.get(name) || name);
    // A scalar is an array of that one element (`"${x[@]}"`, `a+=(y)`).
    else if (follows && !state.namerefs.has(name)) state.vars.set(arrayKey(target), [`\u0000${v[0]!}`]);
  }

  /** Resolves the program at command position: hashed names, aliases, functions, then the shell's builtins and the registry. */
  invoke(words: Word[], seg: number, state: State, wrappers: string[], cwd: string | null, stdin: Flow | undefined, prefix: Prefix, context: string[]): Out {
    const r = this.r;
    const [first, ...rest] = words;
    if (!first) return both(state);
    if (first.printed && first.values !== null) {
      floorAt(r.ctx, FLOOR.dynamicCommand, first.span, 'the command name is not static: the output of a command substitution', seg);
      return both(state);
    }
    if (first.values === null) {
      if (first.program) return this.computedProgram(first, first.program, rest, seg, state, wrappers, cwd, stdin, prefix, context);
      floorAt(r.ctx, FLOOR.dynamicCommand, first.span, `the command name is not static: ${first.dynamic ?? 'computed'}`, seg);
      return both(state);
    }
    if (first.glob) {
      floorAt(r.ctx, FLOOR.dynamicCommand, first.span, `the command name '${first.text}' is a glob pattern`, seg);
      return both(state);
    }
    const [written, ...more] = first.values;
    const args = [...more.map((v) => ({ ...first, values: [v] })), ...rest];
    if (written === undefined || written === '') {
      // A MISSING node from the parser has no text; the parse error already floors it.
      if (first.text === '') return both(state);
      floorAt(r.ctx, FLOOR.dynamicCommand, first.span, 'the command name is empty', seg);
      return both(state);
    }
    // Keywords that reach command position only through grammar recovery (`coproc NAME { … }`).
    if (written === '{' || written === '!') return this.invoke(args, seg, state, wrappers, cwd, stdin, prefix, context);
    // A copy or link the line made of a program (`cp /usr/bin/curl ./ls; ./ls x`) runs that program.
    if (written.includes('/') && !this.following.has(written)) {
      // (A copy of its own stdin (`install /dev/stdin x <<< …`) holds the text given it: the file is read as written, below.)
      const copies = this.copiesAt(written, cwd)
        .map((c) => (c === null ? null : c.filter((p) => !isStdinPath(p, false))))
        .filter((c) => c === null || c.length > 0);
      if (copies.some((c) => c === null)) {
        floorAt(r.ctx, FLOOR.dynamicCommand, first.span, `${written} is a copy or link the line made of a program not known statically`, seg);
        return both(state);
      }
      if (copies.length > 0) {
        this.following.add(written);
        try {
          let out: Out | undefined;
          for (const program of new Set(copies.flat() as string[])) {
            const ran = this.invoke([{ ...first, values: [program] }, ...args], seg, copy(state), wrappers, cwd, stdin, prefix, context);
            out = out ? { ok: join(out.ok, ran.ok), fail: join(out.fail, ran.fail), flow: STREAM_UNKNOWN } : ran;
          }
          if (out) return out;
        } finally {
          this.following.delete(written);
        }
      }
    }
    if (/^(\}|then|do|done|fi|esac)$/.test(written)) return both(state);
    const direct = wrappers.every((w) => w === 'time' || w === 'coproc');
    // The shell's own lookups come first, in bash's order: aliases, functions, builtins, the hash table, PATH.
    if (wrappers.length === 0 && state.options.has('expand_aliases') && state.aliases.size > 0 && !this.r.expanding.has(written)) {
      const text = state.aliases.get(written) ?? state.aliases.get('*');
      if (text !== undefined) {
        // Bash expands an alias when it reads a command, and it reads a whole line (a compound command whole)
        // before it runs any of it: an alias made earlier on the same line (`alias curl=echo; curl x`) is not
        // expanded yet, and the program runs. Which line made it is not followed here: both readings are taken.
        const aliased = this.alias(written, text, first, args, seg, copy(state), cwd);
        this.r.expanding.add(written);
        let plain: Out;
        try {
          plain = this.invoke(words, seg, state, wrappers, cwd, stdin, prefix, context);
        } finally {
          this.r.expanding.delete(written);
        }
        const a = aliased.flow;
        const b = plain.flow;
        const flow: Flow = a.kind === 'static' && b.kind === 'static' && a.text === b.text ? b : { kind: 'stream', why: 'output that differs on whether an alias is expanded' };
        return { ok: join(aliased.ok, plain.ok), fail: join(aliased.fail, plain.fail), flow };
      }
    }
    if (direct && state.functions.has(written)) return this.call(written, args, seg, state, context, stdin);
    let name = written;
    const bound = state.hashed.get(written) ?? state.hashed.get('*');
    if (bound !== undefined && !written.includes('/')) {
      if (bound === '') {
        floorAt(r.ctx, FLOOR.dynamicCommand, first.span, `${written} is bound (hash -p, BASH_CMDS) to a program not known statically`, seg);
        return both(state);
      }
      name = bound;
    }
    // A name looked up on a PATH the line changed may find a file the line wrote, copied or linked there.
    const shellLevel = wrappers.every((w) => w === 'builtin' || w === 'command' || w === 'time' || w === 'coproc');
    let shadowed: Out | undefined;
    const runs: Word[][] = [];
    if (!name.includes('/') && !(shellLevel && BASH_BUILTINS.has(name))) {
      runs.push(...this.onPath(name, state, prefix, cwd, seg, first).map((k) => [{ ...first, values: [k] }, ...args]));
      // `git x` runs the git-x it finds on PATH (cargo, kubectl plugins likewise).
      if (PLUGIN_HOSTS.has(name)) {
        args.forEach((a, i) => {
          const sub = single(a);
          if (sub === undefined || !/^[\w.-]+$/.test(sub)) return;
          for (const k of this.onPath(`${name}-${sub}`, state, prefix, cwd, seg, a)) runs.push([{ ...a, values: [k] }, ...args.slice(i + 1)]);
        });
      }
    }
    // Any program it starts by name is looked up on that PATH too (nroff runs troff, git ssh, make cc): a file the line
    // wrote in one of its directories may run, under whatever name. One being read already does not start itself again.
    if (!(shellLevel && BASH_BUILTINS.has(name))) {
      for (const k of this.onPathAny(name, state, prefix, cwd)) if (!runs.some((argv) => argv[0]!.values?.[0] === k)) runs.push([{ ...first, values: [k] }]);
    }
    // Kept with the files being read, at any depth of re-entered text (`\u0001` tells a start from a read), by what the
    // file holds: a script that writes itself anew and runs itself again runs the new text, which is read.
    const started = readingFiles(r.ctx.out);
    for (const argv of runs) {
      const at = argv[0]!.values?.[0];
      const held = at === undefined ? [] : [...new Set(heldAt(r.ctx.out, at).map((f) => ('text' in f ? f.text : `\u0003${f.why}`)))].sort();
      const k = `\u0001${at}\u0000${held.join('\u0002')}`;
      if (started.has(k)) continue;
      started.add(k);
      try {
        const ran = this.invoke(argv, seg, copy(state), wrappers, cwd, stdin, prefix, context);
        shadowed = shadowed ? { ok: join(shadowed.ok, ran.ok), fail: join(shadowed.fail, ran.fail), flow: STREAM_UNKNOWN } : ran;
      } finally {
        started.delete(k);
      }
    }
    // (A Windows path names its program after its last backslash: Git Bash and Cygwin run `'C:\Windows\System32\curl.exe'`.)
    const base = basename(name);
    const program = base.slice(base.lastIndexOf('\\') + 1);
    const outer = r.ctx.wrappers ?? [];
    const invocation: Invocation = { dialect: 'bash', program, path: name, args, wrappers: [...outer, ...wrappers], cwd, span: first.span, segment: seg, depth: r.depth };
    const { found: _found, ...at } = hereIn(state, cwd);
    Object.assign(invocation, at);
    r.ctx.out.invocations.push(invocation);
    const inner = [...wrappers, program];
    const saved = r.chain;
    const savedCurrent = r.current;
    r.chain = [...outer, ...inner];
    r.current = { invocation, stdin };
    try {
      const ran = this.run(invocation, seg, state, wrappers, inner, cwd, stdin, prefix, context);
      return shadowed ? { ok: join(shadowed.ok, ran.ok), fail: join(shadowed.fail, ran.fail), flow: STREAM_UNKNOWN } : ran;
    } finally {
      r.chain = saved;
      r.current = savedCurrent;
    }
  }

  /**
   * The files the line wrote, copied or linked that looking `name` up on PATH may find, where the line changed PATH (a
   * prefix, an assignment, `export`): those in its directories (`.` and an empty entry are the working directory), or,
   * where PATH is known only at run time, any by that name. A PATH the line left alone finds those in the system's
   * directories (SYSTEM_PATH). A file written to a name known only at run time may be any: floored.
   */
  private onPath(name: string, state: State, prefix: Prefix, cwd: string | null, seg: number, word: Word): string[] {
    const path = searchPath('PATH', state, prefix);
    this.fetchedOnPath(name, path, state, prefix, cwd, seg, word);
    const written = this.written();
    if (written.size === 0) return [];
    // The user's PATH holds the system's directories: a program the line wrote there is found by its name.
    if (path === undefined) return [...written.keys()].filter((k) => basename(k) === name && SYSTEM_PATH.includes(k.slice(0, k.lastIndexOf('/'))));
    if (byOthers(written.get('*'), seg)) {
      floorAt(this.r.ctx, FLOOR.dynamicCommand, word.span, `${name} is looked up on a PATH the line changed, and the line writes a file to a name known only at run time that may be it`, seg);
      return [];
    }
    const named = [...written.keys()].filter((k) => k !== '*' && basename(k) === name);
    if (path === null) return named;
    const found = new Set<string>();
    for (const value of path) {
      for (const entry of value.split(':')) {
        const dir = resolveAgainst(cwd, entry === '' ? '.' : entry);
        for (const k of writtenKeys(written, dir, name)) found.add(k);
      }
    }
    return [...found];
  }

  /**
   * A name looked up on a PATH the line changed to hold a directory it fills with what it does not follow (`git clone URL
   * y && PATH=$PWD/y/bin:$PATH tool`, see Filled): the program found may be a file fetched there, run unread. PATH
   * computed, its directories besides the user's own are those known (`\u0001PATH`, see knownDirs).
   */
  private fetchedOnPath(name: string, path: readonly string[] | null | undefined, state: State, prefix: Prefix, cwd: string | null, seg: number, word: Word): void {
    if (path === undefined || filledDirs(this.r.ctx.out).size === 0) return;
    for (const entry of (path ?? knownBesideUser('PATH', state, prefix) ?? []).flatMap((v) => v.split(':'))) {
      const by = filledBy(this.r.ctx.out, resolveAgainst(cwd, entry === '' ? '.' : entry), name).find((f) => f.segment !== seg);
      if (by === undefined) continue;
      floorAt(this.r.ctx, FLOOR.dynamicScript, word.span, `${name} is looked up on a PATH that holds ${entry}, where it may be a file ${by.why}`, seg);
      return;
    }
  }

  /**
   * The directories a computed value of a search path (`.:$PATH`, `"$PWD/bin:$PATH"`) names besides the user's own
   * (the variable as the environment gave it): its value with that left out, null when more of it is computed. Only a
   * value of plain text and variables is read again (a substitution would run twice).
   */
  private knownDirs(raw: Cmd['assigns'][number], value: Word, state: State, context: string[]): string | null {
    if (value.values !== null) return value.values.length === 1 ? value.values[0]! : null;
    const word = raw.values[0];
    if (raw.array || raw.values.length !== 1 || !word || !word.parts.every((p) => p.k === 'lit' || p.k === 'raw' || p.k === 'var')) return null;
    const user = state.vars.has(raw.name) || state.unknown.has(raw.name) ? undefined : raw.name;
    // A search path computed where the script was started, its own directories known there (`PATH=/tmp/b:$PATH vrun`,
    // read inside vrun): those directories are what `$PATH` holds here.
    const inherited = user === undefined && !state.vars.has(raw.name) ? valuesOf(state, `\u0001${raw.name}`)?.filter((d) => d !== '') : undefined;
    const view = copy(state);
    if (user !== undefined) view.vars.set(user, ['\u0001']);
    else if (inherited?.length === 1) view.vars.set(raw.name, [inherited[0]!]);
    const fields = this.r.evalWords([word], this.r.wordEnv(view, context));
    const v = fields.length === 1 ? fields[0]!.values : null;
    if (v?.length !== 1) return null;
    return v[0]!.split(':').map((d) => (d === '\u0001' ? SYSTEM_PATH.join(':') : d)).join(':');
  }

  /**
   * The files the line wrote, copied or linked in the directories of a program search path it changed: PATH, and the
   * tools' own (groff's GROFF_BIN_PATH; git's GIT_EXEC_PATH is its entry's): a program may start any of them by its
   * name. On PATH, only the names other programs start on their own (HELPER_NAMES). Where the path is known only at run
   * time, the files the line wrote as programs (a `#!` line) and any under a computed directory.
   */
  private onPathAny(name: string, state: State, prefix: Prefix, cwd: string | null): string[] {
    const written = this.written();
    if (written.size === 0 || (written.size === 1 && written.has('*'))) return [];
    const found = new Set<string>();
    for (const variable of SEARCH_PATHS) {
      if (variable !== 'PATH' && !SEARCH_PATH_USERS.test(basename(name))) continue;
      let path = searchPath(variable, state, prefix);
      // Left alone, PATH is the user's, which holds the system's directories.
      if (path === undefined && variable === 'PATH') path = [SYSTEM_PATH.join(':')];
      if (path === undefined) continue;
      // Computed, with the directories besides the user's own known (`.:$PATH`).
      if (path === null) path = knownBesideUser(variable, state, prefix);
      for (const k of written.keys()) {
        // PATH: a name some program starts on its own; its own directories (GROFF_BIN_PATH) hold only its helpers.
        if (k === '*' || (variable === 'PATH' && !HELPER_NAMES.has(programKey(k)))) continue;
        if (path === null) {
          if (k.startsWith('?') || heldAt(this.r.ctx.out, k).some((f) => 'text' in f && f.text.startsWith('#!'))) found.add(k);
          continue;
        }
        const dir = k.slice(0, k.lastIndexOf('/')) || '/';
        // An empty entry is the working directory; an empty value (`"$PATH"` read again) names none.
        for (const value of path) {
          if (value !== '') for (const entry of value.split(':')) if (resolveAgainst(cwd, entry === '' ? '.' : entry) === dir) found.add(k);
        }
      }
    }
    return [...found];
  }

  /**
   * A program named by a static last name in a directory known only at run time (`"$VIRTUAL_ENV/bin/python"`,
   * `$(which python3)`): that program, as the registry knows it by name, unless the line wrote or copied a file that
   * may be the one; where the word may vanish (`$(which x)` finding none), the next word is the command too.
   */
  private computedProgram(first: Word, program: NonNullable<Word['program']>, rest: Word[], seg: number, state: State, wrappers: string[], cwd: string | null, stdin: Flow | undefined, prefix: Prefix, context: string[]): Out {
    const r = this.r;
    const written = this.written();
    if (written.has('*') || [...written.keys()].some((k) => basename(k) === program.name)) {
      floorAt(r.ctx, FLOOR.dynamicCommand, first.span, `${first.text} runs a program named ${program.name} from a directory known only at run time, and the line writes a file that may be it`, seg);
      return both(state);
    }
    const slash = first.text.lastIndexOf('/');
    const path = slash < 0 ? program.name : `${first.text.slice(0, slash)}/${program.name}`;
    const before = r.ctx.out.invocations.length;
    const named = this.invoke([{ ...first, values: [path] }, ...rest], seg, program.vanish ? copy(state) : state, wrappers, cwd, stdin, prefix, context);
    const inv = r.ctx.out.invocations[before];
    if (inv && inv.span === first.span) inv.dirComputed = true;
    if (!program.vanish) return named;
    const gone = this.invoke(rest, seg, state, wrappers, cwd, stdin, prefix, context);
    return { ok: join(named.ok, gone.ok), fail: join(named.fail, gone.fail), flow: STREAM_UNKNOWN };
  }

  /** An alias expands to its text followed by the rest of the words, read again in this shell. */
  private alias(name: string, text: string, first: Word, args: Word[], seg: number, state: State, cwd: string | null): Out {
    if (text === '') {
      floorAt(this.r.ctx, FLOOR.dynamicCommand, first.span, `${name} is an alias whose text is not known statically`, seg);
      return both(state);
    }
    this.r.expanding.add(name);
    try {
      const line = [text, ...args.map((a) => a.text)].join(' ');
      return this.r.reenter([first], 'bash', line, state, cwd, new Map(), false, true) ?? both(state);
    } finally {
      this.r.expanding.delete(name);
    }
  }

  /**
   * `export -f NAME`, `declare -fx NAME`: a child shell may call the function with any arguments, which the line does
   * not show; its body is read here with `"$@"`, `$1`… not known. A computed name may be any function.
   */
  private exportedFunctions(program: string, args: Word[], state: State, context: string[]): void {
    if (state.functions.size === 0 || !['export', 'declare', 'typeset'].includes(program)) return;
    const flags = args.map((a) => single(a) ?? '').filter((v) => /^-[A-Za-z]+$/.test(v)).join('');
    if (!flags.includes('f') || flags.includes('n') || (program !== 'export' && !flags.includes('x'))) return;
    const names = new Set<string>();
    for (const a of args) {
      const v = single(a);
      if (v === undefined) for (const k of state.functions.keys()) names.add(k);
      else if (!v.startsWith('-') && state.functions.has(v)) names.add(v);
    }
    for (const name of names) {
      const def = state.functions.get(name)!;
      def.walked = true;
      const runner = def.ctx === this.r.ctx ? this.r : this.r.sibling(def.ctx);
      const s = copy(state);
      s.positional = `${program} exports ${name}, and a child shell may call it with any arguments`;
      runner.walk(def.body, s, [...context, `function ${name}`], undefined);
    }
  }

  /** A function call: its body runs in this shell, in the caller's state; what it changes holds after it. */
  private call(name: string, args: Word[], seg: number, state: State, context: string[], stdin: Flow | undefined): Out {
    const r = this.r;
    const def = state.functions.get(name)!;
    if (r.calls >= MAX_CALLS) {
      floorAt(r.ctx, FLOOR.limit, r.ctx.out.segments[seg]!.span, `function calls nested deeper than ${MAX_CALLS} (${name})`, seg);
      return both(state);
    }
    def.walked = true;
    const runner = def.ctx === r.ctx ? r : r.sibling(def.ctx);
    const before = copy(state);
    const scope = new Set<string>();
    runner.commands.scopes.push(scope);
    const calls = r.calls;
    runner.calls = calls + 1;
    // `"$@"`, `$1`… are the call's words while it runs; the caller's come back after it.
    const callers = state.positional;
    state.positional = args;
    try {
      const out = runner.walk(def.body, state, [...context, `function ${name}`], stdin);
      // Locals end with the call: the caller's values come back.
      for (const s of new Set([out.ok, out.fail])) {
        if (s === null) continue;
        if (callers === undefined) delete s.positional;
        else s.positional = callers;
        for (const n of scope) {
          forget(s, n);
          // The variable and the elements it held as an array (see arrayKey) come back.
          for (const k of [n, arrayKey(n)]) {
            const v = before.vars.get(k);
            if (v) s.vars.set(k, v);
            else s.vars.delete(k);
            const why = before.unknown.get(k);
            if (why) s.unknown.set(k, why);
            else s.unknown.delete(k);
          }
        }
      }
      return out;
    } finally {
      runner.commands.scopes.pop();
      runner.calls = calls;
    }
  }

  /** Asks the registry what the invocation does and acts on it; keeps the shell's own state (cd, variables, traps). */
  private run(invocation: Invocation, seg: number, state: State, wrappers: string[], inner: string[], cwd: string | null, given: Flow | undefined, prefix: Prefix, context: string[]): Out {
    const r = this.r;
    // Paths a lister printed, each read from where this program runs (see rebased): on its stdin, and in its words,
    // which a wrapper may hand it in another directory than the one they were written in (`env -C ~ rm -rf "$f"`).
    const here = hereIn(state, invocation.cwd);
    const { found: _found, ...at } = here;
    const stdin = given?.kind === 'stream' && given.under ? { ...given, under: rebased(given.under, here) } : given;
    invocation.args = invocation.args.map((w) => rebasedWord(w, here));
    const { program, args } = invocation;
    const builtin = wrappers.every((w) => w === 'builtin' || w === 'command' || w === 'time') && !invocation.path.includes('/');
    let outcome: Out | undefined;
    if (builtin) outcome = this.builtin(program, args, state, prefix);
    if (program === 'coproc') {
      let cmd = args;
      const n0 = cmd[0] ? single(cmd[0]) : undefined;
      const n1 = cmd[1] ? single(cmd[1]) : undefined;
      if (n0 !== undefined && /^[A-Za-z_]\w*$/.test(n0) && (n1 === '{' || n1 === '(')) cmd = cmd.slice(1);
      invocation.wraps = true;
      // A coprocess runs in a subshell, in the background.
      const ran = this.invoke(cmd, seg, copy(state), inner, cwd, stdin, prefix, context);
      state.jobs = true;
      return both(state, ran.flow);
    }
    const lookup = (n: string): string | null | undefined => {
      if (prefix.has(n)) return prefix.get(n)!;
      const v = valuesOf(state, n);
      if (v !== undefined) return v.length === 1 ? v[0]! : null;
      return state.unknown.has(n) ? null : undefined;
    };
    // A program run by its path: a file the line wrote is read as the script it is (`./run.sh`).
    if (invocation.path.includes('/') && !builtin) this.runWritten({ text: invocation.path, span: invocation.span, values: [invocation.path] }, 'bash', invocation.path, seg, state, cwd, prefix, false);
    const lookupProgram = (n: string): string | undefined => (prefix.has(n) ? (prefix.get(`\u0002${n}`) ?? undefined) : valuesOf(state, n) === undefined ? programOf(state.unknown.get(n)) : undefined);
    // A file the line wrote a lister's paths into holds them (`git ls-files > l; xargs -a l sed -i …`).
    // (Its paths read from where this program runs, see rebased.)
    const holding = (w: Word): Word => {
      if (w.holds || w.values?.length !== 1) return w;
      const held = writtenAt(r.ctx.out, cwd, w.values[0]!).flatMap((f) => ('under' in f && f.under ? f.under : []));
      return held.length > 0 ? { ...w, holds: rebased(held, here) } : w;
    };
    const holdingArgs = args.map(holding);
    // The text the line wrote into a file, where one write of static text made it (Call.writtenText); a file the
    // line did not write is as the host's reader finds it before the line runs (CommandLine.readText).
    // (Where the line wrote a file, what is on disk now is not what the program finds.)
    const onDisk = (name: string): string | null => (/[*?[]/.test(name) ? null : resolveAgainst(cwd, name.startsWith('~/') ? `${r.ctx.home}${name.slice(1)}` : name));
    const writtenText = (name: string): string | undefined => {
      const w = writtenAt(r.ctx.out, cwd, name);
      if (w.length === 1 && 'text' in w[0]!) return w[0].text;
      const path = w.length > 0 || !r.ctx.readText ? null : onDisk(name);
      // (A reader that throws fails the analysis, which denies: CommandLine.readText answers undefined when it cannot say.)
      const text = path === null ? undefined : r.ctx.readText!(path);
      return typeof text === 'string' ? text : undefined;
    };
    // The members of an archive on disk the line did not write (CommandLine.listArchive).
    const archiveMembers = (name: string): readonly string[] | undefined => {
      const path = !r.ctx.listArchive || writtenAt(r.ctx.out, cwd, name).length > 0 ? null : onDisk(name);
      const names = path === null ? undefined : r.ctx.listArchive!(path);
      return Array.isArray(names) && names.every((n) => typeof n === 'string') ? names : undefined;
    };
    const answer = ask(invocation, holdingArgs, 'bash', stdin, lookup, () => [...new Set([...prefix.keys(), ...state.vars.keys(), ...state.unknown.keys()])], lookupProgram, r.ctx.out, { writtenText, archiveMembers });
    this.optionGlobs(program, args, seg, cwd);
    // An argument built from text the line wrote, in a way vouch does not follow (Word.line: `a[0]=--hard;
    // a[5]=HEAD~3; git reset "${a[@]}"`), may be any option or path that text makes (see BUILT_OPTIONS).
    const built = BUILT_OPTIONS.test(program) ? args.find((w) => w.line && (/\[[@*]\]|\$[@*]/.test(w.text) || !/^"[\s\S]*"$/.test(w.text))) : undefined;
    if (built) floorAt(r.ctx, FLOOR.dynamicCommand, built.span, `an argument of ${program} is built from text the line wrote, in a way vouch does not follow (${built.dynamic ?? 'computed'}): it may be any option or path that text makes`, seg);
    if (!answer) {
      // A builtin no entry answers for (unset) still evaluates the subscripts in the names it takes.
      if (builtin) this.subscripts(program, args, state, cwd);
      return outcome ?? both(state, { kind: 'stream', why: `the output of ${program}` });
    }
    for (const c of answer.copies ?? []) this.recordCopy(c, cwd);
    // What it writes its stdin into (tee, dd of=, sponge) holds that text.
    for (const w of answer.stdinTo ?? []) this.recordFile(w.values, stdin ?? STREAM_UNKNOWN, cwd);
    // A file it writes by its own means (`sort -o f`, `sed -i … f`, `m4 -o f`, `openssl … -out f`) holds what it wrote,
    // not known here: a script the line runs from it is not vouched for. (What it writes its stdin into, a copy, a
    // program it builds and a file it rewrites are kept as they are known.)
    // (A word is known by its span and its text, or a part of it an entry took (`of=a`, `a`): nested text's words may
    // all share the span of the word that holds them, `bash -c '… > p.diff; git apply p.diff'`.)
    const sameWord = (a: Word, b: Word) => a === b || (a.span.start === b.span.start && a.span.end === b.span.end && (a.text.endsWith(b.text) || b.text.endsWith(a.text)));
    const keptWords = [...(answer.stdinTo ?? []), ...(answer.copies ?? []).map((c) => c.to), ...(answer.builds ?? []).map((b) => b.to), ...(answer.rewrites ?? [])];
    // (By name: a computed one is the paths a lister printed, handed to a formatter, say. Not one it runs itself: `perl
    // -pi -e … x.pl` edits x.pl.)
    // (Nor a file laid out again from its own text, with no text from the line: `black app.py`, `gofmt -w main.go`.)
    const carriesText = answer.uses.some((u) => u.role === 'text');
    // An archive extracted after the line wrote files of its own may hold them (`tar -cf x.tar run.sh && tar -C out -xf
    // x.tar && bash out/run.sh`): any file beneath where it extracts is not known here. (A copy's contents are followed
    // file by file, see copyBeneath.)
    // (Not one whose archives are all named and none of them written by the line: `npm test > log; tar xf fixtures.tar`.)
    const filling = (): boolean => {
      if (answer.copies !== undefined || this.written().size === 0) return false;
      const archives = answer.uses.filter((u) => u.role === 'read');
      return archives.length === 0 || !archives.every((u) => (u.values ?? u.word.values)?.every((v) => writtenKeys(this.written(), cwd, v).length === 0 && filledBy(this.r.ctx.out, cwd, v).length === 0) === true);
    };
    const fills = answer.uses.some((u) => u.role === 'extract') && filling();
    for (const u of answer.uses) {
      if (u.role === 'extract' && fills) {
        const dirs = u.values ?? u.word.values;
        const filled = { why: `${program} extracted into ${dirs?.length === 1 ? dirs[0] : u.word.text}, from an archive the line may have written`, segment: seg, project: true };
        // (A directory known only at run time may be any: every later run by name, as for a file written to such a name.)
        if (dirs === null) noteWritten(this.r.ctx.out, null, cwd, { why: filled.why, segment: seg });
        else for (const d of dirs) noteFilled(this.r.ctx.out, d, cwd, filled);
      }
      if (u.role !== 'write' || keptWords.some((w) => sameWord(w, u.word))) continue;
      if (!carriesText && answer.uses.some((r) => r.role === 'read' && sameWord(r.word, u.word))) continue;
      // A name known only at run time is kept as one when what the program writes may hold the line's text (`sort -o "$f"
      // <<< '…'`); a computed name the line hands a formatter or an editor of the user's files (`xargs prettier --write`) is not.
      this.recordFile(u.values ?? u.word.values ?? (carriesText || stdin?.kind === 'static' ? null : []), { kind: 'stream', why: `what ${program} writes into ${u.word.text}` }, cwd, seg, commandKey(invocation));
    }
    // A directory it fills with what it fetches (`git clone URL DIR`): a file run from it later is downloaded code.
    for (const w of answer.fetches ?? []) for (const d of w.values ?? [null]) noteFilled(this.r.ctx.out, d, cwd, { why: `${program} (${w.text}) fetched from another machine on this line: downloaded code, run unread`, project: false });
    // A program built from code the line wrote (or handed it on stdin) is that code, unread, when it runs later.
    for (const b of answer.builds ?? []) {
      const written = this.written();
      const below = (dir: string): boolean => {
        const at = resolveAgainst(cwd, dir);
        return at === null || [...written.keys()].some((k) => k === '*' || k.startsWith('?') || k.startsWith(at === '/' ? '/' : `${at}/`)) || filledBeneath(this.r.ctx.out, at).some((f) => f.project);
      };
      const fromLine = (b.stdin && stdin !== undefined) || b.from.some((w) => w.values === null ? written.has('*') : w.values.some((v) => writtenKeys(written, cwd, v).length > 0 || filledBy(this.r.ctx.out, cwd, v).some((f) => f.project))) || (b.trees ?? []).some((w) => w.values === null ? written.size > 0 : w.values.some((v) => below(v.replace(/\/\.\.\.$|^\.\.\.$/, '') || '.')));
      if (fromLine) this.recordFile(b.to.values, { kind: 'stream', why: `code it wrote, built by ${program}` }, cwd);
    }
    // What a builtin read from its own static redirection (`read -ra a <<< '-rf ~'`) is known; from input a loop or a
    // group hands on (read again where the last read stopped), or into a variable bash transforms, it is not.
    const target = (n: string) => state.namerefs.get(n) || n;
    // (Not into a nameref, a variable bash transforms or evaluates as arithmetic, or one bash keeps itself.)
    const keeps = (n: string) => !state.namerefs.has(n) && !state.transformed.has(n) && !state.integers.has(n) && !ARITH_VARIABLES.has(n) && !BASH_ARRAYS.test(n) && !COMPUTED.has(n);
    const known = builtin && stdin !== undefined && stdin === this.ownInput ? (answer.reads ?? []).filter((k) => keeps(k.name)) : [];
    for (const k of known) {
      const values = k.value !== undefined ? [k.value] : [k.elements![0] ?? ''];
      assign(state, k.name, values);
      r.codeAssignment(k.name, { text: k.name, span: invocation.span, values }, seg, state, cwd);
    }
    // A plain read in a loop or a group over static text (`echo ~/.bashrc | while read f`, `done <<< "$list"`): whichever
    // read it is, it gets one of the text's lines (or, past the last, nothing), each read as its own input would be;
    // under -d, one of its records to that delimiter (`read -d '' f`: to a NUL, the whole text where it holds none).
    const handed = new Map<string, Set<string>>();
    // (Or over the names a glob matched, its pattern each read's value: `echo ~/.bashr[c] | while read f`, see State.globbed.)
    const globText = stdin?.kind === 'stream' && stdin.glob && stdin.text !== undefined ? stdin.text : undefined;
    const sep = builtin && program === 'read' && (stdin?.kind === 'static' || globText !== undefined) && stdin !== this.ownInput ? answer.record : undefined;
    if (sep !== undefined && (stdin?.kind === 'static' || globText !== undefined)) {
      const text = stdin?.kind === 'static' ? stdin.text : globText!;
      const word = stdin?.kind === 'static' ? stdin.word : { text, span: invocation.span, values: [text] };
      const lines = text.endsWith(sep) ? text.slice(0, -1).split(sep) : text.split(sep);
      let ok = lines.length <= MAX_HANDED_LINES;
      for (const line of ok ? lines : []) {
        for (const k of ask(invocation, args, 'bash', { kind: 'static', text: `${line}${sep}`, word }, lookup)?.reads ?? []) {
          if (k.value === undefined || !keeps(k.name)) ok = false;
          else handed.set(k.name, (handed.get(k.name) ?? new Set([''])).add(k.value));
        }
      }
      if (!ok) handed.clear();
    }
    for (const [name, set] of handed) {
      const values = [...set];
      assign(state, name, values);
      if (globText !== undefined) state.globbed.add(target(name));
      r.codeAssignment(name, { text: name, span: invocation.span, values }, seg, state, cwd);
    }
    // What it reads is text the line wrote, handed on by a program vouch does not follow (`readarray -t a < <(printf
    // … | tr …)`), or printf -v's output of words all written out: built from the line's text (see LINE_WHY).
    // (Or read from a descriptor the line opened on its own text: `exec {fd}<<<'-rf ~'; read -u $fd -a a`.)
    // (Or from a descriptor opened on the paths a lister printed: `exec 3< <(git ls-files); while read -u3 f`.)
    const fdUnder = LINE_READERS.test(program) && fromDescriptor(args) ? state.fdUnder : undefined;
    const lineText = (stdin?.kind === 'stream' && stdin.line === true) || (stdin?.kind === 'static' && !known.length) || (program === 'printf' && args.every((w) => w.values !== null)) || (state.lineFds === true && LINE_READERS.test(program) && fromDescriptor(args));
    const valued = new Map((answer.assigns ?? []).filter((a) => keeps(a.name)).map((a) => [a.name, [a.value]]));
    for (const [name, values] of valued) {
      assign(state, name, values);
      r.codeAssignment(name, { text: name, span: invocation.span, values }, seg, state, cwd);
    }
    for (const n of [...(answer.sets ?? []).filter((s) => !valued.has(s) && !handed.has(s)), ...(answer.reads ?? []).filter((k) => !known.includes(k) && !handed.has(k.name)).map((k) => k.name)]) {
      // (A line of find's output (`find ~ -name .bashrc | while read f`) is a path below its roots.)
      assign(state, n, null, lineText ? LINE_WHY : LINE_READERS.test(program) && stdin?.kind === 'stream' && stdin.under ? underWhy(pieces(stdin.under, answer.items ?? 'blanks')) : fdUnder ? underWhy(pieces(fdUnder, answer.items ?? 'blanks')) : `${program} sets it from what it reads`);
      if (lineText && !state.vars.has(arrayKey(target(n)))) state.unknown.set(arrayKey(target(n)), LINE_WHY);
      // `printf -v PS4 '$(…)'; set -x`, `read PROMPT_COMMAND`: a variable bash (or a program) runs as text, set to what
      // is not read here.
      r.codeAssignment(n, { text: n, span: invocation.span, values: null, dynamic: `${program} sets it` }, seg, state, cwd);
      // `declare -i n; read n`: what is read into an integer variable is evaluated as arithmetic (getopts sets OPTIND to a number).
      if (state.integers.has(n) || (ARITH_VARIABLES.has(n) && !(program === 'getopts' && n === 'OPTIND'))) {
        r.arithmetic(n, state, invocation.span, true);
        state.numeric.add(n);
      }
    }
    if (builtin) this.subscripts(program, args, state, cwd);
    // (Its elements, after the names it takes dropped those they held.)
    for (const k of known) if (k.elements === undefined || k.elements.length <= MAX_ELEMENTS) state.vars.set(arrayKey(target(k.name)), [(k.elements ?? [k.value!]).map((e) => `\u0000${e}`).join('')]);
    const resolveDir = (dir: string | null | undefined): string | null => (dir === undefined ? cwd : dir === null ? null : resolveAgainst(cwd, this.expandDir(dir, state)));
    let same: Out | undefined;
    const ranPaths: Under[] = [];
    const host: Host = {
      argv: (argv, via, at, withStdin, vars, sameShell) => {
        const here = sameShell === true && builtin;
        const from = here ? state : elsewhere(copy(state), at);
        const next = new Map<string, string | null>(prefix);
        for (const [k, v] of vars) next.set(k, v);
        // (find's and fd's `{}` is a path below its roots, relative to where find runs: see their entries.)
        // Under -execdir (`at` null) it is `./NAME`, read from the directory it was found in (Under.found).
        const placed = (u: Under): Under => (u.cwd !== null ? u : at === null ? { ...u, cwd, found: true } : { ...u, cwd });
        const words = via === 'find' || via === 'fd' || via === 'fdfind' ? argv.map((w) => (w.under?.some((u) => u.cwd === null) ? { ...w, under: w.under.map(placed) } : w)) : argv;
        const ran = this.invoke(words, seg, from, inner, resolveDir(at), withStdin ? stdin : undefined, next, context);
        if (here) same = ran;
        // (What a command it runs prints of the paths a lister printed, it prints: `… | xargs grep -l x | xargs …`.)
        if (ran.flow.kind === 'stream' && ran.flow.under) ranPaths.push(...ran.flow.under);
      },
      script: (words, dialect, via, at, delayed, sameShell, args) => {
        const ran = r.reenterJoined(words, dialect, sameShell === true ? state : elsewhere(copy(state), at), resolveDir(at), prefix, seg, via, delayed, sameShell === true, args);
        if (sameShell) same = ran ?? both(state);
      },
      text: (text, word, dialect, _via, at) => r.reenter([word], dialect, text, at === undefined ? state : elsewhere(copy(state), at), resolveDir(at), prefix),
      stdin: (dialect, via, sameShell) => {
        const ran = this.fromStdin(via, dialect, invocation, seg, state, cwd, stdin, prefix, sameShell === true);
        if (sameShell) same = ran ?? both(state);
      },
      file: (word, dialect, via, sameShell, loads) => {
        if (loads !== undefined) {
          r.loading(loads, word, seg, state, cwd);
          return;
        }
        // A file that is its own stdin (`node -r /dev/stdin app.js <<< CODE`): the text given it is the code it runs.
        if (namesStdin(word)) {
          host.stdin(dialect, via, sameShell);
          return;
        }
        const ran = this.runWritten(word, dialect, via, seg, state, cwd, prefix, sameShell);
        if (sameShell && ran) same = ran;
      },
      project: (run) => {
        // A file that is its own stdin (`ansible-playbook /dev/stdin <<< …`, `-c /dev/stdin`): the line wrote its text.
        if (run.file && namesStdin(run.file)) {
          if (stdin?.kind === 'static') act(host, run.read(stdin.text, stdin.word, run.file.text), prefix);
          else if (stdin?.kind === 'stream') floorAt(r.ctx, FLOOR.streamToShell, run.file.span, `${run.via} reads ${run.file.text}, ${stdin.why}`, seg);
          return;
        }
        this.runProject(run, (runs) => act(host, runs, prefix), seg, state, cwd);
      },
      assign: (n, value) => r.codeAssignment(n, value, seg, state, cwd),
      floor: (rule, span, why) => floorAt(r.ctx, rule, span, why, seg),
      invocations: r.ctx.out.invocations,
      out: r.ctx.out,
    };
    if (act(host, answer.runs, prefix)) invocation.wraps = true;
    // What it rewrites holds text not followed, for what runs after it (its own project run read the file before).
    for (const w of answer.rewrites ?? []) this.recordFile(w.values, { kind: 'stream', why: `what ${program} writes into ${w.text}` }, cwd);
    if ((program === 'source' || program === '.') && builtin && !same && args.length > 0) this.sourced(state, args[0]!);
    // `eval "$(direnv export bash)"`: a program's own setup code (see eval's entry) sets variables of its own, from what
    // the project's files say (direnv's .envrc); it changes no directory.
    if (program === 'eval' && builtin && !same && args.length === 1 && args[0]!.init !== undefined) this.sourced(state, args[0]!, true);
    const out = answer.output;
    const listedIn = [...(stdin?.kind === 'stream' && stdin.under && !LINE_READERS.test(program) ? stdin.under : []), ...holdingArgs.flatMap((w) => [...(w.holds ?? []), ...listedPaths(w)])];
    const listed = listedIn.length > 0 ? listedIn : undefined;
    const flow: Flow =
      out?.kind === 'static'
        ? { kind: 'static', text: out.text, word: out.word }
        : out?.kind === 'stdin'
          ? (stdin ?? STREAM_UNKNOWN)
          : out?.kind === 'paths'
            ? { kind: 'stream', why: `the output of ${program}`, under: out.under.flatMap((w) => listedBelow(w) ?? [{ values: w.values, ...at, ...pathLimits(out), ...(w.glob ? { glob: true as const } : {}) }]) }
            : out?.kind === 'lines' && stdin?.kind === 'stream' && stdin.under
              ? { kind: 'stream', why: `the output of ${program}`, under: out.names ? stdin.under.map((u) => ({ ...u, names: u.names ?? out.names })) : stdin.under }
              : out === undefined && ranPaths.length > 0
              ? { kind: 'stream', why: `the output of ${program}`, under: ranPaths }
              : (out === undefined || out.kind === 'subset') && listed !== undefined
              // Handed paths a lister printed (on its stdin, in a file it reads, as its words), a program whose output
              // no entry describes otherwise may print them on, sorted, cut or cut short (`git ls-files | sort | xargs
              // sed -i …`, `git status --porcelain | awk '{print $2}' | xargs rm`, `cat <(git ls-files) | …`, `echo
              // "$f"` in a loop over them): still paths below those roots, as the words xargs appends are.
              ? { kind: 'stream', why: `the output of ${program}`, under: listed.map((u) => ({ values: u.values, cwd: u.cwd, ...(u.cwdGlob ? { cwdGlob: true } : {}), changed: true as const })) }
              : (out?.kind === 'subset' || out?.kind === 'lines') && stdin?.kind === 'stream' && stdin.number === true
              ? { kind: 'stream', why: `the output of ${program}`, number: true, ...(stdin.float ? { float: true } : {}) }
              : out?.kind === 'temp'
                ? { kind: 'stream', why: `the output of ${program}`, temp: true }
                : out?.kind === 'shell-init' && !(invocation.path.includes('/') && writtenAt(r.ctx.out, cwd, invocation.path).length > 0)
                ? { kind: 'stream', why: `the shell setup code ${program} makes`, init: program, ...(out.split ? { initSplit: true } : {}) }
                : out?.kind === 'program'
                ? { kind: 'stream', why: `the output of ${program}`, program: out.name }
                : out?.kind === 'ids'
                ? { kind: 'stream', why: `the identifiers ${program} prints`, ids: true }
                : // (The work tree's top only of git found by name: `./git` is a file of the project, printing anything.)
                  out?.kind === 'directory' && invocation.cwd !== null && !(invocation.cwdGlob && /[*?]|\[[!^]/.test(invocation.cwd)) && !/\s/.test(invocation.cwd) && !/\s/.test(r.ctx.home ?? ' ')
                ? { kind: 'stream', why: `the directory ${program} prints`, directory: true, ...(out.holds && !invocation.path.includes('/') ? { top: invocation.cwd } : {}), ...(this.cacheOf(out, invocation) ?? {}), ...(out.stands !== undefined ? { stands: out.stands } : {}) }
                : // (Its cache wherever it runs: go's is no setting of the directory, npm's entries go by their names.)
                  out?.kind === 'directory' && this.cacheOf(out, invocation) !== undefined
                ? { kind: 'stream', why: `the cache directory ${program} prints`, ...this.cacheOf(out, invocation) }
                : // (Where it is by default, read where the word is, wherever the program ran: Word.stands.)
                  out?.kind === 'directory' && out.stands !== undefined
                  ? { kind: 'stream', why: `the directory ${program} prints`, stands: out.stands }
                : (out?.kind === 'user' || out?.kind === 'name') && !invocation.path.includes('/')
                ? { kind: 'stream', why: `the ${out.kind === 'user' ? 'user name' : 'name'} ${program} prints`, user: true }
                : out?.kind === 'globbed'
                  ? { kind: 'stream', why: `the names ${program} prints, which a glob matched`, text: out.text, glob: true }
                : out?.kind === 'cwd' && invocation.cwd !== null && !(invocation.cwdGlob && /\s/.test(invocation.cwd))
                  ? { kind: 'stream', why: `the output of ${program}`, text: invocation.cwd, ...(invocation.cwdGlob ? { glob: true } : {}) }
                  : { kind: 'stream', why: `the output of ${program}`, ...(out?.kind === 'number' ? { number: true, ...(out.float ? { float: true } : {}) } : readsWritten(answer.uses, r.ctx.out, cwd) ? { line: true } : {}) };
    const result = same ?? outcome ?? both(state);
    // `cat FILE` of a file the line wrote with static text prints that text.
    const printed = program === 'cat' && flow.kind === 'stream' && flow.line ? catText(args, r.ctx.out, cwd, state) : undefined;
    if (printed) return { ok: result.ok, fail: result.fail, flow: same ? result.flow : { kind: 'static', text: printed.text, word: printed.word } };
    return { ok: result.ok, fail: result.fail, flow: same ? result.flow : flow };
  }

  /** The cache a program found by name prints, where nothing before it may have moved it (see settledBefore). */
  private cacheOf(out: { cache?: true | string[] }, invocation: Invocation): { cache: true | string[] } | undefined {
    return out.cache !== undefined && !invocation.path.includes('/') && (out.cache !== true || this.settledBefore(invocation)) ? { cache: out.cache } : undefined;
  }

  /**
   * Whether nothing the line ran before this invocation may have changed what a program of its name prints of its
   * own setup (`go env -w GOCACHE=~`, a write to its settings file, a program no entry describes): every earlier
   * one is of another name and only reads or deletes, or is the same words again, and every file the line wrote lies
   * in the directory it runs in.
   */
  private settledBefore(invocation: Invocation): boolean {
    // (A delete moves no setting: without its settings file a program falls back to its defaults. So the same command
    // walked again on another path, `rm -rf "$(go env GOCACHE)"` after a `cd` that may fail, is no change.)
    const looks = new Set(['read', 'read-tree', 'meta', 'text', 'delete', 'delete-tree']);
    const cwd = invocation.cwd;
    const home = this.r.ctx.home;
    // (Not where the directory is the home or holds it: its settings files lie below.)
    const at = cwd === null || invocation.cwdGlob ? null : `${cwd.replace(/\/+$/, '')}/`;
    const inProject = (k: string) => at !== null && k.startsWith(at) && !(home !== undefined && `${home.replace(/\/+$/, '')}/`.startsWith(at));
    return (
      // (The same words again print the same: `du -sh "$(go env GOCACHE)" && rm -rf "$(go env GOCACHE)"`.)
      this.r.ctx.out.invocations.every((i) => i === invocation || (i.program === invocation.program ? sameWords(i, invocation) : i.known !== false && (i.uses ?? []).every((u) => looks.has(u.role)))) &&
      [...writtenFiles(this.r.ctx.out).keys()].every((k) => inProject(k) || /^\/dev\/(?:null|stdout|stderr|tty)$/.test(k))
    );
  }

  /**
   * What bash's own builtins do to the shell: change directory, declare, unset, set options, bind names, set traps,
   * succeed or fail. Undefined for everything else (the command may succeed or fail, and changes nothing here).
   */
  private builtin(program: string, args: Word[], state: State, prefix?: Prefix): Out | undefined {
    const r = this.r;
    switch (program) {
      case 'cd':
      case 'pushd':
      case 'popd': {
        // A prefix `CDPATH=/home cd dev` is searched by this cd alone (`dev` may be /home/dev); it is restored after.
        if (prefix?.has('CDPATH')) {
          const before = { values: state.vars.get('CDPATH'), why: state.unknown.get('CDPATH') };
          const v = prefix.get('CDPATH');
          assign(state, 'CDPATH', v == null ? null : [v], 'the CDPATH it is given is computed');
          const o = changeDir(program, args, state, r.ctx.home);
          for (const s of [o.ok, o.fail]) {
            if (s === null) continue;
            if (before.values !== undefined) assign(s, 'CDPATH', before.values);
            else if (before.why !== undefined) assign(s, 'CDPATH', null, before.why);
            else {
              s.vars.delete('CDPATH');
              s.unknown.delete('CDPATH');
            }
          }
          return { ok: o.ok, fail: o.fail, flow: STREAM_UNKNOWN };
        }
        const o = changeDir(program, args, state, r.ctx.home);
        return { ok: o.ok, fail: o.fail, flow: STREAM_UNKNOWN };
      }
      case 'unset':
        unset(args, state);
        for (const a of args) {
          const n = single(a);
          if (n !== undefined && COMPUTED.has(n)) own(state).plain.add(n);
        }
        return undefined;
      case 'shopt':
      case 'set':
        options(program, args, state);
        return undefined;
      case 'hash':
        // A computed binding is the registry's cannot-vouch; a later use of the name is floored where it runs.
        hash(args, state);
        return undefined;
      case 'alias':
        alias(args, state);
        return undefined;
      case 'trap':
        // Its action is read where the shell may exit (see atExit); a trap with static words does not fail.
        if (this.trap(args, state)) return { ok: state, fail: null, flow: STREAM_UNKNOWN };
        return undefined;
      case 'exit':
        if (!r.inTrap) exitsHere(state);
        return undefined;
      case 'let':
        for (const a of args) {
          r.arithmetic(a.values?.join(' ') ?? a.text, state, a.span, true);
          if (r.outputWord(a)) r.arithmeticOutput(a.span, a.text);
        }
        return undefined;
      case 'shift':
        shiftArgs(args, state);
        return undefined;
      case 'true':
      case ':':
        return { ok: state, fail: null, flow: { kind: 'static', text: '', word: { text: '', span: { start: 0, end: 0 }, values: [''] } } };
      case 'false':
        return { ok: null, fail: state, flow: STREAM_UNKNOWN };
      default:
        return undefined;
    }
  }

  /**
   * `declare 'PS4=$(…)'`, `export "$n=…"`: an assignment bash reads from a quoted word (no assignment to the grammar)
   * is checked as one: a variable run as text, one `-i` evaluates as arithmetic. A computed name may be any of them.
   */
  private quotedDeclarations(args: Word[], assignments: readonly Assignment[], seg: number, state: State, cwd: string | null): void {
    const integer = args.some((w) => /^-\w*i/.test(single(w) ?? ''));
    for (const w of args) {
      // The grammar's own assignments are checked with the command's; a word with no `=` of its own is one when its
      // value has one (`v='BASH_ENV=/tmp/x'; export "$v"`, a function's `export "$1"` given `BASH_ENV=…`).
      if (assignments.some((a) => a.span.start === w.span.start && a.span.end === w.span.end) || !/[=$`]/.test(w.text)) continue;
      const assigned = (w.values ?? []).map((v) => /^([A-Za-z_][A-Za-z0-9_]*)\+?=([\s\S]*)$/.exec(v)).filter((m) => m !== null);
      for (const m of assigned) {
        const name = m[1]!;
        this.r.codeAssignment(name, { text: w.text, span: w.span, values: [m[2]!] }, seg, state, cwd);
        if (integer || state.integers.has(name) || ARITH_VARIABLES.has(name)) this.r.arithmetic(m[2]!, state, w.span, true);
      }
      // A computed word with no `=` of its own (`export $(cat config.env)`) sets what the text it reads says, as
      // sourcing that file does: judged as that is, not as a name the line computes.
      if (assigned.length === 0 && w.values === null && (w.text.includes('=') || w.line) && !/^-/.test(w.text)) {
        // `export "PATH=$PATH:…"`: the name is written, the value computed. `export "${v:-BASH_ENV=…}"`: the name is
        // the default's when v is unset (or the alternative's, for `:+`).
        const literal = /^["']?(?:\$\{[A-Za-z_]\w*:?[-=+]["']?)?([A-Za-z_][A-Za-z0-9_]*)\+?=/.exec(w.text)?.[1];
        if (literal !== undefined) {
          this.r.codeAssignment(literal, w.text.startsWith('$') || w.text.startsWith('"$') ? { ...w, values: null, dynamic: `${w.text} assigns ${literal} when the variable it tests is unset (or set, for +)` } : w, seg, state, cwd);
          if (integer || state.integers.has(literal) || ARITH_VARIABLES.has(literal)) this.r.arithmetic(w.text.slice(w.text.indexOf('=') + 1).replace(/["'}]/g, ''), state, w.span, true);
          continue;
        }
        // A name the line computed (`n=$(…); declare "$n=…"`), or the whole operand built from the line's text
        // (`printf -v v '%s=%s' BASH_ENV …; export "$v"`), or a name a default may give (`"${v:-BASH_}ENV=…"`); the
        // user's environment and a function's arguments are not followed as names.
        const head = w.text.includes('=') ? w.text.slice(0, w.text.indexOf('=')) : w.text;
        const computed = w.line === true || /\$\(|`|\$\{[A-Za-z_]\w*:?[-=+]/.test(head) || [...head.matchAll(/\$\{?([A-Za-z_]\w*)/g)].some((m) => state.unknown.has(m[1]!));
        if (computed) floorAt(this.r.ctx, FLOOR.dynamicScript, w.span, `${w.text} assigns a variable whose name the line computes, which may be one bash runs as text (PS4, PROMPT_COMMAND): ${w.dynamic ?? 'computed'}`, seg);
      }
    }
  }

  /**
   * declare, typeset and local given a word computed when the line runs beside other words (`declare $o r=x`,
   * `declare -i "$n"`): it may be an option (-n, -i) that makes the names beside it stand for other variables or
   * evaluate what is assigned to them as arithmetic, or a name given the options beside it. Neither is followed.
   * (Alone, `local "$name"` declares one name and changes nothing else; `declare "$n=1"` is an assignment.)
   */
  private computedOption(declarer: string, operands: readonly Word[], seg: number): void {
    if (!/^(?:declare|typeset|local)$/.test(declarer)) return;
    const open = operands.find((w) => w.values === null && !w.text.includes('=') && /^"?(?:\$[A-Za-z_]\w*|\$\{[^}]+\}|\$\((?:[^()]|\([^()]*\))*\)|`[^`]*`)"?$/.test(w.text));
    // (Beside options only that change nothing assigned, `declare -g "$n"`, it is one name more.)
    const beside = operands.some((w) => w !== open && /^(?:[A-Za-z_]|-\w*[inluc])/.test(single(w) ?? ''));
    if (!open || !beside) return;
    floorAt(this.r.ctx, FLOOR.dynamicScript, open.span, `${declarer} ${open.text}: a word computed when the line runs may be an option (-n, -i) that makes the names beside it stand for other variables or run what is assigned to them as arithmetic`, seg);
  }

  /** `trap ACTION SIGNAL…`: the action is kept for the points bash runs it; `-` or '' removes it. */
  private trap(args: Word[], state: State): boolean {
    const words = args.filter((a) => !/^-[lp]+$/.test(single(a) ?? '') && single(a) !== '--');
    if (words.length < 2) return false;
    const [action, ...signals] = words;
    const text = single(action!) ?? action!.tempText;
    // One trap per place it is written (a trap set again by a loop, a function or another trap's text is the same one).
    const traps = this.r.shell().traps;
    let set: Deferred | undefined;
    if (text !== undefined && text !== '-' && text !== '') {
      set = traps.find((t) => t.text === text && t.word.span.start === action!.span.start && t.word.span.end === action!.span.end);
      if (!set) {
        set = { text, word: action! };
        traps.push(set);
      }
    }
    for (const s of signals) {
      const sig = (single(s) ?? '*').toUpperCase().replace(/^SIG/, '');
      // A computed action is the registry's cannot-vouch (trap runs computed text).
      if (text === '-' || text === '') own(state).traps.delete(sig);
      else if (set) own(state).traps.set(sig, set);
    }
    // It runs where the shell exits while it is set (joined there), or, where none is seen, as the state is now.
    if (set) set.set = join(set.set ?? null, copy(state)) ?? copy(state);
    return text !== undefined && signals.every((a) => a.values !== null);
  }

  /**
   * A glob that may expand to a name the line created that reads as an option (`touch -- '--checkpoint-action=exec=sh
   * x.sh' && tar cf a.tar *`): the program then takes that option, and tar's, rsync's -e, zip's -TT, git's -c… run
   * code. Before a `--` only; a pattern that starts with `./` or a letter cannot expand to one.
   */
  private optionGlobs(program: string, args: Word[], seg: number, cwd: string | null): void {
    const end = args.findIndex((a) => a.values?.length === 1 && a.values[0] === '--' && !a.glob);
    const globs = args.filter((a, i) => a.glob && a.values !== null && (end < 0 || i < end));
    if (globs.length === 0) return;
    const made: { dir: string; name: string }[] = [];
    const add = (dir: string | null, v: string) => {
      const name = basename(v);
      const path = resolveAgainst(dir, v);
      if (name.startsWith('-') && path !== null) made.push({ dir: path.slice(0, path.lastIndexOf('/')) || '/', name });
    };
    for (const inv of this.r.ctx.out.invocations) {
      for (const u of inv.uses ?? []) {
        if (u.role !== 'create' && u.role !== 'write' && !(inv.program === 'mkdir' && u.role === 'meta')) continue;
        const word = inv.args.find((a) => a.text === u.text && a.span.start === u.span.start && a.span.end === u.span.end);
        for (const v of u.values ?? word?.values ?? []) add(inv.cwd, v);
      }
    }
    for (const sg of this.r.ctx.out.segments) for (const rd of sg.redirects) if (/^(>|>>|>\||&>|&>>)$/.test(rd.op)) for (const v of rd.target?.values ?? []) add(sg.cwd ?? null, v);
    if (made.length === 0) return;
    for (const g of globs) {
      for (const pattern of g.values!) {
        // The word's first component decides whether it can start with `-` (`*`, `*/x`; not `./*` or `src/*`).
        const first = pattern.split('/')[0]!;
        if (!/^[-*?[]/.test(first)) continue;
        const dir = cwd;
        const re = componentGlob(first);
        const hit = made.find((m) => (dir === null || m.dir === dir) && re.test(m.name));
        if (hit) {
          floorAt(this.r.ctx, FLOOR.dynamicCommand, g.span, `${program}: ${g.text} may expand to ${hit.name}, a name the line created that ${program} takes as an option`, seg);
          return;
        }
      }
    }
  }

  /**
   * Builtins that take variable names (`read 'a[$(…)]'`, `printf -v`, `test -v`, `declare -n`, `unset`) evaluate a
   * subscript there as arithmetic, and arithmetic runs the substitutions it holds: they are read as shell text.
   */
  private subscripts(program: string, args: Word[], state: State, cwd: string | null): void {
    if (!NAMES_SUBSCRIPTED.has(program) && program !== 'compgen') return;
    // A name they may set (`declare 'a[1]=x'`, `printf -v 'a[0]'`, `read 'a[1]'`, `compgen -V a`, a computed one: any)
    // changes an array's elements (see arrayKey).
    if (program !== 'test' && program !== '[') {
      for (const a of args) {
        // (`declare -a a=(x y)` is the statement's own assignment, made before: see setVar.)
        if (/^[A-Za-z_]\w*=\(/.test(a.text)) continue;
        if (a.values === null) for (const k of [...state.vars.keys(), ...state.unknown.keys()]) if (k.endsWith(arrayKey(''))) dropArray(state, k.slice(0, -arrayKey('').length));
        for (const v of a.values ?? []) {
          const n = /^[A-Za-z_]\w*/.exec(v)?.[0];
          if (!n) continue;
          // `read 'BASH_ALIASES[ls]'`, `printf -v 'BASH_CMDS[ls]'`, `declare "BASH_ALIASES[ls]=…"`: a name bound to
          // what is not followed here (any name, to text not known).
          const bound = state.namerefs.get(n) || n;
          if (program !== 'unset') boundNames(state, bound)?.set('*', '');
          // (Elements the line wrote, one of them changed or unset: the rest are still its text, see LINE_WHY.)
          const key = arrayKey(bound);
          const had = state.vars.has(key) || state.unknown.get(key) === LINE_WHY;
          dropArray(state, n);
          if (had && v !== n) state.unknown.set(key, LINE_WHY);
        }
      }
    }
    if (program === 'compgen') return;
    args.forEach((a, i) => {
      // A name the line computed (`read n; unset "$n"`, `for k in *; do test -v "a[$k]"`): any subscript, whose `$(…)` runs.
      if ((a.values === null || a.glob) && computedName(program, args, i, state)) {
        floorAt(this.r.ctx, FLOOR.dynamicScript, a.span, `${program} takes ${a.text} as a variable's name, which the line computes, and bash evaluates a subscript in it (its $(\u2026) runs): ${a.dynamic ?? 'it holds the names a glob matches'}`);
        return;
      }
      // The words that are names: printf's -v value, test's -v/-R operand; every word of the others.
      const before = i > 0 ? single(args[i - 1]!) : undefined;
      const name = program === 'printf' ? before === '-v' || /^-v./.test(single(a) ?? '') : program === 'test' || program === '[' ? before === '-v' || before === '-R' : true;
      if (name) {
        const own = program === 'printf' && /^-v./.test(single(a) ?? '') ? [single(a)!.slice(2)] : a.values;
        this.r.variableName(undefined, a, own, state);
        return;
      }
      for (const v of a.values ?? []) {
        const code = subscriptCode(v);
        if (code) this.r.reenter([a], 'bash', code, copy(state), cwd, new Map());
      }
    });
  }

  /**
   * After `source FILE` the file's content is not known: every variable the line set may have changed, and the
   * directory (unless `keepCwd`: code that only sets variables).
   */
  private sourced(state: State, file: Word, keepCwd = false): void {
    const why = `${file.text} is ${keepCwd ? 'run' : 'sourced'} and may change it`;
    for (const k of [...state.vars.keys()]) assign(state, k, null, why);
    if (!keepCwd) {
      state.cwd = [];
      delete state.top;
      delete state.found;
    }
    if (state.positional !== undefined) state.positional = why;
  }

  /** A program that reads its own program from stdin: static text is re-entered, a stream cannot be vouched for. */
  private fromStdin(via: string, dialect: ScriptDialect, invocation: Invocation, seg: number, state: State, cwd: string | null, stdin: Flow | undefined, env: Prefix, same: boolean): Out | undefined {
    if (!stdin || stdin.kind === 'file') return undefined;
    invocation.wraps = true;
    if (stdin.kind === 'static') {
      // The text is this program's code, read in the nested text: not a path another program opens.
      invocation.uses = [...(invocation.uses ?? []), { role: 'text', span: stdin.word.span, text: stdin.word.text, code: true }];
      // An interpreter reads its whole program before it runs it: what its code starts finds stdin at its end.
      const saved = this.r.current;
      this.r.current = { invocation, stdin: undefined };
      try {
        // What the script's commands read from stdin is the rest of the script, not known here: no stdin.
        return this.r.reenter([stdin.word], dialect, stdin.text, state, cwd, env, false, same, NO_STDIN);
      } finally {
        this.r.current = saved;
      }
    }
    floorAt(this.r.ctx, FLOOR.streamToShell, invocation.span, `${via} runs a program read from ${stdin.why}`, seg);
    return undefined;
  }

  private expandDir(dir: string, state: State): string {
    if (dir !== '~' && !dir.startsWith('~/')) return dir;
    const h = valuesOf(state, 'HOME');
    return (h?.length === 1 ? h[0]! : this.r.ctx.home) + dir.slice(1);
  }
}

/** A word that is only `"${a[@]}"` or `"$@"`: as many words as the array holds, also in an array literal. */
function wholeArray(raw: RawWord): boolean {
  const only = raw.parts.length === 1 ? raw.parts[0]! : undefined;
  return (only?.k === 'dyn' && only.array !== undefined && !only.star && only.index === undefined && only.quoted) || (only?.k === 'pos' && only.which === '@' && only.quoted);
}

/** `X+=v` in a prefix: appended to what the prefix or the shell holds. */
function appended(before: string | null | undefined, state: State, name: string, v: string): string | null {
  if (before === null) return null;
  if (before !== undefined) return before + v;
  const old = valuesOf(state, name);
  return old?.length === 1 ? old[0]! + v : null;
}

/**
 * Whether another command wrote one of these files: not the segment asking, nor the same command read again under
 * another value of what it reads (`cd src; deno eval '…write…'` is walked once per directory the shell may stand in).
 */
function byOthers(files: readonly WrittenFile[] | undefined, seg: number, caller?: string): boolean {
  return (files ?? []).some((f) => !('why' in f) || (f.segment !== seg && (caller === undefined || f.caller !== caller)));
}

/** Options of read and mapfile whose value is the next word (`read -p PROMPT`, `mapfile -d DELIM`), not a name. */
const NAME_BUILTIN_VALUED: Readonly<Record<string, string>> = { read: 'adinNptu', mapfile: 'dnOsuCc', readarray: 'dnOsuCc' };

/**
 * Whether args[i] is a word the builtin takes as a variable's name and its computed parts are the line's own (a
 * substitution, a variable the line made unknown or set from a glob): the environment's variables and a function's
 * arguments are not followed as names, as in `declare "$n=…"`. Option values and pids (`wait $pid`) are not names.
 */
function computedName(program: string, args: Word[], i: number, state: State): boolean {
  const a = args[i]!;
  const before = i > 0 ? single(args[i - 1]!) : undefined;
  let name: boolean;
  if (program === 'printf') name = before === '-v';
  else if (program === 'test' || program === '[') name = before === '-v' || before === '-R';
  else if (program === 'wait') name = before === '-p';
  else if (program === 'getopts') name = i === 1;
  // export and readonly take no subscripted name (`export 'a[$(…)]=1'` is not a valid identifier), nor does let here.
  else if (program === 'let' || program === 'export' || program === 'readonly') name = false;
  else {
    name = !/^["']?-/.test(a.text) && !a.text.includes('=');
    const valued = NAME_BUILTIN_VALUED[program];
    if (name && valued !== undefined && before !== undefined && /^-[A-Za-z]+$/.test(before) && valued.includes(before.at(-1)!)) name = false;
  }
  if (!name) return false;
  // A glob the line writes (`test -v a[1]`, `unset a[$RANDOM%4]`) matches only names of its own form; a variable a
  // glob set holds any (below).
  // A variable known to hold a number (`for i in "${!a[@]}"`, `n=$((…))`) puts no code in a subscript.
  // (So does a parameter of a call whose words are not all known: `f() { read "$1"; }` called as `f "$(cat n)"`.)
  const given = state.positional;
  const unknownArgs = typeof given === 'string' || given?.some((w) => (w.values === null && !w.numeric) || w.glob);
  return /\$\(|`/.test(a.text) || (unknownArgs === true && /\$\{?(?:[1-9@*]|[1-9]\d*\})/.test(a.text)) || [...a.text.matchAll(/\$\{?!?([A-Za-z_]\w*)/g)].some((m) => (state.unknown.has(m[1]!) && !state.numeric.has(m[1]!)) || state.globbed.has(m[1]!));
}


/**
 * The roots below which a computed word a lister printed lies (`find . -name '*.py' | xargs grep -l x`: grep's
 * operand is a path below `.` named `*.py`, and so is each it prints): what a lister prints below it lies below them.
 */
function listedBelow(w: Word): Under[] | undefined {
  if (w.values !== null || (!w.under && !w.touches)) return undefined;
  return listedPaths(w);
}

/** Two invocations of the same static words. */
function sameWords(a: Invocation, b: Invocation): boolean {
  return a.path === b.path && a.args.length === b.args.length && a.args.every((w, i) => w.values !== null && w.values.length === 1 && w.values[0] === b.args[i]!.values?.[0] && b.args[i]!.values?.length === 1);
}

/**
 * The state a program another runs starts in: where the runner says it starts in a directory no static reading knows
 * (`find -execdir`, `at` null), it stands there, not where the line does (`find . -execdir sh -c 'echo {} >
 * settings.json' \;` writes in each directory found, `.claude` among them).
 */
function elsewhere(state: State, at: string | null | undefined): State {
  // (Started in a directory named from there, it no longer stands where the file was found: `-execdir env -C .. …`;
  // `env -C .` stays.)
  if (at !== null) {
    if (at !== undefined && !/^\.\/*$/.test(at)) delete state.found;
    return state;
  }
  state.cwd = [];
  delete state.top;
  state.found = true;
  state.globDirs = new Set();
  return state;
}
