// Splits a byte stream into lines without ever holding more than one line (capped) in memory.

/** A stream of chunks, as `process.stdin` is. */
export type LineSource = AsyncIterable<Buffer | string | Uint8Array>;

export interface InputLine {
  /** The line's text without its newline (and a trailing CR); empty when `tooLong`. */
  text: string;
  /** True when the line was longer than the cap and was skipped. */
  tooLong: boolean;
}

/**
 * Yields each line of `source`. Splitting on the 0x0A byte is safe in UTF-8 (no multi-byte sequence contains it).
 * A line longer than `maxBytes` is dropped as it streams and reported once, so one huge line cannot exhaust memory.
 */
export async function* readLines(source: LineSource, maxBytes: number): AsyncGenerator<InputLine> {
  let parts: Buffer[] = [];
  let size = 0;
  let skipping = false;
  const finish = (): InputLine => {
    const buf = parts.length === 1 ? parts[0]! : Buffer.concat(parts, size);
    parts = [];
    size = 0;
    let end = buf.length;
    if (end > 0 && buf[end - 1] === 0x0d) end--;
    return { text: buf.toString('utf8', 0, end), tooLong: false };
  };
  for await (const chunk of source) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    let at = 0;
    while (at < buf.length) {
      const nl = buf.indexOf(0x0a, at);
      const end = nl < 0 ? buf.length : nl;
      if (!skipping) {
        if (size + (end - at) > maxBytes) {
          skipping = true;
          parts = [];
          size = 0;
        } else if (end > at) {
          parts.push(buf.subarray(at, end));
          size += end - at;
        }
      }
      if (nl < 0) break;
      if (skipping) {
        skipping = false;
        yield { text: '', tooLong: true };
      } else yield finish();
      at = nl + 1;
    }
  }
  if (skipping) yield { text: '', tooLong: true };
  else if (size > 0) yield finish();
}
