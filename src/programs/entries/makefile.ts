// Makefile text as the shell sees it: make expands its own variables in a recipe, then hands each line to `sh -c`.
// Read here: recipes (after a tab, or after `;` on the rule line), `$(shell …)` anywhere and `!=` assignments, with
// the variables the text sets, make's defaults and the automatic variables expanded; a variable the text does not set
// is the environment's, left to the shell (`${X}`). What cannot be expanded (`$(patsubst …)`, `$(call …)`) leaves its
// command cannot-vouch.
import type { Word } from '../../types.js';
import type { OptionSpec, Run } from '../types.js';

/** GNU make's options, as its getopt_long reads them. */
export const MAKE_OPTIONS: OptionSpec = {
    order: 'gnu',
    flags: 'bBdeiknpqrRsStvwL',
    valued: 'CfIoWE',
    optional: 'jlO',
    long: ['always-make', 'environment-overrides', 'ignore-errors', 'keep-going', 'just-print', 'dry-run', 'recon', 'print-data-base', 'question', 'no-builtin-rules', 'no-builtin-variables', 'silent', 'quiet', 'no-silent', 'stop', 'touch', 'trace', 'version', 'print-directory', 'no-print-directory', 'warn-undefined-variables', 'check-symlink-times', 'help', 'no-keep-going'],
    longValued: ['directory', 'file', 'makefile', 'include-dir', 'old-file', 'assume-old', 'what-if', 'new-file', 'assume-new', 'eval', 'shuffle', 'jobserver-style'],
    longOptional: ['jobs', 'load-average', 'max-load', 'output-sync', 'debug'],
  };

/** GNU make's built-in values of the variables recipes commonly use. */
const DEFAULTS: Readonly<Record<string, string>> = {
  CC: 'cc',
  CXX: 'g++',
  CPP: '$(CC) -E',
  FC: 'f77',
  LD: 'ld',
  AR: 'ar',
  AS: 'as',
  RM: 'rm -f',
  MAKE: 'make',
  LEX: 'lex',
  YACC: 'yacc',
  ARFLAGS: 'rv',
  MAKEFLAGS: '',
};

/** Most alternatives one command may expand to (a variable set differently on each branch of an `ifdef`). */
const MAX_ALTERNATIVES = 16;

interface Rule {
  targets: string[];
  prereqs: string[];
}

/** The text between an opening bracket at `open` and its match; undefined when it does not close. */
function closing(text: string, open: number): number | undefined {
  const o = text[open]!;
  const c = o === '(' ? ')' : '}';
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === o) depth++;
    else if (text[i] === c && --depth === 0) return i;
  }
  return undefined;
}

class Expander {
  /** Each variable's possible values (set once, or differently on different branches); null: not known. */
  readonly defs = new Map<string, string[] | null>();

  constructor(private readonly runsShell: (text: string) => void) {}

  /** Every text `t` may expand to in `rule`'s recipe; undefined when make's expansion cannot be followed. */
  expand(t: string, rule: Rule | undefined, depth = 0): string[] | undefined {
    if (depth > 8) return undefined;
    let outs = [''];
    let i = 0;
    while (i < t.length) {
      const dollar = t.indexOf('$', i);
      if (dollar < 0) {
        outs = outs.map((o) => o + t.slice(i));
        break;
      }
      outs = outs.map((o) => o + t.slice(i, dollar));
      const next = t[dollar + 1];
      if (next === undefined) return undefined;
      let ref: string;
      if (next === '$') {
        outs = outs.map((o) => `${o}$`);
        i = dollar + 2;
        continue;
      }
      if (next === '(' || next === '{') {
        const end = closing(t, dollar + 1);
        if (end === undefined) return undefined;
        ref = t.slice(dollar + 2, end);
        i = end + 1;
      } else {
        ref = next;
        i = dollar + 2;
      }
      const values = this.ref(ref, rule, depth);
      if (values === undefined) return undefined;
      outs = outs.flatMap((o) => values.map((v) => o + v));
      if (outs.length > MAX_ALTERNATIVES) return undefined;
    }
    return [...new Set(outs)];
  }

  /** What one reference (`CC`, `@`, `shell date`, `SRC:.c=.o`) expands to. */
  private ref(ref: string, rule: Rule | undefined, depth: number): string[] | undefined {
    const fn = /^([a-z-]+)[\s]+([\s\S]*)$/.exec(ref);
    if (fn) {
      if (fn[1] !== 'shell' && fn[1] !== 'info' && fn[1] !== 'warning' && fn[1] !== 'error') return undefined;
      const bodies = this.expand(fn[2]!, rule, depth + 1);
      if (bodies === undefined) return undefined;
      // `$(info …)` prints its text, the environment's variables in it (`$(info $(AWS_SECRET_ACCESS_KEY))`): as echo would.
      if (fn[1] !== 'shell') {
        for (const b of bodies) this.runsShell(`echo ${b}`);
        return [''];
      }
      // Run where it is expanded; its output stands as a command substitution would.
      for (const b of bodies) this.runsShell(b);
      return bodies.map((b) => `$(${b})`);
    }
    const names = ref.includes('$') ? this.expand(ref, rule, depth + 1) : [ref];
    if (names === undefined || names.length !== 1) return undefined;
    // A substitution reference (`$(SRC:.c=.o)`) is the variable's words, their endings changed: taken as the words.
    const name = names[0]!.replace(/:[^=]*=.*$/, '');
    const auto = automatic(name, rule);
    if (auto !== undefined) return [auto];
    const set = this.defs.get(name);
    if (set === null) return undefined;
    const values = set ?? (DEFAULTS[name] !== undefined ? [DEFAULTS[name]] : undefined);
    if (values !== undefined) {
      const out: string[] = [];
      for (const v of values) {
        const e = this.expand(v, rule, depth + 1);
        if (e === undefined) return undefined;
        out.push(...e);
      }
      return out;
    }
    // Not set by the text: the environment's, which the recipe's shell sees too.
    return /^[A-Za-z_]\w*$/.test(name) ? [`\${${name}}`] : undefined;
  }
}

/** `$@`, `$<`, `$^`… of the rule whose recipe is expanded (`$(@D)`, `$(<F)` too). */
function automatic(name: string, rule: Rule | undefined): string | undefined {
  const m = /^([@<^+?*|%])([DF]?)$/.exec(name);
  if (!m) return undefined;
  const r = rule ?? { targets: ['target'], prereqs: [] };
  const first = r.targets[0] ?? 'target';
  const words =
    m[1] === '@' || m[1] === '%'
      ? [first]
      : m[1] === '<'
        ? r.prereqs.slice(0, 1)
        : m[1] === '*'
          ? [first.replace(/\.[^./]*$/, '')]
          : r.prereqs;
  const part = (w: string) => (m[2] === 'D' ? (w.includes('/') ? w.slice(0, w.lastIndexOf('/')) : '.') : m[2] === 'F' ? w.slice(w.lastIndexOf('/') + 1) : w);
  return words.map(part).join(' ');
}

const DIRECTIVE = /^\s*(?:export|unexport|override|define|endef|include|-include|sinclude|ifeq|ifneq|ifdef|ifndef|else|endif|vpath)\b/;
const ASSIGNMENT = /^\s*(?:(?:export|override|private)\s+)*([^\s:#=!?+$][^\s:#=!?+]*|\$[({][^)}]*[)}])\s*(::?=|:::=|\?=|\+=|!=|=)\s*(.*)$/;

/**
 * A rule line's targets, prerequisites and `;` recipe. Make finds the rule's colon outside its references, so the
 * colons and `=` inside `$(shell curl https://x)` or `$(SRC:.c=.o)` are not the rule's.
 */
function ruleParts(line: string): { targets: string; prereqs: string; recipe?: string } | undefined {
  let masked = '';
  for (let i = 0; i < line.length; i++) {
    const end = line[i] === '$' && (line[i + 1] === '(' || line[i + 1] === '{') ? closing(line, i + 1) : undefined;
    if (end === undefined) {
      masked += line[i];
      continue;
    }
    masked += `$${'_'.repeat(end - i)}`;
    i = end;
  }
  const m = /^([^=#:]+?)(::?)(?!=)([^;=]*)(?:;(.*))?$/.exec(masked);
  if (!m) return undefined;
  const at = m[1]!.length + m[2]!.length;
  const end = at + m[3]!.length;
  return { targets: line.slice(0, m[1]!.length), prereqs: line.slice(at, end), ...(m[4] !== undefined ? { recipe: line.slice(end + 1) } : {}) };
}

/** Makefile text (a makefile the line wrote, `--eval` text, one on stdin): the shell text make runs, as runs. */
export function makefileText(word: Word, text: string, via: string): Run[] {
  const runs: Run[] = [];
  const opaque = (why: string) => runs.push({ kind: 'opaque', rule: 'dynamic-script', word, why: `${via}: ${why}` });
  const shell = (t: string) => runs.push({ kind: 'text', dialect: 'bash', text: t, word, via });
  const x = new Expander(shell);
  if (/\$[({](eval|call|value|file|guile|load)\b/.test(text) || /^\s*-?load\s/m.test(text)) opaque('it builds make text at run time');
  // `$(foreach v,$(.VARIABLES),$(info $(v)=$($(v))))` prints every variable, the environment's among them.
  if (/\$[({](foreach|origin|flavor)\b|\.VARIABLES\b/.test(text)) opaque('it walks variables by computed names (.VARIABLES, foreach)');
  if (/^\s*\.RECIPEPREFIX\b/m.test(text)) opaque('it changes the recipe prefix');
  const lines = text.replace(/\\\r?\n[ \t]*/g, ' ').split(/\r?\n/);
  // First the variables, as make reads the whole file before running a recipe.
  let inDefine: string | undefined;
  for (const line of lines) {
    if (inDefine !== undefined) {
      if (/^\s*endef\b/.test(line)) inDefine = undefined;
      continue;
    }
    if (line.startsWith('\t')) continue;
    const define = /^\s*(?:(?:export|override)\s+)*define\s+([^\s=:]+)/.exec(line);
    if (define) {
      x.defs.set(define[1]!, null);
      inDefine = define[1]!;
      continue;
    }
    const a = ASSIGNMENT.exec(line);
    if (!a) {
      // A target-specific assignment (`t: X = 1`) sets X for one branch of the build: another value it may have.
      const ts = /^[^=#:]+:\s*(?:(?:export|override|private)\s+)*([A-Za-z_][\w.-]*)\s*(?:::?=|:::=|\?=|\+=|=)\s*(.*)$/.exec(line);
      const before = ts ? x.defs.get(ts[1]!) : null;
      if (ts && before !== null) x.defs.set(ts[1]!, [...new Set([...(before ?? []), ts[2]!])]);
      continue;
    }
    const [, name, op, value] = a;
    if (/^\s*(export\s+)?(SHELL|\.SHELLFLAGS|MAKESHELL)\s*[:?+]?=/.test(line)) opaque('it sets the shell recipes run in');
    if (name!.includes('$')) {
      opaque(`it sets a variable whose name is computed (${name})`);
      continue;
    }
    if (op === '!=') {
      const cmd = x.expand(value!, undefined);
      if (cmd === undefined) opaque('a != command holds what make expands at run time');
      else for (const c of cmd) shell(c);
      x.defs.set(name!, null);
      continue;
    }
    const before = x.defs.get(name!);
    if (before === null) continue;
    if (op === '+=') x.defs.set(name!, (before ?? ['']).map((b) => `${b} ${value}`));
    else x.defs.set(name!, [...new Set([...(before ?? []), value!])]);
  }
  // Then every place make expands: recipes run; other lines only for what `$(shell …)` in them runs.
  let rule: Rule | undefined;
  inDefine = undefined;
  const recipe = (t: string) => {
    const lines = x.expand(t.replace(/^[@+\-\s]+/, ''), rule);
    if (lines === undefined) opaque('a command holds make functions or variables expanded only at run time');
    else for (const l of lines) shell(l);
  };
  for (const line of lines) {
    if (inDefine !== undefined) {
      if (/^\s*endef\b/.test(line)) inDefine = undefined;
      continue;
    }
    if (line.startsWith('\t')) {
      if (rule) recipe(line.slice(1));
      continue;
    }
    if (/^\s*(?:(?:export|override)\s+)*define\s/.test(line)) {
      inDefine = 'define';
      continue;
    }
    if (/^\s*(#|$)/.test(line)) continue;
    rule = undefined;
    // `include FILE` (and -include, sinclude) reads another makefile: one the line wrote is read as this one is.
    const inc = /^\s*(?:-include|sinclude|include)\s+(.*?)\s*(?:#.*)?$/.exec(line);
    if (inc) {
      const names = x.expand(inc[1]!, undefined);
      if (names === undefined) opaque('it includes a makefile whose name make expands at run time');
      else for (const name of names.join(' ').split(/\s+/).filter(Boolean)) runs.push({ kind: 'project', files: /$^/, file: { text: name, span: word.span, values: [name] }, read: (t, w, n) => makefileText(w, t, `make include (${n})`), word, via: `${via} include` });
      continue;
    }
    const a = ASSIGNMENT.exec(line);
    const ruleLine = !DIRECTIVE.test(line) && ruleParts(line);
    if (ruleLine) {
      const targets = x.expand(ruleLine.targets, undefined)?.join(' ').split(/\s+/).filter(Boolean) ?? [ruleLine.targets.trim()];
      const prereqs = x.expand(ruleLine.prereqs.replace(/\|/g, ' '), undefined)?.join(' ').split(/\s+/).filter(Boolean) ?? [];
      rule = { targets, prereqs };
      if (ruleLine.recipe !== undefined && ruleLine.recipe.trim() !== '') recipe(ruleLine.recipe);
      continue;
    }
    // Immediate assignments and directives expand as they are read: their `$(shell …)` runs then.
    if (a?.[2] !== '!=' && /\$[({](?:shell|info|warning|error)\s/.test(line) && x.expand(a ? a[3]! : line, undefined) === undefined) opaque('a $(shell …) holds what make expands at run time');
  }
  return runs;
}
