// CLIs that keep a credential in a store the policy names a secret, and print it when asked (`gh auth token`,
// `aws configure get aws_secret_access_key`): that mode reads the store, so secret.path denies it as it denies
// `cat ~/.config/gh/hosts.yml`. Their other modes use the credential without printing it, and say nothing of their words.
import type { ProgramEntry } from '../types.js';
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
    prints: /^configure (get \S*(secret|key|token|session)\S*|export-credentials)/i,
    summary: 'AWS CLI: configure get of a key and configure export-credentials print the credentials in ~/.aws',
    examples: { deny: ['aws configure get aws_secret_access_key', 'aws configure export-credentials --format env'], pass: ['aws s3 ls', 'aws configure get region'] },
  },
  {
    names: ['gcloud'],
    store: '~/.config/gcloud/',
    prints: /^(auth (application-default )?print-(access|identity)-token|config config-helper)/,
    summary: 'Google Cloud CLI: auth print-access-token (and config config-helper) print a token from ~/.config/gcloud',
    examples: { deny: ['gcloud auth print-access-token', 'gcloud auth application-default print-access-token'], pass: ['gcloud config list', 'gcloud compute instances list'] },
  },
  {
    names: ['az'],
    store: '~/.azure/',
    prints: /^account get-access-token/,
    summary: 'Azure CLI: account get-access-token prints a token from ~/.azure',
    examples: { deny: ['az account get-access-token'], pass: ['az account show'] },
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
];

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
    if (!first || !(k.prints.test(joined) || call.args.some((a) => a.values === null))) return {};
    return { uses: [{ word: storeWord(first, k.store), role: 'read' }] };
  },
}));
