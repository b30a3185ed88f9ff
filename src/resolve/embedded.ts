// Programs that run shell text handed to them in an option (`git -c core.sshCommand=…`, `tar --to-command=…`, awk's system()).
import type { Word } from '../types.js';
import { single } from './words.js';
import { table } from '../table.js';

/** Shell text a program will run, found in its arguments; or the reason it cannot be read. */
export type Embedded = { kind: 'script'; word: Word; text: string } | { kind: 'opaque'; word: Word; why: string };

/** git configuration keys whose value is a command git runs. */
const GIT_COMMAND_KEYS =
  /^(core\.(sshcommand|pager|editor|fsmonitor|askpass|hookspath)|diff\.external|alias\..*|sequence\.editor|credential\..*helper|gpg\.(.*\.)?program|diff\..*\.(textconv|command)|filter\..*\.(clean|smudge|process)|merge\..*\.driver|uploadpack\.packobjectshook|protocol\..*|remote\..*\.(uploadpack|receivepack|vcs|proxy)|http\.proxy|url\..*|pager\..*|difftool\..*\.cmd|mergetool\..*\.cmd|web\.browser|browser\..*\.cmd|man\..*\.cmd|interactive\.difffilter|ssh\.variant|core\.gitproxy)$/i;

/** tar options whose value is a command tar runs. */
const TAR_COMMAND_OPTIONS = ['--to-command', '--use-compress-program', '--info-script', '--new-volume-script', '--rsh-command', '--checkpoint-action'];

function optionValue(args: Word[], i: number, attached: string | undefined): { word: Word; text: string | undefined } | undefined {
  if (attached !== undefined) return { word: args[i]!, text: attached };
  const next = args[i + 1];
  if (!next) return undefined;
  return { word: next, text: single(next) };
}

function push(out: Embedded[], word: Word, text: string | undefined, what: string): void {
  if (text === undefined) out.push({ kind: 'opaque', word, why: `${what} is computed: ${word.dynamic ?? 'not static'}` });
  else if (text.trim() !== '') out.push({ kind: 'script', word, text });
}

function git(args: Word[]): Embedded[] {
  const out: Embedded[] = [];
  // A remote on git's ext:: transport is a command git runs (when protocol.ext.allow lets it).
  for (const a of args) {
    if (/^ext::/i.test(single(a) ?? '')) out.push({ kind: 'opaque', word: a, why: "git's ext:: transport runs the command in the remote's address" });
  }
  for (let i = 0; i < args.length; i++) {
    const v = single(args[i]!);
    if (v === undefined) continue;
    let pair: { word: Word; text: string | undefined } | undefined;
    if (v === '-c') pair = optionValue(args, i, undefined);
    else if (v.startsWith('--config-env')) continue;
    else if (!v.startsWith('-')) break;
    if (!pair) continue;
    i++;
    if (pair.text === undefined) {
      out.push({ kind: 'opaque', word: pair.word, why: `git -c with a computed setting: ${pair.word.dynamic ?? ''}` });
      continue;
    }
    const eq = pair.text.indexOf('=');
    const key = eq < 0 ? pair.text : pair.text.slice(0, eq);
    if (/^include(if\..*)?\.path$/i.test(key)) {
      out.push({ kind: 'opaque', word: pair.word, why: `git -c ${key} reads settings (commands among them) from another file` });
      continue;
    }
    if (!GIT_COMMAND_KEYS.test(key)) continue;
    const value = eq < 0 ? '' : pair.text.slice(eq + 1);
    // An alias runs a shell command only when it starts with `!`; other keys always do.
    if (/^alias\./i.test(key)) {
      if (value.startsWith('!')) push(out, pair.word, value.slice(1), `git alias ${key}`);
    } else push(out, pair.word, value, `git ${key}`);
  }
  return out;
}

function tar(args: Word[]): Embedded[] {
  const out: Embedded[] = [];
  for (let i = 0; i < args.length; i++) {
    const v = single(args[i]!);
    if (v === undefined) continue;
    const eq = v.indexOf('=');
    const name = eq < 0 ? v : v.slice(0, eq);
    if (TAR_COMMAND_OPTIONS.includes(name)) {
      const pair = optionValue(args, i, eq < 0 ? undefined : v.slice(eq + 1));
      if (!pair) continue;
      if (eq < 0) i++;
      let text = pair.text;
      if (name === '--checkpoint-action') text = text?.startsWith('exec=') ? text.slice(5) : '';
      push(out, pair.word, text, `tar ${name}`);
    } else if (/^-[A-Za-z]*[IF]/.test(v) && !v.startsWith('--')) {
      // -I PROG / -F SCRIPT, possibly clustered (`-xI zstd`) or attached (`-Izstd`).
      const at = Math.max(v.indexOf('I'), v.indexOf('F'));
      const rest = v.slice(at + 1);
      const pair = optionValue(args, i, rest === '' ? undefined : rest);
      if (!pair) continue;
      if (rest === '') i++;
      push(out, pair.word, pair.text, `tar -${v[at]}`);
    }
  }
  return out;
}

function vim(args: Word[]): Embedded[] {
  const out: Embedded[] = [];
  for (let i = 0; i < args.length; i++) {
    const v = single(args[i]!);
    if (v === undefined) continue;
    let cmd: { word: Word; text: string | undefined } | undefined;
    if (v === '-c' || v === '--cmd') {
      cmd = optionValue(args, i, undefined);
      i++;
    } else if (v.startsWith('+') && v.length > 1) cmd = { word: args[i]!, text: v.slice(1) };
    if (!cmd) continue;
    if (cmd.text === undefined) {
      out.push({ kind: 'opaque', word: cmd.word, why: 'an editor command is computed' });
      continue;
    }
    const bang = cmd.text.indexOf('!');
    if (bang >= 0) push(out, cmd.word, cmd.text.slice(bang + 1), 'an editor ! command');
  }
  return out;
}

function npmCall(args: Word[]): Embedded[] {
  const out: Embedded[] = [];
  for (let i = 0; i < args.length; i++) {
    const v = single(args[i]!);
    if (v === '-c' || v === '--call') {
      const pair = optionValue(args, i, undefined);
      if (pair) push(out, pair.word, pair.text, `${v}`);
      i++;
    } else if (v?.startsWith('--call=')) push(out, args[i]!, v.slice(7), '--call');
  }
  return out;
}

/** awk programs that start commands: system(), `cmd | getline`, `print | cmd`. */
function awk(args: Word[]): Embedded[] {
  const out: Embedded[] = [];
  let i = 0;
  for (; i < args.length; i++) {
    const v = single(args[i]!);
    if (v === undefined) break;
    if (v === '-f' || v === '--file') return out;
    if (v === '-v' || v === '-F' || v === '--assign' || v === '--field-separator') {
      i++;
      continue;
    }
    if (!v.startsWith('-') || v === '-') break;
  }
  const program = args[i];
  if (!program) return out;
  const text = single(program);
  if (text === undefined) return out;
  if (!/system\s*\(|\|\s*getline|\|&|print[f]?[^;}]*\|/.test(text)) return out;
  // Follow static string literals that reach a command; anything else cannot be read statically.
  const calls = [...text.matchAll(/system\s*\(\s*"((?:[^"\\]|\\.)*)"\s*\)/g)];
  const pipes = [...text.matchAll(/"((?:[^"\\]|\\.)*)"\s*\|\s*getline|\|&?\s*"((?:[^"\\]|\\.)*)"/g)];
  const found = calls.length + pipes.length;
  const uses = (text.match(/system\s*\(|\|\s*getline|\|&|print[f]?[^;}]*\|/g) ?? []).length;
  for (const m of calls) push(out, program, m[1]!.replace(/\\(.)/g, '$1'), 'awk system()');
  for (const m of pipes) push(out, program, (m[1] ?? m[2] ?? '').replace(/\\(.)/g, '$1'), 'an awk pipe');
  if (found < uses) out.push({ kind: 'opaque', word: program, why: 'the awk program starts a command built at run time' });
  return out;
}

/** sed's `e` command and the `e` flag of `s///` run the pattern space as a shell command. */
function sed(args: Word[]): Embedded[] {
  const scripts: Word[] = [];
  let sawScriptOption = false;
  for (let i = 0; i < args.length; i++) {
    const v = single(args[i]!);
    if (v === '-e' || v === '--expression') {
      sawScriptOption = true;
      if (args[i + 1]) scripts.push(args[i + 1]!);
      i++;
    } else if (v?.startsWith('--expression=')) {
      sawScriptOption = true;
      scripts.push({ ...args[i]!, values: [v.slice(13)] });
    } else if (v === '-f' || v === '--file') i++;
    else if (!sawScriptOption && v !== undefined && !v.startsWith('-')) {
      scripts.push(args[i]!);
      break;
    }
  }
  const out: Embedded[] = [];
  for (const w of scripts) {
    const t = single(w);
    if (t === undefined) continue;
    if (/(^|[;\n}])\s*([0-9$,/!]*\s*)?e(\s|;|$)/.test(t) || /(^|[;\n])\s*s(.)(?:(?!\2).|\\.)*\2(?:(?!\2).|\\.)*\2[gpiImM0-9w]*e/.test(t)) {
      out.push({ kind: 'opaque', word: w, why: "sed's e command runs text as a shell command" });
    }
  }
  return out;
}

/** Options whose value is a command: `man -P PAGER`, `zip -TT CMD`; `long` options also take `--opt=value`. */
function commandOptions(what: string, short: string[], long: string[]): (args: Word[]) => Embedded[] {
  return (args) => {
    const out: Embedded[] = [];
    for (let i = 0; i < args.length; i++) {
      const v = single(args[i]!);
      if (v === undefined) continue;
      const eq = v.indexOf('=');
      const attachedShort = short.find((o) => o.length === 2 && v.startsWith(o) && v.length > 2 && !v.startsWith('--'));
      let pair: { word: Word; text: string | undefined } | undefined;
      if (short.includes(v) || long.includes(v)) {
        pair = optionValue(args, i, undefined);
        i++;
      } else if (eq > 0 && long.includes(v.slice(0, eq))) pair = optionValue(args, i, v.slice(eq + 1));
      else if (attachedShort) pair = optionValue(args, i, v.slice(2));
      if (pair) push(out, pair.word, pair.text, `${what} ${v}`);
    }
    return out;
  };
}

/** less and more run `!cmd` given as a start-up command (`+!cmd`, `+':!cmd'`). */
function pager(args: Word[]): Embedded[] {
  const out: Embedded[] = [];
  for (const a of args) {
    const v = single(a);
    if (v === undefined) {
      if (a.values === null && a.text.startsWith('+')) out.push({ kind: 'opaque', word: a, why: 'a pager start-up command is computed' });
      continue;
    }
    const bang = v.startsWith('+') ? v.indexOf('!') : -1;
    if (bang >= 0) push(out, a, v.slice(bang + 1), 'a pager ! command');
  }
  return out;
}

const BY_PROGRAM = table<(args: Word[]) => Embedded[]>({
  man: commandOptions('man', ['-P', '-H'], ['--pager', '--html']),
  zip: commandOptions('zip', ['-TT'], ['--unzip-command']),
  less: pager,
  more: pager,
  git,
  tar,
  gtar: tar,
  bsdtar: tar,
  vim,
  vi: vim,
  nvim: vim,
  ex: vim,
  view: vim,
  npx: npmCall,
  awk,
  gawk: awk,
  mawk: awk,
  nawk: awk,
  sed,
  gsed: sed,
});

/** The shell text a program runs from its own arguments, if it is one of the programs known to. */
export function embeddedScripts(program: string, args: Word[]): Embedded[] {
  const f = BY_PROGRAM[program];
  if (f) return f(args);
  if (program === 'npm' && single(args[0] ?? { text: '', span: { start: 0, end: 0 }, values: null }) === 'exec') return npmCall(args.slice(1));
  return [];
}
