/**
 * Stripe through its official SDK (`stripe`): a Checkout Session per attempt (Stripe's hosted
 * page, then back to us). The return is never trusted by itself: the session is fetched from
 * Stripe. Webhooks (checkout.session.completed / async_payment_succeeded / async_payment_failed /
 * expired) are checked with the SDK's signature check. A session is closed by expiring it; a
 * refund goes to the session's payment intent with our refund key as Stripe's idempotency key.
 * STRIPE_API_URL points the SDK elsewhere
 * (tests use a local fake of the API).
 */
import Stripe from 'stripe';
import type { GatewayEvent, GatewayOutcome, PaymentGateway } from './types';

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string | undefined;
  apiUrl: string;
}

interface SessionLike {
  id: string;
  url?: string | null;
  status?: string | null;
  payment_status?: string;
  amount_total?: number | null;
  currency?: string | null;
}

function outcomeOf(session: SessionLike): GatewayOutcome {
  if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required')
    return 'paid';
  if (session.status === 'expired') return 'cancelled';
  return 'pending';
}

export function stripeGateway(options: StripeConfig): PaymentGateway {
  const api = new URL(options.apiUrl);
  const client = new Stripe(options.secretKey, {
    host: api.hostname,
    port: api.port || (api.protocol === 'https:' ? 443 : 80),
    protocol: api.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 2,
    telemetry: false,
  });

  const event = (
    session: SessionLike,
    eventId: string,
    outcome = outcomeOf(session),
  ): GatewayEvent => ({
    gateway: 'stripe',
    eventId,
    reference: session.id,
    outcome,
    ...(outcome === 'paid' && typeof session.amount_total === 'number'
      ? { amountMinor: session.amount_total }
      : {}),
    ...(outcome === 'paid' && session.currency ? { currency: session.currency.toUpperCase() } : {}),
    payload: { id: session.id, status: session.status, payment_status: session.payment_status },
  });

  return {
    name: 'stripe',
    async start(input) {
      const returnUrl = new URL(input.returnUrl);
      const session = await client.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency.toLowerCase(),
                unit_amount: input.amountMinor,
                product_data: { name: `${input.orderNumber} ${input.description}`.slice(0, 250) },
              },
            },
          ],
          client_reference_id: input.attemptKey,
          ...(input.customer.email ? { customer_email: input.customer.email } : {}),
          metadata: { order: input.orderNumber },
          // Stripe fills in {CHECKOUT_SESSION_ID}; URL encoding would break the placeholder.
          success_url: `${returnUrl.href}${returnUrl.search ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: input.attemptKey },
      );
      if (!session.url) throw new Error('Stripe gave no checkout URL');
      return { reference: session.id, redirectUrl: session.url };
    },
    async verifyReturn(params) {
      const id = params.get('session_id');
      if (!id || !/^cs_[A-Za-z0-9_]+$/.test(id)) return null;
      const session = await client.checkout.sessions.retrieve(id);
      return event(session, `return-${session.id}-${outcomeOf(session)}`);
    },
    async verifyWebhook(rawBody, headers) {
      const signature = headers.get('stripe-signature');
      if (!options.webhookSecret || !signature) return null;
      let parsed: Stripe.Event;
      try {
        parsed = client.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch {
        return null;
      }
      const session = parsed.data.object as SessionLike;
      switch (parsed.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
          return event(session, parsed.id);
        case 'checkout.session.async_payment_failed':
          return event(session, parsed.id, 'failed');
        case 'checkout.session.expired':
          return event(session, parsed.id, 'cancelled');
        default:
          return null;
      }
    },
    async status(reference) {
      const session = await client.checkout.sessions.retrieve(reference);
      return event(session, `status-${session.id}-${outcomeOf(session)}`);
    },
    async close(reference) {
      try {
        await client.checkout.sessions.expire(reference);
        return { closed: true };
      } catch (error) {
        // Refused: only an open session can be expired. Ask what it is now.
        const session = await client.checkout.sessions.retrieve(reference);
        const outcome = outcomeOf(session);
        if (outcome === 'cancelled') return { closed: true };
        if (outcome === 'paid')
          return { closed: false, event: event(session, `status-${session.id}-paid`) };
        throw error;
      }
    },
    async refund(input) {
      const session = await client.checkout.sessions.retrieve(input.reference);
      const intent =
        typeof session.payment_intent === 'string'
          ? session.payment_intent
          : session.payment_intent?.id;
      if (!intent) throw new Error(`checkout session ${session.id} has no payment`);
      const refund = await client.refunds.create(
        { payment_intent: intent, amount: input.amountMinor, metadata: { key: input.refundKey } },
        { idempotencyKey: input.refundKey },
      );
      return { refundId: refund.id };
    },
  };
}
