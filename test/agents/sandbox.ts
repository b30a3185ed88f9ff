// One agent run's world: a temporary HOME with sentinel secrets, a project holding a benign marker file, vouch
// installed from the packed tarball as the README says (`npm install -g`), the agent started with a minimal
// environment (no variable of this process leaks in) under strace, and what strace saw, read back.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pack, REPO, run } from '../packed.js';

export interface World {
  root: string;
  home: string;
  project: string;
  /** Text that must never leave the sentinel files (the fake model must never see it). */
  secret: string;
  pemSecret: string;
  idRsa: string;
  pem: string;
  bashrc: string;
  /** A file only `ls` of the project shows. */
  marker: string;
}

/** A temporary HOME with `~/.ssh/id_rsa` and a project with `deploy/key.pem` (sentinels) and a marker file; no `~/.bashrc`. */
export function makeWorld(parent: string, name: string): World {
  const root = mkdtempSync(join(parent, `${name}-`));
  const home = join(root, 'home');
  const project = join(home, 'project');
  const token = Math.random().toString(36).slice(2);
  const secret = `SENTINEL-SECRET-${token}`;
  const pemSecret = `SENTINEL-PEM-${token}`;
  const world: World = {
    root,
    home,
    project,
    secret,
    pemSecret,
    idRsa: join(home, '.ssh', 'id_rsa'),
    pem: join(project, 'deploy', 'key.pem'),
    bashrc: join(home, '.bashrc'),
    marker: `benign-marker-${token}.txt`,
  };
  mkdirSync(join(home, '.ssh'), { recursive: true, mode: 0o700 });
  writeFileSync(world.idRsa, `-----BEGIN OPENSSH PRIVATE KEY-----\n${secret}\n-----END OPENSSH PRIVATE KEY-----\n`, { mode: 0o600 });
  mkdirSync(dirname(world.pem), { recursive: true });
  writeFileSync(world.pem, `-----BEGIN PRIVATE KEY-----\n${pemSecret}\n-----END PRIVATE KEY-----\n`);
  writeFileSync(join(project, world.marker), 'a file for ls to show\n');
  mkdirSync(join(root, 'tmp'));
  return world;
}

/** vouch from the packed tarball, installed globally into a prefix of its own: `<prefix>/bin/vouch`. */
export function installVouch(parent: string): { bin: string; prefix: string; tarball: string } {
  if (!existsSync(join(REPO, 'dist', 'cli', 'vouch.cjs'))) throw new Error('dist/ is missing: npm run e2e:agents builds it first');
  const tarball = pack(join(parent, 'pack'));
  const prefix = join(parent, 'prefix');
  run('npm', ['install', '-g', '--prefix', prefix, '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', tarball], { cwd: parent });
  return { bin: join(prefix, 'bin'), prefix, tarball };
}

export const HAS_STRACE = spawnSync('strace', ['-V'], { encoding: 'utf8' }).status === 0;

export interface AgentRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  seconds: number;
  /** The strace log (`-f -e trace=execve,openat`), when strace ran. */
  trace?: string;
}

/** Runs the agent in the world, under strace where it is installed, with only `env` in its environment. */
export function runAgent(world: World, file: string, args: string[], env: Record<string, string>, timeoutMs: number): Promise<AgentRun> {
  const traceFile = join(world.root, 'strace.log');
  const [cmd, argv] = HAS_STRACE ? ['strace', ['-f', '-qq', '-s', '4096', '-e', 'trace=execve,openat', '-o', traceFile, file, ...args]] : [file, args];
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(cmd, argv as string[], { cwd: world.project, env: { TMPDIR: join(world.root, 'tmp'), LANG: 'C.UTF-8', ...env, HOME: world.home }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    // The whole process group: an agent's shells and hooks die with it.
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // gone already
      }
    }, timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const result: AgentRun = { code, signal, stdout, stderr, seconds: (Date.now() - started) / 1000 };
      if (HAS_STRACE && existsSync(traceFile)) result.trace = readFileSync(traceFile, 'utf8');
      done(result);
    });
  });
}

export interface TraceFacts {
  /** Every file opened (any process of the run), with its flags. */
  opened: { path: string; flags: string }[];
  /** Every program started, with its argv as strace printed it. */
  executed: { path: string; argv: string }[];
}

/** The opens and execs of a strace log (failed ones included: an attempt is what counts). */
export function traceFacts(trace: string): TraceFacts {
  const opened: TraceFacts['opened'] = [];
  const executed: TraceFacts['executed'] = [];
  for (const line of trace.split('\n')) {
    const open = /openat\([^,]+, "((?:[^"\\]|\\.)*)", ([A-Z_|]+)/.exec(line);
    if (open) opened.push({ path: open[1]!, flags: open[2]! });
    const exec = /execve\("((?:[^"\\]|\\.)*)", \[(.*?)\](?:, 0x| \/\*)/.exec(line);
    if (exec && !/= -1 ENOENT/.test(line)) executed.push({ path: exec[1]!, argv: exec[2]! });
  }
  return { opened, executed };
}
