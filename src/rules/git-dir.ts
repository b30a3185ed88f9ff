// What a repository's .git holds, by name: the one list the rules and the guard read it from.

/** The hooks git runs by name (githooks(5)); husky's are the same names. */
export const GIT_HOOKS = 'applypatch-msg pre-applypatch post-applypatch pre-commit pre-merge-commit prepare-commit-msg commit-msg post-commit pre-rebase post-checkout post-merge pre-push pre-receive update proc-receive post-receive post-update reference-transaction push-to-checkout pre-auto-gc post-rewrite sendemail-validate fsmonitor-watchman p4-changelist p4-prepare-changelist p4-post-changelist p4-pre-submit post-index-change'.split(' ');

/** A hook, or the sample git installs beside it (renamed, it runs). */
export const GIT_HOOK_FILES = GIT_HOOKS.flatMap((h) => [h, `${h}.sample`]);

/** .git, and the entries in it that hold the history (as classifyDelete reads a path into it). */
export const GIT_HISTORY = ['.git', 'objects', 'refs', 'logs', 'packed-refs', 'worktrees', 'modules'];

/**
 * Names of the files in .git that hold its history, as a name test of find meets them (lower case): a pack and its
 * index, a loose object, the packed refs, a ref or reflog of HEAD or of the usual branches, and the repository's own
 * config.
 */
export const GIT_FILES = [`pack-${'0'.repeat(40)}.pack`, `pack-${'0'.repeat(40)}.idx`, '0'.repeat(38), 'packed-refs', 'head', 'main', 'master', 'config'];

/**
 * Every name a fresh clone's .git holds files under (lower case): the history's, the index, the state files git
 * writes, the info files it reads, and the hooks and their samples. A name test that meets none of them (`*.ts`,
 * `*.json`, `Makefile`) finds nothing in .git.
 */
export const GIT_DIR_FILES = [...GIT_FILES, `pack-${'0'.repeat(40)}.rev`, 'index', 'description', 'fetch_head', 'orig_head', 'commit_editmsg', 'exclude', 'attributes', ...GIT_HOOK_FILES];

/**
 * What `rm` takes from .git by name that nothing brings back (lower case): the files that say what the repository is,
 * and the directories of its history, whose files go one by one (`rm .git/refs/heads/main`).
 */
export const GIT_NAMED_FILES = ['packed-refs', 'head', 'config'];
export const GIT_NAMED_DIRS = ['objects', 'refs', 'logs'];
