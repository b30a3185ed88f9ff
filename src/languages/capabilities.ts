// What an API of interpreter code does, as data (each language's table of them), and the effects of one call to it.
import { canonicalHost, loopbackHost } from '../programs/hosts.js';
import type { Language, Span, Word, WordRole } from '../types.js';
import { childEnvironment } from './environment.js';
import type { CodeEffect, CodeEnv } from './types.js';
import { type Arg, alternative, argvs, any, CODE_FUNCTION, headOf, type Val, wordOf } from './values.js';

/** Where an argument is: its position, its keyword (Python's `shell=`, an options object's key), or either. */
export type At = number | string | readonly [number, string];

/** A role a path plays for an API: a word's role, or `moved` (the source of a rename: deleted where it was, and moved). */
export type UseRole = WordRole | 'moved';

/**
 * What one API does with its arguments:
 * - `url`: reaches the network when the argument is a URL (or may be one: computed) — PHP's file functions, open-uri;
 * - `shell`: runs the argument as shell text; `program` names the option that may name the shell it runs in instead
 *   (node's `exec(cmd, { shell: "/bin/zsh" })`, see shellProgram);
 * - `proc`: runs an argv list, or a string as shell text (`subprocess.run`); `shell` names the option that makes a
 *   list shell text too, `exe` the one that replaces the program;
 * - `exec`: runs the program at `exec` with the argv list at `argv` (without its first word with `dropArgv0`: that is
 *   argv[0]), or the arguments from position `rest` (without the last with `dropLast`: an environment); `shell` names
 *   the option that joins them into shell text instead (node's `spawn(cmd, args, { shell: true })`), or names the
 *   shell that reads it (see shellProgram);
 *   `reads`: a file it reads whether or not the program is given (fork's module, which node runs when execPath is not);
 * - `open`: opens a path, for writing when the mode says so;
 * - `uses`: paths it reads, writes, deletes, lists; `moved`: the source of a rename or move, taken away from where it
 *   was (deleted there, as `mv`'s source is);
 * - `code`: runs the argument as code of a language (`eval`), and the arguments at `also` too (timeit's `setup`);
 *   with `callable`, a function of the code may stand there instead (`timeit.timeit(lambda: f())`): it is called, not read;
 * - `dynamic`: runs code no static reading can name;
 * - `chdir`: changes the directory what follows runs in;
 * - `listen`: starts a server on the address at the argument (see listensAt); given the directory it serves at
 *   `files` and no address, on every interface.
 */
export type Spec =
  | { url: At }
  | { shell: At; program?: string }
  | { proc: At; shell?: string; exe?: string }
  | { exec: At; argv?: At; rest?: number; dropArgv0?: boolean; dropLast?: boolean; shell?: string; reads?: At }
  | { open: At; mode?: At }
  | { uses: readonly (readonly [At, UseRole])[] }
  | { code: At; also?: readonly At[]; callable?: boolean; language: Language }
  | { dynamic: string }
  | { chdir: At }
  | { listen: At; files?: At };

/** One call as a language's walker read it: the API it resolved to and its evaluated arguments. */
export interface Call {
  api: string;
  args: readonly Arg[];
  /** The position of the first spread among the positional arguments (those from it on are not known by position). */
  spreadAt?: number;
  /** Keyword arguments, or the keys of an options object. */
  kw: ReadonlyMap<string, Arg>;
  /** A spread of keywords (`**opts`): a keyword not written may still be given. */
  kwSpread?: boolean;
  span: Span;
  text: string;
}

/** The argument at `at`: written, not given (undefined), or not known (a spread covers it). */
export function argAt(call: Call, at: At): Arg | undefined {
  const [pos, name] = typeof at === 'number' ? [at, undefined] : typeof at === 'string' ? [undefined, at] : at;
  if (name !== undefined) {
    const k = call.kw.get(name);
    if (k) return k;
  }
  if (pos !== undefined) {
    if (call.spreadAt !== undefined && pos >= call.spreadAt) return { vals: any('a spread of arguments may hold it'), span: call.span, text: call.text };
    const a = call.args[pos];
    if (a) return a;
  }
  if (name !== undefined && call.kwSpread) return { vals: any('a spread of keyword arguments may hold it'), span: call.span, text: call.text };
  return undefined;
}

/**
 * The one literal URL a network call is given, when that URL is all it reaches: http(s) or ws(s), with no second
 * URL inside it (a `?next=https://…` a server may redirect to).
 */
export function literalUrl(arg: Arg | undefined): string | undefined {
  const one = (v: Val | undefined): string | undefined => {
    if (v?.k !== 'str' || !/^(?:https?|wss?):\/\//i.test(v.v)) return undefined;
    return /[a-z][a-z0-9+.-]*:(?:\/\/|%2f%2f)/i.test(v.v.slice(v.v.indexOf('//') + 2)) ? undefined : v.v;
  };
  // Several literal URLs (`for path in ["/health", "/ready"]: get("http://localhost:8000" + path)`) are one when they
  // differ only after their scheme and authority: the host is theirs.
  const urls = (arg?.vals ?? []).map(one);
  const origin = (u: string) => /^[a-z]+:\/\/[^/?#]*/i.exec(u)![0].toLowerCase();
  if (urls.length === 0 || urls.some((u) => u === undefined)) return undefined;
  return urls.every((u) => origin(u!) === origin(urls[0]!)) ? urls[0] : undefined;
}

/**
 * A URL whose port alone comes from a variable the environment gives (`"http://localhost:" + PORT + "/health"` as each
 * language writes it, pieces of literal text and the name of the variable read), read as hosts.ts reads the shell's
 * `"http://localhost:$PORT/health"`: the environment's variables are the user's. A variable the line or the code
 * sets is no such variable. The URL of its host, or undefined.
 */
export function envPortUrl(pieces: readonly (string | { env: string } | undefined)[], env: CodeEnv, code: string): string | undefined {
  const parts: (string | { env: string } | undefined)[] = [];
  for (const p of pieces) {
    const last = parts.at(-1);
    if (typeof p === 'string' && typeof last === 'string') parts[parts.length - 1] = last + p;
    else parts.push(p);
  }
  const [head, port, tail = ''] = parts;
  const m = typeof head === 'string' ? /^((?:https?|wss?):\/\/(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)):$/.exec(head) : null;
  if (!m || typeof port !== 'object' || typeof tail !== 'string' || parts.length > 3 || (tail !== '' && !/^[/?#]/.test(tail))) return undefined;
  const set = childEnvironment(code);
  if (env.env(port.env) !== undefined || set.computed !== undefined || set.vars.has(port.env)) return undefined;
  return literalUrl({ vals: [{ k: 'str', v: `${m[1]}:1${tail}` }], span: { start: 0, end: 0 }, text: '' }) === undefined ? undefined : `${m[1]}/`;
}

/** A string value is a URL a network client would fetch (not a local file). */
export function isUrl(v: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(v) && !/^file:/i.test(v);
}

/** Schemes a library handed a URL connects with: the web, files over the network, databases, object stores, hubs. */
const REMOTE_SCHEME = /^(?:https?|ftps?|wss?|sftp|ssh|git|s3a?|s3n|gs|gcs|az|abfss?|hf|postgres(?:ql)?(?:\+\w+)?|mysql(?:\+\w+)?|mariadb|mssql(?:\+\w+)?|oracle(?:\+\w+)?|mongodb(?:\+srv)?|rediss?|amqps?|nats|kafka|ldaps?|smtps?|imaps?|webdav|davs?)$/i;
/** Whether a host as written (`localhost`, `127.0.0.1`, `[::1]`) is this machine, as hosts.ts reads it. */
function localHost(host: string): boolean {
  const h = canonicalHost(host);
  return 'host' in h && loopbackHost(h.host);
}

/**
 * The host a database address that is no URL names: a DSN of PDO or DBI (`mysql:host=db.example;dbname=x`,
 * `dbi:Pg:dbname=x;host=db.example`, `sqlsrv:Server=tcp:db.example,1433`) or a libpq key=value string
 * (`host=db.example dbname=x`). Undefined when the string is not one, or names no host (a socket, a file).
 */
export function dsnHost(v: string): string | undefined {
  const driver = /^(?:dbi:\w+:|(?:mysql|pgsql|sqlsrv|oci|odbc|dblib|sybase|mssql|firebird|ibm|informix|cubrid|4d):)/i.exec(v);
  const rest = driver ? v.slice(driver[0].length) : /^\s*\w+\s*=\s*[^\s=]*(?:\s+\w+\s*=\s*[^\s=]*)*\s*$/.test(v) ? v : undefined;
  if (rest === undefined) return undefined;
  const m = /(?:^|[;\s])(?:host|hostaddr|hostname|server|data source|address)\s*=\s*(?:tcp:)?([^;\s,]+)/i.exec(rest);
  if (!m) return undefined;
  return m[1]!.replace(/^\[(.*)\]$/, '[$1]').replace(/:\d+$/, '').replace(/^['"]|['"]$/g, '');
}

/**
 * The URLs a call of an API the model does not know is handed (`pd.read_csv("https://…")`, `git.Repo.clone_from`,
 * `create_engine("postgresql://db.example/x")`, `torch.hub.load_state_dict_from_url`): libraries fetch what they are
 * given a URL of, so each one with a host other than this machine is taken as reached. `looksOnly`: the call only
 * prints, parses or compares its arguments.
 */
export function urlsHanded(call: Call, looksOnly: boolean): CodeEffect[] {
  if (looksOnly) return [];
  const out: CodeEffect[] = [];
  for (const a of [...call.args, ...call.kw.values()]) {
    for (const v of a.vals) {
      if (v.k !== 'str') continue;
      const dsn = dsnHost(v.v);
      if (dsn !== undefined) {
        if (!localHost(dsn) && !dsn.startsWith('/')) out.push({ kind: 'network', api: `${call.api}(), handed a database address`, span: call.span });
        continue;
      }
      // git's address of a repository over ssh: `git@host:org/repo.git`.
      const scp = /^[\w.-]+@([\w-]+(?:\.[\w-]+)+):(?!\/\/)[\w~./-]/.exec(v.v);
      if (scp) {
        if (!localHost(scp[1]!)) out.push({ kind: 'network', api: `${call.api}(), handed an address`, span: call.span });
        continue;
      }
      const m = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)/i.exec(v.v);
      if (!m || !REMOTE_SCHEME.test(m[1]!)) continue;
      const host = m[2]!.slice(m[2]!.lastIndexOf('@') + 1).replace(/:\d*$/, '');
      if (host === '' || localHost(host)) continue;
      out.push(/^(?:https?|wss?|ftps?)$/i.test(m[1]!) ? { kind: 'network', api: `${call.api}(), handed a URL`, span: call.span, url: v.v } : { kind: 'network', api: `${call.api}(), handed a URL`, span: call.span });
    }
  }
  // A client's host option (`psycopg2.connect(host="db.example")`, `PG.connect(host: …)`, `createConnection({ host })`):
  // a name with a dot or an IP address, not this machine (a one-word name is a service beside it, as compose's `db`).
  // A server's own address to listen on (`app.run(host=…)`, `uvicorn.run(app, host=…)`) is no host reached.
  if (/(?:^|\.)(?:run|listen|serve|serve_forever|bind|create_server|start_server|Server|HTTPServer)$/.test(call.api)) return out;
  for (const key of ['host', 'hostname', 'server']) {
    for (const v of call.kw.get(key)?.vals ?? []) {
      if (v.k !== 'str') continue;
      const host = v.v.replace(/:\d+$/, '');
      if (localHost(host) || host === '::') continue;
      if (/^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9-]+)+|\[[0-9a-f:]+\])$/i.test(host) && !/\.(?:sock|socket|json|ya?ml|toml|ini|conf|db|sqlite3?)$/i.test(host)) {
        out.push({ kind: 'network', api: `${call.api}(), handed a host`, span: call.span });
      }
    }
  }
  return out;
}

/**
 * Methods that, called on a value the model does not know, print, log, compare, store or take apart what they are
 * handed rather than fetch it: a URL given to them reaches nothing.
 */
const LOOKING_METHODS = /^(?:print|println|printf|puts|p|pp|say|echo|warn|warning|info|debug|error|fatal|critical|exception|notice|trace|log|write|writeln|writelines|syswrite|send|emit|json|redirect|end|render|assert\w*|refute\w*|expect|to|not_to|to_not|toBe|toEqual|toStrictEqual|toContain|toMatch|toHaveBeenCalledWith|equal|equals|strictEqual|deepEqual|deepStrictEqual|eq|eql\??|is|isnt|ok|like|startswith|endswith|startsWith|endsWith|start_with\?|end_with\?|includes|include\?|contains|indexOf|lastIndexOf|index|rindex|find|rfind|count|replace|replaceAll|sub|gsub|split|rsplit|partition|rpartition|strip|lstrip|rstrip|trim|removeprefix|removesuffix|format|join|concat|encode|decode|escape|unescape|quote|unquote|match|matches|search|test|fullmatch|findall|scan|append|extend|insert|add|push|unshift|prepend|set|setdefault|setItem|store|update|merge|pop|remove|has|key\?|has_key\?|add_argument|add_option|option|parse|inspect|to_s|toString|dump|dumps|hexdigest|digest|<<)$/;

/**
 * URLs handed to a method of a value the model does not know (`simpleGit().clone(url)`, `spark.read.csv("s3://…")`,
 * `$client->get(url)`): a method that only looks at its arguments reaches nothing, and a lookup by key (`get`,
 * `fetch`) is judged by its first argument alone, a default value after it being no address.
 */
export function urlsHandedTo(call: Call, method: string): CodeEffect[] {
  if (LOOKING_METHODS.test(method)) return [];
  if (/^(?:get|fetch)$/.test(method)) return urlsHanded({ ...call, args: call.args.slice(0, 1), kw: new Map([...call.kw].filter(([k]) => k !== 'default')) }, false);
  return urlsHanded(call, false);
}

/** Whether a method of that name only looks at what it is handed (see urlsHandedTo). */
export function looksAtUrl(method: string): boolean {
  return LOOKING_METHODS.test(method);
}

function truthy(arg: Arg | undefined): boolean | undefined {
  if (!arg) return false;
  const vals = arg.vals;
  if (vals.every((v) => v.k === 'str' && /^(false|False|0|null|nil|None|undefined|)$/.test(v.v))) return false;
  if (vals.every((v) => v.k === 'str' && /^(true|True|1)$/.test(v.v))) return true;
  return undefined;
}

/** A POSIX shell's name: given `-c TEXT`, it reads TEXT as /bin/sh would. */
const POSIX_SHELL = /(?:^|\/)(?:ba|da|z|k|mk|a)?sh$/;

/**
 * The program an option that may name the shell puts in /bin/sh's place (node's `{ shell: "/usr/bin/zsh" }`, execa's):
 * node starts it as `PROGRAM -c TEXT`, so that program is what starts, reading the text as its own entry says (bash as
 * shell text, `{ shell: "curl" }` as curl's option value). undefined: the option is absent or a boolean; null: it is
 * computed, and so is the program.
 */
function shellProgram(arg: Arg | undefined): Word | null | undefined {
  if (!arg || truthy(arg) !== undefined) return undefined;
  if (arg.vals.some((v) => v.k !== 'str')) return null;
  return wordOf(arg);
}

/** What runs shell text in the program an option put in the shell's place: `PROGRAM -c TEXT`, or a computed program. */
function inProgram(program: Word | null, text: Word, api: string, span: Span): CodeEffect {
  return program === null ? { kind: 'exec', argv: null, api, span } : { kind: 'exec', argv: [program, { text: '-c', span, values: ['-c'] }, text], api, span };
}

/** Shell text at an argument: one effect per static value, or one computed word. */
function shellOf(arg: Arg, api: string): CodeEffect[] {
  const w = wordOf(arg);
  if (w.values && w.values.length > 1) return w.values.map((v) => ({ kind: 'shell', text: alternative(w, v), api }));
  return [{ kind: 'shell', text: w, api }];
}

/** The argvs a value may be: each list alternative spelt out; a string is a one-word argv. */
function argvsOf(vals: readonly Val[], arg: Arg): (Word[] | null)[] {
  const out: (Word[] | null)[] = [];
  for (const v of vals) {
    if (v.k === 'list') out.push(...(argvs(v) ?? [null]));
    else if (v.k === 'str') out.push([alternative(wordOf(arg), v.v)]);
    else out.push(null);
  }
  return out;
}

/** For a computed path, the static text its value begins with (see CodeEffect `path`), to spread into its effect. */
export function headAt(a: Arg): { head?: string } {
  const head = wordOf(a).values === null ? headOf(a.vals) : undefined;
  return head === undefined ? {} : { head };
}

/**
 * APIs that change the entry a path names without writing its content: its mode, owner, flags or times (`os.chmod`,
 * `Path.chmod`, `fs.chmodSync`, `File.chown`, perl's and PHP's `chmod`, `os.utime`). Their paths are `meta` to the
 * rules (nothing is read or written), but the entry is changed: a `0` mode locks its owner out.
 */
export function changesModes(api: string): boolean {
  return /(?:^|[.#:])(?:l?chmod|l?chown|l?chgrp|f?chmod_R|f?chown_R|fchmod|fchown|l?chflags|l?utimes?|futimes|utime)(?:Sync)?$/.test(api);
}

/** A path effect for an argument, carrying the string constants it is written with. */
export function pathOf(a: Arg, role: UseRole, api: string): CodeEffect {
  const e: CodeEffect = role === 'moved' ? { kind: 'path', role: 'delete', path: wordOf(a), api, moved: true } : { kind: 'path', role, path: wordOf(a), api };
  if (a.literals) e.covers = a.literals;
  return { ...e, ...headAt(a) };
}

/** Path effects for an argument that is a path, or a list of them (`del(["dist", "~/.ssh"])`): one for each. */
export function pathsOf(a: Arg, role: UseRole, api: string): CodeEffect[] {
  if (a.vals.length > 0 && a.vals.every((v) => v.k === 'list' && !v.open)) return a.vals.flatMap((v) => (v.k === 'list' ? v.items.map((i) => pathOf(i, role, api)) : []));
  // A computed value beside known ones (`os.getenv("HOME", sys.argv[1]) + "/.bashrc"`) may be each of those too.
  const known = a.vals.filter((v) => v.k === 'str');
  if (known.length > 0 && known.length < a.vals.length && a.vals.some((v) => v.k === 'any')) return [pathOf(a, role, api), pathOf({ ...a, vals: known }, role, api)];
  return [pathOf(a, role, api)];
}

/**
 * Where a server the code starts listens, as the code writes it at `at`: a host, a `HOST:PORT`, a `tcp://HOST:PORT`,
 * or a (host, port) pair (Python's tuple), one effect for each value. Only an address written is judged, as the
 * registry judges a server's: none given (`.listen(3000)`), a bare port (`TCPServer.new(4444)`), a null, or a computed
 * one is the language's own default and yields nothing, as does a unix socket's path. An empty host is written, and
 * means every interface.
 */
export function listensAt(call: Call, at: At): CodeEffect[] {
  const a = argAt(call, at);
  if (!a) return [];
  const out: CodeEffect[] = [];
  for (const v of a.vals) {
    const hosts = v.k === 'list' ? (v.items[0]?.vals ?? []) : [v];
    for (const h of hosts) {
      // A unix socket's path (`unix:///tmp/app.sock`, `./app.sock`) is no network address.
      if (h.k !== 'str' || /^(?:\d+|None|nil|null|undefined)$/.test(h.v) || /^(?:(?:unix|udg|ipc|inproc):|[./~])/i.test(h.v)) continue;
      out.push({ kind: 'listen', api: call.api, span: call.span, address: h.v, text: a.text });
    }
  }
  return out;
}

/** The effects of one call of an API described by `spec`. */
export function apply(spec: Spec, call: Call): CodeEffect[] {
  const api = call.api;
  const out: CodeEffect[] = [];
  const path = (at: At, role: UseRole) => {
    const a = argAt(call, at);
    if (a) out.push(...pathsOf(a, role, api));
  };
  if ('url' in spec) {
    const a = argAt(call, spec.url);
    // A computed value known to begin as a path (`src/…`, `/…`, `~/…`) is no URL.
    if (a?.vals.some((v) => (v.k === 'str' ? isUrl(v.v) : v.k === 'any' && !(v.head !== undefined && /^(?:[/.~]|[^:/]*\/)/.test(v.head))))) {
      // `file_get_contents("http://localhost:8000/health")` alone: the one literal URL it reads (a further argument may
      // be a stream context, which can name a proxy).
      const url = call.args.length === 1 && call.kw.size === 0 && call.spreadAt === undefined && !call.kwSpread ? literalUrl(a) : undefined;
      out.push(url === undefined ? { kind: 'network', api, span: call.span } : { kind: 'network', api, span: call.span, url });
    }
    if (a) out.push(pathOf(a, 'read', api));
  } else if ('proc' in spec) {
    const a = argAt(call, spec.proc);
    if (!a) return out;
    const shell = spec.shell === undefined ? false : truthy(argAt(call, spec.shell));
    const exe = spec.exe === undefined ? undefined : argAt(call, spec.exe);
    // `executable=` replaces the program: with shell=True the shell that reads the text, which only a POSIX shell
    // reads as shell text (`executable="/usr/bin/python3"` runs it as Python).
    const exeWord = exe ? wordOf(exe) : undefined;
    const exeShell = exeWord === undefined || (exeWord.values?.every((x) => POSIX_SHELL.test(x)) ?? false);
    for (const v of a.vals) {
      if (v.k === 'str' && exe !== undefined && shell === true) {
        // shell=True: the executable is started as `EXECUTABLE -c TEXT`, named and reading the text as its entry says.
        out.push(inProgram(exeWord?.values ? exeWord : null, alternative(wordOf(a), v.v), api, a.span));
        continue;
      }
      if (v.k === 'str' && exeWord !== undefined && (shell === false || !exeShell)) {
        // Without shell=True the program is the executable, the string only its argv[0].
        out.push(shell === false ? { kind: 'exec', argv: [exeWord], api, span: a.span } : { kind: 'exec', argv: null, api, span: a.span });
        continue;
      }
      if (v.k === 'str') {
        // A string is shell text with shell=True; without, it names the program alone. Both are read as shell text:
        // a single word means the same either way, and more words are what a shell would make of them.
        out.push(...shellOf({ ...a, vals: [v] }, api));
        continue;
      }
      if (v.k !== 'list') {
        out.push({ kind: 'exec', argv: null, api, span: a.span });
        continue;
      }
      for (const argv of argvs(v) ?? [null]) {
        if (argv === null || argv.length === 0) {
          out.push({ kind: 'exec', argv: null, api, span: a.span });
          continue;
        }
        // shell=True with a list: its first item is the shell text, the rest are the shell's own $0, $1…
        if (shell !== false) out.push(exeShell ? { kind: 'shell', text: argv[0]!, api } : { kind: 'exec', argv: null, api, span: a.span });
        if (shell === true) continue;
        const program = exe ? wordOf(exe) : argv[0]!;
        out.push({ kind: 'exec', argv: [program, ...argv.slice(1)], api, span: a.span });
      }
    }
  } else if ('exec' in spec) {
    if (spec.reads !== undefined) path(spec.reads, 'read');
    const program = argAt(call, spec.exec);
    if (!program) return out;
    // Options handed in a computed value (`spawn("curl x", [], opts)`) may ask for the shell: then it is not known.
    const posOf = (at: At | undefined) => (typeof at === 'number' ? at : Array.isArray(at) ? at[0] : undefined);
    const handed = spec.shell !== undefined && argAt(call, spec.shell) === undefined && call.args.some((a, i) => i !== posOf(spec.exec) && i !== posOf(spec.argv) && a.vals.some((v) => v.k === 'any') && !/^[{[]/.test(a.text));
    const shell = spec.shell === undefined ? false : handed ? undefined : truthy(argAt(call, spec.shell));
    const shellIs = spec.shell === undefined ? undefined : shellProgram(argAt(call, spec.shell));
    // The program and its arguments joined into one line, as node joins them for a shell; computed when one is.
    const joined = (argv: Word[] | null): Word => {
      const parts = argv?.map((w) => (w.values?.length === 1 ? w.values[0]! : null));
      return parts?.every((p) => p !== null) ? { text: call.text, span: call.span, values: [parts.join(' ')] } : { text: call.text, span: call.span, values: null, dynamic: 'a command line joined from computed words' };
    };
    const run = (argv: Word[] | null) => {
      // The option names the shell that reads the joined line: that program is started, given the line.
      if (shellIs !== undefined) {
        out.push(inProgram(shellIs, joined(argv), api, call.span));
        return;
      }
      // With the shell option, the program and its arguments are one line for /bin/sh (computed: a computed argv).
      if ((argv === null && shell === true) || (argv !== null && shell !== false)) out.push({ kind: 'shell', text: joined(argv), api });
      if (shell !== true) out.push({ kind: 'exec', argv, api, span: call.span });
    };
    if (spec.argv !== undefined) {
      // An object literal where the argv may stand is the options (`spawn("ls -la", { shell: true })`): no argv.
      const given = argAt(call, spec.argv);
      const list = given?.vals.length === 1 && given.vals[0]!.k === 'any' && given.vals[0]!.why === 'an object' && given.text.startsWith('{') ? undefined : given;
      const alts = list ? argvsOf(list.vals, list) : [[]];
      for (const argv of alts) run(argv === null ? null : [wordOf(program), ...(spec.dropArgv0 ? argv.slice(1) : argv)]);
      return out;
    }
    let rest: Word[] = [];
    if (spec.rest !== undefined) {
      const end = spec.dropLast ? call.args.length - 1 : call.args.length;
      rest = call.args.slice(spec.rest, Math.max(spec.rest, end)).map(wordOf);
      if (call.spreadAt !== undefined) rest.push({ text: call.text, span: call.span, values: null, dynamic: 'a spread of arguments' });
    }
    run([wordOf(program), ...rest]);
  } else if ('shell' in spec) {
    const a = argAt(call, spec.shell);
    const program = spec.program === undefined ? undefined : shellProgram(argAt(call, spec.program));
    if (a) out.push(...(program === undefined ? shellOf(a, api) : shellOf(a, api).flatMap((e) => (e.kind === 'shell' ? [inProgram(program, e.text, api, call.span)] : [e]))));
  } else if ('open' in spec) {
    const mode = spec.mode === undefined ? undefined : argAt(call, spec.mode);
    const modes = mode ? mode.vals.map((v) => (v.k === 'str' ? v.v : null)) : ['r'];
    const reads = modes.some((m) => m === null || !/[wax]/.test(m) || m.includes('+'));
    const writes = modes.some((m) => m === null || /[wax+]/.test(m));
    if (reads) path(spec.open, 'read');
    if (writes) path(spec.open, 'write');
  } else if ('uses' in spec) {
    for (const [at, role] of spec.uses) path(at, role);
  } else if ('code' in spec) {
    for (const at of [spec.code, ...(spec.also ?? [])]) {
      const a = argAt(call, at);
      if (!a || (spec.callable && a.vals.every((v) => v.k === 'any' && v.why === CODE_FUNCTION))) continue;
      const w = wordOf(a);
      for (const text of w.values && w.values.length > 1 ? w.values.map((v) => alternative(w, v)) : [w]) out.push({ kind: 'code', language: spec.language, text, api });
    }
  } else if ('dynamic' in spec) {
    out.push({ kind: 'dynamic', rule: 'dynamic-code', span: call.span, why: `${api} ${spec.dynamic}` });
  } else if ('chdir' in spec) {
    const a = argAt(call, spec.chdir);
    if (a) out.push({ kind: 'chdir', path: wordOf(a), api });
  } else if ('listen' in spec) {
    out.push(...listensAt(call, spec.listen));
    // A file server given no address binds every interface (WEBrick's DocumentRoot without BindAddress).
    if (spec.files !== undefined && argAt(call, spec.files) !== undefined && argAt(call, spec.listen) === undefined) out.push({ kind: 'listen', api, span: call.span, address: '0.0.0.0', text: 'no address, which binds every interface, serving files' });
  }
  return out;
}

/** Looks an API up in a table by its name, or by a prefix that names a whole module (`socket` for `socket.socket`). */
export function lookupApi<T>(table: ReadonlyMap<string, T>, name: string): T | undefined {
  const exact = table.get(name);
  if (exact !== undefined) return exact;
  for (let i = name.lastIndexOf('.'); i > 0; i = name.lastIndexOf('.', i - 1)) {
    const t = table.get(`${name.slice(0, i)}.*`);
    if (t !== undefined) return t;
  }
  return undefined;
}

/** Whether an API runs something: shell text, a process, a program image, or code of the language. */
export function runsSomething(spec: Spec | undefined): boolean {
  return spec !== undefined && ('shell' in spec || 'proc' in spec || 'exec' in spec || 'code' in spec);
}

/**
 * The modules (and the modules above them) whose members run something, from an API table: `subprocess.run` gives
 * `subprocess`, `os.*` gives `os`. Handed on as a value, such a module is followed no further.
 */
export function runModules(table: ReadonlyMap<string, Spec>): string[] {
  return [...table]
    .filter(([, spec]) => runsSomething(spec) || 'dynamic' in spec)
    .flatMap(([k]) => {
      const parts = k.replace(/\.\*$/, '').split('.');
      return parts.slice(0, k.endsWith('.*') ? parts.length : parts.length - 1).map((_, i) => parts.slice(0, i + 1).join('.'));
    });
}
