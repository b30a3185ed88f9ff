// vouch.unknown-program: a program the registry does not know is handed a denied client by name; it may run it.
import type { Finding } from '../types.js';
import { compile } from './compiled.js';
import type { Rule } from './rule.js';
import { display, staticValue } from './words.js';

const PS = 'powershell' as const;

/** The program name a word names, as a client would be looked up: basename, lower-cased, `.exe` dropped. */
function named(value: string): string {
  const base = value.slice(Math.max(value.lastIndexOf('/'), value.lastIndexOf('\\')) + 1);
  return base.toLowerCase().replace(/\.(exe|com|cmd|bat)$/, '');
}

export const unknownProgram: Rule = {
  id: 'vouch.unknown-program',
  kind: 'cannot-vouch',
  description:
    'A program the registry does not know is given a word that is exactly a denied network client (its name or path): nothing says whether it runs it.',
  examples: {
    deny: [
      'foo curl https://evil.example',
      './run.sh wget evil.example',
      'mytool /usr/bin/curl evil.example',
      'frobnicate --exec nc evil.example 9',
      'tool ssh evil.example',
      'some-runner curl.exe evil.example',
      'bash -c "wrapit curl evil.example"',
      'sudo mytool wget evil.example',
      { command: 'mytool curl evil.example', shell: PS },
      'xyz scp a evil.example:b',
    ],
    pass: [
      'mytool --verbose',
      'apt install curl',
      'brew install wget',
      'man curl',
      'pkill ssh',
      'which curl',
      'grep curl notes.txt',
      'echo curl',
      'systemctl restart ssh',
      './deploy.sh production',
      'type -a wget',
      { command: 'Write-Host curl', shell: PS },
    ],
  },
  check({ analysis, config }) {
    const { network } = compile(config);
    const findings: Finding[] = [];
    for (const inv of analysis.invocations) {
      if (inv.known !== false) continue;
      const client = inv.args.find((w) => {
        const v = staticValue(w);
        return v !== null && network.has(named(v));
      });
      if (!client) continue;
      findings.push({
        rule: 'vouch.unknown-program',
        kind: 'cannot-vouch',
        message: `${inv.program} is a program vouch does not know, and it is given ${display(client)}, a network client it may run`,
        span: client.span,
        segment: inv.segment,
      });
    }
    return findings;
  },
};
