// Standard input and output through plain file-descriptor calls. `process.stdin` and `process.stdout` load
// Node's stream and socket machinery on first use, ~3 ms of every cold start with a pipe on either side —
// and an agent hook is a pipe on both, on every tool call. A descriptor left non-blocking by the parent
// (EAGAIN) falls back to the streams, which wait for it properly.
import { fstatSync, readSync as fsReadSync, statSync, writeSync as fsWriteSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { LineSource } from './lines.js';

/** The descriptor calls used, injectable so tests can play a non-blocking descriptor or a closed pipe. */
export interface FdCalls {
  readSync(fd: number, buffer: Uint8Array, offset: number, length: number, position: null): number;
  writeSync(fd: number, buffer: Uint8Array, offset: number, length: number): number;
  isatty(fd: number): boolean;
}

/** The device number of /dev/null, where none: -1. */
function devNull(): number {
  try {
    return statSync('/dev/null').rdev;
  } catch {
    return -1;
  }
}

/**
 * Whether `fd` is a terminal. node:tty costs ~2.5 ms to load (it brings net and the streams), so it is asked
 * only about character devices other than /dev/null (where benchmarks and scripts send output): a pipe or a
 * file is no terminal.
 */
function isatty(fd: number): boolean {
  try {
    const stat = fstatSync(fd);
    if (!stat.isCharacterDevice() || stat.rdev === devNull()) return false;
  } catch {
    return false;
  }
  return (createRequire(import.meta.url)('node:tty') as typeof import('node:tty')).isatty(fd);
}

const NODE_FD: FdCalls = { readSync: fsReadSync, writeSync: fsWriteSync, isatty };

const CHUNK = 64 * 1024;

function code(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | undefined)?.code;
}

/**
 * Standard input as chunks read with blocking reads, or, once a read says EAGAIN, from `fallback()` (the
 * process's stream, created only then).
 */
export function stdinSource(fallback: () => LineSource = () => process.stdin, fd: FdCalls = NODE_FD): LineSource & { isTTY: boolean } {
  async function* chunks(): AsyncGenerator<Buffer> {
    for (;;) {
      const buf = Buffer.allocUnsafe(CHUNK);
      let n: number;
      try {
        n = fd.readSync(0, buf, 0, CHUNK, null);
      } catch (err) {
        if (code(err) === 'EAGAIN') {
          yield* fallback() as AsyncIterable<Buffer>;
          return;
        }
        // A closed or absent standard input reads as empty.
        if (code(err) === 'EOF' || code(err) === 'EBADF') return;
        throw err;
      }
      if (n === 0) return;
      yield buf.subarray(0, n);
    }
  }
  return {
    get isTTY() {
      return fd.isatty(0);
    },
    [Symbol.asyncIterator]: chunks,
  };
}

export interface StdoutWriter {
  write(text: string): void;
  /** Resolves once written text is flushed (at once, unless writing fell back to the stream). */
  drain(): Promise<void>;
  isTTY: boolean;
}

/**
 * Standard output written with blocking writes, in order. EAGAIN hands the rest, and every later write, to
 * `fallback()`; a reader that went away (EPIPE) ends the process quietly with its exit code so far.
 */
export function stdoutWriter(fallback: () => NodeJS.WritableStream & { writableNeedDrain?: boolean } = () => process.stdout, fd: FdCalls = NODE_FD, exit: (code: number) => never = (c) => process.exit(c)): StdoutWriter {
  let stream: (NodeJS.WritableStream & { writableNeedDrain?: boolean }) | undefined;
  return {
    get isTTY() {
      return fd.isatty(1);
    },
    write(text: string): void {
      if (stream) {
        stream.write(text);
        return;
      }
      const buf = Buffer.from(text, 'utf8');
      let at = 0;
      try {
        while (at < buf.length) at += fd.writeSync(1, buf, at, buf.length - at);
      } catch (err) {
        if (code(err) === 'EPIPE') exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
        if (code(err) !== 'EAGAIN') throw err;
        stream = fallback();
        stream.write(buf.subarray(at));
      }
    },
    drain(): Promise<void> {
      const s = stream;
      return s?.writableNeedDrain ? new Promise((r) => s.once('drain', () => r())) : Promise.resolve();
    },
  };
}
