// PowerShell: lower the tree into segments and resolve what runs; repair the grammar's known gaps first.
import type { Node } from 'web-tree-sitter';
import { withTree } from '../parse/index.js';
import { type ResolveContext, mapSpan } from '../resolve/context.js';
import { FLOOR } from '../resolve/floor.js';
import { lowerProgram } from './lower.js';

export { lowerCmd } from './lower.js';

export { NODE_HANDLING, type NodeHandling } from './nodes.js';

export function analyzePowerShell(root: Node, text: string, ctx: ResolveContext): void {
  if (root.hasError && repaired(root, text, ctx)) return;
  lowerProgram(root, text, ctx);
}

interface Edit {
  at: number;
  remove: number;
  insert: string;
}

/**
 * tree-sitter-powershell 0.26.4 rejects some valid PowerShell: comment-only input, `name(` with no space, a
 * one-line `switch`, `function f { param(…) body }` on one line, a backtick escape at the start of a bare
 * argument, a bare argument that starts with a variable and goes on as a path (`$HOME/.ssh/x`), bare words
 * joined by commas (`name,handles`), a hash key with a dash (`@{ X-Header = 1 }`). Each has an equivalent spelling the grammar accepts (a space, a line break, a quoted literal). When
 * the respelled text parses with no error, it is analysed instead and the parse errors of the original are
 * withdrawn; otherwise they stand (cannot vouch).
 */
function repaired(root: Node, text: string, ctx: ResolveContext): boolean {
  const issues = countIssues(root);
  if (isCommentOnly(root)) return withdraw(ctx, issues);
  const edits = findEdits(root, text);
  if (edits.length === 0) return false;
  let fixed = text;
  for (const e of edits.sort((a, b) => b.at - a.at)) fixed = fixed.slice(0, e.at) + e.insert + fixed.slice(e.at + e.remove);
  const whole = mapSpan(ctx, { start: 0, end: text.length });
  const outcome = withTree(
    fixed,
    'powershell',
    (fixedRoot) => {
      if (fixedRoot.hasError) return false;
      if (!withdraw(ctx, issues)) return false;
      // Offsets moved by the respelling: findings point at the whole text.
      lowerProgram(fixedRoot, fixed, { ...ctx, origin: { span: whole } });
      return true;
    },
    ctx.limits,
  );
  return outcome.ok && outcome.value;
}

/** Removes the parse-error findings the frontend added for this text (the last `count` findings). */
function withdraw(ctx: ResolveContext, count: number): boolean {
  const findings = ctx.out.findings;
  const tail = findings.slice(findings.length - count);
  if (count === 0 || tail.length !== count || tail.some((f) => f.rule !== FLOOR.parseError)) return false;
  findings.length -= count;
  return true;
}

function countIssues(node: Node): number {
  if (node.isMissing || node.type === 'ERROR') {
    let n = 1;
    if (node.type === 'ERROR') for (const c of node.children) if (c?.hasError) n += countIssues(c);
    return n;
  }
  let n = 0;
  for (const c of node.children) if (c?.hasError || c?.isMissing) n += countIssues(c);
  return n;
}

function isCommentOnly(root: Node): boolean {
  const kids = root.type === 'ERROR' ? root.children : [];
  return kids.length > 0 && kids.every((c) => c?.type === 'comment');
}

function findEdits(root: Node, text: string): Edit[] {
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
  edits.push(...backtickTokens(text));
  return edits;
}

/** The token before ends a word, so what follows is an argument (not a statement start or an operand). */
const ARGUMENT_MODE = /^[\w'"`:\]]$/;
/** `@{ X-My-Header = '1' }`: a bare hash key with a dash, which PowerShell reads as a string. */
const HASH_KEY = /^(@\{|;)(\s*)([A-Za-z_][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)+)(?=\s*=)/;

/** `Select-Object name,handles`: bare words joined by commas, an array of strings in argument mode. */
const BARE_LIST = /^[^\s'"`$(){},;|&@#<>\u2018-\u201e]+(,[^\s'"`$(){},;|&@#<>\u2018-\u201e]+)+/;

function endsWord(next: string | undefined): boolean {
  return next === undefined || /[\s;|)}]/.test(next);
}

const PLAIN_TOKEN = /^`[^\s'"`(){},;|&@#<>][^\s'"`$(){},;|&@#<>]*/;
/** `$HOME/.ssh/x`, `$env:USERPROFILE\.ssh\id_rsa`: in argument mode, an expandable string. */
const VARIABLE_PATH = /^\$(?:env:)?[A-Za-z_][A-Za-z0-9_]*[\\/][^\s'"`$(){},;|&@#<>]*/;

/** A bare argument that starts with a backtick escape and holds nothing special: the same literal, quoted. */
function backtickTokens(text: string): Edit[] {
  const edits: Edit[] = [];
  let quote: '"' | "'" | null = null;
  let prev = '';
  let hashDepth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quote) {
      if (c === '`' && quote === '"') i++;
      else if (c === quote) {
        if (text[i + 1] === quote) i++;
        else quote = null;
      }
      continue;
    }
    if (c === '#') {
      const eol = text.indexOf('\n', i);
      if (eol < 0) break;
      i = eol;
      prev = '\n';
      continue;
    }
    if (c === '"' || c === "'") {
      quote = c;
      prev = c;
      continue;
    }
    if (c === '`' && /[ \t]/.test(text[i - 1] ?? '') && ARGUMENT_MODE.test(prev)) {
      const m = PLAIN_TOKEN.exec(text.slice(i));
      if (m && m[0].length > 1 && endsWord(text[i + m[0].length])) {
        edits.push({ at: i, remove: m[0].length, insert: `'${m[0].slice(1)}'` });
        i += m[0].length - 1;
        prev = "'";
        continue;
      }
    }
    if (c === '$' && /[ \t]/.test(text[i - 1] ?? '') && ARGUMENT_MODE.test(prev)) {
      const m = VARIABLE_PATH.exec(text.slice(i));
      if (m && endsWord(text[i + m[0].length])) {
        edits.push({ at: i, remove: m[0].length, insert: `"${m[0]}"` });
        i += m[0].length - 1;
        prev = '"';
        continue;
      }
    }
    if ((c === '@' && text[i + 1] === '{') || (c === ';' && hashDepth > 0)) {
      const m = HASH_KEY.exec(text.slice(i));
      if (m?.[1] && m[2] !== undefined && m[3]) {
        edits.push({ at: i + m[1].length + m[2].length, remove: m[3].length, insert: `'${m[3]}'` });
      }
    }
    if (c === '{') hashDepth += text[i - 1] === '@' || hashDepth > 0 ? 1 : 0;
    if (c === '}' && hashDepth > 0) hashDepth--;
    if (c !== '-' && /[ \t]/.test(text[i - 1] ?? '') && ARGUMENT_MODE.test(prev)) {
      const m = BARE_LIST.exec(text.slice(i));
      if (m && endsWord(text[i + m[0].length])) {
        edits.push({ at: i, remove: m[0].length, insert: m[0].split(',').map((w) => `'${w}'`).join(',') });
        i += m[0].length - 1;
        prev = "'";
        continue;
      }
    }
    if (c === '`') {
      i++;
      prev = '`';
      continue;
    }
    if (!/\s/.test(c) || c === '\n') prev = c;
  }
  return edits;
}
