// Metamorphic: what an attacker wraps around a denied corpus case keeps it denied; what a developer wraps
// around a benign one keeps it passing.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Analyzer, createAnalyzer } from '../src/index.js';
import { type CorpusCase, loadCorpus, verdictOf } from './corpus.js';
import { lookup } from '../src/programs/index.js';
import { checkProperty, runs, SEED } from './scale.js';
import { applyAll, BENIGN_ENVELOPES, MEMBER_FORMS, memberReadAs, memberReads, CODE_DELIVERY, composition, ENVELOPES, DOT_NAME_GLOBS, DOT_NAME_QUOTINGS, hasDotName, hasInlineCode, hasTildePath, hasToken, HOME_SPELLINGS, homeSpelt, PS_BENIGN, PS_HOME_SPELLINGS, PS_QUOTED_HOME_SPELLINGS, psHomeQuoted, psHomeSpelt, PS_TRANSFORMS, SPELLINGS, shortNames, STATE_FORMS, type Transform, trailingDots, upperDotNames } from './transforms.js';

let analyzer: Analyzer;
const corpus = loadCorpus().filter((c) => c.gap === undefined && c.command.length < 2_000);

// Only cases the analyzer gets right are a baseline: a case it already gets wrong is the corpus runner's to report.
/** Denied only for a syntax error: an envelope can make that text valid (`echo )` inside `"$(… \n)"`). */
function deniedForSyntaxOnly(c: CorpusCase): boolean {
  return c.verdict === 'deny' && c.rules.length > 0 && c.rules.every((r) => r === 'vouch.parse-error');
}

function baseline(shell: CorpusCase['shell'], verdict: 'deny' | 'pass'): CorpusCase[] {
  // Cases near the size limits (a line that runs the parser's C stack over) are left to the corpus runner:
  // rewritten, they only hit the same limit, and each hit reloads the parser. So are syntax errors, which
  // a rewrite may heal: the relation is about what runs, and such a line runs nothing.
  return corpus.filter(
    (c) => c.shell === shell && c.verdict === verdict && c.command.length < 4_000 && !deniedForSyntaxOnly(c) && verdictOf(analyzer.analyze(c)) === verdict,
  );
}

beforeAll(async () => {
  analyzer = await createAnalyzer();
});

function describeRun(c: CorpusCase, ts: Transform[], command: string): string {
  return `${c.id} under [${ts.map((t) => t.name).join(' ∘ ')}]:\n${command}`;
}

function transformed(c: CorpusCase, ts: Transform[]): string {
  return applyAll(c.command, ts);
}

describe('metamorphic: denied stays denied', () => {
  it('bash: wrappers, nesting, neighbours, quoting and spelling tricks, composed', async () => {
    // A line denied for what the agent's own positional parameters may hold (`$1 --help`) means another thing in the
    // new shell an envelope starts (`bash -c '$1 --help'` has none): its meaning is not kept, so it is not fuzzed.
    const denied = baseline('bash', 'deny').filter((c) => !/\$(?:[1-9@*#]|\{[1-9@*#])/.test(c.command));
    expect(denied.length, 'denied bash corpus cases the analyzer gets right').toBeGreaterThan(50);
    const spelt = denied.filter((c) => hasToken(c.command));
    // Spelling tricks go where a disguisable name is; envelopes go anywhere; a composition mixes both.
    const arb = fc.oneof(
      fc.tuple(fc.constantFrom(...denied), composition([...ENVELOPES, ...STATE_FORMS], 3)),
      // A spelling is applied before any envelope: inside an envelope's quotes it would not mean the same.
      fc.tuple(
        fc.constantFrom(...spelt),
        composition([...SPELLINGS, ...ENVELOPES], 3).map((ts) => [...ts.filter((t) => SPELLINGS.includes(t)), ...ts.filter((t) => !SPELLINGS.includes(t))]),
      ),
      fc.tuple(fc.constantFrom(...spelt), fc.tuple(fc.constantFrom(...SPELLINGS), fc.constantFrom(...ENVELOPES)).map(([s, e]) => [s, e])),
    );
    await checkProperty(
      'metamorphic/bash-deny',
      arb,
      ([c, ts]) => {
        // A line denied for what an alias it makes expands to relies on the agent's own shell expanding aliases (Claude
        // Code's snapshot turns expand_aliases on); the new shell an envelope starts does not: its meaning is not kept.
        if (/\balias\s|BASH_ALIASES/.test(c.command) && !/expand_aliases/.test(c.command) && ts.some((t) => ENVELOPES.includes(t))) return;
        const command = transformed(c, ts);
        const a = analyzer.analyze({ ...c, command });
        expect(verdictOf(a), describeRun(c, ts, command)).toBe('deny');
      },
      runs(2_500, 70_000),
    );
  });

  // Not sampled: every spelling alone over every denied line that names a disguisable program (a spelling added
  // meets every such line at once, where the composed property above may not draw it for thousands of runs).
  let spelt: CorpusCase[] | undefined;
  it.each(SPELLINGS.map((t) => [t.name, t] as const))('bash, each denied line with %s alone', (_name, t) => {
    spelt ??= baseline('bash', 'deny').filter((c) => hasToken(c.command));
    expect(spelt.length, 'denied cases naming a disguisable program').toBeGreaterThan(500);
    const failures = spelt.flatMap((c) => {
      const command = t.apply(c.command);
      return command === c.command || verdictOf(analyzer.analyze({ ...c, command })) === 'deny' ? [] : [`${c.id}: ${c.command}\n  as ${command}`];
    });
    expect(failures.slice(0, 15), `${failures.length} of ${spelt.length} pass`).toEqual([]);
  });

  it('interpreter code: through a heredoc, a pipe, a here-string, after a comment, and then any envelope', async () => {
    const denied = baseline('bash', 'deny').filter((c) => hasInlineCode(c.command));
    expect(denied.length, 'denied bash corpus cases giving an interpreter its code inline').toBeGreaterThan(20);
    await checkProperty(
      'metamorphic/interpreter-deny',
      fc.tuple(fc.constantFrom(...denied), fc.constantFrom(...CODE_DELIVERY), fc.array(fc.constantFrom(...ENVELOPES), { maxLength: 1 })).map(([c, d, es]): [CorpusCase, Transform[]] => [c, [d, ...es]]),
      ([c, ts]) => {
        const command = transformed(c, ts);
        expect(verdictOf(analyzer.analyze({ ...c, command })), describeRun(c, ts, command)).toBe('deny');
      },
      runs(300, 10_000),
    );
  });

  it('powershell: case, backticks, call operator, iex, -EncodedCommand, script blocks, composed', async () => {
    const denied = baseline('powershell', 'deny');
    expect(denied.length, 'denied PowerShell corpus cases the analyzer gets right').toBeGreaterThan(20);
    await checkProperty(
      'metamorphic/powershell-deny',
      fc.tuple(fc.constantFrom(...denied), composition(PS_TRANSFORMS, 3)),
      ([c, ts]) => {
        const command = transformed(c, ts);
        const a = analyzer.analyze({ ...c, command });
        expect(verdictOf(a), describeRun(c, ts, command)).toBe('deny');
      },
      runs(1_000, 20_000),
    );
  });
});

/**
 * Denied lines whose member read vouch follows only as member access, not through the pipeline: an item's path handed
 * to a .NET method (`[IO.File]::ReadAllText(($f | % FullName))`, `[IO.File]::Delete(($_ | % FullName))`), and
 * $ExecutionContext's provider intrinsics, and a stage's block reading `$_.M` read through a pipeline inside the block
 * (`% { $_ | % Source }`). Each is a pass under some pipeline form today. (A path property a cmdlet is
 * given, `.Source`, `.Value` of Variable:\PROFILE, `.HistorySavePath`, and a registry value read by name are read
 * through the pipeline as `(…).M` is: values.ts pipedMember.)
 */
const PIPELINE_MEMBER_GAPS = new Set(['cannot-vouch-147', 'destructive-450', 'secret-519', 'write-1203']);
/**
 * Members whose read vouch judges more closely as member access than through the pipeline, where a passing line is
 * denied: a StartInfo's environment only indexed (`.EnvironmentVariables['X']`), Get-Command's `.Source` run by `&`,
 * a script block's Invoke (through `% Invoke` it could be any object's).
 */
const PIPELINE_MEMBER_COARSER = /^(?:environmentvariables|source|invoke)$/i;

describe('metamorphic: a member read through the pipeline', () => {
  // Not sampled: every PowerShell case reading `(X).M`, `(X).M()` or `$v.M`, rewritten into each of its pipeline forms
  // (`X | Select-Object -ExpandProperty M`, `X | % M`, `X | ForEach-Object -MemberName M`, prefixes, case), with a
  // method called only by ForEach-Object's.
  const rewrites = (verdict: 'deny' | 'pass') =>
    baseline('powershell', verdict).flatMap((c) =>
      memberReads(c.command).flatMap((read) => MEMBER_FORMS.filter((f) => f.calls || !read.call).map((form) => ({ c, read, form, command: memberReadAs(c.command, read, form) }))),
    );

  it('a denied line stays denied', () => {
    const all = rewrites('deny').filter((r) => !PIPELINE_MEMBER_GAPS.has(r.c.id));
    expect(all.length, 'denied PowerShell cases reading a member, by form').toBeGreaterThan(100);
    const failures = all.filter((r) => verdictOf(analyzer.analyze({ ...r.c, command: r.command })) !== 'deny').map((r) => describeRun(r.c, [{ name: r.form.name, apply: () => r.command }], r.command));
    expect(failures).toEqual([]);
  });

  it('a benign line stays passing', () => {
    const all = rewrites('pass').filter((r) => !PIPELINE_MEMBER_COARSER.test(r.read.member));
    expect(all.length, 'benign PowerShell cases reading a member, by form').toBeGreaterThan(100);
    const failures = all.filter((r) => verdictOf(analyzer.analyze({ ...r.c, command: r.command })) !== 'pass').map((r) => describeRun(r.c, [{ name: r.form.name, apply: () => r.command }], r.command));
    expect(failures).toEqual([]);
  });
});

/** Denied lines whose dot name is a piece the line joins into a name (see the test below). */
const ASSEMBLED = new Set(['write-133', 'write-275', 'write-494', 'write-495', 'write-500', 'write-655', 'write-658']);

describe('metamorphic: a path under another spelling of its name', () => {
  // Not sampled: every denied case that names a dot name, each dot name respelt as the disk opens it still: the 8.3
  // short name Windows gives it (`~/SSH~1/id_rsa`, `ENV~1.LOC`; PowerShell, cmd.exe and Git Bash open the same file),
  // in capitals (macOS and Windows ignore case), and in PowerShell with a trailing dot (Win32 drops it).
  const spellings = [
    ['bash', '8.3 short names', shortNames],
    ['powershell', '8.3 short names', shortNames],
    ['bash', 'capitals', upperDotNames],
    ['powershell', 'capitals', upperDotNames],
    ['powershell', 'a trailing dot', trailingDots],
  ] as const;
  it.each([...spellings, ...[...DOT_NAME_QUOTINGS, ...DOT_NAME_GLOBS].map((q) => ['bash', q.name, q.spell] as const)])('%s, %s: denied stays denied', (shell, _name, spell) => {
    // Not a line that cuts a suffix off a name (`${1%.bak}`: the short name has none to cut), nor one that builds a name
    // from a piece or trims one (`"/home/dev/.bash" "rc"`, `~/.bash` with gzip's `-S rc`, `".bashrcX".TrimEnd('X')`):
    // a piece respelt spells no whole name, and a trim of `x` leaves an `X`.
    const denied = baseline(shell, 'deny').filter((c) => hasDotName(c.command) && !/\$\{[^}]*[%#]/.test(c.command) && !ASSEMBLED.has(c.id));
    expect(denied.length, 'denied cases naming a dot name').toBeGreaterThan(shell === 'bash' ? 300 : 20);
    const failures = denied.flatMap((c) => {
      const command = spell(c.command);
      return verdictOf(analyzer.analyze({ ...c, command })) === 'deny' ? [] : [`${c.id}: ${c.command}\n  as ${command}`];
    });
    expect(failures.slice(0, 15), `${failures.length} of ${denied.length} pass`).toEqual([]);
  });
});

describe('metamorphic: the home under another spelling', () => {
  // Not sampled: every denied bash case with an unquoted `~/…`, the home spelt as bash may spell it (`$HOME`, the home
  // written out, `~/./`, `$HOME/x/..`, a substitution that prints it).
  it.each(HOME_SPELLINGS.map((s) => [s.name, s] as const))('%s: denied stays denied', (name, { spell }) => {
    // Not a line that sets HOME itself (`export HOME=/etc && rm -rf ~/…`), where `~` is not the home written out. Nor,
    // under a substitution that prints the home, a name computed below it (`"$(echo ~)"/.b$n`): a word holding a
    // substitution and an unknown is read as any path, and `.b$n` in any directory is no start-up file (a gap: a home
    // a substitution prints is not yet carried into such a word).
    const printed = name.includes('$(');
    const denied = baseline('bash', 'deny').filter((c) => hasTildePath(c.command) && !/\bHOME\+?=/.test(c.command) && !(printed && /~\/[^\s;&|]*\$/.test(c.command)));
    expect(denied.length, 'denied bash cases with a ~/ path').toBeGreaterThan(200);
    const failures = denied.flatMap((c) => {
      const command = homeSpelt(c.command, c.home ?? '/home/dev', spell);
      return command === c.command || verdictOf(analyzer.analyze({ ...c, command })) === 'deny' ? [] : [`${c.id}: ${c.command}\n  as ${command}`];
    });
    expect(failures.slice(0, 15), `${failures.length} of ${denied.length} pass`).toEqual([]);
  });
});

describe('metamorphic: the PowerShell home under another spelling', () => {
  // Not sampled: every denied PowerShell case whose path starts with the home's `~`, the home spelt as PowerShell 7
  // may spell it where it names the same file: on Windows `$env:USERPROFILE`, HOMEDRIVE and HOMEPATH; on Linux (a home
  // of /home/dev) `$env:HOME`, where USERPROFILE is unset. Bare, an argument `~\…` outside quotes, here-strings and
  // comments; quoted, that argument or a string `'~/…'` a provider resolves, as one double-quoted string, where a
  // subexpression may print the home (a bare argument that starts with `$(…)` is split after it).
  const cases = (spellings: typeof PS_HOME_SPELLINGS, respell: typeof psHomeSpelt) =>
    it.each(spellings.map((s) => [s.name, s] as const))('%s: denied stays denied', (_name, { spell, windows, linux, cwd }) => {
      // Not a line that sets the home itself (`$env:USERPROFILE = 'C:\tmp'`), nor, under a spelling read from the
      // working directory (`$PWD\..`), one that moves or runs outside the project.
      const moves = cwd === true;
      const home = (c: CorpusCase) => c.home ?? 'C:\\Users\\dev';
      const denied = baseline('powershell', 'deny').filter((c) => {
        if (home(c).startsWith('/') ? !linux : !windows) return false;
        if (/\b(?:HOME|USERPROFILE|HOMEDRIVE|HOMEPATH)\b['"]?\s*=|env:(?:HOME|USERPROFILE|HOMEDRIVE|HOMEPATH)/i.test(c.command)) return false;
        if (moves && (c.cwd.replace(/[\\/][^\\/]+$/, '') !== home(c) || /\b(?:cd|chdir|sl|Set-Location|Push-Location|pushd)\b/i.test(c.command))) return false;
        return respell(c.command, home(c), spell) !== c.command;
      });
      expect(denied.length, 'denied PowerShell cases with a ~\\ path').toBeGreaterThan(0);
      const failures = denied.flatMap((c) => {
        const command = respell(c.command, home(c), spell);
        return verdictOf(analyzer.analyze({ ...c, command })) === 'deny' ? [] : [`${c.id}: ${c.command}\n  as ${command}`];
      });
      expect(failures.slice(0, 40), `${failures.length} of ${denied.length} pass`).toEqual([]);
    });
  describe('bare', () => cases(PS_HOME_SPELLINGS, psHomeSpelt));
  describe('in a double-quoted string', () => cases(PS_QUOTED_HOME_SPELLINGS, psHomeQuoted));
});

describe('metamorphic: benign stays passing', () => {
  it('bash: cd src &&, env prefix, timeout 60, nice, and the shell-state forms', async () => {
    // Not a find that prints secret-like names to the terminal (`find . -name '.env*'`): nested text's output is taken
    // as possibly captured (an over-approximation of secret.path's findGlobs), so inside `. /dev/stdin <<<` it is refused.
    const benign = baseline('bash', 'pass').filter((c) => !/\bfind\b[^|;&]*-i?(?:name|path)\s+['"]?[^'"\s]*(?:env|id_|pem|key|credential)/i.test(c.command));
    expect(benign.length).toBeGreaterThan(100);
    await checkProperty(
      'metamorphic/bash-benign',
      fc.tuple(fc.constantFrom(...benign), composition([...BENIGN_ENVELOPES, ...STATE_FORMS], 2)),
      ([c, ts]) => {
        const command = transformed(c, ts);
        expect(verdictOf(analyzer.analyze({ ...c, command })), describeRun(c, ts, command)).toBe('pass');
      },
      runs(1_000, 7_000),
    );
  });

  it('interpreter code: through a heredoc, a pipe, a here-string, after a comment', async () => {
    const benign = baseline('bash', 'pass').filter((c) => hasInlineCode(c.command));
    expect(benign.length, 'passing bash corpus cases giving an interpreter its code inline').toBeGreaterThan(10);
    // printf's output is not one of its words, so vouch cannot tell the code it prints from names a reader may open:
    // a path-like string in code printed by printf still denies (fail closed; `echo '…' |` is read as code).
    const deliveries = CODE_DELIVERY.filter((d) => !d.name.startsWith('printf'));
    await checkProperty(
      'metamorphic/interpreter-benign',
      fc.tuple(fc.constantFrom(...benign), fc.constantFrom(...deliveries)),
      ([c, d]) => {
        const command = transformed(c, [d]);
        expect(verdictOf(analyzer.analyze({ ...c, command })), describeRun(c, [d], command)).toBe('pass');
      },
      runs(200, 5_000),
    );
  });

  it('powershell: Set-Location, script block, $env: prefix', async () => {
    const benign = baseline('powershell', 'pass');
    expect(benign.length).toBeGreaterThan(20);
    await checkProperty(
      'metamorphic/powershell-benign',
      fc.tuple(fc.constantFrom(...benign), composition(PS_BENIGN, 2)),
      ([c, ts]) => {
        const command = transformed(c, ts);
        expect(verdictOf(analyzer.analyze({ ...c, command })), describeRun(c, ts, command)).toBe('pass');
      },
      runs(500, 3_000),
    );
  });
});

describe('metamorphic: agent work, every line under every envelope', () => {
  // Not sampled: each line of corpus/agent-work.jsonl the analyzer gets right, under each wrapper a developer or an
  // attacker would put around it. A dev-server check stays allowed in `cd src && { … }`; its attack stays denied in
  // `bash -c '…'`, `sudo`, `timeout`.
  const agentWork = (shell: CorpusCase['shell'], verdict: 'deny' | 'pass') => baseline(shell, verdict).filter((c) => c.id.startsWith('agent-work-'));

  /** Every case under every transform of the pool, one at a time: each run whose verdict is not `verdict`. */
  const offVerdict = (cases: CorpusCase[], pool: readonly Transform[], verdict: 'deny' | 'pass'): string[] =>
    cases.flatMap((c) =>
      pool.flatMap((t) => {
        const command = transformed(c, [t]);
        return verdictOf(analyzer.analyze({ ...c, command })) === verdict ? [] : [`${verdict}: ${describeRun(c, [t], command)}`];
      }),
    );

  it('bash: benign lines pass under the benign envelopes and the shell-state forms', () => {
    const benign = agentWork('bash', 'pass');
    expect(benign.length, 'passing agent-work lines').toBeGreaterThan(200);
    const failures = offVerdict(benign, [...BENIGN_ENVELOPES, ...STATE_FORMS], 'pass');
    expect(failures.slice(0, 10), `${failures.length} failures`).toEqual([]);
  });

  it('bash: attacks stay denied under every envelope', () => {
    const denied = agentWork('bash', 'deny');
    expect(denied.length, 'denied agent-work lines').toBeGreaterThan(60);
    const failures = offVerdict(denied, [...ENVELOPES, ...STATE_FORMS], 'deny');
    expect(failures.slice(0, 10), `${failures.length} failures`).toEqual([]);
  });

  it('powershell: benign lines pass, attacks stay denied', () => {
    const failures = [...offVerdict(agentWork('powershell', 'pass'), PS_BENIGN, 'pass'), ...offVerdict(agentWork('powershell', 'deny'), PS_TRANSFORMS, 'deny')];
    expect(failures.slice(0, 10), `${failures.length} failures`).toEqual([]);
  });
});

describe('metamorphic: an allowed destination, disguised or redirected, is denied', () => {
  // Every passing line that reaches a loopback host by name or address; each rewrite points the same client
  // elsewhere in a form an attacker would try, so the line must then be denied.
  const LOOPBACK = /\b(localhost|127\.0\.0\.1)(?=[:/'"\s]|$)/;
  const DISGUISES: { name: string; apply: (c: string) => string }[] = [
    { name: 'a name that starts with localhost', apply: (c) => c.replace(LOOPBACK, '$1.evil.example') },
    { name: 'userinfo before another host', apply: (c) => c.replace(LOOPBACK, '$1@evil.example') },
    { name: 'a wildcard DNS name', apply: (c) => c.replace(LOOPBACK, '127.0.0.1.nip.io') },
    { name: 'a decimal address', apply: (c) => c.replace(LOOPBACK, '2130706433') },
    { name: 'a hex address', apply: (c) => c.replace(LOOPBACK, '0x7f000001') },
    { name: 'an octal address', apply: (c) => c.replace(LOOPBACK, '0177.0.0.1') },
    { name: 'cloud metadata', apply: (c) => c.replace(LOOPBACK, '169.254.169.254') },
    { name: 'a computed host', apply: (c) => c.replace(LOOPBACK, '$HOST') },
  ];
  it('bash: curl and wget lines to loopback', () => {
    const lines = baseline('bash', 'pass').filter((c) => /^(curl|wget)\b/.test(c.command) && LOOPBACK.test(c.command));
    expect(lines.length, 'passing curl/wget lines to loopback').toBeGreaterThan(15);
    const failures: string[] = [];
    for (const c of lines) {
      for (const d of DISGUISES) {
        const command = d.apply(c.command);
        if (verdictOf(analyzer.analyze({ ...c, command })) !== 'deny') failures.push(`${c.id} under [${d.name}]: ${command}`);
      }
      // A proxy the line sets, or one given as an option, goes elsewhere whatever the URL.
      for (const command of [`ALL_PROXY=http://evil.example:3128 ${c.command}`, c.command.replace(/^(curl|wget)\b/, c.command.startsWith('curl') ? 'curl -x evil.example:3128' : 'https_proxy=http://evil.example:3128 http_proxy=http://evil.example:3128 wget')]) {
        if (verdictOf(analyzer.analyze({ ...c, command })) !== 'deny') failures.push(`${c.id} through a proxy: ${command}`);
      }
    }
    expect(failures.slice(0, 10), `${failures.length} failures`).toEqual([]);
  });
});

describe('metamorphic: a word made computed keeps a denial', () => {
  // A word known only when the line runs (`$V`, `"$V"`, `$(cat /tmp/v)`) may be any word: a line denied with an option
  // or a mode word written out stays denied with that word computed, for every program whose entry names its modes
  // (ProgramEntry.modes and codeModes: the registry then reads such a word as each), and for find's expression and
  // the options of declare and read, where such a word is refused. The other programs the run meets are counted and
  // printed: the entries still to be given modes.
  const FORMS = ['$V', '"$V"', '$(cat /tmp/v)'];
  const OPTION = /^-{1,2}[A-Za-z][-A-Za-z0-9=]*$/;
  const MODE = /^[a-z][-a-z0-9]*$/;
  const LUA = /^(?:lua|luajit|lua5\.\d|texlua)$/;
  // find, declare and read refuse a computed word where an option stands, rather than read it as each mode.
  const MODELLED = (program: string) => /^(?:find|declare|typeset|local|read)$/.test(program) || lookup(program, 'bash')?.modes !== undefined || lookup(program, 'bash')?.codeModes !== undefined;
  /** Where the literal word is needed and no reading of a computed one could do the same, or the cost is argued. */
  const EXCLUDED: { why: string; covers: (s: Spot) => boolean }[] = [
    {
      why: 'find\'s first word (its first root, or the expression where none is written): `find "$dir" -name x` is the everyday form, so a computed word there is a root, refused as an action only where the line built it (Word.line)',
      covers: (s) => s.program === 'find' && s.root,
    },
    {
      why: 'open: grep\'s filter of find\'s paths (`find . | grep -v x | xargs rm`) is denied for what its output holds; the union of readings keeps an output only where every reading agrees, and an output not known is names xargs rm deletes one by one',
      covers: (s) => s.program === 'grep' && /^-[vi]$/.test(s.word) && /\|\s*xargs\b/.test(s.c.command.slice(s.end)),
    },
    {
      why: 'open, the same gap in what a program prints: `$(git rev-parse --git-path hooks)` is a directory of the repository only where every reading says so, and a write into a directory not known passes',
      covers: (s) => s.program === 'git' && s.word === '--git-path',
    },
    {
      why: 'open: a module named in the option\'s own word (`lua -lx`, `-lNAME` for any NAME): a computed word there is read as the script file, out of scope, and no one spelling stands for every name',
      covers: (s) => /^-l\w/.test(s.word) && LUA.test(s.program),
    },
  ];
  interface Spot {
    c: CorpusCase;
    program: string;
    word: string;
    start: number;
    end: number;
    /** find: the word stands where its first root does. */
    root: boolean;
  }
  it('bash: one option or mode word of a denied line made computed', () => {
    // A seeded sample (mulberry32), each row's draws seeded by the seed and its id: the same rows, words and forms on
    // every run of the same seed, and a row added to the corpus changes no other row's draws.
    const drawsFor = (id: string) => {
      let t = SEED >>> 0;
      for (let i = 0; i < id.length; i++) t = Math.imul(t ^ id.charCodeAt(i), 0x01000193) >>> 0;
      return () => {
        t = (t + 0x6d2b79f5) >>> 0;
        let r = Math.imul(t ^ (t >>> 15), 1 | t);
        r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
        return ((r ^ (r >>> 14)) >>> 0) / 2 ** 32;
      };
    };
    const draws = new Map<string, () => number>();
    const rows = corpus
      .filter((c) => c.shell === 'bash' && c.verdict === 'deny' && !deniedForSyntaxOnly(c))
      .map((c) => {
        draws.set(c.id, drawsFor(c.id));
        return { c, key: draws.get(c.id)!() };
      })
      .sort((a, b) => a.key - b.key)
      .slice(0, runs(1_400, 100_000))
      .map((r) => r.c);
    const cases: { s: Spot; form: string }[] = [];
    for (const c of rows) {
      const random = draws.get(c.id)!;
      const a = analyzer.analyze(c);
      if (verdictOf(a) !== 'deny') continue;
      // Each word once, as the innermost invocation that takes it (`sh -c` run by find's -exec is sh's).
      const spots = new Map<number, Spot>();
      for (const inv of a.invocations) {
        if (inv.depth !== 0) continue;
        inv.args.forEach((w, i) => {
          const v = w.values?.length === 1 ? w.values[0]! : undefined;
          // Written out as itself (no quotes, no expansion): an option anywhere, a mode word among the first two.
          if (v !== w.text || c.command.slice(w.span.start, w.span.end) !== v) return;
          if (!OPTION.test(v) && !(MODE.test(v) && i < 2)) return;
          spots.set(w.span.start, { c, program: inv.program, word: v, start: w.span.start, end: w.span.end, root: inv.program === 'find' && i === 0 });
        });
      }
      // Up to two words a row, each in one of the forms.
      for (const s of [...spots.values()].sort(() => random() - 0.5).slice(0, 2)) cases.push({ s, form: FORMS[Math.floor(random() * FORMS.length)]! });
    }
    const started = Date.now();
    const failures: string[] = [];
    const backlog = new Map<string, number>();
    let excluded = 0;
    for (const { s, form } of cases) {
      const command = s.c.command.slice(0, s.start) + form + s.c.command.slice(s.end);
      if (verdictOf(analyzer.analyze({ ...s.c, command })) === 'deny') continue;
      if (!MODELLED(s.program)) backlog.set(s.program, (backlog.get(s.program) ?? 0) + 1);
      else if (EXCLUDED.some((x) => x.covers(s))) excluded++;
      else failures.push(`${s.c.id} (${s.program} ${s.word}): ${command}`);
    }
    const top = [...backlog].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([p, n]) => `${p} ${n}`).join(', ');
    console.log(`computed words: seed=${SEED}, ${cases.length} cases from ${rows.length} denied rows in ${Date.now() - started} ms; ${excluded} excluded; not yet modelled (program, cases passing): ${top}`);
    expect(failures.slice(0, 20), `${failures.length} failures`).toEqual([]);
  });
});
