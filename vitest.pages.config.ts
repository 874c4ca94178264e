/**
 * The page tests (tests/pages/): Astro's Container API renders a page or component with given
 * locals and data, no build and no server. Astro's Vite config compiles the .astro files; the
 * other projects do without it (vitest.config.ts).
 */
import { fileURLToPath } from 'node:url';
import { getViteConfig } from 'astro/config';

const srcDir = fileURLToPath(new URL('./src/', import.meta.url));

export default getViteConfig({
  resolve: { alias: { '~/': srcDir } },
  test: {
    name: 'pages',
    include: ['tests/pages/**/*.test.ts'],
    environment: 'node',
  },
});
