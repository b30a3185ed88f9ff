// write.protected: a write into a path the policy protects (default: anything under .git/).
import { findTakes } from '../programs/entries/runners.js';
import type { Analysis, Finding } from '../types.js';
import { compile } from './compiled.js';
import { GIT_DIR_FILES } from './git-dir.js';
import { componentCouldBe, components, cwdOf, markGlob, resolvePath } from './paths.js';
import type { Rule } from './rule.js';
import { display } from './words.js';
import { type WriteTarget, writeTargets } from './writes.js';

/**
 * The file of a repository's .git a walk's findings may be, when what it writes is each of them: its root is the
 * project or holds it (so the project's .git is beneath), it goes deeper than the root's own entries, it enters dot
 * directories and leaves .git in, and a name test lets one of .git's files through (`config`, `HEAD`, `*`,
 * `*.sample`; not `*.ts`). Undefined when none is.
 */
function gitFileSwept(t: WriteTarget, analysis: Analysis): string | undefined {
  const project = analysis.cwd === null ? null : resolvePath(analysis.cwd, { cwd: null, home: analysis.home, dialect: analysis.dialect });
  if (project === null) return undefined;
  const seg = analysis.segments[t.segment];
  for (const u of t.under ?? []) {
    if (u.visible || u.noGit || (u.depth ?? Number.POSITIVE_INFINITY) <= 1 || (u.tests !== undefined && findTakes(u.tests).gitExcluded)) continue;
    const dialect = seg?.dialect ?? analysis.dialect;
    const at = { cwd: u.cwd !== null ? cwdOf(u) : cwdOf(seg ?? { cwd: analysis.cwd }), home: analysis.home, dialect };
    // A root known only when the line runs (`find "$D"`), or a glob (`find ../proj*`, after `cd ../proj[e]ct`), may be
    // the project or hold it. (A root is read as a glob, as the names below it are: see writes.ts underPaths.)
    const holds = u.values === null || u.values.some((v) => holdsProject(resolvePath(markGlob(v, dialect), at), project));
    if (!holds) continue;
    // A name test is a glob of find's own: a bracket class (`[Hh][Ee][Aa][Dd]`, `conf[i]g`) and an escape count.
    const name = GIT_DIR_FILES.find((f) => u.names === undefined || u.names.some((n) => componentCouldBe(`/${markGlob(n.toLowerCase(), dialect)}`, -1, f)));
    if (name !== undefined) return name;
  }
  return undefined;
}

/**
 * Is `root` (a resolved path, its unknown parts marked) the project or a directory above it, or may it be? Component
 * by component, so that a trailing slash, or the root `/` (a project at `/` too), reads as it is meant.
 */
function holdsProject(root: string, project: string): boolean {
  const rs = components(root);
  const ps = components(project);
  return rs.length <= ps.length && rs.every((_, i) => componentCouldBe(root, i, ps[i] as string));
}

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
      // Each file a walk of the project finds, where a name test lets one of .git's own through.
      "find . -name config -exec sed -i 's/a/b/' {} +",
      'find . -name HEAD -exec cp /dev/null {} \\;',
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
      "find . -name config -not -path '*/.git/*' -exec sed -i 's/a/b/' {} +",
      "find . -name '*.md' -exec sed -i 's/a/b/' {} +",
      "git ls-files -- '*.md' | xargs sed -i 's/a/b/'",
      "grep -rl --exclude-dir=.git --include='*.md' foo . | xargs sed -i 's/foo/bar/'",
      { command: 'Get-Content .git\\config', shell: PS },
    ],
  },
  check({ analysis, config }) {
    const { protectedWrites } = compile(config);
    const findings: Finding[] = [];
    for (const t of writeTargets(analysis)) {
      // Each file a walk of the project finds, .git's among them (`find . -name config -exec sed -i … {} +`).
      const swept = t.extract ? undefined : gitFileSwept(t, analysis);
      if (swept !== undefined) {
        findings.push({ rule: 'write.protected', kind: 'write', message: `${t.how} may write ${display(t.text)}, each file a walk of the project finds, and the repository's .git is walked too (a name test lets its ${swept.replace(/^0+$/, 'objects').replace(/0{40}/, '\u2026')} through): leave it out with -not -path '*/.git/*'`, span: t.span, segment: t.segment });
        continue;
      }
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
