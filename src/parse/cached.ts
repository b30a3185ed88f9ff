// A syntax node whose answers are asked of the parser once. Each `type`, `endIndex`, `isNamed` or `text` of a
// web-tree-sitter node is a call into the wasm (the node marshalled into its transfer buffer first), and a lowering
// asks the same node the same thing several times: nl2bash's bash lines read `type` 46 times a line over 12 nodes.
/** What the lowerings read of a node (a web-tree-sitter or native node is one); the answers are the wrapped node's. */
export interface TreeNode {
  readonly id: number;
  readonly startIndex: number;
  readonly type: string;
  readonly endIndex: number;
  readonly text: string;
  readonly isNamed: boolean;
  readonly isMissing: boolean;
  readonly children: TreeNode[];
  readonly namedChildren: TreeNode[];
  readonly firstChild: TreeNode | null;
  readonly firstNamedChild: TreeNode | null;
  child(index: number): TreeNode | null;
  childForFieldName(fieldName: string): TreeNode | null;
  childrenForFieldName(fieldName: string): TreeNode[];
}

class CachedNode implements TreeNode {
  readonly id: number;
  readonly startIndex: number;
  private typeOf: string | undefined = undefined;
  private end = -1;
  private textOf: string | undefined = undefined;
  private named: boolean | undefined = undefined;
  private all: TreeNode[] | undefined = undefined;
  private namedOnly: TreeNode[] | undefined = undefined;

  constructor(
    private readonly node: TreeNode,
    private readonly source: string | undefined,
  ) {
    this.id = node.id;
    this.startIndex = node.startIndex;
  }

  get type(): string {
    if (this.typeOf === undefined) this.typeOf = this.node.type;
    return this.typeOf;
  }

  get endIndex(): number {
    if (this.end < 0) this.end = this.node.endIndex;
    return this.end;
  }

  get text(): string {
    // Read from the source when the offsets index it: the node's own text asks the runtime for its end again.
    if (this.textOf === undefined) this.textOf = this.source === undefined ? this.node.text : this.source.slice(this.startIndex, this.endIndex);
    return this.textOf;
  }

  get isNamed(): boolean {
    if (this.named === undefined) this.named = this.node.isNamed;
    return this.named;
  }

  get isMissing(): boolean {
    return this.node.isMissing;
  }

  get children(): TreeNode[] {
    if (this.all === undefined) this.all = this.node.children.map((n) => new CachedNode(n, this.source));
    return this.all;
  }

  get namedChildren(): TreeNode[] {
    if (this.namedOnly === undefined) this.namedOnly = this.node.namedChildren.map((n) => new CachedNode(n, this.source));
    return this.namedOnly;
  }

  get firstChild(): TreeNode | null {
    return this.child(0);
  }

  get firstNamedChild(): TreeNode | null {
    const n = this.node.firstNamedChild;
    return n === null ? null : new CachedNode(n, this.source);
  }

  child(index: number): TreeNode | null {
    const n = this.node.child(index);
    return n === null ? null : new CachedNode(n, this.source);
  }

  childForFieldName(fieldName: string): TreeNode | null {
    const n = this.node.childForFieldName(fieldName);
    return n === null ? null : new CachedNode(n, this.source);
  }

  childrenForFieldName(fieldName: string): TreeNode[] {
    return this.node.childrenForFieldName(fieldName).map((n) => new CachedNode(n, this.source));
  }
}

/**
 * The node behind a facade that keeps what it was asked. Like the node, it must not outlive its tree. `source`: the
 * text the tree was parsed from, when its offsets are offsets into that string (web-tree-sitter's are, for a string
 * input: a node's text is that slice); then texts are sliced from it.
 */
export function cached(node: TreeNode, source?: string): TreeNode {
  return node instanceof CachedNode ? node : new CachedNode(node, source);
}
