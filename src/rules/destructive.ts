// destructive.*: what cannot be recovered — a recursive delete of root, a home, the project or anything outside
// the project and temp; uncommitted work git throws away or history it rewrites; a disk overwritten.
import { findTakes, findWord } from '../programs/entries/runners.js';
import { certificateLoss, registryLocation, registryLoss } from '../programs/entries/windows.js';
import { joinPath } from '../powershell/paths.js';
import type { Analysis, Finding, Invocation, Span, Under, Word } from '../types.js';
import { componentCouldBe, components, cwdOf, DYN, GAP, globFor, globRegex, markGlob, ONE, resolvePath, STAR, shortNameFor, writtenAs } from './paths.js';
import type { Rule, RuleConfig } from './rule.js';
import { compile } from './compiled.js';
import { GIT_FILES, GIT_HISTORY, GIT_NAMED_DIRS, GIT_NAMED_FILES } from './git-dir.js';
import { display, pathUses, programName, spanKey } from './words.js';
import { writeTargets } from './writes.js';
import { lineLinks, throughLinks } from './links.js';

/** The families a policy can turn off one by one. */
export const DESTRUCTIVE_FAMILIES = ['delete', 'git', 'disk', 'data'] as const;
export type DestructiveFamily = (typeof DESTRUCTIVE_FAMILIES)[number];

/** cc-safety-net's levels: `standard`; `strict` (an unresolved target denies as destructive); `paranoid` (any recursive delete, any discard). */
export const DESTRUCTIVE_LEVELS = ['off', 'standard', 'strict', 'paranoid'] as const;
export type DestructiveLevel = (typeof DESTRUCTIVE_LEVELS)[number];

function on(config: RuleConfig, family: DestructiveFamily): boolean {
  return config.destructive !== 'off' && config.destructiveFamilies.includes(family);
}

/** A path as the checks compare it: lower case, `/` separators, rooted (`c:/x` is `/c:/x`), no trailing `/`. */
const lower = (p: string) => {
  const q = p.toLowerCase().replace(/\\/g, '/').replace(/\/+$/, '');
  return (q.startsWith('/') ? q : `/${q}`).replace(/\/+$/, '') || '/';
};

/** The components below a drive (`/c:/users/u` → users, u): Windows homes and roots are shaped like POSIX ones. */
const belowDrive = (c: string[]) => (c.length > 0 && /^[a-z]:$/.test(c[0]!) ? c.slice(1) : c);

/** `a` is `b` or lies below it. */
function within(a: string, b: string): boolean {
  return a === b || (b === '/' ? a.startsWith('/') : a.startsWith(`${b}/`));
}

/** Whether a path (literal, or a glob's literal head) could be a home directory or hold one. */
function homeLike(path: string, home: string): boolean {
  if (within(home, path)) return true;
  const c = belowDrive(components(path));
  return (c.length === 2 && (c[0] === 'home' || c[0] === 'users')) || (c.length === 1 && c[0] === 'root');
}

/** `home`: the deny is for the root or a home directory itself, or every entry a glob takes from one. */
type Verdict = { kind: 'pass' } | { kind: 'deny'; why: string; home?: true } | { kind: 'unresolved'; why: string };

/**
 * A path's components (compared lower-cased), the first that holds a glob (-1: none), and the literal head before it.
 * A short name that may be `.git` (`GIT~1`) is taken for it.
 */
function literalHead(path: string): { comps: string[]; first: number; head: string } {
  const all = components(lower(path));
  const comps = path.includes(GAP) ? all.map((c) => (shortNameFor(c, '.git') ? '.git' : c)) : all;
  const first = comps.findIndex((c) => c.includes(STAR) || c.includes(ONE));
  return { comps, first, head: `/${comps.slice(0, first >= 0 ? first : comps.length).join('/')}` };
}

/** The temp directories of a policy under a home, `~` put for it, as `lower` writes paths: once per list and home. */
function tempRoots(temp: readonly string[], home: string): readonly string[] {
  let byHome = TEMP_ROOTS.get(temp);
  if (byHome === undefined) {
    byHome = new Map();
    TEMP_ROOTS.set(temp, byHome);
  }
  let roots = byHome.get(home);
  if (roots === undefined) {
    roots = temp.map((t) => lower(t === '~' || t.startsWith('~/') ? home + t.slice(1) : t));
    if (byHome.size >= 64) byHome.clear();
    byHome.set(home, roots);
  }
  return roots;
}
const TEMP_ROOTS = new WeakMap<readonly string[], Map<string, readonly string[]>>();

/**
 * Where a recursive delete lands. A glob stands for what it may match: its literal head is the directory whose
 * entries go, so `~/[a-z]*` empties the home, and `/*` the root.
 */
export function classifyDelete(path: string, cwd: string | null, home: string, temp: readonly string[], dots = false): Verdict {
  const h = lower(home);
  if (path.includes(DYN)) return { kind: 'unresolved', why: 'its target is computed when the command runs' };
  const { comps, first, head } = literalHead(path);
  const glob = first >= 0;
  const tmp = tempRoots(temp, home);
  const root = belowDrive(components(head)).length === 0;
  if (root || homeLike(head, h)) {
    if (!glob || !tmp.some((t) => within(head, t))) return { kind: 'deny', why: glob ? `${root ? 'the root' : 'a home directory'} is emptied by the glob` : root ? 'it is the root directory' : 'it is a home directory or holds one', home: true };
  }
  if (tmp.some((t) => within(head, t))) return { kind: 'pass' };
  // A repository's .git (or a part of it): its history, branches and stashes go, and nothing brings them back. A glob
  // reaches it only when it starts with a dot, as bash's do (`.[^.]*`, `.g*`; `*` does not).
  // Inside it, the parts that hold history (objects, refs, logs); a stuck rebase's state or the hooks may go.
  // `dots`: the glob stands for every entry, dot names too (what find finds).
  // A glob reaches the project's own .git only when it empties the project directory.
  const atProject = cwd !== null && head === lower(cwd).replace(/\/+$/, '');
  const gitAt = comps.findIndex((c, i) => c === '.git' || (i === first && atProject && (c.startsWith('.') || dots) && componentCouldBe(`/${comps.slice(0, i + 1).join('/')}`, -1, '.git', dots ? 0 : 1, dots)));
  const below = gitAt >= 0 ? comps[gitAt + 1] : undefined;
  if (gitAt >= 0 && (below === undefined || gitAt + 1 === first || /^(objects|refs|logs|packed-refs|worktrees|modules)$/.test(below))) {
    return { kind: 'deny', why: below !== undefined && gitAt + 1 !== first ? `it holds a repository's history (.git/${below}), which nothing brings back` : below !== undefined ? "it empties a repository's .git directory, whose history nothing brings back" : "it is (or may be) a repository's .git directory: its history, branches and stashes go" };
  }
  if (cwd === null) return { kind: 'unresolved', why: 'the directory it runs in is not known' };
  const c = lower(cwd);
  // Run from a home directory or the root, there is no project to stay in.
  const atRoot = belowDrive(components(c)).length === 0;
  if (atRoot || homeLike(c, h)) return { kind: 'deny', why: `it runs in ${atRoot ? 'the root directory' : 'a home directory'}, not in a project` };
  if (within(c, head) && !(glob && head === c)) return { kind: 'deny', why: head === c ? 'it is the project directory itself' : 'it holds the project directory' };
  if (within(head, c)) return { kind: 'pass' };
  return { kind: 'deny', why: 'it is outside the project and temp directories' };
}

/** A root of find (or fd) whose findings a word hands on; `below`: never the root itself. */
interface FoundRoot {
  text: string;
  values: string[];
  cwd: string | null;
  cwdGlob?: boolean;
  names?: string[];
  depth?: number;
  below?: true;
  cwdTop?: string;
  cwdTopGlob?: boolean;
  find: Invocation;
}

/**
 * Where a root of find is read from by the program its `{}` reaches: the directory the word's paths were rebased to
 * (see `rebased`), where a wrapper moved it (`-exec env -C /srv rm -rf {} ;`, `-exec sudo -D ~ …`); find's own where
 * they were not, or where `-execdir` hands `./NAME` read from the directory it was found in.
 */
function foundWhere(r: FoundRoot, unders: readonly Under[]): FoundRoot {
  const u = unders.find((x) => !x.found && x.values !== null && x.values.length === r.values.length && x.values.every((v, i) => v === r.values[i]));
  if (u === undefined || (u.cwd === r.cwd && u.cwdGlob === r.cwdGlob && u.cwdTop === r.cwdTop)) return r;
  const { cwdGlob: _g, cwdTop: _t, cwdTopGlob: _tg, ...rest } = r;
  return { ...rest, cwd: u.cwd, ...(u.cwdGlob ? { cwdGlob: true } : {}), ...(u.cwdTop !== undefined ? { cwdTop: u.cwdTop, ...(u.cwdTopGlob ? { cwdTopGlob: true } : {}) } : {}) };
}

/** `find ROOT … -exec rm -rf {} ;`: the `{}` an rm deletes stands for the trees under find's roots. */
function foundRoots(analysis: Analysis): Map<number, FoundRoot[]> {
  const out = new Map<number, FoundRoot[]>();
  for (const inv of analysis.invocations) {
    if ((programName(inv) !== 'find' && programName(inv) !== 'fd') || !inv.uses) continue;
    for (const use of inv.uses) {
      for (const via of use.readVia ?? []) {
        const list = out.get(spanKey(via.span)) ?? [];
        const words = inv.args.filter((a) => a.span.start === use.span.start && a.span.end === use.span.end && a.text === use.text);
        const values = use.values ?? (words.length > 0 && words.every((w) => w.values !== null) ? words.flatMap((w) => w.values!) : [DYN]);
        list.push({ text: use.text, values, cwd: inv.cwd, ...(inv.cwdGlob ? { cwdGlob: true } : {}), ...(inv.cwdTop !== undefined ? { cwdTop: inv.cwdTop, ...(inv.cwdTopGlob ? { cwdTopGlob: true } : {}) } : {}), ...(use.names ? { names: use.names } : {}), ...(use.depth !== undefined ? { depth: use.depth } : {}), ...(use.below ? { below: true as const } : {}), find: inv });
        out.set(spanKey(via.span), list);
      }
    }
  }
  return out;
}

/**
 * A registry key a delete names (`HKCU:\Software`, `Registry::HKEY_LOCAL_MACHINE\…`), or a relative path under a
 * location in the registry (`cd HKCU:\Software; Remove-Item Acme -Recurse`): its location, else undefined.
 */
function registryTarget(raw: string, at: { cwd: string | null }, dialect: Invocation['dialect']): ReturnType<typeof registryLocation> {
  const direct = /^(?:microsoft\.powershell\.core\\)?registry::/i.test(raw) || dialect === 'powershell' ? registryLocation(raw) : undefined;
  if (direct || dialect !== 'powershell' || at.cwd === null || /^[A-Za-z][A-Za-z0-9.]*:|^[\\/~]/.test(raw)) return direct;
  const here = registryLocation(at.cwd);
  const joined = here ? joinPath(at.cwd, raw) : null;
  return joined === null ? undefined : registryLocation(joined);
}

/** Directories the system runs its programs from, and holds its settings and boot files in (below a drive too). */
const SYSTEM_EMPTIED = new Set(['bin', 'sbin', 'lib', 'lib32', 'lib64', 'etc', 'boot', 'usr/bin', 'usr/sbin', 'usr/lib', 'usr/lib64', 'usr/libexec', 'windows', 'windows/system32', 'windows/syswow64']);
/** The accounts, their passwords, sudo's rules and the mounts: without one no one logs in or becomes root again. */
const SYSTEM_FILES = new Set(['etc/passwd', 'etc/shadow', 'etc/group', 'etc/gshadow', 'etc/sudoers', 'etc/fstab']);

/** Why a plain delete of `path` (resolved) breaks the system for good: every entry of a system directory, or one of its account files. */
function systemLoss(path: string, glob: boolean): string | undefined {
  const c = belowDrive(components(lower(path)));
  if (glob && c.at(-1) === '*' && SYSTEM_EMPTIED.has(c.slice(0, -1).join('/'))) return `it empties a system directory (/${c.slice(0, -1).join('/')}): the system cannot run without what it held`;
  if (SYSTEM_FILES.has(c.join('/'))) return `it is /${c.join('/')}, without which no one logs in or becomes root again, and which nothing brings back`;
  return undefined;
}

/** Top-level directories the system expects where they are. */
const SYSTEM_DIRS = ['bin', 'boot', 'etc', 'home', 'lib', 'lib64', 'opt', 'root', 'sbin', 'usr', 'var', 'users', 'windows'];

/**
 * What find may print from a root that matters when moved away: the root itself (unless its tests skip it), and
 * below it the directories on the way to the home and the system's top-level directories, each where its name
 * passes find's name tests and it lies within `-maxdepth` (none with `-type f`: no directory is printed).
 */
function foundMoved(root: string, r: { names?: string[]; depth?: number; below?: true; visible?: true; tests?: readonly string[]; find?: Invocation }, home: string, project: string | null): string[] {
  const named = (p: string) => r.names === undefined || r.names.some((n) => globRegex(n.toLowerCase()).test(p.split('/').pop() || '/'));
  const out = !r.below && named(root) ? [root] : [];
  const vs = r.tests ? [...r.tests] : (r.find?.args.map((w) => w.values?.[0] ?? w.text) ?? []);
  if (vs.some((v, i) => v === '-type' && !(vs[i + 1] ?? 'd').includes('d')) && !vs.some((v) => v === '-o' || v === '-or' || v === '!' || v === '-not')) return out;
  const base = root.replace(/\/+$/, '');
  // The project's .git, where the walk holds the project, enters dot directories and no test of it keeps .git out
  // (`find . -name '*' -exec mv {} /tmp \;` moves it away).
  const expression = r.tests ?? vs.slice(Math.max(0, vs.findIndex((v) => /^[-(!]/.test(v))));
  // One file picked by its inode (`-inum N`, `-samefile f`) is the one the line means. A negated name or path test
  // .git's own would pass (`-not -name '.*'`, `! -path './.git*'`) keeps it out.
  const or = expression.some((v) => v === '-o' || v === '-or' || v === ',');
  const keptOut = expression.some((v, k) => (v === '!' || v === '-not') && /^-i?(?:name|path|wholename)$/.test(expression[k + 1] ?? '') && ['.git', './.git', `${base}/.git`].some((p) => globRegex((expression[k + 2] ?? '').toLowerCase()).test(p)));
  const git = project !== null && within(project, base) && !r.visible && !findTakes(expression).gitExcluded && !findTakes(expression).inode && !(keptOut && !or) ? [`${project}/.git`] : [];
  const below = [...(within(home, base) && home !== base ? [home] : []), ...(base === '' ? SYSTEM_DIRS.map((d) => `/${d}`) : []), ...git];
  for (const p of below) {
    const rest = components(p).slice(components(base).length);
    for (let i = 1; i <= rest.length && (r.depth === undefined || i <= r.depth); i++) {
      const at = `${base}/${rest.slice(0, i).join('/')}`;
      if (named(at) && !out.includes(at)) out.push(at);
    }
  }
  return out;
}

/**
 * Why a path moved away leaves the system or a home broken: the root, a home directory or what holds one, a directory
 * right below the root (or a drive). A glob's literal head is what it empties. Anything else moved is still there,
 * under its new name.
 */
function movedRoot(path: string, home: string): string | undefined {
  const { comps, first, head } = literalHead(path);
  // A repository's .git (or the part of it that holds history) moved or renamed away: the work tree is no repository
  // any more, and its history, branches, stashes and hooks are wherever the move put them, as lost to it as to `rm -rf
  // .git` (`mv .git /tmp/x`). A glob's literal head only: `mv .g* x` is read as the delete rule reads it.
  const gitAt = comps.findIndex((c, i) => c === '.git' && (first < 0 || i < first));
  const inside = gitAt >= 0 ? comps[gitAt + 1] : undefined;
  if (gitAt >= 0 && (first < 0 || gitAt + 1 < first) && (inside === undefined || /^(objects|refs|logs|packed-refs)$/.test(inside)) && (inside === undefined ? gitAt + 1 === comps.length : gitAt + 2 === comps.length)) {
    return inside === undefined ? "it is a repository's .git directory: the work tree is left without its history, branches and stashes" : `it holds a repository's history (.git/${inside}), which the repository is left without`;
  }
  // (A glob that spells it, moved whole: `mv .gi? x` and `mv .g*t x` match .git as `mv .gi[t] x` does.)
  if (first === comps.length - 1 && globFor(comps[first]!, '.git')) return "it may be a repository's .git directory, which the glob matches: the work tree is left without its history, branches and stashes";
  const below = belowDrive(components(head));
  if (below.length === 0) return first >= 0 ? 'the glob moves everything in the root directory away' : 'it is the root directory';
  if (homeLike(head, lower(home))) return first >= 0 ? 'the glob moves everything in a home directory away' : 'it is a home directory or holds one: everything that expects it there breaks';
  if (below.length === 1 && first < 0) return 'it is a directory right below the root, which the system expects there';
  return undefined;
}

/**
 * Where a recursive change of modes or owners breaks what cannot be put back: the root, the user's home or what holds
 * it, a system directory right below the root (/etc, /usr, /var…). Another user's home (`sudo chown -R u /home/u`
 * after useradd) or a top-level work directory (`chown -R dev /workspace`) is administration.
 */
function modesTree(path: string, home: string): 'root' | 'home' | 'top' | undefined {
  const { head } = literalHead(path);
  const below = belowDrive(components(head));
  if (below.length === 0) return 'root';
  if (within(lower(home), head)) return 'home';
  if (below.length === 1 && SYSTEM_DIRS.includes(below[0]!) && below[0] !== 'home' && below[0] !== 'users') return 'top';
  return undefined;
}

/** find's tests that pick some files only (`-perm 777`, `-user u`, `-name x`), not every one below its roots. */
function selective(tests: readonly string[]): boolean {
  const shape = /^-(?:type|xtype|mindepth|maxdepth|depth|d|xdev|mount|follow|print0?|printf|ls|fls|fprint0?|exec|execdir|ok|okdir|delete|prune|true|noleaf|ignore_readdir_race|nowarn|warn|daystart|regextype)$/;
  return tests.some((t) => t.startsWith('-') && t.length > 1 && !shape.test(t));
}

/** A recursive change of modes or owners (`chmod -R 777 /`, `chown -R nobody ~`) over the root, a home or a system directory. */
function modesLost(inv: Invocation, home: string, found: Map<number, FoundRoot[]>): { span: Span; text: string; why: string; unresolved?: true }[] {
  const out: { span: Span; text: string; why: string; unresolved?: true }[] = [];
  for (const d of inv.destroys ?? []) {
    if (d.what !== 'modes') continue;
    const word = d.word;
    if (word === undefined) continue;
    // Pieces of a lister's paths changed with all they hold (`find . -name x | xargs chmod -R 000`): the home may be one.
    if (d.tree && word.under?.some((u) => u.split)) out.push({ span: d.span, text: word.text !== '' ? word.text : 'the words it reads from its input', why: `${d.why}: ${PIECES_WHY('changes')}`, unresolved: true });
    // What find finds under its roots (`find ~ -exec chmod 777 {} +`, `find / | xargs chown x`), every name: a name
    // test narrows it to files the line means (`-name '*.sh'`).
    const roots: { values: readonly string[]; cwd: string | null; cwdGlob?: boolean; names?: string[]; tests?: readonly string[] }[] = [
      ...(found.get(spanKey(d.span)) ?? []).map((r) => ({ ...r, tests: r.find.args.map((w) => w.values?.[0] ?? w.text) })),
      ...(word.under ?? []).map((u) => ({ ...u, values: u.values ?? [] })),
    ];
    for (const r of roots) {
      if (r.names !== undefined || (r.tests !== undefined && selective(r.tests))) continue;
      for (const v of r.values) {
        if (v === DYN) continue;
        const at = modesTree(resolvePath(r.cwdGlob ? markGlob(v, inv.dialect) : v, { cwd: r.cwd, home, dialect: inv.dialect }), home);
        if (at) out.push({ span: d.span, text: `${word.text} (what find finds under ${v})`, why: `${d.why}: it holds ${at === 'root' ? 'the whole system' : at === 'home' ? 'the home directory' : 'a system directory'}` });
      }
    }
    if (!d.tree) continue;
    // Led by $TMPDIR, which may be unset (usual on Linux): the rest alone is the path too (`chmod -R 777 "$TMPDIR/"` is /).
    for (const r of word.envTemp?.empty ? word.envTemp.rests : []) {
      const at = r === '' ? undefined : modesTree(resolvePath(word.envTemp!.glob ? markGlob(r, inv.dialect) : r, { cwd: cwdOf(inv), home, dialect: inv.dialect }), home);
      if (at) out.push({ span: d.span, text: `${word.text} (with $TMPDIR unset: ${r})`, why: `${d.why}: it is ${at === 'root' ? 'the root directory' : at === 'home' ? 'the home directory or holds it' : 'a system directory'}` });
    }
    if (word.values === null) {
      // A target computed when it runs may be the root or a home (`chmod -R 000 "$X"`), as a delete's may; a temp path
      // mktemp made, a program's cache, find's paths (read above) or a rest after $TMPDIR (read above) are places known.
      if (!word.temp && !word.cache && !word.under && !word.envTemp && !word.items) out.push({ span: d.span, text: word.text, why: `${d.why}: its target is computed when the command runs (${word.dynamic ?? 'computed'})`, unresolved: true });
      continue;
    }
    for (const v of word.values) {
      const at = v === '' ? undefined : modesTree(resolvePath(word.glob ? markGlob(v, inv.dialect) : v, { cwd: cwdOf(inv), home, dialect: inv.dialect }), home);
      if (at) out.push({ span: d.span, text: word.text, why: `${d.why}: it is ${at === 'root' ? 'the root directory' : at === 'home' ? 'the home directory or holds it' : 'a system directory'}` });
    }
  }
  return out;
}

/**
 * Why a change to pieces of the paths a lister printed cannot be vouched for (Under.split): a name may hold a blank or a
 * newline, so `./a`, `/home/dev` and `x/.svn` may be what `find` printed as one path.
 */
const PIECES_WHY = (verb: string) =>
  `it ${verb} pieces of the paths a lister printed, split at blanks or newlines, which a name may hold: any path may be among them (find's -exec \u2026 {} +, or -print0 | xargs -0, keeps each name whole)`;

/** A path in PowerShell's certificate store. */
const CERT = /^(?:microsoft\.powershell\.security\\certificate::|cert:)/i;

/** PowerShell's `$env:TEMP` the line did not set: the environment's temp directory, its quotes closed before the rest or after. */
const ENV_TMPDIR = /^["']?\$\{?env:te?mp\}?["']?(?:$|[\\/])/i;

export const destructiveDelete: Rule = {
  id: 'destructive.delete',
  kind: 'destructive',
  description: 'A recursive delete of the root, a home directory, the project itself or anything outside the project and temp directories (rm -r, find -delete, rsync --delete, rimraf…); a recursive change of modes or owners of the root, a home or a system directory (chmod -R 777 /); a secret outside the project and temp directories deleted, overwritten or changed (shred ~/.aws/credentials, rm ~/.ssh/id_ed25519).',
  examples: {
    deny: [
      'rm -rf /',
      'rm -rf ~',
      'rm -rf ~/',
      'rm -rf ~/projects',
      'rm -rf ~/.m2',
      'rm -rf ~/.cargo',
      'rm -rf ~/go',
      'rm -r /some/path',
      'cd; rm -rf *',
      'rm -rf ~/[a-z]*',
      'c=rm; $c -rf /*',
      'rm -rf "${PWD%/*}"',
      'rm -rf ..',
      'rm -rf .',
      'cd .. && rm -rf build',
      'find ~ -name "*.log" -delete',
      'find / -exec rm -rf {} +',
      'rimraf ~/Documents',
      'rsync -a --delete empty/ ~/',
      'tar czf x.tgz --remove-files ~/notes',
      "bash -c 'rm -rf /etc'",
      'sudo rm -rf /var/lib',
      'rm -rf .git',
      'find . -name objects -exec rm -rf {} +',
      'find . -name refs -type d | xargs rm -rf',
      'find -delete',
      'find . -type f -delete',
      'find ~/src -type f -exec rm {} +',
      'ln -s ~ h && rm -rf h/src',
      'ln -s .. up && rm -rf up/*',
      'ln -s /etc e; cd e && rm -rf *',
      'ln -s ~/src s; find s/ -delete',
      'find ~/Documents -type f | xargs rm -f',
      "find /etc -name '*.conf' -exec rm -f {} \\;",
      'shred ~/.aws/credentials',
      ': > ~/.aws/credentials',
      'rm -f ~/.ssh/id_ed25519',
      'echo x >> ~/.netrc',
      'rm -rf "$TMPDIR"/*',
      'rm -rf "$TMPDIR/cache"',
      'sudo rm -f /usr/bin/*',
      'sudo rm /etc/sudoers',
    ],
    pass: ['rm -rf ~/.m2/repository/com/acme/widget', 'rm -rf ~/go/pkg/mod/cache/download/github.com/acme', 'rm -rf ~/.pnpm-store', 'rm -rf ~/.cargo/registry/src', { command: 'Remove-Item -Recurse -Force "$env:LOCALAPPDATA\\Yarn\\Cache"', shell: 'powershell' }, 'rm -rf node_modules dist', 'rm -rf ./build', 'rm -rf /tmp/x', 'rm -f *.log', 'rm -rf ${TMPDIR:-/tmp}/cache', 'rm -rf build/*', 'find . -name "*.pyc" -delete', 'rm notes.txt', 'rm -rf /var/tmp/x', 'cd src && rm -rf gen', 'rm -rf .git/rebase-merge', 'rm -rf *', 'find . -name "*.o" -exec rm {} +', 'find src -name "*.orig" | xargs rm -f', 'find . -name objects -not -path "./.git/*" -exec rm -rf {} +', 'find . -name objects -delete', 'find /tmp/x -type f -exec rm {} +', 'ln -s ~ h && rm -rf h', 'ln -s build/out o && rm -rf o/cache', 'rm -f ./id_rsa', 'shred -u build/server.key', 'rm /tmp/x.pem', 'rm -f ~/.ssh/id_ed25519.pub', ': > ~/aws/credentials', 'sudo rm -f /usr/bin/python', 'sudo rm /etc/sudoers.d/90-dev'],
  },
  check({ analysis, config }) {
    if (!on(config, 'delete')) return [];
    const findings: Finding[] = [];
    const found = foundRoots(analysis);
    // Under `shopt -s dotglob` (or GLOBIGNORE set) a glob's `*` matches dot names: `rm -rf *` takes .git.
    const { dotglob } = pathUses(analysis);
    // The words a use stands at (a split word gives several; re-entered text gives every word its source's span).
    const wordsAt = (inv: Invocation, span: Span) => inv.args.filter((w) => w.span.start === span.start && w.span.end === span.end);
    const seen = new Set<string>();
    const project = analysis.cwd;
    // What vouch cannot resolve is cannot-vouch at the standard level; strict and paranoid deny it.
    const report = (unresolved: boolean, message: string, span: Span, segment: number) =>
      findings.push(unresolved && config.destructive !== 'strict' && config.destructive !== 'paranoid' ? { rule: 'destructive.unresolved', kind: 'cannot-vouch', message: `${message}, so vouch cannot say it stays in the project`, span, segment } : { rule: 'destructive.delete', kind: 'destructive', message, span, segment });
    const push = (span: Span, segment: number, text: string, v: Verdict, how = 'a recursive delete') => {
      const key = `${span.start}:${span.end}:${v.kind}`;
      if (seen.has(key) || v.kind === 'pass') return;
      seen.add(key);
      report(v.kind === 'unresolved', `${how} of ${text}: ${v.why}`, span, segment);
    };
    const links = lineLinks(analysis);
    // find -L/-H (and -follow, fd -L) follows a root that is a link the line made: `ln -s ~ h && find -L h -delete`
    // walks the home, as `find h/ -delete` does.
    const follows = (inv: Invocation) => (programName(inv) === 'find' || programName(inv) === 'fd') && inv.args.some((w) => /^(-L|-H|-follow|--follow)$/.test(w.values?.[0] ?? w.text) || (programName(inv) === 'fd' && /^-[a-zA-Z]*L[a-zA-Z]*$/.test(w.values?.[0] ?? w.text)));
    const judge = (raw: string, glob: boolean, contents: boolean, where: { cwd: string | null; cwdGlob?: boolean; cwdTop?: string; cwdTopGlob?: boolean }, dialect: Invocation['dialect'], dots = false, follow = false): Verdict => {
      // At the top of the git work tree that holds the project (`cd "$(git rev-parse --show-toplevel)"`): the project or
      // the repository it lies in, a project as well; what lies below it is judged as the project's (`..` leaves it).
      // Where git ran below the project (`cd src`), the top is there, the project, or above: judged from the project,
      // so `.` is the project itself. A glob directory counts only where it stands for one name (`../proj[e]ct`).
      const top = where.cwd === null && where.cwdTop !== undefined && project != null ? resolvePath(cwdOf({ cwd: where.cwdTop, cwdGlob: where.cwdTopGlob }) ?? '', { cwd: null, home: analysis.home, dialect }) : undefined;
      const at = top !== undefined && !/[\uE000-\uF8FF]/.test(top) && within(lower(top), lower(resolvePath(project!, { cwd: null, home: analysis.home, dialect }))) ? { cwd: project! } : where;
      // A registry key: no project and no temp directory there; what Windows or a vendor keeps is lost (windows.ts).
      const key = registryTarget(raw, at, dialect);
      if (key) {
        const why = registryLoss(contents ? { ...key, key: [...key.key, '*'] } : key);
        return why === undefined ? { kind: 'pass' } : { kind: 'deny', why };
      }
      // The certificate store: likewise no project there; a store emptied takes its private keys.
      if (dialect === 'powershell' && CERT.test(raw)) {
        const why = certificateLoss(contents ? `${raw}\\*` : raw);
        return why === undefined ? { kind: 'pass' } : { kind: 'deny', why };
      }
      if (at.cwd === null && !/^[/~]/.test(raw)) return { kind: 'unresolved', why: 'the directory it runs in is not known' };
      const path = throughLinks(resolvePath(glob ? markGlob(raw, dialect) : raw, { cwd: cwdOf(at), home: analysis.home, dialect }), links, follow || /[\\/]\.?$/.test(raw));
      return classifyDelete(contents ? `${path.replace(/\/$/, '')}/${STAR}` : path, project, analysis.home, config.tempDirectories, dots);
    };
    // What find deletes under a root takes dot names too: a repository's .git unless a name test rules it out.
    // Removed with all it holds (`tree`), a name of what holds the history inside it counts as well: `find . -name objects
    // -exec rm -rf {} +` takes .git/objects (-delete removes a directory only when it is empty).
    // A file deleted one at a time by a name test that meets one of .git's own (`find . -name '*.pack' -delete`) takes
    // that part of the history as `rm .git/objects/pack/*.pack` does.
    const everyName = (names: readonly string[] | undefined, tree = false) => names === undefined || names.some((n) => (tree ? GIT_HISTORY : [...GIT_HISTORY.slice(0, 1), ...GIT_FILES]).some((h) => globRegex(n.toLowerCase()).test(h)));
    // …or a test no file of .git's history passes, before what find does to it (`findTakes`): -empty (history is
    // never empty), one inode, directories that -delete removes only when empty, only links, only what lies directly
    // in the root and is no directory, or .git excluded by a negated -path/-name.
    const sparesGit = (inv: Invocation | readonly string[]) => {
      // The expression, from its first word (its roots, however computed, test nothing).
      const all = 'args' in inv ? inv.args.map(findWord) : inv;
      const start = all.findIndex((v) => v !== undefined && /^[-(!]/.test(v));
      const vs = start < 0 ? [] : all.slice(start);
      const t = findTakes(vs);
      const only = (letters: string) => t.types.some((x) => x.split(',').every((l) => letters.includes(l)));
      const shallow = vs.some((v, i) => v === '-maxdepth' && /^[01]$/.test(vs[i + 1] ?? '')) && only('fl');
      return t.gitExcluded || t.empty || t.inode || t.dirsOnlyDelete || only('l') || t.xtypes.some((x) => x === 'l') || shallow;
    };
    // What the line moves somewhere (`mv ~/Documents "$d"`): deleting that place later deletes what was moved.
    const moves: { sources: Word[]; dest: Word; at: Invocation }[] = [];
    for (const inv of analysis.invocations) {
      if (!/^g?mv$/.test(programName(inv))) continue;
      const ops = inv.args.filter((w) => !(w.values?.[0] ?? w.text).startsWith('-'));
      if (ops.length >= 2) moves.push({ sources: ops.slice(0, -1), dest: ops.at(-1)!, at: inv });
    }
    // What a move takes away from where it was (`mv ~ /tmp/x`, `Move-Item ~ C:\tmp\x`): the root, a home or what
    // holds one, a directory right below the root (/etc, C:\Windows) leave everything that expects them there broken.
    for (const inv of analysis.invocations) {
      for (const use of inv.uses ?? []) {
        if (!use.moved) continue;
        const words = wordsAt(inv, use.span);
        // What find finds (`find ~ -type f -exec mv {} ../ \;`, `find . | xargs mv -t x`) lies below its roots (files
        // moved within or out of a home, not the home), and is the root itself where find prints it
        // (`find ~ -maxdepth 0 -exec mv {} /tmp/x \;`).
        const roots = found.get(spanKey(use.span));
        const under = words.flatMap((w) => w.under ?? []);
        if (roots !== undefined || under.length > 0) {
          // Pieces of those paths (a name with a newline, read by `xargs -I{}`): any path may be among them, the home too.
          if (under.some((u) => u.split)) push(use.span.end > use.span.start ? use.span : inv.span, inv.segment, use.text !== '' ? use.text : 'the words it reads from its input', { kind: 'unresolved', why: PIECES_WHY('moves') }, 'a move');
          for (const r of [...(roots ?? []), ...under]) {
            for (const v of r.values ?? []) {
              if (v === DYN) continue;
              for (const path of foundMoved(resolvePath(v, { cwd: r.cwd, home: analysis.home, dialect: inv.dialect }), r, lower(analysis.home), analysis.cwd === null ? null : lower(resolvePath(analysis.cwd, { cwd: null, home: analysis.home, dialect: inv.dialect })).replace(/\/+$/, ''))) {
                const why = movedRoot(path, analysis.home);
                if (why) push(use.span, inv.segment, `${use.text} (${path}, which find may print, moved away)`, { kind: 'deny', why });
              }
            }
          }
          continue;
        }
        const values = use.values ?? words.flatMap((w) => w.values ?? []);
        for (const v of values) {
          if (v === '') continue;
          // A registry key moved away is gone from where Windows and its programs read it, as if deleted.
          const key = registryTarget(v, inv, inv.dialect);
          const why = key ? registryLoss(key) : movedRoot(resolvePath(words[0]?.glob ? markGlob(v, inv.dialect) : v, { cwd: cwdOf(inv), home: analysis.home, dialect: inv.dialect }), analysis.home);
          if (why) push(use.span, inv.segment, `${use.text} (moved away)`, { kind: 'deny', why });
        }
        // Led by $TMPDIR, which may be unset (usual on Linux): the rest alone is the path too (`mv "$TMPDIR/home/dev" x`).
        for (const w of use.values === undefined ? words : []) {
          for (const r of w.envTemp?.empty ? w.envTemp.rests : []) {
            const why = r === '' ? undefined : movedRoot(resolvePath(w.envTemp!.glob ? markGlob(r, inv.dialect) : r, { cwd: cwdOf(inv), home: analysis.home, dialect: inv.dialect }), analysis.home);
            if (why) push(use.span, inv.segment, `${use.text} (with $TMPDIR unset: ${r}, moved away)`, { kind: 'deny', why });
          }
        }
      }
    }
    const resolved = (w: Word, at: Invocation): string[] => (w.values ?? []).map((v) => resolvePath(v, { cwd: cwdOf(at), home: analysis.home, dialect: at.dialect }).replace(/\/+$/, ''));
    const movedInto = (use: { text: string; values?: readonly string[] }, inv: Invocation, word: Word | undefined) => {
      const targets = word ? resolved(word, inv) : (use.values ?? []).map((v) => resolvePath(v, { cwd: cwdOf(inv), home: analysis.home, dialect: inv.dialect }).replace(/\/+$/, ''));
      return moves.filter((m) => m.dest.text === use.text || resolved(m.dest, m.at).some((d) => targets.some((t) => t !== '' && (d === t || d.startsWith(`${t}/`)))));
    };
    const storeUse = (use: { span: Span; text: string; values?: readonly string[] }, inv: Invocation) => {
      const vs = use.values ?? wordsAt(inv, use.span).flatMap((w) => w.values ?? []);
      return vs.some((v) => registryTarget(v, inv, inv.dialect) !== undefined || (inv.dialect === 'powershell' && CERT.test(v)));
    };
    for (const inv of analysis.invocations) {
      for (const use of inv.uses ?? []) {
        // A plain delete of each file find finds (`find ~/src -type f -exec rm {} +`, `find ~ | xargs rm -f`) walks
        // the tree as `find -delete` does: what goes is the root's contents.
        const viaFind = use.role === 'delete' && (found.has(spanKey(use.span)) || wordsAt(inv, use.span).some((w) => w.under !== undefined));
        // A registry key deleted, or its values (`Remove-Item HKCU:\Software`, `Clear-Item`, `reg delete /va`), or a
        // certificate store's entries: what it holds goes with it, recursive or not.
        const registry = use.role === 'delete' && !viaFind && storeUse(use, inv);
        // rmdir removes empty directories only: nothing is lost, wherever they are (`find . -type d | xargs rmdir`).
        if (use.role === 'delete' && /^g?rmdir$/.test(programName(inv))) continue;
        // A file of a repository's history deleted by name (`rm -f .git/objects/pack/*.pack`, `rm .git/refs/heads/main`,
        // `rm .git/packed-refs`), recursively or not (`rm -rf .git/config`): what `rm -rf .git/objects` takes, one file at
        // a time. A stale lock is no history.
        // (Recursive, a file alone, its own name not a glob: what `.git/*` or a directory of .git holds is judged as a tree below.)
        const gitFileLoss = (recursive: boolean): void => {
          const globbed = wordsAt(inv, use.span).some((w) => w.glob === true);
          // Nested text gives its words one span (`bash -c 'bash -c '\''rm -f .git/config'\'''`): the word is found by its text.
          const named = wordsAt(inv, use.span);
          // A glob may name them too (`rm .gi[t]/HEAD`, `rm .g*/packed-refs`, `rm .git/*`): it spells .git's dot and a
          // letter of it, and below it any glob may be one of those names.
          const is = (c: string, literal: string, need: number) => (globbed && /[*?[]/.test(c) ? componentCouldBe(`/${markGlob(c.toLowerCase())}`, -1, literal, need) : writtenAs(c, literal));
          for (const v of use.values ?? (named.find((w) => w.text === use.text) ?? named[0])?.values ?? []) {
            const parts = v.replace(/\\/g, '/').split('/').filter((c) => c !== '' && c !== '.');
            const at = parts.findIndex((c) => is(c, '.git', 2));
            const below = at >= 0 ? parts[at + 1] : undefined;
            const names = parts.length === at + 2 ? [...GIT_NAMED_FILES, ...GIT_NAMED_DIRS] : [...GIT_NAMED_DIRS, ...GIT_NAMED_FILES];
            const part = below === undefined ? undefined : (names.find((n) => is(below, n, 0)) ?? below.toLowerCase());
            // (And the files that say what it is: its HEAD, and its config with the remotes, which nothing brings back.)
            if (part === undefined || !names.includes(part) || (recursive && (!GIT_NAMED_FILES.includes(part) || /[*?[]/.test(below!))) || /\.lock$/i.test(parts.at(-1) ?? '') || (!GIT_NAMED_FILES.includes(part) && parts.length === at + 2) || (/^(?:head|config)$/.test(part) && parts.length !== at + 2)) continue;
            const why = part === 'config' ? "it is a repository's own config (.git/config): its remotes and settings, which nothing brings back" : part === 'head' ? "it is a repository's HEAD (.git/HEAD), without which git no longer sees the repository" : `it holds a repository's history (.git/${part}), which nothing brings back`;
            push(use.span, inv.segment, use.text, { kind: 'deny', why }, 'a delete');
            break;
          }
        };
        if (use.role === 'delete' && !viaFind && !registry) {
          // A plain delete of every name a home or the root holds (`rm -f ~/*`, `shred -u /*`): each file there goes,
          // as the interpreters' listing deletes do. A narrowed glob (`~/*.log`) or another directory is no finding.
          const word = wordsAt(inv, use.span).find((w) => w.glob === true);
          for (const v of word ? (use.values ?? word.values ?? []) : []) {
            if (!/(?:^|[\\/])\*$/.test(v)) continue;
            const verdict = judge(v, true, false, inv, inv.dialect);
            if (verdict.kind === 'deny' && verdict.home) push(use.span, inv.segment, use.text, verdict);
          }
          // …or of a directory the system runs from (`sudo rm -f /usr/bin/*`, `rm /etc/*`), or of a file without which no
          // one logs in or becomes root again (`sudo rm /etc/passwd`, `/etc/sudoers`): a rescue disk, not git, puts it back.
          const globbed = wordsAt(inv, use.span).some((w) => w.glob === true);
          for (const v of use.values ?? wordsAt(inv, use.span).flatMap((w) => w.values ?? [])) {
            const why = systemLoss(resolvePath(v, { cwd: cwdOf(inv), home: analysis.home, dialect: inv.dialect }), globbed);
            if (why) push(use.span, inv.segment, use.text, { kind: 'deny', why }, 'a delete');
          }
          gitFileLoss(false);
          continue;
        }
        if (use.role !== 'delete-tree' && !viaFind && !registry) continue;
        if (use.role === 'delete-tree' && !viaFind && !registry) gitFileLoss(true);
        for (const m of moves.length > 0 ? movedInto(use, inv, wordsAt(inv, use.span)[0]) : []) {
          for (const s of m.sources) {
            if (s.values === null) push(use.span, inv.segment, use.text, { kind: 'unresolved', why: `the line moved ${s.text} there, a path computed when it runs` });
            else for (const v of s.values) push(use.span, inv.segment, `${use.text} (where the line moved ${s.text})`, judge(v, s.glob === true, false, m.at, m.at.dialect, true));
          }
        }
        if (config.destructive === 'paranoid') {
          push(use.span, inv.segment, use.text, { kind: 'deny', why: 'paranoid mode denies every recursive delete' });
          continue;
        }
        const roots = found.get(spanKey(use.span));
        if (roots) {
          // What find finds under each root: the root's contents (a name test narrows, never widens), read where the
          // program that deletes it runs (`-exec env -C /srv rm -rf {} ;` deletes /srv's): see foundWhere.
          // (The bash walk places and rebases `{}`; PowerShell's leaves it find's, unplaced.)
          const unders = inv.dialect === 'bash' ? wordsAt(inv, use.span).flatMap((w) => w.under ?? []) : [];
          for (const r of roots) {
            const where = foundWhere(r, unders);
            const moved = where === r ? '' : `, read in ${where.cwd ?? 'a directory not known'}`;
            for (const v of r.values) push(use.span, inv.segment, `${use.text} (what find finds under ${r.text}${moved})`, judge(v, false, true, where, inv.dialect, everyName(r.names, use.role === 'delete-tree') && !sparesGit(r.find), follows(r.find)));
          }
          continue;
        }
        // Re-entered text gives every word the span of the word it came from: the text tells them apart.
        const here = wordsAt(inv, use.span);
        // One word split in several (`$X` holding spaces) is several arguments with one span: judge them all.
        const same = here.filter((w) => w.text === use.text);
        const words = same.length > 0 ? same : here.length === 1 ? here : [];
        const word = words[0];
        const shown = use.text !== '' ? use.text : 'the words it reads from its input';
        const values = use.values ?? (words.length > 0 && words.every((w) => w.values !== null) ? words.flatMap((w) => w.values!) : null);
        if (values === null && word?.under && word.under.every((u) => u.values !== null)) {
          // Paths find printed (read by xargs or parallel): each lies at or below one of its roots.
          // Words read from stdin have no text of their own on the line: the finding stands at the program.
          const at = use.span.end > use.span.start ? use.span : inv.span;
          // Dot names too, as -exec's: `find . -type f | xargs rm -f` takes the repository's .git with the rest; a plain
          // delete of what lies one level deep at most (`find . -maxdepth 1 | xargs rm`) cannot remove .git, a directory.
          // PowerShell's listings leave hidden items out (dot names on Unix) unless -Force.
          const dots = (u: Under) => inv.dialect !== 'powershell' && everyName(u.names, use.role === 'delete-tree') && !(use.role === 'delete' && u.depth !== undefined && u.depth <= 1) && !(u.tests !== undefined && sparesGit(u.tests));
          for (const u of word.under) for (const v of u.values!) push(at, inv.segment, `${shown} (what find prints under ${v})`, judge(v, false, true, u, inv.dialect, dots(u)));
          // Pieces of those paths (a name with a blank, read by xargs): any other tree may be among them.
          if (use.role === 'delete-tree' && word.under.some((u) => u.split)) push(at, inv.segment, shown, { kind: 'unresolved', why: PIECES_WHY('deletes') });
          continue;
        }
        if (values === null) {
          // A path in the temp directory mktemp made for the line (`rm -rf "$tmp"` after `tmp=$(mktemp -d)`).
          // One below $TMPDIR, unless it climbs out: a `..` however it is quoted (`"$TMPDIR/"'..'` is the parent).
          if (words.length > 0 && words.every((w) => w.temp === true)) continue;
          // A program's cache, which it fetches or builds again (`"$(go env GOCACHE)"`, `"$(npm config get cache)/_cacache"`).
          if (words.length > 0 && words.every((w) => w.cache === true)) continue;
          // A name made with a number (`/tmp/build-$(date +%s)`, `out/run-$((n+1))`): wherever the number lands it
          // names the same directory's entry, judged as any path with that number in it is.
          if (words.length > 0 && words.every((w) => w.numbers !== undefined)) {
            for (const w of words) for (const v of w.numbers!) if (v !== '') push(use.span, inv.segment, use.text, judge(v, false, use.names !== undefined, inv, inv.dialect));
            continue;
          }
          // Below the environment's temp directory: written text, or a number or the user's name in the name
          // (`"$TMPDIR/cache"`, `"$TMPDIR"/jest_*`, `"${TMPDIR:-/tmp}/$USER-jest"`, `"${TMPDIR:-/tmp}/build-$$"`): neither
          // holds a `/` or is `..`, so the path stays below it as a written name does; a shape that leaves it
          // (`"$TMPDIR"-$$`, `"$TMPDIR/$USER/.."`, `"$TMPDIR"/.*/x`, whose `.*` is `..` too) is no temp path. Where
          // $TMPDIR may be unset or empty (all but `${TMPDIR:-/tmp}`; unset is usual on Linux), the rest alone is the path
          // too, judged as written: `"$TMPDIR"/*` is `/*`, `"$TMPDIR/home/dev"` the home, `"$TMPDIR/cache"` /cache.
          const below = (r: string, glob: boolean) => r === '' || (r.startsWith('/') && !r.split('/').includes('..') && !(glob && r.split('/').slice(0, -1).some((c) => /^\.[^/]*[*?[]/.test(c))));
          if (words.length > 0 && words.every((w) => w.envTemp?.rests.every((r) => below(r, w.envTemp!.glob === true)) === true)) {
            for (const w of words) if (w.envTemp!.empty) for (const r of w.envTemp!.rests) if (r !== '') push(use.span, inv.segment, `${use.text} (with $TMPDIR unset: ${r})`, judge(r, w.envTemp!.glob === true, use.names !== undefined, inv, inv.dialect));
            // Unquoted and unset, `$TMPDIR` alone is no word at all: find's roots are then the directory it runs in
            // (`find $TMPDIR -type f -delete` is `find . -type f -delete`).
            if (programName(inv) === 'find' && words.some((w) => w.envTemp!.empty && /^\$\{?TMPDIR\}?$/.test(w.text))) push(use.span, inv.segment, `${use.text} (with $TMPDIR unset: no root, so .)`, judge('.', false, use.names !== undefined, inv, inv.dialect, use.names !== undefined && everyName(use.names) && !sparesGit(inv)));
            continue;
          }
          // PowerShell's `$env:TEMP` (bash's $TMPDIR is read above; a rest it leaves, such as a brace, is no temp path).
          if (word && ENV_TMPDIR.test(word.text) && !/(?:^|[\\/])\.\.(?:[\\/]|$)/.test(word.text.replace(/["']/g, '')) && !/[$`\\]/.test(word.text.replace(ENV_TMPDIR, '')) && /^variable \$env:te?mp$/i.test(word.dynamic ?? '')) continue;
          push(use.span, inv.segment, shown, { kind: 'unresolved', why: `its target is computed when the command runs (${word?.dynamic ?? 'computed'})` });
          continue;
        }
        // A path the entry names for a word that is not it (`trash-empty`'s trash, Clear-RecycleBin's bins) is shown as itself.
        const named = (v: string) => (use.values !== undefined && !(word?.values ?? []).includes(v) ? v : use.text);
        for (const v of values) if (v !== '') push(use.span, inv.segment, named(v), judge(v, word?.glob === true, use.names !== undefined, inv, inv.dialect, (use.names !== undefined && everyName(use.names) && !(programName(inv) === 'find' && sparesGit(inv))) || (dotglob && inv.dialect === 'bash' && word?.glob === true), follows(inv)));
      }
      for (const m of modesLost(inv, analysis.home, found)) report(m.unresolved === true, `${m.text}: ${m.why}`, m.span, inv.segment);
    }
    findings.push(...secretsLost(analysis, config));
    return findings;
  },
};

/**
 * A secret outside the project and temp directories deleted, overwritten or changed (`shred ~/.aws/credentials`,
 * `: > ~/.aws/credentials`, `rm ~/.ssh/id_ed25519`, `cp /dev/null ~/.kube/config`): a private key or a login is not
 * in any history, and nothing brings it back; what a write adds to a credential file (a profile's credential_process,
 * a netrc macdef) is used on later logins. A secret in the project (`rm -f ./id_rsa`, `echo KEY=x >> .env`) or in a
 * temp directory is the project's own; a computed path is left to the other rules, as a plain `rm "$F"` is.
 * Appending is judged with overwriting: the credential files that hold settings run what they name
 * (credential_process, exec plugins).
 */
function secretsLost(analysis: Analysis, config: RuleConfig): Finding[] {
  const deletes = pathUses(analysis).uses.filter((use) => use.role === 'delete');
  const targets = writeTargets(analysis).filter((t) => !(t.may || t.extract || t.under !== undefined || t.create));
  if (deletes.length === 0 && targets.length === 0) return [];
  const { secrets } = compile(config);
  const ctx = { cwd: null, home: analysis.home, dialect: analysis.dialect };
  const home = resolvePath(analysis.home, ctx);
  const tmp = tempRoots(config.tempDirectories, home);
  const project = analysis.cwd == null ? null : lower(resolvePath(analysis.cwd, ctx));
  // Run from a home directory or the root, there is no project that holds what the line names.
  const projectHolds = (p: string) => project !== null && belowDrive(components(project)).length > 0 && !homeLike(project, lower(home)) && within(p, project);
  const out: Finding[] = [];
  const seen = new Set<number>();
  const lost = (path: string, segment: number): string | undefined => {
    if (path.includes(DYN)) return undefined;
    const p = lower(path);
    if (tmp.some((t) => within(p, t)) || projectHolds(p)) return undefined;
    const seg = analysis.segments[segment];
    const cwd = seg?.cwd == null ? null : resolvePath(seg.cwd, { ...ctx, dialect: seg.dialect });
    const hit = secrets.matchPattern(path, false, true, home, { home, cwd });
    return hit ? `${hit.list}: ${hit.entry}` : undefined;
  };
  const push = (span: Span, segment: number, message: string) => {
    const key = spanKey(span);
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ rule: 'destructive.delete', kind: 'destructive', message, span, segment });
  };
  for (const use of deletes) {
    const hit = lost(use.path, use.segment);
    if (hit) push(use.span, use.segment, `a delete of ${display(use.text)}, a secret outside the project and temp directories (${hit}): nothing brings it back`);
    if (hit || !use.path.includes(DYN)) continue;
    // Led by $TMPDIR, which may be unset (usual on Linux): the rest alone is the path too
    // (`rm "$TMPDIR/home/dev/.ssh/id_ed25519"` is the key).
    const words = analysis.invocations.filter((inv) => inv.segment === use.segment).flatMap((inv) => inv.args.filter((w) => w.span.start === use.span.start && w.span.end === use.span.end));
    for (const w of words) {
      for (const r of w.envTemp?.empty ? w.envTemp.rests : []) {
        const at = r === '' ? undefined : lost(resolvePath(w.envTemp!.glob ? markGlob(r, use.dialect) : r, { ...ctx, dialect: use.dialect }), use.segment);
        if (at) push(use.span, use.segment, `a delete of ${display(use.text)} (with $TMPDIR unset: ${r}), a secret outside the project and temp directories (${at}): nothing brings it back`);
      }
    }
  }
  // What find printed (`find /home/www -type f | xargs sed -i …`) may be any file below its roots: which of them are
  // secrets is not on the line (find's own deletes are judged above as the trees they are).
  for (const t of targets) {
    for (const p of t.paths) {
      const hit = lost(p, t.segment);
      if (!hit) continue;
      push(t.span, t.segment, `${t.how} writes ${display(t.text)}, a secret outside the project and temp directories (${hit}): what it held is lost, and what is written there is used on later logins`);
      break;
    }
  }
  return out;
}

/** The finding an unresolved recursive delete gives in the standard level: cannot vouch (strict makes it a deny). */
export const destructiveUnresolved: Rule = {
  id: 'destructive.unresolved',
  kind: 'cannot-vouch',
  description: 'A recursive delete whose target vouch cannot resolve (a computed path, an unknown directory): cannot vouch that it stays in the project. A move or a recursive mode change of pieces of the paths a lister printed, split at blanks or newlines, likewise: any path may be among them.',
  examples: {
    deny: ['find . -name "*.orig" | xargs -I{} mv {} {}.bak', 'find . -type d | xargs chmod -R 755', 'rm -rf "$TARGET"', 'cd "$D" && rm -rf build', 'ls | xargs rm -rf', 'rm -rf $(cat dirs.txt)', 'rm -rf "$1"', 'find "$ROOT" -delete', 'rimraf "$OUT"', 'rm -r ${BUILD_DIR}/*', 'ls | parallel rm -rf', 'rm -rf `cat dir.txt`/x', 'rm -rf "$TMPDIR/$X"', 'rm -rf "$TMPDIR/"..'],
    pass: ['find . -name "*.orig" -exec mv {} {}.bak \\;', 'find . -type d -print0 | xargs -0 chmod -R 755', 'rm -f "$F"', 'rm -rf build', 'rm -rf "$TMPDIR"', 'B=dist; rm -rf "$B"', 'rm "$LOG"', 'tmp=$(mktemp -d) && rm -rf "$tmp"', 'rm -rf "${TMPDIR:-/tmp}/cache"', 'rm -rf "${TMPDIR:-/tmp}"/jest_*'],
  },
  // Reported by destructive.delete, which knows the level; listed so its id and examples are declared.
  check: () => [],
};

/** git destroying what no path names: `discard` (uncommitted work) or `history` (what others fetch). */
function gitRule(what: 'discard' | 'history'): Rule['check'] {
  return ({ analysis, config }) => {
    if (!on(config, 'git')) return [];
    const findings: Finding[] = [];
    for (const inv of analysis.invocations) {
      for (const d of inv.destroys ?? []) if (d.what === what) findings.push({ rule: `destructive.git-${what}`, kind: 'destructive', message: d.why, span: d.span, segment: inv.segment });
    }
    return findings;
  };
}

export const destructiveGitDiscard: Rule = {
  id: 'destructive.git-discard',
  kind: 'destructive',
  description: 'git throwing away uncommitted work: reset --hard/--merge/--keep, checkout -- PATH or -f, switch --discard-changes, restore of the working tree, clean -f (or with clean.requireForce off), stash drop/clear, worktree remove --force, an --abort; Mercurial: update -C, revert --no-backup and purge.',
  examples: {
    deny: [
      'git reset --hard',
      'git reset --hard HEAD~1',
      // 5.1 reads `e as a plain e: git is given `reset`.
      { command: 'git r`eset --hard', shell: 'powershell' },
      { command: "$a = 'reset','--hard'; git @a", shell: 'powershell' },
      { command: "$a = 'reset','--hard'; git $a", shell: 'powershell' },
      'git checkout -- .',
      'git checkout HEAD -- src/app.ts',
      'git checkout -f main',
      'git switch --discard-changes main',
      'git restore src/app.ts',
      'git clean -fdx',
      'git -c clean.requireForce=false clean -d',
      'git stash drop',
      'git stash clear',
      'git worktree remove --force ../wt',
      "git -c alias.nuke='reset --hard' nuke",
      "git rebase -x 'git reset --hard' HEAD~1",
      'git submodule foreach git reset --hard',
      'git rebase --abort',
      'git reset --h',
      "git config alias.nuke 'reset --hard' && git nuke",
      'git config clean.requireForce false && git clean -dx',
      'git submodule deinit -f --all',
      'git submodule update --force',
      'git checkout src/app.ts',
      'git checkout src/',
      'git clean -fdx .',
      "git clean -f '*.log'",
    ],
    pass: ['git clean -fdx build/', 'git checkout origin/main', 'git checkout v1.2.3', 'git submodule update --init --recursive', "git config alias.st 'status -sb'", 'git reset -h', 'git reset --soft HEAD~1', 'git reset HEAD file.txt', 'git checkout -b feature', 'git checkout main', 'git switch -c x', 'git restore --staged file.txt', 'git clean -n', 'git clean -fdn', 'git stash', 'git stash pop', 'git status'],
  },
  check: gitRule('discard'),
};

export const destructiveGitHistory: Rule = {
  id: 'destructive.git-history',
  kind: 'destructive',
  description: 'git rewriting or removing history others share: push --force/-f, +refspec, :branch, --delete, --mirror; branch -D; tag and reflog deletes; filter-repo.',
  examples: {
    deny: ['git push --force', 'git push -f origin main', 'git push origin +main', 'git push origin :old', 'git push --delete origin old', 'git push --mirror origin', 'git branch -D feature', 'git tag -d v1', 'git push origin --force', 'git branch --delete --force x', 'git reflog expire --expire=now --all', 'git filter-repo --path secrets.env --invert-paths --force', 'git tag --delete v1', 'git -c remote.origin.mirror=true push origin', "git -c remote.origin.push='+refs/heads/*:refs/heads/*' push origin", 'git remote add --mirror=push backup ../backup.git && git push backup', "git push --prune origin 'refs/heads/*:refs/heads/*'", 'git send-pack --force ../remote.git main', 'git branch -M feature main', 'git config remote.origin.push :refs/heads/main'],
    pass: ['git push --force-with-lease', 'git filter-repo --analyze', 'git send-pack ../remote.git main', 'git branch -M main', 'git remote add origin ../x.git', "git -c remote.origin.push='refs/heads/main:refs/heads/main' push origin", 'git push origin main', 'git branch -d merged', 'git tag v1', 'git push -u origin main', 'git push --tags', 'git branch -m old new', 'git tag -a v1 -m rel', 'git fetch --prune', 'git log', 'git push origin HEAD'],
  },
  check: gitRule('history'),
};

/**
 * Block devices a write to which overwrites a disk: Linux's and macOS's /dev names, and Windows' raw devices
 * (`\\.\PhysicalDrive0`, `\\?\GLOBALROOT\Device\Harddisk0\Partition1`) as paths read them (`/` for `\`, lower case).
 */
const BLOCK_DEVICE = /^\/dev\/(sd[a-z]+\d*|hd[a-z]+\d*|vd[a-z]+\d*|xvd[a-z]+\d*|nvme\d+n\d+(p\d+)?|mmcblk\d+(p\d+|boot\d+|rpmb)?|mtd\d+|mtdblock\d+|md\d+|dm-\d+|mapper\/.+|disk\d+(s\d+)?|rdisk\d+|loop\d+|root|disk\/by-[a-z-]+\/.+)$|^\/{1,2}(?:[.?]\/)?(?:globalroot\/device\/)?(?:physicaldrive\d+|harddisk\d+\/?partition\d+|harddiskvolume\d+)$/;

export const destructiveDisk: Rule = {
  id: 'destructive.disk',
  kind: 'destructive',
  description: 'Overwrites a disk or a filesystem: mkfs, wipefs, dd or a redirection onto a block device, partitioning tools.',
  examples: {
    deny: ['mkfs.ext4 /dev/sda1', 'dd if=/dev/zero of=/dev/sda bs=1M', 'echo x > /dev/nvme0n1', 'wipefs -a /dev/sdb', 'shred -n 1 /dev/sda', 'mkfs -t ext4 /dev/sdb1', 'mkswap /dev/sdc2', 'fdisk /dev/sda', 'parted /dev/sda mklabel gpt', 'cat image.iso > /dev/sdb', 'blkdiscard /dev/nvme0n1', 'cryptsetup luksFormat /dev/sdb1', 'sudo dd if=ubuntu.iso of=/dev/mmcblk0 bs=4M', 'tee /dev/sda < x', 'dd if=/dev/zero of=/dev/disk/by-id/ata-Samsung_SSD', 'mkfs.ext4 /dev/disk/by-uuid/0a1b', 'dd if=fw.bin of=/dev/mtd0', 'cat u-boot.bin > /dev/mmcblk0boot0', { command: "[IO.File]::WriteAllBytes('\\\\.\\PhysicalDrive0', $b)", shell: 'powershell' }],
    pass: ['dd if=/dev/zero of=disk.img bs=1M count=1', 'echo x > /dev/null', 'lsblk', 'dd if=/dev/sda of=backup.img', 'cat /dev/sda | head -c 512 | xxd', 'fdisk -l', 'parted -l', 'mkfs.ext4 disk.img', 'blkid', 'df -h', 'wipefs /dev/sdb', 'sfdisk -d /dev/sda', 'cryptsetup status x', 'ls -l /dev/disk/by-id/', 'dd if=/dev/disk/by-id/x of=backup.img', 'readlink -f /dev/disk/by-uuid/0a1b', 'dd if=/dev/mtd0 of=fw-backup.bin', { command: "[IO.File]::WriteAllBytes('.\\PhysicalDrive0.img', $b)", shell: 'powershell' }],
  },
  check({ analysis, config }) {
    if (!on(config, 'disk')) return [];
    const findings: Finding[] = [];
    for (const inv of analysis.invocations) {
      for (const d of inv.destroys ?? []) if (d.what === 'disk') findings.push({ rule: 'destructive.disk', kind: 'destructive', message: d.why, span: d.span, segment: inv.segment });
    }
    for (const use of pathUses(analysis).uses) {
      // A /dev/disk/by-* link counts only where it is written: its name is read and printed far more often
      // (`readlink -f /dev/disk/by-uuid/$UUID`) than a bare /dev/sda is.
      const byLink = use.role === 'unknown' && /^\/dev\/disk\/by-/.test(use.path);
      if ((use.role === 'write' || use.role === 'delete' || use.role === 'delete-tree' || use.role === 'unknown') && !byLink && BLOCK_DEVICE.test(use.path) && !isReader(analysis, use.segment)) {
        findings.push({ rule: 'destructive.disk', kind: 'destructive', message: `${use.text} is a block device: writing it overwrites a disk`, span: use.span, segment: use.segment });
      }
    }
    return findings;
  },
};

export const destructiveData: Rule = {
  id: 'destructive.data',
  kind: 'destructive',
  description:
    'Destroys data no file and no git history holds: a database, schema or table dropped or truncated (`psql -c "DROP DATABASE …"`, `dropdb`, `redis-cli FLUSHALL`), infrastructure destroyed (`terraform destroy`, `pulumi destroy`), a cluster namespace or volume deleted (`kubectl delete namespace`), container volumes removed or pruned.',
  examples: {
    deny: ['psql -c "DROP DATABASE prod"', "mysql -e 'TRUNCATE TABLE users'", 'dropdb app', 'redis-cli FLUSHALL', 'terraform destroy -auto-approve', 'terraform apply -destroy', 'pulumi destroy --yes', 'kubectl delete namespace prod', 'kubectl delete pvc --all', 'docker volume prune -f', 'docker system prune -af --volumes', 'docker system prune -af --volumes=true', 'terraform plan -destroy -out=p && terraform apply p', 'tofu plan -destroy -out p; tofu apply -auto-approve p'],
    pass: ["psql -c 'select 1'", "mysql -e 'DROP TEMPORARY TABLE IF EXISTS t'", 'createdb app', 'redis-cli GET k', 'terraform plan', 'terraform apply', 'kubectl delete pod web-1', 'docker system prune -f', 'docker volume ls', 'psql -c "DELETE FROM sessions WHERE expired"'],
  },
  check({ analysis, config }) {
    if (!on(config, 'data')) return [];
    const findings: Finding[] = [];
    for (const inv of analysis.invocations) {
      for (const d of inv.destroys ?? []) if (d.what === 'data') findings.push({ rule: 'destructive.data', kind: 'destructive', message: d.why, span: d.span, segment: inv.segment });
    }
    findings.push(...savedDestroyPlans(analysis));
    return findings;
  },
};

/**
 * `terraform plan -destroy -out=P` then `terraform apply P` on the same line: applying the saved plan destroys what
 * the state manages, though the apply's own words do not say so.
 */
function savedDestroyPlans(analysis: Analysis): Finding[] {
  const iac = (inv: Invocation) => /^(terraform|tofu|terragrunt)$/.test(programName(inv));
  const words = (inv: Invocation) => inv.args.map((w) => (w.values?.length === 1 ? w.values[0]! : w.text));
  const plans = new Set<string>();
  for (const inv of analysis.invocations) {
    if (!iac(inv)) continue;
    const ws = words(inv);
    if (!ws.includes('plan') || !ws.some((w) => /^--?destroy(=(true|t|1))?$/i.test(w))) continue;
    for (let i = 0; i < ws.length; i++) {
      const m = /^--?out(?:=(.*))?$/.exec(ws[i]!);
      if (m) plans.add(resolvePath(m[1] ?? ws[i + 1] ?? '', { cwd: inv.cwd, home: analysis.home, dialect: inv.dialect }));
    }
  }
  if (plans.size === 0) return [];
  const out: Finding[] = [];
  for (const inv of analysis.invocations) {
    if (!iac(inv)) continue;
    const ws = words(inv);
    const at = ws.indexOf('apply');
    if (at < 0) continue;
    ws.forEach((w, i) => {
      if (i > at && !w.startsWith('-') && plans.has(resolvePath(w, { cwd: inv.cwd, home: analysis.home, dialect: inv.dialect }))) {
        out.push({ rule: 'destructive.data', kind: 'destructive', message: `${programName(inv)} apply ${w} applies a plan the line made with -destroy: it tears down the infrastructure it manages`, span: inv.args[i]!.span, segment: inv.segment });
      }
    });
  }
  return out;
}

/** A segment whose only device use is a read redirection or a reader's operand (`cat /dev/sda`, `< /dev/sda`). */
function isReader(analysis: Analysis, segment: number): boolean {
  const seg = analysis.segments[segment]!;
  return seg.redirects.length > 0 && seg.redirects.every((r) => r.op === '<') && seg.words.length === 0;
}

/** The rules of the family, in order; `destructive.unresolved` is reported by `destructive.delete`. */
export const DESTRUCTIVE_RULES: readonly Rule[] = [destructiveDelete, destructiveUnresolved, destructiveGitDiscard, destructiveGitHistory, destructiveDisk, destructiveData];

