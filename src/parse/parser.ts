// One lazily initialised tree-sitter parser per grammar (each shell, each interpreter language); parse with size and
// time limits, free every tree.
import { readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, resolve as resolvePath } from 'node:path';
import { runInThisContext } from 'node:vm';
import { Language, type Node, Parser } from 'web-tree-sitter';
import { monotonicMs } from '../clock.js';
import type { Dialect, Span } from '../types.js';
import { type TreeNode, cached } from './cached.js';
import { flatten, isFlat } from './flat.js';
import { type CodeGrammar, type Grammar, grammarFile, isCodeGrammar } from './grammars.js';
import { loadOnce } from './once.js';
import { type ParseBackend, dropNativeParser, nativeParser } from './native.js';

export interface ParseLimits {
  /** Largest accepted input, in UTF-8 bytes (default 64 KiB). */
  maxBytes: number;
  /** Parse time budget in milliseconds (default 500: a cold wasm parser on a busy machine needs tens of ms). */
  timeoutMs: number;
  /** The tree-sitter runtime that parses (default `wasm`); both present the same Node surface. */
  backend?: ParseBackend;
}

export const DEFAULT_LIMITS: ParseLimits = { maxBytes: 64 * 1024, timeoutMs: 500 };

/** An ERROR or MISSING node in the tree. */
export interface SyntaxIssue {
  kind: 'error' | 'missing';
  /** For MISSING nodes: the node type the parser inserted. */
  type: string;
  span: Span;
}

export type ParseFailure =
  | { ok: false; reason: 'too-large'; message: string; bytes: number }
  | { ok: false; reason: 'timeout'; message: string }
  | { ok: false; reason: 'stack'; message: string }
  | { ok: false; reason: 'nul'; message: string }
  | { ok: false; reason: 'parser-error'; message: string };

export type ParseOutcome<T> = { ok: true; value: T; issues: SyntaxIssue[] } | ParseFailure;

/** Paths of the grammar files, overridable for tests (a missing or corrupt grammar). */
export type GrammarSource = Partial<Record<Grammar, string>>;

let runtime: Promise<void> | undefined;
/** The runtime's init has completed: a grammar can be loaded synchronously, when a line first needs it. */
let runtimeReady = false;
const parsers = new Map<Grammar, Parser>();
const pending = new Map<Grammar, Promise<Parser>>();

let runtimeOverride: string | undefined;

/** web-tree-sitter's own wasm (the runtime every grammar links against), as its package exports it. */
function runtimeFile(): string {
  return runtimeOverride ?? createRequire(import.meta.url).resolve('web-tree-sitter/web-tree-sitter.wasm');
}

/** Uses this runtime wasm instead of web-tree-sitter's package's (the CLI ships a copy beside its bundle). */
export function setRuntimeFile(file: string): void {
  runtimeOverride = file;
}

let beforeCompile: (() => void) | undefined;

/**
 * Runs `hook` once, just before the first wasm is compiled (the CLI sets its wasm flags there, so a run that never
 * parses never pays for them); `undefined` clears it.
 */
export function setBeforeCompile(hook: (() => void) | undefined): void {
  beforeCompile = hook;
}

/** A compiled wasm module (WebAssembly.Module, which the ES2022 lib does not declare). */
type WasmModule = object;

/** The WebAssembly global as far as it is used here (the ES2022 lib without DOM declares no values for it). */
interface WasmGlobal {
  compile(bytes: Uint8Array): Promise<WasmModule>;
  Module: new (bytes: Uint8Array) => WasmModule;
  Instance: new (module: WasmModule, imports: object) => { exports: object };
}
const wasm = (globalThis as unknown as { WebAssembly: WasmGlobal }).WebAssembly;

/**
 * Compiled wasm modules by absolute file path, compiled once: a compiled module is immutable and serves every
 * later instantiation, a reload after a trap included. A failed compile is forgotten so a later call can retry.
 */
const compiled = new Map<string, Promise<WasmModule>>();

async function compileFresh(file: string, what: string): Promise<WasmModule> {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    throw new Error(`vouch: cannot read the ${what} ${file}: ${(err as Error).message}`);
  }
  const hook = beforeCompile;
  beforeCompile = undefined;
  hook?.();
  try {
    return await wasm.compile(bytes);
  } catch (err) {
    throw new Error(`vouch: the ${what} ${file} is not a valid tree-sitter wasm: ${(err as Error).message}`);
  }
}

function compileFile(file: string, what: string): Promise<WasmModule> {
  const key = resolvePath(file);
  let p = compiled.get(key);
  if (!p) {
    const fresh = compileFresh(key, what);
    fresh.catch(() => {
      if (compiled.get(key) === fresh) compiled.delete(key);
    });
    compiled.set(key, fresh);
    p = fresh;
  }
  return p;
}

/**
 * A canary over the low end of the runtime's C stack. Emscripten gives tree-sitter a 64 KiB stack in linear
 * memory with no guard below it, and parts of the runtime recurse without bound (`stack_node_release` over
 * the parse stack's links): 17,000 characters of `+curl ~||;` in PowerShell use all of it, and the frames go
 * on to overwrite the runtime's static data (malloc's state, function pointers) without a trap. Later calls
 * then misbehave or trap ("table index is out of bounds"). So the lowest 8 KiB of the stack are filled with
 * a pattern before each parse and checked after it: a parse that reached them is discarded as a limit, and
 * the runtime is reloaded, since its memory can no longer be trusted.
 */
interface StackGuard {
  memory: { buffer: ArrayBuffer };
  low: number;
  /**
   * The canary is in place: filled once, and found intact after every parse since (nothing else the runtime is
   * asked recurses). A parse that broke it is discarded and the runtime replaced, with a guard of its own.
   */
  filled: boolean;
}

const CANARY_WORDS = 2048;
const CANARY = 0x5aa5a55a;
let stackGuard: StackGuard | undefined;

function stackGuardOf(imports: object): StackGuard | undefined {
  const env = (imports as { env?: { memory?: { buffer?: unknown }; __stack_low?: unknown; __stack_high?: unknown } }).env;
  const low = env?.__stack_low;
  const high = env?.__stack_high;
  if (!(env?.memory?.buffer instanceof ArrayBuffer) || typeof low !== 'number' || typeof high !== 'number') return undefined;
  if (low % 4 !== 0 || high - low < CANARY_WORDS * 4 * 4) return undefined;
  return { memory: env.memory as { buffer: ArrayBuffer }, low, filled: false };
}

/** The canary's bytes, to copy in and compare against natively: a loop over its words cost ~4 µs a parse. */
const CANARY_BYTES = new Uint8Array(new Uint32Array(CANARY_WORDS).fill(CANARY).buffer);

function canary(guard: StackGuard): Uint8Array {
  // A fresh view each time: the memory's buffer is replaced when the heap grows.
  return new Uint8Array(guard.memory.buffer, guard.low, CANARY_WORDS * 4);
}

function fillCanary(guard: StackGuard): void {
  if (guard.filled) return;
  canary(guard).set(CANARY_BYTES);
  guard.filled = true;
}

function canaryIntact(guard: StackGuard): boolean {
  const intact = Buffer.compare(canary(guard), CANARY_BYTES) === 0;
  if (!intact) guard.filled = false;
  return intact;
}

/** Whether the stack canary is in place (the runtime exposes what it needs); for tests and diagnostics. */
export function stackGuardActive(): boolean {
  return stackGuard !== undefined;
}

/**
 * Loads web-tree-sitter's runtime once. The shells' parsers need it; so does interpreter code on either backend (the
 * native analyzer loads it too, for that).
 */
export function initRuntime(): Promise<void> {
  runtime ??= (async () => {
    const file = runtimeFile();
    const module = await compileFile(file, 'tree-sitter runtime');
    // Instantiated from the module compiled here (once, kept for a reload), instead of web-tree-sitter finding
    // and compiling its wasm itself. Synchronous, so a failure throws inside init's promise and rejects it.
    const instantiateWasm = (imports: object, done: (instance: object, module: WasmModule) => void) => {
      stackGuard = stackGuardOf(imports);
      const instance = new wasm.Instance(module, imports);
      done(instance, module);
      return instance.exports;
    };
    // Emscripten makes this object its Module, and web-tree-sitter calls the wasm through it (`C._ts_parser_delete`).
    const module_: Record<string, unknown> = { instantiateWasm };
    runtimeModule = module_;
    await binding.Parser.init(module_ as unknown as Parameters<typeof Parser.init>[0]);
    runtimeReady = true;
  })().catch((err: unknown) => {
    runtime = undefined;
    throw err;
  });
  return runtime;
}

function parserOf(grammar: Grammar, module: WasmModule, file: string): Parser {
  let language: Language;
  try {
    language = binding.Language.loadSync(module as Parameters<typeof Language.loadSync>[0]);
  } catch (err) {
    throw new Error(`vouch: the ${grammar} grammar ${file} is not a valid tree-sitter wasm: ${(err as Error).message}`);
  }
  const parser = new binding.Parser();
  parser.setLanguage(language);
  return parser;
}

async function loadParser(grammar: Grammar, file: string): Promise<Parser> {
  const [module] = await Promise.all([compileFile(file, `${grammar} grammar`), initRuntime()]);
  return parserOf(grammar, module, file);
}

/**
 * Loads the parser for a grammar once. A failed load is forgotten so a later call can retry.
 */
export function initParser(grammar: Grammar, source: GrammarSource = {}): Promise<Parser> {
  return loadOnce(parsers, pending, grammar, async () => {
    const file = source[grammar] ?? grammarFile(grammar);
    const parser = await loadParser(grammar, file);
    loadedFrom.set(grammar, file);
    return parser;
  });
}

/** The grammar file each loaded grammar came from, so a reload after a trap loads the same one. */
const loadedFrom = new Map<Grammar, string>();

/** Where interpreter grammars are read from when a line first needs one (createAnalyzer's `grammars`). */
let codeSource: GrammarSource = {};

/** Reads the interpreters' grammars from these files (tests: a missing or corrupt grammar). */
export function setCodeGrammarSource(source: GrammarSource): void {
  codeSource = source;
}

/** Why an interpreter grammar could not be loaded, by grammar, so a broken file is not compiled again per line. */
const codeFailures = new Map<CodeGrammar, string>();

/**
 * The parser of an interpreter language, loaded now, synchronously, the first time a line carries code in it: its
 * grammar is compiled only then (`vouch analyze ls` never reads it). Undefined, with the reason, while the runtime is
 * not loaded yet (a CLI reading plain words without it) or when the grammar does not load.
 */
function codeParserNow(grammar: CodeGrammar): Parser | string {
  const ready = parsers.get(grammar);
  if (ready) return ready;
  if (!runtimeReady) return 'is not initialised';
  const failed = codeFailures.get(grammar);
  if (failed !== undefined) return failed;
  const file = codeSource[grammar] ?? grammarFile(grammar);
  try {
    let module: WasmModule;
    try {
      module = new wasm.Module(readFileSync(file));
    } catch (err) {
      throw new Error(`vouch: the ${grammar} grammar ${file} is not a valid tree-sitter wasm: ${(err as Error).message}`);
    }
    const parser = parserOf(grammar, module, file);
    parsers.set(grammar, parser);
    loadedFrom.set(grammar, file);
    return parser;
  } catch (err) {
    const why = `did not load: ${(err as Error).message.replace(/^vouch: /, '')}`;
    codeFailures.set(grammar, why);
    return why;
  }
}

/**
 * Deletes a web-tree-sitter object of a runtime that trapped or whose memory was overwritten. web-tree-sitter
 * would otherwise delete it from a FinalizationRegistry callback once it is collected, and in that memory the
 * delete can trap again: outside any try, an uncaught exception that ends the process. Deleting it here first
 * unregisters it from the registry; a trap in the delete itself is caught. (Keeping such objects referenced
 * instead held tens of MB of the old runtime's memory per reload, and a young object can be collected before
 * the instance around it, so dropping the instance whole did not stop the callbacks either.)
 */
function deleteFromBrokenRuntime(object: { delete(): void }): void {
  try {
    object.delete();
  } catch {
    // The runtime is being replaced; what it does with its own memory no longer matters.
  }
}

/**
 * The Module object of the runtime in use: web-tree-sitter calls every wasm export through it.
 */
let runtimeModule: Record<string, unknown> | undefined;

/**
 * Replaces every wasm export of a broken runtime's Module with a no-op, so that nothing calls into its memory
 * again: not our deletes, not web-tree-sitter's finalizers. A call into memory that a stack overrun corrupted
 * does not always trap: malloc's `free` walking an overwritten list can loop for ever, and a long fuzz run hung
 * there (`ts_parser_delete` → `ts_parser_reset` → `free`). The deletes below then only unregister the objects.
 */
function disarm(module: Record<string, unknown> | undefined): void {
  if (!module) return;
  for (const key of Object.keys(module)) {
    if (key.startsWith('_') && typeof module[key] === 'function') {
      try {
        module[key] = () => 0;
      } catch {
        // A read-only export stays; the delete around it is still inside a try.
      }
    }
  }
}

/**
 * The web-tree-sitter instance in use. Its runtime (one wasm instance and its memory) is created once per
 * instance of the package's JavaScript: `Parser.init` keeps the first one for good. After a trap that memory
 * is not to be trusted, so a reload takes a fresh instance of the package (its CommonJS build, evaluated anew)
 * and instantiates the runtime again from the compiled module.
 */
let binding: { Parser: typeof Parser; Language: typeof Language } = { Parser, Language };
/** Why the runtime could not be replaced after a trap; parses fail closed with it. */
let unrecoverable: string | undefined;

function freshBinding(): { Parser: typeof Parser; Language: typeof Language } {
  // Evaluated here rather than through require(), so that the module system keeps no old instance (its
  // cache, its parent's children) and with it the old runtime's memory.
  const file = createRequire(import.meta.url).resolve('web-tree-sitter');
  const wrapper = runInThisContext(Module.wrap(readFileSync(file, 'utf8')), { filename: file }) as (
    exports: object,
    require: NodeJS.Require,
    module: { exports: object },
    filename: string,
    dirname: string,
  ) => void;
  const module = { exports: {} };
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  return module.exports as { Parser: typeof Parser; Language: typeof Language };
}

/** Drops the parsers and the runtime, and loads them again in a fresh web-tree-sitter (after a wasm trap). */
function reloadAfterTrap(): void {
  const dialects = [...parsers.keys()];
  runtimeReady = false;
  disarm(runtimeModule);
  runtimeModule = undefined;
  for (const p of parsers.values()) deleteFromBrokenRuntime(p);
  parsers.clear();
  pending.clear();
  runtime = undefined;
  stackGuard = undefined;
  try {
    binding = freshBinding();
  } catch (err) {
    unrecoverable = `its runtime trapped and a fresh one could not be loaded (${(err as Error).message})`;
    return;
  }
  for (const d of dialects) {
    const file = loadedFrom.get(d);
    initParser(d, file ? { [d]: file } : {}).catch(() => {
      // A failed reload leaves the dialect unloaded: its parses keep failing closed; a later init retries.
    });
  }
}

export function isParserReady(grammar: Grammar): boolean {
  return parsers.has(grammar);
}

/** Forgets loaded parsers (tests of the load path). */
export function resetParsers(): void {
  for (const p of parsers.values()) {
    try {
      p.delete();
    } catch {
      // A runtime that trapped: its parsers are dropped with it.
    }
  }
  parsers.clear();
  pending.clear();
  codeFailures.clear();
}

function utf8Length(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

function collectIssues(root: Node): SyntaxIssue[] {
  const issues: SyntaxIssue[] = [];
  if (!root.hasError) return issues;
  const cursor = root.walk();
  let innermost: SyntaxIssue | undefined;
  const forgiven: SyntaxIssue[] = [];
  try {
    // Depth-first walk that descends only into subtrees that contain an error.
    let descend = true;
    for (;;) {
      const node = cursor.currentNode;
      if (descend) {
        if (node.hasError) innermost = { kind: 'missing', type: node.type, span: { start: node.startIndex, end: node.endIndex } };
        if (node.isMissing) {
          // tree-sitter-powershell closes a script block holding only comments with an empty statement
          // missing its `;` (`& { # note }`): an empty statement runs nothing, so that is no syntax error.
          const issue: SyntaxIssue = { kind: 'missing', type: node.type, span: { start: node.startIndex, end: node.endIndex } };
          if (node.type === ';' && node.parent?.type === 'empty_statement' && node.parent.childCount === 1) forgiven.push(issue);
          else issues.push(issue);
        }
        else if (node.type === 'ERROR') issues.push({ kind: 'error', type: 'ERROR', span: { start: node.startIndex, end: node.endIndex } });
        if (node.hasError && cursor.gotoFirstChild()) continue;
      }
      if (cursor.gotoNextSibling()) {
        descend = true;
        continue;
      }
      if (!cursor.gotoParent()) break;
      descend = false;
    }
  } finally {
    cursor.delete();
  }
  // A MISSING token the grammar hides (e.g. `command_name_token1`) is no visible node: the tree still
  // says it has an error, so report it on the innermost node holding it rather than pass the input.
  const isForgiven = (i: SyntaxIssue) => forgiven.some((f) => f.type === i.type && f.span.start === i.span.start && f.span.end === i.span.end);
  if (issues.length === 0 && innermost && !isForgiven(innermost)) issues.push(innermost);
  return issues;
}

/**
 * The tree under a root `withTree` handed over, as the lowerings read it. `source`: the text the wasm runtime parsed
 * (its offsets index it); then the whole tree is read out in one walk. Without it (the native runtime), each node's
 * answers are asked once, when first needed.
 */
export function readTree(root: TreeNode, source?: string): TreeNode {
  if (isFlat(root)) return root;
  if (source === undefined || !('walk' in root) || !('tree' in root)) return cached(root, source);
  return flatten(root as Node, source, runtimeModule);
}

/**
 * Parses `text` and hands the root node to `use`; the tree is deleted before this returns,
 * whatever `use` does. Nodes must not escape `use`.
 */
export function withTree<T>(
  text: string,
  grammar: Grammar,
  use: (root: Node, issues: SyntaxIssue[]) => T,
  limits: ParseLimits = DEFAULT_LIMITS,
): ParseOutcome<T> {
  const code = isCodeGrammar(grammar);
  // Interpreter code is parsed by the wasm runtime on either backend: the native one carries only the shells.
  const native = limits.backend === 'native' && !code;
  const found = native ? nativeParser(grammar as 'bash' | 'powershell') : code ? codeParserNow(grammar) : parsers.get(grammar);
  const parser = typeof found === 'string' ? undefined : found;
  if (!parser) {
    const why = !native && unrecoverable ? unrecoverable : typeof found === 'string' ? found : 'is not initialised';
    return { ok: false, reason: 'parser-error', message: `the ${grammar} ${native ? 'native ' : ''}parser ${why}` };
  }
  // A UTF-16 unit is at most 3 UTF-8 bytes: short text needs no count.
  const bytes = text.length * 3 <= limits.maxBytes ? text.length : utf8Length(text);
  if (bytes > limits.maxBytes) {
    return { ok: false, reason: 'too-large', bytes, message: `input is ${bytes} bytes, over the ${limits.maxBytes}-byte limit` };
  }
  // No shell command line can carry a NUL (argv strings end at one), and tree-sitter-bash's error recovery
  // is quadratic on NULs without calling the progress callback: 60 KB of them took 85 s.
  if (text.includes('\0')) return { ok: false, reason: 'nul', message: 'the input holds a NUL character, which no command line can carry' };
  const deadline = monotonicMs() + limits.timeoutMs;
  let timedOut = false;
  const progressCallback = (() => {
    if (monotonicMs() > deadline) timedOut = true;
    return timedOut;
  }) as unknown as (state: unknown) => void;
  let tree: ReturnType<Parser['parse']>;
  const guard = native ? undefined : stackGuard;
  if (guard) fillCanary(guard);
  try {
    tree = parser.parse(text, null, { progressCallback });
  } catch (err) {
    // A wasm trap leaves the runtime in an unknown state, for every dialect (they share one module): drop
    // the parsers and reload them in the background. Until the reload lands, every parse fails closed.
    if (native) dropNativeParser(grammar as Dialect);
    else reloadAfterTrap();
    return { ok: false, reason: 'parser-error', message: `the ${grammar} parser failed: ${(err as Error).message}` };
  }
  // The C stack ran into its last 8 KiB or past it, in the parse or in the reset of a stopped parse (which
  // releases its stack, recursively too): the tree and the runtime's memory are not to be trusted. Nothing calls
  // into that runtime again, not even that reset: it is disarmed before the tree is dropped, then reloaded.
  const overran = (): ParseFailure => {
    disarm(runtimeModule);
    if (tree) deleteFromBrokenRuntime(tree);
    reloadAfterTrap();
    return { ok: false, reason: 'stack', message: `the ${grammar} parser ran out of stack on this input (it recurses as deep as the input nests)` };
  };
  if (guard && !canaryIntact(guard)) return overran();
  if (!tree) {
    // The reset of a stopped parse unwinds the stack it left, as deep as the input nested: it can trap too (a parse
    // stopped by the clock on a loaded machine, before it reached the canary).
    try {
      parser.reset();
    } catch (err) {
      if (native) dropNativeParser(grammar as Dialect);
      else reloadAfterTrap();
      return { ok: false, reason: 'parser-error', message: `the ${grammar} parser failed: ${(err as Error).message}` };
    }
    if (guard && !canaryIntact(guard)) return overran();
  }
  if (!tree) {
    if (timedOut) return { ok: false, reason: 'timeout', message: `parsing took longer than ${limits.timeoutMs} ms` };
    return { ok: false, reason: 'parser-error', message: `the ${grammar} parser returned no tree` };
  }
  try {
    const root = tree.rootNode;
    const issues = collectIssues(root);
    return { ok: true, value: use(root, issues), issues };
  } finally {
    tree.delete();
  }
}
