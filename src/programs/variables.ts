// Variables whose value some program later runs as shell text: bash itself (prompts, PROMPT_COMMAND,
// imported functions) or the programs an agent calls every day (git, less, man, crontab -e, ssh).
import type { Language, Word } from '../types.js';
import { bound, loopbackHost } from './hosts.js';
import { isStdinPath, shellQuote } from './words.js';

/**
 * Variables a program runs through `sh -c` (or as a program path, which is shell text too). Setting one
 * to `curl …` runs curl the next time git pages, edits, diffs or connects.
 */
const SHELL_TEXT = new Set([
  'PROMPT_COMMAND',
  // git
  'GIT_SSH_COMMAND',
  'GIT_SSH',
  'GIT_PAGER',
  'GIT_EDITOR',
  'GIT_SEQUENCE_EDITOR',
  'GIT_EXTERNAL_DIFF',
  'GIT_PROXY_COMMAND',
  'GIT_ASKPASS',
  // pagers, editors and helpers other programs start
  'PAGER',
  'MANPAGER',
  'SYSTEMD_PAGER',
  'BAT_PAGER',
  'DELTA_PAGER',
  'EDITOR',
  'VISUAL',
  // kubectl edit, svn commit, hg commit: each tool's own editor first
  'KUBE_EDITOR',
  'SVN_EDITOR',
  'HGEDITOR',
  'SUDO_EDITOR',
  'FCEDIT',
  'BROWSER',
  'GH_BROWSER',
  'SSH_ASKPASS',
  'SUDO_ASKPASS',
  'RSYNC_RSH',
  'CVS_RSH',
  'LESSOPEN',
  'LESSCLOSE',
  // less's and more's options, whose `+!cmd` start-up command runs when any program pages through them (git log)
  'LESS',
  'MORE',
  // backup, crash-dump and service tools
  'RESTIC_PASSWORD_COMMAND',
  'BORG_RSH',
  'BORG_PASSCOMMAND',
  'CRASHPAGER',
  'SYSTEMD_EDITOR',
  'AUTOM4TE',
  'RSYNC_CONNECT_PROG',
  // the pagers and editors of database, cloud and forge CLIs and version-control tools, each its own
  'PSQL_PAGER',
  'PSQL_EDITOR',
  'GH_PAGER',
  'GH_EDITOR',
  'GLAB_PAGER',
  'GLAB_EDITOR',
  'AWS_PAGER',
  'PERLDOC_PAGER',
  'JJ_PAGER',
  'JJ_EDITOR',
  'TIG_EDITOR',
  'BZR_EDITOR',
  'P4EDITOR',
  'P4DIFF',
  'P4MERGE',
  'HGMERGE',
  'KUBECTL_EXTERNAL_DIFF',
  // the remote shells and programs other tools start in place of their default
  'SVN_SSH',
  'ANSIBLE_SSH_EXECUTABLE',
  'TERMINAL',
  // the shell script, screen, tmux, sudo -s, chroot, unshare and nsenter start when given no command, and the one
  // vim's :sh and less's ! run
  'SHELL',
  // configure runs itself again under CONFIG_SHELL; GNU parallel runs its jobs with PARALLEL_SHELL
  'CONFIG_SHELL',
  'PARALLEL_SHELL',
]);

/**
 * Variables whose value is code of a language vouch does not read, which a program runs (`PERL5DB='exec …' perl -d`,
 * `LUA_INIT='os.execute(…)' lua`; `LUA_INIT=@FILE` runs a file).
 */
const INTERPRETER_CODE: Readonly<Record<string, string>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, string>, {
    PERL5DB: 'Perl',
    LUA_INIT: 'Lua',
    LUA_INIT_5_1: 'Lua',
    LUA_INIT_5_2: 'Lua',
    LUA_INIT_5_3: 'Lua',
    LUA_INIT_5_4: 'Lua',
  }),
);

/** Lua's search templates (`/tmp/?.lua;./?/init.lua;;`): the directory each searches, up to its first `?`. */
function luaTemplateDirs(value: string): string[] {
  return value
    .split(';')
    .filter((t) => t !== '')
    .map((t) => (t.includes('?') ? t.slice(0, t.indexOf('?')) : t).replace(/\/[^/]*$/, '') || (t.startsWith('/') ? '/' : '.'));
}

/**
 * Variables naming directories an interpreter loads modules from first: a module the line wrote there is code it may
 * run. `split`: how the variable lists them, where not by `:` (Tcl's list, Lua's `;`-separated templates, Julia's `@`
 * entries that name no directory).
 */
const MODULE_DIRS: Readonly<Record<string, { ext: RegExp; dialect: Language | null; split?: (value: string) => string[] }>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, { ext: RegExp; dialect: Language | null; split?: (value: string) => string[] }>, {
    PYTHONPATH: { ext: /\.py$/, dialect: 'python' },
    // The prefix python loads its standard library from, and the base of the user site it imports usercustomize from.
    PYTHONHOME: { ext: /\.py$/, dialect: 'python' },
    PYTHONUSERBASE: { ext: /\.py$/, dialect: 'python' },
    PERL5LIB: { ext: /\.pm$/, dialect: 'perl' },
    PERLLIB: { ext: /\.pm$/, dialect: 'perl' },
    RUBYLIB: { ext: /\.rb$/, dialect: 'ruby' },
    NODE_PATH: { ext: /\.[cm]?js$/, dialect: 'javascript' },
    LD_LIBRARY_PATH: { ext: /\.so(\.|$)/, dialect: null },
    DYLD_LIBRARY_PATH: { ext: /\.dylib$/, dialect: null },
    GCONV_PATH: { ext: /\.so$|gconv-modules/, dialect: null },
    // PowerShell imports modules by name, and loads one on the first call of a command it exports, from these first.
    PSMODULEPATH: { ext: /\.ps[dm]?1$|\.dll$/i, dialect: null },
    // Languages vouch does not read: a module the line wrote there is cannot-vouch. lua's `require` and `-l` search
    // LUA_PATH's templates (LUA_CPATH's for C modules); tclsh sources TCL_LIBRARY's init.tcl at start-up and each
    // pkgIndex.tcl under TCLLIBPATH's directories when a package is asked for; guile, julia and emacs load modules
    // by name from theirs; gawk's -f and -i look files up in AWKPATH.
    ...Object.fromEntries(['LUA_PATH', 'LUA_PATH_5_2', 'LUA_PATH_5_3', 'LUA_PATH_5_4'].map((n) => [n, { ext: /\.lua$/, dialect: null, split: luaTemplateDirs }])),
    ...Object.fromEntries(['LUA_CPATH', 'LUA_CPATH_5_2', 'LUA_CPATH_5_3', 'LUA_CPATH_5_4'].map((n) => [n, { ext: /\.so(\.|$)|\.dll$/, dialect: null, split: luaTemplateDirs }])),
    TCL_LIBRARY: { ext: /\.tcl$|(?:^|\/)tclIndex$/, dialect: null, split: (v: string) => [v] },
    TCLLIBPATH: { ext: /\.tcl$|(?:^|\/)tclIndex$|\.so$/, dialect: null, split: (v: string) => v.split(/\s+/).filter((d) => d !== '') },
    GUILE_LOAD_PATH: { ext: /\.scm$/, dialect: null },
    GUILE_LOAD_COMPILED_PATH: { ext: /\.go$/, dialect: null },
    JULIA_LOAD_PATH: { ext: /\.jl$|(?:^|\/)(?:Project|Manifest)\.toml$/, dialect: null, split: (v: string) => v.split(':').filter((d) => d !== '' && !d.startsWith('@')) },
    EMACSLOADPATH: { ext: /\.elc?$/, dialect: null, split: (v: string) => v.split(':').filter((d) => d !== '') },
    AWKPATH: { ext: /\.awk$/, dialect: null },
    // Ansible's plugins and modules (Python) run on the controller, and the modules on each host, the local one among them.
    ...Object.fromEntries(['ANSIBLE_LIBRARY', 'ANSIBLE_MODULE_UTILS', 'ANSIBLE_ACTION_PLUGINS', 'ANSIBLE_CALLBACK_PLUGINS', 'ANSIBLE_CONNECTION_PLUGINS', 'ANSIBLE_FILTER_PLUGINS', 'ANSIBLE_LOOKUP_PLUGINS', 'ANSIBLE_INVENTORY_PLUGINS', 'ANSIBLE_VARS_PLUGINS', 'ANSIBLE_STRATEGY_PLUGINS', 'ANSIBLE_TEST_PLUGINS'].map((n) => [n, { ext: /\.py$/, dialect: 'python' }])),
  }),
);

/**
 * Variables naming a program's start-up code (a file it runs before its own), beside NODE_OPTIONS and the others
 * `loadedCode` reads by their syntax: R's profiles, irb's rc, mix's project file, a `LUA_INIT=@FILE`.
 */
const START_UP_FILES: Readonly<Record<string, Language | null>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, Language | null>, { R_PROFILE_USER: null, R_PROFILE: null, IRBRC: 'ruby', MIX_EXS: null }),
);

/**
 * Variables naming where a program finds its settings or start-up files (a directory, a settings file): what it reads
 * there is the user's own (out of scope, as their HOME's is) unless the line wrote it, when it is code on the line.
 * Each gives the files and directories, below each listed path, that the program reads as settings or runs as code:
 * PHP's php.ini (PHPRC, its directory or the file) and the .ini files PHP_INI_SCAN_DIR's directories hold, read for
 * auto_prepend_file and extensions; R's environ files (they name its profiles); julia's startup.jl under each depot;
 * IPython's profile (its config and startup scripts, Python); rubygems plugins under GEM_HOME and GEM_PATH; an
 * ansible.cfg (its plugin directories and vault password scripts).
 */
const SETTINGS: Readonly<Record<string, (path: string) => { files?: { name: string; dialect: Language | null; settings?: 'php-ini' }[]; dirs?: { name: string; ext: RegExp; dialect: Language | null; settings?: 'php-ini' }[] }>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, never>, {
    PHPRC: (p: string) => ({ files: (/\.ini$/i.test(p) ? [p] : [`${p}/php-cli.ini`, `${p}/php.ini`]).map((name) => ({ name, dialect: null, settings: 'php-ini' as const })) }),
    PHP_INI_SCAN_DIR: (p: string) => ({ dirs: [{ name: p, ext: /\.ini$/i, dialect: null, settings: 'php-ini' as const }] }),
    R_ENVIRON_USER: (p: string) => ({ files: [{ name: p, dialect: null }] }),
    R_ENVIRON: (p: string) => ({ files: [{ name: p, dialect: null }] }),
    JULIA_DEPOT_PATH: (p: string) => ({ files: [{ name: `${p}/config/startup.jl`, dialect: null }] }),
    IPYTHONDIR: (p: string) => ({ files: [{ name: `${p}/profile_default/ipython_config.py`, dialect: 'python' as const }], dirs: [{ name: `${p}/profile_default/startup`, ext: /\.py$/, dialect: 'python' as const }] }),
    GEM_HOME: (p: string) => ({ dirs: [{ name: `${p}/plugins`, ext: /_plugin\.rb$/, dialect: 'ruby' as const }] }),
    GEM_PATH: (p: string) => ({ dirs: [{ name: `${p}/plugins`, ext: /_plugin\.rb$/, dialect: 'ruby' as const }] }),
    ANSIBLE_CONFIG: (p: string) => ({ files: [{ name: p, dialect: null }] }),
  }),
);

/**
 * The settings of a php.ini the line wrote that load code: auto_prepend_file and auto_append_file (a PHP file, or code
 * from a stream: data:, php://, a URL), extension and zend_extension given by path (a library). Other settings are not
 * code. What a file of them names is read as the `-d` option's would be.
 */
export function phpIniLoads(text: string): LoadedCode | { computed: string } {
  const out: LoadedCode = { code: [], files: [], dirs: [] };
  for (const raw of text.split(/\r?\n/)) {
    const m = /^\s*(auto_prepend_file|auto_append_file|extension|zend_extension)\s*=\s*(.*?)\s*$/i.exec(raw);
    if (!m) continue;
    const v = m[2]!.replace(/\s+;.*$/, '').replace(/^(["'])(.*)\1$/, '$2');
    if (v === '' || /^none$/i.test(v)) continue;
    if (/^[a-z][\w+.-]*:/i.test(v)) return { computed: `a php.ini the line wrote sets ${m[1]} to ${v}, code read from a stream` };
    if (/^auto_/i.test(m[1]!)) out.files.push({ name: v, dialect: 'php', settings: true });
    else if (v.includes('/')) out.files.push({ name: v, dialect: null, settings: true });
  }
  return out;
}

/** What a variable hands an interpreter to load: inline code, files (null dialect: a library, not read), module directories. */
export interface LoadedCode {
  code: { text: string; dialect: Language | 'bash' }[];
  /**
   * (bash: BASH_ENV's file.) `installed`: a name the program looks up in its own search path (a bare library name, a
   * library in the system's directories, a package `--require dotenv/config` names), not a file wherever it is.
   * `settings`: a file a program reads its settings from where it is, the user's own unless the line wrote it; one of
   * 'php-ini' is read for the code its settings load (see `phpIniLoads`).
   */
  files: { name: string; dialect: Language | 'bash' | null; installed?: true; settings?: true | 'php-ini' }[];
  /** `settings`: a place a program reads settings or start-up files from, the user's own where the line wrote nothing. */
  dirs: { name: string; ext: RegExp; dialect: Language | null; settings?: true | 'php-ini' }[];
}

/**
 * The code a `data:` URL module holds (`node --import data:text/javascript,…`), or null when it cannot be decoded;
 * undefined when the word is no data: URL.
 */
export function dataUrlCode(url: string): string | null | undefined {
  const m = /^data:([^,]*),(.*)$/is.exec(url);
  if (!m) return /^data:/i.test(url) ? null : undefined;
  try {
    return /;base64$/i.test(m[1]!) ? Buffer.from(decodeURIComponent(m[2]!), 'base64').toString('utf8') : decodeURIComponent(m[2]!);
  } catch {
    return null;
  }
}

/** Splits an options variable as the program does (whitespace; node also honours quotes, taken off here). */
function optionWords(value: string): string[] {
  return (value.match(/"[^"]*"|'[^']*'|\S+/g) ?? []).map((w) => w.replace(/^(["'])(.*)\1$/s, '$2'));
}

/**
 * What setting `name` to `value` makes an interpreter load before its own code: NODE_OPTIONS `--require`/`--import`/
 * `--loader` (a file, or a `data:` URL that is inline code), BUN_OPTIONS' `--preload`/`-r` alike, RUBYOPT `-r`, PERL5OPT `-M` text (which perl pastes into
 * `use …;`), PYTHONSTARTUP, BASH_ENV, LD_PRELOAD/LD_AUDIT, and the module directories of MODULE_DIRS. Undefined: none.
 */
export function loadedCode(name: string, value: string): LoadedCode | { computed: string } | undefined {
  const out: LoadedCode = { code: [], files: [], dirs: [] };
  if (name === 'NODE_OPTIONS' || name === 'BUN_OPTIONS') {
    const words = optionWords(value);
    // BUN_OPTIONS is put before every bun's own words: code it evaluates is code on the line, not read here.
    if (name === 'BUN_OPTIONS' && words.some((w) => /^(?:-e|-p|--eval|--print)(?:=|$)/.test(w))) return { computed: `BUN_OPTIONS hands every bun code to evaluate (${value})` };
    for (let i = 0; i < words.length; i++) {
      // `--inspect=HOST:PORT` opens each node's debugger (whoever connects runs code in it) where HOST is reached.
      const inspect = /^--(?:inspect|inspect-brk|inspect-wait|inspect-port|debug-port)=(.*)$/s.exec(words[i]!);
      if (inspect && !/^\d*$/.test(inspect[1]!) && !loopbackAddress(inspect[1]!)) return { computed: `${name} ${words[i]} opens node's debugger where other machines may reach it: whoever connects runs code in it` };
      const m = /^(?:--(require|import|loader|experimental-loader|preload)(?:=(.*))?|-r(.*))$/s.exec(words[i]!);
      if (!m) continue;
      const v = m[2] ?? (m[3] ? m[3] : words[++i]);
      if (v === undefined) continue;
      const code = dataUrlCode(v);
      if (code === null) return { computed: `${name} loads a data: URL module that cannot be decoded: ${v}` };
      if (code !== undefined) out.code.push({ text: code, dialect: 'javascript' });
      // A module given by its URL is fetched and run (network imports): code the line does not show.
      else if (/^https?:\/\//i.test(v)) return { computed: `${name} loads ${v}, a module fetched from the network` };
      else out.files.push({ name: v, dialect: 'javascript', ...searched(v) });
    }
  } else if (name === 'RUBYOPT') {
    const words = optionWords(value);
    // (-I puts directories ahead of ruby's own: what -r names is looked up there first.)
    const dirs = words.flatMap((w) => /^-I(.+)$/s.exec(w)?.[1] ?? []);
    for (let i = 0; i < words.length; i++) {
      const m = /^-r(.*)$/s.exec(words[i]!);
      const v = m ? (m[1] ? m[1] : words[++i]) : undefined;
      // (`-r x` loads x.rb; a name given its extension is that file.)
      if (v !== undefined) for (const name of v.endsWith('.rb') ? [v] : [v, `${v}.rb`]) out.files.push({ name, dialect: 'ruby', ...searched(v) });
      if (v !== undefined && searched(v).installed) for (const d of dirs) out.files.push({ name: `${d.replace(/\/+$/, '')}/${v.endsWith('.rb') ? v : `${v}.rb`}`, dialect: 'ruby' });
    }
    for (const d of dirs) out.dirs.push({ name: d, ext: /\.rb$/, dialect: 'ruby' });
  } else if (name === 'PERL5OPT') {
    // perl reads -M/-m as `use TEXT;`: anything but a module name (and `=` import list) is code pasted there. A module
    // it names is looked up first in the directories -I puts ahead (`-I/tmp -MEvil`): a file there, as RUBYOPT's -r.
    const words = optionWords(value);
    const dirs = words.flatMap((w) => /^-I(.+)$/s.exec(w)?.[1] ?? []);
    for (const w of words) {
      const m = /^-[Mm](-?)(.*)$/s.exec(w);
      if (m && !/^[\w:]+(=[\w:,.-]*)?$/.test(m[2]!)) out.code.push({ text: `use ${m[2]!.replace(/=(.*)$/s, ' split(/,/,q{$1})')};`, dialect: 'perl' });
      else if (m) for (const d of dirs) out.files.push({ name: `${d.replace(/\/+$/, '')}/${m[2]!.replace(/=.*$/s, '').replace(/::/g, '/')}.pm`, dialect: 'perl' });
    }
    for (const d of dirs) out.dirs.push({ name: d, ext: /\.pm$/, dialect: 'perl' });
  } else if (name === 'PYTHONSTARTUP') out.files.push({ name: value, dialect: 'python' });
  else if (/^LUA_INIT(?:_5_\d)?$/.test(name) && value.startsWith('@')) out.files.push({ name: value.slice(1), dialect: null });
  else if (name in START_UP_FILES && value !== '') out.files.push({ name: value, dialect: START_UP_FILES[name]! });
  else if (/^ERL_[AZ]?FLAGS$/.test(name) && /(?:^|\s)-eval(?:\s|$)/.test(value)) return { computed: `${name} holds Erlang code (-eval) that erl runs first, which is not read here` };
  else if (name in SETTINGS) {
    for (const p of value.split(':')) {
      if (p === '' || p === '/dev/null') continue;
      const at = SETTINGS[name]!(p.replace(/(.)\/+$/, '$1'));
      for (const f of at.files ?? []) out.files.push({ ...f, settings: f.settings ?? true });
      for (const d of at.dirs ?? []) out.dirs.push({ ...d, settings: d.settings ?? true });
      if (name === 'PHPRC') break;
    }
  }
  // Every non-interactive bash a program starts (a project's `#!/bin/bash` script, a recipe's `bash -c`) sources it;
  // an interactive sh sources ENV's (read only where a shell entry says one does: ENV=production is a setting).
  else if ((name === 'BASH_ENV' || name === 'ENV') && value !== '') out.files.push({ name: value, dialect: 'bash' });
  else if (LIBRARY_LISTS.has(name)) {
    for (const v of value.split(/[\s:]+/)) if (v) out.files.push({ name: v, dialect: null, ...(systemLibrary(v) ? { installed: true as const } : {}) });
  } else if (JAVA_OPTIONS.has(name)) {
    // What every JVM started takes from them (jvmOption): an agent's code, shell text, a debugger others may reach.
    for (const w of jvmWords(value)) {
      const o = jvmOption(w);
      if (o === undefined) continue;
      if ('agent' in o) out.files.push({ name: o.agent, dialect: null });
      else if ('shell' in o) out.code.push({ text: o.shell, dialect: 'bash' });
      else if (!loopbackAddress(o.debugger)) return { computed: `${name} ${w} opens the JVM's debugger to ${o.debugger}, where other machines may reach it: whoever connects runs code in it` };
    }
  }
  // /dev/null holds no code; a stream a shell reads as its start-up file is read where the shell is (BASH_ENV=/dev/stdin).
  out.files = out.files.filter((f) => f.name !== '/dev/null' && !(f.dialect === 'bash' && isStdinPath(f.name, false)));
  const dirs = MODULE_DIRS[name];
  if (dirs) for (const d of dirs.split ? dirs.split(value) : value.split(':')) out.dirs.push({ name: d === '' ? '.' : d, ext: dirs.ext, dialect: dirs.dialect });
  return out.code.length + out.files.length + out.dirs.length > 0 ? out : undefined;
}

/**
 * Variables that list libraries the dynamic loader puts into every program started (macOS's too), and those the .NET
 * runtime loads into every program it starts: startup hook assemblies and a profiler (CORECLR_ENABLE_PROFILING=1).
 */
const LIBRARY_LISTS: ReadonlySet<string> = new Set(['LD_PRELOAD', 'LD_AUDIT', 'DYLD_INSERT_LIBRARIES', 'DOTNET_STARTUP_HOOKS', 'CORECLR_PROFILER_PATH', 'CORECLR_PROFILER_PATH_64', 'CORECLR_PROFILER_PATH_32']);
/**
 * Variables every JVM started reads as options before its own, and those the build tools' and servers' launchers hand
 * the JVM they start (`MAVEN_OPTS='-javaagent:…' mvn test`).
 */
const JAVA_OPTIONS: ReadonlySet<string> = new Set(['JAVA_TOOL_OPTIONS', '_JAVA_OPTIONS', 'JDK_JAVA_OPTIONS', 'MAVEN_OPTS', 'GRADLE_OPTS', 'JAVA_OPTS', 'SBT_OPTS', 'ANT_OPTS']);
/** The variables `loadedCode` reads, beside MODULE_DIRS: one list, so that what counts as loading code is said once. */
const LOADING: ReadonlySet<string> = new Set(['NODE_OPTIONS', 'BUN_OPTIONS', 'RUBYOPT', 'PERL5OPT', 'PYTHONSTARTUP', 'BASH_ENV', ...LIBRARY_LISTS, ...JAVA_OPTIONS, ...Object.keys(INTERPRETER_CODE).filter((n) => n.startsWith('LUA_INIT')), ...Object.keys(START_UP_FILES), ...Object.keys(SETTINGS), 'ERL_FLAGS', 'ERL_AFLAGS', 'ERL_ZFLAGS']);

/**
 * What one option of a JVM makes it do besides running the program it is given, wherever the options come from (the
 * java command line, `-J` of the JDK's tools, JAVA_TOOL_OPTIONS and the launchers' MAVEN_OPTS, a build's settings
 * files): `agent`, the jar or library -javaagent/-agentpath loads into it (-agentlib names one installed); `shell`, the
 * text -XX:OnError and -XX:OnOutOfMemoryError hand `sh -c` (`%p` the pid); `debugger`, the address a JDWP agent
 * (-agentlib:jdwp, -Xrunjdwp) listens on or connects to, whose other end drives the JVM. A bare port is the
 * loopback's (JDK 9 on): no debugger others reach.
 */
export function jvmOption(w: string): { agent: string } | { shell: string } | { debugger: string } | undefined {
  const o = w.replace(/^-J(?=-)/, '');
  const agent = /^-(?:javaagent|agentpath):([^=]+)/.exec(o);
  if (agent) return { agent: agent[1]! };
  const shell = /^-XX:(?:OnError|OnOutOfMemoryError)=([\s\S]*)$/.exec(o);
  if (shell) return { shell: shell[1]! };
  const jdwp = /^-(?:agentlib:jdwp=|Xrunjdwp:)([\s\S]*)$/.exec(o);
  const address = jdwp ? /(?:^|,)address=([^,]*)/.exec(jdwp[1]!)?.[1] : undefined;
  return address !== undefined && !/^\d*$/.test(address) ? { debugger: address } : undefined;
}

/** Whether a debugger's address (a JDWP agent's, node's --inspect) is the loopback's alone (`localhost:5005`, `127.0.0.1:9229`). */
export function loopbackAddress(address: string): boolean {
  const at = bound({ text: address, span: { start: 0, end: 0 }, values: [address] }, address);
  return 'host' in at && at.host !== '0.0.0.0' && loopbackHost(at.host);
}

/**
 * The bash text that stands for options a build tool or its settings hand a JVM (`-DargLine`, gradle.properties'
 * jvmargs, `.mvn/jvm.config`): the variable that gives them set for a command, read by loadedCode as jvmOption says.
 */
export function jvmOptionsText(variable: string, options: string): string {
  return `${variable}=${shellQuote(options)} true`;
}

/**
 * Splits JVM options as the launchers do: at whitespace outside quotes, a quoted stretch part of its word
 * (`-XX:OnError="kill -9 %p"`), the quotes taken off.
 */
export function jvmWords(value: string): string[] {
  return (value.match(/(?:[^\s"']+|"[^"]*"|'[^']*')+/g) ?? []).map((w) => w.replace(/"([^"]*)"|'([^']*)'/g, '$1$2'));
}

/** A module node or ruby looks up by name in its own search path (`dotenv/config`, `bundler/setup`), not a path. */
function searched(v: string): { installed?: true } {
  return /^(?:[./~]|file:|[a-z]:[\\/])/i.test(v) ? {} : { installed: true };
}

/**
 * Whether a library LD_PRELOAD/LD_AUDIT names is one the system installed: a bare name (the loader searches its own
 * directories) or a path under /lib, /lib64, /usr/lib, /usr/lib64 or /usr/local/lib. Any other is a library whose
 * code cannot be vouched for, loaded into every program the line starts.
 */
export function systemLibrary(name: string): boolean {
  if (!name.includes('/')) return true;
  return /^\/(?:usr\/(?:local\/)?)?lib(?:64|32|x32)?\//.test(name) && !/(?:^|\/)\.\.(?:\/|$)/.test(name);
}

/**
 * Whether a directory is one the system installed (what only an administrator writes): under /usr, /opt, /lib…, or a
 * Nix or Guix store. A module directory elsewhere outside the project (/tmp, the home) may hold any code.
 */
export function systemDirectory(name: string): boolean {
  return /^\/(?:usr|opt|lib(?:64|32|x32)?|nix\/store|gnu\/store)(?:\/|$)/.test(name) && !/(?:^|\/)\.\.(?:\/|$)/.test(name);
}

/** Whether a variable names a list of module directories (PYTHONPATH, LD_LIBRARY_PATH). */
export function isModuleDirVariable(name: string): boolean {
  return name in MODULE_DIRS;
}

/** The files a module-directory variable's interpreter loads from it (`.py` for PYTHONPATH); undefined for other variables. */
export function moduleFiles(name: string): RegExp | undefined {
  return MODULE_DIRS[name]?.ext;
}

/** Whether a variable names where a program reads its settings (PHPRC): what the line did not write there is the user's. */
export function isSettingsVariable(name: string): boolean {
  return name in SETTINGS;
}

/** Whether a variable's value makes an interpreter load code (a file, inline code, a module directory). */
export function isLoadingVariable(name: string): boolean {
  return name in MODULE_DIRS || LOADING.has(name);
}

/** Prompts: bash expands them as it would a double-quoted string, so `$(…)` in one runs (PS4 under `set -x`). */
const PROMPTS = new Set(['PS0', 'PS1', 'PS2', 'PS3', 'PS4']);

/**
 * Ex commands vim (vi, ex, gvim) runs at start-up, wherever it is started from: the editor git commit, crontab -e or
 * visudo opens reads them too (`VIMINIT=':!curl …' git commit`). Stands as vim given them by --cmd.
 */
const EX_INIT = new Set(['VIMINIT', 'EXINIT', 'GVIMINIT']);

/** `BASH_FUNC_name%%=() { … }` in the environment defines a function in every bash started below. */
const IMPORTED_FUNCTION = /^BASH_FUNC_(.+?)(%%|\(\))$/;

/** Whether setting this variable hands a program shell text to run later. */
export function isCodeVariable(name: string): boolean {
  return SHELL_TEXT.has(name) || PROMPTS.has(name) || EX_INIT.has(name) || IMPORTED_FUNCTION.test(name);
}

/**
 * What setting `name` to `value` hands a program to run later: the bash texts that stand for it, or why they cannot
 * be read (a computed value); undefined when the variable is not one a program runs. `shown` names the variable
 * in that reason (`EDITOR`, `$env:EDITOR`). `more`: the program hands the text arguments of its own.
 */
export function codeAssignment(shown: string, name: string, value: Word): { scripts: string[]; more: boolean } | { computed: string } | undefined {
  const language = INTERPRETER_CODE[name];
  // `LUA_INIT=@FILE` names a file of start-up code (read as a load, see `loadedCode`), not the code itself.
  if (language && !(value.values !== null && value.values.length > 0 && value.values.every((v) => name.startsWith('LUA_INIT') && v.startsWith('@')))) return { computed: `${shown} holds ${language} code that a program runs, which is not read here` };
  if (!isCodeVariable(name)) return undefined;
  // `CC=$(which cc)`, `EDITOR="$(command -v nvim)"`: a static program name in a directory known only at run time is that
  // program, as it is in a command's name.
  const program = value.values === null ? value.program?.name : undefined;
  if (program !== undefined && /^[\w.+-]+$/.test(program)) return { scripts: [program], more: SHELL_TEXT.has(name) };
  if (value.values === null) return { computed: `${shown} holds shell text a program runs later, and its value is computed: ${value.dynamic ?? 'unknown'}` };
  // `for f in *; do PS4=$f`: the value is a name the glob matched, any text.
  if (value.glob) return { computed: `${shown} holds shell text a program runs later, and its value holds the names a glob matches (${value.text})` };
  // A program runs these with its own arguments after them (the file EDITOR opens, the host GIT_SSH_COMMAND reaches,
  // the URL BROWSER is given): the text is not all that runs.
  // less's +! start-up command runs as written, with nothing appended.
  return { scripts: value.values.map((v) => codeVariableScript(name, v)).filter((t): t is string => t !== undefined), more: SHELL_TEXT.has(name) && name !== 'LESS' && name !== 'MORE' };
}

/**
 * The shell text a `+!cmd` (or `+|cmd`) start-up command among less's or more's options runs (`LESS='-R +!curl …'`);
 * undefined when the options hold none.
 */
export function pagerStartCommand(options: string): string | undefined {
  if (!/\+/.test(options)) return undefined;
  return /\+:?(?:[^!|]*)(?:!|\|\S?)(.*)$/s.exec(options)?.[1];
}

/** The bash text that stands for what a program runs from this variable's value (undefined: not a code variable). */
function codeVariableScript(name: string, value: string): string | undefined {
  if (name === 'LESS' || name === 'MORE') return pagerStartCommand(value) ?? '';
  if (SHELL_TEXT.has(name)) {
    // less runs `|cmd %s`, `||cmd %s` and `-…` forms of LESSOPEN: the leading marks are not part of the command.
    return name.startsWith('LESS') ? value.replace(/^[|\s-]+/, '') : value;
  }
  if (PROMPTS.has(name)) {
    // A double-quoted word expands like a prompt: parameters, `$(…)`, backticks and arithmetic. (An unquoted
    // heredoc body would too, but tree-sitter-bash misreads common prompts there: `\[\e]0;`hostname`\a\]`.)
    return `: "${escapeTopLevelQuotes(value)}"`;
  }
  if (EX_INIT.has(name)) return `vim --cmd '${value.replace(/'/g, `'\\''`)}'`;
  const fn = IMPORTED_FUNCTION.exec(name);
  // The value is `() { body }`; as a definition it is analysed like any other function body.
  if (fn) return `${/^[A-Za-z_][\w-]*$/.test(fn[1]!) ? fn[1] : 'imported'} ${value}`;
  return undefined;
}

/**
 * The bash text that stands for a value bash expands as a double-quoted string before it uses it (`$BASH_ENV`, `$ENV`,
 * a prompt): its substitutions run. Undefined when the value holds nothing that expands.
 */
export function expandedScript(value: string): string | undefined {
  return /[$`]/.test(value) ? `: "${escapeTopLevelQuotes(value)}"` : undefined;
}

/**
 * Escapes the `"` that stand at the top level of a prompt, so that the prompt can stand inside `"…"`. Quotes inside
 * a `$(…)` or backtick substitution are left alone: bash parses that text afresh, where `cu"rl"` is `curl`.
 * Text whose substitutions do not close is returned as it is (its parse then fails, and closed).
 */
function escapeTopLevelQuotes(value: string): string {
  const n = value.length;
  /** The index just past the `quote` that closes the one at `from` (backslashes escape), or -1. */
  const pastClosing = (from: number, quote: string): number => {
    let j = from + 1;
    while (j < n && value[j] !== quote) j += value[j] === '\\' ? 2 : 1;
    return j < n ? j + 1 : -1;
  };
  /** The index just past the `)` that closes the `$(…)` whose body starts at `from`, or -1. */
  const pastParen = (from: number): number => {
    let depth = 1;
    let j = from;
    while (j >= 0 && j < n) {
      const c = value[j]!;
      if (c === '\\') j += 2;
      else if (c === "'") {
        const k = value.indexOf("'", j + 1);
        j = k < 0 ? -1 : k + 1;
      } else if (c === '"' || c === '`') j = pastClosing(j, c);
      else if (c === ')' && --depth === 0) return j + 1;
      else {
        if (c === '(') depth++;
        j++;
      }
    }
    return -1;
  };
  let out = '';
  let i = 0;
  while (i < n) {
    const c = value[i]!;
    let end = i + 1;
    if (c === '\\') end = i + 2;
    else if (c === '$' && value[i + 1] === '(') end = pastParen(i + 2);
    else if (c === '`') end = pastClosing(i, '`');
    if (end < 0) return value;
    out += c === '"' ? '\\"' : value.slice(i, end);
    i = end;
  }
  return out;
}
