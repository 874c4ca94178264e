/**
 * Razorpay (India) through its official SDK (`razorpay`): a Payment Link per attempt, so the payer
 * is redirected to Razorpay's hosted page and back, without JavaScript on our pages. The return is
 * checked with the SDK's payment-link signature check, webhooks (payment_link.paid / cancelled /
 * expired) with its webhook signature check; reconciliation fetches the link. A link is closed
 * with Razorpay's cancel call; a refund goes to the link's captured payment, tagged with our
 * refund key (looked up first, so asking twice refunds once). RAZORPAY_API_URL
 * points the SDK elsewhere (tests use a local fake of the API).
 */
import Razorpay from 'razorpay';
import {
  validatePaymentVerification,
  validateWebhookSignature,
} from 'razorpay/dist/utils/razorpay-utils.js';
import type { GatewayEvent, GatewayOutcome, PaymentGateway } from './types';

export interface RazorpayConfig {
  keyId: string;
  keySecret: string;
  webhookSecret: string | undefined;
  apiUrl: string;
}

interface PaymentLink {
  id: string;
  short_url: string;
  status: string;
  amount: number;
  amount_paid?: number;
  payments?: { payment_id: string }[] | null;
  currency?: string;
}

const outcomeOf = (status: string): GatewayOutcome =>
  status === 'paid'
    ? 'paid'
    : status === 'cancelled' || status === 'expired'
      ? 'cancelled'
      : 'pending';

export function razorpayGateway(options: RazorpayConfig): PaymentGateway {
  const client = new Razorpay({ key_id: options.keyId, key_secret: options.keySecret });
  // The SDK has no base-URL option; its axios instance takes one.
  (
    client as unknown as { api: { rq: { defaults: { baseURL: string } } } }
  ).api.rq.defaults.baseURL = options.apiUrl;

  const event = (
    link: PaymentLink,
    eventId: string,
    payload: Record<string, unknown>,
  ): GatewayEvent => ({
    gateway: 'razorpay',
    eventId,
    reference: link.id,
    outcome: outcomeOf(link.status),
    ...(link.status === 'paid' ? { amountMinor: link.amount_paid ?? link.amount } : {}),
    ...(link.status === 'paid' && link.currency ? { currency: link.currency.toUpperCase() } : {}),
    payload,
  });

  return {
    name: 'razorpay',
    async start(input) {
      const link = (await client.paymentLink.create({
        amount: input.amountMinor,
        currency: input.currency,
        reference_id: input.attemptKey,
        description: `${input.orderNumber} ${input.description}`.slice(0, 2048),
        customer: {
          name: input.customer.name,
          ...(input.customer.email ? { email: input.customer.email } : {}),
          ...(input.customer.mobile ? { contact: input.customer.mobile } : {}),
        },
        notify: { sms: false, email: false },
        callback_url: input.returnUrl,
        callback_method: 'get',
        notes: { order: input.orderNumber },
      } as never)) as unknown as PaymentLink;
      return { reference: link.id, redirectUrl: link.short_url };
    },
    async verifyReturn(params) {
      const linkId = params.get('razorpay_payment_link_id');
      const paymentId = params.get('razorpay_payment_id');
      const signature = params.get('razorpay_signature');
      const status = params.get('razorpay_payment_link_status') ?? '';
      if (!linkId || !paymentId || !signature) return null;
      const valid = validatePaymentVerification(
        {
          payment_link_id: linkId,
          payment_id: paymentId,
          payment_link_reference_id: params.get('razorpay_payment_link_reference_id') ?? '',
          payment_link_status: status,
        },
        signature,
        options.keySecret,
      );
      if (!valid) return null;
      // The return says which link; what it collected comes from Razorpay itself.
      const link = (await client.paymentLink.fetch(linkId)) as unknown as PaymentLink;
      return event(link, `return-${paymentId}-${link.status}`, Object.fromEntries(params));
    },
    async verifyWebhook(rawBody, headers) {
      const signature = headers.get('x-razorpay-signature');
      if (!options.webhookSecret || !signature) return null;
      if (!validateWebhookSignature(rawBody, signature, options.webhookSecret)) return null;
      const body = JSON.parse(rawBody) as {
        event: string;
        payload?: {
          payment_link?: { entity: PaymentLink };
          payment?: { entity: { id: string; amount: number } };
        };
      };
      const link = body.payload?.payment_link?.entity;
      if (!link || !body.event.startsWith('payment_link.')) return null;
      const eventId =
        headers.get('x-razorpay-event-id') ??
        `${body.event}-${body.payload?.payment?.entity.id ?? link.id}`;
      return event(link, eventId, body as unknown as Record<string, unknown>);
    },
    async status(reference) {
      const link = (await client.paymentLink.fetch(reference)) as unknown as PaymentLink;
      return event(link, `status-${link.id}-${link.status}`, { status: link.status });
    },
    async close(reference) {
      try {
        await client.paymentLink.cancel(reference);
        return { closed: true };
      } catch (error) {
        // Refused: a link paid (or already closed) cannot be cancelled. Ask what it is now.
        const link = (await client.paymentLink.fetch(reference)) as unknown as PaymentLink;
        const outcome = outcomeOf(link.status);
        if (outcome === 'cancelled') return { closed: true };
        if (outcome === 'paid')
          return {
            closed: false,
            event: event(link, `status-${link.id}-${link.status}`, { status: link.status }),
          };
        throw error;
      }
    },
    async refund(input) {
      const link = (await client.paymentLink.fetch(input.reference)) as unknown as PaymentLink;
      const paymentId = link.payments?.[0]?.payment_id;
      if (!paymentId) throw new Error(`payment link ${link.id} has no captured payment`);
      const earlier = (await client.payments.fetchMultipleRefund(paymentId)) as unknown as {
        items?: { id: string; notes?: Record<string, string> }[];
      };
      const made = earlier.items?.find((r) => r.notes?.refund_key === input.refundKey);
      if (made) return { refundId: made.id };
      const refund = (await client.payments.refund(paymentId, {
        amount: input.amountMinor,
        notes: { refund_key: input.refundKey },
      } as never)) as unknown as { id: string };
      return { refundId: refund.id };
    },
  };
}
