// createAnalyzer: loads once, analyses synchronously, validates its input by field.
import { beforeAll, describe, expect, it } from 'vitest';
import { type Analyzer, createAnalyzer, VouchInputError } from '../src/index.js';

let analyzer: Analyzer;
beforeAll(async () => {
  analyzer = await createAnalyzer();
});

describe('analyze input validation', () => {
  const bad: [unknown, string, RegExp][] = [
    [undefined, 'input', /object/],
    [{}, 'command', /`command` must be a string/],
    [{ command: 42 }, 'command', /`command` must be a string/],
    [{ command: '   ' }, 'command', /must not be empty/],
    [{ command: 'ls', shell: 'zsh' }, 'shell', /"bash" or "powershell"/],
    [{ command: 'ls', cwd: 'relative/dir' }, 'cwd', /`cwd` must be an absolute path/],
    [{ command: 'ls', home: 7 }, 'home', /`home` must be an absolute path/],
    [{ command: 'git apply x.patch', readText: 'x' }, 'readText', /`readText` must be a function/],
    [{ command: 'tar xf x.tar', listArchive: {} }, 'listArchive', /`listArchive` must be a function/],
  ];
  for (const [input, field, message] of bad) {
    it(`names the field ${field} for ${JSON.stringify(input)}`, () => {
      let caught: unknown;
      try {
        analyzer.analyze(input as never);
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(VouchInputError);
      expect((caught as VouchInputError).field).toBe(field);
      expect((caught as Error).message).toMatch(message);
    });
  }

  it('accepts Windows absolute paths for PowerShell', () => {
    const a = analyzer.analyze({ command: 'Get-Date', shell: 'powershell', cwd: 'C:\\Users\\u', home: 'C:\\Users\\u' });
    expect(a.dialect).toBe('powershell');
    expect(a.cwd).toBe('C:\\Users\\u');
  });
});

describe('analyze', () => {
  it('is synchronous and returns plain data', () => {
    const a = analyzer.analyze({ command: 'ls', cwd: '/w', home: '/h' });
    expect(a).not.toBeInstanceOf(Promise);
    expect(JSON.parse(JSON.stringify(a))).toEqual(a);
    expect(a).toMatchObject({ command: 'ls', dialect: 'bash', cwd: '/w', home: '/h' });
  });

  it('turns a parse error into a cannot-vouch finding', () => {
    const a = analyzer.analyze({ command: 'echo )', cwd: '/w', home: '/h' });
    expect(a.findings).toContainEqual(expect.objectContaining({ rule: 'vouch.parse-error', kind: 'cannot-vouch', span: { start: 5, end: 6 } }));
  });

  it('turns nesting deeper than the stack into a limit finding, in either dialect', () => {
    for (const shell of ['bash', 'powershell'] as const) {
      const a = analyzer.analyze({ command: `echo ${'$('.repeat(3000)}ls${')'.repeat(3000)}`, shell, cwd: '/w', home: '/h' });
      const rules = a.findings.map((f) => f.rule);
      expect(rules, shell).toContain('vouch.limit');
      expect(rules, shell).not.toContain('vouch.internal-error');
    }
  });

  it('turns input over the size limit into a cannot-vouch finding', () => {
    const a = analyzer.analyze({ command: `echo ${'x'.repeat(70_000)}`, cwd: '/w', home: '/h' });
    expect(a.findings).toEqual([expect.objectContaining({ rule: 'vouch.limit', kind: 'cannot-vouch' })]);
    expect(a.findings[0]!.message).toMatch(/over the 65536-byte limit/);
  });
});
