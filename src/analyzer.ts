// createAnalyzer: load the grammars once, then analyse command lines synchronously.
import { CODE_GRAMMARS, type GrammarSource, type ParseBackend, initNativeParser, initParser, initRuntime, setCodeGrammarSource } from './parse/index.js';
import { type AnalysisLimits, DEFAULT_ANALYSIS_LIMITS, type ResolveContext } from './resolve/context.js';
import { AnalysisLimitError, FLOOR } from './resolve/floor.js';
import { analyzeText } from './resolve/frontends.js';
import { DEFAULT_RULE_CONFIG, runRules } from './rules/index.js';
import type { RuleConfig } from './rules/rule.js';
import type { Analysis, CommandLine, Dialect } from './types.js';

export interface AnalyzerOptions {
  /**
   * Grammar wasm paths (default: the package's pinned grammars/). The interpreter languages' grammars are loaded when a
   * line first carries code in their language, from these paths when given.
   */
  grammars?: GrammarSource;
  /** Parse and nesting limits. */
  limits?: Partial<AnalysisLimits>;
  /** What the rules match against (default: the guard's default policy lists). */
  rules?: Partial<RuleConfig>;
  /** Dialects to load (default both). */
  dialects?: Dialect[];
  /**
   * The tree-sitter runtime (default `wasm`). `native` needs the optional `tree-sitter` binding and the
   * grammars' node bindings; createAnalyzer rejects with the reason when they do not load.
   */
  backend?: ParseBackend;
  /**
   * Load the dialects' parsers before resolving (default true). With false nothing is loaded: plain-words
   * bash lines (`git status`, `ls -la src`) analyse without a parser, and text that needs one gets a
   * `vouch.internal-error` finding (a denial) until a parser for its dialect is loaded, by any analyzer in the
   * process. The CLI uses it to skip loading the wasm for a plain line, and analyses again with the parser
   * when such a finding comes back.
   */
  loadParsers?: boolean;
}

export interface Analyzer {
  /** Analyses one command line. Pure and synchronous; throws only `VouchInputError` for bad input. */
  analyze(input: CommandLine): Analysis;
  readonly config: RuleConfig;
  /** An analyzer sharing the loaded grammars whose rules match against other lists (a guard's policy). */
  withConfig(config: Partial<RuleConfig>): Analyzer;
}

/** A bad `analyze` input; the message names the field. */
export class VouchInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'VouchInputError';
  }
}

function isAbsolute(p: string): boolean {
  return p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p) || p.startsWith('\\\\');
}

function validate(input: unknown, dialects: Dialect[]): Required<Omit<CommandLine, 'stdin' | 'readText' | 'listArchive'>> & Pick<CommandLine, 'stdin' | 'readText' | 'listArchive'> {
  if (typeof input !== 'object' || input === null) throw new VouchInputError('input', 'input must be an object with a `command` string');
  const { command, shell, cwd, home, stdin, readText, listArchive } = input as Record<string, unknown>;
  if (stdin !== undefined && (typeof stdin !== 'string' || stdin === '')) throw new VouchInputError('stdin', '`stdin` must be a non-empty string saying what the stdin holds');
  if (readText !== undefined && typeof readText !== 'function') throw new VouchInputError('readText', '`readText` must be a function from an absolute path to the file\u2019s text');
  if (listArchive !== undefined && typeof listArchive !== 'function') throw new VouchInputError('listArchive', '`listArchive` must be a function from an absolute path to the archive\u2019s member names');
  if (typeof command !== 'string') throw new VouchInputError('command', '`command` must be a string');
  if (command.trim() === '') throw new VouchInputError('command', '`command` must not be empty');
  const dialect = shell ?? 'bash';
  if (dialect !== 'bash' && dialect !== 'powershell') throw new VouchInputError('shell', '`shell` must be "bash" or "powershell"');
  if (!dialects.includes(dialect)) throw new VouchInputError('shell', `the ${dialect} grammar was not loaded by this analyzer`);
  for (const [field, value] of [
    ['cwd', cwd],
    ['home', home],
  ] as const) {
    if (value === undefined) continue;
    if (typeof value !== 'string' || !isAbsolute(value)) throw new VouchInputError(field, `\`${field}\` must be an absolute path`);
  }
  return { command, shell: dialect, cwd: (cwd as string | undefined) ?? '/', home: (home as string | undefined) ?? '/root', ...(stdin === undefined ? {} : { stdin: stdin as string }), ...(readText === undefined ? {} : { readText: readText as CommandLine['readText'] }), ...(listArchive === undefined ? {} : { listArchive: listArchive as CommandLine['listArchive'] }) };
}

/** `read`, asked once for each path: later asks answer what the first did (a throw is not kept: asked again, it reads again). */
function onceEach<T>(read: (path: string) => T | undefined): (path: string) => T | undefined {
  const seen = new Map<string, T | undefined>();
  return (path) => {
    if (!seen.has(path)) seen.set(path, read(path));
    return seen.get(path);
  };
}

export async function createAnalyzer(options: AnalyzerOptions = {}): Promise<Analyzer> {
  const dialects = options.dialects ?? ['bash', 'powershell'];
  const backend = options.backend ?? 'wasm';
  if (options.grammars && CODE_GRAMMARS.some((g) => options.grammars![g] !== undefined)) setCodeGrammarSource(options.grammars);
  if (options.loadParsers !== false) {
    await Promise.all(dialects.map((d) => (backend === 'native' ? initNativeParser(d) : initParser(d, options.grammars))));
    // Interpreter code is parsed by the wasm runtime on either backend.
    if (backend === 'native') await initRuntime();
  }
  const limits: AnalysisLimits = { ...DEFAULT_ANALYSIS_LIMITS, ...options.limits, backend };
  return makeAnalyzer(dialects, limits, { ...DEFAULT_RULE_CONFIG, ...options.rules });
}

function makeAnalyzer(dialects: Dialect[], limits: AnalysisLimits, config: RuleConfig): Analyzer {
  function analyze(input: CommandLine): Analysis {
    const line = validate(input, dialects);
    const analysis: Analysis = {
      command: line.command,
      dialect: line.shell,
      cwd: line.cwd,
      home: line.home,
      segments: [],
      invocations: [],
      typeUses: [],
      codeUses: [],
      findings: [],
    };
    const ctx: ResolveContext = {
      home: line.home,
      cwd: line.cwd,
      depth: 0,
      limits,
      origin: { offset: 0 },
      out: analysis,
      vars: new Map(),
      reenter: analyzeText,
    };
    // Text typed in later: what reads its code from stdin reads a stream no one sees.
    if (line.stdin !== undefined) ctx.bashStdin = { kind: 'stream', why: line.stdin };
    // Each file once an analysis (a program's entry may be asked again, under each mode a computed word may be): one
    // read, and one text for every reading of the line.
    if (line.readText) ctx.readText = onceEach(line.readText);
    if (line.listArchive) ctx.listArchive = onceEach(line.listArchive);
    try {
      analyzeText(line.command, line.shell, ctx);
      // Text a program may or may not run (Segment.maybe) counts for what it surely does: not for what cannot be vouched
      // for, nor for egress, which vouch.unknown-program reads in such text by its destinations (but a shell that text
      // starts is handed a command line: its egress counts, Segment.maybeNested).
      const found = runRules({ analysis, config });
      analysis.findings.push(...found.filter((f) => f.segment === undefined || analysis.segments[f.segment]?.maybe !== true || (f.kind !== 'cannot-vouch' && (f.kind !== 'egress' || analysis.segments[f.segment]?.maybeNested === true))));
    } catch (err) {
      // Fail closed: an internal failure is a cannot-vouch finding, never a pass and never a throw. Input
      // nested deeper than the stack allows is a limit, like the other limits.
      const deep = err instanceof RangeError && /call stack/i.test(err.message);
      const limit = err instanceof AnalysisLimitError;
      analysis.findings.push({
        rule: deep || limit ? FLOOR.limit : FLOOR.internalError,
        kind: 'cannot-vouch',
        message: deep
          ? 'the command line is nested too deeply to analyse'
          : limit
            ? (err as Error).message
            : `vouch failed to analyse this command: ${(err as Error)?.message ?? String(err)}`,
        span: { start: 0, end: line.command.length },
      });
    }
    return analysis;
  }

  return { analyze, config, withConfig: (c) => makeAnalyzer(dialects, limits, { ...config, ...c }) };
}
