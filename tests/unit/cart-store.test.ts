/**
 * The cart store the cart islands share: a change the server accepted sets the items and the
 * count together and announces itself (the header count hydrates on that); what a page was
 * rendered with never overwrites a newer answer and announces nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { $cart, $cartCount, CART_CHANGED, seedCart, setCart, type CartView } from '~/stores/cart';

const money = (minor: number) => ({ minor, currency: 'INR', display: '', exact: `₹${minor}` });
const cartOf = (count: number): CartView => ({
  count,
  items: [],
  suggested: [],
  promo: null,
  subtotal: money(count * 100),
  discount: money(0),
  total: money(count * 100),
  options: { useEcash: false },
});

let heard = 0;
let marked = false;
beforeEach(() => {
  heard = 0;
  marked = false;
  const target = new EventTarget();
  target.addEventListener(CART_CHANGED, () => heard++);
  Object.assign(globalThis, {
    window: target,
    document: { documentElement: { setAttribute: () => (marked = true) } },
  });
  $cart.set(null);
  $cartCount.set(null);
});
afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
  delete (globalThis as { document?: unknown }).document;
});

describe('cart store', () => {
  it('setCart sets the items and the count and announces the change', () => {
    setCart(cartOf(2));
    expect($cart.get()?.total.exact).toBe('₹200');
    expect($cartCount.get()).toBe(2);
    expect(heard).toBe(1);
    expect(marked).toBe(true);
  });

  it('seedCart fills an empty store quietly and never overwrites a newer cart', () => {
    seedCart(cartOf(1));
    expect($cartCount.get()).toBe(1);
    expect(heard).toBe(0);
    setCart(cartOf(3));
    seedCart(cartOf(1));
    expect($cartCount.get()).toBe(3);
    expect($cart.get()?.count).toBe(3);
  });

  it('a count that is not a whole number of items shows as 0', () => {
    setCart({ ...cartOf(1), count: -4 });
    expect($cartCount.get()).toBe(0);
  });
});
