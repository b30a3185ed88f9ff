// A command line of plain words (`ls -la src`, `git status`, `npm test`) lowered without the parser.
//
// Most commands an agent runs are like these, and the parser's first use is most of the CLI's cold start
// (its wasm compiles function by function on first call). Over this character set bash does nothing but
// split on blanks: no quoting, escapes, expansions, globs, braces, comments, operators or redirections can
// be written with it. The result is exactly the statement the tree-sitter lowering gives for the same text,
// which test/plain.test.ts checks against the parser over generated lines, the corpus and nl2bash.
import type { RawWord, Stmt } from './ir.js';

/**
 * The command word: names and paths (`git`, `./run.sh`, `g++`). Narrower than bash's: tree-sitter-bash has
 * quirks near assignments and arithmetic that make some command words (`a@b`, `a+: x`, `- a=b`) a syntax
 * error or an assignment; those go to the parser, which is what decides.
 */
const FIRST_START = '[A-Za-z0-9_./]';
const WORD = '[A-Za-z0-9_./+-]';
/** Arguments: also `=` (`--opt=x`, `CC=gcc`), `%`, `@`, `:` and `,`. */
const ARG = '[A-Za-z0-9_./:,+@=%-]';
/** An argument may not start with `=`: tree-sitter-bash reads a word starting `==` as a syntax error. */
const ARG_START = '[A-Za-z0-9_./:,+@%-]';
const PLAIN = new RegExp(`^[ \\t]*${FIRST_START}${WORD}*(?:[ \\t]+${ARG_START}${ARG}*)*[ \\t]*$`);

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

/** The statement for a plain-words command line, or undefined when the line needs the parser. */
export function plainProgram(text: string): Stmt | undefined {
  if (text.length > MAX_PLAIN_CHARS || !PLAIN.test(text)) return undefined;
  const words: RawWord[] = [];
  for (const m of text.matchAll(/[^ \t]+/g)) {
    const start = m.index;
    words.push({ text: m[0], span: { start, end: start + m[0].length }, parts: [{ k: 'raw', text: m[0] }] });
  }
  const first = words[0];
  const last = words[words.length - 1];
  if (!first || !last || NOT_PLAIN_FIRST.has(first.text)) return undefined;
  return { k: 'cmd', words, assigns: [], redirects: [], span: { start: first.span.start, end: last.span.end } };
}

/** Whether `text` is a plain-words bash command line (analysable without loading the parser). */
export function isPlainCommand(text: string): boolean {
  return plainProgram(text) !== undefined;
}
