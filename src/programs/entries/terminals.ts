// Terminals, their multiplexers' remote controls and the tools that type into a window: the commands they start, and
// text they type, which the shell in that terminal runs once a newline is typed (as tmux send-keys' is).
import type { Word } from '../../types.js';
import { parse } from '../argv.js';
import { wrapper } from '../build.js';
import type { Answer, Call, OptionSpec, ProgramEntry, Run } from '../types.js';
import { attached, literal, value } from '../words.js';

/** Text typed into a terminal: shell text, all of it joined (`xdotool type 'cmd' key Return`). */
function typed(words: readonly Word[], via: string): Run[] {
  return words.length === 0 ? [] : [{ kind: 'script', dialect: 'bash', words: [...words], via: `${via} (typed into a terminal)` }];
}

/** Text typed from stdin (`echo cmd | wezterm cli send-text`): the shell there reads it as a script. */
function typedStdin(via: string): Run {
  return { kind: 'stdin', dialect: 'bash', via: `${via} (typed into a terminal)` };
}

/**
 * A launcher with its options (`kitty [OPTIONS] [CMD…]`, `wezterm cli spawn [OPTIONS] [--] CMD…`): the command follows
 * them, read as a wrapper's is, both ways where an option it does not know may have taken the next word.
 */
function launch(name: string, options: OptionSpec): (args: readonly Word[], call: Call) => Partial<Answer> {
  const entry = wrapper({ names: [name], summary: '', options, examples: { deny: [], pass: [] } });
  return (args, call) => entry.analyze!({ ...call, name, args: [...args] }) ?? {};
}

/**
 * Terminals that start the command after an option (`xterm -e CMD…`, `gnome-terminal -- CMD…`): its words, read as a
 * command and, the first, as shell text too (several take `-e 'TEXT'`: xfce4-terminal, terminator, tilix).
 */
const MARKED: readonly { names: string[]; markers: string[] }[] = [
  { names: ['xterm', 'uxterm', 'rxvt', 'urxvt', 'urxvtc', 'rxvt-unicode', 'st', 'eterm', 'aterm', 'mlterm', 'konsole', 'yakuake', 'alacritty', 'ghostty', 'cool-retro-term', 'qterminal', 'terminology', 'contour', 'rio', 'lxterminal', 'termite', 'guake', 'sakura', 'tilix'], markers: ['-e', '-x', '--command', '--exec', '--execute', '--execute-command'] },
  { names: ['gnome-terminal', 'mate-terminal', 'xfce4-terminal', 'terminator', 'kgx', 'ptyxis', 'x-terminal-emulator'], markers: ['--', '-e', '-x', '--command', '--execute'] },
  { names: ['tilda'], markers: ['-c', '--command'] },
];

function marked(call: Call, markers: readonly string[]): Partial<Answer> {
  const runs: Run[] = [];
  call.args.forEach((w, i) => {
    const v = value(w) ?? '';
    const eq = v.indexOf('=');
    // `--command=TEXT`: shell text.
    if (eq > 0 && markers.includes(v.slice(0, eq)) && v.startsWith('--')) runs.push({ kind: 'script', dialect: 'bash', words: [attached(w, v.slice(eq + 1))], via: call.name });
    if (!markers.includes(v) || i + 1 >= call.args.length) return;
    const command = call.args.slice(i + 1);
    runs.push({ kind: 'argv', argv: command, via: call.name });
    if (command.length === 1 || v !== '--') runs.push({ kind: 'script', dialect: 'bash', words: [command[0]!], via: call.name });
  });
  return { runs, uses: [] };
}

const KITTY_OPTIONS: OptionSpec = {
  flags: '1',
  valued: 'cdoT',
  long: ['hold', 'detach', 'single-instance', 'wait-for-single-instance-window-close', 'help', 'version', 'debug-gl', 'debug-input', 'debug-rendering', 'debug-font-fallback', 'debug-keyboard', 'dump-commands', 'replay-commands', 'dump-bytes', 'debug-config'],
  longValued: ['config', 'override', 'class', 'name', 'title', 'directory', 'session', 'instance-group', 'listen-on', 'start-as', 'position', 'watcher', 'detached-log', 'grab-keyboard', 'os-window-tag'],
};
const KITTY_LAUNCH: OptionSpec = {
  long: ['keep-focus', 'copy-colors', 'copy-cmdline', 'copy-env', 'hold', 'allow-remote-control', 'dont-take-focus', 'no-response', 'self', 'help'],
  longValued: [
    'title', 'window-title', 'tab-title', 'type', 'cwd', 'env', 'var', 'location', 'match', 'next-to', 'bias', 'stdin-source', 'stdin-add-formatting', 'stdin-add-line-wrap-markers', 'marker', 'os-window-class',
    'os-window-name', 'os-window-title', 'os-window-state', 'logo', 'logo-position', 'logo-alpha', 'color', 'spacing', 'watcher', 'source-window', 'remote-control-password', 'add-to-session', 'password', 'to', 'hold-after-ssh',
  ],
  valued: 'mtw',
};
const kittyLaunch = launch('kitty @ launch', KITTY_LAUNCH);
const kittyRun = launch('kitty', KITTY_OPTIONS);
const FOOT_OPTIONS: OptionSpec = { flags: 'hvHeEFmLDp', valued: 'cofTtaWwsLld', long: ['help', 'version', 'hold', 'maximized', 'fullscreen', 'login-shell', 'no-wait', 'print-pid', 'check-config', 'server', 'client-environment'], longValued: ['config', 'override', 'font', 'term', 'title', 'app-id', 'window-size-pixels', 'window-size-chars', 'working-directory', 'log-level', 'log-colorize', 'server-socket', 'pty', 'token'] };
const footRun = launch('foot', FOOT_OPTIONS);
const footclientRun = launch('footclient', FOOT_OPTIONS);

/**
 * kitty and kitten: the command kitty starts; remote control (`@ send-text TEXT`, `@ launch CMD`, `@ run CMD`); kitten
 * ssh (ssh); `+runpy CODE` and `+launch FILE` (Python).
 */
function kitty(call: Call): Partial<Answer> {
  let args = call.args;
  const first = value(args[0]);
  if (call.name === 'kitty' && (first === '+kitten' || first === '+')) args = args.slice(first === '+' && value(args[1]) === 'kitten' ? 2 : 1);
  else if (call.name === 'kitty' && first === '+runpy' && args[1]) return { runs: [{ kind: 'script', dialect: 'python', words: [args[1]], via: 'kitty +runpy' }], uses: [] };
  else if (call.name === 'kitty' && first === '+launch' && args[1]) return { runs: [{ kind: 'file', dialect: 'python', word: args[1], via: 'kitty +launch' }], uses: [] };
  else if (call.name === 'kitty' && first !== '@') return kittyRun(args, call);
  const sub = value(args[0]);
  if (sub === 'ssh') return { runs: [{ kind: 'argv', argv: [literal('ssh', args[0]!.span), ...args.slice(1)], via: `${call.name} ssh` }], uses: [] };
  if (sub !== '@') return { uses: [] };
  // Remote control: `@ [--to ADDR] [--password P] COMMAND …`.
  const p = parse(args.slice(1), { order: 'posix', valued: '', long: ['help'], longValued: ['to', 'password', 'password-file', 'password-env', 'use-password'] });
  const rest = args.slice(1 + p.rest);
  const command = value(rest[0]);
  const via = `${call.name} @ ${command ?? ''}`;
  if (rest[0] && command === undefined) return { runs: [{ kind: 'opaque', rule: 'dynamic-command', word: rest[0], why: `${call.name} @: a computed command` }], uses: [] };
  if (command === 'send-text') {
    const q = parse(rest.slice(1), { order: 'posix', valued: 'm', long: ['all', 'exclude-active', 'bracketed-paste', 'help'], longValued: ['match', 'match-tab', 'from-file', 'stdin'] });
    const runs = typed(q.operands.map((o) => o.word), via);
    if (q.options.some((o) => o.name === 'stdin') || q.operands.length === 0) runs.push(typedStdin(via));
    for (const o of q.options) if (o.name === 'from-file' && o.value) runs.push({ kind: 'file', dialect: 'bash', word: o.value, via });
    return { runs, uses: [] };
  }
  if (command === 'launch' || command === 'new-window' || command === 'run') return { ...kittyLaunch(rest.slice(1), call), uses: [] };
  return { uses: [] };
}

const WEZTERM_SPAWN: OptionSpec = { long: ['new-window', 'horizontal', 'left', 'right', 'top', 'bottom', 'top-level', 'no-auto-connect', 'always-new-process', 'new-tab', 'attach', 'help'], longValued: ['pane-id', 'domain-name', 'window-id', 'cwd', 'workspace', 'cells', 'percent', 'move-pane-id', 'class', 'position', 'domain'] };
const weztermSpawn = launch('wezterm', WEZTERM_SPAWN);

/** wezterm: `start`/`-e` and `cli spawn`/`split-pane` start a command; `cli send-text` types text (stdin without one); `ssh`, `connect`. */
function wezterm(call: Call): Partial<Answer> {
  const p = parse(call.args, { order: 'posix', flags: 'n', long: ['skip-config', 'help', 'version'], longValued: ['config-file', 'config'] });
  const rest = call.args.slice(p.rest);
  const sub = value(rest[0]);
  if (sub === 'start' || sub === '-e') return { ...weztermSpawn(rest.slice(1), call), uses: [] };
  if (sub === 'ssh') return { runs: [{ kind: 'argv', argv: [literal('ssh', rest[0]!.span), ...rest.slice(1)], via: 'wezterm ssh' }], uses: [] };
  if (sub !== 'cli') return { uses: [] };
  const q = parse(rest.slice(1), { order: 'posix', long: ['no-auto-start', 'prefer-mux', 'help'], longValued: ['class', 'unix-socket'] });
  const cli = rest.slice(1 + q.rest);
  const command = value(cli[0]);
  if (command === 'spawn' || command === 'split-pane') return { ...weztermSpawn(cli.slice(1), call), uses: [] };
  if (command === 'send-text') {
    const s = parse(cli.slice(1), { order: 'posix', long: ['no-paste', 'help'], longValued: ['pane-id'] });
    const text = s.operands.map((o) => o.word);
    return { runs: text.length > 0 ? typed(text, 'wezterm cli send-text') : [typedStdin('wezterm cli send-text')], uses: [] };
  }
  return { uses: [] };
}

const ZELLIJ_RUN: OptionSpec = { flags: 'cfis', valued: 'dnxyw', long: ['close-on-exit', 'floating', 'in-place', 'start-suspended', 'pinned', 'stacked', 'help'], longValued: ['cwd', 'direction', 'name', 'width', 'height', 'x', 'y'] };
const zellijRun = launch('zellij run', ZELLIJ_RUN);

/** zellij: `run CMD` and `action new-pane CMD` start a command; `action write-chars TEXT` and `action write BYTES…` type. */
function zellij(call: Call): Partial<Answer> {
  const p = parse(call.args, { order: 'posix', flags: 'dhV', long: ['debug', 'help', 'version'], valued: 'clsn', longValued: ['config', 'config-dir', 'data-dir', 'layout', 'max-panes', 'session', 'new-session-with-layout'] });
  const rest = call.args.slice(p.rest);
  const sub = value(rest[0]);
  if (sub === 'run' || sub === 'r') return { ...zellijRun(rest.slice(1), call), uses: [] };
  if (sub !== 'action' && sub !== 'ac') return { uses: [] };
  const action = value(rest[1]);
  if (action === 'new-pane' || action === 'np') return { ...zellijRun(rest.slice(2), call), uses: [] };
  if (action === 'write-chars' || action === 'wc') return { runs: typed(rest.slice(2), `zellij action ${action}`), uses: [] };
  if (action === 'write' || action === 'w') {
    const bytes = rest.slice(2).map((w) => value(w));
    if (bytes.some((b) => b === undefined || !/^\d+$/.test(b))) return { runs: [{ kind: 'opaque', rule: 'dynamic-script', word: rest[2] ?? rest[1]!, why: 'zellij action write: bytes computed when it runs, typed into a terminal' }], uses: [] };
    const text = String.fromCharCode(...bytes.map(Number));
    return { runs: rest[2] ? [{ kind: 'text', dialect: 'bash', text, word: rest[2], via: 'zellij action write (typed into a terminal)' }] : [], uses: [] };
  }
  return { uses: [] };
}

/** The keys xdotool names that type a character (X keysyms), other than a letter or digit, which name themselves. */
const KEYSYM_CHARS: Readonly<Record<string, string>> = {
  space: ' ', return: '\n', kp_enter: '\n', linefeed: '\n', tab: '\t', period: '.', comma: ',', slash: '/', backslash: '\\', minus: '-', plus: '+', equal: '=', underscore: '_', colon: ':', semicolon: ';',
  bar: '|', ampersand: '&', greater: '>', less: '<', dollar: '$', quotedbl: '"', apostrophe: "'", quoteright: "'", grave: '`', quoteleft: '`', parenleft: '(', parenright: ')', bracketleft: '[', bracketright: ']',
  braceleft: '{', braceright: '}', asterisk: '*', question: '?', exclam: '!', at: '@', numbersign: '#', percent: '%', asciicircum: '^', asciitilde: '~',
};
/** Keys that type nothing: editing, moving, modifiers, function and media keys. */
const KEYSYM_NONE = /^(?:escape|backspace|delete|insert|up|down|left|right|home|end|page_up|page_down|prior|next|menu|print|pause|caps_lock|num_lock|scroll_lock|(?:super|control|ctrl|alt|shift|meta|hyper)(?:_[lr])?|f\d+|xf86\w+)$/i;
/** xdotool's commands, which end the keys a `key` command takes. */
const XDOTOOL_COMMANDS = /^(?:type|key|keydown|keyup|search|windowactivate|windowfocus|windowraise|windowmap|windowminimize|windowsize|windowmove|getactivewindow|getwindowfocus|getmouselocation|mousemove|mousemove_relative|mousedown|mouseup|click|sleep|exec|set_desktop|get_desktop|set_window|behave|selectwindow|windowclose|windowkill|windowquit|windowstate|getwindowname|getwindowpid|getwindowgeometry|getwindowclassname|search_sync)$/;

/**
 * The text `xdotool key` types into the focused window, key by key (`key c u r l space … Return`), which a terminal's
 * shell runs as `type`'s: keys with a modifier other than shift type nothing, as the named editing keys; a paste
 * (ctrl+shift+v, shift+Insert) types the clipboard, and a key computed or not known here, what vouch cannot read.
 */
function keyed(keys: readonly Word[], via: string): Run[] {
  let text = '';
  for (const w of keys) {
    const v = value(w);
    const opaque = (why: string): Run[] => [{ kind: 'opaque', rule: 'dynamic-script', word: w, why: `${via} ${why}, typed into a terminal` }];
    if (v === undefined) return opaque('is given keys computed when it runs');
    for (const combo of v.split(/\s+/).filter(Boolean)) {
      const parts = combo.split('+');
      const key = parts.at(-1)!;
      const mods = parts.slice(0, -1).map((m) => m.toLowerCase());
      if ((key.toLowerCase() === 'v' && mods.includes('shift') && mods.some((m) => /^(?:ctrl|control)/.test(m))) || (key.toLowerCase() === 'insert' && mods.includes('shift'))) return opaque(`${combo} pastes the clipboard`);
      if (mods.some((m) => !/^shift(?:_[lr])?$/.test(m))) continue;
      const c = /^[!-~]$/.test(key) ? (mods.length > 0 ? key.toUpperCase() : key) : KEYSYM_CHARS[key.toLowerCase()];
      if (c !== undefined) text += c;
      else if (!KEYSYM_NONE.test(key)) return opaque(`types ${combo}, a key vouch does not read`);
    }
  }
  return text.trim() === '' ? [] : [{ kind: 'text', dialect: 'bash', text, word: keys[0]!, via: `${via} (typed into a terminal)` }];
}

/** The keys of an `xdotool key` command: after its options, up to the next command of the chain. */
function xdotoolKeys(call: Call, from: number, end: number): Word[] {
  const p = parse(call.args.slice(from, end), { order: 'posix', long: ['clearmodifiers'], longValued: ['window', 'delay', 'repeat', 'repeat-delay'] });
  const keys = call.args.slice(from + p.rest, end);
  const stop = keys.findIndex((w) => XDOTOOL_COMMANDS.test(value(w) ?? ''));
  return stop < 0 ? keys : keys.slice(0, stop);
}

/** xdotool, ydotool and wtype: the text `type` types (from a file or stdin when it says so); xdotool's `exec` command. */
function typist(call: Call): Partial<Answer> {
  const via = `${call.name} type`;
  if (call.name === 'wtype') {
    const p = parse(call.args, { order: 'gnu', valued: 'MmPpksd' });
    const ops = p.operands.map((o) => o.word);
    // `-k KEY` types a key by its name, as xdotool key's (`-P KEY` presses one).
    const runs = [...typed(ops.filter((w) => value(w) !== '-'), 'wtype'), ...keyed(p.options.filter((o) => (o.name === 'k' || o.name === 'P') && o.value).map((o) => o.value!), 'wtype -k')];
    if (ops.some((w) => value(w) === '-')) runs.push(typedStdin('wtype'));
    return { runs, uses: [] };
  }
  const runs: Run[] = [];
  // xdotool chains commands: `search … windowactivate type … exec CMD…` (exec takes the rest).
  const exec = call.name === 'xdotool' ? call.args.findIndex((w) => value(w) === 'exec') : -1;
  const end = exec < 0 ? call.args.length : exec;
  if (exec >= 0) {
    const q = parse(call.args.slice(exec + 1), { order: 'posix', long: ['sync'], longValued: ['terminator'] });
    const command = call.args.slice(exec + 1 + q.rest);
    if (command.length > 0) runs.push({ kind: 'argv', argv: command, via: 'xdotool exec' });
  }
  if (call.name === 'xdotool') call.args.forEach((w, k) => {
    if (k < end && value(w) === 'key') runs.push(...keyed(xdotoolKeys(call, k + 1, end), 'xdotool key'));
  });
  const at = call.args.findIndex((w) => value(w) === 'type');
  if (at < 0 || at > end) return { runs, uses: [] };
  const spec: OptionSpec = call.name === 'xdotool' ? { long: ['clearmodifiers', 'sync'], longValued: ['window', 'delay', 'terminator', 'args', 'file'] } : { flags: 'He', valued: 'dDf', long: ['help', 'escape'], longValued: ['key-delay', 'key-hold', 'file', 'next-delay'] };
  const p = parse(call.args.slice(at + 1, end), { order: 'gnu', ...spec });
  runs.push(...typed(p.operands.map((o) => o.word), via));
  for (const o of p.options) {
    if ((o.name === 'file' || o.name === 'f') && o.value) runs.push(value(o.value) === '-' ? typedStdin(via) : { kind: 'file', dialect: 'bash', word: o.value, via });
  }
  return { runs, uses: [] };
}

/** dtach and abduco: a session named by its socket, then the command it runs (`dtach -n SOCK CMD…`, `abduco -c NAME CMD…`). */
const dtach = wrapper({
  names: ['dtach'],
  summary: 'dtach: -c/-n/-N SOCKET, then the command it runs detached',
  options: { flags: 'zE', valued: 'acnNAer' },
  examples: { deny: ['dtach -n /tmp/s curl evil.example'], pass: ['dtach -n /tmp/s npm start', 'dtach -a /tmp/s'] },
});

export const TERMINAL_ENTRIES: ProgramEntry[] = [
  ...MARKED.map(
    ({ names, markers }): ProgramEntry => ({
      names,
      summary: `${names[0]}: the command after ${markers.join(' or ')} (its words, or shell text)`,
      analyze: (call) => marked(call, markers),
      examples: { deny: [`${names[0]} ${markers[0]} curl evil.example`, `${names[0]} ${markers.at(-1)} 'curl evil.example'`], pass: [`${names[0]} ${markers[0]} npm start`, `${names[0]}`] },
    }),
  ),
  {
    names: ['kitty', 'kitten'],
    summary: 'kitty: the command it starts; remote control (@ send-text types, @ launch starts); kitten ssh',
    analyze: kitty,
    examples: {
      deny: ['kitty curl evil.example', "kitty @ send-text 'curl evil.example\\r'", "kitten @ send-text --match title:x 'curl evil.example\\r'", "echo 'curl evil.example' | kitten @ send-text --stdin", 'kitty @ launch --type=tab curl evil.example', 'kitten ssh evil.example'],
      pass: ['kitty npm start', "kitty @ send-text 'npm test\\r'", 'kitty @ launch --type=tab --cwd=current htop', 'kitten icat logo.png', 'kitty --version'],
    },
  },
  {
    names: ['wezterm'],
    summary: 'wezterm: start/cli spawn/split-pane start a command, cli send-text types text, ssh',
    analyze: wezterm,
    examples: { deny: ["wezterm cli send-text 'curl evil.example'", "echo 'curl evil.example' | wezterm cli send-text --no-paste", 'wezterm cli spawn -- curl evil.example', 'wezterm start -- curl evil.example', 'wezterm ssh evil.example'], pass: ["wezterm cli send-text 'npm test'", 'wezterm cli list', 'wezterm start -- npm start', 'wezterm cli split-pane --right -- htop'] },
  },
  {
    names: ['zellij'],
    summary: 'zellij: run and action new-pane start a command, action write-chars/write type text',
    analyze: zellij,
    examples: { deny: ['zellij run -- curl evil.example', "zellij action write-chars 'curl evil.example'", 'zellij action new-pane -- curl evil.example', 'zellij action write 99 117 114 108 32 101 118 105 108 46 101 120 97 109 112 108 101 10'], pass: ['zellij run -- npm test', "zellij action write-chars 'npm test'", 'zellij ls', 'zellij action write 108 115 10'] },
  },
  {
    names: ['xdotool', 'ydotool', 'wtype'],
    summary: 'xdotool, ydotool, wtype: type text into the focused window (a terminal runs it); xdotool exec runs its command',
    analyze: typist,
    examples: { deny: ['xdotool key c u r l space e v i l period e x a m p l e Return', 'xdotool key ctrl+shift+v Return', 'xdotool key $K', 'wtype -k c -k u -k r -k l -k space -k e -k v -k i -k l -k period -k e -k x -k a -k m -k p -k l -k e -k Return', 'xdotool exec --sync curl evil.example', "xdotool search --name term windowactivate exec curl evil.example", "xdotool type 'curl evil.example' key Return", "ydotool type 'curl evil.example'", "wtype 'curl evil.example'", "echo 'curl evil.example' | wtype -"], pass: ["xdotool type 'npm test'", 'xdotool key ctrl+c', "wtype 'hello'", 'xdotool key n p m space t e s t Return', 'xdotool key --clearmodifiers ctrl+l', 'xdotool key alt+Tab', 'xdotool getactivewindow', 'xdotool search --name x', 'xdotool mousemove 10 10', 'xdotool key XF86AudioPlay', 'wtype -M ctrl -k c -m ctrl'] },
  },
  { names: ['foot', 'footclient'], summary: 'foot: the command after its options', analyze: (call) => ({ ...(call.name === 'footclient' ? footclientRun : footRun)(call.args, call), uses: [] }), examples: { deny: ['foot curl evil.example', 'footclient -T x -- curl evil.example'], pass: ['foot npm start', 'foot --version'] } },
  dtach,
  wrapper({ names: ['abduco'], summary: 'abduco: -c/-n/-A NAME, then the command it runs', options: { flags: 'aAcnflpqrv', valued: 'e' }, before: 1, examples: { deny: ['abduco -n s curl evil.example'], pass: ['abduco -n s npm start', 'abduco -a s'] } }),
];
