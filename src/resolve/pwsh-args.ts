// The script a `powershell`/`pwsh` command line runs: -Command, -EncodedCommand, or a file.
import type { Word } from '../types.js';
import { single } from './words.js';
import { table } from '../table.js';

export type HostScript = { kind: 'script'; text: string; word: Word } | { kind: 'dynamic'; word: Word; why: string } | { kind: 'none' };

/** Parameters of powershell.exe/pwsh that take a value, by full lower-case name. */
const VALUED = ['executionpolicy', 'windowstyle', 'inputformat', 'outputformat', 'workingdirectory', 'configurationname', 'version', 'psconsolefile', 'custompipename', 'settingsfile', 'configurationfile', 'wd', 'ex', 'ep', 'o', 'of', 'if', 'w'];
const ALIASES = table<string>({ c: 'command', e: 'encodedcommand', ec: 'encodedcommand', enc: 'encodedcommand', en: 'encodedcommand', f: 'file', ex: 'executionpolicy', ep: 'executionpolicy' });

/** Resolves an abbreviated parameter name as PowerShell does: an alias, or the unique prefix. */
function parameter(name: string): string {
  const n = name.toLowerCase();
  if (ALIASES[n]) return ALIASES[n];
  for (const full of ['command', 'encodedcommand', 'file', 'noprofile', 'noninteractive', 'nologo', 'noexit', 'sta', 'mta', ...VALUED]) {
    if (full.startsWith(n)) return full;
  }
  return n;
}

/** Decodes -EncodedCommand: base64 of UTF-16LE. */
export function decodeEncodedCommand(b64: string): string | undefined {
  if (!/^[A-Za-z0-9+/=\s]+$/.test(b64)) return undefined;
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length === 0 || bytes.length % 2 !== 0) return undefined;
  return bytes.toString('utf16le');
}

/** The script text a powershell host runs, from its arguments (`pwsh -NoProfile -c 'iwr x'`). */
export function powershellHostScript(program: string, args: Word[]): HostScript {
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    const v = single(w);
    if (v === undefined) return { kind: 'dynamic', word: w, why: `${program} runs a computed argument: ${w.dynamic ?? 'unknown'}` };
    if (!v.startsWith('-') && !v.startsWith('/')) {
      // A bare operand: pwsh takes it as a file, Windows PowerShell as a command.
      if (program.startsWith('pwsh')) return { kind: 'none' };
      return joinRest(args.slice(i), program);
    }
    const [rawName, attached] = v.slice(1).split(':', 2) as [string, string | undefined];
    const name = parameter(rawName);
    if (name === 'command') {
      const rest = attached !== undefined ? [{ ...w, values: [attached] }, ...args.slice(i + 1)] : args.slice(i + 1);
      if (rest.length === 0) return { kind: 'none' };
      if (rest.length === 1 && single(rest[0]!) === '-') return { kind: 'dynamic', word: w, why: `${program} -Command - reads its program from stdin` };
      return joinRest(rest, program);
    }
    if (name === 'encodedcommand') {
      const value = attached ?? (args[i + 1] ? single(args[i + 1]!) : undefined);
      const at = args[i + 1] ?? w;
      if (value === undefined) return { kind: 'dynamic', word: at, why: `${program} -EncodedCommand with a computed value` };
      const text = decodeEncodedCommand(value);
      if (text === undefined) return { kind: 'dynamic', word: at, why: `${program} -EncodedCommand value is not base64 of UTF-16LE text` };
      return { kind: 'script', text, word: { ...at, span: at.span } };
    }
    if (name === 'file') return { kind: 'none' };
    if (VALUED.includes(name) && attached === undefined) i++;
  }
  return { kind: 'none' };
}

function joinRest(rest: Word[], program: string): HostScript {
  const dyn = rest.find((w) => w.values === null);
  if (dyn) return { kind: 'dynamic', word: dyn, why: `${program} runs computed text: ${dyn.dynamic ?? 'unknown'}` };
  const text = rest.map((w) => w.values!.join(' ')).join(' ');
  const first = rest[0]!;
  const word: Word = rest.length === 1 ? first : { text, span: { start: first.span.start, end: rest.at(-1)!.span.end }, values: [text] };
  return { kind: 'script', text, word };
}
