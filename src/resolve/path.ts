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
