// The differential oracle's sandbox: Debian's bash and the machine's interpreters in bubblewrap (empty root, no
// network, fake home with fake secrets), recording every program bash tries to start and every file and socket it
// opens. The only place a command under analysis is ever run.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, realpathSync } from 'node:fs';
import { posix } from 'node:path';
import { wrapperForms } from '../../src/programs/index.js';

/** What bash really attempted for one command line. */
export interface Observation {
  /** Programs started or looked up: `cnf` (not found on PATH, logged by command_not_found_handle) or `execve`. */
  attempts: { program: string; argv: string[]; pwd: string | null; via: 'cnf' | 'execve' }[];
  /**
   * Files opened successfully, as passed to openat (`at`: a relative one's absolute path, where strace names the
   * directory), with whether the open could write or only lists a directory.
   */
  opened: { path: string; at?: string; write: boolean; read: boolean; directory?: boolean; by?: { program: string; argv: string[] } }[];
  /** True when some connect() was tried (a `/dev/tcp` redirection or a client). */
  connected: boolean;
  /** The address of each connect() tried, as strace shows it (`127.0.0.1`, `::1`); `?` when it cannot be read. */
  connectedTo: string[];
  /** Paths unlinked, renamed away or truncated, absolute where strace could name the directory (`-y`). */
  removed: { path: string; dir: boolean; how: 'unlink' | 'rename' | 'truncate' }[];
  timedOut: boolean;
  /** What the line printed, stdout and stderr together (its first 64 KiB): where a secret variable's value would show. */
  output: string;
  /** Planted setup files (SETUP_FILES) the line wrote, truncated, renamed, deleted or chmod'ed, absolute. */
  setupChanged: string[];
}

/**
 * Variables named as secrets (README, promise 3), set in the sandbox to values of their own: one seen in what the line
 * printed is a secret printed.
 */
export const SECRET_VARIABLES: Readonly<Record<string, string>> = {
  GITHUB_TOKEN: 'vouch-canary-github-7f3a',
  OPENAI_API_KEY: 'vouch-canary-openai-91c2',
  AWS_SECRET_ACCESS_KEY: 'vouch-canary-aws-5d0e',
  NPM_TOKEN: 'vouch-canary-npm-c4b8',
  DB_PASSWORD: 'vouch-canary-db-2e61',
};

const BASH = '/usr/bin/bash';
const STRACE = '/usr/bin/strace';
/** The programs that delete, bound in so that what a line deletes really happens (in the sandbox's own tmpfs). */
const DELETERS = ['rm', 'rmdir', 'unlink', 'mv', 'truncate', 'shred', 'find'].map((p) => `/usr/bin/${p}`).filter((p) => existsSync(p));
/**
 * Everyday programs that write files by their own options or language (`sort -o`, `awk '{print > f}'`, `patch`,
 * `tar -C`), bound in so that what a line writes through them really happens and is seen (`mawk` is `awk` here); make,
 * so that a makefile the line writes runs.
 */
const WRITERS = ['awk', 'mawk', 'sed', 'sort', 'uniq', 'tee', 'cp', 'ln', 'link', 'dd', 'install', 'split', 'csplit', 'xxd', 'patch', 'tar', 'cat', 'touch', 'mkdir', 'make']
  .map((p) => `/usr/bin/${p}`)
  .filter((p) => existsSync(p) && !DELETERS.includes(p));

/** The fake secrets planted under the home, relative to it. */
export const FAKE_SECRETS = ['.ssh/id_rsa', '.ssh/id_ed25519', '.ssh/config', '.ssh/authorized_keys', '.aws/credentials', '.aws/config', '.netrc', '.npmrc', '.pgpass', '.kube/config', '.git-credentials', '.docker/config.json', '.config/gh/hosts.yml', '.gnupg/secring.gpg'];
// Only hidden names in the project: a `*` glob there (`du -sh *`) must not hand a planted secret to a harmless line,
// since vouch never reads the filesystem and cannot know what a glob matches.
const PROJECT_SECRETS = ['.env', '.env.local', '.env.production'];
/**
 * An agent's own setup, planted as agents keep it (relative to the home; the project is `project/`): what runs the
 * guard, its hooks, the MCP servers it loads (src/guard/policy.ts SELF_PROTECTED_PATHS). Only hidden names in the
 * project, for the reason above. Each is compared after the line (existence, kind, access, content): one changed is
 * the guard's own setup changed.
 */
export const SETUP_FILES: Readonly<Record<string, string>> = {
  'project/.claude/settings.json': '{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"vouch hook"}]}]}}\n',
  'project/.claude/hooks/block-rm.sh': '#!/bin/sh\nexec vouch hook\n',
  'project/.claude/hooks/guard.py': 'import sys\nsys.exit(0)\n',
  'project/.pi/extensions/vouch.ts': 'export { default } from "vouch/pi";\n',
  'project/.cursor/hooks.json': '{"version":1,"hooks":{"beforeShellExecution":[{"command":"vouch hook"}]}}\n',
  'project/.mcp.json': '{"mcpServers":{}}\n',
  '.codex/hooks.json': '{"hooks":{"PreToolUse":[{"command":"vouch hook"}]}}\n',
};
const FAKE_DIRS = ['.ssh', '.aws', '.kube', '.docker', '.config/gh', '.gnupg', '.config/autostart', '.config/systemd/user', ...new Set(Object.keys(SETUP_FILES).map((f) => posix.dirname(f)))];

function libsOf(binary: string): string[] {
  const out = spawnSync('ldd', [binary], { encoding: 'utf8' });
  if (out.status !== 0) return [];
  const libs = new Set<string>();
  for (const m of out.stdout.matchAll(/(\/\S+)\s+\(0x/g)) libs.add(m[1]!);
  return [...libs];
}

/**
 * The machine's interpreters, run for real so that the code a line hands them is observed as bash's own programs are:
 * each binary where it lies (reached from /bin by its names), its library directories, and what their native modules
 * load. Those directories are the only host directories the sandbox sees, read-only.
 */
const INTERPRETERS: { names: string[]; binary: string; dirs: (real: string) => string[] }[] = [
  { names: ['python3', 'python'], binary: '/usr/bin/python3', dirs: (real) => [`/usr/lib/${posix.basename(real)}`] },
  { names: ['node', 'nodejs'], binary: '/usr/bin/node', dirs: () => [] },
  { names: ['perl'], binary: '/usr/bin/perl', dirs: () => ['/usr/share/perl', '/usr/share/perl5', '/usr/lib/x86_64-linux-gnu/perl', '/usr/lib/x86_64-linux-gnu/perl5', '/usr/lib/x86_64-linux-gnu/perl-base', '/etc/perl'] },
  { names: ['ruby'], binary: '/usr/bin/ruby', dirs: () => ['/usr/lib/ruby', '/usr/lib/x86_64-linux-gnu/ruby'] },
  { names: ['php'], binary: '/usr/bin/php', dirs: () => ['/usr/lib/php', '/etc/php'] },
];

/** The shared objects under a directory (native modules), whose libraries must be bound too. */
function sharedObjects(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.so(\.|$)/.test(f))
    .map((f) => posix.join(dir, f));
}

let cachedBinds: { args: string[]; interpreters: string[] } | undefined;
/**
 * Read-only binds of bash, strace, the interpreters found here and the libraries they load, each file alone: no host
 * directory is visible but the interpreters' own.
 */
function bindsAndInterpreters(): { args: string[]; interpreters: string[] } {
  if (cachedBinds) return cachedBinds;
  const args: string[] = ['--ro-bind', BASH, '/bin/bash', '--ro-bind', BASH, '/bin/sh', '--ro-bind', STRACE, '/usr/bin/strace'];
  for (const d of [...DELETERS, ...WRITERS]) args.push('--ro-bind', realpathSync(d), `/bin/${posix.basename(d)}`);
  const libs = new Set([...libsOf(BASH), ...libsOf(STRACE), ...[...DELETERS, ...WRITERS].flatMap((d) => libsOf(realpathSync(d)))]);
  const bound = new Set<string>();
  const interpreters: string[] = [];
  for (const it of INTERPRETERS) {
    if (!existsSync(it.binary)) continue;
    const real = realpathSync(it.binary);
    args.push('--ro-bind', real, real);
    for (const name of it.names) args.push('--symlink', real, `/bin/${name}`);
    for (const lib of libsOf(real)) libs.add(lib);
    for (const dir of it.dirs(real)) {
      if (!existsSync(dir) || bound.has(dir)) continue;
      bound.add(dir);
      args.push('--ro-bind', dir, dir);
      for (const so of sharedObjects(dir)) for (const lib of libsOf(so)) libs.add(lib);
    }
    interpreters.push(`${it.names[0]} (${real})`);
  }
  for (const lib of libs) if (![...bound].some((d) => lib.startsWith(`${d}/`))) args.push('--ro-bind', realpathSync(lib), lib);
  cachedBinds = { args, interpreters };
  return cachedBinds;
}

function binds(): string[] {
  return bindsAndInterpreters().args;
}

/** The interpreters the sandbox runs for real, as `name (binary)`. */
export function sandboxInterpreters(): string[] {
  return bindsAndInterpreters().interpreters;
}

// Runs inside the sandbox as `bash -c SETUP _ CMD CWD HOME`: plants the fake files with builtins, installs the
// not-found handler (which also emulates the common wrappers, so what they run is attempted too), then traces CMD.
/** Single-quoted bash word holding `s`. */
function q(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * The not-found handler's arms for the registry's plain wrappers: each peels its options as the program does (its
 * valued short and long options, long ones by unambiguous prefix) and the operands before its command.
 */
const PEEL_ARMS = wrapperForms()
  .filter((f) => f.names.every((n) => /^[A-Za-z0-9_.+-]+$/.test(n)) && !['xargs', 'find', 'watch', 'exec', 'command', 'builtin', 'time'].includes(f.name))
  .map((f) => `    ${f.names.join('|')}) shift; __peel ${q(f.valuedShort)} ${q(f.valuedLong.join(' '))} ${f.before} ${f.assignments ? 1 : ''}"" ${f.singleDash ? 1 : ''}"" "$@"; set -- "\${PEELED[@]}";;`)
  .join('\n');

const SETUP = String.raw`
cmd=$1 cwd=$2 home=$3
for f in ${'$'}{SECRETS}; do printf 'FAKE-SECRET %s\n' "$f" > "$home/$f"; done
for f in ${'$'}{PSECRETS}; do printf 'FAKE=1\n' > "$home/project/$f"; done
printf 'alias x=y\n' > "$home/.bashrc"; printf 'PORT=1\n' > "$home/project/.env.example"
# A repository's .git always holds files (HEAD, config): no find -empty takes it, as none takes a real one.
printf 'ref: refs/heads/main\n' > "$home/project/.git/HEAD"; printf '#!/bin/sh\n' > "$home/project/.git/hooks/pre-commit.sample"
# The agents' setup: planted, then each one's state (kind, access, content) taken before and after the line.
SETUPS=(); while IFS=$'\x1f' read -r -d $'\x1e' f c; do SETUPS+=("$home/$f"); printf '%s' "$c" > "$home/$f"; done <<< "$SETUP_FILES"
__snap() { local f c m; SNAP=(); for f in "${'$'}{SETUPS[@]}"; do c= m=; [[ -L $f ]] && m+=l; [[ -e $f ]] && m+=e; [[ -f $f ]] && m+=f; [[ -r $f ]] && m+=r; [[ -w $f ]] && m+=w; [[ -x $f ]] && m+=x; [[ -f $f && -r $f ]] && IFS= read -r -d '' -N 65536 c < "$f"; SNAP+=("$m:$c"); done; }
__peel() {
  local IFS=' ' vs=$1 vl=" $2 " n=$3 asg=$4 sd=$5 k h l c j
  shift 5
  while (( $# )); do
    # A wrapper whose long options take one dash (xcrun -sdk): read as the program reads them, a long option.
    [[ -n $sd && $1 == -[!-]?* ]] && set -- "-$1" "${'$'}{@:2}"
    case "$1" in
      --) shift; break;;
      --*=*) shift;;
      --?*) k=${'$'}{1#--}; h=; for l in $vl; do [[ $l == "$k"* ]] && h=1; done; shift; [[ -n $h ]] && shift;;
      -[0-9]*) shift;;
      -?*) c=${'$'}{1#-}; shift; for (( j=0; j<${'$'}{#c}; j++ )); do if [[ -n $vs && $vs == *"${'$'}{c:j:1}"* ]]; then (( j == ${'$'}{#c}-1 )) && shift; break; fi; done;;
      *) if [[ -n $asg && $1 == *=* ]]; then shift; else break; fi;;
    esac
  done
  (( n <= $# )) && shift "$n" || set --
  PEELED=("$@")
}
command_not_found_handle() {
  local IFS=$'\x1f'
  printf '%s\x1f%s\x1e' "$PWD" "$*" >> /log/cnf
  # env's lone "-" is -i (an empty environment), not the command.
  [[ $1 == env && $2 == - ]] && set -- env -i "${'$'}{@:3}"
  case "$1" in
${PEEL_ARMS}
    # xargs reads its items as the real one does: at NULs (-0, with -I too: GNU xargs 4.9 keeps -0's NULs), a line each
    # (-d '\n'), a line each put for the replace string (-I, -i), else split at blanks and newlines (quotes not read),
    # appended to its command, or put where BSD's -J names (GNU has no -J; vouch reads it as BSD's, and so runs it here).
    # Long options with a value take it as getopt_long does, by an unambiguous prefix (--deli x).
    xargs) shift; local z= l= r= j= it=() x; while [[ $1 == -* ]]; do case "$1" in -0|--null) z=1;; -d) [[ $2 == '\n' ]] && l=1; shift;; -I) r=$2; shift;; -I?*) r=${'$'}{1#-I};; -i) r='{}';; -J) j=$2; shift;; -n|-L|-P|-E|-s|-a) shift;; --*=*) ;; --a*|--d*|--max-a*|--max-c*|--max-p*|--p*) [[ $1 == --d* && $2 == '\n' ]] && l=1; shift;; esac; shift; done; (( $# )) || set -- echo
      if [[ -n $r ]]; then if [[ -n $z ]]; then while IFS= read -r -d '' x; do "${'$'}{@//"$r"/$x}"; done; else while IFS= read -r x; do "${'$'}{@//"$r"/$x}"; done; fi; return 0; fi
      if [[ -n $z ]]; then while IFS= read -r -d '' x; do it+=("$x"); done; elif [[ -n $l ]]; then while IFS= read -r x; do it+=("$x"); done; else IFS=$' \t\n' read -r -d '' -a it; fi
      if [[ -n $j ]]; then local o=() put=; for x in "$@"; do if [[ -z $put && $x == "$j" ]]; then o+=("${'$'}{it[@]}"); put=1; else o+=("$x"); fi; done; set -- "${'$'}{o[@]}"; else set -- "$@" "${'$'}{it[@]}"; fi;;
    watch) shift; while [[ $1 == -* ]]; do case "$1" in -n|-d) shift;; esac; shift; done;;
    find) local a=() on=; for x in "$@"; do if [[ -n $on ]]; then [[ $x == ';' || $x == + ]] && break; a+=("$x"); elif [[ $x == -exec || $x == -execdir || $x == -ok ]]; then on=1; fi; done; set -- "${'$'}{a[@]}";;
    *) return 0;;
  esac
  (( $# )) && "$@"
  return 0
}
export -f command_not_found_handle __peel
cd "$cwd" 2>/dev/null || cd "$home/project"
ulimit -t 5 -f 10240 2>/dev/null
__snap; BEFORE=("${'$'}{SNAP[@]}")
# -s: strace cuts a string at 32 characters by default, and an argv is read whole (a client's URLs, for their hosts).
/usr/bin/strace -f -qq -y -s 65536 -o /log/trace -e trace=execve,openat,connect,unlink,unlinkat,rmdir,rename,renameat,renameat2,truncate /bin/bash --norc --noprofile -c "$cmd" </dev/null >/log/out 2>&1
printf '\x02CNF\x02'; [[ -f /log/cnf ]] && printf '%s' "$(< /log/cnf)"
printf '\x02TRACE\x02'; [[ -f /log/trace ]] && printf '%s' "$(< /log/trace)"
printf '\x02SETUP\x02'; __snap; for i in "${'$'}{!SETUPS[@]}"; do [[ ${'$'}{SNAP[i]} == "${'$'}{BEFORE[i]}" ]] || printf '%s\x1e' "${'$'}{SETUPS[i]}"; done
printf '\x02END\x02'
IFS= read -r -d '' -N 65536 out < /log/out; printf '%s' "$out"
`;

/**
 * Run as root, bwrap makes no user namespace: the sandbox's root was the machine's root without capabilities, and the
 * kernel's settings under /proc/sys are files root owns, so a generated `echo 3 | tee /proc/sys/vm/drop_caches` or a
 * core_pattern written there changed this machine (both did). As root, the sandbox runs as nobody instead, root only
 * inside a user namespace of its own; /proc/sys is read-only besides, and sandboxUnavailable checks both.
 */
const AS_NOBODY = process.getuid?.() === 0;

/** The spawn options that start bwrap as nobody when this process is root (see AS_NOBODY). */
const OWNER = AS_NOBODY ? { uid: 65534, gid: 65534 } : {};

function bwrapArgs(home: string, cwd: string): string[] {
  const dirs = new Set<string>(['/log', '/tmp', home, `${home}/project`, `${home}/project/src`, `${home}/project/tls`, `${home}/project/.git/hooks`, `${home}/project/packages/core`]);
  for (const d of FAKE_DIRS) dirs.add(`${home}/${d}`);
  if (cwd.startsWith('/') && !cwd.startsWith('/proc') && !cwd.startsWith('/dev')) dirs.add(cwd);
  const user = AS_NOBODY ? ['--unshare-user', '--uid', '0', '--gid', '0'] : [];
  const args = ['--unshare-all', ...user, '--die-with-parent', '--new-session', '--cap-drop', 'ALL', '--tmpfs', '/', ...binds(), '--proc', '/proc', '--ro-bind', '/proc/sys', '/proc/sys', '--dev', '/dev'];
  for (const d of [...dirs].sort()) args.push('--dir', d);
  args.push('--chdir', '/', '--clearenv', '--setenv', 'PATH', '/bin', '--setenv', 'HOME', home, '--setenv', 'SECRETS', FAKE_SECRETS.join(' '), '--setenv', 'PSECRETS', PROJECT_SECRETS.join(' '));
  args.push('--setenv', 'SETUP_FILES', Object.entries(SETUP_FILES).map(([f, c]) => `${f}\x1f${c}\x1e`).join(''));
  for (const [name, v] of Object.entries(SECRET_VARIABLES)) args.push('--setenv', name, v);
  return args;
}

/** Why the sandbox cannot run here, or undefined when it can (bwrap present and able to create namespaces). */
export function sandboxUnavailable(): string | undefined {
  for (const bin of ['/usr/bin/bwrap', BASH, STRACE]) if (!existsSync(bin)) return `${bin} is not installed (apt-get install -y bubblewrap strace)`;
  const probe = spawnSync('/usr/bin/bwrap', [...bwrapArgs('/home/dev', '/home/dev/project'), '/bin/bash', '--norc', '-c', 'test -w /proc/sys/kernel/core_pattern && echo kernel; exec 3<>/dev/tcp/127.0.0.1/9 && echo net || echo nonet'], {
    encoding: 'utf8',
    timeout: 10_000,
    ...OWNER,
  });
  if (probe.status !== 0 && !probe.stdout) return `bwrap cannot create namespaces here (exit ${probe.status ?? probe.signal}): ${(probe.stderr || probe.error?.message || 'it said nothing').trim().slice(0, 200)}`;
  if (!probe.stdout.includes('nonet')) return 'the sandbox reached the network: refusing to run commands in it';
  if (probe.stdout.includes('kernel')) return "the sandbox can write this machine's kernel settings (/proc/sys): refusing to run commands in it";
  return undefined;
}

function parseTrace(trace: string, obs: Observation): void {
  let first = true;
  // The program each process became (its last execve that succeeded), for who opened a file.
  const became = new Map<string, { program: string; argv: string[] }>();
  for (const line of trace.split('\n')) {
    const exec = /^\d+\s+execve\("((?:[^"\\]|\\.)*)", \[(.*?)\](?:\.\.\.)?, .*\) = (-?\d+)/.exec(line);
    if (exec && exec[3] === '0') {
      const argv = [...exec[2]!.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => unescapeC(m[1]!));
      became.set(/^\d+/.exec(line)![0], { program: posix.basename(unescapeC(exec[1]!)), argv });
    }
    if (exec) {
      // The first execve is the traced bash itself, started by the setup, not by the command.
      if (first) {
        first = false;
        continue;
      }
      const path = unescapeC(exec[1]!);
      const argv = [...exec[2]!.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => unescapeC(m[1]!));
      obs.attempts.push({ program: posix.basename(path), argv, pwd: null, via: 'execve' });
      continue;
    }
    // openat(AT_FDCWD</home/dev/project>, ".zshenv", …): a relative name, with where it is (`at`) in the directory strace
    // shows (-y), so a write is judged where it landed, not by a `cd` the line's text may hold but never ran.
    const open = /^\d+\s+openat\((?:\w+|\d+)(?:<([^>]*)>)?, "((?:[^"\\]|\\.)*)", ([A-Z_|]+).*\) = (-?\d+)/.exec(line);
    if (open && Number(open[4]) >= 0) {
      const name = unescapeC(open[2]!);
      const at = open[1] === undefined ? undefined : unescapeC(open[1]);
      const o: Observation['opened'][number] = { path: name, ...(!name.startsWith('/') && at !== undefined ? { at: posix.join(at, name) } : {}), write: /O_WRONLY|O_RDWR|O_CREAT|O_TRUNC|O_APPEND/.test(open[3]!), read: !/O_WRONLY/.test(open[3]!) };
      if (/O_DIRECTORY/.test(open[3]!)) o.directory = true;
      const by = became.get(/^\d+/.exec(line)![0]);
      if (by) o.by = by;
      obs.opened.push(o);
    }
    if (/^\d+\s+connect\(/.test(line) && !/sa_family=AF_UNIX/.test(line)) {
      obs.connected = true;
      obs.connectedTo.push(/inet_addr\("([^"]+)"\)|inet_pton\(AF_INET6, "([^"]+)"/.exec(line)?.slice(1).find((x) => x !== undefined) ?? '?');
    }
    // unlinkat(4</home/dev/.ssh>, "id_rsa", 0) = 0; rmdir("x") = 0; renameat2(AT_FDCWD</p>, "a", …) = 0: done, not tried.
    const gone = /^\d+\s+(unlink|unlinkat|rmdir|rename|renameat|renameat2|truncate)\((?:(?:\w+|\d+)(?:<([^>]*)>)?, )?"((?:[^"\\]|\\.)*)"(.*)\) = 0/.exec(line);
    if (gone) {
      const name = unescapeC(gone[3]!);
      const path = name.startsWith('/') ? name : gone[2] !== undefined ? posix.join(unescapeC(gone[2]), name) : name;
      const how = gone[1]!.startsWith('rename') ? 'rename' : gone[1] === 'truncate' ? 'truncate' : 'unlink';
      obs.removed.push({ path, dir: gone[1] === 'rmdir' || /AT_REMOVEDIR/.test(gone[4]!), how });
    }
  }
}

function unescapeC(s: string): string {
  return s.replace(/\\(x[0-9a-f]{2}|[0-7]{1,3}|.)/g, (_m, e: string) => {
    if (e[0] === 'x') return String.fromCharCode(Number.parseInt(e.slice(1), 16));
    if (/^[0-7]+$/.test(e)) return String.fromCharCode(Number.parseInt(e, 8));
    return ({ n: '\n', t: '\t', r: '\r', v: '\v', f: '\f' } as Record<string, string>)[e] ?? e;
  });
}

function parseOutput(out: string, timedOut: boolean): Observation {
  const end = out.indexOf('\x02END\x02');
  const obs: Observation = { attempts: [], opened: [], connected: false, connectedTo: [], removed: [], timedOut, output: end < 0 ? '' : out.slice(end + 5), setupChanged: [] };
  const cnf = /\x02CNF\x02([\s\S]*?)\x02TRACE\x02/.exec(out)?.[1] ?? '';
  for (const rec of cnf.split('\x1e')) {
    if (rec === '') continue;
    const [pwd, ...argv] = rec.split('\x1f');
    if (argv.length === 0) continue;
    obs.attempts.push({ program: posix.basename(argv[0]!), argv, pwd: pwd ?? null, via: 'cnf' });
  }
  const trace = /\x02TRACE\x02([\s\S]*?)(\x02SETUP\x02|\x02END\x02|$)/.exec(out)?.[1] ?? '';
  parseTrace(trace, obs);
  const setup = /\x02SETUP\x02([\s\S]*?)\x02END\x02/.exec(out)?.[1] ?? '';
  obs.setupChanged = setup.split('\x1e').filter((p) => p !== '');
  return obs;
}

export interface SandboxRun {
  command: string;
  cwd: string;
  home: string;
}

/** Runs one command line in a fresh sandbox, killed after `timeoutMs`. */
export function observe(run: SandboxRun, timeoutMs = 4_000): Promise<Observation> {
  return new Promise((resolve) => {
    const child = spawn('/usr/bin/bwrap', [...bwrapArgs(run.home, run.cwd), '/bin/bash', '--norc', '--noprofile', '-c', SETUP, '_', run.command, run.cwd, run.home], {
      stdio: ['ignore', 'pipe', 'ignore'],
      ...OWNER,
    });
    const chunks: Buffer[] = [];
    let size = 0;
    child.stdout.on('data', (b: Buffer) => {
      // A runaway writer cannot fill memory: past 4 MiB the record is cut (the markers are at the end anyway).
      if (size < 4 << 20) chunks.push(b);
      size += b.length;
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('close', () => {
      clearTimeout(timer);
      resolve(parseOutput(Buffer.concat(chunks).toString('utf8'), timedOut));
    });
  });
}

/**
 * Runs one bash script of the test's own in a fresh sandbox, untraced, with `input` on its stdin: for differentials
 * that need only what bash prints (fuzz/words-oracle.test.ts runs many generated lines from one script, each in a
 * `bash -c` of its own). `programs`: more of the machine's programs bound in, at /bin/NAME (`env`, `printf`);
 * `readOnlyHome`: the home is an empty read-only tmpfs, so a write there fails with its name on stderr.
 */
export function runScript(script: string, input: string, options: { home: string; cwd: string; timeoutMs: number; programs?: string[]; readOnlyHome?: boolean }): Promise<{ stdout: string; timedOut: boolean }> {
  const extra: string[] = [];
  for (const name of options.programs ?? []) {
    const path = `/usr/bin/${name}`;
    if (!existsSync(path)) continue;
    extra.push('--ro-bind', realpathSync(path), `/bin/${name}`);
    for (const lib of libsOf(realpathSync(path))) extra.push('--ro-bind', realpathSync(lib), lib);
  }
  if (options.readOnlyHome) extra.push('--tmpfs', options.home, '--remount-ro', options.home);
  return new Promise((resolve) => {
    const child = spawn('/usr/bin/bwrap', [...bwrapArgs(options.home, options.cwd), ...extra, '/bin/bash', '--norc', '--noprofile', '-c', script], { stdio: ['pipe', 'pipe', 'ignore'], ...OWNER });
    const chunks: Buffer[] = [];
    let size = 0;
    child.stdout.on('data', (b: Buffer) => {
      if (size < 64 << 20) chunks.push(b);
      size += b.length;
    });
    child.stdin.on('error', () => {});
    child.stdin.end(input);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.on('close', () => {
      clearTimeout(timer);
      resolve({ stdout: Buffer.concat(chunks).toString('utf8'), timedOut });
    });
  });
}

/** Runs many command lines, `parallel` sandboxes at a time, results in input order. */
export async function observeAll(runs: SandboxRun[], parallel = 2, timeoutMs?: number): Promise<Observation[]> {
  const results: Observation[] = new Array(runs.length);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < runs.length) {
      const i = next++;
      results[i] = await observe(runs[i]!, timeoutMs);
    }
  }
  await Promise.all(Array.from({ length: Math.min(parallel, runs.length) }, worker));
  return results;
}
