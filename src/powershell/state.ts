// The state of one PowerShell lowering: where it stands, what it has pushed, and how it re-enters nested text.
import type { TreeNode as Node } from '../parse/cached.js';
import type { Respelling } from '../parse/index.js';
import { type ResolveContext, nestedContext, nestedOrigin, noteWritten } from '../resolve/context.js';
import { FLOOR, type FloorRule, floor } from '../resolve/floor.js';
import type { Assignment, Invocation, Redirect, Segment, Span, Under, Word } from '../types.js';
import { isLanguage, type ScriptDialect } from '../programs/index.js';
import { UNKNOWN } from './names.js';
import type { Scope } from './words.js';

/** Deepest recursion of the walker before it gives up (cannot vouch) rather than overflow the stack. */
export const MAX_RECURSION = 400;

/** Deepest chain of function calls followed into their bodies. */
export const MAX_CALL_DEPTH = 8;

/** Most function or script-block calls followed in one text: calls that fan out must not blow up. */
export const MAX_EXPANSIONS = 256;

/** A context that carries the PowerShell wrappers into re-entered PowerShell text. */
export type WithWrappers = ResolveContext & { psWrappers?: string[] };

export const LOCATION = new Set(['set-location', 'push-location', 'pop-location', 'cd', 'chdir', 'pushd', 'popd']);

export interface State {
  ctx: ResolveContext;
  /** The same context with spans already top-level, for `floor` on mapped spans. */
  top: ResolveContext;
  /** The text the tree was parsed from: the respelling, when the parse layer respelled it. */
  text: string;
  /** The text as written, which spans in the accumulator point into. */
  source: string;
  /** How the tree's offsets map back to `source`, and the bare tokens it quoted. */
  respelling: Respelling | null;
  cwd: string | null;
  stack: (string | null)[];
  context: string[];
  wrappers: string[];
  /** The program whose arguments are being lowered: a script block there runs under it. */
  argOf: string | null;
  /**
   * The pipeline elements whose output the commands being lowered take as input, innermost last: `$_` in a script
   * block of a command that is not first in its pipeline (`gci /etc -r | % { $_.Delete() }`) is each item the element
   * before it hands on.
   */
  pipeInputs: Node[];
  /**
   * The script blocks being lowered, outermost first: a pipeline inside a block (`% { (gc $_) | Set-Content $_ }`)
   * hands its own elements nothing through `$_`, which is the block's input.
   */
  blockRanges: { start: number; end: number }[];
  /** Variables assigned a listing command's output (`$items = gci /etc -r`), by variable key: the command. */
  listings: Map<string, Node>;
  /**
   * What native programs that print paths print (`git ls-files`, `find . -name '*.ts'`, `rg -l x`), by the start of
   * the invocation's command word: the roots their paths lie at or below, as bash's flow of their output says.
   */
  printedPaths: Map<number, Under[]>;
  /**
   * Where `git rev-parse --show-toplevel` ran, by the start of its command word: it prints the top of the work tree
   * holding that directory (see the registry's `directory` output, `holds`).
   */
  printedTops: Map<number, string>;
  /**
   * Where `cwd` is null because Set-Location went to what such a git printed (`Set-Location (git rev-parse
   * --show-toplevel)`): the directory git ran in, of which the top is this one or one above (Invocation.cwdTop). Cleared
   * wherever the location changes otherwise.
   */
  gitTop?: string;
  /** A foreach loop's variable, by key, while its body is lowered: the command whose output it goes over. */
  loopListings: Map<string, Node>;
  /** Each pipeline element's element before it, by its start: what a projection (`| % FullName`) was handed. */
  elementBefore: Map<number, Node>;
  inError: number;
  recursion: number;
  stopped: boolean;
  /** Depth of code that may run several times (loops, per-input blocks, functions). */
  loops: number;
  /** Functions defined so far, by lower-cased name, and script blocks held in variables, by variable key. */
  functions: Map<string, Node>;
  blocks: Map<string, Node>;
  /** Members named without a call (`$m = [IO.File]::WriteAllText`), by variable key: what `$m.Invoke(…)` calls. */
  methods: Map<string, Node>;
  /** Bodies being expanded at a call site (recursion guard). */
  expanding: Set<number>;
  expansions: number;
  limited: WeakSet<object>;
  /** `using namespace` prefixes in force, normalised like type names. */
  namespaces: string[];
  /** Invocations of a known program, by its bare name, in the mode that prints its own PowerShell setup code. */
  initCalls: WeakSet<Invocation>;
  /** Command nodes whose output is only that setup code, with the program that makes it (see init.ts). */
  inits: Map<number, string>;
  /** Invocations of a known program, by its bare name, in a mode that prints a directory of its setup: where it is by default. */
  directoryCalls: WeakMap<Invocation, string>;
  /** Command nodes whose output is only that directory, with where it is by default (see Word.stands). */
  directories: Map<number, string>;
}

export type Mode = 'ps' | 'exec' | 'cmd';

export interface CommandInfo {
  pipeIndex: number;
  prev: Node | null;
  /** The elements of its pipeline before it, in order (`prev` is the last). */
  before?: readonly Node[];
  mode: Mode;
  depth: number;
}

export function newState(ctx: ResolveContext, text: string, respelling: Respelling | null = null): State {
  return {
    ctx,
    top: { ...ctx, origin: { offset: 0 } },
    text: respelling?.text ?? text,
    source: text,
    respelling,
    cwd: ctx.cwd,
    stack: [],
    context: [],
    wrappers: [...((ctx as WithWrappers).psWrappers ?? ctx.wrappers ?? [])],
    argOf: null,
    pipeInputs: [],
    blockRanges: [],
    listings: new Map(),
    printedPaths: new Map(),
    printedTops: new Map(),
    loopListings: new Map(),
    elementBefore: new Map(),
    inError: 0,
    recursion: 0,
    stopped: false,
    loops: 0,
    functions: new Map(),
    blocks: new Map(),
    methods: new Map(),
    expanding: new Set(),
    expansions: 0,
    limited: new WeakSet(),
    namespaces: [],
    initCalls: new WeakSet(),
    inits: new Map(),
    directoryCalls: new WeakMap(),
    directories: new Map(),
  };
}

export function span(st: State, node: Node): Span {
  return mapTree(st, { start: node.startIndex, end: node.endIndex });
}

/** Maps offsets into the parsed text (the respelling, if any) to the top-level command text. */
export function mapTree(st: State, local: Span): Span {
  const r = st.respelling;
  return mapLocal(st, r ? { start: r.toOriginal(local.start), end: r.toOriginal(local.end) } : local);
}

/** A command's elements, its arguments and parameters, without the separators between them. */
export function commandElements(node: Node | null | undefined): Node[] {
  return node?.childForFieldName('command_elements')?.namedChildren.filter((c): c is Node => c !== null && c.type !== 'command_argument_sep') ?? [];
}

/** A bare token the respelling quoted, as written; undefined for any other node. */
export function bareToken(st: State, node: Node): string | undefined {
  return node.type === 'string_literal' ? st.respelling?.bare.get(node.startIndex) : undefined;
}

export function mapLocal(st: State, local: Span): Span {
  const o = st.ctx.origin;
  if (o.span) return o.span;
  const off = o.offset ?? 0;
  return { start: local.start + off, end: local.end + off };
}

export function floorAt(st: State, rule: FloorRule, at: Span, message: string, segment?: number): void {
  floor(st.top, rule, at, message, segment);
}

export function scope(st: State): Scope {
  return { home: st.ctx.home, cwd: st.cwd, vars: st.ctx.vars };
}

export function pushSegment(st: State, words: Word[], redirects: Redirect[], at: Span, assignments: Assignment[], depth = st.ctx.depth): number {
  const out = st.ctx.out;
  if (out.segments.length >= st.ctx.limits.maxSegments) {
    if (!st.stopped) floorAt(st, FLOOR.limit, at, `more than ${st.ctx.limits.maxSegments} segments`);
    st.stopped = true;
    return out.segments.length - 1;
  }
  const segment: Segment = {
    dialect: 'powershell',
    words,
    assignments,
    redirects,
    span: at,
    context: [...st.context],
    depth,
    cwd: st.cwd,
  };
  out.segments.push(segment);
  return out.segments.length - 1;
}

export function synthetic(value: string, at: Span): Word {
  return { text: value, span: at, values: [value] };
}

export function withWrapper(st: State, wrapper: string, fn: () => void): void {
  st.wrappers.push(wrapper);
  try {
    fn();
  } finally {
    st.wrappers.pop();
  }
}

export function sourceOf(st: State, at: Span): string {
  if (st.ctx.origin.span) return '';
  const off = st.ctx.origin.offset ?? 0;
  return st.source.slice(at.start - off, at.end - off);
}

/** The PowerShell invocations whose writes are already among the line's written files (see noteWrites). */
const NOTED = new WeakSet<Invocation>();

/**
 * What the PowerShell commands so far wrote, kept with the line's written files (see `writtenFiles`) before nested
 * text is read, its text not known here: a nested shell that runs or loads one (`Set-Content x.sh '…'; bash -c 'bash
 * x.sh'`, `$env:BASH_ENV = './x.sh'; bash s.sh`) cannot vouch for it, as a bash line that wrote it cannot.
 */
function noteWrites(st: State): void {
  for (const inv of st.ctx.out.invocations) {
    if (inv.dialect !== 'powershell' || NOTED.has(inv)) continue;
    NOTED.add(inv);
    for (const u of inv.uses ?? []) {
      if (u.role !== 'write') continue;
      const word = inv.args.find((a) => a.span.start === u.span.start && a.span.end === u.span.end);
      const values = u.values ?? word?.values ?? null;
      // (`~\x`, `C:/x` as bash would name them: the home, forward slashes.)
      const names = values?.map((v) => v.replace(/\\/g, '/').replace(/^~(?=\/|$)/, st.ctx.home)) ?? null;
      noteWritten(st.ctx.out, names, inv.cwd, { why: `what ${inv.program} writes into ${u.text}`, segment: inv.segment });
    }
  }
}

/**
 * Re-enters nested text. `sameSession` (Invoke-Expression) shares variables, aliases and location with this
 * text; a child process (`pwsh -c`, `cmd /c`, `bash -c`) changes none of them here.
 */
export function reenter(st: State, text: string, at: Span, dialect: Exclude<ScriptDialect, 'cmd'>, sameSession: boolean, code?: { invocation: Invocation; stdin: boolean }): void {
  noteWrites(st);
  const ctx: WithWrappers = nestedContext(st.ctx, nestedOrigin(sourceOf(st, at), at, text), st.cwd);
  ctx.psWrappers = [...st.wrappers];
  if (dialect !== 'powershell') ctx.vars = new Map();
  if (code && isLanguage(dialect)) {
    ctx.caller = code.invocation;
    if (code.stdin) ctx.codeStdin = { kind: 'stream', why: 'the pipeline' };
  }
  const before = st.ctx.out.invocations.length;
  st.ctx.reenter(text, dialect, ctx);
  if (sameSession) {
    const moved = st.ctx.out.invocations.slice(before).some((i) => LOCATION.has(i.program));
    if (moved) {
      st.cwd = null;
      st.gitTop = undefined;
    }
    // The nested text ran once, in this session: what it assigned or aliased holds from here on. Blocks and
    // functions it defined are not followed to their calls, so those become unknown.
    for (const [k, v] of ctx.vars) {
      if (st.ctx.vars.get(k) !== v) st.ctx.vars.set(k, k.startsWith('scriptblock:') ? UNKNOWN : v);
    }
    if (/(^|[\s;{(])(function|filter)\s/i.test(text)) {
      floorAt(st, FLOOR.dynamicCode, at, 'Invoke-Expression defines a function whose later calls are not followed');
    }
  }
}

export function spanOf(words: Word[], from: number, to: number): Span {
  const a = words[from];
  const b = words[to];
  if (!a || !b) return words[0]?.span ?? { start: 0, end: 0 };
  return { start: a.span.start, end: Math.max(a.span.end, b.span.end) };
}
