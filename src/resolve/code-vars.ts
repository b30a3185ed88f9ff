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
    // A double-quoted word expands like a prompt: parameters, `$(…)`, backticks and arithmetic. (An unquoted
    // heredoc body would too, but tree-sitter-bash misreads common prompts there: `\[\e]0;`hostname`\a\]`.)
    return `: "${escapeTopLevelQuotes(value)}"`;
  }
  const fn = IMPORTED_FUNCTION.exec(name);
  // The value is `() { body }`; as a definition it is analysed like any other function body.
  if (fn) return `${/^[A-Za-z_][\w-]*$/.test(fn[1]!) ? fn[1] : 'imported'} ${value}`;
  return undefined;
}

/**
 * Escapes the `"` that stand at the top level of a prompt, so that the prompt can stand inside `"…"`. Quotes inside
 * a `$(…)` or backtick substitution are left alone: bash parses that text afresh, where `cu"rl"` is `curl`.
 * Text whose substitutions do not close is returned as it is (its parse then fails, and closed).
 */
function escapeTopLevelQuotes(value: string): string {
  let out = '';
  let i = 0;
  const n = value.length;
  /** The end (exclusive) of the `$(…)` whose body starts at `from`, or -1. */
  const closeParen = (from: number): number => {
    let depth = 1;
    let j = from;
    while (j < n) {
      const c = value[j]!;
      if (c === '\\') j += 2;
      else if (c === "'") {
        const k = value.indexOf("'", j + 1);
        if (k < 0) return -1;
        j = k + 1;
      } else if (c === '"') {
        j++;
        while (j < n && value[j] !== '"') j += value[j] === '\\' ? 2 : 1;
        if (j >= n) return -1;
        j++;
      } else if (c === '`') {
        j++;
        while (j < n && value[j] !== '`') j += value[j] === '\\' ? 2 : 1;
        if (j >= n) return -1;
        j++;
      } else {
        if (c === '(') depth++;
        else if (c === ')' && --depth === 0) return j + 1;
        j++;
      }
    }
    return -1;
  };
  while (i < n) {
    const c = value[i]!;
    if (c === '\\') {
      out += value.slice(i, i + 2);
      i += 2;
    } else if (c === '"') {
      out += '\\"';
      i++;
    } else if (c === '$' && value[i + 1] === '(') {
      const end = closeParen(i + 2);
      if (end < 0) return value;
      out += value.slice(i, end);
      i = end;
    } else if (c === '`') {
      let j = i + 1;
      while (j < n && value[j] !== '`') j += value[j] === '\\' ? 2 : 1;
      if (j >= n) return value;
      out += value.slice(i, j + 1);
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}
