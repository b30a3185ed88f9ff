// What the agent has read (and itself written) of each file, fed by tool results, so a write cannot clobber what it never saw.
import { readingsOf } from './paths.js';

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
  /**
   * Records the agent's own write or edit of `path`, with the file's mtime once written: the agent knows what it
   * wrote, so the file counts as read whole as it now is (a second edit is not stale, a second write not blind).
   */
  recordWrite(path: string, written: { mtimeMs: number }): void;
  /** What was last recorded of `path`, if anything. */
  get(path: string): ReadRecord | undefined;
  /** Forgets every read (a new session, a cleared context). */
  reset(): void;
}

export function createReadTracker(home: string): ReadTracker {
  const reads = new Map<string, ReadRecord>();
  // One key per file however it is spelled: a drive path is a Windows file, whose name has no case (read without a
  // cwd, `C:\x` also has a POSIX reading, a relative name, which comes first); any other path keeps its case.
  const key = (path: string): string | undefined => {
    // Stryker disable next-line StringLiteral: equivalent — the paths recorded are absolute (the contract above), so no
    // cwd is read; a drive path's Windows reading is the key whatever its POSIX reading is.
    const r = readingsOf(path, '/', home);
    if (typeof r === 'string') return undefined;
    const windows = r.find((x) => x.windows);
    // Stryker disable next-line MethodExpression: equivalent — any one case folding gives one key per file.
    return windows ? windows.path.toLowerCase() : r[0]!.path;
  };
  return {
    recordRead(path, read) {
      // (An empty path is refused by the reading itself: no key.)
      if (typeof path !== 'string') return;
      const k = key(path);
      if (k === undefined) return;
      const before = reads.get(k);
      // Reading another part of a file the agent read whole, unchanged, does not make it partial again.
      const partial = read.partial === true && !(before && !before.partial && before.mtimeMs === read.mtimeMs);
      reads.set(k, { partial, mtimeMs: Number(read.mtimeMs) });
    },
    recordWrite(path, written) {
      if (typeof path !== 'string' || !Number.isFinite(Number(written?.mtimeMs))) return;
      const k = key(path);
      if (k !== undefined) reads.set(k, { partial: false, mtimeMs: Number(written.mtimeMs) });
    },
    get: (path) => {
      const k = key(path);
      return k === undefined ? undefined : reads.get(k);
    },
    reset: () => reads.clear(),
  };
}
