// Links a session's shell lines created, read from their analyses, so a later path through one reaches its target.
import { basename, DYN } from '../rules/paths.js';
import { linkCall } from '../programs/entries/files.js';
import { programName, psArgs, psParam, staticValue } from '../rules/words.js';
import type { Analysis, Invocation, Word } from '../types.js';

/** A link made on a line: where it is, and what it points at (null: a value no static reading knows). */
export interface LinkMade {
  /** Where the link is; null when no static reading knows (a computed name). */
  link: string | null;
  target: string | null;
}

const PS_SWITCHES = new Set(['force', 'whatif', 'confirm']);

function join(dir: string, rel: string): string {
  if (rel.startsWith('/') || /^[A-Za-z]:[\\/]/.test(rel)) return rel;
  return `${dir.replace(/[\\/]+$/, '')}/${rel}`;
}

function dirOf(path: string): string {
  const at = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return at <= 0 ? '/' : path.slice(0, at);
}

function staticText(word: Word | undefined): string | null {
  const v = staticValue(word);
  // `{}` is where find (or xargs -I) puts each name it finds: no static value.
  return v === null || v.includes(DYN) || v.includes('{}') ? null : v;
}

/**
 * `dir/` + the name a link to `target` gets inside it; null when the directory or the target's name is unknown;
 * undefined when there is no such link (a target named `.` or `..` gives a name that is there already).
 */
function inside(dir: string | null, target: Word): string | null | undefined {
  const text = staticText(target);
  const name = basename((text ?? '').replace(/\/+$/, ''));
  if (text !== null && (name === '.' || name === '..')) return undefined;
  return dir === null || name === '' ? null : `${dir.replace(/\/+$/, '')}/${name}`;
}

/** An operand that can only be a directory: the link goes inside it. */
function isDirectoryForm(word: string): boolean {
  return /^(?:\.{1,2}|~)$/.test(word) || word.endsWith('/') || /\/\.{1,2}$/.test(word);
}

/** `ln [-s] TARGET [LINK]`, `ln TARGET… DIR`, `ln -t DIR TARGET…`, `cp -s|-l`, `link A B`, read by the registry's parser. */
function posixLinks(inv: Invocation, cwd: string, home: string): LinkMade[] {
  const form = linkCall(programName(inv), inv.args);
  if (!form) return [];
  const tilde = (p: string) => (p === '~' || p.startsWith('~/') ? home + p.slice(1) : p);
  const made: LinkMade[] = [];
  const add = (linkWord: string | null | undefined, targetWord: Word) => {
    if (linkWord === undefined) return;
    const targetText = staticText(targetWord);
    if (linkWord === null) {
      made.push({ link: null, target: null });
      return;
    }
    const link = join(cwd, tilde(linkWord));
    // A symbolic link's relative target is read from the link's directory; a hard link's, and `ln -sr`'s (which
    // names its target from the cwd and writes it relative to the link), from the cwd.
    const target = targetText === null ? null : join(form.symbolic && !form.relative ? dirOf(link) : cwd, tilde(targetText));
    made.push({ link, target });
  };
  const ops = form.operands;
  if (form.targetDirectory !== undefined) {
    const dir = form.targetDirectory === null ? null : staticText(form.targetDirectory);
    for (const op of ops) add(inside(dir, op), op);
    return made;
  }
  if (ops.length === 1) add(inside('.', ops[0]!), ops[0]!);
  else if (ops.length >= 2) {
    const last = staticText(ops[ops.length - 1]);
    const targets = ops.slice(0, -1);
    for (const op of targets) {
      // The last operand is the link, or a directory that receives one per target: both, since either may be.
      if (targets.length === 1 && !(last !== null && isDirectoryForm(last))) add(last, op);
      add(inside(last, op), op);
    }
  }
  return made;
}

/** `New-Item -ItemType SymbolicLink|HardLink|Junction -Path L -Target T`, `mklink [/D|/H|/J] L T`. */
function windowsLinks(inv: Invocation, cwd: string): LinkMade[] {
  const name = programName(inv);
  if (name === 'mklink') {
    const ops = inv.args.filter((w) => !/^\/[dhj]$/i.test(staticValue(w) ?? ''));
    const link = staticText(ops[0]);
    const target = staticText(ops[1]);
    return [{ link: link === null ? null : join(cwd, link), target: target === null ? null : join(cwd, target) }];
  }
  if (name !== 'new-item' && name !== 'ni') return [];
  const ps = psArgs(inv.args, PS_SWITCHES);
  const typeWord = psParam(ps, ['itemtype', 'type']);
  if (typeWord === undefined) return [];
  const type = staticText(typeWord);
  // A type no static reading knows (`-ItemType $t`) may be a link: it is taken for one.
  if (type !== null && !/^(symboliclink|hardlink|junction)$/i.test(type)) return [];
  const path = staticText(psParam(ps, ['path']) ?? ps.positional[0]);
  const nameArg = staticText(psParam(ps, ['name']));
  const target = staticText(psParam(ps, ['target', 'value']));
  const where = path === null ? null : nameArg === null ? path : `${path}/${nameArg}`;
  return [{ link: where === null ? null : join(cwd, where), target: target === null ? null : join(cwd, target) }];
}

/** Every link a command line makes, with paths as the line gives them (absolute, not yet normalised). */
export function linksMade(analysis: Analysis, cwd: string, home: string): LinkMade[] {
  const made: LinkMade[] = [];
  for (const inv of analysis.invocations) {
    const at = inv.cwd ?? cwd;
    made.push(...(inv.dialect === 'powershell' ? windowsLinks(inv, at) : posixLinks(inv, at, home)));
  }
  return made;
}
