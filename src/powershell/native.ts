// Native programs and cmd text from PowerShell: the one registry step both dialects take, and cmd's own splitting.
import type { ResolveContext } from '../resolve/context.js';
import { act, ask, type Host, startsGiven } from '../resolve/exec.js';
import { codeAssignment, isLoadingVariable, isModuleDirVariable, isSettingsVariable } from '../programs/variables.js';
import { pathLimits, pieces } from '../programs/words.js';
import type { ScriptDialect } from '../programs/index.js';
import { FLOOR } from '../resolve/floor.js';
import type { Invocation, Redirect, Span, Word } from '../types.js';
import { type CmdWord, cmdLine, cmdReadings, splitCmd } from './cmd.js';
import { CMD_INTERNAL, CMDLET, UNKNOWN } from './names.js';
import { recursedLeaves } from './paths.js';

export { CMD_INTERNAL, CMDLET };
import { evalBare, variableKey } from './words.js';
import { type CommandInfo, type State, floorAt, mapLocal, newState, pushSegment, reenter, scope, span, spanOf, synthetic, withWrapper } from './state.js';
import { resolveCommand } from './commands.js';
import { branch, nested } from './lower.js';
import { canonicalName } from './names.js';
import { argWord, pipedMember, wordOf } from './values.js';
import { objectProperties } from './splat.js';
import { noteInit } from './init.js';
import { enumeratedPaths } from './members.js';
import type { TreeNode as Node } from '../parse/cached.js';


/** Cmdlets that bind the paths they work on from the pipeline when no path is given (`'~' | Remove-Item -Recurse`). */
const PIPED_PATH = new Set(['remove-item', 'get-childitem', 'get-content', 'get-item', 'copy-item', 'move-item', 'invoke-item', 'rename-item', 'clear-content', 'get-itemproperty', 'set-location', 'push-location', 'set-content', 'add-content', 'clear-item', 'set-item', 'set-itemproperty', 'new-itemproperty', 'remove-itemproperty', 'clear-itemproperty', 'rename-itemproperty', 'set-acl', 'unblock-file', 'compress-archive', 'expand-archive', 'import-csv', 'import-clixml']);
/** Their parameters that take a value other than a path, and those that are the path. */
const VALUED = /^-(?:filter|include|exclude|value|name|propertytype|type|aclobject|erroraction|ea|warningaction|wa|depth|stream|encoding|credential|readcount|totalcount|tail|first|head|last|delimiter|destination|destinationpath|compressionlevel|header|newname|attributes|informationaction|infa|outvariable|ov|errorvariable|ev|pipelinevariable|pv)$/i;
const PATH_PARAM = /^-(?:path|literalpath|lp|pspath|fullname)(?::|$)/i;
/**
 * Listing cmdlets, whose output lies at or below the paths they are given (the directory they run in by default), and
 * those whose output carries the path it was given as a property a later cmdlet binds (Get-ItemProperty's PSPath,
 * Get-Acl's Path, Get-FileHash's Path: `Get-FileHash ~/.ssh/id_rsa | Get-Content` reads the key).
 */
const LISTS = new Set(['get-childitem', 'get-item', 'resolve-path', 'convert-path', 'get-itemproperty', 'get-acl', 'get-filehash']);

/** Get-ChildItem's -Recurse as written: any prefix of it (`-r`, as people type it), or its alias `-s`. */
export const RECURSE = /^[-\u2013\u2014](?:r|re|rec|recu|recur|recurs|recurse|s)(?::\$?true)?$/i;

/**
 * A listing's parameter that takes a value, as PowerShell binds it by any prefix (`-fil config`, `-ex *.md`, `-de 2`,
 * `-at Hidden`): its value is no root (`gci -r -fil config` walks the location, not ./config). A prefix several
 * parameters share (`-fi`: -Filter or -File) fails to bind, and the listing runs nothing.
 */
function listingValued(t: string): boolean {
  const m = /^[-\u2013\u2014]([a-z]+)$/i.exec(t);
  return m !== undefined && m !== null && ['filter', 'include', 'exclude', 'depth', 'attributes'].some((n) => n.startsWith(m[1]!.toLowerCase()));
}

/** Service cmdlets that bind -Name (a string) or -InputObject (a service) from the pipeline when given neither. */
const PIPED_SERVICE = new Set(['stop-service', 'suspend-service', 'remove-service', 'set-service']);
/** Their parameters that take a value other than the service. */
const SERVICE_VALUED = /^-(?:include|exclude|startuptype|status|description|credential|computername|cn|securitydescriptorsddl|sd|erroraction|ea|warningaction|wa|informationaction|infa|outvariable|ov|errorvariable|ev|pipelinevariable|pv)$/i;

/** The service cmdlets' parameters that name services (-Name and its spellings, -DisplayName). */
const SERVICE_NAME_PARAM = /^-(?:n|na|nam|name|servicename|displayname|dn)(?::|$)/i;

/** Whether a service cmdlet's words name no service (by -Name, -DisplayName, -InputObject or position). */
function namesNoService(args: readonly Word[]): boolean {
  for (let i = 0; i < args.length; i++) {
    const t = args[i]!.text;
    if (!/^[-\u2013\u2014]/.test(t) || SERVICE_NAME_PARAM.test(t) || /^-(?:inputobject|inp|inpu|input)(?::|$)/i.test(t)) return false;
    if (SERVICE_VALUED.test(t)) i++;
  }
  return true;
}

/** Whether a cmdlet's words name no path, so it takes one from the pipeline. */
function namesNoPath(args: readonly Word[]): boolean {
  for (let i = 0; i < args.length; i++) {
    const t = args[i]!.text;
    if (PATH_PARAM.test(t)) return false;
    if (!/^[-\u2013\u2014]/.test(t)) return false;
    if (VALUED.test(t)) i++;
  }
  return true;
}

/**
 * What the previous element of a pipeline hands on as paths: a literal or variable's value as it is, what a listing
 * cmdlet lists (at or below its paths), anything else a computed word.
 */
export function pipedPaths(st: State, prev: Node): Word {
  const at = span(st, prev);
  const unknown: Word = { text: '', span: at, values: null, dynamic: 'paths the pipeline hands it' };
  // `[IO.Directory]::GetFiles(DIR) | Get-Content`: .NET's enumerators list as Get-ChildItem does.
  const enumerated = prev.type === 'command' ? undefined : enumeratedPaths(st, prev);
  if (enumerated) return { ...enumerated, span: at };
  // The items' full paths, projected on the way (`| % FullName`, `| Select-Object -ExpandProperty FullName`,
  // `(gci -r -File).FullName`): what the listing before lists.
  if (prev.type === 'command' && /^(?:fullname|pspath)$/i.test(pipedMember(prev, st, true) ?? '')) {
    const before = st.elementBefore.get(prev.startIndex);
    const listed = before && before.startIndex < prev.startIndex ? pipedPaths(st, before) : undefined;
    if (listed?.under) return { ...listed, span: at };
  }
  if (prev.type === 'logical_expression' && /\.(?:fullname|pspath)\s*$/i.test(prev.text)) {
    let inner: Node | null = prev;
    for (let depth = 0; inner && inner.type !== 'parenthesized_expression' && depth < 32; depth++) inner = inner.namedChildren.find((c) => c !== null) ?? null;
    const cmd = inner?.type === 'parenthesized_expression' ? outputOf(inner) : undefined;
    const listed = cmd ? pipedPaths(st, cmd) : undefined;
    if (listed?.under) return { ...listed, span: at };
  }
  if (prev.type === 'logical_expression') {
    // `$items = gci /etc -r; $items | Remove-Item`: what the listing the variable holds lists; `foreach ($f in gci
    // ~/.ssh) { $f | % FullName }`, each item the loop's listing lists.
    const variable = /^\$[\w:]+$/.test(prev.text) ? prev.text : undefined;
    const listing = variable !== undefined ? (st.loopListings.get(variableKey(variable)) ?? listingOf(st, variable)) : undefined;
    const listed = listing ? pipedPaths(st, listing) : undefined;
    if (listed?.under) return listed;
    // An object written here binds its Path (or LiteralPath, PSPath…) property to the parameter of that name.
    const props = objectProperties(prev, st);
    if (props) return byProperty(props, unknown);
    const w = wordOf(prev, st);
    // `% { $_ | Set-Content -Value x }`: each item the listing outside hands the block, with where it lies (Word.under).
    return w.values === null ? { ...unknown, dynamic: `paths the pipeline hands it (${w.dynamic ?? 'computed'})`, ...(w.under ? { under: w.under } : {}), ...(w.touches ? { touches: w.touches } : {}) } : { ...w, span: at };
  }
  if (prev.type !== 'command') return unknown;
  // `New-Object PSObject -Property @{Path='…'}`: the same object, made by a cmdlet.
  const made = newObjectProperties(prev, st);
  if (made) return byProperty(made, unknown);
  // `Join-Path $env:TEMP x | Remove-Item -Recurse`: the one path Join-Path (Split-Path, Get-Variable -ValueOnly) prints
  // from static parts, as `Remove-Item (Join-Path $env:TEMP x)` reads it.
  const printer = prev.childForFieldName('command_name')?.text ?? '';
  const printed = /^(?:microsoft\.powershell\.(?:management|utility)\\)?(?:join-path|split-path|get-variable|gv)$/i.test(printer) ? wordOf(prev, st) : undefined;
  if (printed?.values != null) return { ...printed, span: at };
  const nameNode = prev.childForFieldName('command_name');
  // The name as PowerShell reads the bare token (``Get-`Child`Item``), in 7's reading and, where `e differs, 5.1's.
  // Called by the call operator (`& 'Get-ChildItem'`, `& "gci"`), the name is a string's value.
  const called = prev.namedChildren.some((c) => c?.type === 'command_invokation_operator');
  const ev = nameNode && !called ? evalBare(nameNode.text, scope(st)) : undefined;
  const names = called ? (nameNode ? (wordOf(nameNode, st).values ?? []) : []) : ev?.value == null ? [] : [ev.value, ev.alt];
  const programs = names.map((n) => (n === undefined ? null : canonicalName(n, st.ctx.vars).program));
  // `'~/.ssh/id_rsa' | Resolve-Path | Get-Content`, `gci ~/.ssh | ? Name -like id_* | gc`: an element that hands on
  // (some of) the items it is handed, or their paths, hands on what the element before it does.
  const before = st.elementBefore.get(prev.startIndex);
  // `Get-Service | Where-Object Name -like 'sql*' | Stop-Service`: only services the name test passes, all of which
  // the pattern matches (the test of a written name, in either of Where-Object's forms).
  const named = programs.includes('where-object') && before?.type === 'command' ? SERVICE_NAME_TEST.exec(prev.text.trim()) : null;
  if (named && /^(?:(?:microsoft\.powershell\.management\\)?get-service|gsv)$/i.test(before!.childForFieldName('command_name')?.text ?? '')) return { ...unknown, text: prev.text.trim(), values: [named[1] ?? named[2]!] };
  if (before && before.startIndex < prev.startIndex && programs.some((n) => n !== null && handsOn(n, prev))) {
    const handed = pipedPaths(st, before);
    // A path printer handed paths vouch cannot place (`gc list.txt | Get-Item`) is still read as a listing of where
    // it runs, as before: the guard's own setup may lie there (self-protection).
    if (handed.values !== null || handed.under || !programs.some((n) => n !== null && LISTS.has(n))) return { ...handed, span: at };
  }
  if (programs.includes('get-service')) return gotServices(st, prev, unknown);
  const program = programs.find((n) => n !== null && LISTS.has(n)) ?? null;
  if (program === null) {
    // A native program that prints paths hands on each one as a line (`git ls-files | % { Set-Content $_ x }`).
    const printed = nameNode ? st.printedPaths.get(span(st, nameNode).start) : undefined;
    return printed ? { ...unknown, dynamic: `paths the pipeline hands it (the paths ${nameNode!.text} prints)`, under: printed } : unknown;
  }
  const words: Word[] = [];
  for (const e of prev.childForFieldName('command_elements')?.namedChildren ?? []) {
    if (e === null) continue;
    if (e.type !== 'command_argument_sep') {
      words.push(argWord(e, st, program));
      continue;
    }
    // `-Force:$true`: to the grammar the colon between a parameter and its argument is a separator; kept on the parameter.
    const last = words.at(-1);
    if (e.text.trim() === ':' && last && /^[-\u2013\u2014]\w+$/.test(last.text)) words[words.length - 1] = { ...last, text: `${last.text}:` };
  }
  const roots: string[] = [];
  // -Filter and -Include narrow what it lists to those names (`gci -r -Filter *.ts`); a computed or bracketed one does not.
  let filters: string[] | undefined;
  let narrowed = true;
  for (let i = 0; i < words.length; i++) {
    const t = words[i]!.text;
    if (PATH_PARAM.test(t) && !t.includes(':')) {
      const v = words[++i];
      if (!v || v.values === null) return unknown;
      roots.push(...v.values);
    } else if (/^[-\u2013\u2014]/.test(t)) {
      // `-Force:$true`, `-Filter: config`: a parameter ending in a colon takes the next element as its argument, which
      // is no root (a -Path's is, read as the next element).
      const name = t.replace(/:$/, '');
      const filter = /^[-\u2013\u2014](?:fi|fil|filt|filte|filter|inc|incl|inclu|includ|include)$/i.test(name);
      const v = VALUED.test(name) || listingValued(name) || (t.endsWith(':') && !PATH_PARAM.test(t)) ? words[++i] : undefined;
      if (filter) {
        const ok = v?.values?.every((n) => /^[\w.*?-]+$/.test(n)) === true;
        if (ok) filters = [...(filters ?? []), ...v!.values!.flatMap((n) => n.split(','))];
        else narrowed = false;
      }
    } else if (words[i]!.values === null) return unknown;
    else roots.push(...words[i]!.values!);
  }
  // (`-Recurse:$true` as two elements: any argument but a false one.)
  const recursive = words.some((w, i) => RECURSE.test(w.text) || (RECURSE.test(w.text.replace(/:$/, '')) && w.text.endsWith(':') && words[i + 1]?.values?.every((v) => /^(?:false|0)$/i.test(v)) !== true));
  // `'~/.ssh' | Get-ChildItem`: with no path written it lists below the ones it is handed (read as they are), not `.`.
  if (roots.length === 0 && before && before.startIndex < prev.startIndex) {
    const handed = pipedPaths(st, before);
    if (handed.under) return { ...unknown, under: handed.under.map(({ names: _n, depth: _d, below: _b, tests: _t, ...u }) => u), dynamic: RECURSIVE_LISTING };
    // Paths vouch cannot place are read as the location it runs in, as before (see above).
    if (handed.values !== null) roots.push(...handed.values);
  }
  const paths = roots.length > 0 ? roots.flatMap((r) => r.split(',')) : ['.'];
  // -LiteralPath (any prefix of it), -PSPath: the path as written, no wildcard.
  const literal = words.some((w) => /^[-\u2013\u2014](?:l|li|lit|lite|liter|litera|literal|literalp|literalpa|literalpat|literalpath|lp|pspath)(?::|$)/i.test(w.text));
  const leaves = recursive && !literal ? recursedLeaves(paths) : undefined;
  const only = narrowed && filters !== undefined && filters.length > 0 ? { names: filters } : leaves ? { names: leaves.names } : {};
  const listed = leaves ? leaves.dirs : paths;
  // `gc (gci .en*)`, `foreach ($f in gci ~/.ss*) { gc $f }`: a -Path is a wildcard, its roots whatever it matches.
  const glob = !literal && listed.some((r) => /[*?[]/.test(r));
  return { ...unknown, under: [{ values: listed, cwd: st.cwd, ...only, ...(glob ? { glob: true as const } : {}) }], ...(recursive ? { dynamic: RECURSIVE_LISTING } : {}) };
}

/**
 * The services Get-Service hands on, by the names (or display names) it is given: every service with none
 * (`Get-Service | Stop-Service` stops Defender's too). Another machine's (-ComputerName) are still named so.
 */
function gotServices(st: State, cmd: Node, unknown: Word): Word {
  const elements = (cmd.childForFieldName('command_elements')?.namedChildren ?? []).filter((c): c is Node => c !== null && c.type !== 'command_argument_sep');
  const names: string[] = [];
  for (let i = 0; i < elements.length; i++) {
    const t = elements[i]!.text;
    if (/^[-\u2013\u2014]/.test(t)) {
      if (SERVICE_NAME_PARAM.test(t)) continue;
      if (/^-(?:include|exclude|computername|cn|inputobject|dependentservices|requiredservices|erroraction|ea)$/i.test(t)) i++;
      continue;
    }
    const w = wordOf(elements[i]!, st);
    if (w.values === null) return { ...unknown, text: cmd.text.trim(), dynamic: `the services Get-Service is given (${w.dynamic ?? 'computed'})` };
    names.push(...w.values.flatMap((v) => v.split(',')));
  }
  return { ...unknown, text: cmd.text.trim(), values: names.length > 0 ? names : ['*'] };
}

/** Where-Object's test of a service's name against a written name or pattern: `? Name -like 'sql*'`, `where { $_.Name -eq 'x' }`. */
const SERVICE_NAME_TEST = /^\S+\s+(?:(?:-property\s+)?(?:name|servicename)\s+-[ci]?(?:eq|like)\s+['"]?([\w*?.-]+)['"]?|\{\s*\$(?:_|psitem)\.(?:name|servicename)\s+-[ci]?(?:eq|like)\s+['"]?([\w*?.-]+)['"]?\s*\})$/i;

/** Cmdlets that hand on some of the objects they are handed, as they are (a filter, a sort, a copy kept on the way). */
const FILTERS = new Set(['where-object', 'sort-object', 'get-unique', 'tee-object', 'select-object', 'write-output']);
/** Properties that are an item's path: an object with one binds it to a path parameter of that name. */
const PATH_PROPERTY = /^['"]?(?:fullname|pspath|path|literalpath|providerpath)['"]?$/i;

/**
 * Whether a pipeline element hands on the items (or their paths) the element before it hands it: a filter (Where-Object,
 * Sort-Object, Select-Object that keeps whole items or expands a path property), `% { $_ }`, or a cmdlet that prints
 * the paths it binds from the pipeline (Resolve-Path, Convert-Path, Get-Item, Get-FileHash…) given no path of its own.
 * Get-ChildItem lists below what it is handed: an over-approximation of that (at or below) still holds.
 */
function handsOn(program: string, cmd: Node): boolean {
  const elements = (cmd.childForFieldName('command_elements')?.namedChildren ?? []).filter((c): c is Node => c !== null && c.type !== 'command_argument_sep').map((c) => c.text);
  if (program === 'select-object') {
    // Select-Object -First 1, -Unique, -Skip 2: whole items; -ExpandProperty FullName or -Property Path: their paths.
    const props = elements.filter((t) => !/^[-\u2013\u2014]/.test(t) && !/^\d+$/.test(t));
    return props.length === 0 || props.every((t) => PATH_PROPERTY.test(t));
  }
  if (FILTERS.has(program)) return true;
  if (program === 'foreach-object') return elements.length === 1 && /^\{\s*\$(?:_|psitem)(?:\.(?:fullname|pspath))?\s*\}$/i.test(elements[0]!);
  if (!LISTS.has(program) || program === 'get-childitem') return false;
  // No path written: it binds the ones it is handed (a parameter's value is never a path here).
  return elements.every((t, i) => /^[-\u2013\u2014]/.test(t) ? !PATH_PARAM.test(t) : i > 0 && /^[-\u2013\u2014]/.test(elements[i - 1]!) && (VALUED.test(elements[i - 1]!) || listingValued(elements[i - 1]!)));
}

/** What changes a variable other than `$x = …`: the variable cmdlets and drive, references, common parameters. */
const OTHER_WRITES = /\b(?:set-variable|new-variable|sv|nv|get-variable|gv|clear-variable|clv|remove-variable|rv|param)\b|\[ref\]|variable:|(?:^|\s)-(?:outvariable|ov|pipelinevariable|pv|errorvariable|ev|warningvariable|wv|informationvariable|iv|variable)\b/i;

/**
 * The listing command a variable holds (`$items = gci /etc -r`), where the line assigns it that once and nothing
 * else changes it (a branch's assignment is forgotten after the branch, see lower.ts): a loop's variable, a multiple
 * assignment, `Set-Variable` or `[ref]` anywhere on the line, and the variable is not followed.
 */
export function listingOf(st: State, written: string): Node | undefined {
  const key = variableKey(written);
  const listing = st.listings.get(key);
  if (!listing) return undefined;
  const name = key.replace(/^(?:global|script|local|private):/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const at = `\\$(?:global:|script:|local:|private:)?(?:${name}\\b|\\{${name}\\})`;
  const writes = st.text.match(new RegExp(`${at}\\s*(?:[-+*/%]?=(?!=)|\\+\\+|--)|\\+\\+\\s*${at}|--\\s*${at}`, 'gi'))?.length ?? 0;
  if (writes !== 1 || OTHER_WRITES.test(st.text)) return undefined;
  // A loop's own variable (`foreach ($f in …)`, `for ($i = …)`) is not followed; a loop over it (`foreach ($f in $files)`) is.
  if (new RegExp(`\\bfor\\s*\\([^)]*${at}|foreach\\s*\\(\\s*${at}\\s+in\\b|${at}\\s*,|,\\s*${at}`, 'i').test(st.text)) return undefined;
  return listing;
}

/**
 * The command whose output an expression is (`(gci -r -File)`, `$(git ls-files)`, `(git ls-files | sort)`): the last
 * element of the one pipeline it holds, when that is a command; undefined for anything else.
 */
export function outputOf(node: Node): Node | undefined {
  let at: Node | null | undefined = node;
  for (let depth = 0; at && depth < 32; depth++) {
    if (at.type === 'command') return at;
    const kids: Node[] = at.namedChildren.filter((c): c is Node => c !== null && c.type !== 'comment');
    if (at.type === 'pipeline_chain') at = kids.at(-1);
    else if (kids.length === 1 && /^(?:parenthesized_expression|sub_expression|statement_list|pipeline|array_expression|unary_expression|expression_with_unary_operator|argument_expression|logical_argument_expression|bitwise_argument_expression|comparison_argument_expression|additive_argument_expression|multiplicative_argument_expression|format_argument_expression|range_argument_expression|array_literal_expression|logical_expression|bitwise_expression|comparison_expression|additive_expression|multiplicative_expression|format_expression|range_expression)$/.test(at.type)) at = kids[0];
    else return undefined;
  }
  return undefined;
}

/** A variable's item path properties (`$f.FullName`), with the variable. */
const ITEM_PATH = /^(\$[\w:]+)\.(?:fullname|pspath)$/i;

/** `$_` and `$PSItem`, and an item's path properties (`$_.FullName`). */
const PIPE_ITEM = /^\$(?:_|psitem)(?:\.(?:fullname|pspath))?$/i;

/**
 * `$_` (or `$_.FullName`) in a block of a command that is not first in its pipeline: each item the element before that
 * command hands on (`gci /etc -r | % { Remove-Item $_.FullName }` deletes what the listing finds). Undefined for any
 * other node, or a `$_` with no pipeline around it. The element itself is read in the scope around it.
 */
export function pipeItem(node: Node, st: State): Word | undefined {
  // A listing's output as a word (`Remove-Item (gci -r -File)`, `Set-Content $(git ls-files) x`, `gc @(ls .en*)`): what it lists.
  const first = st.text.charCodeAt(node.startIndex);
  if (first === 40 || ((first === 36 || first === 64) && st.text.charCodeAt(node.startIndex + 1) === 40)) {
    // `(gci ~ -Filter id_rsa -Recurse).FullName`: the listed items' paths.
    const inner = node.type === 'member_access' && /\.(?:fullname|pspath)$/i.test(node.text) ? (node.namedChildren[0] ?? node) : node;
    const cmd = /^(?:parenthesized_expression|sub_expression|array_expression)$/.test(inner.type) ? outputOf(inner) : undefined;
    const listed = cmd ? pipedPaths(st, cmd) : inner.type === 'parenthesized_expression' ? enumeratedPaths(st, inner) : undefined;
    return listed?.under ? { ...listed, text: node.text, span: span(st, node) } : undefined;
  }
  // Only what starts with `$` can be one: the text of any other node is not read (wordOf asks of every word).
  if (first !== 36) return undefined;
  // `foreach ($f in gci -r -File) { … $f … }`: each item the listing lists; `$f.FullName`, `$f.PSPath` its path.
  const variable = node.type === 'variable' ? node.text : node.type === 'member_access' ? ITEM_PATH.exec(node.text)?.[1] : undefined;
  const looped = variable !== undefined ? st.loopListings.get(variableKey(variable)) : undefined;
  const each = looped ? pipedPaths(st, looped) : undefined;
  if (each?.under) return { ...each, text: node.text, span: span(st, node) };
  const text = node.text;
  const item = PIPE_ITEM.test(text);
  // `$d = Get-Item /etc; Remove-Item $d -Recurse`, `$d.Delete($true)`: what the listing the variable holds lists.
  const listing = variable !== undefined && !item ? listingOf(st, variable) : undefined;
  const listed = listing ? pipedPaths(st, listing) : undefined;
  // Only a listing's output: another command's (`$t = Join-Path …`) is read as its value is.
  if (listed?.under) return { ...listed, text, span: span(st, node) };
  if (!item) return undefined;
  const piped = pipeInput(st, node);
  return piped && { ...piped, text, span: span(st, node) };
}

/**
 * What the innermost pipeline element around `within` (any, when not given) hands on as paths, read in the scope
 * around that element; undefined outside any pipeline. An element that holds `within` is skipped: `$_ | …` in a block
 * reads the `$_` of the pipeline outside.
 */
export function pipeInput(st: State, within?: Node): Word | undefined {
  const inputs = st.pipeInputs;
  // The innermost script block holding `within`: `$_` there is what the block's command is handed, never an element
  // of a pipeline inside the block (`% { (gc $_) -replace 'a','b' | Set-Content $_ }` writes the outer listing's items).
  let block: { start: number; end: number } | undefined;
  if (within) for (const r of st.blockRanges) if (within.startIndex >= r.start && within.endIndex <= r.end) block = r;
  for (let i = inputs.length - 1; i >= 0; i--) {
    const input = inputs[i] as Node;
    if (within && within.startIndex >= input.startIndex && within.endIndex <= input.endIndex) continue;
    if (block && input.startIndex >= block.start && input.endIndex <= block.end) continue;
    st.pipeInputs = inputs.slice(0, i);
    try {
      return pipedPaths(st, input);
    } finally {
      st.pipeInputs = inputs;
    }
  }
  return undefined;
}

/** Properties an object binds to a path parameter by name (Path, LiteralPath and their aliases). */
const PATH_PROPERTIES = ['path', 'literalpath', 'pspath', 'lp', 'fullname'];

/** The path an object with these properties binds: its path property's values; with none static, a computed word. */
function byProperty(props: ReadonlyMap<string, string[] | null>, unknown: Word): Word {
  const found = PATH_PROPERTIES.map((p) => props.get(p)).filter((v) => v !== undefined);
  if (found.length === 0) return { ...unknown, dynamic: 'paths the pipeline hands it (an object with no path property)' };
  if (found.some((v) => v === null)) return { ...unknown, dynamic: 'paths the pipeline hands it (a computed property)' };
  return { ...unknown, text: '', values: found.flatMap((v) => v!) };
}

/** The -Property table of `New-Object PSObject` (or PSCustomObject), read as an object written on the line. */
function newObjectProperties(cmd: Node, st: State): ReadonlyMap<string, string[] | null> | undefined {
  const name = cmd.childForFieldName('command_name');
  if (!name || !/^new-object$/i.test(name.text)) return undefined;
  const elements = (cmd.childForFieldName('command_elements')?.namedChildren ?? []).filter((c): c is Node => c !== null && c.type !== 'command_argument_sep');
  const typed = elements.some((e) => /^(?:system\.management\.automation\.)?ps(?:custom)?object$/i.test(e.text));
  const at = elements.findIndex((e) => /^-prop(?:e(?:r(?:t(?:y)?)?)?)?$/i.test(e.text));
  const table = at >= 0 ? elements[at + 1] : undefined;
  return typed && table ? objectProperties(table, st) : undefined;
}

export const RECURSIVE_LISTING = 'paths the pipeline hands it (every item a recursive listing finds)';

/**
 * A cmdlet given no path binds the ones the pipeline hands it (PIPED_PATH): they join its words (`args`) and the
 * invocation's, as if written after it.
 */
export function bindPipedPath(st: State, inv: Invocation, args: Word[], seg: number, info: CommandInfo): void {
  if (info.pipeIndex <= 0 || !info.prev || info.mode === 'cmd' || !PIPED_PATH.has(inv.program) || !namesNoPath(args)) return;
  const piped = pipedPaths(st, info.prev);
  args.push(piped);
  inv.args = [...inv.args, piped];
  // The path it binds is one of its words: `'~/.ssh/id_rsa' | Get-Content` reads it as `Get-Content ~/.ssh/id_rsa` does.
  if (piped.values !== null) st.ctx.out.segments[seg]?.words.push(piped);
  // `gci ~ -Include *.log -Recurse | Remove-Item`: every item found below the root is deleted, as by a recursive
  // delete of the root's contents (`find ~ -name '*.log' -delete`).
  if (inv.program === 'remove-item' && piped.dynamic === RECURSIVE_LISTING) args.push(synthetic('-Recurse', piped.span));
}

/**
 * A native program, asked of the same registry the bash resolver asks: what it runs is followed here (an argv as an
 * exec'd program, shell text in its dialect), so a native command means the same under bash and PowerShell.
 */
export function nativeProgram(st: State, inv: Invocation, args: Word[], seg: number, info: CommandInfo): void {
  // `--%` stops PowerShell's parsing; the native program never sees the marker. A quoted argument reaches a
  // native program as it is: only cmdlets expand wildcards in quoted paths.
  const native = args.filter((a) => a.text !== '--%').map((a) => (a.glob && /^['"]/.test(a.text) ? { ...a, glob: false } : a));
  bindPipedPath(st, inv, native, seg, info);
  // `'WinDefend' | Stop-Service`, `Get-Service WinDefend | Stop-Service`: a service cmdlet given no service binds the
  // names (or service objects) it is handed, as `Stop-Service WinDefend` names it.
  if (info.pipeIndex > 0 && info.prev && info.mode !== 'cmd' && PIPED_SERVICE.has(inv.program) && namesNoService(native)) {
    const piped = pipedPaths(st, info.prev);
    native.push(piped);
    inv.args = [...inv.args, piped];
  }
  // A program a native wrapper starts (`npx some-tool`) is no cmdlet, whatever its name looks like.
  const cmdletShaped = info.mode !== 'cmd' && inv.wrappers.length === 0 && CMDLET.test(inv.program) && !inv.program.includes('.');
  const answer = ask(inv, native, 'powershell', info.pipeIndex > 0 ? { kind: 'stream', why: 'the pipeline' } : undefined, (n) => {
    const v = st.ctx.vars.get(variableKey(`env:${n}`));
    return v === undefined ? undefined : v === UNKNOWN ? null : v;
  }, () => [...st.ctx.vars.keys()].filter((k) => k.startsWith('env:')).map((k) => k.slice(4).toUpperCase()), undefined, st.ctx.out);
  if (cmdletShaped && inv.known === false) delete inv.known;
  if (answer) noteInit(st, inv, answer, info.mode === 'cmd');
  // A program that prints paths (`git ls-files`, `rg -l x`): a later element handed them reads them (see pipedPaths).
  const out = answer?.output;
  if (out?.kind === 'paths') {
    // PowerShell hands a native program's output on a line at a time: a name find prints may hold a newline (see pieces).
    st.printedPaths.set(inv.span.start, pieces(out.under.map((w) => ({ values: w.values, cwd: inv.cwd, ...pathLimits(out) })), 'lines'));
  }
  // The work tree's top only of git found by name (`./git` is a file of the project, printing anything).
  if (out?.kind === 'directory' && out.holds && inv.cwd !== null && !/[\\/]/.test(inv.path)) st.printedTops.set(inv.span.start, inv.cwd);
  // `pwsh -Command { … }`, `Invoke-Command { … }`: the block is already lowered where it stands. What the program does
  // that no block holds (odbcconf's REGSVR loads a DLL: an opaque run) is still its own.
  if (!answer) return;
  const blocks = args.some((a) => a.dynamic === 'script block');
  const runs = blocks ? answer.runs?.filter((r) => r.kind === 'opaque') : answer.runs;
  if (blocks && (runs === undefined || runs.length === 0)) return;
  // Interpreter code (`python3 -c`): the paths it opens join the interpreter's uses; what it starts reads the pipeline.
  const code = { invocation: inv, stdin: info.pipeIndex > 0 };
  const text = (words: Word[], dialect: ScriptDialect, via: string, delayed: boolean) => {
    const dyn = words.find((w) => w.values === null);
    if (dyn) {
      floorAt(st, FLOOR.dynamicScript, dyn.span, `${via} runs computed text: ${dyn.dynamic ?? 'unknown'}`, seg);
      return;
    }
    const joined = dialect === 'cmd' ? cmdLine(words.map((w) => (w.values as string[]).join(' '))) : words.map((w) => (w.values as string[]).join(' ')).join(' ');
    const at = words.length === 1 ? (words[0] as Word).span : spanOf(words, 0, words.length - 1);
    if (dialect === 'cmd') runCmd(st, joined, at, delayed, info);
    else reenter(st, joined, at, dialect, false, code);
  };
  const host: Host = {
    argv: (argv, _via, _cwd, _stdin, vars) => withWrapper(st, inv.program, () => withEnvironment(st, vars, () => resolveCommand(st, argv, seg, { pipeIndex: -1, prev: null, mode: 'exec', depth: info.depth }))),
    script: (words, dialect, via, _cwd, delayed) => withWrapper(st, inv.program, () => text(words, dialect, via, delayed)),
    text: (t, word, dialect) =>
      withWrapper(st, inv.program, () => {
        if (dialect === 'cmd') runCmd(st, t, word.span, false, info);
        else reenter(st, t, word.span, dialect, false, code);
      }),
    stdin: (_dialect, via) => {
      if (info.pipeIndex > 0) floorAt(st, FLOOR.streamToShell, inv.span, `${via} reads its script from the pipeline`, seg);
      // The line's own stdin, when it is text typed in later that no one checks (see CommandLine.stdin).
      else if (isTyped(st.ctx.bashStdin)) floorAt(st, FLOOR.streamToShell, inv.span, `${via} reads its script from ${st.ctx.bashStdin.why}`, seg);
    },
    // Files a PowerShell line writes are not followed: a script file is out of scope, as any is. An option that loads
    // code as a variable does (`ruby -I DIR` as RUBYLIB) is judged as that variable is.
    file: (word, _dialect, _via, _same, loads) => {
      if (loads !== undefined) codeEnvAssignment(st, loads, word, seg);
    },
    project: () => {},
    assign: (name, value) => codeEnvAssignment(st, name.toUpperCase(), value, seg),
    floor: (rule, at, why) => floorAt(st, rule, at, why, seg),
    invocations: st.ctx.out.invocations,
    out: st.ctx.out,
  };
  if (act(host, runs, new Map())) inv.wraps = true;
}

/** cmd text (`cmd /c …`, or from bash): split as cmd splits it, each command resolved in cmd's mode. */
export function runCmd(st: State, text: string, at: Span, delayed: boolean, info: Pick<CommandInfo, 'depth'>): void {
  const readings = cmdReadings(text);
  if (readings.length === 1) runCmdText(st, readings[0]!, at, delayed, info);
  else for (const t of readings) branch(st, 'cmd', () => runCmdText(st, t, at, delayed, info));
}

function runCmdText(st: State, text: string, at: Span, delayed: boolean, info: Pick<CommandInfo, 'depth'>): void {
  const split = splitCmd(text, scope(st), delayed);
  if (!split.ok) {
    floorAt(st, FLOOR.dynamicScript, at, `cmd /c: ${split.reason}`);
    return;
  }
  const depth = info.depth + 1;
  nested(st, 'cmd', () => {
    split.commands.forEach((c, i) => {
      // Windows programs and cmd's own commands expand `*` and `?` themselves, quoted or not (`type %USERPROFILE%\*`).
      // A computed word is shown without its carets: `call` expands `%GITHUB_^TOKEN%` again, as %GITHUB_TOKEN%.
      const toWordAt = (w: CmdWord): Word =>
        w.value === null ? { text: w.text.replace(/\^(.)/gs, '$1'), span: at, values: null, dynamic: w.reason ?? 'dynamic' } : { text: w.text, span: at, values: [w.value], ...(/[*?]/.test(w.value) ? { glob: true } : {}) };
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

/** Runs `f` with the variables a wrapper sets for its command (`env X=1 cmd`) in the environment, then puts it back. */
export function withEnvironment(st: State, vars: ReadonlyMap<string, string | null>, f: () => void): void {
  const saved = new Map<string, string | undefined>();
  for (const [name, v] of vars) {
    const key = variableKey(`env:${name}`);
    if (!saved.has(key)) saved.set(key, st.ctx.vars.get(key));
    st.ctx.vars.set(key, v ?? UNKNOWN);
  }
  try {
    f();
  } finally {
    for (const [key, v] of saved) {
      if (v === undefined) st.ctx.vars.delete(key);
      else st.ctx.vars.set(key, v);
    }
  }
}

/** `$env:GIT_SSH_COMMAND = '…'`: a variable whose value git, a pager or an editor later runs through sh. */
export function codeEnvAssignment(st: State, name: string, value: Word, seg: number): void {
  // A variable that makes an interpreter or the loader take code first (`$env:LD_PRELOAD`, `$env:PYTHONPATH`) is judged
  // as bash's export of it is, where what counts as loading code is read.
  if (isLoadingVariable(name)) {
    if (value.values === null) {
      if (!isModuleDirVariable(name) && !isSettingsVariable(name)) floorAt(st, FLOOR.dynamicScript, value.span, `$env:${name} holds options computed at run time that may load code: ${value.dynamic ?? 'computed'}`, seg);
    } else {
      for (const v of value.values) {
        // Windows spells paths with `\` and a drive (`C:\tmp`, absolute) and separates a list with `;`.
        // (After `:` too: `-javaagent:C:\tmp\x.jar`.)
        const posix = v.replace(/\\/g, '/').replace(/(^|[\s;=:])([A-Za-z]):\//g, '$1/$2:/');
        for (const piece of isModuleDirVariable(name) ? posix.split(';') : [posix]) reenter(st, `export ${name}='${piece.replace(/'/g, `'\\''`)}'`, value.span, 'bash', false);
      }
    }
  }
  const code = codeAssignment(`$env:${name}`, name, value);
  if (code && 'computed' in code) floorAt(st, FLOOR.dynamicScript, value.span, code.computed, seg);
  else if (code) {
    startsGiven(st.ctx.out.invocations, code.more, () => {
      for (const text of code.scripts) reenter(st, text, value.span, 'bash', false);
    });
  }
}

function isTyped(stdin: unknown): stdin is { kind: 'stream'; why: string } {
  return typeof stdin === 'object' && stdin !== null && (stdin as { kind?: unknown }).kind === 'stream' && typeof (stdin as { why?: unknown }).why === 'string';
}
