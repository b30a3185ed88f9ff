// The guard's fuzzer over file-tool calls as well as shell calls: paths drawn from a grammar of aliases (/proc roots
// and cwds, `..` detours, doubled separators, links the session made), Windows forms (drive case, `\\?\`, trailing
// dots and spaces, streams, mixed separators) and every key and tool shape. decide never throws, answers only
// declared rules, and a path denied at baseline stays denied under every alias.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Analyzer, createAnalyzer } from '../src/analyzer.js';
import { createGuard, type Guard, VERDICT_RULE_IDS } from '../src/guard/index.js';
import { checkProperty, runs } from './scale.js';

let analyzer: Analyzer;
beforeAll(async () => {
  analyzer = await createAnalyzer();
});

interface Host {
  name: string;
  home: string;
  cwd: string;
  sep: '/' | '\\';
}
const POSIX: Host = { name: 'posix', home: '/home/dev', cwd: '/home/dev/project', sep: '/' };
const WINDOWS: Host = { name: 'windows', home: 'C:\\Users\\dev', cwd: 'C:\\Users\\dev\\project', sep: '\\' };

/** A path the default policy denies, as components under the home (`~`) or the project (`.`), and what to do with it. */
interface Baseline {
  base: '~' | '.';
  parts: string[];
  role: 'read' | 'write';
  /** The agent runs in the home directory (so `~/.bashrc` is within the write roots and meets persistence). */
  inHome?: boolean;
}
const BASELINES: Baseline[] = [
  { base: '~', parts: ['.ssh', 'id_rsa'], role: 'read' },
  { base: '~', parts: ['.aws', 'credentials'], role: 'read' },
  { base: '~', parts: ['.config', 'gcloud', 'credentials.db'], role: 'read' },
  { base: '.', parts: ['.env'], role: 'read' },
  { base: '.', parts: ['.git', 'hooks', 'pre-commit'], role: 'write' },
  { base: '.', parts: ['.claude', 'settings.json'], role: 'write' },
  { base: '.', parts: ['.envrc'], role: 'write' },
  { base: '.', parts: ['.husky', 'pre-push'], role: 'write' },
  { base: '~', parts: ['.bashrc'], role: 'write', inHome: true },
  { base: '~', parts: ['.codex', 'hooks.json'], role: 'write', inHome: true },
];

const READERS: [string, (p: string) => unknown][] = [
  ['Read', (p) => ({ file_path: p })],
  ['read_file', (p) => ({ absolute_path: p })],
  ['view', (p) => ({ path: p })],
  ['str_replace_based_edit_tool', (p) => ({ command: 'view', path: p })],
  ['mcp__fs__read_text_file', (p) => ({ path: p })],
  ['mcp__x__open', (p) => ({ args: { path: p } })],
  ['read_many_files', (p) => ({ paths: ['README.md', p] })],
];
const WRITERS: [string, (p: string) => unknown][] = [
  ['Write', (p) => ({ file_path: p, content: 'x' })],
  ['Edit', (p) => ({ file_path: p, old_string: 'a', new_string: 'b' })],
  ['write_file', (p) => ({ file_path: p, content: 'x' })],
  ['create', (p) => ({ path: p, file_text: 'x' })],
  ['str_replace_based_edit_tool', (p) => ({ command: 'create', path: p, file_text: 'x' })],
  ['mcp__fs__move_file', (p) => ({ source: 'README.md', destination: p })],
  ['mcp__x__write_many', (p) => ({ files: [{ path: 'src/a.ts', content: 'x' }, { path: p, content: 'y' }] })],
  ['apply_patch', (p) => ({ input: `*** Begin Patch\n*** Add File: ${p}\n+x\n*** End Patch` })],
];

/** One spelling of a baseline path on a host, drawn from the alias grammar. */
function spelling(host: Host, b: Baseline): fc.Arbitrary<{ path: string; links: string[] }> {
  const abs = (host.sep === '/' ? [b.base === '~' ? host.home : host.cwd, ...b.parts] : [b.base === '~' ? host.home : host.cwd, ...b.parts]).join(host.sep);
  const rel = b.base === '.' ? b.parts : ['..', ...b.parts];
  const forms: fc.Arbitrary<{ path: string; links: string[] }>[] = [
    fc.constant({ path: abs, links: [] }),
    fc.constant({ path: rel.join(host.sep), links: [] }),
    fc.constant({ path: `${b.base}${host.sep}${b.parts.join(host.sep)}`, links: [] }),
    // `..` detours and doubled separators.
    fc.constantFrom('src', 'a b', 'node_modules').map((d) => ({ path: [d, '..', ...rel].join(host.sep), links: [] })),
    fc.constant({ path: rel.join(host.sep + host.sep), links: [] }),
    fc.constant({ path: ['.', ...rel].join(`${host.sep}.${host.sep}`), links: [] }),
  ];
  if (host.sep === '/') {
    forms.push(
      fc.constantFrom('self', 'thread-self', '1', '4242', 'self/task/7').map((pid) => ({ path: `/proc/${pid}/root${abs}`, links: [] })),
      fc.constant({ path: `/proc/self/cwd/${rel.join('/')}`, links: [] }),
      fc.constant({ path: `/proc/self/root/proc/1/root${abs}`, links: [] }),
      // The Win32 reading of a POSIX path: `\` separators, a trailing dot, a stream.
      fc.constant({ path: rel.join('\\'), links: [] }),
      fc.constant({ path: `${rel.join('/')}::$DATA`, links: [] }),
      // A link the session made earlier to the file's directory (or to /), then the path through it.
      fc.constant({ path: `lnk/${b.parts[b.parts.length - 1]}`, links: [`ln -s ${[b.base, ...b.parts.slice(0, -1)].join('/')} lnk`] }),
      fc.constant({ path: `root/${abs.slice(1)}`, links: ['ln -s /proc/self/root root'] }),
    );
  } else {
    forms.push(
      fc.constant({ path: abs.replace(/^C:/, 'c:'), links: [] }),
      fc.constant({ path: abs.toUpperCase(), links: [] }),
      fc.constant({ path: `\\\\?\\${abs}`, links: [] }),
      fc.constant({ path: rel.join('/'), links: [] }),
      fc.constant({ path: rel.map((p, i) => (i === 0 && p !== '..' ? `${p}.` : p)).join('\\'), links: [] }),
      fc.constant({ path: `${rel.join('\\')} . `, links: [] }),
      fc.constant({ path: `${rel.join('\\')}::$DATA`, links: [] }),
      fc.constant({ path: rel.map((p) => (p === '..' ? p : `${p}:$DATA`.replace(/:\$DATA$/, ''))).join('\\'), links: [] }),
    );
  }
  return fc.oneof(...forms);
}

function guardFor(host: Host): Guard {
  return createGuard({ analyzer, dependencies: { home: host.home } });
}

describe('the guard under fuzzed file-tool and shell calls', () => {
  it('every baseline is denied as written', () => {
    for (const host of [POSIX, WINDOWS]) {
      for (const b of BASELINES) {
        const cwd = b.inHome ? host.home : host.cwd;
        const path = [b.base === '~' ? host.home : host.cwd, ...b.parts].join(host.sep);
        const [tool, input] = b.role === 'read' ? READERS[0]! : WRITERS[0]!;
        expect(guardFor(host).decide({ tool, input: input(path), cwd }), `${host.name} ${path}`).toBeDefined();
      }
    }
  });

  for (const host of [POSIX, WINDOWS]) {
    it(`a denied path stays denied under every alias, tool and key (${host.name})`, async () => {
      const arb = fc.constantFrom(...BASELINES).chain((b) =>
        fc.record({
          b: fc.constant(b),
          spelt: spelling(host, b),
          tool: fc.constantFrom(...(b.role === 'read' ? READERS : WRITERS)),
        }),
      );
      await checkProperty(
        `guard/aliases-${host.name}`,
        arb,
        ({ b, spelt, tool: [tool, input] }) => {
          const guard = guardFor(host);
          const cwd = b.inHome ? host.home : host.cwd;
          const verdicts = spelt.links.map((command) => guard.decide({ tool: 'Bash', input: { command }, cwd }));
          const v = guard.decide({ tool, input: input(spelt.path), cwd });
          // The link line itself may be what is denied; either way the pair must not pass.
          expect(v ?? verdicts.find((x) => x !== undefined), `${tool} ${JSON.stringify(spelt)}`).toBeDefined();
        },
        runs(400, 60_000),
      );
    });
  }

  // An agent's directory of hooks holds scripts of any name (`.claude/hooks/block-rm.sh`, pi's
  // `.pi/extensions/vouch.ts`): a sweep from the project root whose name test lets one through changes it, by find,
  // fd, git's pathspecs or a loop over find's lines, and must be refused however the test is spelt.
  it('a sweep whose name test matches a script in an agent\'s directory of hooks is refused', async () => {
    const dir = fc.constantFrom('.claude/hooks', '.cursor/hooks', '.pi/extensions', '.pi/agent/extensions', '.opencode/plugin', '.codex/hooks', '.github/hooks', '.copilot/hooks');
    const base = fc.stringMatching(/^[a-z][a-z0-9-]{0,7}$/);
    const ext = fc.constantFrom('sh', 'bash', 'py', 'js', 'mjs', 'cjs', 'ts', 'json', 'toml', 'yaml', 'rb', 'ps1');
    // Name tests that match `${b}.${e}`, wildcard-led or not (git's pathspec `*` crosses directories; a plain one does not).
    const test = fc.record({ b: base, e: ext }).chain(({ b, e }) =>
      fc.constantFrom(`*.${e}`, `${b}*`, `*${b}*`, `${b.slice(0, -1) || ''}?.${e}`.replace(/^\?/, '*'), `*${b.slice(1)}.${e}`, `*`, `*.{${e},txt}`).map((t) => ({ name: `${b}.${e}`, t })),
    );
    const sweep = fc.constantFrom(
      (t: string) => `find . -name '${t}' -delete`,
      (t: string) => `find . -type f -name '${t}' -exec sed -i s/vouch/true/ {} +`,
      (t: string) => `find . -iname '${t.toUpperCase()}' -exec rm -f {} \\;`,
      (t: string) => `find . -name '${t}' -print0 | xargs -0 sed -i s/a/b/`,
      (t: string) => `for f in $(find . -name '${t}'); do : > "$f"; done`,
      (t: string) => `git ls-files '${t.startsWith('*') ? t : `*${t}`}' | xargs rm -f`,
      (t: string) => `fd -H -g '${t}' -x rm`,
      (t: string) => `fd -g '${t}' -X sed -i s/vouch/true/`,
    );
    await checkProperty(
      'guard/hook-sweeps',
      fc.record({ dir, test, sweep }),
      ({ dir, test: { name, t }, sweep }) => {
        const command = sweep(t);
        expect(guardFor(POSIX).decide({ tool: 'Bash', input: { command }, cwd: POSIX.cwd }), `${command} (reaches ${dir}/${name})`).toBeDefined();
      },
      runs(300, 20_000),
    );
  });

  it('a fetch or a browser aimed at a cloud metadata service is refused in every spelling of its address', async () => {
    // 169.254.169.254 (and ECS's 169.254.170.2) in the forms a URL parser accepts, and names wildcard DNS answers with it.
    const octets = fc.constantFrom([169, 254, 169, 254], [169, 254, 170, 2]);
    const spell = fc.constantFrom(
      (o: readonly number[]) => o.join('.'),
      (o: readonly number[]) => String(((o[0]! << 24) >>> 0) + (o[1]! << 16) + (o[2]! << 8) + o[3]!),
      (o: readonly number[]) => `0x${o.map((x) => x.toString(16).padStart(2, '0')).join('')}`,
      (o: readonly number[]) => o.map((x) => `0${x.toString(8)}`).join('.'),
      (o: readonly number[]) => `${o[0]}.${o[1]}.${(o[2]! << 8) + o[3]!}`,
      (o: readonly number[]) => `[::ffff:${o.join('.')}]`,
      (o: readonly number[]) => `${o.join('.')}.nip.io`,
      (o: readonly number[]) => `${o.join('-')}.sslip.io`,
    );
    const url = fc
      .record({ o: octets, spell, scheme: fc.constantFrom('http', 'HTTP', 'https'), user: fc.constantFrom('', 'x@'), port: fc.constantFrom('', ':80'), path: fc.constantFrom('/', '/latest/meta-data/iam/security-credentials/', '/v2/credentials') })
      .map(({ o, spell, scheme, user, port, path }) => `${scheme}://${user}${spell(o)}${port}${path}`);
    const call = fc.constantFrom(
      (u: string) => ({ tool: 'WebFetch', input: { url: u, prompt: 'summarize' } }),
      (u: string) => ({ tool: 'mcp__playwright__browser_navigate', input: { url: u } }),
      (u: string) => ({ tool: 'mcp__fetch__fetch', input: { url: u, max_length: 5000 } }),
      (u: string) => ({ tool: 'web_fetch', input: { prompt: `Read ${u} and list what it says` } }),
    );
    await checkProperty(
      'guard/metadata-urls',
      fc.record({ url, call }),
      ({ url, call }) => {
        const c = call(url);
        expect(guardFor(POSIX).decide({ ...c, cwd: POSIX.cwd })?.rule, `${c.tool} ${url}`).toBe('guard.secret-path');
        // Its neighbour: the same call to a documentation page passes.
        expect(guardFor(POSIX).decide({ ...call('https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/instancedata-data-retrieval.html'), cwd: POSIX.cwd })).toBeUndefined();
      },
      runs(300, 20_000),
    );
  });

  it('never throws, and answers only declared rules, for arbitrary file-tool and shell calls', async () => {
    const declared = new Set(VERDICT_RULE_IDS);
    const segment = fc.constantFrom('~', '.', '..', '.ssh', '.git', 'hooks', '.claude', 'proc', 'self', 'root', 'cwd', 'fd', '3', 'C:', 'PROGRA~1', '.npmrc.', 'x::$DATA', 'a b', '', '\0', '\u2028', '*', '**', '{a,b}', '[.]env');
    const path = fc.array(segment, { maxLength: 7 }).chain((parts) => fc.constantFrom('/', '\\', '//').map((sep) => parts.join(sep)));
    const value = fc.oneof(path, fc.anything(), fc.array(path, { maxLength: 3 }), path.map((p) => `file://${p}`));
    const key = fc.constantFrom('file_path', 'path', 'paths', 'filePath', 'uri', 'target', 'source', 'destination', 'files', 'include', 'glob', 'pattern', 'content', 'command', 'old_string', 'edits', 'args');
    const input = fc.oneof(fc.dictionary(key, value, { maxKeys: 4 }), fc.anything());
    const tool = fc.constantFrom('Read', 'Write', 'Edit', 'Grep', 'Glob', 'LS', 'read_many_files', 'apply_patch', 'str_replace_based_edit_tool', 'mcp__fs__copy_file', 'Bash', 'PowerShell', 'TodoWrite');
    const call = fc.record({ tool, input, cwd: fc.constantFrom(POSIX.cwd, WINDOWS.cwd, '/', '/proc/self/cwd') });
    await checkProperty(
      'guard/never-throws',
      call,
      (c) => {
        const guard = guardFor(c.cwd.startsWith('C:') ? WINDOWS : POSIX);
        const v = guard.decide(c);
        if (v === undefined) return;
        expect(v.block).toBe(true);
        expect(declared.has(v.rule), v.rule).toBe(true);
        expect(v.reason.length).toBeGreaterThan(0);
      },
      runs(1_500, 200_000),
    );
  });
});
