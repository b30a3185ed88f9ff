// The filesystem probes a host injects into the guard: a file's state, and where a path's links really lead.
import { lstatSync, readlinkSync, realpathSync, statSync } from 'node:fs';
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
