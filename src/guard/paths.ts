// Path arguments of file and reader tools: their readings on the host, and the policy's lists matched against them.
import { compile, matcherFor, NO_BASENAMES } from '../rules/compiled.js';
import { GIT_HOOK_FILES } from '../rules/git-dir.js';
import { normalizeHostPath, type PathReading } from '../rules/normalize.js';
import { type Anchor, componentCouldBe, DYN, globRegex, hasMarkers, ONE, type PathMatcher, STAR } from '../rules/paths.js';
import { type GuardPolicy, ruleConfigOf } from './policy.js';

export type { PathReading } from '../rules/normalize.js';

/**
 * What an agent runs as a hook or reads as its settings: a script for a shell or an interpreter, a Windows command,
 * JSON, TOML or YAML (these extensions, lower case). A directory of hooks (`/.claude/hooks/`) holds files of any
 * name, and a sweep narrowed by name reaches one of them when its name test could let such a file through.
 */
const HOOK_EXTENSIONS = ['sh', 'bash', 'zsh', 'fish', 'ksh', 'csh', 'tcsh', 'dash', 'py', 'pyw', 'js', 'mjs', 'cjs', 'jsx', 'ts', 'mts', 'cts', 'tsx', 'rb', 'pl', 'pm', 'lua', 'ps1', 'psm1', 'psd1', 'cmd', 'bat', 'exe', 'json', 'jsonc', 'json5', 'toml', 'yaml', 'yml'].map((e) => `.${e}`);

/**
 * Whether a name test (find's `-name`, a lister's glob; lower case) could let a hook or a setting through: the end it
 * spells after its last wildcard could end a name with one of HOOK_EXTENSIONS (`*.sh`, `new*.sh`, `*s`, `hook.py`),
 * or it spells no end of its own (`*`, `guard*`, `m?`). Left out: another extension or end (`*.go`, `*.mp3`, `*~`,
 * `*.pyc`) and a bare name with none (`core`, `node_modules`). A hook in a compiled language runs as its binary;
 * the one a sweep could still take by its bare name (`find . -name guard -delete` where `.claude/hooks/guard` is a
 * script with no extension) stays beyond reach, since no static reading tells that name from `find . -name core
 * -delete`.
 */
function mayNameHook(name: string): boolean {
  return someSpelling(name, (n) => {
    const wild = Math.max(n.lastIndexOf('*'), n.lastIndexOf('?'));
    const end = n.slice(wild + 1).replace(/\\(.)/g, '$1');
    if (end === '') return wild >= 0;
    return HOOK_EXTENSIONS.some((e) => end.endsWith(e) || (wild >= 0 && e.endsWith(end)));
  });
}

/** Whether a name test (lower case) may match a hook git runs, or the sample that becomes one. */
function mayNameGitHook(name: string): boolean {
  return someSpelling(name, (n) => {
    const g = globRegex(n);
    return GIT_HOOK_FILES.some((f) => g.test(f));
  });
}

/** Whether `test` holds for a spelling of a name test (its classes and braces expanded); see classSpellings. */
function someSpelling(name: string, test: (spelling: string) => boolean): boolean {
  const spellings = classSpellings(name);
  return spellings === null || spellings.some((n) => expandBraces(n).some(test));
}

/** A bracket class of a few plain characters or ranges, not negated (`[ch]`, `[jt]`, `[0-9]`); see classSpellings. */
const SMALL_CLASS = /\[(?![!^\]])((?:[a-z0-9_.-](?:-[a-z0-9])?)+)\]/;

/**
 * A name test's spellings with each bracket class written out as its characters (`*.[ch]` is `*.c` and `*.h`), so
 * that a sweep over C sources is not taken for one that may reach a hook. Null when a class is more than a few
 * characters (`[a-z]`), negated (`[!.]`), or written in a way not read here: it may then match anything.
 */
export function classSpellings(name: string, limit = 32): string[] | null {
  if (!name.includes('[')) return [name];
  let out = [name];
  for (;;) {
    const next: string[] = [];
    let expanded = false;
    for (const n of out) {
      const m = SMALL_CLASS.exec(n);
      if (m === null) {
        if (n.includes('[')) return null;
        next.push(n);
        continue;
      }
      expanded = true;
      const chars = new Set<string>();
      for (const r of m[1]!.match(/.(?:-.)?/g) ?? []) {
        const from = r.charCodeAt(0);
        const to = r.length === 3 ? r.charCodeAt(2) : from;
        if (to < from || to - from > 9) return null;
        for (let c = from; c <= to; c++) chars.add(String.fromCharCode(c));
      }
      if (chars.size > 10) return null;
      for (const c of chars) next.push(n.slice(0, m.index) + c + n.slice(m.index + m[0].length));
    }
    if (next.length > limit) return null;
    if (!expanded) return next;
    out = next;
  }
}

/** A directory and the call's directory in the rules' form, as setupBeneath and hooksBeneath read them. */
function dirForm(dir: string): string {
  return dir.toLowerCase().replace(/\/+$/, '') || '/';
}
function cwdForm(cwd: string | null): string | undefined {
  return cwd?.toLowerCase().replace(/\\/g, '/').replace(/\/+$/, '');
}

/** Whether a directory lies inside a dot directory (a walk from it that leaves dot directories out still enters it). */
const IN_DOT_DIRECTORY = /(?:^|\/)\./;

/** Whether a tree at `d` may hold what lies beneath a home or the call's directory (both in the rules' form). */
function reachesSetup(d: string, home: string, c: string | undefined): boolean {
  const user = homeParts(d, home);
  // `/` is above homes, so past `user` `d` is never the root.
  return user === 'above' || (user !== null && user.rest === '') || c === undefined || d === c || c.startsWith(`${d}/`);
}

/** The readings of a tool's path argument (`~` is `home`, relative is from `cwd`), or why it is refused. */
export function readingsOf(path: string, cwd: string, home: string): PathReading[] | string {
  const n = normalizeHostPath(path, { cwd, home });
  return 'refused' in n ? n.refused : n.readings;
}

/** True when `parent` is `child` or one of its ancestors (both in the rules' form, which has no case). */
export function isWithin(child: string, parent: string): boolean {
  const p = parent.replace(/\/+$/, '');
  return child === p || child.startsWith(`${p}/`) || p === '';
}

/** What a path matched: the policy key, and the entry in it. */
export interface ListHit {
  list: string;
  entry: string;
}

/** A policy's path lists, compiled once per guard. Paths given are readings (`readingsOf`) and may hold globs. */
export interface PathMatchers {
  secret(path: string, glob?: GlobSyntax): ListHit | null;
  /** A search's file filter (ripgrep glob: `*.pem`, `*.{pem,key}`, `[.]env`) aimed at secret basenames. */
  secretFilter(glob: string): ListHit | null;
  protectedWrite(path: string, glob?: GlobSyntax): ListHit | null;
  /**
   * `anchor`: the home and the call's directory, for `~/…` entries (a project's `dotfiles/.bashrc` is no start-up file).
   * `surely` false: a write the line may make only (a program that says nothing of its words), which the programs'
   * directories do not count.
   */
  persistence(path: string, glob?: GlobSyntax, anchor?: Anchor, surely?: boolean): ListHit | null;
  /** `dotglob`: the shell's globs match dot names too (`shopt -s dotglob`, GLOBIGNORE set). */
  selfProtected(path: string, glob?: GlobSyntax, anchor?: Anchor, dotglob?: boolean): ListHit | null;
  /**
   * A directory that holds the guard's setup (`~/.claude`, `.github`, `~/.pi/agent`): removing, moving or changing
   * it takes the setup with it. Entries naming vouch's package are left out: without it the hook cannot start, and
   * the setups vouch writes fail closed.
   */
  selfProtectedHolder(path: string, dotglob?: boolean): ListHit | null;
  /**
   * A setup file that lies directly in `dir` (`/.claude/settings.json` in `~/.claude`): a file copied there under a
   * name the line does not spell may replace it. A directory entry (`/.config/opencode/`) is not one: a file is not
   * copied over a directory.
   */
  selfProtectedChild(dir: string): ListHit | null;
  /**
   * A setup entry whose last components a path at the root could be (`/settings.json`, `/hooks/x.sh`,
   * `/extensions/vouch.ts`): a relative path under a directory no static reading knows is anchored at `/`
   * (`cd "$X" && echo {} > settings.json`, `find -execdir`), and that directory may be `.claude`. A directory
   * entry's tail must name a directory of it and a file below (`/hooks/x.sh`; not `/x.sh`, `/build/x.js`).
   */
  selfProtectedTail(path: string, dotglob?: boolean): ListHit | null;
  /**
   * A path with a part computed when the command runs (`~/.claude/$X`, `$X/settings.json`): a value may hold slashes,
   * so what follows the last computed part may be the tail of an entry, and where the path ends in one, the directory
   * before it may hold the setup (`.claude`, `.config`). A path computed whole (`> "$OUT"`) is not read here: it may
   * be anything, and no line that writes one could pass.
   */
  selfProtectedComputed(path: string, dotglob?: boolean): ListHit | null;
  /**
   * A setup entry that may lie beneath `dir`, where a line changes files it does not name (`rm -r`, `find -exec`):
   * every agent's user setup beneath a home or above homes, a project's (`.claude/settings.json`, `.mcp.json`)
   * beneath the call's directory or above it. `names`: only files matching these globs are changed, so an entry
   * counts only when one of its components matches one.
   */
  setupBeneath(dir: string, home: string, cwd: string | null, names?: readonly string[], visible?: boolean): ListHit | null;
  /**
   * A directory of hooks a program runs by name (git's `.git/hooks/`, husky's `.husky/`) that may lie beneath `dir`,
   * where a line changes files it does not name, as for setupBeneath: a name test reaches it when it may match a
   * hook's name or its sample's (`*.sample`, `pre-*`, `*`), whatever it turns that file into (`mv "$1" "${1%.sample}"`).
   */
  hooksBeneath(dir: string, home: string, cwd: string | null, names?: readonly string[], visible?: boolean): ListHit | null;
  /** A directory a recursive search would read a credential location beneath, and that location. */
  searchReaches(dir: string, home: string): string | null;
  /** Whether `dir` is a home, or a directory homes lie beneath (`/home`, `/`): every user setup lies below it. */
  holdsHomes(dir: string, home: string): boolean;
}

/** How a glob in a path is written: the path tools' (`**`, braces, classes) or none. */
export type GlobSyntax = 'none' | 'path';

// The process environment is as much a credential as a key file.
const ENVIRON = /^\/proc\/(?:self|thread-self|\d+)(?:\/task\/\d+)?\/environ$/i;

/** The first brace group from `from` on: where it opens and closes, and its alternatives; null when none closes. */
function braceGroup(glob: string, from = 0): { open: number; close: number; alternatives: string[] } | null {
  const open = glob.indexOf('{', from);
  if (open < 0) return null;
  let depth = 0;
  const commas: number[] = [];
  let close = -1;
  for (let i = open; i < glob.length; i++) {
    const c = glob[i];
    if (c === '\\') i++;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) {
      close = i;
      break;
    } else if (c === ',' && depth === 1) commas.push(i);
  }
  if (close < 0) return null;
  const cuts = [open, ...commas, close];
  return { open, close, alternatives: cuts.slice(0, -1).map((c, k) => glob.slice(c + 1, cuts[k + 1])) };
}

/** Every brace group read as `*` (innermost first). */
function bracesAsStar(glob: string): string {
  let wild = glob;
  for (let before = ''; before !== wild; ) {
    before = wild;
    wild = wild.replace(/\{[^{}]*\}/g, '*');
  }
  return wild;
}

/**
 * Expands `{a,b}` alternations (ripgrep, glob libraries), bounded. Past the bound, each alternative of each group
 * comes once, with the other groups read as `*`: as many globs as there are alternatives, and every one still seen
 * (`*.{a1,…,a70,pem}` holds `*.pem`).
 */
export function expandBraces(glob: string, limit = 64): string[] {
  const out = expandWithin(glob, limit);
  if (out.length < limit) return out;
  const each: string[] = [];
  for (let g = braceGroup(glob); g !== null; g = braceGroup(glob, g.close + 1)) {
    const before = bracesAsStar(glob.slice(0, g.open));
    const after = bracesAsStar(glob.slice(g.close + 1));
    for (const alt of g.alternatives) each.push(before + bracesAsStar(alt) + after);
  }
  return each;
}

function expandWithin(glob: string, limit: number): string[] {
  const g = braceGroup(glob);
  if (g === null) return [glob];
  const out: string[] = [];
  for (const alt of g.alternatives) {
    for (const e of expandWithin(glob.slice(0, g.open) + alt + glob.slice(g.close + 1), limit)) {
      if (out.length >= limit) return out;
      out.push(e);
    }
  }
  return out;
}

/**
 * A path or glob in the rules' marked form: lower case, `*` and `**` as STAR, `?` and `[…]` as ONE (a class of one
 * character, `[.]`, as that character), so globs and literals meet the same matcher.
 */
function marked(path: string, glob: GlobSyntax): string {
  const lower = path.toLowerCase();
  if (glob === 'none') return lower;
  return lower
    .replace(/\[(?:\\(.)|([^\]\\!^]))\]/g, (_, esc: string | undefined, one: string | undefined) => esc ?? one ?? '')
    .replace(/\[[^\]]*\]|\?/g, ONE)
    .replace(/\*+/g, STAR);
}

function matchAny(matcher: PathMatcher, path: string, glob: GlobSyntax, anchor?: Anchor, spelled = true, dotglob = false): ListHit | null {
  for (const p of glob === 'none' ? [path] : expandBraces(path)) {
    const hit = matcher.matchPattern(marked(p, glob), glob !== 'none' || dotglob, true, undefined, anchor, spelled);
    if (hit) return hit;
  }
  return null;
}

/**
 * Home directories by where they live: the user's, `/root`, `/var/root`, `/home/*`, `/Users/*`, macOS's
 * `/System/Volumes/Data/Users/*`, a Windows drive's `Users/*`. Returns the home holding `dir` (or that `dir` is an
 * ancestor of homes), lower-cased.
 */
function homeParts(dir: string, home: string): { home: string; rest: string } | 'above' | null {
  const d = dir.toLowerCase().replace(/\/+$/, '') || '/';
  const h = home.toLowerCase().replace(/\\/g, '/').replace(/\/+$/, '');
  if (h.startsWith(`${d}/`) || d === '/') return 'above';
  if (d === h || d.startsWith(`${h}/`)) return { home: h, rest: d.slice(h.length) };
  // WSL mounts a Windows drive at `/mnt/<letter>`: its `Users/<name>` are homes too.
  // A drive path comes in the rules' form, led by `/` (`/c:/users/u`).
  const m = /^((?:\/?[a-z]:|\/mnt\/[a-z])?(?:\/system\/volumes\/data)?)(\/(?:home|users)(?:\/([^/]+))?|\/root|\/var\/root)(\/.*)?$/.exec(d);
  if (m) {
    const base = `${m[1]}${m[2]}`;
    const isHomesDir = /\/(?:home|users)$/.test(m[2]!);
    if (isHomesDir && m[4] === undefined) return 'above';
    return { home: base, rest: m[4] ?? '' };
  }
  // Ancestors of where homes live: `/System`, `/System/Volumes`, `/var`, a drive's root.
  if (/^(?:\/?[a-z]:)?(?:\/system(?:\/volumes(?:\/data)?)?|\/var)?$/.test(d) || /^\/mnt(?:\/[a-z])?$/.test(d)) return 'above';
  return null;
}

/**
 * Credential locations outside homes, which a search over them (or over a directory above them) reads: sshd's host
 * keys, the password hashes, TLS private keys, container and orchestrator secrets, other users' runtime logins
 * (`/run/user/<uid>/containers/auth.json`), every process's environment.
 */
const SYSTEM_SECRETS = [
  '/etc/ssh',
  '/etc/shadow',
  '/etc/gshadow',
  '/etc/master.passwd',
  '/etc/ssl/private',
  '/etc/pki/tls/private',
  '/etc/letsencrypt',
  '/run/secrets',
  '/var/run/secrets',
  '/run/user',
  '/proc',
];

/** Matchers by the lists they read, by identity (a policy's lists are frozen and shared): one per policy, not per guard. */
const compiledFor = new WeakMap<readonly string[], { lists: readonly (readonly string[])[]; matchers: PathMatchers }[]>();

export function compilePathMatchers(policy: GuardPolicy): PathMatchers {
  const lists = [
    policy.secretPathFragments,
    policy.secretBasenamePatterns,
    policy.protectedWriteFragments,
    policy.persistenceWriteDirectories,
    policy.persistenceWriteBasenames,
    policy.programWriteDirectories,
    policy.selfProtectedPaths,
    policy.deniedNetworkBinaries,
  ];
  const known = compiledFor.get(lists[0]!) ?? [];
  const hit = known.find((k) => k.lists.every((l, i) => l === lists[i]));
  if (hit) return hit.matchers;
  const matchers = compileLists(policy);
  if (known.length >= 8) known.shift();
  known.push({ lists, matchers });
  compiledFor.set(lists[0]!, known);
  return matchers;
}

function compileLists(policy: GuardPolicy): PathMatchers {
  // The same matchers the rules use on shell words, so a file tool and `cat` meet one boundary.
  const compiled = compile(ruleConfigOf(policy));
  const self = matcherFor(policy.selfProtectedPaths, NO_BASENAMES, 'selfProtectedPaths', 'selfProtectedPaths');
  // Each hidden directory leading an entry (`/.claude` of `/.claude/settings.json`, `/.pi` and `/.pi/agent` of
  // `/.pi/agent/extensions/`), with its entry.
  const holders: [string, string][] = [];
  for (const entry of policy.selfProtectedPaths) {
    const parts = entry.toLowerCase().replace(/\\/g, '/').split('/').filter((c) => c !== '');
    if (!parts[0]?.startsWith('.') || parts.includes('node_modules')) continue;
    for (let i = 1; i < parts.length; i++) holders.push([`/${parts.slice(0, i).join('/')}`, entry]);
  }
  // Each entry's components, for selfProtectedTail.
  const tails: [string[], string][] = policy.selfProtectedPaths.map((entry): [string[], string] => [entry.toLowerCase().replace(/\\/g, '/').split('/').filter((c) => c !== ''), entry]).filter(([parts]) => parts.length > 0);
  const secretDirs = policy.secretPathFragments.map((f) => f.toLowerCase().replace(/\\/g, '/').replace(/^\/+|\/+$/g, '')).filter((f) => f !== '');
  return {
    secret: (path, glob = 'none') => (ENVIRON.test(path) ? { list: 'secretPathFragments', entry: '/proc/*/environ' } : matchAny(compiled.secrets, path, glob)),
    secretFilter: (glob) => {
      // A filter starting with `!` excludes files: it selects nothing.
      if (glob.startsWith('!')) return null;
      // `\` separates a path on Windows and escapes a character elsewhere (`[\.]env`, `\.env`): both readings count.
      const bases = [glob.replace(/\\/g, '/').replace(/^.*\//, ''), glob.replace(/^.*\//, '').replace(/\\(.)/g, '$1')];
      for (const base of bases) {
        for (const b of expandBraces(base)) {
          const hit = compiled.secrets.matchPattern(`/${marked(b, 'path')}`, true);
          if (hit) return hit;
        }
      }
      // A filter with directories (`.ssh/*`, `**/.aws/*`) selects the files of any such directory beneath the search.
      if (/[\\/]/.test(glob)) {
        for (const full of expandBraces(glob.replace(/\\/g, '/'))) {
          const hit = compiled.secrets.matchPattern(`/${marked(full.replace(/^\/+/, ''), 'path')}`, true);
          if (hit) return hit;
        }
      }
      return null;
    },
    protectedWrite: (path, glob = 'none') => matchAny(compiled.protectedWrites, path, glob),
    // A file tool's write is one it surely makes: the programs' directories count as the start-up files do, where a
    // system may be (a project's `bin/` is not `/bin/`).
    persistence: (path, glob = 'none', anchor, surely = true) => matchAny(compiled.persistence, path, glob, anchor) ?? (surely ? matchAny(compiled.programs, path, glob, anchor && { ...anchor, roots: true }) : null),
    // Any glob that may expand to a setup entry meets it (`sed -i … .c*/settings.json`): see PathMatcher's `spelled`.
    selfProtected: (path, glob = 'none', anchor, dotglob = false) => matchAny(self, path, glob, anchor, false, dotglob),
    selfProtectedHolder: (path, dotglob = false) => {
      const p = path.toLowerCase().replace(/\/+$/, '');
      // A glob may expand to the holder (`rm -rf .c*`, `mv .* /tmp`): its last components could each be the holder's.
      const hit = hasMarkers(p)
        ? holders.find(([dir]) => {
            const parts = dir.split('/').filter((c) => c !== '');
            return parts.every((part, k) => componentCouldBe(p, k - parts.length, part, 0, dotglob));
          })
        : holders.find(([dir]) => p.endsWith(dir));
      return hit ? { list: 'selfProtectedPaths', entry: hit[1] } : null;
    },
    selfProtectedChild: (dir) => {
      const d = dir.toLowerCase().replace(/\/+$/, '');
      const entry = policy.selfProtectedPaths.find((e) => {
        const f = e.toLowerCase().replace(/\\/g, '/');
        if (f.endsWith('/')) return false;
        const parent = f.slice(0, f.lastIndexOf('/'));
        return parent !== '' && (d === parent || d.endsWith(parent));
      });
      return entry === undefined ? null : { list: 'selfProtectedPaths', entry };
    },
    selfProtectedTail: (path, dotglob = false) => {
      const comps = path.toLowerCase().split('/');
      if (comps[0] !== '' || comps.length < 2) return null;
      const m = comps.length - 1;
      // A component with wildcards could be the entry's when it spells a character of its own (`*.json`; not `*`).
      const could = (k: number, literal: string) => componentCouldBe(path.toLowerCase(), k, literal, 1, dotglob);
      for (const [parts, entry] of tails) {
        const n = parts.length;
        if (!entry.endsWith('/')) {
          if (m <= n && parts.slice(n - m).every((part, k) => could(k, part))) return { list: 'selfProtectedPaths', entry };
          continue;
        }
        // The first `i` components are the entry's last directories, the rest lie below them.
        for (let i = 1; i < m && i <= n; i++) if (parts.slice(n - i).every((part, k) => could(k, part))) return { list: 'selfProtectedPaths', entry };
      }
      return null;
    },
    selfProtectedComputed(path, dotglob = false) {
      const comps = path.split('/');
      let last = -1;
      for (let k = comps.length - 1; k >= 0 && last < 0; k--) if (comps[k]!.includes(DYN)) last = k;
      if (last < 0) return null;
      if (last < comps.length - 1) return this.selfProtectedTail(`/${comps.slice(last + 1).join('/')}`, dotglob);
      const dir = comps.slice(0, last).join('/');
      if (dir.includes(DYN) || dir === '') return null;
      // A name begun on the line and ended by the run (`~/.claude$n`) may go on past a `/`: it may be a protected
      // directory the file then lies in (`~/.claude/settings.json`).
      const comp = comps[last]!;
      const begun = comp.indexOf(DYN) > 0 && !comp.includes(STAR) && !comp.includes(ONE);
      return this.selfProtectedHolder(dir, dotglob) ?? (begun ? this.selfProtectedHolder(path, dotglob) : null);
    },
    setupBeneath: (dir, home, cwd, names, visible = false) => {
      const d = dirForm(dir);
      const c = cwdForm(cwd);
      if (!reachesSetup(d, home, c)) return null;
      const user = homeParts(d, home);
      // A name glob's small bracket classes are written out (classSpellings); one with another class may match anything.
      const globs = names?.flatMap((n) => classSpellings(n.toLowerCase())?.map(globRegex) ?? [/^/]);
      // The directories between the tree and a setup count too: a home or the project matched by name is moved or
      // removed whole with everything in it (`find /home -name dev -exec mv {} /tmp/x \;`).
      const h = home.toLowerCase().replace(/\/+$/, '');
      const between = [h, c].flatMap((p) => (p?.startsWith(d === '/' ? '/' : `${d}/`) ? p.slice(d === '/' ? 1 : d.length + 1).split('/') : []));
      const matches = (part: string) => globs!.some((g) => g.test(part));
      // As for holders, vouch's package is left out: without it the hook cannot start (`find . -name node_modules -exec rm -rf {} +`).
      const entry = policy.selfProtectedPaths.find((e) => {
        const parts = e.toLowerCase().replace(/\\/g, '/').split('/').filter((part) => part !== '');
        if (parts.includes('node_modules')) return false;
        // A walk that enters no dot directory below the tree (`find . -not -path '*\/.*'`) reaches no entry
        // beneath one, unless the tree already lies inside a dot directory.
        if (visible && parts.some((part) => part.startsWith('.')) && !IN_DOT_DIRECTORY.test(d)) return false;
        // An agent's directory entry (`/.claude/hooks/`) holds files of any name: a name filter reaches them when it
        // may let a hook or a setting through (`-name '*.sh'`; see HOOK_EXTENSIONS). In a home or a project such a
        // directory is a dot directory; another (`/etc/codex/`) lies beneath a tree only from above the homes.
        const holdsAny = e.endsWith('/') && (parts.some((part) => part.startsWith('.')) || user === 'above');
        return globs === undefined || between.some(matches) || parts.some(matches) || (holdsAny && names!.some((n) => mayNameHook(n.toLowerCase())));
      });
      return entry === undefined ? null : { list: 'selfProtectedPaths', entry };
    },
    hooksBeneath: (dir, home, cwd, names, visible = false) => {
      const d = dirForm(dir);
      if (!reachesSetup(d, home, cwdForm(cwd))) return null;
      // Both are dot directories: a walk that leaves them out (`-not -path '*/.*'`) reaches neither.
      if (visible && !IN_DOT_DIRECTORY.test(d)) return null;
      if (names !== undefined && !names.some((n) => mayNameGitHook(n.toLowerCase()))) return null;
      const entry = policy.persistenceWriteDirectories.find((e) => /^\/\.(?:git\/hooks|husky)\/$/i.test(e));
      return entry === undefined ? null : { list: 'persistenceWriteDirectories', entry };
    },
    holdsHomes: (dir, home) => {
      const where = homeParts(dir, home);
      return where === 'above' || (where !== null && where.rest === '');
    },
    searchReaches: (dir, home) => {
      const where = homeParts(dir, home);
      if (where === null) {
        const d = dir.toLowerCase().replace(/\/+$/, '');
        return SYSTEM_SECRETS.find((s) => s === d || s.startsWith(`${d}/`) || d.startsWith(`${s}/`)) ?? null;
      }
      if (where === 'above') return `the home directories beneath ${dir}`;
      const rest = where.rest.replace(/^\//, '');
      const reached = secretDirs.find((f) => rest === '' || f === rest || f.startsWith(`${rest}/`));
      return reached === undefined ? null : `${where.home}/${reached}`;
    },
  };
}
