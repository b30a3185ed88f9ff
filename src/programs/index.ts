// The program registry: the one place that knows what each program does with its words, for both dialects.
import type { Dialect, Language, Word } from '../types.js';
import { parse } from './argv.js';
import { attached, isDotenvFile, literal } from './words.js';
import { BUILTIN_ENTRIES } from './entries/builtins.js';
import { CMDLET_ENTRIES } from './entries/cmdlets.js';
import { CREDENTIAL_ENTRIES } from './entries/credentials.js';
import { DOTNET_ENTRIES } from './entries/dotnet.js';
import { EDITOR_ENTRIES } from './entries/editors.js';
import { FILE_ENTRIES } from './entries/files.js';
import { FRAMEWORK_ENTRIES } from './entries/frameworks.js';
import { GIT_ENTRIES } from './entries/git.js';
import { INTERPRETER_ENTRIES } from './entries/interpreters.js';
import { KNOWN_ENTRIES } from './entries/known.js';
import { HOSTING_ENTRIES } from './entries/hosting.js';
import { NETWORK_ENTRIES } from './entries/network.js';
import { projectRuns, scriptRuns } from './entries/project.js';
import { registryReroutes } from './entries/registries.js';
import { RUNNER_ENTRIES } from './entries/runners.js';
import { machineOpens, serverListens } from './entries/servers.js';
import { SHELL_ENTRIES } from './entries/shells.js';
import { TERMINAL_ENTRIES } from './entries/terminals.js';
import { TOOL_ENTRIES } from './entries/tools.js';
import { WINDOWS_ENTRIES } from './entries/windows.js';
import { WATCHER_ENTRIES } from './entries/watchers.js';
import { WRAPPER_ENTRIES } from './entries/wrappers.js';
import type { Answer, Call, ProgramEntry, Run, ScriptDialect } from './types.js';
import { everyMode, maybeText, programRun } from './build.js';

export type { Answer, Call, Input, Kept, OptionSpec, ParsedArgs, ProgramEntry, ProgramExample, Run, ScriptDialect, Use } from './types.js';
export { parse } from './argv.js';
export { decodeEncodedCommand } from './entries/shells.js';
export { linkCall } from './entries/files.js';
export { gitRunsKey } from './entries/git.js';
import { inheritedGitSettings } from './entries/git.js';
export { PROJECT_ROWS, projectFiles } from './entries/project.js';
export { OPENER_ROWS, SERVER_ROWS } from './entries/servers.js';

/** The interpreter languages whose code the registry hands on to be read (see src/languages/). */
export const LANGUAGES: readonly Language[] = ['python', 'javascript', 'ruby', 'php', 'perl'];

/** Whether nested text is an interpreter's code rather than a shell's. */
export function isLanguage(dialect: string): dialect is Language {
  return (LANGUAGES as readonly string[]).includes(dialect);
}

/** Every entry, in one list: the registry's listing and its examples come from here. */
export const PROGRAMS: readonly ProgramEntry[] = [
  ...BUILTIN_ENTRIES,
  ...SHELL_ENTRIES,
  ...INTERPRETER_ENTRIES,
  ...WRAPPER_ENTRIES,
  ...TERMINAL_ENTRIES,
  ...RUNNER_ENTRIES,
  ...WATCHER_ENTRIES,
  ...FRAMEWORK_ENTRIES,
  ...GIT_ENTRIES,
  ...CREDENTIAL_ENTRIES,
  ...EDITOR_ENTRIES,
  ...TOOL_ENTRIES,
  ...NETWORK_ENTRIES,
  ...FILE_ENTRIES,
  ...WINDOWS_ENTRIES,
  ...CMDLET_ENTRIES,
  ...DOTNET_ENTRIES,
  ...HOSTING_ENTRIES,
  ...KNOWN_ENTRIES,
];

/** Entries by lower-cased name: a Map, built in one pass at start-up (every hook call builds it). */
function index(entries: readonly ProgramEntry[]): ReadonlyMap<string, ProgramEntry> {
  const byName = new Map<string, ProgramEntry>();
  for (const e of entries) {
    for (const n of e.names) {
      const key = n.toLowerCase();
      const had = byName.get(key);
      if (had && had !== e) throw new Error(`program registry: ${n} has two entries (${had.summary} / ${e.summary})`);
      byName.set(key, e);
    }
  }
  return byName;
}

const BY_NAME = index(PROGRAMS);
const PATTERNED = PROGRAMS.filter((e) => e.patterns && e.patterns.length > 0);

/**
 * The name a program is looked up by: its basename, lower-cased (Windows and macOS file systems ignore case), with
 * a Windows executable extension dropped.
 */
export function programKey(path: string): string {
  const base = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  return base.toLowerCase().replace(/\.(exe|com|cmd|bat)$/, '');
}

/**
 * Programs other programs start on their own by a name looked up on PATH, none of the line's words naming them: the
 * shell (make's recipes, npm's scripts, configure), pagers and editors (git log, man, crontab -e), ssh (git fetch,
 * rsync, scp), the compiler driver's helpers (cc runs as and ld), groff's (nroff and man run troff, grotty), the
 * compressors tar and others start, git and its helpers (pip, go, cargo fetch through git; git runs gpg and its
 * remote helpers), the interpreters package managers start, the browser openers, and the small tools configure scripts
 * and build recipes call. A file the line wrote under one of these names on a PATH it changed may run.
 */
export const HELPER_NAMES: ReadonlySet<string> = new Set(
  (
    'sh bash dash zsh ksh less more most pager pg vi vim nvim nano editor sensible-editor sensible-pager emacs ' +
    'ssh scp sftp ssh-keygen ssh-askpass rsh cc c++ gcc g++ clang clang++ cpp as ld ld.bfd ld.gold ld.lld collect2 ar ranlib strip nm objcopy pkg-config ' +
    'troff groff nroff gtroff grotty grops gropdf grohtml tbl eqn pic refer soelim preconv grog man ' +
    'gzip gunzip zcat bzip2 bunzip2 xz unxz lzma zstd unzstd lz4 lzip lzop pigz compress uncompress ' +
    'git git-remote-http git-remote-https git-remote-ftp git-remote-ftps git-upload-pack git-receive-pack git-upload-archive git-lfs gpg gpg2 gpgsm hg svn ' +
    'node python python3 perl ruby php java rustc cargo go make ' +
    'xdg-open open sensible-browser x-www-browser www-browser gnome-open kde-open ' +
    'uname hostname id whoami which env sudo sed grep egrep awk gawk cat tr sort cut head tail mkdir rm cp mv ln chmod install date basename dirname expr test tput stty ps'
  ).split(' '),
);

/** Lookups by name as written, most recent first: command lines name the same few programs again and again. */
const cache = new Map<string, ProgramEntry | null>();
const CACHE_MAX = 4096;

/** The entry for a program as a dialect runs it, or undefined when the registry does not know it. */
export function lookup(path: string, dialect: Dialect): ProgramEntry | undefined {
  let e = cache.get(path);
  if (e === undefined) {
    e = find(path) ?? null;
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(path, e);
  }
  if (e === null || (e.dialects && !e.dialects.includes(dialect))) return undefined;
  return e;
}

function find(path: string): ProgramEntry | undefined {
  const key = programKey(path);
  let e = BY_NAME.get(key);
  if (!e) {
    // Versioned names: `python3.12`, `vim.basic`, `gawk-5.3`.
    e = PATTERNED.find((p) => p.patterns!.some((re) => re.test(key)));
    if (!e) {
      const bare = key.replace(/(?<=[a-z])[-.]?\d+(\.\d+)*$/, '');
      if (bare !== key) e = BY_NAME.get(bare);
    }
  }
  return e;
}

/**
 * Build drivers that run the C toolchain the environment names while they configure or compile: autoconf's configure,
 * cmake's and meson's
 * compiler checks, pip's and setup.py's extension builds, cargo's build scripts (the cc crate), node-gyp under npm,
 * yarn and pnpm, scons. make and go read these variables in their own entries.
 */
const TOOLCHAIN_USERS: ReadonlySet<string> = new Set(['configure', 'cmake', 'meson', 'pip', 'pip3', 'cargo', 'npm', 'yarn', 'pnpm', 'node-gyp', 'scons', 'python', 'python3']);
const TOOLCHAIN_ENV = ['CC', 'CXX', 'CPP', 'LD', 'LDSHARED', 'CC_FOR_BUILD', 'CXX_FOR_BUILD', 'AR', 'AS', 'FC', 'OBJC'];
const CMAKE_LAUNCHERS = ['C', 'CXX', 'OBJC', 'OBJCXX', 'CUDA', 'HIP', 'Fortran', 'ISPC', 'Swift'].flatMap((l) => [`CMAKE_${l}_COMPILER_LAUNCHER`, `CMAKE_${l}_LINKER_LAUNCHER`]);

/** The programs CC, CXX… name, as a build driver runs them (`CC='curl …' cmake -S .`); a computed one is cannot-vouch. */
function toolchainRuns(call: Call): Run[] {
  if (!TOOLCHAIN_USERS.has(call.program) && !TOOLCHAIN_USERS.has(call.name)) return [];
  const at = call.args[0] ?? call.command ?? literal(call.name, { start: 0, end: 0 });
  const runs: Run[] = [];
  // cmake also reads its compiler and linker launchers from the environment (CMAKE_<LANG>_COMPILER_LAUNCHER, 3.17+).
  const names = call.program === 'cmake' ? [...TOOLCHAIN_ENV, ...CMAKE_LAUNCHERS] : TOOLCHAIN_ENV;
  for (const name of names) {
    const v = call.env(name);
    // `CC=$(which clang)`: the program which finds by that name (or none, and the driver's own choice).
    const program = v === null ? call.envProgram?.(name) : undefined;
    if (program !== undefined) runs.push(programRun(literal(program, at.span), `${call.name} $${name}`));
    else if (v === null) runs.push({ kind: 'opaque', rule: 'dynamic-command', word: at, why: `${call.name} runs $${name} to build, which is computed` });
    else if (v !== undefined && v.trim() !== '') runs.push(programRun(attached(at, v), `${call.name} $${name}`));
  }
  return runs;
}

/**
 * What an invocation of a program no entry knows does that vouch can still tell: the git settings its environment holds
 * reach any git it starts (`GIT_CONFIG_PARAMETERS=… ./deploy.sh`). Undefined when that is nothing.
 */
export function unknownAnswer(call: Call, underGit: boolean): Answer | undefined {
  const inherited = inheritedGitSettings(call, underGit);
  const dialect = call.dialect === 'powershell' ? 'powershell' : 'bash';
  // A program run by its path is a script (or a program) of the user's: it may run the project's scripts.
  const byPath = call.command?.values?.length === 1 && call.command.values[0]!.includes('/');
  const runs = [...inherited.runs, ...(byPath ? scriptRuns(call, call.command!) : []), ...call.args.flatMap((w) => maybeText(w, dialect, call.name))];
  // A variable the line set in its environment may be text it runs (`CMD='rm -rf ~' ./run.sh`, `export CMD=…; ./run.sh`),
  // as a word of its own may: the same maybe run, standing at the program's name.
  const at0 = call.command ?? call.args[0];
  if (at0) for (const name of call.envNames?.() ?? []) {
    const v = call.env(name);
    if (typeof v === 'string') runs.push(...maybeText({ text: v, span: at0.span, values: [v] }, dialect, `${call.name} (its environment's $${name})`));
  }
  // Words from the first that names a known program on (`./run.sh rm -rf ~`, `mytool -- git push --force`): a command
  // it may run as a wrapper does, or words it takes; judged as the `maybe` text is.
  const at = call.args.findIndex((w, i) => i < call.args.length - 1 && w.values?.length === 1 && /^[\w.+-]+$/.test(w.values[0]!) && !w.values[0]!.startsWith('-') && lookup(w.values[0]!, call.dialect) !== undefined);
  if (at >= 0) runs.push({ kind: 'argv', argv: call.args.slice(at), via: `${call.name} (its arguments)`, maybe: true });
  // A server the registry has no entry for, bound where the line says (`uvicorn app:app --host 0.0.0.0`).
  const listens = serverListens(call);
  const opens = machineOpens(call);
  if (runs.length === 0 && inherited.reroutes.length === 0 && listens.length === 0 && opens.length === 0) return undefined;
  return { runs, uses: [], ...(inherited.reroutes.length > 0 ? { reroutes: inherited.reroutes } : {}), ...(listens.length > 0 ? { listens } : {}), ...(opens.length > 0 ? { opens } : {}) };
}

/**
 * What one invocation does, as its entry answers, with the roles of operands the entry left to its default. `underGit`:
 * git started it (its pager, its editor), having read the settings its environment gives git.
 */
export function answer(entry: ProgramEntry, call: Call, underGit = false): Answer {
  return everyMode(entry.modes, call, (c) => answerAs(entry, c, underGit), entry.codeModes);
}

/** What one invocation does, its words read as given (see answer). */
function answerAs(entry: ProgramEntry, call: Call, underGit: boolean): Answer {
  const partial = entry.analyze?.(call) ?? {};
  const out: Answer = { runs: [...(partial.runs ?? []), ...toolchainRuns(call)], uses: partial.uses ?? [] };
  // Code of the project it runs: read when the line wrote it.
  // A shell given a script file among its words (`bash build.sh`; not BASH_ENV's): that script may call the project's others.
  const script = out.runs.find((r): r is Extract<Run, { kind: 'file' }> => r.kind === 'file' && r.dialect === 'bash' && r.loads === undefined && call.args.includes(r.word));
  const project = [...projectRuns(call), ...(script ? scriptRuns(call, script.word) : [])];
  if (project.length > 0) out.runs = [...out.runs, ...project];
  if (partial.offline !== undefined) out.offline = partial.offline;
  if (partial.destinations !== undefined) out.destinations = partial.destinations;
  // Where a server the line starts listens, as its own entry reads it or as the line binds it (`flask run --host 0.0.0.0`).
  const listens = [...(partial.listens ?? []), ...serverListens(call)];
  if (listens.length > 0) out.listens = listens;
  const opens = [...(partial.opens ?? []), ...machineOpens(call)];
  if (opens.length > 0) out.opens = opens;
  // A package manager's registry, index or proxy named on the line (`npm --registry …`, `GOPROXY=…`).
  // Git settings the environment holds reach any git the program starts (git's own entry reads them itself).
  const inherited = entry.names.includes('git') ? undefined : inheritedGitSettings(call, underGit);
  if (inherited && inherited.runs.length > 0) out.runs = [...out.runs, ...inherited.runs];
  const rerouted = [...(partial.reroutes ?? []), ...registryReroutes(call), ...(inherited?.reroutes ?? [])];
  if (rerouted.length > 0) out.reroutes = rerouted;
  if (partial.stdin !== undefined) out.stdin = partial.stdin;
  if (partial.dumps !== undefined) out.dumps = partial.dumps;
  if (partial.fetches !== undefined && partial.fetches.length > 0) out.fetches = partial.fetches;
  if (partial.printsVariables !== undefined && partial.printsVariables.length > 0) out.printsVariables = partial.printsVariables;
  if (partial.leavesRead || entry.leavesRead) out.leavesRead = true;
  if (partial.keepsStdin) out.keepsStdin = true;
  if (partial.clipboard) out.clipboard = true;
  if (partial.codeArgs !== undefined) out.codeArgs = partial.codeArgs;
  if (partial.output !== undefined) out.output = partial.output;
  if (partial.sets !== undefined) out.sets = partial.sets;
  if (partial.assigns !== undefined) out.assigns = partial.assigns;
  if (partial.reads !== undefined) out.reads = partial.reads;
  if (partial.items !== undefined) out.items = partial.items;
  if (partial.record !== undefined) out.record = partial.record;
  if (partial.persists !== undefined) out.persists = partial.persists;
  if (partial.keeps !== undefined) out.keeps = partial.keeps;
  if (partial.destroys !== undefined) out.destroys = partial.destroys;
  if (partial.copies !== undefined) out.copies = partial.copies;
  if (partial.stdinTo !== undefined) out.stdinTo = partial.stdinTo;
  if (partial.rewrites !== undefined) out.rewrites = partial.rewrites;
  if (partial.builds !== undefined) out.builds = partial.builds;
  if (entry.operands && entry.operands !== 'unknown' && !entry.analyze) {
    const p = parse(call.args, { order: 'gnu', ...entry.options });
    for (const o of p.operands) out.uses.push({ word: o.word, role: entry.operands });
  }
  for (const { word, file } of envFiles(call.args)) if (!out.uses.some((u) => u.word === word)) out.uses.push({ word, role: 'meta', values: [file] });
  return partial.previews === undefined ? out : previewed(out, partial.previews);
}

/** The roles in which a program changes a file: a preview only looks at it. */
const CHANGES: ReadonlySet<string> = new Set(['write', 'create', 'extract', 'delete', 'delete-tree']);

/**
 * What an invocation that only previews does (Answer.previews): what it would destroy, delete, write, move, install,
 * copy, build or keep is dropped, and a path it would change is one it looks at; what it reads, runs and connects to
 * stays as the entry answered it.
 */
function previewed(out: Answer, why: string): Answer {
  const { destroys: _d, persists: _p, keeps: _k, copies: _c, stdinTo: _s, rewrites: _r, builds: _b, fetches: _f, ...rest } = out;
  const uses = out.uses.map((u) => {
    if (!CHANGES.has(u.role) && !u.moved) return u;
    const { moved: _m, into: _i, ...use } = u;
    return { ...use, role: 'meta' as const };
  });
  return { ...rest, uses, previews: why };
}

/**
 * The values of `--env-file` (node, deno, bun, docker, compose, uv): a file loaded into the environment of what the
 * program runs, not printed. What that program does with its environment is judged where it runs (its code, its
 * command); the file's content reaches the output only through it.
 */
function envFiles(args: readonly Word[]): { word: Word; file: string }[] {
  const out: { word: Word; file: string }[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    const v = w.values?.length === 1 ? w.values[0]! : undefined;
    if (v === undefined || !v.startsWith('--env-file')) continue;
    const m = /^--env-file(?:-if-exists)?(=)?/.exec(v);
    if (!m || (m[0].length < v.length && !m[1])) continue;
    const word = m[1] ? w : args[++i];
    const file = m[1] ? v.slice(m[0].length) : word?.values?.length === 1 ? word.values[0]! : undefined;
    // Only a dotenv file of the project (`.env`, `.env.local`, `config/test.env`): another file loaded so (a
    // credentials file, a key) is still read.
    if (word && file !== undefined && isDotenvFile(file)) out.push({ word, file });
  }
  return out;
}

/**
 * The dialect a script file's text is read in: as the interpreter its `#!` line names reads it (scriptFileDialect, given
 * the line's argument), `fallback` without one. `interpreter` names the program when its entry reads no file.
 */
export function shebangDialect(text: string, fallback: ScriptDialect): { dialect: ScriptDialect } | { interpreter: string } {
  const shebang = /^#!\s*(\S+)(?:\s+(\S+))?/.exec(text);
  if (!shebang) return { dialect: fallback };
  const viaEnv = shebang[1] === '/usr/bin/env' || shebang[1] === 'env';
  const interpreter = (viaEnv ? (shebang[2] ?? '') : shebang[1]!).replace(/^.*\//, '');
  const dialect = scriptFileDialect(interpreter, !viaEnv && shebang[2] ? [shebang[2]] : []);
  return dialect === undefined ? { interpreter } : { dialect };
}

/**
 * The dialect a program reads a script file in, as its entry says (`#!/usr/bin/env python3` → python, `#!/bin/sh` →
 * bash, `#!/bin/busybox sh` with its argument); undefined when its entry runs no file it reads (or there is none).
 */
export function scriptFileDialect(program: string, args: readonly string[] = [], depth = 0): ScriptDialect | undefined {
  const entry = lookup(program, 'bash');
  if (!entry || depth > 2) return undefined;
  const word = (text: string): Word => ({ text, span: { start: 0, end: 0 }, values: [text] });
  const call: Call = { program: canonical(entry), name: program, args: [...args.map(word), word('script')], dialect: 'bash', env: () => undefined };
  for (const run of answer(entry, call).runs) {
    if (run.kind === 'file') return run.dialect;
    // A multi-call binary or wrapper hands the file to the program it starts (`busybox sh FILE`).
    const argv = run.kind === 'argv' ? run.argv.map((w) => w.values?.[0]) : [];
    if (argv.length > 1 && argv.every((a) => a !== undefined) && argv.at(-1) === 'script') return scriptFileDialect(argv[0]!, argv.slice(1, -1) as string[], depth + 1);
  }
  return undefined;
}

/** The canonical name of an entry (its first), for invocations that ran it under another. */
export function canonical(entry: ProgramEntry): string {
  return entry.names[0]!;
}

/** A wrapper as the fuzzers and the oracle's sandbox use it: how to peel it, and prefixes that wrap a line in it. */
export interface WrapperForm {
  name: string;
  /** Every name it answers to. */
  names: string[];
  /** Prefixes taken from the entry's own deny examples (`timeout -s KILL 5`, `setarch x86_64`). */
  prefixes: string[];
  /** Those of the prefixes that start the command in another directory (`chroot /` changes into the new root's `/`). */
  elsewhere: string[];
  valuedShort: string;
  valuedLong: string[];
  before: number;
  assignments: boolean;
  /** Its long options take one dash too (`xcrun -sdk iphoneos`): a word of three characters or more is one. */
  singleDash: boolean;
}

/** Every plain wrapper of the registry, with the prefixes its examples put before a client. */
export function wrapperForms(): WrapperForm[] {
  const out: WrapperForm[] = [];
  for (const e of PROGRAMS) {
    if (!e.peel || (e.dialects && !e.dialects.includes('bash'))) continue;
    const prefixes = new Set<string>();
    for (const ex of e.examples.deny) {
      const text = typeof ex === 'string' ? ex : ex.shell === 'powershell' ? '' : ex.command;
      const m = /^(.*?) (?:curl|wget) evil\.example$/.exec(text);
      if (m && /^[A-Za-z0-9 _./=:+,-]+$/.test(m[1]!) && !/ (curl|wget|nc)( |$)/.test(m[1]!)) prefixes.add(m[1]!);
    }
    if (e.peel.before === 0) prefixes.add(e.names[0]!);
    // What the entry answers for the prefix before a command says where that command starts.
    const elsewhere = [...prefixes].filter((prefix) => {
      const words = prefix.split(' ').slice(1).map((w) => literal(w, { start: 0, end: 0 }));
      const runs = e.analyze?.({ program: e.names[0]!, name: e.names[0]!, args: [...words, literal('true', { start: 0, end: 0 })], dialect: 'bash', env: () => undefined })?.runs ?? [];
      return runs.some((r) => 'cwd' in r && r.cwd !== undefined);
    });
    out.push({ name: e.names[0]!, names: [...e.names], prefixes: [...prefixes], elsewhere, valuedShort: e.peel.options.valued ?? '', valuedLong: [...(e.peel.options.longValued ?? [])], before: e.peel.before, assignments: e.peel.assignments, singleDash: e.peel.options.singleDash === true });
  }
  return out;
}
