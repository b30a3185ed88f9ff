// The lowered bash program: plain data that outlives the tree, ready for resolution.
import type { Span } from '../types.js';

/** A piece of a word as written. Quoted pieces are literal; `raw` is unquoted source text. */
export type Part =
  /** Unquoted source text: backslash escapes, braces, globs and tildes still to be interpreted. */
  | { k: 'raw'; text: string }
  /** Literal text from quotes (`'…'`, the literal runs of `"…"`, `$'…'` decoded). */
  | { k: 'lit'; text: string }
  /** `$NAME` or `${NAME}`; `bare`: written `$NAME`, whose name runs on into text brace expansion sets after it (`$A{a,b}` is `$Aa $Ab`). */
  | { k: 'var'; name: string; quoted: boolean; bare?: true }
  /** A positional parameter: `$1` (`${12}`), `$@` or `$*`, with `why` it is not known when no call gives it. */
  | { k: 'pos'; which: string; quoted: boolean; why: string }
  /**
   * A command or process substitution: its body runs, its output is not known.
   * `$(…)`, `<(…)` (process: its output is read as a file) or `>(…)` (process-out: what is written to it is its stdin).
   */
  | { k: 'sub'; body: Stmt; quoted: boolean; what: 'command' | 'process' | 'process-out' }
  /**
   * `${NAME:-word}` and its kin: the value, or the word, by whether NAME is set (`:=` and `=` also assign it);
   * `${NAME%pattern}` and its kin: the value with a matching suffix or prefix removed.
   * `rep`: the replacement of `${P/pat/rep}` (`word` is then the pattern).
   */
  | { k: 'param'; name: string; op: ParamOp; word: RawWord; quoted: boolean; rep?: string }
  /** `$((…))`, `$[…]`: arithmetic, which reads the variables it names as expressions; `subs` run first. */
  | { k: 'arith'; text: string; quoted: boolean; subs: Stmt[] }
  /**
   * `${NAME@P}`: NAME's value expanded like a prompt, which runs the substitutions it holds; `element`: of an
   * array's element (`${a[0]@P}`); `opaque`: of a value not held at all (`${1@P}`, `${!ref@P}`).
   */
  | { k: 'prompt'; name: string; quoted: boolean; element?: boolean; arith?: string[]; opaque?: boolean }
  /**
   * Anything else without a static value (`$1`, `${x#y}`); `subs` are substitutions inside it, `arith` the
   * arithmetic it evaluates (an array subscript).
   * `array`: the part is `${NAME[@]}` (`star`: `${NAME[*]}`; `index`: `${NAME[N]}`, N a number written out; `slice`:
   * `${NAME[@]:N}` or `${NAME[@]:N:M}`, offset and length written out), the
   * elements of the array NAME (see State.vars, arrayKey); `element`: it may assign an element of the array NAME
   * (`${a[1]:=x}`).
   */
  | { k: 'dyn'; why: string; quoted: boolean; subs: Stmt[]; arith?: string[]; indices?: boolean; array?: string; star?: boolean; index?: number; slice?: number[]; element?: string };

export type ParamOp = ':-' | '-' | ':=' | '=' | ':+' | '+' | ':?' | '?' | '#' | '##' | '%' | '%%' | '/' | '//' | '/#' | '/%';

export interface RawWord {
  text: string;
  span: Span;
  parts: Part[];
}

export interface RawAssign {
  name: string;
  /** `a[i]=v`: the subscript, as written (its substitutions run). */
  index?: RawWord;
  /** `+=` appends. */
  append: boolean;
  /** The value; an array literal is one word per element. */
  values: RawWord[];
  array: boolean;
  span: Span;
}

export interface RawRedirect {
  op: string;
  fd?: number;
  /** `{NAME}>f`: bash opens a descriptor of its own choosing (10 up) and puts its number in NAME. */
  fdVar?: string;
  target?: RawWord;
  /** Heredoc/herestring body; `parts` are literal when the heredoc delimiter is quoted. */
  body?: RawWord;
  span: Span;
}

export type Stmt =
  | {
      k: 'cmd';
      words: RawWord[];
      assigns: RawAssign[];
      redirects: RawRedirect[];
      span: Span;
      /** `declare`, `export`, `local`, `readonly`, `typeset`: assignments are arguments, not an env prefix. */
      declaration?: boolean;
    }
  | { k: 'seq'; items: Stmt[] }
  /** `a && b || c ; d &`: each item with the operator before it (the first's is `;`). */
  | { k: 'list'; items: { op: string; stmt: Stmt }[] }
  | { k: 'pipe'; stages: Stmt[] }
  | { k: 'subshell' | 'group' | 'not'; body: Stmt }
  | { k: 'if'; branches: { cond: Stmt; body: Stmt }[]; otherwise?: Stmt }
  | { k: 'loop'; what: string; words: RawWord[]; head?: Stmt; body: Stmt; variable?: string; arith?: string[] }
  | { k: 'case'; subject: RawWord; items: { patterns: RawWord[]; body: Stmt }[] }
  | { k: 'func'; name: string; body: Stmt; span: Span }
  /** `[[ … ]]`, `(( … ))`: operands as words; `arith` the expressions bash evaluates as arithmetic; `names` the variable names `-v` tests. */
  | { k: 'test'; words: RawWord[]; span: Span; arith?: string[]; names?: RawWord[]; operands?: RawWord[] }
  | { k: 'redirected'; body: Stmt; redirects: RawRedirect[] }
  /** Text bash reads again before it runs it (a backtick substitution holding backslashes). */
  | { k: 'reparse'; text: string; span: Span }
  /** A construct the lowering will not vouch for, with its cannot-vouch rule. */
  | { k: 'floor'; rule: 'unknown-node' | 'grammar-gap' | 'limit'; span: Span; message: string; inner: Stmt[] };

export const EMPTY: Stmt = { k: 'seq', items: [] };

/**
 * Moves every span of a lowered program back to the text as written, where the grammar read a respelling of it (see
 * withBashTree): the IR is plain data, so each `span` it holds is replaced, once, by its image under `toOriginal`.
 */
export function mapSpans(program: Stmt, toOriginal: (offset: number) => number): void {
  const seen = new WeakSet<object>();
  const visit = (value: unknown): void => {
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) {
      for (const v of value) visit(v);
      return;
    }
    const o = value as Record<string, unknown>;
    for (const key of Object.keys(o)) {
      const v = o[key];
      if (key === 'span' && typeof v === 'object' && v !== null && typeof (v as Span).start === 'number') {
        const s = v as Span;
        o[key] = { start: toOriginal(s.start), end: toOriginal(s.end) };
      } else visit(v);
    }
  };
  visit(program);
}
