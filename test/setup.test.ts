// `vouch doctor` exits 1 on each setup that fails open (the list: an untrusted Codex hook, a pi
// extension that cannot load vouch/pi or loads only in a trusted project, Claude Code without "onFailure",
// Gemini's renamed grep tool, Cursor without preToolUse or failClosed), and 0 once `vouch init` wrote its setup;
// init merges into what is there and says what it changed.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/run.js';
import { codexHookHash } from '../src/integrations/codex-trust.js';
import { readmeSetup } from './agents/readme.js';

const root = mkdtempSync(join(tmpdir(), 'vouch-setup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let n = 0;
let home = '';
let project = '';
/** A PATH holding an executable named vouch (what the doctor looks for), and one without. */
const bin = join(root, 'bin');
mkdirSync(bin);
writeFileSync(join(bin, 'vouch'), '#!/bin/sh\nexit 0\n');
chmodSync(join(bin, 'vouch'), 0o755);
const WITH_VOUCH = `${bin}:/usr/bin:/bin`;
const WITHOUT_VOUCH = '/usr/bin:/bin';

beforeEach(() => {
  home = join(root, `home-${n++}`);
  project = join(home, 'project');
  mkdirSync(project, { recursive: true });
});

async function vouch(args: string[], path = WITH_VOUCH): Promise<{ status: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const status = await runCli([...args, '--home', home, '--cwd', project], {
    stdout: (s) => {
      out += s;
    },
    stderr: (s) => {
      err += s;
    },
    version: () => '0.0.0',
    env: { HOME: home, PATH: path },
    cwd: project,
  });
  return { status, out, err };
}

function write(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
}

const json = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

const README_CLAUDE = { hooks: { PreToolUse: [{ matcher: 'Bash|PowerShell|Read|Write|Edit|MultiEdit|NotebookEdit|Grep|Glob', hooks: [{ type: 'command', command: 'vouch hook claude-code' }] }] } };

describe('vouch doctor: each fail-open setup exits 1, saying why; vouch init fixes it', () => {
  it('Claude Code without "onFailure": "block" (a hook that cannot start lets the call run)', async () => {
    write(join(home, '.claude/settings.json'), README_CLAUDE);
    const before = await vouch(['doctor', 'claude-code']);
    expect(before.status).toBe(1);
    expect(before.out).toMatch(/FAIL {2}fail-closed: .*no "onFailure": "block"/);
    expect(before.out).toMatch(/claude-code: FAILS OPEN/);
    const init = await vouch(['init', 'claude-code']);
    expect(init.out).toMatch(/^wrote ~\/\.claude\/settings\.json: PreToolUse hook updated/);
    expect(init.status).toBe(0);
    expect((await vouch(['doctor', 'claude-code'])).status).toBe(0);
    expect(json(join(home, '.claude/settings.json')).hooks.PreToolUse).toHaveLength(1);
  });

  it('Claude Code with no vouch on PATH: refused every call once fail-closed, and said so', async () => {
    await vouch(['init', 'claude-code']);
    const r = await vouch(['doctor', 'claude-code'], WITHOUT_VOUCH);
    expect(r.status).toBe(1);
    expect(r.out).toMatch(/FAIL {2}vouch on PATH: no `vouch` on PATH/);
    expect(r.out).toMatch(/claude-code: fails closed, but refuses every call/);
  });

  it('Claude Code through vouch serve: init --http writes the HTTP hook, failing closed; the doctor asks the server', async () => {
    const { createServer } = await import('node:http');
    // A stand-in for `vouch serve`'s health check (test/serve.test.ts tests the real one).
    const server = createServer((req, res) => res.end(req.url === '/healthz' ? '{"ok":true,"threads":1,"queued":0}' : '{}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook/claude-code`;
    try {
      // A command hook already there becomes the HTTP hook, with nothing of the command left.
      await vouch(['init', 'claude-code']);
      const init = await vouch(['init', 'claude-code', '--http', '--url', url]);
      expect(init.out).toMatch(/PreToolUse hook updated: .*"type":"http".*while no vouch serve answers/);
      expect(init.status).toBe(0);
      const hooks = json(join(home, '.claude/settings.json')).hooks.PreToolUse;
      expect(hooks).toEqual([{ matcher: 'Bash|PowerShell|Read|Write|Edit|MultiEdit|NotebookEdit|Grep|Glob', hooks: [{ type: 'http', url, onFailure: 'block' }] }]);
      const doctor = await vouch(['doctor', 'claude-code'], WITHOUT_VOUCH);
      expect(doctor.out).toMatch(/ok {4}vouch serve answers: .*"ok":true/);
      expect(doctor.out).not.toMatch(/vouch on PATH/);
      expect(doctor.status).toBe(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    // The server down: closed, but every call refused, and said so.
    const down = await vouch(['doctor', 'claude-code']);
    expect(down.status).toBe(1);
    expect(down.out).toMatch(/FAIL {2}vouch serve answers: nothing answers at http:\/\/127\.0\.0\.1:\d+\/hook\/claude-code/);
    expect(down.out).toMatch(/claude-code: fails closed, but refuses every call/);
  });

  it('Claude Code: an HTTP hook without "onFailure": "block", or to another machine in the clear, fails open', async () => {
    write(join(home, '.claude/settings.json'), {
      hooks: { PreToolUse: [{ matcher: 'Bash|PowerShell|Read|Write|Edit|MultiEdit|NotebookEdit|Grep|Glob', hooks: [{ type: 'http', url: 'http://vouch.example:7341/hook/claude-code' }] }] },
    });
    const r = await vouch(['doctor', 'claude-code']);
    expect(r.status).toBe(1);
    expect(r.out).toMatch(/FAIL {2}hook URL: .*in the clear to another machine/);
    expect(r.out).toMatch(/FAIL {2}fail-closed: .*HTTP hook has no "onFailure": "block", so Claude Code runs the call anyway when vouch serve is down/);
    expect(r.out).toMatch(/claude-code: FAILS OPEN/);
    const wrong = await vouch(['init', 'claude-code', '--http', '--url', 'http://127.0.0.1:7341/other']);
    expect(wrong.status).toBe(2);
    expect(wrong.err).toMatch(/--url must be a vouch serve's Claude Code hook/);
    expect((await vouch(['init', 'codex', '--http'])).err).toMatch(/--http is for claude-code/);
  });

  it('a vouch that runs on node, with no node on PATH, cannot start', async () => {
    await vouch(['init', 'gemini']);
    const nodeScript = join(root, 'node-bin');
    mkdirSync(nodeScript, { recursive: true });
    writeFileSync(join(nodeScript, 'vouch'), '#!/usr/bin/env node\n');
    chmodSync(join(nodeScript, 'vouch'), 0o755);
    const r = await vouch(['doctor', 'gemini'], nodeScript);
    expect(r.status).toBe(1);
    expect(r.out).toMatch(/FAIL {2}node on PATH: .*runs on node, which is not on PATH/);
  });

  it('Claude Code: a matcher that misses a tool, and disableAllHooks', async () => {
    write(join(project, '.claude/settings.json'), { disableAllHooks: true, hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'vouch hook claude-code', onFailure: 'block' }] }] } });
    const r = await vouch(['doctor', 'claude-code']);
    expect(r.status).toBe(1);
    expect(r.out).toMatch(/misses PowerShell, Read, Write, Edit, MultiEdit, NotebookEdit, Grep, Glob/);
    expect(r.out).toMatch(/"disableAllHooks": true/);
  });

  it("Codex: the README's hooks.json, untrusted (Codex skips it without a word) and failing open when vouch cannot start", async () => {
    write(join(home, '.codex/hooks.json'), { hooks: { PreToolUse: [{ matcher: 'Bash|apply_patch', hooks: [{ type: 'command', command: 'vouch hook codex' }] }] } });
    write(join(home, '.codex/config.toml'), 'model = "gpt-5.5"\n\n[features]\nweb_search = true\n');
    const before = await vouch(['doctor', 'codex']);
    expect(before.status).toBe(1);
    expect(before.out).toMatch(/FAIL {2}trusted: .* is not trusted in ~\/\.codex\/config\.toml: Codex skips an untrusted hook without a word/);
    expect(before.out).toMatch(/FAIL {2}fail-closed: .*end the command with `\|\| exit 2`/);
    const init = await vouch(['init', 'codex']);
    expect(init.status).toBe(0);
    expect(init.out).toMatch(/wrote ~\/\.codex\/config\.toml: trusted the hook/);
    const toml = readFileSync(join(home, '.codex/config.toml'), 'utf8');
    // What was there is kept byte for byte; the trust entry is the hash Codex computes for the hook as written.
    expect(toml.startsWith('model = "gpt-5.5"\n\n[features]\nweb_search = true\n')).toBe(true);
    expect(toml).toContain(`[hooks.state."${home}/.codex/hooks.json:pre_tool_use:0:0"]\ntrusted_hash = "${codexHookHash('Bash|apply_patch', { type: 'command', command: 'vouch hook codex || exit 2' })}"\n`);
    expect((await vouch(['doctor', 'codex'])).status).toBe(0);
    // A hook edited after it was trusted is skipped by Codex again: the doctor says so.
    const hooks = json(join(home, '.codex/hooks.json'));
    hooks.hooks.PreToolUse[0].hooks[0].timeout = 30;
    write(join(home, '.codex/hooks.json'), hooks);
    expect((await vouch(['doctor', 'codex'])).out).toMatch(/changed since it was trusted/);
    expect((await vouch(['init', 'codex'])).status).toBe(0);
    expect(readFileSync(join(home, '.codex/config.toml'), 'utf8').match(/trusted_hash/g)).toHaveLength(1);
  });

  it('Codex: hooks switched off in config.toml', async () => {
    await vouch(['init', 'codex']);
    write(join(home, '.codex/config.toml'), `${readFileSync(join(home, '.codex/config.toml'), 'utf8')}\n[features]\nhooks = false\n`);
    const r = await vouch(['doctor', 'codex']);
    expect(r.status).toBe(1);
    expect(r.out).toMatch(/turns Codex's hooks off/);
  });

  it('pi: a global extension that cannot resolve vouch/pi, and a project-only extension (skipped in an untrusted project)', async () => {
    write(join(home, '.pi/agent/extensions/vouch.ts'), "import { vouchPi } from 'vouch/pi';\n\nexport default vouchPi();\n");
    const global = await vouch(['doctor', 'pi']);
    expect(global.status).toBe(1);
    expect(global.out).toMatch(/FAIL {2}vouch\/pi resolvable: .*vouch\.ts imports vouch\/pi, which does not resolve/);
    rmSync(join(home, '.pi'), { recursive: true });
    write(join(project, '.pi/extensions/vouch.ts'), "import { vouchPi } from 'vouch/pi';\n\nexport default vouchPi();\n");
    const local = await vouch(['doctor', 'pi']);
    expect(local.status).toBe(1);
    expect(local.out).toMatch(/pi 1\.x skips project extensions in a project it does not trust/);
    const init = await vouch(['init', 'pi']);
    expect(init.out).toMatch(/linked ~\/\.pi\/agent\/extensions\/vouch\/node_modules\/vouch -> /);
    expect(init.status).toBe(0);
    expect(init.out).toMatch(/ok {4}extension: .*index\.ts loads vouch\/pi \(.*dist\/pi\.c?js\)/);
  });

  it('Gemini CLI: the old matcher, without grep_search (the renamed search tool runs unchecked)', async () => {
    const old = 'run_shell_command|read_file|read_many_files|write_file|replace|glob|search_file_content';
    write(join(home, '.gemini/settings.json'), { security: { auth: { selectedType: 'gemini-api-key' } }, hooks: { BeforeTool: [{ matcher: old, hooks: [{ type: 'command', command: 'vouch hook gemini' }] }] } });
    const before = await vouch(['doctor', 'gemini']);
    expect(before.status).toBe(1);
    expect(before.out).toMatch(/misses grep_search/);
    expect((await vouch(['init', 'gemini'])).status).toBe(0);
    const settings = json(join(home, '.gemini/settings.json'));
    expect(settings.security).toEqual({ auth: { selectedType: 'gemini-api-key' } });
    expect(settings.hooks.BeforeTool).toHaveLength(1);
    expect(settings.hooks.BeforeTool[0].matcher).toContain('grep_search');
  });

  it('Cursor: the old snippet, no preToolUse (file writes) and no failClosed', async () => {
    write(join(home, '.cursor/hooks.json'), { version: 1, hooks: { beforeShellExecution: [{ command: 'vouch hook cursor' }], beforeReadFile: [{ command: 'vouch hook cursor' }], stop: [{ command: './mine.sh' }] } });
    const before = await vouch(['doctor', 'cursor']);
    expect(before.status).toBe(1);
    expect(before.out).toMatch(/no preToolUse hook runs vouch: file writes go unchecked/);
    expect(before.out).toMatch(/the beforeShellExecution hook has no "failClosed": true/);
    expect((await vouch(['init', 'cursor'])).status).toBe(0);
    const hooks = json(join(home, '.cursor/hooks.json')).hooks;
    expect(hooks.stop).toEqual([{ command: './mine.sh' }]);
    for (const ev of ['beforeShellExecution', 'preToolUse', 'beforeReadFile']) expect(hooks[ev]).toEqual([{ command: 'vouch hook cursor', failClosed: true }]);
  });

  it('Copilot CLI: no hook in the repository', async () => {
    const before = await vouch(['doctor', 'copilot']);
    expect(before.status).toBe(1);
    expect((await vouch(['init', 'copilot'])).status).toBe(0);
    expect(json(join(project, '.github/hooks/vouch.json')).hooks.preToolUse).toEqual([{ type: 'command', bash: 'vouch hook copilot', powershell: 'vouch hook copilot', timeoutSec: 30 }]);
  });
});

describe('vouch init', () => {
  it('keeps every other hook and key, and adds its own once however often it runs', async () => {
    const mine = { matcher: 'Bash', hooks: [{ type: 'command', command: './audit.sh' }] };
    write(join(home, '.claude/settings.json'), { model: 'opus', hooks: { PreToolUse: [mine], Stop: [{ hooks: [{ type: 'command', command: 'notify' }] }] } });
    await vouch(['init', 'claude-code']);
    const again = await vouch(['init', 'claude-code']);
    expect(again.out).toMatch(/^unchanged ~\/\.claude\/settings\.json: PreToolUse hook already set up/);
    const settings = json(join(home, '.claude/settings.json'));
    expect(settings.model).toBe('opus');
    expect(settings.hooks.Stop).toHaveLength(1);
    expect(settings.hooks.PreToolUse[0]).toEqual(mine);
    expect(settings.hooks.PreToolUse).toHaveLength(2);
  });

  it('refuses to touch a config it cannot read, and --dry-run writes nothing', async () => {
    write(join(home, '.claude/settings.json'), '{ "hooks": ');
    const broken = await vouch(['init', 'claude-code']);
    expect(broken.status).toBe(2);
    expect(broken.err).toMatch(/^vouch: .*settings\.json is not valid JSON .*vouch will not overwrite it/);
    expect(readFileSync(join(home, '.claude/settings.json'), 'utf8')).toBe('{ "hooks": ');
    rmSync(join(home, '.claude'), { recursive: true });
    const dry = await vouch(['init', 'claude-code', '--dry-run']);
    expect(dry.out).toMatch(/^would write ~\/\.claude\/settings\.json/);
    expect(() => readFileSync(join(home, '.claude/settings.json'))).toThrow();
  });

  it('--warm writes hooks that ask a server they start themselves (`--socket auto`), still fail-closed and trusted', async () => {
    const files = { 'claude-code': '.claude/settings.json', codex: '.codex/hooks.json', gemini: '.gemini/settings.json', cursor: '.cursor/hooks.json' } as const;
    for (const [agent, file] of Object.entries(files)) {
      const init = await vouch(['init', agent, '--warm']);
      expect(init.status, `${agent}: ${init.out}`).toBe(0);
      const text = readFileSync(join(home, file), 'utf8');
      expect(text, agent).toContain(`vouch hook ${agent} --socket auto`);
      expect((await vouch(['doctor', agent])).status, agent).toBe(0);
    }
    expect((await vouch(['init', 'copilot', '--warm'])).status).toBe(0);
    expect(json(join(project, '.github/hooks/vouch.json')).hooks.preToolUse[0].bash).toBe('vouch hook copilot --socket auto');
    // Run again without it, the plain hook is back.
    await vouch(['init', 'claude-code']);
    expect(readFileSync(join(home, files['claude-code']), 'utf8')).not.toContain('--socket');
    expect((await vouch(['init', 'claude-code', '--warm', '--http'])).err).toMatch(/--warm is for command hooks/);
    expect((await vouch(['init', 'pi', '--warm'])).err).toMatch(/--warm is for agents that start a hook process/);
  });

  it('--project writes the project config; unknown agents and missing agents are usage errors', async () => {
    await vouch(['init', 'claude-code', '--project']);
    expect(json(join(project, '.claude/settings.json')).hooks.PreToolUse).toHaveLength(1);
    expect((await vouch(['init'])).status).toBe(2);
    expect((await vouch(['init', 'vim'])).err).toMatch(/unknown agent 'vim'/);
  });
});

describe('the README', () => {
  const FILES = {
    'claude-code': '.claude/settings.json',
    codex: '.codex/hooks.json',
    gemini: '.gemini/settings.json',
    cursor: '.cursor/hooks.json',
  } as const;

  it.each(Object.entries(FILES))('shows exactly what vouch init %s writes', async (agent, file) => {
    await vouch(['init', agent]);
    expect(json(join(home, file))).toEqual(JSON.parse(readmeSetup(agent)));
  });

  it('shows exactly what vouch init claude-code --http writes', async () => {
    await vouch(['init', 'claude-code', '--http']);
    expect(json(join(home, '.claude/settings.json'))).toEqual(JSON.parse(readmeSetup('claude-code-http')));
  });

  it('shows exactly what vouch init copilot and pi write', async () => {
    await vouch(['init', 'copilot']);
    expect(json(join(project, '.github/hooks/vouch.json'))).toEqual(JSON.parse(readmeSetup('copilot')));
    await vouch(['init', 'pi']);
    expect(readFileSync(join(home, '.pi/agent/extensions/vouch/index.ts'), 'utf8')).toBe(readmeSetup('pi'));
  });
});
