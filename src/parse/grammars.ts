// Locates the pinned grammar wasm files shipped in the package's grammars/ folder.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Dialect } from '../types.js';

export interface GrammarEntry {
  dialect: Dialect;
  package: string;
  version: string;
  file: string;
  sha256: string;
}

/**
 * The folder holding grammars/manifest.json, found by walking up from this module. Works from
 * src/ (tests), from dist/ (bundled), through npx and as a dependency of another project.
 */
export function grammarsDir(from: string = fileURLToPath(import.meta.url)): string {
  let dir = dirname(from);
  for (;;) {
    const candidate = join(dir, 'grammars', 'manifest.json');
    if (existsSync(candidate)) return join(dir, 'grammars');
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`vouch: cannot find grammars/manifest.json above ${from}`);
    dir = parent;
  }
}

export function readManifest(dir: string = grammarsDir()): GrammarEntry[] {
  const file = join(dir, 'manifest.json');
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { grammars: GrammarEntry[] };
  return parsed.grammars;
}

export function grammarFile(dialect: Dialect, dir: string = grammarsDir()): string {
  const entry = readManifest(dir).find((g) => g.dialect === dialect);
  if (!entry) throw new Error(`vouch: no grammar for ${dialect} in ${join(dir, 'manifest.json')}`);
  return join(dir, entry.file);
}
