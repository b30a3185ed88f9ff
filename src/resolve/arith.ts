// Arithmetic as bash evaluates it: a variable an expression names is read as an expression in turn, and a subscript
// in such a value runs the substitutions it holds (`v='a[$(curl x)]'; : $((v))` runs curl).
import { assign, type State, valuesOf } from './state.js';

/** A value arithmetic reads as a plain number (no names, no subscripts). */
const NUMBER = /^\s*[-+]?\s*(?:0[xX][0-9a-fA-F]+|\d+(?:#[0-9a-zA-Z@_]+)?)?\s*$/;

/** Variables bash gives the integer attribute itself: what is assigned to them is evaluated as arithmetic. */
export const ARITH_VARIABLES: ReadonlySet<string> = new Set(['RANDOM', 'SRANDOM', 'OPTIND', 'HISTCMD']);

/** Whether what is assigned to `name` is evaluated as arithmetic: a `declare -i` name (through a nameref), or one bash keeps as an integer. */
export function isInteger(state: State, name: string): boolean {
  return state.integers.has(state.namerefs.get(name) || name) || ARITH_VARIABLES.has(name);
}

/** How deep values naming other variables are followed. */
const MAX_DEPTH = 8;

export interface ArithHost {
  /** Shell text a value makes bash run (the substitutions of a subscript inside it). */
  run(text: string): void;
  /** A variable read as an expression whose text the line computed: cannot vouch, with why. */
  floor(why: string): void;
}

/** Removes the substitutions written in the expression itself: the walk reads those as commands of their own. */
function withoutSubstitutions(text: string): string {
  let t = text.replace(/`[^`]*`/g, ' ');
  for (let i = 0; i < 8 && t.includes('$('); i++) t = t.replace(/\$\([^()]*\)/g, ' ');
  return t;
}

/**
 * Reads `text` as bash's arithmetic would. At depth 0 the text is written on the line; deeper it is the value of a
 * variable, where a subscript holding `$(…)` or backticks runs them.
 */
export function arithmetic(text: string, state: State, host: ArithHost, depth = 0, seen: Set<string> = new Set()): void {
  if (depth > 0 && text.includes('[') && /[$`]/.test(text)) host.run(`: ${text.replace(/[[\]]/g, ' ')}`);
  const expr = depth === 0 ? withoutSubstitutions(text) : text;
  // `f() { (( $1 )); }; f 'a[$(curl x)]'`: a parameter written in the expression is expanded before it is read, and
  // its value is read as an expression in turn, as a variable's is (`$x` is read through x below); so is one in an
  // expansion (`${1:-0}`, `${1%.*}`), whose value may be what it expands to.
  if (depth === 0) {
    for (const m of expr.matchAll(/\$(?:\{([0-9]+|[@*])(?![0-9])|([0-9@*]))/g)) {
      const which = (m[1] ?? m[2])!;
      const got = which === '0' ? zeroValues(state) : positionalValues(state, which);
      if (typeof got === 'string') {
        host.floor(`arithmetic reads $${which} as an expression, and ${got}`);
        continue;
      }
      for (const v of got) if (!NUMBER.test(v)) arithmetic(v, state, host, depth + 1, seen);
    }
  }
  for (const m of expr.matchAll(/[A-Za-z_]\w*/g)) {
    const before = expr[m.index - 1];
    // `0x1f`, `16#ff`: digits of a number, not a name.
    if (before !== undefined && /[0-9#]/.test(before)) continue;
    const name = m[0];
    if (seen.has(name)) continue;
    seen.add(name);
    const values = valuesOf(state, name);
    if (values === undefined) {
      const why = state.unknown.get(state.namerefs.get(name) || name);
      if (why !== undefined && !state.numeric.has(name)) host.floor(`arithmetic reads $${name} as an expression, and ${why.replace(/^it /, 'it ')}`);
      continue;
    }
    // `for f in *; do echo $((f)); done`: a name the glob matched, any text (`a[$(curl x)]` is a file name).
    if (state.globbed.has(state.namerefs.get(name) || name)) {
      host.floor(`arithmetic reads $${name} as an expression, and it holds a name a glob matched`);
      continue;
    }
    if (depth >= MAX_DEPTH) {
      host.floor(`arithmetic follows variables naming variables more than ${MAX_DEPTH} deep (vouch.limit)`);
      return;
    }
    for (const v of values) if (!NUMBER.test(v)) arithmetic(v, state, host, depth + 1, seen);
  }
}

/**
 * The values `$N`, `$@` or `$*` may hold: those of the words of the call being walked (from the Nth on where a word
 * before it may be any number of words), none at the top of the line (a shell given no arguments), or why they are
 * not known (a word computed, a glob's matches, a call not seen).
 */
function positionalValues(state: State, which: string): string[] | string {
  const given = state.positional;
  if (given === undefined) return [];
  if (typeof given === 'string') return given;
  let left = /^\d+$/.test(which) ? Number(which) - 1 : 0;
  const out: string[] = [];
  for (const w of given) {
    // (A number a substitution printed, `f "$(wc -l < x)"`, is one word and reads no code.)
    if (w.values === null && w.numeric && !w.glob) {
      if (left > 0) left--;
      else if (which !== '@' && which !== '*') return out;
      continue;
    }
    if (w.values === null || w.glob) return left > 0 ? `${w.text} before it may be any number of words` : w.glob ? `it may hold a name a glob matched (${w.text})` : `it may hold a computed word (${w.text})`;
    for (const v of w.values) {
      if (left > 0) left--;
      else {
        out.push(v);
        if (which !== '@' && which !== '*') return out;
      }
    }
  }
  return out;
}

/** The values `$0` may hold: the name a child shell was given (`sh -c TEXT NAME`), or why it is not known. */
function zeroValues(state: State): string[] | string {
  const values = valuesOf(state, '0');
  if (values !== undefined) return [...values];
  return state.unknown.get('0') ?? [];
}

/** The variables an expression assigns (`x = 1`, `x += 2`, `x++`, `--x`): they hold a number after it. */
export function arithmeticAssigns(text: string, state: State): void {
  const expr = withoutSubstitutions(text);
  const names = new Set<string>();
  for (const m of expr.matchAll(/([A-Za-z_]\w*)\s*(?:\[[^\]]*\])?\s*(?:[-+*/%&^|]|<<|>>)?=(?!=)/g)) names.add(m[1]!);
  for (const m of expr.matchAll(/([A-Za-z_]\w*)\s*(?:\+\+|--)|(?:\+\+|--)\s*([A-Za-z_]\w*)/g)) names.add((m[1] ?? m[2])!);
  for (const n of names) {
    assign(state, n, null, 'arithmetic sets it to a number');
    state.numeric.add(state.namerefs.get(n) || n);
  }
}

/**
 * The subscript of a variable name given to a builtin (`read 'a[$(…)]'`, `printf -v`, `test -v`, `[[ -v ]]`,
 * `declare -n`, `unset`): bash evaluates it as arithmetic, so its substitutions run. Returns that shell text.
 */
export function subscriptCode(value: string): string | undefined {
  const open = /[A-Za-z_]\w*\[/.exec(value);
  const close = value.lastIndexOf(']');
  if (!open || close < open.index) return undefined;
  const sub = value.slice(open.index + open[0].length, close);
  return /[$`]/.test(sub) ? `: ${sub}` : undefined;
}

/**
 * The subscript of a word a builtin reads as a variable's name (`a[i]`, `a[i]=v` for declare): bash evaluates it as
 * arithmetic, so the variables it names are read as expressions in turn.
 */
export function nameSubscript(value: string): string | undefined {
  return /^[A-Za-z_]\w*\[([\s\S]*)\](?:\+?=[\s\S]*)?$/.exec(value)?.[1];
}
