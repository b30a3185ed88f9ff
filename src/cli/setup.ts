// `vouch init AGENT` writes vouch's setup into the agent's config (merged, every change printed);
// `vouch doctor [AGENT]` checks a setup and exits 1 wherever the agent would let a call run unchecked.
import { accessSync, constants, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { createRequire } from 'node:module';
import { delimiter, dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { agentSetup, type Change, type Check, SETUP_AGENTS, type SetupAgent, type SetupContext, SetupError, type SetupFs, servesVouch } from '../integrations/setup.js';
import { parseSetupArgs } from './options.js';
import { type CliIo, EXIT, UsageError } from './run.js';

/** The installed vouch package (dist/cli/ or src/cli/ sit two levels below it): what `vouch init pi` links. */
function packageRoot(): string {
  return fileURLToPath(new URL('../../', import.meta.url)).replace(/[\\/]$/, '');
}

/** The real filesystem, read only. */
export const nodeSetupFs: SetupFs = {
  read(path) {
    try {
      return readFileSync(path, 'utf8');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return undefined;
      throw err;
    }
  },
  list(path) {
    try {
      return readdirSync(path);
    } catch {
      return [];
    }
  },
  resolveFrom(dir, specifier) {
    try {
      return createRequire(join(dir, 'index.js')).resolve(specifier);
    } catch {
      return undefined;
    }
  },
  health(url) {
    // A `vouch serve` answers GET /healthz at the hook URL's origin; the doctor waits two seconds at most.
    return new Promise((resolve) => {
      let target: URL;
      try {
        target = new URL('/healthz', url);
      } catch {
        resolve({ ok: false, detail: 'not a URL' });
        return;
      }
      const req = get(target, { timeout: 2_000 }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          body += d;
        });
        res.on('end', () => {
          let ok = false;
          try {
            ok = res.statusCode === 200 && (JSON.parse(body) as { ok?: unknown }).ok === true;
          } catch {
            ok = false;
          }
          resolve(ok ? { ok, detail: `${target.href} says ${body.trim()}` } : { ok, detail: `${target.href} answered ${res.statusCode}: not a vouch serve` });
        });
      });
      req.on('timeout', () => req.destroy(new Error('no answer in 2 s')));
      req.on('error', (err) => resolve({ ok: false, detail: err.message }));
    });
  },
  which(name, env) {
    for (const dir of (env.PATH ?? '').split(delimiter)) {
      if (dir === '' || !isAbsolute(dir)) continue;
      for (const file of process.platform === 'win32' ? [`${name}.cmd`, `${name}.exe`, name] : [name]) {
        const path = join(dir, file);
        try {
          if (!statSync(path).isFile()) continue;
          accessSync(path, constants.X_OK);
          return path;
        } catch {
          // not here
        }
      }
    }
    return undefined;
  },
};

function isAgent(name: string): name is SetupAgent {
  return (SETUP_AGENTS as readonly string[]).includes(name);
}

function agentOf(name: string | undefined, command: string): SetupAgent {
  if (name === undefined) throw new UsageError(`vouch ${command} needs an agent: ${SETUP_AGENTS.join(', ')}`);
  if (!isAgent(name)) throw new UsageError(`unknown agent '${name}' (expected one of: ${SETUP_AGENTS.join(', ')})`);
  return name;
}

/** `~/…` for paths under the home directory: shorter to read, and what the user would type. */
function shown(path: string, home: string): string {
  return tilde(path, home);
}

/** Every path under the home directory in `text` written from `~`. */
function tilde(text: string, home: string): string {
  if (home === '/' || home === '') return text;
  return text.replace(new RegExp(`${home.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=[/\\s:,)]|$)`, 'g'), '~');
}

/** Writes a file whole or not at all. */
function writeAtomically(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.vouch-${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

/** Applies one change; returns what happened, in words. */
function apply(change: Change, fs: SetupFs, dryRun: boolean): string {
  if (change.kind === 'file') {
    if (fs.read(change.path) === change.text) return 'unchanged';
    if (!dryRun) writeAtomically(change.path, change.text);
    return dryRun ? 'would write' : 'wrote';
  }
  let existing: string | undefined;
  try {
    existing = lstatSync(change.path).isSymbolicLink() ? resolve(dirname(change.path), readlinkSync(change.path)) : 'not a link';
  } catch {
    existing = undefined;
  }
  if (existing === resolve(change.target)) return 'unchanged';
  if (existing !== undefined) return `kept (${change.path} exists; the doctor checks it resolves)`;
  if (!dryRun) {
    mkdirSync(dirname(change.path), { recursive: true });
    symlinkSync(change.target, change.path, process.platform === 'win32' ? 'junction' : 'dir');
  }
  return dryRun ? 'would link' : 'linked';
}

function printChecks(io: CliIo, agent: SetupAgent, checks: Check[], home: string): boolean {
  const failed = checks.filter((c) => !c.ok);
  const open = failed.filter((c) => c.effect !== 'blocks').length;
  io.stdout(`${agent}\n`);
  for (const c of checks) io.stdout(`  ${c.ok ? 'ok  ' : 'FAIL'}  ${c.what}: ${tilde(c.detail, home)}\n`);
  const problems = `${failed.length} problem${failed.length === 1 ? '' : 's'}`;
  if (failed.length === 0) io.stdout(`${agent}: fails closed\n`);
  else if (open > 0) io.stdout(`${agent}: FAILS OPEN, calls can run unchecked (${problems})\n`);
  else io.stdout(`${agent}: fails closed, but refuses every call (${problems})\n`);
  return failed.length === 0;
}

/** Where each agent keeps its config: `vouch doctor` alone checks the agents found on this machine or project. */
function agentsPresent(ctx: SetupContext, fs: SetupFs): SetupAgent[] {
  const dirs: Record<SetupAgent, string[]> = {
    'claude-code': [join(ctx.home, '.claude'), join(ctx.cwd, '.claude')],
    codex: [ctx.env.CODEX_HOME ?? join(ctx.home, '.codex'), join(ctx.cwd, '.codex')],
    gemini: [join(ctx.home, '.gemini'), join(ctx.cwd, '.gemini')],
    copilot: [join(ctx.cwd, '.github', 'hooks')],
    cursor: [join(ctx.home, '.cursor'), join(ctx.cwd, '.cursor')],
    pi: [join(ctx.home, '.pi'), join(ctx.cwd, '.pi')],
  };
  return SETUP_AGENTS.filter((a) => dirs[a].some((d) => fs.list(d).length > 0));
}

function contextOf(home: string, cwd: string, env: NodeJS.ProcessEnv): SetupContext {
  return { home, cwd, env: { ...env } };
}

export async function runDoctor(argv: string[], io: CliIo, fs: SetupFs = nodeSetupFs): Promise<number> {
  const env = io.env ?? process.env;
  const options = parseSetupArgs('doctor', argv, env, io.cwd ?? process.cwd());
  const ctx = contextOf(options.home, options.cwd, env);
  const agents = options.agent === undefined ? agentsPresent(ctx, fs) : [agentOf(options.agent, 'doctor')];
  if (agents.length === 0) {
    io.stdout(`no agent's config found under ${options.home} or ${options.cwd}; name one: vouch doctor ${SETUP_AGENTS.join('|')}\n`);
    return EXIT.deny;
  }
  let closed = true;
  for (const agent of agents) {
    if (!printChecks(io, agent, await agentSetup(agent, packageRoot()).doctor(ctx, fs), options.home)) closed = false;
  }
  return closed ? EXIT.pass : EXIT.deny;
}

export async function runInit(argv: string[], io: CliIo, fs: SetupFs = nodeSetupFs): Promise<number> {
  const env = io.env ?? process.env;
  const options = parseSetupArgs('init', argv, env, io.cwd ?? process.cwd());
  const agent = agentOf(options.agent, 'init');
  if (options.http !== undefined && agent !== 'claude-code') throw new UsageError(`--http is for claude-code, whose hooks can be HTTP; ${agent} runs a command`);
  if (options.http !== undefined && !servesVouch(options.http, 'claude-code')) {
    throw new UsageError(`--url must be a vouch serve's Claude Code hook, http://HOST:PORT/hook/claude-code, not '${options.http}'`);
  }
  const ctx = contextOf(options.home, options.cwd, env);
  const setup = agentSetup(agent, packageRoot());
  let changes: Change[];
  try {
    if (options.warm && agent === 'pi') throw new UsageError('--warm is for agents that start a hook process; pi runs vouch in its own process, warm already');
    changes = setup.init(ctx, fs, { project: options.project, ...(options.http !== undefined ? { http: options.http } : {}), ...(options.warm ? { warm: true } : {}) });
  } catch (err) {
    if (err instanceof SetupError) throw new UsageError(err.message);
    throw err;
  }
  for (const change of changes) {
    const done = apply(change, fs, options.dryRun);
    io.stdout(`${done} ${shown(change.path, options.home)}${change.kind === 'link' ? ` -> ${change.target}` : ''}: ${change.summary}\n`);
  }
  if (options.dryRun) return EXIT.pass;
  io.stdout('\n');
  return printChecks(io, agent, await setup.doctor(ctx, fs), options.home) ? EXIT.pass : EXIT.deny;
}
