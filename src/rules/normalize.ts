// One path normaliser for every dialect and host: what a path string may name on POSIX and on Windows, or why it cannot be vouched for.

/*
 * The guard (file tools) and the rules (shell words) read paths through these functions, so that an alias that
 * reaches a file one way reaches it the other way too:
 *   - `/proc/<pid>/root/…` is `/…`; `/proc/self/cwd/…` is the working directory; another process's cwd, and
 *     `/proc/<pid>/fd/…` or `/dev/fd/…`, name files no static reading knows.
 *   - Win32 strips trailing dots and spaces from a name (`.ssh.` is `.ssh`), reads `name::$DATA` as `name` and
 *     `dir::$INDEX_ALLOCATION` as `dir`, accepts `\` and `/` alike, ignores case, and takes `\\?\C:\x` as `C:\x`.
 *   - An 8.3 short name (`PROGRA~1`) may stand for any long name: it cannot be matched, only refused.
 *   - macOS's HFS+ ignores some invisible characters in a name (`.ss\u200ch` is `.ssh`), as git's core.protectHFS knows.
 */

import { isShortName } from '../resolve/path.js';

/** One reading of a path: absolute, `/`-separated, `.` and `..` collapsed; `windows` when it is a Win32 path. */
export interface PathReading {
  path: string;
  windows: boolean;
}

/** The readings a path string may have on the host, or the reason it names nothing that can be checked. */
export type NormalizedPath = { readings: PathReading[] } | { refused: string };

export interface HostPathContext {
  /** The directory a relative path is taken from (absolute, POSIX or Windows form). */
  cwd: string;
  /** The user's home directory, for `~`. */
  home: string;
}

const DRIVE = /^[A-Za-z]:/;

/** A Windows-form path: a drive, a UNC or device prefix. */
export function isWindowsForm(path: string): boolean {
  return DRIVE.test(path) || path.startsWith('\\\\');
}

/**
 * The characters HFS+ leaves out when it compares names (joiners, direction marks and overrides, the BOM): a name
 * that holds them is the name without them there.
 */
export const HFS_IGNORABLE = /[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/gu;

/** A name as HFS+ compares it: its ignorable characters dropped. */
export function hfsName(name: string): string {
  return name.replace(HFS_IGNORABLE, '');
}

/** An 8.3 short name (`PROGRA~1`, `SSH~1.CFG`): Windows may map it to any long name (src/resolve/path.ts). */
export { isShortName };

/** A stream suffix Win32 drops or redirects: `::$DATA`, `:$DATA`, `:name:$DATA`, `::$INDEX_ALLOCATION`. */
const TYPED_STREAM = /:(?:[^:/\\]*):?\$[A-Za-z_]+$|:\$[A-Za-z_]+$/;

/**
 * A name as Win32 opens it: trailing dots and spaces dropped, a typed stream suffix dropped, and (`anyStream`) a
 * named stream too, since `name:stream` lives in `name`. `.`, `..` and names of dots alone are left as they are.
 */
export function win32Name(component: string, anyStream: boolean): string {
  let c = component;
  if (c.includes(':')) {
    c = c.replace(TYPED_STREAM, '');
    if (anyStream) {
      const colon = c.indexOf(':');
      if (colon > 0) c = c.slice(0, colon);
    }
  }
  if (/[. ]$/.test(c) && !/^\.{1,2}$/.test(c)) {
    const trimmed = c.replace(/[. ]+$/, '');
    if (trimmed !== '') c = trimmed;
  }
  return c;
}

/**
 * A `/proc` (or `/dev/fd`) alias met while walking a path, as the components it stands for: `/proc/self/root` →
 * `[]` (the root), `/proc/self/cwd` → the working directory's. `undefined`: no alias; `null`: something no static
 * reading knows (another process's cwd, an open descriptor, the standard streams). `cwd` null: unknown.
 */
function procAlias(stack: readonly string[], cwd: string | null): string[] | null | undefined {
  const n = stack.length;
  const last = stack[n - 1]?.toLowerCase();
  if (stack[0]?.toLowerCase() === 'dev' && n === 2 && (last === 'fd' || last === 'stdin' || last === 'stdout' || last === 'stderr')) return null;
  if (stack[0]?.toLowerCase() !== 'proc' || (n !== 3 && n !== 5)) return undefined;
  const pid = stack[1]!.toLowerCase();
  if (!(pid === 'self' || pid === 'thread-self' || /^\d+$/.test(pid))) return undefined;
  if (n === 5 && !(stack[2]!.toLowerCase() === 'task' && /^\d+$/.test(stack[3]!))) return undefined;
  if (last === 'root') return [];
  if (last === 'cwd') return (pid === 'self' || pid === 'thread-self') && cwd !== null ? cwd.split('/').filter((c) => c !== '') : null;
  if (last === 'fd' || last === 'fdinfo' || last === 'map_files') return null;
  return undefined;
}

/**
 * Splits and collapses `.` and `..`, resolving `/proc` aliases on the way (before a `..` after them, as the kernel
 * does: `/proc/self/cwd/..` is the cwd's parent); `..` at a root (or a drive's root) stays there. Null: the path
 * goes through an alias no static reading knows.
 */
function collapse(path: string, windows: boolean, cwd: string | null = null): string | null {
  const drive = windows && DRIVE.test(path) ? path.slice(0, 2) : '';
  let out: string[] = [];
  for (let part of path.slice(drive.length).split('/')) {
    if (windows) part = win32Name(part, true);
    if (part === '' || part === '.') continue;
    if (part === '..') {
      out.pop();
      continue;
    }
    out.push(part);
    if (drive === '' && (out.length === 2 || out.length === 3 || out.length === 5)) {
      const alias = procAlias(out, cwd);
      if (alias === null) return null;
      if (alias !== undefined) out = alias;
    }
  }
  return `${drive}/${out.join('/')}`;
}

/** A path (absolute, `/`-separated) with its `/proc` aliases resolved; null when one leads where no static reading knows. */
export function resolveProcAlias(path: string, cwd: string | null): string | null {
  return collapse(path, false, cwd);
}

/** `~`, `~/x`, `~\x`, `$HOME/x`, `${HOME}/x`, `%USERPROFILE%\x`, `$env:USERPROFILE\x` → under `home`. */
function expandHome(raw: string, home: string): string {
  const m = /^(?:~|\$HOME|\$\{HOME\}|%USERPROFILE%|%HOME%|\$env:(?:USERPROFILE|HOME))(?=$|[\\/])/i.exec(raw);
  if (m) return home + raw.slice(m[0].length);
  // `~user/x` is another user's home; where it lives is a guess, so take the usual place.
  const other = /^~([A-Za-z_][A-Za-z0-9_.-]*)(?=$|\/)/.exec(raw);
  if (other) return `/home/${other[1]}${raw.slice(other[0].length)}`;
  return raw;
}

/** `\\?\C:\x`, `\\.\C:\x`, `\??\C:\x` → `C:\x`; `\\?\UNC\srv\share` → `\\srv\share`; other devices: null. */
export function stripDevicePrefix(raw: string): string | null {
  const m = /^(?:[\\/]{2}[?.][\\/]|\\\?\?\\)/.exec(raw);
  if (!m) return raw;
  const rest = raw.slice(m[0].length);
  if (DRIVE.test(rest)) return rest;
  if (/^unc[\\/]/i.test(rest)) return `\\\\${rest.slice(4)}`;
  return null;
}

/** A `file:` URI as the path it names (`file:///home/u/x`, `file:///C:/x`, `file://host/share/x`), or null. */
export function fileUriPath(uri: string): string | null {
  const m = /^file:(?:\/\/([^/]*))?(\/.*)?$/i.exec(uri);
  if (!m) return null;
  let path: string;
  try {
    path = decodeURIComponent(m[2] ?? '/');
  } catch {
    return null;
  }
  const host = m[1] ?? '';
  if (host !== '' && host.toLowerCase() !== 'localhost') return `//${host}${path}`;
  return /^\/[A-Za-z]:/.test(path) ? path.slice(1) : path;
}

/**
 * What `raw` may name on the host, read from `ctx.cwd` with `ctx.home`. On a Windows host (its cwd is a Windows
 * path) there is one reading, Win32's. On a POSIX host the first reading is the literal one, exact (`\` is an
 * ordinary character there), followed by the readings Win32 would give the same text (a drive path; `\` as a
 * separator; trailing dots and streams dropped) when they differ: a denial list matched against every reading
 * misses no spelling, and a write root must hold every reading. Refused: a NUL, an empty path, a device path, an
 * 8.3 short name, an alias whose target is unknowable.
 */
export function normalizeHostPath(raw: string, ctx: HostPathContext): NormalizedPath {
  if (raw.includes('\0')) return { refused: 'it holds a NUL character, which no file name can' };
  if (raw.trim() === '') return { refused: 'it is empty' };
  const windowsHost = isWindowsForm(ctx.cwd);
  const stripped = windowsHost || raw.startsWith('\\') ? stripDevicePrefix(raw) : raw;
  if (stripped === null) return { refused: 'it names a Windows device, not a file' };
  const expanded = expandHome(stripped, ctx.home);
  const readings: PathReading[] = [];
  const add = (path: string, windows: boolean) => {
    if (!readings.some((r) => r.path === path)) readings.push({ path, windows });
  };
  const unknowable: NormalizedPath = { refused: 'it goes through /proc/<pid>/cwd or an open file descriptor, whose target no static reading knows' };
  if (!windowsHost) {
    const literal = expanded.startsWith('/') ? expanded : `${ctx.cwd.replace(/\/+$/, '')}/${expanded}`;
    const posix = collapse(literal, false, ctx.cwd);
    const win = collapse(literal.replace(/\\/g, '/'), true, ctx.cwd);
    if (posix === null || win === null) return unknowable;
    add(posix, false);
    add(hfsName(posix), false);
    add(win, false);
    if (!isWindowsForm(expanded)) return { readings };
  }
  const p = expanded.replace(/\\/g, '/');
  let full: string;
  if (DRIVE.test(p) && p[2] === '/') full = p;
  else if (p.startsWith('//')) full = p;
  // `\x` is the root of the cwd's drive; `C:x` is relative to that drive's cwd, which only the shell knows: take the cwd.
  else if (p.startsWith('/')) full = `${isWindowsForm(ctx.cwd) && DRIVE.test(ctx.cwd) ? ctx.cwd.slice(0, 2) : ''}${p}`;
  else full = `${(windowsHost ? ctx.cwd : 'C:').replace(/\\/g, '/').replace(/\/+$/, '')}/${DRIVE.test(p) ? p.slice(2) : p}`;
  const unc = full.startsWith('//');
  const collapsed = collapse(unc ? full.slice(1) : full, true) ?? '/';
  const short = collapsed.split('/').find(isShortName);
  if (short !== undefined) return { refused: `${short} is an 8.3 short name, which may stand for any long name; give the long name` };
  add(unc ? `/${collapsed}` : collapsed, true);
  return { readings };
}
