/**
 * An add-to-cart form (a service page's plans and add-ons, or one button on a catalogue card).
 * Server-rendered as a real form posting to the cart page, which is the path without JavaScript.
 * Hydrated once the page is idle or on first use (`client:interaction`), it sends the form's SKUs with the SPEC §7
 * addToCart call instead: the header count and any cart island follow the shared store, and the
 * server's notice shows here without leaving the page. The form's fields come from the page
 * (children, never re-rendered), so what was ticked before hydration is what gets added.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { changeCart, formSkus, type CartIslandContext } from './api';

export interface AddToCartProps extends CartIslandContext {
  /** The cart page: the form's action and the notice's link. */
  cartHref: string;
  button: string;
  /** Hidden words after the button text (which service a catalogue card's button adds). */
  buttonHint?: string;
  buttonClass: string;
  formClass?: string;
  /** The cart link's text in the notice. */
  viewCart: string;
  children?: ReactNode;
}

type Said = { ok: boolean; text: string } | null;

export default function AddToCart(props: AddToCartProps) {
  const { cartHref, button, buttonHint, buttonClass, formClass, viewCart, children } = props;
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<Said>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const result = await changeCart(props, 'addToCart', { skus: formSkus(event.currentTarget) });
    setBusy(false);
    setSaid(result.ok ? { ok: true, text: result.notice } : { ok: false, text: result.message });
  }

  return (
    <form
      className={formClass}
      method="post"
      action={cartHref}
      onSubmit={(e) => void submit(e)}
      data-add-to-cart=""
    >
      <input type="hidden" name="action" value="add" />
      {children}
      <button className={buttonClass} type="submit" aria-disabled={busy || undefined}>
        {button}
        {buttonHint && <span className="visually-hidden"> {buttonHint}</span>}
      </button>
      <p className={said?.ok === false ? 'cs-field-error' : 'cs-added'} role="status">
        {said?.text}
        {said?.ok && (
          <>
            {' '}
            <a href={cartHref}>{viewCart}</a>
          </>
        )}
      </p>
    </form>
  );
}
