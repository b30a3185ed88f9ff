// How often each rule flags real commands: runs the analyzer over ../shared/corpora/nl2bash.cm (read as data, never run)
// and prints per-rule line counts and a fixed sample of flagged lines to review for false positives.
// Usage: node bench/rules-nl2bash.mjs [--sample N] [--rule ID] [--json] [--corpus tldr-powershell.txt --shell powershell]
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const CORPUS = join(ROOT, '..', 'shared', 'corpora', opt('--corpus', 'nl2bash.cm'));
const shell = opt('--shell', 'bash');
const sampleSize = Number(opt('--sample', '30'));
const onlyRule = opt('--rule', undefined);

if (!existsSync(CORPUS)) {
  console.error(`rules-nl2bash: ${CORPUS} is absent; nothing to measure`);
  process.exit(0);
}

// The source, bundled beside the package so the analyzer finds grammars/ by walking up; no dist/ build needed.
const out = join(ROOT, 'node_modules', '.cache', 'vouch-rules-bench', 'index.mjs');
mkdirSync(dirname(out), { recursive: true });
const { build } = await import('esbuild');
await build({ entryPoints: [join(ROOT, 'src', 'index.ts')], bundle: true, format: 'esm', platform: 'node', outfile: out, packages: 'external', logLevel: 'error' });
const { createAnalyzer, RULES } = await import(pathToFileURL(out).href);
const analyzer = await createAnalyzer({ dialects: [shell] });
const where = shell === 'bash' ? { cwd: '/home/user/project', home: '/home/user' } : { cwd: 'C:\\Users\\user\\project', home: 'C:\\Users\\user' };

const lines = readFileSync(CORPUS, 'utf8').split('\n').filter((l) => l.trim() !== '');
const perRule = new Map();
const flagged = [];
const ruleMicros = [];
const analyzeMicros = [];
for (const command of lines) {
  const t0 = process.hrtime.bigint();
  const a = analyzer.analyze({ command, shell, ...where });
  const t1 = process.hrtime.bigint();
  // The rules alone, on a copy so that nothing cached for this analysis is reused.
  const copy = { ...a, findings: [] };
  for (const rule of RULES) rule.check({ analysis: copy, config: analyzer.config });
  const t2 = process.hrtime.bigint();
  analyzeMicros.push(Number(t1 - t0) / 1000);
  ruleMicros.push(Number(t2 - t1) / 1000);
  const rules = new Map();
  for (const f of a.findings) if (!rules.has(f.rule)) rules.set(f.rule, command.slice(f.span.start, f.span.end));
  for (const rule of rules.keys()) perRule.set(rule, (perRule.get(rule) ?? 0) + 1);
  const mine = [...rules].filter(([r]) => !r.startsWith('vouch.') && (onlyRule === undefined || r === onlyRule));
  if (mine.length > 0) flagged.push({ command, findings: mine });
}

// Every k-th flagged line: a fixed sample, so a rerun reviews the same lines.
const step = Math.max(1, Math.floor(flagged.length / sampleSize));
const sample = flagged.filter((_, i) => i % step === 0).slice(0, sampleSize);
const counts = Object.fromEntries([...perRule].sort((x, y) => y[1] - x[1]));
const pct = (xs, p) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))].toFixed(1);
const timing = {
  rulesMedianMicros: pct(ruleMicros, 50),
  rulesP99Micros: pct(ruleMicros, 99),
  analyzeMedianMicros: pct(analyzeMicros, 50),
  analyzeP99Micros: pct(analyzeMicros, 99),
};
if (args.includes('--json')) {
  console.log(JSON.stringify({ lines: lines.length, flaggedByDetectionRules: flagged.length, counts, timing, sample }, null, 2));
} else {
  console.log(`${lines.length} lines; ${flagged.length} flagged by a detection rule (egress, env, secret, write, interp)`);
  for (const [rule, n] of Object.entries(counts)) console.log(`  ${rule.padEnd(24)} ${String(n).padStart(6)}  ${((100 * n) / lines.length).toFixed(2)}%`);
  console.log(`time per line: rules median ${timing.rulesMedianMicros} µs, p99 ${timing.rulesP99Micros} µs; whole analyze (rules included) median ${timing.analyzeMedianMicros} µs, p99 ${timing.analyzeP99Micros} µs`);
  console.log(`\nsample of ${sample.length} flagged lines:`);
  for (const s of sample) console.log(`  ${s.findings.map(([r, t]) => `${r}[${t}]`).join(' ')}\n      ${s.command}`);
}
