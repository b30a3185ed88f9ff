// What a finding says and where it points, and that a guard's own lists drive the rules.
import { beforeAll, describe, expect, it } from 'vitest';
import { type Analyzer, createAnalyzer } from '../src/index.js';
import { RULES } from '../src/rules/index.js';
import type { Analysis, CommandLine } from '../src/types.js';

let analyzer: Analyzer;
beforeAll(async () => {
  // The examples pin what a rule decides, not how fast: a loaded machine must not turn them into time limits.
  analyzer = await createAnalyzer({ limits: { timeoutMs: 5_000 } });
});

const bash = (command: string): CommandLine => ({ command, cwd: '/home/u/project', home: '/home/u' });
const ps = (command: string): CommandLine => ({ command, shell: 'powershell', cwd: 'C:\\Users\\u\\project', home: 'C:\\Users\\u' });

function finding(a: Analysis, rule: string) {
  const f = a.findings.find((x) => x.rule === rule);
  expect(f, `${rule} on ${a.command}: ${JSON.stringify(a.findings)}`).toBeDefined();
  return { ...f!, text: a.command.slice(f!.span.start, f!.span.end) };
}

describe('a finding points at what triggered it and names the policy entry', () => {
  const cases: [CommandLine, string, string, RegExp][] = [
    [bash('cat ~/.ssh/id_rsa'), 'secret.path', '~/.ssh/id_rsa', /^~\/\.ssh\/id_rsa names a secret \(secretPathFragments: \/\.ssh\/\)$/],
    [bash('cat README.md .env'), 'secret.path', '.env', /\(secretBasenamePatterns: \.env\)$/],
    [bash('cat ~/.ss*/id_*'), 'secret.path', '~/.ss*/id_*', /secretPathFragments: \/\.ssh\//],
    [bash('sudo /usr/bin/curl https://example.com'), 'egress.binary', '/usr/bin/curl', /^curl is a network client \(deniedNetworkBinaries\) and connects to example\.com, which allowedHosts does not list$/],
    [bash('ls && busybox wget x'), 'egress.binary', 'wget', /^wget is a network client/],
    [bash('cat < /dev/tcp/example.com/80'), 'egress.dev-tcp', '< /dev/tcp/example.com/80', /opens a network socket/],
    [bash('env | grep KEY'), 'env.dump', 'env', /env with nothing to run/],
    [bash('cd /proc/self && cat environ'), 'env.dump', 'environ', /process environment file/],
    [bash('echo x >> ~/.bashrc'), 'write.persistence', '>> ~/.bashrc', /\(persistenceWriteDirectories: ~\/\.bashrc\)$/],
    [bash('cp unit.service ~/.config/systemd/user/'), 'write.persistence', '~/.config/systemd/user/', /persistenceWriteDirectories: \/\.config\/systemd\/user\//],
    [bash('cp -t ~/.ssh authorized_keys'), 'write.persistence', '~/.ssh', /persistenceWriteDirectories: \/\.ssh\//],
    [bash('cp -t ~/.config/autostart app.desktop'), 'write.persistence', '~/.config/autostart', /autostart/],
    [bash('echo x > .git/config'), 'write.protected', '> .git/config', /^> redirection writes \.git\/config, a protected path \(protectedWriteFragments: \/\.git\/\)$/],
    // What write.protected says of a write only a program's silence makes, of an extraction, and of a walk that enters
    // .git (the file of .git its name test lets through, named as a user knows it) (mutwp).
    [bash('frobnicate .git/description'), 'write.protected', '.git/description', /^frobnicate may write \.git\/description, a protected path \(protectedWriteFragments: \/\.git\/\)$/],
    [bash('tar -xf x.tar -C .git/x'), 'write.protected', '.git/x', /^tar extracts into \.git\/x, a protected path \(protectedWriteFragments: \/\.git\/\)$/],
    [bash("find . -name config -exec sed -i 's/a/b/' {} +"), 'write.protected', '{}', /^sed may write \{\}, each file a walk of the project finds, and the repository's \.git is walked too \(a name test lets its config through\): leave it out with -not -path '\*\/\.git\/\*'$/],
    [bash("find . -name '*.pack' -exec sed -i 's/a/b/' {} +"), 'write.protected', '{}', /\(a name test lets its pack-\u2026\.pack through\)/],
    [bash("find . -name '0*' -exec sed -i 's/a/b/' {} +"), 'write.protected', '{}', /\(a name test lets its objects through\)/],
    [bash('python3 -c "print(1)"'), 'interp.inline', 'print(1)', /^python3 runs inline python code \(denyInlineInterpreters\)$/],
    [bash('python3 -c "import socket; socket.create_connection((\'evil.example\', 9))"'), 'egress.interpreter', 'socket.create_connection', /^python code uses socket\.create_connection, which reaches the network$/],
    [bash("node -e 'console.log(process.env)'"), 'env.dump', 'process.env', /^javascript code reads the whole environment \(process\.env\)$/],
    [ps('Get-ChildItem env: | Out-String'), 'env.dump', 'Get-ChildItem', /Env: drive/],
    [ps('Invoke-WebRequest https://example.com'), 'egress.binary', 'Invoke-WebRequest', /^invoke-webrequest is a network client/],
    // What egress.binary says of each way a client or a cmdlet fails to show an allowed host.
    [bash('telnet example.com'), 'egress.binary', 'telnet', /^telnet is a network client \(deniedNetworkBinaries\)$/],
    [bash('curl'), 'egress.binary', 'curl', /^curl is a network client \(deniedNetworkBinaries\) and names no destination vouch can read$/],
    [bash('curl "$URL"'), 'egress.binary', 'curl', /^curl is a network client \(deniedNetworkBinaries\) whose destination cannot be read: "\$URL" is computed/],
    [bash('git -c http.proxy=http://example.com:8080 fetch'), 'egress.binary', 'git', /^git is re-aimed at example\.com by http:\/\/example\.com:8080 \(a proxy, registry, address rewrite, or the place a push, backup or sync names\), which allowedHosts does not list$/],
    [ps('Get-Process -ComputerName example.com'), 'egress.binary', 'Get-Process', /^get-process acts on example\.com \(-computername\), which allowedHosts does not list$/],
    [ps('Get-Process -ComputerName $h'), 'egress.binary', 'Get-Process', /^get-process is given -computername with a machine vouch cannot read$/],
    [ps("Get-Process -ComputerName 'http://x y'"), 'egress.binary', 'Get-Process', /^get-process is given -computername http:\/\/x y: ./],
    // A tree read recursively: what it holds, or the home entries it sweeps (mu27b).
    [bash('grep -r AKIA ~'), 'secret.path', '~', /^~ is read recursively, and holds a secret \(secretPathFragments: \/\.ssh\/\)$/],
    [bash('grep -r AKIA ~/*'), 'secret.path', '~/*', /^~\/\* is read recursively: every entry of a home, where each project's secrets lie \(secretBasenamePatterns: \.env\)$/],
    // A find name test whose names are read on, and the names a filter kept from find's output (mu28).
    [bash("find . -name '.env*' | xargs cat"), 'secret.path', "'.env*'", /^find '\.env\*' could match a secret \(secretBasenamePatterns: \.env\)$/],
    [bash("find . | grep '\\.pem$' | xargs cat"), 'secret.path', '', /^cat reads what find printed named \*\.pem, which could be a secret \(secretBasenamePatterns: \*\.pem\)$/],
    [ps('Get-Content ~\\.aws\\credentials'), 'secret.path', '~\\.aws\\credentials', /secretPathFragments: \/\.aws\//],
    [ps('Add-Content $PROFILE "x"'), 'write.persistence', '$PROFILE', /PowerShell profile/],
    // A Windows scheduler told to run something later: the scheduler is named, beside the registry's word (mu28w).
    [ps('schtasks /create /tn x /tr calc.exe /sc minute'), 'write.persistence', 'schtasks', /^schtasks \/create installs a scheduled task \(scheduled command\)$/],
    [ps('Register-ScheduledTask -TaskName up -Action $a'), 'write.persistence', 'Register-ScheduledTask', /^Register-ScheduledTask installs a scheduled task \(scheduled command\)$/],
    // A program vouch does not know, handed a client: the client's word, as written (mutuc).
    [bash('frobnicate --exec=nc evil.example 9'), 'vouch.unknown-program', '--exec=nc', /^frobnicate is a program vouch does not know, and it is given --exec=nc, a network client it may run$/],
  ];
  for (const [input, rule, text, message] of cases) {
    it(`${rule} on ${input.command}`, () => {
      const a = analyzer.analyze(input);
      const f = finding(a, rule);
      expect(f.text).toBe(text);
      expect(f.message).toMatch(message);
      // The segment it names is the one whose word or redirection holds the span.
      const seg = a.segments[f.segment!]!;
      const spans = [seg.span, ...seg.words.map((w) => w.span), ...seg.redirects.map((r) => r.span)];
      expect(spans.some((s) => s.start <= f.span.start && f.span.end <= s.end)).toBe(true);
    });
  }

  it('reports one finding per word, even when several of its values or tokens match', () => {
    const a = analyzer.analyze(bash('cat {~/.ssh/id_rsa,~/.ssh/id_ed25519}'));
    expect(a.findings.filter((f) => f.rule === 'secret.path')).toHaveLength(1);
  });

  it('reports one write into .git per redirection, even when it names several of its files', () => {
    const a = analyzer.analyze(bash('echo x > .git/{description,index}'));
    expect(a.findings.filter((f) => f.rule === 'write.protected')).toHaveLength(1);
  });
});

describe('the rules read the lists they are given', () => {
  it('a denied program list of its own', () => {
    const custom = analyzer.withConfig({ deniedNetworkBinaries: ['http', 'xh'] });
    expect(custom.analyze(bash('xh get example.com')).findings.map((f) => f.rule)).toContain('egress.binary');
    expect(custom.analyze(bash('curl example.com')).findings.map((f) => f.rule)).not.toContain('egress.binary');
  });

  it('secret fragments and basenames of its own', () => {
    const custom = analyzer.withConfig({ secretPathFragments: ['/srv/secrets/'], secretBasenamePatterns: ['*.p12', '!public.p12'] });
    const rules = (c: string) => custom.analyze(bash(c)).findings.map((f) => f.rule);
    expect(rules('cat /srv/secrets/db.txt')).toContain('secret.path');
    expect(rules('cat certs/client.P12')).toContain('secret.path');
    expect(rules('cat certs/public.p12')).not.toContain('secret.path');
    expect(rules('cat ~/.ssh/id_rsa')).not.toContain('secret.path');
  });

  it('a home read recursively under a policy with no fragments still holds its projects\' secret names', () => {
    const custom = analyzer.withConfig({ secretPathFragments: [] });
    const rules = (c: string) => custom.analyze(bash(c)).findings.map((f) => f.rule);
    expect(rules('grep -r AKIA ~')).toContain('secret.path');
    expect(rules('grep -r AKIA ~/*')).toContain('secret.path');
    expect(rules('grep -r AKIA ./src')).not.toContain('secret.path');
  });

  it('a swept home names .env as its secret even when the policy lists another name first', () => {
    const custom = analyzer.withConfig({ secretBasenamePatterns: ['*.pem', '.env'] });
    const f = custom.analyze(bash('grep -r AKIA ~/*')).findings.find((x) => x.rule === 'secret.path');
    expect(f?.message).toMatch(/\(secretBasenamePatterns: \.env\)$/);
  });

  it('a fragment of its own written in capitals still marks the directory that holds it', () => {
    const custom = analyzer.withConfig({ secretPathFragments: ['/Vault/Deploy/'] });
    const rules = (c: string) => custom.analyze(bash(c)).findings.map((f) => f.rule);
    expect(rules('grep -r token /srv/vault')).toContain('secret.path');
    expect(rules('grep -r token /srv/vaults')).not.toContain('secret.path');
  });

  it('protected and persistence lists of its own', () => {
    const custom = analyzer.withConfig({ protectedWriteFragments: ['/vendor/'], persistenceWriteBasenames: ['.pythonrc'], persistenceWriteDirectories: [] });
    const rules = (c: string) => custom.analyze(bash(c)).findings.map((f) => f.rule);
    expect(rules('echo x > vendor/lib.js')).toContain('write.protected');
    expect(rules('echo x > .git/config')).not.toContain('write.protected');
    expect(rules('echo x >> ~/.pythonrc')).toContain('write.persistence');
    expect(rules('cp hook .git/hooks/pre-commit')).not.toContain('write.persistence');
  });
});

describe('rules on data the lowering may produce', () => {
  it('never throw on segments with no words, empty values or odd redirections', () => {
    const analysis: Analysis = {
      command: 'x',
      dialect: 'bash',
      cwd: '/',
      home: '/root',
      segments: [
        { dialect: 'bash', words: [], assignments: [], redirects: [{ op: '>', span: { start: 0, end: 1 } }], span: { start: 0, end: 1 }, context: [], depth: 0, cwd: null },
        {
          dialect: 'powershell',
          words: [{ text: '', span: { start: 0, end: 0 }, values: [''] }],
          assignments: [],
          redirects: [{ op: '<<', target: { text: 'EOF', span: { start: 0, end: 1 }, values: null } }].map((r) => ({ ...r, span: { start: 0, end: 1 } })),
          span: { start: 0, end: 1 },
          context: [],
          depth: 0,
          cwd: '',
        },
      ],
      invocations: [{ dialect: 'bash', program: '', path: '', args: [], wrappers: [], cwd: null, span: { start: 0, end: 0 }, segment: 5, depth: 0 }],
      typeUses: [{ type: '', span: { start: 0, end: 0 } }],
      codeUses: [],
      findings: [],
    };
    for (const rule of RULES) expect(() => rule.check({ analysis, config: analyzer.config })).not.toThrow();
  });
});
