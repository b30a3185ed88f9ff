// git subcommands that destroy what no path names: uncommitted work (reset --hard, checkout -- paths, clean -f…) and
// history others share (push --force, +refspecs, branch -D…). Read with git's own option rules: long options by
// unambiguous prefix, `--no-x` undoing `--x`, `--` ending options.
import type { Word } from '../../types.js';
import { has, parse } from '../argv.js';
import type { Destroy, OptionSpec, ParsedArgs } from '../types.js';
import { value } from '../words.js';


/**
 * An option among `names` was given — exactly, or as a prefix git's parser might take for one of them when it is
 * ambiguous or not in our lists (`--forc`): over-approximated, since a wrong guess must not let a discard pass.
 */
function may(p: ParsedArgs, ...names: string[]): boolean {
  return p.options.some((o) => names.includes(o.name) || (o.unknown === true && o.name.length >= 2 && names.some((n) => n.length > 1 && n.startsWith(o.name))));
}

function destroy(word: Word, what: Destroy['what'], why: string, local = false): Destroy[] {
  return [{ word, what, why, ...(local ? { local: true } : {}) }];
}

/**
 * A prune age that takes what became unreachable lately: anything but `never` and an age of a day or more (`2.weeks.ago`,
 * `3 days ago`). `now`, `all`, hours, an absolute date (it may be in the future) or a computed age are over-approximated.
 */
export function immediate(age: string | undefined): boolean {
  if (age === undefined) return true;
  return !/^\s*(never|false|[1-9]\d*[. ](days?|weeks?|months?|years?)[. ]ago)\s*$/i.test(age);
}

/** Submodules are touched: a recurse option (not `--no-…`) or the submodule.recurse setting. */
function submodules(p: ParsedArgs, settings: Settings): boolean {
  const recurse = settings.get('submodule.recurse');
  return may(p, 'recurse-submodules') || (settings.has('submodule.recurse') && !/^(false|no|off|0)$/i.test(recurse ?? 'true'));
}

type Settings = ReadonlyMap<string, string | undefined>;

/** The operands after a literal `--` (pathspecs), and whether one was written. */
function afterDashes(args: readonly Word[]): { dashes: boolean; paths: Word[] } {
  const at = args.findIndex((a) => value(a) === '--');
  return at < 0 ? { dashes: false, paths: [] } : { dashes: true, paths: args.slice(at + 1) };
}

const CHECKOUT: OptionSpec = {
  order: 'gnu',
  flags: 'fqmpdlt',
  valued: 'bBU',
  long: ['force', 'quiet', 'no-quiet', 'merge', 'patch', 'detach', 'guess', 'no-guess', 'overwrite-ignore', 'no-overwrite-ignore', 'ignore-other-worktrees', 'ignore-skip-worktree-bits', 'no-recurse-submodules', 'progress', 'no-progress', 'ours', 'theirs', 'overlay', 'no-overlay', 'no-track', 'pathspec-file-nul', 'help'],
  longValued: ['orphan', 'conflict', 'unified', 'inter-hunk-context', 'pathspec-from-file'],
  longOptional: ['track', 'recurse-submodules'],
};

/**
 * The option tables of the subcommands read here, as git's parse-options knows them (each takes `--help`), for the
 * destroys below and for `gitPreview`.
 */
const SPECS: Readonly<Record<string, OptionSpec>> = {
  checkout: CHECKOUT,
  switch: { order: 'gnu', flags: 'fqmtd', valued: 'cC', long: ['force', 'discard-changes', 'quiet', 'merge', 'detach', 'guess', 'no-guess', 'progress', 'no-progress', 'ignore-other-worktrees', 'no-recurse-submodules', 'no-track', 'help'], longValued: ['create', 'force-create', 'orphan', 'conflict'], longOptional: ['track', 'recurse-submodules'] },
  restore: { order: 'gnu', flags: 'SWpqm', valued: 'sU', long: ['staged', 'no-staged', 'worktree', 'no-worktree', 'patch', 'no-patch', 'quiet', 'merge', 'ours', 'theirs', 'overlay', 'no-overlay', 'ignore-unmerged', 'ignore-skip-worktree-bits', 'no-recurse-submodules', 'progress', 'no-progress', 'pathspec-file-nul', 'help', 'version', 'no-source'], longValued: ['source', 'conflict', 'unified', 'inter-hunk-context', 'pathspec-from-file'], longOptional: ['recurse-submodules'] },
  reset: { order: 'gnu', flags: 'qpN', long: ['hard', 'merge', 'keep', 'soft', 'mixed', 'quiet', 'no-quiet', 'patch', 'intent-to-add', 'refresh', 'no-refresh', 'no-recurse-submodules', 'pathspec-file-nul', 'help'], longValued: ['pathspec-from-file'], longOptional: ['recurse-submodules'] },
  clean: { order: 'gnu', flags: 'dfinqxXe', valued: 'e', long: ['force', 'dry-run', 'quiet', 'interactive', 'help'], longValued: ['exclude'] },
  push: { order: 'gnu', flags: 'fdnquv46', valued: 'o', long: ['force', 'mirror', 'delete', 'all', 'branches', 'tags', 'follow-tags', 'no-follow-tags', 'dry-run', 'porcelain', 'prune', 'no-verify', 'verify', 'atomic', 'no-atomic', 'quiet', 'verbose', 'progress', 'no-progress', 'set-upstream', 'thin', 'no-thin', 'ipv4', 'ipv6', 'force-if-includes', 'no-force-if-includes', 'no-signed', 'help'], longValued: ['repo', 'receive-pack', 'exec', 'push-option', 'recurse-submodules'], longOptional: ['force-with-lease', 'signed'] },
  branch: { order: 'gnu', flags: 'dDfmMcCrailqv', long: ['delete', 'force', 'move', 'copy', 'remotes', 'all', 'list', 'quiet', 'verbose', 'create-reflog', 'ignore-case', 'omit-empty', 'edit-description', 'show-current', 'unset-upstream', 'help'], longValued: ['set-upstream-to', 'contains', 'no-contains', 'merged', 'no-merged', 'points-at', 'sort', 'format', 'color', 'column', 'abbrev'], longOptional: ['track'] },
  tag: { order: 'gnu', flags: 'dfalsvn', long: ['delete', 'force', 'list', 'annotate', 'sign', 'verify', 'help'], longValued: ['message', 'file', 'sort', 'contains', 'points-at', 'format'] },
  'read-tree': { order: 'gnu', flags: 'muvin', long: ['reset', 'trivial', 'aggressive', 'empty', 'no-sparse-checkout', 'quiet', 'dry-run', 'help'], longValued: ['prefix', 'index-output', 'exclude-per-directory'], longOptional: ['recurse-submodules'] },
  'checkout-index': { order: 'gnu', flags: 'uqafnz', long: ['index', 'quiet', 'all', 'force', 'no-create', 'stdin', 'temp', 'ignore-skip-worktree-bits', 'help'], longValued: ['prefix', 'stage'] },
  rm: { order: 'gnu', flags: 'fnrq', long: ['force', 'dry-run', 'cached', 'ignore-unmatch', 'sparse', 'quiet', 'pathspec-file-nul', 'help'], longValued: ['pathspec-from-file'] },
  'update-ref': { order: 'gnu', flags: 'dz', valued: 'm', long: ['no-deref', 'create-reflog', 'stdin', 'help'] },
  'send-pack': { order: 'gnu', flags: 'fnqv', long: ['all', 'mirror', 'dry-run', 'force', 'thin', 'no-thin', 'atomic', 'stateless-rpc', 'stdin', 'verbose', 'quiet', 'helper-status', 'help'], longValued: ['receive-pack', 'exec', 'push-option', 'signed', 'force-with-lease'] },
  prune: { order: 'gnu', flags: 'nv', long: ['dry-run', 'verbose', 'progress', 'no-progress', 'help'], longValued: ['expire'] },
  gc: { order: 'gnu', flags: 'q', long: ['aggressive', 'auto', 'quiet', 'force', 'keep-largest-pack', 'no-prune', 'no-cruft', 'cruft', 'no-detach', 'detach', 'help'], longValued: ['max-cruft-size', 'expire-to'], longOptional: ['prune'] },
  repack: { order: 'gnu', flags: 'aAdklfFqnb', valued: 'w', long: ['cruft', 'local', 'quiet', 'keep-unreachable', 'pack-kept-objects', 'write-bitmap-index', 'no-write-bitmap-index', 'delta-islands', 'geometric', 'write-midx', 'help'], longValued: ['window', 'depth', 'threads', 'window-memory', 'max-pack-size', 'cruft-expiration', 'keep-pack', 'unpack-unreachable', 'filter', 'filter-to', 'expire-to', 'combine-cruft-below-size', 'max-cruft-size'] },
};

/** The same for subcommands of subcommands (`git stash drop`), keyed by both words. */
const VERBS: Readonly<Record<string, OptionSpec>> = {
  'stash drop': { order: 'gnu', flags: 'q', long: ['quiet', 'help'] },
  'stash clear': { order: 'gnu', long: ['help'] },
  'worktree remove': { order: 'gnu', flags: 'f', long: ['force', 'help'] },
  'remote add': { order: 'gnu', flags: 'f', valued: 'tm', long: ['fetch', 'tags', 'no-tags', 'help'], longValued: ['track', 'master'], longOptional: ['mirror'] },
  'reflog expire': { order: 'gnu', flags: 'n', long: ['all', 'rewrite', 'updateref', 'stale-fix', 'dry-run', 'verbose', 'single-worktree', 'help'], longValued: ['expire', 'expire-unreachable'] },
  'reflog delete': { order: 'gnu', flags: 'n', long: ['rewrite', 'updateref', 'dry-run', 'verbose', 'help'] },
};

/** The subcommands (and verbs) whose `-n` / `--dry-run` shows what they would do and does nothing. */
const DRY_RUNS: ReadonlySet<string> = new Set(['push', 'clean', 'rm', 'prune', 'read-tree', 'send-pack', 'reflog expire', 'reflog delete']);

/**
 * Why a git subcommand only previews (Answer.previews), as git reads its words: `git SUB --help` (git turns it into `git
 * help SUB`); `--help` anywhere among the options of a subcommand read here (parse-options prints its usage and exits,
 * whatever came before), or `-h` alone or where the subcommand has no `-h`; and `-n` / `--dry-run` where that is a dry
 * run (push, clean, rm, prune, read-tree, send-pack, reflog expire/delete), not undone by a later `--no-dry-run`. A word
 * after `--` is an operand; one an option before it takes as its value (`--repo --help`), or may (an option not in the
 * table, which git may read as taking one), is no preview.
 */
export function gitPreview(sub: string, rest: readonly Word[]): string | undefined {
  if (value(rest[0]) === '--help') return `git ${sub} --help shows the manual page`;
  const verb = value(rest[0]);
  const key = verb !== undefined && VERBS[`${sub} ${verb}`] ? `${sub} ${verb}` : sub;
  const spec = VERBS[key] ?? SPECS[key];
  if (!spec) return undefined;
  const args = key === sub ? rest : rest.slice(1);
  const p = parse(args, spec);
  // An option git may read as taking the next word as its value: one the table does not know, with no `=`.
  const open = (index: number) => p.options.some((o) => o.index === index - 1 && o.unknown === true && o.value === undefined);
  const usage = p.options.find((o) => !open(o.index) && ((o.name === 'help' && value(o.word) === '--help') || (value(o.word) === '-h' && (args.length === 1 || !`${spec.flags ?? ''}${spec.valued ?? ''}`.includes('h')))));
  if (usage) return `git ${key} ${value(usage.word)} prints its usage and does nothing else`;
  if (!DRY_RUNS.has(key)) return undefined;
  let dry: string | undefined;
  for (const o of p.options) {
    if (o.name === 'n' || o.name === 'dry-run') dry = o.name === 'n' ? '-n' : '--dry-run';
    else if (o.name.startsWith('no-d') && 'no-dry-run'.startsWith(o.name)) dry = undefined;
  }
  return dry === undefined ? undefined : `git ${key} ${dry} only shows what it would do`;
}

/** `git checkout`: forced, or given paths (after `--`, after a ref, from a file), it overwrites uncommitted work. */
function checkout(sub: Word, rest: readonly Word[], settings: Settings): Destroy[] {
  const p = parse(rest, SPECS.checkout!);
  const creates = has(p, 'b', 'B', 'orphan');
  const ops = p.operands.map((o) => o.word).filter((w) => value(w) !== '--');
  // Only this checkout's changes: no branch reset to another commit, no submodule.
  const local = !submodules(p, settings) && !(may(p, 'B') && ops.length > 0);
  if (may(p, 'f', 'force')) return destroy(sub, 'discard', 'git checkout --force overwrites uncommitted changes', local);
  if (may(p, 'pathspec-from-file')) return destroy(sub, 'discard', 'git checkout --pathspec-from-file overwrites uncommitted changes in those paths', local);
  const { dashes, paths } = afterDashes(rest);
  if (dashes && paths.length > 0) return destroy(sub, 'discard', 'git checkout -- PATH overwrites uncommitted changes in PATH', local);
  // A ref then paths, or paths alone: the working tree's changes there are replaced.
  if (!creates && ops.length >= 2) return destroy(sub, 'discard', 'git checkout REF PATH overwrites uncommitted changes in PATH', local);
  if (!creates && ops.length === 1 && /^(\.|\.\.|\.\/.*|.*[*?].*|:\/.*)$/.test(value(ops[0]) ?? '')) return destroy(sub, 'discard', `git checkout ${value(ops[0])} overwrites uncommitted changes`, local);
  // A word shaped as a file, not a branch: a directory (`src/`) or a name with a file extension (`src/app.ts`,
  // `README.md`). With no branch or tag of that name, git reads it as a pathspec and overwrites its changes.
  if (!creates && ops.length === 1 && pathShaped(value(ops[0]))) return destroy(sub, 'discard', `git checkout ${value(ops[0])} (no \`--\`) overwrites uncommitted changes in that file when no branch has its name`, local);
  return [];
}

/**
 * A checkout operand shaped as a path rather than a branch or tag: a trailing `/`, or a last component with a file
 * extension that starts with a letter (`app.ts`, `README.md`; not `v1.2.3`, `release-2.x`, `1.0.0-rc1`).
 */
function pathShaped(v: string | undefined): boolean {
  if (v === undefined || v.startsWith('-')) return false;
  if (/.\/$/.test(v)) return true;
  const last = v.split('/').pop() ?? '';
  return /^[^.].*\.[A-Za-z][A-Za-z0-9]{0,9}$/.test(last) && !/\.x$/i.test(last) && !/\.(lock)$/.test(last);
}

/** `git switch --discard-changes` / `--force`. */
function switchBranch(sub: Word, rest: readonly Word[], settings: Settings): Destroy[] {
  const p = parse(rest, SPECS.switch!);
  const local = !submodules(p, settings) && !(may(p, 'C', 'force-create') && p.operands.length > 0);
  return may(p, 'f', 'force', 'discard-changes') ? destroy(sub, 'discard', 'git switch --discard-changes throws away uncommitted changes', local) : [];
}

/**
 * `git restore`: paths restored in the working tree (the default, or `--worktree`) lose their uncommitted changes;
 * `--staged` alone only unstages.
 */
function restore(sub: Word, rest: readonly Word[], settings: Settings): Destroy[] {
  const p = parse(rest, SPECS.restore!);
  const { dashes, paths } = afterDashes(rest);
  // (`--version` is no option of restore's: git stops at it.)
  if (!dashes && has(p, 'version')) return [];
  let staged = false;
  let worktree: boolean | undefined;
  let patch = false;
  for (const o of p.options) {
    if (o.name === 'S' || o.name === 'staged') staged = true;
    else if (o.name === 'no-staged') staged = false;
    else if (o.name === 'W' || o.name === 'worktree') worktree = true;
    else if (o.name === 'no-worktree') worktree = false;
    else if (o.name === 'p' || o.name === 'patch') patch = true;
    else if (o.name === 'no-patch') patch = false;
  }
  const touchesWorktree = worktree ?? !staged;
  // Paths before a trailing `--` count too (`git restore file.txt --`).
  const named = (dashes && paths.length > 0) || p.operands.some((o) => value(o.word) !== '--') || may(p, 'pathspec-from-file');
  if (!touchesWorktree || (!named && !patch)) return [];
  return destroy(sub, 'discard', 'git restore overwrites uncommitted changes in the working tree', !submodules(p, settings));
}

/** `git reset --hard|--merge` (`--keep` stops rather than touch a file with local changes). */
function reset(sub: Word, rest: readonly Word[], settings: Settings): Destroy[] {
  const p = parse(rest, SPECS.reset!);
  // git's parser takes a unique prefix: `--h` is --hard (--help is not in reset's option table), `--me` --merge.
  const mode = p.options.find((o) => /^(hard|merge)$/.test(o.name)) ?? p.options.find((o) => o.unknown === true && (value(o.word) ?? '').startsWith('--') && ['hard', 'merge'].some((n) => n.startsWith(o.name)));
  if (!mode) return [];
  // Moved to another commit, commits go from the branch as well: more than this checkout's changes.
  const moves = p.operands.some((o) => value(o.word) !== 'HEAD' && value(o.word) !== '--');
  return destroy(mode.word, 'discard', `git reset --${mode.name} throws away uncommitted changes`, !moves && !submodules(p, settings));
}

/** `git clean -f` (or with clean.requireForce off): untracked files are deleted. */
function clean(sub: Word, rest: readonly Word[], requireForce: boolean): Destroy[] {
  const p = parse(rest, SPECS.clean!);
  // Limited to paths below the project (`git clean -fdx build/`), it deletes what `rm -rf build/` would: untracked
  // output there. The whole tree (no path, `.`, `:/`, a glob or pathspec magic, `..`) stays a discard.
  const paths = p.operands.map((o) => value(o.word)).filter((v) => v !== '--');
  const below = (v: string | undefined) => v !== undefined && /^(\.\/)?[A-Za-z0-9_@+-][^*?[\]:\\]*$/.test(v) && !/(^|\/)\.\.?(\/|$)/.test(v.replace(/^\.\//, '')) && !/(^|\/)\.git(\/|$)/.test(v);
  if (paths.length > 0 && paths.every(below) && !p.options.some((o) => o.unknown)) return [];
  // Forced twice, it also deletes nested repositories.
  const forces = p.options.filter((o) => o.name === 'f' || o.name === 'force' || (o.unknown === true && o.name.length >= 2 && 'force'.startsWith(o.name))).length;
  if (forces > 0 || (!requireForce && !has(p, 'i', 'interactive'))) return destroy(sub, 'discard', 'git clean deletes untracked files, which git cannot bring back', forces < 2);
  return [];
}

/** `git push --force`, `+refspec`, `--mirror`, `--delete`, `:branch`: history others fetch is rewritten or removed. */
function push(sub: Word, rest: readonly Word[], settings: Settings): Destroy[] {
  const p = parse(rest, SPECS.push!);
  const forced = p.options.find((o) => /^(f|force|mirror|delete|d)$/.test(o.name)) ?? p.options.find((o) => o.unknown === true && o.name.length >= 2 && ['force', 'mirror', 'delete'].some((n) => n.startsWith(o.name)));
  if (forced) return destroy(forced.word, 'history', `git push --${forced.name.length === 1 ? (forced.name === 'f' ? 'force' : 'delete') : forced.name} rewrites or removes history others share`);
  // --prune deletes every remote branch the refspecs match that has no local counterpart.
  const prune = p.options.find((o) => o.name === 'prune' || (o.unknown === true && o.name.length >= 2 && 'prune'.startsWith(o.name)));
  if (prune) return destroy(prune.word, 'history', 'git push --prune deletes remote branches that have no local counterpart');
  // A remote set up as a mirror (remote.NAME.mirror), or a configured push refspec that forces or deletes.
  for (const [key, v] of settings) {
    if (/^remote\..+\.mirror$/.test(key) && !/^(false|no|off|0)$/i.test(v ?? 'true')) return destroy(sub, 'history', `with ${key} set, git push mirrors: remote refs are force-updated and deleted`);
    if (/^remote\..+\.push$/.test(key) && (v === undefined || /^[+:]|:\+|^\^/.test(v))) return destroy(sub, 'history', `${key}=${v ?? '(computed)'} makes git push force-update or delete remote refs`);
  }
  const ops = p.operands.map((o) => o.word).filter((w) => value(w) !== '--');
  // Each value a refspec may take: an unquoted pattern (`+refs/tags/*:refs/tags/*`) is a glob word that matches no file
  // and stays as written.
  for (const ref of ops.slice(1)) {
    const v = (ref.values ?? []).find((x) => x.startsWith('+') || x.startsWith(':') || /:\+/.test(x));
    if (v !== undefined) return destroy(ref, 'history', `git push ${ref.text} force-updates or deletes a remote branch`);
  }
  return [];
}

/** `git branch -D`, `--delete --force`: a branch with unmerged commits is removed. */
function branch(sub: Word, rest: readonly Word[]): Destroy[] {
  const p = parse(rest, SPECS.branch!);
  const deletes = may(p, 'd', 'delete');
  if (has(p, 'D') || (deletes && may(p, 'f', 'force'))) return destroy(sub, 'history', 'git branch -D deletes a branch whose commits may be merged nowhere');
  // A forced rename or copy of one branch onto another (`-M old new`) overwrites the second, as -D would delete it.
  // With one operand (`git branch -M main`, renaming the current branch) it is the everyday setup step: not judged.
  const forcedMove = has(p, 'M', 'C') || ((may(p, 'm', 'move', 'c', 'copy')) && may(p, 'f', 'force'));
  if (forcedMove && p.operands.filter((o) => value(o.word) !== '--').length >= 2) return destroy(sub, 'history', 'git branch -M OLD NEW overwrites the branch NEW, whose commits may be merged nowhere');
  return [];
}

/** The other subcommands that throw work away: stash drop/clear, worktree remove --force, aborts, tag and reflog deletes. */
function others(sub: string, subWord: Word, rest: readonly Word[], settings: Settings): Destroy[] {
  const first = value(rest[0]);
  switch (sub) {
    case 'stash':
      return first === 'drop' || first === 'clear' ? destroy(subWord, 'discard', `git stash ${first} deletes stashed work`) : [];
    case 'worktree': {
      if (first !== 'remove') return [];
      const p = parse(rest.slice(1), VERBS['worktree remove']!);
      return may(p, 'f', 'force') ? destroy(subWord, 'discard', 'git worktree remove --force deletes a worktree with uncommitted changes') : [];
    }
    case 'rebase':
    case 'merge':
    case 'cherry-pick':
    case 'revert':
    case 'am': {
      const p = parse(rest, { order: 'gnu', long: ['abort', 'quit', 'continue', 'skip'] });
      return may(p, 'abort') ? destroy(subWord, 'discard', `git ${sub} --abort throws away the ${sub} in progress and its resolved changes`, true) : [];
    }
    case 'tag': {
      const p = parse(rest, SPECS.tag!);
      if (may(p, 'd', 'delete')) return destroy(subWord, 'history', 'git tag --delete removes a tag');
      // A forced tag replaces one of that name: tags keep no reflog, so the commit it named may be found nowhere.
      return may(p, 'f', 'force') && !has(p, 'l', 'list', 'v', 'verify') ? destroy(subWord, 'history', 'git tag --force replaces a tag of that name, and no reflog keeps what it named') : [];
    }
    // Plumbing that does what reset --hard, checkout -- and branch -D do.
    case 'read-tree': {
      const p = parse(rest, SPECS['read-tree']!);
      return may(p, 'u') && may(p, 'reset') ? destroy(subWord, 'discard', 'git read-tree -u --reset overwrites the working tree, throwing away uncommitted changes', true) : [];
    }
    case 'checkout-index': {
      const p = parse(rest, SPECS['checkout-index']!);
      return may(p, 'f', 'force') && !has(p, 'n', 'no-create', 'temp', 'prefix') ? destroy(subWord, 'discard', 'git checkout-index --force overwrites files with local changes', true) : [];
    }
    case 'rm': {
      const p = parse(rest, SPECS.rm!);
      return may(p, 'f', 'force') && !has(p, 'cached') ? destroy(subWord, 'discard', 'git rm --force deletes files with uncommitted changes', true) : [];
    }
    case 'update-ref': {
      const p = parse(rest, SPECS['update-ref']!);
      return may(p, 'd') || has(p, 'stdin') ? destroy(subWord, 'history', 'git update-ref -d deletes a ref, as branch -D does') : [];
    }
    case 'send-pack': {
      const p = parse(rest, SPECS['send-pack']!);
      if (may(p, 'f', 'force', 'mirror')) return destroy(subWord, 'history', 'git send-pack --force overwrites remote refs, as push --force does');
      const refs = p.operands.slice(1).map((o) => value(o.word) ?? '');
      return refs.some((v) => /^[+:]|:\+/.test(v)) ? destroy(subWord, 'history', 'git send-pack +REF or :REF force-updates or deletes a remote ref') : [];
    }
    case 'submodule': {
      const at = rest.findIndex((a) => !(value(a) ?? '-').startsWith('-'));
      const verb = value(rest[at]);
      if (verb !== 'deinit' && verb !== 'update') return [];
      const p = parse(rest.slice(at + 1), { order: 'gnu', flags: 'fNqr', valued: 'j', long: ['force', 'all', 'init', 'remote', 'no-fetch', 'checkout', 'merge', 'rebase', 'recursive', 'quiet', 'recommend-shallow', 'no-recommend-shallow', 'progress', 'single-branch', 'no-single-branch', 'filter', 'require-init'], longValued: ['depth', 'jobs', 'reference', 'filter'] });
      return may(p, 'f', 'force') ? destroy(subWord, 'discard', `git submodule ${verb} --force throws away local changes in the submodules' working trees`) : [];
    }
    case 'remote': {
      if (first !== 'add') return [];
      const p = parse(rest.slice(1), VERBS['remote add']!);
      const mirror = p.options.find((o) => o.name === 'mirror');
      return mirror && value(mirror.value) !== 'fetch' ? destroy(subWord, 'history', 'git remote add --mirror=push makes every later push to it a mirror push, which force-updates and deletes remote refs') : [];
    }
    case 'reflog':
      return first === 'delete' || first === 'expire' ? destroy(subWord, 'history', `git reflog ${first} removes the record that recovers lost commits`) : [];
    // git filter-branch rewrites the branches it is given; its filters (shell text, read as such where its words are
    // read) run on every commit, and `-f` overwrites the refs/original backup of an earlier rewrite.
    case 'filter-branch':
      return rest.some((a) => /^(?:-h|--help)$/.test(value(a) ?? '')) ? [] : destroy(subWord, 'history', 'git filter-branch rewrites the history of the branches it is given');
    // Unreachable objects (a dropped stash, a deleted branch's commits, work added but never committed) are kept until
    // gc's prune age (two weeks) passes; pruned now, they are gone for good.
    case 'prune': {
      const p = parse(rest, SPECS.prune!);
      const expire = p.options.find((o) => o.name === 'expire');
      return expire && !immediate(value(expire.value)) ? [] : destroy(subWord, 'history', 'git prune deletes unreachable commits and objects at once, which nothing then recovers');
    }
    case 'gc': {
      const p = parse(rest, SPECS.gc!);
      const last = [...p.options].reverse().find((o) => /^(no-)?prune$/.test(o.name) || (o.unknown === true && o.name.length >= 2 && 'prune'.startsWith(o.name)));
      if (last?.name === 'no-prune') return [];
      // A bare --prune takes gc.pruneExpire, as no option does; its default is two weeks.
      const age = last?.value !== undefined ? value(last.value) : settings.has('gc.pruneexpire') ? settings.get('gc.pruneexpire') : '2.weeks.ago';
      return immediate(age) ? destroy(last?.word ?? subWord, 'history', `git gc pruning at ${age ?? 'a computed age'} deletes unreachable commits and objects at once, which nothing then recovers`) : [];
    }
    // `-a -d` packs what is reachable and deletes the old packs: the unreachable objects in them (what git prune
    // leaves and fsck --dangling shows) go with them. `-A -d` loosens them for gc's prune age; --cruft keeps them.
    case 'repack': {
      const p = parse(rest, SPECS.repack!);
      const unpack = p.options.find((o) => o.name === 'unpack-unreachable');
      // --cruft keeps them in a cruft pack, unless --cruft-expiration=now expires them at once (what gc --prune=now does).
      const cruftExpiry = p.options.find((o) => o.name === 'cruft-expiration');
      if (cruftExpiry && has(p, 'cruft') && has(p, 'd') && !has(p, 'n') && immediate(value(cruftExpiry.value))) return destroy(subWord, 'history', `git repack --cruft -d --cruft-expiration=${value(cruftExpiry.value) ?? '(computed)'} deletes the unreachable commits and objects at once, which nothing then recovers`);
      if (has(p, 'A', 'cruft', 'k', 'keep-unreachable', 'n') || !has(p, 'a') || !has(p, 'd')) return unpack && immediate(value(unpack.value)) && has(p, 'A') && has(p, 'd') ? destroy(subWord, 'history', 'git repack -A -d --unpack-unreachable=now drops the unreachable objects rather than loosen them') : [];
      return destroy(subWord, 'history', 'git repack -a -d deletes the old packs with the unreachable commits and objects in them, which nothing then recovers');
    }
    // git-filter-repo rewrites every branch, then expires the reflogs and repacks: the old history is gone from the clone.
    case 'filter-repo':
      return rest.some((a) => /^--(?:analyze|dry-run|help|version)$/.test(value(a) ?? '')) || rest.length === 0 ? [] : destroy(subWord, 'history', 'git filter-repo rewrites every branch and expires the reflogs: the old history is gone from this clone');
    default:
      return [];
  }
}

/**
 * What a computed word may stand for where git reads options and verbs: one spelling of each that throws work away,
 * and of each that adds a remote, prints a secret setting or writes outside the tree (the git entry's modes; see
 * everyMode). `git reset "$o"` may be `git reset --hard`, `git remote "$op" origin URL` `set-url`, `git lfs "$op" URL`
 * `push` (git-lfs uploads to that address), `git credential "$op"` `fill`, `git submodule "$op" --force` `update`.
 */
export const GIT_MODES = ['push', 'fill', 'update', '--cruft-expiration=now', '--hard', '--force', '-ff', '-D', '-d', '-u', '--delete', '--mirror', '--abort', '--discard-changes', 'drop', 'clear', 'remove', 'delete', 'expire', '+x', ':x', 'add', 'set-url', 'foreach', '-a', '-c', '-f', '--to', '--get-regexp', '--unsafe-paths', '--no-index', '--output', '--error-unmatch', '--reset', '--git-path', 'initremote'];

/**
 * What a git subcommand destroys. `settings` are the `-c` and environment settings in force (lower-cased keys):
 * `clean.requireForce=false` makes a plain `git clean` delete.
 */
export function gitDestroys(sub: string, subWord: Word, rest: readonly Word[], settings: Settings): Destroy[] {
  switch (sub) {
    case 'checkout':
      return checkout(subWord, rest, settings);
    case 'switch':
      return switchBranch(subWord, rest, settings);
    case 'restore':
      return restore(subWord, rest, settings);
    case 'reset':
      return reset(subWord, rest, settings);
    case 'clean': {
      const force = settings.get('clean.requireforce');
      return clean(subWord, rest, !(settings.has('clean.requireforce') && (force === undefined || /^(false|no|off|0)$/i.test(force))));
    }
    case 'push':
      return push(subWord, rest, settings);
    case 'branch':
      return branch(subWord, rest);
    default:
      return others(sub, subWord, rest, settings);
  }
}
