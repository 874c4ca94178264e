/**
 * A payment gateway as the shop uses it. The shop hands over an amount and gets back where to
 * send the payer; the gateway's answer comes back as a GatewayEvent, from the payer's return
 * (a signed callback), a webhook (signature checked) or a status query (reconciliation). Events
 * name the gateway's own event id, so the shop can refuse a second delivery of the same one.
 */
export type GatewayName = 'test' | 'razorpay' | 'stripe';
export type GatewayOutcome = 'paid' | 'failed' | 'cancelled' | 'pending';

export interface StartPayment {
  /** Unique per attempt: the gateway's idempotency key / reference. */
  attemptKey: string;
  orderNumber: string;
  amountMinor: number;
  currency: string;
  description: string;
  customer: { name: string; email: string | null; mobile: string | null };
  /** Where the payer comes back to (the gateway adds its own parameters). */
  returnUrl: string;
  cancelUrl: string;
}

export interface StartedPayment {
  /** The gateway's reference of this payment (test payment, payment link, checkout session). */
  reference: string;
  redirectUrl: string;
}

export interface GatewayEvent {
  gateway: GatewayName;
  /** The gateway's id of this event (unique per gateway). */
  eventId: string;
  reference: string;
  outcome: GatewayOutcome;
  /** What the gateway says it collected, when it says so (checked against the attempt). */
  amountMinor?: number;
  /** The currency it collected in (ISO 4217, upper case), when it says so (checked too). */
  currency?: string;
  payload: Record<string, unknown>;
}

export interface PaymentGateway {
  readonly name: GatewayName;
  start(input: StartPayment): Promise<StartedPayment>;
  /** The payer's return: the event if its signature holds, else null. */
  verifyReturn(params: URLSearchParams): Promise<GatewayEvent | null>;
  /** A webhook: the event if its signature holds, else null (unknown kinds: null too). */
  verifyWebhook(rawBody: string, headers: Headers): Promise<GatewayEvent | null>;
  /** What the gateway says about a payment now (reconciliation). */
  status(reference: string): Promise<GatewayEvent>;
  /**
   * Closes a payment page so it can no longer be paid (cancels the Razorpay payment link, expires
   * the Stripe Checkout session). `closed` once the gateway confirms it; otherwise what the
   * gateway says the payment is now (e.g. paid: it was paid first).
   */
  close(reference: string): Promise<{ closed: true } | { closed: false; event: GatewayEvent }>;
  /**
   * Gives a captured payment back, whole. `refundKey` is ours and unique per refund: asking again
   * with the same key answers the refund already made instead of a second one.
   */
  refund(input: RefundPayment): Promise<{ refundId: string }>;
}

export interface RefundPayment {
  reference: string;
  amountMinor: number;
  currency: string;
  refundKey: string;
}
