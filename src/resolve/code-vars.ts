// Variables whose value some program later runs as shell text: bash itself (prompts, PROMPT_COMMAND,
// imported functions) or the programs an agent calls every day (git, less, man, crontab -e, ssh).

/**
 * Variables a program runs through `sh -c` (or as a program path, which is shell text too). Setting one
 * to `curl …` runs curl the next time git pages, edits, diffs or connects.
 */
const SHELL_TEXT = new Set([
  'PROMPT_COMMAND',
  // git
  'GIT_SSH_COMMAND',
  'GIT_SSH',
  'GIT_PAGER',
  'GIT_EDITOR',
  'GIT_SEQUENCE_EDITOR',
  'GIT_EXTERNAL_DIFF',
  'GIT_PROXY_COMMAND',
  'GIT_ASKPASS',
  // pagers, editors and helpers other programs start
  'PAGER',
  'MANPAGER',
  'SYSTEMD_PAGER',
  'BAT_PAGER',
  'DELTA_PAGER',
  'EDITOR',
  'VISUAL',
  'SUDO_EDITOR',
  'FCEDIT',
  'BROWSER',
  'SSH_ASKPASS',
  'SUDO_ASKPASS',
  'RSYNC_RSH',
  'CVS_RSH',
  'LESSOPEN',
  'LESSCLOSE',
]);

/** Prompts: bash expands them as it would a double-quoted string, so `$(…)` in one runs (PS4 under `set -x`). */
const PROMPTS = new Set(['PS0', 'PS1', 'PS2', 'PS3', 'PS4']);

/** `BASH_FUNC_name%%=() { … }` in the environment defines a function in every bash started below. */
const IMPORTED_FUNCTION = /^BASH_FUNC_(.+?)(%%|\(\))$/;

/** Whether setting this variable hands a program shell text to run later. */
export function isCodeVariable(name: string): boolean {
  return SHELL_TEXT.has(name) || PROMPTS.has(name) || IMPORTED_FUNCTION.test(name);
}

/** The bash text that stands for what a program runs from this variable's value (undefined: not a code variable). */
export function codeVariableScript(name: string, value: string): string | undefined {
  if (SHELL_TEXT.has(name)) {
    // less runs `|cmd %s`, `||cmd %s` and `-…` forms of LESSOPEN: the leading marks are not part of the command.
    return name.startsWith('LESS') ? value.replace(/^[|\s-]+/, '') : value;
  }
  if (PROMPTS.has(name)) {
    // An unquoted heredoc body expands like a prompt: parameters, `$(…)`, backticks and arithmetic.
    let end = 'VOUCH_PROMPT';
    while (value.split('\n').includes(end)) end += '_';
    return `: <<${end}\n${value}\n${end}\n`;
  }
  const fn = IMPORTED_FUNCTION.exec(name);
  // The value is `() { body }`; as a definition it is analysed like any other function body.
  if (fn) return `${/^[A-Za-z_][\w-]*$/.test(fn[1]!) ? fn[1] : 'imported'} ${value}`;
  return undefined;
}
