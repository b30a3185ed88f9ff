// What the agent has read of each file, fed by tool results, so a write cannot clobber what it never saw.
import { resolvePath } from './paths.js';

/** What a read tool result says: the whole file or a part of it, and the file's mtime when it was read. */
export interface ReadRecord {
  partial: boolean;
  mtimeMs: number;
}

/** statSync-like: the file's state, or undefined when there is none. May throw; a throw is a refusal. */
export type GuardFs = (path: string) => { mtimeMs: number; size: number; isFile: boolean } | undefined;

export interface ReadTracker {
  /** Records a read of `path` (absolute; `~` is the guard's home). A full read replaces a partial one. */
  recordRead(path: string, read: ReadRecord): void;
  /** What was last recorded of `path`, if anything. */
  get(path: string): ReadRecord | undefined;
  /** Forgets every read (a new session, a cleared context). */
  reset(): void;
}

export function createReadTracker(home: string): ReadTracker {
  const reads = new Map<string, ReadRecord>();
  const key = (path: string) => resolvePath(path, '/', home);
  return {
    recordRead(path, read) {
      if (typeof path !== 'string' || path === '') return;
      const k = key(path);
      const before = reads.get(k);
      // Reading another part of a file the agent read whole, unchanged, does not make it partial again.
      const partial = read.partial === true && !(before && !before.partial && before.mtimeMs === read.mtimeMs);
      reads.set(k, { partial, mtimeMs: Number(read.mtimeMs) });
    },
    get: (path) => reads.get(key(path)),
    reset: () => reads.clear(),
  };
}
