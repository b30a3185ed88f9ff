// Reads `vouch analyze` and `vouch hook` options: flags first, then the command words (after `--` or the first word).
import { resolve } from 'node:path';
import { DEFAULT_SERVE_PORT } from '../integrations/hooks.js';
import type { Dialect } from '../types.js';
import { UsageError } from './run.js';

export interface AnalyzeOptions {
  shell: Dialect;
  cwd: string;
  home: string;
  policy?: string;
  json: boolean;
  batch: boolean;
  /** `--batch --workers N`: analyse on N worker threads, answers still in input order. */
  workers?: number;
  /** The command words, joined by spaces; undefined when none were given (read stdin). */
  command?: string;
}

type Flag =
  | 'shell'
  | 'cwd'
  | 'home'
  | 'policy'
  | 'json'
  | 'batch'
  | 'workers'
  | 'project'
  | 'dry-run'
  | 'warm'
  | 'http'
  | 'url'
  | 'host'
  | 'port'
  | 'socket'
  | 'token-file'
  | 'log'
  | 'max-body'
  | 'max-queue'
  | 'idle-exit';
const VALUED = new Set<Flag>(['shell', 'cwd', 'home', 'policy', 'workers', 'url', 'host', 'port', 'socket', 'token-file', 'log', 'max-body', 'max-queue', 'idle-exit']);

interface Parsed {
  values: Partial<Record<Flag, string>>;
  switches: Set<Flag>;
  words: string[];
}

/**
 * Options stop at `--` or at the first word that is not an option, so `vouch analyze ls -la` reads `ls -la`.
 * `allowed` lists the flags the subcommand takes.
 */
function parseFlags(argv: string[], allowed: ReadonlySet<Flag>): Parsed {
  const values: Partial<Record<Flag, string>> = {};
  const switches = new Set<Flag>();
  let i = 0;
  for (; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      i++;
      break;
    }
    if (!arg.startsWith('--') || arg === '-') break;
    const eq = arg.indexOf('=');
    const name = (eq < 0 ? arg.slice(2) : arg.slice(2, eq)) as Flag;
    if (!allowed.has(name)) throw new UsageError(`unknown option '${eq < 0 ? arg : arg.slice(0, eq)}' (see vouch --help)`);
    if (VALUED.has(name)) {
      let value: string | undefined;
      if (eq >= 0) value = arg.slice(eq + 1);
      else {
        value = argv[i + 1];
        i++;
      }
      if (value === undefined || value === '') throw new UsageError(`option --${name} needs a value`);
      if (values[name] !== undefined) throw new UsageError(`option --${name} given twice`);
      values[name] = value;
    } else {
      if (eq >= 0) throw new UsageError(`option --${name} takes no value`);
      switches.add(name);
    }
  }
  return { values, switches, words: argv.slice(i) };
}

function dialectOf(value: string | undefined): Dialect {
  if (value === undefined || value === 'bash') return 'bash';
  if (value === 'powershell' || value === 'pwsh') return 'powershell';
  throw new UsageError(`--shell must be bash or powershell, not '${value}'`);
}

/** The home directory: --home, else $HOME; the analyzer needs it absolute. */
function homeOf(value: string | undefined, env: NodeJS.ProcessEnv, cwd: string): string {
  const home = value ?? env.HOME ?? env.USERPROFILE;
  if (home === undefined || home === '') throw new UsageError('no home directory: set $HOME or pass --home DIR');
  return resolve(cwd, home);
}

const ANALYZE_FLAGS = new Set<Flag>(['shell', 'cwd', 'home', 'policy', 'json', 'batch', 'workers']);

/** A whole number from `min` up, for option `--name`. */
export function countOf(name: string, value: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, not '${value}'`);
  return Number(value);
}

export function parseAnalyzeArgs(argv: string[], env: NodeJS.ProcessEnv, processCwd: string): AnalyzeOptions {
  const { values, switches, words } = parseFlags(argv, ANALYZE_FLAGS);
  const batch = switches.has('batch');
  if (batch && words.length > 0) throw new UsageError('--batch reads its commands from stdin; give no COMMAND');
  const options: AnalyzeOptions = {
    shell: dialectOf(values.shell),
    cwd: resolve(processCwd, values.cwd ?? '.'),
    home: homeOf(values.home, env, processCwd),
    json: switches.has('json'),
    batch,
  };
  if (values.policy !== undefined) options.policy = resolve(processCwd, values.policy);
  if (values.workers !== undefined) {
    if (!batch) throw new UsageError('--workers goes with --batch (a single command line runs in one thread)');
    options.workers = countOf('workers', values.workers, 1, 64);
  }
  if (words.length > 0) options.command = words.join(' ');
  return options;
}

export interface HookOptions {
  agent: string;
  home: string;
  policy?: string;
  /**
   * A warm `vouch serve --socket PATH` the launcher (vouch.cts) hands the event to first; the bundle runs only when that
   * server gave no answer, and then decides here, as without one.
   */
  socket?: string;
}

/** An agent named once, among options that may stand before or after it. */
function agentAndFlags(argv: string[]): { agent: string | undefined; flags: string[] } {
  const flags: string[] = [];
  let agent: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg.startsWith('--')) {
      flags.push(arg);
      if (!arg.includes('=') && VALUED.has(arg.slice(2) as Flag) && i + 1 < argv.length) flags.push(argv[++i]!);
    } else if (agent === undefined) agent = arg;
    else throw new UsageError(`unexpected argument '${arg}' (see vouch --help)`);
  }
  return { agent, flags };
}

const HOOK_FLAGS = new Set<Flag>(['home', 'policy', 'socket']);

export function parseHookArgs(argv: string[], env: NodeJS.ProcessEnv, processCwd: string): HookOptions {
  // The agent may stand before or after the options: `vouch hook claude-code --policy p.json`.
  const { agent, flags } = agentAndFlags(argv);
  if (agent === undefined) throw new UsageError('vouch hook needs an agent: claude-code, codex, gemini, copilot or cursor');
  const { values } = parseFlags(flags, HOOK_FLAGS);
  const options: HookOptions = { agent, home: homeOf(values.home, env, processCwd) };
  if (values.policy !== undefined) options.policy = resolve(processCwd, values.policy);
  if (values.socket !== undefined) options.socket = values.socket;
  return options;
}

export interface ServeOptions {
  /** Where to listen: a TCP host and port, or a unix socket (`socket` set, host and port then unused). */
  host: string;
  port: number;
  socket?: string;
  /** Worker threads, one analyzer each. */
  workers: number;
  home: string;
  policy?: string;
  /** A file holding the bearer token (else `$VOUCH_SERVE_TOKEN`; neither: loopback or socket only). */
  tokenFile?: string;
  /** One line per verdict: a file to append to, or `-` for stderr. */
  log?: string;
  maxBodyBytes: number;
  maxQueue: number;
  /** Seconds without a request after which the server stops (as on SIGTERM); 0: never. */
  idleExitSeconds: number;
}


const SERVE_FLAGS = new Set<Flag>(['host', 'port', 'socket', 'workers', 'home', 'policy', 'token-file', 'log', 'max-body', 'max-queue', 'idle-exit']);

export function parseServeArgs(argv: string[], env: NodeJS.ProcessEnv, processCwd: string): ServeOptions {
  const { values, words } = parseFlags(argv, SERVE_FLAGS);
  if (words.length > 0) throw new UsageError(`unexpected argument '${words[0]}' (see vouch --help)`);
  if (values.socket !== undefined && (values.host !== undefined || values.port !== undefined)) {
    throw new UsageError('--socket listens on a unix socket: give no --host or --port with it');
  }
  const options: ServeOptions = {
    host: values.host ?? '127.0.0.1',
    port: values.port === undefined ? DEFAULT_SERVE_PORT : countOf('port', values.port, 0, 65535),
    workers: values.workers === undefined ? 1 : countOf('workers', values.workers, 1, 64),
    home: homeOf(values.home, env, processCwd),
    maxBodyBytes: values['max-body'] === undefined ? 16 * 1024 * 1024 : countOf('max-body', values['max-body'], 1024, 1024 * 1024 * 1024),
    maxQueue: values['max-queue'] === undefined ? 256 : countOf('max-queue', values['max-queue'], 1, 1_000_000),
    idleExitSeconds: values['idle-exit'] === undefined ? 0 : countOf('idle-exit', values['idle-exit'], 0, 7 * 24 * 3600),
  };
  if (values.socket !== undefined) options.socket = resolve(processCwd, values.socket);
  if (values.policy !== undefined) options.policy = resolve(processCwd, values.policy);
  if (values['token-file'] !== undefined) options.tokenFile = resolve(processCwd, values['token-file']);
  if (values.log !== undefined) options.log = values.log === '-' ? '-' : resolve(processCwd, values.log);
  return options;
}

export interface SetupOptions {
  /** The agent named, if any (`vouch doctor` alone checks every agent found). */
  agent?: string;
  home: string;
  /** The project directory (the agent's working directory): --cwd, else the current directory. */
  cwd: string;
  /** `vouch init`: write the project's config instead of the user's, where the agent has both. */
  project: boolean;
  /** `vouch init`: print what would change, write nothing. */
  dryRun: boolean;
  /** `vouch init claude-code --http [--url URL]`: the URL of the HTTP hook (a running `vouch serve`). */
  http?: string;
  /** `vouch init AGENT --warm`: the hook command asks a server it starts itself (`vouch hook AGENT --socket auto`). */
  warm?: boolean;
}

const SETUP_FLAGS = new Set<Flag>(['home', 'cwd', 'project', 'dry-run', 'http', 'url', 'warm']);

/** `vouch init AGENT` and `vouch doctor [AGENT]`: the agent and the options, in any order. */
export function parseSetupArgs(command: 'init' | 'doctor', argv: string[], env: NodeJS.ProcessEnv, processCwd: string): SetupOptions {
  const { agent, flags } = agentAndFlags(argv);
  const { values, switches } = parseFlags(flags, command === 'init' ? SETUP_FLAGS : new Set<Flag>(['home', 'cwd']));
  const options: SetupOptions = {
    home: homeOf(values.home, env, processCwd),
    cwd: resolve(processCwd, values.cwd ?? '.'),
    project: switches.has('project'),
    dryRun: switches.has('dry-run'),
  };
  if (agent !== undefined) options.agent = agent;
  if (values.url !== undefined && !switches.has('http')) throw new UsageError('--url goes with --http');
  if (switches.has('http')) options.http = values.url ?? `http://127.0.0.1:${DEFAULT_SERVE_PORT}/hook/claude-code`;
  if (switches.has('warm')) {
    if (switches.has('http')) throw new UsageError('--warm is for command hooks; --http already asks a running vouch serve');
    options.warm = true;
  }
  return options;
}
