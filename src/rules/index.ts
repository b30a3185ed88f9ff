// Every rule, in one list; the analyzer runs them in order over a resolved command line.
import type { Finding } from '../types.js';
import type { Rule, RuleConfig, RuleContext } from './rule.js';

export type { Rule, RuleConfig, RuleContext, RuleExample } from './rule.js';

export const DEFAULT_RULE_CONFIG: RuleConfig = {
  deniedNetworkBinaries: ['curl', 'wget', 'nc', 'ncat', 'netcat', 'socat', 'ssh', 'scp', 'sftp', 'rsync', 'telnet', 'ftp'],
  secretPathFragments: [
    '/.ssh/',
    '/.aws/',
    '/.gnupg/',
    '/.docker/config.json',
    '/.npmrc',
    '/.netrc',
    '/.pgpass',
    '/.kube/config',
    '/.git-credentials',
    '/.config/gh/hosts.yml',
  ],
  secretBasenamePatterns: ['.env', '.env.*', '!.env.example', '!.env.sample', '!.env.template', 'id_rsa', 'id_dsa', 'id_ecdsa', 'id_ed25519', '*.pem', '*.key'],
  protectedWriteFragments: ['/.git/'],
  persistenceWriteBasenames: [
    '.bashrc',
    '.bash_profile',
    '.bash_login',
    '.bash_logout',
    '.profile',
    '.zshrc',
    '.zshenv',
    '.zprofile',
    '.zlogin',
    '.zlogout',
    '.envrc',
    'authorized_keys',
  ],
  persistenceWriteDirectories: ['/.git/hooks/', '/.config/systemd/user/', '/.config/autostart/'],
  denyInlineInterpreters: false,
};

export const RULES: readonly Rule[] = [];

export function runRules(ctx: RuleContext): Finding[] {
  const findings: Finding[] = [];
  for (const rule of RULES) findings.push(...rule.check(ctx));
  return findings;
}
