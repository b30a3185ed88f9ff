// `npm run mutate [scope…] [--each-file] [stryker flags]` (e.g. `npm run mutate guard -- --mutate src/integrations/hooks.ts`):
// StrykerJS over each scope in turn (guard, rules, resolve, programs; all when none is named), incremental, then one
// table of mutation scores per file. `--each-file` runs Stryker once per file of the scope, each with its own
// reports (an interrupted scope keeps the files it finished); the table reads every report of the scope and takes,
// for each file, the newest report that measured it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SCOPES } from '../mutation/scopes.mjs';

// Scope names first; from the first flag on, everything is Stryker's but ours (npm drops a `--` before them).
const args = process.argv.slice(2).filter((a) => a !== '--');
const eachFile = args.includes('--each-file');
const rest = args.filter((a) => a !== '--each-file');
const firstFlag = rest.findIndex((a) => a.startsWith('-'));
const names = firstFlag === -1 ? rest : rest.slice(0, firstFlag);
const extra = firstFlag === -1 ? [] : rest.slice(firstFlag);
const scopes = names.length > 0 ? names : Object.keys(SCOPES);
for (const s of scopes) if (!(s in SCOPES)) throw new Error(`unknown scope ${s}; one of ${Object.keys(SCOPES).join(', ')}`);

/** The files a scope's globs name (`src/x/**\/*.ts`, `src/x/*.ts` or a file), sorted. */
function filesOf(globs) {
  const out = [];
  const walk = (dir, deep) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) {
        if (deep) walk(p, deep);
      } else if (p.endsWith('.ts') && !p.endsWith('.d.ts')) out.push(p);
    }
  };
  for (const g of globs) {
    if (g.endsWith('/**/*.ts')) walk(g.slice(0, -'/**/*.ts'.length), true);
    else if (g.endsWith('/*.ts')) walk(g.slice(0, -'/*.ts'.length), false);
    else out.push(g);
  }
  return [...new Set(out)].sort();
}

const failed = [];
const stryker = (scope, env) => spawnSync('npx', ['stryker', 'run', ...extra], { stdio: 'inherit', env: { ...process.env, VOUCH_MUTATE_SCOPE: scope, ...env } }).status === 0;
for (const scope of scopes) {
  if (!eachFile) {
    process.stdout.write(`\nmutate: ${scope} (${SCOPES[scope].mutate.join(', ')})\n`);
    if (!stryker(scope, {})) failed.push(scope);
    continue;
  }
  for (const file of filesOf(SCOPES[scope].mutate)) {
    process.stdout.write(`\nmutate: ${scope}, ${file}\n`);
    if (!stryker(scope, { VOUCH_MUTATE_FILE: file })) failed.push(`${scope} ${file}`);
  }
}

// Score = (killed + timeout) / (all valid mutants): compile errors and ignored mutants are not valid. A run that
// failed (a red suite in the dry run, a timeout) leaves an older report, which is not read: its files get no score.
const rows = [];
for (const scope of scopes) {
  if (failed.includes(scope)) {
    process.stdout.write(`\nmutate: ${scope} failed; its reports are not this run's, no score\n`);
    continue;
  }
  const reports = existsSync('reports/mutation')
    ? readdirSync('reports/mutation')
        .filter((f) => (f === `${scope}.json` || f.startsWith(`${scope}.`)) && f.endsWith('.json') && !f.endsWith('.incremental.json'))
        .map((f) => join('reports/mutation', f))
        .filter((f) => !failed.some((x) => x.startsWith(`${scope} `) && f.includes(x.slice(scope.length + 1).replace(/[^A-Za-z0-9]+/g, '_'))))
        .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs)
    : [];
  // Newest last: a file's row is the last report's that measured it.
  const byFile = new Map();
  for (const report of reports) for (const [file, { mutants }] of Object.entries(JSON.parse(readFileSync(report, 'utf8')).files)) byFile.set(file, mutants);
  const total = { killed: 0, valid: 0 };
  for (const [file, mutants] of [...byFile].sort(([a], [b]) => a.localeCompare(b))) {
    const valid = mutants.filter((m) => !['CompileError', 'RuntimeError', 'Ignored'].includes(m.status));
    const killed = valid.filter((m) => m.status === 'Killed' || m.status === 'Timeout').length;
    total.killed += killed;
    total.valid += valid.length;
    rows.push([scope, file, killed, valid.length, valid.length ? (100 * killed) / valid.length : 100]);
  }
  if (byFile.size > 0) rows.push([scope, `(${byFile.size} of ${filesOf(SCOPES[scope].mutate).length} files)`, total.killed, total.valid, total.valid ? (100 * total.killed) / total.valid : 100]);
}
if (rows.length > 0) {
  process.stdout.write('\nscope     file                                              killed/valid  score\n');
  for (const [scope, file, k, v, score] of rows) process.stdout.write(`${scope.padEnd(9)} ${file.padEnd(50)} ${`${k}/${v}`.padStart(12)}  ${score.toFixed(1)}%\n`);
}
if (failed.length > 0) process.stdout.write(`\nmutate: failed: ${failed.join('; ')}\n`);
process.exit(failed.length > 0 ? 1 : 0);
