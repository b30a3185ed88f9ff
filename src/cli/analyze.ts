// `vouch analyze`: one command line (arguments or stdin) rendered for people or as JSON, or an NDJSON batch.
import type { Analyzer } from '../analyzer.js';
import type { Guard, GuardPolicy, Inspection, ToolCall, VerdictRecord } from '../guard/index.js';
import { FLOOR } from '../resolve/floor.js';
import { isPlainCommand } from '../segments/plain.js';
import { archiveProbe, linkedWorktreeProbe, realpathProbe, textProbe } from '../integrations/probe.js';
import type { Dialect } from '../types.js';
import { type LineSource, readLines } from './lines.js';
import { type AnalyzeOptions, parseAnalyzeArgs } from './options.js';
import { type Outcome, pickStyle, renderHuman, toBatchJson, toJson } from './render.js';
import { type CliIo, EXIT, oneLine, UsageError } from './run.js';

type GuardModule = typeof import('../guard/index.js');

export interface GuardsOptions {
  /** Where the guards' records go (`vouch serve --log`). */
  sink?: (record: VerdictRecord) => void;
  /**
   * A new guard for every call, as a hook process has: a guard remembers the links a session's lines made, and a
   * server outlives sessions. The analyzers and the compiled policy are shared all the same.
   */
  fresh?: boolean;
}

/** Loads grammars and guards on demand: one analyzer for the dialects seen so far, one guard per home. */
export class Guards {
  private analyzer: Promise<Analyzer> | undefined;
  private readonly loaded = new Set<Dialect>();
  private readonly byHome = new Map<string, Guard>();
  /** An analyzer that loads no parser, for plain-words bash lines, and its guards. */
  private bare: Promise<Analyzer> | undefined;
  private readonly bareByHome = new Map<string, Guard>();
  private guardModule: Promise<GuardModule> | undefined;
  private policy: GuardPolicy | undefined;

  constructor(
    private readonly policyFile: string | undefined,
    private readonly options: GuardsOptions = {},
  ) {}

  /** The guard for `home`, its analyzer able to read `dialect` (none: a file tool, no grammar to load). */
  async get(dialect: Dialect | undefined, home: string): Promise<Guard> {
    if (!this.analyzer || (dialect && !this.loaded.has(dialect))) {
      if (dialect) this.loaded.add(dialect);
      const dialects = [...this.loaded];
      const loading = import('../analyzer.js').then(({ createAnalyzer }) => createAnalyzer({ dialects }));
      // A parser that cannot load (a broken install) is the run's error, not each line's: forget it, say why.
      this.analyzer = loading.catch((err: unknown) => {
        if (this.analyzer === failed) {
          this.analyzer = undefined;
          this.loaded.clear();
        }
        throw new UsageError(`cannot load the parser for ${dialects.join(' and ') || 'file tools'}: ${oneLine(err)}`);
      });
      const failed = this.analyzer;
      this.byHome.clear();
    }
    return this.guardOf(this.analyzer!, this.byHome, home);
  }

  /** Whether both dialects' parsers are loaded (text in one can nest the other: `bash -c` from PowerShell). */
  get complete(): boolean {
    return this.loaded.has('bash') && this.loaded.has('powershell');
  }

  /** The guard for `home` with both dialects loaded. */
  async both(dialect: Dialect, home: string): Promise<Guard> {
    this.loaded.add(dialect === 'bash' ? 'powershell' : 'bash');
    this.analyzer = undefined;
    return this.get(dialect, home);
  }

  /** The guard for `home` able to read every dialect, loading what is missing (a warm server loads all at start). */
  async all(home: string): Promise<Guard> {
    return this.complete ? this.get(undefined, home) : this.both('bash', home);
  }

  /**
   * The guard for a shell call of `command`. A plain-words bash line (`git status`) is read without loading
   * the parser, whose first use is most of a cold start, unless it is loaded already.
   */
  async forCommand(dialect: Dialect, command: string, home: string): Promise<{ guard: Guard; bare: boolean }> {
    if (dialect !== 'bash' || this.loaded.has('bash') || !isPlainCommand(command)) return { guard: await this.get(dialect, home), bare: false };
    this.bare ??= import('../analyzer.js').then(({ createAnalyzer }) => createAnalyzer({ dialects: ['bash'], loadParsers: false }));
    return { guard: await this.guardOf(this.bare, this.bareByHome, home), bare: true };
  }

  private async guardOf(analyzerPromise: Promise<Analyzer>, cache: Map<string, Guard>, home: string): Promise<Guard> {
    this.guardModule ??= import('../guard/index.js');
    const [guardModule, analyzer] = await Promise.all([this.guardModule, analyzerPromise]);
    if (this.policyFile !== undefined && this.policy === undefined) this.policy = guardModule.loadPolicyFile(this.policyFile);
    // A hook runs where the agent's files are: links on disk are followed to what a file tool would touch.
    const dependencies: Parameters<GuardModule['createGuard']>[0]['dependencies'] = { home, realpath: realpathProbe, isLinkedWorktree: linkedWorktreeProbe, readText: textProbe, listArchive: archiveProbe };
    if (this.options.sink) dependencies.sink = this.options.sink;
    const opts: Parameters<GuardModule['createGuard']>[0] = { analyzer, dependencies };
    if (this.policy) opts.policy = this.policy;
    let guard = cache.get(home);
    if (!guard) {
      // Creating it checks the policy's examples, in this home: once.
      guard = guardModule.createGuard(opts);
      cache.set(home, guard);
    }
    if (!this.options.fresh) return guard;
    // A fresh guard over the same (checked, frozen, shared) policy, its examples already checked above.
    return guardModule.createGuard({ ...opts, policy: { ...guard.policy, examples: guardModule.DEFAULT_POLICY.examples } });
  }
}

/**
 * Inspects a shell call under the policy's tool name for `dialect`, or says why there is none. A plain-words
 * line is read through a guard without a parser; text that needed the parser after all (a nested script that
 * is not plain: `bash -c x=1`) comes back as an internal-error finding, and then the call is inspected again
 * with the parser loaded; likewise with the other dialect's parser when the text nests it.
 */
export async function inspectShell(guards: Guards, dialect: Dialect, home: string, call: Omit<ToolCall, 'tool'>): Promise<Inspection | string> {
  const inspect = (guard: Guard): Inspection | string => {
    const tool = shellToolFor(guard, dialect);
    return tool === undefined ? `the policy names no shell tool for ${dialect} (shellTools)` : guard.inspect({ ...call, tool });
  };
  const input = call.input as { command?: unknown } | undefined;
  const first = await guards.forCommand(dialect, typeof input?.command === 'string' ? input.command : '', home);
  const needsParser = (r: Inspection | string) => typeof r !== 'string' && r.analysis?.findings.some((f) => f.rule === FLOOR.internalError) === true;
  let result = inspect(first.guard);
  if (first.bare && needsParser(result)) result = inspect(await guards.get(dialect, home));
  // Text in one dialect that nests the other (`bash -c …` or `sudo …` from PowerShell) needs both parsers.
  if (needsParser(result) && !guards.complete) result = inspect(await guards.both(dialect, home));
  return result;
}

/** The policy's tool name for a shell: the guard routes a call by tool name, so ask it for the dialect's. */
function shellToolFor(guard: Guard, dialect: Dialect): string | undefined {
  for (const [tool, d] of Object.entries(guard.policy.shellTools)) if (d === dialect) return tool;
  return undefined;
}

export interface Line {
  command: string;
  shell: Dialect;
  cwd: string;
  home: string;
}

/** Analyses one command line through the guard: its verdict, and the analysis behind it. */
export async function outcomeOf(guards: Guards, line: Line): Promise<Outcome> {
  const inspected = await inspectShell(guards, line.shell, line.home, { input: { command: line.command }, cwd: line.cwd });
  if (typeof inspected === 'string') throw new UsageError(inspected);
  const { verdict, analysis } = inspected;
  const outcome: Outcome = {
    command: line.command,
    verdict: verdict ? 'deny' : 'pass',
    findings: analysis?.findings ?? [],
    invocations: analysis?.invocations ?? [],
  };
  if (verdict) {
    outcome.rule = verdict.rule;
    outcome.reason = verdict.reason;
  }
  return outcome;
}

/** Largest command read from stdin; the guard refuses anything near this long anyway, so stop reading. */
const MAX_STDIN_BYTES = 4 * 1024 * 1024;

async function readAll(stdin: LineSource): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array);
    size += buf.length;
    if (size > MAX_STDIN_BYTES) throw new UsageError(`the command on stdin is longer than ${MAX_STDIN_BYTES} bytes`);
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function runAnalyze(argv: string[], io: CliIo): Promise<number> {
  const env = io.env ?? process.env;
  const options = parseAnalyzeArgs(argv, env, io.cwd ?? process.cwd());
  // A batch line is read alone, as `vouch hook` reads each call: a guard remembers the links earlier lines made,
  // and a batch of unrelated lines (a fleet's logs) split over workers must answer the same as on one thread.
  const guards = new Guards(options.policy, options.batch ? { fresh: true } : {});
  try {
    // `process.stdin` is created on first use, which costs a command given as arguments several ms.
    if (options.batch) return await runBatch(options, guards, io.stdin ?? process.stdin, io);
    let command = options.command;
    if (command === undefined) {
      const stdin = io.stdin ?? process.stdin;
      if (stdin.isTTY) throw new UsageError('no command: give it as arguments or on stdin (see vouch --help)');
      // A command piped in ends with the newline `echo` added; that newline is not part of it.
      command = (await readAll(stdin)).replace(/\r?\n$/, '');
    }
    if (command.trim() === '') throw new UsageError('the command is empty');
    const outcome = await outcomeOf(guards, { command, shell: options.shell, cwd: options.cwd, home: options.home });
    io.stdout(options.json ? `${JSON.stringify(toJson(outcome))}\n` : renderHuman(outcome, pickStyle(io.stdoutIsTTY, env)));
    return outcome.verdict === 'deny' ? EXIT.deny : EXIT.pass;
  } catch (err) {
    if (err instanceof UsageError) throw err;
    if ((err as Error)?.name === 'PolicyError') throw new UsageError(oneLine(err));
    throw err;
  }
}

function isAbsolutePath(p: string): boolean {
  return p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p) || p.startsWith('\\\\');
}

/** A JSON object read from `text`, or why it is none (`what` names the object expected). */
export function jsonObject(text: string, what: string): Record<string, unknown> | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'not valid JSON';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return `expected a JSON object ${what}`;
  return value as Record<string, unknown>;
}

/** One batch input line read as a command line; a string is the reason it cannot be. */
export function parseBatchLine(text: string, defaults: AnalyzeOptions): Line | string {
  const value = jsonObject(text, 'with a "command" string');
  if (typeof value === 'string') return value;
  const { command, shell, cwd, home } = value;
  if (typeof command !== 'string' || command.trim() === '') return '"command" must be a non-empty string';
  if (shell !== undefined && shell !== 'bash' && shell !== 'powershell') return '"shell" must be "bash" or "powershell"';
  for (const [name, v] of [
    ['cwd', cwd],
    ['home', home],
  ] as const) {
    if (v !== undefined && (typeof v !== 'string' || !isAbsolutePath(v))) return `"${name}" must be an absolute path`;
  }
  return {
    command,
    shell: (shell as Dialect | undefined) ?? defaults.shell,
    cwd: (cwd as string | undefined) ?? defaults.cwd,
    home: (home as string | undefined) ?? defaults.home,
  };
}

/** Longest batch line accepted; a longer one is skipped to its newline, never held whole. */
export const MAX_LINE_BYTES = 1024 * 1024;

/** One batch line's answer (a JSON line), and whether it keeps the batch from passing. */
export interface BatchAnswer {
  line: string;
  failed: boolean;
}

/**
 * The answer to batch input line `n` (`text`, or a line over the cap). A policy that cannot load throws (it fails
 * the whole batch); anything else is this line's `{"error"}`.
 */
export async function batchAnswer(n: number, text: string, tooLong: boolean, options: AnalyzeOptions, guards: Guards): Promise<BatchAnswer> {
  let answer: Record<string, unknown>;
  if (tooLong) answer = { error: `line ${n}: longer than ${MAX_LINE_BYTES} bytes` };
  else {
    const parsed = parseBatchLine(text, options);
    if (typeof parsed === 'string') answer = { error: `line ${n}: ${parsed}` };
    else {
      try {
        answer = toBatchJson(await outcomeOf(guards, parsed));
      } catch (err) {
        if (err instanceof UsageError || (err as Error)?.name === 'PolicyError') throw new UsageError(oneLine(err));
        answer = { error: `line ${n}: ${oneLine(err)}` };
      }
    }
  }
  return { line: `${JSON.stringify(answer)}\n`, failed: answer.verdict !== 'pass' };
}

/**
 * NDJSON in, NDJSON out, in order, one line at a time (`--workers N`: N worker threads, see parallel.ts). Exit 1
 * when a line was denied or could not be read (the batch did not all pass), 0 when every line passed.
 */
async function runBatch(options: AnalyzeOptions, guards: Guards, stdin: LineSource, io: CliIo): Promise<number> {
  if (options.workers !== undefined) {
    const { runParallelBatch } = await import('./serve.js');
    return runParallelBatch(options, stdin, io);
  }
  let n = 0;
  let failed = false;
  for await (const line of readLines(stdin, MAX_LINE_BYTES)) {
    n++;
    if (!line.tooLong && line.text.trim() === '') continue;
    const answer = await batchAnswer(n, line.text, line.tooLong, options, guards);
    if (answer.failed) failed = true;
    io.stdout(answer.line);
    if (io.drain) await io.drain();
  }
  return failed ? EXIT.deny : EXIT.pass;
}
