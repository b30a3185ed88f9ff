// The filesystem probes a host injects into the guard: a file's state, and where a path's links really lead.
import { lstatSync, readFileSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
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
