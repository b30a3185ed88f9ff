// A policy's lists compiled once into matchers, cached by the config object (each rule runs on every tool call).
import { PathMatcher } from './paths.js';
import type { RuleConfig } from './rule.js';

export interface CompiledConfig {
  /** Denied network programs, lower-cased, Windows extensions dropped. */
  network: ReadonlySet<string>;
  secrets: PathMatcher;
  persistence: PathMatcher;
  protectedWrites: PathMatcher;
}

const cache = new WeakMap<RuleConfig, CompiledConfig>();

export function compile(config: RuleConfig): CompiledConfig {
  let c = cache.get(config);
  if (c === undefined) {
    c = {
      network: new Set(config.deniedNetworkBinaries.map((b) => b.toLowerCase().replace(/\.(exe|com|cmd|bat)$/, ''))),
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
