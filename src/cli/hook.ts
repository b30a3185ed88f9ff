// `vouch hook AGENT`: reads one pre-tool-call event on stdin and answers in the agent's shape; fails closed.
import { GUARD_RULES } from '../guard/index.js';
import { AGENTS, type Agent, answer, FORMAT, type HookAnswer, parseHookEvent, refusal } from '../integrations/hooks.js';
import { Guards, inspectShell } from './analyze.js';
import type { LineSource } from './lines.js';
import { parseHookArgs } from './options.js';
import { type CliIo, EXIT, oneLine, UsageError } from './run.js';

/** Largest event read; a tool call bigger than this is denied rather than buffered without end. */
const MAX_EVENT_BYTES = 16 * 1024 * 1024;

async function readEvent(stdin: LineSource): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array);
    size += buf.length;
    if (size > MAX_EVENT_BYTES) return undefined;
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function isAgent(name: string): name is Agent {
  return (AGENTS as readonly string[]).includes(name);
}

/** Decides one event; every failure past argument parsing is a denial in the agent's shape. */
export async function decideEvent(agent: Agent, text: string | undefined, guards: Guards, home: string, cwd: string): Promise<HookAnswer> {
  if (text === undefined) return refusal(FORMAT[agent], `the ${agent} hook event is larger than ${MAX_EVENT_BYTES} bytes`);
  const request = parseHookEvent(agent, text, cwd);
  if (request.kind === 'ignore') return answer(request.format, undefined);
  if (request.kind === 'malformed') return refusal(request.format, request.reason);
  try {
    const shell = request.shell;
    if (!shell) return answer(request.format, (await guards.get(undefined, home)).decide(request.call));
    const inspected = await inspectShell(guards, shell, home, request.call);
    if (typeof inspected === 'string') return refusal(request.format, inspected);
    return answer(request.format, inspected.verdict);
  } catch (err) {
    return refusal(request.format, `vouch could not decide this call: ${oneLine(err)}`, GUARD_RULES.internalError);
  }
}

export async function runHook(argv: string[], io: CliIo): Promise<number> {
  const env = io.env ?? process.env;
  const cwd = io.cwd ?? process.cwd();
  const options = parseHookArgs(argv, env, cwd);
  if (!isAgent(options.agent)) throw new UsageError(`unknown agent '${options.agent}' (expected one of: ${AGENTS.join(', ')})`);
  const agent = options.agent;
  const stdin = io.stdin ?? process.stdin;
  if (stdin.isTTY) throw new UsageError(`vouch hook ${agent} reads the agent's event on stdin; it is meant to be run by ${agent}`);
  let text: string | undefined;
  try {
    text = await readEvent(stdin);
  } catch (err) {
    const denied = refusal(FORMAT[agent], `vouch could not read the hook event: ${oneLine(err)}`, GUARD_RULES.internalError);
    io.stdout(denied.stdout);
    return denied.exitCode;
  }
  const result = await decideEvent(agent, text, new Guards(options.policy), options.home, cwd);
  io.stdout(result.stdout);
  return result.exitCode === 0 ? EXIT.pass : result.exitCode;
}
