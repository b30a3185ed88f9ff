// Imports follow the data (DESIGN.md): parse ← segments/powershell ← resolve ← rules ← guard ← cli/integrations.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Each stage and the rank it holds in the flow; a file may import only from its own rank or lower. */
const RANK: Record<string, number> = {
  'types.ts': 0,
  // A clock, used by parse (deadlines) and guard (verdict records).
  'clock.ts': 0,
  // Prototype-less lookup tables, used wherever a key comes from a command line or an event.
  'table.ts': 0,
  parse: 0,
  segments: 1,
  // The program registry: what each program does with its words, pure data and functions over words.
  programs: 1,
  // The interpreter languages: what code on the line does, read from its tree (parse) or its text.
  languages: 1,
  // PowerShell's frontend lowers and resolves in one place; it shares resolve's context and floor.
  powershell: 2,
  resolve: 2,
  rules: 3,
  'analyzer.ts': 4,
  'index.ts': 4,
  guard: 5,
  cli: 6,
  integrations: 6,
};

function stageOf(file: string): string {
  const rel = relative('src', file);
  return rel.includes('/') ? rel.split('/')[0]! : rel;
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('import direction', () => {
  const all = files('src');

  it('knows the stage of every source file', () => {
    expect(all.filter((f) => RANK[stageOf(f)] === undefined)).toEqual([]);
  });

  it('no file imports from a later stage', () => {
    const against: string[] = [];
    let scanned = 0;
    for (const file of all) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/^\s*(?:import|export)\b[^'"]*from\s+'(\.[^']+)'/gm)) {
        scanned++;
        const target = resolve(dirname(file), m[1]!.replace(/\.js$/, '.ts'));
        const to = stageOf(relative(process.cwd(), target));
        if ((RANK[to] ?? 99) > RANK[stageOf(file)]!) against.push(`${file} imports ${m[1]} (${to})`);
      }
    }
    expect(scanned).toBeGreaterThan(100);
    expect(against).toEqual([]);
  });
});
