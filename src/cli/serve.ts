// `vouch serve`: a warm vouch on 127.0.0.1 (or a unix socket) answering agents' hook events over HTTP, and
// `vouch analyze --batch --workers N`. Built apart as dist/cli/vouch-serve.cjs, so a hook process never reads it.
import { createWriteStream, lstatSync, readFileSync, unlinkSync } from 'node:fs';
import { connect } from 'node:net';
import { parseServeArgs, type ServeOptions } from './options.js';
import { cliFile, WorkerPool } from './pool.js';
import { type CliIo, EXIT, oneLine, UsageError } from './run.js';
import { createVouchServer, isLoopbackHost } from './server.js';

export { runParallelBatch } from './parallel.js';

/** The environment variable that holds the bearer token, when no --token-file names one. */
export const TOKEN_ENV = 'VOUCH_SERVE_TOKEN';

function tokenOf(options: ServeOptions, env: NodeJS.ProcessEnv): string | undefined {
  let token: string | undefined;
  if (options.tokenFile !== undefined) {
    try {
      token = readFileSync(options.tokenFile, 'utf8').trim();
    } catch (err) {
      throw new UsageError(`cannot read the token file ${options.tokenFile}: ${oneLine(err)}`);
    }
    if (token === '') throw new UsageError(`the token file ${options.tokenFile} is empty`);
  } else if (env[TOKEN_ENV]) token = env[TOKEN_ENV]!.trim();
  if (token !== undefined && (token.length < 16 || /\s/.test(token))) throw new UsageError('the token must be at least 16 characters, with no blanks');
  return token;
}

/**
 * A stale socket file from a server that died is removed; anything else at that path is left alone (EADDRINUSE), and
 * so is a socket a server still answers on: a second server never takes a running one's socket from under it.
 */
async function clearStaleSocket(path: string): Promise<void> {
  try {
    if (!lstatSync(path).isSocket()) return;
  } catch {
    return; // nothing there
  }
  const live = await new Promise<boolean>((resolve) => {
    const probe = connect(path);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
  if (live) throw new UsageError(`a server already listens on ${path}`);
  try {
    unlinkSync(path);
  } catch {
    // gone meanwhile
  }
}

export async function runServe(argv: string[], io: CliIo): Promise<number> {
  const env = io.env ?? process.env;
  const cwd = io.cwd ?? process.cwd();
  const options = parseServeArgs(argv, env, cwd);
  const token = tokenOf(options, env);
  if (token === undefined && options.socket === undefined && !isLoopbackHost(options.host)) {
    throw new UsageError(`refusing to listen on ${options.host} without a token: anyone who reaches it could ask it (set ${TOKEN_ENV} or --token-file, or listen on 127.0.0.1)`);
  }
  const warn = (message: string) => io.stderr(`vouch serve: ${message}\n`);
  let log: ((line: string) => void) | undefined;
  if (options.log === '-') log = (line) => io.stderr(`${line}\n`);
  else if (options.log !== undefined) {
    const stream = createWriteStream(options.log, { flags: 'a' });
    stream.on('error', (err) => warn(`cannot write the log ${options.log}: ${err.message}`));
    log = (line) => stream.write(`${line}\n`);
  }
  const setup = { home: options.home, cwd, log: log !== undefined, ...(options.policy ? { policy: options.policy } : {}) };
  const pool = new WorkerPool({
    size: options.workers,
    workerFile: cliFile('vouch-worker.cjs'),
    runtimeWasm: cliFile('web-tree-sitter.wasm'),
    setup,
    maxQueue: options.maxQueue,
    jobTimeoutMs: 10_000,
    warn,
  });
  try {
    await pool.start();
  } catch (err) {
    throw new UsageError(`cannot start the workers: ${oneLine(err)}`);
  }
  const { server, shutdown } = createVouchServer({
    pool,
    ...(token ? { token } : {}),
    socket: options.socket !== undefined,
    maxBodyBytes: options.maxBodyBytes,
    ...(log ? { log } : {}),
    warn,
  });
  if (options.socket !== undefined) {
    try {
      await clearStaleSocket(options.socket);
    } catch (err) {
      await pool.close();
      throw err;
    }
  }
  const where = await new Promise<string>((resolve, reject) => {
    server.once('error', reject);
    if (options.socket !== undefined) {
      // Only this user may connect: the socket's mode is its access control.
      const mask = process.umask(0o177);
      server.listen(options.socket, () => {
        process.umask(mask);
        resolve(`unix:${options.socket}`);
      });
    } else {
      server.listen(options.port, options.host, () => {
        const address = server.address();
        const port = typeof address === 'object' && address ? address.port : options.port;
        resolve(`http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`);
      });
    }
  }).catch(async (err: unknown) => {
    await pool.close();
    throw new UsageError(`cannot listen: ${oneLine(err)}`);
  });
  io.stdout(
    `vouch serve: listening on ${where} (${options.workers} worker${options.workers === 1 ? '' : 's'}, ${token ? 'bearer token required' : 'no token: this machine only'}); POST /hook/<agent>, /v1/analyze, /v1/decide; GET /healthz\n`,
  );
  await new Promise<void>((resolve) => {
    let idle: NodeJS.Timeout | undefined;
    const stop = (why: string) => {
      io.stderr(`vouch serve: ${why}: answering the requests in flight, then stopping\n`);
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      if (idle) clearInterval(idle);
      shutdown().then(resolve, resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    // --idle-exit: a server a hook started for itself (`vouch hook AGENT --socket auto`) goes when no agent asks it.
    if (options.idleExitSeconds > 0) {
      const idleMs = options.idleExitSeconds * 1000;
      let last = Date.now();
      server.on('request', () => {
        last = Date.now();
      });
      idle = setInterval(() => {
        if (Date.now() - last >= idleMs) stop(`no request for ${options.idleExitSeconds} s`);
      }, Math.min(idleMs, 30_000));
      idle.unref();
    }
  });
  return EXIT.pass;
}
