// How often vouch refuses real commands only because it cannot vouch for them: runs the analyzer over
// ../shared/corpora/nl2bash.cm (read as data, never run) and counts the lines with a cannot-vouch finding and no
// other denying finding, over all lines and over the lines that run interpreter code written on the line.
// Usage: node bench/refusal-nl2bash.mjs [--json] [--list] [--lines FILE] [--corpus PATH] [--dump OUT] [--guard]
// (FILE: line numbers, one a line, to restrict to; PATH: another copy of nl2bash.cm; OUT: every line's verdict and
// denying rules as JSON lines, to compare two versions; --guard: also the guard's verdict on each line, as a Bash
// tool call in the project, counted by rule: its own rules, self-protection among them, refuse beyond the findings)
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const CORPUS = args.includes('--corpus') ? args[args.indexOf('--corpus') + 1] : join(ROOT, '..', 'shared', 'corpora', 'nl2bash.cm');
if (!existsSync(CORPUS)) {
  console.error(`refusal-nl2bash: ${CORPUS} is absent; nothing to measure`);
  process.exit(0);
}

// The source, bundled beside the package so the analyzer finds grammars/ by walking up; no dist/ build needed. Under the
// checkout's own .cache/, not node_modules/.cache: worktrees that share one node_modules would measure each other's source.
const out = join(ROOT, '.cache', 'vouch-refusal-bench', 'index.mjs');
mkdirSync(dirname(out), { recursive: true });
const { build } = await import('esbuild');
await build({ entryPoints: [join(ROOT, 'src', 'index.ts')], bundle: true, format: 'esm', platform: 'node', outfile: out, packages: 'external', logLevel: 'error' });
const { createAnalyzer } = await import(pathToFileURL(out).href);
const analyzer = await createAnalyzer({ dialects: ['bash'] });
const where = { cwd: '/home/user/project', home: '/home/user' };
let guard;
if (args.includes('--guard')) {
  const guardOut = join(dirname(out), 'guard.mjs');
  await build({ entryPoints: [join(ROOT, 'src', 'guard', 'index.ts')], bundle: true, format: 'esm', platform: 'node', outfile: guardOut, packages: 'external', logLevel: 'error' });
  const { createGuard } = await import(pathToFileURL(guardOut).href);
  guard = createGuard({ analyzer, dependencies: { home: where.home } });
}
const guarded = { lines: 0, pass: 0, byRule: {} };

const lines = readFileSync(CORPUS, 'utf8').split('\n');
const restrict = args.includes('--lines') ? new Set(readFileSync(args[args.indexOf('--lines') + 1], 'utf8').split('\n').filter(Boolean).map(Number)) : undefined;

function tally() {
  return { lines: 0, denied: 0, cannotVouchOnly: 0, byRule: {} };
}
const all = tally();
const code = tally();
const listed = [];
const dumped = [];
lines.forEach((command, i) => {
  if (command.trim() === '') return;
  if (restrict && !restrict.has(i + 1)) return;
  const a = analyzer.analyze({ command, shell: 'bash', ...where });
  const denying = a.findings.filter((f) => f.kind !== 'info');
  const cannot = denying.filter((f) => f.kind === 'cannot-vouch');
  const only = cannot.length > 0 && cannot.length === denying.length;
  // Interpreter code written on the line: the interp.inline note marks each piece of it.
  const runsCode = a.findings.some((f) => f.rule === 'interp.inline');
  for (const t of runsCode ? [all, code] : [all]) {
    t.lines++;
    if (denying.length > 0) t.denied++;
    if (only) {
      t.cannotVouchOnly++;
      for (const r of new Set(cannot.map((f) => f.rule))) t.byRule[r] = (t.byRule[r] ?? 0) + 1;
    }
  }
  const verdict = guard?.decide({ tool: 'Bash', input: { command }, cwd: where.cwd });
  if (guard) {
    guarded.lines++;
    if (verdict === undefined) guarded.pass++;
    else guarded.byRule[verdict.rule] = (guarded.byRule[verdict.rule] ?? 0) + 1;
  }
  if (args.includes('--dump')) dumped.push(JSON.stringify({ line: i + 1, verdict: denying.length > 0 ? 'deny' : 'pass', rules: [...new Set(denying.map((f) => f.rule))].sort(), code: runsCode, ...(guard ? { guard: verdict?.rule ?? 'pass' } : {}) }));
  if (runsCode && args.includes('--list')) listed.push({ line: i + 1, verdict: denying.length > 0 ? 'deny' : 'pass', rules: [...new Set(denying.map((f) => f.rule))], command });
});
const pct = (t) => `${((100 * t.cannotVouchOnly) / Math.max(1, t.lines)).toFixed(2)}%`;
if (args.includes('--json')) console.log(JSON.stringify({ all, code, ...(guard ? { guard: guarded } : {}) }, null, 2));
else {
  if (guard) console.log(`guard: ${guarded.lines} lines, ${guarded.pass} pass, ${guarded.lines - guarded.pass} refused ${JSON.stringify(guarded.byRule)}`);
  console.log(`nl2bash: ${all.lines} lines, ${all.denied} denied, ${all.cannotVouchOnly} refused only as cannot-vouch (${pct(all)}) ${JSON.stringify(all.byRule)}`);
  console.log(`  running interpreter code: ${code.lines} lines, ${code.denied} denied, ${code.cannotVouchOnly} refused only as cannot-vouch (${pct(code)}) ${JSON.stringify(code.byRule)}`);
}
for (const l of listed) console.log(JSON.stringify(l));
if (args.includes('--dump')) writeFileSync(args[args.indexOf('--dump') + 1], `${dumped.join('\n')}\n`);
