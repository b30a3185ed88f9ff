// Paths as the shell would resolve them, and whether a path or a glob could name an entry of a policy list.
import { type Dialect, DYN, GAP, NAME, ONE, STAR } from '../types.js';
import { hfsName, isShortName, resolveProcAlias, stripDevicePrefix, win32Name } from './normalize.js';

// A path is kept as one lower-cased, absolute, `/`-separated string; its unknown parts are marked (STAR, ONE, DYN in
// types.ts, where a program entry that builds a path finds them too).
export { DYN, GAP, NAME, ONE, STAR };
const MARKERS = /[\u{e001}-\u{e005}]/u;
const MARKERS_ALL = /[\u{e001}-\u{e005}]/gu;

/** Where a path is read: the segment's directory (null = unknown), the home directory and the dialect. */
export interface PathContext {
  cwd: string | null;
  home: string;
  dialect: Dialect;
}

/** The directory a segment or invocation runs in, as a path with markers: a glob `cd` target keeps its wildcards. */
export function cwdOf(at: { cwd: string | null; cwdGlob?: boolean }): string | null {
  return at.cwdGlob && at.cwd !== null ? markGlob(at.cwd) : at.cwd;
}

export function hasMarkers(path: string): boolean {
  return MARKERS.test(path);
}

const DRIVE = /^[a-z]:/i;
/** A drive path written with `\` (`C:\x`, `C:x\y`, `C:/Users/dev\.ssh`): a Win32 path in any dialect. */
const DRIVE_WIN = /^[a-z]:.*\\/is;
const PS_PROVIDER = /^(?:microsoft\.powershell\.core\\)?filesystem::/i;
/** `\\?\C:\x`, `\\.\C:\x`, `//?/C:/x`, `\??\C:\x`: a device path to a drive, which Win32 opens as `C:\x`. */
const DEVICE_DRIVE = /^(?:[\\/]{2}[?.][\\/]|\\\?\?\\)[a-z]:/i;
/** `\\?\x`, `\\.\x`, `\??\x`: a Win32 device path of any kind (a volume's, a drive's, a UNC one). */
const DEVICE = /^(?:\\\\[?.]\\|\\\?\?\\)/;

/**
 * Resolves `raw` against the home and working directory: `~`, drive letters, `\` (PowerShell), `.`, `..` and
 * repeated slashes. A relative path under an unknown directory is anchored at `/`, so that `.ssh/id_rsa` is
 * read as `/.ssh/id_rsa` and still meets a fragment like `/.ssh/`. The result is lower-cased.
 */
export function resolvePath(raw: string, ctx: PathContext): string {
  return aliases(collapse(devFdParent(absolute(raw, ctx).toLowerCase())), ctx);
}

/**
 * `/dev/fd` is a link to `/proc/self/fd`, so `/dev/fd/..` is `/proc/self` (`/dev/fd/../environ`, `/dev/fd/../cwd`): the
 * kernel follows the link before the `..`, where a textual collapse would make it `/dev`.
 */
function devFdParent(p: string): string {
  return p.startsWith('/dev/') || p.startsWith('//') ? p.replace(/^\/+dev\/+fd\/+(?:\.\/+)*\.\.(?=\/|$)/, '/proc/self') : p;
}

/**
 * The path `resolvePath` reads, with its case kept and no alias resolved: what a host's `realpath` is asked about (a
 * lower-cased path names another file, or none, on a case-sensitive disk).
 */
export function exactPath(raw: string, ctx: PathContext): string {
  return collapse(absolute(raw, ctx));
}

function absolute(raw: string, ctx: PathContext): string {
  let p = ctx.dialect === 'powershell' ? raw.replace(PS_PROVIDER, '') : raw;
  // A Win32 device path to a drive opens that drive's file, in PowerShell, cmd.exe and bash on Windows alike.
  if (DEVICE_DRIVE.test(p)) p = stripDevicePrefix(p) ?? p;
  if (ctx.dialect === 'powershell') p = p.replace(/\\/g, '/');
  // bash on Windows (Git Bash, MSYS2, Cygwin) opens `C:\Users\dev\.ssh\id_rsa` and a device path to a volume
  // (`\\?\Volume{GUID}\Users\dev\.ssh\id_rsa`) as Win32 does: `\` separates there.
  // A computed head may be such a path too (`"$(cygpath -w ~)\.ssh\id_rsa"`).
  else if (DRIVE_WIN.test(p) || DEVICE.test(p) || (p.startsWith(DYN) && p.includes('\\'))) p = p.replace(/\\/g, '/');
  if (p === '~' || p.startsWith('~/')) p = ctx.home.replace(/\\/g, '/') + '/' + p.slice(1);
  else if (p.startsWith('~') && ctx.dialect === 'bash') p = '/home/' + p.slice(1);
  if (!isAbsolute(p)) {
    if (ctx.cwd === null) p = '/' + p;
    else p = (ctx.dialect === 'powershell' ? ctx.cwd.replace(/\\/g, '/') : ctx.cwd) + '/' + p;
  }
  return p;
}

// A name Win32 or HFS+ would open under another name (`.ssh.`, `x::$DATA`, `SSH~1`, `.ss\u200ch`), or a `/proc` alias: rare,
// so tested for first.
const MAY_ALIAS = /[. ](?:\/|$)|:|~[0-9]|^\/proc\/|^\/dev\/fd(?:\/|$)|[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/u;

/**
 * The path the shared normaliser (`normalize.ts`) reads: Win32's names (a named stream only in PowerShell or under
 * a drive, where `a:b` is no scp host or git revision) and `/proc` aliases resolved; one that leads where no static
 * reading knows stays as written, and is matched as written. An 8.3 short name (`SSH~1`, `CREDEN~1`) is any name:
 * Windows maps it to a long name no reading of the text knows (`.ssh`, `credentials`), in PowerShell, cmd.exe and
 * bash on Windows alike, so it is matched as every long name it may stand for (`win32Alias`).
 */
function aliases(path: string, ctx: PathContext): string {
  if (!MAY_ALIAS.test(path)) return path;
  const anyStream = ctx.dialect === 'powershell' || DRIVE.test(path.slice(1));
  let p = hfsName(path)
    .split('/')
    .map((c, i) => (c === '' || (i === 1 && /^[a-z]:$/.test(c)) ? c : hasMarkers(c) ? computedAlias(c, anyStream) : win32Alias(c, anyStream)))
    .join('/');
  if (p.startsWith('/proc/') || p.startsWith('/dev/fd')) p = resolveProcAlias(p, ctx.cwd === null ? null : ctx.cwd.toLowerCase()) ?? p;
  return p === path ? path : collapse(p);
}

/**
 * A component with a computed or glob part as Win32 opens it: a stream after a colon lives in the name before it
 * (`.netrc:$s`, `.bashrc::$DATA` in PowerShell, where `$DATA` is a variable, are `.netrc` and `.bashrc`).
 */
function computedAlias(component: string, anyStream: boolean): string {
  const colon = component.indexOf(':');
  return anyStream && colon > 0 ? win32Name(component.slice(0, colon), false) : component;
}

/**
 * One component as Win32 opens it: its long name, or for an 8.3 short name the long names it may stand for. Windows
 * makes `SSH~1` of `.ssh` and `STARTM~1` of `Start Menu`: the base with its dots and blanks dropped, cut to six
 * characters (the whole base when shorter), then the start of the last extension (`SETTIN~1.JSO` of `settings.json`,
 * `ENV~1.LOC` of `.env.local`). Past four names alike it keeps two characters and four hex digits of a hash
 * (`SE1A2B~1`): any name starting with those two.
 */
function win32Alias(component: string, anyStream: boolean): string {
  const name = win32Name(component, anyStream);
  if (!isShortName(name)) return name;
  const tilde = name.indexOf('~');
  const dot = name.indexOf('.', tilde);
  const hashed = /^..[0-9a-f]{4}$/.test(name.slice(0, tilde));
  const kept = hashed ? name.slice(0, 2) : name.slice(0, tilde);
  const base = `${[...kept].map((c) => `${GAP}${c}`).join('')}${hashed || kept.length === 6 ? NAME : GAP}`;
  return dot < 0 ? base : `${base}.${name.slice(dot + 1)}${NAME}`;
}

function isAbsolute(p: string): boolean {
  return p.startsWith('/') || DRIVE.test(p);
}

// Nothing to collapse: no empty, `.` or `..` component, no trailing separator.
const CANONICAL = /^\/(?!\/)(?:(?!\/\/|\/\.\.?(?:\/|$)).)*[^/]$/s;

function collapse(p: string): string {
  if (CANONICAL.test(p) && !p.startsWith('/./') && !p.startsWith('/../') && p !== '/.' && p !== '/..') return p;
  const out: string[] = [];
  for (const part of p.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      // `..` above a drive root stays at the root, as on Windows. A computed directory's parent is as unknown as it
      // (`$OneDrive/..` is the profile, `$D/..` may be any directory): it stays computed.
      if (out.length > 0 && !(out.length === 1 && DRIVE.test(out[0]!) && out[0]!.length === 2)) {
        if (out.pop()!.includes(DYN)) out.push(DYN);
      }
      continue;
    }
    out.push(part);
  }
  return '/' + out.join('/');
}

export function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export function components(path: string): string[] {
  return path.split('/').filter((c) => c !== '');
}

// ── glob intersection ────────────────────────────────────────────────────────────────────────────────

interface Tok {
  /** A literal character, or null for a wildcard. */
  c: string | null;
  /** The wildcard matches any run of characters (else exactly one). */
  many: boolean;
  /** The wildcard may match a leading dot. */
  dot: boolean;
  /** A runtime value rather than a glob the user wrote: it stands in for a policy wildcard, never for policy text. */
  dyn?: boolean;
  /** The wildcard matches only these characters (a short name's GAP: dots and blanks). */
  only?: string;
}

// No file name is longer than this (NAME_MAX), and no path than PATH_MAX: longer text names nothing.
const NAME_MAX = 255;
const PATH_MAX = 4096;

/**
 * Tokens of one component of a marked path (the side written by the user), runs of one wildcard merged; null when
 * the component needs more characters than any file name has.
 */
function pathTokens(component: string, dotglob: boolean): Tok[] | null {
  const toks: Tok[] = [];
  let fixed = 0;
  // A runtime value beside text of the line's own (`.a${x}s`, `.ss$k`, `id_$n`, `.$d`) is the rest of a name the line
  // spells: it may stand for the text it lacks, as a glob's star does. Alone (`$F`), or beside one character that is
  // no leading dot (`$d-$1`), it stands for no policy text.
  const spelt = staticChars(component) >= 2 || (component.startsWith('.') && component.length > 1);
  for (const ch of component) {
    const last = toks[toks.length - 1];
    if (ch === STAR) {
      if (!(last?.many && !last.dyn)) toks.push({ c: null, many: true, dot: dotglob });
    } else if (ch === DYN) {
      if (!last?.dyn) toks.push(spelt ? { c: null, many: true, dot: true } : { c: null, many: true, dot: true, dyn: true });
    } else if (ch === NAME) {
      toks.push({ c: null, many: true, dot: true });
    } else if (ch === GAP) {
      toks.push({ c: null, many: true, dot: true, only: '. ' });
    } else {
      if (++fixed > NAME_MAX) return null;
      toks.push(ch === ONE ? { c: null, many: false, dot: dotglob } : { c: ch, many: false, dot: false });
    }
  }
  return toks;
}

/** Tokens of a policy glob (`*.pem`, `.env.*`): its wildcards match anything, as policy patterns are not shell globs. */
export function policyTokens(pattern: string): Tok[] {
  const toks: Tok[] = [];
  for (const ch of pattern) {
    if (ch === '*') toks.push({ c: null, many: true, dot: true });
    else if (ch === '?') toks.push({ c: null, many: false, dot: true });
    else toks.push({ c: ch, many: false, dot: false });
  }
  return toks;
}

/**
 * True when some string is matched by both token lists (a product-automaton search, a few dozen states), with at
 * least `need` of b's literal characters met by literal characters of a — so that `fgh*` is not taken for `*.pem`.
 */
function intersects(a: Tok[], b: Tok[], need = 0): boolean {
  if (!edgesAgree(a, b)) return false;
  // Each literal met by a literal uses one of a's and one of b's: fewer than `need` on either side meet none.
  if (need > 0 && (literalCount(a) < need || literalCount(b) < need)) return false;
  // A name that starts with a dot is matched only by a pattern that starts with one (or by dotglob).
  const hidesDot = a[0] !== undefined && a[0].c === null && !a[0].dot;
  const width = b.length + 1;
  const cells = (a.length + 1) * width;
  const layer = cells * 2;
  const size = layer * (need + 1);
  // Most searches are small: they use one zeroed buffer, zeroed again after; a large one gets its own.
  const shared = size <= SEEN.length;
  const seen = shared ? SEEN : new Uint8Array(size);
  const stack = STACK;
  stack.length = 0;
  stack.push(0);
  try {
    while (stack.length > 0) {
      const state = stack.pop()!;
      if (seen[state] === 1) continue;
      seen[state] = 1;
      const count = Math.floor(state / layer);
      const rest = state % layer;
      const started = rest & 1;
      const i = Math.floor((rest >> 1) / width);
      const j = (rest >> 1) % width;
      if (i === a.length && j === b.length && count >= need) return true;
      // A next state is (min(count, need) * cells + i * width + j) * 2 + started.
      const base = Math.min(count, need) * cells;
      const ta = a[i];
      const tb = b[j];
      if (ta?.many) stack.push((base + (i + 1) * width + j) * 2 + started);
      if (tb?.many) stack.push((base + i * width + j + 1) * 2 + started);
      if (ta === undefined || tb === undefined) continue;
      let meet: boolean;
      if (ta.c !== null && tb.c !== null) meet = ta.c === tb.c;
      else if (ta.c === null && tb.c === null) meet = true;
      else if (ta.c === null) meet = !ta.dyn && !(tb.c === '.' && started === 0 && !ta.dot) && (ta.only === undefined || ta.only.includes(tb.c!));
      else meet = tb.only === undefined || tb.only.includes(ta.c);
      if (meet && started === 0 && hidesDot && (ta.c === '.' || tb.c === '.')) meet = false;
      if (meet) {
        const c = ta.c !== null && tb.c !== null ? count + 1 : count;
        stack.push((Math.min(c, need) * cells + (ta.many ? i : i + 1) * width + (tb.many ? j : j + 1)) * 2 + 1);
      }
    }
    return false;
  } finally {
    if (shared) seen.fill(0, 0, size);
  }
}

/** The search's visited states and its stack, kept between searches (a search starts no other). */
const SEEN = new Uint8Array(16384);
const STACK: number[] = [];

/** Where both lists start (and end) with literal characters, those must agree: a cheap test that settles most pairs. */
function edgesAgree(a: Tok[], b: Tok[]): boolean {
  for (let i = 0; i < a.length && i < b.length; i++) {
    const x = a[i]!.c;
    const y = b[i]!.c;
    if (x === null || y === null) break;
    if (x !== y) return false;
  }
  for (let i = a.length - 1, j = b.length - 1; i >= 0 && j >= 0; i--, j--) {
    const x = a[i]!.c;
    const y = b[j]!.c;
    if (x === null || y === null) break;
    if (x !== y) return false;
  }
  return true;
}

function literalCount(toks: Tok[]): number {
  let n = 0;
  for (const t of toks) if (t.c !== null) n++;
  return n;
}

/** A component holds characters of its own, not only a resolved-at-runtime value. */
function isAllDynamic(component: string): boolean {
  for (const ch of component) if (ch !== DYN) return false;
  return true;
}

function staticChars(component: string): number {
  let n = 0;
  for (const ch of component) if (!MARKERS.test(ch)) n++;
  return n;
}

// ── policy matchers ──────────────────────────────────────────────────────────────────────────────────

/**
 * A fragment of a policy list. Its tokens are compiled on first use: only a glob or a computed word asks for them, and
 * every hook call builds these. They are kept in fields of a class, so fragments keep one shape: an object literal
 * whose getter redefined itself as a value went to dictionary mode, and every later read of its fields was slow.
 */
class Fragment {
  /** Written `~/…`: a location in a home directory, not a name anywhere (see `anchoredAt`). */
  readonly home: boolean;
  /** Written from a system root (`/etc/…`, `/lib/…`, `/usr/…`): that place on a system, not a project's copy of it (see Anchor.roots). */
  readonly system: boolean;
  /**
   * A system root alone (`/bin/`, `/lib/`): that directory at the root, not any `…/bin/` outside the home and project
   * (a build's `/tmp/out/bin/`). Longer system entries (`/usr/bin/`) still count in a staging tree, as they did.
   */
  readonly rootOnly: boolean;
  /**
   * Written from `/run/` (`/run/secrets/`): the running system's own directory (its old name `/var/run/` links to
   * it), counted there only, not as a `run` directory anywhere (a project's `run/secrets/`, or a star below a home).
   */
  readonly runRooted: boolean;
  /** Lower-cased with a separator appended: `/.ssh/`, `/.npmrc/`. */
  readonly needle: string;
  /** Its components, and whether its first one may be the end of a longer name (no leading `/`). */
  readonly parts: string[];
  readonly open: boolean;
  private partTokens: Tok[][] | undefined = undefined;
  private lastTokens: Tok[] | undefined = undefined;

  /** `entry`: as written in the policy, for messages. */
  constructor(readonly entry: string) {
    const written = entry.toLowerCase().replace(/\\/g, '/');
    this.home = written.startsWith('~/');
    this.system = SYSTEM_ROOT.test(written);
    const lower = this.home ? written.slice(1) : written;
    this.needle = lower.endsWith('/') ? lower : lower + '/';
    this.parts = components(lower);
    this.rootOnly = this.system && this.parts.length === 1;
    this.runRooted = written.startsWith('/run/');
    this.open = !lower.startsWith('/');
  }

  /** Whether the fragment may begin below `dir` (lower case, `/`-separated, no trailing `/`): see runRooted. */
  beginsBelow(dir: string): boolean {
    return !this.runRooted || dir === '' || dir === '/var' || dir.includes(DYN);
  }

  /**
   * Whether the fragment may begin at component `i` of a pattern whose components are `comps` (the first read as
   * `first`): as beginsBelow, a glob there standing for the root's or /var's place.
   */
  mayBeginAt(comps: readonly string[], first: Tok[] | null | undefined, i: number): boolean {
    return !this.runRooted || i === 0 || (i === 1 && first != null && intersects(first, VAR_TOKENS, 0)) || comps.slice(0, i).some(isAllDynamic);
  }

  /** Each part as policy tokens (the first led by a wildcard when open). */
  get tokens(): Tok[][] {
    this.partTokens ??= this.parts.map((part, k) => (this.open && k === 0 ? [{ c: null, many: true, dot: true }, ...policyTokens(part)] : policyTokens(part)));
    return this.partTokens;
  }

  /** The last part alone as policy tokens (the file a `find -name` glob may name). */
  get nameTokens(): Tok[] {
    this.lastTokens ??= policyTokens(this.parts.at(-1)!);
    return this.lastTokens;
  }
}

/** A policy entry written from a system root directory: `/etc/cron.d/`, `/lib/systemd/system/`, `/usr/lib/systemd/`. */
export const SYSTEM_ROOT = /^\/(?:etc|usr|lib|lib32|lib64|libx32|var|bin|sbin|opt|boot|srv)\//;

/** `/var`'s one component as policy tokens: where a `/run/` entry may also begin (see Fragment.mayBeginAt). */
const VAR_TOKENS = policyTokens('var');

/** A basename pattern of a policy list; its regex and tokens compiled on first use, as a fragment's are. */
class BasenamePattern {
  readonly entry: string;
  /** The glob, lower-cased, without its `!`. */
  readonly pattern: string;
  readonly negated: boolean;
  private compiled: RegExp | undefined = undefined;
  private patternTokens: Tok[] | undefined = undefined;

  constructor(written: string) {
    this.negated = written.startsWith('!');
    this.entry = this.negated ? written.slice(1) : written;
    this.pattern = this.entry.toLowerCase();
  }

  /** The pattern as a regex (most names meet no pattern: `anyBasename` says so). */
  get regex(): RegExp {
    this.compiled ??= globRegex(this.pattern);
    return this.compiled;
  }

  /** The pattern as policy tokens. */
  get tokens(): Tok[] {
    this.patternTokens ??= policyTokens(this.pattern);
    return this.patternTokens;
  }
}

/**
 * Where a `~/…` entry is read from: the user's home and the segment's directory (null when unknown). Without an
 * anchor, such an entry matches anywhere, as a plain fragment does.
 */
export interface Anchor {
  home: string | null;
  cwd: string | null;
  /**
   * The path is one find prints below its roots (`find /home/www -type f`, see writes.ts): a bare `*` it walks into
   * right below another user's home (`/home/www/*`) is a file there like any other, not that home's dotfiles, which a
   * name test must spell (`-name '.b*'`). Below the user's own home, a directory that holds it (`/home`, `/`) or one
   * not known, it still reaches them.
   */
  walk?: boolean;
  /**
   * Entries written from a system root (`/lib/systemd/system/`) are anchored as `~/…` ones are: below the project or
   * a home (`vendor/lib/systemd/system/`, a package's staging tree) such a path is a file like any other.
   */
  roots?: boolean;
}

// Homes by where they live: `/root`, `/var/root`, `/home/x`, `/users/x`, `c:/users/x`, macOS's data volume.
const STD_HOME = /^(?:\/?[a-z]:)?(?:\/system\/volumes\/data)?(?:\/(?:home|users)\/[^/]+|\/root|\/var\/root)$/;
const UNDER_STD_HOME = /^(?:\/?[a-z]:)?(?:\/system\/volumes\/data)?(?:\/(?:home|users)\/[^/]+|\/root|\/var\/root)\/./;

/**
 * Whether a `~/…` entry found under directory `dir` names the real thing: yes in a home directory (the user's or
 * a usual one) and wherever the home cannot be ruled out (a computed part in the directory); no in a subdirectory of a home or of the project (the
 * segment's directory), where a file named like a dotfile is a project file (`dotfiles/.bashrc`, `docs/.profile`).
 */
export function anchoredAt(dir: string, anchor: Anchor): boolean {
  const d = dir === '' ? '/' : dir;
  // A computed part (`~/$D/.bashrc`, `$(echo ~)/.bashrc`) may be empty, `..` or a whole absolute path: a home cannot be ruled out.
  if (d.includes(DYN)) return true;
  const home = anchor.home?.toLowerCase().replace(/\\/g, '/').replace(/\/+$/, '');
  if (home !== undefined && d === home) return true;
  if (STD_HOME.test(d)) return true;
  if ((home !== undefined && home !== '' && d.startsWith(`${home}/`)) || UNDER_STD_HOME.test(d)) return false;
  const cwd = anchor.cwd?.toLowerCase().replace(/\\/g, '/').replace(/\/+$/, '');
  if (cwd && d.startsWith(`${cwd}/`)) return false;
  return true;
}

/** A fragment found below `dir` counts there: a home's or a system's entry where one may be, a root alone at the root. */
function placedAt(f: Fragment, dir: string, anchor: Anchor): boolean {
  if (f.rootOnly && anchor.roots) return dir === '' || dir === '/' || dir.includes(DYN);
  return anchoredAt(dir, anchor);
}

/** What a path matched: the policy list and the entry in it. */
export interface PolicyMatch {
  list: string;
  entry: string;
}

/**
 * Matches resolved paths against a policy's fragment list and basename-pattern list, compiled once.
 * `fragmentList` / `basenameList` are the policy keys named in messages.
 */
export class PathMatcher {
  private readonly fragments: Fragment[];
  private readonly basenames: BasenamePattern[];
  /** Every positive basename pattern in one regex: most names meet none, and one test says so. */
  private readonly anyBasename: RegExp;
  /** Every negated pattern in one regex, over a marked name (see `exemptSource`). */
  private readonly anyExempt: RegExp;
  /**
   * The fragments by the last component of their needle, built on first use: a needle ends at a separator, so where it
   * occurs its last component is one of the path's components whole (its first may be the end of a longer one). A path
   * looks up its own components and tests only the fragments found. One regex of every needle did this before, and
   * V8 took 3 to 13 ms to compile each on its first test: most of what a hook call paid for the policy's lists.
   */
  private byLastPart: Map<string, number[]> | undefined;
  /** Fragments whose needle is one open name (`foo/`, no leading separator): it may end any component, tested always. */
  private unindexed: number[] = [];
  /** What `fragmentsIn` answered, by the padded path: the home, the project and their files come back line after line. */
  private readonly fragmentCache = new Map<string, readonly number[]>();
  /**
   * What a component of a marked path is to this list, by its text and dotglob: its tokens, which fragments' first
   * parts agree with it at their edges (`edgesAgree`), and the basename pattern it meets. The same components come back
   * line after line (the home, the project, `*.txt`): worked out once each, not once per fragment per call.
   */
  private readonly componentCache = new Map<string, ComponentReading>();
  /** What `nameCouldMatch` answered, by the glob. */
  private readonly nameCache = new Map<string, PolicyMatch | undefined>();

  constructor(
    fragments: readonly string[],
    basenames: readonly string[],
    private readonly fragmentList: string,
    private readonly basenameList: string,
  ) {
    this.fragments = fragments.filter((f) => f.replace(/\//g, '') !== '').map((entry) => new Fragment(entry));
    this.basenames = basenames.filter((b) => b !== '' && b !== '!').map((entry) => new BasenamePattern(entry));
    const positive = this.basenames.filter((b) => !b.negated).map((b) => globSource(b.pattern));
    this.anyBasename = positive.length > 0 ? new RegExp(`^(?:${positive.join('|')})$`, 's') : /(?!)/;
    const negated = this.basenames.filter((b) => b.negated).map((b) => exemptSource(b.pattern));
    this.anyExempt = negated.length > 0 ? new RegExp(`^(?:${negated.join('|')})$`, 'su') : /(?!)/;
  }

  /**
   * A name an excluding pattern covers (`!*.pub`, `!known_hosts`) is public wherever it lies, a secret directory
   * included. A glob is covered only when every name it can expand to is (`*.pub`, not `*`).
   */
  private exempt(path: string): boolean {
    return this.anyExempt.test(basename(path));
  }

  /**
   * Whether a file named by a `find -name` glob could be a secret by its name: a basename pattern, or the file a
   * fragment ends in (`config` of `/.kube/config`). A directory fragment (`/.ssh/`) names no file, so `-name '*.png'`
   * under home finds pictures, not keys. Undefined when it could not; else the entry it could meet.
   */
  nameCouldMatch(nameGlob: string): PolicyMatch | undefined {
    if (this.nameCache.has(nameGlob)) return this.nameCache.get(nameGlob);
    const hit = this.nameCouldMatchNow(nameGlob);
    if (this.nameCache.size >= CACHE_MAX) this.nameCache.clear();
    this.nameCache.set(nameGlob, hit);
    return hit;
  }

  private nameCouldMatchNow(nameGlob: string): PolicyMatch | undefined {
    const toks = pathTokens(markGlob(nameGlob.toLowerCase()), true);
    if (toks === null) return undefined;
    // A glob that matches a secret's literal name outright finds it, however little it spells (`*`, `*.*`, `*.json`).
    if (/[*?]/.test(nameGlob)) {
      const re = new RegExp(`^${globSource(nameGlob.toLowerCase())}$`, 's');
      for (const b of this.basenames) if (!b.negated && !/[*?[]/.test(b.pattern) && re.test(b.pattern)) return { list: this.basenameList, entry: b.entry };
      for (const f of this.fragments) {
        const name = f.parts.at(-1);
        if (!f.entry.endsWith('/') && name !== undefined && !/[*?[]/.test(name) && re.test(name)) return { list: this.fragmentList, entry: f.entry };
      }
    }
    // As for any basename glob: it must spell half of a pattern's text (`*.log` is no `.env.*`).
    for (const b of this.basenames) if (!b.negated && intersects(toks, b.tokens, Math.ceil(literalCount(b.tokens) / 2))) return { list: this.basenameList, entry: b.entry };
    for (const f of this.fragments) {
      if (f.entry.endsWith('/')) continue;
      const name = f.nameTokens;
      if (intersects(toks, name, Math.ceil(literalCount(name) / 2))) return { list: this.fragmentList, entry: f.entry };
    }
    return undefined;
  }

  /** The indexes of the fragments a padded literal path may hold, in list order (the first listed is the one named). */
  private fragmentsIn(padded: string): readonly number[] {
    if (this.byLastPart === undefined) {
      const byLast = new Map<string, number[]>();
      this.fragments.forEach((f, i) => {
        const last = f.parts.at(-1);
        if (last === undefined || (f.open && f.parts.length === 1)) this.unindexed.push(i);
        else {
          const list = byLast.get(last);
          if (list) list.push(i);
          else byLast.set(last, [i]);
        }
      });
      this.byLastPart = byLast;
    }
    const known = this.fragmentCache.get(padded);
    if (known !== undefined) return known;
    const found = this.fragmentsAt(padded, this.byLastPart);
    if (this.fragmentCache.size >= CACHE_MAX) this.fragmentCache.clear();
    this.fragmentCache.set(padded, found);
    return found;
  }

  /** The fragments whose needle's last component is one of the padded path's components, and the unindexed ones. */
  private fragmentsAt(padded: string, byLastPart: Map<string, number[]>): readonly number[] {
    let found: number[] | undefined;
    let lists = 0;
    for (const part of padded.split('/')) {
      const list = byLastPart.get(part);
      if (list === undefined) continue;
      found = lists === 0 ? list : [...found!, ...list];
      lists++;
    }
    if (this.unindexed.length > 0) {
      found = found === undefined ? this.unindexed : [...found, ...this.unindexed];
      lists++;
    }
    if (found === undefined) return NO_FRAGMENTS;
    return lists > 1 ? [...new Set(found)].sort((a, b) => a - b) : found;
  }

  /** A resolved literal path (no markers): the fragment it holds, else the basename pattern it meets. */
  matchLiteral(path: string, checkBasename = true, anchor?: Anchor): PolicyMatch | null {
    if (this.exempt(path)) return null;
    const padded = path + '/';
    const candidates = this.fragmentsIn(padded);
    if (candidates.length > 0) {
      for (const i of candidates) {
        const f = this.fragments[i]!;
        let at = padded.indexOf(f.needle);
        while (at >= 0 && !f.beginsBelow(padded.slice(0, at))) at = padded.indexOf(f.needle, at + 1);
        if (at < 0) continue;
        if ((!f.home && !(f.system && anchor?.roots)) || anchor === undefined) return { list: this.fragmentList, entry: f.entry };
        for (; at >= 0; at = padded.indexOf(f.needle, at + 1)) if (placedAt(f, padded.slice(0, at), anchor)) return { list: this.fragmentList, entry: f.entry };
      }
    }
    if (!checkBasename) return null;
    const base = basename(path);
    if (base === '' || !this.anyBasename.test(base)) return null;
    let hit: BasenamePattern | null = null;
    for (const b of this.basenames) {
      if (!b.regex.test(base)) continue;
      if (b.negated) return null;
      hit ??= b;
    }
    return hit ? { list: this.basenameList, entry: hit.entry } : null;
  }

  /**
   * A path with glob or dynamic parts: could some path it expands to hold a fragment or meet a basename pattern?
   * A runtime value alone (`$F`) stands in for a policy wildcard, never for policy text (beside the line's own text,
   * `.a${x}s`, it is a star: see pathTokens); a basename glob needs two
   * characters of its own and half the pattern's text (`*.pem`, `id_*`, `.e*`), so `cat "$DIR/$F"`, `ls ~/*` and
   * `ls fgh*` pass while a dot-glob directory such as `~/.*` still reaches `.aws`. `spelled` false: any glob with a character of
   * its own that may expand to an entry's directory meets it (`.c?aude`, or `.` with a star, for `.claude/settings.json`), for a list so
   * short and so exact that no everyday glob meets it by chance (the guard's own setup); an entry of one name
   * (`opencode.json`) still wants half its text, or every `sed -i … *.json` would be refused.
   */
  matchPattern(path: string, dotglob: boolean, checkBasename = true, home?: string | null, anchor?: Anchor, spelled = true): PolicyMatch | null {
    if (!hasMarkers(path)) return this.matchLiteral(path, checkBasename, anchor);
    if (this.exempt(path)) return null;
    if (path.replace(MARKERS_ALL, '').length > PATH_MAX) return null;
    const comps = components(path);
    const homeComps = home === undefined || home === null ? home : components(home);
    const readings = comps.map((c) => this.component(c, dotglob));
    const toks = readings.map((r) => r.toks);
    // What each position says whatever the fragment: whether a home may end there, whether its component has text.
    const homeAt: (boolean | undefined)[] = [];
    const written = comps.map((c) => !isAllDynamic(c));
    // An 8.3 short name spells at most six characters of the name it stands for, all of which must agree.
    const shortCap = comps.map((c) => (c.includes(GAP) ? staticChars(c) : Number.POSITIVE_INFINITY));
    for (let fi = 0; fi < this.fragments.length; fi++) {
      const f = this.fragments[fi]!;
      const n = f.parts.length;
      for (let i = 0; i + n <= comps.length; i++) {
        // The search's own first test, before the threshold is worked out: most fragments fail it at most places.
        if (readings[i]!.first[fi] !== 1) continue;
        // (Held to the root, a `/run/` entry is met by any glob there: `/r*/secrets/x` is /run/secrets/x. A pattern
        // anchored nowhere, as find's `-path`, must still spell it.)
        if (!f.mayBeginAt(comps, toks[0], i)) continue;
        let ok = true;
        let anchored = false;
        // Secret directories live in a home directory: there a bare `.*` reaches them; elsewhere a glob needs their text.
        // A glob anchored nowhere (`find -name`) must spell all but one character of the name.
        const len = f.parts[0]!.length;
        homeAt[i] ??= homeLike(comps, i, homeComps) && !(anchor?.walk === true && comps[i] === STAR && otherHome(comps, i, anchor.home));
        // (An entry of one dot name, `.mcp.json`, is met by a last component that spells its dot, `.m*` or `.*`: no
        // everyday glob asks for dot names, and bash matches them only so.)
        const dotName = !spelled && n === 1 && i === comps.length - 1 && f.parts[0]!.startsWith('.') && comps[i]!.startsWith('.');
        const need = Math.min(homeAt[i] || (f.runRooted && home !== null) ? 0 : home === null ? len - 1 : dotName ? 1 : spelled || n === 1 ? Math.ceil(len / 2) : 1, shortCap[i]!);
        for (let k = 0; k < n && ok; k++) {
          const have = toks[i + k]!;
          ok = have !== null && intersects(have, f.tokens[k]!, k === 0 ? need : 0);
          if (written[i + k]) anchored = true;
        }
        // A `~/…` entry counts where a home may be, as for a literal path (`proj?ct/dotfiles/.bashrc` is a project file).
        if (ok && anchored && ((!f.home && !(f.system && anchor?.roots)) || anchor === undefined || placedAt(f, `/${comps.slice(0, i).join('/')}`, anchor))) return { list: this.fragmentList, entry: f.entry };
      }
    }
    if (!checkBasename || comps.length === 0) return null;
    const last = comps[comps.length - 1]!;
    // A name that starts with a dot is met only by a glob that spells the dot: a glob of the dot alone and wildcards
    // (`.*`, `.??*`, `.[!.]*`) asks for the dot names, a dot-named pattern's among them (`cat .*` prints a project's
    // `.env`), as `.e*` does. A glob that spells more (`.*ignore`) wants half the pattern's text as any other; so
    // does a name test anchored nowhere (`find -name '.*'` lists, prunes and excludes dot names everyday).
    const dotLed = home !== null && last.startsWith('.') && staticChars(last) === 1;
    if (staticChars(last) < 2 && !dotLed) return null;
    const reading = readings[readings.length - 1]!;
    if (!reading.toks) return null;
    if (reading.basename === undefined) {
      const lastToks = reading.toks;
      const b = this.basenames.find((b) => !b.negated && intersects(lastToks, b.tokens, Math.min(shortCap.at(-1)!, dotLed && b.tokens[0]?.c === '.' ? 1 : Math.ceil(literalCount(b.tokens) / 2))));
      reading.basename = b ? { list: this.basenameList, entry: b.entry } : null;
    }
    return reading.basename;
  }

  /** A component's reading (see `componentCache`). */
  private component(comp: string, dotglob: boolean): ComponentReading {
    const key = `${dotglob ? '1' : '0'}${comp}`;
    let r = this.componentCache.get(key);
    if (r === undefined) {
      const toks = pathTokens(comp, dotglob);
      const first = new Uint8Array(this.fragments.length);
      if (toks !== null) for (let k = 0; k < this.fragments.length; k++) if (edgesAgree(toks, this.fragments[k]!.tokens[0]!)) first[k] = 1;
      r = { toks, first, basename: undefined };
      if (this.componentCache.size >= CACHE_MAX) this.componentCache.clear();
      this.componentCache.set(key, r);
    }
    return r;
  }
}

/** How many readings a matcher keeps (see `componentCache`): a long-lived server forgets them all at once past it. */
const CACHE_MAX = 4096;
/** No fragment: the one answer most paths get, not a new empty list each. */
const NO_FRAGMENTS: readonly number[] = Object.freeze([]);

interface ComponentReading {
  toks: Tok[] | null;
  /** By fragment index: 1 where the fragment's first part agrees with the component at its edges. */
  first: Uint8Array;
  /** The basename pattern it meets as a file's name (null: none), once asked. */
  basename: PolicyMatch | null | undefined;
}

/**
 * Whether the first `depth` components name a home directory: the given one, `/root`, `/home/*`, `/users/*`, or
 * wildcards that could be one (`/*`, `/*` + `/*`). `home` null: the path is anchored nowhere (a `find -name` glob).
 */
function homeLike(comps: string[], depth: number, home: string[] | null | undefined): boolean {
  if (home === null) return false;
  if (home !== undefined && depth === home.length && home.every((c, k) => comps[k] === c)) return true;
  if (depth > 3) return false;
  const parent = comps.slice(0, depth);
  const rest = DRIVE.test(parent[0] ?? '') ? parent.slice(1) : parent;
  const wild = (c: string) => c.replace(MARKERS_ALL, '') === '';
  if (rest.length === 1) return rest[0] === 'root' || wild(rest[0]!);
  return rest.length === 2 && (rest[0] === 'home' || rest[0] === 'users' || (wild(rest[0]!) && wild(rest[1]!)));
}

/**
 * Whether the first `depth` components are written out and name a directory that neither is the user's home nor holds
 * it (`/home/www` for the home `/home/dev`); false when the home is not known.
 */
function otherHome(comps: string[], depth: number, home: string | null): boolean {
  if (home === null) return false;
  const dir = comps.slice(0, depth).join('/');
  if (hasMarkers(dir)) return false;
  // (Compared without leading slashes: a Windows home may be written `c:/users/x` or `/c:/users/x`.)
  const h = home.toLowerCase().replace(/\\/g, '/').replace(/^\/+|\/+$/g, '');
  return dir !== h && !h.startsWith(`${dir}/`);
}

/** Text matched literally by a regex. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** A negated basename glob over a marked name: `*` meets anything (markers too), `?` one character that is no marker. */
function exemptSource(pattern: string): string {
  return pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '[^\u{e001}-\u{e005}]');
}

/** A policy basename glob as an anchored regex over a lower-cased name: `*` and `?` only, the rest literal. */
export function globRegex(pattern: string): RegExp {
  return new RegExp(`^${globSource(pattern)}$`, 's');
}

/** A basename glob's regex source: `*` and `?` only, the rest literal. */
function globSource(pattern: string): string {
  return pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
}

/**
 * Could a marked path's component at `index` (from the end when negative) match `literal`, with at least `need` of
 * its characters written out (`env*` may be `environ`; a bare `*` may be anything, so it needs `need` = 0)?
 */
export function componentCouldBe(path: string, index: number, literal: string, need = 0, dot = false): boolean {
  const comps = components(path);
  const comp = comps[index < 0 ? comps.length + index : index];
  if (comp === undefined) return false;
  if (!hasMarkers(comp)) return comp === literal;
  const toks = pathTokens(comp, dot);
  return toks !== null && intersects(toks, policyTokens(literal), need);
}

/**
 * An 8.3 short name (`GIT~1`, read by `win32Alias`) that may stand for `literal` (`.git`), spelling half of it: a name
 * the line chose, so a rule that knows one name for a place (a repository's `.git`) takes it for that name.
 */
export function shortNameFor(comp: string, literal: string): boolean {
  return comp.includes(GAP) && componentCouldBe(`/${comp}`, -1, literal, Math.min(Math.ceil(literal.length / 2), staticChars(comp)), true);
}

/**
 * A component a glob the line wrote (`.confi?`, `.con*ig`, no computed part) that matches `literal`, spelling half of
 * it: bash hands on the name it matches, as a short name stands for its own.
 */
export function globFor(comp: string, literal: string): boolean {
  const need = Math.ceil(literal.length / 2);
  return (comp.includes(STAR) || comp.includes(ONE)) && !comp.includes(DYN) && !comp.includes(GAP) && staticChars(comp) >= need && componentCouldBe(`/${comp}`, -1, literal, need);
}

/**
 * Whether written components name the literal ones, each short name or glob taken for the name it may stand for
 * (`M2~1` or `.m?` for `.m2`).
 */
export function shortNamesMeet(written: readonly string[], literal: readonly string[]): boolean {
  return written.length === literal.length && written.every((c, i) => c === literal[i] || shortNameFor(c, literal[i]!) || globFor(c, literal[i]!));
}

/** A component as written (`.git`, `GIT~1`, `.GIT.`) that Win32 may open as `literal` (lower case). */
export function writtenAs(component: string, literal: string): boolean {
  const c = win32Alias(component.toLowerCase(), false);
  return c === literal || shortNameFor(c, literal);
}

/** A glob value with its wildcards marked: `*` → STAR, `?` and `[…]` → ONE; bash's `\\x` (PowerShell's `` `x ``) → `x`. */
export function markGlob(value: string, dialect: Dialect = 'bash'): string {
  const escapeChar = dialect === 'bash' ? '\\' : '`';
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const ch = value[i]!;
    if (ch === '*') out += STAR;
    else if (ch === '?') out += ONE;
    else if (ch === '[' && value.indexOf(']', i + 2) > i) {
      const close = value.indexOf(']', i + 2);
      const body = value.slice(i + 1, close);
      // A class of one character (`proj[e]ct`) matches that character alone.
      out += body.length === 1 && body !== '!' && body !== '^' ? body : ONE;
      i = close;
    } else if (ch === escapeChar && i + 1 < value.length) out += value[++i]!;
    else out += ch;
  }
  return out;
}
