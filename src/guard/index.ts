// vouch/guard: one verdict per tool call under a policy, with vouch's analyzer (and any other) beneath it.
export {
  type CheckCommand,
  createGuard,
  denyingFinding,
  GUARD_RULES,
  type Guard,
  type GuardDependencies,
  INLINE_INTERPRETER_RULE,
  type Inspection,
  MAX_COMMAND_CHARS,
  type ToolCall,
  type Verdict,
  VERDICT_RULE_IDS,
  type VerdictRecord,
} from './guard.js';
export { DEFAULT_POLICY, type GuardPolicy, GuardPolicySchema, loadPolicyFile, PolicyError, parsePolicy, POLICY_KEYS } from './policy.js';
export { canonicalToolName, EDIT_TOOLS, NAMES_ONLY_TOOLS, PATCH_TOOLS, WRITE_TOOLS } from './tools.js';
export type { GuardFs, ReadRecord, ReadTracker } from './tracker.js';
