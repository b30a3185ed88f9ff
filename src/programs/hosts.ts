// Destinations as network clients read them: a URL's host, a proxy's address, curl's `--resolve` target. Only what
// the client would connect to counts. A form whose meaning depends on the resolver (`2130706433`, `0x7f.1`,
// `0177.0.0.1`), a host with characters no hostname has, or a computed word is a destination that cannot be read.
import type { DestinationRecord, Word } from '../types.js';
import type { Call } from './types.js';

/** Where one word sends a client: a host (a lower-case name, or an IP address in canonical form), or why it cannot be told. */
export type Destination = { word: Word; host: string } | { word: Word; why: string };

/** A host as read from text: its canonical form, or why it is not one. */
export type Host = { host: string } | { why: string };

/** The bytes of an IPv4 address in dotted-quad form (four decimal parts, no leading zeros), or undefined. */
function ipv4(text: string): number[] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  const out: number[] = [];
  for (const p of parts) {
    if (!/^(0|[1-9][0-9]{0,2})$/.test(p)) return undefined;
    const n = Number(p);
    if (n > 255) return undefined;
    out.push(n);
  }
  return out;
}

/** The 16 bytes of an IPv6 address (`::1`, `fd00:ec2::254`, `::ffff:127.0.0.1`), or undefined; zones are refused. */
function ipv6(text: string): number[] | undefined {
  if (!/^[0-9a-f:.]+$/i.test(text)) return undefined;
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const groups = (s: string): number[] | undefined => {
    if (s === '') return [];
    const out: number[] = [];
    const parts = s.split(':');
    for (const [i, p] of parts.entries()) {
      if (i === parts.length - 1 && p.includes('.')) {
        const v4 = ipv4(p);
        if (!v4) return undefined;
        out.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else if (/^[0-9a-f]{1,4}$/i.test(p)) out.push(Number.parseInt(p, 16));
      else return undefined;
    }
    return out;
  };
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  if (!head || !tail) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const all = [...head, ...new Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
  return all.flatMap((g) => [g >> 8, g & 0xff]);
}

/** An address's bytes, for a host in the canonical form `canonicalHost` gives (IPv6 without brackets). */
export function addressBytes(host: string): number[] | undefined {
  return ipv4(host) ?? (host.includes(':') ? ipv6(host) : undefined);
}

const IPV4_MAPPED = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];

/**
 * A host name or address as a client would dial it, canonical: a name in lower case, an IPv4 address as a dotted
 * quad, an IPv6 address (given in brackets or bare) as written in lower case, or as its IPv4 address when it is an
 * IPv4-mapped one (`::ffff:127.0.0.1` reaches 127.0.0.1).
 */
export function canonicalHost(raw: string): Host {
  const text = raw.startsWith('[') && raw.endsWith(']') ? raw.slice(1, -1) : raw;
  if (text === '') return { why: 'no host' };
  if (text.includes(':')) {
    const bytes = ipv6(text);
    if (!bytes) return { why: `${raw} is not an address vouch can read` };
    if (IPV4_MAPPED.every((b, i) => bytes[i] === b)) return { host: bytes.slice(12).join('.') };
    return { host: text.toLowerCase() };
  }
  if (ipv4(text)) return { host: text };
  const lower = text.toLowerCase();
  if (!/^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/.test(lower)) return { why: `${raw} is not a host name vouch can read` };
  // A last label that is a number is read as an IPv4 address in some other spelling (inet_aton: `127.1`,
  // `2130706433`, `0x7f.0.0.1`, `0177.0.0.1`), differently by different resolvers.
  const last = lower.slice(lower.lastIndexOf('.') + 1);
  if (/^(0x[0-9a-f]*|[0-9]+)$/.test(last)) return { why: `${raw} is an address in a numeric form resolvers read differently` };
  return { host: lower };
}

/**
 * Whether a canonical host is this machine: `localhost` and the names under it (RFC 6761), 127.0.0.0/8, `::1`, and
 * `0.0.0.0` (dialled as this machine on Linux and macOS).
 */
export function loopbackHost(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1' || host === '0.0.0.0';
}

/**
 * Where a server listens, as a `listens` destination (Answer.listens): the address it binds (`127.0.0.1`, `[::1]`,
 * `localhost`; a `HOST:PORT` or a bare port), every interface (`0.0.0.0`) when `address` is undefined, empty or names
 * none (`:8000`, `8000`, `*`), or why it cannot be told when the word is computed.
 */
export function bound(word: Word, address?: string | null): Destination {
  if (address === null) return { word, why: `${word.text} is computed` };
  const text = (address ?? '').replace(/^[a-z]+:\/\//i, '');
  // `HOST:PORT`, `[V6]:PORT`, a bare port or host; an IPv6 address alone has more than one colon.
  const m = /^\[([^\]]*)\](?::\d*)?$/.exec(text) ?? (/^[^:]*:[^:]*$/.test(text) ? /^([^:]*):\d*$/.exec(text) : null);
  const host = m ? m[1]! : /^\d*$/.test(text) ? '' : text;
  if (host === '' || host === '*' || host === '0.0.0.0' || host === '::' || host === '0:0:0:0:0:0:0:0') return { word, host: '0.0.0.0' };
  const h = canonicalHost(host);
  return 'host' in h ? { word, host: h.host } : { word, why: h.why };
}

/** URL schemes whose client connects to the URL's host. */
const CONNECTING = new Set(['http', 'https', 'grpc', 'grpcs', 'ftp', 'ftps', 'tcp', 'udp', 'rtp', 'srt', 'rtmps', 'mms', 'ws', 'wss', 'sftp', 'scp', 'dict', 'gopher', 'gophers', 'imap', 'imaps', 'ldap', 'ldaps', 'mqtt', 'pop3', 'pop3s', 'rtmp', 'rtsp', 'smb', 'smbs', 'smtp', 'smtps', 'telnet', 'tftp', 'socks4', 'socks4a', 'socks5', 'socks5h']);

/**
 * The host a URL connects to, read as curl and wget read it: an optional scheme, userinfo up to `@`, a host (an IPv6
 * address in brackets), an optional numeric port, then the path. Without a scheme the text starts with the host.
 */
export function urlHost(url: string): Host {
  const m = /^([a-z][a-z0-9+.-]*):\/\/(.*)$/is.exec(url);
  const scheme = m ? m[1]!.toLowerCase() : undefined;
  if (scheme !== undefined && !CONNECTING.has(scheme)) return { why: `${scheme}: URLs are not read by vouch` };
  const rest = m ? m[2]! : url;
  const end = rest.search(/[/?#]/);
  const authority = end < 0 ? rest : rest.slice(0, end);
  if (authority.includes('\\')) return { why: `${authority} holds a backslash, which clients read differently` };
  const at = authority.split('@');
  if (at.length > 2) return { why: `${authority} holds more than one @` };
  const hostPort = at[at.length - 1]!;
  let host: string;
  let port: string;
  if (hostPort.startsWith('[')) {
    const close = hostPort.indexOf(']');
    if (close < 0) return { why: `${hostPort} has no closing ]` };
    host = hostPort.slice(0, close + 1);
    port = hostPort.slice(close + 1);
  } else {
    const colon = hostPort.indexOf(':');
    host = colon < 0 ? hostPort : hostPort.slice(0, colon);
    port = colon < 0 ? '' : hostPort.slice(colon);
  }
  if (port !== '' && !/^:[0-9]*$/.test(port)) return { why: `${hostPort} has a port vouch cannot read` };
  return canonicalHost(host);
}

/**
 * The hosts of the addresses a URL hands its server in its path or query (`/login?next=https://…`, percent-encoded or
 * not): a client that follows redirects may be sent to any of them.
 */
export function namedUrls(url: string): Host[] {
  const start = url.indexOf('://');
  const after = start < 0 ? url : url.slice(start + 3);
  const path = after.search(/[/?#]/);
  if (path < 0) return [];
  let rest = after.slice(path);
  try {
    rest = decodeURIComponent(rest);
  } catch {
    return [{ why: `${url} holds a percent-encoding vouch cannot read` }];
  }
  const out: Host[] = [];
  for (const m of rest.matchAll(/(?:^|[=:&?,;])\/\/([^/?#&\s]*)/g)) out.push(urlHost(m[1]!));
  return out;
}

/**
 * A URL written with a literal host and only its port from a variable the environment gives
 * (`"http://localhost:${PORT:-3000}/health"`): the host. The environment's variables are the user's, as `$TMPDIR`
 * is; one the line computed, or any expansion before the port ends, leaves the URL computed.
 */
const PORT_FROM_ENV = /^(["']?)((?:https?|wss?):\/\/(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)):(?:\$([A-Za-z_]\w*)|\$\{([A-Za-z_]\w*)(?::?-\d{1,5})?\}|\$env:([A-Za-z_]\w*))(?=[/?#"]|$)/;

function hostBeforeEnvPort(word: Word, read: (value: string) => Host | Host[]): Destination[] | undefined {
  const m = PORT_FROM_ENV.exec(word.text);
  const name = m?.[3] ?? m?.[4] ?? m?.[5];
  if (!m || name === undefined || m[1] === "'") return undefined;
  // After the port, with quotes dropped: nothing, or a path, query or fragment (`"…:$P"@evil.example` is userinfo).
  const rest = word.text.slice(m[0].length).replace(/"/g, '');
  if (rest !== '' && !/^[/?#]/.test(rest)) return undefined;
  // PowerShell's `$env:PORT` the line never set (src/powershell/words.ts): its key is lower-case.
  const inherited = (m[5] !== undefined ? word.dynamic === `$env:${name.toLowerCase()} is not known before the command runs` : word.dynamic === `$${name} is not known before the command runs`) || word.dynamic === `\${${name}:-\u2026} depends on whether $${name} is set, which is not known` || word.dynamic === `\${${name}-\u2026} depends on whether $${name} is set, which is not known`;
  if (!inherited) return undefined;
  return [read(`${m[2]}/`)].flat().map((h): Destination => ('host' in h ? { word, host: h.host } : { word, why: h.why }));
}

/**
 * A URL written with a literal scheme, host and port, and a computed path, query or fragment after them, none of it
 * split or globbed (`"http://localhost:3000/api/items/$id"`, `"http://127.0.0.1:8000/?q=$Q"`): the host. What follows
 * the first `/`, `?` or `#` after the authority cannot change where the client connects; an unquoted expansion may
 * split into more words (more URLs), so the computed part must stand in double quotes. The scheme may be left out
 * (`"localhost:3000/api/items/$id"`): curl and wget take such a word as an http URL, with the same host.
 */
const LITERAL_AUTHORITY = /^("?)((?:(?:https?|wss?):\/\/)?(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(?::\d{1,5})?)(?=[/?#])/;

function hostBeforeComputedPath(word: Word, read: (value: string) => Host | Host[]): Destination[] | undefined {
  const m = LITERAL_AUTHORITY.exec(word.text);
  if (!m || !quotedExpansions(word.text.slice(m[0].length), m[1] === '"')) return undefined;
  return [read(`${m[2]}/`)].flat().map((h): Destination => ('host' in h ? { word, host: h.host } : { word, why: h.why }));
}

/**
 * Whether every expansion (`$`) and glob character in shell text stands inside double quotes. A backquote is refused
 * anywhere: bash's command substitution, PowerShell's escape (which may end a quote).
 */
function quotedExpansions(text: string, inDouble: boolean): boolean {
  let dq = inDouble;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '`') return false;
    if (c === '\\') i++;
    else if (c === '"') dq = !dq;
    else if (c === "'" && !dq) {
      const close = text.indexOf("'", i + 1);
      if (close < 0) return false;
      i = close;
    } else if (!dq && /[$*?[{]/.test(c)) return false;
  }
  return !dq;
}

/** The destinations one word gives: every host `read` finds in each of its values; a computed word cannot be read. */
export function destinations(word: Word, read: (value: string) => Host | Host[]): Destination[] {
  if (word.values === null || word.values.length === 0) return hostBeforeEnvPort(word, read) ?? hostBeforeComputedPath(word, read) ?? [{ word, why: `${word.text} is computed` }];
  // A glob's expansions keep its literal characters: one in the host part fails `read` on its own.
  return word.values.flatMap((v) => [read(v)].flat().map((h): Destination => ('host' in h ? { word, host: h.host } : { word, why: h.why })));
}

/** The environment variables through which curl and wget find a proxy. */
// curl reads `<scheme>_proxy` for every scheme it speaks (and its upper-case form but HTTP_PROXY's, which others read).
const PROXY_SCHEMES = ['http', 'https', 'all', 'ftp', 'ftps', 'dict', 'gopher', 'gophers', 'imap', 'imaps', 'ldap', 'ldaps', 'mqtt', 'pop3', 'pop3s', 'rtmp', 'rtsp', 'scp', 'sftp', 'smb', 'smbs', 'smtp', 'smtps', 'telnet', 'tftp', 'ws', 'wss', 'file'];
const PROXY_VARIABLES = PROXY_SCHEMES.flatMap((s) => [`${s}_proxy`, `${s.toUpperCase()}_PROXY`]);

/** Proxies the line itself sets for the client: each one's host, or why it cannot be told. */
export function envProxies(call: Call, word: Word): Destination[] {
  const out: Destination[] = [];
  for (const name of PROXY_VARIABLES) {
    const v = call.env(name);
    if (v === undefined || v === '') continue;
    const h = v === null ? { why: `${name} is computed` } : urlHost(v);
    out.push('host' in h ? { word, host: h.host } : { word, why: `${name}: ${h.why}` });
  }
  return out;
}

/**
 * A client that follows redirects goes wherever its server says; an address the URL hands that server is one more
 * destination, in each of the URL's values (`'…?next=https://evil.example/'{,}` is two). A computed URL is already
 * a destination that cannot be read.
 */
export function redirectable(d: Destination[], url: Word): Destination[] {
  if (url.values !== null) return [...d, ...destinations(url, namedUrls)];
  // Read from its literal head (a port or a path computed): what a computed path or query hands the server may be
  // any address; a literal one is read as any URL's is.
  if (!d.some((x) => x.word === url && 'host' in x)) return d;
  const tail = url.text.replace(/^"?[a-z]+:\/\/[^/?#"]*/i, '');
  if (/[$`\\]/.test(tail)) return [...d, { word: url, why: `${url.text} hands its server a computed path, and the client follows where a redirect sends it` }];
  return [...d, ...[namedUrls(`http://x${tail.replace(/"/g, '')}`)].flat().map((h): Destination => ('host' in h ? { word: url, host: h.host } : { word: url, why: h.why }))];
}

/** A destination as the analysis records it: where the word stands, and its host or why there is none. */
export function recorded(d: Destination): DestinationRecord {
  return { span: d.word.span, text: d.word.text, ...('host' in d ? { host: d.host } : { why: d.why }) };
}


/**
 * The places a setting re-aims a program at (a proxy, a registry or index URL), one for each value of `word` taken as
 * a URL (`host:port` without a scheme is a proxy's address): none for an empty value or one of `own`, the program's
 * own public hosts; a computed value is a place that cannot be read.
 */
export function reroutes(word: Word, own: RegExp = /$^/): Destination[] {
  if (word.values === null) return [{ word, why: `${word.text} is computed` }];
  const out: Destination[] = [];
  for (const raw of word.values) {
    const v = raw.trim();
    if (v === '') continue;
    const h = urlHost(/^[a-z][a-z0-9+.-]*:\/\//i.test(v) ? v : `http://${v}`);
    if ('host' in h && own.test(h.host)) continue;
    out.push('host' in h ? { word, host: h.host } : { word, why: h.why });
  }
  return out;
}
