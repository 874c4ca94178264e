/**
 * The cart page as an island (server-rendered by Astro; `client:interaction`). Every form in it is
 * a real POST to the cart page, the path without JavaScript. Hydrated, a submit makes the SPEC §7
 * call instead (removeFromCart, addToCart, applyPromoCode, removePromoCode, saveCartOptions) and the
 * cart shows the server's answer from the shared $cart store, so totals are always the server's and
 * the header count moves with it. Checkout stays a form post: it leaves the page for payment.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { $cart, seedCart } from '~/stores/cart';
import { changeCart, type CartCall } from './api';
import { CartLines, Totals } from './CartParts';
import type { CartProps } from './types';

type Said = { notice: string | null; error: { message: string; field: string } | null };
/** Where focus goes once the cart shows a call's answer (the button pressed may be gone). */
type FocusAfter = (root: HTMLElement, ok: boolean) => HTMLElement | null;

const TOTALS = '[data-cart-totals]';
const lineOf = (root: HTMLElement, sku: string | null | undefined) =>
  sku ? root.querySelector<HTMLElement>(`li[data-sku="${CSS.escape(sku)}"]`) : null;
/** The totals after a change of price; the field again when a code was refused. */
const toTotals: FocusAfter = (root, ok) =>
  root.querySelector<HTMLElement>(ok ? TOTALS : '#promoCode');
/** The next line after a removal (the one before for the last), else the empty cart. */
const nextLine = (form: HTMLFormElement): FocusAfter => {
  // Read now: once removed, the line has no neighbours to ask.
  const li = form.closest('li');
  const after = (li?.nextElementSibling ?? li?.previousElementSibling) as HTMLElement | null;
  const skus = [after?.dataset.sku, li?.dataset.sku];
  return (root) =>
    lineOf(root, skus[0]) ??
    lineOf(root, skus[1]) ??
    root.querySelector<HTMLElement>('[data-cart-empty]');
};

export default function Cart(props: CartProps) {
  const { strings: s, cartHref, catalogueHref, modes } = props;
  const live = useStore($cart);
  const cart = live ?? props.cart;
  const [said, setSaid] = useState<Said>({ notice: props.notice, error: props.error });
  const [busy, setBusy] = useState(false);
  useEffect(() => seedCart(props.cart), [props.cart]);
  const rootRef = useRef<HTMLDivElement>(null);
  const focusAfter = useRef<{ pick: FocusAfter; ok: boolean } | null>(null);
  const [answered, setAnswered] = useState(0);
  // After the answer is on screen: focus where the change shows, never lost to the page body.
  useEffect(() => {
    const pending = focusAfter.current;
    focusAfter.current = null;
    if (pending && rootRef.current) pending.pick(rootRef.current, pending.ok)?.focus();
  }, [answered]);

  /** Runs a form's call instead of its POST; `read` turns the form into the call's body. */
  const send =
    (
      name: CartCall,
      read: (data: FormData, form: HTMLFormElement) => Record<string, unknown>,
      focus: (form: HTMLFormElement) => FocusAfter = () => toTotals,
    ) =>
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (busy) return;
      setBusy(true);
      const form = event.currentTarget;
      const pick = focus(form);
      const result = await changeCart(props, name, read(new FormData(form), form));
      setBusy(false);
      focusAfter.current = { pick, ok: result.ok };
      setAnswered((n) => n + 1);
      setSaid(
        result.ok
          ? { notice: result.notice, error: null }
          : { notice: null, error: { message: result.message, field: result.field } },
      );
    };
  const bySku = (data: FormData) => ({ sku: data.get('sku') });
  /** The line just added. */
  const addedLine =
    (form: HTMLFormElement): FocusAfter =>
    (root) =>
      lineOf(root, new FormData(form).get('sku') as string | null) ?? toTotals(root, true);
  const theNotice: FocusAfter = (root) => root.querySelector<HTMLElement>('.cs-notice, .cs-error');

  const onOptions = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === 'checkout') return; // a real post: the order and its payment page
    void send(
      'saveCartOptions',
      (data) => ({
        useEcash: data.get('useEcash') === 'on',
        paymentMode: data.get('paymentMode') ?? undefined,
      }),
      () => theNotice,
    )(event);
  };

  const promoError = said.error?.field === 'promoCode' ? said.error : null;
  return (
    <div data-cart-island="" aria-busy={busy || undefined} ref={rootRef}>
      {said.notice && (
        <p className="cs-notice" role="status" tabIndex={-1}>
          {said.notice}
        </p>
      )}
      {said.error && !promoError && (
        <p className="cs-error" role="alert" tabIndex={-1}>
          {said.error.message}
        </p>
      )}
      {cart.count === 0 ? (
        <div className="cs-panel" data-cart-empty="" tabIndex={-1}>
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
            onRemove={send('removeFromCart', bySku, nextLine)}
            onAdd={send('addToCart', bySku, addedLine)}
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
