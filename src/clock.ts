// A monotonic clock in milliseconds (fractional). `performance.now()` would do, but the first touch of the
// `performance` global loads Node's perf_hooks, ~1 ms of every CLI cold start.

export function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

const EPOCH_OFFSET = Date.now() - monotonicMs();

/** Milliseconds since the epoch, with the monotonic clock's fractions (for durations measured across two calls). */
export function epochMs(): number {
  return EPOCH_OFFSET + monotonicMs();
}
