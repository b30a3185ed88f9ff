// A policy's lists compiled once into matchers, cached by the config object (each rule runs on every tool call)
// and by the lists themselves, by identity and then by content: a guard and its analyzer hold two config objects
// over one policy's lists, and a warm server builds a guard for each request.
import { type HostMatcher, hostMatcher } from './hosts.js';
import { globRegex, PathMatcher } from './paths.js';
import type { RuleConfig } from './rule.js';

export interface CompiledConfig {
  /** Denied network programs, lower-cased, Windows extensions dropped. */
  network: ReadonlySet<string>;
  /** Programs denied only with one of these arguments (`openssl s_client`, `certutil -urlcache`), lower-cased. */
  networkWith: ReadonlyMap<string, ReadonlySet<string>>;
  /** The destinations a network client may reach (`allowedHosts`). */
  hosts: HostMatcher;
  secrets: PathMatcher;
  persistence: PathMatcher;
  /** `programWriteDirectories`: a write there counts only where the line surely makes it. */
  programs: PathMatcher;
  protectedWrites: PathMatcher;
  /** Whether a variable's name says it holds a secret (`secretVariablePatterns`, `!` excludes). */
  secretVariable: (name: string) => boolean;
}

const cache = new WeakMap<RuleConfig, CompiledConfig>();

/** Matchers by the lists they were compiled from; a handful of policies at most live in one process. */
const matchers = new Map<string, PathMatcher>();
const MAX_MATCHERS = 64;
/** The same, by the lists' identity: a policy's lists are frozen and shared (guard/policy.ts), so found at once. */
const byIdentity = new WeakMap<readonly string[], WeakMap<readonly string[], Map<string, PathMatcher>>>();
/** An empty basename list, the same array for every caller. */
export const NO_BASENAMES: readonly string[] = Object.freeze([]);

/** A `PathMatcher` over these lists, compiled once for each distinct content. */
export function matcherFor(fragments: readonly string[], basenames: readonly string[], fragmentList: string, basenameList: string): PathMatcher {
  const names = `${fragmentList}\0${basenameList}`;
  let inner = byIdentity.get(fragments)?.get(basenames);
  let m = inner?.get(names);
  if (m !== undefined) return m;
  const key = JSON.stringify([fragments, basenames, fragmentList, basenameList]);
  m = matchers.get(key);
  if (m === undefined) {
    m = new PathMatcher(fragments, basenames, fragmentList, basenameList);
    if (matchers.size >= MAX_MATCHERS) matchers.clear();
    matchers.set(key, m);
  }
  let outer = byIdentity.get(fragments);
  if (!outer) {
    outer = new WeakMap();
    byIdentity.set(fragments, outer);
  }
  if (!inner) {
    inner = new Map();
    outer.set(basenames, inner);
  }
  inner.set(names, m);
  return m;
}

/** Denied network programs, by the list's identity. */
const networks = new WeakMap<readonly string[], Pick<CompiledConfig, 'network' | 'networkWith'>>();

function networkOf(list: readonly string[]): Pick<CompiledConfig, 'network' | 'networkWith'> {
  let n = networks.get(list);
  if (n === undefined) {
    const network = new Set<string>();
    const networkWith = new Map<string, Set<string>>();
    for (const entry of list) {
      // `program argument`: the program is a network client only when run with that argument.
      const [program, arg] = entry.toLowerCase().trim().split(/\s+/, 2) as [string, string | undefined];
      const name = program.replace(/\.(exe|com|cmd|bat)$/, '');
      if (arg === undefined) network.add(name);
      else networkWith.set(name, (networkWith.get(name) ?? new Set()).add(arg));
    }
    n = { network, networkWith };
    networks.set(list, n);
  }
  return n;
}

/** Secret variable names, by the list's identity. */
const variables = new WeakMap<readonly string[], (name: string) => boolean>();

function variableMatcher(patterns: readonly string[]): (name: string) => boolean {
  let matcher = variables.get(patterns);
  if (matcher === undefined) {
    const inc = patterns.filter((p) => !p.startsWith('!')).map((p) => globRegex(p.toLowerCase()));
    const exc = patterns.filter((p) => p.startsWith('!')).map((p) => globRegex(p.slice(1).toLowerCase()));
    matcher = (name) => {
      const n = name.toLowerCase();
      return inc.some((r) => r.test(n)) && !exc.some((r) => r.test(n));
    };
    variables.set(patterns, matcher);
  }
  return matcher;
}

export function compile(config: RuleConfig): CompiledConfig {
  let c = cache.get(config);
  if (c === undefined) {
    c = {
      ...networkOf(config.deniedNetworkBinaries),
      hosts: hostMatcher(config.allowedHosts),
      secrets: matcherFor(config.secretPathFragments, config.secretBasenamePatterns, 'secretPathFragments', 'secretBasenamePatterns'),
      persistence: matcherFor(config.persistenceWriteDirectories, config.persistenceWriteBasenames, 'persistenceWriteDirectories', 'persistenceWriteBasenames'),
      programs: matcherFor(config.programWriteDirectories ?? NO_BASENAMES, NO_BASENAMES, 'programWriteDirectories', 'programWriteDirectories'),
      protectedWrites: matcherFor(config.protectedWriteFragments, NO_BASENAMES, 'protectedWriteFragments', 'protectedWriteFragments'),
      secretVariable: variableMatcher(config.secretVariablePatterns ?? NO_BASENAMES),
    };
    cache.set(config, c);
  }
  return c;
}
