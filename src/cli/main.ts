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

// Whatever escapes the command's own handling is one line and exit 2, never a stack trace. Claude Code, Codex
// and Gemini CLI read exit 2 from a hook as a block with stderr as the reason, so a hook still fails closed.
function fatal(err: unknown): void {
  const text = err instanceof Error ? err.message : String(err);
  process.stderr.write(`vouch: internal error: ${text.split('\n', 1)[0]}\n`);
  process.exit(2);
}
process.on('uncaughtException', fatal);
process.on('unhandledRejection', fatal);

function write(text: string): void {
  process.stdout.write(text);
}

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: write,
  stderr: (s) => process.stderr.write(s),
  version: () => (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version,
  stdoutIsTTY: process.stdout.isTTY,
  env: process.env,
  cwd: process.cwd(),
  drain: () => (process.stdout.writableNeedDrain ? new Promise((r) => process.stdout.once('drain', () => r())) : Promise.resolve()),
});
