// A program's arguments read the way its own parser reads them: getopt and getopt_long, with their edge cases.
import type { Word } from '../types.js';
import type { OptionSpec, ParsedArgs, ParsedOption } from './types.js';
import { attached, onlyPaths, value } from './words.js';

/** The long option `given` names among a spec's four lists (exactly, or by an unambiguous prefix). */
function longOption(given: string, spec: OptionSpec): { name: string; kind: 'flag' | 'valued' | 'optional' | 'two' } | 'ambiguous' | undefined {
  let found: { name: string; kind: 'flag' | 'valued' | 'optional' | 'two' } | undefined;
  const lists = [
    [spec.long, 'flag'],
    [spec.longValued, 'valued'],
    [spec.longOptional, 'optional'],
    [spec.longTwo, 'two'],
  ] as const;
  // An exact name wins over every prefix, whichever list holds it (`--retry` beside `--retry-connrefused`).
  for (const [list, kind] of lists) if (list?.includes(given)) return { name: given, kind };
  for (const [list, kind] of lists) {
    if (!list) continue;
    for (const n of list) {
      if (!n.startsWith(given)) continue;
      if (found !== undefined && found.name !== n) return 'ambiguous';
      found = { name: n, kind };
    }
  }
  return found;
}

/** A word's text as an argument parser sees it: its static value, globs and brace expansions included. */
function argText(word: Word): string | undefined {
  return word.values === null || word.values.length === 0 ? undefined : word.values[0];
}

/** A computed word that may expand to anything, an option included (`$X`, `"$@"`), as opposed to `--opt=$X`. */
function couldBeAnything(word: Word): boolean {
  return word.values === null && !/^["']?-/.test(word.text);
}

/**
 * A computed word that starts with a literal character no option starts with (`"http://x:$P/"`, `build-$V`), that
 * names a program by path (`"$VIRTUAL_ENV/bin/python"`, see Word.program), or that is only ids (`$(docker ps -q)`,
 * see Word.ids).
 */
function surelyOperand(word: Word): boolean {
  return /^"?[A-Za-z0-9_./:@%+=,]/.test(word.text) || (word.program !== undefined && !word.program.vanish) || word.ids !== undefined || onlyPaths(word);
}

/**
 * Splits arguments by an option model. An option the model does not know is taken as a flag and marked
 * `unknown`: the caller decides whether that matters (a wrapper cannot tell where its command starts).
 */
export function parse(args: readonly Word[], spec: OptionSpec = {}): ParsedArgs {
  const options: ParsedOption[] = [];
  const operands: { word: Word; index: number }[] = [];
  const flags = spec.flags ?? '';
  const valued = spec.valued ?? '';
  let rest = -1;
  let dynamic: ParsedArgs['dynamic'];
  let i = 0;
  if (spec.oldStyle && args[0] && value(args[0]) !== undefined && !value(args[0])!.startsWith('-') && value(args[0]) !== '') {
    // `tar cIf prog x.tar`: every letter is an option; valued ones take the next words in order.
    const bundle = value(args[0])!;
    let next = 1;
    for (const letter of bundle) {
      const opt: ParsedOption = { name: letter, word: args[0], index: 0 };
      if (valued.includes(letter)) {
        const v = args[next];
        if (v) opt.value = v;
        next++;
      } else if (!flags.includes(letter)) opt.unknown = true;
      options.push(opt);
    }
    i = next;
  }
  const operandAt = (k: number): boolean => {
    operands.push({ word: args[k]!, index: k });
    if (spec.order === 'gnu') return false;
    // posix: options end at the first operand, and everything after it is an operand.
    rest = k;
    for (let m = k + 1; m < args.length; m++) operands.push({ word: args[m]!, index: m });
    return true;
  };
  for (; i < args.length; i++) {
    const word = args[i]!;
    const text = argText(word);
    if (text === undefined) {
      if (couldBeAnything(word)) {
        if (!surelyOperand(word)) dynamic ??= { word, index: i };
        if (operandAt(i)) break;
        continue;
      }
      // `--opt=$X`, `-o"$X"`: an option whose value is computed.
      const name = /^["']?--?([A-Za-z0-9][\w-]*)/.exec(word.text)?.[1] ?? '';
      options.push({ name, word, index: i, value: word, unknown: true });
      continue;
    }
    if (text === '--') {
      rest = i + 1;
      for (let k = i + 1; k < args.length; k++) operands.push({ word: args[k]!, index: k });
      break;
    }
    if (spec.plus && text.length > 1 && text.startsWith('+')) {
      i = shortCluster(args, i, text, spec, options);
      continue;
    }
    if (text.length < 2 || !text.startsWith('-')) {
      if (operandAt(i)) break;
      continue;
    }
    if (spec.numeric && /^-\d+$/.test(text)) {
      options.push({ name: text.slice(1), word, index: i });
      continue;
    }
    const isLong = text.startsWith('--') || (spec.singleDash === true && text.length > 2);
    if (isLong) {
      const body = text.startsWith('--') ? text.slice(2) : text.slice(1);
      const eq = body.indexOf('=');
      const given = eq < 0 ? body : body.slice(0, eq);
      const found = longOption(given, spec);
      if (found === undefined || found === 'ambiguous') {
        // A single-dash long option that matches nothing may still be a bundle of short ones.
        if (spec.singleDash && !text.startsWith('--') && (flags || valued)) {
          i = shortCluster(args, i, text, spec, options);
          continue;
        }
        const opt: ParsedOption = { name: given, word, index: i, unknown: true };
        if (eq >= 0) opt.value = attached(word, body.slice(eq + 1));
        options.push(opt);
        continue;
      }
      const opt: ParsedOption = { name: found.name, word, index: i };
      if (eq >= 0) opt.value = attached(word, body.slice(eq + 1));
      else if (found.kind === 'valued' || found.kind === 'two') {
        const v = args[i + 1];
        if (v) opt.value = v;
        i++;
      }
      if (found.kind === 'two') {
        const v2 = args[i + 1];
        if (v2) opt.value2 = v2;
        i++;
      }
      options.push(opt);
      continue;
    }
    i = shortCluster(args, i, text, spec, options);
  }
  if (rest < 0) rest = args.length;
  const parsed: ParsedArgs = { options, operands, rest };
  if (dynamic) parsed.dynamic = dynamic;
  return parsed;
}

/** A cluster of short options (`-xvf file`); the first that takes a value ends it. Returns the last index used. */
function shortCluster(args: readonly Word[], i: number, text: string, spec: OptionSpec, options: ParsedOption[]): number {
  const word = args[i]!;
  const flags = spec.flags ?? '';
  const valued = spec.valued ?? '';
  const optional = spec.optional ?? '';
  for (let j = 1; j < text.length; j++) {
    const letter = text[j]!;
    const opt: ParsedOption = { name: letter, word, index: i };
    if (valued.includes(letter)) {
      const restText = text.slice(j + 1);
      if (restText !== '') opt.value = attached(word, restText);
      else if (args[i + 1]) {
        opt.value = args[i + 1]!;
        i++;
      }
      options.push(opt);
      return i;
    }
    if (optional.includes(letter)) {
      const restText = text.slice(j + 1);
      if (restText !== '') opt.value = attached(word, restText);
      options.push(opt);
      return i;
    }
    if (!flags.includes(letter)) opt.unknown = true;
    options.push(opt);
  }
  return i;
}

/**
 * The help word (`-h`, `--help`) a command line read as cobra reads it asks for (gh, kubectl, pulumi): anywhere before
 * `--`, unless the word before it is an option that takes the next word as its value. `takesNone(option)`: an option
 * written without `=` that takes no value, after which a help word is still the program's own.
 */
export function cobraHelp(args: readonly Word[], takesNone: (option: string) => boolean): string | undefined {
  const words = args.map((a) => value(a));
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (w === '--') return undefined;
    if (w !== '-h' && w !== '--help') continue;
    const before = i > 0 ? words[i - 1] : undefined;
    if (i === 0 || (before !== undefined && (!before.startsWith('-') || before.includes('=') || takesNone(before)))) return w;
  }
  return undefined;
}

/** Whether any parsed option has one of these names. */
export function has(parsed: ParsedArgs, ...names: string[]): boolean {
  return parsed.options.some((o) => names.includes(o.name));
}

/** The options with one of these names, in order. */
export function all(parsed: ParsedArgs, ...names: string[]): ParsedOption[] {
  return parsed.options.filter((o) => names.includes(o.name));
}

/**
 * The operands among a subcommand's words as a simple reader takes them: words not led by `-` (an option `valued`
 * matches takes the next word), and every word after `--`; a computed word is one.
 */
export function operandWords(words: readonly Word[], valued: RegExp): Word[] {
  const out: Word[] = [];
  for (let i = 0; i < words.length; i++) {
    const v = value(words[i]);
    if (v === '--') return [...out, ...words.slice(i + 1)];
    if (v?.startsWith('-') && v !== '-') {
      if (valued.test(v)) i++;
      continue;
    }
    out.push(words[i]!);
  }
  return out;
}
