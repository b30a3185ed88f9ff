// The guard's own logic, with an injected analyzer whose findings each test chooses: the decision order,
// every policy key, the read tracker, the verdict records, and that decide never throws.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEED } from '../fuzz/scale.js';
import { seeded } from './needs.js';
import type { Analyzer } from '../src/analyzer.js';
import { createGuard, DEFAULT_POLICY, GUARD_RULES, type GuardDependencies, type GuardPolicy, PolicyError, type VerdictRecord } from '../src/guard/index.js';
import type { RuleConfig } from '../src/rules/rule.js';
import type { Analysis, CommandLine, Finding, FindingKind } from '../src/types.js';

const HOME = '/home/dev';
const CWD = '/home/dev/project';

function finding(kind: FindingKind, rule: string, message = `${rule} seen`): Finding {
  return { kind, rule, message, span: { start: 0, end: 1 } };
}

/** An analyzer that answers each command with the findings a test set for it, and remembers what it was asked. */
function fakeAnalyzer(findings: Record<string, Finding[]> = {}, config: Partial<RuleConfig> = {}) {
  const seen: CommandLine[] = [];
  const configs: Partial<RuleConfig>[] = [];
  const make = (cfg: Partial<RuleConfig>): Analyzer => ({
    config: cfg as RuleConfig,
    withConfig(c) {
      configs.push(c);
      return make({ ...cfg, ...c });
    },
    analyze(input) {
      seen.push(input);
      const analysis: Analysis = {
        command: input.command,
        dialect: input.shell ?? 'bash',
        cwd: input.cwd ?? '/',
        home: input.home ?? '/root',
        segments: [],
        invocations: [],
        typeUses: [],
        codeUses: [],
        findings: findings[input.command] ?? [],
      };
      return analysis;
    },
  });
  return { analyzer: make(config), seen, configs };
}

function guardWith(options: { findings?: Record<string, Finding[]>; policy?: Partial<GuardPolicy>; dependencies?: GuardDependencies } = {}) {
  const fake = fakeAnalyzer(options.findings);
  const records: VerdictRecord[] = [];
  const guard = createGuard({
    analyzer: fake.analyzer,
    policy: options.policy ?? {},
    dependencies: { home: HOME, sink: (r) => records.push(r), ...options.dependencies },
  });
  return { guard, records, ...fake };
}

const bash = (command: string, extra: Record<string, unknown> = {}) => ({ tool: 'Bash', input: { command, ...extra }, cwd: CWD });

describe('defaults', () => {
  it('the policy defaults are the rules’ defaults, so a guard with no policy matches the analyzer alone', async () => {
    const { DEFAULT_RULE_CONFIG } = await import('../src/rules/index.js');
    for (const [key, value] of Object.entries(DEFAULT_RULE_CONFIG)) expect(DEFAULT_POLICY[key as keyof GuardPolicy], key).toEqual(value);
    expect(DEFAULT_POLICY.denyCannotVouch).toBe(true);
    expect(DEFAULT_POLICY.shellTools).toEqual({ bash: 'bash', powershell: 'powershell' });
  });

  it('hands the whole rule part of the policy to the analyzer through withConfig', () => {
    const { configs } = guardWith({ policy: { deniedNetworkBinaries: ['httpie'], denyInlineInterpreters: true } });
    expect(configs).toHaveLength(1);
    expect(configs[0]).toMatchObject({ deniedNetworkBinaries: ['httpie'], denyInlineInterpreters: true, secretPathFragments: DEFAULT_POLICY.secretPathFragments });
  });
});

describe('a. the fail-closed floor: the host’s tools', () => {
  it('denies every call when the policy names a shell tool the host does not register, naming it', () => {
    const { guard } = guardWith({ dependencies: { hostTools: ['Bash', 'Read', 'Write'] } });
    for (const call of [bash('ls'), { tool: 'Read', input: { file_path: 'README.md' }, cwd: CWD }]) {
      const v = guard.decide(call);
      expect(v?.rule).toBe(GUARD_RULES.hostTools);
      expect(v?.reason).toContain('powershell');
    }
  });

  it('passes once the policy matches the host, names compared in lower case', () => {
    const { guard } = guardWith({ policy: { shellTools: { Bash: 'bash' } }, dependencies: { hostTools: ['bash', 'read'] } });
    expect(guard.decide(bash('ls'))).toBeUndefined();
  });

  it('denies every call when the host’s list cannot be read, and reads it again on the next call', () => {
    let fail = true;
    const hostTools = () => {
      if (fail) throw new Error('registry not ready');
      return ['bash', 'powershell'];
    };
    const { guard } = guardWith({ dependencies: { hostTools } });
    const v = guard.decide(bash('ls'));
    expect(v?.rule).toBe(GUARD_RULES.hostTools);
    expect(v?.reason).toContain('registry not ready');
    fail = false;
    expect(guard.decide(bash('ls'))).toBeUndefined();
  });

  it('treats a list that is not a list of names as unreadable', () => {
    const { guard } = guardWith({ dependencies: { hostTools: (() => 'bash') as unknown as () => string[] } });
    expect(guard.decide(bash('ls'))?.rule).toBe(GUARD_RULES.hostTools);
  });

  it('comes before everything else, even a malformed call', () => {
    const { guard, seen } = guardWith({ dependencies: { hostTools: [] } });
    expect(guard.decide(null as never)?.rule).toBe(GUARD_RULES.hostTools);
    expect(guard.decide(bash('ls'))?.rule).toBe(GUARD_RULES.hostTools);
    expect(seen).toHaveLength(0);
  });
});

describe('b. shell tools', () => {
  it('asks the injected checkCommand first and passes its reason and rule through', () => {
    const asked: unknown[] = [];
    const { guard, seen } = guardWith({
      findings: { 'rm -rf /': [finding('cannot-vouch', 'vouch.dynamic-command')] },
      dependencies: {
        checkCommand: (c) => {
          asked.push(c);
          return { kind: 'deny', reason: 'rm -rf on root', ruleId: 'rm.root' };
        },
      },
    });
    expect(guard.decide(bash('rm -rf /'))).toEqual({ block: true, reason: 'rm -rf on root', rule: 'rm.root' });
    expect(asked).toEqual([{ command: 'rm -rf /', cwd: CWD }]);
    expect(seen).toHaveLength(0);
  });

  it('invents no rule id for a dependency’s denial without one', () => {
    const { guard } = guardWith({ dependencies: { checkCommand: () => ({ kind: 'deny', reason: 'protected config' }) } });
    expect(guard.decide(bash('rm -rf ~'))).toEqual({ block: true, reason: 'protected config', rule: GUARD_RULES.dependency });
  });

  it('denies when the dependency throws or answers out of shape', () => {
    const answers: (() => unknown)[] = [
      () => {
        throw new TypeError('cwd must be absolute');
      },
      () => undefined,
      () => ({ kind: 'maybe' }),
      () => 'allow',
    ];
    for (const answer of answers) {
      const { guard } = guardWith({ dependencies: { checkCommand: answer as never } });
      const v = guard.decide(bash('ls'));
      expect(v?.rule).toBe(GUARD_RULES.dependency);
      expect(v?.reason.length).toBeGreaterThan(10);
    }
  });

  it('then vouch’s own findings, the first by kind: egress, env dump, secret, write, cannot vouch', () => {
    const all = [
      finding('cannot-vouch', 'vouch.dynamic-command'),
      finding('write', 'write.persistence'),
      finding('secret', 'secret.path'),
      finding('env-dump', 'env.dump'),
      finding('egress', 'egress.binary', 'curl is a network client'),
    ];
    const { guard } = guardWith({ findings: { x: all, y: all.slice(0, 4), z: all.slice(0, 3), w: all.slice(0, 2), v: all.slice(0, 1) } });
    expect(guard.decide(bash('x'))).toEqual({ block: true, rule: 'egress.binary', reason: 'curl is a network client' });
    expect(guard.decide(bash('y'))?.rule).toBe('env.dump');
    expect(guard.decide(bash('z'))?.rule).toBe('secret.path');
    expect(guard.decide(bash('w'))?.rule).toBe('write.persistence');
    expect(guard.decide(bash('v'))?.rule).toBe('vouch.dynamic-command');
  });

  it('keeps the analyzer’s order within one kind, and never denies on info alone', () => {
    const { guard } = guardWith({
      findings: {
        two: [finding('info', 'interp.inline'), finding('egress', 'egress.dev-tcp'), finding('egress', 'egress.binary')],
        info: [finding('info', 'interp.inline'), finding('info', 'something.else')],
      },
    });
    expect(guard.decide(bash('two'))?.rule).toBe('egress.dev-tcp');
    expect(guard.decide(bash('info'))).toBeUndefined();
  });

  it('reads the command in the dialect policy.shellTools gives the tool, in the call’s cwd and the user’s home', () => {
    const { guard, seen } = guardWith();
    guard.decide({ tool: 'PowerShell', input: { command: 'Get-ChildItem' }, cwd: CWD });
    guard.decide(bash('ls'));
    expect(seen).toEqual([
      { command: 'Get-ChildItem', shell: 'powershell', cwd: CWD, home: HOME },
      { command: 'ls', shell: 'bash', cwd: CWD, home: HOME },
    ]);
  });

  it('reads a command in the directory the tool says it runs in (Codex workdir, Gemini directory)', () => {
    const { guard, seen } = guardWith();
    guard.decide(bash('ls', { workdir: 'sub/dir' }));
    guard.decide(bash('ls', { directory: '/srv/app' }));
    guard.decide({ tool: 'local_shell', input: { command: ['ls'], working_directory: '/srv/api' }, cwd: CWD });
    expect(seen.map((s) => s.cwd)).toEqual([`${CWD}/sub/dir`, '/srv/app', '/srv/api']);
  });

  it('reads the environment and the shell a tool runs its command with as part of the line', () => {
    const { guard, seen } = guardWith();
    guard.decide({ tool: 'local_shell', input: { command: ['git', 'status'], env: { GIT_PAGER: 'less -R', CI: '1' } }, cwd: CWD });
    guard.decide(bash('npm test && npm run lint', { env: { CI: '1' } }));
    guard.decide({ tool: 'exec_command', input: { cmd: "echo 'it' && ls", shell: '/usr/bin/fish' }, cwd: CWD });
    guard.decide({ tool: 'exec_command', input: { cmd: 'ls', shell: 'zsh', login: true, env: { A: 'b' } }, cwd: CWD });
    guard.decide({ tool: 'exec_command', input: { cmd: 'ls', shell: '/bin/bash' }, cwd: CWD });
    guard.decide({ tool: 'exec_command', input: { cmd: 'ls', shell: true }, cwd: CWD });
    guard.decide({ tool: 'PowerShell', input: { command: 'gci', env: { "it's": 'a{b}' } }, cwd: CWD });
    expect(seen.map((s) => s.command)).toEqual([
      "env 'GIT_PAGER=less -R' CI=1 git status",
      "env CI=1 bash -c 'npm test && npm run lint'",
      `/usr/bin/fish -c 'echo '\\''it'\\'' && ls'`,
      'env A=b zsh -lc ls',
      'ls',
      'ls',
      "${env:it's} = 'a{b}'; gci",
    ]);
    expect(guard.decide(bash('ls', { env: ['CI=1'] }))).toEqual({ block: true, rule: GUARD_RULES.badInput, reason: '`env` must map names to strings, found an array' });
    expect(guard.decide(bash('ls', { env: { 'A=B': 'c' } }))).toEqual({ block: true, rule: GUARD_RULES.badInput, reason: '`env` must map names to strings, found a string of 1 characters for `A=B`' });
    expect(guard.decide(bash('ls', { shell: '' }))).toEqual({ block: true, rule: GUARD_RULES.badInput, reason: '`shell` must name a shell, found a string of 0 characters' });
    expect(seen).toHaveLength(7);
  });

  it('a tool read as a shell by what it does hands back its own input on a pass, with no timeout added', () => {
    const { guard, seen } = guardWith();
    const exec = { cmd: 'git status', workdir: CWD, yield_time_ms: 500 };
    expect(guard.inspect({ tool: 'exec_command', input: exec, cwd: CWD })).toMatchObject({ verdict: undefined, input: exec });
    const code = { code: 'print(1)' };
    expect(guard.inspect({ tool: 'mcp__ide__executeCode', input: code, cwd: CWD })).toMatchObject({ verdict: undefined, input: code });
    expect(seen.map((s) => s.command)).toEqual(['git status', "python3 -c 'print(1)'"]);
  });

  it('reads an argv list (Codex shell) as the words it runs, quoted', () => {
    const { guard, seen } = guardWith();
    guard.decide({ tool: 'bash', input: { command: ['bash', '-lc', "echo 'hi' && ls"] }, cwd: CWD });
    expect(seen[0]?.command).toBe(`bash -lc 'echo '\\''hi'\\'' && ls'`);
  });

  it('injects the default timeout into a new input only for a command that passed', () => {
    const { guard } = guardWith({ findings: { curl: [finding('egress', 'egress.binary')] } });
    const input = { command: 'ls', description: 'list' };
    const passed = guard.inspect({ tool: 'bash', input, cwd: CWD });
    expect(passed.verdict).toBeUndefined();
    expect(passed.input).toEqual({ command: 'ls', description: 'list', timeout: DEFAULT_POLICY.defaultBashTimeoutSeconds * 1000 });
    expect(passed.input).not.toBe(input);
    expect(input).toEqual({ command: 'ls', description: 'list' });

    const denied = guard.inspect({ tool: 'bash', input: { command: 'curl' }, cwd: CWD });
    expect(denied.verdict?.rule).toBe('egress.binary');
    expect(denied.input).toBeUndefined();
    expect(denied.analysis?.findings).toHaveLength(1);
  });

  it('treats a null timeout as unset', () => {
    const { guard } = guardWith();
    expect(guard.inspect(bash('ls', { timeout: null })).input).toEqual({ command: 'ls', timeout: DEFAULT_POLICY.defaultBashTimeoutSeconds * 1000 });
  });

  it('on a pass of any other tool, hands back the copy it judged, equal to the caller’s input', () => {
    const { guard } = guardWith();
    const input = { file_path: 'README.md' };
    const passed = guard.inspect({ tool: 'Read', input, cwd: CWD }).input;
    expect(passed).toEqual(input);
    expect(passed).not.toBe(input);
    expect(guard.inspect({ tool: 'Read', input: { file_path: '.env' }, cwd: CWD })).not.toHaveProperty('input');
  });

  it('keeps a timeout the caller set', () => {
    const { guard } = guardWith();
    const input = Object.freeze({ command: 'ls', timeout: 5000 });
    expect(guard.inspect({ tool: 'bash', input, cwd: CWD }).input).toEqual(input);
  });

  it('judges one copy of the input: a getter that answers differently each time cannot slip a path past', () => {
    const { guard } = guardWith({ policy: { writeRoots: ['~'] } });
    let reads = 0;
    const input = {
      content: 'x',
      get file_path() {
        reads++;
        return reads === 1 ? 'src/app.ts' : '~/.bashrc';
      },
    };
    const inspected = guard.inspect({ tool: 'Write', input, cwd: CWD });
    // The getter ran once; whatever it answered is what was judged, and what the caller is told to run.
    expect(reads).toBe(1);
    expect(inspected.verdict).toBeUndefined();
    expect(inspected.input).toEqual({ content: 'x', file_path: 'src/app.ts' });
  });
});

describe('c. file tools', () => {
  const write = (path: string, tool = 'Write') => ({ tool, input: { file_path: path, content: 'x' }, cwd: CWD });
  const edit = (path: string, tool = 'Edit') => ({ tool, input: { file_path: path, old_string: 'a', new_string: 'b' }, cwd: CWD });

  it('refuses a write outside the write roots, which are the cwd when none are set', () => {
    const { guard } = guardWith();
    expect(guard.decide(write('src/a.ts'))).toBeUndefined();
    expect(guard.decide(write('/tmp/a.ts'))?.rule).toBe(GUARD_RULES.writeOutsideRoots);
    expect(guard.decide(write('../other/a.ts'))?.rule).toBe(GUARD_RULES.writeOutsideRoots);
    expect(guard.decide(write(`${CWD}-evil/a.ts`))?.rule).toBe(GUARD_RULES.writeOutsideRoots);
    expect(guard.decide({ tool: 'write', input: { path: '/etc/passwd', content: '' }, cwd: CWD })?.rule).toBe(GUARD_RULES.writeOutsideRoots);
  });

  it('writeRoots: the listed directories, with ~ as the home', () => {
    const { guard } = guardWith({ policy: { writeRoots: ['/tmp', '~/notes'] } });
    expect(guard.decide(write('/tmp/a.ts'))).toBeUndefined();
    expect(guard.decide(write('~/notes/today.md'))).toBeUndefined();
    expect(guard.decide(write('src/a.ts'))?.rule).toBe(GUARD_RULES.writeOutsideRoots);
  });

  it('protectedWriteFragments: .git by default, and whatever the policy adds', () => {
    expect(guardWith().guard.decide(edit('.git/HEAD'))?.rule).toBe(GUARD_RULES.protectedWrite);
    const { guard } = guardWith({ policy: { protectedWriteFragments: ['/vendor/'] } });
    expect(guard.decide(edit('vendor/lib.js'))?.rule).toBe(GUARD_RULES.protectedWrite);
    expect(guard.decide(edit('.git/HEAD'))).toBeUndefined();
  });

  it('persistenceWriteBasenames and persistenceWriteDirectories: targets that run later', () => {
    const { guard } = guardWith({ policy: { writeRoots: ['~'] } });
    expect(guard.decide(write('~/.bashrc'))?.rule).toBe(GUARD_RULES.persistenceWrite);
    expect(guard.decide(edit('.envrc'))?.rule).toBe(GUARD_RULES.persistenceWrite);
    expect(guard.decide(write('~/.config/systemd/user/x.service'))?.rule).toBe(GUARD_RULES.persistenceWrite);
    const custom = guardWith({ policy: { persistenceWriteBasenames: ['Makefile'], persistenceWriteDirectories: ['/.husky/'] } }).guard;
    expect(custom.decide(write('makefile'))?.rule).toBe(GUARD_RULES.persistenceWrite);
    expect(custom.decide(write('.husky/pre-commit'))?.rule).toBe(GUARD_RULES.persistenceWrite);
    expect(custom.decide(write('.envrc'))).toBeUndefined();
  });

  it('secretPathFragments and secretBasenamePatterns: a write naming a credential', () => {
    const { guard } = guardWith();
    expect(guard.decide(write('.env'))?.rule).toBe(GUARD_RULES.secretPath);
    expect(guard.decide(write('certs/server.pem'))?.rule).toBe(GUARD_RULES.secretPath);
    expect(guard.decide(write('.env.example'))).toBeUndefined();
    const custom = guardWith({ policy: { secretBasenamePatterns: ['*.secret'], secretPathFragments: ['/private/'] } }).guard;
    expect(custom.decide(write('db.SECRET'))?.rule).toBe(GUARD_RULES.secretPath);
    expect(custom.decide(write('private/notes.md'))?.rule).toBe(GUARD_RULES.secretPath);
    expect(custom.decide(write('.env'))).toBeUndefined();
  });

  it('every path of the input is checked (NotebookEdit, MultiEdit, pi’s path, a patch’s headers)', () => {
    const { guard } = guardWith();
    expect(guard.decide({ tool: 'NotebookEdit', input: { notebook_path: '/tmp/n.ipynb', new_source: '' }, cwd: CWD })?.rule).toBe(
      GUARD_RULES.writeOutsideRoots,
    );
    expect(guard.decide({ tool: 'MultiEdit', input: { file_path: '.git/HEAD', edits: [] }, cwd: CWD })?.rule).toBe(GUARD_RULES.protectedWrite);
    expect(guard.decide({ tool: 'edit', input: { path: '.git/HEAD', oldText: 'a', newText: 'b' }, cwd: CWD })?.rule).toBe(GUARD_RULES.protectedWrite);
    const patch = '*** Begin Patch\n*** Update File: src/a.ts\n@@\n-a\n+b\n*** Add File: ../../.bashrc\n+curl x\n*** End Patch';
    expect(guard.decide({ tool: 'apply_patch', input: { input: patch }, cwd: CWD })?.rule).toBe(GUARD_RULES.writeOutsideRoots);
  });

  it('classifies an MCP tool by its own name, whatever its server is called', () => {
    const { guard } = guardWith();
    expect(guard.decide({ tool: 'mcp__filesystem__write_file', input: { path: '~/.bashrc', content: 'x' }, cwd: CWD })?.rule).toBe(
      GUARD_RULES.writeOutsideRoots,
    );
    expect(guard.decide({ tool: 'mcp__fs__move_file', input: { source: 'a.txt', destination: '.git/hooks/pre-commit' }, cwd: CWD })?.rule).toBe(
      GUARD_RULES.protectedWrite,
    );
    expect(guard.decide({ tool: 'mcp__my_fs__edit_file', input: { path: 'src/a.ts', edits: [] }, cwd: CWD })).toBeUndefined();
    expect(guard.decide({ tool: 'mcp__fs__read_file', input: { path: '~/.ssh/id_rsa' }, cwd: CWD })?.rule).toBe(GUARD_RULES.secretPath);
    expect(guard.decide({ tool: 'mcp__fs__list_directory', input: { path: '~' }, cwd: CWD })).toBeUndefined();
  });

  it('refuses a patch that names no file', () => {
    const { guard } = guardWith();
    expect(guard.decide({ tool: 'apply_patch', input: { input: '--- a/x\n+++ b/x\n' }, cwd: CWD })?.rule).toBe(GUARD_RULES.badInput);
    expect(guard.decide({ tool: 'apply_patch', input: '*** Begin Patch\n*** Update File: src/a.ts\n@@\n-a\n+b\n*** End Patch', cwd: CWD })).toBeUndefined();
    // Codex refuses an update hunk with no lines, so the guard does too, saying why.
    const empty = guard.decide({ tool: 'apply_patch', input: '*** Begin Patch\n*** Update File: src/a.ts\n*** End Patch', cwd: CWD });
    expect(empty?.rule).toBe(GUARD_RULES.badInput);
    expect(empty?.reason).toMatch(/does not parse as Codex reads it/);
  });

  it('refuses a file tool whose path is missing or not a string', () => {
    const { guard } = guardWith();
    expect(guard.decide({ tool: 'Write', input: { content: 'x' }, cwd: CWD })?.rule).toBe(GUARD_RULES.badInput);
    expect(guard.decide({ tool: 'Edit', input: { file_path: 42 }, cwd: CWD })?.rule).toBe(GUARD_RULES.badInput);
    expect(guard.decide({ tool: 'Edit', input: 'src/a.ts', cwd: CWD })?.rule).toBe(GUARD_RULES.badInput);
  });

  describe('what the agent has read of the file', () => {
    const files = new Map<string, number>();
    const fs = (path: string) => {
      const mtimeMs = files.get(path);
      return mtimeMs === undefined ? undefined : { mtimeMs, size: 1, isFile: true };
    };
    const path = `${CWD}/src/a.ts`;

    it('write: an existing file never read is refused; a new file is not', () => {
      files.set(path, 1000);
      const { guard } = guardWith({ dependencies: { fs } });
      expect(guard.decide(write('src/a.ts'))?.rule).toBe(GUARD_RULES.unreadWrite);
      expect(guard.decide(write('src/new.ts'))).toBeUndefined();
      expect(guard.decide(edit('src/a.ts'))).toBeUndefined();
      guard.tracker.recordRead(path, { partial: false, mtimeMs: 1000 });
      expect(guard.decide(write('src/a.ts'))).toBeUndefined();
    });

    it('write and edit: a file changed since it was read is refused', () => {
      files.set(path, 1000);
      const { guard } = guardWith({ dependencies: { fs } });
      guard.tracker.recordRead(path, { partial: false, mtimeMs: 1000 });
      files.set(path, 2000);
      expect(guard.decide(write('src/a.ts'))?.rule).toBe(GUARD_RULES.staleFile);
      expect(guard.decide(edit('src/a.ts'))?.rule).toBe(GUARD_RULES.staleFile);
      guard.tracker.recordRead(path, { partial: false, mtimeMs: 2000 });
      expect(guard.decide(edit('src/a.ts'))).toBeUndefined();
    });

    it('write: a file read only in part is refused; edit is not', () => {
      files.set(path, 1000);
      const { guard } = guardWith({ dependencies: { fs } });
      guard.tracker.recordRead('~/project/src/a.ts', { partial: true, mtimeMs: 1000 });
      expect(guard.decide(write('src/a.ts'))?.rule).toBe(GUARD_RULES.partialRead);
      expect(guard.decide(edit('src/a.ts'))).toBeUndefined();
      guard.tracker.recordRead(path, { partial: false, mtimeMs: 1000 });
      expect(guard.decide(write('src/a.ts'))).toBeUndefined();
    });

    it('a partial read after a whole one of the same, unchanged file keeps it whole', () => {
      files.set(path, 1000);
      const { guard } = guardWith({ dependencies: { fs } });
      guard.tracker.recordRead(path, { partial: false, mtimeMs: 1000 });
      guard.tracker.recordRead(path, { partial: true, mtimeMs: 1000 });
      expect(guard.decide(write('src/a.ts'))).toBeUndefined();
      files.set(path, 2000);
      guard.tracker.recordRead(path, { partial: true, mtimeMs: 2000 });
      expect(guard.decide(write('src/a.ts'))?.rule).toBe(GUARD_RULES.partialRead);
    });

    it('recordWrite: the agent’s own write or edit counts as a whole read of the file it left', () => {
      files.set(path, 1000);
      const { guard } = guardWith({ dependencies: { fs } });
      guard.tracker.recordRead(path, { partial: false, mtimeMs: 1000 });
      expect(guard.decide(edit('src/a.ts'))).toBeUndefined();
      files.set(path, 2000);
      // Without the record, the second edit would see a file changed since it was read.
      expect(guard.decide(edit('src/a.ts'))?.rule).toBe(GUARD_RULES.staleFile);
      guard.tracker.recordWrite(path, { mtimeMs: 2000 });
      expect(guard.decide(edit('src/a.ts'))).toBeUndefined();
      // A file the agent created: its second write is no blind overwrite.
      const created = `${CWD}/src/new.ts`;
      files.set(created, 3000);
      expect(guard.decide(write('src/new.ts'))?.rule).toBe(GUARD_RULES.unreadWrite);
      guard.tracker.recordWrite(created, { mtimeMs: 3000 });
      expect(guard.decide(write('src/new.ts'))).toBeUndefined();
    });

    it('a host’s bad record (no path, an empty one, no usable mtime) is no record, and never throws', () => {
      files.set(path, 1000);
      const { guard } = guardWith({ dependencies: { fs } });
      const t = guard.tracker;
      expect(() => {
        t.recordRead(undefined as unknown as string, { partial: false, mtimeMs: 1000 });
        t.recordRead(42 as unknown as string, { partial: false, mtimeMs: 1000 });
        t.recordWrite(undefined as unknown as string, { mtimeMs: 1000 });
        t.recordWrite(path, undefined as unknown as { mtimeMs: number });
        t.recordWrite(path, { mtimeMs: Number.NaN });
        t.recordWrite(path, { mtimeMs: 'soon' as unknown as number });
      }).not.toThrow();
      // An empty path names no file: nothing is recorded, not even for the root it would resolve to.
      t.recordRead('', { partial: false, mtimeMs: 1000 });
      t.recordWrite('', { mtimeMs: 1000 });
      expect(t.get('/')).toBeUndefined();
      expect(t.get(path)).toBeUndefined();
      // None of it counts as a read: the existing file is still unread (not "changed since a read at NaN").
      expect(guard.decide(write('src/a.ts'))?.rule).toBe(GUARD_RULES.unreadWrite);
    });

    it('a Windows path is one file however its case and slashes are spelled', () => {
      const { guard } = guardWith({ dependencies: { home: 'C:\\Users\\dev' } });
      guard.tracker.recordRead('C:\\Users\\dev\\Project\\A.ts', { partial: false, mtimeMs: 5 });
      expect(guard.tracker.get('c:/users/dev/project/a.ts')).toEqual({ partial: false, mtimeMs: 5 });
      expect(guard.tracker.get('C:\\USERS\\DEV\\PROJECT\\A.TS')).toEqual({ partial: false, mtimeMs: 5 });
      // A POSIX path keeps its case: two files.
      guard.tracker.recordRead('/srv/A.ts', { partial: false, mtimeMs: 5 });
      expect(guard.tracker.get('/srv/a.ts')).toBeUndefined();
    });

    it('reset forgets every read', () => {
      files.set(path, 1000);
      const { guard } = guardWith({ dependencies: { fs } });
      guard.tracker.recordRead(path, { partial: false, mtimeMs: 1000 });
      guard.tracker.reset();
      expect(guard.decide(write('src/a.ts'))?.rule).toBe(GUARD_RULES.unreadWrite);
    });

    it('a filesystem that throws refuses the call instead of guessing', () => {
      const { guard } = guardWith({
        dependencies: {
          fs: () => {
            throw new Error('EACCES');
          },
        },
      });
      const v = guard.decide(edit('src/a.ts'));
      expect(v?.rule).toBe(GUARD_RULES.staleFile);
      expect(v?.reason).toContain('EACCES');
    });
  });
});

describe('d. every other tool with a path argument is a reader', () => {
  const { guard } = guardWith();
  const call = (tool: string, input: unknown) => guard.decide({ tool, input, cwd: CWD });

  it('a credential path denies any reader, named or not', () => {
    expect(call('Read', { file_path: '~/.ssh/id_ed25519' })?.rule).toBe(GUARD_RULES.secretPath);
    expect(call('read', { path: '.env' })?.rule).toBe(GUARD_RULES.secretPath);
    expect(call('mcp__files__open', { filePath: '/home/dev/.aws/credentials' })?.rule).toBe(GUARD_RULES.secretPath);
    expect(call('read_many_files', { paths: ['README.md', 'deploy/key.pem'] })?.rule).toBe(GUARD_RULES.secretPath);
    expect(call('Read', { file_path: '/proc/self/environ' })?.rule).toBe(GUARD_RULES.secretPath);
    expect(call('read_many_files', { include: ['~/.ssh/*'] })?.rule).toBe(GUARD_RULES.secretPath);
  });

  it('a listing of names reads no content: LS, Glob and find over a credential location pass', () => {
    expect(call('ls', { path: '~/.ssh' })).toBeUndefined();
    expect(call('LS', { path: '/home/dev/.ssh' })).toBeUndefined();
    expect(call('Glob', { pattern: '*', path: '~/.ssh' })).toBeUndefined();
    expect(call('Glob', { pattern: '**/*.pem' })).toBeUndefined();
    expect(call('Glob', { pattern: '**/id_rsa' })).toBeUndefined();
    expect(call('find', { pattern: '.ssh/*', path: '~' })).toBeUndefined();
    // Its path is still read as a path: a NUL in it is refused.
    expect(call('LS', { path: '~/.ssh\u0000' })?.rule).toBe(GUARD_RULES.badInput);
  });

  it('a search over a directory holding a credential location denies it; ls and find return names only', () => {
    expect(call('Grep', { pattern: 'BEGIN', path: '~' })?.rule).toBe(GUARD_RULES.secretPath);
    expect(call('grep', { pattern: 'token', path: '/' })?.rule).toBe(GUARD_RULES.secretPath);
    expect(call('Grep', { pattern: 'BEGIN', path: '/home' })?.rule).toBe(GUARD_RULES.secretPath);
    expect(call('Grep', { pattern: 'BEGIN', path: '/root' })?.rule).toBe(GUARD_RULES.secretPath);
    expect(call('search_file_content', { pattern: 'token', path: '~/.config' })?.rule).toBe(GUARD_RULES.secretPath);
    expect(call('Grep', { pattern: 'BEGIN', glob: '*.pem' })?.rule).toBe(GUARD_RULES.secretPath);
    expect(call('LS', { path: HOME })).toBeUndefined();
    expect(call('find', { pattern: '*.ts', path: '~' })).toBeUndefined();
    expect(call('Glob', { pattern: '**/*', path: HOME })).toBeUndefined();
  });

  it('a search over a WSL drive’s Windows homes, or over system credential locations, denies it', () => {
    expect(call('Grep', { pattern: 'aws_secret_access_key', path: '/mnt/c/Users/dev' })?.rule).toBe(GUARD_RULES.secretPath);
    expect(call('Grep', { pattern: 'x', path: '/mnt/c/Users' })?.rule).toBe(GUARD_RULES.secretPath);
    expect(call('Grep', { pattern: 'x', path: '/mnt/c' })?.rule).toBe(GUARD_RULES.secretPath);
    expect(call('Grep', { pattern: 'PRIVATE KEY', path: '/etc/ssh' })?.rule).toBe(GUARD_RULES.secretPath);
    expect(call('Grep', { pattern: 'root', path: '/etc' })?.rule).toBe(GUARD_RULES.secretPath);
    expect(call('Grep', { pattern: 'x', path: '/etc/ssl/private' })?.rule).toBe(GUARD_RULES.secretPath);
    expect(call('Grep', { pattern: 'x', path: '/run/secrets' })?.rule).toBe(GUARD_RULES.secretPath);
    // Neighbours: a project on the Windows drive, public certificates, a service's config, logs.
    expect(call('Grep', { pattern: 'x', path: '/mnt/c/Users/dev/project/src' })).toBeUndefined();
    expect(call('Grep', { pattern: 'x', path: '/mnt/c/work' })).toBeUndefined();
    expect(call('Grep', { pattern: 'x', path: '/etc/ssl/certs' })).toBeUndefined();
    expect(call('Grep', { pattern: 'server_name', path: '/etc/nginx' })).toBeUndefined();
    expect(call('Grep', { pattern: 'error', path: '/var/log' })).toBeUndefined();
  });

  it('a search filter aimed at credentials however it is written: \\ as an escape or a separator, a class, nested or many braces', () => {
    const many = Array.from({ length: 70 }, (_, i) => `x${i}`).join(',');
    const filter = (glob: string) => call('Grep', { pattern: 'x', glob });
    for (const glob of ['[\\.]env', '\\.env', 'keys\\*.pem', '[.]env', '.[e]nv', 'id_rs?', 'id_[r]sa', '{a,{b,*.pem}}', '{*.pem', `*.{${many},pem}`, `{${many}}.{txt,pem}`, 'a{,b}/*.pem']) {
      expect(filter(glob)?.rule, glob.slice(0, 40)).toBe(GUARD_RULES.secretPath);
    }
    expect(filter(`*.{${many},pem}`)?.reason).toMatch(/selects credential files \(policy: secretBasenamePatterns: \*\.pem\)$/);
    for (const glob of ['src\\*.ts', '*.pem}', '{a,b}', `*.{${many}}`, `*.{${many},ts}`, `{${many}}.ts`]) expect(filter(glob), glob.slice(0, 40)).toBeUndefined();
    // A path glob past the bound of 64 alternatives is still read whole.
    expect(call('read_many_files', { include: [`~/{${many},.ssh}/id_rsa`] })?.rule).toBe(GUARD_RULES.secretPath);
    expect(call('read_many_files', { include: [`src/{${many}}/*.ts`] })).toBeUndefined();
  });

  it('a path glob is read as a glob, and searches from its first component that holds one', () => {
    expect(call('read_many_files', { include: ['src/*.pe?'] })?.reason).toBe(
      'read_many_files of /home/dev/project/src/*.pe? names a credential (policy: secretBasenamePatterns: *.pem)',
    );
    expect(call('read_many_files', { include: ['src/*.t?'] })).toBeUndefined();
    expect(call('read_many_files', { include: ['~/.config/x*.md'] })?.reason).toBe(
      'read_many_files over /home/dev/.config reaches the credential location /home/dev/.config/gh/hosts.yml (policy: secretPathFragments)',
    );
    expect(call('read_many_files', { include: ['~/.config/nvim/x*.md'] })).toBeUndefined();
  });

  it('a search without a path searches the cwd', () => {
    expect(guard.decide({ tool: 'Grep', input: { pattern: 'x' }, cwd: HOME })?.rule).toBe(GUARD_RULES.secretPath);
    expect(guard.decide({ tool: 'Grep', input: { pattern: 'x' }, cwd: CWD })).toBeUndefined();
  });

  it('ordinary reads pass, and a tool with no path argument is not a reader', () => {
    expect(call('Read', { file_path: 'src/index.ts' })).toBeUndefined();
    expect(call('Grep', { pattern: 'id_rsa', path: 'src', glob: '*.ts' })).toBeUndefined();
    expect(call('WebSearch', { query: 'cat ~/.ssh/id_rsa' })).toBeUndefined();
    expect(call('TodoWrite', { todos: [] })).toBeUndefined();
  });

  it('follows the policy’s lists', () => {
    const custom = guardWith({ policy: { secretPathFragments: ['/vault/'], secretBasenamePatterns: [] } }).guard;
    expect(custom.decide({ tool: 'Read', input: { file_path: 'vault/token' }, cwd: CWD })?.rule).toBe(GUARD_RULES.secretPath);
    expect(custom.decide({ tool: 'Read', input: { file_path: '.env' }, cwd: CWD })).toBeUndefined();
  });
});

describe('denyCannotVouch and denyInlineInterpreters', () => {
  const findings = { 'eval "$X"': [finding('cannot-vouch', 'vouch.dynamic-script')], 'python -c 1': [finding('info', 'interp.inline')] };

  it('denyCannotVouch: false lets a cannot-vouch finding pass, and nothing else', () => {
    const { guard } = guardWith({ findings: { ...findings, both: [finding('cannot-vouch', 'vouch.limit'), finding('secret', 'secret.path')] }, policy: { denyCannotVouch: false } });
    expect(guard.decide(bash('eval "$X"'))).toBeUndefined();
    expect(guard.decide(bash('both'))?.rule).toBe('secret.path');
    expect(guardWith({ findings }).guard.decide(bash('eval "$X"'))?.rule).toBe('vouch.dynamic-script');
  });

  it('denyInlineInterpreters: true denies the interp.inline info finding', () => {
    expect(guardWith({ findings }).guard.decide(bash('python -c 1'))).toBeUndefined();
    expect(guardWith({ findings, policy: { denyInlineInterpreters: true } }).guard.decide(bash('python -c 1'))?.rule).toBe('interp.inline');
  });

  it('defaultBashTimeoutSeconds: the value, in the host’s unit; 0 injects none', () => {
    const ms = guardWith({ policy: { defaultBashTimeoutSeconds: 30 } }).guard;
    expect(ms.inspect(bash('ls')).input).toMatchObject({ timeout: 30_000 });
    const s = guardWith({ policy: { defaultBashTimeoutSeconds: 30 }, dependencies: { timeoutUnit: 's' } }).guard;
    expect(s.inspect(bash('ls')).input).toMatchObject({ timeout: 30 });
    const none = guardWith({ policy: { defaultBashTimeoutSeconds: 0 } }).guard;
    expect(none.inspect(bash('ls')).input).toEqual({ command: 'ls' });
  });

  it('shellTools: a tool named there is a shell, in its dialect; one left out is read by what its name says', () => {
    const { guard, seen } = guardWith({ policy: { shellTools: { Shell: 'powershell' } } });
    guard.decide({ tool: 'shell', input: { command: 'Get-Date' }, cwd: CWD });
    expect(seen).toEqual([{ command: 'Get-Date', shell: 'powershell', cwd: CWD, home: HOME }]);
    // A tool whose name says it runs commands is a bash shell tool though the policy left it out (fail closed):
    // Codex's \`shell\` argv, Gemini's run_shell_command, a host's exec_command.
    guard.decide(bash('ls'));
    guard.decide({ tool: 'exec_command', input: { cmd: 'git status', workdir: CWD }, cwd: CWD });
    expect(seen.slice(1)).toEqual([
      { command: 'ls', shell: 'bash', cwd: CWD, home: HOME },
      { command: 'git status', shell: 'bash', cwd: CWD, home: HOME },
    ]);
    // One whose name says nothing of the kind is no shell, whatever its input holds.
    expect(guard.decide({ tool: 'Task', input: { command: 'curl x', prompt: 'x' }, cwd: CWD })).toBeUndefined();
    expect(seen).toHaveLength(3);
  });
});

describe('examples: a policy that tests itself', () => {
  const findings = { 'curl x': [finding('egress', 'egress.binary', 'curl is a network client')] };

  it('accepts a policy whose examples hold, commands and whole calls alike', () => {
    expect(() =>
      guardWith({ findings, policy: { examples: { deny: ['curl x', { tool: 'Read', input: { file_path: '~/.ssh/id_rsa' } }], pass: ['ls'] } } }),
    ).not.toThrow();
  });

  it('refuses one whose deny example passes, or whose pass example is denied, naming it', () => {
    expect(() => guardWith({ findings, policy: { examples: { deny: ['ls'], pass: [] } } })).toThrow(
      new PolicyError('policy: examples.deny[0]: "ls" passed, but the policy says it is denied'),
    );
    expect(() => guardWith({ findings, policy: { examples: { deny: [], pass: ['ls', 'curl x'] } } })).toThrow(
      new PolicyError('policy: examples.pass[1]: "curl x" was denied (egress.binary: curl is a network client), but the policy says it passes'),
    );
  });

  it('checks them under the policy itself, not the host’s tool list', () => {
    const policy = { examples: { deny: ['curl x'], pass: ['ls'] } };
    expect(() => guardWith({ findings, policy, dependencies: { hostTools: [] } })).not.toThrow();
  });
});

describe('records', () => {
  it('one JSON line per verdict: denials at warn, passes at debug, with the subject and the time spent', () => {
    let t = Date.UTC(2026, 0, 2, 3, 4, 5);
    const { guard, records } = guardWith({
      findings: { 'curl x': [finding('egress', 'egress.binary', 'curl is a network client')] },
      dependencies: {
        now: () => {
          t += 0.25;
          return t;
        },
      },
    });
    guard.decide({ ...bash('curl x'), id: 'toolu_1' });
    guard.inspect({ tool: 'Read', input: { file_path: 'README.md' }, cwd: CWD });
    expect(records).toEqual([
      {
        time: '2026-01-02T03:04:05.000Z',
        level: 'warn',
        tool: 'bash',
        id: 'toolu_1',
        verdict: 'block',
        rule: 'egress.binary',
        reason: 'curl is a network client',
        subject: 'curl x',
        durationUs: 250,
      },
      {
        time: '2026-01-02T03:04:05.000Z',
        level: 'debug',
        tool: 'read',
        id: null,
        verdict: 'pass',
        rule: null,
        reason: null,
        subject: 'README.md',
        durationUs: 250,
      },
    ]);
    expect(JSON.parse(JSON.stringify(records))).toEqual(records);
  });

  it('a file tool’s subject is every path and filter it names; a patch’s, every file it writes, a move’s both ends', () => {
    const { guard, records } = guardWith();
    guard.decide({ tool: 'Grep', input: { pattern: 'TODO', path: 'src', glob: ['*.ts', '*.md'] }, cwd: CWD });
    guard.decide({ tool: 'apply_patch', input: '*** Begin Patch\n*** Add File: a.txt\n+x\n*** Update File: b.ts\n*** Move to: c.ts\n@@\n-a\n+b\n*** Update File: d.ts\n@@\n-a\n+b\n*** End Patch', cwd: CWD });
    guard.decide({ tool: 'apply_patch', input: '*** Begin Patch\n*** Add File: a.txt\n*** End Patch\nx', cwd: CWD });
    expect(records.map((r) => r.subject)).toEqual(['src *.ts *.md', 'a.txt b.ts c.ts d.ts', 'apply_patch']);
  });

  it('a long subject is cut at 512 characters and marked; a clock that goes back records no negative time', () => {
    let t = 1_000_000;
    const { guard, records } = guardWith({ dependencies: { now: () => (t -= 5) } });
    const long = `echo ${'y'.repeat(600)}`;
    guard.decide(bash(long));
    guard.decide(bash(long.slice(0, 512)));
    expect(records.map((r) => r.subject)).toEqual([`${long.slice(0, 512)}…`, long.slice(0, 512)]);
    expect(records.map((r) => r.durationUs)).toEqual([0, 0]);
  });

  it('a sink that throws does not change the verdict', () => {
    const { guard } = guardWith({
      dependencies: {
        sink: () => {
          throw new Error('disk full');
        },
      },
    });
    expect(guard.decide(bash('ls'))).toBeUndefined();
  });
});

describe('decide never throws', () => {
  it('refuses malformed calls with a reason: wrong types, missing fields, huge strings', () => {
    const { guard, records } = guardWith();
    const calls: unknown[] = [
      undefined,
      null,
      'bash',
      42,
      [],
      {},
      { tool: 'bash' },
      { tool: 'bash', cwd: CWD },
      { tool: 'bash', input: null, cwd: CWD },
      { tool: 'bash', input: { command: 42 }, cwd: CWD },
      { tool: 'bash', input: { command: '' }, cwd: CWD },
      { tool: 'bash', input: { command: 'ls' }, cwd: 'relative/dir' },
      { tool: 'bash', input: { command: 'ls' } },
      { tool: 42, input: { command: 'ls' }, cwd: CWD },
      { tool: 'bash', input: { command: 'ls', timeout: 'soon' }, cwd: CWD },
      { tool: 'bash', input: { command: 'x'.repeat(10_000_000) }, cwd: CWD },
      { tool: 'Write', input: { file_path: 'a'.repeat(100_000), content: '' }, cwd: CWD },
      { tool: 'x'.repeat(100_000), input: {}, cwd: CWD },
    ];
    for (const call of calls) {
      const v = guard.decide(call as never);
      expect(v?.rule, JSON.stringify(call)?.slice(0, 80)).toBe(GUARD_RULES.badInput);
      expect(v?.reason.length).toBeGreaterThan(10);
    }
    expect(records).toHaveLength(calls.length);
  });

  it('an input whose getters throw, or an analyzer that throws, is a denial', () => {
    const { guard } = guardWith();
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
        ownKeys() {
          throw new Error('trap');
        },
      },
    );
    // The input is copied before it is judged; one that cannot be read as data is refused, with the trap's message.
    for (const tool of ['bash', 'read']) {
      const v = guard.decide({ tool, input: hostile, cwd: CWD });
      expect(v?.rule).toBe(GUARD_RULES.badInput);
      expect(v?.reason).toContain('trap');
    }
    const throwing: Analyzer = {
      ...fakeAnalyzer().analyzer,
      withConfig: () => throwing,
      analyze: () => {
        throw new Error('boom');
      },
    };
    const v = createGuard({ analyzer: throwing, dependencies: { home: HOME } }).decide(bash('ls'));
    expect(v).toEqual({ block: true, rule: GUARD_RULES.internalError, reason: 'the guard failed on this call, so it is denied: boom' });
  });

  it('fuzzed calls: never a throw; a verdict is undefined or a denial with a declared rule and a reason', () => {
    const findings = { curl: [finding('egress', 'egress.binary')] };
    const { guard } = guardWith({ findings });
    const declared = new Set<string>([...Object.values(GUARD_RULES), 'egress.binary']);
    const tools = fc.constantFrom('bash', 'Bash', 'powershell', 'Write', 'edit', 'Read', 'Grep', 'ls', 'apply_patch', 'mcp__x__y');
    const value = fc.oneof(fc.anything(), fc.string(), fc.constantFrom('~', '/', '.env', '../..', '~/.ssh/id_rsa', 'curl'));
    const input = fc.oneof(
      fc.anything(),
      fc.dictionary(fc.constantFrom('command', 'file_path', 'path', 'paths', 'pattern', 'glob', 'timeout', 'workdir', 'input', 'content'), value),
    );
    const call = fc.record({ tool: fc.oneof(tools, fc.anything()), input, cwd: fc.oneof(fc.constant(CWD), fc.anything()), id: fc.anything() }, { requiredKeys: [] });
    fc.assert(
      fc.property(call, (c) => {
        const v = guard.decide(c as never);
        if (v === undefined) return;
        expect(v.block).toBe(true);
        expect(declared.has(v.rule), v.rule).toBe(true);
        expect(typeof v.reason === 'string' && v.reason.length > 0).toBe(true);
      }),
      seeded('guard fuzzed calls', 2000, SEED),
    );
  });

  it('fuzzed shell and file calls with a malformed input are all denied', () => {
    const { guard } = guardWith();
    const notString = fc.anything().filter((v) => typeof v !== 'string' && !(Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string')));
    fc.assert(
      fc.property(fc.constantFrom('bash', 'powershell', 'Write', 'Edit'), notString, (tool, bad) => {
        const key = tool === 'bash' || tool === 'powershell' ? 'command' : 'file_path';
        expect(guard.decide({ tool, input: { [key]: bad }, cwd: CWD })?.block).toBe(true);
      }),
      seeded('guard malformed inputs', 500, SEED),
    );
  });
});

describe('the shape of a shell call, and what the user is told when it is wrong', () => {
  const reasonOf = (input: unknown, tool = 'bash') => guardWith().guard.decide({ tool, input, cwd: CWD } as never);

  it('names what the input or its command is, when it is not what a shell tool takes', () => {
    const cases: [unknown, string][] = [
      [null, 'shell tool input must be an object with a `command` string, found null'],
      [['ls'], 'shell tool input must be an object with a `command` string, found an array'],
      ['ls -la', 'shell tool input must be an object with a `command` string, found a string of 6 characters'],
      [7, 'shell tool input must be an object with a `command` string, found a number'],
      [{ command: null }, '`command` must be a string, found null'],
      [{}, '`command` must be a string, found none (the key is missing)'],
      [{ cmd: 'ls' }, '`command` must be a string, found none (the key is missing)'],
      [{ command: true }, '`command` must be a string, found a boolean'],
      [{ command: [] }, '`command` must be a string, found an array'],
      [{ command: ['ls', 7] }, '`command` must be a string, found an array'],
      [{ command: '  \n\t' }, '`command` is empty'],
      [{ command: 'ls', timeout: -1 }, '`timeout` must be a non-negative number, found a number'],
      [{ command: 'ls', timeout: '30' }, '`timeout` must be a non-negative number, found a string of 2 characters'],
      [{ command: 'ls', timeout: [30] }, '`timeout` must be a non-negative number, found an array'],
    ];
    for (const [input, reason] of cases) expect(reasonOf(input), JSON.stringify(input)).toEqual({ block: true, rule: GUARD_RULES.badInput, reason });
  });

  it('reads an argv list in bash only: PowerShell takes its command as one string', () => {
    expect(reasonOf({ command: ['Get-ChildItem'] }, 'powershell')).toEqual({ block: true, rule: GUARD_RULES.badInput, reason: '`command` must be a string, found an array' });
    expect(reasonOf({ command: ['ls', '-la'] }, 'bash')).toBeUndefined();
  });

  it('a timeout of 0 is a timeout the caller set; a command of the longest length the guard reads is read', () => {
    const { guard, seen } = guardWith();
    expect(guard.inspect(bash('ls', { timeout: 0 })).input).toEqual({ command: 'ls', timeout: 0 });
    const longest = `echo ${'x'.repeat(256 * 1024 - 5)}`;
    expect(guard.decide(bash(longest))).toBeUndefined();
    expect(seen.map((s) => s.command.length)).toEqual([2, 256 * 1024]);
    expect(guard.decide(bash(`${longest}x`))).toEqual({
      block: true,
      rule: GUARD_RULES.badInput,
      reason: `\`command\` is ${256 * 1024 + 1} characters; the guard reads at most ${256 * 1024}`,
    });
  });
});

describe('the input as the guard copies it', () => {
  it('an input that cannot be copied as JSON is refused, saying why', () => {
    const { guard } = guardWith();
    const circular: Record<string, unknown> = { file_path: 'a.ts' };
    circular.self = circular;
    const v = guard.decide({ tool: 'Read', input: circular, cwd: CWD });
    expect(v?.rule).toBe(GUARD_RULES.badInput);
    expect(v?.reason).toMatch(/^read: the input cannot be read as JSON data \(.*circular/i);
    const thrown = guard.decide({ tool: 'Read', input: { toJSON: () => { throw 'no JSON here'; } }, cwd: CWD });
    expect(thrown).toEqual({ block: true, rule: GUARD_RULES.badInput, reason: 'read: the input cannot be read as JSON data (no JSON here)' });
    expect(guard.decide({ tool: 'Read', input: () => 'a.ts', cwd: CWD })).toEqual({
      block: true,
      rule: GUARD_RULES.badInput,
      reason: 'read: the input is function, not JSON data',
    });
  });

  it('a call with no input at all is judged as one (a tool without arguments passes; a shell tool needs its command)', () => {
    const { guard } = guardWith();
    expect(guard.inspect({ tool: 'TodoRead', cwd: CWD } as never)).toEqual({ verdict: undefined, input: undefined });
    expect(guard.decide({ tool: 'bash', cwd: CWD } as never)?.rule).toBe(GUARD_RULES.badInput);
  });

  it('an input of up to 16 MB of JSON is read, a larger one refused with its size', () => {
    const { guard } = guardWith();
    const MAX = 16 * 1024 * 1024;
    const sized = (chars: number) => ({ note: 'x'.repeat(chars - '{"note":""}'.length) });
    expect(guard.decide({ tool: 'TodoWrite', input: sized(MAX), cwd: CWD })).toBeUndefined();
    expect(guard.decide({ tool: 'TodoWrite', input: sized(MAX + 1), cwd: CWD })).toEqual({
      block: true,
      rule: GUARD_RULES.badInput,
      reason: `todowrite: the input is ${MAX + 1} characters of JSON; the guard reads at most ${MAX}`,
    });
  });
});

describe('paths and directories, in POSIX and Windows spellings', () => {
  it('a cwd must be absolute: /x, C:\\x, C:/x and \\\\server\\share are; C:x, x/C:/ and ./x are not', () => {
    const { guard } = guardWith({ policy: { writeRoots: ['/'] } });
    for (const cwd of ['/srv', 'C:\\Users\\dev', 'c:/users/dev', '\\\\server\\share']) expect(guard.decide({ tool: 'Read', input: { file_path: 'a.txt' }, cwd }), cwd).toBeUndefined();
    for (const cwd of ['C:Users', 'x/C:/', './srv', 'srv/', '', '1:/x']) {
      expect(guard.decide({ tool: 'Read', input: { file_path: 'a.txt' }, cwd }), cwd).toEqual({
        block: true,
        rule: GUARD_RULES.badInput,
        reason: `\`cwd\` must be an absolute path, found ${JSON.stringify(cwd)}`,
      });
    }
  });

  it('the home must be absolute too, and says so when it is not', () => {
    const make = (home: string) => () => createGuard({ analyzer: fakeAnalyzer().analyzer, dependencies: { home } });
    expect(make('~')).toThrow(new PolicyError('dependencies.home must be an absolute path, found "~"'));
    expect(make('home/dev')).toThrow(PolicyError);
    for (const home of ['/home/dev', 'C:\\Users\\dev', 'D:/Users/dev', '\\\\server\\home\\dev']) expect(make(home), home).not.toThrow();
  });

  it('on a Windows host, a search over another user’s home, the Users directory or a drive’s root reaches credentials', () => {
    const { guard } = guardWith({ dependencies: { home: 'C:\\Users\\dev' } });
    const grep = (path: string) => guard.decide({ tool: 'Grep', input: { pattern: 'x', path }, cwd: 'C:\\Users\\dev\\project' });
    expect(grep('C:\\Users\\other')).toEqual({
      block: true,
      rule: GUARD_RULES.secretPath,
      reason: 'grep over /c:/users/other reaches the credential location /c:/users/other/.ssh (policy: secretPathFragments)',
    });
    expect(grep('D:\\Users\\x')?.rule).toBe(GUARD_RULES.secretPath);
    expect(grep('D:\\')).toEqual({
      block: true,
      rule: GUARD_RULES.secretPath,
      reason: 'grep over /d:/ reaches the credential location the home directories beneath /d:/ (policy: secretPathFragments)',
    });
    for (const path of ['C:\\', 'C:\\Users', 'C:\\Users\\dev', 'd:/users']) expect(grep(path), path).toMatchObject({ rule: GUARD_RULES.secretPath });
    // Neighbours: a project in another user's home, a work directory on the drive.
    for (const path of ['C:\\Users\\other\\src', 'C:\\work', 'D:\\data', 'C:\\Users\\dev\\project']) expect(grep(path), path).toBeUndefined();
  });

  it('a Windows path meets the lists in any case and with either slash', () => {
    const { guard } = guardWith({ policy: { writeRoots: ['C:\\Users\\Dev\\Project'] }, dependencies: { home: 'C:\\Users\\Dev' } });
    const at = 'C:\\Users\\Dev\\Project';
    const write = (file_path: string) => guard.decide({ tool: 'Write', input: { file_path, content: '' }, cwd: at });
    expect(write('C:\\Users\\Dev\\Project\\src\\a.ts')).toBeUndefined();
    expect(write('c:/users/dev/project/src/a.ts')).toBeUndefined();
    expect(write('src\\a.ts')).toBeUndefined();
    expect(write('C:\\Users\\Dev\\Project-evil\\a.ts')?.rule).toBe(GUARD_RULES.writeOutsideRoots);
    expect(write('C:\\Users\\Dev\\.bashrc')?.rule).toBe(GUARD_RULES.writeOutsideRoots);
    expect(write('C:\\Users\\Dev\\Project\\.GIT\\config')?.rule).toBe(GUARD_RULES.protectedWrite);
    expect(write('C:\\Users\\Dev\\Project\\.ENV')?.rule).toBe(GUARD_RULES.secretPath);
    const read = (file_path: string) => guard.decide({ tool: 'Read', input: { file_path }, cwd: at });
    expect(read('C:\\USERS\\DEV\\.SSH\\ID_RSA')?.rule).toBe(GUARD_RULES.secretPath);
    expect(read('~\\.ssh\\id_rsa')?.rule).toBe(GUARD_RULES.secretPath);
    expect(read('C:\\Users\\Dev\\.ssh\\id_rsa.pub')).toBeUndefined();
  });
});

describe('which finding decides, when a line has several', () => {
  it('destructive after write and before cannot-vouch; a kind the guard does not know still denies, after them all', () => {
    const { guard } = guardWith({
      findings: {
        a: [finding('cannot-vouch', 'vouch.limit'), finding('destructive', 'destructive.delete')],
        b: [finding('destructive', 'destructive.delete'), finding('write', 'write.protected')],
        c: [finding('mystery' as FindingKind, 'future.rule'), finding('cannot-vouch', 'vouch.limit')],
        d: [finding('mystery' as FindingKind, 'future.rule')],
        e: [finding('secret', 'secret.path'), finding('env-dump', 'env.dump')],
        f: [finding('write', 'write.protected'), finding('secret', 'secret.path')],
      },
    });
    expect(guard.decide(bash('a'))?.rule).toBe('destructive.delete');
    expect(guard.decide(bash('b'))?.rule).toBe('write.protected');
    expect(guard.decide(bash('c'))?.rule).toBe('vouch.limit');
    expect(guard.decide(bash('d'))).toEqual({ block: true, rule: 'future.rule', reason: 'future.rule seen' });
    expect(guard.decide(bash('e'))?.rule).toBe('env.dump');
    expect(guard.decide(bash('f'))?.rule).toBe('secret.path');
  });

  it('an inline interpreter, when the policy denies it, decides last: after every other kind, even one it does not know', () => {
    const { guard } = guardWith({
      findings: {
        a: [finding('info', 'interp.inline'), finding('mystery' as FindingKind, 'future.rule')],
        b: [finding('info', 'interp.inline'), finding('cannot-vouch', 'vouch.limit')],
        c: [finding('info', 'other.info'), finding('info', 'interp.inline', 'python -c runs inline code')],
      },
      policy: { denyInlineInterpreters: true },
    });
    expect(guard.decide(bash('a'))?.rule).toBe('future.rule');
    expect(guard.decide(bash('b'))?.rule).toBe('vouch.limit');
    expect(guard.decide(bash('c'))).toEqual({ block: true, rule: 'interp.inline', reason: 'python -c runs inline code' });
  });

  it('with cannot-vouch let pass, the next kind decides, and an inline interpreter still denies when asked', () => {
    const { guard } = guardWith({
      findings: { a: [finding('cannot-vouch', 'vouch.limit'), finding('info', 'interp.inline')] },
      policy: { denyCannotVouch: false, denyInlineInterpreters: true },
    });
    expect(guard.decide(bash('a'))?.rule).toBe('interp.inline');
  });
});

describe('a policy’s examples run as the user would call the tools', () => {
  const findings = { 'curl x': [finding('egress', 'egress.binary', 'curl is a network client')] };

  it('a command example runs in the first bash-dialect shell tool, from the home', () => {
    const { seen } = guardWith({ findings, policy: { shellTools: { PowerShell: 'powershell', sh: 'bash' }, examples: { deny: ['curl x'], pass: [] } } });
    expect(seen).toEqual([{ command: 'curl x', shell: 'bash', cwd: HOME, home: HOME }]);
    const ps = guardWith({ findings, policy: { shellTools: { PowerShell: 'powershell' }, examples: { deny: ['curl x'], pass: [] } } }).seen;
    expect(ps).toEqual([{ command: 'curl x', shell: 'powershell', cwd: HOME, home: HOME }]);
  });

  it('without a home, the home (and an example’s cwd) is /root', () => {
    const fake = fakeAnalyzer(findings);
    createGuard({ analyzer: fake.analyzer, policy: { examples: { deny: ['curl x'], pass: [] } } });
    expect(fake.seen).toEqual([{ command: 'curl x', shell: 'bash', cwd: '/root', home: '/root' }]);
  });

  it('a command example with no shell tool to run it in is refused, saying so', () => {
    expect(() => guardWith({ findings, policy: { shellTools: {}, examples: { deny: [], pass: ['ls'] } } })).toThrow(
      new PolicyError('policy: examples.pass[0]: a command example needs a shell tool in shellTools'),
    );
  });

  it('a whole-call example runs in its own cwd when it names one, else in the home', () => {
    const at = (cwd?: string) => ({ tool: 'Write', input: { file_path: '/srv/app/a.ts', content: '' }, ...(cwd ? { cwd } : {}) });
    expect(() => guardWith({ policy: { examples: { deny: [at()], pass: [at('/srv/app')] } } })).not.toThrow();
    expect(() => guardWith({ policy: { examples: { deny: [at('/srv/app')], pass: [] } } })).toThrow(
      new PolicyError('policy: examples.deny[0]: {"tool":"Write","input":{"file_path":"/srv/app/a.ts","content":""},"cwd":"/srv/app"} passed, but the policy says it is denied'),
    );
  });
});

describe('createGuard refuses options it cannot honour, saying which', () => {
  it('an options argument that is not an object', () => {
    for (const opts of [null, 'analyzer', 42]) {
      expect(() => createGuard(opts as never), String(opts)).toThrow(
        new TypeError('createGuard needs an options object: createGuard({ analyzer: await createAnalyzer() })'),
      );
    }
  });

  it('one tool named twice in shellTools with two dialects; twice with one dialect is the same tool', () => {
    expect(() => guardWith({ policy: { shellTools: { Bash: 'bash', bash: 'powershell' } } })).toThrow(
      new PolicyError('policy: key "shellTools.bash" names the tool "bash" a second time with another dialect'),
    );
    const { guard, seen } = guardWith({ policy: { shellTools: { Bash: 'bash', bash: 'bash' } } });
    guard.decide({ tool: 'BASH', input: { command: 'ls' }, cwd: CWD });
    expect(seen).toEqual([{ command: 'ls', shell: 'bash', cwd: CWD, home: HOME }]);
  });
});

describe('the host’s tool list, as the user is told of it', () => {
  const reason = (hostTools: GuardDependencies['hostTools'], policy: Partial<GuardPolicy> = {}) => {
    const v = guardWith({ policy, dependencies: { hostTools } }).guard.decide(bash('ls'));
    expect(v?.rule).toBe(GUARD_RULES.hostTools);
    return v?.reason;
  };

  it('a list that cannot be read says why, and that every call waits for it', () => {
    const throws = (e: unknown) => () => {
      throw e;
    };
    expect(reason(throws(new Error('registry not ready')))).toBe("the host's tool list could not be read (registry not ready); every call is denied until it can");
    expect(reason(throws('offline'))).toBe("the host's tool list could not be read (offline); every call is denied until it can");
    expect(reason((() => 'bash') as never)).toBe("the host's tool list could not be read (it is a string of 4 characters, not a list of names); every call is denied until it can");
    expect(reason(['bash', 7] as never)).toBe("the host's tool list could not be read (it is an array, not a list of names); every call is denied until it can");
    expect(reason(null as never)).toBe("the host's tool list could not be read (it is null, not a list of names); every call is denied until it can");
  });

  it('a shell tool the host lacks is named, with the host’s tools (the first 20), or none', () => {
    expect(reason(['Bash', 'Read'])).toBe(
      'the policy names shell tool(s) powershell that the host does not register (host tools: bash, read); fix policy.shellTools — every call is denied until it matches',
    );
    expect(reason([])).toBe(
      'the policy names shell tool(s) bash, powershell that the host does not register (host tools: none); fix policy.shellTools — every call is denied until it matches',
    );
    const many = Array.from({ length: 25 }, (_, i) => `tool${i}`);
    expect(reason(many, { shellTools: { bash: 'bash' } })).toBe(
      `the policy names shell tool(s) bash that the host does not register (host tools: ${many.slice(0, 20).join(', ')}); fix policy.shellTools — every call is denied until it matches`,
    );
  });

  it('a host that registers every shell tool, in any case, passes', () => {
    expect(guardWith({ dependencies: { hostTools: () => ['BASH', 'PowerShell'] } }).guard.decide(bash('ls'))).toBeUndefined();
  });
});

describe('the injected checkCommand, as the user is told of it', () => {
  const decide = (checkCommand: unknown, call = bash('ls')) => guardWith({ dependencies: { checkCommand: checkCommand as never } }).guard.decide(call);

  it('a throw is a denial that carries its message', () => {
    expect(
      decide(() => {
        throw new Error('db locked');
      }),
    ).toEqual({ block: true, rule: GUARD_RULES.dependency, reason: 'the injected checkCommand failed, so the command is not allowed: db locked' });
    expect(
      decide(() => {
        throw 'plain text';
      }),
    ).toEqual({ block: true, rule: GUARD_RULES.dependency, reason: 'the injected checkCommand failed, so the command is not allowed: plain text' });
  });

  it('an answer out of shape is named', () => {
    const said = (answer: unknown) => decide(() => answer)?.reason;
    expect(said(null)).toBe("the injected checkCommand answered null, not {kind: 'allow' | 'deny'}");
    expect(said({ kind: 'maybe' })).toBe("the injected checkCommand answered a object, not {kind: 'allow' | 'deny'}");
    expect(said(['allow'])).toBe("the injected checkCommand answered an array, not {kind: 'allow' | 'deny'}");
    expect(said('allow')).toBe("the injected checkCommand answered a string of 5 characters, not {kind: 'allow' | 'deny'}");
  });

  it('a denial with no reason or rule gets the guard’s; an allow passes on to vouch’s own reading', () => {
    expect(decide(() => ({ kind: 'deny', reason: '', ruleId: '' }))).toEqual({
      block: true,
      rule: GUARD_RULES.dependency,
      reason: 'the injected checkCommand denied this command',
    });
    expect(decide(() => ({ kind: 'deny', reason: 7, ruleId: 7 }))).toEqual({ block: true, rule: GUARD_RULES.dependency, reason: 'the injected checkCommand denied this command' });
    expect(decide(() => ({ kind: 'allow' }))).toBeUndefined();
  });

  it('is asked in the directory the tool runs in', () => {
    const asked: unknown[] = [];
    decide((c: unknown) => {
      asked.push(c);
      return { kind: 'allow' };
    }, bash('make', { workdir: 'sub' }));
    expect(asked).toEqual([{ command: 'make', cwd: `${CWD}/sub` }]);
  });
});

describe('each file-tool denial, in the words the user reads', () => {
  const files = new Map<string, number>([[`${CWD}/src/a.ts`, 1000]]);
  const fs = (p: string) => (files.has(p) ? { mtimeMs: files.get(p)!, size: 1, isFile: true } : undefined);
  const make = () => guardWith({ policy: { writeRoots: ['~'] }, dependencies: { fs } }).guard;
  const denial = (rule: string, reason: string) => ({ block: true, rule, reason });

  it('a path the guard cannot read: too long, holding a NUL, not a string, absent, too many', () => {
    const guard = make();
    const call = (tool: string, input: unknown) => guard.decide({ tool, input, cwd: CWD });
    expect(call('Write', { file_path: 'x'.repeat(4096), content: '' })).toBeUndefined();
    expect(call('Write', { file_path: 'x'.repeat(4097), content: '' })).toEqual(
      denial(GUARD_RULES.badInput, 'write: `file_path` is a string of 4097 characters; the guard reads paths of at most 4096'),
    );
    expect(call('Write', { file_path: 'a\0b', content: '' })).toEqual(
      denial(GUARD_RULES.badInput, 'write: `file_path` "a\\u0000b" is refused: it holds a NUL character, which no file name can'),
    );
    expect(call('Write', { file_path: 7 })).toEqual(denial(GUARD_RULES.badInput, 'write: file_path holds number, not a path; path arguments must be strings'));
    expect(call('Write', { content: 'x' })).toEqual(denial(GUARD_RULES.badInput, 'write: the input names no file path'));
    const paths = (n: number) => ({ paths: Array.from({ length: n }, (_, i) => `f${i}`) });
    expect(call('mcp__fs__read_multiple_files', paths(256))).toBeUndefined();
    expect(call('mcp__fs__read_multiple_files', paths(257))).toEqual(
      denial(GUARD_RULES.badInput, 'mcp__fs__read_multiple_files: 257 path arguments; the guard reads at most 256'),
    );
  });

  it('a shell tool’s own directory that is not a path', () => {
    const guard = make();
    const at = (workdir: unknown) => guard.decide(bash('ls', { workdir }));
    expect(at(7)).toEqual(denial(GUARD_RULES.badInput, '`workdir` must be a path, found a number'));
    expect(at('')).toEqual(denial(GUARD_RULES.badInput, '`workdir` must be a path, found one that is refused: it is empty'));
    expect(at('x'.repeat(4097))).toEqual(denial(GUARD_RULES.badInput, '`workdir` must be a path, found a string of 4097 characters'));
    expect(at('x'.repeat(4096))).toBeUndefined();
    expect(guard.decide(bash('ls', { cwd: 7 }))).toEqual(denial(GUARD_RULES.badInput, '`cwd` must be a path, found a number'));
    expect(guard.decide(bash('ls', { cd: 7 }))).toEqual(denial(GUARD_RULES.badInput, '`cd` must be a path, found a number'));
    expect(guard.decide(bash('ls', { workdir: 'src', cwd: 'docs' }))).toEqual(
      denial(GUARD_RULES.badInput, '`workdir` and `cwd` name different directories to run the command in: where it runs cannot be told'),
    );
    expect(guard.decide(bash('ls', { workdir: 'src', cwd: 'src' }))).toBeUndefined();
  });

  it('where a write lands: outside the roots, protected, persistence, a credential, the guard’s own setup', () => {
    const guard = make();
    const write = (file_path: string) => guard.decide({ tool: 'Write', input: { file_path, content: '' }, cwd: CWD });
    expect(write('/tmp/x')).toEqual(denial(GUARD_RULES.writeOutsideRoots, 'write to /tmp/x is outside the write roots (~) (policy: writeRoots)'));
    expect(write('.git/HEAD')).toEqual(denial(GUARD_RULES.protectedWrite, 'write to /home/dev/project/.git/head touches a protected path (policy: protectedWriteFragments: /.git/)'));
    expect(write('~/.ssh/config')).toEqual(
      denial(GUARD_RULES.persistenceWrite, 'write to /home/dev/.ssh/config installs something that runs later (policy: persistenceWriteDirectories: /.ssh/)'),
    );
    expect(write('.env')).toEqual(denial(GUARD_RULES.secretPath, 'write to /home/dev/project/.env names a credential (policy: secretBasenamePatterns: .env)'));
    expect(write('~/.claude/settings.json')).toEqual(
      denial(
        GUARD_RULES.selfProtection,
        "write to /home/dev/.claude/settings.json would change the guard's own setup, which could switch vouch off (policy: selfProtectedPaths: /.claude/settings.json)",
      ),
    );
  });

  it('what the agent has read: never, in part, or before it changed', () => {
    files.set(`${CWD}/src/a.ts`, 1000);
    const guard = make();
    const write = () => guard.decide({ tool: 'Write', input: { file_path: 'src/a.ts', content: '' }, cwd: CWD });
    expect(write()).toEqual(denial(GUARD_RULES.unreadWrite, 'write would replace /home/dev/project/src/a.ts, which exists and has not been read; read it first'));
    guard.tracker.recordRead(`${CWD}/src/a.ts`, { partial: true, mtimeMs: 1000 });
    expect(write()).toEqual(denial(GUARD_RULES.partialRead, 'write would replace /home/dev/project/src/a.ts, which was read only in part; read it whole first'));
    files.set(`${CWD}/src/a.ts`, 2000);
    expect(write()).toEqual(denial(GUARD_RULES.staleFile, '/home/dev/project/src/a.ts changed since it was read; read it again before writing it'));
    expect(guard.decide({ tool: 'Edit', input: { file_path: 'src/a.ts', old_string: 'a', new_string: 'b' }, cwd: CWD })).toEqual(
      denial(GUARD_RULES.staleFile, '/home/dev/project/src/a.ts changed since it was read; read it again before editing it'),
    );
    const failing = guardWith({
      dependencies: {
        fs: () => {
          throw new Error('EACCES');
        },
      },
    }).guard;
    expect(failing.decide({ tool: 'Edit', input: { file_path: 'src/a.ts', old_string: 'a', new_string: 'b' }, cwd: CWD })).toEqual(
      denial(GUARD_RULES.staleFile, 'edit /home/dev/project/src/a.ts: its state could not be read (EACCES)'),
    );
    // A host whose fs throws something that is not an Error is named as it is.
    const odd = guardWith({
      dependencies: {
        fs: () => {
          throw null;
        },
      },
    }).guard;
    expect(odd.decide({ tool: 'Edit', input: { file_path: 'src/a.ts', old_string: 'a', new_string: 'b' }, cwd: CWD })).toEqual(
      denial(GUARD_RULES.staleFile, 'edit /home/dev/project/src/a.ts: its state could not be read (null)'),
    );
  });

  it('an empty path names no file: a patch moving a file to nowhere is refused, saying so', () => {
    const guard = make();
    const patch = (move: string) => guard.decide({ tool: 'apply_patch', input: `*** Begin Patch\n*** Update File: src/b.ts\n*** Move to: ${move}\n@@\n-a\n+b\n*** End Patch`, cwd: CWD });
    expect(patch('')).toEqual(denial(GUARD_RULES.badInput, 'apply_patch: `update hunk` is empty'));
    expect(patch('c')).toBeUndefined();
  });

  it('a dotfile’s name in a project outside any home is a project file; in the project’s own directory it is not', () => {
    const { guard } = guardWith();
    const write = (file_path: string) => guard.decide({ tool: 'Write', input: { file_path, content: '' }, cwd: '/srv/app' });
    expect(write('dotfiles/.bashrc')).toBeUndefined();
    expect(write('docs/.profile')).toBeUndefined();
    expect(write('.bashrc')).toEqual(denial(GUARD_RULES.persistenceWrite, 'write to /srv/app/.bashrc installs something that runs later (policy: persistenceWriteDirectories: ~/.bashrc)'));
  });

  it('a patch deletes a file whatever the agent has read of it; it edits one only as last read', () => {
    files.set(`${CWD}/src/a.ts`, 1000);
    const guard = make();
    const patch = (body: string) => guard.decide({ tool: 'apply_patch', input: `*** Begin Patch\n${body}\n*** End Patch`, cwd: CWD });
    expect(patch('*** Delete File: src/a.ts')).toBeUndefined();
    guard.tracker.recordRead(`${CWD}/src/a.ts`, { partial: false, mtimeMs: 500 });
    expect(patch('*** Delete File: src/a.ts')).toBeUndefined();
    expect(patch('*** Update File: src/a.ts\n@@\n-a\n+b')).toEqual(
      denial(GUARD_RULES.staleFile, '/home/dev/project/src/a.ts changed since it was read; read it again before editing it'),
    );
  });

  it('a write root the host cannot resolve, or resolves to nothing, keeps its own spelling only', () => {
    for (const realpath of [(p: string) => (p === CWD ? '' : p), (p: string) => {
      if (p === CWD) throw new Error('EACCES');
      return p;
    }]) {
      const { guard } = guardWith({ dependencies: { realpath } });
      const write = (file_path: string) => guard.decide({ tool: 'Write', input: { file_path, content: '' }, cwd: CWD });
      expect(write('src/a.ts')).toBeUndefined();
      expect(write('/tmp/a.ts')).toEqual(denial(GUARD_RULES.writeOutsideRoots, `write to /tmp/a.ts is outside the write roots (${CWD}) (policy: writeRoots)`));
    }
  });

  it('a patch adds a file over one never read only as a write would; a hunk’s path is refused as the tools’ are', () => {
    files.set(`${CWD}/src/a.ts`, 1000);
    const guard = make();
    const patch = (body: string) => guard.decide({ tool: 'apply_patch', input: `*** Begin Patch\n${body}\n*** End Patch`, cwd: CWD });
    expect(patch('*** Add File: src/a.ts\n+x')).toEqual(
      denial(GUARD_RULES.unreadWrite, 'apply_patch would replace /home/dev/project/src/a.ts, which exists and has not been read; read it first'),
    );
    expect(patch('*** Update File: src/a.ts\n@@\n-a\n+b')).toBeUndefined();
    expect(patch('*** Add File: a\u0000b\n+x')).toEqual(
      denial(GUARD_RULES.badInput, 'apply_patch: `add hunk` "a\\u0000b" is refused: it holds a NUL character, which no file name can'),
    );
    expect(patch('*** Delete File: a\u0000b')?.reason).toMatch(/^apply_patch: `delete hunk` /);
  });

  it('a search with several filters is denied for the one aimed at credentials, naming it', () => {
    const guard = make();
    expect(guard.decide({ tool: 'Grep', input: { pattern: 'x', glob: ['*.ts', '*.pem'] }, cwd: CWD })).toEqual(
      denial(GUARD_RULES.secretPath, 'grep filtered by *.pem selects credential files (policy: secretBasenamePatterns: *.pem)'),
    );
    expect(guard.decide({ tool: 'Grep', input: { pattern: 'x', glob: ['*.ts', '*.md'] }, cwd: CWD })).toBeUndefined();
  });

  it('a read of a credential, a search over one, a search filtered to one', () => {
    const guard = make();
    const call = (tool: string, input: unknown) => guard.decide({ tool, input, cwd: CWD });
    expect(call('Read', { file_path: '~/.ssh/id_rsa' })).toEqual(denial(GUARD_RULES.secretPath, 'read of /home/dev/.ssh/id_rsa names a credential (policy: secretPathFragments: /.ssh/)'));
    expect(call('Grep', { pattern: 'x', path: '~' })).toEqual(
      denial(GUARD_RULES.secretPath, 'grep over /home/dev reaches the credential location /home/dev/.ssh (policy: secretPathFragments)'),
    );
    expect(call('Grep', { pattern: 'x', path: 'src', glob: '*.pem' })).toEqual(
      denial(GUARD_RULES.secretPath, 'grep filtered by *.pem selects credential files (policy: secretBasenamePatterns: *.pem)'),
    );
  });

  it('a patch: no text, no file, too many files, and each file it moves or deletes', () => {
    const guard = make();
    const patch = (input: unknown) => guard.decide({ tool: 'apply_patch', input, cwd: CWD });
    for (const input of [{ nothing: 1 }, 7, ['*** Begin Patch']]) expect(patch(input)).toEqual(denial(GUARD_RULES.badInput, 'apply_patch: the input holds no patch text'));
    expect(patch('*** Begin Patch\n*** End Patch')).toEqual(denial(GUARD_RULES.badInput, 'apply_patch: the patch names no file'));
    const adds = (n: number) => `*** Begin Patch\n${Array.from({ length: n }, (_, i) => `*** Add File: f${i}\n+x\n`).join('')}*** End Patch`;
    expect(patch(adds(256))).toBeUndefined();
    expect(patch(adds(257))).toEqual(denial(GUARD_RULES.badInput, 'apply_patch: the patch names 257 files; the guard reads at most 256'));
    expect(patch({ patch: '*** Begin Patch\n*** Add File: /tmp/a\n+x\n*** End Patch' })?.rule).toBe(GUARD_RULES.writeOutsideRoots);
    expect(patch({ command: '*** Begin Patch\n*** Add File: /tmp/a\n+x\n*** End Patch' })?.rule).toBe(GUARD_RULES.writeOutsideRoots);
    expect(patch('*** Begin Patch\n*** Update File: src/b.ts\n*** Move to: /tmp/b.ts\n@@\n-a\n+b\n*** End Patch')).toEqual(
      denial(GUARD_RULES.writeOutsideRoots, 'apply_patch to /tmp/b.ts is outside the write roots (~) (policy: writeRoots)'),
    );
    expect(patch('*** Begin Patch\n*** Update File: /tmp/b.ts\n*** Move to: src/b.ts\n@@\n-a\n+b\n*** End Patch')?.rule).toBe(GUARD_RULES.writeOutsideRoots);
    expect(patch('*** Begin Patch\n*** Update File: src/b.ts\n*** Move to: src/c.ts\n@@\n-a\n+b\n*** End Patch')).toBeUndefined();
    expect(patch('*** Begin Patch\n*** Delete File: /tmp/b.ts\n*** End Patch')).toEqual(
      denial(GUARD_RULES.writeOutsideRoots, 'apply_patch to /tmp/b.ts is outside the write roots (~) (policy: writeRoots)'),
    );
  });
});
