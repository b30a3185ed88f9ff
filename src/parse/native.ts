// The native backend: the node `tree-sitter` binding with the same pinned grammars, behind web-tree-sitter's Node surface.
import { createRequire } from 'node:module';
import type { Parser } from 'web-tree-sitter';
import type { Dialect } from '../types.js';
import { readManifest } from './grammars.js';

/** Which tree-sitter runtime parses: the wasm one shipped in the package, or the optional native binding. */
export type ParseBackend = 'wasm' | 'native';

/** The part of the binding's classes this module touches; everything else is used through web-tree-sitter's types. */
interface NativeBinding {
  new (): { setLanguage(language: unknown): void };
  Tree?: { prototype: object };
  TreeCursor?: { prototype: object };
}

// Module names held in variables so the bundler leaves them to the runtime: the binding is optional.
const BINDING = 'tree-sitter';
const GRAMMAR_MODULES: Record<Dialect, string> = {
  bash: 'tree-sitter-bash',
  powershell: 'tree-sitter-powershell/bindings/node/index.js',
};

const require = createRequire(import.meta.url);
const nativeParsers = new Map<Dialect, Parser>();
const pending = new Map<Dialect, Promise<Parser>>();

function noop(): void {}

/**
 * The native classes lack the explicit `delete()` that wasm trees and cursors need (native memory is
 * reclaimed by the garbage collector). A no-op lets the shared parse code free both the same way.
 */
function presentWasmSurface(binding: NativeBinding): void {
  for (const cls of [binding.Tree, binding.TreeCursor]) {
    if (cls && !('delete' in cls.prototype)) Object.defineProperty(cls.prototype, 'delete', { value: noop });
  }
}

function loadBinding(): NativeBinding {
  let binding: NativeBinding;
  try {
    binding = require(BINDING) as NativeBinding;
  } catch (err) {
    throw new Error(`vouch: the native tree-sitter binding is not available: ${(err as Error).message}`);
  }
  presentWasmSurface(binding);
  return binding;
}

async function loadNativeParser(dialect: Dialect): Promise<Parser> {
  const Binding = loadBinding();
  const pinned = readManifest().find((g) => g.dialect === dialect);
  if (!pinned) throw new Error(`vouch: no pinned grammar for ${dialect}`);
  // The native grammar must be the very version the wasm one was built from, or the backends disagree.
  let installed: string;
  try {
    installed = (require(`${pinned.package}/package.json`) as { version: string }).version;
  } catch (err) {
    throw new Error(`vouch: the native ${dialect} grammar (${pinned.package}) is not installed: ${(err as Error).message}`);
  }
  if (installed !== pinned.version) {
    throw new Error(`vouch: the native ${dialect} grammar is ${pinned.package}@${installed}, but ${pinned.version} is pinned`);
  }
  let language: unknown;
  try {
    const mod = (await import(GRAMMAR_MODULES[dialect])) as { default?: unknown };
    language = mod.default ?? mod;
  } catch (err) {
    throw new Error(`vouch: the native ${dialect} grammar did not load: ${(err as Error).message}`);
  }
  const parser = new Binding();
  parser.setLanguage(language);
  // The shared parse code calls parse/reset/delete with web-tree-sitter's shapes, which the binding accepts.
  return parser as unknown as Parser;
}

/** Loads the native parser for a dialect once; rejects with the reason when the binding or grammar is absent. */
export function initNativeParser(dialect: Dialect): Promise<Parser> {
  const ready = nativeParsers.get(dialect);
  if (ready) return Promise.resolve(ready);
  let p = pending.get(dialect);
  if (!p) {
    p = loadNativeParser(dialect).then(
      (parser) => {
        nativeParsers.set(dialect, parser);
        pending.delete(dialect);
        return parser;
      },
      (err: unknown) => {
        pending.delete(dialect);
        throw err;
      },
    );
    pending.set(dialect, p);
  }
  return p;
}

/** The loaded native parser for a dialect, if any. */
export function nativeParser(dialect: Dialect): Parser | undefined {
  return nativeParsers.get(dialect);
}

/** Forgets a native parser that failed mid-parse, so the next init reloads it. */
export function dropNativeParser(dialect: Dialect): void {
  nativeParsers.delete(dialect);
}

/** Whether the native backend loads for these dialects here; the reason when it does not. */
export async function nativeBackendStatus(
  dialects: Dialect[] = ['bash', 'powershell'],
): Promise<{ available: true } | { available: false; reason: string }> {
  try {
    await Promise.all(dialects.map((d) => initNativeParser(d)));
    return { available: true };
  } catch (err) {
    return { available: false, reason: (err as Error).message };
  }
}
