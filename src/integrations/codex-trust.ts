// Codex hook trust: Codex runs a user's hook only when config.toml records the hash of that very hook (its
// `[hooks.state."<file>:pre_tool_use:<group>:<handler>"] trusted_hash`); an untrusted or changed hook is skipped
// without a word, `codex exec` included. This computes the hash Codex computes and reads and writes that entry.
import { createHash } from 'node:crypto';

/** A command hook as Codex reads it from hooks.json (the fields its trust hash covers). */
export interface CodexCommandHook {
  type: 'command';
  command: string;
  timeout?: number;
  async?: boolean;
  statusMessage?: string;
}

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

function canonical(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical(value[k]!)]),
    );
  }
  return value;
}

/**
 * The hash Codex (0.147 on, checked against 0.171 by the agent end-to-end test) records for a trusted
 * `PreToolUse` command hook: sha256 of the compact, key-sorted JSON of the event's label, the group's matcher
 * and the one handler, normalised as Codex normalises it (timeout materialised, default 600 s; async a
 * boolean; absent fields left out).
 */
export function codexHookHash(matcher: string | undefined, hook: CodexCommandHook): string {
  const handler: { [key: string]: JsonValue } = { type: 'command', command: hook.command, timeout: Math.max(1, Math.trunc(hook.timeout ?? 600)), async: hook.async === true };
  if (hook.statusMessage !== undefined) handler.statusMessage = hook.statusMessage;
  const identity: { [key: string]: JsonValue } = { event_name: 'pre_tool_use', hooks: [handler] };
  if (matcher !== undefined) identity.matcher = matcher;
  return `sha256:${createHash('sha256').update(JSON.stringify(canonical(identity))).digest('hex')}`;
}

/** The key Codex files a hook's state under: the hooks file's absolute path, the event, the group and the handler. */
export function codexHookKey(hooksFile: string, group: number, handler: number): string {
  return `${hooksFile}:pre_tool_use:${group}:${handler}`;
}

/** A TOML basic string. */
function tomlString(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

/** The header line of a hook's state table. */
function stateHeader(key: string): string {
  return `[hooks.state.${tomlString(key)}]`;
}

/** The lines of one table of a TOML text: from its header to the next header. */
function tableRange(lines: string[], header: string): { start: number; end: number } | undefined {
  const start = lines.findIndex((l) => l.trim() === header);
  if (start < 0) return undefined;
  let end = start + 1;
  while (end < lines.length && !/^\s*\[/.test(lines[end]!)) end++;
  return { start, end };
}

/** A `key = "string"` or `key = true|false` value in a table's lines. */
function valueIn(lines: string[], range: { start: number; end: number }, key: string): string | boolean | undefined {
  for (let i = range.start + 1; i < range.end; i++) {
    const m = new RegExp(`^\\s*${key}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|(true|false))\\s*(?:#.*)?$`).exec(lines[i]!);
    if (m) return m[2] !== undefined ? m[2] === 'true' : m[1]!.replace(/\\(.)/g, '$1');
  }
  return undefined;
}

/** What config.toml says of one hook: the hash it trusts, and whether it is switched off. */
export function codexHookState(configToml: string | undefined, key: string): { trustedHash?: string; enabled?: boolean } {
  if (configToml === undefined) return {};
  const lines = configToml.split('\n');
  const range = tableRange(lines, stateHeader(key));
  if (!range) {
    // The same state written inline or as a dotted key is not read here; say nothing rather than guess.
    return {};
  }
  const out: { trustedHash?: string; enabled?: boolean } = {};
  const hash = valueIn(lines, range, 'trusted_hash');
  if (typeof hash === 'string') out.trustedHash = hash;
  const enabled = valueIn(lines, range, 'enabled');
  if (typeof enabled === 'boolean') out.enabled = enabled;
  return out;
}

/** Whether config.toml switches Codex's hooks off (`[features] hooks = false`, or the older `codex_hooks`). */
export function codexHooksDisabled(configToml: string | undefined): boolean {
  if (configToml === undefined) return false;
  const lines = configToml.split('\n');
  const range = tableRange(lines, '[features]');
  if (range && (valueIn(lines, range, 'hooks') === false || valueIn(lines, range, 'codex_hooks') === false)) return true;
  return /^\s*features\.(codex_)?hooks\s*=\s*false\b/m.test(configToml);
}

/**
 * config.toml with the hook at `key` trusted at `hash` and enabled: the table's `trusted_hash` replaced or added,
 * an `enabled = false` removed, or a new table appended. Everything else is kept byte for byte.
 */
export function trustCodexHook(configToml: string | undefined, key: string, hash: string): string {
  const text = configToml ?? '';
  const lines = text === '' ? [] : text.split('\n');
  const header = stateHeader(key);
  const range = tableRange(lines, header);
  const hashLine = `trusted_hash = ${tomlString(hash)}`;
  if (!range) {
    const body = text === '' || text.endsWith('\n') ? text : `${text}\n`;
    return `${body}${body === '' ? '' : '\n'}# Added by \`vouch init codex\`: Codex runs a hook only when it is trusted at this hash.\n${header}\n${hashLine}\n`;
  }
  const kept = lines.slice(range.start + 1, range.end).filter((l) => !/^\s*(trusted_hash|enabled)\s*=/.test(l));
  return [...lines.slice(0, range.start + 1), hashLine, ...kept, ...lines.slice(range.end)].join('\n');
}
