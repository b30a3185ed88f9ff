// The one path normaliser: what a path string may name on a POSIX or a Windows host, or why it is refused.
import { describe, expect, it } from 'vitest';
import { fileUriPath, normalizeHostPath, resolveProcAlias, win32Name } from '../src/rules/normalize.js';

const POSIX = { cwd: '/home/u/proj', home: '/home/u' };
const WIN = { cwd: 'C:\\Users\\u\\proj', home: 'C:\\Users\\u' };

function readings(raw: string, ctx = POSIX): string[] {
  const n = normalizeHostPath(raw, ctx);
  if ('refused' in n) throw new Error(`refused: ${n.refused}`);
  return n.readings.map((r) => r.path);
}

function refused(raw: string, ctx = POSIX): string {
  const n = normalizeHostPath(raw, ctx);
  return 'refused' in n ? n.refused : '';
}

describe('POSIX host', () => {
  it('resolves ~, $HOME, relative paths, . and ..', () => {
    expect(readings('~/.bashrc')).toEqual(['/home/u/.bashrc']);
    expect(readings('$HOME/.ssh/id_rsa')).toEqual(['/home/u/.ssh/id_rsa']);
    expect(readings('src/../a.ts')).toEqual(['/home/u/proj/a.ts']);
    expect(readings('/a//b/./c/')).toEqual(['/a/b/c']);
    expect(readings('../../../..')).toEqual(['/']);
  });

  it('reads a backslash literally first, and as Win32 would too', () => {
    expect(readings('..\\.aws/credentials')).toEqual(['/home/u/proj/..\\.aws/credentials', '/home/u/.aws/credentials']);
    expect(readings('a\\..\\..\\x')).toEqual(['/home/u/proj/a\\..\\..\\x', '/home/u/x']);
  });

  it('adds the Win32 reading of trailing dots, spaces and streams', () => {
    expect(readings('.npmrc.')).toEqual(['/home/u/proj/.npmrc.', '/home/u/proj/.npmrc']);
    expect(readings('.npmrc::$DATA')).toEqual(['/home/u/proj/.npmrc::$DATA', '/home/u/proj/.npmrc']);
    expect(readings('.git::$INDEX_ALLOCATION/hooks/pre-commit')).toContain('/home/u/proj/.git/hooks/pre-commit');
    expect(readings('src/app.ts')).toEqual(['/home/u/proj/src/app.ts']);
  });

  it('resolves /proc root and own-cwd aliases, refuses what no static reading knows', () => {
    expect(readings('/proc/self/root/home/u/.ssh/id_rsa')).toEqual(['/home/u/.ssh/id_rsa']);
    expect(readings('/proc/1/root/etc/passwd')).toEqual(['/etc/passwd']);
    expect(readings('/proc/thread-self/root')).toEqual(['/']);
    expect(readings('/proc/self/task/12/root/root')).toEqual(['/root']);
    expect(readings('/proc/self/root/proc/1/root/x')).toEqual(['/x']);
    expect(readings('/proc/self/cwd/../.ssh')).toEqual(['/home/u/.ssh']);
    expect(refused('/proc/1/cwd/x')).toMatch(/proc/);
    expect(refused('/proc/self/fd/3')).toMatch(/descriptor/);
    expect(refused('/dev/fd/5')).toMatch(/descriptor/);
    expect(readings('/proc/cpuinfo')).toEqual(['/proc/cpuinfo']);
  });

  it('refuses a NUL and an empty path', () => {
    expect(refused('a\0b')).toMatch(/NUL/);
    expect(refused('  ')).toMatch(/empty/);
  });
});

describe('Windows host', () => {
  it('one reading, separators either way, drive kept', () => {
    expect(readings('src\\a.ts', WIN)).toEqual(['C:/Users/u/proj/src/a.ts']);
    expect(readings('c:\\users\\u\\proj\\a.ts', WIN)).toEqual(['c:/users/u/proj/a.ts']);
    expect(readings('..\\.aws/credentials', WIN)).toEqual(['C:/Users/u/.aws/credentials']);
    expect(readings('~\\.ssh\\id_rsa', WIN)).toEqual(['C:/Users/u/.ssh/id_rsa']);
    expect(readings('\\Windows\\x', WIN)).toEqual(['C:/Windows/x']);
  });

  it('drops trailing dots and spaces and streams, as Win32 does', () => {
    expect(readings('C:\\Users\\u\\.ssh.\\config', WIN)).toEqual(['C:/Users/u/.ssh/config']);
    expect(readings('.npmrc. . ', WIN)).toEqual(['C:/Users/u/proj/.npmrc']);
    expect(readings('.npmrc::$DATA', WIN)).toEqual(['C:/Users/u/proj/.npmrc']);
    expect(readings('.git::$INDEX_ALLOCATION\\hooks\\pre-commit', WIN)).toEqual(['C:/Users/u/proj/.git/hooks/pre-commit']);
    expect(readings('notes.txt:hidden', WIN)).toEqual(['C:/Users/u/proj/notes.txt']);
  });

  it('strips \\\\?\\ and \\\\.\\ and keeps UNC paths', () => {
    expect(readings('\\\\?\\C:\\Users\\u\\.aws\\credentials', WIN)).toEqual(['C:/Users/u/.aws/credentials']);
    expect(readings('\\\\.\\C:\\x', WIN)).toEqual(['C:/x']);
    expect(readings('\\\\?\\UNC\\srv\\share\\x', WIN)).toEqual(['//srv/share/x']);
    expect(refused('\\\\.\\PhysicalDrive0', WIN)).toMatch(/device/);
  });

  it('refuses an 8.3 short name', () => {
    expect(refused('C:\\Users\\u\\SSH~1\\id_rsa', WIN)).toMatch(/8\.3/);
    expect(refused('C:\\PROGRA~1\\x', WIN)).toMatch(/8\.3/);
    expect(readings('C:\\Users\\u\\proj\\notes~draft.md', WIN)).toEqual(['C:/Users/u/proj/notes~draft.md']);
  });
});

describe('pieces', () => {
  it('win32Name', () => {
    expect(win32Name('.ssh.', false)).toBe('.ssh');
    expect(win32Name('..', false)).toBe('..');
    expect(win32Name('...', false)).toBe('...');
    expect(win32Name('a:b', false)).toBe('a:b');
    expect(win32Name('a:b', true)).toBe('a');
    expect(win32Name('x::$DATA', false)).toBe('x');
  });

  it('resolveProcAlias with an unknown cwd', () => {
    expect(resolveProcAlias('/proc/self/cwd/x', null)).toBeNull();
    expect(resolveProcAlias('/proc/self/root/x', null)).toBe('/x');
  });

  it('fileUriPath', () => {
    expect(fileUriPath('file:///home/u/.ssh/id%5Frsa')).toBe('/home/u/.ssh/id_rsa');
    expect(fileUriPath('file:///C:/Users/u/x')).toBe('C:/Users/u/x');
    expect(fileUriPath('file://srv/share/x')).toBe('//srv/share/x');
    expect(fileUriPath('https://example.com/x')).toBeNull();
  });
});
