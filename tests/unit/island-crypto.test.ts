/**
 * The server build hands Astro's island encryption and CSP hashing to node:crypto
 * (src/server/http/island-crypto.ts): what it writes must be what Astro's own Web Crypto code
 * reads and writes, and the patch must still fit the installed Astro.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cspDigest, encryptString } from '~/server/http/island-crypto';
import { patchEncryptionModule } from '../../scripts/build/island-crypto-plugin';
import * as astro from '../../node_modules/astro/dist/core/encryption.js';

const props = JSON.stringify({ lang: 'ar', jobId: 42, title: 'مهندس برمجيات — Dubai' });

describe('island crypto', () => {
  it("encrypts props that Astro's own decryption reads, with the same additional data check", async () => {
    const key = await astro.createKey();
    const sealed = encryptString(key, props, 'props:JobApplyState');
    expect(sealed).toMatch(/^[0-9A-F]{24}[A-Za-z0-9+/]+={0,2}$/);
    expect(await astro.decryptString(key, sealed, 'props:JobApplyState')).toBe(props);
    await expect(astro.decryptString(key, sealed, 'props:HeaderVisitor')).rejects.toThrow();
    // A fresh IV each time: the same props never give the same text.
    expect(encryptString(key, props, 'props:JobApplyState')).not.toBe(sealed);
  });

  it('never gives two encryptions the same IV, across refills of its random pool', async () => {
    const key = await astro.createKey();
    const ivs = new Set<string>();
    for (let i = 0; i < 2000; i++) ivs.add(encryptString(key, 'x').slice(0, 24));
    expect(ivs.size).toBe(2000);
    expect(await astro.decryptString(key, encryptString(key, props), undefined)).toBe(props);
  });

  it('reads a key given in ASTRO_KEY form (imported, not generated)', async () => {
    const key = await astro.decodeKey(await astro.encodeKey(await astro.createKey()));
    expect(await astro.decryptString(key, encryptString(key, 'export'), undefined)).toBe('export');
  });

  it("hashes a script exactly as Astro's policy does", async () => {
    const script = `replaceServerIsland('${'a'.repeat(40)}', ${props});`;
    for (const algorithm of ['SHA-256', 'SHA-384', 'SHA-512'] as const) {
      expect(cspDigest(script, algorithm)).toBe(await astro.generateCspDigest(script, algorithm));
    }
  });

  it("fits the installed Astro's encryption module", () => {
    const source = readFileSync('node_modules/astro/dist/core/encryption.js', 'utf8');
    const patched = patchEncryptionModule(source);
    expect(patched).toContain('return islandEncryptString(key, raw, additionalData);');
    expect(patched).toContain('return islandCspDigest(data, algorithm);');
    expect(() => patchEncryptionModule(source.replace('encryptString(key, raw', 'x('))).toThrow(
      /island-crypto-plugin/,
    );
  });
});
