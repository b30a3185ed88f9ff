// Policy files: loading, the exact messages of a bad file, and the generated schema and README reference being current.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderSchema, SCHEMA_FILE, updateReadme } from '../scripts/policy-schema.js';
import { createGuard, DEFAULT_POLICY, loadPolicyFile, POLICY_KEYS, PolicyError, parsePolicy } from '../src/guard/index.js';

const dir = mkdtempSync(join(tmpdir(), 'vouch-policy-'));
let n = 0;
function file(text: string): string {
  const path = join(dir, `policy-${n++}.json`);
  writeFileSync(path, text);
  return path;
}

function errorOf(path: string): string {
  try {
    loadPolicyFile(path);
  } catch (err) {
    expect(err).toBeInstanceOf(PolicyError);
    expect((err as Error).name).toBe('PolicyError');
    return (err as Error).message;
  }
  throw new Error('expected a PolicyError');
}

describe('createGuard', () => {
  it('says what is missing, rather than a TypeError from inside, when called without an analyzer', () => {
    const call = (opts: unknown) => () => createGuard(opts as Parameters<typeof createGuard>[0]);
    expect(call({})).toThrow("createGuard: `analyzer` is missing: pass `analyzer: await createAnalyzer()` (from 'vouch')");
    expect(call({ analyzer: {} })).toThrow("createGuard: `analyzer` is not an analyzer: pass `analyzer: await createAnalyzer()` (from 'vouch')");
    expect(call(undefined)).toThrow('createGuard needs an options object');
  });
});

describe('loadPolicyFile', () => {
  it('a key the file leaves out keeps its default; a key it sets replaces it', () => {
    const path = file(JSON.stringify({ $schema: './vouch.schema.json', deniedNetworkBinaries: ['httpie'], denyInlineInterpreters: true }));
    const policy = loadPolicyFile(path);
    expect(policy.deniedNetworkBinaries).toEqual(['httpie']);
    expect(policy.denyInlineInterpreters).toBe(true);
    expect(policy.secretPathFragments).toEqual(DEFAULT_POLICY.secretPathFragments);
    expect(policy).not.toHaveProperty('$schema');
  });

  it('optional: a missing file is the default policy (undefined); an unreadable or invalid one still throws', () => {
    expect(loadPolicyFile(join(dir, 'absent.json'), { optional: true })).toBeUndefined();
    expect(errorOf(join(dir, 'absent.json'))).toBe(`${join(dir, 'absent.json')}: cannot read the policy file (ENOENT)`);
    expect(() => loadPolicyFile(file('{"writeRoots": "/tmp"}'), { optional: true })).toThrow(PolicyError);
    expect(() => loadPolicyFile(dir, { optional: true })).toThrow(/cannot read the policy file \(EISDIR\)/);
    expect(loadPolicyFile(file('{"denyInlineInterpreters": true}'), { optional: true })?.denyInlineInterpreters).toBe(true);
  });

  it('names the file, the key, the expected type and the value found', () => {
    const cases: [unknown, string][] = [
      [{ writeRoots: '/tmp' }, 'key "writeRoots" expected array of string, found "/tmp"'],
      [{ secretPathFragments: ['/.ssh/', 7] }, 'key "secretPathFragments[1]" expected string, found 7'],
      [{ defaultBashTimeoutSeconds: -5 }, 'key "defaultBashTimeoutSeconds" expected integer >= 0, found -5'],
      [{ defaultBashTimeoutSeconds: '120' }, 'key "defaultBashTimeoutSeconds" expected integer >= 0, found "120"'],
      [{ shellTools: { Bash: 'zsh' } }, 'key "shellTools.Bash" expected "bash" or "powershell", found "zsh"'],
      [{ denyCannotVouch: 'false' }, 'key "denyCannotVouch" expected boolean, found "false"'],
      [{ examples: { deny: [42], pass: [] } }, 'key "examples.deny[0]" expected string or object with tool, input, cwd, found 42'],
      [{ examples: { deny: [] } }, 'key "examples.pass" expected array of string or object with tool, input, cwd, found undefined'],
      [{ examples: 5 }, 'key "examples" expected object with deny, pass, found 5'],
      [{ shellTools: 5 }, 'key "shellTools" expected object of "bash" or "powershell", found 5'],
      // Keys as written, whatever they hold (`/` and `~` are escaped in the schema's error paths), and indexes of any length.
      [{ shellTools: { 'a/b': 7 } }, 'key "shellTools.a/b" expected "bash" or "powershell", found 7'],
      [{ shellTools: { '~x': 7 } }, 'key "shellTools.~x" expected "bash" or "powershell", found 7'],
      [{ shellTools: { tool2: 7 } }, 'key "shellTools.tool2" expected "bash" or "powershell", found 7'],
      [{ shellTools: { '2x': 7 } }, 'key "shellTools.2x" expected "bash" or "powershell", found 7'],
      [{ writeRoots: [...'abcdefghijkl'].map((c) => `/${c}`).concat(7 as never) }, 'key "writeRoots[12]" expected string, found 7'],
      // A long value is cut at 80 characters; one of 80 is shown whole.
      [{ allowedHosts: 'x'.repeat(100) }, `key "allowedHosts" expected array of string, found "${'x'.repeat(76)}...`],
      [{ allowedHosts: 'x'.repeat(78) }, `key "allowedHosts" expected array of string, found "${'x'.repeat(78)}"`],
    ];
    for (const [value, message] of cases) {
      const path = file(JSON.stringify(value));
      expect(errorOf(path)).toBe(`${path}: ${message}`);
    }
  });

  it('unknown keys are errors, naming the keys it knows', () => {
    const path = file(JSON.stringify({ denyCannotVouh: false }));
    expect(errorOf(path)).toBe(
      `${path}: unknown key "denyCannotVouh" (expected one of: writeRoots, secretPathFragments, secretBasenamePatterns, secretVariablePatterns, protectedWriteFragments, persistenceWriteBasenames, persistenceWriteDirectories, programWriteDirectories, selfProtectedPaths, deniedNetworkBinaries, allowedHosts, defaultBashTimeoutSeconds, shellTools, denyCannotVouch, denyInlineInterpreters, destructive, destructiveFamilies, tempDirectories, allowGitDiscardsInWorktree, examples)`,
    );
  });

  it('a file that is not a JSON object, or is missing, names the file', () => {
    const broken = file('{ "writeRoots": [ }');
    expect(errorOf(broken)).toMatch(new RegExp(`^${broken.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: not valid JSON \\(`));
    const list = file('[]');
    expect(errorOf(list)).toBe(`${list}: expected a JSON object, found []`);
    const missing = join(dir, 'absent.json');
    expect(errorOf(missing)).toBe(`${missing}: cannot read the policy file (ENOENT)`);
  });
});

describe('parsePolicy', () => {
  it('returns its own frozen copy: changing the object it was given, or trying to change the policy, changes nothing', () => {
    const given = { writeRoots: ['/srv/app'], shellTools: { bash: 'bash' as const, Terminal: 'bash' as const }, examples: { deny: ['curl x'], pass: [{ tool: 'bash', input: { command: 'ls' } }] } };
    const policy = parsePolicy(given, 'policy');
    given.writeRoots.push('/');
    (given.shellTools as Record<string, string>).Terminal = 'powershell';
    given.examples.deny.push('ls');
    (given.examples.pass[0]!.input as { command: string }).command = 'rm -rf ~';
    expect(policy.writeRoots).toEqual(['/srv/app']);
    expect(policy.shellTools).toEqual({ bash: 'bash', Terminal: 'bash' });
    expect(policy.examples).toEqual({ deny: ['curl x'], pass: [{ tool: 'bash', input: { command: 'ls' } }] });
    for (const value of [policy.writeRoots, policy.shellTools, policy.examples, policy.examples.deny, policy.examples.pass[0], policy.secretPathFragments]) expect(Object.isFrozen(value)).toBe(true);
  });

  it('a list or object it returned before is taken as it is, not checked and copied again (a server makes a guard per request)', () => {
    const first = parsePolicy({ writeRoots: ['/srv/app'], shellTools: { Terminal: 'bash' } }, 'policy');
    const again = parsePolicy({ writeRoots: first.writeRoots, shellTools: first.shellTools }, 'policy');
    expect(again.writeRoots).toBe(first.writeRoots);
    expect(again.shellTools).toBe(first.shellTools);
    expect(parsePolicy({}, 'policy').secretPathFragments).toBe(DEFAULT_POLICY.secretPathFragments);
  });
});

describe('generated artifacts', () => {
  const root = join(import.meta.dirname, '..');

  it(`${SCHEMA_FILE} is current (npm run policy:schema)`, () => {
    expect(readFileSync(join(root, SCHEMA_FILE), 'utf8')).toBe(renderSchema());
  });

  it('the README policy reference is current (npm run policy:schema)', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(updateReadme(readme)).toBe(readme);
  });

  it('the schema an editor reads leaves every key optional, knows no other key, and documents each with its default', () => {
    const schema = JSON.parse(renderSchema());
    expect(schema.required).toBeUndefined();
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(schema.properties)).toEqual(['$schema', ...POLICY_KEYS]);
    for (const key of POLICY_KEYS) {
      expect(schema.properties[key].description, key).toMatch(/\S{3}/);
      expect(schema.properties[key].default, key).toEqual(DEFAULT_POLICY[key]);
    }
  });
});
