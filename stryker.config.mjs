// StrykerJS for `npm run mutate` (scripts/mutate.mjs picks the scope): mutants over one stage at a time, killed by
// that stage's suites, type-checked first so a mutant tsc rejects is not counted. Incremental: a rerun tests
// only mutants whose code or covering tests changed (the state lives in reports/mutation/, not in git).
import { SCOPES } from './mutation/scopes.mjs';

const name = process.env.VOUCH_MUTATE_SCOPE ?? 'guard';
const scope = SCOPES[name];
// One file of the scope (`npm run mutate guard -- --each-file` sets it): its own reports, so a long scope is
// measured file by file and an interrupted run loses one file's work, not the scope's.
const part = process.env.VOUCH_MUTATE_FILE;
const stem = part ? `${name}.${part.replace(/[^A-Za-z0-9]+/g, '_')}` : name;
if (!scope) throw new Error(`unknown VOUCH_MUTATE_SCOPE ${name}; one of ${Object.keys(SCOPES).join(', ')}`);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'mutation/vitest.config.ts', related: false },
  checkers: process.env.VOUCH_MUTATE_NO_TSC ? [] : ['typescript'],
  tsconfigFile: 'tsconfig.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  coverageAnalysis: 'perTest',
  // A static mutant (a table, a constant built at load) needs every covering suite reloaded per mutant: about
  // an hour a scope here. \`npm run mutate guard -- --ignoreStatic false\` runs them.
  ignoreStatic: true,
  mutate: part ? [part] : scope.mutate,
  ignorePatterns: ['dist', 'bench/results', 'reports', '.stryker-tmp'],
  incremental: true,
  incrementalFile: `reports/mutation/${stem}.incremental.json`,
  reporters: ['clear-text', 'json', 'progress-append-only'],
  jsonReporter: { fileName: `reports/mutation/${stem}.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  concurrency: Number(process.env.VOUCH_MUTATE_CONCURRENCY ?? 2),
  timeoutMS: 20_000,
  tempDirName: `.stryker-tmp/${stem}`,
  cleanTempDir: 'always',
  thresholds: { high: 90, low: 85, break: null },
};
