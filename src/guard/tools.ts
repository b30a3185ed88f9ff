// Which kind of tool a call is, and where its path arguments are — by tool name and by input key.

/** Tool names are compared in one form: trimmed, lower case (`Bash` and `bash` are one tool). */
export function canonicalToolName(name: string): string {
  return name.trim().toLowerCase();
}

/**
 * The name a tool is classified by: an MCP tool (`mcp__<server>__<tool>`) by its own name, so a filesystem
 * server's `write_file` is a write tool whatever the server is called.
 */
export function toolKindName(canonical: string): string {
  return canonical.startsWith('mcp__') ? canonical.slice(canonical.lastIndexOf('__') + 2) : canonical;
}

/** Tools that replace a file's whole content (Claude Code `Write`, pi `write`, Gemini `write_file`), or move one over another. */
export const WRITE_TOOLS: ReadonlySet<string> = new Set(['write', 'write_file', 'create_file', 'writefile', 'move_file']);
/** Tools that change part of a file the agent has read. */
export const EDIT_TOOLS: ReadonlySet<string> = new Set(['edit', 'multiedit', 'notebookedit', 'edit_file', 'replace', 'str_replace']);
/** Tools that take a patch whose headers name the files (Codex `apply_patch`). */
export const PATCH_TOOLS: ReadonlySet<string> = new Set(['apply_patch', 'applypatch']);
/** Readers that return names only, not contents: a credential beneath the directory they list is not read. */
export const NAMES_ONLY_TOOLS: ReadonlySet<string> = new Set(['ls', 'find', 'glob', 'list_directory', 'list_dir']);
/** Readers whose `pattern` is a path glob joined to their `path`, not a content pattern. */
const PATH_PATTERN_TOOLS: ReadonlySet<string> = new Set(['glob', 'find']);
/** Content searches: without a path they search the cwd. */
const SEARCH_TOOLS: ReadonlySet<string> = new Set(['grep', 'search_file_content', 'rg', 'ripgrep', 'search']);

// Input keys holding a path, compared without case, `_` or `-` (`file_path`, `filePath`, `notebook_path`…).
const PATH_KEYS: ReadonlySet<string> = new Set([
  'path',
  'paths',
  'filepath',
  'filepaths',
  'file',
  'files',
  'filename',
  'filenames',
  'notebookpath',
  'absolutepath',
  'relativepath',
  'targetfile',
  'targetpath',
  'dir',
  'dirpath',
  'directory',
  'directorypath',
  'folder',
  'root',
  'source',
  'destination',
]);
// Keys of a content search that filter which files it reads (`glob: "*.pem"`, Gemini's `include`).
const FILTER_KEYS: ReadonlySet<string> = new Set(['glob', 'include', 'includes']);

const normKey = (key: string) => key.toLowerCase().replace(/[_-]/g, '');

export interface PathArguments {
  /** Paths the tool names (a glob tool's `pattern` joined to its `path`). */
  paths: string[];
  /** File filters of a search (`glob`, `include`). */
  filters: string[];
  /** A key held a value of the wrong type (for file tools, a refusal). */
  malformed?: string;
}

function strings(value: unknown): string[] | undefined {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value as string[];
  return undefined;
}

/** The path arguments of a tool's input, found by key. */
export function pathArguments(tool: string, input: unknown): PathArguments {
  const out: PathArguments = { paths: [], filters: [] };
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return out;
  const record = input as Record<string, unknown>;
  let pattern: string | undefined;
  for (const key of Object.keys(record)) {
    const k = normKey(key);
    const value = record[key];
    if (PATH_KEYS.has(k)) {
      const found = strings(value);
      if (found) out.paths.push(...found);
      else if (value !== undefined && value !== null) out.malformed ??= key;
    } else if (FILTER_KEYS.has(k)) {
      const found = strings(value);
      if (found) out.filters.push(...found.flatMap((f) => f.split(',')).map((f) => f.trim()));
    } else if (k === 'pattern' && typeof value === 'string') pattern = value;
  }
  if (pattern !== undefined && PATH_PATTERN_TOOLS.has(tool)) {
    const base = out.paths.length > 0 ? out.paths : [''];
    out.paths = base.map((p) => (p === '' || pattern!.startsWith('/') || pattern!.startsWith('~') ? pattern! : `${p.replace(/\/+$/, '')}/${pattern}`));
  } else if (out.paths.length === 0 && SEARCH_TOOLS.has(tool)) {
    // A search with no path searches where the call runs.
    out.paths.push('.');
  }
  return out;
}

export interface PatchTarget {
  path: string;
  /** Adding or deleting a file replaces it whole; updating changes part of it. */
  mode: 'write' | 'edit';
}

/** The files a patch names in its headers (`*** Add File: p`, `*** Update File: p`, `*** Move to: p`). */
export function patchTargets(input: unknown): PatchTarget[] | undefined {
  let text: unknown = input;
  if (typeof input === 'object' && input !== null && !Array.isArray(input)) {
    const record = input as Record<string, unknown>;
    text = record.input ?? record.patch;
  }
  if (typeof text !== 'string') return undefined;
  const targets: PatchTarget[] = [];
  for (const m of text.matchAll(/^\*\*\* (Add|Delete|Update) File: (.+)$|^\*\*\* Move to: (.+)$/gm)) {
    const path = (m[2] ?? m[3] ?? '').trim();
    targets.push({ path, mode: m[1] === 'Update' ? 'edit' : 'write' });
  }
  return targets;
}
