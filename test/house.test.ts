// House rules of the source text that no compiler or linter checks.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const SRC = join(ROOT, 'src');

/** Every .ts file under `dir`, recursively. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** A file's header comment starts in its first lines; a doc comment right after it is the first declaration's. */
const HEADER_LINES = 3;

/**
 * The lines (1-based) of the doc comments in `text` that stand directly above another doc comment (blank lines
 * aside), so document nothing: code was put between a doc and its declaration, or a second doc was written over the
 * first.
 */
function stackedDocs(text: string): number[] {
  const lines = text.split('\n');
  const out: number[] = [];
  for (let i = HEADER_LINES; i < lines.length; i++) {
    if (!lines[i]!.trim().startsWith('/**')) continue;
    let end = i;
    while (end < lines.length && !lines[end]!.slice(end === i ? lines[i]!.indexOf('/**') + 3 : 0).includes('*/')) end++;
    // Blank lines between change nothing: the next doc is still the one its declaration shows.
    let next = end + 1;
    while (next < lines.length && lines[next]!.trim() === '') next++;
    if (next < lines.length && lines[end]!.trim().endsWith('*/') && lines[next]!.trim().startsWith('/**')) out.push(i + 1);
    i = end;
  }
  return out;
}

describe('house', () => {
  it('finds a doc stacked on a doc, and not a header or a doc before code', () => {
    expect(stackedDocs('// header\n/** a */\n\n/** x */\n/** y */\nconst y = 1;\n')).toEqual([4]);
    expect(stackedDocs('// h\n// h\n\n/**\n * x\n */\n  /** y */\n  y: 1,\n')).toEqual([4]);
    expect(stackedDocs('/**\n * header\n */\n/** x */\nconst x = 1;\n')).toEqual([]);
    expect(stackedDocs('// h\n\n\n/** x */\n\n/** y */\nconst y = 1;\n')).toEqual([4]);
    expect(stackedDocs('// h\n\n\n/** x */\nconst x = 1;\n/** y */\nconst y = 1;\n')).toEqual([]);
  });

  it('leaves no doc comment directly above another doc comment in src/', () => {
    const stacked = sources(SRC).flatMap((file) => stackedDocs(readFileSync(file, 'utf8')).map((line) => `${relative(ROOT, file)}:${line}`));
    // Each is a doc that documents nothing: move it above the declaration it describes, or drop it if that is gone.
    expect(stacked).toEqual([]);
  });
});
