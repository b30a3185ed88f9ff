// Text respelled where a pinned grammar cannot read a valid line, before the lowering: PowerShell's gaps
// (tree-sitter-powershell 0.26.4), and bash's `for NAME do`, `fi done`, a literal `$` and `NAME=VALUE 2>/dev/null` (see withBashTree).
import type { Node } from 'web-tree-sitter';
import type { TreeNode } from './cached.js';
import { DEFAULT_LIMITS, type ParseLimits, type ParseOutcome, type SyntaxIssue, readTree, withTree } from './parser.js';

/** One respelling: `remove` characters at `at` (original offsets) replaced by `insert`. */
interface Edit {
  at: number;
  remove: number;
  insert: string;
  /** The edit quotes one bare argument token: its text as written, which the lowering reads instead. */
  bare?: string;
  /** The grammar misreads the original without an error (it splits `user.name='A B'` at the blank). */
  silent?: boolean;
}

/** Text the grammar reads in place of the original, and how to get back to the original. */
export interface Respelling {
  /** The respelled text: the tree's offsets are into this. */
  text: string;
  /** The original offset of an offset into the respelled text. */
  toOriginal(offset: number): number;
  /** Bare argument tokens quoted by the respelling, by their start in the respelled text: the token as written. */
  bare: ReadonlyMap<number, string>;
}

/**
 * The respelling of text whose tree has an error, or null when no gap the grammar is known to have is in it.
 *
 * tree-sitter-powershell 0.26.4 rejects valid PowerShell that agents write every day, because its lexer is not
 * PowerShell's: in command mode PowerShell reads a parameter up to a blank or one of `{}();,|&.[` (`--format=x`,
 * `-o0`, `-run=T`), takes `--` and a lone `-` as arguments, keeps quoted blanks inside a bare token
 * (`user.name='A B'`, `--since="2 weeks ago"`), reads `@types/node` as a bare token, and number suffixes in any
 * case (`1MB`), and a command named after a keyword (`ForEach-Object` first in a statement) or run by a `./` path. Other gaps: comment-only input, `name(` with no space, a one-line `switch`,
 * `function f { param(…) body }` on one line, a bare argument that starts with a backtick escape or with a
 * variable and goes on as a path (`$HOME/.ssh/x`), bare words joined by commas (`name,handles`), a hash key with
 * a dash (`@{ X-Header = 1 }`). Each is respelled as an equivalent the grammar accepts (a quoted token, a space, a
 * line break); a quoted bare token keeps its original text for the lowering, so a parameter stays a parameter.
 * The grammar is not patched because no tree-sitter generator can be installed here (the npm CLI downloads its
 * binary at install), and a hand-edited parser.c would not be reproducible.
 */
export function respell(root: Node, text: string): Respelling | null {
  const edits = root.hasError ? [...treeEdits(root, text), ...lexicalEdits(text)] : lexicalEdits(text).filter((e) => e.silent);
  if (edits.length === 0) return null;
  edits.sort((a, b) => a.at - b.at);
  // Overlapping edits (two rules on one token) keep the first.
  const kept: Edit[] = [];
  for (const e of edits) if (kept.length === 0 || e.at >= (kept.at(-1) as Edit).at + (kept.at(-1) as Edit).remove) kept.push(e);
  return applyEdits(text, kept);
}

/** The text with these edits (sorted, not overlapping) made, and the way back to the original offsets. */
function applyEdits(text: string, kept: readonly Edit[]): Respelling {
  let out = '';
  let from = 0;
  const bare = new Map<number, string>();
  const marks: { at: number; remove: number; rat: number; length: number }[] = [];
  for (const e of kept) {
    out += text.slice(from, e.at);
    marks.push({ at: e.at, remove: e.remove, rat: out.length, length: e.insert.length });
    if (e.bare !== undefined) bare.set(out.length + e.insert.search(/\S/), e.bare);
    out += e.insert;
    from = e.at + e.remove;
  }
  out += text.slice(from);
  const toOriginal = (r: number): number => {
    let delta = 0;
    for (const m of marks) {
      if (r < m.rat) break;
      if (r < m.rat + m.length) return m.at + Math.min(r - m.rat, m.remove);
      delta = m.rat + m.length - (m.at + m.remove);
    }
    return r - delta;
  };
  return { text: out, toOriginal, bare };
}

/** Input that holds nothing but comments: the grammar wants a statement. */
export function isCommentOnly(root: Node): boolean {
  const kids = root.type === 'ERROR' ? root.children : [];
  return kids.length > 0 && kids.every((c) => c?.type === 'comment');
}

function treeEdits(root: Node, text: string): Edit[] {
  const edits: Edit[] = [];
  const visit = (node: Node, inSwitch: boolean): void => {
    if (!node.hasError) return;
    for (const c of node.namedChildren) {
      if (!c) continue;
      // `iex(…)`: a command name directly followed by `(`.
      if (c.type === 'command') {
        const name = c.childForFieldName('command_name');
        if (name && name.type === 'command_name' && text[name.endIndex] === '(' && !name.text.endsWith('$')) edits.push({ at: name.endIndex, remove: 0, insert: ' ' });
      }
      // `function f { param($a) body }`: the body needs its own line.
      if (c.type === 'param_block' && node.type === 'ERROR') edits.push({ at: c.endIndex, remove: 0, insert: '\n' });
      // One-line `switch`: each clause needs its own line.
      if (c.type === 'statement_block' && inSwitch && /^[ \t]+[^\s}]/.test(text.slice(c.endIndex))) edits.push({ at: c.endIndex, remove: 0, insert: '\n' });
      visit(c, inSwitch || c.type === 'switch_body');
    }
  };
  visit(root, false);
  return edits;
}

/** Characters that end a bare token in command mode (PowerShell's `ForceStartNewToken`), quotes aside. */
const ENDS_TOKEN = /[\s&(),;{|}]/;
/** Characters that also end a parameter token (`-Dmaven.test` is `-Dmaven` then `.test`). */
const ENDS_PARAMETER = /[\s&(),;{|}.[]/;
const SINGLE = "'\u2018\u2019\u201a\u201b";
const DOUBLE = '"\u201c\u201d\u201e';
/** A parameter token the grammar reads (`command_parameter`), apart from `--`, which it takes for a decrement. */
const GRAMMAR_PARAMETER = /^-+[a-zA-Z_?`-]+$/;
/** Unary operators, which in command mode are parameters like any other (`-split`, `-join`). */
const UNARY_OPERATOR = /^-(c|i)?(split|join)$|^-(bnot|not)$/i;
/** What the grammar's bare token cannot hold after its first character. */
const NOT_IN_GRAMMAR_TOKEN = /[&\s(){}|;,]/;
/** Statement keywords: a statement starting with one is no command, and what follows it starts statements. */
const KEYWORDS = new Set(
  'begin break catch class continue data do dynamicparam else elseif end enum exit filter finally for foreach function if in inlinescript parallel param process return sequence switch throw trap try until using while workflow'.split(' '),
);
/** Command names that start with a keyword and a dash the grammar has no rule for (it has `for-`, `while-`, …). */
const KEYWORD_NAMED = /^(foreach|do|until|data|sequence|inlinescript|begin|process|end|else|elseif|catch|finally|param|using|in|dynamicparam)-/i;
/** `@{ X-My-Header = '1' }`: a bare hash key with a dash, which PowerShell reads as a string. */
const HASH_KEY = /^([A-Za-z_][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)+)(?=\s*=)/;
/** `Select-Object name,handles`, `Remove-Item dist, out`: bare words joined by commas, an array of strings in argument mode. */
const BARE_LIST = /^[^\s'"`$(){},;|&@#<>\u2018-\u201e]+([ \t]*,[ \t]*[^\s'"`$(){},;|&@#<>\u2018-\u201e]+)+/;
/**
 * `$HOME/.ssh/x`, `$env:USERPROFILE\.ssh\id_rsa`, `${env:ProgramFiles}\Git\x`, `$env:HOMEDRIVE\Users\$env:USERNAME\x`:
 * in argument mode, an expandable string, variables after the first included.
 */
const VARIABLE_PATH = /^(?:\$(?:env:)?[A-Za-z_][A-Za-z0-9_]*|\$\{[^{}`]+\})[\\/](?:[^\s'"`$(){},;|&@#<>]|\$(?:env:)?[A-Za-z_][A-Za-z0-9_]*|\$\{[^{}`]+\})*/;
/** A number with a multiplier suffix; the grammar knows the suffixes in lower case only (`1MB`). */
const NUMBER_SUFFIX = /^(?:0x[0-9a-f]+|[0-9]+(?:\.[0-9]+)?(?:e[+-]?[0-9]+)?)[ld]?(?:kb|mb|gb|tb|pb)(?![\w.])/i;

type Mode = 'statement' | 'command' | 'arguments' | 'expression' | 'hash';

function quoted(token: string): string {
  return `'${token.replace(/['\u2018\u2019\u201a\u201b]/g, (q) => q + q)}'`;
}

/**
 * Reads the text as PowerShell's tokenizer would, far enough to know where commands take arguments, and respells
 * the tokens the grammar would misread there.
 */
function lexicalEdits(text: string): Edit[] {
  const edits: Edit[] = [];
  // Modes to return to when a bracket closes.
  const stack: Mode[] = [];
  let mode: Mode = 'statement';
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i] as string;
    // Line continuation: a backtick before a line break is a blank.
    if (c === '`' && (text[i + 1] === '\n' || text[i + 1] === '\r')) {
      i += text[i + 1] === '\r' && text[i + 2] === '\n' ? 3 : 2;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\u00a0' || c === '\ufeff') {
      i++;
      continue;
    }
    if (c === '#') {
      const eol = text.indexOf('\n', i);
      i = eol < 0 ? n : eol;
      continue;
    }
    if (c === '<' && text[i + 1] === '#') {
      const close = text.indexOf('#>', i + 2);
      i = close < 0 ? n : close + 2;
      continue;
    }
    if (c === '\n' || c === '\r' || c === ';') {
      if (mode !== 'hash') mode = 'statement';
      i++;
      continue;
    }
    if ((c === '&' && text[i + 1] === '&') || (c === '|' && text[i + 1] === '|')) {
      mode = 'statement';
      i += 2;
      continue;
    }
    if (c === '|') {
      mode = 'statement';
      i++;
      continue;
    }
    // `Get-Content ${env:ProgramFiles}\Git\x`: a braced variable leading a path is an argument, not a bracket.
    if (c === '$' && text[i + 1] === '{' && (mode === 'command' || mode === 'arguments')) {
      const edit = argumentEdit(text, i);
      if (edit) {
        edits.push(...edit.edits);
        mode = 'arguments';
        i = edit.end;
        continue;
      }
    }
    if (c === '(' || c === '{' || ((c === '$' || c === '@') && (text[i + 1] === '(' || text[i + 1] === '{'))) {
      const open = c === '$' || c === '@' ? (text[i + 1] as string) : c;
      stack.push(mode === 'command' ? 'arguments' : mode === 'statement' ? 'expression' : mode);
      mode = c === '@' && open === '{' ? 'hash' : 'statement';
      i += open === c ? 1 : 2;
      continue;
    }
    if (c === ')' || c === '}') {
      mode = stack.pop() ?? 'statement';
      i++;
      continue;
    }
    if (c === '@' && (SINGLE.includes(text[i + 1] ?? '') || DOUBLE.includes(text[i + 1] ?? ''))) {
      i = skipHereString(text, i);
      if (mode === 'statement') mode = 'expression';
      else if (mode === 'command') mode = 'arguments';
      continue;
    }
    if (SINGLE.includes(c) || DOUBLE.includes(c)) {
      i = skipString(text, i);
      if (mode === 'statement') mode = 'expression';
      else if (mode === 'command') mode = 'arguments';
      continue;
    }
    const number = NUMBER_SUFFIX.exec(text.slice(i, i + 40));
    if (number && mode !== 'arguments' && !/[\w.$-]/.test(text[i - 1] ?? '')) {
      if (number[0] !== number[0].toLowerCase()) edits.push({ at: i, remove: number[0].length, insert: number[0].toLowerCase() });
      if (mode === 'statement') mode = 'expression';
      i += number[0].length;
      continue;
    }
    if (mode === 'hash') {
      const key = HASH_KEY.exec(text.slice(i));
      if (key?.[1] && /[{;\s]/.test(text[i - 1] ?? '')) {
        edits.push({ at: i, remove: key[1].length, insert: quoted(key[1]), bare: key[1] });
        i += key[1].length;
        continue;
      }
      if (c === '=') mode = 'hash';
      i++;
      continue;
    }
    if (mode === 'statement') {
      const word = /^[A-Za-z_][\w-]*/.exec(text.slice(i))?.[0];
      if (word && KEYWORDS.has(word.toLowerCase())) {
        i += word.length;
        continue;
      }
      // `ForEach-Object …` first in a statement: the grammar lexes the keyword `foreach`; `& ForEach-Object` is the same.
      if (word && KEYWORD_NAMED.test(word)) edits.push({ at: i, remove: 0, insert: '& ' });
      // `./build.ps1` first in a statement: the grammar reads `.` as dot-sourcing and fails at `/`; `& ./build.ps1` is the same.
      if (/^\.{1,2}\//.test(text.slice(i, i + 3))) edits.push({ at: i, remove: 0, insert: '& ' });
      if ((c === '&' || c === '.') && /\s/.test(text[i + 1] ?? '')) {
        mode = 'command';
        i++;
        continue;
      }
      mode = /[$0-9[\-!+,]/.test(c) ? 'expression' : 'command';
      i = c === '$' || c === '[' ? i + 1 : skipToken(text, i);
      continue;
    }
    if (mode === 'command' || mode === 'arguments') {
      mode = 'arguments';
      const at = i;
      const edit = argumentEdit(text, at);
      if (edit) {
        edits.push(...edit.edits);
        i = edit.end;
        continue;
      }
      i = skipToken(text, at);
      continue;
    }
    // Expression mode: nothing to respell but numbers; step over a token at a time.
    i = /[\w-]/.test(c) ? skipWord(text, i) : i + 1;
  }
  return edits;
}

/** One argument token starting at `at` in command mode: the respellings it needs, and where it ends. */
function argumentEdit(text: string, at: number): { edits: Edit[]; end: number } | null {
  const c = text[at] as string;
  const prevBlank = /[ \t]/.test(text[at - 1] ?? '');
  if (!prevBlank) return null;
  if (c === '-' || c === '\u2013' || c === '\u2014' || c === '\u2015') {
    if (text.startsWith('--%', at)) return { edits: [], end: lineEnd(text, at) };
    // A parameter ends at a blank or one of `{}();,|&.[`, or after a `:`; a quote makes the token a bare one.
    let j = at + 1;
    while (j < text.length && !ENDS_PARAMETER.test(text[j] as string) && text[j] !== ':' && !SINGLE.includes(text[j] as string) && !DOUBLE.includes(text[j] as string)) j++;
    if (SINGLE.includes(text[j] ?? '') || DOUBLE.includes(text[j] ?? '')) {
      const end = tokenEnd(text, at);
      const token = text.slice(at, end);
      return { edits: [{ at, remove: end - at, insert: quoted(token), bare: token, silent: true }], end };
    }
    const param = text.slice(at, j);
    const edits: Edit[] = [];
    // `certutil -urlcache -split -f URL`: the grammar takes a unary operator's name for the operator.
    if (!GRAMMAR_PARAMETER.test(param) || param === '--' || UNARY_OPERATOR.test(param)) edits.push({ at, remove: param.length, insert: quoted(param), bare: param });
    // `-Dmaven.test.skip`: PowerShell passes `-Dmaven` and `.test.skip` as two arguments.
    if (text[j] === '.' || text[j] === '[') {
      const end = tokenEnd(text, j);
      const rest = text.slice(j, end);
      edits.push({ at: j, remove: rest.length, insert: ` ${quoted(rest)}`, bare: rest });
      return { edits, end };
    }
    return { edits, end: j };
  }
  if (c === '@' && /[A-Za-z0-9_?]/.test(text[at + 1] ?? '')) {
    // `@name` is splatting; `@types/node` goes on past the name and is one bare token.
    let j = at + 1;
    while (/[A-Za-z0-9_?:]/.test(text[j] ?? '')) j++;
    if (j < text.length && !ENDS_TOKEN.test(text[j] as string) && text[j] !== '.' && text[j] !== '[' && text[j] !== '=') {
      const end = tokenEnd(text, at);
      const token = text.slice(at, end);
      return { edits: [{ at, remove: end - at, insert: quoted(token), bare: token }], end };
    }
    return null;
  }
  if (c === '$') {
    const m = VARIABLE_PATH.exec(text.slice(at));
    if (m && endsWord(text[at + m[0].length])) return { edits: [{ at, remove: m[0].length, insert: `"${m[0]}"`, bare: m[0] }], end: at + m[0].length };
    return null;
  }
  if (c === '`' && !/[\s`]/.test(text[at + 1] ?? ' ')) {
    const end = tokenEnd(text, at);
    const token = text.slice(at, end);
    if (!/(^|[^`])\$/.test(token.slice(2)) && end - at > 1) return { edits: [{ at, remove: end - at, insert: quoted(token), bare: token }], end };
    return null;
  }
  if (/[()$"'{}@|[`&\s]/.test(c) || SINGLE.includes(c) || DOUBLE.includes(c)) return null;
  const list = BARE_LIST.exec(text.slice(at));
  if (list && endsWord(text[at + list[0].length])) {
    return { edits: [{ at, remove: list[0].length, insert: list[0].split(/[ \t]*,[ \t]*/).map(quoted).join(',') }], end: at + list[0].length };
  }
  // A bare token with quotes in it: the grammar ends it at a blank or a `;` inside the quotes.
  const end = tokenEnd(text, at);
  const token = text.slice(at, end);
  if (/['"\u2018-\u201e]/.test(token) && NOT_IN_GRAMMAR_TOKEN.test(token)) return { edits: [{ at, remove: end - at, insert: quoted(token), bare: token, silent: true }], end };
  return null;
}

function endsWord(next: string | undefined): boolean {
  return next === undefined || /[\s;|)}]/.test(next);
}

/** The end of a bare token in command mode: quotes hold blanks, a backtick escapes the next character. */
function tokenEnd(text: string, at: number): number {
  let j = at;
  while (j < text.length) {
    const c = text[j] as string;
    if (c === '`') {
      j += 2;
      continue;
    }
    if (SINGLE.includes(c) || DOUBLE.includes(c)) {
      j = skipString(text, j);
      continue;
    }
    if (ENDS_TOKEN.test(c)) break;
    j++;
  }
  return Math.min(j, text.length);
}

function skipToken(text: string, at: number): number {
  return Math.max(tokenEnd(text, at), at + 1);
}

function skipWord(text: string, at: number): number {
  let j = at;
  while (j < text.length && /[\w-]/.test(text[j] as string)) j++;
  return j;
}

function lineEnd(text: string, at: number): number {
  const eol = text.slice(at).search(/[\r\n|]/);
  return eol < 0 ? text.length : at + eol;
}

/** The end of a quoted string starting at `at`: `''` in single quotes and a backtick in double quotes escape. */
function skipString(text: string, at: number): number {
  const single = SINGLE.includes(text[at] as string);
  const closers = single ? SINGLE : DOUBLE;
  let j = at + 1;
  while (j < text.length) {
    const c = text[j] as string;
    if (!single && c === '`') {
      j += 2;
      continue;
    }
    if (closers.includes(c)) {
      if (closers.includes(text[j + 1] ?? '')) {
        j += 2;
        continue;
      }
      return j + 1;
    }
    j++;
  }
  return text.length;
}

/** The end of a here-string starting at `at` (`@'` or `@"`): its closer stands at the start of a line. */
function skipHereString(text: string, at: number): number {
  const q = DOUBLE.includes(text[at + 1] as string) ? '"' : "'";
  const re = q === '"' ? /\r?\n["\u201c\u201d\u201e]@/g : /\r?\n['\u2018\u2019\u201a\u201b]@/g;
  re.lastIndex = at + 2;
  const m = re.exec(text);
  return m ? m.index + m[0].length : text.length;
}

/**
 * A bare token with a quote in it (`user.name='A B'`): the only respelling a tree without errors may need. A cheap
 * filter, before the scan that knows quotes: a closing quote after a blank inside a string matches it too.
 */
const GLUED_QUOTE = /(?:^|[\s;|(){}])[^\s'"\u2018-\u201e(){};,|&@$`][^\s'"\u2018-\u201e(){};,|&]*['"\u2018-\u201e]/;

/**
 * Parses PowerShell text and hands `use` the tree to lower: the tree of the respelled text when the original has
 * an error the respelling removes (no syntax issues then), else the original tree with its issues.
 */
export function withPowerShellTree<T>(
  text: string,
  use: (root: Node, issues: SyntaxIssue[], respelling: Respelling | null) => T,
  limits: ParseLimits = DEFAULT_LIMITS,
): ParseOutcome<T> {
  let failed: ParseOutcome<T> | undefined;
  const outcome = withTree(
    text,
    'powershell',
    (root, issues) => {
      if (!root.hasError && !GLUED_QUOTE.test(text)) return use(root, issues, null);
      if (isCommentOnly(root)) return use(root, [], null);
      const r = respell(root, text);
      if (!r) return use(root, issues, null);
      let done = false;
      let value: T | undefined;
      const inner = withTree(
        r.text,
        'powershell',
        (fixed) => {
          if (fixed.hasError) return;
          value = use(fixed, [], r);
          done = true;
        },
        limits,
      );
      // A runtime that trapped or overran its stack on the respelling is gone: nothing reads the first tree now.
      if (!inner.ok && (inner.reason === 'stack' || inner.reason === 'parser-error')) {
        failed = inner;
        return undefined as T;
      }
      return done ? (value as T) : use(root, issues, null);
    },
    limits,
  );
  return failed ?? outcome;
}

/**
 * `for NAME do …; done` (and `select NAME do`): POSIX lets the `;` or newline before `do` go when the loop runs over
 * the positional parameters, the form `find … -exec sh -c 'for f do …; done' sh {} +` is written in, and
 * tree-sitter-bash reports an error there. Where the loop keyword starts a command (the text's start, after an
 * operator or an opening reserved word), the blank after NAME is read as `;`: same length, so every offset holds.
 */
const FOR_DO = /((?:^|[;&|({\n]|\b(?:do|then|else)[ \t])[ \t]*(?:for|select)[ \t]+[A-Za-z_]\w*)[ \t](?=[ \t]*do\b)/g;

/**
 * `… fi done`, `… esac done`, `… done fi`: a compound command's closing word needs no `;` before the next closing
 * word (POSIX's compound_list may end without a separator, and a reserved word is one after another reserved word),
 * which tree-sitter-bash reports as an error. Where the first closing word starts a command (after `;`, `&` or a line
 * break), the blank before the second is read as `;`: same length, so every offset holds.
 */
const CLOSE_CLOSE = /([;&\n][ \t]*(?:fi|done|esac))[ \t](?=[ \t]*(?:fi|done|esac)(?![^\s;&|)<>]))/g;

/**
 * The end of the shell word that starts at `i`: up to an unquoted blank or operator character, through quotes,
 * backslash escapes, backquotes and `$(…)`, `${…}`, `$((…))` (nested); -1 when a quote or a parenthesis is left open.
 */
function wordEnd(text: string, i: number): number {
  let depth = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\') i += 2;
    else if (c === "'") {
      const close = text.indexOf("'", i + 1);
      if (close < 0) return -1;
      i = close + 1;
    } else if (c === '"' || c === '`') {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      if (j >= text.length) return -1;
      i = j + 1;
    } else if (c === '$' && (text[i + 1] === '(' || text[i + 1] === '{')) {
      depth++;
      i += 2;
    } else if (depth > 0 && (c === '(' || c === '{')) {
      depth++;
      i++;
    } else if (depth > 0 && (c === ')' || c === '}')) {
      depth--;
      i++;
    } else if (depth === 0 && /[\s;&|<>()]/.test(c)) return i;
    else i++;
  }
  return depth === 0 ? i : -1;
}

/**
 * An output redirection (with its optional fd) at the start of the text. Input ones are left out: whether a command
 * substitution in the assignment reads what they open (`x=$(bash) <<EOF`) is the shell's choice, so that text keeps
 * its error (POSIX makes the redirections before it expands the assignments).
 */
const REDIRECT = /(?:[0-9]{1,9}|\{[A-Za-z_]\w{0,200}\})?(?:&>>?|>>|>&|>\||>)[ \t]*/y;

/** A sticky regex's match at `at` (no copy of the text). */
function sticky(re: RegExp, text: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(text);
}

/**
 * `NAME=VALUE 2>/dev/null` (assignments and then only output redirections, ending the command): valid bash — the
 * redirections are made and the assignments kept — that tree-sitter-bash 0.25 reports as an error in some forms
 * (`out=$(npm test) 2>/dev/null`, `x=1 > f`). The offset of the blank before the first redirection, for each one at
 * a command's start; read as `;` it leaves the assignments where they were, and a redirection on its own, which opens
 * the same files.
 */
function assignmentRedirects(text: string): number[] {
  const out: number[] = [];
  // A command starts at the text's start, after an operator or an opening reserved word, or after a case item's
  // pattern (`in x)`, `;; y|z)`, which holds no parenthesis of its own).
  // Bounded repeats keep the scan linear on long lines (the robustness fuzz's 64 KiB of `=`).
  const starts = /(?:^|[;&|({\n]|\b(?:do|then|else|elif)[ \t]|(?:\bin|;;&?|;&)[ \t\n]{0,16}\(?[^()\n;&]{0,200}\))[ \t]*(?=[A-Za-z_]\w{0,200}(?:\[[^\]\n]{0,200}\])?\+?=)/g;
  for (const m of text.matchAll(starts)) {
    let i = m.index + m[0].length;
    let blank = -1;
    // One or more assignments, each followed by blanks.
    for (;;) {
      const name = sticky(/[A-Za-z_]\w{0,200}(?:\[[^\]\n]{0,200}\])?\+?=/y, text, i);
      if (!name) break;
      const end = wordEnd(text, i + name[0].length);
      if (end < 0) break;
      const gap = sticky(/[ \t]+/y, text, end);
      if (!gap) {
        blank = -1;
        break;
      }
      blank = end + gap[0].length - 1;
      i = end + gap[0].length;
    }
    if (blank < 0 || !sticky(REDIRECT, text, i)) continue;
    // Then only redirections, up to the command's end: a word after them would be a command the assignments go to.
    let j = i;
    for (;;) {
      const r = sticky(REDIRECT, text, j);
      if (!r) break;
      const end = wordEnd(text, j + r[0].length);
      if (end < 0 || end === j + r[0].length) {
        j = -1;
        break;
      }
      j = end + (sticky(/[ \t]*/y, text, end)?.[0].length ?? 0);
    }
    if (j >= 0 && (j === text.length || /[;&|)}\n#]/.test(text[j]!))) out.push(blank);
  }
  return out;
}

/**
 * Parses bash text, and where the tree has an error and the text holds a `for NAME do` loop or assignments followed
 * only by redirections, the respelling with `;` before `do` or before the first redirection, which is read instead
 * when it parses clean (the text handed to `use` is then the respelling).
 */
export function withBashTree<T>(
  text: string,
  use: (root: TreeNode, issues: SyntaxIssue[], text: string, toOriginal?: (offset: number) => number) => T,
  limits: ParseLimits = DEFAULT_LIMITS,
): ParseOutcome<T> {
  if (!text.includes('$')) return withBashTreeAsIs(text, use, limits);
  // A name braced may end the word where the next one splits (`$A/$D/$E/y`): the text is read again until none does.
  // The tree of the round that finds no split is the one used, unless a respelling below must read it again.
  let read = text;
  let back = (offset: number) => offset;
  // Splits still there after the last round: the text is read as it stands, with an error where each one is.
  let left: Split[] = [];
  for (let round = 0; round <= MAX_BRACING_ROUNDS; round++) {
    const now = read;
    const backNow = back;
    let used: { value: T } | undefined;
    const found = withTree(
      now,
      'bash',
      (root, issues) => {
        const tree = lowered(root, now, limits);
        const splits = splitDollars(tree, now);
        if (splits.length === 0 && !(root.hasError && respelled(now) !== undefined)) {
          used = { value: round === 0 ? use(tree, issues, now) : use(tree, mapIssues(issues, backNow), now, backNow) };
        }
        return splits;
      },
      limits,
    );
    if (!found.ok) return found;
    if (used) return { ok: true, value: used.value, issues: found.issues };
    if (found.value.length === 0) break;
    if (round === MAX_BRACING_ROUNDS) {
      left = found.value;
      break;
    }
    const braced = respellDollars(now, found.value);
    back = (offset) => backNow(braced.toOriginal(offset));
    read = braced.text;
  }
  if (read === text) return withBashTreeAsIs(text, use, limits);
  const unread: SyntaxIssue[] = left.map(({ at }) => ({ kind: 'error', type: '$', span: { start: back(at), end: back(at + 1) } }));
  return withBashTreeAsIs(read, (root, issues, read) => use(root, [...mapIssues(issues, back), ...unread], read, back), limits);
}

/** Issues found in respelled text, at the offsets as written. */
function mapIssues(issues: readonly SyntaxIssue[], back: (offset: number) => number): SyntaxIssue[] {
  return issues.map((i) => ({ ...i, span: { start: back(i.span.start), end: back(i.span.end) } }));
}

/** The tree the lowering reads, read out once (the native runtime's offsets do not index the text: asked per node). */
function lowered(root: Node, text: string, limits: ParseLimits): TreeNode {
  return readTree(root, limits.backend === 'native' ? undefined : text);
}

/**
 * A `$` then a name inside a word led by an expansion (`$A/$D/y`, `$HOME/b$X.json`, `"$A"/$1/x`): tree-sitter-bash
 * 0.25 ends the word at the bare `$` and starts another at the name (`$A/$` and `D/y`, two arguments, or an
 * assignment and a command named `D/y`), where bash reads one word with `$D` expanded. Such text is read with the
 * name braced (`$A/${D}/y`), which the grammar reads as bash does; the offsets map back to the text as written.
 */
const MAX_BRACING_ROUNDS = 32;
const PARAMETER_NAME = /^(?:[A-Za-z_][A-Za-z0-9_]*|[0-9@*#?!$-])/;
/**
 * What, after a bare `$`, leaves the `$` a literal character to bash: no name, special parameter, `(`, `{`, `[`,
 * quote or backslash (a line continuation may join a name). tree-sitter-bash 0.25 reports an error at such a `$`
 * before an operator or punctuation (`$(grep x$)`, `` `grep .php$` ``, `grep -E jar$|cat`, `grep total$.`).
 */
const LITERAL_AFTER_DOLLAR = /^[)|;&<>`.,/:=+%^~\]]$/;

/** Where the grammar reads a `$` otherwise than bash: see splitDollars. */
interface Split {
  /** The offset of the `$` (name, blank) or of the continuations after a name (join). */
  at: number;
  kind: 'name' | 'blank' | 'join';
  /** The continuations' length (join). */
  length?: number;
}

/**
 * Each bare `$` in a word where bash goes on to expand the name after it (name), each `$` followed by a blank that the
 * grammar reads as an expansion of what follows the blank (`$ curl`, `$ $'…'` read as `$$`) or by the `)` that ends a
 * substitution (`$(grep x$)`, an error to the grammar) or by another character that names nothing (see
 * LITERAL_AFTER_DOLLAR), where bash reads a literal `$` (blank), and each name a line continuation splits (join). Not in a heredoc's body, where a quoted
 * delimiter keeps every character as written.
 */
function splitDollars(root: TreeNode, text: string): Split[] {
  const out: Split[] = [];
  const visit = (node: TreeNode): void => {
    const type = node.type;
    if (type === 'heredoc_body') return;
    const children = node.children;
    if (type === 'concatenation') {
      // (A bare `$` inside the word too: `{a,b}/$B/y`, `` `a`/$B/y `` and `~[$B/y` are read with `$` as text and `B/y` a word.)
      for (const c of children) if (!c.isNamed && c.type === '$' && PARAMETER_NAME.test(text.slice(c.endIndex, c.endIndex + 1))) out.push({ at: c.startIndex, kind: 'name' });
    } else if ((type === 'simple_expansion' || type === 'expansion') && /^\$[ \t]/.test(text.slice(node.startIndex, node.startIndex + 2))) out.push({ at: node.startIndex, kind: 'blank' });
    // `$(git diff --name-only | grep .go$)`: a bare `$` that ends a substitution is a literal `$` to bash, an error to the
    // grammar: the error itself, or each `$` token of a larger one (`{ echo $(echo $); }`: the whole group).
    else if (type === 'ERROR') {
      // (Before a backquote the grammar lexes one token, `` $` ``.)
      const dollars = node.endIndex === node.startIndex + 1 ? [node] : children.filter((c) => !c.isNamed && (c.type === '$' || c.type === '$`'));
      for (const d of dollars) if (d.endIndex - d.startIndex === (d.type === '$`' ? 2 : 1) && text[d.startIndex] === '$' && LITERAL_AFTER_DOLLAR.test(text[d.startIndex + 1] ?? '')) out.push({ at: d.startIndex, kind: 'blank' });
    }
    else if (type === 'simple_expansion' && /^\$[A-Za-z_]\w*$/.test(text.slice(node.startIndex, node.endIndex))) {
      // `$GITHUB\<newline>_TOKEN`: bash removes the continuation first, so the name runs on (`$GITHUB_TOKEN`).
      const joined = /^(?:\\\n)+(?=\w)/.exec(text.slice(node.endIndex, node.endIndex + 64));
      if (joined) out.push({ at: node.endIndex, kind: 'join', length: joined[0].length });
    }
    for (const c of children) if (c.children.length > 0) visit(c);
  };
  visit(root);
  return out;
}

/**
 * The text with the name after each split `$` in braces (`$A/${D}/y`), each continuation inside a name removed, and
 * each `$` before a blank escaped (`\$ curl`, the same word to bash), and the way back to the offsets as written.
 */
function respellDollars(text: string, dollars: readonly Split[]): { text: string; toOriginal(offset: number): number } {
  const edits: Edit[] = [];
  for (const { at, kind, length } of dollars) {
    if (kind === 'blank') edits.push({ at, remove: 0, insert: '\\' });
    else if (kind === 'join') edits.push({ at, remove: length ?? 0, insert: '' });
    else {
      const name = PARAMETER_NAME.exec(text.slice(at + 1))![0];
      edits.push({ at: at + 1, remove: 0, insert: '{' }, { at: at + 1 + name.length, remove: 0, insert: '}' });
    }
  }
  edits.sort((a, b) => a.at - b.at);
  return applyEdits(text, edits);
}

/**
 * The text with `;` before `do` of each `for NAME do`, between two closing words (`fi done`), and before the first
 * redirection after assignments that only redirect, read where the text's own tree has an error (see withBashTreeAsIs); undefined where it holds neither.
 */
function respelled(text: string): string | undefined {
  FOR_DO.lastIndex = 0;
  CLOSE_CLOSE.lastIndex = 0;
  const blanks = text.includes('=') && /[<>]/.test(text) ? assignmentRedirects(text) : [];
  if (!FOR_DO.test(text) && !CLOSE_CLOSE.test(text) && blanks.length === 0) return undefined;
  let out = text.replace(FOR_DO, '$1;').replace(CLOSE_CLOSE, '$1;');
  for (const b of blanks) out = `${out.slice(0, b)};${out.slice(b + 1)}`;
  return out;
}

function withBashTreeAsIs<T>(text: string, use: (root: TreeNode, issues: SyntaxIssue[], text: string) => T, limits: ParseLimits): ParseOutcome<T> {
  const respelling = respelled(text);
  if (respelling === undefined) return withTree(text, 'bash', (root, issues) => use(lowered(root, text, limits), issues, text), limits);
  let failed: ParseOutcome<T> | undefined;
  const outcome = withTree(
    text,
    'bash',
    (root, issues) => {
      if (!root.hasError) return use(lowered(root, text, limits), issues, text);
      let done = false;
      let value: T | undefined;
      const inner = withTree(
        respelling,
        'bash',
        (fixed) => {
          if (fixed.hasError) return;
          value = use(lowered(fixed, respelling, limits), [], respelling);
          done = true;
        },
        limits,
      );
      // A runtime that trapped or overran its stack on the respelling is gone: nothing reads the first tree now.
      if (!inner.ok && (inner.reason === 'stack' || inner.reason === 'parser-error')) {
        failed = inner;
        return undefined as T;
      }
      return done ? (value as T) : use(lowered(root, text, limits), issues, text);
    },
    limits,
  );
  return failed ?? outcome;
}
