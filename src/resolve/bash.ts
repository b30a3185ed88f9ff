// Bash: lower the tree into statements, then resolve words, cwd, wrappers and nested scripts into segments and invocations.
import type { Node } from 'web-tree-sitter';
import { lowerBash } from '../segments/bash.js';
import type { RawRedirect, RawWord, Stmt } from '../segments/ir.js';
import type { Assignment, Invocation, Redirect, Segment, Span, Word } from '../types.js';
import { mapSpan, nestedContext, nestedOrigin, type ResolveContext, type TextOrigin } from './context.js';
import { codeAssignment } from './code-vars.js';
import { embeddedScripts } from './embedded.js';
import { FLOOR, floor, floorAt } from './floor.js';
import { basename, resolveAgainst } from './path.js';
import { powershellHostScript } from './pwsh-args.js';
import { evalWord, single, type WordEnv } from './words.js';
import { CONTAINER_RUN, peelWrapper, SHELLS, type WrapperRow, wrapperRowOf } from './wrappers.js';

/** The shell state that `cd`, assignments and scopes change. */
interface State {
  cwd: string | null;
  oldpwd: string | null;
  dirs: (string | null)[];
  vars: Map<string, string>;
  /** Variables whose assigned value bash transforms (`declare -l/-u/-c/-n/-i`): never followed. */
  transformed: Set<string>;
}

/** What a statement writes to stdout, as far as a shell reading it cares. */
type Flow =
  | { kind: 'static'; text: string; word: Word }
  | { kind: 'stream'; why: string }
  /** Input from a named file (`sh < script.sh`): like running a script file. */
  | { kind: 'file' };

const STREAM_UNKNOWN: Flow = { kind: 'stream', why: 'the output of a compound command' };

function copy(s: State): State {
  return { cwd: s.cwd, oldpwd: s.oldpwd, dirs: s.dirs.slice(), vars: new Map(s.vars), transformed: new Set(s.transformed) };
}

/** Merges the states of two paths that may both have run: what differs becomes unknown. */
function merge(into: State, other: State): void {
  if (into.cwd !== other.cwd) into.cwd = null;
  if (into.oldpwd !== other.oldpwd) into.oldpwd = null;
  for (const [k, v] of into.vars) if (other.vars.get(k) !== v) into.vars.delete(k);
  if (into.dirs.length !== other.dirs.length || into.dirs.some((d, i) => d !== other.dirs[i])) into.dirs = into.dirs.map(() => null);
}

function staticWord(text: string, span: Span): Word {
  return { text, span, values: [text] };
}

function shellQuote(v: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(v) ? v : `'${v.replace(/'/g, `'\\''`)}'`;
}

class BashResolver {
  private stopped = false;
  /** The wrapper chain of the invocation being resolved, handed to the scripts it re-enters. */
  private chain: string[] = [];

  constructor(private readonly ctx: ResolveContext) {}

  private span(s: Span): Span {
    return mapSpan(this.ctx, s);
  }

  private get depth(): number {
    return this.ctx.depth;
  }

  private limitHit(span: Span): boolean {
    if (this.stopped) return true;
    if (this.ctx.out.segments.length >= this.ctx.limits.maxSegments) {
      this.stopped = true;
      floorAt(this.ctx, FLOOR.limit, span, `more than ${this.ctx.limits.maxSegments} commands in one command line`);
      return true;
    }
    return false;
  }

  private wordEnv(state: State, context: string[]): WordEnv {
    const vars = state.vars;
    if (state.cwd !== null) vars.set('PWD', state.cwd);
    else vars.delete('PWD');
    if (state.oldpwd !== null) vars.set('OLDPWD', state.oldpwd);
    else vars.delete('OLDPWD');
    return {
      home: this.ctx.home,
      cwd: state.cwd,
      vars,
      runSub: (body, what) => {
        this.walk(body, copy(state), [...context, what === 'command' ? 'substitution' : 'process-substitution'], undefined);
      },
    };
  }

  private evalWords(raws: RawWord[], env: WordEnv, mode: 'word' | 'assignment' = 'word'): Word[] {
    const out: Word[] = [];
    for (const raw of raws) for (const w of evalWord(raw, env, mode)) out.push({ ...w, span: this.span(w.span) });
    return out;
  }

  /** Walks a statement in order, changing `state` as the shell would; returns what it writes to stdout. */
  walk(stmt: Stmt, state: State, context: string[], stdin: Flow | undefined): Flow {
    if (this.stopped) return STREAM_UNKNOWN;
    switch (stmt.k) {
      case 'cmd':
        return this.command(stmt, state, context, stdin);
      case 'seq': {
        let last: Flow = STREAM_UNKNOWN;
        for (const item of stmt.items) last = this.walk(item, state, context, stdin);
        return last;
      }
      case 'list': {
        const ctxList = context.at(-1) === 'list' ? context : [...context, 'list'];
        let last: Flow = STREAM_UNKNOWN;
        for (const item of stmt.items) last = this.walk(item.stmt, state, ctxList, stdin);
        return last;
      }
      case 'pipe': {
        let flow = stdin;
        stmt.stages.forEach((stage, i) => {
          // Each stage runs in a subshell: a `cd` there does not leak out.
          flow = this.walk(stage, copy(state), [...context, `pipeline[${i}]`], flow);
        });
        return flow ?? STREAM_UNKNOWN;
      }
      case 'subshell':
        return this.walk(stmt.body, copy(state), [...context, 'subshell'], stdin);
      case 'group':
        return this.walk(stmt.body, state, [...context, 'group'], stdin);
      case 'not':
        return this.walk(stmt.body, state, context, stdin);
      case 'if': {
        const ctxIf = [...context, 'if'];
        const ends: State[] = [];
        for (const b of stmt.branches) {
          this.walk(b.cond, state, ctxIf, stdin);
          const branch = copy(state);
          this.walk(b.body, branch, ctxIf, stdin);
          ends.push(branch);
        }
        if (stmt.otherwise) {
          const branch = copy(state);
          this.walk(stmt.otherwise, branch, ctxIf, stdin);
          ends.push(branch);
        } else ends.push(copy(state));
        const [first, ...rest] = ends;
        for (const e of rest) merge(first!, e);
        Object.assign(state, first);
        return STREAM_UNKNOWN;
      }
      case 'loop': {
        const ctxLoop = [...context, stmt.what];
        const env = this.wordEnv(state, ctxLoop);
        const words = this.evalWords(stmt.words, env);
        if (stmt.words.length > 0) this.pushSegment([], [], [], words, stmt.words[0]!.span, ctxLoop, state, true);
        if (stmt.head) this.walk(stmt.head, state, ctxLoop, stdin);
        const body = copy(state);
        if (stmt.variable) {
          const only = words.length === 1 ? single(words[0]!) : undefined;
          if (only !== undefined) body.vars.set(stmt.variable, only);
          else body.vars.delete(stmt.variable);
        }
        this.walk(stmt.body, body, ctxLoop, stdin);
        merge(state, body);
        if (stmt.variable) state.vars.delete(stmt.variable);
        return STREAM_UNKNOWN;
      }
      case 'case': {
        const ctxCase = [...context, 'case'];
        const env = this.wordEnv(state, ctxCase);
        const subject = this.evalWords([stmt.subject], env);
        const patterns = this.evalWords(
          stmt.items.flatMap((i) => i.patterns),
          env,
        );
        this.pushSegment([], [], [], [...subject, ...patterns], stmt.subject.span, ctxCase, state, true);
        const ends: State[] = [copy(state)];
        for (const item of stmt.items) {
          const branch = copy(state);
          this.walk(item.body, branch, ctxCase, stdin);
          ends.push(branch);
        }
        const [first, ...rest] = ends;
        for (const e of rest) merge(first!, e);
        Object.assign(state, first);
        return STREAM_UNKNOWN;
      }
      case 'func':
        // The body is analysed where it is defined, whether or not it is called.
        this.walk(stmt.body, copy(state), [...context, `function ${stmt.name}`], undefined);
        return STREAM_UNKNOWN;
      case 'test': {
        const ctxTest = [...context, 'test'];
        const words = this.evalWords(stmt.words, this.wordEnv(state, ctxTest));
        this.pushSegment([], [], [], words, stmt.span, ctxTest, state, true);
        return STREAM_UNKNOWN;
      }
      case 'redirected': {
        const env = this.wordEnv(state, context);
        const redirects = this.evalRedirects(stmt.redirects, env);
        const first = stmt.redirects[0];
        if (first) this.pushSegment([], [], redirects, [], first.span, [...context, 'redirect'], state, true);
        const input = this.inputFrom(redirects) ?? stdin;
        return this.walk(stmt.body, state, context, input);
      }
      case 'reparse': {
        const nested = nestedContext(this.ctx, { span: this.span(stmt.span) }, state.cwd);
        nested.vars = new Map(state.vars);
        nested.wrappers = this.ctx.wrappers ?? [];
        this.ctx.reenter(stmt.text, 'bash', nested);
        return STREAM_UNKNOWN;
      }
      case 'floor': {
        if (stmt.rule === 'unknown-node') floor(this.ctx, FLOOR.unknownNode, stmt.span, stmt.message);
        else if (stmt.rule === 'limit') floor(this.ctx, FLOOR.limit, stmt.span, stmt.message);
        for (const inner of stmt.inner) this.walk(inner, state, context, undefined);
        return STREAM_UNKNOWN;
      }
    }
  }

  private evalRedirects(raws: RawRedirect[], env: WordEnv): Redirect[] {
    return raws.map((r) => {
      const out: Redirect = { op: r.op, span: this.span(r.span) };
      if (r.fd !== undefined) out.fd = r.fd;
      if (r.target) out.target = this.evalWords([r.target], env)[0] ?? { text: r.target.text, span: this.span(r.target.span), values: [''] };
      if (r.body) {
        // A body is one word whatever it holds: no splitting, no globbing, no brace expansion.
        const [w] = evalWord({ ...r.body, parts: r.body.parts.map((p) => (p.k === 'raw' ? { k: 'lit', text: p.text } : p)) }, env);
        out.body = w ? { ...w, span: this.span(w.span) } : { text: r.body.text, span: this.span(r.body.span), values: [''] };
        if (out.body.values) delete out.body.glob;
      }
      return out;
    });
  }

  /** The stdin a command's own redirections give it, if any. */
  private inputFrom(redirects: Redirect[]): Flow | undefined {
    let flow: Flow | undefined;
    for (const r of redirects) {
      if ((r.fd ?? 0) !== 0) continue;
      if (r.op === '<<' || r.op === '<<-' || r.op === '<<<') {
        const body = r.body;
        const text = body?.values?.length === 1 ? body.values[0]! : undefined;
        if (text !== undefined && body) flow = { kind: 'static', text: r.op === '<<<' ? `${text}\n` : text, word: body };
        else flow = { kind: 'stream', why: `a ${r.op === '<<<' ? 'herestring' : 'heredoc'} with computed content (${body?.dynamic ?? 'unknown'})` };
      } else if (r.op === '<' || r.op === '<>') {
        const t = r.target;
        if (t && t.values === null) flow = { kind: 'stream', why: t.dynamic ?? 'a computed file' };
        else flow = { kind: 'file' };
      }
    }
    return flow;
  }

  private pushSegment(
    words: Word[],
    assignments: Assignment[],
    redirects: Redirect[],
    extraWords: Word[],
    span: Span,
    context: string[],
    state: State,
    mapped = false,
  ): number {
    const segment: Segment = {
      dialect: 'bash',
      words: [...words, ...extraWords],
      assignments,
      redirects,
      span: mapped ? this.span(span) : span,
      context: context.length > 0 ? context : ['list'],
      depth: this.depth,
      cwd: state.cwd,
    };
    this.ctx.out.segments.push(segment);
    return this.ctx.out.segments.length - 1;
  }

  private command(stmt: Extract<Stmt, { k: 'cmd' }>, state: State, context: string[], stdin: Flow | undefined): Flow {
    if (this.limitHit(this.span(stmt.span))) return STREAM_UNKNOWN;
    const env = this.wordEnv(state, context);
    // Words expand before the assignments of the same command take effect.
    const words = this.evalWords(stmt.words, env);
    const assignments: Assignment[] = stmt.assigns.map((a) => {
      const values = this.evalWords(a.values, env, 'assignment');
      const joined: Word =
        a.values.length === 1 && values.length === 1
          ? values[0]!
          : {
              text: a.values.map((v) => v.text).join(' '),
              span: this.span(a.span),
              values: values.every((v) => v.values) ? [values.flatMap((v) => v.values ?? []).join(' ')] : null,
              ...(values.some((v) => !v.values) ? { dynamic: values.find((v) => !v.values)?.dynamic ?? 'computed' } : {}),
            };
      return { name: a.name, value: a.array ? { ...joined, values: values.every((v) => v.values) ? values.flatMap((v) => v.values ?? []) : null } : joined, span: this.span(a.span) };
    });
    const redirects = this.evalRedirects(stmt.redirects, env);
    const seg = this.pushSegment(words, assignments, redirects, [], this.span(stmt.span), context, state);
    for (const a of assignments) this.codeAssignment(a.name, a.value, seg, state, state.cwd);

    // Variables: an assignment-only command or a declaration sets them; an env prefix lasts for the command.
    const prefixVars = new Map(state.vars);
    if (stmt.declaration) {
      // `declare -l X=CURL` stores `curl`; `declare -n r=X` makes $r mean $X: such names are not followed.
      const flags = words.slice(1).map((w) => single(w) ?? '').filter((f) => /^[-+][a-zA-Z]+$/.test(f));
      if (flags.some((f) => /[lucni]/.test(f.slice(1)))) {
        for (const w of words.slice(1)) {
          const n = (single(w) ?? '').split('=')[0]!;
          if (/^[A-Za-z_]\w*$/.test(n)) {
            state.transformed.add(n);
            state.vars.delete(n);
          }
        }
      }
    }
    const setVar = (target: Map<string, string>, a: Assignment, raw: (typeof stmt.assigns)[number]) => {
      const v = a.value.values;
      if (state.transformed.has(a.name)) {
        target.delete(a.name);
        return;
      }
      if (v && v.length === 1 && !raw.array) target.set(a.name, raw.append ? (target.get(a.name) ?? '') + v[0] : v[0]!);
      else target.delete(a.name);
    };
    stmt.assigns.forEach((raw, i) => {
      const a = assignments[i]!;
      if (words.length === 0 || stmt.declaration) setVar(state.vars, a, raw);
      else setVar(prefixVars, a, raw);
    });
    if (stmt.declaration && words[0] && single(words[0]) === 'unset') {
      for (const w of words.slice(1)) {
        const name = single(w);
        if (name !== undefined) state.vars.set(name, '');
      }
    }
    if (words.length === 0) {
      return this.inputFrom(redirects) ?? { kind: 'static', text: '', word: staticWord('', this.span(stmt.span)) };
    }
    const input = this.inputFrom(redirects) ?? stdin;
    return this.invoke(words, seg, state, [], state.cwd, input, prefixVars);
  }

  /** Resolves the program at command position, peeling wrappers and re-entering nested scripts. */
  private invoke(words: Word[], seg: number, state: State, wrappers: string[], cwd: string | null, stdin: Flow | undefined, env: Map<string, string>): Flow {
    const [first, ...rest] = words;
    if (!first) return STREAM_UNKNOWN;
    if (first.values === null) {
      floorAt(this.ctx, FLOOR.dynamicCommand, first.span, `the command name is not static: ${first.dynamic ?? 'computed'}`, seg);
      return STREAM_UNKNOWN;
    }
    if (first.glob) {
      floorAt(this.ctx, FLOOR.dynamicCommand, first.span, `the command name '${first.text}' is a glob pattern`, seg);
      return STREAM_UNKNOWN;
    }
    const [name, ...more] = first.values;
    const args = [...more.map((v) => ({ ...first, values: [v] })), ...rest];
    if (name === undefined || name === '') {
      // A MISSING node from the parser has no text; the parse error already floors it.
      if (first.text === '') return STREAM_UNKNOWN;
      floorAt(this.ctx, FLOOR.dynamicCommand, first.span, 'the command name is empty', seg);
      return STREAM_UNKNOWN;
    }
    // Keywords that reach command position only through grammar recovery (`coproc NAME { … }`).
    if (name === '{' || name === '!') return this.invoke(args, seg, state, wrappers, cwd, stdin, env);
    if (name === '}' || name === 'then' || name === 'do' || name === 'done' || name === 'fi' || name === 'esac') return STREAM_UNKNOWN;
    const program = basename(name);
    const outer = this.ctx.wrappers ?? [];
    const invocation: Invocation = { dialect: 'bash', program, path: name, args, wrappers: [...outer, ...wrappers], cwd, span: first.span, segment: seg, depth: this.depth };
    this.ctx.out.invocations.push(invocation);
    const inner = [...wrappers, program];
    const saved = this.chain;
    this.chain = [...outer, ...inner];
    try {
      return this.dispatch(program, first, invocation, args, seg, state, wrappers, inner, cwd, stdin, env);
    } finally {
      this.chain = saved;
    }
  }

  private dispatch(
    program: string,
    first: Word,
    invocation: Invocation,
    args: Word[],
    seg: number,
    state: State,
    wrappers: string[],
    inner: string[],
    cwd: string | null,
    stdin: Flow | undefined,
    env: Map<string, string>,
  ): Flow {
    const runs = (command: Word[], at: string | null | undefined = cwd) => {
      invocation.wraps = true;
      return this.invoke(command, seg, state, inner, at === undefined ? cwd : at, stdin, env);
    };
    const resolveDir = (dir: string) => resolveAgainst(cwd, this.expandDir(dir));

    if (SHELLS.has(program)) return this.shell(program, invocation, args, seg, state, cwd, stdin, env);
    if (program === 'pwsh' || program === 'powershell' || program === 'pwsh-preview' || program === 'powershell.exe' || program === 'pwsh.exe') {
      const host = powershellHostScript(program, args);
      if (host.kind === 'script') this.reenter([host.word], 'powershell', host.text, state, cwd, env);
      else if (host.kind === 'dynamic') floorAt(this.ctx, FLOOR.dynamicScript, host.word.span, host.why, seg);
      return STREAM_UNKNOWN;
    }
    switch (program) {
      case 'eval':
        if (args.length > 0) this.reenterJoined(args, 'bash', state, cwd, env, seg, 'eval');
        return STREAM_UNKNOWN;
      case 'source':
      case '.':
        return this.source(invocation, args, seg, state, cwd, stdin, env);
      case 'trap':
        this.trap(args, seg, state, cwd, env);
        return STREAM_UNKNOWN;
      case 'at':
      case 'batch': {
        // at and batch queue shell text read from stdin, or from the file `-f` names (a script file).
        let file: string | undefined | null = null;
        for (let i = 0; i < args.length; i++) {
          const v = single(args[i]!) ?? '';
          if (!/^-[A-Za-z]+$/.test(v)) continue;
          if (/[lrdc]/.test(v.slice(1))) return STREAM_UNKNOWN; // listing, removing or printing jobs
          const f = v.indexOf('f');
          if (f > 0) file = f === v.length - 1 ? (args[i + 1] ? single(args[i + 1]!) : undefined) : v.slice(f + 1);
        }
        if (file === null || file === '-' || file === '/dev/stdin') return this.fromStdin(program, invocation, seg, state, cwd, stdin, env);
        return STREAM_UNKNOWN;
      }
      case 'alias':
        for (const a of args) {
          const v = single(a);
          if (v === undefined) {
            if (a.values === null) floorAt(this.ctx, FLOOR.dynamicScript, a.span, `alias defines a computed command: ${a.dynamic ?? ''}`, seg);
            continue;
          }
          const eq = v.indexOf('=');
          if (eq > 0) this.reenter([a], 'bash', v.slice(eq + 1), state, cwd, env);
        }
        return STREAM_UNKNOWN;
      case 'mapfile':
      case 'readarray': {
        const at = args.findIndex((a) => single(a) === '-C');
        const cb = at >= 0 ? args[at + 1] : undefined;
        if (cb) this.reenterJoined([cb], 'bash', state, cwd, env, seg, 'mapfile -C');
        for (const a of args) {
          const n = single(a);
          if (n !== undefined && /^[A-Za-z_]\w*$/.test(n)) state.vars.delete(n);
        }
        return STREAM_UNKNOWN;
      }
      case 'hash':
        if (args.some((a) => /^-[a-z]*p/.test(single(a) ?? ''))) {
          floorAt(this.ctx, FLOOR.dynamicCommand, first.span, 'hash -p binds a command name to another program', seg);
        }
        return STREAM_UNKNOWN;
      case 'enable':
        if (args.some((a) => /^-[a-z]*f/.test(single(a) ?? ''))) floorAt(this.ctx, FLOOR.dynamicCode, first.span, 'enable -f loads a builtin from a shared object', seg);
        return STREAM_UNKNOWN;
      case 'read':
      case 'getopts':
        for (const a of args) {
          const n = single(a);
          if (n !== undefined && /^[A-Za-z_]\w*$/.test(n)) state.vars.delete(n);
        }
        return STREAM_UNKNOWN;
      case 'printf': {
        const at = args.findIndex((a) => single(a) === '-v');
        const n = at >= 0 ? single(args[at + 1]!) : undefined;
        if (n !== undefined) state.vars.delete(n);
        return this.printfOutput(args, first);
      }
      case 'echo':
        return this.echoOutput(args, first);
      case 'cat':
        if (args.length === 0 && stdin) return stdin;
        return { kind: 'stream', why: 'the output of cat' };
      case 'cd':
      case 'pushd':
      case 'popd':
        if (wrappers.every((w) => w === 'builtin' || w === 'command')) this.changeDir(program, args, state);
        return STREAM_UNKNOWN;
      case 'busybox': {
        const applet = args[0] ? single(args[0]) : undefined;
        if (args[0] && applet === undefined && args[0].values === null) {
          floorAt(this.ctx, FLOOR.dynamicCommand, args[0].span, `the busybox applet is not static: ${args[0].dynamic ?? ''}`, seg);
          return STREAM_UNKNOWN;
        }
        if (applet === undefined || applet.startsWith('-')) return STREAM_UNKNOWN;
        return runs(args);
      }
      case 'find':
        this.find(invocation, args, seg, state, cwd, env);
        return { kind: 'stream', why: 'the output of find' };
      case 'parallel':
        this.parallel(invocation, args, seg, state, cwd, stdin, env);
        return STREAM_UNKNOWN;
      case 'coproc': {
        let cmd = args;
        const n0 = cmd[0] ? single(cmd[0]) : undefined;
        const n1 = cmd[1] ? single(cmd[1]) : undefined;
        if (n0 !== undefined && /^[A-Za-z_]\w*$/.test(n0) && (n1 === '{' || n1 === '(')) cmd = cmd.slice(1);
        return runs(cmd);
      }
      default:
        break;
    }
    for (const e of embeddedScripts(program, args)) {
      if (e.kind === 'script') this.reenter([e.word], 'bash', e.text, state, cwd, env);
      else floorAt(this.ctx, FLOOR.dynamicScript, e.word.span, e.why, seg);
    }
    if (program === 'screen') {
      // `screen -X stuff TEXT` types TEXT into a session's shell, as tmux send-keys does.
      const x = args.findIndex((a) => single(a) === '-X');
      if (x >= 0 && args[x + 1] && single(args[x + 1]!) === 'stuff') {
        if (args.length > x + 2) this.reenterJoined(args.slice(x + 2), 'bash', state, cwd, env, seg, 'screen -X stuff');
        return STREAM_UNKNOWN;
      }
    }
    const wrapped = wrapperRowOf(program, args);
    let row: WrapperRow | undefined = wrapped?.row;
    let operandArgs = wrapped?.args ?? args;
    if (program === 'docker' || program === 'podman' || program === 'nerdctl' || program === 'docker-compose' || program === 'podman-compose') {
      // `docker run IMAGE CMD…` / `docker exec CONTAINER CMD…` / `docker compose run SERVICE CMD…`: the command
      // runs in a container, with its network.
      const sub = args.findIndex((a) => /^(run|exec)$/.test(single(a) ?? ''));
      const before = sub < 0 ? [] : args.slice(0, sub).map((a) => single(a));
      if (sub >= 0 && before.every((v) => v === 'container' || v === 'compose' || v?.startsWith('-'))) {
        row = CONTAINER_RUN;
        operandArgs = args.slice(sub + 1);
      }
    } else if (program === 'kubectl' || program === 'oc') {
      const dashes = args.findIndex((a) => single(a) === '--');
      if (args.some((a) => /^(exec|run|debug)$/.test(single(a) ?? '')) && dashes >= 0) {
        row = {};
        operandArgs = args.slice(dashes);
      }
    }
    if (!row) return { kind: 'stream', why: `the output of ${program}` };
    // runuser -u USER -- COMMAND is the command form; otherwise it is su's.
    if (program === 'runuser' && args.some((a) => /^(-u|--user(=.*)?)$/.test(single(a) ?? ''))) {
      row = { valued: ['-u', '--user', '-g', '-G', '--group', '--supp-group', '-w', '--whitelist-environment'] };
    }
    const peeled = peelWrapper(program, row, operandArgs, resolveDir);
    if (peeled.kind !== 'dynamic') {
      for (const a of peeled.assigns ?? []) {
        const v = single(a)!;
        const eq = v.indexOf('=');
        this.codeAssignment(v.slice(0, eq), { ...a, values: [v.slice(eq + 1)] }, seg, state, cwd);
      }
    }
    switch (peeled.kind) {
      case 'none':
        return STREAM_UNKNOWN;
      case 'dynamic':
        floorAt(this.ctx, FLOOR.dynamicCommand, peeled.word.span, peeled.why, seg);
        return STREAM_UNKNOWN;
      case 'script': {
        invocation.wraps = true;
        const at = peeled.cwd === undefined ? cwd : peeled.cwd;
        if (program === 'env') {
          // env -S splits its string into words, then the remaining operands follow.
          const [s, ...tail] = peeled.script;
          const text = [single(s!), ...tail.map((w) => single(w))];
          if (text.some((t) => t === undefined)) floorAt(this.ctx, FLOOR.dynamicScript, s!.span, 'env -S with a computed string', seg);
          else this.reenter(peeled.script, 'bash', [text[0], ...text.slice(1).map((t) => shellQuote(t!))].join(' '), state, at, env);
          return STREAM_UNKNOWN;
        }
        this.reenterJoined(peeled.script, 'bash', state, at, env, seg, program);
        return STREAM_UNKNOWN;
      }
      case 'command':
        return runs(peeled.command, peeled.cwd);
    }
  }

  private expandDir(dir: string): string {
    if (dir === '~') return this.ctx.home;
    if (dir.startsWith('~/')) return this.ctx.home + dir.slice(1);
    return dir;
  }

  private changeDir(program: string, args: Word[], state: State): void {
    const operands = args.filter((a) => !/^-[LPe@]+$/.test(single(a) ?? ''));
    const target = operands[0];
    const before = state.cwd;
    let next: string | null;
    if (program === 'popd') {
      if (target && !/^-n$/.test(single(target) ?? '')) {
        state.cwd = null;
        state.dirs = state.dirs.map(() => null);
        return;
      }
      next = state.dirs.length > 0 ? state.dirs.pop()! : state.cwd;
      state.cwd = next;
      return;
    }
    if (!target) next = program === 'cd' ? this.ctx.home : (state.dirs.pop() ?? state.cwd);
    else {
      const v = single(target);
      if (v === undefined) next = null;
      else if (v === '-' && program === 'cd') next = state.oldpwd;
      else if (/^[+-]\d+$/.test(v)) next = null;
      else next = resolveAgainst(state.cwd, v);
    }
    if (program === 'pushd') state.dirs.push(before);
    state.oldpwd = before;
    state.cwd = next;
  }

  private echoOutput(args: Word[], first: Word): Flow {
    const texts = args.map((a) => (a.values && !a.glob ? a.values.join(' ') : undefined));
    if (texts.some((t) => t === undefined)) return { kind: 'stream', why: 'echo of computed text' };
    let i = 0;
    let newline = true;
    let escapes = false;
    while (i < texts.length && /^-[neE]+$/.test(texts[i]!)) {
      if (texts[i]!.includes('n')) newline = false;
      if (texts[i]!.includes('e')) escapes = true;
      i++;
    }
    let text = texts.slice(i).join(' ');
    if (escapes) text = text.replace(/\\(.)/g, (_m, c: string) => ({ n: '\n', t: '\t', '\\': '\\' })[c] ?? `\\${c}`);
    const span = args.length > 0 ? { start: args[0]!.span.start, end: args.at(-1)!.span.end } : first.span;
    return { kind: 'static', text: newline ? `${text}\n` : text, word: { text, span, values: [text] } };
  }

  private printfOutput(args: Word[], first: Word): Flow {
    const texts = args.map((a) => (a.values && !a.glob ? a.values.join(' ') : undefined));
    if (texts.length === 0 || texts.some((t) => t === undefined) || texts[0]!.startsWith('-')) return { kind: 'stream', why: 'printf of computed text' };
    const [format = '', ...rest] = texts as string[];
    let k = 0;
    // Only %s and %b with static arguments and no other directive are followed.
    if (/%(?![sb%])/.test(format.replace(/%%/g, ''))) return { kind: 'stream', why: 'printf with a format directive' };
    const text = format
      .replace(/%([sb%])/g, (_m, c: string) => (c === '%' ? '%' : (rest[k++] ?? '')))
      .replace(/\\(.)/g, (_m, c: string) => ({ n: '\n', t: '\t', '\\': '\\' })[c] ?? `\\${c}`);
    return { kind: 'static', text, word: { text, span: first.span, values: [text] } };
  }

  /** bash/sh/zsh…: `-c STRING`, a script file, or a program read from stdin. */
  private shell(program: string, invocation: Invocation, args: Word[], seg: number, state: State, cwd: string | null, stdin: Flow | undefined, env: Map<string, string>): Flow {
    let i = 0;
    let command = false;
    let readsStdin = false;
    for (; i < args.length; i++) {
      const v = single(args[i]!);
      if (v === undefined) {
        if (args[i]!.values === null && !command) {
          // Options end at the first operand; a computed operand is the script file.
          break;
        }
        break;
      }
      if (v === '--' || v === '-') {
        if (v === '-') readsStdin = true;
        i++;
        break;
      }
      if (v.startsWith('--')) {
        if (v === '--rcfile' || v === '--init-file') i++;
        continue;
      }
      if ((v.startsWith('-') || v.startsWith('+')) && v.length > 1) {
        const letters = v.slice(1);
        if (letters.includes('c')) command = true;
        if (letters.includes('s')) readsStdin = true;
        if (/[oO]$/.test(letters)) i++;
        continue;
      }
      break;
    }
    const operands = args.slice(i);
    if (command || readsStdin || operands.length === 0) invocation.wraps = true;
    if (command) {
      const script = operands[0];
      if (!script) return STREAM_UNKNOWN;
      this.reenterJoined([script], 'bash', state, cwd, env, seg, `${program} -c`);
      return STREAM_UNKNOWN;
    }
    const file = operands[0];
    if (file && !readsStdin) {
      delete invocation.wraps;
      const v = single(file);
      if (v === '/dev/stdin' || v === '/proc/self/fd/0' || v === '/dev/fd/0') return this.fromStdin(program, invocation, seg, state, cwd, stdin, env);
      if (file.values === null && /substitution/.test(file.dynamic ?? '')) {
        floorAt(this.ctx, FLOOR.streamToShell, file.span, `${program} runs a script read from ${file.dynamic}`, seg);
      }
      return STREAM_UNKNOWN;
    }
    return this.fromStdin(program, invocation, seg, state, cwd, stdin, env);
  }

  private fromStdin(program: string, invocation: Invocation, seg: number, state: State, cwd: string | null, stdin: Flow | undefined, env: Map<string, string>): Flow {
    if (!stdin || stdin.kind === 'file') {
      delete invocation.wraps;
      return STREAM_UNKNOWN;
    }
    invocation.wraps = true;
    if (stdin.kind === 'static') this.reenter([stdin.word], 'bash', stdin.text, state, cwd, env);
    else floorAt(this.ctx, FLOOR.streamToShell, invocation.span, `${program} runs a program read from ${stdin.why}`, seg);
    return STREAM_UNKNOWN;
  }

  private source(invocation: Invocation, args: Word[], seg: number, state: State, cwd: string | null, stdin: Flow | undefined, env: Map<string, string>): Flow {
    const file = args[0];
    if (!file) return STREAM_UNKNOWN;
    const v = single(file);
    if (v === '/dev/stdin' || v === '-' || v === '/proc/self/fd/0' || v === '/dev/fd/0') return this.fromStdin(invocation.program, invocation, seg, state, cwd, stdin, env);
    if (file.values === null && /substitution/.test(file.dynamic ?? '')) {
      floorAt(this.ctx, FLOOR.streamToShell, file.span, `${invocation.program} runs a script read from ${file.dynamic}`, seg);
    }
    return STREAM_UNKNOWN;
  }

  private trap(args: Word[], seg: number, state: State, cwd: string | null, env: Map<string, string>): void {
    let i = 0;
    while (i < args.length && /^-[lp]+$/.test(single(args[i]!) ?? '')) i++;
    if (single(args[i] ?? { text: '', span: { start: 0, end: 0 }, values: null }) === '--') i++;
    const action = args[i];
    if (!action || args.length - i < 2) return;
    const v = single(action);
    if (v === '-' || v === '') return;
    this.reenterJoined([action], 'bash', state, cwd, env, seg, 'trap');
  }

  private find(invocation: Invocation, args: Word[], seg: number, state: State, cwd: string | null, env: Map<string, string>): void {
    for (let i = 0; i < args.length; i++) {
      const v = single(args[i]!);
      if (v !== '-exec' && v !== '-execdir' && v !== '-ok' && v !== '-okdir') continue;
      const command: Word[] = [];
      let j = i + 1;
      for (; j < args.length; j++) {
        const t = single(args[j]!);
        if (t === ';' || (t === '+' && single(args[j - 1]!) === '{}')) break;
        command.push(args[j]!);
      }
      invocation.wraps = true;
      const at = v === '-execdir' || v === '-okdir' ? null : cwd;
      this.invoke(command, seg, state, [...invocation.wrappers, 'find'], at, undefined, env);
      i = j;
    }
  }

  private parallel(invocation: Invocation, args: Word[], seg: number, state: State, cwd: string | null, stdin: Flow | undefined, env: Map<string, string>): void {
    const valued = new Set(['-j', '--jobs', '-S', '--sshlogin', '-a', '--arg-file', '--colsep', '-d', '--delimiter', '-I', '-n', '--max-args', '-L', '--timeout', '--joblog', '--results', '--tmpdir', '-E', '--workdir', '--wd', '--sshloginfile', '--slf']);
    let i = 0;
    for (; i < args.length; i++) {
      const v = single(args[i]!);
      if (v === undefined || !v.startsWith('-') || v === '-') break;
      if (v === '--') {
        i++;
        break;
      }
      if (valued.has(v)) i++;
    }
    const sep = args.findIndex((a, k) => k >= i && /^:::+\+?$/.test(single(a) ?? ''));
    const command = args.slice(i, sep < 0 ? undefined : sep);
    invocation.wraps = true;
    if (command.length > 0) {
      this.reenterJoined(command, 'bash', state, cwd, env, seg, 'parallel');
      return;
    }
    if (sep >= 0) {
      // `parallel ::: 'cmd1' 'cmd2'`: each argument is a command.
      for (const a of args.slice(sep + 1)) if (!/^:::+\+?$/.test(single(a) ?? '')) this.reenterJoined([a], 'bash', state, cwd, env, seg, 'parallel');
      return;
    }
    if (stdin?.kind === 'static') this.reenter([stdin.word], 'bash', stdin.text, state, cwd, env);
    else floorAt(this.ctx, FLOOR.streamToShell, invocation.span, 'parallel runs commands read from its input', seg);
  }

  /** An assignment to a variable whose value a program later runs as shell text: the value is followed like `bash -c`. */
  private codeAssignment(name: string, value: Word, seg: number, state: State, cwd: string | null): void {
    const code = codeAssignment(name, name, value);
    if (code && 'computed' in code) floorAt(this.ctx, FLOOR.dynamicScript, value.span, code.computed, seg);
    else for (const text of code?.scripts ?? []) this.reenter([value], 'bash', text, state, cwd, new Map());
  }

  /** Re-enters the static text of words joined by spaces (`eval a b`, `bash -c STRING`); floors a computed one. */
  private reenterJoined(words: Word[], dialect: 'bash' | 'powershell', state: State, cwd: string | null, env: Map<string, string>, seg: number, what: string): void {
    const dyn = words.find((w) => w.values === null);
    if (dyn) {
      floorAt(this.ctx, FLOOR.dynamicScript, dyn.span, `${what} runs computed text: ${dyn.dynamic ?? 'unknown'}`, seg);
      return;
    }
    const text = words.map((w) => w.values!.join(' ')).join(' ');
    this.reenter(words, dialect, text, state, cwd, env);
  }

  private reenter(words: Word[], dialect: 'bash' | 'powershell', text: string, state: State, cwd: string | null, env: Map<string, string>): void {
    if (text.trim() === '') return;
    const first = words[0]!;
    const last = words.at(-1)!;
    const origin: TextOrigin =
      // Word spans are already top-level, so the origin is computed on top-level offsets.
      words.length === 1 ? nestedOrigin(first.text, first.span, text) : { span: { start: first.span.start, end: last.span.end } };
    const nested = nestedContext(this.ctx, origin, cwd);
    nested.vars = new Map([...state.vars, ...env]);
    nested.wrappers = this.chain;
    this.ctx.reenter(text, dialect, nested);
  }
}

/** Programs the bash resolver reads more of than their name: wrappers, runners, and programs that run option text. */
const FOLLOWED = new Set(['at', 'batch', 'screen', 'busybox', 'find', 'parallel', 'docker', 'podman', 'nerdctl', 'docker-compose', 'podman-compose', 'kubectl', 'oc']);

/**
 * Whether a native program run from another shell (PowerShell) starts something the bash resolver would follow:
 * `sudo curl`, `poetry run curl`, `git -c core.sshCommand=…`. Such an invocation is read again as a bash command.
 */
export function followedInBash(program: string, args: Word[]): boolean {
  return FOLLOWED.has(program) || wrapperRowOf(program, args) !== undefined || embeddedScripts(program, args).length > 0;
}

export function analyzeBash(root: Node, text: string, ctx: ResolveContext): void {
  resolveBash(lowerBash(root, text), ctx);
}

/** Resolves a lowered program (from the tree, or a plain-words line lowered without one). */
export function resolveBash(program: Stmt, ctx: ResolveContext): void {
  const state: State = { cwd: ctx.cwd, oldpwd: null, dirs: [], vars: new Map(ctx.vars), transformed: new Set() };
  new BashResolver(ctx).walk(program, state, [], undefined);
}

