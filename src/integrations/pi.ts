// vouch/pi: an extension for the pi coding agent that puts the guard in front of every tool call.
import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import type { Analyzer } from '../analyzer.js';
import type { Guard, GuardDependencies, GuardPolicy } from '../guard/index.js';
import type { Dialect } from '../types.js';
import { archiveProbe, linkedWorktreeProbe, realpathProbe, statProbe, textProbe } from './probe.js';

/** The part of pi's `tool_call` event vouch reads. */
export interface PiToolCallEvent {
  toolName: string;
  toolCallId?: string;
  input: unknown;
}

/** The part of pi's `tool_result` event vouch reads. */
export interface PiToolResultEvent {
  toolName: string;
  toolCallId?: string;
  input: unknown;
  isError?: boolean;
}

/** The part of pi's extension context vouch reads: the session's working directory. */
export interface PiContext {
  cwd: string;
}

export interface PiBlock {
  block: true;
  reason: string;
}

/** The part of pi's `ExtensionAPI` the extension uses (`@earendil-works/pi-coding-agent` 1.x, and `@mariozechner/pi-coding-agent` before it). */
export interface PiExtensionAPI {
  on(event: 'tool_call', handler: (event: PiToolCallEvent, ctx: PiContext) => Promise<PiBlock | undefined>): void;
  on(event: 'tool_result', handler: (event: PiToolResultEvent, ctx: PiContext) => Promise<undefined>): void;
  on(event: 'session_start', handler: (event: unknown, ctx: PiContext) => Promise<undefined>): void;
  /** The tools pi registers (absent from stand-ins and older pi). */
  getAllTools?(): Array<string | { name: string }>;
}

export interface VouchPiOptions {
  /** A guard to use as is (tests, hosts that share one); otherwise one is built from `policy` and `analyzer`. */
  guard?: Guard;
  /** Policy keys over the defaults; `shellTools` defaults to pi's `bash` alone. */
  policy?: Partial<GuardPolicy>;
  /** An analyzer already loaded; otherwise one is created for the dialects of `shellTools`. */
  analyzer?: Analyzer;
  /** The home directory (default: `os.homedir()`). */
  home?: string;
  /** Reads a file's mtime for the read tracker (default: `fs.statSync`); undefined when it cannot be read. */
  mtimeOf?: (path: string) => number | undefined;
}

/** pi's file readers: a successful read is recorded so the guard can tell a write after a read from a blind one. */
const READ_TOOLS = new Set(['read']);
/** pi's file writers: the agent's own write or edit counts as a read of what it wrote (a second edit is not stale). */
const WRITE_TOOLS = new Set(['write', 'edit']);

function defaultMtime(path: string): number | undefined {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/** The names of the tools pi registers, so a policy naming a shell tool pi lacks is caught (older pi: plain names). */
function hostToolsOf(pi: PiExtensionAPI): (() => string[]) | undefined {
  const all = pi.getAllTools;
  if (typeof all !== 'function') return undefined;
  return () => all.call(pi).map((t) => (typeof t === 'string' ? t : t.name));
}

/** pi's one shell tool; a policy that names others must also register them in pi. */
const PI_SHELL_TOOLS: Record<string, Dialect> = { bash: 'bash' };

async function buildGuard(options: VouchPiOptions, pi: PiExtensionAPI): Promise<Guard> {
  if (options.guard) return options.guard;
  const policy: Partial<GuardPolicy> = { shellTools: PI_SHELL_TOOLS, ...options.policy };
  const dialects = [...new Set(Object.values(policy.shellTools ?? {}))].filter((d): d is Dialect => d === 'bash' || d === 'powershell');
  const [{ createGuard }, { createAnalyzer }] = await Promise.all([import('../guard/index.js'), import('../analyzer.js')]);
  const analyzer = options.analyzer ?? (await createAnalyzer({ dialects: dialects.length > 0 ? dialects : ['bash'] }));
  // pi's bash tool takes its timeout in seconds; its read tool results feed the tracker, so file state is checked.
  const dependencies: GuardDependencies = { home: options.home ?? homedir(), fs: statProbe, realpath: realpathProbe, isLinkedWorktree: linkedWorktreeProbe, readText: textProbe, listArchive: archiveProbe, timeoutUnit: 's' };
  const hostTools = hostToolsOf(pi);
  if (hostTools) dependencies.hostTools = hostTools;
  return createGuard({ policy, analyzer, dependencies });
}

/**
 * pi has no MCP of its own: pi-mcp-adapter gives it one proxy tool, `mcp`, called `{tool, args}` (`args` an object or
 * the same as JSON text), the tool named `<server>_<tool>` with the server's words joined by `_` too, so the name
 * cannot be split back: it is placed under no server, and `server` is used when the call names one. Any other call of
 * the proxy (a search, a description) runs nothing and is judged as it is.
 */
async function piMcpCall(toolName: string, input: unknown): Promise<{ tool: string; input: unknown } | undefined> {
  if (toolName !== 'mcp' || typeof input !== 'object' || input === null) return undefined;
  const { tool, server } = input as Record<string, unknown>;
  const args = (input as Record<string, unknown>).args ?? (input as Record<string, unknown>).arguments;
  if (typeof tool !== 'string' || tool === '') return undefined;
  const { jsonArguments, mcpToolName } = await import('../guard/tools.js');
  const parsed = jsonArguments(args);
  // The adapter refuses args that are not JSON; the guard is shown the call as it came.
  if (parsed === undefined) return undefined;
  return { tool: mcpToolName(typeof server === 'string' ? server : '', tool), input: parsed.value };
}

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n', 1)[0];

/**
 * The extension factory: `export default vouchPi({ policy })` in a pi extension file, or pass the result to pi.
 * Every handler fails closed: a guard that cannot load blocks each tool call with the reason.
 */
export function vouchPi(options: VouchPiOptions = {}): (pi: PiExtensionAPI) => void {
  return (pi) => {
    // Loading grammars is async; start at once and let the first tool call wait for it.
    const ready = buildGuard(options, pi);
    ready.catch(() => undefined);
    const mtimeOf = options.mtimeOf ?? defaultMtime;

    pi.on('tool_call', async (event, ctx) => {
      try {
        const guard = await ready;
        const call: Parameters<Guard['decide']>[0] = { ...((await piMcpCall(event.toolName, event.input)) ?? { tool: event.toolName, input: event.input }), cwd: ctx.cwd };
        if (event.toolCallId !== undefined) call.id = event.toolCallId;
        const verdict = guard.decide(call);
        return verdict ? { block: true, reason: `vouch: ${verdict.reason} [${verdict.rule}]` } : undefined;
      } catch (err) {
        return { block: true, reason: `vouch could not check this tool call: ${reasonOf(err)}` };
      }
    });

    pi.on('tool_result', async (event, ctx) => {
      const writes = WRITE_TOOLS.has(event.toolName);
      if (event.isError || !(READ_TOOLS.has(event.toolName) || writes)) return undefined;
      const input = event.input as { path?: unknown; offset?: unknown; limit?: unknown } | null;
      if (!input || typeof input.path !== 'string' || input.path === '') return undefined;
      try {
        const guard = await ready;
        // `~` stays for the tracker, which knows the guard's home; the file's mtime is read where it really is.
        const home = input.path === '~' || input.path.startsWith('~/');
        const path = home || isAbsolute(input.path) ? input.path : resolve(ctx.cwd, input.path);
        const partial = input.offset !== undefined || input.limit !== undefined;
        const mtimeMs = mtimeOf(home ? (options.home ?? homedir()) + path.slice(1) : path);
        // A file that cannot be stat'ed is left unrecorded: a later write to it is then treated as blind.
        if (mtimeMs === undefined) return undefined;
        if (writes) guard.tracker.recordWrite(path, { mtimeMs });
        else guard.tracker.recordRead(path, { partial, mtimeMs });
      } catch {
        // A read that cannot be recorded only means a later write is treated as blind: stricter, never looser.
      }
      return undefined;
    });

    pi.on('session_start', async () => {
      try {
        (await ready).tracker.reset();
      } catch {
        // No guard, nothing to reset; tool calls already fail closed.
      }
      return undefined;
    });
  };
}

export default vouchPi;
