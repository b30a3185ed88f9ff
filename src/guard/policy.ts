// The guard's policy: a TypeBox schema with defaults, validated on load with messages that name the key.
import { readFileSync } from 'node:fs';
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { DEFAULT_RULE_CONFIG } from '../rules/index.js';
import type { RuleConfig } from '../rules/rule.js';

/**
 * Where the guard is set up: an agent that could rewrite these could switch vouch off. Matched like persistence
 * directories (anywhere in a path, without case), for the file tools and the shell alike.
 */
export const SELF_PROTECTED_PATHS: string[] = [
  // Claude Code: settings and hook scripts, the user config (MCP servers), project MCP, managed settings.
  '/.claude/settings.json',
  '/.claude/settings.local.json',
  '/.claude/hooks/',
  // Installed plugins: each one's hooks/hooks.json is hook commands Claude Code runs.
  '/.claude/plugins/',
  '/.claude.json',
  '/.mcp.json',
  '/claude-code/managed-settings.json',
  '/claudecode/managed-settings.json',
  '/claude-code/managed-mcp.json',
  '/claudecode/managed-mcp.json',
  // Codex: config (MCP servers, features, trust) and hooks; managed config.
  '/.codex/config.toml',
  '/.codex/hooks.json',
  '/.codex/hooks/',
  '/etc/codex/',
  // Gemini CLI: settings (hooks, MCP servers), extensions, system settings.
  '/.gemini/settings.json',
  '/.gemini/extensions/',
  '/gemini-cli/settings.json',
  '/gemini-cli/system-defaults.json',
  // Cursor: hooks, MCP, enterprise hooks.
  '/.cursor/hooks.json',
  '/.cursor/hooks/',
  '/.cursor/mcp.json',
  '/cursor/hooks.json',
  // GitHub Copilot CLI: repository hooks, user settings and MCP.
  '/.github/hooks/',
  '/.copilot/settings.json',
  '/.copilot/config.json',
  '/.copilot/mcp-config.json',
  '/.copilot/hooks/',
  // pi: extensions (vouch is one) and settings.
  '/.pi/extensions/',
  '/.pi/agent/extensions/',
  '/.pi/settings.json',
  '/.pi/agent/settings.json',
  // Other MCP configurations agents load.
  '/.vscode/mcp.json',
  '/.codeium/windsurf/mcp_config.json',
  '/claude/claude_desktop_config.json',
  '/.config/opencode/',
  '/.opencode/',
  '/opencode.json',
  '/opencode.jsonc',
  // The first opencode (opencode-ai/opencode) reads its MCP servers from `.opencode.json`.
  '/.opencode.json',
  '/.config/zed/settings.json',
  '/.continue/',
  '/cline_mcp_settings.json',
  '/.roo/mcp.json',
  '/.config/goose/config.yaml',
  // Kiro: MCP servers (workspace and user) and agent hooks, which run shell commands; Amazon Q Developer's MCP servers.
  '/.kiro/settings/mcp.json',
  '/.kiro/hooks/',
  '/.amazonq/mcp.json',
  '/.aws/amazonq/mcp.json',
  // vouch itself: its policy and its package (local or global install, and the command npm links).
  '/.vouch/',
  '/.config/vouch/',
  '/node_modules/vouch/',
  '/node_modules/.bin/vouch',
];

const Strings = (description: string, defaults: string[]) => Type.Array(Type.String(), { description, default: defaults });

/** A policy example: a bash command, or a whole tool call. */
const PolicyExample = Type.Union([
  Type.String(),
  Type.Object({ tool: Type.String(), input: Type.Unknown(), cwd: Type.Optional(Type.String()) }, { additionalProperties: false }),
]);

export const GuardPolicySchema = Type.Object(
  {
    $schema: Type.Optional(Type.String({ description: 'The JSON Schema this file follows (`vouch.schema.json`); ignored by the guard.' })),
    writeRoots: Strings(
      'Directories the file tools (`write`, `edit`) may write beneath; `~` is the home directory, a relative root is taken from the call’s cwd. Empty: the call’s cwd.',
      [],
    ),
    secretPathFragments: Strings(
      'Path fragments naming secrets (`/.ssh/`), matched case-insensitively against the resolved path with a separator appended. A shell word, a file tool’s path or a reader’s path resolving to one denies.',
      DEFAULT_RULE_CONFIG.secretPathFragments,
    ),
    secretBasenamePatterns: Strings(
      'Basename globs naming secrets (`id_rsa`, `*.pem`, `.env.*`); a leading `!` excludes (`!.env.example`).',
      DEFAULT_RULE_CONFIG.secretBasenamePatterns,
    ),
    secretVariablePatterns: Strings(
      'Globs over the names of variables that hold secrets (`*TOKEN*`, `*API_KEY*`), case-insensitive; a leading `!` excludes (`!*_FILE`). A command that prints one (`echo $GITHUB_TOKEN`, `printenv OPENAI_API_KEY`, `$env:X`) denies.',
      DEFAULT_RULE_CONFIG.secretVariablePatterns,
    ),
    protectedWriteFragments: Strings('Path fragments where any write is denied.', DEFAULT_RULE_CONFIG.protectedWriteFragments),
    persistenceWriteBasenames: Strings(
      'Basenames whose write installs something that runs later wherever it is (`.envrc`, `authorized_keys`).',
      DEFAULT_RULE_CONFIG.persistenceWriteBasenames,
    ),
    persistenceWriteDirectories: Strings(
      'Path fragments of files and directories whose contents run later (git hooks, systemd user units, autostart). An entry starting with `~/` is a file in a home directory (the user’s, `/root`, `/home/*`, `/Users/*`, `C:/Users/*`, or one that cannot be ruled out), so a project’s `dotfiles/.bashrc` is not `~/.bashrc`.',
      DEFAULT_RULE_CONFIG.persistenceWriteDirectories,
    ),
    programWriteDirectories: Strings(
      'Path fragments of the directories of installed programs and the libraries they load (`/usr/bin/`, `/usr/lib/`, `/usr/local/bin/`, `C:/Windows/System32/`). A write the command surely makes there denies as a persistence write; a path there that a program vouch does not read is only handed (`virtualenv -p /usr/bin/python3`, `gcc -L/usr/lib`) names what is there and is not taken for a write. An entry of one top-level directory (`/bin/`) is that directory at the root only.',
      DEFAULT_RULE_CONFIG.programWriteDirectories,
    ),
    selfProtectedPaths: Strings(
      'Path fragments of the guard’s own setup: every agent’s hook and settings files, MCP configurations, vouch’s policy and its installed package. No file tool and no shell line may write, move, link or delete them, whatever the cwd; reading them passes.',
      SELF_PROTECTED_PATHS,
    ),
    deniedNetworkBinaries: Strings(
      'Programs (basenames, case-insensitive; bash and PowerShell names) that reach the network; running one denies. An entry `program argument` denies the program only when run with that argument (`openssl s_client`).',
      DEFAULT_RULE_CONFIG.deniedNetworkBinaries,
    ),
    allowedHosts: Type.Array(Type.String({ pattern: '^\\[?[A-Za-z0-9_*.:-]+\\]?(/[0-9]{1,3})?$' }), {
      description:
        'Destinations a network client (curl, wget, Invoke-WebRequest…) may reach: host names with `*` globs (`localhost`, `*.internal.example`), addresses and CIDRs (`127.0.0.0/8`, `::1`). A client passes only when every destination it names (URLs, proxies, `--resolve` targets) is read statically and listed; an address in a numeric form resolvers read differently, a computed host or a URL that hands a redirect-following client another address never passes.',
      default: DEFAULT_RULE_CONFIG.allowedHosts,
    }),
    defaultBashTimeoutSeconds: Type.Integer({
      minimum: 0,
      description:
        'Timeout given to a shell tool call that passed and set none, in a new input object (the caller’s is never changed). 0 injects none.',
      default: 120,
    }),
    shellTools: Type.Record(Type.String(), Type.Union([Type.Literal('bash'), Type.Literal('powershell')]), {
      description:
        'Tool name (compared in lower case) → the dialect of its `command`. Every tool named here must be registered by the host, or every call is denied.',
      default: { bash: 'bash', powershell: 'powershell' },
    }),
    denyCannotVouch: Type.Boolean({
      description: 'Deny a command vouch cannot read statically (dynamic command, parse error, limit hit…). Turning this off weakens every other rule.',
      default: true,
    }),
    denyInlineInterpreters: Type.Boolean({
      description: 'Deny inline interpreter code (`python -c`, `node -e`, `perl -e`, `ruby -e`…), otherwise only reported as `info`.',
      default: DEFAULT_RULE_CONFIG.denyInlineInterpreters,
    }),
    destructive: Type.Union([Type.Literal('off'), Type.Literal('standard'), Type.Literal('strict'), Type.Literal('paranoid')], {
      description:
        'How destructive commands are judged (cc-safety-net’s levels): `standard` denies a recursive delete of the root, a home, the project itself or anything outside the project and temp directories, git discarding uncommitted work or rewriting shared history, and writes onto disks, and cannot vouch for a recursive delete whose target is unresolved; `strict` denies that too; `paranoid` denies every recursive delete; `off` checks none.',
      default: DEFAULT_RULE_CONFIG.destructive,
    }),
    destructiveFamilies: Type.Array(Type.Union([Type.Literal('delete'), Type.Literal('git'), Type.Literal('disk'), Type.Literal('data')]), {
      description: 'The destructive families checked: `delete` (recursive deletes), `git` (discarded work, rewritten history), `disk` (mkfs, writes onto block devices), `data` (databases dropped, infrastructure destroyed, cluster namespaces and volumes deleted).',
      default: DEFAULT_RULE_CONFIG.destructiveFamilies,
    }),
    tempDirectories: Strings('Directories whose contents are disposable: a recursive delete below them passes. `${TMPDIR:-/tmp}` (`$env:TEMP`) the line does not set counts as one; `$TMPDIR` alone may be unset, as on most Linux systems, so what follows it is judged as a path of its own too (`$TMPDIR/x` as /x); `~/` is the home.', DEFAULT_RULE_CONFIG.tempDirectories),
    allowGitDiscardsInWorktree: Type.Boolean({
      description:
        'In a linked git worktree (a disposable checkout), let git discard uncommitted work (`reset --hard`, `checkout --`, `clean -f`…); history rewrites stay denied. The guard asks its `isLinkedWorktree` dependency; without one this does nothing.',
      default: false,
    }),
    examples: Type.Object(
      { deny: Type.Array(PolicyExample), pass: Type.Array(PolicyExample) },
      {
        additionalProperties: false,
        description:
          'Calls the policy must deny and must pass, checked when the guard is created (a failing example is an error). A string is a command for the first bash shell tool, run in the home directory.',
        default: { deny: [], pass: [] },
      },
    ),
  },
  { additionalProperties: false, title: 'vouch guard policy', description: 'What the vouch guard denies. Every key is optional; a key replaces its default.' },
);

export type GuardPolicy = Omit<Static<typeof GuardPolicySchema>, '$schema'>;

/** The keys a user may set, in schema order (the policy reference follows it). */
export const POLICY_KEYS = Object.keys(GuardPolicySchema.properties).filter((k) => k !== '$schema') as (keyof GuardPolicy)[];

/**
 * Policy values that `parsePolicy` checked and froze. They cannot change under a guard, so a guard shares them
 * rather than checking and copying them again, and what is compiled from them (the path matchers) is found again
 * by identity: a warm server builds a guard for every request.
 */
const CHECKED = new WeakSet<object>();

/** A deep copy of a JSON-like value, frozen throughout and marked checked (the caller checked it). */
function frozenCopy<T>(value: T): T {
  if (Array.isArray(value)) {
    const out = Object.freeze(value.map(frozenCopy));
    CHECKED.add(out);
    return out as T;
  }
  // Stryker disable next-line ConditionalExpression: equivalent — an object the schema takes that is not plain (a Date as
  // an empty record) has no entries of its own: copied or kept, it holds none.
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    const out = Object.freeze(Object.fromEntries(Object.entries(value).map(([k, v]) => [k, frozenCopy(v)])));
    CHECKED.add(out);
    return out as T;
  }
  return value;
}

const isChecked = (value: unknown): boolean => typeof value === 'object' && value !== null && CHECKED.has(value);

/** The default policy; its lists and objects are frozen (and shared by every policy that leaves the key out). */
export const DEFAULT_POLICY: GuardPolicy = Object.freeze(
  Object.fromEntries(POLICY_KEYS.map((k) => [k, frozenCopy((GuardPolicySchema.properties[k] as TSchema).default)])),
) as GuardPolicy;

/** A policy that does not follow the schema; the message names the source, the key, the expected type and the value found. */
export class PolicyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PolicyError';
  }
}

function show(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function typeName(schema: TSchema): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as TSchema[]).map(typeName).join(' or ');
  if (schema.type === 'array') return `array of ${typeName(schema.items as TSchema)}`;
  // (Only an object schema has properties, and a record has one pattern of values.)
  if (schema.properties) return `object with ${Object.keys(schema.properties).join(', ')}`;
  if (schema.patternProperties) return `object of ${typeName(Object.values(schema.patternProperties as Record<string, TSchema>)[0]!)}`;
  // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent today — the one integer key has a minimum.
  if (schema.type === 'integer') return schema.minimum === undefined ? 'integer' : `integer >= ${schema.minimum}`;
  return String(schema.type);
}

/** `/shellTools/Bash` → `shellTools.Bash`, `/writeRoots/0` → `writeRoots[0]`. */
function keyName(pointer: string): string {
  // (The pointer's leading `/` gives an empty first part, which the reduction drops.)
  return pointer
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part), '');
}

/**
 * Checks a (partial) policy against the schema and returns it over the defaults; `source` names where it came
 * from. The lists and objects of the result are frozen copies (a value this function returned before is shared).
 */
export function parsePolicy(value: unknown, source: string): GuardPolicy {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new PolicyError(`${source}: expected a JSON object, found ${show(value)}`);
  }
  for (const key of Object.keys(value)) {
    if (!(key in GuardPolicySchema.properties)) {
      throw new PolicyError(`${source}: unknown key "${key}" (expected one of: ${POLICY_KEYS.join(', ')})`);
    }
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    // Stryker disable next-line ConditionalExpression: equivalent — a value checked before passes the check again.
    if (isChecked(record[key])) continue;
    const schema = GuardPolicySchema.properties[key as keyof typeof GuardPolicySchema.properties] as TSchema;
    const error = Value.Errors(schema, record[key]).First();
    if (error) {
      // The error's own schema is the innermost one that failed (an array item, a record value).
      // (A key of the policy's own has no `~` or `/` to escape in the pointer; an unknown one was refused above.)
      const where = keyName(`/${key}${error.path}`);
      throw new PolicyError(`${source}: key "${where}" expected ${typeName(error.schema)}, found ${show(error.value)}`);
    }
  }
  const policy: Record<string, unknown> = {};
  for (const key of POLICY_KEYS) {
    const v = key in record ? record[key] : DEFAULT_POLICY[key];
    policy[key] = isChecked(v) ? v : frozenCopy(v);
  }
  return policy as GuardPolicy;
}

/**
 * Reads a JSON policy file; a key it leaves out keeps its default. Throws `PolicyError` naming the file. With
 * `optional`, a file that does not exist is `undefined` (the default policy); one that exists and cannot be read
 * or is invalid still throws, so a broken policy is never mistaken for none.
 */
export function loadPolicyFile(path: string): GuardPolicy;
export function loadPolicyFile(path: string, options: { optional: true }): GuardPolicy | undefined;
export function loadPolicyFile(path: string, options: { optional?: boolean }): GuardPolicy | undefined;
export function loadPolicyFile(path: string, options: { optional?: boolean } = {}): GuardPolicy | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if (options.optional && (err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new PolicyError(`${path}: cannot read the policy file (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new PolicyError(`${path}: not valid JSON (${(err as Error).message})`);
  }
  return parsePolicy(value, path);
}

/** The part of a policy the analyzer's rules read. */
export function ruleConfigOf(policy: GuardPolicy): RuleConfig {
  return {
    deniedNetworkBinaries: policy.deniedNetworkBinaries,
    allowedHosts: policy.allowedHosts,
    secretPathFragments: policy.secretPathFragments,
    secretBasenamePatterns: policy.secretBasenamePatterns,
    secretVariablePatterns: policy.secretVariablePatterns,
    protectedWriteFragments: policy.protectedWriteFragments,
    persistenceWriteBasenames: policy.persistenceWriteBasenames,
    persistenceWriteDirectories: policy.persistenceWriteDirectories,
    programWriteDirectories: policy.programWriteDirectories,
    denyInlineInterpreters: policy.denyInlineInterpreters,
    destructive: policy.destructive,
    destructiveFamilies: policy.destructiveFamilies,
    tempDirectories: policy.tempDirectories,
  };
}
