/**
 * The key that signs device cookies (device.ts): ACCOUNTS_SECRET, else a random one made once and
 * kept in DATA_DIR/accounts-secret (so trusted browsers stay trusted across restarts).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { config } from '~/server/config';

let cached: { dir: string; secret: string } | undefined;

export function accountsSecret(): string {
  if (config.ACCOUNTS_SECRET) return config.ACCOUNTS_SECRET;
  const dir = config.DATA_DIR;
  if (cached?.dir === dir) return cached.secret;
  const file = path.join(dir, 'accounts-secret');
  let secret = '';
  try {
    secret = readFileSync(file, 'utf8').trim();
  } catch {
    // made below
  }
  if (secret.length < 32) {
    mkdirSync(dir, { recursive: true });
    secret = randomBytes(32).toString('hex');
    try {
      writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    } catch {
      // another process wrote it first: use theirs
      secret = readFileSync(file, 'utf8').trim();
    }
  }
  cached = { dir, secret };
  return secret;
}

/** HMAC-SHA256 of `value`, base64url. */
export function signValue(value: string, secret = accountsSecret()): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}

/** Constant-time check of a signature made by signValue. */
export function validSignature(value: string, signature: string, secret = accountsSecret()) {
  const expected = Buffer.from(signValue(value, secret));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
