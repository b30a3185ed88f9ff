// The CLI's pure parts: option parsing, caret rendering, the capped line reader, batch line validation.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseBatchLine } from '../src/cli/analyze.js';
import { readLines } from '../src/cli/lines.js';
import { parseAnalyzeArgs, parseHookArgs } from '../src/cli/options.js';
import { COLOUR, type Outcome, PLAIN, pickStyle, renderFinding, renderHuman, toJson, visible } from '../src/cli/render.js';
import { UsageError } from '../src/cli/run.js';
import type { Finding } from '../src/types.js';

const ENV = { HOME: '/home/me' };

describe('parseAnalyzeArgs', () => {
  it('joins the command words, and options stop at the first word', () => {
    const o = parseAnalyzeArgs(['--json', 'ls', '-la', '--shell', 'x'], ENV, '/work');
    expect(o).toMatchObject({ command: 'ls -la --shell x', json: true, shell: 'bash', cwd: '/work', home: '/home/me' });
  });

  it('takes -- as the end of options, and --name=value', () => {
    const o = parseAnalyzeArgs(['--shell=powershell', '--cwd', 'sub', '--home=/h', '--', '--help'], ENV, '/work');
    expect(o).toMatchObject({ command: '--help', shell: 'powershell', cwd: '/work/sub', home: '/h' });
  });

  it('leaves the command undefined when no words are given (stdin)', () => {
    expect(parseAnalyzeArgs(['--batch'], ENV, '/w').command).toBeUndefined();
  });

  it.each([
    [['--frob', 'ls'], /unknown option '--frob'/],
    [['--shell', 'zsh', 'ls'], /bash or powershell/],
    [['--cwd'], /needs a value/],
    [['--json=1', 'ls'], /takes no value/],
    [['--batch', 'ls'], /give no COMMAND/],
    [['--cwd', 'a', '--cwd', 'b', 'ls'], /given twice/],
  ])('%j is a usage error', (argv, why) => {
    expect(() => parseAnalyzeArgs(argv as string[], ENV, '/w')).toThrow(why);
    expect(() => parseAnalyzeArgs(argv as string[], ENV, '/w')).toThrow(UsageError);
  });

  it('needs a home when $HOME is unset', () => {
    expect(() => parseAnalyzeArgs(['ls'], {}, '/w')).toThrow(/--home/);
  });
});

describe('parseHookArgs', () => {
  it('takes the agent before or after its options', () => {
    expect(parseHookArgs(['claude-code', '--policy', 'p.json'], ENV, '/w')).toEqual({ agent: 'claude-code', home: '/home/me', policy: '/w/p.json' });
    expect(parseHookArgs(['--home', '/h', 'gemini'], ENV, '/w')).toEqual({ agent: 'gemini', home: '/h' });
  });

  it('refuses a missing agent and a stray word', () => {
    expect(() => parseHookArgs(['--home', '/h'], ENV, '/w')).toThrow(/needs an agent/);
    expect(() => parseHookArgs(['codex', 'extra'], ENV, '/w')).toThrow(/unexpected argument 'extra'/);
  });
});

const finding = (start: number, end: number, over: Partial<Finding> = {}): Finding => ({
  rule: 'egress.binary',
  kind: 'egress',
  message: 'curl is a network client (policy: deniedNetworkBinaries)',
  span: { start, end },
  ...over,
});

describe('renderFinding', () => {
  it('puts carets under the exact span', () => {
    const out = renderFinding('ls && curl -s x | sh', finding(6, 10), PLAIN);
    expect(out.split('\n')).toEqual([
      'egress[egress.binary]: curl is a network client (policy: deniedNetworkBinaries)',
      '  |',
      '1 | ls && curl -s x | sh',
      '  |       ^^^^',
      '',
    ]);
  });

  it('shows the line a span starts on in a multi-line command, marking a span that runs on', () => {
    const command = 'echo start\nFOO=1 curl \\\n  -s x\necho end';
    const at = command.indexOf('curl');
    const lines = renderFinding(command, finding(at, command.indexOf('x') + 1), PLAIN).split('\n');
    expect(lines[2]).toBe('2 | FOO=1 curl \\');
    expect(lines[3]).toBe('  |       ^^^^^^...');
  });

  it('lines carets up past tabs and wide characters', () => {
    const command = '\techo 日本 && curl x';
    const lines = renderFinding(command, finding(command.indexOf('curl'), command.indexOf('curl') + 4), PLAIN).split('\n');
    expect(lines[3]).toBe('  | \t             ^^^^');
  });

  it('prints control characters and bidi overrides visibly, one for one', () => {
    const command = 'echo \x1b[2Jhi\u202e && curl x';
    const out = renderFinding(command, finding(command.indexOf('curl'), command.indexOf('curl') + 4), PLAIN);
    expect(out).not.toMatch(/[\x1b\u202e]/);
    const [, , source, carets] = out.split('\n');
    expect(source).toBe('1 | echo ␛[2Jhi\ufffd && curl x');
    expect(carets!.indexOf('^')).toBe(source!.indexOf('curl'));
  });

  it('gives an empty span one caret', () => {
    expect(renderFinding('ls', finding(2, 2), PLAIN).split('\n')[3]).toBe('  |   ^');
  });
});

const outcome = (over: Partial<Outcome>): Outcome => ({ command: 'curl x', verdict: 'pass', findings: [], invocations: [], ...over });

describe('renderHuman and toJson', () => {
  it('ends with the verdict', () => {
    const denied = outcome({ verdict: 'deny', rule: 'egress.binary', reason: 'curl is a network client', findings: [finding(0, 4)] });
    expect(renderHuman(denied, PLAIN)).toMatch(/\ndenied \[egress\.binary\]: curl is a network client\n$/);
    expect(renderHuman(outcome({}), PLAIN)).toBe('passed: nothing to report\n');
    expect(renderHuman(outcome({ findings: [finding(0, 4, { kind: 'info', rule: 'interp.inline' })] }), PLAIN)).toMatch(
      /^note\[interp\.inline\][\s\S]*passed: 1 note, none denied\n$/,
    );
  });

  it('colours only through the style', () => {
    const denied = outcome({ verdict: 'deny', rule: 'r', reason: 'why', findings: [finding(0, 4)] });
    expect(renderHuman(denied, PLAIN)).not.toContain('\x1b[');
    expect(renderHuman(denied, COLOUR)).toContain('\x1b[1;31m');
  });

  it('has verdict, rule, reason, findings and invocations; no rule or reason on a pass', () => {
    const denied = outcome({ verdict: 'deny', rule: 'egress.binary', reason: 'r', findings: [finding(0, 4, { segment: 0 })] });
    expect(JSON.parse(JSON.stringify(toJson(denied)))).toEqual({
      verdict: 'deny',
      rule: 'egress.binary',
      reason: 'r',
      findings: [{ rule: 'egress.binary', kind: 'egress', message: finding(0, 4).message, span: { start: 0, end: 4 } }],
      invocations: [],
    });
    expect(Object.keys(JSON.parse(JSON.stringify(toJson(outcome({})))))).toEqual(['verdict', 'findings', 'invocations']);
  });
});

describe('pickStyle', () => {
  it('colours a terminal unless NO_COLOR is set', () => {
    expect(pickStyle(true, {})).toBe(COLOUR);
    expect(pickStyle(true, { NO_COLOR: '1' })).toBe(PLAIN);
    expect(pickStyle(false, {})).toBe(PLAIN);
    expect(pickStyle(undefined, {})).toBe(PLAIN);
  });
});

describe('visible', () => {
  it('keeps length so offsets still line up', () => {
    const text = 'a\x00b\x7fc\x9bd\u2066e\tf';
    expect(visible(text)).toHaveLength(text.length);
    expect(visible(text)).toBe('a␀b\u2421c\ufffdd\ufffde\tf');
  });
});

async function collect(chunks: (string | Buffer)[], max = 100) {
  const out = [];
  for await (const line of readLines(Readable.from(chunks), max)) out.push(line);
  return out;
}

describe('readLines', () => {
  it('splits across chunk boundaries, strips CR, keeps a last line without newline', async () => {
    expect(await collect(['{"a"', ':1}\r\n{"b":2}\n', '\nlast'])).toEqual([
      { text: '{"a":1}', tooLong: false },
      { text: '{"b":2}', tooLong: false },
      { text: '', tooLong: false },
      { text: 'last', tooLong: false },
    ]);
  });

  it('does not split a multi-byte character cut between chunks', async () => {
    const bytes = Buffer.from('é日本\n');
    expect(await collect([bytes.subarray(0, 1), bytes.subarray(1, 4), bytes.subarray(4)])).toEqual([{ text: 'é日本', tooLong: false }]);
  });

  it('reports a line over the cap once and goes on with the next', async () => {
    expect(await collect(['x'.repeat(60), 'y'.repeat(60), '\nok\n', 'z'.repeat(200)])).toEqual([
      { text: '', tooLong: true },
      { text: 'ok', tooLong: false },
      { text: '', tooLong: true },
    ]);
  });
});

describe('parseBatchLine', () => {
  const defaults = { shell: 'bash' as const, cwd: '/w', home: '/h', json: false, batch: true };

  it('fills shell, cwd and home from the command line', () => {
    expect(parseBatchLine('{"command":"ls"}', defaults)).toEqual({ command: 'ls', shell: 'bash', cwd: '/w', home: '/h' });
    expect(parseBatchLine('{"command":"gci","shell":"powershell","cwd":"/x","home":"/y"}', defaults)).toEqual({
      command: 'gci',
      shell: 'powershell',
      cwd: '/x',
      home: '/y',
    });
  });

  it.each([
    ['{', /not valid JSON/],
    ['"ls"', /JSON object/],
    ['{"command":""}', /non-empty/],
    ['{"command":"ls","shell":"zsh"}', /"shell"/],
    ['{"command":"ls","cwd":"rel"}', /"cwd" must be an absolute path/],
    ['{"command":"ls","home":7}', /"home"/],
  ])('%s is an error', (line, why) => {
    expect(parseBatchLine(line, defaults)).toMatch(why);
  });
});
