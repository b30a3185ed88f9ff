// The CLI's standard input and output: blocking descriptor calls, with the streams as the fallback a
// non-blocking descriptor needs, and a reader that went away ending the process quietly.
import { describe, expect, it } from 'vitest';
import { type FdCalls, stdinSource, stdoutWriter } from '../src/cli/stdio.js';

function errno(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(code), { code });
}

/** Descriptor calls that serve `reads` in turn (a Buffer, or an error code) and record what was written. */
function fakeFd(reads: (Buffer | string)[], writes: (number | string)[] = []) {
  const written: Buffer[] = [];
  const fd: FdCalls = {
    readSync(_fd, buffer, offset) {
      const next = reads.shift();
      if (next === undefined) return 0;
      if (typeof next === 'string') throw errno(next);
      buffer.set(next, offset);
      return next.length;
    },
    writeSync(_fd, buffer, offset, length) {
      const next = writes.shift() ?? length;
      if (typeof next === 'string') throw errno(next);
      const n = Math.min(next, length);
      written.push(Buffer.from(buffer.subarray(offset, offset + n)));
      return n;
    },
    isatty: () => false,
  };
  return { fd, written };
}

async function collect(source: AsyncIterable<Buffer | string | Uint8Array>): Promise<string> {
  const parts: Buffer[] = [];
  for await (const c of source) parts.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(parts).toString('utf8');
}

async function* chunksOf(...parts: string[]) {
  for (const p of parts) yield Buffer.from(p);
}

describe('stdinSource', () => {
  it('reads every chunk until end of input', async () => {
    const { fd } = fakeFd([Buffer.from('{"a":'), Buffer.from('1}\n')]);
    expect(await collect(stdinSource(() => chunksOf('never'), fd))).toBe('{"a":1}\n');
  });

  it('a non-blocking descriptor (EAGAIN) hands over to the stream, after what was already read', async () => {
    const { fd } = fakeFd([Buffer.from('first '), 'EAGAIN']);
    expect(await collect(stdinSource(() => chunksOf('second ', 'third'), fd))).toBe('first second third');
  });

  it('a closed standard input reads as empty; any other error is thrown', async () => {
    expect(await collect(stdinSource(() => chunksOf('never'), fakeFd(['EBADF']).fd))).toBe('');
    await expect(collect(stdinSource(() => chunksOf('never'), fakeFd(['EIO']).fd))).rejects.toThrow('EIO');
  });
});

describe('stdoutWriter', () => {
  it('writes everything in order, across short writes', async () => {
    const { fd, written } = fakeFd([], [3, 1]);
    const out = stdoutWriter(() => {
      throw new Error('no fallback expected');
    }, fd);
    out.write('hello ');
    out.write('wörld\n');
    await out.drain();
    expect(Buffer.concat(written).toString('utf8')).toBe('hello wörld\n');
  });

  it('EAGAIN hands the rest, and every later write, to the stream, in order', () => {
    const { fd, written } = fakeFd([], [4, 'EAGAIN']);
    const streamed: string[] = [];
    const stream = { write: (b: Buffer | string) => streamed.push(String(b)) } as unknown as NodeJS.WritableStream;
    const out = stdoutWriter(() => stream, fd);
    out.write('abcdefgh');
    out.write('ij');
    expect(Buffer.concat(written).toString()).toBe('abcd');
    expect(streamed.join('')).toBe('efghij');
  });

  it('a reader that went away (EPIPE) exits with the exit code so far, not a stack trace', () => {
    const { fd } = fakeFd([], ['EPIPE']);
    const exits: number[] = [];
    const out = stdoutWriter(() => process.stdout, fd, ((code: number) => {
      exits.push(code);
      throw new Error('exited');
    }) as (code: number) => never);
    expect(() => out.write('x')).toThrow('exited');
    expect(exits).toEqual([typeof process.exitCode === 'number' ? process.exitCode : 0]);
  });
});
