// The built CLI the end-to-end tests spawn (dist/, as npx runs it), and a temporary directory for each file.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

export const BIN = 'dist/cli/vouch.cjs';

/** Checks the CLI is built before the file's tests; returns its temporary directory (removed after them). */
export function builtCliWithTempDir(prefix: string): () => string {
  let dir = '';
  beforeAll(() => {
    if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run npm run build (npm test runs it first)`);
    dir = mkdtempSync(join(tmpdir(), prefix));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return () => dir;
}
