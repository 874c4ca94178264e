/** The cart island's lists (items, suggestions) and totals: rendering only, amounts as sent. */
import type { FormEvent } from 'react';
import { formatDate } from '~/lib/format/dates';
import type { CartLineView, CartView } from '~/stores/cart';
import type { CartProps, CartStrings } from './types';

type Submit = (event: FormEvent<HTMLFormElement>) => void;

const lineLabel = (l: CartLineView) => (l.plan ? `${l.title} (${l.plan})` : l.title);

/** The look of a line's button: a quiet link to remove a cart line, a button to add a suggestion. */
const LINE_BUTTON_CLASS = { remove: 'cs-link-button', add: 'button button-ghost' } as const;

/**
 * How both lists end a line: its amount, then its one action as a form (a POST to the cart page,
 * or the island's call when hydrated).
 */
function LineAction(props: {
  line: CartLineView;
  action: 'add' | 'remove';
  cartHref: string;
  onSubmit: Submit;
  children: React.ReactNode;
}) {
  return (
    <>
      <span className="cs-amount">{props.line.price.exact}</span>
      <form method="post" action={props.cartHref} onSubmit={props.onSubmit}>
        <input type="hidden" name="action" value={props.action} />
        <input type="hidden" name="sku" value={props.line.sku} />
        <button className={LINE_BUTTON_CLASS[props.action]} type="submit">
          {props.children}
        </button>
      </form>
    </>
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
            <LineAction line={l} action="remove" cartHref={cartHref} onSubmit={props.onRemove}>
              {s.remove}
              <span className="visually-hidden">{lineLabel(l)}</span>
            </LineAction>
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
                <LineAction line={l} action="add" cartHref={cartHref} onSubmit={props.onAdd}>
                  {s.add}
                </LineAction>
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
