// interp.inline: an interpreter running code given on the command line (python -c, node -e, perl -e, a heredoc into
// ruby…). Information only.
import type { Finding, Invocation, Word } from '../types.js';
import type { Rule } from './rule.js';
import { programName, staticValue } from './words.js';

interface Interpreter {
  program: RegExp;
  /** The option that takes inline code (a cluster such as `-ne` included). */
  inline: RegExp;
  /** Options that consume the next word, so it is not mistaken for the script. */
  valued: RegExp;
}

// Interpreters whose code vouch does not read: only where it stands is known. The languages it reads (Python, JavaScript,
// Ruby, PHP, Perl) report their code themselves (Analysis.codeUses), from every place it comes from, heredocs included.
const INTERPRETERS: Interpreter[] = [
  { program: /^bun$/, inline: /^(-e|--eval|-p|--print)(=|$)/, valued: /^(-r|--require|--preload)$/ },
  { program: /^(osascript|lua[0-9.]*|luajit|rscript)$/, inline: /^-e$/, valued: /^-l$/ },
];

/** The word holding inline code of an interpreter whose language is not read (or the option it is fused to), or undefined. */
export function inlineCode(inv: Invocation): Word | undefined {
  const name = programName(inv);
  const interp = INTERPRETERS.find((i) => i.program.test(name));
  if (interp === undefined) return undefined;
  for (let i = 0; i < inv.args.length; i++) {
    const v = staticValue(inv.args[i]);
    if (v === null || !v.startsWith('-') || v === '-' || v === '--') return undefined;
    if (interp.inline.test(v)) return v.includes('=') ? inv.args[i] : (inv.args[i + 1] ?? inv.args[i]);
    if (v === '-m') return undefined;
    if (interp.valued.test(v)) i++;
  }
  return undefined;
}

export const interpInline: Rule = {
  id: 'interp.inline',
  kind: 'info',
  description: 'An interpreter runs code written on the command line (python -c, node -e, perl -e…); denied only when the policy sets denyInlineInterpreters.',
  examples: {
    deny: [
      'python -c "print(1)"',
      "python3 -c 'import os; os.system(\"id\")'",
      'python3.12 -c pass',
      'python3 -uc "print(1)"',
      'node -e "console.log(1)"',
      'node --eval "1"',
      'node -p "1 + 1"',
      "perl -e 'print 1'",
      "perl -ne 'print if /x/' notes.txt",
      "perl -E 'say 1'",
      "ruby -e 'puts 1'",
      "php -r 'echo 1;'",
      'deno eval "console.log(1)"',
      "osascript -e 'display dialog \"x\"'",
      'sudo python3 -c "print(1)"',
      'bash -c "node -e 1"',
    ],
    pass: [
      'python script.py',
      'python3 -m pytest -x',
      'python3 -m pip install -e .',
      'node app.js',
      'node --version',
      'node -r dotenv/config app.js -e x',
      'perl script.pl',
      'ruby -v',
      "awk '{print $1}' notes.txt",
      'php artisan migrate',
      'deno run main.ts',
      'echo python -c x',
      'osascript script.scpt',
    ],
  },
  check({ analysis }) {
    const findings: Finding[] = [];
    for (const inv of analysis.invocations) {
      const code = inlineCode(inv);
      if (code === undefined) continue;
      findings.push({
        rule: 'interp.inline',
        kind: 'info',
        message: `${inv.program} runs inline code (denyInlineInterpreters)`,
        span: code.span,
        segment: inv.segment,
      });
    }
    for (const use of analysis.codeUses) {
      if (use.what !== 'code') continue;
      const f: Finding = { rule: 'interp.inline', kind: 'info', message: `${use.api} runs inline ${use.language} code (denyInlineInterpreters)`, span: use.span };
      if (use.segment !== undefined) f.segment = use.segment;
      findings.push(f);
    }
    return findings;
  },
};
