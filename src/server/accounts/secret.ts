/**
 * The key that signs device cookies (device.ts): ACCOUNTS_SECRET, else a random one made once and
 * kept in DATA_DIR/accounts-secret (so trusted browsers stay trusted across restarts).
 */
import { config } from '~/server/config';
import { hmac, keptSecret, sameHmac } from '~/server/secrets';

export function accountsSecret(): string {
  return config.ACCOUNTS_SECRET || keptSecret('accounts-secret');
}

/** HMAC-SHA256 of `value`, base64url. */
export function signValue(value: string, secret = accountsSecret()): string {
  return hmac(value, secret);
}

/** Constant-time check of a signature made by signValue. */
export function validSignature(value: string, signature: string, secret = accountsSecret()) {
  return sameHmac(value, signature, secret);
}
