// What an expression of interpreter code may evaluate to, as far as a static reading can tell: a bounded set of values.
import type { Span, Word } from '../types.js';

/** An argument or list item as written: its possible values, its span and source text. */
export interface Arg {
  vals: Vals;
  span: Span;
  text: string;
  /** The string constants the argument is written with, when it binds no name on the way: it is all they reach. */
  literals?: Span[];
}

/**
 * One possible value: a static string (numbers and constants as their text), a reference to a module or one of its
 * members by qualified name (`os.system`, `child_process.exec`), a list whose items are known one by one (a spread
 * is one computed item; `open`: it may be longer than written), the whole environment mapping (named by the API that
 * gave it), a method of a value (`"-".join`), or something computed.
 */
export type Val =
  | { k: 'str'; v: string }
  | { k: 'ref'; name: string }
  | { k: 'list'; items: Arg[]; open: boolean }
  | { k: 'env'; api: string }
  | { k: 'method'; on: Vals; name: string }
  /** `head`: the static text it is known to begin with (`"~/" + name`), where that is all that is known of it. */
  | { k: 'any'; why: string; head?: string };

/** Every value an expression may take: one of them, at run time. */
export type Vals = readonly Val[];

/** How many values one expression may hold before it is taken as computed (each is checked, so the set stays small). */
export const MAX_VALS = 16;

export const str = (v: string): Val => ({ k: 'str', v });
export const ref = (name: string): Val => ({ k: 'ref', name });
export const any = (why: string): Vals => [{ k: 'any', why }];
/** Why a value is a function the code itself defines (a `def`, a `lambda`): its body is read where it is written. */
export const CODE_FUNCTION = 'a function of the code';

function key(v: Val): string {
  switch (v.k) {
    case 'str':
      return `s:${v.v}`;
    case 'ref':
      return `r:${v.name}`;
    case 'env':
      return `e:${v.api}`;
    case 'any':
      return 'a';
    case 'list':
      return `l:${v.open}:${v.items.map((i) => `${i.span.start}-${i.span.end}[${i.vals.map(key).join('|')}]`).join(',')}`;
    case 'method':
      return `m:${v.name}:${v.on.map(key).join('|')}`;
  }
}

/** The union of value sets, without repeats; past MAX_VALS, computed. */
export function union(...sets: Vals[]): Vals {
  const seen = new Map<string, Val>();
  for (const s of sets) for (const v of s) if (!seen.has(key(v))) seen.set(key(v), v);
  if (seen.size > MAX_VALS) return any(`it may hold more than ${MAX_VALS} values`);
  // One computed value stands for all of them.
  const out = [...seen.values()];
  const firstAny = out.find((v) => v.k === 'any');
  return firstAny ? [firstAny, ...out.filter((v) => v.k !== 'any')] : out;
}

/** Why a value set is not all static strings, or undefined when it is. */
export function whyComputed(vals: Vals): string | undefined {
  if (vals.length === 0) return 'it has no value';
  for (const v of vals) {
    if (v.k === 'any') return v.why;
    if (v.k !== 'str') return 'it is not a string';
  }
  return undefined;
}

/** The static strings of a value set, or null when any value is not one. */
export function strings(vals: Vals): string[] | null {
  if (whyComputed(vals) !== undefined) return null;
  return vals.map((v) => (v as { v: string }).v);
}

/** The static strings among `vals` (a value that may be one of several, some computed, keeps its known ones). */
function knownStrings(vals: Vals): string[] {
  return vals.flatMap((v) => (v.k === 'str' ? [v.v] : []));
}

/** The static text every value of a set begins with (a string whole, a computed value its head), or undefined. */
export function headOf(vals: Vals): string | undefined {
  let out: string | undefined;
  for (const v of vals) {
    const h = v.k === 'str' ? v.v : v.k === 'any' ? v.head : undefined;
    if (h === undefined) return undefined;
    if (out === undefined) out = h;
    else {
      let i = 0;
      while (i < out.length && i < h.length && out[i] === h[i]) i++;
      out = out.slice(0, i);
    }
  }
  return out === '' ? undefined : out;
}

/** A computed value that begins with `head` when there is one. */
export function headed(why: string, head: string | undefined): Vals {
  return head === undefined || head === '' ? any(why) : [{ k: 'any', why, head }];
}

/**
 * Each string of `a` followed by each of `b`, when both are static; computed otherwise, with the joins of the static
 * strings beside it: `os.getenv("HOME", sys.argv[1]) + "/.bashrc"` may be ~/.bashrc, whatever else it may be.
 */
export function concat(a: Vals, b: Vals): Vals {
  const x = strings(a);
  const y = strings(b);
  if (x === null || y === null) {
    // What it begins with: a's strings each followed by what b begins with, or a's own beginning.
    const bh = headOf(b) ?? '';
    const head = x !== null ? headOf(x.map((p) => str(p + bh))) : headOf(a);
    const computed = headed(whyComputed(x === null ? a : b) ?? 'computed', head);
    const [xs, ys] = [knownStrings(a), knownStrings(b)];
    if (xs.length === 0 || ys.length === 0 || xs.length * ys.length > MAX_VALS) return computed;
    return [...computed, ...xs.flatMap((p) => ys.map((q) => str(p + q)))];
  }
  if (x.length * y.length > MAX_VALS) return any(`it may hold more than ${MAX_VALS} values`);
  return x.flatMap((p) => y.map((q) => str(p + q)));
}

/** A path joined from parts as os.path.join and path.join do: an absolute part starts it over. */
export function joinPaths(parts: Vals[]): Vals {
  let acc: Vals = [str('')];
  for (const part of parts) {
    const ps = strings(part);
    const as = strings(acc);
    // A computed part joins below what is known so far (`os.path.join(HOME, name)` begins with `~/`).
    if (ps === null || as === null) {
      const ah = headOf(acc);
      const ph = headOf(part);
      return headed(whyComputed(ps === null ? part : acc) ?? 'computed', as === null ? ah : as.length === 1 && as[0] !== '' ? (ph?.startsWith('/') ? undefined : `${as[0]!.replace(/\/+$/, '')}/${ph ?? ''}`) : undefined);
    }
    if (ps.length * as.length > MAX_VALS) return any(`it may hold more than ${MAX_VALS} values`);
    acc = as.flatMap((a) => ps.map((p) => str(p.startsWith('/') || a === '' ? p : a.endsWith('/') ? a + p : `${a}/${p}`)));
  }
  return acc;
}

/** The word an argument stands for: its static strings as values, or computed. */
export function wordOf(arg: Arg): Word {
  const values = strings(arg.vals);
  if (values !== null) return { text: arg.text, span: arg.span, values: [...new Set(values)] };
  return { text: arg.text, span: arg.span, values: null, dynamic: whyComputed(arg.vals) ?? 'computed' };
}

/** The same word with one of its values. */
export function alternative(word: Word, value: string): Word {
  return { text: word.text, span: word.span, values: [value] };
}

/** The argvs a list value may be (each alternative of each item spelt out), or null past `max` of them. */
export function argvs(list: Extract<Val, { k: 'list' }>, max = MAX_VALS): Word[][] | null {
  let out: Word[][] = [[]];
  for (const item of list.items) {
    const w = wordOf(item);
    const alts = w.values && w.values.length > 1 ? w.values.map((v) => alternative(w, v)) : [w];
    if (out.length * alts.length > max) return null;
    out = out.flatMap((prefix) => alts.map((a) => [...prefix, a]));
  }
  return out;
}
