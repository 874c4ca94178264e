/**
 * Who the client is, by the book (RFC 7239's rules as proxy-addr applies them): the socket's
 * peer, unless that peer is one of our own proxies (TRUST_PROXY), in which case X-Forwarded-For
 * is read from the right and the first address that is not a trusted proxy is the client. A
 * client can put anything at the left of the header; only what our proxies appended counts.
 */
import proxyaddr from 'proxy-addr';
import { config } from '~/server/config';

export type TrustProxySetting = boolean | readonly string[];
type Trust = (address: string, hop: number) => boolean;

const compiled = new Map<TrustProxySetting, Trust>();

/** The trust function for a TRUST_PROXY value: true trusts the nearest hop only. */
export function trustFor(setting: TrustProxySetting): Trust {
  let trust = compiled.get(setting);
  if (!trust) {
    if (setting === false) trust = () => false;
    else if (setting === true) trust = (_address, hop) => hop === 0;
    else trust = proxyaddr.compile([...setting]);
    compiled.set(setting, trust);
  }
  return trust;
}

/** Whether the socket's peer is one of our proxies, whose forwarding headers count. */
export function peerIsTrustedProxy(
  peer: string | undefined,
  setting: TrustProxySetting = config.TRUST_PROXY,
): boolean {
  return peer !== undefined && setting !== false && trustFor(setting)(peer, 0);
}

/** The client's address from the socket's peer and the X-Forwarded-For header. */
export function resolveClientAddress(
  peer: string | undefined,
  forwardedFor: string | null,
  setting: TrustProxySetting = config.TRUST_PROXY,
): string | undefined {
  if (peer === undefined) return undefined;
  if (setting === false || !forwardedFor) return peer;
  const request = {
    connection: { remoteAddress: peer },
    socket: { remoteAddress: peer },
    headers: { 'x-forwarded-for': forwardedFor },
  };
  return proxyaddr(request as unknown as Parameters<typeof proxyaddr>[0], trustFor(setting));
}
