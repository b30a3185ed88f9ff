// Each agent's vouch setup, as data and pure functions: what `vouch init` writes (merged into the agent's own
// config) and what `vouch doctor` checks, and why each check matters. The filesystem enters through `SetupFs`.
import { dirname, join, resolve } from 'node:path';
import { type CodexCommandHook, codexHookHash, codexHookKey, codexHookState, codexHooksDisabled, trustCodexHook } from './codex-trust.js';
import {
  blocks,
  type Change,
  type Check,
  type FoundHook,
  fail,
  groupHooks,
  isObject,
  type Json,
  jsonChange,
  listAt,
  mergeGroupHook,
  missedTools,
  objectAt,
  ok,
  readJson,
  readJsonQuiet,
  runsVouch,
  type SetupContext,
  type SetupFs,
} from './setup-config.js';

export { type Change, type Check, SetupError, type SetupContext, type SetupFs, missedTools, runsVouch, servesVouch } from './setup-config.js';

export const SETUP_AGENTS = ['claude-code', 'codex', 'gemini', 'copilot', 'cursor', 'pi'] as const;
export type SetupAgent = (typeof SETUP_AGENTS)[number];

/** The command that runs vouch's hook for an agent, as written into its config. */
export const HOOK_COMMANDS = {
  'claude-code': 'vouch hook claude-code',
  // Codex runs a hook that cannot start (exit 127) as if it had no opinion: `|| exit 2` turns that into a block.
  codex: 'vouch hook codex || exit 2',
  gemini: 'vouch hook gemini',
  copilot: 'vouch hook copilot',
  cursor: 'vouch hook cursor',
} as const;

/**
 * The hook command `vouch init` writes: with `warm`, it asks a warm `vouch serve` it starts itself (`--socket auto`,
 * see src/cli/vouch.cts), and decides alone while none answers.
 */
export function hookCommand(agent: keyof typeof HOOK_COMMANDS, warm: boolean | undefined): string {
  const plain = HOOK_COMMANDS[agent];
  return warm ? plain.replace(`vouch hook ${agent}`, `vouch hook ${agent} --socket auto`) : plain;
}

/** The tools each agent's hook must see; a matcher that misses one lets that tool's calls pass unchecked. */
export const HOOK_TOOLS = {
  'claude-code': ['Bash', 'PowerShell', 'Read', 'Write', 'Edit', 'MultiEdit', 'NotebookEdit', 'Grep', 'Glob'],
  codex: ['Bash', 'apply_patch'],
  gemini: ['run_shell_command', 'read_file', 'read_many_files', 'write_file', 'replace', 'glob', 'grep_search', 'search_file_content'],
} as const;

/** The events Cursor must send vouch: shell commands, tool calls (file writes) and file reads. */
export const CURSOR_EVENTS = ['beforeShellExecution', 'preToolUse', 'beforeReadFile'] as const;

/** The check every command hook needs: `vouch` found on PATH, where the agent's shell looks for it. */
function onPath(ctx: SetupContext, fs: SetupFs, agent: string, consequence: string): Check {
  const found = fs.which('vouch', ctx.env);
  // The installed bin is a node script (`#!/usr/bin/env node`): without node on the same PATH it cannot start.
  if (found && !fs.which('node', ctx.env) && /node/.test((fs.read(found) ?? '').split('\n', 1)[0] ?? '')) {
    return blocks('node on PATH', `${found} runs on node, which is not on PATH (${ctx.env.PATH ?? 'unset'}): ${agent} cannot start the hook, and ${consequence}`);
  }
  if (found) return ok('vouch on PATH', found);
  return blocks(
    'vouch on PATH',
    `no \`vouch\` on PATH (${ctx.env.PATH ?? 'unset'}); ${agent} runs the hook through a shell, and ${consequence}. Install it (npm install -g <vouch>, or npm link in a clone) where ${agent}'s PATH finds it`,
  );
}

/** Checks for agents whose hooks are matcher groups: present, covering the tools, and their own extra checks. */
function checkGroups(
  files: string[],
  fs: SetupFs,
  agent: 'claude-code' | 'codex' | 'gemini',
  event: string,
  anchored: boolean,
  more: (found: FoundHook, config: Json) => Check[],
): { checks: Check[]; found: FoundHook[] } {
  const checks: Check[] = [];
  const found: FoundHook[] = [];
  for (const file of files) {
    if (fs.read(file) === undefined) continue;
    const { config, error } = readJsonQuiet(fs, file);
    if (error || !config) {
      checks.push(fail('config readable', `${error}; ${agent} may ignore the whole file`));
      continue;
    }
    for (const f of groupHooks(config, event, agent, file)) {
      found.push(f);
      const missed = missedTools(f.matcher, HOOK_TOOLS[agent], anchored);
      checks.push(
        missed.length === 0
          ? ok('hook', `${file}: ${event} ${f.hook.type === 'http' ? `POSTs to ${f.hook.url}` : `runs \`${f.hook.command}\``} for ${HOOK_TOOLS[agent].join(', ')}`)
          : fail('hook covers every tool', `${file}: the matcher ${JSON.stringify(f.matcher)} misses ${missed.join(', ')}: those calls run without vouch`),
      );
      checks.push(...more(f, config));
    }
  }
  if (found.length === 0) {
    checks.unshift(fail('hook', `no ${event} hook runs \`vouch hook ${agent}\` (or POSTs to vouch serve) in ${files.join(' or ')}: every call runs unchecked (vouch init ${agent})`));
  }
  return { checks, found };
}

export interface InitOptions {
  /** Write the project's config instead of the user's, where the agent has both. */
  project: boolean;
  /** Claude Code: an HTTP hook to a running `vouch serve` at this URL instead of a command hook. */
  http?: string;
  /** Command hooks: `vouch hook AGENT --socket auto` (see hookCommand). */
  warm?: boolean;
}

interface AgentSetup {
  /** The files `vouch init` writes, for the user's scope or the project's. */
  init(ctx: SetupContext, fs: SetupFs, options: InitOptions): Change[];
  /** What `vouch doctor` checks. */
  doctor(ctx: SetupContext, fs: SetupFs): Check[] | Promise<Check[]>;
}

/** An HTTP hook's URL, read for the doctor: where it points, and whether what it sends can only stay on this machine. */
function httpHookChecks(f: FoundHook): { checks: Check[]; url?: string } {
  const checks: Check[] = [];
  let url: URL;
  try {
    url = new URL(String(f.hook.url));
  } catch {
    return { checks: [fail('hook URL', `${f.file}: ${JSON.stringify(f.hook.url)} is not a URL: Claude Code cannot send the hook`)] };
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const loopback = host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
  if (url.protocol !== 'https:' && !loopback) {
    checks.push(fail('hook URL', `${f.file}: ${url.href} sends every tool call in the clear to another machine: use https, or a vouch serve on 127.0.0.1`));
  }
  return { checks, url: url.href };
}

const claudeFiles = (ctx: SetupContext) => [join(ctx.home, '.claude', 'settings.json'), join(ctx.cwd, '.claude', 'settings.json'), join(ctx.cwd, '.claude', 'settings.local.json')];

const claudeCode: AgentSetup = {
  init(ctx, fs, { project, http, warm }) {
    const file = project ? join(ctx.cwd, '.claude', 'settings.json') : join(ctx.home, '.claude', 'settings.json');
    const config = readJson(fs, file);
    const hook = http === undefined ? { type: 'command', command: hookCommand('claude-code', warm), onFailure: 'block' } : { type: 'http', url: http, onFailure: 'block' };
    const summary = mergeGroupHook(config, file, 'PreToolUse', 'claude-code', HOOK_TOOLS['claude-code'].join('|'), hook);
    const why =
      http === undefined
        ? '"onFailure": "block": a hook that cannot start or crashes blocks the call instead of letting it run'
        : `"onFailure": "block": while no vouch serve answers at ${http}, every call is blocked instead of let through; start it with \`vouch serve\` and keep it running`;
    return [jsonChange(file, config, `${summary} (${why})`)];
  },
  async doctor(ctx, fs) {
    const files = claudeFiles(ctx);
    const urls: string[] = [];
    const { checks, found } = checkGroups(files, fs, 'claude-code', 'PreToolUse', true, (f) => {
      const out: Check[] = [];
      if (f.hook.type === 'http') {
        const read = httpHookChecks(f);
        out.push(...read.checks);
        if (read.url) urls.push(read.url);
      }
      out.push(
        f.hook.onFailure === 'block'
          ? ok('fail-closed', `${f.file}: "onFailure": "block"`)
          : fail(
              'fail-closed',
              f.hook.type === 'http'
                ? `${f.file}: the HTTP hook has no "onFailure": "block", so Claude Code runs the call anyway when vouch serve is down or answers with an error`
                : `${f.file}: the hook has no "onFailure": "block", so Claude Code runs the call anyway when the hook cannot start (vouch not on PATH) or fails`,
            ),
      );
      return out;
    });
    for (const file of files) {
      const { config } = readJsonQuiet(fs, file);
      if (config?.disableAllHooks === true) checks.push(fail('hooks enabled', `${file} sets "disableAllHooks": true: no hook runs`));
    }
    if (found.some((f) => f.hook.type !== 'http')) checks.push(onPath(ctx, fs, 'Claude Code', 'with "onFailure": "block" every call is then refused'));
    for (const url of urls) {
      const health = await fs.health(url);
      checks.push(
        health.ok
          ? ok('vouch serve answers', `${url}: ${health.detail}`)
          : blocks('vouch serve answers', `nothing answers at ${url} (${health.detail}): with "onFailure": "block" every call is refused until \`vouch serve\` runs there`),
      );
    }
    return checks;
  },
};

const codexHome = (ctx: SetupContext) => (ctx.env.CODEX_HOME ? resolve(ctx.cwd, ctx.env.CODEX_HOME) : join(ctx.home, '.codex'));

const codex: AgentSetup = {
  init(ctx, fs, { project, warm }) {
    const file = project ? join(ctx.cwd, '.codex', 'hooks.json') : join(codexHome(ctx), 'hooks.json');
    const configFile = join(codexHome(ctx), 'config.toml');
    const config = readJson(fs, file);
    const hook: CodexCommandHook = { type: 'command', command: hookCommand('codex', warm) };
    const summary = mergeGroupHook(config, file, 'PreToolUse', 'codex', HOOK_TOOLS.codex.join('|'), hook as unknown as Json);
    let toml = fs.read(configFile);
    const trusted: string[] = [];
    for (const f of groupHooks(config, 'PreToolUse', 'codex', file)) {
      const key = codexHookKey(file, f.group, f.handler);
      toml = trustCodexHook(toml, key, codexHookHash(typeof f.matcher === 'string' ? f.matcher : undefined, f.hook as unknown as CodexCommandHook));
      trusted.push(key);
    }
    return [
      jsonChange(file, config, `${summary} (\`|| exit 2\`: a hook that cannot start blocks the call, where Codex would otherwise let it run)`),
      {
        kind: 'file',
        path: configFile,
        text: toml ?? '',
        summary: `trusted the hook (${trusted.join(', ')}): Codex skips an untrusted hook without a word, \`codex exec\` included. Review it in Codex with /hooks if you prefer to trust it there`,
      },
    ];
  },
  doctor(ctx, fs) {
    const configFile = join(codexHome(ctx), 'config.toml');
    const toml = fs.read(configFile);
    const files = [join(codexHome(ctx), 'hooks.json'), join(ctx.cwd, '.codex', 'hooks.json')];
    const { checks, found } = checkGroups(files, fs, 'codex', 'PreToolUse', true, (f) => {
      const key = codexHookKey(f.file, f.group, f.handler);
      const state = codexHookState(toml, key);
      const hash = codexHookHash(typeof f.matcher === 'string' ? f.matcher : undefined, f.hook as unknown as CodexCommandHook);
      const out: Check[] = [];
      if (state.trustedHash === hash) out.push(ok('trusted', `${configFile} trusts ${key}`));
      else if (state.trustedHash !== undefined) out.push(fail('trusted', `${key} changed since it was trusted (${configFile}): Codex skips it without a word (vouch init codex, or /hooks in Codex)`));
      else out.push(fail('trusted', `${key} is not trusted in ${configFile}: Codex skips an untrusted hook without a word (vouch init codex, or /hooks in Codex)`));
      if (state.enabled === false) out.push(fail('enabled', `${configFile} disables ${key}`));
      out.push(
        /\|\|\s*exit\s+2\s*$/.test(String(f.hook.command))
          ? ok('fail-closed', `${f.file}: \`|| exit 2\` blocks the call when the hook cannot start`)
          : fail('fail-closed', `${f.file}: Codex runs the call when the hook cannot start (vouch not on PATH): end the command with \`|| exit 2\``),
      );
      return out;
    });
    if (codexHooksDisabled(toml)) checks.push(fail('hooks enabled', `${configFile} turns Codex's hooks off ([features] hooks = false)`));
    if (found.length > 0) checks.push(onPath(ctx, fs, 'Codex', 'with `|| exit 2` every call is then refused'));
    return checks;
  },
};

const gemini: AgentSetup = {
  init(ctx, fs, { project, warm }) {
    const file = project ? join(ctx.cwd, '.gemini', 'settings.json') : join(ctx.home, '.gemini', 'settings.json');
    const config = readJson(fs, file);
    const summary = mergeGroupHook(config, file, 'BeforeTool', 'gemini', HOOK_TOOLS.gemini.join('|'), { type: 'command', command: hookCommand('gemini', warm) });
    const hooksConfig = config.hooksConfig;
    let enabled = '';
    if (isObject(hooksConfig) && hooksConfig.enabled === false) {
      hooksConfig.enabled = true;
      enabled = '; hooksConfig.enabled set to true (it was false: no hook ran)';
    }
    return [jsonChange(file, config, `${summary}${enabled} (Gemini CLI blocks the call when the hook cannot start)`)];
  },
  doctor(ctx, fs) {
    const user = join(ctx.home, '.gemini', 'settings.json');
    const project = join(ctx.cwd, '.gemini', 'settings.json');
    const { checks, found } = checkGroups([user, project], fs, 'gemini', 'BeforeTool', false, (f) =>
      f.file === project ? [fail('scope', `${project} holds the hook: Gemini CLI reads project settings only in a trusted folder; put it in ${user} (vouch init gemini)`)] : [],
    );
    for (const file of [user, project]) {
      const { config } = readJsonQuiet(fs, file);
      const hc = config && isObject(config.hooksConfig) ? config.hooksConfig : undefined;
      if (hc?.enabled === false) checks.push(fail('hooks enabled', `${file} sets hooksConfig.enabled to false: no hook runs`));
      if (hc && Array.isArray(hc.disabled) && hc.disabled.some((n) => runsVouch(n, 'gemini'))) checks.push(fail('hooks enabled', `${file} lists vouch's hook in hooksConfig.disabled`));
    }
    if (found.length > 0) checks.push(onPath(ctx, fs, 'Gemini CLI', 'Gemini CLI then refuses every call'));
    return checks;
  },
};

const copilotHooks = (ctx: SetupContext) => join(ctx.cwd, '.github', 'hooks');

const copilot: AgentSetup = {
  init(ctx, fs, { warm }) {
    const file = join(copilotHooks(ctx), 'vouch.json');
    const config = readJson(fs, file);
    if (config.version === undefined) config.version = 1;
    const hooks = objectAt(config, 'hooks', file);
    const entries = listAt(hooks, 'preToolUse', file);
    const entry = { type: 'command', bash: hookCommand('copilot', warm), powershell: hookCommand('copilot', warm), timeoutSec: 30 };
    const existing = entries.find((e) => isObject(e) && (runsVouch(e.bash, 'copilot') || runsVouch(e.powershell, 'copilot'))) as Json | undefined;
    if (existing) Object.assign(existing, entry);
    else entries.push(entry);
    return [jsonChange(file, config, `preToolUse hook ${existing ? 'set up' : 'added'}: ${JSON.stringify(entry)} (Copilot CLI denies the call when the hook fails)`)];
  },
  doctor(ctx, fs) {
    const dir = copilotHooks(ctx);
    const checks: Check[] = [];
    let found = false;
    for (const name of fs.list(dir).filter((n) => n.endsWith('.json'))) {
      const file = join(dir, name);
      const { config, error } = readJsonQuiet(fs, file);
      if (error || !config) {
        checks.push(fail('config readable', `${error}`));
        continue;
      }
      const entries = isObject(config.hooks) && Array.isArray(config.hooks.preToolUse) ? config.hooks.preToolUse : [];
      for (const e of entries) {
        if (!isObject(e) || !(runsVouch(e.bash, 'copilot') || runsVouch(e.powershell, 'copilot'))) continue;
        found = true;
        checks.push(ok('hook', `${file}: preToolUse runs \`${e.bash ?? e.powershell}\` for every tool`));
        if (!runsVouch(e.bash, 'copilot')) checks.push(fail('hook', `${file}: no "bash" command: on Linux and macOS Copilot CLI runs none`));
      }
    }
    if (!found) checks.push(fail('hook', `no preToolUse hook runs \`vouch hook copilot\` in ${dir}/*.json: every call runs unchecked (vouch init copilot, in the repository)`));
    else checks.push(onPath(ctx, fs, 'Copilot CLI', 'Copilot CLI then denies every call'));
    return checks;
  },
};

const cursor: AgentSetup = {
  init(ctx, fs, { project, warm }) {
    const file = project ? join(ctx.cwd, '.cursor', 'hooks.json') : join(ctx.home, '.cursor', 'hooks.json');
    const config = readJson(fs, file);
    if (config.version === undefined) config.version = 1;
    const hooks = objectAt(config, 'hooks', file);
    const done: string[] = [];
    for (const event of CURSOR_EVENTS) {
      const entries = listAt(hooks, event, file);
      const existing = entries.find((e) => isObject(e) && runsVouch(e.command, 'cursor')) as Json | undefined;
      if (existing) {
        existing.failClosed = true;
        if (warm) existing.command = hookCommand('cursor', warm);
      } else entries.push({ command: hookCommand('cursor', warm), failClosed: true });
      done.push(event);
    }
    return [jsonChange(file, config, `${done.join(', ')} run \`${hookCommand('cursor', warm)}\` with "failClosed": true (a hook that fails blocks the action)`)];
  },
  doctor(ctx, fs) {
    const checks: Check[] = [];
    let found = false;
    for (const file of [join(ctx.home, '.cursor', 'hooks.json'), join(ctx.cwd, '.cursor', 'hooks.json')]) {
      if (fs.read(file) === undefined) continue;
      const { config, error } = readJsonQuiet(fs, file);
      if (error || !config) {
        checks.push(fail('config readable', `${error}`));
        continue;
      }
      const hooks = isObject(config.hooks) ? config.hooks : {};
      const present = CURSOR_EVENTS.filter((ev) => Array.isArray(hooks[ev]) && (hooks[ev] as unknown[]).some((e) => isObject(e) && runsVouch(e.command, 'cursor')));
      if (present.length === 0) continue;
      found = true;
      for (const ev of CURSOR_EVENTS) {
        const entry = Array.isArray(hooks[ev]) ? ((hooks[ev] as unknown[]).find((e) => isObject(e) && runsVouch(e.command, 'cursor')) as Json | undefined) : undefined;
        if (!entry) checks.push(fail('hook', `${file}: no ${ev} hook runs vouch: ${ev === 'preToolUse' ? 'file writes' : ev === 'beforeReadFile' ? 'file reads' : 'shell commands'} go unchecked`));
        else if (entry.failClosed !== true) checks.push(fail('fail-closed', `${file}: the ${ev} hook has no "failClosed": true, so Cursor lets the action run when the hook fails`));
        else checks.push(ok('hook', `${file}: ${ev} runs \`${entry.command}\`, fail-closed`));
      }
    }
    if (!found) checks.push(fail('hook', 'no Cursor hook runs `vouch hook cursor` in ~/.cursor/hooks.json or .cursor/hooks.json (vouch init cursor)'));
    else checks.push(onPath(ctx, fs, 'Cursor', 'with "failClosed" every action is then refused'));
    return checks;
  },
};

const piAgentDir = (ctx: SetupContext) => (ctx.env.PI_CODING_AGENT_DIR ? resolve(ctx.cwd, ctx.env.PI_CODING_AGENT_DIR) : join(ctx.home, '.pi', 'agent'));

/** The extension file pi loads from `~/.pi/agent/extensions/vouch/` (the README's snippet). */
export const PI_EXTENSION = "import { vouchPi } from 'vouch/pi';\n\nexport default vouchPi();\n";

/** Extension files under an extensions folder that load vouch/pi (a file, or a folder's index). */
function piExtensions(fs: SetupFs, dir: string): string[] {
  const out: string[] = [];
  for (const name of fs.list(dir)) {
    const candidates = /\.(ts|js|mjs|cjs)$/.test(name) ? [join(dir, name)] : ['index.ts', 'index.js'].map((i) => join(dir, name, i));
    for (const file of candidates) if (/['"]vouch\/pi['"]/.test(fs.read(file) ?? '')) out.push(file);
  }
  return out;
}

const pi = (packageRoot: string): AgentSetup => ({
  init(ctx, fs) {
    const dir = join(piAgentDir(ctx), 'extensions', 'vouch');
    const index = join(dir, 'index.ts');
    const changes: Change[] = [];
    const current = fs.read(index);
    if (current === undefined) changes.push({ kind: 'file', path: index, text: PI_EXTENSION, summary: 'the extension: vouchPi() guards every tool call (edit it to pass a policy)' });
    const pkg = join(dir, 'package.json');
    if (fs.read(pkg) === undefined) changes.push(jsonChange(pkg, { private: true, description: 'vouch for pi (vouch init pi)' }, 'a package.json beside it: its node_modules/ is where `vouch/pi` resolves from'));
    changes.push({
      kind: 'link',
      path: join(dir, 'node_modules', 'vouch'),
      target: packageRoot,
      summary: `links this vouch (${packageRoot}), so \`vouch/pi\` resolves from the extension; pi loads global extensions in every project, trusted or not`,
    });
    return changes;
  },
  doctor(ctx, fs) {
    const global = join(piAgentDir(ctx), 'extensions');
    const project = join(ctx.cwd, '.pi', 'extensions');
    const checks: Check[] = [];
    const globals = piExtensions(fs, global);
    for (const file of globals) {
      const resolved = fs.resolveFrom(dirname(file), 'vouch/pi');
      checks.push(
        resolved
          ? ok('extension', `${file} loads vouch/pi (${resolved})`)
          : fail('vouch/pi resolvable', `${file} imports vouch/pi, which does not resolve from ${dirname(file)}: pi cannot load the extension (vouch init pi links it)`),
      );
      if (!/vouchPi\s*\(/.test(fs.read(file) ?? '')) checks.push(fail('extension', `${file} imports vouch/pi but never calls vouchPi(): nothing is guarded`));
    }
    const projects = piExtensions(fs, project);
    if (globals.length === 0) {
      checks.push(
        projects.length > 0
          ? fail('scope', `only ${projects.join(', ')} loads vouch: pi 1.x skips project extensions in a project it does not trust, so calls run unchecked (vouch init pi installs it globally)`)
          : fail('extension', `no pi extension loads vouch/pi in ${global} (vouch init pi)`),
      );
    }
    return checks;
  },
});

/** Each agent's setup; `packageRoot` is the installed vouch the pi extension links to. */
export function agentSetup(agent: SetupAgent, packageRoot: string): AgentSetup {
  switch (agent) {
    case 'claude-code':
      return claudeCode;
    case 'codex':
      return codex;
    case 'gemini':
      return gemini;
    case 'copilot':
      return copilot;
    case 'cursor':
      return cursor;
    case 'pi':
      return pi(packageRoot);
  }
}
