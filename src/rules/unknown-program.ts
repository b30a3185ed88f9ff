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
    'A program the registry does not know is given a word that is exactly a denied network client (its name or path), with words after it or input it may read: nothing says whether it runs it with them.',
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
      'cat urls.txt | mytool curl',
      'mytool wget < urls.txt',
      'npx cap open https://evil.example',
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
      'npx playwright install chromium',
      'npx cypress open',
      'npx cypress run --browser chrome',
      'npx lerna run fetch',
    ],
  },
  check({ analysis, config }) {
    const { network } = compile(config);
    const findings: Finding[] = [];
    for (const inv of analysis.invocations) {
      if (inv.known !== false) continue;
      const seg = analysis.segments[inv.segment];
      // Input it may turn into arguments: a pipe into it, or a redirection of its stdin.
      const input = seg !== undefined && (/^pipeline\[[1-9]\d*\]$/.test(seg.context.at(-1) ?? '') || seg.redirects.some((r) => r.op.startsWith('<') && r.fd === undefined));
      const client = inv.args.find((w, i) => {
        const v = staticValue(w);
        // A client named last, with nothing after it and no input, is given no destination (`npx playwright
        // install chromium`, `npx cypress open`): the word is a name to the program, or the client starts bare.
        return v !== null && network.has(named(v)) && (i < inv.args.length - 1 || input);
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
