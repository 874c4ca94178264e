/**
 * The key that signs guest cart cookies and the test gateway's callbacks: COMMERCE_SECRET, else a
 * random one made once and kept in DATA_DIR/commerce-secret (so it survives restarts).
 */
import { config } from '~/server/config';
import { hmac, keptSecret, sameHmac } from '~/server/secrets';

export function commerceSecret(): string {
  return config.COMMERCE_SECRET || keptSecret('commerce-secret');
}

export function sign(value: string, secret = commerceSecret()): string {
  return hmac(value, secret);
}

/** Constant-time comparison of a signature with the expected one. */
export function verifySignature(value: string, signature: string, secret = commerceSecret()) {
  return sameHmac(value, signature, secret);
}
