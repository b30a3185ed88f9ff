// The parse layer: pinned grammars, one parser per dialect, limits, trees that never outlive a call.
export { CODE_GRAMMARS, type CodeGrammar, type Grammar, grammarFile, grammarsDir, isCodeGrammar, readManifest, type GrammarEntry } from './grammars.js';
export {
  DEFAULT_LIMITS,
  initParser,
  initRuntime,
  isParserReady,
  resetParsers,
  stackGuardActive,
  setBeforeCompile,
  setCodeGrammarSource,
  setRuntimeFile,
  readTree,
  withTree,
  type GrammarSource,
  type ParseFailure,
  type ParseLimits,
  type ParseOutcome,
  type SyntaxIssue,
} from './parser.js';
export { type Respelling, respell, withBashTree, withPowerShellTree } from './repair.js';
export { initNativeParser, nativeBackendStatus, type ParseBackend } from './native.js';
