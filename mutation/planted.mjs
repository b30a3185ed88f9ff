// The five fail-open bugs of issue 23, planted again one at a time: each must turn the suite red. Run with
// `node mutation/planted.mjs [name…]`; for each plant it edits one line, runs the test files named beside it,
// restores the file, and says which tests failed. A plant whose tests stay green is a hole in the suite.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

export const PLANTS = [
  {
    // Today str_replace is a writer three ways (its name in EDIT_TOOLS, the word `replace` in it, its old_str and
    // new_str): the one line that still makes `str_replace` of a persistence target pass is the name's.
    name: 'str_replace (a writer by name) is no longer checked as a write',
    file: 'src/guard/tools.ts',
    from: 'if (nameWrites && !readAction) writes = true;',
    to: '',
    tests: ['test/fail-open.test.ts', 'test/guard.test.ts', 'test/tools-corpus.test.ts'],
  },
  {
    name: 'a malformed Gemini event is answered {} (no opinion)',
    file: 'src/cli/hook.ts',
    from: "if (request.kind === 'malformed') return refusal(request.format, request.reason);",
    to: "if (request.kind === 'malformed') return request.format === 'gemini' ? answer('gemini', undefined) : refusal(request.format, request.reason);",
    tests: ['test/fail-open.test.ts', 'test/hooks.test.ts', 'test/tools-corpus.test.ts'],
  },
  {
    name: 'a Windows /option is no longer read as -option (certutil /urlcache)',
    file: 'src/rules/egress-binary.ts',
    from: "withArgs.has(v.toLowerCase().replace(/^\\//, '-'))",
    to: 'withArgs.has(v.toLowerCase())',
    tests: ['test/fail-open.test.ts', 'test/rules.test.ts', 'test/corpus.test.ts', 'test/powershell.test.ts'],
  },
  {
    name: '&>> is no longer a write',
    file: 'src/rules/writes.ts',
    from: "'&>', '&>>', '>|',",
    to: "'&>', '>|',",
    tests: ['test/fail-open.test.ts', 'test/rules.test.ts', 'test/corpus.test.ts', 'test/rules-findings.test.ts'],
  },
  {
    name: 'printenv $X is no longer a dump',
    file: 'src/programs/entries/known.ts',
    from: 'if (names.every((w) => w.values === null && !/^["\']/.test(w.text))) return',
    to: 'if (false && names.every((w) => w.values === null && !/^["\']/.test(w.text))) return',
    tests: ['test/fail-open.test.ts', 'test/rules.test.ts', 'test/corpus.test.ts', 'test/programs.test.ts'],
  },
];

const only = process.argv.slice(2);
let holes = 0;
for (const plant of PLANTS) {
  if (only.length > 0 && !only.some((o) => plant.name.includes(o))) continue;
  const original = readFileSync(plant.file, 'utf8');
  if (!original.includes(plant.from)) throw new Error(`${plant.file} no longer holds the line to plant "${plant.name}" in`);
  writeFileSync(plant.file, original.replace(plant.from, plant.to));
  let r;
  try {
    r = spawnSync('npx', ['vitest', 'run', '--reporter=json', ...plant.tests], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  } finally {
    writeFileSync(plant.file, original);
  }
  const start = r.stdout.indexOf('{');
  const report = start === -1 ? undefined : JSON.parse(r.stdout.slice(start));
  const failed = (report?.testResults ?? []).flatMap((f) =>
    f.assertionResults.filter((a) => a.status === 'failed').map((a) => `${f.name.replace(`${process.cwd()}/`, '')} › ${a.fullName}`),
  );
  if (failed.length === 0) holes++;
  process.stdout.write(`${failed.length > 0 ? 'RED  ' : 'GREEN'} ${plant.name}: ${failed.length} failing test(s)\n`);
  for (const f of failed.slice(0, 8)) process.stdout.write(`        ${f.slice(0, 220)}\n`);
  if (failed.length > 8) process.stdout.write(`        … and ${failed.length - 8} more\n`);
}
process.exit(holes > 0 ? 1 : 0);
