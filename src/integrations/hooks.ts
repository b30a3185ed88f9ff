// Agent hooks: each agent's pre-tool-call event read as a tool call, and a verdict answered in the agent's own shape.
import { isAbsolute, resolve, win32 } from 'node:path';
import { GUARD_RULES, type ToolCall, type Verdict } from '../guard/index.js';
import { codeToolInput, jsonArguments, mcpShellInput, mcpToolName, noTypedText, nothingTyped, proxiedMcpCall, typedText, typingDialect } from '../guard/tools.js';
import type { Dialect } from '../types.js';
import { table } from '../table.js';

export const AGENTS = ['claude-code', 'codex', 'gemini', 'copilot', 'cursor'] as const;

/** The port `vouch serve` listens on, and `vouch init claude-code --http` points at, unless told otherwise. */
export const DEFAULT_SERVE_PORT = 7341;
export type Agent = (typeof AGENTS)[number];

/** The JSON dialect an answer is written in (Copilot speaks two, chosen by how its event was written). */
export type AnswerFormat = 'claude' | 'gemini' | 'copilot' | 'cursor';

/**
 * What a hook event asks. `shell` is set when the tool runs a command line: the caller routes it to the guard's
 * shell tool for that dialect, whatever the agent calls it. `ignore` is an event with nothing to decide.
 */
export type HookRequest =
  | { kind: 'call'; format: AnswerFormat; call: ToolCall; shell?: Dialect }
  | { kind: 'ignore'; format: AnswerFormat }
  | { kind: 'malformed'; format: AnswerFormat; reason: string };

/** What the hook process prints and how it exits. */
export interface HookAnswer {
  stdout: string;
  exitCode: number;
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

class Malformed extends Error {}

function fail(message: string): never {
  throw new Malformed(message);
}

function field(event: Json, name: string): unknown {
  return Object.hasOwn(event, name) ? event[name] : undefined;
}

function stringField(event: Json, name: string): string {
  const v = field(event, name);
  if (typeof v !== 'string' || v === '') fail(`\`${name}\` must be a non-empty string`);
  return v;
}

function objectField(event: Json, name: string): Json {
  const v = field(event, name);
  if (!isObject(v)) fail(`\`${name}\` must be an object`);
  return v;
}

/** The event's directory: absolute when given, the hook process's own directory when the agent sends none. */
function cwdOf(event: Json, fallback: string): string {
  const v = field(event, 'cwd');
  if (v === undefined || v === null || v === '') return fallback;
  // An agent on Windows sends `C:\\…`; the hook may be asked about it from any host.
  if (typeof v !== 'string' || !(isAbsolute(v) || win32.isAbsolute(v))) fail('`cwd` must be an absolute path');
  return v;
}

// Each agent's shell tools, by the name it sends, and the dialect their command line is written in.
const CLAUDE_SHELLS = table<Dialect>({ bash: 'bash', powershell: 'powershell' });
const GEMINI_SHELLS = table<Dialect>({ run_shell_command: 'bash' });
const COPILOT_SHELLS = table<Dialect>({ bash: 'bash', powershell: 'powershell' });
// Cursor runs commands in the user's terminal shell: PowerShell on Windows, a POSIX shell elsewhere.
const cursorDialect = (platform: NodeJS.Platform): Dialect => (platform === 'win32' ? 'powershell' : 'bash');
const CURSOR_SHELLS = new Set(['shell', 'terminal', 'run_terminal_cmd']);

// File tools given the guard's name for what they do (compared without case: `Create` is `create`), so a file
// creation is checked as a write (write roots, persistence, protected paths) and not only as a read.
const COPILOT_FILE_TOOLS = table<string>({ create: 'write', view: 'read' });
const CURSOR_FILE_TOOLS = table<string>({ strreplace: 'edit', delete: 'write', tabwrite: 'write' });

function toolCall(tool: string, input: unknown, cwd: string, id: unknown): ToolCall {
  const call: ToolCall = { tool, input, cwd };
  if (typeof id === 'string' && id !== '') call.id = id;
  return call;
}

// The input goes to the guard as the agent sent it: the guard reads `command` (a string, or Codex's argv list).
// `stdinLater`: the agent can type into the command's stdin after it starts, which no hook sees.
function shellCall(format: AnswerFormat, dialect: Dialect, tool: string, input: Json, cwd: string, id: unknown, stdinLater = false): HookRequest {
  const call = toolCall(tool, input, cwd, id);
  if (stdinLater) call.stdinLater = true;
  return { kind: 'call', format, shell: dialect, call };
}

/**
 * Agents whose shell sessions take typed input later, through a tool the hook never sees or sees only as text
 * (Codex `write_stdin` raises no hook; Copilot `write_bash`): a bare `bash` or `python3` they start is a shell the
 * agent types into unchecked.
 */
const TYPES_INTO_SESSIONS: ReadonlySet<Agent> = new Set(['codex', 'copilot']);

/** A typing tool's text as a shell call, or an event with nothing typed (polling for output) to let pass. */
function typedCall(format: AnswerFormat, dialect: Dialect, tool: string, input: Json, cwd: string, id: unknown): HookRequest {
  const text = typedText(input);
  if (typeof text !== 'string') fail(noTypedText(tool));
  if (nothingTyped(text)) return { kind: 'ignore', format };
  return shellCall(format, dialect, tool, { command: text }, cwd, id, true);
}

/** Codex sends `apply_patch`'s patch text in `tool_input.command`; the guard reads a patch from `patch`. */
function codexPatch(input: Json): Json {
  const command = field(input, 'command');
  return typeof command === 'string' && field(input, 'patch') === undefined && field(input, 'input') === undefined ? { patch: command } : input;
}

/** Claude Code `PreToolUse`, and Codex's hooks, which copy its wire format. */
function claudeLike(event: Json, fallbackCwd: string, agent: Agent = 'claude-code'): HookRequest {
  const name = field(event, 'hook_event_name');
  if (name !== undefined && name !== 'PreToolUse') return { kind: 'ignore', format: 'claude' };
  const tool = stringField(event, 'tool_name');
  const input = objectField(event, 'tool_input');
  const cwd = cwdOf(event, fallbackCwd);
  const shell = CLAUDE_SHELLS[tool.toLowerCase()];
  if (shell) return shellCall('claude', shell, tool, input, cwd, field(event, 'tool_use_id'), TYPES_INTO_SESSIONS.has(agent));
  const typing = typingDialect(tool);
  if (typing) return typedCall('claude', typing, tool, input, cwd, field(event, 'tool_use_id'));
  const toolInput = tool.toLowerCase() === 'apply_patch' ? codexPatch(input) : input;
  return { kind: 'call', format: 'claude', call: toolCall(tool, toolInput, cwd, field(event, 'tool_use_id')) };
}

// Gemini CLI's content search (`grep_search`, `search_file_content` before it): `include_pattern` names the files
// it reads, which the guard checks under `include`; with no `dir_path` it searches the directory it runs in.
const GEMINI_SEARCH_TOOLS = new Set(['grep_search', 'search_file_content']);

/** A search's input as the guard reads a search: Gemini's keys kept, the guard's added beside them. */
function geminiSearchInput(input: Json): Json {
  const out: Json = { ...input };
  const include = field(input, 'include_pattern');
  // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator: equivalent — Gemini's search sends no `include` of its own, and an `include` set to undefined reads as none.
  if (include !== undefined && out.include === undefined) out.include = include;
  // A null `path` (`??` passes a null dir_path on to it) is no path to the guard, which then searches the cwd.
  const dir = field(input, 'dir_path') ?? field(input, 'path');
  if (dir === undefined || dir === '') out.dir_path = '.';
  return out;
}

/**
 * Gemini CLI names an MCP tool by the name it registered (`mcp_<server>_<tool>` since March 2026, before that the
 * tool's own name, or `<server>__<tool>` when two servers shared it); since January 2026 its `mcp_context` also names
 * the server and the tool as the server knows it. That pair is the tool in the guard's spelling, exactly, where a
 * name holding `_` in both server and tool cannot be split back.
 */
function geminiTool(event: Json): string {
  const tool = stringField(event, 'tool_name');
  const mcp = field(event, 'mcp_context');
  if (mcp === undefined || mcp === null) return tool;
  if (!isObject(mcp)) fail('`mcp_context` must be an object');
  const server = field(mcp, 'server_name');
  const own = field(mcp, 'tool_name');
  if (typeof server !== 'string' || typeof own !== 'string' || own === '') fail('`mcp_context` must name the server (`server_name`) and the tool (`tool_name`)');
  return mcpToolName(server, own);
}

/** Gemini CLI `BeforeTool`: `run_shell_command` may name its own directory (`dir_path`, formerly `directory`). */
function gemini(event: Json, fallbackCwd: string): HookRequest {
  const name = field(event, 'hook_event_name');
  if (name !== undefined && name !== 'BeforeTool') return { kind: 'ignore', format: 'gemini' };
  const tool = geminiTool(event);
  const input = objectField(event, 'tool_input');
  let cwd = cwdOf(event, fallbackCwd);
  const shell = GEMINI_SHELLS[tool.toLowerCase()];
  if (GEMINI_SEARCH_TOOLS.has(tool.toLowerCase())) return { kind: 'call', format: 'gemini', call: toolCall(tool, geminiSearchInput(input), cwd, undefined) };
  if (!shell) return { kind: 'call', format: 'gemini', call: toolCall(tool, input, cwd, undefined) };
  const dir = field(input, 'dir_path') ?? field(input, 'directory');
  // `resolve(cwd, '')` is the cwd: an empty dir_path needs no case of its own.
  if (dir !== undefined && dir !== null) {
    if (typeof dir !== 'string') fail('`tool_input.dir_path` must be a string');
    cwd = resolve(cwd, dir);
  }
  return shellCall('gemini', shell, tool, input, cwd, undefined);
}

/**
 * Copilot CLI's tool, as the guard reads it: its file tools by what they do, and an MCP tool, which Copilot CLI names
 * `<server>-<tool>` (a server keyed `github-mcp-server` gives `github-mcp-server-list_issues`) and names no server
 * apart, placed by its last `-`: a tool whose own name holds a `-` is split wrongly, and gets only the readings that
 * do not need its server.
 */
function copilotTool(tool: string): string {
  const file = COPILOT_FILE_TOOLS[tool.toLowerCase()];
  if (file) return file;
  const mcp = /^(.+)-([^-]+)$/.exec(tool.trim());
  return mcp ? mcpToolName(mcp[1] as string, mcp[2] as string) : tool;
}

/**
 * GitHub Copilot CLI `preToolUse`: camelCase, `toolArgs` a JSON string. Configured as `PreToolUse` it sends
 * the VS Code shape (`tool_name`, `tool_input`) and reads Claude Code's answer.
 */
function copilot(event: Json, fallbackCwd: string): HookRequest {
  // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent — no Copilot event carries both `toolName` and `tool_name`.
  if (field(event, 'toolName') === undefined && field(event, 'tool_name') !== undefined) {
    const req = claudeLike(event, fallbackCwd, 'copilot');
    if (req.kind !== 'call' || req.shell) return req;
    const tool = copilotTool(req.call.tool);
    return tool === req.call.tool ? req : { ...req, call: { ...req.call, tool } };
  }
  const tool = stringField(event, 'toolName');
  const args = objectOrText(event, 'toolArgs');
  const cwd = cwdOf(event, fallbackCwd);
  const shell = COPILOT_SHELLS[tool.toLowerCase()];
  if (shell) return shellCall('copilot', shell, tool, args, cwd, undefined, true);
  const typing = typingDialect(tool);
  if (typing) return typedCall('copilot', typing, tool, args, cwd, undefined);
  return { kind: 'call', format: 'copilot', call: toolCall(copilotTool(tool), args, cwd, undefined) };
}

/** A tool's input given as an object or as the same in JSON text (absent: none); anything else is refused. */
function objectOrText(event: Json, key: string): Record<string, unknown> {
  const parsed = jsonArguments(field(event, key));
  if (parsed === undefined) fail(`\`${key}\` is not valid JSON`);
  const value = parsed.value ?? {};
  if (!isObject(value)) fail(`\`${key}\` must be a JSON object`);
  return value as Record<string, unknown>;
}

/**
 * Cursor's `beforeMCPExecution`: `tool_name` is the tool's own name, and the server is named only by how it is
 * reached (`url`, `command`), so the tool is placed under no server's name; `tool_input` is an object, or the same
 * as JSON text.
 */
function cursorMcp(event: Json, cwd: string): HookRequest {
  const tool = stringField(event, 'tool_name');
  const input = objectOrText(event, 'tool_input');
  const placed = /^mcp(?:__|:)/i.test(tool) ? tool : mcpToolName('', tool);
  return { kind: 'call', format: 'cursor', call: toolCall(placed, input, cwd, field(event, 'tool_use_id') ?? field(event, 'generation_id')) };
}

/**
 * Cursor: `beforeShellExecution` (`command`, `cwd`), `preToolUse` (`tool_name`, `tool_input`), `beforeMCPExecution`,
 * `beforeReadFile`.
 */
function cursor(event: Json, fallbackCwd: string, platform: NodeJS.Platform): HookRequest {
  const name = field(event, 'hook_event_name');
  const cwd = cwdOf(event, fallbackCwd);
  const id = field(event, 'generation_id');
  // An event that names no hook is read as a shell call, the one kind that comes bare: without a command it is
  // malformed, never ignored (an unnamed file edit would otherwise pass unchecked).
  if (name === 'beforeShellExecution' || name === undefined) {
    return shellCall('cursor', cursorDialect(platform), 'Shell', { command: stringField(event, 'command') }, cwd, id);
  }
  if (name === 'preToolUse') {
    const tool = stringField(event, 'tool_name');
    const input = objectField(event, 'tool_input');
    if (CURSOR_SHELLS.has(tool.toLowerCase())) return shellCall('cursor', cursorDialect(platform), tool, input, cwd, field(event, 'tool_use_id'));
    return { kind: 'call', format: 'cursor', call: toolCall(CURSOR_FILE_TOOLS[tool.toLowerCase()] ?? tool, input, cwd, field(event, 'tool_use_id')) };
  }
  if (name === 'beforeMCPExecution') return cursorMcp(event, cwd);
  if (name === 'beforeReadFile') {
    return { kind: 'call', format: 'cursor', call: toolCall('Read', { file_path: stringField(event, 'file_path') }, cwd, id) };
  }
  return { kind: 'ignore', format: 'cursor' };
}

/** The answer shape each agent reads (Copilot's PascalCase events switch to Claude's, see `copilot`). */
export const FORMAT: Record<Agent, AnswerFormat> = { 'claude-code': 'claude', codex: 'claude', gemini: 'gemini', copilot: 'copilot', cursor: 'cursor' };

function readEvent(agent: Agent, event: Json, fallbackCwd: string, platform: NodeJS.Platform): HookRequest {
  switch (agent) {
    case 'claude-code':
    case 'codex':
      return claudeLike(event, fallbackCwd, agent);
    case 'gemini':
      return gemini(event, fallbackCwd);
    case 'copilot':
      return copilot(event, fallbackCwd);
    case 'cursor':
      return cursor(event, fallbackCwd, platform);
  }
}

/**
 * An MCP tool that runs a command line (`mcp__desktop-commander__start_process`) is read as a bash shell call; so is
 * one that runs code it is handed (`mcp__ide__executeCode`), as the command line that runs that code, and one that
 * stands for a program's command line (`mcp__kubernetes__kubectl_delete`), as that line. (Code in a
 * language vouch does not read, and a line the tool's input cannot build, stay calls the guard refuses.)
 */
function withMcpShell(req: HookRequest): HookRequest {
  if (req.kind !== 'call' || req.shell) return req;
  // (Through a proxy that names the MCP tool it calls, `use_mcp_tool`, that tool's call; the guard reads the rest.)
  const proxied = proxiedMcpCall(req.call.tool, req.call.input);
  const tool = proxied && 'tool' in proxied ? proxied.tool : req.call.tool;
  const given = proxied && 'tool' in proxied ? proxied.input : req.call.input;
  const code = codeToolInput(tool, given);
  if (code && 'command' in code) return { ...req, shell: 'bash', call: { ...req.call, tool, input: code } };
  const input = code ? undefined : mcpShellInput(tool, given);
  return input && !('unread' in input) ? { ...req, shell: 'bash', call: { ...req.call, tool, input } } : req;
}

/** Reads one hook event. Never throws: anything unexpected is `malformed`, which the hook denies. */
export function parseHookEvent(agent: Agent, text: string, fallbackCwd: string, platform: NodeJS.Platform = process.platform): HookRequest {
  const format = FORMAT[agent];
  let event: unknown;
  try {
    event = JSON.parse(text);
  } catch {
    return { kind: 'malformed', format, reason: `the ${agent} hook event on stdin is not JSON` };
  }
  if (!isObject(event)) return { kind: 'malformed', format, reason: `the ${agent} hook event must be a JSON object` };
  try {
    return withMcpShell(readEvent(agent, event, fallbackCwd, platform));
  } catch (err) {
    // Stryker disable next-line StringLiteral: unreachable today — every reader above throws only Malformed; kept so a future throw still denies, saying why.
    const reason = err instanceof Malformed ? err.message : `unreadable event (${String(err)})`;
    const fmt = agent === 'copilot' && isObject(event) && field(event, 'toolName') === undefined ? 'claude' : format;
    return { kind: 'malformed', format: fmt, reason: `malformed ${agent} hook event: ${reason}` };
  }
}

/** The text an agent shows for a denial: the guard's reason and the rule that gave it. */
export function denialText(verdict: NonNullable<Verdict>): string {
  return `vouch: ${verdict.reason} [${verdict.rule}]`;
}

/** Answers a verdict in the agent's shape; a pass is each agent's "no opinion", so its own permissions still apply. */
export function answer(format: AnswerFormat, verdict: Verdict): HookAnswer {
  const line = (value: unknown) => ({ stdout: `${JSON.stringify(value)}\n`, exitCode: 0 });
  if (!verdict) {
    // Gemini and Cursor parse stdout as JSON on every exit 0; the others read silence as no opinion.
    return format === 'gemini' || format === 'cursor' ? line({}) : { stdout: '', exitCode: 0 };
  }
  const reason = denialText(verdict);
  switch (format) {
    case 'claude':
      return line({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } });
    case 'gemini':
      return line({ decision: 'deny', reason });
    case 'copilot':
      return line({ permissionDecision: 'deny', permissionDecisionReason: reason });
    case 'cursor':
      return line({ permission: 'deny', user_message: reason, agent_message: reason });
  }
}

/** The denial for an event vouch could not read (`guard.bad-input`) or could not decide: fail closed, with the reason. */
export function refusal(format: AnswerFormat, reason: string, rule: string = GUARD_RULES.badInput): HookAnswer {
  return answer(format, { block: true, reason, rule });
}
