import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `~/` is src/, as in tsconfig.json (Astro and tsx read it from there).
const srcDir = fileURLToPath(new URL('./src/', import.meta.url));

export default defineConfig({
  resolve: { alias: { '~/': srcDir } },
  test: {
    projects: [
      // Page tests render .astro files with Astro's Container API: their own config (Astro's Vite).
      './vitest.pages.config.ts',
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file's databases carry its process id (tests/integration/db.ts), so files can share a server.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          globalSetup: ['tests/e2e/global-setup.ts'],
        },
      },
    ],
  },
});
