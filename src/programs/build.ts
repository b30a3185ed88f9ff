// Builders for the common shapes of entry: a program that runs the command after its options, and known programs.
import type { Word, WordRole } from '../types.js';
import { has, parse } from './argv.js';
import type { Answer, Call, OptionSpec, ParsedArgs, ProgramEntry, ProgramExample, Run, ScriptDialect } from './types.js';
import { attached, literal, subcommandViews, value } from './words.js';

/** A program that starts the command written after its own options: `sudo`, `nice`, `timeout 5`, `setarch x86_64`. */
export interface WrapperSpec {
  names: readonly string[];
  patterns?: readonly RegExp[];
  /** Where the name means this program (default both). */
  dialects?: readonly ('bash' | 'powershell')[];
  summary: string;
  options?: OptionSpec;
  /** Operands before the command (`timeout DURATION`, `chroot NEWROOT`), or a function of the parse. */
  before?: number | ((p: ParsedArgs, call: Call) => number);
  /** Options whose value is the directory the command runs in. */
  chdir?: readonly string[];
  /**
   * The directory it starts its command in where no `chdir` option names one (undefined: where it is started; null: one
   * not known here): chroot's new root, start-stop-daemon's `/`, firejail's --private-cwd.
   */
  startsIn?: (p: ParsedArgs, call: Call) => string | null | undefined;
  /** Options whose value is shell text it runs (`su -c`, `flock -c`). */
  script?: readonly string[];
  /** Options whose value is a program (with its arguments) it runs (`sort --compress-program=gzip`). */
  program?: readonly string[];
  /** Options with which it runs nothing (`--version`, `command -v`, `sudo -l`). */
  noRun?: readonly string[];
  /** NAME=VALUE operands before the command set its environment (`env`, `sudo`). */
  assignments?: boolean;
  /** The command operands are shell text, joined by spaces (`watch 'cmd'`), unless an `exec` option is given. */
  operandsScript?: boolean;
  exec?: readonly string[];
  /** What it runs when given no command: `sh -i` for the programs that start a shell, `echo` for xargs. */
  defaultCommand?: readonly string[];
  /** Its options never take a value in the next word (`firejail --x=y`, `valgrind --tool=x`). */
  attachedOnly?: boolean;
  /** It runs its command in the shell itself, not as a child (`command`, `builtin`, bash's `time`). */
  sameShell?: boolean;
  /** Variables it sets for its command, as `env NAME=VALUE` would (proxychains' proxies as ALL_PROXY). */
  sets?: (call: Call) => readonly { name: string; value: import('../types.js').Word }[];
  /** More of what it does, merged into the answer. */
  extra?: (p: ParsedArgs, call: Call) => Partial<Answer> | undefined;
  examples: { deny: readonly ProgramExample[]; pass: readonly ProgramExample[] };
}

/**
 * Runs the words from `at` as an argv, or, when an option the model does not know stands right before the
 * command and could have taken the next word as its value, both readings: the analyzer cannot tell which
 * word the program starts, so it follows each.
 */
export function wrapper(spec: WrapperSpec): ProgramEntry {
  const entry: ProgramEntry = {
    names: spec.names,
    summary: spec.summary,
    examples: spec.examples,
    analyze(call) {
      const p = parse(call.args, { order: 'posix', ...spec.options });
      const answer: Partial<Answer> = { runs: [], uses: [] };
      const runs = answer.runs!;
      if (spec.noRun && has(p, ...spec.noRun)) return merge(answer, spec.extra?.(p, call));
      let cwd: string | null | undefined;
      for (const o of p.options) {
        if (spec.script?.includes(o.name) && o.value) runs.push({ kind: 'script', dialect: 'bash', words: [o.value], via: `${call.name} ${optionText(o.name)}` });
        if (spec.program?.includes(o.name) && o.value) runs.push(programRun(o.value, `${call.name} ${optionText(o.name)}`));
        if (spec.chdir?.includes(o.name)) cwd = o.value ? (value(o.value) ?? null) : null;
      }
      if (cwd === undefined && spec.startsIn) cwd = spec.startsIn(p, call);
      // What its extra part starts runs there too (`systemd-run --working-directory=D -p ExecStartPre=…`).
      const extra = () => runsIn(spec.extra?.(p, call), cwd);
      if (p.dynamic && p.dynamic.index <= p.rest) {
        runs.push({ kind: 'opaque', rule: 'dynamic-command', word: p.dynamic.word, why: `cannot tell where ${call.name}'s command starts: ${p.dynamic.word.dynamic ?? 'a computed word'}` });
        return merge(answer, extra());
      }
      for (const a of spec.sets?.(call) ?? []) runs.push({ kind: 'assign', name: a.name, value: a.value });
      let at = p.rest;
      if (spec.assignments) {
        while (at < call.args.length) {
          const v = value(call.args[at]);
          const eq = v?.indexOf('=') ?? -1;
          // `NAME="$X"`: a computed value in double quotes cannot split, so the word is still one assignment.
          const quoted = v === undefined && call.args[at]!.values === null ? /^([A-Za-z_][A-Za-z0-9_]*)=(?:"(?:[^"\\`]|\\.)*")+$/.exec(call.args[at]!.text) : null;
          if (quoted) {
            runs.push({ kind: 'assign', name: quoted[1]!, value: { ...call.args[at]!, values: null } });
            at++;
            continue;
          }
          if (v === undefined || eq <= 0) break;
          runs.push({ kind: 'assign', name: v.slice(0, eq), value: attached(call.args[at]!, v.slice(eq + 1)) });
          // The word is an assignment: the wrapper writes nothing at its value (`env GIT_DIR=/tmp/x/.git git status`).
          // What it names may be read by the command, as the shell's own `NAME=VALUE cmd` is (`env K=~/.ssh/id_rsa x`).
          answer.uses!.push({ word: attached(call.args[at]!, v.slice(eq + 1)), role: 'read' });
          at++;
        }
      }
      at += typeof spec.before === 'function' ? spec.before(p, call) : (spec.before ?? 0);
      if (at > call.args.length) return merge(answer, extra());
      let command = call.args.slice(at);
      if (value(command[0]) === '--' && at > p.rest) command = command.slice(1);
      const via = call.name;
      const withCwd = <R extends Run>(r: R): R => (cwd === undefined ? r : { ...r, cwd });
      if (command.length === 0) {
        const hasScript = runs.some((r) => r.kind === 'script' || r.kind === 'argv');
        if (spec.defaultCommand && !hasScript) {
          const span = call.args.at(-1)?.span ?? { start: 0, end: 0 };
          runs.push(withCwd({ kind: 'argv', argv: spec.defaultCommand.map((t) => literal(t, span)), via }));
        }
        return merge(answer, extra());
      }
      if (spec.operandsScript && !(spec.exec && has(p, ...spec.exec))) runs.push(withCwd({ kind: 'script', dialect: 'bash', words: command, via }));
      else {
        runs.push(withCwd({ kind: 'argv', argv: command, via, ...(spec.sameShell ? { sameShell: true } : {}) }));
        const last = p.options.at(-1);
        const ambiguous = !spec.attachedOnly && last?.unknown && last.value === undefined && last.index === p.rest - 1 && !/^--?$/.test(value(last.word) ?? '');
        if (ambiguous && command.length > 1) runs.push(withCwd({ kind: 'argv', argv: command.slice(1), via }));
      }
      return merge(answer, extra());
    },
  };
  if (spec.patterns) entry.patterns = spec.patterns;
  if (spec.dialects) entry.dialects = spec.dialects;
  if (!spec.operandsScript && typeof spec.before !== 'function' && (spec.before ?? 0) < 10) entry.peel = { options: spec.options ?? {}, before: spec.before ?? 0, assignments: spec.assignments === true };
  return entry;
}

/**
 * The programs and text an answer starts, run in `cwd` (undefined: where the program runs) unless a run names its own:
 * a wrapper's directory (`env -C`, `parallel --wd`) is where what it starts reads its relative paths.
 */
export function runsIn(answer: Partial<Answer> | undefined, cwd: string | null | undefined): Partial<Answer> | undefined {
  if (cwd === undefined || !answer?.runs) return answer;
  return { ...answer, runs: answer.runs.map((r) => ((r.kind === 'argv' || r.kind === 'script' || r.kind === 'text') && r.cwd === undefined ? { ...r, cwd } : r)) };
}

function optionText(name: string): string {
  return name.length === 1 ? `-${name}` : `--${name}`;
}

/** A program named by an option's value, with the arguments written after it: `gzip -9`. */
export function programRun(word: import('../types.js').Word, via: string): Run {
  const v = value(word);
  if (v === undefined) return { kind: 'opaque', rule: 'dynamic-command', word, why: `${via} runs a computed program: ${word.dynamic ?? 'not static'}` };
  // The value is split on blanks, as the programs that take one do before they exec it.
  const argv = v.split(/\s+/).filter((s) => s !== '');
  // The program that runs it hands it more arguments (a file name, `-d`, `-c TEXT`) that the line does not show.
  if (argv.length === 0) return { kind: 'argv', argv: [], via, more: true };
  return { kind: 'argv', argv: argv.map((t) => attached(word, t)), via, more: true };
}

export function merge(a: Partial<Answer>, b: Partial<Answer> | undefined): Partial<Answer> {
  if (!b) return a;
  return {
    ...a,
    ...b,
    runs: [...(a.runs ?? []), ...(b.runs ?? [])],
    uses: [...(a.uses ?? []), ...(b.uses ?? [])],
    ...(a.destroys || b.destroys ? { destroys: [...(a.destroys ?? []), ...(b.destroys ?? [])] } : {}),
  };
}

/**
 * What a program does when the word that decides its mode (`reg add`, `sc create`, `schtasks /create`, tar's `czf`) is
 * computed: the program may be in any mode that word can select, so the answer is the union of what each reading does
 * (fail closed), never the harmless one alone. `readings`: one spelling of each mode whose answer differs; a mode the
 * entry answers nothing for needs none. The word as the entry reads it unchanged (an operand, a value) is one reading
 * more. A static word is the program's own: `analyze` is asked once, as is.
 */
export function anyMode(call: Call, at: number, readings: readonly string[], analyze: (call: Call) => Partial<Answer>): Partial<Answer> {
  const word = call.args[at];
  if (word === undefined || at < 0 || word.values !== null) return analyze(call);
  // The reading stands at the computed word, which keeps its text: a finding points at it and names it (`$op`).
  return union([analyze(call), ...readings.map((r) => analyze({ ...call, args: call.args.map((a, i) => (i === at ? { text: a.text, span: a.span, values: [r] } : a)) }))]);
}

/**
 * What a call answers when words it is given are computed where `modes` may stand (ProgramEntry.modes): a word known
 * only when the line runs (`$o`, `"$o"`, `$(cat f)`) may be any word, so each is read as each mode in turn (anyMode at
 * each such word) and the answer is the union. Only a word that is one expansion and nothing else is read so
 * (`"$dir"/x` is no option), and none after a literal `--`, nor one known to be a number, identifiers or a program.
 * What a reading destroys, persists or opens that the call as written does not says which reading it came from.
 * `codeModes` (ProgramEntry.codeModes) are read only at a computed word that code written out follows.
 */
export function everyMode<A extends Partial<Answer>>(modes: readonly string[] | undefined, call: Call, analyze: (call: Call) => A, codeModes: readonly string[] = []): A {
  const own = analyze(call);
  if ((!modes || modes.length === 0) && codeModes.length === 0) return own;
  const dashes = call.args.findIndex((a) => value(a) === '--');
  const open = call.args.flatMap((a, i) => (i < (dashes < 0 ? call.args.length : dashes) && computedWord(a) ? [i] : [])).slice(0, MAX_COMPUTED);
  if (open.length === 0) return own;
  // A code option only where code follows it (`bash $o 'curl x'`): `bash "$SCRIPT" "$ARG"` runs a file.
  const spellings = (at: number) => [...(modes ?? []), ...(writtenOut(call.args[at + 1]) ? codeModes : [])];
  const seen = new Set([...(own.destroys ?? []), ...(own.persists ?? []), ...(own.opens ?? [])].map((d) => d.why));
  const said = <T extends { why: string }>(list: T[] | undefined, note: string) => list?.map((d) => (seen.has(d.why) ? d : { ...d, why: `${d.why} (${note})` }));
  const readings = open.flatMap((at) =>
    spellings(at).map((r) => {
      const a = analyze({ ...call, args: call.args.map((w, i) => (i === at ? { text: w.text, span: w.span, values: [r] } : w)) });
      const note = `${call.args[at]!.text} may be ${r}`;
      return { ...a, ...(a.destroys ? { destroys: said(a.destroys, note) } : {}), ...(a.persists ? { persists: said(a.persists, note) } : {}), ...(a.opens ? { opens: said(a.opens, note) } : {}) };
    }),
  );
  if (readings.length === 0) return own;
  // The word each reading replaced, which that reading cannot name.
  const replaced = open.flatMap((at) => spellings(at).map(() => call.args[at]));
  const all = union([own, ...readings]);
  // A word one reading names (a path it only looks at) and another leaves to its default (checked as anything) is
  // both: the union keeps the default as a use of its own, so that a narrower role does not stand for every reading.
  const named = new Set((all.uses ?? []).map((u) => u.word));
  const left = call.args.filter((w) => named.has(w) && [own, ...readings].some((a, i) => (i === 0 || replaced[i - 1] !== w) && !(a.uses ?? []).some((u) => u.word === w)));
  return { runs: [], uses: [], ...all, ...(left.length > 0 ? { uses: [...(all.uses ?? []), ...left.map((word) => ({ word, role: 'unknown' as const }))] } : {}) } as A;
}

/**
 * Text a code option before it would take as its code: a word with one static value that is no option, or what a
 * command or process substitution prints (`bash $o "$(cat s.sh)"`), the way code is handed on; not a plain variable (an argument,
 * `bash "$SCRIPT" "$ARG"`) nor output known to be identifiers or a number.
 */
function writtenOut(w: Word | undefined): boolean {
  if (w === undefined) return false;
  if (w.values === null) return /^"?(?:\$\(|`|<\()/.test(w.text) && !w.ids && !w.numeric && !w.numbers;
  return w.values.length === 1 && !w.values[0]!.startsWith('-');
}

/** The entry with the mode words a computed word of its arguments may be (ProgramEntry.modes), for one built by wrappers. */
export function withModes(entry: ProgramEntry, modes: readonly string[]): ProgramEntry {
  return { ...entry, modes };
}

/** Computed words read as each mode, at most: the first ones of a call (each costs one reading per mode). */
const MAX_COMPUTED = 4;

/** A word that is one expansion and nothing else, whose value may be any word (see everyMode). */
function computedWord(w: Word): boolean {
  // (Nor a name mktemp made, nor a path below a known directory: neither starts with `-`.)
  if (w.values !== null || w.numeric || w.ids || w.program || w.temp || w.under || w.numbers || w.top !== undefined || w.init !== undefined) return false;
  return /^"?(?:\$[A-Za-z_][A-Za-z0-9_]*|\$\{[^}]+\}|\$\((?:[^()]|\([^()]*\))*\)|`[^`]*`)"?$/.test(w.text);
}

/** What an answer says that holds only where every mode says it: a connection nowhere, a preview, its stdin and output. */
const EVERY_MODE = ['offline', 'stdin', 'leavesRead', 'keepsStdin', 'previews', 'output', 'items', 'record'] as const;

/**
 * The answers of several modes one invocation may be in, as one: all each does (its runs, uses, persistence,
 * destruction…), and what narrows it (no connection, a preview, its output) only where every mode says the same.
 */
export function union(answers: readonly Partial<Answer>[]): Partial<Answer> {
  if (answers.length === 1) return answers[0]!;
  const out: Record<string, unknown> = {};
  const sets = new Set<string>();
  for (const a of answers) {
    for (const [key, v] of Object.entries(a)) {
      if (v === undefined || (EVERY_MODE as readonly string[]).includes(key) || key === 'destinations') continue;
      // Values read from static input hold in one mode only: in the union the variables are set, to values not known.
      if (key === 'assigns' || key === 'reads') {
        for (const r of v as { name: string }[]) sets.add(r.name);
      } else if (key === 'sets') {
        for (const n of v as string[]) sets.add(n);
      } else if (Array.isArray(v)) out[key] = [...((out[key] as unknown[] | undefined) ?? []), ...v];
      else out[key] ??= v;
    }
  }
  if (sets.size > 0) out.sets = [...sets];
  // Absent destinations mean anywhere: named ones hold only where every mode names its own.
  if (answers.every((a) => a.destinations)) out.destinations = answers.flatMap((a) => a.destinations!);
  for (const key of EVERY_MODE) {
    const first = JSON.stringify(answers[0]![key]);
    if (first !== undefined && answers.every((a) => JSON.stringify(a[key]) === first)) out[key] = answers[0]![key];
  }
  return out as Partial<Answer>;
}

/** Programs that start nothing; their operands play `role` (data by default: `unknown`, checked like any word). */
export function known(names: string, summary: string, role: WordRole = 'unknown', more: Partial<ProgramEntry> = {}): ProgramEntry {
  return { names: names.split(/\s+/).filter((n) => n !== ''), summary, operands: role, examples: { deny: [], pass: [] }, ...more };
}

/** A run of shell text that one option's value holds. */
export function scriptRun(word: import('../types.js').Word, via: string): Run {
  return { kind: 'script', dialect: 'bash', words: [word], via };
}

/** Variables any program's shell setup code depends on: where it looks for itself, its config and its shell. */
const INIT_ENV = /^(PATH|HOME|SHELL|BASH_ENV|ENV|ZDOTDIR|XDG_[A-Z_]+)$/;

/**
 * An entry whose `OPTION NAME` (one name, with `option` matching the words before it) prints where NAME is found
 * (`which python3`, `command -v node`, `pyenv which python`): `$(…)` names that program (see Word.program).
 */
export function findsProgram(entry: ProgramEntry, option: RegExp): ProgramEntry {
  return {
    ...entry,
    analyze(call) {
      const answer = entry.analyze?.(call) ?? {};
      const words = call.args.map((a) => value(a));
      const name = words.at(-1);
      if (name === undefined || !/^[\w.+-]+$/.test(name) || !option.test(words.slice(0, -1).join(' '))) return answer;
      return { ...answer, output: { kind: 'program', name } };
    },
  };
}

/**
 * A program that prints shell setup code of its own making in one exact mode (`conda shell.bash hook`, `pyenv init -`,
 * `brew shellenv`), which `eval "$(…)"` runs (PowerShell: `starship init powershell`, which `… | Invoke-Expression` runs): the code defines the program's functions and sets its variables from its
 * install, the way cc-safety-net's standard mode allows these idioms. Not where the line set a variable that changes
 * what it prints or where it is found (`config`, and PATH, HOME, XDG_*): then its output is text like any other.
 */
export function shellInit(entry: ProgramEntry, m: { when: RegExp; powershell?: RegExp; config: RegExp; split?: RegExp; examples: ProgramEntry['examples'] }): ProgramEntry {
  return {
    ...entry,
    summary: `${entry.summary}; prints its own shell setup code (${m.when.source}${m.powershell ? `; PowerShell: ${m.powershell.source}` : ''})`,
    examples: { deny: [...entry.examples.deny, ...m.examples.deny], pass: [...entry.examples.pass, ...m.examples.pass] },
    analyze(call) {
      const answer = entry.analyze?.(call) ?? {};
      const words = call.args.map((a) => value(a));
      // The mode that prints code for the shell that runs it: bash's for `eval "$(…)"`, PowerShell's for `… | iex`.
      const mode = call.dialect === 'powershell' ? m.powershell : m.when;
      if (mode === undefined || words.some((w) => w === undefined) || !mode.test(words.join(' '))) return answer;
      if ((call.envNames?.() ?? []).some((n) => INIT_ENV.test(n) || m.config.test(n))) return answer;
      // `split`: modes whose code is assignments with no glob character in any word (`ssh-agent -s`), so that
      // `eval $(…)` unquoted, which splits the code into words and joins them again, runs the same code.
      return { ...answer, output: { kind: 'shell-init', ...(m.split?.test(words.join(' ')) ? { split: true } : {}) } };
    },
  };
}

/**
 * A program that, in a mode `when` matches (its words joined by spaces, every one static), prints the path of a
 * directory of its own setup or of the project (`npm bin`, `go env GOPATH`): see the `directory` output. Not where the
 * line set a variable it reads (`config`, and PATH, HOME, XDG_*: `GOPATH='/usr/bin/curl x' go env GOPATH` prints words of the line's making); the
 * resolver also wants a directory it runs in with no blank (a project's path is part of what npm prints).
 */
export function printsDirectory(entry: ProgramEntry, m: { when: RegExp; config: RegExp; examples: ProgramEntry['examples']; holds?: true; cache?: true | string[]; stands?: Readonly<Record<string, string>> | ((said: string) => string | undefined) }): ProgramEntry {
  return {
    ...entry,
    summary: `${entry.summary}; prints a directory of its setup (${m.when.source})`,
    examples: { deny: [...entry.examples.deny, ...m.examples.deny], pass: [...entry.examples.pass, ...m.examples.pass] },
    analyze(call) {
      const answer = entry.analyze?.(call) ?? {};
      const words = call.args.map((a) => value(a));
      const set = (call.envNames?.() ?? []).filter((n) => (INIT_ENV.test(n) || m.config.test(n)) && call.env(n) !== undefined);
      if (words.some((w) => w === undefined) || !m.when.test(words.join(' ')) || set.some((n) => n !== 'PATH')) return answer;
      // With PATH changed the program may be another one, whose output is any text; it may still be this one, whose
      // directory counts (`PATH=…; cp x "$(go env GOPATH)/bin/gofmt"`), but no longer as a cache a delete may clear.
      const cache = set.length === 0 ? m.cache : undefined;
      // (A function is asked with the name and the words, `asdf where nodejs`: for a mode whose words name a tool.)
      const stands = typeof m.stands === 'function' ? m.stands(`${call.name} ${words.join(' ')}`) : (m.stands?.[`${call.name} ${words.join(' ')}`] ?? m.stands?.[words.join(' ')]);
      return { ...answer, output: { kind: 'directory', ...(m.holds ? { holds: true as const } : {}), ...(cache ? { cache } : {}), ...(stands !== undefined ? { stands } : {}) } };
    },
  };
}

/**
 * An entry of its own that, in the mode `when` matches (its words joined by spaces, a computed one standing as NUL),
 * answers more: what `more` adds to its answer. The other `also…` wrappers are this one.
 */
export function inMode(entry: ProgramEntry, m: { when: RegExp; summary: string; examples: ProgramEntry['examples']; more: (call: Call, answer: Partial<Answer>) => Partial<Answer>; modes?: readonly string[] }): ProgramEntry {
  return {
    ...entry,
    summary: `${entry.summary}; ${m.summary}`,
    examples: { deny: [...entry.examples.deny, ...m.examples.deny], pass: [...entry.examples.pass, ...m.examples.pass] },
    analyze(call) {
      const answer = entry.analyze?.(call) ?? {};
      // Options may stand before the mode's words (`op --account x read …`): every reading of them is tried, and of
      // each computed word as each of `modes` (`npm $op set script-shell x`: it may be `config`).
      return [call.args, ...modeReadings(call.args, m.modes ?? [])].some((args) => subcommandViews(args).some((v) => m.when.test(v))) ? m.more(call, answer) : answer;
    },
  };
}

/** The words with one computed word read as one of `modes`, for each computed word and each mode (see anyMode). */
function modeReadings(args: readonly Word[], modes: readonly string[]): Word[][] {
  const out: Word[][] = [];
  args.forEach((a, at) => {
    if (a.values === null) for (const m of modes) out.push(args.map((w, i) => (i === at ? { text: w.text, span: w.span, values: [m] } : w)));
  });
  return out;
}

/**
 * In that mode it also plays `role` on a file it keeps: a read of the store a credential CLI prints from (`keeping`),
 * a write of the configuration a `config set` changes (`configuring`). The use stands at the call's first word.
 */
export function alsoUses(entry: ProgramEntry, m: { file: string; when: RegExp; role: 'read' | 'write'; summary: string; examples: ProgramEntry['examples']; modes?: readonly string[] }): ProgramEntry {
  return inMode(entry, {
    ...m,
    more: (call, answer) => {
      const first = call.args[0];
      // A computed first word (`npm $op set …`) still stands for the file, not for a path computed from it.
      const file = first?.values === null ? literal(m.file, first.span) : first && attached(first, m.file);
      return file ? { ...answer, uses: [...(answer.uses ?? []), { word: file, role: m.role }] } : answer;
    },
  });
}

/**
 * A program that, in a mode a pattern over its joined words matches, takes what it reads on stdin as a secret and
 * prints none of it (`docker login --password-stdin`): see Answer.keepsStdin.
 */
export function keepsStdin(entry: ProgramEntry, m: { when: RegExp; why: string; examples: ProgramEntry['examples'] }): ProgramEntry {
  return inMode(entry, { when: m.when, summary: m.why, examples: m.examples, more: (_call, answer) => ({ ...answer, keepsStdin: true }) });
}

/** A program that, in a mode a pattern over its joined words matches, prints the whole environment (`npm run env`). */
export function alsoDumps(entry: ProgramEntry, m: { when: RegExp; why: string; examples: ProgramEntry['examples'] }): ProgramEntry {
  return inMode(entry, { when: m.when, summary: m.why, examples: m.examples, more: (_call, answer) => ({ ...answer, dumps: m.why }) });
}

/**
 * A program whose `config set`-like mode writes a file in the home that it reads at every later start (npm's
 * `script-shell`, pip's `index-url`): the entry, with that mode a write of the file.
 */
export function configuring(entry: ProgramEntry, c: { file: string; sets: RegExp; examples: ProgramEntry['examples']; modes?: readonly string[] }): ProgramEntry {
  return alsoUses(entry, { file: c.file, when: c.sets, role: 'write', summary: `its configuration commands write ${c.file}`, examples: c.examples, ...(c.modes ? { modes: c.modes } : {}) });
}

/**
 * A word that reads as a command line (`'rm -rf ~'`, `--exec='rm -rf ~'`, `CMD='rm -rf ~'`) handed to what may run it
 * (a program vouch does not know, a makefile's recipe): the text after an option's or a variable's `NAME=`, when it
 * holds a space and starts with a word shaped as a program. It is a `maybe` run: a message or a name as well, so only
 * what it surely does (deletes, writes, reads) counts; egress of such text is vouch.unknown-program's to judge.
 */
export function maybeText(word: Word, dialect: ScriptDialect, via: string): Run[] {
  const v = word.values?.length === 1 ? word.values[0]! : undefined;
  if (v === undefined) return [];
  const text = v.replace(/^(?:--?[\w-]+|[A-Za-z_]\w*)=/, '');
  if (!/\S\s+\S/.test(text) || !/^\s*[\w./~+-][\w./~+-]*\s/.test(text) || /^\s*-/.test(text)) return [];
  return [{ kind: 'text', dialect, text, word, via: `${via} (its argument)`, maybe: true }];
}

/**
 * An agent CLI's own subcommands that change its setup (`claude mcp add`, `claude plugin install`, `codex mcp add`,
 * `gemini extensions install`): what each writes, as the file it keeps it in, so the line meets that file's checks.
 * Matched on the words' static values joined by NUL, so a prompt that says `mcp add` is no subcommand.
 * The guard refuses them as self-protection (test/self-protection.test.ts); to the analyzer they are no finding.
 */
export interface AgentSetupChange {
  when: RegExp;
  writes: string[];
}

/**
 * An agent's CLI run from the line (`claude -p …`, `codex exec …`) runs what its model asks for, each call checked by
 * the hooks its settings name, vouch's among them: everyday work. Not where the line moves those settings (its home,
 * XDG_CONFIG_HOME, its own config directory: `env`) or hands it others (`options`: `claude --settings`, `codex -c`):
 * then what it runs is checked by nothing the line shows.
 */
export function agentCli(entry: Pick<ProgramEntry, 'names' | 'summary'> & Partial<ProgramEntry>, m: { env: string[]; options?: RegExp; changes?: AgentSetupChange[]; examples: ProgramEntry['examples'] }): ProgramEntry {
  return {
    ...entry,
    summary: `${entry.summary}; an agent whose settings (its hooks) the line moves or overrides runs unchecked`,
    examples: { deny: [...(entry.examples?.deny ?? []), ...m.examples.deny], pass: [...(entry.examples?.pass ?? []), ...m.examples.pass] },
    analyze(call) {
      let answer = entry.analyze?.(call) ?? {};
      const said = call.args.map((a) => value(a) ?? '\u0001').join('\u0000');
      const change = m.changes?.find((c) => c.when.test(said));
      const first = call.args[0];
      if (change && first) answer = { ...answer, uses: [...(answer.uses ?? []), ...change.writes.map((w) => ({ word: attached(first, w), role: 'write' as const }))] };
      const moved = ['HOME', 'XDG_CONFIG_HOME', ...m.env].find((n) => call.env(n) !== undefined);
      // (A computed word is the prompt or a value, as likely as an option: only an option written out is read.)
      const options = m.options;
      const option = options && call.args.find((a) => value(a) !== undefined && options.test(value(a)!));
      const word = option ?? call.command ?? call.args[0];
      if ((moved === undefined && option === undefined) || word === undefined) return answer;
      const why = `${call.name} runs an agent with settings ${option ? `the line gives it (${option.text})` : `moved by the line (${moved})`}: the hooks that check what it runs may not be there`;
      return { ...answer, runs: [...(answer.runs ?? []), { kind: 'opaque', rule: 'dynamic-script', word, why }] };
    },
  };
}
