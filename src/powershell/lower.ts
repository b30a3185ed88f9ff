// PowerShell lowering: walk the tree into segments, resolve every command to a program, re-enter nested scripts.
import type { Node } from 'web-tree-sitter';
import type { Respelling } from '../parse/index.js';
import { type ResolveContext, nestedContext, nestedOrigin } from '../resolve/context.js';
import { act, ask, type Host } from '../resolve/exec.js';
import { codeAssignment } from '../programs/variables.js';
import { isLanguage, type ScriptDialect } from '../programs/index.js';
import { FLOOR, type FloorRule, floor } from '../resolve/floor.js';
import type { Assignment, Invocation, Redirect, Segment, Span, Word } from '../types.js';
import { bind, namedWord } from './bind.js';
import { type CmdWord, splitCmd } from './cmd.js';
import { UNKNOWN, aliasKey, canonicalName } from './names.js';
import { NODE_HANDLING } from './nodes.js';
import { joinPath, normaliseType, staticBasename } from './paths.js';
import { splitWindowsArgs } from './shells.js';
import { type Evaluated, type Scope, evalBare, evalString, expandTilde, lookupVariable, profileMember, variableKey } from './words.js';

/** Deepest recursion of the walker before it gives up (cannot vouch) rather than overflow the stack. */
const MAX_RECURSION = 400;

/** Deepest chain of function calls followed into their bodies. */
const MAX_CALL_DEPTH = 8;

/** Most function or script-block calls followed in one text: calls that fan out must not blow up. */
const MAX_EXPANSIONS = 256;

/** A context that carries the PowerShell wrappers into re-entered PowerShell text. */
type WithWrappers = ResolveContext & { psWrappers?: string[] };

const LOCATION = new Set(['set-location', 'push-location', 'pop-location', 'cd', 'chdir', 'pushd', 'popd']);

interface State {
  ctx: ResolveContext;
  /** The same context with spans already top-level, for `floor` on mapped spans. */
  top: ResolveContext;
  /** The text the tree was parsed from: the respelling, when the parse layer respelled it. */
  text: string;
  /** The text as written, which spans in the accumulator point into. */
  source: string;
  /** How the tree's offsets map back to `source`, and the bare tokens it quoted. */
  respelling: Respelling | null;
  cwd: string | null;
  stack: (string | null)[];
  context: string[];
  wrappers: string[];
  /** The program whose arguments are being lowered: a script block there runs under it. */
  argOf: string | null;
  inError: number;
  recursion: number;
  stopped: boolean;
  /** Depth of code that may run several times (loops, per-input blocks, functions). */
  loops: number;
  /** Functions defined so far, by lower-cased name, and script blocks held in variables, by variable key. */
  functions: Map<string, Node>;
  blocks: Map<string, Node>;
  /** Bodies being expanded at a call site (recursion guard). */
  expanding: Set<number>;
  expansions: number;
  limited: WeakSet<object>;
  /** `using namespace` prefixes in force, normalised like type names. */
  namespaces: string[];
}

type Mode = 'ps' | 'exec' | 'cmd';

interface CommandInfo {
  pipeIndex: number;
  prev: Node | null;
  mode: Mode;
  depth: number;
}

export function lowerProgram(root: Node, text: string, ctx: ResolveContext, respelling: Respelling | null = null): void {
  walk(root, newState(ctx, text, respelling));
}

function newState(ctx: ResolveContext, text: string, respelling: Respelling | null = null): State {
  return {
    ctx,
    top: { ...ctx, origin: { offset: 0 } },
    text: respelling?.text ?? text,
    source: text,
    respelling,
    cwd: ctx.cwd,
    stack: [],
    context: [],
    wrappers: [...((ctx as WithWrappers).psWrappers ?? ctx.wrappers ?? [])],
    argOf: null,
    inError: 0,
    recursion: 0,
    stopped: false,
    loops: 0,
    functions: new Map(),
    blocks: new Map(),
    expanding: new Set(),
    expansions: 0,
    limited: new WeakSet(),
    namespaces: [],
  };
}

function span(st: State, node: Node): Span {
  return mapTree(st, { start: node.startIndex, end: node.endIndex });
}

/** Maps offsets into the parsed text (the respelling, if any) to the top-level command text. */
function mapTree(st: State, local: Span): Span {
  const r = st.respelling;
  return mapLocal(st, r ? { start: r.toOriginal(local.start), end: r.toOriginal(local.end) } : local);
}

/** A bare token the respelling quoted, as written; undefined for any other node. */
function bareToken(st: State, node: Node): string | undefined {
  return node.type === 'string_literal' ? st.respelling?.bare.get(node.startIndex) : undefined;
}

function mapLocal(st: State, local: Span): Span {
  const o = st.ctx.origin;
  if (o.span) return o.span;
  const off = o.offset ?? 0;
  return { start: local.start + off, end: local.end + off };
}

function floorAt(st: State, rule: FloorRule, at: Span, message: string, segment?: number): void {
  floor(st.top, rule, at, message, segment);
}

function scope(st: State): Scope {
  return { home: st.ctx.home, cwd: st.cwd, vars: st.ctx.vars };
}

function walk(node: Node, st: State): void {
  if (st.stopped) return;
  if (st.recursion >= MAX_RECURSION) {
    st.stopped = true;
    floorAt(st, FLOOR.limit, span(st, node), `PowerShell nested deeper than ${MAX_RECURSION} levels`);
    return;
  }
  st.recursion++;
  try {
    dispatch(node, st);
  } finally {
    st.recursion--;
  }
}

function descend(node: Node, st: State): void {
  for (const child of node.namedChildren) if (child) walk(child, st);
}

function dispatch(node: Node, st: State): void {
  const type = node.type;
  switch (type) {
    case 'pipeline':
      lowerPipeline(node, st);
      return;
    case 'pipeline_chain':
      lowerChain(node, st);
      return;
    case 'command':
      lowerCommand(node, st, -1, null);
      return;
    case 'assignment_expression':
      lowerAssignment(node, st);
      return;
    case 'script_block_expression':
      lowerScriptBlock(node, st, false);
      return;
    case 'sub_expression':
    case 'array_expression':
    case 'parenthesized_expression':
      nested(st, type === 'parenthesized_expression' ? 'parentheses' : 'subexpression', () => descend(node, st));
      return;
    case 'invokation_expression':
    case 'invokation_foreach_expression':
    case 'member_access':
      lowerMember(node, st);
      descend(node, st);
      return;
    case 'script_parameter': {
      const v = node.namedChildren.find((c) => c?.type === 'variable');
      if (v) st.ctx.vars.set(variableKey(v.text), UNKNOWN);
      descend(node, st);
      return;
    }
    case 'foreach_statement':
      iterate(st, 'foreach', () => {
        const v = node.namedChildren.find((c) => c?.type === 'variable');
        if (v) st.ctx.vars.set(variableKey(v.text), UNKNOWN);
        descend(node, st);
      });
      return;
    case 'for_statement':
    case 'while_statement':
    case 'do_statement':
      iterate(st, type.replace('_statement', ''), () => descend(node, st));
      return;
    case 'function_statement': {
      const fname = node.namedChildren.find((c) => c?.type === 'function_name')?.text.toLowerCase();
      const body = node.namedChildren.find((c) => c?.type === 'script_block');
      if (fname && body) st.functions.set(fname, body);
      iterate(st, 'function', () => descend(node, st));
      return;
    }
    case 'class_statement':
    case 'class_method_definition':
      branch(st, 'function', () => descend(node, st));
      return;
    case 'if_statement':
    case 'switch_statement':
    case 'try_statement':
    case 'trap_statement':
    case 'data_statement':
    case 'parallel_statement':
    case 'sequence_statement':
    case 'inlinescript_statement':
      branch(st, type.replace('_statement', ''), () => descend(node, st));
      return;
    case 'ERROR':
      // The frontend already reported it (vouch.parse-error); still find what runs inside.
      st.inError++;
      try {
        descend(node, st);
      } finally {
        st.inError--;
      }
      return;
    default: {
      const how = NODE_HANDLING.get(type);
      if (how === 'descend') {
        descend(node, st);
        return;
      }
      if (how === 'leaf' || node.isMissing) return;
      if (st.inError === 0) floorAt(st, FLOOR.unknownNode, span(st, node), `vouch does not know the PowerShell construct ${type}`);
    }
  }
}

function nested(st: State, label: string, fn: () => void): void {
  const argOf = st.argOf;
  st.argOf = null;
  st.context.push(label);
  try {
    fn();
  } finally {
    st.context.pop();
    st.argOf = argOf;
  }
}

/**
 * Code that may run any number of times (a branch, a loop, a script block, a function body): variables it
 * assigns become unknown afterwards, and a location it changes makes the directory unknown unless `exact`.
 */
function branch(st: State, label: string, fn: () => void, exact = false): void {
  const vars = st.ctx.vars;
  const before = new Map(vars);
  const cwd = st.cwd;
  const depth = st.stack.length;
  nested(st, label, fn);
  for (const [k, v] of vars) if (before.get(k) !== v) vars.set(k, UNKNOWN);
  if (!exact && (st.cwd !== cwd || st.stack.length !== depth)) {
    st.cwd = null;
    st.stack = [];
  }
}

/**
 * Code that may run several times (a loop, a block run per pipeline input, a function): a first, silent pass
 * finds what it assigns, so the recorded pass already treats those variables and aliases as unknown
 * (`foreach (…) { & $c; $c = 'iwr' }`). Only the outermost such code takes the silent pass: it covers every
 * level inside it, and keeps the cost linear.
 */
function iterate(st: State, label: string, fn: () => void): void {
  if (st.loops === 0) {
    const real = st.ctx.out;
    const scratch = { segments: [], invocations: [], typeUses: [], codeUses: [], findings: [] };
    const stopped = st.stopped;
    st.ctx.out = scratch;
    st.top.out = scratch;
    st.loops++;
    try {
      branch(st, label, fn);
    } finally {
      st.loops--;
      st.ctx.out = real;
      st.top.out = real;
      st.stopped = stopped;
    }
  }
  st.loops++;
  try {
    branch(st, label, fn);
  } finally {
    st.loops--;
  }
}

/** Runs a function body or a script block held in a variable again where it is called, with the state there. */
function callDeferred(st: State, body: Node, label: string): void {
  if (st.expanding.has(body.id) || st.expanding.size >= MAX_CALL_DEPTH) return;
  if (++st.expansions > MAX_EXPANSIONS) {
    // Once per accumulator: the silent pass of a loop has its own.
    if (!st.limited.has(st.ctx.out)) floorAt(st, FLOOR.limit, span(st, body), `more than ${MAX_EXPANSIONS} calls of functions or script blocks to follow`);
    st.limited.add(st.ctx.out);
    return;
  }
  st.expanding.add(body.id);
  try {
    branch(st, label, () => descend(body, st));
  } finally {
    st.expanding.delete(body.id);
  }
}

function lowerScriptBlock(node: Node, st: State, exact: boolean): void {
  const wrapper = st.argOf;
  if (wrapper) st.wrappers.push(wrapper);
  try {
    // A block handed to a command may run once per input, in the caller's scope (ForEach-Object).
    if (exact) branch(st, 'scriptblock', () => descend(node, st), true);
    else iterate(st, 'scriptblock', () => descend(node, st));
  } finally {
    if (wrapper) st.wrappers.pop();
  }
}

function lowerPipeline(node: Node, st: State): void {
  let conditional = false;
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (child.type === 'pipeline_chain_tail') {
      conditional = true;
      continue;
    }
    if (conditional) branch(st, 'chain', () => walk(child, st));
    else walk(child, st);
  }
}

function lowerChain(node: Node, st: State): void {
  const elems = node.namedChildren.filter((c): c is Node => c !== null && c.type !== 'comment');
  const count = elems.filter((e) => e.type === 'command' || e.type === 'logical_expression').length;
  let index = 0;
  let prev: Node | null = null;
  for (let k = 0; k < elems.length; k++) {
    const el = elems[k] as Node;
    const label = count > 1 ? `pipeline[${index}]` : null;
    if (label) st.context.push(label);
    try {
      if (el.type === 'command') {
        lowerCommand(el, st, count > 1 ? index : -1, prev);
        prev = el;
        index++;
      } else if (el.type === 'logical_expression') {
        walk(el, st);
        const next = elems[k + 1];
        if (next?.type === 'redirections') {
          pushSegment(st, [], redirectsOf(next, st), span(st, el), []);
          walk(next, st);
          k++;
        }
        prev = el;
        index++;
      } else if (el.type === 'redirections') {
        pushSegment(st, [], redirectsOf(el, st), span(st, el), []);
        walk(el, st);
      } else walk(el, st);
    } finally {
      if (label) st.context.pop();
    }
  }
}

function redirectsOf(node: Node, st: State): Redirect[] {
  const out: Redirect[] = [];
  const items = node.type === 'redirection' ? [node] : node.namedChildren.filter((c): c is Node => c?.type === 'redirection');
  for (const r of items) out.push(redirectOf(r, st));
  return out;
}

function redirectOf(node: Node, st: State): Redirect {
  const opNode = node.namedChildren.find((c) => c?.type === 'file_redirection_operator' || c?.type === 'merging_redirection_operator');
  const raw = opNode?.text ?? '>';
  const m = /^([0-9*]?)(.*)$/.exec(raw);
  const redirect: Redirect = { op: m?.[2] || raw, span: span(st, node) };
  const fd = m?.[1];
  if (fd && fd !== '*') redirect.fd = Number(fd);
  if (fd === '*') redirect.op = raw;
  const target = node.namedChildren.find((c) => c?.type === 'redirected_file_name');
  if (target) {
    const inner = target.namedChildren.filter((c): c is Node => c !== null && c.type !== 'command_argument_sep');
    const only = inner.length === 1 ? (inner[0] as Node) : target;
    redirect.target = wordOf(only, st);
  }
  return redirect;
}

function pushSegment(st: State, words: Word[], redirects: Redirect[], at: Span, assignments: Assignment[], depth = st.ctx.depth): number {
  const out = st.ctx.out;
  if (out.segments.length >= st.ctx.limits.maxSegments) {
    if (!st.stopped) floorAt(st, FLOOR.limit, at, `more than ${st.ctx.limits.maxSegments} segments`);
    st.stopped = true;
    return out.segments.length - 1;
  }
  const segment: Segment = {
    dialect: 'powershell',
    words,
    assignments,
    redirects,
    span: at,
    context: [...st.context],
    depth,
    cwd: st.cwd,
  };
  out.segments.push(segment);
  return out.segments.length - 1;
}

type Values = { values: string[]; glob: boolean } | { values: null; reason: string };

const SINGLE_CHILD = new Set([
  'logical_expression',
  'bitwise_expression',
  'comparison_expression',
  'multiplicative_expression',
  'format_expression',
  'range_expression',
  'unary_expression',
  'argument_expression',
  'logical_argument_expression',
  'bitwise_argument_expression',
  'comparison_argument_expression',
  'additive_argument_expression',
  'multiplicative_argument_expression',
  'format_argument_expression',
  'range_argument_expression',
  'command_name_expr',
  'parenthesized_expression',
  'pipeline',
  'pipeline_chain',
]);

/** The static value(s) of an expression: literals, known variables, `+` of strings, arrays; otherwise why not. */
function staticValues(node: Node, st: State): Values {
  const type = node.type;
  const one = (ev: Evaluated): Values => (ev.value === null ? { values: null, reason: ev.reason } : { values: [ev.value], glob: ev.glob });
  switch (type) {
    case 'string_literal': {
      const bare = bareToken(st, node);
      return one(bare === undefined ? evalString(node.text, scope(st)) : evalBare(bare, scope(st)));
    }
    case 'generic_token':
    case 'command_name':
    case 'path_command_name':
      return one(evalBare(node.text, scope(st)));
    case 'command_parameter':
      return { values: [node.text], glob: false };
    case 'integer_literal':
    case 'real_literal':
      return { values: [node.text], glob: false };
    case 'variable': {
      if (node.text.startsWith('@')) return { values: null, reason: 'splatting' };
      const key = variableKey(node.text);
      const v = lookupVariable(key, scope(st));
      return v === null ? { values: null, reason: `variable $${key}` } : { values: [expandTilde(v, st.ctx.home)], glob: false };
    }
    case 'array_literal_expression': {
      const parts = node.namedChildren.filter((c): c is Node => c !== null);
      if (parts.length === 1) return staticValues(parts[0] as Node, st);
      const values: string[] = [];
      let glob = false;
      for (const p of parts) {
        const v = staticValues(p, st);
        if (v.values === null) return v;
        values.push(...v.values);
        glob ||= v.glob;
      }
      return { values, glob };
    }
    case 'additive_expression': {
      const parts = node.namedChildren.filter((c): c is Node => c !== null);
      if (parts.length === 1) return staticValues(parts[0] as Node, st);
      if (parts.length !== 2 || !node.text.slice((parts[0] as Node).endIndex - node.startIndex).trimStart().startsWith('+')) {
        return { values: null, reason: 'arithmetic' };
      }
      const a = staticValues(parts[0] as Node, st);
      const b = staticValues(parts[1] as Node, st);
      if (a.values === null) return a;
      if (b.values === null) return b;
      if (a.values.length !== 1 || b.values.length !== 1) return { values: null, reason: 'array arithmetic' };
      return { values: [`${a.values[0]}${b.values[0]}`], glob: a.glob || b.glob };
    }
    case 'member_access': {
      const [target, member] = node.namedChildren;
      if (target?.type === 'variable' && variableKey(target.text) === 'profile' && member?.type === 'member_name') {
        const v = profileMember(member.text, st.ctx.home);
        if (v !== null) return { values: [v], glob: false };
      }
      return { values: null, reason: 'member access' };
    }
    case 'array_expression':
    case 'sub_expression': {
      const list = node.namedChildren.find((c) => c?.type === 'statement_list');
      const stmts = list?.namedChildren.filter((c): c is Node => c !== null && c.type !== 'empty_statement' && c.type !== 'comment') ?? [];
      if (stmts.length === 1) return staticValues(stmts[0] as Node, st);
      return { values: null, reason: 'sub-expression' };
    }
    default: {
      if (SINGLE_CHILD.has(type)) {
        const parts = node.namedChildren.filter((c): c is Node => c !== null && c.type !== 'comment');
        if (parts.length === 1) return staticValues(parts[0] as Node, st);
      }
      return { values: null, reason: type === 'command' || type === 'pipeline_chain' ? 'command output' : 'computed value' };
    }
  }
}

function wordOf(node: Node, st: State): Word {
  const v = staticValues(node, st);
  const at = span(st, node);
  const text = bareToken(st, node) ?? node.text;
  if (v.values === null) return { text, span: at, values: null, dynamic: v.reason };
  const word: Word = { text, span: at, values: v.values };
  if (v.glob) word.glob = true;
  return word;
}

/** A word that walks its node first: anything it runs (sub-expressions, script blocks) is lowered too. */
/** Expression wrappers that span exactly their one child: skipping them changes neither text nor value. */
const TRANSPARENT = new Set([...SINGLE_CHILD, 'array_literal_expression', 'additive_expression']);
for (const t of ['parenthesized_expression', 'pipeline', 'pipeline_chain', 'command_name_expr']) TRANSPARENT.delete(t);

function core(node: Node): Node {
  let n = node;
  while (TRANSPARENT.has(n.type)) {
    const kids = n.namedChildren;
    const only = kids.length === 1 ? kids[0] : null;
    if (!only) break;
    n = only;
  }
  return n;
}

function argWord(given: Node, st: State, program: string | null): Word {
  // One walk down the expression chain instead of one per question asked of it.
  const node = core(given);
  const simple = node.type === 'generic_token' || node.type === 'command_parameter';
  if (!simple) {
    const argOf = st.argOf;
    st.argOf = program;
    try {
      walk(node, st);
    } finally {
      st.argOf = argOf;
    }
  }
  const word = wordOf(node, st);
  if (word.values === null && isScriptBlockLiteral(node)) word.dynamic = 'script block';
  return word;
}

function isScriptBlockLiteral(node: Node): boolean {
  return scriptBlockLiteral(node) !== null;
}

/** The `{ … }` an expression consists of, if that is all it is. */
function scriptBlockLiteral(node: Node): Node | null {
  let n: Node | null = node;
  while (n && n.type !== 'script_block_expression') {
    const kids: (Node | null)[] = n.namedChildren;
    if (kids.length !== 1 || !SINGLE_CHILD_OR_ARRAY.has(n.type)) return null;
    n = kids[0] ?? null;
  }
  return n;
}

const SINGLE_CHILD_OR_ARRAY = new Set([...SINGLE_CHILD, 'array_literal_expression', 'additive_expression']);

const COMMON_VARIABLE_PARAMS = new Set([
  'outvariable',
  'ov',
  'pipelinevariable',
  'pv',
  'errorvariable',
  'ev',
  'warningvariable',
  'wv',
  'informationvariable',
  'iv',
  'variable',
]);

function lowerCommand(node: Node, st: State, pipeIndex: number, prev: Node | null): void {
  const opNode = node.namedChildren.find((c) => c?.type === 'command_invokation_operator') ?? null;
  const nameNode = node.childForFieldName('command_name');
  const elemsNode = node.childForFieldName('command_elements');
  const elems = elemsNode ? elemsNode.namedChildren.filter((c): c is Node => c !== null) : [];
  if (!nameNode) {
    if (st.inError === 0) floorAt(st, FLOOR.unknownNode, span(st, node), 'a PowerShell command without a name');
    for (const e of elems) walk(e, st);
    return;
  }
  const inner = nameNode.type === 'command_name_expr' ? (nameNode.namedChildren[0] ?? nameNode) : nameNode;
  if (inner.type === 'script_block_expression') {
    // `& { … }` runs the block now, once; `. { … }` the same in the caller's scope.
    lowerScriptBlock(inner, st, true);
    for (const e of elems) if (e.type !== 'command_argument_sep') argWord(e, st, null);
    return;
  }
  if (opNode === null && inner.type === 'command_name' && NUMERIC.test(inner.text)) {
    // `1..3 | …`, `42`: a statement that starts with a number is an expression, not a command.
    for (const e of elems) if (e.type !== 'command_argument_sep') argWord(e, st, null);
    return;
  }
  let name: Word;
  if (inner.type === 'command_name' || inner.type === 'path_command_name' || inner.type === 'string_literal') {
    // Sub-expressions inside the name (`& "$(…)\tool.exe"`) run before it.
    walk(inner, st);
    name = wordOf(inner, st);
    if (name.values === null && inner.isMissing) name.dynamic = 'missing command name';
    // `iwr$(…)`: PowerShell reads the name and what touches it as one word; the grammar splits them.
    const next = elems[0];
    if (next && next.startIndex === inner.endIndex && /(^|[^`])\$$/.test(inner.text)) {
      name = { ...name, values: null, dynamic: 'a command name joined to an expression' };
    }
  } else {
    walk(inner, st);
    name = wordOf(inner, st);
    if (name.values === null) name.dynamic = `computed command name (${name.dynamic ?? 'dynamic'})`;
  }
  const first = name.values?.[0];
  const known = first !== undefined && name.values?.length === 1 ? canonicalName(first, st.ctx.vars).program : null;
  const words: Word[] = [name];
  const redirects: Redirect[] = [];
  const tails: Span[] = [];
  for (const el of elems) {
    switch (el.type) {
      case 'command_argument_sep':
        break;
      case 'redirection':
        redirects.push(redirectOf(el, st));
        walk(el, st);
        break;
      case 'stop_parsing':
        words.push(...stopParsingWords(el, st, tails));
        break;
      default:
        words.push(argWord(el, st, known));
    }
  }
  forgetOutputVariables(words, st);
  const seg = pushSegment(st, words, redirects, span(st, node), []);
  if (st.stopped) return;
  const scriptBlockVar = opNode !== null && inner.type === 'path_command_name' && isKnownScriptBlock(inner.text, st);
  if (scriptBlockVar) {
    const block = st.blocks.get(variableKey(inner.text));
    if (block) callDeferred(st, block, 'scriptblock');
    return;
  }
  resolveCommand(st, words, seg, { pipeIndex, prev, mode: 'ps', depth: st.ctx.depth });
  for (const local of tails) {
    if (st.ctx.origin.span) {
      floorAt(st, FLOOR.unknownNode, local, 'a pipeline after --% inside nested text');
      continue;
    }
    const text = st.text.slice(local.start, local.end);
    if (text.trim() !== '') reenter(st, text, mapTree(st, local), 'powershell', true);
  }
}

const NUMERIC = /^-?(0x[0-9a-f]+|[0-9]+(\.[0-9]+)?(e[0-9]+)?)([kmgtp]b|[dl])?(\.\.-?[0-9]+)?$/i;

function isKnownScriptBlock(text: string, st: State): boolean {
  if (!text.startsWith('$')) return false;
  return st.ctx.vars.get(`scriptblock:${variableKey(text)}`) === '1';
}

/** `--%`: the rest of the line goes to the program verbatim, `%VAR%` expanded from the environment. */
function stopParsingWords(node: Node, st: State, tails: Span[]): Word[] {
  const at = span(st, node);
  let rest = node.text.replace(/^--%/, '');
  // `--%` holds only until the next `|`; the grammar runs it to the end of the line, so the rest is cut here.
  const pipe = rest.indexOf('|');
  if (pipe >= 0) {
    const from = node.startIndex + 3 + pipe + 1;
    if (!st.ctx.origin.span && from < node.endIndex) tails.push({ start: from, end: node.endIndex });
    else tails.push(at);
    rest = rest.slice(0, pipe);
  }
  const out: Word[] = [{ text: '--%', span: at, values: ['--%'] }];
  for (const part of rest.split(/[ \t]+/)) {
    if (part === '') continue;
    let unknown = false;
    const value = part.replace(/%([^%\s]+)%/g, (whole, n: string) => {
      const key = n.toLowerCase();
      if (key === 'userprofile' || key === 'home') return st.ctx.home;
      unknown = true;
      return whole;
    });
    out.push(unknown ? { text: part, span: at, values: null, dynamic: 'environment variable' } : { text: part, span: at, values: [value] });
  }
  return out;
}

function forgetOutputVariables(words: Word[], st: State): void {
  for (let i = 1; i < words.length - 1; i++) {
    const t = (words[i] as Word).text;
    if (!t.startsWith('-')) continue;
    const name = t.slice(1).replace(/:$/, '').toLowerCase();
    if (!COMMON_VARIABLE_PARAMS.has(name)) continue;
    const v = (words[i + 1] as Word).values?.[0];
    if (v !== undefined) st.ctx.vars.set(variableKey(v.replace(/^\+/, '')), UNKNOWN);
  }
}

/** Commands whose splatted arguments could choose what runs. */
const SPLAT_SENSITIVE = new Set([
  'start-process',
  'invoke-expression',
  'invoke-command',
  'start-job',
  'start-threadjob',
  'foreach-object',
  'where-object',
  'set-alias',
  'new-alias',
  'set-variable',
  'new-variable',
  'new-object',
  'add-type',
  'set-location',
  'push-location',
  'set-item',
  'new-item',
  'invoke-item',
  'invoke-wmimethod',
  'invoke-cimmethod',
  'powershell',
  'pwsh',
  'cmd',
  'bash',
  'sh',
  'wsl',
]);

/** cmd's own commands: they are not programs on the path, so the registry is not asked about them. */
const CMD_INTERNAL = new Set(
  'assoc break call cd chdir cls color copy date del dir echo endlocal erase exit for ftype goto if md mkdir mklink move path pause popd prompt pushd rd rem ren rename rmdir set setlocal shift start time title type ver verify vol'.split(' '),
);

/** PowerShell's own commands (Verb-Noun): the registry of native programs is not asked about them. */
const CMDLET = /^[a-z]+-[a-z][a-z0-9]*$/;

const DYNAMIC_CODE_MEMBERS = new Set(['invokescript', 'newscriptblock', 'addscript', 'createnestedpipeline', 'invokecommand']);

function resolveCommand(st: State, words: Word[], seg: number, info: CommandInfo): void {
  const name = words[0] as Word;
  const args = words.slice(1);
  const base = name.values === null ? staticBasename(name.text) : null;
  if ((name.values === null && base === null) || (name.values !== null && name.values.length !== 1)) {
    const why = name.values === null ? (name.dynamic ?? 'dynamic') : 'several values';
    floorAt(st, FLOOR.dynamicCommand, name.span, `the program at command position is not static (${why})`, seg);
    return;
  }
  const path = base === null ? (name.values?.[0] as string) : name.text;
  // cmd ends a program name at `/` (`curl/V` runs curl with /V); a path there starts with a drive or a dot.
  const glued = info.mode === 'cmd' ? /^([A-Za-z0-9_-]+)(\/.*)$/.exec(path) : null;
  if (glued?.[1] && glued[2]) {
    resolveCommand(st, [{ ...name, values: [glued[1]] }, { ...name, values: [glued[2]] }, ...args], seg, info);
    return;
  }
  const vars = info.mode === 'ps' ? st.ctx.vars : null;
  const program = base === null ? canonicalName(path, vars).program : canonicalName(base, null).program;
  if (program === null) {
    floorAt(st, FLOOR.dynamicCommand, name.span, `the alias ${path} may or may not be set here`, seg);
    return;
  }
  if (info.mode !== 'cmd' && path !== '?' && /[*?[]/.test(base ?? path)) {
    floorAt(st, FLOOR.dynamicCommand, name.span, `the command name ${path} holds a wildcard`, seg);
    return;
  }
  if (program.trim() === '') {
    floorAt(st, FLOOR.dynamicCommand, name.span, 'the program at command position is empty', seg);
    return;
  }
  const inv: Invocation = {
    dialect: 'powershell',
    program,
    path,
    args,
    wrappers: [...st.wrappers],
    cwd: st.cwd,
    span: name.span,
    segment: seg,
    depth: info.depth,
  };
  st.ctx.out.invocations.push(inv);
  if (args.some((a) => a.dynamic === 'script block')) inv.wraps = true;
  const fn = info.mode === 'ps' ? st.functions.get(program) : undefined;
  if (fn) callDeferred(st, fn, 'function');
  const cmd = info.mode === 'cmd';
  if (!cmd && SPLAT_SENSITIVE.has(program) && args.some((a) => a.dynamic === 'splatting')) {
    floorAt(st, FLOOR.dynamicScript, name.span, `splatted arguments could name what ${program} runs`, seg);
    if (program === 'set-location' || program === 'push-location') st.cwd = null;
    return;
  }
  switch (program) {
    case 'using': {
      const kind = args[0]?.values?.[0]?.toLowerCase();
      const what = args[1]?.values?.length === 1 ? args[1].values[0] : undefined;
      if (kind === 'namespace' && what !== undefined) st.namespaces.push(normaliseType(what));
      else if (kind === 'assembly') floorAt(st, FLOOR.dynamicCode, name.span, 'using assembly loads code that no static reading can name', seg);
      else if (kind === 'namespace') floorAt(st, FLOOR.dynamicCode, name.span, 'a using namespace that is not static', seg);
      return;
    }
    case 'set-location':
    case 'push-location': {
      const b = bind(args, ['path', 'literalpath', 'stackname'], ['passthru']);
      if (program === 'push-location') st.stack.push(st.cwd);
      setLocation(st, namedWord(b, b.named.has('literalpath') ? 'literalpath' : 'path', 0));
      return;
    }
    case 'pop-location':
      if (st.stack.length > 0) st.cwd = st.stack.pop() ?? null;
      return;
    case 'cd':
    case 'chdir':
    case 'pushd':
      if (cmd) {
        if (program === 'pushd') st.stack.push(st.cwd);
        const target = args.filter((a) => !/^\/d$/i.test(a.text));
        if (target.length === 0 && program !== 'pushd') return;
        setLocation(st, target.length === 1 ? target[0] : { text: '', span: name.span, values: null, dynamic: 'several words' });
      }
      return;
    case 'popd':
      if (cmd && st.stack.length > 0) st.cwd = st.stack.pop() ?? null;
      return;
    case 'set-alias':
    case 'new-alias':
      defineAlias(st, args, name, seg);
      return;
    case 'set-variable':
    case 'new-variable':
      defineVariable(st, args);
      return;
    case 'remove-variable':
    case 'clear-variable':
      for (const a of args) if (a.values && !a.text.startsWith('-')) st.ctx.vars.set(variableKey(a.values[0] ?? ''), UNKNOWN);
      return;
    case 'start-process':
      if (!cmd) {
        startProcess(st, inv, args, seg, info);
        return;
      }
      return;
    case 'start':
    case 'call':
      if (cmd) {
        cmdStart(st, inv, args, seg, info);
        return;
      }
      return;
    case 'invoke-expression':
      if (!cmd) {
        invokeExpression(st, inv, args, seg, info);
        return;
      }
      return;
    case 'invoke-command':
    case 'start-job':
    case 'start-threadjob':
      if (!cmd) {
        runsScriptBlock(st, inv, args, seg, ['scriptblock', 'filepath', 'computername', 'session', 'argumentlist', 'name', 'credential', 'initializationscript'], 'scriptblock');
        return;
      }
      return;
    case 'foreach-object':
    case 'where-object':
      if (!cmd) {
        runsScriptBlock(st, inv, args, seg, ['process', 'begin', 'end', 'filterscript', 'membername', 'inputobject', 'throttlelimit', 'parallel'], 'process');
        return;
      }
      return;
    case 'add-type': {
      if (cmd) return;
      // Loading a named framework assembly compiles nothing; source, paths and anything dynamic do.
      const b = bind(args, ['assemblyname', 'typedefinition', 'memberdefinition', 'path', 'literalpath', 'name', 'namespace', 'language', 'referencedassemblies', 'outputassembly', 'outputtype', 'usingnamespace', 'compileroptions'], ['passthru', 'ignorewarnings'], { an: 'assemblyname' });
      const onlyNames = b.positional.length === 0 && [...b.named].every(([k, v]) => (k === 'assemblyname' && v !== true && v.values !== null) || k === 'passthru');
      if (!onlyNames || !b.named.has('assemblyname')) floorAt(st, FLOOR.dynamicCode, name.span, 'Add-Type compiles and loads code that no static reading can name', seg);
      return;
    }
    case 'new-object':
      if (!cmd) newObject(st, args, name, seg);
      return;
    case 'set-item':
    case 'new-item':
    case 'copy-item':
    case 'rename-item':
      if (!cmd) driveDefinition(st, args, seg);
      return;
    case 'invoke-wmimethod':
    case 'invoke-cimmethod':
      if (args.some((a) => a.values === null || a.values.some((v) => /win32_process/i.test(v)))) {
        floorAt(st, FLOOR.dynamicCode, name.span, `${program} can start a process through WMI`, seg);
      }
      return;
    case 'invoke-item':
      if (!cmd) invokeItem(st, inv, args, seg, info);
      return;
    default:
      if (cmd && CMD_INTERNAL.has(program)) return;
      nativeProgram(st, inv, args, seg, info);
  }
}

/**
 * A native program, asked of the same registry the bash resolver asks: what it runs is followed here (an argv as an
 * exec'd program, shell text in its dialect), so a native command means the same under bash and PowerShell.
 */
function nativeProgram(st: State, inv: Invocation, args: Word[], seg: number, info: CommandInfo): void {
  // `pwsh -Command { … }` from PowerShell: the block is already lowered where it stands.
  if (args.some((a) => a.dynamic === 'script block')) return;
  // `--%` stops PowerShell's parsing; the native program never sees the marker. A quoted argument reaches a
  // native program as it is: only cmdlets expand wildcards in quoted paths.
  const native = args.filter((a) => a.text !== '--%').map((a) => (a.glob && /^['"]/.test(a.text) ? { ...a, glob: false } : a));
  const cmdletShaped = info.mode !== 'cmd' && CMDLET.test(inv.program) && !inv.program.includes('.');
  const answer = ask(inv, native, 'powershell', info.pipeIndex > 0 ? { kind: 'stream', why: 'the pipeline' } : undefined, (n) => {
    const v = st.ctx.vars.get(variableKey(`env:${n}`));
    return v === undefined ? undefined : v === UNKNOWN ? null : v;
  });
  if (cmdletShaped && inv.known === false) delete inv.known;
  if (!answer) return;
  const text = (words: Word[], dialect: ScriptDialect, via: string, delayed: boolean) => {
    const dyn = words.find((w) => w.values === null);
    if (dyn) {
      floorAt(st, FLOOR.dynamicScript, dyn.span, `${via} runs computed text: ${dyn.dynamic ?? 'unknown'}`, seg);
      return;
    }
    const joined = words.map((w) => (w.values as string[]).join(' ')).join(' ');
    const at = words.length === 1 ? (words[0] as Word).span : spanOf(words, 0, words.length - 1);
    if (dialect === 'cmd') runCmd(st, joined, at, delayed, info);
    else reenter(st, joined, at, dialect, false, code);
  };
  // Interpreter code (`python3 -c`): the paths it opens join the interpreter's uses; what it starts reads the pipeline.
  const code = { invocation: inv, stdin: info.pipeIndex > 0 };
  const host: Host = {
    argv: (argv) => withWrapper(st, inv.program, () => resolveCommand(st, argv, seg, { pipeIndex: -1, prev: null, mode: 'exec', depth: info.depth })),
    script: (words, dialect, via, _cwd, delayed) => withWrapper(st, inv.program, () => text(words, dialect, via, delayed)),
    text: (t, word, dialect) =>
      withWrapper(st, inv.program, () => {
        if (dialect === 'cmd') runCmd(st, t, word.span, false, info);
        else reenter(st, t, word.span, dialect, false, code);
      }),
    stdin: (_dialect, via) => {
      if (info.pipeIndex > 0) floorAt(st, FLOOR.streamToShell, inv.span, `${via} reads its script from the pipeline`, seg);
    },
    assign: (name, value) => codeEnvAssignment(st, name.toUpperCase(), value, seg),
    floor: (rule, at, why) => floorAt(st, rule, at, why, seg),
  };
  if (act(host, answer.runs, new Map())) inv.wraps = true;
}

function setLocation(st: State, target: Word | undefined): void {
  if (!target) {
    st.cwd = st.ctx.home;
    return;
  }
  const v = target.values?.length === 1 ? target.values[0] : undefined;
  if (v === undefined || v === '-' || v === '+') {
    st.cwd = null;
    return;
  }
  st.cwd = joinPath(st.cwd, expandTilde(v, st.ctx.home));
}

function defineAlias(st: State, args: Word[], name: Word, seg: number): void {
  const b = bind(args, ['name', 'value', 'description', 'option', 'scope'], ['force', 'passthru', 'whatif', 'confirm']);
  const aliasName = namedWord(b, 'name', 0);
  const target = namedWord(b, 'value', 1);
  const n = aliasName?.values?.length === 1 ? aliasName.values[0] : undefined;
  if (n === undefined) {
    floorAt(st, FLOOR.dynamicCommand, name.span, 'an alias with a dynamic name could stand for any later command', seg);
    return;
  }
  const t = target?.values?.length === 1 ? target.values[0] : undefined;
  const resolved = t === undefined ? null : canonicalName(t, st.ctx.vars).program;
  st.ctx.vars.set(aliasKey(n), resolved ?? UNKNOWN);
}

function defineVariable(st: State, args: Word[]): void {
  const b = bind(args, ['name', 'value', 'description', 'option', 'scope', 'visibility'], ['force', 'passthru', 'whatif', 'confirm']);
  const n = namedWord(b, 'name', 0);
  const key = n?.values?.length === 1 ? variableKey(n.values[0] as string) : undefined;
  if (key === undefined) {
    // Some variable changed, which one is unknown.
    for (const k of st.ctx.vars.keys()) if (!k.startsWith('alias:')) st.ctx.vars.set(k, UNKNOWN);
    return;
  }
  const v = namedWord(b, 'value', 1);
  st.ctx.vars.set(key, v?.values?.length === 1 ? (v.values[0] as string) : UNKNOWN);
}

function synthetic(value: string, at: Span): Word {
  return { text: value, span: at, values: [value] };
}

function startProcess(st: State, inv: Invocation, args: Word[], seg: number, info: CommandInfo): void {
  const b = bind(
    args,
    ['filepath', 'argumentlist', 'workingdirectory', 'verb', 'windowstyle', 'credential', 'redirectstandardinput', 'redirectstandardoutput', 'redirectstandarderror', 'environment'],
    ['wait', 'nonewwindow', 'passthru', 'usenewenvironment', 'loaduserprofile', 'whatif', 'confirm', 'usenewenvironment'],
    { path: 'filepath', pspath: 'filepath', lp: 'filepath', args: 'argumentlist' },
  );
  const file = namedWord(b, 'filepath', 0);
  if (!file) return;
  inv.wraps = true;
  const list = namedWord(b, 'argumentlist', 1);
  let listWords: Word[] = [];
  if (list) {
    if (list.values === null) listWords = [list];
    else if (list.values.length === 1) listWords = splitWindowsArgs(list.values[0] as string).map((v) => synthetic(v, list.span));
    else listWords = list.values.map((v) => synthetic(v, list.span));
  }
  withWrapper(st, 'start-process', () => resolveCommand(st, [file, ...listWords], seg, { ...info, mode: 'exec', pipeIndex: -1 }));
}

/** `ii .\\tool.exe` runs the file: an executable named there is a program. */
function invokeItem(st: State, inv: Invocation, args: Word[], seg: number, info: CommandInfo): void {
  for (const a of args) {
    const v = a.values?.length === 1 ? a.values[0] : undefined;
    if (v === undefined || a.text.startsWith('-') || !/\.(exe|cmd|bat|com)$/i.test(v)) continue;
    inv.wraps = true;
    withWrapper(st, 'invoke-item', () => resolveCommand(st, [a], seg, { ...info, mode: 'exec', pipeIndex: -1 }));
  }
}

function cmdStart(st: State, inv: Invocation, args: Word[], seg: number, info: CommandInfo): void {
  let i = 0;
  // `start "title" prog`: a first quoted word is the window title.
  if (inv.program === 'start' && args[0]?.text.startsWith('"')) i++;
  while (i < args.length && /^\//.test(args[i]?.text ?? '')) {
    const flag = (args[i]?.text ?? '').toLowerCase();
    i += flag === '/d' || flag === '/node' || flag === '/affinity' ? 2 : 1;
  }
  if (i >= args.length) return;
  inv.wraps = true;
  withWrapper(st, inv.program, () => resolveCommand(st, args.slice(i), seg, info));
}

function withWrapper(st: State, wrapper: string, fn: () => void): void {
  st.wrappers.push(wrapper);
  try {
    fn();
  } finally {
    st.wrappers.pop();
  }
}

function invokeExpression(st: State, inv: Invocation, args: Word[], seg: number, info: CommandInfo): void {
  const b = bind(args, ['command'], []);
  const script = namedWord(b, 'command', 0);
  if (!script) {
    // `… | iex`: the script is the previous pipeline element.
    const prev = info.prev;
    if (info.pipeIndex > 0 && prev && prev.type === 'logical_expression') {
      const w = wordOf(prev, st);
      if (w.values?.length === 1) {
        inv.wraps = true;
        reenter(st, w.values[0] as string, w.span, 'powershell', true);
        return;
      }
    }
    floorAt(st, FLOOR.dynamicScript, inv.span, 'Invoke-Expression runs script text read from the pipeline', seg);
    return;
  }
  if (script.values === null || script.values.length !== 1) {
    floorAt(st, FLOOR.dynamicScript, script.span, `Invoke-Expression runs text that is not static (${script.dynamic ?? 'several values'})`, seg);
    return;
  }
  inv.wraps = true;
  reenter(st, script.values[0] as string, script.span, 'powershell', true);
}

/** Invoke-Command, Start-Job, ForEach-Object, Where-Object: a literal script block is already lowered. */
function runsScriptBlock(st: State, inv: Invocation, args: Word[], seg: number, valueParams: string[], blockParam: string): void {
  const b = bind(args, valueParams, ['asjob', 'hidecomputername', 'nonewscope', 'indisconnectedsession', 'runasadministrator', 'enablenetworkaccess'], {
    sb: 'scriptblock',
    command: 'scriptblock',
    cn: 'computername',
    args: 'argumentlist',
    file: 'filepath',
    pspath: 'filepath',
  });
  if (b.named.has('filepath') || b.named.has('membername')) return;
  const perItem = inv.program === 'foreach-object' || inv.program === 'where-object';
  const blocks: Word[] = [];
  for (const p of [blockParam, 'begin', 'end', 'parallel', 'initializationscript']) {
    const w = b.named.get(p);
    if (w !== undefined && w !== true) blocks.push(w);
  }
  // ForEach-Object takes its begin, process and end blocks by position; the others one block.
  blocks.push(...(perItem ? b.positional : b.positional.slice(0, 1)));
  for (const block of blocks) {
    if (block.dynamic === 'script block') continue;
    // `% Name`: a member name, not code.
    if (perItem && block.values !== null) continue;
    if (block.values === null && block.text.startsWith('$') && isKnownScriptBlock(block.text, st)) {
      const body = st.blocks.get(variableKey(block.text));
      if (body) callDeferred(st, body, 'scriptblock');
      continue;
    }
    floorAt(st, FLOOR.dynamicScript, block.span, `${inv.program} runs a script block that is not written here (${block.dynamic ?? 'a string'})`, seg);
  }
}

function newObject(st: State, args: Word[], name: Word, seg: number): void {
  const b = bind(args, ['typename', 'comobject', 'argumentlist', 'property'], ['strict'], { type: 'typename', com: 'comobject', args: 'argumentlist' });
  const com = b.named.get('comobject');
  if (com !== undefined) {
    floorAt(st, FLOOR.dynamicCode, name.span, 'a COM object can run programs and reach the network out of sight', seg);
    return;
  }
  const t = namedWord(b, 'typename', 0);
  const v = t?.values?.length === 1 ? t.values[0] : undefined;
  if (!t) return;
  if (v === undefined) {
    floorAt(st, FLOOR.dynamicCode, t.span, 'New-Object constructs a type that is not static', seg);
    return;
  }
  for (const type of typeNames(st, v)) st.ctx.out.typeUses.push({ type, span: t.span, segment: seg });
}

function driveDefinition(st: State, args: Word[], seg: number): void {
  for (const a of args) {
    const v = a.values?.[0]?.toLowerCase();
    if (v && /^(alias|function|variable):/.test(v)) {
      floorAt(st, FLOOR.dynamicCode, a.span, `defining ${v} through its drive changes what later names run`, seg);
      return;
    }
  }
}

/** A type as written, and as each `using namespace` in force would complete it. */
function typeNames(st: State, written: string): string[] {
  const type = normaliseType(written);
  return [type, ...st.namespaces.map((ns) => `${ns}.${type}`)];
}

function sourceOf(st: State, at: Span): string {
  if (st.ctx.origin.span) return '';
  const off = st.ctx.origin.offset ?? 0;
  return st.source.slice(at.start - off, at.end - off);
}

/**
 * Re-enters nested text. `sameSession` (Invoke-Expression) shares variables, aliases and location with this
 * text; a child process (`pwsh -c`, `cmd /c`, `bash -c`) changes none of them here.
 */
function reenter(st: State, text: string, at: Span, dialect: Exclude<ScriptDialect, 'cmd'>, sameSession: boolean, code?: { invocation: Invocation; stdin: boolean }): void {
  const ctx: WithWrappers = nestedContext(st.ctx, nestedOrigin(sourceOf(st, at), at, text), st.cwd);
  ctx.psWrappers = [...st.wrappers];
  if (dialect !== 'powershell') ctx.vars = new Map();
  if (code && isLanguage(dialect)) {
    ctx.caller = code.invocation;
    if (code.stdin) ctx.codeStdin = { kind: 'stream', why: 'the pipeline' };
  }
  const before = st.ctx.out.invocations.length;
  st.ctx.reenter(text, dialect, ctx);
  if (sameSession) {
    const moved = st.ctx.out.invocations.slice(before).some((i) => LOCATION.has(i.program));
    if (moved) st.cwd = null;
    // The nested text ran once, in this session: what it assigned or aliased holds from here on. Blocks and
    // functions it defined are not followed to their calls, so those become unknown.
    for (const [k, v] of ctx.vars) {
      if (st.ctx.vars.get(k) !== v) st.ctx.vars.set(k, k.startsWith('scriptblock:') ? UNKNOWN : v);
    }
    if (/(^|[\s;{(])(function|filter)\s/i.test(text)) {
      floorAt(st, FLOOR.dynamicCode, at, 'Invoke-Expression defines a function whose later calls are not followed');
    }
  }
}

function spanOf(words: Word[], from: number, to: number): Span {
  const a = words[from];
  const b = words[to];
  if (!a || !b) return words[0]?.span ?? { start: 0, end: 0 };
  return { start: a.span.start, end: Math.max(a.span.end, b.span.end) };
}

/** cmd text (`cmd /c …`, or from bash): split as cmd splits it, each command resolved in cmd's mode. */
function runCmd(st: State, text: string, at: Span, delayed: boolean, info: Pick<CommandInfo, 'depth'>): void {
  const split = splitCmd(text, st.ctx.home, delayed);
  if (!split.ok) {
    floorAt(st, FLOOR.dynamicScript, at, `cmd /c: ${split.reason}`);
    return;
  }
  const depth = info.depth + 1;
  nested(st, 'cmd', () => {
    split.commands.forEach((c, i) => {
      const toWordAt = (w: CmdWord): Word =>
        w.value === null ? { text: w.text, span: at, values: null, dynamic: w.reason ?? 'dynamic' } : { text: w.text, span: at, values: [w.value] };
      const words = c.words.map(toWordAt);
      const redirects: Redirect[] = c.redirects.map((r) => {
        const red: Redirect = { op: r.op, target: toWordAt(r.target), span: at };
        if (r.fd !== undefined) red.fd = r.fd;
        return red;
      });
      const s = pushSegment(st, words, redirects, at, [], depth);
      if (words.length > 0 && !st.stopped) resolveCommand(st, words, s, { pipeIndex: c.piped ? i : -1, prev: null, mode: 'cmd', depth });
    });
  });
}

/** cmd text reached from bash (`cmd.exe /c …` under WSL or Git Bash): read by cmd's rules from a fresh state. */
export function lowerCmd(text: string, ctx: ResolveContext): void {
  const st = newState(ctx, text);
  runCmd(st, text, mapLocal(st, { start: 0, end: text.length }), ctx.cmdDelayed === true, { depth: ctx.depth - 1 });
}

function lowerAssignment(node: Node, st: State): void {
  const left = node.namedChildren.find((c) => c?.type === 'left_assignment_expression') ?? null;
  const opNode = node.namedChildren.find((c) => c?.type === 'assignement_operator');
  const value = node.childForFieldName('value');
  if (value) walk(value, st);
  const target = left ? assignedVariable(left) : null;
  if (left && !target) walk(left, st);
  const word = value ? wordOf(value, st) : null;
  if (target && word) {
    const key = variableKey(target.text);
    const op = opNode?.text ?? '=';
    const vars = st.ctx.vars;
    const v = word.values?.length === 1 ? word.values[0] : undefined;
    if (op === '=' && v !== undefined) vars.set(key, v);
    else if (op === '+=' && v !== undefined && lookupVariable(key, scope(st)) !== null) vars.set(key, `${lookupVariable(key, scope(st))}${v}`);
    else vars.set(key, UNKNOWN);
    const block = op === '=' && value ? scriptBlockLiteral(value) : null;
    vars.set(`scriptblock:${key}`, block ? '1' : UNKNOWN);
    if (block) st.blocks.set(key, block);
    else st.blocks.delete(key);
    const seg = pushSegment(st, [], [], span(st, node), [{ name: target.text.replace(/^\$/, ''), value: word, span: span(st, node) }]);
    if (key.startsWith('env:')) codeEnvAssignment(st, key.slice(4).toUpperCase(), word, seg);
  }
}

/** `$env:GIT_SSH_COMMAND = '…'`: a variable whose value git, a pager or an editor later runs through sh. */
function codeEnvAssignment(st: State, name: string, value: Word, seg: number): void {
  const code = codeAssignment(`$env:${name}`, name, value);
  if (code && 'computed' in code) floorAt(st, FLOOR.dynamicScript, value.span, code.computed, seg);
  else for (const text of code?.scripts ?? []) reenter(st, text, value.span, 'bash', false);
}

const ASSIGNABLE_PATH = new Set(['left_assignment_expression', 'expression_with_unary_operator', 'cast_expression', 'additive_expression', ...SINGLE_CHILD_OR_ARRAY]);

/** The variable an assignment writes, through casts (`[int]$x = …`); null for `$a[0]`, `$o.p`, … */
function assignedVariable(left: Node): Node | null {
  let n: Node | null = left;
  while (n && n.type !== 'variable') {
    const current: Node = n;
    const kids: (Node | null)[] = current.namedChildren.filter((c) => c?.type !== 'type_literal');
    if (kids.length !== 1) return null;
    if (!ASSIGNABLE_PATH.has(current.type)) return null;
    n = kids[0] ?? null;
  }
  return n;
}

const DYNAMIC_TYPE_MEMBERS: ReadonlyMap<string, RegExp> = new Map([
  ['scriptblock', /^create$/],
  ['management.automation.scriptblock', /^create$/],
  ['powershell', /^create$/],
  ['management.automation.powershell', /^create$/],
  ['reflection.assembly', /^load/],
  ['activator', /^createinstance/],
  ['type', /^gettype/],
  ['runspacefactory', /./],
  ['management.automation.runspaces.runspacefactory', /./],
  ['appdomain', /./],
]);

/** `[T]::M(…)`, `[T]::P`, `$x.M(…)`: type uses, the code-running members, `[Diagnostics.Process]::Start`. */
function lowerMember(node: Node, st: State): void {
  const kids = node.namedChildren.filter((c): c is Node => c !== null);
  const target = kids[0];
  const memberNode = kids.find((c) => c.type === 'member_name');
  if (!target || !memberNode) return;
  const member = memberNode.text.toLowerCase();
  const at = span(st, node);
  const argsNode = kids.find((c) => c.type === 'argument_list');
  const argWords = argsNode ? methodArgs(argsNode, st) : [];
  let seg: number | undefined;
  if (argsNode) seg = pushSegment(st, [{ text: memberNode.text, span: span(st, memberNode), values: [memberNode.text] }, ...argWords], [], at, []);
  const isStatic = st.text.slice(target.endIndex, memberNode.startIndex).includes('::');
  if (isStatic && target.type !== 'type_literal') {
    floorAt(st, FLOOR.dynamicCode, at, `::${member} on a type that is not written here`, seg);
    return;
  }
  if (member === 'create' && /win32_process/i.test(target.text)) {
    floorAt(st, FLOOR.dynamicCode, at, 'Win32_Process.Create starts a process through WMI', seg);
    return;
  }
  if (target.type === 'type_literal') {
    const type = normaliseType(target.text);
    if (isStatic) {
      const use = memberNode.namedChildren[0]?.type === 'simple_name' ? { type, member, span: at } : { type, span: at };
      for (const name of typeNames(st, target.text)) st.ctx.out.typeUses.push(seg === undefined ? { ...use, type: name } : { ...use, type: name, segment: seg });
      const dyn = DYNAMIC_TYPE_MEMBERS.get(type);
      if (dyn?.test(member)) {
        floorAt(st, FLOOR.dynamicCode, at, `[${type}]::${member} runs code that no static reading can name`, seg);
        return;
      }
      if ((type === 'diagnostics.process' || type === 'system.diagnostics.process') && member === 'start' && seg !== undefined) {
        withWrapper(st, 'process.start', () => {
          const file = argWords[0];
          if (!file) return;
          const rest = argWords.slice(1).flatMap((w) => (w.values?.length === 1 ? splitWindowsArgs(w.values[0] as string).map((v) => synthetic(v, w.span)) : [w]));
          resolveCommand(st, [file, ...rest], seg as number, { pipeIndex: -1, prev: null, mode: 'exec', depth: st.ctx.depth });
        });
      }
    }
    return;
  }
  if ((member === 'invoke' || member === 'invokereturnasis') && target.type === 'variable') {
    const block = st.ctx.vars.get(`scriptblock:${variableKey(target.text)}`) === '1' ? st.blocks.get(variableKey(target.text)) : undefined;
    if (block) callDeferred(st, block, 'scriptblock');
  }
  if (DYNAMIC_CODE_MEMBERS.has(member) || (target.type === 'variable' && /^\$executioncontext$/i.test(target.text) && member === 'sessionstate')) {
    floorAt(st, FLOOR.dynamicCode, at, `.${member} runs code that no static reading can name`, seg);
  }
}

function methodArgs(argsNode: Node, st: State): Word[] {
  const list = argsNode.namedChildren.find((c) => c?.type === 'argument_expression_list');
  if (!list) return [];
  return list.namedChildren.filter((c): c is Node => c?.type === 'argument_expression').map((a) => wordOf(a, st));
}
