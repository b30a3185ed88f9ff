// env.secret-variable: a command that prints a variable whose name says it holds a secret (`echo $GITHUB_TOKEN`,
// `printenv OPENAI_API_KEY`, `$env:GITHUB_TOKEN`, `print(os.environ["AWS_SECRET_ACCESS_KEY"])`): the value reaches
// the agent's transcript, as a dump of the whole environment would. Using it is not printing it: a value written to a
// file, piped into a program that takes a secret on stdin, or spent inside a command substitution passes.
import type { Analysis, Finding, Invocation, Segment } from '../types.js';
import { globRegex } from './paths.js';
import type { Rule } from './rule.js';
import { programName, staticValue } from './words.js';

const PS = 'powershell' as const;

/** Default names of variables that hold secrets: globs over the name, case-insensitive; `!` excludes. */
export const SECRET_VARIABLE_PATTERNS = ['*TOKEN*', '*SECRET*', '*PASSWORD*', '*PASSWD*', '*_PASS', '*API_KEY*', '*APIKEY*', '*PRIVATE_KEY*', '*ACCESS_KEY*', '*CREDENTIALS*', '*_PAT', '*DATABASE_URL*', '*_DSN', '!*_FILE', '!*_PATH', '!*_URL_FILE'];

/** Programs that print their arguments. */
const PRINTS_ARGS = new Set(['echo', 'printf', 'print', 'write-output', 'write-host', 'write-information', 'out-host', 'write-verbose', 'write-warning', 'write-error']);
/** Programs that print the variables they are given by name (`printenv NAME`, `declare -p NAME`). */
const PRINTS_NAMED = new Set(['printenv', 'declare', 'typeset', 'export', 'local', 'readonly']);
/** Programs that print what they read on stdin (`cat <<< "$TOKEN"`). */
const PRINTS_STDIN = new Set(['cat', 'tee', 'base64', 'xxd', 'od', 'hexdump', 'rev', 'tac', 'head', 'tail', 'nl', 'basenc', 'base32']);
/** Programs that take a secret on stdin and do not print it (`… | docker login --password-stdin`). */
const TAKES_SECRET = /^(docker|podman|nerdctl|helm|oras|skopeo|buildah|crane|cosign|gh|glab|npm|vault|kubectl|gpg|gpg2|sshpass|op|aws|gcloud|az|flyctl|fly|heroku|netlify|vercel|wrangler|doctl|terraform|secret-tool|security|pass|chpasswd|passwd|htpasswd|openssl|age|sops|git|git-credential-.*)$/;

/** A variable referenced in shell or interpreter text: `$X`, `${X…}`, `$env:X`, `os.environ["X"]`, `process.env.X`, `ENV["X"]`, `$ENV{X}`, `getenv("X")`. */
const REFERENCE = /\$env:([A-Za-z_][A-Za-z0-9_]*)|\$\{?!?([A-Za-z_][A-Za-z0-9_]*)|(?:environ(?:\.get)?\s*[[(]\s*|getenv\s*\(\s*|process\.env\.|process\.env\[\s*|ENV\[\s*|ENV\.fetch\(\s*|\$ENV\{\s*|\$_ENV\[\s*|\$_SERVER\[\s*|Deno\.env\.get\(\s*|GetEnvironmentVariable\(\s*)["']?([A-Za-z_][A-Za-z0-9_]*)/gi;

function compile(patterns: readonly string[]): (name: string) => boolean {
  const inc = patterns.filter((p) => !p.startsWith('!')).map((p) => globRegex(p.toLowerCase()));
  const exc = patterns.filter((p) => p.startsWith('!')).map((p) => globRegex(p.slice(1).toLowerCase()));
  return (name) => {
    const n = name.toLowerCase();
    return inc.some((r) => r.test(n)) && !exc.some((r) => r.test(n));
  };
}

function referenced(text: string, secret: (name: string) => boolean): string | undefined {
  for (const m of text.matchAll(REFERENCE)) {
    const name = m[1] ?? m[2] ?? m[3];
    if (name !== undefined && secret(name)) return name;
  }
  return undefined;
}

/** Where a segment's output goes: to the transcript, or used (a file, a program that takes a secret, a substitution). */
function printed(seg: Segment, analysis: Analysis): boolean {
  if (seg.context.some((c) => c === 'substitution' || c === 'process-substitution')) return false;
  const toFile = seg.redirects.some((r) => /^(>|>>|>\||&>|&>>)$/.test(r.op) && (r.fd === undefined || r.fd === 1) && r.target?.values?.every((v) => !/^\/dev\/(stdout|stderr|tty|fd\/[12])$/.test(v)) === true);
  if (toFile) return false;
  if (!seg.piped) return true;
  // The next stage of its pipeline: a program that takes a secret on stdin uses it; anything else may print it.
  const stage = seg.context.at(-1)?.match(/^pipeline\[(\d+)\]$/);
  if (!stage) return true;
  const outer = seg.context.slice(0, -1).join('/');
  const next = analysis.segments.find((s) => s.span.start >= seg.span.end && s.context.slice(0, -1).join('/') === outer && s.context.at(-1) === `pipeline[${Number(stage[1]) + 1}]`);
  const reader = next ? analysis.invocations.find((i) => i.segment === analysis.segments.indexOf(next)) : undefined;
  return !(reader && TAKES_SECRET.test(programName(reader)));
}

/** The secret variable an invocation prints, if any. */
function prints(inv: Invocation, analysis: Analysis, secret: (name: string) => boolean): string | undefined {
  const name = programName(inv);
  const seg = analysis.segments[inv.segment];
  if (!seg) return undefined;
  let found: string | undefined;
  if (PRINTS_ARGS.has(name)) found = inv.args.map((w) => referenced(w.text, secret)).find((n) => n !== undefined);
  else if (PRINTS_NAMED.has(name) && inv.dialect === 'bash') {
    // `declare -p NAME`, `printenv NAME`; `export NAME=…` and `declare NAME=…` set, and print nothing.
    const prints = name === 'printenv' || inv.args.some((w) => /^-[a-zA-Z]*p/.test(staticValue(w) ?? ''));
    if (prints) found = inv.args.map((w) => staticValue(w)).find((v): v is string => v !== null && !v.startsWith('-') && !v.includes('=') && secret(v));
  } else if (PRINTS_STDIN.has(name)) found = seg.redirects.map((r) => (r.op === '<<<' || r.op.startsWith('<<') ? referenced(r.body?.text ?? r.target?.text ?? '', secret) : undefined)).find((n) => n !== undefined);
  else if (inv.wraps && /^(python\d?|python\d\.\d+|node|nodejs|ruby|perl|php|deno|bun|pypy\d?)$/.test(name)) found = inv.args.map((w) => referenced(w.text, secret)).find((n) => n !== undefined && !/^\$/.test(n));
  return found !== undefined && printed(seg, analysis) ? found : undefined;
}

/** PowerShell prints the value of a statement that is only an expression: `$env:GITHUB_TOKEN`, `"$env:X"`. */
function bareStatements(analysis: Analysis, secret: (name: string) => boolean): Finding[] {
  if (analysis.dialect !== PS) return [];
  const out: Finding[] = [];
  const text = analysis.command;
  for (const m of text.matchAll(/(^|[;\n{(]|\|\|?|&&)\s*(["']?\$env:([A-Za-z_][A-Za-z0-9_]*)["']?)\s*(?=$|[;\n})]|\|)/gi)) {
    if (!secret(m[3]!)) continue;
    const start = m.index! + m[1]!.length + (m[0].length - m[1]!.length - m[0].slice(m[1]!.length).trimStart().length);
    out.push({ rule: 'env.secret-variable', kind: 'env-dump', message: `${m[2]} prints $env:${m[3]}, a variable whose name says it holds a secret (secretVariablePatterns)`, span: { start, end: start + m[2]!.length } });
  }
  return out;
}

export const secretVariable: Rule = {
  id: 'env.secret-variable',
  kind: 'env-dump',
  description:
    'A command prints a variable whose name `secretVariablePatterns` says holds a secret (`echo $GITHUB_TOKEN`, `printenv OPENAI_API_KEY`, `$env:GITHUB_TOKEN`, interpreter code printing `os.environ["X"]`): its value reaches the transcript. Written to a file, piped into a program that takes a secret on stdin (`docker login --password-stdin`) or spent in a substitution, it passes.',
  examples: {
    deny: [
      'echo $GITHUB_TOKEN',
      'printenv OPENAI_API_KEY',
      'echo "key=${ANTHROPIC_API_KEY}"',
      "printf '%s\\n' \"$AWS_SECRET_ACCESS_KEY\"",
      'declare -p NPM_TOKEN',
      'echo "$GITHUB_TOKEN" | base64',
      'cat <<< "$DB_PASSWORD"',
      "python3 -c 'import os; print(os.environ[\"GITHUB_TOKEN\"])'",
      'node -p process.env.OPENAI_API_KEY',
      { command: '$env:GITHUB_TOKEN', shell: PS },
      { command: 'Write-Output $env:AZURE_CLIENT_SECRET', shell: PS },
    ],
    pass: [
      'echo $HOME',
      'printenv PATH',
      'echo "$GITHUB_TOKEN" | docker login ghcr.io -u me --password-stdin',
      'echo "//registry.npmjs.org/:_authToken=${NPM_TOKEN}" > .npmrc',
      'curl -H "Authorization: Bearer $(printenv GITHUB_TOKEN)" http://localhost:3000/',
      'export GITHUB_TOKEN=abc',
      'echo ${#GITHUB_TOKEN}x',
      'test -n "$GITHUB_TOKEN" && echo set',
      'echo $TOKEN_FILE',
      { command: '$env:PATH', shell: PS },
      { command: 'Write-Output $env:USERNAME', shell: PS },
    ],
  },
  check({ analysis, config }) {
    const secret = compile(config.secretVariablePatterns);
    const findings: Finding[] = [];
    for (const inv of analysis.invocations) {
      const name = prints(inv, analysis, secret);
      if (name === undefined) continue;
      findings.push({
        rule: 'env.secret-variable',
        kind: 'env-dump',
        message: `${inv.program} prints $${name}, a variable whose name says it holds a secret (secretVariablePatterns)`,
        span: inv.span,
        segment: inv.segment,
      });
    }
    return [...findings, ...bareStatements(analysis, secret)];
  },
};
