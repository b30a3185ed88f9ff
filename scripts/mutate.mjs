// `npm run mutate [scope…] [stryker flags]` (e.g. `npm run mutate guard -- --mutate src/integrations/hooks.ts`): StrykerJS over each scope in turn (guard, rules, resolve, programs;
// all when none is named), incremental, then one table of mutation scores per file from the JSON reports.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { SCOPES } from '../mutation/scopes.mjs';

// Scope names first; from the first flag on, everything is Stryker's (npm drops a `--` before them).
const args = process.argv.slice(2).filter((a) => a !== '--');
const firstFlag = args.findIndex((a) => a.startsWith('-'));
const names = firstFlag === -1 ? args : args.slice(0, firstFlag);
const extra = firstFlag === -1 ? [] : args.slice(firstFlag);
const scopes = names.length > 0 ? names : Object.keys(SCOPES);
for (const s of scopes) if (!(s in SCOPES)) throw new Error(`unknown scope ${s}; one of ${Object.keys(SCOPES).join(', ')}`);

const failed = [];
for (const scope of scopes) {
  process.stdout.write(`\nmutate: ${scope} (${SCOPES[scope].mutate.join(', ')})\n`);
  const r = spawnSync('npx', ['stryker', 'run', ...extra], { stdio: 'inherit', env: { ...process.env, VOUCH_MUTATE_SCOPE: scope } });
  if (r.status !== 0) failed.push(scope);
}

// Score = (killed + timeout) / (all valid mutants): compile errors and ignored mutants are not valid.
const rows = [];
for (const scope of scopes) {
  const report = `reports/mutation/${scope}.json`;
  // A run that failed (a red suite in the dry run, a timeout) left the last run's report: no score from it.
  if (failed.includes(scope)) {
    process.stdout.write(`\nmutate: ${scope} failed; its last report (${report}) is not this run's, no score\n`);
    continue;
  }
  if (!existsSync(report)) continue;
  const { files } = JSON.parse(readFileSync(report, 'utf8'));
  const total = { killed: 0, valid: 0, survived: [] };
  for (const [file, { mutants }] of Object.entries(files)) {
    const valid = mutants.filter((m) => !['CompileError', 'RuntimeError', 'Ignored'].includes(m.status));
    const killed = valid.filter((m) => m.status === 'Killed' || m.status === 'Timeout').length;
    total.killed += killed;
    total.valid += valid.length;
    rows.push([scope, file, killed, valid.length, valid.length ? (100 * killed) / valid.length : 100]);
  }
  rows.push([scope, '(all)', total.killed, total.valid, total.valid ? (100 * total.killed) / total.valid : 100]);
}
if (rows.length > 0) {
  process.stdout.write('\nscope     file                                              killed/valid  score\n');
  for (const [scope, file, k, v, score] of rows) process.stdout.write(`${scope.padEnd(9)} ${file.padEnd(50)} ${`${k}/${v}`.padStart(12)}  ${score.toFixed(1)}%\n`);
}
process.exit(failed.length > 0 ? 1 : 0);
