// What a nested shell's arguments ask it to run: powershell/pwsh, cmd, bash/sh and wsl command lines.

/** Where a nested shell takes its program from. `from`/`to` index the arguments the script text came from. */
export type ShellScript =
  | { kind: 'text'; text: string; from: number; to: number }
  | { kind: 'file' }
  | { kind: 'stdin' }
  | { kind: 'none' }
  | { kind: 'dynamic'; reason: string; at: number };

type Args = readonly (string | null)[];

const PS_VALUE_PARAMS = [
  'executionpolicy',
  'windowstyle',
  'workingdirectory',
  'version',
  'inputformat',
  'outputformat',
  'configurationname',
  'configurationfile',
  'settingsfile',
  'custompipename',
  'psconsolefile',
  'encodedarguments',
];
const PS_VALUE_ALIASES = new Set(['ep', 'ex', 'w', 'wd', 'v', 'if', 'inp', 'of', 'o']);
const PS_SWITCHES = [
  'noprofile',
  'nologo',
  'noninteractive',
  'noexit',
  'sta',
  'mta',
  'login',
  'interactive',
  'help',
  'noprofileloadtime',
  'sshservermode',
  'servermode',
  'socketservermode',
  'namedpipeservermode',
];
const PS_SWITCH_ALIASES = new Set(['nop', 'noni', 'nol', 'l', 'i', 'h', '?']);

function prefixOf(name: string, full: string, min: number): boolean {
  return name.length >= min && full.startsWith(name);
}

/** Decodes `-EncodedCommand`: base64 of UTF-16LE text. Null when it is not that. */
export function decodeEncodedCommand(value: string): string | null {
  const compact = value.replace(/\s+/g, '');
  if (compact.length === 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) return null;
  const bytes = Buffer.from(compact, 'base64');
  if (bytes.length % 2 !== 0) return null;
  const text = bytes.toString('utf16le');
  return text.includes('\uFFFD') ? null : text;
}

/**
 * powershell.exe / pwsh: `-Command`/`-c` (and its unambiguous prefixes) takes the rest of the line as script;
 * `-EncodedCommand`/`-enc`/`-e`/`-ec` takes base64; `-File` runs a script. A bare first argument is a script file
 * when it ends in `.ps1` and script text otherwise (5.1's default; 7 would run it as a file, a subset).
 */
export function powershellScript(args: Args): ShellScript {
  for (let i = 0; i < args.length; i++) {
    const v = args[i];
    if (v === null || v === undefined) return { kind: 'dynamic', reason: 'an argument of the nested PowerShell is dynamic', at: i };
    const param = /^(--|-|\/)(.*)$/.exec(v);
    if (!param) {
      if (/\.ps1$/i.test(v)) return { kind: 'file' };
      return joinRest(args, i);
    }
    const name = (param[2] ?? '').toLowerCase();
    if (name === 'c' || prefixOf(name, 'command', 3)) {
      if (args[i + 1] === '-') return { kind: 'stdin' };
      return i + 1 < args.length ? joinRest(args, i + 1) : { kind: 'none' };
    }
    if (name === 'e' || name === 'ec' || prefixOf(name, 'encodedcommand', 2)) {
      const next = args[i + 1];
      if (next === undefined) return { kind: 'none' };
      if (next === null) return { kind: 'dynamic', reason: 'the encoded command is dynamic', at: i + 1 };
      const text = decodeEncodedCommand(next);
      if (text === null) return { kind: 'dynamic', reason: 'the encoded command is not base64 of UTF-16LE text', at: i + 1 };
      return { kind: 'text', text, from: i + 1, to: i + 1 };
    }
    if (prefixOf(name, 'file', 1)) return args[i + 1] === '-' ? { kind: 'stdin' } : { kind: 'file' };
    if (PS_VALUE_ALIASES.has(name) || PS_VALUE_PARAMS.some((p) => prefixOf(name, p, 2))) {
      i++;
      continue;
    }
    if (PS_SWITCH_ALIASES.has(name) || PS_SWITCHES.some((p) => prefixOf(name, p, 3))) continue;
    return { kind: 'dynamic', reason: `the nested PowerShell has an unknown parameter ${v}`, at: i };
  }
  // With no script named, PowerShell reads commands from its input when that is redirected.
  return { kind: 'stdin' };
}

function joinRest(args: Args, from: number): ShellScript {
  const parts: string[] = [];
  for (let i = from; i < args.length; i++) {
    const v = args[i];
    if (v === null || v === undefined) return { kind: 'dynamic', reason: 'the nested script is dynamic', at: i };
    parts.push(v);
  }
  return { kind: 'text', text: parts.join(' '), from, to: args.length - 1 };
}

/** bash/sh/zsh/dash: `-c TEXT` (also in clusters like `-lc`); a first operand is a script file. */
export function bashScript(args: Args): ShellScript {
  for (let i = 0; i < args.length; i++) {
    const v = args[i];
    if (v === null || v === undefined) return { kind: 'dynamic', reason: 'an argument of the nested shell is dynamic', at: i };
    if (v === '--' || v === '-') return i + 1 < args.length ? { kind: 'file' } : { kind: 'stdin' };
    if (/^[-+]o$/.test(v) || v === '-O' || v === '+O' || v === '--rcfile' || v === '--init-file') {
      i++;
      continue;
    }
    if (/^-[A-Za-z]+$/.test(v)) {
      if (v.includes('c')) {
        const next = args[i + 1];
        if (next === undefined) return { kind: 'none' };
        if (next === null) return { kind: 'dynamic', reason: 'the script of the nested shell is dynamic', at: i + 1 };
        return { kind: 'text', text: next, from: i + 1, to: i + 1 };
      }
      if (v.includes('s')) return { kind: 'stdin' };
      continue;
    }
    if (v.startsWith('--') || /^\+[A-Za-z]+$/.test(v)) continue;
    return { kind: 'file' };
  }
  return { kind: 'stdin' };
}

const WSL_VALUE = new Set(['-d', '--distribution', '-u', '--user', '--cd', '--shell-type', '--distribution-id']);
const WSL_MANAGEMENT =
  /^(--install|-l|--list|--shutdown|--status|--update|--help|--version|-v|--set-default|-s|--set-default-version|--set-version|--export|--import|--import-in-place|--unregister|--mount|--unmount|-t|--terminate|--manage|--debug-shell)$/;

/** wsl: the rest of the line after its options runs in the default Linux shell. */
export function wslScript(args: Args): ShellScript {
  for (let i = 0; i < args.length; i++) {
    const v = args[i];
    if (v === null || v === undefined) return { kind: 'dynamic', reason: 'an argument of wsl is dynamic', at: i };
    if (WSL_VALUE.has(v)) {
      i++;
      continue;
    }
    if (v === '-e' || v === '--exec' || v === '--') return i + 1 < args.length ? joinRest(args, i + 1) : { kind: 'none' };
    if (WSL_MANAGEMENT.test(v)) return { kind: 'none' };
    if (v.startsWith('-')) return { kind: 'dynamic', reason: `wsl has an unknown option ${v}`, at: i };
    return joinRest(args, i);
  }
  return { kind: 'stdin' };
}

/** cmd: `/c` or `/k` takes the rest of the line; `/v:on` turns on delayed expansion. */
export function cmdScript(args: Args): ShellScript & { delayed?: boolean } {
  let delayed = false;
  for (let i = 0; i < args.length; i++) {
    const v = args[i];
    if (v === null || v === undefined) return { kind: 'dynamic', reason: 'an argument of cmd is dynamic', at: i };
    const lower = v.toLowerCase();
    if (lower === '/c' || lower === '/k' || lower === '/r') {
      if (i + 1 >= args.length) return { kind: 'none' };
      const rest = joinRest(args, i + 1);
      return rest.kind === 'text' ? { ...rest, delayed } : rest;
    }
    // `/c"text"` glued to the switch.
    if (/^\/[ckr]./.test(lower)) {
      const rest = joinRest([v.slice(2), ...args.slice(i + 1)], 0);
      return rest.kind === 'text' ? { ...rest, from: i, to: args.length - 1, delayed } : rest;
    }
    if (/^\/v(:on)?$/.test(lower)) delayed = true;
    if (/^\/[a-z](:.*)?$/.test(lower)) continue;
    return { kind: 'dynamic', reason: `cmd has an unknown argument ${v}`, at: i };
  }
  return { kind: 'stdin' };
}

/** Splits a Windows command line the way `CommandLineToArgvW` does, near enough: quotes group, `\"` is a quote. */
export function splitWindowsArgs(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let inWord = false;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (c === '\\' && line[i + 1] === '"') {
      cur += '"';
      inWord = true;
      i++;
    } else if (c === '"') {
      quoted = !quoted;
      inWord = true;
    } else if (!quoted && (c === ' ' || c === '\t')) {
      if (inWord) out.push(cur);
      cur = '';
      inWord = false;
    } else {
      cur += c;
      inWord = true;
    }
  }
  if (inWord) out.push(cur);
  return out;
}
