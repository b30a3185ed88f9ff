// The suites one mutation scope runs (VOUCH_MUTATE_SCOPE, see mutation/scopes.mjs), for Stryker's vitest runner.
import { defineConfig } from 'vitest/config';
import { SCOPES } from './scopes.mjs';

const scope = SCOPES[(process.env.VOUCH_MUTATE_SCOPE ?? 'guard') as keyof typeof SCOPES];
if (!scope) throw new Error(`unknown VOUCH_MUTATE_SCOPE ${process.env.VOUCH_MUTATE_SCOPE}`);

export default defineConfig({
  test: {
    // VOUCH_MUTATE_TESTS (comma-separated) narrows a ranged run to the suites that speak for the range.
    include: process.env.VOUCH_MUTATE_TESTS ? process.env.VOUCH_MUTATE_TESTS.split(',') : scope.tests,
    isolate: false,
    // The corpus's neighbour count (every case against every other) ran past 60 s in a dry run at load 14: a loaded
    // machine must not turn a whole-corpus test into a failed dry run.
    testTimeout: 240_000,
    hookTimeout: 60_000,
  },
});
