// Shared by the bench scripts: corpora as data, the contenders, percentiles, the machine's description.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const RESULTS = join(ROOT, 'bench', 'results');
export const CORPORA = join(ROOT, '..', 'shared', 'corpora');

/** Lines of a corpus file, read as data: these are never executed. */
export function corpus(file) {
  const path = join(CORPORA, file);
  if (!existsSync(path)) throw new Error(`bench: corpus ${path} not found`);
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
}

/** Both corpora as command lines: nl2bash as bash, tldr-powershell as PowerShell. */
export function commandLines(cwd, home) {
  return [
    ...corpus('nl2bash.cm').map((command) => ({ command, shell: 'bash', cwd, home })),
    ...corpus('tldr-powershell.txt').map((command) => ({ command, shell: 'powershell', cwd, home })),
  ];
}

/** The built package (npm run build); the bench measures what users install. */
export async function loadVouch() {
  const dist = join(ROOT, 'dist');
  if (!existsSync(join(dist, 'index.js'))) throw new Error('bench: dist/ is missing, run `npm run build` first');
  const vouch = await import(pathToFileURL(join(dist, 'index.js')).href);
  let guard;
  if (existsSync(join(dist, 'guard.js'))) {
    try {
      guard = await import(pathToFileURL(join(dist, 'guard.js')).href);
    } catch (err) {
      guard = { error: err.message };
    }
  }
  return { vouch, guard };
}

/** Bare tree-sitter parsers on the pinned wasm grammars: parse and free, nothing else. */
export async function bareWasm() {
  const { Language, Parser } = await import('web-tree-sitter');
  await Parser.init();
  const manifest = JSON.parse(readFileSync(join(ROOT, 'grammars', 'manifest.json'), 'utf8')).grammars;
  const parsers = {};
  // The shells' grammars only; the manifest also pins the languages code is read in.
  for (const g of manifest.filter((g) => g.grammar === 'bash' || g.grammar === 'powershell')) {
    const p = new Parser();
    p.setLanguage(await Language.load(readFileSync(join(ROOT, 'grammars', g.file))));
    parsers[g.grammar] = p;
  }
  return (command, shell) => parsers[shell].parse(command).delete();
}

/** Bare native parsers, or the reason they are absent. */
export async function bareNative() {
  const require = createRequire(join(ROOT, 'package.json'));
  try {
    const Parser = require('tree-sitter');
    const bash = require('tree-sitter-bash');
    const ps = (await import(pathToFileURL(require.resolve('tree-sitter-powershell/bindings/node/index.js')).href)).default;
    const parsers = { bash: new Parser(), powershell: new Parser() };
    parsers.bash.setLanguage(bash);
    parsers.powershell.setLanguage(ps);
    // Touch the root as withTree does, so the lazily built tree is not left for the GC to pay.
    return { parse: (command, shell) => parsers[shell].parse(command).rootNode };
  } catch (err) {
    return { reason: err.message };
  }
}

/** Percentiles and throughput of a run of durations in microseconds. */
export function stats(us) {
  const sorted = Float64Array.from(us).sort();
  const n = sorted.length;
  const at = (q) => sorted[Math.min(n - 1, Math.floor(q * n))];
  const total = sorted.reduce((a, b) => a + b, 0);
  return {
    n,
    p50: round(at(0.5)),
    p90: round(at(0.9)),
    p99: round(at(0.99)),
    max: round(sorted[n - 1]),
    mean: round(total / n),
    perSecond: Math.round(n / (total / 1e6)),
  };
}

export function round(x, digits = 2) {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export function machine() {
  const cpu = cpus();
  return {
    cpu: cpu[0]?.model ?? 'unknown',
    cores: cpu.length,
    memoryGiB: round(totalmem() / 2 ** 30, 1),
    node: process.version,
    v8Flags: process.execArgv.join(' '),
    platform: `${process.platform}-${process.arch}`,
    // Other work on the machine inflates every figure; interleaving spreads it evenly, it does not remove it.
    loadAverage1m: round(loadavg()[0], 1),
    date: new Date().toISOString(),
  };
}

export function writeResult(name, data) {
  mkdirSync(RESULTS, { recursive: true });
  const file = join(RESULTS, name);
  writeFileSync(file, typeof data === 'string' ? data : `${JSON.stringify(data, null, 2)}\n`);
  return file;
}

/** `--name N` from a script's arguments, else `fallback`. */
export function numberOption(args, name, fallback) {
  const at = args.indexOf(`--${name}`);
  return at < 0 ? fallback : Number(args[at + 1]);
}

export function mib(bytes) {
  return round(bytes / 2 ** 20, 1);
}
