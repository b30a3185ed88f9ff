// write.protected: a write into a path the policy protects (default: anything under .git/).
import type { Finding } from '../types.js';
import { compile } from './compiled.js';
import type { Rule } from './rule.js';
import { display } from './words.js';
import { writeTargets } from './writes.js';

const PS = 'powershell' as const;

export const writeProtected: Rule = {
  id: 'write.protected',
  kind: 'write',
  description: "Writes into a protected path (policy protectedWriteFragments, default /.git/): a repository's config, refs and hooks.",
  examples: {
    deny: [
      'echo x > .git/config',
      'echo ref >> .git/HEAD',
      'cp blob .git/objects/ab/cdef',
      "sed -i 's/url = .*/url = x/' .git/config",
      'echo x | tee .git/info/attributes',
      'mv x .git/refs/heads/main',
      'cd .git && echo x > description',
      'echo x > ./sub/../.git/description',
      'dd if=x of=.git/index',
      'install x .git/info/attributes',
      'ln -s x .git/hooks/post-merge',
      'echo x > .GIT/config',
      'cp -r evil/. /repo/.git/',
      { command: 'Set-Content .git\\config x', shell: PS },
      { command: '"x" | Out-File .git\\HEAD', shell: PS },
    ],
    pass: [
      'cat .git/config',
      'git config user.name x',
      'echo x > .gitignore',
      'echo x > .github/notes.md',
      'cp .git/config /tmp/cfg',
      'ls .git',
      'echo x > git/config',
      'echo x > .gitattributes',
      'echo scratch/ >> .git/info/exclude',
      'grep -r x .git/',
      "sed 's/a/b/' .git/config",
      'tee < .git/config',
      { command: 'Get-Content .git\\config', shell: PS },
    ],
  },
  check({ analysis, config }) {
    const { protectedWrites } = compile(config);
    const findings: Finding[] = [];
    for (const t of writeTargets(analysis)) {
      for (const p of t.paths) {
        const hit = protectedWrites.matchPattern(p, false, false);
        // git reads .git/info/exclude as a list of names to ignore, and runs nothing it holds.
        if (!hit || /\/\.git\/info\/exclude$/i.test(p)) continue;
        findings.push({
          rule: 'write.protected',
          kind: 'write',
          message: `${t.how} ${t.extract ? '' : t.may ? 'may write ' : 'writes '}${display(t.text)}, a protected path (${hit.list}: ${hit.entry})`,
          span: t.span,
          segment: t.segment,
        });
        break;
      }
    }
    return findings;
  },
};
