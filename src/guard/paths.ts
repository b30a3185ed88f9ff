// Path arguments of file and reader tools: resolving them, and matching them against the policy's path lists.
// Kept to what the guard needs until the rules' own path matching can be shared (see README, policy).
import type { GuardPolicy } from './policy.js';

/** Resolves a tool's path argument to an absolute, normalised, `/`-separated path (`~` is `home`, relative is from `cwd`). */
export function resolvePath(path: string, cwd: string, home: string): string {
  let p = path;
  // Windows hosts pass `C:\x\y`; the lists are written with `/`, so compare in one separator.
  if (/^[A-Za-z]:[\\/]/.test(p) || (p.includes('\\') && !p.includes('/'))) p = p.replace(/\\/g, '/');
  if (p === '~' || p.startsWith('~/')) p = home + p.slice(1);
  else if (p === '$HOME' || p.startsWith('$HOME/')) p = home + p.slice(5);
  const absolute = p.startsWith('/') || /^[A-Za-z]:\//.test(p);
  if (!absolute) p = `${cwd.replace(/\\/g, '/')}/${p}`;
  const drive = /^[A-Za-z]:/.test(p) ? p.slice(0, 2) : '';
  const out: string[] = [];
  for (const part of p.slice(drive.length).split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return `${drive}/${out.join('/')}`;
}

/** True when `parent` is `child` or one of its ancestors. */
export function isWithin(child: string, parent: string): boolean {
  const p = parent.replace(/\/+$/, '');
  return child === p || child.startsWith(`${p}/`) || p === '';
}

function globToRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '[') {
      const end = glob.indexOf(']', i + 2);
      if (end < 0) re += '\\[';
      else {
        const body = glob.slice(i + 1, end).replace(/^!/, '^').replace(/\\/g, '\\\\');
        re += `[${body}]`;
        i = end;
      }
    } else re += c.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`, 'i');
}

/** A policy's path lists, compiled once per guard. */
export interface PathMatchers {
  secret(path: string): boolean;
  /** A secret basename that a glob (a search's file filter, a glob tool's pattern) could name. */
  secretGlob(glob: string): boolean;
  protectedWrite(path: string): boolean;
  persistence(path: string): boolean;
  /** Secret locations rooted in the home directory: a search over one of their ancestors reads them. */
  secretLocations(home: string): string[];
}

// The process environment is as much a credential as a key file.
const ENVIRON = /^\/proc\/(?:self|thread-self|\d+)(?:\/task\/\d+)?\/environ$/i;

function fragmentMatcher(fragments: string[]): (path: string) => boolean {
  const lowered = fragments.map((f) => {
    const l = f.toLowerCase().replace(/\\/g, '/');
    return l.endsWith('/') ? l : `${l}/`;
  });
  return (path) => {
    const p = `${path.toLowerCase()}/`;
    return lowered.some((f) => p.includes(f));
  };
}

export function compilePathMatchers(policy: GuardPolicy): PathMatchers {
  const include: RegExp[] = [];
  const exclude: RegExp[] = [];
  const samples: string[] = [];
  for (const pattern of policy.secretBasenamePatterns) {
    if (pattern.startsWith('!')) exclude.push(globToRegExp(pattern.slice(1)));
    else {
      include.push(globToRegExp(pattern));
      // A name the pattern matches, to test a user's glob against (`*.pem` → `x.pem`).
      samples.push(pattern.replace(/\*/g, 'x').replace(/\?/g, 'x').replace(/\[!?([^\]])[^\]]*\]/g, '$1'));
    }
  }
  const basenameSecret = (base: string) => include.some((r) => r.test(base)) && !exclude.some((r) => r.test(base));
  const fragmentSecret = fragmentMatcher(policy.secretPathFragments);
  const protectedWrite = fragmentMatcher(policy.protectedWriteFragments);
  const persistenceDir = fragmentMatcher(policy.persistenceWriteDirectories);
  const persistenceNames = new Set(policy.persistenceWriteBasenames.map((b) => b.toLowerCase()));
  const basename = (path: string) => path.slice(path.lastIndexOf('/') + 1);
  return {
    secret: (path) => ENVIRON.test(path) || fragmentSecret(path) || basenameSecret(basename(path)),
    secretGlob(glob) {
      const base = basename(glob.replace(/\\/g, '/'));
      if (base === '') return false;
      if (basenameSecret(base)) return true;
      // A glob made only of wildcards (`*`, `*.*`) filters nothing out; one with a literal part that a secret
      // name fits (`.env*`, `*.pem`, `id_*`) is aimed at secrets.
      if (base.replace(/\[[^\]]*\]|[*?.]/g, '') === '') return false;
      const re = globToRegExp(base);
      return samples.some((s) => re.test(s) && basenameSecret(s));
    },
    protectedWrite,
    persistence: (path) => persistenceDir(path) || persistenceNames.has(basename(path).toLowerCase()),
    secretLocations: (home) =>
      policy.secretPathFragments.map((f) => resolvePath(`${home}/${f.replace(/\\/g, '/').replace(/^\/+|\/+$/g, '')}`, '/', home)),
  };
}
