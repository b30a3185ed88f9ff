// Reading and merging the agents' JSON configs for `vouch init` and `vouch doctor`: the shapes setup works on,
// hook entries found by the command they run, merged without touching anything else.

/** Where a setup is read and written: the home directory, the project (the directory the agent runs in), the environment. */
export interface SetupContext {
  home: string;
  cwd: string;
  env: Record<string, string | undefined>;
}

/** The filesystem as setup sees it; injected, so tests never touch the real one. */
export interface SetupFs {
  /** A file's text, or undefined when it does not exist. */
  read(path: string): string | undefined;
  /** The names in a directory (none when it does not exist). */
  list(path: string): string[];
  /** Where `specifier` resolves from a module in `dir` (Node's resolution), or undefined. */
  resolveFrom(dir: string, specifier: string): string | undefined;
  /** The executable `name` on the PATH of `env`, or undefined. */
  which(name: string, env: Record<string, string | undefined>): string | undefined;
  /** Whether a `vouch serve` answers its health check at the origin of `url`; the reason when it does not. */
  health(url: string): Promise<{ ok: boolean; detail: string }>;
}

/**
 * One line of `vouch doctor`: what was checked, whether it holds, and why it matters when it does not. A failed
 * check either lets calls run unchecked (`open`) or makes the agent refuse every call (`blocks`: closed, but
 * broken).
 */
export interface Check {
  ok: boolean;
  what: string;
  detail: string;
  /** For a failed check: what the agent then does with a tool call. */
  effect?: 'open' | 'blocks';
}

/** What `vouch init` changes: a file's new text (or a link), and what changed, for the user to read. */
export type Change = { kind: 'file'; path: string; text: string; summary: string } | { kind: 'link'; path: string; target: string; summary: string };

/** A setup `vouch init` will not write (a config it cannot read would be overwritten). */
export class SetupError extends Error {}

export type Json = Record<string, unknown>;
export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether a hook command runs vouch's hook for `agent` (by name or path: `/usr/local/bin/vouch hook codex`). */
export function runsVouch(command: unknown, agent: string): boolean {
  return typeof command === 'string' && new RegExp(`(^|[\\s/\\\\"'])vouch(\\.c?js|\\.cmd)?["']?\\s+hook\\s+${agent}(\\s|$|;|\\|)`).test(command);
}

/** The path part of an HTTP hook's URL that reaches vouch's hook for `agent` (`http://127.0.0.1:7341/hook/claude-code`). */
export function servesVouch(url: unknown, agent: string): boolean {
  if (typeof url !== 'string') return false;
  try {
    return new URL(url).pathname.replace(/\/+$/, '') === `/hook/${agent}`;
  } catch {
    return false;
  }
}

/** Whether a hook entry runs vouch for `agent`: a command that starts it, or an HTTP hook to a `vouch serve`. */
export function isVouchHook(hook: unknown, agent: string): hook is Json {
  return isObject(hook) && (runsVouch(hook.command, agent) || (hook.type === 'http' && servesVouch(hook.url, agent)));
}

/** A JSON config file: its object, `{}` when absent; a file that is not a JSON object stops `vouch init` cold. */
export function readJson(fs: SetupFs, path: string): Json {
  const text = fs.read(path);
  if (text === undefined || text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new SetupError(`${path} is not valid JSON (${(err as Error).message}); vouch will not overwrite it: fix it, then run vouch init again`);
  }
  if (!isObject(value)) throw new SetupError(`${path} is not a JSON object; vouch will not overwrite it`);
  return value;
}

export function jsonChange(path: string, value: Json, summary: string): Change {
  return { kind: 'file', path, text: `${JSON.stringify(value, null, 2)}\n`, summary };
}

export function listAt(parent: Json, key: string, path: string): unknown[] {
  const v = parent[key];
  if (v === undefined) {
    const list: unknown[] = [];
    parent[key] = list;
    return list;
  }
  if (!Array.isArray(v)) throw new SetupError(`${path}: "${key}" is not a list; vouch will not overwrite it`);
  return v;
}

export function objectAt(parent: Json, key: string, path: string): Json {
  const v = parent[key];
  if (v === undefined) {
    const o: Json = {};
    parent[key] = o;
    return o;
  }
  if (!isObject(v)) throw new SetupError(`${path}: "${key}" is not an object; vouch will not overwrite it`);
  return v;
}

/** The tools of `tools` a hook matcher misses. `anchored`: the whole name must match (Claude Code, Codex). */
export function missedTools(matcher: unknown, tools: readonly string[], anchored: boolean): string[] {
  if (matcher === undefined || matcher === null || matcher === '' || matcher === '*') return [];
  if (typeof matcher !== 'string') return [...tools];
  let re: RegExp;
  try {
    re = new RegExp(anchored ? `^(?:${matcher})$` : matcher);
  } catch {
    return [...tools];
  }
  return tools.filter((t) => !re.test(t));
}

/** Matcher-group hooks (Claude Code, Codex, Gemini): each group's matcher and its command hooks running vouch. */
export interface FoundHook {
  file: string;
  group: number;
  handler: number;
  matcher: unknown;
  hook: Json;
}

export function groupHooks(config: Json, event: string, agent: string, file: string): FoundHook[] {
  const hooks = isObject(config.hooks) ? config.hooks : {};
  const groups = Array.isArray(hooks[event]) ? (hooks[event] as unknown[]) : [];
  const found: FoundHook[] = [];
  groups.forEach((group, g) => {
    if (!isObject(group) || !Array.isArray(group.hooks)) return;
    group.hooks.forEach((hook, h) => {
      if (isVouchHook(hook, agent)) found.push({ file, group: g, handler: h, matcher: group.matcher, hook });
    });
  });
  return found;
}

/**
 * Merges vouch's matcher-group hook into `config`: an existing vouch entry is brought up to the setup (matcher,
 * command or URL, the other fields given), otherwise a group is appended; every other hook and key stays as it
 * was. An entry of another type (a command hook made an HTTP one) is replaced whole, so no stale key is left.
 */
export function mergeGroupHook(config: Json, file: string, event: string, agent: string, matcher: string, hook: Json): string {
  const hooks = objectAt(config, 'hooks', file);
  const groups = listAt(hooks, event, file);
  for (const group of groups) {
    if (!isObject(group) || !Array.isArray(group.hooks)) continue;
    const at = group.hooks.findIndex((h) => isVouchHook(h, agent));
    if (at < 0) continue;
    const existing = group.hooks[at] as Json;
    const before = JSON.stringify(group);
    group.matcher = matcher;
    if ((existing.type ?? 'command') === (hook.type ?? 'command')) Object.assign(existing, hook);
    else group.hooks[at] = { ...hook };
    return JSON.stringify(group) === before ? `${event} hook already set up` : `${event} hook updated: ${JSON.stringify(group)}`;
  }
  const group = { matcher, hooks: [hook] };
  groups.push(group);
  return `${event} hook added: ${JSON.stringify(group)}`;
}

export const ok = (what: string, detail: string): Check => ({ ok: true, what, detail });
export const fail = (what: string, detail: string): Check => ({ ok: false, what, detail, effect: 'open' });
export const blocks = (what: string, detail: string): Check => ({ ok: false, what, detail, effect: 'blocks' });


export function readJsonQuiet(fs: SetupFs, path: string): { config?: Json; error?: string } {
  try {
    return { config: readJson(fs, path) };
  } catch (err) {
    return { error: (err as Error).message };
  }
}
