// createGuard: one verdict per tool call, in a fixed order, under a policy; never throws.
import type { Analyzer } from '../analyzer.js';
import { epochMs } from '../clock.js';
import { RULE_IDS } from '../rules/index.js';
import type { Analysis, Dialect, Finding } from '../types.js';
import { compilePathMatchers, isWithin, resolvePath } from './paths.js';
import { type GuardPolicy, PolicyError, parsePolicy, ruleConfigOf } from './policy.js';
import { canonicalToolName, EDIT_TOOLS, NAMES_ONLY_TOOLS, PATCH_TOOLS, pathArguments, patchTargets, toolKindName, WRITE_TOOLS } from './tools.js';
import { createReadTracker, type GuardFs, type ReadTracker } from './tracker.js';

/** A tool call as a harness sees it before running it. */
export interface ToolCall {
  tool: string;
  input: unknown;
  cwd: string;
  id?: string;
}

/** A denial with its rule and reason, or nothing: there is no third value. */
export type Verdict = { block: true; reason: string; rule: string } | undefined;

/** The seam another analyzer plugs into (cc-safety-net's `checkCommand` has this shape). */
export type CheckCommand = (c: { command: string; cwd: string }) => { kind: 'allow' } | { kind: 'deny'; reason: string; ruleId?: string };

/** One line per verdict: denials at `warn`, passes at `debug`. */
export interface VerdictRecord {
  time: string;
  level: 'warn' | 'debug';
  tool: string;
  id: string | null;
  verdict: 'block' | 'pass';
  rule: string | null;
  reason: string | null;
  /** What the verdict is about: the command, the path(s), or the tool name. */
  subject: string;
  durationUs: number;
}

export interface GuardDependencies {
  /** Another analyzer asked first for shell tools (e.g. cc-safety-net's); a throw or a malformed answer denies. */
  checkCommand?: CheckCommand;
  /** Stats a file for the read-state checks of file tools; without it, only what the tracker recorded is checked. */
  fs?: GuardFs;
  /** Receives one record per verdict; a throw is ignored. */
  sink?: (record: VerdictRecord) => void;
  /** Milliseconds since the epoch (fractions welcome: records carry microseconds). */
  now?: () => number;
  /** The user's home directory (surfaces pass `os.homedir()`); `~` in commands and paths. */
  home?: string;
  /** The tools the host registers; a throw or a non-list means they cannot be known, which denies every call. */
  hostTools?: string[] | (() => string[]);
  /** The unit of the shell tool's `timeout` (Claude Code: ms, pi: s). Default `ms`. */
  timeoutUnit?: 'ms' | 's';
}

export interface Inspection {
  verdict: Verdict;
  /** The analysis of a shell tool's command, when one was made. */
  analysis?: Analysis;
  /** On a pass, the input to run: a new object when a timeout was injected, else the caller's. */
  input?: unknown;
}

export interface Guard {
  /** The verdict for one tool call. Never throws. */
  decide(call: ToolCall): Verdict;
  /** The verdict, the analysis behind it for shell tools, and the input to run on a pass. Never throws. */
  inspect(call: ToolCall): Inspection;
  readonly tracker: ReadTracker;
  readonly policy: GuardPolicy;
}

/** The rule ids the guard itself gives verdicts under; with the analyzer's rule ids they are every verdict's rule. */
export const GUARD_RULES = {
  /** The call itself is malformed: not an object, a missing or mistyped field, a value too large to read. */
  badInput: 'guard.bad-input',
  /** The policy names a tool the host does not register, or the host's tool list could not be read. */
  hostTools: 'guard.host-tools',
  /** The injected `checkCommand` denied without naming a rule, threw, or answered out of shape. */
  dependency: 'guard.dependency',
  /** The guard failed on this call; reported as a denial, never thrown. */
  internalError: 'guard.internal-error',
  /** A file tool writing outside `writeRoots`. */
  writeOutsideRoots: 'guard.write-outside-roots',
  /** A file tool writing under `protectedWriteFragments`. */
  protectedWrite: 'guard.protected-write',
  /** A file tool writing a `persistenceWriteBasenames` / `persistenceWriteDirectories` target. */
  persistenceWrite: 'guard.persistence-write',
  /** A file tool or reader naming a credential path, or searching a directory that holds one. */
  secretPath: 'guard.secret-path',
  /** `write` over an existing file the agent has not read. */
  unreadWrite: 'guard.unread-write',
  /** `write` over a file the agent read only in part. */
  partialRead: 'guard.partial-read',
  /** `write` or `edit` of a file that changed since the agent read it. */
  staleFile: 'guard.stale-file',
  /** `apply_patch` run from a shell with a patch that is not static text. */
  dynamicPatch: 'guard.dynamic-patch',
} as const;

/** Every rule id a verdict can carry, besides the id an injected checkCommand names for its own denial. */
export const VERDICT_RULE_IDS: readonly string[] = [...RULE_IDS, ...Object.values(GUARD_RULES)];

/** Which finding kinds deny, in the order the first denial is chosen. */
const KIND_ORDER: readonly string[] = ['egress', 'env-dump', 'secret', 'write', 'cannot-vouch'];
/** The rule whose `info` findings deny when `denyInlineInterpreters` is set. */
export const INLINE_INTERPRETER_RULE = 'interp.inline';

/** Longest command or path the guard reads; beyond it a call is refused before any analyzer sees it. */
export const MAX_COMMAND_CHARS = 256 * 1024;
const MAX_PATH_CHARS = 4096;
const MAX_PATH_ARGUMENTS = 256;
const MAX_SUBJECT_CHARS = 512;

function isAbsolute(p: string): boolean {
  return p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p) || p.startsWith('\\\\');
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? `a string of ${value.length} characters` : `a ${typeof value}`;
}

const block = (rule: string, reason: string): Verdict => ({ block: true, rule, reason });

/** Single-quotes one argv element for bash (`it's` → `'it'\''s'`). */
function shellQuote(arg: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** The denying finding that decides the verdict: first by kind order, then in the analyzer's order. */
export function denyingFinding(findings: readonly Finding[], policy: GuardPolicy): Finding | undefined {
  let best: Finding | undefined;
  let bestRank = Number.POSITIVE_INFINITY;
  for (const f of findings) {
    let rank: number;
    if (f.kind === 'info') {
      if (!(policy.denyInlineInterpreters && f.rule === INLINE_INTERPRETER_RULE)) continue;
      rank = KIND_ORDER.length + 1;
    } else if (f.kind === 'cannot-vouch' && !policy.denyCannotVouch) continue;
    else {
      const at = KIND_ORDER.indexOf(f.kind);
      // A kind this guard does not know still denies: fail closed.
      rank = at < 0 ? KIND_ORDER.length : at;
    }
    if (rank < bestRank) {
      best = f;
      bestRank = rank;
    }
  }
  return best;
}

/** A policy's examples are its own tests: each must get the verdict it claims, or the policy is refused. */
function checkExamples(policy: GuardPolicy, shellTools: Map<string, Dialect>, home: string, verdictOf: (call: ToolCall) => Verdict): void {
  const bashTool = [...shellTools].find(([, d]) => d === 'bash')?.[0] ?? shellTools.keys().next().value;
  for (const expected of ['deny', 'pass'] as const) {
    policy.examples[expected].forEach((example, i) => {
      const where = `policy: examples.${expected}[${i}]`;
      let call: ToolCall;
      if (typeof example === 'string') {
        if (bashTool === undefined) throw new PolicyError(`${where}: a command example needs a shell tool in shellTools`);
        call = { tool: bashTool, input: { command: example }, cwd: home };
      } else call = { tool: example.tool, input: example.input, cwd: example.cwd ?? home };
      const verdict = verdictOf(call);
      const shown = JSON.stringify(example);
      if (expected === 'deny' && !verdict) throw new PolicyError(`${where}: ${shown} passed, but the policy says it is denied`);
      if (expected === 'pass' && verdict) {
        throw new PolicyError(`${where}: ${shown} was denied (${verdict.rule}: ${verdict.reason}), but the policy says it passes`);
      }
    });
  }
}

interface CallContext {
  tool: string;
  cwd: string;
  input: unknown;
  subject: string;
}

export function createGuard(opts: { policy?: Partial<GuardPolicy>; analyzer: Analyzer; dependencies?: GuardDependencies }): Guard {
  const policy = parsePolicy(opts.policy ?? {}, 'policy');
  const deps = opts.dependencies ?? {};
  const home = deps.home ?? '/root';
  if (!isAbsolute(home)) throw new PolicyError(`dependencies.home must be an absolute path, found ${JSON.stringify(home)}`);
  const shellTools = new Map<string, Dialect>();
  for (const [name, dialect] of Object.entries(policy.shellTools)) {
    const tool = canonicalToolName(name);
    if (shellTools.has(tool) && shellTools.get(tool) !== dialect) {
      throw new PolicyError(`policy: key "shellTools.${name}" names the tool "${tool}" a second time with another dialect`);
    }
    shellTools.set(tool, dialect);
  }
  const analyzer = opts.analyzer.withConfig(ruleConfigOf(policy));
  const paths = compilePathMatchers(policy);
  const tracker = createReadTracker(home);
  const now = deps.now ?? epochMs;
  const timeoutScale = deps.timeoutUnit === 's' ? 1 : 1000;
  // The user's home and root's: a search over either (or an ancestor, `/home`, `/`) reaches their credentials.
  const secretLocations = [...new Set([home, '/root'])].flatMap((h) => paths.secretLocations(h)).map((l) => l.toLowerCase());

  function hostMismatch(): string | undefined {
    const { hostTools } = deps;
    if (hostTools === undefined) return undefined;
    let listed: unknown;
    try {
      listed = typeof hostTools === 'function' ? hostTools() : hostTools;
    } catch (err) {
      return `the host's tool list could not be read (${(err as Error)?.message ?? String(err)}); every call is denied until it can`;
    }
    if (!Array.isArray(listed) || !listed.every((t) => typeof t === 'string')) {
      return `the host's tool list could not be read (it is ${describe(listed)}, not a list of names); every call is denied until it can`;
    }
    const registered = new Set(listed.map(canonicalToolName));
    const missing = [...shellTools.keys()].filter((t) => !registered.has(t));
    if (missing.length === 0) return undefined;
    const shown = [...registered].slice(0, 20).join(', ');
    return `the policy names shell tool(s) ${missing.join(', ')} that the host does not register (host tools: ${shown || 'none'}); fix policy.shellTools — every call is denied until it matches`;
  }

  function shellCommand(input: unknown, dialect: Dialect): string | Verdict {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      return block(GUARD_RULES.badInput, `shell tool input must be an object with a \`command\` string, found ${describe(input)}`);
    }
    const { command, timeout } = input as Record<string, unknown>;
    let text: string;
    if (typeof command === 'string') text = command;
    else if (dialect === 'bash' && Array.isArray(command) && command.length > 0 && command.every((a) => typeof a === 'string')) {
      // An argv list (Codex `shell`) runs as if its words were quoted one by one.
      text = (command as string[]).map(shellQuote).join(' ');
    } else return block(GUARD_RULES.badInput, `\`command\` must be a string, found ${describe(command)}`);
    if (text.trim() === '') return block(GUARD_RULES.badInput, '`command` is empty');
    if (text.length > MAX_COMMAND_CHARS) {
      return block(GUARD_RULES.badInput, `\`command\` is ${text.length} characters; the guard reads at most ${MAX_COMMAND_CHARS}`);
    }
    if (timeout != null && (typeof timeout !== 'number' || !Number.isFinite(timeout) || timeout < 0)) {
      return block(GUARD_RULES.badInput, `\`timeout\` must be a non-negative number, found ${describe(timeout)}`);
    }
    return text;
  }

  function askDependency(check: CheckCommand, command: string, cwd: string): Verdict {
    let result: unknown;
    try {
      result = check({ command, cwd });
    } catch (err) {
      return block(GUARD_RULES.dependency, `the injected checkCommand failed, so the command is not allowed: ${(err as Error)?.message ?? String(err)}`);
    }
    const r = result as { kind?: unknown; reason?: unknown; ruleId?: unknown } | null;
    if (typeof r === 'object' && r !== null && r.kind === 'allow') return undefined;
    if (typeof r === 'object' && r !== null && r.kind === 'deny') {
      const reason = typeof r.reason === 'string' && r.reason !== '' ? r.reason : 'the injected checkCommand denied this command';
      // The dependency's own id is passed through; without one, no id is invented for it.
      const rule = typeof r.ruleId === 'string' && r.ruleId !== '' ? r.ruleId : GUARD_RULES.dependency;
      return block(rule, reason);
    }
    return block(GUARD_RULES.dependency, `the injected checkCommand answered ${describe(result)}, not {kind: 'allow' | 'deny'}`);
  }

  function decideShell(call: CallContext, dialect: Dialect): Inspection {
    const command = shellCommand(call.input, dialect);
    if (typeof command !== 'string') return { verdict: command };
    call.subject = command;
    const record = call.input as Record<string, unknown>;
    // A tool that runs in its own directory (Codex `workdir`, Gemini `directory`) is analysed there.
    const workdir = record.workdir ?? record.cwd ?? record.directory;
    let cwd = call.cwd;
    if (workdir != null) {
      if (typeof workdir !== 'string' || workdir.length > MAX_PATH_CHARS) {
        return { verdict: block(GUARD_RULES.badInput, `\`workdir\` must be a path, found ${describe(workdir)}`) };
      }
      cwd = resolvePath(workdir, call.cwd, home);
    }
    if (deps.checkCommand) {
      const verdict = askDependency(deps.checkCommand, command, cwd);
      if (verdict) return { verdict };
    }
    const analysis = analyzer.analyze({ command, shell: dialect, cwd, home });
    const finding = denyingFinding(analysis.findings, policy);
    if (finding) return { verdict: block(finding.rule, finding.message), analysis };
    const patched = patchesIn(call, analysis, cwd);
    if (patched) return { verdict: patched, analysis };
    let input = call.input;
    if (policy.defaultBashTimeoutSeconds > 0 && record.timeout == null) {
      input = { ...record, command: record.command, timeout: policy.defaultBashTimeoutSeconds * timeoutScale };
    }
    return { verdict: undefined, analysis, input };
  }

  /**
   * `apply_patch` run as a command (Codex: an argv, or a heredoc) writes the files its patch names: they meet the
   * file tools' checks, and a patch that is not static text cannot be checked at all.
   */
  function patchesIn(call: CallContext, analysis: Analysis, cwd: string): Verdict {
    for (const inv of analysis.invocations) {
      if (!PATCH_TOOLS.has(inv.program.toLowerCase())) continue;
      const segment = analysis.segments[inv.segment];
      const words = [...inv.args, ...(segment?.redirects.flatMap((r) => (r.body ? [r.body] : [])) ?? [])];
      const texts = words.flatMap((w) => w.values ?? []);
      const targets = texts.flatMap((t) => patchTargets(t) ?? []);
      if (targets.length === 0) {
        return block(GUARD_RULES.dynamicPatch, `${inv.program} is given no patch in static text, so the files it writes cannot be checked`);
      }
      const at = { ...call, cwd: inv.cwd ?? cwd };
      for (const t of targets) {
        const verdict = decideFileWrite(at, t.mode, t.path);
        if (verdict) return verdict;
      }
    }
    return undefined;
  }

  function readState(mode: 'write' | 'edit', tool: string, path: string): Verdict {
    const read = tracker.get(path);
    let stat: ReturnType<GuardFs> | 'unknown' = 'unknown';
    if (deps.fs) {
      try {
        stat = deps.fs(path);
      } catch (err) {
        return block(GUARD_RULES.staleFile, `${tool} ${path}: its state could not be read (${(err as Error)?.message ?? String(err)})`);
      }
    }
    const exists = stat !== 'unknown' && stat !== undefined;
    if (mode === 'write' && !read && exists) {
      return block(GUARD_RULES.unreadWrite, `${tool} would replace ${path}, which exists and has not been read; read it first`);
    }
    if (read && exists && stat !== 'unknown' && stat !== undefined && stat.mtimeMs !== read.mtimeMs) {
      return block(GUARD_RULES.staleFile, `${path} changed since it was read; read it again before ${mode === 'write' ? 'writing' : 'editing'} it`);
    }
    if (mode === 'write' && read?.partial) {
      return block(GUARD_RULES.partialRead, `${tool} would replace ${path}, which was read only in part; read it whole first`);
    }
    return undefined;
  }

  function decideFileWrite(call: CallContext, mode: 'write' | 'edit', raw: string): Verdict {
    if (raw === '' || raw.length > MAX_PATH_CHARS) return block(GUARD_RULES.badInput, `${call.tool}: the path is ${describe(raw)}`);
    const path = resolvePath(raw, call.cwd, home);
    const roots = policy.writeRoots.length > 0 ? policy.writeRoots.map((r) => resolvePath(r, call.cwd, home)) : [resolvePath(call.cwd, '/', home)];
    if (!roots.some((r) => isWithin(path, r))) {
      return block(GUARD_RULES.writeOutsideRoots, `${call.tool} to ${path} is outside the write roots (${roots.join(', ')}) (policy: writeRoots)`);
    }
    if (paths.protectedWrite(path)) return block(GUARD_RULES.protectedWrite, `${call.tool} to ${path} touches a protected path (policy: protectedWriteFragments)`);
    if (paths.persistence(path)) {
      return block(GUARD_RULES.persistenceWrite, `${call.tool} to ${path} installs something that runs later (policy: persistenceWriteBasenames/Directories)`);
    }
    if (paths.secret(path)) return block(GUARD_RULES.secretPath, `${call.tool} to ${path} names a credential (policy: secretPathFragments/secretBasenamePatterns)`);
    return readState(mode, call.tool, path);
  }

  function decideFile(call: CallContext, mode: 'write' | 'edit'): Verdict {
    const args = pathArguments(toolKindName(call.tool), call.input);
    if (args.malformed) return block(GUARD_RULES.badInput, `${call.tool}: \`${args.malformed}\` must be a path`);
    if (args.paths.length === 0) return block(GUARD_RULES.badInput, `${call.tool}: the input names no file path`);
    if (args.paths.length > MAX_PATH_ARGUMENTS) return block(GUARD_RULES.badInput, `${call.tool}: ${args.paths.length} paths; the guard reads at most ${MAX_PATH_ARGUMENTS}`);
    call.subject = args.paths.join(' ');
    for (const raw of args.paths) {
      const verdict = decideFileWrite(call, mode, raw);
      if (verdict) return verdict;
    }
    return undefined;
  }

  function decidePatch(call: CallContext): Verdict {
    const targets = patchTargets(call.input);
    if (!targets || targets.length === 0) return block(GUARD_RULES.badInput, `${call.tool}: the input holds no patch that names a file`);
    if (targets.length > MAX_PATH_ARGUMENTS) return block(GUARD_RULES.badInput, `${call.tool}: the patch names ${targets.length} files; the guard reads at most ${MAX_PATH_ARGUMENTS}`);
    call.subject = targets.map((t) => t.path).join(' ');
    for (const t of targets) {
      const verdict = decideFileWrite(call, t.mode, t.path);
      if (verdict) return verdict;
    }
    return undefined;
  }

  function decideReader(call: CallContext): Verdict {
    const args = pathArguments(toolKindName(call.tool), call.input);
    if (args.paths.length === 0 && args.filters.length === 0) return undefined;
    if (args.paths.length + args.filters.length > MAX_PATH_ARGUMENTS) {
      return block(GUARD_RULES.badInput, `${call.tool}: ${args.paths.length + args.filters.length} path arguments; the guard reads at most ${MAX_PATH_ARGUMENTS}`);
    }
    call.subject = [...args.paths, ...args.filters].join(' ');
    const namesOnly = NAMES_ONLY_TOOLS.has(toolKindName(call.tool));
    for (const raw of args.paths) {
      if (raw.length > MAX_PATH_CHARS) return block(GUARD_RULES.badInput, `${call.tool}: a path is ${describe(raw)}`);
      const path = resolvePath(raw, call.cwd, home);
      const base = path.slice(path.lastIndexOf('/') + 1);
      if (paths.secret(path) || paths.secretGlob(base)) {
        return block(GUARD_RULES.secretPath, `${call.tool} of ${path} names a credential (policy: secretPathFragments/secretBasenamePatterns)`);
      }
      if (namesOnly) continue;
      const dir = path.replace(/\/[^/]*[*?[].*$/, '') || '/';
      const searched = dir.toLowerCase();
      const beneath = secretLocations.find((loc) => isWithin(loc, searched));
      if (beneath) return block(GUARD_RULES.secretPath, `${call.tool} over ${dir} reaches the credential location ${beneath} (policy: secretPathFragments)`);
    }
    if (!namesOnly) {
      const filter = args.filters.find((f) => paths.secretGlob(f));
      if (filter) return block(GUARD_RULES.secretPath, `${call.tool} filtered by ${filter} selects credential files (policy: secretBasenamePatterns)`);
    }
    return undefined;
  }

  function route(call: CallContext): Inspection {
    const dialect = shellTools.get(call.tool);
    if (dialect) return decideShell(call, dialect);
    const kind = toolKindName(call.tool);
    if (PATCH_TOOLS.has(kind)) return { verdict: decidePatch(call) };
    if (WRITE_TOOLS.has(kind)) return { verdict: decideFile(call, 'write') };
    if (EDIT_TOOLS.has(kind)) return { verdict: decideFile(call, 'edit') };
    return { verdict: decideReader(call) };
  }

  function evaluate(call: unknown, ctx: CallContext, floor = true): Inspection {
    const mismatch = floor ? hostMismatch() : undefined;
    if (mismatch) return { verdict: block(GUARD_RULES.hostTools, mismatch) };
    if (typeof call !== 'object' || call === null) return { verdict: block(GUARD_RULES.badInput, `a tool call must be an object, found ${describe(call)}`) };
    const { tool, cwd, input } = call as Record<string, unknown>;
    if (typeof tool !== 'string' || tool.trim() === '' || tool.length > 256) {
      return { verdict: block(GUARD_RULES.badInput, `\`tool\` must be a tool name, found ${describe(tool)}`) };
    }
    ctx.tool = canonicalToolName(tool);
    ctx.subject = ctx.tool;
    if (typeof cwd !== 'string' || !isAbsolute(cwd) || cwd.length > MAX_PATH_CHARS) {
      return { verdict: block(GUARD_RULES.badInput, `\`cwd\` must be an absolute path, found ${typeof cwd === 'string' ? JSON.stringify(cwd.slice(0, 80)) : describe(cwd)}`) };
    }
    ctx.cwd = cwd;
    ctx.input = input;
    const result = route(ctx);
    if (!result.verdict && !('input' in result)) result.input = input;
    return result;
  }

  function emit(call: unknown, ctx: CallContext, verdict: Verdict, start: number): void {
    if (!deps.sink) return;
    try {
      const id = (call as { id?: unknown } | null)?.id;
      deps.sink({
        time: new Date(start).toISOString(),
        level: verdict ? 'warn' : 'debug',
        tool: ctx.tool,
        id: typeof id === 'string' ? id : null,
        verdict: verdict ? 'block' : 'pass',
        rule: verdict ? verdict.rule : null,
        reason: verdict ? verdict.reason : null,
        subject: ctx.subject.length > MAX_SUBJECT_CHARS ? `${ctx.subject.slice(0, MAX_SUBJECT_CHARS)}…` : ctx.subject,
        durationUs: Math.max(0, Math.round((now() - start) * 1000)),
      });
    } catch {
      // A failing logger must not turn a verdict into a throw.
    }
  }

  function inspect(call: ToolCall): Inspection {
    let start = 0;
    const ctx: CallContext = { tool: '', cwd: '/', input: undefined, subject: '' };
    let result: Inspection;
    try {
      start = now();
      result = evaluate(call, ctx);
    } catch (err) {
      let message: string;
      try {
        message = (err as Error)?.message ?? String(err);
      } catch {
        message = 'an unprintable error';
      }
      result = { verdict: block(GUARD_RULES.internalError, `the guard failed on this call, so it is denied: ${message}`) };
    }
    emit(call, ctx, result.verdict, start);
    return result;
  }

  checkExamples(policy, shellTools, home, (call) => evaluate(call, { tool: '', cwd: '/', input: undefined, subject: '' }, false).verdict);
  return { decide: (call) => inspect(call).verdict, inspect, tracker, policy };
}
