import dns, { type LookupAddress, type LookupAllOptions, type LookupOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Whether an address is on the public internet, so that the server may connect to it on a user's
 * behalf (a Web Push endpoint). Everything inside a deployment is refused: loopback, the private
 * and shared (CGNAT) ranges, link-local (cloud metadata services), multicast, broadcast, the
 * documentation, benchmarking and reserved ranges; for IPv6 also unique-local and everything
 * outside global unicast. IPv4 written inside IPv6 (mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96`,
 * 6to4 `2002::/16`) is judged as the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  // Node's own rule decides what is an address at all (no zone ids, no shorthand such as `127.1`).
  if (!isIP(address) || address.includes('%')) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  const carried = carriedIPv4(v6);
  if (carried) return carried.range() === 'unicast';
  // Only global unicast (2000::/3) outside the special ranges ipaddr.js knows (Teredo, ORCHID,
  // benchmarking, documentation, 6to4 relays …) is public.
  return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST);
}

const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');

/** The IPv4 address an IPv6 address carries: mapped, NAT64 (well-known prefix) or 6to4. */
function carriedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address();
  const bytes = v6.toByteArray();
  if (v6.match(NAT64_WELL_KNOWN)) return new ipaddr.IPv4(bytes.slice(12, 16));
  if (v6.range() === '6to4') return new ipaddr.IPv4(bytes.slice(2, 6));
  return null;
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
