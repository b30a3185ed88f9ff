// vouch/compat: vouch behind the `checkCommand({command, cwd})` seam, with cc-safety-net's exact result shape.
import { type Analyzer, type AnalyzerOptions, createAnalyzer } from '../analyzer.js';
import { type CheckCommand, createGuard, GUARD_RULES, type GuardDependencies } from '../guard/guard.js';
import type { GuardPolicy } from '../guard/policy.js';
import type { Dialect } from '../types.js';

/** cc-safety-net's `CheckCommandInput`. */
export type CheckCommandInput = Readonly<{ command: string; cwd: string }>;
/** cc-safety-net's `CheckCommandResult`: a deny carries vouch's rule id as `ruleId`. */
export type CheckCommandResult = Readonly<{ kind: 'allow' }> | Readonly<{ kind: 'deny'; reason: string; ruleId?: string }>;

export interface CheckCommandOptions {
  /** An analyzer already loaded (default: one made with `analyzerOptions`). */
  analyzer?: Analyzer;
  analyzerOptions?: AnalyzerOptions;
  /** The guard's policy (its `shellTools` is not used: every command is read as `shell`). */
  policy?: Partial<GuardPolicy>;
  /** The dialect commands are written in (default `bash`). */
  shell?: Dialect;
  /** The user's home, for `~` (default `/root`; pass `os.homedir()`). */
  home?: string;
  /** Another `checkCommand` asked first, as in the guard. */
  checkCommand?: CheckCommand;
  sink?: GuardDependencies['sink'];
  /** The host's probe for `allowGitDiscardsInWorktree` (cc-safety-net's worktree mode): is this directory a linked worktree? */
  isLinkedWorktree?: GuardDependencies['isLinkedWorktree'];
  /** The host's reader of a patch file a line applies (`git apply fix.diff`), as in the guard. */
  readText?: GuardDependencies['readText'];
  /** The host's reader of an archive's member names (`tar xzf x.tgz` in the project), as in the guard. */
  listArchive?: GuardDependencies['listArchive'];
}

const ALLOW: CheckCommandResult = Object.freeze({ kind: 'allow' });
// The tool name the adapter's guard knows the command by; never shown to anyone.
const TOOL = 'shell';

/**
 * Loads vouch once and returns a synchronous `checkCommand` that drops in wherever cc-safety-net's does.
 * It never throws: input cc-safety-net would throw on is denied instead, which is what its docs ask of a throw.
 */
export async function createCheckCommand(options: CheckCommandOptions = {}): Promise<(input: CheckCommandInput) => CheckCommandResult> {
  const analyzer = options.analyzer ?? (await createAnalyzer(options.analyzerOptions));
  const dependencies: GuardDependencies = {};
  if (options.home !== undefined) dependencies.home = options.home;
  if (options.checkCommand) dependencies.checkCommand = options.checkCommand;
  if (options.sink) dependencies.sink = options.sink;
  if (options.isLinkedWorktree) dependencies.isLinkedWorktree = options.isLinkedWorktree;
  if (options.readText) dependencies.readText = options.readText;
  if (options.listArchive) dependencies.listArchive = options.listArchive;
  const guard = createGuard({
    analyzer,
    policy: { ...options.policy, shellTools: { [TOOL]: options.shell ?? 'bash' }, defaultBashTimeoutSeconds: 0 },
    dependencies,
  });
  return function checkCommand(input: CheckCommandInput): CheckCommandResult {
    let command: unknown;
    let cwd: unknown;
    try {
      ({ command, cwd } = (input ?? {}) as Record<string, unknown>);
    } catch {
      command = undefined;
    }
    if (typeof command !== 'string') {
      return Object.freeze({ kind: 'deny', reason: 'checkCommand requires an input object with a `command` string and a `cwd`', ruleId: GUARD_RULES.badInput });
    }
    const verdict = guard.decide({ tool: TOOL, input: { command }, cwd: cwd as string });
    if (!verdict) return ALLOW;
    return Object.freeze({ kind: 'deny', reason: verdict.reason, ruleId: verdict.rule });
  };
}
