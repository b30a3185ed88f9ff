// Path resolution and glob matching as the rules use them: what a word could name, read as the shell would.
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULE_CONFIG } from '../src/rules/index.js';
import { compile } from '../src/rules/compiled.js';
import { PathMatcher, resolvePath } from '../src/rules/paths.js';
import { markDynamic, markGlob } from '../src/rules/words.js';

const bash = { cwd: '/home/u/project', home: '/home/u', dialect: 'bash' as const };
const ps = { cwd: 'C:\\Users\\u\\project', home: 'C:\\Users\\u', dialect: 'powershell' as const };

describe('resolvePath', () => {
  it.each([
    ['~/.ssh/id_rsa', bash, '/home/u/.ssh/id_rsa'],
    ['~', bash, '/home/u'],
    ['../.ssh//id_rsa', bash, '/home/u/.ssh/id_rsa'],
    ['./a/./b/../c', bash, '/home/u/project/a/c'],
    ['/../../etc///passwd', bash, '/etc/passwd'],
    ['/Home/U/.SSH/ID_RSA', bash, '/home/u/.ssh/id_rsa'],
    ['~bob/.ssh', bash, '/home/bob/.ssh'],
    ['~\\.aws\\credentials', ps, '/c:/users/u/.aws/credentials'],
    ['..\\..\\u\\.ssh\\id_rsa', ps, '/c:/users/u/.ssh/id_rsa'],
    ['D:\\keys\\..\\..\\..\\x', ps, '/d:/x'],
    ['FileSystem::C:\\Users\\u\\.npmrc', ps, '/c:/users/u/.npmrc'],
  ])('%s resolves to %s', (raw, ctx, want) => {
    expect(resolvePath(raw, ctx)).toBe(want);
  });

  it('anchors a relative path at / when the directory is unknown, so fragments still meet it', () => {
    expect(resolvePath('.ssh/id_rsa', { ...bash, cwd: null })).toBe('/.ssh/id_rsa');
    expect(resolvePath('../../.aws/credentials', { ...bash, cwd: null })).toBe('/.aws/credentials');
  });
});

describe('secret matching', () => {
  const secrets = compile(DEFAULT_RULE_CONFIG).secrets;
  const literal = (p: string) => secrets.matchLiteral(resolvePath(p, bash))?.entry ?? null;
  const glob = (p: string, dotglob = false) => secrets.matchPattern(resolvePath(markGlob(p), bash), dotglob, true, '/home/u')?.entry ?? null;

  it('appends a separator to fragments: ~/.ssh matches /.ssh/, ~/.sshrc does not', () => {
    expect(literal('~/.ssh')).toBe('/.ssh/');
    expect(literal('~/.sshrc')).toBeNull();
    expect(literal('~/.npmrc')).toBe('/.npmrc');
    expect(literal('~/.npmrc.bak')).toBeNull();
    expect(literal('~/.docker/config.json')).toBe('/.docker/config.json');
  });

  it('matches basename patterns with their exclusions', () => {
    expect(literal('.env')).toBe('.env');
    expect(literal('config/.env.production')).toBe('.env.*');
    expect(literal('.env.example')).toBeNull();
    expect(literal('.env.template')).toBeNull();
    expect(literal('certs/tls.KEY')).toBe('*.key');
    expect(literal('id_rsa.pub')).toBeNull();
    expect(literal('environment.ts')).toBeNull();
  });

  it.each([
    ['~/.ssh/*', '/.ssh/'],
    ['~/.ss*/id_*', '/.ssh/'],
    ['/home/*/.ssh/id_rsa', '/.ssh/'],
    ['~/.*', '/.ssh/'],
    ['~/.s?h/config', '/.ssh/'],
    ['*.pem', '*.pem'],
    ['.e*', '.env'],
    // A dot and wildcards asks for the dot names: bash's `*` never matches a leading dot, so the dot is the one
    // character a dot name needs.
    ['.*', '.env'],
    ['wordpress/.*', '.env'],
    ['.[!.]*', '.env'],
    ['id_*', 'id_rsa'],
  ])('the glob %s could name a secret (%s)', (pattern, entry) => {
    expect(glob(pattern)).toBe(entry);
  });

  it('reaches ~/.aws through a dot-glob directory in the home directory', () => {
    const aws = new PathMatcher(['/.aws/'], [], 'secretPathFragments', 'secretBasenamePatterns');
    expect(aws.matchPattern(resolvePath(markGlob('~/.*/credentials'), bash), false, true, '/home/u')?.entry).toBe('/.aws/');
    expect(aws.matchPattern(resolvePath(markGlob('/srv/www/.*/credentials'), bash), false, true, '/home/u')).toBeNull();
  });

  it.each(['~/*', '~/*/*.txt', '*', '*.*', '*.txt', 'fgh*', 'anaconda.*', 'wordpress/.*ignore', '.*rc.json', '/dev/sd*[a-z]', 'src/**/*.ts'])(
    'the glob %s names no secret',
    (pattern) => {
      expect(glob(pattern)).toBeNull();
    },
  );

  it('lets * reach dot directories once dotglob is set', () => {
    expect(glob('~/*/id_rsa', true)).toBe('/.ssh/');
    expect(glob('~/*/config', true)).toBe('/.ssh/');
    expect(glob('~/*/config', false)).toBeNull();
  });

  it('reaches a store kept outside dot directories without dotglob: pip\'s legacy ~/pip/pip.ini on Windows', () => {
    expect(glob('~/*/*', false)).toBe('~/pip/pip.ini');
    expect(glob('~/*/*.ini', false)).toBe('~/pip/pip.ini');
  });

  it('reads runtime values as wildcards that never stand for policy text', () => {
    const dyn = (t: string) => secrets.matchPattern(resolvePath(markDynamic(t, bash), bash), false, true, '/home/u')?.entry ?? null;
    expect(dyn('$HOME/.ssh/$KEY')).toBe('/.ssh/');
    expect(dyn('"${HOME}/.aws/$f"')).toBe('/.aws/');
    expect(dyn('$DIR/id_rsa')).toBe('id_rsa');
    expect(dyn('$NAME.pem')).toBe('*.pem');
    expect(dyn('"$DIR/$FILE"')).toBeNull();
    expect(dyn('/boot/config-$(uname -r)')).toBeNull();
    expect(dyn('"$archive.tar"')).toBeNull();
    expect(dyn('".*$2"')).toBeNull();
  });

  it('uses a policy of its own: fragments without a leading slash match the end of a name', () => {
    const m = new PathMatcher(['secrets/'], ['*.p12'], 'secretPathFragments', 'secretBasenamePatterns');
    expect(m.matchLiteral('/srv/app-secrets/db')?.entry).toBe('secrets/');
    expect(m.matchLiteral(resolvePath('/srv/cert.P12', bash))?.entry).toBe('*.p12');
    expect(m.matchLiteral('/srv/secretsfile')).toBeNull();
  });

  it('merges wildcard runs and knows no name is longer than NAME_MAX', () => {
    expect(glob(`~/.ss${'*'.repeat(1000)}/id_x`)).toBe('/.ssh/');
    expect(glob(`.e${'x'.repeat(300)}*`)).toBeNull();
    expect(glob(`~/.s${'?'.repeat(300)}/config`)).toBeNull();
  });

  it('compiles a config once and reuses it by identity', () => {
    expect(compile(DEFAULT_RULE_CONFIG)).toBe(compile(DEFAULT_RULE_CONFIG));
    expect(compile({ ...DEFAULT_RULE_CONFIG })).not.toBe(compile(DEFAULT_RULE_CONFIG));
  });
});
