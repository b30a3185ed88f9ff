// The filesystem probes the hooks and pi inject: realpath that follows links (dangling ones too), stat, and the
// reader of a patch file a line applies.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { archiveProbe, realpathProbe, statProbe, textProbe } from '../src/integrations/probe.js';
import { tarOf, zipOf } from './archives.js';

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

describe('archiveProbe', () => {
  const at = (name: string, data: Buffer) => {
    writeFileSync(join(dir, name), data);
    return join(dir, name);
  };
  it('lists a tar\u2019s members, plain or gzip-compressed, with ustar prefixes and GNU long names', () => {
    const tar = tarOf([{ name: 'src/', type: '5' }, { name: 'src/a.ts', body: 'x' }, { name: 'settings.json', prefix: '.claude', body: '{}' }, { name: '././@LongLink', type: 'L', body: `${'d/'.repeat(60)}f.txt` }, { name: 'cut-short' }]);
    expect(archiveProbe(at('x.tar', tar))).toEqual(['src/', 'src/a.ts', '.claude/settings.json', `${'d/'.repeat(60)}f.txt`]);
    expect(archiveProbe(at('x.tgz', gzipSync(tar)))).toEqual(['src/', 'src/a.ts', '.claude/settings.json', `${'d/'.repeat(60)}f.txt`]);
  });
  it('lists a zip\u2019s members as unzip extracts them, a backslash read as a slash', () => {
    expect(archiveProbe(at('x.zip', zipOf([{ name: 'README.md', body: 'hi' }, { name: '.claude\\settings.json', body: '{}' }])))).toEqual(['README.md', '.claude/settings.json']);
  });
  it('says nothing of a link among the members, a name the local header does not repeat, a damaged header, another format, or no file', () => {
    expect(archiveProbe(at('link.tar', tarOf([{ name: 'cfg', type: '2' }, { name: 'cfg/settings.json' }])))).toBeUndefined();
    expect(archiveProbe(at('hard.tar', tarOf([{ name: 'a', type: '1' }])))).toBeUndefined();
    expect(archiveProbe(at('link.zip', zipOf([{ name: 'cfg', mode: 0o120777, body: '/home/dev/.claude' }])))).toBeUndefined();
    expect(archiveProbe(at('two.zip', zipOf([{ name: 'a.txt', local: '.claude/settings.json' }])))).toBeUndefined();
    const bad = tarOf([{ name: 'a.txt' }]);
    bad[0] = 'b'.charCodeAt(0);
    expect(archiveProbe(at('bad.tar', bad))).toBeUndefined();
    expect(archiveProbe(at('x.tar.xz', Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00, 1, 2, 3])))).toBeUndefined();
    expect(archiveProbe(join(dir, 'nothing.tar'))).toBeUndefined();
    expect(archiveProbe(join(dir, 'real'))).toBeUndefined();
  });
});
