/** The cart island's lists (items, suggestions) and totals: rendering only, amounts as sent. */
import type { FormEvent } from 'react';
import { formatDate } from '~/lib/format/dates';
import type { CartLineView, CartView } from '~/stores/cart';
import type { CartProps, CartStrings } from './types';

type Submit = (event: FormEvent<HTMLFormElement>) => void;

const lineLabel = (l: CartLineView) => (l.plan ? `${l.title} (${l.plan})` : l.title);

/** One line's form: a POST to the cart page, or the island's call when hydrated. */
function LineForm(props: {
  cartHref: string;
  action: 'add' | 'remove';
  sku: string;
  onSubmit: Submit;
  buttonClass: string;
  children: React.ReactNode;
}) {
  return (
    <form method="post" action={props.cartHref} onSubmit={props.onSubmit}>
      <input type="hidden" name="action" value={props.action} />
      <input type="hidden" name="sku" value={props.sku} />
      <button className={props.buttonClass} type="submit">
        {props.children}
      </button>
    </form>
  );
}

export function CartLines(props: CartProps & { cart: CartView; onRemove: Submit; onAdd: Submit }) {
  const { cart, strings: s, cartHref, lang, dateSite, serviceTitles } = props;
  return (
    <section className="cs-panel" aria-labelledby="cart-items">
      <h2 id="cart-items">{s.items.replace('%n%', String(cart.count))}</h2>
      <ul className="cs-lines">
        {cart.items.map((l) => (
          // Focusable by script: focus moves to the next line when one is removed.
          <li key={l.sku} data-sku={l.sku} tabIndex={-1}>
            <span className="cs-line-title">
              {l.title}
              {l.plan && <small>{l.plan}</small>}
              {l.extends && (
                <small className="cs-extends" data-extends={l.extends.service}>
                  {s.extends
                    .replace('%service%', serviceTitles[l.extends.service] ?? l.extends.service)
                    .replace('%date%', formatDate(l.extends.until, lang, dateSite))}
                </small>
              )}
            </span>
            <span className="cs-amount">{l.price.exact}</span>
            <LineForm
              cartHref={cartHref}
              action="remove"
              sku={l.sku}
              onSubmit={props.onRemove}
              buttonClass="cs-link-button"
            >
              {s.remove}
              <span className="visually-hidden">{lineLabel(l)}</span>
            </LineForm>
          </li>
        ))}
      </ul>
      {cart.suggested.length > 0 && (
        <>
          <h2>{s.suggested}</h2>
          <ul className="cs-lines">
            {cart.suggested.map((l) => (
              <li key={l.sku}>
                <span className="cs-line-title">{l.title}</span>
                <span className="cs-amount">{l.price.exact}</span>
                <LineForm
                  cartHref={cartHref}
                  action="add"
                  sku={l.sku}
                  onSubmit={props.onAdd}
                  buttonClass="button button-ghost"
                >
                  {s.add}
                </LineForm>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export function Totals({ cart, strings: s }: { cart: CartView; strings: CartStrings }) {
  return (
    // Focusable by script: focus moves to the new totals after a code is applied or removed.
    <dl className="cs-totals" data-cart-totals="" tabIndex={-1}>
      <dt>{s.subtotal}</dt>
      <dd>{cart.subtotal.exact}</dd>
      {cart.discount.minor > 0 && (
        <>
          <dt>{s.discount.replace('%code%', cart.promo?.code ?? '')}</dt>
          <dd>
            <span dir="ltr">−{cart.discount.exact}</span>
          </dd>
        </>
      )}
      <dt className="cs-grand">{s.total}</dt>
      <dd className="cs-grand" data-cart-total="">
        {cart.total.exact}
      </dd>
    </dl>
  );
}
