// PowerShell lowering: walk the tree into segments, commands, assignments and script blocks; re-enter nested scripts.
import type { TreeNode as Node } from '../parse/cached.js';
import { readTree } from '../parse/parser.js';
import type { Respelling } from '../parse/index.js';
import type { ResolveContext } from '../resolve/context.js';
import { FLOOR } from '../resolve/floor.js';
import type { Redirect, Span, Word } from '../types.js';
import { UNKNOWN, canonicalName } from './names.js';
import { NODE_HANDLING } from './nodes.js';
import { evalBare, lookupVariable, variableKey } from './words.js';
import { MAX_CALL_DEPTH, MAX_EXPANSIONS, MAX_RECURSION, type State, floorAt, mapTree, newState, pushSegment, reenter, scope, span, synthetic } from './state.js';
import { SINGLE_CHILD_OR_ARRAY, argWord, blockValues, core, isKnownScriptBlock, redirectOf, redirectsOf, scriptBlockLiteral, wordOf } from './values.js';
import { listingsRead, resolveCommand } from './commands.js';
import { codeEnvAssignment, listingOf, outputOf } from './native.js';
import { enumeratedPaths, itemPropertySet, lowerMember, typeNames, wmiObject } from './members.js';
import { forgetSplat, noteHash, splatValue, splatWords } from './splat.js';
import { markInit } from './init.js';

export function lowerProgram(root: Node, text: string, ctx: ResolveContext, respelling: Respelling | null = null): void {
  // The wasm runtime's offsets index the text it parsed (the respelling's, when there is one): texts are sliced from it.
  walk(readTree(root, ctx.limits.backend === 'native' ? undefined : (respelling?.text ?? text)), newState(ctx, text, respelling));
}

export function walk(node: Node, st: State): void {
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

export function descend(node: Node, st: State): void {
  for (const child of node.namedChildren) if (child) walk(child, st);
}

export function dispatch(node: Node, st: State): void {
  const type = node.type;
  switch (type) {
    case 'statement_list':
      // A statement that is only an expression writes its value to the output (`$env:GITHUB_TOKEN`, `"$env:X"`).
      for (const statement of node.namedChildren) {
        // `throw X` and `return X` write X too: as an error record's message, as the output.
        const child = statement?.type === 'flow_control_statement' && /^(?:throw|return)\b/i.test(statement.text) ? (statement.namedChildren.find((c) => c?.type === 'pipeline') ?? null) : statement;
        const chains = child?.type === 'pipeline' ? child.namedChildren.filter((c) => c?.type === 'pipeline_chain') : [];
        const elems = chains.length === 1 ? chains[0]!.namedChildren.filter((c) => c !== null && c.type !== 'comment') : [];
        if (elems.length === 0 || elems[0]!.type !== 'logical_expression') continue;
        // Handed on down a pipeline instead (`$env:X | Set-Clipboard`): the command it goes to, by the name written.
        const next = elems[1];
        if (next !== undefined && next?.type !== 'command') continue;
        const into = next?.childForFieldName('command_name')?.text;
        if (next && into === undefined) continue;
        // Sliced from the parsed text (cheaper than the node's own text), and kept only when it may name a variable.
        const text = st.text.slice(elems[0]!.startIndex, elems[0]!.endIndex);
        if (!/\$|env/i.test(text)) continue;
        st.ctx.out.outputs ??= [];
        st.ctx.out.outputs.push({ text, span: span(st, elems[0]!), ...(into === undefined ? {} : { into }) });
      }
      descend(node, st);
      return;
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
    case 'member_access': {
      lowerMember(node, st);
      // `(gci ~/.ssh).ForEach{ gc $_ }`, `.Where({ … })`: `$_` in the block is each element of the target, as in a
      // pipeline after it.
      const each = elementInput(node);
      // A type literal as the member's target is read by lowerMember, not as a conversion.
      for (const [i, child] of node.namedChildren.entries()) {
        if (!child || (i === 0 && child.type === 'type_literal')) continue;
        if (i > 0 && each) st.pipeInputs.push(each);
        try {
          walk(child, st);
        } finally {
          if (i > 0 && each) st.pipeInputs.pop();
        }
      }
      return;
    }
    case 'variable':
      forgetSplat(node, st);
      driveContent(node, st, null, '=');
      return;
    case 'cast_expression': {
      // `[ref]$c` lets whatever holds the reference set $c (`([ref]$c).Value = 'iwr'`): $c may hold anything after.
      const kids = node.namedChildren.filter((c): c is Node => c !== null);
      if (kids[0]?.type === 'type_literal' && /^\[\s*(?:system\.)?(?:ref|management\.automation\.psreference)\s*\]$/i.test(kids[0].text)) {
        const v = assignedVariable(node);
        if (v) st.ctx.vars.set(variableKey(v.text), UNKNOWN);
      }
      descend(node, st);
      return;
    }
    case 'type_literal': {
      // A conversion to a type (`[Net.WebClient]@{}`, `[T]$x = …`, `-as [T]`, a typed parameter) makes one: a use of
      // the type, as `New-Object T` is. As a member's target (`[T]::M()`), lowerMember records it instead.
      for (const name of typeNames(st, node.text)) st.ctx.out.typeUses.push({ type: name, member: 'convert', span: span(st, node) });
      wmiObject(st, typeNames(st, node.text), span(st, node));
      return;
    }
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
        // Over a listing's output (`foreach ($f in gci -r -File)`), the variable is each item it lists.
        const over = node.namedChildren.find((c) => c !== null && c !== v && c.type !== 'statement_block' && c.type !== 'comment');
        const listing = v && over ? (outputOf(over) ?? (/^\$[\w:]+$/.test(over.text) ? listingOf(st, over.text) : enumeratedPaths(st, over) ? over : undefined)) : undefined;
        const key = v ? variableKey(v.text) : undefined;
        const before = key === undefined ? undefined : st.loopListings.get(key);
        if (key !== undefined) {
          if (listing) st.loopListings.set(key, listing);
          else st.loopListings.delete(key);
        }
        try {
          descend(node, st);
        } finally {
          if (key !== undefined) {
            if (before) st.loopListings.set(key, before);
            else st.loopListings.delete(key);
          }
        }
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

export function nested(st: State, label: string, fn: () => void): void {
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
export function branch(st: State, label: string, fn: () => void, exact = false): void {
  const vars = st.ctx.vars;
  const before = new Map(vars);
  const listings = new Map(st.listings);
  const cwd = st.cwd;
  const top = st.gitTop;
  const depth = st.stack.length;
  nested(st, label, fn);
  for (const [k, v] of vars) if (before.get(k) !== v) vars.set(k, UNKNOWN);
  // A listing assigned (or replaced) in a branch may or may not be what the variable holds after it.
  for (const [k, v] of st.listings) if (listings.get(k) !== v) st.listings.delete(k);
  if (!exact && (st.cwd !== cwd || st.stack.length !== depth || st.gitTop !== top)) {
    st.cwd = null;
    st.stack = [];
    st.gitTop = undefined;
  }
}

/**
 * Code that may run several times (a loop, a block run per pipeline input, a function): a first, silent pass
 * finds what it assigns, so the recorded pass already treats those variables and aliases as unknown
 * (`foreach (…) { & $c; $c = 'iwr' }`). Only the outermost such code takes the silent pass: it covers every
 * level inside it, and keeps the cost linear.
 */
export function iterate(st: State, label: string, fn: () => void): void {
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
export function callDeferred(st: State, body: Node, label: string): void {
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

export function lowerScriptBlock(node: Node, st: State, exact: boolean): void {
  const wrapper = st.argOf;
  if (wrapper) st.wrappers.push(wrapper);
  st.blockRanges.push({ start: node.startIndex, end: node.endIndex });
  try {
    // A block handed to a command may run once per input, in the caller's scope (ForEach-Object).
    if (exact) branch(st, 'scriptblock', () => descend(node, st), true);
    else iterate(st, 'scriptblock', () => descend(node, st));
  } finally {
    st.blockRanges.pop();
    if (wrapper) st.wrappers.pop();
  }
}

export function lowerPipeline(node: Node, st: State): void {
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

export function lowerChain(node: Node, st: State): void {
  const elems = node.namedChildren.filter((c): c is Node => c !== null && c.type !== 'comment');
  const count = elems.filter((e) => e.type === 'command' || e.type === 'logical_expression').length;
  let index = 0;
  let prev: Node | null = null;
  // Where each element's invocations start: a listing is read by what a later element reads.
  const starts: number[] = [];
  for (let k = 0; k < elems.length; k++) {
    const el = elems[k] as Node;
    starts.push(st.ctx.out.invocations.length);
    const label = count > 1 ? `pipeline[${index}]` : null;
    if (label) st.context.push(label);
    try {
      if (prev !== null && (el.type === 'command' || el.type === 'logical_expression')) st.elementBefore.set(el.startIndex, prev);
      if (el.type === 'command') {
        if (prev !== null) st.pipeInputs.push(prev);
        try {
          lowerCommand(el, st, count > 1 ? index : -1, prev, elems.slice(0, k));
        } finally {
          if (prev !== null) st.pipeInputs.pop();
        }
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
  listingsRead(st.ctx.out.invocations, starts);
}

export const COMMON_VARIABLE_PARAMS = new Set([
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

export function lowerCommand(node: Node, st: State, pipeIndex: number, prev: Node | null, before: readonly Node[] = []): void {
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
    // `& $p` where `$p = (Get-Command git).Source`: the program the PATH finds by that name, as below.
    if (name.program?.found) name = { ...name, values: [name.program.name] };
    if (name.values === null && inner.isMissing) name.dynamic = 'missing command name';
    // `iwr$(…)`: PowerShell reads the name and what touches it as one word; the grammar splits them.
    const next = elems[0];
    if (next && next.startIndex === inner.endIndex && /(^|[^`])\$$/.test(inner.text)) {
      name = { ...name, values: null, dynamic: 'a command name joined to an expression' };
    }
  } else {
    walk(inner, st);
    name = wordOf(inner, st);
    // `& (Get-Command git).Source`: the program the PATH finds by that name, run as the name runs it.
    if (name.program?.found) name = { ...name, values: [name.program.name] };
    else if (name.values === null) name.dynamic = `computed command name (${name.dynamic ?? 'dynamic'})`;
  }
  // `& $c.Replace('git','iwr')`, `& $tool.Path`, `& $a[1]`: a member or an item of a variable, evaluated when it runs.
  if (/^\$(?:\{[^}]*\}|[\w:?]+)[.[]/.test(inner.text)) name = { ...name, values: null, dynamic: `${inner.text}: a member or item of a variable, evaluated when the command runs` };
  const first = name.values?.[0];
  const known = first !== undefined && name.values?.length === 1 ? canonicalName(first, st.ctx.vars).program : null;
  const words: Word[] = [name];
  const redirects: Redirect[] = [];
  const tails: Span[] = [];
  // The last bare token pushed, where a blank escaped after it continues it.
  let bare: { start: number; end: number } | null = null;
  // `-F:` and `-F:x` are one argument each, as written: a native program is given them so (awk -F: '…'), a cmdlet
  // binds x to -F (`-Recurse:$true`, `-Command:'…'`, see bind). The grammar splits the colon off. `param`: where the
  // last parameter word ends; `colon`: where a colon right after it ends.
  let param: number | null = null;
  let colon: number | null = null;
  for (const el of elems) {
    const token = core(el).type === 'generic_token';
    // `C:\Program` Files\x`: a backtick escapes the blank after it, so PowerShell reads one word where the grammar
    // ends a token at the backtick. The two are read together, as written.
    if (token && bare !== null && el.startIndex === bare.end + 1 && /[ \t]/.test(st.text[bare.end] ?? '') && /(?:^|[^`])(?:``)*`$/.test(st.text.slice(bare.start, bare.end))) {
      const raw = st.text.slice(bare.start, el.endIndex);
      const ev = evalBare(raw, scope(st));
      const at = { start: (words.at(-1) as Word).span.start, end: span(st, el).end };
      words[words.length - 1] = ev.value === null ? { text: raw, span: at, values: null, dynamic: ev.reason } : { text: raw, span: at, values: ev.alt === undefined ? [ev.value] : [ev.value, ev.alt], ...(ev.glob ? { glob: true } : {}) };
      bare = { start: bare.start, end: el.endIndex };
      continue;
    }
    bare = token ? { start: el.startIndex, end: el.endIndex } : el.type === 'command_argument_sep' ? bare : null;
    const glued = colon !== null && el.startIndex === colon && el.type !== 'command_argument_sep';
    if (el.type !== 'command_argument_sep') colon = null;
    switch (el.type) {
      case 'command_argument_sep':
        if (param === el.startIndex && el.text === ':') {
          const w = words.at(-1) as Word;
          words[words.length - 1] = { ...w, text: `${w.text}:`, span: { start: w.span.start, end: span(st, el).end }, values: w.values?.map((v) => `${v}:`) ?? null };
          colon = el.endIndex;
        }
        param = null;
        break;
      case 'redirection':
        redirects.push(redirectOf(el, st));
        walk(el, st);
        break;
      case 'stop_parsing':
        words.push(...stopParsingWords(el, st, tails));
        break;
      default: {
        const c = core(el);
        if (c.type === 'variable' && c.text.startsWith('@')) words.push(...splatWords(c, st));
        else {
          const w = delayBound(argWord(el, st, known), el, words, st, known, pipeIndex);
          noteHash(el, w, st);
          if (glued) {
            const p = words.at(-1) as Word;
            const values = p.values === null || w.values === null ? null : p.values.flatMap((a) => w.values!.map((b) => a + b));
            words[words.length - 1] = { text: p.text + el.text, span: { start: p.span.start, end: w.span.end }, values, ...(values === null ? { dynamic: w.dynamic ?? 'a computed value after a parameter\'s colon' } : {}) };
          } else words.push(w);
          // (A bare `-` before the colon, `unzip -:`, is an error to the grammar, read again as a string.)
          param = (c.type === 'command_parameter' || w.text === '-') && !glued ? el.endIndex : null;
        }
      }
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
  const from = st.ctx.out.invocations.length;
  resolveCommand(st, words, seg, { pipeIndex, prev, before, mode: 'ps', depth: st.ctx.depth });
  markInit(st, node, st.ctx.out.invocations.slice(from));
  for (const local of tails) {
    if (st.ctx.origin.span) {
      floorAt(st, FLOOR.unknownNode, local, 'a pipeline after --% inside nested text');
      continue;
    }
    const text = st.text.slice(local.start, local.end);
    if (text.trim() !== '') reenter(st, text, mapTree(st, local), 'powershell', true);
  }
}

/** Cmdlets that run the blocks they are given as code (see runsScriptBlock), and parameters that take code. */
const RUNS_BLOCKS = new Set(['foreach-object', 'where-object', 'invoke-command', 'start-job', 'start-threadjob']);
const CODE_PARAMETER = /^-(?:filterscript|process|begin|end|scriptblock|parallel|initializationscript|remainingscripts|action|expression|command|sb)(?::|$)/i;

/**
 * `gci | Copy-Item -Destination { $PROFILE }`: a block given to a parameter of a cmdlet fed by the pipeline is
 * evaluated for each item and bound as its value (a delay-bind script block): where it copies. A block with a static
 * value stands for that value; any other stays a computed word.
 */
function delayBound(w: Word, el: Node, words: readonly Word[], st: State, program: string | null, pipeIndex: number): Word {
  if (w.dynamic !== 'script block' || pipeIndex <= 0 || program === null || RUNS_BLOCKS.has(program)) return w;
  const param = words.length > 1 ? (words.at(-1) as Word).text : '';
  if (CODE_PARAMETER.test(param)) return w;
  const v = blockValues(el, st);
  if (v.values === null) return w;
  return { text: w.text, span: w.span, values: v.values, ...(v.glob ? { glob: true } : {}) };
}

export const NUMERIC = /^-?(0x[0-9a-f]+|[0-9]+(\.[0-9]+)?(e[0-9]+)?)([kmgtp]b|[dl])?(\.\.-?[0-9]+)?$/i;

/** `--%`: the rest of the line goes to the program verbatim, `%VAR%` expanded from the environment. */
export function stopParsingWords(node: Node, st: State, tails: Span[]): Word[] {
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

export function forgetOutputVariables(words: Word[], st: State): void {
  for (let i = 1; i < words.length - 1; i++) {
    const t = (words[i] as Word).text;
    if (!t.startsWith('-')) continue;
    const name = t.slice(1).replace(/:$/, '').toLowerCase();
    if (!COMMON_VARIABLE_PARAMS.has(name)) continue;
    const v = (words[i + 1] as Word).values?.[0];
    if (v !== undefined) st.ctx.vars.set(variableKey(v.replace(/^\+/, '')), UNKNOWN);
  }
}

export function lowerAssignment(node: Node, st: State): void {
  const left = node.namedChildren.find((c) => c?.type === 'left_assignment_expression') ?? null;
  const opNode = node.namedChildren.find((c) => c?.type === 'assignement_operator');
  const value = node.childForFieldName('value');
  if (value) walk(value, st);
  const target = left ? assignedVariable(left) : null;
  // `$PSDefaultParameterValues['Get-Content:Path'] = …`: parameters given where no command shows them.
  if (left && /^\$(?:global:|script:)?PSDefaultParameterValues\b/i.test(left.text.replace(/^(?:\[[^\]]*\]\s*)+/, ''))) {
    floorAt(st, FLOOR.dynamicCode, span(st, node), '$PSDefaultParameterValues gives commands parameters their words do not show');
  }
  if (left && !target) {
    walk(left, st);
    itemPropertySet(left, st);
  }
  // `[Net.WebClient]$w = @{}` converts the value to the type: a use of it.
  if (left && target) for (const t of typeLiteralsOf(left)) walk(t, st);
  const word = value ? wordOf(value, st) : null;
  if (target && word) {
    const key = variableKey(target.text);
    const op = opNode?.text ?? '=';
    const vars = st.ctx.vars;
    const v = word.values?.length === 1 ? word.values[0] : undefined;
    const splat = op === '=' && value && !key.startsWith('env:') ? splatValue(value, st) : null;
    if (splat !== null) vars.set(key, splat);
    else if (op === '=' && v !== undefined) vars.set(key, v);
    else if (op === '+=' && v !== undefined && lookupVariable(key, scope(st)) !== null) vars.set(key, `${lookupVariable(key, scope(st))}${v}`);
    else vars.set(key, UNKNOWN);
    const block = op === '=' && value ? scriptBlockLiteral(value) : null;
    vars.set(`scriptblock:${key}`, block ? '1' : UNKNOWN);
    vars.set(`startinfo:${key}`, value && /processstartinfo|\.startinfo\s*\)?\s*$/i.test(value.text) ? '1' : UNKNOWN);
    // `$p = (Get-Command git).Source`: it holds the path of the program the PATH finds (Word.program), as bash's
    // `P=$(which git)` does.
    vars.set(`program:${key}`, op === '=' && word.program?.found ? word.program.name : UNKNOWN);
    if (block) st.blocks.set(key, block);
    else st.blocks.delete(key);
    const method = op === '=' && value ? memberReference(value) : null;
    vars.set(`method:${key}`, method ? '1' : UNKNOWN);
    if (method) st.methods.set(key, method);
    else st.methods.delete(key);
    const listing = op === '=' && value ? (soleCommand(value) ?? (enumeratedPaths(st, value) ? value : null)) : null;
    if (listing) st.listings.set(key, listing);
    else st.listings.delete(key);
    const seg = pushSegment(st, [], [], span(st, node), [{ name: target.text.replace(/^\$/, ''), value: word, span: span(st, node) }]);
    if (key.startsWith('env:')) codeEnvAssignment(st, key.slice(4).toUpperCase(), word, seg);
    if (key.startsWith('function:')) functionAssignment(st, key.slice(9), block, word, seg);
    driveContent(target, st, word, op);
  }
}

/** The command whose output `.ForEach`/`.Where` (`(gci ~).ForEach{ … }`) goes over, element by element. */
function elementInput(node: Node): Node | undefined {
  const kids = node.namedChildren.filter((c): c is Node => c !== null);
  const method = node.type === 'invokation_foreach_expression' || kids.some((c) => c.type === 'member_name' && /^['"]?(?:foreach|where)['"]?$/i.test(c.text));
  const target = kids[0];
  return method && target && /^(?:parenthesized_expression|sub_expression|array_expression)$/.test(target.type) ? outputOf(target) : undefined;
}

/**
 * A member named and not called (`[IO.File]::WriteAllText`, `(Get-Item ~).Delete`), through the nodes that only wrap
 * it: a method's PSMethod object, which `.Invoke(…)` calls as the method itself.
 */
export function memberReference(node: Node): Node | null {
  let n: Node | null = node;
  while (n && n.type !== 'member_access') {
    const kids: Node[] = n.namedChildren.filter((c): c is Node => c !== null && c.type !== 'comment');
    n = kids.length === 1 ? (kids[0] as Node) : null;
  }
  return n;
}

/** The one command an expression is (`gci /etc -r`, `(Get-ChildItem ~)`), through the nodes that only wrap it. */
function soleCommand(node: Node): Node | null {
  let n: Node | null = node;
  while (n && n.type !== 'command') {
    const kids: Node[] = n.namedChildren.filter((c): c is Node => c !== null && c.type !== 'comment');
    n = kids.length === 1 ? (kids[0] as Node) : null;
  }
  return n;
}

/** Drives whose items a `$drive:name` variable reads as variables, not as the content of an item. */
const VARIABLE_DRIVES = /^(?:env|function|alias|variable|global|script|local|private|using|workflow)$/i;

/**
 * `${C:\Users\me\.ssh\id_rsa}`, `$c:notes.txt`: a variable named by a drive is the content of the item there, read
 * as `Get-Content -LiteralPath` reads it; assigned (`${C:\…\profile.ps1} = 'iwr …'`), written as `Set-Content` writes it
 * (`+=`: `Add-Content`). Env:, Function:, Alias: and Variable: hold variables the lowering reads as such.
 */
function driveContent(node: Node, st: State, value: Word | null, op: string): void {
  if (node.text.startsWith('@')) return;
  let name = node.text.replace(/^\$/, '');
  if (name.startsWith('{') && name.endsWith('}')) name = name.slice(1, -1).replace(/`(.)/g, '$1');
  const m = /^([^:\\]+):(?!:)(.*)$/s.exec(name);
  if (!m || VARIABLE_DRIVES.test(m[1] as string)) return;
  const at = span(st, node);
  // Linux and macOS name the root drive `/`: `${/:home/me/.ssh/id_rsa}`.
  // `$c:id_rsa` (no separator after the colon) is relative to the drive's current location: the cwd, on its drive.
  const drive = (m[1] as string).toLowerCase();
  const cwd = /^[a-z]$/.test(drive) && !/^[\\/]/.test(m[2] as string) && st.cwd?.toLowerCase().startsWith(`${drive}:`) ? st.cwd : null;
  const path: Word = { text: node.text, span: at, values: [m[1] === '/' ? `/${m[2]}` : cwd !== null ? `${cwd.replace(/[\\/]+$/, '')}\\${m[2]}` : name] };
  const cmdlet = value === null ? 'Get-Content' : op === '+=' ? 'Add-Content' : 'Set-Content';
  const words = [synthetic(cmdlet, at), synthetic('-LiteralPath', at), path, ...(value ? [synthetic('-Value', at), value] : [])];
  const seg = pushSegment(st, words, [], at, []);
  if (!st.stopped) resolveCommand(st, words, seg, { pipeIndex: -1, prev: null, mode: 'ps', depth: st.ctx.depth });
}

/**
 * `$function:f = { … }` or `= '…'` defines f as a function statement would: a block is followed where f is called,
 * text is read now as the body it becomes; a body that is not static could run anything.
 */
function functionAssignment(st: State, name: string, block: Node | null, word: Word, seg: number): void {
  if (block) {
    st.functions.set(name, block);
    return;
  }
  st.functions.delete(name);
  const body = word.values?.length === 1 ? word.values[0] : undefined;
  if (body === undefined) floorAt(st, FLOOR.dynamicCode, word.span, `$function:${name} is set to a body that is not static (${word.dynamic ?? 'several values'})`, seg);
  else reenter(st, body, word.span, 'powershell', false);
}

export const ASSIGNABLE_PATH = new Set(['left_assignment_expression', 'expression_with_unary_operator', 'cast_expression', 'additive_expression', ...SINGLE_CHILD_OR_ARRAY]);

/** The type literals of an assignment's left side (`[T]$x`, `[T][U]$x`). */
function typeLiteralsOf(left: Node): Node[] {
  const out: Node[] = [];
  for (const c of left.namedChildren) {
    if (!c) continue;
    if (c.type === 'type_literal') out.push(c);
    else if (ASSIGNABLE_PATH.has(c.type)) out.push(...typeLiteralsOf(c));
  }
  return out;
}

/** The variable an assignment writes, through casts (`[int]$x = …`); null for `$a[0]`, `$o.p`, … */
export function assignedVariable(left: Node): Node | null {
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
