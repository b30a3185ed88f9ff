// A command line of plain words, quotes, operators and file redirections lowered without the parser.
//
// Most commands an agent runs are like these (`git status`, `cd src && npm test`, `npm test 2>&1 | tail -20`,
// `git commit -m "fix the parser"`, `grep -rn 'TODO' src`), and the parser's first use is most of the CLI's cold
// start (its wasm compiles function by function on first call). Over the subset read here bash does nothing but
// split on blanks and strip quotes, and leave globs and tildes in the words' raw text as the lowering does: no
// expansion, escape, brace, class or comment can be written with it (a quote holds none of `$`, a backquote or a
// backslash; a raw character is never `[ { # $ \ ( !`).
//
// The result is exactly the statement the tree-sitter lowering gives for the same text, which test/plain.test.ts
// checks against the parser over generated lines, the corpus and nl2bash. Anything outside the subset, or any
// place the grammar is known to read differently from the simple reading, is left to the parser: it decides.
import type { Part, RawRedirect, RawWord, Stmt } from './ir.js';

/**
 * The command word: names and paths (`git`, `./run.sh`, `g++`). Narrower than bash's: tree-sitter-bash has
 * quirks near assignments and arithmetic that make some command words (`a@b`, `a+: x`, `- a=b`) a syntax
 * error or an assignment; those go to the parser, which is what decides.
 */
const COMMAND_WORD = /[A-Za-z0-9_./][A-Za-z0-9_./+-]*/y;
/**
 * An argument's unquoted run: also `=` (`--opt=x`, `CC=gcc`), `%`, `@`, `:` and `,`, and the glob and tilde
 * characters `*`, `?` and `~`, which the lowering leaves in the raw text for resolution to read (`src/*.ts`, `~/x`).
 */
const RAW_RUN = /[A-Za-z0-9_./:,+@=%*?~-]+/y;
/** `'…'`: anything printable but the closing quote. */
const SINGLE = /'([\t\x20-\x26\x28-\x7e]*)'/y;
/** `"…"` holding nothing bash expands or escapes there: no `$`, backquote, backslash (nor `!`, history's). */
const DOUBLE = /"([\t\x20\x23\x25-\x5b\x5d-\x5f\x61-\x7e]*)"/y;
/**
 * A file redirection: an optional descriptor, then `>`, `>>`, `<`, or `>&` with a digit. The grammar reads `0>`
 * and `0<` as the word `0` and a redirection, and a descriptor before `<` variously: those go to the parser.
 */
const REDIRECT = /([1-9](?!<))?(>>|>&|>|<)/y;
const DUP_TARGET = /[0-9]/y;

/**
 * Command words the tree-sitter lowering reads as more than a command name: reserved words (a syntax error
 * alone, or a keyword the grammar builds a statement from) and the declaration builtins, whose arguments
 * are assignments.
 */
const NOT_PLAIN_FIRST = new Set([
  'if', 'then', 'else', 'elif', 'fi', 'do', 'done', 'case', 'esac', 'while', 'until', 'for', 'in', 'select',
  'function', 'time', 'coproc', 'declare', 'typeset', 'export', 'readonly', 'local', 'unset',
]);

/** Longer lines take the parser, well inside its own size limit. */
const MAX_PLAIN_CHARS = 4096;

/** Not plain: the line goes to the parser. Thrown inside the reader only, caught at its entry. */
const NOT_PLAIN = Symbol('not plain');

class Reader {
  pos = 0;
  constructor(private readonly text: string) {}

  get done(): boolean {
    return this.pos >= this.text.length;
  }

  private at(re: RegExp): RegExpExecArray | null {
    re.lastIndex = this.pos;
    return re.exec(this.text);
  }

  private blanks(): boolean {
    const start = this.pos;
    while (this.text[this.pos] === ' ' || this.text[this.pos] === '\t') this.pos++;
    return this.pos > start;
  }

  /** Where a word or a redirection may end: a blank, the end, or an operator (`;`, `|`, `&`). */
  private boundary(): void {
    const c = this.text[this.pos];
    if (c !== undefined && c !== ' ' && c !== '\t' && c !== ';' && c !== '|' && c !== '&') throw NOT_PLAIN;
  }

  /** `a; b; c` (a `;` may end the line). */
  sequence(): Stmt {
    const items: Stmt[] = [];
    this.blanks();
    for (;;) {
      items.push(this.list());
      this.blanks();
      if (this.done) break;
      if (this.text[this.pos] !== ';') throw NOT_PLAIN;
      this.pos++;
      this.blanks();
      if (this.done) break;
    }
    return items.length === 1 ? items[0]! : { k: 'seq', items };
  }

  /** `a && b | c || d`: pipelines joined by `&&` and `||`, each with the operator before it. */
  private list(): Stmt {
    const items: { op: string; stmt: Stmt }[] = [];
    let op = ';';
    for (;;) {
      items.push({ op, stmt: this.pipeline() });
      const back = this.pos;
      this.blanks();
      const two = this.text.slice(this.pos, this.pos + 2);
      if (two !== '&&' && two !== '||') {
        this.pos = back;
        return items.length === 1 ? items[0]!.stmt : { k: 'list', items };
      }
      op = two;
      this.pos += 2;
      this.blanks();
    }
  }

  /** `a | b | c` (not `||`, not `|&`). */
  private pipeline(): Stmt {
    const stages = [this.command()];
    for (;;) {
      const back = this.pos;
      this.blanks();
      const next = this.text[this.pos + 1];
      if (this.text[this.pos] !== '|' || next === '|' || next === '&') {
        this.pos = back;
        return stages.length === 1 ? stages[0]! : { k: 'pipe', stages };
      }
      this.pos++;
      this.blanks();
      stages.push(this.command());
    }
  }

  /** A command word, its arguments, then its redirections (none between the arguments). */
  private command(): Stmt {
    const name = this.at(COMMAND_WORD);
    if (!name || NOT_PLAIN_FIRST.has(name[0])) throw NOT_PLAIN;
    const start = this.pos;
    this.pos += name[0].length;
    this.boundary();
    const words: RawWord[] = [{ text: name[0], span: { start, end: this.pos }, parts: [{ k: 'raw', text: name[0] }] }];
    const redirects: RawRedirect[] = [];
    for (;;) {
      const back = this.pos;
      if (!this.blanks()) break;
      const c = this.text[this.pos];
      if (c === undefined || c === ';' || c === '|' || c === '&') {
        this.pos = back;
        break;
      }
      const redirect = this.redirect();
      // A lone `-` before a descriptor's redirection (`cat - 2>/dev/null`) is another node to the grammar.
      if (redirect?.fd !== undefined && redirects.length === 0 && words[words.length - 1]!.text === '-') throw NOT_PLAIN;
      if (redirect) redirects.push(redirect);
      else if (redirects.length > 0) throw NOT_PLAIN;
      else words.push(this.word());
    }
    const last = words[words.length - 1]!;
    return { k: 'cmd', words, assigns: [], redirects, span: { start, end: last.span.end } };
  }

  private redirect(): RawRedirect | undefined {
    const m = this.at(REDIRECT);
    if (!m) return undefined;
    const start = this.pos;
    this.pos += m[0].length;
    const op = m[2]!;
    let target: RawWord;
    if (op === '>&') {
      const d = this.at(DUP_TARGET);
      if (!d) throw NOT_PLAIN;
      target = { text: d[0], span: { start: this.pos, end: this.pos + 1 }, parts: [{ k: 'raw', text: d[0] }] };
      this.pos++;
      this.boundary();
    } else {
      this.blanks();
      target = this.word();
    }
    const out: RawRedirect = { op, span: { start, end: target.span.end }, target };
    if (m[1] !== undefined) out.fd = Number(m[1]);
    return out;
  }

  /** An argument: unquoted runs and quotes side by side, not starting with `=` (`==x` is a syntax error to the grammar). */
  private word(): RawWord {
    const start = this.pos;
    const parts: Part[] = [];
    for (;;) {
      const c = this.text[this.pos];
      const m = c === "'" ? this.at(SINGLE) : c === '"' ? this.at(DOUBLE) : this.pos === start && c === '=' ? null : this.at(RAW_RUN);
      if (!m) break;
      this.pos += m[0].length;
      if (c === "'") parts.push({ k: 'lit', text: m[1]! });
      else if (c !== '"') parts.push({ k: 'raw', text: m[0] });
      else if (m[1] !== '') parts.push({ k: 'lit', text: m[1]! });
      // An empty `""` is a quoted nothing to the lowering (one empty word); beside other text the grammar's reading
      // varies: alone only (the boundary below ends the word).
      else if (this.pos - 2 !== start) throw NOT_PLAIN;
      else {
        parts.push({ k: 'lit', text: '' });
        break;
      }
    }
    if (this.pos === start) throw NOT_PLAIN;
    this.boundary();
    return { text: this.text.slice(start, this.pos), span: { start, end: this.pos }, parts };
  }
}

/** The statement for a plain command line, or undefined when the line needs the parser. */
export function plainProgram(text: string): Stmt | undefined {
  if (text.length > MAX_PLAIN_CHARS) return undefined;
  const reader = new Reader(text);
  try {
    const stmt = reader.sequence();
    return reader.done ? stmt : undefined;
  } catch (err) {
    if (err === NOT_PLAIN) return undefined;
    throw err;
  }
}

/** Whether `text` is a plain bash command line (analysable without loading the parser). */
export function isPlainCommand(text: string): boolean {
  return plainProgram(text) !== undefined;
}
