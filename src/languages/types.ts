// The shape of a language module: what it reads in interpreter code, as plain data the resolver acts on.
import type { Node } from 'web-tree-sitter';
import type { CodeGrammar } from '../parse/index.js';
import type { CommandLine, Language, Span, Word, WordRole } from '../types.js';

/**
 * What interpreter code does that a guard cares about, in the order it is written. Words and spans are in the code's
 * own offsets; the resolver maps them to the command line.
 */
export type CodeEffect =
  /** Runs shell text (`os.system`, backticks, `exec` with a string): the text, or a computed word. */
  | { kind: 'shell'; text: Word; api: string }
  /** Starts a program with an argv (`subprocess.run([...])`, `execFile`); null when the argv is computed. */
  | { kind: 'exec'; argv: Word[] | null; api: string; span: Span }
  /** Runs code of a language (`eval` of static text, `perl -M`), re-entered; a computed text is dynamic code. */
  | { kind: 'code'; language: Language; text: Word; api: string }
  /** Calls an API that reaches the network; `url`: the one literal URL it is given, when that is all it reaches. */
  | { kind: 'network'; api: string; span: Span; url?: string }
  /**
   * Starts a server on an address the code writes (`.listen(3000, "0.0.0.0")`, `HTTPServer(("", 8000), H)`,
   * `stream_socket_server("tcp://0.0.0.0:1")`): the address as written, judged as a registry server's `listens` is.
   * `text`: the argument that holds it.
   */
  | { kind: 'listen'; api: string; span: Span; address: string; text: string }
  /** Reads the whole environment (iterates it, prints it, copies it out). */
  | { kind: 'environment'; api: string; span: Span }
  /** Reads one environment variable whose name is known, however the code wrote it (`os.environ["A_" + "TOKEN"]`, `process.env[k]`). */
  | { kind: 'variable'; name: string; api: string }
  /**
   * Opens a path (reads, writes, deletes, lists): the path as far as it is known, and the string constants it is made
   * of (`"~/.ssh"` in `os.path.exists(os.path.expanduser("~/.ssh"))`), which then play its role rather than any.
   * `names`: the role holds for the entries below the path with these names (what a walk of it finds), not the path.
   * `head`: for a computed path, the static text it begins with (`HOME + "/" + name`).
   * `moved`: the path is taken away from where it was (the source of a rename or move), as `mv`'s is.
   */
  | { kind: 'path'; role: WordRole; path: Word; api: string; covers?: Span[]; names?: string[]; head?: string; moved?: true }
  /**
   * Loads code from a file and runs it (`import m`, `require(f)`, `load f`, `include f`, `do f`): unread when the code
   * wrote it. `path`: the file it names, when it names one (`runpy.run_path(p)`, `load "x.rb"`), or the file a pickle
   * loader deserializes (`pickle`: its objects' code runs). `searched`: the path is where a search for a module may
   * find it (a directory put on sys.path): computed, it matters only where the line wrote a file.
   */
  | { kind: 'load'; api: string; span: Span; path?: Word; pickle?: boolean; searched?: boolean }
  /** Changes the directory what follows runs in. */
  | { kind: 'chdir'; path: Word; api: string }
  /** What no static reading can tell: the cannot-vouch cause, where, and why. */
  | { kind: 'dynamic'; rule: 'dynamic-code' | 'dynamic-command' | 'dynamic-script'; span: Span; why: string }
  /** A string constant of the code: any of them may name a path. */
  | { kind: 'string'; word: Word };

/** What the code can know of the interpreter's environment: what the command line sets, nothing else. */
export interface CodeEnv {
  /** A variable's value, null when the line sets it to something computed, undefined when the line does not set it. */
  env(name: string): string | null | undefined;
}

/** An example: a command line (bash by default) with the rules it must raise, or none for a pass. */
export type LanguageExample = string | (CommandLine & { rules?: string[] });

/** One interpreter language, as a capability model: what its code can run, reach, read and write. */
export interface LanguageModel {
  language: Language;
  /** The grammar its code is parsed with; none for a language read by its own lexer (Perl). */
  grammar?: CodeGrammar;
  /** One line: what it reads, for the listing. */
  summary: string;
  /** Reads the code: from its tree when it has a grammar (the tree is freed after the call), else from the text. */
  read(code: string, root: Node | undefined, env: CodeEnv): CodeEffect[];
  /** Command lines that must be denied, and ones that must pass, run through the whole analyzer. */
  examples: { deny: readonly LanguageExample[]; pass: readonly LanguageExample[] };
}
