// Compares what bash really attempted (an Observation) with what vouch resolved and decided for the same line.
import { posix } from 'node:path';
import { answer, lookup } from '../../src/programs/index.js';
import { classifyDelete } from '../../src/rules/destructive.js';
import { hostMatcher } from '../../src/rules/hosts.js';
import { grepFilterNames } from '../../src/rules/env-dump.js';
import type { RuleConfig } from '../../src/rules/rule.js';
import type { Analysis } from '../../src/types.js';
import { verdictOf } from '../corpus.js';
import { FAKE_SECRETS, type Observation, SECRET_VARIABLES } from './sandbox.js';

export interface OracleResult {
  /**
   * What bash did that a pass must never allow (denied program, env dump, secret, connect, persistence write, the
   * guard's own setup changed).
   */
  harmful: string[];
  /**
   * Harmful behaviour while vouch said pass: the oracle's failure. The guard's own setup changed is judged against the
   * guard's verdict (self-protection is the guard's rule, not the analyzer's); every other harm against the analyzer's.
   */
  soundness: string[];
  /** Programs bash attempted that vouch, passing, never named (its promise 1). */
  unnamed: string[];
  /** Programs vouch resolved that bash never attempted (static over-approximation, reported not failed). */
  imprecise: string[];
}

// Builtins and keywords bash runs without starting a program: never expected among attempts.
const BUILTINS = new Set(
  (
    '. : [ [[ alias bg bind break builtin caller case cd command compgen complete compopt continue coproc declare dirs disown ' +
    'echo enable eval exec exit export false fc fg for function getopts hash help history if jobs kill let local logout mapfile ' +
    'popd printf pushd pwd read readarray readonly return select set shift shopt source suspend test time times trap true type ' +
    'typeset ulimit umask unalias unset until wait while'
  ).split(' '),
);

/**
 * Programs a named program starts on its own, which the line cannot choose: bash ran them, vouch names the program
 * that starts them. Each runs its command text through `/bin/sh -c` (python's os.system, node's execSync, awk's
 * system(), make's recipes, tar's compressor and checkpoint actions, sed's `e`, split's --filter), and tar -z, -j, -J…
 * run a fixed compressor (`tar czf` starts `sh -c gzip`). What the text runs is named in its own right; where the line
 * can put another program in the shell's place (make's SHELL, node's `shell` option, python's executable=), vouch
 * names that program instead, so only `sh -c` is taken here (see startedBy).
 */
const STARTS: ReadonlyMap<string, readonly string[]> = new Map([
  ['sh', ['python', 'python3', 'node', 'nodejs', 'perl', 'ruby', 'php', 'awk', 'mawk', 'gawk', 'make', 'tar', 'sed', 'split']],
  ...['gzip', 'bzip2', 'xz', 'lzip', 'lzma', 'lzop', 'zstd', 'compress'].map((c): [string, string[]] => [c, ['tar']]),
]);

/** Whether a named program itself starts this attempt (STARTS): a shell only as `sh -c TEXT`, never a script run by sh. */
function startedBy(a: Observation['attempts'][number], named: ReadonlySet<string>): boolean {
  const p = a.program.toLowerCase();
  if (p === 'sh' && a.argv[1] !== '-c') return false;
  return (STARTS.get(p) ?? []).some((n) => named.has(n));
}

/**
 * The names of links the line made to a program vouch names: vouch follows the link and names what it points at
 * (`ln -s /usr/bin/nc ./n; ./n` is nc), bash starts it by the link's name.
 */
function linkNames(analysis: Analysis, named: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const i of analysis.invocations) {
    if (i.program !== 'ln') continue;
    const operands = i.args.map((w) => (w.values?.length === 1 ? w.values[0]! : undefined)).filter((v) => v !== undefined && !v.startsWith('-'));
    if (operands.length < 2 || !operands.slice(0, -1).some((t) => named.has(posix.basename(t!).toLowerCase()))) continue;
    out.add(posix.basename(operands.at(-1)!).toLowerCase());
  }
  return out;
}

const PROJECT_SECRET_NAMES = ['.env', '.env.local', '.env.production', 'server.pem', 'private.key'];

function secretPaths(home: string): string[] {
  return FAKE_SECRETS.map((s) => `${home}/${s}`);
}

function namesSecret(abs: string, home: string): boolean {
  const secrets = secretPaths(home);
  const dirs = new Set(secrets.map((s) => posix.dirname(s)).filter((d) => d !== home));
  const norm = posix.normalize(abs).replace(/\/+$/, '');
  if (secrets.includes(norm) || dirs.has(norm)) return true;
  return PROJECT_SECRET_NAMES.includes(posix.basename(norm)) && norm.startsWith(`${home}/`);
}

/** Files whose write installs what runs later wherever they lie. */
const PERSISTENCE = /(^|\/)(\.envrc|authorized_keys)$|\/\.git\/|^\.git\//;
/** Start-up files of a shell: they run later only in a home (a project's `dotfiles/.bashrc` is a file like any other). */
const HOME_STARTUP = /(^|\/)(\.bashrc|\.bash_profile|\.profile|\.zshrc|\.zshenv)$/;

/**
 * Whether a write of `path` (as the program passed it to openat) installs what runs later. A relative start-up file
 * is placed against the line's directory, unless the line may change directory (then it may be the home's).
 */
function persists(path: string, analysis: Analysis): boolean {
  if (PERSISTENCE.test(path)) return true;
  if (!HOME_STARTUP.test(path)) return false;
  if (!path.startsWith('/') && /(?:^|[\s;&|({`'"])(?:cd|pushd|popd)\b/.test(analysis.command)) return true;
  return posix.dirname(posix.resolve(analysis.cwd, path)) === posix.normalize(analysis.home);
}

/** What the program registry says a started argv does (undefined: a program it does not know). */
function registryAnswer(program: string, args: string[]) {
  const entry = lookup(program, 'bash');
  if (!entry) return undefined;
  const words = args.map((text, i) => ({ text, span: { start: i, end: i + 1 }, values: [text] }));
  return answer(entry, { program: entry.names[0]!, name: program, args: words, dialect: 'bash', env: () => undefined });
}

/**
 * The arguments a program may read the content of, as the program registry says: a secret handed to `ls` or
 * `chmod` is looked at, not read. A program the registry does not know may read any of them.
 */
function mayRead(program: string, args: string[]): (i: number) => boolean {
  const a = registryAnswer(program, args);
  if (!a) return () => true;
  const roles = new Map<number, string[]>();
  for (const u of a.uses) roles.set(u.word.span.start, [...(roles.get(u.word.span.start) ?? []), u.role]);
  // The command a wrapper runs is handed on, not read by the wrapper: what runs it is observed on its own.
  const handed = new Set<number>();
  for (const r of a.runs) if (r.kind === 'argv') for (const w of r.argv) handed.add(w.span.start);
  return (i) => {
    if (handed.has(i)) return false;
    const r = roles.get(i);
    return r === undefined || r.some((x) => x === 'read' || x === 'read-tree' || x === 'unknown');
  };
}

/** A program that opens a file without its content reaching the output: wc, or a loader of `--env-file` naming it. */
const ENV_FILE_LOADERS = new Set(['node', 'deno', 'bun', 'docker', 'podman', 'uv']);
function loadsOnly(o: Observation['opened'][number]): boolean {
  if (!o.by) return false;
  if (o.by.program === 'wc') return true;
  // An operand the registry says the program only writes (`sed -i 's/…/…/' .env` edits in place, printing nothing):
  // opened to read it back, its content reaches no output.
  const rest = o.by.argv.slice(1);
  const at = rest.indexOf(o.path);
  if (at >= 0 && registryAnswer(o.by.program, rest) !== undefined && !mayRead(o.by.program, rest)(at)) return true;
  if (!ENV_FILE_LOADERS.has(o.by.program)) return false;
  const base = posix.basename(o.path);
  return o.by.argv.some((a, i) => (a.startsWith('--env-file=') ? a.slice(11) : a === '--env-file' ? o.by!.argv[i + 1] : undefined)?.split('/').pop() === base);
}

/**
 * `guardPassed`: whether the guard (createGuard(…).decide of the same line as a shell tool call) let it run. Unknown,
 * a harm to the guard's setup counts as passed: a caller that never asked the guard learns of it.
 */
export function compare(analysis: Analysis, obs: Observation, config: RuleConfig, guardPassed = true): OracleResult {
  const home = analysis.home;
  const denied = new Set(config.deniedNetworkBinaries.map((b) => b.toLowerCase()));
  const hosts = hostMatcher(config.allowedHosts);
  const harmful = new Set<string>();
  for (const a of obs.attempts) {
    const p = a.program.toLowerCase();
    const rest = a.argv.slice(1);
    // A client run in a mode that connects nowhere (`curl --version`, a local rsync) is no egress; nor is one whose
    // every destination, read by its registry entry from the argv bash really gave it, is an allowed host. (Proxies
    // the line sets in its environment are not seen here: vouch denies those lines itself.)
    const told = denied.has(p) ? registryAnswer(a.program, rest) : undefined;
    // Destinations it reads from static text on its stdin (`echo "GET http://localhost:8080/" | vegeta attack`) are not
    // in its argv: vouch's own reading of that same call (the same words) stands for them.
    const only = (ds: readonly ({ host: string } | { host?: string } | { why: string })[] | undefined) => ds !== undefined && ds.length > 0 && ds.every((d) => 'host' in d && d.host !== undefined && hosts.allows(d.host) !== undefined);
    const same = () => analysis.invocations.find((i) => i.program.toLowerCase() === p && i.args.length === rest.length && i.args.every((w, k) => w.values?.length === 1 && w.values[0] === rest[k]));
    const allowedOnly = told !== undefined && (only(told.destinations) || only(same()?.destinations));
    if (denied.has(p) && told?.offline === undefined && !allowedOnly) harmful.add(`started ${a.program}`);
    // A plain listing with a grep run beside it that prints only variables it names whole (`env | grep ^PATH=`) is
    // read as printing those (env-dump's reading: a secret name among them is still a dump there, and denied).
    const filtered = rest.length === 0 && obs.attempts.some((g) => /^e?grep$/.test(g.program) && grepFilterNames(g.program, g.argv.slice(1), true) !== undefined);
    if (!filtered && ((p === 'printenv' && rest.every((x) => x.startsWith('-'))) || (p === 'env' && rest.every((x) => x.startsWith('-') || x.includes('=')) && !rest.some((x) => x === '-' || x === '--ignore-environment' || /^-[^-]*i/.test(x))))) harmful.add(`dumped the environment with ${a.program}`);
    if (a.via === 'cnf' && a.pwd) {
      const reads = mayRead(a.program, rest);
      for (const [i, arg] of rest.entries()) {
        if (!reads(i)) continue;
        for (const part of arg.split(/[=:,@]/)) {
          if (part !== '' && namesSecret(posix.resolve(a.pwd, part), home)) harmful.add(`handed ${a.program} the secret ${part}`);
        }
      }
    }
  }
  for (const o of obs.opened) {
    const rel = posix.normalize(o.path).replace(/^(\.\.\/)+/, '');
    const abs = o.path.startsWith('/') ? o.path : undefined;
    if (/^\/proc\/[^/]+\/environ$/.test(o.path)) harmful.add(`read ${o.path}`);
    // Listing a directory (a glob's expansion, `ls`) reads names, not content.
    if (o.directory) continue;
    // Opening a secret's name only to write it (`> .env`, `cat > .env.local <<EOF`) reads nothing from it; nor do
    // wc's counts, or a dotenv a program loads into what it runs (`node --env-file=.env`): README, promise 4.
    if (o.read && !loadsOnly(o) && (abs ? namesSecret(abs, home) : secretPaths(home).some((s) => s.endsWith(`/${rel}`)) || PROJECT_SECRET_NAMES.includes(posix.basename(rel)))) harmful.add(`opened the secret ${o.path}`);
    if (o.write && persists(o.at ?? o.path, analysis)) harmful.add(`wrote ${o.path}`);
  }
  // A secret variable's value in what the line printed (README, promise 3).
  for (const [name, v] of Object.entries(SECRET_VARIABLES)) if (obs.output.includes(v)) harmful.add(`printed $${name}`);
  // A connection to an allowed address (a dev server on loopback) is no egress.
  const outside = obs.connectedTo.filter((addr) => addr === '?' || hosts.allows(addr.replace(/^::ffff:(?=\d+\.)/, '')) === undefined);
  if (outside.length > 0 || (obs.connected && obs.connectedTo.length === 0)) harmful.add('tried to connect');
  // A directory deleted (or renamed away) where a recursive delete is denied: the root, a home, the project itself,
  // anything outside the project and temp. A file alone is no recursive delete.
  for (const r of obs.removed) {
    if (!r.path.startsWith('/') || r.path.startsWith('/log/') || !(r.dir || r.how === 'rename')) continue;
    if (classifyDelete(r.path, analysis.cwd, home, config.tempDirectories).kind === 'deny') harmful.add(`${r.how === 'rename' ? 'renamed away' : 'deleted'} the directory ${r.path}`);
  }
  const passed = verdictOf(analysis) === 'pass';
  // A planted setup file (an agent's settings, hooks, extensions, MCP servers) written, truncated, renamed away,
  // deleted or its mode changed: the guard's own rule (self-protection), so the guard's verdict is what failed.
  const setup = obs.setupChanged.map((p) => `changed the guard's setup ${p}`);
  const named = new Set(analysis.invocations.map((i) => i.program.toLowerCase()));
  const links = linkNames(analysis, named);
  const attempted = new Set(obs.attempts.map((a) => a.program.toLowerCase()));
  const unstarted = new Set(obs.attempts.filter((a) => !startedBy(a, named)).map((a) => a.program.toLowerCase()));
  // A name holding backslashes (a Windows path bash looks up whole, `'C:\\tools\\curl'`) is named by vouch as the
  // program after its last one: the same reading, stricter.
  const unnamed = passed ? [...unstarted].filter((p) => p !== '' && !named.has(p) && !named.has(p.slice(p.lastIndexOf('\\') + 1)) && !links.has(p) && !BUILTINS.has(p)) : [];
  const imprecise = [...named].filter((p) => !attempted.has(p) && !BUILTINS.has(p));
  return { harmful: [...harmful, ...setup], soundness: [...(passed ? harmful : []), ...(guardPassed ? setup : [])], unnamed, imprecise };
}
