// Small helpers over evaluated words, for entries: their static value, and words made from part of one.
import type { Span, Under, Word } from '../types.js';
import type { Call, Input, Use } from './types.js';

/**
 * The text a call's stdin holds, where it is known: static text (a heredoc, `echo … |`), or a named file (`< x.patch`)
 * whose text Call.writtenText gives. Undefined for a stream, or a file nothing says of.
 */
export function stdinText(call: Call): string | undefined {
  const stdin = call.stdin;
  if (stdin?.kind === 'static') return stdin.text;
  return stdin?.kind === 'file' && stdin.word ? call.writtenText?.(stdin.word) : undefined;
}

/** The word's one static value; undefined when it is computed, has several values, or is a glob. */
export function value(word: Word | undefined): string | undefined {
  return word?.values?.length === 1 && !word.glob ? word.values[0] : undefined;
}

/**
 * The word's one value as the program sees it: its static value, or a glob's text as written, which bash hands on
 * unchanged when it matches no file (`--listen=*:8080`, `--setopt=*.baseurl=URL`, `[::]:80:80`).
 */
export function asWritten(word: Word | undefined): string | undefined {
  return value(word) ?? (word?.glob && word.values?.length === 1 ? word.values[0] : undefined);
}

/**
 * The values a word names a place by: its values, or for a computed word whose place is written out and only what
 * follows it computed, the static text it starts with, quotes read away, as far as its first expansion (or pattern
 * character): `"https://evil.example/${P}.tgz"` is `https://evil.example/`, `evil.example/app:$TAG` is
 * `evil.example/app:`. The place must end within that text (a URL's host at the `/`, `?` or `#` after it, an image's
 * registry at the first `/`): `https://$HOST/x`, `"$REGISTRY/app"` and `https://evil.example$X/` stay computed (null).
 */
export function placeValues(word: Word): string[] | null {
  if (word.values !== null && !word.glob) return word.values;
  const shape = word.glob && word.values?.length === 1 ? word.values[0]! : word.values === null ? pieceShape(word) : undefined;
  // (A computed word whose text holds no expansion, one standing for a variable set elsewhere, is read nowhere.)
  if (!word.glob && !shape?.includes('\u0000')) return word.values;
  const head = shape?.replace(word.glob ? /[\u0000*?[][\s\S]*$/ : /\u0000[\s\S]*$/, '');
  if (head === undefined || !/^(?:[^/]*?:\/\/[^/?#]*[/?#]|(?![^/]*:\/\/)[^/?#]*\/)/.test(head)) return word.values;
  return [head];
}

/** A value that can only be a path: it starts with a literal character that no option starts with, nor a glob, nor an expansion. */
const PATH_START = /^[^-*?[\\{~$]/;

/**
 * A computed word that can only name files, never an option (so never code): a glob each spelling of which starts
 * with such a literal (`tests/*.py`, `./*.js`, `"$f"` of `for f in tests/*.py`; not `*.py`, which matches a file named
 * `-c…`), or a path find hands on whole below roots so written (`find tests -name '*.py' -exec python3 {} \;`, `-print0
 * | xargs -0`; not split at blanks, where a piece of a name may be any word).
 */
export function onlyPaths(w: Word): boolean {
  if (w.glob) return w.values !== null && w.values.length > 0 && w.values.every((v) => PATH_START.test(v));
  if (w.values !== null || !w.under || w.under.length === 0 || !/^(?:|\{\}|'\{\}'|"\{\}")$/.test(w.text)) return false;
  return w.under.every((u) => u.tests !== undefined && !u.split && !u.changed && u.values !== null && u.values.length > 0 && u.values.every((v) => PATH_START.test(v)));
}

/**
 * A program's code that is computed whole (`awk "$x"`, `sed "$(cat f)"`, `jq "$f"` after `for f in *`): a word that
 * is one expansion, or any glob (the names it matches are any text). A script with a computed piece inside
 * (`sed "s/x/$V/"`, `awk "{print \$$n}"`) keeps the form written on the line, and is not this.
 */
export function computedWhole(word: Word | undefined): boolean {
  if (!word) return false;
  // A glob of bracket classes only (`sed -i s/[Ee]/x/g` unquoted) matches names of its own form, one character
  // each; `*` and `?` match any text.
  if (word.glob) return word.values === null || word.values.some((v) => /[*?]/.test(v));
  return word.values === null && /^"?(?:\$[A-Za-z_]\w*|\$[0-9@*]|\$\{[^}]*\}|\$\([\s\S]*\)|`[\s\S]*`)"?$/.test(word.text);
}

/** Hashtable literals given as arguments (`Start-Process -Environment @{…}`, `-Property @{Name='PATH'}`), by the word they became. */
const HASHES = new WeakMap<Word, ReadonlyMap<string, string | null>>();

/** Records the entries of a hashtable literal a PowerShell argument was written as (a value null: not static). */
export function setHash(word: Word, table: ReadonlyMap<string, string | null>): void {
  HASHES.set(word, table);
}

/** The entries of the hashtable literal a word was written as (value null: not static); undefined when it was none that can be read. */
export function hashOf(word: Word): ReadonlyMap<string, string | null> | undefined {
  return HASHES.get(word);
}

/**
 * Whether a path opens the process's own stdin: `/dev/stdin`, `/dev/fd/0`, `/proc/self/fd/0` (`//` and `/./`
 * spelled in), or `-` where `dash` allows it. A program reading its code from there reads what it is piped.
 */
export function isStdinPath(v: string | undefined, dash = true): boolean {
  if (v === undefined) return false;
  if (v === '-') return dash;
  const p = v.replace(/\/(?:\.?\/)+/g, '/');
  return p === '/dev/stdin' || p === '/dev/fd/0' || p === '/proc/self/fd/0' || p === '/proc/thread-self/fd/0';
}

/**
 * A word standing for part of another (an option's attached value, a line of a heredoc): same span. A part that holds
 * the replace string a program fills (Word.items) holds what it puts there: `-c{}` under `find -exec` is the path
 * found, as `-c {}` is (code no static reading knows), and `-c'print("{}")'` is read as `-c 'print("{}")'`.
 */
export function attached(word: Word, text: string): Word {
  if (word.values === null) return { text, span: word.span, values: null, dynamic: word.dynamic ?? 'computed' };
  const items = word.items;
  if (items !== undefined && items.token !== '' && text.includes(items.token)) {
    if (text === items.token) return { text, span: word.span, values: null, dynamic: items.why, ...(items.under ? { under: items.under } : {}) };
    return { text, span: word.span, values: [text], items };
  }
  return { text, span: word.span, values: [text] };
}

/**
 * `--NAME` or `--NAME=VALUE` as getopt_long, Python's getopt and argparse and Ruby's OptionParser read it: NAME in full
 * or cut short to any prefix (they take a prefix no other option shares, and refuse the rest, so reading every prefix
 * as NAME over-approximates). `value`: the value attached; absent when the next word holds it. Undefined: another word.
 */
export function longSpelt(word: Word | undefined, name: string): { value?: Word } | undefined {
  const v = word === undefined ? undefined : value(word);
  const m = v === undefined ? null : /^--([^=]+)(=?)/.exec(v);
  if (m === null || !name.startsWith(m[1]!)) return undefined;
  return m[2] === '=' ? { value: attached(word!, v!.slice(m[0].length)) } : {};
}

/** A static word at a span. */
export function literal(text: string, span: Span): Word {
  return { text, span, values: [text] };
}

/** The words' static values joined by spaces (as `sh -c "$*"` would), or undefined when one is computed. */
export function joined(words: readonly Word[]): string | undefined {
  const parts: string[] = [];
  for (const w of words) {
    if (w.values === null) return undefined;
    parts.push(w.values.join(' '));
  }
  return parts.join(' ');
}

/** The span from the first word to the last. */
export function spanOf(words: readonly Word[]): Span {
  return { start: words[0]!.span.start, end: words.at(-1)!.span.end };
}

/**
 * Splits text into argv words the way xargs does by default: blanks separate, quotes group, backslash escapes.
 * Undefined when the quoting does not close (xargs then fails).
 */
export function xargsSplit(text: string): string[] | undefined {
  const out: string[] = [];
  let cur = '';
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\') {
      if (i + 1 < text.length) cur += text[++i];
      inWord = true;
    } else if (c === '"' || c === "'") {
      const end = text.indexOf(c, i + 1);
      if (end < 0) return undefined;
      cur += text.slice(i + 1, end);
      i = end;
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) out.push(cur);
      cur = '';
      inWord = false;
    } else {
      cur += c;
      inWord = true;
    }
  }
  if (inWord) out.push(cur);
  return out;
}

/** A value as one shell word: bare when it holds nothing the shell reads, else single-quoted. */
export function shellQuote(v: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(v) ? v : `'${v.replace(/'/g, `'\\''`)}'`;
}

/**
 * A computed word's text as the shell reads it, each expansion (`$x`, `${x}`, `$(…)`, `` `…` ``, `$((…))`) standing as
 * one NUL: where in a program's own syntax (a sed script) the computed pieces stand. Undefined when the text is
 * not read here (an unbalanced expansion, a quote left open).
 */
export function pieceShape(word: Word): string | undefined {
  const t = word.text;
  let out = '';
  let i = 0;
  /** The index after the expansion at `j` (a `$` or a backquote), or -1. */
  const skip = (j: number): number => {
    if (t[j] === '`') {
      let k = j + 1;
      while (k < t.length && t[k] !== '`') k += t[k] === '\\' ? 2 : 1;
      return k < t.length ? k + 1 : -1;
    }
    const c = t[j + 1];
    if (c === undefined) return -1;
    if (/[A-Za-z_]/.test(c)) {
      let k = j + 2;
      while (/\w/.test(t[k] ?? '')) k++;
      return k;
    }
    if (/[0-9@*#?$!-]/.test(c)) return j + 2;
    const close = c === '{' ? '}' : c === '(' ? ')' : undefined;
    if (close === undefined) return -1;
    let depth = 0;
    for (let k = j + 1; k < t.length; k++) {
      const d = t[k]!;
      if (d === '\\') k++;
      else if (d === "'" && close === ')') {
        const end = t.indexOf("'", k + 1);
        if (end < 0) return -1;
        k = end;
      } else if (d === c) depth++;
      else if (d === close && --depth === 0) return k + 1;
    }
    return -1;
  };
  let quoted = false;
  while (i < t.length) {
    const c = t[i]!;
    if (c === '"') {
      quoted = !quoted;
      i++;
    } else if (c === '\\') {
      const n = t[i + 1];
      if (n === undefined) return undefined;
      if (!quoted || /[$`"\\\n]/.test(n)) {
        if (n !== '\n') out += n;
      } else out += c + n;
      i += 2;
    } else if (c === "'" && !quoted) {
      const end = t.indexOf("'", i + 1);
      if (end < 0) return undefined;
      out += t.slice(i + 1, end);
      i = end + 1;
    } else if (c === '$' && t[i + 1] === "'" && !quoted) {
      const end = t.indexOf("'", i + 2);
      if (end < 0) return undefined;
      out += t.slice(i + 2, end);
      i = end + 1;
    } else if (c === '$' || c === '`') {
      const end = skip(i);
      if (end < 0) {
        if (c === '`') return undefined;
        out += c;
        i++;
      } else {
        out += '\u0000';
        i = end;
      }
    } else {
      out += c;
      i++;
    }
  }
  return quoted ? undefined : out;
}

/**
 * The readings of a subcommand CLI's words, each joined by spaces with a computed word standing as NUL: as written,
 * and with its options (and the values of those that take one) moved after its subcommand words, for a CLI that takes
 * options before or among its subcommand words (`aws --profile p configure get KEY`, `gcloud --project p auth …`).
 * `valued` and `flags` name options (the part before `=`) known to take a value or none; an option known as neither
 * may take the next word or not, and both readings are given (up to a bound, past which it is a flag). `asWritten`:
 * the words as written are one of the readings.
 */
export function subcommandViews(args: readonly Word[], valued: RegExp = /(?!)/, flags: RegExp = /(?!)/, asWritten = true): string[] {
  const texts = args.map((a) => value(a) ?? '\u0000');
  const out = new Set<string>(asWritten ? [texts.join(' ')] : []);
  const walk = (i: number, pos: string[], opts: string[], branches: number): void => {
    for (; i < texts.length; i++) {
      const v = texts[i]!;
      if (v === '--') {
        pos = [...pos, ...texts.slice(i + 1)];
        break;
      }
      if (!v.startsWith('-') || v === '-') {
        pos = [...pos, v];
        continue;
      }
      const name = v.split('=')[0]!;
      const next = texts[i + 1];
      if (v.includes('=') || flags.test(name) || next === undefined) opts = [...opts, v];
      else if (valued.test(name)) opts = [...opts, v, texts[++i]!];
      else if (next.startsWith('-') || branches >= 5) opts = [...opts, v];
      else {
        walk(i + 2, pos, [...opts, v, next], branches + 1);
        opts = [...opts, v];
        branches++;
      }
    }
    out.add([...pos, ...opts].join(' '));
  };
  walk(0, [], [], 0);
  return [...out];
}

/** A dotenv file of a project (`.env`, `.env.local`, `config/test.env`), as `--env-file` and dotenv load them. */
export function isDotenvFile(path: string): boolean {
  return /(?:^|\/)(?:\.env(?:\.[\w-]+)*|[\w-]+\.env)$/.test(path) && !path.startsWith('~');
}

/**
 * Field splitting, as bash splits an unquoted expansion by IFS and `read -a` its line: `white` characters (IFS's
 * whitespace) at the ends are trimmed and runs of them separate; each `hard` one (IFS's other characters) ends a
 * field with the whitespace around it, so two in a row hold an empty field between them, and one at the end none after.
 */
export function ifsSplit(text: string, white: (c: string) => boolean, hard: (c: string) => boolean): string[] {
  let start = 0;
  let end = text.length;
  while (start < end && white(text[start]!)) start++;
  while (end > start && white(text[end - 1]!)) end--;
  const fields: string[] = [];
  let field = '';
  let i = start;
  while (i < end) {
    const c = text[i]!;
    if (!white(c) && !hard(c)) {
      field += c;
      i++;
      continue;
    }
    while (i < end && white(text[i]!)) i++;
    if (i < end && hard(text[i]!)) {
      i++;
      while (i < end && white(text[i]!)) i++;
    }
    fields.push(field);
    field = '';
  }
  if (field !== '') fields.push(field);
  return fields;
}

/**
 * The one name of `names` a word begins, as tools that take abbreviated commands find it (tmux's `show-env`, npm's
 * `exe`); undefined where it begins several or none.
 */
export function onlyNameBegun(word: string, names: readonly string[]): string | undefined {
  const begun = names.filter((n) => n.startsWith(word));
  return begun.length === 1 ? begun[0] : undefined;
}

/**
 * The fields of a word that holds paths a lister printed: those handed on as printed (`under`), and those a program
 * may have changed on the way (`touches`, see Under.changed), kept apart so that only the guard reads the second. Where
 * some may have changed, all are read so: the word may be any text.
 */
export function listedFields(under: readonly Under[] | undefined): { under?: Under[]; touches?: Under[] } {
  if (!under || under.length === 0) return {};
  // (Some changed is any text, the others' paths among it: `if …; then x=$(find .); else x=$(find . | sed …); fi`.)
  if (under.some((u) => u.changed)) return { touches: under.map((u) => (u.changed ? u : { ...u, changed: true as const })) };
  return { under: [...under] };
}

/**
 * What a program reads that takes the names of the files it reads from the paths a lister printed (`find ~ | cpio -o`,
 * `find ~ | zip x.zip -@`, `tar -T <(find ~)`): every file below the lister's roots, narrowed as it narrowed them, each
 * root a tree read at `at`. Its input holding no such paths, nothing.
 */
export function listedReads(input: Input | Under[] | undefined, at: Word): Use[] {
  const under = Array.isArray(input) ? input : input?.kind === 'stream' ? input.under : undefined;
  const out: Use[] = [];
  for (const u of under ?? []) {
    if (u.values === null || u.found) continue;
    // A root find printed relative to where it ran lies there.
    const values = u.values.map((v) => (/^[/~]/.test(v) || u.cwd === null || u.cwdGlob ? v : `${u.cwd.replace(/\/+$/, '')}/${v}`));
    out.push({ word: at, role: 'read-tree', values, ...(u.names ? { names: u.names } : {}), ...(u.depth === undefined ? {} : { depth: u.depth }), ...(u.visible ? { visible: true as const } : {}), ...(u.below ? { below: true as const } : {}) });
  }
  return out;
}

/**
 * The roots of the paths a lister printed, as a reader that splits its text into items gets them. Split at blanks
 * (xargs's default, an unquoted `$(find …)`), a name with a blank is several items, each any path: a directory `a `
 * holding `home/dev x/.svn` is printed `./a /home/dev x/.svn`, and `find . -name .svn | xargs rm -rf` deletes
 * `/home/dev`. The roots are then marked split (Under.split): the paths are still among the items, and any other path
 * may be. Split at newlines, a lister that quotes a name holding one (git: Under.lines) hands whole paths, and find,
 * whose names may hold one, pieces. Split at NULs (`-print0 | xargs -0`), whole paths.
 */
export function pieces(under: readonly Under[], split: 'blanks' | 'lines' | 'nul'): Under[] {
  if (split === 'nul') return [...under];
  return under.map((u) => (u.split || (split === 'lines' && u.lines) ? u : { ...u, split: true as const }));
}

/**
 * What a word a program fills with the paths a lister printed names (`xargs -I{} dd of={}`, `cp {} {}.bak`,
 * `cp x ../copy/{}`, see Word.items), as the roots of those paths: the text before the item (past an option's `=`)
 * put before each root, and the text after it narrowing the names (`*.bak`). Undefined where no path a lister printed
 * stands in the value.
 */
export function filledUnder(w: Pick<Word, 'items'> | undefined, v: string): Under[] | undefined {
  const items = w?.items;
  const at = items ? v.indexOf(items.token) : -1;
  if (!items?.under || at < 0) return undefined;
  const head = /^-{0,2}[\w.-]*=$/.test(v.slice(0, at)) ? '' : v.slice(0, at);
  const rest = v.slice(at + items.token.length);
  // A second item, or a `/`, after the first: any name below.
  const names = rest === '' ? undefined : rest.includes('/') || rest.includes(items.token) ? null : [`*${rest}`];
  return items.under.map((u) => ({ ...u, values: u.values?.map((r) => `${head}${r}`) ?? null, ...(names === null ? { names: undefined, depth: undefined } : names ? { names } : {}) }));
}

/** What a lister's output says of its paths beyond their roots (its names, depth, tests…): the fields each root carries. */
export function pathLimits(out: { names?: string[]; depth?: number; below?: true; tests?: readonly string[]; lines?: true; visible?: true; noGit?: true }): Pick<Under, 'names' | 'depth' | 'below' | 'tests' | 'lines' | 'visible' | 'noGit'> {
  return { ...(out.visible ? { visible: true as const } : {}), ...(out.noGit ? { noGit: true as const } : {}), ...(out.names ? { names: out.names } : {}), ...(out.depth !== undefined ? { depth: out.depth } : {}), ...(out.below ? { below: true as const } : {}), ...(out.tests ? { tests: out.tests } : {}), ...(out.lines ? { lines: true as const } : {}) };
}

/** Every root of the paths a lister printed that a word holds, handed on as printed or changed on the way (see `listedFields`). */
export function listedPaths(w: Pick<Word, 'under' | 'touches'> | undefined): Under[] {
  return [...(w?.under ?? []), ...(w?.touches ?? [])];
}

/**
 * The directory `hg clone SRC [DEST]` or `svn checkout|export URL [PATH]` fills with what it fetches: DEST, or the
 * source's last part. Options are skipped (a valued one's value may be taken for the source: then the directory is
 * a wrong name, never none); a computed name is a directory known only at run time.
 */
export function fetchedInto(args: readonly Word[], sub: RegExp): Word | undefined {
  const ops = args.filter((w) => !(value(w) ?? '').startsWith('-'));
  if (!sub.test(value(ops[0]) ?? '')) return undefined;
  const [src, dest] = ops.slice(1);
  if (!src) return undefined;
  const at = dest ?? src;
  const name = dest ? value(dest) : value(src)?.replace(/[/\\]+$/, '').replace(/^.*[/:\\]/, '');
  return name ? { ...at, values: [name] } : { ...at, values: null, dynamic: at.dynamic ?? `${at.text} is computed` };
}

/**
 * The name of the alternate data stream a Windows path names (`notes.txt:hidden.exe`, `C:\x\payload:file.exe`): a
 * second content of the file that no listing shows. Undefined for a plain path, `file::$DATA` (the main stream), a
 * drive or provider path (`C:\x`, `Env:PATH`, `HKCU:\…`), a URL, a host and port (`host.example:8080`), an image tag
 * (`node:20`) or a `ref:path` (`main:README.md`): the part before the colon must hold a `\` or end in an extension.
 */
export function alternateStream(text: string): string | undefined {
  const m = /^(?:[a-z]:)?([^:]+):([^:\\/]+)(?::\$data)?$/i.exec(text.replace(/^["']|["']$/g, ''));
  if (!m) return undefined;
  const [, file, stream] = m as unknown as [string, string, string];
  if (/@|\s$|^\s/.test(file) || /^\d+$/.test(stream) || /^\$data$/i.test(stream)) return undefined;
  return file.includes('\\') || /\.[a-z][a-z0-9]{0,7}$/i.test(file) ? stream : undefined;
}

/**
 * The words PowerShell split a native argument into at a `.` or a `:` (`--update=\\evil` `.example\share`,
 * `-exec=C` `\x\a.exe`), joined back onto args[i]'s value: a piece follows the one before it one character on and
 * starts with the `.`, or the `:` between them was dropped after a drive letter. Over-approximates: a word written
 * after a space that starts with `.` is joined too.
 */
export function rejoined(args: readonly Word[], i: number): string | undefined {
  let text = value(args[i]);
  if (text === undefined) return undefined;
  // (Pieces next to each other; in nested text, `pwsh -Command '…'` read again, every word has the span of the word
  // that holds it, so pieces sharing one span may be next to each other too: taken as joined, the reading that denies.)
  const joins = (a: Word, b: Word) => b.span.start === a.span.end + 1 || (b.span.start === a.span.start && b.span.end === a.span.end);
  for (let j = i + 1; j < args.length && joins(args[j - 1]!, args[j]!); j++) {
    const next = value(args[j]);
    if (next === undefined) break;
    if (next.startsWith('.')) text += next;
    else if (/[=:][A-Za-z]$/.test(text) && /^[\\/]/.test(next)) text += `:${next}`;
    else break;
  }
  return text;
}
