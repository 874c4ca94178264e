/**
 * `client:signal="<name>"`: hydrates an island when the window hears `island:<name>` (a store
 * announcing a change, e.g. src/stores/cart.ts). For islands whose server-rendered HTML is right
 * until another island changes something on the page, such as the header's cart count: the page
 * loads no code for them unless that happens. Registered in astro.config.mjs.
 */
import type { ClientDirective } from 'astro';

const signal: ClientDirective = (load, options) => {
  const name = typeof options.value === 'string' && options.value ? options.value : 'change';
  const wake = async () => {
    const hydrate = await load();
    await hydrate();
  };
  // A change before this island arrived (it may come later, inside a server island) is marked
  // on <html> as data-island-<name>.
  if (document.documentElement.hasAttribute(`data-island-${name}`)) void wake();
  else window.addEventListener(`island:${name}`, () => void wake(), { once: true });
};

export default signal;
