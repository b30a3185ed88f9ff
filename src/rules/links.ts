// The symbolic links a line makes, and the paths it names through them: a later path through a link is its target's.
import { linkCall } from '../programs/index.js';
import type { Analysis, Word } from '../types.js';
import { cwdOf, DYN, markGlob, resolvePath } from './paths.js';
import { programName } from './words.js';

/**
 * The symbolic links the line makes (`ln -s ~ h`, `ln -s .. up`, `ln -st bin ../x`): each link's path and the path it
 * points at, both resolved and lower-cased as `resolvePath` gives them (DYN when computed). A path through one of them
 * later on the line (`rm -rf h/src`, `cd up && rm -rf *`) is the target's.
 */
export function lineLinks(analysis: Analysis): { link: string; target: string }[] {
  const out: { link: string; target: string }[] = [];
  for (const inv of analysis.invocations) {
    const name = programName(inv);
    if (name !== 'ln' && name !== 'gln' && name !== 'cp' && name !== 'gcp' && name !== 'new-item' && name !== 'mklink') continue;
    const form = linkCall(name, inv.args);
    if (!form?.symbolic || form.operands.length === 0) continue;
    const ctx = (cwd: string | null) => ({ cwd, home: analysis.home, dialect: inv.dialect });
    // Where each link is made: DIR/NAME with a target directory; the last operand (or, a directory, NAME in it).
    const made: { target: Word; at: string }[] = [];
    const base = (v: string) => v.replace(/\/+$/, '').split('/').pop() ?? v;
    // The directory as the paths deleted are read in it: a glob cd's (`cd ../proj[e]ct`) marked, as pathUses marks it.
    const cwd = cwdOf(inv);
    const dirs = form.targetDirectory !== undefined ? (form.targetDirectory?.values ?? []) : form.operands.length > 1 ? (form.operands.at(-1)!.values ?? []) : cwd !== null ? [cwd] : [];
    const targets = form.targetDirectory !== undefined || form.operands.length === 1 ? form.operands : form.operands.slice(0, -1);
    for (const t of targets) {
      for (const d of dirs) {
        // (A target named `.` or `..` makes no link inside a directory: that name is there already.)
        for (const v of t.values ?? [DYN]) if (!/^\.{0,2}$/.test(base(v))) made.push({ target: t, at: `${d.replace(/\/+$/, '')}/${base(v)}` });
        if (form.targetDirectory === undefined && form.operands.length === 2) made.push({ target: t, at: d });
      }
    }
    for (const m of made) {
      const link = resolvePath(m.at, ctx(cwd));
      const parent = link.replace(/\/[^/]*$/, '') || '/';
      // A relative target is read from the link's directory (from the cwd with -r, which makes it relative there).
      // (A glob target is whichever name it matches: `ln -s ~/.confi[g] c` links to ~/.config.)
      for (const v of m.target.values ?? [DYN]) out.push({ link, target: v === DYN ? DYN : resolvePath(m.target.glob ? markGlob(v, inv.dialect) : v, ctx(form.relative ? cwd : parent)) });
    }
  }
  return out;
}

/** A path through links the line made (not the link itself, which a delete removes alone): the path it reaches. */
export function throughLinks(path: string, links: readonly { link: string; target: string }[], slash: boolean): string {
  let p = path;
  for (let depth = 0; depth < 4; depth++) {
    // `rm -rf link/`, `find link/ -delete`: a trailing slash makes the link's own path resolve through it.
    const l = links.find((x) => p.startsWith(`${x.link}/`) || (slash && depth === 0 && p === x.link));
    if (!l) break;
    p = l.target === DYN ? DYN : `${l.target.replace(/\/+$/, '')}${p.slice(l.link.length)}`;
  }
  return p;
}
