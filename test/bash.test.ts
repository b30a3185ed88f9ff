// Bash lowering and resolution, table-driven: for each command line, every program that would start
// (with its cwd when it is not the starting one) and every cannot-vouch rule, exactly.
import { beforeAll, describe, expect, it } from 'vitest';
import { type Analysis, type Analyzer, createAnalyzer } from '../src/index.js';

let analyzer: Analyzer;
beforeAll(async () => {
  analyzer = await createAnalyzer();
});

const CWD = '/w';
const HOME = '/h';

function analyze(command: string): Analysis {
  return analyzer.analyze({ command, cwd: CWD, home: HOME });
}

/** `program` or `program@cwd` (cwd shown when it is not the starting one; `?` when unknown). */
function programs(a: Analysis): string[] {
  return a.invocations.map((i) => (i.cwd === CWD ? i.program : `${i.program}@${i.cwd ?? '?'}`));
}

function floors(a: Analysis): string[] {
  return a.findings.filter((f) => f.kind === 'cannot-vouch').map((f) => f.rule);
}

type Case = [command: string, programs: string[], floors?: string[]];

const DYN = 'vouch.dynamic-command';
const SCRIPT = 'vouch.dynamic-script';
const STREAM = 'vouch.stream-to-shell';
const PARSE = 'vouch.parse-error';

const TABLE: Record<string, Case[]> = {
  'lists, pipelines, compound commands': [
    ['ls -la', ['ls']],
    ['a; b', ['a', 'b']],
    ['a && b || c', ['a', 'b', 'c']],
    ['a & b', ['a', 'b']],
    ['a\nb\n\nc', ['a', 'b', 'c']],
    ['ls\n\\curl x', ['ls', 'curl']],
    ['ls -l # note\n\\wget x', ['ls', 'wget']],
    ['ls \\\n  -l', ['ls']],
    ['X=1\n\\curl x', ['curl']],
    ['export A\n\\curl x', ['export', 'curl']],
    ['cat <f\n\\curl x', ['cat', 'curl']],
    ['a | b | c', ['a', 'b', 'c']],
    ['a |& b', ['a', 'b']],
    ['(a; b)', ['a', 'b']],
    ['{ a; b; }', ['a', 'b']],
    ['if a; then b; elif c; then d; else e; fi', ['a', 'b', 'c', 'd', 'e']],
    ['while a; do b; done', ['a', 'b']],
    ['until a; do b; done', ['a', 'b']],
    // A loop over a few static words is walked once per word (each pass with its own value of i), as a function is
    // read at each call.
    ['for i in 1 2; do b; done', ['b', 'b']],
    ['for ((i=0; i<3; i++)); do b; done', ['b']],
    ['select x in a b; do c; done', ['c']],
    ['case $x in a) b;; *) c;; esac', ['b', 'c']],
    ['[[ -f x ]] && a', ['a']],
    ['[ -f x ] && a', ['a']],
    // The body is read where it is called, with that call's arguments; a function never called is read once, at the
    // end of the line, with arguments unknown (a child may still call it).
    ['f() { a; }; f', ['a']],
    ['f() { a; }; f; f', ['a', 'a']],
    ['function g { a; }', ['a']],
    ['! a', ['a']],
    ['time a -x', ['time', 'a']],
    ['a # b c', ['a']],
    ['while read l; do echo "$l"; done < f', ['read', 'echo']],
    ['{ a; b; } > out', ['a', 'b']],
    ['a && b > f', ['a', 'b']],
  ],
  substitutions: [
    ['echo $(a)', ['a', 'echo']],
    ['echo `a`', ['a', 'echo']],
    ["echo `$'\\\\x63url' x`", ['curl', 'echo']],
    ['echo `echo \\`curl x\\``', ['curl', 'echo', 'echo']],
    ['echo "`c\\\\url x`"', ['curl', 'echo']],
    ['echo `date` `curl x`', ['date', 'curl', 'echo']],
    ['cp `which a`/b `pwd`', ['which', 'pwd', 'cp']],
    ['echo "x $(a) y"', ['a', 'echo']],
    ['x=$(a)', ['a']],
    ['arr=(1 $(a) 2)', ['a']],
    ['echo ${x:-$(a)}', ['a', 'echo']],
    // Arithmetic evaluates what a prints, and a subscript in that (`a[$(…)]`) runs its substitutions.
    ['echo $((1 + $(a)))', ['a', 'echo'], [SCRIPT]],
    ['echo $((1 + $(nproc)))', ['nproc', 'echo']],
    ['diff <(a) <(b)', ['a', 'b', 'diff']],
    ['tee >(a) < f', ['a', 'tee']],
    ['cat > $(a)', ['a', 'cat']],
    ['cat <<EOF\n$(a) text\nEOF', ['a', 'cat']],
    ["cat <<'EOF'\n$(a) text\nEOF", ['cat']],
    ['[[ $(a) == x ]]', ['a']],
    ['declare -x X=$(a)', ['a', 'declare']],
    ['local y=$(a)', ['a', 'local']],
    ['echo $(echo $(a))', ['a', 'echo', 'echo']],
    ['for f in $(a); do b; done', ['a', 'b']],
    ['case $(a) in x) b;; esac', ['a', 'b']],
  ],
  'static words': [
    ['c"ur"l x', ['curl']],
    ["cu''rl x", ['curl']],
    ['c\\url x', ['curl']],
    ["$'\\x63url' x", ['curl']],
    ["$'\\143url' x", ['curl']],
    ["$'\\u0063url' x", ['curl']],
    ["$'\\U00000063url' x", ['curl']],
    ['"curl" x', ['curl']],
    ["'curl' x", ['curl']],
    ['c{u,}rl x', ['curl']],
    ['X=curl; $X x', ['curl']],
    ['X=curl; ${X} x', ['curl']],
    ['X=cu; Y=rl; $X$Y x', ['curl']],
    ['export X=curl; "$X" x', ['export', 'curl']],
    ['X="curl -s"; $X x', ['curl']],
    ['X=; $X ls', ['ls']],
    ['X=curl; unset X; $X ls', ['unset', 'ls']],
    ['/usr/bin/curl x', ['curl']],
    ['./node_modules/.bin/vitest run', ['vitest']],
    ['~/bin/tool', ['tool']],
    ['$HOME/bin/tool', ['tool']],
    ['${HOME}/bin/tool', ['tool']],
    ['cu\\\nrl x', ['curl']],
    ["'cu'\\rl x", ['curl']],
    ['"c"\\u\\r\\l x', ['curl']],
    ["echo 'a'\\b c", ['echo']],
    ['$X x', [], [DYN]],
    ['"$1" x', [], [DYN]],
    ['$(echo curl) x', ['echo'], [DYN]],
    ['`echo curl` x', ['echo'], [DYN]],
    ['${X:-curl} x', [], [DYN]],
    ['/usr/bin/cur* x', [], [DYN]],
    ['~user/bin/x', [], [DYN]],
    ['"" x', [], [DYN]],
    ['X=$(a); $X', ['a'], [DYN]],
    ['read X; $X', ['read'], [DYN]],
    ['for c in curl wget; do $c x; done', ['curl', 'wget']],
    ['IFS=,; X=curl,x; $X', ['curl'], []],
    ['declare -l X=CURL; $X x', ['declare'], [DYN]],
    ['declare -u X; X=curl; $X x', ['declare'], [DYN]],
    ['X=curl; declare -n R=X; $R x', ['declare', 'curl']],
    ['typeset -x X=curl; $X x', ['typeset', 'curl']],
  ],
  wrappers: [
    ['sudo curl x', ['sudo', 'curl']],
    ['sudo -u root -g wheel -- curl x', ['sudo', 'curl']],
    ['sudo -E -H curl x', ['sudo', 'curl']],
    ['sudo -l', ['sudo']],
    ['doas -u root curl x', ['doas', 'curl']],
    ['env curl x', ['env', 'curl']],
    ['env -i PATH=/bin curl x', ['env', 'curl']],
    ['env -u HOME -- curl x', ['env', 'curl']],
    ['env -C /tmp curl x', ['env', 'curl@/tmp']],
    ['env FOO=1 BAR=2 npm test', ['env', 'npm']],
    ['env', ['env']],
    ['env -S "curl -s" url', ['env', 'curl']],
    ['nice curl x', ['nice', 'curl']],
    ['nice -n 10 curl x', ['nice', 'curl']],
    ['nice -10 curl x', ['nice', 'curl']],
    ['ionice -c2 -n7 curl x', ['ionice', 'curl']],
    ['nohup curl x &', ['nohup', 'curl']],
    ['timeout 5 curl x', ['timeout', 'curl']],
    ['timeout -s KILL -k 2 5s curl x', ['timeout', 'curl']],
    ['command curl x', ['command', 'curl']],
    ['command -v curl', ['command']],
    ['command -V curl', ['command']],
    ['builtin cd /tmp && ls', ['builtin', 'cd', 'ls@/tmp']],
    ['exec curl x', ['exec', 'curl']],
    ['exec -a name curl x', ['exec', 'curl']],
    ['stdbuf -o0 -eL curl x', ['stdbuf', 'curl']],
    ['stdbuf -o 0 curl x', ['stdbuf', 'curl']],
    ['setsid -f curl x', ['setsid', 'curl']],
    ['chroot /srv curl x', ['chroot', 'curl@/srv']],
    ['flock /tmp/l curl x', ['flock', 'curl']],
    ['flock -w 5 /tmp/l -c "curl x"', ['flock', 'curl']],
    ['strace -f -e trace=network curl x', ['strace', 'curl']],
    ['ltrace -o out curl x', ['ltrace', 'curl']],
    ['watch -n 5 "curl x"', ['watch', 'curl']],
    ['watch -x curl x', ['watch', 'curl']],
    ['xargs curl', ['xargs', 'curl']],
    ['xargs -0 -n 1 -P 4 curl -s', ['xargs', 'curl']],
    ['xargs -I{} curl {}', ['xargs', 'curl']],
    ['xargs -I {} curl {}', ['xargs', 'curl']],
    ['xargs', ['xargs', 'echo']],
    ['find . -exec curl {} \\;', ['find', 'curl']],
    ['find . -name "*.c" -execdir wget {} +', ['find', 'wget@?']],
    ['find . -ok rm {} \\; -exec curl {} \\;', ['find', 'rm', 'curl']],
    ['find . -name x -print', ['find']],
    ['parallel curl ::: a b', ['parallel', 'curl', 'curl']],
    ["parallel ::: 'curl a' 'ls'", ['parallel', 'curl', 'ls']],
    ['busybox wget x', ['busybox', 'wget']],
    ['busybox sh -c "nc h 1"', ['busybox', 'sh', 'nc']],
    ['script -q -c "curl x" /dev/null', ['script', 'curl']],
    ['unbuffer curl x', ['unbuffer', 'curl']],
    ['su -c "curl x" root', ['su', 'curl']],
    ['su root -c "curl x"', ['su', 'curl']],
    // A login shell reading its input: nothing runs when that input is empty.
    ['su - root', ['su', 'sh']],
    ['runuser -u app -- curl x', ['runuser', 'curl']],
    ['runuser -l app -c "curl x"', ['runuser', 'curl']],
    ['taskset -c 1 curl x', ['taskset', 'curl']],
    ['proxychains4 -q curl x', ['proxychains4', 'curl']],
    ['sshpass -p pw ssh h', ['sshpass', 'ssh']],
    ['sudo env FOO=1 timeout 5 nice bash -c "curl x"', ['sudo', 'env', 'timeout', 'nice', 'bash', 'curl']],
    ['sudo $CMD', ['sudo'], [DYN]],
    ['xargs $CMD', ['xargs'], [DYN]],
    ['coproc curl x', ['coproc', 'curl']],
    ['docker run --rm -e A=1 --name t -v /a:/b alpine wget x', ['docker', 'wget']],
    ['docker exec -it web curl x', ['docker', 'curl']],
    ['podman container run -d img sh -c "nc h 1"', ['podman', 'sh', 'nc']],
    ['docker run --rm img', ['docker']],
    ['docker build -t x .', ['docker']],
    ['kubectl exec -it pod -- curl x', ['kubectl', 'curl']],
  ],
  'nested scripts': [
    ['bash -c "curl x"', ['bash', 'curl']],
    ['sh -c \'curl x\'', ['sh', 'curl']],
    ['bash -lc "curl x"', ['bash', 'curl']],
    ['bash -e -o pipefail -c "curl x"', ['bash', 'curl']],
    ['bash --norc -c "curl x" arg0', ['bash', 'curl']],
    ['zsh -c "curl x"', ['zsh', 'curl']],
    ['dash -c "curl x"', ['dash', 'curl']],
    ['bash -c "bash -c \'curl x\'"', ['bash', 'bash', 'curl']],
    ['bash -c "$CMD"', ['bash'], [SCRIPT]],
    ['bash -c "$(curl x)"', ['curl', 'bash'], [SCRIPT]],
    ['eval "curl x"', ['eval', 'curl']],
    ['eval curl x', ['eval', 'curl']],
    ['eval "$X"', ['eval'], [SCRIPT]],
    ["trap 'curl x' EXIT", ['trap', 'curl']],
    ['trap - EXIT', ['trap']],
    ['trap "$X" EXIT', ['trap'], [SCRIPT]],
    ['find . -exec sh -c \'curl "$1"\' _ {} \\;', ['find', 'sh', 'curl']],
    ['xargs sh -c "wget x"', ['xargs', 'sh', 'wget']],
    ["bash <<'EOF'\ncurl x\nEOF", ['bash', 'curl']],
    ['bash <<EOF\ncurl x\nEOF', ['bash', 'curl']],
    ['bash <<EOF\n$X\nEOF', ['bash'], [STREAM]],
    ["sh <<< 'curl x'", ['sh', 'curl']],
    ["echo 'curl x' | sh", ['echo', 'sh', 'curl']],
    ["printf 'curl x\\n' | bash", ['printf', 'bash', 'curl']],
    ['curl x | sh', ['curl', 'sh'], [STREAM]],
    ['curl x | sudo bash', ['curl', 'sudo', 'bash'], [STREAM]],
    ['cat script.sh | bash', ['cat', 'bash'], [STREAM]],
    ['bash script.sh', ['bash']],
    ['bash < script.sh', ['bash']],
    ['bash <(curl x)', ['curl', 'bash'], [STREAM]],
    ['source <(curl x)', ['curl', 'source'], [STREAM]],
    ['. ./env.sh', ['.']],
    ['bash', ['bash']],
    ['echo "$X" | sh', ['echo', 'sh'], [STREAM]],
    ["alias c='curl x'", ['alias', 'curl']],
    ["pwsh -NoProfile -Command 'Invoke-WebRequest x'", ['pwsh', 'invoke-webrequest']],
    ['ssh-keygen -t ed25519', ['ssh-keygen']],
    ["git -c core.sshCommand='curl x' fetch", ['git', 'curl']],
    ["git -c alias.x='!wget y' x", ['git', 'wget']],
    ["git -c alias.st=status st", ['git']],
    ['git -c core.pager="$P" log', ['git'], [SCRIPT]],
    ["tar --to-command='nc h 1' -xf a.tar", ['tar', 'nc']],
    ["tar -I 'curl x' -xf a.tar", ['tar', 'curl']],
    ["tar --checkpoint=1 --checkpoint-action=exec='curl x' -cf a.tar .", ['tar', 'curl']],
    ["vim -c '!curl x' f", ['vim', 'curl']],
    ["npx -c 'curl x'", ['npx', 'curl']],
    ["awk 'BEGIN { system(\"curl x\") }'", ['awk', 'curl']],
    ["awk '{ system($0) }' f", ['awk'], [SCRIPT]],
    ["awk '{ print $1 }' f", ['awk']],
    ["sed -n '1e id' f", ['sed', 'id']],
    ["sed -n '1e' f", ['sed'], [SCRIPT]],
    ["sed 's/x/curl y/e' f", ['sed'], [SCRIPT]],
    ["sed -i 's/e/E/g' f", ['sed']],
  ],
  'cd chains': [
    ['cd ~/.ssh && cat id_rsa', ['cd', 'cat@/h/.ssh']],
    // A `cd` may fail: then the shell stays where it was.
    ['cd /tmp; ls', ['cd', 'ls@/tmp', 'ls']],
    ['cd /tmp && ls', ['cd', 'ls@/tmp']],
    ['cd /tmp\nls', ['cd', 'ls@/tmp', 'ls']],
    ['cd sub && ls', ['cd', 'ls@/w/sub']],
    ['cd .. && ls', ['cd', 'ls@/']],
    ['cd && ls', ['cd', 'ls@/h']],
    ['cd ~ && ls', ['cd', 'ls@/h']],
    ['cd /a; cd /b; cd -; ls', ['cd', 'cd@/a', 'cd', 'cd@/b', 'cd@/a', 'cd', 'ls@?']],
    ['cd /a && cd /b && cd - && ls', ['cd', 'cd@/a', 'cd@/b', 'ls@/a']],
    ['(cd /tmp; ls); ls', ['cd', 'ls@/tmp', 'ls', 'ls']],
    ['cd /tmp | ls; ls', ['cd', 'ls', 'ls']],
    ['echo $(cd /tmp; ls) && ls', ['cd', 'ls@/tmp', 'ls', 'echo', 'ls']],
    ['cd "$D" && ls', ['cd', 'ls@?']],
    ['pushd /tmp && ls && popd && ls', ['pushd', 'ls@/tmp', 'popd@/tmp', 'ls']],
    ['if x; then cd /a; fi; ls', ['x', 'cd', 'ls@/a', 'ls']],
    ['if x; then cd /a; else cd /a; fi; ls', ['x', 'cd', 'cd', 'ls@/a', 'ls']],
    ['if x; then cd /a && ls; fi', ['x', 'cd', 'ls@/a']],
    ['cd /proc/self && cat environ', ['cd', 'cat@/proc/self']],
    ['cd /tmp && bash -c "ls"', ['cd', 'bash@/tmp', 'ls@/tmp']],
    ['cd /a && { cd b; ls; }; ls', ['cd', 'cd@/a', 'ls@/a/b', 'ls@/a', 'ls@/a/b', 'ls@/a', 'ls']],
  ],
  'grammar gaps and the floor': [
    ['exec 3<>/dev/tcp/h/80', ['exec'], [PARSE]],
    ['coproc NAME { curl x; }', ['coproc', 'curl'], []],
    ['x y <f a b', ['x']],
    ['echo )', ['echo'], [PARSE]],
    ['echo $(ls', ['ls', 'echo'], [PARSE]],
    ['cat >f <<<"s"', ['cat'], [PARSE]],
    ['if true; then', ['true'], [PARSE]],
    ['hash -p /usr/bin/curl ls; ls', ['hash', 'curl']],
    ['hash -p "$P" ls; ls', ['hash'], [DYN, DYN]],
  ],
};

const count = Object.values(TABLE).reduce((n, cases) => n + cases.length, 0);

/**
 * The words (with A=/a B=b C=c set) vouch reads otherwise than bash expands them, in each place a word stands: a value
 * other than the expansion (backticks of `echo X` giving X), or a program other than the line's own. `unknownOk`: a
 * word whose value vouch may leave unknown.
 */
function misreadWords(words: readonly string[], unknownOk: (w: string) => boolean): string[] {
  const vars: Record<string, string> = { A: '/a', B: 'b', C: 'c' };
  const expand = (w: string) => w.replace(/"/g, '').replace(/`echo ([^`]*)`/g, '$1').replace(/\$\{?([A-Z])\}?/g, (_m, n: string) => vars[n]!);
  const contexts: [string, (w: string) => string][] = [
    ['argument', (w) => `cat ${w}`],
    ['destination', (w) => `echo x > ${w}; cat /dev/null`],
    ['assignment', (w) => `X=${w}; cat "$X"`],
    ['for', (w) => `for f in ${w}; do cat "$f"; done`],
    ['array', (w) => `a=(${w}); cat "\${a[0]}"`],
    ['export', (w) => `export X=${w}; cat "$X"`],
  ];
  const wrong: string[] = [];
  for (const w of words) {
    for (const [where, make] of contexts) {
      const command = `A=/a B=b C=c; ${make(w)}`;
      const a = analyze(command);
      const got = where === 'destination' ? a.segments.at(-2)?.redirects[0]?.target?.values : a.invocations.at(-1)?.args.at(-1)?.values;
      const right = JSON.stringify(got) === JSON.stringify([expand(w)]) || (got === null && unknownOk(w));
      if (programs(a).some((p) => !['cat', 'echo', 'export'].includes(p)) || !right) wrong.push(`${where}: ${command} -> ${programs(a).join(' ')} ${JSON.stringify(got)}`);
    }
  }
  return wrong;
}

describe(`bash resolution (${count} cases)`, () => {
  for (const [group, cases] of Object.entries(TABLE)) {
    describe(group, () => {
      for (const [command, progs, floorRules = []] of cases) {
        it(JSON.stringify(command), () => {
          const a = analyze(command);
          expect({ programs: programs(a), floors: floors(a) }).toEqual({ programs: progs, floors: floorRules });
        });
      }
    });
  }

  it('has at least 150 cases', () => {
    expect(count).toBeGreaterThanOrEqual(150);
  });
});

describe('words, arguments and redirections', () => {
  it('floors brace expansion at command position, a grammar gap ({cu,rl} x)', () => {
    expect(floors(analyze('{cu,rl} x'))).toEqual([PARSE]);
  });

  it('treats the operand of export as an argument and sets the variable', () => {
    const a = analyze('export X=curl; "$X" x');
    expect(a.invocations.map((i) => [i.program, i.args.map((w) => w.values?.[0])])).toEqual([
      ['export', ['X=curl']],
      ['curl', ['x']],
    ]);
  });

  it('keeps static argument values after quotes, escapes and expansion', () => {
    const a = analyze('cp "$HOME/a b" ~/c{1,2} \'$x\' --opt=~/d');
    const cp = a.invocations[0]!;
    expect(cp.args.map((w) => w.values)).toEqual([['/h/a b'], ['/h/c1', '/h/c2'], ['$x'], ['--opt=~/d']]);
  });

  it("joins words the grammar splits where bash sees one: 'a'\\b is ab", () => {
    expect(analyze("echo 'a'\\b c").invocations[0]!.args.map((w) => w.values)).toEqual([['ab'], ['c']]);
  });

  it('gives up on brace expansion past 64 groups in a word, and reports it', () => {
    const w = analyze(`echo ${'{a,b}'.repeat(100)}`).invocations[0]!.args[0]!;
    expect(w.values).toBeNull();
    expect(w.dynamic).toMatch(/more than 64 brace groups/);
    expect(analyze(`echo ${'{a,b}'.repeat(3)}`).invocations[0]!.args[0]!.values).toHaveLength(8);
  });

  it('expands braces before variables, as bash does: a bare name runs on into an alternative', () => {
    const args = (c: string) => analyze(c).invocations.at(-1)!.args.map((w) => w.values);
    // `$X{rl,}` is `$Xrl $X`; `${X}{rl,}` is `${X}rl ${X}`.
    expect(analyze('X=ls; Xrl=curl; $X{rl,} evil.example').invocations.at(-1)!.program).toBe('curl');
    expect(args('X=ls; Xrl=curl; echo $X{rl,} ${X}{rl,}')).toEqual([['curl'], ['ls'], ['lsrl', 'ls']]);
    expect(args('X=ls; echo $X{rl,}')).toEqual([null, ['ls']]);
    // `$F{,.bak}`: no name runs on.
    expect(args('F=a.txt; cp $F{,.bak}')).toEqual([['a.txt', 'a.txt.bak']]);
    // A `$` set before a name by the expansion makes an expansion: computed.
    expect(args('echo {x,$}HOME')[0]).toBeNull();
    // A group holds only the word's own text: `{$N..3}` is no sequence.
    expect(args('N=1; echo {$N..3}')).toEqual([['{1..3}']]);
  });

  it('makes no word of an unquoted empty alternative, and keeps braces in a value or a here-string', () => {
    const a = analyze('echo {,x} {"",y} {,}');
    expect(a.invocations[0]!.args.map((w) => w.values)).toEqual([['x'], ['', 'y']]);
    expect(analyze('env {,curl} evil.example').invocations.map((i) => i.program)).toEqual(['env', 'curl']);
    expect(analyze('X={a,b}; echo "$X"').invocations[0]!.args[0]!.values).toEqual(['{a,b}']);
    expect(analyze('cat <<< {a,b}').segments[0]!.redirects[0]!.body!.values).toEqual(['{a,b}']);
  });

  it('reads a tilde bash leaves as text as text', () => {
    const args = (c: string) => analyze(c).invocations[0]!.args.map((w) => w.values);
    expect(args('E=; echo $E~/t ""~ ~"" ~+"" ~/t {~,x}/t')).toEqual([['~/t'], ['~'], ['~'], ['~+'], ['/h/t'], ['/h/t', 'x/t']]);
  });

  it('expands the tilde after = and : in assignment values', () => {
    const a = analyze('P=~/bin:~/x ls');
    expect(a.segments[0]!.assignments[0]!.value.values).toEqual(['/h/bin:/h/x']);
  });

  it('keeps glob patterns with a flag', () => {
    const a = analyze('cat ~/.ss*/id_* "*.txt"');
    const [g, q] = a.invocations[0]!.args;
    expect(g).toMatchObject({ values: ['/h/.ss*/id_*'], glob: true });
    expect(q!.glob).toBeUndefined();
  });

  it('hands a glob on as its pattern where bash globs the word, and as text where it does not', () => {
    const inner = (line: string) => analyze(line).invocations.at(-1)!.args.at(-1)!;
    // A child shell's $0, and what echo and printf print of a glob, read back: any name the pattern matches.
    for (const line of [`sh -c 'cat "$0"' ~/.bashr[c]`, 'echo ~/.bashr[c] | while read f; do cat "$f"; done', `printf '%s\\n' ~/.bashr[c] | while read -r f; do cat "$f"; done`]) {
      expect(inner(line), line).toMatchObject({ values: ['/h/.bashr[c]'], glob: true });
    }
    // A here-string is not globbed: the text `.bashr[c]`. (A scalar's value is not either, but one a glob gave, `x=$f`
    // in `for f in *`, holds a name it matched: an assigned pattern is read as one, which only over-approximates.)
    const w = inner('read -r f <<< ~/.bashr[c]; cat "$f"');
    expect(w.glob).toBeUndefined();
    expect(w.values).toContain('/h/.bashr[c]');
  });

  it('marks words with a reason when they are dynamic', () => {
    const a = analyze('cat /proc/$PID/environ');
    expect(a.invocations[0]!.args[0]).toMatchObject({ values: null, text: '/proc/$PID/environ' });
    expect(a.invocations[0]!.args[0]!.dynamic).toMatch(/\$PID/);
  });

  it('reads numeric parameters as a number, so scripts that use them are still followed', () => {
    // The trap's text runs at exit, after cat.
    const a = analyze('trap "rm -f tmp.$$; curl x" EXIT; cat /proc/$$/environ');
    expect(programs(a)).toEqual(['trap', 'cat', 'rm', 'curl']);
    expect(a.invocations.find((i) => i.program === 'cat')!.args[0]!.values).toEqual(['/proc/0/environ']);
  });

  it('records redirections with operator, fd, target and heredoc body', () => {
    const a = analyze('cmd <<<"s" 2>>log >&2 <in &>all');
    expect(a.segments[0]!.redirects.map((r) => [r.op, r.fd, r.target?.values?.[0] ?? r.body?.values?.[0]])).toEqual([
      ['<<<', undefined, 's'],
      ['>>', 2, 'log'],
      ['>&', undefined, '2'],
      ['<', undefined, 'in'],
      ['&>', undefined, 'all'],
    ]);
  });

  it('gives a heredoc body its expanded text', () => {
    const a = analyze('cat <<EOF\n$HOME/x\nEOF');
    expect(a.segments[0]!.redirects[0]!.body!.values).toEqual(['/h/x\n']);
  });

  it('hangs a redirection after a list on its last command', () => {
    const a = analyze('a && b > f');
    expect(a.segments.map((s) => s.redirects.length)).toEqual([0, 1]);
  });

  it('puts words swallowed by a redirection back as arguments (tree-sitter-bash #233)', () => {
    const a = analyze('x y <f a b');
    expect(a.invocations[0]!.args.map((w) => w.values?.[0])).toEqual(['y', 'a', 'b']);
    expect(a.segments[0]!.redirects[0]!.target!.values).toEqual(['f']);
  });

  it('reads `$A/$D/y` as bash does, one word with both names expanded, where the grammar splits it at the second `$`', () => {
    // tree-sitter-bash reads `$A/$` and `D/y`: two arguments, two destinations, or an assignment and a command `D/y`.
    const cases: [string, string[], string[]][] = [
      ['D=sub; cat $HOME/$D/y', ['cat'], ['/h/sub/y']],
      ['D=sub; cat $HOME/b$D.y', ['cat'], ['/h/bsub.y']],
      ['D=sub; cat "$HOME"/$D/$D/y', ['cat'], ['/h/sub/sub/y']],
      ['set -- sub; cat $HOME/$1/y', ['set', 'cat'], ['/h/sub/y']],
      ['D=sub; X=$HOME/$D/y; cat $X', ['cat'], ['/h/sub/y']],
      ['D=sub; for f in $HOME/$D/y; do cat $f; done', ['cat'], ['/h/sub/y']],
    ];
    for (const [command, progs, values] of cases) {
      const a = analyze(command);
      expect(programs(a), command).toEqual(progs);
      const cat = a.invocations.at(-1)!;
      expect(cat.args.map((w) => w.values?.[0]), command).toEqual(values);
    }
    const command = 'D=sub; echo x > $HOME/$D/y; curl x';
    const a = analyze(command);
    expect(a.segments[1]!.redirects[0]!.target!.values).toEqual(['/h/sub/y']);
    // Spans are the text as written, though the grammar read `${D}`.
    const target = a.segments[1]!.redirects[0]!.target!;
    expect(command.slice(target.span.start, target.span.end)).toBe('$HOME/$D/y');
    const curl = a.invocations.find((i) => i.program === 'curl')!;
    expect(command.slice(curl.span.start, curl.span.end)).toBe('curl');
  });

  it('reads every word of names and separators as bash does, in each place a word stands', () => {
    // The class of the split above, searched: each word, in each context, must come out as bash expands it.
    const heads = ['$A', '${A}', '"$A"', 'x$A'];
    const seps = ['/', '.', '-', ':', '@', '+', ',', '=', '%', '/b'];
    const tails = ['', '/y', '.y', '$C/z', '$C.z', '${C}y'];
    const words = heads.flatMap((h) => seps.flatMap((sep) => tails.map((t) => `${h}${sep}$B${t}`)));
    expect(misreadWords(words, () => false)).toEqual([]);
  });

  it('reads words led by a backtick substitution, a glob class or a brace expansion, and backticks after an expansion, as one word', () => {
    // tree-sitter-bash ends such a word at a bare `$` (`[a]/$` and `B/y`) or before the backticks (`$A/` and `` `b`/y ``).
    const words: string[] = [];
    for (const sep of ['/', '.', '-', '', '/x']) {
      for (const t of ['', '/y', '$C/z', '`echo y`']) {
        words.push(`\`echo /d\`${sep}$B${t}`, `[a]${sep}$B${t}`, `~[${sep}$B${t}`, `$A${sep}\`echo b\`${t}`, `\${A}${sep}\`echo b\`${t}`, `"$A"${sep}\`echo b\`${t}`);
      }
    }
    // A glob may match files: a value unknown there is the cautious reading, never a wrong one. Two backtick
    // substitutions side by side are one to the grammar, whose output vouch then leaves unknown.
    expect(misreadWords(words, (w) => w.includes('[') || w.includes('``'))).toEqual([]);
    // A brace expansion's words, each with the name expanded.
    expect(analyze('B=b; cat {x,/a}/$B/y').invocations.at(-1)!.args.map((w) => w.values)).toEqual([['x/b/y', '/a/b/y']]);
  });

  it('keeps the blanks before an expansion in double quotes, which the grammar puts in the expansion’s node', () => {
    const vars = 'A=a B=b; ';
    for (const ws of [' ', '  ', '\t', ' \t ']) {
      for (const [e, v] of [['$B', 'b'], ['${B}', 'b'], ['${B:-x}', 'b'], ['$1', null], ['$$', '0']] as const) {
        for (const [w, want] of [[`"$A${ws}${e}"`, `a${ws}${v}`], [`"${ws}${e}"`, `${ws}${v}`], [`"x${ws}${e}${ws}"`, `x${ws}${v}${ws}`]]) {
          const a = analyze(`${vars}printf %s ${w}`);
          expect(a.invocations.at(-1)!.args.at(-1)!.values, w).toEqual(v === null ? null : [want]);
        }
      }
    }
  });

  it('reads the words the grammar leaves out of a command: a lone `$` and an escaped blank', () => {
    for (const [command, progs, args] of [
      ['env -u $ curl x', ['env', 'curl'], ['-u', '$', 'curl', 'x']],
      ['env -u \\  curl x', ['env', 'curl'], ['-u', ' ', 'curl', 'x']],
      ['grep -nH $ f', ['grep'], ['-nH', '$', 'f']],
      ['env \\ curl x', ['env', ' curl'], [' curl', 'x']],
      // Before a translated string the grammar drops a lone `-` too.
      ['printf %s - $"b" y', ['printf'], ['%s', '-', 'b', 'y']],
    ] as const) {
      const a = analyze(command);
      expect(programs(a), command).toEqual(progs);
      expect(a.invocations[0]!.args.map((w) => w.values?.[0]), command).toEqual(args);
    }
  });

  it('maps spans of nested scripts onto the top-level text', () => {
    const command = `bash -c 'ls; curl x'`;
    const a = analyze(command);
    const curl = a.invocations.find((i) => i.program === 'curl')!;
    expect(command.slice(curl.span.start, curl.span.end)).toBe('curl');
    expect(curl.depth).toBe(1);
  });

  it('maps cannot-vouch spans inside nested scripts onto the top-level text', () => {
    for (const command of [`x | bash -c 'ls; $CMD a'`, `cd /tmp && eval 'echo; $CMD a'`, `sh -c 'sudo $CMD a'`]) {
      const a = analyze(command);
      const f = a.findings.find((x) => x.rule === DYN)!;
      expect(command.slice(f.span.start, f.span.end), command).toBe('$CMD');
    }
  });

  it('records the wrapper chain through nested scripts', () => {
    const a = analyze('sudo bash -c "timeout 5 curl x"');
    expect(a.invocations.map((i) => [i.program, i.wrappers.join(' ')])).toEqual([
      ['sudo', ''],
      ['bash', 'sudo'],
      ['timeout', 'sudo bash'],
      ['curl', 'sudo bash timeout'],
    ]);
  });

  it('records the context path of each segment', () => {
    const a = analyze('a | (b && echo $(c))');
    const ctx = Object.fromEntries(a.invocations.map((i) => [i.program, a.segments[i.segment]!.context.join(' › ')]));
    expect(ctx).toEqual({ a: 'pipeline[0]', b: 'pipeline[1] › subshell › list', c: 'pipeline[1] › subshell › list › substitution', echo: 'pipeline[1] › subshell › list' });
  });

  it('floors nesting past the depth limit', async () => {
    const shallow = await createAnalyzer({ dialects: ['bash'], limits: { maxDepth: 2 } });
    const a = shallow.analyze({ command: `eval "eval 'eval \\"eval ls\\"'"`, cwd: CWD, home: HOME });
    expect(floors(a)).toContain('vouch.limit');
  });

  it('floors nesting deeper than the lowering limit instead of overflowing the stack', () => {
    const a = analyze(`echo ${'$('.repeat(1000)}ls${')'.repeat(1000)}`);
    expect(floors(a)).toContain('vouch.limit');
    expect(floors(a)).not.toContain('vouch.internal-error');
  });

  it('floors a command line with more segments than the limit', async () => {
    const small = await createAnalyzer({ dialects: ['bash'], limits: { maxSegments: 10 } });
    const a = small.analyze({ command: Array.from({ length: 20 }, () => 'ls').join('; '), cwd: CWD, home: HOME });
    expect(floors(a)).toEqual(['vouch.limit']);
  });

  it('returns plain data with no undefined fields (what a guard logs is what it saw)', () => {
    for (const command of ["cat <<'EOF'\nx\nEOF", 'bash script.sh', 'echo x | sh', 'ls *.txt']) {
      const a = analyze(command);
      expect(JSON.parse(JSON.stringify(a)), command).toStrictEqual(a);
    }
  });

  it('is deterministic and leaves no state between calls', () => {
    const first = analyze('X=curl; cd /tmp; $X a');
    analyze('cd /elsewhere; X=wget');
    expect(analyze('X=curl; cd /tmp; $X a')).toEqual(first);
    expect(programs(analyze('$X a'))).toEqual([]);
  });
});
