// Every node type of the pinned bash grammar is handled by the lowering; an unknown one is floored, never skipped.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Node } from 'web-tree-sitter';
import { beforeAll, describe, expect, it } from 'vitest';
import { initParser, withTree } from '../src/parse/index.js';
import { BashLowering, HANDLED_BASH_TYPES, lowerBash } from '../src/segments/bash.js';
import type { Stmt } from '../src/segments/ir.js';

beforeAll(async () => {
  await initParser('bash');
});

const nodeTypes = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('tree-sitter-bash/src/node-types.json'), 'utf8')) as { type: string; named: boolean; subtypes?: unknown[] }[];

describe('bash node-type coverage', () => {
  it('handles every named node type of tree-sitter-bash', () => {
    const named = nodeTypes.filter((t) => t.named && !t.subtypes).map((t) => t.type);
    expect(named.length).toBeGreaterThan(50);
    expect(named.filter((t) => !HANDLED_BASH_TYPES.has(t))).toEqual([]);
  });

  it('floors a node type it does not know instead of skipping it', () => {
    // A stand-in node with a type no grammar version has: the lowering must refuse it.
    const fake = { type: 'future_construct', startIndex: 3, endIndex: 9, namedChildren: [], children: [] } as unknown as Node;
    const out = new BashLowering('xx future').stmt(fake);
    expect(out).toMatchObject({ k: 'floor', rule: 'unknown-node', span: { start: 3, end: 9 } });
  });

  it('lowers every statement of a program that uses all the grammar constructs without a floor', () => {
    const text = [
      'a=1 b+=(x $(y)) c[0]=z; declare -r d=1; unset e; export f',
      'if [[ -n "$a" && ${b:-x} =~ ^y ]]; then (( a++ )); elif [ x ]; then :; else !  true; fi',
      'for i in {1..3}; do echo $\'\\x41\' "$i" ${#a} $((a ? 1 : 2)); done',
      'for ((i=0; i<3; i++)); do :; done; while false; do :; done; until true; do :; done',
      'case $a in x|y) b;; *) c;; esac; f() { g; } > /dev/null; select s in a; do break; done',
      'cat <<< "s" <(ls) >(wc) $"t" `date` ${a[1]} $1 $@ 2>&1 >> log',
      'cat <<EOF | grep x',
      'body $HOME',
      'EOF',
    ].join('\n');
    const out = withTree(text, 'bash', (root, issues) => ({ issues, stmt: lowerBash(root, text) }));
    if (!out.ok) throw new Error(out.message);
    expect(out.value.issues).toEqual([]);
    const floors: Stmt[] = [];
    const visit = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(visit);
      else if (v && typeof v === 'object') {
        if ((v as Stmt).k === 'floor') floors.push(v as Stmt);
        Object.values(v).forEach(visit);
      }
    };
    visit(out.value.stmt);
    expect(floors.map((f) => JSON.stringify(f).slice(0, 200))).toEqual([]);
  });
});
