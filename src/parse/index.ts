// The parse layer: pinned grammars, one parser per dialect, limits, trees that never outlive a call.
export { grammarFile, grammarsDir, readManifest, type GrammarEntry } from './grammars.js';
export {
  DEFAULT_LIMITS,
  initParser,
  isParserReady,
  resetParsers,
  stackGuardActive,
  setRuntimeFile,
  withTree,
  type GrammarSource,
  type ParseFailure,
  type ParseLimits,
  type ParseOutcome,
  type SyntaxIssue,
} from './parser.js';
export { initNativeParser, nativeBackendStatus, type ParseBackend } from './native.js';
