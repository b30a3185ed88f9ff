// secret.path: a word that resolves, or a glob that could expand, to a path the policy calls secret.
import type { Analysis, Finding, Invocation, Word } from '../types.js';
import { compile } from './compiled.js';
import { lookup } from '../programs/index.js';
import { lineLinks, throughLinks } from './links.js';
import { type Anchor, anchoredAt, componentCouldBe, components, DYN, hasMarkers, resolvePath, SYSTEM_ROOT } from './paths.js';
import type { Rule } from './rule.js';
import { display, markGlob, pathUses, programName, READS, spanKey, staticValue } from './words.js';

const PS = 'powershell' as const;

// find's name tests take a glob that find itself expands, with `*` reaching dot files.
const FIND_GLOB = /^-(i?name|i?path|i?wholename|lname|ilname)$/;

/**
 * Wrappers whose command prints where they do (no program of theirs reads its output): a shell running text (whose
 * enclosing segments are checked instead), sudo, env, nice, timeout…
 */
const PASS_THROUGH = /^(bash|sh|dash|zsh|ksh|mksh|ash|busybox|eval|source|\.|sudo|doas|env|nice|ionice|timeout|time|nohup|stdbuf|command|builtin|exec|chronic|caffeinate|taskset|chrt|setsid|unbuffer)$/;

/** The glob operands of `find -name`/`-path` tests, as words with the glob marked. */
function findGlobs(inv: Invocation, piped: boolean): Word[] {
  if (programName(inv) !== 'find') return [];
  // Names printed where no command reads them (the terminal, a file) are metadata, as `ls .env*` is; piped on, or
  // handed to a program by -exec, they may be opened.
  if (!piped && !inv.args.some((w) => /^-(exec|execdir|ok|okdir|fprint|fprint0|fprintf|fls)$/.test(staticValue(w) ?? '-exec'))) return [];
  const out: Word[] = [];
  // Stryker disable next-line StringLiteral: equivalent — a computed word (no static value) is no name test, as no stand-in text is.
  for (let i = 0; i + 1 < inv.args.length; i++) if (FIND_GLOB.test(staticValue(inv.args[i]) ?? '')) out.push(inv.args[++i]!);
  return out;
}

/**
 * Whether a directory holds a secret location of the policy: `~/.kube` holds `/.kube/config`, `~/.config` holds
 * `/.config/gh/hosts.yml`. A glob or an 8.3 short name holds one where it may be that directory and spells half its
 * name (`~/.ku*`, `~/KUBE~1`); `*` alone, or a computed part, spells none of it.
 */
function holdsSecretDirectory(path: string, fragments: readonly string[], anchor: Anchor | undefined, dot: boolean, asRoot: boolean): string | undefined {
  const comps = components(path);
  const same = (comp: string, part: string, need = Math.ceil(part.length / 2)) => comp === part || (hasMarkers(comp) && componentCouldBe(`/${comp}`, -1, part, need, dot));
  for (const { fragment, home, rooted, parts } of fragmentParts(fragments)) {
    // Stryker disable next-line MethodExpression: equivalent — a k past either length compares a missing component, which never matches.
    for (let k = Math.min(parts.length, comps.length); k >= 1; k--) {
      const at = comps.length - k;
      // (An entry written from a system root lies there, /run's below /var too: a project's `etc/` or `run/` holds none.)
      if (rooted && at > 0 && !(at === 1 && parts[0] === 'run' && comps[0] === 'var') && !comps.slice(0, at).some((c) => c.includes(DYN))) continue;
      // (A system root read whole by a user, `grep -r x /etc`, `tar -c /var`, is a search of the system: the admin files
      // kept below it are root's alone, mode 600. Read as root, or a read of their own directory, holds them.)
      if (rooted && !asRoot && at === 0 && k === 1 && parts[0] !== 'run') continue;
      // (A glob right in the home is matched against the home's own names, where the directory lies: `grep -r token
      // ~/.g*e` reads ~/.gradle, however little of its name the glob spells. A dot name only: `~/p*` is the projects.)
      const inHome = anchor?.home != null && homeDepth(`/${comps.slice(0, at).join('/')}`, anchor.home) === 0;
      let all = true;
      for (let i = 0; i < k && all; i++) all = same(comps[at + i]!, parts[i]!, i === 0 && inHome && parts[0]!.startsWith('.') ? 0 : undefined);
      if (!all) continue;
      if (!home || anchor === undefined || anchoredAt(`/${comps.slice(0, at).join('/')}`, anchor)) return fragment;
    }
  }
  return undefined;
}

/** The segments where a program runs as root: under a wrapper the registry says elevates (sudo, doas, su; see holdsSecretDirectory). */
function asRoot(analysis: Analysis): Set<number> {
  let out = ROOT_SEGMENTS.get(analysis);
  if (out === undefined) {
    out = new Set(analysis.invocations.filter((i) => i.wrappers.some((w) => lookup(w, i.dialect)?.elevates === true)).map((i) => i.segment));
    ROOT_SEGMENTS.set(analysis, out);
  }
  return out;
}
const ROOT_SEGMENTS = new WeakMap<Analysis, Set<number>>();

/** A policy's fragments split into lower-case components once (a recursive read asks of every fragment). */
const splitFragments = new WeakMap<readonly string[], { fragment: string; home: boolean; rooted: boolean; parts: string[] }[]>();
function fragmentParts(fragments: readonly string[]): { fragment: string; home: boolean; rooted: boolean; parts: string[] }[] {
  let out = splitFragments.get(fragments);
  if (out === undefined) {
    // A `~/…` entry lies in a home: `~/.m2` holds `~/.m2/settings.xml` there, not in a project.
    out = fragments.map((fragment) => {
      const home = fragment.startsWith('~/');
      const lower = fragment.toLowerCase();
      return { fragment, home, rooted: SYSTEM_ROOT.test(lower) || lower.startsWith('/run/'), parts: components(lower.slice(home ? 1 : 0)) };
    });
    splitFragments.set(fragments, out);
  }
  return out;
}

/** A directory that holds home directories, or is one: `/`, `/home`, `/home/u`, `/root`, `/users/*`, the given home. */
function holdsHomes(path: string, home: string, maxDepth = Number.POSITIVE_INFINITY): boolean {
  const depth = homeDepth(path, home);
  // A home's secrets lie at least one level below it (`~/.netrc`).
  return depth !== undefined && depth + 1 <= maxDepth;
}

/** How many levels below `path` a home directory lies (0: it is one), or undefined when none does. */
function homeDepth(path: string, home: string): number | undefined {
  const comps = components(path);
  if (path === home) return 0;
  const given = home.startsWith(`${path}/`) ? components(home).length - comps.length : undefined;
  // Equivalent for the paths rules read: only a first component with a drive's `x:` and more around it (`/c:x/…`,
  // `/ac:/…`) tells the anchors apart, and `/` (no component) is no drive either way.
  // Stryker disable next-line Regex,StringLiteral: equivalent (above)
  const drive = /^[a-z]:$/.test(comps[0] ?? '') ? 1 : 0;
  const rest = comps.slice(drive);
  // (A glob that may be one: `/*`, `/h*`, `/ho?e/*` reach the homes as `/home` does.)
  const may = (i: number, ...names: string[]) => names.some((n) => componentCouldBe(path, i + drive, n));
  const usual = rest.length === 0 ? 1 : rest.length === 1 ? (may(0, 'root') ? 0 : may(0, 'home', 'users') ? 1 : undefined) : rest.length === 2 && may(0, 'home', 'users') ? 0 : undefined;
  // The nearest home: from `/`, `/root` lies one level down though the given one (`/home/dev`) lies two.
  return given === undefined ? usual : usual === undefined ? given : Math.min(given, usual);
}

/** Names every entry of a home may have: a glob that matches them all (`~/*`) matches the home's projects and papers. */
const HOME_ENTRIES = ['Documents', 'projects', 'src'];

/**
 * Whether a path is a glob over a home's entries (`~/*`, `cd ~ && tar cf a.tar *`): read recursively, the home less its
 * hidden files, which holds the files a secret name marks in every project (`.env`) and papers kept there. Any home's,
 * or a glob's that may be one (`/home/alice/*`, `/root/*`, `/home/de?/*`), as `holdsHomes` reads a home itself.
 */
function sweepsHome(path: string, home: string): boolean {
  const comps = components(path);
  return comps.length > 0 && hasMarkers(comps.at(-1)!) && HOME_ENTRIES.every((n) => componentCouldBe(path, -1, n)) && homeDepth(`/${comps.slice(0, -1).join('/')}`, home) === 0;
}

export const secretPath: Rule = {
  id: 'secret.path',
  kind: 'secret',
  description: 'A word, assignment, redirection, string or heredoc resolves (through ~, $HOME, cd, .., globs) to a secret path.',
  examples: {
    deny: [
      'cat ~/.ssh/id_rsa',
      'cat ~/.microsoft/usersecrets/6f0c1a/secrets.json',
      { command: 'Get-Content "$env:APPDATA\\Microsoft\\UserSecrets\\6f0c1a\\secrets.json"', shell: 'powershell' },
      'cat ~/.ssh/id_*',
      'cat ~/.ss*/id_*',
      'cat ~/.ssh/*',
      'cat /home/*/.ssh/id_rsa',
      'cat ~/.*/credentials',
      'cat ~/.aws/credentials',
      'cat "$HOME/.aws/credentials"',
      'cat $HOME/.ssh/$KEY',
      'cat .env',
      'cat .env.local',
      'source .env.production',
      'openssl rsa -in tls.key -check',
      'cat server.pem',
      'cat ~/.docker/config.json',
      'cat ~/.npmrc',
      'cat ~/.netrc',
      'cat ~/.kube/config',
      'cat ~/.git-credentials',
      'cat ~/.config/gh/hosts.yml',
      'cat ~/.SSH/ID_RSA',
      'cat ~//.ssh///id_rsa',
      'cat ~/projects/../.ssh/id_rsa',
      'cd ~ && cat .ssh/id_rsa',
      'cat < ~/.ssh/id_ed25519',
      'KEY=~/.ssh/id_rsa ./deploy.sh',
      'tar czf /tmp/k.tgz ~/.ssh',
      'base64 -w0 ~/.gnupg/secring.gpg',
      'python3 -c "open(\'/home/u/.ssh/id_rsa\').read()"',
      'node -e "require(\'fs\').readFileSync(\'.env\')"',
      'some-tool --key-file=~/.ssh/id_ecdsa',
      'cat <<EOF | xargs cat\n~/.aws/credentials\nEOF',
      'bash <<EOF\ncat ~/.aws/credentials\nEOF',
      'tar czf /tmp/h.tgz ~',
      'grep -r AKIA ~',
      'cp -r ~ /tmp/x',
      'zip -r /tmp/x.zip /home/*',
      'rg -i token /root',
      'grep -r AKIA ${HOME%/*}',
      'ln -s ~ h; grep -r AKIA h',
      'env -C ~ tar czf /tmp/h.tgz .',
      { command: 'Copy-Item -Recurse ~ C:\\tmp\\h', shell: PS },
      { command: 'Compress-Archive -Path $HOME -DestinationPath h.zip', shell: PS },
      { command: 'Copy-Item ~\\.kube C:\\tmp\\k -Recurse', shell: PS },
      { command: 'Compress-Archive -Path ~\\.docker -DestinationPath out.zip', shell: PS },
      { command: 'Get-Content ~\\*\\credentials', shell: PS },
      { command: 'Get-Content $env:APPDATA\\gcloud\\credentials.db', shell: PS },
      { command: 'Get-Content "$env:APPDATA\\GitHub CLI\\hosts.yml"', shell: PS },
      { command: 'gc ~\\_netrc', shell: PS },
      "find ~ -name 'id_*' -exec cat {} +",
      'find / -name "*.pem" 2>/dev/null',
      "find . -path '*/.aws/*' -type f",
      { command: 'Get-Content ~/.ssh/id_rsa', shell: PS },
      { command: 'Get-Content (Get-PSReadLineOption).HistorySavePath', shell: PS },
      { command: 'Select-String password (Get-PSReadlineOption).HistorySavePath', shell: PS },
      { command: 'Get-PSReadLineOption | % { gc $_.HistorySavePath }', shell: PS },
      { command: 'gc (Get-PSReadLineOption | Select-Object -ExpandProperty HistorySavePath)', shell: PS },
      { command: "'~/.ssh/id_rsa' | Get-Content", shell: PS },
      { command: 'gc ~\\.aws\\credentials', shell: PS },
      { command: 'type $env:USERPROFILE\\.ssh\\id_rsa', shell: PS },
      { command: 'Get-Content C:\\Users\\u\\.ssh\\id_ed25519', shell: PS },
    ],
    pass: [
      'cat ~/.ssh/known_hosts',
      'cat .env.dist .env.schema',
      'cat src/.env.d.ts docs/.env.md',
      'cat ~/.sshrc',
      'ls ~/*',
      'cat ~/*.txt',
      'cat ~/.ssh.bak.txt',
      'cat .env.example',
      'cp .env.template app.env',
      'git commit -m "fix env loading"',
      'echo "load the .env file"',
      'cat README.md',
      'ls src/*',
      'cat "$DIR/$FILE"',
      'grep -r key src/',
      'cat keys.txt',
      'cat id_rsa_notes.md',
      'cat cert.pem.txt',
      'cat environment.ts',
      'ls -a ~',
      'cat ~/.bashrc',
      'grep -r TODO .',
      'cp -r ~/project /tmp',
      'tar xzf archive.tgz -C ~/Downloads',
      'cp -r dist ~',
      'grep token ~/notes.txt',
      'ln -s ~/notes h; grep -r AKIA h',
      'ln -s .. up; grep -r AKIA src',
      'env -C dist tar czf /tmp/d.tgz ./assets',
      { command: 'Copy-Item -Recurse .\\src C:\\tmp\\src', shell: PS },
      { command: 'Copy-Item ~\\.kube\\config.bak.md docs\\', shell: PS },
      { command: 'Compress-Archive -Path .\\dist -DestinationPath out.zip', shell: PS },
      { command: 'Get-Content ~\\*.md', shell: PS },
      { command: 'Get-Content $env:APPDATA\\Code\\User\\settings.json', shell: PS },
      "find . -name '*.ts' -newer package.json",
      "find src -iname 'README*'",
      "find . -not -path '*/.*' -type f",
      'find . -name "*sh*"',
      "find . -type f -not -path '*/exclude/*'",
      { command: 'Get-Content notes.txt', shell: PS },
      { command: "'./notes.txt' | Get-Content", shell: PS },
      { command: 'Get-History', shell: PS },
      { command: 'Get-ChildItem ~\\Documents', shell: PS },
      'cd ~ && cat .ssh/known_hosts',
      'cat ~/.ssh/id_ed25519.pub',
      'ls -la ~/.ssh',
      'cat <<EOF\n~/.aws/credentials\nEOF',
      "cat > docs/ssh.md <<'EOF'\nPut your key in ~/.ssh/id_ed25519.\nEOF",
      'echo "KEY=x" >> .env',
    ],
  },
  check({ analysis, config }) {
    const { secrets } = compile(config);
    const { uses, dotglob } = pathUses(analysis);
    const home = resolvePath(analysis.home, { cwd: null, home: analysis.home, dialect: analysis.dialect });
    const findings: Finding[] = [];
    const seen = new Set<number>();
    const cwds = new Map<number, string | null>();
    const links = lineLinks(analysis);
    // (The home of root: the line runs as root.)
    const rootHome = home === '/root' || home === '/var/root';
    for (const use of uses) {
      const key = spanKey(use.span);
      if (seen.has(key) || !READS.has(use.role)) continue;
      // PowerShell's `*` matches names that start with a dot: `~\*\credentials` reaches `~\.aws\credentials`.
      // A `~/…` entry (`~/.m2/settings.xml`) is read in a home, not in a project that has a file of that name.
      let cwd = cwds.get(use.segment);
      if (cwd === undefined) {
        const seg = analysis.segments[use.segment];
        cwd = seg?.cwd == null ? null : resolvePath(seg.cwd, { cwd: null, home: analysis.home, dialect: seg.dialect });
        cwds.set(use.segment, cwd);
      }
      // A path through a link the line made (`ln -s ~ h; grep -r x h`) is also its target's; a reader given the link
      // itself follows it.
      // Equivalent for the paths a plain reader names: the link itself resolves to the target word of the `ln` that
      // made it, a word this rule reads too (`ln -s ~/.ssh/id_rsa k && cat k` is denied at `~/.ssh/id_rsa`).
      // Stryker disable next-line ConditionalExpression: equivalent (above)
      const linked = links.length > 0 ? throughLinks(use.path, links, use.role === 'read-tree') : use.path;
      const paths = linked === use.path || linked.includes(DYN) ? [use.path] : [use.path, linked];
      let hit: ReturnType<typeof secrets.matchPattern> = null;
      for (const path of paths) hit ??= secrets.matchPattern(path, dotglob || use.dialect === PS, !use.prose, home, { home, cwd });
      let why = 'names a secret';
      // A tree read recursively reads every secret below it: a home, or a directory that holds a secret location.
      // A tree read only for some names (`find ~ -name '*.png' -exec cp {} …`) reads a secret only if a name could be one.
      for (const path of paths) {
        if (hit || use.role !== 'read-tree' || !(use.names === undefined || use.names.some((n) => secrets.nameCouldMatch(n) !== undefined))) break;
        // A home holds its projects' `.env` as well: with no fragment of the policy it is read for a secret name.
        const homes = holdsHomes(path, home, use.depth);
        const holder = homes ? config.secretPathFragments[0] : holdsSecretDirectory(path, config.secretPathFragments, { home, cwd }, dotglob || use.dialect === PS, rootHome || asRoot(analysis).has(use.segment));
        const named = config.secretBasenamePatterns.find((p) => p === '.env') ?? config.secretBasenamePatterns[0];
        if (holder !== undefined) {
          hit = { list: 'secretPathFragments', entry: holder };
          why = 'is read recursively, and holds a secret';
        } else if (named !== undefined && (homes || ((use.depth === undefined || use.depth >= 1) && sweepsHome(path, home)))) {
          hit = { list: 'secretBasenamePatterns', entry: named };
          why = "is read recursively: every entry of a home, where each project's secrets lie";
        }
      }
      if (hit === null) continue;
      seen.add(key);
      findings.push({
        rule: 'secret.path',
        kind: 'secret',
        message: `${display(use.text)} ${why} (${hit.list}: ${hit.entry})`,
        span: use.span,
        segment: use.segment,
      });
    }
    // Its names kept in a file (`> list.txt`) may be read by a later command as well.
    // Stryker disable next-line StringLiteral: equivalent — a computed target's stand-in is no /dev name, as '' is not.
    const kept = (seg: (typeof analysis.segments)[number] | undefined) => seg?.redirects.some((r) => /^(>|>>|>\||&>|&>>)$/.test(r.op) && (r.fd === undefined || r.fd === 1) && !/^\/dev\/(null|stdout|stderr|tty)$/.test(r.target?.values?.[0] ?? '')) === true;
    for (const inv of analysis.invocations) {
      const seg = analysis.segments[inv.segment];
      // Nested text (`bash -c "find …"`) prints where the command that runs it does: its names are read on only where
      // that one (any enclosing segment, as nested words share its span) is piped or kept.
      const outer = inv.depth > 0 && seg ? analysis.segments.filter((s) => s.depth < inv.depth && s.span.start <= seg.span.start && seg.span.end <= s.span.end) : [];
      const enclosedRead = inv.depth > 0 && (seg === undefined || outer.length === 0 || outer.some((s) => s.piped === true || kept(s)));
      for (const w of findGlobs(inv, seg?.piped === true || kept(seg) || enclosedRead || inv.wrappers.some((x) => !PASS_THROUGH.test(x)))) {
        const key = spanKey(w.span);
        if (seen.has(key) || w.values === null) continue;
        // A name test is anchored nowhere: `-name 'id_*'` is any directory's `id_*`.
        const hit = w.values.map((v) => secrets.matchPattern(resolvePath(markGlob(v, inv.dialect), { cwd: null, home: analysis.home, dialect: inv.dialect }), true, true, null)).find((h) => h !== null);
        if (!hit) continue;
        seen.add(key);
        findings.push({
          rule: 'secret.path',
          kind: 'secret',
          message: `find ${display(w)} could match a secret (${hit.list}: ${hit.entry})`,
          span: w.span,
          segment: inv.segment,
        });
      }
    }
    // The paths find printed, narrowed by a filter to names (`find . | grep '\.pem$' | xargs cat`), read by the
    // program they are handed to: a name that could be a secret's is read as find's own `-name '*.pem'` is.
    for (const inv of analysis.invocations) {
      for (const w of inv.args) {
        if (w.values !== null || !w.under) continue;
        const roles = (inv.uses ?? []).filter((u) => u.span.start === w.span.start && u.span.end === w.span.end && u.text === w.text);
        if (roles.length > 0 && !roles.some((u) => READS.has(u.role))) continue;
        // Stryker disable next-line ArrayDeclaration: equivalent — a stand-in name matches no secret pattern, as no name does.
        const names = w.under.flatMap((u) => u.names ?? []);
        const hit = names.map((n) => [n, secrets.matchPattern(resolvePath(markGlob(n, inv.dialect), { cwd: null, home: analysis.home, dialect: inv.dialect }), true, true, null)] as const).find(([, h]) => h !== null);
        const key = spanKey(w.span);
        if (!hit || seen.has(key)) continue;
        seen.add(key);
        findings.push({ rule: 'secret.path', kind: 'secret', message: `${inv.program} reads what find printed named ${hit[0]}, which could be a secret (${hit[1]!.list}: ${hit[1]!.entry})`, span: w.span, segment: inv.segment });
      }
    }
    return findings;
  },
};
