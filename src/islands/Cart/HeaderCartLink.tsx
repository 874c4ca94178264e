/**
 * The header's cart link with the visitor's count. The server renders it with the count it knows
 * (inside the header's server island on shared pages), so it needs no code to be right at load;
 * it hydrates with `client:signal="cart"` once another cart island changes the cart, then follows
 * the shared $cartCount store.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { countText, type PluralTemplates } from '~/lib/i18n/plural';
import { $cartCount } from '~/stores/cart';

export interface HeaderCartLinkProps {
  href: string;
  label: string;
  lang: string;
  /** The word after the count ("items"), by plural category: read, not shown. */
  itemWords: PluralTemplates;
  /** The count the server rendered. */
  count: number;
}

/**
 * The name is the visible text ("Cart 2") and a hidden word after it ("items"), so what is read
 * out begins with what is seen (WCAG 2.5.3), before and after the count changes.
 */
export default function HeaderCartLink({
  href,
  label,
  lang,
  itemWords,
  count,
}: HeaderCartLinkProps) {
  const live = useStore($cartCount);
  // Hydrate with what the server rendered, then show the store (it may already be newer).
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const shown = mounted && live !== null ? live : count;
  return (
    <a className="cart-link" href={href} data-cart-link="" data-count={shown}>
      {label}{' '}
      <span className="cart-badge" hidden={shown === 0}>
        {shown > 0 ? shown : ''}
      </span>
      {shown > 0 && <span className="visually-hidden"> {countText(itemWords, lang, shown)}</span>}
    </a>
  );
}
