/**
 * The header's cart link with its live count: the link works without JavaScript; once hydrated,
 * the count comes from getCartCount into the $cartCount store and shows as a badge.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { createApiClient } from '~/lib/api-client';
import { $cartCount, setCartCount } from '~/stores/cart';

export interface CartCountProps {
  href: string;
  label: string;
  /** The accessible name with the count, '%n%' replaced by it. */
  labelWithCount: string;
  site: { context: string; countryAbv: string };
  lang: string;
}

export default function CartCount({ href, label, labelWithCount, site, lang }: CartCountProps) {
  const count = useStore($cartCount);
  const api = useMemo(() => createApiClient({ site, lang }), [site, lang]);
  useEffect(() => {
    let live = true;
    void api.call<{ count: number }>('getCartCount').then((result) => {
      if (live && result.ok) setCartCount(result.data.count);
    });
    return () => {
      live = false;
    };
  }, [api]);
  const shown = count !== null && count > 0;
  return (
    <a
      className="cart-link"
      href={href}
      aria-label={shown ? labelWithCount.replace('%n%', String(count)) : label}
      data-count={count ?? undefined}
    >
      {label}
      {shown && (
        <span className="cart-badge" aria-hidden="true">
          {count}
        </span>
      )}
    </a>
  );
}
