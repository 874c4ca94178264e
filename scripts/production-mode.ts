/**
 * The built server and worker run in production mode whatever the shell says. Packages loaded from
 * node_modules at run time choose their build by NODE_ENV: without 'production', React rendered
 * the search box with its development JSX runtime and server renderer (key checks, warnings),
 * which was a sixth of an uncached results page's CPU. Imported first by scripts/start.ts and
 * scripts/worker.ts; the Astro app (and with it React) is imported later, in serve().
 */
process.env.NODE_ENV = 'production';
