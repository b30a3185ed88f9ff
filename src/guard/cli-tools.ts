// MCP tools that stand for one program's command line (kubectl_delete, drop-collection, call_aws), read as that line.
import { shellQuote } from '../programs/words.js';

/** A value the line needs that the input does not hold as the server would take it: the call is refused, not guessed. */
class Unbuilt extends Error {}

/** What a row reads from a tool's input. Each method refuses (throws Unbuilt) a value the line cannot be built from. */
interface Values {
  /**
   * The string under the first of its keys given (servers name one thing `container_id` or `id`); none given, an
   * empty one or no string is refused.
   */
  word(...keys: string[]): string;
  /** `[option, value]` when the key holds a string; none when it is absent (or null, as JSON sends an unset one). */
  option(option: string, key: string): string[];
  /** `[flag]` when the key is true; none when it is absent or false. */
  flag(flag: string, key: string): string[];
  /** True when the key holds anything at all. */
  given(key: string): boolean;
  /** The key's record as JavaScript text (`{"a":1}`), `{}` when it is absent. */
  record(key: string): string;
  /** The key's list of strings, none when it is absent. */
  list(key: string): string[];
  /** A record of options (`{force: true, "grace-period": 0}`) as `--force --grace-period=0`, as kubectl_generic writes them. */
  options(key: string): string[];
  /** The key's command line, or its list of command lines, one a line: shell text, read as it is. */
  lines(key: string): string;
}

/**
 * One server's tools: the words its name must hold (none when the tools' names are the server's own), and the line
 * each tool stands for, by the words of its name (`drop-collection` is `drop_collection`). A line given as words is
 * quoted word by word; one given as a string is shell text the server runs as a command line.
 */
interface CliFamily {
  server?: RegExp;
  tools: Readonly<Record<string, (v: Values) => string[] | string>>;
}

const JS = JSON.stringify;
/** The namespace and kube context a Kubernetes server's call names. */
const kubeScope = (v: Values) => {
  const all = v.flag('--all-namespaces', 'allNamespaces');
  return [...(all.length > 0 ? all : v.option('-n', 'namespace')), ...v.option('--context', 'context')];
};
/** The resources a Kubernetes server's call names: a kind, and a name or a label selector. */
const kubeResource = (v: Values) => [v.word('resourceType'), ...(v.given('name') ? [v.word('name')] : []), ...v.option('-l', 'labelSelector')];
/** A MongoDB server's database and collection, as mongosh names them from its `db`. */
const mongoCollection = (v: Values) => `db.getSiblingDB(${JS(v.word('database'))}).getCollection(${JS(v.word('collection'))})`;

/**
 * The servers whose tools delete or destroy by a resource's name, each read as the command line that does the same
 * (its argv as the server builds it, where the server runs the program itself), so the registry judges the tool
 * exactly as it judges the line: `kubectl delete namespace prod` is denied, `kubectl delete pod web` passes, and so
 * do the tools that stand for them. A server's other tools (list, get, find, logs) are not read here.
 */
const CLI_TOOLS: readonly CliFamily[] = [
  // Flux159/mcp-server-kubernetes runs kubectl and helm with the words its input names (`kubectl_delete` writes a
  // manifest to a file it deletes from: what the manifest names is unread, as `kubectl delete -f` of a file is).
  {
    tools: {
      kubectl_delete: (v) => [
        'kubectl',
        'delete',
        ...(v.given('manifest') ? ['-f', '-'] : v.given('filename') ? ['-f', v.word('filename')] : kubeResource(v)),
        ...kubeScope(v),
        ...v.flag('--force', 'force'),
      ],
      kubectl_generic: (v) => [
        'kubectl',
        v.word('command'),
        ...['subCommand', 'resourceType', 'name'].filter((k) => v.given(k)).map((k) => v.word(k)),
        ...kubeScope(v),
        ...v.option('-o', 'outputFormat'),
        ...v.options('flags'),
        ...v.list('args'),
      ],
      uninstall_helm_chart: (v) => ['helm', 'uninstall', v.word('name'), ...kubeScope(v)],
    },
  },
  // containers/kubernetes-mcp-server (and its OpenShift build): a resource by its kind and name.
  {
    server: /(?:^|_)(?:kubernetes|k8s|kube|openshift)(?:_|$)/,
    tools: {
      resources_delete: (v) => ['kubectl', 'delete', v.word('kind'), v.word('name'), ...v.option('-n', 'namespace')],
      helm_uninstall: (v) => ['helm', 'uninstall', v.word('name'), ...v.option('-n', 'namespace')],
    },
  },
  // ckreiling/mcp-server-docker, and the Ruby docker-mcp servers that name the same tools with an `id`.
  {
    server: /(?:^|_)(?:docker|podman)(?:_|$)/,
    tools: {
      remove_container: (v) => ['docker', 'rm', ...v.flag('-f', 'force'), ...v.flag('-v', 'volumes'), v.word('container_id', 'id')],
      remove_image: (v) => ['docker', 'rmi', ...v.flag('-f', 'force'), v.word('image', 'id')],
      remove_volume: (v) => ['docker', 'volume', 'rm', ...v.flag('-f', 'force'), v.word('volume_name', 'name', 'id')],
      remove_network: (v) => ['docker', 'network', 'rm', v.word('network_id', 'id')],
    },
  },
  // mongodb-js/mongodb-mcp-server: what mongosh would run (a delete with no filter takes every document).
  {
    server: /mongo/,
    tools: {
      drop_collection: (v) => ['mongosh', '--eval', `${mongoCollection(v)}.drop()`],
      drop_database: (v) => ['mongosh', '--eval', `db.getSiblingDB(${JS(v.word('database'))}).dropDatabase()`],
      delete_many: (v) => ['mongosh', '--eval', `${mongoCollection(v)}.deleteMany(${v.record('filter')})`],
    },
  },
  // github/github-mcp-server.
  {
    server: /(?:^|_)(?:github|gh)(?:_|$)/,
    tools: {
      delete_repository: (v) => ['gh', 'repo', 'delete', `${v.word('owner')}/${v.word('repo')}`, '--yes'],
    },
  },
  // neondatabase/mcp-server-neon.
  {
    server: /(?:^|_)neon(?:_|$)/,
    tools: {
      delete_project: (v) => ['neonctl', 'projects', 'delete', v.word('projectId')],
      delete_branch: (v) => ['neonctl', 'branches', 'delete', v.word('branchId'), '--project-id', v.word('projectId')],
    },
  },
  // supabase-community/supabase-mcp.
  { server: /supabase/, tools: { delete_branch: (v) => ['supabase', 'branches', 'delete', v.word('branch_id')] } },
  // cloudflare/mcp-server-cloudflare's Workers Bindings server, as wrangler deletes the same (a D1 database by its id,
  // where wrangler takes its name: the line is the same delete).
  {
    tools: {
      r2_bucket_delete: (v) => ['wrangler', 'r2', 'bucket', 'delete', v.word('name')],
      kv_namespace_delete: (v) => ['wrangler', 'kv', 'namespace', 'delete', '--namespace-id', v.word('namespace_id')],
      d1_database_delete: (v) => ['wrangler', 'd1', 'delete', v.word('database_id')],
    },
  },
  // `codex mcp-server` (openai/codex): its `codex` tool starts a Codex session, as `codex exec` does, its `config`
  // overriding config.toml as `-c` would (the hooks that check what it runs among what it may drop); `codex-reply`
  // goes on with a session already started.
  {
    server: /(?:^|_)codex(?:_|$)/,
    tools: {
      codex: (v) => ['codex', 'exec', ...(v.given('config') && v.record('config') !== '{}' ? ['-c', v.record('config')] : []), ...v.option('-p', 'profile'), ...v.option('-C', 'cwd'), ...v.option('-m', 'model'), v.word('prompt')],
      codex_reply: (v) => ['codex', 'exec', 'resume', v.word('conversationId', 'threadId'), v.word('prompt')],
    },
  },
  // awslabs/mcp's aws-api-mcp-server runs the AWS CLI lines it is handed (one, or a list); googleapis/gcloud-mcp
  // runs gcloud with the words it is handed.
  { tools: { call_aws: (v) => v.lines('cli_command'), run_gcloud_command: (v) => ['gcloud', ...v.list('args')] } },
];

function describe(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return value === '' ? 'an empty string' : `a ${typeof value}`;
}

function values(tool: string, record: Record<string, unknown>): Values {
  const given = (key: string) => record[key] !== undefined && record[key] !== null;
  const refuse = (key: string, want: string, value: unknown = record[key]): never => {
    throw new Unbuilt(`${tool}: \`${key}\` must be ${want}, found ${describe(value)}`);
  };
  const word = (...keys: string[]) => {
    const key = keys.find(given) ?? keys[0]!;
    const v = record[key];
    return typeof v === 'string' && v !== '' ? v : refuse(key, 'a string');
  };
  return {
    word,
    given,
    option: (option, key) => (given(key) ? [option, word(key)] : []),
    flag: (flag, key) => {
      const v = record[key];
      if (v === true) return [flag];
      return given(key) && v !== false ? refuse(key, 'true or false') : [];
    },
    record: (key) => {
      const v = record[key];
      if (!given(key)) return '{}';
      return typeof v === 'object' && !Array.isArray(v) ? JS(v) : refuse(key, 'a record');
    },
    list: (key) => {
      const v = record[key];
      if (!given(key)) return [];
      return Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : refuse(key, 'a list of strings');
    },
    options: (key) => {
      const v = record[key];
      if (!given(key)) return [];
      if (typeof v !== 'object' || Array.isArray(v)) return refuse(key, 'a record');
      return Object.entries(v as Record<string, unknown>).flatMap(([k, x]) => {
        if (x === true) return [`--${k}`];
        if (x === false || x === null) return [];
        return typeof x === 'string' || typeof x === 'number' ? [`--${k}=${x}`] : refuse(`${key}.${k}`, 'a string, a number or true', x);
      });
    },
    lines: (key) => {
      const v = record[key];
      if (typeof v === 'string' && v.trim() !== '') return v;
      return Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string') ? v.join('\n') : refuse(key, 'a command line or a list of them');
    },
  };
}

/**
 * A tool that stands for one program's command line (`mcp__kubernetes__kubectl_delete {resourceType, name}`): that
 * line (`{command: "kubectl delete namespace prod"}`), every value quoted as one word; `{ malformed }` when its
 * input does not hold what the line needs (a name missing, a number where a word goes); undefined when the tool is
 * no such tool. `words` and `server` are the tool's and its server's names in words (`drop_collection`, `mongodb`).
 */
export function cliToolInput(tool: string, words: string, server: string, record: Record<string, unknown>): { command: string } | { malformed: string } | undefined {
  // (A server's name is matched as written and with its words run together: `GitHub` is `git_hub` in words.)
  const family = CLI_TOOLS.find((f) => Object.hasOwn(f.tools, words) && (f.server === undefined || f.server.test(server) || f.server.test(server.replace(/_/g, ''))));
  if (family === undefined) return undefined;
  try {
    const line = family.tools[words]!(values(tool, record));
    return { command: typeof line === 'string' ? line : line.map(shellQuote).join(' ') };
  } catch (err) {
    if (err instanceof Unbuilt) return { malformed: err.message };
    throw err;
  }
}
