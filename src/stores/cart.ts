/**
 * The visitor's cart in the browser, shared by the cart islands (src/islands/Cart/): the header
 * count, the add-to-cart buttons and the cart page. Every value is the server's answer to a SPEC §7
 * career-services call (`getCart`, `addToCart`, `removeFromCart`, ...): prices, discounts and totals
 * are never worked out here.
 *
 * A change announces itself with the CART_CHANGED window event, so the header count, hydrated by
 * `client:signal="cart"` (src/directives/signal.ts), loads only once the cart changes on the page.
 */
import { atom } from 'nanostores';

export const CART_CHANGED = 'island:cart';

/** An amount as the API sends it: minor units and two display strings. */
export interface CartMoney {
  minor: number;
  currency: string;
  display: string;
  exact: string;
}

export interface CartLineView {
  sku: string;
  kind: string;
  service: string | null;
  title: string;
  plan: string | null;
  durationDays: number | null;
  price: CartMoney;
  extends: { service: string; until: string | Date } | null;
}

/** The `getCart` answer (server/commerce/http-views.ts cartView). */
export interface CartView {
  count: number;
  version?: number;
  items: CartLineView[];
  suggested: CartLineView[];
  promo: { code: string; discount: CartMoney; message: string | null } | null;
  subtotal: CartMoney;
  discount: CartMoney;
  total: CartMoney;
  options: { useEcash?: boolean; paymentMode?: string | null };
}

/** Items in the visitor's cart on this site; null until known. */
export const $cartCount = atom<number | null>(null);
/** The whole cart as the server last answered it; null until an island has it. */
export const $cart = atom<CartView | null>(null);

const safeCount = (count: number) => (Number.isSafeInteger(count) && count >= 0 ? count : 0);

export function setCartCount(count: number): void {
  $cartCount.set(safeCount(count));
  announce();
}

/** The cart after a change the server accepted: count and items together. */
export function setCart(cart: CartView): void {
  $cart.set(cart);
  $cartCount.set(safeCount(cart.count));
  announce();
}

/** What the page was rendered with, when nothing newer is known (no announcement: no change). */
export function seedCart(cart: CartView): void {
  if ($cart.get() === null) $cart.set(cart);
  if ($cartCount.get() === null) $cartCount.set(safeCount(cart.count));
}

function announce(): void {
  if (typeof window === 'undefined') return;
  document.documentElement.setAttribute('data-island-cart', '');
  window.dispatchEvent(new Event(CART_CHANGED));
}
