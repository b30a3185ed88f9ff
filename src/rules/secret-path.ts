// secret.path: a word that resolves, or a glob that could expand, to a path the policy calls secret.
import type { Finding } from '../types.js';
import { compile } from './compiled.js';
import { resolvePath } from './paths.js';
import type { Rule } from './rule.js';
import { display, pathUses } from './words.js';

const PS = 'powershell' as const;

export const secretPath: Rule = {
  id: 'secret.path',
  kind: 'secret',
  description: 'A word, assignment, redirection, string or heredoc resolves (through ~, $HOME, cd, .., globs) to a secret path.',
  examples: {
    deny: [
      'cat ~/.ssh/id_rsa',
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
      'cd ~ && cat .ssh/known_hosts',
      'cat < ~/.ssh/id_ed25519',
      'KEY=~/.ssh/id_rsa ./deploy.sh',
      'tar czf /tmp/k.tgz ~/.ssh',
      'base64 -w0 ~/.gnupg/secring.gpg',
      'python3 -c "open(\'/home/u/.ssh/id_rsa\').read()"',
      'node -e "require(\'fs\').readFileSync(\'.env\')"',
      'some-tool --key-file=~/.ssh/id_ecdsa',
      'cat <<EOF\n~/.aws/credentials\nEOF',
      { command: 'Get-Content ~/.ssh/id_rsa', shell: PS },
      { command: 'gc ~\\.aws\\credentials', shell: PS },
      { command: 'type $env:USERPROFILE\\.ssh\\id_rsa', shell: PS },
      { command: 'Get-Content C:\\Users\\u\\.ssh\\id_ed25519', shell: PS },
    ],
    pass: [
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
      { command: 'Get-Content notes.txt', shell: PS },
      { command: 'Get-ChildItem ~\\Documents', shell: PS },
    ],
  },
  check({ analysis, config }) {
    const { secrets } = compile(config);
    const { uses, dotglob } = pathUses(analysis);
    const home = resolvePath(analysis.home, { cwd: null, home: analysis.home, dialect: analysis.dialect });
    const findings: Finding[] = [];
    const seen = new Set<string>();
    for (const use of uses) {
      const key = `${use.span.start}:${use.span.end}`;
      if (seen.has(key)) continue;
      const hit = secrets.matchPattern(use.path, dotglob, !use.prose, home);
      if (hit === null) continue;
      seen.add(key);
      findings.push({
        rule: 'secret.path',
        kind: 'secret',
        message: `${display(use.text)} names a secret (${hit.list}: ${hit.entry})`,
        span: use.span,
        segment: use.segment,
      });
    }
    return findings;
  },
};
