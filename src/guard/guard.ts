// createGuard: one verdict per tool call, in a fixed order, under a policy; never throws.
import type { Analyzer } from '../analyzer.js';
import { epochMs } from '../clock.js';
import { linkCall } from '../programs/entries/files.js';
import { shellQuote } from '../programs/words.js';
import { RULE_IDS } from '../rules/index.js';
import type { Analysis, Dialect, Finding, Span } from '../types.js';
import { type LinkMade, linksMade } from './links.js';
import { parseCodexPatch } from './patch.js';
import { compilePathMatchers, type GlobSyntax, isWithin, type ListHit, type PathReading, readingsOf } from './paths.js';
import { type GuardPolicy, PolicyError, parsePolicy, ruleConfigOf } from './policy.js';
import { exactSpellings, lineTouches } from './shell.js';
import { canonicalToolName, codeToolInput, DIRECTORY_KEYS, differentDirectories, mcpShellInput, metadataUrl, noTypedText, nothingTyped, PATCH_TOOLS, type PathRole, proxiedMcpCall, readToolCall, toolKindName, typedText, typingDialect } from './tools.js';
import { createReadTracker, type GuardFs, type ReadTracker } from './tracker.js';

/** A tool call as a harness sees it before running it. */
export interface ToolCall {
  tool: string;
  input: unknown;
  cwd: string;
  id?: string;
  /**
   * A shell tool's command may be typed into later, unseen by the guard (Codex `write_stdin`, Copilot `write_bash`):
   * a shell or REPL started with no script (`bash`, `python3`) reads its code from there, so it cannot be vouched for.
   */
  stdinLater?: boolean;
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
  /**
   * The host's `realpath`: the path with every link in it resolved (through its existing ancestors when the file
   * itself does not exist yet), or undefined when it cannot say. A file tool's path is checked at its target too.
   * A throw denies the call.
   */
  realpath?: (path: string) => string | undefined;
  /**
   * Whether a directory is a linked git worktree (a disposable checkout), for `allowGitDiscardsInWorktree`; a throw
   * or no answer counts as no. The analyzer reads no filesystem: this probe is the host's.
   */
  isLinkedWorktree?: (dir: string) => boolean;
  /**
   * The host's reader of a file a shell line applies as a patch (`git apply fix.diff`, `patch -p1 -i fix.diff`): its
   * text, or undefined when it cannot say. With it, the files a patch names are judged as the line's own writes (a
   * patch an earlier call wrote cannot rewrite an agent's settings); without it they are not known. See
   * CommandLine.readText.
   */
  readText?: (path: string) => string | undefined;
  /**
   * The host's reader of an archive's member names (`tar xzf x.tgz` in the project): with it, an extraction where an
   * agent's setup lies is judged by what the archive holds; without it, it is refused there. See CommandLine.listArchive.
   */
  listArchive?: (path: string) => readonly string[] | undefined;
}

export interface Inspection {
  verdict: Verdict;
  /** The analysis of a shell tool's command, when one was made. */
  analysis?: Analysis;
  /**
   * On a pass, the input to run: the copy the guard judged (taken once, as JSON, before judging), with a timeout
   * injected where one was due. Run this, not the caller's object, so what runs is what was checked.
   */
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
  /** A file tool or shell line that writes, moves, links or deletes the guard's own setup (`selfProtectedPaths`). */
  selfProtection: 'guard.self-protection',
  /** A path that goes through a link whose target no static reading knows. */
  unknownLink: 'guard.unknown-link',
} as const;

/** Every rule id a verdict can carry, besides the id an injected checkCommand names for its own denial. */
export const VERDICT_RULE_IDS: readonly string[] = [...RULE_IDS, ...Object.values(GUARD_RULES)];

/** Which finding kinds deny, in the order the first denial is chosen. */
const KIND_ORDER: readonly string[] = ['egress', 'env-dump', 'secret', 'write', 'destructive', 'cannot-vouch'];
/** The rule whose `info` findings deny when `denyInlineInterpreters` is set. */
export const INLINE_INTERPRETER_RULE = 'interp.inline';

/** Longest command or path the guard reads; beyond it a call is refused before any analyzer sees it. */
export const MAX_COMMAND_CHARS = 256 * 1024;
const MAX_PATH_CHARS = 4096;
const MAX_PATH_ARGUMENTS = 256;
/** Largest input the guard copies and reads (a hook event is at most 16 MB). */
const MAX_INPUT_CHARS = 16 * 1024 * 1024;
/** How many links a path may go through before the guard stops following them (and denies). */
const MAX_LINK_HOPS = 16;
const MAX_SUBJECT_CHARS = 512;

/** A copy of the input as JSON data, taken once: getters run once, and what is judged is what runs. */
function snapshot(input: unknown): { value: unknown } | string {
  if (input === undefined) return { value: undefined };
  let text: string | undefined;
  try {
    text = JSON.stringify(input);
  } catch (err) {
    return `the input cannot be read as JSON data (${(err as Error)?.message ?? String(err)})`;
  }
  if (text === undefined) return `the input is ${typeof input}, not JSON data`;
  if (text.length > MAX_INPUT_CHARS) return `the input is ${text.length} characters of JSON; the guard reads at most ${MAX_INPUT_CHARS}`;
  return { value: JSON.parse(text) };
}

/** The rules' form of a path, which their matchers read: lower case, and a drive path led by `/` (`/c:/users/u`). */
function matchForm(path: string): string {
  const p = path.replace(/\\/g, '/').toLowerCase();
  return /^[a-z]:/.test(p) ? `/${p}` : p;
}

function isAbsolute(p: string): boolean {
  return p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p) || p.startsWith('\\\\');
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'none (the key is missing)';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? `a string of ${value.length} characters` : `a ${typeof value}`;
}

const block = (rule: string, reason: string): NonNullable<Verdict> => ({ block: true, rule, reason });

/** A path's last component, without case (`/usr/bin/curl` → `curl`). */
function lastName(path: string): string {
  return (path.replace(/[\\/]+$/, '').split(/[\\/]/).pop() ?? path).toLowerCase();
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
  /** See ToolCall.stdinLater. */
  stdinLater?: boolean;
  tool: string;
  /** The tool's name as the host sent it (its case shows its words: `writeFile`, `StrReplace`). */
  rawTool: string;
  cwd: string;
  input: unknown;
  subject: string;
}

export function createGuard(opts: { policy?: Partial<GuardPolicy>; analyzer: Analyzer; dependencies?: GuardDependencies }): Guard {
  // Called from JavaScript too, where nothing checked the argument's shape: say what is missing, not a TypeError from inside.
  if (typeof opts !== 'object' || opts === null) throw new TypeError('createGuard needs an options object: createGuard({ analyzer: await createAnalyzer() })');
  if (typeof (opts.analyzer as Partial<Analyzer> | undefined)?.withConfig !== 'function') {
    throw new TypeError(`createGuard: \`analyzer\` is ${opts.analyzer === undefined ? 'missing' : 'not an analyzer'}: pass \`analyzer: await createAnalyzer()\` (from 'vouch')`);
  }
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
  const homeForm = matchForm(home);
  /** Links the session's shell lines made (match form → target in match form, null when unknowable). */
  const links = new Map<string, string | null>();

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
    return runsAs(text, input as Record<string, unknown>, dialect, typeof command !== 'string');
  }

  /**
   * The command line as the tool runs it, with what the keys beside it change: a shell other than bash or sh
   * (`shell`, with `login` its -l: Codex's exec_command) reads it as that shell reads it (`fish -c TEXT`, which the
   * registry reads in fish's quoting); an environment given (`env`: the Responses API's local_shell) is the command's
   * (`env K=V bash -c TEXT`, so BASH_ENV, GIT_SSH_COMMAND or LD_PRELOAD there are read as on the line). A value of
   * neither shape is refused.
   */
  function runsAs(text: string, record: Record<string, unknown>, dialect: Dialect, argv: boolean): string | Verdict {
    const { shell, login, env } = record;
    let line = text;
    let simple = argv;
    // (`shell: true`, as subprocess takes it, is the shell the line is read in already.)
    if (shell != null && typeof shell !== 'boolean' && dialect === 'bash') {
      if (typeof shell !== 'string' || shell.trim() === '' || shell.length > MAX_PATH_CHARS) return block(GUARD_RULES.badInput, `\`shell\` must name a shell, found ${describe(shell)}`);
      const name = lastName(shell).replace(/\.exe$/i, '');
      if (!/^(?:bash|sh)$/i.test(name) || login === true) {
        // (cmd takes its text after /c; the others after -c, a login shell's after -lc.)
        line = `${shellQuote(shell)} ${/^cmd$/i.test(name) ? '/c' : login === true ? '-lc' : '-c'} ${shellQuote(line)}`;
        simple = true;
      }
    }
    if (env == null) return line;
    const pairs = typeof env === 'object' && !Array.isArray(env) ? Object.entries(env as Record<string, unknown>) : undefined;
    if (pairs === undefined) return block(GUARD_RULES.badInput, `\`env\` must map names to strings, found ${describe(env)}`);
    const bad = pairs.find(([k, v]) => typeof v !== 'string' || k === '' || k.includes('=') || k.includes('\0') || v.includes('\0'));
    if (bad !== undefined) return block(GUARD_RULES.badInput, `\`env\` must map names to strings, found ${describe(bad[1])} for \`${bad[0].slice(0, 64)}\``);
    if (pairs.length === 0) return line;
    if (dialect === 'powershell') return `${pairs.map(([k, v]) => `\${env:${k.replace(/[{}`]/g, '`$&')}} = '${(v as string).replace(/'/g, "''")}'`).join('; ')}; ${line}`;
    return `env ${pairs.map(([k, v]) => shellQuote(`${k}=${v as string}`)).join(' ')} ${simple ? line : `bash -c ${shellQuote(line)}`}`;
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

  /**
   * `allowGitDiscardsInWorktree`: a git discard run in a linked worktree (as the host's probe says), with no
   * `-C`, `--git-dir`, `--work-tree` or `GIT_DIR`-like variable pointing it elsewhere, is not a denial.
   */
  function withoutWorktreeDiscards(analysis: Analysis): Finding[] {
    const probe = deps.isLinkedWorktree;
    if (!probe) return analysis.findings;
    return analysis.findings.filter((f) => {
      if (f.rule !== 'destructive.git-discard' || f.segment === undefined) return true;
      const seg = analysis.segments[f.segment];
      // The git that discards, and the directory it runs in (a wrapper's `env -C` or `sudo -D` moves it).
      const at = (d: { span: Span }) => d.span.start === f.span.start && d.span.end === f.span.end;
      const git = analysis.invocations.find((i) => i.segment === f.segment && i.destroys?.some(at));
      const dir = git?.cwd ?? null;
      // Only a discard of this checkout's own changes is relaxed: not one that moves a branch, reaches submodules,
      // the shared stash or another worktree, nor one whose git reads settings or a repository named elsewhere.
      if (!seg || !git || !git.destroys!.find(at)!.local || dir === null || seg.depth > 0 || git.cwdGlob) return true;
      if (git.args.some((w) => /^(-C|--git-dir|--work-tree|--config-env|--exec-path|--namespace)/.test(w.values?.[0] ?? w.text))) return true;
      if (seg.assignments.some((a) => /^GIT_/.test(a.name)) || analysis.invocations.some((i) => i.segment === f.segment && i !== git && i.wraps === true)) return true;
      try {
        return probe(dir) !== true;
      } catch {
        return true;
      }
    });
  }

  function decideShell(call: CallContext, dialect: Dialect): Inspection {
    const command = shellCommand(call.input, dialect);
    if (typeof command !== 'string') return { verdict: command };
    call.subject = command;
    const record = call.input as Record<string, unknown>;
    // A tool that runs in its own directory (Codex `workdir`, Gemini `directory` or `dir_path`) is analysed there.
    const named = DIRECTORY_KEYS.filter((k) => record[k] != null);
    const workdir = named.length > 0 ? record[named[0]!] : undefined;
    const other = named.find((k) => record[k] !== workdir);
    if (other !== undefined) return { verdict: block(GUARD_RULES.badInput, differentDirectories(named[0]!, other)) };
    let cwd = call.cwd;
    if (workdir != null) {
      const dir = typeof workdir === 'string' && workdir.length <= MAX_PATH_CHARS ? readingsOf(workdir, call.cwd, home) : undefined;
      if (dir === undefined || typeof dir === 'string') {
        return { verdict: block(GUARD_RULES.badInput, `\`${named[0]}\` must be a path, found ${typeof dir === 'string' ? `one that is refused: ${dir}` : describe(workdir)}`) };
      }
      cwd = dir[0]!.path;
    }
    if (deps.checkCommand) {
      const verdict = askDependency(deps.checkCommand, command, cwd);
      if (verdict) return { verdict };
    }
    const analysis = analyzer.analyze({ command, shell: dialect, cwd, home, ...(call.stdinLater ? { stdin: 'what the agent types into the session later' } : {}), ...(deps.readText ? { readText: deps.readText } : {}), ...(deps.listArchive ? { listArchive: deps.listArchive } : {}) });
    const finding = denyingFinding(policy.allowGitDiscardsInWorktree ? withoutWorktreeDiscards(analysis) : analysis.findings, policy);
    if (finding) {
      // A write the guard's own setup may be among is named as that, whichever of the analyzer's rules spoke first
      // (`find ~ -name settings.json -exec sed -i …`: a start-up file, and maybe the hook's settings); a write into .git
      // that may install one of git's hooks, as that (`find . -name '*.sample' -exec …`).
      const own = finding.rule.startsWith('write.') ? lineVerdict(analysis, linksMade(analysis, cwd), cwd) : undefined;
      const telling = own?.rule === GUARD_RULES.selfProtection || (own?.rule === GUARD_RULES.persistenceWrite && finding.rule === 'write.protected');
      return { verdict: telling ? own : block(finding.rule, finding.message), analysis };
    }
    const made = linksMade(analysis, cwd);
    const own = lineVerdict(analysis, made, cwd) ?? linkedPrograms(analysis, cwd, dialect);
    if (own) return { verdict: own, analysis };
    const patched = patchesIn(call, analysis, cwd);
    if (patched) return { verdict: patched, analysis };
    // The links this line makes are there for the session's later calls.
    for (const l of made) rememberLink(l);
    let input = call.input;
    if (policy.defaultBashTimeoutSeconds > 0 && record.timeout == null) {
      input = { ...record, command: record.command, timeout: policy.defaultBashTimeoutSeconds * timeoutScale };
    }
    return { verdict: undefined, analysis, input };
  }

  /**
   * A program run by a path that a link leads elsewhere, made in an earlier call of the session or already on the disk
   * (`./x` after `ln -s /usr/bin/curl x`): what runs is the link's target, read as the line runs it, with its words.
   * (A link the line itself makes is the analyzer's to follow.)
   */
  function linkedPrograms(analysis: Analysis, cwd: string, dialect: Dialect): Verdict {
    if (dialect !== 'bash' || (links.size === 0 && !deps.realpath)) return undefined;
    for (const inv of analysis.invocations) {
      if (inv.dialect !== 'bash' || !inv.path.includes('/')) continue;
      // `"$D/python"`: any link of that name an earlier call made may be the one its directory holds.
      if (inv.dirComputed) {
        const link = [...links.keys()].find((l) => lastName(l) === inv.program.toLowerCase());
        if (link !== undefined) return block(GUARD_RULES.unknownLink, `the command runs ${inv.path}, whose directory is known only at run time, and an earlier call made ${link} a link`);
        continue;
      }
      const at = inv.cwd ?? cwd;
      const readings = readingsOf(inv.path, at, home);
      if (typeof readings === 'string') continue;
      const exact = readings[0]!.path;
      const targets = new Set<string>();
      const linked = throughLinks(matchForm(exact));
      if (linked === null) return block(GUARD_RULES.unknownLink, `the command runs ${inv.path} through a link whose target no static reading knows`);
      for (const t of linked) targets.add(t);
      if (deps.realpath) {
        try {
          const real = deps.realpath(exact);
          if (typeof real === 'string' && real !== '' && real !== exact) targets.add(real);
        } catch {
          // No such file (yet): nothing on the disk leads elsewhere.
        }
      }
      for (const target of targets) {
        if (lastName(target) === lastName(exact)) continue;
        const again = analyzer.analyze({ command: [target, ...inv.args.map((a) => a.text)].map((w, i) => (i === 0 ? shellQuote(w) : w)).join(' '), shell: 'bash', cwd: at, home });
        const finding = denyingFinding(again.findings, policy);
        if (finding) return block(finding.rule, `${inv.path} leads to ${target}: ${finding.message}`);
      }
    }
    return undefined;
  }

  function rememberLink(l: LinkMade): void {
    if (l.link === null) return;
    const link = readingsOf(l.link, '/', home);
    if (typeof link === 'string') return;
    const target = l.target === null ? null : readingsOf(l.target, '/', home);
    for (const r of link) links.set(matchForm(r.path), target === null || typeof target === 'string' ? null : matchForm(target[0]!.path));
  }

  /**
   * Every path `path` (match form) also reaches through the session's links and `extra` (this line's), each in
   * match form; null when one of them has a target no static reading knows, or the chain is too long.
   */
  function throughLinks(path: string, extra: ReadonlyMap<string, string | null> = new Map()): string[] | null {
    if (links.size === 0 && extra.size === 0) return [];
    const seen = new Set<string>([path]);
    const out: string[] = [];
    let frontier = [path];
    for (let hop = 0; frontier.length > 0; hop++) {
      if (hop > MAX_LINK_HOPS) return null;
      const next: string[] = [];
      for (const p of frontier) {
        // Each ancestor of the path (and the path itself) may be a link: look them up, no scan of every link.
        for (let end = p.length; end > 0; end = p.lastIndexOf('/', end - 1)) {
          const prefix = p.slice(0, end);
          for (const table of [links, extra]) {
            if (!table.has(prefix)) continue;
            const target = table.get(prefix)!;
            if (target === null) return null;
            const reached = readingsOf(target + p.slice(end), '/', home);
            if (typeof reached === 'string') return null;
            for (const r of reached) {
              const m = matchForm(r.path);
              if (!seen.has(m)) {
                seen.add(m);
                out.push(m);
                next.push(m);
              }
            }
          }
        }
      }
      frontier = next;
    }
    return out;
  }

  /** A path a line spells, in the match form of its first reading (no trailing slash); itself when refused. */
  function resolvedForm(path: string): string {
    const r = readingsOf(path, '/', home);
    return (typeof r === 'string' ? matchForm(path) : matchForm(r[0]!.path)).replace(/\/+$/, '');
  }

  /** A write to the guard's own setup (`selfProtectedPaths`). */
  function selfWrite(path: string, how: string, glob: GlobSyntax = 'none'): Verdict {
    const hit = paths.selfProtected(path, glob);
    return hit ? block(GUARD_RULES.selfProtection, `${how} ${path} would change the guard's own setup, which could switch vouch off (policy: ${hit.list}: ${hit.entry})`) : undefined;
  }

  /** The deny lists a write meets, in order: the guard's own setup, protected paths, persistence, credentials. */
  function writeHit(path: string, how: string, glob: GlobSyntax = 'none', cwd: string | null = null, surely = true): Verdict {
    const self = selfWrite(path, how, glob);
    if (self) return self;
    let hit = paths.protectedWrite(path, glob);
    if (hit) return block(GUARD_RULES.protectedWrite, `${how} ${path} touches a protected path (policy: ${hit.list}: ${hit.entry})`);
    hit = paths.persistence(path, glob, { home: homeForm, cwd }, surely);
    if (hit) return block(GUARD_RULES.persistenceWrite, `${how} ${path} installs something that runs later (policy: ${hit.list}: ${hit.entry})`);
    hit = paths.secret(path, glob);
    if (hit) return block(GUARD_RULES.secretPath, `${how} ${path} names a credential (policy: ${hit.list}: ${hit.entry})`);
    return undefined;
  }

  /** The guard's setup entry a shell path (rules' form) meets; memoised, as lines name the same globs (`*.txt`) again and again. */
  const selfHits = new Map<string, ListHit | null>();
  function selfHit(path: string, walk = false, dotglob = false, temp = false): ListHit | null {
    const key = `${walk ? '\u0000' : ''}${dotglob ? '\u0001' : ''}${temp ? '\u0002' : ''}${path}`;
    let hit = selfHits.get(key);
    if (hit === undefined) {
      // A path find prints below another user's home is a file there, not that home's setup, unless its name test
      // spells one (see Anchor.walk); a sweep that names none is still read as reaching it (setupBeneath). A path
      // with a computed part may be completed into one, unless that part is a directory mktemp made.
      hit = paths.selfProtected(path, 'none', walk ? { home: homeForm, cwd: null, walk: true } : undefined, dotglob) ?? paths.selfProtectedTail(path, dotglob) ?? (temp ? null : paths.selfProtectedComputed(path, dotglob));
      if (selfHits.size >= 8192) selfHits.clear();
      selfHits.set(key, hit);
    }
    return hit;
  }

  /**
   * The guard's own reading of a shell line: a write to (or a changing command naming) the guard's setup, and any
   * write or read that a link — made earlier in the session or on this line — carries to a denied path.
   */
  function lineVerdict(analysis: Analysis, made: LinkMade[], cwd: string): Verdict {
    const touches = lineTouches(analysis, links.size > 0 || made.length > 0 || deps.realpath !== undefined);
    // Under `shopt -s dotglob` a `*` matches dot names too: `sed -i … */*.json` reaches .claude/settings.json, and
    // `rm -rf *` in the project or a home the directory that holds the setup (not `rm -rf build/*`'s).
    const dg = touches.dotglob;
    const dgAt = (path: string) => dg && [matchForm(cwd), homeForm].some((d) => path.replace(/\/+$/, '').replace(/\/[^/]*$/, '') === d.replace(/\/+$/, ''));
    for (const t of touches.written) {
      const hit = selfHit(t.path, t.walk, dg, t.temp);
      if (hit) return block(GUARD_RULES.selfProtection, `the command writes ${t.text}, the guard's own setup, which could switch vouch off (policy: ${hit.list}: ${hit.entry})`);
    }
    // A write at the directory that holds the setup (`cp settings.json ~/.claude`, `ln -sfn /tmp/x ~/.claude`,
    // `tar xf x.tar -C .claude`, `rsync -a x/ .claude`) puts what it writes in the setup's place: each source lands
    // under its own name there, which is checked; a link made there may replace the directory, and what an archive
    // or a sync puts there is theirs to say. Making it where it is absent (`mkdir -p .claude`) passes.
    // (A link New-Item makes is a creation to the registry: the links the line makes say where it is one.)
    const linkedAt = new Set(made.flatMap((l) => (l.link === null ? [] : [resolvedForm(l.link)])));
    for (const t of touches.written) {
      const linkHere = linkedAt.has(t.path.replace(/\/+$/, ''));
      if ((t.create || t.may) && !linkHere) continue;
      const holder = paths.selfProtectedHolder(t.path, dgAt(t.path));
      if (!holder) continue;
      const link = linkHere || (t.how !== undefined && linkCall(t.how, []) !== undefined);
      if (!link && t.inside !== undefined) {
        for (const p of t.inside) {
          const hit = selfHit(p, false, dg);
          if (hit) return block(GUARD_RULES.selfProtection, `the command puts ${lastName(p)} into ${t.text}, the guard's own setup, which could switch vouch off (policy: ${hit.list}: ${hit.entry})`);
        }
        continue;
      }
      // A file whose name the line does not spell (`cp "$F" .claude`, `cp /boot/config-$(uname -r) .config`) lands
      // directly in it, under any name: a setup file there may be the one it replaces. (A link may replace the
      // directory itself; an archive or a sync puts whole trees there.)
      if (!link && !t.how?.endsWith('extracts into')) {
        if (!paths.selfProtectedChild(t.path)) continue;
      }
      return block(GUARD_RULES.selfProtection, `the command writes at ${t.text}, which holds the guard's own setup, and what lands there may replace it (policy: ${holder.list}: ${holder.entry})`);
    }
    for (const t of touches.named) {
      const hit = selfHit(t.path, false, dg);
      if (hit) return block(GUARD_RULES.selfProtection, `the command names ${t.text}, the guard's own setup, to a program that may change it (policy: ${hit.list}: ${hit.entry})`);
    }
    for (const t of touches.removed) {
      const hit = paths.selfProtectedHolder(t.path, dgAt(t.path));
      if (hit) return block(GUARD_RULES.selfProtection, `the command may remove or move ${t.text}, which holds the guard's own setup (policy: ${hit.list}: ${hit.entry})`);
    }
    for (const t of touches.moved) {
      // A home, or a directory above homes, moved away or locked (`mv ~ /tmp/x`, `chmod -R 000 ~`) takes every
      // agent's user setup beneath it along.
      if (!paths.holdsHomes(t.path, homeForm)) continue;
      const hit = paths.setupBeneath(t.path, homeForm, matchForm(cwd));
      if (hit) return block(GUARD_RULES.selfProtection, `the command may move or lock ${t.text}, beneath which the guard's own setup lies (policy: ${hit.list}: ${hit.entry})`);
    }
    // (An archive's members, or a directory's contents, put where an agent's setup lies beneath, the project or the
    // home, are said as what they are: below the project, `-C build`, neither lies.)
    for (const t of touches.trees) {
      const hit = selfHit(t.path, false, dg) ?? paths.selfProtectedHolder(t.path, dgAt(t.path)) ?? (t.kept ? null : paths.setupBeneath(t.path, homeForm, matchForm(cwd), t.names, t.visible === true));
      if (hit && t.unlisted) return block(GUARD_RULES.selfProtection, `${t.how} ${t.text} files whose names no static reading lists, and the guard's own setup lies beneath it (policy: ${hit.list}: ${hit.entry}); extract or copy into a directory below it (tar -C build, unzip -d build), or name the files it takes`);
      if (hit) return block(GUARD_RULES.selfProtection, `the command may change files beneath ${t.text} that it does not name, where the guard's own setup may lie (policy: ${hit.list}: ${hit.entry}); name the files, a directory below it (src), or leave out hidden directories, where agents keep their hooks (find . -name '*.ts' -not -path '*/.*')`);
    }
    for (const t of touches.trees) {
      const hit = t.kept ? null : paths.hooksBeneath(t.path, homeForm, matchForm(cwd), t.names, t.visible === true);
      if (hit && t.unlisted) return block(GUARD_RULES.persistenceWrite, `${t.how} ${t.text} files whose names no static reading lists, and git's hooks, which run at the next commit or push, may lie beneath it (policy: ${hit.list}: ${hit.entry}); extract or copy into a directory below it, or name the files it takes`);
      if (hit) return block(GUARD_RULES.persistenceWrite, `the command may change files beneath ${t.text} that it does not name, where git's hooks may lie, which run at the next commit or push (policy: ${hit.list}: ${hit.entry}); name the files, or a name test no hook matches`);
    }
    const extra = new Map<string, string | null>();
    for (const l of made) {
      // A link put where no static reading knows could be any later path: the line cannot be vouched for.
      if (l.link === null) return block(GUARD_RULES.unknownLink, 'the command makes a link whose name no static reading knows, so no later path can be checked');
      const link = readingsOf(l.link, '/', home);
      if (typeof link === 'string') continue;
      const target = l.target === null ? null : readingsOf(l.target, '/', home);
      for (const r of link) extra.set(matchForm(r.path), target === null || typeof target === 'string' ? null : matchForm(target[0]!.path));
    }
    if (links.size === 0 && extra.size === 0 && !deps.realpath) return undefined;
    // Links already on the disk (a hook is a fresh process each call and remembers no line's links): where the host
    // says each path really leads, for the spellings the line gives it.
    const spellings = deps.realpath ? exactSpellings(analysis) : undefined;
    const onDisk = (path: string): string[] | NonNullable<Verdict> => {
      const out: string[] = [];
      for (const exact of spellings?.get(path) ?? []) {
        let real: string | undefined;
        try {
          real = deps.realpath!(exact);
        } catch (err) {
          return block(GUARD_RULES.dependency, `the host could not resolve the links in ${exact} (${(err as Error)?.message ?? String(err)})`);
        }
        if (typeof real !== 'string' || real === '' || real === exact) continue;
        const reached = readingsOf(real, '/', home);
        if (typeof reached !== 'string') for (const r of reached) if (matchForm(r.path) !== path) out.push(matchForm(r.path));
      }
      return out;
    };
    for (const t of touches.written) {
      // Making a link writes the link, not its target: `ln -s ~/.bashrc dotfiles/bashrc` changes no start-up file.
      // (cp's writes are not told apart so: `cp -s ~/.bashrc rc` is taken for a write through the link it makes.)
      if (t.how !== undefined && linkCall(t.how, []) !== undefined) continue;
      const linked = throughLinks(t.path, extra);
      if (linked === null) return block(GUARD_RULES.unknownLink, `the command writes ${t.text} through a link whose target no static reading knows`);
      const real = onDisk(t.path);
      if (!Array.isArray(real)) return real;
      for (const p of [...linked, ...real]) {
        const verdict = writeHit(p, `the command writes ${t.text}, which a link makes`, 'none', null, !t.may);
        if (verdict) return verdict;
      }
    }
    for (const t of touches.uses) {
      const real = onDisk(t.path);
      if (!Array.isArray(real)) return real;
      // A path read or run through a chain of links too long to follow may end at a credential: as a write through one
      // is, denied (`cat l16`, `./l16`), unless the line is making that link (`ln -s l15 l16` names it as it makes it).
      const linked = throughLinks(t.path, extra);
      if (linked === null && !extra.has(t.path)) return block(GUARD_RULES.unknownLink, `the command names ${t.text}, which goes through a link whose target no static reading knows`);
      // Stryker disable next-line ArrayDeclaration: equivalent — a stand-in path for an unfollowable link names no credential, as none does.
      for (const p of [...(linked ?? []), ...real]) {
        const hit = paths.secret(p, 'none');
        if (hit) return block(GUARD_RULES.secretPath, `${t.text} reaches ${p} through a link, which names a credential (policy: ${hit.list}: ${hit.entry})`);
      }
    }
    return undefined;
  }

  /**
   * `apply_patch` run as a command (Codex: an argv, or a heredoc) writes the files its patch names: they meet the
   * file tools' checks, and a patch that is not static text cannot be checked at all. Codex reads the heredoc's
   * text as written when it intercepts the call, and the shell expands it when it runs: both readings count.
   */
  function patchesIn(call: CallContext, analysis: Analysis, cwd: string): Verdict {
    for (const inv of analysis.invocations) {
      if (!PATCH_TOOLS.has(inv.program.toLowerCase())) continue;
      const segment = analysis.segments[inv.segment];
      const bodies = segment?.redirects.flatMap((r) => (r.body ? [r.body] : [])) ?? [];
      // Stryker disable next-line ArrayDeclaration: equivalent — a word with no static value is no patch text, and a stand-in for it holds no `*** Begin Patch` either.
      const texts = [...inv.args.flatMap((w) => w.values ?? []), ...bodies.flatMap((b) => [...(b.values ?? []), b.text])];
      const patches = texts.filter((t) => t.includes('*** Begin Patch'));
      if (patches.length === 0) {
        return block(GUARD_RULES.dynamicPatch, `${inv.program} is given no patch in static text, so the files it writes cannot be checked`);
      }
      const at = { ...call, cwd: inv.cwd ?? cwd };
      for (const text of patches) {
        const verdict = patchVerdict(at, text, `${inv.program} in the command`);
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

  /** A path argument's readings, and every path its links reach (session links and the host's realpath), or a denial. */
  function aliasesOf(call: CallContext, raw: string, key: string): { readings: PathReading[]; all: string[] } | NonNullable<Verdict> {
    if (raw.length > MAX_PATH_CHARS) return block(GUARD_RULES.badInput, `${call.tool}: \`${key}\` is ${describe(raw)}; the guard reads paths of at most ${MAX_PATH_CHARS}`);
    const readings = readingsOf(raw, call.cwd, home);
    if (typeof readings === 'string') return block(GUARD_RULES.badInput, `${call.tool}: \`${key}\` ${JSON.stringify(raw.slice(0, 200))} is refused: ${readings}`);
    const all = readings.map((r) => matchForm(r.path));
    if (deps.realpath) {
      let real: string | undefined;
      try {
        real = deps.realpath(readings[0]!.path);
      } catch (err) {
        return block(GUARD_RULES.dependency, `${call.tool}: the host could not resolve the links in ${readings[0]!.path} (${(err as Error)?.message ?? String(err)})`);
      }
      if (typeof real === 'string' && real !== '') {
        const target = readingsOf(real, call.cwd, home);
        if (typeof target !== 'string') for (const r of target) if (!all.includes(matchForm(r.path))) all.push(matchForm(r.path));
      }
    }
    for (const p of [...all]) {
      const reached = throughLinks(p);
      if (reached === null) return block(GUARD_RULES.unknownLink, `${call.tool} of ${readings[0]!.path} goes through a link whose target no static reading knows`);
      for (const r of reached) if (!all.includes(r)) all.push(r);
    }
    return { readings, all };
  }

  function decideFileWrite(call: CallContext, role: Exclude<PathRole, 'read'>, raw: string, key = 'path', glob: GlobSyntax = 'none'): Verdict {
    if (raw === '') return block(GUARD_RULES.badInput, `${call.tool}: \`${key}\` is empty`);
    const found = aliasesOf(call, raw, key);
    if (!('readings' in found)) return found;
    const { readings, all } = found;
    const path = readings[0]!.path;
    const roots = policy.writeRoots.length > 0 ? policy.writeRoots : [call.cwd];
    const rootForms = roots.flatMap((r) => {
      const rr = readingsOf(r, call.cwd, home);
      if (typeof rr === 'string') return [];
      // A root reached through a link (macOS's /tmp, a symlinked checkout) holds its real path too.
      const forms = [matchForm(rr[0]!.path)];
      try {
        const real = deps.realpath?.(rr[0]!.path);
        if (typeof real === 'string' && real !== '') forms.push(matchForm(real));
      } catch {
        // A root that cannot be resolved keeps its literal form only: stricter, never looser.
      }
      return forms;
    });
    // The guard's own setup before the roots: whatever the roots allow, the denial names what is at stake.
    for (const p of all) {
      const self = selfWrite(p, `${call.tool} to`, glob);
      if (self) return self;
    }
    // Every reading of the path, and every target a link gives it, must lie under a root.
    const outside = all.find((p) => !rootForms.some((r) => isWithin(p, r)));
    if (outside !== undefined) {
      const shown = outside === matchForm(path) ? path : `${path} (${outside})`;
      return block(GUARD_RULES.writeOutsideRoots, `${call.tool} to ${shown} is outside the write roots (${roots.join(', ')}) (policy: writeRoots)`);
    }
    const cwdReadings = readingsOf(call.cwd, '/', home);
    const cwdForm = typeof cwdReadings === 'string' ? null : matchForm(cwdReadings[0]!.path);
    for (const p of all) {
      const verdict = writeHit(p, `${call.tool} to`, glob, cwdForm);
      if (verdict) return verdict;
    }
    if (role === 'delete') return undefined;
    return readState(role, call.tool, path);
  }

  /** A read: a credential named outright, or a directory searched whose depths hold one. */
  function decideRead(call: CallContext, raw: string, key: string, glob: boolean, kind: 'reader' | 'names' | 'search'): Verdict {
    const found = aliasesOf(call, raw, key);
    if (!('readings' in found)) return found;
    // Names only: a listing says what is there, never what is in it.
    if (kind === 'names') return undefined;
    const { readings, all } = found;
    const syntax: GlobSyntax = glob ? 'path' : 'none';
    for (const p of all) {
      const hit = paths.secret(p, syntax);
      if (hit) return block(GUARD_RULES.secretPath, `${call.tool} of ${readings[0]!.path} names a credential (policy: ${hit.list}: ${hit.entry})`);
      // Where a glob starts, the search starts: everything beneath is read.
      const dir = glob ? p.replace(/\/[^/]*[*?[{].*$/, '') || '/' : p;
      const reached = paths.searchReaches(dir, homeForm);
      if (reached) return block(GUARD_RULES.secretPath, `${call.tool} over ${dir} reaches the credential location ${reached} (policy: secretPathFragments)`);
    }
    return undefined;
  }

  function decideTool(call: CallContext): Verdict {
    // A fetch or a browser aimed at the cloud's metadata service hands the model this machine's credentials.
    const metadata = metadataUrl(call.input);
    if (metadata !== undefined) return block(GUARD_RULES.secretPath, `${call.tool} opens ${metadata}, the cloud's instance metadata service, whose answers hold this machine's cloud credentials`);
    const reading = readToolCall(call.rawTool, call.input);
    if (reading.malformed) return block(GUARD_RULES.badInput, `${call.tool}: ${reading.malformed}; path arguments must be strings`);
    if (reading.kind === 'none') {
      return reading.namedWriter ? block(GUARD_RULES.badInput, `${call.tool}: the input names no file path`) : undefined;
    }
    const count = reading.paths.length + reading.filters.length;
    if (count > MAX_PATH_ARGUMENTS) return block(GUARD_RULES.badInput, `${call.tool}: ${count} path arguments; the guard reads at most ${MAX_PATH_ARGUMENTS}`);
    call.subject = [...reading.paths.map((p) => p.value), ...reading.filters].join(' ');
    for (const arg of reading.paths) {
      const verdict =
        arg.role === 'read'
          ? decideRead(call, arg.value, arg.key, arg.glob === true, reading.kind === 'writer' ? 'reader' : reading.kind)
          : decideFileWrite(call, arg.role, arg.value, arg.key, arg.glob ? 'path' : 'none');
      if (verdict) return verdict;
    }
    if (reading.kind === 'search') {
      const filter = reading.filters.map((f) => [f, paths.secretFilter(f)] as const).find(([, hit]) => hit !== null);
      if (filter) return block(GUARD_RULES.secretPath, `${call.tool} filtered by ${filter[0]} selects credential files (policy: ${filter[1]!.list}: ${filter[1]!.entry})`);
    }
    return undefined;
  }

  /** The files a Codex patch writes, each through the file tools' checks; a patch Codex would refuse is refused. */
  function patchVerdict(call: CallContext, text: string, how: string): Verdict {
    const parsed = parseCodexPatch(text);
    if ('error' in parsed) return block(GUARD_RULES.badInput, `${how}: the patch does not parse as Codex reads it (${parsed.error})`);
    if (parsed.hunks.length === 0) return block(GUARD_RULES.badInput, `${how}: the patch names no file`);
    if (parsed.hunks.length > MAX_PATH_ARGUMENTS) return block(GUARD_RULES.badInput, `${how}: the patch names ${parsed.hunks.length} files; the guard reads at most ${MAX_PATH_ARGUMENTS}`);
    for (const h of parsed.hunks) {
      const targets: [Exclude<PathRole, 'read'>, string][] =
        h.kind === 'add' ? [['write', h.path]] : h.kind === 'delete' ? [['delete', h.path]] : h.moveTo === undefined ? [['edit', h.path]] : [['delete', h.path], ['write', h.moveTo]];
      for (const [role, path] of targets) {
        const verdict = decideFileWrite(call, role, path, `${h.kind} hunk`);
        if (verdict) return verdict;
      }
    }
    return undefined;
  }

  function decidePatch(call: CallContext): Verdict {
    let text: unknown = call.input;
    if (typeof text === 'object' && text !== null && !Array.isArray(text)) {
      const record = text as Record<string, unknown>;
      text = record.input ?? record.patch ?? record.command;
    }
    if (typeof text !== 'string') return block(GUARD_RULES.badInput, `${call.tool}: the input holds no patch text`);
    const parsed = parseCodexPatch(text);
    if (!('error' in parsed)) call.subject = parsed.hunks.map((h) => (h.kind === 'update' && h.moveTo !== undefined ? `${h.path} ${h.moveTo}` : h.path)).join(' ');
    return patchVerdict(call, text, call.tool);
  }

  function route(call: CallContext): Inspection {
    const dialect = shellTools.get(call.tool);
    if (dialect) return decideShell(call, dialect);
    // A tool that types into a running shell session (Copilot `write_bash`, Codex `write_stdin`): what it types is a
    // command line of that shell, where a bare shell or REPL it starts reads more typed later (stdinLater).
    const typing = typingDialect(call.rawTool);
    if (typing) {
      const typed = typedText(call.input);
      if (typed === undefined) return { verdict: block(GUARD_RULES.badInput, noTypedText(call.tool)) };
      if (nothingTyped(typed)) return { verdict: undefined };
      const { input: _read, ...judged } = decideShell({ ...call, input: { command: typed }, stdinLater: true }, typing);
      return judged;
    }
    // A tool that runs code it is handed is read as that code run from a command line.
    const code = codeToolInput(call.rawTool, call.input);
    if (code && 'unread' in code) return { verdict: policy.denyCannotVouch ? block('vouch.dynamic-code', code.unread) : undefined };
    if (code && 'malformed' in code) return { verdict: block(GUARD_RULES.badInput, code.malformed) };
    // (Either is judged as a shell call, but what runs on a pass is the tool's own input, not the command line read
    // from it, and no timeout is added to a tool the host does not run as its shell.)
    const asShell = (input: Record<string, unknown>): Inspection => {
      const { input: _read, ...judged } = decideShell({ ...call, input }, 'bash');
      return judged;
    };
    if (code) return asShell(code);
    // An MCP tool that runs a command line is a shell tool by what it does, whatever the policy names.
    const shellInput = mcpShellInput(call.rawTool, call.input);
    if (shellInput && 'unread' in shellInput) return { verdict: policy.denyCannotVouch ? block('vouch.dynamic-command', shellInput.unread as string) : undefined };
    if (shellInput && 'malformed' in shellInput) return { verdict: block(GUARD_RULES.badInput, shellInput.malformed as string) };
    if (shellInput) return asShell(shellInput);
    if (PATCH_TOOLS.has(toolKindName(call.tool))) return { verdict: decidePatch(call) };
    return { verdict: decideTool(call) };
  }

  function evaluate(call: unknown, ctx: CallContext, floor = true): Inspection {
    const mismatch = floor ? hostMismatch() : undefined;
    if (mismatch) return { verdict: block(GUARD_RULES.hostTools, mismatch) };
    if (typeof call !== 'object' || call === null) return { verdict: block(GUARD_RULES.badInput, `a tool call must be an object, found ${describe(call)}`) };
    const { tool, cwd, input, stdinLater } = call as Record<string, unknown>;
    if (stdinLater === true) ctx.stdinLater = true;
    if (typeof tool !== 'string' || tool.trim() === '' || tool.length > 256) {
      return { verdict: block(GUARD_RULES.badInput, `\`tool\` must be a tool name, found ${describe(tool)}`) };
    }
    ctx.tool = canonicalToolName(tool);
    ctx.rawTool = tool;
    ctx.subject = ctx.tool;
    if (typeof cwd !== 'string' || !isAbsolute(cwd) || cwd.length > MAX_PATH_CHARS || cwd.includes('\0')) {
      return { verdict: block(GUARD_RULES.badInput, `\`cwd\` must be an absolute path, found ${typeof cwd === 'string' ? JSON.stringify(cwd.slice(0, 80)) : describe(cwd)}`) };
    }
    ctx.cwd = cwd;
    // One copy, taken before anything is judged: a getter that answers differently each time cannot slip a path past.
    const copy = snapshot(input);
    if (typeof copy === 'string') return { verdict: block(GUARD_RULES.badInput, `${ctx.tool}: ${copy}`) };
    ctx.input = copy.value;
    // A proxy tool that calls an MCP tool by name is judged as that tool's call.
    const proxied = proxiedMcpCall(tool, copy.value);
    if (proxied && 'malformed' in proxied) return { verdict: block(GUARD_RULES.badInput, proxied.malformed) };
    if (proxied) {
      ctx.tool = canonicalToolName(proxied.tool);
      ctx.rawTool = proxied.tool;
      ctx.subject = ctx.tool;
      ctx.input = proxied.input;
    }
    const result = route(ctx);
    if (!result.verdict && !('input' in result)) result.input = copy.value;
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
    const ctx: CallContext = { tool: '', rawTool: '', cwd: '/', input: undefined, subject: '' };
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

  checkExamples(policy, shellTools, home, (call) => evaluate(call, { tool: '', rawTool: '', cwd: '/', input: undefined, subject: '' }, false).verdict);
  return { decide: (call) => inspect(call).verdict, inspect, tracker, policy };
}
