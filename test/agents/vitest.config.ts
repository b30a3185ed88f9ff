// `npm run e2e:agents`: the real agents against a fake model (test/agents/run.agents.ts), one at a time.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/agents/*.agents.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 420_000,
    hookTimeout: 300_000,
  },
});
