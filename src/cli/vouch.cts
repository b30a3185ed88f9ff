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

const { readFileSync, renameSync, writeFileSync } = fs;
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
  main(options: { runtimeWasm: string; beforeWasm?: () => void }): Promise<void>;
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

function readCache(key: string | undefined): Buffer | undefined {
  if (key === undefined) return undefined;
  let file: Buffer;
  try {
    file = readFileSync(CACHE);
  } catch {
    return undefined;
  }
  const header = Buffer.from(stamp(key), 'latin1');
  if (file.length <= header.length || !file.subarray(0, header.length).equals(header)) return undefined;
  return file.subarray(header.length);
}

/** What became of the code cache: used, refused by V8, or absent (missing, or made from another bundle). */
type CacheState = 'accepted' | 'rejected' | 'absent';

function load(useCache: boolean): { bundle: CliBundle; script: vm.Script; key: string | undefined; cache: CacheState } {
  // The bundle is ASCII (esbuild escapes the rest), so latin1 reads it as UTF-8 would, without decoding it.
  const source = readFileSync(BUNDLE, 'latin1');
  const key = bundleKey(source);
  const cachedData = useCache ? readCache(key) : undefined;
  const script = new vm.Script(Module.wrap(source), {
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

if (process.argv[2] === '--build-code-cache') {
  buildCodeCache().catch((err: unknown) => {
    process.stderr.write(`vouch: cannot build the code cache: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 2;
  });
} else {
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
  bundle?.main({ runtimeWasm: RUNTIME_WASM, beforeWasm: setWasmFlags });
}
