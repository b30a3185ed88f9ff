// npm run bench: latency and throughput on real corpora, side by side, interleaved; cold start; worst cases; chart.
import childProcess from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { latencyChart } from './chart.mjs';
import { coldStart } from './cold-start.mjs';
import { bareNative, bareWasm, commandLines, loadVouch, machine, median, ROOT, round, stats, writeResult } from './lib.mjs';
import { CASES } from './worst.mjs';

const args = new Set(process.argv.slice(2));
const QUICK = args.has('--quick'); // a smoke run: fewer lines, fewer cold starts
const PS_REPEAT = QUICK ? 2 : 10; // further passes over the PowerShell lines (see below)
const spawnSync = childProcess.spawnSync; // kept before the guard below replaces it

// cc-safety-net may start `git` for some commands. The bench must start nothing but its own processes,
// so every child_process entry point is replaced by a refusal that is counted and reported.
const refused = { count: 0, calls: [] };
function refuseSpawns() {
  for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork']) {
    childProcess[name] = (file, argv) => {
      refused.count++;
      if (refused.calls.length < 5) refused.calls.push([name, String(file), ...(Array.isArray(argv) ? argv.map(String) : [])].join(' '));
      if (name === 'spawnSync') return { error: new Error('refused by the bench'), status: null, stdout: '', stderr: '' };
      throw new Error('refused by the bench');
    };
  }
  syncBuiltinESMExports();
}

const log = (s = '') => process.stdout.write(`${s}\n`);

async function contenders(cwd, home) {
  const { vouch, guard } = await loadVouch();
  const wasm = await vouch.createAnalyzer({ backend: 'wasm' });
  let native;
  let nativeReason;
  try {
    native = await vouch.createAnalyzer({ backend: 'native' });
  } catch (err) {
    nativeReason = err.message;
  }
  const parseWasm = await bareWasm();
  const parseNative = await bareNative();
  refuseSpawns();
  const { checkCommand } = await import('cc-safety-net/api');

  const list = [
    { id: 'parse-wasm', name: 'tree-sitter parse (wasm)', color: '#9e9e9e', run: (l) => parseWasm(l.command, l.shell) },
    { id: 'analyze-wasm', name: 'vouch analyze (wasm)', color: '#1565c0', run: (l) => wasm.analyze(l) },
  ];
  if (parseNative.parse) {
    list.push({ id: 'parse-native', name: 'tree-sitter parse (native)', color: '#c0c0c0', run: (l) => parseNative.parse(l.command, l.shell) });
  }
  if (native) list.push({ id: 'analyze-native', name: 'vouch analyze (native)', color: '#6a1b9a', run: (l) => native.analyze(l) });
  let guardReason;
  if (guard?.createGuard) {
    const g = guard.createGuard({ analyzer: wasm, dependencies: { home } });
    list.push({
      id: 'decide-wasm',
      name: 'vouch guard decide (wasm)',
      color: '#2e7d32',
      run: (l) => g.decide({ tool: l.shell, input: { command: l.command }, cwd }),
    });
  } else guardReason = guard?.error ?? 'dist/guard.js is not built';
  list.push({
    id: 'cc-safety-net',
    name: 'cc-safety-net checkCommand',
    color: '#e65100',
    bashOnly: true,
    run: (l) => checkCommand({ command: l.command, cwd }),
  });
  return { list, wasm, native, nativeReason, parseNativeReason: parseNative.reason, guardReason, ccVersion: '2.4.5' };
}

/** Runs every contender on every line, in an order rotated per line, so drift and cache effects spread evenly. */
function interleaved(list, lines) {
  const us = new Map(list.map((c) => [c.id, { bash: [], powershell: [] }]));
  const failures = new Map(list.map((c) => [c.id, 0]));
  lines.forEach((line, i) => {
    const k = list.length;
    for (let j = 0; j < k; j++) {
      const c = list[(i + j) % k];
      if (c.bashOnly && line.shell !== 'bash') continue;
      const t0 = performance.now();
      try {
        c.run(line);
      } catch {
        failures.set(c.id, failures.get(c.id) + 1);
      }
      us.get(c.id)[line.shell].push((performance.now() - t0) * 1000);
    }
  });
  return { us, failures };
}

function coldStarts(runs) {
  const { results } = coldStart(runs);
  const [node, analyze, list, parsed, hook, hookList, hookParsed] = results;
  const npx = [];
  // npx from the package folder resolves vouch's own bin; --no forbids any download.
  for (let i = 0; i < Math.max(10, runs / 2); i++) {
    const t0 = performance.now();
    const r = spawnSync('npx', ['--no', '--', 'vouch', '--version'], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`npx vouch --version exited ${r.status}: ${r.stderr}`);
    npx.push(performance.now() - t0);
  }
  return {
    runs,
    command: 'vouch analyze ls',
    nodeMedianMs: node.medianMs,
    vouchMedianMs: analyze.medianMs,
    ratio: analyze.ratio,
    listCommand: list.command,
    listMedianMs: list.medianMs,
    listRatio: list.ratio,
    parsedCommand: parsed.command,
    parsedMedianMs: parsed.medianMs,
    parsedRatio: parsed.ratio,
    hookMedianMs: hook.medianMs,
    hookRatio: hook.ratio,
    hookListCommand: hookList.command,
    hookListMedianMs: hookList.medianMs,
    hookListRatio: hookList.ratio,
    hookParsedCommand: hookParsed.command,
    hookParsedMedianMs: hookParsed.medianMs,
    hookParsedRatio: hookParsed.ratio,
    npxVersionMedianMs: round(median(npx), 1),
    npxRuns: npx.length,
  };
}

function worstCases() {
  const out = [];
  for (const name of Object.keys(CASES)) {
    for (const mode of ['default', 'raised']) {
      const r = spawnSync(process.execPath, ['--liftoff-only', join(ROOT, 'bench', 'worst.mjs'), name, mode], {
        encoding: 'utf8',
        timeout: 180_000,
        maxBuffer: 1 << 20,
      });
      if (r.status === 0) out.push(JSON.parse(r.stdout.trim().split('\n').pop()));
      else out.push({ case: name, mode, failed: r.signal ? `killed by ${r.signal} (timeout 180 s)` : `exit ${r.status}`, stderr: (r.stderr ?? '').slice(0, 2000) });
    }
  }
  return out;
}

function table(rows, cols) {
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c] ?? '').length)));
  const line = (cells) => cells.map((v, i) => String(v ?? '').padStart(widths[i])).join('  ');
  return [line(cols), ...rows.map((r) => line(cols.map((c) => r[c])))].join('\n');
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'vouch-bench-'));
  const cwd = work; // an empty directory: cc-safety-net finds no project config or git repository there
  const home = '/home/dev';
  try {
    const all = commandLines(cwd, home);
    const lines = QUICK ? all.filter((_, i) => i % 10 === 0) : all;
    const setup = await contenders(cwd, home);
    const { list } = setup;
    log(`vouch bench — ${lines.length} command lines (${lines.filter((l) => l.shell === 'bash').length} bash, ${lines.filter((l) => l.shell === 'powershell').length} PowerShell)`);
    if (setup.nativeReason) log(`native analyze: absent (${setup.nativeReason})`);
    if (setup.guardReason) log(`guard decide: absent (${setup.guardReason})`);

    // Warm-up, excluded: every contender over a slice of both corpora, so the JIT has settled.
    const warm = [...lines.filter((l) => l.shell === 'bash').slice(0, QUICK ? 300 : 2000), ...lines.filter((l) => l.shell === 'powershell')];
    interleaved(list, warm);
    const { us, failures } = interleaved(list, lines);
    // The PowerShell corpus is 204 lines: one pass over it leaves its p50 to the machine's moment (2.8× and 3.3× in two
    // runs of one build). Its lines are run PS_REPEAT times more, interleaved as before, and a line's time is the median
    // of its runs, for every contender alike.
    const psLines = lines.filter((l) => l.shell === 'powershell');
    if (psLines.length > 0) {
      const runsOf = new Map(list.map((c) => [c.id, psLines.map((_, i) => [us.get(c.id).powershell[i]])]));
      for (let r = 0; r < PS_REPEAT; r++) {
        const more = interleaved(list, psLines).us;
        for (const c of list) {
          more.get(c.id).powershell.forEach((t, i) => {
            runsOf.get(c.id)[i]?.push(t);
          });
        }
      }
      for (const c of list) if (us.get(c.id).powershell.length > 0) us.get(c.id).powershell = runsOf.get(c.id).map((ts) => median(ts));
    }

    const results = {};
    const rows = [];
    for (const dialect of ['bash', 'powershell']) {
      results[dialect] = {};
      for (const c of list) {
        const d = us.get(c.id)[dialect];
        if (d.length === 0) continue;
        const s = stats(d);
        results[dialect][c.id] = s;
        rows.push({ lines: dialect, contender: c.name, n: s.n, 'p50 µs': s.p50, 'p90 µs': s.p90, 'p99 µs': s.p99, 'max µs': s.max, 'cmds/s': s.perSecond });
      }
    }
    log();
    log(table(rows, ['lines', 'contender', 'n', 'p50 µs', 'p90 µs', 'p99 µs', 'max µs', 'cmds/s']));

    const b = results.bash;
    const ratio = (a, z, at = 'p50') => (a && z ? round(a[at] / z[at]) : null);
    const ps = results.powershell;
    const ratios = {
      analyzeOverParse: { bash: ratio(b['analyze-wasm'], b['parse-wasm']), powershell: ratio(ps['analyze-wasm'], ps['parse-wasm']) },
      analyzeOverParseP99: { bash: ratio(b['analyze-wasm'], b['parse-wasm'], 'p99'), powershell: ratio(ps['analyze-wasm'], ps['parse-wasm'], 'p99') },
      analyzeNativeOverParseNative: { bash: ratio(b['analyze-native'], b['parse-native']) },
      decideOverParse: { bash: ratio(b['decide-wasm'], b['parse-wasm']) },
      ccSafetyNetOverAnalyze: { bash: ratio(b['cc-safety-net'], b['analyze-wasm']) },
      ccSafetyNetOverDecide: { bash: ratio(b['cc-safety-net'], b['decide-wasm']) },
      nativeOverWasmAnalyze: { bash: ratio(b['analyze-native'], b['analyze-wasm']), powershell: ratio(results.powershell['analyze-native'], results.powershell['analyze-wasm']) },
      nativeOverWasmParse: { bash: ratio(b['parse-native'], b['parse-wasm']) },
    };
    log();
    log(`p50 ratios (bash lines): vouch analyze / bare parse = ${ratios.analyzeOverParse.bash}×  (target ≤ 2; p99 ${ratios.analyzeOverParseP99.bash}×, target ≤ 3)`);
    log(`                         vouch decide / bare parse  = ${ratios.decideOverParse.bash}×`);
    log(`                         cc-safety-net / vouch analyze = ${ratios.ccSafetyNetOverAnalyze.bash}×  (target ≥ 20)`);
    log(`                         cc-safety-net / vouch decide  = ${ratios.ccSafetyNetOverDecide.bash}×`);
    log(`                         native / wasm: parse ${ratios.nativeOverWasmParse.bash}×, analyze ${ratios.nativeOverWasmAnalyze.bash}×`);
    log(`PowerShell lines:        vouch analyze / bare parse = ${ratios.analyzeOverParse.powershell}× (p99 ${ratios.analyzeOverParseP99.powershell}×), native / wasm analyze ${ratios.nativeOverWasmAnalyze.powershell}×`);
    log(`process starts refused (cc-safety-net): ${refused.count}${refused.calls.length ? ` e.g. ${refused.calls[0]}` : ''}`);

    // What each analyzer said on the same bash lines: the speed is only worth comparing if both did work.
    const said = { vouchDenied: 0, vouchCannotVouch: 0, ccDenied: 0, lines: 0 };
    const g = list.find((c) => c.id === 'decide-wasm');
    const cc = list.find((c) => c.id === 'cc-safety-net');
    for (const l of lines) {
      if (l.shell !== 'bash') continue;
      said.lines++;
      const a = setup.wasm.analyze(l);
      if (a.findings.some((f) => f.kind === 'cannot-vouch')) said.vouchCannotVouch++;
      if (g?.run(l)) said.vouchDenied++;
      if (cc.run(l).kind === 'deny') said.ccDenied++;
    }
    log(`on ${said.lines} bash lines: vouch guard denies ${said.vouchDenied} (cannot vouch on ${said.vouchCannotVouch}); cc-safety-net denies ${said.ccDenied}`);

    log();
    log('cold start …');
    const cold = coldStarts(QUICK ? 6 : 20);
    log(`cold start: \`${cold.command}\` median ${cold.vouchMedianMs} ms vs \`node -e 0\` ${cold.nodeMedianMs} ms over ${cold.runs} runs each = ${cold.ratio}× (target ≤ 1.6)`);
    log(`            \`${cold.listCommand}\` (a plain list, no parser) median ${cold.listMedianMs} ms = ${cold.listRatio}×`);
    log(`            \`${cold.parsedCommand}\` (needs the parser) median ${cold.parsedMedianMs} ms = ${cold.parsedRatio}×`);
    log(`            hook events: \`npm test\` ${cold.hookMedianMs} ms = ${cold.hookRatio}×, ${cold.hookListCommand} ${cold.hookListMedianMs} ms = ${cold.hookListRatio}×, ${cold.hookParsedCommand} ${cold.hookParsedMedianMs} ms = ${cold.hookParsedRatio}×`);
    log(`            \`npx vouch --version\` median ${cold.npxVersionMedianMs} ms over ${cold.npxRuns} runs`);

    log();
    log('worst cases (each in its own process; "raised" lifts the size and time limits to stress the lowering) …');
    const worst = worstCases();
    for (const w of worst) {
      const verdict = w.failed ? `FAILED: ${w.failed} ${w.stderr?.split('\n').slice(0, 3).join(' | ')}` : typeof w.verdict === 'string' ? w.verdict : `deny ${w.verdict.rule}`;
      log(`  ${w.case.padEnd(26)} ${w.mode.padEnd(8)} ${String(w.analyzeMs ?? '-').padStart(8)} ms  ${verdict}`);
    }

    const svg = latencyChart(
      list.filter((c) => ['parse-wasm', 'analyze-wasm', 'decide-wasm', 'cc-safety-net'].includes(c.id)).map((c) => ({ name: c.name, color: c.color, us: us.get(c.id).bash })),
      { title: `Latency per command on ${said.lines} nl2bash lines (one process, interleaved)`, subtitle: `${machine().cpu}, ${machine().cores} cores, Node ${process.version} — ${new Date().toISOString().slice(0, 10)}` },
    );
    const chart = writeResult('latency.svg', svg);
    const file = writeResult('bench.json', {
      machine: machine(),
      quick: QUICK,
      corpora: { bash: 'nl2bash.cm', powershell: 'tldr-powershell.txt' },
      contenders: list.map((c) => ({ id: c.id, name: c.name })),
      absent: { analyzeNative: setup.nativeReason ?? null, parseNative: setup.parseNativeReason ?? null, guard: setup.guardReason ?? null },
      results,
      failures: Object.fromEntries(failures),
      ratios,
      verdicts: said,
      spawnsRefused: refused,
      coldStart: cold,
      worstCases: worst,
    });
    const md = markdown({ machine: machine(), results, ratios, cold, worst, said, lines: lines.length });
    writeResult('bench.md', md);
    log();
    log(`results: ${file}`);
    log(`chart:   ${chart}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The README's results table, regenerated by every run. */
function markdown({ machine: m, results, ratios, cold, worst, said, lines }) {
  const out = [];
  out.push(`Measured ${m.date.slice(0, 16).replace('T', ' ')} UTC on ${m.cpu} (${m.cores} cores, load average ${m.loadAverage1m}), Node ${m.node} \`${m.v8Flags}\`, ${lines} command lines.`);
  out.push('');
  out.push('| lines | contender | p50 µs | p90 µs | p99 µs | commands/s |');
  out.push('|---|---|--:|--:|--:|--:|');
  const names = {
    'parse-wasm': 'tree-sitter parse (wasm)',
    'parse-native': 'tree-sitter parse (native)',
    'analyze-wasm': 'vouch `analyze` (wasm)',
    'analyze-native': 'vouch `analyze` (native)',
    'decide-wasm': 'vouch guard `decide`',
    'cc-safety-net': 'cc-safety-net `checkCommand`',
  };
  for (const dialect of ['bash', 'powershell']) {
    for (const [id, s] of Object.entries(results[dialect])) out.push(`| ${dialect} | ${names[id] ?? id} | ${s.p50} | ${s.p90} | ${s.p99} | ${s.perSecond} |`);
  }
  out.push('');
  out.push(
    `Ratios to a bare parse of the same lines in the same process, interleaved: analyze / parse p50 **${ratios.analyzeOverParse.bash}×** (target ≤ 2), p99 **${ratios.analyzeOverParseP99.bash}×** (target ≤ 3) on bash lines; p50 **${ratios.analyzeOverParse.powershell}×**, p99 **${ratios.analyzeOverParseP99.powershell}×** on PowerShell lines. p50 on bash lines: cc-safety-net / analyze **${ratios.ccSafetyNetOverAnalyze.bash}×** (target ≥ 20), cc-safety-net / decide ${ratios.ccSafetyNetOverDecide.bash}×, native / wasm analyze ${ratios.nativeOverWasmAnalyze.bash}×. On the ${said.lines} bash lines the guard denies ${said.vouchDenied} (cannot vouch on ${said.vouchCannotVouch}), cc-safety-net ${said.ccDenied}.`,
  );
  out.push('');
  out.push(`Cold start: \`${cold.command}\` ${cold.vouchMedianMs} ms against \`node -e 0\` ${cold.nodeMedianMs} ms, medians of ${cold.runs} runs: **${cold.ratio}×** (target ≤ 1.6); \`${cold.listCommand}\` (a plain list, read without the parser) ${cold.listMedianMs} ms (${cold.listRatio}×); \`${cold.parsedCommand}\` (needs the parser) ${cold.parsedMedianMs} ms (${cold.parsedRatio}×); Claude Code hook events \`npm test\` ${cold.hookMedianMs} ms (${cold.hookRatio}×), ${cold.hookListCommand} ${cold.hookListMedianMs} ms (${cold.hookListRatio}×) and ${cold.hookParsedCommand} ${cold.hookParsedMedianMs} ms (${cold.hookParsedRatio}×); \`npx vouch --version\` ${cold.npxVersionMedianMs} ms (${cold.npxRuns} runs).`);
  out.push('');
  out.push('| worst case | limits | bytes | analyze ms | verdict |');
  out.push('|---|---|--:|--:|---|');
  for (const w of worst) {
    const verdict = w.failed ? `failed: ${w.failed}` : typeof w.verdict === 'string' ? w.verdict : `deny \`${w.verdict.rule}\` — ${w.verdict.reason}`;
    out.push(`| ${w.case} | ${w.mode} | ${w.bytes ?? ''} | ${w.analyzeMs ?? ''} | ${verdict.replace(/\|/g, '\\|')} |`);
  }
  return `${out.join('\n')}\n`;
}

await main();
