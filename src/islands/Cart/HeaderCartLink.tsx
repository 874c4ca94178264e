/**
 * The header's cart link with the visitor's count. The server renders it with the count it knows
 * (inside the header's server island on shared pages), so it needs no code to be right at load;
 * it hydrates with `client:signal="cart"` once another cart island changes the cart, then follows
 * the shared $cartCount store.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $cartCount } from '~/stores/cart';

export interface HeaderCartLinkProps {
  href: string;
  label: string;
  /** The label with the count, `%n%` standing for it. */
  labelWithCount: string;
  /** The count the server rendered. */
  count: number;
}

export default function HeaderCartLink({
  href,
  label,
  labelWithCount,
  count,
}: HeaderCartLinkProps) {
  const live = useStore($cartCount);
  // Hydrate with what the server rendered, then show the store (it may already be newer).
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const shown = mounted && live !== null ? live : count;
  return (
    <a
      className="cart-link"
      href={href}
      aria-label={shown > 0 ? labelWithCount.replace('%n%', String(shown)) : label}
      data-cart-link=""
      data-count={shown}
    >
      {label}
      <span className="cart-badge" aria-hidden="true" hidden={shown === 0}>
        {shown > 0 ? shown : ''}
      </span>
    </a>
  );
}
