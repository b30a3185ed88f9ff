// The filesystem probes the hooks and pi inject: realpath that follows links (dangling ones too), stat, and the
// reader of a patch file a line applies.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { realpathProbe, statProbe, textProbe } from '../src/integrations/probe.js';

const dir = realpathSync(mkdtempSync(join(tmpdir(), 'vouch-probe-')));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('realpathProbe', () => {
  mkdirSync(join(dir, 'real', 'sub'), { recursive: true });
  writeFileSync(join(dir, 'real', 'sub', 'f.txt'), 'x');
  symlinkSync(join(dir, 'real'), join(dir, 'link'));
  symlinkSync(join(dir, 'home', '.bashrc'), join(dir, 'dangling'));
  symlinkSync('loop-b', join(dir, 'loop-a'));
  symlinkSync('loop-a', join(dir, 'loop-b'));

  it('resolves links in a path that exists', () => {
    expect(realpathProbe(join(dir, 'link', 'sub', 'f.txt'))).toBe(join(dir, 'real', 'sub', 'f.txt'));
  });

  it('answers for a file not yet there, through its existing ancestors', () => {
    expect(realpathProbe(join(dir, 'link', 'new', 'g.txt'))).toBe(join(dir, 'real', 'new', 'g.txt'));
  });

  it('follows a dangling link to where a write would create its target', () => {
    expect(realpathProbe(join(dir, 'dangling'))).toBe(join(dir, 'home', '.bashrc'));
  });

  it('throws on a loop (the guard denies), and says nothing of a relative path', () => {
    expect(() => realpathProbe(join(dir, 'loop-a'))).toThrow(/loop/);
    expect(realpathProbe('relative/x')).toBeUndefined();
  });
});

describe('statProbe', () => {
  it('states a file, and is undefined for one that is not there', () => {
    expect(statProbe(join(dir, 'real', 'sub', 'f.txt'))).toMatchObject({ size: 1, isFile: true });
    expect(statProbe(join(dir, 'nothing'))).toBeUndefined();
  });
});

describe('textProbe', () => {
  it('reads a patch file, and says nothing of one absent, a directory, or one over 1 MiB', () => {
    writeFileSync(join(dir, 'x.patch'), '+++ b/.claude/settings.json\n');
    writeFileSync(join(dir, 'big.patch'), 'x'.repeat((1 << 20) + 1));
    expect(textProbe(join(dir, 'x.patch'))).toBe('+++ b/.claude/settings.json\n');
    expect(textProbe(join(dir, 'nothing.patch'))).toBeUndefined();
    expect(textProbe(join(dir, 'real'))).toBeUndefined();
    expect(textProbe(join(dir, 'big.patch'))).toBeUndefined();
  });
});
