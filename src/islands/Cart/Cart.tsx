/**
 * The cart page as an island (server-rendered by Astro; `client:interaction`). Every form in it is
 * a real POST to the cart page, the path without JavaScript. Hydrated, a submit makes the SPEC §7
 * call instead (removeFromCart, addToCart, applyPromoCode, removePromoCode, saveCartOptions) and the
 * cart shows the server's answer from the shared $cart store, so totals are always the server's and
 * the header count moves with it. Checkout stays a form post: it leaves the page for payment.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { $cart, seedCart } from '~/stores/cart';
import { changeCart, type CartCall } from './api';
import { CartLines, Totals } from './CartParts';
import type { CartProps } from './types';

type Said = { notice: string | null; error: { message: string; field: string } | null };

export default function Cart(props: CartProps) {
  const { strings: s, cartHref, catalogueHref, modes } = props;
  const live = useStore($cart);
  const cart = live ?? props.cart;
  const [said, setSaid] = useState<Said>({ notice: props.notice, error: props.error });
  const [busy, setBusy] = useState(false);
  useEffect(() => seedCart(props.cart), [props.cart]);

  /** Runs a form's call instead of its POST; `read` turns the form into the call's body. */
  const send =
    (name: CartCall, read: (data: FormData, form: HTMLFormElement) => Record<string, unknown>) =>
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (busy) return;
      setBusy(true);
      const form = event.currentTarget;
      const result = await changeCart(props, name, read(new FormData(form), form));
      setBusy(false);
      setSaid(
        result.ok
          ? { notice: result.notice, error: null }
          : { notice: null, error: { message: result.message, field: result.field } },
      );
    };
  const bySku = (data: FormData) => ({ sku: data.get('sku') });

  const onOptions = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === 'checkout') return; // a real post: the order and its payment page
    void send('saveCartOptions', (data) => ({
      useEcash: data.get('useEcash') === 'on',
      paymentMode: data.get('paymentMode') ?? undefined,
    }))(event);
  };

  const promoError = said.error?.field === 'promoCode' ? said.error : null;
  return (
    <div data-cart-island="" aria-busy={busy || undefined}>
      {said.notice && (
        <p className="cs-notice" role="status">
          {said.notice}
        </p>
      )}
      {said.error && !promoError && (
        <p className="cs-error" role="alert">
          {said.error.message}
        </p>
      )}
      {cart.count === 0 ? (
        <div className="cs-panel">
          <p>{s.empty}</p>
          <a className="button" href={catalogueHref}>
            {s.browse}
          </a>
        </div>
      ) : (
        <div className="cs-layout">
          <CartLines
            {...props}
            cart={cart}
            onRemove={send('removeFromCart', bySku)}
            onAdd={send('addToCart', bySku)}
          />
          <aside className="cs-panel" aria-labelledby="cart-summary">
            <h2 id="cart-summary">{s.summary}</h2>
            {cart.promo ? (
              <form
                className="cs-inline-form"
                method="post"
                action={cartHref}
                onSubmit={(e) => void send('removePromoCode', () => ({}))(e)}
              >
                <input type="hidden" name="action" value="removePromo" />
                <span>{s.promoApplied.replace('%code%', cart.promo.code)}</span>
                <button className="cs-link-button" type="submit">
                  {s.removePromo}
                </button>
              </form>
            ) : (
              <form
                className="cs-inline-form"
                method="post"
                action={cartHref}
                onSubmit={(e) =>
                  void send('applyPromoCode', (data) => ({
                    promoCode: String(data.get('promoCode') ?? ''),
                  }))(e)
                }
              >
                <input type="hidden" name="action" value="applyPromo" />
                <label className="visually-hidden" htmlFor="promoCode">
                  {s.promoLabel}
                </label>
                <input
                  id="promoCode"
                  name="promoCode"
                  type="text"
                  autoComplete="off"
                  placeholder={s.promoLabel}
                  aria-invalid={promoError ? 'true' : undefined}
                  aria-describedby={promoError ? 'promo-error' : undefined}
                />
                <button className="button button-ghost" type="submit">
                  {s.applyPromo}
                </button>
              </form>
            )}
            {promoError && (
              <p id="promo-error" className="cs-field-error" role="alert">
                {promoError.message}
              </p>
            )}
            {cart.promo?.message && <p className="cs-field-error">{cart.promo.message}</p>}
            <Totals cart={cart} strings={s} />
            <form method="post" action={cartHref} onSubmit={onOptions}>
              {s.useEcash && (
                <p>
                  <label>
                    <input type="checkbox" name="useEcash" defaultChecked={cart.options.useEcash} />
                    {s.useEcash}
                  </label>
                </p>
              )}
              <p>
                <label htmlFor="paymentMode">{s.paymentMode}</label>
                <select
                  id="paymentMode"
                  name="paymentMode"
                  defaultValue={cart.options.paymentMode ?? undefined}
                >
                  {modes.map((m) => (
                    <option key={m.value} value={m.value}>
                      {m.label}
                    </option>
                  ))}
                </select>
              </p>
              <div className="cs-actions">
                <button className="button cs-wide" type="submit" name="action" value="checkout">
                  {s.checkout}
                </button>
                <button className="cs-link-button" type="submit" name="action" value="options">
                  {s.saveOptions}
                </button>
              </div>
            </form>
          </aside>
        </div>
      )}
    </div>
  );
}
