// What a shell line does to paths that the guard checks itself: where it writes, and what it names in commands that may change it.
import { writeTargets } from '../rules/writes.js';
import { pathUses, programName, staticValue } from '../rules/words.js';
import type { Analysis, Invocation } from '../types.js';

/** A path a line touches, in the rules' form (lower case, `/`, wildcards marked), with its text for messages. */
export interface Touch {
  path: string;
  text: string;
  /** How it is written (`>`, `cp`, `ln`…), for a write. */
  how?: string;
}

// Programs that only read the files they name (or print their names): naming a protected file to them changes nothing.
const READ_ONLY = new Set([
  'cat',
  'less',
  'more',
  'head',
  'tail',
  'grep',
  'egrep',
  'fgrep',
  'rg',
  'ag',
  'jq',
  'yq',
  'wc',
  'diff',
  'cmp',
  'ls',
  'stat',
  'file',
  'md5sum',
  'sha1sum',
  'sha256sum',
  'sha512sum',
  'shasum',
  'cksum',
  'bat',
  'test',
  '[',
  '[[',
  'echo',
  'printf',
  'realpath',
  'readlink',
  'dirname',
  'basename',
  'type',
  'which',
  'tree',
  'du',
  'get-content',
  'gc',
  'select-string',
  'sls',
  'test-path',
  'get-item',
  'gi',
  'get-childitem',
  'gci',
  'dir',
  'resolve-path',
  'get-filehash',
  'write-output',
  'write-host',
]);
// git subcommands that leave the work tree's files as they are.
const GIT_READ_ONLY = new Set(['status', 'diff', 'log', 'show', 'add', 'blame', 'ls-files', 'grep', 'commit']);

function readOnly(inv: Invocation): boolean {
  if (inv.wraps) return true;
  const name = programName(inv);
  // find lists names unless told to act on what it finds.
  if (name === 'find') return !inv.args.some((w) => /^-(delete|exec|execdir|ok|okdir|fprint|fprint0|fprintf|fls)$/.test(staticValue(w) ?? '-exec'));
  if (name === 'git') {
    const sub = inv.args.map(staticValue).find((v) => v !== null && !v.startsWith('-'));
    return sub !== undefined && sub !== null && GIT_READ_ONLY.has(sub);
  }
  return READ_ONLY.has(name);
}

/**
 * Where the line writes, and every path it names outside prose in a segment whose commands are not all readers;
 * with `withUses`, every path it names at all (for links to carry to their targets).
 */
export function lineTouches(analysis: Analysis, withUses: boolean): { written: Touch[]; named: Touch[]; uses: Touch[] } {
  const written: Touch[] = [];
  for (const t of writeTargets(analysis)) for (const path of t.paths) written.push({ path, text: t.text, how: t.how });
  const changing = new Set<number>();
  for (const inv of analysis.invocations) if (!readOnly(inv)) changing.add(inv.segment);
  const named: Touch[] = [];
  const uses: Touch[] = [];
  for (const use of pathUses(analysis).uses) {
    if (use.prose) continue;
    if (withUses) uses.push({ path: use.path, text: use.text });
    if (changing.has(use.segment)) named.push({ path: use.path, text: use.text });
  }
  return { written, named, uses };
}
