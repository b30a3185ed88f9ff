// A tool the guard has never heard of is judged by what its input says: every key that names a path, every key
// that carries content or an edit, every action an editor tool takes, every search filter. Written out here as an
// MCP server's author would spell them, each with the neighbour that must pass.
import { describe, expect, it } from 'vitest';
import type { Analyzer } from '../src/analyzer.js';
import { createGuard, GUARD_RULES, type GuardFs, type ToolCall } from '../src/guard/index.js';

const HOME = '/home/dev';
const CWD = '/home/dev/project';
// File tools never ask the analyzer: one that throws proves it.
const analyzer: Analyzer = {
  config: {} as Analyzer['config'],
  withConfig: () => analyzer,
  analyze: () => {
    throw new Error('a file tool asked the analyzer');
  },
};

function guardWith(fs?: GuardFs) {
  return createGuard({ analyzer, dependencies: { home: HOME, ...(fs ? { fs } : {}) } });
}
const guard = guardWith();
const rule = (tool: string, input: Record<string, unknown>) => guard.decide({ tool, input, cwd: CWD } as ToolCall)?.rule;

describe('keys that name a path', () => {
  // Keys the table names outright, beyond those that end in path, file, dir, folder or uri.
  const keys = ['path', 'paths', 'file', 'files', 'filename', 'filenames', 'fname', 'target', 'targets', 'source', 'sources', 'src', 'destination', 'destinations', 'dest', 'dst', 'from', 'to', 'uri', 'uris', 'root', 'dir', 'dirs', 'directory', 'directories', 'folder', 'folders', 'location', 'archive', 'archives'];
  const endings = ['notebook_path', 'targetFile', 'output_dir', 'fileUri', 'base_directory', 'sourceFolder', 'input_files', 'extra_paths', 'file-name'];
  for (const key of [...keys, ...endings]) {
    it(`${key}: a reader of ~/.ssh/id_rsa under it is a secret read; of README.md it passes`, () => {
      expect(rule('mcp__srv__fetch', { [key]: '~/.ssh/id_rsa' })).toBe(GUARD_RULES.secretPath);
      expect(rule('mcp__srv__fetch', { [key]: ['~/.ssh/id_rsa'] })).toBe(GUARD_RULES.secretPath);
      expect(rule('mcp__srv__fetch', { [key]: 'README.md' })).toBeUndefined();
    });
  }
  it('a key that names no path is not read as one: name, title, url, query', () => {
    for (const key of ['name', 'title', 'url', 'query', 'description', 'pattern', 'prompt', 'exclude']) {
      expect(rule('mcp__srv__fetch', { [key]: '~/.ssh/id_rsa' }), key).toBeUndefined();
    }
  });
  it('a uri names a file only with file:', () => {
    expect(rule('mcp__srv__fetch', { uri: 'file:///home/dev/.ssh/id_rsa' })).toBe(GUARD_RULES.secretPath);
    expect(rule('mcp__srv__fetch', { uri: 'https://example.com/.ssh/id_rsa' })).toBeUndefined();
    expect(rule('mcp__srv__fetch', { location: 'https://example.com/.ssh/id_rsa' })).toBeUndefined();
    expect(rule('mcp__srv__fetch', { target: 'mailto:x' })).toBeUndefined();
  });
  it('paths nested in records and lists are walked', () => {
    expect(rule('mcp__srv__fetch', { args: { path: '~/.ssh/id_rsa' } })).toBe(GUARD_RULES.secretPath);
    expect(rule('mcp__srv__fetch', { files: [{ path: '~/.ssh/id_rsa' }] })).toBe(GUARD_RULES.secretPath);
    expect(rule('mcp__srv__fetch', { requests: [{ target: '~/.ssh/id_rsa' }] })).toBe(GUARD_RULES.secretPath);
    expect(rule('mcp__srv__fetch', { requests: [{ target: 'README.md' }] })).toBeUndefined();
  });
  it('a path value that is no path is refused, saying which key', () => {
    for (const input of [{ path: 7 }, { path: true }, { paths: ['a', null] }, { paths: [['a']] }, { file_path: { x: 1 } }, { files: { size: 3 } }]) {
      const v = guard.decide({ tool: 'mcp__srv__fetch', input, cwd: CWD });
      expect(v?.rule, JSON.stringify(input)).toBe(GUARD_RULES.badInput);
      expect(v?.reason, JSON.stringify(input)).toMatch(/path|files/);
    }
  });
});

describe('keys that carry content or an edit make the tool a writer', () => {
  const content = ['content', 'contents', 'file_text', 'new_string', 'old_string', 'new_str', 'old_str', 'new_text', 'old_text', 'new_content', 'new_source', 'edits', 'insert_line', 'insert_text', 'patch', 'diff', 'append', 'newString', 'file-text'];
  for (const key of content) {
    it(`${key}: a tool named for nothing in particular writes .envrc with it; without it, it reads`, () => {
      expect(rule('mcp__srv__apply', { path: '.envrc', [key]: 'x' })).toBe(GUARD_RULES.persistenceWrite);
      expect(rule('mcp__srv__apply', { path: '.envrc' })).toBeUndefined();
    });
  }
  // An edit changes part of a file the agent may never have read whole; a write replaces it, so it must have been.
  const exists: GuardFs = () => ({ mtimeMs: 1, size: 1, isFile: true });
  const edits = ['old_string', 'old_str', 'old_text', 'edits', 'insert_line', 'insert_text', 'new_source'];
  for (const key of edits) {
    it(`${key} is an edit: an existing file never read may be edited, not replaced`, () => {
      const g = guardWith(exists);
      expect(g.decide({ tool: 'mcp__srv__apply', input: { path: 'src/a.ts', [key]: 'x' }, cwd: CWD })).toBeUndefined();
      expect(g.decide({ tool: 'mcp__srv__apply', input: { path: 'src/a.ts', content: 'x' }, cwd: CWD })?.rule).toBe(GUARD_RULES.unreadWrite);
    });
  }
});

describe('an editor tool’s action says what this call does', () => {
  const exists: GuardFs = () => ({ mtimeMs: 1, size: 1, isFile: true });
  const roles: [string, 'write' | 'edit' | 'delete'][] = [
    ['create', 'write'], ['write', 'write'], ['overwrite', 'write'], ['copy', 'write'], ['mkdir', 'write'], ['touch', 'write'], ['symlink', 'write'], ['link', 'write'],
    ['insert', 'edit'], ['str_replace', 'edit'], ['replace', 'edit'], ['edit', 'edit'], ['append', 'edit'], ['undo_edit', 'edit'],
    ['delete', 'delete'], ['remove', 'delete'], ['rename', 'delete'], ['move', 'delete'],
  ];
  for (const key of ['command', 'action', 'operation', 'op', 'mode']) {
    it(`${key}: create writes .envrc, view reads it`, () => {
      expect(rule('mcp__srv__files', { [key]: 'create', path: '.envrc' })).toBe(GUARD_RULES.persistenceWrite);
      expect(rule('mcp__srv__files', { [key]: 'CREATE', path: '.envrc' })).toBe(GUARD_RULES.persistenceWrite);
      expect(rule('mcp__srv__files', { [key]: 'view', path: '.envrc' })).toBeUndefined();
    });
  }
  for (const [action, role] of roles) {
    it(`${action} is a ${role} of the file it names`, () => {
      expect(rule('mcp__srv__files', { action, path: '.envrc' })).toBe(GUARD_RULES.persistenceWrite);
      // An existing, unread file: replaced (refused), edited (allowed), deleted (allowed: nothing of it is kept).
      const v = guardWith(exists).decide({ tool: 'mcp__srv__files', input: { action, path: 'src/a.ts' }, cwd: CWD });
      if (role === 'write') expect(v?.rule).toBe(GUARD_RULES.unreadWrite);
      else expect(v).toBeUndefined();
    });
  }
  for (const action of ['view', 'read', 'list', 'get', 'search', 'find', 'stat', 'info']) {
    it(`${action}, even in a tool whose name says it writes, reads: .envrc passes, .env is a secret`, () => {
      expect(rule('str_replace_based_edit_tool', { command: action, path: '.envrc' })).toBeUndefined();
      expect(rule('str_replace_based_edit_tool', { command: action, path: '.env' })).toBe(GUARD_RULES.secretPath);
    });
  }
  it('copy reads its source and writes its destination; move deletes its source', () => {
    expect(rule('mcp__srv__files', { action: 'copy', source: '.envrc', destination: 'b.txt' })).toBeUndefined();
    expect(rule('mcp__srv__files', { action: 'copy', source: 'a.txt', destination: '.envrc' })).toBe(GUARD_RULES.persistenceWrite);
    expect(rule('mcp__srv__files', { action: 'move', source: '.envrc', destination: 'b.txt' })).toBe(GUARD_RULES.persistenceWrite);
    expect(rule('copy_file', { src: '.envrc', dst: 'b.txt' })).toBeUndefined();
    expect(rule('duplicate_file', { from: '.envrc', to: 'b.txt' })).toBeUndefined();
    expect(rule('copy_file', { src: 'a.txt', dst: '.envrc' })).toBe(GUARD_RULES.persistenceWrite);
    for (const key of ['sourcePath', 'fromPath', 'source_file', 'old_path']) expect(rule('copy_file', { [key]: '.envrc', dest: 'b.txt' }), key).toBeUndefined();
  });
});

describe('tool names whose words say they write', () => {
  for (const word of ['write', 'edit', 'create', 'replace', 'delete', 'remove', 'rm', 'move', 'mv', 'rename', 'copy', 'cp', 'append', 'insert', 'patch', 'save', 'overwrite', 'mkdir', 'touch', 'symlink', 'link', 'unlink', 'truncate']) {
    it(`${word}_file, ${word}File and mcp__srv__${word} write .envrc`, () => {
      expect(rule(`${word}_file`, { path: '.envrc' })).toBe(GUARD_RULES.persistenceWrite);
      expect(rule(`${word}File`, { path: '.envrc' })).toBe(GUARD_RULES.persistenceWrite);
      expect(rule(`mcp__srv__${word}`, { path: '.envrc' })).toBe(GUARD_RULES.persistenceWrite);
    });
  }
  it('a word inside another word is no writer: rewrites_log, linked_list, prepatched', () => {
    for (const tool of ['rewrites_log', 'linked_list', 'prepatched', 'editorial', 'savefile_viewer']) expect(rule(tool, { path: '.envrc' }), tool).toBeUndefined();
  });
  it('a writer with no path at all: TodoWrite is no file tool, Write is malformed', () => {
    expect(rule('TodoWrite', { todos: [{ content: 'x' }] })).toBeUndefined();
    expect(rule('Write', { content: 'x' })).toBe(GUARD_RULES.badInput);
  });
});

describe('search filters', () => {
  for (const key of ['glob', 'globs', 'include', 'includes', 'include_pattern', 'file_pattern', 'glob_pattern', 'includePattern']) {
    it(`${key}: a search for *.pem is aimed at credentials; for *.ts it passes`, () => {
      expect(rule('Grep', { pattern: 'x', [key]: '*.pem' })).toBe(GUARD_RULES.secretPath);
      expect(rule('Grep', { pattern: 'x', [key]: ['*.ts', '*.pem'] })).toBe(GUARD_RULES.secretPath);
      expect(rule('Grep', { pattern: 'x', [key]: '*.ts' })).toBeUndefined();
    });
  }
  it('a tool with only a filter searches: it is checked as a search', () => {
    expect(rule('mcp__srv__scan', { glob: '*.pem' })).toBe(GUARD_RULES.secretPath);
  });
  it('Glob and find join their pattern to their directory: a pattern under ~/.ssh passes (names only), a read of one does not', () => {
    expect(rule('Glob', { pattern: '*', path: '~/.ssh' })).toBeUndefined();
    expect(rule('read_many_files', { include: ['~/.ssh/*'] })).toBe(GUARD_RULES.secretPath);
    expect(rule('read_many_files', { paths: ['src/*.ts'] })).toBeUndefined();
  });
});

describe('values a reader must not misread', () => {
  const secret = GUARD_RULES.secretPath;
  const bad = GUARD_RULES.badInput;
  it('a file: URI is its path; a URL, or any value under a uri key with a scheme, is no path; a drive letter is no scheme', () => {
    expect(rule('mcp__srv__fetch', { uri: 'file:///home/dev/.ssh/id_rsa' })).toBe(secret);
    expect(rule('mcp__srv__fetch', { uri: 'https://example.com/.ssh/id_rsa' })).toBeUndefined();
    expect(rule('mcp__srv__fetch', { uris: ['https://example.com/.ssh/id_rsa'] })).toBeUndefined();
    expect(rule('mcp__srv__fetch', { file: 'https://example.com/.ssh/id_rsa' })).toBeUndefined();
    // Under a path key, text that merely starts like a scheme (no `//`) is still a path.
    expect(rule('mcp__srv__fetch', { file: 'my+scheme:/home/dev/.ssh/id_rsa' })).toBe(secret);
    expect(rule('mcp__srv__fetch', { path: 'C:\\Users\\dev\\.ssh\\id_rsa' })).toBe(secret);
  });
  it('a hole, a list of lists, an object or a scalar where a path goes is malformed; an empty or absent one is none', () => {
    for (const input of [{ paths: [null] }, { paths: [['a']] }, { file_path: { a: 1 } }, { files: {} }, { file_path: 5 }, { file_path: true }]) {
      expect(rule('mcp__srv__fetch', input), JSON.stringify(input)).toBe(bad);
    }
    for (const input of [{ path: '' }, { file_path: null }, { paths: [] }]) expect(rule('mcp__srv__fetch', input), JSON.stringify(input)).toBeUndefined();
    expect(rule('mcp__srv__fetch', { files: [{ path: '~/.ssh/id_rsa' }] })).toBe(secret);
    expect(rule('mcp__srv__fetch', { files: [{ path: 'README.md' }] })).toBeUndefined();
  });
  it('input nested deeper than 16 levels, or holding more than 2,048 values, is malformed; within the limits it is read', () => {
    const deep = (n: number): Record<string, unknown> => (n === 0 ? { path: 'README.md' } : { a: deep(n - 1) });
    expect(rule('mcp__srv__fetch', deep(20))).toBe(bad);
    expect(rule('mcp__srv__fetch', deep(10))).toBeUndefined();
    expect(rule('mcp__srv__fetch', { paths: Array.from({ length: 3000 }, () => 'a') })).toBe(bad);
    // (More than 256 paths are refused on their own account; 256 are read.)
    expect(rule('mcp__srv__fetch', { paths: Array.from({ length: 256 }, () => 'a') })).toBeUndefined();
    expect(rule('mcp__srv__fetch', { files: Array.from({ length: 200 }, () => ({ path: 'a', mode: 'r', size: 1, tags: ['x', 'y'] })) })).toBeUndefined();
    expect(rule('mcp__srv__fetch', Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`k${i}`, { x: 1 }])))).toBe(bad);
  });
  it('a tool named as a copy reads its source and writes its destination; one named to write, delete or move writes', () => {
    expect(rule('mcp__srv__copy_file', { source: '~/.ssh/id_rsa', destination: 'x' })).toBe(secret);
    expect(rule('mcp__srv__copy_file', { source: 'README.md', destination: '~/.bashrc' })).toBe(GUARD_RULES.writeOutsideRoots);
    expect(rule('mcp__srv__copyFile', { source: 'README.md', destination: 'docs/README.md' })).toBeUndefined();
    for (const [tool, input] of [
      ['mcp__srv__delete_file', { path: '~/.bashrc' }],
      ['mcp__srv__rename', { from: 'a', to: '~/.bashrc' }],
      ['mcp__srv__writeFile', { path: '~/.bashrc', text: 'x' }],
      ['mcp__srv__save-file', { path: '~/.bashrc' }],
    ] as const) {
      expect(rule(tool, input), tool).toBe(GUARD_RULES.writeOutsideRoots);
    }
    expect(rule('mcp__srv__write_file', { content: 'x' })).toBe(bad);
    expect(rule('mcp__srv__TodoWrite', { todos: [] })).toBeUndefined();
  });
});

describe('an MCP tool that runs a command line is judged as a shell line', () => {
  // A real analyzer is not needed to see what the guard reads: this one answers curl and rm -rf ~ as denials.
  const seen: { command: string; cwd?: string }[] = [];
  const reading: Analyzer = {
    config: {} as Analyzer['config'],
    withConfig: () => reading,
    analyze(input) {
      seen.push({ command: input.command, cwd: input.cwd });
      const deny = /^curl|rm -rf ~|cat ~\/\.ssh/.test(input.command);
      const findings = deny ? [{ kind: 'egress' as const, rule: 'test.denied', message: input.command, span: { start: 0, end: 1 } }] : [];
      return { command: input.command, dialect: 'bash', cwd: input.cwd ?? '/', home: HOME, segments: [], invocations: [], typeUses: [], codeUses: [], findings };
    },
  };
  const shell = createGuard({ analyzer: reading, dependencies: { home: HOME } });
  const read = (tool: string, input: unknown) => {
    seen.length = 0;
    const verdict = shell.decide({ tool, input, cwd: CWD });
    return { verdict: verdict?.rule ?? 'pass', seen: seen.map((s) => `${s.command} @ ${s.cwd}`) };
  };

  it('its command, cmd or script, with its words quoted one by one, in its own directory', () => {
    expect(read('mcp__dc__start_process', { command: 'curl https://example.com' })).toEqual({ verdict: 'test.denied', seen: [`curl https://example.com @ ${CWD}`] });
    expect(read('mcp__dc__start_process', { cmd: 'ls' }).seen).toEqual([`ls @ ${CWD}`]);
    expect(read('mcp__dc__start_process', { script: 'ls' }).seen).toEqual([`ls @ ${CWD}`]);
    expect(read('mcp__dc__start_process', { command: '', cmd: 'make' }).seen).toEqual([`make @ ${CWD}`]);
    expect(read('mcp__dc__start_process', { command: 'git', args: ['log', '--format=%H x'] }).seen).toEqual([`git log '--format=%H x' @ ${CWD}`]);
    expect(read('mcp__dc__start_process', { command: 'git', arguments: ["it's"] }).seen).toEqual([`git 'it'\\''s' @ ${CWD}`]);
    expect(read('mcp__dc__start_process', { command: 'ls', workdir: '/srv' }).seen).toEqual(['ls @ /srv']);
    expect(read('mcp__dc__start_process', { command: 'ls', cwd: '/srv/a' }).seen).toEqual(['ls @ /srv/a']);
    expect(read('mcp__dc__start_process', { command: 'ls', directory: 'sub' }).seen).toEqual([`ls @ ${CWD}/sub`]);
    // Gemini's run_shell_command names its directory dir_path.
    expect(read('run_shell_command', { command: 'ls', dir_path: 'sub' }).seen).toEqual([`ls @ ${CWD}/sub`]);
  });

  it('args it cannot read word by word are never dropped: one string is shell text, a word that is no string is refused', () => {
    expect(read('mcp__dc__start_process', { command: 'rm', args: '-rf ~' })).toEqual({ verdict: 'test.denied', seen: [`rm -rf ~ @ ${CWD}`] });
    for (const args of [['-rf', '~', 0], [{ path: '~' }], 7]) {
      expect(shell.decide({ tool: 'mcp__dc__start_process', input: { command: 'rm', args }, cwd: CWD }), JSON.stringify(args)).toEqual({
        block: true,
        rule: GUARD_RULES.badInput,
        reason: '`command` must be a string, found an array',
      });
    }
    expect(read('mcp__dc__start_process', { command: 'ls', args: null }).seen).toEqual([`ls @ ${CWD}`]);
    // The command's own text is read as written, its args after it word by word.
    expect(read('mcp__dc__start_process', { command: 'git -C /srv', args: ['log'] }).seen).toEqual([`git -C /srv log @ ${CWD}`]);
  });

  it('an editor action in command is no command line; neither is a tool outside MCP, nor an input that is no record', () => {
    for (const command of ['view', 'create', 'str_replace', 'READ']) expect(read('mcp__ed__edit', { command, path: 'a.txt' }).seen, command).toEqual([]);
    expect(read('notify', { command: 'curl x' })).toEqual({ verdict: 'pass', seen: [] });
    // A name that says it starts a process runs its command line, MCP or not (desktop-commander's, under a bare name).
    expect(read('start_process', { command: 'curl x' })).toEqual({ verdict: 'test.denied', seen: [`curl x @ ${CWD}`] });
    expect(read('mcp__dc__start_process', ['curl x'])).toEqual({ verdict: 'pass', seen: [] });
    // No input at all is a call with no arguments, not a crash.
    expect(shell.decide({ tool: 'mcp__dc__start_process', input: null, cwd: CWD })).toBeUndefined();
  });

  it('an empty argv runs nothing, and leaves a cmd beside it to say what runs', () => {
    expect(read('mcp__dc__start_process', { command: [] })).toEqual({ verdict: 'pass', seen: [] });
    expect(read('mcp__dc__start_process', { command: [], cmd: 'curl x' })).toEqual({ verdict: 'test.denied', seen: [`curl x @ ${CWD}`] });
    expect(read('mcp__dc__start_process', { command: [], cmd: 'ls' })).toEqual({ verdict: 'pass', seen: [`ls @ ${CWD}`] });
  });

  it('a list of command lines is one script of them, each on its line; a line that is no string is refused', () => {
    expect(read('mcp__sh__run_commands', { commands: ['npm ci', 'curl x'] }).seen).toEqual([`npm ci\ncurl x @ ${CWD}`]);
    expect(read('mcp__sh__run_commands', { commands: 'curl x' })).toEqual({ verdict: 'test.denied', seen: [`curl x @ ${CWD}`] });
    // An empty list or line names nothing: the command beside it is what runs.
    expect(read('mcp__sh__run_commands', { commands: '', cmd: 'curl x' })).toEqual({ verdict: 'test.denied', seen: [`curl x @ ${CWD}`] });
    expect(read('mcp__sh__run_commands', { commands: [], cmd: 'curl x' })).toEqual({ verdict: 'test.denied', seen: [`curl x @ ${CWD}`] });
    expect(shell.decide({ tool: 'mcp__sh__run_commands', input: { commands: ['ls', 7] }, cwd: CWD })).toEqual({ block: true, rule: GUARD_RULES.badInput, reason: '`command` must be a string, found an array' });
  });

  it('an argv runs as given, a program under executable with its args; the local_shell action only when it is an exec', () => {
    expect(read('mcp__sh__execute', { argv: ['curl', 'x'] }).verdict).toBe('test.denied');
    expect(read('mcp__sh__execute', { argv: [], command: 'curl x' })).toEqual({ verdict: 'test.denied', seen: [`curl x @ ${CWD}`] });
    expect(read('mcp__sh__exec', { executable: 'git', args: ['log', 'a b'] }).seen).toEqual([`git log 'a b' @ ${CWD}`]);
    expect(read('local_shell', { action: null, command: 'curl x' })).toEqual({ verdict: 'test.denied', seen: [`curl x @ ${CWD}`] });
    expect(read('local_shell', { action: { type: 'other', command: ['ls'] }, command: 'curl x' })).toEqual({ verdict: 'test.denied', seen: [`curl x @ ${CWD}`] });
  });

  it('keys are read as spelled and as read: the spelling given wins over a look-alike, else the first look-alike', () => {
    expect(read('mcp__sh__run', { command: 'curl x', Command: 'ls' })).toEqual({ verdict: 'test.denied', seen: [`curl x @ ${CWD}`] });
    expect(read('mcp__sh__run', { Cmd: 'ls', CMD: 'curl x' })).toEqual({ verdict: 'pass', seen: [`ls @ ${CWD}`] });
    expect(read('run_shell_command', { command: 'ls', dirPath: 'sub' }).seen).toEqual([`ls @ ${CWD}/sub`]);
    expect(read('run_shell_command', { command: 'ls', WorkingDirectory: '/srv' }).seen).toEqual(['ls @ /srv']);
    // Two spellings of a directory key naming different directories are refused, as two keys are: a server written in
    // JavaScript reads `dirPath`, one in Python `dir_path`, and which this one is cannot be told.
    expect(read('run_shell_command', { command: 'ls', dirPath: '/srv/b', dir_path: '/srv/a' })).toEqual({ verdict: 'guard.bad-input', seen: [] });
    expect(read('run_shell_command', { command: 'ls', dirPath: '/srv/a', dir_path: '/srv/a' }).seen).toEqual(['ls @ /srv/a']);
  });

  it('a terminal tool’s typed text is the shell’s line; typing nothing is a poll; a list of keys is refused', () => {
    expect(read('mcp__term__send_keys', { session: 'main', keys: 'curl x\n' })).toEqual({ verdict: 'test.denied', seen: [`curl x\n @ ${CWD}`] });
    for (const key of ['input', 'chars', 'text', 'data']) expect(read('mcp__term__terminal_input', { id: '1', [key]: 'ls' }).seen, key).toEqual([`ls @ ${CWD}`]);
    expect(read('mcp__term__send_keys', { session: 'main' })).toEqual({ verdict: 'pass', seen: [] });
    // A tool whose name says no typing: its text is a note, not a command line.
    expect(read('mcp__notes__save', { text: 'curl x' })).toEqual({ verdict: 'pass', seen: [] });
    expect(shell.decide({ tool: 'mcp__tmux__send_keys', input: { session: 'main', keys: ['rm -rf ', '~', 'Enter'] }, cwd: CWD })).toEqual({
      block: true,
      rule: 'vouch.dynamic-command',
      reason: 'mcp__tmux__send_keys runs commands, and vouch reads no command line in its input (`keys`)',
    });
  });

  it('a tool that runs commands with text under no key vouch reads is refused, naming the keys as given', () => {
    const decide = (tool: string, input: Record<string, unknown>) => shell.decide({ tool, input, cwd: CWD });
    expect(decide('mcp__sh__shell_exec', { Line: 'curl x', exec: ['ls'], LINE: 'y' })).toEqual({
      block: true,
      rule: 'vouch.dynamic-command',
      reason: 'mcp__sh__shell_exec runs commands, and vouch reads no command line in its input (`Line`, `exec`)',
    });
    expect(decide('mcp__sh__shell_exec', { exec: [7, 'ls'] })?.rule).toBe('vouch.dynamic-command');
    // A name that says it runs commands, MCP or not; a name that does not is no command tool.
    expect(decide('exec_line', { line: 'curl x' })?.rule).toBe('vouch.dynamic-command');
    expect(decide('mcp__srv__fetch', { line: 'curl x' })).toBeUndefined();
    // Blanks, words that are no strings, a flag sent as a string: nothing is said to run.
    for (const input of [{ line: '  ' }, { exec: [7, ' '] }, { exec: [] }, { is_input: 'true' }, { quiet: ' FALSE ' }]) expect(decide('mcp__sh__shell_exec', input), JSON.stringify(input)).toBeUndefined();
    // A flag is the whole of its value: a line that ends or begins with true is a line.
    for (const line of ['curl x || true', 'true && curl x']) expect(decide('mcp__sh__shell_exec', { line })?.rule, line).toBe('vouch.dynamic-command');
    // Ids, waits, words for the user, where it runs: no command under them.
    for (const key of ['shellId', 'bash_id', 'shell_id', 'session_id', 'session', 'pid', 'timeout_ms', 'delay', 'description', 'explanation', 'filter', 'pattern', 'signal', 'mode', 'cwd', 'file', 'security_risk', 'OutputPriority']) {
      expect(decide('mcp__sh__shell_exec', { [key]: 'curl x' }), key).toBeUndefined();
    }
    // A policy that lets cannot-vouch pass lets this pass.
    const lenient = createGuard({ analyzer: reading, policy: { denyCannotVouch: false }, dependencies: { home: HOME } });
    expect(lenient.decide({ tool: 'mcp__sh__shell_exec', input: { line: 'curl x' }, cwd: CWD })).toBeUndefined();
  });

  it('real agents’ polls and stops name no command and pass', () => {
    const calls: [string, Record<string, unknown>][] = [
      ['read_bash', { shellId: '3', delay: 5 }],
      ['stop_bash', { shellId: '3' }],
      ['BashOutput', { bash_id: 'b1', filter: 'error' }],
      ['KillShell', { shell_id: 'b1' }],
      ['get_terminal_output', { id: 'abc-123' }],
      ['command_status', { CommandId: '42', OutputPriority: 'bottom', OutputCharacterCount: 1000, WaitDurationSeconds: 5 }],
      ['execute_bash', { command: '', is_input: 'true', security_risk: 'LOW' }],
      ['mcp__desktop-commander__read_process_output', { pid: 4211, timeout_ms: 2000 }],
    ];
    for (const [tool, input] of calls) expect(read(tool, input), tool).toEqual({ verdict: 'pass', seen: [] });
  });
});

describe('an MCP tool that stands for a program’s command line is read as that line', () => {
  // The line the registry is asked about, each value quoted as one word: what a real analyzer says of it is the
  // line's verdict (test/fail-open.test.ts holds those pairs).
  const seen: string[] = [];
  const reading: Analyzer = {
    config: {} as Analyzer['config'],
    withConfig: () => reading,
    analyze(input) {
      seen.push(input.command);
      return { command: input.command, dialect: 'bash', cwd: input.cwd ?? '/', home: HOME, segments: [], invocations: [], typeUses: [], codeUses: [], findings: [] };
    },
  };
  const lines = createGuard({ analyzer: reading, dependencies: { home: HOME } });
  const line = (tool: string, input: unknown) => {
    seen.length = 0;
    const verdict = lines.decide({ tool, input, cwd: CWD });
    return verdict ? `${verdict.rule}: ${verdict.reason}` : seen.join('\n');
  };

  it('Kubernetes: kubectl’s and helm’s argv as mcp-server-kubernetes builds them, and kubernetes-mcp-server’s resources_delete', () => {
    expect(line('mcp__kubernetes__kubectl_delete', { resourceType: 'namespace', name: 'prod' })).toBe('kubectl delete namespace prod');
    expect(line('mcp__k8s__kubectl_delete', { resourceType: 'pvc', labelSelector: 'app=db', namespace: 'prod', force: true })).toBe('kubectl delete pvc -l app=db -n prod --force');
    expect(line('mcp__k8s__kubectl_delete', { resourceType: 'pod', name: 'web', allNamespaces: true, namespace: 'x', context: 'dev' })).toBe('kubectl delete pod web --all-namespaces --context dev');
    // A manifest is written to a file the server deletes from: what it names is not read here.
    expect(line('mcp__k8s__kubectl_delete', { manifest: 'kind: Namespace' })).toBe('kubectl delete -f -');
    expect(line('mcp__k8s__kubectl_delete', { filename: 'k8s/prod.yaml' })).toBe('kubectl delete -f k8s/prod.yaml');
    expect(line('mcp__k8s__kubectl_generic', { command: 'delete', resourceType: 'ns', name: 'prod', namespace: 'x', outputFormat: 'name', flags: { wait: true, 'grace-period': 0, 'dry-run': false }, args: ['--ignore-not-found'] })).toBe(
      'kubectl delete ns prod -n x -o name --wait --grace-period=0 --ignore-not-found',
    );
    expect(line('mcp__k8s__uninstall_helm_chart', { name: 'pg', namespace: 'prod' })).toBe('helm uninstall pg -n prod');
    expect(line('mcp__kubernetes__resources_delete', { apiVersion: 'v1', kind: 'Namespace', name: 'prod' })).toBe('kubectl delete Namespace prod');
    expect(line('mcp__openshift__helm_uninstall', { name: 'pg', namespace: 'prod' })).toBe('helm uninstall pg -n prod');
  });

  it('Docker, MongoDB, GitHub and AWS: each value one quoted word, or JSON inside mongosh’s JavaScript', () => {
    expect(line('mcp__docker__remove_volume', { volume_name: 'pg data', force: true })).toBe("docker volume rm -f 'pg data'");
    expect(line('mcp__docker__remove_container', { container_id: 'db' })).toBe('docker rm db');
    expect(line('mcp__docker__remove_container', { id: 'db', volumes: true })).toBe('docker rm -v db');
    expect(line('mcp__docker__remove_volume', { id: 'pgdata' })).toBe('docker volume rm pgdata');
    expect(line('mcp__docker__remove_image', { image: 'nginx:1' })).toBe('docker rmi nginx:1');
    expect(line('mcp__docker__remove_network', { network_id: 'net' })).toBe('docker network rm net');
    expect(line('mcp__mongodb__drop-collection', { database: 'app', collection: "it's" })).toBe(`mongosh --eval 'db.getSiblingDB("app").getCollection("it'\\''s").drop()'`);
    expect(line('mcp__MongoDB__drop-database', { database: 'app' })).toBe(`mongosh --eval 'db.getSiblingDB("app").dropDatabase()'`);
    expect(line('mcp__mongodb__delete-many', { database: 'app', collection: 'users', filter: { age: { $lt: 3 } } })).toBe(`mongosh --eval 'db.getSiblingDB("app").getCollection("users").deleteMany({"age":{"$lt":3}})'`);
    // With no filter the server deletes every document.
    expect(line('mcp__mongodb__delete-many', { database: 'app', collection: 'users' })).toBe(`mongosh --eval 'db.getSiblingDB("app").getCollection("users").deleteMany({})'`);
    expect(line('mcp__github__delete_repository', { owner: 'me', repo: 'app' })).toBe('gh repo delete me/app --yes');
    expect(line('mcp__GitHub__delete_repository', { owner: 'me', repo: 'app' })).toBe('gh repo delete me/app --yes');
    // call_aws's cli_command is an AWS CLI line already, or a list of them.
    expect(line('mcp__aws-api__call_aws', { cli_command: 'aws s3 ls' })).toBe('aws s3 ls');
    expect(line('mcp__gcloud__run_gcloud_command', { args: ['sql', 'instances', 'delete', 'db 1'] })).toBe("gcloud sql instances delete 'db 1'");
    expect(line('mcp__neon__delete_project', { projectId: 'p-1' })).toBe('neonctl projects delete p-1');
    expect(line('mcp__neon__delete_branch', { projectId: 'p-1', branchId: 'br-2' })).toBe('neonctl branches delete br-2 --project-id p-1');
    expect(line('mcp__supabase__delete_branch', { branch_id: 'b-1' })).toBe('supabase branches delete b-1');
    expect(line('mcp__cloudflare-bindings__r2_bucket_delete', { name: 'assets' })).toBe('wrangler r2 bucket delete assets');
    expect(line('mcp__cloudflare-bindings__kv_namespace_delete', { namespace_id: 'ns1' })).toBe('wrangler kv namespace delete --namespace-id ns1');
    expect(line('mcp__cloudflare-bindings__d1_database_delete', { database_id: 'db1' })).toBe('wrangler d1 delete db1');
    // The managed AWS MCP Server's tools come through its gateway as aws___call_aws.
    expect(line('mcp__aws-mcp__aws___call_aws', { cli_command: 'aws s3 rb s3://prod' })).toBe('aws s3 rb s3://prod');
    expect(line('mcp__aws-api__call_aws', { cli_command: ['aws s3 ls', 'aws sts get-caller-identity'] })).toBe('aws s3 ls\naws sts get-caller-identity');
  });

  it('the words a tool may leave out, or send as null or false, add nothing to the line; each word it sends is placed', () => {
    // kubectl_generic's optional words, options and extra args, absent: the bare verb and kind.
    expect(line('mcp__k8s__kubectl_generic', { command: 'get', resourceType: 'pods' })).toBe('kubectl get pods');
    expect(line('mcp__k8s__kubectl_generic', { command: 'rollout', subCommand: 'restart', resourceType: 'deployment', name: 'web' })).toBe('kubectl rollout restart deployment web');
    // JSON sends an unset value as null: an option so sent is absent, as is a flag sent false or null.
    expect(line('mcp__k8s__kubectl_generic', { command: 'get', resourceType: 'pods', namespace: null, args: null, flags: { watch: null, wait: false } })).toBe('kubectl get pods');
    expect(line('mcp__k8s__kubectl_delete', { resourceType: 'pod', name: 'web', force: false, context: null })).toBe('kubectl delete pod web');
    expect(line('mcp__kubernetes__resources_delete', { kind: 'Pod', name: 'web', namespace: 'prod' })).toBe('kubectl delete Pod web -n prod');
    // Each Docker delete takes its force flag, and its name under every key a server spells it with.
    expect(line('mcp__docker__remove_container', { container_id: 'db', force: true })).toBe('docker rm -f db');
    expect(line('mcp__docker__remove_container', { container_id: null, id: 'db' })).toBe('docker rm db');
    expect(line('mcp__docker__remove_image', { id: 'sha256:ab', force: true })).toBe('docker rmi -f sha256:ab');
    expect(line('mcp__docker__remove_volume', { name: 'pgdata' })).toBe('docker volume rm pgdata');
  });

  it('a server is known by a word of its name, with its words as written or run together', () => {
    // `docker-mcp` is `docker_mcp` in words: `docker` is one of them, and `dockermcp` run together holds none.
    expect(line('mcp__docker-mcp__remove_volume', { volume_name: 'pgdata' })).toBe('docker volume rm pgdata');
    expect(line('mcp__my_k8s__resources_delete', { kind: 'Namespace', name: 'prod' })).toBe('kubectl delete Namespace prod');
    // (`GitHub` is `git_hub` in words, read run together as `github`: above.)
    expect(line('mcp__dockerhub__remove_volume', { volume_name: 'pgdata' })).toBe('');
  });

  it('a value the line cannot be built from is refused, naming the key: absent, empty, a number, a list where a word goes', () => {
    const bad = (tool: string, input: unknown) => lines.decide({ tool, input, cwd: CWD });
    expect(bad('mcp__k8s__kubectl_delete', { resourceType: 'namespace', name: 5 })).toEqual({ block: true, rule: GUARD_RULES.badInput, reason: 'mcp__k8s__kubectl_delete: `name` must be a string, found a number' });
    expect(bad('mcp__k8s__kubectl_delete', { name: 'prod' })?.reason).toBe('mcp__k8s__kubectl_delete: `resourceType` must be a string, found none');
    expect(bad('mcp__k8s__kubectl_delete', { resourceType: 'ns', name: 'prod', force: 'yes' })?.reason).toBe('mcp__k8s__kubectl_delete: `force` must be true or false, found a string');
    expect(bad('mcp__k8s__kubectl_generic', { command: 'delete', flags: { x: { a: 1 } } })?.reason).toBe('mcp__k8s__kubectl_generic: `flags.x` must be a string, a number or true, found an object');
    expect(bad('mcp__k8s__kubectl_generic', { command: 'delete', args: ['ns', 1] })?.reason).toBe('mcp__k8s__kubectl_generic: `args` must be a list of strings, found an array');
    expect(bad('mcp__docker__remove_volume', { volume_name: '' })?.reason).toBe('mcp__docker__remove_volume: `volume_name` must be a string, found an empty string');
    expect(bad('mcp__docker__remove_volume', {})?.reason).toBe('mcp__docker__remove_volume: `volume_name` must be a string, found none');
    expect(bad('mcp__docker__remove_network', { id: 7 })?.reason).toBe('mcp__docker__remove_network: `id` must be a string, found a number');
    expect(bad('mcp__mongodb__delete-many', { database: 'app', collection: 'users', filter: '{}' })?.reason).toBe('mcp__mongodb__delete-many: `filter` must be a record, found a string');
    expect(bad('mcp__mongodb__delete-many', { database: 'app', collection: 'users', filter: [] })?.rule).toBe(GUARD_RULES.badInput);
    expect(bad('mcp__github__delete_repository', { owner: 'me', repo: null })?.reason).toBe('mcp__github__delete_repository: `repo` must be a string, found none');
    // call_aws's line, or list of lines, holds something to run: not a blank line, an empty list or a list with a number in it.
    const noLine = (found: string) => `mcp__aws__call_aws: \`cli_command\` must be a command line or a list of them, found ${found}`;
    expect(bad('mcp__aws__call_aws', { cli_command: ['aws s3 ls', 3] })).toEqual({ block: true, rule: GUARD_RULES.badInput, reason: noLine('an array') });
    expect(bad('mcp__aws__call_aws', { cli_command: ' ' })?.reason).toBe(noLine('a string'));
    expect(bad('mcp__aws__call_aws', { cli_command: '' })?.reason).toBe(noLine('an empty string'));
    expect(bad('mcp__aws__call_aws', { cli_command: [] })?.reason).toBe(noLine('an array'));
    expect(bad('mcp__aws__call_aws', {})?.reason).toBe(noLine('none'));
    // kubectl_generic's flags are a record of options: a string or a list there is refused, not read letter by letter.
    expect(bad('mcp__k8s__kubectl_generic', { command: 'delete', flags: '--all' })?.reason).toBe('mcp__k8s__kubectl_generic: `flags` must be a record, found a string');
    expect(bad('mcp__k8s__kubectl_generic', { command: 'delete', flags: ['--all'] })?.reason).toBe('mcp__k8s__kubectl_generic: `flags` must be a record, found an array');
    // A flag sent as anything but true or false, and a word sent as null where it is needed.
    expect(bad('mcp__docker__remove_container', { container_id: 'db', force: 1 })?.reason).toBe('mcp__docker__remove_container: `force` must be true or false, found a number');
    expect(bad('mcp__gcloud__run_gcloud_command', { args: 'projects delete p' })?.reason).toBe('mcp__gcloud__run_gcloud_command: `args` must be a list of strings, found a string');
  });

  it('the same server’s other tools, and the same names on other servers, are not read as lines', () => {
    for (const [tool, input] of [
      ['mcp__kubernetes__kubectl_get', { resourceType: 'pods' }],
      ['mcp__mongodb__find', { database: 'app', collection: 'users', filter: {} }],
      ['mcp__mongodb__aggregate', { database: 'app', collection: 'users', pipeline: [] }],
      ['mcp__qdrant__delete_many', { collection: 'x' }],
      ['mcp__gitlab__delete_repository', { owner: 'me', repo: 'app' }],
      ['mcp__files__remove_volume', { volume_name: 'x' }],
      ['mcp__search__resources_delete', { kind: 'Namespace', name: 'prod' }],
    ] as const) {
      expect(line(tool, input), tool).toBe('');
    }
  });
});

describe('what a malformed path argument is, in the words the user reads', () => {
  const reason = (input: unknown) => guard.decide({ tool: 'mcp__x__read', input, cwd: CWD } as ToolCall);
  const malformed = (what: string) => ({ block: true, rule: GUARD_RULES.badInput, reason: `mcp__x__read: ${what}; path arguments must be strings` });
  it('names the key, and what it held', () => {
    expect(reason({ files: [[]] })).toEqual(malformed('files[0] holds a list inside a list, not a path'));
    expect(reason({ files: [{ path: [] }] })).toEqual(malformed('files[0] holds an object that names no path'));
    expect(reason({ paths: ['a', null] })).toEqual(malformed('paths[1] holds null, not a path'));
    expect(reason({ file_path: { a: 1 } })).toEqual(malformed('file_path holds an object, not a path'));
    expect(reason({ files: { size: 3 } })).toEqual(malformed('files holds an object that names no path'));
    expect(reason({ path: 5 })).toEqual(malformed('path holds number, not a path'));
    expect(reason({ paths: Array.from({ length: 3000 }, () => 'a') })).toEqual(malformed('paths[2046] is nested too deep or holds too many values'));
    let deep: Record<string, unknown> = { path: 'x' };
    for (let i = 0; i < 17; i++) deep = { a: deep };
    expect(reason(deep)).toEqual(malformed('a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.path is nested too deep or holds too many values'));
    // An empty list where a path goes is no path at all.
    expect(reason({ path: [] })).toBeUndefined();
  });
});

describe('a tool’s name, however its words are joined', () => {
  it('Write-File, write.file, "write file", WRITEFILE, a server with __ in its name, and padding all write', () => {
    for (const tool of ['mcp__srv__Write-File', 'mcp__srv__write.file', 'mcp__srv__write file', 'mcp__srv__WRITEFILE', 'mcp__a__b__writeFile', '  Write  ']) {
      expect(rule(tool, { path: '.envrc', file_path: '.envrc' }), tool).toBe(GUARD_RULES.persistenceWrite);
    }
    // Padding is no part of the name: the server's name (here `rm`, `copy`) still says nothing of what the tool does.
    expect(rule('  mcp__rm__read_file ', { path: '.envrc' })).toBeUndefined();
    expect(rule(' mcp__copy__write_file', { source: '.envrc', destination: 'b.txt' })).toBe(GUARD_RULES.persistenceWrite);
    // A padded Write is Write: with no path it is malformed, as Write is.
    expect(rule(' Write ', { content: 'x' })).toBe(GUARD_RULES.badInput);
  });
  it('a fetch, a clone or an extraction writes where it puts what it gets; a URL beside a path makes any tool one', () => {
    expect(rule('mcp__x__download_file', { url: 'https://example.com/y', path: '~/.bashrc' })).toBe(GUARD_RULES.writeOutsideRoots);
    expect(rule('mcp__x__get', { url: 'https://example.com/y', path: '.envrc' })).toBe(GUARD_RULES.persistenceWrite);
    expect(rule('mcp__x__get', { url: 'git@github.com:a/b', path: '.envrc' })).toBe(GUARD_RULES.persistenceWrite);
    expect(rule('mcp__x__get', { source: 'https://example.com/a', path: '.envrc' })).toBe(GUARD_RULES.persistenceWrite);
    // A file: URI, or one with no host, is no remote location: the tool reads.
    expect(rule('mcp__x__get', { url: 'file:///tmp/x', path: '.envrc' })).toBeUndefined();
    expect(rule('mcp__x__get', { url: 'https:///x', path: '.envrc' })).toBeUndefined();
    // A list of locations beside a path fetches into it as one does.
    expect(rule('mcp__x__get', { urls: ['https://example.com/a', 'https://example.com/b'], path: '.envrc' })).toBe(GUARD_RULES.persistenceWrite);
    expect(rule('mcp__x__get', { urls: ['file:///tmp/a'], path: '.envrc' })).toBeUndefined();
  });
});

describe('what a file tool’s input says, case by case, as its author would check it', () => {
  const bad = GUARD_RULES.badInput;
  it('a fetch beside a path writes it unless its location is a file: URI, of any host and any case', () => {
    expect(rule('mcp__x__get', { url: 'file://localhost/tmp/x', path: '.envrc' })).toBeUndefined();
    expect(rule('mcp__x__get', { url: 'FILE://localhost/tmp/x', path: '.envrc' })).toBeUndefined();
    // `file:` only where the scheme is: a web address holding it is remote.
    expect(rule('mcp__x__get', { url: 'https://example.com/file:x', path: '.envrc' })).toBe(GUARD_RULES.persistenceWrite);
  });
  it('an extraction named so writes its destination with no URL in sight, and reads its archive', () => {
    expect(rule('mcp__x__extract_archive', { archive: 'a.zip', destination: '~/.bashrc' })).toBe(GUARD_RULES.writeOutsideRoots);
    expect(rule('mcp__x__unzip', { archive: 'a.zip', destination: '.envrc' })).toBe(GUARD_RULES.persistenceWrite);
    expect(rule('mcp__x__unzip', { archive: '.envrc', destination: 'out' })).toBeUndefined();
  });
  it('a file mode given as a number is no action: the write is judged by its path', () => {
    expect(rule('mcp__fs__write_file', { path: 'src/a.ts', content: 'x', mode: 420 })).toBeUndefined();
    expect(rule('mcp__fs__write_file', { path: '.envrc', content: 'x', mode: 420 })).toBe(GUARD_RULES.persistenceWrite);
  });
  it('read_many_files reads its include as path globs: **/*.pem is a credential read, **/*.ts passes', () => {
    expect(rule('read_many_files', { include: ['**/*.pem'] })).toBe(GUARD_RULES.secretPath);
    expect(rule('read_many_files', { include: ['**/*.ts'] })).toBeUndefined();
  });
  it('a plural path key may hold a record of paths; a singular one (file_path) may not', () => {
    expect(rule('mcp__x__read', { paths: { source: 'README.md' } })).toBeUndefined();
    expect(rule('mcp__x__read', { paths: { source: '~/.ssh/id_rsa' } })).toBe(GUARD_RULES.secretPath);
    expect(rule('mcp__x__read', { file_path: { source: 'README.md' } })).toBe(bad);
  });
  it('a uri key holding a plain path reads it, a drive path included', () => {
    expect(rule('mcp__x__read', { uri: '/home/dev/.ssh/known:hosts' })).toBe(GUARD_RULES.secretPath);
    expect(rule('mcp__x__read', { uri: '/home/dev/notes/a:b' })).toBeUndefined();
    expect(guard.decide({ tool: 'mcp__x__read', input: { uri: 'C:\\Users\\dev\\.ssh\\id_rsa' }, cwd: 'C:\\Users\\dev\\project' } as ToolCall)?.rule).toBe(GUARD_RULES.secretPath);
  });
  it('a path 16 levels deep is read, one 17 levels deep is malformed (a list’s paths lie a level below its key)', () => {
    const deep = (n: number, leaf: Record<string, unknown>): Record<string, unknown> => (n === 0 ? leaf : { a: deep(n - 1, leaf) });
    expect(rule('mcp__srv__fetch', deep(16, { path: '~/.ssh/id_rsa' }))).toBe(GUARD_RULES.secretPath);
    expect(rule('mcp__srv__fetch', deep(16, { path: 'README.md' }))).toBeUndefined();
    expect(rule('mcp__srv__fetch', deep(15, { paths: ['~/.ssh/id_rsa'] }))).toBe(GUARD_RULES.secretPath);
    expect(rule('mcp__srv__fetch', deep(16, { paths: ['README.md'] }))).toBe(bad);
  });
  describe('Glob and find search their pattern beneath their path; the refusal names the path so joined', () => {
    const refused = (tool: string, key: string, shown: string) => ({
      block: true,
      rule: bad,
      reason: `${tool}: \`${key}\` ${JSON.stringify(shown)} is refused: it holds a NUL character, which no file name can`,
    });
    const decide = (tool: string, input: Record<string, unknown>) => guard.decide({ tool, input, cwd: CWD } as ToolCall);
    it('joined to the path, its trailing separators dropped; with no path, the pattern alone', () => {
      expect(decide('Glob', { pattern: 'a\u0000' })).toEqual(refused('glob', 'path+pattern', 'a\u0000'));
      expect(decide('Glob', { path: 'src//', pattern: 'a\u0000' })).toEqual(refused('glob', 'path+pattern', 'src/a\u0000'));
      expect(decide('Glob', { path: 'src\\', pattern: 'a\u0000' })).toEqual(refused('glob', 'path+pattern', 'src/a\u0000'));
      expect(decide('find', { path: 'src', pattern: 'a\u0000' })).toEqual(refused('find', 'path+pattern', 'src/a\u0000'));
      expect(decide('Glob', { path: 'src', pattern: 'lib/**/a\u0000' })).toEqual(refused('glob', 'path+pattern', 'src/lib/**/a\u0000'));
      expect(decide('mcp__fs__glob', { paths: ['a', 'b'], pattern: 'x\u0000' })).toEqual(refused('mcp__fs__glob', 'paths[0]+pattern', 'a/x\u0000'));
    });
    it('a pattern that is a path of its own (/, \\, ~, a drive) is not joined', () => {
      for (const pattern of ['/a\u0000', '\\a\u0000', '~/a\u0000', 'C:\\a\u0000']) expect(decide('Glob', { path: 'src', pattern })).toEqual(refused('glob', 'path+pattern', pattern));
    });
  });
});

describe('a tool named to delete, move or append changes a file it never read; one named to write replaces it', () => {
  const exists: GuardFs = () => ({ mtimeMs: 1, size: 1, isFile: true });
  const decide = (tool: string, input: Record<string, unknown>) => guardWith(exists).decide({ tool, input, cwd: CWD });
  it('delete_file, unlink, rm, remove_file, move_file, mv and rename_file of an existing file never read pass; write_file is refused', () => {
    for (const tool of ['mcp__fs__delete_file', 'mcp__fs__unlink', 'mcp__fs__rm', 'mcp__fs__remove_file']) expect(decide(tool, { path: 'src/a.ts' }), tool).toBeUndefined();
    expect(decide('mcp__fs__move_file', { source: 'src/a.ts', destination: 'src/b.ts' })).toBeUndefined();
    expect(decide('mcp__fs__mv', { from: 'src/a.ts', to: 'src/b.ts' })).toBeUndefined();
    expect(decide('mcp__fs__rename_file', { path: 'src/a.ts', new_path: 'src/b.ts' })).toBeUndefined();
    expect(decide('mcp__fs__write_file', { path: 'src/a.ts', content: 'x' })?.rule).toBe(GUARD_RULES.unreadWrite);
  });
  it('append_file is an edit of the file: no read needed first, as write_file needs one', () => {
    expect(decide('append_file', { path: 'src/a.ts', content: 'x' })).toBeUndefined();
    expect(decide('write_file', { path: 'src/a.ts', content: 'x' })?.rule).toBe(GUARD_RULES.unreadWrite);
  });
});

describe('records and lists that hold no path are walked for the paths inside them', () => {
  const reason = (input: unknown) => guard.decide({ tool: 'mcp__x__read', input, cwd: CWD } as ToolCall)?.reason;
  it('a bad path deep inside is named by where it sits', () => {
    expect(reason({ requests: [{ target: 5 }] })).toBe('mcp__x__read: requests[0].target holds number, not a path; path arguments must be strings');
    expect(reason({ args: { path: 5 } })).toBe('mcp__x__read: args.path holds number, not a path; path arguments must be strings');
  });
  it('a null beside the paths, or in a list of records, is nothing to read', () => {
    expect(rule('mcp__x__read', { requests: [null, { target: 'README.md' }] })).toBeUndefined();
    expect(rule('mcp__x__read', { requests: [null, { target: '~/.ssh/id_rsa' }] })).toBe(GUARD_RULES.secretPath);
    expect(rule('mcp__x__read', { path: 'README.md', meta: null })).toBeUndefined();
    expect(rule('mcp__x__read', { path: '~/.ssh/id_rsa', meta: null })).toBe(GUARD_RULES.secretPath);
  });
});

describe('a path is a name, a glob is a search, a search has its own path', () => {
  it('Read of ~/[old]/notes.txt reads that one file; read_many_files of it searches all of ~', () => {
    expect(rule('Read', { file_path: '~/[old]/notes.txt' })).toBeUndefined();
    expect(rule('read_many_files', { include: ['~/[old]/notes.txt'] })).toBe(GUARD_RULES.secretPath);
  });
  it('a search searches the path it is given, not the cwd, and its filter is checked beside it', () => {
    expect(guard.decide({ tool: 'Grep', input: { pattern: 'x', path: 'project/src' }, cwd: HOME })).toBeUndefined();
    expect(guard.decide({ tool: 'Grep', input: { pattern: 'x', path: '.' }, cwd: HOME })?.rule).toBe(GUARD_RULES.secretPath);
    expect(rule('Grep', { pattern: 'x', path: 'src', glob: '*.pem' })).toBe(GUARD_RULES.secretPath);
    expect(rule('Grep', { pattern: 'x', path: 'src', glob: '*.ts' })).toBeUndefined();
  });
  it('a tool named to edit that is asked to view reads: .env is a secret, .envrc passes', () => {
    expect(rule('mcp__fs__edit_file', { command: 'view', path: '.env' })).toBe(GUARD_RULES.secretPath);
    expect(rule('Edit', { command: 'view', file_path: '.env' })).toBe(GUARD_RULES.secretPath);
    expect(rule('Edit', { command: 'view', file_path: '.envrc' })).toBeUndefined();
  });
});

describe('what a tool’s input holds beside its paths', () => {
  it('what a search excludes is not read: excluding ~/.ssh passes, searching it does not', () => {
    expect(rule('mcp__srv__search_code', { path: 'src', exclude: { dirs: ['~/.ssh'] } })).toBeUndefined();
    expect(rule('mcp__srv__search_code', { path: 'src', scope: { dirs: ['~/.ssh'] } })).toBe(GUARD_RULES.secretPath);
  });
  it('a filter list’s items that are no string filter nothing; its strings are checked', () => {
    expect(rule('Grep', { pattern: 'x', glob: ['*.ts', 5] })).toBeUndefined();
    expect(rule('Grep', { pattern: 'x', glob: [5, '*.pem'] })).toBe(GUARD_RULES.secretPath);
  });
  it('a uri with a scheme other than file: names no local file, whatever follows the scheme', () => {
    expect(rule('mcp__x__read', { uri: 's3:/home/dev/.ssh/id_rsa' })).toBeUndefined();
    expect(rule('mcp__x__read', { uri: 'file:/home/dev/.ssh/id_rsa' })).toBe(GUARD_RULES.secretPath);
  });
  it('a call with no input at all names nothing: a reader passes, a named writer is malformed', () => {
    expect(guard.decide({ tool: 'mcp__x__list_things', cwd: CWD } as ToolCall)).toBeUndefined();
    expect(guard.decide({ tool: 'Write', cwd: CWD } as ToolCall)?.rule).toBe(GUARD_RULES.badInput);
  });
});

describe('an MCP tool under each agent’s spelling is placed as mcp__<server>__<tool>', async () => {
  const { placeMcpTool } = await import('../src/guard/tools.js');
  it('reads Gemini CLI’s, Cursor’s and Claude Code’s spellings as one, and leaves other names alone', () => {
    expect(placeMcpTool('mcp__desktop-commander__start_process')).toBe('mcp__desktop-commander__start_process');
    expect(placeMcpTool(' mcp_desktop-commander_start_process ')).toBe('mcp__desktop-commander__start_process');
    expect(placeMcpTool('kubernetes__kubectl_delete')).toBe('mcp__kubernetes__kubectl_delete');
    expect(placeMcpTool('MCP:start_process')).toBe('mcp____start_process');
    expect(placeMcpTool('MCP:github:delete_repository')).toBe('mcp__github__delete_repository');
    for (const own of ['run_shell_command', 'read_file', 'write_file', 'replace', 'glob', 'grep_search', 'search_file_content', 'web_fetch', 'shell', 'exec_command', 'apply_patch', 'Bash', 'str_replace_based_edit_tool', 'mcp_x', '__x', 'a__b__c']) {
      expect(placeMcpTool(own), own).toBe(own);
    }
  });
});
