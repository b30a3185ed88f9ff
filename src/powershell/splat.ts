// Splatting (`Remove-Item @p`): the hashtable or array a variable was given on the line, read back as the parameters
// and arguments it binds, so every cmdlet and program is judged on what it is really given.
import type { TreeNode as Node } from '../parse/cached.js';
import type { Word } from '../types.js';
import { UNKNOWN } from './names.js';
import { type State, scope, span } from './state.js';
import { setHash } from '../programs/words.js';
import { SINGLE_CHILD_OR_ARRAY, staticValues } from './values.js';
import { SPLAT_MARK, expandTilde, lookupVariable, variableKey } from './words.js';

/**
 * A variable holding a hashtable or an array the line wrote (`$p = @{Path='~'}`, `$a = 'x','y'`) keeps it as its value
 * behind this marker: PowerShell reads of the variable see no static value (see lookupVariable); `@p` reads it back.
 */
export const SPLAT = SPLAT_MARK;

interface Item {
  /** The parameter name (a hashtable entry), absent for an array's element. */
  k?: string;
  /** The value(s), or null when not static (`why`). `true`/`false`: a literal `$true`/`$false`. */
  v: string[] | boolean | null;
  why?: string;
  glob?: boolean;
}

/** Through the wrappers of one expression, down to what it is (`@{…}`, `'a','b'`), casts to `[ordered]` included. */
function unwrap(node: Node): Node {
  let n = node;
  for (;;) {
    const kids = n.namedChildren.filter((c): c is Node => c !== null && c.type !== 'comment');
    if (n.type === 'cast_expression' && kids.length === 2 && kids[0]?.type === 'type_literal' && /^\[\s*(?:ordered|hashtable|system\.collections\.hashtable)\s*\]$/i.test(kids[0].text)) {
      n = kids[1] as Node;
      continue;
    }
    // A cast is wrapped in an expression_with_unary_operator; an operator (`-join`, `!`) is not looked through.
    const cast = n.type === 'expression_with_unary_operator' && kids.length === 1 && kids[0]?.type === 'cast_expression';
    if (kids.length !== 1 || !(cast || SINGLE_CHILD_OR_ARRAY.has(n.type) || n.type === 'array_expression' || n.type === 'statement_list')) return n;
    n = kids[0] as Node;
  }
}

/** The item a hashtable entry's or an array element's value makes. */
function itemOf(node: Node, st: State, key?: string): Item {
  const text = unwrap(node).text.trim();
  const base = key === undefined ? {} : { k: key };
  if (/^\$true$/i.test(text)) return { ...base, v: true };
  if (/^\$false$/i.test(text)) return { ...base, v: false };
  const v = staticValues(node, st);
  if (v.values === null) return { ...base, v: null, why: v.reason };
  return { ...base, v: v.values, ...(v.glob ? { glob: true } : {}) };
}

/** The entries of a hashtable literal with static keys; null when a key is computed or an entry cannot be read. */
function hashItems(n: Node, st: State): Item[] | null {
  const body = n.namedChildren.find((c) => c?.type === 'hash_literal_body');
  const items: Item[] = [];
  for (const entry of body?.namedChildren ?? []) {
    if (!entry || entry.type === 'comment') continue;
    if (entry.type !== 'hash_entry') return null;
    const kids = entry.namedChildren.filter((c): c is Node => c !== null && c.type !== 'comment');
    const keyNode = kids.find((c) => c.type === 'key_expression');
    const valueNode = kids.find((c) => c !== keyNode);
    if (!keyNode || !valueNode) return null;
    const inner = keyNode.namedChildren.filter((c): c is Node => c !== null);
    let key: string | undefined;
    if (inner.length === 1 && inner[0]?.type === 'simple_name') key = inner[0].text;
    else if (inner.length === 1) {
      const v = staticValues(inner[0] as Node, st);
      key = v.values?.length === 1 ? v.values[0] : undefined;
    }
    // A computed key could name anything: nothing is known of the table.
    if (key === undefined || !/^[A-Za-z_?][\w?]*$/.test(key)) return null;
    items.push(itemOf(valueNode, st, key));
  }
  return items;
}

/**
 * The properties of an object written on the line (`[pscustomobject]@{Path='…'}`, a bare `@{…}`, the `-Property`
 * table of `New-Object PSObject`): each by lower-cased name, its values or null when not static. Undefined when the
 * node is no such literal or a key is computed.
 */
export function objectProperties(node: Node, st: State): ReadonlyMap<string, string[] | null> | undefined {
  let n = unwrap(node);
  const kids = n.namedChildren.filter((c): c is Node => c !== null && c.type !== 'comment');
  if (n.type === 'cast_expression' && kids.length === 2 && /^\[\s*(?:system\.management\.automation\.)?ps(?:custom)?object\s*\]$/i.test(kids[0]?.text ?? '')) n = unwrap(kids[1] as Node);
  if (n.type !== 'hash_literal_expression') return undefined;
  const items = hashItems(n, st);
  if (items === null) return undefined;
  return new Map(items.map((i) => [(i.k as string).toLowerCase(), Array.isArray(i.v) ? i.v : null]));
}

/** Records the entries of a hashtable literal an argument is, for the command it is given to (see hashOf). */
export function noteHash(node: Node, word: Word, st: State): void {
  const n = unwrap(node);
  if (n.type !== 'hash_literal_expression') return;
  const items = hashItems(n, st);
  if (items === null) return;
  const out = new Map<string, string | null>();
  for (const i of items) out.set(i.k as string, i.v === null ? null : i.v === true ? 'True' : i.v === false ? 'False' : i.v.length === 1 ? (i.v[0] as string) : null);
  setHash(word, out);
}

/**
 * What an assignment's value gives `@name`: a hashtable literal with static keys, or an array of several values, as
 * the marked text to keep in the variable; null when the value is neither (the variable is read as it always was).
 */
export function splatValue(value: Node, st: State): string | null {
  const n = unwrap(value);
  if (n.type === 'hash_literal_expression') {
    const items = hashItems(n, st);
    return items === null ? null : SPLAT + JSON.stringify(items);
  }
  if (n.type === 'array_literal_expression') {
    const parts = n.namedChildren.filter((c): c is Node => c !== null && c.type !== 'comment');
    if (parts.length > 1) return SPLAT + JSON.stringify(parts.map((p) => itemOf(p, st)));
  }
  return null;
}

/** A variable of the line that holds a hashtable or array, mentioned other than by `@name` (`$p.Path = '~'`, `$q = $p`, `f $p`), may be changed through that reference: from here on what it holds is unknown. */
export function forgetSplat(node: Node, st: State): void {
  if (node.text.startsWith('@')) return;
  const key = variableKey(node.text);
  if (st.ctx.vars.get(key)?.startsWith(SPLAT)) st.ctx.vars.set(key, UNKNOWN);
}

/** The words `@name` stands for: a hashtable's `-Key value` pairs, an array's elements, a plain value as one argument; otherwise one word that cannot be read. */
export function splatWords(node: Node, st: State): Word[] {
  const at = span(st, node);
  const key = variableKey(node.text);
  const raw = st.ctx.vars.get(key);
  if (raw?.startsWith(SPLAT)) {
    const items = JSON.parse(raw.slice(SPLAT.length)) as Item[];
    const out: Word[] = [];
    for (const item of items) {
      if (item.v === false && item.k !== undefined) continue;
      if (item.v === true || item.v === false) {
        const t = item.k === undefined ? String(item.v === true ? 'True' : 'False') : `-${item.k}:$${item.v}`;
        out.push({ text: t, span: at, values: [t] });
        continue;
      }
      if (item.k !== undefined) out.push({ text: `-${item.k}`, span: at, values: [`-${item.k}`] });
      if (item.v === null) out.push({ text: node.text, span: at, values: null, dynamic: `${node.text} holds a value that is not static (${item.why ?? 'computed'})` });
      else {
        const values = item.v.map((v) => expandTilde(v, st.ctx.home));
        out.push({ text: values.length === 1 ? (values[0] as string) : node.text, span: at, values, ...(item.glob ? { glob: true } : {}) });
      }
    }
    return out;
  }
  const v = lookupVariable(key, scope(st));
  if (v !== null) return [{ text: expandTilde(v, st.ctx.home), span: at, values: [expandTilde(v, st.ctx.home)] }];
  return [{ text: node.text, span: at, values: null, dynamic: 'splatting' }];
}

/** The elements of the array the variable `$name` holds for splatting (`$a = '-rf','~'`), or null when it holds none. */
export function arrayOf(text: string, st: State): string[] | null {
  if (!/^\$(?:[\w:]+|\{[^}]*\})$/.test(text)) return null;
  const raw = st.ctx.vars.get(variableKey(text));
  if (!raw?.startsWith(SPLAT)) return null;
  const items = JSON.parse(raw.slice(SPLAT.length)) as Item[];
  if (items.some((i) => i.k !== undefined || i.v === null)) return null;
  return items.flatMap((i) => (i.v === true ? ['True'] : i.v === false ? ['False'] : (i.v as string[]).map((v) => expandTilde(v, st.ctx.home))));
}

/** Words that were a variable holding an array (`rm $a`): a native program is given each element as its own argument. */
const SPREAD = new WeakSet<Word>();

export function noteSpread(word: Word, text: string, st: State): void {
  if (word.values !== null && word.values.length > 1 && arrayOf(text, st) !== null) SPREAD.add(word);
}

/**
 * Words that are an array written right there (`git @('reset','--hard')`, `git ('reset','--hard')`), each element one
 * static value: a native program is given each element as its own argument, as for a variable holding one.
 */
export function noteArraySpread(word: Word, node: Node, st: State): void {
  if (word.values === null || word.values.length < 2) return;
  let n: Node | null = node;
  while (n && n.type !== 'array_literal_expression' && n.type !== 'argument_expression_list') {
    const kids: Node[] = n.namedChildren.filter((c): c is Node => c !== null && c.type !== 'comment');
    n = kids.length === 1 && (ARRAY_WRAPPERS.has(n.type) || SINGLE_CHILD_OR_ARRAY.has(n.type)) ? (kids[0] as Node) : null;
  }
  const parts = n?.namedChildren.filter((c): c is Node => c !== null && c.type !== 'comment') ?? [];
  if (parts.length === word.values.length && parts.every((p) => staticValues(p, st).values?.length === 1)) SPREAD.add(word);
}

/** Nodes that only hold the array inside them. */
const ARRAY_WRAPPERS = new Set(['parenthesized_expression', 'array_expression', 'sub_expression', 'statement_list', 'pipeline', 'pipeline_chain', 'argument_list']);

export function isSpread(word: Word): boolean {
  return SPREAD.has(word);
}
