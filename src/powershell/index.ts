// PowerShell: lower the tree into segments and resolve what runs.
import type { Node } from 'web-tree-sitter';
import type { ResolveContext } from '../resolve/context.js';

export function analyzePowerShell(_root: Node, _text: string, _ctx: ResolveContext): void {
  // Filled in by the PowerShell issue.
}
