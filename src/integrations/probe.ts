// The filesystem probes a host injects into the guard: a file's state, and where a path's links really lead.
import { lstatSync, readFileSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { GuardFs } from '../guard/index.js';

const MAX_HOPS = 64;

/**
 * `realpath` that also answers for a file not yet there: links in its existing ancestors are resolved, and a
 * dangling link is followed to where a write would create its target. Undefined when it cannot say (a relative
 * path, a directory it may not read). A link loop throws, which the guard turns into a denial.
 */
export function realpathProbe(path: string): string | undefined {
  if (!isAbsolute(path)) return undefined;
  let head = path;
  const tail: string[] = [];
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    try {
      const real = realpathSync.native(head);
      return tail.length === 0 ? real : join(real, ...[...tail].reverse());
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ELOOP') throw new Error(`${head} is a loop of links`);
      if (code !== 'ENOENT' && code !== 'ENOTDIR') return undefined;
    }
    let link: string | undefined;
    try {
      if (lstatSync(head).isSymbolicLink()) link = readlinkSync(head);
    } catch {
      // Not there at all: its parent is what exists.
    }
    if (link !== undefined) {
      head = resolve(dirname(head), link);
      continue;
    }
    const parent = dirname(head);
    if (parent === head) return undefined;
    tail.push(basename(head));
    head = parent;
  }
  throw new Error(`${path} goes through more than ${MAX_HOPS} links`);
}

/** statSync for the read tracker: undefined when the file is not there; any other failure throws (and denies). */
export function statProbe(path: string): ReturnType<GuardFs> {
  try {
    const st = statSync(path);
    return { mtimeMs: st.mtimeMs, size: st.size, isFile: st.isFile() };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw err;
  }
}

/** The most of a patch file the guard reads (larger: its names are not known, as without a reader). */
const MAX_TEXT = 1 << 20;

/** readFileSync for a patch a line applies: undefined when it is not a regular file, is larger than 1 MiB, or cannot be read. */
export function textProbe(path: string): string | undefined {
  try {
    const st = statSync(path);
    if (!st.isFile() || st.size > MAX_TEXT) return undefined;
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** The largest archive the guard lists (larger: its members are not known, as without a reader). */
const MAX_ARCHIVE = 64 << 20;
/** The most a compressed tar may expand to while it is listed. */
const MAX_EXPANDED = 256 << 20;

/**
 * The member names of a tar (plain or gzip-compressed) or zip archive, read without extracting anything. Undefined
 * when it cannot say: not a regular file, larger than 64 MiB, another format (bzip2, xz, zstd, 7z), damaged, or
 * holding a link, through which a later member could land anywhere.
 */
export function archiveProbe(path: string): string[] | undefined {
  try {
    const st = statSync(path);
    if (!st.isFile() || st.size > MAX_ARCHIVE) return undefined;
    const data = readFileSync(path);
    if (data.length >= 4 && data.readUInt32LE(0) === 0x04034b50) return zipMembers(data);
    if (data.length >= 2 && data[0] === 0x1f && data[1] === 0x8b) return tarMembers(gunzipSync(data, { maxOutputLength: MAX_EXPANDED }));
    return tarMembers(data);
  } catch {
    return undefined;
  }
}

/** A NUL-ended field of a tar header. */
function field(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? raw.length : end).toString('utf8');
}

/** A tar header's number: octal digits, or GNU's base-256 when its first byte's high bit is set. */
function tarNumber(block: Buffer, start: number, length: number): number {
  if ((block[start]! & 0x80) !== 0) {
    let n = block[start]! & 0x7f;
    for (let i = start + 1; i < start + length; i++) n = n * 256 + block[i]!;
    return n;
  }
  const text = field(block, start, length).trim();
  return /^[0-7]*$/.test(text) ? Number.parseInt(text || '0', 8) : Number.NaN;
}

/** The member types a listing takes: files, directories, devices, fifos; long names and pax headers say the next name. */
const TAR_TYPES = new Set(['0', '\0', '5', '7', '3', '4', '6', 'L', 'K', 'x', 'g', 'S']);

/** The names a tar archive's headers give, or undefined for a link, a type it does not read, or a damaged header. */
function tarMembers(data: Buffer): string[] | undefined {
  const names: string[] = [];
  let next: string | undefined;
  for (let at = 0; at + 512 <= data.length; ) {
    const block = data.subarray(at, at + 512);
    if (block.every((b) => b === 0)) return names;
    // The checksum counts its own field as spaces: a header it does not match is no header tar would extract.
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
    if (tarNumber(block, 148, 8) !== sum) return undefined;
    const type = String.fromCharCode(block[156]!);
    const size = tarNumber(block, 124, 12);
    if (!TAR_TYPES.has(type) || !Number.isFinite(size)) return undefined;
    const body = data.subarray(at + 512, at + 512 + size);
    if (body.length < size) return undefined;
    if (type === 'L') next = body.toString('utf8').replace(/\0.*$/s, '');
    else if (type === 'x') {
      const path = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body.toString('utf8'));
      if (path) next = path[1];
    } else if (type !== 'K' && type !== 'g') {
      const prefix = block.subarray(257, 262).toString('latin1') === 'ustar' ? field(block, 345, 155) : '';
      names.push(next ?? (prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100)));
      next = undefined;
    }
    at += 512 + Math.ceil(size / 512) * 512;
  }
  // Ended without its zero blocks: tar takes what it read; a file with no header at all is no tar.
  return names.length > 0 ? names : undefined;
}

/**
 * The names a zip archive's central directory gives, each checked against its local header (which unzip reads the
 * data by), or undefined for a link, ZIP64, or a name the two disagree on. A `\` is read as the `/` unzip makes of it.
 */
function zipMembers(data: Buffer): string[] | undefined {
  let end = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i--) {
    if (data.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return undefined;
  const count = data.readUInt16LE(end + 10);
  const offset = data.readUInt32LE(end + 16);
  if (count === 0xffff || offset === 0xffffffff) return undefined;
  const names: string[] = [];
  let at = offset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== 0x02014b50) return undefined;
    const unix = data[at + 5] === 3;
    const mode = data.readUInt32LE(at + 38) >>> 16;
    if (unix && (mode & 0o170000) === 0o120000) return undefined;
    const nameLength = data.readUInt16LE(at + 28);
    const name = data.subarray(at + 46, at + 46 + nameLength);
    const local = data.readUInt32LE(at + 42);
    if (local + 30 > data.length || data.readUInt32LE(local) !== 0x04034b50) return undefined;
    const localName = data.subarray(local + 30, local + 30 + data.readUInt16LE(local + 26));
    if (!localName.equals(name)) return undefined;
    names.push(name.toString((data.readUInt16LE(at + 8) & 0x800) !== 0 ? 'utf8' : 'latin1').replace(/\\/g, '/'));
    at += 46 + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
  return names;
}

/**
 * Whether `dir` lies in a linked git worktree: its nearest `.git` is a file naming a directory under some
 * repository's `.git/worktrees/`. Reads files only; no git is run.
 */
export function linkedWorktreeProbe(dir: string): boolean {
  let at = resolve(dir);
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const dotgit = join(at, '.git');
    try {
      const st = lstatSync(dotgit);
      if (st.isDirectory()) return false;
      if (!st.isFile() || st.size > 4096) return false;
      const m = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(dotgit, 'utf8'));
      return m !== null && /[\\/]\.git[\\/]worktrees[\\/][^\\/]+$/.test(m[1]!);
    } catch {
      // No .git here: look further up.
    }
    const parent = dirname(at);
    if (parent === at) return false;
    at = parent;
  }
  return false;
}
