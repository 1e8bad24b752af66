import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { isPublicAddress, lookupWith } from './public-address';

describe('isPublicAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['100.127.255.255', 'shared (CGNAT)'],
    ['169.254.169.254', 'link-local (metadata)'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['192.0.2.1', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hexadecimal'],
    ['::ffff:169.254.169.254', 'IPv4-mapped link-local'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::127.0.0.1', 'IPv4-compatible'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of link-local'],
    ['2002:7f00:1::1', '6to4 of loopback'],
    ['2002:c0a8:101::1', '6to4 of private'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['2001::1', 'Teredo'],
    ['3fff::1', 'documentation'],
    ['100::1', 'discard'],
    ['not an address', 'not an address'],
    ['localhost', 'a name'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '142.250.74.110',
    '2a00:1450:4001:82a::200a',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('lookupWith', () => {
  const lookup = (answers: string[], publicOnly = true) => {
    const fn = lookupWith(
      async () => answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      { publicOnly },
    );
    return (all: boolean) =>
      new Promise<{ err: NodeJS.ErrnoException | null; result: string | LookupAddress[] }>((resolve) =>
        fn('push.test', { all }, (err, result) => resolve({ err, result })),
      );
  };

  it('refuses a name when any of its addresses is not public, in either lookup form', async () => {
    for (const all of [true, false]) {
      const { err } = await lookup(['8.8.8.8', '127.0.0.1'])(all);
      expect(err?.code).toBe('ENONPUBLIC');
    }
    expect((await lookup(['2606:4700:4700::1111', '::1'])(true)).err?.code).toBe('ENONPUBLIC');
  });

  it('answers a public name as the socket asked, and anything when not public-only', async () => {
    expect(await lookup(['8.8.8.8', '2606:4700:4700::1111'])(true)).toEqual({
      err: null,
      result: [
        { address: '8.8.8.8', family: 4 },
        { address: '2606:4700:4700::1111', family: 6 },
      ],
    });
    expect((await lookup(['127.0.0.1'], false)(true)).err).toBeNull();
  });
});
