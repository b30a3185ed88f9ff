// The uniform shape of a rule module, and the configuration rules read (the guard's policy maps onto it).
import type { Analysis, CommandLine, Finding, FindingKind } from '../types.js';

/** What the rules match against; the guard's `GuardPolicy` supplies these. */
export interface RuleConfig {
  /** Program names (basenames, case-insensitive) that reach the network. */
  deniedNetworkBinaries: string[];
  /** Destinations a network client may reach when every one it names is listed: host globs, addresses, CIDRs. */
  allowedHosts: string[];
  /** Path fragments naming secrets, e.g. `/.ssh/`; matched case-insensitively with a separator appended. */
  secretPathFragments: string[];
  /** Basename globs naming secrets, e.g. `id_rsa`, `*.pem`, `.env.*`; `!pattern` excludes. */
  secretBasenamePatterns: string[];
  /** Globs over variable names that hold secrets (`*TOKEN*`, `*API_KEY*`); `!pattern` excludes. */
  secretVariablePatterns: string[];
  /** Path fragments where any write is denied (default `/.git/`). */
  protectedWriteFragments: string[];
  /** Basenames whose write installs something for later (`.bashrc`, `.envrc`, …). */
  persistenceWriteBasenames: string[];
  /** Path fragments of directories whose contents install something for later. */
  persistenceWriteDirectories: string[];
  /**
   * Path fragments of the directories of installed programs and the libraries they load (`/usr/bin/`, `/usr/lib/`):
   * a write the line surely makes there installs something for later; a path there a program is only handed names it.
   */
  programWriteDirectories: string[];
  /** When true, `python -c`, `node -e`, … deny; otherwise they are `info`. */
  denyInlineInterpreters: boolean;
  /** How destructive commands are judged: `off`, `standard`, `strict` (an unresolved target denies), `paranoid`. */
  destructive: 'off' | 'standard' | 'strict' | 'paranoid';
  /** The destructive families on: `delete` (recursive deletes), `git` (discarded work, rewritten history), `disk`. */
  destructiveFamilies: ('delete' | 'git' | 'disk' | 'data')[];
  /** Directories whose contents are disposable: a recursive delete below them passes. */
  tempDirectories: string[];
}

/** An example is a bash command, or a command line with its dialect and directories. */
export type RuleExample = string | CommandLine;

export interface RuleContext {
  /** The analysis so far: segments, invocations and the floor's findings. */
  analysis: Analysis;
  config: RuleConfig;
}

export interface Rule {
  /** Stable public id, e.g. `egress.binary`. Guards log it; consumers pin it. */
  id: string;
  kind: FindingKind;
  /** One line: what the rule catches and why it matters. */
  description: string;
  /** What the rule must deny and what it must leave alone, checked by one test over the whole analyzer. */
  examples: { deny: RuleExample[]; pass: RuleExample[] };
  check(ctx: RuleContext): Finding[];
}
