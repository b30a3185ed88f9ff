// What interpreter code gives the programs it starts — the directory (`cwd=…`, `{cwd: …}`, `chdir: …`) and what it
// puts in their environment: `os.environ["GIT_SSH_COMMAND"] = "…"`,
// `process.env.BASH_ENV = …`, `$ENV{PAGER} = …`, `ENV["X"] = …`, `putenv("X=…")`, and the env given to one call
// (`subprocess.run(…, env={"LD_PRELOAD": …})`, `execSync(…, {env: {X: …}})`, `system({"X" => …}, …)`). Read from the
// code's text in every language the modules read, and applied to every command the code starts, wherever in the code
// the write stands: a program that reads one (git's GIT_SSH_COMMAND, bash's BASH_ENV) is then judged as the shell's
// `X=… cmd` would be.

/** The variables the code sets, each to its one literal value or null (computed); `computed`: a name not known. */
export interface ChildEnvironment {
  vars: Map<string, string | null>;
  computed?: string;
}

const NAME = '[A-Za-z_][A-Za-z0-9_]*';
/** A string literal (its body in groups 1–3), or anything else up to the statement's end (computed). */
const END = `(?=\\s*(?:[;,)}\\]\\n]|$))`;
const VALUE = `(?:"((?:[^"\\\\\\n]|\\\\.)*)"${END}|'((?:[^'\\\\\\n]|\\\\.)*)'${END}|\`((?:[^\`\\\\$]|\\\\.)*)\`${END}|([^;,)}\\]\\n]*))`;

/** Assignments to one variable of the environment, the name literal (group 2 or 3), the value after. */
const ASSIGN = new RegExp(
  [
    // os.environ["X"] = v, process.env["X"] = v, ENV["X"] = v, $_ENV / os.environ.setdefault("X", v), ENV.store("X", v), os.putenv("X", v)
    `(?:\\benviron|\\bprocess\\.env|\\bENV|\\$_ENV)\\s*\\[\\s*(["'\`])(${NAME})\\1\\s*\\]\\s*=(?![=~])\\s*${VALUE}`,
    `(?:\\benviron\\.setdefault|\\bENV\\.store|\\bputenv|\\bSetEnvironmentVariable)\\s*\\(\\s*(["'])(${NAME})\\7\\s*,\\s*${VALUE}`,
  ].join('|'),
  'g',
);
/** process.env.X = v; perl's $ENV{X} = v (also `local $ENV{X} = v`). */
const MEMBER = new RegExp(`(?:\\bprocess\\.env\\.(${NAME})|\\$ENV\\{\\s*["']?(${NAME})["']?\\s*\\})\\s*=(?![=~])\\s*${VALUE}`, 'g');
/** PHP's putenv("X=v"). */
const PUTENV_PAIR = new RegExp(`\\bputenv\\s*\\(\\s*(["'])(${NAME})=((?:(?!\\1)[^\\\\]|\\\\.)*)\\1\\s*\\)`, 'g');
/** An environment given to one call: a dict, hash or object literal after `env=`, `env:`, `env =>` or as ruby's first argument. */
const ENV_LITERAL = /\benv\s*(?:=|:|=>)\s*(?:dict\s*\(|\{)|\b(?:system|spawn|exec|popen|Open3\.\w+|IO\.popen)\s*\(\s*\{|\benviron\.update\s*\(|\bObject\.assign\s*\(\s*process\.env\s*,\s*\{|\bdict\s*\(\s*os\.environ\s*,/g;
/** Inside one: `"X": v`, `'X' => v`, `X: v`, `X=v` (keyword arguments). */
const ENTRY = new RegExp(`^\\s*(?:(["'])(${NAME})\\1|(${NAME}))\\s*(?::|=>|=(?![=>]))\\s*${VALUE}\\s*$`, 's');
/** Writes whose variable's name is computed: `os.environ[k] = v`, `process.env[k] = v`, `$ENV{$k} = v`, `putenv($x)`. */
const COMPUTED = /(?:\benviron|\bprocess\.env|\bENV|\$_ENV)\s*\[\s*(?!["'`])[^\]]+\]\s*=(?![=~])|\$ENV\{\s*\$\w+\s*\}\s*=(?![=~])|\bputenv\s*\(\s*(?!["'])|\benviron\.update\s*\(\s*(?![\w\s]*=|\{)|\bObject\.assign\s*\(\s*process\.env\s*,\s*(?!\{)/;

/** A literal's body as the language reads it: each backslash escape its character. */
function unescaped(body: string): string {
  return body.replace(/\\(.)/g, '$1');
}

/** The value a `VALUE` matched from group `at`: its literal's body, or null when it is anything else (computed). */
function literalValue(m: RegExpExecArray, at: number): string | null {
  const literal = m[at] ?? m[at + 1] ?? m[at + 2];
  return literal === undefined ? null : unescaped(literal);
}

/** The pieces of a literal that starts at `at` (just inside its bracket), split at commas of its own level. */
function entries(code: string, from: number): string[] {
  const out: string[] = [];
  let depth = 0;
  // `environ.update({…})`: the dict's own bracket.
  let at = from;
  while (at < code.length && /\s/.test(code[at]!)) at++;
  if (code[at] === '{') at++;
  let start = at;
  let quote: string | undefined;
  for (let i = at; i < code.length && i < at + 4096; i++) {
    const c = code[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) {
        out.push(code.slice(start, i));
        return out;
      }
      depth--;
    } else if (c === ',' && depth === 0) {
      out.push(code.slice(start, i));
      start = i + 1;
    }
  }
  out.push(code.slice(start, Math.min(code.length, at + 4096)));
  return out;
}

/** The environment the code gives the programs it starts (static writes only; see `ChildEnvironment`). */
export function childEnvironment(code: string): ChildEnvironment {
  const vars = new Map<string, string | null>();
  const set = (name: string, value: string | null) => {
    // Two writes of one name: whichever ran last is not known here.
    vars.set(name, vars.has(name) && vars.get(name) !== value ? null : value);
  };
  for (const m of code.matchAll(ASSIGN)) {
    if (m[2] !== undefined) set(m[2], literalValue(m, 3));
    else if (m[8] !== undefined) set(m[8], literalValue(m, 9));
  }
  for (const m of code.matchAll(MEMBER)) set((m[1] ?? m[2])!, literalValue(m, 3));
  for (const m of code.matchAll(PUTENV_PAIR)) set(m[2]!, unescaped(m[3]!));
  for (const m of code.matchAll(ENV_LITERAL)) {
    // The entries, split at the commas of the literal's own level, up to its end.
    for (const piece of entries(code, m.index + m[0].length)) {
      const e = ENTRY.exec(piece);
      // `**os.environ`, `...process.env`, `os.environ`: copies of the environment, not writes.
      if (e) set((e[2] ?? e[3])!, literalValue(e, 4));
    }
  }
  const computed = COMPUTED.exec(code);
  return computed ? { vars, computed: computed[0].trim() } : { vars };
}

/** A directory option of a call that starts a program: python's `cwd=`, node's `cwd:`, ruby's `chdir:` / `:chdir =>`. */
const CWD_OPTION = new RegExp(`(?:\\bcwd\\s*(?:=(?![=>])|:(?!:))|\\bchdir\\s*:(?!:)|:chdir\\s*=>)\\s*${VALUE}`, 'g');

/**
 * The directories the code names for the programs it starts, each its literal or null (computed): a program it starts
 * may run in any of them (or where the code stands, for a call given none).
 */
export function childDirectories(code: string): (string | null)[] {
  const out = new Set<string | null>();
  for (const m of code.matchAll(CWD_OPTION)) out.add(literalValue(m, 1));
  return [...out];
}
