/**
 * /career-services/payment/<gateway>: where a gateway sends the payer back. The callback counts
 * only when its signature holds (or, for Stripe, when Stripe confirms the session); it is then
 * settled like a webhook (once, whatever arrives first). Paid: the order's page; a capture given
 * back (the order was already paid): the order's page saying so; failed or
 * cancelled: the cart, intact, to try again; a forged or unknown callback: 400, nothing changed.
 */
import type { APIRoute } from 'astro';
import { localizedPath } from '~/lib/sites/links';
import { GATEWAY_NAMES, gatewayByName, type GatewayName } from '~/server/adapters/payments';
import { commerceDb } from '~/server/commerce/http';
import { settlePayment } from '~/server/commerce/payments';

export const prerender = false;

export const GET: APIRoute = async (context) => {
  const { lang, t } = context.locals;
  const name = (context.params.gateway ??
    new URL(context.request.url).pathname.split('/').pop()) as GatewayName;
  const gateway = GATEWAY_NAMES.includes(name) ? gatewayByName(name) : undefined;
  let event = null;
  try {
    // The query of the request as sent (a language prefix's rewrite may not carry it along).
    const params = new URL(context.request.url).searchParams;
    event = gateway
      ? await gateway.verifyReturn(params.size ? params : context.url.searchParams)
      : null;
  } catch (error) {
    console.error(`[payments] ${name} return could not be checked:`, error);
  }
  if (!event) {
    return new Response(t('commerce:errors.badSignature'), {
      status: 400,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
  const result = await settlePayment(await commerceDb(), event);
  const cart = localizedPath(lang, '/career-services/cart');
  if (!result.orderId) return context.redirect(`${cart}?payment=failed`, 303);
  if (result.refunded)
    return context.redirect(
      `${localizedPath(lang, `/seeker/career-services/${result.orderId}`)}?payment=refunded`,
      303,
    );
  if (event.outcome === 'paid' && result.effect !== 'amount-mismatch')
    return context.redirect(
      `${localizedPath(lang, `/seeker/career-services/${result.orderId}`)}?payment=paid`,
      303,
    );
  if (event.outcome === 'pending')
    return context.redirect(localizedPath(lang, `/seeker/career-services/${result.orderId}`), 303);
  return context.redirect(
    `${cart}?payment=${event.outcome === 'cancelled' ? 'cancelled' : 'failed'}`,
    303,
  );
};
