/**
 * Astro encrypts each server island's props and hashes each island's script for the content
 * security policy with Web Crypto, whose every call is a trip to the thread pool: about 50 µs of
 * main-thread time each, a fifth of an uncached job page's CPU (four islands, four calls each).
 * These do the same work with node:crypto's synchronous calls (2-3 µs) and the same output, so
 * Astro's own decryption reads what they write. scripts/build/island-crypto-plugin.ts puts them
 * in place of Astro's functions in the server build.
 */
import { createCipheriv, createHash, KeyObject, randomFillSync, type CipherGCM } from 'node:crypto';

const IV_BYTES = 12; // Astro's IV_LENGTH is 24 hex characters

const secrets = new WeakMap<CryptoKey, KeyObject>();

/**
 * IVs come from a pool of random bytes filled 4 KB at a time (each IV its own 12 bytes, never
 * reused): one call for the random source per 341 IVs instead of one per island.
 */
const ivPool = Buffer.alloc(IV_BYTES * 341);
let ivOffset = ivPool.length;
function nextIv(): Buffer {
  if (ivOffset + IV_BYTES > ivPool.length) {
    randomFillSync(ivPool);
    ivOffset = 0;
  }
  const iv = Buffer.from(ivPool.subarray(ivOffset, ivOffset + IV_BYTES));
  ivOffset += IV_BYTES;
  return iv;
}

/** AES-GCM over UTF-8 text: the IV in upper-case hex, then base64 of ciphertext and tag. */
export function encryptString(key: CryptoKey, raw: string, additionalData?: string): string {
  let secret = secrets.get(key);
  if (!secret) {
    secret = KeyObject.from(key);
    secrets.set(key, secret);
  }
  const iv = nextIv();
  const bits = (secret.symmetricKeySize ?? 32) * 8;
  const cipher = createCipheriv(`aes-${bits}-gcm`, secret, iv) as CipherGCM;
  if (additionalData) cipher.setAAD(Buffer.from(additionalData, 'utf8'));
  const sealed = Buffer.concat([
    cipher.update(String(raw), 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return iv.toString('hex').toUpperCase() + sealed.toString('base64');
}

const PREFIXES = { 'SHA-256': 'sha256-', 'SHA-384': 'sha384-', 'SHA-512': 'sha512-' } as const;

/**
 * A CSP source hash of a script or style, e.g. `sha256-…`. Astro passes its HTML strings (String
 * objects) too, which Web Crypto's TextEncoder turned into text: so does String().
 */
export function cspDigest(data: string, algorithm: keyof typeof PREFIXES): string {
  const hash = createHash(algorithm.replace('-', '').toLowerCase()).update(String(data), 'utf8');
  return `${PREFIXES[algorithm]}${hash.digest('base64')}`;
}
