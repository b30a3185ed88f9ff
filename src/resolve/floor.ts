// The cannot-vouch floor: one stable rule id per cause the analyzer cannot resolve statically.
import type { Finding, Span } from '../types.js';
import type { ResolveContext } from './context.js';
import { mapSpan } from './context.js';

export const FLOOR = {
  /** The parser found a syntax error or inserted a missing node. */
  parseError: 'vouch.parse-error',
  /** The word at command position has no static value. */
  dynamicCommand: 'vouch.dynamic-command',
  /** A nested script (`bash -c`, `eval`, `iex`, …) is not static text. */
  dynamicScript: 'vouch.dynamic-script',
  /** A shell reads its program from a stream that is not static (`curl … | sh`). */
  streamToShell: 'vouch.stream-to-shell',
  /** A nesting, size, time or segment limit was hit. */
  limit: 'vouch.limit',
  /** The tree holds a node type the lowering does not know. */
  unknownNode: 'vouch.unknown-node',
  /** A construct that runs code that no static reading can name (`Add-Type`, `[scriptblock]::Create`). */
  dynamicCode: 'vouch.dynamic-code',
  /** The analyzer itself failed on this input; a bug, reported rather than passed. */
  internalError: 'vouch.internal-error',
} as const;

export type FloorRule = (typeof FLOOR)[keyof typeof FLOOR];

/** Adds a cannot-vouch finding at a span of the text under analysis, mapped to the top-level text. */
export function floor(ctx: ResolveContext, rule: FloorRule, span: Span, message: string, segment?: number): void {
  floorAt(ctx, rule, mapSpan(ctx, span), message, segment);
}

/** Adds a cannot-vouch finding at a span already in top-level coordinates (a resolved word's span). */
export function floorAt(ctx: ResolveContext, rule: FloorRule, span: Span, message: string, segment?: number): void {
  const finding: Finding = { rule, kind: 'cannot-vouch', message, span };
  if (segment !== undefined && segment >= 0) finding.segment = segment;
  ctx.out.findings.push(finding);
}

/** A size limit hit past resolution (in the rules): the analyzer turns it into a `vouch.limit` finding. */
export class AnalysisLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AnalysisLimitError';
  }
}
