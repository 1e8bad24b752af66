import { describe, expect, it } from 'vitest';
import { networkOf } from './auth.mail-budget';

describe('networkOf: what one client network is for the code-mail budgets', () => {
  it('counts every address of an IPv6 /64 as one network, so rotating inside it gains nothing', () => {
    const net = networkOf('2001:db8:1:2::7');
    expect(net).toBe('2001:db8:1:2::/64');
    for (const ip of [
      '2001:db8:1:2:ffff:1:2:3',
      '2001:DB8:1:2:0::1',
      '2001:0db8:0001:0002::abcd',
      'fe80::1%eth0',
    ])
      expect(networkOf(ip), ip).toBe(ip.startsWith('fe80') ? 'fe80:0:0:0::/64' : net);
    expect(networkOf('2001:db8:1:3::7')).not.toBe(net);
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
    expect(networkOf('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(networkOf('2001:db8::1:2:3:4:5')).toBe('2001:db8:0:1::/64');
  });

  it('keeps IPv4 addresses, IPv4-mapped ones included, as they are', () => {
    expect(networkOf('198.51.100.7')).toBe('198.51.100.7');
    expect(networkOf('::ffff:198.51.100.7')).toBe('198.51.100.7');
  });
});
