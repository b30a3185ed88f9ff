// Installs the pinned agent packages (and a Node 22 binary from npm, for agents that need one) into a cache
// outside the work tree, each once, with a bounded time; a failure is a reason to report, never a silent pass.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where installs are kept between runs (CI runs on the same machine as the session that submitted it). */
export const CACHE = process.env.VOUCH_AGENTS_CACHE ?? join(homedir(), '.cache', 'vouch-e2e-agents');
/** The longest one install may take. */
const INSTALL_TIMEOUT_MS = Number(process.env.VOUCH_AGENTS_INSTALL_TIMEOUT ?? 300) * 1000;

export type Installed = { ok: true; dir: string; seconds: number; cached: boolean } | { ok: false; reason: string };

const pending = new Map<string, Promise<Installed>>();

function npmInstall(dir: string, spec: string): Promise<string | undefined> {
  return new Promise((done) => {
    // --ignore-scripts: the agents' install scripts only pick a platform binary, which the test reads directly.
    const args = ['install', '--prefix', dir, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', spec];
    const child = spawn('npm', args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, npm_config_update_notifier: 'false' } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d));
    child.stderr.on('data', (d: Buffer) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), INSTALL_TIMEOUT_MS);
    child.on('error', (err) => done(`npm could not start: ${err.message}`));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return done(undefined);
      const last = output.trim().split('\n').filter(Boolean).slice(-3).join(' / ');
      done(signal === 'SIGKILL' ? `npm install ${spec} took longer than ${INSTALL_TIMEOUT_MS / 1000} s` : `npm install ${spec} failed (exit ${code}): ${last}`);
    });
  });
}

/** Installs `spec` (`name@version`) into the cache once; later calls and runs reuse it. */
export function install(spec: string): Promise<Installed> {
  let p = pending.get(spec);
  if (p) return p;
  p = (async (): Promise<Installed> => {
    const dir = join(CACHE, spec.replace(/[/@]/g, '_'));
    const marker = join(dir, '.vouch-e2e-installed');
    if (existsSync(marker)) return { ok: true, dir, seconds: 0, cached: true };
    const started = Date.now();
    const tmp = `${dir}.tmp-${process.pid}`;
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(tmp, { recursive: true });
    writeFileSync(join(tmp, 'package.json'), '{"private":true}\n');
    const failed = await npmInstall(tmp, spec);
    if (failed) {
      rmSync(tmp, { recursive: true, force: true });
      return { ok: false, reason: failed };
    }
    writeFileSync(join(tmp, '.vouch-e2e-installed'), `${spec}\n`);
    rmSync(dir, { recursive: true, force: true });
    renameSync(tmp, dir);
    return { ok: true, dir, seconds: (Date.now() - started) / 1000, cached: false };
  })();
  pending.set(spec, p);
  return p;
}
