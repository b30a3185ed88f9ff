#!/usr/bin/env -S node --liftoff-only
// The vouch command: entry point; subcommands live beside it.
import { readFileSync } from 'node:fs';
import { runCli } from './run.js';

// A reader that closes the pipe early (`vouch analyze --batch | head`) is not an error worth a stack trace.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  process.stderr.write(`vouch: cannot write output: ${err.message}\n`);
  process.exit(2);
});

function write(text: string): void {
  process.stdout.write(text);
}

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: write,
  stderr: (s) => process.stderr.write(s),
  version: () => (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version,
  stdin: process.stdin,
  stdoutIsTTY: process.stdout.isTTY,
  env: process.env,
  cwd: process.cwd(),
  drain: () => (process.stdout.writableNeedDrain ? new Promise((r) => process.stdout.once('drain', () => r())) : Promise.resolve()),
});
