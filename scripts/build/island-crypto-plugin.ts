/**
 * A Vite plugin for the server build: Astro's `encryptString` and `generateCspDigest`
 * (astro/dist/core/encryption.js) hand their work to src/server/http/island-crypto.ts, which does
 * the same with synchronous node:crypto calls. If an Astro upgrade changes those functions, the
 * build stops here instead of shipping without the change unnoticed.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const ENCRYPTION_MODULE = /[\\/]astro[\\/]dist[\\/]core[\\/]encryption\.js$/;
const IMPLEMENTATION = fileURLToPath(
  new URL('../../src/server/http/island-crypto.ts', import.meta.url),
);

/** Each Astro function keeps its body under a new name; the original name delegates. */
const DELEGATIONS = [
  ['encryptString', '(key, raw, additionalData)', 'islandEncryptString'],
  ['generateCspDigest', '(data, algorithm)', 'islandCspDigest'],
] as const;

export function patchEncryptionModule(code: string): string {
  let patched = code;
  for (const [name, params, replacement] of DELEGATIONS) {
    const header = `async function ${name}${params} {`;
    if (!patched.includes(header)) {
      throw new Error(
        `astro/dist/core/encryption.js has no "${header}" any more: update ` +
          'scripts/build/island-crypto-plugin.ts and src/server/http/island-crypto.ts for this Astro.',
      );
    }
    patched = patched.replace(
      header,
      `async function ${name}${params} {\n  return ${replacement}${params};\n}\nasync function astro_${name}${params} {`,
    );
  }
  const imports =
    `import { encryptString as islandEncryptString, cspDigest as islandCspDigest } from ` +
    `${JSON.stringify(IMPLEMENTATION)};\n`;
  return imports + patched;
}

export function islandCrypto(): Plugin {
  return {
    name: 'jobportal:island-crypto',
    apply: 'build',
    transform(code, id) {
      if (!ENCRYPTION_MODULE.test(id.split('?')[0] ?? '')) return null;
      return { code: patchEncryptionModule(code), map: null };
    },
  };
}
