// Robustness: whatever the text, analyze returns plain data, the same twice, never throws, never hangs.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Analyzer, createAnalyzer, VouchInputError } from '../src/index.js';
import type { Analysis, CommandLine, Dialect } from '../src/types.js';
import { anyDirectory, anyText, bashLine, psLine } from './arbitraries.js';
import { checkProperty, LONG, runs } from './scale.js';

// A hang detector, not a speed target (speed lives in bench/): a call this slow is stuck, not slow.
const HANG_MS = 2_000;

let analyzer: Analyzer;
beforeAll(async () => {
  analyzer = await createAnalyzer();
});

function timedOut(a: Analysis): boolean {
  return a.findings.some((f) => f.rule === 'vouch.limit' && /longer than/.test(f.message));
}

/** The analyzer's default parse budget (src/resolve/context.ts). */
const PARSE_BUDGET_MS = 500;

/** An exception in vouch's own code (not the parser's runtime): a bug, whatever the verdict. */
function analyzerBug(a: Analysis): string | undefined {
  return a.findings.find((f) => f.rule === 'vouch.internal-error' && /^vouch failed to analyse/.test(f.message))?.message;
}

/** The runtime trapped, or the parse ran its C stack over: either way it is being replaced in the background. */
function trapped(a: Analysis): boolean {
  return a.findings.some((f) => (f.rule === 'vouch.internal-error' && analyzerBug(a) === undefined) || (f.rule === 'vouch.limit' && /out of stack/.test(f.message)));
}

function denies(a: Analysis): boolean {
  return a.findings.some((f) => f.kind !== 'info');
}

const KINDS = new Set(['egress', 'env-dump', 'secret', 'write', 'destructive', 'cannot-vouch', 'info']);

/** Checks one input; returns nothing, throws (for fast-check to shrink) on any broken invariant. */
function check(input: CommandLine): void {
  const t0 = performance.now();
  let first: Analysis;
  try {
    first = analyzer.analyze(input);
  } catch (err) {
    // The only allowed throw is the documented input error, and only for an empty command.
    expect(err).toBeInstanceOf(VouchInputError);
    expect(input.command.trim()).toBe('');
    return;
  }
  const elapsed = performance.now() - t0;
  expect(elapsed, `analyze took ${elapsed.toFixed(0)} ms`).toBeLessThan(HANG_MS);
  // Failing closed on an exception is right for a user, but the exception is still a bug to find here.
  expect(analyzerBug(first), 'an exception in the analyzer').toBeUndefined();
  const t1 = performance.now();
  const second = analyzer.analyze(input);
  const elapsed2 = performance.now() - t1;
  // A parse timeout is a wall-clock limit, so near it two runs may differ (PowerShell re-parses respelled
  // text, so one run's second parse can time out where the other's did not); both must still fail closed.
  const nearLimit = Math.max(elapsed, elapsed2) > PARSE_BUDGET_MS / 2;
  if (timedOut(first) || timedOut(second) || trapped(first) || trapped(second)) {
    // A wasm trap drops the parsers until they reload in the background: the two runs may differ, both deny.
    expect(denies(first) && denies(second), 'a timed-out or trapped analysis must deny both times').toBe(true);
  } else if (nearLimit) {
    expect(denies(second), 'near the parse budget the verdict must still be the same').toBe(denies(first));
  } else {
    expect(second).toStrictEqual(first);
  }
  // Plain data: what the CLI prints and a guard logs must survive JSON (an undefined field may drop out).
  expect(JSON.parse(JSON.stringify(first))).toEqual(first);
  for (const f of first.findings) {
    expect(KINDS.has(f.kind), `finding kind ${f.kind}`).toBe(true);
    const where = `${f.rule} span ${JSON.stringify(f.span)} in a ${input.command.length}-unit command`;
    expect(f.span.start, where).toBeGreaterThanOrEqual(0);
    expect(f.span.end, where).toBeLessThanOrEqual(input.command.length);
    expect(f.span.start, where).toBeLessThanOrEqual(f.span.end);
  }
  for (const inv of first.invocations) expect(inv.segment).toBeLessThan(first.segments.length);
  // Fail closed: an input over the size limit cannot be vouched for.
  if (Buffer.byteLength(input.command, 'utf8') > 64 * 1024) expect(first.findings.some((f) => f.kind === 'cannot-vouch')).toBe(true);
}

const dialect = fc.constantFrom<Dialect>('bash', 'powershell');

describe('robustness', () => {
  it('arbitrary text in either dialect', async () => {
    const arb = fc.record({ command: anyText(LONG ? 1024 * 1024 : 256 * 1024), shell: dialect, cwd: anyDirectory, home: anyDirectory });
    await checkProperty('robustness/arbitrary-text', arb, check, runs(3_000, 800_000));
  });

  it('grammar-shaped bash lines', async () => {
    const arb = fc.record({ command: bashLine, shell: fc.constant<Dialect>('bash'), cwd: anyDirectory, home: anyDirectory });
    await checkProperty('robustness/bash-grammar', arb, check, runs(2_000, 150_000));
  });

  it('grammar-shaped PowerShell lines', async () => {
    const arb = fc.record({ command: psLine, shell: fc.constant<Dialect>('powershell'), cwd: anyDirectory, home: anyDirectory });
    await checkProperty('robustness/powershell-grammar', arb, check, runs(1_500, 100_000));
  });
});
