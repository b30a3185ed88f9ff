// Where a command line writes: redirections, tee, cp/mv/install/ln destinations, sed -i, perl -i, dd of=, PowerShell cmdlets.
import type { Analysis, Invocation, Span, Word } from '../types.js';
import { basename, type PathContext, resolvePath } from './paths.js';
import { markDynamic, markGlob, operands, programName, psArgs, psParam, staticValue } from './words.js';

/** One place a command line writes, with the path(s) it may resolve to. */
export interface WriteTarget {
  segment: number;
  /** The redirection or word that names the destination. */
  span: Span;
  /** The destination as written. */
  text: string;
  /** How it is written (`>>`, `tee`, `cp`…), for messages. */
  how: string;
  /** Resolved, lower-cased, possibly marked (see `paths.ts`). */
  paths: string[];
  /** PowerShell `$PROFILE` (a dynamic word naming the profile script). */
  profile: boolean;
}

const WRITE_OPS = new Set(['>', '>>', '&>', '&>>', '>|', '<>', '>&']);
const COPY_VALUE_OPTIONS = new Set(['-t', '-S', '-m', '-o', '-g', '--target-directory', '--suffix', '--mode', '--owner', '--group']);
const SED_VALUE_OPTIONS = new Set(['-e', '-f', '-l', '--expression', '--file', '--line-length']);
const PS_SWITCHES = new Set(['append', 'force', 'noclobber', 'nonewline', 'passthru', 'whatif', 'confirm', 'asbytestream', 'recurse', 'container']);
const PS_PATH = ['path', 'filepath', 'literalpath', 'pspath', 'lp'];
const PROFILE = /^["']?\$profile(?![a-z0-9_])/i;

const cache = new WeakMap<Analysis, WriteTarget[]>();

/** Every write destination in the command line, at any depth. */
export function writeTargets(analysis: Analysis): WriteTarget[] {
  let found = cache.get(analysis);
  if (found === undefined) {
    found = collect(analysis);
    cache.set(analysis, found);
  }
  return found;
}

function wordPaths(word: Word, ctx: PathContext): string[] {
  if (word.values === null) return [resolvePath(markDynamic(word.text, ctx), ctx)];
  return word.values.filter((v) => v !== '').map((v) => resolvePath(word.glob ? markGlob(v, ctx.dialect) : v, ctx));
}

function collect(analysis: Analysis): WriteTarget[] {
  const out: WriteTarget[] = [];
  analysis.segments.forEach((seg, index) => {
    const ctx: PathContext = { cwd: seg.cwd, home: analysis.home, dialect: seg.dialect };
    for (const r of seg.redirects) {
      const t = r.target;
      if (!t || !WRITE_OPS.has(r.op)) continue;
      const v = staticValue(t);
      if (v !== null && /^(\d+|-)$/.test(v)) continue;
      out.push({ segment: index, span: r.span, text: t.text, how: `${r.op} redirection`, paths: wordPaths(t, ctx), profile: PROFILE.test(t.text) });
    }
  });
  for (const inv of analysis.invocations) {
    const ctx: PathContext = { cwd: inv.cwd, home: analysis.home, dialect: inv.dialect };
    const add = (word: Word, how: string, extra: string[] = []) =>
      out.push({ segment: inv.segment, span: word.span, text: word.text, how, paths: [...wordPaths(word, ctx), ...extra], profile: PROFILE.test(word.text) });
    if (inv.dialect === 'powershell') powershellWrites(inv, add);
    else bashWrites(inv, ctx, add);
  }
  return out;
}

type Add = (word: Word, how: string, extra?: string[]) => void;

function bashWrites(inv: Invocation, ctx: PathContext, add: Add): void {
  const name = programName(inv);
  const values = inv.args.map(staticValue);
  switch (name) {
    case 'tee':
      for (const w of operands(inv.args, () => false)) add(w, 'tee');
      return;
    case 'touch':
    case 'truncate':
      for (const w of operands(inv.args, (o) => /^(-[rdtsAo]|--reference|--date|--size)$/.test(o))) add(w, name);
      return;
    case 'cp':
    case 'mv':
    case 'install':
    case 'ln': {
      const ops = operands(inv.args, (o) => COPY_VALUE_OPTIONS.has(o));
      const t = inv.args.findIndex((w) => /^(-t|--target-directory(=|$))/.test(staticValue(w) ?? ''));
      const into = (dir: Word, sources: Word[], always: boolean) => {
        const dirs = dir.values ?? [];
        // A destination that may be a directory receives each source under its own name.
        const extra: string[] = [];
        for (const d of dirs) {
          const resolved = resolvePath(d, ctx);
          const isDir = always || d.endsWith('/') || resolved === resolvePath('.', ctx) || resolved === resolvePath('~', ctx);
          if (!isDir) continue;
          for (const s of sources) for (const sv of s.values ?? []) extra.push(resolvePath(d + '/' + basename(sv.replace(/\/+$/, '')), ctx));
        }
        add(dir, name, extra);
      };
      if (t >= 0) {
        const v = values[t]!;
        const dir = v.includes('=') ? { ...inv.args[t]!, values: [v.slice(v.indexOf('=') + 1)] } : inv.args[t + 1];
        if (dir) into(dir, ops, true);
      } else if (ops.length >= 2) into(ops[ops.length - 1]!, ops.slice(0, -1), ops.length > 2);
      else if (ops.length === 1 && name === 'ln') into({ ...ops[0]!, values: ['.'] }, ops, true);
      return;
    }
    case 'sed': {
      const inPlace = inv.args.some((w, i) => /^(-[^-]*i|--in-place)/.test(staticValue(w) ?? '') && !SED_VALUE_OPTIONS.has(values[i - 1] ?? ''));
      if (!inPlace) return;
      const ops = operands(inv.args, (o) => SED_VALUE_OPTIONS.has(o));
      const scripted = values.some((v) => v !== null && /^(-e|-f|--expression|--file)/.test(v));
      for (const w of scripted ? ops : ops.slice(1)) add(w, 'sed -i');
      return;
    }
    case 'perl': {
      if (!values.some((v) => v !== null && /^-[^-]*i/.test(v))) return;
      const ops = operands(inv.args, (o) => /^-[^-i]*[eE]$/.test(o));
      const scripted = values.some((v) => v !== null && /^-[^-i]*[eE]$/.test(v));
      for (const w of scripted ? ops : ops.slice(1)) add(w, 'perl -i');
      return;
    }
    case 'dd':
      for (const w of inv.args) {
        const v = staticValue(w);
        if (v?.startsWith('of=')) add({ ...w, values: [v.slice(3)] }, 'dd of=');
        else if (w.values === null && w.text.startsWith('of=')) add({ ...w, text: w.text.slice(3) }, 'dd of=');
      }
      return;
    default:
      return;
  }
}

function powershellWrites(inv: Invocation, add: Add): void {
  const name = programName(inv);
  switch (name) {
    case 'set-content':
    case 'add-content':
    case 'out-file':
    case 'tee-object':
    case 'new-item':
    case 'set-itemproperty':
    case 'new-itemproperty': {
      const ps = psArgs(inv.args, PS_SWITCHES);
      const dest = psParam(ps, PS_PATH) ?? ps.positional[0];
      if (dest) add(dest, inv.program);
      return;
    }
    case 'copy-item':
    case 'move-item': {
      const ps = psArgs(inv.args, PS_SWITCHES);
      const dest = psParam(ps, ['destination']) ?? ps.positional[psParam(ps, PS_PATH) ? 0 : 1];
      if (dest) add(dest, inv.program);
      return;
    }
    default:
      return;
  }
}
