#!/usr/bin/env node
// The `vouch` executable. It loads the CLI, bundled into one CommonJS file (vouch-main.cjs), through V8's code
// cache: compiling that JavaScript anew was a third of `vouch analyze`'s cold start, and an agent hook is a
// cold start on every tool call. (Starting the wasm compiling here, before the bundle, was measured too: V8
// needs the main thread between its compile steps, so it gained nothing.) The cache is written at build time
// (`--build-code-cache`, run by `npm run build`) and used only when it was made from this very bundle and V8
// accepts it (same V8 version and flags, same source length); otherwise the bundle is compiled as usual, just
// slower. "This very bundle" is the bundle's last line, the sha256 of its content written there at build time
// (tsup.config.ts): it survives an install, which resets every file's modification time, and costs nothing to
// read, where hashing the bundle here would cost more than the cache saves (node:crypto alone takes ~3 ms). A
// bundle edited by hand keeps a stale key: rebuild, or delete the .cache file beside it.
import fs = require('node:fs');
import Module = require('node:module');
import path = require('node:path');
import vm = require('node:vm');

const { renameSync, writeFileSync } = fs;
const { dirname, join } = path;

// V8's flags for wasm, set just before the first wasm is compiled (the bundle calls `beforeWasm`), never before the
// bundle is: the code cache carries a hash of V8's flags and is refused under others, so it is made and used under
// none, and a line of plain words, which never parses, does not pay for node:v8 (it loads node:stream, ~1.5 ms).
// Liftoff only: a run is too short for optimised wasm to pay for itself, and Node waits for pending background
// compilation before it exits: tiering the lexer up to TurboFan kept a hook alive for a second. (Set here, not in
// the shebang: busybox's env, Alpine's, has no -S, and a hook that cannot start is a hook an agent skips.)
const WASM_FLAGS = ['--liftoff-only'];
function setWasmFlags(): void {
  if (WASM_FLAGS.every((f) => process.execArgv.includes(f))) return;
  const v8 = require('node:v8') as typeof import('node:v8');
  for (const f of WASM_FLAGS) v8.setFlagsFromString(f);
}

/** What the bundle (src/cli/main.ts) exports. */
interface CliBundle {
  main(options: { runtimeWasm: string; beforeWasm?: () => void; stdin?: Buffer }): Promise<void>;
  warm(options: { runtimeWasm: string }): Promise<number>;
}

const BUNDLE = join(__dirname, 'vouch-main.cjs');
const CACHE = `${BUNDLE}.cache`;
/** web-tree-sitter's runtime, copied beside the bundle at build time from the version bundled. */
const RUNTIME_WASM = join(__dirname, 'web-tree-sitter.wasm');

/** The bundle's key: its last line, written at build time, naming the sha256 of its content. */
function bundleKey(source: string): string | undefined {
  const at = source.lastIndexOf('\n//# vouch-bundle ');
  if (at < 0) return undefined;
  const end = source.indexOf('\n', at + 1);
  return source.slice(at + 1, end < 0 ? undefined : end);
}

/** The first line of the cache file: which bundle it was made from. */
function stamp(key: string): string {
  return `vouch code cache for ${key}\n`;
}

/** The whole of an open file read into `buf` from its start; the number of bytes read. */
function readAll(fd: number, buf: Buffer, size: number): number {
  let n = 0;
  while (n < size) {
    const got = fs.readSync(fd, buf, n, size - n, n);
    if (got === 0) break;
    n += got;
  }
  return n;
}

/** What became of the code cache: used, refused by V8, or absent (missing, or made from another bundle). */
type CacheState = 'accepted' | 'rejected' | 'absent';

/**
 * Reads the bundle and its code cache through one buffer, the cache over the bundle's bytes once they are a string:
 * fresh memory is what a start-up pays most for (each new page a fault), and the two files are 3.5 MB. The bundle is
 * ASCII (esbuild escapes the rest), so latin1 reads it as UTF-8 would, without decoding it; it is written as Node's
 * module wrapper would wrap it (tsup.config.ts), so its text is compiled as it is read, with no copy joined around it.
 */
function readBundle(useCache: boolean): { source: string; key: string | undefined; cachedData: Buffer | undefined } {
  const fd = fs.openSync(BUNDLE, 'r');
  let cacheFd: number | undefined;
  try {
    const size = fs.fstatSync(fd).size;
    if (useCache) {
      try {
        cacheFd = fs.openSync(CACHE, 'r');
      } catch {
        cacheFd = undefined;
      }
    }
    const cacheSize = cacheFd === undefined ? 0 : fs.fstatSync(cacheFd).size;
    const buf = Buffer.allocUnsafeSlow(Math.max(size, cacheSize));
    const source = buf.toString('latin1', 0, readAll(fd, buf, size));
    const key = bundleKey(source);
    if (cacheFd === undefined || key === undefined) return { source, key, cachedData: undefined };
    const read = readAll(cacheFd, buf, cacheSize);
    const header = Buffer.from(stamp(key), 'latin1');
    if (read <= header.length || !buf.subarray(0, header.length).equals(header)) return { source, key, cachedData: undefined };
    return { source, key, cachedData: buf.subarray(header.length, read) };
  } finally {
    fs.closeSync(fd);
    if (cacheFd !== undefined) fs.closeSync(cacheFd);
  }
}

function load(useCache: boolean): { bundle: CliBundle; script: vm.Script; key: string | undefined; cache: CacheState } {
  const { source, key, cachedData } = readBundle(useCache);
  const script = new vm.Script(source, {
    // No importModuleDynamically: Node 20 warns that it is experimental. The one dynamic import left in the
    // bundle loads the native backend's grammars, which the CLI never uses; reached, it fails as an error.
    filename: BUNDLE,
    ...(cachedData ? { cachedData } : {}),
  });
  const wrapper = script.runInThisContext() as (exports: object, require: NodeRequire, module: object, filename: string, dirname: string) => void;
  const module = { exports: {} as CliBundle };
  wrapper.call(module.exports, module.exports, Module.createRequire(BUNDLE), module, BUNDLE, dirname(BUNDLE));
  const cache: CacheState = !cachedData ? 'absent' : script.cachedDataRejected ? 'rejected' : 'accepted';
  return { bundle: module.exports, script, key, cache };
}

/**
 * Runs the bundle over its warm-up input in this process, then writes the code cache it compiled. No wasm flag is
 * set here (warm passes no `beforeWasm`): the cache is made under the flags a run compiles the bundle with.
 */
async function buildCodeCache(): Promise<void> {
  const { bundle, script, key } = load(false);
  if (key === undefined) throw new Error(`${BUNDLE} has no vouch-bundle line to key the cache by (built by tsup.config.ts)`);
  const usageErrors = await bundle.warm({ runtimeWasm: RUNTIME_WASM });
  if (usageErrors > 0) throw new Error(`${usageErrors} warm-up runs ended in a usage error`);
  const data = script.createCachedData();
  const tmp = `${CACHE}.${process.pid}`;
  writeFileSync(tmp, Buffer.concat([Buffer.from(stamp(key), 'latin1'), data]));
  renameSync(tmp, CACHE);
  process.stdout.write(`vouch: wrote ${CACHE} (${data.length} bytes)\n`);
}

/**
 * `vouch hook AGENT --socket PATH`: the event goes first to a warm `vouch serve --socket PATH`, which answers in well
 * under a millisecond, so the hook costs little more than Node's own start: the bundle is not even loaded. Only a
 * socket this user owns is asked (its mode is the server's access control), and only a whole 200 answer is taken;
 * a server that is down, busy, slow or garbled is passed by, and the bundle decides the event here, as without one.
 * Any other option (`--policy`, `--home`) is the bundle's to read: such a hook is never handed on.
 */
function hookSocket(argv: readonly string[]): { agent: string; socket: string } | undefined {
  if (argv[0] !== 'hook') return undefined;
  let agent: string | undefined;
  let socket: string | undefined;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--socket' && i + 1 < argv.length) socket = argv[++i];
    else if (a.startsWith('--socket=')) socket = a.slice(9);
    else if (!a.startsWith('-') && agent === undefined) agent = a;
    else return undefined;
  }
  return agent !== undefined && socket ? { agent, socket } : undefined;
}

/**
 * `vouch hook AGENT --socket auto`: the socket of a server this launcher starts itself. The first hook that finds none
 * decides its event here, as always, and starts `vouch serve --socket` in the background (detached, its own session,
 * no terminal, no inherited pipes), which exits after IDLE_EXIT_SECONDS without a request; the hooks after it are
 * answered warm. The socket lives in a directory only this user can enter ($XDG_RUNTIME_DIR/vouch, else
 * $TMPDIR/vouch-UID, made 0700 and refused if it is anyone else's or open to others), and its name is keyed by the
 * home, the installed bundle and the Node that runs it: another home, an upgrade or another Node starts a server of
 * its own, and the old one idles out. Not on Windows (no unix sockets to key by owner): the hook decides alone.
 */
const AUTO_SOCKET = 'auto';
const IDLE_EXIT_SECONDS = 900;
/** A server being started (its lock file younger than this) is not started again by the hooks that race it. */
const STARTING_MS = 20_000;

/** FNV-1a, 32 bits: a name, not a secret (node:crypto would cost more than the whole lookup). */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(36);
}

function autoSocket(home: string): string | undefined {
  if (process.platform === 'win32' || process.getuid === undefined) return undefined;
  const uid = process.getuid();
  const runtime = process.env.XDG_RUNTIME_DIR;
  const dir = runtime && path.isAbsolute(runtime) ? join(runtime, 'vouch') : join((require('node:os') as typeof import('node:os')).tmpdir(), `vouch-${uid}`);
  try {
    try {
      fs.mkdirSync(dir, { mode: 0o700 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') return undefined;
    }
    const st = fs.lstatSync(dir);
    if (!st.isDirectory() || st.uid !== uid || (st.mode & 0o077) !== 0) return undefined;
    const bundle = fs.statSync(BUNDLE);
    const socket = join(dir, `${fnv1a(`${home}\0${bundle.size}\0${bundle.mtimeMs}\0${process.execPath}\0${process.version}`)}.sock`);
    // A unix socket's path has room for about 100 bytes.
    return Buffer.byteLength(socket) < 100 ? socket : undefined;
  } catch {
    return undefined;
  }
}

/** Starts `vouch serve --socket SOCKET` in the background, unless another hook has just done so. */
function startServer(socket: string, home: string): void {
  const lock = `${socket}.starting`;
  try {
    try {
      fs.writeFileSync(lock, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
    } catch {
      if (Date.now() - fs.statSync(lock).mtimeMs < STARTING_MS) return;
      fs.writeFileSync(lock, `${process.pid}\n`, { mode: 0o600 });
    }
    const env = { ...process.env };
    // A token in the environment would make the server ask the hooks for it; a socket's access control is its mode.
    delete env.VOUCH_SERVE_TOKEN;
    const { spawn } = require('node:child_process') as typeof import('node:child_process');
    const child = spawn(process.execPath, [__filename, 'serve', '--socket', socket, '--home', home, '--idle-exit', String(IDLE_EXIT_SECONDS)], {
      detached: true,
      stdio: 'ignore',
      cwd: dirname(socket),
      env,
    });
    child.on('error', () => {});
    child.unref();
  } catch {
    // No server this time: the hook decides alone, as without one.
  }
}

/** How long the server has to answer before the bundle decides instead. */
const SERVER_TIMEOUT_MS = 5_000;

/** The body of a complete `200` HTTP/1.1 answer with a Content-Length that matches it; undefined for anything else. */
function okBody(response: Buffer): string | undefined {
  const end = response.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const head = response.subarray(0, end).toString('latin1');
  if (!/^HTTP\/1\.[01] 200 /.test(head)) return undefined;
  const length = /\r\ncontent-length:[ \t]*(\d+)[ \t]*(?:\r\n|$)/i.exec(head);
  const body = response.subarray(end + 4);
  return length && Number(length[1]) === body.length ? body.toString('utf8') : undefined;
}

function askServer(agent: string, socket: string, event: Buffer): Promise<string | undefined> {
  return new Promise((resolve) => {
    try {
      const st = fs.statSync(socket);
      if (!st.isSocket() || (process.getuid !== undefined && st.uid !== process.getuid())) return resolve(undefined);
    } catch {
      return resolve(undefined);
    }
    const net = require('node:net') as typeof import('node:net');
    const chunks: Buffer[] = [];
    let settled = false;
    const settle = (v: string | undefined) => {
      if (settled) return;
      settled = true;
      conn.destroy();
      resolve(v);
    };
    const conn = net.createConnection(socket);
    conn.setTimeout(SERVER_TIMEOUT_MS, () => settle(undefined));
    conn.on('error', () => settle(undefined));
    conn.on('connect', () => {
      conn.write(`POST /hook/${encodeURIComponent(agent)} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${event.length}\r\nConnection: close\r\n\r\n`);
      // Not end(): a half-closed connection may be dropped before the answer (the server closes it after, as asked).
      conn.write(event);
    });
    conn.on('data', (c: Buffer) => chunks.push(c));
    conn.on('end', () => settle(okBody(Buffer.concat(chunks))));
  });
}

/**
 * The whole standard input, when it is a pipe, a socket or a file (a terminal is left to the bundle, which says what a
 * hook reads). Read at once where the descriptor blocks; a non-blocking one (the socket pair Node gives a child it
 * spawns, as the agents spawn hooks) is read as a stream.
 */
function readInput(): Promise<Buffer | undefined> {
  try {
    const st = fs.fstatSync(0);
    if (!(st.isFIFO() || st.isFile() || st.isSocket())) return Promise.resolve(undefined);
    return Promise.resolve(fs.readFileSync(0));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') return Promise.resolve(undefined);
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    process.stdin.on('data', (c: Buffer) => chunks.push(c));
    process.stdin.on('end', () => resolve(Buffer.concat(chunks)));
    process.stdin.on('error', () => resolve(undefined));
  });
}

function runBundle(stdin?: Buffer): void {
  let bundle: CliBundle | undefined;
  try {
    const loaded = load(true);
    bundle = loaded.bundle;
    // VOUCH_STARTUP_REPORT=1: one line on stderr saying whether the code cache served (for a slow start).
    if (process.env.VOUCH_STARTUP_REPORT === '1') process.stderr.write(`vouch: code cache ${loaded.cache}\n`);
  } catch (err) {
    process.stderr.write(`vouch: internal error: cannot load ${BUNDLE}: ${err instanceof Error ? err.message.split('\n', 1)[0] : String(err)}\n`);
    process.exitCode = 2;
  }
  bundle?.main({ runtimeWasm: RUNTIME_WASM, beforeWasm: setWasmFlags, ...(stdin !== undefined ? { stdin } : {}) });
}

const viaServer = process.argv[2] === 'hook' ? hookSocket(process.argv.slice(2)) : undefined;
if (process.argv[2] === '--build-code-cache') {
  buildCodeCache().catch((err: unknown) => {
    process.stderr.write(`vouch: cannot build the code cache: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 2;
  });
} else if (viaServer) {
  const { agent } = viaServer;
  // The home the bundle reads (options.ts), absolute, or no server: it is the server's --home.
  const env = process.env.HOME ?? process.env.USERPROFILE;
  const home = env && path.isAbsolute(env) ? env : undefined;
  const auto = viaServer.socket === AUTO_SOCKET;
  const socket = !auto ? viaServer.socket : home ? autoSocket(home) : undefined;
  readInput().then(async (event) => {
    // (What was read of a stream that failed is lost: the bundle then reads what is left, and fails closed on it.)
    const answer = event === undefined || socket === undefined ? undefined : await askServer(agent, socket, event);
    if (answer !== undefined) {
      if (process.env.VOUCH_STARTUP_REPORT === '1') process.stderr.write(`vouch: answered by the server at ${socket}\n`);
      process.stdout.write(answer);
      return;
    }
    if (auto && socket !== undefined && home) startServer(socket, home);
    runBundle(event);
  });
} else runBundle();
