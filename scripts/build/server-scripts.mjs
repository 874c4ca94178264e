/**
 * `npm run build:scripts`: the server, the background worker and the embedded database's thread,
 * bundled by esbuild into dist/ (start.mjs, worker.mjs, pglite-worker.mjs, shared chunks). Packages
 * stay in node_modules, loaded at run time, except drizzle-orm: Node reads a package's
 * package.json again for every one of its files it loads, and drizzle-orm's is 179 KB for each
 * of the hundreds of its files a start loads, which cost 1.3-4 s before the server could do
 * anything (decision 0072). Bundled, it is read from a few chunks.
 */
import { build } from 'esbuild';

/** Bare imports (packages) stay imports, but drizzle-orm's are bundled. */
const packagesExceptDrizzle = {
  name: 'packages-except-drizzle',
  setup(b) {
    b.onResolve({ filter: /^[^./~]/ }, (args) => {
      if (args.path === 'drizzle-orm' || args.path.startsWith('drizzle-orm/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await build({
  entryPoints: {
    start: 'scripts/start.ts',
    worker: 'scripts/worker.ts',
    'pglite-worker': 'src/server/db/pglite-worker.ts',
  },
  bundle: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node24',
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  plugins: [packagesExceptDrizzle],
  logLevel: 'warning',
});
