// Bash: lower the tree into statements, then resolve words, cwd, wrappers and nested scripts into segments and invocations.
import type { Node } from 'web-tree-sitter';
import { lowerBash } from '../segments/bash.js';
import type { RawRedirect, RawWord, Stmt } from '../segments/ir.js';
import type { Assignment, Invocation, Redirect, Segment, Span, Word } from '../types.js';
import { mapSpan, nestedContext, nestedOrigin, type ResolveContext, type TextOrigin } from './context.js';
import type { ScriptDialect } from '../programs/index.js';
import { codeAssignment } from '../programs/variables.js';
import { act, ask, type Host } from './exec.js';
import { FLOOR, floor, floorAt } from './floor.js';
import { basename, resolveAgainst } from './path.js';
import { evalWord, single, type WordEnv } from './words.js';

/** The shell state that `cd`, assignments and scopes change. */
interface State {
  cwd: string | null;
  oldpwd: string | null;
  dirs: (string | null)[];
  vars: Map<string, string>;
  /** Variables whose assigned value bash transforms (`declare -l/-u/-c/-n/-i`): never followed. */
  transformed: Set<string>;
  /** Variables set to a value not known statically: set, unlike a name never assigned. */
  computed: Set<string>;
}

/** The environment a command runs with: the variables known statically, and the ones set to computed values. */
interface Env {
  vars: Map<string, string>;
  computed: ReadonlySet<string>;
}

/** What a statement writes to stdout, as far as a shell reading it cares. */
type Flow =
  | { kind: 'static'; text: string; word: Word }
  | { kind: 'stream'; why: string }
  /** Input from a named file (`sh < script.sh`): like running a script file. */
  | { kind: 'file' };

const STREAM_UNKNOWN: Flow = { kind: 'stream', why: 'the output of a compound command' };

function copy(s: State): State {
  return { cwd: s.cwd, oldpwd: s.oldpwd, dirs: s.dirs.slice(), vars: new Map(s.vars), transformed: new Set(s.transformed), computed: new Set(s.computed) };
}

/** Merges the states of two paths that may both have run: what differs becomes unknown. */
function merge(into: State, other: State): void {
  if (into.cwd !== other.cwd) into.cwd = null;
  if (into.oldpwd !== other.oldpwd) into.oldpwd = null;
  for (const [k, v] of into.vars) {
    if (other.vars.get(k) === v) continue;
    into.vars.delete(k);
    into.computed.add(k);
  }
  for (const k of other.computed) into.computed.add(k);
  if (into.dirs.length !== other.dirs.length || into.dirs.some((d, i) => d !== other.dirs[i])) into.dirs = into.dirs.map(() => null);
}

function staticWord(text: string, span: Span): Word {
  return { text, span, values: [text] };
}

class BashResolver {
  private stopped = false;
  /** The wrapper chain of the invocation being resolved, handed to the scripts it re-enters. */
  private chain: string[] = [];
  /** How many enclosing constructs read the output of what is walked now (pipeline stages before the last, substitutions). */
  private piped = 0;

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
        this.piped++;
        try {
          this.walk(body, copy(state), [...context, what === 'command' ? 'substitution' : 'process-substitution'], undefined);
        } finally {
          this.piped--;
        }
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
          const read = i < stmt.stages.length - 1;
          if (read) this.piped++;
          try {
            flow = this.walk(stage, copy(state), [...context, `pipeline[${i}]`], flow);
          } finally {
            if (read) this.piped--;
          }
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
    if (this.piped > 0) segment.piped = true;
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
    const prefixComputed = new Set(state.computed);
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
    const setVar = (target: Map<string, string>, computed: Set<string>, a: Assignment, raw: (typeof stmt.assigns)[number]) => {
      const v = a.value.values;
      if (!state.transformed.has(a.name) && v && v.length === 1 && !raw.array && !(raw.append && computed.has(a.name))) {
        target.set(a.name, raw.append ? (target.get(a.name) ?? '') + v[0] : v[0]!);
        computed.delete(a.name);
      } else {
        target.delete(a.name);
        computed.add(a.name);
      }
    };
    stmt.assigns.forEach((raw, i) => {
      const a = assignments[i]!;
      if (words.length === 0 || stmt.declaration) setVar(state.vars, state.computed, a, raw);
      else setVar(prefixVars, prefixComputed, a, raw);
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
    return this.invoke(words, seg, state, [], state.cwd, input, { vars: prefixVars, computed: prefixComputed });
  }

  /** Resolves the program at command position: bash's own builtins that change its state, then the registry. */
  private invoke(words: Word[], seg: number, state: State, wrappers: string[], cwd: string | null, stdin: Flow | undefined, env: Env): Flow {
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
      return this.run(invocation, seg, state, wrappers, inner, cwd, stdin, env);
    } finally {
      this.chain = saved;
    }
  }

  /** Asks the registry what the invocation does and acts on the answer; keeps the shell's own state (cd, coproc). */
  private run(invocation: Invocation, seg: number, state: State, wrappers: string[], inner: string[], cwd: string | null, stdin: Flow | undefined, env: Env): Flow {
    const { program, args } = invocation;
    if ((program === 'cd' || program === 'pushd' || program === 'popd') && wrappers.every((w) => w === 'builtin' || w === 'command')) this.changeDir(program, args, state);
    if (program === 'coproc') {
      let cmd = args;
      const n0 = cmd[0] ? single(cmd[0]) : undefined;
      const n1 = cmd[1] ? single(cmd[1]) : undefined;
      if (n0 !== undefined && /^[A-Za-z_]\w*$/.test(n0) && (n1 === '{' || n1 === '(')) cmd = cmd.slice(1);
      invocation.wraps = true;
      return this.invoke(cmd, seg, state, inner, cwd, stdin, env);
    }
    const lookupEnv = (n: string) => (env.vars.has(n) ? env.vars.get(n)! : env.computed.has(n) ? null : undefined);
    const answer = ask(invocation, args, 'bash', stdin, lookupEnv);
    if (!answer) return { kind: 'stream', why: `the output of ${program}` };
    for (const n of answer.sets ?? []) state.vars.delete(n);
    const resolveDir = (dir: string | null | undefined): string | null => (dir === undefined ? cwd : dir === null ? null : resolveAgainst(cwd, this.expandDir(dir)));
    const host: Host = {
      argv: (argv, _via, at, withStdin, vars) => {
        this.invoke(argv, seg, state, inner, resolveDir(at), withStdin ? stdin : undefined, { vars: new Map(vars), computed: env.computed });
      },
      script: (words, dialect, via, at, delayed) => this.reenterJoined(words, dialect, state, resolveDir(at), env, seg, via, delayed),
      text: (text, word, dialect) => this.reenter([word], dialect, text, state, cwd, env),
      stdin: (dialect, via) => this.fromStdin(via, dialect, invocation, seg, state, cwd, stdin, env),
      assign: (n, value) => this.codeAssignment(n, value, seg, state, cwd),
      floor: (rule, span, why) => floorAt(this.ctx, rule, span, why, seg),
    };
    if (act(host, answer.runs, env.vars)) invocation.wraps = true;
    const out = answer.output;
    if (out?.kind === 'static') return { kind: 'static', text: out.text, word: out.word };
    if (out?.kind === 'stdin') return stdin ?? STREAM_UNKNOWN;
    return { kind: 'stream', why: `the output of ${program}` };
  }

  /** A program that reads its own program from stdin: static text is re-entered, a stream cannot be vouched for. */
  private fromStdin(via: string, dialect: ScriptDialect, invocation: Invocation, seg: number, state: State, cwd: string | null, stdin: Flow | undefined, env: Env): void {
    if (!stdin || stdin.kind === 'file') return;
    invocation.wraps = true;
    if (stdin.kind === 'static') this.reenter([stdin.word], dialect, stdin.text, state, cwd, env);
    else floorAt(this.ctx, FLOOR.streamToShell, invocation.span, `${via} runs a program read from ${stdin.why}`, seg);
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


  private codeAssignment(name: string, value: Word, seg: number, state: State, cwd: string | null): void {
    const code = codeAssignment(name, name, value);
    if (code && 'computed' in code) floorAt(this.ctx, FLOOR.dynamicScript, value.span, code.computed, seg);
    else for (const text of code?.scripts ?? []) this.reenter([value], 'bash', text, state, cwd, { vars: new Map(), computed: new Set() });
  }

  /** Re-enters the static text of words joined by spaces (`eval a b`, `bash -c STRING`); floors a computed one. */
  private reenterJoined(words: Word[], dialect: ScriptDialect, state: State, cwd: string | null, env: Env, seg: number, what: string, delayed = false): void {
    const dyn = words.find((w) => w.values === null);
    if (dyn) {
      floorAt(this.ctx, FLOOR.dynamicScript, dyn.span, `${what} runs computed text: ${dyn.dynamic ?? 'unknown'}`, seg);
      return;
    }
    const text = words.map((w) => w.values!.join(' ')).join(' ');
    this.reenter(words, dialect, text, state, cwd, env, delayed);
  }

  private reenter(words: Word[], dialect: ScriptDialect, text: string, state: State, cwd: string | null, env: Env, delayed = false): void {
    if (text.trim() === '') return;
    const first = words[0]!;
    const last = words.at(-1)!;
    const origin: TextOrigin =
      // Word spans are already top-level, so the origin is computed on top-level offsets.
      words.length === 1 ? nestedOrigin(first.text, first.span, text) : { span: { start: first.span.start, end: last.span.end } };
    const nested = nestedContext(this.ctx, origin, cwd);
    nested.vars = new Map([...state.vars, ...env.vars]);
    nested.wrappers = this.chain;
    if (delayed) nested.cmdDelayed = true;
    this.ctx.reenter(text, dialect, nested);
  }
}

export function analyzeBash(root: Node, text: string, ctx: ResolveContext): void {
  resolveBash(lowerBash(root, text), ctx);
}

/** Resolves a lowered program (from the tree, or a plain-words line lowered without one). */
export function resolveBash(program: Stmt, ctx: ResolveContext): void {
  const state: State = { cwd: ctx.cwd, oldpwd: null, dirs: [], vars: new Map(ctx.vars), transformed: new Set(), computed: new Set() };
  new BashResolver(ctx).walk(program, state, [], undefined);
}

