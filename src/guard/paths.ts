// Path arguments of file and reader tools: resolving them, and matching them with the rules' own path matchers.
import { compile } from '../rules/compiled.js';
import { ONE, type PathMatcher, STAR } from '../rules/paths.js';
import { type GuardPolicy, ruleConfigOf } from './policy.js';

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

/** A policy's path lists, compiled once per guard. Paths given are resolved (`resolvePath`) and may hold globs. */
export interface PathMatchers {
  secret(path: string): boolean;
  /** A search's file filter (`glob: "*.pem"`, `include`) aimed at secret basenames; bare wildcards are not. */
  secretGlob(glob: string): boolean;
  protectedWrite(path: string): boolean;
  persistence(path: string): boolean;
  /** Secret locations rooted in the home directory: a search over one of their ancestors reads them. */
  secretLocations(home: string): string[];
}

// The process environment is as much a credential as a key file.
const ENVIRON = /^\/proc\/(?:self|thread-self|\d+)(?:\/task\/\d+)?\/environ$/i;

/** The rules' marked form of a path: lower case, glob wildcards as markers, so globs and literals match alike. */
function marked(path: string): string {
  return path
    .toLowerCase()
    .replace(/\[[^\]]*\]|\?/g, ONE)
    .replace(/\*+/g, STAR);
}

function matches(matcher: PathMatcher, path: string): boolean {
  return matcher.matchPattern(marked(path), false) !== null;
}

export function compilePathMatchers(policy: GuardPolicy): PathMatchers {
  // The same matchers the rules use on shell words, so a file tool and `cat` meet one boundary.
  const compiled = compile(ruleConfigOf(policy));
  return {
    secret: (path) => ENVIRON.test(path) || matches(compiled.secrets, path),
    secretGlob: (glob) => matches(compiled.secrets, `/${glob.replace(/\\/g, '/').replace(/^.*\//, '')}`),
    protectedWrite: (path) => matches(compiled.protectedWrites, path),
    persistence: (path) => matches(compiled.persistence, path),
    secretLocations: (home) =>
      policy.secretPathFragments.map((f) => resolvePath(`${home}/${f.replace(/\\/g, '/').replace(/^\/+|\/+$/g, '')}`, '/', home)),
  };
}
