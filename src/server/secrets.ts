/**
 * Signing keys kept on disk and the HMAC signatures made with them, for the domains that sign
 * cookies and links (accounts' device cookies, commerce's guest carts and test gateway). A key is
 * its environment variable when set, else a random one made once in DATA_DIR/<name> (so it
 * survives restarts); several processes starting at once agree on the first one written.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { config } from '~/server/config';

const cached = new Map<string, string>();

/** The key in DATA_DIR/<fileName>, made when missing or too short. */
export function keptSecret(fileName: string): string {
  const file = path.join(config.DATA_DIR, fileName);
  const known = cached.get(file);
  if (known) return known;
  let secret = '';
  try {
    secret = readFileSync(file, 'utf8').trim();
  } catch {
    // made below
  }
  if (secret.length < 32) {
    mkdirSync(config.DATA_DIR, { recursive: true });
    secret = randomBytes(32).toString('hex');
    try {
      writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    } catch {
      // another process wrote it first: use theirs
      secret = readFileSync(file, 'utf8').trim();
    }
  }
  cached.set(file, secret);
  return secret;
}

/** HMAC-SHA256 of `value`, base64url. */
export function hmac(value: string, secret: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}

/** Constant-time check of a signature made by hmac. */
export function sameHmac(value: string, signature: string, secret: string): boolean {
  const expected = Buffer.from(hmac(value, secret));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
