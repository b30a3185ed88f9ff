// What a resolved PowerShell command does to the lowering: location, aliases, variables, and the cmdlets that run code.
import { FLOOR } from '../resolve/floor.js';
import type { Invocation, Word } from '../types.js';
import { bind, namedWord } from '../programs/bind.js';
import { hashOf } from '../programs/words.js';
import { BUILTIN_ALIASES, UNKNOWN, aliasKey, canonicalName } from './names.js';
import { joinPath, normaliseType, recursedLeaves, staticBasename } from './paths.js';
import { splitWindowsArgs } from './shells.js';
import { expandTilde, providerPath, variableKey } from './words.js';
import { type CommandInfo, type State, floorAt, reenter, synthetic, withWrapper } from './state.js';
import { isKnownScriptBlock, wordOf } from './values.js';
import { CMDLET, CMD_INTERNAL, RECURSE, bindPipedPath, codeEnvAssignment, nativeProgram, pipeInput, withEnvironment } from './native.js';
import { isSpread } from './splat.js';
import { DYNAMIC_CODE_MEMBERS, itemDelete, memberEntry, namesProcess, typeNames, wmiObject, connectionServers } from './members.js';
import { callDeferred } from './lower.js';
import { initOfElements } from './init.js';
import { membersNamed, propertyReads } from './plaintext.js';

/**
 * Commands whose parameters change nothing a rule reads (they show or shape what they are given): a splat they are
 * given that cannot be read (`Write-Output @args`) is no concern. Any other command could be given any parameter by it.
 */
export const SPLAT_HARMLESS = new Set([
  'write-output',
  'write-host',
  'write-verbose',
  'write-debug',
  'write-warning',
  'write-information',
  'write-error',
  'write-progress',
  'format-table',
  'format-list',
  'format-wide',
  'out-string',
  'out-null',
  'out-host',
  'select-object',
  'sort-object',
  'measure-object',
  'group-object',
  'convertto-json',
  'convertfrom-json',
  'get-date',
  'get-location',
  'start-sleep',
]);

/**
 * Aliases of Windows PowerShell 5.1 that PowerShell 7 does not define on Linux and macOS (`sc` nowhere): there the name
 * runs the native program.
 */
const NATIVE_IN_7 = new Set(['cat', 'cp', 'diff', 'kill', 'ls', 'man', 'mount', 'mv', 'ps', 'rm', 'rmdir', 'sleep', 'sort', 'tee', 'sc']);

/**
 * Arguments on a drive the line made (`R:\Run` after `New-PSDrive R Registry HKCU:\…`): the same path under the
 * drive's root. On a drive whose root (or name) is computed, the path is computed too.
 */
function throughDrives(st: State, args: Word[]): Word[] {
  if (![...st.ctx.vars.keys()].some((k) => k.startsWith('psdrive:'))) return args;
  const anyDrive = st.ctx.vars.get(variableKey('psdrive:*')) === UNKNOWN;
  return args.map((w) => {
    if (w.values === null) return w;
    let unknown = false;
    const values = w.values.map((v) => {
      const m = /^([A-Za-z][\w.-]*):(.*)$/s.exec(v);
      if (!m) return v;
      const root = st.ctx.vars.get(variableKey(`psdrive:${m[1]}`));
      if (root === undefined && !anyDrive) return v;
      if (root === undefined || root === UNKNOWN) {
        unknown = true;
        return v;
      }
      return `${root.replace(/[\\/]+$/, '')}\\${m[2]!.replace(/^[\\/]+/, '')}`;
    });
    return unknown ? { ...w, values: null, dynamic: `a path on drive ${w.text.split(':')[0]}, whose root is computed` } : { ...w, values };
  });
}

export function resolveCommand(st: State, words: Word[], seg: number, info: CommandInfo): void {
  const name = words[0] as Word;
  const args = info.mode === 'cmd' ? words.slice(1) : throughDrives(st, words.slice(1));
  const base = name.values === null ? staticBasename(name.text) : null;
  if ((name.values === null && base === null) || (name.values !== null && name.values.length !== 1)) {
    const why = name.values === null ? (name.dynamic ?? 'dynamic') : 'several values';
    floorAt(st, FLOOR.dynamicCommand, name.span, `the program at command position is not static (${why})`, seg);
    return;
  }
  const path = base === null ? (name.values?.[0] as string) : name.text;
  // cmd ends a program name at `/` (`curl/V` runs curl with /V; a path there starts with a drive or a dot) and at its
  // delimiters `,` `;` `=` (`curl,-s x` runs curl: the rest is its own first word, an argument to cmd's own commands).
  const glued = info.mode === 'cmd' ? (/^([A-Za-z0-9_-]+)(\/.*)$/.exec(path) ?? /^([^,;=]+)[,;=]+(.*)$/s.exec(path)) : null;
  if (glued?.[1] && glued[2] !== undefined) {
    const rest = glued[2] === '' ? [] : [{ ...name, values: [glued[2]] }];
    resolveCommand(st, [{ ...name, values: [glued[1]] }, ...rest, ...args], seg, info);
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
  // `rm -rf ~`: PowerShell 7 on Linux and macOS has no `rm` alias and runs the native program, 5.1 runs Remove-Item
  // (and 7 has no `sc` alias anywhere: sc.exe). The native reading is judged too; the alias's follows.
  if (info.mode === 'ps' && base === null && NATIVE_IN_7.has(path.toLowerCase()) && program === BUILTIN_ALIASES.get(path.toLowerCase()) && st.ctx.vars.get(aliasKey(path)) === undefined) {
    resolveCommand(st, words, seg, { ...info, mode: 'exec' });
  }
  const inv: Invocation = {
    dialect: 'powershell',
    program,
    path,
    args,
    wrappers: [...st.wrappers],
    cwd: st.cwd,
    ...(st.cwd === null && st.gitTop !== undefined ? { cwdTop: st.gitTop } : {}),
    span: name.span,
    segment: seg,
    depth: info.depth,
  };
  st.ctx.out.invocations.push(inv);
  if (args.some((a) => a.dynamic === 'script block')) inv.wraps = true;
  const fn = info.mode === 'ps' ? st.functions.get(program) : undefined;
  if (fn) callDeferred(st, fn, 'function');
  const cmd = info.mode === 'cmd';
  // `Remove-Item @p` with a `$p` the line did not write as a literal (splat.ts reads those): any parameter may be set.
  if (!cmd && !SPLAT_HARMLESS.has(program) && args.some((a) => a.dynamic === 'splatting')) {
    floorAt(st, FLOOR.dynamicScript, name.span, `splatted arguments that cannot be read could give ${program} any parameter or name what it runs`, seg);
    if (program === 'set-location' || program === 'push-location') {
      st.cwd = null;
      st.gitTop = undefined;
    }
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
      // Its words' roles (a directory gone into, no content read) are the registry's.
      nativeProgram(st, inv, args, seg, info);
      if (program === 'push-location') st.stack.push(st.cwd);
      const target = namedWord(b, b.named.has('literalpath') ? 'literalpath' : 'path', 0);
      setLocation(st, target);
      // `Set-Location (git rev-parse --show-toplevel)`: the top of the work tree holding the directory git ran in, or
      // (git finding none, and printing nothing) an error that leaves the location where it was; as bash's `cd
      // "$(git rev-parse --show-toplevel)"` (Word.top). Only a parenthesis that holds that one command.
      const top = target && /^\$?\(\s*[^\s;|&(){}`$'"@]+(?:\s+[^\s;|&(){}`$'"@]+)*\s*\)$/.test(target.text) ? [...st.printedTops].find(([at]) => at > target.span.start && at < target.span.end)?.[1] : undefined;
      if (top !== undefined && st.cwd === null && b.named.size === 0 && args.length === 1) st.gitTop = top;
      return;
    }
    case 'pop-location':
      if (st.stack.length > 0) st.cwd = st.stack.pop() ?? null;
      st.gitTop = undefined;
      return;
    case 'cd':
    case 'chdir':
    case 'pushd':
      if (cmd) {
        nativeProgram(st, inv, args, seg, info);
        if (program === 'pushd') st.stack.push(st.cwd);
        const target = args.filter((a) => !/^\/d$/i.test(a.text));
        if (target.length === 0 && program !== 'pushd') return;
        setLocation(st, target.length === 1 ? target[0] : { text: '', span: name.span, values: null, dynamic: 'several words' });
      }
      return;
    case 'popd':
      if (cmd && st.stack.length > 0) st.cwd = st.stack.pop() ?? null;
      if (cmd) st.gitTop = undefined;
      return;
    case 'set-alias':
    case 'new-alias':
      defineAlias(st, args, name, seg);
      return;
    case 'set-variable':
    case 'new-variable':
      // `Set-Variable PSDefaultParameterValues @{'Remove-Item:Path'='~'}`: parameters given where no command shows them.
      {
        const named = args.find((a) => a.values?.some((v) => /^(?:global:|script:)?PSDefaultParameterValues$/i.test(v)));
        if (named) floorAt(st, FLOOR.dynamicCode, named.span, '$PSDefaultParameterValues gives commands parameters their words do not show', seg);
      }
      defineVariable(st, args);
      return;
    case 'get-variable': {
      // Its objects set what they hold (`(Get-Variable c).Value = 'iwr'`): the variables it names may hold anything
      // from here on; named by no static word, any may. -ValueOnly hands out values, no object.
      if (args.some((a) => /^-va(?:l(?:u(?:e(?:o(?:n(?:ly?)?)?)?)?)?)?$/i.test(a.text))) return;
      const names = args.filter((a, i) => a.values !== null && !a.text.startsWith('-') && !/^-(scope|include|exclude)$/i.test(args[i - 1]?.text ?? ''));
      if (names.length === 0 || args.some((a) => a.values === null)) for (const k of [...st.ctx.vars.keys()]) st.ctx.vars.set(k, UNKNOWN);
      for (const a of names) for (const v of a.values!) st.ctx.vars.set(variableKey(v), UNKNOWN);
      return;
    }
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
        // Where it runs the block (here, or on another machine) is the registry's answer.
        if (program === 'invoke-command') nativeProgram(st, inv, args, seg, info);
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
      if (!cmd && !envItem(st, program, args, seg, info.pipeIndex > 0)) driveDefinition(st, args, seg);
      // What New-Item -Force replaces, and the key Set-Item writes, are their registry entries'.
      if (program === 'new-item' || !cmd) nativeProgram(st, inv, args, seg, info);
      return;
    case 'rename-item':
      if (!cmd) {
        driveDefinition(st, args, seg);
        envMove(st, program, args, seg);
        nativeProgram(st, inv, args, seg, info);
      }
      return;
    case 'copy-item':
    case 'move-item':
      if (!cmd) {
        driveDefinition(st, args, seg);
        envMove(st, program, args, seg);
      }
      nativeProgram(st, inv, args, seg, info);
      return;
    case 'set-content':
    case 'add-content':
      // `Set-Content Env:NODE_OPTIONS '--require …'`: the content of an Env: item is the variable's value.
      if (!cmd && !envItem(st, program, args, seg, info.pipeIndex > 0)) driveDefinition(st, args, seg);
      nativeProgram(st, inv, args, seg, info);
      return;
    case 'import-alias':
      if (!cmd) floorAt(st, FLOOR.dynamicCommand, name.span, 'Import-Alias defines aliases read from a file: any later name could run anything', seg);
      return;
    case 'new-psdrive': {
      if (cmd) return;
      const b = bind(args, ['name', 'psprovider', 'root', 'description', 'scope', 'credential'], ['persist', 'whatif', 'confirm'], { provider: 'psprovider' });
      const provider = namedWord(b, 'psprovider', 1);
      const p = provider?.values?.length === 1 ? provider.values[0]?.toLowerCase().replace(/^microsoft\.powershell\.core\\/, '') : undefined;
      if (p === undefined || !['filesystem', 'registry', 'certificate', 'wsman'].includes(p)) {
        floorAt(st, FLOOR.dynamicCode, (provider ?? name).span, `a new drive on the ${p ?? 'unknown'} provider: what later reads it through that drive is not followed`, seg);
      }
      // `New-PSDrive R Registry HKCU:\…\CurrentVersion; Set-ItemProperty R:\Run …`: a later path on the drive is a path
      // under its root (see throughDrives); a computed name or root makes every drive's paths unknown.
      const driveName = namedWord(b, 'name', 0);
      const root = namedWord(b, 'root', 2);
      const n = driveName?.values?.length === 1 ? driveName.values[0] : undefined;
      const r = root?.values?.length === 1 ? root.values[0] : undefined;
      // The Registry provider takes a bare hive as a root (`-Root HKEY_CLASSES_ROOT`): its paths are the provider's.
      const hive = p === 'registry' && r !== undefined && /^(?:hkey_[a-z_]+|hk(?:cu|lm|cr|u|cc))(?:[\\/]|$)/i.test(r);
      if (n === undefined) st.ctx.vars.set(variableKey('psdrive:*'), UNKNOWN);
      else st.ctx.vars.set(variableKey(`psdrive:${n.replace(/:$/, '')}`), r === undefined ? UNKNOWN : hive ? `Registry::${r}` : expandTilde(r, st.ctx.home));
      nativeProgram(st, inv, args, seg, info);
      return;
    }
    case 'subst': {
      // `subst K: C:\Users\dev\.ssh` makes K:\ that directory for the session, as New-PSDrive does a drive of its own
      // (`subst K: /d` removes it): a later path on K: is a path under it (see throughDrives).
      // Its own drive word as written: once K: is a drive (a loop's second pass), throughDrives would map `K:` to its root.
      const own = words.slice(1);
      const [drive, root] = own.map((a) => (a.values?.length === 1 ? a.values[0] : undefined));
      if (own.length === 2 && !/^\/d$/i.test(root ?? '')) {
        if (drive === undefined || !/^[a-z]:$/i.test(drive)) st.ctx.vars.set(variableKey('psdrive:*'), UNKNOWN);
        else st.ctx.vars.set(variableKey(`psdrive:${drive[0]}`), root === undefined ? UNKNOWN : expandTilde(root, st.ctx.home));
      }
      nativeWithReadings(st, inv, args, seg, info);
      return;
    }
    case 'invoke-wmimethod':
    case 'invoke-cimmethod':
      if (args.some((a) => a.values === null || a.values.some((v) => /win32_process/i.test(v)))) {
        floorAt(st, FLOOR.dynamicCode, name.span, `${program} can start a process through WMI`, seg);
      }
      return;
    case 'invoke-item':
      // `'~/.ssh/id_rsa' | Invoke-Item`, `'https://x' | ii`: the path it is handed, as if written.
      if (!cmd) bindPipedPath(st, inv, args, seg, info);
      if (!cmd) invokeItem(st, inv, args, seg, info);
      return;
    case 'get-item':
    case 'get-childitem':
      if (!cmd) variableItems(st, args);
      nativeWithReadings(st, inv, args, seg, info);
      return;
    case 'select-object':
    case 'format-list':
    case 'format-table':
    case 'format-wide':
    case 'format-custom':
    case 'group-object':
    case 'sort-object':
    case 'measure-object':
    case 'compare-object':
    case 'convertto-json':
    case 'convertto-csv':
    case 'export-csv':
    case 'convertto-xml':
    case 'export-clixml':
    case 'convertto-html':
      // `| Select-Object -ExpandProperty SecretValueText`, `| fl *`: members read by name, a secret's plain text among them.
      if (!cmd) propertyReads(st, program, args, name);
      nativeWithReadings(st, inv, args, seg, info);
      return;
    case 'import-localizeddata': {
      // -BindingVariable (its first position) is set to the data file's table: from here on it holds anything.
      const b = bind(args, ['bindingvariable', 'uiculture', 'basedirectory', 'filename', 'supportedcommand'], []);
      const bound = namedWord(b, 'bindingvariable', 0);
      if (bound?.values?.length === 1) st.ctx.vars.set(variableKey(bound.values[0] as string), UNKNOWN);
      else if (bound) for (const k of [...st.ctx.vars.keys()]) st.ctx.vars.set(k, UNKNOWN);
      nativeWithReadings(st, inv, args, seg, info);
      return;
    }
    default:
      if (cmd && CMD_INTERNAL.has(program)) {
        if (program === 'set') cmdSet(st, args, seg);
        cmdFiles(inv);
        return;
      }
      nativeWithReadings(st, inv, args, seg, info);
  }
}

/** Words PowerShell 7 and 5.1 read differently (`` r`eset ``: `e is ESC in 7, a plain e in 5.1): their two values. */
function twoReadings(w: Word): boolean {
  return w.values?.length === 2 && /(?:^|[^`])(?:``)*`e/.test(w.text) && !w.text.includes(',');
}

/**
 * A program given words PowerShell 7 and 5.1 read differently (`git r`eset --hard`: 5.1 hands git `reset`): each
 * reading is judged as its own invocation, so the worse one decides.
 */
function nativeWithReadings(st: State, inv: Invocation, given: Word[], seg: number, info: CommandInfo): void {
  // `rm $a` with `$a = '-rf','~'`: a native program is given each element of an array as its own argument.
  const spread = info.mode !== 'cmd' && !CMDLET.test(inv.program) && given.some(isSpread);
  const args = spread ? given.flatMap((w) => (isSpread(w) && w.values !== null ? w.values.map((v) => ({ ...w, values: [v] })) : [w])) : given;
  if (spread) inv.args = args;
  if (info.mode === 'cmd' || !args.some(twoReadings)) {
    nativeProgram(st, inv, args, seg, info);
    return;
  }
  const reading = (k: 0 | 1) => args.map((w) => (twoReadings(w) ? { ...w, values: [w.values?.[k] as string] } : w));
  const seven = reading(0);
  const old = reading(1);
  const second: Invocation = { ...inv, args: old, wrappers: [...inv.wrappers] };
  inv.args = seven;
  nativeProgram(st, inv, seven, seg, info);
  st.ctx.out.invocations.push(second);
  nativeProgram(st, second, old, seg, info);
}

export function setLocation(st: State, target: Word | undefined): void {
  st.gitTop = undefined;
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

export function defineAlias(st: State, args: Word[], name: Word, seg: number): void {
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

export function defineVariable(st: State, args: Word[]): void {
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

/** An address with a scheme (`https://…`, `search-ms:…`), not a drive letter (`C:`). */
const SCHEME = /^([a-z][a-z0-9+.-]+):/i;

/**
 * Opening an address rather than a file (`Start-Process https://…`, `start https://…`, `ii https://…`): Windows hands
 * it to its scheme's handler. A URL with an authority opens in the browser, which fetches it: read as `explorer URL`,
 * whose registry entry reads the destination (a loopback page passes). Any other scheme's handler (`search-ms:`,
 * `ms-msdt:`) is a program the line does not name: cannot vouch. True when `word` was such an address.
 */
export function openedAddress(st: State, word: Word, seg: number, info: CommandInfo): boolean {
  const v = word.values?.length === 1 ? (word.values[0] as string) : undefined;
  const m = v === undefined ? null : SCHEME.exec(v);
  if (!m || v === undefined) return false;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(v)) resolveCommand(st, [synthetic('explorer', word.span), word], seg, { ...info, mode: 'exec', pipeIndex: -1 });
  else floorAt(st, FLOOR.dynamicCommand, word.span, `${v} is handed to the ${m[1]}: protocol's handler, a program the line does not name`, seg);
  return true;
}

export function startProcess(st: State, inv: Invocation, args: Word[], seg: number, info: CommandInfo): void {
  const b = bind(
    args,
    ['filepath', 'argumentlist', 'workingdirectory', 'verb', 'windowstyle', 'credential', 'redirectstandardinput', 'redirectstandardoutput', 'redirectstandarderror', 'environment'],
    ['wait', 'nonewwindow', 'passthru', 'usenewenvironment', 'loaduserprofile', 'whatif', 'confirm', 'usenewenvironment'],
    { path: 'filepath', pspath: 'filepath', lp: 'filepath', args: 'argumentlist' },
  );
  const file = namedWord(b, 'filepath', 0);
  if (!file) return;
  inv.wraps = true;
  // -RedirectStandardOutput/-RedirectStandardError write a file as `prog > FILE` does; -RedirectStandardInput reads one.
  const redirects: NonNullable<Invocation['uses']> = [];
  for (const [param, role] of [['redirectstandardoutput', 'write'], ['redirectstandarderror', 'write'], ['redirectstandardinput', 'read']] as const) {
    const w = namedWord(b, param, -1);
    if (w) redirects.push({ role, span: w.span, text: w.text, ...(w.values ? { values: w.values } : {}) });
  }
  if (redirects.length > 0) inv.uses = [...(inv.uses ?? []), ...redirects];
  const list = namedWord(b, 'argumentlist', 1);
  let listWords: Word[] = [];
  if (list) {
    if (list.values === null) listWords = [list];
    else if (list.values.length === 1) listWords = splitWindowsArgs(list.values[0] as string).map((v) => synthetic(v, list.span));
    else listWords = list.values.map((v) => synthetic(v, list.span));
  }
  // `-Environment @{GIT_SSH_COMMAND='…'}` (PowerShell 7.4): variables set for the child, as `env X=… prog` sets them.
  const envWord = namedWord(b, 'environment', -1);
  const env = new Map<string, string | null>();
  if (envWord) {
    const table = hashOf(envWord);
    if (table === undefined) floorAt(st, FLOOR.dynamicScript, envWord.span, 'Start-Process -Environment sets variables for the program that vouch cannot read', seg);
    for (const [k, v] of table ?? []) {
      env.set(k.toUpperCase(), v);
      codeEnvAssignment(st, k.toUpperCase(), v === null ? { text: envWord.text, span: envWord.span, values: null, dynamic: 'a computed value' } : { text: v, span: envWord.span, values: [v] }, seg);
    }
  }
  withWrapper(st, 'start-process', () =>
    withEnvironment(st, env, () => {
      if (!openedAddress(st, file, seg, info)) resolveCommand(st, [file, ...listWords], seg, { ...info, mode: 'exec', pipeIndex: -1 });
    }),
  );
}

/** `ii .\\tool.exe` runs the file: an executable named there is a program. */
export function invokeItem(st: State, inv: Invocation, args: Word[], seg: number, info: CommandInfo): void {
  for (const a of args) {
    const v = a.values?.length === 1 ? a.values[0] : undefined;
    if (v === undefined || a.text.startsWith('-') || !(SCHEME.test(v) || /\.(exe|cmd|bat|com)$/i.test(v))) continue;
    inv.wraps = true;
    withWrapper(st, 'invoke-item', () => {
      if (!openedAddress(st, a, seg, info)) resolveCommand(st, [a], seg, { ...info, mode: 'exec', pipeIndex: -1 });
    });
  }
}

export function cmdStart(st: State, inv: Invocation, args: Word[], seg: number, info: CommandInfo): void {
  let i = 0;
  // `start "title" prog`: a first quoted word is the window title.
  if (inv.program === 'start' && args[0]?.text.startsWith('"')) i++;
  // An empty title among the switches (`start /min "" notepad`) names no program.
  while (i < args.length && (/^\//.test(args[i]?.text ?? '') || (inv.program === 'start' && args[i]?.text === '""'))) {
    const flag = (args[i]?.text ?? '').toLowerCase();
    i += flag === '/d' || flag === '/node' || flag === '/affinity' ? 2 : 1;
  }
  if (i >= args.length) return;
  // `start .`: the directory opened in Explorer.
  if (inv.program === 'start' && /^\.\.?[\\/]?$/.test(args[i]?.values?.[0] ?? '')) return;
  inv.wraps = true;
  withWrapper(st, inv.program, () => {
    if (!openedAddress(st, args[i] as Word, seg, info)) resolveCommand(st, args.slice(i), seg, info);
  });
}

export function invokeExpression(st: State, inv: Invocation, args: Word[], seg: number, info: CommandInfo): void {
  const b = bind(args, ['command'], []);
  const script = namedWord(b, 'command', 0);
  if (!script) {
    // `starship init powershell | iex`, `fnm env | Out-String | iex`: a known program's own setup code (init.ts).
    if (info.pipeIndex > 0 && info.before && initOfElements(st, info.before) !== undefined) {
      inv.wraps = true;
      return;
    }
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
  if (script.values === null && script.init !== undefined && b.positional.length + b.named.size === 1) {
    inv.wraps = true;
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
export function runsScriptBlock(st: State, inv: Invocation, args: Word[], seg: number, valueParams: string[], blockParam: string): void {
  const b = bind(args, valueParams, ['asjob', 'hidecomputername', 'nonewscope', 'indisconnectedsession', 'runasadministrator', 'enablenetworkaccess'], {
    sb: 'scriptblock',
    command: 'scriptblock',
    cn: 'computername',
    args: 'argumentlist',
    file: 'filepath',
    pspath: 'filepath',
  });
  if (b.named.has('filepath')) return;
  const perItem = inv.program === 'foreach-object' || inv.program === 'where-object';
  // `% -MemberName Invoke`, `% Invoke`: a member called on each input; a code-running one (or a computed name) could
  // run whatever the pipeline holds.
  const member = b.named.get('membername') ?? (perItem && b.positional[0]?.values !== null ? b.positional[0] : undefined);
  if (member !== undefined && member !== true) {
    const m = member.values?.length === 1 ? member.values[0]?.toLowerCase() : undefined;
    if (m === undefined || m === 'invoke' || m === 'invokereturnasis' || DYNAMIC_CODE_MEMBERS.has(m) || m === 'create') {
      floorAt(st, FLOOR.dynamicCode, member.span, `${inv.program} calls ${m ?? 'a computed member'} on each input: code no static reading can name`, seg);
    }
    // `$p | % Start` on a line that makes a Process: its Start, as `$p.Start()` (members.ts).
    if (m === 'start' && inv.program === 'foreach-object' && namesProcess(st)) {
      floorAt(st, FLOOR.dynamicCommand, member.span, "a Process object's Start runs the program its StartInfo names, which vouch does not follow", seg);
    }
    // `| % SecretValueText`, `| % GetNetworkCredential`, `| ? SecretValueText -like …`: a secret's plain text, read by
    // its name as `$_.SecretValueText` reads it (ForEach-Object calls a method it names).
    membersNamed(st, [member], inv.program === 'foreach-object');
    // `gci /etc -r | % Delete`: each item's Delete, as `% { $_.Delete() }` (`-ArgumentList $true`: each one's tree).
    if (m === 'delete' && inv.program === 'foreach-object') {
      const list = b.named.get('argumentlist');
      const recursive = list !== undefined && (list === true || list.values === null || list.values.some((v) => /^\$?true$/i.test(v)));
      itemDelete(st, pipeInput(st), recursive, member.span, seg);
    }
    if (b.named.has('membername')) return;
  }
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

export function newObject(st: State, args: Word[], name: Word, seg: number): void {
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
  const list = namedWord(b, 'argumentlist', 1);
  for (const type of typeNames(st, v)) {
    const servers = connectionServers(type, list);
    st.ctx.out.typeUses.push({ type, span: t.span, segment: seg, ...(servers ? { servers } : {}) });
  }
  if (wmiObject(st, typeNames(st, v), t.span, seg)) return;
  memberEntry(st, typeNames(st, v), 'new', list ? [list] : [], t.span, seg);
}

/**
 * `Set-Item env:GIT_SSH_COMMAND '…'`, `New-Item env:X -Value …`, `Set-Content env:X …`, `Add-Content env:X …`: the
 * same as `$env:X = …` (Add-Content's piece is part of the value), so a variable git or a pager later runs is read as
 * code. A value piped in (`'…' | Set-Content env:X`) is computed. Returns false when the item is not in Env:.
 */
export function envItem(st: State, program: string, args: Word[], seg: number, piped = false): boolean {
  const b = bind(args, ['path', 'literalpath', 'name', 'value', 'itemtype', 'type', 'filter', 'include', 'exclude', 'credential', 'encoding', 'stream', 'delimiter'], ['force', 'passthru', 'whatif', 'confirm', 'nonewline', 'asbytestream']);
  const path = namedWord(b, b.named.has('literalpath') ? 'literalpath' : 'path', 0);
  const p = path?.values?.length === 1 ? path.values[0] : undefined;
  const m = p === undefined ? null : /^(?:microsoft\.powershell\.core\\)?(?:env:|environment::)[\\/]?(.*)$/i.exec(p);
  if (!m) return false;
  const named = namedWord(b, 'name', -1);
  const varName = (m[1] !== '' ? m[1] : named?.values?.length === 1 ? named.values[0] : undefined)?.toUpperCase();
  const given = namedWord(b, 'value', program === 'new-item' ? -1 : 1);
  const value = given ?? (piped ? { text: varName ?? 'env', span: (path as Word).span, values: null, dynamic: 'a value piped in' } : undefined);
  if (varName === undefined || /[*?[]/.test(varName)) {
    for (const k of st.ctx.vars.keys()) if (k.startsWith('env:')) st.ctx.vars.set(k, UNKNOWN);
    if (value) floorAt(st, FLOOR.dynamicScript, (path ?? value).span, `${program} sets an environment variable that is not static`, seg);
    return true;
  }
  if (!value) return true;
  const v = value.values?.length === 1 ? value.values[0] : undefined;
  st.ctx.vars.set(variableKey(`env:${varName}`), v ?? UNKNOWN);
  // The same as `$env:X = …`: a secret copied there is printed by a later `$env:X`.
  st.ctx.out.segments[seg]?.assignments.push({ name: `env:${varName}`, value, span: value.span });
  codeEnvAssignment(st, varName, value, seg);
  return true;
}

const ENV_ITEM = /^(?:microsoft\.powershell\.core\\)?(?:env:|environment::)[\\/]?([A-Za-z_][A-Za-z0-9_]*)$/i;

/**
 * `Rename-Item env:GITHUB_TOKEN NODE_ENV`, `Copy-Item env:A env:B`: the variable's value now sits under another name,
 * read as an assignment `$env:B = $env:A` (a secret copied there is printed by a later `$env:B`).
 */
function envMove(st: State, program: string, args: Word[], seg: number): void {
  const b = bind(args, ['path', 'literalpath', 'newname', 'destination', 'filter', 'include', 'exclude', 'credential'], ['force', 'passthru', 'whatif', 'confirm', 'recurse', 'container'], { lp: 'literalpath', pspath: 'literalpath' });
  const from = namedWord(b, b.named.has('literalpath') ? 'literalpath' : 'path', 0);
  const to = namedWord(b, program === 'rename-item' ? 'newname' : 'destination', 1);
  const src = from?.values?.length === 1 ? ENV_ITEM.exec(from.values[0] as string)?.[1] : undefined;
  if (src === undefined || !to) return;
  const dest = to.values?.length === 1 ? (to.values[0] as string).replace(/^(?:env:|environment::)[\\/]?/i, '') : undefined;
  if (dest === undefined || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(dest)) {
    for (const k of st.ctx.vars.keys()) if (k.startsWith('env:')) st.ctx.vars.set(k, UNKNOWN);
    return;
  }
  st.ctx.vars.set(variableKey(`env:${dest}`), UNKNOWN);
  st.ctx.out.segments[seg]?.assignments.push({ name: `env:${dest}`, value: { text: `$env:${src}`, span: to.span, values: null, dynamic: 'environment variable' }, span: to.span });
}

/**
 * `(Get-Item Variable:c).Value = 'iwr …'`, `gci Variable: | % { $_.Value = … }`: the items of the Variable: drive are
 * the variables, and their objects set what they hold (as Get-Variable's do): those named may hold anything from here
 * on; all of them when the listing names no one variable (`Variable:`, a wildcard, a computed name after the drive).
 */
function variableItems(st: State, args: Word[]): void {
  for (const a of args) {
    if (a.values === null) {
      if (/variable:/i.test(a.text)) for (const k of [...st.ctx.vars.keys()]) st.ctx.vars.set(k, UNKNOWN);
      continue;
    }
    for (const v of a.values) {
      const m = /^variable:[\\/]?(.*)$/i.exec(providerPath(v));
      if (!m) continue;
      const name = m[1] as string;
      if (name === '' || /[*?[]/.test(name)) for (const k of [...st.ctx.vars.keys()]) st.ctx.vars.set(k, UNKNOWN);
      else st.ctx.vars.set(variableKey(`$${name}`), UNKNOWN);
    }
  }
}

export function driveDefinition(st: State, args: Word[], seg: number): void {
  for (const a of args) {
    const v = a.values?.[0]?.toLowerCase();
    if (v && /^(alias|function|variable):/.test(v)) {
      floorAt(st, FLOOR.dynamicCode, a.span, `defining ${v} through its drive changes what later names run`, seg);
      return;
    }
  }
}

/**
 * Cmdlets that list items: their output is FileInfo objects, which a later element may open; or objects that carry
 * the item's path (Resolve-Path's and Get-Acl's Path, Get-ItemProperty's PSPath), which it may bind and open alike.
 */
const LISTERS = new Set(['get-childitem', 'get-item', 'resolve-path', 'convert-path', 'get-itemproperty', 'get-acl']);
/** Cmdlets that only show, sort, count or drop the items piped into them (their names and metadata), or test or split their paths. */
const SHOWS_ITEMS = new Set(['select-object', 'format-table', 'format-list', 'format-wide', 'sort-object', 'measure-object', 'out-host', 'out-null', 'group-object', 'split-path', 'test-path']);
/** Cmdlets that read the content of the files piped into them. */
const PIPED_READERS = new Set(['select-string', 'get-content', 'copy-item', 'move-item', 'compress-archive', 'format-hex', 'import-csv', 'import-clixml']);

/**
 * `gci ~ -Recurse | sls password`, `gci ~\.aws | % { gc $_ }`: a listing read by a later element of the pipeline reads
 * the tree it lists (one level without -Recurse), as `find ~ -exec cat {} +` does. `invocations` were pushed by a
 * pipeline whose elements started at `starts`.
 */
export function listingsRead(invocations: Invocation[], starts: readonly number[]): void {
  for (let k = 0; k < starts.length; k++) {
    const later = k + 1 < starts.length ? invocations.slice(starts[k + 1]) : [];
    // Any later element may open what is listed, except those that only show, sort or count the items.
    const opened = later.some((i) => i.dialect === 'powershell' && (PIPED_READERS.has(i.program) || !SHOWS_ITEMS.has(i.program)));
    for (const inv of invocations.slice(starts[k], k + 1 < starts.length ? starts[k + 1] : undefined)) {
      if (inv.dialect !== 'powershell' || inv.uses?.some((u) => u.role === 'read-tree')) continue;
      if (opened && DOTNET_LISTERS.test(inv.program)) {
        dotnetListingRead(inv);
        continue;
      }
      if (!LISTERS.has(inv.program)) continue;
      // Kept in a variable (`-OutVariable f`), the items may be opened anywhere later on the line.
      if (!opened && !inv.args.some((w) => /^-(outvariable|ov|pipelinevariable|pv)(:|$)/i.test(w.text))) continue;
      const b = bind(inv.args, ['path', 'literalpath', 'filter', 'include', 'exclude', 'depth', 'attributes'], ['recurse', 'force', 'file', 'directory', 'hidden', 'readonly', 'system', 'name', 'followsymlink'], { lp: 'literalpath', pspath: 'literalpath', s: 'recurse', ad: 'directory', af: 'file' });
      const path = namedWord(b, b.named.has('literalpath') ? 'literalpath' : 'path', 0);
      const depth = b.named.has('recurse') || inv.args.some((w) => RECURSE.test(w.text)) ? undefined : 1;
      const names = (['filter', 'include'] as const).flatMap((p) => {
        const w = b.named.get(p);
        return w === undefined || w === true || w.values === null ? [] : w.values;
      });
      const leaves = depth === undefined && path?.values && !b.named.has('literalpath') ? recursedLeaves(path.values) : undefined;
      if (leaves && names.length === 0) names.push(...leaves.names);
      // Without a path it lists the location: the use stands at the command word, its value `.`.
      const at = path ?? { span: inv.span, text: inv.path };
      const values = leaves ? leaves.dirs : path ? undefined : ['.'];
      // (A read its entry already gave stays: Get-ItemProperty of a key that keeps a credential, as the registry path
      // it is, `Get-ItemProperty '…\Winlogon' | % DefaultPassword`.)
      const kept = (inv.uses ?? []).filter((u) => u.role === 'read');
      inv.uses = [...kept, { role: 'read-tree', span: at.span, text: at.text, ...(values ? { values } : {}), ...(depth === undefined ? {} : { depth }), ...(names.length > 0 ? { names } : {}) }];
    }
  }
}

/** .NET's directory enumerators, as invoked members: they list as Get-ChildItem does (see enumeratedPaths). */
const DOTNET_LISTERS = /^\[(?:system\.)?io\.directory\]::(?:get|enumerate)(?:files|directories|filesystementries)$/;

/**
 * `[IO.Directory]::EnumerateFiles(DIR, PATTERN, 'AllDirectories') | sls x`: the enumeration read by a later element
 * reads DIR (its tree with AllDirectories or an option vouch cannot read), narrowed to a static PATTERN.
 */
function dotnetListingRead(inv: Invocation): void {
  const [root, pattern, option] = inv.args;
  if (!root) return;
  const recursive = option !== undefined && (option.values === null || option.values.some((v) => /alldirectories|^1$/i.test(v)));
  const names = pattern?.values?.every((n) => /^[\w.*?-]+$/.test(n)) ? pattern.values : undefined;
  inv.uses = [{ role: 'read-tree', span: root.span, text: root.text, ...(recursive ? {} : { depth: 1 }), ...(names ? { names: [...names] } : {}) }];
}

/**
 * cmd's `set NAME=VALUE` (`set "NAME=VALUE"`, `set /p NAME=` from its input) sets a variable for the programs the line
 * starts next, judged as `$env:NAME = VALUE` is (`set GIT_SSH_COMMAND=curl x&& git fetch` runs curl). `set /a` is
 * arithmetic; `set NAME` lists.
 */
function cmdSet(st: State, args: Word[], seg: number): void {
  const prompt = /^\/p$/i.test(args[0]?.text ?? '');
  if (/^\/a$/i.test(args[0]?.text ?? '')) return;
  const rest = prompt ? args.slice(1) : args;
  const head = rest[0];
  if (head === undefined) return;
  // The name is written out even where the value is computed (`set PATH=C:\tools;%PATH%`).
  const name = /^"?([^=%!^"]+)=/.exec(head.values?.[0] ?? head.text)?.[1];
  if (name === undefined) {
    if (head.values === null && head.text.includes('=')) floorAt(st, FLOOR.dynamicScript, head.span, `cmd's set assigns a variable vouch cannot name: ${head.dynamic ?? 'computed'}`, seg);
    return;
  }
  const dynamic = rest.find((w) => w.values === null);
  const text = rest.map((w) => w.text).join(' ');
  const value = rest.map((w) => w.values?.[0] ?? '').join(' ').slice(name.length + 1);
  const why = prompt ? "what set /p reads from cmd's input" : dynamic === undefined ? undefined : (dynamic.dynamic ?? 'computed');
  codeEnvAssignment(st, name.toUpperCase(), why === undefined ? { text, span: head.span, values: [value] } : { text, span: head.span, values: null, dynamic: why }, seg);
}

/**
 * cmd's `rd /s` and `rmdir /s` delete a tree, `del`/`erase` files (every one below with `/s`): the destructive rules
 * read them. `move` takes its sources (read, as mv's) to the last operand (written); `copy` reads its sources (`a+b`
 * joins them) and writes the last operand, or the working directory when it names one source; `ren` writes the new
 * name beside the old one; `mklink LINK TARGET` writes LINK.
 */
function cmdFiles(inv: Invocation): void {
  const p = inv.program;
  // Its operands: the words not written as a `/switch` (as written: `%USERPROFILE%` may expand to a path led by `/`).
  const operands = inv.args.filter((w) => !/^\//.test(w.text));
  if (p === 'move' || p === 'copy') {
    const ops = operands.filter((w) => w.text !== '+');
    const last = ops.length >= 2 ? ops.length - 1 : -1;
    if (ops.length > 0) inv.uses = ops.map((w, i) => (i === last ? { role: 'write', span: w.span, text: w.text } : { role: 'read', span: w.span, text: w.text, ...(p === 'move' ? { moved: true as const } : {}) }));
    const only = p === 'copy' && ops.length === 1 && ops[0]!.values?.length === 1 ? ops[0]!.values[0]!.replace(/^.*[\\/]/, '') : '';
    if (only !== '') inv.uses?.push({ role: 'write', span: ops[0]!.span, text: ops[0]!.text, values: [only] });
    return;
  }
  if (p === 'ren' || p === 'rename') {
    const [from, to] = operands;
    if (!from || !to) return;
    const dir = from.values?.length === 1 && to.values?.length === 1 ? from.values[0]!.replace(/[^\\/]*$/, '') : undefined;
    inv.uses = [
      { role: 'read', span: from.span, text: from.text, moved: true },
      dir === undefined ? { role: 'write', span: to.span, text: to.text } : { role: 'write', span: to.span, text: to.text, values: [dir + to.values![0]!] },
    ];
    return;
  }
  // `ftype TYPE=COMMAND` sets what opening a file of that type runs, `assoc .EXT=TYPE` the type a file is opened as:
  // keys under Software\Classes, which last (as `reg add HKCR\…` does).
  if ((p === 'ftype' || p === 'assoc') && inv.args.some((w) => w.values === null || w.values.some((v) => v.includes('=')))) {
    const first = inv.args[0]!;
    inv.persists = [{ span: first.span, why: `${p} ${first.text} writes a file type's handler under Software\\Classes: what it names runs when such a file is opened` }];
    return;
  }
  if (p === 'mklink') {
    const [link] = inv.args.filter((w) => !/^\/[dhj]$/i.test(w.text));
    if (link) inv.uses = [{ role: 'write', span: link.span, text: link.text }];
    return;
  }
  if (p !== 'rd' && p !== 'rmdir' && p !== 'del' && p !== 'erase') return;
  const recursive = inv.args.some((w) => /^\/s$/i.test(w.values?.[0] ?? ''));
  const role = recursive ? 'delete-tree' : 'delete';
  if (operands.length > 0) inv.uses = operands.map((w) => ({ role, span: w.span, text: w.text }));
}
