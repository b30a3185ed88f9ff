// CLIs that keep a credential in a store the policy names a secret, and print it when asked (`gh auth token`,
// `aws configure get aws_secret_access_key`): that mode reads the store, so secret.path denies it as it denies
// `cat ~/.config/gh/hosts.yml`. Their other modes use the credential without printing it, and say nothing of their words.
import { alsoUses } from '../build.js';
import type { Call, ProgramEntry, Run } from '../types.js';
import type { Word } from '../../types.js';
import { attached, value } from '../words.js';

interface Keeper {
  names: string[];
  /** Where the credential is kept (an entry of the default secretPathFragments). */
  store: string;
  /** The arguments, joined by spaces, of a call that prints it. */
  prints: RegExp;
  summary: string;
  examples: ProgramEntry['examples'];
  /** What else it runs, for a keeper that also runs a command (`sops exec-env FILE CMD`). */
  runs?(call: Call): Run[];
  /** The calls (arguments joined by spaces) that destroy data the cloud holds (`s3 rm --recursive`, `group delete`). */
  destroys?: RegExp;
}

const KEEPERS: Keeper[] = [
  {
    names: ['gh'],
    store: '~/.config/gh/hosts.yml',
    prints: /^auth (token|status\b.*(\s--show-token|\s-t\b))/,
    summary: 'GitHub CLI: gh auth token (and auth status -t) prints the token kept in ~/.config/gh/hosts.yml',
    examples: { deny: ['gh auth token', 'gh auth status --show-token'], pass: ['gh pr list', 'gh auth status'] },
  },
  {
    names: ['aws'],
    store: '~/.aws/credentials',
    prints: /^(configure (get \S*(secret|key|token|session)\S*|export-credentials)|ecr(-public)? get-login-password|sts get-session-token|sts assume-role|secretsmanager get-secret-value|ssm get-parameters?(-by-path)?\b.*--with-decryption)/i,
    summary: 'AWS CLI: configure get of a key and export-credentials print the credentials in ~/.aws; ecr get-login-password, sts tokens, secretsmanager and decrypted ssm parameters print secrets got with them',
    destroys: /(?:^|\s)(s3 rm\b.*--recursive|s3 rb\b.*--force|s3api delete-bucket\b|rds delete-db-(instance|cluster)\b|dynamodb delete-table\b|ec2 terminate-instances\b|ec2 delete-volume\b|cloudformation delete-stack\b|eks delete-cluster\b)/,
    examples: { deny: ['aws configure get aws_secret_access_key', 'aws configure export-credentials --format env', 'aws ecr get-login-password --region eu-west-1', 'aws secretsmanager get-secret-value --secret-id db', 'aws ssm get-parameter --name /db/pw --with-decryption', 'aws s3 rm s3://prod-data --recursive', 'aws --profile prod s3 rm s3://x --recursive', 'aws rds delete-db-instance --db-instance-identifier prod'], pass: ['aws s3 ls', 'aws configure get region', 'aws ecr describe-repositories', 'aws ssm get-parameter --name /app/region', 'aws s3 rm s3://bucket/tmp/x.log'] },
  },
  {
    names: ['gcloud'],
    store: '~/.config/gcloud/',
    prints: /^(auth (application-default )?print-(access|identity)-token|config config-helper|secrets versions access)/,
    summary: 'Google Cloud CLI: auth print-access-token (and config config-helper) print a token from ~/.config/gcloud; secrets versions access prints a secret',
    destroys: /(?:^|\s)(projects delete\b|sql instances delete\b|sql databases delete\b|storage rm\b.*(-r\b|--recursive)|storage buckets delete\b|container clusters delete\b|compute disks delete\b|spanner (instances|databases) delete\b|firestore databases delete\b)/,
    examples: { deny: ['gcloud auth print-access-token', 'gcloud auth application-default print-access-token', 'gcloud secrets versions access latest --secret=db', 'gcloud sql instances delete prod'], pass: ['gcloud config list', 'gcloud compute instances list', 'gcloud secrets list', 'gcloud sql instances list'] },
  },
  {
    names: ['az'],
    store: '~/.azure/',
    prints: /^(account get-access-token|keyvault secret (show|download)|acr login\b.*--expose-token)/,
    summary: 'Azure CLI: account get-access-token and acr login --expose-token print a token from ~/.azure; keyvault secret show prints a secret',
    destroys: /(?:^|\s)(group delete\b|sql (db|server) delete\b|storage (account|container) delete\b|cosmosdb delete\b|aks delete\b|disk delete\b|postgres (flexible-server|server) delete\b)/,
    examples: { deny: ['az account get-access-token', 'az keyvault secret show --vault-name v -n db', 'az acr login -n reg --expose-token', 'az group delete -n prod --yes'], pass: ['az account show', 'az keyvault secret list --vault-name v', 'az group list'] },
  },
  {
    names: ['heroku'],
    store: '~/.netrc',
    prints: /^(auth:token|authorizations:create|config(:get)?)(\s|$)/,
    summary: 'Heroku CLI: auth:token prints the token it keeps in ~/.netrc; config prints an app’s secrets with it',
    examples: { deny: ['heroku auth:token', 'heroku config -a app'], pass: ['heroku logs --tail', 'heroku ps'] },
  },
  {
    names: ['vault'],
    store: '~/.vault-token',
    prints: /^(print token|token lookup|kv get|read)(\s|$)/,
    summary: 'HashiCorp Vault: print token, token lookup, kv get and read print secrets with the token in ~/.vault-token',
    examples: { deny: ['vault kv get secret/app', 'vault print token'], pass: ['vault status', 'vault kv list secret/'] },
  },
  {
    names: ['pass', 'gopass'],
    store: '~/.password-store/',
    prints: /^(?!(ls|list|init|insert|add|generate|edit|rm|mv|cp|git|find|search|grep|help|version|--help|--version)(\s|$))\S/,
    summary: 'pass: show (or a bare name) prints a password from ~/.password-store',
    examples: { deny: ['pass show github', 'pass github'], pass: ['pass ls', 'pass init KEYID'] },
  },
  {
    names: ['secret-tool'],
    store: '~/.local/share/keyrings/',
    prints: /^lookup(\s|$)/,
    summary: 'secret-tool lookup prints a secret from the keyring',
    examples: { deny: ['secret-tool lookup service github'], pass: ['secret-tool --help'] },
  },
  {
    names: ['security'],
    store: '~/Library/Keychains/login.keychain-db',
    prints: /^(find-(generic|internet)-password\b.*\s-[a-zA-Z]*[wg]|dump-keychain\b.*\s-[a-zA-Z]*d)/,
    summary: 'macOS security: find-*-password -w/-g and dump-keychain -d print secrets from the keychains',
    examples: { deny: ['security find-generic-password -s github -w', 'security find-generic-password -wa github', 'security dump-keychain -d login.keychain'], pass: ['security list-keychains', 'security find-generic-password -s github'] },
  },
  {
    names: ['sops'],
    store: '~/.config/sops/',
    prints: /(^|\s)(-d|--decrypt|decrypt|--extract)(\s|=|$)/,
    summary: 'sops: -d/decrypt prints a file’s secrets, decrypted with the keys in ~/.config/sops (exec-env and exec-file run shell text)',
    examples: { deny: ['sops -d secrets.enc.yaml', 'sops decrypt --extract \'["db"]\' secrets.enc.json', "sops exec-env secrets.enc.json 'curl evil.example'"], pass: ['sops -e -i secrets.yaml', "sops exec-env secrets.enc.json 'npm start'"] },
    runs: (call) => {
      // `sops exec-env FILE CMD` and `exec-file FILE CMD` run CMD through a shell, the secrets in its environment or a file.
      const at = call.args.findIndex((a) => /^exec-(env|file)$/.test(value(a) ?? ''));
      const cmd = at >= 0 ? call.args.slice(at + 1).filter((a) => !(value(a) ?? '').startsWith('-'))[1] : undefined;
      return cmd ? [{ kind: 'script', dialect: 'bash', words: [cmd], via: `sops ${value(call.args[at])}` }] : [];
    },
  },
  {
    names: ['bw'],
    store: '~/.config/Bitwarden CLI/',
    prints: /^(get|list|export|unlock|serve|send receive)(\s|$)/,
    summary: 'Bitwarden CLI: get, list items, export and unlock --raw print vault secrets (the session in ~/.config/Bitwarden CLI)',
    examples: { deny: ['bw get password github', 'bw list items', 'bw export --format json'], pass: ['bw status', 'bw sync'] },
  },
  {
    names: ['lpass'],
    store: '~/.lpass/',
    prints: /^(show|export)(\s|$)/,
    summary: 'LastPass CLI: show and export print secrets (the session in ~/.lpass)',
    examples: { deny: ['lpass show --password github', 'lpass export'], pass: ['lpass ls', 'lpass status'] },
  },
  {
    names: ['docker-credential-desktop', 'docker-credential-osxkeychain', 'docker-credential-secretservice', 'docker-credential-pass', 'docker-credential-wincred', 'docker-credential-ecr-login', 'docker-credential-gcloud'],
    store: '~/.docker/config.json',
    prints: /^(get|list)(\s|$)/,
    summary: 'Docker credential helpers: get prints a registry login from the store ~/.docker/config.json names; list the servers',
    examples: { deny: ['echo https://index.docker.io/v1/ | docker-credential-desktop get'], pass: ['docker-credential-desktop version'] },
  },
  {
    names: ['git-credential-store', 'git-credential-cache', 'git-credential-libsecret', 'git-credential-osxkeychain', 'git-credential-manager', 'git-credential-manager-core', 'git-credential-wincred'],
    store: '~/.git-credentials',
    prints: /^(get)(\s|$)/,
    summary: 'git credential helpers: get prints the login kept for a host',
    examples: { deny: ["printf 'protocol=https\\nhost=github.com\\n' | git-credential-store get"], pass: ['git-credential-manager --version'] },
  },
];

/** Where a credential is kept (an entry of the default secretPathFragments) and the calls, arguments joined, that print it. */
export interface Prints {
  store: string;
  prints: RegExp;
}

/** A program with an entry of its own (`op run`, `npm`, `gpg`) that also prints a credential it keeps, in one mode. */
export function keeping(entry: ProgramEntry, k: Prints & { examples: ProgramEntry['examples'] }): ProgramEntry {
  // Computed words stand as NUL: a pattern says where one could be the mode that prints.
  return alsoUses(entry, { file: k.store, when: k.prints, role: 'read', summary: `prints a credential kept in ${k.store}`, examples: k.examples });
}

/** The store, read at the word `at` (the subcommand that prints it): a finding stands there and names the store's list entry. */
export function storeWord(at: Word, store: string): Word {
  return attached(at, store);
}

export const CREDENTIAL_ENTRIES: ProgramEntry[] = KEEPERS.map((k) => ({
  names: k.names,
  summary: k.summary,
  examples: k.examples,
  analyze(call) {
    const first = call.args[0];
    const joined = call.args.map((a) => value(a) ?? '\u0000').join(' ');
    // A computed word could be the subcommand that prints: it reads the store too.
    const runs = k.runs?.(call) ?? [];
    const hit = k.destroys?.exec(joined)?.[1];
    const destroys = first && hit !== undefined ? [{ word: first, what: 'data' as const, why: `${call.name} ${hit.split(' ').slice(0, 2).join(' ')} deletes data the cloud holds, which nothing on the line brings back` }] : [];
    const more = destroys.length > 0 ? { destroys } : {};
    if (!first || !(k.prints.test(joined) || call.args.some((a) => a.values === null))) return { runs, ...more };
    return { runs, ...more, uses: [{ word: storeWord(first, k.store), role: 'read' }] };
  },
}));
