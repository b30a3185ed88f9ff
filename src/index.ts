// vouch: the analyzer API.
export { type Analyzer, type AnalyzerOptions, createAnalyzer, VouchInputError } from './analyzer.js';
export type { AnalysisLimits } from './resolve/context.js';
export { FLOOR } from './resolve/floor.js';
export { DEFAULT_RULE_CONFIG, RULES } from './rules/index.js';
export type { Rule, RuleConfig, RuleExample } from './rules/rule.js';
export type { Analysis, Assignment, CommandLine, Dialect, Finding, FindingKind, Invocation, Redirect, Segment, Span, TypeUse, Word } from './types.js';
