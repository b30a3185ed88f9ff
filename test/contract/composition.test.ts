// Vendor contract (iii): the guard with cc-safety-net injected beneath it denies what either one denies — the
// vendor's destructive commands by its reason and rule, vouch's egress by vouch's — and vouch/compat drops into
// the same seam with the vendor's result shape.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Analyzer, createAnalyzer } from '../../src/analyzer.js';
import { createGuard, GUARD_RULES } from '../../src/guard/index.js';
import { createCheckCommand } from '../../src/integrations/compat.js';
import { trapSpawns } from './harness.js';

const trap = trapSpawns();
const savedEnv = { ...process.env };
for (const key of Object.keys(process.env)) if (/SAFETY_NET/.test(key)) delete process.env[key];
const home = mkdtempSync(join(tmpdir(), 'vouch-compose-home-'));
process.env.HOME = home;
const cwd = mkdtempSync(join(tmpdir(), 'vouch-compose-cwd-'));
const vendor = await import('cc-safety-net/api');

let analyzer: Analyzer;
beforeAll(async () => {
  analyzer = await createAnalyzer();
});
afterAll(() => {
  trap.restore();
  process.env = savedEnv;
});

describe('vouch with cc-safety-net beneath it', () => {
  const decide = (command: string) =>
    createGuard({ analyzer, dependencies: { home, checkCommand: vendor.checkCommand } }).decide({ tool: 'Bash', input: { command }, cwd });

  it('denies rm -rf / with the vendor’s reason; it names no rule, so neither does the verdict', () => {
    const own = vendor.checkCommand({ command: 'rm -rf /', cwd });
    expect(own.kind).toBe('deny');
    expect(decide('rm -rf /')).toEqual({ block: true, reason: own.kind === 'deny' ? own.reason : '', rule: GUARD_RULES.dependency });
  });

  it('denies git reset --hard under the vendor’s own rule id', () => {
    expect(decide('git reset --hard')?.rule).toBe('git.reset-hard');
  });

  it('denies curl x, which the vendor allows, under vouch’s egress rule', () => {
    expect(vendor.checkCommand({ command: 'curl x', cwd })).toEqual({ kind: 'allow' });
    expect(decide('curl x')?.rule).toBe('egress.binary');
  });

  it('passes what neither denies', () => {
    expect(decide('git status')).toBeUndefined();
  });

  it('started no process', () => {
    expect(trap.calls).toEqual([]);
  });
});

describe('vouch/compat in the vendor’s seam', () => {
  it('answers with the vendor’s exact result shape', async () => {
    const checkCommand = await createCheckCommand({ analyzer, home });
    expect(checkCommand({ command: 'git status', cwd })).toEqual({ kind: 'allow' });
    const denied = checkCommand({ command: 'curl x', cwd });
    expect(denied).toEqual({ kind: 'deny', reason: expect.any(String), ruleId: 'egress.binary' });
  });

  it('denies input the vendor would throw on, instead of throwing', async () => {
    const checkCommand = await createCheckCommand({ analyzer, home });
    expect(() => vendor.checkCommand({ command: 'ls', cwd: 'relative' })).toThrow();
    for (const input of [{ command: 'ls', cwd: 'relative' }, { command: 42, cwd }, null]) {
      const r = checkCommand(input as never);
      expect(r).toMatchObject({ kind: 'deny', ruleId: GUARD_RULES.badInput });
    }
  });

  it('composes the other way too: the vendor beneath vouch/compat', async () => {
    const checkCommand = await createCheckCommand({ analyzer, home, checkCommand: vendor.checkCommand });
    expect(checkCommand({ command: 'git reset --hard', cwd })).toMatchObject({ kind: 'deny', ruleId: 'git.reset-hard' });
  });
});
