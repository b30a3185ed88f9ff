// Every rule, in one list; the analyzer runs them in order over a resolved command line.
import type { Finding } from '../types.js';
import { CANNOT_VOUCH_RULES } from './cannot-vouch.js';
import { DESTRUCTIVE_RULES } from './destructive.js';
import { egressBinary } from './egress-binary.js';
import { egressDevTcp } from './egress-dev-tcp.js';
import { egressDotnet } from './egress-dotnet.js';
import { egressInterpreter } from './egress-interpreter.js';
import { envDump } from './env-dump.js';
import { interpInline } from './interp-inline.js';
import type { Rule, RuleConfig, RuleContext } from './rule.js';
import { secretPath } from './secret-path.js';
import { unknownProgram } from './unknown-program.js';
import { writePersistence } from './write-persistence.js';
import { writeProtected } from './write-protected.js';

export type { Rule, RuleConfig, RuleContext, RuleExample } from './rule.js';

export const DEFAULT_RULE_CONFIG: RuleConfig = {
  deniedNetworkBinaries: [
    'curl',
    'wget',
    'nc',
    'ncat',
    'netcat',
    'socat',
    'ssh',
    'scp',
    'sftp',
    'rsync',
    'telnet',
    'ftp',
    'rsh',
    'rlogin',
    'rcp',
    'rexec',
    // The same class beyond the list: download managers, HTTP and socket clients, text browsers.
    'aria2c',
    'axel',
    'lftp',
    'tftp',
    'http',
    'https',
    'xh',
    'curlie',
    'httpie',
    'websocat',
    'wscat',
    'grpcurl',
    'lynx',
    'w3m',
    'links',
    'elinks',
    'smbclient',
    'invoke-webrequest',
    'invoke-restmethod',
    'start-bitstransfer',
    'iwr',
    'irm',
    'test-netconnection',
    // DNS clients: a lookup of `<data>.attacker.example` carries data out.
    'dig',
    'nslookup',
    'host',
    'drill',
    'kdig',
    'resolve-dnsname',
    // Scanners, more remote-shell and file-transfer clients, tunnels, mail.
    'ssh-keyscan',
    'nmap',
    'masscan',
    'zmap',
    'mosh',
    'autossh',
    'dbclient',
    'plink',
    'pscp',
    'psftp',
    'ncftp',
    'ncftpget',
    'ncftpput',
    'wget2',
    'lwp-request',
    'lwp-download',
    'lwp-mirror',
    'pwncat',
    'cryptcat',
    'nc.openbsd',
    'nc.traditional',
    'rclone',
    'croc',
    'wormhole',
    'ngrok',
    'chisel',
    'frpc',
    'mail',
    'mailx',
    'sendmail',
    'mutt',
    'swaks',
    'msmtp',
    'send-mailmessage',
    'bitsadmin',
    // Windows programs that download or connect in one mode (their registry entries say when they do not).
    'mshta',
    'msiexec',
    'regsvr32',
    'rundll32',
    'net',
    'chrome',
    'msedge',
    'firefox',
    'chromium',
    'chromium-browser',
    'google-chrome',
    'google-chrome-stable',
    'brave',
    'opera',
    // Remoting: another machine runs the script block, or answers (local sessions are offline, as the entries say).
    'invoke-command',
    'enter-pssession',
    'new-pssession',
    'test-wsman',
    // ICMP: the name looked up and the packets sent carry data out, as a DNS client's lookup does.
    'ping',
    'ping6',
    'tracert',
    'traceroute',
    'pathping',
    'test-connection',
    // Programs that are network clients only in one mode: `program argument`.
    'openssl s_client',
    'openssl s_server',
    'openssl s_time',
    'certutil -urlcache',
    'certutil -verifyctl',
  ],
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
    // Other well-known credential stores. Fragments match anywhere in a path, so only dot-directories
    // belong here: a glob's `*` cannot reach them, while `/run/secrets/` would match `**/*` anywhere.
    '/.config/gcloud/',
    '/.azure/',
    '/.pypirc',
    '/.cargo/credentials',
    '/.gem/credentials',
    '/.vault-token',
    '/.terraform.d/credentials.tfrc.json',
    '/.cargo/credentials.toml',
    '/.config/hub',
    '/.my.cnf',
    '/.s3cfg',
    '/.boto',
    '/.databrickscfg',
    '/.config/rclone/',
    '/.config/op/',
    '/.config/doctl/',
    '/.oci/',
    '/.huggingface/token',
    '/.cache/huggingface/token',
    // Password managers, keyrings and browser profiles (saved logins, cookies).
    '/.password-store/',
    '/.local/share/keyrings/',
    '/.mozilla/firefox/',
    '/.config/google-chrome/',
    '/.config/chromium/',
    '/.config/bravesoftware/',
  ],
  // A `!` pattern names public files: it exempts them wherever they are, `~/.ssh/id_ed25519.pub` and `known_hosts`
  // included, and dotenv files that are templates, schemas, types or documentation rather than values.
  secretBasenamePatterns: ['.env', '.env.*', '!.env.example', '!.env.sample', '!.env.template', '!.env.dist', '!.env.schema', '!.env*.d.ts', '!.env*.md', '!*.pub', '!known_hosts', '!known_hosts.old', 'id_rsa', 'id_dsa', 'id_ecdsa', 'id_ed25519', '*.pem', '*.key', '*.p12', '*.pfx', '*.jks', '*.keystore', '*.kdbx', 'ssh_host_*_key', 'credentials.json'],
  protectedWriteFragments: ['/.git/'],
  // Names that run wherever they are: direnv loads any directory's `.envrc`; sshd reads `authorized_keys`.
  persistenceWriteBasenames: ['.envrc', 'authorized_keys', 'authorized_keys2', 'microsoft.*_profile.ps1'],
  persistenceWriteDirectories: [
    // Start-up files are read in a home directory: `~/` anchors them there, so `dotfiles/.bashrc` in a project is
    // a file like any other (see PathMatcher's anchoredAt).
    '~/.bashrc',
    '~/.bash_profile',
    '~/.bash_login',
    '~/.bash_logout',
    '~/.profile',
    '~/.zshrc',
    '~/.zshenv',
    '~/.zprofile',
    '~/.zlogin',
    '~/.zlogout',
    '~/.bash_aliases',
    '~/.xprofile',
    '~/.xinitrc',
    '~/.xsessionrc',
    '~/.vimrc',
    '~/.exrc',
    '~/.pam_environment',
    '/.config/environment.d/',
    '/.local/share/applications/',
    // PowerShell profiles: the user's (Windows, and ~/.config/powershell elsewhere) and $PSHOME's.
    '/documents/powershell/',
    '/documents/windowspowershell/',
    '/.config/powershell/',
    '/powershell/7/profile.ps1',
    '/windowspowershell/v1.0/profile.ps1',
    '/.git/hooks/',
    // ssh runs ~/.ssh/rc at login, and ~/.ssh/config's ProxyCommand and LocalCommand on connect.
    '/.ssh/',
    '/.git/config',
    // A project's own hooks and settings that its tools run: husky, VS Code tasks and launch, dev containers.
    '/.husky/',
    '/.vscode/settings.json',
    '/.vscode/launch.json',
    '/.devcontainer/',
    '/.cargo/config',
    '/.cargo/config.toml',
    // Configuration whose settings run commands or redirect installs later.
    '/.gitconfig',
    '/.config/git/config',
    '/.pip/pip.conf',
    '/.config/pip/pip.conf',
    '/.vscode/tasks.json',
    // Programs on the user's PATH, found before the system's.
    '/.local/bin/',
    '/.config/systemd/user/',
    '/.config/autostart/',
    '/.config/fish/',
    '/etc/profile',
    '/etc/profile.d/',
    '/etc/bash.bashrc',
    '/etc/zsh/',
    '/etc/zshrc',
    '/etc/environment',
    '/etc/cron.d/',
    '/etc/cron.hourly/',
    '/etc/cron.daily/',
    '/etc/cron.weekly/',
    '/etc/cron.monthly/',
    '/etc/anacrontab',
    '/etc/crontab',
    '/var/spool/cron/',
    '/etc/systemd/system/',
    '/library/launchagents/',
    '/library/launchdaemons/',
    '/start menu/programs/startup/',
    '/currentversion/run/',
    '/currentversion/runonce/',
  ],
  denyInlineInterpreters: false,
  destructive: 'standard',
  destructiveFamilies: ['delete', 'git', 'disk'],
  tempDirectories: ['/tmp', '/var/tmp', '/private/tmp', '/private/var/folders', '/dev/shm', '~/AppData/Local/Temp', 'C:/Windows/Temp'],
};

/** Detection rules first, then the cannot-vouch floor (whose findings resolution has already made). */
export const RULES: readonly Rule[] = [
  egressBinary,
  egressDevTcp,
  egressDotnet,
  egressInterpreter,
  envDump,
  secretPath,
  writePersistence,
  writeProtected,
  ...DESTRUCTIVE_RULES,
  interpInline,
  unknownProgram,
  ...CANNOT_VOUCH_RULES,
];

/** Every rule id vouch can report; a verdict's rule is always one of these. */
export const RULE_IDS: readonly string[] = RULES.map((r) => r.id);

export function runRules(ctx: RuleContext): Finding[] {
  const findings: Finding[] = [];
  for (const rule of RULES) for (const f of rule.check(ctx)) findings.push(f);
  return findings;
}
