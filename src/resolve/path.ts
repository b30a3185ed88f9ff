// Lexical path arithmetic: join against a directory, collapse `.`, `..` and repeated slashes.

/** Collapses `.`, `..` and repeated slashes of an absolute POSIX path, lexically (no symlinks). */
export function normalizePath(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return `/${out.join('/')}`;
}

/** An 8.3 short name (`PROGRA~1`, `SSH~1.CFG`): Windows may map it to a long name no reading of the text knows. */
const SHORT_NAME = /^[^~\s./\\]{1,6}~[0-9]{1,6}(?:\.[^.~\s/\\]{0,3})?$/;

export function isShortName(component: string): boolean {
  return SHORT_NAME.test(component);
}

/** Whether a path has a component that is an 8.3 short name (`/` or `\` between components). */
export function holdsShortName(path: string): boolean {
  return path.includes('~') && path.split(/[/\\]/).some(isShortName);
}

/**
 * `re` ignoring case: a file a program reads by name (`.npmrc`, `Makefile`) is the one written in capitals on the disks
 * of macOS and Windows, which ignore case; kept per pattern.
 */
export function caseless(re: RegExp): RegExp {
  if (re.ignoreCase) return re;
  let out = CASELESS.get(re);
  if (out === undefined) {
    out = new RegExp(re.source, `${re.flags}i`);
    CASELESS.set(re, out);
  }
  return out;
}
const CASELESS = new WeakMap<RegExp, RegExp>();

/** `dir` resolved against `cwd`; null when it is relative and `cwd` is unknown. */
export function resolveAgainst(cwd: string | null, dir: string): string | null {
  if (dir.startsWith('/')) return normalizePath(dir);
  if (cwd === null) return null;
  return normalizePath(`${cwd}/${dir}`);
}

export function basename(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  const slash = trimmed.lastIndexOf('/');
  return slash < 0 ? trimmed : trimmed.slice(slash + 1);
}

/**
 * A glob of one path component as a regex over names (`*`, `?`, `[…]`, `[!…]` negated; a leading `*` reaches names
 * that start with `-` or `.`). A class a regex cannot read (`[z-a]`) may match any name.
 */
export function componentGlob(glob: string): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') out += '.*';
    else if (c === '?') out += '.';
    else if (c === '[') {
      const close = glob.indexOf(']', i + 2);
      if (close < 0) out += '\\[';
      else {
        out += `[${glob.slice(i + 1, close).replace(/^!/, '^').replace(/\\/g, '\\\\')}]`;
        i = close;
      }
    } else out += c.replace(/[.+^${}()|\\/]/g, '\\$&');
  }
  try {
    return new RegExp(`^${out}$`, 's');
  } catch {
    return /^/;
  }
}
