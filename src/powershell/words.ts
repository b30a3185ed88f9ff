// Static values of PowerShell words: bare tokens, quoted strings, here-strings and the variables known so far.
import { UNKNOWN } from './names.js';
import { table } from '../table.js';

/** The marker of a value kept for splatting (splat.ts's SPLAT). */
export const SPLAT_MARK = '\u0000splat:';

/** A value, or the reason there is none. */
export type Evaluated = { value: string; glob: boolean; alt?: string } | { value: null; reason: string };

/** What variable lookups need: the input's home, the current directory, the variables assigned so far. */
export interface Scope {
  home: string;
  cwd: string | null;
  vars: Map<string, string>;
}

const ESCAPES = table<string>({ '0': '\0', a: '\x07', b: '\b', e: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' });

const SCOPE_PREFIX = /^(global|script|local|private|using):/;

/** The lookup key of a variable as written (`$Env:Home`, `${x}`, `$script:x`), lower-cased. */
export function variableKey(written: string): string {
  let name = written.replace(/^[$@]/, '');
  if (name.startsWith('{') && name.endsWith('}')) name = name.slice(1, -1);
  // `$variable:x` names `$x` through the Variable: drive.
  return name.toLowerCase().replace(SCOPE_PREFIX, '').replace(/^variable:/, '').replace(SCOPE_PREFIX, '');
}

function sepOf(home: string): string {
  return home.includes('\\') && !home.includes('/') ? '\\' : '/';
}

/** The current user's profile script, as `$PROFILE` names it (PowerShell 7 layout). */
export function profilePath(home: string): string {
  const s = sepOf(home);
  return [home.replace(/[\\/]+$/, ''), 'Documents', 'PowerShell', 'Microsoft.PowerShell_profile.ps1'].join(s);
}

/** `$PSHOME`, where PowerShell 7 is installed (on Windows when the home is a Windows path). */
export function pshome(home: string): string {
  return sepOf(home) === '\\' ? 'C:\\Program Files\\PowerShell\\7' : '/opt/microsoft/powershell/7';
}

/** A directory at the root of the home's drive where the home is a Windows path (`C:\\Program Files`); null elsewhere. */
function windowsDir(home: string, name: string): string | null {
  const drive = /^[A-Za-z]:/.exec(home)?.[0];
  return drive === undefined || sepOf(home) !== '\\' ? null : `${drive}\\${name}`;
}

/** `$PROFILE.CurrentUserAllHosts` and its siblings: the profile scripts PowerShell 7 runs at start. */
export function profileMember(member: string, home: string): string | null {
  const s = sepOf(home);
  const user = [home.replace(/[\\/]+$/, ''), 'Documents', 'PowerShell'].join(s);
  const all = pshome(home);
  switch (member.toLowerCase()) {
    case 'currentusercurrenthost':
      return profilePath(home);
    case 'currentuserallhosts':
      return `${user}${s}profile.ps1`;
    case 'alluserscurrenthost':
      return `${all}${s}Microsoft.PowerShell_profile.ps1`;
    case 'allusersallhosts':
      return `${all}${s}profile.ps1`;
    default:
      return null;
  }
}

/** Where PSReadLine keeps the lines typed at the prompt: Linux and macOS, then Windows (below %APPDATA%). */
export function psReadLineHistory(home: string): string[] {
  const h = home.replace(/[\\/]+$/, '');
  return [`${h}/.local/share/powershell/PSReadLine/ConsoleHost_history.txt`, `${h}\\AppData\\Roaming\\Microsoft\\Windows\\PowerShell\\PSReadLine\\ConsoleHost_history.txt`];
}

/** The static value of a variable, or null when it has none here. */
export function lookupVariable(key: string, scope: Scope): string | null {
  const known = scope.vars.get(key);
  // A hashtable or array kept for splatting (see splat.ts) has no one static value.
  if (known !== undefined) return known === UNKNOWN || known.startsWith(SPLAT_MARK) ? null : known;
  switch (key) {
    case 'home':
    case 'env:home':
    case 'env:userprofile':
      return scope.home;
    // Windows' defaults below the profile: where credential stores live (`$env:APPDATA\gcloud\`).
    case 'env:appdata':
      return `${scope.home}\\AppData\\Roaming`;
    case 'env:localappdata':
      return `${scope.home}\\AppData\\Local`;
    // The temp directory a line that does not set it gets (Windows' default below the profile), which is disposable.
    case 'env:temp':
    case 'env:tmp':
      return `${scope.home}\\AppData\\Local\\Temp`;
    // Windows' install and machine-wide directories, on the home's drive (unset elsewhere): their PowerShell modules,
    // profiles and Start Menu run in later sessions.
    case 'env:programfiles':
    case 'env:programw6432':
      return windowsDir(scope.home, 'Program Files');
    case 'env:programfiles(x86)':
      return windowsDir(scope.home, 'Program Files (x86)');
    case 'env:programdata':
    case 'env:allusersprofile':
      return windowsDir(scope.home, 'ProgramData');
    case 'env:systemroot':
    case 'env:windir':
      return windowsDir(scope.home, 'Windows');
    // The profile's drive and the rest of its path (`%HOMEDRIVE%%HOMEPATH%` is the profile), the system's drive.
    case 'env:homedrive':
    case 'env:systemdrive':
      return windowsDir(scope.home, '')?.slice(0, 2) ?? null;
    case 'env:homepath':
      return windowsDir(scope.home, '') === null ? null : scope.home.slice(2);
    case 'profile':
      return profilePath(scope.home);
    // Where PowerShell 7 is installed: its profile.ps1, modules and settings there run in every session.
    case 'pshome':
      return pshome(scope.home);
    case 'pwd':
      return scope.cwd;
    case 'true':
      return 'True';
    case 'false':
      return 'False';
    case 'null':
      return '';
    default:
      return null;
  }
}

/** Drives of PowerShell's providers, by provider name: a provider-qualified path names the same item. */
const PROVIDER_DRIVES = table<string>({ environment: 'Env:', function: 'Function:', alias: 'Alias:', variable: 'Variable:' });
const PROVIDER_PATH = /^(?:microsoft\.powershell\.(?:core|security)\\)?(environment|function|alias|variable|filesystem|registry|certificate)::[\\/]?/i;

/**
 * A provider-qualified path as its drive writes it: `Environment::PATH` and
 * `Microsoft.PowerShell.Core\Environment::` are `Env:PATH` and `Env:`; `FileSystem::C:\x` is `C:\x`;
 * `Registry::HKEY_CURRENT_USER\…` and `Registry::HKCU\…` are `HKCU:\…`, `Registry::HKCR\…` `HKCU:\Software\Classes\…` (another hive stays `Registry::…`).
 */
export function providerPath(value: string): string {
  const m = PROVIDER_PATH.exec(value);
  if (!m?.[1]) return value;
  const provider = m[1].toLowerCase();
  // A file system path keeps its leading separators: `FileSystem::\\host\share` is the UNC path, `FileSystem::/tmp` absolute.
  const rest = provider === 'filesystem' ? value.slice(m[0].replace(/[\\/]$/, '').length) : value.slice(m[0].length);
  const drive = PROVIDER_DRIVES[provider];
  if (drive !== undefined) return `${drive}${rest}`;
  // The hives without a drive (`Registry::HKEY_USERS\…`, `Registry::HKCC\…`) keep the provider's name: bare, they
  // would read as a relative file path.
  if (provider === 'registry') {
    // HKEY_CLASSES_ROOT is Software\Classes, where a user's writes land in HKCU's.
    const drive = rest
      .replace(/^(?:hkey_current_user|hkcu)(?=[\\/]|$)/i, 'HKCU:')
      .replace(/^(?:hkey_local_machine|hklm)(?=[\\/]|$)/i, 'HKLM:')
      .replace(/^(?:hkey_classes_root|hkcr)(?=[\\/]|$)/i, 'HKCU:\\Software\\Classes');
    return drive === rest ? `Registry::${rest}` : drive;
  }
  return rest;
}

/** `~` at the start of a path is the home directory for every PowerShell provider path, quoted or not. */
export function expandTilde(value: string, home: string): string {
  if (value === '~') return home;
  if (value.startsWith('~/') || value.startsWith('~\\')) return home.replace(/[\\/]+$/, '') + value.slice(1);
  return value;
}

const NAME_CHAR = /[A-Za-z0-9_?]/;

/** Reads a `$name`, `$env:name`, `${…}` reference at `i` (pointing at `$`); returns its key and end, or null. */
function readVariable(raw: string, i: number): { key: string; end: number } | null {
  const next = raw[i + 1];
  if (next === '{') {
    const close = raw.indexOf('}', i + 2);
    if (close < 0) return null;
    return { key: variableKey(raw.slice(i, close + 1)), end: close + 1 };
  }
  let j = i + 1;
  if (next === '$' || next === '^' || next === '?') return { key: next, end: i + 2 };
  while (j < raw.length) {
    const c = raw[j] as string;
    if (NAME_CHAR.test(c)) j++;
    else if (c === ':' && j > i + 1 && j + 1 < raw.length && NAME_CHAR.test(raw[j + 1] as string) && raw[j + 1] !== '?') j++;
    else break;
  }
  if (j === i + 1) return null;
  return { key: variableKey(raw.slice(i, j)), end: j };
}

/**
 * Evaluates the inside of a double-quoted string or a bare token: backtick escapes, `""` in strings, variables
 * from the scope. `$(…)` and unknown variables make it dynamic.
 */
function expand(raw: string, scope: Scope, inString: boolean): Evaluated {
  const ev = expand7(raw, scope, inString);
  // Windows PowerShell 5.1 knows no `e (it reads a plain `e`): a word with one has a second value, both checked.
  if (ev.value === null || !/`e/.test(raw)) return ev;
  const alt = expand7(raw.replace(/((?:^|[^`])(?:``)*)`e/g, '$1e'), scope, inString);
  return alt.value === null || alt.value === ev.value ? ev : { ...ev, alt: alt.value };
}

function expand7(raw: string, scope: Scope, inString: boolean): Evaluated {
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i] as string;
    if (c === '`') {
      const n = raw[i + 1];
      if (n === undefined) break;
      i++;
      // A backtick before a line break continues the line.
      if (n === '\n') continue;
      if (n === '\r') {
        if (raw[i + 1] === '\n') i++;
        continue;
      }
      // PowerShell 7's `u{hex}: a code point (in a string; a bare word is not vouched either way).
      if (n === 'u' && raw[i + 1] === '{') {
        const m = /^\{([0-9a-fA-F]{1,6})\}/.exec(raw.slice(i + 1));
        if (!inString || !m || Number.parseInt(m[1]!, 16) > 0x10ffff) return { value: null, reason: 'a `u{…} escape' };
        out += String.fromCodePoint(Number.parseInt(m[1]!, 16));
        i += m[0].length;
        continue;
      }
      out += ESCAPES[n] ?? n;
      continue;
    }
    if (c === '$') {
      if (raw[i + 1] === '(') return { value: null, reason: 'sub-expression' };
      const v = readVariable(raw, i);
      if (!v) {
        out += c;
        continue;
      }
      const value = lookupVariable(v.key, scope);
      // An environment variable the line never set is the user's, as bash's `$PORT` is (see hosts.ts).
      if (value === null) return { value: null, reason: v.key.startsWith('env:') && !scope.vars.has(v.key) ? `$${v.key} is not known before the command runs` : `variable $${v.key}` };
      out += value;
      i = v.end - 1;
      continue;
    }
    if (inString && c === '"' && raw[i + 1] === '"') {
      out += '"';
      i++;
      continue;
    }
    out += c;
  }
  return { value: out, glob: false };
}

/** `'…'` and `@'…'@`: verbatim, `''` is one quote. */
function verbatim(raw: string): string {
  if (raw.startsWith("@'")) return raw.replace(/^@'\r?\n?/, '').replace(/\r?\n?'@$/, '');
  return raw.slice(1, raw.endsWith("'") && raw.length > 1 ? -1 : undefined).replace(/''/g, "'");
}

const GLOB = /[*?[]/;

/** The value of a string literal as written (any of the four quoting forms). */
export function evalString(raw: string, scope: Scope): Evaluated {
  let value: Evaluated;
  if (raw.startsWith("'") || raw.startsWith("@'")) value = { value: verbatim(raw), glob: false };
  else if (raw.startsWith('@"')) value = expand(raw.replace(/^@"\r?\n?/, '').replace(/\r?\n?"@$/, ''), scope, false);
  else if (raw.startsWith('"')) value = expand(raw.slice(1, raw.endsWith('"') && raw.length > 1 ? -1 : undefined), scope, true);
  else value = { value: raw, glob: false };
  if (value.value === null) return value;
  // Providers glob and resolve `~` in quoted paths too (`Get-Content '~/.ssh/*'`).
  const alt = value.alt === undefined ? {} : { alt: expandTilde(providerPath(value.alt), scope.home) };
  return { value: expandTilde(providerPath(value.value), scope.home), glob: GLOB.test(value.value), ...alt };
}

/**
 * PowerShell reads typographic quotes as quotes; the grammar leaves them inside bare tokens. Whether the UTF-16 unit at
 * `i` is a single quote (' ‘ ’ ‚ ‛) or a double one (" “ ” „), by its code: the scan runs over every character of a word.
 */
function singleQuoteAt(raw: string, i: number): boolean {
  const c = raw.charCodeAt(i);
  return c === 0x27 || (c >= 0x2018 && c <= 0x201b);
}

function doubleQuoteAt(raw: string, i: number): boolean {
  const c = raw.charCodeAt(i);
  return c === 0x22 || (c >= 0x201c && c <= 0x201e);
}

/** The value of a bare token (a command name or argument in command mode). */
export function evalBare(raw: string, scope: Scope): Evaluated {
  const ev = evalBare7(raw, scope);
  if (ev.value === null || !/`e/.test(raw)) return ev;
  const alt = evalBare7(raw.replace(/((?:^|[^`])(?:``)*)`e/g, '$1e'), scope);
  return alt.value === null || alt.value === ev.value ? ev : { ...ev, alt: alt.value };
}

function evalBare7(raw: string, scope: Scope): Evaluated {
  let out = '';
  let glob = false;
  let i = 0;
  while (i < raw.length) {
    if (singleQuoteAt(raw, i)) {
      let close = i + 1;
      while (close < raw.length && !singleQuoteAt(raw, close)) close++;
      if (close >= raw.length) return { value: null, reason: 'unterminated quote' };
      out += raw.slice(i + 1, close);
      i = close + 1;
      continue;
    }
    if (doubleQuoteAt(raw, i)) {
      let j = i + 1;
      while (j < raw.length && !doubleQuoteAt(raw, j)) j += raw.charCodeAt(j) === 0x60 /* ` */ ? 2 : 1;
      const inner = expand(raw.slice(i + 1, j), scope, true);
      if (inner.value === null) return inner;
      out += inner.value;
      i = j + 1;
      continue;
    }
    let j = i;
    while (j < raw.length && !singleQuoteAt(raw, j) && !doubleQuoteAt(raw, j)) j += raw.charCodeAt(j) === 0x60 /* ` */ ? 2 : 1;
    const chunk = raw.slice(i, j);
    if (GLOB.test(chunk.replace(/`./g, ''))) glob = true;
    const part = expand(chunk, scope, false);
    if (part.value === null) return part;
    out += part.value;
    i = j;
  }
  return { value: expandTilde(providerPath(out), scope.home), glob };
}
