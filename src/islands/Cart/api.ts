/**
 * The cart islands' one way to change the cart: a SPEC §7 career-services call through the API
 * client. The server answers the whole cart (its prices, discount and total) and a notice; the
 * store takes that answer as it is, so every cart island on the page shows the same cart.
 */
import { createApiClient } from '~/lib/api-client/client';
import type { EndpointName } from '~/lib/api-client/registry';
import { setCart, type CartView } from '~/stores/cart';
import type { IslandSite } from '~/lib/sites/island';

/** Where the island runs: the site (API headers) and the page's language. */
export interface CartIslandContext {
  site: IslandSite;
  lang: string;
}

export type CartCall = Extract<
  EndpointName,
  'addToCart' | 'removeFromCart' | 'applyPromoCode' | 'removePromoCode' | 'saveCartOptions'
>;

export type CartChange =
  { ok: true; notice: string; cart: CartView } | { ok: false; message: string; field: string };

/** Calls `name` with `body`; on success the store holds the server's cart. */
export async function changeCart(
  where: CartIslandContext,
  name: CartCall,
  body: Record<string, unknown>,
): Promise<CartChange> {
  // The call names the page's language (x-language-code): the server answers in it.
  const api = createApiClient({ site: where.site, lang: where.lang });
  const result = await api.call<CartView & { notice: string }>(name, { body });
  if (!result.ok) {
    return { ok: false, message: result.message, field: result.errors[0]?.field ?? '' };
  }
  const { notice, ...cart } = result.data;
  setCart(cart);
  return { ok: true, notice, cart };
}

/** The SKUs a form holds now (what was ticked before the island hydrated counts too). */
export function formSkus(form: HTMLFormElement): string[] {
  const data = new FormData(form);
  return [...data.getAll('skus'), ...data.getAll('sku')].filter(
    (s): s is string => typeof s === 'string' && s !== '',
  );
}
