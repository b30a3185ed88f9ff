// The one step both dialects take for a program: ask the registry what the invocation does, record it, act on it.
import { answer, type Answer, canonical, type Call, type Input, lookup, programKey, unknownAnswer, type Run, type ScriptDialect } from '../programs/index.js';
import { recorded } from '../programs/hosts.js';
import { alternateStream } from '../programs/words.js';
import type { Dialect, Invocation, Span, Word } from '../types.js';
import { type Accumulator, keep, keptSettings } from './context.js';
import { FLOOR, type FloorRule } from './floor.js';

/**
 * What a dialect's resolver does with the runs an entry answers. `sameShell`: the run happens in the shell itself
 * (`eval`, `source`, `command cd`), so what it changes holds after it.
 */
export interface Host {
  /** Starts a program with this argv (exec'd by another program: no aliases, functions or cmdlets). */
  argv(argv: Word[], via: string, cwd: string | null | undefined, stdin: boolean, env: ReadonlyMap<string, string | null>, sameShell: boolean): void;
  /** Re-enters the words joined by spaces as shell text; a computed word is cannot-vouch. */
  script(words: Word[], dialect: ScriptDialect, via: string, cwd: string | null | undefined, delayed: boolean, sameShell: boolean, args?: readonly Word[]): void;
  /** Re-enters text an entry derived from a word, standing at that word. */
  text(text: string, word: Word, dialect: ScriptDialect, via: string, cwd?: string | null): void;
  /** The program reads its own program from stdin. */
  stdin(dialect: ScriptDialect, via: string, sameShell: boolean): void;
  /** The program runs the code of a file (read only when the line itself wrote it). */
  file(word: Word, dialect: ScriptDialect, via: string, sameShell: boolean, loads?: string): void;
  /** The program runs code of its project: files the line wrote there are read. */
  project(run: Run & { kind: 'project' }): void;
  /** A variable set for what the program runs; a code variable is followed. */
  assign(name: string, value: Word): void;
  floor(rule: FloorRule, span: Span, why: string): void;
  /** The invocations recorded so far, in order. */
  readonly invocations: readonly Invocation[];
  /** What the line has recorded so far: a `maybe` run marks its segments and takes back its cannot-vouch findings. */
  readonly out: Accumulator;
}

const OPAQUE: Readonly<Record<Run & { kind: 'opaque' } extends { rule: infer R } ? R & string : never, FloorRule>> = {
  'dynamic-command': FLOOR.dynamicCommand,
  'dynamic-script': FLOOR.dynamicScript,
  'stream-to-shell': FLOOR.streamToShell,
  'dynamic-code': FLOOR.dynamicCode,
};

/**
 * The registry's answer for an invocation, or undefined when it does not know the program (`inv.known` is then false).
 * `out`: the line's accumulator, which holds the settings a program keeps in its configuration for its later runs (Call.kept).
 */
export function ask(inv: Invocation, args: Word[], dialect: Dialect, stdin: Input | undefined, env: (name: string) => string | null | undefined, envNames?: () => string[], envProgram?: (name: string) => string | undefined, out?: Accumulator, files?: { writtenText(name: string): string | undefined; archiveMembers(name: string): readonly string[] | undefined }): Answer | undefined {
  // PowerShell names the program after its aliases are resolved (`type` is Get-Content): look up that name.
  const entry = lookup(inv.program, dialect);
  const call: Call = { program: entry ? canonical(entry) : programKey(inv.program), name: programKey(inv.program), args, dialect, env, command: { text: inv.path, span: inv.span, values: [inv.path] } };
  if (envNames) call.envNames = envNames;
  if (envProgram) call.envProgram = envProgram;
  if (stdin) call.stdin = stdin;
  if (out) call.kept = () => keptSettings(out, call.program);
  if (files) {
    call.writtenText = (w) => (w.values?.length === 1 ? files.writtenText(w.values[0]!) : undefined);
    call.archiveMembers = (w) => (w.values?.length === 1 ? files.archiveMembers(w.values[0]!) : undefined);
  }
  // A program run from a file's hidden stream (`wmic process call create "C:\x\notes.txt:hidden.exe"`): code no
  // listing shows, which no reading of the line can name.
  const stream = dialect === 'bash' ? undefined : alternateStream(inv.path);
  const hidden: Run[] = stream !== undefined && call.command ? [{ kind: 'opaque', rule: 'dynamic-code', word: call.command, why: `${inv.path} runs the program kept in the file's hidden stream ${stream}, which no listing shows` }] : [];
  if (!entry) {
    inv.known = false;
    const found = unknownAnswer(call, startedByGit(inv));
    const a = hidden.length > 0 ? { ...(found ?? { uses: [] }), runs: [...hidden, ...(found?.runs ?? [])] } : found;
    if (a?.reroutes) inv.reroutes = a.reroutes.map(recorded);
    if (a?.listens) inv.listens = a.listens.map(recorded);
    if (a?.opens) inv.opens = a.opens.map(opened);
    return a;
  }
  const a = answer(entry, call, startedByGit(inv));
  if (hidden.length > 0) a.runs = [...hidden, ...a.runs];
  if (out && a.keeps !== undefined && a.keeps.length > 0) keep(out, call.program, a.keeps);
  // Shell text a program runs is read where it is re-entered: as a word of this program it is text.
  const handed = new Set<Word>();
  for (const run of a.runs) {
    if (run.kind === 'script') {
      for (const word of run.words) {
        if (a.uses.some((u) => u.word === word)) continue;
        a.uses.push({ word, role: 'text' });
        handed.add(word);
      }
    }
  }
  if (a.uses.length > 0) {
    // The invocation's own words: a short list is searched as it is, a long one through a set.
    const own = args.length > 16 ? new Set(args) : undefined;
    inv.uses = a.uses.map((u) => {
      // A word an entry made from part of an argument (`--output=x`) stands for that argument, with its value.
      const arg = (own ? own.has(u.word) : args.includes(u.word)) ? u.word : args.find((w) => w.span.start === u.word.span.start && w.span.end === u.word.span.end);
      const use: NonNullable<Invocation['uses']>[number] = { role: u.role, span: u.word.span, text: arg?.text ?? u.word.text };
      const values = u.values ?? (arg && arg !== u.word ? (u.word.values ?? undefined) : undefined);
      if (values) use.values = values;
      if (u.into) use.into = u.into;
      if (u.readVia) use.readVia = u.readVia.map((w) => ({ span: w.span, text: w.text }));
      if (u.names) use.names = u.names;
      if (u.depth !== undefined) use.depth = u.depth;
      if (u.visible) use.visible = true;
      if (u.below) use.below = true;
      if (u.empty) use.empty = true;
      if (u.moved) use.moved = true;
      if (u.reformats) use.reformats = true;
      if (u.reformatsOnly) use.reformatsOnly = u.reformatsOnly;
      if (u.unprinted) use.unprinted = true;
      if (u.matches) use.matches = true;
      if (u.unlisted) use.unlisted = true;
      if (u.role === 'text' && handed.has(u.word)) use.handed = true;
      return use;
    });
  }
  // Static text a program reads as data is text, wherever it came from (a heredoc, a herestring, `echo … |`). It
  // is no argument: nested text gives every word one span, so it is named by its own text, not matched to one.
  if (a.stdin === 'data' && stdin?.kind === 'static' && stdin.word.text !== '') {
    inv.uses = [...(inv.uses ?? []), { role: 'text', span: stdin.word.span, text: stdin.word.text, stdin: true }];
  }
  if (a.offline !== undefined) inv.offline = a.offline;
  if (a.destinations !== undefined) inv.destinations = a.destinations.map(recorded);
  if (a.reroutes !== undefined && a.reroutes.length > 0) inv.reroutes = a.reroutes.map(recorded);
  if (a.listens !== undefined && a.listens.length > 0) inv.listens = a.listens.map(recorded);
  if (a.opens !== undefined && a.opens.length > 0) inv.opens = a.opens.map(opened);
  if (a.dumps !== undefined) inv.dumps = a.dumps;
  if (a.printsVariables !== undefined) inv.printsVariables = a.printsVariables;
  if (a.leavesRead) inv.leavesRead = true;
  if (a.keepsStdin) inv.keepsStdin = true;
  if (a.clipboard) inv.clipboard = true;
  if (a.runs.some((r) => r.kind === 'stdin')) inv.stdinCode = true;
  if (a.codeArgs !== undefined && a.codeArgs.length > 0) inv.codeArgs = a.codeArgs;
  if (a.persists !== undefined) inv.persists = a.persists.map((p) => ({ span: p.word.span, why: p.why }));
  if (a.previews !== undefined) inv.previews = a.previews;
  if (a.destroys !== undefined) inv.destroys = a.destroys.map((d) => ({ span: d.word.span, what: d.what, why: d.why, ...(d.local ? { local: true } : {}), ...(d.what === 'modes' ? { word: d.word } : {}), ...(d.tree ? { tree: true as const } : {}) }));
  return a;
}

/** What an invocation opens this machine by, as the analysis records it. */
function opened(o: { word: Word; why: string; what?: string }): { span: Span; text: string; why: string; what?: string } {
  return { span: o.word.span, text: o.word.text, why: o.why, ...(o.what !== undefined ? { what: o.what } : {}) };
}

/** Whether git started this invocation (its pager, its ssh): it read the settings its environment gives git already. */
function startedByGit(inv: Invocation): boolean {
  return inv.wrappers.includes('git');
}

/** `NAME="$NAME"` (or `${NAME}`, unquoted): an assignment of a variable's own value, which changes nothing. */
export function selfAssigned(name: string, text: string): boolean {
  // The word may be the whole `NAME="$NAME"` (a wrapper's operand) or its value alone.
  const m = /^"?\$(?:\{(\w+)\}|(\w+))"?$/.exec(text.startsWith(`${name}=`) ? text.slice(name.length + 1) : text);
  return m !== null && (m[1] ?? m[2]) === name;
}

/**
 * Acts on what an invocation starts, in order. Variables an entry sets for its command (`env X=1 cmd`) reach the
 * argv runs after them. Returns whether it starts anything (the invocation then wraps what it runs).
 */
export function act(host: Host, runs: readonly Run[], env: ReadonlyMap<string, string | null>): boolean {
  let wraps = false;
  let vars = env;
  for (const run of runs) {
    switch (run.kind) {
      case 'assign': {
        // `env -i PATH="$PATH" cmd`: a variable set to its own value is not changed.
        if (selfAssigned(run.name, run.value.text)) break;
        host.assign(run.name, run.value);
        // A computed value is set to something not known (null), which the program's entry reads as such.
        const v = run.value.values?.length === 1 ? run.value.values[0]! : null;
        const next = new Map(vars);
        next.set(run.name, v);
        vars = next;
        break;
      }
      case 'argv':
        if (run.maybe) {
          maybe(host.out, () => host.argv(run.argv, run.via, run.cwd, run.noStdin !== true, vars, false));
          break;
        }
        wraps = true;
        if (run.argv.length > 0) {
          const from = host.invocations.length;
          startsGiven(host.invocations, run.more, () => host.argv(run.argv, run.via, run.cwd, run.noStdin !== true, vars, run.sameShell === true));
          // A server in a container listens on the container's network: what reaches it is what the engine publishes,
          // and a firewall it changes is the container's.
          if (run.contained) {
            for (let i = from; i < host.invocations.length; i++) {
              delete host.invocations[i]!.listens;
              delete host.invocations[i]!.opens;
            }
          }
        }
        break;
      case 'script':
        wraps = true;
        startsGiven(host.invocations, run.more, () => host.script(run.words, run.dialect, run.via, run.cwd, run.delayed === true, run.sameShell === true, run.args));
        break;
      case 'text':
        if (run.maybe) {
          if (run.text.trim() !== '') maybe(host.out, () => host.text(run.text, run.word, run.dialect, run.via, run.cwd));
          break;
        }
        wraps = true;
        if (run.text.trim() !== '') startsGiven(host.invocations, run.more, () => host.text(run.text, run.word, run.dialect, run.via, run.cwd));
        break;
      case 'stdin':
        host.stdin(run.dialect, run.via, run.sameShell === true);
        break;
      case 'file':
        host.file(run.word, run.dialect, run.via, run.sameShell === true, run.loads);
        break;
      case 'project':
        host.project(run);
        break;
      case 'opaque':
        host.floor(OPAQUE[run.rule], run.word.span, run.why);
        break;
    }
  }
  return wraps;
}

/**
 * Runs text that may not run at all (see Run `maybe`): its segments are marked, and what it could not be vouched for is
 * taken back, here and (by the analyzer) after the rules; what it surely does stays.
 */
function maybe(out: Accumulator, start: () => void): void {
  const segments = out.segments.length;
  const findings = out.findings.length;
  const invocations = out.invocations.length;
  start();
  // (The text's own segments stand at the least depth; deeper ones are text a shell or eval of it runs.)
  let base = Number.POSITIVE_INFINITY;
  for (let i = segments; i < out.segments.length; i++) base = Math.min(base, out.segments[i]!.depth);
  for (let i = segments; i < out.segments.length; i++) {
    out.segments[i]!.maybe = true;
    if (out.segments[i]!.depth > base) out.segments[i]!.maybeNested = true;
  }
  // A program started by argv stands in the segment of the one that starts it: it is given a marked copy of it.
  const copies = new Map<number, number>();
  for (let i = invocations; i < out.invocations.length; i++) {
    const inv = out.invocations[i]!;
    const seg = out.segments[inv.segment];
    if (!seg || seg.maybe) continue;
    let copy = copies.get(inv.segment);
    if (copy === undefined) {
      copy = out.segments.push({ ...seg, maybe: true }) - 1;
      copies.set(inv.segment, copy);
    }
    inv.segment = copy;
  }
  // (A program the text runs through a wrapper of its own, `sudo curl …`, `timeout 5 wget …`, is run by it: a command
  // line too. The program handed the text may stand among the wrappers of all of them.)
  let least = Number.POSITIVE_INFINITY;
  for (let i = invocations; i < out.invocations.length; i++) least = Math.min(least, out.invocations[i]!.wrappers.length);
  for (let i = invocations; i < out.invocations.length; i++) {
    const inv = out.invocations[i]!;
    const seg = out.segments[inv.segment];
    if (seg?.maybe && inv.wrappers.length > least) seg.maybeNested = true;
  }
  const added = out.findings.splice(findings);
  out.findings.push(...added.filter((f) => f.kind !== 'cannot-vouch'));
}

/**
 * Runs `start`; with `more`, every program it starts (recorded in `invocations` meanwhile) is given arguments the line
 * does not show: a gadget's appended words (see `Run`), the file EDITOR opens, the host GIT_SSH_COMMAND reaches.
 */
export function startsGiven(invocations: readonly Invocation[], more: boolean | undefined, start: () => void): void {
  const before = invocations.length;
  start();
  if (more) for (let i = before; i < invocations.length; i++) invocations[i]!.argvOpen = true;
}
