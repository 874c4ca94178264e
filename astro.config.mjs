// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  server: { port: 4321, host: true },
  // Language routing is done in src/middleware.ts (see docs/decisions/0002-language-routing.md):
  // /hi/... and /ar/... are rewritten to the same page files with locals.lang set.
  i18n: {
    locales: ['en', 'hi', 'ar'],
    defaultLocale: 'en',
    routing: 'manual',
  },
  security: { checkOrigin: true },
  build: { inlineStylesheets: 'auto' },
});
