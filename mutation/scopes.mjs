// The mutation scopes `npm run mutate` knows: what each mutates and the test files that speak for it.
// A scope's tests are the suites a user would read for that stage (its own unit tests, the corpus, the
// examples), not the whole of `npm test`: the CLI's built-binary and agent suites neither import src/ nor fit a
// per-mutant run on two shared cores, and neither do the fuzz properties (fuzz/guard.test.ts alone is 15 s a
// run): a mutant only a fuzzer kills survives here, and gets the user's test that kills it.
export const SCOPES = {
  guard: {
    mutate: ['src/guard/**/*.ts', 'src/integrations/hooks.ts'],
    tests: [
      'test/guard.test.ts',
      'test/guard.e2e.test.ts',
      'test/guard-policy.test.ts',
      'test/hooks.test.ts',
      'test/patch.test.ts',
      'test/tools-corpus.test.ts',
      'test/pi.test.ts',
      'test/fail-open.test.ts',
      'test/tool-keys.test.ts',
      'test/self-protection.test.ts',
      'test/links.test.ts',
    ],
  },
  rules: {
    mutate: ['src/rules/**/*.ts'],
    tests: [
      'test/rules.test.ts',
      'test/rules-findings.test.ts',
      'test/rules-paths.test.ts',
      'test/hosts.test.ts',
      'test/normalize.test.ts',
      'test/fail-open.test.ts',
      'test/corpus.test.ts',
      'test/corpus-examples.test.ts',
      'test/powershell.test.ts',
      'test/bash.test.ts',
    ],
  },
  resolve: {
    mutate: ['src/resolve/**/*.ts'],
    tests: ['test/bash.test.ts', 'test/bash-coverage.test.ts', 'test/analyzer.test.ts', 'test/corpus.test.ts', 'test/corpus-examples.test.ts', 'test/rules-findings.test.ts'],
  },
  programs: {
    mutate: ['src/programs/**/*.ts'],
    tests: ['test/programs.test.ts', 'test/bash.test.ts', 'test/powershell.test.ts', 'test/corpus.test.ts', 'test/corpus-examples.test.ts'],
  },
};
