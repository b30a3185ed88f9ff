// npm run bench:serve — a load test of `vouch serve --workers 2` on 127.0.0.1 (never another address): keep-alive
// clients POST nl2bash lines (data, never run) as Claude Code events, in three phases, each bounded in count:
//   clean    every request a good event: p50/p99 latency, requests/s, errors (must be 0), the server's RSS
//   mixed    10% bad (5% malformed JSON, 5% bodies over --max-body): each bad one answered with a denial or a
//            4xx, every good one answered, the server alive at the end
//   kill     the server killed with SIGKILL halfway, then started again on the same port: the requests sent
//            while it is down fail to connect (Claude Code's "onFailure": "block" blocks them), and it serves again
//   node bench/serve.mjs [--requests N] [--clients N] [--workers N]
// Writes bench/results/serve.json.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { corpus, machine, median, mib, numberOption, ROOT, round, stats, writeResult } from './lib.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => numberOption(args, name, fallback);
const REQUESTS = opt('requests', 100_000);
const CLIENTS = opt('clients', 64);
const WORKERS = opt('workers', 2);
const MAX_BODY = 64 * 1024;
const BIN = join(ROOT, 'dist', 'cli', 'vouch.cjs');
/** No phase may run longer than this; the script stops itself. */
const PHASE_LIMIT_MS = 15 * 60 * 1000;

const lines = corpus('nl2bash.cm');
const event = (command) => JSON.stringify({ session_id: 'bench', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, cwd: '/tmp' });
const oversized = JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { file_path: '/tmp/x', content: 'x'.repeat(MAX_BODY + 1024) }, cwd: '/tmp' });

/** The server's resident memory, threads included (they share the process). */
function rssOf(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

function startServer(port) {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', String(port), '--workers', String(WORKERS), '--max-body', String(MAX_BODY), '--max-queue', '1024'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, HOME: '/tmp/vouch-bench-home' },
  });
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]), exited });
    });
    exited.then((code) => reject(new Error(`vouch serve exited (${code}) before it listened`)));
  });
}

function post(agent, port, body) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/hook/claude-code', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode, body: text, us: (performance.now() - t0) * 1000 }));
      res.on('error', (err) => resolve({ error: err.code ?? err.message, us: (performance.now() - t0) * 1000 }));
    });
    req.on('error', (err) => resolve({ error: err.code ?? err.message, us: (performance.now() - t0) * 1000 }));
    req.end(body);
  });
}

/** What an answer to a good event must be: Claude Code's "no opinion" (empty) or its denial. */
const goodAnswer = (r) => r.status === 200 && (r.body === '' || JSON.parse(r.body).hookSpecificOutput?.permissionDecision === 'deny');
/** What an answer to a bad one must be: a denial in Claude Code's shape, or a 4xx. */
const badAnswer = (r) => (r.status >= 400 && r.status < 500) || (r.status === 200 && JSON.parse(r.body).hookSpecificOutput?.permissionDecision === 'deny');

/**
 * `count` requests from `CLIENTS` keep-alive clients against the server on `port`; `kind(i)` says what request i
 * sends. `during(i)` runs as request i is sent (the kill phase kills and restarts there).
 */
async function phase(name, port, count, kind, during) {
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
  const latencies = [];
  const tally = { good: 0, goodAnswered: 0, goodWrong: 0, bad: 0, badAnswered: 0, badWrong: 0, errors: 0, errorKinds: {}, denied: 0 };
  let next = 0;
  const started = performance.now();
  const deadline = started + PHASE_LIMIT_MS;
  const client = async () => {
    while (next < count && performance.now() < deadline) {
      const i = next++;
      await during?.(i);
      const k = kind(i);
      const body = k === 'malformed' ? event(lines[i % lines.length]).slice(0, 40) : k === 'oversized' ? oversized : event(lines[i % lines.length]);
      const r = await post(agent, port.current, body);
      if (r.error) {
        tally.errors++;
        tally.errorKinds[r.error] = (tally.errorKinds[r.error] ?? 0) + 1;
        continue;
      }
      if (k === 'good') {
        tally.good++;
        latencies.push(r.us);
        if (goodAnswer(r)) {
          tally.goodAnswered++;
          if (r.body !== '') tally.denied++;
        } else tally.goodWrong++;
      } else {
        tally.bad++;
        if (badAnswer(r)) tally.badAnswered++;
        else tally.badWrong++;
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  agent.destroy();
  const seconds = (performance.now() - started) / 1000;
  const s = stats(latencies);
  const result = { phase: name, requests: next, seconds: round(seconds), requestsPerSecond: Math.round(next / seconds), p50Us: s.p50, p99Us: s.p99, ...tally };
  process.stdout.write(
    `${name.padEnd(6)} ${next} requests in ${result.seconds} s: ${result.requestsPerSecond} req/s, p50 ${round(s.p50 / 1000)} ms, p99 ${round(s.p99 / 1000)} ms; good ${tally.goodAnswered}/${tally.good} answered (${tally.denied} denied), bad ${tally.badAnswered}/${tally.bad} answered as a denial or 4xx, connection errors ${tally.errors}${tally.errors ? ` ${JSON.stringify(tally.errorKinds)}` : ''}\n`,
  );
  return result;
}

async function main() {
  let server = await startServer(0);
  const port = { current: server.port };
  const out = { machine: machine(), clients: CLIENTS, workers: WORKERS, maxBody: MAX_BODY, phases: [] };
  // Warm-up, not counted: the workers' first analyses, and their heaps grown to the size they keep.
  await phase('warmup', port, Math.min(10_000, REQUESTS), () => 'good');
  const rssStart = rssOf(server.child.pid);
  const rssSamples = [];
  const sampler = setInterval(() => rssSamples.push(rssOf(server.child.pid)), 1000);
  out.phases.push(await phase('clean', port, REQUESTS, () => 'good'));
  const rssEnd = rssOf(server.child.pid);
  out.phases.push(await phase('mixed', port, REQUESTS, (i) => (i % 20 === 7 ? 'malformed' : i % 20 === 13 ? 'oversized' : 'good')));
  out.serverAliveAfterMixed = server.child.exitCode === null && server.child.signalCode === null;
  const rssAfterMixed = rssOf(server.child.pid);
  clearInterval(sampler);
  // The trend: the median of the last quarter of the samples against that of the first (as bench:memory reads it).
  const samples = rssSamples.filter(Boolean);
  const quarter = Math.max(1, Math.floor(samples.length / 4));
  out.rss = {
    afterWarmupMiB: mib(rssStart),
    afterCleanMiB: mib(rssEnd),
    afterMixedMiB: mib(rssAfterMixed),
    maxMiB: mib(Math.max(...samples, rssAfterMixed)),
    trendMiB: mib(median(samples.slice(-quarter)) - median(samples.slice(0, quarter))),
  };
  process.stdout.write(
    `RSS of vouch serve: ${out.rss.afterWarmupMiB} MiB after warm-up, ${out.rss.afterCleanMiB} MiB after the clean phase, ${out.rss.afterMixedMiB} MiB after the mixed one (max ${out.rss.maxMiB}); trend over both ${out.rss.trendMiB} MiB (last quarter of the samples against the first)\n`,
  );

  // Kill -9 halfway, start again on the same port a moment later.
  const killCount = Math.max(2000, Math.floor(REQUESTS / 10));
  let killedAt;
  let restartedAt;
  const first = server;
  const killPhase = await phase('kill', port, killCount, () => 'good', async (i) => {
    if (i === Math.floor(killCount / 2) && killedAt === undefined) {
      killedAt = performance.now();
      first.child.kill('SIGKILL');
      await first.exited;
      server = await startServer(first.port);
      restartedAt = performance.now();
    }
  });
  killPhase.restartMs = round(restartedAt - killedAt);
  out.phases.push(killPhase);
  process.stdout.write(`kill   the server was down ${killPhase.restartMs} ms (SIGKILL to listening again); the connections that failed meanwhile: ${killPhase.errors}\n`);
  server.child.kill('SIGTERM');
  out.stoppedCleanly = (await server.exited) === 0;
  const clean = out.phases[0];
  const mixed = out.phases[1];
  out.ok =
    clean.errors === 0 &&
    clean.goodAnswered === clean.requests &&
    mixed.errors === 0 &&
    mixed.goodWrong === 0 &&
    mixed.badWrong === 0 &&
    mixed.goodAnswered + mixed.badAnswered === mixed.requests &&
    out.serverAliveAfterMixed &&
    killPhase.goodWrong === 0 &&
    killPhase.goodAnswered > 0;
  writeResult('serve.json', out);
  process.stdout.write(`${out.ok ? 'ok' : 'FAILED'}: results in bench/results/serve.json\n`);
  if (!out.ok) process.exitCode = 1;
}

main().catch((err) => {
  process.stderr.write(`bench:serve: ${err.stack ?? err}\n`);
  process.exitCode = 1;
});
