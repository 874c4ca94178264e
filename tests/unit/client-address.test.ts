import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { peerIsTrustedProxy, resolveClientAddress } from '~/server/http/client-address';

const ipv4 = fc
  .tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255))
  .map((parts) => parts.join('.'));

describe('client address', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    fc.assert(
      fc.property(ipv4, fc.array(ipv4, { maxLength: 5 }), (peer, forwarded) => {
        expect(resolveClientAddress(peer, forwarded.join(', '), false)).toBe(peer);
      }),
    );
  });

  it('behind one trusted hop is the right-most forwarded entry; spoofed entries before it never count', () => {
    fc.assert(
      fc.property(ipv4, fc.array(ipv4, { maxLength: 5 }), ipv4, (proxy, spoofed, client) => {
        const header = [...spoofed, client].join(', ');
        expect(resolveClientAddress(proxy, header, true)).toBe(client);
      }),
    );
  });

  it('skips every trusted proxy from the right (CIDRs and loopback)', () => {
    const setting = ['loopback', '10.0.0.0/8'];
    expect(resolveClientAddress('127.0.0.1', '6.6.6.6, 192.0.2.9, 10.1.2.3', setting)).toBe(
      '192.0.2.9',
    );
    // A peer that is not one of ours: its header is ignored.
    expect(resolveClientAddress('192.0.2.50', '127.0.0.1', setting)).toBe('192.0.2.50');
    // All forwarded entries trusted: the left-most is as far as we can see.
    expect(resolveClientAddress('127.0.0.1', '10.0.0.1, 10.0.0.2', setting)).toBe('10.0.0.1');
  });

  it('trusts forwarding headers only from a trusted peer', () => {
    expect(peerIsTrustedProxy('127.0.0.1', ['loopback'])).toBe(true);
    expect(peerIsTrustedProxy('192.0.2.1', ['loopback'])).toBe(false);
    expect(peerIsTrustedProxy('192.0.2.1', true)).toBe(true);
    expect(peerIsTrustedProxy('192.0.2.1', false)).toBe(false);
    expect(peerIsTrustedProxy(undefined, true)).toBe(false);
  });
});
