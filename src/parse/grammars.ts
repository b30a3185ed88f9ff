// Locates the pinned grammar wasm files shipped in the package's grammars/ folder: the shells', and the interpreters'.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Dialect, Language } from '../types.js';

/** The interpreter languages parsed with a grammar of their own (Perl has none: its lexer is in languages/). */
export type CodeGrammar = Exclude<Language, 'perl'>;

/** What a grammar parses: a shell's command lines, or an interpreter's code. */
export type Grammar = Dialect | CodeGrammar;

/** The grammars of interpreter code, loaded only when a line carries code in their language. */
export const CODE_GRAMMARS: readonly CodeGrammar[] = ['python', 'javascript', 'ruby', 'php'];

export function isCodeGrammar(grammar: string): grammar is CodeGrammar {
  return (CODE_GRAMMARS as readonly string[]).includes(grammar);
}

export interface GrammarEntry {
  grammar: Grammar;
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

export function grammarFile(grammar: Grammar, dir: string = grammarsDir()): string {
  const entry = readManifest(dir).find((g) => g.grammar === grammar);
  if (!entry) throw new Error(`vouch: no grammar for ${grammar} in ${join(dir, 'manifest.json')}`);
  return join(dir, entry.file);
}
