// A policy's lists compiled once into matchers, cached by the config object (each rule runs on every tool call).
import { PathMatcher } from './paths.js';
import type { RuleConfig } from './rule.js';

export interface CompiledConfig {
  /** Denied network programs, lower-cased, Windows extensions dropped. */
  network: ReadonlySet<string>;
  /** Programs denied only with one of these arguments (`openssl s_client`, `certutil -urlcache`), lower-cased. */
  networkWith: ReadonlyMap<string, ReadonlySet<string>>;
  secrets: PathMatcher;
  persistence: PathMatcher;
  protectedWrites: PathMatcher;
}

const cache = new WeakMap<RuleConfig, CompiledConfig>();

export function compile(config: RuleConfig): CompiledConfig {
  let c = cache.get(config);
  if (c === undefined) {
    const network = new Set<string>();
    const networkWith = new Map<string, Set<string>>();
    for (const entry of config.deniedNetworkBinaries) {
      // `program argument`: the program is a network client only when run with that argument.
      const [program, arg] = entry.toLowerCase().trim().split(/\s+/, 2) as [string, string | undefined];
      const name = program.replace(/\.(exe|com|cmd|bat)$/, '');
      if (arg === undefined) network.add(name);
      else networkWith.set(name, (networkWith.get(name) ?? new Set()).add(arg));
    }
    c = {
      network,
      networkWith,
      secrets: new PathMatcher(config.secretPathFragments, config.secretBasenamePatterns, 'secretPathFragments', 'secretBasenamePatterns'),
      persistence: new PathMatcher(
        config.persistenceWriteDirectories,
        config.persistenceWriteBasenames,
        'persistenceWriteDirectories',
        'persistenceWriteBasenames',
      ),
      protectedWrites: new PathMatcher(config.protectedWriteFragments, [], 'protectedWriteFragments', 'protectedWriteFragments'),
    };
    cache.set(config, c);
  }
  return c;
}
