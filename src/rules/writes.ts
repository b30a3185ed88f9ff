// Where a command line writes: redirections, what the program registry says a program writes, PowerShell cmdlets.
import type { Analysis, Invocation, Span, Under, Word } from '../types.js';
import { filledUnder } from '../programs/words.js';
import { CMD_INTERNAL, CMDLET } from '../powershell/names.js';
import { type PathContext, resolvePath, cwdOf } from './paths.js';
import { markDynamic, markGlob, pathUses, programName, psArgs, psParam, staticValue, textKey } from './words.js';

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
  /** Only may be written: an argument of a program that says nothing of what it does with its arguments. */
  may?: true;
  /** A directory an archive is extracted into: what lands there is the archive's to say. */
  extract?: true;
  /** How many levels beneath it the extracted files may land (a non-recursive `cp dots/* dir`: 1); any when absent. */
  depth?: number;
  /** What lands there has names no static reading lists (Use.unlisted): an archive's members, a directory's contents. */
  unlisted?: true;
  /** Only created where it is absent (touch, mkdir): a file already there keeps what it holds. */
  create?: true;
  /**
   * The walks whose findings it is (`find . -name config -exec sed -i … {} +`), with their roots and name tests: its
   * paths' `*` components match dot names too (find descends into `.config`).
   */
  under?: readonly Under[];
  /** A path in a directory mktemp made (`"$tmp/x"` after `tmp=$(mktemp -d)`): its computed part is no directory of anyone's setup. */
  temp?: true;
  /**
   * Where each source lands when the destination is a directory (`cp settings.json ~/.claude`: `~/.claude/settings.json`),
   * whether or not the line's spelling says it is one: a destination that holds an agent's setup is one.
   */
  inside?: string[];
  /** The path a lookup on the PATH found for this program (`cp x "$(which git)"`): a write over the program that runs by that name. */
  program?: string;
}

// PowerShell's `*>` and `*>>` send every stream to the file: its lowering keeps the `*` in the operator.
export const WRITE_OPS: ReadonlySet<string> = new Set(['>', '>>', '&>', '&>>', '>|', '<>', '>&', '*>', '*>>']);
const PS_SWITCHES = new Set(['append', 'force', 'noclobber', 'nonewline', 'passthru', 'whatif', 'confirm', 'asbytestream', 'recurse', 'container']);
const PS_PATH = ['path', 'filepath', 'literalpath', 'pspath', 'lp'];
const PROFILE = /^[("']*\$profile(?![a-z0-9_])/i;

/** The last analysis asked about, and its targets: the rules ask for one line's in turn (see `pathUses`). */
let cachedFor: Analysis | undefined;
let cachedTargets: WriteTarget[] | undefined;

/** Every write destination in the command line, at any depth. */
export function writeTargets(analysis: Analysis): WriteTarget[] {
  if (cachedFor !== analysis || cachedTargets === undefined) {
    cachedTargets = collect(analysis);
    cachedFor = analysis;
  }
  return cachedTargets;
}

function wordPaths(word: Word, ctx: PathContext): string[] {
  if (word.values === null) {
    const paths = (word.under && underPaths(word.under, ctx)) || [resolvePath(markDynamic(word.text, ctx), ctx)];
    if (word.stands !== undefined) paths.push(resolvePath(markDynamic(word.stands, ctx), ctx));
    // Led by $TMPDIR, which may be unset (usual on Linux): the rest alone is the path too (`: > "$TMPDIR/home/dev/.bashrc"`).
    const t = word.envTemp;
    for (const r of t?.empty ? t.rests : []) if (r.startsWith('/')) paths.push(resolvePath(t!.glob ? markGlob(r, ctx.dialect) : r, ctx));
    return paths;
  }
  return word.values.filter((v) => v !== '').map((v) => resolvePath(word.glob ? markGlob(v, ctx.dialect) : v, ctx));
}

/**
 * A word of paths find printed: the walks it comes from (its targets' `*` match dot names); a path mktemp made; the
 * path a lookup on the PATH found.
 */
function walked(word: Word): { under?: readonly Under[]; temp?: true; program?: string } {
  if (word.values !== null) return {};
  if (word.program?.found) return { program: word.program.name };
  if (word.temp || word.tempText !== undefined) return word.under ? { under: word.under, temp: true } : { temp: true };
  return word.under ? { under: word.under } : {};
}

/** How many levels below a root a path find printed is followed when find says no -maxdepth. */
const UNDER_LEVELS = 4;

/**
 * The paths find printed (`find ~ -name .bashrc | xargs sed -i …`, `| xargs -I{} cp x {}`): below each
 * root, one to four levels down (or to its -maxdepth), named as its -name tests say (any name without one); null when
 * a root is computed.
 */
function underPaths(under: readonly Under[], ctx: PathContext): string[] | null {
  const out: string[] = [];
  for (const u of under) {
    if (u.values === null) return null;
    // (A directory a glob `cd` reached is any the pattern matches: see cwdOf.)
    const at: PathContext = { ...ctx, cwd: u.cwd === null ? ctx.cwd : cwdOf(u) };
    const deepest = Math.min(u.depth ?? UNDER_LEVELS, UNDER_LEVELS);
    for (const root of u.values) {
      // (A root the lister was given as a glob is each name it matches: `x=$(ls -d ~/.bashr[c]); cp y "$x"`.)
      if (!u.below) out.push(resolvePath(u.glob ? markGlob(root, ctx.dialect) : root, at));
      for (let d = 1; d <= deepest; d++) {
        // `*`, not a computed component: find prints names below its roots, never `..`.
        for (const name of u.names ?? ['*']) out.push(resolvePath(markGlob(`${root.replace(/\/+$/, '')}/${'*/'.repeat(d - 1)}${name}`, ctx.dialect), at));
      }
    }
  }
  return out;
}

function collect(analysis: Analysis): WriteTarget[] {
  const out: WriteTarget[] = [];
  analysis.segments.forEach((seg, index) => {
    const ctx: PathContext = { cwd: cwdOf(seg), home: analysis.home, dialect: seg.dialect };
    for (const r of seg.redirects) {
      const t = r.target;
      if (!t || !WRITE_OPS.has(r.op)) continue;
      const v = staticValue(t);
      if (v !== null && /^(\d+|-)$/.test(v)) continue;
      out.push({ segment: index, span: r.span, text: t.text, how: `${r.op} redirection`, paths: wordPaths(t, ctx), profile: PROFILE.test(t.text), ...walked(t) });
    }
  });
  for (const inv of analysis.invocations) {
    const ctx: PathContext = { cwd: cwdOf(inv), home: analysis.home, dialect: inv.dialect };
    if (inv.dialect === 'powershell' && inv.uses === undefined) {
      powershellWrites(inv, (word: Word, how: string) => {
        const target: WriteTarget = { segment: inv.segment, span: word.span, text: word.text, how, paths: wordPaths(word, ctx), profile: PROFILE.test(word.text), ...walked(word) };
        // An archive extracted into a directory may place any file beneath it, as tar -C does.
        if (how.endsWith('extracts into') && (ctx.cwd !== null || (word.values ?? []).every((v) => /^[/~]|^[a-z]:/i.test(v)))) {
          target.extract = true;
          target.unlisted = true;
        }
        out.push(target);
      });
      continue;
    }
    // What the registry says the program writes, creates or extracts into.
    for (const use of inv.uses ?? []) {
      // An `unknown` use an entry gave explicit values (a path a small language's code spells) may be written too.
      const may = use.role === 'unknown' && use.values !== undefined;
      if (use.role !== 'write' && use.role !== 'create' && use.role !== 'extract' && !may) continue;
      const word = inv.args.find((w) => w.text === use.text && w.span.start === use.span.start && w.span.end === use.span.end);
      // Extraction into the working directory is named by the option that asks for it (`xzf`): say where instead. A
      // file a word's text names (a patch's, `git apply x.patch`; a backup prefix's, `patch -B ~/.bash rc`) is named
      // itself.
      // (Not an option's own value, `--output=x`, named by the option as written.)
      const named = use.role === 'write' && use.values?.length === 1 && word?.values?.length === 1 && word.values[0] !== use.values[0] && !(word.text.startsWith('-') && word.values[0]!.endsWith(use.values[0]!));
      const text =
        use.role === 'extract' && use.values?.length === 1 ? (use.values[0] === '.' ? 'the working directory' : use.values[0]!) : may || named ? use.values!.join(' ') : word?.under && word.text === '' ? 'the paths find printed' : (word?.text ?? use.values?.[0] ?? '');
      // A value a program fills with the paths a lister printed (`xargs -I{} dd of={}`) names those.
      const filled = (v: string) => {
        const under = filledUnder(word, v);
        // (A word bash globs reaches the program as each name it matches: `gpg -o ~/.zshr[c]` writes ~/.zshrc.)
        return (under && underPaths(under, ctx)) || [resolvePath(word?.glob ? markGlob(v, ctx.dialect) : v, ctx)];
      };
      const paths = use.values ? use.values.flatMap(filled) : word ? wordPaths(word, ctx) : [];
      // A destination that may be a directory receives each source under its own name.
      const into: string[] = [];
      const inside: string[] = [];
      if (use.into && use.into.length > 0) {
        const dirs = use.values ?? word?.values ?? [];
        for (const d of dirs) {
          const dir = word?.glob ? markGlob(d, ctx.dialect) : d;
          const resolved = resolvePath(dir, ctx);
          const isDir = use.into.length > 1 || d.endsWith('/') || resolved === resolvePath('.', ctx) || resolved === resolvePath('~', ctx);
          for (const name of use.into) {
            const landed = resolvePath(`${dir}/${name}`, ctx);
            inside.push(landed);
            if (isDir) into.push(landed);
          }
        }
      }
      const target: WriteTarget = { segment: inv.segment, span: use.span, text, how: use.role === 'extract' ? `${inv.program} extracts into` : inv.program, paths: [...paths, ...into], profile: PROFILE.test(text), ...(use.values || !word ? {} : walked(word)) };
      if (may) target.may = true;
      if (use.role === 'create') target.create = true;
      if (inside.length > 0) target.inside = inside;
      // Where a relative directory lies is known only with the directory the program runs in (not under find -execdir).
      if (use.role === 'extract' && (ctx.cwd !== null || (use.values ?? word?.values ?? []).every((v) => /^[/~]/.test(v)))) {
        target.extract = true;
        if (use.depth !== undefined) target.depth = use.depth;
        if (use.unlisted) target.unlisted = true;
      }
      out.push(target);
    }
  }
  out.push(...unknownWrites(analysis));
  return out;
}

/** What in an argument could name a file: the word, the value after an option's `=`, or a short option's attached value (`-oFILE`). */
function optionValue(v: string): string {
  if (!v.startsWith('-')) return v;
  const eq = v.indexOf('=');
  if (eq >= 0) return v.slice(eq + 1);
  return v.startsWith('--') ? '' : v.slice(2);
}

/**
 * The arguments of a program the registry does not know, or whose entry says nothing of its words (`sort -o FILE`,
 * `gpg -o FILE`), that no other reading of the line gives a role either: any of them may be a file it writes. A word
 * counts as a path when it could name one (see `optionValue`); text
 * with blanks in it is a message, not a name. A PowerShell line's native programs count as bash's do (its own commands are read below).
 */
function unknownWrites(analysis: Analysis): WriteTarget[] {
  const reads = (inv: Invocation) => !native(inv) || (inv.known !== false && inv.uses !== undefined);
  // Most lines run only programs the registry reads: nothing to look for.
  if (analysis.invocations.every(reads)) return [];
  // By span and text: nested text gives all its words the span of the word that holds it (`bash -c '…'`).
  const given = new Map<string, boolean>();
  for (const u of pathUses(analysis).uses) {
    const key = textKey(u.span, u.text);
    given.set(key, (given.get(key) ?? false) || u.role !== 'unknown');
  }
  // The invocations (by their wrapper chains) that give a word a role: another reading of the same words as another
  // program (`$P` that may be `true` or `strace`) gives this one's words none.
  const roleChains = new Map<string, string[][]>();
  for (const inv of analysis.invocations) {
    for (const u of inv.uses ?? []) {
      if (u.role === 'unknown') continue;
      const key = textKey(u.span, u.text);
      roleChains.set(key, [...(roleChains.get(key) ?? []), [...inv.wrappers, inv.program]]);
    }
  }
  const givenFor = (key: string, inv: Invocation) => {
    const chains = roleChains.get(key);
    // A role no invocation gave (a redirection's, an assignment's) holds for every reading.
    if (chains === undefined) return given.get(key) !== false;
    return chains.some((chain) => chain.includes(inv.program));
  };
  // A program whose entry reads its words says what it writes; the words it leaves alone are options' values and
  // text. A word a wrapper hands to such a program (`timeout 60 touch -r REF f`) is that program's.
  // Owned: by the program a wrapper hands it to. Another reading of the same words as another program (`$P` that may
  // be `true` or `strace`) owns nothing of this one's.
  const owned = new Map<string, string[][]>();
  for (const inv of analysis.invocations) {
    if (!reads(inv)) continue;
    for (const w of inv.args) {
      const key = textKey(w.span, w.text);
      owned.set(key, [...(owned.get(key) ?? []), inv.wrappers]);
    }
  }
  const ownedFrom = (key: string, wrapper: string) => (owned.get(key) ?? []).some((chain) => chain.includes(wrapper));
  // The program a wrapper runs (`sudo /etc/init.d/nginx restart`, `doas ~/.local/bin/tool`): its command word is run,
  // not written, by the wrapper that hands it on.
  // (By span and the word's value: nested text gives all its words the span of the word that holds it.)
  const runBy = new Map<string, string[][]>();
  for (const inv of analysis.invocations) {
    const key = `${inv.span.start}:${inv.span.end}:${inv.path}`;
    runBy.set(key, [...(runBy.get(key) ?? []), inv.wrappers]);
  }
  const runFrom = (w: Word, wrapper: string) => w.values?.length === 1 && (runBy.get(`${w.span.start}:${w.span.end}:${w.values[0]}`) ?? []).some((chain) => chain.includes(wrapper));
  const out: WriteTarget[] = [];
  for (const inv of analysis.invocations) {
    if (reads(inv)) continue;
    const ctx: PathContext = { cwd: cwdOf(inv), home: analysis.home, dialect: inv.dialect };
    for (const w of inv.args) {
      const key = textKey(w.span, w.text);
      if (givenFor(key, inv) || ownedFrom(key, inv.program) || runFrom(w, inv.program)) continue;
      const names = (w.values ?? [markDynamic(w.text, ctx)]).map(optionValue).filter((v) => v !== '' && !/\s/.test(v));
      // (A glob in a word of its own is each name it matches; one in an option's value (`--accept-hosts=.*`) is its
      // text, as bash finds no directory named `--accept-hosts=`.)
      if (names.length > 0) out.push({ segment: inv.segment, span: w.span, text: w.text, how: inv.program, paths: names.map((v) => resolvePath(w.glob && !w.values?.some((x) => x.startsWith('-')) ? markGlob(v, ctx.dialect) : v, ctx)), profile: false, may: true });
    }
  }
  return out;
}

/**
 * A program whose arguments may be files it writes: any in bash; in PowerShell, a native program the registry does
 * not know (`frob $PROFILE`, as `frob ~/.bashrc` in bash). PowerShell's own commands (Verb-Noun, after their aliases),
 * cmd's internal ones and the natives the frontend reads itself (pwsh, .NET members) are read in powershellWrites.
 */
function native(inv: Invocation): boolean {
  if (inv.dialect === 'bash') return true;
  return inv.dialect === 'powershell' && inv.known === false && !CMDLET.test(inv.program) && !CMD_INTERNAL.has(inv.program);
}

function powershellWrites(inv: Invocation, add: (word: Word, how: string) => void): void {
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
    case 'expand-archive': {
      const ps = psArgs(inv.args, PS_SWITCHES);
      const dest = psParam(ps, ['destinationpath', 'destination']) ?? ps.positional[psParam(ps, PS_PATH) ? 0 : 1];
      if (dest) add(dest, 'Expand-Archive extracts into');
      return;
    }
    // cmd's own copy and move (`cmd /c copy a b`): the last operand is the destination.
    case 'copy':
    case 'move':
    case 'xcopy': {
      const ops = inv.args.filter((w) => !/^\//.test(w.values?.[0] ?? w.text));
      const dest = ops.length >= 2 ? ops.at(-1) : undefined;
      if (dest) add(dest, `cmd ${name}`);
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
