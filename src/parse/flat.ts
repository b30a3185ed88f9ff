// A whole syntax tree read out of the wasm runtime in one cursor walk, into plain nodes the lowerings then read
// without calling back. web-tree-sitter's own nodes cost a JavaScript object, its position object and a marshalling
// of five values into the transfer buffer per node and per question (`type`, `endIndex`, `isNamed`, each one call);
// the lowerings ask most nodes most of those. The cursor walk asks each node once, with the cursor left in the
// transfer buffer between calls: on the PowerShell corpus that halved the tree's share of an analysis.
import type { Node } from 'web-tree-sitter';
import { type TreeNode, cached } from './cached.js';

/** The exports of web-tree-sitter's runtime module the walk calls; each takes the tree and reads the cursor from the transfer buffer. */
interface CursorExports {
  _ts_init(): number;
  _ts_tree_cursor_goto_first_child_wasm(tree: number): number;
  _ts_tree_cursor_goto_next_sibling_wasm(tree: number): number;
  _ts_tree_cursor_goto_parent_wasm(tree: number): number;
  _ts_tree_cursor_current_node_type_id_wasm(tree: number): number;
  _ts_tree_cursor_current_node_is_named_wasm(tree: number): number;
  _ts_tree_cursor_current_node_is_missing_wasm(tree: number): number;
  _ts_tree_cursor_current_field_id_wasm(tree: number): number;
  _ts_tree_cursor_start_index_wasm(tree: number): number;
  _ts_tree_cursor_end_index_wasm(tree: number): number;
  HEAP32: Int32Array;
}

const CURSOR_EXPORTS = [
  '_ts_init',
  '_ts_tree_cursor_goto_first_child_wasm',
  '_ts_tree_cursor_goto_next_sibling_wasm',
  '_ts_tree_cursor_goto_parent_wasm',
  '_ts_tree_cursor_current_node_type_id_wasm',
  '_ts_tree_cursor_current_node_is_named_wasm',
  '_ts_tree_cursor_current_node_is_missing_wasm',
  '_ts_tree_cursor_current_field_id_wasm',
  '_ts_tree_cursor_start_index_wasm',
  '_ts_tree_cursor_end_index_wasm',
] as const;

/**
 * The last node id handed out. Ids are unique across every tree this process reads (a subtree's address, which
 * web-tree-sitter uses, is reused once its tree is freed), and cost no call.
 */
let lastId = 0;

/** The module last checked, and the answer (a runtime is replaced only after a trap). */
let checked: { module: Record<string, unknown>; exports: CursorExports | undefined } | undefined;

/** The runtime's module when it has every export the walk needs (web-tree-sitter is pinned; a change falls back). */
function cursorExports(module: Record<string, unknown> | undefined): CursorExports | undefined {
  if (!module) return undefined;
  if (checked?.module !== module) {
    const complete = module.HEAP32 instanceof Int32Array && CURSOR_EXPORTS.every((k) => typeof module[k] === 'function');
    checked = { module, exports: complete ? (module as unknown as CursorExports) : undefined };
  }
  return checked.exports;
}

/** A node `flatten` made: already read out, handed on as it is. */
export function isFlat(node: TreeNode): boolean {
  return node instanceof FlatNode;
}

class FlatNode implements TreeNode {
  readonly children: FlatNode[] = [];
  private namedOnly: FlatNode[] | undefined = undefined;
  private textOf: string | undefined = undefined;

  constructor(
    readonly id: number,
    readonly type: string,
    readonly startIndex: number,
    readonly endIndex: number,
    readonly isNamed: boolean,
    readonly isMissing: boolean,
    /** The field its parent holds it in, if any. */
    readonly field: string | undefined,
    private readonly source: string,
  ) {}

  get text(): string {
    if (this.textOf === undefined) this.textOf = this.source.slice(this.startIndex, this.endIndex);
    return this.textOf;
  }

  get namedChildren(): FlatNode[] {
    if (this.namedOnly === undefined) this.namedOnly = this.children.filter((c) => c.isNamed);
    return this.namedOnly;
  }

  get firstChild(): FlatNode | null {
    return this.children[0] ?? null;
  }

  get firstNamedChild(): FlatNode | null {
    return this.namedChildren[0] ?? null;
  }

  child(index: number): FlatNode | null {
    return this.children[index] ?? null;
  }

  childForFieldName(fieldName: string): FlatNode | null {
    // tree-sitter gives an ERROR node no fields, though the cursor still reports its children's.
    if (this.type === 'ERROR') return null;
    for (const c of this.children) if (c.field === fieldName) return c;
    return null;
  }

  childrenForFieldName(fieldName: string): FlatNode[] {
    return this.children.filter((c) => c.field === fieldName);
  }
}

/**
 * The tree under `root` as plain nodes, read in one walk; `source` is the text the tree was parsed from (a string
 * input: its offsets index it). Falls back to the lazily asked facade when the runtime does not expose the cursor
 * calls. Like any node, the result is read only while its tree is alive (texts are sliced from `source`, so they
 * stay right after).
 */
export function flatten(root: Node, source: string, module: Record<string, unknown> | undefined): TreeNode {
  const c = cursorExports(module);
  if (!c) return cached(root, source);
  const tree = (root.tree as unknown as { 0: number })[0];
  const { types, fields } = root.tree.language;
  // The transfer buffer's address (ts_init also writes its first two slots: asked before the cursor is put there).
  const at = c._ts_init() >> 2;
  const cursor = root.walk();
  try {
    // Any question puts the cursor in the transfer buffer; from there each call moves or reads it in place.
    void cursor.nodeTypeId;
    const read = (): FlatNode => {
      const start = c._ts_tree_cursor_start_index_wasm(tree);
      const end = c._ts_tree_cursor_end_index_wasm(tree);
      return new FlatNode(
        ++lastId,
        types[c._ts_tree_cursor_current_node_type_id_wasm(tree)] || 'ERROR',
        start,
        end,
        c._ts_tree_cursor_current_node_is_named_wasm(tree) === 1,
        start === end && c._ts_tree_cursor_current_node_is_missing_wasm(tree) === 1,
        fields[c._ts_tree_cursor_current_field_id_wasm(tree)] ?? undefined,
        source,
      );
    };
    const top = read();
    const path: FlatNode[] = [top];
    // The node the cursor has just moved to: a child of the last node on the path, and now the last itself.
    const enter = (): void => {
      const n = read();
      path[path.length - 1]!.children.push(n);
      path.push(n);
    };
    for (;;) {
      if (c._ts_tree_cursor_goto_first_child_wasm(tree) === 1) {
        enter();
        continue;
      }
      // A leaf: on to the next sibling of it or of the nearest ancestor that has one.
      for (;;) {
        path.pop();
        if (path.length === 0) return top;
        if (c._ts_tree_cursor_goto_next_sibling_wasm(tree) === 1) {
          enter();
          break;
        }
        if (c._ts_tree_cursor_goto_parent_wasm(tree) !== 1) return top;
      }
    }
  } finally {
    // The walk may have moved the cursor's stack: take its handles back from the transfer buffer, then free it.
    const heap = c.HEAP32;
    const handles = (cursor as unknown as { handles: number[] }).handles;
    for (let i = 0; i < 4; i++) handles[i] = heap[at + i]!;
    cursor.delete();
  }
}
