/**
 * Payment gateway webhooks: POST /api/trex/career-services/api/v1/webhooks/razorpay | stripe.
 * They come from the gateway's servers, so the CSRF guard lets this path through and the
 * gateway's signature (checked by its SDK) is what admits a request: a bad or missing signature
 * is 400 and changes nothing. A verified event is settled once (see commerce/payments.ts) and
 * answered 200, also when it was a repeat, so the gateway stops retrying.
 */
import { endpoint, HttpError, NOT_FOUND, ok } from '~/server/api/envelope';
import { gatewayByName } from '~/server/adapters/payments';
import { commerceDb } from '~/server/commerce/http';
import { settlePayment } from '~/server/commerce/payments';
import { MAX_WEBHOOK_BYTES } from '~/server/http/body-limits';

export const prerender = false;

export const POST = endpoint(async (context) => {
  const name = context.params.gateway;
  const gateway = name === 'razorpay' || name === 'stripe' ? gatewayByName(name) : undefined;
  if (!gateway) throw new HttpError(404, NOT_FOUND);
  const raw = await context.request.text();
  if (raw.length > MAX_WEBHOOK_BYTES) throw new HttpError(413, 'Payload too large');
  const event = await gateway.verifyWebhook(raw, context.request.headers).catch(() => null);
  if (!event) throw new HttpError(400, 'Signature not valid');
  const result = await settlePayment(await commerceDb(), event);
  return ok({ effect: result.effect });
});
