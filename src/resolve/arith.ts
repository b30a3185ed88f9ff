// Arithmetic as bash evaluates it: a variable an expression names is read as an expression in turn, and a subscript
// in such a value runs the substitutions it holds (`v='a[$(curl x)]'; : $((v))` runs curl).
import { assign, type State, valuesOf } from './state.js';

/** A value arithmetic reads as a plain number (no names, no subscripts). */
const NUMBER = /^\s*[-+]?\s*(?:0[xX][0-9a-fA-F]+|\d+(?:#[0-9a-zA-Z@_]+)?)?\s*$/;

/** Variables bash gives the integer attribute itself: what is assigned to them is evaluated as arithmetic. */
export const ARITH_VARIABLES: ReadonlySet<string> = new Set(['RANDOM', 'SRANDOM', 'OPTIND', 'HISTCMD']);

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
