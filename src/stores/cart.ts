/**
 * The cart count the header shows. The header cart link (components/commerce/HeaderCart.astro) fills it
 * from getCartCount; anything that changes the cart in the browser sets it again.
 */
import { atom } from 'nanostores';

/** Items in the visitor's cart on this site; null until known. */
export const $cartCount = atom<number | null>(null);

export function setCartCount(count: number): void {
  $cartCount.set(Number.isSafeInteger(count) && count >= 0 ? count : 0);
}
