import { isIP } from 'node:net';
import { isPublicAddress } from '../../lib/public-address';

/** Where a push endpoint may point (the deployment's `push` settings). */
export interface EndpointRules {
  /** Ports an endpoint may name; 443 always. */
  endpointPorts: number[];
  /** Loopback and private addresses too (tests' local push service; never in production). */
  allowPrivateEndpoints: boolean;
}

/**
 * What of an endpoint can be judged without asking DNS: refused (null) unless it is https, names
 * no user or password, names an allowed port, and its host, when an address, is public. Otherwise
 * the host to look up (`isAddress`: already judged, nothing to look up). The URL parser has already
 * turned short and hexadecimal IPv4 forms (`127.1`, `0x7f000001`) into dotted addresses.
 */
export function endpointTarget(
  endpoint: string,
  rules: EndpointRules,
): { host: string; isAddress: boolean } | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  const port = url.port === '' ? 443 : Number(url.port);
  if (!rules.endpointPorts.includes(port)) return null;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === '') return null;
  if (isIP(host))
    return rules.allowPrivateEndpoints || isPublicAddress(host) ? { host, isAddress: true } : null;
  return { host, isAddress: false };
}
