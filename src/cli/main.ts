#!/usr/bin/env -S node --liftoff-only
// The vouch command: entry point; subcommands live beside it.
import { readFileSync } from 'node:fs';
import { runCli } from './run.js';

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
  version: () => (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version,
});
