// Bash: lower the tree into segments, then resolve words, cwd, wrappers and nested scripts.
import type { Node } from 'web-tree-sitter';
import type { ResolveContext } from './context.js';

export function analyzeBash(_root: Node, _text: string, _ctx: ResolveContext): void {
  // Filled in by the bash lowering issue.
}
