// Bash: walk the lowered statements over an abstract state, on every path the shell may take (both outcomes of a
// command, both sides of && and ||, every branch, loops to a fixpoint), into segments and invocations.
import { cmdLine } from '../powershell/cmd.js';
import { clobbers, ZSH } from './zsh.js';
import type { TreeNode } from '../parse/cached.js';
import { isLanguage, type ScriptDialect } from '../programs/index.js';
import { listedPaths } from '../programs/words.js';
import { codeAssignment, isLoadingVariable, isSettingsVariable, type LoadedCode, loadedCode, moduleFiles, phpIniLoads, systemDirectory } from '../programs/variables.js';
import { lowerBash } from '../segments/bash.js';
import { mapSpans, type RawRedirect, type RawWord, type Stmt } from '../segments/ir.js';
import type { Assignment, Invocation, Language, Redirect, Segment, Span, Under, Word } from '../types.js';
import { Commands, fdListed } from './command.js';
import { heldAt, mapSpan, nestedContext, nestedOrigin, type ResolveContext, type TextOrigin, writtenAt, writtenFiles, writtenKeys } from './context.js';
import { resolveAgainst } from './path.js';
import { FLOOR, floor, floorAt } from './floor.js';
import { arithmetic, arithmeticAssigns, isInteger, nameSubscript, subscriptCode } from './arith.js';
import { startsGiven } from './exec.js';
import { argValue, arrayKey, shiftKey, assign, childState, copy, dropArray, exitsHere, type Flow, forget, type FunctionDef, hereIn, initialState, join, MAX_VALUES, own, sameArgs, sameValues, type Shell, type State, valuesOf } from './state.js';
import { evalWord, type Here, LINE_WHY, oneCommand, type SubOut, underWhy, type VarView, type WordEnv } from './words.js';

export type { Flow };

/** Passed as the stdin of re-entered text: it inherits none (a script read from stdin, whose rest its commands read). */
export const NO_STDIN: Flow = { kind: 'stream', why: 'the rest of the script' };

export const STREAM_UNKNOWN: Flow = { kind: 'stream', why: 'the output of a compound command' };

/** The states a statement may end in: where it succeeded, where it failed (null: it cannot end that way). */
export interface Out {
  ok: State | null;
  fail: State | null;
  flow: Flow;
}

export function both(state: State, flow: Flow = STREAM_UNKNOWN): Out {
  return { ok: state, fail: state, flow };
}

/** The state after a statement, whichever way it ended. */
export function settle(out: Out): State | null {
  return join(out.ok, out.fail);
}

function sameList(a: readonly string[] | undefined, b: readonly string[]): boolean {
  return a !== undefined && a.length === b.length && a.every((v) => b.includes(v));
}

/** How many times a loop body is walked before what still changes is taken as unknown. */
const LOOP_ROUNDS = 3;
/** The most static words a `for` loop's body is walked for one by one (see loop). */
const UNROLLED = 16;

/** Commands by which a loop body may end a round early or leave the loop (and what may run one: eval, source, traps). */
const LEAVES = /^(?:break|continue|return|exit|eval|source|\.|builtin|command|trap|exec|enable)$/;

/** Segments (of one round of a loop body) one of which may end the round early: a LEAVES command, or a computed one. */
function mayLeaveRound(segments: readonly Segment[]): boolean {
  return segments.some((seg) => seg.words.length > 0 && (seg.words[0]!.values === null || seg.words[0]!.values.some((v) => LEAVES.test(v))));
}

/** Variables as evaluation sees them: one value each, or none (unknown, or several possible). */
class View implements VarView {
  constructor(private readonly state: State) {}

  private target(name: string): string {
    return this.state.namerefs.size > 0 ? this.state.namerefs.get(name) || name : name;
  }

  get(name: string): string | undefined {
    const state = this.state;
    // A number stands for what bash computes (no code, no path); `$!` is empty until a job starts.
    if (name === '!') return state.jobs ? '0' : '';
    if (COMPUTED.has(name) && !state.plain.has(name)) return '0';
    if (SET_BY_BASH.has(name)) return undefined;
    if (/^[1-9]\d*$/.test(name)) return argValue(state, Number(name));
    const v = state.vars.get(this.target(name));
    return v?.length === 1 ? v[0] : undefined;
  }

  has(name: string): boolean {
    if (/^[1-9]\d*$/.test(name)) return this.state.positional !== undefined;
    return this.state.vars.has(name) || this.state.unknown.has(name);
  }

  all(name: string): readonly string[] | undefined {
    return SET_BY_BASH.has(name) ? undefined : this.state.vars.get(this.target(name));
  }

  numeric(name: string): boolean {
    return this.state.numeric.has(this.target(name));
  }

  elements(name: string): readonly string[] | undefined {
    const v = this.state.vars.get(arrayKey(this.target(name)));
    return v?.length === 1 ? (v[0] === '' ? [] : v[0]!.slice(1).split('\u0000')) : undefined;
  }

  globbed(name: string): boolean {
    return this.state.globbed.has(this.target(name));
  }

  shifted(name: string): number | undefined {
    const at = this.state.vars.get(shiftKey(this.target(name)));
    return at === undefined ? undefined : Math.min(...at.map(Number));
  }

  built(name: string): boolean {
    const t = this.target(name);
    // (Or elements known on each path, several lists joined: each the line's text.)
    return this.state.unknown.get(t) === LINE_WHY || (this.state.vars.get(arrayKey(t))?.length ?? 0) > 1 || (!this.state.vars.has(arrayKey(t)) && this.state.unknown.get(arrayKey(t)) === LINE_WHY);
  }

  stack(): readonly (readonly string[] | null)[] {
    return this.state.dirs;
  }

  why(name: string): string | undefined {
    const set = SET_BY_BASH.get(name);
    if (set !== undefined) return set;
    if (/^[1-9]\d*$/.test(name)) {
      const given = this.state.positional;
      return given === undefined ? undefined : typeof given === 'string' ? given : `an argument before it is computed`;
    }
    // A nameref (`declare -n TMPDIR=HOME`) is the variable it names, not the environment's of its own name.
    const ref = this.state.namerefs.get(name);
    if (ref !== undefined && this.state.vars.get(this.target(name)) === undefined) return ref === '' ? 'it is a reference (declare -n) to a variable not known' : `it is a reference (declare -n) to $${ref}`;
    const known = this.state.unknown.get(this.target(name));
    if (known !== undefined) return known;
    const n = this.state.vars.get(this.target(name))?.length ?? 1;
    return n > 1 ? `it holds one of ${n} values` : undefined;
  }
}

/** Builtins that print nothing to stdout when given the words they take (`cd src`, `export X=1`, `set -e`). */
const SILENT = /^(cd|export|unset|set|shopt|local|declare|typeset|readonly|umask|true|false|:|mkdir|touch|ln|cp|mv|rm|chmod)$/;

/**
 * A segment that prints nothing a later reader of the list's output sees: an assignment, what a substitution's
 * command prints (its word takes it), or one of the silent builtins with words (bare `set`, `export`, `cd -` print).
 */
function silent(seg: Segment, depth: number): boolean {
  // (A substitution inside the command prints into its word; the list's own items may stand in one themselves:
  // `$(echo /usr/bin/curl x; pwd)/y` prints both into the word.)
  if (seg.context.slice(depth).some((c) => c === 'substitution' || c === 'process-substitution')) return true;
  const [head, ...rest] = seg.words;
  if (head === undefined) return true;
  const name = head.values?.length === 1 ? head.values[0]! : undefined;
  if (name === undefined || !SILENT.test(name)) return false;
  if (/^(true|false|:)$/.test(name)) return true;
  return rest.length > 0 && !rest.some((w) => w.values?.length !== 1 || w.values[0] === '-' || /^(-[a-z]*v|--verbose)/.test(w.values[0]!));
}

export function view(state: State): VarView {
  return new View(state);
}

/** What word evaluation needs, for one state: its variables, and the walk for what evaluation runs. */
class Env implements WordEnv {
  readonly home: string;
  readonly cwd: string | null;
  readonly vars: VarView;
  written: readonly RawWord[] | undefined = undefined;

  constructor(
    private readonly r: BashResolver,
    private readonly state: State,
    private readonly context: string[],
  ) {
    this.home = r.ctx.home;
    this.cwd = state.cwd.length === 1 ? state.cwd[0]! : null;
    this.vars = new View(state);
  }

  globDir(dir: string): boolean {
    return this.state.globDirs.has(dir);
  }

  here(): Here {
    return hereIn(this.state, this.cwd);
  }

  runSub(body: Stmt, what: 'command' | 'process' | 'process-out'): SubOut {
    const r = this.r;
    r.piped++;
    try {
      // `>(…)` reads what the command writes into it, known only when it runs (`echo curl x > >(bash)`).
      const stdin: Flow | undefined = what === 'process-out' ? { kind: 'stream', why: 'what the command writes into >(…)' } : undefined;
      const out = r.walk(body, copy(this.state), [...this.context, what === 'command' ? 'substitution' : 'process-substitution'], stdin);
      const f = out.flow;
      // One command whose output is static text (`$(printf '%s/.bashrc' "$HOME")`, `$(echo ~/.bashrc)`): that text,
      // taken as an assignment's value.
      // A list prints what each of its commands prints, of which the flow holds only the last: not known.
      if (f.kind === 'static' && what === 'command' && oneCommand(body)) return { number: false, printed: f.text };
      // (Static text a list or a process substitution prints, not taken as the word's: built from the line's text.)
      // One command whose output is static text piped in (`< <(echo …)`): that text, for the command it is redirected into.
      if (f.kind === 'static') return { number: false, line: true, ...(what === 'process' && oneCommand(body) ? { piped: f.text } : {}) };
      if (f.kind !== 'stream') return { number: false };
      return { number: f.number === true, ...(f.float ? { float: true } : {}), ...(f.line ? { line: true } : {}), ...(f.under ? { under: f.under } : {}), ...(f.temp ? { temp: true } : {}), ...(f.program !== undefined ? { program: f.program } : {}), ...(f.ids ? { ids: true } : {}), ...(f.directory ? { directory: true, ...(f.top !== undefined ? { top: f.top } : {}) } : {}), ...(f.cache ? { cache: f.cache } : {}), ...(f.stands !== undefined ? { stands: f.stands } : {}), ...(f.user ? { user: true } : {}), ...(f.init !== undefined ? { init: f.init, ...(f.initSplit ? { initSplit: true } : {}) } : {}), ...(f.text !== undefined && what === 'command' ? { text: f.text, ...(f.glob ? { glob: true } : {}) } : {}) };
    } finally {
      r.piped--;
    }
  }

  dropArray(name: string): void {
    dropArray(this.state, name);
  }

  assign(name: string, values: readonly string[] | null): void {
    assign(this.state, name, values, 'a ${…=…} expansion may have set it');
  }

  assigning(name: string, values: readonly string[] | null, at: Span, text?: string): void {
    // `declare -i n; : ${n:='a[$(…)]'}`: what is assigned to an integer variable is evaluated as arithmetic.
    if (isInteger(this.state, name)) {
      if (values) for (const v of values) this.r.arithmetic(v, this.state, at, false, true);
      else this.r.arithmetic(text ?? name, this.state, at);
    }
    // It may assign where a trap sees its variable unset or empty, though the state's value is not known.
    forget(this.state, name);
    const span = this.r.span(at);
    this.r.codeAssignment(name, values === null ? { text: name, span, values: null, dynamic: `a \${${name}=\u2026} expansion sets it` } : { text: name, span, values: [...values] }, -1, this.state, this.cwd);
  }

  arith(text: string, at: Span, output?: boolean): void {
    this.r.arithmetic(text, this.state, at);
    if (output) this.r.arithmeticOutput(this.r.span(at), text);
  }

  prompt(name: string, at: Span, of: 'scalar' | 'element' | 'opaque'): void {
    this.r.prompt(name, this.state, at, of);
  }

  args(): readonly Word[] | string | undefined {
    return this.state.positional;
  }
}

/** Bash's variables that it computes each time they are read, until the line unsets them. */
export const COMPUTED: ReadonlySet<string> = new Set(['RANDOM', 'SRANDOM', 'SECONDS', 'LINENO', 'EPOCHSECONDS', 'EPOCHREALTIME', 'BASHPID', 'BASH_SUBSHELL', 'HISTCMD']);
/** Bash's variables that hold text it sets itself, whatever the line assigns: why they are not known. */
const SET_BY_BASH: ReadonlyMap<string, string> = new Map([
  ['BASH_COMMAND', 'bash sets it to the text of the command it is running'],
  ['FUNCNAME', 'bash sets it to the names of the functions running (an assignment is ignored)'],
  ['BASH_SOURCE', 'bash sets it to the files being read'],
  ['_', 'bash sets it to the last word of the command before'],
  ['BASH_REMATCH', 'bash sets it to what a [[ =~ ]] test matched'],
  ['BASH_ARGV', 'bash sets it to the arguments of the functions running'],
]);

export class BashResolver {
  stopped = false;
  /** The wrapper chain of the invocation being resolved, handed to the scripts it re-enters. */
  chain: string[] = [];
  /** The invocation being resolved and its stdin: an interpreter whose code is re-entered owns what its code opens. */
  current: { invocation: Invocation; stdin: Flow | undefined } | undefined;
  /** How many enclosing constructs read the output of what is walked now (pipeline stages before the last, substitutions). */
  piped = 0;
  /** Function calls followed now (recursion is bounded). */
  calls = 0;
  /** Walking a trap's action: traps do not run inside it. */
  inTrap = false;
  /** Aliases being expanded now, in this text and the text an alias expands to (an alias that names itself stops). */
  expanding = new Set<string>();
  /** Walking `for` loops' bodies once a word (see loop): the product of their numbers of words (1: none). */
  unrolling = 1;
  readonly commands: Commands;

  constructor(readonly ctx: ResolveContext) {
    this.commands = new Commands(this);
  }

  /** What the shell this text runs in keeps for the end of its text (made for a shell of its own). */
  shell(): Shell {
    if (this.ctx.bashShell === undefined) this.ctx.bashShell = { defs: [], traps: [] } satisfies Shell;
    return this.ctx.bashShell as Shell;
  }

  /** A resolver for text written elsewhere (a function defined in `eval` text), sharing this walk's counters. */
  sibling(ctx: ResolveContext): BashResolver {
    const r = new BashResolver(ctx);
    r.chain = this.chain;
    r.piped = this.piped;
    r.calls = this.calls;
    r.inTrap = this.inTrap;
    return r;
  }

  span(s: Span): Span {
    return mapSpan(this.ctx, s);
  }

  get depth(): number {
    return this.ctx.depth;
  }

  limitHit(span: Span): boolean {
    if (this.stopped) return true;
    if (this.ctx.out.segments.length >= this.ctx.limits.maxSegments) {
      this.stopped = true;
      floorAt(this.ctx, FLOOR.limit, span, `more than ${this.ctx.limits.maxSegments} commands in one command line`);
      return true;
    }
    return false;
  }

  wordEnv(state: State, context: string[]): WordEnv {
    return new Env(this, state, context);
  }

  /**
   * Arithmetic bash evaluates here: the variables it names are expressions too (see arith.ts). `expanded`: the text
   * is a word's value after expansion (`n='a[$(id)]'` to a `declare -i` name), whose subscripts run what they hold,
   * not text written on the line, whose substitutions the walk reads as commands of their own.
   */
  arithmetic(text: string, state: State, at: Span, mapped = false, expanded = false): void {
    const span = mapped ? at : this.span(at);
    const cwd = state.cwd.length === 1 ? state.cwd[0]! : null;
    const word: Word = { text, span, values: [text] };
    arithmetic(
      text,
      state,
      {
        run: (code) => this.reenter([word], 'bash', code, state, cwd, new Map(), false, false),
        floor: (why) => floorAt(this.ctx, FLOOR.dynamicScript, span, why),
      },
      expanded ? 1 : 0,
    );
    arithmeticAssigns(text, state);
  }

  /**
   * Arithmetic that evaluates a command substitution's output (`(( $(cat f) ))`, `[[ $(cat f) -eq 0 ]]`), not known to
   * be a number: bash reads it as an expression, and a subscript in it (`a[$(curl …)]`) runs what it holds, as it does
   * for a variable holding that output. A number (`$(wc -l < f)`, `$(nproc)`) reads no code.
   */
  arithmeticOutput(span: Span, text: string): void {
    floorAt(this.ctx, FLOOR.dynamicScript, span, `arithmetic evaluates the output of a command substitution in ${text.length > 60 ? `${text.slice(0, 60)}\u2026` : text}, and a subscript in that output runs what it holds`);
  }

  /** Whether a word holds a command substitution whose output is not known to be a number (see arithmeticOutput). */
  outputWord(word: Word): boolean {
    return word.values === null && word.numeric !== true && /\$\((?!\()|`/.test(word.text);
  }

  /**
   * A word a builtin reads as a variable's name (`test -v`, `unset`, `read`, `printf -v`, `declare -n`): bash evaluates
   * a subscript in it as arithmetic, so the substitutions it holds run and the variables it names are read as
   * expressions. A computed word made only of variables is read through them, as `${!v}` is.
   */
  variableName(raw: RawWord | undefined, word: Word, values: readonly string[] | null, state: State): void {
    const cwd = state.cwd.length === 1 ? state.cwd[0]! : null;
    if (values === null) {
      for (const p of raw?.parts ?? []) {
        if (p.k === 'var') this.arithmetic(p.name, state, word.span, true);
        // `f() { read "$1"; }; f 'a[$(…)]'`: a parameter, read as arithmetic reads it.
        else if (p.k === 'pos') this.arithmetic(`\${${p.which.startsWith('@') ? '@' : p.which}}`, state, word.span, true);
      }
      return;
    }
    for (const v of values) {
      const code = subscriptCode(v);
      if (code) this.reenter([word], 'bash', code, copy(state), cwd, new Map());
      const sub = nameSubscript(v);
      if (sub !== undefined) this.arithmetic(sub, state, word.span, true);
    }
  }

  /** `${v@P}` runs the substitutions in v's value, as a double-quoted string would. */
  prompt(name: string, state: State, at: Span, of: 'scalar' | 'element' | 'opaque' = 'scalar'): void {
    const span = this.span(at);
    if (of === 'opaque') {
      floorAt(this.ctx, FLOOR.dynamicScript, span, `\${${name}@P} runs the substitutions in a value vouch does not follow`);
      return;
    }
    const values = valuesOf(state, name);
    // An array's elements are not followed: one the line set may hold any substitution.
    if (of === 'element' && (values !== undefined || state.unknown.has(name))) {
      floorAt(this.ctx, FLOOR.dynamicScript, span, `\${${name}[…]@P} runs the substitutions in an element of ${name}, which the line sets`);
      return;
    }
    if (values === undefined) {
      const why = state.unknown.get(name);
      if (why !== undefined) floorAt(this.ctx, FLOOR.dynamicScript, span, `\${${name}@P} runs the substitutions in $${name}, and ${why}`);
      return;
    }
    if (state.globbed.has(state.namerefs.get(name) || name)) {
      floorAt(this.ctx, FLOOR.dynamicScript, span, `\${${name}@P} runs the substitutions in $${name}, which holds a name a glob matched`);
      return;
    }
    const cwd = state.cwd.length === 1 ? state.cwd[0]! : null;
    for (const v of values) {
      if (/[$`]/.test(v)) this.reenter([{ text: v, span, values: [v] }], 'bash', `: "${v.replace(/(["\\])/g, '\\$1')}"`, state, cwd, new Map());
    }
  }

  evalWords(raws: RawWord[], env: WordEnv, mode: 'word' | 'assignment' | 'element' = 'word'): Word[] {
    const out: Word[] = [];
    for (const raw of raws) {
      for (const w of evalWord(raw, env, mode)) {
        const span = this.span(w.span);
        out.push(span === w.span ? w : { ...w, span });
      }
    }
    return out;
  }

  /** Walks a statement from a state (which it may change); returns the states it may end in and what it prints. */
  walk(stmt: Stmt, state: State, context: string[], stdin: Flow | undefined): Out {
    if (this.stopped) return both(state);
    switch (stmt.k) {
      case 'cmd': {
        const out = this.commands.command(stmt, state, context, stdin);
        // Under `set -e` the shell may exit where a command fails.
        if (out.fail && out.fail.traps.size > 0 && out.fail.options.has('errexit') && !this.inTrap) exitsHere(out.fail);
        return out;
      }
      case 'seq':
        return this.sequence(
          stmt.items.map((stmt) => ({ op: ';', stmt })),
          state,
          context,
          stdin,
        );
      case 'list':
        return this.sequence(stmt.items, state, context.at(-1) === 'list' ? context : [...context, 'list'], stdin);
      case 'pipe':
        return this.pipe(stmt.stages, state, context, stdin);
      case 'subshell': {
        const r = this.walk(stmt.body, copy(state), [...context, 'subshell'], stdin);
        // A trap set inside runs as the subshell exits.
        if (!this.inTrap) for (const s of new Set([r.ok, r.fail])) if (s) exitsHere(s);
        return { ok: r.ok ? state : null, fail: r.fail ? state : null, flow: r.flow };
      }
      case 'group':
        return this.walk(stmt.body, state, [...context, 'group'], stdin);
      case 'not': {
        const r = this.walk(stmt.body, state, context, stdin);
        return { ok: r.fail, fail: r.ok, flow: r.flow };
      }
      case 'if':
        return this.ifStatement(stmt, state, [...context, 'if'], stdin);
      case 'loop':
        return this.loop(stmt, state, [...context, stmt.what], stdin);
      case 'case':
        return this.caseStatement(stmt, state, [...context, 'case'], stdin);
      case 'func': {
        // The body is read at each call the line makes, with that call's words for `"$@"`, `$1`…; where bash or a
        // child shell may call it unseen, here too with arguments not known; and, when no call is walked, at the end
        // of the shell's text (as called with any arguments).
        const def: FunctionDef = { body: stmt.body, ctx: this.ctx, name: stmt.name, at: copy(state) };
        own(state).functions.set(stmt.name, def);
        this.shell().defs.push(def);
        const unseen = unseenCaller(stmt.name, state);
        if (unseen !== undefined) {
          def.walked = true;
          this.walk(stmt.body, withArgs(copy(state), unseen), [...context, `function ${stmt.name}`], undefined);
        }
        return both(state);
      }
      case 'test': {
        const ctxTest = [...context, 'test'];
        const words = this.evalWords(stmt.words, this.wordEnv(state, ctxTest));
        this.pushSegment([], [], [], words, stmt.span, ctxTest, state, true);
        for (const a of stmt.arith ?? []) this.arithmetic(a, state, stmt.span);
        // `(( $(cat f) + 1 ))`: an operand's substitution output is evaluated.
        if (stmt.arith) for (const w of words) if (this.outputWord(w)) this.arithmeticOutput(w.span, w.text);
        // `[[ a -eq b ]]`: each side's value is arithmetic; a computed one is read as written (its variables as expressions).
        for (const raw of stmt.operands ?? []) {
          // `[[ ]]` does not split a word: the fields of an unquoted expansion are its one value again.
          const fields = this.evalWords([raw], this.wordEnv(state, ctxTest));
          if (fields.some((f) => this.outputWord(f))) this.arithmeticOutput(this.span(raw.span), raw.text);
          if (fields.length > 0 && fields.every((f) => f.values !== null)) {
            const values = fields.length === 1 ? fields[0]!.values! : [fields.map((f) => f.values!.join(' ')).join(' ')];
            for (const v of values) this.arithmetic(v, state, fields[0]!.span, true, true);
          } else this.arithmetic(raw.text, state, raw.span);
        }
        // `[[ -v 'a[$(…)]' ]]`, `[ -v "$x" ]`: the subscript is arithmetic, its substitutions run. `[[ ]]` does not
        // split a word; the fields of `[ ]`'s are joined, as the name test's could be.
        for (const raw of stmt.names ?? []) {
          const fields = this.evalWords([raw], this.wordEnv(state, ctxTest));
          // `for k in *; do [[ -v $k ]]`: a name the glob matched, any subscript.
          if (fields.some((f) => f.glob) && raw.parts.some((p) => (p.k === 'var' || p.k === 'param') && state.globbed.has(state.namerefs.get(p.name) || p.name))) {
            floorAt(this.ctx, FLOOR.dynamicScript, this.span(raw.span), `-v takes ${raw.text} as a variable's name, and it holds the names a glob matches (a subscript's $(\u2026) runs)`);
            continue;
          }
          const values = fields.every((f) => f.values !== null) ? [fields.map((f) => f.values!.join(' ')).join(' ')] : null;
          this.variableName(raw, fields[0] ?? { text: raw.text, span: this.span(raw.span), values: null }, values, state);
        }
        return both(state);
      }
      case 'redirected': {
        const env = this.wordEnv(state, context);
        const redirects = this.evalRedirects(stmt.redirects, env);
        const first = stmt.redirects[0];
        const at = first ? this.pushSegment([], [], redirects, [], first.span, [...context, 'redirect'], state, true) : -1;
        // `{ …; } >! FILE`: zsh's redirection past noclobber, whose target the grammar leaves as the next command.
        const clobber = stmt.redirects.find(clobbers);
        if (clobber && at >= 0) floorAt(this.ctx, FLOOR.dynamicScript, this.span(clobber.span), `${ZSH} reads ${clobber.op}! as a redirection past noclobber to the word after it, which is not followed here`, at);
        const cwd = state.cwd.length === 1 ? state.cwd[0]! : null;
        if (at >= 0) this.descriptorVariables(stmt.redirects, at, state, cwd);
        const input = this.inputFrom(redirects, cwd) ?? stdin;
        // `while read -u3 f; …; done 3< <(git ls-files)`: a descriptor the body reads, opened on a lister's paths.
        const listed = fdListed(redirects, (x) => this.inputFrom([{ ...x, fd: 0 }], cwd));
        if (listed) state.fdUnder = [...(state.fdUnder ?? []), ...listed];
        const before = this.ctx.out.segments.length;
        const out = this.walk(stmt.body, state, context, input);
        // `{ echo a; echo b; } > run.sh`: the file holds what the whole body prints; the walk's flow is one command's.
        const one = this.ctx.out.segments.length - before <= 1;
        this.commands.recordWrites(redirects, one ? out.flow : { kind: 'stream', why: 'the output of several commands' }, cwd, [out.ok, out.fail]);
        return out;
      }
      case 'reparse': {
        const nested = nestedContext(this.ctx, { span: this.span(stmt.span) }, state.cwd.length === 1 ? state.cwd[0]! : null);
        nested.bashState = copy(state);
        nested.wrappers = this.ctx.wrappers ?? [];
        if (stdin) nested.bashStdin = stdin;
        this.ctx.reenter(stmt.text, 'bash', nested);
        return both(state);
      }
      case 'floor': {
        if (stmt.rule === 'unknown-node') floor(this.ctx, FLOOR.unknownNode, stmt.span, stmt.message);
        else if (stmt.rule === 'limit') floor(this.ctx, FLOOR.limit, stmt.span, stmt.message);
        let s = state;
        for (const inner of stmt.inner) s = settle(this.walk(inner, s, context, undefined)) ?? copy(state);
        return both(s);
      }
    }
  }

  /**
   * `a; b`, `a && b`, `a || b`, `a & b`: b runs where a's outcome lets it, a backgrounded command changes nothing
   * here, and a statement no path reaches is still read (on a copy) for what it would run.
   */
  private sequence(items: { op: string; stmt: Stmt }[], state: State, context: string[], stdin: Flow | undefined): Out {
    let out: Out = both(state, { kind: 'static', text: '', word: { text: '', span: { start: 0, end: 0 }, values: [''] } });
    let last = state;
    // What a list prints is what each of its commands prints, and the flow holds the last one's: once a command
    // before it may print (`{ cat list; find . ; } | xargs rm -rf`), what flows on is the output of several commands.
    let seen = this.ctx.out.segments.length;
    let printed = false;
    // Whether a command of it prints text the line wrote (`echo -rf; echo ~`): what flows on is then built from it.
    let written = false;
    items.forEach((item, i) => {
      // Each segment looked at once (a list of 20,000 `cd x` is not read again for each of them).
      for (const segs = this.ctx.out.segments; i > 0 && !printed && seen < segs.length; seen++) printed = !silent(segs[seen]!, context.length);
      const background = items[i + 1]?.op === '&';
      const op = item.op === '&' ? ';' : item.op;
      let input: State | null;
      if (i === 0) input = state;
      else if (op === '&&') input = out.ok;
      else if (op === '||') input = out.fail;
      else input = settle(out);
      const live = input !== null;
      // The state the other outcome keeps is not to be changed by this statement.
      let from = input ?? copy(last);
      if (live && (op === '&&' || op === '||') && out.ok === out.fail) from = copy(from);
      let r: Out;
      if (background) {
        const ran = this.walk(item.stmt, copy(from), context, stdin);
        r = { ok: from, fail: from, flow: ran.flow };
        from.jobs = true;
      } else r = this.walk(item.stmt, from, context, stdin);
      if (!live) r = { ok: null, fail: null, flow: r.flow };
      last = r.ok ?? r.fail ?? last;
      if (r.flow.kind === 'static' || (r.flow.kind === 'stream' && r.flow.line === true)) written = true;
      if (i === 0) out = r;
      else if (op === '&&') out = { ok: r.ok, fail: join(out.fail, r.fail), flow: r.flow };
      else if (op === '||') out = { ok: join(out.ok, r.ok), fail: r.fail, flow: r.flow };
      else out = r;
    });
    return printed ? { ...out, flow: { kind: 'stream', why: 'the output of several commands', ...(written ? { line: true } : {}) } } : out;
  }

  /** Each stage runs in a subshell; with lastpipe (which may be on) the last one runs in this shell. */
  private pipe(stages: Stmt[], state: State, context: string[], stdin: Flow | undefined): Out {
    let flow = stdin;
    let after = state;
    stages.forEach((stage, i) => {
      const read = i < stages.length - 1;
      if (read) this.piped++;
      try {
        const input = flow;
        const r = this.walk(stage, copy(state), [...context, `pipeline[${i}]`], flow);
        flow = r.flow;
        // What a program not followed prints of text the line wrote (`echo -rf ~ | tr a a`) is built from that text.
        if (i > 0 && (input?.kind === 'static' || (input?.kind === 'stream' && input.line === true)) && flow?.kind === 'stream' && !flow.line && flow.text === undefined && !flow.number && !flow.ids && !flow.directory && !flow.temp && !flow.under && flow.program === undefined && flow.init === undefined) flow = { ...flow, line: true };
        if (!read && state.options.has('lastpipe')) after = settle(r) ? (join(state, settle(r)) ?? state) : state;
      } finally {
        if (read) this.piped--;
      }
    });
    return both(after, flow ?? STREAM_UNKNOWN);
  }

  private ifStatement(stmt: Extract<Stmt, { k: 'if' }>, state: State, context: string[], stdin: Flow | undefined): Out {
    let ok: State | null = null;
    let fail: State | null = null;
    let at: State | null = state;
    for (const b of stmt.branches) {
      const cond = this.walk(b.cond, at ?? copy(state), context, stdin);
      const live: boolean = at !== null;
      const thenFrom = cond.ok === cond.fail && cond.ok !== null ? copy(cond.ok) : cond.ok;
      const body = this.walk(b.body, thenFrom ?? copy(state), context, stdin);
      if (live && thenFrom !== null) {
        ok = join(ok, body.ok);
        fail = join(fail, body.fail);
      }
      at = live ? cond.fail : null;
    }
    if (stmt.otherwise) {
      const body = this.walk(stmt.otherwise, at ?? copy(state), context, stdin);
      if (at !== null) {
        ok = join(ok, body.ok);
        fail = join(fail, body.fail);
      }
    } else ok = join(ok, at);
    return { ok, fail, flow: STREAM_UNKNOWN };
  }

  private caseStatement(stmt: Extract<Stmt, { k: 'case' }>, state: State, context: string[], stdin: Flow | undefined): Out {
    const env = this.wordEnv(state, context);
    const subject = this.evalWords([stmt.subject], env);
    const patterns = this.evalWords(
      stmt.items.flatMap((i) => i.patterns),
      env,
    );
    this.pushSegment([], [], [], [...subject, ...patterns], stmt.subject.span, context, state, true);
    // Any item may run; no pattern may match, unless one is a bare `*`.
    const catchAll = stmt.items.some((i) => i.patterns.some((p) => p.text === '*'));
    let ok: State | null = catchAll ? null : copy(state);
    let fail: State | null = null;
    for (const item of stmt.items) {
      const r = this.walk(item.body, copy(state), context, stdin);
      ok = join(ok, r.ok);
      fail = join(fail, r.fail);
    }
    return { ok, fail, flow: STREAM_UNKNOWN };
  }

  /**
   * while, until, for, select: the body may run no time or many; it is walked until the state stops changing (a few
   * rounds), then what still changes is unknown. A `for` variable holds each of its words in turn.
   */
  private loop(stmt: Extract<Stmt, { k: 'loop' }>, state: State, context: string[], stdin: Flow | undefined): Out {
    const env = this.wordEnv(state, context);
    const words = this.evalWords(stmt.words, env);
    const loopSeg = stmt.words.length > 0 ? this.pushSegment([], [], [], words, stmt.words[0]!.span, context, state, true) : -1;
    // `for ((…; …; …))`: its clauses are arithmetic, read before the body and again around it.
    for (const a of stmt.arith ?? []) this.arithmetic(a, state, stmt.words[0]?.span ?? { start: 0, end: 0 });
    if (stmt.arith) for (const w of words) if (this.outputWord(w)) this.arithmeticOutput(w.span, w.text);
    // `declare -i n; for n in 'a[$(…)]'`: each word assigned to an integer variable is evaluated as arithmetic (and
    // so is the one `select` assigns).
    if (stmt.variable && isInteger(state, stmt.variable)) {
      for (const w of words) {
        if (w.glob) floorAt(this.ctx, FLOOR.dynamicScript, w.span, `${stmt.variable} is an integer variable, and a name the glob ${w.text} matches is evaluated as arithmetic`);
        else if (w.values) for (const v of w.values) this.arithmetic(v, state, w.span, true, true);
        else {
          this.arithmetic(w.text, state, w.span, true);
          if (this.outputWord(w)) this.arithmeticOutput(w.span, w.text);
        }
      }
    }
    const values = stmt.variable && words.every((w) => w.values !== null) ? [...new Set(words.flatMap((w) => w.values!))] : null;
    // Each word is assigned to the variable as `NAME=word` would be: `for BASH_ENV in /tmp/x; do export BASH_ENV`,
    // `for PS4 in '$(…)'`. (A glob's names are files the line did not choose: a computed value.)
    if (stmt.variable && words.length > 0 && loopSeg >= 0) {
      const known = values !== null && !words.some((w) => w.glob);
      const value: Word = { text: words.map((w) => w.text).join(' '), span: words[0]!.span, values: known ? values : null, ...(known ? {} : { dynamic: 'a loop word is computed' }) };
      this.codeAssignment(stmt.variable, value, loopSeg, state, state.cwd.length === 1 ? state.cwd[0]! : null);
    }
    // A `for` over static words runs at least once and leaves its variable at one of them; any other loop may not run.
    const mayNotRun = stmt.head !== undefined || !stmt.variable || values === null || values.length === 0 || stmt.what === 'select';
    let current = state;
    let exits: State | null = null;
    let looped: State | null = null;
    let failed: State | null = null;
    // `for x in a b c` over static words (no glob, which may name any number of files) runs its body at most once a
    // word: `for _ in 1; do cd src; …; done` never reaches src/src.
    const exact = stmt.what === 'for' && stmt.variable && !stmt.arith && values !== null && words.length > 0 && words.every((w) => !w.glob) ? words.length : undefined;
    // Over few static words, a body that cannot leave a round early (no break or continue, nor a function, eval or
    // source that may hold one) is walked once a word, in order: `for w in $x; do a+=("$w"); done` builds the array
    // bash builds.
    const each = exact !== undefined ? words.flatMap((w) => w.values!) : [];
    // (Loops nested in it are walked so while the words of all of them multiply to at most UNROLLED; past that they
    // take the rounds below, so the walks stay bounded.)
    const outer = this.unrolling;
    if (each.length > 0 && each.length * outer <= UNROLLED && state.aliases.size === 0) {
      const seen = this.ctx.out.segments.length;
      this.unrolling = outer * each.length;
      let at: State | null = state;
      let failed: State | null = null;
      try {
        for (const value of each) {
          if (at === null) break;
          const body = copy(at);
          assign(body, stmt.variable!, [value]);
          const r = this.walk(stmt.body, body, context, stdin);
          failed = join(failed, r.fail);
          at = settle(r);
        }
      } finally {
        this.unrolling = outer;
      }
      // (Otherwise the rounds below, which join every word's.)
      if (!mayLeaveRound(this.ctx.out.segments.slice(seen))) {
        const after = at ?? failed ?? state;
        return { ok: at ?? after, fail: failed ?? after, flow: STREAM_UNKNOWN };
      }
    }
    const rounds = exact === undefined ? LOOP_ROUNDS + 1 : Math.min(exact, LOOP_ROUNDS + 1);
    const printed: Under[] = [];
    for (let round = 0; round < rounds; round++) {
      let entry: State | null = current;
      if (stmt.head) {
        const head = this.walk(stmt.head, copy(current), context, stdin);
        // while: the loop ends where its condition fails; until: where it succeeds.
        exits = join(exits, stmt.what === 'until' ? head.ok : head.fail);
        entry = stmt.what === 'until' ? head.fail : head.ok;
      }
      if (entry === null) break;
      const body = copy(entry);
      if (stmt.variable) {
        // (Over the paths find printed, `for f in $(find ~ -name .bashrc)`, each is a path below its roots.)
        const found = values === null && words.length > 0 && words.every((w) => w.values === null && (w.under !== undefined || w.touches !== undefined) && !w.line) ? words.flatMap(listedPaths) : undefined;
        assign(body, stmt.variable, values !== null && values.length > 0 && values.length <= MAX_VALUES ? values : null, values === null ? (words.some((w) => w.line) ? LINE_WHY : found ? underWhy(found) : 'a loop word is computed') : `it takes each of ${values.length} words`);
        if (values === null && words.every((w) => w.values !== null || w.numeric)) body.numeric.add(stmt.variable);
        // `for f in *`: each value is a name the pattern matched, not the pattern (see State.globbed).
        if (values !== null && words.some((w) => w.glob)) body.globbed.add(body.namerefs.get(stmt.variable) || stmt.variable);
      }
      const r = this.walk(stmt.body, body, context, stdin);
      if (r.flow.kind === 'stream' && r.flow.under) printed.push(...r.flow.under);
      failed = join(failed, r.fail);
      looped = join(looped, settle(r));
      const next = join(current, settle(r)) ?? current;
      if (sameValues(next, current)) break;
      if (round === LOOP_ROUNDS) {
        // Still changing: what differs is unknown, after the loop too.
        for (const [k, v] of next.vars) if (!sameList(current.vars.get(k), v)) assign(next, k, null, 'a loop keeps changing it');
        if (!sameArgs(next.positional, current.positional)) next.positional = 'a loop keeps changing them (shift, set --)';
        looped = join(looped, next);
      }
      current = next;
    }
    const after = (stmt.head ? join(exits, current) : join(mayNotRun ? state : null, looped)) ?? current;
    // A body that prints the paths a lister printed (`… | while read f; do echo "$f"; done | xargs sed -i …`) makes
    // the loop print them.
    return { ok: after, fail: failed ?? after, flow: printed.length > 0 ? { kind: 'stream', why: 'the output of a loop', under: printed } : STREAM_UNKNOWN };
  }

  evalRedirects(raws: RawRedirect[], env: WordEnv): Redirect[] {
    return raws.map((r) => {
      const out: Redirect = { op: r.op, span: this.span(r.span) };
      if (r.fd !== undefined) out.fd = r.fd;
      // (A target names one file: where zsh reads it otherwise than bash, either shell's.)
      const target = r.target ? evalWord(r.target, env, 'word', true, true)[0] : undefined;
      if (r.target) out.target = target ? { ...target, span: this.span(target.span) } : { text: r.target.text, span: this.span(r.target.span), values: [''] };
      if (r.body) {
        // A body is one word whatever it holds: no splitting, no globbing. A herestring's quotes and escapes are
        // removed as in any word; a heredoc's body was lowered to literal text and expansions already.
        // (Nor are braces expanded: `cat <<< {a,b}` reads `{a,b}`.)
        const fields = evalWord(r.body, env, 'word', false);
        const known = fields.every((f) => f.values !== null);
        const w: Word | undefined =
          fields.length === 1
            ? fields[0]
            : fields.length > 1 && known
              ? { text: r.body.text, span: r.body.span, values: [fields.map((f) => f.values!.join(' ')).join(' ')] }
              : fields.find((f) => f.values === null);
        out.body = w ? { ...w, span: this.span(w.span) } : { text: r.body.text, span: this.span(r.body.span), values: [''] };
        if (out.body.values) {
          delete out.body.glob;
          if (out.body.values.length > 1) out.body.values = [out.body.values.join(' ')];
        }
      }
      return out;
    });
  }

  /** The stdin a command's own redirections give it, if any; a file the line wrote gives what it wrote (`bash < run.sh`). */
  inputFrom(redirects: Redirect[], cwd: string | null): Flow | undefined {
    let flow: Flow | undefined;
    for (const r of redirects) {
      if ((r.fd ?? 0) !== 0) continue;
      if (r.op === '<<' || r.op === '<<-' || r.op === '<<<') {
        const body = r.body;
        const text = body?.values?.length === 1 ? body.values[0]! : undefined;
        if (text !== undefined && body) flow = { kind: 'static', text: r.op === '<<<' ? `${text}\n` : text, word: body };
        else flow = { kind: 'stream', why: `a ${r.op === '<<<' ? 'herestring' : 'heredoc'} with computed content (${body?.dynamic ?? 'unknown'})`, ...(body?.line ? { line: true } : {}), ...(body?.under || body?.touches ? { under: listedPaths(body) } : {}) };
      } else if (r.op === '<' || r.op === '<>') {
        const t = r.target;
        // `< <(echo '$X')` reads what echo prints, as `echo '$X' |` gives it.
        if (t && t.values === null && t.piped !== undefined) flow = { kind: 'static', text: t.piped, word: { text: t.text, span: t.span, values: [t.piped] } };
        else if (t && t.values === null) flow = { kind: 'stream', why: t.dynamic ?? 'a computed file', ...(t.pipesLine ? { line: true } : {}), ...(t.holds ? { under: t.holds } : {}) };
        else {
          const name = t?.values?.length === 1 ? t.values[0]! : undefined;
          const written = name === undefined ? [] : writtenAt(this.ctx.out, cwd, name);
          // (A file that holds the paths a lister printed, among what else, hands them on: `git ls-files > l; while read
          // f; … done < l`.)
          const under = written.some((f) => 'under' in f && f.under) ? written.flatMap((f) => ('under' in f ? (f.under ?? []) : [])) : undefined;
          if (written.length === 1 && 'text' in written[0]! && t) flow = { kind: 'static', text: written[0].text, word: t };
          else if (written.length > 0) flow = { kind: 'stream', why: `${t?.text ?? 'a file'}, which the line wrote`, ...(under ? { under } : {}) };
          else flow = t && name !== undefined ? { kind: 'file', word: t } : { kind: 'file' };
        }
      } else if (r.op === '<&') {
        // Descriptors are not followed: what `exec {fd}<<<…` or `exec 3< <(…)` opened is read at run time. `<&-` closes.
        const t = r.target;
        if (!(t?.values?.length === 1 && /^-$/.test(t.values[0]!))) flow = { kind: 'stream', why: `descriptor ${t?.text ?? ''} (<&), which vouch does not follow` };
      }
    }
    return flow;
  }

  pushSegment(words: Word[], assignments: Assignment[], redirects: Redirect[], extraWords: Word[], span: Span, context: string[], state: State, mapped = false): number {
    const cwd = state.cwd.length === 1 ? state.cwd[0]! : null;
    const segment: Segment = {
      dialect: 'bash',
      words: [...words, ...extraWords],
      assignments,
      redirects,
      span: mapped ? this.span(span) : span,
      context: context.length > 0 ? context : ['list'],
      depth: this.depth,
      cwd,
    };
    if (cwd !== null && state.globDirs.has(cwd)) segment.cwdGlob = true;
    if (this.piped > 0) segment.piped = true;
    this.ctx.out.segments.push(segment);
    return this.ctx.out.segments.length - 1;
  }

  /**
   * `exec {BASH_ENV}>/dev/null`: bash puts the number of the descriptor it opens (10 up) in the variable, a relative
   * path where a variable names a file (a file `10` the line wrote, sourced by the next bash). Checked as an
   * assignment of a number the line does not know.
   */
  descriptorVariables(redirects: readonly RawRedirect[], seg: number, state: State, cwd: string | null): void {
    for (const raw of redirects) {
      if (raw.fdVar === undefined) continue;
      const span = this.span(raw.span);
      this.codeAssignment(raw.fdVar, { text: `{${raw.fdVar}}`, span, values: null, numeric: true, dynamic: `bash puts the number of the descriptor it opens in ${raw.fdVar}` }, seg, state, cwd);
    }
  }

  /** A variable a program later runs as shell text (`GIT_SSH_COMMAND=…`, `PS1`): its value is read like `bash -c`. */
  codeAssignment(assigned: string, value: Word, seg: number, state: State, cwd: string | null): void {
    // `declare -n p=PS4; p=…` assigns PS4.
    const name = state.namerefs.get(assigned) || assigned;
    const code = codeAssignment(name, name, value);
    if (code && 'computed' in code) floorAt(this.ctx, FLOOR.dynamicScript, value.span, code.computed, seg);
    else if (code) startsGiven(this.ctx.out.invocations, code.more, () => {
      for (const text of code.scripts) this.reenter([value], 'bash', text, copy(state), cwd, new Map());
    });
    if (isLoadingVariable(name)) this.loading(name, value, seg, state, cwd);
    // Bash writes its history list to $HISTFILE when it exits (an interactive shell, or one with `set -o history`):
    // `HISTFILE=~/.bashrc` makes the commands of the line that file's text. Read as an append to that path.
    if (name === 'HISTFILE') {
      if (value.values === null) {
        if (!value.temp) floorAt(this.ctx, FLOOR.dynamicScript, value.span, `HISTFILE names the file bash writes its history to, and it is computed: ${value.dynamic ?? 'unknown'}`, seg);
      } else for (const v of value.values) if (v !== '') this.reenter([value], 'bash', `: >> '${v.replace(/'/g, "'\\''")}'`, copy(state), cwd, new Map());
    }
  }

  /**
   * A variable that makes an interpreter load code first (NODE_OPTIONS `--require`, PERL5OPT `-M`, LD_PRELOAD,
   * PYTHONPATH): inline code is read as its language; a file the line wrote is read as code on the line (a library it
   * built is not read: cannot vouch); a file the line did not write is out of scope, as any script is.
   */
  loading(name: string, value: Word, seg: number, state: State, cwd: string | null): void {
    const floor = (why: string) => floorAt(this.ctx, FLOOR.dynamicScript, value.span, why, seg);
    const files = writtenFiles(this.ctx.out);
    const read = (what: string, dialect: Language | 'bash' | null, held: ({ text: string } | { why: string })[], settings?: true | 'php-ini') => {
      for (const file of held) {
        if ('why' in file) floor(`${name} loads ${what}, which the line wrote with ${file.why}`);
        else if (settings === 'php-ini') {
          // A php.ini the line wrote: the files and code its settings load, as `php -d` would.
          const loads = phpIniLoads(file.text);
          if ('computed' in loads) floor(`${name}: ${loads.computed}`);
          else apply(loads, 1);
        } else if (dialect === null) floor(`${name} loads ${what}, ${settings ? 'settings or start-up code' : 'a library'} the line wrote, whose code is not read here`);
        else if (dialect !== 'bash') this.reenter([value], dialect, file.text, copy(state), cwd, new Map());
        else {
          // BASH_ENV's file: what every bash the program starts sources, so its commands are that bash's.
          const saved = this.chain;
          this.chain = [...saved, 'bash'];
          try {
            this.reenter([value], dialect, file.text, copy(state), cwd, new Map());
          } finally {
            this.chain = saved;
          }
        }
      }
    };
    const apply = (code: LoadedCode, depth: number): void => {
      for (const c of code.code) this.reenter([value], c.dialect, c.text, copy(state), cwd, new Map());
      for (const f of code.files) {
        const held = writtenAt(this.ctx.out, cwd, f.name);
        // A file the line did not write is read by no one here: a variable puts it into programs the line does not
        // name as running it (every node `npm test` starts, every program under LD_PRELOAD). Only one the program looks
        // up as installed is vouched for (a system library, a package name), or one of the project's own, which is
        // project code as a program it built is (`LD_PRELOAD=./build/lib.so ./build/test`, `--require ./tracing.js`).
        // A settings file is the user's own where the line wrote none (`PHPRC=~/php`, as HOME's start-up files are).
        if (held.length === 0 && !f.installed && !f.settings && !this.projectFile(f.name, cwd, state)) floor(`${name} loads ${f.name}, ${f.dialect === null ? 'a library' : 'code'} outside the project and the system's directories, whose code is not read here`);
        else if (depth < 2) read(f.name, f.dialect, held, f.settings);
      }
      for (const d of code.dirs) {
        const dir = resolveAgainst(cwd, d.name);
        // A module directory is searched before the interpreter's own, for every module it imports, and some it imports
        // unasked at start-up (python's sitecustomize and usercustomize, ruby's rubygems, the libc every program loads):
        // one outside the project and the system's directories (`PYTHONPATH=/tmp`) may hold any code, which is not read.
        if (!d.settings && !systemDirectory(d.name) && !this.projectFile(d.name, cwd, state)) {
          floor(`${name} puts ${d.name} ahead of the interpreter's own module directories: a module there is code outside the project and the system's directories, which is not read here`);
        }
        for (const key of files.keys()) {
          if (key === '*' || !d.ext.test(key) || !(key.startsWith('?') || dir === null || key.startsWith(`${dir === '/' ? '' : dir}/`))) continue;
          read(key.replace(/^\?\//, ''), d.dialect, heldAt(this.ctx.out, key), d.settings);
        }
      }
    };
    for (const v of value.values ?? [null]) {
      if (v === null) {
        // A computed value: options that may load anything; a module directory that may be any the line wrote into.
        const ext = moduleFiles(name);
        if (ext === undefined && !isSettingsVariable(name)) floor(`${name} holds options computed at run time that may load code: ${value.dynamic ?? 'computed'}`);
        else if ([...files.keys()].some((k) => k === '*' || (ext ?? /\.(?:ini|py|rb|jl|R)$|environ/i).test(k))) floor(`${name} names ${ext ? 'module directories' : 'settings'} computed at run time, and the line writes files that may be ${ext ? 'modules' : 'settings'} there`);
        continue;
      }
      const code = loadedCode(name, v);
      if (!code) continue;
      if ('computed' in code) {
        floor(code.computed);
        continue;
      }
      apply(code, 0);
    }
  }

  /**
   * Whether a file a path names (relative to where the command runs) lies inside the directory the whole line started
   * in (the project): not through `~`, `..` out of it, or a directory the line moved to outside it; and not a file the
   * line itself may have put there.
   */
  private projectFile(name: string, given: string | null, state: State): boolean {
    // A PowerShell line's directories are Windows paths (`C:\Users\u\project`): compared in the `/C:/…` form its
    // values are re-entered in.
    const posix = (p: string) => (/^[A-Za-z]:\\/.test(p) ? `/${p.replace(/\\/g, '/')}` : p);
    const project = this.ctx.out.cwd === undefined || this.ctx.out.cwd === null ? this.ctx.out.cwd : posix(this.ctx.out.cwd);
    const cwd = given === null ? null : posix(given);
    if (project === undefined || project === null || cwd === null || name.startsWith('~')) return false;
    const files = writtenFiles(this.ctx.out);
    if (files.has('*') || writtenKeys(files, cwd, name).length > 0) return false;
    // A directory reached by a glob (`cd ../proj[e]ct`, and `$PWD` there) counts only where its glob can match one
    // name alone.
    const dir = state.globDirs.has(cwd) ? onlyMatch(cwd) : cwd;
    if (dir === null) return false;
    const at = resolveAgainst(cwd, name);
    const path = at !== null && dir !== cwd && at.startsWith(`${cwd}/`) ? dir + at.slice(cwd.length) : resolveAgainst(dir, name);
    const root = project.replace(/\/+$/, '');
    return path !== null && root !== '' && (path === root || path.startsWith(`${root}/`));
  }

  /**
   * Re-enters text: in a child process (a copy of the state) or, with `same`, in this very shell: then what it
   * changes holds here after it, and its outcome is returned.
   */
  reenter(words: Word[], dialect: ScriptDialect, text: string, state: State, cwd: string | null, env: ReadonlyMap<string, string | null>, delayed = false, same = false, stdin?: Flow, args?: readonly Word[]): Out | undefined {
    if (text.trim() === '') return undefined;
    const first = words[0]!;
    const last = words.at(-1)!;
    const origin: TextOrigin =
      // Word spans are already top-level, so the origin is computed on top-level offsets.
      words.length === 1 ? nestedOrigin(first.text, first.span, text) : { span: { start: first.span.start, end: last.span.end } };
    const nested = nestedContext(this.ctx, origin, cwd);
    if (dialect === 'bash') {
      const s = same ? state : childState(state);
      for (const [k, v] of env) assign(s, k, v === null ? null : [v], 'it is set to a computed value for the command');
      if (cwd !== null && !same) {
        s.cwd = [cwd];
        delete s.top;
        delete s.found;
      }
      // `sh -c TEXT NAME ARG…`: its $0 and positional parameters are those words (what find or xargs hands them).
      if (args !== undefined && !same) givenArgs(s, args);
      nested.bashState = s;
      if (same) nested.bashShell = this.shell();
      nested.bashWalk = { inTrap: this.inTrap, calls: this.calls, expanding: this.expanding };
      // The text reads the stdin of what runs it (`echo curl … | bash -c sh`).
      const input = stdin === NO_STDIN ? undefined : (stdin ?? this.current?.stdin);
      if (input) nested.bashStdin = input;
    } else {
      nested.vars = new Map([...state.vars].filter(([k, v]) => v.length === 1 && !k.includes('\u0000')).map(([k, v]) => [k, v[0]!] as [string, string]));
      for (const [k, v] of env) if (v === null) nested.vars.delete(k);
      else nested.vars.set(k, v);
    }
    nested.wrappers = this.chain;
    if (delayed) nested.cmdDelayed = true;
    if (isLanguage(dialect) && this.current) {
      nested.caller = this.current.invocation;
      if (this.current.stdin) nested.codeStdin = this.current.stdin;
    }
    // A backslash that ends a herestring's text (`. /dev/stdin <<< 'cat f \'`, one backslash) joins the line with
    // the newline bash adds: bash drops the pair, which the grammar cannot read at the end of the text.
    const continued = dialect === 'bash' ? /\\+\n$/.exec(text) : null;
    this.ctx.reenter(continued && continued[0].length % 2 === 0 ? text.slice(0, -2) : text, dialect, nested);
    return same ? (nested.bashOutcome as Out | undefined) : undefined;
  }

  /** Re-enters the static text of words joined by spaces (`eval a b`, `bash -c STRING`); floors a computed one. */
  reenterJoined(words: Word[], dialect: ScriptDialect, state: State, cwd: string | null, env: ReadonlyMap<string, string | null>, seg: number, what: string, delayed = false, same = false, args?: readonly Word[]): Out | undefined {
    const dyn = words.find((w) => w.values === null);
    if (dyn) {
      floorAt(this.ctx, FLOOR.dynamicScript, dyn.span, `${what} runs computed text: ${dyn.dynamic ?? 'unknown'}`, seg);
      return undefined;
    }
    // `sh -c 'echo '*`, `for f in *; do sh -c "wc -l $f"`: the text holds the names a glob matched (`;curl x` is one).
    const glob = words.find((w) => w.glob);
    if (glob) {
      floorAt(this.ctx, FLOOR.dynamicScript, glob.span, `${what} runs text holding the names a glob matches (${glob.text})`, seg);
      return undefined;
    }
    // `find ~ -exec sh -c 'echo x >> {}' ;`, `… | xargs -I{} sh -c 'curl {}'`: the text holds what the program
    // puts in it, not known here.
    const filled = words.find((w) => w.items !== undefined);
    if (filled?.items) {
      // Paths find printed, where the text holds them only where a parameter could stand: read as "$1" holding one
      // (`find . -name '*.py' | xargs -I{} sh -c 'wc -l {}'`), for a shell given no words of its own after its text.
      const { token, under, why } = filled.items;
      const text = under && words.length === 1 && (args === undefined || args.length <= 1) ? asParameter(filled.values![0]!, token) : undefined;
      if (text === undefined) {
        floorAt(this.ctx, FLOOR.dynamicScript, filled.span, `${what} runs text holding ${why} (${filled.text})`, seg);
        return undefined;
      }
      const item: Word = { text: token, span: filled.span, values: null, dynamic: why, under: under!.map((u) => (u.cwd === null ? { ...u, cwd } : u)) };
      return this.reenter(words, dialect, text, state, cwd, env, delayed, same, undefined, [args?.[0] ?? { text: 'sh', span: filled.span, values: ['sh'] }, item]);
    }
    const text = dialect === 'cmd' ? cmdLine(words.map((w) => w.values!.join(' '))) : words.map((w) => w.values!.join(' ')).join(' ');
    return this.reenter(words, dialect, text, state, cwd, env, delayed, same, undefined, args);
  }
}

/**
 * Why a function may be called where the line does not show the call (so with any arguments), or undefined: bash
 * calls command_not_found_handle with the words of a command it does not find; under `set -a` a function is
 * exported, and a child shell may call it.
 */
function unseenCaller(name: string, state: State): string | undefined {
  if (name === 'command_not_found_handle') return 'bash calls command_not_found_handle with the words of any command it does not find';
  if (state.options.has('allexport')) return `set -a exports ${name}, and a child shell may call it with any arguments`;
  return undefined;
}

/**
 * Shell text with a replace string (`{}`) put as `"$1"` where it stands, or undefined where that would not read as the
 * text the program makes: in single quotes or `$'…'`, after a backslash, in a heredoc, in double quotes beside a
 * substitution.
 */
export function asParameter(text: string, token: string): string | undefined {
  if (token === '' || text.includes('<<')) return undefined;
  let out = '';
  let quote: '' | '"' | "'" = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (text.startsWith(token, i)) {
      // (In double quotes around a substitution, `"$(cat '{}')"`, the quotes it stands in are not tracked.)
      if (quote === "'" || text[i - 1] === '\\' || (quote === '"' && /\$\(|`/.test(text))) return undefined;
      out += quote === '"' ? '$1' : '"$1"';
      i += token.length - 1;
      continue;
    }
    out += c;
    if (c === '\\' && quote !== "'") {
      if (text.startsWith(token, i + 1)) return undefined;
      out += text[i + 1] ?? '';
      i++;
    } else if (c === "'" && quote !== '"') quote = quote === "'" ? '' : "'";
    else if (c === '"' && quote !== "'") quote = quote === '"' ? '' : '"';
  }
  return out;
}

/**
 * A child shell's `$0` and positional parameters, the words after its text (`sh -c TEXT NAME ARG…`): a path find
 * printed stays one (`find ~ -name .bashrc -exec sh -c 'echo x >> "$1"' _ {} \;`), as a variable holding it does.
 */
function givenArgs(state: State, args: readonly Word[]): void {
  const name = args[0];
  if (name === undefined) delete state.positional;
  else {
    if (name.values !== null && !name.glob) assign(state, '0', [name.values.join(' ')]);
    else if (name.values?.length === 1) {
      // A glob: the name it matches first, any of them, its pattern kept (see State.globbed).
      assign(state, '0', name.values);
      state.globbed.add('0');
    } else assign(state, '0', null, name.line ? LINE_WHY : name.under ? underWhy(name.under) : `it is the name the shell is given (${name.dynamic ?? 'computed'})`);
  }
  state.positional = args.slice(1);
}

/** The state with these positional parameters (the words of a call, or why they are not known). */
export function withArgs(state: State, given: readonly Word[] | string): State {
  state.positional = given;
  return state;
}

/**
 * `toOriginal`: where the text was respelled for the grammar (see withBashTree), the offsets as written in `original`
 * (a `$NAME` the respelling braced is still bare: see Part `var`).
 */
export function analyzeBash(root: TreeNode, text: string, ctx: ResolveContext, toOriginal?: (offset: number) => number, original?: string): void {
  // The native binding's offsets are not promised to index the JS string: its nodes give their own texts.
  // (Where the offsets index the text: not the native binding's.)
  const bareAt = toOriginal && original !== undefined && ctx.limits.backend !== 'native' ? (at: number) => original[toOriginal(at) + 1] !== '{' : undefined;
  const program = lowerBash(root, text, ctx.limits.backend !== 'native', bareAt);
  if (toOriginal) mapSpans(program, toOriginal);
  resolveBash(program, ctx);
}

/**
 * Resolves a lowered program (from the tree, or a plain-words line lowered without one), from the state the context
 * hands over (re-entered text) or a fresh one. The outcome is left on the context for text run in the same shell.
 */
export function resolveBash(program: Stmt, ctx: ResolveContext): void {
  const state = (ctx.bashState as State | undefined) ?? initialState(ctx.cwd, ctx.vars);
  const r = new BashResolver(ctx);
  if (ctx.bashWalk) {
    r.inTrap = ctx.bashWalk.inTrap;
    r.calls = ctx.bashWalk.calls;
    if (ctx.bashWalk.expanding) r.expanding = ctx.bashWalk.expanding;
  }
  // A shell of its own (not text `eval` or `source` runs in the shell that runs it) keeps its functions and traps.
  const own = ctx.bashShell === undefined;
  const shell = r.shell();
  const out = r.walk(program, state, [], ctx.bashStdin as Flow | undefined);
  ctx.bashOutcome = out;
  if (!own) return;
  for (const s of new Set([out.ok, out.fail])) if (s) exitsHere(s);
  atExit(r, shell);
  uncalled(r, shell.defs);
}

/**
 * Each trap the shell set runs where it may exit while the trap is set: its text is read in those states joined (the
 * values its variables hold then, after assignments that follow the trap), or, set where no exit is seen (a subshell's),
 * in the state it was set in.
 */
function atExit(r: BashResolver, shell: Shell): void {
  for (let i = 0; i < shell.traps.length && !r.stopped; i++) {
    const t = shell.traps[i]!;
    const s = t.exits ?? t.set;
    if (!s) continue;
    const saved = r.inTrap;
    r.inTrap = true;
    try {
      r.reenter([t.word], 'bash', t.text, copy(s), s.cwd.length === 1 ? s.cwd[0]! : null, new Map(), false, true);
    } finally {
      r.inTrap = saved;
    }
  }
}

/** Functions no walked call reached: each body is read from where it was defined, as called with any arguments. */
function uncalled(r: BashResolver, defs: FunctionDef[]): void {
  // Reading one body may define or call others: the list grows as it is read.
  for (let i = 0; i < defs.length && !r.stopped; i++) {
    const def = defs[i]!;
    if (def.walked) continue;
    def.walked = true;
    const runner = def.ctx === r.ctx ? r : r.sibling(def.ctx);
    runner.walk(def.body, withArgs(copy(def.at), `no call of ${def.name} is seen on the line, so its arguments are not known`), [`function ${def.name}`], undefined);
  }
}

/** The one path a glob can match, when each of its brackets holds one character and it has no `*` or `?`; else null. */
function onlyMatch(glob: string): string | null {
  const literal = glob.replace(/\[([^\]!^\\])\]/g, '$1');
  return /[*?[\]\\]/.test(literal) ? null : literal;
}
