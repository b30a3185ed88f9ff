// `vouch analyze --batch --workers N`: the batch's lines in chunks to N worker threads, the answers written in input
// order. Memory stays bounded: at most WINDOW chunks per worker are read ahead of the answer being written.
import { MAX_LINE_BYTES } from './analyze.js';
import type { JobAnswer, JobLine } from './jobs.js';
import type { AnalyzeOptions } from './options.js';
import { type LineSource, readLines } from './lines.js';
import { cliFile, WorkerPool } from './pool.js';
import { type CliIo, EXIT, oneLine, UsageError } from './run.js';

/** Lines a worker answers in one message (a message costs tens of µs; a line a few hundred). */
const CHUNK_LINES = 64;
/** Chunk bytes, so a chunk of long lines stays small. */
const CHUNK_BYTES = 256 * 1024;
/** Chunks in flight per worker: one working, one waiting, so a worker never idles for the next. */
const WINDOW = 2;

export async function runParallelBatch(options: AnalyzeOptions, stdin: LineSource, io: CliIo): Promise<number> {
  const workers = options.workers ?? 1;
  const { workers: _, ...defaults } = options;
  const setup = { home: options.home, cwd: options.cwd, batch: defaults, ...(options.policy ? { policy: options.policy } : {}) };
  const pool = new WorkerPool({
    size: workers,
    workerFile: cliFile('vouch-worker.cjs'),
    runtimeWasm: cliFile('web-tree-sitter.wasm'),
    setup,
    maxQueue: Number.MAX_SAFE_INTEGER,
    warn: (message) => io.stderr(`vouch: ${message}\n`),
  });
  try {
    await pool.start();
  } catch (err) {
    throw new UsageError(`cannot start the workers: ${oneLine(err)}`);
  }
  let failed = false;
  const inFlight: Promise<JobAnswer>[] = [];
  const writeOldest = async () => {
    const answer = await inFlight.shift()!;
    if (answer.failed) failed = true;
    io.stdout(answer.body);
    if (io.drain) await io.drain();
  };
  try {
    let chunk: JobLine[] = [];
    let bytes = 0;
    const flush = async () => {
      if (chunk.length === 0) return;
      const p = pool.run({ kind: 'lines', lines: chunk });
      // Handled when its turn to be written comes; until then, a rejection must not count as unhandled.
      p.catch(() => undefined);
      inFlight.push(p);
      chunk = [];
      bytes = 0;
      while (inFlight.length >= workers * WINDOW) await writeOldest();
    };
    let n = 0;
    for await (const line of readLines(stdin, MAX_LINE_BYTES)) {
      n++;
      if (!line.tooLong && line.text.trim() === '') continue;
      chunk.push({ n, text: line.text, tooLong: line.tooLong });
      bytes += line.text.length;
      if (chunk.length >= CHUNK_LINES || bytes >= CHUNK_BYTES) await flush();
    }
    await flush();
    while (inFlight.length > 0) await writeOldest();
  } catch (err) {
    // A policy that cannot load fails the batch, as without workers.
    throw err instanceof UsageError ? err : new UsageError(oneLine(err));
  } finally {
    await pool.close().catch(() => undefined);
  }
  return failed ? EXIT.deny : EXIT.pass;
}
