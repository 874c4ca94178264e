/** Props of the Cart island: the server's cart and the page's strings in its language. */
import type { DateSite } from '~/lib/format/dates';
import type { Lang } from '~/lib/sites/schema';
import type { CartView } from '~/stores/cart';
import type { CartIslandContext } from './api';

export interface CartStrings {
  /** `%n%` stands for the count. */
  items: string;
  remove: string;
  add: string;
  suggested: string;
  summary: string;
  promoLabel: string;
  applyPromo: string;
  /** `%code%` stands for the code. */
  promoApplied: string;
  removePromo: string;
  /** With the buyer's balance in it already; null without a login or a balance. */
  useEcash: string | null;
  paymentMode: string;
  checkout: string;
  saveOptions: string;
  subtotal: string;
  /** `%code%` stands for the promo code. */
  discount: string;
  total: string;
  empty: string;
  browse: string;
  /** `%service%` and `%date%` stand for the covering service and the day it ends. */
  extends: string;
}

export interface CartProps extends CartIslandContext {
  lang: Lang;
  cart: CartView;
  /** The cart page (every form's action) and the catalogue (the empty cart's link). */
  cartHref: string;
  catalogueHref: string;
  /** What the page's last POST answered (the path without JavaScript). */
  notice: string | null;
  error: { message: string; field: string } | null;
  modes: { value: string; label: string }[];
  /** Service titles by slug, for "extends" lines. */
  serviceTitles: Record<string, string>;
  dateSite: DateSite;
  strings: CartStrings;
}
