// Differential oracle: corpus lines and generated rewrites of them run in the bubblewrap sandbox; whatever bash
// really did that a guard must stop, vouch must not have passed.
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { createGuard } from '../src/guard/index.js';
import { type Analyzer, createAnalyzer } from '../src/index.js';
import { initParser } from '../src/parse/index.js';
import { type CorpusCase, loadCorpus } from './corpus.js';
import { compare, type OracleResult } from './oracle/compare.js';
import { observeAll, runScript, type SandboxRun, sandboxInterpreters, sandboxUnavailable } from './oracle/sandbox.js';
import { LONG, runs, SEED } from './scale.js';
import { describeWhen } from '../test/needs.js';
import { applyAll, ENVELOPES, hasToken, HOSTILE_NAMES, listsFiles, SPELLINGS, STATE_FORMS, type Transform } from './transforms.js';

// Without bwrap (or user namespaces) the oracle is a loud skip; under VOUCH_NO_SKIP=1 (CI) a failure.
const unavailable = sandboxUnavailable();

// cd chains exercise what vouch must track: the directory a later word is resolved in.
const CD_CHAINS: Transform[] = [
  { name: 'cd src &&', apply: (c) => `cd src && ${c}` },
  { name: 'cd .. && cd project;', apply: (c) => `cd .. && cd project; ${c}` },
  { name: 'cd ~ && cd - >/dev/null &&', apply: (c) => `cd ~ && cd - >/dev/null && ${c}` },
  // Where tree-sitter-bash mis-nests a list into a pipeline stage, the cd is the shell's all the same.
  { name: 'true | true | true && cd ~;', apply: (c) => `true | true | true && cd ~; ${c}` },
  { name: 'cd ~ && true 2>&1 | cat;', apply: (c) => `cd ~ && true 2>&1 | cat; ${c}` },
  { name: 'cd ~ && ls > /dev/null | cat | cat &&', apply: (c) => `cd ~ && ls > /dev/null | cat | cat && ${c}` },
];

// Gap cases are the corpus runner's to hold (it asserts they still disagree); here they would only repeat it.
const bashCases = loadCorpus().filter((c) => c.shell === 'bash' && c.command.length < 4_000 && c.home === '/home/dev' && c.gap === undefined);

function generated(count: number): SandboxRun[] {
  const spelt = bashCases.filter((c) => hasToken(c.command));
  const listing = bashCases.filter((c) => listsFiles(c.command));
  const arb = fc.oneof(
    fc.tuple(fc.constantFrom(...bashCases), fc.array(fc.constantFrom(...ENVELOPES, ...CD_CHAINS), { minLength: 1, maxLength: 3 })),
    fc.tuple(fc.constantFrom(...spelt), fc.array(fc.constantFrom(...SPELLINGS, ...ENVELOPES, ...CD_CHAINS), { minLength: 1, maxLength: 3 })),
    // The shell's state: branches, failing cd, functions, eval and source, traps, arithmetic, special parameters, glob cd.
    fc.tuple(fc.constantFrom(...bashCases), fc.array(fc.constantFrom(...STATE_FORMS, ...ENVELOPES), { minLength: 1, maxLength: 3 })),
    // A tree whose names split into other paths, before a line that hands a lister's output to a reader.
    fc.tuple(fc.constantFrom(...listing), fc.array(fc.constantFrom(...HOSTILE_NAMES), { minLength: 1, maxLength: 2 })),
  );
  return fc.sample(arb, { numRuns: count, seed: SEED }).map(([c, ts]: [CorpusCase, Transform[]]) => ({ command: applyAll(c.command, ts), cwd: c.cwd, home: c.home }));
}

// Sweeps over the tree (find's name tests, handed to -delete, -exec, xargs or a loop) that may reach an agent's own
// setup planted in the sandbox (.claude/hooks/*.sh, .pi/extensions/*.ts, .cursor/hooks.json, ~/.codex/hooks.json);
// some cannot (`*.go`, `-not -path '*/.*'`, `find src`), and must keep passing.
const SWEEP_FORMS: ((glob: string) => string)[] = [
  (g) => `find . -name '${g}' -delete`,
  (g) => `find . -type f -name '${g}' -exec sed -i 's/e/E/' {} +`,
  (g) => `find . -name '${g}' | xargs rm -f`,
  (g) => `find . -name '${g}' -print0 | xargs -0 rm -f`,
  (g) => `for f in $(find . -name '${g}'); do rm -f "$f"; done`,
  (g) => `find . -name '${g}' -exec truncate -s 0 {} \\;`,
  (g) => `find . -name '${g}' -exec mv {} /tmp \\;`,
  (g) => `find ~ -name '${g}' -delete`,
  (g) => `find . -type f -name '${g}' -not -path '*/.*' -delete`,
  (g) => `find src -name '${g}' -delete`,
  (g) => `rm -f .claude/hooks/${g}`,
  (g) => `sed -i 's/e/E/' .cursor/${g}`,
];
const SWEEP_GLOBS = ['*.sh', '*.ts', '*.json', '*', 'guard*', '*.go', '*.txt', '*.py', 'hooks.json', '*.[jt]s*', 'block-*'];

function sweeps(count: number): SandboxRun[] {
  const arb = fc.tuple(fc.constantFrom(...SWEEP_FORMS), fc.constantFrom(...SWEEP_GLOBS));
  return fc.sample(arb, { numRuns: count, seed: SEED }).map(([form, glob]) => ({ command: form(glob), cwd: '/home/dev/project', home: '/home/dev' }));
}

/** Whether the guard, as a host runs it, lets the line run as a shell tool call (a fresh guard: no reads remembered). */
function guardPasses(line: SandboxRun): boolean {
  const guard = createGuard({ analyzer, dependencies: { home: line.home } });
  return guard.decide({ tool: 'Bash', input: { command: line.command }, cwd: line.cwd }) === undefined;
}

let analyzer: Analyzer;
beforeAll(async () => {
  analyzer = await createAnalyzer();
});

interface Tally {
  runs: number;
  harmful: number;
  /** Runs that changed the guard's own setup (judged by the guard's verdict). */
  setup: number;
  timedOut: number;
  soundness: { command: string; what: string[] }[];
  unnamed: Map<string, number>;
  /** The first command lines in which bash ran each unnamed program, to look into. */
  unnamedExamples: Map<string, string[]>;
  imprecise: Map<string, number>;
}

async function runOracle(lines: SandboxRun[]): Promise<Tally> {
  const t: Tally = { runs: 0, harmful: 0, setup: 0, timedOut: 0, soundness: [], unnamed: new Map(), unnamedExamples: new Map(), imprecise: new Map() };
  const obs = await observeAll(lines, 2);
  for (const [i, line] of lines.entries()) {
    // A line that traps the parser replaces its runtime in the background: wait, never judge with it down.
    await initParser('bash');
    const o = obs[i]!;
    const r: OracleResult = compare(analyzer.analyze({ command: line.command, shell: 'bash', cwd: line.cwd, home: line.home }), o, analyzer.config, guardPasses(line));
    t.runs++;
    if (o.timedOut) t.timedOut++;
    if (r.harmful.length > 0) t.harmful++;
    if (o.setupChanged.length > 0) t.setup++;
    if (r.soundness.length > 0) t.soundness.push({ command: line.command, what: r.soundness });
    for (const p of r.unnamed) {
      t.unnamed.set(p, (t.unnamed.get(p) ?? 0) + 1);
      const examples = t.unnamedExamples.get(p) ?? [];
      if (examples.length < 3) t.unnamedExamples.set(p, [...examples, line.command]);
    }
    for (const p of r.imprecise) t.imprecise.set(p, (t.imprecise.get(p) ?? 0) + 1);
  }
  return t;
}

function report(name: string, t: Tally): void {
  const top = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([p, n]) => `${p}×${n}`)
      .join(' ');
  console.log(
    `oracle ${name}: seed=${SEED} runs=${t.runs} harmful=${t.harmful} (setup changed ${t.setup}) soundness-failures=${t.soundness.length} timed-out=${t.timedOut}\n` +
      `  unnamed programs (bash ran, vouch passed without naming): ${[...t.unnamed.values()].reduce((a, b) => a + b, 0)} ${top(t.unnamed)}\n` +
      `  imprecision (vouch named, bash never attempted): ${[...t.imprecise.values()].reduce((a, b) => a + b, 0)} ${top(t.imprecise)}`,
  );
  for (const s of t.soundness.slice(0, 20)) console.log(`  SOUNDNESS ${JSON.stringify(s.command)}: ${s.what.join('; ')}`);
  for (const [p, examples] of t.unnamedExamples) console.log(`  unnamed ${p}: ${examples.map((e) => JSON.stringify(e)).join(' | ')}`);
}

describeWhen('differential oracle against bash in bubblewrap', unavailable, () => {
  it('the sandbox has no network and no host files', async () => {
    const [o] = await observeAll([{ command: 'exec 3<>/dev/tcp/1.1.1.1/53; /usr/bin/node --version; cat /etc/passwd; read -r x < /etc/hostname', cwd: '/home/dev/project', home: '/home/dev' }], 1);
    // Nothing of the host is mounted: the redirection finds no file, and the connect found no network.
    expect(o!.opened.map((x) => x.path)).not.toContain('/etc/hostname');
    expect(o!.connected).toBe(true);
    expect(o!.attempts.map((a) => a.program)).toContain('node');
    expect(o!.attempts.map((a) => a.program)).toContain('cat');
  });

  it('sees what bash attempts: programs by name and path, wrapped programs, secrets and /dev/tcp', async () => {
    const [o] = await observeAll([{ command: 'sudo -E timeout 5 nc -l 1; /opt/x/curl y; cat < ~/.ssh/id_rsa; echo > /dev/tcp/10.9.9.9/1', cwd: '/home/dev/project', home: '/home/dev' }], 1);
    const r = compare(analyzer.analyze({ command: 'true', shell: 'bash', cwd: '/home/dev/project', home: '/home/dev' }), o!, analyzer.config);
    expect(r.harmful).toEqual(expect.arrayContaining(['started nc', 'started curl', 'opened the secret /home/dev/.ssh/id_rsa', 'tried to connect']));
    expect(r.soundness.length).toBe(r.harmful.length);
  });

  it('a connection to an allowed host (loopback) and a client sent only there are no egress; elsewhere they are', async () => {
    const [local, away] = await observeAll(
      [
        { command: 'echo > /dev/tcp/127.0.0.1/1; curl -s -m 1 http://localhost:1/health', cwd: '/home/dev/project', home: '/home/dev' },
        { command: 'curl -s -m 1 http://localhost@10.9.9.9:1/', cwd: '/home/dev/project', home: '/home/dev' },
      ],
      1,
    );
    const passed = analyzer.analyze({ command: 'true', shell: 'bash', cwd: '/home/dev/project', home: '/home/dev' });
    expect(local!.connected).toBe(true);
    expect(compare(passed, local!, analyzer.config).harmful).toEqual([]);
    expect(compare(passed, away!, analyzer.config).harmful).toEqual(expect.arrayContaining(['started curl']));
  });

  it('a client whose destinations are static text on its stdin is judged by them, as vouch read that same call', async () => {
    const line = (command: string) => ({ command, cwd: '/home/dev/project', home: '/home/dev' });
    const commands = ['echo "GET http://localhost:8080/api/items" | vegeta attack -duration=1s', 'echo "GET http://evil.example/api/items" | vegeta attack -duration=1s'];
    const [local, away] = await observeAll(commands.map(line), 1);
    const [readLocal, readAway] = commands.map((command) => analyzer.analyze({ command, shell: 'bash', cwd: '/home/dev/project', home: '/home/dev' }));
    expect(compare(readLocal!, local!, analyzer.config).harmful).toEqual([]);
    expect(compare(readAway!, away!, analyzer.config).harmful).toEqual(expect.arrayContaining(['started vegeta']));
  });

  it('sees a secret variable printed: its value in the output is harmful, its length or a file holding it is not', async () => {
    const line = (command: string) => ({ command, cwd: '/home/dev/project', home: '/home/dev' });
    const commands = ['sed -n p <<< "$GITHUB_TOKEN"', 'echo "${#GITHUB_TOKEN}"; echo "$NPM_TOKEN" > /tmp/t'];
    const [printed, kept] = await observeAll(commands.map(line), 1);
    const passed = analyzer.analyze({ command: 'true', shell: 'bash', cwd: '/home/dev/project', home: '/home/dev' });
    expect(compare(passed, printed!, analyzer.config).harmful).toEqual(['printed $GITHUB_TOKEN']);
    expect(compare(passed, kept!, analyzer.config).harmful).toEqual([]);
  });

  it("sees the guard's own setup changed, judged by the guard: a sweep of *.sh takes a hook, one of *.go does not", async () => {
    const line = (command: string) => ({ command, cwd: '/home/dev/project', home: '/home/dev' });
    const [hooks, go, moved] = await observeAll([line("find . -name '*.sh' -delete"), line("find . -name '*.go' -delete"), line('mv ~/.codex/hooks.json /tmp; sed -i s/e/E/ .mcp.json')], 1);
    const passed = analyzer.analyze({ command: 'true', shell: 'bash', cwd: '/home/dev/project', home: '/home/dev' });
    expect(compare(passed, hooks!, analyzer.config).harmful).toEqual(["changed the guard's setup /home/dev/project/.claude/hooks/block-rm.sh"]);
    expect(compare(passed, go!, analyzer.config).harmful).toEqual([]);
    expect(compare(passed, moved!, analyzer.config).harmful).toEqual(expect.arrayContaining(["changed the guard's setup /home/dev/.codex/hooks.json", "changed the guard's setup /home/dev/project/.mcp.json"]));
    // Judged against the guard's verdict, not the analyzer's: the guard refuses the sweep, so no soundness failure.
    expect(guardPasses(line("find . -name '*.sh' -delete"))).toBe(false);
    expect(compare(passed, hooks!, analyzer.config, false).soundness).toEqual([]);
    expect(compare(passed, hooks!, analyzer.config, true).soundness).toEqual(["changed the guard's setup /home/dev/project/.claude/hooks/block-rm.sh"]);
    expect(guardPasses(line("find . -name '*.go' -delete"))).toBe(true);
  });

  it("runs xargs as GNU xargs does: -0 keeps its NULs with -I, so a name holding newlines is one item", async () => {
    // Seed 20261205 found the emulation reading lines under `-0 -I{}`: `/home/dev`, a line of a directory's name, was moved.
    const line = (command: string) => ({ command, cwd: '/home/dev/project', home: '/home/dev' });
    const [nul] = await observeAll([line("mkdir -p $'b\\n/home/dev\\n/x.orig'; find . -name '*.orig' -print0 | xargs -0 -I{} mv {} {}.bak")], 1);
    const passed = analyzer.analyze({ command: 'true', shell: 'bash', cwd: '/home/dev/project', home: '/home/dev' });
    expect(compare(passed, nul!, analyzer.config).harmful).toEqual([]);
    expect(nul!.removed.map((r) => r.path)).toEqual(['/home/dev/project/b\n/home/dev\n/x.orig']);
  });

  it('sees what is deleted: a directory outside the project is harmful, a directory in it is not', async () => {
    const line = (command: string) => ({ command, cwd: '/home/dev/project', home: '/home/dev' });
    const [out, inside] = await observeAll([line('rm -rf ~/.aws; mv ~/.kube /tmp/k'), line('rm -rf packages')], 1);
    const passed = analyzer.analyze({ command: 'true', shell: 'bash', cwd: '/home/dev/project', home: '/home/dev' });
    expect(compare(passed, out!, analyzer.config).harmful).toEqual(expect.arrayContaining(['deleted the directory /home/dev/.aws', 'renamed away the directory /home/dev/.kube']));
    expect(out!.removed.map((r) => r.path)).toContain('/home/dev/.aws/credentials');
    expect(inside!.removed.map((r) => r.path)).toContain('/home/dev/project/packages');
    expect(compare(passed, inside!, analyzer.config).harmful).toEqual([]);
  });

  it("cannot change this machine's kernel settings: /proc/sys is read-only, and root only inside the sandbox", async () => {
    // (Both were written from the sandbox once: a generated `echo 3 | tee /proc/sys/vm/drop_caches`, a core_pattern.)
    const script = 'for f in /proc/sys/kernel/core_pattern /proc/sys/vm/drop_caches; do test -w "$f" && echo "writable $f"; done; echo 3 > /proc/sys/vm/drop_caches && echo wrote; echo done';
    const out = await runScript(script, '', { home: '/home/dev', cwd: '/home/dev/project', timeoutMs: 10_000 });
    expect(out.stdout.trim()).toBe('done');
  });

  it("runs the machine's interpreters, and sees what their code connects to, opens and starts", async () => {
    const have = sandboxInterpreters().map((i) => i.split(' ')[0]);
    const probes: Record<string, string> = {
      python3: `python3 -c 'import socket; socket.socket().connect(("10.9.9.9", 9))'; python3 -c 'print(open("/home/dev/.ssh/id_rsa").read())'; python3 -c 'import os; os.system("curl x")'`,
      node: `node -e 'require("net").connect(9, "10.9.9.9").on("error", () => {})'; node -e 'require("fs").readFileSync("/home/dev/.aws/credentials")'; node -e 'require("child_process").spawnSync("wget", ["x"])'`,
      perl: `perl -MIO::Socket::INET -e 'IO::Socket::INET->new("10.9.9.9:9")'; perl -e 'open(F, "<", "$ENV{HOME}/.netrc"); print <F>'; perl -e 'system("nc", "x", "9")'`,
    };
    for (const [name, command] of Object.entries(probes)) {
      if (!have.includes(name)) continue;
      const [o] = await observeAll([{ command, cwd: '/home/dev/project', home: '/home/dev' }], 1);
      const r = compare(analyzer.analyze({ command: 'true', shell: 'bash', cwd: '/home/dev/project', home: '/home/dev' }), o!, analyzer.config);
      expect(r.harmful, name).toEqual(expect.arrayContaining(['tried to connect', expect.stringMatching(/^opened the secret /), expect.stringMatching(/^started (curl|wget|nc)$/)]));
    }
  });

  it('finds no soundness failure on corpus lines that run interpreter code, each run by its interpreter', async () => {
    const code = bashCases.filter((c) => /\b(python[23]?|node|perl|ruby|php|deno|bun)\b/.test(c.command));
    const t = await runOracle(code.map((c) => ({ command: c.command, cwd: c.cwd, home: c.home })));
    report(`interpreters [${sandboxInterpreters().join(', ')}]`, t);
    expect(t.harmful, 'no interpreter line did anything harmful: the interpreters are not running').toBeGreaterThan(0);
    expect(t.soundness.map((s) => `${s.command} → ${s.what.join('; ')}`)).toEqual([]);
  }, 600_000);

  it('finds no soundness failure on corpus lines and generated rewrites of them', async () => {
    const corpusRuns = LONG ? bashCases : bashCases.filter((_, i) => i % 4 === 0);
    const lines: SandboxRun[] = [...corpusRuns.map((c) => ({ command: c.command, cwd: c.cwd, home: c.home })), ...generated(runs(80, 20_000)), ...sweeps(runs(24, 2_000))];
    const t = await runOracle(lines);
    report(LONG ? 'long' : 'short', t);
    expect(t.harmful, 'the oracle saw nothing harmful at all: the sandbox is not observing').toBeGreaterThan(0);
    expect(t.soundness.map((s) => `${s.command} → ${s.what.join('; ')}`)).toEqual([]);
  }, 3_600_000);
});

