// A known program's own PowerShell setup code (`starship init powershell`), which `… | Invoke-Expression` runs.
import type { TreeNode as Node } from '../parse/cached.js';
import type { Answer } from '../programs/types.js';
import type { Invocation } from '../types.js';
import type { State } from './state.js';
import { variableKey } from './words.js';

/**
 * The registry answered that this invocation prints its program's own PowerShell setup code (its entry's `shellInit`
 * mode, not where the line set a variable that changes it): trusted only when the shell finds the program by its bare
 * name, as itself (not a function the line defined, not a path the line may have written, not from cmd).
 */
export function noteInit(st: State, inv: Invocation, answer: Answer, cmd: boolean): void {
  const out = answer.output;
  if ((out?.kind !== 'shell-init' && (out?.kind !== 'directory' || out.stands === undefined)) || cmd || /[\\/]/.test(inv.path)) return;
  if (st.functions.has(inv.program) || st.ctx.vars.has(variableKey(`function:${inv.program}`))) return;
  if (inv.wrappers.length !== st.wrappers.length) return;
  // (Or a directory of its setup, where it is by default: `"$(go env GOPATH)\bin\x"`, see Word.stands.)
  if (out.kind === 'directory') st.directoryCalls.set(inv, out.stands!);
  else st.initCalls.add(inv);
}

/** After a command is resolved: it is only that setup code (or directory) when it made exactly one invocation, a noted one. */
export function markInit(st: State, node: Node, made: readonly Invocation[]): void {
  const only = made.length === 1 ? made[0] : undefined;
  if (only && st.initCalls.has(only)) st.inits.set(node.id, only.program);
  const stands = only ? st.directoryCalls.get(only) : undefined;
  if (stands !== undefined) st.directories.set(node.id, stands);
}

/** Wrappers that hold one expression and hand on its value. */
const ONE_CHILD = new Set(['logical_expression', 'bitwise_expression', 'comparison_expression', 'additive_expression', 'multiplicative_expression', 'format_expression', 'range_expression', 'array_literal_expression', 'unary_expression', 'argument_expression', 'logical_argument_expression', 'bitwise_argument_expression', 'comparison_argument_expression', 'additive_argument_expression', 'multiplicative_argument_expression', 'format_argument_expression', 'range_argument_expression', 'command_name_expr', 'parenthesized_expression', 'pipeline']);

function kids(node: Node): Node[] {
  return node.namedChildren.filter((c): c is Node => c !== null && c.type !== 'comment' && c.type !== 'empty_statement');
}

/** `Out-String` with no parameter: it joins what it is handed into one text, nothing else. */
function joinsText(node: Node): boolean {
  if (node.type !== 'command' || node.namedChildren.some((c) => c?.type === 'command_invokation_operator')) return false;
  const name = node.childForFieldName('command_name');
  const elems = node.childForFieldName('command_elements');
  return name !== null && /^out-string$/i.test(name.text) && (elems === null || kids(elems).every((c) => c.type === 'command_argument_sep'));
}

/**
 * The program whose own setup code is all a pipeline's first elements hand on (`zoxide init powershell | Out-String`),
 * or undefined.
 */
export function initOfElements(st: State, elems: readonly Node[]): string | undefined {
  const [first, ...rest] = elems;
  if (!first || !rest.every(joinsText)) return undefined;
  return initOf(st, first);
}

/**
 * The program whose own setup code is all an expression's value is: the command itself, `(& starship init powershell)`,
 * `$(…)`, `& { (zoxide init powershell | Out-String) }`; undefined for anything else.
 */
export function initOf(st: State, node: Node): string | undefined {
  switch (node.type) {
    case 'command': {
      const marked = st.inits.get(node.id);
      if (marked !== undefined) return marked;
      // `& { … }` runs the block now: its one statement's value.
      const name = node.childForFieldName('command_name');
      const inner = name?.type === 'command_name_expr' ? name.namedChildren[0] : null;
      const elems = node.childForFieldName('command_elements');
      if (inner?.type !== 'script_block_expression' || (elems !== null && kids(elems).some((c) => c.type !== 'command_argument_sep'))) return undefined;
      const block = kids(inner).find((c) => c.type === 'script_block');
      const body = block ? kids(block) : [];
      if (body.length !== 1) return undefined;
      return initOfStatements(st, body[0] as Node);
    }
    case 'pipeline_chain':
      return initOfElements(st, kids(node));
    case 'sub_expression':
    case 'array_expression': {
      const list = kids(node).find((c) => c.type === 'statement_list');
      return list ? initOfStatements(st, list) : undefined;
    }
    case 'script_block_body':
    case 'statement_list':
      return initOfStatements(st, node);
    default: {
      if (!ONE_CHILD.has(node.type)) return undefined;
      const only = kids(node);
      return only.length === 1 ? initOf(st, only[0] as Node) : undefined;
    }
  }
}

function initOfStatements(st: State, node: Node): string | undefined {
  if (node.type !== 'statement_list' && node.type !== 'script_block_body') return initOf(st, node);
  const stmts = kids(node);
  return stmts.length === 1 ? initOf(st, stmts[0] as Node) : undefined;
}
