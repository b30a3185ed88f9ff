// 100,000 parses through vouch's parse layer (withTree) keep RSS growth under 10 MB: trees are freed, never leaked.
// Usage: node --liftoff-only --expose-gc bench/parse-memory.mjs [COUNT]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { commandLines, machine, mib, ROOT, writeResult } from './lib.mjs';

const count = Number(process.argv[2] ?? 100_000);
const LIMIT_MB = 10;

// The parse layer is internal (not in dist/): bundle it from source beside node_modules so it finds grammars/.
const outdir = join(ROOT, 'node_modules', '.cache', 'vouch-bench');
mkdirSync(outdir, { recursive: true });
await build({ entryPoints: [join(ROOT, 'src', 'parse', 'index.ts')], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile: join(outdir, 'parse.mjs'), logLevel: 'error' });
const { initParser, withTree } = await import(pathToFileURL(join(outdir, 'parse.mjs')).href);
await Promise.all([initParser('bash'), initParser('powershell')]);

const lines = commandLines('/', '/root');
const warm = Math.floor(count / 10);
const rss = () => {
  globalThis.gc?.();
  return process.memoryUsage().rss;
};
let nodes = 0;
let start = 0;
const t0 = performance.now();
for (let i = 0; i < count; i++) {
  if (i === warm) start = rss();
  const line = lines[i % lines.length];
  const out = withTree(line.command, line.shell, (root) => root.childCount);
  if (out.ok) nodes += out.value;
}
const end = rss();
const growth = Math.round(mib(end - start) * 10) / 10;
const result = {
  machine: machine(),
  parses: count,
  seconds: Math.round((performance.now() - t0) / 100) / 10,
  rssAfterWarmUpMiB: mib(start),
  rssAtEndMiB: mib(end),
  growthMiB: growth,
  limitMB: LIMIT_MB,
  pass: growth < LIMIT_MB,
  topLevelNodes: nodes,
};
const file = writeResult('parse-memory.json', result);
process.stdout.write(`${count} parses in ${result.seconds} s: RSS ${result.rssAfterWarmUpMiB} → ${result.rssAtEndMiB} MiB after warm-up, growth ${growth} MiB (limit ${LIMIT_MB} MB): ${result.pass ? 'ok' : 'GROWS'}\n${file}\n`);
process.exitCode = result.pass ? 0 : 1;
