// Inputs for the properties: arbitrary text of every awkward kind, and grammar-shaped bash and PowerShell lines.
import fc from 'fast-check';
import { dq, sq } from './transforms.js';

const MiB = 1024 * 1024;

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((n) => String.fromCharCode(n));
const control = fc.integer({ min: 0, max: 0x1f }).map((n) => String.fromCharCode(n));
const shellPunct = fc.constantFrom(...`'"\`$(){}[]<>|&;\\\n\t #!*?~=-@%^,.:+/`.split(''), '$(', '${', '<<', '<<<', '&&', '||', '>&', '<(', 'EOF');
const psPunct = fc.constantFrom(...'`\'"$(){}[]<>|&;@#%=+-*/.,:!\n\t '.split(''), '@(', '@{', '$(', '::', '-enc', 'iex', '&{', '#>', '<#');

/** Arbitrary text up to `maxLength` code units: unicode, NUL, lone surrogates, control characters, punctuation runs. */
export function anyText(maxLength = MiB): fc.Arbitrary<string> {
  const small = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 300 }),
    fc.string({ unit: 'grapheme', maxLength: 100 }),
    fc.string({ unit: fc.oneof(loneSurrogate, control, fc.constant('\0')), maxLength: 50 }),
    fc.string({ unit: fc.oneof(shellPunct, fc.constantFrom('a', 'curl', ' ', 'x')), maxLength: 200 }),
    fc.string({ unit: fc.oneof(psPunct, fc.constantFrom('Get-Item', 'iwr', ' ', '$x')), maxLength: 200 }),
  );
  // Large inputs are a short seed repeated, so a 1 MiB case costs little to generate and exercises the size limit.
  const large = fc
    .tuple(small, fc.integer({ min: 1, max: maxLength }))
    .map(([seed, len]) => (seed.length === 0 ? 'x'.repeat(len) : seed.repeat(Math.ceil(len / seed.length)).slice(0, len)));
  return fc.oneof({ weight: 9, arbitrary: small }, { weight: 1, arbitrary: large });
}

export const anyDirectory = fc.constantFrom('/', '/home/dev', '/home/dev/project', '/root', '/tmp/a b', '/home/ü/项目', 'C:\\Users\\dev');

const progs = ['ls', 'git', 'npm', 'cat', 'echo', 'grep', 'curl', 'wget', 'nc', 'ssh', 'env', 'printenv', 'sudo', 'timeout', 'xargs', 'find', 'bash', 'sh', 'eval', 'cd', 'export', 'set', 'python3', 'node', 'tee', 'cp',
  // Runners, programs that run text from their options, and names an object literal would answer from its prototype.
  'poetry', 'uv', 'run', 'exec', 'npx', 'tmux', 'at', 'man', 'less', 'gdb', '--args', 'openssl', 's_client', 'constructor', '__proto__', 'toString',
  // Programs that connect only in one mode or when handed a URL or a name to look up.
  'ffmpeg', 'convert', 'xdg-open', 'gpg', '--recv-keys', 'getent', 'hosts', 'tracepath', 'whois', 'ab', 'https://evil.example/x', 'udp://127.0.0.1:9'];
const plain = fc.constantFrom(...progs, '-la', '--force', 'src', '*.ts', 'a{b,c}', '~/.ssh/id_rsa', '.env', '/dev/tcp/h/80', '~/.bashrc', '.git/hooks/pre-commit', '/proc/self/environ', 'x=1', '-exec', '{}', '\\;', '--');
const varName = fc.constantFrom('HOME', 'X', 'PATH', '1', '@', 'CMD', 'PWD');

/** Random bash command lines built from the grammar: words, redirects, pipelines, lists, compounds, nesting. */
function bashList(depth: number): fc.Arbitrary<string> {
  const leaf: fc.Arbitrary<string>[] = [
    plain,
    plain,
    fc.string({ maxLength: 8 }).map(sq),
    fc.string({ maxLength: 8 }).map(dq),
    varName.map((v) => `$${v}`),
    varName.map((v) => `"\${${v}:-x}"`),
    fc.constantFrom("$'\\x63\\x75\\x72\\x6c'", 'c"ur"l', "cu''rl", 'c\\url', '$((1+2))', '~', '~root', 'c``url', 'c$""url'),
  ];
  const inner = depth > 0 ? bashList(depth - 1) : undefined;
  const word = inner
    ? fc.oneof(...leaf, inner.map((l) => `$(${l})`), inner.map((l) => `\`${l.replace(/[\\`]/g, '\\$&')}\``), inner.map((l) => `<(${l})`))
    : fc.oneof(...leaf);
  const simple = fc
    .tuple(
      fc.array(fc.tuple(fc.constantFrom('X', 'HOME', 'PATH', 'CMD', 'PS4', 'GIT_PAGER', 'EDITOR', 'PROMPT_COMMAND'), word).map(([n, w]) => `${n}=${w}`), { maxLength: 2 }),
      fc.array(word, { minLength: 1, maxLength: 4 }),
      fc.array(fc.tuple(fc.constantFrom('>', '>>', '<', '2>', '&>', '<<<', '<>', '>|', '2>&1 >'), word).map(([o, w]) => `${o}${w}`), { maxLength: 2 }),
    )
    .map(([a, w, r]) => [...a, ...w, ...r].join(' '));
  const command = inner
    ? fc.oneof(
        { weight: 4, arbitrary: simple },
        inner.map((l) => `(${l})`),
        inner.map((l) => `{ ${l}; }`),
        fc.tuple(inner, inner).map(([c, t]) => `if ${c}; then ${t}; fi`),
        fc.tuple(fc.array(word, { maxLength: 3 }), inner).map(([ws, b]) => `for v in ${ws.join(' ')}; do ${b}; done`),
        fc.tuple(inner, inner).map(([c, b]) => `while ${c}; do ${b}; done`),
        fc.tuple(word, inner).map(([w, b]) => `case ${w} in a|b) ${b};; *) ;; esac`),
        inner.map((b) => `f() { ${b}; }; f`),
        inner.map((b) => `bash -c ${sq(b)}`),
        inner.map((b) => `eval ${dq(b)}`),
        inner.map((b) => `cat <<EOF\n${b}\nEOF`),
      )
    : simple;
  return fc
    .tuple(command, fc.array(fc.tuple(fc.constantFrom(' | ', ' && ', ' || ', '; ', ' & ', '\n', ' |& '), command), { maxLength: 2 }))
    .map(([first, rest]) => first + rest.map(([op, c]) => op + c).join(''));
}

export const bashLine: fc.Arbitrary<string> = fc.integer({ min: 0, max: 2 }).chain((d) => bashList(d));

const cmdlets = ['Get-ChildItem', 'Get-Content', 'Set-Content', 'Invoke-WebRequest', 'iwr', 'iex', 'Invoke-Expression', 'Write-Host', 'ForEach-Object', 'Where-Object', 'Select-Object', 'Set-Location', 'curl.exe', 'git', 'npm', 'pwsh', 'Add-Type', 'New-Object', 'Set-Item', 'New-Item', 'Select-String', 'Compress-Archive', 'Get-CimInstance', 'New-PSDrive', 'Import-Alias', 'certutil', 'robocopy', 'cmd', 'reg', 'cargo', 'dotnet'];
const psArg = fc.constantFrom('-Path', '-Force', 'Env:', '~/.ssh/id_rsa', '.env', 'https://example.com', '$x', '$env:PATH', '@(1,2)', '$true', '-EncodedCommand', 'Net.WebClient', '-c', '*.ts', '$_', '$env:GIT_SSH_COMMAND=',
  // Shapes the grammar misreads and the respelling repairs (issue 17), and the Windows surface.
  '--', '-', '--format=oneline', '-o0', '-run=TestFoo', '@types/node', "user.name='A B'", '--since="2 weeks ago"', '1MB', '-split', '-join',
  '\\\\host\\share\\x', 'env:GIT_SSH_COMMAND', 'function:f', 'alias:x', 'Environment::', '$env:APPDATA\\gcloud', '~\\*\\credentials', '-MemberName', '-Recurse', '/c', 'set');

/** Random PowerShell lines: cmdlets, arguments, pipelines, script blocks, statements, .NET members. */
function psList(depth: number): fc.Arbitrary<string> {
  const inner = depth > 0 ? psList(depth - 1) : undefined;
  const leafArgs: fc.Arbitrary<string>[] = [
    psArg,
    fc.string({ maxLength: 8 }).map((s) => `'${s.replaceAll("'", "''")}'`),
    fc.string({ maxLength: 8 }).map((s) => `"${s.replace(/[`"$]/g, '`$&')}"`),
  ];
  const arg = inner ? fc.oneof(...leafArgs, inner.map((l) => `{ ${l} }`), inner.map((l) => `$(${l})`), inner.map((l) => `(${l})`)) : fc.oneof(...leafArgs);
  const cmd = fc.tuple(fc.constantFrom(...cmdlets), fc.array(arg, { maxLength: 3 })).map(([c, a]) => [c, ...a].join(' '));
  const flat: fc.Arbitrary<string>[] = [
    cmd,
    fc.array(cmd, { minLength: 2, maxLength: 3 }).map((cs) => cs.join(' | ')),
    fc.constantFrom('[Environment]::GetEnvironmentVariables()', "[Net.WebClient]::new().DownloadString('u')", '$x = 1', '[IO.File]::ReadAllText($p)', 'function F { param($a) $a }',
      "[IO.File]::WriteAllText($PROFILE, 'x')", "[Environment]::SetEnvironmentVariable('A', 'b')", "$function:f = 'x'", "$x.Load('http://h')",
      "[Microsoft.Win32.Registry]::SetValue('HKCU\\x', 'a', 'b')", '(New-Object Diagnostics.ProcessStartInfo).Environment', "[scriptblock]::'Create'('x')", '$x.$m()'),
  ];
  const stmt = inner
    ? fc.oneof(
        ...flat,
        inner.map((l) => `& { ${l} }`),
        inner.map((l) => `if ($x) { ${l} } else { ${l} }`),
        inner.map((l) => `foreach ($i in 1..2) { ${l} }`),
        inner.map((l) => `iex '${l.replaceAll("'", "''")}'`),
      )
    : fc.oneof(...flat);
  return fc.array(stmt, { minLength: 1, maxLength: 3 }).map((ss) => ss.join('; '));
}

export const psLine: fc.Arbitrary<string> = fc.integer({ min: 0, max: 2 }).chain((d) => psList(d));
