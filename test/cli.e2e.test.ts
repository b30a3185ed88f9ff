// The built CLI (dist/, as npx runs it): --version and --help, exit codes, prompt exit.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';

const BIN = 'dist/cli/main.js';

beforeAll(() => {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run npm run build (npm ci runs it through prepare)`);
});

function vouch(args: string[], input?: string) {
  return spawnSync(BIN, args, { encoding: 'utf8', input, timeout: 30_000 });
}

describe('vouch CLI', () => {
  it('--version prints the package version', () => {
    const r = vouch(['--version']);
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`${version}\n`);
    expect(r.stderr).toBe('');
  });

  it('--help prints usage', () => {
    const r = vouch(['--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^vouch — /);
  });

  it('an unknown command exits 2 with one line on stderr', () => {
    const r = vouch(['frobnicate']);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe("vouch: unknown command 'frobnicate' (see vouch --help)\n");
  });
});
