import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'fuzz/**/*.test.ts'],
    pool: 'forks',
    reporters: ['default', './test/skips-reporter.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
