// The native backend: the node `tree-sitter` binding with the same pinned shell grammars, behind web-tree-sitter's Node
// surface. Interpreter code is parsed by the wasm runtime on either backend (parser.ts).
import { createRequire } from 'node:module';
import type { Parser } from 'web-tree-sitter';
import type { Dialect } from '../types.js';
import { readManifest } from './grammars.js';
import { loadOnce } from './once.js';

/** Which tree-sitter runtime parses: the wasm one shipped in the package, or the optional native binding. */
export type ParseBackend = 'wasm' | 'native';

/** The part of the binding's classes this module touches; everything else is used through web-tree-sitter's types. */
interface NativeBinding {
  new (): { setLanguage(language: unknown): void };
  Tree: { prototype: object };
  TreeCursor: { prototype: object };
  SyntaxNode: { prototype: object };
}

type Method = (this: unknown, ...args: unknown[]) => unknown;

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

let adapted = false;

/** Replaces a method so "nothing" comes back as web-tree-sitter says it (`null`, `0`) rather than `undefined`. */
function defaultMethod(proto: object, name: string, none: unknown): void {
  const original = Reflect.get(proto, name) as Method | undefined;
  if (typeof original !== 'function') return;
  Object.defineProperty(proto, name, {
    configurable: true,
    value(this: unknown, ...args: unknown[]) {
      return original.apply(this, args) ?? none;
    },
  });
}

function defaultGetter(proto: object, name: string, none: unknown): void {
  const get = Object.getOwnPropertyDescriptor(proto, name)?.get;
  if (!get) return;
  Object.defineProperty(proto, name, {
    configurable: true,
    get(this: unknown) {
      return get.call(this) ?? none;
    },
  });
}

/**
 * Where the binding's surface differs from web-tree-sitter's, on the members a lowering reads, make it
 * match, so the lowering runs unchanged on either and the backend test can ask for deep equality:
 * - no `delete()` on trees and cursors (the garbage collector frees native trees): a no-op;
 * - `undefined` instead of `null` for a child with no field, and for a cursor on a fieldless node;
 * - no `Node.equals`: the same identity test web-tree-sitter makes;
 * - `hasError` false on an ERROR or MISSING node itself (the 0.25 runtime): true, as web-tree-sitter says.
 * Patched once, on the prototypes, so a node costs nothing more than the binding's own.
 */
function presentWasmSurface(binding: NativeBinding): void {
  if (adapted) return;
  adapted = true;
  for (const cls of [binding.Tree, binding.TreeCursor]) {
    if (!('delete' in cls.prototype)) Object.defineProperty(cls.prototype, 'delete', { value: noop });
  }
  const node = binding.SyntaxNode.prototype;
  defaultMethod(node, 'fieldNameForChild', null);
  defaultMethod(node, 'fieldNameForNamedChild', null);
  if (!('equals' in node)) {
    Object.defineProperty(node, 'equals', {
      value(this: { id: number; tree: unknown }, other: { id: number; tree: unknown } | null | undefined) {
        return !!other && this.id === other.id && this.tree === other.tree;
      },
    });
  }
  const hasError = Object.getOwnPropertyDescriptor(node, 'hasError')?.get;
  if (hasError) {
    Object.defineProperty(node, 'hasError', {
      configurable: true,
      get(this: { isError: boolean; isMissing: boolean }) {
        return (hasError.call(this) as boolean) || this.isError || this.isMissing;
      },
    });
  }
  defaultGetter(binding.TreeCursor.prototype, 'currentFieldName', null);
  defaultGetter(binding.TreeCursor.prototype, 'currentFieldId', 0);
}

function loadBinding(): NativeBinding {
  let binding: NativeBinding;
  try {
    binding = require(BINDING) as NativeBinding;
  } catch (err) {
    // A published vouch installs no native code (no install script, no compiler needed): the backend is for a
    // clone, whose devDependencies build it, or for a project that installs the pinned packages itself.
    const first = (err as Error).message.split('\n', 1)[0];
    throw new Error(
      `vouch: the native backend needs the tree-sitter binding and the pinned grammars installed beside vouch (npm install tree-sitter ${readManifest()
        .filter((g) => g.grammar === 'bash' || g.grammar === 'powershell')
        .map((g) => `${g.package}@${g.version}`)
        .join(' ')}); the default wasm backend needs none: ${first}`,
    );
  }
  presentWasmSurface(binding);
  return binding;
}

async function loadNativeParser(dialect: Dialect): Promise<Parser> {
  const Binding = loadBinding();
  const pinned = readManifest().find((g) => g.grammar === dialect);
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
  return loadOnce(nativeParsers, pending, dialect, () => loadNativeParser(dialect));
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
