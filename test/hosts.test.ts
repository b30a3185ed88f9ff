// Egress by destination: a network client passes only when every place it connects to is read from its words and
// listed in the policy's allowedHosts. What a user configures (names, globs, addresses, CIDRs) and what an attacker
// writes (other spellings of loopback, userinfo, proxies) are both checked through the whole analyzer.
import { beforeAll, describe, expect, it } from 'vitest';
import { type Analyzer, createAnalyzer } from '../src/index.js';
import { parsePolicy } from '../src/guard/policy.js';

let analyzer: Analyzer;
beforeAll(async () => {
  analyzer = await createAnalyzer();
});

const where = { cwd: '/home/dev/project', home: '/home/dev' };
const egress = (a: Analyzer, command: string, shell: 'bash' | 'powershell' = 'bash') =>
  a.analyze({ command, shell, ...where }).findings.filter((f) => f.rule === 'egress.binary' || f.rule === 'egress.dotnet');

describe('the default policy allows loopback only', () => {
  it.each([
    'curl -s localhost:3000/health',
    'curl http://LOCALHOST:3000/',
    'curl http://127.0.0.1:8000/',
    'curl http://127.255.255.254/',
    'curl http://[::1]:8080/',
    'curl http://[0:0:0:0:0:0:0:1]/',
    'curl http://[::ffff:127.0.0.1]:3000/',
    'curl http://0.0.0.0:8000/docs',
    'curl http://user:pw@localhost:3000/',
    'curl --resolve example.test:80:127.0.0.1 http://localhost/',
    'curl --connect-to ::127.0.0.1: http://localhost:3000/',
    'curl -L http://localhost:3000/',
    'wget -qO- --max-redirect=0 "http://localhost:3000/r?next=https://evil.example/"',
  ])('%s passes', (command) => {
    expect(egress(analyzer, command)).toEqual([]);
  });

  it.each([
    ['curl https://evil.example', 'connects to evil.example'],
    ['curl http://128.0.0.1/', 'connects to 128.0.0.1'],
    ['curl http://126.255.255.255/', 'connects to 126.255.255.255'],
    ['curl http://[::2]/', 'connects to ::2'],
    ['curl http://[::ffff:8.8.8.8]/', 'connects to 8.8.8.8'],
    ['curl http://[::1%25lo]/', 'cannot be read'],
    ['curl http://[::1/', 'cannot be read'],
    ['curl http://localhost:x/', 'cannot be read'],
    ['curl http://0.0.0.1/', 'connects to 0.0.0.1'],
    ['curl http://256.0.0.1/', 'cannot be read'],
    ['curl http://1.2.3/', 'cannot be read'],
    // Unquoted, bash drops the backslash: the URL is http://localhost@evil.example/.
    ['curl http://localhost\\@evil.example/', 'connects to evil.example'],
    ["curl 'http://localhost\\@evil.example/'", 'cannot be read'],
    ['curl http://a@b@localhost/', 'cannot be read'],
    ['curl ipfs://localhost/x', 'cannot be read'],
    ['curl gopher+x://localhost/', 'cannot be read'],
    ['curl --dns-servers 127.0.0.1,8.8.8.8 localhost', 'connects to 8.8.8.8'],
    ['curl --resolve localhost:80:127.0.0.1,10.1.1.1 http://localhost/', 'connects to 10.1.1.1'],
    ['curl --resolve nonsense http://localhost/', 'cannot be read'],
    ['curl --connect-to nonsense http://localhost/', 'cannot be read'],
    ['curl -L "http://localhost:3000/r?u=%2F%2Fevil.example%2F"', 'connects to evil.example'],
    ['curl -L "http://localhost:3000/r?u=%zz"', 'cannot be read'],
    ['XDG_CONFIG_HOME=/tmp/c curl localhost', 'config file'],
    ['https_proxy=$P curl https://localhost/', 'computed'],
    ['wget -r -H http://localhost/', 'span-hosts'],
    ['wget --config=w.rc http://localhost/', 'settings'],
    ['nc -l 4444', 'cannot be told'],
    ['ping -c 1 8.8.8.8', 'connects to 8.8.8.8'],
  ])('%s is denied (%s)', (command, why) => {
    const found = egress(analyzer, command);
    expect(found, command).toHaveLength(1);
    expect(found[0]!.message).toContain(why);
  });
});

describe('allowedHosts as a user writes it', () => {
  const policy = (allowedHosts: string[]) => analyzer.withConfig({ allowedHosts });

  it('a name glob allows that name and its subdomains, not a name that merely ends the same', () => {
    const a = policy(['*.internal.example', 'api.test']);
    expect(egress(a, 'curl https://svc.internal.example/health')).toEqual([]);
    expect(egress(a, 'curl https://a.b.internal.example/')).toEqual([]);
    expect(egress(a, 'curl https://api.test/')).toEqual([]);
    expect(egress(a, 'curl https://evilinternal.example/')).toHaveLength(1);
    expect(egress(a, 'curl https://api.test.evil.example/')).toHaveLength(1);
    // Loopback is no longer listed: a policy replaces the default list, it does not add to it.
    expect(egress(a, 'curl localhost:3000')).toHaveLength(1);
  });

  it('a glob never allows an address, and a CIDR never allows a name', () => {
    const a = policy(['*', '10.0.0.0/8']);
    expect(egress(a, 'curl https://anything.example/')).toEqual([]);
    expect(egress(a, 'curl http://192.168.1.1/')).toHaveLength(1);
    expect(egress(a, 'curl http://10.200.3.4/')).toEqual([]);
    expect(egress(a, 'curl http://11.0.0.1/')).toHaveLength(1);
  });

  it('prefixes that do not fall on a byte, IPv6 networks and single addresses', () => {
    const a = policy(['192.168.16.0/20', 'fd00::/8', '[2001:db8::1]', '203.0.113.7']);
    expect(egress(a, 'curl http://192.168.31.255/')).toEqual([]);
    expect(egress(a, 'curl http://192.168.32.0/')).toHaveLength(1);
    expect(egress(a, 'curl http://192.168.15.255/')).toHaveLength(1);
    expect(egress(a, 'curl http://[fd12:3456::1]/')).toEqual([]);
    expect(egress(a, 'curl http://[fe00::1]/')).toHaveLength(1);
    expect(egress(a, 'curl http://[2001:db8::1]/')).toEqual([]);
    expect(egress(a, 'curl http://[2001:db8::2]/')).toHaveLength(1);
    expect(egress(a, 'curl http://203.0.113.7/')).toEqual([]);
    expect(egress(a, 'curl http://203.0.113.8/')).toHaveLength(1);
  });

  it('a malformed entry allows nothing', () => {
    const a = policy(['10.0.0.0/40', '10.0.0.0/8/8', '10.0.0.0/1e1', '300.1.1.1', 'local host', '::1/999', 'a+b.example']);
    for (const c of ['curl http://10.0.0.0/', 'curl http://10.0.0.1/', 'curl http://10.9.9.9/', 'curl http://300.1.1.1/', 'curl http://[::1]/', 'curl localhost', 'curl http://aab.example/']) {
      expect(egress(a, c), c).toHaveLength(1);
    }
  });

  it('entries are read without case or surrounding blanks; /0 is every address of its family', () => {
    const a = policy([' API.Test ', '0.0.0.0/0']);
    expect(egress(a, 'curl https://api.test/')).toEqual([]);
    expect(egress(a, 'curl http://8.8.8.8/')).toEqual([]);
    expect(egress(a, 'curl http://[::1]/')).toHaveLength(1);
  });

  it('a prefix is compared bit by bit from the first byte', () => {
    const a = policy(['192.168.16.0/20', '172.16.0.0/12']);
    expect(egress(a, 'curl http://10.168.16.1/')).toHaveLength(1);
    expect(egress(a, 'curl http://172.31.255.255/')).toEqual([]);
    expect(egress(a, 'curl http://172.32.0.1/')).toHaveLength(1);
    expect(egress(a, 'curl http://173.16.0.1/')).toHaveLength(1);
  });

  it('an empty list denies every client, as before the key existed', () => {
    expect(egress(policy([]), 'curl localhost:3000')).toHaveLength(1);
  });

  it('the policy file takes the key and checks its entries', () => {
    expect(parsePolicy({ allowedHosts: ['localhost', '10.0.0.0/8', '[::1]'] }, 'p.json').allowedHosts).toEqual(['localhost', '10.0.0.0/8', '[::1]']);
    expect(() => parsePolicy({ allowedHosts: ['http://localhost/'] }, 'p.json')).toThrow(/allowedHosts/);
  });
});

describe('why a client is denied', () => {
  it.each([
    ['ssh evil.example', /^ssh is a network client \(deniedNetworkBinaries\)$/],
    ['curl', /^curl is a network client \(deniedNetworkBinaries\) and names no destination vouch can read$/],
    ['curl -s', /names no destination/],
    ['sort --compress-program=curl big.txt', /^curl is a network client \(deniedNetworkBinaries\) started with arguments the line does not show$/],
  ])('%s', (command, message) => {
    const found = egress(analyzer, command);
    expect(found).toHaveLength(1);
    expect(found[0]!.message).toMatch(message);
  });
});

describe('PowerShell clients', () => {
  it.each([
    "Invoke-WebRequest -Uri http://localhost:3000/health",
    'Invoke-WebRequest localhost:3000',
    "irm http://127.0.0.1:8000/api -Method Post -Body '{}'",
    'Test-NetConnection localhost -Port 5432',
    "(New-Object Net.WebClient).DownloadString('http://localhost:8080/')",
  ])('%s passes', (command) => {
    expect(egress(analyzer, command, 'powershell')).toEqual([]);
  });

  it.each([
    'Invoke-WebRequest https://evil.example',
    'Invoke-WebRequest -Uri http://localhost:3000 -Proxy http://evil.example:8080',
    'Invoke-WebRequest -Uri http://localhost:3000 -Bogus 1',
    'Invoke-WebRequest -Uri http://localhost:3000 stray',
    "Invoke-WebRequest -Uri 'http://localhost:3000/r?u=https://evil.example/'",
    'Test-NetConnection',
    'Test-Connection -TargetName 8.8.8.8',
    "(New-Object Net.WebClient).DownloadString('https://evil.example/')",
  ])('%s is denied', (command) => {
    expect(egress(analyzer, command, 'powershell'), command).not.toEqual([]);
  });

  it('-MaximumRedirection 0 follows no redirect, so an address in the URL is only data', () => {
    expect(egress(analyzer, "Invoke-WebRequest -Uri 'http://localhost:3000/r?u=https://evil.example/' -MaximumRedirection 0", 'powershell')).toEqual([]);
  });
});
