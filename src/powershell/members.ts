// .NET members called from PowerShell: type uses for the rules, and the members that run code no reading can name.
import type { Node } from 'web-tree-sitter';
import { FLOOR } from '../resolve/floor.js';
import type { Word } from '../types.js';
import { normaliseType } from './paths.js';
import { splitWindowsArgs } from './shells.js';
import { variableKey } from './words.js';
import { type State, floorAt, pushSegment, span, synthetic, withWrapper } from './state.js';
import { wordOf } from './values.js';
import { resolveCommand } from './commands.js';
import { callDeferred } from './lower.js';

export const DYNAMIC_CODE_MEMBERS = new Set(['invokescript', 'newscriptblock', 'addscript', 'createnestedpipeline', 'invokecommand']);

/** A type as written, and as each `using namespace` in force would complete it. */
export function typeNames(st: State, written: string): string[] {
  const type = normaliseType(written);
  return [type, ...st.namespaces.map((ns) => `${ns}.${type}`)];
}

export const DYNAMIC_TYPE_MEMBERS: ReadonlyMap<string, RegExp> = new Map([
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
export function lowerMember(node: Node, st: State): void {
  const kids = node.namedChildren.filter((c): c is Node => c !== null);
  const target = kids[0];
  const memberNode = kids.find((c) => c.type === 'member_name');
  if (!target || !memberNode) return;
  const at = span(st, node);
  // A member named by a string (`[Environment]::'GetEnvironmentVariables'()`) is that member; one named by a
  // computed value (`$x.$m()`, `[T]::($n)`) could be any: on a type or a method call, cannot vouch.
  const named = memberName(memberNode, st);
  if (named === null) {
    const call = kids.some((c) => c.type === 'argument_list');
    if (call || target.type === 'type_literal' || /^\$executioncontext$/i.test(target.text)) {
      floorAt(st, FLOOR.dynamicCode, at, 'a member named by a computed value could be any member, code-running ones included');
    }
    return;
  }
  const member = named;
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
      const use = { type, member, span: at };
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

/** The member a `member_name` names: its identifier, or a string's static value, lower-cased; null when computed. */
function memberName(memberNode: Node, st: State): string | null {
  const inner = memberNode.namedChildren[0];
  if (!inner || inner.type === 'simple_name') return memberNode.text.toLowerCase();
  const w = wordOf(inner, st);
  return w.values?.length === 1 ? (w.values[0] as string).toLowerCase() : null;
}

export function methodArgs(argsNode: Node, st: State): Word[] {
  const list = argsNode.namedChildren.find((c) => c?.type === 'argument_expression_list');
  if (!list) return [];
  return list.namedChildren.filter((c): c is Node => c?.type === 'argument_expression').map((a) => wordOf(a, st));
}

