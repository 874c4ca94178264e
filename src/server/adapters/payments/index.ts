/**
 * Which gateway takes a site's payments, from the environment: Razorpay for the sites in
 * RAZORPAY_SITES when RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are set, Stripe for the sites in
 * STRIPE_SITES when STRIPE_SECRET_KEY is set, else the built-in test gateway (unless
 * PAYMENT_TEST_GATEWAY=false, when the site takes no payments).
 */
import { config } from '~/server/config';
import { razorpayGateway } from './razorpay';
import { stripeGateway } from './stripe';
import { testGateway } from './test-gateway';
import type { GatewayName, PaymentGateway } from './types';

export type { GatewayEvent, GatewayName, PaymentGateway } from './types';

const listed = (list: string, siteKey: string) =>
  list
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .includes(siteKey);

export const GATEWAY_NAMES: readonly GatewayName[] = ['test', 'razorpay', 'stripe'];

let override: ((name: GatewayName) => PaymentGateway | undefined) | undefined;

/** Tests swap gateways; `undefined` restores the configured ones. */
export function setGatewayFactory(factory: typeof override): void {
  override = factory;
}

export function gatewayNameFor(siteKey: string): GatewayName | null {
  if (
    config.RAZORPAY_KEY_ID &&
    config.RAZORPAY_KEY_SECRET &&
    listed(config.RAZORPAY_SITES, siteKey)
  )
    return 'razorpay';
  if (config.STRIPE_SECRET_KEY && listed(config.STRIPE_SITES, siteKey)) return 'stripe';
  return config.PAYMENT_TEST_GATEWAY ? 'test' : null;
}

const cache = new Map<GatewayName, PaymentGateway>();

/** The gateway by name (for callbacks, webhooks and reconciliation), if it is configured. */
export function gatewayByName(name: GatewayName): PaymentGateway | undefined {
  const swapped = override?.(name);
  if (swapped) return swapped;
  const cached = cache.get(name);
  if (cached) return cached;
  let made: PaymentGateway | undefined;
  if (name === 'test' && config.PAYMENT_TEST_GATEWAY) made = testGateway();
  if (name === 'razorpay' && config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET)
    made = razorpayGateway({
      keyId: config.RAZORPAY_KEY_ID,
      keySecret: config.RAZORPAY_KEY_SECRET,
      webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
      apiUrl: config.RAZORPAY_API_URL,
    });
  if (name === 'stripe' && config.STRIPE_SECRET_KEY)
    made = stripeGateway({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      apiUrl: config.STRIPE_API_URL,
    });
  if (made) cache.set(name, made);
  return made;
}

export function gatewayFor(siteKey: string): PaymentGateway | undefined {
  if (override) {
    for (const swapped of GATEWAY_NAMES.map((n) => override?.(n))) if (swapped) return swapped;
  }
  const name = gatewayNameFor(siteKey);
  return name ? gatewayByName(name) : undefined;
}
