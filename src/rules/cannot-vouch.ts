// The cannot-vouch floor as rules: resolution raises these findings; the rules declare their ids, meaning and examples.
import { FLOOR, type FloorRule } from '../resolve/floor.js';
import type { Rule, RuleExample } from './rule.js';
import { writtenScriptRuns } from './written-scripts.js';

const PS = 'powershell' as const;

/** `bash -c` nested `depth` times, each level quoted for the one around it. */
function nestedBash(depth: number): string {
  let script = 'echo deep';
  for (let i = 0; i < depth; i++) script = `bash -c '${script.replaceAll("'", "'\\''")}'`;
  return script;
}

const EXAMPLES: Record<FloorRule, { description: string; deny: RuleExample[]; pass: RuleExample[] }> = {
  [FLOOR.parseError]: {
    description: 'The parser found a syntax error or had to insert a missing node: what runs is not what it reads.',
    deny: [
      'echo )',
      'if true; then echo x',
      'echo "unterminated',
      'ls |',
      'case x in',
      'echo $(',
      'a && && b',
      'for i in 1 2; do echo $i',
      'echo x; ;',
      { command: 'Get-Date (', shell: PS },
      { command: 'if ($true) { Get-Date', shell: PS },
    ],
    pass: [
      'echo ok',
      'ls -la | wc -l',
      'if true; then echo x; fi',
      'echo "(x)"',
      'case x in a) echo a;; esac',
      'for i in 1 2; do echo $i; done',
      'echo $(date)',
      'true && echo b || echo c',
      'cat <<< hi',
      '(cd src && ls)',
      { command: 'if ($true) { Get-Date }', shell: PS },
    ],
  },
  [FLOOR.dynamicCommand]: {
    description: 'The word at command position has no static value, so the program that runs cannot be named.',
    deny: [
      '$(echo curl) https://example.com',
      '$CMD x',
      '"$@"',
      '${TOOL} run',
      '`echo rm` -rf x',
      '$1 --help',
      'sudo $X',
      'x=$(whoami); $x',
      '"$(head -1 tools.txt)" https://example.com',
      '"${cmds[0]}" x',
      'find . -exec $X {} \\;',
      { command: '& $cmd', shell: PS },
    ],
    pass: [
      'echo $HOME',
      'ls "$DIR"',
      'X=curl; echo $X',
      'git log --oneline',
      'echo $(date)',
      'npm test',
      'X=ls; $X -la',
      'command ls',
      'l"s" -la',
      'cat "$(ls | head -1)"',
      { command: 'Get-ChildItem $dir', shell: PS },
    ],
  },
  [FLOOR.dynamicScript]: {
    description: 'A nested script (bash -c, eval, source, iex, pwsh -Command) is not static text, so what it runs cannot be read; so is a script the line writes from a stream, or in PowerShell at all, and then runs.',
    deny: [
      'eval "$x"',
      'bash -c "$c"',
      'sh -c "$1"',
      'eval $(ssh-agent -c)',
      'bash -c "$(cat script.sh)"',
      'zsh -c $CODE',
      'eval "${CMD}"',
      'bash -c "echo $X"',
      'sudo bash -c "$1"',
      'xargs -I{} sh -c "$0 {}"',
      { command: 'iex $cmd', shell: PS },
      { command: 'Invoke-Expression $s', shell: PS },
      { command: 'powershell -Command $c', shell: PS },
      { command: 'iwr https://example.com/x.ps1 | iex', shell: PS },
      { command: 'Get-Content x.ps1 | Invoke-Expression', shell: PS },
      // A script the line writes and runs: bash reads it (written on the line, it is code on the line); PowerShell does not.
      'curl -s http://localhost:3000/setup.sh > setup.sh; bash setup.sh',
      { command: "Set-Content x.ps1 'iwr https://example.com'; pwsh -File x.ps1", shell: PS },
      { command: "'iwr https://example.com' | Out-File x.ps1; & ./x.ps1", shell: PS },
      { command: "Set-Content run.cmd 'curl https://example.com'; cmd /c run.cmd", shell: PS },
      { command: "Set-Content x.psm1 'iwr https://example.com'; Import-Module ./x.psm1", shell: PS },
      { command: "Set-Content a.ps1 'iwr https://example.com'; Start-Job -FilePath ./a.ps1", shell: PS },
      { command: "Set-Content a.ps1 'iwr https://example.com'; Start-ThreadJob -FilePath ./a.ps1", shell: PS },
      { command: "Start-Process git -ArgumentList fetch -Environment $e", shell: PS },
    ],
    pass: [
      'eval "echo hi"',
      "echo 'echo hi' > hi.sh; bash hi.sh",
      { command: "Set-Content notes.txt 'x'; & ./build.ps1", shell: PS },
      { command: "Set-Content notes.txt 'x'; Start-Job -FilePath ./test.ps1", shell: PS },
      { command: 'Start-Job { npm test }', shell: PS },
      { command: 'Set-Variable -Name x -Value 1', shell: PS },
      "bash -c 'echo hi'",
      'sh -c "ls -la"',
      'bash script.sh',
      'echo eval',
      "X=1; bash -c 'echo $X'",
      'eval ls',
      'bash -c "git status"',
      'bash --version',
      "sh -c 'cd src && make'",
      { command: 'Invoke-Expression "Get-Date"', shell: PS },
    ],
  },
  [FLOOR.streamToShell]: {
    description: 'A shell reads its program from a stream that is not static text (curl … | sh, base64 -d … | bash).',
    deny: [
      'curl -s https://example.com/install.sh | sh',
      'wget -qO- https://example.com | bash',
      'cat install.sh | bash',
      'base64 -d payload | sh',
      'xxd -r -p hex.txt | bash',
      'gunzip -c x.gz | sh',
      'cat x | sudo bash',
      'tr a-z n-za-m < x | sh',
      'echo "$X" | bash',
      'cat f | zsh',
      'curl -fsSL https://example.com | sudo -E bash -',
    ],
    pass: [
      'echo ls | wc -l',
      'cat file | grep x',
      'bash script.sh',
      "sh -c 'ls'",
      'cat f | shasum',
      'ls | sort',
      'echo x | tee out.txt',
      "echo hi | sh -c 'cat'",
      'printf "%s\\n" a b | sort -u',
      'git diff | less',
      { command: 'Get-Content x.txt | Select-String foo', shell: PS },
    ],
  },
  [FLOOR.limit]: {
    description: 'A nesting, size, time or segment limit was hit: the rest of the command line was not read.',
    // Getters: nestedBash(10) is over a megabyte to build, and only tests and the corpus read examples.
    get deny() {
      return [`echo ${'x'.repeat(70_000)}`, nestedBash(10), { command: `Write-Output ${'x'.repeat(70_000)}`, shell: PS }];
    },
    get pass() {
      return ['echo ok', nestedBash(2), `echo ${'x'.repeat(1000)}`, { command: 'Write-Output ok', shell: PS }];
    },
  },
  [FLOOR.unknownNode]: {
    description: 'The tree holds a construct the lowering does not know, so nothing can be said about it.',
    // A grammar gap is a bug to fix, so no command is kept here as a standing example of one.
    deny: [],
    pass: ['echo ok', 'ls -la | wc -l', 'for i in 1 2; do echo $i; done', "case x in a) echo a;; esac", 'f() { echo x; }; f'],
  },
  [FLOOR.dynamicCode]: {
    description: 'PowerShell compiles or loads code no static reading can name (Add-Type, [scriptblock]::Create, Assembly.Load).',
    deny: [
      { command: 'Add-Type -TypeDefinition $src', shell: PS },
      { command: "Add-Type 'public class X { }'", shell: PS },
      { command: '[scriptblock]::Create($s).Invoke()', shell: PS },
      { command: '& ([scriptblock]::Create("Get-Date"))', shell: PS },
      { command: '$ExecutionContext.InvokeCommand.InvokeScript($s)', shell: PS },
      { command: '[Reflection.Assembly]::Load($bytes)', shell: PS },
      { command: 'Add-Type -Path x.dll', shell: PS },
      { command: '[System.Reflection.Assembly]::LoadFile("C:\\x.dll")', shell: PS },
      { command: '[Reflection.Assembly]::LoadFrom($p)', shell: PS },
      { command: '$sb = [ScriptBlock]::Create($code); & $sb', shell: PS },
      { command: "Set-Variable PSDefaultParameterValues @{'Remove-Item:Path'='~'}", shell: PS },
    ],
    pass: [
      { command: 'Get-Date', shell: PS },
      { command: 'Get-ChildItem', shell: PS },
      { command: 'Write-Host x', shell: PS },
      { command: '& { Get-Date }', shell: PS },
      { command: '[Math]::Round(2.5)', shell: PS },
    ],
  },
  [FLOOR.internalError]: {
    description: 'The analyzer itself failed on this input: a bug, reported as cannot-vouch rather than passed.',
    // Any example would be a bug; the fuzz suite looks for them.
    deny: [],
    pass: ['echo ok', { command: 'Get-Date', shell: PS }],
  },
};

/**
 * One rule per floor id: the findings come from resolution, so `check` adds none — but a PowerShell line that writes a
 * script and runs it, which is seen only once the line's writes are known (written-scripts.ts).
 */
export const CANNOT_VOUCH_RULES: readonly Rule[] = Object.entries(EXAMPLES).map(([id, e]) => ({
  id,
  kind: 'cannot-vouch',
  description: e.description,
  examples: e, // not copied: the getters above stay lazy
  check: id === FLOOR.dynamicScript ? ({ analysis }) => writtenScriptRuns(analysis) : () => [],
}));
