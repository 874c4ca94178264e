/**
 * For `tsc` alone (the quick check, scripts/check.mjs): it cannot read .astro files, so a test's
 * import of one is typed here. `astro check` resolves them to the real components instead.
 */
declare module '*.astro' {
  import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
  const component: AstroComponentFactory;
  export default component;
}
