// 100,000 parses through vouch's parse layer (withTree) keep RSS growth under 10 MB: trees are freed, never leaked.
// Usage: node --liftoff-only --expose-gc bench/parse-memory.mjs [COUNT]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import v8 from 'node:v8';
import { commandLines, machine, median, mib, ROOT, writeResult } from './lib.mjs';

const count = Number(process.argv[2] ?? 100_000);
const LIMIT_MB = 10;

// The parse layer is internal (not in dist/): bundle it from source beside node_modules so it finds grammars/.
const outdir = join(ROOT, 'node_modules', '.cache', 'vouch-bench');
mkdirSync(outdir, { recursive: true });
await build({ entryPoints: [join(ROOT, 'src', 'parse', 'index.ts')], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile: join(outdir, 'parse.mjs'), logLevel: 'error' });
const { initParser, withTree } = await import(pathToFileURL(join(outdir, 'parse.mjs')).href);
await Promise.all([initParser('bash'), initParser('powershell')]);

const lines = commandLines('/', '/root');
const warm = Math.floor(count / 5);
const every = Math.max(500, Math.floor(count / 40));
const samples = [];
let nodes = 0;
const t0 = performance.now();
for (let i = 0; i < count; i++) {
  const line = lines[i % lines.length];
  const out = withTree(line.command, line.shell, (root) => root.childCount);
  if (out.ok) nodes += out.value;
  if ((i + 1) % every === 0 && i + 1 >= warm) {
    globalThis.gc?.();
    const m = process.memoryUsage();
    const young = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0;
    samples.push({ parses: i + 1, rssMiB: mib(m.rss), heapUsedMiB: mib(m.heapUsed), newSpaceMiB: mib(young) });
  }
}
// Growth is the trend: the median of the last quarter of samples against that of the first.
const quarter = Math.max(1, Math.floor(samples.length / 4));
const trend = (key) => Math.round((median(samples.slice(-quarter).map((s) => s[key])) - median(samples.slice(0, quarter).map((s) => s[key]))) * 10) / 10;
const growth = trend('rssMiB');
const result = {
  machine: machine(),
  parses: count,
  warmUpParses: warm,
  seconds: Math.round((performance.now() - t0) / 100) / 10,
  rssAfterWarmUpMiB: samples[0].rssMiB,
  rssAtEndMiB: samples[samples.length - 1].rssMiB,
  growthMiB: growth,
  heapUsedGrowthMiB: trend('heapUsedMiB'),
  newSpaceGrowthMiB: trend('newSpaceMiB'),
  limitMB: LIMIT_MB,
  pass: growth < LIMIT_MB,
  topLevelNodes: nodes,
  samples,
};
const file = writeResult('parse-memory.json', result);
process.stdout.write(
  `${count} parses in ${result.seconds} s: RSS ${result.rssAfterWarmUpMiB} → ${result.rssAtEndMiB} MiB after ${warm} warm-up parses, trend ${growth} MiB (heap used ${result.heapUsedGrowthMiB} MiB, young generation ${result.newSpaceGrowthMiB} MiB), limit ${LIMIT_MB} MB: ${result.pass ? 'ok' : 'GROWS'}\n${file}\n`,
);
process.exitCode = result.pass ? 0 : 1;
