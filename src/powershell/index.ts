// PowerShell: lower the tree into segments and resolve what runs.
import type { Node } from 'web-tree-sitter';
import type { Respelling } from '../parse/index.js';
import type { ResolveContext } from '../resolve/context.js';
import { lowerProgram } from './lower.js';

export { lowerCmd } from './native.js';

export { NODE_HANDLING, type NodeHandling } from './nodes.js';

/** Lowers a tree of `text`, or of its respelling when the parse layer respelled it (`src/parse/repair.ts`). */
export function analyzePowerShell(root: Node, text: string, ctx: ResolveContext, respelling: Respelling | null = null): void {
  lowerProgram(root, text, ctx, respelling);
}
