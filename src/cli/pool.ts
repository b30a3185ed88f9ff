// Where jobs run: worker threads, each with its own analyzer (vouch-worker.cjs), or this thread. A bounded queue in
// front: a job that finds it full is refused at once (the server answers 503), never held without end.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { type Job, type JobAnswer, JobRunner, type JobSetup } from './jobs.js';
import { oneLine } from './run.js';

/** A file the CLI ships beside its bundles in dist/cli/ (the worker script, the runtime wasm). */
export function cliFile(name: string): string {
  return join(dirname(fileURLToPath(import.meta.url)), name);
}

/** The queue is full: the caller answers "busy" rather than wait. */
export class QueueFullError extends Error {
  override readonly name = 'QueueFullError';
}

/** A job the pool could not finish: its worker stopped, or ran past the deadline and was replaced. */
export class JobFailedError extends Error {
  override readonly name = 'JobFailedError';
}

export interface Pool {
  /** Runs a job; rejects with `QueueFullError` at once when `maxQueue` jobs already wait. */
  run(job: Job): Promise<JobAnswer>;
  /** How many jobs wait for a thread. */
  readonly queued: number;
  /** How many threads answer jobs (workers alive, or 1 in this thread). */
  readonly threads: number;
  /** Waits for every accepted job to be answered, then stops the threads. */
  close(): Promise<void>;
}

interface Pending {
  job: Job;
  resolve(answer: JobAnswer): void;
  reject(err: Error): void;
}

export interface WorkerPoolOptions {
  size: number;
  /** The worker's script (dist/cli/vouch-worker.cjs). */
  workerFile: string;
  setup: JobSetup;
  /** web-tree-sitter's runtime wasm for the workers (the copy beside the CLI bundle). */
  runtimeWasm?: string;
  maxQueue: number;
  /** A job running longer than this fails and its worker is replaced (analysis has its own limits far below). */
  jobTimeoutMs?: number;
  /** Said when a worker stops or cannot start (the server writes it to stderr). */
  warn?(message: string): void;
}

/** What a worker thread is given (its `workerData`). */
export interface WorkerData {
  setup: JobSetup;
  runtimeWasm?: string;
}

/** What a worker thread sends back: that it is ready (or why not), or a job's answer. */
export type WorkerMessage = { ready: true } | { ready: false; error: string } | { id: number; answer: JobAnswer } | { id: number; error: string };

interface Slot {
  worker: Worker;
  ready: boolean;
  busy?: { id: number; pending: Pending; timer: NodeJS.Timeout | undefined };
}

export class WorkerPool implements Pool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closing = false;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly options: WorkerPoolOptions) {}

  get queued(): number {
    return this.queue.length;
  }

  get threads(): number {
    let n = 0;
    for (const s of this.slots) if (s.ready) n++;
    return n;
  }

  /** Starts every worker and waits until each has loaded its parsers and the policy; rejects with the first failure. */
  async start(): Promise<void> {
    // Liftoff only, as for every vouch run (and the benchmarks): with tier-up, V8 compiles the grammars' hot
    // functions with TurboFan in the background, and a worker, or the process, waits for that to end before it
    // stops: a server took 19 s to stop. The flags are the process's, so they are set before any worker starts.
    setFlagsFromString('--liftoff-only');
    const starts: Promise<void>[] = [];
    for (let i = 0; i < this.options.size; i++) starts.push(this.spawn());
    try {
      await Promise.all(starts);
    } catch (err) {
      await this.terminate();
      throw err;
    }
  }

  private spawn(): Promise<void> {
    const data: WorkerData = { setup: this.options.setup };
    if (this.options.runtimeWasm) data.runtimeWasm = this.options.runtimeWasm;
    const worker = new Worker(this.options.workerFile, { workerData: data });
    const slot: Slot = { worker, ready: false };
    this.slots.add(slot);
    return new Promise((resolve, reject) => {
      worker.on('message', (message: WorkerMessage) => {
        if ('ready' in message) {
          if (message.ready) {
            slot.ready = true;
            resolve();
            this.dispatch();
          } else {
            reject(new Error(message.error));
            void worker.terminate();
          }
          return;
        }
        const busy = slot.busy;
        if (!busy || busy.id !== message.id) return;
        clearTimeout(busy.timer);
        slot.busy = undefined;
        if ('answer' in message) busy.pending.resolve(message.answer);
        else busy.pending.reject(new JobFailedError(message.error));
        this.dispatch();
      });
      worker.on('error', (err) => {
        if (!slot.ready) reject(err);
        this.options.warn?.(`a worker failed: ${oneLine(err)}`);
      });
      worker.on('exit', (code) => {
        const wasReady = slot.ready;
        this.slots.delete(slot);
        if (!wasReady) reject(new Error(`a worker stopped before it was ready (exit ${code})`));
        if (slot.busy) {
          clearTimeout(slot.busy.timer);
          slot.busy.pending.reject(new JobFailedError(`the worker answering it stopped (exit ${code})`));
          slot.busy = undefined;
        }
        // A worker lost while serving is replaced; one that never started is not retried (its failure is the run's).
        if (wasReady && !this.closing) {
          this.options.warn?.(`a worker stopped (exit ${code}); starting another`);
          this.spawn().catch((err: unknown) => {
            this.options.warn?.(`a replacement worker could not start: ${oneLine(err)}`);
            this.failQueueIfNoThreads();
          });
        }
        this.dispatch();
      });
    });
  }

  /** With no worker left to answer them, waiting jobs fail now rather than hang. */
  private failQueueIfNoThreads(): void {
    if (this.slots.size > 0) return;
    for (const p of this.queue.splice(0)) p.reject(new JobFailedError('no worker is left to answer it'));
    this.notifyIdle();
  }

  run(job: Job): Promise<JobAnswer> {
    if (this.closing) return Promise.reject(new QueueFullError('the server is shutting down'));
    if (this.queue.length >= this.options.maxQueue) return Promise.reject(new QueueFullError(`${this.queue.length} requests are waiting already`));
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.dispatch();
      this.failQueueIfNoThreads();
    });
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) break;
      if (!slot.ready || slot.busy) continue;
      const pending = this.queue.shift()!;
      const id = this.nextId++;
      const timeout = this.options.jobTimeoutMs;
      const timer =
        timeout === undefined
          ? undefined
          : setTimeout(() => {
              if (slot.busy?.id !== id) return;
              slot.busy = undefined;
              pending.reject(new JobFailedError(`it took longer than ${timeout} ms`));
              // The worker may be stuck for good: replace it (its exit handler starts another).
              void slot.worker.terminate();
            }, timeout);
      slot.busy = { id, pending, timer };
      slot.worker.postMessage({ id, job: pending.job });
    }
    this.notifyIdle();
  }

  private idle(): boolean {
    if (this.queue.length > 0) return false;
    for (const s of this.slots) if (s.busy) return false;
    return true;
  }

  private notifyIdle(): void {
    if (!this.idle()) return;
    for (const w of this.idleWaiters.splice(0)) w();
  }

  private async terminate(): Promise<void> {
    this.closing = true;
    await Promise.all([...this.slots].map((s) => s.worker.terminate()));
  }

  async close(): Promise<void> {
    this.closing = true;
    if (!this.idle()) await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
    await this.terminate();
  }
}

/** Jobs in this thread, one at a time (a test, or `--workers 0`): the same answers without threads. */
export class InlinePool implements Pool {
  private readonly runner: JobRunner;
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;
  private closing = false;

  constructor(
    setup: JobSetup,
    private readonly maxQueue: number,
  ) {
    this.runner = new JobRunner(setup);
  }

  get queued(): number {
    return this.waiting;
  }

  get threads(): number {
    return 1;
  }

  start(): Promise<void> {
    return this.runner.warm();
  }

  run(job: Job): Promise<JobAnswer> {
    if (this.closing) return Promise.reject(new QueueFullError('the server is shutting down'));
    if (this.waiting >= this.maxQueue) return Promise.reject(new QueueFullError(`${this.waiting} requests are waiting already`));
    this.waiting++;
    const result = this.tail.then(() => {
      this.waiting--;
      return this.runner.run(job);
    });
    this.tail = result.catch(() => undefined);
    return result;
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.tail;
  }
}
