import dns, { type LookupAddress, type LookupAllOptions, type LookupOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';

/**
 * Whether an address is on the public internet, so that the server may connect to it on a user's
 * behalf (a Web Push endpoint). Everything inside a deployment is refused: loopback, the private
 * and shared (CGNAT) ranges, link-local (cloud metadata services), multicast, broadcast, the
 * documentation, benchmarking and reserved ranges; for IPv6 also unique-local and everything
 * outside global unicast. IPv4 written inside IPv6 (mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96`,
 * 6to4 `2002::/16`) is judged as the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return isPublicV4(v4Number(address));
  if (family === 6) return isPublicV6(address);
  return false;
}

/** IPv4 ranges that are not public: [first address, prefix length]. */
const NON_PUBLIC_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (CGNAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, 255.255.255.255 broadcast
];

function v4Number(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

const NON_PUBLIC_V4_RANGES = NON_PUBLIC_V4.map(([first, bits]) => {
  const start = v4Number(first);
  return { start, end: start + 2 ** (32 - bits) - 1 };
});

function isPublicV4(n: number): boolean {
  return !NON_PUBLIC_V4_RANGES.some((r) => n >= r.start && n <= r.end);
}

/** The eight 16-bit groups of a valid IPv6 address (as `isIP` accepts it); null with a zone id. */
function v6Groups(address: string): number[] | null {
  if (address.includes('%')) return null;
  let text = address;
  // A trailing dotted IPv4 part becomes its two groups.
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const n = v4Number(dotted[2]!);
    text = `${dotted[1]}${Math.floor(n / 65536).toString(16)}:${(n % 65536).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const first = parse(head);
  if (tail === undefined) return first;
  const last = parse(tail);
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}

function isPublicV6(address: string): boolean {
  const g = v6Groups(address);
  if (!g || g.length !== 8) return false;
  const embedded = (hi: number, lo: number) => isPublicV4(hi * 65536 + lo);
  const zeroes = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  // ::ffff:a.b.c.d (IPv4-mapped)
  if (zeroes(0, 5) && g[5] === 0xffff) return embedded(g[6]!, g[7]!);
  // 64:ff9b::a.b.c.d (NAT64, well-known prefix)
  if (g[0] === 0x64 && g[1] === 0xff9b && zeroes(2, 6)) return embedded(g[6]!, g[7]!);
  // 2002:aabb:ccdd::/48 (6to4)
  if (g[0] === 0x2002) return embedded(g[1]!, g[2]!);
  // Only global unicast (2000::/3) is public: this refuses ::, ::1, IPv4-compatible ::a.b.c.d,
  // 64:ff9b:1::/48, 100::/64, unique-local fc00::/7, link-local fe80::/10, site-local, multicast ff00::/8.
  if ((g[0]! & 0xe000) !== 0x2000) return false;
  // 2001::/23 (IETF protocol assignments: Teredo, benchmarking, ORCHID), 2001:db8::/32 and
  // 3fff::/20 (documentation).
  if (g[0] === 0x2001 && (g[1]! < 0x200 || g[1] === 0xdb8)) return false;
  if (g[0] === 0x3fff && g[1]! < 0x1000) return false;
  return true;
}

/** A name lookup as `dns.lookup` does it (tests hand in their own to point a name anywhere). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true });

/** Raised for a name that resolves to an address that is not public. */
export class NonPublicAddressError extends Error {
  static readonly code = 'ENONPUBLIC';
  readonly code = NonPublicAddressError.code;
  constructor(hostname: string) {
    super(`${hostname} resolves to an address that is not public`);
  }
}

/**
 * A `lookup` for sockets (`new https.Agent({ lookup })`) that resolves with `resolve` and, when
 * `publicOnly`, fails when any address of the name is not public, so a name that pointed at the
 * internet when it was checked and points inside now (DNS rebinding) is never connected to. Literal
 * addresses never reach a lookup: check them before connecting.
 */
export function lookupWith(resolve: Resolver, { publicOnly }: { publicOnly: boolean }): LookupFunction {
  return ((
    hostname: string,
    options: LookupOptions | LookupAllOptions | number,
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    const opts = typeof options === 'number' ? { family: options } : options;
    resolve(hostname).then(
      (all) => {
        // Every address of the name, of either family, must be public.
        if (publicOnly && !all.every((a) => isPublicAddress(a.address)))
          return callback(new NonPublicAddressError(hostname), []);
        const wanted = all.filter((a) => !opts.family || a.family === opts.family);
        if (wanted.length === 0) {
          const err: NodeJS.ErrnoException = new Error(`${hostname} has no address`);
          err.code = 'ENOTFOUND';
          return callback(err, []);
        }
        if ('all' in opts && opts.all) return callback(null, wanted);
        callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, []),
    );
  }) as LookupFunction;
}
