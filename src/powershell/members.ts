// .NET members called from PowerShell: type uses for the rules, and the members that run code no reading can name.
import type { TreeNode as Node } from '../parse/cached.js';
import { FLOOR } from '../resolve/floor.js';
import { lookup } from '../programs/index.js';
import type { Invocation, Word } from '../types.js';
import { UNC, normaliseType } from './paths.js';
import { splitWindowsArgs } from './shells.js';
import { variableKey } from './words.js';
import { UNKNOWN } from './names.js';
import { type State, commandElements, floorAt, pushSegment, span, synthetic, withWrapper } from './state.js';
import { commandNames, scriptBlockLiteral, wordOf } from './values.js';
import { openedAddress, resolveCommand } from './commands.js';
import { callDeferred, memberReference } from './lower.js';
import { RECURSIVE_LISTING, nativeProgram, pipeItem } from './native.js';
import { destinations as hostsOf, recorded, redirectable, urlHost } from '../programs/hosts.js';
import { PLAIN_TEXT_MEMBERS, membersNamed } from './plaintext.js';

/** Members of a .NET web client whose first argument is the URI it connects to (redirects followed). */
const URI_MEMBERS = /^(download(string|data|file)|openread|openwrite|upload(string|data|file|values)|get(string|bytearray|stream)?|post|put|patch|delete|send)(async|taskasync)?$/;

/** A client built by the expression alone, kept nowhere: `(New-Object Net.WebClient)`, `[Net.Http.HttpClient]::new()`. */
const BUILT_HERE = /^(\(\s*new-object\s+(-typename\s+)?[\w.]+\s*\)|\[[\w.]+\]::new\(\s*\))$/i;

/** Members through which a connection built on the line may be aimed elsewhere (see Analysis.retargets). */
const RETARGETS: ReadonlySet<string> = new Set(['connectionstring', 'psobject', 'gettype', 'getproperty', 'getproperties', 'getfield', 'setvalue', 'invokemember']);

/**
 * The hosts a SQL Server connection's static connection string names (see TypeUse.servers); undefined for another
 * type, a computed string, or one that is not plain `key=value;…` text (quotes, braces), names no server or a DSN.
 */
export function connectionServers(type: string, arg: Word | undefined): string[] | undefined {
  if (!/(?:^|\.)sqlconnection$/.test(type) || arg?.values == null || arg.values.length === 0) return undefined;
  const out: string[] = [];
  for (const text of arg.values) {
    if (/["'{}]/.test(text)) return undefined;
    let found = false;
    for (const pair of text.split(';')) {
      if (pair.trim() === '') continue;
      const eq = pair.indexOf('=');
      if (eq < 0) return undefined;
      const key = pair.slice(0, eq).trim().toLowerCase().replace(/\s+/g, ' ');
      if (key === 'dsn' || key === 'filedsn') return undefined;
      if (!/^(?:server|data source|address|addr|network address|failover partner)$/.test(key)) continue;
      const host = sqlHost(pair.slice(eq + 1).trim());
      if (host === undefined) return undefined;
      out.push(host);
      found = true;
    }
    if (!found) return undefined;
  }
  return out;
}

/** The host of a SQL Server address: `tcp:HOST,PORT`, `HOST\INSTANCE`, `np:\\HOST\pipe\…`; `.`, `(local)` and `(localdb)` are this machine. */
function sqlHost(v: string): string | undefined {
  let s = v.replace(/^(?:tcp|np|lpc|admin)\s*:/i, '');
  const pipe = /^\\\\([^\\]+)\\pipe\\/i.exec(s);
  if (pipe) s = pipe[1] as string;
  s = s.replace(/,\s*\d+$/, '').replace(/\\[^\\]*$/, '');
  if (/^(?:\.|\(local\)|\(localdb\))$/i.test(s)) return 'localhost';
  if (s === '' || /[\\/\s,]/.test(s)) return undefined;
  return s;
}

/** Records where a client built in `within` connects when its one call is given a URI: every value, each one read. */
function clientCall(st: State, within: Node, uri: Word | undefined): void {
  if (!uri) return;
  const out = st.ctx.out;
  out.clientCalls = [...(out.clientCalls ?? []), { within: span(st, within), destinations: redirectable(hostsOf(uri, urlHost), uri).map(recorded) }];
}

// `getscriptblock`: the Parser's AST turned back into code (`[Parser]::ParseInput(…).GetScriptBlock()`).
export const DYNAMIC_CODE_MEMBERS = new Set(['invokescript', 'newscriptblock', 'addscript', 'createnestedpipeline', 'invokecommand', 'getscriptblock']);

/** Instance members that load a document from where they are told, URLs included (`$xml.Load('http://…')`). */
const LOADERS = new Set(['load', 'readxml', 'transform']);
/** Types whose static members or constructors load a document from a URL. */
const XML_LOADERS = /^(xml\.(xmldocument|xmlreader|xmltextreader|xmldatadocument|linq\.xdocument|linq\.xelement|xpath\.xpathdocument|xsl\.xslcompiledtransform|xsl\.xsltransform)|data\.dataset)$/;
/** Types whose members open the files and directories they are given (IO.Path computes with the text only). */
const FILE_TYPES = /^(?:system\.)?io\.(?!path$)[\w.]+$/;
/** A location on another machine: a URL, or a UNC path not on this one. */
export const REMOTE = new RegExp(`^(?:https?|ftps?):\\/\\/|${UNC.source}`, 'i');


/** WMI's object types (System.Management, and the accelerators [wmiclass], [wmi], [wmisearcher]). */
const WMI_TYPES = /^(?:wmiclass|wmi|wmisearcher|management\.management(?:class|object|objectsearcher|baseobject|eventwatcher))$/;

/** Members only a RegistryKey has: what they open or delete is the registry entry's to judge. */
const REGISTRY_KEY_MEMBERS = new Set(['opensubkey', 'createsubkey', 'deletesubkeytree', 'deletesubkey']);

/**
 * VB's My.Computer (`Microsoft.VisualBasic.Devices.Computer`, `ServerComputer`): its FileSystem, Network and Registry
 * members delete, download and write by calls on an instance the lowering does not follow.
 */
const VB_COMPUTER = /^microsoft\.visualbasic\.devices\.(?:server)?computer$/;

/**
 * A WMI object made or converted to (`[wmiclass]'Win32_Process'`, `New-Object Management.ManagementClass(…)`): its
 * methods start processes (Win32_Process.Create), install event subscriptions that run later (root\subscription) or
 * read the stored environment, by class and method names held in strings the lowering does not follow.
 */
export function wmiObject(st: State, types: readonly string[], at: { start: number; end: number }, seg?: number): boolean {
  const vb = types.find((n) => VB_COMPUTER.test(n));
  if (vb !== undefined) {
    floorAt(st, FLOOR.dynamicCode, at, `a VB Computer object ([${vb}]) deletes, downloads and writes the registry through members vouch does not follow`, seg);
    return true;
  }
  const t = types.find((n) => WMI_TYPES.test(n));
  if (t === undefined) return false;
  floorAt(st, FLOOR.dynamicCode, at, `a WMI object ([${t}]) can start processes and install event subscriptions by names vouch does not follow`, seg);
  return true;
}

/** A type as written, and as each `using namespace` in force would complete it. */
export function typeNames(st: State, written: string): string[] {
  const type = normaliseType(written);
  return [type, ...st.namespaces.map((ns) => `${ns}.${type}`)];
}

/**
 * Whether the line names a Process object, whose Start runs what its StartInfo names: in full, or as `using namespace
 * System.Diagnostics` lets it be written (`New-Object Process`; backticks in a bare name are dropped, as PowerShell
 * drops them: ``Ne`w-Ob`ject``).
 */
export function namesProcess(st: State): boolean {
  const plain = st.text.replace(/`(?=[A-Za-z])/g, '');
  return /diagnostics\.process|processstartinfo/i.test(plain) || (st.namespaces.includes('diagnostics') && /\[\s*process\s*\]|new-object\s+(?:-typename\s+)?['"]?process\b/i.test(plain));
}

/** Methods of a FileInfo that open or copy its content. */
const ITEM_READERS: ReadonlySet<string> = new Set(['opentext', 'openread', 'open', 'openwrite', 'copyto', 'replace', 'decrypt', 'encrypt']);

/** Whether a member access is `::` (a static member) rather than `.`. */
function isStaticCall(st: State, target: Node, memberNode: Node): boolean {
  return st.text.slice(target.endIndex, memberNode.startIndex).includes('::');
}

/** Members of a Type object (`[T].Name`) that describe the type and call nothing. */
const TYPE_DESCRIPTIONS: ReadonlySet<string> = new Set(['name', 'fullname', 'namespace', 'assemblyqualifiedname', 'basetype', 'isclass', 'isenum', 'isvaluetype', 'isinterface', 'isarray', 'isabstract', 'issealed', 'ispublic', 'isgenerictype', 'isassignablefrom', 'isinstanceoftype', 'issubclassof', 'getenumnames', 'getenumvalues', 'isenumdefined', 'tostring', 'equals', 'gethashcode', 'gettype', 'declaredmembers', 'guid']);

export const DYNAMIC_TYPE_MEMBERS: ReadonlyMap<string, RegExp> = new Map([
  ['scriptblock', /^create$/],
  ['management.automation.scriptblock', /^create$/],
  ['powershell', /^create$/],
  ['management.automation.powershell', /^create$/],
  // Every static member of Assembly loads or returns an assembly, whose CreateInstance and GetType reach any type by name.
  ['reflection.assembly', /./],
  // CreateInstance, CreateInstanceFrom, CreateComInstanceFrom, and GetObject (a remoting proxy to a URL).
  ['activator', /./],
  // A COM object got by name or moniker (`BindToMoniker('script:http://…')` runs a remote scriptlet), or native code
  // called at a pointer: what they do is named by strings and addresses vouch does not follow.
  ['runtime.interopservices.marshal', /^(?:getactiveobject|bindtomoniker|get(?:typed|unique)?objectforiunknown|getobjectfornativevariant|getobjectsfornativevariants|createwrapperoftype|getdelegateforfunctionpointer)$/],
  ['type', /^gettype/],
  ['runspacefactory', /./],
  ['management.automation.runspaces.runspacefactory', /./],
  ['appdomain', /./],
]);

/** `[T]::M(…)`, `[T]::P`, `$x.M(…)`: type uses, the code-running members, `[Diagnostics.Process]::Start`. */
export function lowerMember(node: Node, st: State): void {
  const kids = node.namedChildren.filter((c): c is Node => c !== null);
  let target = kids[0];
  let memberNode = kids.find((c) => c.type === 'member_name');
  if (!target || !memberNode) return;
  const at = span(st, node);
  // A member named by a string (`[Environment]::'GetEnvironmentVariables'()`) is that member; one named by a
  // computed value (`$x.$m()`, `[T]::($n)`) could be any: on a type or a method call, cannot vouch.
  let named = memberName(memberNode, st);
  // `[IO.File]::WriteAllText.Invoke(…)`, `$m = (Get-Item ~).Delete; $m.Invoke($true)`: a method's PSMethod object
  // invoked is the method called with those arguments. Invoked on anything else vouch cannot name (a PSObject's
  // method table, a delegate), it could be any member.
  if ((named === 'invoke' || named === 'invokereturnasis') && kids.some((c) => c.type === 'argument_list')) {
    const ref = invokedMember(target, st);
    const refKids = ref?.namedChildren.filter((c): c is Node => c !== null) ?? [];
    const refName = refKids.find((c) => c.type === 'member_name');
    if (ref && refKids[0] && refName) {
      target = refKids[0];
      memberNode = refName;
      named = memberName(memberNode, st);
    } else if (!invokesBlock(target, st)) {
      floorAt(st, FLOOR.dynamicCode, at, `.${named === 'invoke' ? 'Invoke' : 'InvokeReturnAsIs'}() calls what ${target.text.slice(0, 40)} holds, which vouch cannot name`);
      return;
    }
  }
  // What may aim a connection built on the line elsewhere (see Analysis.retargets).
  if (named === null || RETARGETS.has(named)) st.ctx.out.retargets = true;
  if (named === null) {
    const call = kids.some((c) => c.type === 'argument_list');
    if (call || target.type === 'type_literal' || /^\$executioncontext$/i.test(target.text)) {
      floorAt(st, FLOOR.dynamicCode, at, 'a member named by a computed value could be any member, code-running ones included');
    }
    return;
  }
  const member = named;
  const argsNode = kids.find((c) => c.type === 'argument_list');
  if (argsNode && /^\$(?:global:|script:)?PSDefaultParameterValues$/i.test(target.text)) {
    floorAt(st, FLOOR.dynamicCode, at, '$PSDefaultParameterValues gives commands parameters their words do not show');
    return;
  }
  const argWords = argsNode ? methodArgs(argsNode, st) : [];
  // Instance members that act where no argument says: a Process object started (its StartInfo names the program),
  // a DirectoryInfo deleted with its tree, the provider intrinsics of $ExecutionContext (any drive, any item).
  if (!isStaticCall(st, target, memberNode)) {
    if (member === 'start' && argsNode && namesProcess(st)) {
      floorAt(st, FLOOR.dynamicCommand, at, "a Process object's Start runs the program its StartInfo names, which vouch does not follow");
      return;
    }
  }
  // `(Get-Item ~\.ssh\id_rsa).OpenText()`, `$i = gi …; $i.OpenRead()`: a FileInfo's own readers, on a line that lists
  // items, open what was listed (backticks in a bare name are dropped, as PowerShell drops them).
  if (argsNode && ITEM_READERS.has(member) && /(?:^|[\s(;|{&'"])(?:get-item|gi|get-childitem|gci|ls|dir)\b/i.test(st.text.replace(/`(?=[A-Za-z])/g, ''))) {
    floorAt(st, FLOOR.dynamicCode, at, `.${member}() on an item a listing gives may open its content, which vouch does not follow`);
    return;
  }
  if (/^\$executioncontext\.(?:invokeprovider|sessionstate)\b/i.test(target.text)) {
    floorAt(st, FLOOR.dynamicCode, at, `$ExecutionContext.${target.text.split('.')[1]} reaches any provider's items (files, variables, the environment) by names vouch does not follow`);
    return;
  }
  // `$s.psobject.Properties`, `….Properties['SecretValueText'].Value`, `($s | % psobject).Properties`: the object's
  // properties with their values (their names alone, `.Properties.Name`, hold no secret).
  const everyProperty = member === 'properties' && /psobject['"]?\s*\)?$/i.test(target.text) && !/^\s*\.name\b/i.test(st.text.slice(node.endIndex));
  let seg: number | undefined;
  if (argsNode) seg = pushSegment(st, [{ text: memberNode.text, span: span(st, memberNode), values: [memberNode.text] }, ...argWords], [], at, []);
  const isStatic = st.text.slice(target.endIndex, memberNode.startIndex).includes('::');
  if (isStatic && target.type !== 'type_literal') {
    floorAt(st, FLOOR.dynamicCode, at, `::${member} on a type that is not written here`, seg);
    return;
  }
  // `(Get-Item ~).MoveTo(DEST)`: a FileInfo's or DirectoryInfo's MoveTo takes the item away from where it was, as
  // [IO.Directory]::Move does; an item vouch cannot place could be the home.
  if (!isStatic && member === 'moveto' && argsNode && seg !== undefined) {
    const item = placedItem(target, st);
    if (item === undefined) {
      floorAt(st, FLOOR.dynamicCode, at, '.MoveTo() on an item moves it away, and vouch cannot say which item', seg);
      return;
    }
    memberEntry(st, ['io.directory'], 'move', [item, ...argWords], at, seg);
  }
  // `(Get-Item X).Delete()`, `gci /etc -r | % { $_.Delete() }`: a FileInfo's or DirectoryInfo's Delete is
  // [IO.Directory]::Delete of the item (with `$true`, or on every item a recursive listing finds, of its tree). On an
  // item vouch cannot place (a variable, a loop's item, a WMI object's), cannot vouch.
  if (!isStatic && member === 'delete' && argsNode && seg !== undefined) {
    const recursive = argWords.some((w) => /^\$?true$/i.test(w.values?.[0] ?? '') || w.values === null);
    if (!itemDelete(st, placedItem(target, st), recursive, at, seg)) return;
  }
  if (member === 'create' && /win32_process/i.test(target.text)) {
    floorAt(st, FLOOR.dynamicCode, at, 'Win32_Process.Create starts a process through WMI', seg);
    return;
  }
  // `[Microsoft.Win32.Registry]::CurrentUser.OpenSubKey(KEY, $true)`, `.CreateSubKey(KEY)`: a RegistryKey opened to be
  // written; `.DeleteSubKeyTree(KEY)` a key deleted (only RegistryKey has these methods). The registry says which keys
  // make what is set there run later, and which are lost.
  // `(Get-Item Cert:\CurrentUser\My\X).PrivateKey.ExportRSAPrivateKey()`, `$c.Export('Pfx', …)`: on a line that reaches
  // the certificate store, a private key exported is the store's keys read (a key made on the line is not).
  if (!isStatic && seg !== undefined && argsNode && CERT_STORE.test(st.text)) {
    const pfx = member === 'export' && argWords[0] !== undefined && (argWords[0].values === null || argWords[0].values.some((v) => /pfx|pkcs12|^3$/i.test(v)));
    const keyOnly = /^(?:toxmlstring|exportparameters)$/.test(member) && /^(?:\$?false|0)$/i.test(argWords[0]?.values?.[0] ?? '');
    if (pfx || (PRIVATE_KEY_EXPORTS.test(member) && !keyOnly)) memberEntry(st, ['security.cryptography.x509certificates.x509certificate2'], pfx ? 'export' : 'exportprivatekey', argWords.length > 0 ? argWords : [{ text: memberNode.text, span: span(st, memberNode), values: [memberNode.text] }], at, seg);
  }
  if (!isStatic && seg !== undefined && REGISTRY_KEY_MEMBERS.has(member)) memberEntry(st, ['microsoft.win32.registrykey'], member, keyBelow(target, member, argWords, st), at, seg);
  // A client built right here and used once (`(New-Object Net.WebClient).DownloadString(URI)`, `[T]::new().GetAsync(URI)`):
  // the URI says where it connects. A client kept in a variable (whose proxy or base address may change) is not followed.
  if (argsNode && URI_MEMBERS.test(member) && BUILT_HERE.test(target.text)) clientCall(st, target, argWords[0]);
  if (target.type === 'type_literal') {
    const type = normaliseType(target.text);
    // `[T].GetConstructor(…).Invoke()`, `[T].GetMethod('Start').Invoke(…)`, `[T].InvokeMember(…)`: the Type object's
    // reflection reaches any member of T. Its descriptive properties are harmless.
    if (!isStatic && !TYPE_DESCRIPTIONS.has(member)) {
      floorAt(st, FLOOR.dynamicCode, at, `[${type}].${member} reaches the type's members through reflection, which no static reading names`, seg);
      return;
    }
    if (wmiObject(st, typeNames(st, target.text), at, seg)) return;
    if (isStatic) {
      const servers = member === 'new' ? connectionServers(type, argWords[0]) : undefined;
      const use = { type, member, span: at, ...(servers ? { servers } : {}) };
      for (const name of typeNames(st, target.text)) st.ctx.out.typeUses.push(seg === undefined ? { ...use, type: name } : { ...use, type: name, segment: seg });
      if (seg !== undefined) memberEntry(st, typeNames(st, target.text), member, argWords, at, seg);
      if (type === 'environment' || type === 'system.environment') {
        environmentRead(st, member, argWords, at);
        if (member === 'setenvironmentvariable' && seg !== undefined) environmentWrite(st, argWords, seg);
      }
      const remote = argWords.find((w) => w.values?.some((v) => REMOTE.test(v)));
      if (remote && XML_LOADERS.test(type)) st.ctx.out.typeUses.push({ type, member, span: at, remote: remote.values?.find((v) => REMOTE.test(v)) as string, ...(seg === undefined ? {} : { segment: seg }) });
      // `[IO.File]::Exists('\\host\x')`, `[IO.Directory]::GetFiles('\\host\share')`: Windows opens a path on another
      // machine over SMB for any file API (IO.Path only computes with the text).
      const share = FILE_TYPES.test(type) ? argWords.find((w) => w.values?.some((v) => UNC.test(v))) : undefined;
      if (share && !(remote && XML_LOADERS.test(type))) st.ctx.out.typeUses.push({ type, member, span: at, remote: share.values?.find((v) => UNC.test(v)) as string, ...(seg === undefined ? {} : { segment: seg }) });
      // As written, and as each `using namespace` completes it (`using namespace System.Reflection; [Assembly]::LoadFile`).
      const names = typeNames(st, target.text).map(normaliseType);
      const dyn = names.find((n) => DYNAMIC_TYPE_MEMBERS.get(n)?.test(member));
      if (dyn !== undefined) {
        floorAt(st, FLOOR.dynamicCode, at, `[${dyn}]::${member} runs code that no static reading can name`, seg);
        return;
      }
      // `[Microsoft.Win32.RegistryKey]::OpenRemoteBaseKey('LocalMachine', HOST)`: another machine's registry, over its
      // winreg pipe (SMB); a computed machine may be any.
      if (member === 'openremotebasekey' && names.includes('microsoft.win32.registrykey')) {
        const machine = argWords[1]?.values?.length === 1 ? (argWords[1].values[0] as string).replace(/^[\\/]+/, '') : '(a computed machine)';
        // An empty name is this machine's own registry.
        if (!/^(?:|\.|localhost|127\.0\.0\.1)$/i.test(machine)) st.ctx.out.typeUses.push({ type, member, span: at, remote: `\\\\${machine}`, ...(seg === undefined ? {} : { segment: seg }) });
      }
      if (names.includes('diagnostics.process') && member === 'start' && seg !== undefined) {
        withWrapper(st, 'process.start', () => {
          const file = argWords[0];
          if (!file) return;
          // `[Diagnostics.Process]::Start('https://…')` (shell execute, as in Windows PowerShell): its scheme's handler,
          // the browser for a URL, as Start-Process opens it.
          const info = { pipeIndex: -1, prev: null, mode: 'exec' as const, depth: st.ctx.depth };
          if (argWords.length === 1 && openedAddress(st, file, seg as number, info)) return;
          const rest = argWords.slice(1).flatMap((w) => (w.values?.length === 1 ? splitWindowsArgs(w.values[0] as string).map((v) => synthetic(v, w.span)) : [w]));
          resolveCommand(st, [file, ...rest], seg as number, { pipeIndex: -1, prev: null, mode: 'exec', depth: st.ctx.depth });
        });
      }
    }
    return;
  }
  const remote = LOADERS.has(member) ? argWords.find((w) => w.values?.some((v) => REMOTE.test(v))) : undefined;
  if (remote) st.ctx.out.typeUses.push({ type: 'xml.xmldocument', member, span: at, remote: remote.values?.find((v) => REMOTE.test(v)) as string, ...(seg === undefined ? {} : { segment: seg }) });
  // A ProcessStartInfo's whole environment block, read out rather than indexed (`$psi.Environment['X'] = …` is not); no
  // other object has an EnvironmentVariables property (`(Get-Process)[0].StartInfo.EnvironmentVariables`).
  if ((member === 'environmentvariables' || (member === 'environment' && startInfo(target, st))) && !indexedOrCalled(node, st)) {
    st.ctx.out.typeUses.push({ type: 'diagnostics.processstartinfo', member, span: at, ...(seg === undefined ? {} : { segment: seg }) });
  }
  // An event log emptied: `.ClearLog(…)` only an EventLogSession has; `.Clear()` on an EventLog built or named right here
  // (`[Diagnostics.EventLog]::new('Security').Clear()`, `(New-Object Diagnostics.EventLog Security).Clear()`).
  // The registry's entry says what they do.
  if (seg !== undefined && (member === 'clearlog' || (member === 'clear' && /\[(?:system\.)?diagnostics\.eventlog\]|\bnew-object\s+(?:-typename\s+)?(?:system\.)?diagnostics\.eventlog\b/i.test(target.text)))) {
    memberEntry(st, [member === 'clearlog' ? 'diagnostics.eventing.reader.eventlogsession' : 'diagnostics.eventlog'], member, argWords, at, seg);
  }
  // `$cred.GetNetworkCredential()`, `$secret.SecretValueText`: a secret in plain text (plaintext.ts), and
  // `$secret.psobject.Properties` every property's value, that one's too where the line makes such an object.
  if (PLAIN_TEXT_MEMBERS[member] !== undefined || everyProperty) membersNamed(st, [synthetic(everyProperty ? '*' : member, span(st, memberNode))], true);
  if ((member === 'invoke' || member === 'invokereturnasis') && target.type === 'variable') {
    const block = st.ctx.vars.get(`scriptblock:${variableKey(target.text)}`) === '1' ? st.blocks.get(variableKey(target.text)) : undefined;
    if (block) callDeferred(st, block, 'scriptblock');
  }
  if (DYNAMIC_CODE_MEMBERS.has(member) || (target.type === 'variable' && /^\$executioncontext$/i.test(target.text) && member === 'sessionstate')) {
    floorAt(st, FLOOR.dynamicCode, at, `.${member} runs code that no static reading can name`, seg);
  }
}

/** The member a `.Invoke(…)` calls, where it is named without a call: on the line, or held in a variable. */
function invokedMember(target: Node, st: State): Node | null {
  if (target.type === 'variable') {
    const key = variableKey(target.text);
    return st.ctx.vars.get(`method:${key}`) === '1' ? (st.methods.get(key) ?? null) : null;
  }
  const ref = memberReference(target);
  return ref && !ref.namedChildren.some((c) => c?.type === 'argument_list') && ref.namedChildren.some((c) => c?.type === 'member_name') ? ref : null;
}

/** Whether `.Invoke(…)` is called on a script block: one written there, or a variable known to hold one. */
function invokesBlock(target: Node, st: State): boolean {
  if (scriptBlockLiteral(target) !== null) return true;
  return target.type === 'variable' && st.ctx.vars.get(`scriptblock:${variableKey(target.text)}`) === '1';
}

/**
 * `[Environment]::SetEnvironmentVariable('HTTPS_PROXY', V)` (the Process target, the default): `$env:HTTPS_PROXY = V`
 * for the rest of the line, which later programs inherit. With User or Machine this process keeps its own (the entry
 * judges the lasting write); a computed name may be any variable.
 */
function environmentWrite(st: State, args: Word[], seg: number): void {
  const [nameWord, val, target] = args;
  if (!nameWord || !val) return;
  const scope = target === undefined ? 'process' : /process|^0$/i.test(target.values?.[0] ?? target.text) ? 'process' : /user|machine|^[12]$/i.test(target.values?.[0] ?? target.text) ? 'lasting' : 'unknown';
  if (scope === 'lasting') return;
  const name = nameWord.values?.length === 1 ? nameWord.values[0]?.toUpperCase() : undefined;
  if (name === undefined || scope === 'unknown') {
    for (const k of st.ctx.vars.keys()) if (k.startsWith('env:')) st.ctx.vars.set(k, UNKNOWN);
    if (name === undefined) return;
  }
  st.ctx.vars.set(variableKey(`env:${name}`), val.values?.length === 1 && scope === 'process' ? (val.values[0] as string) : UNKNOWN);
  st.ctx.out.segments[seg]?.assignments.push({ name: `env:${name}`, value: val, span: val.span });
}

/**
 * `[Environment]::GetEnvironmentVariable('GITHUB_' + 'TOKEN')`, `…($n)`, `::ExpandEnvironmentVariables('%X%')`: the
 * variable the computed name reads, printed where the statement is only this expression (read as `$env:X` there).
 */
function environmentRead(st: State, member: string, args: Word[], at: { start: number; end: number }): void {
  const values = args[0]?.values ?? [];
  const names =
    member === 'getenvironmentvariable' ? values : member === 'expandenvironmentvariables' ? values.flatMap((v) => [...v.matchAll(/%([^%\s]+)%/g)].map((m) => m[1] as string)) : [];
  const outputs = st.ctx.out.outputs;
  if (names.length === 0 || !outputs) return;
  for (const o of [...outputs]) {
    if (o.span.start > at.start || o.span.end < at.end) continue;
    for (const n of names) if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(n)) outputs.push({ text: `$env:${n}`, span: o.span, ...(o.into === undefined ? {} : { into: o.into }) });
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
  return list.namedChildren.filter((c): c is Node => c?.type === 'argument_expression').map((a) => loopItem(a, st) ?? wordOf(a, st));
}

/** `[IO.File]::ReadAllText($f.FullName)` in `foreach ($f in gci …)`: the argument inside its wrappers, as a listed item. */
function loopItem(arg: Node, st: State): Word | undefined {
  let at: Node | undefined = arg;
  for (let depth = 0; at && at.type !== 'variable' && at.type !== 'member_access' && depth < 40; depth++) {
    const kids: Node[] = at.namedChildren.filter((c): c is Node => c !== null && c.type !== 'comment');
    at = kids.length === 1 ? kids[0] : undefined;
  }
  return at && at !== arg ? pipeItem(at, st) : undefined;
}


/** Whether an expression is a ProcessStartInfo: constructed there, or a variable assigned one. */
function startInfo(target: Node, st: State): boolean {
  // `New-Object Diagnostics.ProcessStartInfo`, a process's `.StartInfo` (Get-Process: its environment is this one's).
  if (/processstartinfo|\.startinfo\s*$/i.test(target.text)) return true;
  return target.type === 'variable' && st.ctx.vars.get(`startinfo:${variableKey(target.text)}`) === '1';
}

/**
 * Whether a member's value is only indexed, changed or asked about (`.Environment['X']`, `.Environment.Add(…)`,
 * `.Keys`): not its values read out (`.Values`, `.GetEnumerator()`).
 */
function indexedOrCalled(node: Node, st: State): boolean {
  return /^(?:\[|\.(?:add|remove|clear|containskey|containsvalue|keys|count|item|set_item)\b)/i.test(st.text.slice(node.endIndex));
}

/**
 * Properties of a FileInfo or DirectoryInfo that change the file when set: its attributes (`.IsReadOnly`, `.Attributes`
 * read-only or hidden), its times, its Unix mode. Set, they are [IO.File]::SetAttributes of the item.
 */
const ITEM_SETTERS: ReadonlySet<string> = new Set(['isreadonly', 'attributes', 'lastwritetime', 'lastwritetimeutc', 'creationtime', 'creationtimeutc', 'lastaccesstime', 'lastaccesstimeutc', 'unixfilemode']);

/**
 * `(Get-Item X).IsReadOnly = $true`, `$f.Attributes = 'Hidden'`, `gci -r | % { $_.LastWriteTime = … }`: a property of
 * an item set, which changes the file, judged as [IO.File]::SetAttributes of the item (of every item a listing hands
 * on). On an item vouch cannot place, cannot vouch. `left`: the assignment's left side.
 */
export function itemPropertySet(left: Node, st: State): void {
  let n: Node | undefined = left;
  while (n && n.type !== 'member_access') {
    const kids: Node[] = n.namedChildren.filter((c): c is Node => c !== null && c.type !== 'comment');
    n = kids.length === 1 ? kids[0] : undefined;
  }
  if (!n) return;
  const kids = n.namedChildren.filter((c): c is Node => c !== null);
  const target = kids[0];
  const memberNode = kids.find((c) => c.type === 'member_name');
  if (!target || !memberNode || isStaticCall(st, target, memberNode)) return;
  const member = memberName(memberNode, st);
  if (member === null || !ITEM_SETTERS.has(member)) return;
  const at = span(st, n);
  const seg = pushSegment(st, [{ text: memberNode.text, span: span(st, memberNode), values: [memberNode.text] }], [], at, []);
  const item = placedItem(target, st);
  if (item === undefined) {
    floorAt(st, FLOOR.dynamicCode, at, `.${memberNode.text} set on an item changes the file (its attributes, times or mode), and vouch cannot say which item`, seg);
    return;
  }
  memberEntry(st, ['io.file'], 'setattributes', [item], at, seg);
}

/** The item a member is called on, where vouch can place it: `(Get-Item X)`, or `$_` of a pipeline after a listing. */
function placedItem(target: Node, st: State): Word | undefined {
  return pipeItem(target, st) ?? gotItem(target, st);
}

/**
 * An item's Delete, judged as [IO.Directory]::Delete of it (recursive with `$true`, or where a recursive listing hands
 * on every item below its roots). False, with the floor, where the item cannot be placed.
 */
export function itemDelete(st: State, item: Word | undefined, recursive: boolean, at: { start: number; end: number }, seg: number): boolean {
  if (item === undefined) {
    floorAt(st, FLOOR.dynamicCode, at, '.Delete() on an item removes it (with $true, its whole tree), and vouch cannot say which item', seg);
    return false;
  }
  // An object no listing hands on may be any object with a Delete: a WMI user profile's removes a home.
  const tree = recursive || item.dynamic === RECURSIVE_LISTING || (item.values === null && item.under === undefined);
  memberEntry(st, ['io.directory'], 'delete', [item, ...(tree ? [synthetic('$true', item.span)] : [])], at, seg);
  return true;
}

/** The path of `(Get-Item PATH)`, `(gi -LiteralPath PATH -Force)` as the target of a member; undefined for another target. */
function gotItem(target: Node, st: State): Word | undefined {
  let n: Node | undefined = target;
  for (const type of ['parenthesized_expression', 'pipeline', 'pipeline_chain']) {
    if (n?.type !== type) return undefined;
    const kids: Node[] = n.namedChildren.filter((c): c is Node => c !== null);
    n = kids.length === 1 ? kids[0] : undefined;
  }
  const name = n?.type === 'command' ? n.childForFieldName('command_name') : null;
  if (!n || !name || !commandNames(name, st).some((c) => /^(?:get-item|gi)$/.test(c))) return undefined;
  const elems = commandElements(n);
  let path: Word | undefined;
  for (let i = 0; i < elems.length; i++) {
    const w = wordOf(elems[i] as Node, st);
    if (/^-force$/i.test(w.text)) continue;
    if (/^-(?:path|literalpath|lp)$/i.test(w.text)) {
      const next = elems[++i];
      if (!next || path !== undefined) return undefined;
      path = wordOf(next, st);
      continue;
    }
    if (w.text.startsWith('-') || path !== undefined) return undefined;
    path = w;
  }
  return path;
}

/** A line that reaches the certificate store: its drive, or an X509Store opened. */
const CERT_STORE = /\bcert:|x509store\b/i;
/** Members that export a private key. */
const PRIVATE_KEY_EXPORTS = /^export(?:rsaprivatekey|pkcs8privatekey|encryptedpkcs8privatekey|ecprivatekey)(?:pem)?$|^exportparameters$|^toxmlstring$/;

/** A hive's own key: `[Microsoft.Win32.Registry]::CurrentUser`, `[Microsoft.Win32.RegistryKey]::OpenBaseKey(…)`. */
const HIVE_KEY = /^\[(?:microsoft\.win32\.)?registry\]::\w+$|^\[(?:microsoft\.win32\.)?registrykey\]::open(?:remote)?basekey\s*\(/i;

/**
 * The arguments of OpenSubKey and CreateSubKey with the key named in full: below a hive as written, below the key of
 * `(Get-Item HKCU:\…\CurrentVersion)` joined to it, and below a key vouch cannot place (a variable, a chain of opens)
 * a computed name, which may be an autostart key. DeleteSubKey's are judged as written (see its entry).
 */
function keyBelow(target: Node, member: string, args: Word[], st: State): Word[] {
  const [name, ...rest] = args;
  if (!name || (member !== 'opensubkey' && member !== 'createsubkey') || HIVE_KEY.test(target.text.replace(/\s+/g, ''))) return args;
  const parent = gotItem(target, st);
  const values = parent?.values && name.values ? parent.values.flatMap((p) => name.values!.map((n) => `${p.replace(/[\\/]+$/, '')}\\${n}`)) : null;
  return [values ? { ...name, values } : { ...name, values: null, dynamic: `a key below ${target.text.slice(0, 40)}, which vouch cannot place` }, ...rest];
}

/** .NET's directory enumerators: `[IO.Directory]::GetFiles(DIR, …)` and the same members of a DirectoryInfo. */
const DIRECTORY_LISTERS = /^(?:get|enumerate)(?:files|directories|filesystementries|filesysteminfos)$/;

/**
 * The paths a .NET directory enumeration hands on, as a listing's (see pipedPaths): `[IO.Directory]::GetFiles(DIR)`,
 * `EnumerateFiles(DIR, '*.pem', 'AllDirectories')`, `[IO.DirectoryInfo]::new(DIR).GetFiles()`, `(Get-Item DIR).GetFiles()`
 * list at or below DIR (its whole tree with SearchOption.AllDirectories, or an option vouch cannot read), narrowed to
 * a static pattern. Undefined for any other expression, or when DIR is computed (as `gci $x` is).
 */
export function enumeratedPaths(st: State, node: Node): Word | undefined {
  let at: Node | undefined = node;
  for (let depth = 0; at && at.type !== 'invokation_expression' && depth < 40; depth++) {
    const kids: Node[] = at.namedChildren.filter((c): c is Node => c !== null && c.type !== 'comment');
    at = kids.length === 1 ? kids[0] : undefined;
  }
  if (!at) return undefined;
  const kids = at.namedChildren.filter((c): c is Node => c !== null);
  const [target, memberNode, argsNode] = kids;
  if (!target || memberNode?.type !== 'member_name' || argsNode?.type !== 'argument_list') return undefined;
  const member = memberNode.text.replace(/^['"]|['"]$/g, '').toLowerCase();
  if (!DIRECTORY_LISTERS.test(member)) return undefined;
  const args = methodArgs(argsNode, st);
  let root: Word | undefined;
  let rest: Word[];
  if (target.type === 'type_literal' && isStaticCall(st, target, memberNode)) {
    if (!typeNames(st, target.text).some((t) => /^(?:system\.)?io\.directory$/.test(t))) return undefined;
    [root, ...rest] = args;
  } else {
    // A DirectoryInfo built or got right there: `[IO.DirectoryInfo]::new(DIR)`, `New-Object IO.DirectoryInfo DIR`, `(Get-Item DIR)`.
    root = gotItem(target, st) ?? directoryInfo(target, st);
    rest = args;
  }
  if (root?.values == null) return undefined;
  const [pattern, option] = rest;
  const recursive = option !== undefined && (option.values === null || option.values.some((v) => /alldirectories|^1$/i.test(v)));
  const names = pattern?.values?.every((n) => /^[\w.*?-]+$/.test(n)) ? pattern.values : undefined;
  return {
    text: node.text,
    span: span(st, node),
    values: null,
    dynamic: recursive ? RECURSIVE_LISTING : `paths the pipeline hands it (the paths ${memberNode.text} lists)`,
    under: [{ values: root.values, cwd: st.cwd, ...(names ? { names: [...names] } : {}) }],
  };
}

/** The directory of `[IO.DirectoryInfo]::new(DIR)` or `(New-Object IO.DirectoryInfo DIR)`; undefined for another target. */
function directoryInfo(target: Node, st: State): Word | undefined {
  let at: Node | undefined = target;
  for (let depth = 0; at && at.type !== 'invokation_expression' && at.type !== 'command' && depth < 40; depth++) {
    const kids: Node[] = at.namedChildren.filter((c): c is Node => c !== null && c.type !== 'comment');
    at = kids.length === 1 ? kids[0] : undefined;
  }
  if (at?.type === 'invokation_expression') {
    const [type, member, args] = at.namedChildren.filter((c): c is Node => c !== null);
    if (type?.type !== 'type_literal' || !/^new$/i.test(member?.text ?? '') || args?.type !== 'argument_list') return undefined;
    return typeNames(st, type.text).some((t) => /^(?:system\.)?io\.directoryinfo$/.test(t)) ? methodArgs(args, st)[0] : undefined;
  }
  if (at?.type !== 'command' || !commandNames(at.childForFieldName('command_name') ?? at, st).includes('new-object')) return undefined;
  const words = commandElements(at).map((e) => wordOf(e, st));
  const rest = words.filter((w) => !/^-(?:typename|argumentlist)$/i.test(w.text));
  const [type, dir] = rest;
  return type?.values?.some((t) => /^(?:system\.)?io\.directoryinfo$/i.test(t)) && rest.length === 2 ? dir : undefined;
}

/** Names a pipe client may give for this machine: `.`, and the loopback names. */
const LOCAL_PIPE_SERVER = /^(?:\.|localhost|127\.0\.0\.1|::1|\[::1\])$/i;

/**
 * The server a NamedPipeClientStream is built to reach (its first argument of two or more; one alone is a pipe on
 * this machine), or undefined when it is this machine: another machine's pipe is opened over SMB, as a UNC path is.
 * New-Object hands its argument list as one word (`('host','pipe')`, `-ArgumentList 'host','pipe'`), read here by its
 * first quoted element.
 */
function pipeServer(args: Word[]): string | undefined {
  let server: string | null | undefined;
  if (args.length >= 2) server = args[0]!.values?.length === 1 ? (args[0]!.values[0] as string) : null;
  else if (args.length === 1) {
    const text = args[0]!.text.replace(/^\s*\(\s*|\s*\)\s*$/g, '');
    if (!text.includes(',')) return undefined;
    const m = /^(['"])([^'"$`]*)\1\s*,/.exec(text);
    server = m ? m[2]! : null;
  }
  if (server === undefined || (server !== null && LOCAL_PIPE_SERVER.test(server))) return undefined;
  return server ?? '(a computed server)';
}

/**
 * A .NET member the registry knows (`[IO.File]::WriteAllText`, `[Microsoft.Win32.Registry]::SetValue`): an
 * invocation like a program's, so its writes and what it installs are read as the registry says.
 */
export function memberEntry(st: State, types: readonly string[], member: string, args: Word[], at: { start: number; end: number }, seg: number): void {
  const server = member === 'new' && types.some((t) => /^(?:system\.)?io\.pipes\.namedpipeclientstream$/.test(t)) ? pipeServer(args) : undefined;
  if (server !== undefined) st.ctx.out.typeUses.push({ type: 'io.pipes.namedpipeclientstream', member, span: at, remote: `\\\\${server}\\pipe`, segment: seg });
  for (const type of types) {
    const key = `[${type}]::${member}`;
    if (!lookup(key, 'powershell')) continue;
    const inv: Invocation = { dialect: 'powershell', program: key, path: key, args, wrappers: [...st.wrappers], cwd: st.cwd, ...(st.cwd === null && st.gitTop !== undefined ? { cwdTop: st.gitTop } : {}), span: at, segment: seg, depth: st.ctx.depth };
    st.ctx.out.invocations.push(inv);
    nativeProgram(st, inv, args, seg, { pipeIndex: -1, prev: null, mode: 'exec', depth: st.ctx.depth });
    return;
  }
}
