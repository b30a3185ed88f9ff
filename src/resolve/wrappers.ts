// The wrapper table: programs that run another program, each with its option grammar. Adding a wrapper is adding a row.
import type { Word } from '../types.js';
import { single } from './words.js';
import { table } from '../table.js';

export interface WrapperRow {
  /** Options that take a value, short (`-u`) or long (`--user`); a long one also accepts `--user=x`. */
  valued?: string[];
  /** Long options that take two values (`bwrap --bind SRC DEST`). */
  valued2?: string[];
  /** Options that take a value only when attached (`xargs -i{}`, `-e EOF`). */
  attachedOnly?: string[];
  /** Options whose presence means the wrapper runs nothing (`command -v`, `sudo -l`). */
  noRun?: string[];
  /** Options whose value is shell text to run (`su -c`, `script -c`, `flock -c`, `env -S`). */
  script?: string[];
  /** Options whose value is the directory the command runs in (`env -C`, `sudo -D`). */
  chdir?: string[];
  /** Operands before the command (`timeout DURATION`, `chroot NEWROOT`, `flock FILE`). */
  operands?: number;
  /** Accepts `-N` numeric options (`nice -10`). */
  numeric?: boolean;
  /** Options may follow operands (GNU getopt permutation, `su root -c x`): the command is never an operand. */
  permute?: boolean;
  /** NAME=VALUE operands before the command (`env`, `sudo`): any operand holding `=`, as env reads them. */
  assignments?: boolean;
  /** The operands are joined into shell text (`watch 'cmd'`, `sg group 'cmd'`), unless an exec option is given. */
  operandsAreScript?: boolean;
  /** With these options the operands are argv, not shell text (`watch -x`). */
  execOptions?: string[];
  /** What runs when no command is given (`xargs` runs `echo`). */
  defaultCommand?: string;
}

const SUDO: WrapperRow = {
  assignments: true,
  valued: ['-u', '-g', '-C', '-D', '-h', '-p', '-r', '-t', '-T', '-U', '--user', '--group', '--close-from', '--chdir', '--host', '--prompt', '--role', '--type', '--command-timeout', '--other-user'],
  noRun: ['-l', '-v', '-k', '-K', '-V', '-e', '--list', '--validate', '--reset-timestamp', '--remove-timestamp', '--version', '--help', '--edit'],
  chdir: ['-D', '--chdir'],
};

const SU: WrapperRow = {
  valued: ['-s', '-g', '-G', '-w', '--shell', '--group', '--supp-group', '--whitelist-environment'],
  script: ['-c', '--command', '--session-command'],
  permute: true,
};

const STRACE: WrapperRow = {
  valued: ['-a', '-b', '-e', '-E', '-I', '-o', '-O', '-p', '-P', '-s', '-S', '-u', '-U', '-X', '--output', '--attach', '--user', '--env', '--string-limit', '--trace', '--signal', '--status'],
  noRun: ['-p', '--attach', '-V', '--version', '-h', '--help'],
};

/** Wrapper rows by program name. */
export const WRAPPERS = table<WrapperRow>({
  sudo: SUDO,
  doas: { valued: ['-u', '-C'], noRun: ['-L'] },
  pkexec: { valued: ['--user'], noRun: ['--version', '--help'] },
  su: SU,
  runuser: { ...SU, valued: [...(SU.valued ?? []), '-u', '--user'] },
  env: {
    valued: ['-u', '--unset', '-C', '--chdir', '-P'],
    script: ['-S', '--split-string'],
    chdir: ['-C', '--chdir'],
    noRun: ['--version', '--help'],
    assignments: true,
  },
  nice: { valued: ['-n', '--adjustment'], numeric: true, noRun: ['--version', '--help'] },
  ionice: { valued: ['-c', '-n', '-p', '-P', '-u', '--class', '--classdata', '--pid', '--pgid', '--uid'], noRun: ['-p', '-P', '-u', '--pid', '--pgid', '--uid', '--help', '--version'] },
  nohup: { noRun: ['--version', '--help'] },
  timeout: { valued: ['-s', '-k', '--signal', '--kill-after'], operands: 1, noRun: ['--version', '--help'] },
  time: { valued: ['-f', '-o', '--format', '--output'] },
  command: { noRun: ['-v', '-V'] },
  builtin: {},
  exec: { valued: ['-a'] },
  stdbuf: { valued: ['-i', '-o', '-e', '--input', '--output', '--error'], noRun: ['--version', '--help'] },
  setsid: {},
  chroot: { valued: ['--userspec', '--groups'], operands: 1, noRun: ['--version', '--help'] },
  flock: { valued: ['-w', '-E', '--timeout', '--wait', '--conflict-exit-code'], script: ['-c', '--command'], operands: 1 },
  strace: STRACE,
  ltrace: { ...STRACE, valued: ['-a', '-e', '-n', '-o', '-p', '-s', '-u', '-D', '-F', '-l', '-A', '-x', '-L', '-w', '--output'] },
  watch: {
    valued: ['-n', '--interval', '-q', '--equexit', '-s', '--shotsdir'],
    noRun: ['-h', '--help', '-v', '--version'],
    operandsAreScript: true,
    execOptions: ['-x', '--exec'],
  },
  xargs: {
    valued: ['-a', '-d', '-E', '-I', '-L', '-n', '-P', '-s', '--arg-file', '--delimiter', '--eof', '--max-lines', '--max-args', '--max-procs', '--max-chars', '--process-slot-var'],
    attachedOnly: ['-e', '-i', '-l', '--replace'],
    noRun: ['--help', '--version', '--show-limits'],
    defaultCommand: 'echo',
  },
  script: {
    valued: ['-E', '-I', '-O', '-B', '-T', '-m', '--log-in', '--log-out', '--log-io', '--log-timing', '--echo', '--logging-format', '--output-limit'],
    attachedOnly: ['-t', '--timing'],
    script: ['-c', '--command'],
    operands: 1,
    permute: true,
  },
  unbuffer: {},
  taskset: { operands: 1, noRun: ['-p', '--pid'] },
  chrt: { valued: ['-T', '-P', '-D'], operands: 1, noRun: ['-p', '--pid', '-m', '--max'] },
  numactl: { valued: ['-C', '-N', '-m', '-p', '-i', '-P', '--physcpubind', '--cpunodebind', '--membind', '--preferred', '--interleave'], noRun: ['-s', '--show', '-H', '--hardware'] },
  cgexec: { valued: ['-g'] },
  proxychains: { valued: ['-f'] },
  proxychains4: { valued: ['-f'] },
  torsocks: { valued: ['-u', '-p', '-a', '-P'] },
  tsocks: {},
  firejail: {},
  eatmydata: {},
  fakeroot: { valued: ['-l', '-s', '-i', '-b', '--lib', '--faked'] },
  catchsegv: {},
  nocache: {},
  valgrind: {},
  sshpass: { valued: ['-p', '-f', '-d', '-P'] },
  'systemd-run': {
    valued: ['-p', '-u', '-E', '-M', '-H', '--unit', '--property', '--setenv', '--uid', '--gid', '--working-directory', '--description', '--slice', '--machine', '--host', '--nice', '--on-calendar'],
  },
  unshare: { valued: ['-S', '-G', '-R', '-w', '--setuid', '--setgid', '--root', '--wd'] },
  nsenter: { valued: ['-t', '-S', '-G', '-r', '-w', '--target', '--setuid', '--setgid', '--root', '--wd'] },
  'xvfb-run': { valued: ['-n', '-s', '-f', '-e', '-p', '--server-num', '--server-args', '--auth-file', '--error-file'] },
  trickle: { valued: ['-d', '-u', '-w', '-t', '-l', '-n'] },
  caffeinate: { valued: ['-t', '-w'] },
  setpriv: { valued: ['--reuid', '--regid', '--groups', '--inh-caps', '--ambient-caps', '--bounding-set', '--securebits', '--selinux-label', '--apparmor-profile'] },
  runcon: { valued: ['-u', '-r', '-t', '-l'] },
  chpst: { valued: ['-u', '-U', '-b', '-e', '-/', '-n', '-l', '-L', '-m', '-d', '-o', '-p', '-f', '-c'] },
  sg: { operands: 1, operandsAreScript: true },
  'dbus-launch': {},
  'dbus-run-session': {},
  coproc: {},
  rlwrap: {
    attachedOnly: ['-a', '-m', '-p', '-N'],
    valued: ['-b', '-C', '-D', '-e', '-f', '-F', '-g', '-H', '-l', '-M', '-O', '-P', '-q', '-s', '-S', '-t', '-w', '-z', '--break-chars', '--command-name', '--history-no-dupes', '--extra-char-after-completion', '--file', '--history-format', '--forget-matching', '--history-filename', '--logfile', '--multi-line-ext', '--only-cook', '--pre-given', '--quote-characters', '--histsize', '--substitute-prompt', '--set-term-name', '--polling', '--filter'],
  },
  proot: { valued: ['-r', '-b', '-m', '-w', '-q', '-k', '-v', '--rootfs', '--bind', '--mount', '--cwd', '--qemu', '--kernel-release', '--verbose'] },
  bwrap: {
    valued: ['--args', '--uid', '--gid', '--hostname', '--chdir', '--unsetenv', '--lock-file', '--sync-fd', '--remount-ro', '--exec-label', '--file-label', '--proc', '--dev', '--tmpfs', '--mqueue', '--dir', '--seccomp', '--add-seccomp-fd', '--block-fd', '--userns-block-fd', '--info-fd', '--json-status-fd', '--cap-add', '--cap-drop', '--perms', '--size', '--userns', '--userns2', '--pidns', '--argv0'],
    valued2: ['--setenv', '--bind', '--bind-try', '--dev-bind', '--dev-bind-try', '--ro-bind', '--ro-bind-try', '--file', '--bind-data', '--ro-bind-data', '--symlink', '--chmod', '--overlay-src'],
  },
  'nix-shell': { script: ['--run', '--command'], permute: true, valued: ['-I', '-A', '--attr', '-E', '--expr', '--option', '--keep'] },
  screen: { valued: ['-S', '-c', '-e', '-h', '-p', '-s', '-t', '-T', '-Logfile', '-x', '-r', '-R', '-X'], noRun: ['-r', '-R', '-x', '-ls', '-list', '-wipe', '-X', '-Q', '-v', '--version', '--help'] },
});

const PROJECT_RUN: WrapperRow = {};
const TMUX_COMMAND: WrapperRow = { valued: ['-c', '-e', '-f', '-F', '-l', '-n', '-N', '-p', '-s', '-t', '-T', '-w', '-h', '-x', '-y', '-S'], operandsAreScript: true };
const CONDA_RUN: WrapperRow = { valued: ['-n', '--name', '-p', '--prefix', '--cwd', '--cwd-dir'] };
const PERF_RUN: WrapperRow = {
  valued: ['-e', '--event', '-o', '--output', '-p', '--pid', '-t', '--tid', '-u', '--uid', '-C', '--cpu', '-c', '--count', '-F', '--freq', '-r', '--repeat', '-G', '--cgroup', '-m', '--mmap-pages', '-I', '--interval-print', '-x', '--field-separator', '-j', '--branch-filter', '--call-graph', '--switch-output', '-D', '--delay'],
  noRun: ['-p', '--pid', '-t', '--tid', '-a', '--all-cpus'],
};
const PACKAGE_RUN: WrapperRow = { valued: ['-p', '--package', '-w', '--workspace', '--from', '--with', '--python', '--spec', '--registry', '--cache', '--userconfig', '-c', '--call'] };

/**
 * Tools whose subcommand runs a command in a project's environment (`poetry run pytest`, `bundle exec rspec`,
 * `mise exec node@20 -- node x`), or fetches a package and runs its program (`npx`, `uvx`, `pnpm dlx`): the
 * program they start is named by the command that follows, as for any other wrapper.
 */
const RUNNERS = table<Readonly<Partial<Record<string, WrapperRow>>>>({
  poetry: { run: { valued: ['-C', '--directory', '-P', '--project'] } },
  uv: {
    run: {
      valued: [
        '--with', '--with-editable', '--with-requirements', '-p', '--python', '--package', '--extra', '--group', '--only-group',
        '--no-group', '--env-file', '--index', '--index-url', '--default-index', '--extra-index-url', '-f', '--find-links',
        '--directory', '--project', '--config-file', '--cache-dir', '--python-preference', '--resolution', '--prerelease',
        '--exclude-newer', '--link-mode', '-P', '--upgrade-package', '--refresh-package', '--reinstall-package',
        '--no-binary-package', '--no-build-package', '-C', '--config-setting', '--keyring-provider', '--allow-insecure-host',
        '--index-strategy', '--python-platform', '--color', '--no-extra', '--fork-strategy', '--no-build-isolation-package',
      ],
    },
  },
  pipenv: { run: PROJECT_RUN },
  pdm: { run: { valued: ['-p', '--project', '-v'] } },
  hatch: { run: { valued: ['-e', '--env'] } },
  rye: { run: { valued: ['--pyproject'] } },
  pixi: { run: { valued: ['-e', '--environment', '--manifest-path'] }, exec: { valued: ['-s', '--spec', '-c', '--channel', '--manifest-path'] } },
  bundle: { exec: { valued: ['--gemfile'] } },
  bundler: { exec: { valued: ['--gemfile'] } },
  conda: { run: CONDA_RUN },
  mamba: { run: CONDA_RUN },
  micromamba: { run: CONDA_RUN },
  devbox: { run: { valued: ['-c', '--config', '-e', '--env', '--env-file'] } },
  direnv: { exec: { operands: 1 } },
  mise: { exec: PROJECT_RUN, x: PROJECT_RUN },
  rtx: { exec: PROJECT_RUN, x: PROJECT_RUN },
  asdf: { exec: PROJECT_RUN },
  rbenv: { exec: PROJECT_RUN },
  pyenv: { exec: PROJECT_RUN },
  nodenv: { exec: PROJECT_RUN },
  goenv: { exec: PROJECT_RUN },
  volta: { run: { valued: ['--node', '--npm', '--yarn', '--pnpm', '--env'] } },
  fnm: { exec: { valued: ['--using'] } },
  nix: { develop: {}, shell: {} },
  perf: { record: PERF_RUN, stat: PERF_RUN, trace: PERF_RUN },
  op: { run: { valued: ['--env-file', '--account'] } },
  'aws-vault': { exec: { operands: 1, valued: ['-d', '--duration', '-t', '--mfa-token', '--region'] } },
  doppler: { run: { valued: ['-p', '--project', '-c', '--config', '--mount', '--mount-format', '--name-transformer'], script: ['--command'] } },
  npm: { exec: PACKAGE_RUN, x: PACKAGE_RUN },
  pnpm: { exec: PACKAGE_RUN, dlx: PACKAGE_RUN },
  yarn: { dlx: PACKAGE_RUN },
  bun: { x: PACKAGE_RUN },
  pipx: { run: { valued: ['--spec', '--python', '--pip-args', '--index-url'] } },
  // tmux runs its shell-command operands joined, as sh -c does; send-keys types them into a pane's shell.
  tmux: {
    new: TMUX_COMMAND,
    'new-session': TMUX_COMMAND,
    'new-window': TMUX_COMMAND,
    neww: TMUX_COMMAND,
    'split-window': TMUX_COMMAND,
    splitw: TMUX_COMMAND,
    'respawn-pane': TMUX_COMMAND,
    respawnp: TMUX_COMMAND,
    'respawn-window': TMUX_COMMAND,
    respawnw: TMUX_COMMAND,
    'run-shell': TMUX_COMMAND,
    run: TMUX_COMMAND,
    'display-popup': TMUX_COMMAND,
    popup: TMUX_COMMAND,
    'send-keys': TMUX_COMMAND,
    send: TMUX_COMMAND,
  },
});

/** Runners whose command follows a marker, after package or tool operands (`mise exec node@20 -- node x`, `nix develop -c make`). */
const COMMAND_AFTER = table<readonly string[]>({
  mise: ['--'],
  rtx: ['--'],
  'aws-vault': ['--'],
  op: ['--'],
  doppler: ['--'],
  pixi: ['--'],
  nix: ['-c', '--command'],
  // Debuggers: the program and its arguments follow the marker.
  gdb: ['--args'],
  lldb: ['--'],
});

/** Programs that fetch a package and run its program, with no subcommand: `npx prettier`, `uvx ruff`. */
const PACKAGE_RUNNERS = table<WrapperRow>({ npx: PACKAGE_RUN, uvx: PACKAGE_RUN, bunx: PACKAGE_RUN, pnpx: PACKAGE_RUN });

/**
 * How a program that starts a command reads its arguments: its row in the wrapper table; a runner's subcommand row
 * (`poetry run CMD`); or, for a runner with a marker or a program with one, what follows it (`mise exec node@20 --
 * CMD`, `gdb --args CMD`). Undefined when the program starts no command this way.
 */
export function wrapperRowOf(program: string, args: Word[]): { row: WrapperRow; args: Word[] } | undefined {
  const own = WRAPPERS[program];
  if (own) return { row: own, args };
  const markers = COMMAND_AFTER[program];
  const afterMarker = (from: Word[]) => {
    const at = markers ? from.findIndex((a) => markers.includes(single(a) ?? '')) : -1;
    return at >= 0 ? { row: {}, args: from.slice(at + 1) } : undefined;
  };
  const runner = RUNNERS[program];
  if (runner) {
    // The first operand is the subcommand.
    const sub = args.findIndex((a) => !(single(a) ?? '-').startsWith('-'));
    const subRow = sub >= 0 ? runner[single(args[sub]!)!] : undefined;
    if (subRow) {
      const rest = args.slice(sub + 1);
      const marked = afterMarker(rest);
      if (marked) return marked;
      // `nix develop` without -c starts an interactive shell.
      if (program !== 'nix') return { row: subRow, args: rest };
    }
    return undefined;
  }
  const packageRow = PACKAGE_RUNNERS[program];
  return packageRow ? { row: packageRow, args } : afterMarker(args);
}

/** `docker run|exec` and its kin: options, then the image or container, then the command it runs. */
export const CONTAINER_RUN: WrapperRow = {
  valued: [
    '-a', '-c', '-e', '-h', '-l', '-m', '-p', '-u', '-v', '-w', '--add-host', '--annotation', '--attach', '--blkio-weight',
    '--cap-add', '--cap-drop', '--cgroup-parent', '--cgroupns', '--cidfile', '--cpu-period', '--cpu-quota', '--cpu-shares',
    '--cpus', '--cpuset-cpus', '--cpuset-mems', '--detach-keys', '--device', '--device-cgroup-rule', '--dns', '--dns-option',
    '--dns-search', '--domainname', '--entrypoint', '--env', '--env-file', '--expose', '--gpus', '--group-add',
    '--health-cmd', '--health-interval', '--health-retries', '--health-start-period', '--health-timeout', '--hostname',
    '--ip', '--ip6', '--ipc', '--isolation', '--kernel-memory', '--label', '--label-file', '--link', '--log-driver',
    '--log-opt', '--mac-address', '--memory', '--memory-reservation', '--memory-swap', '--mount', '--name', '--network',
    '--network-alias', '--pid', '--pids-limit', '--platform', '--publish', '--pull', '--restart', '--runtime',
    '--security-opt', '--shm-size', '--stop-signal', '--stop-timeout', '--storage-opt', '--sysctl', '--tmpfs', '--ulimit',
    '--user', '--userns', '--uts', '--volume', '--volumes-from', '--workdir', '--pod', '--arch', '--os', '--variant',
  ],
  operands: 1,
};

/** Shells whose `-c STRING` is bash-like text. */
export const SHELLS = new Set(['bash', 'sh', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'rbash', 'yash', 'posh', 'fish', 'csh', 'tcsh', 'ksh93', 'oksh', 'loksh']);

/** Outcome of peeling one wrapper. */
export type Peeled =
  /** The wrapper runs `command` (maybe empty: nothing runs) in `cwd` (undefined: unchanged; null: unknown). */
  | { kind: 'command'; command: Word[]; cwd?: string | null; script?: undefined; assigns?: Word[] }
  /** The wrapper runs shell text (`su -c`, `watch`, `env -S` + the remaining operands). */
  | { kind: 'script'; script: Word[]; cwd?: string | null; command?: undefined; assigns?: Word[] }
  /** Nothing runs (`command -v`, `sudo -l`, `env --version`); `env NAME=VALUE` alone still sets `assigns`. */
  | { kind: 'none'; assigns?: Word[] }
  /** Where the command starts cannot be told statically. */
  | { kind: 'dynamic'; word: Word; why: string };

function isOptionLike(v: string): boolean {
  return v.length > 1 && v.startsWith('-');
}

/**
 * Parses a wrapper's options and returns what it runs. Conservative: an unknown option is taken as
 * a flag, so a mistaken parse can only move the command right, onto a word that is then checked too.
 */
export function peelWrapper(name: string, row: WrapperRow, args: Word[], resolveDir: (dir: string) => string | null): Peeled {
  let i = 0;
  let cwd: string | null | undefined;
  let script: Word | undefined;
  let exec = false;
  const operands: Word[] = [];
  const assigns: Word[] = [];
  const valued = new Set(row.valued ?? []);
  const valued2 = new Set(row.valued2 ?? []);
  const attached = new Set(row.attachedOnly ?? []);
  const noRun = new Set(row.noRun ?? []);
  const scriptOpts = new Set(row.script ?? []);
  const chdirOpts = new Set(row.chdir ?? []);
  const execOpts = new Set(row.execOptions ?? []);
  let noRunSeen = false;
  const takeValue = (opt: string, value: Word | undefined, valueText: string | undefined): Peeled | undefined => {
    if (scriptOpts.has(opt)) {
      if (value) script = value;
      else if (valueText !== undefined) script = { text: valueText, span: args[i]!.span, values: [valueText] };
    }
    if (chdirOpts.has(opt)) {
      const dir = valueText ?? (value ? single(value) : undefined);
      cwd = dir === undefined ? null : resolveDir(dir);
    }
    return undefined;
  };
  let optionsDone = false;
  while (i < args.length) {
    const arg = args[i]!;
    const v = single(arg);
    if (optionsDone || v === undefined || !isOptionLike(v)) {
      if (v === undefined && !optionsDone && arg.values === null) {
        if (noRunSeen) return { kind: 'none' };
        return { kind: 'dynamic', word: arg, why: `cannot tell where ${name}'s command starts: ${arg.dynamic ?? 'a computed word'}` };
      }
      if (v === '--' && !optionsDone) {
        optionsDone = true;
        i++;
        continue;
      }
      if (row.assignments && v !== undefined && /^[^=]+=/.test(v) && operands.length === 0) {
        assigns.push(arg);
        i++;
        continue;
      }
      if (!row.permute || optionsDone) break;
      operands.push(arg);
      i++;
      continue;
    }
    if (v === '--') {
      optionsDone = true;
      i++;
      continue;
    }
    if (v.startsWith('--')) {
      const eq = v.indexOf('=');
      const opt = eq < 0 ? v : v.slice(0, eq);
      if (noRun.has(opt)) noRunSeen = true;
      if (execOpts.has(opt)) exec = true;
      if (eq >= 0) takeValue(opt, undefined, v.slice(eq + 1));
      else if (valued.has(opt) || scriptOpts.has(opt) || chdirOpts.has(opt)) {
        const value = args[i + 1];
        takeValue(opt, value, value ? single(value) : undefined);
        i++;
      } else if (valued2.has(opt)) i += 2;
      i++;
      continue;
    }
    if (row.numeric && /^-\d+$/.test(v)) {
      i++;
      continue;
    }
    // A cluster of short options; the first that takes a value ends it.
    let consumedNext = false;
    for (let j = 1; j < v.length; j++) {
      const opt = `-${v[j]}`;
      if (noRun.has(opt)) noRunSeen = true;
      if (execOpts.has(opt)) exec = true;
      if (attached.has(opt)) break;
      if (valued.has(opt) || scriptOpts.has(opt) || chdirOpts.has(opt)) {
        const rest = v.slice(j + 1);
        if (rest !== '') takeValue(opt, undefined, rest);
        else {
          const value = args[i + 1];
          takeValue(opt, value, value ? single(value) : undefined);
          consumedNext = true;
        }
        break;
      }
    }
    i += consumedNext ? 2 : 1;
  }
  if (noRunSeen) return { kind: 'none' };
  const rest = args.slice(i);
  const out = (p: Peeled): Peeled => {
    if (p.kind === 'none' || p.kind === 'dynamic') return p;
    return { ...p, ...(cwd !== undefined ? { cwd } : {}), ...(assigns.length > 0 ? { assigns } : {}) };
  };
  if (script) return out({ kind: 'script', script: [script, ...(row.permute ? [] : rest)] });
  if (row.permute) return { kind: 'none' };
  const skip = row.operands ?? 0;
  if (rest.length < skip) return { kind: 'none' };
  let command = rest.slice(skip);
  // `flock FILE -c 'cmd'`: a script option may follow the operands.
  const after = command[0] ? single(command[0]) : undefined;
  if (after !== undefined && scriptOpts.has(after)) {
    const text = command[1];
    if (!text) return { kind: 'none' };
    return out({ kind: 'script', script: [text] });
  }
  if (after === '--') command = command.slice(1);
  if (row.operandsAreScript && !exec) return command.length > 0 ? out({ kind: 'script', script: command }) : { kind: 'none' };
  if (command.length === 0) {
    if (row.defaultCommand) return out({ kind: 'command', command: [{ text: row.defaultCommand, span: args.at(-1)?.span ?? { start: 0, end: 0 }, values: [row.defaultCommand] }] });
    return assigns.length > 0 ? { kind: 'none', assigns } : { kind: 'none' };
  }
  return out({ kind: 'command', command });
}
