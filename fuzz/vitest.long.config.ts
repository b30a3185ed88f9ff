// `npm run fuzz`: the long run of every property, the oracle and the nl2bash parse differential (not CI).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['fuzz/**/*.test.ts'],
    pool: 'forks',
    // One file at a time: the oracle's sandboxes and the properties share two cores.
    fileParallelism: false,
    env: { VOUCH_FUZZ_LONG: '1' },
    testTimeout: 4 * 3_600_000,
    hookTimeout: 120_000,
  },
});
