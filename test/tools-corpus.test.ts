// corpus/tools: every file-tool case through the library's decide and through the agent's own surface (`vouch hook
// AGENT`'s event handling, or pi's extension), escape and benign neighbour alike. Cases are data: nothing is run.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Analyzer, createAnalyzer } from '../src/analyzer.js';
import { Guards } from '../src/cli/analyze.js';
import { decideEvent } from '../src/cli/hook.js';
import { createGuard, VERDICT_RULE_IDS } from '../src/guard/index.js';
import type { Agent } from '../src/integrations/hooks.js';
import { type PiContext, type PiExtensionAPI, vouchPi } from '../src/integrations/pi.js';

interface Step {
  tool: string;
  input: unknown;
  verdict: 'deny' | 'pass';
  rule?: string;
}

interface ToolCase {
  id: string;
  agent: Agent | 'pi';
  note: string;
  steps: Step[];
  cwd?: string;
  home?: string;
  /** Links the earlier steps leave on disk (link → target), made before a hook replays the case. */
  disk?: Record<string, string>;
  /** Empty files the links lead to, in the temporary home (`~/bin/curl`): a program a link names must exist to be run. */
  files?: string[];
}

const FILE = join(import.meta.dirname, '..', 'corpus', 'tools', 'file-tools.jsonl');
const root = mkdtempSync(join(tmpdir(), 'vouch-tools-'));
const HOME = join(root, 'home', 'dev');
const CWD = join(HOME, 'project');

function load(): ToolCase[] {
  return readFileSync(FILE, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((line) => {
      const raw = JSON.parse(line.replaceAll('@CWD@', CWD).replaceAll('@HOME@', HOME)) as ToolCase & Step;
      const steps = raw.steps ?? [{ tool: raw.tool, input: raw.input, verdict: raw.verdict, ...(raw.rule ? { rule: raw.rule } : {}) }];
      return { ...raw, steps };
    });
}

const cases = load();
let analyzer: Analyzer;

beforeAll(async () => {
  analyzer = await createAnalyzer();
  mkdirSync(join(CWD, 'src'), { recursive: true });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The verdict and rule an agent reads from the hook's answer, in that agent's own shape. */
function hookVerdict(stdout: string): { verdict: 'deny' | 'pass'; rule?: string } {
  if (stdout.trim() === '') return { verdict: 'pass' };
  const answer = JSON.parse(stdout) as Record<string, unknown>;
  const spec = (answer.hookSpecificOutput ?? {}) as Record<string, unknown>;
  const reason = String(spec.permissionDecisionReason ?? answer.permissionDecisionReason ?? answer.reason ?? answer.agent_message ?? '');
  const denied = spec.permissionDecision === 'deny' || answer.permissionDecision === 'deny' || answer.decision === 'deny' || answer.permission === 'deny';
  return denied ? { verdict: 'deny', rule: /\[([^\]]+)\]$/.exec(reason)?.[1] } : { verdict: 'pass' };
}

/** The event each agent sends before a tool runs. */
function eventFor(agent: Agent, step: Step, cwd: string): unknown {
  switch (agent) {
    case 'claude-code':
    case 'codex':
      return { hook_event_name: 'PreToolUse', tool_name: step.tool, tool_input: step.input, cwd, tool_use_id: 'toolu_1' };
    case 'gemini':
      return { hook_event_name: 'BeforeTool', tool_name: step.tool, tool_input: step.input, cwd };
    case 'copilot':
      return { toolName: step.tool, toolArgs: JSON.stringify(step.input), cwd };
    case 'cursor':
      return step.tool === 'Shell'
        ? { hook_event_name: 'beforeShellExecution', command: (step.input as { command: string }).command, cwd }
        : { hook_event_name: 'preToolUse', tool_name: step.tool, tool_input: step.input, cwd };
  }
}

function piStandIn() {
  const handlers = new Map<string, ((event: unknown, ctx: PiContext) => Promise<unknown>)[]>();
  const api = {
    on(event: string, handler: (event: unknown, ctx: PiContext) => Promise<unknown>) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
    },
  } as unknown as PiExtensionAPI;
  const fire = async (event: string, payload: unknown, ctx: PiContext) => {
    let result: unknown;
    for (const h of handlers.get(event) ?? []) result = (await h(payload, ctx)) ?? result;
    return result;
  };
  return { api, fire };
}

function makeDisk(c: ToolCase, home: string, cwd: string): () => void {
  const made: string[] = [];
  for (const file of c.files ?? []) {
    const at = join(home, file.replace(/^~\//, ''));
    mkdirSync(dirname(at), { recursive: true });
    writeFileSync(at, '');
    made.push(at);
  }
  for (const [link, target] of Object.entries(c.disk ?? {})) {
    const at = join(cwd, link);
    mkdirSync(dirname(at), { recursive: true });
    symlinkSync(target.startsWith('~/') ? join(home, target.slice(2)) : target, at);
    made.push(at);
  }
  return () => {
    for (const at of made) rmSync(at, { force: true });
  };
}

describe('corpus/tools', () => {
  it('holds escapes and benign neighbours for every agent, with declared rules', () => {
    expect(cases.length).toBeGreaterThanOrEqual(100);
    for (const agent of ['claude-code', 'codex', 'gemini', 'copilot', 'cursor', 'pi']) {
      const mine = cases.filter((c) => c.agent === agent).flatMap((c) => c.steps);
      expect(mine.some((s) => s.verdict === 'deny'), agent).toBe(true);
      expect(mine.some((s) => s.verdict === 'pass'), agent).toBe(true);
    }
    const declared = new Set(VERDICT_RULE_IDS);
    for (const s of cases.flatMap((c) => c.steps)) if (s.rule) expect(declared.has(s.rule), s.rule).toBe(true);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
  });

  for (const c of cases) {
    const cwd = c.cwd ?? CWD;
    const home = c.home ?? HOME;
    const shown = (s: Step) => `${c.id} ${c.agent} ${s.tool} ${JSON.stringify(s.input).slice(0, 160)} — ${c.note}`;

    it(`${c.id} decide: ${c.note}`, () => {
      // One guard for the whole case: the library keeps what a session's earlier calls did (links made).
      // The library is told the agents' shell tools by policy, as a host wiring it would.
      const policy = { shellTools: { bash: 'bash', powershell: 'powershell', run_shell_command: 'bash', shell: 'bash' } } as const;
      const guard = createGuard({ analyzer, policy, dependencies: { home } });
      for (const s of c.steps) {
        const v = guard.decide({ tool: s.tool, input: s.input, cwd });
        expect(v ? 'deny' : 'pass', `${shown(s)}: ${v?.rule} ${v?.reason}`).toBe(s.verdict);
        if (s.rule) expect(v?.rule, shown(s)).toBe(s.rule);
      }
    });

    it(`${c.id} ${c.agent === 'pi' ? 'pi extension' : `vouch hook ${c.agent}`}: ${c.note}`, async () => {
      const cleanup = makeDisk(c, home, cwd);
      try {
        for (const s of c.steps) {
          let got: { verdict: 'deny' | 'pass'; rule?: string };
          if (c.agent === 'pi') {
            const { api, fire } = piStandIn();
            vouchPi({ analyzer, home })(api);
            const result = (await fire('tool_call', { toolName: s.tool, input: s.input }, { cwd })) as { reason: string } | undefined;
            got = result ? { verdict: 'deny', rule: /\[([^\]]+)\]$/.exec(result.reason)?.[1] } : { verdict: 'pass' };
          } else {
            // A fresh set of guards per event, as each hook call is a fresh process.
            const answer = await decideEvent(c.agent, JSON.stringify(eventFor(c.agent, s, cwd)), new Guards(undefined), home, cwd);
            got = hookVerdict(answer.stdout);
          }
          expect(got.verdict, shown(s)).toBe(s.verdict);
          if (s.rule) expect(got.rule, shown(s)).toBe(s.rule);
        }
      } finally {
        cleanup();
      }
    });
  }
});
