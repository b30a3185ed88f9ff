// Links a session's shell lines created, read from their analyses, so a later path through one reaches its target.
import { basename, DYN } from '../rules/paths.js';
import { linkCall } from '../programs/entries/files.js';
import { programName, staticValue } from '../rules/words.js';
import type { Analysis, Invocation, Word } from '../types.js';

/** A link made on a line: where it is, and what it points at (null: a value no static reading knows). */
export interface LinkMade {
  /** Where the link is; null when no static reading knows (a computed name). */
  link: string | null;
  target: string | null;
}

/** `dir/name`, the separators `dir` ends in dropped. */
function within(dir: string, name: string): string {
  // Stryker disable next-line Regex: equivalent — `[\\/]$` (one separator dropped of several) leaves a `//`, which every reading of the path (readingsOf) collapses.
  return `${dir.replace(/[\\/]+$/, '')}/${name}`;
}

function join(dir: string, rel: string): string {
  return rel.startsWith('/') || /^[A-Za-z]:[\\/]/.test(rel) ? rel : within(dir, rel);
}

function dirOf(path: string): string {
  const at = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: equivalent — a link's path is absolute (joined to the cwd), so `at` is never -1, and at 0 (`/rc`) the directory '' or '/' joins a name into the same `/name`.
  return at <= 0 ? '/' : path.slice(0, at);
}

function staticText(word: Word | undefined): string | null {
  const v = staticValue(word);
  // `{}` is where find (or xargs -I) puts each name it finds: no static value.
  return v === null || v.includes(DYN) || v.includes('{}') ? null : v;
}

/**
 * A link's own name, or the directory it goes in: a glob (`rc*`) names whatever the disk holds when the line runs,
 * an `rc` there already (which -f replaces) or a directory that receives the link.
 */
function linkText(word: Word | undefined): string | null {
  return word?.glob === true ? null : staticText(word);
}

/**
 * `dir/` + the name a link to `target` gets inside it; null when the directory or the target's name is unknown;
 * undefined when there is no such link (a target named `.` or `..` gives a name that is there already).
 */
function inside(dir: string | null, target: Word): string | null | undefined {
  // (A target no static reading knows has the name '', which is neither `.` nor `..`.)
  const name = basename((staticText(target) ?? '').replace(/\/+$/, ''));
  if (name === '.' || name === '..') return undefined;
  return dir === null || name === '' ? null : within(dir, name);
}

/** An operand that can only be a directory: the link goes inside it. */
function isDirectoryForm(word: string): boolean {
  return /^(?:\.{1,2}|~)$/.test(word) || word.endsWith('/') || /\/\.{1,2}$/.test(word);
}

/** `ln [-s] TARGET [LINK]`, `ln TARGET… DIR`, `ln -t DIR TARGET…`, `cp -s|-l`, `link A B`, New-Item's and mklink's links, read by the registry's parser. */
function posixLinks(inv: Invocation, cwd: string): LinkMade[] {
  const form = linkCall(programName(inv), inv.args);
  if (!form) return [];
  const made: LinkMade[] = [];
  const add = (linkWord: string | null | undefined, targetWord: Word) => {
    if (linkWord === undefined) return;
    const targetText = staticText(targetWord);
    if (linkWord === null) {
      made.push({ link: null, target: null });
      return;
    }
    const link = join(cwd, linkWord);
    // A symbolic link's relative target is read from the link's directory; a hard link's, and `ln -sr`'s (which
    // names its target from the cwd and writes it relative to the link), from the cwd.
    const target = targetText === null ? null : join(form.symbolic && !form.relative ? dirOf(link) : cwd, targetText);
    made.push({ link, target });
  };
  const ops = form.operands;
  if (form.targetDirectory !== undefined) {
    const dir = form.targetDirectory === null ? null : linkText(form.targetDirectory);
    for (const op of ops) add(inside(dir, op), op);
    return made;
  }
  if (ops.length === 1) add(inside('.', ops[0]!), ops[0]!);
  // With two operands or more, the last is the link, or a directory that receives one per target: both, since
  // either may be. (One operand leaves no target before it.)
  const last = linkText(ops.at(-1));
  const targets = ops.slice(0, -1);
  for (const op of targets) {
    if (targets.length === 1 && !(last !== null && isDirectoryForm(last))) add(last, op);
    add(inside(last, op), op);
  }
  return made;
}

/** Every link a command line makes, with paths as the line gives them (absolute, not yet normalised). */
export function linksMade(analysis: Analysis, cwd: string): LinkMade[] {
  const made: LinkMade[] = [];
  for (const inv of analysis.invocations) {
    const at = inv.cwd ?? cwd;
    // Windows' links (New-Item -ItemType SymbolicLink, mklink) are read by the same linkCall, target first.
    made.push(...posixLinks(inv, at));
  }
  return made;
}
