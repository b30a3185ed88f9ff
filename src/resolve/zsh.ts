// How zsh reads a word where bash reads it otherwise. Claude Code runs its Bash tool under zsh on macOS (zsh is the
// login shell there), and a line may say `zsh -c`: a word is judged by both readings, never by bash's alone.
//   `=curl`       the path of the program curl (EQUALS), where bash has the text `=curl`;
//   `$=x` `$~x` `$^x`  x's value split, globbed or joined to its neighbours, where bash has the text `$=x`;
//   `${a[1]}`     the first element (zsh counts from 1), where bash has the second;
//   `$a`          every element of the array a, where bash has the first;
//   `$a[2]`       the second element, where bash has the first one followed by the text `[2]`;
//   `$x:l`        x's value in lower case (a modifier: :h :t :r :e :l :u :c…), where bash has it followed by `:l`.
import { lookup } from '../programs/index.js';
import type { Part, RawRedirect, RawWord, Stmt } from '../segments/ir.js';
import type { Word } from '../types.js';
import type { WordEnv } from './words.js';

type Cmd = Extract<Stmt, { k: 'cmd' }>;

/** Who reads a line otherwise, leading each reason given. */
export const ZSH = 'zsh, which runs the Bash tool of Claude Code on macOS,';

/** A word zsh may read otherwise than bash: one with an expansion, or led by `=`. */
function mayDiffer(raw: RawWord): boolean {
  return raw.text.includes('$') || raw.text.startsWith('=');
}

/** `>!`, `>>!`, `&>!`, `2>!`: zsh's redirection past noclobber, whose target bash reads as a file named `!…`. */
export function clobbers(r: RawRedirect): boolean {
  const first = r.target?.parts[0];
  return first?.k === 'raw' && first.text.startsWith('!') && /^[0-9&]*>/.test(r.op);
}

/** `$=x`, `"$~x"`, `$^{x}`: a flag zsh reads (outside single quotes), where bash keeps the text. */
function flagged(text: string): string | undefined {
  let single = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (single) {
      if (c === "'") single = false;
      continue;
    }
    // (A `\$` too: the parser's repair writes a `$` bash keeps as text so, `$=x` as `\$=x`.)
    if (c === '\\' && text[i + 1] !== '$') {
      i++;
      continue;
    }
    if (c === "'") single = true;
    else if (c === '$') {
      const m = /^\$[=~^]+(?:[A-Za-z_]\w*|\{)/.exec(text.slice(i));
      if (m) return m[0];
    }
  }
  return undefined;
}

/** zsh's modifiers of an unbraced `$name` that change its value as text (`:h` head, `:t` tail, `:l` lower…). */
const MODIFIER = /^:([hterluc])/;

function modified(value: string, m: string): string {
  switch (m) {
    case 'h':
      return value.includes('/') ? value.replace(/\/[^/]*$/, '') || '/' : '.';
    case 't':
      return value.replace(/^.*\//, '');
    case 'r':
      return value.replace(/\.[^./]*$/, '');
    case 'e':
      return /\.([^./]*)$/.exec(value)?.[1] ?? '';
    case 'l':
      return value.toLowerCase();
    case 'u':
      return value.toUpperCase();
    default:
      // `:c`: the path of the program so named, which is that program.
      return value;
  }
}

/**
 * The word as zsh writes it for bash's reading (parts bash reads as zsh would), null when zsh's reading is not
 * followed here, undefined when it reads the word as bash does.
 */
function zshParts(raw: RawWord, env: WordEnv, mode: 'word' | 'assignment' | 'element' = 'word'): Part[] | null | undefined {
  // `=curl`: the path of the program curl. A word that names no program is an error to zsh, and nothing runs: the
  // programs the registry knows are read so (`chmod =rX dir` is chmod's mode to bash, an error to zsh).
  if (raw.parts.length === 1 && raw.parts[0]!.k === 'raw' && /^=[\w.+-]+$/.test(raw.text)) return mode === 'word' && lookup(raw.text.slice(1), 'bash') !== undefined ? [{ k: 'raw', text: raw.text.slice(1) }] : undefined;
  let changed = false;
  // A part that runs something (a substitution, arithmetic, a prompt) would run again where zsh's reading is
  // evaluated: a word that holds one and that zsh reads otherwise is not followed (null).
  const parts = raw.parts;
  const runs = parts.some((p) => p.k === 'sub' || p.k === 'arith' || p.k === 'prompt');
  const out: Part[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part.k === 'dyn' && (part.array === 'mapfile' || part.why.startsWith('${mapfile['))) {
      // `${mapfile[PATH]}`: the subscript, as bash kept it for arithmetic, is the file's name.
      const sub = part.arith?.length === 1 ? part.arith[0]! : undefined;
      const named = sub !== undefined ? textParts(sub) : null;
      if (named === null) return null;
      changed = true;
      out.push(fileText(named, raw, part.quoted));
      continue;
    }
    if (part.k === 'dyn' && part.array !== undefined && part.index !== undefined) {
      // (An element beside a part that runs is not followed; a negative index counts from the end in both shells.)
      if (runs) return null;
      if (part.index < 0 || part.star || part.slice !== undefined) {
        out.push(part);
        continue;
      }
      if (part.subs.length > 0) return null;
      changed = true;
      // (`${a[0]}` is empty to zsh: nothing at all where unquoted, as an index past the end is.)
      out.push(part.index > 0 ? { ...part, index: part.index - 1 } : part.quoted ? { k: 'lit', text: '' } : { ...part, index: Number.MAX_SAFE_INTEGER });
      continue;
    }
    if (part.k !== 'var' || part.name === 'HOME') {
      out.push(part);
      continue;
    }
    const next = parts[i + 1];
    const nextText = next && (next.k === 'raw' || next.k === 'lit') ? next.text : undefined;
    // zsh/mapfile: `$mapfile[PATH]` is the text of the file PATH, as `$(cat PATH)`.
    if (part.name === 'mapfile' && part.bare && nextText?.startsWith('[')) {
      const inner: Part[] = [];
      let piece: Part = { k: next!.k as 'raw', text: nextText.slice(1) };
      let j = i + 1;
      let rest: string | undefined;
      for (;;) {
        const close = piece.k === 'raw' || piece.k === 'lit' ? piece.text.indexOf(']') : -1;
        if (close >= 0) {
          const text = (piece as { text: string }).text;
          if (close > 0) inner.push({ ...(piece as { k: 'raw' }), text: text.slice(0, close) });
          rest = text.slice(close + 1);
          break;
        }
        inner.push(piece);
        if (++j >= parts.length) return null;
        piece = parts[j]!;
      }
      changed = true;
      out.push(fileText(inner, raw, part.quoted));
      if (rest) out.push({ k: 'raw', text: rest });
      i = j;
      continue;
    }
    if (part.bare && nextText?.startsWith('[')) {
      // `$a[N]`: the subscript runs on over the raw pieces after it, up to its `]`.
      let sub = nextText;
      let j = i + 1;
      while (!sub.includes(']') && j + 1 < parts.length && (parts[j + 1]!.k === 'raw' || parts[j + 1]!.k === 'lit')) sub += (parts[++j] as { text: string }).text;
      const m = /^\[(-?\d+)\]/.exec(sub);
      if (!m) return null;
      const n = Number(m[1]);
      const elements = env.vars.elements?.(part.name);
      const value = env.vars.get(part.name);
      const list = elements ?? (value !== undefined ? [value] : undefined);
      if (list === undefined) return null;
      const element = n > 0 ? list[n - 1] : n < 0 ? list.at(n) : undefined;
      changed = true;
      out.push({ k: 'lit', text: element ?? '' });
      const rest = sub.slice(m[0].length);
      if (rest !== '') out.push({ k: 'raw', text: rest });
      i = j;
      continue;
    }
    if (part.bare && nextText !== undefined && MODIFIER.test(nextText)) {
      const value = env.vars.get(part.name);
      if (value === undefined) return null;
      let text = nextText;
      let v = value;
      for (let m = MODIFIER.exec(text); m; m = MODIFIER.exec(text)) {
        v = modified(v, m[1]!);
        text = text.slice(2);
      }
      changed = true;
      out.push({ k: 'lit', text: v });
      if (text !== '') out.push(next!.k === 'raw' ? { k: 'raw', text } : { k: 'lit', text });
      i++;
      continue;
    }
    const elements = env.vars.elements?.(part.name);
    if (elements !== undefined && elements.length > 1) {
      changed = true;
      out.push(part.quoted ? { k: 'lit', text: elements.join(' ') } : { k: 'dyn', why: `$${part.name} is every element of the array in zsh`, quoted: false, subs: [], array: part.name });
      continue;
    }
    out.push(part);
  }
  if (changed && runs) return null;
  return changed ? out : undefined;
}

/** `$(cat PATH)`: the text of the file PATH names, read where the word stands. */
function fileText(path: Part[], raw: RawWord, quoted: boolean): Part {
  const word = (parts: Part[], text: string): RawWord => ({ text, span: raw.span, parts });
  return { k: 'sub', what: 'command', quoted, body: { k: 'cmd', words: [word([{ k: 'raw', text: 'cat' }], 'cat'), word(path, raw.text)], assigns: [], redirects: [], span: raw.span } };
}

/** Text written in a subscript, as the parts of a word: `$NAME` and `${NAME}` expand; a substitution is not followed. */
function textParts(text: string): Part[] | null {
  if (/\$\(|`|\$\{[^}]*[^\w}]/.test(text)) return null;
  const parts: Part[] = [];
  let at = 0;
  for (const m of text.matchAll(/\$\{?([A-Za-z_]\w*)\}?/g)) {
    if (m.index! > at) parts.push({ k: 'raw', text: text.slice(at, m.index) });
    parts.push({ k: 'var', name: m[1]!, quoted: false });
    at = m.index! + m[0].length;
  }
  if (at < text.length) parts.push({ k: 'raw', text: text.slice(at) });
  return parts;
}

/**
 * The words of `raw` as bash reads them (`bash`), or, where zsh reads them otherwise, a word vouch cannot read (the
 * same line may run under either shell). `again` evaluates parts as bash does. A command's own words are read both
 * ways by its caller (see zshCommand; `env.written`): for those, here only zsh's flags, which bash keeps as text.
 */
export function withZsh(raw: RawWord, env: WordEnv, mode: 'word' | 'assignment' | 'element', bash: Word[], again: (raw: RawWord) => Word[], either = false): Word[] {
  if (!mayDiffer(raw)) return bash;
  const flag = flagged(raw.text);
  if (flag !== undefined) return [{ text: raw.text, span: raw.span, values: null, dynamic: `${ZSH} reads ${flag} as a variable's value, which bash keeps as text` }];
  if (env.written?.includes(raw)) return bash;
  const parts = zshParts(raw, env, mode);
  if (parts === undefined) return bash;
  const why = `${ZSH} reads ${raw.text} otherwise than bash`;
  if (parts === null) return [{ text: raw.text, span: raw.span, values: null, dynamic: why }];
  const zsh = again({ ...raw, parts });
  const same = zsh.length === bash.length && zsh.every((w, i) => JSON.stringify(w.values) === JSON.stringify(bash[i]!.values));
  if (same) return bash;
  // `either`: a word that names one thing, a redirection's target (`a=(~/.bashrc); echo x >> "${a[0]}"`, whose element
  // zsh counts from 1): each shell's one word, its values both readings'.
  const [b, z] = [bash[0], zsh[0]];
  if (either && bash.length === 1 && zsh.length === 1 && b?.values && z?.values) return [{ text: raw.text, span: raw.span, values: [...new Set([...b.values, ...z.values])], ...(b.glob || z.glob ? { glob: true } : {}) }];
  // (Or one of the paths from a glob on, in either (`a=(~/.b*rc); a+=(/tmp/x); echo x >> "${a[1]}"`, see shiftKey):
  // every path of both readings.)
  const rb = b && roots(b);
  const rz = z && roots(z);
  if (either && bash.length === 1 && zsh.length === 1 && rb && rz && (b.under || z.under)) return [{ text: raw.text, span: raw.span, values: null, dynamic: why, under: [{ values: [...new Set([...rb, ...rz])], cwd: null, glob: true, depth: 0 }] }];
  return [{ text: raw.text, span: raw.span, values: null, dynamic: why }];
}

/**
 * A command as zsh writes it for bash's reading, where zsh reads it otherwise (`a=(env curl); $a x` is `env curl x`
 * to zsh; `mapfile[f]=x` writes f): the caller walks both commands from the same state. Undefined where zsh reads it
 * as bash does; null where a word it reads otherwise is not followed (evalWord then finds it cannot be read).
 */
export function zshCommand(stmt: Cmd, env: WordEnv): Cmd | null | undefined {
  let changed = false;
  const words: RawWord[] = [];
  for (const raw of stmt.words) {
    const parts = mayDiffer(raw) ? zshParts(raw, env) : undefined;
    if (parts === null) return null;
    if (parts !== undefined) changed = true;
    words.push(parts === undefined ? raw : { ...raw, parts });
  }
  // `>! FILE`, `>>! FILE`, `&>! FILE`: zsh's redirections past noclobber, where bash writes a file named `!` and hands
  // FILE to the command as an argument. zsh's reading takes that word as the redirection's target.
  let redirects = stmt.redirects;
  for (const r of stmt.redirects) {
    if (!r.target || !clobbers(r)) continue;
    // `>!FILE`, written together.
    if (r.target.text !== '!') {
      const first = r.target.parts[0] as { text: string };
      const target = { ...r.target, text: r.target.text.slice(1), parts: [{ k: 'raw' as const, text: first.text.slice(1) }, ...r.target.parts.slice(1)] };
      changed = true;
      redirects = redirects.map((x) => (x === r ? { ...r, target } : x));
      continue;
    }
    const after = words.filter((w) => w.span.start >= r.span.end).sort((a, b) => a.span.start - b.span.start)[0];
    if (!after) continue;
    changed = true;
    words.splice(words.indexOf(after), 1);
    redirects = redirects.map((x) => (x === r ? { ...r, target: after } : x));
  }
  // zsh/mapfile: `mapfile[PATH]=TEXT` writes the file PATH, as `> PATH` does.
  const mapped = stmt.assigns.filter((a) => a.name === 'mapfile' && a.index !== undefined);
  if (mapped.length === 0) return changed ? { ...stmt, words, redirects } : undefined;
  return { ...stmt, words, assigns: stmt.assigns.filter((a) => !mapped.includes(a)), redirects: [...redirects, ...mapped.map((a) => ({ op: '>', target: a.index!, span: a.span }))] };
}

/** A word's values, or the patterns of the one set of paths it may be (a positional parameter or an element after a glob). */
function roots(w: Word): string[] | undefined {
  const u = w.under?.length === 1 ? w.under[0]! : undefined;
  return w.values ?? (u?.glob && u.depth === 0 && u.cwd === null && u.values ? u.values : undefined);
}
