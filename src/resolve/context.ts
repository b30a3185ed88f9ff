// The state threaded through lowering and resolution of one command line, nested scripts included.
import { DEFAULT_LIMITS, type ParseLimits } from '../parse/index.js';
import type { Kept, ScriptDialect } from '../programs/index.js';
import { basename, componentGlob, holdsShortName, normalizePath, resolveAgainst } from './path.js';
import { type Analysis, type CodeUse, DYN, type Finding, type Invocation, type Segment, type Span, type TypeUse, type Under } from '../types.js';

/**
 * What the line wrote at a path: its text, why it is not known (`segment`, `caller`: the segment and the start of the
 * command whose code wrote it), or what it is a copy of.
 */
export type WrittenFile = { text: string } | { why: string; segment?: number; caller?: string; under?: Under[] } | { copyOf: string[] | null };

/**
 * A command as the same one walked again under other values of what it reads: where it stands and its words as
 * written (re-entered text gives every command of it the outer word's span, so the words tell them apart).
 */
export function commandKey(inv: { span: { start: number }; args: readonly { text: string }[] }): string {
  return `${inv.span.start}\u0000${inv.args.map((a) => a.text).join('\u0000')}`;
}

/** Files each analysis's line writes or copies, by absolute path: beside the analysis, not in it. */
const WRITTEN = new WeakMap<object, Map<string, WrittenFile[]>>();

/** The files the line writes or copies (made on first use), for the whole analysis, nested text included. */
export function writtenFiles(out: Accumulator): Map<string, WrittenFile[]> {
  let w = WRITTEN.get(out);
  if (w === undefined) {
    w = new Map();
    WRITTEN.set(out, w);
  }
  return w;
}

/**
 * The key a file the line writes is kept under: its absolute path, or, written by a relative name in a directory known
 * only at run time (`cd "$D"; echo … > x.sh`), the name under `?`.
 */
export function writtenKey(cwd: string | null, name: string): string {
  return resolveAgainst(cwd, name) ?? `?${normalizePath(`/${name}`)}`;
}

/**
 * Keeps `file` as what the line wrote under each name, read in `cwd`, or under `*` when the names are known only at run
 * time (null). Devices (`/dev/null`, `/dev/stderr`) are not files the line keeps; /dev/shm's files are.
 */
export function noteWritten(out: Accumulator, names: readonly string[] | null, cwd: string | null, file: WrittenFile): void {
  const files = writtenFiles(out);
  // A name with a part known only at run time (awk's `print > ENVIRON["F"]`) may be any name; so may an 8.3 short name
  // (`NPMRC~1` is the .npmrc a program then reads), which Windows maps to a long name no reading of the text knows, and
  // a glob (`> .npmr[c]` writes the .npmrc there is), which names whatever file it matches.
  for (const key of names === null ? ['*'] : names.map((n) => (n.includes(DYN) || holdsShortName(n) || /[*?[]/.test(n) ? '*' : writtenKey(cwd, n)))) {
    // (/dev/shm and /dev/mqueue are directories of files, a tmpfs.)
    if (/^\/dev\/(?!shm\/|mqueue\/)/.test(key)) continue;
    files.set(key, [...(files.get(key) ?? []), file]);
  }
}

/**
 * What a name holds as the line wrote it: each text written there, or why one is not known; a copy the line made
 * holds what its source holds (a copy of a file the line did not write holds nothing known here, as any file). A file
 * written in a directory known only at run time may be any file of its base name, and a relative name read there may be
 * any file the line wrote of that base name: both are taken.
 */
export function writtenAt(out: Accumulator, cwd: string | null, name: string): ({ text: string } | { why: string; segment?: number; under?: Under[] })[] {
  const files = WRITTEN.get(out);
  return files ? writtenKeys(files, cwd, name).flatMap((k) => held(files, k, 0)) : [];
}

/**
 * A directory the line fills with files no static reading follows: what it fetches from another machine
 * (Answer.fetches: `git clone URL y`), or what it extracts from an archive after writing files of its own (`tar -cf
 * x.tar run.sh … tar -C out -xf x.tar`). A script run from beneath it is not vouched for. `project`: nor is code of
 * its project run there (an extraction; a fresh clone's build is everyday work, and project code is out of scope).
 */
export interface Filled {
  why: string;
  /** The segment that filled it, which runs nothing from it itself (none for a fetch). */
  segment?: number;
  project: boolean;
}

/** Directories each analysis's line fills, by absolute path (`*`: computed): beside the analysis. */
const FILLED = new WeakMap<object, Map<string, Filled[]>>();

/** Keeps `dir`, read in `cwd`, as one the line fills (see Filled); a computed one under `*`. */
export function noteFilled(out: Accumulator, dir: string | null, cwd: string | null, filled: Filled): void {
  let f = FILLED.get(out);
  if (f === undefined) {
    f = new Map();
    FILLED.set(out, f);
  }
  const key = dir === null ? '*' : (resolveAgainst(cwd, dir)?.replace(/(?<=.)\/+$/, '') ?? '*');
  f.set(key, [...(f.get(key) ?? []), filled]);
}

/**
 * What filled the file a name (read in `cwd`) may be: a directory the line filled holds it, or one whose name is known
 * only at run time, or the name itself is computed (null) while the line filled some directory.
 */
export function filledBy(out: Accumulator, cwd: string | null, name: string | null): Filled[] {
  const f = FILLED.get(out);
  if (f === undefined) return [];
  if (name === null) return [...f.values()].flat();
  const path = resolveAgainst(cwd, name);
  return [...f].flatMap(([dir, fills]) => (dir === '*' || path === null || path.startsWith(dir === '/' ? '/' : `${dir}/`) ? fills : []));
}

/** The directories the line filled, by absolute path (`*`: computed), each with what filled it. */
export function filledDirs(out: Accumulator): ReadonlyMap<string, readonly Filled[]> {
  return FILLED.get(out) ?? new Map();
}

/** What filled a directory at or beneath `dir` (absolute), or one whose name is known only at run time. */
export function filledBeneath(out: Accumulator, dir: string): Filled[] {
  const f = FILLED.get(out);
  if (f === undefined) return [];
  return [...f].flatMap(([at, fills]) => (at === '*' || at === dir || at.startsWith(dir === '/' ? '/' : `${dir}/`) ? fills : []));
}

/** Settings each analysis's line kept in a program's configuration (Answer.keeps), by program: beside the analysis. */
const KEPT = new WeakMap<object, Map<string, Kept[]>>();

/** The settings earlier commands of the line kept for `program`, in order (see Call.kept). */
export function keptSettings(out: Accumulator, program: string): readonly Kept[] {
  return KEPT.get(out)?.get(program) ?? [];
}

/** Holds what an invocation of `program` keeps in its configuration, for the later runs of it on the whole line. */
export function keep(out: Accumulator, program: string, settings: readonly Kept[]): void {
  let k = KEPT.get(out);
  if (k === undefined) {
    k = new Map();
    KEPT.set(out, k);
  }
  k.set(program, [...(k.get(program) ?? []), ...settings]);
}

/** The written files of the project being read now, at any depth: one is not read again inside itself. */
const READING = new WeakMap<object, Set<string>>();

export function readingFiles(out: Accumulator): Set<string> {
  let r = READING.get(out);
  if (r === undefined) {
    r = new Set();
    READING.set(out, r);
  }
  return r;
}

/**
 * What the line wrote under each name a glob may expand to, read in `cwd` (`bash *.sh`, `for f in x/*.sh; do bash
 * "$f"; done`): each component matched as the shell matches it, dot names taken too (dotglob may be set).
 */
export function writtenGlob(out: Accumulator, cwd: string | null, pattern: string): ({ text: string } | { why: string; segment?: number; under?: Under[] })[] {
  const files = WRITTEN.get(out);
  if (files === undefined) return [];
  const path = resolveAgainst(cwd, pattern);
  const whole = path?.split('/').map(componentGlob) ?? null;
  const base = componentGlob(basename(pattern));
  const fits = (k: string) => {
    if (whole === null || k.startsWith('?')) return base.test(basename(k));
    const parts = k.split('/');
    return parts.length === whole.length && whole.every((re, i) => re.test(parts[i]!));
  };
  return [...files.keys()].filter((k) => k !== '*' && fits(k)).flatMap((k) => held(files, k, 0));
}

/** What the line wrote under one key (see `writtenKey`), copies followed. */
export function heldAt(out: Accumulator, key: string): ({ text: string } | { why: string; segment?: number; caller?: string; under?: Under[] })[] {
  const files = WRITTEN.get(out);
  return files ? held(files, key, 0) : [];
}

/**
 * The keys of the files the line wrote that a name may be, read in `cwd` (see `writtenAt`), whatever their case: macOS's
 * and Windows' disks open `.NPMRC` as `.npmrc`.
 */
export function writtenKeys(files: ReadonlyMap<string, unknown>, cwd: string | null, name: string): string[] {
  const path = resolveAgainst(cwd, name)?.toLowerCase() ?? null;
  const base = basename(name).toLowerCase();
  return [...files.keys()].filter((k) => k.toLowerCase() === path || (k !== '*' && basename(k).toLowerCase() === base && (k.startsWith('?') || path === null)));
}

function held(files: Map<string, WrittenFile[]>, key: string, depth: number): ({ text: string } | { why: string; segment?: number; caller?: string; under?: Under[] })[] {
  if (depth > 4) return [];
  return (files.get(key) ?? []).flatMap((f) => ('copyOf' in f ? (f.copyOf ?? []).flatMap((src) => held(files, src, depth + 1)) : [f]));
}

/** What analysing one command line accumulates, at every depth. */
export interface Accumulator {
  /** The directory the whole line starts in (the project), when the accumulator is the analysis itself. */
  readonly cwd?: string | null;
  segments: Segment[];
  invocations: Invocation[];
  typeUses: TypeUse[];
  clientCalls?: Analysis['clientCalls'];
  retargets?: boolean;
  outputs?: Analysis['outputs'];
  codeUses: CodeUse[];
  findings: Finding[];
}

export interface AnalysisLimits extends ParseLimits {
  /** Deepest nesting of re-entered scripts (`bash -c`, `eval`, `iex`, …). */
  maxDepth: number;
  /** Most segments one command line may produce before it is cut off (cannot vouch). */
  maxSegments: number;
}

export const DEFAULT_ANALYSIS_LIMITS: AnalysisLimits = {
  ...DEFAULT_LIMITS,
  maxDepth: 8,
  maxSegments: 20_000,
};

/** Where a piece of text being analysed sits: top level, or nested inside a word of outer text. */
export interface TextOrigin {
  /** Offset of the text's first character in the top-level command, when it is a verbatim slice of it. */
  offset?: number;
  /** The span of the outer word holding the text, when it is not a verbatim slice. */
  span?: Span;
}

export interface ResolveContext {
  home: string;
  /** The directory the text starts in; null when unknown. */
  cwd: string | null;
  /** Nesting depth of this text (0 = top level). */
  depth: number;
  limits: AnalysisLimits;
  origin: TextOrigin;
  out: Accumulator;
  /** Wrappers that led into this nested text (`sudo`, `bash`), prefixed to its invocations' chains. */
  wrappers?: string[];
  /** Static values of variables known so far (`X=curl; $X`), keyed by name. */
  vars: Map<string, string>;
  /** Bash text only: the shell state it starts in (re-entered text: a child's copy, or the very state for `eval`). */
  bashState?: unknown;
  /** Bash text only: the states it ended in, for text run in the same shell (`eval`, `source`, a function). */
  bashOutcome?: unknown;
  /**
   * Bash text only: what the shell it runs in keeps for the end of its text (a `Shell`: the functions it defines, the
   * traps it sets), shared with text run in that same shell (`eval`, `source`).
   */
  bashShell?: unknown;
  /** Bash text only: the walk it continues (inside a trap's action; how deep function calls are). */
  bashWalk?: { inTrap: boolean; calls: number; expanding?: Set<string> };
  /** cmd text only: run under `cmd /v:on`, so `!VAR!` expands late. */
  cmdDelayed?: boolean;
  /** Interpreter code only: the interpreter running it, whose uses the paths its code opens join. */
  caller?: Invocation;
  /** Interpreter code only: the interpreter's stdin, which the programs its code starts inherit (a bash `Flow`). */
  codeStdin?: unknown;
  /** The host's reader of a file on disk a program applies as a patch (CommandLine.readText). */
  readText?: (path: string) => string | undefined;
  /** The host's reader of an archive's member names (CommandLine.listArchive). */
  listArchive?: (path: string) => readonly string[] | undefined;
  /** Re-entered bash text only: the stdin it inherits (`echo … | bash -c sh`, `os.system("sh")`), a bash `Flow`. */
  bashStdin?: unknown;
  /**
   * Analyse nested text in a dialect (the analyzer wires this to the frontends): a shell's, `cmd` (read by the PowerShell
   * frontend), or an interpreter language's.
   */
  reenter(text: string, dialect: ScriptDialect, ctx: ResolveContext): void;
}

/** Maps a span of the text under analysis to the top-level command text. */
export function mapSpan(ctx: ResolveContext, span: Span): Span {
  if (ctx.origin.span) return ctx.origin.span;
  const offset = ctx.origin.offset ?? 0;
  return offset === 0 ? span : { start: span.start + offset, end: span.end + offset };
}

/**
 * The origin of nested text found in a word: a verbatim slice of the word's source maps precisely,
 * anything else (escapes, concatenation, decoding) collapses to the word's span.
 */
export function nestedOrigin(wordSource: string, wordSpan: Span, nested: string): TextOrigin {
  const at = nested.length > 0 ? wordSource.indexOf(nested) : -1;
  if (at >= 0 && wordSource.indexOf(nested, at + 1) < 0 && wordSpan.end - wordSpan.start === wordSource.length) {
    return { offset: wordSpan.start + at };
  }
  return { span: wordSpan };
}

/** A context for nested text one level deeper, sharing the accumulator. */
export function nestedContext(ctx: ResolveContext, origin: TextOrigin, cwd: string | null): ResolveContext {
  // Left out rather than deleted after the copy: an object that loses properties goes to dictionary mode, and every
  // read of the nested context (the whole nested walk's) would be a slow lookup.
  const { cmdDelayed, caller, codeStdin, bashStdin, bashState, bashOutcome, bashWalk, bashShell, ...kept } = ctx;
  return { ...kept, depth: ctx.depth + 1, origin, cwd, vars: new Map(ctx.vars) };
}
