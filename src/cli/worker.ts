// A worker thread of `vouch serve` and `vouch analyze --batch --workers N` (built as dist/cli/vouch-worker.cjs): one
// analyzer, jobs answered one at a time, as they come from the pool (pool.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { setRuntimeFile } from '../parse/index.js';
import { type Job, JobRunner } from './jobs.js';
import type { WorkerData, WorkerMessage } from './pool.js';
import { oneLine } from './run.js';

const port = parentPort;
if (port) {
  const data = workerData as WorkerData;
  if (data.runtimeWasm) setRuntimeFile(data.runtimeWasm);
  const runner = new JobRunner(data.setup);
  const send = (message: WorkerMessage) => port.postMessage(message);
  runner.warm().then(
    () => send({ ready: true }),
    (err: unknown) => send({ ready: false, error: oneLine(err) }),
  );
  port.on('message', async ({ id, job }: { id: number; job: Job }) => {
    try {
      send({ id, answer: await runner.run(job) });
    } catch (err) {
      send({ id, error: oneLine(err) });
    }
  });
}
