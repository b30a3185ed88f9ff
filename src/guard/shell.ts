// What a shell line does to paths that the guard checks itself: where it writes, and what it names in commands that may change it.
import { cwdOf, exactPath, globRegex, hasMarkers, resolvePath, STAR } from '../rules/paths.js';
import { WRITE_OPS, writeTargets } from '../rules/writes.js';
import { pathUses, programName, staticValue } from '../rules/words.js';
import { filledUnder, listedPaths } from '../programs/words.js';
import { findTakes } from '../programs/entries/runners.js';
import { LEAVES_ITEMS } from '../powershell/names.js';
import type { Analysis, Dialect, Invocation, Under, Word } from '../types.js';

/** A path a line touches, in the rules' form (lower case, `/`, wildcards marked), with its text for messages. */
export interface Touch {
  path: string;
  text: string;
  /** How it is written (`>`, `cp`, `ln`…), for a write. */
  how?: string;
  /**
   * A path find prints below its roots with a name its test gives (`find /home/www -name '*.java'`, see Anchor.walk);
   * one it names by no test (`-type f`) is read as any file, as a sweep beneath a home is (setupBeneath).
   */
  walk?: boolean;
  /** A path in a directory mktemp made (see WriteTarget.temp). */
  temp?: boolean;
  /** Only created where it is absent (see WriteTarget.create). */
  create?: true;
  /** Where each source lands if the path is a directory (see WriteTarget.inside). */
  inside?: string[];
  /** Only may be written: a program that says nothing of its words (see WriteTarget.may). */
  may?: true;
  /** Extracted into, under names no static reading lists (see WriteTarget.unlisted). */
  unlisted?: true;
}

// Programs that change the entry they name itself, whatever its role to the registry: moved away, made unreadable,
// removed (PowerShell's Remove-Item, whose paths the registry gives no role).
const MOVES_OR_MODES = new Set(['mv', 'move-item', 'mi', 'move', 'rename', 'rename-item', 'ren', 'chmod', 'chown', 'chgrp', 'chattr', 'setfacl', 'remove-item', 'ri', 'del', 'erase', 'rd', 'rmdir']);
// What a changing program may do to a directory it names: remove it. Not `unknown`: `ln -s ~/.config cfg` names
// the directory a link points at, and a program no entry describes that is handed `~/.claude` was never denied.
const REMOVES: ReadonlySet<string> = new Set(['delete', 'delete-tree']);
// Programs that list paths for another to act on: find's roots, and whatever feeds xargs.
const FINDERS = new Set(['find', 'gfind', 'bfs', 'fd', 'fdfind']);
const FEEDERS = new Set(['xargs', 'parallel']);
/** Programs that only remove what they are handed. */
const REMOVERS = new Set(['rm', 'unlink', 'rmdir']);
/** Programs that may rewrite the lines they pass on. */
const REWRITES = /^(?:sed|gsed|awk|gawk|mawk|nawk|perl|tr|cut|paste|rev|xxd|jq|python[\d.]*|node|ruby|php|printf|echo|sh|bash|dash|zsh)$/;

// git subcommands that leave the work tree's files as they are.
const GIT_READ_ONLY = new Set(['status', 'diff', 'log', 'show', 'add', 'blame', 'ls-files', 'grep', 'commit']);

function readOnly(inv: Invocation): boolean {
  // One that only shows what it would do (`Remove-Item -Recurse ~ -WhatIf`, `git clean -fdx -n`) changes nothing.
  if (inv.previews !== undefined) return true;
  const name = programName(inv);
  // A wrapper's own words only start what it runs, which is judged on its own; but a cmdlet handed a script block
  // for a parameter (`gci -r | Rename-Item -NewName { $_.Name + '.bak' }`) still renames, moves or writes what it is
  // given, and an interpreter whose code removes or moves a file (`python3 -c "os.rename(…)"`) changes it.
  if (inv.wraps) return !((inv.dialect === 'powershell' && MOVES_OR_MODES.has(name)) || (!FINDERS.has(name) && !FEEDERS.has(name) && (inv.uses ?? []).some(changesNamed)));
  // find lists names unless told to act on what it finds.
  if (name === 'find') return !inv.args.some((w) => /^-(delete|exec|execdir|ok|okdir|fprint|fprint0|fprintf|fls)$/.test(staticValue(w) ?? '-exec'));
  if (name === 'git') {
    const sub = inv.args.map(staticValue).find((v) => v !== null && !v.startsWith('-'));
    return sub !== undefined && sub !== null && GIT_READ_ONLY.has(sub);
  }
  // A program whose registry entry says its uses are all it does to files, each of them only a look (`cat`, `grep`,
  // `ls`, `sort`, `gzip -c`, `sed -n`; not `yq -i`, `tree -o FILE`), or a cmdlet that shows what it is given.
  if (inv.dialect === 'powershell' && LEAVES_ITEMS.has(name)) return true;
  return (inv.leavesRead === true && inv.known !== false && !MOVES_OR_MODES.has(name) && (inv.uses ?? []).every((u) => !changesNamed(u)));
}

// Roles in which a program only looks at the files it is handed.
const LOOKS: ReadonlySet<string> = new Set(['read', 'read-tree', 'meta', 'text']);
/** A word by its span and its text: nested text gives several words one span (`bash -c '…'`), so both name it. */
const wordKey = (u: { span: { start: number; end: number }; text: string }): string => `${u.span.start}:${u.span.end}\0${u.text}`;
/** A use that changes the file it names: in a role beyond looking, moved away, or its mode or owner changed. */
const changesNamed = (u: { role: string; moved?: true; modes?: true }): boolean => !LOOKS.has(u.role) || u.moved === true || u.modes === true;
const MODE_PROGRAMS = new Set(['chmod']);

/**
 * A mode that leaves its owner able to read, and a directory able to be entered: `644` or `u=rw,g=r,o=` for files,
 * `755`, `u=rwx,go=rx`, `+x`, `g+w` for either (not `000`, `u-r`, `a=x`; nor `644` on a directory, which locks away
 * every file below it, a hook's script and the settings that name it).
 */
function keepsOpen(mode: string, dirs: boolean): boolean {
  const n = /^0?([0-7]{3,4})$/.exec(mode);
  if (n) {
    const owner = Number(n[1]!.at(-3));
    return owner >= 4 && (!dirs || owner % 2 === 1);
  }
  let read = true;
  let enter = true;
  for (const clause of mode.split(',')) {
    const m = /^([ugoa]*)((?:[-+=][rwxXst]*)+)$/.exec(clause);
    if (!m) return false;
    // A clause for the group or others alone leaves the owner as it was; none named is all (umask spares no owner bit here).
    if (m[1] !== '' && !/[ua]/.test(m[1]!)) continue;
    for (const [, op, perms] of m[2]!.matchAll(/([-+=])([rwxXst]*)/g)) {
      const r = perms!.includes('r');
      const x = /[xX]/.test(perms!);
      if (op === '=') [read, enter] = [r, x];
      else if (op === '+') [read, enter] = [read || r, enter || x];
      else [read, enter] = [read && !r, enter && !x];
    }
  }
  return read && (!dirs || enter);
}

/** Whether each path a program is handed is a file: find's tests let through only a type no directory has (`-type f`). */
function handedFilesOnly(inv: Invocation): boolean {
  const handed = inv.args.filter((w) => w.text.includes('{}') || (w.values === null && w.text === '') || listedPaths(w).length > 0);
  return handed.every((w) => {
    const listed = listedPaths(w);
    return listed.length > 0 && listed.every((u) => {
      const types = u.tests ? findTakes(u.tests).types : [];
      return types.length > 0 && types.some((t) => t.split(',').every((c) => c !== 'd' && c !== 'D'));
    });
  });
}

/**
 * Whether a program changes the files another hands it (`find -exec CMD {}`, `… | xargs CMD`): the words it is handed
 * are the computed ones; a program that only reads or describes them, or sets a mode its owner can still read,
 * changes nothing. A program the registry does not know, or a word it gives no role, may change them.
 */
function changesHanded(inv: Invocation): boolean {
  if (readOnly(inv)) return false;
  const name = programName(inv);
  if (MODE_PROGRAMS.has(name)) {
    const mode = inv.args.map(staticValue).find((v) => v !== null && !/^--?[a-z]/i.test(v));
    return !(mode !== undefined && mode !== null && keepsOpen(mode, !handedFilesOnly(inv)));
  }
  // rmdir removes a directory only when it is empty (`find . -type d -empty -exec rmdir {} +`): nothing it is handed
  // that holds a file goes. (PowerShell's rmdir is Remove-Item.)
  if (name === 'rmdir' && inv.dialect === 'bash') return false;
  if (MOVES_OR_MODES.has(name) || inv.known === false) return true;
  // A known program find's -exec hands none of them (no `{}`, no word computed) runs once for each where the line
  // stands, and its own words are judged as they are anywhere (`find . -exec pwd \;`, `-print -exec false \;`); not
  // where it runs is unknown, as in each directory -execdir finds, where its own words name what lies there. (The
  // words xargs reads from static input stand as the program's own: `echo ~/.claude/settings.json | xargs rm`.)
  if (inv.dialect === 'bash' && inv.cwd !== null && !inv.wrappers.some((w) => FEEDERS.has(w)) && inv.args.every((w) => w.values !== null && !w.text.includes('{}') && listedPaths(w).length === 0)) return false;
  if (!inv.uses) return true;
  // find's `{}`, and the words xargs or parallel append (no text of their own) or put where `{}` stands.
  const handed = inv.args.filter((w) => w.text.includes('{}') || (w.values === null && w.text === ''));
  if (handed.length === 0) return true;
  return handed.some((w) => mayChange(inv, w));
}

/** Whether the role the registry gives this word (none: any) may change the file it names. */
function mayChange(inv: Invocation, w: Word): boolean {
  const uses = inv.uses?.filter((u) => u.span.start === w.span.start && u.span.end === w.span.end) ?? [];
  return uses.length === 0 || uses.some(changesNamed);
}

/**
 * Whether a program changes a word of its own that holds paths a lister printed (`sed -i … $(find .)`, `"$f"` of
 * `for f in $(git ls-files)`): as for the words find or xargs hand it, a reader or a mode its owner can still read
 * changes nothing.
 */
function changesListed(inv: Invocation, w: Word): boolean {
  if (readOnly(inv)) return false;
  const name = programName(inv);
  if (MODE_PROGRAMS.has(name) || (name === 'rmdir' && inv.dialect === 'bash')) return changesHanded(inv);
  if (MOVES_OR_MODES.has(name) || inv.known === false || !inv.uses) return true;
  return mayChange(inv, w);
}

/** Each root of the paths a lister printed that a word holds (its `under`), resolved where the lister ran, with its entry. */
function listedRoots(w: Pick<Word, 'under' | 'touches'>, home: string, dialect: Dialect): { path: string; u: Under }[] {
  const out: { path: string; u: Under }[] = [];
  for (const u of listedPaths(w)) {
    const ctx = { cwd: null, home, dialect };
    const at = u.cwd === null ? null : resolvePath(u.cwd, ctx);
    for (const v of u.values ?? []) out.push({ path: resolvePath(v, { ...ctx, cwd: at }), u });
  }
  return out;
}

/** A directory beneath which a line may change files it does not name: removed whole, or handed file by file to a changing command. */
export interface TreeTouch extends Touch {
  /** Only files whose names match one of these globs (find's `-name`). */
  names?: string[];
  /**
   * What it hands on is only laid out again, each file saying what it said (Use.reformats: `git diff --name-only |
   * xargs prettier --write`): a setup file below it stays the same setup. The tree itself, a setup or the directory
   * that holds one, still counts.
   */
  kept?: true;
  /** The walk enters no dot directory below it (see WordUse.visible): a setup beneath one is out of its reach. */
  visible?: true;
}

/** A tree a line changes beneath, with what limits the walk: the names it keeps to, dot directories left out. */
function limited(t: Touch, names: string[] | undefined, visible: true | undefined): TreeTouch {
  return { ...t, ...(names ? { names } : {}), ...(visible ? { visible } : {}) };
}

/** The stage a segment stands at in a pipeline (`pipeline[2]`), at `depth` of its context; -1 when it stands in none there. */
function stageAt(context: readonly string[], depth: number): number {
  const m = /^pipeline\[(\d+)\]$/.exec(context[depth] ?? '');
  return m ? Number(m[1]) : -1;
}

/**
 * Whether segment `to` is a later stage of the pipeline segment `from` stands in, so that it reads what `from` prints
 * and prints nothing `from` reads: every segment between them stands in a stage of that same pipeline, no earlier
 * than `from`'s (a stage 0 between them starts another pipeline).
 */
function laterStage(segments: Analysis['segments'], from: number, to: number): boolean {
  const a = segments[from]?.context;
  const b = segments[to]?.context;
  if (!a || !b || to <= from || a.length !== b.length || a.length === 0) return false;
  const d = a.length - 1;
  if (a.slice(0, d).some((c, i) => c !== b[i])) return false;
  const first = stageAt(a, d);
  const last = stageAt(b, d);
  if (first < 0 || last <= first) return false;
  let at = first;
  for (let s = from + 1; s < to; s++) {
    const c = segments[s]!.context;
    if (c.length < a.length || a.slice(0, d).some((x, i) => x !== c[i])) return false;
    const k = stageAt(c, d);
    if (k < at || k > last) return false;
    at = k;
  }
  return true;
}

/** Whether every name a glob matches has one of these extensions (`*.py`, `test_*.py` of `py`; not `*`, `*.p*`). */
function ofLanguage(glob: string, exts: readonly string[]): boolean {
  const lower = glob.toLowerCase();
  return exts.some((e) => lower.endsWith(`.${e}`));
}

/** A program whose every use that changes a file only lays it out again (`prettier --write`, `gofmt -w`). */
function onlyReformats(inv: Invocation): boolean {
  const uses = inv.uses ?? [];
  return inv.known !== false && !MOVES_OR_MODES.has(programName(inv)) && uses.some((u) => u.reformats === true) && uses.every((u) => !changesNamed(u) || u.reformats === true);
}

/**
 * Where the line writes, and every path it names outside prose in a segment whose commands are not all readers;
 * of those, the ones it may remove, move or change the mode of (`removed`), and the directories beneath which it
 * may change what it never names (`trees`: `rm -r`, `find -delete`, `find -exec sed -i`, `find | xargs rm`); with
 * `withUses`, every path it names at all (for links to carry to their targets).
 */
export function lineTouches(analysis: Analysis, withUses: boolean): { written: Touch[]; named: Touch[]; uses: Touch[]; removed: Touch[]; moved: Touch[]; trees: TreeTouch[]; dotglob: boolean } {
  const written: Touch[] = [];
  for (const t of writeTargets(analysis)) for (const path of t.paths) written.push({ path, text: t.text, how: t.how, ...(t.under !== undefined && !path.endsWith(`/${STAR}`) ? { walk: true } : {}), ...(t.temp ? { temp: true } : {}), ...(t.create ? { create: true } : {}), ...(t.inside ? { inside: t.inside } : {}), ...(t.may ? { may: true } : {}), ...(t.unlisted ? { unlisted: true } : {}) });
  const changing = new Set<number>();
  const moving = new Set<number>();
  const finding = new Set<number>();
  // Segments where a command other than find changes things: with find there, it acts on what find found.
  const otherChanging = new Set<number>();
  const feeders = new Set<number>();
  // Interpreter code's words stand in a segment of their own (`python3 -c "os.rename('.claude/settings.json', 'x')"`):
  // the words a changing invocation's uses name change with it, wherever they stand.
  const changedWords = new Set<string>();
  // Words whose mode or owner interpreter code changes (`os.chmod('.claude', 0)`): a directory so changed takes what it holds along, as chmod's does.
  const modedWords = new Set<string>();
  // A feeder's own words it only looks at (`parallel --wd DIR`, the directory its jobs start in): no segment prints
  // them to it, and it hands none of them on.
  const feederOwn = new Set<string>();
  for (const inv of analysis.invocations) {
    const name = programName(inv);
    if (FEEDERS.has(name)) for (const u of inv.uses ?? []) if (u.role === 'meta') feederOwn.add(wordKey(u));
    if (!readOnly(inv)) {
      changing.add(inv.segment);
      for (const u of inv.uses ?? []) if (changesNamed(u)) changedWords.add(wordKey(u));
    }
    for (const u of inv.uses ?? []) if (u.modes) modedWords.add(wordKey(u));
    if (MOVES_OR_MODES.has(name) && inv.previews === undefined) moving.add(inv.segment);
    if (FINDERS.has(name)) finding.add(inv.segment);
    else if (FEEDERS.has(name)) feeders.add(inv.segment);
    else if (changesHanded(inv)) otherChanging.add(inv.segment);
  }
  // xargs or parallel running a changing command acts on paths any segment of the line may print: each one counts
  // as named to it, and as a tree it may reach into.
  const fed = [...feeders].some((s) => otherChanging.has(s));
  // When every command that changes what it is handed only removes it (rm, unlink, rmdir), a root whose finder hands
  // on only empty files and directories (`find . -type f -empty | xargs rm`, `-exec rm {} +`) loses nothing of a setup.
  const onlyRemoves = analysis.invocations.every((inv) => !changesHanded(inv) || FINDERS.has(programName(inv)) || FEEDERS.has(programName(inv)) || (inv.dialect === 'bash' && REMOVERS.has(programName(inv))));
  // A command that rewrites the lines on their way to xargs (`grep -rl … | sed 's/…/…/' | xargs …`) hands on names
  // no search test let through; one that stands after every xargs in its pipeline (`find … | xargs gzip -l | awk
  // '{print $NF}'`) only reads what they print.
  const rewritten = fed && analysis.invocations.some((inv) => REWRITES.test(programName(inv)) && !inv.wrappers.some((w) => FEEDERS.has(w)) && ![...feeders].every((f) => laterStage(analysis.segments, f, inv.segment)));
  // When every command that changes what it is handed only lays it out again, the files below a root stay what they say.
  // (A program handed nothing whose every use only looks, as `gofmt -l .` printing names, changes none of them.)
  const looksOnly = (inv: Invocation) => inv.known !== false && inv.uses !== undefined && !MOVES_OR_MODES.has(programName(inv)) && inv.uses.every((u) => !changesNamed(u)) && !inv.args.some((w) => w.text.includes('{}') || (w.values === null && w.text === '') || listedPaths(w).length > 0);
  const kept = analysis.invocations.every((inv) => readOnly(inv) || FINDERS.has(programName(inv)) || FEEDERS.has(programName(inv)) || onlyReformats(inv) || looksOnly(inv));
  // A formatter that keeps only files of its language (black's `*.py`) keeps a tree whose names the lister narrowed to them.
  const languages = kept ? analysis.invocations.flatMap((inv) => (readOnly(inv) || !onlyReformats(inv) ? [] : (inv.uses ?? []).flatMap((u) => (u.reformats && u.reformatsOnly ? [u.reformatsOnly] : [])))) : [];
  const keptFor = (names: string[] | undefined) => kept && languages.every((exts) => names !== undefined && names.length > 0 && names.every((n) => ofLanguage(n, exts)));
  const tree = (t: Touch, names: string[] | undefined, visible?: true): TreeTouch => ({ ...limited(t, names, visible), ...(keptFor(names) ? { kept: true as const } : {}) });
  // The names each of find's roots hands on down the pipe to xargs: the words xargs appends carry find's roots with
  // what a filter between narrowed them to (`find . | grep '\.orig$' | xargs rm`: `*.orig`). A root one of them hands
  // on unnarrowed is not in the map.
  const handed = new Map<string, string[]>();
  const unnarrowed = new Set<string>();
  if (fed) {
    for (const inv of analysis.invocations) {
      for (const w of inv.args) {
        for (const { path, u } of listedRoots(w, analysis.home, inv.dialect)) {
          if (u.cwdGlob) continue;
          if (!u.names) unnarrowed.add(path);
          else handed.set(path, [...(handed.get(path) ?? []), ...u.names]);
        }
      }
    }
  }
  const named: Touch[] = [];
  const uses: Touch[] = [];
  const removed: Touch[] = [];
  const moved: Touch[] = [];
  const trees: TreeTouch[] = [];
  // A changing command given, as its own words, the paths a lister printed (`sed -i … $(find . -type f)`, a loop's
  // `"$f"` over `$(git ls-files)` or over find's lines read one by one): each root is a tree it may change beneath,
  // narrowed by the names the lister's tests let through, as for the names xargs hands on.
  // (In PowerShell `$_` of a block after a listing is such a word: `gci -r | % { Set-Content $_ x }`; find's own `{}`,
  // and what xargs hands on from find, are read above, with find's tests.)
  for (const inv of analysis.invocations) {
    const name = programName(inv);
    if (FINDERS.has(name) || FEEDERS.has(name)) continue;
    for (const w of inv.args) {
      // A word the program fills with those paths (`xargs -I{} dd of={}`): what its role's values name, or the word's.
      if (w.items?.under && changesListed(inv, w)) {
        const given = inv.uses?.filter((u) => u.span.start === w.span.start && u.span.end === w.span.end && u.text === w.text && changesNamed(u)).flatMap((u) => u.values ?? []) ?? [];
        for (const v of given.length > 0 ? given : (w.values ?? [])) {
          for (const { path, u } of listedRoots({ under: filledUnder(w, v) }, analysis.home, inv.dialect)) {
            const t = { path, text: w.text };
            named.push(t);
            trees.push(tree(t, u.names, u.visible));
          }
        }
      }
      if ((!w.under && !w.touches) || !changesListed(inv, w)) continue;
      // find's `{}` handed straight to what -exec runs, and the words xargs hands on from find, are read with find's
      // tests below (its roots' uses); another lister's are not (`git ls-files | xargs -I{} sed -i … {}`), nor a `{}`
      // a shell -exec starts hands on as a parameter (`-exec bash -c 'rm "$1"' _ {} \;`: rm runs in a segment of its own).
      const handedOn = (w.text.includes('{}') && finding.has(inv.segment)) || (fed && w.text === '' && w.values === null);
      for (const { path, u } of listedRoots(w, analysis.home, inv.dialect)) {
        if (handedOn && u.tests !== undefined) continue;
        const t = { path, text: w.text || 'the paths a lister printed' };
        named.push(t);
        trees.push(tree(t, u.names, u.visible));
      }
    }
  }
  // A redirection into a word that holds the paths a lister printed (`git ls-files | while read -r f; do : > "$f"; done`,
  // `find . -exec sh -c 'echo > "$1"' _ {} \;`, `xargs sh -c 'for f; do : > "$f"; done' _`) writes each of them: a tree
  // it changes beneath, as for a changing command's own word.
  for (const seg of analysis.segments) {
    for (const r of seg.redirects) {
      if (!r.target || !WRITE_OPS.has(r.op)) continue;
      for (const { path, u } of listedRoots(r.target, analysis.home, seg.dialect)) {
        const t = { path, text: r.target.text || 'the paths a lister printed' };
        named.push(t);
        trees.push(limited(t, u.names, u.visible));
      }
    }
  }
  // A change of modes or owners the registry names as a loss (`icacls ~/.claude /deny Everyone:F`, `takeown /f`): the
  // path it is given is locked, as chmod's is.
  for (const inv of analysis.invocations) {
    for (const d of inv.destroys ?? []) {
      if (d.what !== 'modes' || !d.word) continue;
      const ctx = { cwd: cwdOf(inv), home: analysis.home, dialect: inv.dialect };
      for (const v of d.word.values ?? []) if (v !== '') removed.push({ path: resolvePath(v, ctx), text: d.word.text });
    }
  }
  const { uses: pathUsesOf, dotglob } = pathUses(analysis);
  for (const use of pathUsesOf) {
    if (use.prose) continue;
    const t = { path: use.path, text: use.text };
    if (withUses) uses.push(t);
    // A root find never hands on itself (`find ~ -mindepth 1 -name '*.log' -exec mv {} /tmp/x \;`): only what lies
    // below it, narrowed by its tests, is moved or removed.
    const spared = use.role !== 'unknown' && (use.below === true || (use.names !== undefined && !use.names.some((n) => globRegex(n.toLowerCase()).test(use.path.replace(/\/+$/, '').split('/').pop() ?? ''))));
    if (fed) {
      if (use.role === 'meta' && feederOwn.has(wordKey(use))) continue;
      named.push(t);
      if (use.empty && onlyRemoves && !rewritten) continue;
      if (!spared) removed.push(t);
      // find's roots hand on only the names its tests let through, or a filter after it (grep) lets through.
      const lister = analysis.invocations.find((i) => i.segment === use.segment);
      const through = !use.names && lister !== undefined && FINDERS.has(programName(lister)) && !unnarrowed.has(use.path) ? handed.get(use.path) : undefined;
      const names = use.names ?? through;
      trees.push(tree(t, names && !rewritten ? names : undefined, use.visible && !rewritten ? use.visible : undefined));
      continue;
    }
    if (!changing.has(use.segment) && !changedWords.has(wordKey(use))) continue;
    named.push(t);
    // A tree of which only what holds nothing goes (`find . -type d -empty -delete`) loses no file of any setup.
    if (use.role === 'delete-tree' && use.empty) continue;
    const handedOn = finding.has(use.segment) && otherChanging.has(use.segment) && (use.role === 'read-tree' || use.role === 'meta');
    if (handedOn && use.empty && onlyRemoves) continue;
    if (!(handedOn && spared) && (REMOVES.has(use.role) || moving.has(use.segment) || modedWords.has(wordKey(use)))) removed.push(t);
    if (!(handedOn && spared) && moving.has(use.segment)) moved.push(t);
    // What find hands a formatter (`find . -name '*.py' -exec black {} +`) is laid out again, as what xargs hands it.
    if (use.role === 'delete-tree') trees.push(limited(t, use.names, use.visible));
    else if (handedOn) trees.push(tree(t, use.names, use.visible));
  }
  // An extraction under names no static reading lists (an archive's members, a directory's contents) may put any
  // file beneath where it lands.
  for (const t of written) if (t.unlisted) trees.push(t);
  return { written, named, uses, removed, moved, trees, dotglob };
}

/**
 * The spellings, case kept, of the paths a line names in its arguments and redirections, by the rules' form of each
 * (`resolvePath`): what the host's realpath is asked about for a touch, on a disk where `Rc` and `rc` differ.
 */
export function exactSpellings(analysis: Analysis): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (word: Word | undefined, at: { cwd: string | null; cwdGlob?: boolean; dialect: Dialect }) => {
    if (!word || word.values === null || word.glob) return;
    const ctx = { cwd: cwdOf(at), home: analysis.home, dialect: at.dialect };
    for (const v of word.values) {
      if (v === '' || hasMarkers(v)) continue;
      const key = resolvePath(v, ctx);
      const exact = exactPath(v, ctx);
      const known = out.get(key);
      if (!known) out.set(key, [exact]);
      else if (!known.includes(exact)) known.push(exact);
    }
  };
  for (const seg of analysis.segments) for (const r of seg.redirects) add(r.target, seg);
  for (const inv of analysis.invocations) for (const w of inv.args) add(w, inv);
  return out;
}
