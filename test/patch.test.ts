// Codex's apply_patch grammar: corpus/patches holds patches of every header form, whitespace, CR, U+2028, Move to,
// absolute and `..` paths, with the hunks codex-rs/apply-patch reads from them (or that it refuses them).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type PatchHunk, parseCodexPatch, rustTrim } from '../src/guard/patch.js';

interface PatchCase {
  id: string;
  patch: string;
  hunks?: PatchHunk[];
  /** A word the refusal's reason holds. */
  error?: string;
  note: string;
}

const cases: PatchCase[] = readFileSync(join(import.meta.dirname, '..', 'corpus', 'patches', 'codex.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as PatchCase);

describe('corpus/patches: the hunks Codex reads', () => {
  it('covers every header form, refusals included', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
    for (const word of ['space', 'tab', 'CR', 'U+2028', 'Move to', 'absolute', 'heredoc']) expect(cases.some((c) => c.note.includes(word)), word).toBe(true);
    expect(cases.some((c) => c.error !== undefined)).toBe(true);
  });

  for (const c of cases) {
    it(`${c.id}: ${c.note}`, () => {
      const parsed = parseCodexPatch(c.patch);
      if (c.error !== undefined) {
        expect('error' in parsed, JSON.stringify(parsed)).toBe(true);
        if ('error' in parsed) expect(parsed.error).toContain(c.error);
      } else {
        expect(parsed).toEqual({ hunks: c.hunks });
      }
    });
  }
});

describe('rustTrim', () => {
  it('trims Unicode White_Space, as Rust does, and not U+FEFF, as JavaScript would', () => {
    expect(rustTrim('\u2028\u0085\u00a0 x \t\u3000')).toBe('x');
    expect(rustTrim('\ufeffx')).toBe('\ufeffx');
  });
});
