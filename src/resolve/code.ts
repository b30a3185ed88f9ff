// Interpreter code on the line: its language module reads what it does; this acts on that as the shell resolver would —
// shell text is re-entered as bash, an argv becomes an invocation through the registry, code is read again.
import { type ChildEnvironment, childDirectories, childEnvironment } from '../languages/environment.js';
import { changesModes } from '../languages/capabilities.js';
import { type CodeEffect, type CodeEnv, languageModel } from '../languages/index.js';
import { withTree } from '../parse/index.js';
import { type Language, type Segment, type Span, STAR, type Word } from '../types.js';
import { BashResolver } from './bash.js';
import { commandKey, heldAt, mapSpan, nestedContext, nestedOrigin, type ResolveContext, writtenFiles, writtenKey, writtenKeys } from './context.js';
import { FLOOR, floor, floorAt } from './floor.js';
import { resolveAgainst } from './path.js';
import { copy, type Flow, initialState } from './state.js';
import { bound, recorded, urlHost } from '../programs/hosts.js';
import { dataUrlCode } from '../programs/variables.js';

/** Reads interpreter code in its language and records what it does. Never throws for bad input. */
export function analyzeCode(text: string, language: Language, ctx: ResolveContext): void {
  const model = languageModel(language);
  const whole = { start: 0, end: text.length };
  if (!model) {
    floor(ctx, FLOOR.dynamicCode, whole, `vouch does not read ${language} code`);
    return;
  }
  const env: CodeEnv = { env: (name) => ctx.vars.get(name) };
  let effects: CodeEffect[];
  if (model.grammar) {
    const grammar = model.grammar;
    const outcome = withTree(
      text,
      grammar,
      (root, issues) => {
        for (const issue of issues) {
          const what = issue.kind === 'missing' ? `missing ${issue.type}` : 'a syntax error';
          floor(ctx, FLOOR.parseError, issue.span, `the ${language} parser found ${what} here`);
        }
        return model.read(text, root, env);
      },
      ctx.limits,
    );
    if (!outcome.ok) {
      const rule = outcome.reason === 'parser-error' ? FLOOR.internalError : outcome.reason === 'nul' ? FLOOR.parseError : FLOOR.limit;
      floor(ctx, rule, whole, outcome.message);
      return;
    }
    effects = outcome.value;
  } else effects = model.read(text, undefined, env);
  new CodeActor(ctx, language, text).act(effects);
}

/** Acts on what a language module found, in the order the code does it. */
class CodeActor {
  private readonly seg: Segment;
  private readonly index: number;
  private readonly resolver: BashResolver;
  /** Where the code stands now: `os.chdir` moves what follows. */
  private cwd: string | null;
  private moved = false;
  /** Whether the code has written a file that may be code (a computed path, or a name a loader runs). */
  private wroteCode = false;
  /** Spans of the words already handed to a program or opened: a string constant there is not a word twice. */
  private readonly covered = new Set<string>();
  /** What the code puts in the environment of the programs it starts (`os.environ["X"] = …`, `env={…}`); read at the first. */
  private childEnv: ChildEnvironment | undefined;
  /** The directories the code's calls name for the programs they start (`cwd=`), each possibly any call's; read at the first. */
  private childDirs: (string | null)[] | undefined;

  constructor(
    private readonly ctx: ResolveContext,
    private readonly language: Language,
    private readonly text: string,
  ) {
    this.cwd = ctx.cwd;
    // One segment holds the code's words (its strings, the argv it starts, the paths it opens), for the path rules.
    this.seg = { dialect: 'bash', words: [], assignments: [], redirects: [], span: mapSpan(ctx, { start: 0, end: text.length }), context: [language], depth: ctx.depth, cwd: ctx.cwd };
    ctx.out.segments.push(this.seg);
    this.index = ctx.out.segments.length - 1;
    ctx.out.codeUses.push({ language, what: 'code', api: ctx.caller?.program ?? language, span: this.seg.span, segment: this.index });
    this.resolver = new BashResolver(ctx);
    this.resolver.chain = ctx.wrappers ?? [];
  }

  /** A path the code names, `~` made the home (the interpreters' expanduser, which vouch reads as done). */
  private homed(v: string): string {
    return v.startsWith('~') ? this.ctx.home + v.slice(1) : v;
  }

  /** Where a program the code starts may run: where the code stands, and every directory a call of it names. */
  private childCwds(): (string | null)[] {
    this.childDirs ??= childDirectories(this.text);
    const out = new Set<string | null>([this.cwd]);
    for (const d of this.childDirs) out.add(d === null ? null : resolveAgainst(this.cwd, this.homed(d)));
    return [...out];
  }

  /** The environment a program the code starts gets from it; cannot vouch where the code sets a variable it names at run time. */
  private started(at: Span): ReadonlyMap<string, string | null> {
    if (this.childEnv === undefined) {
      this.childEnv = childEnvironment(this.text);
      if (this.childEnv.computed !== undefined) floorAt(this.ctx, FLOOR.dynamicScript, at, `the ${this.language} code sets an environment variable named at run time (${this.childEnv.computed}) for the programs it starts`, this.index);
      // Each read as the shell's own assignment of it is: one a program runs as text or that makes it load code
      // (GIT_SSH_COMMAND, PAGER, BASH_ENV, LUA_INIT, LD_PRELOAD, NODE_OPTIONS) is judged there.
      for (const [name, value] of this.childEnv.vars) {
        const word: Word = value === null ? { text: name, span: this.seg.span, values: null, dynamic: `the ${this.language} code sets it to a computed value` } : { text: value, span: this.seg.span, values: [value] };
        this.resolver.codeAssignment(name, word, this.index, initialState(this.cwd, this.ctx.vars), this.cwd);
      }
    }
    return this.childEnv.vars;
  }

  private word(w: Word): Word {
    const mapped: Word = { ...w, span: mapSpan(this.ctx, w.span) };
    // A computed JavaScript template is read by the path rules as the shell's "…${x}…" (not as backticks' command).
    if (w.values === null && /^`[^`]*`$/.test(w.text)) mapped.text = `"${w.text.slice(1, -1)}"`;
    // After a static chdir, a relative path is the directory's.
    if (this.moved && mapped.values && this.cwd !== null) mapped.values = mapped.values.map((v) => (v.startsWith('/') || v.startsWith('~') ? v : (resolveAgainst(this.cwd, v) ?? v)));
    return mapped;
  }

  private add(w: Word): void {
    this.covered.add(`${w.span.start}:${w.span.end}`);
    this.seg.words.push(w);
  }

  act(given: CodeEffect[]): void {
    const strings: Word[] = [];
    const effects = listingsWritten(listingsDeleted(listingsRead(given)));
    // A write to a path the code computes may be to one of its arguments, or below one.
    if (effects.some((e) => e.kind === 'path' && WRITES.has(e.role) && e.path.values === null)) this.argsWritten(effects);
    for (const e of effects) {
      switch (e.kind) {
        case 'network': {
          const h = e.url === undefined ? undefined : urlHost(e.url);
          const use = { language: this.language, what: e.kind, api: e.api, span: mapSpan(this.ctx, e.span), segment: this.index };
          this.ctx.out.codeUses.push(h !== undefined && 'host' in h ? { ...use, host: h.host } : use);
          break;
        }
        case 'listen': {
          // A server the code starts is the interpreter's, as `python3 -m http.server` is python3's: the registry's
          // `listens`, judged by the one rule that judges every server (egress.binary).
          const at = mapSpan(this.ctx, e.span);
          const d = recorded(bound({ text: `${e.api} at ${e.text}`, span: at, values: [e.address] }, e.address));
          const caller = this.ctx.caller;
          if (caller) caller.listens = [...(caller.listens ?? []), d];
          else this.ctx.out.codeUses.push({ language: this.language, what: 'network', api: `${e.api}, a server at ${e.text}`, span: at, segment: this.index });
          break;
        }
        case 'environment':
          this.ctx.out.codeUses.push({ language: this.language, what: e.kind, api: e.api, span: mapSpan(this.ctx, e.span), segment: this.index });
          break;
        case 'variable': {
          // Printed where the interpreter's output goes: its segment, not the code's.
          const segment = this.ctx.caller?.segment;
          this.ctx.out.codeUses.push({ language: this.language, what: e.kind, name: e.name, api: e.api, span: this.seg.span, ...(segment === undefined ? {} : { segment }) });
          break;
        }
        case 'shell':
          this.shell(e.text, e.api);
          break;
        case 'exec':
          this.exec(e.argv, e.api, e.span);
          break;
        case 'code':
          this.code(e.text, e.language, e.api);
          break;
        case 'path': {
          if ((e.role === 'write' || e.role === 'create') && (e.path.values === null || e.path.values.some((v) => CODE_FILE.test(v)))) this.wroteCode = true;
          if (e.role === 'write') {
            // A file the code writes, with content vouch does not follow: a later command of the line that runs it runs unread code.
            const files = writtenFiles(this.ctx.out);
            const why = { why: `${e.api} in ${this.language} code`, ...(this.ctx.caller ? { segment: this.ctx.caller.segment, caller: commandKey(this.ctx.caller) } : {}) };
            for (const v of e.path.values ?? ['*']) {
              const key = v === '*' ? '*' : writtenKey(this.cwd, this.homed(v));
              files.set(key, [...(files.get(key) ?? []), why]);
            }
          }
          const w = this.word(e.path);
          // A pattern a glob API expands is a glob (`glob.glob("~/.*/cred*")`), as the shell's is.
          if (GLOBS.test(e.api) && w.values?.some((v) => /[*?[]/.test(v))) w.glob = true;
          this.add(w);
          for (const s of e.covers ?? []) {
            const m = mapSpan(this.ctx, s);
            this.covered.add(`${m.start}:${m.end}`);
          }
          const caller = this.ctx.caller;
          // A computed path written below a known directory (`Dir.home + "/" + name`, `os.path.join(HOME, x)`) may be
          // any file beneath it: judged as what is extracted into that directory is.
          const head = e.head === '~' ? '~/' : e.head;
          const dir = WRITES.has(e.role) && e.path.values === null && head?.includes('/') ? head.slice(0, head.lastIndexOf('/')) || '/' : undefined;
          if (caller && dir !== undefined) caller.uses = [...(caller.uses ?? []), { role: 'extract', span: w.span, text: dir, values: [this.homed(dir)] }];
          if (caller) {
            const use: NonNullable<typeof caller.uses>[number] = { role: e.role, span: w.span, text: w.text };
            if (w.values) use.values = w.values;
            if (e.names) use.names = e.names;
            if (e.moved) use.moved = true;
            if (e.role === 'meta' && changesModes(e.api)) use.modes = true;
            // An archive code extracts (`tarfile.open(f).extractall()`, `shutil.unpack_archive`) or a tree it copies
            // whole into a directory (`shutil.copytree(src, '.')`) puts names no static reading lists there.
            if (e.role === 'extract') use.unlisted = true;
            caller.uses = [...(caller.uses ?? []), use];
          }
          break;
        }
        case 'load':
          if (e.path) {
            // The code a file holds (a source a loader runs, a pickle's objects): a file the line wrote, one named only
            // at run time, or a stream (`runpy.run_path("/dev/stdin")`, `load "/dev/fd/3"`) is code on the line unread.
            const files = writtenFiles(this.ctx.out);
            const w = this.word(e.path);
            const what = e.pickle ? 'the code a pickle holds' : 'the code';
            const stream = w.values?.find((v) => CODE_STREAM.test(v));
            if (stream !== undefined) {
              floor(this.ctx, FLOOR.dynamicCode, e.span, `${e.api} runs ${what} it reads from ${stream}, a stream`, this.index);
              break;
            }
            // A data: URL (`import("data:text/javascript,…")`) holds its code.
            const data = w.values?.filter((v) => /^data:/i.test(v)) ?? [];
            for (const v of data) {
              const code = dataUrlCode(v);
              if (code === null || code === undefined) floor(this.ctx, FLOOR.dynamicCode, e.span, `${e.api} runs the code of a data: URL vouch cannot decode`, this.index);
              else this.code({ ...e.path, values: [code] }, this.language, e.api);
            }
            if (data.length > 0) break;
            if (e.searched && w.values === null && files.size === 0) break;
            if (w.values === null) {
              floor(this.ctx, FLOOR.dynamicCode, e.span, `${e.api} runs ${what} in ${w.text}, a file named only at run time`, this.index);
              break;
            }
            // What the line wrote without vouch following it (the code's own write, a stream): a script not read.
            const unread = e.pickle ? FLOOR.dynamicCode : FLOOR.dynamicScript;
            if (files.has('*')) {
              floor(this.ctx, unread, e.span, `${e.api} runs ${what} in ${w.text}, which the line may have written`, this.index);
              break;
            }
            // A source the line wrote with text it spelled is code on the line, read in the loader's language; a pickle,
            // or a file written with what vouch did not follow, is not read.
            const held = w.values.flatMap((v) => writtenKeys(files, this.cwd, this.homed(v))).flatMap((k) => heldAt(this.ctx.out, k));
            if (held.length === 0) break;
            const texts = e.pickle ? [] : held.flatMap((h) => ('text' in h ? [h.text] : []));
            if (texts.length < held.length) floor(this.ctx, unread, e.span, `${e.api} runs ${what} in ${w.text}, which the line wrote with content vouch does not follow`, this.index);
            else this.code({ ...e.path, values: [...new Set(texts)] }, this.language, e.api);
            break;
          }
          if (this.wroteCode) floor(this.ctx, FLOOR.dynamicScript, e.span, `${e.api} loads code from a file the code itself wrote, whose content is not read`, this.index);
          break;
        case 'chdir': {
          const v = e.path.values?.length === 1 ? e.path.values[0]! : undefined;
          this.cwd = v === undefined ? null : resolveAgainst(this.cwd, this.homed(v));
          this.moved = true;
          break;
        }
        case 'dynamic':
          floor(this.ctx, FLOOR[e.rule === 'dynamic-code' ? 'dynamicCode' : e.rule === 'dynamic-command' ? 'dynamicCommand' : 'dynamicScript'], e.span, e.why, this.index);
          break;
        case 'string':
          strings.push(this.word(e.word));
          break;
      }
    }
    for (const w of strings) if (!this.covered.has(`${w.span.start}:${w.span.end}`)) this.seg.words.push(w);
  }

  /**
   * The code writes a path it computes, and the interpreter hands it words as its own arguments (`open(sys.argv[1],
   * "a")` given ~/.bashrc, `os.path.join(process.argv[1], ".bashrc")` given ~): each argument is a path it may write,
   * as is each joined with a relative name the code spells. The program's write of them, judged where they lie.
   */
  private argsWritten(effects: readonly CodeEffect[]): void {
    const caller = this.ctx.caller;
    if (!caller?.codeArgs) return;
    const spelt = effects.flatMap((e) => (e.kind === 'string' ? (e.word.values ?? []) : e.kind === 'path' ? (e.path.values ?? []) : []));
    const names = [...new Set(spelt.filter((s) => s !== '' && s.length <= 255 && !/^[/~]|[\s\0]/.test(s)))].slice(0, 64);
    for (const w of caller.codeArgs) {
      if (!w.values) continue;
      const values = [...new Set(w.values.flatMap((v) => [v, ...names.map((n) => `${v.replace(/\/+$/, '')}/${n}`)]))];
      caller.uses = [...(caller.uses ?? []), { role: 'write', span: w.span, text: w.text, values }];
    }
  }

  /** Shell text the code runs (through /bin/sh), read as bash. */
  private shell(text: Word, api: string): void {
    const w = this.word(text);
    this.covered.add(`${w.span.start}:${w.span.end}`);
    if (w.values === null) {
      floorAt(this.ctx, FLOOR.dynamicScript, w.span, `${api} runs computed shell text: ${w.dynamic ?? 'not static'}`, this.index);
      return;
    }
    const r = this.resolver;
    const saved = r.chain;
    r.chain = [...(this.ctx.wrappers ?? []), api];
    try {
      const env = this.started(w.span);
      for (const cwd of this.childCwds()) for (const v of w.values) for (const stdin of this.childStdins()) r.reenter([w], 'bash', v, this.childState(cwd), cwd, env, false, false, stdin);
    } finally {
      r.chain = saved;
    }
  }

  /** A program the code starts with an argv, asked of the registry like any other. */
  private exec(argv: Word[] | null, api: string, at: Span): void {
    if (argv === null || argv.length === 0) {
      floorAt(this.ctx, FLOOR.dynamicCommand, mapSpan(this.ctx, at), `${api} starts a program whose argv is computed`, this.index);
      return;
    }
    const words = argv.map((w) => this.word(w));
    for (const w of words) this.add(w);
    const env = this.started(mapSpan(this.ctx, at));
    for (const cwd of this.childCwds()) {
      const state = this.childState(cwd);
      // Started elsewhere (`cwd=…`), its words are read there: a segment of the code's own for that directory.
      const seg = cwd === this.cwd ? this.index : this.segmentIn(cwd, words);
      for (const stdin of this.childStdins()) this.resolver.commands.invoke(words, seg, copy(state), [api], cwd, stdin, env, [this.language]);
    }
  }

  /**
   * The shell state a program the code starts begins in: its directory, which is a glob's where the interpreter was
   * started in one (`cd ../proj[e]ct && python3 -c …`) and the code stays there or names a directory below it
   * (`cwd="build"`), as the shell's own `cd build` there keeps the glob.
   */
  private childState(cwd: string | null): ReturnType<typeof initialState> {
    const state = initialState(cwd, this.ctx.vars);
    const here = this.ctx.cwd;
    if (cwd !== null && here !== null && this.ctx.caller?.cwdGlob && (cwd === here || cwd.startsWith(`${here.replace(/\/+$/, '')}/`))) state.globDirs.add(cwd);
    return state;
  }

  /** A segment holding the words of a program the code starts in another directory, whose relative names are read there. */
  private segmentIn(cwd: string | null, words: Word[]): number {
    this.ctx.out.segments.push({ ...this.seg, words: [...words], cwd });
    return this.ctx.out.segments.length - 1;
  }

  /**
   * What a process the code starts reads on stdin: the interpreter's own (`echo … | python3 -c 'os.system("sh")'`),
   * or whatever the code writes to it (`run(["sh"], input=…)`, `popen("sh", "w")`), which is not followed: each.
   */
  private childStdins(): (Flow | undefined)[] {
    const own = this.ctx.codeStdin as Flow | undefined;
    return own === undefined || own === CODE_WRITES || (own.kind === 'stream' && own.under === undefined) ? [CODE_WRITES] : [own, CODE_WRITES];
  }

  /** Code the code evaluates (`eval`, `exec`): static text is read again, in its language. */
  private code(text: Word, language: Language, api: string): void {
    const w = this.word(text);
    this.covered.add(`${w.span.start}:${w.span.end}`);
    if (w.values === null) {
      floorAt(this.ctx, FLOOR.dynamicCode, w.span, `${api} runs computed code: ${w.dynamic ?? 'not static'}`, this.index);
      return;
    }
    for (const v of w.values) {
      const nested = nestedContext(this.ctx, nestedOrigin(w.text, w.span, v), this.cwd);
      if (this.ctx.caller) nested.caller = this.ctx.caller;
      nested.wrappers = [...(this.ctx.wrappers ?? []), api];
      this.ctx.reenter(v, language, nested);
    }
  }
}

/** What a path the code opens is used for that puts something there. */
const WRITES: ReadonlySet<string> = new Set(['write', 'create', 'extract']);

/** Paths that are a stream, not a file: what a loader reads there is whatever the stream hands it. */
const CODE_STREAM = /^(?:\/dev\/(?:stdin|tty|fd\/\d+)|\/proc\/(?:self|thread-self|\d+)\/fd\/\d+|php:\/\/(?:stdin|input|fd\/\d+))$/i;

/** APIs that expand a glob pattern. */
const GLOBS = /(?:^|[.:>])(?:glob|iglob|rglob|expandGlob|expandGlobSync|globSync|bsd_glob)$/i;

/** Files an interpreter loads as code: sources, compiled modules, Python's .pth, native extensions. */
const CODE_FILE = /\.(?:py|pyc|pth|pyw|js|mjs|cjs|jsx|ts|mts|cts|tsx|node|so|dylib|dll|rb|php|phtml|inc|pl|pm|plx|t)$/i;

/** The stdin of a process interpreter code starts, when the code may write it. */
const CODE_WRITES: Flow = { kind: 'stream', why: 'what the code that starts it writes to its stdin' };

/** APIs that list a directory or expand a pattern (their path is only looked at), and those of them that recurse. */
const LISTS = /(?:^|[.:>])(?:listdir|scandir|walk|glob|iglob|rglob|iterdir|entries|children|each_child|foreach|readdir|readdirSync|opendir|opendirSync|readDir|readDirSync|find|finddepth|bsd_glob|walkSync|\[\]|(?:Recursive)?DirectoryIterator|FilesystemIterator|GlobIterator)$/i;
const RECURSES = /(?:^|[.:>])(?:walk|rglob|walkSync|find|finddepth|RecursiveDirectoryIterator)$/i;

/**
 * Code that lists a directory and reads a path it computes (`for f in glob.glob(P): open(f)`, `os.walk(~)` then
 * `open(join(r, f))`) reads what it listed: the listing's path is read then, recursively where the listing recurses.
 * A listing alone only looks at names, as `ls` does.
 */
function listingsRead(effects: CodeEffect[]): CodeEffect[] {
  const computedRead = effects.some((e) => e.kind === 'path' && (e.role === 'read' || e.role === 'read-tree') && (e.path.values === null || e.path.values.length === 0));
  if (!computedRead) return effects;
  return effects.map((e): CodeEffect => {
    if (e.kind !== 'path' || e.role !== 'meta' || !LISTS.test(e.api)) return e;
    if (!RECURSES.test(e.api) && !/\*\*/.test(e.path.text)) return { ...e, role: 'read' };
    // A recursive pattern reads the whole tree under its static part (`glob("~/**", recursive=True)` reads `~`).
    const values = e.path.values?.map((v) => (/[*?[]/.test(v) ? v.slice(0, v.search(/[*?[]/)).replace(/[^/]*$/, '') || '.' : v));
    return { ...e, role: 'read-tree', path: values ? { ...e.path, values } : e.path };
  });
}

/**
 * Code that lists a directory and writes a path it computes (`for f in Path.home().glob("*"): f.write_text(…)`,
 * `Dir.glob(File.join(Dir.home, "*")).each { |f| File.write(f, …) }`, `foreach (glob("$HOME/.*") as $f)
 * file_put_contents($f, …)`) may write any entry it listed: the listed directory is written beneath, as an archive
 * extracted into it is (below the home denied, below src/ not).
 */
function listingsWritten(effects: CodeEffect[]): CodeEffect[] {
  if (!effects.some((e) => e.kind === 'path' && WRITES.has(e.role) && e.path.values === null)) return effects;
  const out: CodeEffect[] = [];
  for (const e of effects) {
    out.push(e);
    if (e.kind !== 'path' || e.role !== 'meta' || !LISTS.test(e.api) || e.path.values === null) continue;
    // A pattern's directory is its static head.
    const dirs = e.path.values.map((v) => {
      const at = v.search(/[*?[]/);
      return (at < 0 ? v : v.slice(0, at).replace(/[^/]*$/, '')).replace(/(.)\/+$/, '$1') || '.';
    });
    out.push({ kind: 'path', role: 'extract', path: { ...e.path, values: [...new Set(dirs)] }, api: e.api });
  }
  return out;
}

/**
 * Code that lists a directory and deletes a path it computes (`for f in os.listdir(~): os.remove(join(~, f))`,
 * `[p.unlink() for p in Path.home().rglob("*")]`, `unlink glob("$ENV{HOME}/*")`, `readdirSync(homedir()).forEach(…
 * unlinkSync)`) deletes what it listed, as `find DIR -delete` or `rm -rf DIR/*` does: the listed directory's entries,
 * judged where it lies (a home, the root, outside the project), not as one computed file. A walk, a recursive pattern
 * or a recursive delete reaches every entry below it, dot names too (a repository's .git); a flat listing deleted file
 * by file reaches its entries as a glob does (in a computed directory, `rm -f "$D"/*`: nothing judged). A listing alone
 * only looks at names, as `ls` does.
 */
function listingsDeleted(effects: CodeEffect[]): CodeEffect[] {
  const deletes = effects.filter((e) => e.kind === 'path' && (e.role === 'delete' || e.role === 'delete-tree') && e.path.values === null);
  if (deletes.length === 0) return effects;
  const tree = deletes.some((e) => e.kind === 'path' && e.role === 'delete-tree');
  const out: CodeEffect[] = [];
  for (const e of effects) {
    out.push(e);
    if (e.kind !== 'path' || e.role !== 'meta' || !LISTS.test(e.api)) continue;
    const deep = tree || RECURSES.test(e.api) || /\*\*/.test(e.path.text) || (e.path.values?.some((v) => v.includes('**')) ?? false);
    // A computed directory's files deleted one by one are `rm -f "$D"/*`, which no rule judges; its tree is `find "$D" -delete`.
    if (!deep && e.path.values === null) continue;
    // A pattern's directory is its static head; its last name narrows what a walk reaches (`**/*.pyc` spares .git).
    const parts = e.path.values?.map((v) => {
      const at = v.search(/[*?[]/);
      if (at < 0) return { dir: v, name: '*' };
      const dir = v.slice(0, at).replace(/[^/]*$/, '') || '.';
      return { dir, name: v.slice(v.lastIndexOf('/') + 1) || '*' };
    });
    const path: Word = parts ? { ...e.path, values: parts.map((p) => (deep ? p.dir : `${p.dir.replace(/\/+$/, '')}/${STAR}`)) } : e.path;
    const effect: CodeEffect = { kind: 'path', role: 'delete-tree', path, api: e.api };
    if (deep) effect.names = parts ? [...new Set(parts.map((p) => p.name))] : ['*'];
    out.push(effect);
  }
  return out;
}
