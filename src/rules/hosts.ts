// The policy's allowed destinations (`allowedHosts`): names matched as globs, addresses matched against CIDRs.
import { addressBytes, canonicalHost } from '../programs/hosts.js';

interface Network {
  bytes: number[];
  prefix: number;
}

/** A host name glob: name characters and `*`, in dot-separated labels (no character a RegExp would read). */
const NAME_GLOB = /^[a-z0-9_*-]+(\.[a-z0-9_*-]+)*$/;

/**
 * The network an entry names (`127.0.0.0/8`, `::1`, `[::1]`); null for a malformed CIDR, which allows nothing;
 * undefined when the entry is no address at all (a name glob, or nothing: a `/` is in no name).
 */
function networkOf(entry: string): Network | undefined | null {
  const [addr = '', bits, extra] = entry.split('/');
  if (extra !== undefined) return null;
  const h = canonicalHost(addr);
  const bytes = 'host' in h ? addressBytes(h.host) : undefined;
  if (!bytes) return undefined;
  const prefix = bits === undefined ? bytes.length * 8 : /^[0-9]{1,3}$/.test(bits) ? Number(bits) : Number.NaN;
  return prefix >= 0 && prefix <= bytes.length * 8 ? { bytes, prefix } : null;
}

function inNetwork(bytes: number[], n: Network): boolean {
  if (bytes.length !== n.bytes.length) return false;
  for (let bit = 0; bit < n.prefix; bit += 8) {
    const mask = n.prefix - bit >= 8 ? 0xff : (0xff << (8 - (n.prefix - bit))) & 0xff;
    if ((bytes[bit / 8]! & mask) !== (n.bytes[bit / 8]! & mask)) return false;
  }
  return true;
}

/** Matches canonical hosts (see programs/hosts.ts) against the policy's list. */
export class HostMatcher {
  private readonly networks: Network[] = [];
  private readonly names: { entry: string; re: RegExp }[] = [];

  constructor(entries: readonly string[]) {
    for (const raw of entries) {
      const entry = raw.trim().toLowerCase();
      const n = networkOf(entry);
      if (n) this.networks.push(n);
      // A malformed CIDR allows nothing (it holds a `/`, which no name glob does); a name is a glob whose `*`
      // stands for any run of name characters.
      else if (NAME_GLOB.test(entry)) {
        this.names.push({ entry, re: new RegExp(`^${entry.replace(/\./g, '\\.').replace(/\*/g, '[a-z0-9_.-]*')}$`) });
      }
    }
  }

  /** The entry that allows a canonical host, or undefined. An address is matched only by CIDRs, a name only by globs. */
  allows(host: string): string | undefined {
    const bytes = addressBytes(host);
    if (bytes) return this.networks.some((n) => inNetwork(bytes, n)) ? host : undefined;
    return this.names.find((n) => n.re.test(host))?.entry;
  }
}

const cache = new WeakMap<readonly string[], HostMatcher>();

export function hostMatcher(list: readonly string[]): HostMatcher {
  let m = cache.get(list);
  if (m === undefined) {
    m = new HostMatcher(list);
    cache.set(list, m);
  }
  return m;
}
