// A small cmd.exe splitter for `cmd /c STRING`: commands, words and redirections, or the reason it cannot tell.
import { lookupVariable, type Scope } from './words.js';

/** One word of a cmd command: as written, and its value (null when a `%VAR%` is unknown). */
export interface CmdWord {
  text: string;
  value: string | null;
  reason?: string;
}

export interface CmdRedirect {
  op: string;
  fd?: number;
  target: CmdWord;
}

export interface CmdCommand {
  words: CmdWord[];
  redirects: CmdRedirect[];
  /** True when `|` feeds this command from the previous one. */
  piped: boolean;
}

export type CmdSplit = { ok: true; commands: CmdCommand[] } | { ok: false; reason: string };

/** What cmd skips before a command's name: `@` and its delimiters besides blanks (`,curl x` runs curl). */
const HEAD_DELIMITERS = /^[@,;=\x0b\x0c\u00a0]+/;

/** Keywords whose syntax the splitter does not model: their bodies could run anything. */
const UNMODELLED = new Set(['if', 'for', 'goto', 'call:']);

/** cmd.exe's `%NAME%` expansion (and .NET's ExpandEnvironmentVariables'): null, with the reason, where a variable is unknown. */
export function expandPercent(text: string, scope: Scope): { value: string | null; reason?: string } {
  let unknown: string | undefined;
  // A variable has the value PowerShell's `$env:NAME` has here: the line's own, or Windows' default below the profile
  // (`%APPDATA%\Microsoft\Windows\Start Menu\Programs\Startup`).
  const value = text.replace(/%([^%\s]+)%/g, (whole, name: string) => {
    const known = lookupVariable(`env:${name.toLowerCase()}`, scope);
    if (known !== null) return known;
    unknown ??= whole;
    return whole;
  });
  if (unknown) return { value: null, reason: `cmd variable ${unknown}` };
  return { value };
}

/**
 * The command line cmd gets from several arguments (`cmd /c copy x "%APPDATA%\\…\\Start Menu\\…"`): PowerShell and
 * WSL quote one that holds a blank. One argument is the text as it stands: cmd strips the quotes around it.
 */
export function cmdLine(args: readonly string[]): string {
  return args.length === 1 ? args[0]! : args.map((a) => (/[\s]/.test(a) && !a.includes('"') ? `"${a}"` : a)).join(' ');
}

/**
 * The texts cmd may run for `/c TEXT` (`cmd /?`): one that opens with a quote loses it and the last one (`cmd /s /c
 * "curl x"` runs curl), unless it holds just those two, around a blank and none of `&<>()@^|`, and they name a program
 * that exists (`"C:\Program Files\x.exe"`), which only run time knows: then both readings.
 */
export function cmdReadings(text: string): string[] {
  const t = text.replace(/^[ \t]+/, '');
  if (!t.startsWith('"')) return [text];
  const last = t.lastIndexOf('"');
  const stripped = last === 0 ? t.slice(1) : t.slice(1, last) + t.slice(last + 1);
  const inner = t.slice(1, last);
  const kept = last > 0 && t.split('"').length === 3 && /\s/.test(inner) && !/[&<>()@^|]/.test(inner);
  return kept ? [text, stripped] : [stripped];
}

function dropHeadDelimiters(words: CmdWord[]): void {
  while (words.length > 0) {
    const v = words[0]!.value;
    if (v === null || (v !== '' && !HEAD_DELIMITERS.test(v))) break;
    const rest = v.replace(HEAD_DELIMITERS, '');
    if (rest === '') words.shift();
    else words[0]!.value = rest;
  }
}

/** The comparisons of cmd's `if A OP B`. */
const IF_OPERATORS = new Set(['equ', 'neq', 'lss', 'leq', 'gtr', 'geq']);

/**
 * The command `if [/i] [not] CONDITION COMMAND` may run (whether it does is not read: it is judged as if it runs), or
 * null when the condition is not one vouch reads. A condition runs nothing: `exist X`, `defined X`, `errorlevel N`,
 * `cmdextversion N`, `A==B`, `A OP B`.
 */
function ifBody(words: CmdWord[]): CmdWord[] | null {
  const key = (k: number) => (words[k]?.value ?? words[k]?.text ?? '').toLowerCase();
  let i = 1;
  if (key(i) === '/i') i++;
  if (key(i) === 'not') i++;
  const w = words[i];
  if (w === undefined) return null;
  if (['exist', 'defined', 'errorlevel', 'cmdextversion'].includes(key(i))) i += 2;
  else if (IF_OPERATORS.has(key(i + 1))) i += 3;
  else if (w.text.includes('==')) i += w.text.endsWith('==') ? 2 : 1;
  else if (words[i + 1]?.text.startsWith('==')) i += words[i + 1]!.text === '==' ? 3 : 2;
  else return null;
  const body = words.slice(i);
  dropHeadDelimiters(body);
  return body.length > 0 ? body : null;
}

/**
 * Splits cmd text on `&`, `&&`, `||`, `|`, honouring `"` quoting and `^` escapes; an `if` is its command. Parentheses, `for`,
 * delayed expansion (`!x!` under `/v:on`) and anything else it does not model make it give up.
 */
export function splitCmd(text: string, env: Scope | string, delayed = false): CmdSplit {
  const scope: Scope = typeof env === 'string' ? { home: env, cwd: null, vars: new Map() } : env;
  const commands: CmdCommand[] = [];
  let words: CmdWord[] = [];
  let redirects: CmdRedirect[] = [];
  let piped = false;
  let raw = '';
  let value = '';
  let inWord = false;
  let quoted = false;
  let pendingRedirect: { op: string; fd?: number } | null = null;

  const endWord = (): string | null => {
    if (!inWord) return null;
    const expanded = expandPercent(value, scope);
    const word: CmdWord = { text: raw, value: expanded.value };
    if (expanded.reason) word.reason = expanded.reason;
    if (delayed && /![^!]+!/.test(value)) {
      word.value = null;
      word.reason = 'delayed expansion';
    }
    if (pendingRedirect) {
      redirects.push({ ...pendingRedirect, target: word });
      pendingRedirect = null;
    } else words.push(word);
    raw = '';
    value = '';
    inWord = false;
    return null;
  };
  const endCommand = (nextPiped: boolean): string | null => {
    endWord();
    if (pendingRedirect) return 'a redirection without a target';
    dropHeadDelimiters(words);
    if (words.length > 0 || redirects.length > 0) commands.push({ words, redirects, piped });
    else if (commands.length > 0 || nextPiped) return 'an empty command between operators';
    words = [];
    redirects = [];
    piped = nextPiped;
    return null;
  };

  // cmd drops every carriage return before it splits (`cu<CR>rl` is curl).
  const line = text.replace(/\r/g, '');
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (quoted) {
      raw += c;
      if (c === '"') quoted = false;
      else value += c;
      continue;
    }
    if (c === '^') {
      // `^` before a line break joins the next line, whose first character it escapes (`cur^<LF>l` is curl).
      if (line[i + 1] === '\n') i++;
      const n = line[i + 1];
      if (n === undefined) return { ok: false, reason: 'a trailing ^' };
      raw += c + n;
      value += n;
      inWord = true;
      i++;
      continue;
    }
    if (c === '"') {
      quoted = true;
      inWord = true;
      raw += c;
      continue;
    }
    if (c === '(' || c === ')') return { ok: false, reason: 'a parenthesised block' };
    if (c === '&' || c === '|') {
      const double = line[i + 1] === c;
      const err = endCommand(c === '|' && !double);
      if (err) return { ok: false, reason: err };
      if (double) i++;
      continue;
    }
    if (c === '>' || c === '<') {
      let fd: number | undefined;
      if (inWord && /^[0-9]$/.test(raw)) {
        fd = Number(raw);
        raw = '';
        value = '';
        inWord = false;
      } else endWord();
      let op = c;
      if (c === '>' && line[i + 1] === '>') {
        op = '>>';
        i++;
      }
      if (line[i + 1] === '&') {
        // `2>&1`: a merge, no file.
        const m = /^&([0-9])/.exec(line.slice(i + 1));
        if (!m) return { ok: false, reason: 'a redirection to an unknown handle' };
        i += m[0].length;
        continue;
      }
      pendingRedirect = fd === undefined ? { op } : { op, fd };
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\n') {
      endWord();
      if (c === '\n') {
        const err = endCommand(false);
        if (err) return { ok: false, reason: err };
      }
      continue;
    }
    raw += c;
    value += c;
    inWord = true;
  }
  if (quoted) {
    // cmd tolerates an unclosed quote at the end of the line.
    quoted = false;
  }
  const err = endCommand(false);
  if (err) return { ok: false, reason: err };
  for (const cmd of commands) {
    while (cmd.words[0]?.value?.toLowerCase() === 'if') {
      const body = ifBody(cmd.words);
      if (body === null) return { ok: false, reason: "cmd's if with a condition it does not read" };
      cmd.words = body;
    }
    const head = cmd.words[0]?.value?.toLowerCase();
    if (head !== undefined && (UNMODELLED.has(head) || head.startsWith(':'))) return { ok: false, reason: `cmd's ${head} is not modelled` };
  }
  return { ok: true, commands };
}
