// Parse differential: the program names at command position that vouch's lowering sees in bash text, against
// those mvdan/sh's parser (mvdan-sh, its pure-JS build) sees in the same text.
import { createRequire } from 'node:module';
import { withBashTree } from '../src/parse/index.js';
import { lowerBash } from '../src/segments/bash.js';
import { mapSpans, type Part, type RawWord, type Stmt } from '../src/segments/ir.js';
import type { Analysis } from '../src/types.js';

interface MvNode {
  [key: string]: unknown;
}
interface MvSyntax {
  NewParser(): { Parse(src: string, name: string): MvNode };
  Walk(node: MvNode, visit: (node: MvNode | null) => boolean): void;
  NodeType(node: MvNode): string;
}

const mvdan = (createRequire(import.meta.url)('mvdan-sh') as { syntax: MvSyntax }).syntax;
const parser = mvdan.NewParser();

// Words mvdan parses as their own clause (DeclClause, LetClause, TestClause, TimeClause), never as a CallExpr.
const CLAUSE_WORDS = new Set(['declare', 'export', 'local', 'readonly', 'typeset', 'nameref', 'let', '[[', 'time', 'coproc']);

/** Decodes the body of a `$'…'` word (the escapes bash documents). */
function ansiC(body: string): string {
  const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', v: '\v', '\\': '\\', "'": "'", '"': '"', '?': '?' };
  return body.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/g, (m, e: string) => {
    if (e[0] === 'x') return String.fromCharCode(Number.parseInt(e.slice(1), 16));
    if (/^[0-7]+$/.test(e)) return String.fromCharCode(Number.parseInt(e, 8));
    return simple[e] ?? m;
  });
}

/** The static value of an mvdan word, or undefined when any part is dynamic. */
function wordValue(word: MvNode, inDouble = false): string | undefined {
  let out = '';
  for (const part of (word.Parts as MvNode[]) ?? []) {
    const t = mvdan.NodeType(part);
    if (t === 'Lit') {
      const v = String(part.Value);
      out += inDouble ? v.replace(/\\([$`"\\\n])/g, (_m, c: string) => (c === '\n' ? '' : c)) : v.replace(/\\(.|\n)/g, (_m, c: string) => (c === '\n' ? '' : c));
    } else if (t === 'SglQuoted') {
      out += part.Dollar ? ansiC(String(part.Value)) : String(part.Value);
    } else if (t === 'DblQuoted') {
      if (part.Dollar) return undefined;
      const inner = wordValue(part, true);
      if (inner === undefined) return undefined;
      out += inner;
    } else {
      return undefined;
    }
  }
  return out;
}

export type MvdanNames = { ok: true; names: string[]; dynamic: number } | { ok: false; error: string };

function basename(p: string): string {
  return p.slice(p.lastIndexOf('/') + 1);
}

/**
 * Basenames of the static first words of every simple command in the text (substitutions and function bodies
 * included), sorted; `dynamic` counts first words with no static value (variables, brace expansion, globs), which
 * vouch may still resolve.
 */
export function mvdanNames(text: string): MvdanNames {
  let file: MvNode;
  try {
    file = parser.Parse(text, 'line');
  } catch (err) {
    const e = err as { message?: unknown; Text?: unknown };
    return { ok: false, error: String(e?.Text ?? e?.message ?? 'parse error') };
  }
  const names: string[] = [];
  let dynamic = 0;
  mvdan.Walk(file, (node) => {
    if (node && mvdan.NodeType(node) === 'CallExpr') {
      const first = (node.Args as MvNode[] | undefined)?.[0];
      const v = first ? wordValue(first) : undefined;
      if (v === undefined || /[{*?[]/.test(v)) dynamic++;
      else if (!CLAUSE_WORDS.has(v)) names.push(basename(v));
    }
    return true;
  });
  return { ok: true, names: names.sort(), dynamic };
}

/**
 * The same from vouch: programs as written, before wrappers are peeled (`time` is a keyword). Text vouch re-parses
 * without a program running it (backtick bodies) counts; text a program runs (`bash -c`, `eval`) has that wrapper.
 */
export function vouchNames(analysis: Analysis): string[] {
  return analysis.invocations
    .filter((i) => i.wrappers.every((w) => w === 'time') && !CLAUSE_WORDS.has(i.path))
    .map((i) => basename(i.path))
    .sort();
}

export interface ParseDisagreement {
  command: string;
  kind: 'names differ' | 'only vouch found a syntax error' | 'only mvdan found a syntax error';
  vouch: string[];
  mvdan: string[];
}

/** Compares the two readings of one bash line; undefined when they agree (or both refuse it). */
export function parseDiff(command: string, analysis: Analysis): ParseDisagreement | undefined {
  const mv = mvdanNames(command);
  const vouchError = analysis.findings.some((f) => f.rule === 'vouch.parse-error');
  const vouch = vouchNames(analysis);
  if (!mv.ok) return vouchError ? undefined : { command, kind: 'only mvdan found a syntax error', vouch, mvdan: [mv.error] };
  if (vouchError) return { command, kind: 'only vouch found a syntax error', vouch, mvdan: mv.names };
  // Every static mvdan name must be among vouch's; vouch may name more only where mvdan saw a dynamic word. Names
  // are compared as sets: vouch reads a statement once per path the shell may take (a function where it is defined
  // and where it is called, a loop body per value), and a call of a function the line defines is its body's names.
  const defined = new Set([...command.matchAll(/(?:^|[\s;&|({])(?:function\s+)?([A-Za-z_][\w.-]*)\s*\(\)/g)].map((m) => m[1]!));
  for (const m of command.matchAll(/\bfunction\s+([A-Za-z_][\w.-]*)/g)) defined.add(m[1]!);
  const rest = new Set(vouch);
  const missing: string[] = [];
  for (const n of new Set(mv.names)) {
    if (rest.has(n)) rest.delete(n);
    else if (!defined.has(n)) missing.push(n);
  }
  if (missing.length === 0 && rest.size <= mv.dynamic) return undefined;
  return { command, kind: 'names differ', vouch, mvdan: mv.names };
}

// ── words ─────────────────────────────────────────────────────────────────────────────────────────────────────────
// The shape of every simple command's words, against mvdan's: how many assignments and words, and in each word where
// text and expansions stand (`L` text, `P` an expansion or substitution, runs of text as one). tree-sitter-bash splits
// and joins words where bash does not (`$A/$D/y` read `$A/$` and `D/y`; `"$A $B"` read without its blank; a lone `$`
// left out): the names differential above cannot see those, the shapes do.

/** Parameters that always hold a number: vouch reads them as one (see NUMERIC_PARAMETERS), mvdan as an expansion. */
const NUMERIC = /^(?:\$|\?|#|PPID|UID|EUID)$/;

function mvdanShape(word: MvNode): string {
  const kinds: string[] = [];
  const parts = (w: MvNode): void => {
    for (const p of (w.Parts as MvNode[]) ?? []) {
      const t = mvdan.NodeType(p);
      if (t === 'Lit' || t === 'SglQuoted') kinds.push('L');
      else if (t === 'DblQuoted') {
        if (((p.Parts as MvNode[]) ?? []).length === 0) kinds.push('L');
        else parts(p);
      } else if (t === 'ParamExp' && p.Short && NUMERIC.test(String((p.Param as MvNode | undefined)?.Value ?? ''))) kinds.push('L');
      else kinds.push('P');
    }
  };
  parts(word);
  return kinds.join('').replace(/L+/g, 'L');
}

function vouchShape(parts: readonly Part[]): string {
  if (parts.length === 0) return 'L';
  return parts
    .map((p) => (p.k === 'raw' || p.k === 'lit' ? 'L' : 'P'))
    .join('')
    .replace(/L+/g, 'L');
}

/** Each simple command's shape by the offset it starts at (mvdan's offsets are bytes: ASCII lines only). */
export function mvdanShapes(text: string): Map<number, string> | undefined {
  let file: MvNode;
  try {
    file = parser.Parse(text, 'line');
  } catch {
    return undefined;
  }
  const out = new Map<number, string>();
  mvdan.Walk(file, (node) => {
    if (node && mvdan.NodeType(node) === 'CallExpr') {
      const assigns = (node.Assigns as MvNode[] | undefined) ?? [];
      const args = (node.Args as MvNode[] | undefined) ?? [];
      const at = Math.min(...[...assigns, ...args].map((x) => (x.Pos as () => { Offset(): number })().Offset()));
      out.set(at, `${assigns.length}:${args.map(mvdanShape).join(',')}`);
    }
    return true;
  });
  return out;
}

/** The same from vouch's lowering (the tree it reads, respelled as it reads it, spans back on the text as written). */
export function vouchShapes(text: string): Map<number, string> | undefined {
  const out = new Map<number, string>();
  const r = withBashTree(text, (root, issues, read, back) => {
    if (issues.length > 0) return false;
    const program = lowerBash(root, read, true);
    if (back) mapSpans(program, back);
    const word = (w: RawWord): void => {
      for (const p of w.parts) {
        if (p.k === 'sub') stmt(p.body);
        else if (p.k === 'param') word(p.word);
        else if (p.k === 'dyn') p.subs.forEach(stmt);
      }
    };
    const stmt = (s: Stmt | undefined): void => {
      if (!s) return;
      switch (s.k) {
        case 'cmd':
          if (s.words.length > 0 || s.assigns.length > 0) out.set(s.span.start, `${s.assigns.length}:${s.words.map((w) => vouchShape(w.parts)).join(',')}`);
          s.words.forEach(word);
          return;
        case 'seq':
          s.items.forEach(stmt);
          return;
        case 'list':
          for (const i of s.items) stmt(i.stmt);
          return;
        case 'pipe':
          s.stages.forEach(stmt);
          return;
        case 'subshell':
        case 'group':
        case 'not':
        case 'redirected':
        case 'func':
          stmt(s.body);
          return;
        case 'if':
          for (const b of s.branches) {
            stmt(b.cond);
            stmt(b.body);
          }
          stmt(s.otherwise);
          return;
        case 'loop':
          stmt(s.head);
          stmt(s.body);
          return;
        case 'case':
          for (const i of s.items) stmt(i.body);
          return;
        default:
          return;
      }
    };
    stmt(program);
    return true;
  });
  return r.ok && r.value ? out : undefined;
}

/**
 * The simple commands whose words vouch reads in another shape than mvdan: `@offset mvdan=… vouch=…` each. Commands
 * only one of them reads (text in backticks, which vouch reads again later) are left to the names differential.
 */
export function shapeDiff(text: string): string[] {
  if (!/^[\x20-\x7e\t\n]*$/.test(text)) return [];
  const mv = mvdanShapes(text);
  const vouch = mv && vouchShapes(text);
  if (!mv || !vouch) return [];
  const out: string[] = [];
  for (const [at, shape] of mv) {
    const v = vouch.get(at);
    if (v !== undefined && v !== shape) out.push(`@${at} mvdan=${shape} vouch=${v}`);
  }
  return out;
}
