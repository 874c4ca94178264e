// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import brands from './sites/brands.json' with { type: 'json' };
import { brandStyle } from './src/lib/sites/brand-style';
import { islandCrypto } from './scripts/build/island-crypto-plugin';

// The page shell inlines each brand's colour (from sites/brands.json); the policy allows those styles.
const brandStyleHashes = [brands.classic, brands.dm].map(
  (brand) =>
    /** @type {const} */ (
      `sha256-${createHash('sha256').update(brandStyle(brand)).digest('base64')}`
    ),
);

export default defineConfig({
  output: 'server',
  // Middleware mode: scripts/start.ts owns the http.Server and serves dist/client itself from an
  // index read at start-up; standalone's file handler would stat the disk for every page request.
  adapter: node({ mode: 'middleware' }),
  integrations: [
    // Islands render with renderToString: none suspends on the server, and a stream per island
    // cost a seeker's page (six islands) a third of its rendering (decision 0083).
    react({ experimentalDisableStreaming: true }),
    {
      // client:interaction hydrates an island on first use (src/directives/interaction.ts).
      name: 'client-interaction',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) => {
          addClientDirective({
            name: 'interaction',
            entrypoint: fileURLToPath(new URL('./src/directives/interaction.ts', import.meta.url)),
          });
          // client:signal="cart" hydrates when a store announces a change (src/directives/signal.ts).
          addClientDirective({
            name: 'signal',
            entrypoint: fileURLToPath(new URL('./src/directives/signal.ts', import.meta.url)),
          });
        },
      },
    },
  ],
  server: { port: 4321, host: true },
  // Language routing is done in src/middleware.ts (see docs/decisions/0002-language-routing.md):
  // /hi/... and /ar/... are rewritten to the same page files with locals.lang set.
  i18n: {
    locales: ['en', 'hi', 'ar'],
    defaultLocale: 'en',
    routing: 'manual',
  },
  security: {
    // Off: src/middleware.ts's CSRF guard (src/server/http/csrf.ts) checks every state-changing
    // request, whatever its body type (checkOrigin only sees form posts), compares hosts so it
    // works behind a TLS-terminating proxy, and answers with the translated 403 page or the API
    // envelope instead of a plain-text refusal without our security headers.
    checkOrigin: false,
    // Hashes of every script and style Astro emits go into a per-page policy; nothing else runs.
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "form-action 'self'",
      ],
      styleDirective: { hashes: brandStyleHashes },
    },
  },
  build: { inlineStylesheets: 'auto' },
  // Public pages are cached in each server process, compressed, and dropped when their rows change
  // (src/server/http/page-cache.ts, docs/decisions/0033-page-cache.md). Memory: PAGE_CACHE_MB.
  cache: {
    provider: {
      name: 'pages',
      entrypoint: new URL('./src/server/http/page-cache.ts', import.meta.url),
      config: { max: 5_000 },
    },
  },
  // Server islands' props are encrypted and their scripts hashed with synchronous node:crypto
  // instead of Web Crypto (src/server/http/island-crypto.ts). drizzle-orm is bundled, not loaded
  // file by file from node_modules at start (scripts/build/server-scripts.mjs says why).
  vite: { plugins: [islandCrypto()], ssr: { noExternal: ['drizzle-orm'] } },
  // Shiki's inline styles break the content security policy; articles need no code colouring.
  markdown: { syntaxHighlight: false },
});
