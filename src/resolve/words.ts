// Static word evaluation for bash: quotes, escapes, variables, brace expansion, tilde, globs, splitting.
import type { RawWord, Stmt } from '../segments/ir.js';
import type { Span, Under, Word } from '../types.js';
import { ifsSplit, listedFields, listedPaths, pieces } from '../programs/words.js';
import { withZsh } from './zsh.js';

/** Why a word holding a process substitution is not static: it stands for a pipe (`/dev/fd/63`), never a file on disk. */
export const PROCESS_SUBSTITUTION = 'a process substitution';
/** Why a word that is only `$(mktemp …)` is not static: a new path in a temp directory, its name random. */
export const TEMP_PATH = 'a new path in a temp directory (mktemp)';
/** Why a variable assigned `$(mktemp …)` is unknown: `"$tmp"` and `"$tmp/x"` lie in a temp directory. */
export const TEMP_WHY = `it is assigned ${TEMP_PATH}`;
/** Why a word that is only `$(docker ps -q)` is not static: the identifiers it prints (see Word.ids). */
export const IDS = 'the identifiers a program prints';
/** Why a variable assigned `$(docker ps -q)` is unknown: `$cid` and `"$cid"` are those identifiers, as the word is. */
export const IDS_WHY = `it is assigned ${IDS}`;

/** The paths find printed that variables hold, by the reason each is unknown (see `underWhy`). */
const UNDERS = new Map<string, Under[]>();

/**
 * Why a variable holding a path find printed is unknown (`x=$(find ~ -name .bashrc)`, `find … | while read f`): it
 * says where, and leads back to find's roots (`underOf`), so `"$x"` is a path below them as `"$(find …)"` is.
 */
export function underWhy(under: Under[]): string {
  const where = under.map((u) => `${u.changed ? '(text made of) ' : u.split ? '(pieces, split at blanks or newlines, of) ' : ''}${(u.values ?? ['(computed)']).join(' ')}${u.cwd !== null && (u.values ?? []).some((v) => !/^[/~]/.test(v)) ? ` in ${u.cwd}` : ''}${u.names ? ` named ${u.names.join(' ')}` : ''}${u.depth !== undefined ? ` at most ${u.depth} deep` : ''}${u.below ? ' (below)' : ''}${u.cwdGlob ? ' (glob)' : ''}${u.cwdTop !== undefined ? ` (at the work tree's top above ${u.cwdTop})` : ''}${u.tests ? ` [${u.tests.join(' ')}]` : ''}`);
  const why = `it holds a path find printed below ${where.join(', ')}`;
  // (The same text is the same roots, names and depth: a later find that says so holds the same paths. The oldest
  // entry goes past a bound, which one line's finds never reach.)
  if (!UNDERS.has(why) && UNDERS.size >= 4096) UNDERS.delete(UNDERS.keys().next().value!);
  UNDERS.set(why, under);
  return why;
}
/**
 * The paths a lister printed with static text after each (`"$(ls -d .c*)/settings.json"`, `"$f.bak"`): below the same
 * roots, never a root itself, named by the text's last component. Undefined for text that holds a glob or no name.
 */
function listedAfter(under: Under[], text: string): Under[] | undefined {
  if (text === '' || /[\u{e000}-\u{f8ff}]/u.test(text)) return undefined;
  const last = text.split('/').filter((c) => c !== '').pop();
  if (text.includes('/') && (last === undefined || last === '..' || last === '.')) return undefined;
  // Beside each path (`.bak`), the name is the path's own with the text after it: `*.md` makes `*.md.html`.
  const deeper = text.split('/').filter((c) => c !== '').length - (text.startsWith('/') ? 0 : 1);
  return under.map(({ depth, ...u }) => ({ ...u, names: text.includes('/') ? [last!] : (u.names ?? ['*']).map((n) => `${n}${text}`), below: true as const, ...(depth !== undefined ? { depth: depth + deeper } : {}) }));
}

/**
 * The paths a lister printed with an end cut off (`${f%.sample}`, `${f%/*}`): below the same roots, or a root itself,
 * of any name, unless the end is written out and every name test ends in it (`-name 'pre-commit.sample'` cut to
 * `pre-commit`). With a start cut off (`${f#./}`, a basename), a path read from where the line runs, too.
 */
function trimmedUnder(under: Under[], op: string, pattern?: string): Under[] {
  // An end written out that every name test ends in (`-name '*.sample'`, `${f%.sample}`): the names without it.
  const cut = (names: string[] | undefined) => (pattern !== undefined && pattern !== '' && !/[*?[\\]/.test(pattern) && op.startsWith('%') && names?.every((n) => n.endsWith(pattern) && !/[*?[\]\\]/.test(n.slice(-pattern.length))) ? names.map((n) => n.slice(0, -pattern.length)) : undefined);
  const trimmed = under.map(({ names, below: _below, depth: _depth, ...u }) => {
    const left = cut(names);
    return left ? { ...u, names: left } : u;
  });
  if (!op.startsWith('#')) return trimmed;
  // A start cut off at a `/` written out leaves a relative path of whole names, read from where the word is: the last
  // still passes the name tests (`${f##*/}` of `-name '*.bak'`). Cut anywhere else (`${f#.}`, `${f#/srv}`), or from
  // roots that climb (`../x`), what is left may begin with `/` or `..`, read as below the roots or where the word is.
  const whole = pattern?.endsWith('/') === true && !pattern.endsWith('\\/') && under.every((u) => u.values?.every((v) => !v.split('/').includes('..')));
  const here = (u: Under): Under => ({ values: ['.'], cwd: u.cwd, ...(whole && u.names ? { names: u.names, below: true as const } : {}), ...(u.found ? { found: true as const } : {}) });
  return whole ? under.map(here) : [...trimmed, ...under.map(here)];
}

/** The roots of paths split at blanks into pieces of them (see `pieces`), where there are any. */
function piecesOf(under: Under[] | undefined): Under[] | undefined {
  return under === undefined ? undefined : pieces(under, 'blanks');
}

/** find's roots of the paths a variable holds, by the reason it is unknown (see `underWhy`). */
export function underOf(why: string | undefined): Under[] | undefined {
  return why === undefined ? undefined : UNDERS.get(why);
}

/** The directory the shell is in, as an invocation there names it (Invocation.cwd, cwdGlob, cwdTop). */
export type Here = Pick<Under, 'cwd' | 'cwdGlob' | 'cwdTop' | 'cwdTopGlob'> & { found?: true };

/**
 * Paths a lister printed, read where a word or a program names them: a relative one names a file from the directory
 * the shell is in then, not from where the lister ran (`f=$(find . -name src); cd ~; rm -rf "$f"` deletes ~/src;
 * `find . | (cd /srv && xargs rm -rf)`).
 */
export function rebased(under: readonly Under[], here: Here): Under[] {
  const { found, ...at } = here;
  return under.map((u) =>
    u.values?.every((v) => /^[/~]/.test(v)) || (u.found ? found === true : u.cwd === at.cwd && u.cwdGlob === at.cwdGlob && u.cwdTop === at.cwdTop && u.cwdTopGlob === at.cwdTopGlob) ? u : { ...strip(u), ...at },
  );
}
/** An Under without the directory its relative paths were read from. */
function strip({ cwd: _cwd, cwdGlob: _g, cwdTop: _t, cwdTopGlob: _tg, found: _f, ...u }: Under): Omit<Under, 'cwd'> {
  return u;
}
/** A word's paths a lister printed (Word.under, touches, holds, items), read from `here` (see rebased). */
export function rebasedWord(w: Word, here: Here): Word {
  if (!w.under && !w.touches && !w.holds && !w.items?.under) return w;
  return {
    ...w,
    ...(w.under ? { under: rebased(w.under, here) } : {}),
    ...(w.touches ? { touches: rebased(w.touches, here) } : {}),
    ...(w.holds ? { holds: rebased(w.holds, here) } : {}),
    ...(w.items?.under ? { items: { ...w.items, under: rebased(w.items.under, here) } } : {}),
  };
}
/** Where a word is read (see rebased): the shell's directory as the walk knows it, else `env.cwd` alone. */
function hereOf(env: WordEnv): Here {
  return env.here?.() ?? { cwd: env.cwd };
}
/** The paths a lister printed that a variable holds, read where the word is (see rebased). */
function heldHere(under: Under[] | undefined, env: WordEnv): Under[] | undefined {
  return under && rebased(under, hereOf(env));
}

/**
 * What a variable holds, by the reason it is unknown, where that reason carries it (a temp path, identifiers, a path
 * find printed, a program's path, its setup code): such a reason holds only on every path (see `join`), and is no
 * reason for a value appended to.
 */
export function carried(why: string | undefined): string | undefined {
  if (why === undefined) return undefined;
  if (why === TEMP_WHY) return 'a temp path';
  if (why === IDS_WHY) return 'identifiers';
  if (underOf(why) !== undefined) return 'a path find printed';
  if (programOf(why) !== undefined) return 'the path of a program';
  if (initOf(why) !== undefined) return 'shell setup code';
  if (standsOf(why) !== undefined) return 'the directory a program prints';
  return undefined;
}

/**
 * Why a variable assigned a directory of a program's setup (`SP=$(python3 -m site --user-site)`, Word.stands) is
 * unknown: it carries where that directory is by default, so `"$SP/x.pth"` names a path there as the word would.
 */
export function standsWhy(at: string): string {
  return `it is assigned the directory a program prints, by default ${at}`;
}
/** Where the directory a variable holds is by default, by the reason it is unknown (see standsWhy). */
export function standsOf(why: string | undefined): string | undefined {
  return why === undefined ? undefined : /^it is assigned the directory a program prints, by default (\S[\s\S]*)$/.exec(why)?.[1];
}

/** Why a word that is only `"$(pyenv init -)"` is not static: the program's own shell setup code. */
export function initWhy(program: string): string {
  return `the shell setup code ${program} makes`;
}
/** The program whose own shell setup code a variable holds, by the reason it is unknown (`x=$(pyenv init -)`). */
export function initOf(why: string | undefined): string | undefined {
  return why === undefined ? undefined : /^it is assigned the shell setup code (\S+) makes$/.exec(why)?.[1];
}

/** Why a variable assigned a word that names a program (`P=$(which python3)`, Word.program) is unknown: its path. */
export function programWhy(program: string): string {
  return `it is assigned the path of the program ${program}`;
}
/** The program a variable's path names, by the reason it is unknown (`P=$(which python3)`; `$P` is python3). */
export function programOf(why: string | undefined): string | undefined {
  return why === undefined ? undefined : /^it is assigned the path of the program ([\w.+-]+)$/.exec(why)?.[1];
}

/**
 * Why a variable (or an array's elements) is unknown where the line built it from text it wrote, in a way vouch does
 * not follow (an element assigned past the end, an associative array, what a filter printed of static text): see
 * Word.line.
 */
export const LINE_WHY = 'it is built from text the line wrote, in a way vouch does not follow';

/**
 * An element of an array that stands for the environment's value of its name, or for none (`a+=(x)` where the line
 * never set a: bash appends to a scalar the environment may hold). At index 0, where that value is.
 */
export const ENV_ELEMENT = '\uE00F';

/** The variables evaluation reads: a value, or undefined when it is not known statically. */
export interface VarView {
  get(name: string): string | undefined;
  /** Every value the variable may hold (`OLDPWD` after a `cd` on one of two paths); undefined when not known. */
  all?(name: string): readonly string[] | undefined;
  has(name: string): boolean;
  /** Why a variable the line set has no static value; undefined when the line never set it (the environment's). */
  why?(name: string): string | undefined;
  /** A variable whose value is not known but is a number. */
  numeric?(name: string): boolean;
  /** The elements of an array the line assigned whole, each known (see arrayKey); undefined when not known. */
  elements?(name: string): readonly string[] | undefined;
  /** A variable, or an array's elements, the line built from its own text in a way not followed (LINE_WHY). */
  built?(name: string): boolean;
  /** A variable holding a name a glob matched, its pattern kept as the value (State.globbed). */
  globbed?(name: string): boolean;
  /** An array whose literal held a glob that may match several names: that element's index (see shiftKey). */
  shifted?(name: string): number | undefined;
  /** The directories pushd saved, oldest first, each those it may be (null: not known); undefined when not followed. */
  stack?(): readonly (readonly string[] | null)[] | undefined;
}

/** What a substitution's commands print, as far as a word made of it cares. */
export interface SubOut {
  /** A number (`$(wc -l < f)`). */
  number: boolean;
  /** The number may be `inf` or `nan` (what awk prints of a sum): see the `number` output's `float`. */
  float?: boolean;
  /** Paths at or below these (`$(find ROOT)`). */
  under?: Under[];
  /** The path of a file or directory just made in a temp directory (`$(mktemp -d)`). */
  temp?: boolean;
  /** What it prints, known (`$(pwd)`); bash drops trailing newlines. */
  text?: string;
  /**
   * What one command prints as static text (`$(printf '%s/.bashrc' "$HOME")`): taken as the value of an assignment;
   * elsewhere (a command name made of `$(echo curl)`) the substitution stays computed.
   */
  printed?: string;
  /** `text` is a pattern the directory matched (after `cd ../proj[e]ct`): its glob characters stay active. */
  glob?: boolean;
  /** The path of the program of this name, or nothing (`$(which python3)`). */
  program?: string;
  /** Identifiers, one a line, or none (`$(docker ps -q)`): see Answer's `ids` output. */
  ids?: boolean;
  /** A directory of a program's setup or of the project, on one line (`$(npm bin)`): see Answer's `directory` output. */
  directory?: boolean;
  /** The directory is the top of the work tree holding this one (`git rev-parse --show-toplevel`): this one or above. */
  top?: string;
  /** The directory is the program's cache, or holds it under these names (see Answer's `directory` output). */
  cache?: true | string[];
  /** Where the directory is by default (see Answer's `directory` output). */
  stands?: string;
  /** The user's login name (`$(whoami)`): see Answer's `user` output. */
  user?: boolean;
  /** Shell setup code this program made itself (`$(pyenv init -)`): see Answer's `shell-init` output. */
  init?: string;
  /** What it prints is made from static text the line wrote, by a program vouch does not follow (see Word.line). */
  line?: boolean;
  /** Its setup code in this mode is assignments whose words hold no glob character: split and joined again, the same code. */
  initSplit?: boolean;
  /** A process substitution of one command that prints static text (`<(echo …)`): that text (see Word.piped). */
  piped?: string;
}

/** What evaluation needs from the resolver. */
export interface WordEnv {
  home: string;
  cwd: string | null;
  /** Static values of variables known so far. */
  vars: VarView;
  /** A directory a glob `cd` reached (`cd ../proj[e]ct`): held as its pattern, which the directory bash is in matches. */
  globDir?(dir: string): boolean;
  /** The directory the shell is in (see Here). */
  here?(): Here;
  /** Resolves a substitution body (its commands run, in a subshell scope); true when its output is a number. */
  runSub(body: Stmt, what: 'command' | 'process' | 'process-out'): SubOut | void;
  /** `${P:=w}`: sets P in the shell (null: to one of several values, or a value not known). */
  assign?(name: string, values: readonly string[] | null): void;
  /** `${a[1]:=x}`: an element of the array may change (see arrayKey). */
  dropArray?(name: string): void;
  /** `${PS4=w}`: a value assigned to P, whether or not P was set before (a variable run as text is read at once). */
  assigning?(name: string, values: readonly string[] | null, at: Span, text?: string): void;
  /**
   * Arithmetic bash evaluates (it reads the variables it names as expressions), written at `span`. `output`: it holds a
   * command substitution whose output is not known to be a number, which bash evaluates too.
   */
  arith?(text: string, span: Span, output?: boolean): void;
  /** `${v@P}`: v's value expanded as a prompt (its substitutions run). */
  prompt?(name: string, span: Span, of: 'scalar' | 'element' | 'opaque'): void;
  /**
   * A command's words read as written: zsh reads them as bash does, or the caller walks zsh's reading of them too (see
   * zshCommand), so evalWord does not compare the two readings of these (a word inside one, `${X:-…}`'s, it does).
   */
  written?: readonly RawWord[] | undefined;
  /**
   * The positional parameters: the words of the function call being walked (`"$@"` is them), why they are not known,
   * or undefined outside any call the line makes (the shell's own, not known).
   */
  args?(): readonly Word[] | string | undefined;
}

/** `$HOME` (and `~`): what the line set it to, else the home the input names. Undefined when it is computed. */
function homeOf(env: WordEnv): string | undefined {
  const set = env.vars.get('HOME');
  if (set !== undefined) return set;
  return env.vars.why?.('HOME') === undefined ? env.home : undefined;
}

/**
 * A variable's value as an expansion reads it: `$HOME` the home and `$PWD` the directory, unless the line changed
 * them, in every form (`${HOME%/}` and `${PWD%/*}` as `$HOME` and `$PWD`); any other as the line set it.
 */
function expandedValue(env: WordEnv, name: string): string | undefined {
  if (name === 'HOME') return homeOf(env);
  if (name === 'PWD') return env.vars.get('PWD') ?? (env.vars.why?.('PWD') === undefined ? (env.cwd ?? undefined) : undefined);
  return env.vars.get(name);
}

// Active (unquoted, syntactic) characters are mapped to private-use placeholders so that plain
// string operations can tell `{` as syntax from `{` as data.
const OPEN = '\uE000';
const CLOSE = '\uE001';
const COMMA = '\uE002';
const STAR = '\uE003';
const QUEST = '\uE004';
const BRACKET = '\uE005';
const TILDE = '\uE006';
const SPLIT = '\uE007';
/** A character of IFS that is not whitespace, in an unquoted expansion: it ends a field (see ifsSplit). */
const HARD = '\uE00A';
const EXTGLOB = '\uE009';
/** Where a computed number stands in a word (see Word.numbers). */
const NUMBER = '\uE00B';
/** Where the environment's temp directory leads a word (see Word.envTemp). */
const ENV_TEMP = '\uE00C';
/** Before a character an escape made literal, in the text brace expansion reads (see activeRaw). */
const ESCAPED = '\uE00D';
const PLACEHOLDERS = /[\uE000-\uE00F]/;
const TO_LITERAL: Record<string, string> = {
  [OPEN]: '{',
  [CLOSE]: '}',
  [COMMA]: ',',
  [STAR]: '*',
  [QUEST]: '?',
  [BRACKET]: '[',
  [TILDE]: '~',
  [SPLIT]: ' ',
  [EXTGLOB]: '',
  [ESCAPED]: '',
};

/**
 * A word whose only computed parts are numbers (`/tmp/build-$(date +%s)`, `out-$((n+1))`): its text with each number
 * standing as `0` or as nothing (an integer variable may be unset). A number holds no `/`, and is never `.` or `..`,
 * so every path it makes is one of these, digits aside (a leading `~` is the home the line gives it). None where anything else in it is active (a glob, a brace, a
 * tilde), where IFS may split a number, or where there are too many numbers.
 */
function numberShapes(chars: string[], ifs: string | undefined, home: string | undefined): { numbers?: string[] } {
  // A leading `~` or `~/`: the home, as the line has it.
  const tilde = chars[0] === TILDE && (chars.length === 1 || chars[1] === '/');
  if (tilde && home === undefined) return {};
  const text = tilde ? home + chars.slice(1).join('') : chars.join('');
  const count = text.split(NUMBER).length - 1;
  if (count === 0 || count > 3 || ifs === undefined || /[0-9+-]/.test(ifs) || /[\uE000-\uE00A\uE00C-\uE00F]/.test(text)) return {};
  let out = [''];
  for (const piece of text.split(NUMBER).map((p, i) => (i === 0 ? [p] : ['0', ''].map((n) => n + p)))) out = out.flatMap((o) => piece.map((p) => o + p));
  return { numbers: [...new Set(out)] };
}

/**
 * A word led by the environment's temp directory whose other parts are written text, numbers or the user's name
 * (`"$TMPDIR/cache"`, `"$TMPDIR"/jest_*`, `"${TMPDIR:-/tmp}/$USER-jest"`, `"$TMPDIR/build-$$"`): what follows the
 * directory, each number standing as `0` or as nothing, as numberShapes has them; `glob` where the rest holds an
 * unquoted `*`, `?` or `[`. None where anything else in it is active (a brace, a tilde, a split), where IFS is changed
 * or may split a number, or where there are too many numbers.
 */
function envTempShapes(chars: string[], ifs: string | undefined, empty: boolean): { envTemp?: Word['envTemp'] } {
  const text = chars.slice(1).join('');
  const count = text.split(NUMBER).length - 1;
  if (count > 3 || ifs === undefined || (count > 0 && /[0-9+-]/.test(ifs)) || /[\uE000-\uE002\uE006-\uE00A\uE00C-\uE00F]/.test(text)) return {};
  let out = [''];
  for (const piece of text.split(NUMBER).map((p, i) => (i === 0 ? [p] : ['0', ''].map((n) => n + p)))) out = out.flatMap((o) => piece.map((p) => o + p));
  const glob = /[\uE003-\uE005]/.test(text);
  // (A glob's marks read as the characters they are: the rule judges each rest as a glob.)
  const rests = [...new Set(out.map((r) => r.replace(/[\uE003-\uE005]/g, (c) => TO_LITERAL[c]!)))];
  return { envTemp: { rests, empty, ...(glob ? { glob: true } : {}) } };
}

/** The default that makes `${TMPDIR:-…}` the usual temp directory when the environment has none. */
const TMP_DEFAULT = /^\/(?:var\/)?tmp\/?$/;

/** Unquoted text with nothing for the shell to interpret: no escape, brace, glob, tilde or paren. */
const PLAIN = /^[^\\{}*?[~(,\uE000-\uE00F]*$/;

/** Most `{` one word may hold before brace expansion gives up (the word is then dynamic). */
const MAX_BRACE_GROUPS = 64;

/** Most values one word may expand to before it is reported as dynamic. */
const MAX_VALUES = 256;

/**
 * Unquoted text with its active characters as placeholders; `escapes`: an escaped character kept behind ESCAPED (for
 * brace expansion, which must tell `\\$` and `\\a` from `$` and `a`: see braceValues).
 */
function activeRaw(text: string, out: string[], escapes = false): void {
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\') {
      const n = text[i + 1];
      i++;
      if (n === undefined) out.push('\\');
      else if (n !== '\n') out.push(...(escapes ? [ESCAPED, n] : [n]));
      continue;
    }
    switch (c) {
      case '{':
        out.push(OPEN);
        break;
      case '}':
        out.push(CLOSE);
        break;
      case ',':
        out.push(COMMA);
        break;
      case '*':
        out.push(STAR);
        break;
      case '?':
        out.push(QUEST);
        break;
      case '[':
        out.push(BRACKET);
        break;
      case '~':
        out.push(TILDE);
        break;
      case '(':
        // `@(…)`, `!(…)`, `+(…)` extglobs: the `(` follows an active glob-ish char.
        out.push(EXTGLOB, '(');
        break;
      default:
        out.push(c);
    }
  }
}

/**
 * The text a word stands for where each `${NAME:-DEFAULT}` (or `${NAME-DEFAULT}`) in it takes its written default: the
 * word's other parts written text, each such variable one the line does not set, and the default text only.
 */
function defaultText(raw: RawWord, env: WordEnv): string | undefined {
  let text = '';
  let any = false;
  for (const p of raw.parts) {
    if (p.k === 'lit' || p.k === 'raw') text += p.text;
    else if (p.k === 'param' && /^:?-$/.test(p.op) && param(p, env) === undefined && p.word.parts.every((q) => q.k === 'lit' || q.k === 'raw' || (q.k === 'var' && q.name === 'HOME' && !env.vars.has('HOME')))) {
      // (`$HOME` in the default is the home the line leaves alone: `~`.)
      text += p.word.parts.map((q) => (q.k === 'var' ? '~' : (q as { text: string }).text)).join('');
      any = true;
    } else return undefined;
  }
  return any ? text : undefined;
}

/** bash's IFS where the line leaves it unset. */
const DEFAULT_IFS = ' \t\n';

/** IFS: the default, or the one value the line set it to; undefined when that is not known. */
function ifsOf(env: WordEnv): string | undefined {
  return env.vars.has('IFS') ? env.vars.get('IFS') : DEFAULT_IFS;
}

/**
 * An unquoted expansion's value: globbing and field splitting apply, brace and tilde do not. IFS's whitespace splits
 * (SPLIT); its other characters each end a field (HARD).
 */
function activeExpansion(value: string, out: string[], ifs = DEFAULT_IFS): void {
  for (const c of value) {
    if (ifs.includes(c)) out.push(c === ' ' || c === '\t' || c === '\n' ? SPLIT : HARD);
    else if (c === '*') out.push(STAR);
    else if (c === '?') out.push(QUEST);
    else if (c === '[') out.push(BRACKET);
    else out.push(c);
  }
}

/** A quoted expansion of a variable a glob set (`for f in *; do "$f"`): the pattern's characters stay active, unsplit. */
function activeGlob(value: string, out: string[]): void {
  for (const c of value) out.push(c === '*' ? STAR : c === '?' ? QUEST : c === '[' ? BRACKET : c);
}

/**
 * Evaluates a word into fields: usually one; several when an unquoted expansion splits; none when an
 * unquoted empty expansion vanishes. Substitutions inside are resolved through `env.runSub`.
 */
export function evalWord(raw: RawWord, env: WordEnv, given: 'word' | 'assignment' | 'element' = 'word', braces = given !== 'assignment', either = false): Word[] {
  return withZsh(raw, env, given, evalBash(raw, env, given, braces), (zsh) => evalBash(zsh, env, given, braces), either);
}

/** The words bash makes of `raw` (see evalWord). */
function evalBash(raw: RawWord, env: WordEnv, given: 'word' | 'assignment' | 'element', braces: boolean): Word[] {
  const shaped: { shape?: string } = {};
  const words = evalParts(raw, env, given, braces, shaped);
  // A computed word beside expansions whose value is known (`"$(echo ~)"/.b$n`, `"$h"/.a$x` after `h=~`) is also read
  // with those values written in: the rules read the path it makes from them, not only from its text (Word.stands).
  if (shaped.shape !== undefined) for (const w of words) if (w.values === null && w.stands === undefined) w.stands = shaped.shape;
  return words;
}

/**
 * A computed word's text with each expansion whose value is known written as that value (a glob's characters active
 * where bash globs them), every other expansion as a computed part; undefined where a known value splits into words.
 */
function shapeOf(raw: RawWord, chars: readonly string[], marks: readonly number[], known: ReadonlySet<number>): string | undefined {
  let out = '';
  for (const [i, part] of raw.parts.entries()) {
    if (part.k === 'raw') out += part.text;
    else if (part.k === 'lit') out += part.text.replace(/[\s\S]/g, (c) => `\\${c}`);
    else if (!known.has(i)) out += part.k === 'var' ? `\${${part.name}}` : '$(:)';
    else
      for (const c of chars.slice(marks[i], marks[i + 1])) {
        if (c === STAR) out += '*';
        else if (c === QUEST) out += '?';
        else if (c === BRACKET) out += '[';
        else if (PLACEHOLDERS.test(c)) return undefined;
        else out += `\\${c}`;
      }
  }
  return out;
}

function evalParts(raw: RawWord, env: WordEnv, given: 'word' | 'assignment' | 'element', braces: boolean, shaped: { shape?: string }): Word[] {
  // An array literal's element is an assignment's word that splits by IFS (`a=($x)`); a scalar's value does not split
  // (under a changed IFS nothing of it is taken as a separator).
  const mode = given === 'element' ? 'assignment' : given;
  // Most words are one plain piece: no quotes to join, nothing to expand.
  if (raw.parts.length === 1) {
    const only = raw.parts[0]!;
    if ((only.k === 'raw' && PLAIN.test(only.text)) || (only.k === 'lit' && !PLACEHOLDERS.test(only.text))) {
      return [{ text: raw.text, span: raw.span, values: [only.text] }];
    }
  }
  // `"$@"` is the call's words as they were given, one argument each; `"$3"` alone is the third.
  const only = raw.parts.length === 1 ? raw.parts[0]! : undefined;
  if (only?.k === 'pos' && only.quoted && (mode === 'word' || only.which !== '@')) {
    const given = argWords(env, only.which);
    if (given !== undefined) return given.map((w) => ({ ...w, span: raw.span, text: w.text === '' ? raw.text : w.text }));
  }
  // `"${a[@]}"` alone: the elements of an array the line assigned whole (see arrayKey), one word each.
  if (only?.k === 'dyn' && only.array !== undefined && !only.star && only.index === undefined && only.quoted && mode === 'word') {
    const all = env.vars.elements?.(only.array);
    const elements = all && only.slice ? all.slice(only.slice[0], only.slice[1] === undefined ? undefined : only.slice[0]! + only.slice[1]) : all;
    const globbed = env.vars.globbed?.(only.array) === true;
    if (elements !== undefined) return elements.map((e) => (e === ENV_ELEMENT ? { text: raw.text, span: raw.span, values: null, dynamic: `\${${only.array}[0]} is the environment's $${only.array}, or nothing` } : { text: raw.text, span: raw.span, values: [e], ...(globbed && /[*?[]/.test(e) ? { glob: true } : {}) }));
  }
  const chars: string[] = [];
  const ifs = given === 'assignment' && env.vars.has('IFS') ? '' : ifsOf(env);
  let dynamic: string | undefined;
  // Every unknown part is a number (`$((…))`, `$(wc -l < f)`, a numeric variable): the word is one.
  let numeric = true;
  let under: Under[] | undefined;
  // The paths a lister printed that lead the word, before static text (`"$(ls -d .c*)/settings.json"`, `"$f.bak"`).
  let leading: Under[] | undefined;
  let holds: Under[] | undefined;
  let onlyUnquotedExpansions = raw.parts.length > 0;
  // `"$tmp"`, `"$tmp/dist"` after `tmp=$(mktemp -d)`: led by a temp path, then literal text with no `..`.
  let temp: boolean | undefined;
  // An unknown part may split into several words (unquoted, made on the line, or of unknown form): see Word.program.
  let splits = false;
  let found: SubOut | undefined;
  let printed = false;
  // A computed part the line built from its own text (see Word.line).
  let line = false;
  // A computed part is the user's login name (`/tmp/$USER`, `/tmp/$(whoami)`): a path component as a number is.
  let user = false;
  // The word is led by the environment's temp directory (`$TMPDIR`, `${TMPDIR:-/tmp}`, the line setting neither), which
  // may be empty (`unset`: all but `${TMPDIR:-/tmp}`).
  let envTemp: { empty: boolean } | undefined;
  // Where each part's characters start in chars (see braceValues).
  const marks: number[] = [];
  // The expansions whose value is known, in a word that is computed all the same (see shapeOf).
  const known = new Set<number>();
  for (const [i, part] of raw.parts.entries()) {
    marks.push(chars.length);
    switch (part.k) {
      case 'raw':
        onlyUnquotedExpansions = false;
        rawChars(raw, i, chars);
        break;
      case 'lit':
        onlyUnquotedExpansions = false;
        for (const c of part.text) chars.push(c);
        break;
      case 'var': {
        if (part.quoted) onlyUnquotedExpansions = false;
        const value = part.name === 'HOME' ? homeOf(env) : env.vars.get(part.name);
        // `"$x"` alone, after `x=$(pyenv init -)` on every path: that program's shell setup code, as `"$(pyenv init -)"`.
        const init = value === undefined && part.quoted && raw.parts.length === 1 ? initOf(env.vars.why?.(part.name)) : undefined;
        if (init !== undefined) return [{ text: raw.text, span: raw.span, values: null, dynamic: initWhy(init), init }];
        // `$P` alone, after `P=$(which python3)` on every path: that program, as `$(which python3)` is (unquoted, it
        // vanishes where which found none).
        const program = value === undefined && raw.parts.length === 1 ? programOf(env.vars.why?.(part.name)) : undefined;
        if (program !== undefined) return [{ text: raw.text, span: raw.span, values: null, dynamic: `$${part.name} is not known: ${env.vars.why?.(part.name)}`, program: { name: program, found: true, ...(part.quoted ? {} : { vanish: true }) } }];
        if (value === undefined) {
          // (One of several values the line wrote: `a+=("$w")` in a loop over static words, walked as one.)
          if ((env.vars.built?.(part.name) || (env.vars.all?.(part.name)?.length ?? 0) > 1) && lead(chars, part === raw.parts[0])) line = true;
          temp = temp === undefined && env.vars.why?.(part.name) === TEMP_WHY;
          const why = env.vars.why?.(part.name);
          // The environment's $USER or $LOGNAME, which login sets to the user's name (the line set neither).
          if (why === undefined && USER_VARS.test(part.name) && !env.vars.has(part.name)) {
            chars.push(NUMBER);
            user = true;
          } else if (why === undefined && part.name === 'TMPDIR' && part === raw.parts[0] && !env.vars.has(part.name)) {
            chars.push(ENV_TEMP);
            envTemp = { empty: true };
          } else if (!env.vars.numeric?.(part.name)) numeric = false;
          else chars.push(NUMBER);
          // (Unquoted, split into pieces of the paths it holds: see `pieces`.)
          if (part === raw.parts[0]) leading = part.quoted ? heldHere(underOf(why), env) : piecesOf(heldHere(underOf(why), env));
          if (!part.quoted && why !== undefined) splits = true;
          dynamic ??= why === undefined ? `$${part.name} is not known before the command runs` : `$${part.name} is not known: ${why}`;
          break;
        }
        if (part.quoted) {
          if (env.vars.globbed?.(part.name)) activeGlob(value, chars);
          else for (const c of value) chars.push(c);
        } else if (ifs === undefined) dynamic ??= `IFS is changed, so how $${part.name} splits is not followed`;
        else activeExpansion(value, chars, ifs);
        if (part.quoted || ifs !== undefined) known.add(i);
        break;
      }
      case 'pos': {
        if (part.quoted) onlyUnquotedExpansions = false;
        const value = /^\d/.test(part.which) ? env.vars.get(part.which) : joinedArgs(env, part.which, part.quoted);
        if (value === undefined) {
          numeric = false;
          if (!part.quoted) splits = true;
          const given = env.args?.();
          dynamic ??= given === undefined ? part.why : typeof given === 'string' ? `$${part.which} is not known: ${given}` : `$${part.which} is not known: the call's arguments are computed`;
          // A parameter given the paths a lister printed holds them (`xargs sh -c 'echo > "$1"' _`, `-I{} sh -c ': > {}'`).
          if (typeof given === 'object' && raw.parts.length === 1) {
            const held = (/^\d+$/.test(part.which) ? [given[Number(part.which)]] : given.slice(1)).flatMap(listedPaths);
            if (held.length > 0) under = held;
          }
          break;
        }
        if (part.quoted) for (const c of value) chars.push(c);
        else if (ifs === undefined) dynamic ??= `IFS is changed, so how $${part.which} splits is not followed`;
        else activeExpansion(value, chars, ifs);
        if (part.quoted || ifs !== undefined) known.add(i);
        break;
      }
      case 'sub': {
        const out = env.runSub(part.body, part.what);
        // What one command prints as static text: an assignment's value, and a word's (marked: see Word.printed).
        if (out && out.text === undefined && out.printed !== undefined) {
          if (mode === 'word') printed = true;
          out.text = out.printed;
        }
        if (out?.text !== undefined) {
          // Known output (`$(pwd)`): what bash substitutes, trailing newlines dropped; split and globbed unquoted.
          numeric = false;
          const text = out.text.replace(/\n+$/, '');
          if (part.quoted && !out.glob) for (const c of text) chars.push(c);
          else if (ifs === undefined) dynamic ??= 'IFS is changed, so how the output of a command substitution splits is not followed';
          else activeExpansion(text, chars, ifs);
          if ((part.quoted && !out.glob) || ifs !== undefined) known.add(i);
          break;
        }
        // (A number awk printed may be `inf` or `nan`, which arithmetic reads as variables: see the `arith` part.)
        // The name `whoami` prints stands where a number would (see Word.numbers), though it is none.
        if (out?.user === true && part.what === 'command' && oneCommand(part.body)) {
          chars.push(NUMBER);
          user = true;
        } else if (out?.number !== true || out.float || part.what !== 'command') numeric = false;
        else chars.push(NUMBER);
        if (out?.line && lead(chars, part === raw.parts[0])) {
          // (A process substitution is a pipe's path: what it hands on, not the word, is the line's text.)
          if (part.what === 'command') line = true;
          else if (raw.parts.length === 1) return [{ text: raw.text, span: raw.span, values: null, dynamic: PROCESS_SUBSTITUTION, pipesLine: true, ...(out.piped !== undefined ? { piped: out.piped } : {}) }];
        }
        if (!part.quoted && out?.program === undefined && out?.directory !== true) splits = true;
        found = out as SubOut | undefined;
        // A pipe that hands on the paths a lister printed (`xargs -a <(git ls-files) …`, `done < <(find .)`), also as
        // an option's attached value (`--arg-file=<(…)`).
        if (part.what === 'process' && out?.under) holds = [...(holds ?? []), ...out.under];
        // A word that is only `"$(git rev-parse --show-toplevel)"`: the top of the work tree holding that directory, or
        // (git finding none, and printing nothing) the empty word. Unquoted, no word at all: `cd` alone goes home.
        if (raw.parts.length === 1 && part.what === 'command' && part.quoted && out?.top !== undefined && oneCommand(part.body)) return [{ text: raw.text, span: raw.span, values: null, dynamic: `the top of the git work tree that holds ${out.top}`, top: out.top }];
        // A word that is only `"$(go env GOCACHE)"`, or `"$(npm config get cache)/_cacache"`: the program's cache, or
        // an entry of it by its name (quoted: what it prints is one word, a blank in it none of the line's making).
        if (part === raw.parts[0] && part.what === 'command' && part.quoted && out?.cache !== undefined && oneCommand(part.body) && cacheRest(raw, out.cache)) return [{ text: raw.text, span: raw.span, values: null, dynamic: 'the cache directory a program prints', cache: true }];
        // A word that is only `$(find ROOT)`: the paths it prints; unquoted, split at blanks into pieces of them.
        if (raw.parts.length === 1 && part.what === 'command' && out?.under) under = part.quoted || mode === 'assignment' ? out.under : pieces(out.under, 'blanks');
        else if (part === raw.parts[0] && part.what === 'command' && out?.under) leading = part.quoted ? out.under : pieces(out.under, 'blanks');
        // A word that is only `"$(pyenv init -)"`: that program's shell setup code (unquoted, its words are globbed
        // against the directory's names, which the line may have made).
        // An assignment does not split or glob: `x=$(pyenv init -)` keeps the code whole, for a later `eval "$x"`.
        if (raw.parts.length === 1 && (part.quoted || mode === 'assignment' || out?.initSplit === true) && part.what === 'command' && out?.init !== undefined && oneCommand(part.body)) return [{ text: raw.text, span: raw.span, values: null, dynamic: initWhy(out.init), init: out.init }];
        // `source <(kubectl completion bash)`: a pipe the program's own setup code comes through (still a pipe).
        if (raw.parts.length === 1 && part.what === 'process' && out?.init !== undefined && oneCommand(part.body)) return [{ text: raw.text, span: raw.span, values: null, dynamic: PROCESS_SUBSTITUTION, init: out.init }];
        onlyUnquotedExpansions = false;
        // Only a substitution that is mktemp alone prints its one path (`$(echo ~; mktemp -d)` prints two).
        const alone = out?.temp === true && oneCommand(part.body);
        temp = temp === undefined && part.what === 'command' && alone;
        dynamic ??= part.what !== 'command' ? PROCESS_SUBSTITUTION : alone && raw.parts.length === 1 ? TEMP_PATH : 'the output of a command substitution';
        break;
      }
      case 'param': {
        if (part.quoted) onlyUnquotedExpansions = false;
        const value = param(part, env);
        if (value === undefined) {
          // The environment's variable (the user's), or one the line made unknown: told apart, as for `$X`.
          const why = env.vars.why?.(part.name);
          // The text after the operator, where it is written out (`/tmp` of `${TMPDIR:-/tmp}`, `.sample` of `${f%.sample}`).
          const written = part.word.parts.every((p) => p.k === 'lit' || p.k === 'raw') ? part.word.parts.map((p) => (p as { text: string }).text).join('') : undefined;
          // `${TMPDIR:-/tmp}`: the environment's temp directory, or the usual one.
          const tmp = why === undefined && part.name === 'TMPDIR' && part === raw.parts[0] && !env.vars.has(part.name) && /^:?-$/.test(part.op) && written !== undefined && TMP_DEFAULT.test(written);
          if (tmp) {
            chars.push(ENV_TEMP);
            envTemp = { empty: part.op !== ':-' };
          } else numeric = false;
          if (builtFrom(env, part.name, false) && lead(chars, part === raw.parts[0])) line = true;
          if (part === raw.parts[0] && /^(?:%%?|##?)$/.test(part.op)) {
            // (Or a positional parameter given one: `sh -c 'cp "$1" "${1%.sample}"' _ {}`.)
            const given = /^[1-9]\d*$/.test(part.name) ? env.args?.() : undefined;
            const arg = typeof given === 'object' ? given[Number(part.name) - 1] : undefined;
            const held = underOf(why) ?? (arg ? listedPaths(arg) : undefined);
            const trimmed = held && heldHere(trimmedUnder(held, part.op, written), env);
            if (trimmed) leading = part.quoted ? trimmed : piecesOf(trimmed);
          }
          if (!part.quoted && (why !== undefined || !/^:?-$/.test(part.op) || written === undefined)) splits = true;
          dynamic ??= why === undefined ? `\${${part.name}${part.op}…} depends on whether $${part.name} is set, which is not known` : `\${${part.name}${part.op}…}: $${part.name} is not known: ${why}`;
          break;
        }
        if (part.quoted) {
          if (env.vars.globbed?.(part.name)) activeGlob(value, chars);
          else for (const c of value) chars.push(c);
        } else if (ifs === undefined) dynamic ??= `IFS is changed, so how \${${part.name}…} splits is not followed`;
        else activeExpansion(value, chars, ifs);
        if (part.quoted || ifs !== undefined) known.add(i);
        break;
      }
      case 'arith': {
        splits = true;
        // `$(( $(cat f) ))`: the output is evaluated as arithmetic, and a subscript in it (`a[$(…)]`) runs what it holds.
        const outs = part.subs.map((s) => env.runSub(s, 'command'));
        env.arith?.(part.text, raw.span, outs.some((o) => o?.number !== true));
        // A number awk printed may be `inf` or `nan` (`$(( $(awk '{s+=$1} END {print s}' f) ))`): the variables so named.
        if (outs.some((o) => o?.float)) env.arith?.('inf + nan', raw.span);
        chars.push(NUMBER);
        onlyUnquotedExpansions = false;
        dynamic ??= 'arithmetic is computed when the command runs';
        break;
      }
      case 'prompt':
        splits = true;
        numeric = false;
        for (const a of part.arith ?? []) env.arith?.(a, raw.span);
        env.prompt?.(part.name, raw.span, part.opaque ? 'opaque' : part.element ? 'element' : 'scalar');
        onlyUnquotedExpansions = false;
        dynamic ??= `\${${part.name}@P} expands a prompt when the command runs`;
        break;
      case 'dyn': {
        // `${a[@]}` unquoted, `${a[*]}`: the elements of an array the line assigned (see arrayKey), split and globbed
        // where unquoted; `"${a[*]}"` joins them with a space (IFS's first character). (`"${a[@]}"` alone is above;
        // with other text it is as many words as there are elements, not followed.)
        const all = part.array !== undefined && (!part.quoted || part.star || part.index !== undefined) && (part.quoted ? !part.star || ifsOf(env) !== undefined : ifs !== undefined) ? env.vars.elements?.(part.array) : undefined;
        // `${a[1]}` is that element, or empty past the end (`${a[-1]}` counts from it; before the start it is an error).
        const i = part.index;
        const sliced = all && part.slice ? all.slice(part.slice[0], part.slice[1] === undefined ? undefined : part.slice[0]! + part.slice[1]) : all;
        const picked = sliced === undefined || i === undefined ? sliced : i >= 0 ? [sliced[i] ?? ''] : i >= -sliced.length ? [sliced.at(i)!] : undefined;
        // (The environment's value at index 0 is not known.)
        const elements = picked?.includes(ENV_ELEMENT) || (picked !== undefined && shiftedPick(part, env) !== undefined) ? undefined : picked;
        // An element after a glob that may match several names: any of its names, or a word after it up to this one.
        // (Counted from the end, any from the glob on.)
        const shift = all !== undefined && raw.parts.length === 1 && i !== undefined && !part.slice ? shiftedPick(part, env) : undefined;
        if (shift !== undefined) return [{ text: raw.text, span: raw.span, values: null, dynamic: `\${${part.array}[${i}]} may be any name the glob before it matches, or a word after it`, under: [{ values: all!.slice(shift, i! >= 0 ? i! + 1 : undefined).filter((v) => v !== '' && v !== ENV_ELEMENT), cwd: null, glob: true, depth: 0 }] }];
        if (elements !== undefined) {
          numeric = false;
          if (part.quoted) {
            onlyUnquotedExpansions = false;
            const text = elements.join(part.star ? (ifsOf(env)?.[0] ?? '') : '');
            // (An array a glob filled holds the names it matched: see State.globbed.)
            if (env.vars.globbed?.(part.array!)) activeGlob(text, chars);
            else for (const c of text) chars.push(c);
          } else
            elements.forEach((e, i) => {
              if (i > 0) chars.push(SPLIT);
              activeExpansion(e, chars, ifs);
            });
          known.add(raw.parts.indexOf(part));
          break;
        }
        splits = true;
        if (part.array !== undefined && env.vars.built?.(part.array) && lead(chars, part === raw.parts[0])) line = true;
        // An expansion vouch does not evaluate (`${!n}`, `${v,,}`, `${v:1:4}`, `${a[@]/#/}`) of a variable the line set
        // to text it wrote: built from that text.
        // (Text that may make an option, a path or an escape: `v=Build; rm -f ${v,,}.log` is a name; `${!n}` the text
        // of the variable n names.)
        const from = /^\$\{(!?)([A-Za-z_]\w*)/.exec(raw.text.slice(raw.text.indexOf('${')));
        if (from && !part.indices && builtFrom(env, from[2]!, from[1] === '!') && lead(chars, part === raw.parts[0])) line = true;
        // (Of the call's arguments the line wrote: `set -- -rf ~; rm "${@,,}"`.)
        const given = /^\$\{[@*\d]/.test(raw.text.slice(raw.text.indexOf('${'))) ? env.args?.() : undefined;
        if (typeof given === 'object' && given.some((w) => w.line || w.values?.some((v) => SHAPES.test(v))) && lead(chars, part === raw.parts[0])) line = true;
        if (part.element !== undefined) env.dropArray?.(part.element);
        if (!part.indices) numeric = false;
        else chars.push(NUMBER);
        {
          // A subscript or offset (`${a[$(cat f)]}`, `${x:$(cat f)}`) evaluates the output of a substitution in it.
          const outs = part.subs.map((s) => env.runSub(s, 'command'));
          const output = outs.some((o) => o?.number !== true || o.float);
          for (const a of part.arith ?? []) env.arith?.(a, raw.span, output && /\$\((?!\()|`/.test(a));
        }
        onlyUnquotedExpansions = false;
        dynamic ??= part.why;
        break;
      }
    }
  }
  marks.push(chars.length);
  if (dynamic !== undefined && known.size > 0) shaped.shape = shapeOf(raw, chars, marks, known);
  const base: Word = { text: raw.text, span: raw.span, values: null };
  if (printed) base.printed = true;
  if (dynamic !== undefined && temp === true && (raw.parts[0]!.k === 'var' || raw.parts[0]!.k === 'sub') && tempRest(raw)) return [{ text: raw.text, span: raw.span, values: null, dynamic, temp: true }];
  if (dynamic !== undefined && mode === 'word' && raw.parts.length > 1) {
    const text = tempText(raw, env);
    if (text !== undefined) return [{ text: raw.text, span: raw.span, values: null, dynamic, tempText: text }];
  }
  // A directory of a program's setup, with written text after it: where it is by default (Word.stands).
  const first = raw.parts[0]!;
  const heldStands = dynamic !== undefined && first?.k === 'var' && env.vars.get(first.name) === undefined ? standsOf(env.vars.why?.(first.name)) : undefined;
  const stands =
    dynamic !== undefined && first.k === 'sub' && first.what === 'command' && found?.stands !== undefined && oneCommand(first.body)
      ? standsFor(found.stands, raw)
      : dynamic !== undefined && heldStands !== undefined
        ? standsFor(heldStands, raw)
        : undefined;
  if (stands !== undefined) {
    const program = splits ? undefined : computedProgram(raw, found);
    return [{ text: raw.text, span: raw.span, values: null, dynamic: dynamic!, stands, ...(program ? { program } : {}) }];
  }
  // `${XDG_CONFIG_HOME:-~/.config}/gh/hosts.yml`: where the environment leaves the variable unset, the default written
  // after `:-` (or `-`) is the path (Word.stands), besides whatever the variable holds.
  const byDefault = dynamic !== undefined && !splits && envTemp === undefined ? defaultText(raw, env) : undefined;
  if (byDefault !== undefined) {
    const program = computedProgram(raw, found);
    return [{ text: raw.text, span: raw.span, values: null, dynamic: dynamic!, stands: byDefault, ...(program ? { program } : {}) }];
  }
  // Static text after the paths a lister printed names a path below each (`/settings.json`) or beside it (`.bak`): the
  // names narrowed to it (a static last name is still the program it names at command position).
  if (dynamic !== undefined && leading && raw.parts.slice(1).every((p) => p.k === 'lit' || p.k === 'raw')) {
    const after = listedAfter(leading, chars.join(''));
    const program = splits ? undefined : computedProgram(raw, found);
    if (after) return [{ text: raw.text, span: raw.span, values: null, dynamic, ...listedFields(after), ...(program ? { program } : {}) }];
  }
  if (dynamic !== undefined && !splits) {
    const program = computedProgram(raw, found);
    // (`"$TMPDIR/cache"` names a program too, as a last name after a `/`: the temp path it is stays with it.)
    if (program) return [{ text: raw.text, span: raw.span, values: null, dynamic, program, ...(envTemp && numeric ? envTempShapes(chars, ifs, envTemp.empty) : {}) }];
  }
  // A word that is only `$(docker ps -q)`: ids, one word each (none, unquoted, where it prints none).
  if (dynamic !== undefined && raw.parts.length === 1 && found?.ids === true && raw.parts[0]!.k === 'sub') return [{ text: raw.text, span: raw.span, values: null, dynamic: IDS, ids: raw.parts[0]!.quoted ? {} : { vanish: true } }];
  // A variable that holds them on every path (`cid=$(docker ps -q)`; `"$cid"`).
  const lone = raw.parts.length === 1 ? raw.parts[0]! : undefined;
  if (dynamic !== undefined && lone?.k === 'var' && env.vars.get(lone.name) === undefined && env.vars.why?.(lone.name) === IDS_WHY) return [{ text: raw.text, span: raw.span, values: null, dynamic, ids: lone.quoted ? {} : { vanish: true } }];
  // A variable that holds a path find printed on every path (`x=$(find ~ -name .bashrc)`, `… | while read f`; `"$f"`).
  // (Or an array's elements, each such a path: `mapfile -t fs < <(git ls-files)`; `"${fs[@]}"`.)
  const heldName = lone?.k === 'var' ? lone.name : lone?.k === 'dyn' && lone.array !== undefined && !lone.indices ? lone.array : undefined;
  const held = dynamic !== undefined && heldName !== undefined && env.vars.get(heldName) === undefined ? heldHere(underOf(env.vars.why?.(heldName)), env) : undefined;
  if (dynamic !== undefined && held) return [{ text: raw.text, span: raw.span, values: null, dynamic, ...listedFields((lone?.k === 'var' || lone?.k === 'dyn') && !lone.quoted ? pieces(held, 'blanks') : held) }];
  // A path a lister printed with an end or a start cut off (`"${f%.sample}"`, `"${f#./}"`): see trimmedUnder.
  if (dynamic !== undefined && lone?.k === 'param' && leading) return [{ text: raw.text, span: raw.span, values: null, dynamic, ...listedFields(leading) }];
  if (dynamic !== undefined && holds) return [{ text: raw.text, span: raw.span, values: null, dynamic, holds }];
  // Written out rather than spread from base (same keys, same order): most computed words end here.
  if (dynamic !== undefined && line) return [{ text: raw.text, span: raw.span, values: null, dynamic, line: true }];
  if (dynamic !== undefined && envTemp) return [{ text: raw.text, span: raw.span, values: null, dynamic, ...(numeric ? envTempShapes(chars, ifs, envTemp.empty) : {}) }];
  if (dynamic !== undefined) return [numeric ? { text: raw.text, span: raw.span, values: null, dynamic, ...(user ? {} : { numeric }), ...numberShapes(chars, ifs, homeOf(env)) } : under ? { text: raw.text, span: raw.span, values: null, dynamic, ...listedFields(under) } : { text: raw.text, span: raw.span, values: null, dynamic }];
  const text = chars.join('');
  if (PLACEHOLDERS.test(raw.text)) return [{ ...base, dynamic: 'the word holds private-use characters vouch reserves' }];
  if (onlyUnquotedExpansions && text === '') return [];
  // Brace expansion (not in an assignment's value or a here-string: `X={a,b}` keeps its braces), then tilde, then
  // field splitting and glob detection.
  let values = [text];
  // A `~` after a part that comes to nothing does not begin the word as written: `$E~/t` and `""~` are text.
  if (text.startsWith(TILDE) && marks[1] === 0) values = [`~${text.slice(1)}`];
  if (braces && text.includes(OPEN)) {
    // Each brace group costs a pass over the word; a word with more groups than any real command is not expanded.
    if (text.split(OPEN).length - 1 > MAX_BRACE_GROUPS) return [{ ...base, dynamic: `more than ${MAX_BRACE_GROUPS} brace groups in one word` }];
    const made = braceValues(raw, chars, marks);
    if (typeof made === 'string') return [{ ...base, dynamic: made }];
    // (Each word again, its variables' names run on: `$A{a,b}` is `$Aa $Ab`.)
    if (Array.isArray(made)) return made.flatMap((parts) => evalWord({ text: raw.text, span: raw.span, parts }, env, given, false));
    values = made.values;
    if (values.length > MAX_VALUES) return [{ ...base, dynamic: `brace expansion yields more than ${MAX_VALUES} words` }];
    if (values.length === 0) return [];
  }
  // Every word passes here: the rare `~-` and `~N` are looked for before any array is made.
  if (mode === 'word' && values.some((v) => v.startsWith(TILDE) && /^[-+\d]/.test(v.slice(1)))) values = values.flatMap((v) => tildeAlternatives(v, env) ?? [v]);
  const tilded = values.map((v) => expandTilde(v, env, mode));
  if (tilded.some((v) => v === undefined)) return [{ ...base, dynamic: `${raw.text} names a directory not known here (another user's home, or a computed HOME, PWD or OLDPWD)` }];
  values = tilded as string[];
  // IFS's other characters end fields, keeping the empty ones between (not followed beside quoted or literal text).
  if (values.some((v) => v.includes(HARD))) {
    if (!onlyUnquotedExpansions) return [{ ...base, dynamic: 'IFS is changed, and how an expansion beside other text splits by it is not followed' }];
    return values.flatMap((v) => ifsSplit(v, (c) => c === SPLIT, (c) => c === HARD)).map((f) => finish({ ...base }, [f]));
  }
  if (values.some((v) => v.includes(SPLIT))) {
    // Unquoted expansions with blanks split into several words.
    const fields = values.flatMap((v) => v.split(SPLIT).filter((f) => f !== ''));
    return fields.map((f) => finish({ ...base }, [f]));
  }
  return [finish(base, values)];
}

/**
 * The characters of a word's raw part `i` (see activeRaw). A `~` that begins the word is a tilde only where the prefix
 * up to the first `/` (bash also ends it at a `:`) is plain text: `~+""` is `~+`, `~"/x"` is `~/x`, `~+$E` is `~+` (no
 * user is named `+$E`). (One after a part that comes to nothing is text: see evalWord, braceValues.)
 */
function rawChars(raw: RawWord, i: number, out: string[], escapes = false): void {
  const part = raw.parts[i] as Extract<RawWord['parts'][number], { k: 'raw' }>;
  const next = raw.parts[i + 1];
  if (i === 0 && part.text.startsWith('~') && next !== undefined && next.k !== 'raw' && !/[/:{]/.test(part.text)) {
    out.push('~');
    activeRaw(part.text.slice(1), out, escapes);
  } else activeRaw(part.text, out, escapes);
}

/** The first of the characters that stand for a word's parts in the text brace expansion reads (see braceValues). */
const PART = 0xf700;

/**
 * Brace expansion as bash does it, before any other expansion, over the word as written: each part that is not raw
 * text one character (PART + its index), so that a group is made only of the word's unquoted text (`{$N..3}` is no
 * sequence) and what each alternative holds is known. The values (in chars' terms: each part's characters set in its
 * place); an alternative of unquoted text and expansions that comes to nothing makes no word (`{,x}` is `x`); a
 * leading `~` that follows a part is text. Where a variable's name written bare runs on into an alternative
 * (`$A{a,b}` is `$Aa $Ab`, `{a,$B}x` is `ax $Bx`), the parts of each word, to be read again (a word of variables and
 * text only); a computed reason where such a word holds more, or where a `$` comes before text that makes it an
 * expansion (`{$,}HOME` is `$HOME HOME`).
 */
function braceValues(raw: RawWord, chars: readonly string[], marks: readonly number[]): { values: string[] } | RawWord['parts'][] | string {
  const runs = 'brace expansion runs the name of a variable on into the text of an alternative (`$A{a,b}` is `$Aa $Ab`)';
  if (raw.parts.length > 0x100 || /[\uF700-\uF8FF]/.test(raw.text)) return 'a word too long or too strange to expand its braces';
  const skel: string[] = [];
  raw.parts.forEach((p, i) => {
    if (p.k === 'raw') rawChars(raw, i, skel, true);
    else skel.push(String.fromCharCode(PART + i));
  });
  const text = skel.join('');
  const alts = expandBraces(text);
  if (alts.length > MAX_VALUES) return `brace expansion yields more than ${MAX_VALUES} words`;
  const partAt = (c: string | undefined) => (c !== undefined && c.charCodeAt(0) >= PART && c.charCodeAt(0) < PART + 0x100 ? raw.parts[c.charCodeAt(0) - PART] : undefined);
  const bare = (c: string | undefined) => {
    const p = partAt(c);
    return p?.k === 'var' && p.bare === true && !p.quoted;
  };
  // A `$` before a group's brace or comma may come before any text of the word.
  const dollar = /(?<!\uE00D)\$[\uE000-\uE002]/.test(text);
  let merge = false;
  for (const alt of alts) {
    for (let j = 0; j < alt.length; j++) {
      const c = alt[j]!;
      const n = alt[j + 1];
      if (n === undefined) break;
      if (bare(c) && /\w/.test(n)) merge = true;
      if (dollar && c === '$' && alt[j - 1] !== ESCAPED && (partAt(n) !== undefined || /[\w?#@*!$\-{([\uE000\uE003-\uE005\uE009]/.test(n))) return 'brace expansion sets text after a `$` that makes it an expansion bash reads after it (`{$,}HOME` is `$HOME HOME`)';
    }
  }
  if (merge) {
    if (raw.parts.some((p) => p.k !== 'raw' && p.k !== 'lit' && p.k !== 'var')) return runs;
    const again: RawWord['parts'][] = [];
    for (const alt of alts) {
      const parts: RawWord['parts'] = [];
      let run = '';
      const flush = () => {
        if (run !== '') parts.push({ k: 'raw', text: run });
        run = '';
      };
      for (let j = 0; j < alt.length; j++) {
        const c = alt[j]!;
        const p = partAt(c);
        if (p?.k === 'var' && bare(c)) {
          flush();
          let name = p.name;
          while (j + 1 < alt.length && /\w/.test(alt[j + 1]!)) name += alt[++j];
          parts.push(name === p.name ? p : { k: 'var', name, quoted: false, bare: true });
        } else if (p) {
          flush();
          parts.push(p);
        } else if (c === ESCAPED) run += `\\${alt[++j] ?? ''}`;
        else run += c === OPEN ? '\\{' : c === CLOSE ? '\\}' : c === COMMA ? '\\,' : (TO_LITERAL[c] ?? c);
      }
      flush();
      if (parts.length > 0) again.push(parts);
    }
    return again;
  }
  const values: string[] = [];
  for (const alt of alts) {
    let v = '';
    let quoted = false;
    for (let j = 0; j < alt.length; j++) {
      const c = alt[j]!;
      const p = partAt(c);
      if (p) {
        const i = c.charCodeAt(0) - PART;
        if (p.k === 'lit' || (p.k !== 'raw' && p.quoted)) quoted = true;
        v += chars.slice(marks[i], marks[i + 1]).join('');
      } else if (c !== ESCAPED) v += c;
    }
    // (Unquoted, nothing: no word.)
    if (v === '' && !quoted) continue;
    values.push(v.startsWith(TILDE) && alt[0] !== TILDE ? `~${v.slice(1)}` : v);
  }
  return { values };
}

/**
 * A part that leads what the word may be: the first, or after text that is already an option or an absolute or home
 * path (`-rf${IFS:0:1}…`); after a written name (`dist/app-$v.tgz`) it is part of that name.
 */
function lead(chars: readonly string[], first: boolean): boolean {
  // (A computed number's mark is no text: see numberShapes.)
  const c = chars.includes(NUMBER) ? chars.filter((x) => x !== NUMBER) : chars;
  return first || c.length === 0 || c[0] === '-' || c[0] === '/' || c[0] === TILDE;
}

/** Text of an option, a path or an escape, which a transformation of it vouch does not follow may keep. */
const SHAPES = /[-/~\\$`]|\.\./;

/**
 * A variable the line set to text it wrote (one value, several, known elements, or built: see LINE_WHY) that may make
 * an option or a path; `indirect`: the variable its value names (`${!n}`), or any where that is not one known name.
 */
function builtFrom(env: WordEnv, name: string, indirect: boolean): boolean {
  // (IFS the line left alone is bash's blanks, which split what they join.)
  if (env.vars.built?.(name) || (name === 'IFS' && !env.vars.has(name))) return true;
  const values = [...(env.vars.all?.(name) ?? []), ...(env.vars.elements?.(name) ?? [])];
  if (!indirect) return values.some((v) => SHAPES.test(v));
  return values.some((v) => !/^[A-Za-z_]\w*$/.test(v) || builtFrom(env, v, false));
}

/**
 * The program a computed word names (Word.program), its parts known not to split: `$(which X)` alone, or a static
 * last name after a `/` that follows every computed part (`"$VIRTUAL_ENV"/bin/python`, `$JAVA_HOME/bin/java`).
 */
function computedProgram(raw: RawWord, sub: SubOut | undefined): Word['program'] {
  const parts = raw.parts;
  const only = parts[0]!;
  if (parts.length === 1) return only.k === 'sub' && only.what === 'command' && sub?.program !== undefined ? { name: sub.program, found: true, ...(only.quoted ? {} : { vanish: true }) } : undefined;
  const last = parts.at(-1)!;
  if (last.k !== 'lit' && last.k !== 'raw') return undefined;
  const name = /\/([\w.+-]+)$/.exec(last.text)?.[1];
  if (name === undefined || name === '.' || name === '..' || /[\\*?[\]{}~\s'"]/.test(last.text)) return undefined;
  return { name };
}

/** The variables login sets to the user's name. */
const USER_VARS = /^(?:USER|LOGNAME)$/;

/** The path a word led by a setup directory names where that directory is by default: its written rest after it. */
function standsFor(at: string, raw: RawWord): string | undefined {
  let rest = '';
  for (const p of raw.parts.slice(1)) {
    if ((p.k !== 'lit' && p.k !== 'raw') || /[*?[\\~$`"']/.test(p.text)) return undefined;
    rest += p.text;
  }
  return rest === '' || rest.startsWith('/') ? `${at}${rest}` : undefined;
}

/**
 * What follows a program's cache in a word: nothing where the directory is its cache, else `/NAME`, one of the names
 * its cache goes by in it (no `..`, no trailing `/`: the entry itself, not what a link there points to).
 */
function cacheRest(raw: RawWord, cache: true | string[]): boolean {
  if (cache === true) return raw.parts.length === 1;
  const rest = raw.parts[1];
  return raw.parts.length === 2 && (rest?.k === 'lit' || rest?.k === 'raw') && cache.some((n) => rest.text === `/${n}`);
}

/**
 * Nothing after the temp path: were mktemp to fail (a template without enough X's, a directory missing), the variable
 * is empty, and `"$tmp/home/dev"` or `"$tmp"/*` would name an absolute path.
 */
function tempRest(raw: RawWord): boolean {
  return raw.parts.length === 1;
}

/** A statement that is one simple command (`mktemp -d`), not a list whose output is several commands'. */
export function oneCommand(body: Stmt): boolean {
  return body.k === 'cmd' || ((body.k === 'seq' || body.k === 'list') && body.items.length === 1 && oneCommand('stmt' in body.items[0]! ? body.items[0].stmt : body.items[0]!));
}

function finish(word: Word, values: string[]): Word {
  let glob = false;
  const out = values.map((v) => {
    if (/[\uE003\uE004]/.test(v) || (v.includes(BRACKET) && v.indexOf(']', v.indexOf(BRACKET)) > 0) || /\uE009\(/.test(v)) glob = true;
    return toLiteral(v);
  });
  word.values = out;
  if (glob) word.glob = true;
  return word;
}

function toLiteral(v: string): string {
  return PLACEHOLDERS.test(v) ? v.replace(/[\uE000-\uE00F]/g, (c) => TO_LITERAL[c] ?? c) : v;
}

/** A directory `~+` or `~-` names, as word text: a pattern a glob `cd` reached stays one (see WordEnv.globDir). */
function dirText(dir: string, env: WordEnv): string {
  if (!env.globDir?.(dir)) return dir;
  const out: string[] = [];
  activeGlob(dir, out);
  return out.join('');
}

/** Tilde expansion; undefined when the tilde names something not known statically (`~user`, `~-`). */
function expandTilde(v: string, env: WordEnv, mode: 'word' | 'assignment'): string | undefined {
  const one = (s: string): string | undefined => {
    if (!s.startsWith(TILDE)) return s;
    const slash = s.indexOf('/');
    const user = toLiteral(slash < 0 ? s.slice(1) : s.slice(1, slash));
    const rest = slash < 0 ? '' : s.slice(slash);
    if (user === '') {
      const home = homeOf(env);
      return home === undefined ? undefined : home.replace(/\/$/, '') + rest || '/';
    }
    if (user === '+') {
      const pwd = env.vars.get('PWD') ?? env.cwd;
      return pwd === null || pwd === undefined ? undefined : dirText(pwd, env) + rest;
    }
    if (user === '-') {
      const old = env.vars.get('OLDPWD');
      return old === undefined ? undefined : dirText(old, env) + rest;
    }
    // `~N`, `~+N`, `~-N` whose entry is known were replaced before (tildeAlternatives).
    return undefined;
  };
  if (mode === 'word') return one(v);
  // In assignments bash expands a tilde after the `=` and after each unquoted `:`.
  const parts = v.split(':').map((s) => one(s));
  return parts.some((p) => p === undefined) ? undefined : parts.join(':');
}

/**
 * `~-` when OLDPWD may hold several directories: the word with each (`cd ~/.aws || cd /tmp; cd x; cat ~-/k`).
 * `~N`, `~+N`, `~-N`: an entry of the directory stack as `dirs` lists it (the current directory first, then what
 * pushd saved, newest first), counted from the left or, with `-`, from the right: the word with each directory the
 * entry may be. Undefined when not known (expandTilde then makes the word computed).
 */
function tildeAlternatives(v: string, env: WordEnv): string[] | undefined {
  const m = /^\uE006([+-]?)(\d*)(?=\/|$)/.exec(v);
  if (!m) return undefined;
  const rest = v.slice(m[0].length);
  if (m[2] === '') {
    if (m[1] !== '-') return undefined;
    const all = env.vars.all?.('OLDPWD');
    return all === undefined || all.length < 2 ? undefined : all.map((d) => dirText(d, env) + rest);
  }
  const saved = env.vars.stack?.();
  if (saved === undefined) return undefined;
  const shown = [env.cwd === null ? null : [env.cwd], ...[...saved].reverse()];
  const n = Number(m[2]);
  // Counted from the right, an entry is known only when the stack's depth is (join leaves a stack of two depths null).
  if (m[1] === '-' && saved.includes(null)) return undefined;
  const entry = shown[m[1] === '-' ? shown.length - 1 - n : n];
  // (A directory a glob `cd` reached stays a pattern, as for `~+`.)
  return entry === null || entry === undefined ? undefined : entry.map((d) => dirText(d, env) + rest);
}

/**
 * The words bash's brace expansion makes of a word's text as written, before any other expansion: `{$GITHUB,x}_TOKEN`
 * is `$GITHUB_TOKEN x_TOKEN`, `$AWS{_KEY,}` is `$AWS_KEY $AWS`, where a name runs on into an alternative. `${…}` is no
 * group, nor is a brace in quotes.
 */
export function braceWordsAsWritten(text: string): string[] {
  if (!text.includes('{') || !/[,.]/.test(text)) return [text];
  const kinds: boolean[] = [];
  let marked = '';
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote !== undefined) {
      // Inside quotes a brace is text (a `${…}` in double quotes still closes its own `}`: kept as written).
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"') {
        marked += c + (text[i + 1] ?? '');
        i++;
        continue;
      }
      marked += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      marked += c;
    } else if (c === '\\') {
      marked += c + (text[i + 1] ?? '');
      i++;
    } else if (c === '{') {
      const group = text[i - 1] !== '$';
      kinds.push(group);
      marked += group ? OPEN : c;
    } else if (c === '}') marked += kinds.pop() ? CLOSE : c;
    else if (c === ',' && kinds.at(-1) === true) marked += COMMA;
    else marked += c;
  }
  const back = (t: string) => t.replaceAll(OPEN, '{').replaceAll(CLOSE, '}').replaceAll(COMMA, ',');
  return expandBraces(marked).map(back);
}

/** Bash brace expansion over placeholder text: `c{u,}rl` → `curl crl`, `{1..3}`, nested braces. */
export function expandBraces(text: string, budget = { left: MAX_VALUES + 1 }): string[] {
  const open = findBrace(text);
  if (!open) return [text];
  const { start, end, alternatives } = open;
  const prefix = text.slice(0, start);
  const suffixes = expandBraces(text.slice(end + 1), budget);
  const out: string[] = [];
  for (const alt of alternatives) {
    for (const a of expandBraces(alt, budget)) {
      for (const s of suffixes) {
        out.push(prefix + a + s);
        if (--budget.left <= 0) return out;
      }
    }
  }
  return out;
}

/**
 * The first brace group that expands: balanced, with a top-level comma or a sequence. One pass with a
 * stack, so a word of thousands of unmatched braces costs no more than its length.
 */
function findBrace(text: string): { start: number; end: number; alternatives: string[] } | undefined {
  const stack: { open: number; commas: number[] }[] = [];
  const groups: { open: number; close: number; commas: number[] }[] = [];
  for (let j = 0; j < text.length; j++) {
    const c = text[j];
    if (c === OPEN) stack.push({ open: j, commas: [] });
    else if (c === CLOSE) {
      const top = stack.pop();
      if (top) groups.push({ open: top.open, close: j, commas: top.commas });
    } else if (c === COMMA) stack.at(-1)?.commas.push(j);
  }
  groups.sort((a, b) => a.open - b.open);
  for (const g of groups) {
    if (g.commas.length > 0) {
      const alternatives: string[] = [];
      let from = g.open + 1;
      for (const k of g.commas) {
        alternatives.push(text.slice(from, k));
        from = k + 1;
      }
      alternatives.push(text.slice(from, g.close));
      return { start: g.open, end: g.close, alternatives };
    }
    const seq = sequence(toLiteral(text.slice(g.open + 1, g.close)));
    if (seq) return { start: g.open, end: g.close, alternatives: seq };
  }
  return undefined;
}

function sequence(inner: string): string[] | undefined {
  const num = /^(-?\d+)\.\.(-?\d+)(?:\.\.(-?\d+))?$/.exec(inner);
  if (num) {
    const a = Number(num[1]);
    const b = Number(num[2]);
    const step = Math.abs(Number(num[3] ?? 1)) || 1;
    const width = /^-?0\d/.test(num[1]!) || /^-?0\d/.test(num[2]!) ? Math.max(num[1]!.length, num[2]!.length) : 0;
    const count = Math.floor(Math.abs(b - a) / step) + 1;
    if (count > MAX_VALUES + 1) return Array.from({ length: MAX_VALUES + 1 }, (_, i) => String(a + i));
    const out: string[] = [];
    for (let i = 0, v = a; i < count; i++, v += a <= b ? step : -step) out.push(width ? String(v).padStart(width, '0') : String(v));
    return out;
  }
  const chr = /^([A-Za-z])\.\.([A-Za-z])(?:\.\.(-?\d+))?$/.exec(inner);
  if (chr) {
    const a = chr[1]!.charCodeAt(0);
    const b = chr[2]!.charCodeAt(0);
    const step = Math.abs(Number(chr[3] ?? 1)) || 1;
    const out: string[] = [];
    for (let v = a; a <= b ? v <= b : v >= b; v += a <= b ? step : -step) out.push(String.fromCharCode(v));
    return out;
  }
  return undefined;
}

/** The static text of a word, or undefined (convenience for callers that need exactly one value). */
export function single(word: Word): string | undefined {
  return word.values?.length === 1 && !word.glob ? word.values[0] : undefined;
}

/**
 * `${P:-w}`, `${P:=w}`, `${P:+w}`, `${P-w}`…: the text it expands to when that is known (P's value, or the word), else
 * undefined. The word is evaluated either way (its substitutions may run); `:=` and `=` assign P where it applies.
 * The walk keeps unset and empty apart only as far as the colon forms need: an empty value may be either.
 */
function param(part: Extract<RawWord['parts'][number], { k: 'param' }>, env: WordEnv): string | undefined {
  if (part.op.startsWith('#') || part.op.startsWith('%')) return trim(part, env);
  if (part.op.startsWith('/')) return substitute(part, env);
  const fields = evalWord(part.word, env, 'assignment');
  const word = fields.every((f) => f.values?.length === 1) ? fields.map((f) => f.values![0]!).join(' ') : undefined;
  const v = expandedValue(env, part.name);
  const colon = part.op.startsWith(':');
  const kind = part.op.slice(colon ? 1 : 0);
  // Whether P counts as set for this operator: known, or undefined when it cannot be told.
  const set = v === undefined ? undefined : v !== '' ? true : colon ? false : undefined;
  if (kind === '=') {
    env.assigning?.(part.name, word === undefined ? null : [word], part.word.span, part.word.text);
    if (set === false) env.assign?.(part.name, word === undefined ? null : [word]);
    else if (set === undefined && v !== undefined) env.assign?.(part.name, word === undefined ? null : ['', word]);
  }
  if (set === undefined) return undefined;
  switch (kind) {
    case '-':
    case '=':
      return set ? v : word;
    case '+':
      return set ? word : '';
    default:
      // `?`: unset is an error that ends the shell; set, it is the value.
      return set ? v : undefined;
  }
}

/** What a path mktemp made looks like, where text holding one is read again (see Word.tempText). */
export const TEMP_STAND_IN = '/tmp/tmp.XXXXXXXXXX';

/** The value of a word whose only computed parts are quoted variables holding a mktemp path, each standing for one. */
function tempText(raw: RawWord, env: WordEnv): string | undefined {
  const isTemp = (p: RawWord['parts'][number]) => p.k === 'var' && p.quoted && env.vars.get(p.name) === undefined && env.vars.why?.(p.name) === TEMP_WHY;
  if (!raw.parts.some(isTemp) || !raw.parts.every((p) => p.k === 'lit' || p.k === 'raw' || (p.k === 'var' && (isTemp(p) || (env.vars.get(p.name) !== undefined && p.quoted))))) return undefined;
  const vars: VarView = {
    get: (name) => (env.vars.why?.(name) === TEMP_WHY && env.vars.get(name) === undefined ? TEMP_STAND_IN : env.vars.get(name)),
    has: (name) => env.vars.has(name),
  };
  const out = evalWord(raw, { ...env, vars, runSub: () => undefined }, 'word');
  const text = out.length === 1 && out[0]!.values?.length === 1 && !out[0]!.glob ? out[0]!.values[0]! : undefined;
  // Only the directory mktemp made stands for it: what lies above it (`$tmp/..`) is wherever TMPDIR is.
  return text === undefined || text.split(TEMP_STAND_IN).slice(1).some((rest) => /^[^\s'";|&]*\.\./.test(rest)) ? undefined : text;
}

/**
 * The words `"$@"` (or `"$N"` alone) stands for in the call being walked, or undefined when they cannot be told: the
 * arguments before the one asked for must each be one known word (a glob or a computed word may be any number).
 */
function argWords(env: WordEnv, which: string): Word[] | undefined {
  const called = env.args?.();
  if (called === undefined || typeof called === 'string') return undefined;
  // (Paths a lister printed, handed on: read from where the function or script is now, see rebased.)
  const here = hereOf(env);
  const given = called.map((w) => rebasedWord(w, here));
  // A child shell's $0 given a glob that may match several names (`sh -c '…' ~/.b*rc /tmp/x`): the names after its
  // first lead the arguments (see givenArgs), none or more of them.
  const zero = env.vars.globbed?.('0') ? env.vars.get('0') : undefined;
  const rest: Word | undefined = zero !== undefined && !oneName(zero) ? { text: '', span: { start: 0, end: 0 }, values: [zero], glob: true } : undefined;
  if (which === '@') return rest ? [rest, ...given] : given.slice();
  // `"${@:N}"`, `"${@:N:M}"`: from the Nth on (M of them); the ones skipped, and those counted, must be known words.
  const slice = /^@:(\d+)(?::(\d+))?$/.exec(which);
  if (slice) {
    let skip = Number(slice[1]) - 1;
    const out: Word[] = [];
    for (const w of given) {
      if (skip === 0 && slice[2] === undefined) {
        out.push(w);
        continue;
      }
      if (w.values === null || w.glob) return undefined;
      const vs = w.values.slice(Math.min(skip, w.values.length));
      skip -= w.values.length - vs.length;
      if (vs.length > 0) out.push({ ...w, values: vs });
    }
    if (slice[2] === undefined) return out;
    const flat = out.flatMap((w) => w.values!.map((v) => ({ ...w, values: [v] })));
    return flat.slice(0, Number(slice[2]));
  }
  if (!/^\d+$/.test(which)) return undefined;
  let left = Number(which) - 1;
  // A glob before it is one word or more: the argument asked for is any name it matches, or any word after it up to
  // where it stands when the glob is one word (`sh -c 'echo x >> "$2"' sh ~/.b*rc /tmp/x`), or nothing past the last.
  let glob: Word | undefined = rest;
  const may = new Set<string>();
  for (const w of given) {
    if (w.values === null) return left === 0 && glob === undefined ? [w] : undefined;
    if (glob !== undefined) {
      for (const v of w.values) if (left-- >= 0) may.add(v);
      continue;
    }
    if (w.glob) {
      if (left === 0) return [w];
      glob = w;
      left--;
      continue;
    }
    if (left < w.values.length) return [{ ...w, values: [w.values[left]!] }];
    left -= w.values.length;
  }
  // (One path of these, not as many words: read as the paths a lister printed are, each root alone.)
  if (glob !== undefined) return [{ text: '', span: glob.span, values: null, dynamic: `$${which} may be any name the glob ${glob.text} matches, or a word after it`, under: [{ values: [...new Set([...glob.values!, ...may])].filter((v) => v !== ''), cwd: null, glob: true, depth: 0 }] }];
  return [{ text: '', span: { start: 0, end: 0 }, values: [''] }];
}

/** `$*`, and `$@` where it is not a word alone: the call's arguments joined by blanks, when each is known. */
function joinedArgs(env: WordEnv, which: string, quoted: boolean): string | undefined {
  const given = env.args?.();
  if (given === undefined || typeof given === 'string' || which.includes(':')) return undefined;
  const out: string[] = [];
  for (const w of given) {
    if (w.values === null || w.glob) return undefined;
    out.push(...w.values);
  }
  // `"a$@b"` is as many words as there are arguments; `"$*"` joins them with IFS's first character.
  if (quoted && ((which === '@' && out.length > 1) || env.vars.has('IFS'))) return undefined;
  // Unquoted, each argument is its own field whatever IFS holds (`IFS=; rm $*` is rm -rf ~), then split by IFS.
  return out.join(quoted ? ' ' : SPLIT);
}

/** A pattern word as a regex source: unquoted `*`, `?` and `[…]` are glob; anything expanded leaves it unknown. */
function patternSource(word: RawWord): string | undefined {
  let src = '';
  for (const p of word.parts) {
    if (p.k === 'lit') src += p.text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
    else if (p.k === 'raw') {
      for (let i = 0; i < p.text.length; i++) {
        const c = p.text[i]!;
        if (c === '\\' && i + 1 < p.text.length) src += p.text[++i]!.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
        else if (c === '*') src += '[\\s\\S]*';
        else if (c === '?') src += '[\\s\\S]';
        // Extended globs (`@(x)`, `!(x)`…) are not followed.
        else if (c === '(' || c === '|') return undefined;
        else if (c === '[') {
          const close = p.text.indexOf(']', i + 2);
          // Classes, equivalence classes and collating symbols (`[[:alpha:]]`, `[[=a=]]`) are not followed.
          if (close >= 0 && p.text.slice(i + 1, close).includes('[')) return undefined;
          if (close < 0) src += '\\[';
          else {
            src += `[${p.text.slice(i + 1, close).replace(/^!/, '^').replace(/\\/g, '\\\\')}]`;
            i = close;
          }
        } else src += c.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
      }
    } else return undefined;
  }
  return src;
}

/**
 * `${X/p/r}` `${X//p/r}` `${X/#p/r}` `${X/%p/r}`: X with the longest match of p (the first, every one, a prefix, a
 * suffix) replaced by r, the plain text the parser kept.
 */
function substitute(part: Extract<RawWord['parts'][number], { k: 'param' }>, env: WordEnv): string | undefined {
  const v = expandedValue(env, part.name);
  const src = patternSource(part.word);
  if (v === undefined || src === undefined || part.rep === undefined) return undefined;
  // An empty pattern matches nowhere, but at the start (`/#`) or the end (`/%`) it prefixes or appends (`${x/#/c}`).
  if (part.word.parts.length === 0) return part.op === '/#' ? part.rep + v : part.op === '/%' ? v + part.rep : v;
  const re = new RegExp(`^(?:${src})$`);
  const rep = part.rep;
  // The longest match starting at i, or -1.
  const matchAt = (i: number, end: boolean): number => {
    if (end) return re.test(v.slice(i)) ? v.length : -1;
    for (let j = v.length; j >= i; j--) if (re.test(v.slice(i, j))) return j;
    return -1;
  };
  if (part.op === '/#') {
    const j = matchAt(0, false);
    return j < 0 ? v : rep + v.slice(j);
  }
  if (part.op === '/%') {
    for (let i = 0; i <= v.length; i++) if (matchAt(i, true) >= 0) return v.slice(0, i) + rep;
    return v;
  }
  let out = '';
  let i = 0;
  while (i <= v.length) {
    const j = matchAt(i, false);
    if (j < 0 || (j === i && i === v.length && out !== '')) {
      if (i < v.length) out += v[i];
      i++;
      continue;
    }
    out += rep;
    if (part.op !== '//') return out + v.slice(j === i ? i : j);
    if (j === i) {
      if (i < v.length) out += v[i];
      i++;
    } else i = j;
  }
  return out;
}

/** `${X#p}` `${X##p}` `${X%p}` `${X%%p}`: X with its shortest or longest matching prefix or suffix removed. */
function trim(part: Extract<RawWord['parts'][number], { k: 'param' }>, env: WordEnv): string | undefined {
  const v = expandedValue(env, part.name);
  const src = patternSource(part.word);
  if (v === undefined || src === undefined) return undefined;
  const re = new RegExp(`^(?:${src})$`);
  const longest = part.op.length === 2;
  if (part.op.startsWith('#')) {
    const ends = [...Array(v.length + 1).keys()];
    for (const i of longest ? ends.reverse() : ends) if (re.test(v.slice(0, i))) return v.slice(i);
  } else {
    const starts = [...Array(v.length + 1).keys()];
    for (const i of longest ? starts : starts.reverse()) if (re.test(v.slice(i))) return v.slice(0, i);
  }
  return v;
}

/**
 * A glob that matches one name at most (`~/.bashr[c]`: each class one character, no `*`, `?` or extglob): an array
 * literal holding it is one element for it, so the elements after it keep their numbers. One that may match several
 * shifts them, and no element from it on is known.
 */
export function oneName(pattern: string): boolean {
  return !/[*?]|[@!+]\(/.test(pattern) && !pattern.replace(/\[[^\]!^\\]\]/g, '').includes('[');
}

/** The index of an array's glob that shifts the element a part picks (see shiftKey), or undefined where it picks none after one. */
function shiftedPick(part: Extract<RawWord['parts'][number], { k: 'dyn' }>, env: WordEnv): number | undefined {
  const at = part.array === undefined ? undefined : env.vars.shifted?.(part.array);
  if (at === undefined) return undefined;
  // (A slice from past it, or counted from the end, is after it too.)
  if (part.slice !== undefined) return part.slice[0]! > at || part.slice[0]! < 0 || part.index !== undefined ? at : undefined;
  return part.index !== undefined && (part.index < 0 || part.index > at) ? at : undefined;
}
