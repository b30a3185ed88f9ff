// Lowers a tree-sitter-bash tree into plain statements and words; every node type is handled or floored.
import type { TreeNode as Node } from '../parse/cached.js';
import { readTree } from '../parse/parser.js';
import type { Span } from '../types.js';
import { EMPTY, type ParamOp, type Part, type RawAssign, type RawRedirect, type RawWord, type Stmt } from './ir.js';

/** Node types that lower to statements. */
const STATEMENT_TYPES = new Set([
  'program',
  'list',
  'pipeline',
  'command',
  'redirected_statement',
  'subshell',
  'compound_statement',
  'if_statement',
  'while_statement',
  'for_statement',
  'c_style_for_statement',
  'case_statement',
  'function_definition',
  'negated_command',
  'test_command',
  'declaration_command',
  'unset_command',
  'variable_assignment',
  'variable_assignments',
  'do_group',
  'ERROR',
]);

/** Node types that lower to words (anywhere a word can stand). */
const WORD_TYPES = new Set([
  'word',
  'string',
  'raw_string',
  'ansi_c_string',
  'translated_string',
  'concatenation',
  'simple_expansion',
  'expansion',
  'command_substitution',
  'process_substitution',
  'arithmetic_expansion',
  'number',
  'brace_expression',
  'extglob_pattern',
  'regex',
  'variable_name',
  'special_variable_name',
  'file_descriptor',
  'test_operator',
  'subscript',
]);

/** Expression node types (in `[[ ]]`, `(( ))`, C-style for): their operands are words. */
const EXPRESSION_TYPES = new Set([
  'binary_expression',
  'unary_expression',
  'ternary_expression',
  'postfix_expression',
  'parenthesized_expression',
]);

/** Nodes that carry no behaviour of their own. */
const IGNORED_TYPES = new Set(['comment', 'heredoc_start', 'heredoc_end', 'heredoc_content', 'string_content']);

/** Every named node type this lowering knows; the coverage test compares it with the grammar. */
export const HANDLED_BASH_TYPES: ReadonlySet<string> = new Set([
  ...STATEMENT_TYPES,
  ...WORD_TYPES,
  ...EXPRESSION_TYPES,
  ...IGNORED_TYPES,
  'file_redirect',
  'heredoc_redirect',
  'herestring_redirect',
  'heredoc_body',
  'command_name',
  'elif_clause',
  'else_clause',
  'case_item',
  'array',
]);

/**
 * An expansion's text without the blanks before it: in double quotes tree-sitter-bash 0.25 starts the node (and its
 * `$` token) at the blanks that precede it (`"$A $B"`: `$A` and ` $B`), which are the string's own text (see
 * partsWithGaps).
 */
function expansionText(node: Node): string {
  const t = node.text;
  return t.charCodeAt(0) > 32 ? t : t.replace(/^\s+/, '');
}

function span(node: Node): Span {
  return { start: node.startIndex, end: node.endIndex };
}

const NAME_RE = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Parameters that always hold a number (`$$`, `$?`, readonly ids): one stands for them. No code, no path. */
const NUMERIC_PARAMETERS = new Set(['$$', '$?', '$#', '$PPID', '$UID', '$EUID']);
/** Parameters bash computes (a number, `$!` empty before a job) until the line unsets them: the resolver decides. */
const COMPUTED_PARAMETERS = new Set(['$!', '$RANDOM', '$SRANDOM', '$LINENO', '$SECONDS', '$BASHPID', '$EPOCHSECONDS', '$EPOCHREALTIME']);

/** Processes the backslash escapes that stay special inside double quotes. */
export function unescapeDouble(text: string): string {
  if (!text.includes('\\')) return text;
  return text.replace(/\\([$`"\\\n])/g, (_m, c: string) => (c === '\n' ? '' : c));
}

/** Decodes the body of `$'…'` as bash does. */
export function decodeAnsiC(body: string): string {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== '\\' || i + 1 >= body.length) {
      out += c;
      continue;
    }
    const n = body[++i]!;
    switch (n) {
      case 'a':
        out += '\x07';
        break;
      case 'b':
        out += '\b';
        break;
      case 'e':
      case 'E':
        out += '\x1b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'v':
        out += '\v';
        break;
      case '\\':
      case "'":
      case '"':
      case '?':
        out += n;
        break;
      case 'x': {
        const m = /^[0-9a-fA-F]{1,2}/.exec(body.slice(i + 1));
        if (m) {
          out += String.fromCharCode(Number.parseInt(m[0], 16));
          i += m[0].length;
        } else out += '\\x';
        break;
      }
      case 'u':
      case 'U': {
        const m = (n === 'u' ? /^[0-9a-fA-F]{1,4}/ : /^[0-9a-fA-F]{1,8}/).exec(body.slice(i + 1));
        if (m) {
          const cp = Number.parseInt(m[0], 16);
          out += cp <= 0x10ffff ? String.fromCodePoint(cp) : '\ufffd';
          i += m[0].length;
        } else out += `\\${n}`;
        break;
      }
      case 'c': {
        const k = body[i + 1];
        if (k !== undefined) {
          out += String.fromCharCode(k.toUpperCase().charCodeAt(0) & 0x1f);
          i++;
        } else out += '\\c';
        break;
      }
      default:
        if (n >= '0' && n <= '7') {
          const m = /^[0-7]{1,3}/.exec(body.slice(i))!;
          out += String.fromCharCode(Number.parseInt(m[0], 8) & 0xff);
          i += m[0].length - 1;
        } else out += `\\${n}`;
    }
  }
  // Bash keeps words as C strings: a NUL ends what the quotes give (`$'curl\0x'` is `curl`).
  const nul = out.indexOf('\0');
  return nul < 0 ? out : out.slice(0, nul);
}

/** Deepest statement nesting lowered; deeper input is a limit finding, not a stack overflow. */
export const MAX_NESTING = 200;

/**
 * Arithmetic a `${…}` expansion evaluates besides its subscript: the offset and length of `${s:off:len}` (on
 * `${a[@]:…}` and `${@:…}` too), and for `${!name…}` the name itself, whose value names a variable that may carry a
 * subscript (`x='a[$(…)]'; echo ${!x}` runs it). Read as arithmetic, a value's subscript runs (see resolve/arith.ts).
 */
export function expansionArith(text: string): string[] {
  const m = /^\$\{(!?)([A-Za-z_]\w*|\d+|[@*#?$!-])/.exec(text);
  if (!m) return [];
  let at = m[0].length;
  let subscripted = false;
  if (text[at] === '[') {
    subscripted = true;
    let depth = 0;
    for (; at < text.length; at++) {
      if (text[at] === '[') depth++;
      else if (text[at] === ']' && --depth === 0) break;
    }
    at++;
  }
  const rest = text.slice(at, text.endsWith('}') ? -1 : undefined);
  const out: string[] = [];
  if (m[1] === '!' && /^[A-Za-z_]/.test(m[2]!) && !subscripted && !/^[*@]/.test(rest)) out.push(m[2]!);
  if (rest.startsWith(':') && !/^:[-=+?]/.test(rest)) out.push(rest.slice(1));
  return out;
}

/** The lowering of one tree. Unknown nodes become `floor` statements, never silence. */
export class BashLowering {
  private nesting = 0;

  /** `bareAt`: whether the `${NAME}` at an offset of the text read was written `$NAME` (the text was respelled). */
  constructor(
    private readonly source: string,
    private readonly bareAt?: (offset: number) => boolean,
  ) {}

  private slice(start: number, end: number): string {
    return this.source.slice(start, end);
  }

  /**
   * Two nodes the grammar reads as two words where bash reads one: only line continuations between them (which bash
   * removes first: `P=cu\<newline>rl`, `> ~/.bas\<newline>hrc`), or nothing at all, where the grammar ends a word led
   * by an expansion before backticks, an escaped character or another expansion (`> $A/\`b\`/y`, `> ${A}\~x`,
   * `X=#${A:-z}!`, `<<< $A/\`b\`/y`). (A word the grammar starts with the newline before it is another word.)
   */
  private glued(end: number, start: number): boolean {
    return end === start ? !/\s/.test(this.source[start] ?? ' ') : /^(?:\\\n)+$/.test(this.slice(end, start));
  }

  private unknown(node: Node): Stmt {
    return { k: 'floor', rule: 'unknown-node', span: span(node), message: `vouch does not know the bash construct '${node.type}'`, inner: [] };
  }

  /** A sequence of statements from the named children of a node. */
  private sequence(nodes: Node[]): Stmt {
    const items: Stmt[] = [];
    for (const child of nodes) {
      if (IGNORED_TYPES.has(child.type)) continue;
      items.push(this.stmt(child));
    }
    if (items.length === 1) return items[0]!;
    return { k: 'seq', items };
  }

  stmt(node: Node): Stmt {
    if (this.nesting >= MAX_NESTING) {
      return { k: 'floor', rule: 'limit', span: span(node), message: `commands nested more than ${MAX_NESTING} deep`, inner: [] };
    }
    this.nesting++;
    try {
      return this.stmtAt(node);
    } finally {
      this.nesting--;
    }
  }

  private stmtAt(node: Node): Stmt {
    switch (node.type) {
      case 'program':
      case 'do_group':
      case 'compound_statement': {
        if (node.type === 'compound_statement' && node.text.startsWith('((')) {
          // `(( expr ))`: arithmetic as a command.
          const words: RawWord[] = [];
          for (const c of node.namedChildren) this.exprWords(c, words);
          return { k: 'test', words, span: span(node), arith: [node.text.replace(/^\(\(|\)\)$/g, '')] };
        }
        const body = this.sequence(node.namedChildren);
        return node.type === 'compound_statement' ? { k: 'group', body } : body;
      }
      case 'subshell':
        return { k: 'subshell', body: this.sequence(node.namedChildren) };
      case 'list':
        return this.list(node);
      case 'pipeline': {
        const children = node.namedChildren.filter((c) => !IGNORED_TYPES.has(c.type));
        return pipeline(
          children.map((c) => this.stmt(c)),
          children.map((c) => {
            const type = c.type === 'redirected_statement' ? c.childForFieldName('body')?.type : c.type;
            return type === 'list' || type === 'pipeline';
          }),
        );
      }
      case 'negated_command':
        return { k: 'not', body: this.sequence(node.namedChildren) };
      case 'command':
        return this.command(node);
      case 'declaration_command':
      case 'unset_command':
        return this.declaration(node);
      case 'variable_assignment':
        return { k: 'cmd', words: [], assigns: [this.assignment(node)], redirects: [], span: span(node) };
      case 'variable_assignments':
        return {
          k: 'cmd',
          words: [],
          assigns: node.namedChildren.filter((c) => c.type === 'variable_assignment').map((c) => this.assignment(c)),
          redirects: [],
          span: span(node),
        };
      case 'redirected_statement':
        return this.redirected(node);
      case 'if_statement':
        return this.ifStatement(node);
      case 'while_statement': {
        const cond = this.sequence(node.childrenForFieldName('condition').filter((c) => c.isNamed));
        const body = node.childForFieldName('body');
        const what = node.child(0)?.type === 'until' ? 'until' : 'while';
        return { k: 'loop', what, words: [], head: cond, body: body ? this.stmt(body) : EMPTY };
      }
      case 'for_statement': {
        const body = node.childForFieldName('body');
        const what = node.child(0)?.type === 'select' ? 'select' : 'for';
        const variable = node.childForFieldName('variable')?.text;
        const varNode = node.childForFieldName('variable');
        // `for f; do …`: with no `in`, bash takes the positional parameters, as `for f in "$@"` does.
        const all: RawWord[] =
          varNode && !node.children.some((c) => c?.type === 'in' || c?.type === 'ERROR')
            ? [{ text: '"$@"', span: { start: varNode.endIndex, end: varNode.endIndex }, parts: [{ k: 'pos', which: '@', quoted: true, why: '$@ is set by the shell as the command runs' }] }]
            : [];
        const loop: Stmt = {
          k: 'loop',
          what,
          // `for c in cu\<newline>rl`: one word for bash, as in a command.
          words: joinContinuations(
            [...all, ...node.childrenForFieldName('value').map((c) => this.word(c))],
            this.source,
          ),
          body: body ? this.stmt(body) : EMPTY,
        };
        if (variable) loop.variable = variable;
        return loop;
      }
      case 'c_style_for_statement': {
        const words: RawWord[] = [];
        const arith: string[] = [];
        for (const f of ['initializer', 'condition', 'update']) {
          for (const c of node.childrenForFieldName(f)) {
            this.exprWords(c, words);
            arith.push(c.text);
          }
        }
        const body = node.childForFieldName('body');
        return { k: 'loop', what: 'for', words, body: body ? this.stmt(body) : EMPTY, arith };
      }
      case 'case_statement':
        return this.caseStatement(node);
      case 'function_definition': {
        const body = node.childForFieldName('body');
        const name = node.childForFieldName('name')?.text ?? '';
        let fn: Stmt = body ? this.stmt(body) : EMPTY;
        const redirects = node.childrenForFieldName('redirect').map((r) => this.redirect(r));
        if (redirects.length > 0) fn = { k: 'redirected', body: fn, redirects };
        return { k: 'func', name, body: fn, span: span(node) };
      }
      case 'test_command': {
        const words: RawWord[] = [];
        for (const c of node.namedChildren) this.exprWords(c, words);
        const test: Stmt = { k: 'test', words, span: span(node) };
        // `[[ a -eq b ]]` evaluates both sides as arithmetic (`[ … ]` and `test` do not). `-v NAME` and `-R NAME`
        // read a variable's name in both, its subscript as arithmetic.
        const double = node.text.startsWith('[[');
        const operands: RawWord[] = [];
        const names: RawWord[] = [];
        const visit = (n: Node) => {
          if (n.type === 'unary_expression' && /^-[vR]$/.test(n.childForFieldName('operator')?.text ?? '')) {
            const operand = n.namedChildren.find((c) => c.type !== 'test_operator' && WORD_TYPES.has(c.type));
            if (operand) names.push(this.word(operand));
          }
          if (double && n.type === 'binary_expression' && /^-(eq|ne|lt|le|gt|ge)$/.test(n.childForFieldName('operator')?.text ?? '')) {
            // Each side is expanded first (quotes removed), then evaluated: `[[ 1 -eq 'a[$(id)]' ]]` runs id.
            for (const f of ['left', 'right']) {
              const side = n.childForFieldName(f);
              if (side) operands.push(this.word(side));
            }
          }
          for (const c of n.namedChildren) visit(c);
        };
        visit(node);
        if (operands.length > 0) test.operands = operands;
        if (names.length > 0) test.names = names;
        return test;
      }
      case 'ERROR':
        // The parse error is already a cannot-vouch finding; still lower what is inside so the rules see it.
        return { k: 'floor', rule: 'grammar-gap', span: span(node), message: 'syntax error', inner: this.errorChildren(node) };
      default:
        if (EXPRESSION_TYPES.has(node.type)) {
          // `(( a++ ))` as a command: its operands are words, its substitutions run, it is arithmetic.
          const words: RawWord[] = [];
          this.exprWords(node, words);
          return { k: 'test', words, span: span(node), arith: [node.text] };
        }
        if (WORD_TYPES.has(node.type)) {
          // A bare word where a statement stands (grammar recovery): treat it as a command.
          return { k: 'cmd', words: [this.word(node)], assigns: [], redirects: [], span: span(node) };
        }
        return this.unknown(node);
    }
  }

  private errorChildren(node: Node): Stmt[] {
    const out: Stmt[] = [];
    for (const c of node.namedChildren) {
      if (IGNORED_TYPES.has(c.type)) continue;
      if (STATEMENT_TYPES.has(c.type) || WORD_TYPES.has(c.type)) out.push(this.stmt(c));
      else if (c.type === 'file_redirect' || c.type === 'heredoc_redirect' || c.type === 'herestring_redirect') {
        out.push({ k: 'cmd', words: [], assigns: [], redirects: [this.redirect(c)], span: span(c) });
      } else if (HANDLED_BASH_TYPES.has(c.type)) out.push(...this.errorChildren(c));
      else out.push(this.unknown(c));
    }
    return out;
  }

  private list(node: Node): Stmt {
    // A list is `left OP right`, nested to the left; OP is `&&`, `||`, `;`, `&` or a newline. It is
    // flattened without recursion so a long `a && b && …` chain costs no stack.
    const tail: { op: string; node: Node }[] = [];
    let cur: Node | undefined = node;
    while (cur?.type === 'list') {
      let left: Node | undefined;
      const mine: { op: string; node: Node }[] = [];
      let op = ';';
      for (const c of cur.children) {
        if (!c.isNamed) op = c.type;
        else if (IGNORED_TYPES.has(c.type)) continue;
        else if (!left) left = c;
        else mine.push({ op, node: c });
      }
      tail.unshift(...mine);
      cur = left;
    }
    const items: { op: string; stmt: Stmt }[] = [];
    // `a && b > f && c` is `(a && b > f) && c` to the grammar (a redirected statement whose body is a list): the same
    // as the flat list, which is what it becomes.
    if (cur) items.push(...itemsOf(';', this.stmt(cur)));
    for (const t of tail) {
      const stmt = this.stmt(t.node);
      // A pipeline the grammar mis-nested, read as bash reads it (see `pipeline`), is a list: its items are this one's.
      items.push(...(t.node.type === 'pipeline' ? itemsOf(t.op, stmt) : [{ op: t.op, stmt }]));
    }
    return { k: 'list', items };
  }

  private ifStatement(node: Node): Stmt {
    const branches: { cond: Stmt; body: Stmt }[] = [];
    let otherwise: Stmt | undefined;
    const split = (n: Node): { cond: Stmt; body: Stmt } => {
      const cond: Node[] = [];
      const body: Node[] = [];
      let inBody = false;
      for (const c of n.children) {
        if (c.type === 'then') inBody = true;
        else if (c.isNamed && c.type !== 'elif_clause' && c.type !== 'else_clause') (inBody ? body : cond).push(c);
      }
      return { cond: this.sequence(cond), body: this.sequence(body) };
    };
    branches.push(split(node));
    for (const c of node.namedChildren) {
      if (c.type === 'elif_clause') branches.push(split(c));
      else if (c.type === 'else_clause') otherwise = this.sequence(c.namedChildren);
    }
    const out: Stmt = { k: 'if', branches };
    if (otherwise) out.otherwise = otherwise;
    return out;
  }

  private caseStatement(node: Node): Stmt {
    const subjectNode = node.childForFieldName('value');
    const subject = subjectNode ? this.word(subjectNode) : { text: '', span: span(node), parts: [] };
    const items: { patterns: RawWord[]; body: Stmt }[] = [];
    for (const item of node.namedChildren) {
      if (item.type !== 'case_item') continue;
      const patterns = item.childrenForFieldName('value').map((v) => this.word(v));
      const patternIds = new Set(item.childrenForFieldName('value').map((v) => v.id));
      const body = item.namedChildren.filter((c) => !patternIds.has(c.id) && !IGNORED_TYPES.has(c.type));
      items.push({ patterns, body: this.sequence(body) });
    }
    return { k: 'case', subject, items };
  }

  private command(node: Node): Stmt {
    // The grammar sometimes runs two lines into one command (`ls` NEWLINE `\curl x` is read as
    // `ls \curl x`). Bash ends a command at an unescaped newline, so one is split there.
    const groups: Extract<Stmt, { k: 'cmd' }>[] = [];
    let words: RawWord[] = [];
    let assigns: RawAssign[] = [];
    let redirects: RawRedirect[] = [];
    let start = node.startIndex;
    let prevEnd = -1;
    // The here-string last read and where it ends, for a word the grammar splits off it.
    let here: { r: RawRedirect; end: number } | undefined;
    const flush = (end: number) => {
      groups.push({ k: 'cmd', words: joinContinuations(words, this.source), assigns, redirects, span: { start, end } });
      words = [];
      assigns = [];
      redirects = [];
    };
    for (const c of node.namedChildren) {
      if (c.type === 'comment') continue;
      if (prevEnd >= 0 && this.newlineBetween(prevEnd, c.startIndex)) {
        flush(prevEnd);
        start = c.startIndex;
      }
      words.push(...this.hiddenWords(prevEnd >= 0 ? prevEnd : node.startIndex, c.startIndex));
      prevEnd = c.endIndex;
      switch (c.type) {
        case 'variable_assignment':
          assigns.push(this.assignment(c));
          break;
        case 'file_redirect':
        case 'heredoc_redirect':
        case 'herestring_redirect': {
          // `exec 0<<< x`, `cat 0<f`: the grammar reads a `0` written against a redirection as a word; bash reads
          // digits there as the descriptor (so `exec 0<<< x` changes the shell's stdin and runs nothing).
          const fd = descriptorWord(words, c.startIndex) ? words.pop() : undefined;
          const r = this.redirect(c, words);
          if (fd && r.fd === undefined) {
            // `exec {fd}<<<TEXT`: bash opens a descriptor of its own choosing, from 10 up, and puts its number in fd.
            Object.assign(r, descriptorOf(fd));
            r.span = { start: fd.span.start, end: r.span.end };
          } else if (fd) words.push(fd);
          redirects.push(r);
          if (r.op === '<<<' && r.body) here = { r, end: c.endIndex };
          break;
        }
        default: {
          const target = c.type === 'command_name' ? c.firstNamedChild : c;
          if (!target) break;
          if (!WORD_TYPES.has(target.type)) {
            // `time ( … )`, `time { …; }`: the grammar reads the keyword as a command word; bash times the compound command.
            const timed = words.length > 0 && words.every((w, i) => (i === 0 ? w.text === 'time' : w.text === '-p')) && assigns.length === 0 && redirects.length === 0;
            if (timed && (c.type === 'subshell' || c.type === 'compound_statement') && c.id === node.namedChildren.filter((n) => n?.type !== 'comment').at(-1)?.id) return this.stmt(c);
            return { k: 'floor', rule: 'unknown-node', span: span(c), message: `vouch does not know '${c.type}' in a command`, inner: [] };
          }
          // The grammar reads `$ ls` (a prompt pasted in) as the expansion `$ls`; bash runs a program named `$`
          // with `ls` as its first argument.
          const name = target.type === 'simple_expansion' && /^\$[ \t]+[A-Za-z_]\w*$/.test(target.text) ? target.namedChildren.find((n) => n?.type === 'variable_name') : undefined;
          if (name && words.length === 0) {
            const at = span(target);
            words.push({ text: '$', span: { start: at.start, end: at.start + 1 }, parts: [{ k: 'lit', text: '$' }] });
            words.push({ text: name.text, span: span(name), parts: [{ k: 'lit', text: name.text }] });
            break;
          }
          const w = this.word(target);
          // `<<< $A/\`b\`/y`: the grammar ends the here-string's word where nothing separates the next (see above).
          if (here && this.glued(here.end, c.startIndex) && here.r.body) {
            const b = here.r.body;
            here.r.body = { text: this.slice(b.span.start, w.span.end), span: { start: b.span.start, end: w.span.end }, parts: [...b.parts, ...w.parts] };
            here.r.span = { start: here.r.span.start, end: w.span.end };
            here.end = c.endIndex;
            break;
          }
          // `P=cu\<newline>rl`: the grammar ends the assignment at the continuation; bash's value is `curl`. It also
          // ends it, with nothing between, at a backtick substitution after an expansion (`X=$A/\`b\`/y cmd`).
          const last = assigns.at(-1);
          if (words.length === 0 && last && last.values.length === 1 && this.glued(last.span.end, c.startIndex)) {
            const v = last.values[0]!;
            last.values[0] = { text: this.slice(v.span.start, w.span.end), span: { start: v.span.start, end: w.span.end }, parts: [...v.parts, ...w.parts] };
            last.span = { start: last.span.start, end: w.span.end };
            break;
          }
          // The grammar can also fold the newline into the next word (`ls` NEWLINE `\curl`).
          const rest = afterLeadingNewline(w);
          if (rest) {
            if (words.length > 0 || assigns.length > 0 || redirects.length > 0) flush(c.startIndex);
            start = rest.span.start;
            words.push(rest);
          } else words.push(w);
        }
      }
    }
    if (prevEnd >= 0) words.push(...this.hiddenWords(prevEnd, node.endIndex));
    flush(node.endIndex);
    if (groups.length === 1) return groups[0]!;
    return { k: 'list', items: groups.map((stmt) => ({ op: ';', stmt })) };
  }

  /**
   * Words bash reads in text between a command's nodes that the grammar leaves out of them: a lone `$` (an anonymous
   * token; `env -u $ curl x` unsets `$` and runs curl) and an escaped blank (`env -u \\  curl x`: a word of one
   * blank). Without them every later word would stand one place early.
   */
  private hiddenWords(from: number, to: number): RawWord[] {
    if (to <= from) return [];
    const gap = this.slice(from, to);
    if (!gap.includes('$') && !gap.includes('\\') && !gap.includes('-')) return [];
    const out: RawWord[] = [];
    let at = -1;
    const end = (i: number) => {
      if (at < 0) return;
      const text = gap.slice(at, i);
      // (A `$` against the string after it is a translated string's, `$"…"`: no text of the word.)
      const kept = i === gap.length && this.source[to] === '"' && text.endsWith('$') ? text.slice(0, -1) : text;
      // Only the text the grammar is known to drop (and a lone `-` before a translated string, `printf - $"b"`):
      // anything else in a gap is left to the nodes around it.
      if (kept !== '' && (/^(?:\$|\\[ \t])+$/.test(text) || text === '-')) out.push({ text, span: { start: from + at, end: from + i }, parts: [{ k: 'raw', text: kept }] });
      at = -1;
    };
    for (let i = 0; i < gap.length; i++) {
      const ch = gap[i]!;
      if (ch === '\\' && i + 1 < gap.length) {
        if (gap[i + 1] === '\n') {
          end(i);
          i++;
          continue;
        }
        if (at < 0) at = i;
        i++;
      } else if (ch === ' ' || ch === '\t' || ch === '\n') end(i);
      else if (at < 0) at = i;
    }
    end(gap.length);
    return out;
  }

  /** An unescaped newline between two offsets (outside comments, which end at one anyway). */
  private newlineBetween(from: number, to: number): boolean {
    for (let i = this.source.indexOf('\n', from); i >= 0 && i < to; i = this.source.indexOf('\n', i + 1)) {
      if (this.source[i - 1] !== '\\') return true;
    }
    return false;
  }

  private declaration(node: Node): Stmt {
    const words: RawWord[] = [];
    const assigns: RawAssign[] = [];
    const keyword = node.child(0);
    if (keyword && !keyword.isNamed) words.push({ text: keyword.text, span: span(keyword), parts: [{ k: 'lit', text: keyword.text }] });
    for (const c of node.namedChildren) {
      const last = assigns.at(-1);
      const prev = words.at(-1);
      if (last && prev && last.values.length === 1 && this.glued(last.span.end, c.startIndex) && (c.type === 'variable_name' || WORD_TYPES.has(c.type))) {
        // `export P=cu\<newline>rl`: one operand for bash, split by the grammar at the continuation.
        const w = this.word(c);
        const v = last.values[0]!;
        last.values[0] = { text: this.slice(v.span.start, w.span.end), span: { start: v.span.start, end: w.span.end }, parts: [...v.parts, ...w.parts] };
        last.span = { start: last.span.start, end: w.span.end };
        words[words.length - 1] = { text: this.slice(prev.span.start, w.span.end), span: { start: prev.span.start, end: w.span.end }, parts: [...prev.parts, ...w.parts.map(withoutSubs)] };
        continue;
      }
      if (prev && words.length > 1 && last?.span.end !== prev.span.end && this.glued(prev.span.end, c.startIndex) && (c.type === 'variable_name' || WORD_TYPES.has(c.type))) {
        // `export BASH_{ENV,X}=v`, `declare A_$x=1`, `export A_"B"=1`: one operand for bash (its braces expand, its
        // value is an assignment export makes), split by the grammar after the name it read.
        const w = this.word(c);
        words[words.length - 1] = { text: this.slice(prev.span.start, w.span.end), span: { start: prev.span.start, end: w.span.end }, parts: [...prev.parts, ...w.parts] };
        continue;
      }
      if (c.type === 'variable_assignment') {
        // `export X=v`: bash sees the operand `X=v`; the assignment also sets the variable. Its
        // substitutions run once, through the assignment.
        assigns.push(this.assignment(c));
        const w = this.word(c);
        words.push({ ...w, parts: w.parts.map(withoutSubs) });
      } else if (WORD_TYPES.has(c.type)) words.push(this.word(c));
      else if (c.type !== 'comment') return this.unknown(c);
    }
    const [own, ...next] = splitAtNewlines(words);
    const decl: Stmt = { k: 'cmd', words: own ?? [], assigns, redirects: [], span: span(node), declaration: true };
    if (next.length === 0) return decl;
    return { k: 'list', items: [decl, ...next.map((ws) => ({ k: 'cmd' as const, words: ws, assigns: [], redirects: [], span: { start: ws[0]!.span.start, end: node.endIndex } }))].map((stmt) => ({ op: ';', stmt })) };
  }

  private assignment(node: Node): RawAssign {
    const nameNode = node.childForFieldName('name');
    const valueNode = node.childForFieldName('value');
    const op = node.children.find((c) => !c.isNamed && (c.type === '=' || c.type === '+='));
    let values: RawWord[] = [];
    let array = false;
    if (valueNode?.type === 'array') {
      array = true;
      for (const el of valueNode.namedChildren) if (!IGNORED_TYPES.has(el.type)) values.push(this.word(el));
      // `(cu\<newline>rl x)`: the grammar splits an element at a line continuation, which bash removes first.
      values = joinContinuations(values, this.source);
    } else if (valueNode) values.push(this.word(valueNode));
    else values.push({ text: '', span: { start: node.endIndex, end: node.endIndex }, parts: [{ k: 'lit', text: '' }] });
    const rawName = nameNode?.type === 'subscript' ? (nameNode.childForFieldName('name')?.text ?? '') : (nameNode?.text ?? '');
    const out: RawAssign = { name: rawName, append: op?.type === '+=', values, array, span: span(node) };
    const index = nameNode?.type === 'subscript' ? nameNode.childForFieldName('index') : null;
    if (index) out.index = this.word(index);
    return out;
  }

  private redirected(node: Node): Stmt {
    const body = node.childForFieldName('body');
    const extra: RawWord[] = [];
    // The grammar drops a lone `-` before a heredoc from the tree (`kubectl apply -f - <<EOF`, `cat - <<EOF`):
    // bash passes it as an argument. Other text found there is kept as a word whose value is not known.
    const redirectNodes = statementRedirects(node);
    const first = redirectNodes[0];
    if (body?.type === 'command' && first && first.startIndex > body.endIndex) {
      for (const m of this.slice(body.endIndex, first.startIndex).matchAll(/\S+/g)) {
        const at = { start: body.endIndex + m.index, end: body.endIndex + m.index + m[0].length };
        extra.push({ text: m[0], span: at, parts: /^-+$/.test(m[0]) ? [{ k: 'lit', text: m[0] }] : [{ k: 'dyn', why: 'text the parser dropped', quoted: false, subs: [] }] });
      }
    }
    const redirects = redirectNodes.map((r) => this.redirect(r, extra));
    // Words the grammar swallowed into a redirection (`x y <f a b`, tree-sitter-bash #233) are arguments.
    const inner: Stmt = body ? this.stmt(body) : { k: 'cmd', words: [], assigns: [], redirects: [], span: span(node) };
    // The grammar hangs what follows a heredoc's start on the heredoc: more redirections (`cat <<E > f`) and the
    // rest of the line (`cat <<E | bash`, `cat <<E && curl x`). They are the statement's, and they run.
    const rest: { op: string; node: Node }[] = [];
    for (const h of redirectNodes) {
      if (h.type !== 'heredoc_redirect') continue;
      let op = '';
      let started = false;
      for (const c of h.children) {
        if (c.type === 'heredoc_start') started = true;
        else if (!started || c.type === 'heredoc_body' || c.type === 'heredoc_end') continue;
        else if (!c.isNamed) op = c.type;
        else if (c.type === 'file_redirect' || c.type === 'herestring_redirect') redirects.push(this.redirect(c, extra));
        else if (!IGNORED_TYPES.has(c.type)) {
          rest.push({ op: op || (c.type === 'pipeline' ? '|' : ';'), node: c });
          op = '';
        }
      }
    }
    // (`> /dev/null cu\<newline>rl x`: one word for bash after the destination, as in a command.)
    const [own, ...next] = splitAtNewlines(joinContinuations(extra, this.source));
    let attached = attachRedirects(inner, redirects, own ?? []);
    const items: { op: string; stmt: Stmt }[] = [];
    for (const r of rest) {
      const stmt = this.stmt(r.node);
      if (r.op === '|' || r.op === '|&') {
        // What follows the pipe is a stage, unless the grammar hung a list there (`cat <<E | a && cd ~`): then
        // bash's reading, pipes binding tighter (see `pipeline`).
        const prev = items.at(-1) ?? { op: ';', stmt: attached };
        const [head, ...more] = itemsOf(prev.op, pipeline([prev.stmt, stmt], [prev.stmt.k === 'pipe', r.node.type === 'list' || r.node.type === 'pipeline']));
        if (items.length === 0) attached = head!.stmt;
        else items[items.length - 1] = head!;
        items.push(...more);
      } else items.push({ op: r.op, stmt });
    }
    items.unshift({ op: ';', stmt: attached });
    for (const ws of next) items.push({ op: ';', stmt: { k: 'cmd' as const, words: ws, assigns: [], redirects: [], span: { start: ws[0]!.span.start, end: node.endIndex } } });
    return items.length === 1 ? attached : { k: 'list', items };
  }

  /** Lowers one redirection; destinations past the first are appended to `spill` as command words. */
  redirect(node: Node, spill?: RawWord[]): RawRedirect {
    const s = span(node);
    if (node.type === 'herestring_redirect') {
      const w = node.namedChildren.find((c) => WORD_TYPES.has(c.type));
      const out: RawRedirect = { op: '<<<', span: s };
      const fd = node.childForFieldName('descriptor');
      if (fd) out.fd = Number(fd.text);
      const fdVar = fd ? fdVarOf(fd.text) : undefined;
      if (fdVar !== undefined) out.fdVar = fdVar;
      if (w) out.body = this.word(w);
      return out;
    }
    if (node.type === 'heredoc_redirect') return this.heredoc(node, spill);
    // file_redirect: [descriptor] OP destination+
    const fdNode = node.childForFieldName('descriptor');
    const dests = node.childrenForFieldName('destination');
    const first = dests[0];
    const opStart = fdNode ? fdNode.endIndex : node.startIndex;
    const opEnd = first ? first.startIndex : node.endIndex;
    const op = this.slice(opStart, opEnd).replace(/\s+/g, '');
    const out: RawRedirect = { op, span: first ? { start: s.start, end: first.endIndex } : s };
    if (fdNode) out.fd = Number(fdNode.text.replace(/[{}]/g, '')) || 0;
    const fdVar = fdNode ? fdVarOf(fdNode.text) : undefined;
    if (fdVar !== undefined) out.fdVar = fdVar;
    // `> ~/.bas\<newline>hrc`: the grammar splits the destination at a line continuation, which bash removes first,
    // and with nothing between at a backtick substitution after an expansion (`> $A/\`b\`/y`).
    let joined = 1;
    while (joined < dests.length && this.glued(dests[joined - 1]!.endIndex, dests[joined]!.startIndex)) joined++;
    if (first) out.target = joinContinuations(dests.slice(0, joined).map((d) => this.word(d)), this.source)[0];
    if (first && joined > 1) out.span = { start: s.start, end: dests[joined - 1]!.endIndex };
    // Words after the destination are the command's (`> f a b`), with the grammar's gaps as in a command: a lone `$`
    // or an escaped blank it leaves out (`$ x`, which it reads as one expansion here, is respelled: see withBashTree).
    let prev = first ? dests[joined - 1]!.endIndex : node.endIndex;
    for (const d of dests.slice(joined)) {
      spill?.push(...this.hiddenWords(prev, d.startIndex));
      spill?.push(this.word(d));
      prev = d.endIndex;
    }
    if (first) spill?.push(...this.hiddenWords(prev, node.endIndex));
    return out;
  }

  private heredoc(node: Node, spill?: RawWord[]): RawRedirect {
    const start = node.namedChildren.find((c) => c.type === 'heredoc_start');
    const bodyNode = node.namedChildren.find((c) => c.type === 'heredoc_body');
    const opNode = node.children.find((c) => !c.isNamed && (c.type === '<<' || c.type === '<<-'));
    const delimiter = start?.text ?? '';
    const quoted = /['"\\]/.test(delimiter);
    const out: RawRedirect = { op: opNode?.type ?? '<<', span: span(node) };
    const fd = node.childForFieldName('descriptor');
    if (fd) out.fd = Number(fd.text);
    if (start) out.target = { text: delimiter, span: span(start), parts: [{ k: 'lit', text: delimiter.replace(/['"\\]/g, '') }] };
    if (bodyNode) {
      const text = bodyNode.text;
      let parts: Part[] = quoted ? [{ k: 'lit', text }] : this.partsWithGaps(bodyNode, bodyNode.startIndex, bodyNode.endIndex, true, 'heredoc');
      if (!quoted && out.op === '<<-' && /[$`]/.test(text)) {
        // The grammar misses expansions on `<<-` lines that start with a tab. Bash strips the tabs, then expands
        // the body like a plain heredoc's: it is read again as one, tabs stripped, so its substitutions run here.
        const stripped = text.replace(/^\t+/gm, '');
        const again = `: <<${delimiter}\n${stripped}${stripped.endsWith('\n') ? '' : '\n'}${delimiter}\n`;
        parts = [{ k: 'dyn', why: 'a <<- heredoc body with expansions', quoted: true, subs: [{ k: 'reparse', text: again, span: span(bodyNode) }] }];
      }
      out.body = { text, span: span(bodyNode), parts };
    }
    // Arguments the grammar hangs on the heredoc (`cat <<EOF a b`) belong to the command.
    for (const a of node.childrenForFieldName('argument')) spill?.push(this.word(a));
    return out;
  }

  /** Operands of test and arithmetic expressions, as words (their paths and substitutions matter). */
  private exprWords(node: Node, out: RawWord[]): void {
    if (EXPRESSION_TYPES.has(node.type)) {
      for (const c of node.namedChildren) this.exprWords(c, out);
    } else if (node.type === 'variable_assignment') {
      const v = node.childForFieldName('value');
      if (v) this.exprWords(v, out);
    } else if (node.type === 'test_operator' || node.type === 'comment') {
      // An operator is not an operand.
    } else if (WORD_TYPES.has(node.type)) out.push(this.word(node));
    else if (!IGNORED_TYPES.has(node.type)) {
      out.push({ text: node.text, span: span(node), parts: [{ k: 'dyn', why: `unknown expression '${node.type}'`, quoted: false, subs: [this.unknown(node)] }] });
    }
  }

  /** A word as parts. */
  word(node: Node): RawWord {
    if (node.type === 'variable_assignment') {
      // An assignment standing as an operand (`export X=$(a)`): its name is literal, its value a word.
      const value = node.childForFieldName('value');
      const head = this.slice(node.startIndex, value ? value.startIndex : node.endIndex);
      const parts: Part[] = [{ k: 'lit', text: head }];
      if (value && value.type !== 'array') parts.push(...this.parts(value, false));
      else if (value) parts.push({ k: 'dyn', why: 'an array value', quoted: false, subs: this.subsWithin(value) });
      return { text: node.text, span: span(node), parts };
    }
    return { text: node.text, span: span(node), parts: this.parts(node, false) };
  }

  private parts(node: Node, quoted: boolean): Part[] {
    switch (node.type) {
      case 'word':
      case 'number':
      case 'brace_expression':
      case 'extglob_pattern':
      case 'regex':
      case 'variable_name':
      case 'file_descriptor':
      case 'test_operator':
        return quoted ? [{ k: 'lit', text: node.text }] : [{ k: 'raw', text: node.text }];
      case 'raw_string':
        return [{ k: 'lit', text: node.text.slice(1, -1) }];
      case 'ansi_c_string':
        return [{ k: 'lit', text: decodeAnsiC(node.text.slice(2, -1)) }];
      case 'translated_string':
      case 'string': {
        // `$"…"` (bash translates it to itself here): the grammar puts the `$` beside a string node, whose parts they are.
        const inner = node.type === 'translated_string' ? node.namedChildren.find((c) => c?.type === 'string') : undefined;
        if (inner) return this.parts(inner, quoted);
        const open = node.text.indexOf('"');
        const start = node.startIndex + (open >= 0 ? open + 1 : 0);
        const end = node.text.endsWith('"') && node.endIndex - 1 >= start ? node.endIndex - 1 : node.endIndex;
        const parts = this.partsWithGaps(node, start, end, true, 'string');
        // `""` is a quoted nothing: `~""` is no tilde, `$E""` one empty word, `{"",x}` two.
        return parts.length > 0 ? parts : [{ k: 'lit', text: '' }];
      }
      case 'concatenation':
        return this.partsWithGaps(node, node.startIndex, node.endIndex, quoted, 'concatenation');
      case 'simple_expansion': {
        const text = expansionText(node);
        const inner = node.firstNamedChild;
        // A parameter whose value is always a number (`$$`, `$?`, `$RANDOM`) stands for one: no code, no path.
        if (NUMERIC_PARAMETERS.has(text)) return [{ k: 'lit', text: '0' }];
        if (COMPUTED_PARAMETERS.has(text)) return [{ k: 'var', name: text.slice(1), quoted, ...(NAME_RE.test(text.slice(1)) ? { bare: true as const } : {}) }];
        // `$0`: the name a shell was given (`sh -c TEXT NAME ARG…`), a variable the resolver sets there (givenArgs).
        if (text === '$0') return [{ k: 'var', name: '0', quoted }];
        if (/^\$[1-9@*]$/.test(text)) return [{ k: 'pos', which: text.slice(1), quoted, why: `${text} is set by the shell as the command runs` }];
        if (inner?.type === 'variable_name' && NAME_RE.test(inner.text)) return [{ k: 'var', name: inner.text, quoted, bare: true }];
        return [{ k: 'dyn', why: `${text} is set by the shell as the command runs`, quoted, subs: [] }];
      }
      case 'expansion': {
        const text = expansionText(node);
        const m = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(text);
        if (m) return [{ k: 'var', name: m[1]!, quoted, ...(this.bareAt?.(node.endIndex - text.length) ? { bare: true as const } : {}) }];
        if (text === '${0}') return [{ k: 'var', name: '0', quoted }];
        const pos = /^\$\{([1-9][0-9]*|[@*]|@:[1-9][0-9]*(?::[0-9]+)?)\}$/.exec(text);
        if (pos) return [{ k: 'pos', which: pos[1]!, quoted, why: `${text} is set by the shell as the command runs` }];
        return [this.expansion(node, quoted, text)];
      }
      case 'command_substitution': {
        // `$((x))` in a heredoc body: the grammar reads a substitution of a subshell, bash arithmetic (which reads x's
        // value as an expression, whose subscript runs what it holds), with the substitutions inside it.
        const only = node.namedChildren.length === 1 ? node.namedChildren[0] : undefined;
        if (only?.type === 'subshell' && node.text.startsWith('$((') && node.text.endsWith('))')) {
          return [{ k: 'arith', text: node.text.slice(3, -2), quoted, subs: this.subsWithin(node) }];
        }
        // `$`echo b``: the grammar starts the substitution at a `$` before a backtick, which bash keeps as text (`$b`).
        const written = node.text.startsWith('$`') ? node.text.slice(1) : node.text;
        const lead: Part[] = written === node.text ? [] : [quoted ? { k: 'lit', text: '$' } : { k: 'raw', text: '$' }];
        if (written.startsWith('`')) {
          const pieces = backtickPieces(written);
          // Inside backticks bash removes the backslash before \\, \` and \$ (and \" within double quotes)
          // and only then parses the text, so `$'\\x63url'` there is `$'\x63url'`: such text is parsed again.
          // The grammar also reads `a` `b` as one substitution from the first backtick to the last: bash
          // ends a substitution at the first unescaped backtick, so each one is parsed on its own.
          if (pieces.length > 1 || written.includes('\\')) {
            const out: Part[] = [...lead];
            pieces.forEach((piece, i) => {
              if (i % 2 === 1) out.push({ k: 'raw', text: piece });
              else {
                const text = piece.replace(quoted ? /\\([\\`$"])/g : /\\([\\`$])/g, '$1');
                out.push({ k: 'sub', body: { k: 'reparse', text, span: span(node) }, quoted, what: 'command' });
              }
            });
            return out;
          }
        }
        const redirects = node.childrenForFieldName('redirect');
        let body = this.sequence(node.namedChildren.filter((c) => !redirects.some((r) => r.id === c.id)));
        // `$(< file)` reads the file: a command with only a redirection.
        if (redirects.length > 0) {
          body = attachRedirects(
            body === EMPTY || (body.k === 'seq' && body.items.length === 0) ? { k: 'cmd', words: [], assigns: [], redirects: [], span: span(node) } : body,
            redirects.map((r) => this.redirect(r)),
            [],
          );
        }
        return [...lead, { k: 'sub', body, quoted, what: 'command' }];
      }
      case 'process_substitution':
        return [{ k: 'sub', body: this.sequence(node.namedChildren), quoted, what: node.text.startsWith('>') ? 'process-out' : 'process' }];
      case 'arithmetic_expansion':
        return [{ k: 'arith', text: node.text.replace(/^\$\(\(|\)\)$|^\$\[|\]$/g, ''), quoted, subs: this.subsWithin(node) }];
      case 'special_variable_name':
        return [{ k: 'dyn', why: `$${node.text} is set by the shell as the command runs`, quoted, subs: [] }];
      case 'subscript':
        return [{ k: 'dyn', why: `${node.text} is an array element`, quoted, subs: this.subsWithin(node) }];
      default:
        return [{ k: 'dyn', why: `unknown word '${node.type}'`, quoted, subs: [this.unknown(node)] }];
    }
  }

  /** `${…}` beyond a plain name: a default or assignment (`${P:=w}`), a prompt expansion (`${v@P}`), a subscript. */
  private expansion(node: Node, quoted: boolean, text: string): Part {
    const dyn: Part = { k: 'dyn', why: `${text} is computed when the command runs`, quoted, subs: this.subsWithin(node) };
    // `${!a[@]}`: the indices of an indexed array, numbers; an associative array (declared -A on the line: the
    // environment holds none) has keys of any text.
    if (/^\$\{![A-Za-z_]\w*\[[@*]\]\}$/.test(text) && !/\b(?:declare|typeset|local)\b[^;&|\n]*\s-[A-Za-z]*A/.test(this.source)) dyn.indices = true;
    const extra = expansionArith(text);
    if (extra.length > 0 && dyn.k === 'dyn') dyn.arith = extra;
    // `${!name}`, `${!name:-w}`: the value of name is a variable's name, read with its subscript (arithmetic).
    if (extra.length > 0 && text.startsWith('${!') && !/@P\}$/.test(text)) return dyn;
    const first = node.namedChildren[0];
    if (first?.type === 'subscript') {
      const index = first.childForFieldName('index');
      if (index && dyn.k === 'dyn') dyn.arith = [index.text, ...extra];
      // `${a[i]@P}`, `${a[@]@P}`: an element's value expanded as a prompt, its substitutions run.
      const array = first.childForFieldName('name')?.text;
      if (array !== undefined && this.slice(first.endIndex, text.endsWith('}') ? node.endIndex - 1 : node.endIndex) === '@P') return { k: 'prompt', name: array, quoted, element: true, ...(index ? { arith: [index.text] } : {}) };
      // `${a[@]}`: every element of a, as separate words where it is in double quotes.
      if (array !== undefined && dyn.k === 'dyn' && NAME_RE.test(array) && text === `${'$'}{${array}[@]}`) dyn.array = array;
      // `${a[*]}`: the elements joined by a space (IFS's first character), one word where it is in double quotes.
      if (array !== undefined && dyn.k === 'dyn' && NAME_RE.test(array) && text === `${'$'}{${array}[*]}`) {
        dyn.array = array;
        dyn.star = true;
      }
      // `${a[1]}`, `${a[-1]}`: one element, its subscript a number written out.
      const n = index?.text;
      if (array !== undefined && n !== undefined && dyn.k === 'dyn' && NAME_RE.test(array) && /^-?\d{1,6}$/.test(n) && text === `${'$'}{${array}[${n}]}`) {
        dyn.array = array;
        dyn.index = Number(n);
      }
      // `${a[@]:1}`, `${a[@]:1:2}`: the elements from an offset written out, as many as a length written out.
      const slice = array !== undefined && NAME_RE.test(array) ? new RegExp(`^\\$\\{${array}\\[@\\]:(\\d{1,6})(?::(\\d{1,6}))?\\}$`).exec(text) : null;
      if (slice && dyn.k === 'dyn') {
        dyn.array = array;
        dyn.slice = [Number(slice[1]), ...(slice[2] !== undefined ? [Number(slice[2])] : [])];
      }
      // `${a[1]:=x}` assigns the element where it is unset or empty.
      if (array !== undefined && dyn.k === 'dyn' && /^:?=/.test(this.slice(first.endIndex, node.endIndex))) dyn.element = array;
      return dyn;
    }
    // `${1@P}`, `${@@P}`, `${!ref@P}`: a value vouch does not hold, expanded as a prompt (its substitutions run).
    if ((first?.type !== 'variable_name' || !NAME_RE.test(first.text) || text.startsWith('${!')) && /@P\}$/.test(text)) return { k: 'prompt', name: text.slice(2, -3), quoted, element: true, opaque: true };
    // (A positional parameter, `${1%.bak}`, `${0##*/}`, is followed as a variable is: the resolver holds its value.)
    const positional = first !== undefined && /^\d+$/.test(first.text) && text.startsWith(`\${${first.text}`);
    if (((first?.type !== 'variable_name' || !NAME_RE.test(first.text)) && !positional) || !text.startsWith('${')) return dyn;
    const close = text.endsWith('}') ? node.endIndex - 1 : node.endIndex;
    const after = this.slice(first.endIndex, close);
    if (after === '@P') return { k: 'prompt', name: first.text, quoted };
    // `${P/pat/rep}` (`//` every match, `/#` a prefix, `/%` a suffix): followed only when pattern and replacement
    // are plain text (no quotes, expansions or tildes), the pattern's globs active.
    const sub = /^\/([/#%]?)((?:[^/\\$`'"~(]|\\[^$`'"])*)(?:\/((?:[^\\$`'"~]|\\[^$`'"])*))?$/.exec(after);
    // (An `&` in the replacement is the matched text in bash 5.2 and later, itself before: computed.)
    if (sub && !/(?:^|[^\\])(?:\\\\)*&/.test(sub[3] ?? '') && !node.namedChildren.some((c) => c.startIndex >= first.endIndex && c.type !== 'regex' && c.type !== 'word')) {
      const from = first.endIndex + 1 + sub[1]!.length;
      const pattern = sub[2]!;
      return { k: 'param', name: first.text, op: `/${sub[1]}` as ParamOp, word: { text: pattern, span: { start: from, end: from + pattern.length }, parts: pattern === '' ? [] : [{ k: 'raw', text: pattern }] }, quoted, rep: (sub[3] ?? '').replace(/\\(.)/gs, '$1') };
    }
    const op = /^(:?[-=+?]|##?|%%?)/.exec(after)?.[1] as ParamOp | undefined;
    if (!op) return dyn;
    const from = first.endIndex + op.length;
    // A word the grammar reads as something else (`${x:+(y)}` as an array) stays computed.
    if (node.namedChildren.some((c) => c.startIndex >= from && !WORD_TYPES.has(c.type))) return dyn;
    // A `#`/`%` pattern is a pattern inside double quotes too (only its own quotes make it literal).
    const trims = op.startsWith('#') || op.startsWith('%');
    const parts = this.partsWithGaps(node, from, close, quoted && !trims, quoted && !trims ? 'string' : 'concatenation');
    return { k: 'param', name: first.text, op, word: { text: this.slice(from, close), span: { start: from, end: close }, parts }, quoted };
  }

  /** Parts of a node whose literal runs lie between its children (strings, concatenations, heredoc bodies). */
  private partsWithGaps(node: Node, start: number, end: number, quoted: boolean, where: 'string' | 'concatenation' | 'heredoc'): Part[] {
    const out: Part[] = [];
    let at = start;
    const gap = (to: number, before?: Node) => {
      if (to <= at) return;
      let text = this.slice(at, to);
      if (where === 'concatenation' && !quoted) {
        // The grammar leaves two tokens of unquoted text unnamed: an empty `` ` ` `` substitution, and the `$`
        // of `$"…"` (a translated string) when it stands inside a word: `c``url` and `c$""url` are `curl`.
        if (before?.type === 'string' && unescapedAt(text, text.length - 1, '$')) text = text.slice(0, -1);
        if (text !== '') out.push({ k: 'raw', text });
        if (hasUnescaped(text, '`')) out.push({ k: 'dyn', why: 'the output of a command substitution in backticks', quoted, subs: [] });
      } else if (where === 'heredoc' && hasUnescaped(text, '`')) out.push(...heredocBackticks(text, { start: at, end: to }));
      else out.push({ k: 'lit', text: where === 'string' ? unescapeDouble(text) : unescapeHeredoc(text) });
    };
    for (const c of node.namedChildren) {
      if (c.startIndex < at || c.endIndex > end) continue;
      // The blanks an expansion's node starts with are the quoted text before it (see expansionText).
      const lead = where !== 'concatenation' && c.type !== 'string_content' && c.type !== 'heredoc_content' ? c.text.length - expansionText(c).length : 0;
      gap(c.startIndex + lead, c);
      if (c.type === 'string_content' || c.type === 'heredoc_content') {
        const text = c.text;
        out.push({ k: 'lit', text: where === 'string' ? unescapeDouble(text) : unescapeHeredoc(text) });
      } else out.push(...this.parts(c, quoted));
      at = c.endIndex;
    }
    gap(end);
    return out;
  }

  /** Substitutions anywhere inside a node (`${x:-$(…)}`, `$((1+$(…)))`). */
  private subsWithin(node: Node): Stmt[] {
    const out: Stmt[] = [];
    const visit = (n: Node) => {
      for (const c of n.namedChildren) {
        if (c.type === 'command_substitution' || c.type === 'process_substitution') {
          const [p] = this.parts(c, true);
          if (p?.k === 'sub') out.push(p.body);
        } else visit(c);
      }
    };
    visit(node);
    return out;
  }
}

function withoutSubs(p: Part): Part {
  if (p.k === 'sub') return { k: 'dyn', why: 'the output of a command substitution', quoted: p.quoted, subs: [] };
  if (p.k === 'dyn' && p.subs.length > 0) return { ...p, subs: [] };
  return p;
}

/** A word the grammar started with a newline (the end of the previous command), without it; else undefined. */
function afterLeadingNewline(w: RawWord): RawWord | undefined {
  const lead = /^[ \t]*\n\s*/.exec(w.text);
  const only = w.parts[0];
  if (!lead || w.parts.length !== 1 || only?.k !== 'raw') return undefined;
  const cut = lead[0].length;
  return { text: w.text.slice(cut), span: { start: w.span.start + cut, end: w.span.end }, parts: [{ k: 'raw', text: only.text.slice(cut) }] };
}

/** Splits a word list where the grammar ran a new line into it: each group after the first is a new command. */
function splitAtNewlines(words: RawWord[]): RawWord[][] {
  const groups: RawWord[][] = [[]];
  for (const w of words) {
    const rest = afterLeadingNewline(w);
    if (rest) groups.push([rest]);
    else groups.at(-1)!.push(w);
  }
  return groups;
}

/**
 * Words bash reads as one that the grammar splits in two: `cu\<newline>rl` (bash removes a line
 * continuation before it splits words; the grammar treats it as a blank) and `'cu'\rl` (a quoted
 * string directly followed by an escaped word). Words separated by nothing or by exactly a
 * continuation are one word.
 */
function joinContinuations(words: RawWord[], source: string): RawWord[] {
  // Runs of joined words are collected first and built once: joining pairwise copied the text and parts so
  // far at each step, quadratic in a line of 30,000 adjacent words (`'\`'\`…`).
  const runs: RawWord[][] = [];
  for (const w of words) {
    const run = runs.at(-1);
    const prev = run?.at(-1);
    const gap = prev ? source.slice(prev.span.end, w.span.start) : ' ';
    if (run && (gap === '' || /^(?:\\\n)+$/.test(gap))) run.push(w);
    else runs.push([w]);
  }
  return runs.map((run) => {
    if (run.length === 1) return run[0]!;
    const first = run[0]!;
    const last = run.at(-1)!;
    return { text: source.slice(first.span.start, last.span.end), span: { start: first.span.start, end: last.span.end }, parts: run.flatMap((w) => w.parts) };
  });
}

/**
 * The bodies of the backtick substitutions in text that starts with one, split where bash ends them: at the
 * first backtick not escaped by a backslash. Even entries are bodies, odd entries the text between them.
 */
function backtickPieces(text: string): string[] {
  const pieces: string[] = [];
  let current = '';
  let inside = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\' && inside && i + 1 < text.length) {
      current += c + text[i + 1];
      i++;
    } else if (c === '`') {
      if (inside) pieces.push(current);
      else if (pieces.length > 0) pieces.push(current);
      current = '';
      inside = !inside;
    } else current += c;
  }
  if (inside) pieces.push(current);
  return pieces;
}

/**
 * The text of an unquoted heredoc body around `` `…` `` substitutions, which the grammar leaves as text: bash runs
 * each one (its text unescaped as inside backticks, then parsed); an unmatched backtick leaves the body unknown.
 */
function heredocBackticks(text: string, at: Span): Part[] {
  const out: Part[] = [];
  let current = '';
  let inside = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length) {
      current += c + text[i + 1];
      i++;
    } else if (c === '`') {
      if (inside) out.push({ k: 'dyn', why: 'the output of a command substitution in backticks', quoted: true, subs: [{ k: 'reparse', text: current.replace(/\\([\\`$])/g, '$1'), span: at }] });
      else if (current !== '') out.push({ k: 'lit', text: unescapeHeredoc(current) });
      current = '';
      inside = !inside;
    } else current += c;
  }
  if (inside) out.push({ k: 'dyn', why: 'an unmatched backtick in a heredoc body', quoted: true, subs: [] });
  else if (current !== '') out.push({ k: 'lit', text: unescapeHeredoc(current) });
  return out;
}

/** Whether `text[i]` is `ch` and not escaped by an odd run of backslashes before it. */
function unescapedAt(text: string, i: number, ch: string): boolean {
  if (text[i] !== ch) return false;
  let n = 0;
  while (i - n - 1 >= 0 && text[i - n - 1] === '\\') n++;
  return n % 2 === 0;
}

function hasUnescaped(text: string, ch: string): boolean {
  for (let i = text.indexOf(ch); i >= 0; i = text.indexOf(ch, i + 1)) if (unescapedAt(text, i, ch)) return true;
  return false;
}

/** In an unquoted heredoc, only `\$`, `` \` ``, `\\` and backslash-newline are escapes. */
function unescapeHeredoc(text: string): string {
  if (!text.includes('\\')) return text;
  return text.replace(/\\([$`\\\n])/g, (_m, c: string) => (c === '\n' ? '' : c));
}

/** Whether the last of `words` is digits written against a redirection starting at `at`: bash's descriptor. */
function descriptorWord(words: readonly RawWord[], at: number): boolean {
  const last = words.at(-1);
  return last !== undefined && last.span.end === at && ((last.parts.length === 1 && last.parts[0]!.k === 'raw' && /^\d+$/.test(last.text)) || fdVarOf(last.text) !== undefined);
}

/** The descriptor a word written against a redirection gives it: digits, or `{NAME}`, which bash opens from 10 up. */
function descriptorOf(word: RawWord): { fd: number; fdVar?: string } {
  if (/^\d+$/.test(word.text)) return { fd: Number(word.text) };
  const fdVar = fdVarOf(word.text);
  return fdVar === undefined ? { fd: 10 } : { fd: 10, fdVar };
}

/** The variable of a `{NAME}` descriptor, in which bash puts the number of the descriptor it opens. */
function fdVarOf(text: string): string | undefined {
  return /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(text)?.[1];
}

/**
 * The redirections of a redirected statement. The grammar leaves a herestring after a compound command out of the
 * `redirect` field (`while read l; do …; done <<< "$(curl …)"`): it is the statement's stdin all the same.
 */
function statementRedirects(node: Node): Node[] {
  const body = node.childForFieldName('body');
  return node.namedChildren.filter((c): c is Node => c !== null && c.id !== body?.id && (c.type === 'file_redirect' || c.type === 'heredoc_redirect' || c.type === 'herestring_redirect'));
}

/**
 * Hangs redirections on the statement they belong to. The grammar attaches a redirection after
 * `a && b` or `a | b` to the whole list; bash applies it to the last command only.
 */
function attachRedirects(stmt: Stmt, redirects: RawRedirect[], extra: RawWord[]): Stmt {
  if (redirects.length === 0 && extra.length === 0) return stmt;
  switch (stmt.k) {
    case 'cmd': {
      // `cat 0< f`: digits written against the first redirection are its descriptor to bash (see `command`).
      const words = stmt.words.slice();
      const first = redirects[0];
      if (first && first.fd === undefined && descriptorWord(words, first.span.start)) {
        const last = words.pop()!;
        redirects = [{ ...first, ...descriptorOf(last), span: { start: last.span.start, end: first.span.end } }, ...redirects.slice(1)];
      }
      return { ...stmt, words: [...words, ...extra], redirects: [...stmt.redirects, ...redirects] };
    }
    case 'list': {
      const items = stmt.items.slice();
      const last = items.length - 1;
      if (last < 0) break;
      items[last] = { ...items[last]!, stmt: attachRedirects(items[last]!.stmt, redirects, extra) };
      return { ...stmt, items };
    }
    case 'pipe': {
      const stages = stmt.stages.slice();
      const last = stages.length - 1;
      if (last < 0) break;
      stages[last] = attachRedirects(stages[last]!, redirects, extra);
      return { ...stmt, stages };
    }
    case 'seq': {
      const items = stmt.items.slice();
      const last = items.length - 1;
      if (last < 0) break;
      items[last] = attachRedirects(items[last]!, redirects, extra);
      return { ...stmt, items };
    }
    default:
      break;
  }
  const wrapped: Stmt = { k: 'redirected', body: stmt, redirects };
  if (extra.length === 0) return wrapped;
  return { k: 'seq', items: [wrapped, { k: 'cmd', words: extra, assigns: [], redirects: [], span: extra[0]!.span }] };
}

/**
 * Lowers a whole bash tree. `indexesSource`: the tree was parsed from `source` by the wasm runtime, whose offsets
 * index it, so node texts are sliced from it.
 */
export function lowerBash(root: Node, source: string, indexesSource = false, bareAt?: (offset: number) => boolean): Stmt {
  const program = new BashLowering(source, bareAt).stmt(readTree(root, indexesSource ? source : undefined));
  const hidden = /\\[ \t\n]#/.test(source) ? hiddenByComment(root, source) : undefined;
  return hidden ? { k: 'seq', items: [hidden, program] } : program;
}

/**
 * A `#` after an escaped blank that leads a word (`echo \ #; curl x`): the grammar takes the blank for a separator and
 * the rest of the line for a comment, where bash reads ` #` as a word and runs what follows the `;`. What the comment
 * hides is not read: the line is not vouched for (found by the words differential against bash, fuzz/words-oracle).
 */
function hiddenByComment(root: Node, source: string): Stmt | undefined {
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const c = stack.pop()!;
    if (c.type !== 'comment') {
      stack.push(...c.children);
      continue;
    }
    const before = source.slice(Math.max(0, c.startIndex - 64), c.startIndex);
    if (/(?:^|[^\\])(?:\\\\)*\\[ \t]$/.test(before)) {
      return { k: 'floor', rule: 'unknown-node', span: span(c), message: 'an escaped blank before `#`: bash reads the `#` as text of a word, the grammar as a comment hiding the rest of the line', inner: [] };
    }
    // `echo x\<newline># ; curl …`: bash removes the continuation first, so the `#` goes on the word `x#`.
    if (/[^\\\s;&|()<>](?:\\\\)*\\\n$/.test(before)) {
      return { k: 'floor', rule: 'unknown-node', span: span(c), message: 'a line continuation inside a word before `#`: bash reads the `#` as text of the word, the grammar as a comment hiding the rest of the line', inner: [] };
    }
  }
  return undefined;
}

/**
 * A pipeline as bash reads it. tree-sitter-bash sometimes makes a bare list one stage of a pipeline, which bash never
 * does (a list in a pipeline stands in braces or parentheses): it reads `a | b | c && d` as `a | (b | c && d)` and
 * `a && b > f | c` as `(a && b > f) | c`, and either hides a `cd` or an assignment of the list in a pipeline's
 * subshell. Pipes bind tighter than `&&`, `||`, `;` and `&`: the stages before such a list join its first item and
 * the stages after it join its last. `bare` flags the stages that are such lists.
 */
export function pipeline(stages: Stmt[], bare: boolean[]): Stmt {
  // A bare pipeline as a stage (`a | b > f | c` is `(a | b > f) | c` to the grammar) is its stages.
  if (stages.some((s, i) => bare[i] && s.k === 'pipe')) {
    const flat: Stmt[] = [];
    const flags: boolean[] = [];
    stages.forEach((s, i) => {
      const inner = bare[i] && s.k === 'pipe' ? s.stages : [s];
      flat.push(...inner);
      flags.push(...inner.map(() => bare[i] === true && s.k !== 'pipe'));
    });
    return pipeline(flat, flags);
  }
  const at = stages.findIndex((s, i) => bare[i] && s.k === 'list');
  if (at < 0) return { k: 'pipe', stages };
  const list = stages[at] as Extract<Stmt, { k: 'list' }>;
  const stagesOf = (s: Stmt): Stmt[] => (s.k === 'pipe' ? s.stages : [s]);
  const join = (parts: Stmt[]): Stmt => (parts.length === 1 ? parts[0]! : { k: 'pipe', stages: parts });
  const items = list.items.map((item) => ({ ...item }));
  const first = items[0]!;
  first.stmt = join([...stages.slice(0, at), ...stagesOf(first.stmt)]);
  const last = items[items.length - 1]!;
  const after = stages.slice(at + 1);
  if (after.length > 0) {
    const tail = pipeline([...stagesOf(last.stmt), ...after], [...stagesOf(last.stmt).map(() => false), ...bare.slice(at + 1)]);
    items.splice(items.length - 1, 1, ...itemsOf(last.op, tail));
  }
  return { k: 'list', items };
}

/** `stmt` as items of a list it stands in after `op`: a list's own items (its first after `op`), or itself. */
function itemsOf(op: string, stmt: Stmt): { op: string; stmt: Stmt }[] {
  return stmt.k === 'list' ? [{ op, stmt: stmt.items[0]!.stmt }, ...stmt.items.slice(1)] : [{ op, stmt }];
}
