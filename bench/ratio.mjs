// npm run bench:ratio — vouch `analyze` against a bare tree-sitter parse of the same lines, in one process: the
// target of part 3 of issue 19 (p50 ≤ 2×, p99 ≤ 3×). Each line of nl2bash (bash) and tldr-powershell (PowerShell),
// read as data and never run, is parsed and analysed in turn, the order alternating, --repeat times (5); a line's
// time for each is the median of its repeats, so a run preempted by the other jobs of a shared machine drops out;
// p50 and p99 are over the lines. Warm-up passes are excluded.
//   node --liftoff-only bench/ratio.mjs [--repeat N]
// Writes bench/results/ratio.json.
import { bareWasm, commandLines, loadVouch, machine, median, numberOption, round, writeResult } from './lib.mjs';

const REPEAT = numberOption(process.argv.slice(2), 'repeat', 5);
const { vouch } = await loadVouch();
const analyzer = await vouch.createAnalyzer({ backend: 'wasm' });
const parse = await bareWasm();
const lines = commandLines('/tmp', '/home/dev');
const contenders = [(l) => parse(l.command, l.shell), (l) => analyzer.analyze(l)];

/** `times[c][i]`: contender c's repeats on line i, in µs. */
function pass(repeat) {
  const times = contenders.map(() => lines.map(() => []));
  for (let r = 0; r < repeat; r++) {
    lines.forEach((line, i) => {
      for (let j = 0; j < contenders.length; j++) {
        const c = (i + r + j) % contenders.length;
        const t0 = performance.now();
        contenders[c](line);
        times[c][i].push((performance.now() - t0) * 1000);
      }
    });
  }
  return times;
}

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

pass(2);
const times = pass(REPEAT);
const out = { machine: machine(), repeat: REPEAT, dialects: {} };
for (const dialect of ['bash', 'powershell']) {
  const idx = lines.flatMap((l, i) => (l.shell === dialect ? [i] : []));
  const [parseUs, analyzeUs] = times.map((t) => idx.map((i) => median(t[i])));
  const row = { lines: idx.length };
  for (const q of [0.5, 0.9, 0.99]) {
    const key = `p${Math.round(q * 100)}`;
    row[key] = { parseUs: round(quantile(parseUs, q)), analyzeUs: round(quantile(analyzeUs, q)), ratio: round(quantile(analyzeUs, q) / quantile(parseUs, q)) };
  }
  out.dialects[dialect] = row;
  process.stdout.write(
    `${dialect.padEnd(10)} ${String(idx.length).padStart(5)} lines  analyze / parse  p50 ${row.p50.analyzeUs} / ${row.p50.parseUs} µs = ${row.p50.ratio}× (target ≤ 2)  p90 ${row.p90.ratio}×  p99 ${row.p99.analyzeUs} / ${row.p99.parseUs} µs = ${row.p99.ratio}× (target ≤ 3)\n`,
  );
}
process.stdout.write(`(a line's time: the median of ${REPEAT} interleaved repeats; load average ${out.machine.loadAverage1m})\n`);
writeResult('ratio.json', out);
