// Reading words the way the rules need them: every path a segment names, options and operands, short display text.
import { AnalysisLimitError } from '../resolve/floor.js';
import { decodeAnsiC } from '../segments/bash.js';
import type { Analysis, Dialect, Invocation, Segment, Span, Word, WordRole, WordUse } from '../types.js';
import { DYN, markGlob, ONE, type PathContext, resolvePath, STAR, cwdOf } from './paths.js';

export { markGlob } from './paths.js';

/** One place where a segment names something that may be a path, resolved. */
export interface PathUse {
  segment: number;
  /** The span of the word (or redirection) that holds it. */
  span: Span;
  /** The word as written, for messages. */
  text: string;
  /** Resolved, lower-cased; glob and dynamic parts marked (see `paths.ts`). */
  path: string;
  /** True when the path came from a bare token in prose (`git commit -m "fix .env"`): its basename is not evidence. */
  prose: boolean;
  dialect: Dialect;
  /** The segment's directory is unknown. */
  unknownCwd: boolean;
  /**
   * What the program that takes the word does with it, as the registry says (`read`, `meta`, `text`…); `unknown`
   * when no program says, and then the word is checked as anything it could be.
   */
  role: WordRole;
  /** For a tree read: only files whose names match one of these globs are read. */
  names?: string[];
  /** For a tree read: only this many levels deep. */
  depth?: number;
  /** For a tree read: only what lies below the path, never the path itself (find's `-mindepth 1`, `-type f`). */
  below?: true;
  /** For a tree read: nothing beneath a dot directory below the path (see WordUse.visible). */
  visible?: true;
  /** For a tree deleted: only what holds nothing goes (empty files and directories); for one find reads, only those are printed. */
  empty?: true;
}

export interface PathUses {
  uses: PathUse[];
  /** `shopt -s dotglob` (or `GLOBIGNORE`) appears, so `*` may match dot files. */
  dotglob: boolean;
  /** Some segment changes directory into /proc, or to somewhere unknown (for relative `environ`). */
  cdIntoProc: boolean;
}

/**
 * The last analysis asked about, and its uses: the rules ask for one line's in turn. (A WeakMap entry per line cost
 * about a microsecond to add and collect; another analysis asked about is worked out again, to the same uses.)
 */
let cachedFor: Analysis | undefined;
let cachedUses: PathUses | undefined;

/** Every path-like thing every segment names: words, assignment values, redirection targets, heredoc bodies. */
export function pathUses(analysis: Analysis): PathUses {
  if (cachedFor !== analysis || cachedUses === undefined) {
    cachedUses = collect(analysis);
    cachedFor = analysis;
  }
  return cachedUses;
}

let rolesFor: Analysis | undefined;
let cachedRoles: RolesByWord | undefined;

/** The roles the programs that take a word give it (`read`, `meta`, `host`…), as pathUses reads them; undefined: none says. */
export function wordRoles(analysis: Analysis, word: Word): readonly WordUse[] | undefined {
  if (rolesFor !== analysis || cachedRoles === undefined) {
    cachedRoles = new RolesByWord(analysis);
    rolesFor = analysis;
  }
  return cachedRoles.get(word.span, word.text, word.values?.length === 1 ? word.values[0] : undefined);
}

/**
 * How many path uses one analysis may collect. Real command lines stay far below it (nl2bash at most 0.41 a
 * character, brace ranges included), while text the parser recovers from badly can hand the same long word
 * to hundreds of segments: 64 KB of `<<< ,=@curlEOF` made 868,428 uses and two seconds of matching. Past the
 * budget the analysis stops with a limit (a denial) instead of going on for seconds.
 */
function useBudget(analysis: Analysis): number {
  return 2 * (analysis.command.length + 64) + 4096;
}

/** Roles that stand for "the word may be read": the ones the secret and environment rules look at. */
export const READS: ReadonlySet<WordRole> = new Set(['read', 'read-tree', 'unknown']);

/** A word's uses, each with where its program runs when a wrapper starts it elsewhere than its segment (`env -C ~ tar cf - .`). */
type Uses = (NonNullable<Invocation['uses']>[number] & { from?: { cwd: string; cwdGlob?: boolean }; at?: number })[];

/** A word named by its span and its text: nested text can give several words one span. */
export function textKey(span: Span, text: string): string {
  return `${spanKey(span)}\0${text}`;
}

/** Each word's roles, by span and text (nested text can share one span), from every invocation that takes it. */
class RolesByWord {
  private readonly bySpan = new Map<number, Uses>();

  /**
   * Text whose journey ends at a program reading it as data: by span and text, the segments of those programs, and
   * whether one of them is a whole pipeline stage whose output no other command reads (then no `read` or other
   * command beside it in a group or a loop shares the stream).
   */
  private readonly dataAt = new Map<string, { segments: Set<number>; ends: boolean }>();

  constructor(analysis: Analysis) {
    // Programs that stand at one command word in different runs of the line (`$P add .env` with P true or git):
    // a word one of them gives no role is unknown to it, whatever role another gives it. One command word: one span,
    // one text and one chain of wrappers. Nested text gives all its words the span of the word that carries it, so
    // by the span alone, `nice` and the `bash -c '…'` it runs inside `bash -c` read as two runs of one word.
    const atWord = new Map<string, Invocation[]>();
    for (const inv of analysis.invocations) {
      // A program a wrapper starts in another directory (`env -C ~`, `sudo -D ~`) reads its words from there.
      const seg = analysis.segments[inv.segment];
      const from = seg !== undefined && inv.cwd !== null && inv.cwd !== seg.cwd ? { cwd: inv.cwd, ...(inv.cwdGlob ? { cwdGlob: true } : {}) } : undefined;
      for (const use of inv.uses ?? []) {
        // (Shell text handed on is kept with its program's segment: see Use.handed.)
        const kept = use.handed ? { ...use, at: inv.segment } : use;
        this.push(spanKey(use.span), from ? { ...kept, from } : kept);
        if (use.stdin) this.readAsData(use, inv, analysis.segments[inv.segment]);
      }
      const key = `${spanKey(inv.span)}\0${analysis.segments[inv.segment]?.words[0]?.text}\0${inv.wrappers.join('\0')}`;
      const same = atWord.get(key);
      if (same) same.push(inv);
      else atWord.set(key, [inv]);
    }
    for (const group of atWord.values()) {
      if (group.length < 2 || group.every((inv) => inv.program === group[0]!.program)) continue;
      for (const inv of group) {
        const given = new Set((inv.uses ?? []).map((u) => textKey(u.span, u.text)));
        // Words a wrapper hands to the program it starts (`npx wc -l .env`) play the roles that program gives them.
        const handed = new Set<ReturnType<typeof spanKey>>();
        if (inv.wraps) for (const o of analysis.invocations) if (o !== inv && o.wrappers.at(-1) === inv.program) for (const s of [o.span, ...o.args.map((a) => a.span)]) handed.add(spanKey(s));
        for (const w of inv.args) if (!given.has(textKey(w.span, w.text)) && !handed.has(spanKey(w.span))) this.push(spanKey(w.span), { role: 'unknown', span: w.span, text: w.text });
      }
    }
  }

  /** Text a program reads as data from its stdin: which segments read it, and whether one is a whole pipeline stage that ends it. */
  private readAsData(use: Uses[number], inv: Invocation, seg: Segment | undefined): void {
    const key = textKey(use.span, use.text);
    const at = this.dataAt.get(key) ?? { segments: new Set<number>(), ends: false };
    at.segments.add(inv.segment);
    if (seg && !seg.piped && /^pipeline\[[1-9]\d*\]$/.test(seg.context.at(-1) ?? '')) at.ends = true;
    this.dataAt.set(key, at);
  }

  private push(key: number, use: Uses[number]): void {
    const list = this.bySpan.get(key);
    if (list) list.push(use);
    else this.bySpan.set(key, [use]);
  }

  /**
   * The roles of the word at `span` written `text`; or, for a use named by the word's value (a PowerShell command word
   * `g`c`i` is `gci`), `value`. Asked for a word of segment `segment`, shell text another segment's program handed on
   * is not this word's role.
   */
  get(span: Span, text: string, value?: string, segment?: number): Uses | undefined {
    const list = this.bySpan.get(spanKey(span));
    if (list === undefined) return undefined;
    const mine = list.filter((u) => (u.text === text || (value !== undefined && u.text === value)) && !(segment !== undefined && u.at !== undefined && u.at !== segment));
    return mine.length > 0 ? mine : undefined;
  }

  /** Whether the word is piped into a program as its code: its span and its one value are the code's. */
  isCode(w: Word): boolean {
    const list = this.bySpan.get(spanKey(w.span));
    return list?.some((u) => u.code === true && (u.text === w.text || (w.values?.length === 1 && w.values[0] === u.text))) === true;
  }

  /**
   * Whether text piped on (`echo '…' | grep x`, a heredoc into `cat | sort`) ends at a program that reads it as
   * data and whose own output goes to no other command: then it was text all the way, never a name to open.
   */
  endsAsData(span: Span, text: string, value?: string): boolean {
    return this.dataAt.get(textKey(span, text))?.ends === true || (value !== undefined && this.dataAt.get(textKey(span, value))?.ends === true);
  }

  /** Whether the program of segment `segment` itself reads this text (its heredoc or here-string) as data. */
  readAsDataIn(span: Span, text: string, segment: number): boolean {
    return this.dataAt.get(textKey(span, text))?.segments.has(segment) === true;
  }

  get empty(): boolean {
    return this.bySpan.size === 0;
  }
}

function collect(analysis: Analysis): PathUses {
  const uses: PathUse[] = [];
  const budget = useBudget(analysis);
  let dotglob = false;
  let cdIntoProc = false;
  // Program words are looked up on PATH, not opened: `cat` run in ~/.ssh is not ~/.ssh/cat.
  // Nested text gives all its words one span (`. /dev/stdin <<< 'cd .ssh; pwd'`): the names found at a span are kept together.
  const programs = new Map<number, Set<string>>();
  for (const inv of analysis.invocations) {
    if (/[\\/]/.test(inv.path)) continue;
    const key = spanKey(inv.span);
    const at = programs.get(key);
    if (at) at.add(inv.path);
    else programs.set(key, new Set([inv.path]));
  }
  const roles = new RolesByWord(analysis);
  analysis.segments.forEach((seg, index) => {
    const first = staticValue(seg.words[0]);
    // (A computed option may be dotglob: `shopt -s "$o"`; `export GLOBIGNORE=.`, `declare GLOBIGNORE=…` set it too.)
    if (first === 'shopt' && seg.words.some((w) => w.values === null || w.values.includes('dotglob'))) dotglob = true;
    if (seg.assignments.some((a) => a.name === 'GLOBIGNORE') || seg.words.some((w) => w.values?.some((v) => /^GLOBIGNORE(?:\+?=|$)/.test(v)))) dotglob = true;
    if (first === 'cd' || first === 'pushd' || first === 'set-location' || first === 'push-location') {
      if (seg.words.slice(1).some((w) => w.values === null || w.text.toLowerCase().includes('proc'))) cdIntoProc = true;
    }
    if (seg.cwd?.startsWith('/proc')) cdIntoProc = true;
    const ctx: PathContext = { cwd: cwdOf(seg), home: analysis.home, dialect: seg.dialect };
    const check = () => {
      if (uses.length > budget) throw new AnalysisLimitError(`the command line names more than ${budget} path-like words (its segments repeat the same text)`);
    };
    const add = (word: Word, span: Span, role: WordRole = 'unknown') => {
      addWord(uses, word, span, index, seg, ctx, role);
      check();
    };
    // `[[ … ]]` tests look at files; they read no content.
    const testRole: WordRole | undefined = seg.context.at(-1) === 'test' ? 'meta' : undefined;
    for (const w of seg.words) {
      const one = w.values?.length === 1 ? w.values[0] : undefined;
      const given = (roles.empty ? undefined : roles.get(w.span, w.text, one, index)) ?? (testRole ? [{ role: testRole, span: w.span, text: w.text }] : undefined);
      // A program word is looked up on PATH; unless another reading of the line hands it to a program as an operand
      // (`grc -es cat .env` may run `.env` or `cat .env`).
      const name = staticValue(w);
      if (name !== null && programs.get(spanKey(w.span))?.has(name) === true && !given) continue;
      if (!given) {
        add(w, w.span);
        continue;
      }
      // Text piped into a program as its code is read in that code (`echo '…' | python3`), not opened by name.
      const code = roles.isCode(w);
      const ended = seg.piped === true && roles.endsAsData(w.span, w.text, one);
      for (const use of given) {
        // Text another command reads may still become a path there (`echo ~/.ssh/x | xargs cat`).
        // Not a search pattern of a program that prints only file names or counts (`grep -rl 'http://' src | xargs …`).
        let role: WordRole = (use.role === 'text' || use.role === 'meta') && seg.piped && !code && !ended && !use.unprinted ? 'unknown' : use.role;
        // A tree read only through words another program takes (find's `{}`) is read only if that program reads them.
        if (use.readVia && !use.readVia.some((v) => (roles.get(v.span, v.text) ?? [{ role: 'unknown' as const }]).some((r) => READS.has(r.role)))) role = 'meta';
        const first = uses.length;
        const at = use.from ? { ...ctx, cwd: cwdOf(use.from) } : ctx;
        const push = (v: string, ctx: PathContext) => {
          uses.push(useOf(index, w.span, w.text, resolvePath(w.glob || use.matches ? markGlob(v, seg.dialect) : v, ctx), seg, role));
          const value = attachedValue(v, seg.dialect);
          if (value !== undefined) uses.push(useOf(index, w.span, w.text, resolvePath(value, at), seg, role));
        };
        if (use.values) {
          for (const v of use.values) push(v, v.startsWith('-') ? { ...at, cwd: null } : at);
        } else if (role === 'unknown' || w.values === null) addWord(uses, w, w.span, index, seg, at, role);
        else for (const v of w.values) if (v !== '') push(v, at);
        for (let k = first; k < uses.length; k++) {
          if (use.names) uses[k]!.names = use.names;
          if (use.depth !== undefined) uses[k]!.depth = use.depth;
          if (use.below) uses[k]!.below = true;
          if (use.visible) uses[k]!.visible = true;
          if (use.empty) uses[k]!.empty = true;
        }
        check();
      }
    }
    for (const a of seg.assignments) add(a.value, a.value.span);
    for (const r of seg.redirects) {
      // `> f` and `>> f` write a file and read nothing from it; `< f` reads it.
      if (r.target && r.op !== '<<' && r.op !== '<<-') add(r.target, r.target.span, r.op.startsWith('<') ? 'read' : 'write');
      // A body is the program's stdin. A shell or an interpreter reads it as its code, where it is re-entered; a program
      // that reads stdin as data (its entry says so) reads it as text, unless what it prints goes on to another command.
      const given = r.body && roles.get(r.body.span, r.body.text);
      // Text: every role it plays is text, and it is code re-entered, or the command it is attached to reads it as data
      // (not a group or loop in which `read` may take it) and, when that command is piped on, it ends as data.
      const text =
        given?.every((u) => u.role === 'text') &&
        (given.some((u) => u.code === true) || (roles.readAsDataIn(r.body!.span, r.body!.text, index) && (!seg.piped || roles.endsAsData(r.body!.span, r.body!.text))));
      if (r.body && !text) add(r.body, r.body.span);
    }
  });
  // A word fed from what find prints (`find ~ -type f | xargs cat`): the program may read every file below find's roots,
  // as `find ~ -type f -exec cat {} +` does, narrowed by its names and depth. The word stands in no segment's words.
  for (const inv of analysis.invocations) {
    for (const w of inv.args) {
      if (w.values !== null || !w.under) continue;
      const roles = (inv.uses ?? []).filter((u) => u.span.start === w.span.start && u.span.end === w.span.end && u.text === w.text);
      if (roles.length > 0 && !roles.some((u) => READS.has(u.role))) continue;
      const seg = analysis.segments[inv.segment];
      if (!seg) continue;
      const ctx: PathContext = { cwd: null, home: analysis.home, dialect: seg.dialect };
      for (const u of w.under) {
        for (const v of u.values ?? []) {
          // (A directory a glob `cd` reached is any the pattern matches: `cd ~/.aw[s] && grep -h . $(ls -A)`.)
          const at = u.cwd === null ? null : resolvePath(u.cwdGlob ? markGlob(u.cwd, seg.dialect) : u.cwd, ctx);
          const use = useOf(inv.segment, w.span, w.text || v, resolvePath(u.cwdGlob || u.glob ? markGlob(v, seg.dialect) : v, { ...ctx, cwd: at }), seg, 'read-tree');
          if (u.names) use.names = u.names;
          if (u.depth !== undefined) use.depth = u.depth;
          if (u.below) use.below = true;
          if (u.visible) use.visible = true;
          uses.push(use);
        }
      }
      if (uses.length > budget) throw new AnalysisLimitError(`the command line names more than ${budget} path-like words (its segments repeat the same text)`);
    }
  }
  return { uses, dotglob, cdIntoProc };
}

function useOf(segment: number, span: Span, text: string, path: string, seg: Segment, role: WordRole): PathUse {
  return { segment, span, text, path, prose: false, dialect: seg.dialect, unknownCwd: seg.cwd === null, role };
}

function addWord(uses: PathUse[], word: Word, span: Span, segment: number, seg: Segment, ctx: PathContext, role: WordRole): void {
  const text = word.text;
  const dialect = seg.dialect;
  const unknownCwd = seg.cwd === null;
  const push = (path: string, prose: boolean) => {
    uses.push({ segment, span, text, path, prose, dialect, unknownCwd, role });
  };
  if (word.values === null) {
    // A substitution's own commands are segments of their own; here it only stands for unknown text. Cutting it
    // out first keeps deep nesting linear: each enclosing word would otherwise re-read all the text inside.
    const marked = markDynamic(dialect === 'bash' ? cutSubstitutions(text) : text, ctx);
    if (!marked.includes(DYN) || marked.replaceAll(DYN, '') !== '') eachToken(marked, ctx, push, true);
    if (word.stands !== undefined) push(resolvePath(markDynamic(word.stands, ctx), ctx), false);
    return;
  }
  for (const value of word.values) {
    if (value === '') continue;
    // An option is not a file in the working directory; it is matched on its own text (`-i~/.ssh/id_rsa`).
    const at = value.charCodeAt(0) === 45 /* - */ ? { ...ctx, cwd: null } : ctx;
    push(resolvePath(word.glob ? markGlob(value, dialect) : value, at), false);
    const attached = attachedValue(value, dialect);
    if (attached !== undefined) push(resolvePath(attached, ctx), false);
    if ((dialect === 'bash' ? DELIMITER_BASH : DELIMITER).test(value)) eachToken(value, at, push, false);
  }
}

/**
 * PowerShell's `-Path:value`: the value, a path of its own in the working directory, its wildcards marked as a path
 * parameter reads them (`-Path:~\\*\\credentials`), but for `-LiteralPath:`.
 */
function attachedValue(value: string, dialect: Dialect): string | undefined {
  if (dialect !== 'powershell' || value.charCodeAt(0) !== 45 /* - */) return undefined;
  const m = /^-([A-Za-z][\w-]*):(.+)$/s.exec(value);
  if (m === null) return undefined;
  return /^(?:literalpath|lp|pspath)$/i.test(m[1]!) ? m[2] : markGlob(m[2]!, dialect);
}

// Characters that end a path inside a longer string: a script handed to an interpreter, an option's `=value`, a list.
const DELIMITER = /[\s'"`=,;()<>|&{}]/;
const DELIMITER_BASH = /[\s'"`=,;()<>|&{}:]/;
const TOKEN = /[^\s'"`=,;()<>|&{}]+/g;
const TOKEN_BASH = /[^\s'"`=,;()<>|&{}:]+/g;
const WHITESPACE = /\s/;
// A token that could be a path by its own text: a separator, a dot, a tilde, a variable or a marked wildcard.
const PATHISH = /[/\\.~$\u{e001}-\u{e005}]/u;
const HOME_VAR = /\$\{HOME\}|\$HOME(?![A-Za-z0-9_])|\$\{?env:(?:USERPROFILE|HOME)\}?(?![A-Za-z0-9_])/gi;
/**
 * The variables that locate a program's files beneath the home, where the line does not set them: each is read as its
 * default there, where the program looks when it is unset and where it points on most machines when set. The XDG base
 * directories (`cat $XDG_CONFIG_HOME/gh/hosts.yml` reads gh's token), and the homes and files of the programs that
 * keep credentials, start-up code or installed programs (`cat $KUBECONFIG` reads the cluster's credentials, `cat
 * "$AWS_SHARED_CREDENTIALS_FILE"` the keys, `cp x "$GOPATH/bin/gofmt"` puts a program on the PATH). Beneath the home,
 * `''` the home itself.
 */
const HOME_DEFAULTS: Record<string, string> = {
  XDG_CONFIG_HOME: '/.config',
  XDG_DATA_HOME: '/.local/share',
  XDG_CACHE_HOME: '/.cache',
  XDG_STATE_HOME: '/.local/state',
  ZDOTDIR: '',
  HISTFILE: '/.bash_history',
  GNUPGHOME: '/.gnupg',
  PASSWORD_STORE_DIR: '/.password-store',
  AWS_SHARED_CREDENTIALS_FILE: '/.aws/credentials',
  AWS_CONFIG_FILE: '/.aws/config',
  KUBECONFIG: '/.kube/config',
  DOCKER_CONFIG: '/.docker',
  GH_CONFIG_DIR: '/.config/gh',
  CLAUDE_CONFIG_DIR: '/.claude',
  CODEX_HOME: '/.codex',
  NPM_CONFIG_USERCONFIG: '/.npmrc',
  // Files of credentials a client reads from the variable, else from its default: libpq's password file, netrc,
  // gcloud's configuration (and the application default credentials a Google client library reads from
  // GOOGLE_APPLICATION_CREDENTIALS, else from there), boto's, OCI's, Terraform's CLI configuration (its tokens),
  // Azure CLI's, libpq's client key.
  PGPASSFILE: '/.pgpass',
  NETRC: '/.netrc',
  CLOUDSDK_CONFIG: '/.config/gcloud',
  GOOGLE_APPLICATION_CREDENTIALS: '/.config/gcloud/application_default_credentials.json',
  BOTO_CONFIG: '/.boto',
  OCI_CLI_CONFIG_FILE: '/.oci/config',
  TF_CLI_CONFIG_FILE: '/.terraformrc',
  AZURE_CONFIG_DIR: '/.azure',
  PGSSLKEY: '/.postgresql/postgresql.key',
  GIT_CONFIG_GLOBAL: '/.gitconfig',
  GOPATH: '/go',
  GOBIN: '/go/bin',
  CARGO_HOME: '/.cargo',
  RUSTUP_HOME: '/.rustup',
  PYTHONUSERBASE: '/.local',
  PNPM_HOME: '/.local/share/pnpm',
  BUN_INSTALL: '/.bun',
  DENO_INSTALL: '/.deno',
  VOLTA_HOME: '/.volta',
  NVM_DIR: '/.nvm',
  PYENV_ROOT: '/.pyenv',
  RBENV_ROOT: '/.rbenv',
  SDKMAN_DIR: '/.sdkman',
  ASDF_DATA_DIR: '/.asdf',
};
/**
 * The same for files outside the home: the token a pod's cloud identity is given, which the SDKs read from the
 * variable (EKS's web identity, Azure workload identity's), read as the path the platform puts there.
 */
const ROOT_DEFAULTS: Record<string, string> = {
  AWS_WEB_IDENTITY_TOKEN_FILE: '/var/run/secrets/eks.amazonaws.com/serviceaccount/token',
  AZURE_FEDERATED_TOKEN_FILE: '/var/run/secrets/azure/tokens/azure-identity-token',
};
/**
 * Windows' profile, its application data and the machine-wide directories, which Git Bash (Claude Code's Bash tool
 * there) inherits in Win32 form, `\` separating (`cat "$USERPROFILE\.ssh\id_rsa"`): `cat "$LOCALAPPDATA/Microsoft/Vault/x"`
 * reads Credential Manager's vault, `cat "$SYSTEMROOT/System32/config/SAM"` the SAM hive and
 * `cp x.psm1 "$PROGRAMFILES/WindowsPowerShell/Modules/x/"` installs a module, as PowerShell's `$env:` values
 * (powershell/words.ts) read them. Each is `~` (the profile) or `C:` (the home's drive, else C:) and the path beneath.
 */
const WINDOWS_DEFAULTS: Record<string, string> = {
  USERPROFILE: '~',
  APPDATA: '~/AppData/Roaming',
  LOCALAPPDATA: '~/AppData/Local',
  PROGRAMFILES: 'C:/Program Files',
  PROGRAMW6432: 'C:/Program Files',
  COMMONPROGRAMFILES: 'C:/Program Files/Common Files',
  COMMONPROGRAMW6432: 'C:/Program Files/Common Files',
  PROGRAMDATA: 'C:/ProgramData',
  ALLUSERSPROFILE: 'C:/ProgramData',
  PUBLIC: 'C:/Users/Public',
  SYSTEMROOT: 'C:/Windows',
  WINDIR: 'C:/Windows',
  // (PowerShell alone names these, `${env:ProgramFiles(x86)}`: bash's `$PROGRAMFILES(x86)` is PROGRAMFILES.)
  'PROGRAMFILES(X86)': 'C:/Program Files (x86)',
  'COMMONPROGRAMFILES(X86)': 'C:/Program Files (x86)/Common Files',
  SYSTEMDRIVE: 'C:',
  HOMEDRIVE: 'C:',
};
const HOME_DEFAULT_NAMES = [...Object.keys(HOME_DEFAULTS), ...Object.keys(ROOT_DEFAULTS), ...Object.keys(WINDOWS_DEFAULTS)].filter((k) => !k.includes('(')).join('|');
const ENV_DEFAULT_NAMES = ['PROGRAMFILES\\(X86\\)', 'COMMONPROGRAMFILES\\(X86\\)', HOME_DEFAULT_NAMES].join('|');
// (`${XDG_CONFIG_HOME:-…}` too: where the variable is set, it stands there; the default is read as Word.stands.)
const HOME_DEFAULT_VAR = new RegExp(`\\$\\{(${HOME_DEFAULT_NAMES})(?::?[-=][^}]*)?\\}|\\$(${HOME_DEFAULT_NAMES})(?![A-Za-z0-9_])|\\$\\{?env:(${ENV_DEFAULT_NAMES})\\}?(?![A-Za-z0-9_])`, 'gi');
const HOME_DEFAULT_HINT = new RegExp(HOME_DEFAULT_NAMES, 'i');

/** Text with the home's variables, and those of HOME_DEFAULTS a line does not set, put as the paths they stand for. */
function withHomeVars(text: string, home: string): string {
  if (!text.includes('$')) return text;
  const t = text.replace(HOME_OP, (m, op: string, word: string) => homeExpansion(home, op, word) ?? m).replace(HOME_VAR, home);
  if (!HOME_DEFAULT_HINT.test(t)) return t;
  return t.replace(HOME_DEFAULT_VAR, (_m, a?: string, b?: string, c?: string) => {
    const name = (a ?? b ?? c)!.toUpperCase();
    const below = HOME_DEFAULTS[name];
    return below !== undefined ? home.replace(/\/+$/, '') + below : (ROOT_DEFAULTS[name] ?? windowsDefault(WINDOWS_DEFAULTS[name]!, home));
  });
}

/**
 * A WINDOWS_DEFAULTS value for this home, written with `/` (the text is unquoted after, where a `\` may escape): `~`
 * the home (`C:/Users/dev` of `C:\Users\dev` or of Git Bash's `/c/Users/dev`, the home itself on another host, where
 * the variable is unset and any reading will do); `C:` the home's drive, else C:.
 */
function windowsDefault(value: string, home: string): string {
  const h = home.replace(/[\\/]+$/, '').replace(/\\/g, '/');
  const m = /^([A-Za-z]):(?=\/|$)|^\/([A-Za-z])(?=\/|$)/.exec(h);
  const drive = m === null ? 'C:' : `${(m[1] ?? m[2])!.toUpperCase()}:`;
  if (!value.startsWith('~')) return drive + value.slice(2);
  return (m === null ? h : drive + h.slice(m[0].length)) + value.slice(1);
}

// `${HOME:-x}`, `${HOME%/*}`, `${HOME##*/}`: an operator on the home, whose value the guard knows (and which is set).
const HOME_OP = /\$\{HOME(:?[-=]|%%?|##?)([^}]*)\}/g;

/**
 * What bash makes of the home through an operator: its value under `:-` or `=` (the home is set, and not empty); under
 * `%`, `%%`, `#`, `##` what is left once the shortest or longest suffix or prefix a pattern of `*`, `?` and plain
 * characters matches is cut (`${HOME%/*}` is the directory that holds it). Undefined: a pattern this does not read.
 */
function homeExpansion(home: string, op: string, pattern: string): string | undefined {
  if (!op.startsWith('%') && !op.startsWith('#')) return home;
  if (!/^[^[\]\\$`'"]*$/.test(pattern)) return undefined;
  const re = new RegExp(`^${pattern.replace(/[.+^${}()|\\/]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`, 's');
  const lengths = Array.from({ length: home.length + 1 }, (_, k) => k);
  if (op.length === 2) lengths.reverse();
  for (const k of lengths) {
    if (op.startsWith('%') && re.test(home.slice(home.length - k))) return home.slice(0, home.length - k);
    if (op.startsWith('#') && re.test(home.slice(0, k))) return home.slice(k);
  }
  return home;
}

/**
 * Splits a string into tokens and resolves each. In prose (the string holds whitespace) a token's basename counts
 * only with evidence that it is a path: a `/`, or a quote, `=`, `<` or `>` right before it.
 */
function eachToken(text: string, ctx: PathContext, push: (path: string, prose: boolean) => void, includeWhole: boolean): void {
  if (includeWhole) push(resolvePath(text.replace(/["']/g, ''), ctx), false);
  const prose = WHITESPACE.test(text);
  const re = ctx.dialect === 'bash' ? TOKEN_BASH : TOKEN;
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    let token = m[0];
    // The whole text is already a use of its own.
    if (token.length === text.length) continue;
    const before = m.index > 0 ? text[m.index - 1]! : '';
    const slash = token.includes('/') || token.includes('\\');
    const evidence = !prose || slash || `'"=<>\``.includes(before);
    if (!evidence && !PATHISH.test(token)) continue;
    if (token.includes('$')) token = withHomeVars(token, ctx.home);
    push(resolvePath(token, ctx), !evidence);
  }
}

const BASH_EXPANSION = /^~[-+](?=\/|$)|\$\{[^}]*\}|[$<>]\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)|`[^`]*`|\$[A-Za-z_][A-Za-z0-9_]*|\$[0-9@*#?$!-]/g;
// (cmd.exe's `%NAME%` too: a word of `cmd /c` text whose variable is unknown is computed, not a file named `%NAME%`.)
const PS_EXPANSION = /\$\{[^}]*\}|\$\((?:[^()]|\([^()]*\))*\)|\$[A-Za-z_][A-Za-z0-9_]*(?::[A-Za-z_][A-Za-z0-9_]*)?|%[^%\s]+%/g;

/** Replaces each `$(…)` and `` `…` `` of bash text with `$(:)`, in one pass whatever the nesting. */
export function cutSubstitutions(text: string): string {
  if (!text.includes('$(') && !text.includes('`')) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length) {
      out += c + text[++i];
    } else if (c === '$' && text[i + 1] === '(' && text[i + 2] !== '(') {
      let depth = 0;
      let j = i + 1;
      for (; j < text.length; j++) {
        if (text[j] === '\\') j++;
        else if (text[j] === '(') depth++;
        else if (text[j] === ')' && --depth === 0) break;
      }
      out += '$(:)';
      i = j;
    } else if (c === '`') {
      let j = i + 1;
      while (j < text.length && text[j] !== '`') j += text[j] === '\\' ? 2 : 1;
      out += '$(:)';
      i = j;
    } else out += c;
  }
  return out;
}

/**
 * A dynamic word's text with home variables substituted, other expansions marked `DYN`, quotes dropped, and the
 * glob characters written outside quotes marked (inside quotes they are literal).
 */
export function markDynamic(text: string, ctx: PathContext): string {
  const t = withHomeVars(text, ctx.home).replace(ctx.dialect === 'bash' ? BASH_EXPANSION : PS_EXPANSION, DYN);
  let out = '';
  let quote = '';
  for (let i = 0; i < t.length; i++) {
    const ch = t[i]!;
    if (quote !== '') {
      if (ch === quote) quote = '';
      // In bash's double quotes `\` escapes only `$`, `` ` ``, `"`, `\` and a newline; before another character it stays
      // (`"$USERPROFILE\.ssh\id_rsa"` is `C:\Users\dev\.ssh\id_rsa` in Git Bash).
      else if (ch === '\\' && quote === '"' && ctx.dialect === 'bash' && i + 1 < t.length) out += '$`"\\\n'.includes(t[i + 1]!) ? t[++i]! : ch;
      else out += ch;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '$' && t[i + 1] === "'" && ctx.dialect === 'bash') {
      // `$'.ssh'`: ANSI-C quoting, its escapes decoded (`$'\x2essh'`); `$"…"` is a double-quoted string.
      let j = i + 2;
      while (j < t.length && t[j] !== "'") j += t[j] === '\\' ? 2 : 1;
      out += decodeAnsiC(t.slice(i + 2, j));
      i = j;
    } else if (ch === '$' && t[i + 1] === '"' && ctx.dialect === 'bash') {
      quote = '"';
      i++;
    } else if (ch === '`' && ctx.dialect === 'powershell') {
      if (i + 1 < t.length) out += t[++i]!;
    } else if (ch === '\\' && ctx.dialect === 'bash' && i + 1 < t.length) out += t[++i]!;
    else if (ch === '*') out += STAR;
    else if (ch === '?') out += ONE;
    else if (ch === '[' && t.indexOf(']', i + 2) > i) {
      out += ONE;
      i = t.indexOf(']', i + 2);
    } else out += ch;
  }
  return out;
}

/** One number per span, for sets of spans already reported (command lines are at most a few MB). */
export function spanKey(span: Span): number {
  return span.start * 0x1000000 + span.end;
}

/** The single static value of a word, or null. */
export function staticValue(word: Word | undefined): string | null {
  if (word === undefined || word.values === null || word.values.length !== 1) return null;
  return word.values[0]!;
}

/** The program name compared case-insensitively, without a Windows executable extension. */
const NAMES = new Map<string, string>();

export function programName(inv: Invocation): string {
  // Every rule asks for every invocation: the same few names, worked out once each.
  let name = NAMES.get(inv.program);
  if (name === undefined) {
    name = inv.program.toLowerCase().replace(/\.(exe|com|cmd|bat)$/, '');
    if (NAMES.size > 4096) NAMES.clear();
    NAMES.set(inv.program, name);
  }
  return name;
}

/** A word (or its text) shortened for a message. */
export function display(word: Word | string): string {
  const t = (typeof word === 'string' ? word : word.text).replace(/\s+/g, ' ');
  return t.length > 60 ? t.slice(0, 57) + '…' : t;
}

/** The word's static values, or its text when dynamic (for option names, which are never worth resolving). */
export function valuesOf(word: Word): string[] {
  return word.values ?? [word.text];
}

/**
 * Operands of a POSIX-style command: words that are not options. `takesValue(opt)` says whether an option consumes
 * the next word; `--` ends options.
 */
export function operands(args: readonly Word[], takesValue: (opt: string) => boolean): Word[] {
  const out: Word[] = [];
  let options = true;
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    const v = staticValue(w);
    if (options && v === '--') {
      options = false;
      continue;
    }
    if (options && v !== null && v.length > 1 && v.startsWith('-')) {
      if (!v.includes('=') && takesValue(v)) i++;
      continue;
    }
    out.push(w);
  }
  return out;
}

/** PowerShell parameters: `-Name value`, `-Name:value`, and the positional words left over. */
export interface PsArgs {
  named: Map<string, Word>;
  positional: Word[];
}

/** Splits PowerShell arguments; a parameter in `switches` takes no value. Names are lower-cased, `-` dropped. */
export function psArgs(args: readonly Word[], switches: ReadonlySet<string>): PsArgs {
  const named = new Map<string, Word>();
  const positional: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    const v = staticValue(w);
    if (v !== null && /^-[A-Za-z]/.test(v)) {
      const colon = v.indexOf(':');
      const name = (colon > 0 ? v.slice(1, colon) : v.slice(1)).toLowerCase();
      if (colon > 0) named.set(name, { ...w, text: v.slice(colon + 1), values: [v.slice(colon + 1)] });
      else if (!switches.has(name) && i + 1 < args.length) named.set(name, args[++i]!);
      continue;
    }
    positional.push(w);
  }
  return { named, positional };
}

/** The value of a PowerShell parameter given by any unambiguous prefix of one of its names (`-Pa` for `-Path`). */
export function psParam(ps: PsArgs, names: readonly string[]): Word | undefined {
  for (const [given, word] of ps.named) {
    if (names.some((n) => n === given || (given.length >= 2 && n.startsWith(given)))) return word;
  }
  return undefined;
}
