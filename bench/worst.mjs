// One worst case in its own process (so a hang can be killed and a stack measured as in real use): prints one JSON line.
// Usage: node --liftoff-only bench/worst.mjs CASE default|raised
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandLines, loadVouch, round } from './lib.mjs';

/** The worst cases, built here as data; none is ever run. */
export const CASES = {
  // An ordinary command grown to exactly the default size limit (64 KiB), so it is parsed, not refused.
  '64KiB-command': () => {
    let s = 'printf %s';
    for (let i = 0; s.length + 7 <= 64 * 1024; i++) s += ` w${String(i).padStart(5, '0')}`;
    return s.padEnd(64 * 1024, ' ');
  },
  // 10,000 substitutions, each inside the previous one.
  'nested-substitution-10000': () => `echo ${'$('.repeat(10_000)}x${')'.repeat(10_000)}`,
  '100000-commands': () => 'true;'.repeat(100_000),
  '1MiB-heredoc': () => {
    const line = `${'x'.repeat(63)}\n`;
    return `cat <<'EOF' > notes.txt\n${line.repeat((1024 * 1024) / line.length)}EOF\n`;
  },
};

const RAISED = { maxBytes: 16 * 1024 * 1024, timeoutMs: 60_000 };

async function main() {
  const [name, mode] = process.argv.slice(2);
  const make = CASES[name];
  if (!make) throw new Error(`unknown case ${name}`);
  const command = make();
  const { vouch, guard } = await loadVouch();
  const analyzer = await vouch.createAnalyzer(mode === 'raised' ? { limits: RAISED } : {});
  // A guard is a long-lived process: time the case once the JIT has seen ordinary commands.
  for (const line of commandLines('/home/dev/project', '/home/dev').slice(0, 1500)) analyzer.analyze(line);
  const t0 = performance.now();
  const analysis = analyzer.analyze({ command, shell: 'bash', cwd: '/home/dev/project', home: '/home/dev' });
  const analyzeMs = performance.now() - t0;
  const denying = analysis.findings.filter((f) => f.kind !== 'info');
  const result = {
    case: name,
    mode,
    bytes: Buffer.byteLength(command),
    analyzeMs: round(analyzeMs, 1),
    segments: analysis.segments.length,
    invocations: analysis.invocations.length,
    // The rules that would deny, most frequent first, with the first message of each.
    findings: summarise(denying),
  };
  if (guard?.createGuard) {
    const g = guard.createGuard({ analyzer });
    const t1 = performance.now();
    const verdict = g.decide({ tool: 'bash', input: { command }, cwd: '/home/dev/project' });
    result.decideMs = round(performance.now() - t1, 1);
    result.verdict = verdict ? { block: verdict.block, rule: verdict.rule, reason: String(verdict.reason).slice(0, 160) } : 'pass';
  } else {
    result.verdict = denying.length > 0 ? { block: true, rule: denying[0].rule, reason: denying[0].message.slice(0, 160), from: 'findings (no guard built)' } : 'pass';
  }
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

function summarise(findings) {
  const byRule = new Map();
  for (const f of findings) {
    const entry = byRule.get(f.rule) ?? { rule: f.rule, count: 0, message: f.message.slice(0, 160) };
    entry.count++;
    byRule.set(f.rule, entry);
  }
  return [...byRule.values()].sort((a, b) => b.count - a.count);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    process.stderr.write(`${err?.stack ?? err}\n`);
    process.exit(3);
  });
}
