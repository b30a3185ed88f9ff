// npm run bench:memory: RSS over 1,000,000 analyses of real command lines; growth after warm-up must stay under 10 MB.
// Usage: node --liftoff-only --expose-gc bench/memory.mjs [COUNT] [--backend native]
import v8 from 'node:v8';
import { commandLines, loadVouch, machine, median, mib, writeResult } from './lib.mjs';

const argv = process.argv.slice(2);
const count = Number(argv.find((a) => /^\d+$/.test(a)) ?? 1_000_000);
const backend = argv.includes('--backend') ? argv[argv.indexOf('--backend') + 1] : 'wasm';
const WARM = Math.min(100_000, Math.floor(count / 10));
const SAMPLE = Math.max(1000, Math.floor(count / 40));
const LIMIT_MB = 10;

// Wasm linear memory lives outside the JS heap and never shrinks: count its growth apart from the rest.
let wasmGrownBytes = 0;
const grow = WebAssembly.Memory.prototype.grow;
WebAssembly.Memory.prototype.grow = function (pages) {
  wasmGrownBytes += pages * 65536;
  return grow.call(this, pages);
};
const wasmBytes = () => wasmGrownBytes;

const { vouch, guard } = await loadVouch();
const analyzer = await vouch.createAnalyzer({ backend });
const g = guard?.createGuard ? guard.createGuard({ analyzer, dependencies: { home: '/home/dev' } }) : undefined;
const lines = commandLines('/home/dev/project', '/home/dev');

// A collection before each sample, when allowed, so RSS shows what is kept rather than what awaits the GC.
const settle = () => globalThis.gc?.();
const samples = [];
let denied = 0;
const t0 = performance.now();
for (let i = 0; i < count; i++) {
  const line = lines[i % lines.length];
  // Every other call goes through the guard, so its records and caches are measured too.
  if (g && i % 2 === 1) {
    if (g.decide({ tool: line.shell, input: { command: line.command }, cwd: line.cwd })) denied++;
  } else analyzer.analyze(line);
  if ((i + 1) % SAMPLE === 0 || i + 1 === WARM) {
    settle();
    const m = process.memoryUsage();
    // V8 grows the young generation under a high allocation rate (up to 2 × 16 MiB semi-spaces): that is
    // sizing, not retention, so it is recorded apart from what survives a collection (old space).
    const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s]));
    samples.push({
      calls: i + 1,
      rssMiB: mib(m.rss),
      heapUsedMiB: mib(m.heapUsed),
      newSpaceMiB: mib(spaces.new_space?.space_size ?? 0),
      oldSpaceUsedMiB: mib(spaces.old_space?.space_used_size ?? 0),
      externalMiB: mib(m.external + m.arrayBuffers),
      wasmGrownMiB: mib(wasmBytes()),
      outsideHeapMiB: mib(m.rss - m.heapTotal),
    });
  }
}
const seconds = (performance.now() - t0) / 1000;
const warm = samples.find((s) => s.calls >= WARM);
const after = samples.filter((s) => s.calls >= WARM);
const last = samples[samples.length - 1];
// RSS swings by several MiB as the allocator and the GC come and go; growth is the trend, so compare
// the median of the first quarter of samples after warm-up with that of the last quarter.
const quarter = Math.max(1, Math.floor(after.length / 4));
const trend = (key) => Math.round((median(after.slice(-quarter).map((s) => s[key])) - median(after.slice(0, quarter).map((s) => s[key]))) * 10) / 10;
const growth = trend('rssMiB');
const rssAfter = after.map((s) => s.rssMiB);
const peakGrowth = Math.round((Math.max(...rssAfter) - warm.rssMiB) * 10) / 10;
const result = {
  machine: machine(),
  backend,
  calls: count,
  through: g ? 'analyze and guard decide, alternating' : 'analyze',
  gcBeforeSamples: typeof globalThis.gc === 'function',
  seconds: Math.round(seconds),
  warmUpCalls: WARM,
  rssAtWarmUpMiB: warm.rssMiB,
  rssAtEndMiB: last.rssMiB,
  rssRangeAfterWarmUpMiB: [Math.min(...rssAfter), Math.max(...rssAfter)],
  growthAfterWarmUpMiB: growth,
  heapUsedGrowthAfterWarmUpMiB: trend('heapUsedMiB'),
  newSpaceGrowthAfterWarmUpMiB: trend('newSpaceMiB'),
  wasmMemoryGrowthAfterWarmUpMiB: trend('wasmGrownMiB'),
  outsideHeapGrowthAfterWarmUpMiB: trend('outsideHeapMiB'),
  peakGrowthAfterWarmUpMiB: peakGrowth,
  limitMB: LIMIT_MB,
  pass: growth < LIMIT_MB && trend('heapUsedMiB') < LIMIT_MB,
  denied,
  samples,
};
const file = writeResult(backend === 'wasm' ? 'memory.json' : `memory-${backend}.json`, result);
process.stdout.write(
  `${count} calls (${result.through}, ${backend}) in ${result.seconds} s: RSS ${warm.rssMiB} MiB after ${WARM} warm-up calls → ${last.rssMiB} MiB at the end; trend ${growth} MiB (range ${result.rssRangeAfterWarmUpMiB.join('–')} MiB; heap used after GC ${result.heapUsedGrowthAfterWarmUpMiB} MiB, young generation ${result.newSpaceGrowthAfterWarmUpMiB} MiB, wasm memory ${result.wasmMemoryGrowthAfterWarmUpMiB} MiB), limit ${LIMIT_MB} MB: ${result.pass ? 'ok' : 'GROWS'}\n${file}\n`,
);
process.exitCode = result.pass ? 0 : 1;
