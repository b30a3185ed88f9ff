// Walking a tree of interpreter code, and the names it binds: each name holds everything it is ever bound to.
import type { Node } from 'web-tree-sitter';
import type { CodeEffect, CodeEnv } from './types.js';
import { type Arg, any, str, strings, type Val, type Vals, union } from './values.js';

/** Variables that name the home directory: reading one is `~` unless the command line sets it. */
export const ENV_HOME: ReadonlySet<string> = new Set(['HOME', 'USERPROFILE']);

/** A node's place in the code text. */
export function span(n: Node): { start: number; end: number } {
  return { start: n.startIndex, end: n.endIndex };
}

/** A node's named children, comments left out. */
export const named = (n: Node): Node[] => n.namedChildren.filter((c): c is Node => c !== null && c.type !== 'comment');

/** The child in a field, or null. */
export function fieldOf(n: Node, name: string): Node | null {
  return n.childForFieldName(name);
}

/** Visits every node depth-first, in source order; `visit` returns false to skip a node's children. */
export function walk(root: Node, visit: (n: Node) => boolean): void {
  const cursor = root.walk();
  try {
    let descend = visit(cursor.currentNode);
    for (;;) {
      if (descend && cursor.gotoFirstChild()) {
        descend = visit(cursor.currentNode);
        continue;
      }
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent() || cursor.currentNode.id === root.id) return;
      }
      descend = visit(cursor.currentNode);
    }
  } finally {
    cursor.delete();
  }
}

/** A change in place of what a name holds: why, and whether its strings change too (only lists otherwise). */
interface Change {
  why: string;
  strings: boolean;
}

/**
 * What a name is bound to somewhere in the code: an expression, fixed values (an import, a parameter), the items of
 * what a loop iterates over, or values computed when asked (a member destructured from an expression).
 */
export type Binder = { node: Node } | { vals: Vals } | { items: Node } | { lazy: () => Vals };

/**
 * The names of the code and the values they may hold. The reading is flow-insensitive: a name holds every value it is
 * bound to anywhere, so a branch or a loop cannot hide one; a name bound to itself (`x = x + "a"`) is computed.
 */
export class Bindings {
  private readonly binders = new Map<string, Binder[]>();
  private readonly names = new Map<string, Vals>();
  private readonly nodes = new Map<number, Vals>();
  private readonly busy = new Set<string>();
  /** Names the code changes in place (an item set, a mutating method): why, and whether a string can be (Ruby's). */
  private readonly changes = new Map<string, Change>();
  /** Names that may hold the same object (`y = x`, `for l in [x]`): a change through one is a change of the other. */
  private readonly aliases = new Map<string, Set<string>>();
  /** The names a change reaches through aliases, computed once the code is read. */
  private changedCache: Map<string, Change> | undefined;

  constructor(private readonly evaluate: (n: Node) => Vals) {}

  /**
   * The object a name holds is changed in place (`argv[0] = "curl"`, `argv.reverse()`, `s << "x"`, `$c =~ s/a/b/`):
   * the reading is flow-insensitive, so the strings and lists it was bound to are no longer all it may hold.
   */
  change(name: string, why: string, strings = false): void {
    const was = this.changes.get(name);
    if (was && (was.strings || !strings)) return;
    this.changes.set(name, { why, strings });
    this.forget();
  }

  /** Two names may hold the same object: a change through either is a change of both. */
  alias(a: string, b: string): void {
    if (a === b) return;
    for (const [x, y] of [
      [a, b],
      [b, a],
    ] as const) {
      const set = this.aliases.get(x);
      if (set) set.add(y);
      else this.aliases.set(x, new Set([y]));
    }
    this.forget();
  }

  /**
   * The names a target binds share the objects of the names the value is made of (`y = x`, `y = [x]`, `y = o.a`): the
   * value's roots (`root`) found through the containers of the language (`containers`), the target's names (`binds`).
   */
  aliasAll(left: Node, right: Node, shape: { root: (n: Node) => string | undefined; containers: RegExp; binds: (n: Node) => boolean }): void {
    const sources: string[] = [];
    const visit = (r: Node) => {
      const root = shape.root(r);
      if (root) sources.push(root);
      else if (shape.containers.test(r.type)) for (const c of named(r)) visit(c);
    };
    visit(right);
    if (sources.length === 0) return;
    const targets: string[] = [];
    walk(left, (c) => {
      if (shape.binds(c)) targets.push(c.text);
      return true;
    });
    for (const t of targets) for (const s of sources) this.alias(t, s);
  }

  /** Values computed before a change or an alias was known are computed again. */
  private forget(): void {
    this.changedCache = undefined;
    this.names.clear();
    this.nodes.clear();
  }

  /** Why the object a name holds may be changed in place, or undefined. */
  changed(name: string): Change | undefined {
    if (this.changes.size === 0) return undefined;
    if (this.changedCache === undefined) {
      const out = new Map<string, Change>();
      const todo = [...this.changes];
      while (todo.length > 0) {
        const [n, c] = todo.pop()!;
        const was = out.get(n);
        if (was && (was.strings || !c.strings)) continue;
        out.set(n, c);
        for (const m of this.aliases.get(n) ?? []) todo.push([m, c]);
      }
      this.changedCache = out;
    }
    return this.changedCache.get(name);
  }

  /** A list literal's items; a spread (`...x`, `*x`) of a known list is its items, of anything else leaves the list open. */
  list(children: readonly Node[], spread: string): Vals {
    const items: Arg[] = [];
    let open = false;
    for (const c of children) {
      if (c.type === spread) {
        const inner = named(c)[0];
        const iv = inner ? this.value(inner) : any('computed');
        if (iv.length === 1 && iv[0]!.k === 'list') {
          items.push(...(iv[0] as Extract<Val, { k: 'list' }>).items);
          continue;
        }
        open = true;
        items.push({ vals: any('a spread of computed items'), span: span(c), text: c.text });
        continue;
      }
      items.push({ vals: this.value(c), span: span(c), text: c.text });
    }
    return [{ k: 'list', items, open }];
  }

  bind(name: string, binder: Binder): void {
    const list = this.binders.get(name);
    if (list) list.push(binder);
    else this.binders.set(name, [binder]);
  }

  /** Everything a name may hold, or undefined when the code never binds it. */
  lookup(name: string): Vals | undefined {
    const binders = this.binders.get(name);
    if (!binders) return undefined;
    const done = this.names.get(name);
    if (done) return done;
    const key = `n:${name}`;
    if (this.busy.has(key)) return any(`${name} is defined from itself`);
    this.busy.add(key);
    try {
      let vals = union(
        ...binders.map((b): Vals => {
          if ('vals' in b) return b.vals;
          if ('node' in b) return this.value(b.node);
          if ('lazy' in b) return b.lazy();
          const over = this.value(b.items);
          return union(...over.map((v): Vals => (v.k === 'list' && !v.open ? union(...v.items.map((i) => i.vals)) : v.k === 'env' ? any('a key of the environment') : any('an item of a computed value'))));
        }),
      );
      // Changed in place: its strings and lists are no longer known; a module, the environment or a method still is.
      const c = this.changed(name);
      const gone = (v: Val) => v.k === 'list' || (v.k === 'str' && c?.strings === true);
      if (c !== undefined && vals.some(gone)) vals = union(any(c.why), vals.filter((v) => !gone(v)));
      this.names.set(name, vals);
      return vals;
    } finally {
      this.busy.delete(key);
    }
  }

  /** The values of an expression node, computed once. */
  value(n: Node): Vals {
    const done = this.nodes.get(n.id);
    if (done) return done;
    const key = `v:${n.id}`;
    if (this.busy.has(key)) return any('it is defined from itself');
    this.busy.add(key);
    try {
      const vals = this.evaluate(n);
      this.nodes.set(n.id, vals);
      return vals;
    } finally {
      this.busy.delete(key);
    }
  }
}

/**
 * The spans of the string constants an argument is written with (outermost ones), or undefined when the argument
 * binds a name on the way (`(p := "x")`), through which a constant could reach something else.
 */
export function literalSpans(arg: Node, strings: ReadonlySet<string>, binders: ReadonlySet<string>): { start: number; end: number }[] | undefined {
  const out: { start: number; end: number }[] = [];
  let binds = false;
  walk(arg, (c) => {
    if (binders.has(c.type)) binds = true;
    if (strings.has(c.type)) {
      out.push({ start: c.startIndex, end: c.endIndex });
      return false;
    }
    return !binds;
  });
  return binds ? undefined : out;
}

/** The qualified name of a reference value, when it is one. */
export function refName(v: Val): string | undefined {
  return v.k === 'ref' ? v.name : undefined;
}

/** An environment variable's value: what the line set, `~` for an unset home, else computed. */
export function envVar(env: CodeEnv, name: string): Vals {
  const v = env.env(name);
  if (typeof v === 'string') return [str(v)];
  if (v === undefined && ENV_HOME.has(name)) return [str('~')];
  return any(`the environment variable ${name}`);
}

/** The value of the environment variable these names name (any of them). */
export function envValue(env: CodeEnv, names: Vals, read?: (name: string) => void): Vals {
  const ns = strings(names);
  if (ns === null) return any('an environment variable whose name is computed');
  if (read) for (const n of ns) read(n);
  return union(...ns.map((n) => envVar(env, n)));
}

/**
 * The variables code reads by a known name, each once, as effects: the rules judge the name (a secret's, printed),
 * whether the code spelled it or computed it from constants and bindings.
 */
export class VariablesRead {
  private readonly seen = new Set<string>();

  constructor(
    private readonly out: CodeEffect[],
    private readonly api: string,
  ) {}

  readonly read = (name: string): void => {
    if (this.seen.has(name)) return;
    this.seen.add(name);
    this.out.push({ kind: 'variable', name, api: this.api });
  };
}

/** A call argument: its values, where it stands, and the string constants in it that reach nothing else. */
export function argOf(b: Bindings, n: Node, stringNodes: ReadonlySet<string>, binders: ReadonlySet<string>): Arg {
  const a: Arg = { vals: b.value(n), span: span(n), text: n.text };
  const literals = literalSpans(n, stringNodes, binders);
  if (literals) a.literals = literals;
  return a;
}
