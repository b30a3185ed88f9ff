// The package as a user gets it: `npm pack` of the built tree, installed from the tarball into a fresh project.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const REPO = resolve(import.meta.dirname, '..');

/** Runs a program (never a shell) and returns its output; throws with both streams when it fails. */
export function run(file: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv; timeout?: number; input?: string }): string {
  const r = spawnSync(file, args, { encoding: 'utf8', timeout: options.timeout ?? 180_000, cwd: options.cwd, env: options.env ?? process.env, input: options.input ?? '' });
  if (r.status !== 0) {
    throw new Error(`${file} ${args.join(' ')} exited ${r.status ?? r.signal}${r.error ? ` (${r.error.message})` : ''}\n${r.stdout}\n${r.stderr}`);
  }
  return r.stdout;
}

/** `npm pack` of the repository (dist/ must be built) into `dir`; returns the tarball's path. */
export function pack(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const out = run('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: REPO });
  const name = out.trim().split('\n').pop()!;
  if (!readdirSync(dir).includes(name)) throw new Error(`npm pack wrote no ${name} in ${dir}`);
  return join(dir, name);
}

/**
 * A fresh project at `dir` with the tarball installed as a dependency, as `npm install <tarball>` does it
 * (lifecycle scripts left on, so a package that had any would run them here as at a user's).
 */
export function installInto(dir: string, tarball: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }, null, 2)}\n`);
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', tarball], { cwd: dir });
}
