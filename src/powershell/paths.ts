// Locations, program files and .NET type names as PowerShell writes them.

/**
 * A path on another machine, which Windows opens over SMB: `\\host\share…` (or with `/`), also as `\\?\UNC\host\…`
 * or `\\.\UNC\host\…`, and behind the FileSystem provider's name (`FileSystem::\\host\…`,
 * `Microsoft.PowerShell.Core\FileSystem::\\host\…`). Not `\\?\C:\…` or `\\.\pipe\…` (this machine's device
 * paths), not localhost or 127.0.0.1.
 */
export const UNC = /^(?:(?:microsoft\.powershell\.core\\)?filesystem::)?[\\/]{2}(?:[?.][\\/]unc[\\/])?(?![?.][\\/]|localhost[\\/]|127\.0\.0\.1[\\/])[^\\/\s]+[\\/]/i;

const ABSOLUTE = /^([A-Za-z][A-Za-z0-9.]*:|[\\/])/;

/** Joins a location to the current one and folds `.` and `..`; drive and provider paths are absolute. */
export function joinPath(base: string | null, p: string): string | null {
  let full: string;
  if (ABSOLUTE.test(p)) full = p;
  else if (base === null) return null;
  else full = `${base.replace(/[\\/]+$/, '')}${base.includes('\\') && !base.includes('/') ? '\\' : '/'}${p}`;
  const sep = full.includes('\\') && !full.includes('/') ? '\\' : '/';
  const m = /^([A-Za-z][A-Za-z0-9.]*:[\\/]?|[\\/]{1,2})?(.*)$/.exec(full);
  const root = m?.[1] ?? '';
  const parts: string[] = [];
  for (const part of (m?.[2] ?? '').split(/[\\/]+/)) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  const rootNorm = /[\\/]$/.test(root) ? root.replace(/[\\/]+$/, '') + sep : root + (root !== '' && parts.length > 0 ? sep : '');
  const joined = rootNorm + parts.join(sep);
  return joined === '' ? sep : joined;
}

/**
 * `"$env:ProgramFiles\Git\bin\git.exe"`: the directory is dynamic but the file it names is not, and the program
 * is known by that name wherever it lives.
 */
export function staticBasename(text: string): string | null {
  if (!/^["$]/.test(text)) return null;
  const m = /[\\/]([A-Za-z0-9._+-]+)"?$/.exec(text);
  if (!m?.[1] || /^\.+$/.test(m[1])) return null;
  return `/${m[1]}`;
}

/** A type name as written (`[System.Net.WebClient]`, `system.net.webclient`) as the rules compare it. */
export function normaliseType(written: string): string {
  return written
    .trim()
    .replace(/^\[|\]$/g, '')
    .trim()
    .toLowerCase()
    .replace(/^system\./, '');
}

/**
 * A recursive listing's paths whose last components hold wildcards (`gci -r *.sh`, `gci -r src\*.ts`): recursing,
 * PowerShell tests that component against names at every level below the directory before it, so the listing is
 * that directory's tree narrowed to those names. Undefined when some path has no wildcard there.
 */
export function recursedLeaves(paths: readonly string[]): { dirs: string[]; names: string[] } | undefined {
  const split = paths.map((p) => /^(.*?)[\\/]?([^\\/]*[*?[][^\\/]*)$/.exec(p));
  if (split.length === 0 || split.some((m) => m === null)) return undefined;
  return { dirs: split.map((m) => m![1] || '.'), names: split.map((m) => m![2]!) };
}
