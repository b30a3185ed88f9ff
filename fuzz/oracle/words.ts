// Words differential against real bash: generated lines put a generated word in one place of a command (an argument
// of printf, the program, a redirection target, an assignment's value, a here-string, a for list, after env); bash
// runs each in the oracle's sandbox and shows what it made of the word (printf's output, an xtrace line, the file it
// opened or named in its error); vouch's reading of the same line is compared: the program, how many words, and each
// static word's value. A computed word stands for any words bash made there.
import fc from 'fast-check';
import type { Analysis, Segment, Word } from '../../src/types.js';
import { runScript } from './sandbox.js';

/** Where the generated words stand in the line. */
export type Place = 'arg' | 'env' | 'cmd' | 'redirect' | 'assign' | 'herestring' | 'for';
export const PLACES: readonly Place[] = ['arg', 'env', 'cmd', 'redirect', 'assign', 'herestring', 'for'];

/** Variables every line sets first: a plain value, one with a blank, a glob, a path, an empty one. */
export const PREFIX = "A=a1 B='b 2' C='c*' D=/d E=; ";

// Pieces a word is made of: expansions, quotes, substitutions, braces, tildes, globs, escapes and lone characters.
// No `$$` or `$PPID` (a process id: vouch reads every such number as 0, see NUMERIC_PARAMETERS) and no `$RANDOM`.
export const ATOMS: readonly string[] = [
  // expansions
  '$A', '${A}', '"$A"', '$B', '"$B"', '${B}', '$C', '"$C"', '$D', '$E', '"$E"', '${A:-z}', '${U:-u v}', '"${U:-u v}"', '${#B}', '${A%1}', '${A/1/2}', '$1', '"$@"', '$?', '$#',
  // quotes
  "'x'", '"x"', "$'\\x41'", "$'a\\tb'", '""', "''", '"a b"', "'a  b'", '"\\$A"', '"`echo q`"', '"a\'b"', "$'\\''",
  // substitutions and arithmetic
  '`echo b`', '$(echo b)', '"$(echo b c)"', '$(echo b c)', '`echo $A`', '$(echo $B)', '$((1+2))', '$[1+2]', '"$((2*3))"',
  // brace expansion
  '{a,b}', '{1..3}', '{a}', '{,x}', 'x{a,b}y', '{$A,b}', '{a,$B}', '{a,"b c"}',
  // tildes and globs (the line runs in an empty directory: a relative glob matches nothing)
  '~', '~/t', '~+', '[ab]', '*', '?', '[!a]', 'x*', '[$A]',
  // escapes, a line continuation
  '\\ ', '\\\\', '\\$A', '\\"', "\\'", '\\{a,b\\}', '\\\n', '\\#', '\\~', '\\*',
  // lone characters
  '$', '#', '=', '%', '@', ':', ',', '+', '-', '.', '/', 'x', 'y1', '!', '^',
];

export interface WordsCase {
  place: Place;
  /** The whole line, as vouch reads it and bash runs it. */
  line: string;
  /** The generated words. */
  words: string[];
  /** Offset of the place in the line (the command, the target, the value, the first loop word). */
  at: number;
}

/** The line for words in a place, with the offset where the place starts. */
export function placed(place: Place, words: string[]): WordsCase {
  const w = words.join(' ');
  const shape = (before: string, after = ''): WordsCase => ({ place, line: `${PREFIX}${before}${w}${after}`, words, at: PREFIX.length + before.length });
  switch (place) {
    case 'arg':
      return { ...shape("printf '%s\\037' . "), at: PREFIX.length };
    case 'env':
      return { ...shape("env printf '%s\\037' . "), at: PREFIX.length };
    case 'cmd':
      return { ...shape('set -x; ', ' x') };
    case 'redirect':
      return { ...shape(': > '), at: PREFIX.length };
    case 'assign':
      return { ...shape('X=', "; printf '%s\\037' . \"$X\""), at: PREFIX.length };
    case 'herestring':
      return { ...shape('cat <<< '), at: PREFIX.length };
    case 'for':
      return shape('for f in ', "; do printf '%s\\037' \"$f\"; done");
  }
}

/** Generated cases: a place, and one to three words of one to four atoms (one word where the place takes one). */
export function generate(count: number, seed: number): WordsCase[] {
  // (Atoms side by side can make `$$`, a process id that differs from line to line: such words are left out.)
  const word = fc
    .array(fc.constantFrom(...ATOMS), { minLength: 1, maxLength: 4 })
    .map((a) => a.join(''))
    .filter((w) => !w.includes('$$'));
  const arb = fc.tuple(fc.constantFrom(...PLACES), fc.array(word, { minLength: 1, maxLength: 3 }));
  return fc.sample(arb, { numRuns: count, seed }).map(([place, words]) => placed(place, ['redirect', 'assign', 'herestring'].includes(place) ? words.slice(0, 1) : words));
}

/**
 * The class the last sessions found against mvdan (fuzz/parse-diff.test.ts): heads, separators, middles and tails, in
 * every place; `every`: only every so many of them (a stride, so each head, separator and place still comes).
 */
export function grid(every = 1): WordsCase[] {
  const heads = ['$A', '${A}', '"$A"', "'a'$A", 'x$A', '$(echo a)', '`echo a`', '{a,b}', '~', '[ab]', '\\ '];
  const seps = ['/', '.', '-', ':', '=', ',', '~', '#'];
  const mids = ['$B', '${B}', '"$B"', '$(echo b)', '`echo b`', '$'];
  const tails = ['', '/y', '$C', ' "$A $B"', ' \\  x', ' $ x'];
  // (A place that takes one word gets the word without a tail of more words.)
  const one = (place: Place) => place === 'redirect' || place === 'assign' || place === 'herestring';
  const out: WordsCase[] = [];
  let n = 0;
  for (const h of heads) for (const s of seps) for (const m of mids) for (const t of tails) {
    if (`${h}${s}${m}${t}`.includes('$$')) continue;
    for (const place of PLACES) {
      if (one(place) && t.startsWith(' ')) continue;
      if (n++ % every === 0) out.push(placed(place, [`${h}${s}${m}${t}`]));
    }
  }
  return out;
}

/** What bash made of one case: the words (argv, xtrace, loop values), or one value, or why it showed nothing. */
export interface BashReading {
  /** The words bash made at the place, in order (one for a redirection, a value or a here-string). */
  words?: string[];
  /** A redirection bash refused as ambiguous (the target expanded to several words or none). */
  ambiguous?: boolean;
  /** Why nothing was observed (bash failed before the command ran, or the output could not be read). */
  none?: string;
  stderr: string;
}

const CASE_DIR = '/tmp/w';
/** The directory case `i` runs in (vouch is told the same). */
export const caseDir = (i: number): string => `${CASE_DIR}/${i}`;

// The script: reads (place, line) pairs on stdin, runs each line in a fresh `bash -c` in an empty directory of its own,
// and prints its stdout, its stderr and (for a redirection) the files it made, between control-character marks.
const SCRIPT = String.raw`
IFS= read -r -d '' i; IFS= read -r -d '' n
dirs=(); for ((k = i; k < i + n; k++)); do dirs+=("/tmp/w/$k"); done; /bin/mkdir -p "${'$'}{dirs[@]}"
while IFS= read -r -d '' place && IFS= read -r -d '' line; do
  d=/tmp/w/$i
  printf '\x02%s\x03' "$i"
  (cd "$d" && exec /bin/bash --norc --noprofile -c "$line") </dev/null 2>/tmp/err
  e=; IFS= read -r -d '' -N 65536 e </tmp/err; printf '\x04%s\x05' "$e"
  [[ $place == redirect ]] && /bin/find "$d" -mindepth 1 -type f -printf '%P\037'
  i=$((i+1))
done
printf '\x06'
`;

/** Runs every case in one sandbox (bash reads many lines in one start), their readings in order. */
export async function runInSandbox(cases: WordsCase[], home: string, first = 0): Promise<BashReading[]> {
  const input = `${first}\0${cases.length}\0${cases.map((c) => `${c.place}\0${c.line}\0`).join('')}`;
  const { stdout, timedOut } = await runScript(SCRIPT, input, { home, cwd: CASE_DIR, timeoutMs: 60_000 + cases.length * 200, programs: ['env', 'printf'], readOnlyHome: true });
  if (timedOut || !stdout.endsWith('\x06')) throw new Error(`the words sandbox did not finish (timed out: ${timedOut}); its output ends ${JSON.stringify(stdout.slice(-300))}`);
  const records = stdout.slice(0, -1).split('\x02').slice(1);
  if (records.length !== cases.length) throw new Error(`the words sandbox ran ${records.length} of ${cases.length} cases`);
  return records.map((rec, i) => {
    const m = /^(\d+)\x03([\s\S]*)\x04([\s\S]*)\x05([\s\S]*)$/.exec(rec);
    if (!m || Number(m[1]) !== first + i) return { none: `unreadable record ${JSON.stringify(rec.slice(0, 200))}`, stderr: '' };
    return readCase(cases[i]!, m[2]!, m[3]!, m[4]!, first + i);
  });
}

/** Fields of printf '%s\037' output, the leading `.` mark checked and dropped where the place prints one. */
function fields(out: string, marked: boolean): string[] | undefined {
  if (!out.endsWith('\x1f')) return out === '' && !marked ? [] : undefined;
  const f = out.slice(0, -1).split('\x1f');
  if (!marked) return f;
  return f[0] === '.' ? f.slice(1) : undefined;
}

/** Decodes one xtrace line into its words (bash quotes with '…', \' and $'…'). */
export function xtraceWords(line: string): string[] | undefined {
  const words: string[] = [];
  let cur = '';
  let inWord = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === ' ') {
      if (inWord) words.push(cur);
      cur = '';
      inWord = false;
      continue;
    }
    inWord = true;
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) return undefined;
      cur += line.slice(i + 1, end);
      i = end;
    } else if (c === '$' && line[i + 1] === "'") {
      let j = i + 2;
      for (; j < line.length && line[j] !== "'"; j++) {
        if (line[j] !== '\\') {
          cur += line[j];
          continue;
        }
        const e = line[++j]!;
        const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', v: '\v', '\\': '\\', "'": "'", '"': '"' };
        if (/[0-7]/.test(e)) {
          const oct = /^[0-7]{1,3}/.exec(line.slice(j))![0];
          cur += String.fromCharCode(Number.parseInt(oct, 8));
          j += oct.length - 1;
        } else cur += simple[e] ?? `\\${e}`;
      }
      if (j >= line.length) return undefined;
      i = j;
    } else if (c === '\\') {
      cur += line[++i] ?? '';
    } else cur += c;
  }
  if (inWord) words.push(cur);
  return words;
}

function readCase(c: WordsCase, out: string, err: string, files: string, i: number): BashReading {
  const stderr = err;
  switch (c.place) {
    case 'arg':
    case 'env':
    case 'assign': {
      const f = fields(out, true);
      if (f === undefined) return { none: 'printf did not run', stderr };
      return { words: f, stderr };
    }
    case 'for': {
      const f = fields(out, false);
      if (f === undefined) return { none: 'the loop printed no field', stderr };
      return { words: f, stderr };
    }
    case 'herestring':
      if (!out.endsWith('\n')) return { none: 'cat printed no line', stderr };
      return { words: [out.slice(0, -1)], stderr };
    case 'cmd': {
      // The last command traced at the top level (a substitution's are traced with the `+` doubled; bash run as root
      // takes no PS4 from its environment).
      const traced = err.split('\n').filter((l) => l.startsWith('+ '));
      if (traced.length === 0) return /: (?:syntax error|bad substitution)|unexpected/.test(err) ? { none: 'bash refused the line', stderr } : { words: [], stderr };
      const w = xtraceWords(traced.at(-1)!.slice(2));
      return w ? { words: w, stderr } : { none: 'unreadable xtrace line', stderr };
    }
    case 'redirect': {
      const made = files.split('\x1f').filter((f) => f !== '');
      if (made.length === 1) return { words: [`${caseDir(i)}/${made[0]}`], stderr };
      if (/: ambiguous redirect$/m.test(err)) return { ambiguous: true, stderr };
      const m = /^bash: line \d+: (.*): (?:No such file or directory|Is a directory|Not a directory|Read-only file system|Permission denied|File name too long)$/m.exec(err);
      if (m) return { words: [m[1]!], stderr };
      return { none: 'no file made and no error naming one', stderr };
    }
  }
}

// ── vouch's side ──────────────────────────────────────────────────────────────────────────────────────────────────

/** One disagreement: what bash made, what vouch read. */
export interface WordsDisagreement {
  case: WordsCase;
  kind: 'another program' | 'another word count or value' | 'an extra command' | 'a command missing';
  bash: string[];
  vouch: string[];
}

const show = (w: Word): string => (w.values ? (w.values.length === 1 ? JSON.stringify(w.values[0]) : `{${w.values.map((v) => JSON.stringify(v)).join(',')}}`) : `<${w.glob ? 'glob' : 'computed'}>`);

/** Whether vouch refused the line as one it cannot parse (a syntax error, a construct it does not read). */
export function refused(analysis: Analysis): boolean {
  return analysis.findings.some((f) => f.rule === 'vouch.parse-error' || f.rule === 'vouch.unknown-node');
}

/** Segments at the top level of the line (no substitution's) from the place on. */
function placeSegments(analysis: Analysis, at: number): Segment[] {
  // (A statement read twice, on two paths the shell may take, is one command: `@ . x`.)
  const seen = new Set<string>();
  return analysis.segments.filter((s) => {
    if (s.span.start < at || s.depth !== 0 || s.context.some((c) => /substitution|process/.test(c))) return false;
    const key = `${s.span.start}:${s.span.end}:${s.words.map((w) => w.text).join(' ')}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Whether bash's words can be vouch's: each static word is its values in order (brace expansion makes several), each
 * computed word any number of words, a glob one or more (or its own text where nothing matches).
 */
export function matches(vouch: readonly Word[], bash: readonly string[]): boolean {
  const memo = new Map<string, boolean>();
  const go = (i: number, j: number): boolean => {
    const key = `${i},${j}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let r: boolean;
    if (i === vouch.length) r = j === bash.length;
    else {
      const w = vouch[i]!;
      if (w.values === null) {
        r = false;
        for (let k = j; k <= bash.length && !r; k++) r = go(i + 1, k);
      } else if (w.glob) {
        r = false;
        for (let k = j + 1; k <= bash.length && !r; k++) r = go(i + 1, k);
      } else {
        const n = w.values.length;
        r = j + n <= bash.length && w.values.every((v, x) => v === bash[j + x]) && go(i + 1, j + n);
      }
    }
    memo.set(key, r);
    return r;
  };
  return go(0, 0);
}

/** Compares vouch's reading of one case with bash's; undefined where they agree or bash showed nothing. */
export function compareCase(c: WordsCase, analysis: Analysis, bash: BashReading, cwd: string): WordsDisagreement | undefined {
  if (bash.none !== undefined) return undefined;
  // A line vouch finds a syntax error in is refused whole (cannot-vouch): no reading of it is used.
  if (refused(analysis)) return undefined;
  const segs = placeSegments(analysis, c.at);
  const all = (ws: readonly Word[]): string[] => ws.map(show);
  const differ = (kind: WordsDisagreement['kind'], vouch: string[]): WordsDisagreement => ({ case: c, kind, bash: bash.words ?? ['<ambiguous redirect>'], vouch });
  const fixed = (seg: Segment | undefined, head: string[]): WordsDisagreement | undefined => {
    if (!seg) return differ('a command missing', []);
    const got = seg.words.slice(0, head.length).map((w) => w.values?.join(' '));
    if (got.join('\0') !== head.join('\0')) return differ('another program', all(seg.words));
    return undefined;
  };
  switch (c.place) {
    case 'arg':
    case 'env': {
      const head = c.place === 'arg' ? ['printf', '%s\\037', '.'] : ['env', 'printf', '%s\\037', '.'];
      if (segs.length > 1) return differ('an extra command', segs.map((s) => all(s.words).join(' ')));
      const bad = fixed(segs[0], head);
      if (bad) return bad;
      const rest = segs[0]!.words.slice(head.length);
      return matches(rest, bash.words!) ? undefined : differ('another word count or value', all(rest));
    }
    case 'cmd': {
      // (`set -x` stands before the place: the command is the first segment from it, if any.)
      const after = segs;
      const seg = after[0];
      if (after.length > 1) return differ('an extra command', after.map((s) => all(s.words).join(' ')));
      const words = seg ? [...seg.assignments.map((a) => (a.value.values?.length === 1 ? { ...a.value, values: [`${a.name}=${a.value.values[0]}`] } : { ...a.value, values: null })), ...seg.words] : [];
      if (matches(words, bash.words!)) return undefined;
      // The program differs where the first static word is not bash's first word.
      const first = words[0];
      const kind = first?.values && bash.words!.length > 0 && !first.glob && first.values[0] !== bash.words![0] ? 'another program' : 'another word count or value';
      return differ(kind, all(words));
    }
    case 'redirect': {
      if (segs.length > 1) return differ('an extra command', segs.map((s) => all(s.words).join(' ')));
      const bad = fixed(segs[0], [':']);
      if (bad) return bad;
      const target = segs[0]!.redirects[0]?.target;
      if (!target) return differ('a command missing', ['<no target>']);
      // Bash opened nothing: whatever vouch read there, it read more than bash did.
      if (bash.ambiguous) return undefined;
      const absolute = target.values?.map((v) => (v.startsWith('/') ? v : `${cwd}/${v}`));
      return target.values === null || target.glob || (absolute!.length === 1 && absolute![0] === bash.words![0]) ? undefined : differ('another word count or value', [show(target)]);
    }
    case 'assign': {
      const assign = segs[0]?.assignments.find((a) => a.name === 'X');
      if (!assign) return differ('a command missing', segs.map((s) => all(s.words).join(' ')));
      if (segs.length > 2) return differ('an extra command', segs.map((s) => all(s.words).join(' ')));
      const v = assign.value;
      return v.values === null || (v.values.length === 1 && v.values[0] === bash.words![0]) ? undefined : differ('another word count or value', [show(v)]);
    }
    case 'herestring': {
      if (segs.length > 1) return differ('an extra command', segs.map((s) => all(s.words).join(' ')));
      const bad = fixed(segs[0], ['cat']);
      if (bad) return bad;
      const body = segs[0]!.redirects.find((r) => r.op === '<<<')?.body;
      if (!body) return differ('a command missing', ['<no here-string>']);
      return body.values === null || (body.values.length === 1 && body.values[0] === bash.words![0]) ? undefined : differ('another word count or value', [show(body)]);
    }
    case 'for': {
      // The loop's words are the first segment in the loop.
      const head = analysis.segments.find((s) => s.context.at(-1) === 'for' && s.span.start >= c.at);
      if (!head) return bash.words!.length === 0 ? undefined : differ('a command missing', []);
      return matches(head.words, bash.words!) ? undefined : differ('another word count or value', all(head.words));
    }
  }
}
