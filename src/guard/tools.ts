// What a tool call does, read from its name and its input: which tools are file tools, and the paths they touch.
import { shellQuote } from '../programs/words.js';
import { table } from '../table.js';
import type { Dialect } from '../types.js';
import { fileUriPath } from '../rules/normalize.js';
import { cliToolInput } from './cli-tools.js';

/**
 * Tool names are compared in one form: trimmed, lower case (`Bash` and `bash` are one tool), an MCP tool spelled as
 * Claude Code spells it (see `placeMcpTool`).
 */
export function canonicalToolName(name: string): string {
  return placeMcpTool(name).toLowerCase();
}

/** The one name the guard reads an MCP tool by. A server the agent does not name is '' (`mcp____start_process`). */
export function mcpToolName(server: string, tool: string): string {
  return `mcp__${server}__${tool}`;
}

/**
 * A tool's name, trimmed, with an MCP tool given the one spelling every MCP reading below takes,
 * `mcp__<server>__<tool>`, whichever agent named it. Claude Code and Codex send that spelling already. Gemini CLI
 * sends `mcp_<server>_<tool>` since March 2026 (its server is the name's first word, as Gemini itself splits the
 * name back), and sent `<server>__<tool>` before, for a tool whose name two servers shared. Cursor labels one
 * `MCP:<tool>` or `MCP:<server>:<tool>`. Any other name is left as it is; a server name with `_` in it is split
 * wrongly from Gemini's spelling, which is why its hook adapter builds the name from the server Gemini reports.
 */
export function placeMcpTool(raw: string): string {
  const name = raw.trim();
  if (/^mcp__/i.test(name)) return name;
  const cursor = /^mcp:(?:([^:]*):)?(.+)$/i.exec(name);
  if (cursor) return mcpToolName(cursor[1] ?? '', cursor[2] as string);
  const gemini = /^mcp_([^_]+)_(.+)$/i.exec(name);
  if (gemini) return mcpToolName(gemini[1] as string, gemini[2] as string);
  const parts = name.split('__');
  if (parts.length === 2 && parts[0] !== '' && parts[1] !== '') return mcpToolName(parts[0] as string, parts[1] as string);
  return name;
}

/**
 * A call of a host's one proxy tool for every MCP tool (Cline's, Roo Code's and Kilo Code's `use_mcp_tool
 * {server_name, tool_name, arguments}`, `arguments` an object or the same as JSON text): the MCP tool it calls, as
 * that tool's own call; `{ malformed }` when its arguments cannot be read as the server would read them; undefined
 * for any other tool.
 */
export function proxiedMcpCall(rawName: string, input: unknown): { tool: string; input: unknown } | { malformed: string } | undefined {
  if (toolKindName(canonicalToolName(rawName)) !== 'use_mcp_tool' || typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  const { server_name: server, tool_name: tool, arguments: args } = input as Record<string, unknown>;
  if (typeof tool !== 'string' || tool.trim() === '') return { malformed: `${rawName} names no MCP tool (\`tool_name\`)` };
  const parsed = typeof args === 'string' && args.trim() === '' ? { value: {} } : jsonArguments(args);
  if (parsed === undefined) return { malformed: `${rawName}: the \`arguments\` of ${tool} are not JSON` };
  return { tool: mcpToolName(typeof server === 'string' ? server : '', tool), input: parsed.value };
}

/**
 * A tool's arguments as a host or a proxy hands them, a value or the same as JSON text (an MCP proxy's `arguments`,
 * Copilot's `toolArgs`, Cursor's `tool_input`): the value, `{}` when absent or null; undefined when the text is not JSON.
 */
export function jsonArguments(raw: unknown): { value: unknown } | undefined {
  if (raw === undefined || raw === null) return { value: {} };
  if (typeof raw !== 'string') return { value: raw };
  try {
    return { value: JSON.parse(raw) };
  } catch {
    return undefined;
  }
}

/**
 * The name a tool is classified by: an MCP tool (`mcp__<server>__<tool>`) by its own name, so a filesystem
 * server's `write_file` is a write tool whatever the server is called.
 */
export function toolKindName(canonical: string): string {
  return canonical.startsWith('mcp__') ? canonical.slice(canonical.lastIndexOf('__') + 2) : canonical;
}

/** Tools that replace a file's whole content (Claude Code `Write`, pi `write`, Gemini `write_file`), or move one over another. */
export const WRITE_TOOLS: ReadonlySet<string> = new Set(['write', 'write_file', 'create_file', 'writefile', 'move_file', 'create', 'delete', 'delete_file']);
/** Tools that change part of a file the agent has read. */
export const EDIT_TOOLS: ReadonlySet<string> = new Set(['edit', 'multiedit', 'notebookedit', 'edit_file', 'replace', 'str_replace', 'strreplace', 'append_file']);
/** Tools that take a patch whose headers name the files (Codex `apply_patch`). */
export const PATCH_TOOLS: ReadonlySet<string> = new Set(['apply_patch', 'applypatch']);
/** Readers that return names only, not contents: a credential beneath the directory they list is not read. */
export const NAMES_ONLY_TOOLS: ReadonlySet<string> = new Set([
  'ls',
  'find',
  'glob',
  'list_directory',
  'list_dir',
  'directory_tree',
  'search_files',
  'file_search',
  'list_allowed_directories',
  'get_file_info',
]);
/** Content searches: without a path they search the cwd, and their globs are ripgrep's. */
export const SEARCH_TOOLS: ReadonlySet<string> = new Set(['grep', 'search_file_content', 'grep_search', 'rg', 'ripgrep', 'search', 'codebase_search']);

/** What one path argument is to the tool: read, listed by name, searched, or written (whole, in part, or away). */
export type PathRole = 'read' | 'write' | 'edit' | 'delete';

export interface PathArgument {
  /** The input key that held it (`file_path`, `files[0].path`), for messages. */
  key: string;
  value: string;
  role: PathRole;
  /** The value is a glob: a path glob (`Glob` pattern, `read_many_files` include). */
  glob?: boolean;
}

/** What a tool call is, read from its name and input. */
export interface ToolReading {
  /**
   * `writer`: it creates, changes, moves or deletes files; `reader`: it reads them; `names`: it lists names
   * only; `search`: it searches file contents; `none`: no path argument, not a file tool at all.
   */
  kind: 'writer' | 'reader' | 'names' | 'search' | 'none';
  paths: PathArgument[];
  /** A search's file filters, ripgrep globs (`*.{pem,key}`, `!*.md`). */
  filters: string[];
  /** A path key held something that is not a path: the key, and what it held. */
  malformed?: string;
  /** Known by name as a file writer: one that names no path is malformed, not harmless. */
  namedWriter: boolean;
}

// Keys compared without case, `_` or `-` (`file_path`, `filePath`, `notebook_path`…).
export const normKey = (key: string) => key.toLowerCase().replace(/[_-]/g, '');

/** The one table of keys whose value is, or holds, a path. */
const PATH_KEYS: ReadonlySet<string> = new Set([
  'path',
  'paths',
  // JetBrains' MCP server names a file by its path below the project.
  'pathinproject',
  'file',
  'files',
  'filename',
  'filenames',
  'fname',
  'target',
  'targets',
  'source',
  'sources',
  'src',
  'destination',
  'destinations',
  'dest',
  'dst',
  'from',
  'to',
  'uri',
  'uris',
  'root',
  'dir',
  'dirs',
  'directory',
  'directories',
  'folder',
  'folders',
  'location',
  'archive',
  'archives',
]);
/** Key endings that name a path whatever comes before (`notebook_path`, `target_file`, `output_dir`, `fileUri`). */
const PATH_KEY_ENDINGS = /(?:path|paths|file|files|filename|dir|dirs|directory|directories|folder|uri|uris)$/;
/** Keys holding a URL a tool opens (`url`, `urls`, `href`, `link`, `targetUrl`): a `file:` one is a path it reads. */
const URL_KEYS = /(?:url|urls|href|link|links)$/;
/**
 * Cloud instance metadata services, by the host a URL's parser leaves (so `http://2852039166/` and `0xa9fea9fe` are
 * 169.254.169.254): AWS, Azure, GCP, Oracle and DigitalOcean there (AWS's IPv6 too), ECS's task credentials,
 * GCP's names, Alibaba's. What they answer holds this machine's cloud credentials.
 */
const METADATA_HOST = /^(?:169\.254\.169\.254|169\.254\.170\.2|100\.100\.100\.200|\[fd00:ec2::254\]|metadata\.google\.internal|metadata\.goog|metadata|instance-data(?:\.ec2\.internal)?|metadata\.tencentyun\.com)$/;
/** A name that spells one of those addresses, which wildcard DNS services answer with it (`169.254.169.254.nip.io`, `169-254-169-254.sslip.io`, `a9fea9fe.nip.io`). */
const METADATA_SPELLED = /(?:^|[^\d])(?:169[.-]254[.-](?:169[.-]254|170[.-]2)|100[.-]100[.-]100[.-]200)(?:[^\d]|$)|(?:^|[^0-9a-f])a9fea9fe(?:[^0-9a-f]|$)/;

/** Whether a URL's host (as its parser leaves it) is a metadata service: an IPv4-mapped IPv6 address (`[::ffff:a9fe:a9fe]`) as its IPv4 one. */
function metadataHost(hostname: string): boolean {
  let h = hostname.toLowerCase().replace(/\.$/, '');
  const mapped = /^\[::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})\]$/.exec(h);
  if (mapped) {
    const hi = Number.parseInt(mapped[1]!, 16);
    const lo = Number.parseInt(mapped[2]!, 16);
    h = `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return METADATA_HOST.test(h) || METADATA_SPELLED.test(h);
}

/**
 * A URL in a tool's input (under any key but a file's new content, in a prompt's text too: Gemini's web_fetch takes
 * its URLs so) that a fetcher or a browser would open at a cloud's instance metadata service; undefined for none.
 */
export function metadataUrl(input: unknown): string | undefined {
  let nodes = 0;
  const visit = (v: unknown, depth: number): string | undefined => {
    if (++nodes > MAX_NODES || depth > MAX_DEPTH) return undefined;
    if (typeof v === 'string') {
      for (const m of v.matchAll(/\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]+/gi)) {
        let host: string;
        try {
          host = new URL(m[0]).hostname;
        } catch {
          continue;
        }
        if (metadataHost(host)) return m[0];
      }
      return undefined;
    }
    if (Array.isArray(v)) {
      for (const x of v) {
        const hit = visit(x, depth + 1);
        if (hit !== undefined) return hit;
      }
    } else if (typeof v === 'object' && v !== null) {
      for (const [key, x] of Object.entries(v)) {
        // (A search's terms are looked up, not opened: `WebSearch {query: "what is http://169.254.169.254"}`.)
        const k = normKey(key);
        if (CONTENT_KEYS.has(k) || k === 'query' || k === 'q' || k === 'searchterm') continue;
        const hit = visit(x, depth + 1);
        if (hit !== undefined) return hit;
      }
    }
    return undefined;
  };
  return visit(input, 0);
}

/** Keys that are a copy's source: read, not written. */
const SOURCE_KEYS: ReadonlySet<string> = new Set(['source', 'sources', 'src', 'from', 'sourcepath', 'frompath', 'sourcefile', 'oldpath', 'archive', 'archivepath', 'archivefile', 'zipfile', 'zippath']);
/** Keys whose value is a file's new content or an edit to it: the tool writes. Never walked for paths. */
const CONTENT_KEYS: ReadonlySet<string> = new Set([
  'content',
  'contents',
  'filetext',
  'newstring',
  'oldstring',
  'newstr',
  'oldstr',
  'newtext',
  'oldtext',
  'newcontent',
  'newsource',
  'edits',
  'insertline',
  'inserttext',
  'patch',
  'diff',
  'append',
]);
/** Keys of an edit (not a whole write): the tool changes part of a file. */
const EDIT_KEYS: ReadonlySet<string> = new Set(['oldstring', 'oldstr', 'oldtext', 'edits', 'insertline', 'inserttext', 'newsource']);
/** Keys naming what an editor tool does (`str_replace_based_edit_tool`'s `command`). */
const ACTION_KEYS: ReadonlySet<string> = new Set(['command', 'action', 'operation', 'op', 'mode']);
const WRITE_ACTIONS: Record<string, PathRole> = {
  create: 'write',
  write: 'write',
  overwrite: 'write',
  insert: 'edit',
  str_replace: 'edit',
  replace: 'edit',
  edit: 'edit',
  append: 'edit',
  undo_edit: 'edit',
  delete: 'delete',
  remove: 'delete',
  rename: 'delete',
  move: 'delete',
  copy: 'write',
  mkdir: 'write',
  touch: 'write',
  symlink: 'write',
  link: 'write',
};
const READ_ACTIONS: ReadonlySet<string> = new Set(['view', 'read', 'list', 'get', 'search', 'find', 'stat', 'info']);
/** Keys of a search that filter which files it reads (`glob: "*.pem"`, Gemini's `include`). */
const FILTER_KEYS: ReadonlySet<string> = new Set(['glob', 'globs', 'include', 'includes', 'includepattern', 'filepattern', 'globpattern']);
/** Keys never walked: text the tool works with, not arguments naming files. */
const TEXT_KEYS: ReadonlySet<string> = new Set(['pattern', 'query', 'regex', 'description', 'prompt', 'explanation', 'exclude', 'excludes', 'ignore', 'excludepatterns']);

/** Words of a tool name that say it writes: `write_file`, `appendFile`, `str_replace_based_edit_tool`, `move_file`. */
const WRITE_WORDS = /(?:^|_|\b)(write|edit|create|replace|delete|remove|rm|move|mv|rename|copy|cp|append|insert|patch|save|overwrite|mkdir|touch|symlink|link|unlink|truncate)(?=$|_|\b)/;
const DELETE_WORDS = /(?:^|_)(delete|remove|rm|unlink)(?=$|_)/;
const MOVE_WORDS = /(?:^|_)(move|mv|rename)(?=$|_)/;
const COPY_WORDS = /(?:^|_)(copy|cp|duplicate)(?=$|_)/;

/** Words of a tool name that say it puts fetched or unpacked files at its destination: `download_file`, `git_clone`, `extract_archive` (not `fetch`: a reader is often named so). */
const PRODUCE_WORDS = /(?:^|_)(download|clone|extract|unzip|untar|unpack|decompress)(?=$|_)/;
/** A value naming a remote location (`https://…`, `git@host:repo`): a tool given one and a path puts what it gets there. */
const REMOTE = /^(?:[a-z][a-z0-9+.-]*:\/\/(?!\/)|[\w.-]+@[\w.-]+:(?!\/\/))/i;

/** `writeFile` → `write_file`, `StrReplace` → `str_replace`: words split as the name's case shows them. */
function nameWords(raw: string): string {
  return raw
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    // Stryker disable next-line Regex: equivalent — a run of separators made one `_` or several reads the same, as every word pattern takes any `_` for a boundary.
    .replace(/[-\s.]+/g, '_');
}

const MAX_NODES = 2048;
const MAX_DEPTH = 16;

/** What each agent's tools hold where the generic table would read them otherwise. */
interface ToolRow {
  /** Keys holding path globs rather than filters or text (`read_many_files`' `include`). */
  pathGlobKeys?: ReadonlySet<string>;
  /** `pattern` is a path glob joined to the tool's directory (`Glob`, pi `find`). */
  patternIsPathGlob?: boolean;
}
const ROWS: Record<string, ToolRow> = {
  read_many_files: { pathGlobKeys: new Set(['include', 'includes', 'paths']) },
  glob: { patternIsPathGlob: true },
  find: { patternIsPathGlob: true },
};

/**
 * Reads a tool call: a writer if its name says so or its input carries content, an edit or a write command; a
 * path is any value under a key of the table, at any depth. `rawName` is the tool's name as the host sent it.
 */
export function readToolCall(rawName: string, input: unknown): ToolReading {
  const kindName = toolKindName(canonicalToolName(rawName));
  const words = nameWords(toolKindName(placeMcpTool(rawName)));
  const row = ROWS[kindName] ?? {};
  const out: ToolReading = { kind: 'none', paths: [], filters: [], namedWriter: WRITE_TOOLS.has(kindName) || EDIT_TOOLS.has(kindName) };
  const nameWrites = out.namedWriter || WRITE_WORDS.test(words);
  let writes = false;
  // An editor tool's command says what this call does (`view` reads), whatever the tool's name says.
  let readAction = false;
  let edits = EDIT_TOOLS.has(kindName);
  let role: PathRole | undefined;
  if (DELETE_WORDS.test(words) || MOVE_WORDS.test(words)) role = 'delete';
  let copy = COPY_WORDS.test(words);
  // A tool that fetches, clones or unpacks into a path (by its name, or given a URL beside the path) writes that path;
  // its source keys are read, as a copy's are; a list of locations fetches as one does. (`file:` URIs are paths, not
  // remote locations. An input that is a list names no path to write, remote or not.)
  const isRemote = (v: unknown) => typeof v === 'string' && REMOTE.test(v) && !/^file:/i.test(v);
  const remote = typeof input === 'object' && input !== null && Object.values(input).some((v) => (Array.isArray(v) ? v.some(isRemote) : isRemote(v)));
  const produces = PRODUCE_WORDS.test(words) || remote;
  if (produces) copy = true;
  let pattern: string | undefined;
  let nodes = 0;
  const found: { key: string; norm: string; value: string; glob: boolean }[] = [];

  const pathValue = (key: string, norm: string, value: unknown, depth: number, glob: boolean): void => {
    if (++nodes > MAX_NODES || depth > MAX_DEPTH) {
      out.malformed ??= `${key} is nested too deep or holds too many values`;
      return;
    }
    if (typeof value === 'string') {
      // A URI names a file only with `file:`; `https://…` under a `uri` key is no path at all. (A scheme has two
      // letters or more: `C:` is a drive.)
      if (/^[A-Za-z][A-Za-z0-9+.-]+:/.test(value)) {
        const file = fileUriPath(value);
        if (file !== null) found.push({ key, norm, value: file, glob });
        else if (!/uris?$/.test(norm) && !/^[A-Za-z][A-Za-z0-9+.-]+:\/\//.test(value)) found.push({ key, norm, value, glob });
      } else if (value !== '') found.push({ key, norm, value, glob });
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => {
        // A list of paths holds paths: a hole in it is no optional value but a malformed one, and no tool takes a
        // list of lists of paths.
        if (v == null) out.malformed ??= `${key}[${i}] holds ${String(v)}, not a path`;
        else if (Array.isArray(v)) out.malformed ??= `${key}[${i}] holds a list inside a list, not a path`;
        else pathValue(`${key}[${i}]`, norm, v, depth + 1, glob);
      });
    } else if (typeof value === 'object' && value !== null && /path$/.test(norm)) {
      // `file_path`, `path`: one path, never a record of them.
      out.malformed ??= `${key} holds an object, not a path`;
    } else if (typeof value === 'object' && value !== null) {
      // A path key's object holds paths of its own (`files: [{path}]`); one that holds none is no path.
      const before = found.length;
      walk(value as Record<string, unknown>, `${key}.`, depth + 1);
      if (found.length === before) out.malformed ??= `${key} holds an object that names no path`;
    } else if (value != null) out.malformed ??= `${key} holds ${typeof value}, not a path`;
  };

  const walk = (record: Record<string, unknown>, prefix: string, depth: number): void => {
    for (const key of Object.keys(record)) {
      if (++nodes > MAX_NODES || depth > MAX_DEPTH) {
        out.malformed ??= `${prefix}${key} is nested too deep or holds too many values`;
        return;
      }
      const value = record[key];
      const k = normKey(key);
      const name = `${prefix}${key}`;
      if (CONTENT_KEYS.has(k)) {
        writes = true;
        if (EDIT_KEYS.has(k)) edits = true;
      } else if (ACTION_KEYS.has(k) && typeof value === 'string') {
        const action = WRITE_ACTIONS[value.toLowerCase()];
        if (action) {
          writes = true;
          if (action === 'edit') edits = true;
          if (action === 'delete') role = 'delete';
        }
        if (value.toLowerCase() === 'copy') copy = true;
        if (READ_ACTIONS.has(value.toLowerCase())) readAction = true;
      } else if (row.pathGlobKeys?.has(k)) pathValue(name, k, value, depth, true);
      else if (k === 'pattern' && typeof value === 'string' && depth === 0) pattern = value;
      else if (FILTER_KEYS.has(k)) {
        if (typeof value === 'string') out.filters.push(value);
        else if (Array.isArray(value)) for (const v of value) if (typeof v === 'string') out.filters.push(v);
      } else if (TEXT_KEYS.has(k)) continue;
      else if (PATH_KEYS.has(k) || PATH_KEY_ENDINGS.test(k)) pathValue(name, k, value, depth, false);
      else if (URL_KEYS.test(k) && (Array.isArray(value) ? value : [value]).some((v) => typeof v === 'string' && /^file:/i.test(v))) {
        // A browser or fetcher handed a `file:` URL (`browser_navigate` to file:///home/dev/.ssh/id_rsa) opens that
        // file and shows it: the path is read. Any other URL there names no path.
        for (const v of Array.isArray(value) ? value : [value]) if (typeof v === 'string' && /^file:/i.test(v)) pathValue(name, k, v, depth, false);
      } else if (typeof value === 'object' && value !== null) {
        if (Array.isArray(value)) {
          value.forEach((v, i) => {
            if (typeof v === 'object' && v !== null) walk(v as Record<string, unknown>, `${name}[${i}].`, depth + 1);
          });
        } else walk(value as Record<string, unknown>, `${name}.`, depth + 1);
      }
    }
  };

  if (typeof input === 'object' && input !== null && !Array.isArray(input)) walk(input as Record<string, unknown>, '', 0);

  if (pattern !== undefined && row.patternIsPathGlob) {
    const bases = found.length > 0 ? found.splice(0) : [{ key: 'path', norm: 'path', value: '', glob: false }];
    for (const b of bases) {
      const joined = b.value === '' || /^(?:[\\/~]|[A-Za-z]:)/.test(pattern) ? pattern : `${b.value.replace(/[\\/]+$/, '')}/${pattern}`;
      found.push({ key: `${b.key}+pattern`, norm: b.norm, value: joined, glob: true });
    }
  }

  if ((nameWrites || produces) && !readAction) writes = true;
  const writeRole: PathRole = role ?? (edits ? 'edit' : 'write');
  for (const f of found) {
    let r: PathRole = 'read';
    if (writes) r = copy && SOURCE_KEYS.has(f.norm) ? 'read' : writeRole;
    out.paths.push({ key: f.key, value: f.value, role: r, ...(f.glob ? { glob: true } : {}) });
  }
  // A listing tool given a `regex` greps the files' content (Cline's and Roo Code's `search_files {path, regex}`).
  const greps = NAMES_ONLY_TOOLS.has(kindName) && typeof input === 'object' && input !== null && Object.hasOwn(input, 'regex');
  // A writer with no path is no file tool (`TodoWrite`), unless its name says it writes files: then it is malformed.
  if (writes && out.paths.length > 0) out.kind = 'writer';
  else if (writes && out.namedWriter) out.kind = 'none';
  // A listing reads names only: with no path it lists the cwd's, and there is nothing to check either way.
  else if (NAMES_ONLY_TOOLS.has(kindName) && !greps) out.kind = 'names';
  else if (SEARCH_TOOLS.has(kindName) || greps) {
    out.kind = 'search';
    // A search with no path searches where the call runs.
    if (out.paths.length === 0) out.paths.push({ key: 'path', value: '.', role: 'read' });
  } else if (out.paths.length > 0) out.kind = 'reader';
  else if (out.filters.length > 0) out.kind = 'search';
  return out;
}

export interface PatchTarget {
  path: string;
  /** Adding a file replaces it whole; updating changes part of it; deleting (or moving away) removes it. */
  mode: 'write' | 'edit' | 'delete';
}

/**
 * A tool a host names for running commands, though the policy's `shellTools` does not list it (`shell`,
 * `run_shell_command`, `exec_command`, `run_terminal_cmd`): read as a shell tool by what it does, as an MCP tool is.
 */
const RUNS_WORDS = /(?:^|_)(?:shell|bash|sh|zsh|terminal|console|exec|execute|command|cmd|process|spawn)(?:_|$)/;

/** A tool whose name says it runs or evaluates something (`executeCode`, `run_python`, `eval_js`, `repl`). */
const CODE_RUNS_WORDS = /(?:^|_)(?:run|runs|exec|execute|eval|evaluate|interpret|repl|kernel)(?:_|$)/;

/** Keys holding the code such a tool runs. */
const CODE_KEYS = ['code', 'source', 'source_code', 'sourcecode', 'cell', 'expression', 'program', 'snippet'];

/** Keys naming the language of that code. */
const LANGUAGE_KEYS = ['language', 'lang', 'runtime', 'kernel', 'kernel_name', 'kernelname'];

/**
 * The languages a code tool may run, by a word of its name or its language key, and the command line whose code
 * vouch reads as that language's (`python3 -c CODE`). Claude Code's `mcp__ide__executeCode` runs Python in the
 * IDE's Jupyter kernel: IPython's `!cmd` and `%magic` lines are no Python, and its reading refuses them.
 */
const CODE_RUNNERS: Readonly<Record<string, string>> = {
  python: 'python3 -c',
  python3: 'python3 -c',
  py: 'python3 -c',
  ipython: 'python3 -c',
  jupyter: 'python3 -c',
  ide: 'python3 -c',
  javascript: 'node -e',
  js: 'node -e',
  node: 'node -e',
  nodejs: 'node -e',
  typescript: 'node -e',
  ts: 'node -e',
  deno: 'deno eval',
  bun: 'bun -e',
  ruby: 'ruby -e',
  rb: 'ruby -e',
  perl: 'perl -e',
  php: 'php -r',
  bash: 'bash -c',
  sh: 'bash -c',
  shell: 'bash -c',
  zsh: 'zsh -c',
  powershell: 'pwsh -Command',
  pwsh: 'pwsh -Command',
};

/**
 * The words of an MCP tool's server name (`mcp__desktop-commander__x`: `desktop_commander`); '' for a tool of no
 * server. Gemini CLI's `mcp_<server>_<tool>` does not say where a server name holding `_` ends (`mcp_my_tmux_send`
 * may be the `send` of a server `my_tmux`), so the words of its tool name but the last are read as the server's too.
 */
function serverWords(rawName: string): string {
  const raw = placeMcpTool(rawName);
  if (!/^mcp__/i.test(raw)) return '';
  const tool = raw.slice(raw.lastIndexOf('__') + 2);
  const runOn = /^mcp_(?!_)/i.test(rawName.trim()) ? nameWords(tool).split('_').slice(0, -1) : [];
  return [nameWords(raw.slice(5, raw.lastIndexOf('__'))), ...runOn].filter((w) => w !== '').join('_');
}

/**
 * A tool that runs code it is handed (`mcp__ide__executeCode {code}`, an MCP server's `run_python {code}`,
 * `execute {language, code}`): the command line that runs that code as its language, which the shell checks read
 * (`{command: "python3 -c '…'"}`), or `{ unread }` when the language is none vouch reads (fail closed); undefined
 * when the tool is no such tool. A database tool's SQL is read so too, and a tool that stands for one program's
 * command line (`kubectl_delete`, `drop-collection`) is that line, or `{ malformed }` when its input cannot build it.
 */
export function codeToolInput(rawName: string, input: unknown): { command: string } | { unread: string } | { malformed: string } | undefined {
  // (Words are read from the name as written: `executeCode` is two.)
  const raw = placeMcpTool(rawName);
  const canonical = canonicalToolName(raw);
  const words = nameWords(canonical.startsWith('mcp__') ? raw.slice(canonical.lastIndexOf('__') + 2) : raw);
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  const record = input as Record<string, unknown>;
  const server = serverWords(rawName);
  const cli = cliToolInput(raw, words, server, record);
  if (cli !== undefined) return cli;
  // (A shell server's tool runs its `statement` or `sql` in the shell, unless a name says a database is there.)
  const shellOnly = SHELL_SERVER_WORDS.test(server) && !DATABASE_WORDS.test(server) && !DATABASE_WORDS.test(words);
  const sql = shellOnly ? undefined : sqlToolInput(words, server, record);
  if (sql !== undefined || !CODE_RUNS_WORDS.test(words)) return sql;
  const named = LANGUAGE_KEYS.map((k) => record[k]).find((v) => typeof v === 'string' && v !== '') as string | undefined;
  // The language: its key, else a word of the tool's name, else its server's name (`mcp__python__execute`).
  const fromName = [...words.split('_'), ...server.split('_')].find((w) => Object.hasOwn(CODE_RUNNERS, w));
  const language = named !== undefined ? nameWords(named).replace(/\d+(?:_\d+)*$/, '') : fromName;
  // (`script` is code when a language is named — `run_javascript {script}`; without one it is a command line. A
  // `program` beside an argv or args is the file they run, `{program: "curl", argv: [...]}`: see mcpShellInput.)
  const runsFile = Object.keys(record).some((k) => ['argv', 'args', 'arguments'].includes(normKey(k)) && record[k] != null);
  const keys = [...CODE_KEYS.filter((k) => !runsFile || k !== 'program'), ...(language === undefined ? [] : ['script'])];
  const key = keys.find((k) => typeof record[k] === 'string' && record[k] !== '');
  if (key === undefined) return undefined;
  const code = record[key] as string;
  const runner = language === undefined ? undefined : (CODE_RUNNERS[language] ?? CODE_RUNNERS[language.replace(/_/g, '')]);
  if (runner === undefined) return { unread: `${rawName} runs ${named !== undefined ? `${named} code` : 'code in a language its call does not name'}, which vouch does not read` };
  const body = runner === 'php -r' ? code.replace(/^\s*<\?php\b/, '') : code;
  return { command: `${runner} ${shellQuote(body)}` };
}

/** Keys holding the SQL a database tool runs, whatever the tool is called (compared without case, `_` or `-`). */
const SQL_KEYS = ['sql', 'sqlquery', 'sqlstatement', 'sqlstatements', 'statement', 'statements'];

/** Words of a tool's or its server's name that say it runs SQL against a database (then its `query` is SQL). */
const DATABASE_WORDS = /(?:^|_)(?:sql|postgres|postgresql|pg|mysql|mariadb|sqlite|sqlite3|database|db|supabase|neon|duckdb|clickhouse|snowflake|bigquery|mssql|oracle|cockroachdb|planetscale|turso|d1)(?:_|$)/;

/**
 * A database tool (`mcp__postgres__query {sql}`, `mcp__supabase__execute_sql {query}`, `mcp__sqlite__write_query
 * {query}`): the command line whose SQL the registry reads as the database client's (`psql -c '…'`; `sqlite3
 * :memory:` and `mysql -e` for theirs), so DROP, TRUNCATE, a DELETE with no WHERE, COPY … TO PROGRAM, a superuser
 * made are judged as on a line. A search tool's `query` is no SQL.
 */
function sqlToolInput(words: string, server: string, record: Record<string, unknown>): { command: string } | undefined {
  const db = DATABASE_WORDS.test(words) || DATABASE_WORDS.test(server);
  const keys = db && !/(?:^|_)(?:search|find|lookup)(?:_|$)/.test(words) ? [...SQL_KEYS, 'query', 'queries'] : SQL_KEYS;
  const sql = (v: unknown) => (typeof v === 'string' && v !== '') || (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string'));
  const key = Object.keys(record).find((k) => keys.includes(normKey(k)) && sql(record[k]));
  if (key === undefined) return undefined;
  const value = record[key];
  const text = Array.isArray(value) ? value.join(';\n') : (value as string);
  const names = `${words}_${server}`;
  // (SQLite's database is a file of the project: what the SQL changes there, or ATTACHes, is written.)
  const client = /(?:^|_)(?:sqlite|sqlite3|d1|turso)(?:_|$)/.test(names) ? 'sqlite3 app.db' : /(?:^|_)(?:mysql|mariadb|planetscale)(?:_|$)/.test(names) ? 'mysql -e' : 'psql -c';
  return { command: `${client} ${shellQuote(text)}` };
}

/**
 * Keys whose string an MCP tool runs as a command line (`start_process`, `execute_shell_command`, `run_script`), as
 * keys are read (case and `_`/`-` aside): Windsurf's run_command names it `CommandLine`.
 */
const COMMAND_KEYS = ['command', 'cmd', 'script', 'commandline', 'cmdline', 'shellcommand', 'bashcommand', 'bash'];

/** Keys whose list an MCP tool runs as an argv (`{argv: ["git", "status"]}`), words as given. */
const ARGV_KEYS = ['argv'];

/** Keys whose command lines an MCP tool runs one after another (`run_commands {commands: ["npm ci", "npm test"]}`). */
const LINES_KEYS = ['commands', 'cmds', 'commandlines', 'scripts'];

/** Keys naming the program an `{executable, args}` input runs with its words, as a `command` with `args` does. */
const PROGRAM_KEYS = ['program', 'executable', 'binary'];

/**
 * Keys whose text a typing tool types into a running session's shell (Codex `write_stdin {chars}`, Copilot
 * `write_bash {input}`, a terminal server's `send_keys {keys}`).
 */
export const TYPED_KEYS: readonly string[] = ['input', 'chars', 'text', 'keys', 'data'];

/**
 * An agent's own tools that type text into a running shell session (Copilot `write_bash`, `write_powershell`; a
 * `*_stdin` tool, as Codex's `write_stdin`), and that session's shell: the text is a command line of it, in the
 * guard's decide as in the hook.
 */
const TYPING_TOOLS = table<Dialect>({ write_bash: 'bash', write_powershell: 'powershell', write_stdin: 'bash', send_stdin: 'bash' });

/** The shell a typing tool types into (see TYPING_TOOLS), or undefined for a tool that types into none. */
export function typingDialect(tool: string): Dialect | undefined {
  const name = toolKindName(canonicalToolName(tool));
  return TYPING_TOOLS[name] ?? (/(?:^|_)stdin$/.test(name) ? 'bash' : undefined);
}

/** The text a typing tool's input types (its first TYPED_KEYS key that is set), or undefined when that is no string. */
export function typedText(input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  const record = input as Record<string, unknown>;
  const key = TYPED_KEYS.find((k) => Object.hasOwn(record, k) && record[k] !== undefined);
  const text = key === undefined ? undefined : record[key];
  return typeof text === 'string' ? text : undefined;
}

/** Only control characters and blanks (Enter, Ctrl-C, an empty poll for output): no command is typed. */
export function nothingTyped(text: string): boolean {
  return /^[\s\x00-\x1f\x7f]*$/.test(text);
}

/** Why a typing tool's call with no text is refused. */
export function noTypedText(tool: string): string {
  return `\`${tool}\` types text into a shell session, but its input holds no text (${TYPED_KEYS.join(', ')})`;
}

/**
 * Words of an MCP tool's name that say it types into a terminal (`send_keys`, `terminal_input`, `write_to_pty`): the
 * text it is given is a command line of the shell there.
 */
const TYPES_WORDS = /(?:^|_)(?:keys|keystrokes|stdin)(?:_|$)|(?:^|_)(?:send|write|type|input)_(?:\w+_)?(?:terminal|tty|pty|session|pane)(?:_|$)|(?:^|_)(?:terminal|tty|pty|pane)_(?:input|write|type|send)(?:_|$)/;

/**
 * Words of an MCP server's name that say its tools run in a shell or a terminal (`mcp__sh__run`, `mcp__tmux__send`,
 * a terminal emulator's `mcp__ghostty__send`): there a tool whose own name only says it runs, types or sends
 * (RUN_VERBS) runs what it is handed.
 */
const SHELL_SERVER_WORDS = /(?:^|_)(?:shell|shells|bash|sh|zsh|dash|ksh|fish|csh|tcsh|nu|nushell|xonsh|elvish|terminal|terminals|console|tmux|screen|byobu|pty|conpty|tty|iterm|iterm2|wezterm|kitty|ghostty|alacritty|konsole|zellij|cmd|powershell|pwsh|exec|process|processes)(?:_|$)/;

/**
 * Servers of SHELL_SERVER_WORDS whose shell vouch does not read typed text as (cmd.exe, PowerShell, and the shells
 * whose lines are no POSIX shell's: csh's history and quoting, nushell's, xonsh's Python, elvish's): their text is
 * refused unread.
 */
const UNTYPED_SERVER_WORDS = /(?:^|_)(?:cmd|powershell|pwsh|csh|tcsh|nu|nushell|xonsh|elvish)(?:_|$)/;

/** Words of a shell server's tool name that say it runs or types what it is handed (`inject` and `feed` type too). */
const RUN_VERBS = /(?:^|_)(?:run|runs|exec|execute|eval|evaluate|invoke|start|spawn|launch|call|do|submit|send|write|type|input|paste|enter|press|inject|feed|keystroke)(?:_|$)/;

/**
 * Keys of a command tool's input that hold no command: which session or shell (`shellId`, `bash_id`, `session_id`, a
 * terminal server's `session`), how long to wait, words for the user (`description`), how output is shown
 * (Windsurf's command_status `OutputPriority`), the risk the agent declares (OpenHands' `security_risk`), where it
 * runs and in what, the file it runs (a file's run is the boundary: `python3 script.py` passes). A string under any
 * other key of a tool that runs commands may be the command, under a name vouch does not read.
 */
export const NOT_COMMAND_KEYS = /(?:id|ids|name|session|priority|risk|timeout|timeoutms|delay|wait|description|explanation|reason|title|summary|signal|encoding|language|lang|mode|filter|pattern|shell|login|env|cwd|workdir|directory|dirpath|workingdirectory|folder|path|file)$/;

/**
 * An MCP tool, or one whose name says it runs commands, that runs a command line: the input the guard's shell checks
 * read (`command`, with the directory keys it runs in), or undefined. A `command` that is one of an editor tool's actions (`view`, `create`) is no command line.
 */
export function mcpShellInput(rawName: string, input: unknown): Record<string, unknown> | { unread: string } | { malformed: string } | undefined {
  const mcp = canonicalToolName(rawName).startsWith('mcp__');
  const words = nameWords(toolKindName(placeMcpTool(rawName)));
  if (!mcp && !RUNS_WORDS.test(words)) return undefined;
  // (A shell server's tool that runs or types is read as one whose own name says so.)
  const server = serverWords(rawName);
  const shellServer = SHELL_SERVER_WORDS.test(server) && RUN_VERBS.test(words);
  const types = TYPES_WORDS.test(words) || (shellServer && !UNTYPED_SERVER_WORDS.test(server));
  const runs = RUNS_WORDS.test(words) || shellServer;
  // (A list has none of the command keys below: it is no command line either.)
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  // The Responses API's local_shell call handed whole: its `action` (`{type: "exec", command: [...], env, working_directory}`) runs.
  const given = input as Record<string, unknown>;
  const action = given.action;
  const source = typeof action === 'object' && action !== null && !Array.isArray(action) && (action as Record<string, unknown>).type === 'exec' ? (action as Record<string, unknown>) : given;
  const record = keysRead(source);
  // (Two spellings of one directory key that name different directories leave where the command runs untold, as two
  // keys do in guard.ts; the record read keeps only one of them.)
  const clash = directoryClash(source);
  const ran = (out: Record<string, unknown>) => (clash === undefined ? withRunKeys(out, record) : { malformed: clash });
  // An argv (Codex's `shell` tool: `["bash", "-lc", "…"]`) runs as given, words the shell checks read as bash's.
  const argv = [...COMMAND_KEYS, ...ARGV_KEYS].map((k) => record[k]).find((v) => Array.isArray(v) && v.length > 0) as unknown[] | undefined;
  if (argv !== undefined) return ran({ command: execArgv(record, argv) });
  // (A runs-tool's `path` with no command beside it names the file it executes: it may name nothing else, see below.)
  // Command lines run one after another are one script of them, each on its line.
  const lines = LINES_KEYS.map((k) => record[k]).find((v) => (typeof v === 'string' && v !== '') || (Array.isArray(v) && v.length > 0));
  if (lines !== undefined) return ran({ command: Array.isArray(lines) && lines.every((l) => typeof l === 'string') ? lines.join('\n') : lines });
  const key = [...COMMAND_KEYS, ...PROGRAM_KEYS].find((k) => typeof record[k] === 'string' && record[k] !== '');
  const args = record.args ?? record.arguments;
  if (key === undefined) {
    const typed = types ? typedText(record) : undefined;
    if (typed !== undefined) return ran({ command: typed });
    // A tool that runs commands, handed the file it executes and no command, runs that file, a word as given, with
    // its args (`{file: "printenv"}`, `{file: "curl", args: [...]}`): the file's own run stays the boundary.
    const file = runs ? (execFile(record) ?? pathRun(record)) : undefined;
    if (file !== undefined && (args == null || Array.isArray(args))) return ran({ command: [file, ...((args as unknown[] | undefined) ?? [])] });
    return runs || types ? unreadCommand(rawName, record) : undefined;
  }
  const text = record[key] as string;
  if (WRITE_ACTIONS[text.toLowerCase()] !== undefined || READ_ACTIONS.has(text.toLowerCase())) return undefined;
  // `{command: "git", args: ["status"]}`: the words run as given, quoted one by one; args given as one string may be
  // split by the server, so they are read as shell text. Words the guard cannot read (a number, an object) are not
  // dropped, or `rm` would be judged for `rm -rf ~ 0`: the command goes on as an argv holding them, which the shell
  // checks refuse as malformed.
  let command: unknown = text;
  if (typeof args === 'string') command = `${text} ${args}`;
  else if (Array.isArray(args) && args.every((a) => typeof a === 'string')) {
    command = [text, ...(args as string[]).map(shellQuote)].join(' ');
  } else if (args != null) {
    const words = Array.isArray(args) ? args : [args];
    // Stryker disable next-line ArrayDeclaration: this argv holds a word that is no string, and the shell checks refuse it (as they would an empty one) with the same reason
    command = [text, ...words];
  }
  return ran({ command });
}

/**
 * The argv a tool runs when a key beside it names the file it executes (`{file: "curl", argv: [...]}`, as execFile
 * and posix_spawn take them): that file, with the argv's words — after argv[0] when argv[0] names the same program
 * (argv[0] is only the name the program is shown), all of them when not (it may be given without one). A command
 * beside an argv (`{command: "curl", argv: [...]}`, as spawn(command, args) takes them) is the command line it
 * starts, with the argv's words quoted one by one, as `args` beside a command are.
 */
function execArgv(record: Record<string, unknown>, argv: unknown[]): unknown[] | string {
  const name = (v: string) => v.replace(/^.*[\\/]/, '').replace(/\.exe$/i, '').toLowerCase();
  const withFile = (file: string) => (typeof argv[0] === 'string' && name(argv[0]) === name(file) ? [file, ...argv.slice(1)] : [file, ...argv]);
  const file = execFile(record);
  if (file !== undefined) return withFile(file);
  const text = COMMAND_KEYS.map((k) => record[k]).find((v) => typeof v === 'string' && v.trim() !== '') as string | undefined;
  // A `path` beside an argv and nothing else (`{path: "/usr/bin/curl", argv: ["-s", url]}`) names the directory the
  // argv runs in, or the file it executes (as execve's path): both are read, one line each.
  const path = text === undefined ? pathRun(record) : undefined;
  if (path !== undefined && argv.every((a) => typeof a === 'string')) return [argv, withFile(path)].map((words) => (words as string[]).map(shellQuote).join(' ')).join('\n');
  if (text === undefined) return argv;
  // (Words that are no strings go on as an argv holding them, which the shell checks refuse as malformed.)
  if (!argv.every((a) => typeof a === 'string')) return [text, ...argv];
  const words = argv as string[];
  const rest = name(words[0]!) === name(text.trim().split(/\s+/)[0]!) ? words.slice(1) : words;
  return [text, ...rest.map(shellQuote)].join(' ');
}

/**
 * Keys naming the file an argv beside them is run by (see execArgv), as keys are read: a path to it too
 * (`executable_path`, `binPath`). Not `path` or `file_path` alone: beside a command those name where it runs, or a
 * file it works on.
 */
export const EXEC_FILE_KEYS: readonly string[] = [...PROGRAM_KEYS, 'file', 'exe', 'bin', 'executablepath', 'exepath', 'binarypath', 'binpath', 'programpath'];

/**
 * A tool's `path` where it may name the file the tool executes: with no command key beside it, a `path` is that
 * file or the directory an argv runs in (see execArgv); undefined when there is none.
 */
function pathRun(record: Record<string, unknown>): string | undefined {
  const path = record.path;
  return typeof path === 'string' && path.trim() !== '' ? path : undefined;
}

/** The file a tool's input names for it to execute (see EXEC_FILE_KEYS), or undefined. */
function execFile(record: Record<string, unknown>): string | undefined {
  return EXEC_FILE_KEYS.map((k) => record[k]).find((v) => typeof v === 'string' && v !== '') as string | undefined;
}

/**
 * Two spellings of one directory key naming different directories (`workingDir` and `working_dir`): the message
 * refusing them, or undefined. Keys of other names are compared in guard.ts.
 */
function directoryClash(record: Record<string, unknown>): string | undefined {
  const seen = new Map<string, [string, unknown]>();
  for (const [k, v] of Object.entries(record)) {
    const read = normKey(k);
    if (v == null || !DIRECTORY_KEYS_READ.has(read)) continue;
    const first = seen.get(read);
    if (first === undefined) seen.set(read, [k, v]);
    else if (first[1] !== v) return differentDirectories(first[0], k);
  }
  return undefined;
}

/** Why a command tool's call whose keys `a` and `b` name different directories is refused. */
export function differentDirectories(a: string, b: string): string {
  return `\`${a}\` and \`${b}\` name different directories to run the command in: where it runs cannot be told`;
}

/**
 * A tool that runs commands, or types into a terminal, whose input holds text under keys vouch does not read as a
 * command (`{line: "…"}`, `{exec: ["…"]}`, `send_keys {keys: ["rm -rf ", "~", "Enter"]}`, keys typed one by one that
 * no join reads as typed): what it runs cannot be read, so it is refused as such (fail closed). Only ids, waits and
 * words for the user (NOT_COMMAND_KEYS), a flag sent as a string (`"true"`), or no text at all (`BashOutput
 * {bash_id}`, a poll), is no command.
 */
function unreadCommand(rawName: string, record: Record<string, unknown>): { unread: string } | undefined {
  const said = (x: unknown) => typeof x === 'string' && x.trim() !== '' && !/^(?:true|false)$/i.test(x.trim());
  const text = (v: unknown) => said(v) || (Array.isArray(v) && v.some(said));
  // (The record holds each key as given and as read: the first spelling of each is shown.)
  const shown = new Map<string, string>();
  for (const [k, v] of Object.entries(record)) if (!shown.has(normKey(k)) && !NOT_COMMAND_KEYS.test(normKey(k)) && text(v)) shown.set(normKey(k), k);
  if (shown.size === 0) return undefined;
  return { unread: `${rawName} runs commands, and vouch reads no command line in its input (${[...shown.values()].map((k) => `\`${k}\``).join(', ')})` };
}

/**
 * The keys naming the directory a command tool runs in: Codex's `workdir`, Cursor's `cwd`, Gemini CLI's `dir_path`
 * (formerly `directory`), the Responses API's local_shell `working_directory`, Zed's terminal `cd`, and the names MCP
 * servers give it (`working_dir`, `dir`, `folder`, `path` beside a command). Keys that name different directories
 * leave where the command runs untold (see guard.ts).
 */
export const DIRECTORY_KEYS: readonly string[] = ['workdir', 'cwd', 'directory', 'dir_path', 'working_directory', 'working_dir', 'dir', 'cd', 'chdir', 'folder', 'path', 'root', 'base_dir', 'project_dir', 'location'];

/** DIRECTORY_KEYS as keys are read (see normKey). */
const DIRECTORY_KEYS_READ: ReadonlySet<string> = new Set(DIRECTORY_KEYS.map(normKey));

/**
 * The keys beside a command that change how it runs: its directory, the environment it is given (`env`: local_shell),
 * the shell that reads it (`shell`, `login`: Codex's exec_command).
 */
const RUN_KEYS: readonly string[] = [...DIRECTORY_KEYS, 'env', 'shell', 'login'];

/**
 * A record whose keys are also found as they are read (lower case, without `_` and `-`: `CommandLine`, `Cwd`), beside
 * their own spelling; the first of two spellings that read alike wins.
 */
function keysRead(record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...record };
  for (const [k, v] of Object.entries(record)) {
    const read = normKey(k);
    if (!Object.hasOwn(out, read)) out[read] = v;
  }
  // (A key copied as undefined reads as absent: withRunKeys keeps only the keys that are set.)
  for (const k of RUN_KEYS) if (out[k] === undefined) out[k] = out[normKey(k)];
  return out;
}

/** The keys that change how a command tool's command runs, kept beside it. */
function withRunKeys(out: Record<string, unknown>, record: Record<string, unknown>): Record<string, unknown> {
  // Stryker disable next-line ConditionalExpression: equivalent — a key copied as undefined reads as absent: the shell checks take the first of them with `??`.
  for (const k of RUN_KEYS) if (record[k] !== undefined) out[k] = record[k];
  return out;
}
