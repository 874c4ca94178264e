/**
 * The key that signs guest cart cookies and the test gateway's callbacks: COMMERCE_SECRET, else a
 * random one made once and kept in DATA_DIR/commerce-secret (so it survives restarts).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { config } from '~/server/config';

let cached: { dir: string; secret: string } | undefined;

export function commerceSecret(): string {
  if (config.COMMERCE_SECRET) return config.COMMERCE_SECRET;
  const dir = config.DATA_DIR;
  if (cached?.dir === dir) return cached.secret;
  const file = path.join(dir, 'commerce-secret');
  let secret: string;
  try {
    secret = readFileSync(file, 'utf8').trim();
  } catch {
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

export function sign(value: string, secret = commerceSecret()): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}

/** Constant-time comparison of a signature with the expected one. */
export function verifySignature(value: string, signature: string, secret = commerceSecret()) {
  const expected = Buffer.from(sign(value, secret));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
